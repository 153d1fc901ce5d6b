"""The random bot's answers to the Adventures decisions (and to buying, where Events
can be bought): uniform among the legal answers, from the deciding seat's stream.

Each answer is drawn with ``below(R, 2 * p + 1, n)`` like the base set's
(sim.engine.decide.random_card), over exactly the answers the engine accepts
(sim.engine.codes gives each decision's meaning; the checks are in the card and
Event texts, sim.engine.adventures.turn and .mechanics).  A mandatory choice never
answers -1 while a card qualifies.  Where an answer's legality depends on something
the question does not say, the bot keeps to answers that are legal either way:

* D_START: -1 (no more calls) is offered only when no start-of-turn effect is still
  due: after a -1 the engine asks again while several effects are due, and a call is
  then illegal (the question does not say so).  Resolving the due effects one by one
  and then answering -1 reaches every outcome the early -1 would.
* D_QUEST / D_QUEST_DISCARD: the discard question does not say which option was
  chosen, so the option "an Attack" is offered only with an Attack in hand, "two
  Curses" only with a Curse and no Attack in hand; a discard then answers an Attack
  when one is in hand and one card is left to discard, else a Curse when one is in
  hand and at most two are left, else any card: legal for every option.
* D_PILGRIMAGE: the cards are named in increasing id order (any order of different
  cards is legal; this one reaches every set of cards, and keeps the games the random
  bot played when the engine took only that order).
* D_DISCIPLE and D_ACTION-like choices take cards whose own type is Action (an Estate
  playing an inherited Action is offered by D_ACTION only, where the turn checks it).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import ACTION, ATTACK, C_TYPES, CURSE, EVENT, N_CARDS, TREASURE, VICTORY
from sim.cards.adventures import (
    COIN_OF_THE_REALM,
    GUIDE,
    RATCATCHER,
    ROYAL_CARRIAGE,
    TEACHER,
    TRANSMOGRIFY,
)
from sim.engine.adventures.mechanics import (
    START_ITEMS,
    action_supply_pile,
    event_allowed,
    has_token_on,
    is_action_for,
    start_item_due,
)
from sim.engine.codes import (
    D_ACTION,
    D_AFTER_ACTION,
    D_ALMS,
    D_AMULET,
    D_AMULET_TRASH,
    D_ARTIFICER_DISCARD,
    D_ARTIFICER_GAIN,
    D_BALL,
    D_BONFIRE,
    D_BUY,
    D_CARAVAN_GUARD,
    D_DISCIPLE,
    D_DUNGEON,
    D_DUPLICATE,
    D_EXCHANGE,
    D_FAIR,
    D_FUGITIVE,
    D_GEAR,
    D_HERO,
    D_INHERITANCE,
    D_MESSENGER_DECK,
    D_MESSENGER_GAIN,
    D_MISER,
    D_PILGRIMAGE,
    D_QUEST,
    D_QUEST_DISCARD,
    D_RATCATCHER,
    D_RAZE,
    D_RAZE_KEEP,
    D_SAVE,
    D_SCOUTING_PARTY,
    D_SEAWAY,
    D_START,
    D_STORYTELLER,
    D_TEACHER_TOKEN,
    D_TOKEN_PILE,
    D_TOPDECK_ORDER,
    D_TRADE,
    D_TRANSMOGRIFY_GAIN,
    D_TRANSMOGRIFY_TRASH,
    D_TRASHING_TOKEN,
    D_WINE_MERCHANT,
)
from sim.engine.layout import (
    ADV_STACK_WIDTH,
    ASIDE0,
    ASIDE_N,
    E_GONE,
    HAND0,
    MAT0,
    N_COLS,
    N_SLOTS,
    PLAY0,
    STACK,
    V_COINS,
    V_MISSION,
    V_STACK_N,
    V_THIS,
    V,
)
from sim.engine.rng import below
from sim.engine.zones import can_gain, cost_of, with_ability

ANY_COST = 1 << 20      # "a Treasure" (Hero), "a card in play" (Pilgrimage): no cost limit

# What a choice is among (the ``kind`` of :func:`_ok`).
K_HAND = 0          # a card in hand (of ``mask``'s types, if any)
K_GAIN = 1          # a card that can be gained costing up to ``lim`` (of ``mask``'s types)
K_EXACT = 2         # a card that can be gained costing exactly ``lim``
K_ASIDE = 3         # a card being looked at (ASIDE)
K_PLAY = 4          # a card in play
K_START = 5         # a start-of-turn item due, or a call
K_AFTER = 6         # an after-Action call
K_PILE = 7          # an Action Supply pile for a token (``lim`` 1: none of p's tokens on it)
K_BUY = 8           # a card or an Event to buy
K_INHERIT = 9       # a non-Victory Action costing up to ``lim``
K_PILGRIM = 10      # a card in play, gainable, id above ``lim``
K_QUEST_ATTACK = 11  # an Attack in hand
K_ACTION = 12       # a card in hand that is an Action for p (an inheriting Estate too)


@njit(cache=True)
def rc_can_replay(S, p, c):
    """Royal Carriage may replay ``c`` now: the Action whose after-Action window is open
    (the top entry of the play stack) still has this copy in play."""
    n = S[V + V_STACK_N]
    if n <= 0 or S[PLAY0 + p * N_SLOTS + c] <= 0:
        return False
    return S[STACK + ADV_STACK_WIDTH * (n - 1) + E_GONE] == 0


@njit(cache=True)
def start_calls_due(S, p):
    """Start-of-turn effects still due for ``p`` (Gear's cards, Durations, Hireling)."""
    n = 0
    for i in range(len(START_ITEMS)):
        if start_item_due(S, p, START_ITEMS[i]):
            n += 1
    return n


@njit(cache=True)
def _ok(S, T, p, c, kind, mask, lim):
    """Card ``c`` is a legal answer of choice ``kind`` (see K_*)."""
    t = T[c * N_COLS + C_TYPES]
    if mask and (t & mask) == 0:
        return False
    if kind == K_HAND:
        return S[HAND0 + p * N_SLOTS + c] > 0
    if kind == K_ACTION:
        return S[HAND0 + p * N_SLOTS + c] > 0 and is_action_for(S, T, p, c)
    if kind == K_GAIN:
        return can_gain(S, T, c, lim)
    if kind == K_EXACT:
        return can_gain(S, T, c, lim) and cost_of(S, T, c) == lim
    if kind == K_ASIDE:
        return S[ASIDE0 + p * N_SLOTS + c] > 0
    if kind == K_PLAY:
        return S[PLAY0 + p * N_SLOTS + c] > 0
    if kind == K_START:
        if start_item_due(S, p, c):
            return True
        # A call, named by its Reserve (an Estate inheriting it on the mat counts).
        return (c == GUIDE or c == RATCATCHER or c == TRANSMOGRIFY or c == TEACHER) and \
            with_ability(S, p, MAT0, c) > 0
    if kind == K_AFTER:
        if c == COIN_OF_THE_REALM:
            return S[MAT0 + p * N_SLOTS + c] > 0
        if c == ROYAL_CARRIAGE:
            return with_ability(S, p, MAT0, c) > 0 and rc_can_replay(S, p, lim)
        return False
    if kind == K_PILE:
        return action_supply_pile(S, T, c) and not (lim and has_token_on(S, p, c))
    if kind == K_BUY:
        if t & EVENT:
            return event_allowed(S, T, p, c)
        return S[V + V_MISSION] == 0 and can_gain(S, T, c, S[V + V_COINS])
    if kind == K_INHERIT:
        return (t & ACTION) != 0 and (t & VICTORY) == 0 and can_gain(S, T, c, lim)
    if kind == K_PILGRIM:
        return c > lim and S[PLAY0 + p * N_SLOTS + c] > 0 and can_gain(S, T, c, ANY_COST)
    if kind == K_QUEST_ATTACK:
        return S[HAND0 + p * N_SLOTS + c] > 0 and (t & ATTACK) != 0
    return False


@njit(cache=True)
def pick(S, R, T, p, kind, mask, lim, allow_none):
    """Uniform choice among the cards legal for choice ``kind`` and -1 if ``allow_none``
    (-1 also when nothing qualifies)."""
    n = 1 if allow_none else 0
    for c in range(N_CARDS):
        if _ok(S, T, p, c, kind, mask, lim):
            n += 1
    if n == 0:
        return -1
    k = below(R, 2 * p + 1, n)
    for c in range(N_CARDS):
        if _ok(S, T, p, c, kind, mask, lim):
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def legal_cards(S, T, p, kind, mask, lim):
    """Which card ids are legal answers of choice ``kind`` (one bool each): the answers
    an illegal answer's error lists (sim.engine.batch.legal_answers)."""
    out = np.zeros(N_CARDS, np.bool_)
    for c in range(N_CARDS):
        out[c] = _ok(S, T, p, c, kind, mask, lim)
    return out


@njit(cache=True)
def _count(S, T, p, kind, mask, lim):
    n = 0
    for c in range(N_CARDS):
        if _ok(S, T, p, c, kind, mask, lim):
            n += 1
    return n


@njit(cache=True)
def random_decide_adv(S, R, T, p, d, arg):
    """Seat ``p``'s random answer to Adventures decision ``d`` (or D_BUY / D_ACTION in an
    Adventures game): see the module docstring."""
    h0 = HAND0 + p * N_SLOTS
    if d == D_BUY:
        return pick(S, R, T, p, K_BUY, 0, 0, True)
    if d == D_ACTION:
        return pick(S, R, T, p, K_ACTION, 0, 0, True)
    if d == D_START:
        return pick(S, R, T, p, K_START, 0, 0, start_calls_due(S, p) == 0)
    if d == D_AFTER_ACTION:
        return pick(S, R, T, p, K_AFTER, 0, arg, True)
    if d == D_EXCHANGE or d == D_CARAVAN_GUARD or d == D_DUPLICATE or \
            d == D_MESSENGER_DECK or d == D_WINE_MERCHANT or d == D_FAIR:
        return below(R, 2 * p + 1, 2)
    if d == D_AMULET:
        return below(R, 2 * p + 1, 3)
    if d == D_MISER:
        return below(R, 2 * p + 1, 2)
    if d == D_TEACHER_TOKEN:
        return below(R, 2 * p + 1, 4)
    if d == D_AMULET_TRASH or d == D_DUNGEON or d == D_RATCATCHER or \
            d == D_TRANSMOGRIFY_TRASH or d == D_FUGITIVE or d == D_SAVE:
        return pick(S, R, T, p, K_HAND, 0, 0, False)
    if d == D_RAZE:     # arg 1: Raze already left play, a card from hand must go
        return pick(S, R, T, p, K_HAND, 0, 0, arg != 1)
    if d == D_GEAR or d == D_ARTIFICER_DISCARD or d == D_TRASHING_TOKEN or d == D_TRADE:
        return pick(S, R, T, p, K_HAND, 0, 0, True)
    if d == D_STORYTELLER:
        return pick(S, R, T, p, K_HAND, TREASURE, 0, True)
    if d == D_DISCIPLE:
        return pick(S, R, T, p, K_HAND, ACTION, 0, True)
    if d == D_TRANSMOGRIFY_GAIN or d == D_MESSENGER_GAIN or d == D_ALMS or d == D_BALL:
        return pick(S, R, T, p, K_GAIN, 0, arg, False)
    if d == D_SEAWAY:
        return pick(S, R, T, p, K_GAIN, ACTION, arg, False)
    if d == D_HERO:
        return pick(S, R, T, p, K_GAIN, TREASURE, ANY_COST, False)
    if d == D_ARTIFICER_GAIN:
        return pick(S, R, T, p, K_EXACT, 0, arg, True)
    if d == D_INHERITANCE:
        return pick(S, R, T, p, K_INHERIT, 0, arg, False)
    if d == D_TOKEN_PILE:
        # Teacher (the call running) moves a token only to a pile with none of p's tokens.
        return pick(S, R, T, p, K_PILE, 0, 1 if S[V + V_THIS] == TEACHER else 0, False)
    if d == D_RAZE_KEEP or d == D_SCOUTING_PARTY:
        return pick(S, R, T, p, K_ASIDE, 0, 0, False)
    if d == D_TOPDECK_ORDER:
        # The cards going onto the deck together: looked-at ones (Scouting Party) while
        # any are set out, else the hand (Haunted Woods).
        if S[ASIDE_N + p] > 0:
            return pick(S, R, T, p, K_ASIDE, 0, 0, False)
        return pick(S, R, T, p, K_HAND, 0, 0, False)
    if d == D_BONFIRE:
        return pick(S, R, T, p, K_PLAY, 0, 0, True)
    if d == D_PILGRIMAGE:
        # Names cards in increasing id order (a subset of the legal answers, which may
        # come in any order): nothing above ``arg`` left, it stops without a draw (the
        # engine asks while any card not named yet is left).
        if _count(S, T, p, K_PILGRIM, 0, arg) == 0:
            return -1
        return pick(S, R, T, p, K_PILGRIM, 0, arg, True)
    if d == D_QUEST:
        # Options offered: -1 and "six cards" always, "an Attack" with one in hand, "two
        # Curses" with a Curse and no Attack in hand (module docstring).
        attack = _count(S, T, p, K_QUEST_ATTACK, 0, 0) > 0
        curse = S[h0 + CURSE] > 0 and not attack
        n = 2 + (1 if attack else 0) + (1 if curse else 0)
        k = below(R, 2 * p + 1, n)
        if k == 0:
            return -1
        if k == 1:
            return 2
        if k == 2 and attack:
            return 0
        return 1
    if d == D_QUEST_DISCARD:
        if arg == 1 and _count(S, T, p, K_QUEST_ATTACK, 0, 0) > 0:
            return pick(S, R, T, p, K_QUEST_ATTACK, 0, 0, False)
        if arg <= 2 and S[h0 + CURSE] > 0:
            return CURSE
        return pick(S, R, T, p, K_HAND, 0, 0, False)
    return -1

