"""Compiled decision hooks: bot logic the rule language cannot say, still compiled.

A hook is an ``@njit`` function with the signature :data:`HOOK_SIGNATURE`::

    @njit(HOOK_SIGNATURE, cache=True)
    def my_hook(V, decision, arg):
        if decision == D_BUY and coins(V) >= 6 and owned(V, ME, GOLD) == 0:
            return GOLD
        return USE_DEFAULT           # let the bot's rule program decide

It is asked first for every decision of the bot that carries it (see
``bots.compiled.CompiledBot``); answering ``USE_DEFAULT`` hands the decision
on to the bot's rules.  The engine passes hooks as first-class functions, so
adding one does not recompile the engine.

What a hook sees
----------------
``V`` is the deciding player's view, not the game state: an int32 array of
:data:`VIEW_SIZE` numbers that holds only what that player may know (RULES.md,
"Public and hidden information"): every player's owned cards, hand size,
draw- and discard-pile sizes, discard top, turns taken, $ value of owned cards
and score (another player's owned cards as the deciding player may know them: a
card Masquerade passed between two others is not in them, ``hide_passes``); the
supply, trash and the turn's counters; and the deciding player's own hand and the
known top of its own draw pile (the cards it put there, or looked at and put back,
since its last shuffle: ``known_on_deck``, ``known_deck_top``).  No other hand, no
discard-pile contents and no other draw-pile order is in it, so a hook cannot read
them.  It is a window on the engine's state (``S[HOOK_VIEW : HOOK_VIEW +
VIEW_SIZE]``, see ``sim.engine.layout``) into which the engine copies the decider's
hand, known deck top and seat just before the call: it costs one copy of a hand
(and of the few known cards) per call.  Read it through the accessors below and
never write to it; indexing outside ``0 .. VIEW_SIZE - 1`` is undefined behaviour.

Accessors take no seat for private things (``in_hand(V, c)``,
``draw_size(V)``); public per-player things take ``who``: 0 is the deciding
player, 1 the next player in turn order, and so on (taken modulo the number
of players), so a hook never needs to know its seat.
"""

from __future__ import annotations

import warnings

from numba import carray, njit, types
from numba.core.errors import NumbaExperimentalFeatureWarning

from sim.cards import COST, N_CARDS, VP_PER_CARD, VP_PER_CARDS, VP_RULE_CARDS
from sim.engine import layout as L
from sim.engine.codes import USE_DEFAULT
from sim.engine.pointers import shifted
from sim.engine.zones import count_owned, known_owned
from sim.engine.zones import known_on_deck as _known_on_deck_engine

# Hooks are numba's first-class functions, still flagged experimental; we test them.
warnings.filterwarnings("ignore", category=NumbaExperimentalFeatureWarning)

HOOK_SIGNATURE = types.int64(types.int32[::1], types.int64, types.int64)
MAX_HOOKS = 4   # distinct hooks in one batch
#: How the engine holds a batch's hooks: a pointer to their row of function values in
#: memory (sim.engine.cardcalls: the call tables), a bot's hook ``k`` at ``[k - 1]``.
HOOK_TABLE = types.CPointer(types.FunctionType(HOOK_SIGNATURE))
ME = 0          # ``who`` of the deciding player
KNOWN_TOP_MAX = L.KNOWN_TOP_MAX   # known deck-top cards a view holds at most

VIEW_SIZE = L.HOOK_VIEW_N
# The cards that score by a rule and their rules (compile-time constants of score).
_VP_RULES = VP_RULE_CARDS
_VP_PER_CARDS = VP_PER_CARDS
_VP_PER_CARD = VP_PER_CARD
# Offsets inside the view (the state's offsets minus where the view starts).
_OWN = L.OWN0 - L.HOOK_VIEW
_HAND = L.SEEN_HAND - L.HOOK_VIEW
_TOP_N = L.SEEN_TOP_N - L.HOOK_VIEW
_TOP = L.SEEN_TOP - L.HOOK_VIEW
_SUPPLY = L.SUPPLY - L.HOOK_VIEW
_TRASH = L.TRASH - L.HOOK_VIEW
_IN_SUPPLY = L.IN_SUPPLY - L.HOOK_VIEW
_HAND_N = L.HAND_N - L.HOOK_VIEW
_DECK_N = L.DECK_N - L.HOOK_VIEW
_DISC_N = L.DISC_N - L.HOOK_VIEW
_OWN_N = L.OWN_N - L.HOOK_VIEW
_TURNS = L.TURNS - L.HOOK_VIEW
_DISC_TOP = L.DISC_TOP - L.HOOK_VIEW
_MONEY = L.MONEY - L.HOOK_VIEW
_VP = L.VP - L.HOOK_VIEW
_G = L.V - L.HOOK_VIEW


@njit(cache=True)
def hook_view(S, p):
    """Player ``p``'s view for a hook (engine side; ``S`` is the state pointer).

    Copies ``p``'s hand and the known top of ``p``'s draw pile (at most
    ``KNOWN_TOP_MAX`` cards, top first) into the view's blocks and records ``p``
    as the decider.
    """
    h0 = L.HAND0 + p * L.N_SLOTS
    for c in range(N_CARDS):
        S[L.SEEN_HAND + c] = S[h0 + c]
    n = S[L.DECK_N + p]
    k = _known_on_deck_engine(S, p)
    if k > L.KNOWN_TOP_MAX:
        k = L.KNOWN_TOP_MAX
    S[L.SEEN_TOP_N] = k
    top = L.DECK + p * L.MAX_DECK + n - 1
    for i in range(k):
        S[L.SEEN_TOP + i] = S[top - i]
    S[L.V + L.V_DECIDER] = p
    return carray(shifted(S, L.HOOK_VIEW), VIEW_SIZE)


@njit(cache=True)
def hide_passes(S, T, p):
    """Set every other player's owned cards (counts, $ value, VP, type totals) to what
    ``p`` may know of them (sim.engine.zones.known_owned: Masquerade's passes between
    others taken out), for a hook or Python bot of ``p`` to read; the change is kept in
    HIDDEN_FIX for :func:`show_passes`, which puts them back right after the call.  The
    cards owned in all (OWN_N) stay: they are public.  Called only once a secret pass
    was made (layout SECRET_N)."""
    for q in range(S[L.V + L.V_NP]):
        if q == p:
            continue
        for c in range(T[L.T_NIDS]):
            d = known_owned(S, p, q, c) - S[L.OWN0 + q * L.N_SLOTS + c]
            if d:
                S[L.HIDDEN_FIX + q * L.N_SLOTS + c] = d
                count_owned(S, T, q, c, d)
                S[L.OWN_N + q] -= d


@njit(cache=True)
def show_passes(S, T, p):
    """Undo :func:`hide_passes` (the same ``p``): the true owned cards again, HIDDEN_FIX
    zero."""
    for q in range(S[L.V + L.V_NP]):
        if q == p:
            continue
        for c in range(T[L.T_NIDS]):
            d = S[L.HIDDEN_FIX + q * L.N_SLOTS + c]
            if d:
                S[L.HIDDEN_FIX + q * L.N_SLOTS + c] = 0
                count_owned(S, T, q, c, -d)
                S[L.OWN_N + q] += d


@njit(HOOK_SIGNATURE, cache=True)
def no_hook(V, decision, arg):
    """The empty slot: always defers to the rules."""
    return USE_DEFAULT


@njit(cache=True)
def seat_of(V, who):
    """The seat of player ``who`` (0 = the deciding player, 1 = next in turn order...)."""
    n = V[_G + L.V_NP]
    s = V[_G + L.V_DECIDER] + who      # no division: hooks ask this on every access
    while s >= n:
        s -= n
    while s < 0:
        s += n
    return s


# -- private to the deciding player: no seat argument --------------------------------
@njit(cache=True)
def in_hand(V, c):
    """Cards of id ``c`` in the deciding player's own hand."""
    return V[_HAND + c]


@njit(cache=True)
def draw_size(V):
    """Cards in the deciding player's draw pile (its order is never visible)."""
    return V[_DECK_N + seat_of(V, ME)]


@njit(cache=True)
def known_on_deck(V):
    """How many cards on top of the deciding player's draw pile it knows (it put them
    there, or looked at them and put them back, since its last shuffle), counted up
    to ``KNOWN_TOP_MAX``; the rest of the pile is hidden."""
    return V[_TOP_N]


@njit(cache=True)
def known_deck_top(V, i):
    """The card ``i`` places below the top of the deciding player's draw pile (0: the
    top card, drawn first) when the player knows it, else -1."""
    if 0 <= i < V[_TOP_N]:
        return V[_TOP + i]
    return -1


# -- public, per player (who: 0 = me, 1 = next in turn order, ...) --------------------
@njit(cache=True)
def owned(V, who, c):
    """Cards of id ``c`` player ``who`` owns (gains and trashes are public)."""
    return V[_OWN + seat_of(V, who) * L.N_SLOTS + c]


@njit(cache=True)
def cards_owned(V, who):
    return V[_OWN_N + seat_of(V, who)]


@njit(cache=True)
def money(V, who):
    """Total $ value of player ``who``'s cards (Treasure values and +$ of Actions)."""
    return V[_MONEY + seat_of(V, who)]


@njit(cache=True)
def score(V, who):
    """Player ``who``'s score now (the cards that score by a rule included: Gardens,
    Duke; from their declarations, sim.cards.VP_RULE_CARDS)."""
    s = seat_of(V, who)
    o = _OWN + s * L.N_SLOTS
    v = V[_VP + s]
    for r in _VP_RULES:
        k = V[o + r]
        if k:
            d = _VP_PER_CARDS[r]
            if d:
                v += k * (V[_OWN_N + s] // d)
            x = _VP_PER_CARD[r]
            if x >= 0:
                v += k * V[o + x]
    return v


@njit(cache=True)
def hand_size(V, who):
    return V[_HAND_N + seat_of(V, who)]


@njit(cache=True)
def discard_size(V, who):
    return V[_DISC_N + seat_of(V, who)]


@njit(cache=True)
def discard_top(V, who):
    """The card on top of player ``who``'s discard pile, -1 when none is known."""
    return V[_DISC_TOP + seat_of(V, who)]


@njit(cache=True)
def turn(V, who):
    """Player ``who``'s turn number (1 on its first turn; turns taken + 1)."""
    return V[_TURNS + seat_of(V, who)] + 1


# -- the game --------------------------------------------------------------------------
@njit(cache=True)
def players(V):
    return V[_G + L.V_NP]


@njit(cache=True)
def whose_turn(V):
    """``who`` of the player whose turn it is (0 when it is the deciding player's)."""
    d = V[_G + L.V_CUR] - V[_G + L.V_DECIDER]
    return d + V[_G + L.V_NP] if d < 0 else d


@njit(cache=True)
def supply(V, c):
    """Cards left in pile ``c`` (0 for cards not in this game)."""
    return V[_SUPPLY + c]


@njit(cache=True)
def trashed(V, c):
    return V[_TRASH + c]


@njit(cache=True)
def empty_piles(V):
    return V[_G + L.V_EMPTY]


@njit(cache=True)
def coins(V):
    """$ the player whose turn it is has left."""
    return V[_G + L.V_COINS]


@njit(cache=True)
def buys(V):
    return V[_G + L.V_BUYS]


@njit(cache=True)
def actions(V):
    return V[_G + L.V_ACTIONS]


@njit(cache=True)
def can_gain(V, c, max_cost):
    """Card ``c`` is in the supply, not empty, and costs at most ``max_cost``."""
    return (0 <= c < N_CARDS and V[_IN_SUPPLY + c] != 0 and V[_SUPPLY + c] > 0
            and COST[c] <= max_cost)


def hooks_tuple(hooks: list) -> tuple:
    """The fixed-size tuple the engine takes (unused slots hold ``no_hook``)."""
    if len(hooks) > MAX_HOOKS:
        raise ValueError(f"at most {MAX_HOOKS} bots with compiled hooks can play in one batch")
    return tuple(hooks) + (no_hook,) * (MAX_HOOKS - len(hooks))
