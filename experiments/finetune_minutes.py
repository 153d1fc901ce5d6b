"""How many minutes of fine-tuning the general policy needs to beat optimize's found bot
on a board it never trained on (issue 49 item 6, "the best bot for my board in minutes").

    python experiments/finetune_minutes.py --boards 3,6 --minutes 10      # two boards
    python experiments/finetune_minutes.py                  # the default boards, 10 minutes
    python experiments/finetune_minutes.py --quick --out /tmp/ft          # a check

For each board (a row of the general policy's eval/boards.csv; by default the first
``DEFAULT_BOARDS`` boards where the untuned policy loses to the found bot, found.csv's
win_rate below 0.5, or field.csv's found rows' where general_eval.py's found part was not
run) the script runs, in this process, one fine-tuning run of

    domsim train --init <policy> --kingdom <board> --events <board's Events>
        --against <eval/found/board-NN/best.toml>,self --decisions/--fallback/--prior/
        --hidden as the policy was trained --seed S --minutes M --out DIR

cut into slices: the first ``--minutes`` is ``--first-at`` (0.5), then every ``--every``
(1) minute up to ``--minutes`` (10), each slice ``--resume``-ing the last (a resumed run
is the uninterrupted run, sim.learn.train's checkpoints, so the slices are one run of
``--minutes M`` seen at its checkpoints).  Why the found bot and ``self``: the found bot
is the board's strongest known opponent, the one to beat; ``self`` (a frozen snapshot of
the policy) is the general's own league, kept so the policy does not unlearn everything
but that one match-up (``--also`` adds library bots, ``--league field`` the board's field).

After each slice (and before the first: the untuned policy, minute 0) the policy plays the
found bot ``--games`` (1000) games on fixed seeds, both seats (general_eval's evaluate:
the same deals at every checkpoint), Wilson 95% interval.  The board is beaten at the
first checkpoint whose interval lies above 50%; the run of a board stops there unless
``--keep-going``, and that checkpoint is played again on other seeds (``confirm_*``: the
first interval's games chose the checkpoint, so they are biased up: ``confirmed`` says
whether the other seeds' interval lies above 50% too).

Minutes are the trainer's own clock (``--minutes`` budgets it: the training iterations and
their progress evaluations, summed over the slices), beside the CPU seconds of this
process during training and the slice's whole wall time (the trainer's start, the
engine's load and the checkpoint files included: what a user waits for beyond the
minutes).  Written to ``--out`` (experiments/results/learn/finetune):

* ``checkpoints.csv``: a row per checkpoint and board: the training minutes, wall and
  CPU seconds, iterations, games trained, the win rate against the found bot and its
  interval, seat win rates, beaten, the load average;
* ``summary.csv``: a row per board: minutes to beat (blank if not), the result
  (``beaten at M min`` or ``not within M min``), the win rates before and at the end;
* ``record.txt``: per invocation (appended), the command, the machine, the load average
  before and after, wall and CPU seconds, a line per board.

Boards not in this invocation keep their rows (the files are merged by board), so boards
can be run in several invocations.  Policy folders go to ``--work`` (default OUT/runs/,
not committed: checkpoints are megabytes).  ``--quick``: one board, a few seconds of
training, 20 games a checkpoint; it needs ``--out`` (tests/test_finetune_minutes.py).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import shutil
import sys
import time
from pathlib import Path

import general_eval as ge  # experiments/ is on the path (a script, or tests' experiment)

ROOT = ge.ROOT
POLICY = ge.POLICY
OUT = ROOT / "experiments" / "results" / "learn" / "finetune"
#: Boards a run without --boards plays: the first this many the untuned policy loses.
DEFAULT_BOARDS = 10
#: Seed offset of the confirming games (another set of deals than the checkpoints').
CONFIRM_SEED = 1_000
CHECKPOINT_COLUMNS = ["board", "checkpoint", "minutes_budget", "train_minutes",
                      "train_wall_s", "train_cpu_s", "slice_wall_s", "iterations",
                      "games_trained", "games", "win_rate", "ci_low", "ci_high",
                      "win_rate_seat0", "win_rate_seat1", "beaten", "eval_wall_s", "load"]
SUMMARY_COLUMNS = ["board", "kingdom", "events", "opponent", "found_csv_win_rate",
                   "untuned_win_rate", "untuned_ci_low", "untuned_ci_high", "minutes_budget",
                   "result", "minutes_to_beat", "games_to_beat", "cpu_s_to_beat",
                   "beaten_win_rate", "beaten_ci_low", "beaten_ci_high", "confirm_games",
                   "confirm_win_rate", "confirm_ci_low", "confirm_ci_high", "confirmed",
                   "last_minutes",
                   "last_games_trained", "last_win_rate", "last_ci_low", "last_ci_high",
                   "board_wall_s", "board_cpu_s", "load_before", "load_after"]


def schedule(minutes: float, first_at: float, every: float) -> list[float]:
    """The cumulative ``--minutes`` of the slices: ``first_at``, then every ``every``
    minutes, ending at ``minutes`` exactly."""
    out, m = [], min(first_at, minutes)
    while m < minutes - 1e-9:
        out.append(round(m, 4))
        m = (int(m / every + 1e-9) + 1) * every
    return out + [minutes]


def found_rates(eval_dir: Path) -> dict[int, float]:
    """The untuned policy's win rate against each board's found bot: found.csv's
    (general_eval.py --part found, 2,000 games), or where that part was not run, the
    found rows of field.csv (--part field, 400 games a pairing)."""
    if (eval_dir / "found.csv").is_file():
        rows = ge.read_csv(eval_dir / "found.csv", "found")
    else:
        rows = ge.field_found_rows(eval_dir)
    return {int(r["board"]): float(r["win_rate"]) for r in rows}


def default_boards(eval_dir: Path, n: int = DEFAULT_BOARDS) -> list[int]:
    """The first ``n`` boards where the untuned policy loses to the found bot."""
    return [b for b, rate in sorted(found_rates(eval_dir).items()) if rate < 0.5][:n]


def train_argv(policy: Path, b: dict, toml: Path, minutes: float, out: Path,
               args: argparse.Namespace, meta: dict, resume: bool) -> list[str]:
    """``domsim train``'s arguments (after ``domsim``) for one slice: the policy's own
    decisions, fallback, prior and widths (the run must fit its weights)."""
    decisions = meta["decisions"]
    if isinstance(decisions, str):
        decisions = decisions.split(",")
    argv = ["train", "--init", ge.rel(policy), "--kingdom", ",".join(b["kingdom_list"])]
    if b["events_list"]:
        argv += ["--events", ",".join(b["events_list"])]
    argv += ["--against", ",".join([ge.rel(toml), *args.also, "self"]),
             "--league", args.league,
             "--decisions", "+".join(d.strip() for d in decisions),
             "--fallback", str(meta["fallback"]), "--prior", f"{float(meta['prior']):g}",
             "--hidden", ",".join(str(h) for h in meta["hidden"]),
             "--seed", str(args.train_seed), "--eval-every", str(args.eval_every),
             "--eval-games", str(args.train_eval_games), "--checkpoint-s", "60",
             "--minutes", f"{minutes:g}", "--out", str(out), "-q"]
    return argv + (["--resume"] if resume else ["--force"])


def evaluate(policy: Path, k: str, toml: Path, games: int, seed: int) -> dict:
    """The policy against the found bot: general_eval's match row (Wilson 95%)."""
    t0 = time.time()
    r = ge.learn().evaluate(policy, k, games, seed, 1, (str(toml),))[0]
    row = ge.match_row(r, None)
    row["eval_wall_s"] = round(time.time() - t0, 1)
    return row


def merge(path: Path, rows: list[dict], boards: set[int], columns: list[str]) -> None:
    """Write ``rows`` to ``path``, keeping its rows of other boards (sorted by board)."""
    keep = [r for r in (ge.read_csv(path, "") if path.is_file() else [])
            if int(r["board"]) not in boards]
    merged = sorted(keep + rows, key=lambda r: int(r["board"]))
    ge.write_csv(path, [{c: r.get(c, "") for c in columns} for r in merged])


def run_board(b: dict, args: argparse.Namespace, meta: dict, found: dict,
              rows: list[dict], summaries: list[dict], done: set[int]) -> dict:
    """Fine-tune on board ``b`` slice by slice, evaluating after each; appends to
    ``rows`` and ``summaries`` (the files rewritten after every checkpoint)."""
    from sim.cli import main as domsim

    n = b["board"]
    toml = args.eval_dir / "found" / ge.key(n) / "best.toml"
    if not toml.is_file():
        raise ge.Fail(f"{ge.rel(toml)}: no found bot for board {n} (general_eval.py "
                      f"--part found)")
    k = ge.register(b, str(toml))
    out = args.work / ge.key(n)
    load0, t_board, cpu_board = os.getloadavg(), time.time(), ge.cpu_now()
    base = {"board": n, "minutes_budget": args.minutes}

    def add(row: dict) -> dict:
        row = {**row, **base}           # (the match row's board is None)
        row["beaten"] = ge.is_beaten(row)
        rows.append(row)
        merge(args.out / "checkpoints.csv", rows, done | {n}, CHECKPOINT_COLUMNS)
        return row

    untuned = add({"checkpoint": 0, "train_minutes": 0.0, "train_wall_s": 0.0,
                   "train_cpu_s": 0.0, "slice_wall_s": 0.0, "iterations": 0,
                   "games_trained": 0, **evaluate(args.policy, k, toml, args.games,
                                                   args.seed)})
    print(f"board {n}: untuned {ge.interval(untuned)}", flush=True)
    cpu_train, beaten, last = 0.0, None, untuned
    if not untuned["beaten"] or args.keep_going:
        for j, m in enumerate(schedule(args.minutes, args.first_at, args.every), 1):
            argv = train_argv(args.policy, b, toml, m, out, args, meta, resume=j > 1)
            if j == 1:
                base["command"] = "domsim " + " ".join(shlex.quote(a) for a in argv)
            t0, c0 = time.time(), ge.cpu_now()
            rc = domsim(argv)
            if rc:
                raise ge.Fail(f"domsim {shlex.join(argv)}: exit {rc}")
            cpu_train += ge.cpu_now() - c0
            slice_wall = time.time() - t0
            ck = json.loads((out / "checkpoint.json").read_text(encoding="utf-8"))
            last = add({"checkpoint": j, "train_minutes": round(ck["wall_s"] / 60, 3),
                        "train_wall_s": round(ck["wall_s"], 1),
                        "train_cpu_s": round(cpu_train, 1),
                        "slice_wall_s": round(slice_wall, 1), "iterations": ck["iteration"],
                        "games_trained": ck["games_trained"],
                        **evaluate(out, k, toml, args.games, args.seed)})
            print(f"board {n}: {last['train_minutes']:.2f} min, {last['games_trained']:,} "
                  f"games: {ge.interval(last)}", flush=True)
            if last["beaten"] and beaten is None:
                beaten = last
                confirm = evaluate(out, k, toml, args.games, args.seed + CONFIRM_SEED)
                if not args.keep_going:
                    break
    elif untuned["beaten"]:
        beaten = untuned
        confirm = evaluate(args.policy, k, toml, args.games, args.seed + CONFIRM_SEED)
    s = {"board": n, "kingdom": b["kingdom"], "events": b["events"],
         "opponent": ge.rel(toml), "found_csv_win_rate": found.get(n, ""),
         "untuned_win_rate": untuned["win_rate"], "untuned_ci_low": untuned["ci_low"],
         "untuned_ci_high": untuned["ci_high"], "minutes_budget": args.minutes,
         "last_minutes": last["train_minutes"], "last_games_trained": last["games_trained"],
         "last_win_rate": last["win_rate"], "last_ci_low": last["ci_low"],
         "last_ci_high": last["ci_high"], "board_wall_s": round(time.time() - t_board, 1),
         "board_cpu_s": round(ge.cpu_now() - cpu_board, 1),
         "load_before": round(load0[0], 2), "load_after": round(os.getloadavg()[0], 2)}
    if beaten is not None:
        s.update(result=f"beaten at {beaten['train_minutes']:.2f} min",
                 minutes_to_beat=beaten["train_minutes"],
                 games_to_beat=beaten["games_trained"], cpu_s_to_beat=beaten["train_cpu_s"],
                 beaten_win_rate=beaten["win_rate"], beaten_ci_low=beaten["ci_low"],
                 beaten_ci_high=beaten["ci_high"], confirm_games=confirm["games"],
                 confirm_win_rate=confirm["win_rate"], confirm_ci_low=confirm["ci_low"],
                 confirm_ci_high=confirm["ci_high"], confirmed=ge.is_beaten(confirm))
    else:
        s["result"] = f"not within {args.minutes:g} min"
    s["command"] = base.get("command", "")
    summaries.append(s)
    merge(args.out / "summary.csv", summaries, done | {n}, SUMMARY_COLUMNS)
    return s


def write_record(args: argparse.Namespace, load0: tuple, t0: float, cpu0: float,
                 started: str, summaries: list[dict]) -> None:
    """Append this invocation's record (command, machine, load, wall, CPU, results)."""
    marks = schedule(args.minutes, args.first_at, args.every)
    lines = ["command: python experiments/finetune_minutes.py "
             + " ".join(shlex.quote(a) for a in args.argv),
             f"policy: {ge.rel(args.policy)}",
             f"started: {started}",
             f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
             f"Python {platform.python_version()}, 1 process (training and games)",
             "load average (1, 5, 15 min) before: " + ", ".join(f"{x:.2f}" for x in load0)
             + "; after: " + ", ".join(f"{x:.2f}" for x in os.getloadavg()),
             f"wall_s: {time.time() - t0:.1f}",
             f"cpu_s: {ge.cpu_now() - cpu0:.1f} (this process)",
             f"checkpoints: {', '.join(f'{m:g}' for m in marks)} training minutes; "
             f"{args.games} games a checkpoint (seed {args.seed}, both seats), beaten: the "
             f"95% interval above 50%"]
    for s in summaries:
        lines.append(f"board {s['board']}: {s['result']}; untuned {s['untuned_win_rate']:.1%}"
                     f" [{s['untuned_ci_low']:.1%}, {s['untuned_ci_high']:.1%}], last "
                     f"{s['last_win_rate']:.1%} [{s['last_ci_low']:.1%}, "
                     f"{s['last_ci_high']:.1%}] after {s['last_minutes']:.2f} min, "
                     f"{s['last_games_trained']:,} games; load {s['load_before']:.2f} -> "
                     f"{s['load_after']:.2f}")
        if s.get("command"):
            lines.append(f"  {s['command']}  (then --resume with the next --minutes)")
    with open(args.out / "record.txt", "a", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n\n")


def main(argv: list[str] | None = None) -> int:
    p = ge.Parser(prog="finetune_minutes.py", description=__doc__.splitlines()[0])
    p.add_argument("--policy", type=Path, default=POLICY,
                   help="the general policy fine-tuned (default experiments/results/learn/"
                        "general, whose found bots and found.csv exist)")
    p.add_argument("--eval-dir", type=Path, default=None,
                   help="boards.csv, found.csv and found/ (default: the policy's eval/)")
    p.add_argument("--boards", default=None,
                   help=f"boards, comma-separated (default: the first {DEFAULT_BOARDS} the "
                        f"untuned policy loses to the found bot, by found.csv)")
    p.add_argument("--minutes", type=float, default=None, help="training minutes a board "
                   "at most (default 10)")
    p.add_argument("--first-at", type=float, default=None,
                   help="the first checkpoint, minutes (default 0.5)")
    p.add_argument("--every", type=float, default=None,
                   help="minutes between later checkpoints (default 1)")
    p.add_argument("--games", type=int, default=None,
                   help="games against the found bot a checkpoint (default 1000)")
    p.add_argument("--seed", type=int, default=2029, help="the evaluation games' seed")
    p.add_argument("--train-seed", type=int, default=1, help="domsim train's --seed")
    p.add_argument("--also", default="", help="more league bots beside the found bot and "
                   "self, comma-separated (default none)")
    p.add_argument("--league", choices=("fixed", "field"), default="fixed",
                   help="domsim train's --league (default fixed)")
    p.add_argument("--eval-every", type=int, default=10_000,
                   help="domsim train's --eval-every (default 10000: its own evaluations "
                        "cost training time; this script evaluates)")
    p.add_argument("--train-eval-games", type=int, default=100,
                   help="domsim train's --eval-games (default 100)")
    p.add_argument("--keep-going", action="store_true",
                   help="train to --minutes even after the board is beaten")
    p.add_argument("--out", type=Path, default=None,
                   help="results folder (default experiments/results/learn/finetune)")
    p.add_argument("--work", type=Path, default=None,
                   help="the runs' policy folders (default OUT/runs, not committed)")
    p.add_argument("--quick", action="store_true",
                   help="a check in seconds, no figures: one board, 0.1 minutes, 20 games "
                        "a checkpoint; needs --out")
    args = p.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    if args.quick and args.out is None:
        p.error("--quick needs --out (its few games must not replace the results)")
    for name, default, quick in (("minutes", 10.0, 0.1), ("first_at", 0.5, 0.05),
                                 ("every", 1.0, 0.05), ("games", 1000, 20)):
        if getattr(args, name) is None:
            setattr(args, name, quick if args.quick else default)
    for name in ("minutes", "first_at", "every"):
        if not getattr(args, name) > 0:
            p.error(f"--{name.replace('_', '-')} must be positive, not {getattr(args, name)}")
    if args.games < 1:
        p.error(f"--games must be at least 1, not {args.games}")
    args.also = [a.strip() for a in args.also.split(",") if a.strip()]
    args.policy = args.policy.resolve()
    args.eval_dir = (args.eval_dir or args.policy / "eval").resolve()
    args.out = (args.out or OUT).resolve()
    args.work = (args.work or args.out / "runs").resolve()
    load0, t0, cpu0 = os.getloadavg(), time.time(), ge.cpu_now()
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    try:
        meta = ge.policy_meta(args.policy)
        if args.boards:
            try:
                wanted = [int(x) for x in args.boards.split(",") if x.strip()]
            except ValueError:
                p.error(f"--boards: board numbers joined by commas, not {args.boards!r}")
        else:
            wanted = default_boards(args.eval_dir)[:1 if args.quick else DEFAULT_BOARDS]
        ns = argparse.Namespace(out=args.eval_dir, boards=max(wanted), first=None)
        by_n = {b["board"]: b for b in ge.boards_of(ns)}
        found = found_rates(args.eval_dir)
        args.out.mkdir(parents=True, exist_ok=True)
        args.work.mkdir(parents=True, exist_ok=True)
        if args.work.is_relative_to(args.out):
            (args.out / ".gitignore").write_text(
                f"{args.work.relative_to(args.out)}/\n", encoding="utf-8")
        rows: list[dict] = []
        summaries: list[dict] = []
        done: set[int] = set()
        try:
            for n in wanted:
                run_board(by_n[n], args, meta, found, rows, summaries, done)
                done.add(n)
        finally:
            write_record(args, load0, t0, cpu0, started, summaries)
        if args.quick:
            shutil.rmtree(args.work, ignore_errors=True)
    except ge.Fail as e:
        p.exit(1, f"{p.prog}: error: {e}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
