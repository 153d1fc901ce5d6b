"""Wine Merchant's discard at the end of the Buy phase, and what Haunted Woods' and Swamp
Hag's lasting plays do to a victim's buy, come from the cards' declarations (issue 47,
item 1: "every card declared once").

Wine Merchant declares the $ unspent its discard from the Tavern mat needs and the question
that offers it (``Card.end_of_buy_discard_coins``, ``Card.end_of_buy_discard_asks``); it is
not a call (the card is not played), so the rule language's Call rules still do not name
it.  sim.cards derives END_OF_BUY_DISCARDS and the $ each needs, sim.engine.codes each one's
question, and the turn compiles them in (turn.END_OF_BUY_IDS, as mechanics.AFTER_IDS).

Haunted Woods and Swamp Hag declare their way (``Card.lasting_on_victims_buy``: the hand
onto the deck, a Curse); the state keeps a row of plays per way (layout.VICTIMS_BUY_ROW),
the on-buy step does each way and logs the way's card (sim.cards.VICTIMS_BUY_CARD),
Scenario and the saved-position check read the declaration.  None names the cards.  Every
existing game plays the same (experiments/adventures_identity.py); here: the
declarations, their refusals, and games that follow them."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import sim.cards as C
from bots.rules import CALLABLE
from sim.cards.types import (
    ACTION,
    ATTACK,
    DURATION,
    LASTS_GAME,
    LASTS_NEXT_TURN,
    RESERVE,
    VICTIMS_BUY_GAIN_CURSE,
    VICTIMS_BUY_HAND_ONTO_DECK,
    VICTIMS_BUY_WAYS,
    Card,
)
from sim.engine import codes
from sim.engine import layout as L
from sim.engine import scenario as scenario_module
from sim.engine.adventures import cards as adv_cards
from sim.engine.adventures import turn as adv_turn
from sim.engine.codes import DISCARD_FROM_MAT, EV_DISCARD, EV_TOPDECK
from sim.engine.scenario import Scenario
from tests.conftest import Scripted, events, nobuy
from tests.conftest import make_scenario as game

ROOT = Path(__file__).resolve().parents[1]
K_WINE = ["Wine Merchant", "Village", "Smithy", "Market", "Workshop", "Militia", "Moat",
          "Peasant", "Port", "Throne Room"]
K_ATTACK = ["Haunted Woods", "Swamp Hag", "Village", "Smithy", "Market", "Workshop", "Militia",
            "Moat", "Peasant", "Caravan Guard"]


def names(ids) -> list[str]:
    return [C.CARDS[int(c)].name for c in ids]


# ----------------------------------------------------------------------------- declared
def test_the_end_of_buy_discard_and_the_victims_buy_ways_are_declared_with_the_cards():
    wine, woods, hag = (C.CARDS[C.card_id(n)] for n in (
        "Wine Merchant", "Haunted Woods", "Swamp Hag"))
    assert (wine.end_of_buy_discard_coins, wine.end_of_buy_discard_asks) == (
        2, "wine_merchant_discard")
    assert names(C.END_OF_BUY_DISCARDS) == ["Wine Merchant"]
    assert C.END_OF_BUY_DISCARD_COINS[wine.id] == 2
    assert C.END_OF_BUY_DISCARD_COINS[C.card_id("Village")] == -1
    assert codes.END_OF_BUY_DISCARD_QUESTION[wine.id] == adv_cards.D_WINE_MERCHANT
    assert (codes.END_OF_BUY_DISCARD_QUESTION >= 0).sum() == 1
    # Not a call: no Call rule names it (as before it was declared).
    assert not wine.callable and wine.id not in CALLABLE

    assert woods.lasting_on_victims_buy == VICTIMS_BUY_HAND_ONTO_DECK
    assert hag.lasting_on_victims_buy == VICTIMS_BUY_GAIN_CURSE
    assert {w: C.CARDS[c].name for w, c in C.VICTIMS_BUY_CARD.items()} == {
        VICTIMS_BUY_HAND_ONTO_DECK: "Haunted Woods", VICTIMS_BUY_GAIN_CURSE: "Swamp Hag"}
    assert Scenario.ON_VICTIMS_BUY == ("Haunted Woods", "Swamp Hag")
    # A row of plays per way, where the state always kept them (saved positions).
    assert set(L.VICTIMS_BUY_ROW) == set(VICTIMS_BUY_WAYS)
    assert L.VICTIMS_BUY_ROW[VICTIMS_BUY_HAND_ONTO_DECK] == L.NON_SUPPLY + L.N_SLOTS
    assert L.VICTIMS_BUY_ROW[VICTIMS_BUY_GAIN_CURSE] == (L.HAND_ONTO_DECK_ON
                                                        + L.MAX_PLAYERS * L.MAX_PLAYERS)


def test_the_turn_compiles_in_what_the_cards_declare():
    assert names(adv_turn.END_OF_BUY_IDS) == ["Wine Merchant"]
    assert list(adv_turn.END_OF_BUY_COINS) == [2]
    assert list(adv_turn.END_OF_BUY_QUESTIONS) == [adv_cards.D_WINE_MERCHANT]
    assert adv_turn.HAND_ONTO_DECK_BY == C.card_id("Haunted Woods")


def test_no_engine_module_names_these_cards_to_find_them():
    """The turn's end of the Buy phase and on-buy step, Scenario and the saved-position
    check name none of the three cards (their own texts, in
    sim.engine.adventures.cards, still do)."""
    constants = re.compile(r"\b(WINE_MERCHANT|HAUNTED_WOODS|SWAMP_HAG|D_WINE_MERCHANT|"
                           r"WOODS_ON|HAG_ON)\b")
    quoted = re.compile(r"[\"'](Wine Merchant|Haunted Woods|Swamp Hag)[\"']")
    for path in ("sim/engine/adventures/turn.py", "sim/engine/scenario.py",
                 "sim/env/position_check.py", "sim/engine/layout.py"):
        code = (ROOT / path).read_text(encoding="utf-8")
        assert not constants.findall(code), path
        assert not quoted.findall(code), path


# ----------------------------------------------------------------------------- refused
_RESERVE = dict(types=ACTION | RESERVE)
_LASTING = dict(types=ACTION | ATTACK | DURATION, lasts=LASTS_NEXT_TURN, on_buy=True)


@pytest.mark.parametrize(("fields", "words"), [
    ({**_RESERVE, "end_of_buy_discard_coins": 2}, "with its question, or neither"),
    ({**_RESERVE, "end_of_buy_discard_asks": "wine_merchant_discard"}, "or neither"),
    ({**_RESERVE, "end_of_buy_discard_coins": -2, "end_of_buy_discard_asks": "x"},
     "end_of_buy_discard_coins=-2"),
    (dict(types=ACTION, end_of_buy_discard_coins=2, end_of_buy_discard_asks="x"),
     "a Reserve's"),
    ({**_LASTING, "lasting_on_victims_buy": "trash a card"}, "lasting_on_victims_buy="),
    ({**_LASTING, "lasts": LASTS_GAME, "lasting_on_victims_buy": VICTIMS_BUY_GAIN_CURSE},
     "lasts until the next turn"),
    (dict(types=ACTION | ATTACK, lasting_on_victims_buy=VICTIMS_BUY_GAIN_CURSE),
     "lasts until the next turn"),
    ({**_LASTING, "on_buy": False, "lasting_on_victims_buy": VICTIMS_BUY_HAND_ONTO_DECK},
     "on_buy=True"),
])
def test_a_test_only_card_with_a_bad_declaration_is_refused_in_one_line(fields, words):
    with pytest.raises(ValueError, match=words) as refused:
        Card(900, "Odd", 3, **fields)
    assert "\n" not in str(refused.value) and "Odd" in str(refused.value)


def test_good_declarations_are_taken():
    Card(900, "Odd", 3, **_RESERVE, end_of_buy_discard_coins=0, end_of_buy_discard_asks="x")
    Card(900, "Odd", 3, **_LASTING, lasting_on_victims_buy=VICTIMS_BUY_HAND_ONTO_DECK)


def test_a_discard_asking_a_question_that_is_not_its_own_is_refused():
    cards = tuple(dataclasses.replace(c, end_of_buy_discard_asks="caravan_guard_react")
                  if c.name == "Wine Merchant" else c for c in C.CARDS)
    with pytest.raises(ValueError, match="about Wine Merchant"):
        codes.end_of_buy_discard_questions(cards, codes.DECISIONS)


def test_a_second_card_of_one_way_is_refused_naming_both():
    cards = tuple(dataclasses.replace(c, lasting_on_victims_buy=VICTIMS_BUY_GAIN_CURSE)
                  if c.name == "Haunted Woods" else c for c in C.CARDS)
    with pytest.raises(ValueError, match="Swamp Hag: .*as Haunted Woods's") as refused:
        C.victims_buy_cards(cards)
    assert "\n" not in str(refused.value)


# ----------------------------------------------------------------------------- games
def _wine_merchant_turn(coppers: int):
    me = Scripted("me", buy=[None], wine_merchant_discard=[True])
    sc = game([me, nobuy()], K_WINE)
    sc.set_mat(0, ["Wine Merchant"])
    sc.set_hand(0, ["Copper"] * coppers).set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    return me, sc


def test_wine_merchant_leaves_the_mat_with_the_declared_dollars_unspent():
    me, sc = _wine_merchant_turn(2)
    assert len(me.asked("wine_merchant_discard")) == 1
    assert events(sc, EV_DISCARD, 0) == [(0, "Wine Merchant", 1, DISCARD_FROM_MAT)]
    assert sc.mat(0) == {} and sc.discard(0) == {"Wine Merchant": 1, "Copper": 2}
    me, sc = _wine_merchant_turn(1)
    assert me.asked("wine_merchant_discard") == []
    assert sc.mat(0) == {"Wine Merchant": 1}


def _victims_buy_turn(monkeypatch=None, way=None):
    """Player 0 played a Haunted Woods last turn (Scenario reads the card's declared way,
    here ``way`` if given); player 1 buys a Silver."""
    if way is not None:
        cards = tuple(dataclasses.replace(c, lasting_on_victims_buy=way)
                      if c.name == "Haunted Woods" else c for c in C.CARDS)
        monkeypatch.setattr(scenario_module, "CARDS", cards)
    them = Scripted("them", buy=["Silver", None], topdeck_order=["Estate", "Estate"])
    sc = game([nobuy(), them], K_ATTACK)
    sc.set_duration_from_last_turn(0, "Haunted Woods")
    sc.set_hand(1, ["Silver", "Copper", "Estate", "Estate", "Duchy"])
    sc.set_deck(1, ["Province"] * 5)
    sc.play_turn(1)
    return sc


def test_a_victims_buy_does_what_the_attack_declares(monkeypatch):
    sc = _victims_buy_turn()
    assert int(sc.S[L.HAND_ONTO_DECK_ON + 1]) == 1 and int(sc.S[L.GAIN_CURSE_ON + 1]) == 0
    assert [c for _, c, _, x in events(sc, EV_TOPDECK, 1)
            if x == C.card_id("Haunted Woods")] == ["Estate", "Estate", "Duchy"]
    assert "Curse" not in sc.owned(1)
    # The same play, declared to give a Curse: Scenario puts it in that way's row, and the
    # buy gives a Curse and leaves the hand alone.
    sc = _victims_buy_turn(monkeypatch, VICTIMS_BUY_GAIN_CURSE)
    assert int(sc.S[L.HAND_ONTO_DECK_ON + 1]) == 0 and int(sc.S[L.GAIN_CURSE_ON + 1]) == 1
    assert events(sc, EV_TOPDECK, 1) == []
    assert sc.owned(1)["Curse"] == 1


def test_scenario_refuses_an_attack_on_a_card_that_declares_no_way():
    sc = game([nobuy(), nobuy()], K_ATTACK)
    with pytest.raises(ValueError, match="Militia's plays do not act on their victims' buys"):
        sc.set_attack_on(0, 1, "Militia")
    with pytest.raises(ValueError, match="victims= is for Haunted Woods and Swamp Hag"):
        sc.set_duration_from_last_turn(0, "Caravan Guard", victims=[1])
