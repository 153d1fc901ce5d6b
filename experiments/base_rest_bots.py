"""The single-card reference bots of the rest of the base set, measured.

Each of ``bots.library.BASE_REST_BOTS`` (harbinger-bm ... artisan-bm) plays plain
``big-money`` and ``bmu`` on its ``--kingdom auto`` board, seats rotating, fixed seeds;
then the default play order's choice to play the deck-top setters (Sentry, Harbinger)
before the draws is checked against the opposite order.  The figures back the claims of
``tests/test_bots_base_rest.py`` and of ``bots.rules.default_play_order``.

    python experiments/base_rest_bots.py                 # 10,000 games per pairing
    python experiments/base_rest_bots.py --games 2000    # a quick look

Writes ``experiments/results/base_rest_bots.md`` (or ``--out``) and prints it.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bots.library import BASE_REST_BOTS, _bm
from bots.rules import Buy, count
from sim.runner import Match

OUT = Path(__file__).parent / "results" / "base_rest_bots.md"


def win_rate(a, b, games: int, seed: int) -> tuple[float, float, float]:
    """``a``'s win rate against ``b`` and its 95% interval."""
    res = Match(a, b, games=games, seed=seed, kingdom="auto").play(progress=False)
    row = res.summary().loc[a if isinstance(a, str) else a.name]
    return float(row.win_rate), float(row.ci_low), float(row.ci_high)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per pairing")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    t0 = time.time()
    lines = ["# Single-card reference bots of the rest of the base set", "",
             f"{args.games:,} games per pairing, 2 players, seats rotating, seed {args.seed}, "
             "`--kingdom auto`. Win rate (shared wins split) and its 95% interval.", "",
             "| bot | vs big-money | vs bmu |", "|---|---|---|"]
    for bot in BASE_REST_BOTS:
        cells = []
        for opp in ("big-money", "bmu"):
            w, lo, hi = win_rate(bot.name, opp, args.games, args.seed)
            cells.append(f"{100 * w:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})")
        lines.append(f"| {bot.name} | {cells[0]} | {cells[1]} |")
    cards = [Buy("Laboratory", count("Laboratory") < 3), Buy("Sentry", count("Sentry") < 2),
             Buy("Harbinger", count("Harbinger") < 2)]
    setup_first = _bm("setup-first", "Sentry, Harbinger, then Laboratory", cards,
                      play=["Sentry", "Harbinger", "Laboratory"])
    draw_first = _bm("draw-first", "Laboratory, then Sentry, Harbinger", cards,
                     play=["Laboratory", "Sentry", "Harbinger"])
    w, lo, hi = win_rate(setup_first, draw_first, 2 * args.games, 1)
    lines += ["", "## Play order: deck-top setters before the draws", "",
              "Big Money with up to 3 Laboratories, 2 Sentries and 2 Harbingers, the same bot "
              "but for its play order, "
              f"{2 * args.games:,} games, seed 1: Sentry and Harbinger first won "
              f"{100 * w:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) against Laboratory first.",
              "", f"({time.time() - t0:.0f} s)"]
    text = "\n".join(lines) + "\n"
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
