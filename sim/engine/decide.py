"""Compiled decision making: every question the engine asks a player.

``decide`` dispatches on the seat's bot kind:

* rule bots: the program (``P`` row, ``Q`` conditions; see sim.engine.program and
  sim.engine.layout) is interpreted here, with no Python call;
* the random bot: a uniformly random legal answer from the seat's own
  decision stream;
* compiled hooks (sim.engine.hooks): a bot may carry an ``@njit`` function that
  answers any decision first, given only the deciding player's view
  (``hook_view``); ``USE_DEFAULT`` hands it on to the program;
* Python bots: one call back into the interpreter (``objmode``) per
  decision; an answer of ``USE_DEFAULT`` falls back to the bot's program.

Everything read here is what the deciding player may know: its own hand and
draw-pile size, owned counts (all gains and trashes are public), the supply,
scores, turns taken and the discard piles' top cards.  The draw pile's order
and other players' hands are never read.
"""

from __future__ import annotations

import numpy as np
from numba import njit, objmode, types

from sim.cards import (
    ACTION,
    C_ACTIONS,
    C_COINS,
    C_COST,
    C_TYPES,
    CURSE,
    ESTATE,
    N_CARDS,
    TREASURE,
)
from sim.engine.agent_seat import agent_answer
from sim.engine.callbacks import py_decide
from sim.engine.codes import (
    DEC_CARD,
    DEC_DEFAULT,
    DEC_DEFAULT_ARG,
    DEC_DEFAULT_LIST,
    DEC_DOMAIN,
    DEC_EXCLUDE,
    DEC_TYPES,
    DEF_BUY,
    DEF_CELLAR_LIST,
    DEF_CHEAPEST,
    DEF_DISCARD,
    DEF_DISCARD_FIRST,
    DEF_GAIN,
    DEF_GAIN_PAIRED,
    DEF_MINE_TRASH,
    DEF_MUST_TRASH,
    DEF_PLAY,
    DEF_PLAY_IF_LISTED,
    DEF_REVEAL,
    DEF_SENTRY_LIST,
    DEF_SKIP_ACTION,
    DEF_TOPDECK_FROM_HAND,
    DEF_TOPDECK_LOOKED,
    DEF_TOPDECK_RANKED,
    DEF_TRASH_FOR_GAIN,
    DEF_TRASH_JUNK,
    DEF_TREASURE,
    DEF_YES,
    DOM_ASIDE,
    DOM_DISCARD,
    DOM_PLAY,
    USE_DEFAULT,
)
from sim.engine.hooks import HOOK_TABLE, hide_passes, hook_view, show_passes
from sim.engine.layout import (
    ACTION_IDS,
    ACTIONS_OWNED,
    ASIDE0,
    BOT,
    DECK_N,
    DISC0,
    DISC_TOP,
    EV_BOUGHT,
    EV_BOUGHT_TURN,
    EVENT_SLOT,
    EVENT_SLOTS,
    GAINED,
    GAINED_IDS,
    GAINED_SLOTS,
    GAME_IDS,
    GAME_IDS_N,
    HAND0,
    HAND_N,
    HELD,
    INHERIT,
    JOURNEY_DOWN,
    KEEP,
    MAT0,
    MAX_PLAYERS,
    MINUS_CARD,
    MINUS_COIN,
    MONEY,
    N_ACTIONS,
    N_COLS,
    N_EVENT_CARDS,
    N_SLOTS,
    N_TREASURES,
    N_TYPE_BITS,
    OWN0,
    OWN_N,
    P_WIDTH,
    PERM,
    PF_BOUNDS,
    PF_FLAGS,
    PF_NPLAY,
    PF_NRULES,
    PF_PLAY,
    PF_RANKS,
    PF_RULES,
    PLAY0,
    RULE_WIDTH,
    SECRET_N,
    SUPPLY,
    T_ADV,
    TOK_CARD,
    TREASURE_IDS,
    TURNS,
    TYPE_N,
    V_ACTIONS,
    V_BUYS,
    V_COINS,
    V_CUR,
    V_EMPTY,
    V_NP,
    V_PENDING,
    V,
)
from sim.engine.legality import random_answer
from sim.engine.pointers import state_view
from sim.engine.program import (
    AL_OFF,
    AL_WIN_ONLY,
    COND_WIDTH,
    F_AVOID_LOSING_END,
    F_EXCESS_TERMINALS,
    F_HOOK,
    F_KIND,
    F_LISTS,
    F_MINE_ALWAYS,
    F_REVEAL_MOAT,
    F_TOPDECK,
    K_AGENT,
    K_PYTHON,
    K_RANDOM,
    L_BUY,
    L_GAIN,
    L_MINE,
    MAX_CONDS,
    MAX_RULES,
    N_LISTS,
    NEVER,
    OP_EQ,
    OP_GE,
    OP_GT,
    OP_LE,
    OP_LT,
    R_CELLAR,
    R_DISCARD,
    R_PLAY,
    R_SENTRY_DISCARD,
    R_TOKENS,
    R_TOPDECK,
    R_TRASH,
    T_ACTIONS,
    T_BOUGHT,
    T_BOUGHT_TURN,
    T_BUYS,
    T_COINS,
    T_CONST,
    T_DISC_TOP,
    T_DRAW_SIZE,
    T_DURATIONS,
    T_EMPTY_PILES,
    T_GAINED,
    T_GAINS_TO_END,
    T_HAND,
    T_HAND_COINS,
    T_JOURNEY_UP,
    T_MAT,
    T_MINUS_CARD,
    T_MINUS_COIN,
    T_MONEY,
    T_OPP_DISC_TOP,
    T_OPP_OWN,
    T_OPP_SCORE,
    T_OPP_TURNS,
    T_OWN,
    T_OWN_ALL,
    T_OWN_TYPE,
    T_PLAY,
    T_POSITION,
    T_SCORE,
    T_SUPPLY,
    T_TOK_CARD,
    T_TOK_TRASH,
    T_TURN,
    T_TURN_COINS,
    T_TURNS_TAKEN,
    W_BIT0,
    W_GEAR,
    W_PLAY,
)
from sim.engine.zones import (
    beaten_at_end,
    best_opponent_score,
    can_gain,
    can_gain_printed,
    gains_to_end,
    known_owned,
    score,
    score_if_gained,
    would_end,
)

BIG = 1 << 30


# ----------------------------------------------------------------------------- terms
@njit(cache=True, inline="always")
def term_value(S, T, p, kind, arg, coins):
    """Value of one condition term for player ``p`` (public information only).

    The terms most rules use are read here, inlined into every rule of every buy
    decision; the others are :func:`other_term`'s, out of line.  Inlined, their loops
    and calls made every buy decision set up vector constants and clear return slots
    on entry, about a third of the decision's time, whatever its rules asked.
    """
    if kind == T_CONST:
        return arg
    a = int(arg)
    if kind == T_OWN:
        return S[OWN0 + p * N_SLOTS + a]
    if kind == T_SUPPLY:
        return S[SUPPLY + a]
    if kind == T_MONEY:
        return S[MONEY + p]
    if kind == T_COINS:
        return coins
    if kind == T_TURN:
        return S[TURNS + p] + 1
    if kind == T_BOUGHT and a >= 0:
        return S[EV_BOUGHT + p * EVENT_SLOTS + T[EVENT_SLOT + a]]
    return other_term(S, T, p, kind, a)


@njit(cache=True)
def other_term(S, T, p, kind, a):
    """:func:`term_value` for the terms it does not read itself (``a`` is the term's
    argument as an integer)."""
    if kind == T_OWN_TYPE:
        for k in range(N_TYPE_BITS):
            if a == 1 << k:
                return S[TYPE_N + k * MAX_PLAYERS + p]
        o0 = OWN0 + p * N_SLOTS
        m = 0
        for c in range(N_CARDS):
            if T[c * N_COLS + C_TYPES] & a:
                m += S[o0 + c]
        return m
    if kind == T_OWN_ALL:
        return S[OWN_N + p]
    if kind == T_GAINS_TO_END:
        return gains_to_end(S)
    if kind == T_BUYS:
        return S[V + V_BUYS]
    if kind == T_SCORE:
        return score(S, T, p)
    if kind == T_OPP_SCORE:
        return best_opponent_score(S, T, p)
    if kind == T_OPP_OWN:       # as p may know them (Masquerade's secret passes)
        best = 0
        hidden = S[SECRET_N]
        for q in range(S[V + V_NP]):
            k = S[OWN0 + q * N_SLOTS + a] if hidden == 0 else known_owned(S, p, q, a)
            if q != p and k > best:
                best = k
        return best
    if kind == T_EMPTY_PILES:
        return S[V + V_EMPTY]
    if kind == T_HAND:
        if a < 0:
            return cards_of(S, T, HAND0 + p * N_SLOTS, a)
        return S[HAND0 + p * N_SLOTS + a]
    if kind == T_DRAW_SIZE:
        return S[DECK_N + p]
    if kind == T_TURNS_TAKEN:
        return S[TURNS + p]
    if kind == T_OPP_TURNS:
        best = 0
        for q in range(S[V + V_NP]):
            if q != p and S[TURNS + q] > best:
                best = S[TURNS + q]
        return best
    if kind == T_POSITION:
        return turn_position(S, p)
    if kind == T_DISC_TOP:
        return 1 if S[DISC_TOP + p] == a else 0
    if kind == T_OPP_DISC_TOP:
        m = 0
        for q in range(S[V + V_NP]):
            if q != p and S[DISC_TOP + q] == a:
                m += 1
        return m
    return adventures_term(S, T, p, kind, a)


@njit(cache=True)
def cards_of(S, T, z, a):
    """Cards in the count zone at ``z`` (already the player's offset): of id ``a``, or of
    the type bit ``-a`` when ``a`` is negative (printed types)."""
    if a >= 0:
        return S[z + a]
    m = 0
    for c in range(N_CARDS):
        if S[z + c] and (T[c * N_COLS + C_TYPES] & -a):
            m += S[z + c]
    return m


@njit(cache=True)
def adventures_term(S, T, p, kind, a):
    """The terms sim.engine.program T_MAT ... T_JOURNEY_UP (kept out of term_value, which
    is inlined into every buy decision, so base-set games compile and run as before)."""
    own_turn = S[V + V_CUR] == p
    if kind == T_MAT:
        return cards_of(S, T, MAT0 + p * N_SLOTS, a)
    if kind == T_PLAY:
        return cards_of(S, T, PLAY0 + p * N_SLOTS, a)
    if kind == T_DURATIONS:
        # On its own turn: the copies held from earlier turns (counted at the start of the
        # turn, KEEP + PERM then), still in play; on other turns every held copy is.
        m = 0
        for c in range(N_CARDS):
            if (a >= 0 and c != a) or (a < 0 and (T[c * N_COLS + C_TYPES] & -a) == 0):
                continue
            o = p * N_SLOTS + c
            if own_turn:
                m += min(S[HELD + o], S[PLAY0 + o])
            else:
                m += S[KEEP + o] + S[PERM + o]
        return m
    if kind == T_GAINED:
        if not own_turn:
            return 0
        m = 0
        for i in range(min(S[GAINED + p], GAINED_SLOTS)):
            c = S[GAINED_IDS + p * GAINED_SLOTS + i]
            if c == a or (a < 0 and (T[c * N_COLS + C_TYPES] & -a)):
                m += 1
        return m
    if kind == T_BOUGHT or kind == T_BOUGHT_TURN:
        if kind == T_BOUGHT_TURN and not own_turn:
            return 0
        e0 = EV_BOUGHT + p * EVENT_SLOTS if kind == T_BOUGHT else EV_BOUGHT_TURN
        if a >= 0:
            return S[e0 + T[EVENT_SLOT + a]]
        m = 0
        for e in range(N_EVENT_CARDS):    # every Event's slot
            m += S[e0 + e]
        return m
    if kind == T_ACTIONS:
        return S[V + V_ACTIONS] if own_turn else 0
    if kind == T_HAND_COINS or kind == T_TURN_COINS:
        m = S[V + V_COINS] if (kind == T_TURN_COINS and own_turn) else 0
        for i in range(T[N_TREASURES]):
            c = T[TREASURE_IDS + i]
            m += S[HAND0 + p * N_SLOTS + c] * T[c * N_COLS + C_COINS]
        return m
    if kind >= T_TOK_CARD and kind <= T_TOK_TRASH:
        on = S[TOK_CARD + (kind - T_TOK_CARD) * MAX_PLAYERS + p]
        return 1 if (on != 0 if a < 0 else on == a + 1) else 0
    if kind == T_MINUS_CARD:
        return 1 if S[MINUS_CARD + p] else 0
    if kind == T_MINUS_COIN:
        return 1 if S[MINUS_COIN + p] else 0
    if kind == T_JOURNEY_UP:
        return 0 if S[JOURNEY_DOWN + p] else 1
    return 0


@njit(cache=True)
def turn_position(S, p):
    """Player ``p``'s place in the turn order (1 = moves first), from public counts:
    the players who move before the current one this round have finished one turn
    more than it, so the first player is that many seats before the current one."""
    n = S[V + V_NP]
    cur = S[V + V_CUR]
    ahead = 0
    for q in range(n):
        if S[TURNS + q] > S[TURNS + cur]:
            ahead += 1
    first = (cur - ahead + n) % n
    return (p - first + n) % n + 1


@njit(cache=True, inline="always")
def conditions_hold(S, T, P, Q, b, r, p, coins):
    """All conditions of rule ``r`` of bot ``b`` hold: lhs OP rhs / div + add."""
    n = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 2]
    for i in range(n):
        q = ((b * MAX_RULES + r) * MAX_CONDS + i) * COND_WIDTH
        lhs = float(term_value(S, T, p, int(Q[q]), Q[q + 1], coins))
        rhs = float(term_value(S, T, p, int(Q[q + 3]), Q[q + 4], coins))
        rhs = rhs / Q[q + 5] + Q[q + 6]
        op = int(Q[q + 2])
        if op == OP_LT:
            ok = lhs < rhs
        elif op == OP_LE:
            ok = lhs <= rhs
        elif op == OP_EQ:
            ok = lhs == rhs
        elif op == OP_GE:
            ok = lhs >= rhs
        elif op == OP_GT:
            ok = lhs > rhs
        else:
            ok = lhs != rhs
        if not ok:
            return False
    return True


@njit(cache=True, inline="always")
def ends_badly(S, T, P, b, p, c):
    """Avoid-losing option (sim.engine.program.AL_*): gaining ``c`` would end the game and

    * AL_NOT_BEHIND (``avoid_losing_end``): an opponent would then beat ``p``: more VP,
      or equal VP in fewer turns (this turn counts in ``p``'s turns);
    * AL_WIN_ONLY (``end_only_when_winning``): ``p`` would not have the most VP alone.
    """
    mode = P[b * P_WIDTH + PF_FLAGS + F_AVOID_LOSING_END]
    if mode == AL_OFF or not would_end(S, c):
        return False
    mine = score_if_gained(S, T, p, c)
    if mode == AL_WIN_ONLY:
        return mine <= best_opponent_score(S, T, p)
    return beaten_at_end(S, T, p, mine)


@njit(cache=True)
def pick_from_list(S, T, P, Q, b, p, lst, coins, source):
    """First rule of list ``lst`` whose card can be gained for ``coins`` and whose
    conditions hold; -1 if none.  A gain rule given ``by`` another card than ``source``
    (the card or Event making the gain; -1 for buys) is skipped.  (Adventures costs are
    checked once per call, not per rule: this is every rule bot's buy decision.)"""
    adventures = T[T_ADV] != 0
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * lst], P[b * P_WIDTH + PF_BOUNDS + 2 * lst + 1]):
        c = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r]
        if lst == L_GAIN:
            by = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1]
            if by != -1 and by != source:
                continue
        if not (can_gain(S, T, c, coins) if adventures else can_gain_printed(S, T, c, coins)):
            continue
        if not conditions_hold(S, T, P, Q, b, r, p, coins):
            continue
        if ends_badly(S, T, P, b, p, c):
            continue
        return c
    return -1


@njit(cache=True)
def pick_gain(S, T, P, Q, b, p, max_cost, treasure_only, source):
    """A rule bot's choice for "gain a card costing up to max_cost", made by the card
    or Event ``source``.

    The gain list decides, read in order, a rule given ``by`` another card skipped;
    when it has no rule for this gain (none general, none by ``source``) the buy list
    does.  When they name nothing the gain is still mandatory, so take the costliest
    Treasure, else the cheapest card that is not a Curse, else a Curse.
    """
    if not treasure_only:
        bounds = b * P_WIDTH + PF_BOUNDS + 2 * L_GAIN
        has_rule = False
        for r in range(P[bounds], P[bounds + 1]):
            by = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1]
            if by == -1 or by == source:
                has_rule = True
                break
        c = pick_from_list(S, T, P, Q, b, p, L_GAIN if has_rule else L_BUY, max_cost, source)
        if c >= 0:
            return c
    best = -1
    for c in range(N_CARDS):
        if (T[c * N_COLS + C_TYPES] & TREASURE) and can_gain(S, T, c, max_cost):
            if best < 0 or T[c * N_COLS + C_COST] > T[best * N_COLS + C_COST]:
                best = c
    if best >= 0 or treasure_only:
        return best
    for c in range(N_CARDS):
        if c != CURSE and can_gain(S, T, c, max_cost):
            if best < 0 or T[c * N_COLS + C_COST] < T[best * N_COLS + C_COST]:
                best = c
    if best < 0 and can_gain(S, T, CURSE, max_cost):
        best = CURSE
    return best


@njit(cache=True)
def pending_or_gain(S, T, P, Q, b, p, max_cost, treasure_only, source):
    """The gain half of a (trash, gain) rule: the card :func:`pick_pair` chose with the
    trash (V_PENDING, cleared here) when it can still be gained, else :func:`pick_gain`."""
    c = S[V + V_PENDING]
    S[V + V_PENDING] = -1
    if c >= 0 and can_gain(S, T, c, max_cost):
        return c
    return pick_gain(S, T, P, Q, b, p, max_cost, treasure_only, source)


@njit(cache=True)
def lowest_ranked_in_hand(S, P, b, p, which, limit):
    """The card in hand with the lowest rank in rank row ``which`` below ``limit`` (the
    lower id on a tie).

    The walk goes over the game's ids (layout.GAME_IDS, ascending) and stops after the
    last card in hand: an Adventures kingdom is ids 33..70, and walking every id stepped
    through some 30 ids in no pile of the game on most questions.  A card of no pile of
    the game in hand (only a test puts one there) gets a second walk, over every id.
    Each id is weighed without a branch on its count (the branch was mispredicted most
    of the walk): the key rank * N_SLOTS + id orders by rank, then id, and the smallest
    key of a card in hand wins.
    """
    h0 = HAND0 + p * N_SLOTS
    r0 = b * P_WIDTH + PF_RANKS + which * N_SLOTS
    none = np.int64(limit) * N_SLOTS       # above every key of a rank below limit
    best = none
    for every_id in range(2):
        best = none
        left = S[HAND_N + p]
        n = N_CARDS if every_id else S[GAME_IDS_N]
        i = 0
        while left > 0 and i < n:
            c = i if every_id else S[GAME_IDS + i]
            k = S[h0 + c]
            left -= k
            key = np.int64(P[r0 + c]) * N_SLOTS + c
            best = key if (k > 0 and key < best) else best
            i += 1
        if left <= 0:
            break
    if best == none:
        return -1
    return best & (N_SLOTS - 1)      # the id (N_SLOTS is a power of two above every id)


@njit(cache=True)
def excess_terminal(S, T, P, b, p):
    """A terminal Action the hand has no Action left to play, or -1."""
    if S[ACTIONS_OWNED + p] == 0:      # no Action owned, none in hand
        return -1
    h0 = HAND0 + p * N_SLOTS
    r0 = b * P_WIDTH + PF_RANKS + R_DISCARD * N_SLOTS
    capacity = 1
    terminals = 0
    best = -1                           # the terminal in hand to discard first
    for i in range(T[N_ACTIONS]):        # the game's Actions, in id order
        c = T[ACTION_IDS + i]
        k = S[h0 + c]
        if k:
            if T[c * N_COLS + C_ACTIONS] == 0:
                terminals += k
                if best < 0 or P[r0 + c] < P[r0 + best]:
                    best = c
            else:
                capacity += k * (T[c * N_COLS + C_ACTIONS] - 1)
    if terminals <= capacity:
        return -1
    return best


@njit(cache=True)
def pick_pair(S, T, P, Q, b, p, lst, extra):
    """First (trash, gain) rule of list ``lst`` that applies; remembers the gain."""
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * lst], P[b * P_WIDTH + PF_BOUNDS + 2 * lst + 1]):
        dst = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r]
        src = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1]
        if S[HAND0 + p * N_SLOTS + src] == 0:
            continue
        if not can_gain(S, T, dst, T[src * N_COLS + C_COST] + extra):
            continue
        if conditions_hold(S, T, P, Q, b, r, p, S[V + V_COINS]) and not ends_badly(
                S, T, P, b, p, dst):
            S[V + V_PENDING] = dst
            return src
    S[V + V_PENDING] = -1
    return -1


# ----------------------------------------------------------------------------- rule bots
@njit(cache=True, inline="always")
def has_rows(P, b, w):
    """Bot ``b``'s card list ``w`` (sim.engine.program W_*) has entries with conditions."""
    return (P[b * P_WIDTH + PF_FLAGS + F_LISTS] >> (W_BIT0 + w)) & 1


@njit(cache=True, inline="always")
def playable_listed(S, p, c):
    """A listed card ``c`` in ``p``'s hand may be played as an Action: every card of a
    play or disciple list is an Action (bots.rules checks it) but Estate, listed for
    Inheritance, which is one only once ``p``'s Estate token is on an Action (the token
    goes only on one; never in a base-set game)."""
    return c != ESTATE or S[INHERIT + p] != 0


@njit(cache=True)
def first_listed_in_hand(S, T, P, Q, b, p, w):
    """The card of the first entry of bot ``b``'s card list ``w`` (its rows after the rule
    lists, sim.engine.program W_*) that is in ``p``'s hand and whose conditions hold; -1
    if none.  An Estate of the play and disciple lists only while it is an Action
    (:func:`playable_listed`); the gear list sets any card aside."""
    h0 = HAND0 + p * N_SLOTS
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * N_LISTS - 1], P[b * P_WIDTH + PF_NRULES]):
        if P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1] != w:
            continue
        c = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r]
        if S[h0 + c] > 0 and (w == W_GEAR or playable_listed(S, p, c)) and \
                conditions_hold(S, T, P, Q, b, r, p, S[V + V_COINS]):
            return c
    return -1


@njit(cache=True, inline="always")
def rules_action(S, T, P, Q, b, p):
    """The first card of bot ``b``'s play list that is in hand (and, for an entry with
    conditions, whose conditions hold), or -1.  A listed Estate counts only while it is
    an Action (Inheritance): the test runs once a listed card is found in hand, so the
    scan of a play list costs what it did."""
    if has_rows(P, b, W_PLAY):
        return first_listed_in_hand(S, T, P, Q, b, p, W_PLAY)
    h0 = HAND0 + p * N_SLOTS
    for i in range(P[b * P_WIDTH + PF_NPLAY]):
        c = P[b * P_WIDTH + PF_PLAY + i]
        if S[h0 + c] > 0 and playable_listed(S, p, c):
            return c
    return -1


@njit(cache=True, inline="always")
def rules_attack_discard(S, T, P, b, p):
    """The card to discard to an attack: an unplayable terminal first (if the bot
    says so), then the lowest discard rank."""
    if P[b * P_WIDTH + PF_FLAGS + F_EXCESS_TERMINALS]:
        c = excess_terminal(S, T, P, b, p)
        if c >= 0:
            return c
    return lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)


# The zone a default reads, by decision: its domain's (the looked-at cards, the discard
# pile, play), the hand otherwise; player 0's offset.
DEC_ZONE = np.array([ASIDE0 if dom == DOM_ASIDE else DISC0 if dom == DOM_DISCARD else
                     PLAY0 if dom == DOM_PLAY else HAND0 for dom in DEC_DOMAIN], np.int64)


@njit(cache=True)
def junk_in_hand(S, P, b, p):
    """The card in hand the bot would trash first (its trash ranks), or -1."""
    return lowest_ranked_in_hand(S, P, b, p, R_TRASH, NEVER)


@njit(cache=True)
def must_trash(S, P, b, p):
    """A card to trash when trashing is mandatory: junk first, else the card the bot
    would discard first."""
    c = junk_in_hand(S, P, b, p)
    if c < 0:
        c = lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)
    return c


@njit(cache=True, inline="always")
def has_list(P, b, x):
    """The bot gave extra rank row ``x`` (sim.engine.program X_*)."""
    return (P[b * P_WIDTH + PF_FLAGS + F_LISTS] >> x) & 1


@njit(cache=True)
def play_default(S, T, P, Q, b, p, d):
    """DEF_PLAY: the bot's own list for ``d`` (a card list with conditions, W_*) when it
    gave one, else the first card of its play list in hand."""
    w = DEC_DEFAULT_LIST[d]
    if w >= 0 and has_rows(P, b, w):
        return first_listed_in_hand(S, T, P, Q, b, p, w)
    return rules_action(S, T, P, Q, b, p)


@njit(cache=True)
def trash_for_gain(S, T, P, Q, b, p, d):
    """DEF_TRASH_FOR_GAIN: the trash of the first (trash, gain) rule of the record's list
    that applies, its gain costing up to the record's arg more (remembered, V_PENDING,
    for the gain that follows); else a card that must go."""
    c = pick_pair(S, T, P, Q, b, p, DEC_DEFAULT_LIST[d], DEC_DEFAULT_ARG[d])
    if c < 0:
        c = must_trash(S, P, b, p)
    return c


@njit(cache=True)
def trash_junk(S, T, P, b, p, d):
    """DEF_TRASH_JUNK: the bot's own list for ``d`` (an extra rank row, X_*) when it gave
    one; else the card of the zone it would trash first; -1 if none."""
    x = DEC_DEFAULT_LIST[d]
    if x >= 0 and has_list(P, b, x):
        return lowest_ranked_in_hand(S, P, b, p, R_TOKENS + x, NEVER)
    if DEC_ZONE[d] == HAND0:
        return junk_in_hand(S, P, b, p)
    return _ranked_in_zone(S, T, P, b, p, DEC_ZONE[d], R_TRASH)


@njit(cache=True)
def mine_trash(S, T, P, Q, b, p):
    """DEF_MINE_TRASH: its first Mine rule that applies; with ``mine_always`` the Treasure
    in hand whose best gain (costing up to $3 more) gains the most cost."""
    c = pick_pair(S, T, P, Q, b, p, L_MINE, 3)
    if c >= 0 or P[b * P_WIDTH + PF_FLAGS + F_MINE_ALWAYS] == 0:
        return c
    h0 = HAND0 + p * N_SLOTS
    best_src = -1
    best_dst = -1
    best_up = 0
    for i in range(T[N_TREASURES]):
        src = T[TREASURE_IDS + i]
        if S[h0 + src] == 0:
            continue
        for j in range(T[N_TREASURES]):
            dst = T[TREASURE_IDS + j]
            if can_gain(S, T, dst, T[src * N_COLS + C_COST] + 3):
                up = T[dst * N_COLS + C_COST] - T[src * N_COLS + C_COST]
                if up > best_up:
                    best_up = up
                    best_src = src
                    best_dst = dst
    S[V + V_PENDING] = best_dst
    return best_src


@njit(cache=True)
def rules_decide(S, T, P, Q, p, d, arg):
    """A rule bot's default answer to decision ``d``: the pattern its record declares
    (sim.engine.codes DEC_DEFAULT, sim.cards.decisions DEF_*), with the record's
    parameters (its card, list, number, types and zone).

    Why the table and not a branch per decision: most questions share a few answers, so
    a new card's question that fits one costs a record and no code here.  The patterns
    of most turns come first; :func:`rules_decide_more` has the rest."""
    b = S[BOT + p]
    pattern = DEC_DEFAULT[d]
    if pattern == DEF_PLAY:
        return play_default(S, T, P, Q, b, p, d)
    if pattern == DEF_BUY:
        return pick_from_list(S, T, P, Q, b, p, L_BUY, S[V + V_COINS], -1)
    if pattern == DEF_TREASURE:
        h0 = HAND0 + p * N_SLOTS
        for i in range(T[N_TREASURES]):
            c = T[TREASURE_IDS + i]
            if S[h0 + c] > 0:
                return c
        return -1
    if pattern == DEF_DISCARD:
        return rules_attack_discard(S, T, P, b, p)
    if pattern == DEF_REVEAL:
        return P[b * P_WIDTH + PF_FLAGS + F_REVEAL_MOAT]
    if pattern == DEF_CELLAR_LIST:
        h0 = HAND0 + p * N_SLOTS
        r0 = PF_RANKS + R_CELLAR * N_SLOTS
        for c in range(N_CARDS):
            if S[h0 + c] > 0 and P[b * P_WIDTH + r0 + c]:
                return c
        return -1
    if pattern == DEF_TRASH_FOR_GAIN:
        return trash_for_gain(S, T, P, Q, b, p, d)
    if pattern == DEF_GAIN_PAIRED or pattern == DEF_GAIN:
        return gain_answer(S, T, P, Q, b, p, d, arg, pattern)
    if pattern == DEF_MINE_TRASH:
        return mine_trash(S, T, P, Q, b, p)
    if pattern == DEF_TRASH_JUNK:
        return trash_junk(S, T, P, b, p, d)
    if pattern == DEF_YES:
        return 1
    return rules_decide_more(S, T, P, Q, b, p, d, arg)


@njit(cache=True, inline="always")
def gain_answer(S, T, P, Q, b, p, d, arg, pattern):
    """The gain patterns both rule bots answer: the gain half of a (trash, gain) pair
    (DEF_GAIN_PAIRED: the gain chosen with the trash, else the best), or a plain gain
    (DEF_GAIN), for which a pair's gain left pending (answered by a Python bot or hook
    instead) is forgotten."""
    if pattern == DEF_GAIN_PAIRED:
        return pending_or_gain(S, T, P, Q, b, p, arg, (DEC_TYPES[d] & TREASURE) != 0,
                               DEC_CARD[d])
    S[V + V_PENDING] = -1
    return pick_gain(S, T, P, Q, b, p, arg, False, DEC_CARD[d])


@njit(cache=True)
def best_in_zone(S, T, P, b, p, z0, which, type_mask, lowest):
    """The card of ``p``'s count zone at ``z0`` (player 0's offset) with the lowest (or
    highest) rank in bot ``b``'s rank row ``which``, among cards of ``type_mask``
    (0: any); -1 if none.  Ties go to the lower card id."""
    z = z0 + p * N_SLOTS
    r0 = b * P_WIDTH + PF_RANKS + which * N_SLOTS
    best = -1
    for c in range(N_CARDS):
        if S[z + c] <= 0 or (type_mask and (T[c * N_COLS + C_TYPES] & type_mask) == 0):
            continue
        if best < 0 or (P[r0 + c] < P[r0 + best] if lowest else P[r0 + c] > P[r0 + best]):
            best = c
    return best


@njit(cache=True)
def _ranked_in_zone(S, T, P, b, p, z0, which):
    """The card of ``p``'s count zone at ``z0`` ranked first in rank row ``which``, or -1
    when no card there is ranked (all ``NEVER``)."""
    c = best_in_zone(S, T, P, b, p, z0, which, 0, True)
    if c >= 0 and P[b * P_WIDTH + PF_RANKS + which * N_SLOTS + c] < NEVER:
        return c
    return -1


@njit(cache=True)
def rules_decide_more(S, T, P, Q, b, p, d, arg):
    """:func:`rules_decide` for the patterns of fewer questions (DEF_NONE and any other:
    -1).  (Adventures games ask sim.engine.adventures.decide.rules_decide_adv for the
    questions declared RULES_ADVENTURES.)"""
    pattern = DEC_DEFAULT[d]
    if pattern == DEF_PLAY_IF_LISTED:   # play what the play list would play
        return 1 if P[b * P_WIDTH + PF_RANKS + R_PLAY * N_SLOTS + arg] < NEVER else 0
    if pattern == DEF_SKIP_ACTION:
        # Skip an Action when no Action is left to play it (or it is never played).
        playable = P[b * P_WIDTH + PF_RANKS + R_PLAY * N_SLOTS + arg] < NEVER
        return 1 if (S[V + V_ACTIONS] == 0 or not playable) else 0
    if pattern == DEF_DISCARD_FIRST:    # the card of the record's types it discards first
        return best_in_zone(S, T, P, b, p, DEC_ZONE[d], R_DISCARD, DEC_TYPES[d], True)
    if pattern == DEF_TOPDECK_RANKED:
        # The zone's card ranked first in the topdeck row (default: the costliest Action or
        # Treasure other than Copper, the card most worth drawing next turn); nothing when
        # no card there is ranked.
        return _ranked_in_zone(S, T, P, b, p, DEC_ZONE[d], R_TOPDECK)
    if pattern == DEF_CHEAPEST:         # lose the cheapest card of the record's types
        z = DEC_ZONE[d] + p * N_SLOTS
        types = DEC_TYPES[d]
        exclude = DEC_EXCLUDE[d]
        best = -1
        for c in range(N_CARDS):
            if S[z + c] and c != exclude and (types == 0 or (T[c * N_COLS + C_TYPES] & types)):
                if best < 0 or T[c * N_COLS + C_COST] < T[best * N_COLS + C_COST]:
                    best = c
        return best
    if pattern == DEF_SENTRY_LIST:      # of the cards in its sentry_discard row (default:
        # Victory cards and Curses) that it did not trash, the one it would discard first
        z = DEC_ZONE[d] + p * N_SLOTS
        sd0 = b * P_WIDTH + PF_RANKS + R_SENTRY_DISCARD * N_SLOTS
        r0 = b * P_WIDTH + PF_RANKS + R_DISCARD * N_SLOTS
        best = -1
        for c in range(N_CARDS):
            if S[z + c] and P[sd0 + c] and (best < 0 or P[r0 + c] < P[r0 + best]):
                best = c
        return best
    if pattern == DEF_TOPDECK_LOOKED:
        # The bot's own topdeck list: its first-listed card goes on top; otherwise the
        # card it would discard last.
        if P[b * P_WIDTH + PF_FLAGS + F_TOPDECK]:
            c = _ranked_in_zone(S, T, P, b, p, DEC_ZONE[d], R_TOPDECK)
            if c >= 0:
                return c
        return best_in_zone(S, T, P, b, p, DEC_ZONE[d], R_DISCARD, 0, False)
    if pattern == DEF_TOPDECK_FROM_HAND:
        return topdeck_from_hand(S, T, P, b, p)
    if pattern == DEF_MUST_TRASH:
        return must_trash(S, P, b, p)
    return -1


@njit(cache=True)
def topdeck_from_hand(S, T, P, b, p):
    """DEF_TOPDECK_FROM_HAND: the bot's own topdeck list, its first-listed card in hand.
    Otherwise an Action it cannot play this turn, else the cheapest Treasure (worth least
    now, still drawn next turn), else the card it would discard first."""
    h0 = HAND0 + p * N_SLOTS
    if P[b * P_WIDTH + PF_FLAGS + F_TOPDECK]:
        c = _ranked_in_zone(S, T, P, b, p, HAND0, R_TOPDECK)
        if c >= 0:
            return c
    if S[V + V_ACTIONS] == 0:
        c = best_in_zone(S, T, P, b, p, HAND0, R_PLAY, ACTION, True)
        if c >= 0:
            return c
    c = excess_terminal(S, T, P, b, p)
    if c >= 0:
        return c
    best = -1
    for c in range(N_CARDS):
        if S[h0 + c] and (T[c * N_COLS + C_TYPES] & TREASURE):
            if best < 0 or T[c * N_COLS + C_COST] < T[best * N_COLS + C_COST]:
                best = c
    if best >= 0:
        return best
    return lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)


# ----------------------------------------------------------------------------- random bot
@njit(cache=True)
def random_decide(S, R, T, p, d, arg):
    """Seat ``p``'s random answer to decision ``d``: uniform among the legal answers
    (sim.engine.legality.random_answer, from the table of decisions)."""
    return random_answer(S, R, T, p, d, arg)


# ----------------------------------------------------------------------------- dispatch
@njit(cache=True)
def python_answer(S, p, d, arg):
    """Call the Python bot of seat ``p`` (kept out of ``decide``: a function that
    holds an objmode block is never inlined, and each call to it costs ~15 ns)."""
    view = state_view(S)
    with objmode(r="int64"):
        r = py_decide(d, p, arg, view)
    return r


@njit(cache=True, inline="always")
def seat_answer(S, T, P, hooks, p, d, arg):
    """The answer of seat ``p``'s agent script, hook or Python bot, in that order, and the
    bot kind that answers if none did (``USE_DEFAULT``): K_RANDOM for the random bot, any
    other kind for the rule program.  The one dispatch of :func:`decide` and of
    sim.engine.adventures.decide.decide_adv (inlined into each: no call more).  A hook and
    a Python bot read the state itself: once Masquerade passed a card unseen (SECRET_N),
    the other players' owned cards are what ``p`` may know of them for the call
    (sim.engine.hooks.hide_passes), put back after it."""
    b = S[BOT + p]
    kind = P[b * P_WIDTH + PF_FLAGS + F_KIND]
    if kind >= K_AGENT:     # an agent seat (sim.env): its script first, then its own bot
        r = agent_answer(S, p, d, arg)
        if r != USE_DEFAULT:
            return r, kind
        kind -= K_AGENT
    hook = P[b * P_WIDTH + PF_FLAGS + F_HOOK]
    hidden = 0
    if hook or kind == K_PYTHON:    # they read the state: hide what p may not know
        hidden = S[SECRET_N]
        if hidden:
            hide_passes(S, T, p)
    if hook:
        r = hooks[hook - 1](hook_view(S, p), d, arg)
        if r != USE_DEFAULT:
            if hidden:
                show_passes(S, T, p)
            return r, kind
    if kind == K_PYTHON:
        r = python_answer(S, p, d, arg)
        if r != USE_DEFAULT:
            if hidden:
                show_passes(S, T, p)
            return r, kind
    if hidden:
        show_passes(S, T, p)
    return USE_DEFAULT, kind


@njit(cache=True)
def decide(S, R, T, P, Q, hooks, p, d, arg):
    """Player ``p``'s answer to decision ``d`` (a card id, -1, or 0/1 for yes/no).

    The engine calls it through a function pointer (sim.engine.decision_pair), never
    directly: see below why.
    """
    r, kind = seat_answer(S, T, P, hooks, p, d, arg)
    if r != USE_DEFAULT:
        return r
    if kind == K_RANDOM:
        return random_decide(S, R, T, p, d, arg)
    return rules_decide(S, T, P, Q, p, d, arg)


# ----------------------------------------------------------------------------- the pointer
# Why decide is called through a pointer.  numba compiles every function into its own
# LLVM module and links into it a copy of every function it calls, transitively, then
# optimises and emits machine code for the whole: a function called from many places is
# compiled again inside each caller's module, and inside their callers'.  ``decide`` pulls
# in every bot kind (rule programs, the random bot, hooks, the Python bridge) and is asked
# from every card text, so linked copies of it were most of a cold compile.  Called as a
# first-class function it is compiled once, and callers hold only a pointer.  (A decision
# is not on the hot path: rule bots' every-turn decisions take direct paths in
# sim.engine.game.play_turn.)
DECIDE_SIGNATURE = types.int64(
    types.CPointer(types.int32), types.CPointer(types.uint64), types.CPointer(types.int32),
    types.CPointer(types.int32), types.CPointer(types.float64),
    HOOK_TABLE, types.int64, types.int64, types.int64)
