"""Engine speed: games per CPU-second on one core, against the C yardstick.

    python experiments/bench_engine.py [--games N] [--reps K]

Plays the reference matchups (BMU mirror, Smithy-BM vs BMU, Militia-BM vs
BMU, and the basic Big Money mirror) in one process on one core, seats
alternating, and reports the median games per CPU-second over ``reps`` runs.
In the same run it builds and runs ``../shared/bench/limit/limit.c`` (a
deliberately narrow C program playing the same matchups) and prints our
speed as a ratio of its speed, because these machines are shared and noisy:
only figures measured side by side compare.  Also reports the engine's
compile time cold (empty numba cache, in a subprocess) and cached.
Writes experiments/results/bench_engine.json.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sim.engine.batch import play_batch  # noqa: E402
from sim.engine.config import GameConfig  # noqa: E402
from sim.engine.rng import game_seeds  # noqa: E402

MATCHUPS = [  # (ours A, ours B, limit.c key or None)
    ("bmu", "bmu", "bmu"),
    ("smithy-bm", "bmu", "smithy"),
    ("militia-bm", "bmu", "militia"),
    ("big-money", "big-money", "bm"),
]
LIMIT_DIR = ROOT.parent / "shared" / "bench" / "limit"


def ours(a: str, b: str, games: int, reps: int) -> float:
    import bots

    bot_a, bot_b = bots.get_bot(a), bots.get_bot(b)
    seeds = game_seeds(1, 0, games)
    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    first = np.zeros(games, np.int8)
    play_batch(GameConfig(), [bot_a, bot_b], seats[:100], seeds[:100], first[:100])  # warm
    rates = []
    for _ in range(reps):
        t = time.process_time()
        play_batch(GameConfig(), [bot_a, bot_b], seats, seeds, first)
        rates.append(games / (time.process_time() - t))
    return statistics.median(rates)


def limit(key: str, games: int, reps: int, exe: Path) -> float | None:
    out = subprocess.run([str(exe), str(games), str(reps), "1", key], capture_output=True,
                         text=True, check=True).stdout
    m = re.search(r"median (\d+) games/cpu-s", out)
    return float(m.group(1)) if m else None


def build_limit(tmp: Path) -> Path | None:
    src = LIMIT_DIR / "limit.c"
    if not src.exists() or shutil.which("gcc") is None:
        return None
    exe = tmp / "limit"
    subprocess.run(["gcc", "-O2", "-march=native", "-o", str(exe), str(src), "-lm"], check=True)
    return exe


def compile_times() -> dict:
    """Seconds to first result in a fresh process: cold (empty cache) and cached."""
    code = ("import time,numpy as np;t=time.time();from sim.engine.batch import play_batch;"
            "from sim.engine.config import GameConfig;import bots;"
            "play_batch(GameConfig(),[bots.get_bot('bmu')],np.zeros((1,2),np.int32),"
            "np.ones(1,np.uint64));print(time.time()-t)")
    out = {}
    with tempfile.TemporaryDirectory() as cache:
        for label in ("cold", "cached"):
            env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
            r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               env=env, check=True, cwd=ROOT)
            out[label] = round(float(r.stdout.strip().splitlines()[-1]), 2)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--no-compile-times", action="store_true")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_limit(Path(tmp))
        for a, b, key in MATCHUPS:
            mine = ours(a, b, args.games, args.reps)
            c = limit(key, args.games, args.reps, exe) if exe else None
            rows.append({"matchup": f"{a} vs {b}", "domsim_games_per_cpu_s": round(mine),
                         "limit_c_games_per_cpu_s": c,
                         "ratio": round(mine / c, 4) if c else None})
            ratio = f"{mine / c:.3f}x" if c else "n/a"
            print(f"{a:>11} vs {b:<10} domsim {mine:>10,.0f}/cpu-s   C {c or 0:>10,.0f}/cpu-s"
                  f"   ratio {ratio}", flush=True)
    result = {"games": args.games, "reps": args.reps, "rows": rows}
    if not args.no_compile_times:
        result["compile_seconds"] = compile_times()
        print("compile (first game in a fresh process):", result["compile_seconds"])
    out = ROOT / "experiments" / "results" / "bench_engine.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
