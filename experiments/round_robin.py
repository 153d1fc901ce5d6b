"""The reference bots' round robin, 2, 3 and 4 players: results, summaries, charts.

One command per study, everything it makes under ``experiments/results/``::

    python experiments/round_robin.py              # 2, 3, 4 players, 1M games per table
    python experiments/round_robin.py --players 2 --games-per-pairing 1000000
    python experiments/round_robin.py --players 2 3 --games-per-pairing 2000   # a quick check

For each player count ``n`` it writes ``round_robin_{n}p/``: ``games.parquet``
(every game, with the run's metadata), ``summary.csv`` (per bot),
``tables.csv`` (per table and bot), ``matrix.csv`` (2 players: row bot's win
rate against the column bot), ``per_turn.csv`` and the charts of
:mod:`sim.analysis.plot` (PNG and SVG), plus ``command.txt`` with the exact command.
The seed is fixed (``--seed``), so a rerun gives the same numbers on any machine
and any number of processes.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # runnable as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

REFERENCE_BOTS = ("big-money", "bmu", "smithy-bm", "militia-bm", "double-militia")
DEFAULT_OUT = ROOT / "experiments" / "results"


def run_one(players: int, games: int, *, seed: int, processes: int | None, out_root: Path,
            per_turn_games: int, formats: Sequence[str], progress: bool | None,
            command: str) -> Path:
    """Play the ``players``-player round robin and write its files; returns its folder."""
    from sim.analysis import plot
    from sim.analysis.turnstats import per_turn_stats
    from sim.runner import Tournament

    out = out_root / f"round_robin_{players}p"
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    tour = Tournament(list(REFERENCE_BOTS), players=players, games=games, seed=seed,
                      processes=processes)
    results = tour.play(progress=progress, out=out / "games.parquet")
    elapsed = time.perf_counter() - t0
    results.summary().to_csv(out / "summary.csv")
    results.tables().to_csv(out / "tables.csv", index=False)
    if players == 2:
        results.matrix().to_csv(out / "matrix.csv")
    stats = None
    if per_turn_games:
        stats = per_turn_stats(list(REFERENCE_BOTS), games=per_turn_games, players=players,
                               seed=seed)
        stats.to_csv(out / "per_turn.csv", index=False)
    meta = results.metadata()
    paths = plot.plot_all(results.games, meta, out, formats, stats)
    (out / "command.txt").write_text(
        f"{command}\n# {results.n_games:,} games in {elapsed:.0f} s; seed {seed}; "
        f"domsim {meta['version']}\n")
    print(f"{players} players: {results.n_games:,} games in {elapsed:.1f} s -> {out}")
    print(results.summary()[["games", "win_rate", "ci_low", "ci_high"]]
          .to_string(float_format=lambda x: f"{x:.4f}"))
    for p in paths:
        print(f"  {p.relative_to(out_root) if p.is_relative_to(out_root) else p}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Round robin of the reference bots.")
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=(2, 3, 4),
                   help="player counts to run (default: 2 3 4)")
    p.add_argument("--games-per-pairing", type=int, default=1_000_000, metavar="N",
                   help="games per table (pairing for 2 players), rounded up to whole seat "
                        "rotations (default 1000000)")
    p.add_argument("--seed", type=int, default=2024, help="master seed (default 2024)")
    p.add_argument("--processes", type=int, default=None, help="worker processes "
                   "(default: all cores)")
    p.add_argument("--per-turn-games", type=int, default=100_000, metavar="N",
                   help="games for the $ and score per turn curves (0: none; default 100000)")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT,
                   help="folder for round_robin_{n}p/ (default experiments/results)")
    p.add_argument("--format", nargs="+", default=["png", "svg"], choices=("png", "svg", "pdf"))
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None)
    args = p.parse_args(argv)
    if args.games_per_pairing < 1:
        p.error("--games-per-pairing must be at least 1")
    command = "python experiments/round_robin.py " + shlex.join(
        list(sys.argv[1:] if argv is None else argv))
    for n in args.players:
        run_one(n, args.games_per_pairing, seed=args.seed, processes=args.processes,
                out_root=args.out, per_turn_games=args.per_turn_games, formats=args.format,
                progress=args.progress, command=command.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
