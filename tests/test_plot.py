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

from sim import plot
from sim.runner import Tournament
from sim.turnstats import per_turn_stats

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
    from sim.io import save_frame

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
    sys.path.insert(0, str(ROOT / "experiments"))
    try:
        import round_robin
    finally:
        sys.path.remove(str(ROOT / "experiments"))
    assert round_robin.main(["--players", "2", "--games-per-pairing", "100", "--processes",
                             "1", "--per-turn-games", "200", "--out", str(tmp_path),
                             "--format", "png", "--no-progress"]) == 0
    out = tmp_path / "round_robin_2p"
    for name in ("games.parquet", "summary.csv", "tables.csv", "matrix.csv", "per_turn.csv",
                 "command.txt", "win_rates.png", "pairwise.png", "per_turn.png"):
        assert (out / name).stat().st_size > 0, name
    from sim.io import load_frame

    df, meta = load_frame(out / "games.parquet")
    assert len(df) == 10 * 100 and meta["complete"]
    assert "--games-per-pairing 100" in (out / "command.txt").read_text()


def test_chart_numbers_match_the_summaries(rr2, rr3):
    """The charts tally outcomes with numpy; they must agree with sim.results."""
    from sim.results import pair_matrix, summarize, table_summary
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
