"""How strong the search bot is (issue 28), and what a decision costs.

    python experiments/mcts_strength.py                        # every part (hours)
    python experiments/mcts_strength.py --part timing --part field --games 2000
    python experiments/mcts_strength.py --part curve --curve-games 400
    python experiments/mcts_strength.py --part adventures

Parts (2 players, seats rotating: each deal played once with each bot first; 95% Wilson
intervals; seed fixed, so a rerun plays the same games):

* ``timing``: milliseconds per searched decision of ``--bot`` (median, mean, 95th
  percentile), one process, First Game against Smithy-BM: the "at most 20 ms per
  decision on one core" of the issue, with the machine and its load.
* ``field``: ``--bot`` against every bot shipped that can play First Game
  (``domsim bots --kingdom first-game``, the random bot aside) and the bots
  ``domsim optimize`` found there (:data:`FOUND`); ``--against`` reruns some of them.
* ``adventures``: ``--bot`` on the Adventures board K2 with its Events (Training,
  Pathfinding) against the best hand-written bot of its round robin, event-money.
* ``curve``: win rate against Smithy-BM and milliseconds per decision, for playouts per
  decision from 10 to 10,000 (``--curve-games`` games a point).
* ``depth``: the search's shapes at the default playouts, against Smithy-BM
  (``--curve-games`` games each): the flat search (depth 1) with and without its paired
  test (z = 1, z = 0), and the tree (UCB1 with availability counts) 2 and 4 decisions
  deep: which to ship, argued by measurement.

Writes under experiments/results/mcts/: field.csv, adventures.csv, curve.csv, curve.png,
depth.csv, timing.json and, per run, command_<parts>.json (the command, the machine and its load
before and after, the wall time).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))
OUT = ROOT / "experiments" / "results" / "mcts"
#: The bot ``domsim optimize``'s grown search found on First Game against the
#: Big-Money-shaped one of issue 14 (issue 30).  That one is in the library
#: (``first-game-optimized``, the same program as
#: experiments/results/optimize/first-game/best.toml), so the field lists it already.
FOUND = (ROOT / "experiments" / "results" / "optimize" / "engines" / "first-game" / "found.toml",)
K2 = ("Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,Magpie,Caravan Guard,"
      "Duplicate,Hireling")
K2_EVENTS = "Training,Pathfinding"
CURVE = (10, 30, 100, 300, 1000, 3000, 10000)
PARTS = ("timing", "field", "adventures", "curve", "depth")
DEPTHS = ("mcts:depth=1,z=1", "mcts:depth=1,z=0", "mcts:depth=2", "mcts:depth=4")
DEFAULT_BOT = "mcts"


def machine() -> dict:
    return {"python": platform.python_version(), "cpu_count": os.cpu_count(),
            "processor": platform.processor() or platform.machine(),
            "load_avg": [round(x, 2) for x in os.getloadavg()]}


def first_game_field() -> list[str]:
    """Every bot shipped that can play First Game (the random bot aside), then the bot
    the strategy search found there."""
    from bots import list_bots
    from bots.requirements import required_cards
    from sim.cards import FIRST_GAME

    names = [b.name for b in list_bots() if b.name != "random"
             and set(required_cards(b)) <= set(FIRST_GAME)]
    return names + [str(f.relative_to(ROOT)) for f in FOUND]


def decision_times(spec: str, games: int, opponent: str = "smithy-bm", kingdom=None,
                   events=()) -> list[float]:
    """Milliseconds of each searched decision (more than one legal action) of ``spec`` in
    seat 0 of ``games`` games, in this process."""
    from bots import resolve_bot
    from sim.env import Game

    bot = resolve_bot(spec)
    probe = Game(kingdom=kingdom, events=events, players=2)
    game = Game(kingdom=kingdom, events=events, players=2,
                bots=[bot.seat_bot(probe.config), opponent], agents=[0],
                decisions=bot.decisions)
    out: list[float] = []
    warm = game.new_initial_state(10**6)
    while not (warm.current_player() == 0 and len(warm.legal_actions()) > 1):
        warm.apply_action(warm.bot_action())
    bot.act(warm)       # compile (or load) outside the clock, at a decision it searches
    for seed in range(games):
        state = game.new_initial_state(seed)
        bot.start_game(game, 0, seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) > 1:
                t0 = time.perf_counter()
                action = bot.act(state)
                out.append((time.perf_counter() - t0) * 1e3)
            else:
                action = legal[0]
            state.apply_action(action)
    return out


def summary_ms(times: list[float]) -> dict:
    times = sorted(times)
    return {"decisions": len(times), "median_ms": round(statistics.median(times), 2),
            "mean_ms": round(statistics.fmean(times), 2),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))], 2)}


def head_to_head(spec: str, opponent: str, games: int, seed: int, processes: int,
                 kingdom=None, events=None) -> dict:
    from sim.runner import Match

    t0 = time.time()
    res = Match(spec, opponent, games=games, seed=seed, kingdom=kingdom,
                events=events).play(processes=processes, progress=False)
    s = res.summary()
    names = list(s.index)
    # The search bot's row, whichever bot won more (the summary lists the winner first).
    me = next((n for n in names if n.startswith("mcts")), names[0])
    other = next(n for n in names if n != me)
    row = s.loc[me]
    return {"bot": me, "opponent": other, "games": int(row["games"]),
            "win_rate": round(float(row["win_rate"]), 4),
            "ci_low": round(float(row["ci_low"]), 4), "ci_high": round(float(row["ci_high"]), 4),
            "win_rate_seat0": round(float(row["win_rate_seat0"]), 4),
            "win_rate_seat1": round(float(row["win_rate_seat1"]), 4),
            "wall_s": round(time.time() - t0, 1)}


def _read_rows(path: Path) -> list[dict]:
    import pandas as pd

    return pd.read_csv(path).to_dict("records") if path.is_file() else []


def write_csv(path: Path, rows: list[dict]) -> None:
    import pandas as pd

    from sim.outputs import atomic_write_text

    atomic_write_text(path, pd.DataFrame(rows).to_csv(index=False))
    print(f"written to {path}", flush=True)


def curve_chart(rows: list[dict], path: Path, games: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [r["playouts"] for r in rows]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    win = [100 * r["win_rate"] for r in rows]
    lo = [100 * (r["win_rate"] - r["ci_low"]) for r in rows]
    hi = [100 * (r["ci_high"] - r["win_rate"]) for r in rows]
    a.errorbar(x, win, yerr=[lo, hi], marker="o", capsize=3)
    a.axhline(50, color="grey", lw=0.8, ls="--")
    a.set_xscale("log")
    a.set_xlabel("playouts per decision")
    a.set_ylabel("win rate against smithy-bm (%)")
    a.set_title(f"Search bot vs Smithy-BM, First Game ({games:,} games a point)")
    b.plot(x, [r["median_ms"] for r in rows], marker="o", label="median")
    b.plot(x, [r["p95_ms"] for r in rows], marker=".", ls=":", label="95th percentile")
    b.axhline(20, color="grey", lw=0.8, ls="--")
    b.set_xscale("log")
    b.set_yscale("log")
    b.set_xlabel("playouts per decision")
    b.set_ylabel("milliseconds per decision (one core)")
    b.set_title(f"Time per decision (load average {os.getloadavg()[0]:.1f})")
    b.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"written to {path}", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", action="append", choices=PARTS,
                    help="what to measure (repeatable; default every part)")
    ap.add_argument("--bot", default=DEFAULT_BOT, help=f"the search bot (default {DEFAULT_BOT})")
    ap.add_argument("--games", type=int, default=2000, help="games per matchup (default 2000)")
    ap.add_argument("--against", action="append", metavar="BOT",
                    help="field: only these opponents (repeatable; default the whole field)")
    ap.add_argument("--levels", type=int, action="append", metavar="PLAYOUTS",
                    help="curve: rerun only these playouts per decision, keeping the other "
                         "rows (default: every level of CURVE)")
    ap.add_argument("--curve-games", type=int, default=400,
                    help="games per point of the curve (default 400)")
    ap.add_argument("--timing-games", type=int, default=20,
                    help="games whose decisions are timed (default 20)")
    ap.add_argument("--seed", type=int, default=2028)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    parts = args.part or list(PARTS)
    args.out.mkdir(parents=True, exist_ok=True)
    t_start = time.time()
    log = {"command": "python experiments/mcts_strength.py " + " ".join(argv or sys.argv[1:]),
           "machine_before": machine(), "bot": args.bot}
    if "timing" in parts:
        t = summary_ms(decision_times(args.bot, args.timing_games))
        t.update(bot=args.bot, games=args.timing_games, opponent="smithy-bm",
                 machine=machine())
        from sim.outputs import atomic_write_text

        atomic_write_text(args.out / "timing.json", json.dumps(t, indent=2) + "\n")
        print(f"timing: {t}", flush=True)
    if "field" in parts:
        # A rerun against some opponents (--against) replaces their rows only.
        rows = _read_rows(args.out / "field.csv")
        for opp in args.against or first_game_field():
            row = head_to_head(args.bot, opp, args.games, args.seed, args.processes)
            rows = [r for r in rows if r["opponent"] != row["opponent"]] + [row]
            print(f"field: {row}", flush=True)
            write_csv(args.out / "field.csv", rows)
    if "adventures" in parts:
        row = head_to_head(args.bot, "event-money", args.games, args.seed, args.processes,
                           kingdom=K2, events=K2_EVENTS)
        row.update(kingdom="K2", events=K2_EVENTS)
        print(f"adventures: {row}", flush=True)
        write_csv(args.out / "adventures.csv", [row])
    if "curve" in parts:
        # A rerun of some levels (--levels) replaces their rows only.
        rows = _read_rows(args.out / "curve.csv") if args.levels else []
        for n in args.levels or CURVE:
            spec = f"mcts:playouts={n}"
            row = head_to_head(spec, "smithy-bm", args.curve_games, args.seed,
                               args.processes)
            row.update(playouts=n, **summary_ms(decision_times(spec, max(2, 2000 // n))))
            rows = sorted([r for r in rows if int(r["playouts"]) != n] + [row],
                          key=lambda r: int(r["playouts"]))
            print(f"curve: {row}", flush=True)
            write_csv(args.out / "curve.csv", rows)
        curve_chart(rows, args.out / "curve.png", args.curve_games)
    if "depth" in parts:
        rows = []
        for spec in DEPTHS:
            row = head_to_head(spec, "smithy-bm", args.curve_games, args.seed,
                               args.processes)
            row.update(spec=spec, **summary_ms(decision_times(spec, 4)))
            rows.append(row)
            print(f"depth: {row}", flush=True)
            write_csv(args.out / "depth.csv", rows)
    log.update(parts=parts, wall_s=round(time.time() - t_start, 1), machine_after=machine())
    from sim.outputs import atomic_write_text

    atomic_write_text(args.out / f"command_{'_'.join(parts)}.json",
                      json.dumps(log, indent=2) + "\n")


if __name__ == "__main__":
    main()
