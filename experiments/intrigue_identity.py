"""Digests of First Game and Intrigue games, to prove an engine change plays them bit for bit
the same (the Adventures games: experiments/adventures_identity.py, whose digest this reuses).

    python experiments/intrigue_identity.py [--games N] [--logged K]

Prints one SHA-256 digest (16 hex digits) per set of seeded games: every result array
(scores, turns, the game columns, the per-turn $ and VP records) and the full event logs
of the first ``logged`` games of each set; each set is also played without per-turn
records (the engine's other path) and must give the same results.  The sets:

* the First Game kingdom: bmu, big-money, smithy-bm and militia-bm at random seats, 2, 3
  and 4 players (the base engine's own turn);
* the Intrigue rulebook's recommended kingdoms that hold every Intrigue card between them
  (Victory Dance, The Plot Thickens, Best Wishes, Underlings, Grand Scheme), each played
  by bmu, big-money, the random bot and every Intrigue library bot that can play it,
  mixed at random, 2, 3 and 4 players;
* the random bot on kingdoms drawn from ``random:intrigue`` and ``random:all``.

Run it on the untouched code, keep the output, run it again after the change and
compare.  A change to a library bot changes the games it plays: compare engines with
the same bots.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, os.getcwd())  # the checkout it is run from, not this file's
sys.path.insert(1, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from adventures_identity import digest_set  # noqa: E402

import bots  # noqa: E402
from bots.requirements import playable_bots  # noqa: E402
from sim.cards import NAMED_KINGDOMS  # noqa: E402
from sim.engine.config import GameConfig, random_kingdom, random_pool  # noqa: E402
from sim.engine.rng import game_seeds  # noqa: E402

FIRST_GAME = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
              "Village", "Workshop"]
# Rulebook kingdoms that between them hold all 26 Intrigue cards.
KINGDOMS = ("victory-dance", "the-plot-thickens", "best-wishes", "underlings", "grand-scheme")
INTRIGUE_BOTS = Path(bots.__file__).resolve().parent / "data" / "intrigue"
COMMON = ("bmu", "big-money")


def _mixed(config: GameConfig, mix: list, seed: int, games: int, logged: int) -> str:
    rng = np.random.default_rng(seed)
    seats = rng.integers(0, len(mix), size=(games, config.n_players))
    return digest_set(config, mix, seats, game_seeds(seed, 0, games),
                      np.full(games, -1, np.int64), logged)


def identity(games: int = 2000, logged: int = 30) -> list[str]:
    lines = []
    mix = [bots.get_bot(n) for n in (*COMMON, "smithy-bm", "militia-bm")]
    for n in (2, 3, 4):
        d = _mixed(GameConfig(n, kingdom=FIRST_GAME), mix, 100 + n, games, logged)
        lines.append(f"first game {n}p {games} games: {d}")
    ours = {p.stem for p in INTRIGUE_BOTS.glob("*.toml")}
    for i, key in enumerate(KINGDOMS):
        _, kingdom, events = NAMED_KINGDOMS[key]
        names = [*COMMON, "random",
                 *(b for b in playable_bots(kingdom, events) if b in ours)]
        mix = [bots.get_bot(b) for b in names]
        for n in (2, 3, 4):
            d = _mixed(GameConfig(n, kingdom=list(kingdom), events=list(events)), mix,
                       1000 + 10 * i + n, games, logged)
            lines.append(f"{key} ({len(names)} bots) {n}p {games} games: {d}")
    mix = [bots.get_bot("random")]
    for word in ("intrigue", "all"):
        pool = random_pool(f"random:{word}")
        for seed in (1, 2):
            kingdom = random_kingdom(seed, pool)
            for n in (2, 4):
                d = _mixed(GameConfig(n, kingdom=list(kingdom)), mix, 5000 + 10 * seed + n,
                           games, logged)
                lines.append(f"random:{word} kingdom {seed} {n}p {games} games: {d}")
    return lines


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--logged", type=int, default=30)
    args = ap.parse_args()
    for line in identity(args.games, args.logged):
        print(line, flush=True)
