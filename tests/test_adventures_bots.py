"""The Adventures bot library (``bots/data/adventures/*.toml``): every file is a bot that
loads, is named after its file, says what it does, names only real kingdom cards and
Events, and plays whole games on a kingdom holding its cards without an engine error.

The strength claims of the single-card bots are measured (not asserted) by
``experiments/adventures_single_card.py``; here one claim per extreme keeps the files
honest: the strongest single-card bot beats bmu clearly, and the files that say their
card is weak alone do not."""

from __future__ import annotations

from pathlib import Path

import pytest

from bots.identity import kingdom_needs
from bots.requirements import required_cards, split
from bots.toml_bot import load_bot_file
from sim.cards import CARDS, EVENT, KINGDOM_CARDS
from sim.runner import Match

pytestmark = pytest.mark.timeout(900)

BOT_DIR = Path(__file__).resolve().parent.parent / "bots" / "data" / "adventures"
FILES = sorted(BOT_DIR.glob("*.toml"))

# The two fixed kingdoms of the Adventures round robin (experiments/README.md).
K1 = ["Page", "Peasant", "Lost City", "Royal Carriage", "Coin of the Realm", "Distant Lands",
      "Relic", "Bridge Troll", "Smithy", "Laboratory"]
K1_EVENTS = ["Lost Arts", "Seaway"]
K2 = ["Swamp Hag", "Haunted Woods", "Amulet", "Dungeon", "Ratcatcher", "Messenger", "Magpie",
      "Caravan Guard", "Duplicate", "Hireling"]
K2_EVENTS = ["Training", "Pathfinding"]

# The 30 Adventures kingdom cards (ids 33..62): each has its single-card bot.
ADVENTURES_KINGDOM = [c for c in KINGDOM_CARDS if 33 <= c <= 62]


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def _board(bot) -> tuple[list[str] | str, list[str]]:
    """A kingdom and Events for ``bot``: the round robin's K1 or K2 (with its Events)
    when the bot's kingdom cards and Events fit one, else its own cards filled up
    (``auto``) with the first two Events it buys (a game has at most two)."""
    cards, event_ids = split(required_cards(bot))
    needs = {CARDS[c].name for c in cards}
    events = [CARDS[e].name for e in event_ids]
    for kingdom, evs in ((K1, K1_EVENTS), (K2, K2_EVENTS)):
        if needs <= set(kingdom) and set(events) <= set(evs):
            return kingdom, evs
    return "auto", events[:2]


def test_there_is_one_single_card_bot_per_adventures_kingdom_card():
    assert len(ADVENTURES_KINGDOM) == 30
    names = {f.stem for f in FILES}
    missing = [CARDS[c].name for c in ADVENTURES_KINGDOM if f"{_slug(CARDS[c].name)}-bm"
               not in names]
    assert missing == []


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_file_loads_named_after_itself_with_a_description(path):
    bot = load_bot_file(path)
    assert bot.name == path.stem
    assert bot.description.strip() and "\n" not in bot.description
    # Every threshold has its reason: the file explains itself in comments.
    text = path.read_text()
    assert sum(line.lstrip().startswith("#") for line in text.splitlines()) >= 3


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_bot_buys_only_kingdom_cards_events_and_basics_that_exist(path):
    bot = load_bot_file(path)
    for rule in bot.buy:
        card = CARDS[rule.card]           # the id resolved: the name exists
        assert card.id in KINGDOM_CARDS or card.is_type(EVENT) or card.id < 7, card.name
    for card in kingdom_needs(bot):
        assert card in KINGDOM_CARDS, CARDS[card].name


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_bot_plays_games_on_a_kingdom_with_its_cards(path):
    bot = load_bot_file(path)
    kingdom, events = _board(bot)
    res = Match(str(path), "bmu", games=300, seed=11, kingdom=kingdom, events=events or None,
                processes=1).play(progress=False)
    row = res.summary().loc[bot.name]
    assert row.games == 300
    assert row.capped == 0                 # every game ended by the rules, not the turn cap
    assert row.avg_turns > 5


def test_the_strongest_single_card_bot_beats_bmu_and_a_weak_one_does_not():
    # swamp-hag-bm won 88.0% of 20,000 games, royal-carriage-bm 45.7% (its card has
    # nothing to replay in a money deck): 1,000 games separate them far beyond noise.
    rates = {}
    for name in ("swamp-hag-bm", "royal-carriage-bm"):
        res = Match(str(BOT_DIR / f"{name}.toml"), "bmu", games=1000, seed=5,
                    kingdom="auto", processes=1).play(progress=False)
        rates[name] = float(res.summary().loc[name].win_rate)
    assert rates["swamp-hag-bm"] > 0.8
    assert rates["royal-carriage-bm"] < 0.5
