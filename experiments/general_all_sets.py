"""The general policy retrained over all three sets (issue 49, item 3): ``general`` on
random boards of base, Adventures and Intrigue against the field, by one of two recipes:

* ``--recipe sets`` (default): its own decisions (plays, buys, token placements; BMU's
  defaults answer the in-card choices), every card's inputs;
* ``--recipe every``: every decision taken (the in-card choices too: what to trash,
  discard, gain, put back, which option, reactions), after an imitation phase.

    python experiments/general_all_sets.py --part train                # 30 min
    python experiments/general_all_sets.py --part train --minutes 2 --out /tmp/gs
    python experiments/general_all_sets.py --recipe every --part train # 50 min
    python experiments/general_all_sets.py --part variant   # (every) its old-decision twin
    python experiments/general_eval.py --policy experiments/results/learn/general-sets \\
        --out experiments/results/learn/general-sets/eval --boards 60 \\
        --part boards --part best --part field --part firstgame --processes 1
    python experiments/general_eval.py --policy experiments/results/learn/general-sets \\
        --out experiments/results/learn/general-sets/eval-all --pool random:all \\
        --boards 60 --part boards --part best --part field --processes 1
    (the second also for experiments/results/learn/general-league, the policy before)
    python experiments/general_all_sets.py --part compare   # compare.txt
    python experiments/general_all_sets.py --part ship      # the library bot plays it

Why: ``general`` was made before Intrigue (its inputs know 56 kingdom cards; it never
buys an Intrigue card) and answers only its plays, buys and token placements.  Both
recipes start from its weights widened to every card's inputs
(sim.learn.policy.widen_to_columns) with general_league.py's league (its snapshot and 3
tables a board drawn from the board's library field and past snapshots).  Taking every
decision needs a first phase of imitation (``--imitate``: the old policy's answers
where it answered, BMU's elsewhere, on its own games): a policy that starts answering
questions it never saw plays at random there and loses every game (it stops playing its
Treasures: 0% against the field in a one-minute check).  ``train`` writes into
experiments/results/learn/general-sets/ (general-every/) command.json (the command, the
machine and its load, wall and CPU seconds, what was trained) and curve.png; ``ship``
copies the policy to the library bot ``general``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "experiments"))   # (experiments/general.py as a module)
LEARN = ROOT / "experiments" / "results" / "learn"
#: The policy both recipes start from: general_league.py's, the library's ``general``
#: from 0.11 to 0.18 (the runs of 0.19 named it bots/data/policies/general, which held
#: these same two files then).
INIT = "experiments/results/learn/general-league"
#: general_league.py's recipe on every set.
BASE = ["--kingdom", "random:all", "--events", "random", "--players", "2",
        "--league", "field", "--against", "self", "--field-tables", "3",
        "--past-every", "200", "--past-max", "4", "--init", INIT, "--fallback", "bmu",
        "--prior", "3", "--lr", "5e-4", "--boards", "8", "--board-iterations", "20",
        "--eval-every", "100", "--eval-games", "400"]
#: The decisions general answered before (its fallback, BMU, answered the rest).
OLD_DECISIONS = "play an Action,buy,put a token on a pile"
#: recipe -> (its arguments, its folder, its default minutes, its title).  ``every``:
#: 600 iterations of imitation first (about 5 minutes: in one-minute checks the greedy
#: policy won 71% against the field after 150, the old policy 79% on the same boards).
RECIPES = {
    "sets": (BASE + ["--decisions", OLD_DECISIONS.replace(",", "+")], LEARN / "general-sets",
             30.0, "General policy over every set (PPO against the field)"),
    "every": (BASE + ["--decisions", "all", "--imitate", "600"], LEARN / "general-every",
              50.0, "General policy, every set and every decision (imitation, then PPO "
              "against the field)"),
}


#: The evaluations compared by ``compare``: (name, folder of field.csv), per pool.
LEAGUE = LEARN / "general-league"


def old_decisions_dir(out: Path) -> Path:
    """The trained policy answering only general's old decisions (BMU the rest)."""
    return out.parent / f"{out.name}-old-decisions"


def variant(args) -> None:
    """The trained policy's weights taking only :data:`OLD_DECISIONS` (BMU's answers
    for the in-card choices): the measurement that says whether the policy's own answers
    to them play better than the rule bot's defaults (issue 49 item 3's fallback)."""
    import json
    import shutil

    from sim.learn.bot import META_FILE, POLICY_FILE, is_policy_dir

    if not is_policy_dir(args.out):
        sys.exit(f"general_every_decision.py: {args.out} holds no trained policy")
    d = old_decisions_dir(args.out)
    d.mkdir(exist_ok=True)
    shutil.copyfile(args.out / POLICY_FILE, d / POLICY_FILE)
    meta = json.loads((args.out / META_FILE).read_text(encoding="utf-8"))
    meta["decisions"] = OLD_DECISIONS
    meta["variant_of"] = str(args.out.relative_to(ROOT))
    (d / META_FILE).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {d}: {args.out.name}'s weights, decisions {OLD_DECISIONS}")


def field_figures(folder: Path) -> dict | None:
    """From an evaluation's field.csv (library bots only): general_eval.py's headline
    count of boards where every library bot is beaten, per block of 30 (its
    field_summary and field_headline), with the mean win share over the pairings and
    the pairings lost (interval below 50%)."""
    import general_eval  # experiments/general_eval.py: the field part's own counts

    path = folder / "field.csv"
    if not path.is_file():
        return None
    rows = [r for r in general_eval.read_csv(path, "field") if r["kind"] == "library"]
    head = general_eval.field_headline(general_eval.field_summary(rows))
    blocks = list(head.get("blocks", {}).values()) or [head]
    return {"boards": head["boards"], "every": head["every_library_beaten"],
            "blocks": [c["every_library_beaten"] for c in blocks],
            "mean": sum(float(r["win_rate"]) for r in rows) / len(rows),
            "lost": sum(float(r["ci_high"]) < 0.5 for r in rows), "pairings": len(rows)}


def field_line(folder: Path) -> str:
    """:func:`field_figures` of an evaluation folder in words."""
    f = field_figures(folder)
    if f is None:
        return f"(not measured: {folder.parent.name}/{folder.name}/field.csv)"
    return (f"every bot beaten on {f['every']:2d} of {f['boards']} "
            f"({' + '.join(map(str, f['blocks']))}), mean {f['mean']:.1%}, lost {f['lost']} "
            f"of {f['pairings']}")


def compare(args) -> None:
    """The before/after table: general (the league's, shipped since 0.11), both
    recipes' policies and the every-decision policy's weights on the old decisions, on
    the 60 base + Adventures boards (eval/) and the 60 boards of every set (eval-all/):
    compare.txt beside the ``sets`` policy."""
    policies = [("general (0.11, before)", LEAGUE),
                ("every set, its decisions", RECIPES["sets"][1]),
                ("every set, every decision", RECIPES["every"][1]),
                ("  the same, old decisions", old_decisions_dir(RECIPES["every"][1]))]
    lines = ["Every library bot that can play a board beaten (400 games a pairing, 95% "
             "interval above 50%; python experiments/general_eval.py --part field "
             "--boards 60, seed 2029), the mean win share over those pairings, the "
             "pairings lost (interval below 50%).", ""]
    for pool, sub in (("base + Adventures (general_eval.py's boards)", "eval"),
                      ("every set, Intrigue's cards too (--pool random:all)", "eval-all")):
        lines.append(f"{pool}:")
        for name, folder in policies:
            lines.append(f"  {name:28s} {field_line(folder / sub)}")
        lines.append("")
    text = "\n".join(lines)
    (RECIPES["sets"][1] / "compare.txt").write_text(text, encoding="utf-8")
    print(text)


def main() -> None:
    import general  # experiments/general.py: its options, train and ship

    p = general.training_parser(
        __doc__, ("train", "variant", "compare", "ship"), minutes=None, seed=3, out=None,
        minutes_help="training wall time (default: sets 30, every 50)",
        seed_help="the training run's seed (the league run's was 2: other boards)",
        out_help="the policy's folder (default: experiments/results/learn/general-sets or "
                 "general-every)")
    p.add_argument("--recipe", choices=tuple(RECIPES), default="sets")
    args = p.parse_args()
    recipe, out, minutes, title = RECIPES[args.recipe]
    args.out = (args.out or out).resolve()
    args.minutes = minutes if args.minutes is None else args.minutes

    for part in args.part or ["train"]:
        if part == "train":
            general.train(args, recipe, "experiments/general_all_sets.py", title)
        elif part == "variant":
            variant(args)
        elif part == "compare":
            compare(args)
        elif part == "ship":
            general.ship(args)


if __name__ == "__main__":
    main()
