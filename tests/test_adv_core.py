"""The Adventures core on exact situations: Durations, Reserves and their calls, Travellers,
tokens and costs (ADVENTURES.md §2 and the numbered edge cases of §8).

Each test empties every zone, sets the hands, draw piles (top first), mats, Durations and
supply it needs, runs real turns of the Adventures engine (``Scenario.play_turn``) with
``Scripted`` bots answering the decisions that matter, and checks the exact outcome: zones,
$ / Actions / Buys seen in the bots' views, the log rows, and that every card is still
accounted for.  Edge-case tests are named after their number in ADVENTURES.md §8.

The last section holds the parts of edge cases that needed cards and Events written
elsewhere (Raze in edge 2, Alms and Ball in 12, Alms in 27, an Event bought before
Messenger in 43, Mission in 11) and Inheritance's Reactions and Reserves.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.cards import CARDS, card_id
from sim.cards.adventures import sp
from sim.engine import cardcalls
from sim.engine import layout as L
from sim.engine.batch import play_batch
from sim.engine.codes import (
    EV_CALL,
    EV_CLEANUP,
    EV_COINS,
    EV_DRAW,
    EV_DURATION,
    EV_EXCHANGE,
    EV_GAIN,
    EV_PLAY_AGAIN,
    EV_REACT,
    EV_SHUFFLE,
    EV_TOKEN,
    EV_TOPDECK,
    EV_TURN,
    TOKEN_MINUS_CARD,
    TOKEN_MINUS_COIN,
)
from sim.engine.config import GameConfig
from sim.engine.scenario import Scenario
from tests.conftest import Scripted, clear, clear_log, events, log_rows, nobuy

# Kingdoms (every card a test puts in a zone is in its game; Champion and Teacher come with
# Page and Peasant).
K_RESERVE = ["Dungeon", "Royal Carriage", "Ratcatcher", "Coin of the Realm", "Gear", "Market",
             "Throne Room", "Smithy", "Village", "Guide"]
K_ATTACK = ["Haunted Woods", "Swamp Hag", "Bridge Troll", "Moat", "Market", "Workshop", "Peasant",
            "Throne Room", "Militia", "Caravan Guard"]
K_MIXED = ["Amulet", "Duplicate", "Wine Merchant", "Distant Lands", "Transmogrify", "Page", "Port",
           "Lost City", "Throne Room", "Hireling"]
K_GAIN = ["Witch", "Duplicate", "Bridge Troll", "Peasant", "Village", "Smithy", "Throne Room",
          "Workshop", "Port", "Militia"]
K_CHAMPION = ["Page", "Peasant", "Throne Room", "Village", "Militia", "Moat", "Smithy", "Market",
              "Caravan Guard", "Swamp Hag"]
K_START = ["Hireling", "Caravan Guard", "Gear", "Ratcatcher", "Amulet", "Dungeon", "Guide",
           "Transmogrify", "Village", "Smithy"]


def game(bots, kingdom, events_=()) -> Scenario:
    """Every player with no cards at all, the log cleared: the test states the situation."""
    sc = Scenario(list(bots), kingdom=kingdom, log=True, events=events_)
    for p in range(sc.config.n_players):
        clear(sc, p)
    clear_log(sc)
    return sc


def consistent(sc: Scenario) -> None:
    """Owned = hand + play + discard + draw pile + mat + Gear + Save (+ Inheritance's card);
    the zone totals match; the looked-at zone is empty between turns; nothing negative."""
    S = sc.S
    for p in range(sc.config.n_players):
        zones = {name: sc._zone(z0, p).copy() for name, z0 in
                 (("hand", L.HAND0), ("play", L.PLAY0), ("disc", L.DISC0), ("mat", L.MAT0),
                  ("gear", L.GEAR0), ("save", L.SAVE0), ("aside", L.ASIDE0), ("own", L.OWN0))}
        for name, arr in zones.items():
            assert (arr >= 0).all(), f"player {p} {name} negative"
        assert zones["aside"].sum() == 0, f"player {p} left cards set aside"
        deck = np.bincount(sc.deck(p, ids=True), minlength=L.N_SLOTS)
        held = zones["hand"] + zones["play"] + zones["disc"] + zones["mat"] + zones["gear"] \
            + zones["save"] + deck
        if S[L.INHERIT + p]:
            held[S[L.INHERIT + p] - 1] += 1
        assert np.array_equal(zones["own"], held), f"player {p} owned != zones"
        for name, n_at in (("hand", L.HAND_N), ("play", L.PLAY_N), ("disc", L.DISC_N),
                           ("mat", L.MAT_N), ("gear", L.GEAR_N), ("own", L.OWN_N)):
            assert S[n_at + p] == zones[name].sum(), f"player {p} {name} total"
        keep = S[L.KEEP + p * L.N_SLOTS:L.KEEP + (p + 1) * L.N_SLOTS]
        perm = S[L.PERM + p * L.N_SLOTS:L.PERM + (p + 1) * L.N_SLOTS]
        assert (keep + perm <= zones["play"]).all(), f"player {p} marks more than in play"
        assert S[L.VP + p] == sum(int(zones["own"][c]) * CARDS[c].vp for c in range(len(CARDS)))
    assert (S[L.SUPPLY:L.SUPPLY + L.N_SLOTS] >= 0).all()
    empty = sum(1 for c in range(len(CARDS)) if S[L.IN_SUPPLY + c] and S[L.SUPPLY + c] == 0)
    assert S[L.V + L.V_EMPTY] == empty, "V_EMPTY does not count the empty Supply piles"


def names(ids) -> list[str]:
    return [CARDS[int(c)].name for c in ids]


def view(bot: Scripted, method: str, i: int = 0):
    views = bot.asked(method)
    assert len(views) > i, f"{method} was asked {len(views)} times"
    return views[i]


def n_hand(sc: Scenario, p: int) -> int:
    return sum(sc.hand(p).values())


def plays_again(sc: Scenario, p: int = 0) -> list[tuple[str, int, str]]:
    """EV_PLAY_AGAIN rows: (card, which resolution, by which card)."""
    return [(c, k, CARDS[x].name) for _, c, k, x in events(sc, EV_PLAY_AGAIN, p)]


def rows_before(sc: Scenario, ev_stop: int, ev: int, p: int) -> list[tuple]:
    """Rows of event ``ev`` of ``p`` logged before the first ``ev_stop`` row."""
    out = []
    for e, _t, q, c, k, x in log_rows(sc):
        if e == ev_stop:
            break
        if e == ev and q == p:
            out.append((CARDS[c].name if c >= 0 else None, k, x))
    return out


def coppers(n: int) -> list[str]:
    return ["Copper"] * n


# ============================================================================ Royal Carriage
def test_edge_01_dungeon_replayed_by_royal_carriage():
    me = Scripted("me", play_action=["Dungeon", None], after_action=["Royal Carriage"],
                  dungeon_discard=["Estate", "Estate", "Copper", "Copper",
                                   "Province", "Province", "Province", "Duchy"])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Dungeon", "Estate", "Estate", "Copper", "Copper"])
    sc.set_deck(0, ["Silver", "Silver", "Gold", "Gold"] + coppers(5)
                + ["Province", "Province", "Province", "Duchy"] + coppers(10))
    sc.set_mat(0, ["Royal Carriage"])
    sc.play_turn(0)
    # Two Dungeon resolutions now: Silvers drawn, Estates discarded; Golds drawn, Coppers.
    assert view(me, "play_treasure").hand == {"Silver": 2, "Gold": 2}
    assert view(me, "buy").actions == 2      # Dungeon's +1 Action twice
    assert sc.held_in_play(0) == {"Dungeon": 1, "Royal Carriage": 1}
    assert sc.in_play(0) == {"Dungeon": 1, "Royal Carriage": 1}
    assert sc.next_turn(0) == {"Dungeon": 2}
    assert sc.mat(0) == {}
    consistent(sc)
    clear_log(sc)
    sc.play_turn(0)
    # Twice at the start of the next turn: Provinces and Duchy drawn and discarded.
    assert [c for _, c, _, _ in events(sc, EV_DURATION, 0)] == ["Dungeon", "Dungeon"]
    assert len(me.asked("dungeon_discard")) == 8
    assert sc.next_turn(0) == {}
    assert sc.in_play(0) == {} and sc.held_in_play(0) == {}
    assert sc.discard(0)["Dungeon"] == 1 and sc.discard(0)["Royal Carriage"] == 1
    consistent(sc)


@pytest.mark.parametrize("answer", ["Coin of the Realm", "Royal Carriage"])
def test_edge_02_ratcatcher_on_the_mat_cannot_be_replayed(answer):
    me = Scripted("me", play_action=["Ratcatcher", None], after_action=[answer, None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Ratcatcher", "Village", "Estate"])
    sc.set_deck(0, ["Silver"] + coppers(5))
    sc.set_mat(0, ["Royal Carriage", "Coin of the Realm"])
    if answer == "Royal Carriage":
        with pytest.raises(RuntimeError, match="call after an Action"):
            sc.play_turn(0)
        assert sc.mat(0) == {"Royal Carriage": 1, "Coin of the Realm": 1, "Ratcatcher": 1}
        return
    sc.play_turn(0)
    assert view(me, "after_action").arg == card_id("Ratcatcher")
    # Ratcatcher's +1 Action, Coin of the Realm's +2.
    assert view(me, "play_action", 1).actions == 3
    assert sc.mat(0) == {"Royal Carriage": 1, "Ratcatcher": 1}
    assert sc.discard(0)["Coin of the Realm"] == 1
    consistent(sc)


def test_edge_02_no_window_when_only_royal_carriage_and_the_card_left_play():
    me = Scripted("me", play_action=["Ratcatcher", None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Ratcatcher", "Village"])
    sc.set_deck(0, coppers(6))
    sc.set_mat(0, ["Royal Carriage"])
    sc.play_turn(0)
    assert me.asked("after_action") == []
    assert sc.mat(0) == {"Royal Carriage": 1, "Ratcatcher": 1}


def test_edge_03_market_two_royal_carriages():
    me = Scripted("me", play_action=["Market", None],
                  after_action=["Royal Carriage", "Royal Carriage"], play_treasure=[None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Market", "Village"])
    sc.set_deck(0, ["Estate", "Duchy", "Province"] + coppers(5))
    sc.set_mat(0, ["Royal Carriage", "Royal Carriage"])
    sc.play_turn(0)
    assert plays_again(sc) == [("Market", 1, "Royal Carriage"), ("Market", 1, "Royal Carriage")]
    assert [v.arg for v in me.asked("after_action")] == [card_id("Market")] * 2
    assert view(me, "play_action", 1).actions == 3
    b = view(me, "buy")
    assert (b.buys, b.coins) == (4, 3)
    assert b.in_play == {"Market": 1, "Royal Carriage": 2}
    assert b.hand == {"Village": 1, "Estate": 1, "Duchy": 1, "Province": 1}
    assert sc.in_play(0) == {} and sc.mat(0) == {}
    assert sc.discard(0)["Royal Carriage"] == 2
    consistent(sc)


def test_royal_carriage_played_goes_to_mat_throne_room_once():
    me = Scripted("me", play_action=["Throne Room", None], throne_room=["Royal Carriage"],
                  after_action=[None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Throne Room", "Royal Carriage", "Village"])
    sc.set_deck(0, coppers(5))
    sc.play_turn(0)
    assert view(me, "play_action", 1).actions == 2      # +1 Action twice
    assert sc.mat(0) == {"Royal Carriage": 1}
    # On the mat after its first play, it cannot replay itself (it left play); it is
    # offered once, after Throne Room finished (Throne Room is still in play).
    assert names(v.arg for v in me.asked("after_action")) == ["Throne Room"]
    consistent(sc)


@pytest.mark.parametrize("after, throne, want", [
    (["Royal Carriage"], ["Smithy"],
     [("Smithy", 1, "Throne Room"), ("Smithy", 1, "Royal Carriage"), ("Smithy", 2, "Throne Room")]),
    ([None, "Royal Carriage"], ["Smithy"],
     [("Smithy", 1, "Throne Room"), ("Smithy", 2, "Throne Room"), ("Smithy", 1, "Royal Carriage")]),
    ([None, None, "Royal Carriage"], ["Smithy", "Village"],
     [("Smithy", 1, "Throne Room"), ("Smithy", 2, "Throne Room"),
      ("Throne Room", 1, "Royal Carriage"), ("Village", 1, "Throne Room"),
      ("Village", 2, "Throne Room")]),
])
def test_edge_04_throne_room_smithy_royal_carriage_windows(after, throne, want):
    me = Scripted("me", play_action=["Throne Room", None], after_action=list(after),
                  throne_room=list(throne))
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Throne Room", "Smithy", "Village", "Estate"])
    sc.set_deck(0, coppers(20))
    sc.set_mat(0, ["Royal Carriage"])
    sc.play_turn(0)
    assert plays_again(sc) == want
    asked = names(v.arg for v in me.asked("after_action"))
    assert asked == ["Smithy", "Smithy", "Throne Room"][:len(after)]
    smithies = sum(1 for c, _, _ in want if c == "Smithy")
    villages = sum(1 for c, _, _ in want if c == "Village")
    b = view(me, "buy")
    assert b.coins == 3 * smithies + villages
    assert {c: k for c, k in b.in_play.items() if c != "Copper"} == {
        "Throne Room": 1, "Smithy": 1, "Royal Carriage": 1, **({"Village": 1} if villages else {})}
    assert sc.in_play(0) == {} and sc.mat(0) == {}
    consistent(sc)


def test_edge_05_coin_of_the_realm_buy_phase_then_called():
    me = Scripted("me", play_treasure=["Coin of the Realm", "Copper", "Copper"],
                  play_action=["Smithy", "Village", None], after_action=["Coin of the Realm"])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Coin of the Realm", "Copper", "Copper"])
    sc.set_deck(0, ["Smithy", "Village", "Estate", "Estate", "Copper", "Estate", "Estate",
                    "Estate", "Estate"] + coppers(5))
    sc.play_turn(0)
    b = view(me, "buy")
    assert b.coins == 3 and b.in_play == {"Copper": 2}
    assert sc.mat(0) == {"Coin of the Realm": 1}
    consistent(sc)
    sc.play_turn(0)
    # Smithy spent the last Action; calling Coin of the Realm gave +2: Village was played.
    assert view(me, "after_action").arg == card_id("Smithy")
    assert view(me, "play_action", 1).actions == 2
    b = view(me, "buy", 1)
    assert b.coins == 1                          # the called Coin of the Realm gives no $
    assert b.in_play["Coin of the Realm"] == 1
    assert sc.mat(0) == {} and sc.discard(0)["Coin of the Realm"] == 1
    consistent(sc)


# ============================================================================ Ratcatcher / Gear
def test_edge_06_ratcatcher_called_at_start_of_turn():
    me = Scripted("me", start_of_turn=["Ratcatcher"], ratcatcher_trash=["Estate"],
                  play_action=[None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Estate", "Village", "Copper", "Copper", "Copper"])
    sc.set_deck(0, coppers(5))
    sc.set_mat(0, ["Ratcatcher"])
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 1}
    a = view(me, "play_action")
    assert a.actions == 1 and a.in_play == {"Ratcatcher": 1}
    assert sc.mat(0) == {} and sc.discard(0)["Ratcatcher"] == 1
    assert events(sc, EV_CALL, 0) == [(0, "Ratcatcher", 1, -1)]
    consistent(sc)


def test_ratcatcher_played_and_throne_room_moves_it_once():
    me = Scripted("me", play_action=["Throne Room", None], throne_room=["Ratcatcher"],
                  play_treasure=[None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Throne Room", "Ratcatcher", "Village"])
    sc.set_deck(0, ["Estate", "Duchy"] + coppers(5))
    sc.set_mat(0, ["Ratcatcher"])       # another one there already
    sc.play_turn(0)
    assert sc.mat(0) == {"Ratcatcher": 2}
    b = view(me, "buy")
    assert b.actions == 2 and b.hand == {"Village": 1, "Estate": 1, "Duchy": 1}
    assert b.in_play == {"Throne Room": 1}
    consistent(sc)


@pytest.mark.parametrize("order", [["Gear", "Ratcatcher"], ["Ratcatcher", "Gear"]])
def test_edge_07_gear_cards_then_ratcatcher(order):
    me = Scripted("me", start_of_turn=list(order),
                  ratcatcher_trash=["Estate" if order[0] == "Gear" else "Copper"])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, coppers(5))
    sc.set_deck(0, coppers(5))
    sc.hold_in_play(0, "Gear")
    sc.set_gear(0, ["Estate", "Estate"])
    sc.set_mat(0, ["Ratcatcher"])
    sc.play_turn(0)
    trash_view = view(me, "ratcatcher_trash")
    if order[0] == "Gear":
        assert trash_view.hand == {"Copper": 5, "Estate": 2}
        assert sc.trash() == {"Estate": 1}
    else:
        assert trash_view.hand == {"Copper": 5}
        assert sc.trash() == {"Copper": 1}
    assert sc.gear(0) == {} and sc.in_play(0) == {}
    assert sc.discard(0)["Gear"] == 1 and sc.discard(0)["Ratcatcher"] == 1
    consistent(sc)


@pytest.mark.parametrize("set_aside", [0, 2])
def test_edge_08_gear_sets_aside_0_or_2(set_aside):
    me = Scripted("me", play_action=["Gear", None],
                  gear_set_aside=["Silver", "Silver"] if set_aside else [None],
                  play_treasure=[None, None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Gear"] + coppers(4))
    sc.set_deck(0, ["Silver", "Silver"] + ["Estate"] * 5 + coppers(5))
    sc.play_turn(0)
    if not set_aside:
        assert sc.in_play(0) == {} and sc.discard(0)["Gear"] == 1
        assert sc.gear(0) == {}
        return
    assert sc.gear(0) == {"Silver": 2}
    assert sc.held_in_play(0) == {"Gear": 1}
    consistent(sc)
    sc.play_turn(0)
    assert view(me, "buy", 1).hand == {"Estate": 5, "Silver": 2}    # 5 + 2
    assert sc.in_play(0) == {} and sc.discard(0)["Gear"] == 1
    consistent(sc)


def test_edge_09_throne_room_gear_two_then_zero():
    me = Scripted("me", play_action=["Throne Room", None], throne_room=["Gear"],
                  gear_set_aside=["Gold", "Silver", None], play_treasure=[None, None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Throne Room", "Gear", "Estate"])
    sc.set_deck(0, ["Gold", "Silver", "Estate", "Estate"] + ["Duchy"] * 5 + coppers(5))
    sc.play_turn(0)
    assert sc.gear(0) == {"Gold": 1, "Silver": 1}
    assert sc.held_in_play(0) == {"Throne Room": 1, "Gear": 1}
    consistent(sc)
    sc.play_turn(0)
    assert view(me, "buy", 1).hand == {"Duchy": 5, "Gold": 1, "Silver": 1}
    assert sc.in_play(0) == {} and sc.held_in_play(0) == {}
    assert sc.discard(0)["Throne Room"] == 1 and sc.discard(0)["Gear"] == 1
    consistent(sc)


# ============================================================================ Haunted Woods
def test_edge_10_haunted_woods_buyer_topdecks_hand_once():
    them = Scripted("them", play_action=["Market", None], buy=["Silver", "Copper", None],
                    topdeck_order=["Estate", "Estate"])
    sc = game([nobuy(), them], K_ATTACK)
    sc.hold_in_play(0, "Haunted Woods").set_next_turn(0, "Haunted Woods")
    sc.set_attack_on(0, 1, "Haunted Woods")
    sc.set_hand(1, ["Market", "Gold", "Estate", "Estate", "Duchy"])
    sc.set_deck(1, ["Copper", "Province", "Province", "Province"])
    sc.play_turn(1)
    assert [c for _, c, _, x in events(sc, EV_TOPDECK, 1)
            if x == card_id("Haunted Woods")] == ["Estate", "Estate", "Duchy"]
    assert sc.hand(1) == {"Estate": 2, "Duchy": 1, "Province": 2}
    assert sc.deck(1) == ["Province"]
    assert sc.discard(1) == {"Market": 1, "Gold": 1, "Copper": 2, "Silver": 1}
    consistent(sc)


def test_edge_10_haunted_woods_event_buy_does_nothing():
    if sp(card_id("Ferry")) not in cardcalls.CARD_TEXT:
        pytest.skip("Ferry's text is not on this branch (sim/engine/adventures/events.py)")
    them = Scripted("them", buy=["Ferry", None], token_pile=["Market"])
    sc = game([nobuy(), them], K_ATTACK, events_=["Ferry"])
    sc.hold_in_play(0, "Haunted Woods").set_next_turn(0, "Haunted Woods")
    sc.set_attack_on(0, 1, "Haunted Woods")
    sc.set_hand(1, ["Silver", "Copper", "Estate", "Estate", "Duchy"])
    sc.set_deck(1, ["Province"] * 5)
    sc.play_turn(1)
    assert events(sc, EV_TOPDECK, 1) == []
    assert sc.hand(1) == {"Province": 5}
    assert sc.discard(1) == {"Silver": 1, "Copper": 1, "Estate": 2, "Duchy": 1}
    consistent(sc)


def test_haunted_woods_draws_3_next_turn_and_attack_ends():
    me = Scripted("me", play_action=["Haunted Woods"], play_treasure=[None, None])
    sc = game([me, nobuy()], K_ATTACK)
    sc.set_hand(0, ["Haunted Woods"])
    sc.set_deck(0, ["Estate"] * 5 + ["Gold"] * 3 + coppers(5))
    sc.play_turn(0)
    assert sc.S[L.HAND_ONTO_DECK_ON + 0 * L.MAX_PLAYERS + 1] == 1
    assert sc.held_in_play(0) == {"Haunted Woods": 1}
    sc.play_turn(0)
    assert view(me, "buy", 1).hand == {"Estate": 5, "Gold": 3}
    assert sc.S[L.HAND_ONTO_DECK_ON + 0 * L.MAX_PLAYERS + 1] == 0
    assert sc.in_play(0) == {} and sc.discard(0)["Haunted Woods"] == 1
    consistent(sc)


# ============================================================================ Swamp Hag
def test_edge_12_three_swamp_hags_two_buys_six_curses():
    third = Scripted("third", play_action=["Market", "Workshop", None],
                     workshop_gain=["Silver"], buy=["Silver", "Copper", None])
    sc = game([nobuy(), nobuy(), third], K_ATTACK)
    sc.hold_in_play(0, "Swamp Hag", 2).set_attack_on(0, 2, "Swamp Hag", 2)
    sc.hold_in_play(1, "Swamp Hag", 1).set_attack_on(1, 2, "Swamp Hag", 1)
    sc.set_hand(2, ["Market", "Workshop", "Copper", "Copper", "Copper"])
    sc.set_deck(2, coppers(6))
    curses = sc.supply("Curse")
    sc.play_turn(2)
    assert sc.owned(2)["Curse"] == 6                  # 3 per card bought, none for Workshop
    assert sc.supply("Curse") == curses - 6
    gains = [c for _, c, _, _ in events(sc, EV_GAIN, 2)]
    assert gains == ["Silver"] + ["Curse"] * 3 + ["Silver"] + ["Curse"] * 3 + ["Copper"]
    consistent(sc)


@pytest.mark.parametrize("reveal", [True, False])
def test_edge_13_swamp_hag_moat_only_when_played(reveal):
    me = Scripted("me", play_action=["Swamp Hag"])
    them = Scripted("them", reveal_moat=[reveal], buy=["Silver", None])
    sc = game([me, them], K_ATTACK)
    sc.set_hand(0, ["Swamp Hag"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.set_hand(1, ["Moat", "Copper", "Copper", "Copper"])
    sc.set_deck(1, coppers(5))
    sc.play_turn(0)
    assert sc.S[L.GAIN_CURSE_ON + 0 * L.MAX_PLAYERS + 1] == (0 if reveal else 1)
    sc.play_turn(1)
    assert len(them.asked("reveal_moat")) == 1       # not again on their own turn
    assert sc.owned(1).get("Curse", 0) == (0 if reveal else 1)
    consistent(sc)


def test_swamp_hag_gives_3_next_turn():
    me = Scripted("me", play_action=["Swamp Hag"], play_treasure=[None, None])
    sc = game([me, nobuy()], K_ATTACK)
    sc.set_hand(0, ["Swamp Hag"])
    sc.set_deck(0, ["Estate"] * 5 + ["Duchy"] * 5)
    sc.play_turn(0)
    assert sc.next_turn(0) == {"Swamp Hag": 1}
    sc.play_turn(0)
    assert view(me, "buy", 1).coins == 3
    assert sc.S[L.GAIN_CURSE_ON + 0 * L.MAX_PLAYERS + 1] == 0
    assert sc.discard(0)["Swamp Hag"] == 1 and sc.in_play(0) == {}


def test_edge_14_champion_after_swamp_hag_still_cursed():
    them = Scripted("them", play_action=["Champion", None], buy=["Silver", None])
    sc = game([nobuy(), them], K_CHAMPION)
    sc.hold_in_play(0, "Swamp Hag").set_attack_on(0, 1, "Swamp Hag")
    sc.set_hand(1, ["Champion", "Copper", "Copper", "Copper"])
    sc.set_deck(1, coppers(5))
    sc.play_turn(1)
    assert sc.owned(1)["Curse"] == 1
    assert sc.lasting_in_play(1) == {"Champion": 1}
    consistent(sc)


def test_edge_14_swamp_hag_after_champion_no_curses():
    me = Scripted("me", play_action=["Swamp Hag"])
    them = Scripted("them", buy=["Silver", None])
    sc = game([me, them], K_CHAMPION)
    sc.set_hand(0, ["Swamp Hag"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.set_hand(1, ["Copper", "Copper", "Copper"])
    sc.set_deck(1, coppers(5))
    sc.hold_in_play(1, "Champion", game=True).set_lasting(1, "Champion")
    sc.play_turn(0)
    sc.play_turn(1)
    assert sc.owned(1).get("Curse", 0) == 0
    assert sc.in_play(1) == {"Champion": 1}
    consistent(sc)


def test_champion_blocks_militia_and_adds_actions():
    me = Scripted("me", play_action=["Militia"])
    them = Scripted("them")
    sc = game([me, them], K_CHAMPION)
    sc.set_hand(0, ["Militia"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.set_hand(1, coppers(5))
    sc.hold_in_play(1, "Champion", game=True).set_lasting(1, "Champion")
    sc.play_turn(0)
    assert them.asked("attack_discard") == []
    assert sc.hand(1) == {"Copper": 5}


# ============================================================================ Bridge Troll
@pytest.mark.parametrize("second", ["Estate", "Peasant"])
def test_edge_15_bridge_troll_lowers_costs_on_my_turn(second):
    me = Scripted("me", play_action=["Bridge Troll"], buy=["Province", second, None])
    sc = game([me, nobuy()], K_ATTACK)
    sc.set_hand(0, ["Bridge Troll", "Gold", "Gold", "Copper", "Copper"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert [v.coins for v in me.asked("buy")] == [8, 1]     # Province $7, then $1
    assert [c for _, c, _, _ in events(sc, EV_GAIN, 0)] == ["Province", second]
    assert sc.minus_coin(1)
    consistent(sc)


def test_edge_15_two_bridge_trolls_one_from_last_turn():
    me = Scripted("me", play_action=["Bridge Troll"], buy=["Province", "Peasant", "Estate"])
    sc = game([me, nobuy()], K_ATTACK)
    sc.hold_in_play(0, "Bridge Troll").set_next_turn(0, "Bridge Troll")
    sc.set_hand(0, ["Bridge Troll", "Gold", "Gold", "Estate"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert [(v.buys, v.coins) for v in me.asked("buy")] == [(3, 6), (2, 0), (1, 0)]
    assert sc.owned(0)["Province"] == 1 and sc.owned(0)["Peasant"] == 1
    assert sc.in_play(0) == {"Bridge Troll": 1}       # the old one left, the new one stays
    consistent(sc)


def test_bridge_troll_and_cost_token_never_below_zero():
    me = Scripted("me", play_action=["Bridge Troll"], buy=["Peasant", "Peasant"])
    sc = game([me, nobuy()], K_ATTACK)
    sc.set_token(0, "-$2 cost", "Peasant")            # $2 - $2 - $1: $0, not -$1
    sc.set_hand(0, ["Bridge Troll"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert [(v.buys, v.coins) for v in me.asked("buy")] == [(2, 0), (1, 0)]
    assert sc.owned(0)["Peasant"] == 2
    consistent(sc)


def test_edge_15_costs_normal_on_opponents_turn():
    them = Scripted("them", play_action=["Market", None], buy=["Province", "Copper", None])
    sc = game([nobuy(), them], K_ATTACK)
    sc.hold_in_play(0, "Bridge Troll", 2).set_next_turn(0, "Bridge Troll", 2)
    sc.set_hand(1, ["Market", "Gold", "Gold", "Copper"])
    sc.set_deck(1, ["Estate"] * 6)
    sc.play_turn(1)
    assert [v.coins for v in them.asked("buy")] == [8, 0]
    consistent(sc)


def test_edge_20_throne_room_bridge_troll():
    me = Scripted("me", play_action=["Throne Room", None], throne_room=["Bridge Troll"],
                  buy=["Province", None, None])
    sc = game([me, nobuy()], K_ATTACK)
    sc.set_hand(0, ["Throne Room", "Bridge Troll", "Gold", "Gold", "Copper"])
    sc.set_deck(0, coppers(10))
    sc.play_turn(0)
    assert [(v.buys, v.coins) for v in me.asked("buy")] == [(3, 7), (2, 0)]
    assert sc.next_turn(0) == {"Bridge Troll": 2}
    assert sc.held_in_play(0) == {"Throne Room": 1, "Bridge Troll": 1}
    assert [r for r in events(sc, EV_TOKEN, 1)] == [(1, None, TOKEN_MINUS_COIN,
                                                    card_id("Bridge Troll"))]
    consistent(sc)
    sc.play_turn(0)
    assert view(me, "buy", 2).buys == 3
    assert sc.in_play(0) == {}
    assert sc.discard(0)["Throne Room"] == 1 and sc.discard(0)["Bridge Troll"] == 1
    consistent(sc)


def test_edge_21_minus_coin_token():
    me = Scripted("me", play_action=["Bridge Troll"])
    them = Scripted("them", play_action=["Moat", None],
                    play_treasure=["Copper", "Copper"])
    sc = game([me, them], K_ATTACK)
    sc.set_minus_coin(1)
    sc.set_hand(0, ["Bridge Troll"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert events(sc, EV_TOKEN, 1) == []             # already held: nothing changes
    assert sc.minus_coin(1)
    sc.set_hand(1, ["Moat", "Copper", "Copper"])
    sc.set_deck(1, ["Estate"] * 6)
    clear_log(sc)
    sc.play_turn(1)
    # Moat gives $0: the token stays; the first Copper gives $0 and returns it.
    assert view(them, "play_treasure").coins == 0
    assert view(them, "play_treasure", 1).coins == 0
    assert view(them, "buy").coins == 1
    assert [k for _, _, k, _ in events(sc, EV_TOKEN, 1)] == [TOKEN_MINUS_COIN]
    assert not sc.minus_coin(1)


# ============================================================================ Teacher, tokens
def test_edge_25_teacher_moves_token_to_pile_with_only_opponents_tokens():
    me = Scripted("me", start_of_turn=["Teacher"], teacher_token=[0], token_pile=["Village"])
    sc = game([me, nobuy()], K_GAIN)
    sc.set_mat(0, ["Teacher"])
    sc.set_hand(0, coppers(5))
    sc.set_deck(0, coppers(5))
    sc.set_token(0, "+1 Card", "Port").set_token(0, "-$2 cost", "Smithy")
    sc.set_token(1, "+1 Card", "Village").set_token(1, "Trashing", "Village")
    sc.play_turn(0)
    assert sc.token_pile(0, "+1 Card") == "Village"
    assert sc.mat(0) == {} and sc.discard(0)["Teacher"] == 1
    consistent(sc)


@pytest.mark.parametrize("token, pile", [("-$2 cost", "Smithy"), ("Trashing", "Workshop"),
                                          ("+1 Action", "Port")])
def test_edge_25_teacher_not_to_a_pile_with_my_token(token, pile):
    me = Scripted("me", start_of_turn=["Teacher"], teacher_token=[0], token_pile=[pile])
    sc = game([me, nobuy()], K_GAIN)
    sc.set_mat(0, ["Teacher"])
    sc.set_hand(0, coppers(5))
    sc.set_token(0, token, pile)
    with pytest.raises(RuntimeError, match="put a token on a pile"):
        sc.play_turn(0)


def test_edge_25_token_moved_to_an_empty_pile_keeps_working():
    me = Scripted("me", start_of_turn=["Teacher"], teacher_token=[0], token_pile=["Village"],
                  play_action=["Village", None], play_treasure=[None])
    sc = game([me, nobuy()], K_GAIN)
    sc.set_supply("Village", 0)
    sc.set_mat(0, ["Teacher"])
    sc.set_hand(0, ["Village"])
    sc.set_deck(0, ["Estate", "Duchy"] + coppers(5))
    sc.play_turn(0)
    assert sc.token_pile(0, "+1 Card") == "Village"
    assert view(me, "buy").hand == {"Estate": 1, "Duchy": 1}    # token's card, Village's
    consistent(sc)


# ============================================================================ Duplicate
def test_edge_28_duplicate_gold_twice():
    me = Scripted("me", buy=["Gold", None], duplicate_call=[True, True])
    sc = game([me, nobuy()], K_GAIN)
    sc.set_hand(0, ["Gold", "Gold"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.set_mat(0, ["Duplicate", "Duplicate"])
    sc.play_turn(0)
    assert sc.owned(0)["Gold"] == 5
    assert names(v.arg for v in me.asked("duplicate_call")) == ["Gold", "Gold"]
    assert sc.mat(0) == {} and sc.discard(0)["Duplicate"] == 2
    consistent(sc)


@pytest.mark.parametrize("trolls", [0, 2])
def test_edge_28_duplicate_province_only_with_two_trolls(trolls):
    me = Scripted("me", buy=["Province", None, None, None], duplicate_call=[True])
    sc = game([me, nobuy()], K_GAIN)
    sc.set_hand(0, ["Gold", "Gold"] if trolls else ["Gold", "Gold", "Gold"])
    sc.set_mat(0, ["Duplicate"])
    if trolls:
        sc.hold_in_play(0, "Bridge Troll", 2).set_next_turn(0, "Bridge Troll", 2)
    sc.play_turn(0)
    assert sc.owned(0)["Province"] == (2 if trolls else 1)
    assert len(me.asked("duplicate_call")) == (1 if trolls else 0)
    consistent(sc)


@pytest.mark.parametrize("calls", [[True], [False, True]])
def test_edge_29_port_bought_with_duplicate(calls):
    me = Scripted("me", buy=["Port", None], duplicate_call=list(calls))
    sc = game([me, nobuy()], K_GAIN)
    sc.set_hand(0, ["Gold", "Copper"])
    sc.set_mat(0, ["Duplicate"])
    ports = sc.supply("Port")
    sc.play_turn(0)
    assert sc.owned(0)["Port"] == 3 and sc.supply("Port") == ports - 3
    assert len(me.asked("duplicate_call")) == len(calls)
    consistent(sc)


def test_port_bought_gains_two_gained_otherwise_one():
    me = Scripted("me", buy=["Port", None])
    sc = game([me, nobuy()], K_GAIN)
    sc.set_hand(0, ["Gold", "Copper"])
    sc.play_turn(0)
    assert sc.owned(0) == {"Gold": 1, "Copper": 1, "Port": 2}
    me2 = Scripted("me", play_action=["Workshop"], workshop_gain=["Port"], buy=[None])
    sc = game([me2, nobuy()], K_GAIN)
    sc.set_hand(0, ["Workshop"])
    sc.play_turn(0)
    assert sc.owned(0) == {"Workshop": 1, "Port": 1}


def test_duplicate_on_opponents_witch_curse_leaves_at_their_cleanup():
    me = Scripted("me", play_action=["Witch"])
    them = Scripted("them", duplicate_call=[True])
    sc = game([me, them], K_GAIN)
    sc.set_hand(0, ["Witch"])
    sc.set_deck(0, coppers(7))
    sc.set_mat(1, ["Duplicate"])
    sc.set_hand(1, coppers(5))
    curses = sc.supply("Curse")
    sc.play_turn(0)
    assert view(them, "duplicate_call").arg == card_id("Curse")
    assert sc.owned(1)["Curse"] == 2 and sc.supply("Curse") == curses - 2
    assert sc.in_play(1) == {} and sc.mat(1) == {}
    assert sc.discard(1) == {"Curse": 2, "Duplicate": 1}
    assert sc.discard_top(1) == "Duplicate"
    consistent(sc)


def test_duplicate_played_goes_to_mat():
    me = Scripted("me", play_action=["Duplicate"])
    sc = game([me, nobuy()], K_GAIN)
    sc.set_hand(0, ["Duplicate"])
    sc.play_turn(0)
    assert sc.mat(0) == {"Duplicate": 1} and sc.in_play(0) == {}


# ============================================================================ Transmogrify
def test_edge_31_transmogrify_estate_to_silver_in_hand():
    me = Scripted("me", start_of_turn=["Transmogrify"], transmogrify_trash=["Estate"],
                  transmogrify_gain=["Silver"])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_mat(0, ["Transmogrify"])
    sc.set_hand(0, ["Estate", "Copper"])
    sc.play_turn(0)
    assert sc.trash() == {"Estate": 1}
    b = view(me, "buy")
    assert b.coins == 3 and b.in_play == {"Silver": 1, "Copper": 1, "Transmogrify": 1}
    consistent(sc)


def test_edge_31_transmogrify_limit_and_empty_hand():
    me = Scripted("me", start_of_turn=["Transmogrify"], transmogrify_trash=["Estate"],
                  transmogrify_gain=["Port"])          # $4 > $2 + 1
    sc = game([me, nobuy()], K_MIXED)
    sc.set_mat(0, ["Transmogrify"])
    sc.set_hand(0, ["Estate"])
    with pytest.raises(RuntimeError, match="gain with Transmogrify"):
        sc.play_turn(0)
    me = Scripted("me", start_of_turn=["Transmogrify"])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_mat(0, ["Transmogrify"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert me.asked("transmogrify_trash") == [] and me.asked("transmogrify_gain") == []
    assert sc.discard(0) == {"Transmogrify": 1} and sc.trash() == {}


# ============================================================================ Amulet
def test_edge_32_amulet_now_and_next_turn():
    me = Scripted("me", play_action=["Amulet"], amulet_mode=[0, 2], play_treasure=[None, None])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_hand(0, ["Amulet"])
    sc.set_deck(0, ["Estate"] * 5 + coppers(5))
    sc.play_turn(0)
    assert view(me, "buy").coins == 1
    assert sc.held_in_play(0) == {"Amulet": 1}
    sc.play_turn(0)
    assert sc.owned(0)["Silver"] == 1
    assert view(me, "buy", 1).coins == 0
    assert sc.in_play(0) == {} and sc.discard(0)["Amulet"] == 1
    consistent(sc)


def test_edge_32_throne_room_amulet_two_choices_now_and_next_turn():
    me = Scripted("me", play_action=["Throne Room"], throne_room=["Amulet"],
                  amulet_mode=[0, 1, 2, 0], amulet_trash=["Estate"],
                  play_treasure=[None, None])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_hand(0, ["Throne Room", "Amulet", "Estate"])
    sc.set_deck(0, ["Duchy"] * 5)
    sc.play_turn(0)
    assert view(me, "buy").coins == 1 and sc.trash() == {"Estate": 1}
    assert sc.held_in_play(0) == {"Throne Room": 1, "Amulet": 1}
    assert sc.next_turn(0) == {"Amulet": 2}
    sc.play_turn(0)
    assert view(me, "buy", 1).coins == 1 and sc.owned(0)["Silver"] == 1
    assert sc.in_play(0) == {}
    consistent(sc)


# ============================================================================ Wine Merchant
@pytest.mark.parametrize("money, mission, left", [("Silver", False, 0), ("Copper", False, 2),
                                                  ("Silver", True, 0)])
def test_edge_41_wine_merchant_leaves_mat_with_2_unspent(money, mission, left):
    me = Scripted("me", wine_merchant_discard=[True, True])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_mat(0, ["Wine Merchant", "Wine Merchant"])
    sc.set_hand(0, [money])
    sc.set_deck(0, ["Estate"] * 5)
    if mission:
        sc.S[L.V + L.V_MISSION] = 1
    sc.play_turn(0)
    assert sc.mat(0) == ({"Wine Merchant": left} if left else {})
    assert len(me.asked("wine_merchant_discard")) == (0 if left else 2)
    assert sc.discard(0).get("Wine Merchant", 0) == 2 - left
    consistent(sc)


def test_wine_merchant_played():
    me = Scripted("me", play_action=["Wine Merchant"], wine_merchant_discard=[False])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_hand(0, ["Wine Merchant"])
    sc.play_turn(0)
    b = view(me, "buy")
    assert (b.buys, b.coins) == (2, 4) and b.in_play == {}
    assert sc.mat(0) == {"Wine Merchant": 1}


# ============================================================================ Lost City
def test_edge_46_buying_lost_city_others_draw_now():
    me = Scripted("me", buy=["Lost City", None])
    sc = game([me, nobuy(), nobuy()], K_MIXED)
    sc.set_hand(0, ["Gold", "Gold"])
    sc.set_deck(1, ["Silver", "Copper"])
    sc.set_deck(2, ["Gold"])
    sc.play_turn(0)
    assert sc.hand(1) == {"Silver": 1} and sc.hand(2) == {"Gold": 1}
    draws = [(q, CARDS[c].name) for e, _t, q, c, _k, _x in log_rows(sc)
             if e == EV_DRAW and q != 0]
    cleanup_at = [i for i, r in enumerate(log_rows(sc)) if r[0] == EV_CLEANUP][0]
    draw_at = [i for i, r in enumerate(log_rows(sc)) if r[0] == EV_DRAW and r[2] != 0]
    assert draws == [(1, "Silver"), (2, "Gold")] and max(draw_at) < cleanup_at
    consistent(sc)


def test_lost_city_copied_by_duplicate_others_draw_twice():
    me = Scripted("me", buy=["Lost City", None], duplicate_call=[True])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_hand(0, ["Gold", "Gold"])
    sc.set_deck(0, ["Estate"] * 5)
    sc.set_mat(0, ["Duplicate"])
    sc.set_deck(1, ["Silver", "Copper", "Gold"])
    sc.play_turn(0)
    assert sc.owned(0)["Lost City"] == 2
    assert sc.hand(1) == {"Silver": 1, "Copper": 1} and sc.deck(1) == ["Gold"]
    consistent(sc)


# ============================================================================ Travellers
def test_edge_51_page_exchanged_not_a_gain():
    me = Scripted("me", play_action=["Page", None], exchange_traveller=[True],
                  play_treasure=[None])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_hand(0, ["Page", "Page", "Copper"])
    sc.set_deck(0, ["Estate"] + coppers(5))
    sc.set_mat(0, ["Duplicate"])
    pages, hunters = sc.supply("Page"), sc.non_supply("Treasure Hunter")
    sc.play_turn(0)
    assert len(me.asked("exchange_traveller")) == 1   # the unplayed Page is not exchanged
    assert sc.supply("Page") == pages + 1
    assert sc.non_supply("Treasure Hunter") == hunters - 1
    assert sc.discard(0) == {"Treasure Hunter": 1, "Page": 1, "Copper": 1, "Estate": 1}
    assert me.asked("duplicate_call") == [] and sc.gains_this_turn(0) == 0
    assert events(sc, EV_EXCHANGE, 0) == [(0, "Page", 1, card_id("Treasure Hunter"))]
    assert sc.discard_top(0) == "Treasure Hunter"
    consistent(sc)


def test_edge_52_page_returned_to_an_empty_pile_ends_no_game():
    me = Scripted("me", play_action=["Page", None], exchange_traveller=[True])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_supply("Page", 0).set_supply("Port", 0).set_supply("Amulet", 0)
    assert sc.game_over()
    sc.set_hand(0, ["Page"])
    sc.set_deck(0, coppers(6))
    sc.play_turn(0)
    assert sc.supply("Page") == 1
    assert sc.S[L.V + L.V_EMPTY] == 2 and not sc.game_over()
    consistent(sc)


def test_edge_53_treasure_hunter_pile_empty_no_exchange():
    me = Scripted("me", play_action=["Page", None], exchange_traveller=[True])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_non_supply("Treasure Hunter", 0)
    sc.set_hand(0, ["Page"])
    sc.set_deck(0, coppers(6))
    pages = sc.supply("Page")
    sc.play_turn(0)
    assert me.asked("exchange_traveller") == []
    assert sc.discard(0)["Page"] == 1 and sc.supply("Page") == pages
    consistent(sc)


def test_exchange_chain_soldier_before_peasant():
    me = Scripted("me", exchange_traveller=[True, True])
    sc = game([me, nobuy()], K_CHAMPION)
    sc.set_non_supply("Soldier", 0)
    sc.set_in_play(0, ["Peasant", "Soldier"])
    sc.set_deck(0, coppers(5))
    peasants, fugitives = sc.supply("Peasant"), sc.non_supply("Fugitive")
    sc.play_turn(0)
    assert names(v.arg for v in me.asked("exchange_traveller")) == ["Soldier", "Peasant"]
    assert sc.discard(0) == {"Fugitive": 1, "Soldier": 1}
    assert sc.supply("Peasant") == peasants + 1 and sc.non_supply("Fugitive") == fugitives - 1
    assert sc.non_supply("Soldier") == 0
    consistent(sc)


# ============================================================================ Champion, Hireling
def test_edge_55_champion_throne_room_village_seven_actions():
    me = Scripted("me", play_action=["Throne Room", None], throne_room=["Village"])
    sc = game([me, nobuy()], K_CHAMPION)
    sc.hold_in_play(0, "Champion", game=True).set_lasting(0, "Champion")
    sc.set_hand(0, ["Throne Room", "Village", "Village"])
    sc.set_deck(0, coppers(8))
    sc.play_turn(0)
    assert view(me, "play_action", 1).actions == 7
    assert sc.in_play(0) == {"Champion": 1}
    consistent(sc)


def test_edge_56_throne_room_hireling_two_cards_every_turn():
    me = Scripted("me", play_action=["Throne Room"], throne_room=["Hireling"],
                  play_treasure=[None] * 3)
    sc = game([me, nobuy()], K_MIXED)
    sc.set_hand(0, ["Throne Room", "Hireling"])
    sc.set_deck(0, ["Estate"] * 30)
    sc.play_turn(0)
    assert sc.lasting_in_play(0) == {"Throne Room": 1, "Hireling": 1}
    for turn in (1, 2):
        sc.play_turn(0)
        assert sum(view(me, "buy", turn).hand.values()) == 7
        assert sc.in_play(0) == {"Throne Room": 1, "Hireling": 1}
    consistent(sc)


def test_royal_carriage_replaying_hireling_stays_for_the_game():
    me = Scripted("me", play_action=["Hireling"], after_action=["Royal Carriage"],
                  play_treasure=[None] * 3)
    sc = game([me, nobuy()], K_START[:9] + ["Royal Carriage"])
    sc.set_hand(0, ["Hireling"])
    sc.set_mat(0, ["Royal Carriage"])
    sc.set_deck(0, ["Estate"] * 30)
    sc.play_turn(0)
    assert sc.lasting_in_play(0) == {"Hireling": 1, "Royal Carriage": 1}
    assert sc.held_in_play(0) == {}
    for turn in (1, 2):
        sc.play_turn(0)
        assert sum(view(me, "buy", turn).hand.values()) == 7
        assert sc.in_play(0) == {"Hireling": 1, "Royal Carriage": 1}
    consistent(sc)


@pytest.mark.parametrize("answers", [["Caravan Guard", "Hireling"], [None], ["Hireling", None]])
def test_hireling_draws_once_per_turn_in_any_start_order(answers):
    me = Scripted("me", start_of_turn=list(answers), play_treasure=[None])
    sc = game([me, nobuy()], K_START)
    sc.hold_in_play(0, "Hireling", game=True).set_lasting(0, "Hireling")
    sc.hold_in_play(0, "Caravan Guard").set_next_turn(0, "Caravan Guard")
    sc.set_hand(0, ["Estate"] * 5)
    sc.set_deck(0, ["Duchy"] * 10)
    sc.play_turn(0)
    b = view(me, "buy")
    assert b.hand == {"Estate": 5, "Duchy": 1} and b.coins == 1
    assert sorted(c for _, c, _, _ in events(sc, EV_DURATION, 0)) == ["Caravan Guard",
                                                                        "Hireling"]
    assert sc.in_play(0) == {"Hireling": 1}
    consistent(sc)


# ============================================================================ Distant Lands
def test_edge_57_distant_lands_scores_only_on_mat():
    sc = game([nobuy(), nobuy()], K_MIXED)
    sc.set_mat(0, ["Distant Lands"])
    sc.set_hand(1, ["Distant Lands"]).set_deck(1, ["Distant Lands"])
    assert sc.score(0) == 4 and sc.score(1) == 0
    me = Scripted("me", play_action=["Throne Room"], throne_room=["Distant Lands"])
    sc = game([me, nobuy()], K_MIXED)
    sc.set_hand(0, ["Throne Room", "Distant Lands"])
    sc.set_deck(0, coppers(5))
    sc.play_turn(0)
    assert sc.mat(0) == {"Distant Lands": 1}
    assert sc.discard(0) == {"Throne Room": 1}
    assert sc.score(0) == 4
    consistent(sc)


# ============================================================================ Dungeon, Guide
def test_edge_70_dungeon_now_and_next_turn():
    me = Scripted("me", play_action=["Dungeon", None],
                  dungeon_discard=["Estate", "Copper", "Duchy", "Duchy"],
                  play_treasure=[None, None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Dungeon", "Estate", "Village"])
    sc.set_deck(0, ["Silver", "Copper"] + ["Gold"] * 5 + ["Duchy", "Duchy"] + ["Estate"] * 5)
    sc.play_turn(0)
    a = view(me, "play_action", 1)
    assert a.actions == 1 and a.hand == {"Village": 1, "Silver": 1}
    assert sc.held_in_play(0) == {"Dungeon": 1}
    sc.play_turn(0)
    assert view(me, "buy", 1).hand == {"Gold": 5}
    assert sc.in_play(0) == {} and sc.discard(0)["Dungeon"] == 1
    consistent(sc)


def test_edge_71_guide_with_minus_card_token_draws_4():
    me = Scripted("me", start_of_turn=["Guide"], play_treasure=[None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_mat(0, ["Guide"])
    sc.set_hand(0, ["Estate", "Estate", "Copper"])
    sc.set_deck(0, ["Gold"] * 4 + ["Silver"] * 6)
    sc.set_minus_card(0)
    sc.play_turn(0)
    assert view(me, "buy").hand == {"Gold": 4}
    assert not sc.minus_card(0)
    assert sc.discard(0)["Guide"] == 1
    consistent(sc)


def test_guide_and_ratcatcher_played_go_to_mat():
    me = Scripted("me", play_action=["Guide", "Ratcatcher", None], play_treasure=[None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Guide", "Ratcatcher"])
    sc.set_deck(0, ["Estate", "Duchy"] + coppers(5))
    sc.play_turn(0)
    b = view(me, "buy")
    assert b.actions == 1 and b.hand == {"Estate": 1, "Duchy": 1} and b.in_play == {}
    assert sc.mat(0) == {"Guide": 1, "Ratcatcher": 1}


def test_edge_35_minus_card_token_plus_one_card_draws_nothing_no_shuffle():
    me = Scripted("me", play_action=["Market", None], play_treasure=[None])
    sc = game([me, nobuy()], K_RESERVE)
    sc.set_hand(0, ["Market"])
    sc.set_discard(0, ["Gold"] * 3)
    sc.set_minus_card(0)
    sc.play_turn(0)
    assert view(me, "buy").hand == {}
    assert rows_before(sc, EV_COINS, EV_SHUFFLE, 0) == []
    assert rows_before(sc, EV_COINS, EV_TOKEN, 0) == [(None, TOKEN_MINUS_CARD, -1)]
    assert not sc.minus_card(0)


# ============================================================================ Caravan Guard
def test_caravan_guard_played_and_next_turn():
    me = Scripted("me", play_action=["Caravan Guard", None], play_treasure=[None, None])
    sc = game([me, nobuy()], K_ATTACK)
    sc.set_hand(0, ["Caravan Guard", "Workshop"])      # (every card of a test is in its game)
    sc.set_deck(0, ["Estate"] * 6 + ["Duchy"] * 5)
    sc.play_turn(0)
    a = view(me, "play_action", 1)
    assert a.actions == 1 and a.hand == {"Workshop": 1, "Estate": 1}
    assert sc.held_in_play(0) == {"Caravan Guard": 1}
    sc.play_turn(0)
    assert view(me, "buy", 1).coins == 1
    assert sc.in_play(0) == {} and sc.discard(0)["Caravan Guard"] == 1
    consistent(sc)


def test_caravan_guard_reacts_to_militia():
    me = Scripted("me", play_action=["Militia"])
    them = Scripted("them", caravan_guard_react=[True], attack_discard=["Estate", "Estate"],
                    play_treasure=["Gold", None])
    sc = game([me, them], K_ATTACK)
    sc.set_hand(0, ["Militia"])
    sc.set_deck(0, ["Copper"] * 5)
    sc.set_hand(1, ["Caravan Guard", "Estate", "Estate", "Duchy", "Duchy"])
    sc.set_deck(1, ["Gold"] + ["Province"] * 5)
    sc.play_turn(0)
    assert events(sc, EV_REACT, 1) == [(1, "Caravan Guard", 1, card_id("Militia"))]
    assert view(them, "attack_discard").hand == {"Gold": 1, "Estate": 2, "Duchy": 2}
    assert sc.hand(1) == {"Gold": 1, "Duchy": 2}
    assert sc.in_play(1) == {"Caravan Guard": 1}          # stays through my Cleanup
    assert sc.next_turn(1) == {"Caravan Guard": 1}
    consistent(sc)
    sc.play_turn(1)
    assert view(them, "buy").coins == 4                  # +$1 at the start, Gold
    assert sc.in_play(1) == {} and sc.discard(1)["Caravan Guard"] == 1
    consistent(sc)


# ============================================================================ turn order
def test_turns_alternate_without_mission():
    cfg = GameConfig(n_players=2, kingdom=K_RESERVE, turn_cap=6)
    res = play_batch(cfg, [nobuy(), nobuy()], np.array([[0, 1]]),
                     np.array([11], np.uint64), np.array([1]), log=True)
    turns = [(int(r[2]), int(r[4])) for r in res.log if r[0] == EV_TURN]
    assert turns == [(1, 1), (0, 1), (1, 2), (0, 2), (1, 3), (0, 3), (1, 4), (0, 4),
                     (1, 5), (0, 5), (1, 6), (0, 6)]
    assert res.turns.tolist() == [[6, 6]]


# ============================================================================ with Events
K_EVENTS = ["Haunted Woods", "Swamp Hag", "Raze", "Royal Carriage", "Coin of the Realm", "Miser",
            "Messenger", "Caravan Guard", "Duplicate", "Village"]


@pytest.mark.parametrize("answer", ["Royal Carriage", "Coin of the Realm"])
def test_edge_02_raze_that_trashed_itself(answer):
    """Raze trashing itself left play: Royal Carriage cannot replay it (an illegal
    answer); Coin of the Realm still gives +2 Actions."""
    me = Scripted("me", play_action=["Raze", None], raze_trash=[None], raze_keep=["Gold"],
                  after_action=[answer, None])
    sc = game([me, nobuy()], K_EVENTS)
    sc.set_hand(0, ["Raze", "Village", "Estate"])
    sc.set_deck(0, ["Gold", "Copper"] + coppers(5))
    sc.set_mat(0, ["Royal Carriage", "Coin of the Realm"])
    if answer == "Royal Carriage":
        with pytest.raises(RuntimeError, match="call after an Action"):
            sc.play_turn(0)
        return
    sc.play_turn(0)
    assert sc.trash() == {"Raze": 1}
    assert view(me, "play_action", 1).actions == 3        # Raze's +1, the Coin's +2
    assert view(me, "play_action", 1).hand == {"Village": 1, "Estate": 1, "Gold": 1}
    consistent(sc)


def test_edge_11_haunted_woods_then_own_mission_turn_affects_nobody():
    """Haunted Woods played, then its owner's Mission turn: +3 Cards at that turn's start
    and the card discarded in it; the opponent, whose turn never came, was never affected
    (the "until your next turn" ended at the Mission turn)."""
    me = Scripted("me", play_action=["Haunted Woods", None], buy=["Mission", None])
    sc = game([me, nobuy()], K_EVENTS, events_=["Mission"])
    sc.S[L.V + L.V_PREV] = 1
    sc.set_hand(0, ["Haunted Woods", "Gold", "Silver"])
    sc.set_deck(0, ["Estate"] * 5 + ["Duchy"] * 3 + ["Copper"] * 10)
    sc.play_turn(0)
    assert sc.S[L.HAND_ONTO_DECK_ON + 0 * L.MAX_PLAYERS + 1] == 1
    assert sc.S[L.V + L.V_MISSION] == 1                 # the next turn is my Mission turn
    sc.play_turn(0)                                     # the Mission turn
    assert sc.S[L.HAND_ONTO_DECK_ON + 0 * L.MAX_PLAYERS + 1] == 0
    assert view(me, "buy", 1).hand == {"Estate": 5, "Duchy": 3}   # +3 Cards at its start
    assert sc.in_play(0) == {} and sc.discard(0)["Haunted Woods"] == 1
    assert sc.S[L.TURNS + 0] == 1                       # the Mission turn is not counted
    consistent(sc)


def test_edge_12_gains_by_events_give_no_curses_from_swamp_hag():
    """Swamp Hag curses per card *bought*: Alms' and Ball's gains give none."""
    them = Scripted("them", buy=["Alms", "Ball"], alms_gain=["Silver"],
                    ball_gain=["Village", "Silver"], play_action=["Miser"], miser_mode=[1])
    sc = game([nobuy(), them], K_EVENTS, events_=["Alms", "Ball"])
    sc.hold_in_play(0, "Swamp Hag").set_attack_on(0, 1, "Swamp Hag")
    curses = sc.supply("Curse")
    sc.set_hand(1, ["Estate"]).set_deck(1, ["Estate"] * 10)
    sc.play_turn(1)                                     # Alms with $0
    sc.set_hand(1, ["Miser"]).set_mat(1, coppers(5))
    sc.play_turn(1)                                     # Ball with Miser's $5
    assert [c for _, c, _, _ in events(sc, EV_GAIN, 1)] == ["Silver", "Village", "Silver"]
    assert sc.supply("Curse") == curses
    consistent(sc)


def test_edge_27_miser_coppers_on_the_mat_are_not_in_play_so_alms_works():
    me = Scripted("me", play_action=["Miser", None], miser_mode=[1], buy=["Alms", None],
                  alms_gain=["Silver"])
    sc = game([me, nobuy()], K_EVENTS, events_=["Alms"])
    sc.set_hand(0, ["Miser", "Estate"]).set_deck(0, coppers(5)).set_mat(0, coppers(3))
    sc.play_turn(0)
    assert view(me, "buy").coins == 3
    assert sc.discard(0).get("Silver") == 1             # no Treasure in play: Alms works
    assert sc.mat(0) == {"Copper": 3}
    consistent(sc)


K_MESSENGER = ["Messenger", "Peasant", "Miser", "Village", "Smithy", "Market", "Moat", "Cellar",
               "Mine", "Workshop"]


def test_edge_43_messenger_bought_after_an_event_does_nothing():
    me = Scripted("me", play_action=["Market", "Miser", None], miser_mode=[1],
                  buy=["Alms", "Messenger", None], alms_gain=["Village"])
    sc = game([me, nobuy()], K_MESSENGER, events_=["Alms"])
    sc.set_hand(0, ["Market", "Miser"]).set_deck(0, ["Estate"] + coppers(5))
    sc.set_mat(0, coppers(4))
    sc.play_turn(0)
    assert view(me, "buy").coins == 5
    assert me.asked("messenger_gain") == []             # the Event was the first buy
    assert sc.discard(1) == {}                          # nobody else gained anything
    assert sc.discard(0).get("Messenger") == 1 and sc.discard(0).get("Village") == 1
    consistent(sc)


def test_mission_turns_in_full_games_are_extra_and_not_counted():
    """play_batch (play_games_adv): a bot buying Mission whenever it can takes extra turns;
    the results' turn counts (the tie-break) leave them out, the total turns include them."""
    from sim.engine.codes import EV_MISSION
    from sim.engine.gamelog import format_log  # noqa: F401  (the log reads them too)

    class MissionBot(Scripted):
        pass

    bot = MissionBot("mission", base=nobuy("mission-rules", play=[]),
                     buy=lambda v: "Mission" if v.coins >= 4 and "Mission" in v.events
                     and not v.mission_turn else None)
    config = GameConfig(kingdom=K_EVENTS, events=("Mission",), turn_cap=12)
    seeds = np.arange(3, dtype=np.uint64)
    res = play_batch(config, [bot, nobuy()], np.tile([0, 1], (3, 1)).astype(np.int32), seeds,
                     log=True)
    rows = res.log
    missions = sum(1 for r in rows if r[0] == EV_MISSION)
    assert missions > 0
    assert res.turns.sum() + missions == res.game[:, 5].sum()


# ============================================================================ Inheritance
def test_an_estate_inheriting_caravan_guard_reacts_to_an_attack():
    foe = Scripted("foe", caravan_guard_react=[True])
    me = Scripted("me", play_action=["Haunted Woods", None])
    sc = game([me, foe], K_EVENTS)
    sc.set_inheritance(1, "Caravan Guard")
    sc.set_hand(1, ["Estate", "Copper"]).set_deck(1, ["Gold"] + coppers(5))
    sc.set_hand(0, ["Haunted Woods"]).set_deck(0, coppers(5))
    sc.play_turn(0)
    assert events(sc, EV_REACT, 1) == [(1, "Estate", 1, card_id("Haunted Woods"))]
    assert sc.hand(1) == {"Copper": 1, "Gold": 1}       # the Guard's card
    assert sc.in_play(1) == {"Estate": 1} and sc.held_in_play(1) == {"Estate": 1}
    assert sc.next_turn(1) == {"Caravan Guard": 1}
    consistent(sc)


def test_an_estate_inheriting_duplicate_is_called_on_a_gain():
    me = Scripted("me", buy=["Silver", None], duplicate_call=[True])
    sc = game([me, nobuy()], K_EVENTS)
    sc.set_inheritance(0, "Duplicate")
    sc.set_mat(0, ["Estate"]).set_hand(0, ["Silver", "Copper"]).set_deck(0, coppers(5))
    sc.play_turn(0)
    assert sc.discard(0).get("Silver") == 3             # the played one, bought, copied
    assert sc.mat(0) == {} and sc.discard(0).get("Estate") == 1
    consistent(sc)
