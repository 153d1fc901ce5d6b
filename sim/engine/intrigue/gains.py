"""Intrigue cards that trash, gain and order the deck (Lurker, Wishing Well, Secret Passage,
Courtier, Patrol, Trading Post, Upgrade).  See :mod:`sim.engine.intrigue`.

Each function's docstring gives its card's text, the questions it asks (their records
are in sim.cards.intrigue, their rule bots' defaults in
:mod:`sim.engine.intrigue_defaults`), the log rows it writes and its resume sites
(sim.engine.resume), named beside it.  The counters (+Cards, +Actions) are done by the
turn before the function runs.
"""

from __future__ import annotations

from numba import njit

from sim.cards import C_TYPES, CURSE_TYPE, EVENT, GOLD, N_CARDS, SILVER, VICTORY
from sim.cards import intrigue as _intrigue
from sim.cards.intrigue import COURTIER, LURKER, PATROL, SECRET_PASSAGE, WISHING_WELL
from sim.engine.adventures.events import aside_onto_deck
from sim.engine.adventures.mechanics import gain_with_triggers, take_from_pile
from sim.engine.codes import (
    ERR_ILLEGAL,
    EV_CHOOSE,
    EV_GAIN,
    EV_INSERT,
    EV_NAME,
    EV_RETURN,
    EV_REVEAL_CARD,
    EV_TOPDECK,
    EV_TRASH,
    GAIN_FROM_TRASH,
    TRASH_FROM_SUPPLY,
    code_of,
)
from sim.engine.intrigue import texts_of
from sim.engine.intrigue_defaults import CARD_TYPES, n_types
from sim.engine.layout import (
    A_ON_GAIN,
    ASIDE0,
    DECK_N,
    DISC_N,
    ERR,
    H_ADVENTURE,
    HAND_N,
    N_COLS,
    N_SLOTS,
    SUPPLY,
    TRASH,
    V_ACTIONS,
    V_BUYS,
    Z_ASIDE,
    Z_HAND,
    V,
)
from sim.engine.legality import supply_action, trash_action
from sim.engine.resume import NO_SITE, push_frame, stopped, take_frame
from sim.engine.steps import ask, fail, in_hand_ok, trash_asked, yes_no
from sim.engine.zones import (
    GAIN_TO_DISCARD,
    GAIN_TO_HAND,
    add_coins,
    can_gain,
    cost_of,
    deck_insert,
    gain_arrives,
    log_event,
    move_card,
    take_from_zone,
    take_top,
    topdeck_from,
    trash_from_hand,
    types_of,
)

D_LURKER_MODE = code_of(_intrigue.LURKER_MODE)
D_LURKER_TRASH = code_of(_intrigue.LURKER_TRASH)
D_LURKER_GAIN = code_of(_intrigue.LURKER_GAIN)
D_WISHING_WELL = code_of(_intrigue.WISHING_WELL_NAME)
D_SECRET_PASSAGE_CARD = code_of(_intrigue.SECRET_PASSAGE_CARD)
D_SECRET_PASSAGE_BOTTOM = code_of(_intrigue.SECRET_PASSAGE_BOTTOM)
D_SECRET_PASSAGE_DEEPER = code_of(_intrigue.SECRET_PASSAGE_DEEPER)
D_COURTIER_REVEAL = code_of(_intrigue.COURTIER_REVEAL)
D_COURTIER_MODE = code_of(_intrigue.COURTIER_MODE)
D_TRADING_POST = code_of(_intrigue.TRADING_POST_TRASH)
D_UPGRADE_TRASH = code_of(_intrigue.UPGRADE_TRASH)
D_UPGRADE_GAIN = code_of(_intrigue.UPGRADE_GAIN)


# ----------------------------------------------------------------------------- Trading Post
TRADING_POST_AT_TRASH = 1       # the next card to trash (how many so far)
TRADING_POST_IN_GAIN = 2        # the Silver's gain


@njit(cache=True)
def trading_post(S, R, T, P, Q, H, p):
    """Trading Post: trash 2 cards from your hand. If you did, gain a Silver to your hand.

    Asks D_TRADING_POST (arg: how many trashed so far) while the hand has a card, twice
    at most: with one card in hand it is trashed and no Silver comes; with none nothing
    happens; with the Silver pile empty the two are still trashed.  Logs EV_TRASH,
    EV_GAIN (to hand).  Frame: TRADING_POST_AT_TRASH, the trashes (how many so far);
    TRADING_POST_IN_GAIN, the Silver's gain.
    """
    site, k, _, _, _ = take_frame(S)
    if site <= TRADING_POST_AT_TRASH:
        while k < 2 and S[HAND_N + p] > 0:
            c = ask(S, R, T, P, Q, H, p, D_TRADING_POST, k)
            if stopped(S):
                push_frame(S, TRADING_POST_AT_TRASH, k, 0, 0, 0)
                return
            if S[ERR] or not in_hand_ok(S, T, p, D_TRADING_POST, c, 0):
                return
            trash_from_hand(S, T, p, c)
            k += 1
        if k < 2 or S[SUPPLY + SILVER] == 0:
            return
    gain_with_triggers(S, R, T, P, Q, H, p, SILVER, GAIN_TO_HAND)
    if stopped(S):
        push_frame(S, TRADING_POST_IN_GAIN, 0, 0, 0, 0)


# ----------------------------------------------------------------------------- Upgrade
UPGRADE_AT_TRASH = 1
UPGRADE_AT_GAIN = 2             # (the cost to gain)
UPGRADE_IN_GAIN = 3             # (the cost, the card)


@njit(cache=True)
def upgrade(S, R, T, P, Q, H, p):
    """Upgrade: +1 Card, +1 Action (counters). Trash a card from your hand. Gain a card
    costing exactly $1 more than it.

    Costs are the costs now (zones.cost_of: every reduction in effect), on both sides.
    Asks D_UPGRADE_TRASH (mandatory with a card in hand), then, when a Supply card costs
    exactly that now, D_UPGRADE_GAIN (arg: the cost; mandatory).  Logs EV_TRASH, EV_GAIN.
    Frame: UPGRADE_AT_TRASH, the trash; UPGRADE_AT_GAIN, the gain's choice (the cost);
    UPGRADE_IN_GAIN, its gain (the cost, the card).
    """
    site, k, c, _, _ = take_frame(S)
    if site <= UPGRADE_AT_TRASH:
        c = trash_asked(S, R, T, P, Q, H, p, D_UPGRADE_TRASH, UPGRADE_AT_TRASH, 0, 0)
        if c < 0:
            return
        k = cost_of(S, T, c) + 1
    if site <= UPGRADE_AT_GAIN:
        if not any_costing_exactly(S, T, k):
            return
        c = ask(S, R, T, P, Q, H, p, D_UPGRADE_GAIN, k)
        if stopped(S):
            push_frame(S, UPGRADE_AT_GAIN, k, 0, 0, 0)
            return
        if S[ERR]:
            return
        if c < 0 or c >= N_CARDS or not can_gain(S, T, c, k) or cost_of(S, T, c) != k:
            fail(S, ERR_ILLEGAL, p, D_UPGRADE_GAIN, c)
            return
    gain_with_triggers(S, R, T, P, Q, H, p, c, GAIN_TO_DISCARD)
    if stopped(S):
        push_frame(S, UPGRADE_IN_GAIN, k, c, 0, 0)


@njit(cache=True)
def any_costing_exactly(S, T, k):
    """A Supply pile with cards left whose card costs exactly ``k`` now."""
    for c in range(N_CARDS):
        if S[SUPPLY + c] > 0 and cost_of(S, T, c) == k:
            return True
    return False


# ----------------------------------------------------------------------------- Courtier
COURTIER_AT_REVEAL = 1
COURTIER_AT_MODE = 2            # the next choice (those taken, a bit each; how many still)
COURTIER_IN_GAIN = 3            # the Gold's gain (the choices), the last to resolve

COURTIER_MAX_CHOICES = 4        # as many as there are options


@njit(cache=True)
def courtier(S, R, T, P, Q, H, p):
    """Courtier: reveal a card from your hand. For each type it has (Action, Attack, etc.),
    choose one: +1 Action; or +1 Buy; or +$3; or gain a Gold. The choices must be
    different.

    The card stays in hand.  Its types are those it has for the player (an Estate that
    inherited an Action counts that card's too): one choice per card type, 4 at most.
    All are chosen before any resolves; they resolve in the options' order, the Gold's
    gain last.  Asks D_COURTIER_REVEAL (mandatory with a card in hand), then
    D_COURTIER_MODE once per choice (arg: the options taken so far, a bit each; those
    are not legal).  Logs EV_REVEAL_CARD (from hand), EV_CHOOSE per choice, EV_GAIN.
    Frame: COURTIER_AT_REVEAL, the reveal; COURTIER_AT_MODE, the choices (taken, how
    many still); COURTIER_IN_GAIN, the Gold's gain (taken).
    """
    site, taken, left, _, _ = take_frame(S)
    if site <= COURTIER_AT_REVEAL:
        if S[HAND_N + p] == 0:
            return
        c = ask(S, R, T, P, Q, H, p, D_COURTIER_REVEAL, 0)
        if stopped(S):
            push_frame(S, COURTIER_AT_REVEAL, 0, 0, 0, 0)
            return
        if S[ERR] or not in_hand_ok(S, T, p, D_COURTIER_REVEAL, c, 0):
            return
        log_event(S, EV_REVEAL_CARD, p, c, 1, 1)
        taken = 0
        left = min(n_types(types_of(S, T, p, c) & CARD_TYPES), COURTIER_MAX_CHOICES)
    while left > 0:
        k = ask(S, R, T, P, Q, H, p, D_COURTIER_MODE, taken)
        if stopped(S):
            push_frame(S, COURTIER_AT_MODE, taken, left, 0, 0)
            return
        if S[ERR]:
            return
        if k < 0 or k >= COURTIER_MAX_CHOICES or (taken >> k) & 1:
            fail(S, ERR_ILLEGAL, p, D_COURTIER_MODE, k)
            return
        log_event(S, EV_CHOOSE, p, COURTIER, k, D_COURTIER_MODE)
        taken |= 1 << k
        left -= 1
    if site != COURTIER_IN_GAIN:
        if taken & 1:
            S[V + V_ACTIONS] += 1
        if taken & 2:
            S[V + V_BUYS] += 1
        if taken & 4:
            add_coins(S, p, 3)
        if (taken & 8) == 0 or S[SUPPLY + GOLD] == 0:
            return
    gain_with_triggers(S, R, T, P, Q, H, p, GOLD, GAIN_TO_DISCARD)
    if stopped(S):
        push_frame(S, COURTIER_IN_GAIN, taken, 0, 0, 0)


# ----------------------------------------------------------------------------- Patrol
PATROL_IN_ORDER = 1             # inside putting the rest back


@njit(cache=True)
def patrol(S, R, T, P, Q, H, p):
    """Patrol: +3 Cards (counter). Reveal the top 4 cards of your deck. Put the Victory
    cards and Curses into your hand. Put the rest back in any order.

    Reveals (into the set-aside zone, empty before) shuffling as needed, fewer when the
    deck and discard pile run out.  A card with the Victory type (Harem, Mill, Nobles
    too) or a Curse goes to hand, with no choice; the rest go back in the order the
    player chooses: D_TOPDECK_ORDER (arg PATROL: the next card to put back; the last put
    back is drawn first), asked while different cards remain (events.aside_onto_deck).
    Logs EV_REVEAL_CARD (from the deck), EV_RETURN (into hand), EV_TOPDECK.  Frame:
    PATROL_IN_ORDER, the order.
    """
    site, _, _, _, _ = take_frame(S)
    if site == NO_SITE:
        for _ in range(4):
            c = take_top(S, R, p)
            if c < 0:
                break
            log_event(S, EV_REVEAL_CARD, p, c, 1, 0)
        a0 = ASIDE0 + p * N_SLOTS
        for c in range(N_CARDS):
            k = S[a0 + c]
            if k > 0 and (T[c * N_COLS + C_TYPES] & (VICTORY | CURSE_TYPE)):
                for _ in range(k):
                    move_card(S, p, Z_ASIDE, Z_HAND, c)
                log_event(S, EV_RETURN, p, c, k, PATROL)
    aside_onto_deck(S, R, T, P, Q, H, p, PATROL)
    if stopped(S):
        push_frame(S, PATROL_IN_ORDER, 0, 0, 0, 0)


# ----------------------------------------------------------------------------- Wishing Well
@njit(cache=True)
def wishing_well(S, R, T, P, Q, H, p):
    """Wishing Well: +1 Card, +1 Action (counters). Name a card, then reveal the top card
    of your deck. If you named it, put it into your hand.

    Any card may be named (one not in the game too; no Event: it is no card).  The
    reveal shuffles an empty deck; with the deck and discard pile both empty nothing
    can be revealed, and nothing is asked.  A miss stays on top (revealed: public).
    Asks D_WISHING_WELL (any card id; nothing is done before it: no frame).  Logs
    EV_NAME, EV_REVEAL_CARD (from the deck), then EV_RETURN (into hand) or EV_TOPDECK.
    """
    if S[DECK_N + p] == 0 and S[DISC_N + p] == 0:
        return
    named = ask(S, R, T, P, Q, H, p, D_WISHING_WELL, 0)
    if S[ERR]:
        return
    if named < 0 or named >= N_CARDS or (T[named * N_COLS + C_TYPES] & EVENT):
        fail(S, ERR_ILLEGAL, p, D_WISHING_WELL, named)
        return
    log_event(S, EV_NAME, p, named, 1, WISHING_WELL)
    c = take_top(S, R, p)
    log_event(S, EV_REVEAL_CARD, p, c, 1, 0)
    if c == named:
        move_card(S, p, Z_ASIDE, Z_HAND, c)
        log_event(S, EV_RETURN, p, c, 1, WISHING_WELL)
    else:
        topdeck_from(S, p, Z_ASIDE, c)
        log_event(S, EV_TOPDECK, p, c, 1, WISHING_WELL)


# ----------------------------------------------------------------------------- Lurker
LURKER_AT_MODE = 1
LURKER_AT_CARD = 2              # (the mode)
LURKER_IN_GAIN = 3              # (the mode, the card gained from the trash)


@njit(cache=True)
def lurker(S, R, T, P, Q, H, p):
    """Lurker: +1 Action (counter). Choose one: trash an Action card from the Supply; or
    gain an Action card from the trash.

    Either option may be chosen when it does nothing (no Action pile with cards; no
    Action in the trash).  A card "is an Action" by its own types (Nobles and Mill too).
    Trashing takes the pile's top card to the trash (nobody's card; an emptied pile
    counts for the game's end).  Gaining takes the card from the trash to the discard
    pile, a card of no Supply pile too (a Traveller upgrade), and sets off what a gain
    sets off (Adventures' on_gain).  Asks D_LURKER_MODE (0 trash, 1 gain), then
    D_LURKER_TRASH or D_LURKER_GAIN while one qualifies (mandatory).  Logs EV_CHOOSE,
    EV_TRASH (TRASH_FROM_SUPPLY) or EV_GAIN (GAIN_FROM_TRASH).  Frame: LURKER_AT_MODE, the choice;
    LURKER_AT_CARD, the card (the mode); LURKER_IN_GAIN, what the gain sets off (the
    card).
    """
    site, mode, c, _, _ = take_frame(S)
    if site <= LURKER_AT_MODE:
        mode = ask(S, R, T, P, Q, H, p, D_LURKER_MODE, 0)
        if stopped(S):
            push_frame(S, LURKER_AT_MODE, 0, 0, 0, 0)
            return
        if S[ERR]:
            return
        if mode != 0 and mode != 1:
            fail(S, ERR_ILLEGAL, p, D_LURKER_MODE, mode)
            return
        log_event(S, EV_CHOOSE, p, LURKER, mode, D_LURKER_MODE)
    if site <= LURKER_AT_CARD:
        if not any_for_lurker(S, T, mode):
            return
        d = D_LURKER_TRASH if mode == 0 else D_LURKER_GAIN
        c = ask(S, R, T, P, Q, H, p, d, 0)
        if stopped(S):
            push_frame(S, LURKER_AT_CARD, mode, 0, 0, 0)
            return
        if S[ERR]:
            return
        if not (supply_action(S, T, c) if mode == 0 else trash_action(S, T, c)):
            fail(S, ERR_ILLEGAL, p, d, c)
            return
        if mode == 0:
            take_from_pile(S, c)
            S[TRASH + c] += 1
            log_event(S, EV_TRASH, p, c, 1, TRASH_FROM_SUPPLY)
            return
        S[TRASH + c] -= 1
        gain_arrives(S, T, p, c, GAIN_TO_DISCARD)
        log_event(S, EV_GAIN, p, c, 1, GAIN_FROM_TRASH)
    H[H_ADVENTURE][A_ON_GAIN](S, R, T, P, Q, H[:H_ADVENTURE], p, c, GAIN_TO_DISCARD)
    if stopped(S):
        push_frame(S, LURKER_IN_GAIN, 1, c, 0, 0)


@njit(cache=True)
def any_for_lurker(S, T, mode):
    """Some card qualifies for Lurker's ``mode``: an Action Supply pile with cards (0), an
    Action in the trash (1)."""
    for c in range(N_CARDS):
        if supply_action(S, T, c) if mode == 0 else trash_action(S, T, c):
            return True
    return False


# ----------------------------------------------------------------------------- Secret Passage
SECRET_PASSAGE_AT_CARD = 1
SECRET_PASSAGE_AT_BOTTOM = 2    # (the card)
SECRET_PASSAGE_AT_DEEPER = 3    # (the card, how many cards go above it so far)


@njit(cache=True)
def secret_passage(S, R, T, P, Q, H, p):
    """Secret Passage: +2 Cards, +1 Action (counters). Take a card from your hand and put
    it anywhere in your deck.

    Any place of the draw pile, top to bottom (an empty one: it is the only card; no
    shuffle).  The place is asked exactly, in yes/no steps the agents' actions can say:
    D_SECRET_PASSAGE_CARD (the card; mandatory with a card in hand), then, with a
    non-empty draw pile, D_SECRET_PASSAGE_BOTTOM (arg: the card; yes puts it at the
    bottom), else D_SECRET_PASSAGE_DEEPER (arg: how many cards above it so far, from 0)
    while a place between is left: each yes puts it one card deeper, no puts it there.
    So every place of n cards' pile (n + 1) is reachable, top and bottom in one answer.
    The place is public, the card is not.  Logs EV_INSERT (count: the cards above it).
    Frame: SECRET_PASSAGE_AT_CARD, the card; SECRET_PASSAGE_AT_BOTTOM, the bottom
    (the card); SECRET_PASSAGE_AT_DEEPER, the steps (the card, the depth so far).
    """
    site, c, depth, _, _ = take_frame(S)
    if site <= SECRET_PASSAGE_AT_CARD:
        if S[HAND_N + p] == 0:
            return
        c = ask(S, R, T, P, Q, H, p, D_SECRET_PASSAGE_CARD, 0)
        if stopped(S):
            push_frame(S, SECRET_PASSAGE_AT_CARD, 0, 0, 0, 0)
            return
        if S[ERR] or not in_hand_ok(S, T, p, D_SECRET_PASSAGE_CARD, c, 0):
            return
    n = S[DECK_N + p]
    if site <= SECRET_PASSAGE_AT_BOTTOM:
        depth = 0
        if n > 0:
            r = yes_no(S, R, T, P, Q, H, p, D_SECRET_PASSAGE_BOTTOM, c)
            if stopped(S):
                push_frame(S, SECRET_PASSAGE_AT_BOTTOM, c, 0, 0, 0)
                return
            if r < 0:
                return
            if r == 1:
                depth = n
    while depth < n - 1:
        r = yes_no(S, R, T, P, Q, H, p, D_SECRET_PASSAGE_DEEPER, depth)
        if stopped(S):
            push_frame(S, SECRET_PASSAGE_AT_DEEPER, c, depth, 0, 0)
            return
        if r < 0:
            return
        if r == 0:
            break
        depth += 1
    take_from_zone(S, p, Z_HAND, c)
    deck_insert(S, p, c, depth)
    log_event(S, EV_INSERT, p, c, depth, SECRET_PASSAGE)


CARD_TEXT = texts_of(globals())
