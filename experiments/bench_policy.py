"""Games per CPU-second of the First Game policy against BMU: compiled and Python paths.

    python experiments/bench_policy.py [--games N] [--reps K] [--policy DIR]

The policy (``experiments/results/learn/first-game`` by default) plays BMU, seats
alternating, through ``sim.engine.batch.play_batch`` as ``domsim match`` plays it: once
with PolicyBot's default compiled path (sim.learn.compiled: whole games in one compiled
loop) and once with ``compiled=False`` (PolicyBot.act in Python at every decision).  Both
play the same games (checked here on the first batch).  Each rep is timed in CPU
seconds of this process (``time.process_time``); the median of ``reps`` is printed,
with the machine's load.

What the compiled path's time goes to, in the same run:

* ``advance only``: the same games' machinery with the policy's questions answered by
  its fallback (the policy takes no decision: no forward pass), i.e. the state API's
  way of stopping at a question (each stop replays the turn from its start and copies
  the ~40 KB state twice, sim.env.core.advance) and the prior's copy of the game;
* ``forward pass``: one decision's observation + forward pass, in microseconds;
* ``engine``: BMU against BMU in the engine's own batch (no agent seat), the ceiling;
* per decision: the difference of the first two, over the policy's decisions a game
  (counted on the Python path).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.getcwd())  # the checkout it is run from, not this file's

import numpy as np  # noqa: E402

import bots  # noqa: E402
from sim.engine.batch import play_batch  # noqa: E402
from sim.engine.rng import game_seeds  # noqa: E402
from sim.env.state import Game  # noqa: E402
from sim.learn import PolicyBot  # noqa: E402

DEFAULT = "experiments/results/learn/first-game"


def batch(bot, config, games: int, seed: int):
    """``games`` games of ``bot`` against BMU, seats alternating."""
    seeds = game_seeds(seed, 0, games)
    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    return play_batch(config, [bot, bots.get_bot("bmu")], seats, seeds)


def rates(bot, config, games: int, reps: int) -> list[float]:
    batch(bot, config, 20, 0)               # compile or load
    out = []
    for rep in range(reps):
        t0 = time.process_time()
        batch(bot, config, games, 1 + rep)
        out.append(games / (time.process_time() - t0))
    return out


def forward_us(bot, n: int = 20_000) -> float:
    """Microseconds of one decision's observation + forward pass (+ the prior), at a
    First Game question a few buys in, timed over ``n`` calls."""
    fast = bot.compiled_policy()
    game = Game(kingdom=bot.meta["kingdom"], players=2, bots=[bot.fallback, "bmu"],
                agents=[0], decisions=bot.decisions)
    state = game.new_initial_state(3)
    for _ in range(6):
        state.apply_action(fast.act(state))
    fast.logits(state)
    t0 = time.process_time()
    for _ in range(n // 10):
        fast.logits(state)
    call = (time.process_time() - t0) / (n // 10)   # with a Python call around it
    return call * 1e6


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per rep (compiled)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--policy", default=DEFAULT, help="a policy directory")
    args = ap.parse_args(argv)
    fast, slow = PolicyBot(args.policy), PolicyBot(args.policy, compiled=False)
    config = Game(kingdom=fast.meta["kingdom"], players=2, bots=fast.fallback).config
    asked = [0]
    act = slow.act

    def counted(state):
        asked[0] += 1
        return act(state)

    slow.act = counted
    a, b = batch(fast, config, 200, 99), batch(slow, config, 200, 99)
    slow.act = act
    per_game = asked[0] / 200          # the policy's decisions in a game
    assert np.array_equal(a.score, b.score) and np.array_equal(a.game, b.game), \
        "the compiled and Python paths played different games"
    compiled = rates(fast, config, args.games, args.reps)
    python = rates(slow, config, max(50, args.games // 10), args.reps)
    idle = PolicyBot(args.policy)
    idle.compiled_policy().takes[:] = False       # the fallback answers: no forward pass
    advance = rates(idle, config, args.games, args.reps)
    bmu = bots.get_bot("bmu")
    engine = rates(bmu, config, args.games * 20, args.reps)
    fwd = forward_us(fast)
    policy_us = (1 / statistics.median(compiled) - 1 / statistics.median(advance)) * 1e6
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at the end; Python {platform.python_version()}")
    for label, r in (("compiled", compiled), ("Python", python),
                     ("advance only", advance), ("engine BMU-BMU", engine)):
        print(f"{label:>15}: median {statistics.median(r):,.0f} games/CPU-s "
              f"(reps: {', '.join(f'{x:,.0f}' for x in sorted(r))})")
    print(f"compiled / Python: {statistics.median(compiled) / statistics.median(python):.1f}x; "
          f"one decision's observation + forward pass + prior, called from Python: "
          f"{fwd:.1f} us")
    print(f"{per_game:.1f} policy decisions a game; compiled - advance only: "
          f"{policy_us / per_game:.1f} us a decision (observation, weights read from "
          f"memory, forward pass), {1e6 / statistics.median(advance) / per_game:.1f} us "
          f"a decision for stopping at it (replay, state copies, prior)")


if __name__ == "__main__":
    main()
