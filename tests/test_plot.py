"""Charts, per-turn statistics and the round-robin experiment, on small real runs.

The figures are checked for what a reader relies on: the title names the
configuration and the number of games, the files exist in every format asked,
ties are drawn apart from wins, and the per-turn curves start where the rules
say (3 VP after turn 1: three Estates).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from sim.analysis import plot
from sim.analysis.turnstats import per_turn_stats
from sim.runner import Tournament
from tests.conftest import experiment

BOTS = ["big-money", "smithy-bm", "militia-bm"]
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def rr2():
    res = Tournament(BOTS, games=300, seed=3, processes=1).play(progress=False)
    return res.games, res.metadata()


@pytest.fixture(scope="module")
def rr3():
    res = Tournament(BOTS + ["bmu"], players=3, games=150, seed=4, processes=1).play(
        progress=False)
    return res.games, res.metadata()


def _title(fig) -> str:
    return fig._suptitle.get_text()


@pytest.mark.parametrize("chart", ["win_rates", "pairwise_heatmap", "game_length",
                                   "seat_win_rates", "end_reasons"])
def test_titles_name_configuration_and_games(rr2, chart):
    df, meta = rr2
    fig = getattr(plot, chart)(df, meta)
    title = _title(fig)
    assert f"{len(df):,} games" in title
    assert "2 players" in title and "First Game" in title and "seats rotate" in title
    fig.canvas.draw()  # renders without error (Agg)


def test_three_player_charts(rr3):
    df, meta = rr3
    assert len(df) == 4 * 150  # four 3-bot tables of 4 bots, 150 = 50 rotations of 3
    fig = plot.pairwise_heatmap(df, meta)
    assert "3-player table" in _title(fig) and "600 games" in _title(fig)
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert "big-money / smithy-bm / militia-bm" in labels
    seat = plot.seat_win_rates(df, meta)
    legend = [t.get_text() for t in seat.axes[0].get_legend().get_texts()]
    assert legend == ["1st to move", "2nd to move", "3rd to move"]


def test_win_rates_show_ties_apart(rr2):
    df, meta = rr2
    df = df.copy()
    tied = df.index[:30]
    df.loc[tied, "winners"] = 3
    df.loc[tied, "n_winners"] = 2
    df.loc[tied, "shared"] = True
    fig = plot.win_rates(df, meta)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert any("shared" in t for t in texts), texts
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert any(t.startswith("shared wins") for t in legend)
    ends = plot.end_reasons(df, meta)
    legend = [t.get_text() for t in ends.axes[1].get_legend().get_texts()]
    share = 100 * int(df["shared"].sum()) / len(df)   # the 30 set here and any real ones
    assert f"shared win ({share:.1f}% of all)" in legend


def test_plot_all_writes_every_format(rr2, tmp_path):
    df, meta = rr2
    stats = per_turn_stats(BOTS, games=300, seed=1)
    paths = plot.plot_all(df, meta, tmp_path, ("png", "svg"), stats)
    stems = {p.stem for p in paths}
    assert stems == {"win_rates", "pairwise", "game_length", "seat_win_rates",
                     "end_reasons", "per_turn"}
    assert len(paths) == 12
    for p in paths:
        assert p.is_file() and p.stat().st_size > 1000, p
        head = p.read_bytes()[:8]
        assert head == b"\x89PNG\r\n\x1a\n" if p.suffix == ".png" else b"<?xml" in head


def test_per_turn_stats_are_sane():
    stats = per_turn_stats(BOTS, games=600, seed=2)
    assert stats.attrs["games"] == 600 and stats.attrs["players"] == 2
    for bot in BOTS:
        s = stats[stats["bot"] == bot].set_index("turn")
        assert s.loc[1, "score"] == 3.0          # three Estates, nothing bought yet
        assert s.loc[1, "n"] == 400              # 2 of its 3 tables x 200 games, one seat each
        assert 3.0 <= s.loc[1, "coins"] <= 4.0   # 5/2 or 4/3 Copper opening hands average 3.5
        assert s.loc[[1, 2], "coins"].sum() == pytest.approx(7.0)  # 7 Coppers in 10 cards
        assert s.loc[5:8, "coins"].mean() > s.loc[1:2, "coins"].mean() + 1
        assert (np.diff(s["n"].to_numpy()) <= 0).all()               # games only drop out
        assert s.loc[12, "score"] > s.loc[1, "score"]
    fig = plot.per_turn(stats)
    assert "600 games" in _title(fig)
    assert [t.get_text() for t in fig.axes[1].get_legend().get_texts()] == BOTS


def test_cli_reads_a_results_file(rr2, tmp_path, capsys):
    from sim.analysis.io import save_frame

    df, meta = rr2
    path = tmp_path / "rr.parquet"
    save_frame(df, meta, path)
    assert plot.main([str(path), "--format", "png", "--per-turn", "0"]) == 0
    out = tmp_path / "rr-charts"
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["win_rates.png", "pairwise.png", "game_length.png", "seat_win_rates.png",
         "end_reasons.png"])
    assert plot.main([str(tmp_path / "missing.parquet")]) == 2
    assert "no such results file" in capsys.readouterr().err


def test_round_robin_experiment(tmp_path, monkeypatch):
    round_robin = experiment("round_robin")
    assert round_robin.main(["--players", "2", "--games-per-pairing", "100", "--processes",
                             "1", "--per-turn-games", "200", "--out", str(tmp_path),
                             "--format", "png", "--no-progress"]) == 0
    out = tmp_path / "round_robin_2p"
    for name in ("games.parquet", "summary.csv", "tables.csv", "matrix.csv", "per_turn.csv",
                 "command.txt", "win_rates.png", "pairwise.png", "per_turn.png"):
        assert (out / name).stat().st_size > 0, name
    from sim.analysis.io import load_frame

    df, meta = load_frame(out / "games.parquet")
    assert len(df) == 10 * 100 and meta["complete"]
    assert "--games-per-pairing 100" in (out / "command.txt").read_text()


def test_chart_numbers_match_the_summaries(rr2, rr3):
    """The charts tally outcomes with numpy; they must agree with sim.analysis.results."""
    from sim.analysis.results import pair_matrix, summarize, table_summary
    from sim.runner.plan import RunConfig

    df, meta = rr2
    summary = summarize(df)
    # Each label is the win rate, then "(x% shared)" where some wins were shared.
    texts = [t.get_text().split()[0] for t in plot.win_rates(df, meta).axes[0].texts]
    assert sorted(texts) == sorted(f"{100 * r:.1f}%" for r in summary["win_rate"])
    m = pair_matrix(df)
    ax = plot.pairwise_heatmap(df, meta).axes[0]
    cells = {(int(round(t.get_position()[1])), int(round(t.get_position()[0]))): t.get_text()
             for t in ax.texts}
    rows = [t.get_text() for t in ax.get_yticklabels()]
    cols = [t.get_text() for t in ax.get_xticklabels()]
    for (i, j), text in cells.items():
        v = m.loc[rows[i], cols[j]]
        assert text == ("—" if v != v else f"{100 * v:.1f}%")
    df3, meta3 = rr3
    ts = table_summary(df3, RunConfig.from_dict(meta3["config"]))
    ax = plot.pairwise_heatmap(df3, meta3).axes[0]
    shown = sorted(t.get_text() for t in ax.texts if t.get_text() != "—")
    assert shown == sorted(f"{100 * v:.1f}%" for v in ts["win_rate"])
    seat = plot.seat_win_rates(df, meta)
    bars = [p.get_height() for p in seat.axes[0].patches]
    first = summary[["win_rate_seat0"]].reindex([str(c) for c in df["bot_0"].cat.categories])
    assert np.allclose(bars[:len(first)], first["win_rate_seat0"].to_numpy())


# -- colours, heatmap scale, the plot command line -----------------------------------

def test_bot_colors_follow_the_name_not_the_order():
    a = plot.bot_colors(["smithy-bm", "my-bot", "bmu", "other-bot"])
    b = plot.bot_colors(["other-bot", "bmu", "my-bot", "smithy-bm"])
    assert a == b
    assert a["bmu"] == plot.PINNED_COLORS["bmu"] and a["smithy-bm"] == plot.PINNED_COLORS[
        "smithy-bm"]
    # A bot alone, or among others that do not collide with it, has its name's colour.
    alone = plot.bot_colors(["my-bot"])["my-bot"]
    assert alone == plot.PALETTE[plot._name_slot("my-bot")] == a["my-bot"]
    assert not set(plot.PALETTE) & set(plot.PINNED_COLORS.values())


def test_bot_colors_stay_distinct_in_one_chart():
    names = [f"bot-{i}" for i in range(len(plot.PALETTE))] + list(plot.PINNED_COLORS)
    colors = plot.bot_colors(names)
    assert len(set(colors.values())) == len(names)
    # Two names that hash to the same colour: both keep a colour of their own, and
    # which one moves does not depend on the order they come in.
    slots: dict[int, str] = {}
    pair = None
    for i in range(1000):
        n = f"x{i}"
        s = plot._name_slot(n)
        if s in slots:
            pair = (slots[s], n)
            break
        slots[s] = n
    assert pair is not None
    c1, c2 = plot.bot_colors(list(pair)), plot.bot_colors(list(reversed(pair)))
    assert c1 == c2 and c1[pair[0]] != c1[pair[1]]


def test_bot_colors_are_the_same_in_another_process():
    """md5, not Python's salted hash: a new interpreter gives the same colour."""
    import json
    import os
    import subprocess

    code = ("import json, sim.analysis.plot as p; "
            "print(json.dumps(p.bot_colors(['my-bot', 'zz-top'])))")
    seen = []
    for seed in ("1", "2"):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=ROOT, timeout=120,
                           env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)})
        assert r.returncode == 0, r.stderr
        seen.append(json.loads(r.stdout))
    assert seen[0] == seen[1] == plot.bot_colors(["my-bot", "zz-top"])


def test_a_bot_has_one_colour_in_every_chart_and_run():
    import matplotlib.colors as mc

    def line_colors(bots):
        fig = plot.per_turn(per_turn_stats(bots, games=60, seed=1))
        return {ln.get_label(): mc.to_hex(ln.get_color()) for ln in fig.axes[0].lines}

    first = line_colors(["smithy-bm", "big-money", "militia-bm"])
    second = line_colors(["militia-bm", "big-money"])
    assert first["militia-bm"] == second["militia-bm"] == plot.PINNED_COLORS["militia-bm"]
    assert first["big-money"] == second["big-money"]


def test_win_rate_bars_use_the_bot_colours(rr2):
    import matplotlib.colors as mc

    df, meta = rr2
    ax = plot.win_rates(df, meta).axes[0]
    names = [t.get_text() for t in ax.get_yticklabels()]
    bars = ax.containers[0]
    for name, bar in zip(names, bars, strict=True):
        assert mc.to_hex(bar.get_facecolor()) == plot.PINNED_COLORS[name]


def test_heatmap_scale_spans_0_to_100_with_the_fair_share_in_the_middle(rr2, rr3):
    for (df, meta), players in ((rr2, 2), (rr3, 3)):
        im = plot.pairwise_heatmap(df, meta).axes[0].images[0]
        norm = im.norm
        assert norm.vmin == 0 and norm.vmax == 1
        assert float(norm(1 / players)) == pytest.approx(0.5)  # the cmap's middle: yellow
        # Nothing saturates before 100%: a bot at 95% is greener than one at 70%.
        assert tuple(im.to_rgba(0.7)) != tuple(im.to_rgba(0.95))
        assert tuple(im.to_rgba(0.95)) != tuple(im.to_rgba(1.0))
        below, above = im.to_rgba(1 / players - 0.1), im.to_rgba(1 / players + 0.1)
        assert below[0] > below[1] and above[1] > above[0]       # red below, green above
    assert plot.fair_share_norm(4)(0.25) == pytest.approx(0.5)


def test_plot_help_and_options_in_any_order(rr2, tmp_path, capsys):
    from sim.analysis.io import save_frame
    from sim.cli import main

    assert main(["plot", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--out", "--format", "--per-turn", "results"):
        assert option in out
    df, meta = rr2
    path = tmp_path / "rr.parquet"
    save_frame(df, meta, path)
    assert main(["plot", "--per-turn", "0", str(path), "--format", "png"]) == 0
    printed = capsys.readouterr().out.split()
    assert printed and all(Path(p).parent == tmp_path / "rr-charts" for p in printed)
    for bad in (["plot"], ["plot", str(path), "--format", "gif"],
                ["plot", str(path), "--per-turn", "-1"], ["plot", str(path), "--bogus"]):
        assert main(bad) == 2, bad
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("domsim: error: "), (bad, err)


def test_a_rare_shared_win_is_not_shown_as_zero(rr2):
    df, meta = rr2
    df = df.copy()
    # Exactly one shared game: every other shared game keeps only its lowest-seat winner.
    was_shared = df["shared"].to_numpy(dtype=bool)
    w = df.loc[was_shared, "winners"].to_numpy()
    df.loc[was_shared, "winners"] = w & -w
    df.loc[was_shared, "n_winners"] = 1
    df.loc[was_shared, "shared"] = False
    df.loc[df.index[:1], ["winners", "n_winners", "shared"]] = [3, 2, True]
    texts = [t.get_text() for t in plot.win_rates(df, meta).axes[0].texts]
    shared = [t for t in texts if "shared" in t]
    assert shared and all("(<0.1% shared)" in t for t in shared), texts


def test_win_rate_legend_swatches_are_no_bots_colour(rr2):
    import matplotlib.colors as mc

    df, meta = rr2
    legend = plot.win_rates(df, meta).axes[0].get_legend()
    bot_hex = set(plot.bot_colors(plot._bots(df)).values())
    for text, handle in zip(legend.get_texts(), legend.legend_handles, strict=True):
        if text.get_text().endswith("wins") or "shared" in text.get_text():
            assert mc.to_hex(handle.get_facecolor()) not in bot_hex, text.get_text()
