"""The three ways of writing a bot give identical games on an Adventures kingdom with
Events: a rule bot that buys an Event, keeps a Traveller by condition and puts its token
on a listed pile; a compiled hook and a Python class with the same logic (issue 11)."""

from __future__ import annotations

import numpy as np
from numba import njit

import bots
from bots.compiled import CompiledBot
from bots.python_bot import DEFAULT, PythonBot
from bots.rules import Buy, Keep, RuleBot, count, money, turn
from sim.cards import CARDS, GOLD, LABORATORY, LOST_ARTS, PAGE, PROVINCE, SILVER, card_id
from sim.engine.batch import play_batch
from sim.engine.codes import D_BUY, D_EXCHANGE, D_TOKEN_PILE, USE_DEFAULT
from sim.engine.config import GameConfig
from sim.engine.hooks import HOOK_SIGNATURE, ME, can_gain, coins, owned
from sim.engine.hooks import money as hook_money
from sim.engine.hooks import turn as hook_turn
from sim.engine.rng import game_seeds
from tests.conftest import play_seated

KINGDOM = ("Page", "Peasant", "Lost City", "Royal Carriage", "Coin of the Realm",
           "Distant Lands", "Relic", "Bridge Troll", "Smithy", "Laboratory")
EVENTS = ("Lost Arts", "Seaway")

RULES = RuleBot(
    "lab-arts-rules", "Laboratories, Lost Arts on them, a Page kept until two Labs",
    buy=[Buy("Province", money() > 15),
         Buy("Lost Arts", count("Laboratory") >= 2, turn() <= 10),
         Buy("Gold"),
         Buy("Laboratory", count("Laboratory") < 3),
         Buy("Page", count("Page") < 1),
         Buy("Silver")],
    exchange=[Keep("Page", count("Laboratory") < 2)],
    tokens={"+1 Action": ["Laboratory"]})
# What the hook and the Python class fall back to: the same defaults, no buy rules.
FALLBACK = RuleBot("lab-arts-fallback", "defaults only")


@njit(HOOK_SIGNATURE, cache=True)
def lab_arts_hook(V, d, arg):
    if d == D_BUY:
        c = coins(V)
        labs = owned(V, ME, LABORATORY)
        if can_gain(V, PROVINCE, c) and hook_money(V, ME) > 15:
            return PROVINCE
        if c >= 6 and labs >= 2 and hook_turn(V, ME) <= 10:
            return LOST_ARTS            # an Event: in this game, $6, any number per turn
        if can_gain(V, GOLD, c):
            return GOLD
        if can_gain(V, LABORATORY, c) and labs < 3:
            return LABORATORY
        if can_gain(V, PAGE, c) and owned(V, ME, PAGE) < 1:
            return PAGE
        if can_gain(V, SILVER, c):
            return SILVER
        return -1
    if d == D_EXCHANGE:
        return 0 if arg == PAGE and owned(V, ME, LABORATORY) < 2 else 1
    if d == D_TOKEN_PILE and arg == 1:      # the +1 Action token (Lost Arts)
        return LABORATORY
    return USE_DEFAULT


class LabArtsPython(PythonBot):
    name = "lab-arts-python"
    fallback = FALLBACK

    def buy(self, view):
        labs = view.count("Laboratory")
        money_owned = sum(CARDS[card_id(n)].coins * k for n, k in view.owned.items())
        if view.can_buy("Province") and money_owned > 15:
            return "Province"
        if view.buys and view.coins >= 6 and labs >= 2 and view.turn <= 10:
            return "Lost Arts"
        for card, ok in (("Gold", True), ("Laboratory", labs < 3),
                         ("Page", view.count("Page") < 1), ("Silver", True)):
            if ok and view.can_buy(card):
                return card
        return None

    def exchange_traveller(self, view):
        return not (CARDS[view.arg].name == "Page" and view.count("Laboratory") < 2)

    def token_pile(self, view):
        return "Laboratory" if view.arg == 1 else DEFAULT


CONFIG = GameConfig(kingdom=tuple(card_id(c) for c in KINGDOM),
                    events=tuple(card_id(e) for e in EVENTS))


def _play(bot):
    return play_seated(bot, CONFIG, games=300, seed=23)


def test_rules_hook_and_python_class_play_identical_adventures_games():
    ref = _play(RULES)
    hooked = _play(CompiledBot("lab-arts-hook", "hook", FALLBACK, lab_arts_hook))
    python = _play(LabArtsPython())
    for other in (hooked, python):
        np.testing.assert_array_equal(ref.score, other.score)
        np.testing.assert_array_equal(ref.turns, other.turns)
        np.testing.assert_array_equal(ref.game, other.game)
    assert ref.score.sum() > 0


def test_the_identical_games_use_the_adventures_rules():
    """Guard against a vacuous match: the rule bot really buys Lost Arts and exchanges
    Pages in these games (its log shows both)."""
    from sim.engine import codes

    seen_event = seen_exchange = False
    for g in range(40):
        r = play_batch(CONFIG, [RULES, bots.get_bot("bmu")], np.array([[0, 1]], np.int32),
                       game_seeds(23, g, g + 1), np.zeros(1, np.int8), log=True)
        ev = r.log[:, 0]
        seen_event |= bool(((ev == codes.EV_EVENT) & (r.log[:, 3] == LOST_ARTS)).any())
        seen_exchange |= bool((ev == codes.EV_EXCHANGE).any())
    assert seen_event and seen_exchange


# -- issue 26 item 3: a Python bot buys Events the documented way, as its TOML twin does ---
MAGPIE_KINGDOM = ("Magpie", "Page", "Peasant", "Lost City", "Royal Carriage",
                  "Coin of the Realm", "Relic", "Bridge Troll", "Smithy", "Laboratory")
MAGPIE_EVENTS = ("Pathfinding", "Training")
MAGPIE_TOML = '''
name = "magpie-events-toml"
description = "Magpie money: Pathfinding and Training tokens on Magpie"

[tokens]
"+$1" = ["Magpie"]
"+1 Card" = ["Magpie"]

[[buy]]
card = "Province"
if = ["money > 15"]

[[buy]]
card = "Duchy"
if = ["left(Province) <= 4"]

[[buy]]
card = "Pathfinding"
if = ["bought(Pathfinding) == 0", "count(Magpie) >= 2"]

[[buy]]
card = "Training"
if = ["bought(Training) == 0", "count(Magpie) >= 2", "left(Province) >= 6"]

[[buy]]
card = "Gold"

[[buy]]
card = "Magpie"
if = ["count(Magpie) < 3"]

[[buy]]
card = "Silver"
'''


class MagpieEventsPython(PythonBot):
    """MAGPIE_TOML as a Python class: every buy checked with ``view.can_buy``, Events
    included (the README's way), ``view.bought`` and ``view.money`` for the conditions."""

    name = "magpie-events-python"
    fallback = FALLBACK
    cards = ("Magpie", "Pathfinding", "Training")

    def buy(self, view):
        magpies = view.count("Magpie")
        for card, wanted in (
                ("Province", view.money > 15),
                ("Duchy", view.left("Province") <= 4),
                ("Pathfinding", view.bought("Pathfinding") == 0 and magpies >= 2),
                ("Training", view.bought("Training") == 0 and magpies >= 2
                 and view.left("Province") >= 6),
                ("Gold", True), ("Magpie", magpies < 3), ("Silver", True)):
            if wanted and view.can_buy(card):
                return card
        return None

    def token_pile(self, view):
        return "Magpie"


MAGPIE_CONFIG = GameConfig(kingdom=tuple(card_id(c) for c in MAGPIE_KINGDOM),
                           events=tuple(card_id(e) for e in MAGPIE_EVENTS))


def test_python_bot_and_its_toml_twin_play_identical_games_with_events():
    from bots.toml_bot import loads_bot

    twin = loads_bot(MAGPIE_TOML)
    ref = play_seated(twin, MAGPIE_CONFIG, games=300, seed=31)
    python = play_seated(MagpieEventsPython(), MAGPIE_CONFIG, games=300, seed=31)
    np.testing.assert_array_equal(ref.score, python.score)
    np.testing.assert_array_equal(ref.turns, python.turns)
    np.testing.assert_array_equal(ref.game, python.game)


def test_the_python_twin_really_buys_both_events():
    """Guard against a vacuous match: the Python class buys Pathfinding and Training
    (``view.can_buy`` says True for them) in these games."""
    from sim.cards import PATHFINDING, TRAINING
    from sim.engine import codes

    bought = set()
    for g in range(20):
        r = play_batch(MAGPIE_CONFIG, [MagpieEventsPython(), bots.get_bot("bmu")],
                       np.array([[0, 1]], np.int32), game_seeds(31, g, g + 1),
                       np.zeros(1, np.int8), log=True)
        rows = r.log[(r.log[:, 0] == codes.EV_EVENT) & (r.log[:, 2] == 0)]
        bought |= {int(c) for c in rows[:, 3]}
    assert bought == {PATHFINDING, TRAINING}
