"""The compiled rules engine: turns, card text, attacks, game end and scoring.

``run_batch`` plays a batch of complete games in one call and writes one row
of results per game; nothing in it allocates.  Each game is a pure function
of its seed, the seated bots and the first player, so batches can be split
and recombined freely.  Arrays: ``S`` state, ``R`` random streams, ``T`` card
table and setup, ``P``/``Q`` bot programs (see sim.layout).
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
    C_TYPES,
    COPPER,
    CURSE,
    ESTATE,
    MOAT,
    N_CARDS,
    PROVINCE,
    SILVER,
    SP_CELLAR,
    SP_CHAPEL,
    SP_COUNCIL_ROOM,
    SP_MERCHANT,
    SP_MILITIA,
    SP_MINE,
    SP_MONEYLENDER,
    SP_REMODEL,
    SP_WITCH,
    SP_WORKSHOP,
    TREASURE,
)
from sim.codes import (
    BOT_RAISED,
    D_ACTION,
    D_ATTACK_DISCARD,
    D_BUY,
    D_CELLAR,
    D_CHAPEL,
    D_MINE_GAIN,
    D_MINE_TRASH,
    D_MONEYLENDER,
    D_REMODEL_GAIN,
    D_REMODEL_TRASH,
    D_REVEAL_MOAT,
    D_TREASURE,
    D_WORKSHOP_GAIN,
    END_PILES,
    END_PROVINCES,
    END_TURN_CAP,
    ERR_BOT_RAISED,
    ERR_ILLEGAL,
    EV_BUY,
    EV_CLEANUP,
    EV_COINS,
    EV_DISCARD,
    EV_END,
    EV_HAND,
    EV_PLAY,
    EV_REVEAL,
    EV_SCORE,
    EV_TURN,
)
from sim.decide import decide, pick_from_list, rules_action, rules_attack_discard
from sim.layout import (
    ACTION_IDS,
    ACTIONS_OWNED,
    BOT,
    DECK_N,
    DISC0,
    DISC_N,
    DISC_TOP,
    ERR,
    HAND0,
    HAND_N,
    MAX_PLAYERS,
    N_COLS,
    N_SLOTS,
    N_STREAMS,
    N_TREASURES,
    OWN0,
    OWN_N,
    P_WIDTH,
    PF_FLAGS,
    PLAY0,
    PLAY_N,
    PS,
    SUPPLY,
    SUPPLY0,
    TRASH,
    TREASURE_IDS,
    TURNS,
    V_ACTIONS,
    V_BUYS,
    V_COINS,
    V_CUR,
    V_EMPTY,
    V_GAME,
    V_LOG_ON,
    V_MERCHANTS,
    V_NP,
    V_PENDING,
    V_SILVER_PLAYED,
    V_TOTAL_TURNS,
    V_TURN_CAP,
    V,
)
from sim.pointers import ptr
from sim.program import F_HOOK, F_KIND, K_RULES, L_BUY
from sim.rng import below, seed_stream
from sim.zones import (
    GAIN_TO_DISCARD,
    GAIN_TO_HAND,
    can_gain,
    cleanup,
    count_owned,
    discard_from_hand,
    draw,
    gain,
    game_over,
    log_event,
    play_from_hand,
    score,
    trash_from_hand,
)

# Columns of the per-game result row.
G_WINNERS, G_TIEBREAK, G_SHARED, G_END, G_FIRST, G_TOTAL_TURNS = range(6)
N_GAME_COLS = 6


@njit(cache=True)
def fail(S, code, p, d, c):
    """Record an error; the batch stops before the current game is counted."""
    if S[ERR] == 0:
        S[ERR] = code
        S[ERR + 1] = S[V + V_GAME]
        S[ERR + 2] = p
        S[ERR + 3] = d
        S[ERR + 4] = c
        S[ERR + 5] = S[BOT + p]


@njit(cache=True)
def ask(S, R, T, P, Q, H, p, d, arg):
    """Ask player ``p`` decision ``d``; records an error if its bot raised."""
    c = decide(S, R, T, P, Q, H, p, d, arg)
    if c == BOT_RAISED:
        fail(S, ERR_BOT_RAISED, p, d, -1)
    return c


@njit(cache=True)
def in_hand_ok(S, T, p, d, c, type_mask):
    """True when ``c`` is a legal card from ``p``'s hand; records an error if not."""
    if c < 0 or c >= N_CARDS or S[HAND0 + p * N_SLOTS + c] <= 0 or (
            type_mask and (T[c * N_COLS + C_TYPES] & type_mask) == 0):
        fail(S, ERR_ILLEGAL, p, d, c)
        return False
    return True


@njit(cache=True)
def any_gainable(S, T, max_cost, type_mask):
    for c in range(N_CARDS):
        of_type = type_mask == 0 or (T[c * N_COLS + C_TYPES] & type_mask) != 0
        if of_type and can_gain(S, T, c, max_cost):
            return True
    return False


@njit(cache=True)
def gain_choice(S, R, T, P, Q, H, p, d, max_cost, type_mask, where):
    """A mandatory "gain a card costing up to max_cost" (of a type, if type_mask)."""
    if not any_gainable(S, T, max_cost, type_mask):
        return
    c = ask(S, R, T, P, Q, H, p, d, max_cost)
    if S[ERR]:
        return
    ok = c >= 0 and c < N_CARDS and can_gain(S, T, c, max_cost)
    if ok and type_mask:
        ok = (T[c * N_COLS + C_TYPES] & type_mask) != 0
    if not ok:
        fail(S, ERR_ILLEGAL, p, d, c)
        return
    gain(S, T, p, c, where)


@njit(cache=True, inline="always")
def attack_blocked(S, R, T, P, Q, H, q):
    """Player ``q`` may reveal Moat from hand to be unaffected by an attack."""
    if S[HAND0 + q * N_SLOTS + MOAT] == 0:
        return False
    if ask(S, R, T, P, Q, H, q, D_REVEAL_MOAT, 0) == 1:
        log_event(S, EV_REVEAL, q, MOAT, 1, 0)
        return True
    return False


@njit(cache=True)
def militia_attack(S, R, T, P, Q, H, p):
    """Each other player, in turn order from the left, discards down to 3."""
    n = S[V + V_NP]
    for k in range(1, n):
        q = (p + k) % n
        if attack_blocked(S, R, T, P, Q, H, q) or S[ERR]:
            continue
        b = S[BOT + q]
        flags = b * P_WIDTH + PF_FLAGS
        fast = P[flags + F_KIND] == K_RULES and P[flags + F_HOOK] == 0
        while S[HAND_N + q] > 3:
            if fast:
                c = rules_attack_discard(S, T, P, b, q)
            else:
                c = ask(S, R, T, P, Q, H, q, D_ATTACK_DISCARD, S[HAND_N + q] - 3)
            if S[ERR] or not in_hand_ok(S, T, q, D_ATTACK_DISCARD, c, 0):
                return
            discard_from_hand(S, q, c)
            log_event(S, EV_DISCARD, q, c, 1, 0)


@njit(cache=True)
def resolve_special(S, R, T, P, Q, H, p, sp):
    """The part of a card's text that is more than +Cards/+Actions/+Buys/+$."""
    n = S[V + V_NP]
    if sp == SP_MERCHANT:
        S[V + V_MERCHANTS] += 1
    elif sp == SP_MILITIA:
        militia_attack(S, R, T, P, Q, H, p)
    elif sp == SP_CELLAR:
        k = 0
        while S[HAND_N + p] > 0:
            c = ask(S, R, T, P, Q, H, p, D_CELLAR, k)
            if S[ERR] or c < 0:
                break
            if not in_hand_ok(S, T, p, D_CELLAR, c, 0):
                return
            discard_from_hand(S, p, c)
            log_event(S, EV_DISCARD, p, c, 1, 1)
            k += 1
        draw(S, R, p, k)
    elif sp == SP_WORKSHOP:
        gain_choice(S, R, T, P, Q, H, p, D_WORKSHOP_GAIN, 4, 0, GAIN_TO_DISCARD)
    elif sp == SP_REMODEL:
        if S[HAND_N + p] == 0:
            return
        c = ask(S, R, T, P, Q, H, p, D_REMODEL_TRASH, 0)
        if S[ERR] or not in_hand_ok(S, T, p, D_REMODEL_TRASH, c, 0):
            return
        trash_from_hand(S, T, p, c)
        gain_choice(S, R, T, P, Q, H, p, D_REMODEL_GAIN, T[c * N_COLS + C_COST] + 2, 0,
                    GAIN_TO_DISCARD)
    elif sp == SP_MINE:
        c = ask(S, R, T, P, Q, H, p, D_MINE_TRASH, 0)
        if S[ERR] or c < 0:
            S[V + V_PENDING] = -1
            return
        if not in_hand_ok(S, T, p, D_MINE_TRASH, c, TREASURE):
            return
        trash_from_hand(S, T, p, c)
        gain_choice(S, R, T, P, Q, H, p, D_MINE_GAIN, T[c * N_COLS + C_COST] + 3, TREASURE,
                    GAIN_TO_HAND)
    elif sp == SP_WITCH:
        for k in range(1, n):
            q = (p + k) % n
            if attack_blocked(S, R, T, P, Q, H, q) or S[ERR]:
                continue
            if S[SUPPLY + CURSE] > 0:
                gain(S, T, q, CURSE, GAIN_TO_DISCARD)
    elif sp == SP_COUNCIL_ROOM:
        for k in range(1, n):
            draw(S, R, (p + k) % n, 1)
    elif sp == SP_MONEYLENDER:
        if S[HAND0 + p * N_SLOTS + COPPER] > 0:
            r = ask(S, R, T, P, Q, H, p, D_MONEYLENDER, 0)
            if S[ERR]:
                return
            if r == 1:
                trash_from_hand(S, T, p, COPPER)
                S[V + V_COINS] += 3
            elif r != 0:
                fail(S, ERR_ILLEGAL, p, D_MONEYLENDER, r)
    elif sp == SP_CHAPEL:
        for _ in range(4):
            if S[HAND_N + p] == 0:
                break
            c = ask(S, R, T, P, Q, H, p, D_CHAPEL, 0)
            if S[ERR] or c < 0 or not in_hand_ok(S, T, p, D_CHAPEL, c, 0):
                return
            trash_from_hand(S, T, p, c)


@njit(cache=True)
def play_action(S, R, T, P, Q, H, p, c):
    """Play Action ``c`` from hand: its counters top to bottom, then its text."""
    play_from_hand(S, p, c)
    log_event(S, EV_PLAY, p, c, 1, 0)
    k = T[c * N_COLS + C_CARDS]
    if k:
        draw(S, R, p, k)
    S[V + V_ACTIONS] += T[c * N_COLS + C_ACTIONS]
    S[V + V_BUYS] += T[c * N_COLS + C_BUYS]
    S[V + V_COINS] += T[c * N_COLS + C_COINS]
    sp = T[c * N_COLS + C_SPECIAL]
    if sp:
        resolve_special(S, R, T, P, Q, H, p, sp)


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


@njit(cache=True)
def play_turn(S, R, T, P, Q, H, p):
    """One whole turn of player ``p``: Action phase, Buy phase, Cleanup.

    Returns the $ the player had when buying started (for per-turn records).
    """
    h0 = HAND0 + p * N_SLOTS
    S[V + V_ACTIONS] = 1
    S[V + V_BUYS] = 1
    S[V + V_COINS] = 0
    S[V + V_MERCHANTS] = 0
    S[V + V_SILVER_PLAYED] = 0
    if S[V + V_LOG_ON]:
        log_event(S, EV_TURN, p, -1, S[TURNS + p] + 1, 0)
        for c in range(N_CARDS):
            if S[h0 + c]:
                log_event(S, EV_HAND, p, c, S[h0 + c], 0)
    # Action phase.
    b = S[BOT + p]
    rules_bot = P[b * P_WIDTH + PF_FLAGS + F_KIND] == K_RULES
    # Rule bots without a hook take the direct path to their program for the two
    # decisions every turn asks (each call level costs more than the decision itself).
    fast = rules_bot and P[b * P_WIDTH + PF_FLAGS + F_HOOK] == 0
    # A player who owns no Action has none in hand: no Action phase to ask about.
    while S[V + V_ACTIONS] > 0 and S[ACTIONS_OWNED + p] > 0:
        # Rule bots scan only their own play list (empty for Big Money).
        if not rules_bot and not hand_has_any(S, T, p, ACTION_IDS):
            break
        if fast:
            c = rules_action(S, P, S[BOT + p], p)
        else:
            c = ask(S, R, T, P, Q, H, p, D_ACTION, 0)
        if S[ERR] or c < 0:
            break
        if not in_hand_ok(S, T, p, D_ACTION, c, ACTION):
            break
        S[V + V_ACTIONS] -= 1
        play_action(S, R, T, P, Q, H, p, c)
        if S[ERR]:
            break
    if S[ERR]:
        return 0
    # Buy phase: Treasures (rule bots play them all), then Buys.
    if rules_bot:
        for i in range(T[N_TREASURES]):
            c = T[TREASURE_IDS + i]
            if S[h0 + c]:
                play_treasure(S, T, p, c, S[h0 + c])
    else:
        while hand_has_any(S, T, p, TREASURE_IDS):
            c = ask(S, R, T, P, Q, H, p, D_TREASURE, 0)
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
            c = pick_from_list(S, T, P, Q, b, p, L_BUY, S[V + V_COINS])
        else:
            c = ask(S, R, T, P, Q, H, p, D_BUY, 0)
        if S[ERR] or c < 0:
            break
        if c >= N_CARDS or not can_gain(S, T, c, S[V + V_COINS]):
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
    draw(S, R, p, 5)
    return produced


@njit(cache=True)
def reset_game(S, R, T, g, seed, n_players, seat_bots):
    """Set up game ``g``: supply, 7 Coppers + 3 Estates each, shuffled, 5 drawn."""
    S[V + V_GAME] = g
    S[V + V_NP] = n_players
    S[V + V_EMPTY] = 0
    S[V + V_TOTAL_TURNS] = 0
    S[V + V_PENDING] = -1
    for c in range(N_SLOTS):
        S[SUPPLY + c] = T[SUPPLY0 + c]
        S[TRASH + c] = 0
    for i in range(PS, V):
        S[i] = 0
    for p in range(MAX_PLAYERS):
        for c in range(N_SLOTS):
            S[HAND0 + p * N_SLOTS + c] = 0
            S[PLAY0 + p * N_SLOTS + c] = 0
            S[DISC0 + p * N_SLOTS + c] = 0
            S[OWN0 + p * N_SLOTS + c] = 0
        S[HAND_N + p] = 0
        S[PLAY_N + p] = 0
        S[DISC_N + p] = 0
        S[DECK_N + p] = 0
        S[OWN_N + p] = 0
        S[TURNS + p] = 0
        S[DISC_TOP + p] = -1
        S[BOT + p] = seat_bots[g, p] if p < n_players else 0
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
        draw(S, R, p, 5)


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
def run_batch(S, R, T, P, Q, H, n_players, seat_bots, seeds, first, out_score, out_turns,
              out_game, rec_coins, rec_vp):
    """Play ``len(seeds)`` games; returns how many finished (fewer on an error).

    H: a tuple of compiled decision hooks (sim.hooks), referenced by the bots' F_HOOK.
    seat_bots[g, s]: row of ``P`` of the bot in seat s of game g.
    first[g]: the seat that moves first, or -1 to draw it from the game's seed.
    rec_coins/rec_vp [g, seat, turn]: per-turn $ and score, when their first axis
    has one row per game.
    """
    return play_games(ptr(S), ptr(R), ptr(T), ptr(P), ptr(Q), H, n_players, seat_bots, seeds,
                      first, out_score, out_turns, out_game, rec_coins, rec_vp)


@njit(cache=True)
def play_games(S, R, T, P, Q, H, n_players, seat_bots, seeds, first, out_score, out_turns,
               out_game, rec_coins, rec_vp):
    """The body of run_batch, on pointers to the state, streams, table and programs."""
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


# ----------------------------------------------------------------------------- on arrays
# The engine's functions take pointers (sim.pointers.ptr); these entry points take
# the arrays themselves, for callers outside the engine (sim.scenario, tests).
@njit(cache=True)
def play_turn_on(S, R, T, P, Q, H, p):
    return play_turn(ptr(S), ptr(R), ptr(T), ptr(P), ptr(Q), H, p)


@njit(cache=True)
def reset_game_on(S, R, T, g, seed, n_players, seat_bots):
    reset_game(ptr(S), ptr(R), ptr(T), g, seed, n_players, seat_bots)


@njit(cache=True)
def finish_game_on(S, T, g, n_players, reason, out_score, out_turns, out_game):
    finish_game(ptr(S), ptr(T), g, n_players, reason, out_score, out_turns, out_game)


@njit(cache=True)
def decide_on(S, R, T, P, Q, H, p, d, arg):
    return decide(ptr(S), ptr(R), ptr(T), ptr(P), ptr(Q), H, p, d, arg)


@njit(cache=True)
def draw_on(S, R, p, n):
    return draw(ptr(S), ptr(R), p, n)


# Each engine function is compiled once, not once per constant its callers pass
# (sim.unliteral): 153 copies of 28 functions became one each.
def _compile_once_per_type() -> None:
    import sys

    from sim import decide as _decide
    from sim import rng as _rng
    from sim import zones as _zones
    from sim.unliteral import compile_once_per_type

    compile_once_per_type(sys.modules[__name__], _decide, _zones, _rng)


_compile_once_per_type()
