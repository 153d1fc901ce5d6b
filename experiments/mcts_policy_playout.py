"""The search bot with a learned policy's playouts against its default, same time per
decision (issue 38 item 1: a policy as the search bot's playout bot).

    python experiments/mcts_policy_playout.py [--games N] [--time-ms MS] [--policy DIR]
    python experiments/mcts_policy_playout.py --playouts K     # the same playouts instead

First Game, 2 players, seats alternating and the first player drawn from each seed:
``mcts:time_ms=MS,playout=<policy>`` (its playouts played by the First Game policy
inside compiled code, sim.learn.compiled) against ``mcts:time_ms=MS`` (the default
playout bot, ``auto``), both searching the turn's decisions for the same milliseconds
each.  Prints the policy side's win share (ties shared) with its 95% Wilson interval,
the playouts each side ran per searched decision (median), and the machine's load.
The budget is time, so a rerun plays other games (the playouts counted depend on the
machine's speed).  ``--playouts K`` gives both sides K playouts a decision instead
(reproducible): what a playout is worth, apart from what it costs.
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

from bots import resolve_bot  # noqa: E402
from sim.analysis.results import wilson  # noqa: E402
from sim.engine.batch import play_batch  # noqa: E402
from sim.engine.game import G_WINNERS  # noqa: E402
from sim.engine.rng import game_seeds  # noqa: E402
from sim.env.mcts import MCTSBot  # noqa: E402
from sim.env.search import ST_ITERATIONS  # noqa: E402
from sim.env.state import Game  # noqa: E402

DEFAULT = "experiments/results/learn/first-game"


class Counted:
    """Wraps a search bot's act to keep each searched decision's playouts."""

    def __init__(self, bot):
        self.bot, self.playouts = bot, []
        act = bot.act

        def counted(state):
            a = act(state)
            if bot.last_search is not None:
                self.playouts.append(int(bot.last_search[2][ST_ITERATIONS]))
                bot.last_search = None
            return a

        bot.act = counted


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--time-ms", type=float, default=10.0)
    ap.add_argument("--playouts", type=int, default=None,
                    help="K playouts a decision for both sides instead of --time-ms")
    ap.add_argument("--policy", default=DEFAULT)
    args = ap.parse_args(argv)
    ms = f"{args.time_ms:g}"
    # (built directly: a spec naming time_ms makes a bot name with "_", which is refused)
    budget = ({"playouts": args.playouts} if args.playouts else {"time_ms": args.time_ms})
    policy_side = Counted(MCTSBot("mcts-policy-playouts", playout=args.policy, **budget))
    default_side = Counted(MCTSBot("mcts-default-playouts", **budget))
    pb = resolve_bot(args.policy)
    config = Game(kingdom=pb.meta["kingdom"], players=2, bots=pb.fallback).config
    g = args.games
    seats = np.zeros((g, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    load0 = os.getloadavg()[0]
    t0 = time.perf_counter()
    res = play_batch(config, [policy_side.bot, default_side.bot], seats, game_seeds(1, 0, g))
    wall = time.perf_counter() - t0
    win = res.game[:, G_WINNERS]
    seat_of_policy = np.where(seats[:, 0] == 0, 0, 1)
    won = (win >> seat_of_policy) & 1
    shared = np.array([bin(int(w)).count("1") for w in win])
    credit = np.where(won == 1, 1.0 / np.maximum(shared, 1), 0.0)
    lo, hi = wilson(credit.sum(), g)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {load0:.1f} before, {os.getloadavg()[0]:.1f} after; "
          f"{g} games in {wall:.0f} s")
    what = f"{args.playouts} playouts" if args.playouts else f"{ms} ms"
    print(f"First Game, {what} per searched decision: mcts with the policy's playouts "
          f"wins {credit.mean():.1%} ({lo:.1%}-{hi:.1%}) against mcts with its default "
          f"playouts")
    for label, side in (("policy playouts", policy_side), ("default playouts", default_side)):
        print(f"{label:>17}: median {statistics.median(side.playouts):,.0f} playouts a "
              f"searched decision ({len(side.playouts)} decisions)")


if __name__ == "__main__":
    main()
