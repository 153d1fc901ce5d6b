"""The domsim command line: runs, files, and one-line errors for every bad argument."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sim.analysis.results import Results
from sim.cli import main

pytestmark = pytest.mark.timeout(300)
ROOT = Path(__file__).resolve().parents[1]


def run_cli(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def test_bots_lists_the_reference_bots(capsys):
    rc, out, _ = run_cli(capsys, "bots")
    assert rc == 0
    for name in ("big-money", "bmu", "smithy-bm", "militia-bm", "double-militia"):
        assert name in out
    rc, out, _ = run_cli(capsys, "bots", "--names")
    assert out.split()[:2] == ["big-money", "bmu"]


def test_bots_lists_the_search_bot_the_human_seat_and_the_shipped_policies(capsys):
    """`domsim bots` lists, after the registered bots, those a run takes by spec or path:
    mcts with its settings syntax, the human seat, the general policy, and every policy
    directory the checkout ships, each as typed (and each one a run resolves)."""
    import os
    from pathlib import Path

    from bots import SHIPPED_POLICIES, resolve_bot
    from sim.env.mcts import MCTSBot
    from sim.learn.bot import PolicyBot

    rc, out, _ = run_cli(capsys, "bots")
    assert rc == 0
    head, _, given = out.partition("\ngiven by spec or path")
    assert given and "bmu" in head
    rows = [ln.split(None, 1) for ln in given.splitlines()[1:] if ln.strip()]
    specs = [spec for spec, _ in rows]
    assert specs[0] == "mcts" and "mcts:key=value" in rows[0][1] and "playouts=2000" in rows[0][1]
    assert isinstance(resolve_bot(specs[0]), MCTSBot)
    shipped = sorted(d for d in SHIPPED_POLICIES.iterdir() if (d / "policy.json").is_file())
    assert len(shipped) >= 2
    assert specs[1] == "human" and "human:BOT" in rows[1][1]
    from sim.env.human import HumanSeat

    assert isinstance(resolve_bot(specs[1]), HumanSeat)
    assert specs[2] == "general" and "boards of random:all" in rows[2][1]
    assert resolve_bot(specs[2]).name == "general"
    assert [Path(os.path.abspath(s)) for s in specs[3:]] == shipped
    for spec, what in rows[2:]:
        assert isinstance(resolve_bot(spec), PolicyBot) and what.startswith("Learned policy")
    rc, out, _ = run_cli(capsys, "bots", "--names")
    assert "mcts" not in out.split()      # names of registered bots only


def test_cards_lists_every_card_with_cost_types_and_text(capsys):
    from sim.cards import CARDS

    rc, out, _ = run_cli(capsys, "cards")
    lines = out.splitlines()
    assert rc == 0 and lines[0].split() == ["card", "cost", "types", "text"]
    # One line per card, then the note on the starred costs (Traveller upgrades).
    assert len(lines) == 1 + len(CARDS) + 1 and lines[-1].startswith("* not in the Supply")
    for card, line in zip(CARDS, lines[1:-1], strict=True):
        assert line.startswith(card.name) and f"${card.cost}" in line and card.text in line
    assert any(ln.split()[:3] == ["Bandit", "$5", "Action-Attack"] for ln in lines)


def test_cards_takes_names_as_kingdom_does(capsys):
    """Any case, '-' for spaces, comma lists and first-game; --names prints words that
    --kingdom takes back."""
    from sim.cards import FIRST_GAME, KINGDOM_CARDS
    from sim.engine.config import parse_kingdom

    rc, out, _ = run_cli(capsys, "cards", "throne-room", "LIBRARY,moat")
    assert rc == 0
    assert [ln.split()[0] for ln in out.splitlines()[1:]] == ["Throne", "Library", "Moat"]
    rc, out, _ = run_cli(capsys, "cards", "first-game", "--names")
    assert parse_kingdom(",".join(out.split())) == FIRST_GAME
    rc, out, _ = run_cli(capsys, "cards", "--kingdom-cards", "--names")
    names = out.split()
    assert len(names) == len(KINGDOM_CARDS) and "copper" not in names
    assert "throne-room" in names and "council-room" in names
    # A base-set kingdom from the listing is played (base: the set's cards only).
    rc, out, _ = run_cli(capsys, "cards", "base", "--kingdom-cards", "--names")
    names = out.split()
    assert len(names) == 26 and "port" not in names
    rc, _, err = run_cli(capsys, "match", "throne-room-bm", "bmu", "--games", "2",
                         "--kingdom", ",".join(names[-9:] + ["smithy"]), "--processes", "1")
    assert rc == 0, err


def test_match_writes_parquet_and_prints_summary(capsys, tmp_path):
    out = tmp_path / "m.parquet"
    rc, text, err = run_cli(capsys, "match", "smithy-bm", "bmu", "--games", "101", "--seed",
                            "7", "--processes", "2", "--out", str(out), "--no-progress")
    assert rc == 0, err
    assert "rounded up to 102" in err
    assert "smithy-bm" in text and "win %" in text
    r = Results.load(out)
    assert r.complete and r.n_games == 102 and r.config.seed == 7
    rc, text2, _ = run_cli(capsys, "summary", str(out))
    assert rc == 0 and text2.splitlines()[1:] == text.splitlines()[1:]


def test_tournament_three_players_csv(capsys, tmp_path):
    out = tmp_path / "t.csv"
    rc, text, err = run_cli(capsys, "tournament", "big-money", "bmu", "smithy-bm",
                            "militia-bm", "--players", "3", "--games", "9", "--out", str(out),
                            "--processes", "1")
    assert rc == 0, err
    r = Results.load(out)
    assert len(r.config.tables) == 4 and r.n_games == 36
    # The per-table lines show percentages, formatted as the summary's.
    lines = text.splitlines()
    assert any(ln.split()[:5] == ["table", "bot", "games", "win", "%"] for ln in lines), text
    for row in r.tables().itertuples():
        want = (f"{row.bot}  ", f"{100 * row.win_rate:.2f}",
                f"{100 * row.ci_low:.2f}-{100 * row.ci_high:.2f}")
        assert any(ln.startswith(row.table_bots) and all(w in ln for w in want)
                   for ln in lines), (row, text)
    assert not re.search(r"(?<![\d.])0\.\d{4}\b", text), text   # no fractions left


def test_tournament_with_chosen_table(capsys, tmp_path):
    rc, _, err = run_cli(capsys, "tournament", "--table", "bmu,smithy-bm,big-money",
                         "--games", "6", "--no-out", "--processes", "1")
    assert rc == 0, err


def test_default_tournament_writes_results_file(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rc, text, err = run_cli(capsys, "tournament", "--games", "20", "--processes", "1")
    assert rc == 0, err
    r = Results.load(tmp_path / "results" / "tournament.parquet")
    assert len(r.config.tables) == 10 and r.config.names[0] == "big-money"
    assert "win % (row vs col)" in text
    # `domsim plot` of the tournament's file draws into the folder the tournament used.
    from sim.analysis import plot
    from sim.cli import DEFAULT_CHARTS, DEFAULT_TOURNAMENT_OUT

    assert Path(DEFAULT_CHARTS) == plot.default_chart_dir(DEFAULT_TOURNAMENT_OUT)
    charts = tmp_path / DEFAULT_CHARTS
    drawn = sorted(p.name for p in charts.iterdir())
    assert "win_rates.png" in drawn and f"{len(drawn)} charts saved to {DEFAULT_CHARTS}" in err
    # Drawing them again replaces charts: refused unless --force (sim.outputs).
    rc, text, err = run_cli(capsys, "plot", DEFAULT_TOURNAMENT_OUT, "--per-turn", "0")
    assert rc == 2 and "already exists" in err and "--force" in err, err
    rc, text, err = run_cli(capsys, "plot", DEFAULT_TOURNAMENT_OUT, "--per-turn", "0",
                            "--force")
    assert rc == 0, err
    assert {Path(p).parent for p in text.split()} == {Path(DEFAULT_CHARTS)}
    # The tournament drew PNGs (plot.TOURNAMENT_FORMATS); plot redrew them and added SVGs.
    assert all(name.endswith(".png") for name in drawn)
    again = sorted(p.name for p in charts.iterdir())
    assert [n for n in again if n.endswith(".png")] == drawn
    assert [n for n in again if n.endswith(".svg")] == [
        n.replace(".png", ".svg") for n in drawn if n != "per_turn.png"]


def test_play_prints_one_game(capsys):
    rc, text, err = run_cli(capsys, "play", "smithy-bm", "bmu", "--seed", "5", "--game", "3")
    assert rc == 0, err
    assert text.strip()


def test_play_says_when_it_compiles(capsys, monkeypatch, tmp_path):
    """`play` prints the compile notice when its engine call starts compiling engine code
    (numba announces a cache miss), and nothing extra on a warm run, however slow; the
    next cold run's notice says how long the last one took."""
    import numba

    import sim.engine.rng
    import sim.numba_cache
    import sim.runner.api

    real = sim.runner.api.play_game

    def slow(*args, **kw):   # a warm run on a busy machine: slow, compiles nothing
        time.sleep(0.5)
        return real(*args, **kw)

    def cold(*args, **kw):   # compiles an engine function afresh, as a cold cache does
        numba.njit(sim.engine.rng._rotl.py_func).compile((numba.uint64, numba.int64))
        return real(*args, **kw)

    run_cli(capsys, "play", "smithy-bm", "bmu", "--seed", "5")        # compiled (or loaded)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))   # where the time is kept
    monkeypatch.setattr(sim.runner.api, "play_game", slow)
    rc, _, err = run_cli(capsys, "play", "smithy-bm", "bmu", "--seed", "5")
    assert rc == 0 and "compiling" not in err
    assert sim.numba_cache.last_compile_times() == {}
    monkeypatch.setattr(sim.runner.api, "play_game", cold)
    rc, text, err = run_cli(capsys, "play", "smithy-bm", "bmu", "--seed", "5")
    assert rc == 0 and text.strip()
    assert err.strip().splitlines() == [sim.numba_cache.COMPILE_NOTICE]
    assert set(sim.numba_cache.last_compile_times()) == {"base"}
    rc, _, err = run_cli(capsys, "play", "smithy-bm", "bmu", "--seed", "5")
    assert rc == 0
    assert err.startswith(sim.numba_cache.COMPILE_NOTICE + "; the last cold compile here took ")
    assert err.strip().endswith("s (base game)")


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """A folder of good, broken and foreign results files (and other paths) for the
    bad-argument table: ``{d}`` in an argument stands for it."""
    import shutil

    import pandas as pd

    d = tmp_path_factory.mktemp("files")
    for name in ("good.parquet", "good.csv"):
        assert main(["match", "bmu", "smithy-bm", "--games", "20", "--seed", "3", "--processes",
                     "1", "--out", str(d / name), "--no-progress"]) == 0
    raw = (d / "good.parquet").read_bytes()
    (d / "truncated.parquet").write_bytes(raw[: len(raw) // 2])
    (d / "empty.parquet").write_bytes(b"")
    (d / "text.parquet").write_text("not parquet\n")
    pd.DataFrame({"a": [1, 2]}).to_parquet(d / "foreign.parquet")
    shutil.copy(d / "good.csv", d / "nosidecar.csv")
    (d / "foreign.csv").write_text("a,b\n" + "1,2\n" * 20)
    shutil.copy(d / "good.csv.json", d / "foreign.csv.json")
    shutil.copy(d / "good.csv", d / "badjson.csv")
    (d / "badjson.csv.json").write_text("{not json")
    shutil.copy(d / "good.csv", d / "short.csv")
    (d / "short.csv.json").write_text((d / "good.csv.json").read_text().replace(
        '"n_games": 20', '"n_games": 19'))
    (d / "binary.csv").write_bytes(b"\xff\xfe\x00garbage\x00")
    lines = (d / "good.csv").read_text().splitlines()
    lines[3] = lines[3].replace(",bmu,", ",zz,", 1).replace(",smithy-bm,", ",zz,", 1)
    lines[3] = ",".join(["zz" if i == 6 else c for i, c in enumerate(lines[3].split(","))])
    (d / "badvalue.csv").write_text("\n".join(lines) + "\n")
    shutil.copy(d / "good.csv.json", d / "badvalue.csv.json")
    shutil.copy(d / "good.csv.json", d / "binary.csv.json")
    partial = Results.load(d / "good.parquet")
    assert main(["match", "bmu", "smithy-bm", "--games", "40", "--seed", "3", "--processes",
                 "1", "--chunk-size", "10", "--out", str(d / "partial.parquet")]) == 0
    full = Results.load(d / "partial.parquet")
    partial = Results(full.games[full.games["game"] < 20].reset_index(drop=True), full.config,
                      frozenset({0, 1}), interrupted=True)
    partial.save(d / "partial.parquet")
    (d / "adir.parquet").mkdir()
    (d / "adir.csv").mkdir()
    (d / "plain").write_text("a file\n")
    _untrained_policy(d / "policy")
    return d


def _untrained_policy(directory: Path) -> None:
    """A policy directory for First Game, 2 players, no Events (untrained weights: the
    table only needs what it was trained on)."""
    import numpy as np

    from sim.engine.config import GameConfig
    from sim.learn import save_policy
    from sim.learn.policy import Net

    directory.mkdir()
    gc = GameConfig(n_players=2, kingdom="first-game")
    save_policy(directory, Net.new(4, (4,), rng=np.random.default_rng(0)), np.arange(4),
                {"kingdom": list(gc.kingdom_names), "events": [], "players": 2,
                 "decisions": "buy", "fallback": "bmu", "prior": 0.0})


# (arguments, a piece of the one-line message).  Every subcommand and every option
# of every subcommand has at least one bad value here (checked below).
BAD = [
    (["frobnicate"], "invalid choice"),
    ([], "required"),
    (["--bogus-option"], "required: COMMAND"),
    (["bots", "extra"], "unrecognized arguments"),
    (["bots", "--names=yes"], "ignored explicit argument"),
    (["bots", "--kingdom", "Moat,Smithy"], "a kingdom has 10 cards, this one has 2"),
    (["bots", "--kingdom", "auto"], "--kingdom auto is built from the bots of a run"),
    (["bots", "--kingdom", "random:adventures"], "every bot plays it"),
    (["bots", "--events", "Alms"], "--events checks the bots against a kingdom: give --kingdom"),
    (["bots", "--kingdom", "first-game", "--events", "Dragon"], "unknown Event 'Dragon'"),
    (["bots", "--kingdom", "first-game", "--events", "random"],
     "--events random is chosen for the bots of a run"),
    (["bots", "--kingdom", "first-game", "--events", "Alms,Ball,Raid"],
     "a game has at most 2; ask for more"),
    (["bots", "--kingdom", "first-game", "--max-events", "21"], "must be 0..20"),
    (["bots", "--max-events", "3"], "--max-events checks the bots against a kingdom"),
    (["bots", "--missing"], "--missing checks the bots against a kingdom"),
    (["bots", "--kingdom", "first-game", "--missing", "--names"],
     "--names lists the bots that can play; --missing adds the others"),
    (["bots", "--missing=yes"], "ignored explicit argument"),
    (["cards", "Dragon"], "unknown card 'Dragon'"),
    (["cards", "Moat,Smithee"], "unknown card 'Smithee'"),
    (["cards", "--names=yes"], "ignored explicit argument"),
    (["cards", "--kingdom-cards=1"], "ignored explicit argument"),
    # match: bots
    (["match", "no-such-bot", "bmu"], "unknown bot"),
    (["match"], "needs the bots"),
    (["match", "bmu"], "2, 3 or 4 players, not 1"),
    (["match", "bmu", "bmu", "bmu", "bmu", "bmu"], "players"),
    (["match", "/no/such/bot.toml", "bmu"], "bot.toml"),
    # match: game options
    (["match", "bmu", "smithy-bm", "--players", "5"], "2, 3 or 4 players"),
    (["match", "bmu", "smithy-bm", "--players", "1"], "2, 3 or 4 players"),
    (["match", "bmu", "smithy-bm", "--players", "two"], "not a number of players"),
    (["match", "bmu", "smithy-bm", "--players", "3"], "3-player match needs 3 bots"),
    (["match", "bmu", "smithy-bm", "--games", "0"], "at least 1"),
    (["match", "bmu", "smithy-bm", "--games", "many"], "not a whole number"),
    (["match", "bmu", "smithy-bm", "--games", "10_000_000_000_000"], "of memory"),
    (["match", "bmu", "smithy-bm", "--games", str(10**40)], "of memory"),
    (["match", "bmu", "smithy-bm", "--kingdom", "Moat,Smithy"], "kingdom"),
    (["match", "bmu", "smithy-bm", "--kingdom", "Moat,Smithy,Village,Cellar,Market,Mine,"
      "Remodel,Workshop,Merchant,Dragon"], "Dragon"),
    (["match", "witch-bm", "bmu"], "--kingdom auto"),
    (["match", "witch-bm", "bmu", "--kingdom", "random:Witch,Moat"], "distinct cards"),
    (["match", "bmu", "smithy-bm", "--kingdom", "random:Gold,Moat"], "not kingdom cards"),
    # Events (tests/test_events_config.py has the rest)
    (["match", "bmu", "smithy-bm", "--kingdom", "random:base,Ferry"], "Ferry: an Event"),
    (["match", "bmu", "smithy-bm", "--events", "Dragon"], "unknown Event 'Dragon'"),
    (["match", "bmu", "smithy-bm", "--max-events", "21"], "must be 0..20"),
    (["tournament", "--no-out", "--events", "Smithy"], "not Events: Smithy"),
    (["tournament", "--no-out", "--max-events", "two"], "not a whole number"),
    (["play", "bmu", "smithy-bm", "--events", "Alms,alms"], "an Event twice: Alms"),
    (["play", "bmu", "smithy-bm", "--events", "Alms,Ball", "--max-events", "1"],
     "at most 1"),
    (["cards", "--events=1"], "ignored explicit argument"),
    (["optimize", "--out", "{d}/o.toml", "--events", "Alms,Ball,Raid"], "--max-events 3"),
    (["optimize", "--out", "{d}/o.toml", "--max-events", "-1"], "must be 0..20"),
    (["match", "witch-bm", "bmu", "--allow-missing-cards", "--games", "0"], "at least 1"),
    (["match", "bmu", "smithy-bm", "--seed", "-1"], "seed"),
    (["match", "bmu", "smithy-bm", "--seed", str(2**64)], "seed"),
    (["match", "bmu", "smithy-bm", "--seed", "x"], "not an integer seed"),
    (["match", "bmu", "smithy-bm", "--seats", "sideways"], "invalid choice"),
    (["match", "bmu", "smithy-bm", "--turn-cap", "5000"], "turn"),
    (["match", "bmu", "smithy-bm", "--turn-cap", "0"], "at least 1"),
    # match: how and where
    (["match", "bmu", "smithy-bm", "--processes", "0"], "at least 1"),
    (["match", "bmu", "smithy-bm", "--processes", "all"], "not a whole number"),
    (["match", "bmu", "smithy-bm", "--chunk-size", "0"], "at least 1"),
    (["match", "bmu", "smithy-bm", "--out", "results.txt"], "must end in .parquet or .csv"),
    (["match", "bmu", "smithy-bm", "--out", "{d}/no-such-dir/r.parquet"],
     "no-such-dir does not exist"),
    (["match", "bmu", "smithy-bm", "--out", "{d}/adir.parquet"], "is a folder"),
    (["match", "bmu", "smithy-bm", "--out", "{d}/plain/r.parquet"], "is not a folder"),
    (["match", "bmu", "smithy-bm", "--out", ""], "empty name for an output file"),
    (["match", "bmu", "smithy-bm", "--csv-summary", ""], "empty name for an output file"),
    (["tournament", "--plot", "", "--no-out"], "empty name for an output folder"),
    (["resume", ""], "must end in"),
    (["match", "bmu", "smithy-bm", "--csv-summary", "{d}/s.txt"], "must end in .csv"),
    (["match", "bmu", "smithy-bm", "--csv-summary", "{d}/no-such-dir/s.csv"],
     "no-such-dir does not exist"),
    (["match", "bmu", "smithy-bm", "--csv-summary", "{d}/adir.csv"], "is a folder"),
    (["match", "bmu", "smithy-bm", "--csv-summary", "{d}/x.csv", "--out", "{d}/x.csv"],
     "both"),
    (["match", "bmu", "smithy-bm", "--progress=yes"], "ignored explicit argument"),
    (["match", "bmu", "smithy-bm", "--no-progress=yes"], "ignored explicit argument"),
    (["match", "bmu", "smithy-bm", "--dask=yes"], "ignored explicit argument"),
    (["match", "bmu", "smithy-bm", "--verbose=2"], "ignored explicit argument"),
    (["match", "bmu", "smithy-bm", "-v=2"], "ignored explicit argument"),
    (["match", "bmu", "smithy-bm", "--scheduler", "not an address"], "Dask scheduler"),
    (["match", "bmu", "smithy-bm", "--scheduler", "tcp://127.0.0.1:9"], "Dask scheduler"),
    # match: resume
    (["match", "bmu", "smithy-bm", "--resume", "/no/such/file.parquet"], "no such"),
    (["match", "--resume", "{d}/truncated.parquet"], "not a readable Parquet file"),
    (["match", "--resume", "{d}/foreign.parquet"], "not a domsim results file"),
    (["match", "--resume", "{d}/nosidecar.csv"], "nosidecar.csv.json is missing"),
    (["match", "--resume", "{d}/good.parquet", "--seed", "4", "--games", "30"],
     "made with games=20, seed=3; this run has games=30, seed=4"),
    (["match", "big-money", "bmu", "--resume", "{d}/good.parquet"], "bots="),
    (["match", "--resume", "{d}/good.txt"], "must end in .parquet or .csv"),
    # tournament
    (["tournament", "bmu", "smithy-bm", "--players", "3"], "at least 3 different bots"),
    (["tournament", "--table", "bmu", "--no-out"], "2, 3 or 4 players"),
    (["tournament", "--table", "bmu,nosuch", "--no-out"], "unknown bot"),
    (["tournament", "--table", "bmu,smithy-bm", "--table", "bmu,smithy-bm,big-money",
      "--no-out"], "every table must seat"),
    (["tournament", "--no-out", "--out", "{d}/t.parquet"], "--no-out and --out"),
    (["tournament", "--no-out=1"], "ignored explicit argument"),
    (["tournament", "--plot", "{d}/plain", "--no-out"], "is a file, not a folder"),
    (["tournament", "--plot", "{d}/no-such-dir/charts", "--no-out"],
     "no-such-dir does not exist"),
    (["tournament", "--games", "-3"], "at least 1"),
    (["tournament", "--seats", "x"], "invalid choice"),
    (["tournament", "--kingdom", "Moat"], "kingdom"),
    (["tournament", "witch-bm", "bmu", "--allow-missing-cards", "--players", "5"], "players"),
    (["tournament", "--turn-cap", "x"], "not a whole number"),
    (["tournament", "--seed", "1.5"], "not an integer seed"),
    (["tournament", "--processes", "-1"], "at least 1"),
    (["tournament", "--chunk-size", "x"], "not a whole number"),
    (["tournament", "--out", "{d}/t.json"], "must end in"),
    (["tournament", "--csv-summary", "{d}/nope/s.csv", "--no-out"], "does not exist"),
    (["tournament", "--resume", "{d}/empty.parquet"], "not a readable Parquet file"),
    (["tournament", "--players", "9"], "2, 3 or 4 players"),
    (["tournament", "--progress=1"], "ignored explicit argument"),
    (["tournament", "--no-progress=1"], "ignored explicit argument"),
    (["tournament", "--dask=1"], "ignored explicit argument"),
    (["tournament", "--verbose=1"], "ignored explicit argument"),
    (["tournament", "--scheduler", "nowhere", "--no-out"], "Dask scheduler"),
    # resume
    (["resume"], "required"),
    (["resume", "/no/such.parquet"], "no such results file"),
    (["resume", "{d}/text.parquet"], "not a readable Parquet file"),
    (["resume", "{d}/foreign.csv"], "no column"),
    (["resume", "{d}/badjson.csv"], "not valid JSON"),
    (["resume", "{d}/short.csv"], "20 games but its metadata says 19"),
    (["resume", "{d}/good.parquet", "--games", "3"], "unrecognized arguments"),
    (["resume", "{d}/good.parquet", "--out", "{d}/nope/r.parquet"], "does not exist"),
    (["resume", "{d}/good.parquet", "--out", "{d}/r.txt"], "must end in"),
    (["resume", "{d}/good.parquet", "--csv-summary", "{d}/r.txt"], "must end in .csv"),
    (["resume", "{d}/good.parquet", "--plot", "{d}/plain"], "not a folder"),
    (["resume", "{d}/good.parquet", "--processes", "0"], "at least 1"),
    (["resume", "{d}/partial.parquet", "--scheduler", "nowhere"], "Dask scheduler"),
    (["resume", "{d}/good.parquet", "--progress=1"], "ignored explicit argument"),
    (["resume", "{d}/good.parquet", "--no-progress=1"], "ignored explicit argument"),
    (["resume", "{d}/good.parquet", "--dask=1"], "ignored explicit argument"),
    (["resume", "{d}/good.parquet", "--verbose=1"], "ignored explicit argument"),
    # play
    (["play"], "needs the bots"),
    (["play", "bmu"], "2, 3 or 4 players"),
    (["play", "bmu", "smithy-bm", "--game", "-1"], "at least 0"),
    (["play", "bmu", "smithy-bm", "--game", "x"], "invalid int"),
    (["play", "bmu", "smithy-bm", "--game", str(10**20)], "below 2**62"),
    (["play", "--from", "{d}/good.parquet", "--game", "20"], "0..19"),
    (["play", "--from", "{d}/good.parquet", "bmu", "smithy-bm"], "not both"),
    (["play", "--from", "{d}/binary.csv"], "not a readable CSV file"),
    (["play", "--from", "/no/such.csv"], "no such results file"),
    (["play", "bmu", "smithy-bm", "--save-log", "/no/such/dir/log.txt"],
     "cannot write /no/such/dir/log.txt: its folder /no/such/dir does not exist"),
    (["play", "bmu", "smithy-bm", "--html", "{d}/good.parquet"],
     "already exists; give --force to replace it"),
    (["play", "bmu", "smithy-bm", "--force=1"], "ignored explicit argument"),
    (["play", "bmu", "smithy-bm", "--view", "0"], "--view SEAT chooses whose view --html"),
    (["play", "bmu", "smithy-bm", "--html", "{d}/v.html", "--view", "2"],
     "--view: a seat of this 2-player game (0 to 1), not 2"),
    (["play", "bmu", "smithy-bm", "--html", "{d}/v.html", "--view", "x"],
     "invalid int value"),
    (["play", "human", "human:nosuchbot"], "unknown bot 'nosuchbot'"),
    (["play", "bmu", "smithy-bm", "--players", "x"], "not a number of players"),
    (["play", "bmu", "smithy-bm", "--seed", "x"], "not an integer seed"),
    (["play", "bmu", "smithy-bm", "--kingdom", "Moat"], "kingdom"),
    (["play", "witch-bm", "bmu"], "--kingdom auto"),
    (["play", "witch-bm", "bmu", "--allow-missing-cards", "--game", "-1"], "at least 0"),
    (["play", "bmu", "smithy-bm", "--seats", "x"], "invalid choice"),
    (["play", "bmu", "smithy-bm", "--turn-cap", "0"], "at least 1"),
    # summary
    (["summary"], "required"),
    (["summary", "/no/such/file.parquet"], "no such results file"),
    (["summary", "{d}/truncated.parquet"], "not a readable Parquet file"),
    (["summary", "{d}/empty.parquet"], "not a readable Parquet file"),
    (["summary", "{d}/foreign.parquet"], "not a domsim results file"),
    (["summary", "{d}/nosidecar.csv"], "is missing"),
    (["summary", "{d}/adir.parquet"], "no such results file"),
    (["summary", "{d}/good.csv.json"], "must end in .parquet or .csv"),
    (["summary", "{d}/badvalue.csv"], "has a column domsim cannot read"),
    (["summary", ""], "must end in"),
    # plot
    (["plot"], "required"),
    (["plot", "{d}/truncated.parquet"], "not a readable Parquet file"),
    (["plot", "{d}/foreign.parquet"], "not a domsim results file"),
    (["plot", "{d}/nosidecar.csv"], "is missing"),
    (["plot", "{d}/good.parquet", "--format", "gif"], "invalid choice"),
    (["plot", "{d}/good.parquet", "--per-turn", "x"], "invalid int"),
    (["plot", "{d}/good.parquet", "--out", "{d}/plain"], "not a folder"),
    (["plot", "{d}/good.parquet", "--out", "{d}/nope/charts"], "does not exist"),
    (["plot", "{d}/good.parquet", "--bogus"], "unrecognized"),
    # optimize
    (["optimize"], "required: --out"),
    (["optimize", "--out", "/no/such/dir/best.toml"], "folder /no/such/dir does not exist"),
    (["optimize", "--out", "{d}/o.toml", "--kingdom", "Moat,Smithy"], "kingdom"),
    (["optimize", "--out", "{d}/o.toml", "--players", "5"], "2, 3 or 4 players"),
    (["optimize", "--out", "{d}/o.toml", "--start", "no-such-bot"], "unknown bot"),
    (["optimize", "--out", "{d}/o.toml", "--start", "double-militia"],
     "does not fit the search space"),
    (["optimize", "--out", "{d}/o.toml", "--against", "bmu,,smithy-bm"], "empty name"),
    (["optimize", "--out", "{d}/o.toml", "--against", "no-such-bot"], "unknown bot"),
    (["optimize", "--out", "{d}/o.toml", "--budget", "1000"], "too small for a population"),
    (["optimize", "--out", "{d}/o.toml", "--budget", "0"], "at least 1"),
    (["optimize", "--out", "{d}/o.toml", "--seed", "-1"], "seed"),
    (["optimize", "--out", "{d}/o.toml", "--population", "1"], "at least 2, not 1"),
    (["optimize", "--out", "{d}/o.toml", "--holdout", "0"], "at least 1"),
    (["optimize", "--out", "{d}/o.toml", "--cards", "Dragon"], "Dragon"),
    (["optimize", "--out", "{d}/o.toml", "--cards", "Witch"], "Witch, not in the kingdom"),
    (["optimize", "--out", "{d}/o.toml", "--processes", "0"], "at least 1"),
    (["optimize", "--out", "{d}/o.toml", "--time-limit", "0"], "at least 1"),
    (["optimize", "--out", "{d}/o.toml", "--dask", "--scheduler", "tcp://127.0.0.1:9"],
     "not both"),
    (["optimize", "--out", "{d}/o.toml", "--budget", "100000", "--population", "4",
      "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
    (["optimize", "--out", "{d}/o.toml", "--progress=yes"], "ignored explicit argument"),
    (["optimize", "--out", "{d}/o.toml", "--boards", "0"], "at least 1"),
    (["optimize", "--out", "{d}/o.toml", "--boards", "{d}/no-such.txt"],
     "cannot read the boards file"),
    (["optimize", "--out", "{d}/o.toml", "--min-events", "0"], "at least 1"),
    (["optimize", "--out", "{d}/o.toml", "--first-deals", "0"], "at least 1"),
    (["optimize", "--out", "{d}/o.toml", "--replay"], "cannot read the trace"),
    (["train"], "required: --out"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--league", "x"],
     "invalid choice: 'x' (choose from 'fixed', 'field')"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--field-tables", "0"],
     "--field-tables: must be at least 1, not 0"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--past-every", "-1"],
     "--past-every must be at least 0, not -1"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--past-max", "x"],
     "--past-max: invalid int value"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--imitate", "-1"],
     "--imitate must be at least 0, not -1"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--imitate", "x"],
     "--imitate: invalid int value"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--exploit-every", "-1"],
     "--exploit-every must be at least 0, not -1"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--exploit-every", "x"],
     "--exploit-every: invalid int value"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--exploit-every", "5"],
     "--exploit-every: exploiters join a field league's draws (--league field)"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--exploit-iterations", "0"],
     "--exploit-iterations: must be at least 1, not 0"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--exploit-max", "two"],
     "--exploit-max: not a whole number"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--init", "/no/such"],
     "--init: /no/such: not a policy directory"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--kingdom", "Moat,Smithy"],
     "a kingdom has 10 cards"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--events", "Nope"], "Nope"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--players", "5"], "2, 3 or 4 players"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--against", "no-such-bot"],
     "unknown bot"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--fallback", "witch-bm"],
     "cannot play this kingdom"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--decisions", "dance"],
     "is not a decision"),
    (["train", "--out", "{d}/p", "--minutes", "0"], "--minutes must be positive"),
    (["train", "--out", "{d}/p", "--iterations", "0"], "at least 1"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--seed", "-1"], "seed"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--games", "0"], "at least 1"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--boards", "0"], "at least 1"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--board-iterations", "x"],
     "board-iterations"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--steps", "x"], "not a whole number"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--hidden", "0"], "--hidden"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--lr", "0"], "--lr must be positive"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--prior", "-1"], "--prior must be"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--shaping", "lots"], "invalid float"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--eval-every", "0"], "at least 1"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--eval-games", "0"], "at least 1"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--checkpoint-s", "0"],
     "--checkpoint-s must be positive"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--resume"], "holds no checkpoint"),
    (["train", "--out", "/no/such/dir/p", "--iterations", "1"],
     "folder /no/such/dir does not exist"),
    (["train", "--out", "{d}/p", "--quiet"], "a budget is needed"),
    (["train", "--out", "{d}/p", "--iterations", "1", "--force=yes"],
     "ignored explicit argument"),
    # --force is a flag (tests/test_outputs.py tests what it does).
    (["match", "bmu", "smithy-bm", "--force=yes"], "ignored explicit argument"),
    # A policy on a table it was not trained for (issue 35, item 7).
    (["match", "{d}/policy", "bmu", "--kingdom", "random", "--processes", "1"],
     "policy 'policy-policy' was trained on the kingdom Cellar, Moat, Village"),
    (["match", "{d}/policy", "bmu", "--events", "Alms", "--processes", "1"],
     "this game is the kingdom Cellar, Moat, Village, Merchant, Workshop, Smithy, Militia, "
     "Remodel, Market, Mine, the Events Alms, 2 players"),
    (["match", "{d}/policy", "bmu", "smithy-bm", "--processes", "1"], "no Events, 3 players"),
    (["tournament", "{d}/policy", "bmu", "--kingdom", "random", "--no-out"],
     "policy 'policy-policy' was trained on"),
    (["play", "{d}/policy", "bmu", "--kingdom", "random"], "policy 'policy-policy' was trained"),
    (["match", "mcts:prior=nowhere", "bmu"], "prior='nowhere' names no policy"),
    (["match", "mcts:prior=general,width=two", "bmu"],
     "width must be a whole number, not 'two'"),
    (["play", "mcts:prior=bmu", "bmu"], "prior='bmu' is not a learned policy"),
    (["tournament", "--force=yes"], "ignored explicit argument"),
    (["resume", "{d}/good.parquet", "--force=yes"], "ignored explicit argument"),
    (["plot", "{d}/good.parquet", "--force=yes"], "ignored explicit argument"),
    (["optimize", "--out", "{d}/o.toml", "--force=yes"], "ignored explicit argument"),
]


if Path("/proc/self").is_dir():  # a folder nobody can write into, root included
    BAD.append((["match", "bmu", "smithy-bm", "--out", "/proc/r.parquet"],
                "cannot write into folder /proc"))


@pytest.mark.parametrize("argv,expected", BAD, ids=[" ".join(a)[:70] for a, _ in BAD])
def test_bad_arguments_give_one_line_and_status_2(capsys, monkeypatch, files, argv, expected):
    import sim.runner.dask_backend

    monkeypatch.setattr(sim.runner.dask_backend, "CONNECT_TIMEOUT_S", 2)
    argv = [a.replace("{d}", str(files)) for a in argv]
    rc, out, err = run_cli(capsys, *argv)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domsim: error: "), err
    assert rc == 2, err
    assert expected in lines[0], lines[0]
    assert "Traceback" not in err and not out


def test_the_bad_argument_table_covers_every_subcommand_and_option():
    from sim.analysis.plot import build_parser as plot_parser
    from sim.cli import build_parser

    tried = {(argv[0] if argv else "", a.split("=")[0]) for argv, _ in BAD for a in argv}
    sub = next(a for a in build_parser()._actions if a.choices and "match" in a.choices)
    missing = []
    for name, parser in sub.choices.items():
        if name not in {argv[0] for argv, _ in BAD if argv}:
            missing.append(name)
        for action in (plot_parser() if name == "plot" else parser)._actions:
            opts = set(action.option_strings) - {"-h", "--help", "--version"}
            if opts and not any((name, o) in tried for o in opts):
                missing.append(f"{name} {'/'.join(sorted(opts))}")
    assert not missing, f"no bad value tried for: {missing}"


def test_dask_not_installed_names_the_extra(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    for extra in (["--dask"], ["--scheduler", "tcp://127.0.0.1:8786"]):
        rc, _, err = run_cli(capsys, "match", "bmu", "smithy-bm", "--games", "10", *extra)
        assert rc == 2 and err.count("\n") == 1, err
        assert "pip install 'domsim[dask]'" in err and "Traceback" not in err


def test_unreachable_scheduler_fails_fast(capsys, monkeypatch):
    import sim.runner.dask_backend

    monkeypatch.setattr(sim.runner.dask_backend, "CONNECT_TIMEOUT_S", 2)
    t = time.monotonic()
    rc, _, err = run_cli(capsys, "match", "bmu", "smithy-bm", "--games", "10",
                         "--scheduler", "tcp://127.0.0.1:9")
    assert rc == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9 (within 2 s)" in err
    assert time.monotonic() - t < 30


def test_resume_with_other_configuration_is_refused(capsys, tmp_path):
    out = tmp_path / "r.parquet"
    assert run_cli(capsys, "match", "bmu", "smithy-bm", "--games", "10", "--out", str(out),
                   "--processes", "1")[0] == 0
    rc, _, err = run_cli(capsys, "match", "bmu", "smithy-bm", "--games", "12", "--resume",
                         str(out), "--processes", "1")
    assert rc == 2 and "cannot resume" in err and "games" in err


def test_bot_failure_exits_1_and_saves(capsys, tmp_path):
    from bots import register
    from tests.test_runner import Faulty

    register(Faulty(), replace=True)
    out = tmp_path / "f.parquet"
    rc, _, err = run_cli(capsys, "match", "faulty-test", "bmu", "--games", "200", "--out",
                         str(out), "--processes", "1", "--chunk-size", "10")
    assert rc == 1
    last = err.strip().splitlines()[-1]
    assert last.startswith("domsim: error: ") and "faulty-test" in last and "seed" in last
    assert "game" in last
    r = Results.load(out)
    assert not r.complete and r.error["bot"] == "faulty-test"


def test_train_with_a_bad_out_fails_at_once():
    """``python -m sim.cli train --out /no/such/dir/p``: the one-line error and status 2
    (it was "unexpected UsageError" run this way: the module ran as __main__ and the
    subcommand raised sim.cli's own UsageError), before any league game is built (the
    engine is not compiled: the time of ``domsim --version``, not minutes)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "sim.cli", "train", "--iterations", "1", "--out",
           "/no/such/dir/p"]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    took = time.perf_counter() - t0
    assert r.returncode == 2, r.stderr
    assert r.stderr == "domsim: error: --out /no/such/dir/p: its folder /no/such/dir does not " \
                       "exist\n"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sim.cli", "--version"], cwd=ROOT, env=env,
                   capture_output=True, timeout=120, check=True)
    assert took < 3 * (time.perf_counter() - t0) + 1


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_saves_and_resume_completes(tmp_path):
    """A real Ctrl-C (SIGINT to the process group) on a 2-process run, then --resume."""
    out = tmp_path / "big.parquet"
    # 3M games (about 15 s on 2 cores): a shorter run (600k, 3 s) could finish before a
    # test process starved on a loaded machine had read the first progress line.
    cmd = [sys.executable, "-m", "sim.cli", "match", "smithy-bm", "bmu", "--games", "3000000",
           "--processes", "2", "--chunk-size", "10000", "--out", str(out), "--progress"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    # Wait for the bar to show finished games: generous, since on a loaded machine with a
    # cold cache the engine's compile alone can take minutes of wall time.
    seen, deadline = "", time.monotonic() + 600
    while time.monotonic() < deadline:
        ch = proc.stderr.read(1)
        if not ch:
            break
        seen += ch
        if re.search(r"(?:^|[\r\s])[1-9][\d.]*[kM]?/3\.00M", seen):
            break
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    err = seen + err
    assert proc.returncode == 130, err
    assert "Traceback" not in err and f"domsim resume {out}" in err
    part = Results.load(out)
    assert 0 < len(part.completed) < part.config.n_chunks and not part.complete
    r = subprocess.run(cmd[:-1] + ["--resume", str(out), "--no-progress"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr
    done = Results.load(out)
    assert done.complete and done.n_games == 3_000_000
    assert done.games["game"].is_monotonic_increasing


def test_outputs_are_checked_before_any_game(capsys, tmp_path):
    """A bad --csv-summary stops the run before it starts: the --out file is not written."""
    ok = tmp_path / "ok.parquet"
    for extra in (["--csv-summary", str(tmp_path / "missing" / "s.csv")],
                  ["--csv-summary", str(tmp_path / "s.tsv")]):
        rc, _, err = run_cli(capsys, "match", "bmu", "smithy-bm", "--games", "10", "--out",
                             str(ok), "--processes", "1", *extra)
        assert rc == 2 and err.startswith("domsim: error: ") and not ok.exists(), err
    rc, _, err = run_cli(capsys, "match", "bmu", "smithy-bm", "--games", "10", "--out",
                         str(tmp_path / "new" / "r.parquet"), "--processes", "1")
    assert rc == 2 and f"folder {tmp_path / 'new'} does not exist" in err
    assert not (tmp_path / "new").exists()  # refused, not silently created
    rc, _, err = run_cli(capsys, "match", "bmu", "smithy-bm", "--games", "10", "--out", str(ok),
                         "--csv-summary", str(tmp_path / "s.csv"), "--processes", "1")
    assert rc == 0, err
    assert ok.exists() and (tmp_path / "s.csv").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root writes into any folder")
def test_unwritable_output_folder_is_refused(capsys, tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        rc, _, err = run_cli(capsys, "match", "bmu", "smithy-bm", "--out",
                             str(ro / "r.parquet"))
        assert rc == 2 and "cannot write into folder" in err and "ermission denied" in err
    finally:
        ro.chmod(0o755)


def _partial(tmp_path, argv, keep):
    """A run's file as an interruption leaves it: only chunks < ``keep`` finished."""
    out = tmp_path / "p.parquet"
    assert main([*argv, "--out", str(out), "--processes", "1", "--no-progress"]) == 0
    full = Results.load(out)
    g = full.games
    part = Results(g[full.config.chunk_of(g["game"]) < keep].reset_index(drop=True),
                   full.config, frozenset(range(keep)), interrupted=True)
    part.save(out)
    return out, full


@pytest.mark.parametrize("how", ["resume", "match --resume", "match --resume with options"])
def test_resume_takes_the_run_from_the_file(capsys, tmp_path, how):
    import pandas as pd

    argv = ["match", "smithy-bm", "bmu", "--games", "60", "--seed", "9", "--seats", "random",
            "--turn-cap", "80", "--chunk-size", "20"]
    out, full = _partial(tmp_path, argv, keep=1)
    cmd = {"resume": ["resume", str(out)],
           "match --resume": ["match", "--resume", str(out)],
           "match --resume with options": ["match", "smithy-bm", "bmu", "--seed", "9",
                                           "--seats", "random", "--games", "60", "--resume",
                                           str(out)]}[how]
    rc, text, err = run_cli(capsys, *cmd, "--processes", "1")
    assert rc == 0, err
    assert "smithy-bm" in text
    done = Results.load(out)
    assert done.complete
    pd.testing.assert_frame_equal(done.games, full.games)


def test_tournament_resume_without_bots(capsys, tmp_path):
    import pandas as pd

    argv = ["tournament", "big-money", "bmu", "smithy-bm", "--players", "3", "--games", "30",
            "--chunk-size", "15", "--seed", "2"]
    out, full = _partial(tmp_path, argv, keep=1)
    rc, _, err = run_cli(capsys, "tournament", "--resume", str(out), "--processes", "1")
    assert rc == 0, err
    pd.testing.assert_frame_equal(Results.load(out).games, full.games)


def test_csv_results_are_plain_csv_with_a_json_sidecar(capsys, tmp_path):
    import json

    import pandas as pd

    out = tmp_path / "r.csv"
    rc, _, err = run_cli(capsys, "match", "smithy-bm", "bmu", "--games", "30", "--seed", "5",
                         "--out", str(out), "--processes", "1")
    assert rc == 0, err
    plain = pd.read_csv(out)
    assert list(plain.columns[:6]) == ["game", "seed", "table", "rotation", "bot_0", "bot_1"]
    assert len(plain) == 30 and plain["game"].tolist() == list(range(30))
    meta = json.loads((tmp_path / "r.csv.json").read_text())
    assert meta["config"]["seed"] == 5 and meta["version"] and meta["n_games"] == 30
    back = Results.load(out)
    assert back.complete and back.config.seed == 5
    assert (back.games["score_0"].to_numpy() == plain["score_0"].to_numpy()).all()
    # a CSV written by domsim 0.1 (metadata in a first comment line) still loads
    legacy = tmp_path / "old.csv"
    legacy.write_text("# domsim " + json.dumps(meta) + "\n" + out.read_text())
    pd.testing.assert_frame_equal(Results.load(legacy).games, back.games)


@pytest.mark.slow  # 600,000 games to kill a worker in; tests/test_runner.py covers it fast
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers in /proc")
def test_killed_worker_does_not_hang_the_cli(tmp_path):
    """The issue's reproduction: kill -9 one pool worker of a real 2-process run; the
    run replays the lost chunks and its file equals an uninterrupted run's."""
    import pandas as pd

    from sim.runner import Match

    out = tmp_path / "k.parquet"
    cmd = [sys.executable, "-m", "sim.cli", "match", "smithy-bm", "bmu", "--games", "600000",
           "--seed", "42", "--processes", "2", "--chunk-size", "3000", "--out", str(out),
           "--no-progress"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    workers, deadline = [], time.monotonic() + 120
    while len(workers) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)  # the pool starts after the engine is loaded: kill at once
        workers = _children(proc.pid)
    assert len(workers) == 2, workers
    os.kill(workers[0], signal.SIGKILL)
    try:
        _, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "worker process died" in err and "SIGKILL" in err and "Traceback" not in err
    ref = Match("smithy-bm", "bmu", games=600_000, seed=42, chunk_size=3000).play(processes=2)
    got = Results.load(out)
    assert got.complete
    pd.testing.assert_frame_equal(got.games, ref.games)


def _children(pid: int) -> list[int]:
    """Pool workers of ``pid``: its child processes, found in /proc (no psutil)."""
    kids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(text.rsplit(")", 1)[1].split()[1])
        if ppid == pid and b"resource_tracker" not in cmdline:
            kids.append(int(stat.parent.name))
    return sorted(kids)
