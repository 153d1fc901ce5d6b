"""How long a warm ``domsim tournament`` takes to draw its charts, and on what machine.

    python experiments/chart_speed.py [--games N] [--reps K] [--processes P ...] [--checkout DIR]

Runs ``domsim tournament --games N --plot DIR`` (the reference round robin, ``--games``
per pairing, default 1000) ``--reps`` times in a fresh process each, with numba's cache
warm, and times its charts alone (``sim.cli.plot_hook``, wrapped: importing matplotlib,
the per-turn curves of 4,000 new games, drawing and saving), reporting the median wall
time and the CPU time of the tournament's process and of its chart-drawing children, for
each ``--processes`` count given to the tournament (default: 1 and 2; the charts use at
most 2 processes, at most that count).  It prints the machine (CPU model, cores) and
the load average before and after, because wall time on a shared machine says little
without them: the CPU seconds are the figure that compares across machines and hours.

``--checkout DIR`` draws with another checkout's code (e.g. ``git worktree add /tmp/old
REV``), for a before/after pair measured side by side; an older ``plot_hook`` that takes
no process count draws in one process.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, resource, sys, time
import sim.cli as cli
times = {}
hook = cli.plot_hook

def timed(*args, **kw):
    w0, c0 = time.perf_counter(), time.process_time()
    ch0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    hook(*args, **kw)
    ch1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    times.update(wall_s=time.perf_counter() - w0, cpu_s=time.process_time() - c0,
                 children_cpu_s=(ch1.ru_utime + ch1.ru_stime) - (ch0.ru_utime + ch0.ru_stime))

cli.plot_hook = timed
rc = cli.main(["tournament", "--games", sys.argv[1], "--out", sys.argv[2], "--plot",
               sys.argv[3], "--processes", sys.argv[4], "--no-progress"])
assert rc == 0, rc
files = sorted(p.name for p in __import__("pathlib").Path(sys.argv[3]).iterdir())
print(json.dumps({**times, "files": files}))
"""


def machine() -> str:
    model = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model or 'unknown CPU'}, {len(os.sched_getaffinity(0))} cores available"


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--checkout", type=Path, default=ROOT)
    args = ap.parse_args()
    code = args.checkout.resolve()
    env = dict(os.environ, PYTHONPATH=str(code))
    print(f"machine: {machine()}; {load()} (before)")
    with tempfile.TemporaryDirectory() as tmp:
        # Once to warm numba's cache (the figures are of warm runs).
        subprocess.run([sys.executable, "-m", "sim.cli", "tournament", "--games", "20",
                        "--no-out", "--no-progress"], env=env, cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        for procs in args.processes:
            runs = []
            for rep in range(args.reps):
                stem = Path(tmp) / f"t-{procs}-{rep}"
                out = subprocess.run([sys.executable, "-c", CHILD, str(args.games),
                                      f"{stem}.parquet", f"{stem}-charts", str(procs)],
                                     env=env, cwd=tmp, check=True, capture_output=True,
                                     text=True).stdout
                runs.append(json.loads(out.strip().splitlines()[-1]))
            med = {k: statistics.median(r[k] for r in runs)
                   for k in ("wall_s", "cpu_s", "children_cpu_s")}
            print(f"--processes {procs}: {len(runs[0]['files'])} files "
                  f"({', '.join(runs[0]['files'])}); median of {args.reps}: wall "
                  f"{med['wall_s']:.2f} s, CPU {med['cpu_s']:.2f} s in the tournament's "
                  f"process + {med['children_cpu_s']:.2f} s in chart processes", flush=True)
    print(f"{load()} (after); code: {code}")


if __name__ == "__main__":
    main()
