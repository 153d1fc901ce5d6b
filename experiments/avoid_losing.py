"""The two ways to end a game, measured: ``avoid_losing_end`` against ``end_only_when_winning``.

``avoid_losing_end`` (the established simulators' "avoid losing", the reference bots'
setting) refuses a buy or gain that ends the game only when an opponent would then
beat the bot under the tie-break: more VP, or equal VP in fewer turns.  A tie with
equal turns is a shared win, and it is taken.  ``end_only_when_winning`` (the old
rule) also refuses those ties.  This plays the reference bots' mirrors and main
pairings under each rule, 2 to 4 players, with rotating and with random seats::

    python experiments/avoid_losing.py                     # 100k games per case
    python experiments/avoid_losing.py --games 2000 --players 2   # a quick check

and prints one Markdown table per player count (also written to ``--out``, default
``experiments/results/avoid_losing.md``).  Per case: each bot's win rate (sole wins
plus 1/k of each k-way shared win, over its seats), the games with a shared win, the
first player's win rate, capped games and the mean length (total turns, and rounds =
the first player's turns).  A pairing ``A / B`` seats the bots alternately
(``A B``, ``A B A``, ``A B A B``); with ``--seats rotate`` every deal is played once per
seat rotation, with ``random`` each game draws its seating.  Seat 0 moves first.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

REFERENCE_BOTS = ("big-money", "bmu", "smithy-bm", "militia-bm", "double-militia")
PAIRINGS = (("bmu", "smithy-bm"), ("bmu", "militia-bm"), ("smithy-bm", "militia-bm"))
RULES = ("avoid_losing_end", "end_only_when_winning")
DEFAULT_OUT = ROOT / "experiments" / "results" / "avoid_losing.md"


def strict_variant(name: str):
    """The reference bot ``name`` with ``end_only_when_winning`` instead of
    ``avoid_losing_end`` (same file otherwise), named ``name-strict``."""
    from bots.toml_bot import loads_bot

    path = ROOT / "bots" / "data" / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    if "avoid_losing_end = true" not in text:
        raise SystemExit(f"{path}: expected 'avoid_losing_end = true'")
    text = text.replace("avoid_losing_end = true", "end_only_when_winning = true")
    text = text.replace(f'name = "{name}"', f'name = "{name}-strict"')
    return loads_bot(text, str(path))


def seating(a: str, b: str, n: int) -> list[str]:
    """``A B A B`` cut to ``n`` seats; a mirror when ``a == b``."""
    return [a if s % 2 == 0 else b for s in range(n)]


def measure(res, n: int) -> dict:
    """Per-case figures from a run's games frame (see the module docstring)."""
    g = res.games
    winners = g["winners"].to_numpy().astype(np.int64)
    k = np.maximum(g["n_winners"].to_numpy().astype(np.int64), 1)
    first = g["first"].to_numpy().astype(np.int64)
    credit_by_seat = np.stack([((winners >> s) & 1) / k for s in range(n)], axis=1)
    win = {}
    for name in res.config.names:
        seated = np.stack([(g[f"bot_{s}"] == name).to_numpy() for s in range(n)], axis=1)
        if seated.any():
            win[name] = float((credit_by_seat * seated).sum() / seated.sum())
    rounds = g[[f"turns_{s}" for s in range(n)]].to_numpy().max(axis=1)
    return {
        "games": len(g),
        "win": win,
        "shared": float(g["shared"].mean()),
        "first_win": float(credit_by_seat[np.arange(len(g)), first].mean()),
        "capped": float((g["end"] == "turn cap").mean()),
        "length": float(g["length"].mean()),
        "rounds": float(rounds.mean()),
    }


def pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=100_000, help="games per case (default 100000)")
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=(2, 3, 4))
    p.add_argument("--seats", nargs="+", default=["rotate", "random"],
                   choices=("rotate", "random"))
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--processes", type=int, default=None)
    p.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = p.parse_args(argv)
    command = "python experiments/avoid_losing.py " + shlex.join(
        list(sys.argv[1:] if argv is None else argv))

    from sim.runner import Match

    strict = {b: strict_variant(b) for b in REFERENCE_BOTS}
    cases = [(b, b) for b in REFERENCE_BOTS] + list(PAIRINGS)
    t0 = time.perf_counter()
    total = 0
    lines = ["# `avoid_losing_end` against `end_only_when_winning`", "",
             f"Command: `{command.strip()}`", "",
             "First Game kingdom, turn cap 100, seat 0 moves first. Win % = sole wins + "
             "1/k of each k-way shared win, per seat the bot holds; shared = games won by "
             "more than one player; first win % = the first player's win rate; length = "
             "total turns; rounds = the first player's turns. A pairing `A / B` seats the bots "
             "alternately (A B, A B A, A B A B); its win % column is A's / B's. "
             "`*-strict` bots are the reference files with `end_only_when_winning`.", ""]
    for n in args.players:
        lines += [f"## {n} players", "",
                  "| table | seats | rule | games | win % | shared | first win % | capped "
                  "| length | rounds |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for a, b in cases:
            for seats in args.seats:
                for rule in RULES:
                    bots = seating(a, b, n)
                    if rule == "end_only_when_winning":
                        bots = [strict[x] for x in bots]
                    res = Match(*bots, games=args.games, seed=args.seed, seats=seats,
                                processes=args.processes).play(progress=False)
                    m = measure(res, n)
                    total += m["games"]
                    label = a if a == b else f"{a} / {b}"
                    wins = " / ".join(pct(m["win"][x if rule == "avoid_losing_end"
                                                   else f"{x}-strict"])
                                      for x in ((a,) if a == b else (a, b)))
                    row = (f"| {label} | {seats} | {rule} | {m['games']:,} | {wins} | "
                           f"{pct(m['shared'])} | {pct(m['first_win'])} | {pct(m['capped'])} "
                           f"| {m['length']:.2f} | {m['rounds']:.2f} |")
                    lines.append(row)
                    print(f"{n}p {row}", flush=True)
        lines.append("")
    elapsed = time.perf_counter() - t0
    lines.append(f"# {total:,} games in {elapsed:.0f} s")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n")
    print(f"{total:,} games in {elapsed:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
