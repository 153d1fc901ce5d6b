"""The decision pair: how card texts and turns reach the players' decisions.

``decision_calls`` compiles sim.engine.decide.decide (and, for a game with Adventures
cards or Events, sim.engine.adventures.decide.decide_adv) and hands them on as the first
member of the engine's ``H`` (sim.engine.cardcalls).  It sits above both deciders so that
neither decision module imports the other's layer back: the base decisions are below the
Adventures modules, which use their rule helpers (docs/reference/layout.md).
"""

from __future__ import annotations

from numba import njit

from sim.engine.adventures.decide import decide_adv
from sim.engine.decide import DECIDE_SIGNATURE, decide


@njit(DECIDE_SIGNATURE.return_type(*DECIDE_SIGNATURE.args), cache=True)
def _no_decide(S, R, T, P, Q, hooks, p, d, arg):  # pragma: no cover - never called
    """Second member of the pair :func:`decision_calls` builds (numba types a tuple of two
    functions of one signature as function pointers; one alone would be inlined)."""
    return -1


def _compile_once(dispatcher, signature) -> None:
    """Compile ``dispatcher`` for ``signature`` (or load it from the cache) unless it was
    compiled and locked already (see below: a locked one cannot compile again)."""
    if dispatcher._can_compile:
        dispatcher.compile(signature)


def decision_calls(hooks: tuple, adventures: bool = False) -> tuple:
    """``(decide, second), hooks``: how card texts and turns reach the players.

    Compiles ``decide`` for the engine's argument types (or loads it from the cache)
    the first time; the engine calls it as ``H[H_DECIDE][DECIDE_BASE](..., H[H_HOOKS], ...)``
    (sim.engine.steps.ask).  In a game with Adventures cards or Events the second
    member is sim.engine.adventures.decide.decide_adv, which ``ask`` calls instead
    (every decision of such a game goes there); otherwise it is a stub, so a base-set
    game never compiles the Adventures decisions.
    """
    _compile_once(decide, DECIDE_SIGNATURE)
    if not adventures:
        return ((decide, _no_decide), hooks)
    _compile_once(decide_adv, DECIDE_SIGNATURE)
    # Neither compiles anything more: numba then types the pair as two function pointers
    # of one signature (otherwise as two dispatcher types, whose identity is this
    # process's, and nothing compiled for them could be loaded from the disk cache).
    decide.disable_compile()
    decide_adv.disable_compile()
    return ((decide, decide_adv), hooks)
