"""The board report (issue 30): the best bot found on each of 20 random Adventures boards.

Draws ``--boards`` boards (default 20) as ``domsim optimize --boards N --kingdom
random:adventures --events random --min-events 1`` does: ten Adventures kingdom cards
and up to two Events by the rulebook's randomiser, from a seed per board derived from
``--seed``, keeping only draws with at least one Event.  On each it runs a search
(``sim.optimize.report.board_report``): ``--budget`` games, against every library bot
that can play the board, from those of them the search space can express; the found
bot is measured on fresh deals against each of them.  Writes
``experiments/results/optimize/boards/``: ``report.csv``, ``report.json``,
``report.md``, ``report.png`` (the table and chart of the best bot per board),
``summary.json`` (budget, games, wall time, load, command) and, per board,
``board-NN/`` with the bot (``best.toml``), its trace (gzipped), chart and
``board.json``.
Rerunning continues an interrupted report (each board's search resumes).

    python experiments/optimize_boards.py                          # 20 boards, 2M each
    python experiments/optimize_boards.py --boards 2 --budget 300000 --out /tmp/rep
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

DEFAULT_OUT = ROOT / "experiments" / "results" / "optimize" / "boards"


def main(argv: list[str] | None = None) -> int:
    from sim.optimize.report import board_report, random_boards

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--boards", type=int, default=20)
    p.add_argument("--budget", type=int, default=2_000_000, help="games per board")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--first-deals", type=int, default=200,
                   help="first-rung deals per candidate (a field of ~12 bots makes each "
                        "deal 24 games)")
    p.add_argument("--time-limit", type=float, default=6 * 60,
                   help="seconds after which a board's search starts no new generation")
    p.add_argument("--out", default=str(DEFAULT_OUT))
    args = p.parse_args(argv)
    command = "python experiments/optimize_boards.py " + " ".join(
        shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    boards = random_boards(args.boards, args.seed, kingdom="random:adventures",
                           events="random", max_events=2, min_events=1)
    load0 = os.getloadavg()[0]
    t0 = time.monotonic()

    def say(msg: str) -> None:
        if " rung " not in msg:
            print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)

    res = board_report(out, boards, budget=args.budget, seed=args.seed,
                       processes=args.processes, progress=say, time_limit_s=args.time_limit,
                       first_deals=args.first_deals, command=command.strip())
    wall = time.monotonic() - t0
    searched = sum(r["wall_s"] for r in res.rows)
    info = {"boards": len(res.rows), "budget_per_board": args.budget, "games": res.games,
            "search_wall_s": round(searched, 1), "this_run_wall_s": round(wall, 1),
            "processes": args.processes, "load_before": round(load0, 2),
            "load_after": round(os.getloadavg()[0], 2),
            "beat_every_library_bot": sum(r["beats_every_library_bot"] for r in res.rows),
            "command": command.strip()}
    (out / "summary.json").write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    from experiments.optimize_engines import gzip_trace

    for r in res.rows:
        gzip_trace(out / r["board"] / "best.trace.json")
    print(res.markdown.read_text(encoding="utf-8"))
    print(json.dumps(info, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
