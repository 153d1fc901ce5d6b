"""The readable game log for Adventures (sim.engine.gamelog).

Real logged games of rule bots buying Adventures cards must show the new lines (the
Tavern mat, calls, Durations' start-of-turn effects, Gear's cards coming back,
exchanges, reactions, tokens); rows of cards and Events whose texts other modules
write are formatted from rows built as sim.engine.codes documents them.
"""

from __future__ import annotations

import numpy as np

from bots.rules import Buy, RuleBot, count, money
from sim.cards import card_id
from sim.engine import codes
from sim.engine.batch import play_batch
from sim.engine.config import GameConfig
from sim.engine.gamelog import format_log

KINGDOM = ("Ratcatcher", "Page", "Dungeon", "Caravan Guard", "Swamp Hag", "Bridge Troll",
           "Coin of the Realm", "Royal Carriage", "Duplicate", "Gear")


def _buys(*cards: str, each: int = 1) -> list:
    return [Buy("Province", money() > 15), Buy("Gold")] + \
        [Buy(c, count(c) < each) for c in cards] + [Buy("Silver")]


ADV_A = RuleBot("adv-a", "buys one of most Adventures cards",
                buy=_buys("Royal Carriage", "Duplicate", "Dungeon", "Gear", "Caravan Guard",
                          "Ratcatcher", "Coin of the Realm", "Page"))
ADV_B = RuleBot("adv-b", "attacks with Adventures cards",
                buy=_buys("Swamp Hag", "Bridge Troll", "Caravan Guard", "Page", each=2))


def _game_text(seed: int) -> list[str]:
    res = play_batch(GameConfig(kingdom=KINGDOM), [ADV_A, ADV_B],
                     np.array([[0, 1]], np.int32), np.array([seed], np.uint64),
                     np.zeros(1, np.int8), log=True)
    assert not res.log_truncated
    text = format_log(res.log, ("adv-a", "adv-b"))
    return [line.strip() for line in text.splitlines()]


def test_a_logged_adventures_game_reads_in_plain_words():
    lines = [line for seed in range(4) for line in _game_text(seed)]

    def some(*parts: str) -> str:
        hit = [line for line in lines if all(p in line for p in parts)]
        assert hit, f"no line with {parts}"
        return hit[0]

    some("P0 adv-a puts Ratcatcher on their Tavern mat")
    assert some("P0 adv-a calls Ratcatcher") == "P0 adv-a calls Ratcatcher"
    some("P0 adv-a calls Royal Carriage (after ")
    some("P0 adv-a calls Coin of the Realm (after ")
    some("adv-a calls Duplicate (on gaining ")
    some("P0 adv-a: Dungeon (from last turn): +2 Cards, then discard 2 cards")
    some("P0 adv-a discards ", "(Dungeon)")
    some("P0 adv-a sets aside ", "(Gear)")
    some("P0 adv-a puts ", "into their hand (Gear)")
    some("P1 adv-b: Swamp Hag (from last turn): +$3")
    some("P1 adv-b: Bridge Troll (from last turn): +1 Buy")
    some("P0 adv-a plays Caravan Guard in reaction to ")
    some(" exchanges Page for Treasure Hunter")
    some("cleanup: hand and play to the discard pile, draw 5")
    # Ratcatcher's trash names the call it came from.
    some("P0 adv-a trashes ", "(Ratcatcher)")


def _rows(*rows: tuple) -> np.ndarray:
    return np.array(rows, np.int32).reshape(-1, 6)


def _lines(rows: np.ndarray) -> list[str]:
    return [line.strip() for line in format_log(rows, ("a", "b")).splitlines()][1:]


def test_events_tokens_and_mission_rows():
    c = card_id
    rows = _rows(
        (codes.EV_MISSION, 3, 0, -1, 3, 0),
        (codes.EV_TURN, 3, 0, -1, 3, 0),
        (codes.EV_EVENT, 3, 0, c("Lost Arts"), 1, 0),
        (codes.EV_TOKEN, 3, 0, c("Smithy"), codes.TOKEN_ACTION, c("Lost Arts")),
        (codes.EV_PLAY, 3, 0, c("Smithy"), 1, 0),
        (codes.EV_TOKEN, 3, 0, c("Smithy"), codes.TOKEN_ACTION, c("Smithy")),
        (codes.EV_TOKEN, 3, 1, -1, codes.TOKEN_MINUS_CARD, c("Relic")),
        (codes.EV_TOKEN, 3, 1, -1, codes.TOKEN_MINUS_COIN, c("Bridge Troll")),
        (codes.EV_TOKEN, 3, 1, -1, codes.TOKEN_MINUS_CARD, -1),     # the tokens come off
        (codes.EV_TOKEN, 3, 1, -1, codes.TOKEN_MINUS_COIN, -1),
        (codes.EV_TOKEN, 3, 0, -1, codes.TOKEN_JOURNEY, c("Ranger")),
        (codes.EV_TOKEN, 3, 0, -1, codes.TOKEN_JOURNEY, c("Giant")),
        (codes.EV_TOKEN, 3, 0, c("Port"), codes.TOKEN_ESTATE, c("Inheritance")),
        (codes.EV_PLAY, 3, 0, c("Storyteller"), 1, 0),
        (codes.EV_PAY, 3, 0, -1, 6, 0),
    )
    assert _lines(rows) == [
        "Turn 3 — P0 a takes an extra turn (Mission)",
        "buys the Event Lost Arts",
        "P0 a moves their +1 Action token to the Smithy pile (Lost Arts)",
        "P0 a plays Smithy",
        "P0 a gets +1 Action (their token on the Smithy pile)",
        "P1 b puts their -1 Card token on their deck (Relic)",
        "P1 b takes their -$1 token (Bridge Troll)",
        "P1 b removes their -1 Card token from their deck (one card fewer drawn)",
        "P1 b returns their -$1 token ($1 less)",
        "P0 a turns their Journey token face down (Ranger)",
        "P0 a turns their Journey token face up (Giant)",
        "P0 a puts their Estate token on Port (Inheritance)",
        "P0 a plays Storyteller",
        "P0 a pays $6 (Storyteller)"]


def test_discard_reasons_and_cards_coming_back():
    c = card_id
    rows = _rows(
        (codes.EV_TURN, 1, 0, -1, 1, 0),
        (codes.EV_EVENT, 1, 0, c("Quest"), 1, 0),
        (codes.EV_DISCARD, 1, 0, c("Curse"), 2, codes.DISCARD_QUEST),
        (codes.EV_EVENT, 1, 0, c("Scouting Party"), 1, 0),
        (codes.EV_DISCARD, 1, 0, c("Estate"), 1, codes.DISCARD_SCOUTING),
        (codes.EV_DISCARD, 1, 0, c("Copper"), 1, codes.DISCARD_SCOUTING),
        (codes.EV_DISCARD, 1, 0, c("Wine Merchant"), 1, codes.DISCARD_FROM_MAT),
        (codes.EV_EVENT, 1, 0, c("Travelling Fair"), 1, 0),
        (codes.EV_GAIN, 1, 0, c("Gold"), 1, 0),
        (codes.EV_TOPDECK, 1, 0, c("Gold"), 1, -1),
        (codes.EV_EXCHANGE, 1, 0, c("Peasant"), 1, c("Soldier")),
        (codes.EV_CLEANUP, 1, 0, -1, 7, 0),
        (codes.EV_RETURN, 1, 0, c("Gold"), 1, -1),
        (codes.EV_TURN, 1, 1, -1, 1, 0),
        (codes.EV_CALL, 2, 1, c("Guide"), 1, -1),
        (codes.EV_DISCARD, 2, 1, c("Estate"), 3, codes.DISCARD_GUIDE),
        (codes.EV_PLAY, 2, 1, c("Fugitive"), 1, 0),
        (codes.EV_DISCARD, 2, 1, c("Copper"), 1, codes.DISCARD_FUGITIVE),
        (codes.EV_PLAY, 2, 1, c("Artificer"), 1, 0),
        (codes.EV_DISCARD, 2, 1, c("Copper"), 2, codes.DISCARD_ARTIFICER),
        (codes.EV_DURATION, 2, 1, c("Hireling"), 1, 0),
    )
    assert _lines(rows) == [
        "Turn 1 — P0 a",
        "buys the Event Quest",
        "P0 a discards 2 Curse (Quest)",
        "buys the Event Scouting Party",
        "P0 a discards Estate, Copper (Scouting Party)",
        "P0 a discards Wine Merchant (from their Tavern mat)",
        "buys the Event Travelling Fair",
        "P0 a gains Gold (to discard pile)",
        "P0 a puts Gold onto their deck (Travelling Fair)",
        "P0 a exchanges Peasant for Soldier",
        "cleanup: hand and play to the discard pile, draw 7",
        "P0 a puts Gold into their hand (Save)",
        "Turn 1 — P1 b",
        "P1 b calls Guide",
        "P1 b discards 3 Estate (Guide)",
        "P1 b plays Fugitive",
        "P1 b discards Copper (Fugitive)",
        "P1 b plays Artificer",
        "P1 b discards 2 Copper (Artificer)",
        "P1 b: Hireling (for the rest of the game): +1 Card"]
