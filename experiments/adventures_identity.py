"""Digests of Adventures games, to prove an engine change plays them bit-for-bit the same.

    python experiments/adventures_identity.py [--games N] [--logged K]

Prints one SHA-256 digest (16 hex digits) per set of seeded games; equal digests from two
engine versions mean the same games (every result array: scores, turns, the game columns,
the per-turn $ and VP records; and the full event logs of the first ``logged`` games of
each set).  The sets:

* the bench Adventures matchup (experiments/bots/duration-money.toml vs bmu in
  bench_engine.ADV_KINGDOM), 2 players;
* random bots (with bmu and big-money among them) on random Adventures kingdoms
  (``random:adventures``) with random Events (the randomiser method's, cut to 0 or 1 in
  two of the four kingdoms), 2, 3 and 4 players;
* rule bots (Big Money with one or two Adventures cards each, some buying Events, the
  reference bots, duration-money) mixed at random in three Adventures kingdoms with
  Events, 2, 3 and 4 players.

Each set is also played without per-turn records (the engine's other path through a
game) and must give the same results.

Use it before and after an engine change (issue 11's speed work): run it on the untouched
code, keep the output, and compare.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
from pathlib import Path

sys.path.insert(0, os.getcwd())  # the checkout it is run from, not this file's

import numpy as np  # noqa: E402

import bots  # noqa: E402
from bots.rules import Buy, RuleBot  # noqa: E402
from sim.engine.batch import play_batch  # noqa: E402
from sim.engine.config import GameConfig, random_events, random_kingdom, random_pool  # noqa: E402
from sim.engine.rng import game_seeds  # noqa: E402

HERE = Path(__file__).resolve().parent
ADV_BOT = HERE / "bots" / "duration-money.toml"
ADV_KINGDOM = ["Amulet", "Dungeon", "Haunted Woods", "Port", "Page", "Ratcatcher",
               "Royal Carriage", "Lost City", "Swamp Hag", "Bridge Troll"]
# Three kingdoms covering all 30 Adventures kingdom cards, each with two Events.
RULE_KINGDOMS = (
    (["Page", "Peasant", "Coin of the Realm", "Ratcatcher", "Raze", "Gear", "Guide",
      "Duplicate", "Magpie", "Messenger"], ["Alms", "Lost Arts"]),
    (["Miser", "Port", "Ranger", "Transmogrify", "Artificer", "Bridge Troll", "Distant Lands",
      "Giant", "Haunted Woods", "Lost City"], ["Expedition", "Seaway"]),
    (["Relic", "Royal Carriage", "Storyteller", "Swamp Hag", "Treasure Trove",
      "Wine Merchant", "Hireling", "Caravan Guard", "Amulet", "Dungeon"],
     ["Travelling Fair", "Training"]),
)


def big_money_with(name: str, cards: list[tuple[str, int]], events: list[tuple[str, int]] = ()
                   ) -> RuleBot:
    """Big Money Ultimate's greening buying up to ``n`` of each ``(card, n)``, and each
    Event ``(event, $)`` with exactly that much $ (before Silver)."""
    extra = [Buy(card, f"count({card}) < {n}") for card, n in cards]
    ev = [Buy(e, f"money == {m}") for e, m in events]
    return RuleBot(name, buy=[Buy("Province", "money > 15"), Buy("Duchy", "left(Province) <= 4"),
                              Buy("Estate", "left(Province) <= 2"), Buy("Gold"), *extra, *ev,
                              Buy("Silver")], avoid_losing_end=True)


def rule_bots(k: int) -> list:
    """The bots playing kingdom ``k`` of RULE_KINGDOMS."""
    common = [bots.get_bot("bmu"), bots.get_bot("big-money")]
    if k == 0:
        return common + [
            big_money_with("page", [("Page", 2)], [("Alms", 3)]),
            big_money_with("peasant", [("Peasant", 2), ("Raze", 1)], [("Lost Arts", 6)]),
            big_money_with("cotr", [("Coin of the Realm", 2), ("Ratcatcher", 1),
                                    ("Gear", 1)]),
            big_money_with("guide-dup", [("Guide", 1), ("Duplicate", 1), ("Magpie", 2)]),
            big_money_with("messenger", [("Messenger", 1), ("Magpie", 1)], [("Alms", 4)]),
        ]
    if k == 1:
        return common + [
            big_money_with("miser-port", [("Miser", 1), ("Port", 2)], [("Seaway", 5)]),
            big_money_with("ranger", [("Ranger", 2), ("Transmogrify", 1)]),
            big_money_with("artificer", [("Artificer", 1), ("Bridge Troll", 1),
                                         ("Distant Lands", 2)], [("Expedition", 3)]),
            big_money_with("giant", [("Giant", 2), ("Haunted Woods", 1), ("Lost City", 2)]),
        ]
    return common + [
        bots.resolve_bot(str(ADV_BOT)),
        big_money_with("relic", [("Relic", 2), ("Royal Carriage", 1), ("Storyteller", 1)]),
        big_money_with("hag", [("Swamp Hag", 1), ("Treasure Trove", 2), ("Wine Merchant", 1)],
                       [("Travelling Fair", 2)]),
        big_money_with("hireling", [("Hireling", 1), ("Caravan Guard", 1), ("Amulet", 1)],
                       [("Training", 6)]),
    ]


def _digest(h, res) -> None:
    for a in (res.score, res.turns, res.game, res.rec_coins, res.rec_vp):
        if a is not None:
            h.update(np.ascontiguousarray(a, np.int64).tobytes())
    if res.log is not None:
        h.update(np.ascontiguousarray(res.log, np.int64).tobytes())


def digest_set(config: GameConfig, mix: list, seats: np.ndarray, seeds: np.ndarray,
               first: np.ndarray, logged: int) -> str:
    h = hashlib.sha256()
    res = play_batch(config, mix, seats, seeds, first, record_turns=1)
    _digest(h, res)
    # Without per-turn records the engine takes another path (one call per game plays
    # all its turns): the games must be the same.
    plain = play_batch(config, mix, seats, seeds, first)
    for a, b in ((res.score, plain.score), (res.turns, plain.turns), (res.game, plain.game)):
        if not np.array_equal(a, b):
            raise SystemExit(f"{config}: games differ with and without per-turn records")
    for g in range(logged):
        _digest(h, play_batch(config, mix, seats[g:g + 1], seeds[g:g + 1], first[g:g + 1],
                              log=True))
    return h.hexdigest()[:16]


def identity(games: int = 3000, logged: int = 40) -> list[str]:
    lines = []
    # The bench matchup.
    pair = [bots.resolve_bot(str(ADV_BOT)), bots.get_bot("bmu")]
    seats = np.zeros((games, 2), np.int64)
    seats[:, 1] = 1
    seats[1::2] = seats[1::2, ::-1]
    d = digest_set(GameConfig(2, kingdom=ADV_KINGDOM), pair, seats, game_seeds(1, 0, games),
                   np.zeros(games, np.int64), logged * 3)
    lines.append(f"bench duration-money-bmu {games} games: {d}")
    # Random bots on random Adventures kingdoms with random Events.
    mix = [bots.get_bot("random"), bots.get_bot("random"), bots.get_bot("bmu"),
           bots.get_bot("big-money")]
    pool = random_pool("random:adventures")
    for seed in range(1, 5):
        kingdom = random_kingdom(seed, pool)
        # The randomiser method nearly always turns up 2 of the 20 Events in a 30-card pool:
        # keep 0 and 1 of them in two of the kingdoms.
        events = random_events(seed, len(pool))[:(2, 2, 0, 1)[seed - 1]]
        for n in (2, 3, 4):
            config = GameConfig(n, kingdom=kingdom, events=events)
            rng = np.random.default_rng(1000 * seed + n)
            seats = rng.integers(0, len(mix), size=(games, n))
            d = digest_set(config, mix, seats, game_seeds(100 * seed + n, 0, games),
                           np.full(games, -1, np.int64), logged)
            lines.append(f"random kingdom {seed} ({len(events)} Events) {n}p {games} games: {d}")
    # Rule bots in three Adventures kingdoms with Events.
    for k, (kingdom, events) in enumerate(RULE_KINGDOMS):
        mix = rule_bots(k)
        for n in (2, 3, 4):
            config = GameConfig(n, kingdom=kingdom, events=events)
            rng = np.random.default_rng(7000 + 10 * k + n)
            seats = rng.integers(0, len(mix), size=(games, n))
            d = digest_set(config, mix, seats, game_seeds(9000 + 10 * k + n, 0, games),
                           np.full(games, -1, np.int64), logged)
            lines.append(f"rule kingdom {k} {n}p {games} games: {d}")
    return lines


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--logged", type=int, default=40)
    args = ap.parse_args()
    for line in identity(args.games, args.logged):
        print(line, flush=True)
