"""A rule bot's defaults for the questions of :mod:`sim.engine.intrigue.gains` (Upgrade,
Courtier, Wishing Well, Lurker, Secret Passage): the patterns DEF_GAIN_EXACT .. DEF_NO
of sim.cards.decisions, answered for sim.engine.adventures.decide.rules_decide_adv (every
Intrigue game runs the Adventures turn).

Each is legal whatever the state (a mandatory choice names a card that qualifies) and
follows the strong play the Official FAQ notes and Geronimoo's simulator describe
(../intrigue_faq.md), read through the bot's own lists: its buy list (what it wants),
its trash ranks (junk), its discard ranks (what it values least) and its Choose rules.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import (
    ACTION,
    C_COINS,
    C_COST,
    C_TYPES,
    CURSE,
    GOLD,
    N_CARDS,
    TREASURE,
    VICTORY,
)
from sim.engine.codes import (
    DEC_CARD,
    DEC_DOMAIN,
    DEF_BOTTOM_IF_JUNK,
    DEF_COURTIER,
    DEF_GAIN_EXACT,
    DEF_LURKER_MODE,
    DEF_LURKER_PICK,
    DEF_MOST_TYPES,
    DEF_NAME_LIKELY,
    DOM_TRASH_ACTION,
)
from sim.engine.decide import NEVER, R_TRASH, conditions_hold, pick_gain
from sim.engine.layout import (
    DECK,
    DECK_N,
    DISC0,
    HAND0,
    HAND_N,
    MAX_DECK,
    N_COLS,
    N_SLOTS,
    OWN0,
    P_WIDTH,
    PF_BOUNDS,
    PF_RANKS,
    PF_RULES,
    RULE_WIDTH,
    TURNS,
    V_ACTIONS,
    V_BUYS,
    V_COINS,
    V,
)
from sim.engine.legality import supply_action, trash_action
from sim.engine.program import L_BUY, L_CHOOSE
from sim.engine.zones import can_gain, cost_of, known_on_deck, types_of

#: The type bits that are card types (Courtier counts them): Treasure .. Traveller.
CARD_TYPES = 511


@njit(cache=True, inline="always")
def n_types(t):
    """How many card types the type bits ``t`` hold (Courtier's count)."""
    t &= CARD_TYPES
    n = 0
    while t:
        n += t & 1
        t >>= 1
    return n


@njit(cache=True)
def gains_default(S, T, P, Q, b, p, d, arg, pattern):
    """Bot ``b``'s answer to decision ``d`` (asked with ``arg``) by its declared
    ``pattern``, one of this module's; -1 for any other."""
    if pattern == DEF_GAIN_EXACT:
        return gain_exact(S, T, P, Q, b, p, DEC_CARD[d], arg)
    if pattern == DEF_MOST_TYPES:
        return most_types_in_hand(S, T, p)
    if pattern == DEF_COURTIER:
        return courtier_option(S, T, P, Q, b, p, DEC_CARD[d], arg)
    if pattern == DEF_NAME_LIKELY:
        return likely_top(S, p, DEC_CARD[d])
    if pattern == DEF_LURKER_MODE:
        k = chosen_option(S, T, P, Q, b, p, DEC_CARD[d], 0, 2)
        if k >= 0:
            return k
        return 1 if wanted_in_trash(S, T, P, Q, b, p) >= 0 else 0
    if pattern == DEF_LURKER_PICK:
        return lurker_pick(S, T, P, Q, b, p, DEC_DOMAIN[d] == DOM_TRASH_ACTION)
    if pattern == DEF_BOTTOM_IF_JUNK:
        # Junk goes to the bottom, where it likely misses the next shuffle; anything
        # else on top, drawn next (the FAQ notes' default, after Geronimoo's).
        return 1 if 0 <= arg < N_CARDS and \
            P[b * P_WIDTH + PF_RANKS + R_TRASH * N_SLOTS + arg] < NEVER else 0
    return 0        # DEF_NO


@njit(cache=True)
def gain_exact(S, T, P, Q, b, p, card, cost):
    """DEF_GAIN_EXACT: a card costing exactly ``cost`` now (a mandatory gain): the gain
    its lists choose when that costs exactly so, else the first by id of a Treasure, a
    non-Victory Action, another card but a Curse, a Curse; -1 if none."""
    c = pick_gain(S, T, P, Q, b, p, cost, False, card)
    if c >= 0 and cost_of(S, T, c) == cost:
        return c
    best = -1
    best_rank = 9
    for c in range(N_CARDS):
        if not can_gain(S, T, c, cost) or cost_of(S, T, c) != cost:
            continue
        t = T[c * N_COLS + C_TYPES]
        rank = 0 if t & TREASURE else 1 if (t & ACTION) and not (t & VICTORY) else \
            3 if c == CURSE else 2
        if rank < best_rank:
            best = c
            best_rank = rank
    return best


@njit(cache=True)
def most_types_in_hand(S, T, p):
    """DEF_MOST_TYPES: the card in ``p``'s hand with the most types for ``p`` (Courtier:
    a choice per type; revealing keeps the card), the lowest id on a tie; -1 if none."""
    h0 = HAND0 + p * N_SLOTS
    best = -1
    most = 0
    left = S[HAND_N + p]
    for c in range(N_CARDS):
        if left <= 0:
            break
        if S[h0 + c] > 0:
            left -= S[h0 + c]
            k = n_types(types_of(S, T, p, c))
            if k > most:
                best = c
                most = k
    return best


@njit(cache=True)
def chosen_option(S, T, P, Q, b, p, card, taken, n):
    """The option of the bot's first Choose rule for ``card`` whose conditions hold among
    those naming one of its ``n`` options not in ``taken`` (a bit each); -1 if none."""
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * L_CHOOSE],
                   P[b * P_WIDTH + PF_BOUNDS + 2 * L_CHOOSE + 1]):
        if P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r] != card:
            continue
        k = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1]
        if 0 <= k < n and (taken >> k) & 1 == 0 and \
                conditions_hold(S, T, P, Q, b, r, p, S[V + V_COINS]):
            return k
    return -1


@njit(cache=True)
def courtier_option(S, T, P, Q, b, p, card, taken):
    """DEF_COURTIER: an option of ``card`` (Courtier) not in ``taken`` (a bit each: +1
    Action, +1 Buy, +$3, gain a Gold).  Its Choose rules for the card first; else, as
    Geronimoo's Courtier: +1 Action when an Action waits in hand and none is left; +1
    Buy when the $ in sight pays for two Provinces; a first Gold early (before turn 10);
    +$3 when it reaches $5, $6 or $8; then Gold, $3, Action, Buy."""
    k = chosen_option(S, T, P, Q, b, p, card, taken, 4)
    if k >= 0:
        return k
    h0 = HAND0 + p * N_SLOTS
    coins = S[V + V_COINS] + (3 if taken & 4 else 0)
    waiting = False
    for c in range(N_CARDS):
        if S[h0 + c] > 0:
            t = types_of(S, T, p, c)
            if t & TREASURE:
                coins += S[h0 + c] * T[c * N_COLS + C_COINS]
            if t & ACTION:
                waiting = True
    if (taken & 1) == 0 and waiting and S[V + V_ACTIONS] == 0:
        return 0
    if (taken & 2) == 0 and coins >= 8 * (S[V + V_BUYS] + 1):
        return 1
    if (taken & 8) == 0 and S[OWN0 + p * N_SLOTS + GOLD] == 0 and S[TURNS + p] < 10:
        return 3
    if (taken & 4) == 0 and ((coins < 5 <= coins + 3) or (coins < 6 <= coins + 3)
                             or (coins < 8 <= coins + 3)):
        return 2
    for k in (3, 2, 0, 1):
        if (taken >> k) & 1 == 0:
            return k
    return -1


@njit(cache=True)
def likely_top(S, p, card):
    """DEF_NAME_LIKELY (Wishing Well's name): the top card of ``p``'s draw pile when ``p``
    knows it (put or looked at there), else the card with the most copies in the draw
    pile (its composition is ``p``'s to know; its order is not), or in the discard pile
    when the draw pile is empty (the reveal shuffles it); the lowest id on a tie;
    ``card`` itself with both empty."""
    n = S[DECK_N + p]
    k0 = DECK + p * MAX_DECK
    if n > 0 and known_on_deck(S, p) > 0:
        return S[k0 + n - 1]
    counts = np.zeros(N_CARDS, np.int64)
    if n > 0:
        for i in range(n):
            counts[S[k0 + i]] += 1
    else:
        d0 = DISC0 + p * N_SLOTS
        for c in range(N_CARDS):
            counts[c] = S[d0 + c]
    best = card
    most = 0
    for c in range(N_CARDS):
        if counts[c] > most:
            best = c
            most = counts[c]
    return best


@njit(cache=True)
def wanted_in_trash(S, T, P, Q, b, p):
    """The first Action card of bot ``b``'s buy list that is in the trash and whose rule
    holds (Lurker gains it); -1 if none."""
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * L_BUY],
                   P[b * P_WIDTH + PF_BOUNDS + 2 * L_BUY + 1]):
        c = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r]
        if trash_action(S, T, c) and conditions_hold(S, T, P, Q, b, r, p, S[V + V_COINS]):
            return c
    return -1


@njit(cache=True)
def lurker_pick(S, T, P, Q, b, p, from_trash):
    """DEF_LURKER_PICK: from the trash (``from_trash``), the Action it wants there
    (:func:`wanted_in_trash`); from the Supply, the first Action of its buy list with
    cards left (a later Lurker of its own gains it back; the FAQ notes' default).  Else
    the costliest Action there (printed cost, the lowest id on a tie); -1 if none."""
    if from_trash:
        c = wanted_in_trash(S, T, P, Q, b, p)
        if c >= 0:
            return c
    else:
        for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * L_BUY],
                       P[b * P_WIDTH + PF_BOUNDS + 2 * L_BUY + 1]):
            c = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r]
            if supply_action(S, T, c):
                return c
    best = -1
    for c in range(N_CARDS):
        ok = trash_action(S, T, c) if from_trash else supply_action(S, T, c)
        if ok and (best < 0 or T[c * N_COLS + C_COST] > T[best * N_COLS + C_COST]):
            best = c
    return best
