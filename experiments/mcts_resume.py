"""The search bot on resumable states (issue 37): its strength at today's time per decision,
before and after, flat and as a tree.

    python experiments/mcts_resume.py --checkout DIR [--games 300] [--out FILE]

``--checkout DIR``: the engine before (``git worktree add DIR REV``), measured in the same
run.  Steps, on First Game against ``first-game-optimized`` (seats rotating, seed 0,
95% Wilson intervals, one process per checkout, the two checkouts side by side):

1. the default search bot's milliseconds per searched decision in the checkout before
   (experiments/mcts_strength.py ``--part timing``): the time budget ``T``;
2. in each checkout, ``mcts:time_ms=T`` (the flat search, depth 1, the default's shape)
   and ``mcts:depth=2,time_ms=T`` (the tree two of its decisions deep), ``--games``
   games each: win rate and interval.

A time budget makes the games depend on the machine's speed and load: the figures are
for this machine, measured side by side.  (Since the deals are made in the game as it
stands at the question, not at the turn's start and replayed (0.10.0), the two
checkouts deal differently: the same settings no longer play the same games.)
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPPONENT = "first-game-optimized"


def _run(checkout: Path, args: list[str]) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    return subprocess.Popen([sys.executable, *args], env=env, cwd=checkout,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait(proc: subprocess.Popen, what: str) -> str:
    out, err = proc.communicate()
    if proc.returncode:
        sys.exit(f"mcts_resume: {what} failed:\n{err[-2000:]}")
    return out


def timing_ms(checkout: Path, tmp: Path) -> float:
    """The default search bot's median milliseconds per searched decision."""
    out = tmp / f"timing-{checkout.name}"
    _wait(_run(checkout, [str(ROOT / "experiments" / "mcts_strength.py"), "--part", "timing",
                          "--timing-games", "10", "--processes", "1", "--out", str(out)]),
          f"timing in {checkout}")
    return float(json.loads((out / "timing.json").read_text())["median_ms"])


def match(checkout: Path, bot: str, games: int, tmp: Path, tag: str) -> subprocess.Popen:
    summary = tmp / f"{tag}.csv"
    return _run(checkout, ["-m", "sim.cli", "match", bot, OPPONENT, "--games", str(games),
                           "--processes", "1", "--no-progress", "--csv-summary", str(summary),
                           "--out", str(tmp / f"{tag}-games.csv")])


def _row(tmp: Path, tag: str, bot: str) -> dict:
    with open(tmp / f"{tag}.csv", newline="") as f:
        for row in csv.DictReader(f):
            if row["bot"] != OPPONENT:
                return row
    raise SystemExit(f"mcts_resume: no row for {bot} in {tag}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--checkout", type=Path, required=True, help="the engine before")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = ap.parse_args(argv)
    before = args.checkout.resolve()
    if not (before / "sim" / "env").is_dir():
        sys.exit(f"mcts_resume: --checkout {args.checkout}: not a domsim checkout")
    load = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        ms = {"before": timing_ms(before, tmp), "after": timing_ms(ROOT, tmp)}
        budget = round(ms["before"], 1)
        print(f"default search bot, ms per searched decision: before {ms['before']:.1f}, "
              f"after {ms['after']:.1f}; budget {budget} ms", flush=True)
        rows = []
        for k, shape in enumerate((f"mcts:time_ms={budget}",
                                   f"mcts:depth=2,time_ms={budget}")):
            procs = {name: match(root, shape, args.games, tmp, f"{name}-{k}")
                     for name, root in (("before", before), ("after", ROOT))}
            for name, proc in procs.items():
                _wait(proc, f"{shape} in {name}")
                r = _row(tmp, f"{name}-{k}", shape)
                rows.append({"engine": name, "bot": shape, "games": int(r["games"]),
                             "win_pct": 100 * float(r["win_rate"]),
                             "ci_low": 100 * float(r["ci_low"]),
                             "ci_high": 100 * float(r["ci_high"])})
                print(f"{name:>6} {shape:<28} {rows[-1]['win_pct']:.1f}% "
                      f"[{rows[-1]['ci_low']:.1f}, {rows[-1]['ci_high']:.1f}] of "
                      f"{rows[-1]['games']} vs {OPPONENT}", flush=True)
            load.append(os.getloadavg()[0])
    result = {"ms_per_decision": ms, "budget_ms": budget, "rows": rows, "load_avg": load,
              "opponent": OPPONENT}
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")
        print(f"written to {args.out}")


if __name__ == "__main__":
    main()
