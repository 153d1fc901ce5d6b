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

from sim.cli import main
from sim.results import Results

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
    from sim import plot
    from sim.cli import DEFAULT_CHARTS, DEFAULT_TOURNAMENT_OUT

    assert Path(DEFAULT_CHARTS) == plot.default_chart_dir(DEFAULT_TOURNAMENT_OUT)
    charts = tmp_path / DEFAULT_CHARTS
    drawn = sorted(p.name for p in charts.iterdir())
    assert "win_rates.png" in drawn and f"{len(drawn)} charts saved to {DEFAULT_CHARTS}" in err
    rc, text, err = run_cli(capsys, "plot", DEFAULT_TOURNAMENT_OUT, "--per-turn", "0")
    assert rc == 0, err
    assert {Path(p).parent for p in text.split()} == {Path(DEFAULT_CHARTS)}
    assert sorted(p.name for p in charts.iterdir()) == drawn


def test_play_prints_one_game(capsys):
    rc, text, err = run_cli(capsys, "play", "smithy-bm", "bmu", "--seed", "5", "--game", "3")
    assert rc == 0, err
    assert text.strip()


def test_play_says_when_it_compiles(capsys, monkeypatch):
    """`play` prints the runner's compile notice while the engine call is slow (a cold
    numba cache), and nothing extra when it is quick."""
    import sim.numba_cache
    import sim.runner.api

    real = sim.runner.api.play_game

    def slow(*args, **kw):  # stands in for minutes of compiling
        time.sleep(0.6)
        return real(*args, **kw)

    rc, _, err = run_cli(capsys, "play", "smithy-bm", "bmu", "--seed", "5")
    assert rc == 0 and sim.numba_cache.COMPILE_NOTICE not in err
    monkeypatch.setattr(sim.numba_cache, "NOTICE_AFTER_S", 0.1)
    monkeypatch.setattr(sim.runner.api, "play_game", slow)
    rc, text, err = run_cli(capsys, "play", "smithy-bm", "bmu", "--seed", "5")
    assert rc == 0 and text.strip()
    assert err.strip().splitlines() == [sim.numba_cache.COMPILE_NOTICE]


@pytest.mark.parametrize("argv", [
    ["match", "no-such-bot", "bmu"],
    ["match", "bmu"],
    ["match", "bmu", "bmu", "bmu", "bmu", "bmu"],
    ["match", "bmu", "smithy-bm", "--players", "5"],
    ["match", "bmu", "smithy-bm", "--players", "1"],
    ["match", "bmu", "smithy-bm", "--players", "3"],
    ["match", "bmu", "smithy-bm", "--games", "0"],
    ["match", "bmu", "smithy-bm", "--games", "many"],
    ["match", "bmu", "smithy-bm", "--kingdom", "Moat,Smithy"],
    ["match", "bmu", "smithy-bm", "--kingdom", "Moat,Smithy,Village,Cellar,Market,Mine,"
     "Remodel,Workshop,Merchant,Dragon"],
    ["match", "bmu", "smithy-bm", "--seed", "-1"],
    ["match", "bmu", "smithy-bm", "--seats", "sideways"],
    ["match", "bmu", "smithy-bm", "--processes", "0"],
    ["match", "bmu", "smithy-bm", "--chunk-size", "0"],
    ["match", "bmu", "smithy-bm", "--out", "results.txt"],
    ["match", "bmu", "smithy-bm", "--resume", "/no/such/file.parquet"],
    ["match", "bmu", "smithy-bm", "--turn-cap", "5000"],
    ["match", "/no/such/bot.toml", "bmu"],
    ["tournament", "bmu", "smithy-bm", "--players", "3"],
    ["play"],
    ["play", "bmu", "smithy-bm", "--game", "-1"],
    ["summary", "/no/such/file.parquet"],
    ["frobnicate"],
    [],
])
def test_bad_arguments_give_one_line_and_status_2(capsys, argv):
    rc, out, err = run_cli(capsys, *argv)
    assert rc == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domsim: error: "), err
    assert "Traceback" not in err


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


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_saves_and_resume_completes(tmp_path):
    """A real Ctrl-C (SIGINT to the process group) on a 2-process run, then --resume."""
    out = tmp_path / "big.parquet"
    cmd = [sys.executable, "-m", "sim.cli", "match", "smithy-bm", "bmu", "--games", "600000",
           "--processes", "2", "--chunk-size", "10000", "--out", str(out), "--progress"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    seen, deadline = "", time.monotonic() + 120
    while time.monotonic() < deadline:  # wait for the bar to show finished games
        ch = proc.stderr.read(1)
        if not ch:
            break
        seen += ch
        if re.search(r"(?:^|[\r\s])[1-9][\d.]*k?/600k", seen):
            break
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    err = seen + err
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "--resume" in err
    part = Results.load(out)
    assert 0 < len(part.completed) < part.config.n_chunks and not part.complete
    r = subprocess.run(cmd[:-1] + ["--resume", str(out), "--no-progress"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr
    done = Results.load(out)
    assert done.complete and done.n_games == 600_000
    assert done.games["game"].is_monotonic_increasing
