"""One compiled copy of each engine function, whatever constants its callers pass.

numba types a constant argument at a call site (``ask(..., D_CELLAR, 0)``,
``random_card(..., True, ACTION, 0, True)``) as a *literal* and compiles a
separate copy of the callee, and of everything the callee calls in turn, for
every distinct value.  On the base-game engine that made 153 compiled copies
of 28 functions (25 of ``fail``, 14 of the ``ask`` -> ``decide`` ->
``rules_decide`` chain), most of the cold compile a new user waits for.

:func:`compile_once_per_type` makes the engine's functions type their
arguments without literals, so each compiles once per argument *type*.  The
constants still reach the code as ordinary integers: the games are the same,
and the hot decisions never went through these calls anyway (rule bots take
direct paths in ``play_turn``).  A function that truly needs a literal (none
does today) can be left out by defining it in a module not passed here.
"""

from __future__ import annotations

from types import ModuleType

from numba import types
from numba.core.registry import CPUDispatcher


def _unliteral(ty):
    """The argument type without its literal value; signed integers widened to int64, so
    an int32 read from the state and an int64 computed value share one compiled copy."""
    ty = types.unliteral(ty)
    if isinstance(ty, types.Integer) and ty.signed:
        return types.int64
    return ty


def _type_without_literals(dispatcher: CPUDispatcher) -> None:
    """Make calls from compiled code to ``dispatcher`` resolve on non-literal types."""
    if getattr(dispatcher, "_domsim_unliteral", False):
        return
    resolve = dispatcher.get_call_template

    def get_call_template(args, kws):
        return resolve(tuple(_unliteral(a) for a in args),
                       {k: _unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    dispatcher._domsim_unliteral = True


def compile_once_per_type(*modules: ModuleType) -> int:
    """Apply :func:`_type_without_literals` to every numba function defined in
    ``modules`` (before anything is compiled); returns how many were changed."""
    n = 0
    for module in modules:
        for obj in vars(module).values():
            if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == module.__name__:
                _type_without_literals(obj)
                n += 1
    return n
