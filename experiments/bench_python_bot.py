"""Games per CPU-second of a Python class bot, and of the same logic as rules.

    python experiments/bench_python_bot.py [--games N] [--reps K]

The README's figure (section "3. A Python class"): the Smithy bot below as a Python
class (``SmithyPython``) and as rules (``RULES``), which play identical games (checked
here and by tests/test_bot_kinds.py, which imports them), each against BMU in one
process, seats alternating, First Game kingdom.  Each rep plays ``games`` seeded games
with ``sim.engine.batch.play_batch`` and is timed in CPU seconds of this process
(``time.process_time``: other processes on a loaded machine slow it less than wall
time); the median of the reps is printed, with the machine and its load.  A first small
batch of each bot compiles / loads the engine outside the timing.
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
from bots.python_bot import PythonBot  # noqa: E402
from bots.rules import Buy, RuleBot, count, money  # noqa: E402
from sim.engine.batch import play_batch  # noqa: E402
from sim.engine.config import GameConfig  # noqa: E402
from sim.engine.rng import game_seeds  # noqa: E402

# The Smithy bot as rules and as a Python class (tests/test_bot_kinds.py plays them, and a
# compiled hook of the same logic, and checks that the three play identical games).
RULES = RuleBot("smithy-rules", "Smithy big money as rules",
                buy=[Buy("Province", money() > 15), Buy("Gold"),
                     Buy("Smithy", count("Smithy") < 1), Buy("Silver")],
                play=["Smithy"])
NOTHING = RuleBot("nothing", "buys and plays nothing", play=[])


class SmithyPython(PythonBot):
    name = "smithy-python"
    fallback = NOTHING

    def play_action(self, view):
        return "Smithy" if view.hand.get("Smithy") else None

    def buy(self, view):
        if view.coins >= 8 and view.left("Province") and view.count("Silver") * 2 + \
                view.count("Gold") * 3 + view.count("Copper") > 15:
            return "Province"
        if view.coins >= 6 and view.left("Gold"):
            return "Gold"
        if view.coins >= 4 and view.count("Smithy") < 1 and view.left("Smithy"):
            return "Smithy"
        if view.coins >= 3 and view.left("Silver"):
            return "Silver"
        return None


def batch(bot, games: int, seed: int):
    """``games`` games of ``bot`` against BMU, seats alternating (tests.conftest.play_seated)."""
    seeds = game_seeds(seed, 0, games)
    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    return play_batch(GameConfig(), [bot, bots.get_bot("bmu")], seats, seeds,
                      np.zeros(games, np.int8))


def games_per_cpu_s(bot, games: int, reps: int) -> list[float]:
    batch(bot, 20, 0)                       # compile or load the engine
    rates = []
    for rep in range(reps):
        t0 = time.process_time()
        batch(bot, games, 1 + rep)
        rates.append(games / (time.process_time() - t0))
    return rates


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per rep (Python bot)")
    ap.add_argument("--reps", type=int, default=7)
    args = ap.parse_args(argv)
    same = [batch(b, 200, 99) for b in (SmithyPython(), RULES)]
    assert np.array_equal(same[0].score, same[1].score), "the two bots' games differ"
    python = games_per_cpu_s(SmithyPython(), args.games, args.reps)
    rules = games_per_cpu_s(RULES, args.games * 50, args.reps)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at the end; Python {platform.python_version()}")
    for label, rates in (("Python class", python), ("rules", rules)):
        print(f"{label:>12}: median {statistics.median(rates):,.0f} games/CPU-s "
              f"(reps: {', '.join(f'{r:,.0f}' for r in sorted(rates))})")
    print(f"rules / Python class: {statistics.median(rules) / statistics.median(python):.0f}x")


if __name__ == "__main__":
    main()
