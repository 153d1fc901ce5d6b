"""Throne Room, Vassal, Harbinger, Library and Poacher: their texts and the RULES.md rulings
("The rest of the base game"), on exact situations.

Each test empties every zone, sets the hand / draw pile (top first) / discard pile / supply it
needs and checks the exact outcome: $ produced, what was drawn, played, discarded or put on the
deck, what the player was asked and saw (``Scripted`` records the View of every decision), and
the log rows the card writes.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from bots.library import RandomBot
from bots.rules import Buy, RuleBot
from sim.cards import CARDS, HARBINGER, LIBRARY, SMITHY, THRONE_ROOM, VASSAL, card_id
from sim.engine import layout as L
from sim.engine.batch import BotError, play_batch
from sim.engine.codes import (
    DISCARD_POACHER,
    DISCARD_REVEALED,
    EV_COINS,
    EV_DISCARD,
    EV_DRAW,
    EV_PLAY,
    EV_PLAY_AGAIN,
    EV_SET_ASIDE,
    EV_SHUFFLE,
    EV_TOPDECK,
)
from sim.engine.config import GameConfig
from tests.conftest import Scripted, check_consistent, events, log_rows, nobuy

# Every Action these tests put in a hand or deck must be in the game (a card outside the
# kingdom is not among the game's Actions the engine scans).
KINGDOM = ["Throne Room", "Vassal", "Harbinger", "Library", "Poacher", "Smithy", "Village",
           "Merchant", "Workshop", "Moat"]


def situation(scenario, me, hand, deck=(), discard=(), top=None):
    """Player 0 (``me``) with exactly this hand, draw pile (top first) and discard pile
    whose public top card is ``top`` (Scenario.set_discard leaves no top card)."""
    sc = scenario([me, nobuy()], kingdom=KINGDOM)
    sc.set_hand(0, hand).set_deck(0, list(deck)).set_discard(0, list(discard))
    if top is not None:
        sc.S[L.DISC_TOP + 0] = card_id(top)
    return sc


def view(bot: Scripted, method: str = "buy", i: int = 0):
    views = bot.asked(method)
    assert len(views) > i, f"{method} was asked {len(views)} times"
    return views[i]


def plays_again(sc, p=0):
    """EV_PLAY_AGAIN rows as (card, which play, played by)."""
    return [(c, k, x) for _, c, k, x in events(sc, EV_PLAY_AGAIN, p)]


def action_plays(sc, p=0):
    """Cards played from hand (EV_PLAY) that are not Treasures."""
    return [c for _, c, _, _ in events(sc, EV_PLAY, p)
            if c not in ("Copper", "Silver", "Gold")]


def before_buying(sc, event, p=0):
    """Rows of one event (as ``events`` gives them) logged before the Buy phase's buying
    started: Cleanup's discarding, shuffling and drawing excluded."""
    out = []
    for ev, _t, q, c, k, x in log_rows(sc):
        if ev == EV_COINS:
            break
        if ev == event and q == p:
            out.append((q, CARDS[c].name if c >= 0 else None, k, x))
    return out


def draws_before_buying(sc, p=0):
    return [c for _, c, _, _ in before_buying(sc, EV_DRAW, p)]


# ============================================================================ Throne Room
def test_throne_room_plays_smithy_twice_drawing_six(scenario):
    me = Scripted(base=nobuy("t", play=["Throne Room"]), throne_room=["Smithy"])
    sc = situation(scenario, me, ["Throne Room", "Smithy"], ["Copper"] * 6 + ["Estate"] * 5)
    assert sc.play_turn(0) == 6
    asked = view(me, "throne_room")
    assert asked.hand == {"Smithy": 1} and asked.in_play == {"Throne Room": 1}
    v = view(me)
    assert v.in_play == {"Throne Room": 1, "Smithy": 1, "Copper": 6}
    assert v.hand == {} and v.draw_size == 5 and v.actions == 0
    assert plays_again(sc) == [("Smithy", 1, THRONE_ROOM), ("Smithy", 2, THRONE_ROOM)]
    assert action_plays(sc) == ["Throne Room"]      # the Smithy was not played from hand
    # Cards played by Throne Room stay in play until Cleanup, then go to the discard pile.
    assert sc.in_play(0) == {}
    assert sc.discard(0) == {"Throne Room": 1, "Smithy": 1, "Copper": 6}
    assert sc.hand(0) == {"Estate": 5}
    check_consistent(sc)


def test_throne_room_on_throne_room_plays_two_actions_twice_each_in_order(scenario):
    me = Scripted(base=nobuy("t", play=["Throne Room"]),
                  throne_room=["Throne Room", "Smithy", "Village"])
    sc = situation(scenario, me, ["Throne Room", "Throne Room", "Smithy", "Village"],
                   ["Copper"] * 8 + ["Estate"] * 5)
    assert sc.play_turn(0) == 8                    # Smithy twice (6) + Village twice (2)
    assert plays_again(sc) == [
        ("Throne Room", 1, THRONE_ROOM),
        ("Smithy", 1, THRONE_ROOM), ("Smithy", 2, THRONE_ROOM),
        ("Throne Room", 2, THRONE_ROOM),
        ("Village", 1, THRONE_ROOM), ("Village", 2, THRONE_ROOM)]
    hands = [v.hand for v in me.asked("throne_room")]
    assert hands == [{"Throne Room": 1, "Smithy": 1, "Village": 1},
                     {"Smithy": 1, "Village": 1},
                     {"Village": 1, "Copper": 6}]   # both Smithy plays done before the ask
    v = view(me)
    assert v.actions == 4                          # 1 - 1 (Throne Room) + 2 x 2 (Village)
    assert v.in_play == {"Throne Room": 2, "Smithy": 1, "Village": 1, "Copper": 8}
    assert action_plays(sc) == ["Throne Room"]
    check_consistent(sc)


@pytest.mark.parametrize("drawn,second", [("Copper", None), ("Village", "Village")])
def test_throne_room_on_throne_room_second_choice_may_be_a_drawn_card(scenario, drawn, second):
    """The second Action is chosen when the inner Throne Room resolves again: after the
    first Action's two plays, from the hand they drew; with no Action there, nothing."""
    me = Scripted(base=nobuy("t", play=["Throne Room"]),
                  throne_room=["Throne Room", "Smithy", "Village"])
    sc = situation(scenario, me, ["Throne Room", "Throne Room", "Smithy"],
                   ["Copper"] * 5 + [drawn] + ["Copper"] * 2 + ["Estate"] * 5)
    sc.play_turn(0)
    assert len(me.asked("throne_room")) == (3 if second else 2)
    want = [("Throne Room", 1, THRONE_ROOM), ("Smithy", 1, THRONE_ROOM),
            ("Smithy", 2, THRONE_ROOM), ("Throne Room", 2, THRONE_ROOM)]
    if second:
        want += [(second, 1, THRONE_ROOM), (second, 2, THRONE_ROOM)]
    assert plays_again(sc) == want
    assert view(me).actions == (4 if second else 0)


def test_throne_room_with_no_action_in_hand_asks_nothing(scenario):
    me = Scripted(base=nobuy("t", play=["Throne Room"]), throne_room=["Copper"])
    sc = situation(scenario, me, ["Throne Room", "Copper", "Estate"], ["Estate"] * 5)
    assert sc.play_turn(0) == 1
    assert me.asked("throne_room") == []
    assert plays_again(sc) == []
    assert view(me).in_play == {"Throne Room": 1, "Copper": 1}


def test_throne_room_may_play_nothing(scenario):
    me = Scripted(base=nobuy("t", play=["Throne Room", "Smithy"]), throne_room=[None])
    sc = situation(scenario, me, ["Throne Room", "Smithy"], ["Gold"] * 5)
    assert sc.play_turn(0) == 0
    assert len(me.asked("throne_room")) == 1
    v = view(me)
    assert v.hand == {"Smithy": 1} and v.in_play == {"Throne Room": 1}
    assert v.draw_size == 5 and v.actions == 0      # no Action left for the Smithy
    assert plays_again(sc) == []


def test_throne_room_uses_an_action_only_for_itself(scenario):
    me = Scripted(base=nobuy("t", play=["Throne Room", "Smithy"]), throne_room=["Village"])
    sc = situation(scenario, me, ["Throne Room", "Village", "Smithy", "Smithy"],
                   ["Copper"] * 8 + ["Estate"] * 5)
    assert sc.play_turn(0) == 2 + 3 + 3
    asks = me.asked("play_action")
    assert [a.actions for a in asks] == [1, 4, 3]  # after Throne Room-Village: 4 Actions
    assert asks[1].hand == {"Smithy": 2, "Copper": 2}
    assert view(me).actions == 2
    assert action_plays(sc) == ["Throne Room", "Smithy", "Smithy"]


def test_throne_room_merchant_gives_two_on_the_first_silver(scenario):
    me = Scripted(base=nobuy("t", play=["Throne Room"]), throne_room=["Merchant"])
    sc = situation(scenario, me, ["Throne Room", "Merchant", "Silver", "Silver"],
                   ["Estate"] * 7)
    assert sc.play_turn(0) == 2 + 2 + 2            # +$1 twice on the first Silver only
    assert [v.coins for v in me.asked("play_treasure")][:2] == [0, 4]
    assert view(me).in_play == {"Throne Room": 1, "Merchant": 1, "Silver": 2}


def test_throne_room_on_vassal_each_play_resolves_completely(scenario):
    """The first Vassal play reveals Smithy and plays it (drawing three) before the second
    Vassal play discards the next card."""
    me = Scripted(base=nobuy("t", play=["Throne Room"]), throne_room=["Vassal"],
                  vassal_play=[True])
    sc = situation(scenario, me, ["Throne Room", "Vassal"],
                   ["Smithy", "Copper", "Copper", "Copper", "Gold"] + ["Estate"] * 5)
    assert sc.play_turn(0) == 2 + 2 + 3
    assert plays_again(sc) == [("Vassal", 1, THRONE_ROOM), ("Smithy", 1, VASSAL),
                               ("Vassal", 2, THRONE_ROOM)]
    assert [c for _, c, _, x in events(sc, EV_DISCARD, 0)] == ["Smithy", "Gold"]
    v = view(me)
    assert v.in_play == {"Throne Room": 1, "Vassal": 1, "Smithy": 1, "Copper": 3}
    assert v.discard_size == 1 and v.my_discard_top == "Gold" and v.actions == 0


def test_throne_room_default_rule_bot_doubles_its_first_action_in_play_order(scenario):
    """The default play order puts Throne Room first and non-terminals before terminals:
    Throne Room on the Village, then the Smithy with the Actions it gave."""
    sc = situation(scenario, nobuy(), ["Throne Room", "Smithy", "Village"],
                   ["Copper"] * 5 + ["Estate"] * 5)
    assert sc.play_turn(0) == 5
    assert plays_again(sc) == [("Village", 1, THRONE_ROOM), ("Village", 2, THRONE_ROOM)]
    assert action_plays(sc) == ["Throne Room", "Smithy"]


@pytest.mark.parametrize("answer", ["Copper", "Village", "Province"])
def test_throne_room_illegal_answer_names_the_decision(scenario, answer):
    """A non-Action in hand, an Action not in hand, a card not in the game: errors."""
    me = Scripted(base=nobuy("t", play=["Throne Room"]), throne_room=[answer])
    sc = situation(scenario, me, ["Throne Room", "Smithy", "Copper"])
    with pytest.raises(RuntimeError, match=f"play twice with Throne Room: {answer} is not a "
                                           r"legal answer \(arg 0\); legal answers: Smithy, "
                                           "None$"):
        sc.play_turn(0)


def test_throne_room_illegal_answer_in_a_game_names_bot_decision_and_card():
    """What a user sees: the batch stops with the bot, the decision and the card."""
    me = Scripted("crowned", base=RuleBot("b", buy=[Buy("Throne Room"), Buy("Village")]),
                  throne_room=lambda v: "Copper")
    with pytest.raises(BotError, match="'crowned' made an illegal choice deciding to play "
                                       "twice with Throne Room: Copper"):
        play_batch(GameConfig(n_players=2, kingdom=KINGDOM), [me, nobuy()],
                   np.array([[0, 1]]), np.array([3], np.uint64), np.array([0]))
    assert me.asked("throne_room")


# ============================================================================ Vassal
def test_vassal_gives_2_and_discards_a_non_action(scenario):
    me = Scripted(base=nobuy("v", play=["Vassal"]), vassal_play=[True])
    sc = situation(scenario, me, ["Vassal", "Copper"], ["Gold"] + ["Estate"] * 5)
    assert sc.play_turn(0) == 2 + 1
    assert me.asked("vassal_play") == []
    v = view(me)
    assert v.my_discard_top == "Gold" and v.discard_size == 1 and v.draw_size == 5
    assert events(sc, EV_DISCARD, 0) == [(0, "Gold", 1, DISCARD_REVEALED)]
    assert plays_again(sc) == []


@pytest.mark.parametrize("revealed,actions_left,produced", [("Smithy", 0, 2 + 4),
                                                            ("Village", 2, 2 + 1)])
def test_vassal_plays_the_action_without_using_an_action(scenario, revealed, actions_left,
                                                         produced):
    """Vassal as the last Action: the revealed card is still played, and the Actions left
    afterwards are only what that card gave."""
    me = Scripted(base=nobuy("v", play=["Vassal"]), vassal_play=[True])
    sc = situation(scenario, me, ["Vassal"],
                   [revealed, "Copper", "Copper", "Silver"] + ["Estate"] * 5)
    assert sc.play_turn(0) == produced
    asked = view(me, "vassal_play")
    assert asked.arg == card_id(revealed) and asked.my_discard_top == revealed
    assert asked.actions == 0
    v = view(me)
    assert v.actions == actions_left
    assert v.in_play["Vassal"] == 1 and v.in_play[revealed] == 1
    assert v.discard_size == 0 and v.my_discard_top is None
    assert plays_again(sc) == [(revealed, 1, VASSAL)]
    assert events(sc, EV_DISCARD, 0) == [(0, revealed, 1, DISCARD_REVEALED)]
    assert action_plays(sc) == ["Vassal"]
    check_consistent(sc)


def test_vassal_may_leave_the_action_in_the_discard_pile(scenario):
    me = Scripted(base=nobuy("v", play=["Vassal"]), vassal_play=[False])
    sc = situation(scenario, me, ["Vassal"], ["Smithy", "Gold"] + ["Estate"] * 5)
    assert sc.play_turn(0) == 2
    v = view(me)
    assert v.in_play == {"Vassal": 1} and v.my_discard_top == "Smithy"
    assert v.discard_size == 1 and v.draw_size == 6
    assert plays_again(sc) == []


def test_vassal_shuffles_first_when_the_deck_is_empty(scenario):
    me = Scripted(base=nobuy("v", play=["Vassal"]))
    sc = situation(scenario, me, ["Vassal"], [], ["Copper", "Copper", "Copper"], top="Copper")
    assert sc.play_turn(0) == 2
    assert events(sc, EV_SHUFFLE, 0)[0] == (0, None, 3, 0)
    assert events(sc, EV_DISCARD, 0) == [(0, "Copper", 1, DISCARD_REVEALED)]
    v = view(me)
    assert v.draw_size == 2 and v.discard_size == 1 and v.my_discard_top == "Copper"


def test_vassal_with_no_cards_to_discard_does_nothing_more(scenario):
    me = Scripted(base=nobuy("v", play=["Vassal"]))
    sc = situation(scenario, me, ["Vassal", "Copper"])
    assert sc.play_turn(0) == 3
    assert events(sc, EV_DISCARD, 0) == [] and before_buying(sc, EV_SHUFFLE) == []
    assert me.asked("vassal_play") == []
    v = view(me)
    assert v.draw_size == 0 and v.discard_size == 0 and v.in_play == {"Vassal": 1, "Copper": 1}


@pytest.mark.parametrize("below,top", [(["Gold"], "Gold"), (["Smithy"], "Smithy"),
                                       (["Estate", "Gold"], "Gold"),
                                       (["Estate", "Smithy"], "Estate"), ([], None)])
def test_vassal_played_card_leaves_the_discard_pile(scenario, below, top):
    """The card Vassal plays is in play, not in the discard pile, and the pile's top card
    is again the one that was under it (not just any card of the pile)."""
    me = Scripted(base=nobuy("v", play=["Vassal"]), vassal_play=[True])
    sc = situation(scenario, me, ["Vassal"], ["Smithy", "Copper", "Copper", "Copper", "Estate"],
                   below, top=top)
    sc.play_turn(0)
    asked = view(me, "vassal_play")
    assert asked.my_discard_top == "Smithy" and asked.discard_size == len(below) + 1
    v = view(me)
    assert v.in_play == {"Vassal": 1, "Smithy": 1, "Copper": 3}
    assert v.discard_size == len(below)
    assert v.my_discard_top == top


@pytest.mark.parametrize("method,answer,card,decision", [
    ("vassal_play", "Smithy", "Vassal", "play with Vassal"),
    ("library_set_aside", 1, "Library", "set aside with Library")])
def test_yes_no_decisions_take_only_true_or_false(scenario, method, answer, card, decision):
    """A Python bot's card or number for a yes/no decision is its error (the bot's answer
    could not be read), not a silent yes."""
    me = Scripted(base=nobuy("y", play=[card]), **{method: [answer]})
    sc = situation(scenario, me, [card], ["Smithy", "Copper"])
    with pytest.raises(RuntimeError, match=rf"seat 0 \('scripted'\) deciding to {decision}: "
                                           f"{method} answered {answer!r}"):
        sc.play_turn(0)


def test_vassal_chain_vassal_then_throne_room(scenario):
    """Vassal reveals a Vassal (played), which reveals a Throne Room (played), which plays
    a Smithy from hand twice: no Action used after the first Vassal."""
    me = Scripted(base=nobuy("v", play=["Vassal"]), vassal_play=[True, True],
                  throne_room=["Smithy"])
    sc = situation(scenario, me, ["Vassal", "Smithy"],
                   ["Vassal", "Throne Room"] + ["Copper"] * 6 + ["Estate"] * 5)
    assert sc.play_turn(0) == 2 + 2 + 6
    assert plays_again(sc) == [("Vassal", 1, VASSAL), ("Throne Room", 1, VASSAL),
                               ("Smithy", 1, THRONE_ROOM), ("Smithy", 2, THRONE_ROOM)]
    assert [c for _, c, _, _ in events(sc, EV_DISCARD, 0)] == ["Vassal", "Throne Room"]
    v = view(me)
    assert v.actions == 0 and v.discard_size == 0
    assert v.in_play == {"Vassal": 2, "Throne Room": 1, "Smithy": 1, "Copper": 6}
    assert action_plays(sc) == ["Vassal"]
    check_consistent(sc)


@pytest.mark.parametrize("play,played", [(None, True), (["Vassal"], False)])
def test_vassal_default_rule_bot_plays_what_its_play_list_plays(scenario, play, played):
    sc = situation(scenario, nobuy(play=play), ["Vassal"],
                   ["Smithy", "Copper", "Copper", "Copper"] + ["Estate"] * 5)
    assert sc.play_turn(0) == 2 + (3 if played else 0)
    assert plays_again(sc) == ([("Smithy", 1, VASSAL)] if played else [])


# ============================================================================ Harbinger
def test_harbinger_puts_a_card_from_the_discard_pile_onto_the_deck(scenario):
    seen = []
    me = Scripted(base=nobuy("h", play=["Harbinger"]), harbinger_topdeck=["Gold"])
    sc = situation(scenario, me, ["Harbinger"], ["Copper"] + ["Estate"] * 6,
                   ["Gold", "Estate", "Copper"], top="Estate")
    me.script["buy"] = lambda v: seen.append(sc.known_deck_top(0)) or None
    assert sc.play_turn(0) == 1
    asked = view(me, "harbinger_topdeck")
    assert asked.discard == {"Gold": 1, "Estate": 1, "Copper": 1}
    assert asked.hand == {"Copper": 1}               # +1 Card came first
    v = view(me)
    assert v.known_deck_top == ["Gold"] and seen == [["Gold"]]
    assert v.discard is None                         # the pile is hidden again
    assert v.actions == 1 and v.draw_size == 7 and v.discard_size == 2
    assert events(sc, EV_TOPDECK, 0) == [(0, "Gold", 1, HARBINGER)]
    assert sc.hand(0) == {"Gold": 1, "Estate": 4}    # the next draw gets it
    check_consistent(sc)


def test_harbinger_discard_pile_is_visible_only_for_its_decision(scenario):
    me = Scripted(base=nobuy("h", play=["Harbinger", "Smithy"]), harbinger_topdeck=[None])
    sc = situation(scenario, me, ["Harbinger", "Smithy"], ["Copper"] * 4 + ["Estate"] * 5,
                   ["Gold"], top="Gold")
    sc.play_turn(0)
    for method, v in me.calls:
        assert (v.discard is not None) == (method == "harbinger_topdeck"), method
    assert view(me, "harbinger_topdeck").discard == {"Gold": 1}


def test_harbinger_may_put_nothing_back(scenario):
    me = Scripted(base=nobuy("h", play=["Harbinger"]), harbinger_topdeck=[None])
    sc = situation(scenario, me, ["Harbinger"], ["Copper"] + ["Estate"] * 5, ["Gold"],
                   top="Gold")
    sc.play_turn(0)
    assert len(me.asked("harbinger_topdeck")) == 1
    v = view(me)
    assert v.known_deck_top == [] and v.discard_size == 1 and v.my_discard_top == "Gold"
    assert events(sc, EV_TOPDECK, 0) == []


@pytest.mark.parametrize("deck,discard", [(["Copper"], []), ([], ["Gold", "Silver"])])
def test_harbinger_with_an_empty_discard_pile_asks_nothing(scenario, deck, discard):
    """Also when its +1 Card shuffled the discard pile into the deck."""
    me = Scripted(base=nobuy("h", play=["Harbinger"]), harbinger_topdeck=["Gold"])
    sc = situation(scenario, me, ["Harbinger"], deck, discard)
    sc.play_turn(0)
    assert me.asked("harbinger_topdeck") == []
    assert events(sc, EV_TOPDECK, 0) == []


def test_harbinger_card_is_drawn_by_the_next_draw_and_forgotten(scenario):
    me = Scripted(base=nobuy("h", play=["Harbinger", "Smithy"]), harbinger_topdeck=["Gold"])
    sc = situation(scenario, me, ["Harbinger", "Smithy"], ["Copper"] + ["Estate"] * 8,
                   ["Gold"], top="Gold")
    assert sc.play_turn(0) == 1 + 3                  # Smithy drew the Gold
    assert view(me, "play_action", 1).known_deck_top == ["Gold"]
    v = view(me)
    assert v.known_deck_top == [] and v.in_play["Gold"] == 1 and v.draw_size == 6


@pytest.mark.parametrize("discard,top,after", [(["Gold", "Estate"], "Gold", "Estate"),
                                               (["Gold", "Gold"], "Gold", "Gold"),
                                               (["Gold"], "Gold", None),
                                               (["Gold", "Estate"], "Estate", "Estate")])
def test_harbinger_discard_pile_top_after_taking_a_card(scenario, discard, top, after):
    me = Scripted(base=nobuy("h", play=["Harbinger"]), harbinger_topdeck=["Gold"])
    sc = situation(scenario, me, ["Harbinger"], ["Copper"] + ["Estate"] * 5, discard, top=top)
    sc.play_turn(0)
    assert view(me).my_discard_top == after


def test_harbinger_twice_with_throne_room_second_draws_the_first_ones_card(scenario):
    """Each play's +1 Card comes before its own put-back: the second play draws the card
    the first put on the deck."""
    seen = []
    me = Scripted(base=nobuy("h", play=["Throne Room"]), throne_room=["Harbinger"],
                  harbinger_topdeck=["Gold", "Silver"])
    sc = situation(scenario, me, ["Throne Room", "Harbinger"],
                   ["Copper", "Copper"] + ["Estate"] * 5, ["Gold", "Silver", "Estate"],
                   top="Estate")
    me.script["buy"] = lambda v: seen.append(sc.known_deck_top(0)) or None
    assert sc.play_turn(0) == 1 + 3
    second = view(me, "harbinger_topdeck", 1)
    assert second.discard == {"Silver": 1, "Estate": 1} and second.known_deck_top == []
    assert second.hand == {"Copper": 1, "Gold": 1}
    v = view(me)
    assert v.known_deck_top == ["Silver"] and seen == [["Silver"]] and v.actions == 2
    assert events(sc, EV_TOPDECK, 0) == [(0, "Gold", 1, HARBINGER), (0, "Silver", 1, HARBINGER)]
    assert sc.hand(0) == {"Silver": 1, "Copper": 1, "Estate": 3}


def test_harbinger_illegal_answer_names_the_decision(scenario):
    me = Scripted(base=nobuy("h", play=["Harbinger"]), harbinger_topdeck=["Province"])
    sc = situation(scenario, me, ["Harbinger"], ["Copper"], ["Gold"], top="Gold")
    with pytest.raises(RuntimeError, match="put a card back with Harbinger"):
        sc.play_turn(0)


def test_harbinger_default_rule_bot_takes_the_costliest_action_or_treasure(scenario):
    sc = situation(scenario, nobuy(play=["Harbinger"]), ["Harbinger"],
                   ["Copper"] + ["Estate"] * 5,
                   ["Copper", "Silver", "Smithy", "Province", "Estate"], top="Estate")
    sc.play_turn(0)
    assert events(sc, EV_TOPDECK, 0) == [(0, "Smithy", 1, HARBINGER)]
    sc2 = situation(scenario, nobuy(play=["Harbinger"]), ["Harbinger"],
                    ["Copper"] + ["Estate"] * 5, ["Copper", "Province", "Curse"], top="Curse")
    sc2.play_turn(0)
    assert events(sc2, EV_TOPDECK, 0) == []


# ============================================================================ Library
def test_library_draws_until_seven_in_hand(scenario):
    me = Scripted(base=nobuy("l", play=["Library"]))
    sc = situation(scenario, me, ["Library", "Copper", "Copper"], ["Silver"] * 6)
    assert sc.play_turn(0) == 2 + 10
    assert draws_before_buying(sc) == ["Silver"] * 5
    v = view(me)
    assert v.draw_size == 1 and v.in_play == {"Library": 1, "Copper": 2, "Silver": 5}


@pytest.mark.parametrize("others", [7, 8])
def test_library_with_seven_or_more_in_hand_draws_nothing(scenario, others):
    me = Scripted(base=nobuy("l", play=["Library"]))
    sc = situation(scenario, me, ["Library"] + ["Copper"] * others, ["Gold"] * 6)
    assert sc.play_turn(0) == others
    assert draws_before_buying(sc) == []
    assert view(me).draw_size == 6


def test_library_sets_an_action_aside_and_discards_it_after_drawing(scenario):
    me = Scripted(base=nobuy("l", play=["Library"]), library_set_aside=[True])
    sc = situation(scenario, me, ["Library", "Copper"],
                   ["Smithy", "Estate"] + ["Silver"] * 5 + ["Estate"] * 5)
    assert sc.play_turn(0) == 1 + 10
    asked = view(me, "library_set_aside")
    assert asked.arg == SMITHY and asked.set_aside == {"Smithy": 1}
    assert asked.hand == {"Copper": 1}
    assert len(me.asked("library_set_aside")) == 1    # only Actions are offered
    v = view(me)
    assert v.hand == {"Estate": 1} and v.set_aside == {}
    assert v.discard_size == 1 and v.my_discard_top == "Smithy" and v.draw_size == 5
    assert events(sc, EV_SET_ASIDE, 0) == [(0, "Smithy", 1, LIBRARY)]
    assert events(sc, EV_DISCARD, 0) == [(0, "Smithy", 1, DISCARD_REVEALED)]
    assert sc.set_aside(0) == {}
    check_consistent(sc)


def test_library_may_keep_an_action(scenario):
    me = Scripted(base=nobuy("l", play=["Library"]), library_set_aside=[False])
    sc = situation(scenario, me, ["Library", "Copper"], ["Smithy"] + ["Silver"] * 6)
    assert sc.play_turn(0) == 1 + 10
    v = view(me)
    assert v.hand == {"Smithy": 1} and v.draw_size == 1 and v.discard_size == 0
    assert events(sc, EV_SET_ASIDE, 0) == []


def test_library_set_aside_cards_are_not_shuffled_in(scenario):
    """Deck of one Action (set aside), then a reshuffle of the discard pile mid-draw: the
    set-aside card is not in it; drawing stops when deck and discard are both empty."""
    me = Scripted(base=nobuy("l", play=["Library"]), library_set_aside=[True])
    sc = situation(scenario, me, ["Library", "Estate", "Estate"], ["Smithy"],
                   ["Copper", "Copper", "Copper", "Silver"], top="Silver")
    assert sc.play_turn(0) == 5
    assert events(sc, EV_SHUFFLE, 0)[0] == (0, None, 4, 0)
    v = view(me)
    assert v.hand == {"Estate": 2} and v.in_play == {"Library": 1, "Copper": 3, "Silver": 1}
    assert v.draw_size == 0 and v.discard_size == 1 and v.my_discard_top == "Smithy"
    check_consistent(sc)


def test_library_with_nothing_to_draw_stops(scenario):
    me = Scripted(base=nobuy("l", play=["Library"]))
    sc = situation(scenario, me, ["Library", "Copper"])
    assert sc.play_turn(0) == 1
    assert draws_before_buying(sc) == [] and before_buying(sc, EV_SHUFFLE) == []


def test_library_twice_with_throne_room_second_draws_nothing(scenario):
    me = Scripted(base=nobuy("l", play=["Throne Room"]), throne_room=["Library"])
    sc = situation(scenario, me, ["Throne Room", "Library", "Copper"], ["Silver"] * 10)
    assert sc.play_turn(0) == 1 + 12
    assert plays_again(sc) == [("Library", 1, THRONE_ROOM), ("Library", 2, THRONE_ROOM)]
    assert view(me).draw_size == 4


def test_library_default_rule_bot_sets_aside_only_without_actions_left(scenario):
    # No Action left after the Library: the drawn Smithy is set aside.
    sc = situation(scenario, nobuy(), ["Library", "Copper"], ["Smithy"] + ["Silver"] * 6)
    assert sc.play_turn(0) == 1 + 12
    assert events(sc, EV_SET_ASIDE, 0) == [(0, "Smithy", 1, LIBRARY)]
    # Village first leaves an Action: the Smithy is kept, then played.
    sc = situation(scenario, nobuy(), ["Village", "Library"],
                   ["Copper", "Smithy"] + ["Silver"] * 5 + ["Gold"] * 3)
    assert sc.play_turn(0) == 1 + 10 + 9
    assert events(sc, EV_SET_ASIDE, 0) == []
    assert action_plays(sc) == ["Village", "Library", "Smithy"]
    # An Action its play list never plays is set aside even with Actions left.
    sc = situation(scenario, nobuy(play=["Village", "Library"]), ["Village", "Library"],
                   ["Copper", "Smithy"] + ["Silver"] * 6)
    assert sc.play_turn(0) == 1 + 12
    assert events(sc, EV_SET_ASIDE, 0) == [(0, "Smithy", 1, LIBRARY)]


# ============================================================================ Poacher
def test_poacher_with_no_empty_pile_discards_nothing(scenario):
    me = Scripted(base=nobuy("p", play=["Poacher"]))
    sc = situation(scenario, me, ["Poacher", "Copper"], ["Silver", "Estate"])
    assert sc.play_turn(0) == 1 + 1 + 2
    assert me.asked("poacher_discard") == []
    v = view(me)
    assert v.actions == 1 and v.draw_size == 1 and v.discard_size == 0
    assert events(sc, EV_DISCARD, 0) == []


@pytest.mark.parametrize("empty", [["Curse"], ["Copper"], ["Smithy"], ["Curse", "Village"]])
def test_poacher_discards_a_card_per_empty_supply_pile(scenario, empty):
    order = ["Estate", "Copper", "Silver"]
    me = Scripted(base=nobuy("p", play=["Poacher"]), poacher_discard=list(order))
    sc = situation(scenario, me, ["Poacher", "Estate", "Copper"], ["Silver", "Gold"])
    for pile in empty:
        sc.set_supply(pile, 0)
    sc.play_turn(0)
    k = len(empty)
    assert [v.arg for v in me.asked("poacher_discard")] == list(range(k, 0, -1))
    assert me.asked("poacher_discard")[0].hand == {"Estate": 1, "Copper": 1, "Silver": 1}
    assert events(sc, EV_DISCARD, 0) == [(0, c, 1, DISCARD_POACHER) for c in order[:k]]


def test_poacher_with_fewer_cards_than_empty_piles_discards_all_without_asking(scenario):
    me = Scripted(base=nobuy("p", play=["Poacher"]), poacher_discard=["Gold"])
    sc = situation(scenario, me, ["Poacher"], ["Silver", "Estate"])
    sc.set_supply("Curse", 0).set_supply("Village", 0)
    assert sc.play_turn(0) == 1
    assert me.asked("poacher_discard") == []
    assert events(sc, EV_DISCARD, 0) == [(0, "Silver", 1, DISCARD_POACHER)]
    v = view(me)
    assert v.hand == {} and v.discard_size == 1


def test_poacher_counts_a_pile_emptied_earlier_this_turn(scenario):
    me = Scripted(base=nobuy("p", play=["Village", "Workshop", "Poacher"]),
                  workshop_gain=["Silver"], poacher_discard=["Estate"])
    sc = situation(scenario, me, ["Village", "Workshop", "Poacher", "Copper"],
                   ["Estate", "Gold"] + ["Estate"] * 5)
    sc.set_supply("Silver", 1)
    assert sc.play_turn(0) == 1 + 3 + 1
    assert [v.arg for v in me.asked("poacher_discard")] == [1]
    assert events(sc, EV_DISCARD, 0) == [(0, "Estate", 1, DISCARD_POACHER)]


def test_poacher_illegal_answer_names_the_decision(scenario):
    me = Scripted(base=nobuy("p", play=["Poacher"]), poacher_discard=["Gold"])
    sc = situation(scenario, me, ["Poacher", "Copper", "Estate"], ["Silver"])
    sc.set_supply("Curse", 0)
    with pytest.raises(RuntimeError, match="discard to Poacher"):
        sc.play_turn(0)


def test_poacher_default_rule_bot_discards_its_worst_card(scenario):
    sc = situation(scenario, nobuy(play=["Poacher"]), ["Poacher", "Gold", "Estate"], ["Copper"])
    sc.set_supply("Curse", 0).set_supply("Copper", 0)
    assert sc.play_turn(0) == 1 + 3
    assert events(sc, EV_DISCARD, 0) == [(0, "Estate", 1, DISCARD_POACHER),
                                         (0, "Copper", 1, DISCARD_POACHER)]


# ============================================================================ any bot
FOCUS = ["Throne Room", "Vassal", "Harbinger", "Library", "Poacher"]
POOL = FOCUS + ["Smithy", "Village", "Merchant", "Workshop", "Moat", "Copper", "Silver",
                "Gold", "Estate", "Curse"]


def random_situation(scenario, bot, seed):
    """A hand with one of the five cards and random others, a random draw pile and
    discard pile (possibly empty), and up to three empty supply piles."""
    rng = random.Random(seed)
    sc = scenario([bot, nobuy()], kingdom=KINGDOM, seed=seed)
    sc.set_hand(0, [rng.choice(FOCUS)] + rng.choices(POOL, k=rng.randint(0, 7)))
    sc.set_deck(0, rng.choices(POOL, k=rng.choice([0, 1, 2, 5, 12])))
    discard = rng.choices(POOL, k=rng.choice([0, 1, 4, 9]))
    sc.set_discard(0, discard)
    if discard:
        sc.S[L.DISC_TOP + 0] = card_id(discard[-1])
    for pile in rng.sample(["Curse", "Copper", "Village", "Smithy", "Estate"], rng.randint(0, 3)):
        sc.set_supply(pile, 0)
    return sc


@pytest.mark.parametrize("kind", ["random", "rules"])
def test_random_and_default_rule_bots_answer_these_cards_legally(scenario, kind):
    resolved = Counter()
    for seed in range(150):
        bot = RandomBot() if kind == "random" else nobuy()
        sc = random_situation(scenario, bot, seed)
        total = sc.total_cards()
        sc.play_turn(0)                     # raises on any illegal answer
        check_consistent(sc)
        assert sc.total_cards() == total and sc.set_aside(0) == {}
        assert sc.S[L.V + L.V_STACK_N] == 0
        for _, c, _, _ in events(sc, EV_PLAY, 0) + events(sc, EV_PLAY_AGAIN, 0):
            resolved[c] += 1
    for card in FOCUS:                      # every card's decisions were really met
        assert resolved[card] >= 5, (card, resolved)
