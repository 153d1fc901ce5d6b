"""The three ways of writing a bot (rules, compiled hook, Python class) give identical
games for identical logic, and bad answers are rejected with errors that name the bot."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

import bots
from bots.compiled import CompiledBot
from bots.python_bot import DEFAULT, PythonBot
from bots.rules import Buy, RuleBot, count, money
from sim.batch import BotError, play_batch
from sim.cards import GOLD, PROVINCE, SILVER, SMITHY
from sim.codes import D_ACTION, D_BUY, USE_DEFAULT
from sim.config import GameConfig
from sim.hooks import HOOK_SIGNATURE, can_gain, coins, in_hand, owned
from sim.hooks import money as hook_money
from sim.rng import game_seeds

RULES = RuleBot("smithy-rules", "Smithy big money as rules",
                buy=[Buy("Province", money() > 15), Buy("Gold"),
                     Buy("Smithy", count("Smithy") < 1), Buy("Silver")],
                play=["Smithy"])
NOTHING = RuleBot("nothing", "buys and plays nothing", play=[])


class SmithyPython(PythonBot):
    name = "smithy-python"
    fallback = NOTHING

    def play_action(self, view):
        return "Smithy" if view.hand.get("Smithy") else None

    def buy(self, view):
        if view.coins >= 8 and view.left("Province") and view.count("Silver") * 2 + \
                view.count("Gold") * 3 + view.count("Copper") > 15:
            return "Province"
        if view.coins >= 6 and view.left("Gold"):
            return "Gold"
        if view.coins >= 4 and view.count("Smithy") < 1 and view.left("Smithy"):
            return "Smithy"
        if view.coins >= 3 and view.left("Silver"):
            return "Silver"
        return None


@njit(HOOK_SIGNATURE, cache=True)
def smithy_hook(S, p, d, arg):
    if d == D_ACTION:
        return SMITHY if in_hand(S, p, SMITHY) > 0 else -1
    if d == D_BUY:
        c = coins(S)
        if can_gain(S, PROVINCE, c) and hook_money(S, p) > 15:
            return PROVINCE
        if can_gain(S, GOLD, c):
            return GOLD
        if can_gain(S, SMITHY, c) and owned(S, p, SMITHY) < 1:
            return SMITHY
        if can_gain(S, SILVER, c):
            return SILVER
        return -1
    return USE_DEFAULT


def _play(bot, games=400, seed=11):
    seeds = game_seeds(seed, 0, games)
    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    return play_batch(GameConfig(), [bot, bots.get_bot("bmu")], seats, seeds,
                      np.zeros(games, np.int8))


def test_rules_hook_and_python_class_play_identical_games():
    ref = _play(RULES)
    hooked = _play(CompiledBot("smithy-hook", "hook", NOTHING, smithy_hook))
    python = _play(SmithyPython())
    for other in (hooked, python):
        np.testing.assert_array_equal(ref.score, other.score)
        np.testing.assert_array_equal(ref.turns, other.turns)
        np.testing.assert_array_equal(ref.game, other.game)
    assert ref.score.sum() > 0


def test_python_bot_defaults_to_its_fallback_program():
    class Silent(PythonBot):
        name = "silent"
        fallback = "bmu"

    np.testing.assert_array_equal(_play(Silent(), 100).score, _play(bots.get_bot("bmu"), 100).score)


class BuysGoldAtThree(PythonBot):
    name = "cheater"

    def buy(self, view):
        return "Gold" if view.coins >= 3 else None


def test_illegal_python_answer_names_bot_decision_and_card():
    with pytest.raises(BotError) as info:
        _play(BuysGoldAtThree(), 50)
    err = info.value
    assert err.bot == "cheater" and err.decision == "buy" and err.card == "Gold"
    assert "cheater" in str(err) and "seed" in str(err) and "game" in str(err)
    assert len(err.done.score) == err.game      # games before the failing one are kept


class Raises(PythonBot):
    name = "raiser"

    def buy(self, view):
        raise RuntimeError("boom")


def test_python_bot_exception_is_reported_with_its_game():
    with pytest.raises(BotError, match="raiser.*boom"):
        _play(Raises(), 5)


@njit(HOOK_SIGNATURE, cache=True)
def bad_hook(S, p, d, arg):
    if d == D_BUY:
        return PROVINCE          # whatever the $: illegal below $8
    return USE_DEFAULT


def test_illegal_hook_answer_is_rejected():
    with pytest.raises(BotError, match="hooked.*buy: Province"):
        _play(CompiledBot("hooked", "bad", NOTHING, bad_hook), 5)


def test_default_sentinel_is_distinct_from_none():
    assert DEFAULT is not None and repr(DEFAULT) == "DEFAULT"
