"""The Adventures turn's shortcuts give what the long paths give (issue 11, third speed
round): Cleanup's single walk when nothing stays in play, the running count of the copies
marked to stay, walks over the game's ids when a card of no pile of the game is there,
Haunted Woods' topdeck order one card kind at a time, the default start-of-turn order
taken without the question."""

from __future__ import annotations

from collections import Counter

from bots.rules import Buy, RuleBot
from sim.cards import card_id
from sim.engine import layout as L
from sim.engine.codes import D_DUNGEON, EV_DURATION, EV_TOPDECK
from sim.engine.program import R_DISCARD
from tests.conftest import Scripted, clear_log, events, nobuy, raw_answer
from tests.test_adv_core import K_ATTACK, K_START, consistent, game

# Laboratory is in no pile of these games: only a test can put it in a hand.
OUTSIDE = "Laboratory"


def in_game(sc, name: str) -> bool:
    return card_id(name) in sc.S[L.GAME_IDS:L.GAME_IDS + sc.S[L.GAME_IDS_N]]


def discard_order(bot: RuleBot, names: list[str]) -> list[str]:
    """``names`` in the order the bot's discard ranks take them (the lower id on a tie):
    what repeated lowest_ranked_in_hand answers give."""
    row = bot.program().rank_rows()[R_DISCARD]
    return sorted(names, key=lambda n: (row[card_id(n)], card_id(n)))


def test_plain_cleanup_moves_hand_and_play_with_a_card_outside_the_game():
    sc = game([nobuy(), nobuy()], K_START)
    assert not in_game(sc, OUTSIDE) and in_game(sc, "Province")
    sc.set_hand(0, ["Estate", "Province", OUTSIDE])
    sc.set_in_play(0, ["Silver"])
    sc.set_deck(0, ["Copper"] * 5)
    sc.play_turn(0)
    assert sc.discard(0) == {"Estate": 1, "Province": 1, OUTSIDE: 1, "Silver": 1}
    assert sc.discard_top(0) == OUTSIDE          # the highest id moved
    assert sc.hand(0) == {"Copper": 5} and sc.in_play(0) == {}
    consistent(sc)


def test_plain_cleanup_top_is_the_highest_id_moved():
    sc = game([nobuy(), nobuy()], K_START)
    sc.set_hand(0, ["Copper", "Estate"])
    sc.set_in_play(0, ["Gold"])
    sc.set_deck(0, ["Copper"] * 5)
    sc.play_turn(0)
    assert sc.discard(0) == {"Copper": 1, "Estate": 1, "Gold": 1}
    assert sc.discard_top(0) == "Estate"
    consistent(sc)


def test_marks_count_follows_a_duration_through_two_turns():
    sc = game([RuleBot("dungeon", buy=[]), nobuy()], K_START)
    sc.set_hand(0, ["Dungeon", "Estate", "Estate", "Copper", "Copper"])
    sc.set_deck(0, ["Copper"] * 20)
    sc.play_turn(0)
    # Dungeon stays: one mark, and Cleanup took the long path (it must keep Dungeon).
    assert sc.in_play(0) == {"Dungeon": 1}
    assert sc.S[L.MARKS + 0] == 1
    consistent(sc)
    clear_log(sc)
    sc.play_turn(0)
    # Its next-turn effect ran; the copy was held at the start and leaves at this Cleanup.
    assert [c for _, c, _, _ in events(sc, EV_DURATION, 0)] == ["Dungeon"]
    assert sc.S[L.MARKS + 0] == 0 and sc.S[L.HELD_N + 0] == 1
    assert sc.in_play(0) == {} and sc.discard(0)["Dungeon"] == 1
    consistent(sc)
    sc.play_turn(0)
    assert sc.S[L.HELD_N + 0] == 0               # nothing held at this turn's start
    consistent(sc)


def test_rule_discard_reaches_a_card_outside_the_game():
    bot = RuleBot("plain", buy=[Buy("Silver")])
    sc = game([bot, nobuy()], K_ATTACK)
    assert not in_game(sc, OUTSIDE)
    for hand in (["Gold", OUTSIDE, "Curse"], ["Gold", OUTSIDE], [OUTSIDE, "Silver", "Duchy"]):
        sc.set_hand(0, hand)
        assert raw_answer(sc, D_DUNGEON, 2) == card_id(discard_order(bot, hand)[0]), hand


def test_haunted_woods_topdeck_order_one_kind_at_a_time():
    # The victim, a rule bot, buys with Haunted Woods on it: its hand (the Treasures are
    # played) goes onto its deck, the card it would discard first first, every copy of a
    # kind together; the last one put is drawn first.
    victim = RuleBot("victim", buy=[Buy("Silver")])
    sc = game([victim, nobuy()], K_ATTACK)
    sc.set_attack_on(1, 0, "Haunted Woods")
    hand = ["Estate", "Province", "Curse", "Estate", "Duchy", "Curse", "Gold"]
    sc.set_hand(0, hand)
    sc.set_deck(0, ["Copper"] * 5)
    sc.play_turn(0)
    put = [c for _, c, _, _ in events(sc, EV_TOPDECK, 0)]
    kinds = discard_order(victim, ["Estate", "Province", "Curse", "Duchy"])
    want = [k for k in kinds for _ in range(hand.count(k))]
    assert put == want
    # The next hand is the last five put; the first one put is left on top of the deck.
    assert sc.deck(0)[0] == want[0]
    assert sc.hand(0) == dict(Counter(want[1:]))
    consistent(sc)


def test_default_start_order_taken_without_the_question():
    # Two effects due and no Reserve to call: a rule bot without a start list takes them
    # in the default order (Dungeon's before Caravan Guard's) without being asked; a
    # scripted bot is asked and its order is kept.
    for bot, asked in ((RuleBot("rules", buy=[]), False),
                       (Scripted("scripted", start_of_turn=["Caravan Guard", "Dungeon"]),
                        True)):
        sc = game([bot, nobuy()], K_START)
        sc.hold_in_play(0, "Caravan Guard").set_next_turn(0, "Caravan Guard")
        sc.hold_in_play(0, "Dungeon").set_next_turn(0, "Dungeon")
        sc.set_deck(0, ["Copper"] * 20)
        sc.play_turn(0)
        order = [c for _, c, _, _ in events(sc, EV_DURATION, 0)]
        if asked:
            assert order == ["Caravan Guard", "Dungeon"] and bot.asked("start_of_turn")
        else:
            assert order == ["Dungeon", "Caravan Guard"]
        consistent(sc)
