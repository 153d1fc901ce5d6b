"""Public information the bots can read: the top card of each discard pile (known after
Cleanup too), turns taken and the turn order; and discard priorities that tie.
"""

from __future__ import annotations

import numpy as np
import pytest

from bots.errors import BotFileError, ConditionError, RuleError
from bots.rules import (
    Buy,
    RuleBot,
    discard_top,
    opp_discard_top,
    opp_turns_taken,
    parse_condition,
    turn_position,
    turns_taken,
)
from bots.toml_bot import loads_bot
from sim import cards as C
from sim.engine import layout as L
from sim.engine import program as P
from sim.engine.callbacks import View
from sim.engine.codes import D_ATTACK_DISCARD, D_BUY
from sim.runner import Match
from tests.conftest import Scripted, nobuy


# ----------------------------------------------------------------------------- discard top
def test_cleanup_leaves_the_highest_card_id_on_top(scenario):
    sc = scenario([nobuy(play=[]), nobuy()])
    sc.set_hand(0, ["Copper", "Silver", "Estate", "Militia"]).set_discard(0, ["Gold"])
    sc.set_deck(0, ["Copper"] * 6)
    sc.S[L.DISC_TOP + 0] = C.GOLD
    sc.play_turn(0)                 # Militia stays in hand (play=[]), Treasures in play
    assert sc.discard(0) == {"Copper": 1, "Silver": 1, "Estate": 1, "Militia": 1, "Gold": 1}
    assert sc.S[L.DISC_TOP + 0] == C.MILITIA
    sc.set_hand(0, ["Copper", "Estate", "Silver"]).set_deck(0, ["Copper"] * 5)
    sc.play_turn(0)                 # hand (Estate) and play (Copper, Silver) together
    assert sc.S[L.DISC_TOP + 0] == C.ESTATE
    sc.set_hand(0, ["Copper", "Silver"]).set_deck(0, ["Copper"] * 5)
    sc.play_turn(0)                 # everything was in play
    assert sc.S[L.DISC_TOP + 0] == C.SILVER


def test_cleanup_with_nothing_to_move_keeps_the_top(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_discard(0, ["Duchy"]).set_deck(0, ["Copper"] * 5)
    sc.S[L.DISC_TOP + 0] = C.DUCHY
    sc.play_turn(0)                 # empty hand, nothing played
    assert sc.S[L.DISC_TOP + 0] == C.DUCHY


def test_view_shows_every_discard_top_after_cleanup(scenario):
    me = Scripted()
    sc = scenario([me, nobuy(play=[])])
    sc.set_hand(1, ["Copper", "Smithy"]).set_deck(1, ["Copper"] * 5)
    sc.play_turn(1)
    sc.set_hand(0, ["Gold"]).set_deck(0, ["Copper"] * 10)
    sc.S[L.DISC_TOP + 0] = C.ESTATE
    v = View(sc.S, 0, 0)
    assert v.my_discard_top == "Estate" and v.discard_tops == ["Smithy"]
    sc.S[L.DISC_TOP + 0] = -1
    assert View(sc.S, 0, 0).my_discard_top is None


def test_discard_top_terms_in_the_engine(scenario):
    bot = RuleBot("t", buy=[Buy("Gold", discard_top("Estate") == 1),
                            Buy("Silver", opp_discard_top("Smithy") >= 2), "Copper"])
    sc = scenario([bot, nobuy("a"), nobuy("b")], n_players=3)
    sc.set_counters(coins=6, buys=1)
    for q in range(3):
        sc.S[L.DISC_TOP + q] = -1
    assert sc.decide(0, D_BUY) == "Copper"
    sc.S[L.DISC_TOP + 0] = C.ESTATE
    assert sc.decide(0, D_BUY) == "Gold"
    sc.S[L.DISC_TOP + 0] = C.PROVINCE
    sc.S[L.DISC_TOP + 1] = C.SMITHY
    assert sc.decide(0, D_BUY) == "Copper"      # one opponent shows Smithy
    sc.S[L.DISC_TOP + 2] = C.SMITHY
    assert sc.decide(0, D_BUY) == "Silver"      # two do
    sc.S[L.DISC_TOP + 0] = C.SMITHY
    assert sc.decide(0, D_BUY) == "Silver"      # my own top is not an opponent's


# ----------------------------------------------------------------------------- turn terms
def test_turns_taken_terms_in_the_engine(scenario):
    bot = RuleBot("t", buy=[Buy("Gold", turns_taken() == 4), Buy("Silver", opp_turns_taken() == 5),
                            "Copper"])
    sc = scenario([bot, nobuy("a"), nobuy("b")], n_players=3)
    sc.set_counters(coins=6, buys=1)
    sc.set_turns(0, 4).set_turns(1, 5).set_turns(2, 4)
    assert sc.decide(0, D_BUY) == "Gold"
    sc.set_turns(0, 3)
    assert sc.decide(0, D_BUY) == "Silver"      # the most turns by one opponent: 5
    sc.set_turns(1, 4)
    assert sc.decide(0, D_BUY) == "Copper"


@pytest.mark.parametrize("turns, cur, want", [
    ((4, 4, 4), 0, 1),      # a new round starts with me: I moved first
    ((4, 5, 5), 0, 3),      # seats 1 and 2 moved this round before me: first is seat 1
    ((4, 4, 5), 0, 2),      # seat 2 moved before me this round: first is seat 2
    ((5, 4, 4), 1, 1),      # seat 1 is moving (an attack, say), seat 0 moved: I was first
    ((5, 5, 4), 2, 1),
])
def test_turn_position_in_the_engine(scenario, turns, cur, want):
    bot = RuleBot("t", buy=[Buy("Gold", turn_position() == 1),
                            Buy("Silver", turn_position() == 2), "Copper"])
    sc = scenario([bot, nobuy("a"), nobuy("b")], n_players=3)
    sc.set_counters(coins=6, buys=1)
    for p, t in enumerate(turns):
        sc.set_turns(p, t)
    sc.S[L.V + L.V_CUR] = cur
    assert sc.decide(0, D_BUY) == {1: "Gold", 2: "Silver", 3: "Copper"}[want]


def test_turn_position_over_whole_games():
    """The first player (random) buys Estates, everyone else Coppers, all game long."""
    bot = RuleBot("pos", buy=[Buy("Estate", turn_position() == 1), "Copper"])
    res = Match(bot, bot, bot, games=30, seed=3, seats="random", turn_cap=8,
                processes=1).play()
    g = res.games
    for _, row in g.iterrows():
        for s in range(3):
            assert (row[f"score_{s}"] > 3) == (s == row["first"]), row


# ----------------------------------------------------------------------------- parser
@pytest.mark.parametrize("text, term, arg", [
    ("turns_taken >= 3", P.T_TURNS_TAKEN, 0),
    ("opp_turns_taken > 2", P.T_OPP_TURNS, 0),
    ("turn_position == 2", P.T_POSITION, 0),
    ("discard_top(Province) == 1", P.T_DISC_TOP, C.PROVINCE),
    ("opp_discard_top(Council Room) >= 1", P.T_OPP_DISC_TOP, C.COUNCIL_ROOM),
])
def test_new_terms_parse_and_print_back(text, term, arg):
    c = parse_condition(text)
    assert (c.lhs_term, c.lhs_arg) == (term, arg)
    assert str(c) == text and parse_condition(str(c)) == c


def test_new_terms_python_spelling_matches_text():
    assert (turns_taken() < opp_turns_taken()) == parse_condition("turns_taken < opp_turns_taken")
    assert (turn_position() == 1) == parse_condition("turn_position == 1")
    assert (discard_top("Gold") == 1) == parse_condition("discard_top(Gold) == 1")
    assert (opp_discard_top("Moat") > 0) == parse_condition("opp_discard_top(Moat) > 0")


@pytest.mark.parametrize("text, word", [
    ("discard_top == 1", "discard_top"),
    ("opp_discard_top(Gould) > 0", "Gould"),
    ("turn_position(Gold) == 1", "Gold"),
    ("turns_takn > 1", "turns_takn"),
])
def test_new_term_errors_name_the_word(text, word):
    with pytest.raises(ConditionError) as e:
        parse_condition(text)
    assert e.value.word == word


def test_terms_are_listed_in_the_program_module():
    import sim.engine.program

    doc = open(sim.engine.program.__file__).read()
    for name in ("T_TURNS_TAKEN", "T_OPP_TURNS", "T_POSITION", "T_DISC_TOP", "T_OPP_DISC_TOP"):
        assert getattr(P, name) < P.N_TERMS and name in doc


# ----------------------------------------------------------------------------- discard ties
def test_tied_discards_go_costlier_first_then_lower_id():
    p = RuleBot("x", discard=["Province", ["Estate", "Duchy"], ["Curse", "Copper"]]).program()
    order = list(np.argsort(p.discard_rank, kind="stable")[:5])
    assert order == [C.PROVINCE, C.DUCHY, C.ESTATE, C.COPPER, C.CURSE]
    flat = RuleBot("y", discard=["Province", "Duchy", "Estate", "Copper", "Curse"]).program()
    np.testing.assert_array_equal(p.discard_rank, flat.discard_rank)


def test_tied_discards_in_the_engine(scenario):
    bot = RuleBot("x", discard=[["Estate", "Duchy"], "Copper"], excess_terminals_first=False)
    sc = scenario([bot, nobuy()])
    sc.set_hand(0, ["Estate", "Copper", "Duchy", "Silver"])
    assert sc.decide(0, D_ATTACK_DISCARD) == "Duchy"
    sc.set_hand(0, ["Estate", "Copper", "Silver"])
    assert sc.decide(0, D_ATTACK_DISCARD) == "Estate"


def test_tied_discards_in_toml():
    bot = loads_bot('name = "x"\ndiscard = ["Province", ["Estate", "Duchy"], "Copper"]\n')
    want = RuleBot("x", discard=["Province", ["Duchy", "Estate"], "Copper"]).program()
    np.testing.assert_array_equal(bot.program().discard_rank, want.discard_rank)


@pytest.mark.parametrize("discard, match", [
    (["Estate", ["Duchy", "Estate"]], "lists Estate twice"),
    ([["Duchy", "Duchy"]], "lists Duchy twice"),
    (["Estate", []], "empty group"),
    ([["Estate", "Duhcy"]], "Duhcy"),
])
def test_tied_discard_errors(discard, match):
    with pytest.raises(RuleError, match=match):
        RuleBot("x", discard=discard)


def test_tied_discard_toml_errors_name_line_and_word():
    with pytest.raises(BotFileError) as e:
        loads_bot('name = "x"\n\ndiscard = ["Estate", ["Duchy", 3]]\n', "b.toml")
    assert str(e.value).startswith("b.toml:3: ") and e.value.word == "discard"
    with pytest.raises(BotFileError) as e:
        loads_bot('name = "x"\ndiscard = ["Estate", ["Duchy", "Provnce"]]\n', "b.toml")
    assert str(e.value).startswith("b.toml:2: ") and e.value.word == "Provnce"
