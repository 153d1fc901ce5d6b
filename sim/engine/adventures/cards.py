"""Adventures kingdom cards and Traveller upgrades: one function per card.

As in :mod:`sim.engine.base_set`: each function is the part of a card's text
that is more than counters (the counters are columns of the card table,
:mod:`sim.cards.adventures`, applied first), its docstring gives the text, the
decisions it asks and the log rows it writes; :data:`CARD_TEXT` maps ``special``
codes to functions.  Cards whose whole text is counters plus a rule the engine
applies elsewhere need no function: Page, Peasant (exchange, in Cleanup), Port
(on buy, sim.engine.adventures.turn), Lost City (on gain, mechanics.on_gain).

Conventions (sim.engine.layout): ``S[V + V_THIS]`` is the card resolving (an
Estate under Inheritance plays the inherited text but is still "this");
``S[V + V_GONE]`` is 1 when this copy left play (a second play by Throne Room
does not move it again), 2 when the function runs for a *call* from the Tavern
mat (the part of a Reserve's text below its line); a text that leaves an effect
for a later turn calls :func:`~sim.engine.adventures.mechanics.stays`.
"""

from __future__ import annotations

from numba import njit

from sim.cards import N_CARDS
from sim.cards.adventures import (
    AMULET,
    BRIDGE_TROLL,
    CARAVAN_GUARD,
    CHAMPION,
    COIN_OF_THE_REALM,
    DISTANT_LANDS,
    DUNGEON,
    DUPLICATE,
    GEAR,
    GUIDE,
    HAUNTED_WOODS,
    HIRELING,
    RATCATCHER,
    ROYAL_CARRIAGE,
    SWAMP_HAG,
    TEACHER,
    TRANSMOGRIFY,
    WINE_MERCHANT,
    sp,
)
from sim.engine.adventures.mechanics import (
    STAY_GAME,
    STAY_NEXT_TURN,
    amulet_effect,
    dungeon_effect,
    move_token,
    stays,
    to_mat,
)
from sim.engine.codes import (
    D_GEAR,
    D_RATCATCHER,
    D_TEACHER_TOKEN,
    D_TRANSMOGRIFY_GAIN,
    D_TRANSMOGRIFY_TRASH,
    DISCARD_GUIDE,
    ERR_ILLEGAL,
    EV_DISCARD,
    EV_SET_ASIDE,
    EV_TOKEN,
    TOKEN_MINUS_COIN,
)
from sim.engine.layout import (
    CHAMPIONS,
    DISC0,
    DISC_N,
    DISC_TOP,
    ERR,
    HAG_ON,
    HAND0,
    HAND_N,
    HIRELINGS,
    MAX_PLAYERS,
    MINUS_COIN,
    N_SLOTS,
    NEXT_AMULET,
    NEXT_DUNGEON,
    NEXT_GUARD,
    NEXT_HAG,
    NEXT_TROLL,
    NEXT_WOODS,
    V_BUYS,
    V_CUR,
    V_GONE,
    V_NP,
    WOODS_ON,
    Z_GEAR,
    Z_HAND,
    V,
)
from sim.engine.steps import ask, attacked, fail, gain_choice, in_hand_ok
from sim.engine.zones import (
    GAIN_TO_HAND,
    cost_of,
    draw,
    log_event,
    move_card,
    trash_from_hand,
)

CALLED = 2          # S[V + V_GONE] while a Reserve's function runs for a call


# ----------------------------------------------------------------------------- Durations
@njit(cache=True)
def amulet(S, R, T, P, Q, D, p):
    """Amulet: now and at the start of your next turn, choose one: +$1; or trash a card
    from your hand; or gain a Silver.  Asks D_AMULET (mode), D_AMULET_TRASH."""
    amulet_effect(S, R, T, P, Q, D, p)
    S[NEXT_AMULET + p] += 1
    stays(S, STAY_NEXT_TURN)


@njit(cache=True)
def caravan_guard(S, R, T, P, Q, D, p):
    """Caravan Guard: +1 Card, +1 Action (counters); at the start of your next turn, +$1.
    (Its Reaction is in sim.engine.adventures.mechanics.attacked_adv.)"""
    S[NEXT_GUARD + p] += 1
    stays(S, STAY_NEXT_TURN)


@njit(cache=True)
def dungeon(S, R, T, P, Q, D, p):
    """Dungeon: +1 Action (counter). Now and at the start of your next turn: +2 Cards,
    then discard 2 cards.  Asks D_DUNGEON per card; logs EV_DISCARD (DISCARD_DUNGEON)."""
    dungeon_effect(S, R, T, P, Q, D, p)
    S[NEXT_DUNGEON + p] += 1
    stays(S, STAY_NEXT_TURN)


@njit(cache=True)
def gear(S, R, T, P, Q, D, p):
    """Gear: +2 Cards (counter). Set aside up to 2 cards from your hand face down; at the
    start of your next turn, put them into your hand.  Asks D_GEAR (a card, or -1 to
    stop); stays in play only if it set a card aside.  Logs EV_SET_ASIDE."""
    n = 0
    while n < 2 and S[HAND_N + p] > 0:
        c = ask(S, R, T, P, Q, D, p, D_GEAR, n)
        if S[ERR] or c < 0:
            break
        if not in_hand_ok(S, T, p, D_GEAR, c, 0):
            return
        move_card(S, p, Z_HAND, Z_GEAR, c)
        log_event(S, EV_SET_ASIDE, p, c, 1, GEAR)
        n += 1
    if n:
        stays(S, STAY_NEXT_TURN)


@njit(cache=True)
def bridge_troll(S, R, T, P, Q, D, p):
    """Bridge Troll: each other player takes their -$1 token. Now and at the start of
    your next turn: +1 Buy.  (While it is in play, cards cost $1 less on your turns:
    sim.engine.zones.cost_of.)  Logs EV_TOKEN."""
    for k in range(1, S[V + V_NP]):
        q = attacked(S, R, T, P, Q, D, p, k)
        if q >= 0 and S[MINUS_COIN + q] == 0:
            S[MINUS_COIN + q] = 1
            log_event(S, EV_TOKEN, q, -1, TOKEN_MINUS_COIN, BRIDGE_TROLL)
    if S[V + V_CUR] == p:
        S[V + V_BUYS] += 1
    S[NEXT_TROLL + p] += 1
    stays(S, STAY_NEXT_TURN)


@njit(cache=True)
def haunted_woods(S, R, T, P, Q, D, p):
    """Haunted Woods: until your next turn, when any other player buys a card, they put
    their hand onto their deck in any order (sim.engine.adventures.turn.on_buy).  At the
    start of your next turn: +3 Cards.  Who is affected is settled now (Moat, Champion)."""
    for k in range(1, S[V + V_NP]):
        q = attacked(S, R, T, P, Q, D, p, k)
        if q >= 0:
            S[WOODS_ON + p * MAX_PLAYERS + q] += 1
    S[NEXT_WOODS + p] += 1
    stays(S, STAY_NEXT_TURN)


@njit(cache=True)
def swamp_hag(S, R, T, P, Q, D, p):
    """Swamp Hag: until your next turn, when any other player buys a card, they gain a
    Curse (one per Swamp Hag play).  At the start of your next turn: +$3."""
    for k in range(1, S[V + V_NP]):
        q = attacked(S, R, T, P, Q, D, p, k)
        if q >= 0:
            S[HAG_ON + p * MAX_PLAYERS + q] += 1
    S[NEXT_HAG + p] += 1
    stays(S, STAY_NEXT_TURN)


@njit(cache=True)
def hireling(S, R, T, P, Q, D, p):
    """Hireling: at the start of each of your turns for the rest of the game: +1 Card.
    Stays in play (so does a Throne Room that played it)."""
    S[HIRELINGS + p] += 1
    stays(S, STAY_GAME)


@njit(cache=True)
def champion(S, R, T, P, Q, D, p):
    """Champion: +1 Action (counter). For the rest of the game, when another player plays
    an Attack, it doesn't affect you (mechanics.attacked_adv), and when you play an
    Action, +1 Action (turn.play_once).  Stays in play."""
    S[CHAMPIONS + p] += 1
    stays(S, STAY_GAME)


# ----------------------------------------------------------------------------- Reserves
@njit(cache=True)
def to_mat_only(S, R, T, P, Q, D, p):
    """Coin of the Realm, Duplicate, Royal Carriage, Wine Merchant, Distant Lands: the
    text above the line, besides counters, is "put this on your Tavern mat" (their
    calls are the turn's: after an Action, on a gain, at the end of the Buy phase)."""
    to_mat(S, p)


@njit(cache=True)
def ratcatcher(S, R, T, P, Q, D, p):
    """Ratcatcher: +1 Card, +1 Action (counters); put this on your Tavern mat.  Called
    at the start of your turn: trash a card from your hand (D_RATCATCHER)."""
    if S[V + V_GONE] != CALLED:
        to_mat(S, p)
        return
    if S[HAND_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, D, p, D_RATCATCHER, 0)
    if S[ERR] or not in_hand_ok(S, T, p, D_RATCATCHER, c, 0):
        return
    trash_from_hand(S, T, p, c)


@njit(cache=True)
def guide(S, R, T, P, Q, D, p):
    """Guide: +1 Card, +1 Action (counters); put this on your Tavern mat.  Called at the
    start of your turn: discard your hand and draw 5 cards.  Logs EV_DISCARD
    (DISCARD_GUIDE) per card."""
    if S[V + V_GONE] != CALLED:
        to_mat(S, p)
        return
    h0 = HAND0 + p * N_SLOTS
    d0 = DISC0 + p * N_SLOTS
    for c in range(N_CARDS):
        k = S[h0 + c]
        if k:
            S[d0 + c] += k
            S[h0 + c] = 0
            S[DISC_TOP + p] = c
            log_event(S, EV_DISCARD, p, c, k, DISCARD_GUIDE)
    S[DISC_N + p] += S[HAND_N + p]
    S[HAND_N + p] = 0
    draw(S, R, p, 5)


@njit(cache=True)
def transmogrify(S, R, T, P, Q, D, p):
    """Transmogrify: +1 Action (counter); put this on your Tavern mat.  Called at the
    start of your turn: trash a card from your hand (D_TRANSMOGRIFY_TRASH), and gain a
    card costing up to $1 more than it, to your hand (D_TRANSMOGRIFY_GAIN)."""
    if S[V + V_GONE] != CALLED:
        to_mat(S, p)
        return
    if S[HAND_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, D, p, D_TRANSMOGRIFY_TRASH, 0)
    if S[ERR] or not in_hand_ok(S, T, p, D_TRANSMOGRIFY_TRASH, c, 0):
        return
    limit = cost_of(S, T, c) + 1
    trash_from_hand(S, T, p, c)
    gain_choice(S, R, T, P, Q, D, p, D_TRANSMOGRIFY_GAIN, limit, 0, GAIN_TO_HAND)


@njit(cache=True)
def teacher(S, R, T, P, Q, D, p):
    """Teacher: put this on your Tavern mat.  Called at the start of your turn: move your
    +1 Card, +1 Action, +1 Buy or +$1 token (D_TEACHER_TOKEN: 0..3) to an Action Supply
    pile you have no tokens on (D_TOKEN_PILE)."""
    if S[V + V_GONE] != CALLED:
        to_mat(S, p)
        return
    k = ask(S, R, T, P, Q, D, p, D_TEACHER_TOKEN, 0)
    if S[ERR]:
        return
    if k < 0 or k > 3:
        fail(S, ERR_ILLEGAL, p, D_TEACHER_TOKEN, k)
        return
    move_token(S, R, T, P, Q, D, p, k, TEACHER, True)


CARD_TEXT = {
    sp(AMULET): amulet,
    sp(CARAVAN_GUARD): caravan_guard,
    sp(DUNGEON): dungeon,
    sp(GEAR): gear,
    sp(BRIDGE_TROLL): bridge_troll,
    sp(HAUNTED_WOODS): haunted_woods,
    sp(SWAMP_HAG): swamp_hag,
    sp(HIRELING): hireling,
    sp(CHAMPION): champion,
    sp(COIN_OF_THE_REALM): to_mat_only,
    sp(DUPLICATE): to_mat_only,
    sp(ROYAL_CARRIAGE): to_mat_only,
    sp(WINE_MERCHANT): to_mat_only,
    sp(DISTANT_LANDS): to_mat_only,
    sp(RATCATCHER): ratcatcher,
    sp(GUIDE): guide,
    sp(TRANSMOGRIFY): transmogrify,
    sp(TEACHER): teacher,
}
