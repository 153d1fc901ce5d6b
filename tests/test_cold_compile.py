"""A cold numba cache compiles the engine in two processes (sim/engine/cold_compile.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.engine import cold_compile
from sim.runner import Match

ROOT = Path(__file__).resolve().parents[1]

_PLAY = """
import json, sys
from sim.runner import Match
from sim.engine.decide import decide
res = Match("militia-bm", "bmu", games=300, seed=5, processes=1).play(progress=False)
print(json.dumps({"scores": res.games[["score_0", "score_1"]].values.tolist(),
                  "decide_hits": sum(decide.stats.cache_hits.values()),
                  "decide_misses": sum(decide.stats.cache_misses.values())}))
"""


@pytest.mark.slow  # compiles the whole engine cold in a child: minutes of CPU
def test_cold_cache_compiles_decide_in_a_child_and_plays_the_same_games(tmp_path):
    """With an empty cache the child writes ``decide`` to it and this process loads it
    (a cache hit, no compile of its own); the games equal those of a warm engine."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", _PLAY], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True, timeout=900).stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert list(tmp_path.rglob("decide.decide-*.nbi")), "the child wrote no decide to the cache"
    assert got["decide_hits"] == 1 and got["decide_misses"] == 0
    warm = Match("militia-bm", "bmu", games=300, seed=5, processes=1).play(progress=False)
    np.testing.assert_array_equal(np.array(got["scores"]),
                                  warm.games[["score_0", "score_1"]].values)


def test_a_cache_holding_decide_counts_as_warm(monkeypatch, tmp_path):
    """The child is started only while the cache has no ``decide``."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert not cold_compile._cache_has_decide()
    (tmp_path / "engine_x").mkdir()
    (tmp_path / "engine_x" / "decide.decide-700.py311.nbi").write_bytes(b"")
    assert cold_compile._cache_has_decide()
