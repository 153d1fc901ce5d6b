"""Where a Big Money turn's time goes: the real ``play_turn`` against its parts.

    python experiments/bench_turn_parts.py

Times (one core, ns per turn) the compiled ``play_turn`` called in a loop, and
the same pieces (cleanup + draw 5, Treasures, the buy decision, the gain)
inlined into one loop.  The gap between the two is overhead of how the whole
turn compiles, not of the rules work; it is the next place to look for speed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bots  # noqa: E402
from sim.cards import FIRST_GAME  # noqa: E402
from sim.decide import pick_from_list  # noqa: E402
from sim.engine import play_treasure, play_turn, reset_game  # noqa: E402
from sim.hooks import hooks_tuple  # noqa: E402
from sim.layout import HAND0, N_SLOTS, N_TREASURES, TREASURE_IDS, V_BUYS, V_COINS, V  # noqa: E402
from sim.program import L_BUY  # noqa: E402
from sim.rng import game_seeds  # noqa: E402
from sim.state import make_table, new_state, pack_programs  # noqa: E402
from sim.unmanaged import unmanaged  # noqa: E402
from sim.zones import cleanup, draw, gain  # noqa: E402

TURNS = 20


@njit
def unmanaged_all(S, R, T, P, Q):
    """The engine's arrays as views without reference counting, as run_batch uses them."""
    return unmanaged(S), unmanaged(R), unmanaged(T), unmanaged(P), unmanaged(Q)


@njit
def resets_only(S, R, T, seats, seeds):
    S = unmanaged(S)
    R = unmanaged(R)
    for g in range(seeds.shape[0]):
        reset_game(S, R, T, 0, seeds[g], 2, seats)


@njit
def real_turns(S, R, T, P, Q, H, seats, seeds):
    S, R, T, P, Q = unmanaged_all(S, R, T, P, Q)
    total = 0
    for g in range(seeds.shape[0]):
        reset_game(S, R, T, 0, seeds[g], 2, seats)
        for k in range(TURNS):
            total += play_turn(S, R, T, P, Q, H, k & 1)
    return total


@njit
def inlined_parts(S, R, T, P, Q, seats, seeds, upto):
    S, R, T, P, Q = unmanaged_all(S, R, T, P, Q)
    total = 0
    for g in range(seeds.shape[0]):
        reset_game(S, R, T, 0, seeds[g], 2, seats)
        for k in range(TURNS):
            p = k & 1
            h0 = HAND0 + p * N_SLOTS
            c = -1
            if upto >= 1:
                for i in range(T[N_TREASURES]):
                    t = T[TREASURE_IDS + i]
                    if S[h0 + t]:
                        play_treasure(S, T, p, t, S[h0 + t])
            if upto >= 2:
                S[V + V_BUYS] = 1
                c = pick_from_list(S, T, P, Q, 0, p, L_BUY, S[V + V_COINS])
                total += c
            if upto >= 3 and c >= 0:
                gain(S, T, p, c, 0)
            cleanup(S, p)
            draw(S, R, p, 5)
            S[V + V_COINS] = 0
    return total


def per_turn_ns(fn, args, games: int, base: float = 0.0) -> float:
    t = time.process_time()
    fn(*args)
    return ((time.process_time() - t) / games - base) / TURNS * 1e9


def main() -> None:
    T = make_table(2, FIRST_GAME)
    S, R = new_state(T, 100)
    bm = bots.get_bot("big-money").program()
    P, Q = pack_programs([bm, bm])
    H = hooks_tuple([])
    seats = np.array([[0, 1]], np.int32)
    seeds = game_seeds(1, 0, 100_000)
    few = seeds[:5]
    resets_only(S, R, T, seats, few)
    real_turns(S, R, T, P, Q, H, seats, few)
    for upto in range(4):
        inlined_parts(S, R, T, P, Q, seats, few, upto)
    t = time.process_time()
    resets_only(S, R, T, seats, seeds)
    reset_s = (time.process_time() - t) / len(seeds)
    print(f"reset_game: {reset_s * 1e9:.0f} ns per game")
    real = per_turn_ns(real_turns, (S, R, T, P, Q, H, seats, seeds), len(seeds), reset_s)
    print(f"play_turn (the real thing): {real:.0f} ns per turn")
    names = ("cleanup + draw 5", "+ Treasures", "+ buy decision", "+ gain")
    for upto, name in enumerate(names):
        ns = per_turn_ns(inlined_parts, (S, R, T, P, Q, seats, seeds, upto), len(seeds),
                         reset_s)
        print(f"inlined parts, {name}: {ns:.0f} ns per turn")


if __name__ == "__main__":
    main()
