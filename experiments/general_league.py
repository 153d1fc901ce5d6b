"""The general policy trained against the field (issue 49, item 2): ``general`` fine-tuned
with a league of every library bot that can play each board and past snapshots of itself,
drawn by prioritized fictitious self-play (``domsim train --league field``).

    python experiments/general_league.py --part train            # 40 min of domsim train
    python experiments/general_league.py --part train --minutes 1 --out /tmp/gl   # a check
    python experiments/general_eval.py --policy experiments/results/learn/general-league \\
        --out experiments/results/learn/general-league/eval --boards 60 \\
        --part boards --part best --part field --processes 1

Why: ``general`` (experiments/general.py) was trained against bmu, big-money and itself,
and its curve is flat from 0.2 M of its 1.1 M games; on unseen boards the bots that beat
it are the boards' own (Reserve cards, draw), which that league never showed it.  This
run starts from its weights (``--init``) and plays, on each board, a table against its
refreshed snapshot (``--against self``) and three tables against opponents drawn from
the board's library field and its past snapshots, the ones it does worst against most
often.  ``train`` writes into experiments/results/learn/general-league/ (never over
``general``'s folder or the shipped bot) command.json (the command, the machine and its
load before and after, wall and CPU seconds, what was trained) and curve.png.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
OUT = ROOT / "experiments" / "results" / "learn" / "general-league"
INIT = "bots/data/policies/general"
#: general.py's recipe (random boards of both sets, random Events, the policy's Actions,
#: buys and token placements, prior 3), with the field league: its refreshed snapshot on
#: every board and 3 tables drawn by PFSP; 8 boards of 4 tables (16 games a table, as
#: general's 16 boards of 3 tables had ~11), redrawn every 20 iterations (the same boards
#: an iteration as 16 every 40); a smaller step than general's 1e-3, since it starts
#: from a trained policy with a fresh optimiser.
RECIPE = ["--kingdom", "random:base,adventures", "--events", "random", "--players", "2",
          "--league", "field", "--against", "self", "--field-tables", "3",
          "--past-every", "200", "--past-max", "4", "--init", INIT,
          "--fallback", "bmu", "--decisions", "play an Action+buy+put a token on a pile",
          "--prior", "3", "--lr", "5e-4", "--boards", "8", "--board-iterations", "20",
          "--eval-every", "100", "--eval-games", "400"]


def general_experiment():
    """experiments/general.py as a module (its learn_experiment)."""
    spec = importlib.util.spec_from_file_location("general_experiment",
                                                  ROOT / "experiments" / "general.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def train(args) -> None:
    """``domsim train`` with :data:`RECIPE` in a subprocess, then command.json and the
    curve (experiments/general.py's train)."""
    general_experiment().train(args, RECIPE, "experiments/general_league.py",
                               "General policy fine-tuned against the field (PFSP league)")


def main() -> None:
    args = general_experiment().training_parser(
        __doc__, ("train",), minutes=40.0, seed=2, out=OUT,
        seed_help="the training run's seed (general's was 1: other boards)").parse_args()
    args.out = args.out.resolve()
    for part in args.part or ["train"]:
        if part == "train":
            train(args)


if __name__ == "__main__":
    main()
