"""Every kingdom card's text and its RULES.md rulings, on exact situations.

Each test empties all zones, sets the hand / draw pile (top first) / discard it needs and
checks the exact outcome: $ produced, cards gained (and where), hands, discards, trash.
``Scripted`` bots make the choices explicit and record what they saw at each decision.
"""

from __future__ import annotations

import pytest

from bots.rules import Buy, RuleBot
from sim.engine.codes import EV_DISCARD, EV_DRAW, EV_GAIN, EV_PLAY, EV_REVEAL, EV_SHUFFLE
from tests.conftest import EXTRA_KINGDOM, Scripted, check_consistent, events, nobuy


def first_play_view(bot: Scripted, method: str = "buy"):
    views = bot.asked(method)
    assert views, f"{method} was never asked"
    return views[0]


# ----------------------------------------------------------------------------- Cellar
def test_cellar_draws_as_many_as_discarded(scenario):
    me = Scripted(cellar_discard=["Estate", "Estate", "Estate", None])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Cellar", "Estate", "Estate", "Estate", "Copper"])
    sc.set_deck(0, ["Gold", "Gold", "Silver", "Province"])
    assert sc.play_turn(0) == 1 + 3 + 3 + 2
    v = first_play_view(me)
    assert v.in_play == {"Cellar": 1, "Copper": 1, "Gold": 2, "Silver": 1}
    assert v.hand == {}
    assert v.draw_size == 1 and v.discard_size == 3
    assert len(me.asked("cellar_discard")) == 4
    assert events(sc, EV_DISCARD, 0) == [(0, "Estate", 1, 1)] * 3
    check_consistent(sc)


def test_cellar_discarding_nothing_draws_nothing(scenario):
    me = Scripted(cellar_discard=[None])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Cellar", "Copper", "Copper", "Estate"])
    sc.set_deck(0, ["Gold"])
    assert sc.play_turn(0) == 2
    v = first_play_view(me)
    assert v.hand == {"Estate": 1} and v.draw_size == 1 and v.discard_size == 0
    rows = events(sc, EV_DRAW, 0)
    # The only draws are cleanup's (Gold, then the shuffled discard pile).
    assert rows[0] == (0, "Gold", 1, 0) and len(rows) == 5


def test_cellar_gives_an_action(scenario):
    me = Scripted(cellar_discard=["Estate", None])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Cellar", "Smithy", "Estate"])
    sc.set_deck(0, ["Copper", "Silver", "Silver", "Gold"])
    assert sc.play_turn(0) == 1 + 2 + 2 + 3
    assert first_play_view(me).in_play == {"Cellar": 1, "Smithy": 1, "Copper": 1, "Silver": 2,
                                           "Gold": 1}


def test_cellar_reshuffles_the_discarded_cards_when_the_deck_is_empty(scenario):
    """Discard first, then draw: with an empty draw pile the discards come back."""
    me = Scripted(cellar_discard=["Estate", "Estate", None])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Cellar", "Estate", "Estate", "Copper"])
    assert sc.play_turn(0) == 1
    assert first_play_view(me).hand == {"Estate": 2}
    assert events(sc, EV_SHUFFLE, 0)[0] == (0, None, 2, 0)


def test_cellar_may_discard_the_whole_hand(scenario):
    me = Scripted(cellar_discard=lambda v: next(iter(v.hand), None))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Cellar", "Estate", "Duchy", "Curse"])
    sc.set_deck(0, ["Gold", "Gold", "Gold", "Copper"])
    assert sc.play_turn(0) == 9
    v = first_play_view(me)
    assert v.hand == {} and v.discard_size == 3 and v.draw_size == 1
    assert [c for _, c, _, _ in events(sc, EV_DISCARD, 0)] == ["Estate", "Duchy", "Curse"]
    assert sc.trash() == {}


# ----------------------------------------------------------------------------- Moat
def test_moat_draws_two(scenario):
    me = Scripted(base=nobuy("m", play=["Moat"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Moat", "Copper"])
    sc.set_deck(0, ["Silver", "Gold", "Copper"])
    assert sc.play_turn(0) == 6
    assert first_play_view(me).draw_size == 1


def test_moat_uses_the_action(scenario):
    me = Scripted(base=nobuy("m", play=["Moat", "Smithy"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Moat", "Smithy"])
    sc.set_deck(0, ["Copper", "Copper", "Gold", "Gold", "Gold"])
    assert sc.play_turn(0) == 2
    assert first_play_view(me).hand == {"Smithy": 1}


def militia_turn(sc, p=0, extra=()):
    sc.set_hand(p, ["Militia", "Copper", "Copper", "Copper", *extra])
    return sc.play_turn(p)


def test_moat_revealed_blocks_militia_and_stays_in_hand(scenario):
    them = Scripted("them", reveal_moat=[True])
    sc = scenario([nobuy(play=["Militia"]), them])
    sc.set_hand(1, ["Moat", "Copper", "Copper", "Estate", "Estate"])
    assert militia_turn(sc) == 5
    assert sc.hand(1) == {"Moat": 1, "Copper": 2, "Estate": 2}
    assert sc.discard(1) == {}
    assert events(sc, EV_REVEAL) == [(1, "Moat", 1, 0)]
    assert them.asked("attack_discard") == []


def test_moat_not_revealed_does_not_block(scenario):
    them = Scripted("them", reveal_moat=[False], attack_discard=["Estate", "Moat"])
    sc = scenario([nobuy(play=["Militia"]), them])
    sc.set_hand(1, ["Moat", "Copper", "Copper", "Estate", "Estate"])
    militia_turn(sc)
    assert sc.hand(1) == {"Copper": 2, "Estate": 1}
    assert sc.discard(1) == {"Estate": 1, "Moat": 1}
    assert events(sc, EV_REVEAL) == []


def test_moat_works_against_every_attack_while_in_hand(scenario):
    them = Scripted("them", reveal_moat=[True, True])
    sc = scenario([nobuy(play=["Village", "Militia"]), them])
    sc.set_hand(0, ["Village", "Militia", "Militia"])
    sc.set_deck(0, ["Copper"])
    sc.set_hand(1, ["Moat", "Copper", "Copper", "Estate", "Estate"])
    assert sc.play_turn(0) == 2 + 2 + 1
    assert len(them.asked("reveal_moat")) == 2
    assert events(sc, EV_REVEAL) == [(1, "Moat", 1, 0)] * 2
    assert sc.hand(1) == {"Moat": 1, "Copper": 2, "Estate": 2}


def test_played_moat_does_not_protect(scenario):
    them = Scripted("them", base=nobuy("t", play=["Moat"]))
    sc = scenario([nobuy("a", play=["Militia"]), them])
    sc.set_hand(1, ["Moat", "Copper", "Copper", "Copper", "Copper"])
    sc.set_deck(1, ["Estate", "Estate", "Estate", "Estate", "Estate", "Copper", "Copper"])
    sc.play_turn(1)
    assert sc.in_play(1) == {} and sc.discard(1)["Moat"] == 1
    assert sc.hand(1) == {"Estate": 3, "Copper": 2}
    militia_turn(sc)
    assert them.asked("reveal_moat") == []
    assert sc.hand(1) == {"Estate": 1, "Copper": 2}
    assert sc.discard(1)["Estate"] == 4


# ----------------------------------------------------------------------------- Village
def test_village_one_card_two_actions(scenario):
    me = Scripted(base=nobuy("v", play=["Village", "Smithy"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Village", "Smithy", "Smithy", "Smithy", "Estate"])
    sc.set_deck(0, ["Copper", "Silver", "Silver", "Silver", "Gold", "Gold", "Gold", "Gold",
                    "Gold", "Gold"])
    assert sc.play_turn(0) == 1 + 6 + 9
    v = first_play_view(me)
    assert v.in_play == {"Village": 1, "Smithy": 2, "Copper": 1, "Silver": 3, "Gold": 3}
    assert v.hand == {"Smithy": 1, "Estate": 1}
    assert v.actions == 0 and v.draw_size == 3


# ----------------------------------------------------------------------------- Merchant
def merchant_turn(scenario, hand, deck, me=None):
    me = me or Scripted(base=nobuy("m", play=["Merchant"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, hand)
    sc.set_deck(0, deck)
    return sc.play_turn(0), me


def test_two_merchants_two_silvers(scenario):
    produced, _ = merchant_turn(scenario, ["Merchant", "Merchant", "Copper", "Estate", "Estate"],
                                ["Silver", "Silver"])
    assert produced == 2 + 2 + 1 + 1 + 1


def test_one_merchant_two_silvers_gives_one(scenario):
    produced, _ = merchant_turn(scenario, ["Merchant", "Silver", "Silver", "Estate"], ["Copper"])
    assert produced == 2 + 2 + 1 + 1


def test_merchant_without_silver_gives_nothing(scenario):
    produced, _ = merchant_turn(scenario, ["Merchant", "Gold", "Copper"], ["Estate"])
    assert produced == 4


def test_merchant_pays_on_the_first_silver_played_whatever_comes_before(scenario):
    me = Scripted(base=nobuy("m", play=["Merchant"]),
                  play_treasure=["Copper", "Silver", "Silver", None])
    produced, me = merchant_turn(scenario, ["Merchant", "Silver", "Silver", "Copper"],
                                 ["Estate"], me)
    assert produced == 6
    # $ seen before each Treasure: the Merchant's +$1 comes with the first Silver.
    assert [v.coins for v in me.asked("play_treasure")] == [0, 1, 4]


def test_merchant_in_hand_but_not_played_gives_nothing(scenario):
    produced, _ = merchant_turn(scenario, ["Merchant", "Silver"], ["Copper"],
                                Scripted(base=nobuy("m", play=[])))
    assert produced == 2


# ----------------------------------------------------------------------------- Workshop
def test_workshop_gains_up_to_4_to_discard_using_no_buy_or_coins(scenario):
    me = Scripted(base=RuleBot("w", buy=[Buy("Silver")]), workshop_gain=["Smithy"])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Workshop", "Copper", "Copper", "Copper", "Copper"])
    assert sc.play_turn(0) == 4
    assert me.asked("workshop_gain")[0].arg == 4
    v = first_play_view(me)
    assert v.coins == 4 and v.buys == 1
    assert v.owned == {"Workshop": 1, "Copper": 4, "Smithy": 1} and "Smithy" not in v.hand
    assert v.discard_size == 1
    assert sc.gained_last_turn() == {"Smithy": 1, "Silver": 1}
    assert events(sc, EV_GAIN, 0) == [(0, "Smithy", 1, 0), (0, "Silver", 1, 0)]
    assert sc.supply("Smithy") == 9


@pytest.mark.parametrize("card", ["Market", "Mine", "Gold", "Province"])
def test_workshop_cannot_gain_more_than_4(scenario, card):
    sc = scenario([Scripted(workshop_gain=[card]), nobuy()])
    sc.set_hand(0, ["Workshop"])
    with pytest.raises(RuntimeError, match=f"gain with Workshop: {card} is not a legal answer "
                                           r"\(arg 4\); legal answers: Copper, Silver, "):
        sc.play_turn(0)


def test_workshop_with_nothing_gainable_gains_nothing(scenario):
    me = Scripted()
    sc = scenario([me, nobuy()])
    for c in ("Copper", "Silver", "Estate", "Curse", "Cellar", "Moat", "Village", "Merchant",
              "Workshop", "Smithy", "Militia", "Remodel"):
        sc.set_supply(c, 0)
    sc.set_hand(0, ["Workshop"])
    sc.play_turn(0)
    assert me.asked("workshop_gain") == [] and sc.gained_last_turn() == {}


# ----------------------------------------------------------------------------- Smithy
def test_smithy_draws_three(scenario):
    me = Scripted(base=nobuy("s", play=["Smithy"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Smithy", "Copper"])
    sc.set_deck(0, ["Silver", "Silver", "Gold", "Province"])
    assert sc.play_turn(0) == 1 + 2 + 2 + 3
    assert first_play_view(me).draw_size == 1


def test_smithy_gives_no_action_for_a_drawn_village(scenario):
    me = Scripted(base=nobuy("s", play=["Village", "Smithy"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Smithy", "Smithy", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Village", "Copper", "Copper", "Estate"])
    assert sc.play_turn(0) == 5
    assert me.methods().count("play_action") == 1
    v = first_play_view(me)
    assert v.hand == {"Smithy": 1, "Village": 1} and v.in_play == {"Smithy": 1, "Copper": 5}


# ----------------------------------------------------------------------------- Militia
def test_militia_plus_2_and_others_discard_down_to_3_of_their_choice(scenario):
    them = Scripted("them", attack_discard=["Copper", "Estate"])
    sc = scenario([nobuy(play=["Militia"]), them])
    sc.set_hand(1, ["Copper", "Copper", "Estate", "Estate", "Silver"])
    assert militia_turn(sc) == 2 + 3
    assert sc.hand(1) == {"Copper": 1, "Estate": 1, "Silver": 1}
    assert sc.discard(1) == {"Copper": 1, "Estate": 1}
    assert [v.arg for v in them.asked("attack_discard")] == [2, 1]
    assert sc.trash() == {} and sc.owned(1) == {"Copper": 2, "Estate": 2, "Silver": 1}
    assert events(sc, EV_DISCARD, 1) == [(1, "Copper", 1, 0), (1, "Estate", 1, 0)]


@pytest.mark.parametrize("size,discards", [(0, 0), (2, 0), (3, 0), (4, 1), (5, 2), (9, 6)])
def test_militia_discards_only_down_to_3(scenario, size, discards):
    them = Scripted("them")
    sc = scenario([nobuy(play=["Militia"]), them])
    sc.set_hand(1, ["Copper"] * size)
    militia_turn(sc)
    assert sc.hand(1) == ({"Copper": size - discards} if size else {})
    assert len(them.asked("attack_discard")) == discards
    assert sc.discard(1) == ({"Copper": discards} if discards else {})


def test_militia_attacks_in_turn_order_from_the_left(scenario):
    sc = scenario([nobuy("b0"), nobuy("b1"), nobuy("b2", play=["Militia"]), nobuy("b3")])
    for p in (0, 1, 3):
        sc.set_hand(p, ["Estate"] * 5)
    sc.set_hand(2, ["Militia"])
    sc.play_turn(2)
    assert [p for p, *_ in events(sc, EV_DISCARD)] == [3, 3, 0, 0, 1, 1]
    for p in (0, 1, 3):
        assert sc.hand(p) == {"Estate": 3}


def test_militia_moat_blocks_only_its_holder(scenario):
    sc = scenario([nobuy("a", play=["Militia"]), nobuy("b"), nobuy("c")])
    sc.set_hand(1, ["Moat", "Estate", "Estate", "Estate", "Estate"])
    sc.set_hand(2, ["Moat", "Estate", "Estate", "Estate", "Estate"])
    sc.set_hand(2, ["Estate"] * 5)
    sc.set_hand(0, ["Militia"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Moat": 1, "Estate": 4}
    assert sc.hand(2) == {"Estate": 3}


# ----------------------------------------------------------------------------- Remodel
def test_remodel_with_an_empty_hand_gains_nothing(scenario):
    me = Scripted(base=nobuy("r", play=["Remodel"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Remodel"])
    sc.set_deck(0, ["Copper"] * 5)
    sc.play_turn(0)
    assert me.asked("remodel_trash") == [] and me.asked("remodel_gain") == []
    assert sc.trash() == {} and sc.gained_last_turn() == {}
    assert events(sc, EV_GAIN) == []


def test_remodel_estate_into_a_4(scenario):
    me = Scripted(remodel_trash=["Estate"], remodel_gain=["Smithy"])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Remodel", "Estate", "Copper"])
    assert sc.play_turn(0) == 1
    assert me.asked("remodel_gain")[0].arg == 4
    assert sc.trash() == {"Estate": 1}
    assert sc.owned(0) == {"Remodel": 1, "Copper": 1, "Smithy": 1}
    assert events(sc, EV_GAIN) == [(0, "Smithy", 1, 0)]


@pytest.mark.parametrize("trash,gain", [("Copper", "Cellar"), ("Estate", "Militia"),
                                        ("Silver", "Market"), ("Curse", "Estate")])
def test_remodel_up_to_exactly_2_above(scenario, trash, gain):
    sc = scenario([Scripted(remodel_trash=[trash], remodel_gain=[gain]), nobuy()])
    sc.set_hand(0, ["Remodel", trash])
    sc.play_turn(0)
    assert sc.trash() == {trash: 1} and sc.owned(0) == {"Remodel": 1, gain: 1}


def test_remodel_gold_into_province(scenario):
    sc = scenario([Scripted(remodel_trash=["Gold"], remodel_gain=["Province"]), nobuy()])
    sc.set_hand(0, ["Remodel", "Gold"])
    sc.play_turn(0)
    assert sc.trash() == {"Gold": 1} and sc.owned(0) == {"Remodel": 1, "Province": 1}
    assert sc.supply("Province") == 7


@pytest.mark.parametrize("trash,gain", [("Estate", "Market"), ("Copper", "Silver"),
                                        ("Silver", "Gold"), ("Gold", "Witch")])
def test_remodel_cannot_gain_more_than_2_above(scenario, trash, gain):
    """More than $2 above is refused (and Witch is not in this game's supply)."""
    sc = scenario([Scripted(remodel_trash=[trash], remodel_gain=[gain]), nobuy()])
    sc.set_hand(0, ["Remodel", trash])
    with pytest.raises(RuntimeError):
        sc.play_turn(0)


def test_remodel_gain_need_not_differ(scenario):
    sc = scenario([Scripted(remodel_trash=["Silver"], remodel_gain=["Silver"]), nobuy()])
    sc.set_hand(0, ["Remodel", "Silver"])
    assert sc.play_turn(0) == 0
    assert sc.trash() == {"Silver": 1}
    assert sc.owned(0) == {"Remodel": 1, "Silver": 1}
    assert events(sc, EV_GAIN) == [(0, "Silver", 1, 0)]
    assert sc.supply("Silver") == 39


def test_remodel_trash_is_mandatory(scenario):
    sc = scenario([Scripted(remodel_trash=[None]), nobuy()])
    sc.set_hand(0, ["Remodel", "Estate"])
    with pytest.raises(RuntimeError):
        sc.play_turn(0)


def test_remodel_still_trashes_when_nothing_is_gainable(scenario):
    me = Scripted(remodel_trash=["Copper"])
    sc = scenario([me, nobuy()])
    for c in ("Copper", "Curse", "Estate", "Cellar", "Moat"):
        sc.set_supply(c, 0)
    sc.set_hand(0, ["Remodel", "Copper"])
    sc.play_turn(0)
    assert sc.trash() == {"Copper": 1} and me.asked("remodel_gain") == []
    assert sc.owned(0) == {"Remodel": 1}


# ----------------------------------------------------------------------------- Mine
def test_mine_gains_to_hand_and_it_is_played_this_turn(scenario):
    me = Scripted(mine_trash=["Copper"], mine_gain=["Silver"])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Mine", "Copper", "Copper", "Copper", "Copper"])
    assert sc.play_turn(0) == 3 + 2
    assert me.asked("mine_gain")[0].arg == 3
    assert sc.trash() == {"Copper": 1}
    assert events(sc, EV_GAIN) == [(0, "Silver", 1, 1)]
    assert first_play_view(me).in_play == {"Mine": 1, "Copper": 3, "Silver": 1}


def test_mine_gained_silver_triggers_merchant(scenario):
    me = Scripted(base=nobuy("m", play=["Merchant", "Mine"]), mine_trash=["Copper"],
                  mine_gain=["Silver"])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Merchant", "Mine", "Estate", "Estate"])
    sc.set_deck(0, ["Copper"])
    assert sc.play_turn(0) == 2 + 1


def test_mine_silver_into_gold(scenario):
    sc = scenario([Scripted(mine_trash=["Silver"], mine_gain=["Gold"]), nobuy()])
    sc.set_hand(0, ["Mine", "Silver", "Estate"])
    assert sc.play_turn(0) == 3
    assert sc.trash() == {"Silver": 1} and sc.owned(0) == {"Mine": 1, "Gold": 1, "Estate": 1}


def test_mine_is_optional(scenario):
    sc = scenario([Scripted(mine_trash=[None]), nobuy()])
    sc.set_hand(0, ["Mine", "Copper", "Silver"])
    assert sc.play_turn(0) == 3
    assert sc.trash() == {} and sc.gained_last_turn() == {}


def test_mine_without_treasure_does_nothing(scenario):
    sc = scenario([nobuy(play=["Mine"]), nobuy()])
    sc.set_hand(0, ["Mine", "Estate", "Smithy"])
    sc.play_turn(0)
    assert sc.trash() == {} and sc.owned(0) == {"Mine": 1, "Estate": 1, "Smithy": 1}


@pytest.mark.parametrize("trash,gain", [("Copper", "Gold"), ("Silver", "Smithy"),
                                        ("Estate", "Silver"), ("Copper", "Estate")])
def test_mine_illegal_choices_are_refused(scenario, trash, gain):
    """Only a Treasure can be trashed, and only a Treasure costing up to $3 more gained."""
    sc = scenario([Scripted(mine_trash=[trash], mine_gain=[gain]), nobuy()])
    sc.set_hand(0, ["Mine", "Copper", "Silver", "Estate"])
    with pytest.raises(RuntimeError):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- Market
def test_market(scenario):
    me = Scripted(base=RuleBot("m", buy=[Buy("Gold"), Buy("Copper")], play=["Market", "Smithy"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Market", "Smithy", "Copper", "Copper"])
    sc.set_deck(0, ["Silver", "Copper", "Copper", "Estate", "Gold"])
    assert sc.play_turn(0) == 1 + 2 + 2 + 2
    buys = me.asked("buy")
    assert [(v.coins, v.buys) for v in buys] == [(7, 2), (1, 1)]
    assert sc.gained_last_turn() == {"Gold": 1, "Copper": 1}
    assert buys[0].in_play == {"Market": 1, "Smithy": 1, "Copper": 4, "Silver": 1}


# ----------------------------------------------------------------------------- Festival
def test_festival(scenario):
    me = Scripted(base=nobuy("f", play=["Festival", "Smithy"]))
    sc = scenario([me, nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Festival", "Smithy", "Smithy", "Estate"])
    sc.set_deck(0, ["Copper"] * 6 + ["Gold"])
    assert sc.play_turn(0) == 2 + 6
    v = first_play_view(me)
    assert (v.buys, v.actions, v.draw_size) == (2, 0, 1)
    assert v.hand == {"Estate": 1}


def test_festival_draws_no_card(scenario):
    me = Scripted(base=nobuy("f", play=["Festival"]))
    sc = scenario([me, nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Festival"])
    sc.set_deck(0, ["Gold"])
    assert sc.play_turn(0) == 2
    v = first_play_view(me)
    assert (v.actions, v.buys, v.draw_size, v.hand) == (2, 2, 1, {})


# ----------------------------------------------------------------------------- Laboratory
def test_laboratory(scenario):
    me = Scripted(base=nobuy("l", play=["Laboratory"]))
    sc = scenario([me, nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Laboratory", "Laboratory", "Copper"])
    sc.set_deck(0, ["Silver", "Silver", "Gold", "Gold", "Estate"])
    assert sc.play_turn(0) == 1 + 4 + 6
    v = first_play_view(me)
    assert (v.actions, v.buys, v.draw_size) == (1, 1, 1)


# ----------------------------------------------------------------------------- Witch
def test_witch_draws_two_and_curses_the_others(scenario):
    me = Scripted(base=nobuy("w", play=["Witch"]))
    sc = scenario([me, nobuy("b"), nobuy("c")], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Witch"])
    sc.set_deck(0, ["Gold", "Silver", "Copper"])
    assert sc.play_turn(0) == 5
    assert sc.supply("Curse") == 18
    for p in (1, 2):
        assert sc.discard(p) == {"Curse": 1} and sc.owned(p) == {"Curse": 1}
    assert sc.score(1) == -1
    assert events(sc, EV_GAIN) == [(1, "Curse", 1, 0), (2, "Curse", 1, 0)]


def test_witch_blocked_by_moat(scenario):
    sc = scenario([nobuy("w", play=["Witch"]), nobuy("b"), nobuy("c")], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Witch"])
    sc.set_hand(1, ["Moat"])
    sc.play_turn(0)
    assert sc.owned(1) == {"Moat": 1}
    assert sc.owned(2) == {"Curse": 1}
    assert sc.supply("Curse") == 19


def test_witch_with_empty_curse_pile(scenario):
    sc = scenario([nobuy("w", play=["Witch"]), nobuy("b")], kingdom=EXTRA_KINGDOM)
    sc.set_supply("Curse", 0)
    sc.set_hand(0, ["Witch"])
    sc.set_deck(0, ["Gold", "Gold"])
    assert sc.play_turn(0) == 6
    assert sc.owned(1) == {} and sc.supply("Curse") == 0
    check_consistent(sc)


def test_witch_last_curses_go_in_turn_order_from_the_left(scenario):
    sc = scenario([nobuy("a"), nobuy("b"), nobuy("w", play=["Witch"]), nobuy("d")],
                  kingdom=EXTRA_KINGDOM)
    sc.set_supply("Curse", 2)
    sc.set_hand(2, ["Witch"])
    sc.play_turn(2)
    assert [sc.owned(p).get("Curse", 0) for p in range(4)] == [1, 0, 0, 1]
    assert sc.supply("Curse") == 0


# ----------------------------------------------------------------------------- Council Room
def test_council_room(scenario):
    me = Scripted(base=RuleBot("c", buy=[Buy("Silver")], play=["Council Room"]))
    sc = scenario([me, nobuy("b"), nobuy("c")], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Council Room", "Copper"])
    sc.set_deck(0, ["Copper", "Copper", "Copper", "Copper", "Gold"])
    sc.set_hand(1, ["Moat"])
    sc.set_deck(1, ["Gold", "Estate"])
    sc.set_deck(2, [])
    assert sc.play_turn(0) == 5
    v = first_play_view(me)
    assert (v.buys, v.draw_size) == (2, 1)
    assert sc.gained_last_turn() == {"Silver": 1}
    assert sc.hand(1) == {"Moat": 1, "Gold": 1} and sc.deck(1) == ["Estate"]
    assert sc.hand(2) == {}    # nothing to draw: nothing drawn
    assert events(sc, EV_REVEAL) == []      # not an Attack: Moat has nothing to block


# ----------------------------------------------------------------------------- Gardens
@pytest.mark.parametrize("others,gardens,expected", [(8, 1, 0), (9, 1, 1), (38, 1, 3),
                                                     (39, 1, 4), (18, 2, 4), (27, 3, 9)])
def test_gardens_one_vp_per_ten_cards(scenario, others, gardens, expected):
    sc = scenario([nobuy(), nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_discard(0, {"Copper": others, "Gardens": gardens})
    assert sc.score(0) == expected


def test_gardens_counts_every_zone_and_curses(scenario):
    sc = scenario([nobuy(), nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Gardens", "Copper"]).set_deck(0, ["Copper"] * 5)
    sc.set_discard(0, ["Curse", "Estate"]).set_in_play(0, ["Smithy"])
    assert sc.score(0) == 1 - 1 + 1


# ----------------------------------------------------------------------------- Moneylender
def test_moneylender_trashes_a_copper_for_3(scenario):
    sc = scenario([Scripted(moneylender_trash=[True]), nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Moneylender", "Copper", "Copper", "Copper", "Copper"])
    assert sc.play_turn(0) == 3 + 3
    assert sc.trash() == {"Copper": 1}
    assert sc.owned(0) == {"Moneylender": 1, "Copper": 3}


def test_moneylender_is_optional(scenario):
    sc = scenario([Scripted(moneylender_trash=[False]), nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Moneylender", "Copper", "Copper"])
    assert sc.play_turn(0) == 2
    assert sc.trash() == {}


def test_moneylender_without_copper(scenario):
    me = Scripted(base=nobuy("m", play=["Moneylender"]))
    sc = scenario([me, nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Moneylender", "Silver"])
    assert sc.play_turn(0) == 2
    assert me.asked("moneylender_trash") == [] and sc.trash() == {}


# ----------------------------------------------------------------------------- Chapel
def test_chapel_trashes_at_most_four(scenario):
    me = Scripted(chapel_trash=lambda v: "Estate" if "Estate" in v.hand else None)
    sc = scenario([me, nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Chapel"] + ["Estate"] * 6)
    sc.play_turn(0)
    assert len(me.asked("chapel_trash")) == 4
    assert sc.trash() == {"Estate": 4}
    assert sc.owned(0) == {"Chapel": 1, "Estate": 2}


def test_chapel_may_trash_fewer(scenario):
    sc = scenario([Scripted(chapel_trash=["Curse", "Copper", None]), nobuy()],
                  kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Chapel", "Curse", "Copper", "Copper", "Estate"])
    assert sc.play_turn(0) == 1
    assert sc.trash() == {"Curse": 1, "Copper": 1}
    assert sc.score(0) == 1


def test_chapel_stops_with_an_empty_hand(scenario):
    me = Scripted(chapel_trash=lambda v: next(iter(v.hand), None))
    sc = scenario([me, nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Chapel", "Copper", "Estate"])
    sc.play_turn(0)
    assert sc.trash() == {"Copper": 1, "Estate": 1}
    assert len(me.asked("chapel_trash")) == 2


def test_every_action_played_is_logged_once(scenario):
    sc = scenario([nobuy(play=["Village", "Smithy"]), nobuy()])
    sc.set_hand(0, ["Village", "Smithy"])
    sc.set_deck(0, ["Copper"] * 4)
    sc.play_turn(0)
    plays = [c for _, c, _, _ in events(sc, EV_PLAY, 0)]
    assert plays == ["Village", "Smithy", "Copper", "Copper", "Copper", "Copper"]
