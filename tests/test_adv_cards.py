"""The Adventures kingdom cards and Traveller upgrades with a text of their own (Raze,
Magpie, Messenger, Miser, Ranger, Artificer, Giant, Relic, Storyteller, Treasure Trove,
Treasure Hunter, Warrior, Hero, Soldier, Fugitive, Disciple), the counter-only ones (Page,
Peasant, Port, Lost City), and the edge cases of ADVENTURES.md §8 they are in.

Each test empties every zone, sets exactly the cards it needs and runs the real
Adventures turn (``Scenario.play_turn``).  Player 0 is usually a ``Scripted`` bot that
plays no Treasures (``play_treasure=[None]``), so the View of its first "buy" decision
shows the hand, play area and counters as the Action phase left them.  Cleanup then draws
5 from the draw pile: tests pad the pile with Curses so what it draws is known.
"""

from __future__ import annotations

import pytest

from sim.cards import CARDS, TREASURE, card_id
from sim.engine.adventures import cards as adv_cards
from sim.engine.codes import (
    DISCARD_ARTIFICER,
    DISCARD_ATTACK,
    DISCARD_FUGITIVE,
    DISCARD_REVEALED,
    EV_CLEANUP,
    EV_DISCARD,
    EV_DRAW,
    EV_GAIN,
    EV_LOOK,
    EV_PAY,
    EV_PLAY_AGAIN,
    EV_REACT,
    EV_RETURN,
    EV_REVEAL_CARD,
    EV_SHUFFLE,
    EV_TO_MAT,
    EV_TOKEN,
    TOKEN_JOURNEY,
    TOKEN_MINUS_CARD,
    TOKEN_MINUS_COIN,
)
from tests.conftest import Scripted, check_consistent, clear_log, events, log_rows, nobuy

RAZE_K = ["Raze", "Magpie", "Messenger", "Miser", "Ranger", "Artificer", "Giant", "Storyteller",
          "Bridge Troll", "Caravan Guard"]
TREASURE_K = ["Relic", "Treasure Trove", "Coin of the Realm", "Storyteller", "Page", "Merchant",
              "Moat", "Caravan Guard", "Village", "Smithy"]
TRAVELLER_K = ["Page", "Peasant", "Bridge Troll", "Gear", "Village", "Witch", "Amulet",
               "Throne Room", "Lost City", "Port"]
GIANT_K = ["Giant", "Ranger", "Village", "Moat", "Caravan Guard", "Bridge Troll", "Page",
           "Market", "Smithy", "Magpie"]
MESSENGER_K = ["Messenger", "Duplicate", "Workshop", "Village", "Moat", "Magpie", "Raze",
               "Miser", "Smithy", "Market"]

PAD = ["Curse"] * 5         # the bottom of a draw pile: what Cleanup draws


def me(**script) -> Scripted:
    """Player 0: answers from the script, plays no Treasures unless told, buys nothing."""
    script.setdefault("play_treasure", [None])
    return Scripted("me", **script)


def buy_view(bot: Scripted):
    views = bot.asked("buy")
    assert views, "the bot was never asked to buy"
    return views[0]


def this_turn(sc, ev, p=None):
    """Rows of one event (as ``events`` gives them) before the Cleanup of the turn."""
    out = []
    for e, _t, q, c, k, x in log_rows(sc):
        if e == EV_CLEANUP:
            break
        if e == ev and (p is None or q == p):
            out.append((q, CARDS[c].name if c >= 0 else None, k, x))
    return out


def journey_rows(sc):
    return [(p, x) for p, c, k, x in events(sc, EV_TOKEN) if k == TOKEN_JOURNEY and c is None]


# ----------------------------------------------------------------------------- Raze
def test_raze_trashing_itself_looks_at_two(scenario):
    bot = me(play_action=["Raze", None], raze_trash=[None], raze_keep=["Estate"])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Raze", "Copper"]).set_deck(0, ["Gold", "Estate", "Silver"] + PAD)
    sc.play_turn(0)
    assert sc.trash() == {"Raze": 1}
    assert events(sc, EV_LOOK, 0) == [(0, "Gold", 1, card_id("Raze")),
                                      (0, "Estate", 1, card_id("Raze"))]
    assert bot.asked("raze_keep")[0].set_aside == {"Gold": 1, "Estate": 1}
    v = buy_view(bot)
    assert v.hand == {"Copper": 1, "Estate": 1}
    assert v.actions == 1 and v.in_play == {}
    assert this_turn(sc, EV_DISCARD, 0) == [(0, "Gold", 1, DISCARD_REVEALED)]
    assert events(sc, EV_RETURN, 0) == [(0, "Estate", 1, card_id("Raze"))]
    assert sc.hand(0) == {"Silver": 1, "Curse": 4}           # Cleanup: the deck went on
    check_consistent(sc)


def test_raze_with_an_empty_hand_trashes_itself_unasked(scenario):
    """ADVENTURES.md §7 (c): nothing else to trash, so Raze trashes itself."""
    bot = me(play_action=["Raze", None])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Raze"]).set_deck(0, ["Silver", "Silver"] + PAD)
    sc.play_turn(0)
    assert bot.asked("raze_trash") == []
    assert sc.trash() == {"Raze": 1}
    assert [c for _, c, _, _ in events(sc, EV_LOOK, 0)] == ["Silver", "Silver"]
    assert bot.asked("raze_keep") == []                       # one kind: nothing to choose
    assert buy_view(bot).hand == {"Silver": 1}


def test_raze_second_play_by_throne_room_must_trash_from_hand(scenario):
    """Throne Room on Raze: the first play trashes Raze; the second cannot, so it is asked
    with arg 1 and must name a card from the hand."""
    kingdom = RAZE_K[:-1] + ["Throne Room"]
    bot = me(play_action=["Throne Room", None], throne_room=["Raze"],
             raze_trash=[None, "Estate"])
    sc = scenario([bot, nobuy()], kingdom=kingdom)
    sc.set_hand(0, ["Throne Room", "Raze", "Estate"]).set_deck(0, ["Gold", "Gold", "Silver",
                                                                   "Silver"] + PAD)
    sc.play_turn(0)
    assert [v.arg for v in bot.asked("raze_trash")] == [0, 1]
    assert sc.trash() == {"Raze": 1, "Estate": 1}
    assert buy_view(bot).hand == {"Gold": 1, "Silver": 1}

    bad = me(play_action=["Throne Room", None], throne_room=["Raze"], raze_trash=[None, None])
    sc = scenario([bad, nobuy()], kingdom=kingdom)
    sc.set_hand(0, ["Throne Room", "Raze", "Estate"]).set_deck(0, PAD * 2)
    with pytest.raises(RuntimeError, match="trash with Raze"):
        sc.play_turn(0)


def test_edge_17_bridge_troll_raze_estate_looks_at_one(scenario):
    bot = me(play_action=["Raze", None], raze_trash=["Estate"])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Raze", "Estate"]).set_deck(0, ["Gold", "Silver"] + PAD)
    sc.hold_in_play(0, "Bridge Troll")
    sc.play_turn(0)
    assert events(sc, EV_LOOK, 0) == [(0, "Gold", 1, card_id("Raze"))]
    assert buy_view(bot).hand == {"Gold": 1}
    assert sc.trash() == {"Estate": 1}


def test_edge_37_raze_copper_looks_at_nothing(scenario):
    bot = me(play_action=["Raze", None], raze_trash=["Copper"])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Raze", "Copper"]).set_deck(0, ["Gold"] + PAD)
    sc.play_turn(0)
    assert sc.trash() == {"Copper": 1}
    assert events(sc, EV_LOOK, 0) == []
    assert buy_view(bot).hand == {}
    assert buy_view(bot).in_play == {"Raze": 1}


def test_edge_37_raze_gold_looks_at_six_keeps_one(scenario):
    bot = me(play_action=["Raze", None], raze_trash=["Gold"], raze_keep=["Market"])
    kingdom = RAZE_K[:-1] + ["Market"]
    sc = scenario([bot, nobuy()], kingdom=kingdom)
    deck = ["Copper", "Silver", "Estate", "Market", "Duchy", "Copper", "Province"]
    sc.set_hand(0, ["Raze", "Gold"]).set_deck(0, deck + PAD)
    sc.play_turn(0)
    assert [c for _, c, _, _ in events(sc, EV_LOOK, 0)] == deck[:6]
    assert buy_view(bot).hand == {"Market": 1}
    assert sorted(c for _, c, _, _ in this_turn(sc, EV_DISCARD, 0)) == \
        ["Copper", "Copper", "Duchy", "Estate", "Silver"]
    assert sc.deck(0)[:1] == ["Curse"] and "Province" in sc.hand(0)


def test_edge_35_raze_look_leaves_minus_card_token(scenario):
    bot = me(play_action=["Raze", None], raze_trash=["Estate"], raze_keep=["Gold"])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Raze", "Estate"]).set_deck(0, ["Gold", "Silver"] + PAD)
    sc.set_minus_card(0)
    sc.play_turn(0)
    assert [c for _, c, _, _ in events(sc, EV_LOOK, 0)] == ["Gold", "Silver"]   # 2, not 1
    rows = log_rows(sc)
    token = [i for i, r in enumerate(rows) if r[0] == EV_TOKEN and r[4] == TOKEN_MINUS_CARD]
    cleanup = [i for i, r in enumerate(rows) if r[0] == EV_CLEANUP]
    assert len(token) == 1 and token[0] > cleanup[0]           # used by Cleanup's draw
    assert sc.hand(0) == {"Curse": 4} and not sc.minus_card(0)


# ----------------------------------------------------------------------------- Magpie
def magpie_turn(scenario, revealed, magpies=10):
    bot = me(play_action=["Magpie", None])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Magpie"]).set_deck(0, ["Copper", revealed] + PAD)
    sc.set_supply("Magpie", magpies)
    sc.play_turn(0)
    return sc, bot


def test_edge_42_magpie_reveals_gold_into_hand(scenario):
    sc, bot = magpie_turn(scenario, "Gold")
    assert events(sc, EV_REVEAL_CARD, 0) == [(0, "Gold", 1, 0)]
    assert buy_view(bot).hand == {"Copper": 1, "Gold": 1}
    assert buy_view(bot).actions == 1
    assert sc.supply("Magpie") == 10
    assert events(sc, EV_RETURN, 0) == [(0, "Gold", 1, card_id("Magpie"))]


def test_edge_42_magpie_reveals_estate_stays_and_gains_magpie(scenario):
    sc, bot = magpie_turn(scenario, "Estate")
    v = buy_view(bot)
    assert v.hand == {"Copper": 1}
    assert v.known_deck_top == ["Estate"] and v.draw_size == 6
    assert sc.supply("Magpie") == 9
    assert this_turn(sc, EV_GAIN, 0) == [(0, "Magpie", 1, 0)]
    assert sc.hand(0) == {"Estate": 1, "Curse": 4}


def test_edge_42_magpie_reveals_curse_nothing(scenario):
    sc, bot = magpie_turn(scenario, "Curse")
    assert buy_view(bot).hand == {"Copper": 1}
    assert buy_view(bot).known_deck_top == ["Curse"]
    assert sc.supply("Magpie") == 10 and this_turn(sc, EV_GAIN) == []


def test_edge_42_magpie_empty_pile_action_revealed_nothing(scenario):
    sc, bot = magpie_turn(scenario, "Raze", magpies=0)
    assert buy_view(bot).known_deck_top == ["Raze"]
    assert this_turn(sc, EV_GAIN) == [] and sc.supply("Magpie") == 0
    sc2, _ = magpie_turn(scenario, "Raze", magpies=1)         # with one left: gained
    assert this_turn(sc2, EV_GAIN, 0) == [(0, "Magpie", 1, 0)]


def test_edge_35_magpie_draw_uses_the_token_its_reveal_does_not(scenario):
    """The -1 Card token on an empty deck: Magpie's +1 Card draws nothing and does not
    shuffle; its reveal then shuffles and reveals."""
    bot = me(play_action=["Magpie", None])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Magpie"]).set_discard(0, ["Gold"]).set_minus_card(0)
    sc.play_turn(0)
    rows = [(r[0], r[4]) for r in log_rows(sc) if r[0] in (EV_TOKEN, EV_SHUFFLE, EV_DRAW,
                                                              EV_REVEAL_CARD)]
    assert rows[:3] == [(EV_TOKEN, TOKEN_MINUS_CARD), (EV_SHUFFLE, 1), (EV_REVEAL_CARD, 1)]
    assert this_turn(sc, EV_DRAW, 0) == []
    assert buy_view(bot).hand == {"Gold": 1}


# ----------------------------------------------------------------------------- Messenger
def test_edge_44_messenger_moves_the_deck_not_discarding(scenario):
    bot = me(play_action=["Messenger", None], messenger_deck=[True])
    sc = scenario([bot, nobuy()], kingdom=MESSENGER_K)
    deck = ["Gold", "Silver", "Estate", "Copper", "Copper", "Copper"]
    sc.set_hand(0, ["Messenger"]).set_deck(0, deck).set_minus_card(0)
    sc.play_turn(0)
    v = buy_view(bot)
    assert (v.buys, v.coins) == (2, 2)
    assert v.draw_size == 0 and v.discard_size == 6
    assert v.my_discard_top == "Copper"                      # the deck's bottom card
    assert this_turn(sc, EV_DISCARD) == []                   # not discarding
    rows = log_rows(sc)
    token = [i for i, r in enumerate(rows) if r[0] == EV_TOKEN and r[4] == TOKEN_MINUS_CARD]
    assert token and token[0] > [i for i, r in enumerate(rows) if r[0] == EV_CLEANUP][0]
    assert sum(sc.hand(0).values()) == 4                      # the token stayed till Cleanup
    check_consistent(sc)


def test_messenger_deck_kept_when_declined(scenario):
    bot = me(play_action=["Messenger", None], messenger_deck=[False])
    sc = scenario([bot, nobuy()], kingdom=MESSENGER_K)
    sc.set_hand(0, ["Messenger"]).set_deck(0, ["Gold"] + PAD)
    sc.play_turn(0)
    assert buy_view(bot).draw_size == 6 and buy_view(bot).discard_size == 0
    assert sc.hand(0) == {"Gold": 1, "Curse": 4}
    # An empty deck: nothing to ask.
    bot = me(play_action=["Messenger", None])
    sc = scenario([bot, nobuy()], kingdom=MESSENGER_K)
    sc.set_hand(0, ["Messenger"])
    sc.play_turn(0)
    assert bot.asked("messenger_deck") == []


def test_edge_43_messenger_first_buy_everyone_gains_a_copy(scenario):
    bot = me(play_treasure=None, buy=["Messenger", None], messenger_gain=["Silver"])
    sc = scenario([bot, nobuy(), nobuy()], kingdom=MESSENGER_K)
    sc.set_hand(0, ["Copper"] * 4).set_deck(0, PAD)
    silver = sc.supply("Silver")
    sc.play_turn(0)
    gains = [(p, c) for p, c, _, _ in this_turn(sc, EV_GAIN)]
    assert gains == [(0, "Silver"), (1, "Silver"), (2, "Silver"), (0, "Messenger")]
    assert bot.asked("messenger_gain")[0].arg == 4
    assert sc.supply("Silver") == silver - 3


def test_edge_43_messenger_copies_run_out(scenario):
    bot = me(play_treasure=None, buy=["Messenger", None], messenger_gain=["Magpie"])
    sc = scenario([bot, nobuy(), nobuy()], kingdom=MESSENGER_K)
    sc.set_hand(0, ["Copper"] * 4).set_deck(0, PAD).set_supply("Magpie", 2)
    sc.play_turn(0)
    assert [(p, c) for p, c, _, _ in this_turn(sc, EV_GAIN)] == \
        [(0, "Magpie"), (1, "Magpie"), (0, "Messenger")]


def test_edge_43_messenger_not_first_buy_or_gained_gives_nothing(scenario):
    # Second buy of the turn (Messenger played for +1 Buy): no gain.
    bot = me(play_action=["Messenger", None], messenger_deck=[False], play_treasure=None,
             buy=["Copper", "Messenger", None])
    sc = scenario([bot, nobuy()], kingdom=MESSENGER_K)
    sc.set_hand(0, ["Messenger", "Copper", "Copper"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert bot.asked("messenger_gain") == []
    assert [c for _, c, _, _ in this_turn(sc, EV_GAIN)] == ["Copper", "Messenger"]
    # Gained, not bought (Workshop): no gain for anyone.
    bot = me(play_action=["Workshop", None], workshop_gain=["Messenger"])
    sc = scenario([bot, nobuy()], kingdom=MESSENGER_K)
    sc.set_hand(0, ["Workshop"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert bot.asked("messenger_gain") == []
    assert [(p, c) for p, c, _, _ in this_turn(sc, EV_GAIN)] == [(0, "Messenger")]


def test_edge_30_duplicate_on_the_estate_an_opponents_messenger_gives(scenario):
    bot = me(play_treasure=None, buy=["Messenger", None], messenger_gain=["Estate"])
    other = Scripted("other", duplicate_call=[True])
    sc = scenario([bot, other], kingdom=MESSENGER_K)
    sc.set_hand(0, ["Copper"] * 4).set_deck(0, PAD)
    sc.set_mat(1, ["Duplicate"])
    sc.play_turn(0)
    assert [(p, c) for p, c, _, _ in this_turn(sc, EV_GAIN)] == \
        [(0, "Estate"), (1, "Estate"), (1, "Estate"), (0, "Messenger")]
    assert other.asked("duplicate_call")[0].arg == card_id("Estate")
    assert sc.mat(1) == {} and sc.in_play(1) == {}
    assert sc.discard(1) == {"Estate": 2, "Duplicate": 1}     # left in my Cleanup
    check_consistent(sc)


# ----------------------------------------------------------------------------- Miser
def test_miser_puts_a_copper_on_the_mat(scenario):
    bot = me(play_action=["Miser", None], miser_mode=[0])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Miser", "Copper", "Copper"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert sc.mat(0) == {"Copper": 1}
    assert buy_view(bot).hand == {"Copper": 1}
    assert events(sc, EV_TO_MAT, 0) == [(0, "Copper", 1, card_id("Miser"))]
    assert sc.owned(0)["Copper"] == 2


def test_edge_27_miser_no_copper_in_hand_option_one_does_nothing(scenario):
    bot = me(play_action=["Miser", None], miser_mode=[0])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Miser", "Silver"]).set_deck(0, PAD).set_mat(0, ["Copper"])
    sc.play_turn(0)
    assert sc.mat(0) == {"Copper": 1} and buy_view(bot).hand == {"Silver": 1}
    assert buy_view(bot).coins == 0 and events(sc, EV_TO_MAT) == []


def test_edge_27_miser_three_coppers_on_the_mat(scenario):
    bot = me(play_action=["Miser", None], miser_mode=[1])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Miser"]).set_deck(0, PAD).set_mat(0, ["Copper"] * 3)
    sc.play_turn(0)
    v = buy_view(bot)
    assert v.coins == 3
    assert "Copper" not in v.in_play                            # on the mat, not in play
    assert sc.mat(0) == {"Copper": 3} and sc.hand(0) == {"Curse": 5}   # not drawn
    assert sc.owned(0) == {"Copper": 3, "Miser": 1, "Curse": 5}        # but owned


def test_edge_21_miser_giving_nothing_leaves_the_minus_coin_token(scenario):
    bot = me(play_action=["Miser", None], miser_mode=[1])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Miser"]).set_deck(0, PAD).set_minus_coin(0)
    sc.play_turn(0)
    assert sc.minus_coin(0) and buy_view(bot).coins == 0
    assert [r for r in events(sc, EV_TOKEN, 0) if r[2] == TOKEN_MINUS_COIN] == []
    # With two Coppers on the mat: $2 - $1, and the token goes back.
    bot = me(play_action=["Miser", None], miser_mode=[1])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Miser"]).set_deck(0, PAD).set_minus_coin(0).set_mat(0, ["Copper"] * 2)
    sc.play_turn(0)
    assert not sc.minus_coin(0) and buy_view(bot).coins == 1


# ----------------------------------------------------------------------------- Ranger
def test_ranger_turns_the_journey_token_draws_five_face_up(scenario):
    kingdom = RAZE_K[:-1] + ["Village"]
    bot = me(play_action=["Village", "Ranger", "Ranger", None])
    sc = scenario([bot, nobuy()], kingdom=kingdom)
    sc.set_hand(0, ["Village", "Ranger", "Ranger"])
    sc.set_deck(0, ["Estate", "Silver", "Silver", "Gold", "Gold", "Copper", "Duchy"] + PAD)
    sc.play_turn(0)
    v = buy_view(bot)
    assert v.buys == 3
    assert v.hand == {"Estate": 1, "Silver": 2, "Gold": 2, "Copper": 1}   # 1 + 0 + 5
    assert journey_rows(sc) == [(0, card_id("Ranger")), (0, card_id("Ranger"))]
    assert sc.journey_face_up(0)


# ----------------------------------------------------------------------------- Giant
def test_giant_face_down_gives_one_and_reactions_still_answer(scenario):
    bot = me(play_action=["Giant", None])
    victim = Scripted("victim", reveal_moat=[False])
    sc = scenario([bot, victim], kingdom=GIANT_K)
    sc.set_hand(0, ["Giant"]).set_deck(0, PAD)
    sc.set_hand(1, ["Moat"]).set_deck(1, ["Silver"])
    sc.play_turn(0)
    assert not sc.journey_face_up(0)
    assert buy_view(bot).coins == 1
    assert len(victim.asked("reveal_moat")) == 1            # asked although face down
    assert sc.deck(1) == ["Silver"] and this_turn(sc, EV_REVEAL_CARD) == []


def test_giant_face_up_costs_three_to_six_trashed_others_cursed(scenario):
    bot = me(play_action=["Giant", None])
    sc = scenario([bot, nobuy(), nobuy(), nobuy()], kingdom=GIANT_K)
    sc.set_hand(0, ["Giant"]).set_deck(0, PAD).set_journey(0, face_up=False)
    sc.set_deck(1, ["Province"]).set_deck(2, ["Gold"]).set_deck(3, ["Copper"])
    sc.play_turn(0)
    assert sc.journey_face_up(0) and buy_view(bot).coins == 5
    assert sc.trash() == {"Gold": 1}
    assert sc.discard(1) == {"Province": 1, "Curse": 1}
    assert sc.discard(3) == {"Copper": 1, "Curse": 1}
    assert sc.discard(2) == {}
    assert [p for p, _, _, _ in events(sc, EV_REVEAL_CARD)] == [1, 2, 3]
    check_consistent(sc)


def test_edge_47_ranger_then_giant(scenario):
    bot = me(play_action=["Village", "Ranger", "Giant", None])
    sc = scenario([bot, nobuy(), nobuy(), nobuy()], kingdom=GIANT_K)
    sc.set_hand(0, ["Village", "Ranger", "Giant"]).set_deck(0, ["Copper"] + PAD)
    sc.set_deck(1, ["Silver", "Copper"]).set_deck(2, ["Estate"])      # 3: nothing at all
    sc.play_turn(0)
    assert journey_rows(sc) == [(0, card_id("Ranger")), (0, card_id("Giant"))]
    v = buy_view(bot)
    assert v.coins == 5 and v.hand == {"Copper": 1}                   # Ranger drew nothing
    assert sc.trash() == {"Silver": 1}
    assert sc.deck(1) == ["Copper"] and sc.discard(1) == {}
    assert sc.discard(2) == {"Estate": 1, "Curse": 1}
    assert sc.discard(3) == {"Curse": 1}
    assert sc.supply("Curse") == 30 - 2


def test_edge_18_bridge_troll_giant_silver_not_trashed(scenario):
    bot = me(play_action=["Giant", None])
    sc = scenario([bot, nobuy()], kingdom=GIANT_K)
    sc.set_hand(0, ["Giant"]).set_deck(0, PAD).set_journey(0, face_up=False)
    sc.hold_in_play(0, "Bridge Troll")
    sc.set_deck(1, ["Silver"])
    sc.play_turn(0)
    assert sc.trash() == {}
    assert sc.discard(1) == {"Silver": 1, "Curse": 1}
    assert this_turn(sc, EV_DISCARD, 1) == [(1, "Silver", 1, DISCARD_REVEALED)]


def test_edge_35_giant_reveal_leaves_minus_card_token(scenario):
    bot = me(play_action=["Giant", None])
    sc = scenario([bot, nobuy()], kingdom=GIANT_K)
    sc.set_hand(0, ["Giant"]).set_deck(0, PAD).set_journey(0, face_up=False)
    sc.set_deck(1, ["Market", "Gold"]).set_minus_card(1)
    sc.play_turn(0)
    assert sc.trash() == {"Market": 1} and sc.minus_card(1)
    assert sc.draw(1, 1) == 0 and not sc.minus_card(1)          # the next draw: reduced


def test_edge_33_caravan_guard_reacts_to_giant_before_the_flip(scenario):
    bot = me(play_action=["Giant", None])
    guard = Scripted("guard", caravan_guard_react=[True], reveal_moat=[True],
                     play_treasure=[None])
    sc = scenario([bot, guard], kingdom=GIANT_K)
    sc.set_hand(0, ["Giant"]).set_deck(0, PAD).set_journey(0, face_up=False)
    sc.set_hand(1, ["Caravan Guard"]).set_deck(1, ["Moat", "Gold"] + PAD * 2)
    sc.play_turn(0)
    rows = log_rows(sc)
    react = [i for i, r in enumerate(rows) if r[0] == EV_REACT]
    flip = [i for i, r in enumerate(rows) if r[0] == EV_TOKEN and r[4] == TOKEN_JOURNEY]
    assert len(react) == 1 and react[0] < flip[0]
    assert guard.asked("reveal_moat")[0].hand == {"Moat": 1}   # the Moat it just drew
    assert sc.trash() == {} and sc.deck(1)[0] == "Gold"        # unaffected
    assert sc.in_play(1) == {"Caravan Guard": 1}
    assert sc.held_in_play(1) == {"Caravan Guard": 1}
    assert sc.next_turn(1) == {"Caravan Guard": 1}
    sc.play_turn(1)                                             # my next turn: +$1
    assert buy_view(guard).coins == 1
    assert sc.in_play(1) == {} and sc.discard(1)["Caravan Guard"] == 1


# ----------------------------------------------------------------------------- Relic
def test_edge_34_relic_minus_card_tokens(scenario):
    bot = me(play_treasure=["Relic", None])
    guard = Scripted("guard", caravan_guard_react=[True])
    sc = scenario([bot, nobuy(), guard, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Relic"]).set_deck(0, PAD)
    for q in (1, 2, 3):
        sc.set_deck(q, ["Copper"] * 8)
    sc.set_hand(2, ["Caravan Guard"])
    sc.hold_in_play(3, "Champion", game=True)
    sc.set_lasting(3, "Champion")
    sc.play_turn(0)
    assert buy_view(bot).coins == 2
    assert (sc.minus_card(1), sc.minus_card(2), sc.minus_card(3)) == (True, True, False)
    rows = [(r[0], r[2]) for r in log_rows(sc) if r[0] in (EV_DRAW, EV_TOKEN)
            and r[2] == 2]
    assert rows == [(EV_DRAW, 2), (EV_TOKEN, 2)]                # Guard draws, then the token
    assert events(sc, EV_TOKEN, 1) == [(1, None, TOKEN_MINUS_CARD, card_id("Relic"))]
    sc.play_turn(1)
    assert sum(sc.hand(1).values()) == 4 and not sc.minus_card(1)
    check_consistent(sc)


def test_relic_token_already_on_the_deck_stays_one(scenario):
    bot = me(play_treasure=["Relic", None])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Relic"]).set_deck(0, PAD).set_minus_card(1)
    sc.play_turn(0)
    assert sc.minus_card(1) and events(sc, EV_TOKEN, 1) == []


# ----------------------------------------------------------------------------- Treasure Trove
def test_treasure_trove_gains_a_gold_and_a_copper(scenario):
    bot = me(play_treasure=["Treasure Trove", None])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Treasure Trove"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert buy_view(bot).coins == 2
    assert [c for _, c, _, _ in this_turn(sc, EV_GAIN, 0)] == ["Gold", "Copper"]


def test_edge_45_treasure_trove_empty_gold_pile_still_copper(scenario):
    bot = me(play_treasure=["Treasure Trove", None])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Treasure Trove"]).set_deck(0, PAD).set_supply("Gold", 0)
    sc.play_turn(0)
    assert [c for _, c, _, _ in this_turn(sc, EV_GAIN, 0)] == ["Copper"]
    assert sc.discard(0)["Copper"] == 1


# ----------------------------------------------------------------------------- Storyteller
def test_edge_38_storyteller_pays_everything_and_draws(scenario):
    bot = me(play_action=["Treasure Hunter", "Treasure Hunter", "Storyteller", "Page", None],
             storyteller_play=["Silver", "Copper"])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Treasure Hunter", "Treasure Hunter", "Storyteller", "Silver", "Copper"])
    sc.set_deck(0, ["Page", "Estate", "Estate", "Estate", "Duchy", "Duchy", "Province"] + PAD)
    sc.play_turn(0)
    asked = bot.asked("storyteller_play")
    assert [v.coins for v in asked] == [3, 5]                 # $2 + Storyteller's $1, + Silver
    assert len(asked) == 2                                    # no Treasure left to ask about
    assert events(sc, EV_PAY, 0) == [(0, None, 6, card_id("Storyteller"))]
    after = bot.asked("play_action")[3]                       # choosing the Page
    assert after.coins == 0 and after.actions == 1
    assert after.hand == {"Page": 1, "Estate": 3, "Duchy": 2}
    v = buy_view(bot)
    assert v.coins == 0 and v.hand == {"Estate": 3, "Duchy": 2, "Province": 1}
    assert v.in_play == {"Treasure Hunter": 2, "Storyteller": 1, "Silver": 1, "Copper": 1,
                         "Page": 1}
    check_consistent(sc)


def test_edge_39_storyteller_with_the_minus_coin_token(scenario):
    bot = me(play_action=["Storyteller", None], storyteller_play=["Copper"])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Storyteller", "Copper"]).set_deck(0, ["Gold"] + PAD)
    sc.set_minus_coin(0)
    sc.play_turn(0)
    assert bot.asked("storyteller_play")[0].coins == 0       # its +$1 became $0
    assert not sc.minus_coin(0)
    assert events(sc, EV_PAY, 0) == [(0, None, 1, card_id("Storyteller"))]
    assert buy_view(bot).hand == {"Gold": 1}


def test_edge_40_storyteller_plays_coin_of_the_realm(scenario):
    bot = me(play_action=["Storyteller", None], storyteller_play=["Coin of the Realm"])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Storyteller", "Coin of the Realm"]).set_deck(0, ["Gold", "Gold"] + PAD)
    sc.play_turn(0)
    assert events(sc, EV_PAY, 0) == [(0, None, 2, card_id("Storyteller"))]
    v = buy_view(bot)
    assert v.hand == {"Gold": 2} and v.in_play == {"Storyteller": 1}
    assert sc.mat(0) == {"Coin of the Realm": 1}


def test_storyteller_plays_at_most_three_and_merchant_counts(scenario):
    bot = me(play_action=["Merchant", "Storyteller", None],
             storyteller_play=["Silver", "Copper", "Copper", "Copper"])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Merchant", "Storyteller", "Silver", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Estate"] * 8 + PAD)
    sc.play_turn(0)
    assert len(bot.asked("storyteller_play")) == 3
    # +$1, Silver $2 + Merchant $1, two Coppers: $6 paid.
    assert events(sc, EV_PAY, 0) == [(0, None, 6, card_id("Storyteller"))]
    assert buy_view(bot).hand == {"Copper": 1, "Estate": 7}   # Merchant's 1 + 6


def test_storyteller_plays_relic_attack(scenario):
    bot = me(play_action=["Storyteller", None], storyteller_play=["Relic"])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Storyteller", "Relic"]).set_deck(0, ["Gold"] * 3 + PAD)
    sc.play_turn(0)
    assert sc.minus_card(1)
    assert events(sc, EV_PAY, 0)[0][2] == 3
    assert buy_view(bot).in_play == {"Storyteller": 1, "Relic": 1}


def test_storyteller_knows_every_treasure_with_a_text():
    """Storyteller runs Treasure texts itself (a card text has no card table): every
    Treasure with a function must be in its list."""
    with_text = {c.id for c in CARDS if c.is_type(TREASURE) and c.special in adv_cards.CARD_TEXT}
    assert with_text == set(adv_cards.TREASURES_WITH_TEXT)


# ----------------------------------------------------------------------------- Artificer
def test_edge_72_artificer_discarding_three_gains_silver_onto_the_deck(scenario):
    bot = me(play_action=["Artificer", None],
             artificer_discard=["Estate", "Estate", "Copper", None], artificer_gain=["Silver"])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Artificer", "Estate", "Estate", "Copper"]).set_deck(0, ["Gold"] + PAD)
    sc.play_turn(0)
    assert bot.asked("artificer_gain")[0].arg == 3
    v = buy_view(bot)
    assert (v.coins, v.actions) == (1, 1) and v.hand == {"Gold": 1}
    assert v.known_deck_top == ["Silver"]
    assert this_turn(sc, EV_GAIN, 0) == [(0, "Silver", 1, 2)]
    assert [r[3] for r in this_turn(sc, EV_DISCARD, 0)] == [DISCARD_ARTIFICER] * 3
    assert sc.hand(0) == {"Silver": 1, "Curse": 4}


def test_edge_72_artificer_discarding_nothing_gains_copper_or_curse(scenario):
    bot = me(play_action=["Artificer", None], artificer_discard=[None],
             artificer_gain=["Curse"])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Artificer", "Estate"]).set_deck(0, ["Gold"] + PAD)
    sc.play_turn(0)
    assert bot.asked("artificer_gain")[0].arg == 0
    assert buy_view(bot).known_deck_top == ["Curse"]
    bad = me(play_action=["Artificer", None], artificer_discard=[None],
             artificer_gain=["Silver"])
    sc = scenario([bad, nobuy()], kingdom=RAZE_K)
    sc.set_hand(0, ["Artificer", "Estate"]).set_deck(0, ["Gold"] + PAD)
    with pytest.raises(RuntimeError, match="gain with Artificer"):
        sc.play_turn(0)


def test_artificer_gaining_is_optional(scenario):
    bot = me(play_action=["Artificer", None], artificer_discard=["Estate", None],
             artificer_gain=[None])
    sc = scenario([bot, nobuy()], kingdom=RAZE_K)
    sc.hold_in_play(0, "Bridge Troll")                  # Estate costs $1 now: one to gain
    sc.set_hand(0, ["Artificer", "Estate"]).set_deck(0, ["Gold"] + PAD)
    sc.play_turn(0)
    assert bot.asked("artificer_gain")[0].arg == 1
    assert this_turn(sc, EV_GAIN) == []


# ----------------------------------------------------------------------------- Treasure Hunter
def test_edge_50_treasure_hunter_counts_the_right_players_last_turn(scenario):
    left = Scripted("left", play_treasure=None, buy=["Duchy", None])
    right = Scripted("right", play_action=["Amulet", None], amulet_mode=[2],
                     play_treasure=None, buy=["Duchy", None])
    bot = me(play_action=["Village", "Witch", "Treasure Hunter", None])
    sc = scenario([bot, left, right], kingdom=TRAVELLER_K)
    sc.set_hand(1, ["Gold", "Silver"]).set_deck(1, PAD)
    sc.set_hand(2, ["Amulet", "Gold", "Silver"]).set_deck(2, PAD)
    sc.play_turn(1)
    sc.play_turn(2)
    assert sc.gains_this_turn(2) == 2 and sc.gains_this_turn(1) == 1
    silver = sc.supply("Silver")
    clear_log(sc)
    sc.set_hand(0, ["Village", "Witch", "Treasure Hunter"])
    sc.set_deck(0, ["Copper", "Copper", "Copper"] + PAD)
    sc.play_turn(0)
    assert sc.discard(1)["Curse"] == 1 and sc.discard(2)["Curse"] == 1   # gained on my turn
    assert [(p, c) for p, c, _, _ in this_turn(sc, EV_GAIN, 0)] == [(0, "Silver")] * 2
    assert sc.supply("Silver") == silver - 2
    v = buy_view(bot)
    assert (v.coins, v.actions) == (1, 1)


# ----------------------------------------------------------------------------- Warrior
def test_edge_48_warrior_with_page_and_peasant_in_play(scenario):
    bot = me(play_action=["Warrior", None])
    sc = scenario([bot, nobuy(), nobuy()], kingdom=TRAVELLER_K)
    sc.set_in_play(0, ["Page", "Peasant"])
    sc.set_hand(0, ["Warrior"]).set_deck(0, ["Copper", "Copper"] + PAD)
    sc.set_deck(1, ["Silver", "Estate", "Village", "Gold"])
    sc.set_deck(2, ["Gold", "Port", "Witch"])
    sc.play_turn(0)
    assert buy_view(bot).hand == {"Copper": 2}
    assert [(p, c) for p, c, _, _ in this_turn(sc, EV_DISCARD)] == \
        [(1, "Silver"), (1, "Estate"), (1, "Village"), (2, "Gold"), (2, "Port"), (2, "Witch")]
    assert all(x == DISCARD_ATTACK for *_, x in this_turn(sc, EV_DISCARD))
    assert sc.trash() == {"Silver": 1, "Village": 1, "Port": 1}
    assert sc.deck(1) == ["Gold"] and sc.discard(1) == {"Estate": 1}
    assert sc.discard(2) == {"Gold": 1, "Witch": 1}
    check_consistent(sc)


def test_edge_35_warrior_discards_leave_minus_card_token(scenario):
    bot = me(play_action=["Warrior", None])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Warrior"]).set_deck(0, PAD)
    sc.set_deck(1, ["Estate", "Gold"]).set_minus_card(1)
    sc.play_turn(0)
    assert sc.discard(1) == {"Estate": 1} and sc.minus_card(1)
    assert sc.draw(1, 1) == 0 and sc.deck(1) == ["Gold"]


# ----------------------------------------------------------------------------- Hero
def test_hero_gains_a_treasure(scenario):
    bot = me(play_action=["Hero", None], hero_gain=["Gold"])
    sc = scenario([bot, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Hero"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert buy_view(bot).coins == 2
    assert this_turn(sc, EV_GAIN, 0) == [(0, "Gold", 1, 0)]
    bad = me(play_action=["Hero", None], hero_gain=[None])        # mandatory
    sc = scenario([bad, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Hero"]).set_deck(0, PAD)
    with pytest.raises(RuntimeError, match="gain with Hero"):
        sc.play_turn(0)
    bad = me(play_action=["Hero", None], hero_gain=["Village"])    # not a Treasure
    sc = scenario([bad, nobuy()], kingdom=TREASURE_K)
    sc.set_hand(0, ["Hero"]).set_deck(0, PAD)
    with pytest.raises(RuntimeError, match="gain with Hero"):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- Soldier
def test_edge_49_soldier_counts_other_attacks_in_play(scenario):
    bot = me(play_action=["Soldier", None])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.set_in_play(0, ["Soldier"]).hold_in_play(0, "Bridge Troll")
    sc.set_hand(0, ["Soldier"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert buy_view(bot).coins == 4


def test_edge_49_disciple_playing_soldier_adds_nothing_for_the_replay(scenario):
    bot = me(play_action=["Disciple", None], disciple_play=["Soldier"])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.hold_in_play(0, "Bridge Troll")
    sc.set_hand(0, ["Disciple", "Soldier"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert buy_view(bot).coins == 6                            # (2 + 1) twice
    assert this_turn(sc, EV_GAIN) == []                        # no Soldier in the Supply


def test_soldier_attack_only_hands_of_four_or_more(scenario):
    bot = me(play_action=["Soldier", None])
    four = Scripted("four", attack_discard=["Estate"])
    three = Scripted("three")
    sc = scenario([bot, four, three], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Soldier"]).set_deck(0, PAD)
    sc.set_hand(1, ["Estate", "Gold", "Gold", "Gold"]).set_hand(2, ["Estate"] * 3)
    sc.play_turn(0)
    assert buy_view(bot).coins == 2
    assert this_turn(sc, EV_DISCARD) == [(1, "Estate", 1, DISCARD_ATTACK)]
    assert three.asked("attack_discard") == []
    assert sc.hand(1) == {"Gold": 3}


# ----------------------------------------------------------------------------- Fugitive
def test_fugitive_draws_two_and_discards_one(scenario):
    bot = me(play_action=["Fugitive", None], fugitive_discard=["Estate"])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Fugitive", "Estate"]).set_deck(0, ["Gold", "Copper"] + PAD)
    sc.play_turn(0)
    v = buy_view(bot)
    assert v.hand == {"Gold": 1, "Copper": 1} and v.actions == 1
    assert this_turn(sc, EV_DISCARD, 0) == [(0, "Estate", 1, DISCARD_FUGITIVE)]


# ----------------------------------------------------------------------------- Disciple
def test_edge_54_disciple_on_page_plays_twice_and_gains_a_page(scenario):
    bot = me(play_action=["Disciple", None], disciple_play=["Page"],
             exchange_traveller=[False, False])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Disciple", "Page"]).set_deck(0, ["Gold", "Silver"] + PAD)
    sc.play_turn(0)
    v = buy_view(bot)
    assert v.hand == {"Gold": 1, "Silver": 1} and v.actions == 2
    assert events(sc, EV_PLAY_AGAIN, 0) == [(0, "Page", 1, card_id("Disciple")),
                                            (0, "Page", 2, card_id("Disciple"))]
    assert this_turn(sc, EV_GAIN, 0) == [(0, "Page", 1, 0)]
    assert sc.supply("Page") == 9


def test_edge_54_disciple_on_fugitive_gains_nothing(scenario):
    bot = me(play_action=["Disciple", None], disciple_play=["Fugitive"],
             fugitive_discard=["Estate", "Estate"])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Disciple", "Fugitive", "Estate"])
    sc.set_deck(0, ["Gold", "Estate", "Silver", "Copper"] + PAD)
    sc.play_turn(0)
    assert len(events(sc, EV_PLAY_AGAIN, 0)) == 2
    assert buy_view(bot).hand == {"Gold": 1, "Silver": 1, "Copper": 1}
    assert this_turn(sc, EV_GAIN) == []


def test_edge_54_disciple_on_gear_stays_then_may_become_a_teacher(scenario):
    bot = me(play_action=["Disciple", None], disciple_play=["Gear"],
             gear_set_aside=["Estate", None, None], exchange_traveller=[True])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Disciple", "Gear", "Estate"]).set_deck(0, ["Copper"] * 4 + PAD + PAD)
    sc.play_turn(0)
    assert sc.in_play(0) == {"Disciple": 1, "Gear": 1}
    assert sc.held_in_play(0) == {"Disciple": 1, "Gear": 1}
    assert sc.gear(0) == {"Estate": 1}
    assert bot.asked("exchange_traveller") == []               # Disciple did not leave play
    assert sc.supply("Gear") == 9                              # the copy was gained
    sc.play_turn(0)                                            # the next turn
    assert bot.asked("buy")[1].hand == {"Curse": 5, "Estate": 1}   # Gear's card came back
    assert [v.arg for v in bot.asked("exchange_traveller")] == [card_id("Disciple")]
    assert sc.in_play(0) == {}
    assert sc.discard(0)["Teacher"] == 1 and "Disciple" not in sc.owned(0)
    assert sc.non_supply("Disciple") == 6 and sc.non_supply("Teacher") == 4
    check_consistent(sc)


def test_disciple_with_no_action_in_hand_asks_nothing(scenario):
    bot = me(play_action=["Disciple", None])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Disciple", "Estate"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert bot.asked("disciple_play") == [] and this_turn(sc, EV_GAIN) == []


# ----------------------------------------------------------------------------- counters only
def test_page_peasant_port_lost_city_counters(scenario):
    bot = me(play_action=["Page", "Port", "Lost City", "Peasant", None])
    sc = scenario([bot, nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Page", "Port", "Lost City", "Peasant"])
    sc.set_deck(0, ["Copper", "Silver", "Gold", "Estate"] + PAD)
    sc.play_turn(0)
    v = buy_view(bot)
    assert (v.actions, v.buys, v.coins) == (1 + 1 + 2 + 2 - 4, 2, 1)
    assert v.hand == {"Copper": 1, "Silver": 1, "Gold": 1, "Estate": 1}


def test_port_bought_gains_two_lost_city_gained_others_draw(scenario):
    bot = me(play_treasure=None, buy=["Port", None])
    sc = scenario([bot, nobuy(), nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Silver", "Silver"]).set_deck(0, PAD)
    sc.play_turn(0)
    assert [c for _, c, _, _ in this_turn(sc, EV_GAIN, 0)] == ["Port", "Port"]
    assert sc.supply("Port") == 10
    bot = me(play_treasure=None, buy=["Lost City", None])
    sc = scenario([bot, nobuy(), nobuy()], kingdom=TRAVELLER_K)
    sc.set_hand(0, ["Gold", "Silver"]).set_deck(0, PAD)
    sc.set_deck(1, ["Gold"]).set_deck(2, ["Duchy"])
    sc.play_turn(0)
    assert this_turn(sc, EV_DRAW, 1) == [(1, "Gold", 1, 0)]
    assert this_turn(sc, EV_DRAW, 2) == [(2, "Duchy", 1, 0)]
    assert sc.hand(1) == {"Gold": 1} and sc.hand(2) == {"Duchy": 1}

