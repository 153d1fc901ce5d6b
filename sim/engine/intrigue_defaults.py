"""The Intrigue rule bot: a rule bot's defaults for the questions of the Intrigue cards
(the patterns of sim.cards.decisions INTRIGUE_DEFAULTS; the questions that declare
``rules=RULES_INTRIGUE``), and their decider.

A set's rule bot is one member of the engine's table of deciders (``H[H_DECIDE]``,
sim.engine.layout DECIDE_*; sim.engine.decision_pair builds it): ``ask`` reaches
:func:`decide_intrigue` for every question declared RULES_INTRIGUE, and a game without
an Intrigue card holds a stub in its place.  So neither the Adventures decider nor the
Adventures turn (which calls the Adventures rule bot directly for its frequent
questions) carries these functions: a game without Intrigue cards never compiles them.

Each default is legal whatever the state (a mandatory choice names a card that
qualifies) and follows the strong play the Official FAQ notes and Geronimoo's simulator
describe (../intrigue_faq.md), read through the bot's own lists: its buy list (what it
wants; the Adventures rule bot's reading of it, pick_buy_adv, Events included), its
trash ranks (junk), its discard ranks (what it values least) and its Choose rules.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import (
    ACTION,
    C_ACTIONS,
    C_COINS,
    C_COST,
    C_TYPES,
    CURSE,
    GOLD,
    N_CARDS,
    PROVINCE,
    TREASURE,
    VICTORY,
)
from sim.cards.decisions import (
    DEF_BOTTOM_IF_JUNK,
    DEF_COURTIER,
    DEF_GAIN_EXACT,
    DEF_LURKER_MODE,
    DEF_LURKER_PICK,
    DEF_MILL_DISCARD,
    DEF_MINION,
    DEF_MOST_TYPES,
    DEF_NAME_LIKELY,
    DEF_NOBLES,
    DEF_PASS_LEAST,
    DEF_PAWN,
    DEF_STEWARD,
    DEF_TOPDECK_FROM_HAND,
    DEF_TORTURER,
    DEF_TRASH_FOR_BUY,
    DEF_WORST_AT_COST,
    DEF_YES_IF_JUNK,
)
from sim.engine.adventures.decide import (
    BIG,
    first_rule_answer,
    is_junk,
    pick_buy_adv,
    treasure_in_hand,
)
from sim.engine.adventures.random_bot import random_decide_adv
from sim.engine.codes import (
    DEC_CARD,
    DEC_DEFAULT,
    DEC_DEFAULT_ARG,
    DEC_DOMAIN,
    DOM_TRASH_ACTION,
    USE_DEFAULT,
)
from sim.engine.decide import (
    NEVER,
    R_DISCARD,
    R_PLAY,
    R_TRASH,
    best_in_zone,
    conditions_hold,
    lowest_ranked_in_hand,
    pick_gain,
    seat_answer,
    topdeck_from_hand,
)
from sim.engine.layout import (
    BOT,
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
    SUPPLY,
    TURNS,
    V_ACTIONS,
    V_BUYS,
    V_COINS,
    V,
)
from sim.engine.legality import supply_action, trash_action
from sim.engine.program import K_RANDOM, L_BUY, L_CHOOSE
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


# ----------------------------------------------------------------------------- the decider
@njit(cache=True)
def decide_intrigue(S, R, T, P, Q, hooks, p, d, arg):
    """Every question declared RULES_INTRIGUE (sim.engine.steps.ask reaches it through
    H[H_DECIDE][DECIDE_INTRIGUE]): the seat's own answer where it gives one (an agent's
    script, a hook, a Python bot: sim.engine.decide.seat_answer, as for every other
    decider), else the random bot's or this rule bot's default.  Compiled by
    sim.engine.decision_pair.decision_calls, for games with Intrigue cards only."""
    r, kind = seat_answer(S, T, P, hooks, p, d, arg)
    if r != USE_DEFAULT:
        return r
    if kind == K_RANDOM:
        return random_decide_adv(S, R, T, p, d, arg)
    return rules_decide_intrigue(S, T, P, Q, S[BOT + p], p, d, arg)


@njit(cache=True)
def rules_decide_intrigue(S, T, P, Q, b, p, d, arg):
    """Rule bot ``b``'s answer to Intrigue question ``d`` by the pattern it declares
    (DEC_DEFAULT; those of the gains, names and deck order: :func:`gains_default`)."""
    pattern = DEC_DEFAULT[d]
    if pattern == DEF_TOPDECK_FROM_HAND:
        return topdeck_from_hand(S, T, P, b, p)
    if pattern == DEF_PAWN:
        return pawn_option(S, T, P, Q, b, p, DEC_CARD[d], arg)
    if pattern == DEF_STEWARD:
        r = first_rule_answer(S, T, P, Q, b, p, L_CHOOSE, DEC_CARD[d])
        if 0 <= r <= 2:
            return r
        if S[TURNS + p] < 10 and junk_count(S, P, b, p) >= 2:
            return 2
        return 0 if S[V + V_ACTIONS] > 0 else 1
    if pattern == DEF_MILL_DISCARD:
        if arg == 1:
            return lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)
        if junk_count(S, P, b, p) + dead_count(S, T, P, b, p) >= 2:
            return lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)
        return -1
    if pattern == DEF_NOBLES:
        r = first_rule_answer(S, T, P, Q, b, p, L_CHOOSE, DEC_CARD[d])
        if r == 0 or r == 1:
            return r
        if S[V + V_ACTIONS] == 0 and best_in_zone(S, T, P, b, p, HAND0, R_PLAY, ACTION,
                                                  True) >= 0:
            return 1
        return 0
    if pattern == DEF_TRASH_FOR_BUY:
        r = first_rule_answer(S, T, P, Q, b, p, L_CHOOSE, DEC_CARD[d])
        if r >= 0:
            return 1 if r == 0 else 0
        return 1 if buy_gets_better(S, T, P, Q, b, p, DEC_DEFAULT_ARG[d]) else 0
    if pattern == DEF_TORTURER:
        return torturer_choice(S, P, Q, T, b, p, DEC_CARD[d])
    if pattern == DEF_MINION:
        return minion_choice(S, T, P, Q, b, p, DEC_CARD[d])
    if pattern == DEF_WORST_AT_COST:
        return worst_at_cost(S, T, arg)
    if pattern == DEF_YES_IF_JUNK:
        return 1 if junk_count(S, P, b, p) >= 2 else 0
    if pattern == DEF_PASS_LEAST:
        return least_to_keep(S, T, P, b, p)
    return gains_default(S, T, P, Q, b, p, d, arg, pattern)


@njit(cache=True)
def buy_gets_better(S, T, P, Q, b, p, more):
    """$``more`` now would change the bot's buy (its buy list, with the $ it has and the
    Treasures in its hand) to a card costing $6 or more: a Gold or a Province instead of
    less (DEF_TRASH_FOR_BUY).  The $ it has is set for the look and put back."""
    coins = S[V + V_COINS]
    S[V + V_COINS] = coins + treasure_in_hand(S, T, p)
    now = pick_buy_adv(S, T, P, Q, b, p)
    S[V + V_COINS] += more
    then = pick_buy_adv(S, T, P, Q, b, p)
    S[V + V_COINS] = coins
    return then >= 0 and then != now and cost_of(S, T, then) >= 6


@njit(cache=True)
def pawn_option(S, T, P, Q, b, p, card, chosen):
    """DEF_PAWN: an option of Pawn's not chosen yet (bit k of ``chosen``: option k was):
    its first holding Choose rule for ``card`` naming one; else +1 Action (1) with an
    Action in hand and none left, then +1 Card (0), then +$1 (3), then +1 Buy (2)."""
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * L_CHOOSE],
                   P[b * P_WIDTH + PF_BOUNDS + 2 * L_CHOOSE + 1]):
        o = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r]
        k = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1]
        if o == card and 0 <= k < 4 and not (chosen >> k) & 1 and \
                conditions_hold(S, T, P, Q, b, r, p, S[V + V_COINS]):
            return k
    if not chosen & 2 and S[V + V_ACTIONS] == 0 and \
            best_in_zone(S, T, P, b, p, HAND0, R_PLAY, ACTION, True) >= 0:
        return 1
    for k in (0, 3, 2, 1):
        if not (chosen >> k) & 1:
            return k
    return 0


@njit(cache=True)
def least_to_keep(S, T, P, b, p):
    """DEF_PASS_LEAST: the card in ``p``'s hand worth least to keep (a card given away,
    Masquerade's pass): the first of its trash list's ranks in hand, else the cheapest
    card that is no Victory card, else the cheapest (the lowest id on a tie); -1 for an
    empty hand."""
    h0 = HAND0 + p * N_SLOTS
    r0 = b * P_WIDTH + PF_RANKS + R_TRASH * N_SLOTS
    best, best_key = -1, 1 << 30
    for c in range(N_CARDS):
        if S[h0 + c] <= 0:
            continue
        if P[r0 + c] < NEVER:
            key = P[r0 + c]
        else:
            key = (1 << 20) + (1 << 10) * ((T[c * N_COLS + C_TYPES] & VICTORY) != 0) \
                + T[c * N_COLS + C_COST]
        if key < best_key:
            best, best_key = c, key
    return best


@njit(cache=True)
def junk_count(S, P, b, p):
    """How many cards in ``p``'s hand are on the bot's trash list (is_junk)."""
    h0 = HAND0 + p * N_SLOTS
    n = 0
    for c in range(N_CARDS):
        if S[h0 + c] and is_junk(P, b, c):
            n += S[h0 + c]
    return n


@njit(cache=True)
def dead_count(S, T, P, b, p):
    """How many cards in ``p``'s hand only score (Victory cards that are neither Actions
    nor Treasures) and are not on the bot's trash list (junk_count counts those)."""
    h0 = HAND0 + p * N_SLOTS
    n = 0
    for c in range(N_CARDS):
        t = T[c * N_COLS + C_TYPES]
        if S[h0 + c] and (t & VICTORY) and not (t & (ACTION | TREASURE)) and \
                not is_junk(P, b, c):
            n += S[h0 + c]
    return n


@njit(cache=True)
def torturer_choice(S, P, Q, T, b, p, card):
    """DEF_TORTURER (option 0 discard 2, 1 a Curse to hand): its Choose rules for
    ``card``; else the Curse when none are left (nothing happens), discarding when that
    costs little (an empty hand, 2 junk cards in hand, or 4+ cards: most hands keep their
    buy), else the Curse (a hand of 3 or fewer good cards would lose the turn).  The
    Official FAQ's simple rule: discard unless that loses the buy."""
    r = first_rule_answer(S, T, P, Q, b, p, L_CHOOSE, card)
    if r >= 0:
        return r
    if S[SUPPLY + CURSE] == 0:
        return 1
    n = S[HAND_N + p]
    if n == 0 or n >= 4 or junk_count(S, P, b, p) >= 2:
        return 0
    return 1


@njit(cache=True)
def minion_choice(S, T, P, Q, b, p, card):
    """DEF_MINION (option 0 +$2, 1 the attack): its Choose rules for ``card``; else +$2
    with another Minion in hand (its +1 Action lets that one play: they chain), else the
    attack when the hand's Treasures, the $ so far and $2 stay below $6 (a new hand of 4
    is worth more), else +$2."""
    r = first_rule_answer(S, T, P, Q, b, p, L_CHOOSE, card)
    if r >= 0:
        return r
    if S[HAND0 + p * N_SLOTS + card] > 0:
        return 0
    return 1 if treasure_in_hand(S, T, p) + S[V + V_COINS] + 2 < 6 else 0


@njit(cache=True)
def worst_at_cost(S, T, cost):
    """DEF_WORST_AT_COST: of the cards that can be gained costing exactly ``cost``, the
    worst for the player who gains it (Swindler's victim): a Curse, a Victory card that
    is no Province (Estate, Duchy, Harem, Nobles...), a terminal Action, another Action,
    a Treasure, a Province; the lowest id on a tie; -1 if none."""
    best = -1
    best_score = 99
    for c in range(N_CARDS):
        if S[SUPPLY + c] <= 0 or cost_of(S, T, c) != cost:
            continue
        t = T[c * N_COLS + C_TYPES]
        if c == CURSE:
            score = 0
        elif c == PROVINCE:
            score = 5
        elif t & VICTORY:
            score = 1
        elif t & ACTION:
            score = 2 if T[c * N_COLS + C_ACTIONS] == 0 else 3
        else:
            score = 4
        if score < best_score:
            best = c
            best_score = score
    return best


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
