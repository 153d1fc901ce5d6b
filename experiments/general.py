"""The general policy (issue 38): one learned bot for every kingdom, trained over random
boards of all 56 kingdom cards with random Events.

    python experiments/general.py --part train                 # 60 min of domsim train
    python experiments/general.py --part train --minutes 1 --out /tmp/general   # a check
    python experiments/general.py --part ship      # the library bot `general` plays it

``train`` runs ``domsim train`` (the command as a user types it) into
experiments/results/learn/general/ and writes command.json there (the command, the
machine and its load before and after, wall and CPU seconds, what was trained) and
curve.png.  ``ship`` copies the trained policy's two files (policy.npz, policy.json) to
bots/data/policies/general/, where the library bot ``general`` reads them (in a checkout
and in an installed package).  experiments/general_eval.py measures it.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
OUT = ROOT / "experiments" / "results" / "learn" / "general"
#: The training recipe: every board a random kingdom of both sets with up to 2 random
#: Events; a league of the bots that play every board; the policy plays its Actions,
#: buys (its Events too) and token placements, its fallback the rest; a weaker prior
#: than one kingdom's (3, not 4) because the fallback (BMU) plays no Action, and the
#: policy must find out that playing them pays.
RECIPE = ["--kingdom", "random:base,adventures", "--events", "random", "--players", "2",
          "--against", "bmu,big-money,self", "--fallback", "bmu",
          "--decisions", "play an Action+buy+put a token on a pile",
          "--prior", "3", "--boards", "16", "--board-iterations", "40",
          "--eval-every", "100", "--eval-games", "400"]


def learn_experiment():
    """experiments/learn.py as a module (its timed domsim command and its curve plot:
    the same records and figure for every trained policy)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("learn_experiment",
                                                  ROOT / "experiments" / "learn.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def train(args, recipe: list[str] | None = None, script: str = "experiments/general.py",
          title: str = "General policy (random boards, both sets)") -> None:
    """``domsim train`` with ``recipe`` (default :data:`RECIPE`) in a subprocess, then
    command.json and the curve; ``script`` and ``title`` name the experiment that ran it
    (experiments/general_league.py trains its recipe through here too)."""
    learn = learn_experiment()
    where = os.path.relpath(args.out, ROOT)
    cmd = ["domsim", "train", *(RECIPE if recipe is None else recipe), "--minutes",
           f"{args.minutes:g}", "--seed", str(args.seed), "--out", where]
    if args.force:
        cmd.append("--force")
    if args.resume:
        cmd.append("--resume")
    info = learn.run_domsim(cmd)
    meta = json.loads((args.out / "policy.json").read_text())
    info.update({"trained_games": meta["games"], "trained_steps": meta["steps"],
                 "iterations": meta["iterations"], "train_wall_s": meta["wall_s"],
                 "script": f"python {script} " + " ".join(
                     shlex.quote(a) for a in sys.argv[1:])})
    (args.out / "command.json").write_text(json.dumps(info, indent=1) + "\n")
    learn.plot_curve(args.out, args.out / "curve.png", title)


def ship(args) -> None:
    """The trained policy as the library bot ``general``: its two files copied."""
    import shutil

    from bots import GENERAL_POLICY
    from sim.learn.bot import META_FILE, POLICY_FILE, is_policy_dir

    if not is_policy_dir(args.out):
        sys.exit(f"general.py: {args.out} holds no trained policy (--part train makes it)")
    GENERAL_POLICY.mkdir(parents=True, exist_ok=True)
    for name in (POLICY_FILE, META_FILE):
        shutil.copyfile(args.out / name, GENERAL_POLICY / name)
    print(f"shipped {args.out} as the bot general ({GENERAL_POLICY})")


def training_parser(doc: str, parts: tuple[str, ...], *, minutes: float | None, seed: int,
                    out: Path | None, minutes_help: str = "training wall time",
                    seed_help: str = "the training run's seed",
                    out_help: str | None = None) -> argparse.ArgumentParser:
    """The options every general-policy experiment takes (--part, --minutes, --seed,
    --out, --force, --resume), for its own to be added."""
    p = argparse.ArgumentParser(description=doc.splitlines()[0])
    p.add_argument("--part", action="append", choices=parts, default=None)
    p.add_argument("--minutes", type=float, default=minutes, help=minutes_help)
    p.add_argument("--seed", type=int, default=seed, help=seed_help)
    p.add_argument("--out", type=Path, default=out, help=out_help)
    p.add_argument("--force", action="store_true", help="retrain over an existing policy")
    p.add_argument("--resume", action="store_true", help="continue a stopped run")
    return p


def main() -> None:
    args = training_parser(__doc__, ("train", "ship"), minutes=60.0, seed=1,
                           out=OUT).parse_args()
    args.out = args.out.resolve()
    for part in args.part or ["train"]:
        if part == "train":
            train(args)
        elif part == "ship":
            ship(args)


if __name__ == "__main__":
    main()
