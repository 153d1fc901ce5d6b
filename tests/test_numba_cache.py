"""The engine's numba cache is keyed by its sources (sim/numba_cache.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numba

import sim.engine.game  # noqa: F401  (loads every module the compiled engine reads)
from sim import numba_cache

ROOT = Path(__file__).resolve().parents[1]


def test_engine_imports_only_hashed_modules():
    """Every sim module the engine loads is part of the cache key."""
    hashed = {p.relative_to(numba_cache.SIM).as_posix() for p in numba_cache.engine_sources()}
    loaded = {Path(m.__file__).relative_to(numba_cache.SIM).as_posix()
              for name, m in list(sys.modules.items())
              if name.startswith(("sim.engine", "sim.cards")) and getattr(m, "__file__", None)}
    engine_side = loaded - numba_cache.PYTHON_ONLY
    assert engine_side <= hashed
    for name in ("engine/game.py", "engine/zones.py", "engine/decide.py", "engine/layout.py",
                 "cards/__init__.py", "engine/rng.py"):
        assert name in hashed


def _use_copy_of_sim(tmp_path, monkeypatch) -> Path:
    """Point numba_cache at a copy of sim/'s sources (to edit them safely)."""
    copy = tmp_path / "sim"
    for p in numba_cache.SIM.rglob("*.py"):
        target = copy / p.relative_to(numba_cache.SIM)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(p.read_bytes())
    monkeypatch.setattr(numba_cache, "SIM", copy)
    return copy


def test_key_changes_with_any_engine_source(tmp_path, monkeypatch):
    key = numba_cache.source_key()
    copy = _use_copy_of_sim(tmp_path, monkeypatch)
    assert numba_cache.source_key() == key
    (copy / "analysis" / "plot.py").write_text("# a plain-Python module: not part of the key\n")
    (copy / "engine" / "gamelog.py").write_text("# plain Python beside the engine\n")
    assert numba_cache.source_key() == key
    zones = copy / "engine" / "zones.py"
    zones.write_text(zones.read_text() + "\n# edited\n")
    assert numba_cache.source_key() != key


def _fresh_python(code: str) -> list[str]:
    """What ``code`` prints, split in words, run by a new interpreter without
    ``NUMBA_CACHE_DIR`` (as a user's first run)."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True).stdout.split()


def test_cache_folder_set_for_child_processes():
    """Without NUMBA_CACHE_DIR, importing sim points numba at the keyed folder."""
    code = ("import os, numba, sim; from sim import numba_cache as c;"
            "print(os.environ['NUMBA_CACHE_DIR'] == numba.config.CACHE_DIR, "
            "os.environ['NUMBA_CACHE_DIR'].endswith('numba-' + c.source_key()))")
    assert _fresh_python(code) == ["True", "True"]


def test_cli_loads_before_numba_so_ctrl_c_is_caught_early():
    """``import sim`` (and the CLI module) must not import numba, numpy or pandas:
    the CLI's Ctrl-C handler starts in ``main``, so anything heavy imported before it
    is a window where Ctrl-C prints a traceback (issue 13.1). The cache folder is
    still set, and numba, imported later, uses it."""
    code = ("import os, sys, sim.cli;"
            "print(*(m in sys.modules for m in ('numba', 'numpy', 'pandas')));"
            "import numba; print(numba.config.CACHE_DIR == os.environ['NUMBA_CACHE_DIR'])")
    assert _fresh_python(code) == ["False", "False", "False", "True"]


def test_stale_folders_of_other_versions_are_pruned(tmp_path, monkeypatch):
    copy = _use_copy_of_sim(tmp_path, monkeypatch)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)       # restored afterwards
    monkeypatch.setattr(numba.config, "CACHE_DIR", numba.config.CACHE_DIR)
    stale, recent = copy / "__pycache__" / "numba-stale", copy / "__pycache__" / "numba-recent"
    stale.mkdir(parents=True)
    recent.mkdir()
    hour_ago = time.time() - 3600
    os.utime(stale, (hour_ago, hour_ago))
    folder = Path(numba_cache.use_source_keyed_cache())
    assert folder == copy / "__pycache__" / f"numba-{numba_cache.source_key()}"
    assert folder.is_dir() and numba.config.CACHE_DIR == str(folder)
    assert not stale.exists() and recent.exists()
    # A folder chosen by the user is left alone.
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert numba_cache.use_source_keyed_cache() is None


# -- the compile notice ----------------------------------------------------------------


def _fresh_jit(source: str, module: str) -> dict:
    """The functions ``source`` defines, jitted anew (no cache: numba compiles them when
    asked), as if defined in ``module`` (the notice goes by a function's module)."""
    namespace: dict = {"njit": numba.njit, "__name__": module}
    exec(source, namespace)
    return namespace


def _noticed(capsys, monkeypatch, tmp_path, block) -> tuple[str, dict]:
    """What compile_notice prints around ``block`` and the compile times it then keeps
    (in ``tmp_path``, through NUMBA_CACHE_DIR: the real ones are left alone)."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    capsys.readouterr()
    with numba_cache.compile_notice():
        block()
    return capsys.readouterr().err, numba_cache.last_compile_times()


def test_notice_when_the_engine_compiles(capsys, monkeypatch, tmp_path):
    """An engine function compiling (a cold cache's case) prints the notice, and its
    duration is kept for the next cold run's notice."""
    fns = _fresh_jit("@njit\ndef step(x):\n    return x + 1\n", "sim.engine.game")
    err, times = _noticed(capsys, monkeypatch, tmp_path,
                          lambda: fns["step"].compile((numba.int64,)))
    assert err.splitlines() == [numba_cache.COMPILE_NOTICE]
    assert set(times) == {"base"}


def test_no_notice_when_the_cache_holds_the_code(capsys, monkeypatch, tmp_path):
    """A function already compiled (or loaded from the disk cache) compiles nothing:
    no notice, no compile time kept."""
    from sim.engine import rng

    rng._rotl(numba.uint64(3), 5)            # compiled or loaded: in this process now
    err, times = _noticed(capsys, monkeypatch, tmp_path,
                          lambda: rng._rotl(numba.uint64(3), 5))
    assert err == "" and times == {}


def test_card_texts_new_to_the_cache_are_not_the_engines_compile(capsys, monkeypatch,
                                                                 tmp_path):
    """A kingdom with cards the cache has not seen compiles just those cards' texts (and
    the helpers only they call), the engine itself being cached: seconds. That is not
    "compiling the engine (about 20 s ...)", nor a cold compile's time to keep."""
    helper = _fresh_jit("@njit\ndef gain_two(x):\n    return x + 2\n", "sim.engine.zones")
    card = _fresh_jit("@njit\ndef new_card(x):\n    return gain_two(x) * 2\n",
                      "sim.engine.adventures.cards")
    card["gain_two"] = helper["gain_two"]
    err, times = _noticed(capsys, monkeypatch, tmp_path,
                          lambda: card["new_card"].compile((numba.int64,)))
    assert numba_cache.COMPILE_NOTICE not in err
    assert err.splitlines() == [numba_cache.CARDS_NOTICE]
    assert times == {}


def test_notice_figures_are_the_measured_ones():
    """The notice says what experiments/cold_start.py measured on a quiet 2-core machine,
    in the README's words: a first base game's result about 20 s after the install, a
    first Adventures game's about a minute (it said "half a minute, Adventures a few
    minutes" while the README said 20 s and a minute; 0.10.0 "about 25 s, a minute and a
    half"; 0.11.0 measured 19-20 s and 65-67 s)."""
    import json

    runs = json.loads((ROOT / "experiments" / "results" / "cold_start.json").read_text())["runs"]
    base = [r["first_run"]["first_result_s"] for k, r in runs.items() if k.startswith("base")]
    adv = [r["first_run"]["first_result_s"] for k, r in runs.items() if k.startswith("advent")]
    assert base and adv
    words = ("about 20 s on a quiet 2-core machine, about a minute for a first "
             "Adventures game")
    assert words in numba_cache.COMPILE_NOTICE
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert words in readme
    assert all(abs(s - 20) <= 0.25 * s for s in base), base
    assert all(abs(s - 60) <= 0.25 * s for s in adv), adv
