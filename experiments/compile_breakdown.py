"""Where a cold compile goes: seconds per numba function for one game's first batch.

    python experiments/compile_breakdown.py                  # K1 Adventures game (default)
    python experiments/compile_breakdown.py --board base     # the First Game, BMU mirror
    python experiments/compile_breakdown.py --out FILE       # also write the JSON to FILE

Plays the first batch of a matchup (default: ``lost-arts-seaway`` vs BMU on board K1
with Lost Arts and Seaway, 2,000 games, as in experiments/bench_engine.py) in a fresh
subprocess with an empty numba cache (``NUMBA_CACHE_DIR`` a new temporary folder) and
everything compiled in that one process (sim.engine.cold_compile's child processes are
switched off, so every compile is seen).  numba's ``numba:compile`` events (one start
and one end per dispatcher and signature; a function compiled while compiling another
nests inside it) give each function's *inclusive* seconds (its own compile, the
functions it compiled on the way, and the LLVM optimisation of everything linked into
it) and *exclusive* seconds (inclusive less the nested compiles): the exclusive
figures add up to the whole compile.  A function numba inlines at the IR level
(``inline="always"``) or that is linked into several callers costs inside each of
them, which the exclusive figure of the callers shows.

Prints the functions by exclusive seconds and the CPU seconds of the whole first
batch; ``--out`` writes them as JSON (the tracked record:
experiments/results/compile_breakdown.json).  Timings are of a shared machine: compare
shares, and figures of the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

K1_KINGDOM = ("Page,Peasant,Lost City,Royal Carriage,Coin of the Realm,Distant Lands,Relic,"
              "Bridge Troll,Smithy,Laboratory")
K1_EVENTS = "Lost Arts,Seaway"
BOARDS = {  # name: (bot A, bot B, kingdom or None for the First Game, Events or None)
    "k1": ("lost-arts-seaway", "bmu", K1_KINGDOM, K1_EVENTS),
    "base": ("bmu", "bmu", None, None),
}

# Runs in the child: record numba:compile events around one play_batch.
_CHILD = r"""
import json, sys, time
import numpy as np
from numba.core import event as ev
import sim.engine.batch as batch
batch.compile_cold = lambda *args: None       # compile everything in this process
from sim.engine.config import GameConfig
from sim.engine.rng import game_seeds
import bots

a, b, kingdom, events, games = json.loads(sys.argv[1])
config = GameConfig(kingdom=kingdom, events=events) if events else GameConfig(kingdom=kingdom)
bot_a, bot_b = bots.resolve_bot(a), bots.resolve_bot(b)
seats = np.zeros((games, 2), np.int32)
seats[1::2, 0] = 1
seats[:, 1] = 1 - seats[:, 0]
records = []

class Rec(ev.Listener):
    def on_start(self, event):
        records.append((time.perf_counter(), "start", event.data))
    def on_end(self, event):
        records.append((time.perf_counter(), "end", event.data))

cpu0, wall0 = time.process_time(), time.perf_counter()
with ev.install_listener("numba:compile", Rec()):
    batch.play_batch(config, [bot_a, bot_b], seats, game_seeds(1, 0, games),
                     np.zeros(games, np.int8))
cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0

stack, rows = [], {}
for t, kind, data in records:
    if kind == "start":
        stack.append([t, 0.0])
        continue
    t0, nested = stack.pop()
    inclusive = t - t0
    if stack:
        stack[-1][1] += inclusive
    d = data["dispatcher"]
    name = f"{d.py_func.__module__}.{d.py_func.__qualname__}"
    row = rows.setdefault(name, {"function": name, "compiles": 0, "inclusive_s": 0.0,
                                 "exclusive_s": 0.0})
    row["compiles"] += 1
    row["inclusive_s"] += inclusive
    row["exclusive_s"] += inclusive - nested
print(json.dumps({"cpu_s": cpu, "wall_s": wall, "functions": list(rows.values())}))
"""


def measure(board: str, games: int) -> dict:
    """The breakdown of ``board``'s first batch of ``games`` games, cold."""
    a, b, kingdom, events = BOARDS[board]
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache,
                   PYTHONPATH=os.pathsep.join([str(ROOT)] + [p for p in os.environ.get(
                       "PYTHONPATH", "").split(os.pathsep) if p and p != str(ROOT)]))
        out = subprocess.run([sys.executable, "-c", _CHILD,
                              json.dumps([a, b, kingdom, events, games])],
                             capture_output=True, text=True, env=env, cwd=ROOT)
    if out.returncode:
        raise SystemExit(f"the measured run failed: {out.stderr.strip().splitlines()[-1:]}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    funcs = sorted(result["functions"], key=lambda r: -r["exclusive_s"])
    for r in funcs:
        r["inclusive_s"], r["exclusive_s"] = round(r["inclusive_s"], 2), round(r["exclusive_s"], 2)
    total = sum(r["exclusive_s"] for r in funcs)
    return {"board": board, "matchup": f"{a} vs {b}", "kingdom": kingdom, "events": events,
            "games": games, "first_batch_cpu_s": round(result["cpu_s"], 2),
            "first_batch_wall_s": round(result["wall_s"], 2),
            "compile_s": round(total, 2), "functions": funcs}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", choices=sorted(BOARDS), default="k1")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--top", type=int, default=25, help="rows printed (default 25)")
    ap.add_argument("--out", help="also write the JSON here")
    args = ap.parse_args(argv)
    res = measure(args.board, args.games)
    rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True, cwd=ROOT)
    res["rev"] = rev.stdout.strip() or None       # None outside a git checkout
    res["load_after"] = [round(x, 2) for x in os.getloadavg()]
    print(f"{res['matchup']} ({args.board}): first batch {res['first_batch_cpu_s']} CPU-s, "
          f"{res['first_batch_wall_s']} s wall; numba compiles {res['compile_s']} s")
    print(f"{'exclusive s':>11} {'inclusive s':>11} {'n':>3}  function")
    for r in res["functions"][:args.top]:
        print(f"{r['exclusive_s']:11.2f} {r['inclusive_s']:11.2f} {r['compiles']:3d}  "
              f"{r['function']}")
    if args.out:
        Path(args.out).write_text(json.dumps(res, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
