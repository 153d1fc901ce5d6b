"""Card lists whose entries carry conditions (issue 25 part 4): ``play``, ``gear`` and
``disciple`` entries written ``When(card, *conditions)`` in Python and ``[[play]] card =
... if = [...]`` in TOML, and the ``turn_coins`` term they need.

Each test builds the exact situation and checks that the condition changes the answer
(or the turn): the same bot without the condition, or the default, decides otherwise.
"""

from __future__ import annotations

import numpy as np
import pytest

from bots import BotError
from bots.errors import BotFileError, RuleError
from bots.rules import (
    Buy,
    RuleBot,
    When,
    actions,
    count,
    draw_size,
    in_hand,
    journey_up,
    parse_condition,
    programs_equal,
    turn_coins,
)
from bots.toml_bot import loads_bot
from sim.cards import card_id
from sim.engine import base_set, codes
from sim.engine import program as P
from sim.engine.adventures import cards as adv_cards
from sim.engine.codes import EV_PLAY, EV_SET_ASIDE
from sim.engine.decide import term_value
from tests.conftest import adv_scenario, check_consistent, events, nobuy

KINGDOM = ["Ranger", "Gear", "Peasant", "Smithy", "Village", "Page", "Magpie", "Laboratory",
           "Market", "Festival"]           # Disciple: Peasant's Traveller line
PAD = ["Curse"] * 5         # the bottom of a draw pile: what Cleanup draws


def make(bots, kingdom=KINGDOM):
    return adv_scenario(bots, kingdom)


def bot(**kw) -> RuleBot:
    return RuleBot("t", "test bot", **kw)


def plays(sc, p=0) -> list[str | None]:
    return [c for _, c, _, _ in events(sc, EV_PLAY, p)]


# ----------------------------------------------------------------------------- play
RANGER_PLAY = [When("Ranger", journey_up() == 0), "Smithy"]


@pytest.mark.parametrize("face_up, want", [(True, "Smithy"), (False, "Ranger")])
def test_play_entry_holds_ranger_back_while_it_would_draw_nothing(face_up, want):
    """Journey token face up: Ranger would turn it down and draw nothing, so Smithy goes
    first; face down: Ranger draws 5 and is played."""
    sc = make([bot(play=RANGER_PLAY), nobuy("b")])
    sc.set_hand(0, ["Ranger", "Smithy"]).set_journey(0, face_up=face_up).set_counters(actions=1)
    assert sc.decide(0, codes.D_ACTION) == want
    plain = make([bot(play=["Ranger", "Smithy"]), nobuy("b")])
    plain.set_hand(0, ["Ranger", "Smithy"]).set_journey(0, face_up=face_up)
    assert plain.decide(0, codes.D_ACTION) == "Ranger"


@pytest.mark.parametrize("face_up", [True, False])
def test_ranger_held_back_for_a_whole_turn(face_up):
    """The turn's own loop (the rule bots' direct path) reads the conditions too: with
    only a Ranger in hand and the token face up, the Action phase plays nothing."""
    b = RuleBot("t", "test bot", play=[When("Ranger", journey_up() == 0)])
    sc = make([b, nobuy("b")])
    sc.set_hand(0, ["Ranger", "Copper"]).set_deck(0, ["Gold"] * 5 + PAD)
    sc.set_journey(0, face_up=face_up)
    sc.play_turn(0)
    if face_up:                             # held back: the token stays up
        assert plays(sc) == ["Copper"] and sc.journey_face_up(0)
        assert sc.deck(0) == PAD            # Cleanup drew the Golds
    else:                                   # turned up, drew the 5 Golds
        assert plays(sc) == ["Ranger", "Copper"] + ["Gold"] * 5
        assert sc.journey_face_up(0) and sc.deck(0) == []
    check_consistent(sc)


def test_play_entry_in_a_base_game_turn(scenario):
    """Base set, the base engine's turn: Smithy only while the draw pile holds 3 cards."""
    b = RuleBot("t", "test bot", play=[When("Smithy", draw_size() >= 3)])
    for deck, played in ((["Gold"] * 3 + ["Silver"] * 5, ["Smithy"]), (["Gold"] * 2, [])):
        sc = scenario([b, nobuy("b")], kingdom=["Smithy", "Village", "Cellar", "Moat",
                                                  "Merchant", "Workshop", "Militia",
                                                  "Remodel", "Market", "Mine"])
        sc.set_hand(0, ["Smithy", "Copper"]).set_deck(0, deck)
        sc.play_turn(0)
        assert [c for c in plays(sc) if c == "Smithy"] == played


def test_play_entry_or_by_listing_a_card_again():
    """Ranger when the token is face down, or when it has no Smithy to play instead."""
    b = bot(play=[When("Ranger", journey_up() == 0), "Smithy",
                  When("Ranger", in_hand("Smithy") == 0)])
    sc = make([b, nobuy("b")])
    sc.set_hand(0, ["Ranger"]).set_journey(0, face_up=True)
    assert sc.decide(0, codes.D_ACTION) == "Ranger"
    sc.set_hand(0, ["Ranger", "Smithy"])
    assert sc.decide(0, codes.D_ACTION) == "Smithy"


def test_throne_room_follows_the_play_conditions(scenario):
    b = RuleBot("t", "test bot", play=["Throne Room", When("Smithy", draw_size() >= 6)])
    kingdom = ["Throne Room", "Smithy", "Village", "Cellar", "Moat", "Merchant", "Workshop",
               "Militia", "Remodel", "Market"]
    sc = scenario([b, nobuy("b")], kingdom=kingdom)
    sc.set_hand(0, ["Smithy"]).set_deck(0, ["Copper"] * 5)
    assert sc.decide(0, base_set.D_THRONE_ROOM) is None
    sc.set_deck(0, ["Copper"] * 6)
    assert sc.decide(0, base_set.D_THRONE_ROOM) == "Smithy"


# ----------------------------------------------------------------------------- gear
DEAD_ACTIONS_GEAR = [When("Smithy", in_hand("Action") > actions()),
                     When("Copper", turn_coins() >= 10),
                     When("Silver", turn_coins() >= 11)]


def test_gear_sets_aside_dead_actions_first():
    """Two Smithies and one Action left: one of them is dead and goes; with two Actions
    left neither is, and the default keeps nothing while an Action is left."""
    sc = make([bot(gear=DEAD_ACTIONS_GEAR), nobuy("b")])
    sc.set_hand(0, ["Smithy", "Smithy", "Gold", "Estate"]).set_counters(actions=1, coins=0)
    assert sc.decide(0, adv_cards.D_GEAR) == "Smithy"
    sc.set_counters(actions=2)
    assert sc.decide(0, adv_cards.D_GEAR) is None
    default = make([nobuy("a"), nobuy("b")])
    default.set_hand(0, ["Smithy", "Smithy", "Gold"]).set_counters(actions=1)
    assert default.decide(0, adv_cards.D_GEAR) is None


@pytest.mark.parametrize("hand, coins, want", [
    (["Gold", "Gold", "Copper", "Copper"], 0, None),       # $8: a Copper less is $7
    (["Gold", "Gold", "Copper", "Copper"], 2, "Copper"),   # $10: $9 stays a Province
    (["Gold", "Gold", "Silver"], 2, None),                 # $10: a Silver less is $8... no
    (["Gold", "Gold", "Silver"], 3, "Silver"),             # $11: $9 left
])
def test_gear_sets_aside_a_treasure_only_when_the_buy_keeps(hand, coins, want):
    """The gear list keeps $9 for a Province ($ from Actions played count): Copper at
    $10 or more, Silver at $11 or more."""
    sc = make([bot(gear=DEAD_ACTIONS_GEAR), nobuy("b")])
    sc.set_hand(0, hand).set_counters(actions=0, coins=coins)
    assert sc.decide(0, adv_cards.D_GEAR) == want


def test_gear_turn_sets_aside_while_the_province_stays():
    """Gear draws two Coppers into Gold, Gold, Silver: $10.  The list is asked again
    before the second card: one Copper goes ($10), the second stays ($9 < 10), and the
    Province is still bought.  A plain gear list sets both aside."""
    b = RuleBot("t", "test bot", buy=[Buy("Province")], play=["Gear"],
                gear=[When("Copper", turn_coins() >= 10)])
    sc = make([b, nobuy("b")])
    sc.set_hand(0, ["Gear", "Gold", "Gold", "Silver"]).set_deck(0, ["Copper"] * 2 + PAD)
    sc.play_turn(0)
    assert sc.gear(0) == {"Copper": 1}
    assert [c for _, c, _, x in events(sc, EV_SET_ASIDE, 0)] == ["Copper"]
    assert sc.gained_last_turn() == {"Province": 1}
    plain = make([RuleBot("t", "test bot", buy=[Buy("Province")], play=["Gear"],
                          gear=["Copper"]), nobuy("b")])
    plain.set_hand(0, ["Gear", "Gold", "Gold", "Silver"]).set_deck(0, ["Copper"] * 2 + PAD)
    plain.play_turn(0)
    assert plain.gear(0) == {"Copper": 2}
    check_consistent(sc)


# ----------------------------------------------------------------------------- disciple
def test_disciple_list_chooses_its_target_by_condition():
    b = bot(disciple=[When("Smithy", count("Smithy") < 3), "Village"])
    sc = make([b, nobuy("b")])
    sc.set_hand(0, ["Village", "Smithy"])
    assert sc.decide(0, adv_cards.D_DISCIPLE) == "Smithy"
    sc.set_discard(0, ["Smithy", "Smithy"])                 # owns 3 Smithies
    assert sc.decide(0, adv_cards.D_DISCIPLE) == "Village"
    sc.set_hand(0, ["Smithy", "Laboratory"])                # nothing listed holds
    assert sc.decide(0, adv_cards.D_DISCIPLE) is None
    default = make([nobuy("a"), nobuy("b")])
    default.set_hand(0, ["Village", "Smithy"])
    assert default.decide(0, adv_cards.D_DISCIPLE) == "Village"  # the play order's first


def test_disciple_turn_plays_the_listed_target_twice_and_gains_it():
    b = RuleBot("t", "test bot", play=["Disciple"],
                disciple=[When("Smithy", count("Smithy") < 3), "Village"])
    sc = make([b, nobuy("b")])
    sc.set_hand(0, ["Disciple", "Village", "Smithy"]).set_deck(0, ["Copper"] * 6 + PAD)
    sc.play_turn(0)
    assert plays(sc)[:1] == ["Disciple"]
    assert sc.owned(0)["Smithy"] == 2 and sc.owned(0)["Village"] == 1
    check_consistent(sc)


# ----------------------------------------------------------------------------- the term
def test_turn_coins_is_coins_plus_the_treasures_in_hand():
    sc = make([nobuy("a"), nobuy("b")])
    sc.set_hand(0, ["Gold", "Copper", "Estate"]).set_counters(coins=2)
    cond = parse_condition("turn_coins >= 0")
    assert term_value(sc.S, sc.T, 0, cond.lhs_term, cond.lhs_arg, 0) == 6
    sc.set_hand(1, ["Silver"])
    assert term_value(sc.S, sc.T, 1, cond.lhs_term, cond.lhs_arg, 0) == 2   # not its turn
    assert parse_condition("turn_coins >= 9") == (turn_coins() >= 9)


# ----------------------------------------------------------------------------- program
def test_lists_without_conditions_compile_as_before():
    """A play or gear list of plain cards, or tables without ``if``, adds no row and no
    flag: the program is the plain list's."""
    plain = bot(play=["Smithy", "Village"], gear=["Gold"])
    same = bot(play=[When("Smithy"), "Village"], gear=[When("Gold")])
    assert programs_equal(plain.program(), same.program())
    text = loads_bot('name = "t"\ndescription = "test bot"\ngear = ["Gold"]\n'
                     '[[play]]\ncard = "Smithy"\n[[play]]\ncard = "Village"\n')
    assert programs_equal(plain.program(), text.program())


def test_conditioned_entries_are_rows_after_the_rule_lists():
    b = bot(buy=[Buy("Gold")], play=RANGER_PLAY, disciple=["Smithy"])
    p = b.program()
    assert p.list_bounds[P.N_LISTS - 1, 1] == 1
    assert p.rules.tolist() == [[card_id("Gold"), -1],
                                [card_id("Ranger"), P.W_PLAY], [card_id("Smithy"), P.W_PLAY],
                                [card_id("Smithy"), P.W_DISCIPLE]]
    assert p.n_conds.tolist() == [0, 1, 0, 0]
    bits = int(p.flags[P.F_LISTS]) >> P.W_BIT0
    assert bits == (1 << P.W_PLAY) | (1 << P.W_DISCIPLE)
    assert p.play_rank[card_id("Ranger")] == 0 and p.play_rank[card_id("Smithy")] == 1
    assert "play: Ranger if journey_up == 0, Smithy" in b.describe()


def test_python_errors():
    with pytest.raises(RuleError, match="disciple lists Gold, which is not an Action"):
        bot(disciple=["Gold"])
    with pytest.raises(RuleError, match="play lists Ranger twice"):
        bot(play=["Ranger", When("Ranger", journey_up() == 0)])
    with pytest.raises(RuleError, match="save takes card names only"):
        bot(save=[When("Gold", actions() == 0)])
    with pytest.raises(RuleError, match="unknown card"):
        When("Rangers", journey_up() == 0)
    with pytest.raises(BotError, match="is a term, not a condition"):
        When("Ranger", journey_up())
    with pytest.raises(RuleError, match="at most 64"):
        bot(play=[When("Smithy", actions() > k) for k in range(65)])


# ----------------------------------------------------------------------------- TOML
TOML = """\
name = "t"
description = "test bot"
disciple = ["Smithy", "Village"]

[[play]]
card = "Ranger"
if = ["journey_up == 0"]

[[play]]
card = "Smithy"

[[gear]]
card = "Smithy"
if = ["in_hand(Action) > actions"]

[[gear]]
card = "Copper"
if = ["turn_coins >= 10"]

[[gear]]
card = "Silver"
if = ["turn_coins >= 11"]
"""


def test_toml_twin_gives_the_same_program():
    py = bot(play=RANGER_PLAY, gear=DEAD_ACTIONS_GEAR, disciple=["Smithy", "Village"])
    assert programs_equal(loads_bot(TOML).program(), py.program())
    inline = TOML.replace('disciple = ["Smithy", "Village"]',
                          'disciple = [{card = "Smithy"}, "Village"]')
    assert programs_equal(loads_bot(inline).program(), py.program())


def _replace(old: str, new: str) -> str:
    assert old in TOML
    return TOML.replace(old, new, 1)


@pytest.mark.parametrize("text, line, word, fragment", [
    (_replace('card = "Ranger"', 'card = "Rangr"'), 6, "Rangr", "unknown card"),
    (_replace('if = ["journey_up == 0"]', 'if = ["journey_upp == 0"]'), 7, "journey_upp",
     "unknown"),
    (_replace('[[gear]]\ncard = "Copper"', '[[gear]]\ncolour = 1\ncard = "Copper"'), 17,
     "colour", "unknown key"),
    (_replace('card = "Copper"\n', ''), 16, "gear", "has no 'card'"),
    (_replace('card = "Smithy"\n\n[[gear]]', 'card = 3\n\n[[gear]]'), 10, "card",
     "'card' must be a card name"),
    (_replace('disciple = ["Smithy", "Village"]', 'disciple = ["Smithy", "Gold"]'), 3,
     "Gold", "not an Action"),
    (_replace('disciple = ["Smithy", "Village"]', 'disciple = "Smithy"'), 3, "disciple",
     "must be a list"),
    (_replace('card = "Ranger"\nif = ["journey_up == 0"]', 'card = "Smithy"'), 9, "Smithy",
     "twice"),
    (_replace('disciple = ["Smithy", "Village"]', 'disciple = ["Smithy", "Smithy"]'), 3,
     "Smithy", "twice"),
])
def test_toml_errors_name_file_line_and_word(text, line, word, fragment):
    with pytest.raises(BotFileError) as e:
        loads_bot(text, "lists.toml")
    assert e.value.word == word, str(e.value)
    assert e.value.line == line, str(e.value)
    assert str(e.value).startswith(f"lists.toml:{line}: ")
    assert fragment in str(e.value)


def test_conditioned_lists_play_whole_games():
    """A bot with all three lists plays 200 games against Big Money without an engine
    error, and its program's rows reach the batch engine (Ranger is held back)."""
    from sim.engine.batch import play_batch
    from sim.engine.config import GameConfig
    from sim.engine.rng import game_seeds

    b = RuleBot("lists", "test bot",
                buy=[Buy("Province", "money > 15"), Buy("Gold"),
                     Buy("Ranger", "count(Ranger) < 2"), Buy("Gear", "count(Gear) < 1"),
                     Buy("Peasant", "count(Peasant) < 1"), Buy("Silver")],
                play=["Disciple", When("Ranger", journey_up() == 0), "Gear", "Smithy"],
                gear=DEAD_ACTIONS_GEAR, disciple=[When("Ranger", journey_up() == 0), "Gear"])
    import bots
    cfg = GameConfig(n_players=2, kingdom=tuple(card_id(c) for c in KINGDOM))
    n = 200
    r = play_batch(cfg, [b, bots.get_bot("big-money")], np.tile([0, 1], (n, 1)).astype(np.int32),
                   game_seeds(3, 0, n))
    assert (r.turns > 5).all()
