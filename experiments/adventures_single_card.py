"""The Adventures bots (``bots/data/adventures``) against bmu: single-card and strategies.

Each single-card bot (``<card>-bm.toml``) plays ``bmu`` on its ``--kingdom auto`` board
(its card, filled up from First Game; no Events), seats rotating, a fixed seed.  A
control row plays the bots' shared skeleton with no card (Big Money Ultimate's greening
with Provinces from $15 of money, ``bots.library._bm``) so each card's own effect reads as
the distance from that row.

    python experiments/adventures_single_card.py                  # 20,000 games per bot
    python experiments/adventures_single_card.py --games 2000     # a quick look
    python experiments/adventures_single_card.py --only amulet-bm relic-bm

Then each strategy bot (the other files) plays ``bmu`` on the round robin's kingdom it is
written for (K1 or K2 with its two Events, ``--strategy-games`` games; skipped with
``--only``).  Writes ``experiments/results/adventures_bots/single_card_vs_bmu.csv`` (or
``--out``) and ``strategies_vs_bmu.csv`` beside it, and prints Markdown tables.  A bot
"beats bmu" when the lower end of its 95% interval is above 50% (shared wins count half).
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

# The two fixed kingdoms of the Adventures round robin, with their Events.
K1 = (["Page", "Peasant", "Lost City", "Royal Carriage", "Coin of the Realm", "Distant Lands",
       "Relic", "Bridge Troll", "Smithy", "Laboratory"], ["Lost Arts", "Seaway"])
K2 = (["Swamp Hag", "Haunted Woods", "Amulet", "Dungeon", "Ratcatcher", "Messenger", "Magpie",
       "Caravan Guard", "Duplicate", "Hireling"], ["Training", "Pathfinding"])
STRATEGY_BOARD = {"lost-arts-seaway": "K1", "page-champion": "K1", "peasant-teacher": "K1",
                  "royal-carriage-engine": "K1", "cotr-engine": "K1", "event-money": "K2"}


def single_card_files() -> list[Path]:
    """The single-card bots: every ``*-bm.toml`` of the Adventures folder, by name."""
    return sorted(BOT_DIR.glob("*-bm.toml"))


def measure(bot, games: int, seed: int, processes: int, kingdom="auto", events=None) -> dict:
    """One bot against bmu: counts, win rate (shared wins half) and its 95% interval."""
    res = Match(bot, "bmu", games=games, seed=seed, kingdom=kingdom, events=events,
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
    ap.add_argument("--strategy-games", type=int, default=10_000,
                    help="games per strategy bot")
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
    rows = [_show(measure(bot, args.games, args.seed, args.processes)) for bot in bots]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).to_csv(args.out, index=False)
    strategies = []
    if not args.only:
        for name, board in STRATEGY_BOARD.items():
            bot = load_bot_file(BOT_DIR / f"{name}.toml")
            kingdom, events = K1 if board == "K1" else K2
            r = measure(bot, args.strategy_games, args.seed, args.processes, kingdom, events)
            strategies.append(_show({"board": board, **r}))
        pd.DataFrame(strategies).to_csv(Path(args.out).with_name("strategies_vs_bmu.csv"),
                                        index=False)
    print(f"\n{args.games:,} games per bot against bmu, seats rotating, seed {args.seed}, "
          "`--kingdom auto`, no Events.\n")
    _table(rows)
    if strategies:
        print(f"\nStrategy bots, {args.strategy_games:,} games each against bmu on their "
              "round-robin kingdom (K1 or K2, with its Events).\n")
        _table(strategies)
    print(f"\n({time.time() - t0:.0f} s)")
    return 0


def _show(r: dict) -> dict:
    print(f"{r['bot']:24s} {100 * r['win_rate']:5.1f}% ({100 * r['ci_low']:.1f}-"
          f"{100 * r['ci_high']:.1f})  W {r['wins']}  T {r['ties']}  L {r['losses']}",
          flush=True)
    return r


def _table(rows: list[dict]) -> None:
    print("| bot | win rate (95% CI) | wins | ties | losses | avg turns |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['bot']} | {100 * r['win_rate']:.1f}% ({100 * r['ci_low']:.1f}-"
              f"{100 * r['ci_high']:.1f}) | {r['wins']} | {r['ties']} | {r['losses']} | "
              f"{r['avg_turns']} |")


if __name__ == "__main__":
    raise SystemExit(main())
