"""Engine functions compile once per argument type, not once per constant passed
(sim.engine.unliteral): constants at call sites used to multiply cold compile time."""

from __future__ import annotations

import sys

from numba import njit
from numba.core.registry import CPUDispatcher

import sim.engine.decide
import sim.engine.game
import sim.engine.rng
import sim.engine.zones
from sim.engine.unliteral import compile_once_per_type


@njit
def _callee(d, arg):
    return d * 10 + arg


@njit
def _caller_with_constants():
    # Three distinct literal pairs: without the fix, three compiled copies.
    return _callee(1, 0) + _callee(2, 0) + _callee(3, 7)


@njit
def _plain_callee(d):
    return d + 1


def test_constants_share_one_compiled_copy():
    assert compile_once_per_type(sys.modules[__name__]) >= 2
    assert _caller_with_constants() == 10 + 20 + 37
    assert len(_callee.overloads) == 1
    # The same function once more, unchanged: compile_once_per_type is idempotent.
    compile_once_per_type(sys.modules[__name__])
    assert _caller_with_constants() == 67 and len(_callee.overloads) == 1


def test_numba_alone_would_compile_a_copy_per_constant():
    """The behaviour the module works around (if numba stops doing this, the
    module can go): a fresh, unpatched dispatcher gets one copy per literal."""
    callee = njit(_plain_callee.py_func)

    @njit
    def caller():
        return callee(1) + callee(2)

    assert caller() == 5
    assert len(callee.overloads) == 2


def test_every_engine_function_is_patched():
    for module in (sim.engine.game, sim.engine.decide, sim.engine.zones, sim.engine.rng):
        funcs = [f for f in vars(module).values()
                 if isinstance(f, CPUDispatcher) and f.py_func.__module__ == module.__name__]
        assert funcs, module.__name__
        missing = [f.py_func.__name__ for f in funcs if not getattr(f, "_domsim_unliteral", False)]
        assert not missing, f"{module.__name__}: {missing}"


# Run in a fresh interpreter (nothing compiled or loaded yet): every engine function
# the run asks numba for, new to the asking process, with that process's id.
_WHO_COMPILES = """
import json, os, sys
from numba.core import sigutils
from numba.core.dispatcher import Dispatcher

asked = []
real = Dispatcher.compile

def compile(self, sig):
    args, _ = sigutils.normalize_signature(sig)
    if tuple(args) not in self.overloads:
        line = f"{os.getpid()} {self.py_func.__module__} {self.py_func.__qualname__}\\n"
        with open(sys.argv[1], "a") as f:     # forked workers append here too
            f.write(line)
    return real(self, sig)

Dispatcher.compile = compile
from sim.runner.api import Match
kingdom = sys.argv[2] or None
Match("lost-arts-seaway" if kingdom else "smithy-bm", "bmu", games=60, seed=1, chunk_size=10,
      processes=2, kingdom=kingdom, events=sys.argv[3] or None).play(progress=False)
print(os.getpid())
"""


def _asked(tmp_path, kingdom: str = "", events: str = "") -> tuple[int, list[list[str]]]:
    """The parent's process id and the engine functions a 2-process match asked for
    (pid, module, name), compiling them or loading them from the cache."""
    import subprocess

    log = tmp_path / "asked.txt"
    out = subprocess.run([sys.executable, "-c", _WHO_COMPILES, str(log), kingdom, events],
                         capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in log.read_text().splitlines()]
    return int(out.split()[-1]), [r for r in rows if r[1].startswith("sim.engine")]


def test_a_base_run_with_two_processes_compiles_once_and_no_adventures_code(tmp_path):
    """The parent compiles (or loads) the engine before forking: the workers ask numba
    for nothing.  A base-set game never touches the Adventures engine."""
    parent, asked = _asked(tmp_path)
    assert any(r[2] == "run_batch" for r in asked)           # the log does see the engine
    assert [r for r in asked if int(r[0]) != parent] == []
    assert [r for r in asked if r[1].startswith("sim.engine.adventures")] == []


def test_an_adventures_run_with_two_processes_compiles_once(tmp_path):
    """The same for an Adventures game (the README's board K1 and its Events)."""
    parent, asked = _asked(tmp_path, "Page,Peasant,Lost City,Royal Carriage,Coin of the Realm,"
                           "Distant Lands,Relic,Bridge Troll,Smithy,Laboratory",
                           "Lost Arts,Seaway")
    assert any(r[2] == "play_turn_adv" for r in asked)
    assert [r for r in asked if int(r[0]) != parent] == []


def test_an_adventures_kingdom_asks_only_for_its_own_card_texts(tmp_path):
    """Board K1 (no Amulet, Dungeon, Haunted Woods, Swamp Hag, Caravan Guard, Magpie,
    Messenger; Events Lost Arts and Seaway only): numba is asked for the texts of the
    game's cards (its Travellers' lines too) and of no other Adventures card or Event
    (sim.engine.cardcalls.card_calls)."""
    _, asked = _asked(tmp_path, "Page,Peasant,Lost City,Royal Carriage,Coin of the Realm,"
                      "Distant Lands,Relic,Bridge Troll,Smithy,Laboratory", "Lost Arts,Seaway")
    texts = {r[2] for r in asked if r[1] in ("sim.engine.adventures.cards",
                                              "sim.engine.adventures.events")}
    assert {"relic", "bridge_troll", "lost_arts", "seaway"} <= texts    # the log sees them
    assert texts.isdisjoint({"amulet", "dungeon", "haunted_woods", "swamp_hag",
                             "caravan_guard", "magpie", "messenger", "alms", "borrow",
                             "training", "pathfinding"})
