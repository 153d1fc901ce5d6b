"""Intrigue's cards that trash, gain and order the deck (sim.engine.intrigue.gains):
Trading Post, Upgrade, Courtier, Patrol, Wishing Well, Lurker, Secret Passage.

One scenario test per ruling of ../shared/INTRIGUE.md §3 (and per Official FAQ ruling
followed, ../intrigue_faq.md), each on an exact situation: every zone emptied, the cards
the test needs set, one turn of the real engine (the Adventures turn: every Intrigue game
runs it) and the exact outcome.  Player 0 is a ``Scripted`` bot that plays no Treasures,
so the $ a turn reports is what the Actions gave.  Then the rule bots' defaults, the
invariants over random and rule bots (2, 3, 4 players), and random agents at every seat:
each question of these cards met, a turn stopped at it equal to the turn replayed, the
engine taking exactly the masked answers.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.cards import ACTION, CARDS, N_CARDS, card_id
from sim.engine import base_set, codes
from sim.engine import layout as L
from sim.engine.codes import (
    EV_CHOOSE,
    EV_GAIN,
    EV_INSERT,
    EV_NAME,
    EV_RETURN,
    EV_REVEAL_CARD,
    EV_SHUFFLE,
    EV_TOPDECK,
    EV_TRASH,
    TRASH_FROM_SUPPLY,
)
from sim.engine.gamelog import HIDDEN, seen_by
from sim.engine.intrigue import gains
from tests.conftest import Scripted, check_consistent, log_rows

K = ["Trading Post", "Upgrade", "Courtier", "Patrol", "Wishing Well", "Lurker",
     "Secret Passage", "Village", "Throne Room", "Bridge Troll"]
# Dual-typed Intrigue cards (Harem: Treasure-Victory; Mill, Nobles: Action-Victory).
K_DUAL = ["Lurker", "Patrol", "Courtier", "Harem", "Mill", "Nobles", "Village", "Duke",
          "Wishing Well", "Secret Passage"]
# Travellers (Page's upgrades are Actions outside the Supply).
K_TRAVEL = ["Lurker", "Page", "Village", "Smithy", "Upgrade", "Courtier", "Patrol",
            "Trading Post", "Wishing Well", "Secret Passage"]

PAD = ["Curse"] * 5          # the bottom of a draw pile: what Cleanup draws


def me(**script) -> Scripted:
    """Player 0: answers from the script, plays no Treasures unless told, buys nothing."""
    script.setdefault("play_treasure", [None])
    return Scripted("me", **script)


def other() -> Scripted:
    return Scripted("other")


def buy_view(bot: Scripted):
    views = bot.asked("buy")
    assert views, "the bot was never asked to buy"
    return views[0]


def set_trash(sc, cards: dict[str, int]) -> None:
    for name, n in cards.items():
        sc.S[L.TRASH + card_id(name)] = n


def turn_rows(sc, ev, p=0):
    """``events`` of ``p`` before the turn's Cleanup."""
    out = []
    for e, _t, q, c, k, x in log_rows(sc):
        if e == codes.EV_CLEANUP:
            break
        if e == ev and q == p:
            out.append((CARDS[c].name if c >= 0 else None, k, x))
    return out


# ----------------------------------------------------------------------------- Trading Post
def test_trading_post_trashes_two_and_gains_a_silver_to_hand(scenario):
    """INTRIGUE.md §2 Trading Post; FAQ [RB]: with 2+ cards exactly 2 are trashed and a
    Silver is gained to hand, usable this turn."""
    bot = me(play_action=["Trading Post", None], trading_post_trash=["Estate", "Copper"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Trading Post", "Estate", "Copper", "Gold"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 1, "Copper": 1}
    assert buy_view(bot).hand == {"Gold": 1, "Silver": 1}
    assert [v.arg for v in bot.asked("trading_post_trash")] == [0, 1]
    assert turn_rows(sc, EV_GAIN) == [("Silver", 1, 1)]
    check_consistent(sc)


def test_trading_post_with_one_card_trashes_it_and_gains_nothing(scenario):
    """INTRIGUE.md §3 Trading Post: with 1 card in hand it is trashed and no Silver is
    gained."""
    bot = me(play_action=["Trading Post", None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Trading Post", "Estate"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 1} and "Silver" not in sc.owned(0)
    assert len(bot.asked("trading_post_trash")) == 1


def test_trading_post_with_an_empty_hand_does_nothing(scenario):
    """INTRIGUE.md §3 Trading Post: with 0 cards nothing happens (nothing is asked)."""
    bot = me(play_action=["Trading Post", None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Trading Post"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert sc.trash() == {} and bot.asked("trading_post_trash") == []
    assert "Silver" not in sc.owned(0)


def test_trading_post_trashes_two_even_with_no_silver_left(scenario):
    """Official FAQ [RB] (../intrigue_faq.md, Trading Post): if the Silver pile is empty
    you still trash 2, and gain nothing."""
    bot = me(play_action=["Trading Post", None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Trading Post", "Estate", "Curse"]).set_deck(0, PAD)
    sc.set_supply("Silver", 0)
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 1, "Curse": 1} and "Silver" not in sc.owned(0)


# ----------------------------------------------------------------------------- Upgrade
def test_upgrade_draws_then_trashes_and_gains_costing_exactly_1_more(scenario):
    """INTRIGUE.md §2 Upgrade: +1 Card first; the trashed Estate ($2) gives a card costing
    exactly $3 (arg 3), to the discard pile."""
    bot = me(play_action=["Upgrade", None], upgrade_trash=["Estate"],
             upgrade_gain=["Silver"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Upgrade", "Copper"]).set_deck(0, ["Estate"] + PAD)
    sc.play_turn(0)
    assert bot.asked("upgrade_trash")[0].hand == {"Copper": 1, "Estate": 1}
    assert [v.arg for v in bot.asked("upgrade_gain")] == [3]
    assert sc.trash() == {"Estate": 1} and sc.discard(0).get("Silver") == 1
    assert buy_view(bot).actions == 1


def test_upgrade_with_nothing_costing_exactly_1_more_trashes_and_gains_nothing(scenario):
    """INTRIGUE.md §3 Upgrade: trashing is mandatory if the hand has a card; if no card
    costs exactly $1 more, nothing is gained (and nothing asked)."""
    bot = me(play_action=["Upgrade", None], upgrade_trash=["Gold"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Upgrade", "Gold"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert sc.trash() == {"Gold": 1} and bot.asked("upgrade_gain") == []
    assert sc.gained_last_turn() == {}


def test_upgrade_compares_the_costs_now(scenario):
    """INTRIGUE.md §3 "Cost is the cost now" and Official FAQ [RB] (Bridge/Upgrade): with
    costs lowered by $1 (here a Bridge Troll in play), Copper ($0, never below) becomes a
    card costing $1 now: an Estate ($2 printed)."""
    bot = me(play_action=["Upgrade", None], upgrade_trash=["Copper"],
             upgrade_gain=["Estate"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_in_play(0, ["Bridge Troll"])
    sc.set_hand(0, ["Upgrade", "Copper"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert [v.arg for v in bot.asked("upgrade_gain")] == [1]
    assert sc.gained_last_turn() == {"Estate": 1} and sc.trash() == {"Copper": 1}


def test_upgrade_refuses_a_card_not_costing_exactly(scenario):
    """The gain must cost exactly $1 more: a cheaper card is an illegal answer."""
    bot = me(play_action=["Upgrade", None], upgrade_trash=["Estate"],
             upgrade_gain=["Copper"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Upgrade", "Estate"]).set_deck(0, PAD)
    with pytest.raises(Exception, match="not a legal answer"):
        sc.play_turn(0)


@pytest.mark.parametrize("card,method", [("Upgrade", "upgrade_trash"),
                                         ("Trading Post", "trading_post_trash")])
def test_upgrade_and_trading_post_must_trash(scenario, card, method):
    """INTRIGUE.md §3 Upgrade ("trashing is mandatory if the hand has a card") and §2
    Trading Post: "none" is no legal answer with a card in hand."""
    bot = me(play_action=[card, None], **{method: [None]})
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, [card, "Estate", "Copper"]).set_deck(0, PAD)
    with pytest.raises(Exception, match="not a legal answer"):
        sc.play_turn(0)


def test_upgrade_with_an_empty_hand_asks_nothing(scenario):
    bot = me(play_action=["Upgrade", None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Upgrade"])
    sc.play_turn(0)
    assert bot.asked("upgrade_trash") == [] and sc.trash() == {}


# ----------------------------------------------------------------------------- Courtier
def test_courtier_copper_gives_one_choice_and_stays_in_hand(scenario):
    """INTRIGUE.md §3 Courtier: the revealed card stays in hand (revealed: public); Copper
    has 1 type: one choice."""
    bot = me(play_action=["Courtier", None], courtier_reveal=["Copper"], courtier_mode=[2])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Courtier", "Copper"]).set_deck(0, PAD)
    assert sc.play_turn(0) == 3
    assert buy_view(bot).hand == {"Copper": 1}
    assert len(bot.asked("courtier_mode")) == 1
    assert turn_rows(sc, EV_REVEAL_CARD) == [("Copper", 1, 1)]
    assert turn_rows(sc, EV_CHOOSE) == [("Courtier", 2, gains.D_COURTIER_MODE)]


def test_courtier_two_types_two_different_choices_all_chosen_before_any_resolves(scenario):
    """INTRIGUE.md §3: one choice per type, all different (the second question's arg says
    the first is taken; Harem, Treasure-Victory, has 2); the choices resolve after all are
    made (the Gold's gain follows both EV_CHOOSE rows)."""
    bot = me(play_action=["Courtier", None], courtier_reveal=["Harem"],
             courtier_mode=[3, 1])
    sc = scenario([bot, other()], kingdom=K_DUAL)
    sc.set_hand(0, ["Courtier", "Harem"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert [v.arg for v in bot.asked("courtier_mode")] == [0, 8]
    assert buy_view(bot).buys == 2 and sc.discard(0).get("Gold") == 1
    rows = [e for e, *_ in log_rows(sc) if e in (EV_CHOOSE, EV_GAIN)]
    assert rows == [EV_CHOOSE, EV_CHOOSE, EV_GAIN]


def test_courtier_refuses_the_same_choice_twice(scenario):
    """INTRIGUE.md §3 General: Courtier's choices must be different."""
    bot = me(play_action=["Courtier", None], courtier_reveal=["Harem"],
             courtier_mode=[2, 2])
    sc = scenario([bot, other()], kingdom=K_DUAL)
    sc.set_hand(0, ["Courtier", "Harem"]).set_deck(0, PAD)
    with pytest.raises(Exception, match="not a legal answer"):
        sc.play_turn(0)


def test_courtier_counts_an_inheriting_estates_types(scenario):
    """INTRIGUE.md §3 Courtier (and the FAQ [W]): an Estate that inherited an Action-Attack
    card (Giant) has 3 types: three choices (+1 Action, +1 Buy, +$3)."""
    bot = me(play_action=["Courtier", None], courtier_reveal=["Estate"],
             courtier_mode=[0, 1, 2])
    sc = scenario([bot, other()], kingdom=["Giant" if c == "Village" else c for c in K])
    sc.set_inheritance(0, "Giant")
    sc.set_hand(0, ["Courtier", "Estate"]).set_deck(0, PAD)
    assert sc.play_turn(0) == 3
    assert [v.arg for v in bot.asked("courtier_mode")] == [0, 1, 3]
    view = buy_view(bot)
    assert view.actions == 1 and view.buys == 2


def test_courtier_four_types_give_all_four(scenario):
    """FAQ [W] (Courtier): a 4-type card gives all 4 bonuses: an Estate that inherited
    Bridge Troll (Action-Attack-Duration) is Victory-Action-Attack-Duration.  The last
    choice is the one left (a single legal answer)."""
    bot = me(play_action=["Courtier", None], courtier_reveal=["Estate"],
             courtier_mode=[3, 2, 1, 0])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_inheritance(0, "Bridge Troll")
    sc.set_hand(0, ["Courtier", "Estate"]).set_deck(0, PAD)
    assert sc.play_turn(0) == 3
    assert [v.arg for v in bot.asked("courtier_mode")] == [0, 8, 12, 14]
    view = buy_view(bot)
    assert view.actions == 1 and view.buys == 2 and sc.gained_last_turn() == {"Gold": 1}


def test_courtier_gold_with_no_gold_left_gains_nothing(scenario):
    """"Choose one" options may be chosen when they do nothing (§3 General): the Gold with
    the Gold pile empty."""
    bot = me(play_action=["Courtier", None], courtier_reveal=["Copper"], courtier_mode=[3])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Courtier", "Copper"]).set_deck(0, PAD)
    sc.set_supply("Gold", 0)
    sc.play_turn(0)
    assert "Gold" not in sc.owned(0)


def test_courtier_with_an_empty_hand_does_nothing(scenario):
    """INTRIGUE.md §3 Courtier: with an empty hand nothing happens."""
    bot = me(play_action=["Courtier", None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Courtier"])
    assert sc.play_turn(0) == 0
    assert bot.asked("courtier_reveal") == [] and bot.asked("courtier_mode") == []


def test_courtier_throne_roomed_reveals_and_chooses_again(scenario):
    """Official FAQ [W] (Courtier): played twice, it may reveal the same card and choose
    the same bonus again."""
    bot = me(play_action=["Throne Room", None], throne_room=["Courtier"],
             courtier_reveal=["Copper", "Copper"], courtier_mode=[2, 2])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Throne Room", "Courtier", "Copper"]).set_deck(0, PAD)
    assert sc.play_turn(0) == 6


# ----------------------------------------------------------------------------- Patrol
def test_patrol_puts_victory_cards_and_curses_into_hand_and_the_rest_back_in_order(scenario):
    """INTRIGUE.md §3 Patrol: draw 3, reveal 4; Victory cards (Harem, dual-typed, too) and
    Curses go to hand; the rest go back in the order chosen (the last put back is on
    top)."""
    bot = me(play_action=["Patrol", None], topdeck_order=["Silver"])
    sc = scenario([bot, other()], kingdom=K_DUAL)
    sc.set_hand(0, ["Patrol"])
    sc.set_deck(0, ["Copper", "Copper", "Copper", "Harem", "Silver", "Curse", "Gold",
                    "Duchy"] + PAD)
    sc.play_turn(0)
    assert buy_view(bot).hand == {"Copper": 3, "Harem": 1, "Curse": 1}
    assert [v.arg for v in bot.asked("topdeck_order")] == [card_id("Patrol")]
    # Silver went down first, then Gold: Gold on top.  Cleanup drew the next 5.
    assert [n for n, *_ in turn_rows(sc, EV_TOPDECK)] == ["Silver", "Gold"]
    assert [n for n, *_ in turn_rows(sc, EV_REVEAL_CARD)] == ["Harem", "Silver", "Curse",
                                                              "Gold"]
    assert sc.hand(0) == {"Gold": 1, "Silver": 1, "Duchy": 1, "Curse": 2}
    check_consistent(sc)


def test_patrol_shuffles_to_reveal_and_reveals_fewer_when_the_cards_run_out(scenario):
    """INTRIGUE.md §3 Patrol and [Reveal]: the discard pile is shuffled to reveal 4; with
    fewer cards in all, those are revealed."""
    bot = me(play_action=["Patrol", None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Patrol"]).set_deck(0, ["Copper", "Copper", "Copper", "Estate"])
    sc.set_discard(0, ["Province", "Silver"])
    sc.play_turn(0)
    assert len(turn_rows(sc, EV_REVEAL_CARD)) == 3
    assert len(turn_rows(sc, EV_SHUFFLE)) == 1
    assert buy_view(bot).hand == {"Copper": 3, "Estate": 1, "Province": 1}


# ----------------------------------------------------------------------------- Wishing Well
def test_wishing_well_named_card_goes_to_hand(scenario):
    """INTRIGUE.md §2 Wishing Well: +1 Card, +1 Action first; the named top card goes to
    hand (revealed: public)."""
    bot = me(play_action=["Wishing Well", None], wishing_well_name=["Gold"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Wishing Well"]).set_deck(0, ["Copper", "Gold"] + PAD)
    sc.play_turn(0)
    view = buy_view(bot)
    assert view.hand == {"Copper": 1, "Gold": 1} and view.actions == 1
    assert turn_rows(sc, EV_NAME) == [("Gold", 1, card_id("Wishing Well"))]
    assert turn_rows(sc, EV_RETURN) == [("Gold", 1, card_id("Wishing Well"))]


def test_wishing_well_a_miss_stays_on_top(scenario):
    """INTRIGUE.md §3 Wishing Well: a miss stays on top (Cleanup then draws it first)."""
    bot = me(play_action=["Wishing Well", None], wishing_well_name=["Silver"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Wishing Well"]).set_deck(0, ["Copper", "Gold", "Estate"] + PAD)
    snapshot = []
    bot.script["buy"] = lambda v: snapshot.append(sc.deck(0)) or None
    sc.play_turn(0)
    assert snapshot[0][:2] == ["Gold", "Estate"]
    assert turn_rows(sc, EV_TOPDECK) == [("Gold", 1, card_id("Wishing Well"))]


def test_wishing_well_may_name_a_card_not_in_the_game(scenario):
    """INTRIGUE.md §3 Wishing Well: any card name may be named, one not in the game too
    (Chapel here): a legal answer that misses."""
    bot = me(play_action=["Wishing Well", None], wishing_well_name=["Chapel"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Wishing Well"]).set_deck(0, ["Copper", "Gold"] + PAD)
    sc.play_turn(0)
    assert turn_rows(sc, EV_NAME) == [("Chapel", 1, card_id("Wishing Well"))]
    assert buy_view(bot).hand == {"Copper": 1}


def test_wishing_well_shuffles_and_with_nothing_to_reveal_asks_nothing(scenario):
    """INTRIGUE.md §3 Wishing Well: an empty deck shuffles (the discard pile) to reveal;
    with nothing to reveal nothing happens."""
    bot = me(play_action=["Wishing Well", None], wishing_well_name=["Silver"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Wishing Well"]).set_deck(0, ["Copper"]).set_discard(0, ["Silver"])
    sc.play_turn(0)
    assert buy_view(bot).hand == {"Copper": 1, "Silver": 1}
    assert len(turn_rows(sc, EV_SHUFFLE)) == 1
    empty = me(play_action=["Wishing Well", None])
    sc = scenario([empty, other()], kingdom=K)
    sc.set_hand(0, ["Wishing Well"])
    sc.play_turn(0)
    assert empty.asked("wishing_well_name") == []


# ----------------------------------------------------------------------------- Lurker
def test_lurker_trashes_an_action_from_the_supply(scenario):
    """INTRIGUE.md §3 Lurker: the Supply card is trashed (trash contents change; the pile
    loses its top card; nobody's card: the log says from the Supply)."""
    bot = me(play_action=["Lurker", None], lurker_mode=[0], lurker_trash=["Village"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Lurker"]).set_deck(0, PAD)
    before = sc.supply("Village")
    sc.play_turn(0)
    assert sc.supply("Village") == before - 1 and sc.trash() == {"Village": 1}
    assert turn_rows(sc, EV_TRASH) == [("Village", 1, TRASH_FROM_SUPPLY)]
    assert buy_view(bot).actions == 1
    assert sc.owned(0) == {"Lurker": 1, "Curse": 5}


def test_lurker_emptying_a_pile_counts_for_the_game_end(scenario):
    """INTRIGUE.md §3 Lurker: piles can empty and count for the game end (here the third
    empty pile ends the game)."""
    bot = me(play_action=["Lurker", None], lurker_mode=[0], lurker_trash=["Village"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Lurker"]).set_deck(0, PAD)
    sc.set_supply("Village", 1).set_supply("Patrol", 0).set_supply("Upgrade", 0)
    sc.play_turn(0)
    assert sc.supply("Village") == 0 and sc.finished
    assert sc.result()["reason"] == "piles"


def test_lurker_gains_an_action_from_the_trash_dual_types_too(scenario):
    """INTRIGUE.md §3 General / Lurker: Nobles (Action-Victory) is an Action card; it is
    gained from the trash to the discard pile."""
    bot = me(play_action=["Lurker", None], lurker_mode=[1], lurker_gain=["Nobles"])
    sc = scenario([bot, other()], kingdom=K_DUAL)
    set_trash(sc, {"Nobles": 1, "Estate": 2})
    sc.set_hand(0, ["Lurker"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 2} and sc.discard(0).get("Nobles") == 1
    assert turn_rows(sc, EV_GAIN) == [("Nobles", 1, codes.GAIN_FROM_TRASH)]
    check_consistent(sc)


def test_lurker_may_trash_a_dual_typed_action_from_the_supply(scenario):
    """INTRIGUE.md §3 General: Mill is an Action for Lurker's trash."""
    bot = me(play_action=["Lurker", None], lurker_mode=[0], lurker_trash=["Mill"])
    sc = scenario([bot, other()], kingdom=K_DUAL)
    sc.set_hand(0, ["Lurker"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert sc.trash() == {"Mill": 1}


def test_lurker_gains_a_non_supply_action_from_the_trash(scenario):
    """INTRIGUE.md §3 Lurker: a non-Supply Action in the trash (Treasure Hunter, a Page
    upgrade) may be gained; its pile is not touched."""
    bot = me(play_action=["Lurker", None], lurker_mode=[1], lurker_gain=["Treasure Hunter"])
    sc = scenario([bot, other()], kingdom=K_TRAVEL)
    set_trash(sc, {"Treasure Hunter": 1})
    before = sc.non_supply("Treasure Hunter")
    sc.set_hand(0, ["Lurker"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert sc.discard(0).get("Treasure Hunter") == 1 and sc.trash() == {}
    assert sc.non_supply("Treasure Hunter") == before


def test_lurker_either_mode_may_do_nothing(scenario):
    """INTRIGUE.md §3 Lurker: either mode may be chosen when it can do nothing (no Action
    in the trash: no card is asked)."""
    bot = me(play_action=["Lurker", None], lurker_mode=[1])
    sc = scenario([bot, other()], kingdom=K)
    set_trash(sc, {"Copper": 3})
    sc.set_hand(0, ["Lurker"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert bot.asked("lurker_gain") == [] and sc.trash() == {"Copper": 3}
    assert turn_rows(sc, EV_CHOOSE) == [("Lurker", 1, gains.D_LURKER_MODE)]


def test_lurker_refuses_a_non_action_from_the_trash(scenario):
    bot = me(play_action=["Lurker", None], lurker_mode=[1], lurker_gain=["Copper"])
    sc = scenario([bot, other()], kingdom=K)
    set_trash(sc, {"Copper": 1, "Village": 1})
    sc.set_hand(0, ["Lurker"]).set_deck(0, PAD)
    with pytest.raises(Exception, match="not a legal answer"):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- Secret Passage
def _passage(scenario, deck, **script):
    bot = me(play_action=["Secret Passage", None], secret_passage_card=["Gold"], **script)
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Secret Passage", "Gold"]).set_deck(0, deck)
    snapshot = []
    bot.script["buy"] = lambda v: snapshot.append(sc.deck(0)) or None
    sc.play_turn(0)
    return bot, sc, snapshot[0]


def test_secret_passage_puts_the_card_on_top(scenario):
    """INTRIGUE.md §3 Secret Passage: +2 Cards, +1 Action, then the card goes anywhere:
    here on top (not the bottom, not deeper)."""
    bot, sc, deck = _passage(scenario, ["Copper", "Copper", "Estate", "Estate", "Duchy"],
                             secret_passage_bottom=[False], secret_passage_deeper=[False])
    assert deck == ["Gold", "Estate", "Estate", "Duchy"]
    assert buy_view(bot).actions == 1 and buy_view(bot).hand == {"Copper": 2}
    assert [v.arg for v in bot.asked("secret_passage_bottom")] == [card_id("Gold")]
    assert turn_rows(sc, EV_INSERT) == [("Gold", 0, card_id("Secret Passage"))]


def test_secret_passage_puts_the_card_at_the_bottom(scenario):
    bot, sc, deck = _passage(scenario, ["Copper", "Copper", "Estate", "Estate", "Duchy"],
                             secret_passage_bottom=[True])
    assert deck == ["Estate", "Estate", "Duchy", "Gold"]
    assert bot.asked("secret_passage_deeper") == []


def test_secret_passage_reaches_every_place_between(scenario):
    """INTRIGUE.md §3 Secret Passage: any position, top to bottom: two "deeper" answers put
    it under two cards; the last place between is asked no further (arg: depth so far)."""
    bot, sc, deck = _passage(scenario, ["Copper", "Copper", "Estate", "Silver", "Duchy"],
                             secret_passage_bottom=[False],
                             secret_passage_deeper=[True, True])
    assert deck == ["Estate", "Silver", "Gold", "Duchy"]
    assert [v.arg for v in bot.asked("secret_passage_deeper")] == [0, 1]
    assert turn_rows(sc, EV_INSERT) == [("Gold", 2, card_id("Secret Passage"))]


def test_secret_passage_into_an_empty_deck_makes_it_the_only_card(scenario):
    """INTRIGUE.md §3 Secret Passage: an empty deck makes it the only card (no shuffle, no
    question of where)."""
    bot = me(play_action=["Secret Passage", None], secret_passage_card=["Gold"])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Secret Passage", "Gold"])
    snapshot = []
    bot.script["buy"] = lambda v: snapshot.append(sc.deck(0)) or None
    sc.play_turn(0)
    assert bot.asked("secret_passage_bottom") == [] and snapshot[0] == ["Gold"]


def test_secret_passage_the_place_is_public_the_card_is_not(scenario):
    """Official FAQ [RB] (../intrigue_faq.md, Secret Passage): where the card goes is
    public, the card is not."""
    bot, sc, _ = _passage(scenario, ["Copper", "Copper", "Estate", "Silver", "Duchy"],
                          secret_passage_bottom=[False], secret_passage_deeper=[True, False])
    rows = [r for r in seen_by(log_rows(sc), 1).tolist() if r[0] == EV_INSERT]
    assert [(r[3], r[4]) for r in rows] == [(HIDDEN, 1)]
    mine = [r for r in seen_by(log_rows(sc), 0).tolist() if r[0] == EV_INSERT]
    assert [(r[3], r[4]) for r in mine] == [(card_id("Gold"), 1)]
    assert "puts Gold 1 card down in their deck (Secret Passage)" in sc.log()


# ----------------------------------------------------------------------------- rule bots
def test_rule_bot_defaults(scenario):
    """The declared defaults: Upgrade gains a card costing exactly $1 more (Estate to
    Silver); Courtier with Copper takes +$3 when it reaches a price point (here $3 -> $6);
    Wishing Well names the top card it knows; Secret Passage puts a junk card at the
    bottom; Lurker trashes an Action from the Supply when the trash has none it wants."""
    from tests.conftest import nobuy

    bot = Scripted("rules", base=nobuy("rules", play=["Upgrade"]), play_treasure=[None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Upgrade", "Estate", "Gold"]).set_deck(0, ["Copper"] + PAD)
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 1} and sc.discard(0).get("Silver") == 1

    bot = Scripted("rules", base=nobuy("rules", play=["Courtier"]), play_treasure=[None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_turns(0, 12)
    sc.set_hand(0, ["Courtier", "Copper", "Copper", "Copper"]).set_deck(0, PAD)
    assert sc.play_turn(0) == 3

    bot = Scripted("rules", base=nobuy("rules", play=["Secret Passage", "Wishing Well"]),
                   play_treasure=[None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Secret Passage", "Wishing Well", "Gold", "Silver"])
    sc.set_deck(0, ["Estate", "Estate", "Duchy", "Duchy", "Duchy"])
    sc.play_turn(0)
    # Secret Passage drew the Estates and put one (junk) at the bottom, under 3 Duchies;
    # Wishing Well drew a Duchy and named the most common card of the pile it cannot
    # see the top of: Duchy, a hit.
    assert turn_rows(sc, EV_INSERT) == [("Estate", 3, card_id("Secret Passage"))]
    assert turn_rows(sc, EV_NAME)[0][0] == "Duchy"
    assert turn_rows(sc, EV_RETURN) == [("Duchy", 1, card_id("Wishing Well"))]

    bot = Scripted("rules", base=nobuy("rules", play=["Lurker"]), play_treasure=[None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Lurker"]).set_deck(0, PAD)
    sc.play_turn(0)
    trashed = sc.trash()
    assert sum(trashed.values()) == 1 and CARDS[card_id(next(iter(trashed)))].is_type(ACTION)


def test_wishing_well_default_names_a_known_top_card(scenario):
    """DEF_NAME_LIKELY: a top card the player knows (looked at before: the draw pile's
    known part, zones.known_on_deck) is named, not the most common card (the FAQ notes'
    default, after Geronimoo's deck tracker)."""
    from tests.conftest import nobuy

    bot = Scripted("rules", base=nobuy("rules", play=["Wishing Well"]), play_treasure=[None])
    sc = scenario([bot, other()], kingdom=K)
    sc.set_hand(0, ["Wishing Well"])
    sc.set_deck(0, ["Copper", "Silver", "Estate", "Estate", "Estate"])
    sc.S[L.UNKNOWN + 0] = 0             # its owner knows the whole pile's order
    sc.play_turn(0)
    assert turn_rows(sc, EV_NAME)[0][0] == "Silver"
    assert buy_view(bot).hand == {"Copper": 1, "Silver": 1}


def test_rule_language_choose_rules_and_default_answers():
    """Choose rules name Courtier's and Lurker's options (their records' choices); the
    first holding rule for an option not yet taken decides, else the default: Courtier
    takes +1 Action for a waiting Action with none left, else a first Gold early; Lurker
    gains an Action of its buy list from the trash, else trashes one from the Supply.
    Secret Passage's place: junk at the bottom, else not; never deeper by default."""
    from bots.rules import Buy, Choose, RuleBot
    from tests.conftest import make_scenario, raw_answer

    chooser = RuleBot("t", "test bot", play=[], choose=[Choose("Courtier", "gold"),
                                                        Choose("Courtier", "buy"),
                                                        Choose("Lurker", "gain")])
    plain = RuleBot("u", "test bot", play=[], buy=[Buy("Patrol")])
    sc = make_scenario([chooser, plain], kingdom=K)
    sc.set_hand(0, ["Village", "Copper"]).set_hand(1, ["Village", "Copper"])
    sc.set_counters(actions=0)
    assert raw_answer(sc, gains.D_COURTIER_MODE, 0) == 3
    assert raw_answer(sc, gains.D_COURTIER_MODE, 8) == 1
    assert raw_answer(sc, gains.D_COURTIER_MODE, 8 | 2) == 0    # its default: the Village
    assert raw_answer(sc, gains.D_LURKER_MODE) == 1
    assert raw_answer(sc, gains.D_COURTIER_MODE, 0, p=1) == 0   # an Action waits
    assert raw_answer(sc, gains.D_COURTIER_MODE, 1, p=1) == 3   # early: a first Gold
    assert raw_answer(sc, gains.D_LURKER_MODE, p=1) == 0        # nothing in the trash
    assert raw_answer(sc, gains.D_LURKER_TRASH, p=1) == card_id("Patrol")
    set_trash(sc, {"Patrol": 1, "Village": 1})
    assert raw_answer(sc, gains.D_LURKER_MODE, p=1) == 1
    assert raw_answer(sc, gains.D_LURKER_GAIN, p=1) == card_id("Patrol")
    assert raw_answer(sc, gains.D_SECRET_PASSAGE_BOTTOM, card_id("Silver"), p=1) == 0
    assert raw_answer(sc, gains.D_SECRET_PASSAGE_BOTTOM, card_id("Curse"), p=1) == 1
    assert raw_answer(sc, gains.D_SECRET_PASSAGE_DEEPER, 0, p=1) == 0
    assert raw_answer(sc, gains.D_UPGRADE_GAIN, 5, p=1) == card_id("Patrol")


# ----------------------------------------------------------------------------- bots
KINGDOMS = [K, K_DUAL, K_TRAVEL]
MINE = ("Trading Post", "Upgrade", "Courtier", "Patrol", "Wishing Well", "Lurker",
        "Secret Passage")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_and_rule_bots_keep_every_invariant(n):
    """The invariants of tests/test_invariants_adventures (every card conserved zone by
    zone, after every turn) over random bots and rule bots buying these cards."""
    from bots import get_bot
    from tests.test_invariants_adventures import card_bot, run_checked

    owned = np.zeros(N_CARDS, np.int64)
    games = 200
    for t, kingdom in enumerate(KINGDOMS):
        ids = tuple(card_id(c) for c in kingdom)
        rules = [card_bot(a, kingdom[(i + 3) % len(kingdom)]) for i, a in enumerate(kingdom)]
        rng = np.random.default_rng(10 * n + t)
        for bots, seat_bots in (
                ([get_bot("random")], np.zeros((games, n), np.int32)),
                (rules, rng.integers(0, len(rules), size=(games, n)).astype(np.int32))):
            seeds = np.arange(1000 * n + 100 * t, 1000 * n + 100 * t + games, dtype=np.uint64)
            out, fails, _ = run_checked(n, ids, (), bots, seat_bots, seeds, owned)
            assert not fails[:, 0].any(), fails[fails[:, 0] != 0][:5]
    assert all(owned[card_id(c)] for c in MINE), {c: owned[card_id(c)] for c in MINE}


# ----------------------------------------------------------------------------- agents
QUESTIONS = {
    gains.D_TRADING_POST, gains.D_UPGRADE_TRASH, gains.D_UPGRADE_GAIN,
    gains.D_COURTIER_REVEAL, gains.D_COURTIER_MODE, gains.D_WISHING_WELL,
    gains.D_LURKER_MODE, gains.D_LURKER_TRASH, gains.D_LURKER_GAIN,
    gains.D_SECRET_PASSAGE_CARD, gains.D_SECRET_PASSAGE_BOTTOM,
    gains.D_SECRET_PASSAGE_DEEPER, codes.D_TOPDECK_ORDER}


def test_every_question_resumes_as_replayed_and_is_masked_as_the_engine_takes():
    """Random agents at every seat, three boards: at every question the turn stopped there
    equals the turn replayed (frames checked); at these cards' questions the engine takes
    exactly the masked answers, which the random bot's draws reach.  Each question is
    met."""
    from sim.env import Game
    from tests.test_decision_table import check_engine_and_mask, check_random_bot
    from tests.test_env_resume import _check_resumed_equals_replayed, _play
    from tests.turn_starts import RecordedGame

    met: dict[int, int] = {}
    for t, kingdom in enumerate(KINGDOMS):
        game = Game(kingdom=",".join(kingdom), players=2, turn_cap=30)
        rng = np.random.default_rng(t)
        for seed in range(10):
            state, twin = game.new_initial_state(seed), RecordedGame(game, seed)
            while not state.is_terminal():
                d = state.decision()[0]
                _check_resumed_equals_replayed(state, twin)
                if d in QUESTIONS and met.get(d, 0) < 6:
                    check_engine_and_mask(state)
                    check_random_bot(state, rng)
                met[d] = met.get(d, 0) + 1
                a = _play(state, rng)
                state.apply_action(a)
                twin.apply(a)
    missing = [codes.DECISION_NAMES[d] for d in QUESTIONS if not met.get(d)]
    assert not missing, missing


# ----------------------------------------------------------------------------- the viewer
def test_the_viewers_table_follows_lurkers_trash_and_gain():
    """The game viewer's table, followed from the log rows (sim.analysis.viewer), is the
    engine's after every turn of random games with Lurker (a Supply card trashed is no
    player's; a card gained from the trash leaves the trash, not a pile) and the other
    cards here; both of Lurker's moves happen."""
    from sim.analysis.viewer import turn_steps
    from sim.engine.scenario import Scenario
    from tests.test_viewer import _engine_table, _viewer_table

    kinds = set()
    for g, kingdom in enumerate([K, K_DUAL, K_TRAVEL] * 2):
        n = 2 + g % 3
        sc = Scenario(["random"] * n, kingdom=kingdom, seed=60 + g, log=True, turn_cap=40)
        after, p = [], 0
        while True:
            sc.play_turn(p)
            after.append(_engine_table(sc, n))
            if sc.finished:
                break
            p = sc.next_player
        assert not sc.S[L.V + L.V_LOG_TRUNC]
        rows = np.array(sc.log_rows(), np.int64)
        steps = turn_steps(rows, [f"r{q}" for q in range(n)], n, sc.config.kingdom, ())
        for k, (step, engine) in enumerate(zip(steps[1:], after, strict=True), 1):
            assert _viewer_table(step) == engine, f"game {g} step {k}: {step['title']}"
        assert steps[-1]["points"] == sc.result()["scores"]
        kinds |= {(int(e), int(x)) for e, x in rows[:, [0, 5]]
                  if (e, x) in ((EV_TRASH, TRASH_FROM_SUPPLY),
                                (EV_GAIN, codes.GAIN_FROM_TRASH))}
    assert kinds == {(EV_TRASH, TRASH_FROM_SUPPLY), (EV_GAIN, codes.GAIN_FROM_TRASH)}


# ----------------------------------------------------------------------------- a person
def test_a_person_meets_these_questions_at_the_human_seat(tmp_path):
    """A person at the human seat (buying each kingdom card once, answering at random by
    name or number) is asked these cards' questions in the words of their records, and
    the game ends."""
    from tests.test_human_seat import _collector, _drive

    out, asked, rc = _drive(["human", "bmu", "--seed", "3", "--kingdom", ",".join(K),
                             "--turn-cap", "40"], tmp_path, _collector(5, {}))
    assert rc == 0, out[-2000:]
    ours = {codes.DECISION_NAMES[d] for d in QUESTIONS}
    assert len(ours & set(asked)) >= 5, sorted(set(asked))
    assert "Game over" in out


# ----------------------------------------------------------------------------- Gain by
def test_a_gain_rule_by_an_intrigue_card_applies_to_its_gains_alone():
    """Ironworks', Replace's and Upgrade's gains are chosen by the bot's gain list (their
    questions declare gain patterns, so a Gain rule may name them with ``by``: the
    rule language reads its gain sources from the table of decisions), and a rule by
    one of them answers that card's gain and no other's."""
    from bots.rules import GAIN_SOURCES, Buy, Gain
    from sim.cards import intrigue
    from tests.conftest import adv_scenario, nobuy

    assert {card_id(n) for n in ("Ironworks", "Replace", "Upgrade")} <= set(GAIN_SOURCES)
    assert card_id("Mine") not in GAIN_SOURCES        # its Mine list chooses the Treasure
    bot = nobuy("a", buy=[Buy("Village")],
                gain=[Gain("Silver", by="Ironworks"), Gain("Estate", by="Upgrade"),
                      Gain("Smithy", by="Replace")])
    sc = adv_scenario([bot, nobuy("b")],
                      ["Ironworks", "Replace", "Upgrade", "Village", "Smithy", "Courtier",
                       "Patrol", "Lurker", "Mill", "Nobles"])
    assert sc.decide(0, codes.code_of(intrigue.IRONWORKS_GAIN), 4) == "Silver"
    assert sc.decide(0, codes.code_of(intrigue.REPLACE_GAIN), 4) == "Smithy"
    assert sc.decide(0, codes.code_of(intrigue.UPGRADE_GAIN), 2) == "Estate"
    # A gain by another source (Workshop's): no rule by it, so the buy list (Village).
    assert sc.decide(0, base_set.D_WORKSHOP_GAIN, 4) == "Village"
