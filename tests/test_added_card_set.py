"""A card set registered as a new set will be (issue 47, item 7): the made-up set of
tests/cardset_proof, added with ``DOMSIM_CARD_SETS``, is played by every kind of seat.

Its own tests (tests/cardset_proof/test_proof_set.py) run in a process of their own: the
card table is read when domsim is imported, and the engine compiles it into a cache
folder of its own (sim.numba_cache keys the folder by the added set's sources).  Here:
that run passes; the registration refuses a set it cannot take, in one line; and the
cache folder of a process with the set is not the one of a process without it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim import numba_cache
from sim.cards import sets as card_sets

ROOT = Path(__file__).resolve().parent.parent
PROOF = "tests.cardset_proof.cards"


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"
           or not numba_cache._ours(Path(v))}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _python(code: str, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env=_env(**extra), timeout=120)


@pytest.mark.slow      # a cold compile of the engine for the table with the set: minutes
@pytest.mark.timeout(1800)
def test_the_made_up_set_plays_with_every_kind_of_seat():
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:randomly",
                          "-p", "no:cacheprovider", "tests/cardset_proof"],
                         capture_output=True, text=True, cwd=ROOT, timeout=1500,
                         env=_env(DOMSIM_CARD_SETS=PROOF))
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "skipped" not in run.stdout, run.stdout[-2000:]


def test_without_the_variable_the_made_up_set_is_not_collected():
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only",
                          "-p", "no:cacheprovider", "tests/cardset_proof"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env=_env(DOMSIM_CARD_SETS=""))
    assert run.returncode == pytest.ExitCode.NO_TESTS_COLLECTED, run.stdout[-1000:]


def test_the_set_joins_the_table_after_the_built_in_ones():
    out = _python("import sim.cards as C; print(C.N_CARDS, C.CARDS[-1].name, "
                  "sorted(C.SET_KINGDOMS))", DOMSIM_CARD_SETS=PROOF)
    assert out.returncode == 0, out.stderr
    from sim.cards import N_CARDS
    assert out.stdout.split()[:3] == [str(N_CARDS + 3), "Proof", "Almanac"]
    assert "'proof'" in out.stdout


@pytest.mark.parametrize("value, words", [
    ("tests.no_such_set", "cannot import the card set 'tests.no_such_set'"),
    ("sim.cards.types", "'sim.cards.types' has no CARD_SET"),
    ("sim.cards.base", "ids must be"),
])
def test_a_set_that_cannot_join_is_refused_in_one_line(value, words):
    out = _python("import sim.cards", DOMSIM_CARD_SETS=value)
    assert out.returncode != 0
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("sim.cards.sets.CardSetError:") and words in last, last


def test_the_added_set_keys_its_own_cache_folder():
    assert numba_cache.added_set_modules(" a.b, ,c ,a.b") == ("a.b", "c")
    assert card_sets.ADDED_SETS_VARIABLE == "DOMSIM_CARD_SETS"
    key = "import sim.numba_cache as n; print(n.source_key())"
    plain = _python(key, DOMSIM_CARD_SETS="")
    added = _python(key, DOMSIM_CARD_SETS=PROOF)
    assert plain.returncode == added.returncode == 0
    assert plain.stdout != added.stdout
    # A process started by one with the set (its NUMBA_CACHE_DIR set to that folder)
    # chooses its own folder when it has no set, and keeps it when it has.
    here = "import os, sim; print(os.environ['NUMBA_CACHE_DIR'])"
    folder = _python(here, DOMSIM_CARD_SETS=PROOF).stdout.strip()
    assert folder.endswith(f"numba-{added.stdout.strip()}")
    child = _python(here, DOMSIM_CARD_SETS="", NUMBA_CACHE_DIR=folder).stdout.strip()
    assert child.endswith(f"numba-{plain.stdout.strip()}")
    again = _python(here, DOMSIM_CARD_SETS=PROOF, NUMBA_CACHE_DIR=folder).stdout.strip()
    assert again == folder


def test_the_command_line_says_so_in_one_line():
    out = subprocess.run([sys.executable, "-m", "sim.cli", "cards", "village"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env=_env(DOMSIM_CARD_SETS="nope.mod"))
    assert out.returncode == 2
    assert out.stderr == ("domsim: error: DOMSIM_CARD_SETS: cannot import the card set "
                          "'nope.mod': No module named 'nope'\n")
