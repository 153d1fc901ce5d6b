"""The deciders: how card texts and turns reach the players' decisions.

``decision_calls`` compiles one decider per rule bot a game needs and hands them on as
the first member of the engine's ``H`` (sim.engine.cardcalls), indexed by sim.engine.layout
DECIDE_*: sim.engine.decide.decide (a base game's every question); for a game running the
Adventures turn sim.engine.adventures.decide.decide_adv (the base and Adventures
questions) and, where its cards are Intrigue's, sim.engine.intrigue_defaults.decide_intrigue
(the questions declared RULES_INTRIGUE).  ``ask`` picks the member a question declares
(sim.engine.codes DEC_DECIDER); a member a game cannot reach is a stub, never compiled
for it: a base game compiles no Adventures rule bot, an Adventures game no Intrigue one.
This module sits above the deciders so that none of their modules imports another's
layer back (docs/reference/layout.md).
"""

from __future__ import annotations

from collections.abc import Iterable

from numba import njit

from sim.engine.adventures.decide import decide_adv
from sim.engine.codes import DEC_CARD, DEC_RULES, RULES_INTRIGUE
from sim.engine.decide import DECIDE_SIGNATURE, decide
from sim.engine.intrigue_defaults import decide_intrigue
from sim.engine.layout import DECIDE_ADV, DECIDE_BASE, DECIDE_INTRIGUE, N_DECIDERS

assert (DECIDE_BASE, DECIDE_ADV, DECIDE_INTRIGUE) == tuple(range(N_DECIDERS))


@njit(DECIDE_SIGNATURE.return_type(*DECIDE_SIGNATURE.args), cache=True)
def _no_decide(S, R, T, P, Q, hooks, p, d, arg):  # pragma: no cover - never called
    """Stands in for a decider the game cannot reach (numba types a tuple of functions
    of one signature as function pointers; one alone would be inlined)."""
    return -1


def _compile_once(dispatcher, signature) -> None:
    """Compile ``dispatcher`` for ``signature`` (or load it from the cache) unless it was
    compiled and locked already (see below: a locked one cannot compile again)."""
    if dispatcher._can_compile:
        dispatcher.compile(signature)


def rule_bots_asked(card_ids: Iterable[int]) -> frozenset[int]:
    """The rule bots (sim.cards.decisions RULES_*) whose questions a game of these cards
    (and Events) can ask: those its cards' questions declare, and the turn's own."""
    cards = {int(c) for c in card_ids}
    return frozenset(int(DEC_RULES[d]) for d in range(len(DEC_RULES))
                     if DEC_CARD[d] < 0 or DEC_CARD[d] in cards)


def decision_calls(hooks: tuple, adventures: bool = False,
                   card_ids: Iterable[int] = ()) -> tuple:
    """``(deciders, hooks)``: how card texts and turns reach the players.

    Compiles each decider the game needs for the engine's argument types (or loads it
    from the cache) the first time; the engine calls ``H[H_DECIDE][DECIDE_BASE]`` in a
    base game (sim.engine.steps.ask) and ``H[H_DECIDE][DEC_DECIDER[d]]`` in a game with
    Adventures cards, Events or another set's cards; the others are stubs.
    """
    if not adventures:
        _compile_once(decide, DECIDE_SIGNATURE)
        return ((decide, _no_decide, _no_decide), hooks)
    # A game running the Adventures turn asks no question of DECIDE_BASE (codes.DEC_DECIDER
    # sends the base rule bot's to decide_adv): a stub there, so it does not compile decide.
    deciders = [_no_decide, decide_adv, _no_decide]
    if RULES_INTRIGUE in rule_bots_asked(card_ids):
        deciders[DECIDE_INTRIGUE] = decide_intrigue
    for fn in deciders:
        if fn is not _no_decide:
            _compile_once(fn, DECIDE_SIGNATURE)
    # None compiles anything more: numba then types the tuple as function pointers of one
    # signature (otherwise as dispatcher types, whose identity is this process's, and
    # nothing compiled for them could be loaded from the disk cache).
    for fn in deciders:
        if fn is not _no_decide:
            fn.disable_compile()
    return (tuple(deciders), hooks)
