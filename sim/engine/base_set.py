"""The base game's card texts (2nd edition): one function per card.

Each function is the part of a card's text that is more than counters; the
counters (+Cards, +Actions, +Buys, +$) are columns of the card table
(:mod:`sim.cards.base`) and are applied before the function runs, as they are
printed first on every card here.  Its docstring gives the printed text, the
decisions it asks (``D_*`` of :mod:`sim.engine.codes`; what a rule bot answers
by default is the pattern each record declares, :mod:`sim.cards.base`) and the log rows it
writes.  :data:`CARD_TEXT` maps each ``special`` code to its function; the
engine calls the functions of the game's cards through pointers
(:mod:`sim.engine.cardcalls`).

All functions take ``(S, R, T, P, Q, H, p)``: state, random streams, table,
bot programs, the engine's call tables up to the card table (``H[:H_CARDS]``: the
deciders, the hooks and the Adventures calls; see sim.engine.layout's H_* names)
and the player whose card it is.
"""

from __future__ import annotations

from numba import njit

from sim.cards import (
    ACTION,
    ARTISAN,
    BUREAUCRAT,
    C_TYPES,
    COPPER,
    CURSE,
    ESTATE,
    GOLD,
    HARBINGER,
    LIBRARY,
    N_CARDS,
    SENTRY,
    SILVER,
    THRONE_ROOM,
    TREASURE,
    VASSAL,
    VICTORY,
)
from sim.cards.base import (  # the set's questions (their records) and special codes
    ARTISAN_GAIN,
    ARTISAN_TOPDECK,
    BANDIT_TRASH,
    BUREAUCRAT_TOPDECK,
    CELLAR_DISCARD,
    CHAPEL_TRASH,
    HARBINGER_TOPDECK,
    LIBRARY_SET_ASIDE,
    MINE_GAIN,
    MINE_TRASH,
    MONEYLENDER_TRASH,
    POACHER_DISCARD,
    REMODEL_GAIN,
    REMODEL_TRASH,
    REVEAL_MOAT,
    SENTRY_DISCARD,
    SENTRY_TOP,
    SENTRY_TRASH,
    SP_ARTISAN,
    SP_BANDIT,
    SP_BUREAUCRAT,
    SP_CELLAR,
    SP_CHAPEL,
    SP_COUNCIL_ROOM,
    SP_HARBINGER,
    SP_LIBRARY,
    SP_MERCHANT,
    SP_MILITIA,
    SP_MINE,
    SP_MONEYLENDER,
    SP_POACHER,
    SP_REMODEL,
    SP_SENTRY,
    SP_THRONE_ROOM,
    SP_VASSAL,
    SP_WITCH,
    SP_WORKSHOP,
    THRONE_ROOM_PLAY,
    VASSAL_PLAY,
    WORKSHOP_GAIN,
)
from sim.engine.adventures.mechanics import types_of
from sim.engine.codes import (
    D_ATTACK_DISCARD,
    DISCARD_ATTACK,
    DISCARD_CELLAR,
    DISCARD_POACHER,
    DISCARD_REVEALED,
    ERR_ILLEGAL,
    EV_DISCARD,
    EV_DRAW,
    EV_LOOK,
    EV_REVEAL_CARD,
    EV_SET_ASIDE,
    EV_TOPDECK,
    code_of,
)
from sim.engine.decide import rules_attack_discard
from sim.engine.layout import (
    ACTION_IDS,
    ASIDE0,
    ASIDE_N,
    BOT,
    DISC0,
    DISC_N,
    DISC_TOP,
    ERR,
    HAND0,
    HAND_N,
    INHERIT,
    N_ACTIONS,
    N_COLS,
    N_SLOTS,
    P_WIDTH,
    PF_FLAGS,
    SUPPLY,
    V_EMPTY,
    V_MERCHANTS,
    V_NP,
    V_PENDING,
    Z_ASIDE,
    Z_DISC,
    Z_HAND,
    Z_PLAY,
    V,
)
from sim.engine.program import F_HOOK, F_KIND, K_RULES
from sim.engine.resume import NO_SITE, push_frame, stopped, take_frame
from sim.engine.steps import (
    ATTACK_AT_PLAYER,
    ask,
    attacked_resumed,
    fail,
    gain_card,
    gain_choice,
    in_hand_ok,
    in_zone_ok,
    push_play,
    trash_asked,
    yes_no,
)
from sim.engine.zones import (
    GAIN_TO_DECK,
    GAIN_TO_DISCARD,
    GAIN_TO_HAND,
    add_coins,
    cost_of,
    discard_from_hand,
    draw,
    log_event,
    move_card,
    play_from_hand,
    take_top,
    topdeck_from,
    trash_from,
    trash_from_hand,
)

# The card whose text caused a log row (the ``extra`` of EV_TOPDECK, EV_SET_ASIDE, ...)
# is its card id; the ids are in sim.cards.base.

# The codes the table of decisions gave the set's questions (sim.engine.codes numbers
# them in the order sim.cards.base.CARD_SET lists them).
D_REVEAL_MOAT = code_of(REVEAL_MOAT)
D_CELLAR = code_of(CELLAR_DISCARD)
D_REMODEL_TRASH = code_of(REMODEL_TRASH)
D_REMODEL_GAIN = code_of(REMODEL_GAIN)
D_MINE_TRASH = code_of(MINE_TRASH)
D_MINE_GAIN = code_of(MINE_GAIN)
D_WORKSHOP_GAIN = code_of(WORKSHOP_GAIN)
D_CHAPEL = code_of(CHAPEL_TRASH)
D_MONEYLENDER = code_of(MONEYLENDER_TRASH)
D_HARBINGER = code_of(HARBINGER_TOPDECK)
D_VASSAL = code_of(VASSAL_PLAY)
D_BUREAUCRAT = code_of(BUREAUCRAT_TOPDECK)
D_POACHER = code_of(POACHER_DISCARD)
D_THRONE_ROOM = code_of(THRONE_ROOM_PLAY)
D_BANDIT = code_of(BANDIT_TRASH)
D_LIBRARY = code_of(LIBRARY_SET_ASIDE)
D_SENTRY_TRASH = code_of(SENTRY_TRASH)
D_SENTRY_DISCARD = code_of(SENTRY_DISCARD)
D_SENTRY_TOP = code_of(SENTRY_TOP)
D_ARTISAN_GAIN = code_of(ARTISAN_GAIN)
D_ARTISAN_TOPDECK = code_of(ARTISAN_TOPDECK)


# ----------------------------------------------------------------------------- First Game
# Resume sites (sim.engine.resume), each function's beside it.
CELLAR_AT_DISCARD = 1           # the next card to discard (the count so far)


@njit(cache=True)
def cellar(S, R, T, P, Q, H, p):
    """Cellar: +1 Action. Discard any number of cards, then draw that many.

    Asks D_CELLAR (a card from hand, or -1 to stop) once per card; logs EV_DISCARD
    (extra DISCARD_CELLAR) for each.  Frame: the count discarded.
    """
    _, k, _, _, _ = take_frame(S)
    while S[HAND_N + p] > 0:
        c = ask(S, R, T, P, Q, H, p, D_CELLAR, k)
        if stopped(S):
            push_frame(S, CELLAR_AT_DISCARD, k, 0, 0, 0)
            return
        if S[ERR] or c < 0:
            break
        if not in_hand_ok(S, T, p, D_CELLAR, c, 0):
            return
        discard_from_hand(S, p, c)
        log_event(S, EV_DISCARD, p, c, 1, DISCARD_CELLAR)
        k += 1
    draw(S, R, p, k)


@njit(cache=True)
def merchant(S, R, T, P, Q, H, p):
    """Merchant: +1 Card, +1 Action. The first time you play a Silver this turn, +$1.

    Each Merchant play adds one +$1 to the turn's first Silver (sim.engine.game
    play_treasure); no decision.
    """
    S[V + V_MERCHANTS] += 1


@njit(cache=True)
def workshop(S, R, T, P, Q, H, p):
    """Workshop: gain a card costing up to $4.  Asks D_WORKSHOP_GAIN (mandatory when
    any card can be gained); logs EV_GAIN."""
    gain_choice(S, R, T, P, Q, H, p, D_WORKSHOP_GAIN, 4, 0, GAIN_TO_DISCARD)


MILITIA_AT_DISCARD = ATTACK_AT_PLAYER     # the k-th player's next discard


@njit(cache=True)
def militia(S, R, T, P, Q, H, p):
    """Militia: +$2. Each other player discards down to 3 cards in hand.

    In turn order from the left; each may first reveal Moat (D_REVEAL_MOAT).
    Asks D_ATTACK_DISCARD (arg: how many are still to go) per card; logs
    EV_DISCARD (extra DISCARD_ATTACK).  Frame: ATTACK_AT_REACTION, player k's reaction
    window; MILITIA_AT_DISCARD, its discards.
    """
    site, k0, _, _, _ = take_frame(S)
    for k in range(max(k0, 1), S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, site)
        site = NO_SITE
        if stopped(S):
            return
        if q < 0:
            continue
        b = S[BOT + q]
        flags = b * P_WIDTH + PF_FLAGS
        fast = P[flags + F_KIND] == K_RULES and P[flags + F_HOOK] == 0
        while S[HAND_N + q] > 3:
            if fast:
                c = rules_attack_discard(S, T, P, b, q)
            else:
                c = ask(S, R, T, P, Q, H, q, D_ATTACK_DISCARD, S[HAND_N + q] - 3)
                if stopped(S):
                    push_frame(S, MILITIA_AT_DISCARD, k, 0, 0, 0)
                    return
            if S[ERR] or not in_hand_ok(S, T, q, D_ATTACK_DISCARD, c, 0):
                return
            discard_from_hand(S, q, c)
            log_event(S, EV_DISCARD, q, c, 1, DISCARD_ATTACK)


REMODEL_AT_TRASH = 1
REMODEL_IN_GAIN = 2             # (the card trashed)


@njit(cache=True)
def remodel(S, R, T, P, Q, H, p):
    """Remodel: trash a card from your hand. Gain a card costing up to $2 more than it.

    Asks D_REMODEL_TRASH (mandatory with a card in hand), then D_REMODEL_GAIN
    (arg: the most it may cost); logs EV_TRASH and EV_GAIN.  Frame: REMODEL_AT_TRASH,
    the trash; REMODEL_IN_GAIN, the gain (the card trashed).
    """
    site, c, _, _, _ = take_frame(S)
    if site != REMODEL_IN_GAIN:
        c = trash_asked(S, R, T, P, Q, H, p, D_REMODEL_TRASH, REMODEL_AT_TRASH, 0, 0)
        if c < 0:
            return
    gain_choice(S, R, T, P, Q, H, p, D_REMODEL_GAIN, cost_of(S, T, c) + 2, 0,
                GAIN_TO_DISCARD)
    if stopped(S):
        push_frame(S, REMODEL_IN_GAIN, c, 0, 0, 0)


MINE_AT_TRASH = 1
MINE_IN_GAIN = 2                # (the card trashed)


@njit(cache=True)
def mine(S, R, T, P, Q, H, p):
    """Mine: you may trash a Treasure from your hand. Gain a Treasure to your hand
    costing up to $3 more than it.

    Asks D_MINE_TRASH (a Treasure, or -1 for none), then D_MINE_GAIN (arg: the
    most it may cost); logs EV_TRASH and EV_GAIN (to hand).  Frame: MINE_AT_TRASH, the
    trash; MINE_IN_GAIN, the gain (the card trashed).
    """
    site, c, _, _, _ = take_frame(S)
    if site != MINE_IN_GAIN:
        c = ask(S, R, T, P, Q, H, p, D_MINE_TRASH, 0)
        if stopped(S):
            push_frame(S, MINE_AT_TRASH, 0, 0, 0, 0)
            return
        if S[ERR] or c < 0:
            S[V + V_PENDING] = -1
            return
        if not in_hand_ok(S, T, p, D_MINE_TRASH, c, TREASURE):
            return
        trash_from_hand(S, T, p, c)
    gain_choice(S, R, T, P, Q, H, p, D_MINE_GAIN, cost_of(S, T, c) + 3, TREASURE,
                GAIN_TO_HAND)
    if stopped(S):
        push_frame(S, MINE_IN_GAIN, c, 0, 0, 0)


# ----------------------------------------------------------------------------- more base
WITCH_IN_CURSE_GAIN = ATTACK_AT_PLAYER    # the k-th player's Curse


@njit(cache=True)
def witch(S, R, T, P, Q, H, p):
    """Witch: +2 Cards. Each other player gains a Curse.

    In turn order from the left while Curses last; Moat may block (D_REVEAL_MOAT).
    Logs EV_GAIN for each Curse.  Frame: ATTACK_AT_REACTION, player k's reaction
    window; WITCH_IN_CURSE_GAIN, its Curse's gain (in an Adventures game a gain may
    ask: Duplicate).
    """
    site, k0, _, _, _ = take_frame(S)
    for k in range(max(k0, 1), S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, site)
        resumed_gain = site == WITCH_IN_CURSE_GAIN
        site = NO_SITE
        if stopped(S):
            return
        if q < 0:
            continue
        if resumed_gain or S[SUPPLY + CURSE] > 0:
            gain_card(S, R, T, P, Q, H, q, CURSE, GAIN_TO_DISCARD)
            if stopped(S):
                push_frame(S, WITCH_IN_CURSE_GAIN, k, 0, 0, 0)
                return


@njit(cache=True)
def council_room(S, R, T, P, Q, H, p):
    """Council Room: +4 Cards, +1 Buy. Each other player draws a card.  No decision."""
    n = S[V + V_NP]
    for k in range(1, n):
        draw(S, R, (p + k) % n, 1)


@njit(cache=True)
def moneylender(S, R, T, P, Q, H, p):
    """Moneylender: you may trash a Copper from your hand for +$3.

    Asks D_MONEYLENDER (1 yes, 0 no) when a Copper is in hand; logs EV_TRASH.
    """
    if S[HAND0 + p * N_SLOTS + COPPER] > 0:
        r = ask(S, R, T, P, Q, H, p, D_MONEYLENDER, 0)
        if S[ERR]:
            return
        if r == 1:
            trash_from_hand(S, T, p, COPPER)
            add_coins(S, p, 3)
        elif r != 0:
            fail(S, ERR_ILLEGAL, p, D_MONEYLENDER, r)


CHAPEL_AT_TRASH = 1             # the i-th card (how many were asked before)


@njit(cache=True)
def chapel(S, R, T, P, Q, H, p):
    """Chapel: trash up to 4 cards from your hand.

    Asks D_CHAPEL (a card, or -1 to stop) up to 4 times; logs EV_TRASH.  Frame:
    how many were asked before.
    """
    _, i0, _, _, _ = take_frame(S)
    for i in range(i0, 4):
        if S[HAND_N + p] == 0:
            break
        c = ask(S, R, T, P, Q, H, p, D_CHAPEL, 0)
        if stopped(S):
            push_frame(S, CHAPEL_AT_TRASH, i, 0, 0, 0)
            return
        if S[ERR] or c < 0 or not in_hand_ok(S, T, p, D_CHAPEL, c, 0):
            return
        trash_from_hand(S, T, p, c)


# ----------------------------------------------------------------------------- the rest
@njit(cache=True)
def harbinger(S, R, T, P, Q, H, p):
    """Harbinger: +1 Card, +1 Action. Look through your discard pile. You may put a
    card from it onto your deck.

    Asks D_HARBINGER (a card in the discard pile, or -1) when the pile is not
    empty; logs EV_TOPDECK.  The player knows the card is on top.
    """
    if S[DISC_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, H, p, D_HARBINGER, 0)
    if S[ERR] or c < 0 or not in_zone_ok(S, p, D_HARBINGER, c, DISC0):
        return
    topdeck_from(S, p, Z_DISC, c)
    log_event(S, EV_TOPDECK, p, c, 1, HARBINGER)


VASSAL_AT_PLAY = 1              # play the discarded Action? (it, and the card under it)


@njit(cache=True)
def vassal(S, R, T, P, Q, H, p):
    """Vassal: +$2. Discard the top card of your deck. If it's an Action card, you
    may play it.

    The deck is shuffled first if empty.  Asks D_VASSAL (arg: the card; 1 play,
    0 not) for an Action; the play uses no Action and the card is in play as
    usual (queued on the play stack).  Logs EV_DISCARD (extra DISCARD_REVEALED),
    then the play (EV_PLAY_AGAIN).  Frame: the card and the one under it.
    """
    site, c, below, _, _ = take_frame(S)
    if site == NO_SITE:
        c = take_top(S, R, p)
        if c < 0:
            return
        below = S[DISC_TOP + p]
        move_card(S, p, Z_ASIDE, Z_DISC, c)
        log_event(S, EV_DISCARD, p, c, 1, DISCARD_REVEALED)
        if (types_of(S, T, p, c) & ACTION) == 0:     # an inheriting Estate is an Action
            return
    r = yes_no(S, R, T, P, Q, H, p, D_VASSAL, c)
    if stopped(S):
        push_frame(S, VASSAL_AT_PLAY, c, below, 0, 0)
        return
    if r != 1:
        return
    move_card(S, p, Z_DISC, Z_PLAY, c)
    S[DISC_TOP + p] = below          # the card under it shows again
    push_play(S, T, p, c, 1, VASSAL)


BUREAUCRAT_AT_VICTORY = ATTACK_AT_PLAYER   # the k-th player's Victory card
BUREAUCRAT_IN_SILVER_GAIN = 3


@njit(cache=True)
def bureaucrat(S, R, T, P, Q, H, p):
    """Bureaucrat: gain a Silver onto your deck. Each other player reveals a Victory
    card from their hand and puts it onto their deck (or reveals a hand with no
    Victory cards).

    Moat may block (D_REVEAL_MOAT).  Asks the attacked player D_BUREAUCRAT (a
    Victory card from hand) when it has one; logs EV_GAIN (onto the deck), and
    per attacked player EV_REVEAL_CARD (extra 1: from hand) for the card or
    for every card of a hand with none, then EV_TOPDECK.  Frame: ATTACK_AT_REACTION,
    player k's reaction window; BUREAUCRAT_AT_VICTORY, its Victory card;
    BUREAUCRAT_IN_SILVER_GAIN, the Silver's gain (an Adventures gain may ask).
    """
    site, k0, _, _, _ = take_frame(S)
    if site == BUREAUCRAT_IN_SILVER_GAIN or (site == NO_SITE and S[SUPPLY + SILVER] > 0):
        gain_card(S, R, T, P, Q, H, p, SILVER, GAIN_TO_DECK)
        if stopped(S):
            push_frame(S, BUREAUCRAT_IN_SILVER_GAIN, 0, 0, 0, 0)
            return
        site = NO_SITE
    for k in range(max(k0, 1), S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, site)
        site = NO_SITE
        if stopped(S):
            return
        if q < 0:
            continue
        h0 = HAND0 + q * N_SLOTS
        has_victory = False
        for c in range(N_CARDS):
            if S[h0 + c] and (T[c * N_COLS + C_TYPES] & VICTORY):
                has_victory = True
                break
        if not has_victory:
            for c in range(N_CARDS):
                if S[h0 + c]:
                    log_event(S, EV_REVEAL_CARD, q, c, S[h0 + c], 1)
            continue
        c = ask(S, R, T, P, Q, H, q, D_BUREAUCRAT, 0)
        if stopped(S):
            push_frame(S, BUREAUCRAT_AT_VICTORY, k, 0, 0, 0)
            return
        if S[ERR] or not in_hand_ok(S, T, q, D_BUREAUCRAT, c, VICTORY):
            return
        log_event(S, EV_REVEAL_CARD, q, c, 1, 1)
        topdeck_from(S, q, Z_HAND, c)
        log_event(S, EV_TOPDECK, q, c, 1, BUREAUCRAT)


POACHER_AT_DISCARD = 1          # the i-th card (how many were asked before)


@njit(cache=True)
def poacher(S, R, T, P, Q, H, p):
    """Poacher: +1 Card, +1 Action, +$1. Discard a card per empty Supply pile.

    Every Supply pile counts (Copper and Curse too).  With no more cards in hand
    than that, all are discarded without a question; else asks D_POACHER (arg:
    how many are still to go) per card.  Logs EV_DISCARD (extra DISCARD_POACHER).
    Frame: how many were asked before.
    """
    site, i0, _, _, _ = take_frame(S)
    k = S[V + V_EMPTY]
    if k == 0:
        return
    if site == NO_SITE and S[HAND_N + p] <= k:    # (resumed, the hand is smaller by i0 cards)
        h0 = HAND0 + p * N_SLOTS
        for c in range(N_CARDS):
            while S[h0 + c]:
                discard_from_hand(S, p, c)
                log_event(S, EV_DISCARD, p, c, 1, DISCARD_POACHER)
        return
    for i in range(i0, k):
        c = ask(S, R, T, P, Q, H, p, D_POACHER, k - i)
        if stopped(S):
            push_frame(S, POACHER_AT_DISCARD, i, 0, 0, 0)
            return
        if S[ERR] or not in_hand_ok(S, T, p, D_POACHER, c, 0):
            return
        discard_from_hand(S, p, c)
        log_event(S, EV_DISCARD, p, c, 1, DISCARD_POACHER)


@njit(cache=True)
def throne_room(S, R, T, P, Q, H, p):
    """Throne Room: you may play an Action card from your hand twice.

    Asks D_THRONE_ROOM (an Action in hand, or -1 for none) when the hand holds an
    Action.  The card goes into play and is queued to resolve twice (play stack):
    it resolves completely, then again, even if the first play moved it; a
    Throne Room played this way asks again each time.  Logs EV_PLAY_AGAIN per
    resolution (sim.engine.game).
    """
    h0 = HAND0 + p * N_SLOTS
    any_action = False
    for i in range(T[N_ACTIONS]):
        if S[h0 + T[ACTION_IDS + i]]:
            any_action = True
            break
    # Adventures: an Estate with the Estate token's abilities (Inheritance) is an Action.
    inheriting = S[INHERIT + p] != 0 and (types_of(S, T, p, ESTATE) & ACTION) != 0
    if inheriting and S[h0 + ESTATE]:
        any_action = True
    if not any_action:
        return
    c = ask(S, R, T, P, Q, H, p, D_THRONE_ROOM, 0)
    if S[ERR] or c < 0:
        return
    if inheriting and c == ESTATE:
        if not in_hand_ok(S, T, p, D_THRONE_ROOM, c, 0):
            return
    elif not in_hand_ok(S, T, p, D_THRONE_ROOM, c, ACTION):
        return
    play_from_hand(S, p, c)
    push_play(S, T, p, c, 2, THRONE_ROOM)


BANDIT_AT_TRASH = ATTACK_AT_PLAYER     # the k-th player's choice (the two cards)
BANDIT_IN_GOLD_GAIN = 3


@njit(cache=True)
def bandit(S, R, T, P, Q, H, p):
    """Bandit: gain a Gold. Each other player reveals the top 2 cards of their deck,
    trashes a revealed Treasure other than Copper, and discards the rest.

    Nothing is gained from an empty Gold pile.  Moat may block.  Between two
    different such Treasures the attacked player chooses (D_BANDIT, arg: the
    second card revealed; both are in its set-aside zone).  Logs EV_GAIN,
    EV_REVEAL_CARD (extra 0: from the deck), EV_TRASH and EV_DISCARD (extra
    DISCARD_REVEALED).  Frame: ATTACK_AT_REACTION, player k's reaction window;
    BANDIT_AT_TRASH, its choice (the two cards); BANDIT_IN_GOLD_GAIN, the Gold's gain
    (an Adventures gain may ask).
    """
    site, k0, a, b, _ = take_frame(S)
    if site == NO_SITE:
        k0 = 1
        a = -1
        b = -1
    if site == BANDIT_IN_GOLD_GAIN or (site == NO_SITE and S[SUPPLY + GOLD] > 0):
        gain_card(S, R, T, P, Q, H, p, GOLD, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, BANDIT_IN_GOLD_GAIN, 1, 0, 0, 0)
            return
        site = NO_SITE
    for k in range(k0, S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, site)
        if stopped(S):
            return
        if site != BANDIT_AT_TRASH:
            if q < 0:
                continue
            # Each card is logged as it is revealed: a shuffle between the two (one card
            # left in the deck) comes after the first in the log, as in the game.
            a = take_top(S, R, q)
            if a < 0:
                continue
            log_event(S, EV_REVEAL_CARD, q, a, 1, 0)
            b = take_top(S, R, q)
            if b >= 0:
                log_event(S, EV_REVEAL_CARD, q, b, 1, 0)
        a_ok = a >= 0 and a != COPPER and (T[a * N_COLS + C_TYPES] & TREASURE) != 0
        b_ok = b >= 0 and b != COPPER and (T[b * N_COLS + C_TYPES] & TREASURE) != 0
        victim = -1
        if a_ok and b_ok and a != b:
            victim = ask(S, R, T, P, Q, H, q, D_BANDIT, b)
            if stopped(S):
                push_frame(S, BANDIT_AT_TRASH, k, a, b, 0)
                return
            site = NO_SITE
            if S[ERR]:
                return
            if victim != a and victim != b:
                fail(S, ERR_ILLEGAL, q, D_BANDIT, victim)
                return
        elif a_ok:
            victim = a
        elif b_ok:
            victim = b
        if victim >= 0:
            trash_from(S, T, q, Z_ASIDE, victim)
        for c in (a, b):
            if c >= 0 and S[ASIDE0 + q * N_SLOTS + c] > 0:
                move_card(S, q, Z_ASIDE, Z_DISC, c)
                log_event(S, EV_DISCARD, q, c, 1, DISCARD_REVEALED)


LIBRARY_AT_SET_ASIDE = 1        # set the Action drawn aside? (the count, the card)


@njit(cache=True)
def library(S, R, T, P, Q, H, p):
    """Library: draw until you have 7 cards in hand, skipping any Action cards you
    choose to; set those aside, discarding them afterwards.

    Asks D_LIBRARY (arg: the Action just drawn; 1 set it aside, 0 keep it).
    Stops when deck and discard pile are both empty (set-aside cards are not
    shuffled in).  Logs EV_DRAW, EV_SET_ASIDE and EV_DISCARD (DISCARD_REVEALED).
    Frame: how many were set aside, and the card asked about.
    """
    site, set_aside, c, _, _ = take_frame(S)
    while S[HAND_N + p] < 7:
        if site == LIBRARY_AT_SET_ASIDE:     # resumed at the question about c
            site = NO_SITE
        else:
            c = take_top(S, R, p)
            if c < 0:
                break
        if types_of(S, T, p, c) & ACTION:      # an inheriting Estate is an Action
            r = yes_no(S, R, T, P, Q, H, p, D_LIBRARY, c)
            if stopped(S):
                push_frame(S, LIBRARY_AT_SET_ASIDE, set_aside, c, 0, 0)
                return
            if r < 0:
                return
            if r == 1:
                log_event(S, EV_SET_ASIDE, p, c, 1, LIBRARY)
                set_aside += 1
                continue
        move_card(S, p, Z_ASIDE, Z_HAND, c)
        log_event(S, EV_DRAW, p, c, 1, 0)
    if set_aside:
        a0 = ASIDE0 + p * N_SLOTS
        for c in range(N_CARDS):
            while S[a0 + c]:
                move_card(S, p, Z_ASIDE, Z_DISC, c)
                log_event(S, EV_DISCARD, p, c, 1, DISCARD_REVEALED)


SENTRY_AT_TRASH = 1             # (each with the two cards looked at)
SENTRY_AT_DISCARD = 2
SENTRY_AT_ORDER = 3


@njit(cache=True)
def sentry(S, R, T, P, Q, H, p):
    """Sentry: +1 Card, +1 Action. Look at the top 2 cards of your deck. Trash and/or
    discard any number of them. Put the rest back on top in any order.

    The deck is shuffled first if needed.  Asks D_SENTRY_TRASH (a looked-at card,
    or -1 to stop), then D_SENTRY_DISCARD likewise, then, with two different
    cards going back, D_SENTRY_TOP (the one to put on top, drawn first).  Logs
    EV_LOOK, EV_TRASH, EV_DISCARD (DISCARD_REVEALED) and EV_TOPDECK.  Frame:
    SENTRY_AT_TRASH, the trashing; SENTRY_AT_DISCARD, the discarding; SENTRY_AT_ORDER,
    the order (the two cards looked at).
    """
    a0 = ASIDE0 + p * N_SLOTS
    site, a, b, _, _ = take_frame(S)
    if site == NO_SITE:
        a = take_top(S, R, p)
        if a < 0:
            return
        log_event(S, EV_LOOK, p, a, 1, SENTRY)
        b = take_top(S, R, p)
        if b >= 0:
            log_event(S, EV_LOOK, p, b, 1, SENTRY)
    while site <= SENTRY_AT_TRASH and S[ASIDE_N + p] > 0:
        c = ask(S, R, T, P, Q, H, p, D_SENTRY_TRASH, 0)
        if stopped(S):
            push_frame(S, SENTRY_AT_TRASH, a, b, 0, 0)
            return
        if S[ERR] or c < 0:
            break
        if not in_zone_ok(S, p, D_SENTRY_TRASH, c, ASIDE0):
            return
        trash_from(S, T, p, Z_ASIDE, c)
    while site <= SENTRY_AT_DISCARD and S[ASIDE_N + p] > 0 and S[ERR] == 0:
        c = ask(S, R, T, P, Q, H, p, D_SENTRY_DISCARD, 0)
        if stopped(S):
            push_frame(S, SENTRY_AT_DISCARD, a, b, 0, 0)
            return
        if S[ERR] or c < 0:
            break
        if not in_zone_ok(S, p, D_SENTRY_DISCARD, c, ASIDE0):
            return
        move_card(S, p, Z_ASIDE, Z_DISC, c)
        log_event(S, EV_DISCARD, p, c, 1, DISCARD_REVEALED)
    if S[ERR]:
        return
    if S[ASIDE_N + p] == 2 and a != b:
        top = ask(S, R, T, P, Q, H, p, D_SENTRY_TOP, 0)
        if stopped(S):
            push_frame(S, SENTRY_AT_ORDER, a, b, 0, 0)
            return
        if S[ERR] or not in_zone_ok(S, p, D_SENTRY_TOP, top, ASIDE0):
            return
        under = b if top == a else a
        topdeck_from(S, p, Z_ASIDE, under)
        log_event(S, EV_TOPDECK, p, under, 1, SENTRY)
        topdeck_from(S, p, Z_ASIDE, top)
        log_event(S, EV_TOPDECK, p, top, 1, SENTRY)
        return
    for c in (a, b):
        if c >= 0 and S[a0 + c] > 0:
            topdeck_from(S, p, Z_ASIDE, c)
            log_event(S, EV_TOPDECK, p, c, 1, SENTRY)


ARTISAN_IN_GAIN = 1
ARTISAN_AT_TOPDECK = 2


@njit(cache=True)
def artisan(S, R, T, P, Q, H, p):
    """Artisan: gain a card to your hand costing up to $5. Put a card from your hand
    onto your deck.

    Asks D_ARTISAN_GAIN (arg 5; mandatory when any card can be gained), then
    D_ARTISAN_TOPDECK (any card in hand, the gained one too; mandatory).  Logs
    EV_GAIN (to hand) and EV_TOPDECK.  Frame: ARTISAN_IN_GAIN, the gain;
    ARTISAN_AT_TOPDECK, the topdeck.
    """
    site, _, _, _, _ = take_frame(S)
    if site != ARTISAN_AT_TOPDECK:
        gain_choice(S, R, T, P, Q, H, p, D_ARTISAN_GAIN, 5, 0, GAIN_TO_HAND)
        if stopped(S):
            push_frame(S, ARTISAN_IN_GAIN, 0, 0, 0, 0)
            return
        if S[ERR] or S[HAND_N + p] == 0:
            return
    c = ask(S, R, T, P, Q, H, p, D_ARTISAN_TOPDECK, 0)
    if stopped(S):
        push_frame(S, ARTISAN_AT_TOPDECK, 0, 0, 0, 0)
        return
    if S[ERR] or not in_hand_ok(S, T, p, D_ARTISAN_TOPDECK, c, 0):
        return
    topdeck_from(S, p, Z_HAND, c)
    log_event(S, EV_TOPDECK, p, c, 1, ARTISAN)


# ----------------------------------------------------------------------------- the table
# The function of each special code.  The engine calls a card's function through a
# pointer (sim.engine.cardcalls): only the cards of a game's kingdom are compiled.
CARD_TEXT = {
    SP_CELLAR: cellar,
    SP_MERCHANT: merchant,
    SP_WORKSHOP: workshop,
    SP_MILITIA: militia,
    SP_REMODEL: remodel,
    SP_MINE: mine,
    SP_WITCH: witch,
    SP_COUNCIL_ROOM: council_room,
    SP_MONEYLENDER: moneylender,
    SP_CHAPEL: chapel,
    SP_HARBINGER: harbinger,
    SP_VASSAL: vassal,
    SP_BUREAUCRAT: bureaucrat,
    SP_POACHER: poacher,
    SP_THRONE_ROOM: throne_room,
    SP_BANDIT: bandit,
    SP_LIBRARY: library,
    SP_SENTRY: sentry,
    SP_ARTISAN: artisan,
}
