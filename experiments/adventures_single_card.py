"""The single-card Adventures bots (``bots/data/adventures/<card>-bm.toml``) against bmu.

Each bot plays ``bmu`` on its ``--kingdom auto`` board (its card, filled up from First
Game; no Events), seats rotating, a fixed seed.  A control row plays the bots' shared
skeleton with no card (Big Money Ultimate's greening with Provinces from $15 of money,
``bots.library._bm``) so each card's own effect reads as the distance from that row.

    python experiments/adventures_single_card.py                  # 20,000 games per bot
    python experiments/adventures_single_card.py --games 2000     # a quick look
    python experiments/adventures_single_card.py --only amulet-bm relic-bm

Writes ``experiments/results/adventures_bots/single_card_vs_bmu.csv`` (or ``--out``) and
prints a Markdown table.  A bot "beats bmu" when the lower end of its 95% interval is
above 50% (shared wins count half).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pandas as pd

from bots.library import _bm
from bots.toml_bot import load_bot_file
from sim.runner import Match

HERE = Path(__file__).resolve().parent
BOT_DIR = HERE.parent / "bots" / "data" / "adventures"
OUT = HERE / "results" / "adventures_bots" / "single_card_vs_bmu.csv"
CONTROL = "bm-skeleton"


def single_card_files() -> list[Path]:
    """The single-card bots: every ``*-bm.toml`` of the Adventures folder, by name."""
    return sorted(BOT_DIR.glob("*-bm.toml"))


def measure(bot, games: int, seed: int, processes: int) -> dict:
    """One bot against bmu: counts, win rate (shared wins half) and its 95% interval."""
    res = Match(bot, "bmu", games=games, seed=seed, kingdom="auto",
                processes=processes).play(progress=False)
    row = res.summary().loc[bot.name]
    return {"bot": bot.name, "games": int(row.games), "wins": int(row.wins),
            "ties": int(row.shared_wins), "losses": int(row.losses),
            "win_rate": round(float(row.win_rate), 4), "ci_low": round(float(row.ci_low), 4),
            "ci_high": round(float(row.ci_high), 4),
            "avg_turns": round(float(row.avg_turns), 2),
            "beats_bmu": bool(row.ci_low > 0.5)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000, help="games per bot")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--only", nargs="*", help="bot names to run (default: all)")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    t0 = time.time()
    bots = [load_bot_file(f) for f in single_card_files()]
    if args.only:
        unknown = set(args.only) - {b.name for b in bots}
        if unknown:
            ap.error(f"no single-card bot named {', '.join(sorted(unknown))}")
        bots = [b for b in bots if b.name in args.only]
    else:
        bots.insert(0, _bm(CONTROL, "The single-card bots' skeleton with no card.", []))
    rows = []
    for bot in bots:
        rows.append(measure(bot, args.games, args.seed, args.processes))
        r = rows[-1]
        print(f"{r['bot']:24s} {100 * r['win_rate']:5.1f}% ({100 * r['ci_low']:.1f}-"
              f"{100 * r['ci_high']:.1f})  W {r['wins']}  T {r['ties']}  L {r['losses']}",
              flush=True)
    df = pd.DataFrame(rows)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    df.to_csv(args.out, index=False)
    print()
    print(f"{args.games:,} games per bot against bmu, seats rotating, seed {args.seed}, "
          "`--kingdom auto`, no Events.\n")
    print("| bot | win rate (95% CI) | wins | ties | losses | avg turns |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['bot']} | {100 * r['win_rate']:.1f}% ({100 * r['ci_low']:.1f}-"
              f"{100 * r['ci_high']:.1f}) | {r['wins']} | {r['ties']} | {r['losses']} | "
              f"{r['avg_turns']} |")
    print(f"\n({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
