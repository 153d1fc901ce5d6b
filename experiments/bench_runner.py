"""Benchmark the runner end to end: N games of Smithy-BM vs BMU from the CLI to Parquet.

For each process count the CLI runs in a fresh wrapper process, so that
``getrusage(RUSAGE_CHILDREN)`` in the wrapper counts exactly that run: the CLI
and its pool workers (CPU time summed over all of them; peak RSS is the largest
single process, which is the parent holding the results).  Reports wall time,
CPU time, games per CPU-second and per wall-second, and the 2-vs-1-process
efficiency ratio (games per CPU-second with 2 processes / with 1).

    python experiments/bench_runner.py                  # 1,000,000 games, 1 repeat
    python experiments/bench_runner.py --games 200000 --repeat 3

Targets (issue): < 20 s wall with 2 processes for 1,000,000 games; ratio >= 0.90.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT_JSON = ROOT / "experiments" / "results" / "bench_runner.json"


def _child(games: int, processes: int, seed: int) -> None:
    """Run the CLI once and print wall, CPU and peak RSS of it and its workers."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "bench.parquet")
        cmd = [sys.executable, "-m", "sim.cli", "match", "smithy-bm", "bmu", "--games",
               str(games), "--processes", str(processes), "--seed", str(seed), "--out", out,
               "--no-progress"]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        t0 = time.perf_counter()
        r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if r.returncode:
            raise SystemExit(f"CLI failed ({r.returncode}): {r.stderr.strip()}")
        ru = resource.getrusage(resource.RUSAGE_CHILDREN)
        size = os.path.getsize(out)
    print(json.dumps({"wall_s": wall, "cpu_s": ru.ru_utime + ru.ru_stime,
                      "user_s": ru.ru_utime, "sys_s": ru.ru_stime,
                      "peak_rss_mb": ru.ru_maxrss / 1024, "parquet_mb": size / 2**20,
                      "summary": r.stdout}))


def measure(games: int, processes: int, seed: int) -> dict:
    r = subprocess.run([sys.executable, __file__, "--child", "--games", str(games),
                        "--processes", str(processes), "--seed", str(seed)],
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode:
        raise SystemExit(r.stderr.strip() or r.stdout.strip())
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=1, help="runs per process count (median)")
    ap.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--json", default=str(OUT_JSON), help="where to write the results")
    args = ap.parse_args()
    if args.child:
        _child(args.games, args.processes[0], args.seed)
        return
    # warm the numba disk cache so no run pays for compilation
    subprocess.run([sys.executable, "-m", "sim.cli", "match", "smithy-bm", "bmu", "--games",
                    "10", "--processes", "1", "--no-progress"], cwd=ROOT, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    rows = {}
    for p in args.processes:
        runs = [measure(args.games, p, args.seed) for _ in range(args.repeat)]
        med = {k: statistics.median(r[k] for r in runs)
               for k in ("wall_s", "cpu_s", "user_s", "sys_s", "peak_rss_mb", "parquet_mb")}
        med["games_per_cpu_s"] = args.games / med["cpu_s"]
        med["games_per_wall_s"] = args.games / med["wall_s"]
        med["runs"] = [{k: v for k, v in r.items() if k != "summary"} for r in runs]
        rows[p] = med
        summary = runs[-1]["summary"]
    print(f"{args.games:,} games of smithy-bm vs bmu, CLI to Parquet, median of "
          f"{args.repeat} run(s), {os.cpu_count()} CPUs\n")
    print(f"{'processes':>9} {'wall s':>8} {'CPU s':>8} {'peak RSS MB':>12} "
          f"{'games/CPU-s':>12} {'games/s':>10}")
    for p, m in rows.items():
        print(f"{p:>9} {m['wall_s']:>8.2f} {m['cpu_s']:>8.2f} {m['peak_rss_mb']:>12.0f} "
              f"{m['games_per_cpu_s']:>12,.0f} {m['games_per_wall_s']:>10,.0f}")
    report = {"games": args.games, "repeat": args.repeat, "python": platform.python_version(),
              "cpus": os.cpu_count(), "machine": platform.machine(),
              "by_processes": {str(p): m for p, m in rows.items()}}
    if 1 in rows and 2 in rows:
        ratio = rows[2]["games_per_cpu_s"] / rows[1]["games_per_cpu_s"]
        report["efficiency_2_vs_1"] = ratio
        report["targets"] = {"wall_2p_under_20s": rows[2]["wall_s"] < 20,
                             "efficiency_at_least_0.9": ratio >= 0.9}
        print(f"\ngames per CPU-second, 2 processes / 1 process: {ratio:.3f} "
              f"(target >= 0.90); wall with 2 processes {rows[2]['wall_s']:.2f} s "
              f"(target < 20 s)")
    print("\n" + summary)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    print(f"written {args.json}")


if __name__ == "__main__":
    main()
