"""The test tiers (issue 26 item 7): the README's test command runs the default tier; the
long statistical runs are marked ``slow``, skipped there with the way to run them, and run
by ``pytest -m slow`` (CI: .ci/run, within a budget)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLOW_FILE = "tests/test_notebooks.py"   # holds slow tests (the notebook runs) and fast ones
# One slow run per committed notebook (test_notebooks.NAMES), so adding a notebook keeps
# these counts true.
SLOW_COUNT = len(list((ROOT / "notebooks").glob("*.ipynb")))


def pytest_run(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    return done.stdout + done.stderr


def test_slow_marker_is_registered_and_durations_are_reported(pytestconfig):
    assert any(m.startswith("slow:") for m in pytestconfig.getini("markers"))
    assert "--durations=25" in pytestconfig.getini("addopts")


def test_default_run_skips_slow_tests_saying_how_to_run_them():
    out = pytest_run(SLOW_FILE, "-k", "notebook_runs", "-rs")
    assert f"{SLOW_COUNT} skipped" in out, out
    assert "slow tier: run with `pytest -m slow` or --runslow" in out


def test_marker_expression_selects_the_slow_tier():
    # (-q twice with the addopts' -q: one line per file with its count)
    assert f"{SLOW_FILE}: {SLOW_COUNT}" in pytest_run(SLOW_FILE, "-m", "slow",
                                                       "--collect-only", "-q")
    # the fast checks are the rest of the file: the two tiers split it, nothing lost
    everything = pytest_run(SLOW_FILE, "--collect-only", "-q")
    total = int(everything.split(f"{SLOW_FILE}: ")[1].split()[0])
    assert total > SLOW_COUNT, everything
    assert f"{SLOW_FILE}: {total - SLOW_COUNT}" in pytest_run(
        SLOW_FILE, "-m", "not slow", "--collect-only", "-q")
