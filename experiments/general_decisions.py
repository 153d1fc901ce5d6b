"""Every decision, each measured (issue 49, item 3): ``general`` trained to answer the
in-card choices too, then each in-card decision measured alone, the policy's answers
against its fallback's (BMU's), and the fallback kept only where it plays better.

    python experiments/general_decisions.py --part train          # 30 min
    python experiments/general_decisions.py --part count          # which boards ask what
    python experiments/general_decisions.py --part ablate         # each decision alone
    python experiments/general_decisions.py --part choose         # the measured policy
    python experiments/general_decisions.py --part eval           # general_eval.py on it
    python experiments/general_decisions.py --part compare        # compare.txt
    python experiments/general_decisions.py --part ship
    python experiments/general_decisions.py --policy DIR --out /tmp/d --quick \\
        --part count --part ablate --part choose                  # a check in seconds

Why: a policy trained on every decision measured worse than one answering only its
plays, buys and token placements (0.19.0: 30 against 33 boards), but that is one figure
for some 90 decisions: it cannot say which of its answers are worse than BMU's and
which better.  Here each in-card decision is measured by itself, on the boards where it
is asked: the same weights answering the base decisions (plays, buys, token
placements: :data:`BASE`) against the same weights answering them and that one
decision, seats rotated, so the only difference between the two bots is who answers it.

* ``train``: the shipped ``general`` (general-exploit: the field league with exploiters)
  trained on with ``--decisions all`` after 600 iterations of imitation (its own
  answers where it answered, BMU's elsewhere: a policy answering questions it never saw
  plays at random there), its recipe and another seed (5), into
  experiments/results/learn/general-every2/.
* ``count``: ``--count-games`` (20) games of the policy answering every decision
  against itself on ``--boards`` (60) boards of each of general_eval.py's pools (base +
  Adventures, every set), drawn by seeds of their own (31,000,000 + j: not the boards
  general_eval.py judges by, which are skipped), the decisions asked per game and
  board: ``decisions.csv`` (pool, board: its place in the seed stream, decision, asked
  a game, how often the policy's answer was not BMU's, seed).
* ``ablate``: for each in-card decision asked at least ``--min-asked`` (0.25) times a
  game on a board, those boards (at most ``--max-boards`` (12), the most asked first):
  the policy answering the base decisions and that one against the policy answering
  the base decisions alone, ``--games`` (800) games a board: ``ablation.csv`` (decision,
  boards, how often its answers were not BMU's, games, the policy's win share at it,
  Wilson 95%, the verdict: policy, fallback (interval below 50%) or even).
* ``choose``: the policy folder ``<policy>-measured``: the same weights, its decisions
  every decision except those whose verdict is fallback (the issue's rule: the rule
  bot's default stays only where measurement shows it plays better), and
  ``<policy>-base``: the same weights on the base decisions alone (the control).
* ``eval``: experiments/general_eval.py's field on both pools (its boards: none of them
  measured a decision), optimize's found bots and First Game for the policy answering
  every decision, its measured and its base twins (as general_exploiters.py evaluates).
* ``compare``: compare.txt beside the shipped policy's figures; ``ship``: the measured
  policy as the library bot ``general``.
"""

from __future__ import annotations

import csv
import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "experiments"))   # (experiments/general*.py as modules)
LEARN = ROOT / "experiments" / "results" / "learn"
#: The policy the training starts from: the shipped general (0.20.0).
START = LEARN / "general-exploit"
OUT = LEARN / "general-every2"
#: The decisions the shipped policy answers; each in-card decision is measured added to
#: these.
BASE = "play an Action,buy,put a token on a pile"
#: The two pools the decisions are measured on: general_eval.py's (base + Adventures;
#: every set), drawn by another stream of seeds, so the boards that judge the result
#: (general_eval.py's, in their boards.csv) are not the boards that chose it.
POOLS = (("base+adventures", "random:base,adventures", START / "eval" / "boards.csv"),
         ("all", "random:all", START / "eval-all" / "boards.csv"))
MEASURE_SEED = 31_000_000


def recipe() -> list[str]:
    """general_exploiters.py's exploit recipe from the shipped policy, every decision."""
    import general_exploiters

    args = list(general_exploiters.recipes()["exploit"][0])
    args[args.index("--init") + 1] = str(START.relative_to(ROOT))
    at = args.index("--decisions")
    args[at + 1] = "all"
    return args + ["--imitate", "600"]


def measured_dir(policy: Path) -> Path:
    """The policy's weights on every decision but those its fallback plays better."""
    return policy.parent / f"{policy.name}-measured"


def base_dir(policy: Path) -> Path:
    """The policy's weights on the base decisions alone (BMU the in-card choices)."""
    return policy.parent / f"{policy.name}-base"


def twin(policy: Path, folder: Path, decisions: str | list[str]) -> Path:
    """``folder``: ``policy``'s weights (the same policy.npz) answering ``decisions``."""
    from sim.learn.bot import META_FILE, POLICY_FILE

    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(policy / POLICY_FILE, folder / POLICY_FILE)
    meta = json.loads((policy / META_FILE).read_text())
    meta["decisions"] = decisions
    (folder / META_FILE).write_text(json.dumps(meta, indent=1) + "\n")
    return folder


def boards(args) -> list[dict]:
    """``--boards`` boards of each pool, drawn as ``domsim match --kingdom <pool> --events
    random --seed S`` draws them with S = MEASURE_SEED + j, skipping any of
    general_eval.py's boards (which judge the measured policy afterwards)."""
    from sim.cards import CARDS
    from sim.engine.config import resolve_table

    out = []
    for name, pool, judged in POOLS:
        with open(judged, newline="") as fh:
            skip = {(r["kingdom"], r["events"]) for r in csv.DictReader(fh)}
        j = 0
        while sum(b["pool"] == name for b in out) < args.boards:
            seed = MEASURE_SEED + j
            j += 1
            kingdom, events = resolve_table(pool, "random", seed)
            k = [CARDS[c].name for c in kingdom]
            e = [CARDS[c].name for c in events]
            if (";".join(k), ";".join(e)) not in skip:
                out.append({"pool": name, "board": j, "kingdom": k, "events": e,
                            "seed": seed})
    return out


def record(args, part: str, t0: float, cpu0: float, load0: tuple, lines: list[str]) -> None:
    """record-<part>.txt: the command, the machine's load before and after, wall and CPU
    seconds, then ``lines``."""
    import os
    import platform
    import shlex

    head = ["command: python experiments/general_decisions.py "
            + " ".join(shlex.quote(a) for a in sys.argv[1:]),
            f"machine: {platform.machine()}, {os.cpu_count()} CPUs, load average before "
            + ", ".join(f"{x:.2f}" for x in load0) + "; after "
            + ", ".join(f"{x:.2f}" for x in os.getloadavg()),
            f"wall_s: {time.time() - t0:.1f}; cpu_s: {time.process_time() - cpu0:.1f}", ""]
    (args.work / f"record-{part}.txt").write_text("\n".join(head + lines) + "\n")
    print("\n".join(lines))


def part_count(args) -> None:
    """decisions.csv: the decisions asked a game, per board, the policy on every one."""
    import os

    from sim.engine.codes import DECISION_NAMES
    from sim.env import Game
    from sim.learn import PolicyBot

    t0, cpu0, load0 = time.time(), time.process_time(), os.getloadavg()
    bot = PolicyBot(args.policy, compiled=False)
    if sorted(bot.decisions) != sorted(range(len(DECISION_NAMES))):
        sys.exit(f"general_decisions.py: {args.policy} does not answer every decision "
                 f"(--decisions all): nothing to measure")
    rows = []
    for b in boards(args):
        game = Game(kingdom=b["kingdom"], events=b["events"], players=2,
                    bots=[bot.fallback, bot.fallback], decisions="all")
        asked: dict[int, int] = {}
        differ: dict[int, int] = {}
        for k in range(args.count_games):
            state = game.new_initial_state(args.seed + k)
            while not state.is_terminal():
                d = state.decision()[0]
                a = bot.act(state)
                asked[d] = asked.get(d, 0) + 1
                differ[d] = differ.get(d, 0) + (a != state.bot_action())
                state.apply_action(a)
        rows += [{"pool": b["pool"], "board": b["board"], "decision": DECISION_NAMES[d],
                  "asked_a_game": round(n / args.count_games, 3),
                  "differs_a_game": round(differ[d] / args.count_games, 3),
                  "seed": b["seed"]}
                 for d, n in sorted(asked.items())]
        print(f"[count] {b['pool']} board {b['seed']}: {len(asked)} decisions asked",
              flush=True)
    write(args.work / "decisions.csv", rows)
    record(args, "count", t0, cpu0, load0,
           [f"{args.count_games} games a board, the policy against itself on every "
            f"decision, seeds {args.seed}..; {len(rows)} (board, decision) rows"])


def write(path: Path, rows: list[dict]) -> None:
    import general_eval

    general_eval.write_csv(path, rows)


def read(path: Path, part: str) -> list[dict]:
    """The rows of ``path``, or one line naming the part that writes it."""
    import general_eval

    try:
        return general_eval.read_csv(path, part)
    except general_eval.Fail as exc:
        sys.exit(f"general_decisions.py: {str(exc).replace('--out', '--policy and --work')}")


def part_ablate(args) -> None:
    """ablation.csv: each in-card decision, the policy answering it against BMU."""
    import os
    import tempfile

    from sim.intervals import wilson
    from sim.learn import PolicyBot
    from sim.runner import Match

    t0, cpu0, load0 = time.time(), time.process_time(), os.getloadavg()
    asked = read(args.work / "decisions.csv", "count")
    table = {(b["pool"], b["board"]): b for b in boards(args)}
    base_names = set(BASE.split(","))
    where: dict[str, list[tuple[float, tuple]]] = {}
    differs: dict[tuple, float] = {}
    for r in asked:
        n = float(r["asked_a_game"])
        at = (r["pool"], int(r["board"]))
        differs[(r["decision"], *at)] = float(r["differs_a_game"])
        if r["decision"] not in base_names and n >= args.min_asked:
            where.setdefault(r["decision"], []).append((n, at))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        base = PolicyBot(twin(args.policy, Path(tmp) / "base", BASE), name="base")
        for j, (decision, found) in enumerate(sorted(where.items(),
                                                     key=lambda kv: -sum(n for n, _ in kv[1]))):
            found.sort(key=lambda x: (-x[0], x[1]))
            chosen = found[:args.max_boards]
            plus = PolicyBot(twin(args.policy, Path(tmp) / f"plus{j}", f"{BASE},{decision}"),
                             name="plus")
            wins = games = 0.0
            for _, k in chosen:
                b = table[k]
                res = Match(plus, base, games=args.games, seed=args.seed,
                            kingdom=",".join(b["kingdom"]), events=",".join(b["events"]) or None,
                            seats="rotate").play(processes=1, progress=False)
                s = res.summary().loc["plus"]
                wins += float(s["win_rate"]) * int(s["games"])
                games += int(s["games"])
            lo, hi = wilson(wins, games)
            verdict = "fallback" if hi < 0.5 else "policy" if lo > 0.5 else "even"
            n_asked = sum(n for n, _ in chosen)
            rows.append({"decision": decision, "boards": len(chosen),
                         "boards_asked": len(found),
                         "asked_a_game": round(n_asked / len(chosen), 2),
                         "answers_differ": round(sum(differs[(decision, *k)]
                                                     for _, k in chosen) / n_asked, 3),
                         "games": int(games), "win_rate": round(wins / games, 4),
                         "ci_low": round(lo, 4), "ci_high": round(hi, 4), "verdict": verdict,
                         "where": " ".join(f"{p}:{b}" for _, (p, b) in chosen)})
            print(f"[ablate {j + 1}/{len(where)}] {decision}: {wins / games:.1%} "
                  f"[{lo:.1%}, {hi:.1%}] of {int(games)} games on {len(chosen)} boards: "
                  f"{verdict}", flush=True)
    write(args.work / "ablation.csv", rows)
    counts = {v: sum(r["verdict"] == v for r in rows) for v in ("policy", "even", "fallback")}
    record(args, "ablate", t0, cpu0, load0, [
        f"each in-card decision asked at least {args.min_asked} times a game on a board "
        f"(decisions.csv): the policy answering the base decisions and it against the "
        f"policy answering the base decisions alone (BMU answering it), {args.games} games "
        f"a board on at most {args.max_boards} boards (the most asked), seats rotated, "
        f"seed {args.seed}; the policy's win share at it, Wilson 95%",
        f"{len(rows)} decisions measured: the policy better on {counts['policy']}, even on "
        f"{counts['even']}, BMU better on {counts['fallback']}",
        "(differ: the share of the policy's answers that were not BMU's, in part count's "
        "games on those boards; where none differ, the two bots play the same games and "
        "each deal, played once from each seat, is one win each: 50.0%)", ""]
        + [f"{r['decision']:<42.42} {r['win_rate']:6.1%} [{r['ci_low']:.1%}, "
           f"{r['ci_high']:.1%}] {r['games']:>6} games {r['boards']:>2} boards  differ "
           f"{r['answers_differ']:4.0%}  {r['verdict']}" for r in rows])


def part_choose(args) -> None:
    """The measured policy and its base twin (see the module docstring)."""
    from sim.engine.codes import DECISION_NAMES

    rows = read(args.work / "ablation.csv", "ablate")
    dropped = {r["decision"] for r in rows if r["verdict"] == "fallback"}
    keep = [d for d in DECISION_NAMES if d not in dropped]
    twin(args.policy, measured_dir(args.policy), ",".join(keep) if dropped else "all")
    twin(args.policy, base_dir(args.policy), BASE)
    print(f"wrote {measured_dir(args.policy)}: every decision but "
          f"{', '.join(sorted(dropped)) or 'none'} (BMU answers those); "
          f"{base_dir(args.policy)}: the base decisions")


def part_eval(args) -> None:
    """general_eval.py for the policy, its measured and its base twins."""
    import general_exploiters

    for folder in (args.policy, measured_dir(args.policy), base_dir(args.policy)):
        if not (folder / "policy.npz").is_file():
            sys.exit(f"general_decisions.py: {folder} holds no policy: run --part train "
                     f"(the policy) and --part choose (its twins) first")
        general_exploiters.evaluate(folder)


def paired(a: Path, b: Path) -> str:
    """The mean difference of two evaluations' win shares over the pairings both played
    (field.csv: the same boards, opponents and seeds), with its standard error, for the
    library bots and the found bots apart."""
    import statistics

    def shares(folder: Path) -> dict:      # (a found bot's path is its folder's copy)
        return {(r["board"], r["opponent"] if r["kind"] == "library" else "found",
                 r["kind"]): float(r["win_rate"]) for r in read(folder / "field.csv", "eval")}

    x, y = shares(a), shares(b)
    out = []
    for kind in ("library", "found"):
        d = [x[k] - y[k] for k in x if k in y and k[2] == kind]
        if len(d) > 1:
            se = statistics.stdev(d) / len(d) ** 0.5
            out.append(f"{kind} {100 * statistics.mean(d):+.1f} +- {100 * se:.1f} points "
                       f"over {len(d)} pairings")
    return "; ".join(out)


def part_compare(args) -> None:
    """compare.txt in the policy's folder: the shipped policy and the three here."""
    import general_exploiters

    rows = read(args.work / "ablation.csv", "ablate")
    lines = ["400 games a pairing (2,000 on First Game), seats rotated, seed 2029, Wilson "
             "95%; python experiments/general_eval.py --boards 60 (general_decisions.py "
             "--part eval)", ""]
    for name, folder in ((f"{START.name} (0.20.0, shipped, before)", START),
                         (f"{args.policy.name}: every decision", args.policy),
                         (f"  its weights, the base decisions ({BASE})",
                          base_dir(args.policy)),
                         ("  its weights, every decision but those BMU plays better",
                          measured_dir(args.policy))):
        lines.append(name)
        lines += general_exploiters.figures(folder)
        lines.append("")
    for name, folder in (("every decision", args.policy),
                         ("every decision but BMU's better ones", measured_dir(args.policy))):
        for sub, pool in (("eval", "base + Adventures"), ("eval-all", "every set")):
            lines.append(f"paired, {name} - the base decisions, {pool}: "
                         + paired(folder / sub, base_dir(args.policy) / sub))
    lines.append("")
    dropped = [r["decision"] for r in rows if r["verdict"] == "fallback"]
    better = [r["decision"] for r in rows if r["verdict"] == "policy"]
    lines.append(f"measured (decisions/ablation.csv, on boards of their own): {len(rows)} "
                 f"in-card decisions; the policy's answers better on {len(better)} "
                 f"({', '.join(better) or 'none'}), BMU's on {len(dropped)} "
                 f"({', '.join(dropped) or 'none'}), the rest even")
    text = "\n".join(lines) + "\n"
    (args.policy / "compare.txt").write_text(text, encoding="utf-8")
    print(text)


def main() -> None:
    import general  # experiments/general.py: its options, train and ship

    p = general.training_parser(__doc__, ("train", "count", "ablate", "choose", "eval",
                                          "compare", "ship"), minutes=30.0, seed=5,
                                out=OUT, out_help="the policy's folder (default "
                                "experiments/results/learn/general-every2)")
    p.add_argument("--policy", type=Path, default=None,
                   help="the policy answering every decision to measure (default --out)")
    p.add_argument("--work", type=Path, default=None,
                   help="where count and ablate write (default <policy>/decisions)")
    p.add_argument("--boards", type=int, default=60, help="boards of each pool (60)")
    p.add_argument("--count-games", type=int, default=20, help="games a board to count")
    p.add_argument("--min-asked", type=float, default=0.25,
                   help="a board measures a decision asked this often a game (0.25)")
    p.add_argument("--max-boards", type=int, default=12, help="boards a decision (12)")
    p.add_argument("--games", type=int, default=800, help="games a board (800)")
    p.add_argument("--quick", action="store_true", help="3 boards a pool, 4 games to "
                   "count, 40 a board, 2 boards a decision: a check in seconds")
    args = p.parse_args()
    args.out = args.out.resolve()
    args.policy = (args.policy or args.out).resolve()
    args.work = (args.work or args.policy / "decisions").resolve()
    args.work.mkdir(parents=True, exist_ok=True)
    if args.quick:
        args.boards, args.count_games, args.games, args.max_boards = 3, 4, 40, 2
    for part in args.part or ["train"]:
        if part == "train":
            general.train(args, recipe(), "experiments/general_decisions.py",
                          "General policy, every decision (imitation, then the field "
                          "league with exploiters)")
        elif part == "count":
            part_count(args)
        elif part == "ablate":
            part_ablate(args)
        elif part == "choose":
            part_choose(args)
        elif part == "eval":
            part_eval(args)
        elif part == "compare":
            part_compare(args)
        elif part == "ship":
            args.out = measured_dir(args.policy)
            general.ship(args)


if __name__ == "__main__":
    main()
