"""What Adventures adds to every game it is in (ADVENTURES.md §2).

Costs (:func:`sim.engine.zones.cost_of`), the -1 Card token (in
:func:`sim.engine.zones.draw`), the -$1 token (:func:`sim.engine.zones.add_coins`) and
the ability tests that see Inheritance's Estates (``played_as``, ``types_of``,
``has_ability``, ``with_ability``, ``card_with_ability``; the first two imported here
for the Adventures modules) live with the zone primitives, since base-set cards and
costs read them too.  Here:

- Duration marks: a card text that leaves something for a later turn calls
  :func:`stays`; the turn marks the copy (and the cards that played it) to stay
  in play (``KEEP``: through the next Cleanup; ``PERM``: for the game);
- the Tavern mat (:func:`to_mat`), token bonuses on plays (:func:`token_bonus`),
  returning cards to piles and exchanging Travellers (:func:`exchange`);
- the two calls every gain and every Attack make in an Adventures game, reached
  through ``H[H_ADVENTURE]`` (sim.engine.cardcalls): :func:`on_gain`, :func:`attacked_adv`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import (
    ACTION,
    AFTER_ACTION_CALLS,
    ATTACK_REACTIONS,
    C_CARDS,
    C_COINS,
    ESTATE,
    GAIN_DRAW_CARDS,
    GAIN_DRAWS,
    LASTING_ACTIONS_CARDS,
    LASTING_UNAFFECTED_CARDS,
    LASTS_CODES,
    LASTS_GAME,
    LASTS_NEXT_TURN,
    N_CARDS,
    REACT_HOW,
    REACT_HOW_PLAY,
    REACT_HOW_UNAFFECTED,
    SILVER,
    START_KIND,
)
from sim.cards import CALL_REPLAYS as DECLARED_CALL_REPLAYS
from sim.cards import intrigue as _intrigue_cards
from sim.cards.adventures import (
    DUNGEON_DISCARD,
    TRAVELLING_FAIR_TOPDECK,
)
from sim.engine.codes import (
    CALL_QUESTION,
    D_TOKEN_PILE,
    D_TOPDECK_ORDER,
    DISCARD_ATTACK,
    DISCARD_DUNGEON,
    ERR_ILLEGAL,
    EV_CALL,
    EV_DISCARD,
    EV_EXCHANGE,
    EV_PLAY,
    EV_REACT,
    EV_REVEAL,
    EV_REVEAL_CARD,
    EV_TO_MAT,
    EV_TOKEN,
    EV_TOPDECK,
    REACT_QUESTION,
    TOKEN_ACTION,
    TOKEN_BUY,
    TOKEN_CARD,
    TOKEN_COIN,
    code_of,
)
from sim.engine.decide import BIG, lowest_ranked_in_hand, rules_attack_discard
from sim.engine.layout import (
    A_ON_GAIN,
    ASIDE_N,
    BOT,
    CALL_COPY_UP_TO,
    DISC0,
    DISC_N,
    DISC_TOP,
    E_GONE,
    EFFECTS,
    EFFECTS_DUE,
    ERR,
    EXCHANGE_FOR,
    GAIN_CALL_IDS,
    H_ADVENTURE,
    HAND0,
    HAND_N,
    KEEP,
    LASTS,
    MARKS,
    MAT0,
    MAX_PLAYERS,
    N_COLS,
    N_GAIN_CALLS,
    N_SLOTS,
    NON_SUPPLY,
    NON_SUPPLY_PILE,
    OWN0,
    P_WIDTH,
    PERM,
    PF_FLAGS,
    PLAY0,
    RUN_AT_START,
    START_HOW,
    SUPPLY,
    TOK_ACTION,
    TOK_BUY,
    TOK_CARD,
    TOK_COIN,
    V_ACTIONS,
    V_BUYS,
    V_CUR,
    V_EMPTY,
    V_FAIR,
    V_GONE,
    V_MERCHANTS,
    V_NP,
    V_SILVER_PLAYED,
    V_STAYS,
    V_THIS,
    Z_DISC,
    Z_HAND,
    Z_MAT,
    Z_PLAY,
    V,
)

# The start-of-turn items, Events' availability and the token piles are facts the table of
# decisions reads (sim.engine.legality holds them, below sim.engine.decide); the
# Adventures modules take them from here.
from sim.engine.legality import (  # noqa: F401
    action_supply_pile,
    event_allowed,
    event_in_game,
    has_token_on,
    start_call_named,
    start_item_due,
)
from sim.engine.program import F_HOOK, F_KIND, K_RULES, R_DISCARD
from sim.engine.resume import NO_SITE, push_frame, stopped, take_frame
from sim.engine.steps import (
    N_UNAFFECTED,
    UNAFFECTED_IDS,
    agent_blocked,
    agent_reaction,
    ask,
    attack_blocked,
    fail,
    in_hand_ok,
    is_agent,
    yes_no,
)
from sim.engine.zones import (
    GAIN_TO_DECK,
    GAIN_TO_HAND,
    add_coins,
    card_with_ability,
    cost_of,
    count_owned,
    discard_from_hand,
    draw,
    gain,
    has_ability,
    log_event,
    move_card,
    played_as,
    take_from_zone,
    topdeck_from,
    trash_from,
    types_of,
    with_ability,
)

# The codes the table of decisions gave the Adventures questions read here (sim.engine.codes
# numbers them in the order sim.cards.adventures.CARD_SET lists them).
D_DUNGEON = code_of(DUNGEON_DISCARD)
D_FAIR = code_of(TRAVELLING_FAIR_TOPDECK)

# Diplomat's discards, asked in its reaction below (the record is Intrigue's; a private
# name: the Adventures modules' D_* codes are the Adventures cards' questions; whether to
# reveal it is its declared question, REACT_QUESTION).
_D_DIPLOMAT_DISCARD = code_of(_intrigue_cards.DIPLOMAT_DISCARD)

STAY_NEXT_TURN = 1      # V_STAYS levels: through the next Cleanup ...
STAY_GAME = 2           # ... or for the rest of the game
# A card's declared Card.lasts, as the engine reads it (T[LASTS + c]), is its stay level.
assert (STAY_NEXT_TURN, STAY_GAME) == (LASTS_CODES[LASTS_NEXT_TURN], LASTS_CODES[LASTS_GAME])


# ----------------------------------------------------------------------------- Durations
@njit(cache=True, inline="always")
def stays(S, level):
    """The card resolving now leaves an effect for a later turn: it stays in play
    (``level`` STAY_NEXT_TURN or STAY_GAME), and so do the cards that played it."""
    if S[V + V_STAYS] < level:
        S[V + V_STAYS] = level


@njit(cache=True, inline="always")
def play_lasts(S, T, p, c):
    """This play of ``c`` (or of a card with its abilities) leaves an effect that lasts,
    for as long as ``c`` declares (Card.lasts, T[LASTS]): one more play in ``p``'s
    EFFECTS row (what the start-of-turn window resolves, what Champion's text reads),
    and the copy stays in play, with the cards that played it (:func:`stays`)."""
    effect_waits(S, T, p, c)
    stays(S, T[LASTS + c])


@njit(cache=True, inline="always")
def effect_waits(S, T, p, c):
    """One more play of ``c`` in ``p``'s EFFECTS row, and among the plays whose
    start-of-turn effect waits (EFFECTS_DUE) if ``c`` declares one."""
    S[EFFECTS + p * N_SLOTS + c] += 1
    if T[START_HOW + c] & START_KIND:
        S[EFFECTS_DUE + p] += 1


@njit(cache=True, inline="always")
def at_start(S):
    """The card's function runs for its plays' start-of-turn effect (a Duration's next
    turn: sim.engine.adventures.turn.do_start_item), not for a play."""
    return S[V + V_GONE] == RUN_AT_START


@njit(cache=True, inline="always")
def effect_plays(S, p, c):
    """``p``'s plays of ``c`` whose lasting effect is still to come or in force."""
    return S[EFFECTS + p * N_SLOTS + c]


@njit(cache=True, inline="always")
def mark_copy(S, p, c, level):
    """One copy of ``c`` in ``p``'s play area stays (KEEP: until the start of ``p``'s
    next turn, so through the next Cleanup; PERM: for the game)."""
    if level >= STAY_GAME:
        S[PERM + p * N_SLOTS + c] += 1
    else:
        S[KEEP + p * N_SLOTS + c] += 1
    S[MARKS + p] += 1


@njit(cache=True, inline="always")
def left_play(S, p, c):
    """A copy of ``c`` left ``p``'s play area: a staying copy is gone first (Bonfire
    trashing a Duration: its later effects still happen, they are counted apart)."""
    o = p * N_SLOTS + c
    if S[PLAY0 + o] < S[KEEP + o] + S[PERM + o]:
        if S[KEEP + o] > 0:
            S[KEEP + o] -= 1
        else:
            S[PERM + o] -= 1
        S[MARKS + p] -= 1


@njit(cache=True)
def trash_from_play(S, T, p, c):
    trash_from(S, T, p, Z_PLAY, c)
    left_play(S, p, c)


# ----------------------------------------------------------------------------- Tavern mat
@njit(cache=True)
def to_mat(S, p):
    """The card resolving now ("this") moves from play to ``p``'s Tavern mat, unless
    this copy already left play (a second play by Throne Room or Disciple)."""
    c = S[V + V_THIS]
    if S[V + V_GONE] or S[PLAY0 + p * N_SLOTS + c] <= 0:
        return
    move_card(S, p, Z_PLAY, Z_MAT, c)
    left_play(S, p, c)
    S[V + V_GONE] = 1
    log_event(S, EV_TO_MAT, p, c, 1, c)


@njit(cache=True, inline="always")
def reserve_on_mat(S, p, r):
    """The card on ``p``'s mat that can be called as Reserve ``r``: ``r`` itself, else an
    Estate with ``r``'s abilities (Inheritance); -1 if none."""
    return card_with_ability(S, p, MAT0, r)


@njit(cache=True)
def call_from_mat(S, p, c, answering):
    """Call Reserve ``c`` from ``p``'s mat into play (no Action used, no play)."""
    move_card(S, p, Z_MAT, Z_PLAY, c)
    log_event(S, EV_CALL, p, c, 1, answering)


# ----------------------------------------------------------------------------- tokens
@njit(cache=True)
def token_bonus(S, R, T, p, c):
    """``p`` plays a card from pile ``c``: first the bonus of each of ``p``'s +1 Card,
    +1 Action, +1 Buy and +$1 tokens on that pile.  On another player's turn (Caravan
    Guard) +Action and +Buy do nothing and the turn's $ is not ``p``'s."""
    own_turn = S[V + V_CUR] == p
    if S[TOK_CARD + p] == c + 1:
        log_event(S, EV_TOKEN, p, c, TOKEN_CARD, c)
        draw(S, R, p, 1)
    if own_turn:
        if S[TOK_ACTION + p] == c + 1:
            log_event(S, EV_TOKEN, p, c, TOKEN_ACTION, c)
            S[V + V_ACTIONS] += 1
        if S[TOK_BUY + p] == c + 1:
            log_event(S, EV_TOKEN, p, c, TOKEN_BUY, c)
            S[V + V_BUYS] += 1
        if S[TOK_COIN + p] == c + 1:
            log_event(S, EV_TOKEN, p, c, TOKEN_COIN, c)
            add_coins(S, p, 1)


@njit(cache=True, inline="always")
def any_token_on(S, p, c):
    return (S[TOK_CARD + p] == c + 1 or S[TOK_ACTION + p] == c + 1 or S[TOK_BUY + p] == c + 1
            or S[TOK_COIN + p] == c + 1)


# ----------------------------------------------------------------------------- piles
@njit(cache=True, inline="always")
def return_to_pile(S, T, c):
    """Put ``c`` back on its pile: a Supply pile (which may stop being empty) or a
    Traveller upgrade pile (its declaration: T[NON_SUPPLY_PILE + c])."""
    if T[NON_SUPPLY_PILE + c]:
        S[NON_SUPPLY + c] += 1
        return
    if S[SUPPLY + c] == 0:
        S[V + V_EMPTY] -= 1
    S[SUPPLY + c] += 1


@njit(cache=True, inline="always")
def take_from_pile(S, c):
    """Remove one card from ``c``'s Supply pile without gaining it (Inheritance)."""
    S[SUPPLY + c] -= 1
    if S[SUPPLY + c] == 0:
        S[V + V_EMPTY] += 1


@njit(cache=True)
def exchange(S, T, p, c):
    """Exchange ``c`` (a Traveller leaving ``p``'s play area) for the next card of its
    line: ``c`` back to its pile, the next card from its pile into ``p``'s discard
    pile.  Neither a gain nor a trash.  False (nothing done) when that pile is empty."""
    e = played_as(S, p, c)
    nxt = T[EXCHANGE_FOR + e] - 1
    if nxt < 0 or S[NON_SUPPLY + nxt] <= 0:
        return False
    take_from_zone(S, p, Z_PLAY, c)
    count_owned(S, T, p, c, -1)
    return_to_pile(S, T, c)         # Page, Peasant, an inheriting Estate: the Supply
    S[NON_SUPPLY + nxt] -= 1
    count_owned(S, T, p, nxt, 1)
    S[DISC0 + p * N_SLOTS + nxt] += 1
    S[DISC_N + p] += 1
    S[DISC_TOP + p] = nxt
    log_event(S, EV_EXCHANGE, p, c, 1, nxt)
    return True


# ----------------------------------------------------------------------------- Treasures
@njit(cache=True)
def treasure_played(S, T, p, c):
    """``p`` plays Treasure ``c`` from hand, up to its text: into play, its $, the
    first Silver's Merchant bonus; ``c`` is now "this" (V_THIS) for its text.  Shared
    by the Buy phase (sim.engine.adventures.turn.play_treasure_adv) and Storyteller,
    which must then run the Treasure's text itself (a card text has no card table)."""
    move_card(S, p, Z_HAND, Z_PLAY, c)
    log_event(S, EV_PLAY, p, c, 1, 0)
    S[V + V_THIS] = c
    S[V + V_GONE] = 0
    S[V + V_STAYS] = 0
    add_coins(S, p, T[c * N_COLS + C_COINS])
    if c == SILVER and S[V + V_SILVER_PLAYED] == 0:
        S[V + V_SILVER_PLAYED] = 1
        add_coins(S, p, S[V + V_MERCHANTS])


# ----------------------------------------------------------------------------- shared texts
@njit(cache=True, inline="always")
def rule_seat(S, P, p):
    """``p``'s bot row when ``p`` is a rule bot without a hook, else -1.  Such a seat's
    every decision goes straight to its rule defaults (adventures.decide.decide_adv ->
    rules_decide_adv), so a frequent question can call the rule itself, without the
    trip through ``ask`` and the decision function pointer."""
    b = S[BOT + p]
    if P[b * P_WIDTH + PF_FLAGS + F_HOOK] == 0 and P[b * P_WIDTH + PF_FLAGS + F_KIND] == K_RULES:
        return b
    return -1


# Resume sites (sim.engine.resume), each function's beside it.
DUNGEON_AT_DISCARD = 1          # the i-th discard (how many were done)


@njit(cache=True)
def dungeon_effect(S, R, T, P, Q, H, p):
    """Dungeon, now and next turn: +2 Cards, then discard 2 cards (any 2 from hand).
    A rule bot's discards are its D_DUNGEON rule (rules_attack_discard), asked directly."""
    site, i0, _, _, _ = take_frame(S)
    if site == NO_SITE:
        draw(S, R, p, 2)
    b = rule_seat(S, P, p)
    for i in range(i0, 2):
        if S[HAND_N + p] == 0:
            return
        if b >= 0:
            c = rules_attack_discard(S, T, P, b, p)
        else:
            c = ask(S, R, T, P, Q, H, p, D_DUNGEON, 2 - i)
            if stopped(S):
                push_frame(S, DUNGEON_AT_DISCARD, i, 0, 0, 0)
                return
        if S[ERR] or not in_hand_ok(S, T, p, D_DUNGEON, c, 0):
            return
        discard_from_hand(S, p, c)
        log_event(S, EV_DISCARD, p, c, 1, DISCARD_DUNGEON)


GAIN_WITH_TRIGGERS_IN_TRIGGERS = 1  # the card is gained: inside what the gain sets off


@njit(cache=True)
def gain_with_triggers(S, R, T, P, Q, H, p, c, where):
    """Gain ``c`` and what the gain sets off (:func:`on_gain`), for callers holding ``H``;
    a frame as sim.engine.steps.gain_card's."""
    site, _, _, _, _ = take_frame(S)
    if site == NO_SITE:
        gain(S, T, p, c, where)
    H[H_ADVENTURE][A_ON_GAIN](S, R, T, P, Q, H[:H_ADVENTURE], p, c, where)
    if stopped(S):
        push_frame(S, GAIN_WITH_TRIGGERS_IN_TRIGGERS, 0, 0, 0, 0)


@njit(cache=True)
def hand_onto_deck(S, R, T, P, Q, H, p, by):
    """``p`` puts their whole hand onto their deck, in the order they choose
    (D_TOPDECK_ORDER: the next card to put there; the last one is drawn first).  A rule
    bot's order is its D_TOPDECK_ORDER rule (with nothing set aside: the hand's card it
    ranks lowest to discard), asked directly."""
    b = rule_seat(S, P, p)
    h0 = HAND0 + p * N_SLOTS
    if b >= 0 and S[ASIDE_N + p] == 0 and S[ERR] == 0:
        # The rule's order, one card kind at a time: the card it ranks lowest goes first,
        # and stays the lowest until its last copy is down, so every copy goes at once
        # (what asking for each card would do, with one scan of the hand per kind).
        while S[HAND_N + p] > 0:
            c = lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)
            if c < 0:
                break               # unranked cards: the loop below says what happens
            for _ in range(S[h0 + c]):
                topdeck_from(S, p, Z_HAND, c)
                log_event(S, EV_TOPDECK, p, c, 1, by)
    while S[HAND_N + p] > 0 and S[ERR] == 0:
        c = -1
        n_kinds = 0
        left = S[HAND_N + p]
        k = 0
        while left > 0 and n_kinds < 2 and k < N_CARDS:     # one kind: no question
            if S[h0 + k]:
                n_kinds += 1
                left -= S[h0 + k]
                c = k
            k += 1
        if n_kinds > 1:
            if b >= 0 and S[ASIDE_N + p] == 0:
                c = lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)
            else:
                c = ask(S, R, T, P, Q, H, p, D_TOPDECK_ORDER, by)
            if S[ERR] or not in_hand_ok(S, T, p, D_TOPDECK_ORDER, c, 0):
                return
        topdeck_from(S, p, Z_HAND, c)
        log_event(S, EV_TOPDECK, p, c, 1, by)


# ----------------------------------------------------------------------------- on gain
# The cards whose gain makes each other player draw (sim.cards GAIN_DRAW_CARDS, from
# Card.on_gain_others_draw: Lost City), compiled in as constants, as AFTER_IDS.
GAIN_DRAW_IDS = np.array(GAIN_DRAW_CARDS, np.int64)
N_GAIN_DRAW = len(GAIN_DRAW_IDS)
DRAWS_ON_GAIN = np.array([GAIN_DRAWS[c] for c in GAIN_DRAW_CARDS], np.int64)


@njit(cache=True, inline="always")
def gain_draw_card(S, p, c):
    """The card whose on-gain draws ``c`` gained by ``p`` sets off (``c`` itself, or the
    card an inheriting Estate has the abilities of), as its place in GAIN_DRAW_IDS; -1
    none."""
    for i in range(N_GAIN_DRAW):
        if has_ability(S, p, c, GAIN_DRAW_IDS[i]):
            return i
    return -1


@njit(cache=True, inline="always")
def gain_sets_off(S, T, p, c):
    """Whether ``c`` just gained by ``p`` sets off anything in :func:`on_gain` (the other
    players' draws, Travelling Fair, a Reserve called on a gain, Duplicate, on the mat):
    the turn's buy calls on_gain only then (the count for Treasure Hunter is
    zones.gain's)."""
    return gain_draw_card(S, p, c) >= 0 or S[V + V_FAIR] != 0 or gain_call_on_mat(S, T, p)


@njit(cache=True, inline="always")
def gain_call_on_mat(S, T, p):
    """``p`` has on the mat a card that can be called as one of the game's Reserves called
    on a gain (layout GAIN_CALL_IDS, from Card.called): a gain may offer a call."""
    for i in range(T[N_GAIN_CALLS]):
        if reserve_on_mat(S, p, T[GAIN_CALL_IDS + i]) >= 0:
            return True
    return False


ON_GAIN_AT_FAIR = 1             # Travelling Fair's question (where the card is)
ON_GAIN_AT_CALL = 2             # a Reserve's call (where the card is, which call)


@njit(cache=True)
def on_gain(S, R, T, P, Q, H, p, c, where):
    """What a gain sets off (ADVENTURES.md §2.8), ``c`` just gained by ``p`` to ``where``
    (zones.gain counted it for Treasure Hunter): a card declared to make each other player
    draw on its gain does so (Card.on_gain_others_draw: Lost City, a card each); with
    Travelling Fair bought this turn ``p`` may put it onto the deck; ``p`` may call a
    Reserve declared to be called on a gain from the mat (the game's, in GAIN_CALL_IDS
    order: Duplicate) for a copy from the Supply, if the card costs up to the call's limit
    now (Card.call_copy_up_to: $6), and each copy's gain sets off the same in turn. When
    several apply the engine resolves them in that order. An Estate gained by a player whose
    Estates inherit such a card is that card gained. Frame: ON_GAIN_AT_FAIR, Travelling
    Fair's question; ON_GAIN_AT_CALL, a call's (with where the card is and the call's place
    in GAIN_CALL_IDS: the calls before it were declined)."""
    site, resumed_where, resumed_call, _, _ = take_frame(S)
    first_call = 0
    if site != NO_SITE:
        where = resumed_where
        first_call = resumed_call
    while S[ERR] == 0:
        g = gain_draw_card(S, p, c) if site == NO_SITE else -1
        if g >= 0:
            n = S[V + V_NP]
            for k in range(1, n):
                draw(S, R, (p + k) % n, DRAWS_ON_GAIN[g])
        if site <= ON_GAIN_AT_FAIR and S[V + V_FAIR] and S[V + V_CUR] == p and \
                where != GAIN_TO_DECK:
            r = yes_no(S, R, T, P, Q, H, p, D_FAIR, c)
            if stopped(S):
                push_frame(S, ON_GAIN_AT_FAIR, where, 0, 0, 0)
                return 0
            if r == 1:
                z = Z_HAND if where == GAIN_TO_HAND else Z_DISC
                topdeck_from(S, p, z, c)
                log_event(S, EV_TOPDECK, p, c, 1, -1)
                where = GAIN_TO_DECK
        site = NO_SITE
        if S[ERR]:
            return 0
        called = False
        for i in range(first_call, T[N_GAIN_CALLS]):
            x = T[GAIN_CALL_IDS + i]
            card = reserve_on_mat(S, p, x)
            if card >= 0 and S[SUPPLY + c] > 0 and cost_of(S, T, c) <= T[CALL_COPY_UP_TO + x]:
                r = yes_no(S, R, T, P, Q, H, p, CALL_QUESTION[x], c)
                if stopped(S):
                    push_frame(S, ON_GAIN_AT_CALL, where, i, 0, 0)
                    return 0
                if r == 1:
                    call_from_mat(S, p, card, c)
                    gain(S, T, p, c, 0)
                    where = 0
                    called = True
                    break
                if S[ERR]:
                    return 0
        if not called:
            return 0
        first_call = 0          # the copy's gain: the same triggers again, every call open
    return 0


# ----------------------------------------------------------------------------- attacks
# The reaction window's Reactions that are used one at a time, for what they do (played or
# revealed), in their declared order (sim.cards.ATTACK_REACTIONS: Caravan Guard, then
# Diplomat); those that leave their holder unaffected (Moat) are steps.UNAFFECTED_IDS.
# Compiled in as constants: the window names no card.
AGAIN_IDS = np.array([c for c in ATTACK_REACTIONS if REACT_HOW[c] != REACT_HOW_UNAFFECTED],
                     np.int64)
N_AGAIN = len(AGAIN_IDS)


@njit(cache=True, inline="always")
def play_reaction(S, R, T, q, card, c, attack):
    """``q`` plays ``card`` (the Reaction ``c``, declared to be played, or an Estate with
    its abilities) from hand against ``attack``: its token bonus, its +Cards (its +Action
    is useless on another's turn) and, where its plays last (Caravan Guard: to the next
    turn), its lasting effect, and it stays in play."""
    move_card(S, q, Z_HAND, Z_PLAY, card)
    log_event(S, EV_REACT, q, card, 1, attack)
    if card == c:               # an Estate's pile has no tokens
        token_bonus(S, R, T, q, c)
    draw(S, R, q, T[c * N_COLS + C_CARDS])
    if T[LASTS + c]:
        effect_waits(S, T, q, c)
        mark_copy(S, q, card, T[LASTS + c])


# attacked_adv's sites, attacked_agent's too (an agent seat's window).  The window has one
# site for each way of reacting (sim.cards.reaction_window: one card reacts each way).
ATTACKED_AT_PLAY = 1            # play the Reaction played from hand (Caravan Guard)?
ATTACKED_AT_UNAFFECTED = 2      # reveal a Reaction that leaves its holder unaffected (Moat)?
ATTACKED_AT_ESTATE_UNAFFECTED = 3  # reveal an Estate with its abilities? (bots only)
ATTACKED_AT_REVEAL = 4          # reveal the Reaction revealed for its text (Diplomat)?
ATTACKED_AT_REVEAL_TEXT = 5     # inside its text (Diplomat's discards: how many so far)


def _again_at() -> np.ndarray:
    """By site: the place in AGAIN_IDS of the Reaction the window resumes at (0 when not
    resumed, or resumed past them)."""
    at = np.zeros(ATTACKED_AT_REVEAL_TEXT + 1, np.int64)
    for i, c in enumerate(AGAIN_IDS):
        sites = (ATTACKED_AT_PLAY,) if REACT_HOW[c] == REACT_HOW_PLAY else \
            (ATTACKED_AT_REVEAL, ATTACKED_AT_REVEAL_TEXT)
        at[list(sites)] = i
    return at


AGAIN_AT = _again_at()


@njit(cache=True, inline="always")
def in_reactions(site):
    """``site`` is one of the window's first part: the Reactions used one at a time
    (Caravan Guard, Diplomat), before Moat."""
    return site <= ATTACKED_AT_PLAY or site >= ATTACKED_AT_REVEAL


@njit(cache=True)
def reveal_diplomat(S, R, T, P, Q, H, q, c, agent, site, done, attack):
    """Diplomat's reaction (``c``, the Reaction revealed for its text): ``q`` may reveal
    it (or an Estate with its abilities) from a hand of 5 or more against ``attack``:
    draw 2 cards, then discard 3 (its declared question, then D_DIPLOMAT_DISCARD, arg: how
    many still).  1 when it was revealed (and its draw and discards are done), else 0.  An
    agent seat is asked whenever it owns one (steps.agent_reaction: its hand stays secret;
    its hand size is public).  Logs EV_REVEAL_CARD (from hand), the draws, EV_DISCARD
    (DISCARD_ATTACK).  Frames for attacked_adv: ATTACKED_AT_REVEAL, the reveal;
    ATTACKED_AT_REVEAL_TEXT, the discards (``done``)."""
    if site != ATTACKED_AT_REVEAL_TEXT:
        if agent:
            card = agent_reaction(S, R, T, P, Q, H, q, REACT_QUESTION[c], c, attack)
        else:
            card = card_with_ability(S, q, HAND0, c)
            if yes_no(S, R, T, P, Q, H, q, REACT_QUESTION[c], attack) != 1:
                card = -1
        if stopped(S):
            push_frame(S, ATTACKED_AT_REVEAL, 0, 0, 0, 0)
            return 0
        if card < 0 or S[ERR]:
            return 0
        log_event(S, EV_REVEAL_CARD, q, card, 1, 1)
        draw(S, R, q, 2)
        done = 0
    while done < 3 and S[HAND_N + q] > 0:
        x = ask(S, R, T, P, Q, H, q, _D_DIPLOMAT_DISCARD, 3 - done)
        if stopped(S):
            push_frame(S, ATTACKED_AT_REVEAL_TEXT, done, 0, 0, 0)
            return 0
        if S[ERR] or not in_hand_ok(S, T, q, _D_DIPLOMAT_DISCARD, x, 0):
            return 0
        discard_from_hand(S, q, x)
        log_event(S, EV_DISCARD, q, x, 1, DISCARD_ATTACK)
        done += 1
    return 1


@njit(cache=True, inline="always")
def diplomat_may_react(S, q, c, agent, site):
    """Whether ``q``'s window offers Diplomat (``c``) now: resumed inside it, or a hand of
    5 or more holding one (an agent seat: owning one, as far as the others know)."""
    if site >= ATTACKED_AT_REVEAL:
        return True
    if S[HAND_N + q] < 5:
        return False
    if agent:
        return with_ability(S, q, OWN0, c) > 0
    return card_with_ability(S, q, HAND0, c) >= 0


@njit(cache=True, inline="always")
def react_once(S, R, T, P, Q, H, q, c, agent, site, done, attack):
    """``q`` may use the Reaction ``c`` (one of AGAIN_IDS) against ``attack``, as it
    declares (REACT_HOW): play it from hand (:func:`play_reaction`; its declared question,
    asked when ``q`` holds a card with its abilities, an agent seat whenever it owns one:
    steps.agent_reaction), or reveal it for its text (:func:`reveal_diplomat`).  1 when it
    was used, else 0.  ``site``, ``done``: the window's frame where it resumes at ``c``
    (else NO_SITE).  Frame (pushed for attacked_adv): ATTACKED_AT_PLAY; the text's."""
    if REACT_HOW[c] == REACT_HOW_PLAY:
        if agent:
            card = agent_reaction(S, R, T, P, Q, H, q, REACT_QUESTION[c], c, attack)
        else:
            card = card_with_ability(S, q, HAND0, c)
            if card >= 0 and yes_no(S, R, T, P, Q, H, q, REACT_QUESTION[c], attack) != 1:
                card = -1
        if stopped(S):
            push_frame(S, ATTACKED_AT_PLAY, 0, 0, 0, 0)
            return 0
        if card < 0:
            return 0
        play_reaction(S, R, T, q, card, c, attack)
        return 1
    if diplomat_may_react(S, q, c, agent, site):
        return reveal_diplomat(S, R, T, P, Q, H, q, c, agent, site, done, attack)
    return 0


@njit(cache=True, inline="always")
def react_again(S, R, T, P, Q, H, q, agent, site, done):
    """The window's first part: ``q`` uses the Reactions of AGAIN_IDS one at a time, in
    their declared order, each resolved before the next is offered, again from the first
    after each one used (each draws first; a card drawn may react too), until it uses
    none; resumed at ``site`` (``done``: its frame), at the Reaction the site belongs to.
    The site the window goes on at: NO_SITE (or an error, or stopped: S[ERR])."""
    attack = S[V + V_THIS]
    while in_reactions(site) and S[ERR] == 0:
        resumed = site
        site = NO_SITE
        first = AGAIN_AT[resumed]
        used = False
        for i in range(N_AGAIN):    # a constant count: unrolled, each card a constant
            if i < first:
                continue
            if S[ERR]:
                break
            r = react_once(S, R, T, P, Q, H, q, AGAIN_IDS[i], agent,
                           resumed if i == first else NO_SITE, done, attack)
            if stopped(S) or r == 1:
                used = r == 1
                break
        if not used:
            break
    return site


@njit(cache=True)
def attacked_adv(S, R, T, P, Q, H, p, q, unused):
    """The reaction window of ``q`` against the Attack ``p`` is playing, and whether it
    affects ``q`` (1) or not (0).  ``q`` may play Caravan Guards from hand and reveal
    Diplomats (from a hand of 5 or more), one at a time (each draws first; a card drawn
    may react too), in the declared order (sim.cards.ATTACK_REACTIONS; a Guard declined
    is offered again after a Diplomat): :func:`react_again`; then reveal Moat (even one
    just drawn: steps.attack_blocked); a revealed Moat or a Champion ``q`` has in play
    keeps the Attack off.  An agent seat's window is :func:`attacked_agent`.  Frame:
    ATTACKED_AT_PLAY, the Caravan Guards; ATTACKED_AT_UNAFFECTED, Moat;
    ATTACKED_AT_ESTATE_UNAFFECTED, an Estate with Moat's abilities; ATTACKED_AT_REVEAL and
    ATTACKED_AT_REVEAL_TEXT, a Diplomat (:func:`reveal_diplomat`)."""
    site, done, _, _, _ = take_frame(S)
    if is_agent(S, P, q):
        return attacked_agent(S, R, T, P, Q, H, q, site, done)
    site = react_again(S, R, T, P, Q, H, q, False, site, done)
    if S[ERR]:
        return 0
    blocked = False
    if site <= ATTACKED_AT_UNAFFECTED:
        blocked = attack_blocked(S, R, T, P, Q, H, q)
        if stopped(S):
            push_frame(S, ATTACKED_AT_UNAFFECTED, 0, 0, 0, 0)
            return 0
    # An Estate with Moat's abilities (a real Moat was offered by attack_blocked).
    for i in range(N_UNAFFECTED):
        x = UNAFFECTED_IDS[i]
        if not blocked and S[ERR] == 0 and card_with_ability(S, q, HAND0, x) == ESTATE:
            r = yes_no(S, R, T, P, Q, H, q, REACT_QUESTION[x], 0)
            if stopped(S):
                push_frame(S, ATTACKED_AT_ESTATE_UNAFFECTED, 0, 0, 0, 0)
                return 0
            if r == 1:
                log_event(S, EV_REVEAL, q, ESTATE, 1, 0)
                blocked = True
    if S[ERR] or blocked or unaffected_while_lasting(S, q):
        return 0
    return 1


@njit(cache=True)
def attacked_agent(S, R, T, P, Q, H, q, site, done):
    """:func:`attacked_adv` for an agent seat (sim.env), whose questions must not tell
    the other seats what it holds (sim.engine.steps.agent_reaction): asked to play a
    Caravan Guard whenever it owns one, and to reveal a Diplomat whenever it owns one and
    holds 5 cards or more, until it answers "no" to both, then once to reveal a Moat or
    an Estate with Moat's abilities (sim.engine.steps.agent_blocked).  A bot seat holding
    both is asked about the Moat only; holding either, it is asked once, as here, so an
    agent answering as its bot plays the bot's game.  ``site``, ``done``: attacked_adv's
    frame (NO_SITE when not resumed)."""
    react_again(S, R, T, P, Q, H, q, True, site, done)
    if S[ERR]:
        return 0
    blocked = agent_blocked(S, R, T, P, Q, H, q)
    if stopped(S):
        push_frame(S, ATTACKED_AT_UNAFFECTED, 0, 0, 0, 0)
        return 0
    if S[ERR] or blocked or unaffected_while_lasting(S, q):
        return 0
    return 1


# The cards whose lasting plays give +Actions per Action played (sim.cards
# LASTING_ACTIONS_CARDS, with Card.lasting_actions_per_action) and those whose lasting plays
# leave their owner unaffected by Attacks (LASTING_UNAFFECTED_CARDS): Champion.  Compiled
# in as constants, as AFTER_IDS: each loop unrolls to the one test the turn made when it
# named Champion.  Read from the game's table, every Action played in a game with Page's
# line cost a loop (with the after-Action calls' loops, ~1% more instructions per game in
# experiments/count_instructions.py duration-money).
ACTIONS_WHILE_LASTING_IDS = np.array(LASTING_ACTIONS_CARDS, np.int64)
N_ACTIONS_WHILE_LASTING = len(ACTIONS_WHILE_LASTING_IDS)
UNAFFECTED_WHILE_LASTING_IDS = np.array(LASTING_UNAFFECTED_CARDS, np.int64)
N_UNAFFECTED_WHILE_LASTING = len(UNAFFECTED_WHILE_LASTING_IDS)


@njit(cache=True, inline="always")
def unaffected_while_lasting(S, q):
    """``q`` has a play in effect of a card whose lasting plays leave their owner
    unaffected by Attacks (Card.lasting_unaffected: Champion)."""
    for i in range(N_UNAFFECTED_WHILE_LASTING):
        if effect_plays(S, q, UNAFFECTED_WHILE_LASTING_IDS[i]) > 0:
            return True
    return False


# The Reserves called after an Action, in the window's order (sim.cards.AFTER_ACTION_CALLS:
# Coin of the Realm, then Royal Carriage), and what each one's call does (Card.call_actions,
# call_replays; sim.cards CALL_ACTIONS, CALL_REPLAYS by id).  Compiled in as constants, as
# the reaction window's Reactions are (AGAIN_IDS): the window's loops over them unroll into
# the tests the window made when it named the cards.  Read from the game's table instead
# (its list and columns), the window and the rule bot's calls cost ~1% more instructions
# per game where a Reserve is called (experiments/count_instructions.py k1,
# duration-money).  The table says whether the game has any (layout N_AFTER_CALLS): a game
# without one skips the window.
AFTER_IDS = np.array(AFTER_ACTION_CALLS, np.int64)
N_AFTER = len(AFTER_IDS)


@njit(cache=True, inline="always")
def after_call_ready(S, p, x, o, c):
    """After-Action Reserve ``x`` can be called in the window of the play-stack entry at
    ``o`` (its card ``c`` just resolved): ``p`` has a card with ``x``'s abilities on the
    mat and, where the call replays the Action (Card.call_replays), that copy of ``c`` is
    still in play."""
    return with_ability(S, p, MAT0, x) > 0 and (
        DECLARED_CALL_REPLAYS[x] == 0 or (S[o + E_GONE] == 0
                                          and S[PLAY0 + p * N_SLOTS + c] > 0))


@njit(cache=True, inline="always")
def after_call_on_mat(S, p):
    """``p`` has on the mat a card with the abilities of a Reserve called after an Action:
    the after-Action window's gate (most Actions skip the window)."""
    for i in range(N_AFTER):
        if with_ability(S, p, MAT0, AFTER_IDS[i]):
            return True
    return False


@njit(cache=True, inline="always")
def is_action_for(S, T, p, c):
    return (types_of(S, T, p, c) & ACTION) != 0



@njit(cache=True)
def any_action_pile(S, T, p, exclude_own):
    for c in range(N_CARDS):
        if action_supply_pile(S, T, c) and not (exclude_own and has_token_on(S, p, c)):
            return True
    return False


@njit(cache=True)
def move_token(S, R, T, P, Q, H, p, k, by, exclude_own):
    """``p`` moves their token ``k`` (TOKEN_CARD .. TOKEN_TRASHING) to an Action Supply
    pile of their choice (D_TOKEN_PILE, arg ``k``); with ``exclude_own`` (Teacher) a
    pile that has none of ``p``'s tokens.  Nothing when no pile qualifies."""
    if not any_action_pile(S, T, p, exclude_own):
        return
    c = ask(S, R, T, P, Q, H, p, D_TOKEN_PILE, k)
    if S[ERR]:
        return
    if not action_supply_pile(S, T, c) or (exclude_own and has_token_on(S, p, c)):
        fail(S, ERR_ILLEGAL, p, D_TOKEN_PILE, c)
        return
    S[TOK_CARD + k * MAX_PLAYERS + p] = c + 1
    log_event(S, EV_TOKEN, p, c, k, by)

