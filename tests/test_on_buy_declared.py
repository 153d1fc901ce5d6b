"""A card that acts when a card is bought says so in its declaration (Card.on_buy), and a
game's table says whether any of its cards does (layout T_ON_BUY): a buy enters the
on-buy step (sim.engine.adventures.turn.on_buy) only then."""

from __future__ import annotations

import pytest

from sim.cards import CARDS, card_id
from sim.engine import layout as L
from sim.engine.state import make_table

K1 = ("Page", "Peasant", "Lost City", "Royal Carriage", "Coin of the Realm", "Distant Lands",
      "Relic", "Bridge Troll", "Smithy", "Laboratory")


def _ids(names):
    return tuple(card_id(n) for n in names)


def test_the_cards_that_act_on_a_buy_are_declared():
    assert {c.name for c in CARDS if c.on_buy} == {
        "Port", "Messenger", "Haunted Woods", "Swamp Hag", "Plan"}


@pytest.mark.parametrize(("kingdom", "events", "flag"), [
    (K1, ("Lost Arts", "Seaway"), 0),
    (K1[:9] + ("Port",), (), 1),
    (K1[:9] + ("Swamp Hag",), (), 1),
    (K1, ("Plan",), 1),
])
def test_a_games_table_says_whether_a_buy_can_set_anything_off(kingdom, events, flag):
    assert make_table(2, _ids(kingdom), _ids(events))[L.T_ON_BUY] == flag


# What each of them does on a buy, with the step on: tests/test_adv_cards.py (Port,
# Messenger), tests/test_adv_core.py (Haunted Woods, Swamp Hag), tests/test_adv_events.py
# (Plan's Trashing token); every other game skips the step and plays the same games
# (experiments/adventures_identity.py).

