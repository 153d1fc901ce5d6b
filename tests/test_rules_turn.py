"""Turn structure: counters, the Action phase, the Buy phase and Cleanup (RULES.md, "A turn"),
and what a deciding player may see (RULES.md, "Public and hidden information")."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bots.rules import Buy, RuleBot, in_hand
from sim.engine import layout as L
from sim.engine.base_set import D_CELLAR, D_MINE_TRASH, D_REMODEL_TRASH, D_WORKSHOP_GAIN
from sim.engine.callbacks import METHODS, View, _lazy
from sim.engine.codes import D_ACTION, D_ATTACK_DISCARD, D_BUY, EV_BUY, EV_COINS, EV_GAIN, EV_PLAY
from sim.engine.scenario import Scenario
from tests.conftest import (
    EXTRA_KINGDOM,
    Scripted,
    check_consistent,
    events,
    hand_size,
    log_rows,
    nobuy,
)


# ----------------------------------------------------------------------------- counters
def test_counters_start_at_one_action_one_buy_no_coins(scenario):
    me = Scripted(base=nobuy("a", play=["Village"]))
    sc = scenario([me, nobuy()])
    sc.set_counters(actions=5, buys=7, coins=9)     # leftovers must not carry into a turn
    sc.set_hand(0, ["Village", "Copper"])
    sc.set_deck(0, ["Estate"])
    sc.play_turn(0)
    first = me.asked("play_action")[0]
    assert (first.actions, first.buys, first.coins) == (1, 1, 0)
    buy = me.asked("buy")[0]
    assert (buy.actions, buy.buys, buy.coins) == (2, 1, 1)


def test_counters_reset_between_turns(scenario):
    me = Scripted(base=nobuy("a", play=["Market", "Festival"]))
    sc = scenario([me, nobuy()], kingdom=["Market", "Festival", *EXTRA_KINGDOM[1:9]])
    sc.set_hand(0, ["Festival", "Market", "Gold"])
    sc.set_deck(0, ["Estate", "Copper", "Estate", "Estate", "Estate", "Estate"])
    assert sc.play_turn(0) == 2 + 1 + 3
    assert [(v.actions, v.buys, v.coins) for v in me.asked("buy")] == [(2, 3, 6)]
    me.calls.clear()
    # The next turn: Copper + 4 Estates, nothing else.
    assert sc.play_turn(0) == 1
    assert [(v.actions, v.buys, v.coins) for v in me.asked("buy")] == [(1, 1, 1)]


def test_one_action_only_plays_one_terminal(scenario):
    me = Scripted(base=nobuy("a", play=["Smithy"]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Smithy", "Smithy", "Smithy"])
    sc.set_deck(0, ["Copper", "Copper", "Copper", "Gold", "Gold", "Gold"])
    assert sc.play_turn(0) == 3
    assert me.methods().count("play_action") == 1
    assert me.asked("buy")[0].hand == {"Smithy": 2}


def test_playing_actions_is_optional(scenario):
    me = Scripted(play_action=[None])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Smithy", "Copper"])
    sc.set_deck(0, ["Gold", "Gold", "Gold"])
    assert sc.play_turn(0) == 1
    assert me.asked("buy")[0].hand == {"Smithy": 1}
    assert events(sc, EV_PLAY, 0) == [(0, "Copper", 1, 0)]


def test_no_action_decision_without_an_action_in_hand(scenario):
    me = Scripted()
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Copper", "Estate"])
    sc.play_turn(0)
    assert "play_action" not in me.methods()


def test_treasure_cannot_be_played_in_the_action_phase(scenario):
    sc = scenario([Scripted(play_action=["Copper"]), nobuy()])
    sc.set_hand(0, ["Smithy", "Copper"])
    with pytest.raises(RuntimeError, match="play an Action"):
        sc.play_turn(0)


def test_action_cannot_be_played_as_a_treasure(scenario):
    sc = scenario([Scripted(play_action=[None], play_treasure=["Smithy"]), nobuy()])
    sc.set_hand(0, ["Smithy", "Copper"])
    with pytest.raises(RuntimeError, match="play a Treasure"):
        sc.play_turn(0)


def test_no_going_back_to_the_action_phase(scenario):
    """Once a Treasure is played no Action decision is asked again (even with Actions
    left and an Action in hand)."""
    me = Scripted(base=nobuy("a", play=["Village"]), play_action=["Village", None])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Village", "Smithy", "Copper", "Silver"])
    sc.set_deck(0, ["Gold"])
    assert sc.play_turn(0) == 6
    seq = me.methods()
    first_treasure = seq.index("play_treasure")
    assert "play_action" not in seq[first_treasure:]
    assert seq[:first_treasure] == ["play_action", "play_action"]
    buy = me.asked("buy")[0]
    assert buy.actions == 2 and buy.hand == {"Smithy": 1}


def test_treasures_may_be_left_unplayed(scenario):
    sc = scenario([Scripted(play_treasure=["Gold", None]), nobuy()])
    sc.set_hand(0, ["Copper", "Gold", "Silver"])
    assert sc.play_turn(0) == 3


# ----------------------------------------------------------------------------- buying
@pytest.mark.parametrize("card", ["Copper", "Curse"])
def test_buy_a_zero_cost_card_with_no_coins(scenario, card):
    me = Scripted(base=RuleBot("b", buy=[Buy(card)]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Estate"] * 5)
    assert sc.play_turn(0) == 0
    assert sc.gained_last_turn() == {card: 1}
    assert sc.owned(0) == {"Estate": 5, card: 1}
    assert events(sc, EV_BUY) == [(0, card, 1, 0)]
    assert events(sc, EV_GAIN) == [(0, card, 1, 0)]


def test_multiple_buys_spend_down_the_coins(scenario):
    me = Scripted(base=RuleBot("b", buy=[Buy("Silver"), Buy("Copper")]))
    sc = scenario([me, nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Festival", "Festival", "Copper", "Copper", "Copper"])
    assert sc.play_turn(0) == 2 + 2 + 3
    assert [(v.coins, v.buys) for v in me.asked("buy")] == [(7, 3), (4, 2), (1, 1)]
    assert sc.gained_last_turn() == {"Silver": 2, "Copper": 1}
    assert [c for _, c, _, _ in events(sc, EV_BUY)] == ["Silver", "Silver", "Copper"]


def test_buying_nothing_is_allowed(scenario):
    me = Scripted()
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Gold", "Gold", "Gold"])
    assert sc.play_turn(0) == 9
    assert sc.gained_last_turn() == {} and events(sc, EV_BUY) == []
    assert len(me.asked("buy")) == 1


@pytest.mark.parametrize("hand,card", [(["Silver", "Copper"], "Gold"), ([], "Estate"),
                                       (["Gold", "Gold", "Copper"], "Province")])
def test_cannot_buy_what_costs_more_than_the_coins(scenario, hand, card):
    sc = scenario([Scripted(buy=[card]), nobuy()])
    sc.set_hand(0, hand)
    with pytest.raises(RuntimeError, match="buy"):
        sc.play_turn(0)


def test_second_buy_limited_by_the_coins_left(scenario):
    """$9 and 2 Buys: Gold leaves $3, so a Duchy is refused (a Silver is fine)."""
    ok = Scripted(buy=["Gold", "Silver"])
    sc = scenario([ok, nobuy()])
    sc.set_hand(0, ["Market", "Gold", "Gold", "Copper"]).set_deck(0, ["Copper"])
    assert sc.play_turn(0) == 9
    assert sc.gained_last_turn() == {"Gold": 1, "Silver": 1}
    assert [v.coins for v in ok.asked("buy")] == [9, 3]
    sc = scenario([Scripted(buy=["Gold", "Duchy"]), nobuy()])
    sc.set_hand(0, ["Market", "Gold", "Gold", "Copper"]).set_deck(0, ["Copper"])
    with pytest.raises(RuntimeError, match="buy"):
        sc.play_turn(0)


def test_cannot_buy_from_an_empty_pile(scenario):
    sc = scenario([Scripted(buy=["Silver"]), nobuy()])
    sc.set_supply("Silver", 0)
    sc.set_hand(0, ["Gold"])
    with pytest.raises(RuntimeError, match="buy"):
        sc.play_turn(0)


def test_cannot_buy_a_card_not_in_the_supply(scenario):
    sc = scenario([Scripted(buy=["Witch"]), nobuy()])
    sc.set_hand(0, ["Gold", "Gold"])
    with pytest.raises(RuntimeError, match="buy"):
        sc.play_turn(0)


def test_unspent_coins_are_lost(scenario):
    me = Scripted(base=RuleBot("b", buy=[Buy("Province")]))
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Gold", "Gold"])
    sc.set_deck(0, ["Gold", "Gold", "Estate", "Estate", "Estate"])
    assert sc.play_turn(0) == 6
    assert sc.gained_last_turn() == {}
    me.calls.clear()
    # $6 + $6 would buy a Province if coins carried over.
    assert sc.play_turn(0) == 6
    assert sc.gained_last_turn() == {}
    assert me.asked("buy")[0].coins == 6


def test_coins_event_logs_the_coins_when_buying_starts(scenario):
    sc = scenario([RuleBot("b", buy=[Buy("Silver")]), nobuy()])
    sc.set_hand(0, ["Gold", "Copper"])
    assert sc.play_turn(0) == 4
    assert events(sc, EV_COINS, 0) == [(0, None, 4, 0)]


# ----------------------------------------------------------------------------- hand size
def test_hand_size_has_no_upper_limit(scenario):
    me = Scripted(base=nobuy("l", play=["Laboratory"]))
    sc = scenario([me, nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Laboratory"] * 5 + ["Estate"] * 5)
    sc.set_deck(0, ["Copper"] * 10 + ["Gold"])
    me.script["play_treasure"] = [None]        # keep the hand to look at it
    sc.play_turn(0)
    v = me.asked("play_treasure")[0]
    assert v.hand == {"Copper": 10, "Estate": 5}
    assert sum(v.hand.values()) == 15 and v.draw_size == 1


def test_council_room_grows_another_players_hand_past_five(scenario):
    sc = scenario([nobuy(play=["Council Room"]), nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Council Room"])
    sc.set_hand(1, ["Copper"] * 5).set_deck(1, ["Gold"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Copper": 5, "Gold": 1}


# ----------------------------------------------------------------------------- cleanup
def test_cleanup_discards_hand_play_and_buys_then_draws_five(scenario):
    me = RuleBot("b", buy=[Buy("Province")], play=["Smithy"])
    sc = scenario([me, nobuy()])
    sc.set_hand(0, ["Smithy", "Estate", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Silver", "Silver", "Silver", "Gold", "Gold", "Gold", "Gold", "Gold",
                    "Province"])
    assert sc.play_turn(0) == 3 + 6
    assert sc.hand(0) == {"Gold": 5}
    assert sc.deck(0) == ["Province"]
    assert sc.discard(0) == {"Smithy": 1, "Estate": 1, "Copper": 3, "Silver": 3,
                             "Province": 1}
    assert sc.in_play(0) == {}
    check_consistent(sc)


def test_cleanup_discards_before_drawing(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_hand(0, ["Gold", "Gold", "Gold", "Silver", "Silver"])
    sc.play_turn(0)
    assert sc.hand(0) == {"Gold": 3, "Silver": 2}
    assert sc.deck(0) == [] and sc.discard(0) == {} and sc.in_play(0) == {}


def test_cleanup_with_fewer_than_five_cards(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_hand(0, ["Copper", "Estate"])
    sc.play_turn(0)
    assert sc.hand(0) == {"Copper": 1, "Estate": 1} and hand_size(sc, 0) == 2


def test_a_turn_touches_no_other_player(scenario):
    sc = scenario([RuleBot("b", buy=[Buy("Silver")], play=["Smithy"]), nobuy()])
    sc.set_hand(0, ["Smithy", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Estate"] * 8)
    sc.set_hand(1, ["Copper"] * 5).set_deck(1, ["Gold", "Silver"]).set_discard(1, ["Estate"])
    before = (sc.hand(1), sc.deck(1), sc.discard(1), sc.in_play(1), sc.owned(1))
    sc.play_turn(0)
    assert (sc.hand(1), sc.deck(1), sc.discard(1), sc.in_play(1), sc.owned(1)) == before


def test_turn_numbers_in_the_log(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_hand(0, ["Copper"]).set_hand(1, ["Copper"])
    sc.play_turn(0)
    sc.play_turn(1)
    sc.play_turn(0)
    turns = [(r[2], r[4]) for r in log_rows(sc) if r[0] == 0]
    assert turns == [(0, 1), (1, 1), (0, 2)]


# ----------------------------------------------------------------------------- hidden info
def test_python_bot_view_shows_only_public_information(scenario):
    sc = scenario([nobuy(), nobuy(), nobuy()])
    sc.set_hand(0, ["Smithy", "Copper"]).set_deck(0, ["Gold", "Estate"])
    sc.set_discard(0, ["Silver"])
    sc.set_hand(1, ["Gold", "Gold", "Moat"]).set_deck(1, ["Province"]).set_discard(1, ["Curse"])
    sc.set_hand(2, ["Village"])
    v = View(sc.S, 0, 0)
    public = {"player", "arg", "n_players", "hand", "in_play", "owned", "draw_size",
              "discard_size", "supply", "trash", "turn", "actions", "buys", "coins",
              "opponents_owned", "opponents_hand_size", "discard_tops", "my_discard_top",
              # what this player looks at or knows: its set-aside cards, the known top of
              # its deck (none here: a shuffled pile), its discard pile only for Harbinger
              "decision", "set_aside", "known_deck_top", "discard",
              # Adventures: Tavern mats, Durations held and due, tokens, the Inheritance
              # card are public; Gear's and Save's cards only to their owner
              "mat", "opponents_mat", "gear", "saved", "held_in_play",
              "opponents_held_in_play", "durations_due", "opponents_durations_due",
              "token_piles", "opponents_token_piles", "minus_card", "opponents_minus_card",
              "minus_coin", "opponents_minus_coin", "journey_up", "opponents_journey_up",
              "inherited", "opponents_inherited", "events", "non_supply", "mission_turn",
              # the rule terms' counterparts: the turn's gains, money owned, whose turn
              "gained", "money", "own_turn"}
    # Fields are computed when first read (sim.engine.callbacks._lazy): the class has them.
    fields = {k for k in vars(v) if not k.startswith("_")} | {
        k for k, f in vars(View).items() if isinstance(f, _lazy) and not k.startswith("_")}
    assert fields == public
    assert v.known_deck_top == [] and v.set_aside == {} and v.discard is None
    sc.S[L.UNKNOWN + 0] = 1                                 # now it knows the top card
    harbinger = View(sc.S, 0, 0, METHODS.index("harbinger_topdeck"))
    assert harbinger.known_deck_top == ["Gold"] and harbinger.discard == {"Silver": 1}
    assert v.hand == {"Smithy": 1, "Copper": 1} and v.draw_size == 2 and v.discard_size == 1
    assert v.opponents_hand_size == [3, 1]
    assert v.opponents_owned[0] == {"Gold": 2, "Moat": 1, "Province": 1, "Curse": 1}
    for name in public:                     # the state itself is private (_state)
        assert not isinstance(getattr(v, name), np.ndarray)


def _answers(sc, p):
    ds = (D_ACTION, D_BUY, D_ATTACK_DISCARD, D_CELLAR, D_REMODEL_TRASH, D_MINE_TRASH,
          D_WORKSHOP_GAIN)
    out = []
    for d in ds:
        out.append(sc.decide(p, d, 4))
        sc.S[L.V + L.V_PENDING] = -1
    return out


def test_rule_bot_decisions_ignore_draw_order_and_other_hands():
    """Permuting a player's own draw pile or changing another player's hand (same owned
    cards) never changes a rule bot's answer to any decision."""
    bot = RuleBot("peek", buy=[Buy("Gold", in_hand("Mine") > 0), Buy("Silver")],
                  play=["Mine", "Cellar", "Remodel", "Workshop"])
    results = set()
    deck = ["Gold", "Estate", "Copper", "Silver", "Curse"]
    other = ["Gold", "Moat", "Estate", "Copper", "Copper"]
    for order, split in itertools.product(list(itertools.permutations(deck))[::7], (0, 2, 5)):
        sc = Scenario([bot, nobuy()])
        sc.set_hand(0, ["Mine", "Cellar", "Remodel", "Workshop", "Estate", "Copper"])
        sc.set_deck(0, list(order)).set_discard(0, []).set_in_play(0, [])
        sc.set_hand(1, other[:split]).set_deck(1, other[split:]).set_discard(1, [])
        sc.set_counters(coins=6)
        results.add(tuple(_answers(sc, 0)))
    assert len(results) == 1
