"""The 20 Adventures Events (ADVENTURES.md §5, §2.6, §2.7) on exact situations.

Each test empties every zone, sets the hand / draw pile (top first) / supply / tokens it
needs, runs the real Adventures turn (``Scenario.play_turn``) with a ``Scripted`` bot whose
"buy" answers name Events, and checks the exact outcome: cards gained and where, tokens,
$ and Buys seen at later decisions, log rows.  Tests named ``test_edge_NN_...`` pin the
numbered edge cases of ADVENTURES.md §8.
"""

from __future__ import annotations

import re

import pytest

from sim.cards import (
    BORROW,
    CARDS,
    COPPER,
    ESTATE,
    INHERITANCE,
    LOST_ARTS,
    PATHFINDING,
    PEASANT,
    PILGRIMAGE,
    PORT,
    RAID,
    ROYAL_CARRIAGE,
    SAVE,
    SCOUTING_PARTY,
    SEAWAY,
    SILVER,
    SMITHY,
    card_id,
)
from sim.cards.adventures import EVENTS
from sim.engine import layout as L
from sim.engine.codes import (
    DISCARD_QUEST,
    DISCARD_SCOUTING,
    EV_CALL,
    EV_CLEANUP,
    EV_COINS,
    EV_DISCARD,
    EV_DRAW,
    EV_EVENT,
    EV_EXCHANGE,
    EV_GAIN,
    EV_LOOK,
    EV_MISSION,
    EV_PLAY,
    EV_RETURN,
    EV_SET_ASIDE,
    EV_SHUFFLE,
    EV_TOKEN,
    EV_TOPDECK,
    EV_TRASH,
    TOKEN_ACTION,
    TOKEN_BUY,
    TOKEN_CARD,
    TOKEN_COIN,
    TOKEN_COST,
    TOKEN_ESTATE,
    TOKEN_JOURNEY,
    TOKEN_MINUS_CARD,
    TOKEN_MINUS_COIN,
    TOKEN_TRASHING,
)
from sim.engine.scenario import Scenario
from sim.engine.zones import cost_of
from tests.conftest import Scripted, check_consistent, clear, clear_log, events, log_rows, nobuy

KINGDOM = ["Port", "Smithy", "Throne Room", "Peasant", "Page", "Bridge Troll", "Royal Carriage",
           "Coin of the Realm", "Caravan Guard", "Moat"]
ATTACK_KINGDOM = KINGDOM[:-1] + ["Giant"]


def game(bots, events_in_game, kingdom=KINGDOM, n_players=None) -> Scenario:
    """A logging Scenario with these Events, every player's zones empty."""
    sc = Scenario(list(bots), n_players=n_players, kingdom=kingdom, events=events_in_game,
                  log=True)
    for p in range(sc.config.n_players):
        clear(sc, p)
    clear_log(sc)
    return sc


def me(**script) -> Scripted:
    return Scripted("me", **script)


def turn(sc: Scenario, p: int = 0) -> int:
    """Play ``p``'s turn, checking the state stays consistent (conftest.check_consistent),
    nothing is left set aside and no card appears or disappears; returns the $ produced."""
    total = sc.total_cards()
    produced = sc.play_turn(p)
    check_consistent(sc)
    for q in range(sc.config.n_players):
        assert sc.set_aside(q) == {}, f"player {q} left cards set aside"
    assert sc.total_cards() == total
    return produced


def gains(sc, p=0):
    """EV_GAIN rows of ``p`` as (card, where)."""
    return [(c, x) for _, c, _, x in events(sc, EV_GAIN, p)]


def tokens(sc, p=0):
    """EV_TOKEN rows of ``p`` as (pile or None, token, by)."""
    return [(c, k, x) for _, c, k, x in events(sc, EV_TOKEN, p)]


def rows_before_cleanup(sc, ev, p=0):
    out = []
    for e, _t, q, c, k, x in log_rows(sc):
        if e == EV_CLEANUP:
            break
        if e == ev and q == p:
            out.append((CARDS[c].name if c >= 0 else None, k, x))
    return out


def cleanup_draws(sc, p=0):
    """Cards drawn at the (last) Cleanup, in order."""
    rows = log_rows(sc)
    i = max(k for k, r in enumerate(rows) if r[0] == EV_CLEANUP)
    return [CARDS[c].name for e, _t, q, c, _k, _x in rows[i:] if e == EV_DRAW and q == p]


def action_phase_draws(sc, p=0):
    """Cards ``p`` drew before the Buy phase's buying started."""
    out = []
    for e, _t, q, c, _k, _x in log_rows(sc):
        if e == EV_COINS:
            break
        if e == EV_DRAW and q == p:
            out.append(CARDS[c].name)
    return out


def illegal(decision: str, card: int | None = None):
    """The error of an illegal answer (a card id; -1: None) to ``decision``."""
    answer = "" if card is None else (": None" if card < 0 else f": {CARDS[card].name}")
    text = re.escape(f"deciding to {decision}{answer}") + " is not a legal answer"
    return pytest.raises(RuntimeError, match=text)


def hand_n(sc, p=0):
    return sum(sc.hand(p).values())


# ----------------------------------------------------------------------------- Alms
def test_alms_gains_a_card_up_to_4_with_no_treasure_in_play():
    bot = me(buy=["Alms"], alms_gain=["Smithy"])
    sc = game([bot, nobuy()], ["Alms"])
    sc.set_hand(0, ["Estate"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert gains(sc) == [("Smithy", 0)]
    assert [v.arg for v in bot.asked("alms_gain")] == [4]


def test_alms_gains_nothing_with_a_treasure_in_play():
    bot = me(buy=["Alms"], alms_gain=["Smithy"])
    sc = game([bot, nobuy()], ["Alms"])
    sc.set_hand(0, ["Copper"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert gains(sc) == []
    assert bot.asked("alms_gain") == []


def test_alms_refuses_a_card_costing_5():
    sc = game([me(buy=["Alms"], alms_gain=["Bridge Troll"]), nobuy()], ["Alms"])
    sc.set_deck(0, ["Estate"] * 5)
    with illegal("gain with Alms", card_id("Bridge Troll")):
        sc.play_turn(0)


def test_edge_29_alms_gaining_port_gains_one_port():
    """Port's "when you buy" does not fire on a gain by Alms."""
    sc = game([me(buy=["Alms"], alms_gain=["Port"]), nobuy()], ["Alms"])
    sc.set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert gains(sc) == [("Port", 0)]
    assert sc.supply("Port") == 11


def test_edge_59_alms_fails_with_a_called_coin_of_the_realm_in_play():
    bot = me(after_action=["Coin of the Realm"], buy=["Alms"], alms_gain=["Smithy"])
    sc = game([bot, nobuy()], ["Alms"])
    sc.set_hand(0, ["Peasant"]).set_mat(0, ["Coin of the Realm"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert events(sc, EV_CALL, 0) == [(0, "Coin of the Realm", 1, PEASANT)]
    assert bot.asked("alms_gain") == []
    assert gains(sc) == []


def test_edge_59_alms_works_after_coin_of_the_realm_went_to_the_mat():
    bot = me(buy=["Alms"], alms_gain=["Smithy"])
    sc = game([bot, nobuy()], ["Alms"])
    sc.set_hand(0, ["Coin of the Realm"]).set_deck(0, ["Estate"] * 5)
    assert turn(sc) == 1                # it was played: $1, then moved to the mat
    assert sc.mat(0) == {"Coin of the Realm": 1}
    assert gains(sc) == [("Smithy", 0)]


# ----------------------------------------------------------------------------- Borrow
def test_borrow_gives_a_buy_the_minus_card_token_and_1_dollar():
    bot = me(play_treasure=["Copper", None], buy=["Borrow", "Peasant"])
    sc = game([bot, nobuy()], ["Borrow"])
    sc.set_hand(0, ["Copper"]).set_deck(0, ["Estate"] * 6)
    turn(sc)
    second = bot.asked("buy")[1]
    assert (second.coins, second.buys) == (2, 1)
    assert gains(sc) == [("Peasant", 0)]
    assert tokens(sc)[0] == (None, TOKEN_MINUS_CARD, BORROW)
    # The token was on the deck at Cleanup: the next hand is 4 cards, and it came off.
    assert cleanup_draws(sc) == ["Estate"] * 4
    assert not sc.minus_card(0)


def test_edge_36_borrow_with_the_token_already_on_the_deck_gives_only_a_buy():
    bot = me(buy=["Borrow", None])
    sc = game([bot, nobuy()], ["Borrow"])
    sc.set_hand(0, ["Copper"]).set_deck(0, ["Estate"] * 6).set_minus_card(0)
    turn(sc)
    second = bot.asked("buy")[1]
    assert (second.coins, second.buys) == (1, 1)
    assert tokens(sc) == [(None, TOKEN_MINUS_CARD, -1)]   # only the Cleanup draw used it


def test_edge_36_borrow_twice_in_a_turn_is_refused():
    sc = game([me(buy=["Borrow", "Borrow"]), nobuy()], ["Borrow"])
    sc.set_deck(0, ["Estate"] * 6)
    with illegal("buy", BORROW):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- Quest
def test_quest_two_curses_gain_a_gold():
    sc = game([me(buy=["Quest"], quest_mode=[1]), nobuy()], ["Quest"])
    sc.set_hand(0, ["Curse", "Curse", "Curse", "Estate"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert [(c, x) for _, c, _, x in events(sc, EV_DISCARD, 0)] == [("Curse", DISCARD_QUEST)] * 2
    assert gains(sc) == [("Gold", 0)]


def test_quest_one_curse_is_discarded_without_a_gold():
    sc = game([me(buy=["Quest"], quest_mode=[1]), nobuy()], ["Quest"])
    sc.set_hand(0, ["Curse", "Estate"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert [c for _, c, _, x in events(sc, EV_DISCARD, 0)] == ["Curse"]
    assert gains(sc) == []


def test_quest_six_of_seven_cards_asks_six_times_and_gains_a_gold():
    bot = me(play_treasure=[None], buy=["Quest"], quest_mode=[2],
             quest_discard=["Estate", "Estate", "Copper", "Copper", "Duchy", "Curse"])
    sc = game([bot, nobuy()], ["Quest"])
    sc.set_hand(0, ["Estate", "Estate", "Copper", "Copper", "Duchy", "Curse", "Gold"])
    sc.set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert [v.arg for v in bot.asked("quest_discard")] == [6, 5, 4, 3, 2, 1]
    assert len(rows_before_cleanup(sc, EV_DISCARD)) == 6
    assert gains(sc) == [("Gold", 0)]


def test_edge_63_quest_six_cards_with_four_in_hand_discards_all_and_gains_nothing():
    bot = me(buy=["Quest"], quest_mode=[2])
    sc = game([bot, nobuy()], ["Quest"])
    sc.set_hand(0, ["Estate", "Estate", "Curse", "Duchy"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert sorted(c for c, _, x in rows_before_cleanup(sc, EV_DISCARD)
                  if x == DISCARD_QUEST) == ["Curse", "Duchy", "Estate", "Estate"]
    assert bot.asked("quest_discard") == []
    assert gains(sc) == []


def test_edge_63_quest_one_attack_gains_a_gold():
    bot = me(play_action=[None], buy=["Quest"], quest_mode=[0])
    sc = game([bot, nobuy()], ["Quest"], kingdom=ATTACK_KINGDOM)
    sc.set_hand(0, ["Giant", "Estate"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert rows_before_cleanup(sc, EV_DISCARD) == [("Giant", 1, DISCARD_QUEST)]
    assert gains(sc) == [("Gold", 0)]


def test_quest_attack_mode_without_an_attack_does_nothing():
    sc = game([me(buy=["Quest"], quest_mode=[0]), nobuy()], ["Quest"])
    sc.set_hand(0, ["Estate", "Curse"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert rows_before_cleanup(sc, EV_DISCARD) == []
    assert gains(sc) == []


def test_quest_two_attacks_asks_which_and_refuses_a_non_attack():
    bot = me(play_action=[None], buy=["Quest"], quest_mode=[0], quest_discard=["Estate"])
    sc = game([bot, nobuy()], ["Quest"], kingdom=ATTACK_KINGDOM)
    sc.set_hand(0, ["Bridge Troll", "Giant", "Estate"]).set_deck(0, ["Estate"] * 5)
    with illegal("discard to Quest", ESTATE):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- Save
def test_save_sets_a_card_aside_until_after_the_next_hand_is_drawn():
    bot = me(buy=["Save", None], save_set_aside=["Duchy"])
    sc = game([bot, nobuy()], ["Save"])
    sc.set_hand(0, ["Copper", "Duchy", "Estate"]).set_deck(0, ["Silver"] * 5)
    turn(sc)
    assert bot.asked("buy")[1].buys == 1            # Save's +1 Buy
    assert rows_before_cleanup(sc, EV_SET_ASIDE) == [("Duchy", 1, SAVE)]
    assert sc.hand(0) == {"Silver": 5, "Duchy": 1}
    assert sc.saved(0) == {}
    rows = log_rows(sc)
    ret = [i for i, r in enumerate(rows) if r[0] == EV_RETURN]
    draws = [i for i, r in enumerate(rows) if r[0] == EV_DRAW]
    assert len(ret) == 1 and ret[0] > max(draws)


def test_edge_62_save_a_gold_and_one_expedition_make_an_8_card_hand():
    bot = me(play_treasure=["Silver", "Silver", None], buy=["Save", "Expedition"],
             save_set_aside=["Gold"])
    sc = game([bot, nobuy()], ["Save", "Expedition"])
    sc.set_hand(0, ["Gold", "Silver", "Silver"]).set_deck(0, ["Copper"] * 10)
    turn(sc)
    assert events(sc, EV_CLEANUP, 0) == [(0, None, 7, 0)]
    assert sc.hand(0) == {"Copper": 7, "Gold": 1}


# ----------------------------------------------------------------------------- Scouting Party
def test_scouting_party_looks_at_5_discards_3_puts_2_back_in_order():
    bot = me(buy=["Scouting Party", None],
             scouting_party_discard=["Estate", "Duchy", "Province"],
             topdeck_order=["Silver", "Gold"])
    sc = game([bot, nobuy()], ["Scouting Party"])
    sc.set_hand(0, ["Silver"])
    sc.set_deck(0, ["Gold", "Silver", "Estate", "Duchy", "Province", "Copper"])
    sc.set_minus_card(0)
    turn(sc)
    assert bot.asked("buy")[1].buys == 1
    assert [c for c, _, _ in rows_before_cleanup(sc, EV_LOOK)] == [
        "Gold", "Silver", "Estate", "Duchy", "Province"]
    assert [v.arg for v in bot.asked("scouting_party_discard")] == [3, 2, 1]
    assert rows_before_cleanup(sc, EV_DISCARD) == [
        ("Estate", 1, DISCARD_SCOUTING), ("Duchy", 1, DISCARD_SCOUTING),
        ("Province", 1, DISCARD_SCOUTING)]
    assert [c for c, _, _ in rows_before_cleanup(sc, EV_TOPDECK)] == ["Silver", "Gold"]
    assert bot.asked("topdeck_order")[0].arg == SCOUTING_PARTY
    # Looking is not drawing: the -1 Card token was still on the deck at Cleanup.
    assert rows_before_cleanup(sc, EV_TOKEN) == []
    assert cleanup_draws(sc)[:3] == ["Gold", "Silver", "Copper"]
    assert len(cleanup_draws(sc)) == 4


def test_edge_64_scouting_party_with_4_cards_and_no_discard_pile():
    bot = me(buy=["Scouting Party"], scouting_party_discard=["Estate", "Copper", "Silver"])
    sc = game([bot, nobuy()], ["Scouting Party"])
    sc.set_hand(0, ["Silver"]).set_deck(0, ["Gold", "Silver", "Estate", "Copper"])
    turn(sc)
    assert len(rows_before_cleanup(sc, EV_LOOK)) == 4
    assert rows_before_cleanup(sc, EV_SHUFFLE) == []
    assert len(rows_before_cleanup(sc, EV_DISCARD)) == 3
    assert [c for c, _, _ in rows_before_cleanup(sc, EV_TOPDECK)] == ["Gold"]
    assert bot.asked("topdeck_order") == []
    assert cleanup_draws(sc)[0] == "Gold"


def test_scouting_party_with_3_or_fewer_discards_them_all_unasked():
    bot = me(buy=["Scouting Party"])
    sc = game([bot, nobuy()], ["Scouting Party"])
    sc.set_hand(0, ["Silver"]).set_deck(0, ["Gold", "Estate"])
    turn(sc)
    assert bot.asked("scouting_party_discard") == []
    assert sorted(c for c, _, _ in rows_before_cleanup(sc, EV_DISCARD)) == ["Estate", "Gold"]
    assert rows_before_cleanup(sc, EV_TOPDECK) == []


# ----------------------------------------------------------------------------- Travelling Fair
def test_edge_65_travelling_fair_then_port_each_port_may_go_on_the_deck():
    bot = me(buy=["Travelling Fair", "Port", None], travelling_fair_topdeck=[True, False])
    sc = game([bot, nobuy()], ["Travelling Fair"])
    sc.set_hand(0, ["Gold", "Silver", "Copper"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert bot.asked("buy")[1].buys == 2            # +2 Buys
    assert [v.arg for v in bot.asked("travelling_fair_topdeck")] == [PORT, PORT]
    assert gains(sc) == [("Port", 0), ("Port", 0)]
    assert rows_before_cleanup(sc, EV_TOPDECK) == [("Port", 1, -1)]
    assert cleanup_draws(sc) == ["Port"] + ["Estate"] * 4


def test_travelling_fair_lasts_only_this_turn():
    bot = me(buy=["Travelling Fair", None, "Alms"], alms_gain=["Smithy"])
    sc = game([bot, nobuy()], ["Travelling Fair", "Alms"])
    sc.set_hand(0, ["Silver"]).set_deck(0, ["Estate"] * 10)
    turn(sc)
    sc.set_hand(0, []).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert gains(sc) == [("Smithy", 0)]
    assert bot.asked("travelling_fair_topdeck") == []


# ----------------------------------------------------------------------------- Bonfire
def test_edge_66_bonfire_on_two_played_coppers_keeps_their_dollars():
    bot = me(buy=["Bonfire", "Peasant"], bonfire_trash=["Copper", "Copper"])
    sc = game([bot, nobuy()], ["Bonfire"])
    sc.set_hand(0, ["Peasant", "Copper", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert bot.asked("buy")[1].coins == 2
    assert sc.trash() == {"Copper": 2}
    assert sc.owned(0)["Copper"] == 2
    assert gains(sc) == [("Peasant", 0)]


def test_bonfire_trashed_traveller_is_not_exchanged():
    bot = me(buy=["Bonfire"], bonfire_trash=["Peasant", None])
    sc = game([bot, nobuy()], ["Bonfire"])
    sc.set_hand(0, ["Peasant", "Silver"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert sc.trash() == {"Peasant": 1}
    assert bot.asked("exchange_traveller") == []
    assert events(sc, EV_EXCHANGE) == []
    assert sc.non_supply("Soldier") == 5


def test_bonfire_refuses_a_card_not_in_play():
    sc = game([me(buy=["Bonfire"], bonfire_trash=["Estate"]), nobuy()], ["Bonfire"])
    sc.set_hand(0, ["Gold", "Estate"]).set_deck(0, ["Estate"] * 5)
    with illegal("trash with Bonfire", ESTATE):
        sc.play_turn(0)


# ----------------------------------------------------------------------------- Expedition
def test_expedition_draws_2_more_this_cleanup_only():
    sc = game([me(buy=["Expedition"]), nobuy()], ["Expedition"])
    sc.set_hand(0, ["Gold"]).set_deck(0, ["Copper"] * 12)
    turn(sc)
    assert hand_n(sc) == 7
    sc.set_hand(0, [])
    turn(sc)
    assert hand_n(sc) == 5


# ----------------------------------------------------------------------------- token Events
def test_edge_22_ferry_lowers_smithy_by_2_on_my_turns_only():
    bot = me(buy=["Ferry", "Smithy"], token_pile=["Smithy"])
    sc = game([bot, nobuy()], ["Ferry"])
    sc.set_hand(0, ["Peasant", "Gold", "Copper"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert tokens(sc) == [("Smithy", TOKEN_COST, card_id("Ferry"))]
    assert bot.asked("token_pile")[0].arg == TOKEN_COST
    assert gains(sc) == [("Smithy", 0)]             # $2 left bought it
    sc.S[L.V + L.V_CUR] = 0
    assert cost_of(sc.S, sc.T, SMITHY) == 2
    sc.S[L.V + L.V_CUR] = 1
    assert cost_of(sc.S, sc.T, SMITHY) == 4
    sc.S[L.V + L.V_CUR] = 0
    sc.hold_in_play(0, "Bridge Troll")
    assert cost_of(sc.S, sc.T, SMITHY) == 1


def test_edge_22_ferry_on_peasant_makes_it_free():
    sc = game([me(buy=["Peasant", None]), nobuy()], ["Ferry"])
    sc.set_token(0, "-$2 cost", "Peasant").set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert gains(sc) == [("Peasant", 0)]


def test_ferry_refuses_a_non_action_pile():
    sc = game([me(buy=["Ferry"], token_pile=["Silver"]), nobuy()], ["Ferry"])
    sc.set_hand(0, ["Gold"]).set_deck(0, ["Estate"] * 5)
    with illegal("put a token on a pile", SILVER):
        sc.play_turn(0)


def test_edge_68_plan_trashing_token_on_port_trashes_at_buy_time():
    bot = me(buy=["Plan", "Port"], token_pile=["Port"], trashing_token_trash=["Estate"])
    sc = game([bot, nobuy()], ["Plan"])
    sc.set_hand(0, ["Peasant", "Gold", "Gold", "Silver", "Estate"])
    sc.set_deck(0, ["Copper"] * 5)
    turn(sc)
    assert tokens(sc) == [("Port", TOKEN_TRASHING, card_id("Plan"))]
    assert len(bot.asked("trashing_token_trash")) == 1
    assert sc.trash() == {"Estate": 1}
    # At buy time: before the bought Port is gained (Port's own bonus Port comes first:
    # the engine orders the on-buy effects Port, then the Trashing token).
    rows = [(r[0], r[3]) for r in log_rows(sc)]
    last_port = max(i for i, r in enumerate(rows) if r == (EV_GAIN, PORT))
    assert rows.index((EV_TRASH, ESTATE)) < last_port
    assert gains(sc) == [("Port", 0), ("Port", 0)]


def test_edge_23_lost_arts_on_smithy_gives_an_action_before_each_play():
    bot = me(buy=["Lost Arts"], token_pile=["Smithy"],
             play_action=["Throne Room", "Smithy", None], throne_room=["Smithy"])
    sc = game([bot, nobuy()], ["Lost Arts"])
    sc.set_hand(0, ["Gold", "Gold"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert tokens(sc) == [("Smithy", TOKEN_ACTION, LOST_ARTS)]
    assert sc.token_pile(0, "+1 Action") == "Smithy"
    clear(sc, 0)
    clear_log(sc)
    sc.set_hand(0, ["Throne Room", "Smithy", "Smithy"]).set_deck(0, ["Copper"] * 20)
    turn(sc)
    after_tr = bot.asked("play_action")[1]
    assert after_tr.actions == 2                    # 1 - 1 + 2 (token, twice)
    assert after_tr.hand == {"Smithy": 1, "Copper": 6}
    assert sc.counters["actions"] == 2              # then Smithy: 2 - 1 + 1
    # Each bonus comes before that play's draws.
    seq = [(r[0], r[4]) for r in log_rows(sc) if r[0] in (EV_TOKEN, EV_DRAW)][:12]
    assert seq == ([(EV_TOKEN, TOKEN_ACTION)] + [(EV_DRAW, 1)] * 3) * 3


def test_training_gives_1_dollar_per_play_from_its_pile():
    bot = me(buy=["Training"], token_pile=["Smithy"])
    sc = game([bot, nobuy()], ["Training"])
    sc.set_hand(0, ["Gold", "Gold"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert tokens(sc) == [("Smithy", TOKEN_COIN, card_id("Training"))]
    sc.set_hand(0, ["Smithy"]).set_deck(0, ["Estate"] * 8)
    assert turn(sc) == 1


def test_edge_24_pathfinding_on_port_bonus_not_for_an_inherited_port_estate():
    bot = me(buy=["Pathfinding"], token_pile=["Port"], play_action=["Port", "Estate", None])
    sc = game([bot, nobuy()], ["Pathfinding"])
    sc.set_hand(0, ["Gold", "Gold", "Silver"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert tokens(sc) == [("Port", TOKEN_CARD, PATHFINDING)]
    clear(sc, 0)
    clear_log(sc)
    sc.set_inheritance(0, "Port")
    sc.set_hand(0, ["Port", "Estate"]).set_deck(0, ["Copper"] * 10)
    turn(sc)
    after_port = bot.asked("play_action")[1]
    assert after_port.hand == {"Estate": 1, "Copper": 2}     # token +1, Port +1
    assert after_port.actions == 2
    assert len(action_phase_draws(sc)) == 3                  # the Estate: Port's +1 only
    assert sc.counters["actions"] == 3
    assert [r for r in tokens(sc) if r[1] == TOKEN_CARD] == [("Port", TOKEN_CARD, PORT)]


# ----------------------------------------------------------------------------- Mission
def test_edge_60_mission_gives_an_extra_turn_without_card_buys():
    bot = me(buy=["Mission", "Mission", "Alms"], alms_gain=["Smithy"])
    sc = game([bot, nobuy()], ["Mission", "Alms"])
    sc.S[L.V + L.V_PREV] = 1                        # the previous turn was player 1's
    sc.set_hand(0, ["Gold", "Copper"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert sc.S[L.TURNS + 0] == 1
    assert sc.S[L.V + L.V_MISSION] == 1             # the next turn is player 0's Mission turn
    sc.set_hand(0, ["Gold", "Copper"]).set_deck(0, ["Estate"] * 5)
    turn(sc)                                        # the Mission turn: Events may be bought
    assert events(sc, EV_MISSION, 0)
    assert sc.S[L.V + L.V_MISSION] == 0             # Mission again: the last turn was mine
    assert sc.S[L.TURNS + 0] == 1                   # an extra turn is not counted
    assert gains(sc) == []                          # Alms: a Gold is in play


def test_edge_60_no_card_buys_in_a_mission_turn():
    sc = game([me(buy=["Silver"]), nobuy()], ["Mission"])
    sc.S[L.V + L.V_MISSION] = 1
    sc.set_hand(0, ["Gold"]).set_deck(0, ["Estate"] * 5)
    with illegal("buy", SILVER):
        sc.play_turn(0)


def test_mission_when_the_previous_turn_was_mine_does_nothing():
    sc = game([me(buy=["Mission"]), nobuy()], ["Mission"])
    sc.S[L.V + L.V_PREV] = 0
    sc.set_hand(0, ["Gold", "Copper"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert sc.S[L.V + L.V_MISSION] == 0


# ----------------------------------------------------------------------------- Pilgrimage
def test_edge_61_pilgrimage_gains_one_of_each_name_then_turns_down():
    bot = me(buy=["Pilgrimage", None, "Pilgrimage", None],
             pilgrimage_gain=["Copper", "Silver", "Peasant"])
    sc = game([bot, nobuy()], ["Pilgrimage"])
    sc.set_journey(0, face_up=False)
    sc.set_hand(0, ["Copper", "Copper", "Silver", "Peasant"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert [v.arg for v in bot.asked("pilgrimage_gain")] == [-1, COPPER, SILVER]
    assert gains(sc) == [("Copper", 0), ("Silver", 0), ("Peasant", 0)]
    assert sc.journey_face_up(0)
    assert tokens(sc) == [(None, TOKEN_JOURNEY, PILGRIMAGE)]
    clear_log(sc)
    sc.set_hand(0, ["Copper", "Copper", "Silver", "Peasant"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert not sc.journey_face_up(0)
    assert gains(sc) == []
    assert len(bot.asked("pilgrimage_gain")) == 3


def test_pilgrimage_cannot_name_a_card_twice():
    bot = me(buy=["Pilgrimage"], pilgrimage_gain=["Copper", "Copper"])
    sc = game([bot, nobuy()], ["Pilgrimage"])
    sc.set_journey(0, face_up=False)
    sc.set_hand(0, ["Copper", "Copper", "Silver", "Peasant"]).set_deck(0, ["Estate"] * 5)
    with illegal("gain with Pilgrimage", COPPER):
        sc.play_turn(0)


def test_pilgrimage_copies_only_from_the_supply():
    """A Soldier (non-Supply) in play cannot be copied; the Silver can."""
    bot = me(buy=["Pilgrimage"], pilgrimage_gain=["Silver"])
    sc = game([bot, nobuy()], ["Pilgrimage"])
    sc.set_journey(0, face_up=False)
    sc.set_hand(0, ["Silver", "Silver", "Soldier"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert gains(sc) == [("Silver", 0)]
    assert [v.arg for v in bot.asked("pilgrimage_gain")] == [-1]   # nothing after Silver


# ----------------------------------------------------------------------------- Ball, Raid
def test_ball_takes_the_minus_coin_token_and_gains_two_cards():
    bot = me(buy=["Ball"], ball_gain=["Smithy", "Silver"])
    sc = game([bot, nobuy()], ["Ball"])
    sc.set_hand(0, ["Gold", "Silver"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert gains(sc) == [("Smithy", 0), ("Silver", 0)]
    assert [v.arg for v in bot.asked("ball_gain")] == [4, 4]
    assert tokens(sc) == [(None, TOKEN_MINUS_COIN, card_id("Ball"))]
    assert sc.minus_coin(0)
    sc.set_hand(0, ["Copper", "Copper"])
    assert turn(sc) == 1
    assert not sc.minus_coin(0)


def test_edge_67_raid_gains_a_silver_per_silver_and_is_not_an_attack():
    foe = Scripted("foe", reveal_moat=[True], caravan_guard_react=[True])
    bot = me(buy=["Raid"])
    sc = game([bot, foe], ["Raid"])
    sc.set_hand(0, ["Silver", "Silver", "Silver"]).set_deck(0, ["Estate"] * 5)
    sc.set_hand(1, ["Moat", "Caravan Guard"]).set_deck(1, ["Estate"] * 5)
    sc.set_lasting(1, "Champion")
    turn(sc)
    assert gains(sc) == [("Silver", 0)] * 3
    assert sc.minus_card(1)
    assert tokens(sc, 1) == [(None, TOKEN_MINUS_CARD, RAID)]
    assert foe.calls == []
    assert sc.hand(1) == {"Moat": 1, "Caravan Guard": 1}


def test_raid_with_too_few_silvers_left_gains_what_is_left():
    sc = game([me(buy=["Raid"]), nobuy()], ["Raid"])
    sc.set_hand(0, ["Silver", "Silver", "Silver"]).set_deck(0, ["Estate"] * 5)
    sc.set_supply("Silver", 2)
    turn(sc)
    assert gains(sc) == [("Silver", 0)] * 2
    assert sc.supply("Silver") == 0


# ----------------------------------------------------------------------------- Seaway, Trade
def test_edge_26_seaway_gains_an_action_and_moves_the_buy_token_there():
    bot = me(buy=["Seaway"], seaway_gain=["Page"])
    sc = game([bot, nobuy()], ["Seaway"])
    sc.set_token(0, "+1 Buy", "Smithy")
    sc.set_hand(0, ["Gold", "Silver"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert gains(sc) == [("Page", 0)]
    assert sc.token_pile(0, "+1 Buy") == "Page"
    assert tokens(sc) == [("Page", TOKEN_BUY, SEAWAY)]


def test_edge_26_seaway_with_no_action_to_gain_leaves_the_token():
    bot = me(buy=["Seaway"], seaway_gain=["Page"])
    sc = game([bot, nobuy()], ["Seaway"])
    for c in ("Port", "Smithy", "Throne Room", "Peasant", "Page", "Caravan Guard", "Moat"):
        sc.set_supply(c, 0)
    sc.set_token(0, "+1 Buy", "Smithy")
    sc.set_hand(0, ["Gold", "Silver"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert bot.asked("seaway_gain") == []
    assert sc.token_pile(0, "+1 Buy") == "Smithy"
    assert gains(sc) == []


def test_seaway_refuses_a_non_action():
    sc = game([me(buy=["Seaway"], seaway_gain=["Silver"]), nobuy()], ["Seaway"])
    sc.set_hand(0, ["Gold", "Silver"]).set_deck(0, ["Estate"] * 5)
    with illegal("gain with Seaway", SILVER):
        sc.play_turn(0)


def test_trade_trashes_up_to_two_and_gains_a_silver_each():
    bot = me(buy=["Trade"], trade_trash=["Estate", "Curse"])
    sc = game([bot, nobuy()], ["Trade"])
    sc.set_hand(0, ["Gold", "Silver", "Estate", "Curse", "Estate"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert sc.trash() == {"Estate": 1, "Curse": 1}
    assert gains(sc) == [("Silver", 0), ("Silver", 0)]
    assert [v.arg for v in bot.asked("trade_trash")] == [0, 1]


def test_trade_trashing_one_gains_one_silver():
    sc = game([me(buy=["Trade"], trade_trash=["Estate", None]), nobuy()], ["Trade"])
    sc.set_hand(0, ["Gold", "Silver", "Estate", "Curse"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    assert sc.trash() == {"Estate": 1}
    assert gains(sc) == [("Silver", 0)]


# ----------------------------------------------------------------------------- Inheritance
def test_edge_58_inheritance_on_port():
    bot = me(buy=["Inheritance", "Estate", "Inheritance"], inheritance_set_aside=["Port"],
             play_action=["Estate", "Estate", None])
    sc = game([bot, nobuy()], ["Inheritance"])
    sc.set_hand(0, ["Gold", "Gold", "Copper"]).set_deck(0, ["Copper"] * 5)
    turn(sc)
    assert bot.asked("inheritance_set_aside")[0].arg == 4
    assert sc.inherited(0) == "Port"
    assert sc.supply("Port") == 11 and sc.owned(0)["Port"] == 1
    assert gains(sc) == []                          # set aside, not gained
    assert rows_before_cleanup(sc, EV_SET_ASIDE) == [("Port", 1, INHERITANCE)]
    assert tokens(sc) == [("Port", TOKEN_ESTATE, INHERITANCE)]
    # Estates play as Port: +1 Card, +2 Actions each.
    clear(sc, 0)
    clear_log(sc)
    sc.set_hand(0, ["Estate", "Estate"]).set_deck(0, ["Copper"] * 10)
    turn(sc)
    plays = bot.asked("play_action")
    assert [v.actions for v in plays] == [1, 2]
    assert plays[1].hand == {"Estate": 1, "Copper": 1}
    assert sc.counters["actions"] == 3
    assert len(action_phase_draws(sc)) == 2
    # Buying an Estate also gains a Port; Estates cost $2 and are worth 1 VP.
    assert bot.asked("buy")[1].coins == 2
    assert gains(sc) == [("Port", 0), ("Estate", 0)]
    assert cost_of(sc.S, sc.T, ESTATE) == 2
    assert sc.score(0) == 3
    # Once per game.
    clear(sc, 0)
    sc.set_hand(0, ["Gold", "Gold", "Copper"]).set_deck(0, ["Copper"] * 5)
    with illegal("buy", INHERITANCE):
        sc.play_turn(0)


def test_inheritance_refuses_a_victory_card_or_one_costing_5():
    sc = game([me(buy=["Inheritance"], inheritance_set_aside=["Royal Carriage"]), nobuy()],
              ["Inheritance"])
    sc.set_hand(0, ["Gold", "Gold", "Copper"]).set_deck(0, ["Copper"] * 5)
    with illegal("set aside with Inheritance", ROYAL_CARRIAGE):
        sc.play_turn(0)


def test_edge_19_bridge_troll_lets_inheritance_take_royal_carriage():
    sc = game([me(buy=["Inheritance"], inheritance_set_aside=["Royal Carriage"]), nobuy()],
              ["Inheritance"])
    sc.hold_in_play(0, "Bridge Troll")
    sc.set_hand(0, ["Gold", "Gold", "Copper"]).set_deck(0, ["Copper"] * 5)
    turn(sc)
    assert sc.inherited(0) == "Royal Carriage"
    assert sc.supply("Royal Carriage") == 9


@pytest.mark.parametrize("event, cost", [("Inheritance", 7), ("Pathfinding", 8)])
def test_edge_16_bridge_troll_does_not_lower_events(event, cost):
    golds = ["Gold"] * (cost // 3) + ["Copper"] * (cost % 3)
    sc = game([me(buy=[event]), nobuy()], [event])
    sc.hold_in_play(0, "Bridge Troll")
    sc.set_hand(0, golds).set_deck(0, ["Copper"] * 5)
    turn(sc)
    assert sc.counters["coins"] == 0                # paid the full price
    sc2 = game([me(buy=[event]), nobuy()], [event])
    sc2.hold_in_play(0, "Bridge Troll")
    sc2.set_hand(0, golds[:-1])                     # $1 short
    sc2.set_deck(0, ["Copper"] * 5)
    with illegal("buy", card_id(event)):
        sc2.play_turn(0)


# ----------------------------------------------------------------------------- Treasures
def test_edge_69_buying_an_event_ends_treasure_play():
    bot = me(play_treasure=["Copper", None], buy=["Borrow", None])
    sc = game([bot, nobuy()], ["Borrow"])
    sc.set_hand(0, ["Copper", "Silver"]).set_deck(0, ["Estate"] * 5)
    turn(sc)
    methods = bot.methods()
    first_buy = methods.index("buy")
    assert "play_treasure" not in methods[first_buy:]
    assert [c for _, c, _, _ in events(sc, EV_PLAY, 0)] == ["Copper"]
    assert bot.asked("buy")[1].hand == {"Silver": 1}


# ----------------------------------------------------------------------------- rule-bot defaults
DEFAULTS_HAND = ["Gold", "Gold", "Gold", "Curse", "Curse", "Estate", "Copper", "Bridge Troll",
                 "Silver"]
DEFAULTS_DECK = ["Silver", "Estate", "Gold", "Copper", "Duchy", "Province", "Copper", "Copper"]


def defaults_situation(name):
    """Player 0 buys Event ``name`` with $9 and a varied hand left; every decision after
    the buy is its rule program's default."""
    bot = me(play_treasure=["Gold", "Gold", "Gold", None], buy=[name, None])
    sc = game([bot, nobuy()], [name])
    sc.set_hand(0, DEFAULTS_HAND).set_deck(0, DEFAULTS_DECK).set_journey(0, False)
    return sc


@pytest.mark.parametrize("name", [CARDS[e].name for e in EVENTS])
def test_rule_bot_defaults_are_legal_for_every_event(name):
    sc = defaults_situation(name)
    turn(sc)
    assert events(sc, EV_EVENT, 0)[0][1] == name


# ----------------------------------------------------------------------------- Inheritance, more
def test_throne_room_plays_an_inheriting_estate_twice():
    bot = me(play_action=["Throne Room", None], throne_room=["Estate"])
    sc = game([bot, nobuy()], [])
    sc.set_inheritance(0, "Port")
    sc.set_hand(0, ["Throne Room", "Estate"]).set_deck(0, ["Copper"] * 10)
    turn(sc)
    assert sc.counters["actions"] == 4              # 1 - 1 + 2 + 2
    assert len(action_phase_draws(sc)) == 2


def test_an_estate_inheriting_moat_blocks_an_attack():
    foe = Scripted("foe", reveal_moat=[True])
    sc = game([me(play_action=["Bridge Troll", None]), foe], [])
    sc.set_inheritance(1, "Moat").set_hand(1, ["Estate"]).set_deck(1, ["Copper"] * 5)
    sc.set_hand(0, ["Bridge Troll"]).set_deck(0, ["Copper"] * 5)
    turn(sc)
    assert not sc.minus_coin(1)


def test_an_estate_inheriting_ratcatcher_can_be_called():
    bot = me(play_action=["Estate", None], start_of_turn=["Estate", None],
             ratcatcher_trash=["Curse"])
    sc = game([bot, nobuy()], [], kingdom=KINGDOM[:-1] + ["Ratcatcher"])
    sc.set_inheritance(0, "Ratcatcher")
    sc.set_hand(0, ["Estate"]).set_deck(0, ["Curse"] * 10)
    turn(sc)
    assert sc.mat(0) == {"Estate": 1}
    turn(sc)
    assert sc.trash() == {"Curse": 1}
