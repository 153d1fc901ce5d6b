"""What the bench's games do: turns, cards drawn, played and shuffled, and the rest, a game.

    python experiments/game_work.py [--games N] [--cycles FILE] [MATCHUP ...]

Games per CPU-second compares engines on the same games.  To compare two matchups, it
also matters how much each game asks of any engine: a game with more turns, draws,
plays and shuffles costs more whatever plays it.  This script replays the first N games
(3,000 by default) of each matchup of ``bench_engine.py`` and ``count_instructions.py``
(the same bots, kingdoms, Events, seeds and seats) with the engine's event log on, and
counts per game what the log records: turns, cards drawn, cards played (Treasures
included), cards shuffled into new draw piles, gains, discards, trashes, cards put onto
a deck, set aside or on the Tavern mat ("aside"), Duration effects, Reserve calls,
Events bought and token moves.  Each logged game is checked against the same game played
in one batch without the log (scores, turns, the game's row), so these are the benched
games.

With ``--cycles FILE`` (the JSON that ``count_instructions.py`` prints last) it also
prints estimated cycles per turn and per card drawn or played, so the cost of a unit of
the games' work can be compared across matchups.

MATCHUP names are count_instructions.py's (default: all).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "experiments"))
from count_instructions import MATCHUPS, NAMES  # noqa: E402  (bench_engine.py's matchups)

from sim.engine import codes  # noqa: E402

# Columns printed: (heading, event kinds counted as rows; sums of the count column
# where the row stands for several cards).
ROWS = [("turns", (codes.EV_TURN,)), ("drawn", (codes.EV_DRAW,)),
        ("played", (codes.EV_PLAY,)), ("gained", (codes.EV_GAIN,)),
        ("discarded", (codes.EV_DISCARD,)), ("trashed", (codes.EV_TRASH,)),
        ("aside", (codes.EV_TOPDECK, codes.EV_SET_ASIDE, codes.EV_TO_MAT)),
        ("durations", (codes.EV_DURATION,)), ("calls", (codes.EV_CALL,)),
        ("events", (codes.EV_EVENT,)), ("tokens", (codes.EV_TOKEN,))]
SUMMED = {"shuffled": codes.EV_SHUFFLE}     # count column: cards in the new draw pile
COUNT_COL = 4                               # (event, turn, player, card, count, extra)


def work(name: str, games: int) -> dict[str, float]:
    """Per-game means of what the first ``games`` games of matchup ``name`` do."""
    import bots
    from sim.engine.batch import play_batch
    from sim.engine.config import GameConfig
    from sim.engine.rng import game_seeds

    a, b, _key, kingdom, *events = MATCHUPS[name]
    config = (GameConfig(kingdom=kingdom, events=events[0]) if events
              else GameConfig(kingdom=kingdom))
    pair = [bots.resolve_bot(a), bots.resolve_bot(b)]
    seeds = game_seeds(1, 0, games)
    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    first = np.zeros(games, np.int8)
    plain = play_batch(config, pair, seats, seeds, first)     # as benched: no log
    rows: Counter = Counter()
    sums: Counter = Counter()
    for g in range(games):          # the log holds one game
        res = play_batch(config, pair, seats[g:g + 1], seeds[g:g + 1], first[g:g + 1],
                         log=True)
        if res.log_truncated:
            sys.exit(f"game_work: game {g} of {name}: the event log was cut short")
        if not (np.array_equal(res.game[0], plain.game[g])
                and np.array_equal(res.turns[0], plain.turns[g])
                and np.array_equal(res.score[0], plain.score[g])):
            sys.exit(f"game_work: game {g} of {name} differs with the log on")
        kinds = res.log[:, 0]
        rows.update(dict(zip(*np.unique(kinds, return_counts=True), strict=True)))
        for label, kind in SUMMED.items():
            sums[label] += int(res.log[kinds == kind, COUNT_COL].sum())
    out = {label: sum(int(rows[k]) for k in kinds) / games for label, kinds in ROWS}
    out.update({label: sums[label] / games for label in SUMMED})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("matchups", nargs="*", metavar="MATCHUP",
                    help=f"some of: {', '.join(NAMES)} (default: all)")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--cycles", type=Path, default=None,
                    help="count_instructions.py's output (its JSON at the end): add "
                         "estimated cycles per turn and per card drawn or played")
    args = ap.parse_args()
    unknown = [m for m in args.matchups if m not in MATCHUPS]
    if unknown:
        ap.error(f"unknown matchup {unknown[0]!r}; choose from {', '.join(NAMES)}")
    if args.games < 1:
        ap.error(f"--games must be at least 1, not {args.games}")
    cycles = {}
    if args.cycles is not None:
        try:
            text = args.cycles.read_text()
            rows = json.loads(text[text.index("{"):])["rows"]     # the JSON after the table
            cycles = {r["matchup"]: r["est_cycles_per_game"] for r in rows}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            ap.error(f"--cycles {args.cycles}: not count_instructions.py's JSON ({exc})")
    heads = [h for h, _ in ROWS] + list(SUMMED)
    print(f"{'matchup':<15}" + "".join(f"{h:>10}" for h in heads)
          + ("   cycles/turn  cycles/(drawn+played)" if cycles else ""))
    for name in args.matchups or NAMES:
        w = work(name, args.games)
        line = f"{name:<15}" + "".join(f"{w[h]:>10.1f}" for h in heads)
        if name in cycles:
            line += (f"   {cycles[name] / w['turns']:>11,.0f}"
                     f"  {cycles[name] / (w['drawn'] + w['played']):>21,.0f}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
