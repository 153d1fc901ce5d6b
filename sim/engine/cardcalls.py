"""Card texts called through pointers, so a game compiles only its own cards.

The engine reaches each card's function (:data:`sim.engine.base_set.CARD_TEXT`)
through a table of first-class functions indexed by the card's ``special``
code, the third member of the engine's ``H`` argument (:func:`engine_calls`).
Two reasons.  numba compiles a function together with a copy of everything it
calls, so a turn that called every card text directly carried all of them
through every level above it; and a table lets a game compile just the texts of
the cards it uses: a First Game tournament compiles 6 card functions, not 19,
and the Adventures cards will cost nothing to a base-set run.  A card not in the
game gets :func:`_no_text` (never called).  Each function, once compiled, is in
the disk cache for every later game that uses it.
"""

from __future__ import annotations

from collections.abc import Iterable

from numba import njit, types

from sim.cards import CARDS
from sim.engine.base_set import CARD_TEXT
from sim.engine.decide import DECIDE_SIGNATURE, decision_calls
from sim.engine.hooks import HOOK_SIGNATURE, MAX_HOOKS

N_SPECIALS = max(CARD_TEXT) + 1
# ``D``: the decision function pair and the hooks (sim.engine.decide.decision_calls).
DECISION_CALLS = types.Tuple((types.UniTuple(types.FunctionType(DECIDE_SIGNATURE), 2),
                              types.UniTuple(types.FunctionType(HOOK_SIGNATURE), MAX_HOOKS)))
CARD_SIGNATURE = types.none(
    types.CPointer(types.int32), types.CPointer(types.uint64), types.CPointer(types.int32),
    types.CPointer(types.int32), types.CPointer(types.float64), DECISION_CALLS, types.int64)


@njit(CARD_SIGNATURE, cache=True)
def _no_text(S, R, T, P, Q, D, p):  # pragma: no cover - a card not in the game
    """Stands in the table for the cards a game does not use."""
    return


def card_calls(card_ids: Iterable[int]) -> tuple:
    """The table of card functions for a game of these cards (index: special code).

    Compiles the functions it needs, or loads them from the disk cache.
    """
    wanted = {CARDS[c].special for c in card_ids} & set(CARD_TEXT)
    table = []
    for sp in range(N_SPECIALS):
        if sp in wanted:
            CARD_TEXT[sp].compile(CARD_SIGNATURE)
            table.append(CARD_TEXT[sp])
        else:
            table.append(_no_text)
    return tuple(table)


def engine_calls(hooks: tuple, card_ids: Iterable[int]) -> tuple:
    """The engine's ``H``: ``((decide, stub), hooks, card table)``.

    Turns pass ``(H[0], H[1])`` (``D``) to card texts, which ask players through it.
    """
    pair, hooks = decision_calls(hooks)
    return (pair, hooks, card_calls(card_ids))
