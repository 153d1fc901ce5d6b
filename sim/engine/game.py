"""The compiled rules engine: turns, card text, attacks, game end and scoring.

``run_batch`` plays a batch of complete games in one call and writes one row
of results per game; nothing in it allocates.  Each game is a pure function
of its seed, the seated bots and the first player, so batches can be split
and recombined freely.  Arrays: ``S`` state, ``R`` random streams, ``T`` card
table and setup, ``P``/``Q`` bot programs (see sim.engine.layout).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.cards import (
    ACTION,
    C_ACTIONS,
    C_BUYS,
    C_CARDS,
    C_COINS,
    C_COST,
    C_SPECIAL,
    COPPER,
    ESTATE,
    N_CARDS,
    PROVINCE,
    SILVER,
    TREASURE,
)
from sim.engine.cardcalls import calls_from_addresses, calls_from_flat
from sim.engine.codes import (
    D_ACTION,
    D_BUY,
    D_TREASURE,
    END_PILES,
    END_PROVINCES,
    END_TURN_CAP,
    ERR_ILLEGAL,
    EV_BUY,
    EV_CLEANUP,
    EV_COINS,
    EV_END,
    EV_HAND,
    EV_PLAY,
    EV_PLAY_AGAIN,
    EV_SCORE,
    EV_TURN,
)
from sim.engine.decide import pick_from_list, rules_action
from sim.engine.layout import (
    ACTION_IDS,
    ACTIONS_OWNED,
    ADVENTURES_END,
    BOT,
    DISC0,
    DISC_N,
    DISC_TOP,
    EFFECTS,
    ERR,
    GAINED,
    H_ADVENTURE,
    H_CARDS,
    H_DECIDE,
    H_HOOKS,
    H_TURN,
    HAND0,
    HAND_N,
    HAND_ONTO_DECK_ON,
    HELD,
    KEEP,
    LASTING_IDS,
    MAX_PLAYERS,
    N_COLS,
    N_LASTING,
    N_SLOTS,
    N_STREAMS,
    N_TREASURES,
    N_ZONES,
    NON_SUPPLY,
    NON_SUPPLY0,
    P_WIDTH,
    PERM,
    PF_FLAGS,
    PLAY0,
    PLAY_N,
    PS,
    SECRET_N,
    STACK,
    STACK_WIDTH,
    SUPPLY,
    SUPPLY0,
    T_ADV,
    T_NIDS,
    TRASH,
    TREASURE_IDS,
    TURN_ADV,
    TURNS,
    V_ACTIONS,
    V_ACTIONS_PLAYED,
    V_BOUGHT,
    V_BUYS,
    V_COINS,
    V_CUR,
    V_EMPTY,
    V_GAME,
    V_LOG_ON,
    V_MERCHANTS,
    V_MISSION,
    V_NP,
    V_PENDING,
    V_PREV,
    V_SILVER_PLAYED,
    V_STACK_N,
    V_TOTAL_TURNS,
    V_TURN_CAP,
    ZONE_STRIDE,
    ZONES,
    V,
)
from sim.engine.pointers import ptr
from sim.engine.program import F_HOOK, F_KIND, K_RULES, L_BUY
from sim.engine.resume import NO_SITE, push_frame, resuming, stopped, take_frame
from sim.engine.rng import below, seed_stream
from sim.engine.steps import adv_turn_over, ask, call_decider, fail, in_hand_ok
from sim.engine.zones import (
    GAIN_TO_DISCARD,
    can_gain_printed,
    cleanup,
    clear_passes,
    count_owned,
    draw,
    draw_plain,
    gain,
    game_over,
    log_event,
    play_from_hand,
    score,
)

# Columns of the per-game result row.
G_WINNERS, G_TIEBREAK, G_SHARED, G_END, G_FIRST, G_TOTAL_TURNS = range(6)
N_GAME_COLS = 6


@njit(cache=True, inline="always")
def resolve(S, R, T, P, Q, H, p, c):
    """Carry out card ``c``'s text once for player ``p``: its counters top to bottom,
    then its own function (sim.engine.base_set, called through sim.engine.cardcalls),
    if it has one.  Resumed (sim.engine.resume), the counters are done: the function
    goes on where it stopped."""
    if not resuming(S):
        k = T[c * N_COLS + C_CARDS]
        if k:
            draw_plain(S, R, p, k)
        S[V + V_ACTIONS] += T[c * N_COLS + C_ACTIONS]
        S[V + V_BUYS] += T[c * N_COLS + C_BUYS]
        S[V + V_COINS] += T[c * N_COLS + C_COINS]
    sp = T[c * N_COLS + C_SPECIAL]
    if sp:                      # the card's own function, through the game's card table
        H[H_CARDS][sp](S, R, T, P, Q, H[:H_CARDS], p)


# Resume sites (sim.engine.resume).
PLAY_ACTION_IN_TEXT = 1         # inside the text of a card (it: c or a queued card)


@njit(cache=True, inline="always")
def play_action(S, R, T, P, Q, H, p, c):
    """Play Action ``c`` from hand, then every card its text queued to be played
    (Throne Room, Vassal), each resolving completely before the one below it on
    the play stack goes on.  Its frame (sim.engine.resume): the card whose text the
    question was asked in, ``c`` or a queued card (after either, the stack goes on)."""
    site, resumed_c, _, _, _ = take_frame(S)
    if site == PLAY_ACTION_IN_TEXT:
        c = resumed_c
    else:
        play_from_hand(S, p, c)
        log_event(S, EV_PLAY, p, c, 1, 0)
    resolve(S, R, T, P, Q, H, p, c)
    if stopped(S):
        push_frame(S, PLAY_ACTION_IN_TEXT, c, 0, 0, 0)
        return
    while S[V + V_STACK_N] > 0 and S[ERR] == 0:
        o = STACK + STACK_WIDTH * (S[V + V_STACK_N] - 1)
        left = S[o + 1]
        if left == 0:
            S[V + V_STACK_N] -= 1
            continue
        S[o + 1] = left - 1
        queued = S[o]
        log_event(S, EV_PLAY_AGAIN, p, queued, S[o + 2] - left + 1, S[o + 3])
        resolve(S, R, T, P, Q, H, p, queued)
        if stopped(S):
            push_frame(S, PLAY_ACTION_IN_TEXT, queued, 0, 0, 0)
            return


@njit(cache=True, inline="always")
def hand_has_any(S, T, p, ids_at):
    """Whether ``p``'s hand holds any card of the id list at T[ids_at - 1] (count), T[ids_at:]."""
    h0 = HAND0 + p * N_SLOTS
    for i in range(T[ids_at - 1]):
        if S[h0 + T[ids_at + i]]:
            return True
    return False


@njit(cache=True, inline="always")
def play_treasure(S, T, p, c, k):
    """Play ``k`` copies of Treasure ``c``; the first Silver of the turn pays Merchants."""
    S[HAND0 + p * N_SLOTS + c] -= k
    S[HAND_N + p] -= k
    S[PLAY0 + p * N_SLOTS + c] += k
    S[PLAY_N + p] += k
    if S[V + V_LOG_ON]:
        for _ in range(k):
            log_event(S, EV_PLAY, p, c, 1, 0)
    S[V + V_COINS] += k * T[c * N_COLS + C_COINS]
    if c == SILVER and S[V + V_SILVER_PLAYED] == 0:
        S[V + V_SILVER_PLAYED] = 1
        S[V + V_COINS] += S[V + V_MERCHANTS]


# The base turn's sites, in the turn's order (play_turn tests ranges of them).
TURN_AT_ACTION = 1              # an Action to play
TURN_IN_ACTION = 2              # inside an Action's play
TURN_AT_TREASURE = 3            # a Treasure to play
TURN_AT_BUY = 4                 # a card to buy (the $ of the buy phase's start)


@njit(cache=True, inline="always")
def play_turn(S, R, T, P, Q, H, p):
    """One whole turn of player ``p``: Action phase, Buy phase, Cleanup.

    Returns the $ the player had when buying started (for per-turn records).  Its
    frame (sim.engine.resume): TURN_AT_ACTION, the question of an Action to play;
    TURN_IN_ACTION, inside an Action's play; TURN_AT_TREASURE, a Treasure to play;
    TURN_AT_BUY, a card to buy (the $ of the buy phase's start kept).
    """
    h0 = HAND0 + p * N_SLOTS
    site, produced, _, _, _ = take_frame(S)
    if site == NO_SITE:
        S[V + V_ACTIONS] = 1
        S[V + V_BUYS] = 1
        S[V + V_COINS] = 0
        S[V + V_MERCHANTS] = 0
        S[V + V_SILVER_PLAYED] = 0
        S[GAINED + p] = 0
        if S[V + V_LOG_ON]:
            log_event(S, EV_TURN, p, -1, S[TURNS + p] + 1, 0)
            for c in range(N_CARDS):
                if S[h0 + c]:
                    log_event(S, EV_HAND, p, c, S[h0 + c], 0)
    b = S[BOT + p]
    rules_bot = P[b * P_WIDTH + PF_FLAGS + F_KIND] == K_RULES
    # Rule bots without a hook take the direct path to their program for the two
    # decisions every turn asks (each call level costs more than the decision itself).
    fast = rules_bot and P[b * P_WIDTH + PF_FLAGS + F_HOOK] == 0
    if site <= TURN_IN_ACTION:
        # Action phase.
        if site == TURN_IN_ACTION:   # resumed inside an Action's play
            play_action(S, R, T, P, Q, H, p, -1)
            if stopped(S):
                push_frame(S, TURN_IN_ACTION, 0, 0, 0, 0)
                return 0
            if S[ERR]:
                return 0
        # A player who owns no Action has none in hand: no Action phase to ask about.
        while S[V + V_ACTIONS] > 0 and S[ACTIONS_OWNED + p] > 0:
            # Rule bots scan only their own play list (empty for Big Money).
            if not rules_bot and not hand_has_any(S, T, p, ACTION_IDS):
                break
            if fast:
                c = rules_action(S, T, P, Q, S[BOT + p], p)
            else:
                c = ask(S, R, T, P, Q, H[:H_ADVENTURE], p, D_ACTION, 0)
                if stopped(S):
                    push_frame(S, TURN_AT_ACTION, 0, 0, 0, 0)
                    return 0
            if S[ERR] or c < 0:
                break
            if not in_hand_ok(S, T, p, D_ACTION, c, ACTION):
                break
            S[V + V_ACTIONS] -= 1
            play_action(S, R, T, P, Q, H, p, c)
            if stopped(S):
                push_frame(S, TURN_IN_ACTION, 0, 0, 0, 0)
                return 0
            if S[ERR]:
                break
        if S[ERR]:
            return 0
    if site <= TURN_AT_TREASURE:
        # Buy phase: Treasures (rule bots play them all), then Buys.
        if rules_bot:
            for i in range(T[N_TREASURES]):
                c = T[TREASURE_IDS + i]
                if S[h0 + c]:
                    play_treasure(S, T, p, c, S[h0 + c])
        else:
            while hand_has_any(S, T, p, TREASURE_IDS):
                c = ask(S, R, T, P, Q, H[:H_ADVENTURE], p, D_TREASURE, 0)
                if stopped(S):
                    push_frame(S, TURN_AT_TREASURE, 0, 0, 0, 0)
                    return 0
                if S[ERR] or c < 0:
                    break
                if not in_hand_ok(S, T, p, D_TREASURE, c, TREASURE):
                    break
                play_treasure(S, T, p, c, 1)
            if S[ERR]:
                return 0
        produced = S[V + V_COINS]
        log_event(S, EV_COINS, p, -1, produced, 0)
    while S[V + V_BUYS] > 0:
        if fast:
            c = pick_from_list(S, T, P, Q, b, p, L_BUY, S[V + V_COINS], -1)
        else:
            c = ask(S, R, T, P, Q, H[:H_ADVENTURE], p, D_BUY, 0)
            if stopped(S):
                push_frame(S, TURN_AT_BUY, produced, 0, 0, 0)
                return 0
        if S[ERR] or c < 0:
            break
        if c >= N_CARDS or not can_gain_printed(S, T, c, S[V + V_COINS]):
            fail(S, ERR_ILLEGAL, p, D_BUY, c)
            break
        S[V + V_COINS] -= T[c * N_COLS + C_COST]
        S[V + V_BUYS] -= 1
        log_event(S, EV_BUY, p, c, 1, 0)
        gain(S, T, p, c, GAIN_TO_DISCARD)
    if S[ERR]:
        return 0
    cleanup(S, p)
    log_event(S, EV_CLEANUP, p, -1, 5, 0)
    draw_plain(S, R, p, 5)
    return produced


@njit(cache=True)
def reset_game(S, R, T, g, seed, n_players, seat_bots):
    """Set up game ``g``: supply, 7 Coppers + 3 Estates each, shuffled, 5 drawn."""
    S[V + V_GAME] = g
    S[V + V_NP] = n_players
    S[V + V_EMPTY] = 0
    S[V + V_TOTAL_TURNS] = 0
    S[V + V_PENDING] = -1
    S[V + V_STACK_N] = 0
    n_ids = T[T_NIDS]
    for c in range(n_ids):
        S[SUPPLY + c] = T[SUPPLY0 + c]
        S[TRASH + c] = 0
    for i in range(PS, V):          # every per-player count and total
        S[i] = 0
    for z in range(N_ZONES):        # every count zone (only ids of the game's cards are used)
        for p in range(MAX_PLAYERS):
            z0 = ZONES + z * ZONE_STRIDE + p * N_SLOTS
            for c in range(n_ids):
                S[z0 + c] = 0
    for p in range(MAX_PLAYERS):
        S[DISC_TOP + p] = -1
        S[BOT + p] = seat_bots[g, p] if p < n_players else 0
    if T[T_ADV]:
        reset_adventures(S, T)
    if S[SECRET_N]:                 # Masquerade's secret passes of the game before
        clear_passes(S)
    for k in range(N_STREAMS):
        seed_stream(R, k, seed)
    for p in range(n_players):
        S[V + V_CUR] = p
        for _ in range(7):
            count_owned(S, T, p, COPPER, 1)
        for _ in range(3):
            count_owned(S, T, p, ESTATE, 1)
        S[DISC0 + p * N_SLOTS + COPPER] = 7
        S[DISC0 + p * N_SLOTS + ESTATE] = 3
        S[DISC_N + p] = 10
        draw_plain(S, R, p, 5)


@njit(cache=True)
def reset_adventures(S, T):
    """The Adventures state at the start of a game: no Durations' effects or marks, full upgrade
    piles, no "until your next turn" Attacks, no turn taken yet (tokens and the other
    per-player values are in the per-player block reset_game clears)."""
    n_ids = T[T_NIDS]
    for p in range(MAX_PLAYERS):
        for c in range(n_ids):
            S[KEEP + p * N_SLOTS + c] = 0
            S[PERM + p * N_SLOTS + c] = 0
            S[HELD + p * N_SLOTS + c] = 0   # the turn refreshes it only while HELD_N or MARKS
        for i in range(T[N_LASTING]):       # the only cards with lasting plays
            S[EFFECTS + p * N_SLOTS + T[LASTING_IDS + i]] = 0
    for c in range(n_ids):
        S[NON_SUPPLY + c] = T[NON_SUPPLY0 + c]
    for i in range(HAND_ONTO_DECK_ON, ADVENTURES_END):   # attacks running, Events bought
        S[i] = 0
    for i in range(V_BOUGHT, V_ACTIONS_PLAYED + 1):     # (Intrigue's per-turn counts too)
        S[V + i] = 0
    S[V + V_PREV] = -1


@njit(cache=True)
def finish_game(S, T, g, n_players, reason, out_score, out_turns, out_game):
    """Scores, winners (fewest turns breaks a tie; then shared), why it ended."""
    best = -(1 << 30)
    for p in range(n_players):
        s = score(S, T, p)
        out_score[g, p] = s
        out_turns[g, p] = S[TURNS + p]
        if s > best:
            best = s
    fewest = 1 << 30
    n_top = 0
    for p in range(n_players):
        if out_score[g, p] == best:
            n_top += 1
            fewest = min(fewest, S[TURNS + p])
    winners = 0
    n_win = 0
    if reason != END_TURN_CAP:
        for p in range(n_players):
            if out_score[g, p] == best and S[TURNS + p] == fewest:
                winners |= 1 << p
                n_win += 1
    out_game[g, G_WINNERS] = winners
    out_game[g, G_TIEBREAK] = 1 if (n_top > n_win and n_win > 0) else 0
    out_game[g, G_SHARED] = 1 if n_win > 1 else 0
    out_game[g, G_END] = reason
    out_game[g, G_TOTAL_TURNS] = S[V + V_TOTAL_TURNS]
    if S[V + V_LOG_ON]:
        log_event(S, EV_END, -1, -1, reason, S[V + V_TOTAL_TURNS])
        for p in range(n_players):
            log_event(S, EV_SCORE, p, -1, out_score[g, p], S[TURNS + p])


@njit(cache=True)
def run_batch(S, R, T, P, Q, H_addresses, n_players, seat_bots, seeds, first, out_score,
              out_turns, out_game, rec_coins, rec_vp):
    """Play ``len(seeds)`` base-set games; returns how many finished (fewer on an error).
    A game with Adventures cards or Events (or another set's) is played by
    :func:`run_batch_adv`; :func:`batch_entry` picks the one for a table.

    H_addresses: the engine's ``H`` (the deciders, the tuple of compiled decision hooks
    referenced by the bots' F_HOOK, the game's card functions:
    sim.engine.cardcalls.engine_calls) as its functions' addresses
    (sim.engine.cardcalls.call_addresses), which numba types and unboxes in C: a
    tuple of ~90 functions cost milliseconds of Python per call.
    seat_bots[g, s]: row of ``P`` of the bot in seat s of game g.
    first[g]: the seat that moves first, or -1 to draw it from the game's seed.
    rec_coins/rec_vp [g, seat, turn]: per-turn $ and score, when their first axis
    has one row per game.
    """
    return play_games(ptr(S), ptr(R), ptr(T), ptr(P), ptr(Q), calls_from_addresses(H_addresses),
                      n_players, seat_bots, seeds, first, out_score, out_turns, out_game,
                      rec_coins, rec_vp)


@njit(cache=True)
def run_batch_adv(S, R, T, P, Q, H_addresses, n_players, seat_bots, seeds, first, out_score,
                  out_turns, out_game, rec_coins, rec_vp):
    """:func:`run_batch` for the games that run the Adventures turn (sim.engine.state
    T_ADV).  Two entries, not one with a branch: numba compiles a function with all it
    calls, and the base game's loop (the base turn inlined in it) was a tenth of the
    compile of a first Adventures game that never runs it."""
    return play_games_adv(ptr(S), ptr(R), ptr(T), ptr(P), ptr(Q),
                          calls_from_addresses(H_addresses), n_players, seat_bots, seeds,
                          first, out_score, out_turns, out_game, rec_coins, rec_vp)


def batch_entry(T: np.ndarray):
    """The compiled batch for a game of table ``T``: :func:`run_batch_adv` where it runs
    the Adventures turn, else :func:`run_batch`."""
    return run_batch_adv if T[T_ADV] else run_batch


@njit(cache=True, inline="always")
def play_games(S, R, T, P, Q, H, n_players, seat_bots, seeds, first, out_score, out_turns,
               out_game, rec_coins, rec_vp):
    """The body of run_batch, on pointers to the state, streams, table and programs:
    the base game's loop (the Adventures turn's is :func:`play_games_adv`)."""
    cap_total = S[V + V_TURN_CAP] * n_players
    record = rec_coins.shape[0] == seeds.shape[0]
    for g in range(seeds.shape[0]):
        reset_game(S, R, T, g, seeds[g], n_players, seat_bots)
        cur = np.int64(first[g])
        if cur < 0:
            cur = below(R, N_STREAMS - 1, n_players)
        out_game[g, G_FIRST] = cur
        reason = END_TURN_CAP
        while True:
            S[V + V_CUR] = cur
            produced = play_turn(S, R, T, P, Q, H, cur)
            if S[ERR]:
                return g
            if record and S[TURNS + cur] < rec_coins.shape[2]:
                rec_coins[g, cur, S[TURNS + cur]] = produced
                rec_vp[g, cur, S[TURNS + cur]] = score(S, T, cur)
            S[TURNS + cur] += 1
            S[V + V_TOTAL_TURNS] += 1
            if S[SUPPLY + PROVINCE] == 0:
                reason = END_PROVINCES
                break
            if game_over(S):
                reason = END_PILES
                break
            if S[V + V_TOTAL_TURNS] >= cap_total:
                break
            cur += 1
            if cur == n_players:
                cur = 0
        finish_game(S, T, g, n_players, reason, out_score, out_turns, out_game)
    return seeds.shape[0]


@njit(cache=True)
def play_games_adv(S, R, T, P, Q, H, n_players, seat_bots, seeds, first, out_score, out_turns,
                   out_game, rec_coins, rec_vp):
    """play_games for a game with Adventures cards or Events: each turn is the
    Adventures turn (sim.engine.adventures.turn, through ``H[H_TURN]``), and Mission gives a
    player another turn, which the tie-break does not count (nor the per-turn records).

    Without per-turn records the Adventures turn function plays all of a game's turns
    in one call (its ``p`` < 0): the call tables (copied into every call that takes
    them) are then passed once a game, not once a turn.
    """
    record = rec_coins.shape[0] == seeds.shape[0]
    for g in range(seeds.shape[0]):
        reset_game(S, R, T, g, seeds[g], n_players, seat_bots)
        cur = np.int64(first[g])
        if cur < 0:
            cur = below(R, N_STREAMS - 1, n_players)
        out_game[g, G_FIRST] = cur
        if not record:
            reason = H[H_TURN][TURN_ADV](S, R, T, P, Q, H[:H_TURN], -1 - cur)
            if S[ERR]:
                return g
            finish_game(S, T, g, n_players, reason, out_score, out_turns, out_game)
            continue
        while True:
            S[V + V_CUR] = cur
            produced = H[H_TURN][TURN_ADV](S, R, T, P, Q, H[:H_TURN], cur)
            if S[ERR]:
                return g
            if S[V + V_MISSION] == 0 and S[TURNS + cur] < rec_coins.shape[2]:
                rec_coins[g, cur, S[TURNS + cur]] = produced
                rec_vp[g, cur, S[TURNS + cur]] = score(S, T, cur)
            nxt = adv_turn_over(S, cur)
            if nxt < 0:
                break
            cur = nxt
        finish_game(S, T, g, n_players, -1 - nxt, out_score, out_turns, out_game)
    return seeds.shape[0]


# ----------------------------------------------------------------------------- on arrays
# The engine's functions take pointers (sim.engine.pointers.ptr); these entry points take
# the arrays themselves, for callers outside the engine (sim.engine.scenario, tests), and
# ``H`` as its flat addresses (sim.engine.cardcalls.flat_addresses).
@njit(cache=True)
def play_turn_on(S, R, T, P, Q, H_flat, p):
    return play_turn(ptr(S), ptr(R), ptr(T), ptr(P), ptr(Q), calls_from_flat(H_flat), p)


@njit(cache=True)
def play_turn_adv_on(S, R, T, P, Q, H_flat, p):
    """The Adventures turn (through ``H[H_TURN]``, as play_games calls it)."""
    H = calls_from_flat(H_flat)
    return H[H_TURN][TURN_ADV](ptr(S), ptr(R), ptr(T), ptr(P), ptr(Q), H[:H_TURN], p)


@njit(cache=True)
def reset_game_on(S, R, T, g, seed, n_players, seat_bots):
    reset_game(ptr(S), ptr(R), ptr(T), g, seed, n_players, seat_bots)


@njit(cache=True)
def finish_game_on(S, T, g, n_players, reason, out_score, out_turns, out_game):
    finish_game(ptr(S), ptr(T), g, n_players, reason, out_score, out_turns, out_game)


@njit(cache=True)
def decide_on(S, R, T, P, Q, H_flat, p, d, arg):
    H = calls_from_flat(H_flat)
    return call_decider(H[H_DECIDE], ptr(S), ptr(R), ptr(T), ptr(P), ptr(Q), H[H_HOOKS], p, d,
                        arg)


@njit(cache=True)
def draw_on(S, R, p, n):
    return draw(ptr(S), ptr(R), p, n)


@njit(cache=True)
def turn_over_on(S, cur):
    """After ``cur``'s turn: count it and say who moves next, or ``-1 - reason`` when the
    game is over (sim.engine.steps.adv_turn_over, which the game loops take: in a base
    game, where there is no Mission, it does what play_games does between turns)."""
    return adv_turn_over(ptr(S), cur)


# Each engine function is compiled once, not once per constant its callers pass
# (sim.engine.unliteral): 153 copies of 28 functions became one each.
def _compile_once_per_type() -> None:
    import sys

    from sim.engine import base_set, steps
    from sim.engine import decide as _decide
    from sim.engine import legality as _legality
    from sim.engine import rng as _rng
    from sim.engine import zones as _zones
    from sim.engine.adventures import cards as _adv_cards
    from sim.engine.adventures import decide as _adv_decide
    from sim.engine.adventures import events as _adv_events
    from sim.engine.adventures import mechanics as _adv_mechanics
    from sim.engine.adventures import random_bot as _adv_random
    from sim.engine.adventures import turn as _adv_turn
    from sim.engine.numba_inline import copy_scope_once
    from sim.engine.unliteral import compile_once_per_type

    copy_scope_once()
    compile_once_per_type(sys.modules[__name__], base_set, steps, _decide, _legality, _zones, _rng,
                          _adv_cards, _adv_decide, _adv_events, _adv_mechanics, _adv_random,
                          _adv_turn)


_compile_once_per_type()
