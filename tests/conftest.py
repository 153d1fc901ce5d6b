"""Shared helpers for the rules tests: exact situations on the real engine.

* :func:`make_scenario` / the ``scenario`` fixture: a :class:`sim.engine.scenario.Scenario`
  whose players' zones can be emptied (:func:`clear`) before a test sets exactly the
  cards it wants.
* :class:`Scripted`: a Python bot (``F_KIND = K_PYTHON``) that answers chosen
  decisions from a script and records every decision it was asked together with the
  :class:`sim.engine.callbacks.View` it saw (hand, cards in play, $, Buys... at that moment).
  Decisions it has no script for fall back to its rule program (a ``RuleBot``).
* :func:`log_rows`: the event log of a ``Scenario(log=True)`` as (event, turn, player,
  card, count, extra) tuples (``Scenario.log_rows``), checked not truncated.
* :func:`experiment`: a script of ``experiments/`` imported as a module (the folder is
  no package; its scripts import each other by name).

Every state API game of the suite checks its resume frames (``DOMSIM_DEBUG_FRAMES``,
sim.env.Game's ``debug_frames``; sim.engine.resume): a resumed turn out of step with its
frames is an error in the tests, not a silently different game.  Set here, before any
Game is built, so that subprocesses the tests start check them too.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

from bots.rules import RuleBot
from sim.cards import CARDS, N_CARDS
from sim.engine import layout as L
from sim.engine.callbacks import METHODS, USE_DEFAULT_ANSWER
from sim.engine.game import decide_on
from sim.engine.program import F_KIND, K_PYTHON
from sim.engine.scenario import Scenario

os.environ.setdefault("DOMSIM_DEBUG_FRAMES", "1")

FIRST_GAME = ["Cellar", "Moat", "Village", "Merchant", "Workshop", "Smithy", "Militia",
              "Remodel", "Market", "Mine"]
# The other seven base cards the engine knows, with Moat, Militia and Smithy.
EXTRA_KINGDOM = ["Festival", "Laboratory", "Witch", "Council Room", "Gardens", "Moneylender",
                 "Chapel", "Moat", "Militia", "Smithy"]
# The rest of the base game (2nd edition), with Moat.
REST_KINGDOM = ["Harbinger", "Vassal", "Bureaucrat", "Poacher", "Throne Room", "Bandit",
                "Library", "Sentry", "Artisan", "Moat"]


def nobuy(name: str = "nobuy", **kw) -> RuleBot:
    """A rule bot that never buys anything (plays what ``play`` says, default: all)."""
    return RuleBot(name, "test bot: buys nothing", **kw)


class Scripted:
    """A Python bot answering from a script; records (decision method, View) pairs.

    ``script`` maps a decision method name (sim.engine.callbacks.METHODS: "play_action",
    "play_treasure", "buy", "attack_discard", "reveal_moat", "cellar_discard",
    "remodel_trash", "remodel_gain", "mine_trash", "mine_gain", "workshop_gain",
    "chapel_trash", "moneylender_trash") to a list of answers used in order (then the
    rule program decides), or to a function of the View.  Answers are card names,
    None (no card / stop), or True/False.
    """

    description = "scripted test bot"

    def __init__(self, name: str = "scripted", base: RuleBot | None = None, **script):
        bad = set(script) - set(METHODS)
        if bad:
            raise ValueError(f"unknown decision methods {bad}")
        self.name = name
        self.base = base if base is not None else nobuy(name)
        self.script = {k: (list(v) if isinstance(v, (list, tuple)) else v)
                       for k, v in script.items()}
        self.calls: list[tuple[str, object]] = []

    def program(self):
        prog = self.base.program()
        prog.flags[F_KIND] = K_PYTHON
        return prog

    def _answer(self, method: str, view):
        self.calls.append((method, view))
        s = self.script.get(method)
        if s is None:
            return USE_DEFAULT_ANSWER
        if callable(s):
            return s(view)
        return s.pop(0) if s else USE_DEFAULT_ANSWER

    def asked(self, method: str) -> list:
        """Views of every time this decision was asked, in order."""
        return [v for m, v in self.calls if m == method]

    def methods(self) -> list[str]:
        return [m for m, _ in self.calls]


def _make_method(name):
    def method(self, view):
        return self._answer(name, view)
    method.__name__ = name
    return method


for _m in METHODS:
    setattr(Scripted, _m, _make_method(_m))


def clear(sc: Scenario, p: int) -> Scenario:
    """Empty every zone of player ``p`` (hand, draw pile, discard, in play)."""
    return sc.set_hand(p, []).set_deck(p, []).set_discard(p, []).set_in_play(p, [])


def make_scenario(bots, kingdom=None, n_players=None, log=True, empty=True,
                  seed=0) -> Scenario:
    sc = Scenario(list(bots), n_players=n_players, kingdom=kingdom, seed=seed, log=log)
    if empty:
        for p in range(sc.config.n_players):
            clear(sc, p)
    clear_log(sc)
    return sc


def clear_log(sc: Scenario) -> None:
    """Forget the log so far (setup's shuffles and draws): later rows are this test's."""
    sc.S[L.V + L.V_LOG_N] = 0


@pytest.fixture
def scenario():
    """Factory: ``scenario(bots, kingdom=None, n_players=None, log=True, empty=True)``.

    With ``empty`` every player starts with no cards at all, so the test states the
    whole situation."""
    return make_scenario


def log_rows(sc: Scenario) -> list[tuple[int, int, int, int, int, int]]:
    assert not sc.S[L.V + L.V_LOG_TRUNC], "scenario log truncated"
    return sc.log_rows()


def events(sc: Scenario, ev: int, player: int | None = None) -> list[tuple]:
    """Log rows of one event kind (optionally of one player), as (player, card name,
    count, extra)."""
    out = []
    for e, _t, p, c, k, x in log_rows(sc):
        if e == ev and (player is None or p == player):
            out.append((p, CARDS[c].name if c >= 0 else None, k, x))
    return out


def hand_size(sc: Scenario, p: int) -> int:
    return sum(sc.hand(p).values())


def check_consistent(sc: Scenario) -> None:
    """The state's totals agree with its zones and nothing is negative."""
    S = sc.S
    for p in range(sc.config.n_players):
        z = {name: sc._zone(z0, p) for name, z0 in
             (("hand", L.HAND0), ("play", L.PLAY0), ("disc", L.DISC0), ("aside", L.ASIDE0),
              ("mat", L.MAT0), ("gear", L.GEAR0), ("save", L.SAVE0), ("own", L.OWN0))}
        for name, arr in z.items():
            assert (arr >= 0).all(), f"player {p} {name} negative: {arr}"
        deck = np.bincount(sc.deck(p, ids=True), minlength=L.N_SLOTS)
        held = deck.copy()
        for name in ("hand", "play", "disc", "aside", "mat", "gear", "save"):
            held = held + z[name]
        if S[L.INHERIT + p]:              # the card Inheritance set aside is owned
            held[S[L.INHERIT + p] - 1] += 1
        assert np.array_equal(z["own"], held), f"player {p}: owned != zones + draw pile"
        for name, at in (("hand", L.HAND_N), ("play", L.PLAY_N), ("disc", L.DISC_N),
                         ("aside", L.ASIDE_N), ("mat", L.MAT_N), ("gear", L.GEAR_N),
                         ("save", L.SAVE_N), ("own", L.OWN_N)):
            assert S[at + p] == z[name].sum(), f"player {p} {name} total"
        # Copies marked to stay in play (Durations) are copies in play.
        keep = S[L.KEEP + p * L.N_SLOTS:L.KEEP + (p + 1) * L.N_SLOTS]
        perm = S[L.PERM + p * L.N_SLOTS:L.PERM + (p + 1) * L.N_SLOTS]
        assert (keep >= 0).all() and (perm >= 0).all() and (keep + perm <= z["play"]).all()
        # ... and their running count (the turn skips its walks over the marks when 0).
        assert S[L.MARKS + p] == keep.sum() + perm.sum(), f"player {p} marks count"
        # Cached totals the engine keeps beside the zones (bots' money / count(type) terms).
        own = z["own"][:N_CARDS]
        if hasattr(L, "MONEY"):
            assert S[L.MONEY + p] == sum(int(own[c]) * CARDS[c].coins for c in range(N_CARDS))
        assert S[L.VP + p] == sum(int(own[c]) * CARDS[c].vp for c in range(N_CARDS))
        if hasattr(L, "TYPE_N"):
            for b in range(L.N_TYPE_BITS):
                want = sum(int(own[c]) for c in range(N_CARDS) if CARDS[c].types & (1 << b))
                assert S[L.TYPE_N + b * L.MAX_PLAYERS + p] == want, f"type bit {b}"
    assert (S[L.SUPPLY:L.SUPPLY + L.N_SLOTS] >= 0).all()


def adv_scenario(bots, kingdom, game_events=(), n_players: int = 2) -> Scenario:
    """A logged Adventures scenario with every player's zones cleared and player 0 to
    move: the starting point of the decision and rule-language tests."""
    sc = Scenario(list(bots), n_players=n_players, kingdom=kingdom, events=game_events,
                  log=True)
    for p in range(sc.config.n_players):
        clear(sc, p)
    sc.S[L.V + L.V_LOG_N] = 0
    sc.S[L.V + L.V_CUR] = 0
    return sc


def raw_answer(sc: Scenario, d: int, arg: int = 0, p: int = 0) -> int:
    """Player ``p``'s answer to decision ``d`` as the engine's number (yes/no 1/0, option
    numbers, card ids, -1)."""
    from sim.engine.game import decide_on

    return int(decide_on(sc.S, sc.R, sc.T, sc.P, sc.Q, sc.H, p, d, arg))


def raw_answers(sc: Scenario, d: int, arg: int = 0, p: int = 0, n: int = 1) -> np.ndarray:
    """``n`` answers of player ``p`` to decision ``d`` in a row, as :func:`raw_answer`
    gives them one by one (the same state and random stream), in one engine call: a
    call from Python spends about 10 ms typing and unboxing the state's arguments, so
    the random bot's tests, which draw hundreds of answers per decision, took minutes."""
    return _answers_n(sc.S, sc.R, sc.T, sc.P, sc.Q, sc.H, p, d, arg, n)


@numba.njit(cache=True)
def _answers_n(S, R, T, P, Q, H, p, d, arg, n):
    out = np.empty(n, np.int64)
    for i in range(n):
        out[i] = decide_on(S, R, T, P, Q, H, p, d, arg)
    return out


def play_seated(bot, config=None, games: int = 400, seed: int = 11, opponent: str = "bmu"):
    """``games`` seeded games of ``bot`` against ``opponent`` (seats alternating, seat 0
    first): the batch the "same logic, same games" tests compare."""
    import bots
    from sim.engine.batch import play_batch
    from sim.engine.config import GameConfig
    from sim.engine.rng import game_seeds

    seeds = game_seeds(seed, 0, games)
    seats = np.zeros((games, 2), np.int32)
    seats[1::2, 0] = 1
    seats[:, 1] = 1 - seats[:, 0]
    return play_batch(config or GameConfig(), [bot, bots.get_bot(opponent)], seats, seeds,
                      np.zeros(games, np.int8))


def experiment(name: str):
    """``experiments/<name>.py`` as a module, imported with its folder on the path only
    while it loads (it and the scripts it imports by name are then in sys.modules)."""
    folder = str(Path(__file__).resolve().parents[1] / "experiments")
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(folder)


# -- the slow tier -------------------------------------------------------------------
# ``@pytest.mark.slow``: long statistical runs (many thousands of games, cold compiles,
# whole notebooks), kept out of the README's test command (`python -m pytest`, under 15
# minutes on 2 cores) and run by CI within a time budget (.ci/run: `pytest -m slow`).
# Every rule test stays in the default tier.  A slow test is skipped, with the way to
# run it, unless the ``-m`` expression names the marker or ``--runslow`` is given.

def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true",
                     help="also run the slow tier (tests marked slow)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow") or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow tier: run with `pytest -m slow` or --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
