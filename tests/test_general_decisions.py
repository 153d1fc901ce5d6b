"""experiments/general_decisions.py (issue 49 item 3): each in-card decision measured
alone, on boards of its own, and the policy's twins it writes; checked on the committed
every-decision policy (general-every) with ``--quick``'s few boards and games, never its
strength."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EVERY = ROOT / "experiments/results/learn/general-every"
SCRIPT = ROOT / "experiments/general_decisions.py"


def _rows(path: Path) -> list[dict]:
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


@pytest.mark.timeout(600)
def test_quick_count_ablate_choose(tmp_path):
    """count: rows per (board, decision) on boards none of which is one general_eval.py
    judges by; ablate: each in-card decision (none of the base ones) on the boards that
    ask it, its verdict by its interval; choose: the measured twin leaves out exactly the
    decisions BMU plays better, the base twin takes the base decisions."""
    sys.path.insert(0, str(ROOT / "experiments"))
    import general_decisions as gd

    policy = tmp_path / "every"
    policy.mkdir()
    for name in ("policy.npz", "policy.json"):
        (policy / name).write_bytes((EVERY / name).read_bytes())
    subprocess.run([sys.executable, str(SCRIPT), "--policy", str(policy), "--quick",
                    "--part", "count", "--part", "ablate", "--part", "choose"],
                   check=True, cwd=ROOT, capture_output=True, text=True)
    work = policy / "decisions"
    counted = _rows(work / "decisions.csv")
    judged = set()
    for _, _, path in gd.POOLS:
        judged |= {(r["kingdom"], r["events"]) for r in _rows(path)}
    boards = {(r["pool"], int(r["seed"])) for r in counted}
    assert len(boards) == 6 and min(seed for _, seed in boards) >= gd.MEASURE_SEED
    assert {r["pool"] for r in counted} == {"base+adventures", "all"}
    for r in counted:
        assert 0 <= float(r["differs_a_game"]) <= float(r["asked_a_game"])
    ablated = _rows(work / "ablation.csv")
    assert ablated and not {r["decision"] for r in ablated} & set(gd.BASE.split(","))
    for r in ablated:
        lo, hi = float(r["ci_low"]), float(r["ci_high"])
        assert r["verdict"] == ("fallback" if hi < 0.5 else "policy" if lo > 0.5 else "even")
        assert int(r["games"]) == 40 * int(r["boards"])
    from sim.env.actions import DECISIONS, decision_codes

    dropped = {r["decision"] for r in ablated if r["verdict"] == "fallback"}
    measured = json.loads((gd.measured_dir(policy) / "policy.json").read_text())
    assert decision_codes(measured["decisions"]) == \
        {code for name, code in DECISIONS.items() if name not in dropped}
    base = json.loads((gd.base_dir(policy) / "policy.json").read_text())
    assert base["decisions"] == gd.BASE
    assert (gd.base_dir(policy) / "policy.npz").read_bytes() == \
        (EVERY / "policy.npz").read_bytes()
    for b in gd.boards(type("A", (), {"boards": 3})()):
        assert (";".join(b["kingdom"]), ";".join(b["events"])) not in judged
