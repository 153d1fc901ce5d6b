"""The three ways of writing a bot (rules, compiled hook, Python class) give identical
games for identical logic, and bad answers are rejected with errors that name the bot."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

import bots
from bots.compiled import CompiledBot
from bots.python_bot import DEFAULT, PythonBot
from sim.cards import COPPER, DUCHY, GOLD, MOAT, N_CARDS, PROVINCE, SILVER, SMITHY, WITCH
from sim.engine import layout as L
from sim.engine.batch import BotError, play_batch
from sim.engine.callbacks import LAST_ERROR, METHODS, MODES, YES_NO, AnswerError
from sim.engine.codes import BOT_RAISED, D_ACTION, D_BUY, USE_DEFAULT
from sim.engine.config import GameConfig
from sim.engine.game import decide_on
from sim.engine.hooks import (
    HOOK_SIGNATURE,
    ME,
    VIEW_SIZE,
    buys,
    can_gain,
    coins,
    discard_top,
    draw_size,
    hand_size,
    hook_view,
    in_hand,
    owned,
    players,
    turn,
    whose_turn,
)
from sim.engine.hooks import money as hook_money
from sim.engine.pointers import ptr
from sim.engine.rng import game_seeds
from tests.conftest import EXTRA_KINGDOM, experiment, make_scenario, play_seated

# The Smithy bot as rules and as a Python class: experiments/bench_python_bot.py times them
# (the README's figures).
_BENCH = experiment("bench_python_bot")
RULES, NOTHING, SmithyPython = _BENCH.RULES, _BENCH.NOTHING, _BENCH.SmithyPython


@njit(HOOK_SIGNATURE, cache=True)
def smithy_hook(V, d, arg):
    if d == D_ACTION:
        return SMITHY if in_hand(V, SMITHY) > 0 else -1
    if d == D_BUY:
        c = coins(V)
        if can_gain(V, PROVINCE, c) and hook_money(V, ME) > 15:
            return PROVINCE
        if can_gain(V, GOLD, c):
            return GOLD
        if can_gain(V, SMITHY, c) and owned(V, ME, SMITHY) < 1:
            return SMITHY
        if can_gain(V, SILVER, c):
            return SILVER
        return -1
    return USE_DEFAULT


def _play(bot, games=400):
    return play_seated(bot, games=games)


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
def bad_hook(V, d, arg):
    if d == D_BUY:
        return PROVINCE          # whatever the $: illegal below $8
    return USE_DEFAULT


def test_illegal_hook_answer_is_rejected():
    with pytest.raises(BotError, match="hooked.*buy: Province"):
        _play(CompiledBot("hooked", "bad", NOTHING, bad_hook), 5)


def test_default_sentinel_is_distinct_from_none():
    assert DEFAULT is not None and repr(DEFAULT) == "DEFAULT"


# -- hooks see only the deciding player's view ------------------------------------------------
@njit(cache=True)
def _view(S, p):
    return hook_view(ptr(S), p).copy()


def _hook_scenario():
    sc = make_scenario([NOTHING, NOTHING, NOTHING], kingdom=EXTRA_KINGDOM)   # Witch, Smithy
    sc.set_hand(0, ["Smithy", "Copper", "Copper"]).set_deck(0, ["Gold", "Estate", "Silver"])
    sc.set_discard(0, ["Province"]).set_hand(1, ["Witch", "Gold"]).set_deck(1, ["Copper"])
    sc.set_hand(2, ["Estate"]).set_in_play(2, ["Silver"])
    sc.S[L.DISC_TOP + 1] = DUCHY
    sc.set_counters(actions=1, buys=2, coins=5).set_turns(1, 4)
    sc.S[L.V + L.V_CUR] = 2
    return sc


def test_hook_view_holds_no_hidden_information():
    """Another hand, the draw piles' order, what lies in which hidden zone: changing them
    (public counts kept) leaves the view unchanged, so no hook can read them."""
    sc = _hook_scenario()
    before = _view(sc.S, 0)
    assert len(before) == VIEW_SIZE
    sc.set_hand(1, ["Copper", "Gold"]).set_deck(1, ["Witch"])   # hand <-> draw pile
    sc.set_deck(0, ["Silver", "Gold", "Estate"])                 # same cards, other order
    sc.S[L.DISC_TOP + 1] = DUCHY
    np.testing.assert_array_equal(_view(sc.S, 0), before)
    # ... while public things and the decider's own hand do show.
    sc.set_hand(0, ["Smithy", "Copper", "Estate"])
    assert not np.array_equal(_view(sc.S, 0), before)


def test_hook_accessors_read_my_hand_and_public_counts_by_turn_order():
    sc = _hook_scenario()
    V = _view(sc.S, 0)
    assert in_hand(V, SMITHY) == 1 and in_hand(V, COPPER) == 2 and draw_size(V) == 3
    assert hand_size(V, 1) == 2 and hand_size(V, 2) == 1 and hand_size(V, ME) == 3
    assert owned(V, 1, WITCH) == 1 and owned(V, ME, PROVINCE) == 1
    assert discard_top(V, 1) == DUCHY and turn(V, 1) == 5 and players(V) == 3
    assert whose_turn(V) == 2 and coins(V) == 5 and buys(V) == 2
    V1 = _view(sc.S, 1)                                  # seat 1 deciding: seat 0 is "who 2"
    assert in_hand(V1, WITCH) == 1 and in_hand(V1, SMITHY) == 0
    assert owned(V1, 2, SMITHY) == 1 and whose_turn(V1) == 1 and turn(V1, ME) == 5


def test_seat_taking_helpers_are_gone():
    """The old ``in_hand(S, p, c)`` (any seat's hand): a hook calling it does not compile,
    nor does a hook of the old ``(S, p, decision, arg)`` form."""
    with pytest.raises(TypingError):
        @njit(HOOK_SIGNATURE)
        def peek(V, d, arg):
            return in_hand(V, 1, WITCH)
    with pytest.raises(TypeError, match="3 argument types given, but function takes 4"):
        @njit(HOOK_SIGNATURE)
        def old_style(S, p, d, arg):
            return USE_DEFAULT


# -- Python bots: every decision takes exactly its documented answers --------------------------
YES_NO_METHODS = YES_NO     # reveal_moat, moneylender_trash, vassal_play, library_set_aside
assert {"vassal_play", "library_set_aside"} <= YES_NO_METHODS


def _answers(method, value):
    """A Python bot answering its ``method`` decision with ``value`` (the others: DEFAULT)."""
    return type("Answers", (PythonBot,), {"name": "answers", method: lambda self, view: value})()


def _ask(method, value):
    """Player 0's raw answer to its ``method`` decision, asked once in a state where it
    applies (Moat, Moneylender, Treasures and an Estate in hand, $6)."""
    sc = make_scenario([_answers(method, value), NOTHING],
                       kingdom=["Moat", "Moneylender", "Remodel", "Mine", "Workshop", "Cellar",
                                "Chapel", "Militia", "Smithy", "Market"])
    sc.set_hand(0, ["Moat", "Moneylender", "Copper", "Silver", "Estate"])
    sc.set_counters(actions=1, buys=1, coins=6)
    LAST_ERROR.clear()
    return int(decide_on(sc.S, sc.R, sc.T, sc.P, sc.Q, sc.H, 0, METHODS.index(method), 5))


@pytest.mark.parametrize("method", METHODS)
def test_every_decision_rejects_answers_of_the_wrong_kind(method):
    bad = (["Moat", "Copper", 1, MOAT] if method in YES_NO_METHODS
           else [True, False, "Kopper", 3.0, N_CARDS + 1, ["Silver"]])
    for value in bad:
        assert _ask(method, value) == BOT_RAISED      # reported by the batch as BotError
        exc = LAST_ERROR[0]
        assert isinstance(exc, AnswerError) and method in str(exc) and repr(value) in str(exc)


@pytest.mark.parametrize("method", METHODS)
def test_every_decision_takes_its_documented_answers(method):
    assert _ask(method, DEFAULT) != BOT_RAISED            # DEFAULT: the rules decide
    if method in YES_NO_METHODS:
        assert _ask(method, True) == 1 and _ask(method, False) == 0 and _ask(method, None) == 0
        assert _ask(method, np.True_) == 1
    elif method in MODES:           # option numbers (Amulet, Teacher, Miser, Quest)
        assert _ask(method, None) == -1
        assert [_ask(method, k) for k in range(MODES[method])] == list(range(MODES[method]))
        assert _ask(method, MODES[method]) == BOT_RAISED
        assert _ask(method, "Silver") == BOT_RAISED
    else:
        assert _ask(method, None) == -1
        assert _ask(method, "Silver") == SILVER == _ask(method, SILVER)
        assert _ask(method, " silver ") == SILVER == _ask(method, np.int32(SILVER))


def test_moat_named_for_reveal_moat_is_an_error_naming_bot_decision_and_value():
    class SaysMoat(PythonBot):
        name = "says-moat"
        fallback = "moat-bm"

        def reveal_moat(self, view):
            return "Moat"

    with pytest.raises(BotError, match=r"says-moat: reveal_moat answered 'Moat'"):
        _play_vs(SaysMoat(), "militia-bm", ["Moat", "Militia"])


def _play_vs(bot, other, cards, games=40):
    kingdom = cards + [c for c in ("Cellar", "Village", "Merchant", "Workshop", "Smithy",
                                   "Remodel", "Market", "Mine", "Moat", "Militia",
                                   "Moneylender") if c not in cards]
    seeds = game_seeds(5, 0, games)
    seats = np.tile(np.array([[0, 1], [1, 0]], np.int32), (games // 2, 1))
    return play_batch(GameConfig(kingdom=tuple(kingdom[:10])),
                      [bot, bots.resolve_bot(other)], seats, seeds, np.zeros(games, np.int8))


class GreedyGold(PythonBot):
    """The README's first GreedyGold: buys Gold whether or not the pile has any left."""

    name = "greedy-gold"

    def buy(self, view):
        if view.coins >= 6:
            return "Gold"
        if view.coins >= 3 and view.count("Gold") == 0:
            return "Silver"
        return None


def test_buying_from_an_empty_pile_says_so():
    sc = make_scenario([GreedyGold(), NOTHING])
    sc.set_supply("Gold", 0).set_counters(buys=1, coins=7)
    LAST_ERROR.clear()
    assert sc.decide(0, D_BUY, 0) == BOT_RAISED
    assert str(LAST_ERROR[0]) == "buy answered 'Gold' but the Gold pile is empty"
    with pytest.raises(BotError, match="greedy-gold: buy answered 'Gold' but the Gold pile "
                                       "is empty"):
        _play(GreedyGold(), 1000)


def test_view_can_buy_and_can_gain():
    seen = []

    class Looks(PythonBot):
        name = "looks"

        def buy(self, view):
            seen.append((view.can_buy("Gold"), view.can_buy("Silver"), view.can_buy("Witch"),
                         view.can_gain("Gold", 6), view.can_gain("Silver", 2)))
            return None

    sc = make_scenario([Looks(), NOTHING])
    sc.set_supply("Gold", 0).set_counters(buys=1, coins=7)
    sc.decide(0, D_BUY, 0)
    sc.set_supply("Gold", 5).set_counters(buys=0)
    sc.decide(0, D_BUY, 0)
    assert seen == [(False, True, False, False, False), (False, False, False, True, False)]


# -- issue 26 item 4: Python bots cost what they use --------------------------------------------
def test_a_python_bot_gets_a_view_only_for_the_decisions_it_answers(monkeypatch):
    """The base class's methods (DEFAULT: the fallback decides) are neither called nor
    given a View: SmithyPython answers only play_action and buy, every Treasure it plays
    is its fallback's.  The games stay the rules' games (test above)."""
    from sim.engine import callbacks

    built = []

    class Counted(callbacks.View):
        def __init__(self, S, p, arg, decision=-1):
            built.append(METHODS[decision])
            super().__init__(S, p, arg, decision)

    monkeypatch.setattr(callbacks, "View", Counted)
    _play(SmithyPython(), 4)
    assert built and set(built) == {"play_action", "buy"}


def test_a_view_kept_past_its_decision_keeps_its_values():
    """Views read the state when a field is first asked for; one the bot keeps is given
    a copy of the state as it was, so fields read after the turn still tell the decision's
    moment."""
    kept = []

    class Keeps(PythonBot):
        name = "keeps"
        fallback = NOTHING

        def buy(self, view):
            kept.append(view)
            return None

    sc = make_scenario([Keeps(), NOTHING])
    sc.set_hand(0, ["Gold", "Copper"]).set_deck(0, ["Estate"] * 5)
    sc.play_turn(0)
    assert sc.hand(0) == {"Estate": 5} and sc.in_play(0) == {}      # the game went on
    view = kept[0]
    assert view.coins == 4 and view.buys == 1 and view.hand == {}
    assert view.in_play == {"Gold": 1, "Copper": 1} and view.draw_size == 5


def test_view_fields_are_computed_once_and_only_when_read():
    sc = make_scenario([NOTHING, NOTHING])
    sc.set_hand(0, ["Gold", "Copper"])
    from sim.engine.callbacks import View

    view = View(sc.S, 0, 0, D_BUY)
    assert "hand" not in vars(view) and "supply" not in vars(view)
    assert view.hand == {"Gold": 1, "Copper": 1}
    assert vars(view)["hand"] is view.hand and "supply" not in vars(view)
