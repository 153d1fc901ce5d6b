"""Intrigue cards of the player's own turn: draws, choices between options, $ and Actions
(Courtyard, Pawn, Shanty Town, Steward, Baron, Bridge, Conspirator, Ironworks, Mill,
Mining Village, Nobles).  See :mod:`sim.engine.intrigue`.

Duke and Harem have no function: Harem is counters (a $2 Treasure worth 2 VP) and Duke's
VP are its declared rule (Card.vp_per_card), which sim.engine.zones.score reads.  Bridge's
lower costs are the turn's count of its plays (layout V_BRIDGES, read by
sim.engine.zones.cost_of), and Conspirator reads the turn's count of Actions played
(V_ACTIONS_PLAYED, counted by sim.engine.adventures.turn.play_once).
"""

from __future__ import annotations

from numba import njit

from sim.cards import ACTION, C_TYPES, ESTATE, TREASURE, VICTORY
from sim.cards.intrigue import (
    BARON_DISCARD,
    COURTYARD,
    COURTYARD_TOPDECK,
    IRONWORKS_GAIN,
    MILL_DISCARD,
    MINING_VILLAGE_TRASH,
    NOBLES_MODE,
    PAWN_MODE,
    STEWARD_MODE,
    STEWARD_TRASH,
)
from sim.engine.adventures.cards import this_in_play
from sim.engine.adventures.mechanics import trash_from_play
from sim.engine.adventures.turn import action_in_hand
from sim.engine.codes import (
    DISCARD_CELLAR,
    ERR_ILLEGAL,
    EV_DISCARD,
    EV_REVEAL_CARD,
    EV_TOPDECK,
    code_of,
)
from sim.engine.intrigue import texts_of
from sim.engine.layout import (
    ERR,
    HAND0,
    HAND_N,
    N_COLS,
    N_SLOTS,
    SUPPLY,
    T_NIDS,
    V_ACTIONS,
    V_ACTIONS_PLAYED,
    V_BRIDGES,
    V_BUYS,
    V_GONE,
    V_THIS,
    Z_HAND,
    V,
)
from sim.engine.resume import push_frame, stopped, take_frame
from sim.engine.steps import ask, fail, gain_card, gain_choice, in_hand_ok, yes_no
from sim.engine.zones import (
    GAIN_TO_DISCARD,
    add_coins,
    discard_from_hand,
    draw,
    log_event,
    topdeck_from,
    trash_from_hand,
)

D_COURTYARD = code_of(COURTYARD_TOPDECK)
D_PAWN = code_of(PAWN_MODE)
D_STEWARD = code_of(STEWARD_MODE)
D_STEWARD_TRASH = code_of(STEWARD_TRASH)
D_BARON = code_of(BARON_DISCARD)
D_IRONWORKS = code_of(IRONWORKS_GAIN)
D_MILL = code_of(MILL_DISCARD)
D_MINING_VILLAGE = code_of(MINING_VILLAGE_TRASH)
D_NOBLES = code_of(NOBLES_MODE)


# ----------------------------------------------------------------------------- $2
@njit(cache=True)
def courtyard(S, R, T, P, Q, H, p):
    """Courtyard: +3 Cards (counter). Put a card from your hand onto your deck.

    Any card of the hand may go, one just drawn too; with an empty hand nothing happens.
    Asks D_COURTYARD (mandatory); logs EV_TOPDECK (extra COURTYARD: seen by its owner
    only)."""
    if S[HAND_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, H, p, D_COURTYARD, 0)
    if S[ERR] or not in_hand_ok(S, T, p, D_COURTYARD, c, 0):
        return
    topdeck_from(S, p, Z_HAND, c)
    log_event(S, EV_TOPDECK, p, c, 1, COURTYARD)


PAWN_AT_FIRST = 1
PAWN_AT_SECOND = 2              # the second choice (the first)


@njit(cache=True)
def pawn(S, R, T, P, Q, H, p):
    """Pawn: choose two: +1 Card; +1 Action; +1 Buy; +$1. The choices must be different.

    Both are chosen before either happens (the Official FAQ): D_PAWN twice, its arg the
    options chosen so far (bit k: option k, sim.cards.decisions DOM_UNCHOSEN), then both
    resolve in the order chosen.  Frame: PAWN_AT_FIRST, the first choice; PAWN_AT_SECOND,
    the second (the first)."""
    site, first, _, _, _ = take_frame(S)
    if site != PAWN_AT_SECOND:
        first = ask(S, R, T, P, Q, H, p, D_PAWN, 0)
        if stopped(S):
            push_frame(S, PAWN_AT_FIRST, 0, 0, 0, 0)
            return
        if S[ERR]:
            return
        if first < 0 or first > 3:
            fail(S, ERR_ILLEGAL, p, D_PAWN, first)
            return
    second = ask(S, R, T, P, Q, H, p, D_PAWN, 1 << first)
    if stopped(S):
        push_frame(S, PAWN_AT_SECOND, first, 0, 0, 0)
        return
    if S[ERR]:
        return
    if second < 0 or second > 3 or second == first:
        fail(S, ERR_ILLEGAL, p, D_PAWN, second)
        return
    pawn_option(S, R, p, first)
    pawn_option(S, R, p, second)


@njit(cache=True)
def pawn_option(S, R, p, k):
    """One of Pawn's options: 0 +1 Card, 1 +1 Action, 2 +1 Buy, 3 +$1."""
    if k == 0:
        draw(S, R, p, 1)
    elif k == 1:
        S[V + V_ACTIONS] += 1
    elif k == 2:
        S[V + V_BUYS] += 1
    else:
        add_coins(S, p, 1)


# ----------------------------------------------------------------------------- $3
@njit(cache=True)
def shanty_town(S, R, T, P, Q, H, p):
    """Shanty Town: +2 Actions (counter). Reveal your hand. If you have no Action cards
    in hand, +2 Cards.

    The whole hand is revealed (logged EV_REVEAL_CARD, extra 1: from the hand, seen by
    all), even an empty one (nothing to log).  An Action–Victory card (Nobles, Mill) is
    an Action, and so is an Estate inheriting an Action (Inheritance)."""
    h0 = HAND0 + p * N_SLOTS
    for c in range(T[T_NIDS]):
        if S[h0 + c]:
            log_event(S, EV_REVEAL_CARD, p, c, S[h0 + c], 1)
    if not action_in_hand(S, T, p):
        draw(S, R, p, 2)


STEWARD_AT_MODE = 1
STEWARD_AT_TRASH = 2            # the next card to trash (how many were)


@njit(cache=True)
def steward(S, R, T, P, Q, H, p):
    """Steward: choose one: +2 Cards; or +$2; or trash 2 cards from your hand.

    Asks D_STEWARD (0, 1, 2: any, even one that does nothing), then for the trash
    D_STEWARD_TRASH per card (arg: how many still): 2 cards, or what the hand holds.
    Logs EV_TRASH.  Frame: STEWARD_AT_MODE, the choice; STEWARD_AT_TRASH, the trash (how
    many were trashed)."""
    site, k, _, _, _ = take_frame(S)
    if site != STEWARD_AT_TRASH:
        mode = ask(S, R, T, P, Q, H, p, D_STEWARD, 0)
        if stopped(S):
            push_frame(S, STEWARD_AT_MODE, 0, 0, 0, 0)
            return
        if S[ERR]:
            return
        if mode == 0:
            draw(S, R, p, 2)
            return
        if mode == 1:
            add_coins(S, p, 2)
            return
        if mode != 2:
            fail(S, ERR_ILLEGAL, p, D_STEWARD, mode)
            return
    while k < 2 and S[HAND_N + p] > 0:
        c = ask(S, R, T, P, Q, H, p, D_STEWARD_TRASH, 2 - k)
        if stopped(S):
            push_frame(S, STEWARD_AT_TRASH, k, 0, 0, 0)
            return
        if S[ERR] or not in_hand_ok(S, T, p, D_STEWARD_TRASH, c, 0):
            return
        trash_from_hand(S, T, p, c)
        k += 1


# ----------------------------------------------------------------------------- $4
BARON_AT_DISCARD = 1
BARON_IN_GAIN = 2               # inside the Estate's gain


@njit(cache=True)
def baron(S, R, T, P, Q, H, p):
    """Baron: +1 Buy (counter). You may discard an Estate for +$4. If you don't, gain an
    Estate.

    Asks D_BARON (1 discard, 0 not) when an Estate is in hand; not discarding (or having
    none) gains an Estate, nothing when the pile is empty.  Logs EV_DISCARD (extra
    DISCARD_CELLAR: by the player's own choice), EV_GAIN.  Frame: BARON_AT_DISCARD, the
    question; BARON_IN_GAIN, the Estate's gain."""
    site, _, _, _, _ = take_frame(S)
    if site != BARON_IN_GAIN:
        if S[HAND0 + p * N_SLOTS + ESTATE] > 0:
            r = yes_no(S, R, T, P, Q, H, p, D_BARON, 0)
            if stopped(S):
                push_frame(S, BARON_AT_DISCARD, 0, 0, 0, 0)
                return
            if r < 0:
                return
            if r == 1:
                discard_from_hand(S, p, ESTATE)
                log_event(S, EV_DISCARD, p, ESTATE, 1, DISCARD_CELLAR)
                add_coins(S, p, 4)
                return
        if S[SUPPLY + ESTATE] == 0:
            return
    gain_card(S, R, T, P, Q, H, p, ESTATE, GAIN_TO_DISCARD)
    if stopped(S):
        push_frame(S, BARON_IN_GAIN, 0, 0, 0, 0)


@njit(cache=True)
def bridge(S, R, T, P, Q, H, p):
    """Bridge: +1 Buy, +$1 (counters). This turn, cards (everywhere) cost $1 less.

    Each play (Throne Room's two too) lowers every card's cost by another $1 until the
    turn ends (S[V + V_BRIDGES], read by sim.engine.zones.cost_of; never below $0; not
    Events)."""
    S[V + V_BRIDGES] += 1


@njit(cache=True)
def conspirator(S, R, T, P, Q, H, p):
    """Conspirator: +$2 (counter). If you've played 3 or more Actions this turn (counting
    this), +1 Card and +1 Action.

    Every resolution this turn counts (Throne Room and each play of the card it plays,
    an Estate playing an inherited Action, Royal Carriage's replays; not Durations of
    earlier turns): S[V + V_ACTIONS_PLAYED], counted before this text runs."""
    if S[V + V_ACTIONS_PLAYED] >= 3:
        draw(S, R, p, 1)
        S[V + V_ACTIONS] += 1


@njit(cache=True)
def ironworks(S, R, T, P, Q, H, p):
    """Ironworks: gain a card costing up to $4. If the gained card is an Action card,
    +1 Action; Treasure card, +$1; Victory card, +1 Card.

    Asks D_IRONWORKS (arg 4; costs now: Bridge lowers them).  The bonuses follow every
    type of the card gained (Harem: +$1 and +1 Card); nothing gained, no bonus.  Its
    frames are the gain's (steps.gain_choice), which hands back the card once gained."""
    c = gain_choice(S, R, T, P, Q, H, p, D_IRONWORKS, 4, 0, GAIN_TO_DISCARD)
    if c < 0:
        return
    t = T[c * N_COLS + C_TYPES]
    if t & ACTION:
        S[V + V_ACTIONS] += 1
    if t & TREASURE:
        add_coins(S, p, 1)
    if t & VICTORY:
        draw(S, R, p, 1)


MILL_AT_FIRST = 1
MILL_AT_SECOND = 2              # the second card to discard


@njit(cache=True)
def mill(S, R, T, P, Q, H, p):
    """Mill: +1 Card, +1 Action (counters). You may discard 2 cards, for +$2. (1 VP.)

    Asks D_MILL (arg 0: a card, or -1 to discard none), then when the hand still holds
    a card D_MILL again (arg 1: that card must go); +$2 only when 2 were discarded (one
    card in hand may be discarded for nothing).  Logs EV_DISCARD (DISCARD_CELLAR).
    Frame: MILL_AT_FIRST, MILL_AT_SECOND: the first and second card."""
    site, _, _, _, _ = take_frame(S)
    if site != MILL_AT_SECOND:
        if S[HAND_N + p] == 0:
            return
        c = ask(S, R, T, P, Q, H, p, D_MILL, 0)
        if stopped(S):
            push_frame(S, MILL_AT_FIRST, 0, 0, 0, 0)
            return
        if S[ERR] or c < 0:
            return
        if not in_hand_ok(S, T, p, D_MILL, c, 0):
            return
        discard_from_hand(S, p, c)
        log_event(S, EV_DISCARD, p, c, 1, DISCARD_CELLAR)
        if S[HAND_N + p] == 0:
            return
    c = ask(S, R, T, P, Q, H, p, D_MILL, 1)
    if stopped(S):
        push_frame(S, MILL_AT_SECOND, 0, 0, 0, 0)
        return
    if S[ERR] or not in_hand_ok(S, T, p, D_MILL, c, 0):
        return
    discard_from_hand(S, p, c)
    log_event(S, EV_DISCARD, p, c, 1, DISCARD_CELLAR)
    add_coins(S, p, 2)


@njit(cache=True)
def mining_village(S, R, T, P, Q, H, p):
    """Mining Village: +1 Card, +2 Actions (counters). You may trash this for +$2.

    Asked (D_MINING_VILLAGE, 1 trash, 0 keep) only while this copy is still in play: a
    second play by Throne Room after it was trashed cannot trash it again.  An Estate
    playing it (Inheritance) trashes the Estate.  Logs EV_TRASH."""
    if not this_in_play(S, p):
        return
    if yes_no(S, R, T, P, Q, H, p, D_MINING_VILLAGE, 0) != 1:
        return
    trash_from_play(S, T, p, S[V + V_THIS])
    S[V + V_GONE] = 1
    add_coins(S, p, 2)


# ----------------------------------------------------------------------------- $6
@njit(cache=True)
def nobles(S, R, T, P, Q, H, p):
    """Nobles: choose one: +3 Cards; or +2 Actions. (2 VP.)  Asks D_NOBLES (0 or 1)."""
    mode = ask(S, R, T, P, Q, H, p, D_NOBLES, 0)
    if S[ERR]:
        return
    if mode == 0:
        draw(S, R, p, 3)
    elif mode == 1:
        S[V + V_ACTIONS] += 2
    else:
        fail(S, ERR_ILLEGAL, p, D_NOBLES, mode)


CARD_TEXT = texts_of(globals())
