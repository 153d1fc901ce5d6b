"""Travellers' exchanges, piles of a fixed size, a gain's draws and a buy's second copy come
from the cards' declarations (issue 47, item 1: "a card is one declaration"): a Traveller
names its next card (``Card.exchange_for``: Page -> Treasure Hunter), a pile may declare
its size whatever the player count (``Card.pile_size``: Port's 12, an upgrade's 5), a card
may make each other player draw when it is gained (``Card.on_gain_others_draw``: Lost
City), give its buyer another copy (``Card.on_buy_gains_copy``: Port) or run its function
for its on-buy text (``Card.on_buy_text``: Messenger, on the turn's first buy).  sim.cards
derives the lines, the upgrade piles and the order Cleanup offers the exchanges in
(EXCHANGE_ORDER); the turn and the on-gain step compile the declared cards in as
constants, as the after-Action calls are.  Every existing game plays the same
(experiments/adventures_identity.py); what each card does in play is tested with the card
(tests/test_adv_cards.py: Port, Messenger, the Travellers; tests/test_adv_inheritance.py: an Estate
inheriting Lost City or Port).  Here: the declarations, what is derived, the refusals,
and that the engine names none of these cards to find them."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import numpy as np
import pytest

import sim.cards as C
from sim.cards.types import ACTION, BOUGHT_FIRST, TRAVELLER, Card
from sim.engine import layout as L
from sim.engine.scenario import Scenario
from sim.engine.state import make_table, non_supply_sizes, supply_sizes

ROOT = Path(__file__).resolve().parents[1]
K_TROLL = ["Bridge Troll", "Distant Lands", "Village", "Smithy", "Market", "Moat", "Militia",
           "Cellar", "Chapel", "Festival"]


def names(ids) -> list[str]:
    return [C.CARDS[int(c)].name for c in ids]


def ids(*card_names: str) -> tuple[int, ...]:
    return tuple(C.card_id(n) for n in card_names)


# ----------------------------------------------------------------------------- declared
def test_each_traveller_names_its_next_card():
    nxt = {C.CARDS[c].name: C.CARDS[n].name for c, n in C.EXCHANGE_FOR.items()}
    assert nxt == {"Page": "Treasure Hunter", "Treasure Hunter": "Warrior", "Warrior": "Hero",
                   "Hero": "Champion", "Peasant": "Soldier", "Soldier": "Fugitive",
                   "Fugitive": "Disciple", "Disciple": "Teacher"}
    assert {names([k])[0]: names(v) for k, v in C.TRAVELLER_LINES.items()} == {
        "Page": ["Treasure Hunter", "Warrior", "Hero", "Champion"],
        "Peasant": ["Soldier", "Fugitive", "Disciple", "Teacher"]}
    assert names(C.UPGRADES) == ["Treasure Hunter", "Warrior", "Hero", "Champion", "Soldier",
                                 "Fugitive", "Disciple", "Teacher"]


def test_cleanup_offers_each_line_from_its_top_in_the_order_games_always_had():
    """The order the turn asked in when it listed the Travellers by hand (same-seed games
    keep it): Peasant's line, then Page's, each from its top."""
    assert names(C.EXCHANGE_ORDER) == ["Disciple", "Fugitive", "Soldier", "Peasant", "Hero",
                                       "Warrior", "Treasure Hunter", "Page"]


def test_the_gain_and_buy_effects_and_pile_sizes_are_declared():
    assert names(C.GAIN_DRAW_CARDS) == ["Lost City"]
    assert C.GAIN_DRAWS[C.card_id("Lost City")] == 1
    assert names(C.BUY_GAINS_COPY_CARDS) == ["Port"]
    assert names(C.BUY_TEXT_CARDS) == ["Messenger"] and C.BUY_TEXT_FIRST_ONLY == (True,)
    assert C.CARDS[C.card_id("Messenger")].on_buy_text == BOUGHT_FIRST
    sized = {C.CARDS[c].name: int(C.PILE_SIZE[c]) for c in np.flatnonzero(C.PILE_SIZE)}
    assert sized == {"Port": 12, **{n: 5 for n in names(C.UPGRADES)}}


def test_the_cost_cut_in_play_and_the_vp_on_the_mat_are_declared():
    assert names(C.COST_CUT_CARDS) == ["Bridge Troll"]
    assert C.COST_CUT[C.card_id("Bridge Troll")] == 1
    assert names(C.MAT_VP_CARDS) == ["Distant Lands"]
    assert C.MAT_VP[C.card_id("Distant Lands")] == 4


def test_the_score_and_the_cost_read_the_declared_cards():
    """Two Distant Lands on the mat score 8 beside the printed VP; a Bridge Troll in play
    (and an Estate inheriting it) cuts every cost on its owner's turn, as the Python
    bots' View says too."""
    from sim.engine.callbacks import View
    from sim.engine.zones import cost_of, score
    from tests.conftest import clear

    sc = Scenario(["bmu", "bmu"], kingdom=K_TROLL)
    for p in range(2):
        clear(sc, p)
    S, T = sc.S, sc.T
    cur = int(S[L.V + L.V_CUR])                 # whose turn it is: the cut is on theirs
    sc.set_mat(cur, ["Distant Lands", "Distant Lands"])
    assert score(S, T, cur) - score(S, T, 1 - cur) == 8
    assert cost_of(S, T, C.card_id("Village")) == 3
    sc.set_in_play(cur, ["Bridge Troll"])
    assert cost_of(S, T, C.card_id("Village")) == 2 and cost_of(S, T, C.card_id("Gold")) == 5
    sc.set_in_play(1 - cur, ["Bridge Troll"])   # another player's: no cut on this turn
    sc.set_in_play(cur, [])
    assert cost_of(S, T, C.card_id("Village")) == 3
    sc.set_in_play(cur, ["Bridge Troll", "Bridge Troll"])
    view = View(S, cur, 0)
    assert view.cost("Village") == 1 and view.cost("Gold") == 4
    assert cost_of(S, T, C.card_id("Village")) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_piles_start_at_their_declared_size_whatever_the_player_count(players):
    kingdom = ids("Port", "Page", "Village", "Smithy", "Gardens")
    supply = supply_sizes(players, kingdom)
    assert supply[C.card_id("Port")] == 12
    assert supply[C.card_id("Village")] == 10
    assert supply[C.card_id("Gardens")] == (8 if players == 2 else 12)
    upgrades = non_supply_sizes(kingdom)
    assert [int(upgrades[c]) for c in C.TRAVELLER_LINES[C.card_id("Page")]] == [5] * 4
    assert not upgrades[list(C.TRAVELLER_LINES[C.card_id("Peasant")])].any()


def test_a_pile_size_is_read_from_the_declaration(monkeypatch):
    """The supply reads the declared column, not the card: a table that declared 7
    Villages would start them at 7."""
    sizes = C.PILE_SIZE.copy()
    sizes[C.card_id("Village")] = 7
    monkeypatch.setattr(C, "PILE_SIZE", sizes)
    assert supply_sizes(2, ids("Village", "Smithy"))[C.card_id("Village")] == 7


def test_a_games_table_holds_each_travellers_next_card():
    T = make_table(2, ids("Page", "Peasant", "Village", "Smithy", "Market", "Moat", "Militia",
                          "Cellar", "Chapel", "Festival"))
    for c, nxt in C.EXCHANGE_FOR.items():
        assert T[L.EXCHANGE_FOR + c] == nxt + 1, C.CARDS[c].name
    assert T[L.EXCHANGE_FOR + C.card_id("Champion")] == 0


def test_no_engine_module_names_these_cards_to_find_them():
    """The turn's exchanges and on-buy step, the on-gain step and the supply name none of
    them (their own texts, in sim.engine.adventures.cards, still do: Messenger's on-buy
    text is its function's, run with the on-buy flag)."""
    watched = re.compile(r"\b(PORT|LOST_CITY|PAGE|PEASANT|TREASURE_HUNTER|WARRIOR|HERO|SOLDIER|"
                         r"FUGITIVE|DISCIPLE|MESSENGER|BRIDGE_TROLL|DISTANT_LANDS|LINE)\b|"
                         r"C\.PORT|ADV\.|messenger_gain")
    for path in ("sim/engine/adventures/turn.py", "sim/engine/adventures/mechanics.py",
                 "sim/engine/state.py", "sim/engine/zones.py", "sim/engine/callbacks.py"):
        code = (ROOT / path).read_text(encoding="utf-8")
        assert not watched.findall(code), path


# ----------------------------------------------------------------------------- derived
def _line_set(*rows: tuple[str, str]) -> tuple[Card, ...]:
    """A test-only table: each (name, next card's name) a Traveller of its own id."""
    return tuple(Card(i, name, 2, ACTION | TRAVELLER, exchange_for=nxt)
                 for i, (name, nxt) in enumerate(rows))


def test_lines_are_derived_for_any_set_of_travellers():
    """A new set's line joins the order by its first card's id (the highest first), each
    line from its top."""
    cards = _line_set(("A", "B"), ("B", "C"), ("C", ""), ("X", "Y"), ("Y", ""))
    exchange_for, lines, order = C.traveller_lines(cards)
    assert exchange_for == {0: 1, 1: 2, 3: 4}
    assert lines == {0: (1, 2), 3: (4,)}
    assert names_of(cards, order) == ["X", "B", "A"]


def names_of(cards, order) -> list[str]:
    return [cards[i].name for i in order]


@pytest.mark.parametrize(("rows", "words"), [
    ((("A", "Nowhere"),), "exchange_for names no card: A -> Nowhere"),
    ((("A", "C"), ("B", "C"), ("C", "")), "two Travellers are exchanged for one card"),
    ((("A", "B"), ("B", "A")), "loops"),
])
def test_a_broken_line_is_refused_in_one_line(rows, words):
    with pytest.raises(ValueError, match=words) as refused:
        C.traveller_lines(_line_set(*rows))
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("fields", "words"), [
    (dict(types=ACTION, exchange_for="Hero"), "only a Traveller is exchanged"),
    (dict(types=ACTION | TRAVELLER, exchange_for="Odd"), "names the card itself"),
    (dict(types=ACTION, pile_size=-1), "0 or more"),
    (dict(types=ACTION, on_gain_others_draw=-2), "0 or more"),
    (dict(types=ACTION, on_buy_gains_copy=True), "declare on_buy=True too"),
    (dict(types=ACTION, cost_cut_in_play=-1), "0 or more"),
    (dict(types=ACTION, vp_on_mat=4), "only a Reserve"),
    (dict(types=ACTION, on_buy_text=BOUGHT_FIRST), "declare on_buy=True too"),
    (dict(types=ACTION, on_buy=True, on_buy_text="sometimes"), "one of"),
])
def test_a_test_only_card_with_a_bad_declaration_is_refused_in_one_line(fields, words):
    with pytest.raises(ValueError, match=words) as refused:
        Card(900, "Odd", 3, **fields)
    assert "\n" not in str(refused.value) and "Odd" in str(refused.value)


def test_good_declarations_are_taken():
    port = C.CARDS[C.card_id("Port")]
    assert dataclasses.replace(port, id=900, name="Dock", pile_size=8).pile_size == 8
    city = C.CARDS[C.card_id("Lost City")]
    assert dataclasses.replace(city, id=901, name="Town", on_gain_others_draw=2) \
        .on_gain_others_draw == 2
