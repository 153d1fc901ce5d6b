"""The search that stands on the policy (issue 49, item 4): ``mcts:prior=general``.

    python experiments/puct_search.py                                   # every part
    python experiments/puct_search.py --part timing --part duel --games 100
    python experiments/puct_search.py --part field --field-games 100 --field-boards 41-50
    python experiments/puct_search.py --quick --out /tmp/puct           # a check in seconds

The bot is ``--bot`` (default :data:`BOT`, sim.learn.puct); 2 players throughout; every
match plays each deal twice, once with each bot first (``seats="rotate"``); win shares
count a shared win as 1/k; intervals are Wilson 95%; seeds are fixed, but the search's
opponent ``mcts`` is sized by playouts, so a rerun plays the same games.  The unseen
boards are those of the general policy's field evaluation (``--eval``, default the
shipped general's, experiments/results/learn/general-exploit/eval/boards.csv, drawn by
experiments/general_eval.py from a stream the training never used: board 31-60 are the
ones issue 49 added; every policy's evaluation draws the same boards).  Parts:

* ``timing``: milliseconds per searched decision (more than one legal action) of
  ``--bot`` in seat 0 of ``--timing-games`` games against smithy-bm on First Game and
  against the board's best bot on each ``--boards`` board, this process alone (median,
  mean, 95th percentile), with the machine's load average: the "at most 20 ms a
  searched decision on 2 cores" of the issue (one core here; the other is the
  opponent's).
* ``duel``: ``--bot`` against ``general`` (the policy it stands on) and against ``mcts``
  (the plain search, its default 2,000 rule-bot playouts a decision), ``--games`` games
  a pairing, on First Game and each ``--boards`` board (target: 55% each);
  ``--against`` names other opponents, ``--boards ""`` plays First Game only (the tuning
  runs of results/puct/README.md).
* ``field``: on each ``--field-boards`` board, ``--bot`` against the ``--field-bots``
  library bots the policy did worst against in its own field evaluation
  (field.csv of that folder, 400 games a pairing): the pairings most likely to be lost,
  ``--field-games`` games each, beside the policy's own figure (target: every library
  bot beaten on 9 of 10 boards; with ``--field-bots all`` every library bot that can
  play the board).

Writes ``--out`` (default experiments/results/puct): ``timing.json``, ``duel.csv``,
``field.csv``, ``results.json`` (all of it, with the command, machine, load and CPU
seconds of each part) and ``results.txt`` (the short record).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import resource
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "experiments"))
from mcts_strength import decision_times, summary_ms  # noqa: E402  (this folder's: one timing)

#: The shipped general's own field evaluation (general_eval.py's boards.csv and field.csv):
#: the unseen boards, and the library bots the policy did worst against on each.
EVAL = ROOT / "experiments" / "results" / "learn" / "general-exploit" / "eval"
OUT = ROOT / "experiments" / "results" / "puct"
#: The bot measured: the shipped settings of the search on the general policy.
BOT = "mcts:prior=general"
PARTS = ("timing", "duel", "field")
QUICK_GAMES = 4


def machine() -> dict:
    return {"python": platform.python_version(), "cpu_count": os.cpu_count(),
            "processor": platform.processor() or platform.machine(),
            "load_avg": [round(x, 2) for x in os.getloadavg()]}


def cpu_now() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def board_numbers(text: str) -> list[int]:
    """``41-50`` or ``41,43,45`` (or both, comma-separated) as board numbers."""
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        lo, sep, hi = part.partition("-")
        out += list(range(int(lo), int(hi) + 1)) if sep else [int(lo)]
    return out


def boards(eval_dir: Path) -> dict[int, dict]:
    with open(eval_dir / "boards.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return {int(r["board"]): {"kingdom": [c for c in r["kingdom"].split(";") if c],
                              "events": [e for e in r["events"].split(";") if e]}
            for r in rows}


def table(board, eval_dir: Path) -> tuple:
    """(kingdom, events) of a board number, or (None, None) for First Game."""
    if board == "first-game":
        return None, None
    b = boards(eval_dir)[int(board)]
    return b["kingdom"], (b["events"] or None)


def policy_field(board: int, eval_dir: Path) -> list[dict]:
    """The policy's own field rows of ``board`` (its library bots), weakest first."""
    with open(eval_dir / "field.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f)
                if int(r["board"]) == board and r["kind"] == "library"]
    return sorted(rows, key=lambda r: float(r["win_rate"]))


# --- timing ----------------------------------------------------------------------------

def part_timing(args, out: dict) -> None:
    rows = []
    for board in ["first-game", *args.boards]:
        kingdom, events = table(board, args.eval)
        opponent = "smithy-bm" if board == "first-game" else \
            policy_field(int(board), args.eval)[0]["opponent"]
        load = os.getloadavg()[0]
        ms = decision_times(args.bot, args.timing_games, opponent, kingdom, events or ())
        rows.append({"board": board, "opponent": opponent, **summary_ms(ms),
                     "load_before": round(load, 2),
                     "load_after": round(os.getloadavg()[0], 2)})
        print(f"[timing] {board}: {rows[-1]}", flush=True)
    out["timing"] = rows
    (args.out / "timing.json").write_text(json.dumps(rows, indent=1) + "\n")


# --- matches ---------------------------------------------------------------------------

def match(spec: str, opponent: str, games: int, seed: int, board, eval_dir: Path) -> dict:
    from sim.runner import Match

    kingdom, events = table(board, eval_dir)
    t0, c0 = time.time(), cpu_now()
    res = Match(spec, opponent, games=games, seed=seed, kingdom=kingdom, events=events,
                seats="rotate").play(processes=1, progress=False)
    s = res.summary()
    names = list(s.index)
    me = next(n for n in names if n.startswith("mcts-prior") or n == names[0] and
              not any(m.startswith("mcts-prior") for m in names))
    r = s.loc[me]
    return {"board": board, "bot": me, "opponent": opponent, "games": int(r["games"]),
            "win_rate": round(float(r["win_rate"]), 4),
            "ci_low": round(float(r["ci_low"]), 4), "ci_high": round(float(r["ci_high"]), 4),
            "wall_s": round(time.time() - t0, 1), "cpu_s": round(cpu_now() - c0, 1),
            "load": round(os.getloadavg()[0], 2)}


def say(r: dict, part: str) -> None:
    print(f"[{part}] {r['board']!s:>10} vs {r['opponent']:<22} {r['win_rate']:6.1%} "
          f"[{r['ci_low']:.1%}, {r['ci_high']:.1%}] of {r['games']} ({r['wall_s']:.0f} s)",
          flush=True)


def write_csv(path: Path, rows: list[dict]) -> None:
    if not rows:
        return
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def part_duel(args, out: dict) -> None:
    rows = []
    for board in ["first-game", *args.boards]:
        for opponent in args.against:
            rows.append(match(args.bot, opponent, args.games, args.seed, board, args.eval))
            say(rows[-1], "duel")
    out["duel"] = rows
    write_csv(args.out / "duel.csv", rows)


def part_field(args, out: dict) -> None:
    rows = []
    for board in args.field_boards:
        field = policy_field(board, args.eval)
        chosen = field if args.field_bots == "all" else field[:int(args.field_bots)]
        for f in chosen:
            r = match(args.bot, f["opponent"], args.field_games, args.seed, board,
                      args.eval)
            r.update(policy_win_rate=float(f["win_rate"]), policy_ci_low=float(f["ci_low"]),
                     policy_ci_high=float(f["ci_high"]), policy_games=int(f["games"]),
                     library_bots=len(field))
            rows.append(r)
            say(r, "field")
    out["field"] = rows
    write_csv(args.out / "field.csv", rows)


# --- the record ------------------------------------------------------------------------

def wilson_text(r: dict) -> str:
    return f"{r['win_rate']:.1%} [{r['ci_low']:.1%}, {r['ci_high']:.1%}] of {r['games']}"


def record_text(res: dict) -> str:
    lines = [f"bot: {res['bot']}"]
    if res.get("eval"):
        lines.append(f"unseen boards and weakest pairings from: {res['eval']}")
    lines += [f"command ({', '.join(c['parts'])}): {c['command']}"
              for c in res.get("commands", [{"command": res["command"], "parts": ["all"]}])]
    lines += [f"machine: {res['machine']}", ""]
    for r in res.get("timing", []):
        lines.append(f"timing {r['board']!s:>10} (vs {r['opponent']}): median "
                     f"{r['median_ms']} ms, mean {r['mean_ms']} ms, p95 {r['p95_ms']} ms "
                     f"a searched decision over {r['decisions']} (load {r['load_before']}"
                     f"-{r['load_after']})")
    if res.get("duel"):
        lines.append("")
        for r in res["duel"]:
            lines.append(f"duel {r['board']!s:>10} vs {r['opponent']:<8} {wilson_text(r)}")
    if res.get("field"):
        lines.append("")
        by: dict = {}
        for r in res["field"]:
            by.setdefault(r["board"], []).append(r)
            lines.append(f"field board {r['board']:>3} vs {r['opponent']:<20} "
                         f"{wilson_text(r)}  (the policy alone: {r['policy_win_rate']:.1%} "
                         f"[{r['policy_ci_low']:.1%}, {r['policy_ci_high']:.1%}] of "
                         f"{r['policy_games']})")
        beaten = sum(all(r["ci_low"] > 0.5 for r in rs) for rs in by.values())
        above = sum(all(r["win_rate"] > 0.5 for r in rs) for rs in by.values())
        lines.append(f"boards where every pairing played is beaten (interval above 50%): "
                     f"{beaten} of {len(by)}; won (win rate above 50%): {above} of {len(by)}")
    for part, rec in res.get("parts", {}).items():
        lines.append(f"part {part}: wall {rec['wall_s']} s, cpu {rec['cpu_s']} s, load "
                     f"{rec['load_before']} -> {rec['load_after']}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="puct_search.py", description=__doc__.splitlines()[0])
    p.add_argument("--part", action="append", choices=PARTS, help="parts to run (default all)")
    p.add_argument("--bot", default=BOT, help=f"the bot measured (default {BOT})")
    p.add_argument("--games", type=int, default=100, help="games a duel pairing")
    p.add_argument("--boards", default="41-42", help="unseen boards of the duels and timing")
    p.add_argument("--against", default="general,mcts",
                   help="the duels' opponents (default general,mcts)")
    p.add_argument("--field-boards", default="41-50", help="unseen boards of the field part")
    p.add_argument("--field-bots", default="1",
                   help="library bots a board: the N the policy did worst against, or all")
    p.add_argument("--field-games", type=int, default=100, help="games a field pairing")
    p.add_argument("--timing-games", type=int, default=3, help="games timed a board")
    p.add_argument("--seed", type=int, default=2049)
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--eval", type=Path, default=EVAL, metavar="DIR",
                   help="the policy's field evaluation (general_eval.py's boards.csv and "
                        "field.csv; default the shipped general's)")
    p.add_argument("--quick", action="store_true",
                   help=f"{QUICK_GAMES} games a pairing, one board: a check, not a figure")
    args = p.parse_args(argv)
    if args.field_bots != "all" and not args.field_bots.isdigit():
        p.error(f"--field-bots: a number or all, not {args.field_bots!r}")
    for name in ("boards.csv", "field.csv"):
        if not (args.eval / name).is_file():
            p.error(f"--eval {args.eval}: no {name} (general_eval.py --part field writes "
                    f"it, in the policy's eval/)")
    args.boards = board_numbers(args.boards)
    args.against = [a.strip() for a in args.against.split(",") if a.strip()]
    args.field_boards = board_numbers(args.field_boards)
    if args.quick:
        args.games = args.field_games = QUICK_GAMES
        args.timing_games = 1
        args.boards, args.field_boards = args.boards[:1], args.field_boards[:1]
        if args.out == OUT:
            p.error("--quick needs --out: its figures never replace the results")
    args.out.mkdir(parents=True, exist_ok=True)
    parts = args.part or list(PARTS)
    path = args.out / "results.json"
    res = json.loads(path.read_text()) if path.is_file() else {}
    eval_dir = os.path.relpath(args.eval.resolve(), ROOT)
    if res.get("bot") != args.bot or res.get("eval") != eval_dir:
        res = {}        # (another bot's or another evaluation's parts are not merged)
    command = "python experiments/puct_search.py " + " ".join(
        shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
    res.update(bot=args.bot, eval=eval_dir, command=command, machine=machine())
    res.setdefault("commands", []).append({"command": command, "parts": parts})
    res.setdefault("parts", {})
    for part in parts:
        t0, c0, load = time.time(), cpu_now(), os.getloadavg()[0]
        {"timing": part_timing, "duel": part_duel, "field": part_field}[part](args, res)
        res["parts"][part] = {"wall_s": round(time.time() - t0, 1),
                              "cpu_s": round(cpu_now() - c0, 1),
                              "load_before": round(load, 2),
                              "load_after": round(os.getloadavg()[0], 2)}
        path.write_text(json.dumps(res, indent=1) + "\n")
        (args.out / "results.txt").write_text(record_text(res))
    print(record_text(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
