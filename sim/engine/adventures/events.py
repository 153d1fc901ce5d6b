"""The 20 Adventures Events: one function per Event (ADVENTURES.md §5).

An Event's function runs when it is bought (sim.engine.adventures.turn.buy_event:
the Buy and $ are already paid, its +Buys counter applied, once-per-turn use
recorded, and Inheritance refused a second time); "this" (``S[V + V_THIS]``) is
the Event.  Found through :data:`CARD_TEXT` by ``special`` code, like the cards.

As in :mod:`sim.engine.base_set`, each docstring gives the printed text (less the
+Buys of the table), the decisions asked (``D_*`` of sim.engine.codes; a rule bot's
defaults are in sim.engine.adventures.decide) and the log rows written.  Buying an
Event is not buying a card and nothing here is a gain of the Event: every card an
Event gains goes through :func:`sim.engine.steps.gain_card` (Duplicate, Travelling
Fair, Lost City and Treasure Hunter's count see it), and every $ through
:func:`sim.engine.zones.add_coins` (the -$1 token).
"""

from __future__ import annotations

from numba import njit

from sim.cards import (
    ACTION,
    ALMS,
    ATTACK,
    BALL,
    BONFIRE,
    BORROW,
    C_TYPES,
    CURSE,
    EXPEDITION,
    FERRY,
    GOLD,
    INHERITANCE,
    LOST_ARTS,
    MISSION,
    N_CARDS,
    PATHFINDING,
    PILGRIMAGE,
    PLAN,
    QUEST,
    RAID,
    SAVE,
    SCOUTING_PARTY,
    SEAWAY,
    SILVER,
    TRADE,
    TRAINING,
    TRAVELLING_FAIR,
    TREASURE,
    VICTORY,
)
from sim.cards.adventures import (
    ALMS_GAIN,
    BALL_GAIN,
    BONFIRE_TRASH,
    INHERITANCE_SET_ASIDE,
    PILGRIMAGE_GAIN,
    QUEST_DISCARD,
    QUEST_MODE,
    SAVE_SET_ASIDE,
    SCOUTING_PARTY_DISCARD,
    SEAWAY_GAIN,
    TRADE_TRASH,
    TRAVELLING_FAIR_TOPDECK,
    sp,
)
from sim.engine.adventures.mechanics import move_token, take_from_pile, trash_from_play, types_of
from sim.engine.codes import (
    D_TOPDECK_ORDER,
    DISCARD_QUEST,
    DISCARD_SCOUTING,
    ERR_ILLEGAL,
    EV_DISCARD,
    EV_LOOK,
    EV_SET_ASIDE,
    EV_TOKEN,
    EV_TOPDECK,
    TOKEN_ACTION,
    TOKEN_BUY,
    TOKEN_CARD,
    TOKEN_COIN,
    TOKEN_COST,
    TOKEN_ESTATE,
    TOKEN_JOURNEY,
    TOKEN_MINUS_CARD,
    TOKEN_MINUS_COIN,
    TOKEN_TRASHING,
    code_of,
)
from sim.engine.layout import (
    ASIDE0,
    ASIDE_N,
    ERR,
    HAND0,
    HAND_N,
    INHERIT,
    JOURNEY_DOWN,
    MINUS_CARD,
    MINUS_COIN,
    N_COLS,
    N_SLOTS,
    PLAY0,
    PLAY_N,
    SUPPLY,
    TOK_BUY,
    V_EXPEDITIONS,
    V_FAIR,
    V_MISSION_NEXT,
    V_NP,
    V_PREV,
    Z_ASIDE,
    Z_DISC,
    Z_HAND,
    Z_SAVE,
    V,
)
from sim.engine.resume import NO_SITE, push_frame, stopped, take_frame
from sim.engine.steps import (
    any_gainable,
    ask,
    fail,
    gain_card,
    gain_choice,
    in_hand_ok,
    in_zone_ok,
)
from sim.engine.zones import (
    GAIN_TO_DISCARD,
    add_coins,
    can_gain,
    cost_of,
    count_owned,
    discard_from_hand,
    log_event,
    move_card,
    take_top,
    topdeck_from,
    trash_from_hand,
)

# The codes the table of decisions gave the Adventures questions read here (sim.engine.codes
# numbers them in the order sim.cards.adventures.CARD_SET lists them).
D_ALMS = code_of(ALMS_GAIN)
D_BALL = code_of(BALL_GAIN)
D_BONFIRE = code_of(BONFIRE_TRASH)
D_FAIR = code_of(TRAVELLING_FAIR_TOPDECK)
D_INHERITANCE = code_of(INHERITANCE_SET_ASIDE)
D_PILGRIMAGE = code_of(PILGRIMAGE_GAIN)
D_QUEST = code_of(QUEST_MODE)
D_QUEST_DISCARD = code_of(QUEST_DISCARD)
D_SAVE = code_of(SAVE_SET_ASIDE)
D_SCOUTING_PARTY = code_of(SCOUTING_PARTY_DISCARD)
D_SEAWAY = code_of(SEAWAY_GAIN)
D_TRADE = code_of(TRADE_TRASH)

QUEST_ATTACK, QUEST_CURSES, QUEST_SIX = 0, 1, 2     # D_QUEST modes


# ----------------------------------------------------------------------------- $0 - $2
@njit(cache=True)
def alms(S, R, T, P, Q, H, p):
    """Alms: once per turn: if you have no Treasures in play, gain a card costing up to
    $4.  A Coin of the Realm called from the mat is a Treasure in play; one played this
    turn and moved to the mat is not.  Asks D_ALMS (arg 4); logs EV_GAIN."""
    p0 = PLAY0 + p * N_SLOTS
    for c in range(N_CARDS):
        if S[p0 + c] and (T[c * N_COLS + C_TYPES] & TREASURE):
            return
    gain_choice(S, R, T, P, Q, H, p, D_ALMS, 4, 0, GAIN_TO_DISCARD)


@njit(cache=True)
def borrow(S, R, T, P, Q, H, p):
    """Borrow: +1 Buy (counter). Once per turn: if your -1 Card token isn't on your
    deck, put it there and +$1.  No decision; logs EV_TOKEN (TOKEN_MINUS_CARD)."""
    if S[MINUS_CARD + p]:
        return
    S[MINUS_CARD + p] = 1
    log_event(S, EV_TOKEN, p, -1, TOKEN_MINUS_CARD, BORROW)
    add_coins(S, p, 1)


# Resume sites (sim.engine.resume), each function's beside it.
QUEST_AT_MODE = 1
QUEST_AT_ATTACK = 2             # the Attack to discard
QUEST_AT_SIX = 3                # the six cards (how many discarded)
QUEST_IN_GOLD_GAIN = 4


@njit(cache=True)
def quest(S, R, T, P, Q, H, p):
    """Quest: you may discard an Attack, two Curses, or six cards. If you do, gain a Gold.

    Asks D_QUEST (mode 0 an Attack, 1 two Curses, 2 six cards, -1 nothing), then
    D_QUEST_DISCARD (arg: how many still to discard) for an Attack when the hand holds
    more than one kind, and for each of six cards while the hand holds more than the
    cards still to discard (fewer than six in hand: all are discarded, no Gold; one
    Curse: it is discarded, no Gold).  An Estate with an inherited Attack counts as an
    Attack.  Logs EV_DISCARD (DISCARD_QUEST) and EV_GAIN.  Frame: QUEST_AT_MODE, the
    mode; QUEST_AT_ATTACK, the Attack; QUEST_AT_SIX, the six cards (how many
    discarded); QUEST_IN_GOLD_GAIN, the Gold's gain."""
    site, k0, _, _, _ = take_frame(S)
    h0 = HAND0 + p * N_SLOTS
    done = site == QUEST_IN_GOLD_GAIN
    mode = QUEST_ATTACK if site == QUEST_AT_ATTACK else (
        QUEST_SIX if site == QUEST_AT_SIX else -2)
    if site <= QUEST_AT_MODE:
        mode = ask(S, R, T, P, Q, H, p, D_QUEST, 0)
        if stopped(S):
            push_frame(S, QUEST_AT_MODE, 0, 0, 0, 0)
            return
        if S[ERR] or mode < 0:
            return
    if site == QUEST_IN_GOLD_GAIN:
        pass
    elif mode == QUEST_ATTACK:
        kinds = 0
        a = -1
        for c in range(N_CARDS):
            if S[h0 + c] and (types_of(S, T, p, c) & ATTACK):
                kinds += 1
                a = c
        if kinds == 0:
            return
        if kinds > 1:
            a = ask(S, R, T, P, Q, H, p, D_QUEST_DISCARD, 1)
            if stopped(S):
                push_frame(S, QUEST_AT_ATTACK, 0, 0, 0, 0)
                return
            if S[ERR] or not in_hand_ok(S, T, p, D_QUEST_DISCARD, a, 0):
                return
            if (types_of(S, T, p, a) & ATTACK) == 0:
                fail(S, ERR_ILLEGAL, p, D_QUEST_DISCARD, a)
                return
        discard_from_hand(S, p, a)
        log_event(S, EV_DISCARD, p, a, 1, DISCARD_QUEST)
        done = True
    elif mode == QUEST_CURSES:
        k = 0
        while k < 2 and S[h0 + CURSE] > 0:
            discard_from_hand(S, p, CURSE)
            log_event(S, EV_DISCARD, p, CURSE, 1, DISCARD_QUEST)
            k += 1
        done = k == 2
    elif mode == QUEST_SIX:
        k = k0
        while k < 6 and S[HAND_N + p] > 0:
            if S[HAND_N + p] <= 6 - k:          # the rest of the hand goes: no choice
                c = -1
                for x in range(N_CARDS):
                    if S[h0 + x]:
                        c = x
                        break
            else:
                c = ask(S, R, T, P, Q, H, p, D_QUEST_DISCARD, 6 - k)
                if stopped(S):
                    push_frame(S, QUEST_AT_SIX, k, 0, 0, 0)
                    return
                if S[ERR] or not in_hand_ok(S, T, p, D_QUEST_DISCARD, c, 0):
                    return
            discard_from_hand(S, p, c)
            log_event(S, EV_DISCARD, p, c, 1, DISCARD_QUEST)
            k += 1
        done = k == 6
    else:
        fail(S, ERR_ILLEGAL, p, D_QUEST, mode)
        return
    if site == QUEST_IN_GOLD_GAIN or (done and S[SUPPLY + GOLD] > 0):
        gain_card(S, R, T, P, Q, H, p, GOLD, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, QUEST_IN_GOLD_GAIN, 0, 0, 0, 0)


@njit(cache=True)
def save(S, R, T, P, Q, H, p):
    """Save: +1 Buy (counter). Once per turn: set aside a card from your hand, and put
    it into your hand at end of turn, after drawing (sim.engine.adventures.turn
    cleanup_adv).  Asks D_SAVE (mandatory with a card in hand); logs EV_SET_ASIDE."""
    if S[HAND_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, H, p, D_SAVE, 0)
    if S[ERR] or not in_hand_ok(S, T, p, D_SAVE, c, 0):
        return
    move_card(S, p, Z_HAND, Z_SAVE, c)
    log_event(S, EV_SET_ASIDE, p, c, 1, SAVE)


SCOUTING_PARTY_AT_DISCARD = 1   # (how many still to go)
SCOUTING_PARTY_IN_ORDER = 2     # inside putting the rest back


@njit(cache=True)
def scouting_party(S, R, T, P, Q, H, p):
    """Scouting Party: +1 Buy (counter). Look at the top 5 cards of your deck. Discard 3
    of them and put the rest back in any order.

    Shuffles as needed to look; with 3 or fewer looked at all are discarded.  Looking is
    not drawing (the -1 Card token stays).  Asks D_SCOUTING_PARTY (arg: how many still to
    discard) while there is a choice, then D_TOPDECK_ORDER (arg SCOUTING_PARTY: the next
    card to put back; the last put back is drawn first) while different cards remain.
    Logs EV_LOOK, EV_DISCARD (DISCARD_SCOUTING), EV_TOPDECK.  Frame:
    SCOUTING_PARTY_AT_DISCARD, the discards (how many still to go);
    SCOUTING_PARTY_IN_ORDER, the order."""
    a0 = ASIDE0 + p * N_SLOTS
    site, left, _, _, _ = take_frame(S)
    if site == NO_SITE:
        for _ in range(5):
            c = take_top(S, R, p)
            if c < 0:
                break
            log_event(S, EV_LOOK, p, c, 1, SCOUTING_PARTY)
        left = 3
    while site <= SCOUTING_PARTY_AT_DISCARD and left > 0 and S[ASIDE_N + p] > 0:
        if S[ASIDE_N + p] <= left:
            c = first_in(S, a0)
        else:
            c = ask(S, R, T, P, Q, H, p, D_SCOUTING_PARTY, left)
            if stopped(S):
                push_frame(S, SCOUTING_PARTY_AT_DISCARD, left, 0, 0, 0)
                return
            if S[ERR] or not in_zone_ok(S, p, D_SCOUTING_PARTY, c, ASIDE0):
                return
        move_card(S, p, Z_ASIDE, Z_DISC, c)
        log_event(S, EV_DISCARD, p, c, 1, DISCARD_SCOUTING)
        left -= 1
    aside_onto_deck(S, R, T, P, Q, H, p, SCOUTING_PARTY)
    if stopped(S):
        push_frame(S, SCOUTING_PARTY_IN_ORDER, 0, 0, 0, 0)


@njit(cache=True, inline="always")
def first_in(S, z):
    """The lowest card id with a copy in the count zone starting at ``z``, or -1."""
    for c in range(N_CARDS):
        if S[z + c]:
            return c
    return -1


@njit(cache=True)
def aside_onto_deck(S, R, T, P, Q, H, p, by):
    """``p`` puts every card of their set-aside zone onto their deck, in the order they
    choose (D_TOPDECK_ORDER, arg ``by``: the next card to put there; the last one put is
    drawn first); asked only while different cards remain.  Like
    mechanics.hand_onto_deck, from the set-aside zone."""
    a0 = ASIDE0 + p * N_SLOTS
    while S[ASIDE_N + p] > 0 and S[ERR] == 0:
        n_kinds = 0
        c = -1
        for k in range(N_CARDS):
            if S[a0 + k]:
                n_kinds += 1
                c = k
        if n_kinds > 1:
            c = ask(S, R, T, P, Q, H, p, D_TOPDECK_ORDER, by)
            if S[ERR] or not in_zone_ok(S, p, D_TOPDECK_ORDER, c, ASIDE0):
                return
        topdeck_from(S, p, Z_ASIDE, c)
        log_event(S, EV_TOPDECK, p, c, 1, by)


@njit(cache=True)
def travelling_fair(S, R, T, P, Q, H, p):
    """Travelling Fair: +2 Buys (counter). When you gain a card this turn, you may put it
    onto your deck (asked per gain: D_FAIR in sim.engine.adventures.mechanics.on_gain)."""
    S[V + V_FAIR] = 1


# ----------------------------------------------------------------------------- $3 - $4
BONFIRE_AT_TRASH = 1            # the i-th card (how many were asked before)


@njit(cache=True)
def bonfire(S, R, T, P, Q, H, p):
    """Bonfire: trash up to 2 cards you have in play.

    $ they already produced stays; a trashed Traveller is not exchanged (it is no longer
    in play at Cleanup); a trashed Duration's later effects still happen (ADVENTURES.md
    §7 (a)).  Asks D_BONFIRE (a card in play, or -1 to stop) up to twice; logs EV_TRASH.
    Frame: how many were asked before."""
    _, i0, _, _, _ = take_frame(S)
    for i in range(i0, 2):
        if S[PLAY_N + p] == 0:
            return
        c = ask(S, R, T, P, Q, H, p, D_BONFIRE, 0)
        if stopped(S):
            push_frame(S, BONFIRE_AT_TRASH, i, 0, 0, 0)
            return
        if S[ERR] or c < 0 or not in_zone_ok(S, p, D_BONFIRE, c, PLAY0):
            return
        trash_from_play(S, T, p, c)


@njit(cache=True)
def expedition(S, R, T, P, Q, H, p):
    """Expedition: draw 2 extra cards for your next hand (this turn's Cleanup draws
    5 + 2 per Expedition: sim.engine.adventures.turn.cleanup_adv).  No decision."""
    S[V + V_EXPEDITIONS] += 1


@njit(cache=True)
def ferry(S, R, T, P, Q, H, p):
    """Ferry: move your -$2 cost token to an Action Supply pile (cards from that pile
    cost $2 less on your turns: sim.engine.zones.cost_of).  Asks D_TOKEN_PILE (arg
    TOKEN_COST); logs EV_TOKEN."""
    move_token(S, R, T, P, Q, H, p, TOKEN_COST, FERRY, False)


@njit(cache=True)
def plan(S, R, T, P, Q, H, p):
    """Plan: move your Trashing token to an Action Supply pile (when you buy a card from
    it, you may trash a card from your hand: sim.engine.adventures.turn.on_buy).  Asks
    D_TOKEN_PILE (arg TOKEN_TRASHING); logs EV_TOKEN."""
    move_token(S, R, T, P, Q, H, p, TOKEN_TRASHING, PLAN, False)


@njit(cache=True)
def mission(S, R, T, P, Q, H, p):
    """Mission: once per turn: if the previous turn wasn't yours, take another turn after
    this one, in which you can't buy cards.  The game loop (and Scenario.play_turn)
    takes the extra turn; the turn refuses card buys in it.  Bought in the Mission turn
    itself it does nothing.  No decision."""
    if S[V + V_PREV] != p:
        S[V + V_MISSION_NEXT] = 1


# Pilgrimage's sites, with the k-th card and the cards named before it.
PILGRIMAGE_AT_CARD = 1
PILGRIMAGE_IN_GAIN = 2          # (and the card being gained)


@njit(cache=True)
def pilgrimage(S, R, T, P, Q, H, p):
    """Pilgrimage: once per turn: turn your Journey token over; then if it's face up,
    choose up to 3 differently named cards you have in play and gain a copy of each.

    Copies come from the Supply only.  Asks D_PILGRIMAGE (a card in play with a copy in
    the Supply and not named yet, or -1 to stop) while such a card is left, at most three
    times; the cards may be named in any order (arg: the highest card id named so far,
    -1 at first: a bot naming cards in increasing id order, as the rule bots and the
    random bot do, takes only ids above it).  Logs EV_TOKEN (TOKEN_JOURNEY; count of the
    row: the token, card -1) and EV_GAIN.  Frame: PILGRIMAGE_AT_CARD, the k-th card's
    choice; PILGRIMAGE_IN_GAIN, its gain; with the cards named before (and the one
    being gained)."""
    p0 = PLAY0 + p * N_SLOTS
    site, k0, first, second, gaining = take_frame(S)    # (first, second: named so far)
    if site == NO_SITE:
        first = -1
        second = -1
        S[JOURNEY_DOWN + p] = 1 - S[JOURNEY_DOWN + p]
        log_event(S, EV_TOKEN, p, -1, TOKEN_JOURNEY, PILGRIMAGE)
        if S[JOURNEY_DOWN + p]:
            return
    highest = max(first, second)
    for k in range(k0, 3):
        if site == PILGRIMAGE_IN_GAIN:      # resumed inside the gain of the card named
            c = gaining
        else:
            any_ok = False
            for c in range(N_CARDS):
                if S[p0 + c] and S[SUPPLY + c] > 0 and c != first and c != second:
                    any_ok = True
                    break
            if not any_ok:
                return
            c = ask(S, R, T, P, Q, H, p, D_PILGRIMAGE, highest)
            if stopped(S):
                push_frame(S, PILGRIMAGE_AT_CARD, k, first, second, 0)
                return
            if S[ERR] or c < 0:
                return
            if c >= N_CARDS or c == first or c == second or S[p0 + c] <= 0 or \
                    S[SUPPLY + c] <= 0:
                fail(S, ERR_ILLEGAL, p, D_PILGRIMAGE, c)
                return
        site = NO_SITE
        gain_card(S, R, T, P, Q, H, p, c, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, PILGRIMAGE_IN_GAIN, k, first, second, c)
            return
        if k == 0:
            first = c
        else:
            second = c
        highest = max(highest, c)


# ----------------------------------------------------------------------------- $5
BALL_IN_GAIN = 1                # the i-th card's gain


@njit(cache=True)
def ball(S, R, T, P, Q, H, p):
    """Ball: take your -$1 token. Gain 2 cards each costing up to $4.  Asks D_BALL
    (arg 4) per card; logs EV_TOKEN (TOKEN_MINUS_COIN, when taken now) and EV_GAIN.
    Frame: the i-th card's gain."""
    site, i0, _, _, _ = take_frame(S)
    if site == NO_SITE and S[MINUS_COIN + p] == 0:
        S[MINUS_COIN + p] = 1
        log_event(S, EV_TOKEN, p, -1, TOKEN_MINUS_COIN, BALL)
    for i in range(i0, 2):
        if S[ERR]:
            return
        gain_choice(S, R, T, P, Q, H, p, D_BALL, 4, 0, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, BALL_IN_GAIN, i, 0, 0, 0)
            return


RAID_IN_GAIN = 1                # the i-th Silver's gain


@njit(cache=True)
def raid(S, R, T, P, Q, H, p):
    """Raid: gain a Silver per Silver you have in play (while Silvers last). Each other
    player puts their -1 Card token on their deck (not an Attack: no Moat, Champion or
    Caravan Guard).  No decision; logs EV_GAIN, EV_TOKEN (TOKEN_MINUS_CARD).  Frame:
    the i-th Silver's gain (its triggers may ask)."""
    site, i0, _, _, _ = take_frame(S)
    for i in range(i0, S[PLAY0 + p * N_SLOTS + SILVER]):
        if site == NO_SITE and (S[ERR] or S[SUPPLY + SILVER] <= 0):
            break
        site = NO_SITE
        gain_card(S, R, T, P, Q, H, p, SILVER, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, RAID_IN_GAIN, i, 0, 0, 0)
            return
    n = S[V + V_NP]
    for k in range(1, n):
        q = (p + k) % n
        if S[MINUS_CARD + q] == 0:
            S[MINUS_CARD + q] = 1
            log_event(S, EV_TOKEN, q, -1, TOKEN_MINUS_CARD, RAID)


SEAWAY_AT_CHOICE = 1
SEAWAY_IN_GAIN = 2              # (the card)


@njit(cache=True)
def seaway(S, R, T, P, Q, H, p):
    """Seaway: gain an Action card costing up to $4. Move your +1 Buy token to its pile
    (only when a card was gained).  Asks D_SEAWAY (arg 4; mandatory when one can be
    gained); logs EV_GAIN, EV_TOKEN (TOKEN_BUY).  Frame: SEAWAY_AT_CHOICE, the choice;
    SEAWAY_IN_GAIN, the gain (the card)."""
    site, c, _, _, _ = take_frame(S)
    if site <= SEAWAY_AT_CHOICE:
        if not any_gainable(S, T, 4, ACTION):
            return
        c = ask(S, R, T, P, Q, H, p, D_SEAWAY, 4)
        if stopped(S):
            push_frame(S, SEAWAY_AT_CHOICE, 0, 0, 0, 0)
            return
        if S[ERR]:
            return
        if c < 0 or c >= N_CARDS or not can_gain(S, T, c, 4) or \
                (T[c * N_COLS + C_TYPES] & ACTION) == 0:
            fail(S, ERR_ILLEGAL, p, D_SEAWAY, c)
            return
    gain_card(S, R, T, P, Q, H, p, c, GAIN_TO_DISCARD)
    if stopped(S):
        push_frame(S, SEAWAY_IN_GAIN, c, 0, 0, 0)
        return
    S[TOK_BUY + p] = c + 1
    log_event(S, EV_TOKEN, p, c, TOKEN_BUY, SEAWAY)


TRADE_AT_TRASH = 1              # (how many trashed)
TRADE_IN_GAIN = 2               # the j-th Silver's gain (and how many were trashed)


@njit(cache=True)
def trade(S, R, T, P, Q, H, p):
    """Trade: trash up to 2 cards from your hand. Gain a Silver per card you trashed
    (while Silvers last).  Asks D_TRADE (a card, or -1 to stop) up to twice; logs
    EV_TRASH, EV_GAIN.  Frame: TRADE_AT_TRASH, the trashes (how many); TRADE_IN_GAIN,
    the j-th Silver's gain (and how many were trashed)."""
    site, k, j0, _, _ = take_frame(S)
    while site <= TRADE_AT_TRASH and k < 2 and S[HAND_N + p] > 0:
        c = ask(S, R, T, P, Q, H, p, D_TRADE, k)
        if stopped(S):
            push_frame(S, TRADE_AT_TRASH, k, 0, 0, 0)
            return
        if S[ERR] or c < 0:
            break
        if not in_hand_ok(S, T, p, D_TRADE, c, 0):
            return
        trash_from_hand(S, T, p, c)
        k += 1
    if S[ERR]:
        return
    for j in range(j0, k):
        if site != TRADE_IN_GAIN and (S[ERR] or S[SUPPLY + SILVER] <= 0):
            return
        site = NO_SITE
        gain_card(S, R, T, P, Q, H, p, SILVER, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, TRADE_IN_GAIN, k, j, 0, 0)
            return


# ----------------------------------------------------------------------------- $6 - $8
@njit(cache=True)
def lost_arts(S, R, T, P, Q, H, p):
    """Lost Arts: move your +1 Action token to an Action Supply pile (when you play a
    card from it, first +1 Action: mechanics.token_bonus).  Asks D_TOKEN_PILE (arg
    TOKEN_ACTION); logs EV_TOKEN."""
    move_token(S, R, T, P, Q, H, p, TOKEN_ACTION, LOST_ARTS, False)


@njit(cache=True)
def training(S, R, T, P, Q, H, p):
    """Training: move your +$1 token to an Action Supply pile (when you play a card from
    it, first +$1).  Asks D_TOKEN_PILE (arg TOKEN_COIN); logs EV_TOKEN."""
    move_token(S, R, T, P, Q, H, p, TOKEN_COIN, TRAINING, False)


@njit(cache=True)
def inheritance(S, R, T, P, Q, H, p):
    """Inheritance: once per game: set aside a non-Victory Action card from the Supply
    costing up to $4 (its cost now: Bridge Troll, the -$2 token). Move your Estate token
    to it (your Estates then play as it: mechanics.played_as, types_of).

    Not a gain: the pile loses the card (and may empty), the card counts as owned.
    Asks D_INHERITANCE (arg 4; mandatory when one qualifies); logs EV_SET_ASIDE and
    EV_TOKEN (TOKEN_ESTATE, card: the set-aside card)."""
    any_ok = False
    for c in range(N_CARDS):
        if inheritable(S, T, c):
            any_ok = True
            break
    if not any_ok:
        return
    c = ask(S, R, T, P, Q, H, p, D_INHERITANCE, 4)
    if S[ERR]:
        return
    if c < 0 or c >= N_CARDS or not inheritable(S, T, c):
        fail(S, ERR_ILLEGAL, p, D_INHERITANCE, c)
        return
    take_from_pile(S, c)
    S[INHERIT + p] = c + 1
    count_owned(S, T, p, c, 1)
    log_event(S, EV_SET_ASIDE, p, c, 1, INHERITANCE)
    log_event(S, EV_TOKEN, p, c, TOKEN_ESTATE, INHERITANCE)


@njit(cache=True, inline="always")
def inheritable(S, T, c):
    """``c`` can be set aside by Inheritance now: a non-Victory Action with a card left
    in its Supply pile, costing up to $4 now."""
    t = T[c * N_COLS + C_TYPES]
    return (t & ACTION) != 0 and (t & VICTORY) == 0 and S[SUPPLY + c] > 0 and \
        cost_of(S, T, c) <= 4


@njit(cache=True)
def pathfinding(S, R, T, P, Q, H, p):
    """Pathfinding: move your +1 Card token to an Action Supply pile (when you play a
    card from it, first +1 Card).  Asks D_TOKEN_PILE (arg TOKEN_CARD); logs EV_TOKEN."""
    move_token(S, R, T, P, Q, H, p, TOKEN_CARD, PATHFINDING, False)


CARD_TEXT = {
    sp(ALMS): alms,
    sp(BORROW): borrow,
    sp(QUEST): quest,
    sp(SAVE): save,
    sp(SCOUTING_PARTY): scouting_party,
    sp(TRAVELLING_FAIR): travelling_fair,
    sp(BONFIRE): bonfire,
    sp(EXPEDITION): expedition,
    sp(FERRY): ferry,
    sp(PLAN): plan,
    sp(MISSION): mission,
    sp(PILGRIMAGE): pilgrimage,
    sp(BALL): ball,
    sp(RAID): raid,
    sp(SEAWAY): seaway,
    sp(TRADE): trade,
    sp(LOST_ARTS): lost_arts,
    sp(TRAINING): training,
    sp(INHERITANCE): inheritance,
    sp(PATHFINDING): pathfinding,
}
"""The function of each Event's special code (merged into the engine's card table by
sim.engine.cardcalls)."""
