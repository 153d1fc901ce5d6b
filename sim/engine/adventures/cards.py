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

from sim.cards import (
    ACTION,
    ATTACK,
    C_TYPES,
    COPPER,
    CURSE,
    GOLD,
    N_CARDS,
    SILVER,
    TRAVELLER,
    TREASURE,
    VICTORY,
)
from sim.cards.adventures import (
    AMULET,
    AMULET_MODE,
    AMULET_TRASH,
    ARTIFICER,
    ARTIFICER_DISCARD,
    ARTIFICER_GAIN,
    BRIDGE_TROLL,
    CARAVAN_GUARD,
    CARAVAN_GUARD_REACT,
    CHAMPION,
    COIN_OF_THE_REALM,
    DISCIPLE,
    DISCIPLE_PLAY,
    DISTANT_LANDS,
    DUNGEON,
    DUNGEON_DISCARD,
    DUPLICATE,
    DUPLICATE_CALL,
    FUGITIVE,
    FUGITIVE_DISCARD,
    GEAR,
    GEAR_SET_ASIDE,
    GIANT,
    GUIDE,
    HAUNTED_WOODS,
    HERO,
    HERO_GAIN,
    HIRELING,
    MAGPIE,
    MESSENGER,
    MESSENGER_DECK,
    MESSENGER_GAIN,
    MISER,
    MISER_MODE,
    RANGER,
    RATCATCHER,
    RATCATCHER_TRASH,
    RAZE,
    RAZE_KEEP,
    RAZE_TRASH,
    RELIC,
    ROYAL_CARRIAGE,
    SOLDIER,
    STORYTELLER,
    STORYTELLER_PLAY,
    SWAMP_HAG,
    TEACHER,
    TEACHER_TOKEN,
    TRANSMOGRIFY,
    TRANSMOGRIFY_GAIN,
    TRANSMOGRIFY_TRASH,
    TREASURE_HUNTER,
    TREASURE_TROVE,
    WARRIOR,
    WINE_MERCHANT,
    WINE_MERCHANT_DISCARD,
    sp,
)
from sim.engine.adventures.decide import ask_rule
from sim.engine.adventures.mechanics import (
    at_start,
    dungeon_effect,
    gain_with_triggers,
    is_action_for,
    move_token,
    play_lasts,
    rule_seat,
    to_mat,
    trash_from_play,
    treasure_played,
    types_of,
)
from sim.engine.codes import (
    D_ATTACK_DISCARD,
    DISCARD_ARTIFICER,
    DISCARD_ATTACK,
    DISCARD_FUGITIVE,
    DISCARD_GUIDE,
    DISCARD_REVEALED,
    ERR_ILLEGAL,
    EV_DISCARD,
    EV_LOOK,
    EV_PAY,
    EV_RETURN,
    EV_REVEAL_CARD,
    EV_SET_ASIDE,
    EV_TO_MAT,
    EV_TOKEN,
    TOKEN_JOURNEY,
    TOKEN_MINUS_CARD,
    TOKEN_MINUS_COIN,
    code_of,
)
from sim.engine.layout import (
    ASIDE0,
    ASIDE_N,
    DECK,
    DECK_N,
    DISC0,
    DISC_N,
    DISC_TOP,
    E_KIND_DISCIPLE,
    ERR,
    GAIN_CURSE_ON,
    GAINED,
    GEAR0,
    HAND0,
    HAND_N,
    HAND_ONTO_DECK_ON,
    JOURNEY_DOWN,
    MAT0,
    MAX_DECK,
    MAX_PLAYERS,
    MINUS_CARD,
    MINUS_COIN,
    N_COLS,
    N_SLOTS,
    N_TREASURES,
    PLAY0,
    RUN_CALLED,
    RUN_ON_BUY,
    SUPPLY,
    T_NIDS,
    TREASURE_IDS,
    UNKNOWN,
    V_BUYS,
    V_COINS,
    V_CUR,
    V_GONE,
    V_NP,
    V_STAYS,
    V_THIS,
    Z_ASIDE,
    Z_DISC,
    Z_GEAR,
    Z_HAND,
    Z_MAT,
    V,
)
from sim.engine.resume import NO_SITE, push_frame, stopped, take_frame
from sim.engine.steps import (
    ATTACK_AT_PLAYER,
    ATTACK_AT_REACTION,
    ask,
    attacked,
    attacked_resumed,
    fail,
    gain_card,
    gain_choice,
    hit_after_windows,
    in_hand_ok,
    in_zone_ok,
    push_entry,
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

# The codes the table of decisions gave the questions of the set's cards (sim.engine.codes
# numbers them in the order sim.cards.adventures.CARD_SET lists them; the Events' are in
# sim.engine.adventures.events).  Some are asked elsewhere: Caravan Guard's by the reaction
# window (its declared question, REACT_QUESTION), Duplicate's by the on-gain call (its
# declared question, CALL_QUESTION), Dungeon's by the mechanics (which read it there too),
# Messenger's gain by the turn, Wine Merchant's by the turn's end of the Buy phase (its
# declared question, END_OF_BUY_DISCARD_QUESTION).
D_CARAVAN_GUARD = code_of(CARAVAN_GUARD_REACT)
D_DUPLICATE = code_of(DUPLICATE_CALL)
D_AMULET = code_of(AMULET_MODE)
D_AMULET_TRASH = code_of(AMULET_TRASH)
D_DUNGEON = code_of(DUNGEON_DISCARD)
D_GEAR = code_of(GEAR_SET_ASIDE)
D_RATCATCHER = code_of(RATCATCHER_TRASH)
D_TRANSMOGRIFY_TRASH = code_of(TRANSMOGRIFY_TRASH)
D_TRANSMOGRIFY_GAIN = code_of(TRANSMOGRIFY_GAIN)
D_TEACHER_TOKEN = code_of(TEACHER_TOKEN)
D_RAZE = code_of(RAZE_TRASH)
D_RAZE_KEEP = code_of(RAZE_KEEP)
D_MESSENGER_DECK = code_of(MESSENGER_DECK)
D_MESSENGER_GAIN = code_of(MESSENGER_GAIN)
D_MISER = code_of(MISER_MODE)
D_ARTIFICER_DISCARD = code_of(ARTIFICER_DISCARD)
D_ARTIFICER_GAIN = code_of(ARTIFICER_GAIN)
D_STORYTELLER = code_of(STORYTELLER_PLAY)
D_WINE_MERCHANT = code_of(WINE_MERCHANT_DISCARD)
D_HERO = code_of(HERO_GAIN)
D_FUGITIVE = code_of(FUGITIVE_DISCARD)
D_DISCIPLE = code_of(DISCIPLE_PLAY)

# ----------------------------------------------------------------------------- Durations
# Resume sites (sim.engine.resume), each function's beside it.
AMULET_AT_CHOICE = 1
AMULET_AT_TRASH = 2
AMULET_IN_SILVER_GAIN = 3


@njit(cache=True)
def amulet_effect(S, R, T, P, Q, H, p):
    """Amulet, now and next turn: choose +$1, trash a card from hand, or gain a Silver.
    Frame: AMULET_AT_CHOICE, the choice; AMULET_AT_TRASH, the trash (mode 1);
    AMULET_IN_SILVER_GAIN, the Silver's gain (mode 2)."""
    site, _, _, _, _ = take_frame(S)
    b = rule_seat(S, P, p)
    mode = 1 if site == AMULET_AT_TRASH else 2     # resumed past the choice (else asked)
    if site <= AMULET_AT_CHOICE:
        mode = ask_rule(S, R, T, P, Q, H, p, D_AMULET, 0, b)
        if stopped(S):
            push_frame(S, AMULET_AT_CHOICE, 0, 0, 0, 0)
            return
        if S[ERR]:
            return
    if mode == 0:
        add_coins(S, p, 1)
    elif mode == 1:
        if S[HAND_N + p] == 0:
            return
        c = ask_rule(S, R, T, P, Q, H, p, D_AMULET_TRASH, 0, b)
        if stopped(S):
            push_frame(S, AMULET_AT_TRASH, 0, 0, 0, 0)
            return
        if S[ERR] or not in_hand_ok(S, T, p, D_AMULET_TRASH, c, 0):
            return
        trash_from_hand(S, T, p, c)
    elif mode == 2:
        if site == AMULET_IN_SILVER_GAIN or S[SUPPLY + SILVER] > 0:
            gain_with_triggers(S, R, T, P, Q, H, p, SILVER, 0)
            if stopped(S):
                push_frame(S, AMULET_IN_SILVER_GAIN, 0, 0, 0, 0)
    else:
        fail(S, ERR_ILLEGAL, p, D_AMULET, mode)


@njit(cache=True)
def amulet(S, R, T, P, Q, H, p):
    """Amulet: now and at the start of your next turn, choose one: +$1; or trash a card
    from your hand; or gain a Silver.  Asks D_AMULET (mode), D_AMULET_TRASH."""
    next_turn = at_start(S)     # (read first: the effect's gains may call Reserves)
    amulet_effect(S, R, T, P, Q, H, p)
    if stopped(S) or next_turn:     # (no frame: the effect comes first, and keeps its own)
        return
    play_lasts(S, T, p, AMULET)


@njit(cache=True)
def caravan_guard(S, R, T, P, Q, H, p):
    """Caravan Guard: +1 Card, +1 Action (counters); at the start of your next turn, +$1.
    (Its Reaction is in sim.engine.adventures.mechanics.attacked_adv.)  The +$1 is its
    declared start-of-turn counter."""
    play_lasts(S, T, p, CARAVAN_GUARD)


@njit(cache=True)
def dungeon(S, R, T, P, Q, H, p):
    """Dungeon: +1 Action (counter). Now and at the start of your next turn: +2 Cards,
    then discard 2 cards.  Asks D_DUNGEON per card; logs EV_DISCARD (DISCARD_DUNGEON)."""
    next_turn = at_start(S)     # (read first: the effect's gains may call Reserves)
    dungeon_effect(S, R, T, P, Q, H, p)
    if stopped(S) or next_turn:     # (no frame: the effect comes first, and keeps its own)
        return
    play_lasts(S, T, p, DUNGEON)


GEAR_AT_SET_ASIDE = 1           # the next card (how many were set aside)


@njit(cache=True)
def gear(S, R, T, P, Q, H, p):
    """Gear: +2 Cards (counter). Set aside up to 2 cards from your hand face down; at the
    start of your next turn, put them into your hand.  Asks D_GEAR (a card, or -1 to
    stop); stays in play only if it set a card aside.  Logs EV_SET_ASIDE.  Frame: how
    many were set aside.  At the start of the next turn: every card Gear set aside
    (every Gear's: one item) comes back to hand, each logged (EV_RETURN)."""
    if at_start(S):
        g0 = GEAR0 + p * N_SLOTS
        for k in range(T[T_NIDS]):
            while S[g0 + k] > 0:
                move_card(S, p, Z_GEAR, Z_HAND, k)
                log_event(S, EV_RETURN, p, k, 1, GEAR)
        return
    _, n, _, _, _ = take_frame(S)
    while n < 2 and S[HAND_N + p] > 0:
        c = ask(S, R, T, P, Q, H, p, D_GEAR, n)
        if stopped(S):
            push_frame(S, GEAR_AT_SET_ASIDE, n, 0, 0, 0)
            return
        if S[ERR] or c < 0:
            break
        if not in_hand_ok(S, T, p, D_GEAR, c, 0):
            return
        move_card(S, p, Z_HAND, Z_GEAR, c)
        log_event(S, EV_SET_ASIDE, p, c, 1, GEAR)
        n += 1
    if n:
        play_lasts(S, T, p, GEAR)


# The Attacks that only mark their victims: one site, the k-th player's reaction window.
BRIDGE_TROLL_AT_REACTION = ATTACK_AT_REACTION
HAUNTED_WOODS_AT_REACTION = ATTACK_AT_REACTION
SWAMP_HAG_AT_REACTION = ATTACK_AT_REACTION


@njit(cache=True)
def bridge_troll(S, R, T, P, Q, H, p):
    """Bridge Troll: each other player takes their -$1 token. Now and at the start of
    your next turn: +1 Buy.  (While it is in play, cards cost $1 less on your turns:
    sim.engine.zones.cost_of.)  Logs EV_TOKEN.  The next turn's +1 Buy is its declared
    start-of-turn counter."""
    _, k0, _, _, _ = take_frame(S)  # the player whose reaction window asked
    for k in range(max(k0, 1), S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, NO_SITE)
        if stopped(S):
            return
        if q >= 0 and S[MINUS_COIN + q] == 0:
            S[MINUS_COIN + q] = 1
            log_event(S, EV_TOKEN, q, -1, TOKEN_MINUS_COIN, BRIDGE_TROLL)
    if S[V + V_CUR] == p:
        S[V + V_BUYS] += 1
    play_lasts(S, T, p, BRIDGE_TROLL)


@njit(cache=True)
def haunted_woods(S, R, T, P, Q, H, p):
    """Haunted Woods: until your next turn, when any other player buys a card, they put
    their hand onto their deck in any order (sim.engine.adventures.turn.on_buy, its
    declared way: the plays' row HAND_ONTO_DECK_ON).  At the
    start of your next turn: +3 Cards (its declared start-of-turn counter).  Who is
    affected is settled now (Moat, Champion)."""
    _, k0, _, _, _ = take_frame(S)  # the player whose reaction window asked
    for k in range(max(k0, 1), S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, NO_SITE)
        if stopped(S):
            return
        if q >= 0:
            S[HAND_ONTO_DECK_ON + p * MAX_PLAYERS + q] += 1
    play_lasts(S, T, p, HAUNTED_WOODS)


@njit(cache=True)
def swamp_hag(S, R, T, P, Q, H, p):
    """Swamp Hag: until your next turn, when any other player buys a card, they gain a
    Curse (one per Swamp Hag play: its declared way, the plays' row GAIN_CURSE_ON).  At
    the start of your next turn: +$3 (its declared start-of-turn counter)."""
    _, k0, _, _, _ = take_frame(S)  # the player whose reaction window asked
    for k in range(max(k0, 1), S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, NO_SITE)
        if stopped(S):
            return
        if q >= 0:
            S[GAIN_CURSE_ON + p * MAX_PLAYERS + q] += 1
    play_lasts(S, T, p, SWAMP_HAG)


@njit(cache=True)
def hireling(S, R, T, P, Q, H, p):
    """Hireling: at the start of each of your turns for the rest of the game: +1 Card.
    Stays in play (so does a Throne Room that played it).  At the start of each turn,
    one item for every Hireling: a card per Hireling (its declared counter)."""
    play_lasts(S, T, p, HIRELING)


@njit(cache=True)
def champion(S, R, T, P, Q, H, p):
    """Champion: +1 Action (counter). For the rest of the game, when another player plays
    an Attack, it doesn't affect you (mechanics.attacked_adv), and when you play an
    Action, +1 Action (turn.play_once).  Stays in play."""
    play_lasts(S, T, p, CHAMPION)


# ----------------------------------------------------------------------------- Reserves
@njit(cache=True)
def to_mat_only(S, R, T, P, Q, H, p):
    """Coin of the Realm, Duplicate, Royal Carriage, Wine Merchant, Distant Lands: the
    text above the line, besides counters, is "put this on your Tavern mat" (their
    calls are the turn's: after an Action, on a gain, at the end of the Buy phase)."""
    to_mat(S, p)


@njit(cache=True)
def ratcatcher(S, R, T, P, Q, H, p):
    """Ratcatcher: +1 Card, +1 Action (counters); put this on your Tavern mat.  Called
    at the start of your turn: trash a card from your hand (D_RATCATCHER)."""
    if S[V + V_GONE] != RUN_CALLED:
        to_mat(S, p)
        return
    if S[HAND_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, H, p, D_RATCATCHER, 0)
    if S[ERR] or not in_hand_ok(S, T, p, D_RATCATCHER, c, 0):
        return
    trash_from_hand(S, T, p, c)


@njit(cache=True)
def guide(S, R, T, P, Q, H, p):
    """Guide: +1 Card, +1 Action (counters); put this on your Tavern mat.  Called at the
    start of your turn: discard your hand and draw 5 cards.  Logs EV_DISCARD
    (DISCARD_GUIDE) per card."""
    if S[V + V_GONE] != RUN_CALLED:
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


TRANSMOGRIFY_AT_TRASH = 1
TRANSMOGRIFY_IN_GAIN = 2        # (its limit)


@njit(cache=True)
def transmogrify(S, R, T, P, Q, H, p):
    """Transmogrify: +1 Action (counter); put this on your Tavern mat.  Called at the
    start of your turn: trash a card from your hand (D_TRANSMOGRIFY_TRASH), and gain a
    card costing up to $1 more than it, to your hand (D_TRANSMOGRIFY_GAIN)."""
    if S[V + V_GONE] != RUN_CALLED:
        to_mat(S, p)
        return
    site, limit, _, _, _ = take_frame(S)
    if site <= TRANSMOGRIFY_AT_TRASH:
        c = trash_asked(S, R, T, P, Q, H, p, D_TRANSMOGRIFY_TRASH, TRANSMOGRIFY_AT_TRASH,
                        0, 0)
        if c < 0:
            return
        limit = cost_of(S, T, c) + 1
    gain_choice(S, R, T, P, Q, H, p, D_TRANSMOGRIFY_GAIN, limit, 0, GAIN_TO_HAND)
    if stopped(S):
        push_frame(S, TRANSMOGRIFY_IN_GAIN, limit, 0, 0, 0)


TEACHER_AT_TOKEN = 1
TEACHER_IN_MOVE = 2             # the token's pile (the token)


@njit(cache=True)
def teacher(S, R, T, P, Q, H, p):
    """Teacher: put this on your Tavern mat.  Called at the start of your turn: move your
    +1 Card, +1 Action, +1 Buy or +$1 token (D_TEACHER_TOKEN: 0..3) to an Action Supply
    pile you have no tokens on (D_TOKEN_PILE)."""
    if S[V + V_GONE] != RUN_CALLED:
        to_mat(S, p)
        return
    site, k, _, _, _ = take_frame(S)
    if site <= TEACHER_AT_TOKEN:
        k = ask(S, R, T, P, Q, H, p, D_TEACHER_TOKEN, 0)
        if stopped(S):
            push_frame(S, TEACHER_AT_TOKEN, 0, 0, 0, 0)
            return
        if S[ERR]:
            return
        if k < 0 or k > 3:
            fail(S, ERR_ILLEGAL, p, D_TEACHER_TOKEN, k)
            return
    move_token(S, R, T, P, Q, H, p, k, TEACHER, True)
    if stopped(S):
        push_frame(S, TEACHER_IN_MOVE, k, 0, 0, 0)


# ----------------------------------------------------------------------------- helpers
BIG_COST = 1 << 20      # "costing any amount" (Hero's gain)


@njit(cache=True)
def turn_journey(S, p, by):
    """``p`` turns their Journey token over (Ranger, Giant); True when it is now face
    up.  Logs EV_TOKEN (card -1, count TOKEN_JOURNEY, extra ``by``)."""
    S[JOURNEY_DOWN + p] = 1 - S[JOURNEY_DOWN + p]
    log_event(S, EV_TOKEN, p, -1, TOKEN_JOURNEY, by)
    return S[JOURNEY_DOWN + p] == 0


@njit(cache=True)
def this_in_play(S, p):
    """The card resolving ("this") is still in ``p``'s play area."""
    return S[V + V_GONE] == 0 and S[PLAY0 + p * N_SLOTS + S[V + V_THIS]] > 0


@njit(cache=True)
def count_in_play(S, T, p, type_mask):
    """Cards of a type in ``p``'s play area (an inheriting Estate has its card's types)."""
    p0 = PLAY0 + p * N_SLOTS
    n = 0
    for c in range(N_CARDS):
        if S[p0 + c] and (types_of(S, T, p, c) & type_mask):
            n += S[p0 + c]
    return n


@njit(cache=True)
def aside_to_discard(S, p):
    """Every card ``p`` looked at and did not keep goes to the discard pile (EV_DISCARD,
    DISCARD_REVEALED), in card-id order."""
    a0 = ASIDE0 + p * N_SLOTS
    for c in range(N_CARDS):
        while S[a0 + c] > 0:
            move_card(S, p, Z_ASIDE, Z_DISC, c)
            log_event(S, EV_DISCARD, p, c, 1, DISCARD_REVEALED)


# ----------------------------------------------------------------------------- $2
RAZE_AT_TRASH = 1
RAZE_AT_KEEP = 2                # (pushed by raze_keep)


@njit(cache=True)
def raze(S, R, T, P, Q, H, p):
    """Raze: +1 Action (counter). Trash this or a card from your hand. Look at one card
    from the top of your deck per $1 the trashed card costs (its cost now: Bridge Troll
    and the -$2 token lower it). Put one of them into your hand and discard the rest.

    Asks D_RAZE (a card from hand, or -1 for Raze itself; arg 1 when Raze already left
    play, a second play by Throne Room: then a card from hand is mandatory).  With an
    empty hand Raze trashes itself without a question (ADVENTURES.md §7 c).  Looking is
    not drawing (the -1 Card token stays); the deck is shuffled if needed.  With two
    different cards looked at, asks D_RAZE_KEEP (mandatory).  Logs EV_TRASH, EV_LOOK
    (extra RAZE), EV_RETURN for the card kept (extra RAZE), EV_DISCARD
    (DISCARD_REVEALED) for the rest.  Frame: RAZE_AT_TRASH, the trash; RAZE_AT_KEEP,
    the card kept."""
    site, _, _, _, _ = take_frame(S)
    if site == RAZE_AT_KEEP:
        raze_keep(S, R, T, P, Q, H, p, -1)
        return
    this = S[V + V_THIS]
    here = this_in_play(S, p)
    c = -1
    if S[HAND_N + p] > 0:
        c = ask(S, R, T, P, Q, H, p, D_RAZE, 0 if here else 1)
        if stopped(S):
            push_frame(S, RAZE_AT_TRASH, 0, 0, 0, 0)
            return
        if S[ERR]:
            return
        if c < 0 and not here:
            fail(S, ERR_ILLEGAL, p, D_RAZE, c)
            return
    elif not here:
        return                      # nothing to trash: nothing to look at
    if c < 0:
        trash_from_play(S, T, p, this)
        S[V + V_GONE] = 1
        c = this
    else:
        if not in_hand_ok(S, T, p, D_RAZE, c, 0):
            return
        trash_from_hand(S, T, p, c)
    n = cost_of(S, T, c)
    kinds = 0
    last = -1
    for _ in range(n):
        k = take_top(S, R, p)
        if k < 0:
            break
        log_event(S, EV_LOOK, p, k, 1, RAZE)
        if S[ASIDE0 + p * N_SLOTS + k] == 1:
            kinds += 1
        last = k
    if S[ASIDE_N + p] == 0:
        return
    raze_keep(S, R, T, P, Q, H, p, -1 if kinds > 1 else last)


@njit(cache=True)
def raze_keep(S, R, T, P, Q, H, p, keep):
    """Raze's last step: the card ``keep`` into the hand, the rest discarded; with two
    different cards looked at (``keep`` -1) the one to keep is asked (D_RAZE_KEEP:
    Raze's RAZE_AT_KEEP)."""
    if keep < 0:
        keep = ask(S, R, T, P, Q, H, p, D_RAZE_KEEP, 0)
        if stopped(S):
            push_frame(S, RAZE_AT_KEEP, 0, 0, 0, 0)
            return
        if S[ERR] or not in_zone_ok(S, p, D_RAZE_KEEP, keep, ASIDE0):
            return
    move_card(S, p, Z_ASIDE, Z_HAND, keep)
    log_event(S, EV_RETURN, p, keep, 1, RAZE)
    aside_to_discard(S, p)


# ----------------------------------------------------------------------------- $4
MAGPIE_IN_GAIN = 1


@njit(cache=True)
def magpie(S, R, T, P, Q, H, p):
    """Magpie: +1 Card, +1 Action (counters). Reveal the top card of your deck. If it's
    a Treasure, put it into your hand. If it's an Action or Victory card, gain a Magpie.

    A card that is not a Treasure goes back on top (now known); one both Treasure and
    Victory does both; a Curse: nothing; no Magpie left: no gain.  Revealing is not
    drawing (the -1 Card token stays).  Logs EV_REVEAL_CARD (extra 0), EV_RETURN (extra
    MAGPIE) for a Treasure put into the hand, EV_GAIN.  Frame: MAGPIE_IN_GAIN."""
    site, _, _, _, _ = take_frame(S)
    if site == MAGPIE_IN_GAIN:
        gain_card(S, R, T, P, Q, H, p, MAGPIE, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, MAGPIE_IN_GAIN, 0, 0, 0, 0)
        return
    c = take_top(S, R, p)
    if c < 0:
        return
    log_event(S, EV_REVEAL_CARD, p, c, 1, 0)
    t = T[c * N_COLS + C_TYPES]
    if t & TREASURE:
        move_card(S, p, Z_ASIDE, Z_HAND, c)
        log_event(S, EV_RETURN, p, c, 1, MAGPIE)
    else:
        topdeck_from(S, p, Z_ASIDE, c)
    if (t & (ACTION | VICTORY)) and S[SUPPLY + MAGPIE] > 0:
        gain_card(S, R, T, P, Q, H, p, MAGPIE, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, MAGPIE_IN_GAIN, 0, 0, 0, 0)


@njit(cache=True)
def messenger(S, R, T, P, Q, H, p):
    """Messenger: +1 Buy, +$2 (counters). You may put your deck into your discard pile.
    Run for its on-buy text (RUN_ON_BUY: the turn's on-buy step, on the turn's first
    buy, Card.on_buy_text), :func:`messenger_gain`.

    Asks D_MESSENGER_DECK (1/0) when the deck is not empty.  Moving the deck is not
    discarding: no EV_DISCARD rows, and the -1 Card token stays where it is.  The deck
    goes over as one pile, its bottom card ending face up on top."""
    if S[V + V_GONE] == RUN_ON_BUY:
        messenger_gain(S, R, T, P, Q, H, p)
        return
    n = S[DECK_N + p]
    if n == 0:
        return
    if yes_no(S, R, T, P, Q, H, p, D_MESSENGER_DECK, 0) != 1:
        return
    k0 = DECK + p * MAX_DECK
    d0 = DISC0 + p * N_SLOTS
    for i in range(n):
        S[d0 + S[k0 + i]] += 1
    S[DISC_N + p] += n
    S[DISC_TOP + p] = S[k0]
    S[DECK_N + p] = 0
    S[UNKNOWN + p] = 0


MESSENGER_GAIN_IN_CHOICE = 1   # inside the gain of a card costing up to $4
MESSENGER_GAIN_IN_COPY = 2      # the k-th other player's copy (the card, k)


@njit(cache=True)
def messenger_gain(S, R, T, P, Q, H, p):
    """Messenger's on-buy text, when it is bought first this turn: gain a card costing up
    to $4 (sim.engine.steps.gain_choice), then each other player, in turn order, gains a
    copy of it (while the pile lasts).  Frame: MESSENGER_GAIN_IN_CHOICE, inside the
    choice and its gain; MESSENGER_GAIN_IN_COPY, the copy of the k-th player after ``p``
    (the card)."""
    site, c, k0, _, _ = take_frame(S)
    if site <= MESSENGER_GAIN_IN_CHOICE:
        c = gain_choice(S, R, T, P, Q, H, p, D_MESSENGER_GAIN, 4, 0, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, MESSENGER_GAIN_IN_CHOICE, 0, 0, 0, 0)
            return
        if c < 0:
            return
    n = S[V + V_NP]
    for k in range(k0 if site == MESSENGER_GAIN_IN_COPY else 1, n):
        if (site == MESSENGER_GAIN_IN_COPY and k == k0) or (S[SUPPLY + c] > 0
                                                            and S[ERR] == 0):
            gain_card(S, R, T, P, Q, H, (p + k) % n, c, 0)
            if stopped(S):
                push_frame(S, MESSENGER_GAIN_IN_COPY, c, k, 0, 0)
                return


@njit(cache=True)
def miser(S, R, T, P, Q, H, p):
    """Miser: choose one: put a Copper from your hand onto your Tavern mat; or +$1 per
    Copper on your Tavern mat.

    Asks D_MISER (mode 0 or 1; either may be chosen when it does nothing; +$0 does not
    use the -$1 token).  Logs EV_TO_MAT (extra MISER)."""
    mode = ask(S, R, T, P, Q, H, p, D_MISER, 0)
    if S[ERR]:
        return
    if mode == 0:
        if S[HAND0 + p * N_SLOTS + COPPER] > 0:
            move_card(S, p, Z_HAND, Z_MAT, COPPER)
            log_event(S, EV_TO_MAT, p, COPPER, 1, MISER)
    elif mode == 1:
        add_coins(S, p, S[MAT0 + p * N_SLOTS + COPPER])
    else:
        fail(S, ERR_ILLEGAL, p, D_MISER, mode)


@njit(cache=True)
def ranger(S, R, T, P, Q, H, p):
    """Ranger: +1 Buy (counter). Turn your Journey token over; then if it's face up,
    +5 Cards.  Logs EV_TOKEN (TOKEN_JOURNEY, extra RANGER)."""
    if turn_journey(S, p, RANGER):
        draw(S, R, p, 5)


# ----------------------------------------------------------------------------- $5
ARTIFICER_AT_DISCARD = 1        # (how many so far)
ARTIFICER_AT_GAIN = 2
ARTIFICER_IN_GAIN = 3           # (the card)


@njit(cache=True)
def artificer(S, R, T, P, Q, H, p):
    """Artificer: +1 Card, +1 Action, +$1 (counters). Discard any number of cards. You
    may gain a card onto your deck costing exactly $1 per card discarded.

    Asks D_ARTIFICER_DISCARD (a card from hand, or -1 to stop; arg: how many so far),
    then, when a Supply card costs exactly that now, D_ARTIFICER_GAIN (arg: the cost;
    -1 gains nothing).  Logs EV_DISCARD (DISCARD_ARTIFICER), EV_GAIN (onto the deck).
    Frame: ARTIFICER_AT_DISCARD, the discards (how many); ARTIFICER_AT_GAIN, the gain's
    choice; ARTIFICER_IN_GAIN, its gain (the card)."""
    site, k, c, _, _ = take_frame(S)
    while site <= ARTIFICER_AT_DISCARD and S[HAND_N + p] > 0:
        c = ask(S, R, T, P, Q, H, p, D_ARTIFICER_DISCARD, k)
        if stopped(S):
            push_frame(S, ARTIFICER_AT_DISCARD, k, 0, 0, 0)
            return
        if S[ERR] or c < 0:
            break
        if not in_hand_ok(S, T, p, D_ARTIFICER_DISCARD, c, 0):
            return
        discard_from_hand(S, p, c)
        log_event(S, EV_DISCARD, p, c, 1, DISCARD_ARTIFICER)
        k += 1
    if S[ERR]:
        return
    if site <= ARTIFICER_AT_GAIN:
        any_ok = False
        for c in range(N_CARDS):
            if S[SUPPLY + c] > 0 and cost_of(S, T, c) == k:
                any_ok = True
                break
        if not any_ok:
            return
        c = ask(S, R, T, P, Q, H, p, D_ARTIFICER_GAIN, k)
        if stopped(S):
            push_frame(S, ARTIFICER_AT_GAIN, k, 0, 0, 0)
            return
        if S[ERR] or c < 0:
            return
        if c >= N_CARDS or S[SUPPLY + c] <= 0 or cost_of(S, T, c) != k:
            fail(S, ERR_ILLEGAL, p, D_ARTIFICER_GAIN, c)
            return
    gain_card(S, R, T, P, Q, H, p, c, GAIN_TO_DECK)
    if stopped(S):
        push_frame(S, ARTIFICER_IN_GAIN, k, c, 0, 0)


GIANT_AT_REACTION = ATTACK_AT_REACTION     # the k-th player's window (who is hit so far)
GIANT_IN_CURSE_GAIN = ATTACK_AT_PLAYER         # the k-th player's Curse (and who is hit)


@njit(cache=True)
def giant(S, R, T, P, Q, H, p):
    """Giant: turn your Journey token over. If it's face down, +$1. If it's face up,
    +$5, and each other player reveals the top card of their deck, trashes it if it
    costs from $3 to $6, and otherwise discards it and gains a Curse.

    Reactions answer every Giant played, before it resolves (before the token turns),
    face down too: each other player's reaction window comes first, in turn order; the
    attack then hits those it affects, in turn order.  Costs are this turn's (the
    attacker's Bridge Trolls lower them).  Nothing to reveal, even after shuffling:
    a Curse.  Logs EV_TOKEN (TOKEN_JOURNEY), EV_REVEAL_CARD (extra 0), EV_TRASH,
    EV_DISCARD (DISCARD_REVEALED), EV_GAIN."""
    n = S[V + V_NP]
    site, k0, hit, _, _ = take_frame(S)
    if site == NO_SITE:
        k0 = 1
    hit = hit_after_windows(S, R, T, P, Q, H, p, k0 if site <= GIANT_AT_REACTION else n, hit)
    if S[ERR]:
        return
    if site <= GIANT_AT_REACTION:
        if not turn_journey(S, p, GIANT):
            add_coins(S, p, 1)
            return
        add_coins(S, p, 5)
    for k in range(k0 if site == GIANT_IN_CURSE_GAIN else 1, n):
        q = (p + k) % n
        if site == GIANT_IN_CURSE_GAIN:     # resumed inside the Curse's gain
            site = NO_SITE
            gain_card(S, R, T, P, Q, H, q, CURSE, GAIN_TO_DISCARD)
            if stopped(S):
                push_frame(S, GIANT_IN_CURSE_GAIN, k, hit, 0, 0)
                return
            continue
        if not (hit >> q) & 1 or S[ERR]:
            continue
        c = take_top(S, R, q)
        if c >= 0:
            log_event(S, EV_REVEAL_CARD, q, c, 1, 0)
            cost = cost_of(S, T, c)
            if 3 <= cost <= 6:
                trash_from(S, T, q, Z_ASIDE, c)
                continue
            move_card(S, q, Z_ASIDE, Z_DISC, c)
            log_event(S, EV_DISCARD, q, c, 1, DISCARD_REVEALED)
        if S[SUPPLY + CURSE] > 0:
            gain_card(S, R, T, P, Q, H, q, CURSE, GAIN_TO_DISCARD)
            if stopped(S):
                push_frame(S, GIANT_IN_CURSE_GAIN, k, hit, 0, 0)
                return


RELIC_AT_REACTION = ATTACK_AT_REACTION     # the k-th player's reaction window


@njit(cache=True)
def relic(S, R, T, P, Q, H, p):
    """Relic: $2 (counter; a Treasure, played by turn.play_treasure_adv or Storyteller).
    When you play this, each other player puts their -1 Card token on their deck.

    An Attack: Moat, Champion block it, Caravan Guard reacts first (its card is drawn
    before the token goes on).  A token already on the deck stays (no row).  Logs
    EV_TOKEN (card -1, TOKEN_MINUS_CARD, extra RELIC)."""
    _, k0, _, _, _ = take_frame(S)
    for k in range(max(k0, 1), S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, NO_SITE)
        if stopped(S):
            return
        if q >= 0 and S[MINUS_CARD + q] == 0:
            S[MINUS_CARD + q] = 1
            log_event(S, EV_TOKEN, q, -1, TOKEN_MINUS_CARD, RELIC)


TREASURE_TROVE_IN_GOLD_GAIN = 1
TREASURE_TROVE_IN_COPPER_GAIN = 2


@njit(cache=True)
def treasure_trove(S, R, T, P, Q, H, p):
    """Treasure Trove: $2 (counter). When you play this, gain a Gold and a Copper (each
    while its pile lasts).  Logs EV_GAIN.  Frame: TREASURE_TROVE_IN_GOLD_GAIN,
    TREASURE_TROVE_IN_COPPER_GAIN."""
    site, _, _, _, _ = take_frame(S)
    if site == TREASURE_TROVE_IN_GOLD_GAIN or (site == NO_SITE and S[SUPPLY + GOLD] > 0):
        gain_card(S, R, T, P, Q, H, p, GOLD, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, TREASURE_TROVE_IN_GOLD_GAIN, 0, 0, 0, 0)
            return
    if site == TREASURE_TROVE_IN_COPPER_GAIN or (S[SUPPLY + COPPER] > 0 and S[ERR] == 0):
        gain_card(S, R, T, P, Q, H, p, COPPER, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, TREASURE_TROVE_IN_COPPER_GAIN, 0, 0, 0, 0)


# Treasures whose text is more than $: Storyteller plays them from a card text, which
# cannot reach the card table, so it calls their functions here (tests check the list).
TREASURES_WITH_TEXT = (COIN_OF_THE_REALM, RELIC, TREASURE_TROVE)


@njit(cache=True)
def treasure_text(S, R, T, P, Q, H, p, c):
    """The text of Treasure ``c`` beyond its $ (:data:`TREASURES_WITH_TEXT`)."""
    if c == COIN_OF_THE_REALM:
        to_mat(S, p)
    elif c == RELIC:
        relic(S, R, T, P, Q, H, p)
    elif c == TREASURE_TROVE:
        treasure_trove(S, R, T, P, Q, H, p)


# Storyteller's sites, with the i-th Treasure and Storyteller's "this" (V_THIS, and
# V_GONE * 4 + V_STAYS).
STORYTELLER_AT_TREASURE = 1     # the i-th Treasure's choice
STORYTELLER_IN_TEXT = 2         # inside its text (the Treasure)


@njit(cache=True)
def storyteller(S, R, T, P, Q, H, p):
    """Storyteller: +1 Action, +$1 (counters). Play up to 3 Treasures from your hand.
    Then pay all of your $ (including the $1 from this) and draw a card per $1 you paid.

    Asks D_STORYTELLER (a Treasure from hand, or -1; arg: how many played so far) while
    a Treasure is in hand.  Each is played as in the Buy phase (its $, Merchant's
    Silver bonus, its text: Coin of the Realm to the mat, Relic's attack, Treasure
    Trove's gains).  Paying sets $ to 0 (paying is not getting $); paying $0 draws
    nothing.  Logs EV_PLAY per Treasure, EV_PAY (count: $ paid), EV_DRAW.  Frame:
    STORYTELLER_AT_TREASURE, the i-th Treasure's choice; STORYTELLER_IN_TEXT, its text
    (the Treasure); and Storyteller's "this"."""
    this = S[V + V_THIS]
    gone = S[V + V_GONE]
    stay = S[V + V_STAYS]
    h0 = HAND0 + p * N_SLOTS
    site, i0, f_this, f_gone_stay, played = take_frame(S)
    if site != NO_SITE:
        this = f_this
        gone = f_gone_stay >> 2
        stay = f_gone_stay & 3
        if site == STORYTELLER_IN_TEXT:     # inside the text of the Treasure played
            treasure_text(S, R, T, P, Q, H, p, played)
            if stopped(S):
                push_frame(S, STORYTELLER_IN_TEXT, i0, this, gone * 4 + stay, played)
                return
            S[V + V_THIS] = this
            S[V + V_GONE] = gone
            S[V + V_STAYS] = stay
            i0 += 1
    for i in range(i0, 3):
        any_treasure = False
        for j in range(T[N_TREASURES]):
            if S[h0 + T[TREASURE_IDS + j]] > 0:
                any_treasure = True
                break
        if not any_treasure:
            break
        c = ask(S, R, T, P, Q, H, p, D_STORYTELLER, i)
        if stopped(S):
            push_frame(S, STORYTELLER_AT_TREASURE, i, this, gone * 4 + stay, 0)
            return
        if S[ERR] or c < 0:
            break
        if not in_hand_ok(S, T, p, D_STORYTELLER, c, TREASURE):
            return
        treasure_played(S, T, p, c)
        treasure_text(S, R, T, P, Q, H, p, c)
        if stopped(S):
            push_frame(S, STORYTELLER_IN_TEXT, i, this, gone * 4 + stay, c)
            return
        S[V + V_THIS] = this        # Storyteller is "this" again for the turn's records
        S[V + V_GONE] = gone
        S[V + V_STAYS] = stay
    if S[ERR]:
        return
    paid = S[V + V_COINS]
    S[V + V_COINS] = 0
    log_event(S, EV_PAY, p, -1, paid, STORYTELLER)
    if paid > 0:
        draw(S, R, p, paid)


# ----------------------------------------------------------------------------- Traveller upgrades
TREASURE_HUNTER_IN_GAIN = 1     # the j-th Silver's gain


@njit(cache=True)
def treasure_hunter(S, R, T, P, Q, H, p):
    """Treasure Hunter: +1 Action, +$1 (counters). Gain a Silver per card the player to
    your right gained during their most recent turn (every gain of that turn, bought
    or not; not their gains on other players' turns, not exchanges: GAINED, counted by
    mechanics.on_gain).  Silvers while the pile lasts.  Logs EV_GAIN."""
    n = S[V + V_NP]
    right = (p + n - 1) % n
    site, j0, _, _, _ = take_frame(S)
    for j in range(j0, S[GAINED + right]):
        if site == NO_SITE and (S[SUPPLY + SILVER] <= 0 or S[ERR]):
            break
        site = NO_SITE
        gain_card(S, R, T, P, Q, H, p, SILVER, GAIN_TO_DISCARD)
        if stopped(S):
            push_frame(S, TREASURE_HUNTER_IN_GAIN, j, 0, 0, 0)
            return


WARRIOR_AT_REACTION = 1         # the k-th player's reaction window (and the count)


@njit(cache=True)
def warrior(S, R, T, P, Q, H, p):
    """Warrior: +2 Cards (counter). For each Traveller you have in play (including
    this), each other player discards the top card of their deck and trashes it if it
    costs $3 or $4.

    Each attacked player in turn order, one card at a time (shuffling when needed);
    exactly $3 or $4 at this moment (the attacker's Bridge Trolls count).  Discarding
    from the deck is not drawing (the -1 Card token stays).  Logs EV_DISCARD
    (DISCARD_ATTACK) per card, then EV_TRASH for one that is trashed."""
    n = S[V + V_NP]
    site, k0, k_travellers, _, _ = take_frame(S)
    if site == NO_SITE:
        k0 = 1
        k_travellers = count_in_play(S, T, p, TRAVELLER)
    for k in range(k0, n):
        q = attacked(S, R, T, P, Q, H, p, k)
        if stopped(S):
            push_frame(S, WARRIOR_AT_REACTION, k, k_travellers, 0, 0)
            return
        if q < 0:
            continue
        for _ in range(k_travellers):
            c = take_top(S, R, q)
            if c < 0:
                break
            log_event(S, EV_DISCARD, q, c, 1, DISCARD_ATTACK)
            cost = cost_of(S, T, c)
            if cost == 3 or cost == 4:
                trash_from(S, T, q, Z_ASIDE, c)
            else:
                move_card(S, q, Z_ASIDE, Z_DISC, c)


@njit(cache=True)
def hero(S, R, T, P, Q, H, p):
    """Hero: +$2 (counter). Gain a Treasure (any Supply Treasure; mandatory while one
    can be gained).  Asks D_HERO (arg: a cost nothing reaches); logs EV_GAIN."""
    gain_choice(S, R, T, P, Q, H, p, D_HERO, BIG_COST, TREASURE, GAIN_TO_DISCARD)


SOLDIER_AT_REACTION = ATTACK_AT_REACTION   # the k-th player's reaction window
SOLDIER_AT_DISCARD = ATTACK_AT_PLAYER          # the k-th player's discard


@njit(cache=True)
def soldier(S, R, T, P, Q, H, p):
    """Soldier: +$2 (counter). +$1 per other Attack you have in play. Each other player
    with 4 or more cards in hand discards a card.

    Attacks in play are counted, not plays: Durations kept from last turn and Relic
    count, this copy does not (a second play by Disciple adds nothing).  The hand size
    is checked after the player's reactions (Caravan Guard draws).  Asks the attacked
    player D_ATTACK_DISCARD (arg 1); logs EV_DISCARD (DISCARD_ATTACK).  Frame:
    SOLDIER_AT_REACTION, player k's reaction window; SOLDIER_AT_DISCARD, its discard."""
    site, k0, _, _, _ = take_frame(S)
    if site == NO_SITE:
        others = count_in_play(S, T, p, ATTACK)
        if this_in_play(S, p) and (types_of(S, T, p, S[V + V_THIS]) & ATTACK):
            others -= 1
        add_coins(S, p, others)
    for k in range(max(k0, 1), S[V + V_NP]):
        q = attacked_resumed(S, R, T, P, Q, H, p, k, site)
        if stopped(S):
            return
        site = NO_SITE
        if q < 0 or S[HAND_N + q] < 4:
            continue
        c = ask(S, R, T, P, Q, H, q, D_ATTACK_DISCARD, 1)
        if stopped(S):
            push_frame(S, SOLDIER_AT_DISCARD, k, 0, 0, 0)
            return
        if S[ERR] or not in_hand_ok(S, T, q, D_ATTACK_DISCARD, c, 0):
            return
        discard_from_hand(S, q, c)
        log_event(S, EV_DISCARD, q, c, 1, DISCARD_ATTACK)


@njit(cache=True)
def fugitive(S, R, T, P, Q, H, p):
    """Fugitive: +2 Cards, +1 Action (counters). Discard a card (mandatory with a card
    in hand).  Asks D_FUGITIVE; logs EV_DISCARD (DISCARD_FUGITIVE)."""
    if S[HAND_N + p] == 0:
        return
    c = ask(S, R, T, P, Q, H, p, D_FUGITIVE, 1)
    if S[ERR] or not in_hand_ok(S, T, p, D_FUGITIVE, c, 0):
        return
    discard_from_hand(S, p, c)
    log_event(S, EV_DISCARD, p, c, 1, DISCARD_FUGITIVE)


@njit(cache=True)
def disciple(S, R, T, P, Q, H, p):
    """Disciple: you may play an Action card from your hand twice. Gain a copy of it.

    Asks D_DISCIPLE (an Action in hand, an inheriting Estate too, or -1) when the hand
    holds one.  The card goes into play and is queued to resolve twice (play stack,
    E_KIND_DISCIPLE); when both plays are done the turn gains the copy, from the Supply
    while its pile lasts (a Fugitive: none), even if the card left play.  On a Duration
    Disciple stays in play with it (turn.run_stack).  Logs EV_PLAY_AGAIN per play and
    EV_GAIN."""
    h0 = HAND0 + p * N_SLOTS
    any_action = False
    for c in range(N_CARDS):
        if S[h0 + c] > 0 and is_action_for(S, T, p, c):
            any_action = True
            break
    if not any_action:
        return
    c = ask(S, R, T, P, Q, H, p, D_DISCIPLE, 0)
    if S[ERR] or c < 0:
        return
    if c >= N_CARDS or S[h0 + c] <= 0 or not is_action_for(S, T, p, c):
        fail(S, ERR_ILLEGAL, p, D_DISCIPLE, c)
        return
    play_from_hand(S, p, c)
    push_entry(S, T, p, c, 2, DISCIPLE, E_KIND_DISCIPLE)


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
    sp(RAZE): raze,
    sp(MAGPIE): magpie,
    sp(MESSENGER): messenger,
    sp(MISER): miser,
    sp(RANGER): ranger,
    sp(ARTIFICER): artificer,
    sp(GIANT): giant,
    sp(RELIC): relic,
    sp(STORYTELLER): storyteller,
    sp(TREASURE_TROVE): treasure_trove,
    sp(TREASURE_HUNTER): treasure_hunter,
    sp(WARRIOR): warrior,
    sp(HERO): hero,
    sp(SOLDIER): soldier,
    sp(FUGITIVE): fugitive,
    sp(DISCIPLE): disciple,
}
