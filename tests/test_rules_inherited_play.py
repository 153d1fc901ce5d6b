"""Bots that play inherited Estates (issue 35, item 9).

With Inheritance a player's Estates are Actions with the inherited card's abilities
(ADVENTURES.md §5).  A rule bot's play list names them as ``Estate``: the engine plays a
listed Estate only while it is an Action (sim.engine.decide.playable_listed), so the
same list is legal in a game without Inheritance or before the Estate token is placed.
Each situation is built by hand (tests/test_adv_inheritance.py's helpers) and played
by a rule bot, a TOML bot, a Python bot (its own answer, and its fallback's), and a bot
of the strategy search's gene space, with Bridge Troll (its cost reduction while the
Estate is in play), Royal Carriage (the Estate goes to the Tavern mat and is called
after an Action) and Lost City (+2 Cards +2 Actions; playing it gives the others
nothing: only gaining a Lost City does).
"""

from __future__ import annotations

import pytest

from bots.errors import RuleError
from bots.python_bot import DEFAULT, PythonBot
from bots.rules import Buy, RuleBot, When
from bots.toml_bot import loads_bot
from sim.cards import CARDS, TREASURE, card_id
from sim.engine.codes import EV_CALL, EV_PLAY, EV_PLAY_AGAIN
from sim.engine.scenario import Scenario
from sim.optimize.space import CardGene, Genome, Space
from tests.conftest import Scripted, clear, events, nobuy
from tests.test_adv_inheritance import coppers, game, turn

TOML_BOT = """
name = "inheritor"
description = "plays its inherited Estates, then Village"
play = ["Estate", "Village"]

[[buy]]
card = "Laboratory"
"""


class EstatePlayer(PythonBot):
    """A Python bot that answers Estate itself while its Estates inherit an Action."""

    name = "estate-player"
    fallback = nobuy("estate-player-fallback", buy=[Buy("Laboratory")])

    def play_action(self, view):
        if view.inherited and view.hand.get("Estate"):
            return "Estate"
        return DEFAULT


class FallbackPlayer(PythonBot):
    """A Python bot that leaves its plays to a fallback rule bot listing Estate."""

    name = "fallback-player"

    def __init__(self) -> None:
        self.fallback = nobuy("fallback-player-rules", play=["Estate", "Village"],
                              buy=[Buy("Laboratory")])


def _space_bot() -> RuleBot:
    """The bot the search's gene space makes of a genome that buys Inheritance and
    orders its plays (Estate named by the play gene)."""
    space = Space.for_kingdom(["Village", "Laboratory", "Bridge Troll", "Royal Carriage",
                               "Lost City"], events=["Inheritance"])
    g = space.fit(Genome(cards=(CardGene("Inheritance", kind="count", n=1, slot="early"),
                                CardGene("Laboratory", kind="count", n=1, slot="mid")),
                         play=("Estate",)))
    assert g.play_order()[0] == "Estate"           # fit keeps it: in the space's Actions
    assert any(n.play_order()[:2] == [g.play_order()[1], "Estate"]
               for n in space.neighbours(g)), "the play gene never moves Estate"
    return g.bot("space-inheritor")


def _bots():
    """Every kind of bot that must play its inherited Estates, by name."""
    return {
        "rules": lambda: nobuy("rules", play=["Estate", "Village"], buy=[Buy("Laboratory")]),
        "rules-when": lambda: nobuy("when", play=[When("Estate", "turn >= 1"), "Village"],
                                    buy=[Buy("Laboratory")]),
        "toml": lambda: loads_bot(TOML_BOT),
        "python": EstatePlayer,
        "python-fallback": FallbackPlayer,
        "space": _space_bot,
    }


KINDS = list(_bots())


def _played(sc: Scenario, p: int = 0) -> list[str]:
    """The cards ``p`` played this turn but its Treasures, in order."""
    return [card for _, card, *_ in events(sc, EV_PLAY, p)
            if not CARDS[card_id(card)].is_type(TREASURE)]


# ============================================================================ the three cards
@pytest.mark.parametrize("kind", KINDS)
def test_an_estate_inheriting_bridge_troll_is_played_and_lowers_costs(kind):
    bot = _bots()[kind]()
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Bridge Troll")
    sc.set_hand(0, ["Estate"] + coppers(4)).set_deck(0, coppers(10))
    turn(sc)
    assert _played(sc) == ["Estate"]
    assert sc.in_play(0) == {"Estate": 1} and sc.held_in_play(0) == {"Estate": 1}
    assert sc.minus_coin(1)                              # the Troll's Attack
    assert sc.discard(0).get("Laboratory") == 1           # at $4, not $5


@pytest.mark.parametrize("kind", KINDS)
def test_an_estate_inheriting_royal_carriage_goes_to_the_tavern_and_is_called(kind):
    bot = _bots()[kind]()
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Royal Carriage")
    sc.set_hand(0, ["Estate", "Village"]).set_deck(0, coppers(10))
    turn(sc)
    assert _played(sc) == ["Estate", "Village"]
    # The Estate went to the Tavern mat, then was called after Village (the rule
    # default: a non-terminal, nothing better in hand) and replayed it.
    assert events(sc, EV_CALL, 0) == [(0, "Estate", 1, card_id("Village"))]
    assert events(sc, EV_PLAY_AGAIN, 0) == [(0, "Village", 1, card_id("Estate"))]
    assert sc.mat(0) == {}


@pytest.mark.parametrize("kind", KINDS)
def test_an_estate_inheriting_lost_city_is_played_and_gives_the_others_nothing(kind):
    bot = _bots()[kind]()
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Lost City")
    sc.set_hand(0, ["Estate"]).set_deck(0, coppers(10))
    sc.set_deck(1, ["Silver"])
    turn(sc)
    assert _played(sc) == ["Estate"]
    assert sc.hand(1) == {}                   # only gaining a Lost City draws the others
    # +2 Cards: 2 of the 10 Coppers drawn (and discarded), 5 for the next hand, 3 left.
    assert sc.deck(0) == coppers(3) and sc.discard(0) == {"Estate": 1, "Copper": 2}


def test_an_estate_inheriting_lost_city_draws_two_and_gives_two_actions():
    seen = {}

    def buy(v):
        seen.update(actions=v.actions, in_play=v.in_play)
        return None

    rules = nobuy("rules", play=["Estate"])
    bot = Scripted("me", base=rules, buy=buy)         # plays from its rule program
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Lost City")
    sc.set_hand(0, ["Estate"]).set_deck(0, coppers(10))
    turn(sc)
    assert seen["actions"] == 2 and seen["in_play"] == {"Estate": 1, "Copper": 2}


# ============================================================================ when it is not
def test_a_listed_estate_is_not_played_before_the_estate_token_is_placed():
    # The same bot in an Adventures game without its token, and in a base-set game: the
    # Estate in hand is skipped (no illegal play), Village after it is played.
    bot = nobuy("rules", play=["Estate", "Village"])
    sc = game([bot, nobuy()])
    sc.set_hand(0, ["Estate", "Village"]).set_deck(0, coppers(10))
    turn(sc)
    assert _played(sc) == ["Village"]

    sc = Scenario([nobuy("rules", play=["Estate", "Village"]), nobuy()],
                  kingdom=["Village", "Smithy", "Market", "Cellar", "Moat", "Workshop",
                           "Militia", "Remodel", "Mine", "Gardens"], log=True)
    for p in range(2):
        clear(sc, p)
    sc.set_hand(0, ["Estate", "Village"]).set_deck(0, coppers(10))
    sc.play_turn(0)
    assert _played(sc) == ["Village"]


def test_a_conditioned_estate_entry_waits_for_its_conditions():
    bot = nobuy("when", play=[When("Estate", "actions >= 2"), "Village"])
    sc = game([bot, nobuy()])
    sc.set_inheritance(0, "Lost City")
    sc.set_hand(0, ["Estate", "Village"]).set_deck(0, coppers(10))
    turn(sc)
    assert _played(sc) == ["Village", "Estate"]        # Estate once Village gave 2 Actions


def test_play_and_disciple_accept_estate_and_still_refuse_other_non_actions():
    assert RuleBot("a", play=["Estate"]).play == [card_id("Estate")]
    assert RuleBot("b", disciple=["Estate"]).disciple[0].card == card_id("Estate")
    with pytest.raises(RuleError, match="play lists Copper, which is not an Action"):
        RuleBot("c", play=["Copper"])
    with pytest.raises(RuleError, match="disciple lists Duchy, which is not an Action"):
        RuleBot("d", disciple=["Duchy"])


def test_a_disciple_list_naming_estate_doubles_an_inheriting_estate():
    bot = nobuy("disciple", play=["Disciple"], disciple=["Estate"])
    sc = game([bot, nobuy()], kingdom=["Peasant", "Village", "Lost City", "Laboratory",
                                       "Workshop", "Bridge Troll", "Royal Carriage",
                                       "Guide", "Ratcatcher", "Caravan Guard"])
    sc.set_inheritance(0, "Lost City")
    sc.set_hand(0, ["Disciple", "Estate"]).set_deck(0, coppers(10))
    turn(sc)
    assert _played(sc) == ["Disciple"]
    disciple = card_id("Disciple")
    assert events(sc, EV_PLAY_AGAIN, 0) == [(0, "Estate", 1, disciple), (0, "Estate", 2, disciple)]
    # Twice +2 Cards (4 Coppers played), and Disciple's copy of the Estate gained.
    assert sc.discard(0) == {"Copper": 4, "Estate": 2, "Teacher": 1}


# ============================================================================ the search's genes
def test_the_play_gene_orders_estate_only_when_inheritance_can_be_bought():
    kingdom = ["Village", "Laboratory", "Bridge Troll"]
    with_inh = Space.for_kingdom(kingdom, events=["Inheritance"])
    buys_inh = with_inh.fit(Genome(cards=(CardGene("Inheritance", kind="count", n=1),
                                          CardGene("Village", kind="count", n=1))))
    assert buys_inh.play_order()[-1] == "Estate"     # last in the default order
    never = with_inh.fit(Genome(cards=(CardGene("Village", kind="count", n=1),)))
    assert "Estate" not in never.play_order()
    assert "Estate" not in Space.for_kingdom(kingdom).fit(
        Genome(cards=(CardGene("Village", kind="count", n=1),))).play_order()


def test_a_genome_that_buys_inheritance_writes_estate_into_its_bot_and_toml():
    bot = _space_bot()
    assert bot.play[0] == card_id("Estate")
    space = Space.for_kingdom(["Village", "Laboratory", "Bridge Troll"],
                              events=["Inheritance"])
    g = space.fit(Genome(cards=(CardGene("Inheritance", kind="count", n=1),
                                CardGene("Village", kind="count", n=1))))
    assert g.play_order() == ["Village", "Laboratory", "Bridge Troll", "Estate"]
    assert g.bot("b").play[-1] == card_id("Estate")
    text = g.to_toml("t")
    assert 'play = ["Village", "Laboratory", "Bridge Troll", "Estate"]' in text
    assert loads_bot(text).play == g.bot("b").play
    # Estate keeps its place in the discard order (not moved with the Actions).
    assert g.discard_order().count("Estate") == 1
