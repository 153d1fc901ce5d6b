"""Compiled decision hooks: bot logic the rule language cannot say, still compiled.

A hook is an ``@njit`` function with the signature :data:`HOOK_SIGNATURE`::

    @njit(HOOK_SIGNATURE, cache=True)
    def my_hook(S, p, decision, arg):
        if decision == D_BUY and coins(S) >= 6 and owned(S, p, GOLD) == 0:
            return GOLD
        return USE_DEFAULT           # let the bot's rule program decide

It is asked first for every decision of the bot that carries it (see
``bots.compiled.CompiledBot``); answering ``USE_DEFAULT`` hands the decision
on to the bot's rules.  The engine passes hooks as first-class functions, so
adding one does not recompile the engine.

A hook receives the raw state vector.  It must read it only through the
accessors below, which expose what player ``p`` may know; indexing ``S``
directly (another hand, the draw-pile order) is cheating, and easy to spot
in review because nothing else needs ``sim.layout``.
"""

from __future__ import annotations

import warnings

from numba import njit, types
from numba.core.errors import NumbaExperimentalFeatureWarning

from sim import layout as L
from sim.cards import COST, N_CARDS
from sim.codes import USE_DEFAULT

# Hooks are numba's first-class functions, still flagged experimental; we test them.
warnings.filterwarnings("ignore", category=NumbaExperimentalFeatureWarning)

HOOK_SIGNATURE = types.int64(types.int32[::1], types.int64, types.int64, types.int64)
MAX_HOOKS = 4   # distinct hooks in one batch


@njit(HOOK_SIGNATURE, cache=True)
def no_hook(S, p, decision, arg):
    """The empty slot: always defers to the rules."""
    return USE_DEFAULT


@njit(cache=True)
def in_hand(S, p, c):
    return S[L.HAND0 + p * L.N_SLOTS + c]


@njit(cache=True)
def owned(S, p, c):
    """Cards of id ``c`` player ``p`` owns (any player's: gains are public)."""
    return S[L.OWN0 + p * L.N_SLOTS + c]


@njit(cache=True)
def cards_owned(S, p):
    return S[L.OWN_N + p]


@njit(cache=True)
def money(S, p):
    """Total $ value of player ``p``'s cards."""
    return S[L.MONEY + p]


@njit(cache=True)
def supply(S, c):
    return S[L.SUPPLY + c]


@njit(cache=True)
def coins(S):
    """$ the player whose turn it is has left."""
    return S[L.V + L.V_COINS]


@njit(cache=True)
def buys(S):
    return S[L.V + L.V_BUYS]


@njit(cache=True)
def actions(S):
    return S[L.V + L.V_ACTIONS]


@njit(cache=True)
def turn(S, p):
    """Player ``p``'s turn number (1 on its first turn)."""
    return S[L.TURNS + p] + 1


@njit(cache=True)
def draw_size(S, p):
    return S[L.DECK_N + p]


@njit(cache=True)
def players(S):
    return S[L.V + L.V_NP]


@njit(cache=True)
def can_gain(S, c, max_cost):
    """Card ``c`` is in the supply, not empty, and costs at most ``max_cost``."""
    return (0 <= c < N_CARDS and S[L.IN_SUPPLY + c] != 0 and S[L.SUPPLY + c] > 0
            and COST[c] <= max_cost)


def hooks_tuple(hooks: list) -> tuple:
    """The fixed-size tuple the engine takes (unused slots hold ``no_hook``)."""
    if len(hooks) > MAX_HOOKS:
        raise ValueError(f"at most {MAX_HOOKS} bots with compiled hooks can play in one batch")
    return tuple(hooks) + (no_hook,) * (MAX_HOOKS - len(hooks))
