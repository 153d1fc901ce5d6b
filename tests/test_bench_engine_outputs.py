"""experiments/bench_engine.py writes a file only when told (issue 26 item 8): a run
used to rewrite the tracked experiments/results/bench_engine.json.

The games and the C yardstick are replaced by stand-ins (the timing is not under
test, the writing is): ``ours`` returns a fixed speed, no C program is built.
"""

from __future__ import annotations

import json
import sys

from tests.conftest import experiment


def _run(monkeypatch, *argv: str) -> None:
    bench = experiment("bench_engine")
    monkeypatch.setattr(bench, "build_limit", lambda folder: None)
    monkeypatch.setattr(bench, "ours", lambda a, b, games, reps, *rest: 1000.0)
    monkeypatch.setattr(bench, "compile_times", lambda: {"cold": 1.0, "cached": 0.1})
    monkeypatch.setattr(sys, "argv", ["bench_engine.py", "--games", "10", *argv])
    bench.main()


def test_a_run_prints_and_writes_nothing(monkeypatch, capsys, tmp_path):
    tracked = experiment("bench_engine").HERE / "experiments" / "results" / "bench_engine.json"
    before = tracked.read_bytes() if tracked.exists() else None
    monkeypatch.chdir(tmp_path)
    _run(monkeypatch)
    out = capsys.readouterr().out
    assert '"domsim_games_per_cpu_s": 1000' in out and "wrote" not in out
    assert (tracked.read_bytes() if tracked.exists() else None) == before
    assert list(tmp_path.iterdir()) == []


def test_out_writes_the_results(monkeypatch, capsys, tmp_path):
    out = tmp_path / "bench.json"
    _run(monkeypatch, "--out", str(out))
    data = json.loads(out.read_text())
    assert data["games"] == 10 and data["compile_seconds"] == {"cold": 1.0, "cached": 0.1}
    assert all(r["domsim_games_per_cpu_s"] == 1000 for r in data["rows"])
    assert f"wrote {out}" in capsys.readouterr().out
