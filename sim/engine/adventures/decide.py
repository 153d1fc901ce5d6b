"""A rule bot's defaults for the Adventures decisions (sim.engine.codes D_START ...).

Each default is legal whatever the state (a mandatory choice always names a card
that qualifies) and plays sensibly with the bot's own rank rows: what it would
trash (``R_TRASH``: Curses, Estates, Coppers by default), discard (``R_DISCARD``)
and play (``R_PLAY``), and its gain and buy lists for "gain a card costing up to".
"""

from __future__ import annotations

from numba import njit

from sim.cards import (
    ACTION,
    ATTACK,
    C_ACTIONS,
    C_COINS,
    C_COST,
    C_TYPES,
    COPPER,
    CURSE,
    EVENT,
    GUIDE,
    N_CARDS,
    RATCATCHER,
    TEACHER,
    TRANSMOGRIFY,
    TREASURE,
    VICTORY,
)
from sim.cards import CALL_REPLAYS as DECLARED_CALL_REPLAYS
from sim.engine.adventures.mechanics import (
    AFTER_IDS,
    N_AFTER,
    event_allowed,
    played_as,
    start_call_named,
    start_item_due,
    types_of,
)
from sim.engine.adventures.random_bot import random_decide_adv, rc_can_replay
from sim.engine.codes import (
    ANY_COST,
    D_ACTION,
    D_BUY,
    DEC_CARD,
    DEC_DEFAULT,
    DEC_DEFAULT_LIST,
    DEC_LIMIT,
    DEC_RULES,
    DEC_TYPES,
    DEF_AFTER_ACTION,
    DEF_BUY,
    DEF_CHOOSE_COPPER_TO_MAT,
    DEF_CHOOSE_FREE_DISCARD,
    DEF_CHOOSE_TRASH_SILVER_COIN,
    DEF_COPY_COSTLIEST,
    DEF_COPY_UNLESS_JUNK,
    DEF_DISCARD,
    DEF_DISCARD_ATTACK_CURSE,
    DEF_DISCARD_FIRST,
    DEF_EXCHANGE,
    DEF_FIRST_PLAYED_GAIN,
    DEF_GAIN,
    DEF_GAIN_OF_TYPE,
    DEF_GAIN_PAIRED,
    DEF_GEAR_LIST,
    DEF_KEEP_BEST,
    DEF_MUST_TRASH,
    DEF_NONE,
    DEF_PLAY,
    DEF_PLAY_COPPER,
    DEF_START,
    DEF_TEACHER_TOKEN,
    DEF_TOKEN_PILE,
    DEF_TOPDECK_GAINED,
    DEF_TOPDECK_ORDER,
    DEF_TRASH_FOR_GAIN,
    DEF_TRASH_JUNK,
    DEF_TRASH_JUNK_NOT_COPPER,
    DEF_TRASH_PLAYED_JUNK,
    DEF_YES,
    DEF_YES_IF_OPTION0,
    LIM_ANY,
    RULES_ADVENTURES,
    USE_DEFAULT,
)
from sim.engine.decide import (
    DEC_ZONE,
    NEVER,
    R_DISCARD,
    R_PLAY,
    R_TRASH,
    best_in_zone,
    conditions_hold,
    ends_badly,
    first_listed_in_hand,
    gain_answer,
    has_list,
    has_rows,
    junk_in_hand,
    lowest_ranked_in_hand,
    must_trash,
    pick_gain,
    pick_pair,
    play_default,
    random_decide,
    rules_action,
    rules_attack_discard,
    rules_decide,
    seat_answer,
    trash_for_gain,
    trash_junk,
)
from sim.engine.layout import (
    ASIDE0,
    ASIDE_N,
    BOT,
    HAND0,
    HAND_N,
    IN_SUPPLY,
    MAT0,
    MAX_PLAYERS,
    N_COLS,
    N_SLOTS,
    N_START,
    P_WIDTH,
    PF_BOUNDS,
    PF_NPLAY,
    PF_PLAY,
    PF_RANKS,
    PF_RULES,
    PLAY0,
    RULE_WIDTH,
    START_IDS,
    SUPPLY,
    TOK_CARD,
    TOK_COST,
    TURNS,
    V_ACTIONS,
    V_COINS,
    V_CUR,
    V_MISSION,
    V_PENDING,
    V_THIS,
    V,
)
from sim.engine.program import (
    K_RANDOM,
    L_BUY,
    L_CALL,
    L_CHOOSE,
    L_EXCHANGE,
    L_TRANSMOGRIFY,
    R_TOKENS,
    W_GEAR,
    X_GEAR,
    X_START,
    X_TEACHER,
    X_TOKEN,
)
from sim.engine.steps import ask
from sim.engine.zones import can_gain, cost_cut, cost_of, lowered_cost, with_ability

BIG = 1 << 30


@njit(cache=True)
def is_junk(P, b, c):
    """``c`` is on the bot's trash list (Curses, Estates, Coppers by default)."""
    return c < 0 or P[b * P_WIDTH + PF_RANKS + R_TRASH * N_SLOTS + c] < NEVER


@njit(cache=True)
def non_terminal(S, T, p, c):
    """Playing ``c`` (as ``p`` plays it: an Estate under Inheritance) gives +Actions."""
    return T[played_as(S, p, c) * N_COLS + C_ACTIONS] > 0


@njit(cache=True)
def treasure_in_hand(S, T, p):
    h0 = HAND0 + p * N_SLOTS
    total = 0
    for c in range(N_CARDS):
        if S[h0 + c] and (T[c * N_COLS + C_TYPES] & TREASURE):
            total += S[h0 + c] * T[c * N_COLS + C_COINS]
    return total


@njit(cache=True)
def action_pile_for(S, T, P, b, p, avoid_own):
    """An Action Supply pile for a token: the first Action of the bot's play list that
    has a Supply pile (without ``p``'s -$2 or Trashing token when ``avoid_own``), else
    the first such pile by id; -1 if there is none."""
    for i in range(P[b * P_WIDTH + PF_NPLAY]):
        c = P[b * P_WIDTH + PF_PLAY + i]
        if pile_ok(S, T, p, c, avoid_own):
            return c
    for c in range(N_CARDS):
        if pile_ok(S, T, p, c, avoid_own):
            return c
    return -1


@njit(cache=True, inline="always")
def pile_ok(S, T, p, c, avoid_own):
    if S[IN_SUPPLY + c] == 0 or (T[c * N_COLS + C_TYPES] & ACTION) == 0:
        return False
    if avoid_own:
        for k in range(6):
            if S[TOK_CARD + k * MAX_PLAYERS + p] == c + 1:
                return False
    return True


@njit(cache=True)
def gain_of_type(S, T, P, Q, b, p, max_cost, type_mask, source):
    """pick_gain restricted to a type: the bot's list if it names one, else the costliest."""
    c = pick_gain(S, T, P, Q, b, p, max_cost, False, source)
    if c >= 0 and (T[c * N_COLS + C_TYPES] & type_mask):
        return c
    best = -1
    for k in range(N_CARDS):
        if (T[k * N_COLS + C_TYPES] & type_mask) and can_gain(S, T, k, max_cost):
            if best < 0 or cost_of(S, T, k) > cost_of(S, T, best):
                best = k
    return best


# ----------------------------------------------------------------------------- rule forms
@njit(cache=True, inline="always")
def extra_rank(P, b, x, c):
    return P[b * P_WIDTH + PF_RANKS + (R_TOKENS + x) * N_SLOTS + c]


@njit(cache=True)
def call_rule(S, T, P, Q, b, p, card, target):
    """The bot's Call rules for Reserve ``card`` (sim.engine.program L_CALL) called on
    ``target``: 1 if one holds, 0 if it has some and none holds, -1 if it has none (the
    default decides)."""
    found = False
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * L_CALL],
                   P[b * P_WIDTH + PF_BOUNDS + 2 * L_CALL + 1]):
        if P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r] != card:
            continue
        found = True
        on = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1]
        if on >= 0 and on != target:
            continue
        if conditions_hold(S, T, P, Q, b, r, p, S[V + V_COINS]):
            return 1
    return 0 if found else -1


@njit(cache=True)
def first_rule_answer(S, T, P, Q, b, p, lst, card):
    """The answer (second column) of the first rule of list ``lst`` (L_EXCHANGE,
    L_CHOOSE) for ``card`` whose conditions hold; -1 if none."""
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * lst],
                   P[b * P_WIDTH + PF_BOUNDS + 2 * lst + 1]):
        if P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r] != card:
            continue
        if conditions_hold(S, T, P, Q, b, r, p, S[V + V_COINS]):
            return P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1]
    return -1


@njit(cache=True)
def has_rules(P, b, lst):
    return P[b * P_WIDTH + PF_BOUNDS + 2 * lst + 1] > P[b * P_WIDTH + PF_BOUNDS + 2 * lst]


@njit(cache=True)
def wants_start_call(S, T, P, Q, b, p, c):
    """Whether the bot calls Reserve ``c`` (Guide, Ratcatcher, Transmogrify, Teacher) at
    the start of its turn: its Call rules for ``c`` if it has any; else Transmogrify when
    one of its Transmogrify rules applies (when it has some); else the defaults: Guide
    on a weak hand (nothing to play, $3 or less in Treasures, 5 cards or fewer),
    Ratcatcher and Transmogrify with junk in hand, Teacher while one of its tokens is
    off the piles and a pile is free for it."""
    r = call_rule(S, T, P, Q, b, p, c, -1)
    if r >= 0:
        return r == 1
    if c == GUIDE:
        return S[HAND_N + p] <= 5 and treasure_in_hand(S, T, p) <= 3 and \
            rules_action(S, T, P, Q, b, p) < 0
    if c == TRANSMOGRIFY and has_rules(P, b, L_TRANSMOGRIFY):
        ok = pick_pair(S, T, P, Q, b, p, L_TRANSMOGRIFY, 1) >= 0
        S[V + V_PENDING] = -1
        return ok
    if c == RATCATCHER or c == TRANSMOGRIFY:
        return junk_in_hand(S, P, b, p) >= 0
    if c == TEACHER and action_pile_for(S, T, P, b, p, True) >= 0:
        for k in range(4):
            if S[TOK_CARD + k * MAX_PLAYERS + p] == 0:
                return True
    return False


@njit(cache=True)
def start_choice(S, T, P, Q, b, p, calls_open):
    """D_START: with a ``start`` list, the first listed effect due or call wanted; else
    the game's start-of-turn cards in their declared default order (StartOfTurn.rank:
    Guide's call on the hand as dealt, before Gear's cards or a Duration's draw would be
    discarded with it; the effects due, Gear's cards first so a Ratcatcher call can
    trash one of them; then the other calls wanted).  Never -1 while an effect is due
    (after a -1 calls close).  A call is named by its Reserve, also for an Estate
    inheriting it (the turn calls that Estate)."""
    if has_list(P, b, X_START):
        best = -1
        for i in range(T[N_START]):
            c = T[START_IDS + i]
            r = extra_rank(P, b, X_START, c)
            if r >= NEVER or (best >= 0 and r >= extra_rank(P, b, X_START, best)):
                continue
            if start_item_due(S, T, p, c) or (calls_open and start_call_named(S, T, p, c)
                                              and wants_start_call(S, T, P, Q, b, p, c)):
                best = c
        if best >= 0:
            return best
    for i in range(T[N_START]):
        c = T[START_IDS + i]
        if start_item_due(S, T, p, c) or (calls_open and start_call_named(S, T, p, c)
                                          and wants_start_call(S, T, P, Q, b, p, c)):
            return c
    return -1


@njit(cache=True)
def token_pile(S, T, P, Q, b, p, k, avoid_own):
    """The pile for ``p``'s token ``k`` (0..5): the first pile of the bot's list for that
    token that can take it, else the default (the first Action of its play list with a
    Supply pile, else the first such pile by id)."""
    if has_list(P, b, X_TOKEN + k):
        best = -1
        for c in range(N_CARDS):
            if extra_rank(P, b, X_TOKEN + k, c) < NEVER and pile_ok(S, T, p, c, avoid_own) and \
                    (best < 0 or extra_rank(P, b, X_TOKEN + k, c) < extra_rank(P, b, X_TOKEN + k,
                                                                              best)):
                best = c
        if best >= 0:
            return best
    return action_pile_for(S, T, P, b, p, avoid_own)


@njit(cache=True)
def quest_option_ok(S, T, P, b, p, option):
    h0 = HAND0 + p * N_SLOTS
    if option == 0:
        return best_in_zone(S, T, P, b, p, HAND0, R_DISCARD, ATTACK, True) >= 0
    if option == 1:
        return S[h0 + CURSE] >= 2
    return option == 2 and S[HAND_N + p] >= 6


@njit(cache=True)
def after_action_call(S, T, P, Q, b, p, arg):
    """D_AFTER_ACTION: the after-Action Reserves on the mat, in the window's order
    (mechanics.AFTER_IDS: calls that give Actions before calls that replay), each by its
    Call rules on the Action just resolved (``arg``); without any for the card, by what
    its call does (Card.call_actions, call_replays): a call that only gives Actions (Coin
    of the Realm) when the Actions ran out with an Action in hand to play; a call that
    replays (Royal Carriage) on a non-terminal Action (its replay leaves the turn's
    Actions no worse) at least as costly as every non-terminal Action still in hand (a
    better target is not coming this turn), when that copy can be replayed.  The first
    replaying call on the mat decides (yes or no), as the window closes after it."""
    for i in range(N_AFTER):
        x = AFTER_IDS[i]
        if DECLARED_CALL_REPLAYS[x]:
            if with_ability(S, p, MAT0, x) and arg >= 0 and rc_can_replay(S, p, arg):
                return replay_call(S, T, P, Q, b, p, x, arg)
        elif with_ability(S, p, MAT0, x):
            r = call_rule(S, T, P, Q, b, p, x, arg)
            if r == 1 or (r < 0 and S[V + V_ACTIONS] == 0 and
                          rules_action(S, T, P, Q, b, p) >= 0):
                return x
    return -1


@njit(cache=True, inline="always")
def replay_call(S, T, P, Q, b, p, x, arg):
    """Whether to call ``x``, a Reserve that replays the Action ``arg`` just resolved (its
    Call rules; else the default of :func:`after_action_call`): ``x``, or -1."""
    r = call_rule(S, T, P, Q, b, p, x, arg)
    if r >= 0:
        return x if r == 1 else -1
    if not non_terminal(S, T, p, arg):
        return -1
    h0 = HAND0 + p * N_SLOTS
    k = cost_of(S, T, arg)
    for c in range(N_CARDS):
        if S[h0 + c] and (types_of(S, T, p, c) & ACTION) and non_terminal(S, T, p, c) \
                and cost_of(S, T, c) > k:
            return -1
    return x


@njit(cache=True)
def rules_decide_adv(S, T, P, Q, b, p, d, arg):
    """A rule bot's answer to Adventures decision ``d``: the pattern its record declares
    (sim.engine.codes DEC_DEFAULT; see sim.engine.decide.rules_decide for why the table).

    The patterns of most turns come first, in this small function.  The full list
    (:func:`rules_decide_adv_rest`) is one large function whose every call first clears
    the return slots of its many inner calls: for a Dungeon discard that cost more than
    the answer."""
    pattern = DEC_DEFAULT[d]
    if pattern == DEF_DISCARD:
        return rules_attack_discard(S, T, P, b, p)
    if pattern == DEF_AFTER_ACTION:
        return after_action_call(S, T, P, Q, b, p, arg)
    if pattern == DEF_START:
        return start_choice(S, T, P, Q, b, p, arg == 0)
    if pattern == DEF_YES:
        return 1
    if pattern == DEF_CHOOSE_TRASH_SILVER_COIN:
        # Its Choose rules for the card; else trash junk, else a Silver early, else +$1.
        r = first_rule_answer(S, T, P, Q, b, p, L_CHOOSE, DEC_CARD[d])
        if r >= 0 and (r != 1 or S[HAND_N + p] > 0):
            return r
        if junk_in_hand(S, P, b, p) >= 0:
            return 1
        return 2 if S[TURNS + p] < 10 else 0
    if pattern == DEF_MUST_TRASH:
        return must_trash(S, P, b, p)
    return rules_decide_adv_rest(S, T, P, Q, b, p, d, arg)


@njit(cache=True)
def rules_decide_adv_rest(S, T, P, Q, b, p, d, arg):
    """:func:`rules_decide_adv` for the other patterns (sim.cards.decisions
    ADVENTURES_DEFAULTS; any other: -1)."""
    h0 = HAND0 + p * N_SLOTS
    m0 = MAT0 + p * N_SLOTS
    pattern = DEC_DEFAULT[d]
    if pattern == DEF_EXCHANGE:
        # Its first Exchange / Keep rule for this Traveller that holds; else exchange.
        r = first_rule_answer(S, T, P, Q, b, p, L_EXCHANGE, arg)
        return 1 if r < 0 else r
    if pattern == DEF_COPY_UNLESS_JUNK:
        # Its Call rules for the card on the card just gained; without any, a copy of
        # anything it would not trash (Curses, Estates, Coppers by default).
        r = call_rule(S, T, P, Q, b, p, DEC_CARD[d], arg)
        if r >= 0:
            return r
        return 0 if is_junk(P, b, arg) else 1
    if pattern == DEF_TOPDECK_GAINED:
        # Onto the deck (drawn next turn) unless it is junk or a card that only scores.
        t = T[arg * N_COLS + C_TYPES]
        return 0 if is_junk(P, b, arg) or (t & (ACTION | TREASURE)) == 0 else 1
    if pattern == DEF_TRASH_FOR_GAIN:
        return trash_for_gain(S, T, P, Q, b, p, d)
    if pattern == DEF_GEAR_LIST:
        # Its gear list: the first listed card in hand whose conditions hold (only listed
        # cards; asked again after each card set aside).  Without one: with no Action left
        # this turn the Actions in hand are dead: keep (up to 2 of) them for next turn, the
        # one it would play first first.  Otherwise keep nothing.
        if has_list(P, b, X_GEAR):
            if has_rows(P, b, W_GEAR):
                return first_listed_in_hand(S, T, P, Q, b, p, W_GEAR)
            return lowest_ranked_in_hand(S, P, b, p, R_TOKENS + X_GEAR, NEVER)
        if S[V + V_ACTIONS] == 0:
            return best_in_zone(S, T, P, b, p, HAND0, R_PLAY, ACTION, True)
        return -1
    if pattern == DEF_GAIN_PAIRED or pattern == DEF_GAIN:
        return gain_answer(S, T, P, Q, b, p, d, arg, pattern)
    if pattern == DEF_GAIN_OF_TYPE:
        limit = ANY_COST if DEC_LIMIT[d] == LIM_ANY else arg
        return gain_of_type(S, T, P, Q, b, p, limit, DEC_TYPES[d], DEC_CARD[d])
    if pattern == DEF_TEACHER_TOKEN:
        return teacher_token(S, P, b, p)
    if pattern == DEF_TOKEN_PILE:
        # The record's card (Teacher), while it is being called ("this"), must pick a pile
        # with none of p's tokens; the Events may put a token anywhere, so they take the
        # first pile of its list.
        return token_pile(S, T, P, Q, b, p, arg, S[V + V_THIS] == DEC_CARD[d])
    if pattern == DEF_TRASH_JUNK_NOT_COPPER:
        # Trash junk worth looking at cards for (an Estate: 2 cards), else Raze itself;
        # on Raze's second play (arg 1: Raze already left play) a card from hand must go.
        c = junk_in_hand(S, P, b, p)
        if arg == 1:
            return must_trash(S, P, b, p)
        return c if c >= 0 and c != COPPER else -1
    if pattern == DEF_KEEP_BEST:
        x = DEC_DEFAULT_LIST[d]
        if x >= 0 and has_list(P, b, x):
            c = lowest_ranked_in_hand(S, P, b, p, R_TOKENS + x, NEVER)
            if c >= 0:
                return c
        return best_in_zone(S, T, P, b, p, DEC_ZONE[d], R_DISCARD, 0, False)
    if pattern == DEF_YES_IF_OPTION0:
        r = first_rule_answer(S, T, P, Q, b, p, L_CHOOSE, DEC_CARD[d])
        return 1 if r == 0 else 0       # option 0: "discard deck" (answer 1), 1: keep it
    if pattern == DEF_CHOOSE_COPPER_TO_MAT:
        r = first_rule_answer(S, T, P, Q, b, p, L_CHOOSE, DEC_CARD[d])
        if r == 1 or (r == 0 and S[h0 + COPPER]):
            return r
        return 0 if (S[h0 + COPPER] and S[m0 + COPPER] < 3) else 1
    if pattern == DEF_NONE:
        return -1
    if pattern == DEF_PLAY_COPPER:
        return COPPER if S[h0 + COPPER] else -1
    if pattern == DEF_PLAY:
        return play_default(S, T, P, Q, b, p, d)
    if pattern == DEF_TOPDECK_ORDER:
        # The card it values least goes down first (the last one put is drawn first).  The
        # cards going onto the deck are the looked-at ones (Scouting Party) while any are
        # set out, else the hand (Haunted Woods).
        if S[ASIDE_N + p] > 0:
            return best_in_zone(S, T, P, b, p, ASIDE0, R_DISCARD, 0, True)
        return lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)
    if pattern == DEF_TRASH_JUNK:
        return trash_junk(S, T, P, b, p, d)
    if pattern == DEF_CHOOSE_FREE_DISCARD:
        return quest_option(S, T, P, Q, b, p, DEC_CARD[d])
    if pattern == DEF_DISCARD_ATTACK_CURSE:
        # An Attack while one is in hand (the option it takes with one), else a Curse
        # (the option it takes with two and no Attack), else its first discard.
        c = best_in_zone(S, T, P, b, p, HAND0, R_DISCARD, ATTACK, True)
        if c >= 0:
            return c
        if S[h0 + CURSE]:
            return CURSE
        return lowest_ranked_in_hand(S, P, b, p, R_DISCARD, BIG)
    if pattern == DEF_DISCARD_FIRST:
        return best_in_zone(S, T, P, b, p, DEC_ZONE[d], R_DISCARD, DEC_TYPES[d], True)
    if pattern == DEF_TRASH_PLAYED_JUNK:
        c = best_in_zone(S, T, P, b, p, PLAY0, R_TRASH, 0, True)
        r0 = b * P_WIDTH + PF_RANKS + R_TRASH * N_SLOTS
        if c >= 0 and P[r0 + c] < NEVER and (T[c * N_COLS + C_TYPES] & ACTION) == 0:
            return c
        return -1
    if pattern == DEF_COPY_COSTLIEST:
        return copy_costliest(S, T, p, arg)
    if pattern == DEF_FIRST_PLAYED_GAIN:
        r0 = b * P_WIDTH + PF_RANKS + R_PLAY * N_SLOTS
        best = -1
        for c in range(N_CARDS):
            t = T[c * N_COLS + C_TYPES]
            if (t & ACTION) and not (t & VICTORY) and can_gain(S, T, c, arg):
                if best < 0 or P[r0 + c] < P[r0 + best]:
                    best = c
        return best
    return -1


@njit(cache=True)
def teacher_token(S, P, b, p):
    """DEF_TEACHER_TOKEN: its teacher_tokens list: the first listed token not yet on a
    pile, else the first listed.  Without one: a token not yet on a pile, else the +1
    Action token (onto a new pile)."""
    if has_list(P, b, X_TEACHER):
        first = -1
        for k in range(4):
            if extra_rank(P, b, X_TEACHER, k) >= NEVER:
                continue
            if first < 0 or extra_rank(P, b, X_TEACHER, k) < extra_rank(P, b, X_TEACHER, first):
                first = k
        best = -1
        for k in range(4):
            if extra_rank(P, b, X_TEACHER, k) < NEVER and \
                    S[TOK_CARD + k * MAX_PLAYERS + p] == 0 and \
                    (best < 0 or extra_rank(P, b, X_TEACHER, k) < extra_rank(P, b, X_TEACHER,
                                                                             best)):
                best = k
        if best >= 0:
            return best
        if first >= 0:
            return first
    for k in range(4):
        if S[TOK_CARD + k * MAX_PLAYERS + p] == 0:
            return k
    return 1


@njit(cache=True)
def quest_option(S, T, P, Q, b, p, card):
    """DEF_CHOOSE_FREE_DISCARD: its first holding Choose rule for ``card`` whose option it can
    complete.  Else, bought in the Buy phase, when the cards left in hand are dead: a Gold
    for an Attack, two Curses or six cards is free.  Never an option it cannot complete."""
    h0 = HAND0 + p * N_SLOTS
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * L_CHOOSE],
                   P[b * P_WIDTH + PF_BOUNDS + 2 * L_CHOOSE + 1]):
        if P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r] == card:
            option = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r + 1]
            if quest_option_ok(S, T, P, b, p, option) and \
                    conditions_hold(S, T, P, Q, b, r, p, S[V + V_COINS]):
                return option
    if best_in_zone(S, T, P, b, p, HAND0, R_DISCARD, ATTACK, True) >= 0:
        return 0
    if S[h0 + CURSE] >= 2:
        return 1
    return 2 if S[HAND_N + p] >= 6 else -1


@njit(cache=True)
def copy_costliest(S, T, p, arg):
    """DEF_COPY_COSTLIEST: cards are named in increasing id order (arg: the last one
    named, or -1): the three costliest cards in play that can be gained, costing $2 or
    more."""
    t1 = t2 = t3 = -1
    for c in range(N_CARDS):
        if S[PLAY0 + p * N_SLOTS + c] == 0 or not can_gain(S, T, c, BIG) or \
                T[c * N_COLS + C_COST] < 2:
            continue
        k = T[c * N_COLS + C_COST]
        if t1 < 0 or k > T[t1 * N_COLS + C_COST]:
            t3 = t2
            t2 = t1
            t1 = c
        elif t2 < 0 or k > T[t2 * N_COLS + C_COST]:
            t3 = t2
            t2 = c
        elif t3 < 0 or k > T[t3 * N_COLS + C_COST]:
            t3 = c
    best = -1
    for c in (t1, t2, t3):
        if c > arg and (best < 0 or c < best):
            best = c
    return best


# ----------------------------------------------------------------------------- rule shortcuts
@njit(cache=True, inline="always")
def ask_rule(S, R, T, P, Q, H, p, d, arg, b):
    """``ask`` for a frequent Adventures question: a rule bot without a hook (``b`` =
    :func:`rule_seat` >= 0) is answered by its rule defaults directly, which is where
    ``ask`` would end up (adventures.decide.decide_adv -> rules_decide_adv)."""
    if b >= 0:
        return rules_decide_adv(S, T, P, Q, b, p, d, arg)
    return ask(S, R, T, P, Q, H, p, d, arg)


@njit(cache=True)
def pick_buy_adv(S, T, P, Q, b, p):
    """A rule bot's buy in an Adventures game: the first rule of its buy list whose card
    can be bought now (an Event: in the game, affordable, allowed; on a Mission turn
    only Events) and whose conditions hold; -1 if none."""
    coins = S[V + V_COINS]
    mission = S[V + V_MISSION] != 0
    # zones.cost_of's reductions, read once for the whole list (they cannot change while
    # the bot picks): the current player's Bridge Trolls in play and the turn's Bridges,
    # the -$2 cost token's pile.  cost_of reads them through a call for every card it
    # prices.
    cur = S[V + V_CUR]
    trolls = cost_cut(S, cur)
    token_pile = S[TOK_COST + cur] - 1
    for r in range(P[b * P_WIDTH + PF_BOUNDS + 2 * L_BUY],
                   P[b * P_WIDTH + PF_BOUNDS + 2 * L_BUY + 1]):
        c = P[b * P_WIDTH + PF_RULES + RULE_WIDTH * r]
        # A card with a pile left (an Event never has one), else an Event (its type).
        card = S[SUPPLY + c] > 0
        if card:
            if mission:
                continue
            if lowered_cost(c, T[c * N_COLS + C_COST], trolls, token_pile) > coins:
                continue
        elif not (T[c * N_COLS + C_TYPES] & EVENT) or not event_allowed(S, T, p, c):
            continue
        if not conditions_hold(S, T, P, Q, b, r, p, coins):
            continue
        if card and ends_badly(S, T, P, b, p, c):
            continue
        return c
    return -1


# ----------------------------------------------------------------------------- dispatch
@njit(cache=True)
def decide_adv(S, R, T, P, Q, hooks, p, d, arg):
    """sim.engine.decide.decide for a game with Adventures cards or Events: the same
    dispatch (sim.engine.decide.seat_answer: agent script, hook, Python bot), then the
    Adventures decisions' rule defaults and random answers, and the random bot's buys
    (Events too) and Action plays (an inheriting Estate).  Reached through its member of
    the deciders (layout DECIDE_ADV, sim.engine.decision_pair.decision_calls) for the
    base and Adventures questions of a game running the Adventures turn, so base-set
    games never compile it (another set's rule bot has its own decider: Intrigue's)."""
    r, kind = seat_answer(S, T, P, hooks, p, d, arg)
    if r != USE_DEFAULT:
        return r
    # Which rule bot answers d is declared with it (sim.engine.codes: DEC_RULES; only
    # RULES_BASE and RULES_ADVENTURES questions come here: DEC_DECIDER).
    adventures = DEC_RULES[d] == RULES_ADVENTURES
    if kind == K_RANDOM:
        if adventures or d == D_BUY or d == D_ACTION:
            return random_decide_adv(S, R, T, p, d, arg)
        return random_decide(S, R, T, p, d, arg)
    b = S[BOT + p]
    if adventures:
        return rules_decide_adv(S, T, P, Q, b, p, d, arg)
    if DEC_DEFAULT[d] == DEF_BUY:     # its buy list, Events too
        return pick_buy_adv(S, T, P, Q, b, p)
    return rules_decide(S, T, P, Q, p, d, arg)
