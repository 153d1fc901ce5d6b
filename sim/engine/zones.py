"""Compiled primitives that move cards between zones, keep counts and log.

Every card movement in the engine goes through these few functions, so the
invariants (cards conserved, counts never negative, the ``*_N`` totals equal
the sums of their zones) only have to be right here.  ``S`` is the state
vector, ``R`` the random streams, ``T`` the card table (see sim.engine.layout):
column ``k`` of card ``c`` is ``T[c * N_COLS + k]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import (
    C_COINS,
    C_COST,
    C_TYPES,
    C_VP,
    COST_CUT,
    COST_CUT_CARDS,
    ESTATE,
    MAT_VP,
    MAT_VP_CARDS,
    N_CARDS,
    PROVINCE,
)
from sim.engine.codes import (
    ERR_OVERFLOW,
    EV_DRAW,
    EV_GAIN,
    EV_SHUFFLE,
    EV_TOKEN,
    EV_TRASH,
    TOKEN_MINUS_CARD,
    TOKEN_MINUS_COIN,
)
from sim.engine.layout import (
    ASIDE0,
    ASIDE_N,
    DECK,
    DECK_N,
    DISC0,
    DISC_N,
    DISC_TOP,
    ERR,
    GAINED,
    GAINED_IDS,
    GAINED_SLOTS,
    GAME_IDS,
    GAME_IDS_N,
    HAND0,
    HAND_N,
    HIDDEN_FIX,
    IN_SUPPLY,
    INHERIT,
    LOG,
    LOG_WIDTH,
    MAT0,
    MAX_DECK,
    MAX_PLAYERS,
    MINUS_CARD,
    MINUS_COIN,
    MONEY,
    N_COLS,
    N_SLOTS,
    N_TYPE_BITS,
    N_VP_RULES,
    OWN0,
    OWN_N,
    PASSED,
    PLAY0,
    PLAY_N,
    PS,
    SECRET_N,
    SUPPLY,
    T_ADV,
    T_NIDS,
    TOK_COST,
    TRASH,
    TURNS,
    TYPE_N,
    UNKNOWN,
    V_BRIDGES,
    V_COINS,
    V_CUR,
    V_EMPTY,
    V_LOG_CAP,
    V_LOG_N,
    V_LOG_ON,
    V_LOG_TRUNC,
    V_NP,
    VP,
    VP_PER_CARD,
    VP_PER_CARDS,
    VP_RULE_IDS,
    Z_DISC,
    ZONE_STRIDE,
    ZONES,
    V,
)
from sim.engine.rng import shuffle

# Where a gained card goes (also the ``extra`` of its EV_GAIN log row).
GAIN_TO_DISCARD = 0
GAIN_TO_HAND = 1
GAIN_TO_DECK = 2


@njit(cache=True, inline="always")
def log_event(S, ev, p, card, count, extra):
    """Append one row to the game log (only when logging is on).  What is inlined at
    each of the engine's many call sites is the check alone, one load where a game of
    bots plays with the log off; the row is written out of line (:func:`write_log_row`):
    numba's compile time grows with the code inlined into a function (a turn inlines
    this at some twenty sites), the speed of a game without a log does not."""
    if S[V + V_LOG_ON]:
        write_log_row(S, ev, p, card, count, extra)


@njit(cache=True)
def write_log_row(S, ev, p, card, count, extra):
    """:func:`log_event`'s row, written (the log is on)."""
    n = S[V + V_LOG_N]
    if n >= S[V + V_LOG_CAP]:
        S[V + V_LOG_TRUNC] = 1
        return
    o = LOG + n * LOG_WIDTH
    S[o] = ev
    S[o + 1] = S[TURNS + S[V + V_CUR]] + 1
    S[o + 2] = p
    S[o + 3] = card
    S[o + 4] = count
    S[o + 5] = extra
    S[V + V_LOG_N] = n + 1


# ----------------------------------------------------------------------------- abilities
# Inheritance (ADVENTURES.md §5): a player's Estates have the abilities and types of the
# card their Estate token is on (``S[INHERIT + p]``: that card's id + 1, 0 before
# Inheritance).  Every engine test for a card's ability ("a Royal Carriage on the mat",
# "Bridge Trolls in play", "this gain is a Lost City") goes through these, so an
# inheriting Estate is never missed; with no Estate token placed each is the plain test
# of the card plus one compare.


@njit(cache=True, inline="always")
def played_as(S, p, c):
    """The card whose text ``c`` has for ``p``: an Estate of a player whose Estate token
    is on a card (Inheritance) has that card's abilities; any other card its own."""
    if c == ESTATE and S[INHERIT + p]:
        return S[INHERIT + p] - 1
    return c


@njit(cache=True, inline="always")
def types_of(S, T, p, c):
    """``c``'s types for ``p`` (an inheriting Estate adds the inherited card's)."""
    t = T[c * N_COLS + C_TYPES]
    if c == ESTATE and S[INHERIT + p]:
        t |= T[(S[INHERIT + p] - 1) * N_COLS + C_TYPES]
    return t


@njit(cache=True, inline="always")
def has_ability(S, p, c, x):
    """Card ``c`` of ``p``'s has card ``x``'s abilities: it is ``x``, or an Estate while
    ``p``'s Estate token is on ``x``."""
    return c == x or (c == ESTATE and S[INHERIT + p] == x + 1)


@njit(cache=True, inline="always")
def with_ability(S, p, z0, x):
    """How many of ``p``'s cards in the count zone ``z0`` (HAND0, PLAY0, MAT0, ...) have
    card ``x``'s abilities: the copies of ``x`` there, plus ``p``'s Estates there while
    ``p``'s Estate token is on ``x``."""
    o = z0 + p * N_SLOTS
    n = S[o + x]
    if S[INHERIT + p] == x + 1:
        n += S[o + ESTATE]
    return n


@njit(cache=True, inline="always")
def card_with_ability(S, p, z0, x):
    """Which of ``p``'s cards in the count zone ``z0`` to use as an ``x`` (to call from
    the mat, to react with from the hand): ``x`` itself while there is one, else an
    Estate with ``x``'s abilities; -1 when there is neither."""
    o = z0 + p * N_SLOTS
    if S[o + x] > 0:
        return x
    if S[INHERIT + p] == x + 1 and S[o + ESTATE] > 0:
        return ESTATE
    return -1


# shuffle_discard writes a card's copies FILL at a time (4: its stores are written out).
FILL = 4


@njit(cache=True)
def shuffle_discard(S, R, p):
    """Turn the discard pile (only it) into a new, shuffled draw pile.

    The pile is filled in card-id order, then shuffled, so that order is part of every
    seeded game.  The fill walks only the game's ids (layout.GAME_IDS, ascending: the
    same order) and stops after the last card present: an Adventures kingdom is ids
    33..70, and stepping through the ~30 ids below it that are in no pile of the game
    was half of every shuffle.  Each id's copies are written FILL at a time, a count of
    0 included, with no test of the count: the slots past the pile's top that this
    writes are not part of the pile (later ids overwrite them), and the branches on
    each count (is it 0, when does its copy loop end) were mispredicted most of the
    fill's time (a micro-benchmark of the fill on Adventures piles: 121 ns a shuffle
    walking every id, 108 walking the game's ids, 37 with FILL-wide writes too).  A
    pile too big for that slack takes :func:`fill_by_every_id`.
    """
    d0 = DISC0 + p * N_SLOTS
    k0 = DECK + p * MAX_DECK
    n = 0
    left = S[DISC_N + p]
    if left <= MAX_DECK - FILL:
        m = S[GAME_IDS_N]
        i = 0
        while left > 0 and i < m:
            c = S[GAME_IDS + i]
            k = S[d0 + c]
            S[d0 + c] = 0
            o = k0 + n
            S[o] = c                    # FILL copies, whatever k is (0 included)
            S[o + 1] = c
            S[o + 2] = c
            S[o + 3] = c
            j = FILL
            while j < k:                # and FILL more until there are k
                S[o + j] = c
                S[o + j + 1] = c
                S[o + j + 2] = c
                S[o + j + 3] = c
                j += FILL
            n += k
            left -= k
            i += 1
    if left > 0:                        # a card of no pile of this game was there
        n = fill_by_every_id(S, p, n)
    S[DECK_N + p] = n
    S[UNKNOWN + p] = n
    S[DISC_N + p] = 0
    S[DISC_TOP + p] = -1
    shuffle(S, k0, n, R, 2 * p)
    log_event(S, EV_SHUFFLE, p, -1, n, 0)


@njit(cache=True)
def fill_by_every_id(S, p, n):
    """:func:`shuffle_discard`'s fill when the discard pile holds a card that is in no
    pile of the game (a test can set one there; or a state whose GAME_IDS was never
    set), or more than MAX_DECK - FILL cards: the ``n`` cards moved so far go back, and
    every id is walked, one copy at a time, so the draw pile is still filled in id
    order.  Returns how many cards it holds."""
    d0 = DISC0 + p * N_SLOTS
    k0 = DECK + p * MAX_DECK
    for j in range(n):
        S[d0 + S[k0 + j]] += 1
    n = 0
    left = S[DISC_N + p]
    c = 0
    while left > 0 and c < N_CARDS:     # stop after the last card id present
        k = S[d0 + c]
        if k:
            for _ in range(k):
                S[k0 + n] = c
                n += 1
            S[d0 + c] = 0
            left -= k
        c += 1
    return n


@njit(cache=True)
def minus_card_token(S, p, n):
    """``p``'s -1 Card token comes off their deck and the draw of ``n`` is one fewer
    (kept out of line: :func:`draw` is inlined everywhere and the token is rare)."""
    S[MINUS_CARD + p] = 0
    log_event(S, EV_TOKEN, p, -1, TOKEN_MINUS_CARD, -1)
    return n - 1


@njit(cache=True, inline="always")
def draw(S, R, p, n):
    """Draw up to ``n`` cards; shuffle the discard pile only when a draw needs it.

    With ``p``'s -1 Card token on the deck (Adventures), the draw is one card fewer
    and the token comes off, even when that leaves nothing to draw.
    """
    if S[MINUS_CARD + p]:
        n = minus_card_token(S, p, n)
    return draw_plain(S, R, p, n)


@njit(cache=True, inline="always")
def draw_plain(S, R, p, n):
    """:func:`draw` without the -1 Card token: for the base game's own turn
    (sim.engine.game.play_turn, never run in an Adventures game), where every
    instruction of a draw counts."""
    h0 = HAND0 + p * N_SLOTS
    k0 = DECK + p * MAX_DECK
    logging = S[V + V_LOG_ON] != 0
    drawn = 0
    while drawn < n:
        k = S[DECK_N + p]
        if k == 0:
            if S[DISC_N + p] == 0:
                break
            shuffle_discard(S, R, p)
            k = S[DECK_N + p]
        k -= 1
        c = S[k0 + k]
        S[DECK_N + p] = k
        S[h0 + c] += 1
        drawn += 1
        if logging:
            log_event(S, EV_DRAW, p, c, 1, 0)
    S[HAND_N + p] += drawn
    return drawn


@njit(cache=True, inline="always")
def count_owned(S, T, p, c, delta):
    """Keep the running totals that rule conditions read (money, cards by type)."""
    S[OWN0 + p * N_SLOTS + c] += delta
    S[OWN_N + p] += delta
    S[MONEY + p] += delta * T[c * N_COLS + C_COINS]
    S[VP + p] += delta * T[c * N_COLS + C_VP]
    types = T[c * N_COLS + C_TYPES]
    for k in range(N_TYPE_BITS):
        if types & (1 << k):
            S[TYPE_N + k * MAX_PLAYERS + p] += delta


@njit(cache=True, inline="always")
def deck_push(S, p, c):
    """Put ``c`` (already taken out of its zone) on top of ``p``'s draw pile.

    The owner knows it is there: the known part of a draw pile is the cards
    above its ``UNKNOWN`` bottom ones (:func:`known_on_deck`); a shuffle makes
    the whole new pile unknown again.
    """
    n = S[DECK_N + p]
    if n >= MAX_DECK:
        S[ERR] = ERR_OVERFLOW
        return
    if S[UNKNOWN + p] > n:      # cards were drawn since: the unknown part shrank
        S[UNKNOWN + p] = n
    S[DECK + p * MAX_DECK + n] = c
    S[DECK_N + p] = n + 1


@njit(cache=True)
def deck_insert(S, p, c, depth):
    """Put ``c`` (already taken out of its zone) into ``p``'s draw pile with ``depth`` of
    its cards above it (0: on top; DECK_N: at the bottom), as Secret Passage does.

    The draw pile is an array, bottom first: the cards above the place move up one.
    Put into the part ``p`` knows (:func:`known_on_deck`), the card is known too; put
    among the unknown bottom cards, it counts as one of them (``p`` knows where it is,
    but the pile's known part is its top).
    """
    n = S[DECK_N + p]
    if n >= MAX_DECK:
        S[ERR] = ERR_OVERFLOW
        return
    k0 = DECK + p * MAX_DECK
    i = n - depth
    for j in range(n, i, -1):
        S[k0 + j] = S[k0 + j - 1]
    S[k0 + i] = c
    S[DECK_N + p] = n + 1
    u = S[UNKNOWN + p]
    if u > n:                   # cards were drawn since: the unknown part shrank
        u = n
    S[UNKNOWN + p] = u + 1 if i < u else u


@njit(cache=True, inline="always")
def known_on_deck(S, p):
    """How many cards on top of ``p``'s draw pile ``p`` knows (put there or looked at
    and put back since the last shuffle); the order below them is hidden."""
    n = S[DECK_N + p]
    u = S[UNKNOWN + p]
    return n - u if n > u else 0


@njit(cache=True)
def take_top(S, R, p):
    """Take the top card of ``p``'s draw pile into ``p``'s set-aside zone, to be
    looked at, revealed or set aside; shuffles the discard pile first if the draw
    pile is empty.  Returns the card, or -1 when both piles are empty.  The caller
    puts the card somewhere (hand, discard, trash, back on the deck) with
    :func:`move_card`, :func:`trash_from` or :func:`topdeck_from`."""
    k = S[DECK_N + p]
    if k == 0:
        if S[DISC_N + p] == 0:
            return -1
        shuffle_discard(S, R, p)
        k = S[DECK_N + p]
    k -= 1
    c = S[DECK + p * MAX_DECK + k]
    S[DECK_N + p] = k
    S[ASIDE0 + p * N_SLOTS + c] += 1
    S[ASIDE_N + p] += 1
    return c


@njit(cache=True)
def discard_top_after_taking(S, p, c):
    """The discard pile's top card after ``c`` was taken out of it.

    The engine keeps a discard pile as counts, plus its top card (public).  A
    card taken from it (Harbinger) that was the last copy of the top card
    leaves the top as the card with the highest id still there: the order the
    engine fixes for cards moved together at Cleanup (see :func:`cleanup`).
    """
    if S[DISC_TOP + p] != c or S[DISC0 + p * N_SLOTS + c] > 0:
        return
    top = -1
    d0 = DISC0 + p * N_SLOTS
    for k in range(N_CARDS):
        if S[d0 + k]:
            top = k
    S[DISC_TOP + p] = top


@njit(cache=True, inline="always")
def take_from_zone(S, p, z, c):
    """Remove one ``c`` from ``p``'s count zone ``z`` (hand, play, discard, aside)."""
    S[ZONES + z * ZONE_STRIDE + p * N_SLOTS + c] -= 1
    S[PS + z * MAX_PLAYERS + p] -= 1
    if z == Z_DISC:
        discard_top_after_taking(S, p, c)


@njit(cache=True, inline="always")
def move_card(S, p, z_from, z_to, c):
    """Move one ``c`` between two of ``p``'s count zones (sim.engine.layout Z_*); a
    card put into the discard pile becomes its top card."""
    take_from_zone(S, p, z_from, c)
    S[ZONES + z_to * ZONE_STRIDE + p * N_SLOTS + c] += 1
    S[PS + z_to * MAX_PLAYERS + p] += 1
    if z_to == Z_DISC:
        S[DISC_TOP + p] = c


@njit(cache=True, inline="always")
def topdeck_from(S, p, z, c):
    """Put one ``c`` from ``p``'s zone ``z`` onto ``p``'s draw pile."""
    take_from_zone(S, p, z, c)
    deck_push(S, p, c)


@njit(cache=True, inline="always")
def trash_from(S, T, p, z, c):
    """Trash one ``c`` from ``p``'s zone ``z``."""
    take_from_zone(S, p, z, c)
    count_owned(S, T, p, c, -1)
    S[TRASH + c] += 1
    log_event(S, EV_TRASH, p, c, 1, 0)


@njit(cache=True, inline="always")
def gain(S, T, p, c, where):
    """Gain card ``c`` from the supply (the caller checked the pile is not empty)."""
    S[SUPPLY + c] -= 1
    if S[SUPPLY + c] == 0:
        S[V + V_EMPTY] += 1
    gain_arrives(S, T, p, c, where)
    log_event(S, EV_GAIN, p, c, 1, where)


@njit(cache=True, inline="always")
def gain_arrives(S, T, p, c, where):
    """The gained ``c`` (taken from where it was: a Supply pile, :func:`gain`; the trash,
    Lurker) becomes ``p``'s, at ``where``.  The caller logs the gain (EV_GAIN: where it
    went, or codes.GAIN_FROM_TRASH)."""
    count_owned(S, T, p, c, 1)
    if S[V + V_CUR] == p:           # gains on p's own turn (Treasure Hunter, rule terms)
        k = S[GAINED + p]
        if k < GAINED_SLOTS:
            S[GAINED_IDS + p * GAINED_SLOTS + k] = c
        S[GAINED + p] = k + 1
    if where == GAIN_TO_HAND:
        S[HAND0 + p * N_SLOTS + c] += 1
        S[HAND_N + p] += 1
    elif where == GAIN_TO_DECK:
        deck_push(S, p, c)
    else:
        S[DISC0 + p * N_SLOTS + c] += 1
        S[DISC_N + p] += 1
        S[DISC_TOP + p] = c


@njit(cache=True, inline="always")
def trash_from_hand(S, T, p, c):
    S[HAND0 + p * N_SLOTS + c] -= 1
    S[HAND_N + p] -= 1
    count_owned(S, T, p, c, -1)
    S[TRASH + c] += 1
    log_event(S, EV_TRASH, p, c, 1, 0)


@njit(cache=True, inline="always")
def discard_from_hand(S, p, c):
    S[HAND0 + p * N_SLOTS + c] -= 1
    S[HAND_N + p] -= 1
    S[DISC0 + p * N_SLOTS + c] += 1
    S[DISC_N + p] += 1
    S[DISC_TOP + p] = c


@njit(cache=True, inline="always")
def play_from_hand(S, p, c):
    S[HAND0 + p * N_SLOTS + c] -= 1
    S[HAND_N + p] -= 1
    S[PLAY0 + p * N_SLOTS + c] += 1
    S[PLAY_N + p] += 1


@njit(cache=True, inline="always")
def cleanup(S, p):
    """Hand and cards in play go to the discard pile.

    Their order there is the player's choice; the engine fixes it as card-id order
    (sim.cards), hand and play together, so the discard pile's top card (public)
    is the card with the highest id among those moved: a kingdom card if any,
    else Curse, Province, Duchy, Estate, Gold, Silver, Copper.  It costs nothing:
    the loop below ends right after that id.
    """
    h0 = HAND0 + p * N_SLOTS
    p0 = PLAY0 + p * N_SLOTS
    d0 = DISC0 + p * N_SLOTS
    # Stop at the last card id present, and never vectorise: the hand's counts
    # were just written one by one, and vector loads reading them back stalled
    # on store forwarding (7-12% of a Big Money game, profiled).
    moved = S[HAND_N + p] + S[PLAY_N + p]
    left = moved
    c = 0
    while left > 0 and c < N_CARDS:
        k = S[h0 + c] + S[p0 + c]
        if k:
            S[d0 + c] += k
            S[h0 + c] = 0
            S[p0 + c] = 0
            left -= k
        c += 1
    S[DISC_N + p] += moved
    S[HAND_N + p] = 0
    S[PLAY_N + p] = 0
    if moved:
        S[DISC_TOP + p] = c - 1


# The cards worth VP on the Tavern mat at the game's end (sim.cards MAT_VP_CARDS, from
# Card.vp_on_mat: Distant Lands' 4) and those lowering every cost while in play
# (COST_CUT_CARDS, Card.cost_cut_in_play: Bridge Troll's $1), compiled in as constants:
# each loop unrolls to the one load the score and the cost made when they named the card.
MAT_VP_IDS = np.array(MAT_VP_CARDS, np.int64)
MAT_VP_EACH = np.array([MAT_VP[c] for c in MAT_VP_CARDS], np.int64)
N_MAT_VP = len(MAT_VP_IDS)
COST_CUT_IDS = np.array(COST_CUT_CARDS, np.int64)
COST_CUT_EACH = np.array([COST_CUT[c] for c in COST_CUT_CARDS], np.int64)
N_COST_CUT = len(COST_CUT_IDS)


@njit(cache=True, inline="always")
def mat_vp(S, p):
    """The VP of ``p``'s cards on the Tavern mat that score there (Distant Lands)."""
    s = 0
    for i in range(N_MAT_VP):
        s += MAT_VP_EACH[i] * S[MAT0 + p * N_SLOTS + MAT_VP_IDS[i]]
    return s


@njit(cache=True, inline="always")
def score(S, T, p):
    """Victory points of every card player ``p`` owns (Gardens and Duke included).

    Kept as running totals (``VP``, updated on every gain and trash), because
    bots read scores inside buy decisions: summing the owned cards each time
    cost more than the decision.  Only the cards that score by a rule (the game's
    T[VP_RULE_IDS], from their declarations: Gardens, Duke) are counted here, and a
    game without one pays one load for them.
    """
    s = S[VP + p] + mat_vp(S, p)
    if T[N_VP_RULES]:
        s += rules_vp(S, T, p, -1, p)
    return s


@njit(cache=True)
def rules_vp(S, T, p, c, o):
    """The VP of ``p``'s cards that score by a rule (the game's T[VP_RULE_IDS]): per
    copy, 1 VP per T[VP_PER_CARDS] cards owned (Gardens: 10, rounded down) and 1 VP per
    copy of card T[VP_PER_CARD] owned (Duke: Duchy), counted as if ``p`` owned one more
    ``c`` (-1: as it is), with ``p``'s cards as player ``o`` may know them
    (:func:`known_owned`: exact for ``o == p``).  The owner's score, read in buy
    decisions, reads the counts directly: no call per rule on that path."""
    own = OWN0 + p * N_SLOTS
    exact = o == p or S[SECRET_N] == 0
    n = S[OWN_N + p] + (1 if c >= 0 else 0)
    s = 0
    for i in range(T[N_VP_RULES]):
        r = T[VP_RULE_IDS + i]
        k = (S[own + r] if exact else known_owned(S, o, p, r)) + (1 if r == c else 0)
        if k:
            d = T[VP_PER_CARDS + r]
            if d:
                s += k * (n // d)
            x = T[VP_PER_CARD + r]
            if x >= 0:
                kx = S[own + x] if exact else known_owned(S, o, p, x)
                s += k * (kx + (1 if x == c else 0))
    return s


@njit(cache=True)
def score_if_gained(S, T, p, c):
    """Score of ``p`` after gaining one more ``c`` (for the avoid-losing check)."""
    s = S[VP + p] + T[c * N_COLS + C_VP] + mat_vp(S, p)
    if T[N_VP_RULES]:
        s += rules_vp(S, T, p, c, p)
    return s


@njit(cache=True)
def beaten_at_end(S, T, p, mine):
    """Would an opponent beat ``p`` if the game ended after ``p``'s current turn with
    ``p`` at ``mine`` VP?  The tie-break of the rules: more VP wins; equal VP, fewer
    turns wins; equal VP and turns share the win (not beaten).  ``p``'s turns count
    the current one.  Opponents' scores as ``p`` may know them (:func:`known_score`)."""
    turns = S[TURNS + p] + 1
    for q in range(S[V + V_NP]):
        if q != p:
            s = known_score(S, T, p, q)
            if s > mine or (s == mine and S[TURNS + q] < turns):
                return True
    return False


@njit(cache=True)
def best_opponent_score(S, T, p):
    """The highest score among ``p``'s opponents, as ``p`` may know them
    (:func:`known_score`)."""
    best = -(1 << 30)
    for q in range(S[V + V_NP]):
        if q != p:
            s = known_score(S, T, p, q)
            if s > best:
                best = s
    return best


# ----------------------------------------------------------------------------- secret passes
@njit(cache=True)
def record_pass(S, giver, getter, c):
    """Masquerade passed ``c`` face down from ``giver`` to ``getter``: with 3 or 4 players
    the others do not see it, so it is recorded (layout SECRET_N, PASSED) for
    :func:`known_owned`.  Not with 2 players (each sees both cards: the one it gives,
    the one it gets) nor from a lone player to itself (nothing changes hands)."""
    if giver != getter and S[V + V_NP] >= 3:
        S[PASSED + (giver * MAX_PLAYERS + getter) * N_SLOTS + c] += 1
        S[SECRET_N] += 1


@njit(cache=True)
def clear_passes(S):
    """A new game: no secret pass yet (reset_game calls it only when one was made)."""
    for i in range(PASSED, HIDDEN_FIX):
        S[i] = 0
    S[SECRET_N] = 0


@njit(cache=True)
def known_owned(S, o, q, c):
    """How many cards ``c`` player ``q`` owns as far as player ``o`` may know: the one
    home of that rule (observations, rule terms, hooks, Python bots read it).

    Exact for ``q == o``, and for everyone while no secret pass was made (SECRET_N 0,
    every game without Masquerade: one load).  Else ``q``'s count without the cards
    passed to ``q`` by players other than ``o`` and with those ``q`` passed to players
    other than ``o``: the count as if those passes had not happened, ``o``'s own (it
    knows what it gave and got) kept.  Clamped at 0: after ``q`` trashes in public a
    card ``o`` did not see it get (a passed Curse), the count would be negative; ``o``
    may then deduce the pass, and the clamp is the estimate's one concession to that
    (it still shows no card ``o`` did not see)."""
    k = S[OWN0 + q * N_SLOTS + c]
    if q == o or S[SECRET_N] == 0:
        return k
    for g in range(MAX_PLAYERS):
        if g != o:
            k -= S[PASSED + (g * MAX_PLAYERS + q) * N_SLOTS + c]
            k += S[PASSED + (q * MAX_PLAYERS + g) * N_SLOTS + c]
    return k if k > 0 else 0


@njit(cache=True)
def known_score(S, T, o, q):
    """Player ``q``'s score as far as player ``o`` may know (:func:`score` of the counts
    :func:`known_owned` gives; :func:`score` itself for ``q == o`` or while no secret
    pass was made).  Printed VP, Distant Lands on the mat (public) and the cards scoring
    by a rule (Gardens, Duke: T[VP_RULE_IDS]) as :func:`rules_vp` counts them, with the
    total of cards owned exact (hand, deck and discard sizes are public)."""
    if q == o or S[SECRET_N] == 0:
        return score(S, T, q)
    s = S[VP + q] + mat_vp(S, q)
    for c in range(T[T_NIDS]):
        d = known_owned(S, o, q, c) - S[OWN0 + q * N_SLOTS + c]
        if d:
            s += d * T[c * N_COLS + C_VP]
    if T[N_VP_RULES]:
        s += rules_vp(S, T, q, -1, o)
    return s


@njit(cache=True, inline="always")
def game_over(S):
    return S[SUPPLY + PROVINCE] == 0 or S[V + V_EMPTY] >= 3


@njit(cache=True, inline="always")
def would_end(S, c):
    """Would gaining ``c`` now make the game end after this turn?"""
    if S[SUPPLY + c] == 1:
        return c == PROVINCE or S[V + V_EMPTY] + 1 >= 3
    return game_over(S)


@njit(cache=True)
def gains_to_end(S):
    """min(Provinces left, sum of the three smallest supply piles)."""
    a = b = c3 = 1 << 30
    for c in range(N_CARDS):
        if S[IN_SUPPLY + c]:
            k = S[SUPPLY + c]
            if k < a:
                c3 = b
                b = a
                a = k
            elif k < b:
                c3 = b
                b = k
            elif k < c3:
                c3 = k
    three = a + b + c3
    prov = S[SUPPLY + PROVINCE]
    return prov if prov < three else three


@njit(cache=True, inline="always")
def cost_of(S, T, c):
    """What card ``c`` costs now.  In the base game its printed cost; with Adventures
    the current player's Bridge Trolls in play (-$1 each; an Estate inheriting Bridge
    Troll is one), the turn's Bridge plays (-$1 each, Intrigue: S[V + V_BRIDGES]) and
    -$2 cost token (on ``c``'s pile) lower it, never below $0 (ADVENTURES.md §2.8,
    INTRIGUE.md §3).  Not for Events: their cost never changes."""
    k = T[c * N_COLS + C_COST]
    if T[T_ADV]:
        k = reduced_cost(S, c, k)
    return k


@njit(cache=True)
def reduced_cost(S, c, k):
    """:func:`cost_of`'s Adventures part, out of line (cost_of is inlined everywhere)."""
    cur = S[V + V_CUR]
    return lowered_cost(c, k, cost_cut(S, cur), S[TOK_COST + cur] - 1)


@njit(cache=True, inline="always")
def cost_cut(S, cur):
    """What every card costs less on ``cur``'s turn: the declared cut per copy of a card
    lowering costs while in play that ``cur`` has there (COST_CUT_IDS: Bridge Troll's $1;
    an Estate inheriting it too) and $1 per Bridge played this turn (Intrigue)."""
    cut = S[V + V_BRIDGES]
    for i in range(N_COST_CUT):
        cut += COST_CUT_EACH[i] * with_ability(S, cur, PLAY0, COST_CUT_IDS[i])
    return cut


@njit(cache=True, inline="always")
def lowered_cost(c, printed, trolls, token_pile):
    """Card ``c``'s cost: ``printed`` less ``trolls`` ($1 per Bridge Troll the current
    player has in play and per Bridge played this turn: :func:`cost_cut`) and $2 if the
    -$2 cost token is on its pile (``token_pile``, the pile's card id, -1 if on none),
    never below $0.  For a caller pricing many cards at once, which reads ``trolls`` and
    ``token_pile`` once (adventures.decide.pick_buy_adv)."""
    k = printed - trolls - (2 if c == token_pile else 0)
    return k if k > 0 else 0


@njit(cache=True, inline="always")
def can_gain_printed(S, T, c, max_cost):
    """:func:`can_gain` at printed costs: for the base game's own turn and decisions
    that checked T[T_ADV] once already (sim.engine.decide.pick_from_list)."""
    return S[SUPPLY + c] > 0 and T[c * N_COLS + C_COST] <= max_cost


@njit(cache=True, inline="always")
def can_gain(S, T, c, max_cost):
    """Card ``c`` is in the supply, its pile not empty, and it costs at most max_cost.

    A card that is not in this game's supply has a pile of 0 (sim.engine.state), and
    the Traveller upgrade piles are kept apart (``NON_SUPPLY``), so the pile size alone
    says both.
    """
    return S[SUPPLY + c] > 0 and cost_of(S, T, c) <= max_cost


@njit(cache=True, inline="always")
def add_coins(S, p, n):
    """``p`` gets $``n`` (n > 0); holding the -$1 token (Adventures), $1 less, and the
    token goes back.  An effect giving $0 does not use the token."""
    if n > 0 and S[MINUS_COIN + p]:
        S[MINUS_COIN + p] = 0
        n -= 1
        log_event(S, EV_TOKEN, p, -1, TOKEN_MINUS_COIN, -1)
    S[V + V_COINS] += n
