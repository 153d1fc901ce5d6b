"""Cold start as a new user meets it: fresh clone, fresh venv, empty caches; seconds
to the first result of the README's commands and the compile share.

    python experiments/cold_start.py                 # this checkout's HEAD
    python experiments/cold_start.py --rev 9aafa08   # an older commit, for before/after
    python experiments/cold_start.py --only base     # just the base-game command

Steps, each timed on the wall clock (and CPU time of the command and its children):

1. ``git clone`` of ``--rev`` into a temporary folder;
2. ``python3 -m venv`` and ``pip install -e .`` there (the README's install; pip's
   own download cache is used if present, as it would be on a user's machine);
3. for each command (the README's first command, ``domsim tournament``, and its
   Adventures example, ``domsim match random bmu --kingdom random:adventures --events
   random --games 200``), with 1 and with 2 processes, each with an empty numba cache
   (the clone's cache folder removed): seconds from its start to the first line of the
   result table on stdout, and to the end;
4. each command again with the cache it left: the difference between the two runs'
   CPU time is the compile share.

The machine (cores, load average before and after) is recorded with the figures: on a
shared machine other jobs slow a compile down.  Prints a small table and writes it as
JSON next to the other results (``experiments/results/cold_start.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str], cwd: Path, env: dict[str, str], first_marker: str | None = None
          ) -> dict[str, float]:
    """Run ``cmd``; wall and CPU seconds, and seconds until a stdout line starts
    with ``first_marker`` (the first result)."""
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    first = None
    with subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True) as proc:
        assert proc.stdout is not None
        tail = []
        for line in proc.stdout:
            tail = (tail + [line])[-20:]
            if first is None and first_marker and line.lstrip().startswith(first_marker):
                first = time.perf_counter() - t0
        rc = proc.wait()
    wall = time.perf_counter() - t0
    if rc != 0:
        sys.exit(f"cold_start: {' '.join(cmd)} failed ({rc}):\n{''.join(tail)}")
    return {"wall_s": round(wall, 2), "cpu_s": round(_children_cpu() - cpu0, 2),
            "first_result_s": None if first is None else round(first, 2)}


COMMANDS = {
    # The README's first command and its Adventures example (README, "Quick start" and
    # the CLI examples).  Their result tables' header rows start with "bot".
    "base": ["tournament"],
    "adventures": ["match", "random", "bmu", "--kingdom", "random:adventures", "--events",
                   "random", "--games", "200"],
    # A first Intrigue game (issue 48): 10 Intrigue cards, no Events.
    "intrigue": ["match", "random", "bmu", "--kingdom", "random:intrigue", "--games", "200"],
}


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", default="HEAD", help="commit to measure (default HEAD)")
    ap.add_argument("--only", choices=sorted(COMMANDS), help="measure one command only")
    ap.add_argument("--processes", default="1,2", help="process counts (default 1,2)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    ap.add_argument("--out", default=str(ROOT / "experiments" / "results" / "cold_start.json"))
    args = ap.parse_args(argv)

    rev = subprocess.run(["git", "rev-parse", "--short", args.rev], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    tmp = Path(tempfile.mkdtemp(prefix="domsim-cold-"))
    clone = tmp / "domsim"
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "PYTHONPATH", "VIRTUAL_ENV")}
    env["XDG_CACHE_HOME"] = str(tmp / "xdg-cache")   # domsim's per-user fallback: empty
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "checkout", "--quiet", rev], cwd=clone, check=True)
    report: dict[str, object] = {"rev": rev, "cores": os.cpu_count(), "load_before": _load()}
    report["venv"] = timed([sys.executable, "-m", "venv", ".venv"], clone, env)
    report["install"] = timed([str(clone / ".venv/bin/pip"), "install", "--quiet", "-e", "."],
                              clone, env)
    print(f"rev {rev} on {os.cpu_count()} cores, load average {report['load_before']}")
    install_s = report["venv"]["wall_s"] + report["install"]["wall_s"]
    print(f"  install (venv + pip -e .)   {install_s:8.1f} s")
    runs = {}
    for name, words in COMMANDS.items():
        if args.only and name != args.only:
            continue
        for n in (int(x) for x in args.processes.split(",")):
            cmd = [str(clone / ".venv/bin/domsim"), *words, "--processes", str(n)]
            for folder in (clone / "sim" / "__pycache__").glob("numba-*"):
                shutil.rmtree(folder)              # an empty cache for each cold run
            for folder in (tmp / "xdg-cache").glob("*"):
                shutil.rmtree(folder)
            load = _load()
            # domsim refuses to replace a results file: each run starts without one, as
            # a new user's first run does.
            shutil.rmtree(clone / "results", ignore_errors=True)
            cold = timed(cmd, clone, env, first_marker="bot ")
            shutil.rmtree(clone / "results", ignore_errors=True)
            warm = timed(cmd, clone, env, first_marker="bot ")
            row = {"command": "domsim " + " ".join(cmd[1:]), "processes": n,
                   "load_before": load, "first_run": cold, "cached_run": warm,
                   "compile_cpu_s": round(cold["cpu_s"] - warm["cpu_s"], 2)}
            row["compile_share"] = round(row["compile_cpu_s"] / cold["cpu_s"], 3)
            runs[f"{name}_{n}p"] = row
            print(f"  {name}, {n} process(es), load {load}: first result "
                  f"{cold['first_result_s']} s, done {cold['wall_s']} s wall, {cold['cpu_s']} "
                  f"CPU-s ({row['compile_cpu_s']} compiling); cached: first result "
                  f"{warm['first_result_s']} s, {warm['cpu_s']} CPU-s")
    report["runs"] = runs
    report["load_after"] = _load()
    print(f"  load average after: {report['load_after']}")
    Path(args.out).write_text(json.dumps(report, indent=2) + "\n")
    if not args.keep:
        subprocess.run(["rm", "-rf", str(tmp)], check=False)
    else:
        print(f"  kept {tmp}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
