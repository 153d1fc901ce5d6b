"""The Intrigue bots (``bots/data/intrigue``): each against bmu, and round robins on the
Intrigue rulebook's kingdoms.

1. Single-card bots (``<card>-bm.toml``) and the strategies, each against ``bmu`` on its
   ``--kingdom auto`` board (its cards filled up from First Game), seats rotating, a
   fixed seed; a control row plays the bots' shared skeleton with no card
   (``bots.library._bm``), so each card's own effect reads as the distance from it.
2. A round robin on each of the Intrigue (2nd edition) rulebook's three Intrigue-only
   kingdoms (Victory Dance, The Plot Thickens, Best Wishes): every registered bot that can
   play the board (bots.requirements.playable_bots: the Intrigue bots of its cards, bmu,
   big-money and the other library bots needing no other card), each pairing
   ``--rr-games`` games; the win-rate table and a pairwise heatmap per board.

    python experiments/intrigue_bots.py                      # 10,000 / 2,000 games
    python experiments/intrigue_bots.py --games 1000 --rr-games 200   # a quick look

Writes ``experiments/results/intrigue_bots/`` (``single_card_vs_bmu.csv``,
``round_robin_<board>.csv`` summary, ``_matrix.csv`` pairwise win rates, ``.png`` heatmap)
and prints Markdown tables.  A bot "beats bmu" when the lower end of its 95% interval is
above 50% (shared wins count half).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pandas as pd

from bots.library import _bm
from bots.requirements import playable_bots
from bots.toml_bot import load_bot_file
from sim.analysis import plot
from sim.cards import NAMED_KINGDOMS
from sim.runner import Match, Tournament

HERE = Path(__file__).resolve().parent
BOT_DIR = HERE.parent / "bots" / "data" / "intrigue"
OUT = HERE / "results" / "intrigue_bots"
CONTROL = "bm-skeleton"
BOARDS = ("victory-dance", "the-plot-thickens", "best-wishes")


def bot_files() -> list[Path]:
    """Every Intrigue bot: the single-card bots (``*-bm``) then the strategies, by name."""
    files = sorted(BOT_DIR.glob("*.toml"))
    return [f for f in files if f.stem.endswith("-bm")] + \
        [f for f in files if not f.stem.endswith("-bm")]


def against_bmu(bot, games: int, seed: int, processes: int) -> dict:
    """One bot against bmu on its auto board: counts, win rate, 95% interval."""
    res = Match(bot, "bmu", games=games, seed=seed, kingdom="auto",
                processes=processes).play(progress=False)
    row = res.summary().loc[bot.name]
    return {"bot": bot.name, "games": int(row.games), "wins": int(row.wins),
            "ties": int(row.shared_wins), "losses": int(row.losses),
            "win_rate": round(float(row.win_rate), 4), "ci_low": round(float(row.ci_low), 4),
            "ci_high": round(float(row.ci_high), 4),
            "avg_turns": round(float(row.avg_turns), 2),
            "beats_bmu": bool(row.ci_low > 0.5)}


def round_robin(board: str, games: int, seed: int, processes: int) -> pd.DataFrame:
    """Every bot that can play ``board`` against each other: the summary, best first;
    the results and a pairwise heatmap saved beside."""
    name, cards, _ = NAMED_KINGDOMS[board]
    bots = playable_bots(cards, ())
    res = Tournament(bots, games=games, seed=seed, kingdom=board,
                     processes=processes).play(progress=False)
    res.matrix().to_csv(OUT / f"round_robin_{board}_matrix.csv")
    fig = plot.pairwise_heatmap(res.games, res.metadata())
    fig.savefig(OUT / f"round_robin_{board}.png", dpi=110, bbox_inches="tight")
    summary = res.summary().sort_values("win_rate", ascending=False)
    summary.to_csv(OUT / f"round_robin_{board}.csv")
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per bot against bmu")
    ap.add_argument("--rr-games", type=int, default=2_000, help="games per round-robin pairing")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--only", nargs="*", help="bot names to run against bmu (no round robin)")
    args = ap.parse_args(argv)
    t0 = time.time()
    OUT.mkdir(parents=True, exist_ok=True)
    bots = [load_bot_file(f) for f in bot_files()]
    if args.only:
        unknown = set(args.only) - {b.name for b in bots}
        if unknown:
            ap.error(f"no Intrigue bot named {', '.join(sorted(unknown))}")
        bots = [b for b in bots if b.name in args.only]
    else:
        bots.insert(0, _bm(CONTROL, "The single-card bots' skeleton with no card.", []))
    rows = []
    for bot in bots:
        r = against_bmu(bot, args.games, args.seed, args.processes)
        print(f"{r['bot']:22s} {100 * r['win_rate']:5.1f}% ({100 * r['ci_low']:.1f}-"
              f"{100 * r['ci_high']:.1f})", flush=True)
        rows.append(r)
    if not args.only:
        pd.DataFrame(rows).to_csv(OUT / "single_card_vs_bmu.csv", index=False)
    print(f"\n{args.games:,} games per bot against bmu, seats rotating, seed {args.seed}, "
          "`--kingdom auto`.\n")
    print("| bot | win rate (95% CI) | wins | ties | losses | avg turns |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['bot']} | {100 * r['win_rate']:.1f}% ({100 * r['ci_low']:.1f}-"
              f"{100 * r['ci_high']:.1f}) | {r['wins']} | {r['ties']} | {r['losses']} | "
              f"{r['avg_turns']} |")
    if not args.only:
        for board in BOARDS:
            summary = round_robin(board, args.rr_games, args.seed, args.processes)
            print(f"\nRound robin on {NAMED_KINGDOMS[board][0]} ({args.rr_games:,} games a "
                  f"pairing):\n")
            print("| bot | win rate (95% CI) | games |")
            print("|---|---|---|")
            for bot, row in summary.iterrows():
                print(f"| {bot} | {100 * row.win_rate:.1f}% ({100 * row.ci_low:.1f}-"
                      f"{100 * row.ci_high:.1f}) | {int(row.games):,} |")
    print(f"\n({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
