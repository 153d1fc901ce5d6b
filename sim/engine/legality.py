"""The one compiled source of every decision's legal answers, driven by the table of
decisions (sim.engine.codes: DECISIONS and its DEC_* arrays).

:func:`answers` lists decision ``d``'s legal answers (engine answers: card ids, -1,
0/1, option numbers) in the random bot's draw order; from it come

* :func:`random_answer`: the random bot's answer (base set and Adventures), one draw
  ``below(R, 2 * p + 1, n)`` over the ``n`` answers, cards in increasing id order and
  "none" last; no draw where one answer is forced (a mandatory choice with nothing to
  choose answers -1, and the two special cases below) -- exactly the draws the random
  bot always made, so its games are unchanged;
* :func:`mark_legal`: the same answers as agent actions (sim.env.core.legal_mask);
* :func:`legal_answer`: whether one answer is among them;
* with ``wide``, what the engine accepts where that is more (the words of an illegal
  answer's error, sim.engine.batch.legal_answers).

Why the table's answers are narrower than the engine's in four places (``wide`` lists
the engine's): where an answer's legality depends on something the question does not
say, the random bot (and with it an agent's mask) keeps to answers that are legal either
way, and each narrowing still reaches every outcome:

* D_START: -1 (no more calls) only when no start-of-turn effect is still due (after an
  early -1 the engine asks again with arg 1, and a call is then illegal);
* D_QUEST / D_QUEST_DISCARD: option "an Attack" only with an Attack in hand, "two
  Curses" only with a Curse and no Attack; a discard is an Attack when one is in hand
  and one card is left, else a Curse (taken without a draw) when one is in hand and at
  most two are left, else any card;
* D_PILGRIMAGE: cards named in increasing id order (arg: the highest named so far); with
  none left above arg, -1 without a draw;
* D_THRONE_ROOM / D_DISCIPLE: cards whose own type is Action (an Estate inheriting an
  Action is offered by D_ACTION only).

A question of options "all different" (DOM_UNCHOSEN: Pawn, Courtier) is asked once per
choice, its arg's bit k set when option k was chosen already; the options not chosen are
legal.

Also here, because the table's domains read them and the Adventures modules import this
one (never the reverse: sim.engine.decide imports it, and must not import them): which
start-of-turn effects are due, whether an Event can be bought, where tokens may go and
whether Royal Carriage can replay.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import (
    ACTION,
    AFTER_ACTION_CALLS,
    ATTACK,
    C_COST,
    C_TYPES,
    CURSE,
    EVENT,
    N_CARDS,
    START_CALL,
    START_EVERY_TURN,
    START_KIND,
)
from sim.cards import CALL_REPLAYS as DECLARED_CALL_REPLAYS
from sim.cards.adventures import (
    INHERITANCE,
    TEACHER,
)
from sim.cards.decisions import DOM_UNCHOSEN
from sim.engine.agent_seat import A_MODE0, A_NO, A_NONE, A_YES
from sim.engine.codes import (
    ANS_MODE,
    ANS_YES_NO,
    ANY_COST,
    DEC_ANSWER,
    DEC_DOMAIN,
    DEC_EXCLUDE,
    DEC_LIMIT,
    DEC_NONE,
    DEC_NOT_TYPES,
    DEC_OPTIONS,
    DEC_TYPES,
    DOM_AFTER,
    DOM_ANY_CARD,
    DOM_ASIDE,
    DOM_BUY,
    DOM_DISCARD,
    DOM_EXACT,
    DOM_GAIN,
    DOM_HAND,
    DOM_HAND_ACTION,
    DOM_NONE,
    DOM_PILE,
    DOM_PILGRIM,
    DOM_PLAY,
    DOM_QUEST,
    DOM_QUEST_DISCARD,
    DOM_START,
    DOM_SUPPLY_ACTION,
    DOM_TOPDECK,
    DOM_TRASH_ACTION,
    LIM_ANY,
    LIM_ARG,
    LIM_COINS,
    NONE_ALWAYS,
    NONE_IF_NOTHING_DUE,
    NONE_UNLESS_ARG1,
)
from sim.engine.layout import (
    ADV_STACK_WIDTH,
    ASIDE0,
    ASIDE_N,
    DISC0,
    DISC_N,
    E_GONE,
    EFFECTS,
    EVENT_IDS,
    GAME_IDS,
    GAME_IDS_N,
    HAND0,
    HAND_N,
    IN_SUPPLY,
    INHERITANCE_BOUGHT,
    MAT0,
    MAX_PLAYERS,
    N_COLS,
    N_EVENTS,
    N_SLOTS,
    N_START,
    N_TOKENS_ON_PILES,
    ONCE_BIT,
    PLAY0,
    PLAY_N,
    STACK,
    START_HOW,
    START_IDS,
    SUPPLY,
    TOK_CARD,
    TRASH,
    V_COINS,
    V_MISSION,
    V_ONCE,
    V_STACK_N,
    V_STAYS,
    V_THIS,
    V,
)
from sim.engine.rng import below
from sim.engine.zones import can_gain, cost_of, types_of, with_ability

# 1 for a Reserve called after an Action (sim.cards.AFTER_ACTION_CALLS), by id: the legal
# answers of the after-Action window, compiled in as the window's own list is
# (sim.engine.adventures.mechanics.AFTER_IDS).
CALLED_AFTER = np.zeros(N_CARDS, np.int32)
CALLED_AFTER[list(AFTER_ACTION_CALLS)] = 1

#: Room for any decision's answers: every card id, -1, and the options.
N_OUT = N_CARDS + 8

# ----------------------------------------------------------------------------- Adventures facts
@njit(cache=True, inline="always")
def start_item_due(S, T, p, c):
    """``c``'s start-of-turn effect is due for ``p`` (a D_START answer): plays of it wait
    (EFFECTS), and an effect lasting the game has not resolved yet this turn (the
    window's flag V_STAYS, free while the window is open; sim.cards allows one such
    card).  What takes part in the window, and how, is the card's declaration
    (Card.at_start, T[START_HOW])."""
    if c < 0 or c >= N_CARDS:       # (any answer may be asked about: an agent's REFUSED)
        return False
    how = T[START_HOW + c]
    kind = how & START_KIND
    if kind == 0 or kind == START_CALL or S[EFFECTS + p * N_SLOTS + c] <= 0:
        return False
    return (how & START_EVERY_TURN) == 0 or S[V + V_STAYS] == 0


@njit(cache=True, inline="always")
def start_call_named(S, T, p, c):
    """``c`` names a start-of-turn call ``p`` can make: a Reserve called at the start of
    the turn (its declaration) with a card of its abilities on ``p``'s mat (an Estate
    inheriting it counts)."""
    return (0 <= c < N_CARDS and (T[START_HOW + c] & START_KIND) == START_CALL
            and with_ability(S, p, MAT0, c) > 0)


@njit(cache=True)
def start_calls_due(S, T, p):
    """Start-of-turn effects still due for ``p`` (the game's cards with one, T[START_IDS])."""
    n = 0
    for i in range(T[N_START]):
        if start_item_due(S, T, p, T[START_IDS + i]):
            n += 1
    return n


@njit(cache=True)
def event_in_game(T, c):
    for i in range(T[N_EVENTS]):
        if T[EVENT_IDS + i] == c:
            return True
    return False


@njit(cache=True)
def event_allowed(S, T, p, c):
    """Event ``c`` can be bought now: in the game, affordable (its fixed cost), not a
    second time this turn if once per turn, Inheritance once per game."""
    if c < 0 or c >= N_CARDS or not event_in_game(T, c):    # (the game's Events only)
        return False
    if T[c * N_COLS + C_COST] > S[V + V_COINS]:
        return False
    if S[V + V_ONCE] & T[ONCE_BIT + c]:     # once per turn, bought this turn
        return False
    return not (c == INHERITANCE and S[INHERITANCE_BOUGHT + p] != 0)


@njit(cache=True)
def action_supply_pile(S, T, c):
    """``c`` names an Action Supply pile (a pile of this game's Supply whose cards are
    Actions; empty or not): where tokens go."""
    return (0 <= c < N_CARDS and S[IN_SUPPLY + c] != 0
            and (T[c * N_COLS + C_TYPES] & ACTION) != 0)


@njit(cache=True)
def has_token_on(S, p, c):
    """Any of ``p``'s pile tokens (+1 Card ... Trashing) is on ``c``'s pile."""
    for k in range(N_TOKENS_ON_PILES):
        if S[TOK_CARD + k * MAX_PLAYERS + p] == c + 1:
            return True
    return False


@njit(cache=True)
def rc_can_replay(S, p, c):
    """A call that replays (Card.call_replays: Royal Carriage) may replay ``c`` now: the
    Action whose after-Action window is open (the top entry of the play stack) still has
    this copy in play."""
    n = S[V + V_STACK_N]
    if n <= 0 or S[PLAY0 + p * N_SLOTS + c] <= 0:
        return False
    return S[STACK + ADV_STACK_WIDTH * (n - 1) + E_GONE] == 0


@njit(cache=True, inline="always")
def supply_action(S, T, c):
    """``c`` is an Action card on top of a Supply pile (Lurker's trash: a pile with cards
    left; the Traveller upgrades' piles are not the Supply's)."""
    return 0 <= c < N_CARDS and S[SUPPLY + c] > 0 and (T[c * N_COLS + C_TYPES] & ACTION) != 0


@njit(cache=True, inline="always")
def trash_action(S, T, c):
    """``c`` is an Action card in the trash (Lurker's gain; any card with the Action type,
    in the Supply or not: a Traveller upgrade too)."""
    return 0 <= c < N_CARDS and S[TRASH + c] > 0 and (T[c * N_COLS + C_TYPES] & ACTION) != 0


# ----------------------------------------------------------------------------- the domains
@njit(cache=True)
def card_ok(S, T, p, d, arg, c, wide):
    """Card ``c`` is a legal answer of card decision ``d`` (asked of ``p`` with ``arg``):
    its types, its exclusion and its domain, as the table declares them (Quest's
    discards excepted: :func:`answers`).  ``wide``: as the engine accepts (module
    docstring)."""
    t = T[c * N_COLS + C_TYPES]
    need = DEC_TYPES[d]
    if need and (t & need) == 0:
        if not (wide and need == ACTION and (types_of(S, T, p, c) & ACTION)):
            return False
    if t & DEC_NOT_TYPES[d] or c == DEC_EXCLUDE[d]:
        return False
    dom = DEC_DOMAIN[d]
    lim = DEC_LIMIT[d]
    if lim == LIM_ARG:
        lim = arg
    elif lim == LIM_ANY:
        lim = ANY_COST
    elif lim == LIM_COINS:
        lim = S[V + V_COINS]
    if dom == DOM_HAND:
        return S[HAND0 + p * N_SLOTS + c] > 0
    if dom == DOM_HAND_ACTION:
        return S[HAND0 + p * N_SLOTS + c] > 0 and (types_of(S, T, p, c) & ACTION) != 0
    if dom == DOM_GAIN:
        return can_gain(S, T, c, lim)
    if dom == DOM_EXACT:
        return can_gain(S, T, c, lim) and cost_of(S, T, c) == lim
    if dom == DOM_ASIDE:
        return S[ASIDE0 + p * N_SLOTS + c] > 0
    if dom == DOM_PLAY:
        return S[PLAY0 + p * N_SLOTS + c] > 0
    if dom == DOM_DISCARD:
        return S[DISC0 + p * N_SLOTS + c] > 0
    if dom == DOM_BUY:
        if t & EVENT:
            return event_allowed(S, T, p, c)
        return S[V + V_MISSION] == 0 and can_gain(S, T, c, lim)
    if dom == DOM_START:
        if start_item_due(S, T, p, c):
            return True
        # A call (arg 0: calls still open), named by its Reserve.
        return arg == 0 and start_call_named(S, T, p, c)
    if dom == DOM_AFTER:    # a Reserve called after an Action (Card.called, call_replays)
        if 0 <= c < N_CARDS and CALLED_AFTER[c]:
            return with_ability(S, p, MAT0, c) > 0 and (
                DECLARED_CALL_REPLAYS[c] == 0 or rc_can_replay(S, p, lim))
        return False
    if dom == DOM_PILE:     # Teacher (the call running) skips piles with p's tokens
        return action_supply_pile(S, T, c) and not (
            S[V + V_THIS] == TEACHER and has_token_on(S, p, c))
    if dom == DOM_PILGRIM:
        return (wide or c > lim) and S[PLAY0 + p * N_SLOTS + c] > 0 and \
            can_gain(S, T, c, ANY_COST)
    if dom == DOM_TOPDECK:  # looked-at cards (Scouting Party) while any, else the hand
        z = ASIDE0 if S[ASIDE_N + p] > 0 else HAND0
        return S[z + p * N_SLOTS + c] > 0
    if dom == DOM_ANY_CARD:     # a name: any card (the record's not_types: no Event)
        return True
    if dom == DOM_SUPPLY_ACTION:
        return supply_action(S, T, c)
    if dom == DOM_TRASH_ACTION:
        return trash_action(S, T, c)
    return False


@njit(cache=True)
def _in_hand(S, T, p, types, out):
    """The cards in ``p``'s hand (of ``types``, if any) into ``out``; how many."""
    n = 0
    for c in range(N_CARDS):
        if S[HAND0 + p * N_SLOTS + c] > 0 and (types == 0 or (T[c * N_COLS + C_TYPES] & types)):
            out[n] = c
            n += 1
    return n


@njit(cache=True, inline="always")
def _zone_of(S, p, dom):
    """The zone a card domain draws from (its start for player 0, and how many cards
    ``p`` has in it), or (-1, 0) for a domain that is not one zone."""
    if dom == DOM_HAND or dom == DOM_HAND_ACTION:
        return HAND0, S[HAND_N + p]
    if dom == DOM_ASIDE:
        return ASIDE0, S[ASIDE_N + p]
    if dom == DOM_PLAY or dom == DOM_PILGRIM:
        return PLAY0, S[PLAY_N + p]
    if dom == DOM_DISCARD:
        return DISC0, S[DISC_N + p]
    if dom == DOM_TOPDECK:
        if S[ASIDE_N + p] > 0:
            return ASIDE0, S[ASIDE_N + p]
        return HAND0, S[HAND_N + p]
    return -1, 0


@njit(cache=True)
def _cards_ok(S, T, p, d, arg, out, wide, dom):
    """The ids ``c`` with :func:`card_ok` into ``out``, ascending; how many.  Only the
    ids that can qualify are looked at: those in the zone the domain draws from, up to
    its last card, or, for a Supply domain, the game's ids (layout GAME_IDS: no other
    card has a pile) and, for a buy, the Events (the highest ids)."""
    n = 0
    z, left = _zone_of(S, p, dom)
    if z >= 0:
        z += p * N_SLOTS
        c = 0
        while left > 0 and c < N_CARDS:
            k = S[z + c]
            if k > 0:
                left -= k
                if card_ok(S, T, p, d, arg, c, wide):
                    out[n] = c
                    n += 1
            c += 1
        return n
    if dom == DOM_GAIN or dom == DOM_EXACT or dom == DOM_BUY or dom == DOM_PILE or \
            dom == DOM_SUPPLY_ACTION:
        for i in range(S[GAME_IDS_N]):
            c = S[GAME_IDS + i]
            if card_ok(S, T, p, d, arg, c, wide):
                out[n] = c
                n += 1
        if dom == DOM_BUY:
            for i in range(T[N_EVENTS]):      # the game's Events, ascending
                c = T[EVENT_IDS + i]
                if card_ok(S, T, p, d, arg, c, wide):
                    out[n] = c
                    n += 1
        return n
    for c in range(N_CARDS):
        if card_ok(S, T, p, d, arg, c, wide):
            out[n] = c
            n += 1
    return n


@njit(cache=True)
def answers(S, T, p, d, arg, out, wide):
    """Decision ``d``'s legal answers (asked of ``p`` with ``arg``) into ``out`` (at least
    N_OUT long), in the random bot's draw order; returns ``(n, drawn)``: how many, and
    whether the random bot draws among them (False: one forced answer, no draw).
    ``wide``: the engine's accepted answers where they are more (module docstring)."""
    kind = DEC_ANSWER[d]
    dom = DEC_DOMAIN[d]
    if kind == ANS_YES_NO:
        out[0] = 0
        out[1] = 1
        return 2, True
    if kind == ANS_MODE and dom == DOM_NONE:
        for i in range(DEC_OPTIONS[d]):
            out[i] = i
        return DEC_OPTIONS[d], True
    if dom == DOM_UNCHOSEN:     # the options not chosen yet (arg's bits)
        n = 0
        for i in range(DEC_OPTIONS[d]):
            if (arg >> i) & 1 == 0:
                out[n] = i
                n += 1
        return n, n > 1
    h0 = HAND0 + p * N_SLOTS
    if dom == DOM_QUEST:
        out[0] = -1
        out[1] = 2
        if wide:
            out[2] = 0
            out[3] = 1
            return 4, True
        if _in_hand(S, T, p, ATTACK, out[2:]) > 0:     # (only counted)
            out[2] = 0
            return 3, True
        if S[h0 + CURSE] > 0:
            out[2] = 1
            return 3, True
        return 2, True
    if dom == DOM_QUEST_DISCARD and not wide:
        if arg == 1:
            n = _in_hand(S, T, p, ATTACK, out)
            if n > 0:
                return n, True
        if arg <= 2 and S[h0 + CURSE] > 0:
            out[0] = CURSE
            return 1, False
        n = _in_hand(S, T, p, 0, out)
    elif dom == DOM_QUEST_DISCARD:
        n = _in_hand(S, T, p, 0, out)
    else:
        n = _cards_ok(S, T, p, d, arg, out, wide, dom)
    rule = DEC_NONE[d]
    none = rule == NONE_ALWAYS
    if rule == NONE_UNLESS_ARG1:
        none = arg != 1
    elif rule == NONE_IF_NOTHING_DUE:
        none = wide or start_calls_due(S, T, p) == 0
    if n == 0 and (not none or dom == DOM_PILGRIM):
        out[0] = -1
        return 1, False
    if none:
        out[n] = -1
        n += 1
    return n, True


@njit(cache=True)
def random_answer(S, R, T, p, d, arg):
    """The random bot's answer to decision ``d``: uniform among :func:`answers`, drawn
    from seat ``p``'s decision stream (``2 * p + 1``)."""
    out = np.empty(N_OUT, np.int64)
    n, drawn = answers(S, T, p, d, arg, out, False)
    if not drawn:
        return out[0]
    return out[below(R, 2 * p + 1, n)]


@njit(cache=True)
def action_of(d, a):
    """The agent action (sim.env.actions) of engine answer ``a`` to decision ``d``."""
    kind = DEC_ANSWER[d]
    if kind == ANS_YES_NO:
        return A_YES if a == 1 else A_NO
    if a < 0:
        return A_NONE
    if kind == ANS_MODE:
        return A_MODE0 + a
    return a


@njit(cache=True)
def mark_legal(S, T, p, d, arg, mask):
    """:func:`answers` as 1s in the action ``mask`` (cleared first); how many."""
    out = np.empty(N_OUT, np.int64)
    n, _drawn = answers(S, T, p, d, arg, out, False)
    mask[:] = 0
    for i in range(n):
        mask[action_of(d, out[i])] = 1
    return n


@njit(cache=True)
def legal_answer(S, T, p, d, arg, a, wide):
    """Engine answer ``a`` is among :func:`answers` (``wide``: the engine's)."""
    out = np.empty(N_OUT, np.int64)
    n, _drawn = answers(S, T, p, d, arg, out, wide)
    for i in range(n):
        if out[i] == a:
            return True
    return False
