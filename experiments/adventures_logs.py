"""Three logged Adventures games to read by eye (issue 10): the Page and Peasant lines,
a Duration-heavy game, and a game with two Events.

    python experiments/adventures_logs.py

Writes experiments/results/adventures/log_{page_peasant,durations,two_events}.txt.
The bots are small Big Money variants written here (the Adventures bot library is issue
11); the Event buyer is a Python bot that buys Lost Arts with $6 or more and Seaway
with $5.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

# This script's folder holds experiment bot files in experiments/bots/: put the package
# of the same name first.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bots.python_bot import DEFAULT, PythonBot
from bots.rules import Buy, RuleBot
from sim.engine.batch import play_batch
from sim.engine.config import GameConfig
from sim.engine.gamelog import format_log

OUT = Path(__file__).resolve().parent / "results" / "adventures"


def big_money_with(name: str, *cards: tuple[str, int]) -> RuleBot:
    """Big Money (Province, Duchy late, Gold) buying up to ``n`` of each ``(card, n)``."""
    extra = [Buy(card, f"count({card}) < {n}") for card, n in cards]
    return RuleBot(name, buy=[Buy("Province", "money > 15"), Buy("Duchy", "left(Province) <= 4"),
                              Buy("Gold"), *extra, Buy("Silver")], avoid_losing_end=True)


class EventBuyer(PythonBot):
    """Buys Lost Arts with $6 or more, Seaway with exactly $5; else Big Money Ultimate."""

    name = "event-buyer"
    fallback = "bmu"

    def buy(self, view):
        if view.coins >= 6:
            return "Lost Arts"
        if view.coins == 5:
            return "Seaway"
        return DEFAULT


def log_one(title: str, config: GameConfig, bots: list, seed: int, name: str) -> None:
    result = play_batch(config, bots, np.array([[0, 1]], np.int32),
                        np.array([seed], np.uint64), log=True)
    text = format_log(result.log, [b.name for b in bots], header=title)
    (OUT / name).write_text(text)
    print(f"{title}: {OUT / name} ({len(text.splitlines())} lines)")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    log_one("Page and Peasant lines",
            GameConfig(kingdom=["Page", "Peasant", "Port", "Village", "Smithy", "Market",
                                "Militia", "Moat", "Cellar", "Mine"]),
            [big_money_with("page-line", ("Page", 3)),
             big_money_with("peasant-line", ("Peasant", 3))], 3, "log_page_peasant.txt")
    log_one("Durations",
            GameConfig(kingdom=["Amulet", "Dungeon", "Gear", "Caravan Guard", "Bridge Troll",
                                "Haunted Woods", "Swamp Hag", "Hireling", "Royal Carriage",
                                "Ratcatcher"]),
            [big_money_with("durations-a", ("Haunted Woods", 1), ("Hireling", 1),
                            ("Royal Carriage", 1), ("Dungeon", 1), ("Gear", 1)),
             big_money_with("durations-b", ("Swamp Hag", 1), ("Bridge Troll", 1),
                            ("Caravan Guard", 2), ("Amulet", 1), ("Ratcatcher", 1))],
            5, "log_durations.txt")
    log_one("Two Events: Lost Arts and Seaway",
            GameConfig(kingdom=["Village", "Smithy", "Port", "Lost City", "Magpie", "Market",
                                "Militia", "Moat", "Cellar", "Mine"],
                       events=("Lost Arts", "Seaway")),
            [EventBuyer(), big_money_with("bm")], 9, "log_two_events.txt")


if __name__ == "__main__":
    main()
