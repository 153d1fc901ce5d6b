"""Engine cost without the machine's noise: instructions and branch misses per game.

    python experiments/count_instructions.py [--games N] [--checkout DIR] [MATCHUP ...]

The shared machines these benchmarks run on move games/CPU-s by 20-40% from one minute
to the next (bench_engine.py's C yardstick alone has ranged over 426-890k), so a change
worth 5-10% cannot be told from noise there.  This script counts instead: it plays each
matchup of bench_engine.py (the same bots, kingdoms, Events, seeds and seats) under
valgrind's callgrind, with counting switched on only while the games are played (not
during Python's start, imports or the engine's load or compile), and prints per game:

* ``instr``: instructions executed (exactly repeatable);
* ``cond miss`` / ``ind miss``: conditional and indirect branches mispredicted by
  callgrind's simple predictor model (repeatable; a guide to the hardware's, not a copy);
* ``est. cycles``: instructions + 15 per miss, a rough cost to compare two engines by.

``--checkout DIR`` counts the engine of another checkout (as bench_engine.py does), so
two engines can be compared run for run, and both runs can go at once on two cores.
``--adventures-turn`` plays every game with the Adventures turn (the table's T_ADV set
for base games too): what one turn for every game would cost a base game (issue 47
item 4; experiments/results/count_instructions_one_turn_experiment.json).
Start-up under valgrind is slow (about 10 minutes here: numba and LLVM load); the games
themselves, 3,000 per matchup by default, take seconds each.  Needs ``valgrind``.

MATCHUP names: bmu, smithy, militia, big-money, tls, duration-money, bmu-adv (the BMU
mirror on duration-money's Adventures board), k1, k2 (default: all).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "experiments"))
import bench_engine as B  # noqa: E402  (this folder's script: the same matchups)

NAMES = ["bmu", "smithy", "militia", "big-money", "tls", "duration-money", "bmu-adv", "k1",
         "k2", "minion", "torturer", "masquerade"]
MATCHUPS = dict(zip(NAMES, B.MATCHUPS, strict=True))
MISS_CYCLES = 15


def child(games: int, folder: Path, names: list[str], adventures_turn: bool) -> None:
    """Runs under valgrind: load every matchup, then play each when told to."""
    import numpy as np

    eng = B.engine(B.ROOT)
    import bots

    if adventures_turn:
        every_game_on_the_adventures_turn()

    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    seeds = eng["game_seeds"](1, 0, games)
    first = np.zeros(games, np.int8)
    runs = []
    for name in names:
        a, b, _key, kingdom, *events = MATCHUPS[name]
        config = (eng["GameConfig"](kingdom=kingdom, events=events[0]) if events
                  else eng["GameConfig"](kingdom=kingdom))
        pair = [bots.resolve_bot(a), bots.resolve_bot(b)]
        eng["play_batch"](config, pair, seats[:50], seeds[:50], first[:50])    # load/compile
        runs.append((config, pair))
    (folder / "ready").touch()
    for i, (config, pair) in enumerate(runs):
        wait_for(folder / f"go{i}")
        eng["play_batch"](config, pair, seats, seeds, first)
        (folder / f"done{i}").touch()
    wait_for(folder / "end")


def every_game_on_the_adventures_turn() -> None:
    """Make every game's table say it runs the Adventures turn (base games included)."""
    from sim.engine import batch
    from sim.engine import layout as L

    make_table = batch.make_table

    def adventures_table(*args, **kwargs):
        T = make_table(*args, **kwargs)
        T[L.T_ADV] = 1
        return T

    batch.make_table = adventures_table


def wait_for(path: Path, proc: subprocess.Popen | None = None) -> None:
    while not path.exists():
        if proc is not None and proc.poll() is not None:
            log = (path.parent / "valgrind.log").read_text(errors="replace").splitlines()
            tail = "\n".join(line for line in log[-15:] if not line.startswith("=="))
            sys.exit(f"count_instructions: the game process ended early (exit "
                     f"{proc.returncode}); its last words:\n{tail}")
        time.sleep(0.1)


def control(*args: str) -> None:
    subprocess.run(["callgrind_control", *args], check=True, capture_output=True)


def totals(path: Path) -> dict[str, int]:
    """The ``events:`` and ``totals:`` lines of a callgrind output file."""
    text = path.read_text()
    names = re.search(r"^events: (.*)$", text, re.M).group(1).split()
    values = re.search(r"^totals: (.*)$", text, re.M).group(1).split()
    return dict(zip(names, map(int, values), strict=True))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", metavar="MATCHUP", help=", ".join(NAMES))
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--checkout", type=Path, default=None,
                    help="count the engine of this checkout (default: this script's)")
    ap.add_argument("--adventures-turn", action="store_true",
                    help="play every game with the Adventures turn, base games included")
    ap.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.checkout is not None:
        B.ROOT = args.checkout.resolve()
        if not (B.ROOT / "sim").is_dir() or not (B.ROOT / "bots").is_dir():
            sys.exit(f"count_instructions: --checkout {args.checkout}: not a domsim checkout "
                     "(no sim/ and bots/ there)")
    names = args.names or NAMES
    unknown = [n for n in names if n not in MATCHUPS]
    if unknown:
        sys.exit(f"count_instructions: unknown matchup {unknown[0]!r} (one of {', '.join(NAMES)})")
    if args.child is not None:
        child(args.games, args.child, names, args.adventures_turn)
        return
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        sys.exit("count_instructions: needs valgrind (callgrind and callgrind_control)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--branch-sim=yes",
               f"--callgrind-out-file={folder}/out", sys.executable, __file__, *names,
               "--games", str(args.games), "--child", str(folder)]
        if args.checkout is not None:
            cmd += ["--checkout", str(B.ROOT)]
        if args.adventures_turn:
            cmd.append("--adventures-turn")
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(B.ROOT))
        with open(folder / "valgrind.log", "w") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
            print(f"loading the engine under valgrind (pid {proc.pid}; slow) ...", flush=True)
            wait_for(folder / "ready", proc)
            pid = str(proc.pid)
            rows = []
            for i, name in enumerate(names):
                control("--zero", pid)
                control("--instr=on", pid)
                (folder / f"go{i}").touch()
                wait_for(folder / f"done{i}", proc)
                control("--instr=off", pid)
                control("--dump=" + name, pid)
                dumps = sorted(folder.glob("out.*"), key=lambda f: f.stat().st_mtime)
                t = totals(dumps[-1])
                g = args.games
                row = {"matchup": name, "games": g, "instructions_per_game": t["Ir"] / g,
                       "cond_misses_per_game": t["Bcm"] / g, "ind_misses_per_game": t["Bim"] / g}
                row["est_cycles_per_game"] = (row["instructions_per_game"] + MISS_CYCLES
                                              * (row["cond_misses_per_game"]
                                                 + row["ind_misses_per_game"]))
                rows.append(row)
                print(f"{name:>15}  instr {row['instructions_per_game']:>9,.0f}  cond miss "
                      f"{row['cond_misses_per_game']:>6,.0f}  ind miss "
                      f"{row['ind_misses_per_game']:>5,.0f}  est. cycles "
                      f"{row['est_cycles_per_game']:>9,.0f}  per game", flush=True)
            (folder / "end").touch()
            proc.wait()
    print(json.dumps({"checkout": str(B.ROOT), "adventures_turn": args.adventures_turn,
                      "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
