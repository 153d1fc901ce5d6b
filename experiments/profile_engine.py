"""Where the compiled engine spends its time, instruction by instruction.

    python experiments/profile_engine.py [A B] [--games N] [--windows K]

``perf`` samples numba's JIT code fine but cannot name it (no symbols, and
the code is gone when the process exits).  This script fills the gap:

1. in a fresh process with an empty numba cache it compiles the engine and
   saves ``run_batch``'s object code (every engine function is linked into
   it) and its exported symbol names;
2. a second process loads the same code from that cache, plays ``--games``
   games of A vs B under ``perf record`` and prints where the code landed;
3. the samples are mapped onto the object's disassembly (``objdump``):
   the share of each function, then the hottest windows of instructions.

It needs ``perf`` (software clock events are enough) and ``objdump``.  The
first step pays the cold compile (a few minutes).  This is how the engine's
array reference counting (calls to NRT_incref/NRT_decref in play_turn) was
found; see experiments/README.md.
"""

from __future__ import annotations

import argparse
import bisect
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

COMPILE = """
import sys, numpy as np
sys.path.insert(0, {root!r})
import bots
from sim.engine import game as engine   # run_batch lives in sim.engine.game
from sim.engine.batch import play_batch
from sim.engine.config import GameConfig
play_batch(GameConfig(), [bots.get_bot('bmu')], np.zeros((1, 2), np.int32), np.ones(1, np.uint64))
(cres,) = engine.run_batch.overloads.values()
open({obj!r}, 'wb').write(cres.library._get_compiled_object())
"""

RUN = """
import sys, time, numpy as np
sys.path.insert(0, {root!r})
import bots
from sim.engine import game as engine   # run_batch lives in sim.engine.game
from sim.engine.batch import play_batch
from sim.engine.config import GameConfig
from sim.engine.rng import game_seeds
a, b, games = {a!r}, {b!r}, {games}
seats = np.zeros((games, 2), np.int32)
seats[1::2, 0] = 1
seats[:, 1] = 1 - seats[:, 0]
bl = [bots.get_bot(a), bots.get_bot(b)]
play_batch(GameConfig(), bl, seats[:10], game_seeds(1, 0, 10))
t = time.process_time()
play_batch(GameConfig(), bl, seats, game_seeds(1, 0, games))
print(f"RATE {{games / (time.process_time() - t):.0f}}")
(cres,) = engine.run_batch.overloads.values()
print(f"BASE {{cres.library.get_pointer_to_function({symbol!r}):x}}")
"""


def disassemble(obj: Path) -> tuple[list[tuple[int, str]], list[tuple[int, str]], int]:
    """(functions by start offset, instructions, .ltext size) of the object's code."""
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-j", ".ltext", str(obj)],
                          capture_output=True, text=True, check=True).stdout
    funcs, ins = [], []
    for line in text.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.*)>:", line)
        if m:
            funcs.append((int(m.group(1), 16), m.group(2)))
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(.*)", line)
        if m:
            ins.append((int(m.group(1), 16), re.sub(r"<_ZN\S+", "", m.group(2))))
    size = ins[-1][0] + 16 if ins else 0
    return funcs, ins, size


def short(name: str) -> str:
    """``sim.engine.play_turn`` from numba's mangled ``_ZN3sim6engine9play_turnB3v27...``."""
    rest = name[name.index("_ZN") + 3:] if "_ZN" in name else name
    parts = []
    while rest[:1].isdigit():
        digits = re.match(r"\d+", rest).group()
        n = int(digits)
        parts.append(rest[len(digits):len(digits) + n])
        rest = rest[len(digits) + n:]
    return ".".join(parts) or name[:60]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bots", nargs="*", default=["militia-bm", "bmu"])
    ap.add_argument("--games", type=int, default=300_000)
    ap.add_argument("--windows", type=int, default=8, help="hottest instruction windows shown")
    ap.add_argument("--width", type=int, default=16, help="instructions per window")
    args = ap.parse_args()
    a, b = (args.bots + args.bots)[:2]
    for tool in ("perf", "objdump", "nm"):
        if shutil.which(tool) is None:
            sys.exit(f"profile_engine: needs {tool!r} on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp / "cache"))
        obj = tmp / "run_batch.o"
        print("compiling the engine into a fresh cache (cold compile) ...", flush=True)
        subprocess.run([sys.executable, "-c", COMPILE.format(root=str(ROOT), obj=str(obj))],
                       env=env, check=True)
        nm = subprocess.run(["nm", str(obj)], capture_output=True, text=True, check=True).stdout
        symbol = next(w[2] for w in (line.split() for line in nm.splitlines())
                      if len(w) == 3 and w[1] == "T" and "run_batch" in w[2]
                      and "cpython" not in w[2] and not w[2].startswith("cfunc"))
        funcs, ins, size = disassemble(obj)
        start = dict((name, off) for off, name in funcs)[symbol]
        data = tmp / "perf.data"
        print(f"playing {args.games:,} games of {a} vs {b} under perf ...", flush=True)
        out = subprocess.run(
            ["perf", "record", "-q", "-e", "cpu-clock", "-F", "10000", "-o", str(data),
             sys.executable, "-c", RUN.format(root=str(ROOT), a=a, b=b, games=args.games,
                                              symbol=symbol)],
            env=env, capture_output=True, text=True, check=True).stdout
        rate = re.search(r"RATE (\d+)", out).group(1)
        base = int(re.search(r"BASE ([0-9a-f]+)", out).group(1), 16) - start
        ips = subprocess.run(["perf", "script", "-i", str(data), "-F", "ip"],
                             capture_output=True, text=True, check=True).stdout.split()
    offsets = [int(x, 16) - base for x in ips]
    inside = collections.Counter(o for o in offsets if 0 <= o < size)
    total = sum(inside.values())
    print(f"\n{a} vs {b}: {int(rate):,} games/cpu-s under perf; {total:,} samples in the "
          f"engine, {len(offsets) - total:,} elsewhere (interpreter, imports, setup)\n")
    starts = [off for off, _ in funcs]
    by_func = collections.Counter()
    for o, n in inside.items():
        by_func[funcs[bisect.bisect_right(starts, o) - 1][1]] += n
    print("share  function")
    for name, n in by_func.most_common(15):
        print(f"{100 * n / total:5.1f}% {short(name)}")
    windows = []
    for i in range(0, len(ins), args.width):
        chunk = ins[i:i + args.width]
        windows.append((sum(inside.get(o, 0) for o, _ in chunk), i))
    for n, i in sorted(windows, reverse=True)[:args.windows]:
        fn = funcs[bisect.bisect_right(starts, ins[i][0]) - 1][1]
        print(f"\n---- {100 * n / total:.1f}% in {short(fn)} at +{ins[i][0]:x}")
        for off, text in ins[i:i + args.width]:
            print(f"  {100 * inside.get(off, 0) / total:5.2f}  {off:6x}  {text[:90]}")


if __name__ == "__main__":
    main()
