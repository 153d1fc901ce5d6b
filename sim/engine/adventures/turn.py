"""The turn of a game with Adventures cards or Events (ADVENTURES.md §2.1).

Start of turn (Durations, Gear's cards, calls) → Action phase (each Action, and
each play of it by another card, followed by the after-Action calls of Royal
Carriage and Coin of the Realm) → Buy phase (Treasures, then cards and Events) →
end of the Buy phase (the Reserves discarded from the mat then: Wine Merchant) →
Cleanup (Durations stay, Travellers are exchanged, the next hand, Save's card).

The engine reaches :func:`play_turn_adv` through ``H[H_TURN]`` (sim.engine.cardcalls),
so a base-set game neither runs nor compiles it.  ``H`` here is the engine's
``H[:H_TURN]``; card texts get ``H[:H_CARDS]``, which they call ``H`` too (the names of
sim.engine.layout mean the same member in every prefix).

Plays go through the play stack with the wide entries of sim.engine.layout
(E_*): an entry is one copy of a card to be resolved ``E_LEFT`` more times, by
``E_BY``.  After each resolution of an Action on its owner's turn its
after-Action window opens (``E_WINDOW``).  When an entry is done, if any of its
resolutions left an effect for a later turn (``E_STAYS``), its copy is marked to
stay in play, and so is the card that played it (the entry below).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import (
    BUY_GAINS_COPY_CARDS,
    BUY_TEXT_CARDS,
    C_ACTIONS,
    C_BUYS,
    C_CARDS,
    C_COINS,
    C_COST,
    C_SPECIAL,
    C_TYPES,
    CURSE,
    END_OF_BUY_DISCARD_COINS,
    END_OF_BUY_DISCARDS,
    ESTATE,
    EVENT,
    EXCHANGE_ORDER,
    INHERITANCE,
    N_CARDS,
    SILVER,
    START_CALL,
    START_EACH_PLAY,
    START_EVERY_TURN,
    START_KIND,
    START_LOGGED,
    START_TEXT,
    TRAVELLER,
    TREASURE,
    VICTIMS_BUY_CARD,
)
from sim.cards import BUY_TEXT_FIRST_ONLY as DECLARED_BUY_TEXT_FIRST_ONLY
from sim.cards import CALL_ACTIONS as DECLARED_CALL_ACTIONS
from sim.cards import CALL_REPLAYS as DECLARED_CALL_REPLAYS
from sim.cards import LASTING_ACTIONS_PER_ACTION as DECLARED_LASTING_ACTIONS
from sim.cards.types import VICTIMS_BUY_HAND_ONTO_DECK
from sim.engine.adventures.decide import ask_rule, pick_buy_adv
from sim.engine.adventures.mechanics import (
    ACTIONS_WHILE_LASTING_IDS,
    AFTER_IDS,
    N_ACTIONS_WHILE_LASTING,
    N_AFTER,
    after_call_on_mat,
    after_call_ready,
    any_token_on,
    call_from_mat,
    effect_plays,
    event_allowed,
    exchange,
    gain_sets_off,
    hand_onto_deck,
    is_action_for,
    mark_copy,
    played_as,
    rule_seat,
    start_item_due,
    token_bonus,
    treasure_played,
)
from sim.engine.codes import (
    D_ACTION,
    D_AFTER_ACTION,
    D_BUY,
    D_EXCHANGE,
    D_START,
    D_TRASHING_TOKEN,
    D_TREASURE,
    DISCARD_FROM_MAT,
    END_OF_BUY_DISCARD_QUESTION,
    ERR_ILLEGAL,
    EV_BUY,
    EV_CLEANUP,
    EV_COINS,
    EV_DISCARD,
    EV_DURATION,
    EV_EVENT,
    EV_HAND,
    EV_MISSION,
    EV_PLAY,
    EV_PLAY_AGAIN,
    EV_RETURN,
    EV_TURN,
)
from sim.engine.decide import rules_action
from sim.engine.layout import (
    A_ON_GAIN,
    ACTION_IDS,
    ACTIONS_OWNED,
    ADV_STACK_WIDTH,
    BOT,
    DISC0,
    DISC_N,
    DISC_TOP,
    E_BY,
    E_CARD,
    E_GONE,
    E_KIND,
    E_KIND_DISCIPLE,
    E_KIND_REPLAY,
    E_LEFT,
    E_STAYS,
    E_TOTAL,
    E_WINDOW,
    EFFECTS,
    EFFECTS_DUE,
    ERR,
    EV_BOUGHT,
    EV_BOUGHT_TURN,
    EVENT_IDS,
    EVENT_SLOT,
    EVENT_SLOTS,
    EXCHANGE_FOR,
    GAIN_CURSE_ON,
    GAINED,
    GAME_IDS,
    GAME_IDS_N,
    H_ADVENTURE,
    H_CARDS,
    HAND0,
    HAND_N,
    HAND_ONTO_DECK_ON,
    HELD,
    HELD_N,
    INHERIT,
    INHERITANCE_BOUGHT,
    KEEP,
    MARKS,
    MAT0,
    MAT_N,
    MAX_PLAYERS,
    MINUS_CARD,
    MINUS_COIN,
    N_ACTIONS,
    N_AFTER_CALLS,
    N_COLS,
    N_EVENTS,
    N_SLOTS,
    N_START,
    N_START_CALLS,
    N_TREASURES,
    NON_SUPPLY,
    NON_SUPPLY0,
    ONCE_BIT,
    P_WIDTH,
    PERM,
    PF_FLAGS,
    PLAY0,
    PLAY_N,
    RUN_AT_START,
    RUN_CALLED,
    RUN_ON_BUY,
    SAVE0,
    SAVE_N,
    STACK,
    START_BUYS,
    START_CALL_IDS,
    START_COINS,
    START_DRAW,
    START_HOW,
    START_IDS,
    SUPPLY,
    SUPPLY0,
    T_NIDS,
    T_ON_BUY,
    T_TRAVELLERS,
    TOK_TRASH,
    TREASURE_IDS,
    TURNS,
    V_ACTIONS,
    V_ACTIONS_PLAYED,
    V_BOUGHT,
    V_BRIDGES,
    V_BUYS,
    V_COINS,
    V_CUR,
    V_EXPEDITIONS,
    V_FAIR,
    V_GONE,
    V_LOG_ON,
    V_MERCHANTS,
    V_MISSION,
    V_NP,
    V_ONCE,
    V_SILVER_PLAYED,
    V_STACK_N,
    V_STAYS,
    V_THIS,
    Z_DISC,
    Z_HAND,
    Z_MAT,
    Z_PLAY,
    Z_SAVE,
    V,
)
from sim.engine.program import F_HOOK, F_KIND, F_LISTS, K_RULES, X_START
from sim.engine.resume import NO_SITE, push_frame, stopped, take_frame, take_frame_if
from sim.engine.steps import (
    adv_turn_over,
    ask,
    fail,
    gain_card,
    in_hand_ok,
    push_entry,
    yes_no,
)
from sim.engine.zones import (
    add_coins,
    can_gain,
    card_with_ability,
    cost_of,
    draw,
    draw_plain,
    gain,
    has_ability,
    log_event,
    move_card,
    trash_from_hand,
    with_ability,
)

# The Travellers in the order Cleanup offers their exchanges (sim.cards EXCHANGE_ORDER,
# from Card.exchange_for: each line from its top), and the cards whose buy gains another
# copy (Card.on_buy_gains_copy: Port), compiled in as constants as mechanics.AFTER_IDS.
N_TRAVELLERS = len(EXCHANGE_ORDER)
BUY_GAINS_COPY_IDS = np.array(BUY_GAINS_COPY_CARDS, np.int64)
N_BUY_GAINS_COPY = len(BUY_GAINS_COPY_IDS)
# The cards whose buy runs their on-buy text (Card.on_buy_text: Messenger), and whether
# only on a turn's first buy.
BUY_TEXT_IDS = np.array(BUY_TEXT_CARDS, np.int64)
BUY_TEXT_FIRST_ONLY = np.array(DECLARED_BUY_TEXT_FIRST_ONLY, np.bool_)
N_BUY_TEXT = len(BUY_TEXT_IDS)


# ----------------------------------------------------------------------------- plays
@njit(cache=True, inline="always")
def play_once(S, R, T, P, Q, H, p, c):
    """One resolution of card ``c`` played by ``p``: the bonuses of ``p``'s tokens on
    ``c``'s pile, the +Actions per Action of ``p``'s lasting plays (Champion's +1, per
    play: mechanics.ACTIONS_WHILE_LASTING_IDS, from Card.lasting_actions_per_action), then the
    text of the card ``c`` plays as (its own, or the inherited card's for an Estate):
    counters, then its function."""
    if any_token_on(S, p, c):
        token_bonus(S, R, T, p, c)
    e = played_as(S, p, c)
    own_turn = S[V + V_CUR] == p
    if own_turn:
        for i in range(N_ACTIONS_WHILE_LASTING):
            x = ACTIONS_WHILE_LASTING_IDS[i]
            if effect_plays(S, p, x) and is_action_for(S, T, p, c):
                S[V + V_ACTIONS] += effect_plays(S, p, x) * DECLARED_LASTING_ACTIONS[x]
    k = T[e * N_COLS + C_CARDS]
    if k:
        draw(S, R, p, k)
    if own_turn:
        S[V + V_ACTIONS_PLAYED] += 1    # (Conspirator: every resolution on one's turn)
        S[V + V_ACTIONS] += T[e * N_COLS + C_ACTIONS]
        S[V + V_BUYS] += T[e * N_COLS + C_BUYS]
        add_coins(S, p, T[e * N_COLS + C_COINS])
    sp = T[e * N_COLS + C_SPECIAL]
    if sp:
        H[H_CARDS][sp](S, R, T, P, Q, H[:H_CARDS], p)


@njit(cache=True, inline="always")
def play_treasure_adv(S, R, T, P, Q, H, p, c):
    """Play Treasure ``c`` from ``p``'s hand in the Buy phase: its $, the
    first Silver's Merchant bonus, then its text (Coin of the Realm, Relic, Treasure
    Trove).  Storyteller plays Treasures with the same first part
    (mechanics.treasure_played) and its own copy of the texts."""
    treasure_played(S, T, p, c)
    sp = T[c * N_COLS + C_SPECIAL]
    if sp:
        H[H_CARDS][sp](S, R, T, P, Q, H[:H_CARDS], p)



@njit(cache=True, inline="always")
def play_plain_treasures(S, T, p, c, k):
    """``p`` plays all ``k`` copies of Treasure ``c`` from hand, a Treasure without text
    (no function), with no -$1 token and no log: what ``k`` plays by play_treasure_adv
    one after another do (treasure_played), at once."""
    S[HAND0 + p * N_SLOTS + c] -= k
    S[HAND_N + p] -= k
    S[PLAY0 + p * N_SLOTS + c] += k
    S[PLAY_N + p] += k
    S[V + V_THIS] = c
    S[V + V_GONE] = 0
    S[V + V_STAYS] = 0
    S[V + V_COINS] += k * T[c * N_COLS + C_COINS]
    if c == SILVER and S[V + V_SILVER_PLAYED] == 0:
        S[V + V_SILVER_PLAYED] = 1
        S[V + V_COINS] += S[V + V_MERCHANTS]


@njit(cache=True)
def after_action(S, R, T, P, Q, H, p, o):
    """The after-Action window of the entry at ``o`` (its card just resolved): call the
    Reserves declared to be called after an Action (mechanics.AFTER_IDS, from Card.called
    and call_*), while any can be called.  A call gives its +Actions
    (Card.call_actions: Coin of the Realm's 2) and the window stays open; a call that
    replays (Card.call_replays: Royal Carriage) replays the card if this copy is still in
    play (the replay is queued; its own window follows it) and closes the window.  An
    Estate inheriting such a Reserve is one on the mat: the answer naming the Reserve
    calls a real one first, the answer ESTATE that Estate."""
    c = S[o + E_CARD]
    m0 = MAT0 + p * N_SLOTS
    b = rule_seat(S, P, p)
    while S[ERR] == 0:
        if not after_call_open(S, p, o, c):
            return
        a = ask_rule(S, R, T, P, Q, H, p, D_AFTER_ACTION, c, b)
        if S[ERR] or a < 0:
            return
        called = False
        for i in range(N_AFTER):
            x = AFTER_IDS[i]
            if a < N_CARDS and has_ability(S, p, a, x) and after_call_ready(S, p, x, o, c):
                # The card named, when it is on the mat; else one with its abilities there.
                card = a if S[m0 + a] > 0 else card_with_ability(S, p, MAT0, x)
                call_from_mat(S, p, card, c)
                if DECLARED_CALL_ACTIONS[x]:
                    S[V + V_ACTIONS] += DECLARED_CALL_ACTIONS[x]
                if DECLARED_CALL_REPLAYS[x]:
                    push_entry(S, T, p, c, 1, card, E_KIND_REPLAY)
                    return
                called = True
                break
        if not called:
            fail(S, ERR_ILLEGAL, p, D_AFTER_ACTION, a)
            return


@njit(cache=True, inline="always")
def after_call_open(S, p, o, c):
    """Some after-Action Reserve can be called in the window of the entry at ``o`` (card
    ``c``): the window asks."""
    for i in range(N_AFTER):
        if after_call_ready(S, p, AFTER_IDS[i], o, c):
            return True
    return False


# Resume sites (sim.engine.resume), each function's beside it; with the entry's depth.
RUN_STACK_IN_WINDOW = 1         # inside the entry's after-Action window
RUN_STACK_IN_TEXT = 2           # inside its card's text (counters done)
RUN_STACK_IN_DISCIPLE_GAIN = 3  # inside Disciple's gain of a copy (the entry done)


@njit(cache=True)
def run_stack(S, R, T, P, Q, H, p, base, resumed):
    """Resolve the play stack down to depth ``base`` (module docstring).  The stack is
    state, so a stopped turn resumes here by the entry's depth ``n`` and where in it:
    RUN_STACK_IN_WINDOW, its after-Action window; RUN_STACK_IN_TEXT, its card's text
    (counters done); RUN_STACK_IN_DISCIPLE_GAIN, Disciple's gain of a copy when the
    entry is done (sim.engine.resume; ``resumed``: it is being resumed into)."""
    site, n, _, _, _ = take_frame_if(S, resumed)
    while (site != NO_SITE or S[V + V_STACK_N] > base) and S[ERR] == 0:
        if site == NO_SITE:
            n = S[V + V_STACK_N]
        o = STACK + ADV_STACK_WIDTH * (n - 1)
        if site == RUN_STACK_IN_WINDOW or (site == NO_SITE and S[o + E_WINDOW]):
            S[o + E_WINDOW] = 0
            # The window can do something only with an after-Action Reserve (or an
            # Estate with its abilities) on the mat (after_action's own first test):
            # most Actions skip the call.
            if site == RUN_STACK_IN_WINDOW or (T[N_AFTER_CALLS] and after_call_on_mat(S, p)):
                after_action(S, R, T, P, Q, H[:H_CARDS], p, o)
                if stopped(S):
                    push_frame(S, RUN_STACK_IN_WINDOW, n, 0, 0, 0)
                    return
            site = NO_SITE
            continue
        left = S[o + E_LEFT]
        c = S[o + E_CARD]
        if site == RUN_STACK_IN_TEXT or (site == NO_SITE and left > 0):
            if site == RUN_STACK_IN_TEXT:   # resumed inside the text: counters are done
                card_text(S, R, T, P, Q, H, p, c)
                site = NO_SITE
            else:
                S[o + E_LEFT] = left - 1
                if S[o + E_BY] >= 0:
                    log_event(S, EV_PLAY_AGAIN, p, c, S[o + E_TOTAL] - left + 1,
                              S[o + E_BY])
                S[V + V_THIS] = c
                S[V + V_GONE] = S[o + E_GONE]
                S[V + V_STAYS] = 0
                play_once(S, R, T, P, Q, H, p, c)
            if stopped(S):
                push_frame(S, RUN_STACK_IN_TEXT, n, 0, 0, 0)
                return
            S[o + E_GONE] = S[V + V_GONE]
            if S[V + V_STAYS] > S[o + E_STAYS]:
                S[o + E_STAYS] = S[V + V_STAYS]
            if S[V + V_CUR] == p and is_action_for(S, T, p, c):
                S[o + E_WINDOW] = 1
            continue
        # Done: this copy (or, for a replay, the Royal Carriage) stays if any of its
        # resolutions left something for later; so does the card below, which played it.
        S[V + V_STACK_N] = n - 1
        level = S[o + E_STAYS]
        kind = S[o + E_KIND]
        if site == RUN_STACK_IN_DISCIPLE_GAIN or (kind == E_KIND_DISCIPLE
                                                   and S[SUPPLY + c] > 0):
            gain_card(S, R, T, P, Q, H[:H_CARDS], p, c, 0)
            if stopped(S):
                push_frame(S, RUN_STACK_IN_DISCIPLE_GAIN, n, 0, 0, 0)
                return
        site = NO_SITE
        if level:
            if kind == E_KIND_REPLAY:
                mark_copy(S, p, S[o + E_BY], level)
            elif S[o + E_GONE] == 0:
                mark_copy(S, p, c, level)
        # Only a card that played this one more than once stays with it (Throne Room,
        # Disciple; Royal Carriage replays are their own entries): not Vassal.
        if n - 1 > base and (kind == E_KIND_REPLAY or S[o + E_TOTAL] > 1):
            b = o - ADV_STACK_WIDTH
            if level > S[b + E_STAYS]:
                S[b + E_STAYS] = level
        if n - 1 > base and kind == E_KIND_REPLAY and S[o + E_GONE]:
            S[o - ADV_STACK_WIDTH + E_GONE] = 1


@njit(cache=True, inline="always")
def play_action_adv(S, R, T, P, Q, H, p, c):
    """``p`` plays Action ``c`` from hand (an Action was spent by the caller)."""
    move_card(S, p, Z_HAND, Z_PLAY, c)
    log_event(S, EV_PLAY, p, c, 1, 0)
    base = S[V + V_STACK_N]
    push_entry(S, T, p, c, 1, -1, 0)
    run_stack(S, R, T, P, Q, H, p, base, False)


# ----------------------------------------------------------------------------- start of turn


@njit(cache=True, inline="always")
def start_window_open(S, T, p):
    """Anything can happen in ``p``'s start-of-turn window: a start-of-turn effect
    waits (EFFECTS_DUE) or a card on the mat can be called then (one of the game's
    Reserves called at the start of the turn, T[START_CALL_IDS], or an Estate with its
    abilities).  Most turns have neither, and then the window's loop would end at once:
    a load or two decide it."""
    if S[EFFECTS_DUE + p]:
        return True
    if S[MAT_N + p] == 0:
        return False
    for i in range(T[N_START_CALLS]):
        if with_ability(S, p, MAT0, T[START_CALL_IDS + i]) > 0:
            return True
    return False


@njit(cache=True)
def start_call_ok(S, T, p, c):
    """``c`` on ``p``'s mat can be called at the start of the turn: a Reserve whose
    declaration says so (Card.at_start), or an Estate with its text (Inheritance)."""
    e = played_as(S, p, c)
    return (T[START_HOW + e] & START_KIND) == START_CALL and S[MAT0 + p * N_SLOTS + c] > 0


@njit(cache=True)
def start_calls_possible(S, T, p):
    """Any start-of-turn call ``p`` can make now (a Reserve, or an Estate with its text,
    on the mat)."""
    for i in range(T[N_START_CALLS]):
        if with_ability(S, p, MAT0, T[START_CALL_IDS + i]) > 0:
            return True
    return False


DO_START_ITEM_IN_EFFECT = 1     # inside the effect (an effect that asks)


@njit(cache=True, inline="always")
def do_start_item(S, R, T, P, Q, H, p, c):
    """Resolve one start-of-turn item of ``c`` (its declaration, T[START_HOW]): one
    play's worth of its effect, or every play's at once; an effect lasting the game
    resolves once a turn (V_STAYS marks it, the flag being free in the window).  The
    effect is its declared counters, per play resolved (:func:`start_counters`), then,
    where the card says more, the card's function run with the start-of-turn flag
    (:func:`run_at_start`).  Frame: DO_START_ITEM_IN_EFFECT, inside the function (an
    effect that asks: a choice, discards).  Inlined, and the function called from the
    card table here: a call taking ``H`` whole would pass every card's pointer."""
    site, _, _, _, _ = take_frame(S)
    if site == DO_START_ITEM_IN_EFFECT or start_counters(S, R, T, p, c):
        run_at_start(S, R, T, P, Q, H, p, c)
        if stopped(S):
            push_frame(S, DO_START_ITEM_IN_EFFECT, 0, 0, 0, 0)


@njit(cache=True)
def start_counters(S, R, T, p, c):
    """The part of a start-of-turn item of ``c`` that is data: the plays resolved
    counted down, the log's row, the declared counters per play.  True when the card's
    function does the rest (START_TEXT)."""
    how = T[START_HOW + c]
    e = EFFECTS + p * N_SLOTS + c
    plays = 1
    if how & START_EVERY_TURN:
        S[V + V_STAYS] = 1              # once per turn (the flag is free at this point)
        plays = S[e]
    elif (how & START_KIND) == START_EACH_PLAY:
        S[e] -= 1
        S[EFFECTS_DUE + p] -= 1
    else:
        plays = S[e]
        S[e] = 0
        S[EFFECTS_DUE + p] -= plays
    if how & START_LOGGED:
        log_event(S, EV_DURATION, p, c, 1, 0)
    if T[START_DRAW + c]:
        draw(S, R, p, plays * T[START_DRAW + c])
    if T[START_COINS + c]:
        add_coins(S, p, plays * T[START_COINS + c])
    if T[START_BUYS + c]:
        S[V + V_BUYS] += plays * T[START_BUYS + c]
    return (how & START_TEXT) != 0


@njit(cache=True, inline="always")
def run_at_start(S, R, T, P, Q, H, p, c):
    """``c``'s function for its start-of-turn effect (the flag cleared when it is done),
    from the card table as a play's is."""
    S[V + V_GONE] = RUN_AT_START
    H[H_CARDS][T[played_as(S, p, c) * N_COLS + C_SPECIAL]](S, R, T, P, Q, H[:H_CARDS], p)
    if not stopped(S):
        S[V + V_GONE] = 0


# start_of_turn's sites (with whether calls are still open, and the item or card).
START_OF_TURN_AT_CHOICE = 1     # the next item or call
START_OF_TURN_IN_ITEM = 2       # inside an item (the item)
START_OF_TURN_IN_CALL = 3       # inside a call (the card called)
START_OF_TURN_IN_DEFAULT_ITEM = 4   # inside an item taken in the default order


@njit(cache=True, inline="always")
def take_start_items(S, R, T, P, Q, H, p):
    """Resolve every start-of-turn item due, in the default order (T[START_IDS]), each
    as often as it is due; True when a question stopped the turn in one (start_of_turn's
    frame pushed: START_OF_TURN_IN_DEFAULT_ITEM, the item)."""
    e0 = EFFECTS + p * N_SLOTS
    for i in range(T[N_START]):
        c = T[START_IDS + i]
        if S[e0 + c] == 0:      # nothing of it waits (a call's entry is 0): one load
            continue
        while S[ERR] == 0 and start_item_due(S, T, p, c):
            do_start_item(S, R, T, P, Q, H, p, c)
            if stopped(S):
                push_frame(S, START_OF_TURN_IN_DEFAULT_ITEM, 1, c, 0, 0)
                return True
    return False


@njit(cache=True, inline="always")
def start_of_turn(S, R, T, P, Q, H, p, resumed):
    """The start-of-turn window: ``p``'s "until your next turn" Attacks end; copies
    held in play from earlier turns now leave at this Cleanup (unless played again);
    then the Duration effects due, Gear's cards and the optional calls, one at a time
    in the order ``p`` chooses (D_START).  Answering -1 ends the calls; effects
    still due then resolve in the default order.  Frame (with whether calls are still
    open): START_OF_TURN_AT_CHOICE, the choice; START_OF_TURN_IN_ITEM, inside an item
    (the item); START_OF_TURN_IN_CALL, inside a call (the card called);
    START_OF_TURN_IN_DEFAULT_ITEM, inside an item taken in the default order (the
    item)."""
    site, calls_open, x, _, _ = take_frame_if(S, resumed)
    if site == NO_SITE:
        calls_open = 1
        start_of_turn_begins(S, T, p)
        if not start_window_open(S, T, p):
            return
    b = rule_seat(S, P, p)
    # A rule bot without a ``start`` list answers D_START, when no call is possible, with
    # the first effect due in the default order (adventures.decide.start_choice): that
    # answer is taken here without the question.
    default_order = b >= 0 and ((P[b * P_WIDTH + PF_FLAGS + F_LISTS] >> X_START) & 1) == 0
    if site == START_OF_TURN_IN_DEFAULT_ITEM or (
            site == NO_SITE and default_order and not start_calls_possible(S, T, p)):
        # No call possible, and none becomes possible in the window (no effect of it
        # puts a card on the mat), and no effect makes another due: the loop below
        # would take each item due in the default order until it is done.  So here.
        # (Resumed inside item x: x is finished, then the items still due, in order.)
        if site == START_OF_TURN_IN_DEFAULT_ITEM:
            do_start_item(S, R, T, P, Q, H, p, x)
            if stopped(S):
                push_frame(S, START_OF_TURN_IN_DEFAULT_ITEM, 1, x, 0, 0)
                return
        if take_start_items(S, R, T, P, Q, H, p):
            return
        S[V + V_STAYS] = 0
        return
    start_window(S, R, T, P, Q, H, p, site, calls_open, x, b, default_order)


@njit(cache=True)
def start_window(S, R, T, P, Q, H, p, site, calls_open, x, b, default_order):
    """:func:`start_of_turn`'s window where a choice is asked or a call is possible (or
    resumed inside it: ``site``, ``calls_open`` and ``x`` are its frame's; ``b`` the rule
    seat, ``default_order`` whether it takes the default order).  Out of line: a rule
    bot whose window holds effects alone takes them in the inlined default order, and
    numba's compile time grows with the code inlined into the turn (this loop and its
    questions were most of it); a call here costs a turn that asks or calls."""
    while S[ERR] == 0:
        if site == START_OF_TURN_IN_ITEM:       # resumed inside item x
            site = NO_SITE
            do_start_item(S, R, T, P, Q, H, p, x)
            if stopped(S):
                push_frame(S, START_OF_TURN_IN_ITEM, calls_open, x, 0, 0)
                return
            continue
        if site == START_OF_TURN_IN_CALL:   # resumed inside the call of x (V_THIS, V_GONE)
            site = NO_SITE
            start_call(S, R, T, P, Q, H, p, x)
            if stopped(S):
                push_frame(S, START_OF_TURN_IN_CALL, calls_open, x, 0, 0)
                return
            continue
        site = NO_SITE
        n_due = 0
        first = -1
        for i in range(T[N_START]):
            c = T[START_IDS + i]
            if start_item_due(S, T, p, c):
                n_due += 1
                if first < 0:
                    first = c
        calls = calls_open and start_calls_possible(S, T, p)
        if n_due == 0 and not calls:
            break
        item = -1
        if not calls and (n_due == 1 or default_order):
            item = first
        else:
            a = ask_rule(S, R, T, P, Q, H[:H_CARDS], p, D_START, 0 if calls_open else 1, b)
            if stopped(S):
                push_frame(S, START_OF_TURN_AT_CHOICE, calls_open, 0, 0, 0)
                return
            if S[ERR]:
                break
            if a < 0:
                calls_open = 0
                item = first    # (-1 when none is due: the loop looks again)
            elif start_item_due(S, T, p, a):
                item = a
            else:
                # A call: the card named, or for a Reserve's name with none of it on the
                # mat an Estate with its abilities (Inheritance).
                k = card_with_ability(S, p, MAT0, a) if a < N_CARDS else -1
                if calls_open and k >= 0 and start_call_ok(S, T, p, k):
                    call_from_mat(S, p, k, -1)
                    # The call's text is the card's function with the call flag set.
                    S[V + V_THIS] = k
                    S[V + V_GONE] = RUN_CALLED
                    start_call(S, R, T, P, Q, H, p, k)
                    if stopped(S):
                        push_frame(S, START_OF_TURN_IN_CALL, calls_open, k, 0, 0)
                        return
                else:
                    fail(S, ERR_ILLEGAL, p, D_START, a)
                continue
        if item >= 0:
            do_start_item(S, R, T, P, Q, H, p, item)
            if stopped(S):
                push_frame(S, START_OF_TURN_IN_ITEM, calls_open, item, 0, 0)
                return
    S[V + V_STAYS] = 0


@njit(cache=True, inline="always")
def start_call(S, R, T, P, Q, H, p, k):
    """The text of ``k`` called from the mat at the start of the turn: its function with
    the call flag set (V_GONE RUN_CALLED, set by the caller), cleared when it is done."""
    card_text(S, R, T, P, Q, H, p, k)
    if not stopped(S):
        S[V + V_GONE] = 0


@njit(cache=True)
def card_text(S, R, T, P, Q, H, p, c):
    """The function of card ``c`` (``p``'s: an Estate's inherited one), on its own: a
    call's text, or a text a stopped turn resumes inside (its counters were done).  Not
    inlined: the card table is indexed at run time, which the turn's own loops do not
    pay for on every turn this way."""
    H[H_CARDS][T[played_as(S, p, c) * N_COLS + C_SPECIAL]](S, R, T, P, Q, H[:H_CARDS], p)


@njit(cache=True, inline="always")
def start_of_turn_begins(S, T, p):
    """The start of ``p``'s turn before its window: ``p``'s "until your next turn"
    Attacks end; copies held in play from earlier turns now leave at this Cleanup
    (unless played again)."""
    for q in range(MAX_PLAYERS):
        S[HAND_ONTO_DECK_ON + p * MAX_PLAYERS + q] = 0
        S[GAIN_CURSE_ON + p * MAX_PLAYERS + q] = 0
    # Nothing marked now and nothing held last turn (MARKS, HELD_N): the rows are all 0
    # and stay so, and the walk over them is skipped.
    if S[MARKS + p] | S[HELD_N + p]:
        k0 = KEEP + p * N_SLOTS
        kept = 0
        held = 0
        for c in range(T[T_NIDS]):
            k = S[k0 + c]
            h = k + S[PERM + p * N_SLOTS + c]
            S[HELD + p * N_SLOTS + c] = h
            S[k0 + c] = 0
            kept += k
            held += h
        S[MARKS + p] -= kept
        S[HELD_N + p] = held
    S[V + V_STAYS] = 0


# ----------------------------------------------------------------------------- buying


@njit(cache=True)
def buy_event(S, R, T, P, Q, H, p, c):
    S[V + V_COINS] -= T[c * N_COLS + C_COST]
    S[V + V_BUYS] -= 1
    S[V + V_BOUGHT] = 1
    # An Event bought once per turn (its declaration, sim.cards) sets its bit of V_ONCE.
    S[V + V_ONCE] |= T[ONCE_BIT + c]
    if c == INHERITANCE:
        S[INHERITANCE_BOUGHT + p] = 1
    slot = T[EVENT_SLOT + c]
    S[EV_BOUGHT + p * EVENT_SLOTS + slot] += 1
    S[EV_BOUGHT_TURN + slot] += 1
    log_event(S, EV_EVENT, p, c, 1, 0)
    S[V + V_BUYS] += T[c * N_COLS + C_BUYS]
    S[V + V_THIS] = c
    H[H_CARDS][T[c * N_COLS + C_SPECIAL]](S, R, T, P, Q, H[:H_CARDS], p)


ON_BUY_IN_COPY_GAIN = 1
ON_BUY_IN_TEXT = 2              # inside a card's on-buy text (Messenger's gains)
ON_BUY_AT_TRASHING_TOKEN = 3
ON_BUY_IN_HAND_ONTO_DECK = 4    # inside putting the hand onto the deck
ON_BUY_IN_CURSE_GAIN = 5        # inside the i-th Curse's gain

# The card that puts a victim's hand onto their deck when they buy (sim.cards
# VICTIMS_BUY_CARD, from Card.lasting_on_victims_buy: Haunted Woods), the cause the log
# gives that move; compiled in.
HAND_ONTO_DECK_BY = VICTIMS_BUY_CARD[VICTIMS_BUY_HAND_ONTO_DECK]


@njit(cache=True, inline="always")
def run_on_buy(S, R, T, P, Q, H, texts, p, x):
    """Card ``x``'s function for its on-buy text (the flag cleared when it is done), from
    the card texts (``texts``: the call table H_CARDS; ``H``, what a card's function
    takes) as a play's is."""
    S[V + V_GONE] = RUN_ON_BUY
    texts[T[x * N_COLS + C_SPECIAL]](S, R, T, P, Q, H, p)
    if not stopped(S):
        S[V + V_GONE] = 0


@njit(cache=True, inline="always")
def on_buy(S, R, T, P, Q, H, texts, p, c, first, resumed):
    """What buying ``c`` sets off before it is gained (ADVENTURES.md §2.8): its own
    on-buy text (another copy gained: Card.on_buy_gains_copy, Port; the card's function
    run for it: Card.on_buy_text, Messenger; an inheriting Estate's too), the Trashing
    token, then the other players' plays in effect that act on ``p``'s buys, each way in
    its row (Card.lasting_on_victims_buy): the hand onto the deck (once, however many
    such plays), then a Curse per play.  Frame: the ON_BUY_* sites above,
    in this order.  Entered only in a game with a card declared to act on a buy
    (T_ON_BUY).  Inlined: out of line, a buy on such a board cost ~75 instructions more
    (count_instructions.py bmu-adv, +3%)."""
    site, i0, _, _, _ = take_frame_if(S, resumed)
    for i in range(N_BUY_GAINS_COPY):
        x = BUY_GAINS_COPY_IDS[i]
        if (site == ON_BUY_IN_COPY_GAIN and has_ability(S, p, c, x)) or (
                site == NO_SITE and has_ability(S, p, c, x) and S[SUPPLY + x] > 0):
            gain_card(S, R, T, P, Q, H, p, x, 0)
            if stopped(S):
                push_frame(S, ON_BUY_IN_COPY_GAIN, 0, 0, 0, 0)
                return
    for i in range(N_BUY_TEXT):
        x = BUY_TEXT_IDS[i]
        if has_ability(S, p, c, x) and (site == ON_BUY_IN_TEXT or (
                site <= ON_BUY_IN_COPY_GAIN and (first or not BUY_TEXT_FIRST_ONLY[i]))):
            run_on_buy(S, R, T, P, Q, H, texts, p, x)
            if stopped(S):
                push_frame(S, ON_BUY_IN_TEXT, 0, 0, 0, 0)
                return
    if S[ERR]:
        return
    if site == ON_BUY_AT_TRASHING_TOKEN or (site <= ON_BUY_IN_TEXT
                                            and S[TOK_TRASH + p] == c + 1
                                            and S[HAND_N + p] > 0):
        t = ask(S, R, T, P, Q, H, p, D_TRASHING_TOKEN, c)
        if stopped(S):
            push_frame(S, ON_BUY_AT_TRASHING_TOKEN, 0, 0, 0, 0)
            return
        if S[ERR]:
            return
        if t >= 0:
            if not in_hand_ok(S, T, p, D_TRASHING_TOKEN, t, 0):
                return
            trash_from_hand(S, T, p, t)
    # The other players' attacks on p: every seat's row, less p's own, with no branch
    # per seat (the rows of seats past the game's players are 0, reset_adventures).
    onto_deck = -S[HAND_ONTO_DECK_ON + p * MAX_PLAYERS + p]
    curses = -S[GAIN_CURSE_ON + p * MAX_PLAYERS + p]
    for a in range(MAX_PLAYERS):
        onto_deck += S[HAND_ONTO_DECK_ON + a * MAX_PLAYERS + p]
        curses += S[GAIN_CURSE_ON + a * MAX_PLAYERS + p]
    if site == ON_BUY_IN_HAND_ONTO_DECK or (site <= ON_BUY_AT_TRASHING_TOKEN and onto_deck
                                            and S[HAND_N + p] > 0):
        hand_onto_deck(S, R, T, P, Q, H, p, HAND_ONTO_DECK_BY)
        if stopped(S):
            push_frame(S, ON_BUY_IN_HAND_ONTO_DECK, 0, 0, 0, 0)
            return
    for i in range(i0 if site == ON_BUY_IN_CURSE_GAIN else 0, curses):
        if (site == ON_BUY_IN_CURSE_GAIN and i == i0) or (S[SUPPLY + CURSE] > 0
                                                          and S[ERR] == 0):
            gain_card(S, R, T, P, Q, H, p, CURSE, 0)
            if stopped(S):
                push_frame(S, ON_BUY_IN_CURSE_GAIN, i, 0, 0, 0)
                return


BUY_CARD_IN_ON_BUY = 1
BUY_CARD_IN_ON_GAIN = 2


@njit(cache=True, inline="always")
def buy_card(S, R, T, P, Q, H, texts, p, c, resumed):
    """``p`` buys card ``c``: pays, on-buy effects (:func:`on_buy`), gains it.  The gain
    is sim.engine.steps.gain_card's, with on_gain called only when it may do more than
    count the gain (mechanics.gain_sets_off); ``texts`` are the card texts (H_CARDS) an
    on-buy text runs from.  Inlined (out of line, a buy cost ~60
    instructions more: count_instructions.py, 0.16.0, and ~100 with 0.15.0's call
    tables passed by value).  Frame
    (with whether it was the turn's first buy): BUY_CARD_IN_ON_BUY, inside on_buy;
    BUY_CARD_IN_ON_GAIN, inside on_gain."""
    site, first, _, _, _ = take_frame_if(S, resumed)
    if site == NO_SITE:
        S[V + V_COINS] -= cost_of(S, T, c)
        S[V + V_BUYS] -= 1
        first = 1 if S[V + V_BOUGHT] == 0 else 0
        S[V + V_BOUGHT] = 1
        log_event(S, EV_BUY, p, c, 1, 0)
    if site == BUY_CARD_IN_ON_BUY or (site == NO_SITE and T[T_ON_BUY]):
        on_buy(S, R, T, P, Q, H, texts, p, c, first, site == BUY_CARD_IN_ON_BUY)
        if stopped(S):
            push_frame(S, BUY_CARD_IN_ON_BUY, first, 0, 0, 0)
            return
    if site == BUY_CARD_IN_ON_GAIN or (S[ERR] == 0 and S[SUPPLY + c] > 0):
        if site != BUY_CARD_IN_ON_GAIN:
            gain(S, T, p, c, 0)
        if site == BUY_CARD_IN_ON_GAIN or gain_sets_off(S, T, p, c):
            H[H_ADVENTURE][A_ON_GAIN](S, R, T, P, Q, H[:H_ADVENTURE], p, c, 0)
            if stopped(S):
                push_frame(S, BUY_CARD_IN_ON_GAIN, first, 0, 0, 0)


# ----------------------------------------------------------------------------- cleanup
@njit(cache=True)
def discard_from_play(S, T, p, c, k):
    """``k`` copies of ``c`` leave ``p``'s play area for the discard pile."""
    o = p * N_SLOTS + c
    S[PLAY0 + o] -= k
    S[PLAY_N + p] -= k
    S[DISC0 + o] += k
    S[DISC_N + p] += k


@njit(cache=True)
def discard_leaving(S, T, q, top):
    """Every copy in ``q``'s play area that does not stay (KEEP, PERM) goes to the discard
    pile; returns the highest id of ``top`` and the ids moved.

    Only Treasures and Actions are played (and an Estate with Inheritance's abilities),
    so those short lists of the game's ids are looked at first, until every card in play
    has been seen; a card of another kind still in play then gets every id looked at.
    """
    p0 = PLAY0 + q * N_SLOTS
    k0 = KEEP + q * N_SLOTS
    m0 = PERM + q * N_SLOTS
    n = S[PLAY_N + q]
    na = T[N_ACTIONS]
    nt = T[N_TREASURES]
    i = 0
    while n > 0 and i <= na + nt:
        if i < nt:                  # Treasures first: most turns play only Treasures
            c = T[TREASURE_IDS + i]
        elif i < na + nt:
            c = T[ACTION_IDS + i - nt]
            if T[c * N_COLS + C_TYPES] & TREASURE:
                i += 1
                continue            # seen with the Treasures
        else:
            c = ESTATE
        i += 1
        here = S[p0 + c]
        if here:
            n -= here
            k = here - S[k0 + c] - S[m0 + c]
            if k > 0:
                discard_from_play(S, T, q, c, k)
                if c > top:
                    top = c
    if n > 0:
        for c in range(T[T_NIDS]):
            k = S[p0 + c] - S[k0 + c] - S[m0 + c]
            if k > 0:
                discard_from_play(S, T, q, c, k)
                if c > top:
                    top = c
    return top


CLEANUP_IN_EXCHANGES = 1        # inside the exchanges (the Travellers then may be gone)


@njit(cache=True)
def cleanup_adv(S, R, T, P, Q, H, p):
    """Cleanup: the hand and the cards leaving play go to the discard pile (Durations
    and the cards that played them stay; each Traveller leaving play may be exchanged,
    highest of its line first); cards called on this turn by other players leave their
    play areas; then the next hand (5, +2 per Expedition), then Save's card."""
    d0 = DISC0 + p * N_SLOTS
    # Frame: CLEANUP_IN_EXCHANGES.
    site, _, _, _, _ = take_frame(S)
    if site == CLEANUP_IN_EXCHANGES or travellers_in_play(S, T, p):
        top = discard_hand_then_play(S, R, T, P, Q, H, p)
        if stopped(S):
            push_frame(S, CLEANUP_IN_EXCHANGES, 0, 0, 0, 0)
            return
    else:
        top = discard_hand_and_leaving(S, T, p)
    if S[ERR]:
        return
    if top >= 0 and S[DISC_N + p] > 0:
        if S[d0 + top] > 0:
            S[DISC_TOP + p] = top
    # Cards other players called on this turn (Duplicate) leave with this Cleanup.
    n = S[V + V_NP]
    for q in range(n):
        if q == p or S[PLAY_N + q] <= S[MARKS + q]:    # only marked copies: all stay
            continue
        t = discard_leaving(S, T, q, -1)
        if t >= 0:
            S[DISC_TOP + q] = t
    draws = 5 + 2 * S[V + V_EXPEDITIONS]
    log_event(S, EV_CLEANUP, p, -1, draws, 0)
    draw(S, R, p, draws)
    if S[SAVE_N + p]:
        s0 = SAVE0 + p * N_SLOTS
        for c in range(T[T_NIDS]):
            while S[s0 + c] > 0:
                move_card(S, p, Z_SAVE, Z_HAND, c)
                log_event(S, EV_RETURN, p, c, 1, -1)


@njit(cache=True, inline="always")
def discard_hand_and_leaving(S, T, p):
    """Cleanup's discards with no Traveller in play: the hand and every copy in play
    that does not stay (KEEP, PERM) go to the discard pile, in one walk over the game's
    ids (what the hand walk and then :func:`discard_leaving` of
    :func:`discard_hand_then_play` do, without exchanges); returns the highest id moved,
    or -1."""
    h0 = HAND0 + p * N_SLOTS
    p0 = PLAY0 + p * N_SLOTS
    d0 = DISC0 + p * N_SLOTS
    k0 = KEEP + p * N_SLOTS
    m0 = PERM + p * N_SLOTS
    top = -1
    left = S[HAND_N + p] + S[PLAY_N + p]       # copies not yet looked at
    from_play = 0
    m = S[GAME_IDS_N]
    i = 0
    while left > 0 and i < m:
        c = S[GAME_IDS + i]
        in_hand = S[h0 + c]
        here = S[p0 + c]
        left -= in_hand + here
        going = here - S[k0 + c] - S[m0 + c]
        going = going if going > 0 else 0
        S[d0 + c] += in_hand + going
        S[h0 + c] = 0
        S[p0 + c] = here - going
        from_play += going
        top = c if in_hand + going else top
        i += 1
    if left > 0:                        # a card of no pile of the game (tests)
        for c in range(T[T_NIDS]):
            in_hand = S[h0 + c]
            going = S[p0 + c] - S[k0 + c] - S[m0 + c]
            going = going if going > 0 else 0
            if in_hand + going:
                S[d0 + c] += in_hand + going
                S[h0 + c] = 0
                S[p0 + c] -= going
                from_play += going
                if c > top:
                    top = c
    S[DISC_N + p] += S[HAND_N + p] + from_play
    S[HAND_N + p] = 0
    S[PLAY_N + p] -= from_play
    return top


DISCARD_THEN_PLAY_AT_EXCHANGE = 1   # exchange this Traveller? (its place, copies, top)


@njit(cache=True)
def discard_hand_then_play(S, R, T, P, Q, H, p):
    """Cleanup's discards with a Traveller in play: the hand goes to the discard pile,
    then each Traveller leaving play may be exchanged (highest of its line first), then
    the other copies leaving play go; returns the highest id moved, or -1 (after an
    error the caller reads S[ERR]).  Frame: DISCARD_THEN_PLAY_AT_EXCHANGE, the exchange
    asked (the Traveller's place i in EXCHANGE_ORDER, how many of its copies are still
    to go, the top so far)."""
    p0 = PLAY0 + p * N_SLOTS
    site, i0, rest, top, _ = take_frame(S)
    if site == NO_SITE:
        rest = -1
        top = discard_hand_for_exchanges(S, T, p)
    if S[PLAY_N + p]:
        for i in range(i0, N_TRAVELLERS + 1):
            t = ESTATE if i == N_TRAVELLERS else EXCHANGE_ORDER[i]
            if rest >= 0:           # resumed: rest copies of t, the first being asked
                leaving = rest
                rest = -1
            else:
                if S[p0 + t] == 0:
                    continue
                if t == ESTATE and not (S[INHERIT + p] and (
                        T[(S[INHERIT + p] - 1) * N_COLS + C_TYPES] & TRAVELLER)):
                    continue
                leaving = S[p0 + t] - S[KEEP + p * N_SLOTS + t] - S[PERM + p * N_SLOTS + t]
            for j in range(leaving):
                if S[ERR]:
                    return top
                if exchange_possible(S, T, p, t):
                    r = yes_no(S, R, T, P, Q, H, p, D_EXCHANGE, t)
                    if stopped(S):
                        push_frame(S, DISCARD_THEN_PLAY_AT_EXCHANGE, i, leaving - j, top, 0)
                        return top
                    if r == 1:
                        nxt = T[EXCHANGE_FOR + played_as(S, p, t)] - 1
                        exchange(S, T, p, t)
                        if nxt > top:       # moved to the discard pile at this Cleanup too
                            top = nxt
                        continue
                if S[ERR]:
                    return top
                discard_from_play(S, T, p, t, 1)
                if t > top:
                    top = t
        top = discard_leaving(S, T, p, top)
    return top


@njit(cache=True, inline="always")
def discard_hand_for_exchanges(S, T, p):
    """The first part of :func:`discard_hand_then_play`: the hand goes to the discard
    pile; returns the highest id moved, or -1."""
    h0 = HAND0 + p * N_SLOTS
    d0 = DISC0 + p * N_SLOTS
    top = -1
    left = S[HAND_N + p]
    m = S[GAME_IDS_N]
    i = 0
    while left > 0 and i < m:           # the game's ids, up to the last card in hand
        c = S[GAME_IDS + i]             # (no branch on each count: see cleanup_plain)
        k = S[h0 + c]
        S[d0 + c] += k
        S[h0 + c] = 0
        left -= k
        top = c if k else top
        i += 1
    if left > 0:                        # a card of no pile of the game (tests)
        for c in range(T[T_NIDS]):
            k = S[h0 + c]
            if k:
                S[d0 + c] += k
                S[h0 + c] = 0
                if c > top:
                    top = c
    S[DISC_N + p] += S[HAND_N + p]
    S[HAND_N + p] = 0
    return top


@njit(cache=True, inline="always")
def cleanup_plain(S, p):
    """sim.engine.zones.cleanup (hand and play to the discard pile, whose top is then the
    highest id moved) walking only the game's ids (layout.GAME_IDS): an Adventures
    kingdom is ids 33..70, and a hand or play with one of them walked every id below.
    A card of no pile of the game (only a test puts one there) gets every id walked.
    (discard_hand_and_leaving is this walk less the copies marked to stay.  Kept apart:
    most turns take this one, and with the two merged (f7ce8d7) the Adventures matchups
    counted 1-3% more instructions in experiments/count_instructions.py.)"""
    h0 = HAND0 + p * N_SLOTS
    p0 = PLAY0 + p * N_SLOTS
    d0 = DISC0 + p * N_SLOTS
    moved = S[HAND_N + p] + S[PLAY_N + p]
    left = moved
    top = -1
    m = S[GAME_IDS_N]
    i = 0
    # No branch on each count (moving 0 copies is harmless; the top is a select): the
    # branch was mispredicted most of the walk.
    while left > 0 and i < m:
        c = S[GAME_IDS + i]
        k = S[h0 + c] + S[p0 + c]
        S[d0 + c] += k
        S[h0 + c] = 0
        S[p0 + c] = 0
        left -= k
        top = c if k else top
        i += 1
    if left > 0:
        for c in range(N_CARDS):
            k = S[h0 + c] + S[p0 + c]
            if k:
                S[d0 + c] += k
                S[h0 + c] = 0
                S[p0 + c] = 0
                if c > top:
                    top = c
    S[DISC_N + p] += moved
    S[HAND_N + p] = 0
    S[PLAY_N + p] = 0
    if moved:
        S[DISC_TOP + p] = top


@njit(cache=True, inline="always")
def travellers_in_play(S, T, p):
    """``p`` has a Traveller in play, or an Estate while it may have inherited one:
    Cleanup may offer an exchange.  A game without Travellers (T_TRAVELLERS 0) does not
    look: the scan over the declared Travellers costs ~10 instructions a Cleanup."""
    p0 = PLAY0 + p * N_SLOTS
    if S[PLAY_N + p] == 0 or T[T_TRAVELLERS] == 0:
        return False
    copies = S[p0 + ESTATE] if S[INHERIT + p] else 0
    for i in range(N_TRAVELLERS):
        copies |= S[p0 + EXCHANGE_ORDER[i]]
    return copies != 0


@njit(cache=True, inline="always")
def cleanup_is_plain(S, T, p):
    """Cleanup has nothing of Adventures to do for ``p``: no copy in play stays
    (MARKS), no Traveller (or Estate that may inherit one) is in play to exchange, no
    other player has a card called on this turn in play, no card set aside by Save.
    Then :func:`cleanup_adv` would do what the base game's single walk
    (sim.engine.zones.cleanup, here :func:`cleanup_plain`) does, and that walk is what
    most turns take."""
    if S[MARKS + p] or S[SAVE_N + p] or travellers_in_play(S, T, p):
        return False
    # Every seat but p, with no branch per seat (a seat past the game's players has
    # nothing in play and no marks: reset_game clears the per-player block).
    others = False
    for q in range(MAX_PLAYERS):
        others |= (S[PLAY_N + q] > S[MARKS + q]) & (q != p)
    return not others


@njit(cache=True)
def exchange_possible(S, T, p, c):
    """A Traveller ``c`` of ``p`` can be exchanged: its next card's pile is not empty."""
    nxt = T[EXCHANGE_FOR + played_as(S, p, c)] - 1
    return nxt >= 0 and S[NON_SUPPLY + nxt] > 0


# ----------------------------------------------------------------------------- the turn
@njit(cache=True, inline="always")
def action_in_hand(S, T, p):
    """``p`` has an Action in hand (or an Estate with an Action's abilities)."""
    h0 = HAND0 + p * N_SLOTS
    for i in range(T[N_ACTIONS]):
        if S[h0 + T[ACTION_IDS + i]]:
            return True
    return S[h0 + ESTATE] > 0 and is_action_for(S, T, p, ESTATE)


@njit(cache=True)
def play_turn_adv(S, R, T, P, Q, H, p):
    """One whole turn of ``p`` in an Adventures game (``p`` >= 0; the caller set V_CUR):
    returns the $ ``p`` had when buying started.  With ``p`` < 0, every turn of a game
    from seat ``-1 - p`` on until it ends (sim.engine.steps.adv_turn_over): returns why it
    ended (END_*), so the game loop passes the card table once a game, not once a turn
    (sim.engine.game.play_games_adv).  After an error the caller reads S[ERR]."""
    whole_game = p < 0
    cur = -1 - p if whole_game else p
    while True:
        if whole_game:
            S[V + V_CUR] = cur
        produced = one_turn(S, R, T, P, Q, H, cur)
        if not whole_game or S[ERR]:
            return produced
        nxt = adv_turn_over(S, cur)
        if nxt < 0:
            return -1 - nxt
        cur = nxt


@njit(cache=True, inline="always")
def one_turn(S, R, T, P, Q, H, p):
    """One whole turn of ``p`` in an Adventures game; returns the $ ``p`` had when
    buying started.  A Mission turn (V_MISSION) buys no cards.  A turn stopped at a
    question goes on from its frame (sim.engine.resume), every other from its start:
    :func:`turn_from`, whose resumed sites are tested only between its phases (its
    loops are the turn's own)."""
    site, produced, x, _, _ = take_frame(S)
    return turn_from(S, R, T, P, Q, H, p, site, produced, x)


# The Adventures turn's sites (one_turn takes its frame, turn_from pushes it), in the
# turn's order: turn_from tests ranges of them.  With the $ produced, once the Buy phase
# began, and a local.
ADV_TURN_IN_START = 1           # inside the start of the turn
ADV_TURN_AT_ACTION = 2          # an Action's choice
ADV_TURN_IN_ACTION = 3          # inside an Action's play (the stack's depth below it)
ADV_TURN_AT_TREASURE = 4        # a Treasure's choice
ADV_TURN_IN_TREASURE = 5        # inside a Treasure's text (it, or a rule bot's place in
                                # the game's Treasures)
ADV_TURN_AT_BUY = 6             # a buy's choice
ADV_TURN_IN_EVENT = 7           # inside an Event bought (the Event)
ADV_TURN_IN_BUY = 8             # inside a card bought (the card)
ADV_TURN_AT_END_OF_BUY = 9      # a discard from the mat's question (the i-th such card)
ADV_TURN_IN_CLEANUP = 10

# The Reserves discarded from the mat at the end of the Buy phase, in the order offered
# (sim.cards.END_OF_BUY_DISCARDS, from Card.end_of_buy_discard_coins and _asks: Wine
# Merchant), the $ unspent each needs and its question (sim.engine.codes
# END_OF_BUY_DISCARD_QUESTION).  Compiled in as constants, as mechanics.AFTER_IDS: the
# test runs on every turn, and read from the game's table it would cost loads the turn
# did not make when it named the card.  A question's frame keeps the card's place (``i``;
# 0 while Wine Merchant is the only one, as the frame always held).
END_OF_BUY_IDS = np.array(END_OF_BUY_DISCARDS, np.int64)
N_END_OF_BUY = len(END_OF_BUY_IDS)
END_OF_BUY_COINS = np.array([END_OF_BUY_DISCARD_COINS[c] for c in END_OF_BUY_DISCARDS],
                            np.int64)
END_OF_BUY_QUESTIONS = np.array([END_OF_BUY_DISCARD_QUESTION[c] for c in END_OF_BUY_DISCARDS],
                                np.int64)


@njit(cache=True, inline="always")
def turn_from(S, R, T, P, Q, H, p, site, produced, x):
    """:func:`one_turn` from ``site`` of its frame (NO_SITE: the start), with the $
    produced and the site's local ``x``.  Frame (sim.engine.resume): the ADV_TURN_*
    sites above."""
    h0 = HAND0 + p * N_SLOTS
    # What the turn's questions and most steps take: not the card table (only the inlined
    # plays read it).
    calls = H[:H_CARDS]
    if site == NO_SITE:
        S[V + V_ACTIONS] = 1
        S[V + V_BUYS] = 1
        S[V + V_COINS] = 0
        S[V + V_MERCHANTS] = 0
        S[V + V_SILVER_PLAYED] = 0
        S[V + V_BOUGHT] = 0
        S[V + V_ONCE] = 0
        S[V + V_FAIR] = 0
        S[V + V_EXPEDITIONS] = 0
        S[V + V_BRIDGES] = 0
        S[V + V_ACTIONS_PLAYED] = 0
        S[GAINED + p] = 0
        for i in range(T[N_EVENTS]):
            S[EV_BOUGHT_TURN + T[EVENT_SLOT + T[EVENT_IDS + i]]] = 0
        if S[V + V_LOG_ON]:
            if S[V + V_MISSION]:
                log_event(S, EV_MISSION, p, -1, S[TURNS + p] + 1, 0)
            log_event(S, EV_TURN, p, -1, S[TURNS + p] + 1, 0)
            for c in range(T[T_NIDS]):
                if S[h0 + c]:
                    log_event(S, EV_HAND, p, c, S[h0 + c], 0)
    if site <= ADV_TURN_IN_START:
        start_of_turn(S, R, T, P, Q, H, p, site == ADV_TURN_IN_START)
        if stopped(S):
            push_frame(S, ADV_TURN_IN_START, 0, 0, 0, 0)
            return 0
        if S[ERR]:
            return 0
    # Action phase.
    b = S[BOT + p]
    rules_bot = P[b * P_WIDTH + PF_FLAGS + F_KIND] == K_RULES
    fast = rules_bot and P[b * P_WIDTH + PF_FLAGS + F_HOOK] == 0
    if site <= ADV_TURN_IN_ACTION:
        if site == ADV_TURN_IN_ACTION:      # resumed inside an Action's play
            run_stack(S, R, T, P, Q, H, p, x, True)
            if stopped(S):
                push_frame(S, ADV_TURN_IN_ACTION, 0, x, 0, 0)
                return 0
        while S[V + V_ACTIONS] > 0 and (S[ACTIONS_OWNED + p] > 0 or S[INHERIT + p] != 0):
            if fast:
                # The first of the bot's play list in hand: when none, or when it is an
                # Action to play, the scan below for any Action in hand cannot change
                # what happens, so it is skipped.
                c = rules_action(S, T, P, Q, b, p)
                if c < 0:
                    break
                if not (c < N_CARDS and is_action_for(S, T, p, c)
                        and (c == ESTATE or T[SUPPLY0 + c] > 0 or T[NON_SUPPLY0 + c] > 0)):
                    if not action_in_hand(S, T, p):
                        break
            else:
                if not action_in_hand(S, T, p):
                    break
                c = ask(S, R, T, P, Q, calls, p, D_ACTION, 0)
                if stopped(S):
                    push_frame(S, ADV_TURN_AT_ACTION, 0, 0, 0, 0)
                    return 0
            if S[ERR] or c < 0:
                break
            if c >= N_CARDS or S[h0 + c] <= 0 or not is_action_for(S, T, p, c):
                fail(S, ERR_ILLEGAL, p, D_ACTION, c)
                break
            S[V + V_ACTIONS] -= 1
            base = S[V + V_STACK_N]
            play_action_adv(S, R, T, P, Q, H, p, c)
            if stopped(S):
                push_frame(S, ADV_TURN_IN_ACTION, 0, base, 0, 0)
                return 0
        if S[ERR]:
            return 0
    # Buy phase: Treasures (rule bots play them all), then cards and Events.
    if site <= ADV_TURN_IN_TREASURE:
        if rules_bot:
            i0 = 0
            if site == ADV_TURN_IN_TREASURE:    # inside the text of a copy of Treasure x
                c = T[TREASURE_IDS + x]
                card_text(S, R, T, P, Q, H, p, c)
                while not stopped(S) and S[h0 + c] > 0 and S[ERR] == 0:
                    play_treasure_adv(S, R, T, P, Q, H, p, c)
                if stopped(S):
                    push_frame(S, ADV_TURN_IN_TREASURE, 0, x, 0, 0)
                    return 0
                i0 = x + 1
            plain_ok = S[MINUS_COIN + p] == 0 and S[V + V_LOG_ON] == 0
            for i in range(i0, T[N_TREASURES]):
                c = T[TREASURE_IDS + i]
                k = S[h0 + c]
                if k == 0:
                    continue
                if plain_ok and T[c * N_COLS + C_SPECIAL] == 0:
                    play_plain_treasures(S, T, p, c, k)     # what k plays one by one do
                    continue
                while S[h0 + c] > 0 and S[ERR] == 0:
                    play_treasure_adv(S, R, T, P, Q, H, p, c)
                    if stopped(S):
                        push_frame(S, ADV_TURN_IN_TREASURE, 0, i, 0, 0)
                        return 0
        else:
            if site == ADV_TURN_IN_TREASURE:    # resumed inside the text of Treasure x
                card_text(S, R, T, P, Q, H, p, x)
                if stopped(S):
                    push_frame(S, ADV_TURN_IN_TREASURE, 0, x, 0, 0)
                    return 0
            while S[ERR] == 0:
                any_treasure = False
                for i in range(T[N_TREASURES]):
                    if S[h0 + T[TREASURE_IDS + i]]:
                        any_treasure = True
                        break
                if not any_treasure:
                    break
                c = ask(S, R, T, P, Q, calls, p, D_TREASURE, 0)
                if stopped(S):
                    push_frame(S, ADV_TURN_AT_TREASURE, 0, 0, 0, 0)
                    return 0
                if S[ERR] or c < 0:
                    break
                if not in_hand_ok(S, T, p, D_TREASURE, c, TREASURE):
                    break
                play_treasure_adv(S, R, T, P, Q, H, p, c)
                if stopped(S):
                    push_frame(S, ADV_TURN_IN_TREASURE, 0, c, 0, 0)
                    return 0
        if S[ERR]:
            return 0
        produced = S[V + V_COINS]
        log_event(S, EV_COINS, p, -1, produced, 0)
    if site <= ADV_TURN_IN_BUY:
        if site == ADV_TURN_IN_EVENT:       # resumed inside Event x's text
            card_text(S, R, T, P, Q, H, p, x)
            if stopped(S):
                push_frame(S, ADV_TURN_IN_EVENT, produced, x, 0, 0)
                return 0
        elif site == ADV_TURN_IN_BUY:       # resumed inside the buy of card x
            buy_card(S, R, T, P, Q, calls, H[H_CARDS], p, x, True)
            if stopped(S):
                push_frame(S, ADV_TURN_IN_BUY, produced, x, 0, 0)
                return 0
        while S[V + V_BUYS] > 0 and S[ERR] == 0:
            if fast:
                c = pick_buy_adv(S, T, P, Q, b, p)
            else:
                c = ask(S, R, T, P, Q, calls, p, D_BUY, 0)
                if stopped(S):
                    push_frame(S, ADV_TURN_AT_BUY, produced, 0, 0, 0)
                    return 0
            if S[ERR] or c < 0:
                break
            is_event = c < N_CARDS and (T[c * N_COLS + C_TYPES] & EVENT) != 0
            # pick_buy_adv names only what can be bought now (an allowed Event, or a card
            # of the supply it can afford and not on a Mission turn): checked for others.
            if not fast:
                if S[V + V_MISSION] and rules_bot and not is_event:
                    break   # a rule bot's buy list names a card on a Mission turn: stop
                if not (event_allowed(S, T, p, c) if is_event else
                        (c < N_CARDS and S[V + V_MISSION] == 0
                         and can_gain(S, T, c, S[V + V_COINS]))):
                    fail(S, ERR_ILLEGAL, p, D_BUY, c)
                    break
            if is_event:
                buy_event(S, R, T, P, Q, H, p, c)
                if stopped(S):
                    push_frame(S, ADV_TURN_IN_EVENT, produced, c, 0, 0)
                    return 0
            else:
                buy_card(S, R, T, P, Q, calls, H[H_CARDS], p, c, False)
                if stopped(S):
                    push_frame(S, ADV_TURN_IN_BUY, produced, c, 0, 0)
                    return 0
        if S[ERR]:
            return 0
    # End of the Buy phase: each Reserve declared to leave the mat then (and Estates with
    # its abilities) may be discarded while its $ unspent remain, one question each.
    if site <= ADV_TURN_AT_END_OF_BUY:
        # A constant count from 0, so the loop unrolls and each card's id, $ and question
        # fold into immediates (a start read from the frame cost ~1,000 instructions a
        # game in count_instructions.py bmu-adv); a resumed question skips the cards
        # before its own.
        for i in range(N_END_OF_BUY):
            if site == ADV_TURN_AT_END_OF_BUY and i < x:
                continue
            while S[ERR] == 0:
                w = card_with_ability(S, p, MAT0, END_OF_BUY_IDS[i])
                if w < 0 or S[V + V_COINS] < END_OF_BUY_COINS[i]:
                    break
                r = yes_no(S, R, T, P, Q, calls, p, END_OF_BUY_QUESTIONS[i], 0)
                if stopped(S):
                    push_frame(S, ADV_TURN_AT_END_OF_BUY, produced, i, 0, 0)
                    return 0
                if r != 1:
                    break
                move_card(S, p, Z_MAT, Z_DISC, w)
                log_event(S, EV_DISCARD, p, w, 1, DISCARD_FROM_MAT)
        if S[ERR]:
            return 0
    if site < ADV_TURN_IN_CLEANUP and cleanup_is_plain(S, T, p):
        cleanup_plain(S, p)
        draws = 5 + 2 * S[V + V_EXPEDITIONS]
        log_event(S, EV_CLEANUP, p, -1, draws, 0)
        if draws == 5 and S[MINUS_CARD + p] == 0:
            # The usual new hand, its size a constant: the draw unrolls as in the base
            # game's turn (sim.engine.game.play_turn), 30-40 instructions fewer a turn.
            draw_plain(S, R, p, 5)
        else:
            draw(S, R, p, draws)
    else:
        cleanup_adv(S, R, T, P, Q, calls, p)
        if stopped(S):
            push_frame(S, ADV_TURN_IN_CLEANUP, produced, 0, 0, 0)
    return produced
