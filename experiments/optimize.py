"""Strategy search on two kingdoms against the reference field (issue 14).

For each kingdom it

1. plays the reference bots' round robin on that kingdom (``--ref-games`` per
   pairing) to name the best hand-written bot there (highest mean win rate);
2. runs ``domsim optimize`` (:func:`sim.optimize.optimize`) against the reference
   field with ``--budget`` games (at most ``--time-limit`` seconds: the search then
   stops at a generation boundary and still measures its bot);
3. writes under ``experiments/results/optimize/<kingdom>/``: ``best.toml`` (the bot,
   with its held-out win rates in comments), ``best.trace.json``, ``best.png`` (the
   chart), ``references.csv`` and ``summary.json`` (games, wall time, the
   head-to-head against the best reference bot), and ``section.md`` for
   experiments/README.md.

Commands::

    python experiments/optimize.py                      # both kingdoms, 100M games each
    python experiments/optimize.py --budget 2000000 --only first-game   # a quick check
    python experiments/optimize.py --redraw             # the charts again, from the traces
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

KINGDOMS = {
    "first-game": None,
    "lab-council": ["Cellar", "Chapel", "Moat", "Village", "Smithy", "Militia", "Moneylender",
                    "Laboratory", "Festival", "Council Room"],
}
DEFAULT_OUT = ROOT / "experiments" / "results" / "optimize"


def _pct(r: dict) -> str:
    return f"{100 * r['win_rate']:.2f}% [{100 * r['ci_low']:.2f}, {100 * r['ci_high']:.2f}]"


def run_one(label: str, kingdom, args, command: str) -> dict:
    from sim.optimize import REFERENCE_FIELD, optimize
    from sim.runner import Tournament

    out = Path(args.out_root) / label
    out.mkdir(parents=True, exist_ok=True)
    t = time.monotonic()
    refs = Tournament(list(REFERENCE_FIELD), games=args.ref_games, seed=args.seed,
                      kingdom=kingdom, processes=args.processes).play(progress=False)
    summary = refs.summary()
    summary.to_csv(out / "references.csv")
    best_ref = str(summary.index[0])
    ref_s = time.monotonic() - t
    print(f"[{label}] best reference bot: {best_ref} ({summary['win_rate'].iloc[0]:.4f}) "
          f"in {ref_s:.0f} s", flush=True)

    def say(msg: str) -> None:
        print(f"[{label} {time.strftime('%H:%M:%S')}] {msg}", flush=True)

    # Start from every reference bot the space can express, the best one first (the
    # chart's first point is then the best hand-written bot's held-out win rate).
    from bots import resolve_bot
    from bots.errors import BotError
    from sim.optimize import genome_from_bot

    starts = []
    for name in [best_ref, *summary.index.astype(str)]:
        try:
            genome_from_bot(resolve_bot(name))
        except BotError:
            continue
        if name not in starts:
            starts.append(name)
    res = optimize(out=out / "best.toml", kingdom=kingdom, players=2, start=starts,
                   against=list(REFERENCE_FIELD), budget=args.budget, seed=args.seed,
                   processes=args.processes, progress=say, time_limit_s=args.time_limit,
                   command=command)
    rows = {r["opponent"]: r for r in res.heldout}
    h2h = rows[best_ref]
    info = {"kingdom": label, "starts": starts, "kingdom_cards": res.trace["settings"]["kingdom"],
            "budget": args.budget, "games": res.games, "wall_s": round(res.wall_s, 1),
            "stopped": res.trace.get("stopped"), "generations": res.trace["generations"],
            "candidates": len(res.trace["candidates"]), "best_reference": best_ref,
            "best_reference_round_robin_win_rate": float(summary["win_rate"].iloc[0]),
            "head_to_head": h2h, "beats_best_reference": bool(h2h["ci_low"] > 0.5),
            "heldout": res.heldout, "bot": res.genome.describe(), "command": command}
    (out / "summary.json").write_text(json.dumps(info, indent=1), encoding="utf-8")
    lines = [f"### {label}: {', '.join(info['kingdom_cards'])}", "",
             f"Search started from: {', '.join(starts)}.", "",
             f"Best hand-written reference bot on this kingdom (round robin, "
             f"{args.ref_games:,} games per pairing): **{best_ref}**.", "",
             f"Search: {res.games:,} games (budget {args.budget:,}) in {res.wall_s / 60:.1f} "
             f"min, {info['generations']} generations, {info['candidates']} bots raced; "
             f"stopped: {info['stopped']}.", "",
             f"Found bot (`{os.path.relpath(out / 'best.toml', ROOT)}`): {res.genome.describe()}",
             "", "| opponent | held-out win rate [Wilson 95%] | games |", "|---|---|---|"]
    lines += [f"| {r['opponent']} | {_pct(r)} | {r['games']:,} |" for r in res.heldout]
    verdict = "beats" if info["beats_best_reference"] else "does not beat"
    lines += ["", f"Head to head the found bot {verdict} {best_ref} with a 95% interval "
              f"{'above' if info['beats_best_reference'] else 'not above'} 50%: {_pct(h2h)}.",
              "", f"![held-out win rate by games spent]"
              f"({os.path.relpath(out / 'best.png', ROOT / 'experiments')})", ""]
    (out / "section.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines), flush=True)
    return info


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=int, default=100_000_000, help="games per search")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--time-limit", type=float, default=23 * 60,
                   help="seconds after which a search starts no new generation")
    p.add_argument("--ref-games", type=int, default=100_000,
                   help="games per pairing of the reference round robin")
    p.add_argument("--only", choices=sorted(KINGDOMS), action="append", default=None)
    p.add_argument("--out-root", default=str(DEFAULT_OUT))
    p.add_argument("--redraw", action="store_true",
                   help="only draw the charts again from the saved traces (no games)")
    args = p.parse_args(argv)
    if args.redraw:
        from sim.optimize import draw_chart

        for label in args.only or list(KINGDOMS):
            trace = Path(args.out_root) / label / "best.trace.json"
            draw_chart(json.loads(trace.read_text(encoding="utf-8")), trace.parent / "best.png")
        return 0
    command = "python experiments/optimize.py " + " ".join(
        shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
    for label in args.only or list(KINGDOMS):
        run_one(label, KINGDOMS[label], args, command)
    return 0


if __name__ == "__main__":
    sys.exit(main())
