"""Strategy search on the whole game (issue 30): beat the best bot of a board head to head.

Five searches (``sim.optimize.optimize``, the engine of ``domsim optimize``), 2 players,
each against one target, the best bot we have on its board:

* ``k1``: the Adventures round robin's first board (Page, Peasant, Lost City, Royal
  Carriage, Coin of the Realm, Distant Lands, Relic, Bridge Troll, Smithy, Laboratory;
  Events Lost Arts, Seaway), target ``lost-arts-seaway`` (first of its round robin);
* ``k2``: the second board (Swamp Hag, Haunted Woods, Amulet, Dungeon, Ratcatcher,
  Messenger, Magpie, Caravan Guard, Duplicate, Hireling; Events Training, Pathfinding),
  target ``event-money``;
* ``first-game``: First Game, target the Big-Money-shaped bot the first search found
  (``experiments/results/optimize/first-game/best.toml``);
* ``k1-from-bmu``, ``k2-from-bmu``: K1 and K2 again, started from ``bmu`` alone (the
  search is not shown the target's plan).

The first three start from the target (a point of the space) and ``bmu`` (First Game:
also ``smithy-bm`` and ``militia-bm``); each search's opponent field is the target alone, its
default space is the kingdom's (every card and Event, with the archetypes).  The found
bot is measured on fresh deals against the target (the search's final measurement:
``--budget`` x 2% games) and then, on other fresh deals, against every library bot of
its board (``--field-games`` each).  Writes under
``experiments/results/optimize/engines/<board>/``: ``found.toml`` (the bot, its figures
in comments), ``found.trace.json.gz`` (the trace, gzipped), ``found.png``, ``field.csv``
(against the board's bots), ``summary.json`` (games, wall time, load, the head to head)
and ``section.md`` (for experiments/README.md).

    python experiments/optimize_engines.py                            # all five, 40M each
    python experiments/optimize_engines.py --only k1 --budget 2000000  # a quick check
    domsim optimize --out experiments/results/optimize/engines/k1/found.toml --replay
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

DEFAULT_OUT = ROOT / "experiments" / "results" / "optimize" / "engines"
FIRST_GAME_BOT = ROOT / "experiments" / "results" / "optimize" / "first-game" / "best.toml"


def targets() -> dict[str, dict]:
    from experiments.adventures_round_robin import KINGDOMS
    from sim.optimize import REFERENCE_FIELD

    fg = os.path.relpath(FIRST_GAME_BOT, ROOT)
    return {
        "k1": {"kingdom": list(KINGDOMS["k1"].cards), "events": list(KINGDOMS["k1"].events),
               "target": "lost-arts-seaway", "start": ["lost-arts-seaway", "bmu"],
               "field": list(KINGDOMS["k1"].bots)},
        "k2": {"kingdom": list(KINGDOMS["k2"].cards), "events": list(KINGDOMS["k2"].events),
               "target": "event-money", "start": ["event-money", "bmu"],
               "field": list(KINGDOMS["k2"].bots)},
        "first-game": {"kingdom": None, "events": [], "target": fg,
                       "start": [fg, "bmu", "smithy-bm", "militia-bm"],
                       "field": [fg, *REFERENCE_FIELD]},
        # The same boards searched from Big Money alone: what the search finds without
        # being shown the target.
        "k1-from-bmu": {"kingdom": list(KINGDOMS["k1"].cards),
                        "events": list(KINGDOMS["k1"].events), "target": "lost-arts-seaway",
                        "start": ["bmu"], "field": list(KINGDOMS["k1"].bots)},
        "k2-from-bmu": {"kingdom": list(KINGDOMS["k2"].cards),
                        "events": list(KINGDOMS["k2"].events), "target": "event-money",
                        "start": ["bmu"], "field": list(KINGDOMS["k2"].bots)},
    }


def gzip_trace(path: Path) -> None:
    """The trace gzipped (a few MB of JSON, a tenth of it gzipped); ``domsim optimize
    --replay`` reads either.  The search's state folder (``*.search/``) is not committed."""
    import gzip

    if path.exists():
        (path.parent / (path.name + ".gz")).write_bytes(
            gzip.compress(path.read_bytes(), mtime=0))
        path.unlink()


def _pct(r: dict) -> str:
    return f"{100 * r['win_rate']:.2f}% [{100 * r['ci_low']:.2f}, {100 * r['ci_high']:.2f}]"


def run_one(label: str, t: dict, args, command: str) -> dict:
    from sim.optimize import optimize
    from sim.optimize.evaluate import Evaluator
    from sim.optimize.search import _derive

    out = Path(args.out_root) / label
    out.mkdir(parents=True, exist_ok=True)
    load0 = os.getloadavg()[0]

    def say(msg: str) -> None:
        print(f"[{label} {time.strftime('%H:%M:%S')}] {msg}", flush=True)

    target = os.fspath(ROOT / t["target"]) if t["target"].endswith(".toml") else t["target"]
    start = [os.fspath(ROOT / s) if s.endswith(".toml") else s for s in t["start"]]
    res = optimize(out=out / "found.toml", kingdom=t["kingdom"], events=t["events"] or None,
                   players=2, start=start, against=[target], budget=args.budget,
                   seed=args.seed, processes=args.processes, progress=say,
                   time_limit_s=args.time_limit, command=command)
    rows = {r["opponent"]: r for r in res.heldout}
    h2h = rows[next(n for n in rows if n not in ("itself", "field"))]
    target_name = t["target"]
    # The board's library bots, on other fresh deals.
    field = [os.fspath(ROOT / f) if f.endswith(".toml") else f for f in t["field"]]
    t1 = time.monotonic()
    ev = Evaluator(field, players=2, kingdom=res.trace["settings"]["kingdom"],
                   processes=args.processes, events=res.trace["settings"].get("events", ()))
    try:
        vs_field = ev.measure(out / "found.toml", _derive(args.seed, 9), args.field_games)
    finally:
        ev.close()
    field_s = time.monotonic() - t1
    with open(out / "field.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["opponent", "games", "win_rate", "ci_low", "ci_high"])
        for r in vs_field:
            w.writerow([r["opponent"], r["games"], f"{r['win_rate']:.6f}", f"{r['ci_low']:.6f}",
                        f"{r['ci_high']:.6f}"])
    info = {"board": label, "kingdom": res.trace["settings"]["kingdom"],
            "events": res.trace["settings"].get("events", []), "target": target_name,
            "start": t["start"], "budget": args.budget, "games": res.games,
            "wall_s": round(res.wall_s, 1), "field_games": ev.games,
            "field_wall_s": round(field_s, 1), "processes": args.processes,
            "load_before": round(load0, 2), "load_after": round(os.getloadavg()[0], 2),
            "stopped": res.trace.get("stopped"), "generations": res.trace["generations"],
            "candidates": len(res.trace["candidates"]), "head_to_head": h2h,
            "beats_target": bool(h2h["ci_low"] > 0.5), "heldout": res.heldout,
            "field": vs_field, "bot": res.genome.describe(), "command": command}
    (out / "summary.json").write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    ev_text = f"; Events: {', '.join(info['events'])}" if info["events"] else ""
    lines = [f"### {label}: {', '.join(info['kingdom'])}{ev_text}", "",
             f"Target: **{target_name}**; search started from {', '.join(t['start'])}.", "",
             f"Search: {res.games:,} games (budget {args.budget:,}) in {res.wall_s / 60:.1f} "
             f"min ({args.processes} processes, load {load0:.1f} before, "
             f"{info['load_after']:.1f} after), {info['generations']} generations, "
             f"{info['candidates']} bots raced; stopped: {info['stopped']}.", "",
             f"Found bot (`{os.path.relpath(out / 'found.toml', ROOT)}`): "
             f"{res.genome.describe()}", "",
             f"Head to head against {target_name} (fresh deals, {h2h['games']:,} games): "
             f"**{_pct(h2h)}**; the 95% interval is "
             f"{'above' if info['beats_target'] else 'not above'} 50%.", "",
             f"Against the board's library bots (other fresh deals, {args.field_games:,} "
             f"games each, {field_s:.0f} s):", "",
             "| opponent | held-out win rate [Wilson 95%] | games |", "|---|---|---|"]
    shown = {Path(f).stem: f for f in t["field"]}
    lines += [f"| {shown.get(r['opponent'], r['opponent'])} | {_pct(r)} | {r['games']:,} |"
              for r in vs_field]
    lines += ["", f"![held-out win rate by games spent]"
              f"({os.path.relpath(out / 'found.png', ROOT / 'experiments')})", ""]
    (out / "section.md").write_text("\n".join(lines), encoding="utf-8")
    gzip_trace(out / "found.trace.json")
    print("\n".join(lines), flush=True)
    return info


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=int, default=40_000_000, help="games per search")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--time-limit", type=float, default=30 * 60,
                   help="seconds after which a search starts no new generation")
    p.add_argument("--field-games", type=int, default=20_000,
                   help="games against each library bot of the board after the search")
    p.add_argument("--only", choices=["k1", "k2", "first-game", "k1-from-bmu", "k2-from-bmu"],
                   action="append", default=None)
    p.add_argument("--out-root", default=str(DEFAULT_OUT))
    args = p.parse_args(argv)
    command = "python experiments/optimize_engines.py " + " ".join(
        shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
    ts = targets()
    for label in args.only or list(ts):
        run_one(label, ts[label], args, command.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
