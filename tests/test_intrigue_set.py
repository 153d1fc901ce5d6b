"""Intrigue joins the table as a set (issue 48): its ids after the Adventures cards, its
kingdoms by set and by the rulebook's names, Harem also called Farm.  The cards' rulings
are in tests/test_intrigue_cards.py, test_intrigue_gains.py and test_intrigue_others.py."""

from __future__ import annotations

import pytest

from sim.cards import (
    CARDS,
    FIRST_INTRIGUE,
    HAREM,
    INTRIGUE_CARDS,
    KINGDOM_CARDS,
    NAMED_KINGDOMS,
    NEEDS_ADVENTURES_TURN,
    PATHFINDING,
    SET_INTRIGUE,
    SET_KINGDOMS,
    card_id,
)
from sim.cli import main
from sim.engine.config import ConfigError, parse_kingdom, random_pool


def test_the_26_cards_follow_the_adventures_ids_in_the_rulebooks_order():
    assert FIRST_INTRIGUE == PATHFINDING + 1 and len(INTRIGUE_CARDS) == 26
    assert [c.name for c in INTRIGUE_CARDS][:3] == ["Courtyard", "Lurker", "Pawn"]
    assert all(c.set == SET_INTRIGUE for c in INTRIGUE_CARDS)
    assert SET_KINGDOMS["intrigue"] == tuple(c.id for c in INTRIGUE_CARDS)
    assert set(SET_KINGDOMS["intrigue"]) <= set(KINGDOM_CARDS)
    # Every game with one runs the Adventures turn (the set's declaration).
    assert all(NEEDS_ADVENTURES_TURN[c.id] for c in INTRIGUE_CARDS)


@pytest.mark.parametrize("name", ["Harem", "Farm", "farm", "HAREM"])
def test_harem_is_also_farm(name):
    assert card_id(name) == HAREM and CARDS[HAREM].name == "Harem"


def test_costs_types_and_victory_piles_are_the_rulebooks():
    by = {c.name: c for c in INTRIGUE_CARDS}
    assert [by[n].cost for n in ("Courtyard", "Masquerade", "Bridge", "Duke", "Harem")] == \
        [2, 3, 4, 5, 6]
    victory = sorted(c.name for c in INTRIGUE_CARDS if c.is_type(2))
    assert victory == ["Duke", "Harem", "Mill", "Nobles"]
    assert by["Harem"].coins == 2 and by["Harem"].vp == 2 and by["Mill"].vp == 1


def test_random_kingdoms_draw_from_the_set_and_from_all_three():
    assert random_pool("random:intrigue") == SET_KINGDOMS["intrigue"]
    everything = random_pool("random:all")
    assert set(SET_KINGDOMS["intrigue"]) <= set(everything)
    assert set(SET_KINGDOMS["base"]) | set(SET_KINGDOMS["adventures"]) <= set(everything)


@pytest.mark.parametrize("name, first", [
    ("victory-dance", "Baron"), ("The Plot Thickens", "Conspirator"),
    ("best wishes", "Baron"), ("Underlings", "Cellar"), ("grand_scheme", "Artisan"),
    ("DECONSTRUCTION", "Bandit"), ("royalty-factory", "Conspirator"),
    ("masters-of-finance", "Bridge")])
def test_the_recommended_kingdoms_by_name(name, first):
    ids = parse_kingdom(name)
    assert len(ids) == 10 and card_id(first) in ids
    assert len(NAMED_KINGDOMS) == 8


def test_a_kingdom_name_not_known_is_a_card_error():
    with pytest.raises(ConfigError, match="unknown card 'victory dancing'"):
        parse_kingdom("victory dancing")


def test_domsim_cards_lists_the_set_and_a_named_kingdom(capsys):
    assert main(["cards", "intrigue", "--names"]) == 0
    words = capsys.readouterr().out.split()
    assert len(words) == 26 and words[0] == "courtyard" and "shanty-town" in words
    assert main(["cards", "royalty-factory", "--names"]) == 0
    assert capsys.readouterr().out.split()[-1] == "pilgrimage"
