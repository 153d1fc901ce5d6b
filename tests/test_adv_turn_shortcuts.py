"""The Adventures turn's shortcuts give what the long paths give (issue 11, third speed
round): Cleanup's single walk when nothing stays in play, the running count of the copies
marked to stay, walks over the game's ids when a card of no pile of the game is there,
Haunted Woods' topdeck order one card kind at a time, the default start-of-turn order
taken without the question; and (fifth round) the new hand drawn with a constant count only
without the -1 Card token, a rule bot's buy taken as its buy list names it."""

from __future__ import annotations

from collections import Counter

from bots.rules import Buy, RuleBot
from sim.cards import card_id
from sim.engine import layout as L
from sim.engine.adventures import mechanics as adv_mechanics
from sim.engine.codes import EV_BUY, EV_CLEANUP, EV_DURATION, EV_TOPDECK
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
    sc.outside_cards = True
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
    sc.outside_cards = True
    assert not in_game(sc, OUTSIDE)
    for hand in (["Gold", OUTSIDE, "Curse"], ["Gold", OUTSIDE], [OUTSIDE, "Silver", "Duchy"]):
        sc.set_hand(0, hand)
        first = card_id(discard_order(bot, hand)[0])
        assert raw_answer(sc, adv_mechanics.D_DUNGEON, 2) == first, hand


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


def test_start_window_takes_every_item_due_in_default_order_with_or_without_a_call():
    # Gear's cards, a Hireling, two Dungeons, Caravan Guard and Amulet all due.  With no
    # Reserve to call, a rule bot's window takes them in one pass in the default order;
    # with Ratcatcher on the mat the window asks (its rule declines the call on a hand
    # with no Curse or Estate) and takes them in the same order.
    orders = []
    for mat in ([], ["Ratcatcher"]):
        sc = game([RuleBot("rules", buy=[]), nobuy()], K_START)
        sc.set_gear(0, ["Silver"]).set_lasting(0, "Hireling")
        for card in ("Caravan Guard", "Amulet"):
            sc.hold_in_play(0, card).set_next_turn(0, card)
        sc.hold_in_play(0, "Dungeon", 2).set_next_turn(0, "Dungeon", 2)
        sc.set_mat(0, mat)
        sc.set_hand(0, ["Gold", "Gold", "Silver"])
        sc.set_deck(0, ["Copper"] * 30)
        sc.play_turn(0)
        orders.append([c for _, c, _, _ in events(sc, EV_DURATION, 0)])
        assert sc.next_turn(0) == {}
        assert sc.mat(0) == Counter(mat)          # Ratcatcher stays: nothing to trash
        consistent(sc)
    assert orders[0] == ["Hireling", "Dungeon", "Dungeon", "Caravan Guard", "Amulet"]
    assert orders[1] == orders[0]


def test_cleanup_with_a_duration_staying_walks_hand_and_play_once():
    # Dungeon stays; the hand, the Treasures and a card of no pile of the game in play
    # leave; the discard pile's top is the highest id moved.
    sc = game([RuleBot("dungeon", buy=[]), nobuy()], K_START)
    sc.outside_cards = True
    sc.set_hand(0, ["Dungeon", "Estate", "Province", "Copper", "Copper"])
    sc.set_in_play(0, ["Silver", OUTSIDE])
    sc.set_deck(0, ["Copper"] * 20)
    sc.play_turn(0)
    assert sc.in_play(0) == {"Dungeon": 1}
    assert sc.S[L.MARKS + 0] == 1
    assert sc.discard(0)["Silver"] == 1 and sc.discard(0)[OUTSIDE] == 1
    assert sc.discard_top(0) == OUTSIDE
    assert sc.hand(0) == {"Copper": 5}
    consistent(sc)
    # Next turn Dungeon was held: it leaves with the rest, and only it is on top if highest.
    sc.set_hand(0, ["Copper", "Estate"])
    sc.play_turn(0)
    assert sc.in_play(0) == {} and sc.discard(0)["Dungeon"] == 1
    assert sc.discard_top(0) == "Dungeon"
    consistent(sc)


def test_lowest_ranked_in_hand_matches_a_plain_scan():
    # Random hands over the game's ids (one card of no pile of the game at times), random
    # ranks with ties, a limit or none: the smallest rank below the limit, the lower id
    # on a tie, -1 when no card ranks below the limit.
    import numpy as np

    from sim.cards import N_CARDS
    from sim.engine.decide import lowest_ranked_in_hand
    from sim.engine.program import NEVER

    rng = np.random.default_rng(11)
    game_ids = np.array(sorted(rng.choice(N_CARDS, 20, replace=False)), np.int32)
    S = np.zeros(L.STATE_SIZE, np.int32)
    S[L.GAME_IDS_N] = len(game_ids)
    S[L.GAME_IDS:L.GAME_IDS + len(game_ids)] = game_ids
    P = np.zeros(2 * L.P_WIDTH, np.int32)
    for trial in range(300):
        p, b = int(rng.integers(4)), int(rng.integers(2))
        ranks = rng.integers(0, 6, N_CARDS).astype(np.int32)
        ranks[rng.random(N_CARDS) < 0.2] = NEVER
        r0 = b * L.P_WIDTH + L.PF_RANKS + R_DISCARD * L.N_SLOTS
        P[r0:r0 + N_CARDS] = ranks
        h0 = L.HAND0 + p * L.N_SLOTS
        S[h0:h0 + N_CARDS] = 0
        for c in rng.choice(game_ids, int(rng.integers(0, 8))):
            S[h0 + c] += 1
        if trial % 5 == 0:
            outside = int(rng.choice(np.setdiff1d(np.arange(N_CARDS), game_ids)))
            S[h0 + outside] += 1
        S[L.HAND_N + p] = S[h0:h0 + N_CARDS].sum()
        limit = int(rng.choice([1 << 30, 3, 1]))
        held = [c for c in range(N_CARDS) if S[h0 + c] and ranks[c] < limit]
        want = min(held, key=lambda c: (ranks[c], c)) if held else -1
        assert lowest_ranked_in_hand(S, P, b, p, R_DISCARD, limit) == want, trial


def test_cleanup_draw_with_the_minus_card_token_takes_one_fewer():
    # The new hand of a plain Cleanup is the constant-size draw only without the token:
    # with it the hand is 4 cards and the token comes off; the turn after, 5 again.
    sc = game([RuleBot("plain", buy=[]), nobuy()], K_START)
    sc.set_hand(0, ["Estate"]).set_deck(0, ["Copper"] * 4 + ["Silver"] * 10)
    sc.set_minus_card(0)
    sc.play_turn(0)
    assert events(sc, EV_CLEANUP, 0) == [(0, None, 5, 0)]       # the draw asked for
    assert sc.hand(0) == {"Copper": 4} and sc.S[L.MINUS_CARD + 0] == 0
    sc.play_turn(0)
    assert sc.hand(0) == {"Silver": 5}
    consistent(sc)


def test_rule_bot_buy_pays_the_lowered_cost_without_a_second_check():
    # A rule bot's buy is taken as pick_buy_adv names it (it checked pile and cost): with
    # a Bridge Troll in play Gold costs $5, so $5 buys it (without the Troll, Silver) and
    # the $5 paid leave $0.
    bot = RuleBot("troll-money", buy=[Buy("Gold"), Buy("Silver")])
    for troll, bought, left in ((True, "Gold", 0), (False, "Silver", 2)):
        sc = game([bot, nobuy()], K_ATTACK)
        sc.set_hand(0, ["Gold", "Copper", "Copper"]).set_deck(0, ["Copper"] * 5)
        if troll:
            sc.set_in_play(0, ["Bridge Troll"])
        assert sc.play_turn(0) == 5
        assert [c for _, c, _, _ in events(sc, EV_BUY, 0)] == [bought]
        assert sc.S[L.V + L.V_COINS] == left
        consistent(sc)
