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
