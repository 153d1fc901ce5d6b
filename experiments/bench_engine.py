"""Engine speed: games per CPU-second on one core, against the C yardstick.

    python experiments/bench_engine.py [--games N] [--reps K] [--checkout DIR] [--out FILE]

Plays the reference matchups (BMU mirror, Smithy-BM vs BMU, Militia-BM vs
BMU, and the basic Big Money mirror) in one process on one core, seats
alternating, and reports the median games per CPU-second over ``reps`` runs;
then a Throne Room / Library / Sentry bot (experiments/bots/) against BMU in a
kingdom with those cards, and an Adventures Duration / Reserve bot
(experiments/bots/duration-money.toml) against BMU in an Adventures kingdom, and two of
the library's Adventures bots (lost-arts-seaway, event-money) against BMU on boards with
their cards and Events (K1_KINGDOM, K2_KINGDOM), and the BMU mirror on the Adventures
board (what the Adventures turn costs when nothing of Adventures happens): these have no
C counterpart (and are skipped by an engine that does not know the cards).
In the same run it builds and runs ``../shared/bench/limit/limit.c`` (a
deliberately narrow C program playing the same matchups) and prints our
speed as a ratio of its speed, because these machines are shared and noisy:
only figures measured side by side compare.  Also reports the engine's
compile time cold (empty numba cache, in a subprocess) and cached.
Prints the results as JSON; ``--out FILE`` also writes them to FILE (the tracked
record is experiments/results/bench_engine.json: ``--out`` it only to update it).

``--checkout DIR`` benches the engine of another checkout (an older revision,
``git archive REV | tar -x -C DIR``; either engine layout, ``sim.engine.*`` or the
flat ``sim.*`` of before issue 9) with this script's matchups and C yardstick, so
before/after figures come from the same code, side by side.
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

HERE = Path(__file__).resolve().parents[1]     # this script's checkout (C yardstick, bots)
ROOT = HERE                                     # the checkout whose engine is benched

TLS_BOT = HERE / "experiments" / "bots" / "throne-library-sentry.toml"
TLS_KINGDOM = ("Throne Room,Library,Sentry,Cellar,Moat,Village,Smithy,Militia,Market,Mine")
ADV_BOT = HERE / "experiments" / "bots" / "duration-money.toml"
ADV_KINGDOM = ("Amulet,Dungeon,Haunted Woods,Port,Page,Ratcatcher,Royal Carriage,Lost City,"
               "Swamp Hag,Bridge Troll")
# Two boards for the library's Adventures bots (bots/data/adventures), with their Events.
K1_KINGDOM = ("Page,Peasant,Lost City,Royal Carriage,Coin of the Realm,Distant Lands,Relic,"
              "Bridge Troll,Smithy,Laboratory")
K1_EVENTS = "Lost Arts,Seaway"
K2_KINGDOM = ("Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,Magpie,"
              "Caravan Guard,Duplicate,Hireling")
K2_EVENTS = "Training,Pathfinding"
# An Intrigue board (issue 48): a Minion mirror, Torturer-BM and Masquerade-BM against BMU.
INTRIGUE_KINGDOM = ("Minion,Torturer,Masquerade,Courtyard,Shanty Town,Bridge,Conspirator,"
                    "Mill,Nobles,Harem")
MATCHUPS = [  # (ours A, ours B, limit.c key or None, kingdom or None for First Game[, Events])
    ("bmu", "bmu", "bmu", None),
    ("smithy-bm", "bmu", "smithy", None),
    ("militia-bm", "bmu", "militia", None),
    ("big-money", "big-money", "bm", None),
    (str(TLS_BOT), "bmu", None, TLS_KINGDOM),
    (str(ADV_BOT), "bmu", None, ADV_KINGDOM),     # Adventures (issue 10)
    # The BMU mirror on that board: nothing of Adventures happens in its games, so its
    # cost over the First Game BMU mirror is what the Adventures turn itself costs.
    ("bmu", "bmu", None, ADV_KINGDOM),
    ("lost-arts-seaway", "bmu", None, K1_KINGDOM, K1_EVENTS),   # the library's (issue 11)
    ("event-money", "bmu", None, K2_KINGDOM, K2_EVENTS),
    ("minion-bm", "minion-bm", None, INTRIGUE_KINGDOM),     # Intrigue (issue 48)
    ("torturer-bm", "bmu", None, INTRIGUE_KINGDOM),
    ("masquerade-bm", "bmu", None, INTRIGUE_KINGDOM),
]
LIMIT_DIR = HERE.parent / "shared" / "bench" / "limit"
# Import the engine of either layout: sim.engine.* (issue 9 on) or the flat sim.* before.
IMPORT_ENGINE = """
try:
    from sim.engine.batch import play_batch
    from sim.engine.config import GameConfig
    from sim.engine.rng import game_seeds
except ImportError:
    from sim.batch import play_batch
    from sim.config import GameConfig
    from sim.rng import game_seeds
"""


def engine(root: Path) -> dict:
    """play_batch, GameConfig and game_seeds of the checkout at ``root``."""
    sys.path.insert(0, str(root))
    names: dict = {}
    exec(IMPORT_ENGINE, names)
    return names


BOARDS = {None: "", TLS_KINGDOM: " [TLS board]", ADV_KINGDOM: " [Adventures board]",
          K1_KINGDOM: " [K1]", K2_KINGDOM: " [K2]", INTRIGUE_KINGDOM: " [Intrigue board]"}


def label(a: str) -> str:
    return Path(a).stem if a.endswith(".toml") else a


def ours(a: str, b: str, games: int, reps: int, kingdom: str | None = None,
         events: str | None = None) -> float | None:
    """Median games per CPU-second; None when this engine lacks the kingdom's cards, its
    Events or the bots."""
    eng = engine(ROOT)
    import bots  # the benched checkout's, now first on sys.path

    play_batch, game_seeds = eng["play_batch"], eng["game_seeds"]
    try:
        config = (eng["GameConfig"](kingdom=kingdom, events=events) if events
                  else eng["GameConfig"](kingdom=kingdom))
        bot_a, bot_b = bots.resolve_bot(a), bots.resolve_bot(b)
    except Exception as exc:  # an older engine without the cards
        print(f"{label(a)} vs {b}: skipped ({exc.__class__.__name__}: {str(exc)[:60]})")
        return None
    seeds = game_seeds(1, 0, games)
    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    first = np.zeros(games, np.int8)
    play_batch(config, [bot_a, bot_b], seats[:100], seeds[:100], first[:100])  # warm
    rates = []
    for _ in range(reps):
        t = time.process_time()
        play_batch(config, [bot_a, bot_b], seats, seeds, first)
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
    code = ("import time,numpy as np\nt=time.time()\n" + IMPORT_ENGINE + "import bots\n"
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
    ap.add_argument("--checkout", type=Path, default=None,
                    help="bench the engine of this checkout (default: this script's)")
    ap.add_argument("--out", type=Path, default=None, metavar="FILE",
                    help="also write the results to FILE (JSON); the tracked record is "
                         "experiments/results/bench_engine.json. Default: print only, so a "
                         "run never rewrites a tracked file unasked")
    args = ap.parse_args()
    if args.out is not None and not args.out.parent.is_dir():
        sys.exit(f"bench_engine: --out {args.out}: folder {args.out.parent} does not exist")
    global ROOT
    if args.checkout is not None:
        ROOT = args.checkout.resolve()
        if not (ROOT / "sim").is_dir() or not (ROOT / "bots").is_dir():
            sys.exit(f"bench_engine: --checkout {args.checkout}: not a domsim checkout "
                     "(no sim/ and bots/ there)")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_limit(Path(tmp))
        for a, b, key, kingdom, *events in MATCHUPS:
            mine = ours(a, b, args.games, args.reps, kingdom, *events)
            if mine is None:
                continue
            c = limit(key, args.games, args.reps, exe) if exe and key else None
            rows.append({"matchup": f"{label(a)} vs {b}", "kingdom": kingdom or "first-game",
                         **({"events": events[0]} if events else {}),
                         "domsim_games_per_cpu_s": round(mine),
                         "limit_c_games_per_cpu_s": c,
                         "ratio": round(mine / c, 4) if c else None})
            ratio = f"{mine / c:.3f}x" if c else "n/a"
            c_text = f"{c:>10,.0f}/cpu-s" if c else f"{'n/a':>16}"
            print(f"{label(a):>11} vs {b:<10} domsim {mine:>10,.0f}/cpu-s   C {c_text}"
                  f"   ratio {ratio}{BOARDS.get(kingdom, '')}", flush=True)
    result = {"games": args.games, "reps": args.reps, "rows": rows}
    if args.checkout is None and not args.no_compile_times:
        result["compile_seconds"] = compile_times()
        print("compile (first game in a fresh process):", result["compile_seconds"])
    print(json.dumps(result, indent=2))
    if args.out is not None:
        args.out.write_text(json.dumps(result, indent=2))
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
