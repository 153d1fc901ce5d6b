"""`domsim optimize` on an Intrigue board holding the cards with new decisions (issue 48).

The board: Pawn, Steward, Courtier, Masquerade, Minion (the decisions the search varies:
Pawn's and Courtier's options, Steward's and Minion's modes, Masquerade's pass through the
trash list) with Nobles, Torturer, Lurker, Baron and Wishing Well.

1. a round robin of every library bot that can play the board (bots.requirements.
   playable_bots: the Intrigue bots of its cards, bmu, big-money), ``--ref-games`` a
   pairing, names the best library bot;
2. ``domsim optimize`` on the board against bmu and the three best library bots, from
   every library bot of the board the space can express, ``--budget`` games at most and
   no new generation after ``--time-limit`` seconds;
3. writes ``experiments/results/optimize/intrigue/``: ``best.toml`` (its header holds the
   command and the held-out win rates), ``best.trace.json``, ``best.png``,
   ``references.csv`` (the round robin), ``summary.json`` and ``section.md``.

    python experiments/optimize_intrigue.py                    # 5M games, 5 minutes at most
    python experiments/optimize_intrigue.py --budget 300000    # a quick look
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

BOARD = ("Pawn", "Steward", "Courtier", "Masquerade", "Minion", "Nobles", "Torturer",
         "Lurker", "Baron", "Wishing Well")
OUT = ROOT / "experiments" / "results" / "optimize" / "intrigue"


def _pct(r: dict) -> str:
    return f"{100 * r['win_rate']:.2f}% [{100 * r['ci_low']:.2f}, {100 * r['ci_high']:.2f}]"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=5_000_000, help="games of the search")
    ap.add_argument("--time-limit", type=int, default=300,
                    help="seconds after which the search starts no new generation")
    ap.add_argument("--ref-games", type=int, default=2_000,
                    help="games per pairing of the library round robin")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)

    from bots import resolve_bot
    from bots.errors import BotError
    from bots.requirements import playable_bots
    from sim.cards import card_id
    from sim.cli import main as domsim
    from sim.optimize import genome_from_bot
    from sim.runner import Tournament

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    bots = playable_bots([card_id(c) for c in BOARD], ())
    refs = Tournament(bots, games=args.ref_games, seed=args.seed, kingdom=list(BOARD),
                      processes=args.processes).play(progress=False)
    summary = refs.summary().sort_values("win_rate", ascending=False)
    summary.to_csv(out / "references.csv")
    ranked = [str(b) for b in summary.index if str(b) not in ("bmu", "big-money", "random")]
    best_ref = ranked[0]
    print(f"best library bot on the board: {best_ref} "
          f"({summary.loc[best_ref, 'win_rate']:.4f}) in {time.monotonic() - t0:.0f} s",
          flush=True)
    against = ["bmu", *ranked[:3]]
    starts = []
    for name in ["bmu", *ranked]:
        try:
            genome_from_bot(resolve_bot(name))
        except BotError:
            continue
        starts.append(name)
    cli = ["optimize", "--out", os.path.relpath(out / "best.toml", ROOT), "--force",
           "--kingdom", ",".join(BOARD), "--against", ",".join(against),
           "--start", ",".join(starts), "--budget", str(args.budget), "--time-limit",
           str(args.time_limit), "--seed", str(args.seed), "--processes", str(args.processes),
           "--no-progress"]
    command = "domsim " + " ".join(f'"{a}"' if " " in a else a for a in cli)
    print(command, flush=True)
    cwd = os.getcwd()
    os.chdir(ROOT)              # (the command's paths are the checkout's)
    try:
        rc = domsim(cli)
    finally:
        os.chdir(cwd)
    if rc:
        return rc
    trace = json.loads((out / "best.trace.json").read_text(encoding="utf-8"))
    heldout = trace["final"]["rows"]
    rows = {r["opponent"]: r for r in heldout}
    desc = next(line for line in (out / "best.toml").read_text().splitlines()
                if line.startswith("description = "))[len('description = "'):-1]
    info = {"kingdom": list(BOARD), "best_library_bot": best_ref,
            "best_library_round_robin_win_rate": float(summary.loc[best_ref, "win_rate"]),
            "against": against, "starts": starts, "command": command,
            "generations": trace.get("generations"), "candidates": len(trace["candidates"]),
            "stopped": trace.get("stopped"), "heldout": heldout, "bot": desc,
            "vs_bmu": rows["bmu"], "vs_best_library_bot": rows[best_ref]}
    (out / "summary.json").write_text(json.dumps(info, indent=1), encoding="utf-8")
    lines = [f"### Intrigue board: {', '.join(BOARD)}", "", f"Command: `{command}`", "",
             f"Best library bot on the board (round robin of {len(bots)} bots, "
             f"{args.ref_games:,} games a pairing): **{best_ref}** "
             f"({100 * summary.loc[best_ref, 'win_rate']:.1f}%).", "",
             f"Search: {info['generations']} generations, {info['candidates']} bots raced; "
             f"stopped: {info['stopped']}.", "", f"Found bot (`best.toml`): {desc}", "",
             "| opponent | held-out win rate [Wilson 95%] | games |", "|---|---|---|"]
    lines += [f"| {r['opponent']} | {_pct(r)} | {r['games']:,} |" for r in heldout]
    (out / "section.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
