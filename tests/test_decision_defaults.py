"""The rule bots' default answers come from the table of decisions (issue 47, item 3).

Each record declares its default pattern (sim.cards.decisions DEF_*); the rule bots
(sim.engine.decide.rules_decide, sim.engine.adventures.decide.rules_decide_adv,
sim.engine.intrigue_defaults.rules_decide_intrigue: sim.cards.decisions RULE_BOTS) dispatch
on that pattern, never on the question's code, so a new question that fits a pattern is a
record and no rule-bot code.  Here: every record declares one its rule bot answers, the
bots' dispatch names no question, and questions declared with one pattern get the same
answer in the same state, the pattern's.
"""

from __future__ import annotations

import inspect
import re

import pytest

from bots.rules import Buy
from sim.cards import card_id
from sim.cards.decisions import (
    ANS_CARD,
    ASK_TURN,
    DEF_CHOOSE_FREE_DISCARD,
    DEF_GAIN,
    DEFAULTS,
    DOM_HAND,
    NONE_ALWAYS,
    RULE_BOTS,
    RULES_ADVENTURES,
    RULES_INTRIGUE,
    Decision,
)
from sim.engine import base_set, codes
from sim.engine import decide as base_bot
from sim.engine import intrigue_defaults as intrigue_bot
from sim.engine.adventures import cards as adv_cards
from sim.engine.adventures import decide as adventures_bot
from sim.engine.adventures import events as adv_events
from sim.engine.adventures import mechanics as adv_mechanics
from tests.conftest import adv_scenario, make_scenario, nobuy, raw_answer


def test_every_decision_declares_a_default_its_rule_bot_answers():
    for d in codes.DECISIONS:
        assert d.default in DEFAULTS, d.name
        assert d.default in RULE_BOTS[d.rules][1], d.name
    # Every pattern is some question's (none is dead code in the bots).
    assert {d.default for d in codes.DECISIONS} == DEFAULTS
    assert list(codes.DEC_DEFAULT) == [d.default for d in codes.DECISIONS]
    assert list(codes.DEC_CARD) == [d.card for d in codes.DECISIONS]
    assert list(codes.DEC_DEFAULT_ARG) == [d.default_arg for d in codes.DECISIONS]
    assert list(codes.DEC_DEFAULT_LIST) == [codes.DEFAULT_LISTS[d.default_list]
                                           for d in codes.DECISIONS]


def test_a_record_without_a_default_its_bot_answers_is_refused():
    fields = dict(asked=ASK_TURN, answer=ANS_CARD, domain=DOM_HAND, none=NONE_ALWAYS,
                  text="Which card do you trash, if any?")
    with pytest.raises(ValueError, match="declare its rule bots' default"):
        Decision("trash with a new card", "new_card_trash", **fields)
    with pytest.raises(ValueError, match=r"rules_decide\) has no default pattern"):
        Decision("trash with a new card", "new_card_trash", default=DEF_CHOOSE_FREE_DISCARD,
                 **fields)
    Decision("trash with a new card", "new_card_trash", default=DEF_CHOOSE_FREE_DISCARD,
             rules=RULES_ADVENTURES, **fields)
    with pytest.raises(ValueError, match=r"rules_decide_intrigue\) has no default pattern"):
        Decision("trash with a new card", "new_card_trash", default=DEF_CHOOSE_FREE_DISCARD,
                 rules=RULES_INTRIGUE, **fields)
    with pytest.raises(ValueError, match="rules=7 names no rule bot"):
        Decision("trash with a new card", "new_card_trash", default=DEF_CHOOSE_FREE_DISCARD,
                 rules=7, **fields)


@pytest.mark.parametrize("function", [base_bot.rules_decide, base_bot.rules_decide_more,
                                      adventures_bot.rules_decide_adv,
                                      adventures_bot.rules_decide_adv_rest,
                                      intrigue_bot.rules_decide_intrigue])
def test_the_rule_bots_dispatch_on_the_pattern_never_on_a_question(function):
    source = inspect.getsource(function.py_func)
    assert "DEC_DEFAULT[d]" in source
    assert not re.search(r"\bD_[A-Z]", source), function.__name__


# Questions declared with one pattern, each answered by the rule bot in one state.
SAME_PATTERN = {
    "trash junk": (base_set.D_CHAPEL, codes.D_TRASHING_TOKEN),
    "must trash": (adv_cards.D_AMULET_TRASH, adv_cards.D_RATCATCHER),
    "trash for a gain": (base_set.D_REMODEL_TRASH, adv_cards.D_TRANSMOGRIFY_TRASH),
    "discard": (codes.D_ATTACK_DISCARD, base_set.D_POACHER, adv_mechanics.D_DUNGEON,
                adv_cards.D_FUGITIVE),
    "gain": (base_set.D_WORKSHOP_GAIN, base_set.D_ARTISAN_GAIN, adv_cards.D_MESSENGER_GAIN,
             adv_events.D_ALMS, adv_events.D_BALL),
    "yes": (base_set.D_MONEYLENDER, adv_cards.D_CARAVAN_GUARD, adv_cards.D_WINE_MERCHANT),
}
# What each pattern answers there: the bot's first trash (Curse), a card that must go (the
# Curse; also the trash for a gain of a bot with no such rules), its first discard (the
# Curse again: the default discard order starts with it), the buy list's pick for $4
# (Silver), yes.
EXPECTED = {"trash junk": card_id("Curse"), "must trash": card_id("Curse"),
            "trash for a gain": card_id("Curse"), "discard": card_id("Curse"),
            "gain": card_id("Silver"), "yes": 1}
ADV_KINGDOM = ["Chapel", "Workshop", "Artisan", "Poacher", "Messenger", "Dungeon", "Amulet",
               "Ratcatcher", "Transmogrify", "Remodel"]


@pytest.mark.parametrize("group", list(SAME_PATTERN))
def test_questions_of_one_pattern_get_its_answer_from_the_adventures_bot(group):
    """An Adventures game (sim.engine.adventures.decide.decide_adv): base and Adventures
    questions of one pattern get one answer, with no branch naming any of them."""
    asked = SAME_PATTERN[group]
    assert len({codes.DECISIONS[d].default for d in asked}) == 1
    bot = nobuy("a", buy=[Buy("Silver")])
    sc = adv_scenario([bot, nobuy("b")], ADV_KINGDOM, ("Alms", "Ball"))
    sc.set_hand(0, ["Province", "Gold", "Silver", "Copper", "Estate", "Curse"])
    got = {codes.DECISION_NAMES[d]: raw_answer(sc, d, 4) for d in asked}
    assert set(got.values()) == {EXPECTED[group]}, got


def test_questions_of_one_pattern_get_its_answer_from_the_base_bot():
    """A base game (sim.engine.decide.rules_decide): the same for the base questions."""
    sc = make_scenario([nobuy("a", buy=[Buy("Silver")]), nobuy("b")],
                       kingdom=["Chapel", "Workshop", "Artisan", "Poacher", "Moneylender",
                                "Remodel", "Militia", "Market", "Smithy", "Village"])
    sc.set_hand(0, ["Province", "Gold", "Silver", "Copper", "Estate", "Curse"])
    for group in ("discard", "gain", "trash for a gain", "yes"):
        asked = [d for d in SAME_PATTERN[group] if codes.DECISIONS[d].rules == codes.RULES_BASE]
        got = {codes.DECISION_NAMES[d]: raw_answer(sc, d, 4) for d in asked}
        assert set(got.values()) == {EXPECTED[group]}, got
    assert sc.decide(0, base_set.D_CHAPEL) == "Curse"


def test_a_gain_pattern_reads_the_card_its_record_names():
    """DEF_GAIN's source is the record's card: a gain rule ``by`` Workshop answers
    Workshop's gain and no other card's."""
    assert {codes.DECISIONS[d].default for d in SAME_PATTERN["gain"]} == {DEF_GAIN}
    from bots.rules import Gain

    bot = nobuy("a", buy=[Buy("Silver")], gain=[Gain("Village", by="Workshop")])
    sc = make_scenario([bot, nobuy("b")],
                       kingdom=["Chapel", "Workshop", "Artisan", "Poacher", "Moneylender",
                                "Remodel", "Militia", "Market", "Smithy", "Village"])
    assert sc.decide(0, base_set.D_WORKSHOP_GAIN, 4) == "Village"
    assert sc.decide(0, base_set.D_ARTISAN_GAIN, 4) == "Silver"
    assert codes.DECISIONS[base_set.D_WORKSHOP_GAIN].card == card_id("Workshop")
