"""A trained policy at compiled speed (sim.learn.compiled): the compiled forward pass
decides as PolicyBot.act does, and whole games played inside compiled code (the policy
asked inside the engine's own decisions: the seam, policy_decide) are the games the
Python path plays, on the committed First Game and K2 (Adventures) policies; the search
bot plays its playouts with a policy (``mcts:playout=<policy>``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bots import resolve_bot
from sim.engine.batch import play_batch
from sim.engine.config import GameConfig
from sim.engine.game import G_FIRST
from sim.env import core
from sim.env.state import Game
from sim.learn import PolicyBot
from sim.learn.compiled import (
    CompiledPolicy,
    _tanh_all,
    _tanh_all32,
    buy_mask,
    column_runs,
    feature_table,
    forward,
    forward_fast,
    forward_fast_buy,
    kept_size,
    lazy_legal,
)
from sim.learn.policy import MASKED, features

ROOT = Path(__file__).resolve().parents[1]
FIRST_GAME = ROOT / "experiments/results/learn/first-game"
K2 = ROOT / "experiments/results/learn/adventures"


def _config(bot: PolicyBot) -> GameConfig:
    """The game the policy was trained for (kingdom, Events, players)."""
    game = Game(kingdom=bot.meta["kingdom"], events=bot.meta.get("events", []),
                players=int(bot.meta["players"]), bots=bot.fallback)
    return game.config


def _states(bot: PolicyBot, games: int, seed: int):
    """States at the policy's questions from games whose agent seats (both) answer at
    random among the legal actions: situations far from the policy's own play too."""
    game = Game(kingdom=bot.meta["kingdom"], events=bot.meta.get("events", []),
                players=int(bot.meta["players"]), bots=[bot.fallback, "bmu"],
                decisions=bot.decisions)
    rng = np.random.default_rng(seed)
    for k in range(games):
        state = game.new_initial_state(seed + k)
        while not state.is_terminal():
            yield state
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_feature_table_is_features_of_every_whole_number():
    """The looked-up features are PolicyBot's own (features(), float32, widened)."""
    table = feature_table()
    for v in (-10_000, -7, -1, 0, 1, 2, 3, 59, 80, 100, 1000, 10_000):
        x = features(np.asarray([[v]], np.float32), np.zeros(1, np.int64))[0, 0]
        assert table[v + 10_000] == np.float64(x)


@pytest.mark.parametrize("directory", [FIRST_GAME, K2], ids=["first-game", "k2"])
def test_compiled_decisions_and_logits_are_policybots(directory):
    """At several hundred questions of random play (both seats, each its own view), the
    compiled pass takes PolicyBot.act's action and its logits agree to 1e-9 (masked
    entries exactly)."""
    bot = PolicyBot(directory, compiled=False)
    assert bot.prior_w != 0        # the fallback's answer is part of every decision
    fast = CompiledPolicy.of(bot)
    n = 0
    for state in _states(bot, games=4, seed=11):
        a, logits = fast.logits(state)
        want = bot.logits(state)
        legal = state.mask != 0
        assert a == bot.act(state) == int(want.argmax())
        np.testing.assert_allclose(logits[legal], want[legal], rtol=0, atol=1e-9)
        assert (logits[~legal] == MASKED).all()
        n += 1
    assert n > 300


def _pair(directory, games: int, seed: int, log: bool = False):
    """The same batch (the policy against bmu, seats alternating) by the compiled path
    and by the Python path; the compiled bot's act() must not be asked."""
    fast = PolicyBot(directory)
    slow = PolicyBot(directory, compiled=False)

    def refuse(state):
        raise AssertionError("the compiled path asked act()")

    fast.act = refuse
    bmu = resolve_bot("bmu")
    config = _config(fast)
    seeds = np.arange(games, dtype=np.uint64) + seed
    seats = np.array([[0, 1] if k % 2 == 0 else [1, 0] for k in range(games)], np.int32)
    first = np.array([k % 3 - 1 for k in range(games)], np.int8)      # -1, 0, 1
    return (play_batch(config, [fast, bmu], seats, seeds, first, log=log),
            play_batch(config, [slow, bmu], seats, seeds, first, log=log))


def test_first_game_whole_games_are_the_python_paths():
    """200 games of the First Game policy against bmu: the same scores, turns, winners
    and game rows as PolicyBot's Python path, seed for seed."""
    a, b = _pair(FIRST_GAME, games=200, seed=1000)
    np.testing.assert_array_equal(a.score, b.score)
    np.testing.assert_array_equal(a.turns, b.turns)
    np.testing.assert_array_equal(a.game, b.game)
    assert len(np.unique(a.game[:, 0])) > 1          # both sides win some


@pytest.mark.parametrize("directory,seed", [(FIRST_GAME, 7), (K2, 3)],
                         ids=["first-game", "k2"])
def test_logged_game_is_the_python_paths(directory, seed):
    """A logged game: the same log rows, event for event."""
    a, b = _pair(directory, games=1, seed=seed, log=True)
    assert a.log is not None and len(a.log) > 100
    np.testing.assert_array_equal(a.log, b.log)
    assert a.log_truncated == b.log_truncated


def test_k2_whole_games_are_the_python_paths():
    """K2 (Adventures: Events, Swamp Hag, Haunted Woods...) policy against bmu: the same
    games as the Python path."""
    a, b = _pair(K2, games=40, seed=500)
    np.testing.assert_array_equal(a.score, b.score)
    np.testing.assert_array_equal(a.turns, b.turns)
    np.testing.assert_array_equal(a.game, b.game)


def test_python_path_is_the_option_and_default_is_compiled():
    """PolicyBot plays compiled by default; compiled=False asks act() (its play_compiled
    declines)."""
    assert PolicyBot(FIRST_GAME).compiled
    assert PolicyBot(FIRST_GAME, compiled=False).play_compiled(
        None, None, None, None, None, None) is None


@pytest.mark.timeout(300)
def test_runs_on_every_core_and_dask_are_the_python_paths(tmp_path):
    """``domsim match DIR bmu`` (the compiled path by default) in a pool of 2 processes
    and on a Dask cluster: the games of the Python path in one process, game for game."""
    import pandas as pd

    from sim.runner import Match

    kw = dict(games=400, seed=5, chunk_size=100)
    python = Match(PolicyBot(FIRST_GAME, compiled=False), "bmu", **kw).play(processes=1)
    pool = Match(str(FIRST_GAME), "bmu", **kw).play(processes=2)
    pd.testing.assert_frame_equal(pool.games, python.games)
    pytest.importorskip("dask.distributed")
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster:
        dist = Match(str(FIRST_GAME), "bmu", **kw).play(scheduler=cluster.scheduler_address,
                                                         out=tmp_path / "d.parquet")
    pd.testing.assert_frame_equal(dist.games, python.games)


def test_vectorized_tanh_is_numpys_to_rounding():
    """The forward pass's tanh (its exp in arithmetic a loop vectorizes) is numpy's within
    3e-16, at every scale an activation takes, saturation and zero included."""
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.normal(0, s, 20_000) for s in (1e-3, 0.3, 1, 3, 10, 100)]
                       + [np.array([0.0, -0.0, 17.5, 18.5, 19.9, 20.1, -25.0, 1e5])])
    y = x.copy()
    _tanh_all(y, np.empty_like(x), np.empty(len(x), np.int64))
    assert np.abs(y - np.tanh(x)).max() <= 3e-16
    assert (np.sign(y) == np.sign(np.tanh(x))).all()


def test_float32_tanh_is_within_3e7():
    """The float32 pass's tanh (forward_fast) is tanh within 3e-7, sign included."""
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.normal(0, s, 20_000) for s in (1e-3, 0.3, 1, 3, 10, 100)]
                       + [np.array([0.0, -0.0, 8.5, 9.5, 10.1, -25.0, 1e5])]).astype(np.float32)
    y = x.copy()
    _tanh_all32(y)
    want = np.tanh(x.astype(np.float64))
    assert np.abs(y - want).max() <= 3e-7
    assert (np.sign(y)[want != 0] == np.sign(want)[want != 0]).all()


@pytest.mark.parametrize("directory", [FIRST_GAME, K2], ids=["first-game", "k2"])
def test_float32_pass_takes_the_float64_passs_action(directory):
    """At several hundred questions of random play, with and without a prior, the float32
    pass (forward_fast, what the seam asks) is sure of nearly every choice and then takes
    the float64 pass's action; its logits are within 1e-4 of the float64 ones; its
    first layer's kept sum (carried from question to question) and its columns gathered
    run by run (column_runs) change no bit."""
    bot = PolicyBot(directory, compiled=False)
    fast = CompiledPolicy.of(bot)
    m = int(fast.sizes.max())
    w32 = (fast.columns, fast.table, fast.sizes, fast.W, fast.b.astype(np.float32),
           fast.WpT, fast.bp.astype(np.float32))
    kept = np.zeros(int(fast.sizes[1]) + 1, np.float32)
    kept_vals = np.zeros(kept_size(fast.columns), np.float32)
    assert len(kept_vals) > 10
    runs = column_runs(fast.columns)
    assert runs[:, 2].sum() == len(fast.columns) - len(kept_vals)
    obs = np.zeros(core.OBS_SIZE, np.float32)
    n = unsure = 0
    for state in _states(bot, games=4, seed=11):
        core.observe(state.D, state.game.T, int(state.D[core.AG_WAIT_P]), True, obs)
        for prior, prior_w in ((-1, 0.0), (int(state.mask.nonzero()[0][-1]), bot.prior_w)):
            logits = np.zeros(core.N_ACTIONS)
            want = forward(obs, state.mask, prior, prior_w, *fast.net(), np.zeros((4, m)),
                           logits)
            got = []
            for k, v, r in ((None, None, None), (kept, kept_vals, None),
                            (kept, kept_vals, runs)):
                logits32 = np.zeros(core.N_ACTIONS, np.float32)
                a, sure = forward_fast(obs, state.mask, prior, prior_w, *w32,
                                       np.zeros((4, 2 * m), np.float32), logits32, k, v, r)
                got.append(logits32)
            assert np.array_equal(got[0], got[1]) and np.array_equal(got[0], got[2])
            legal = state.mask != 0
            np.testing.assert_allclose(got[0][legal], logits[legal], rtol=0, atol=1e-4)
            assert a == want or not sure
            unsure += not sure
            n += 1
    assert n > 600 and unsure <= n // 100


@pytest.mark.parametrize("kingdom,events", [
    ("first-game", []),
    (["Bridge", "Market", "Smithy", "Village", "Mine", "Remodel", "Workshop", "Militia",
      "Cellar", "Moat"], []),
    (["Ratcatcher", "Amulet", "Caravan Guard", "Dungeon", "Duplicate", "Magpie",
      "Messenger", "Haunted Woods", "Swamp Hag", "Hireling"], ["Training", "Pathfinding"]),
], ids=["first-game", "bridge", "k2-events"])
def test_a_buys_candidates_and_their_legality_are_legal_masks(kingdom, events):
    """At every buy of random play (both seats), the actions the float32 pass takes to
    be legal without legal_mask (sim.learn.compiled.buy_mask: the buy's candidates, each
    asked sim.engine.legality.card_ok) are legal_mask's, exactly: with Bridge's cost
    cut, and with Events (Training, Pathfinding)."""
    bot = PolicyBot(FIRST_GAME, compiled=False)
    game = Game(kingdom=kingdom, events=events, players=2, bots=["bmu", "bmu"],
                decisions=bot.decisions)
    rng = np.random.default_rng(3)
    mask = np.zeros(core.N_ACTIONS, np.int8)
    cand = np.zeros(core.N_ACTIONS, np.int32)
    n = 0
    for k in range(4):
        state = game.new_initial_state(20 + k)
        while not state.is_terminal():
            D = state.D
            p, d, arg = (int(D[x]) for x in (core.AG_WAIT_P, core.AG_WAIT_D, core.AG_WAIT_ARG))
            assert lazy_legal(d)
            assert buy_mask(D, game.T, p, d, arg, mask, cand) == state.mask.sum()
            np.testing.assert_array_equal(mask, state.mask)
            n += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert n > 200


@pytest.mark.parametrize("directory", [FIRST_GAME, K2], ids=["first-game", "k2"])
def test_the_buy_pass_is_the_float32_pass(directory):
    """At the buys of random play, with and without a prior, forward_fast_buy (the legal
    actions asked of its best candidates only) decides as forward_fast with legal_mask's
    actions: the same (action, sure); and with every logit equal (a zero head) it takes
    the first legal action and is not sure, as forward_fast."""
    bot = PolicyBot(directory, compiled=False)
    fast = CompiledPolicy.of(bot)
    m = int(fast.sizes.max())
    w32 = (fast.columns, fast.table, fast.sizes, fast.W, fast.b.astype(np.float32),
           fast.WpT, fast.bp.astype(np.float32))
    flat = w32[:5] + (np.zeros_like(fast.WpT), np.zeros(len(fast.bp), np.float32))
    obs = np.zeros(core.OBS_SIZE, np.float32)
    cand = np.zeros(core.N_ACTIONS, np.int32)
    h32 = np.zeros((4, 2 * m), np.float32)
    logits32 = np.zeros(core.N_ACTIONS, np.float32)
    n = 0
    for state in _states(bot, games=3, seed=5):
        D, T = state.D, state.game.T
        p, d, arg = (int(D[x]) for x in (core.AG_WAIT_P, core.AG_WAIT_D, core.AG_WAIT_ARG))
        assert lazy_legal(d)
        core.observe(D, T, p, True, obs)
        legal = state.mask.nonzero()[0]
        for net, prior, prior_w in ((w32, -1, 0.0), (w32, int(legal[-1]), bot.prior_w),
                                    (w32, int(legal[0]), bot.prior_w), (flat, -1, 0.0)):
            want = forward_fast(obs, state.mask, prior, prior_w, *net, h32, logits32,
                                None, None)
            got = forward_fast_buy(obs, D, T, p, d, arg, prior, prior_w, *net, h32,
                                   logits32, None, None, cand)
            assert got == want
            if net is flat:
                assert got == (legal[0], len(legal) == 1)
            n += 1
    assert n > 800


@pytest.mark.parametrize("directory", [FIRST_GAME, K2], ids=["first-game", "k2"])
def test_the_seam_plays_the_stopping_paths_games(directory):
    """The engine's own batch with the policy asked inside its decisions
    (CompiledPolicy.play) and the state API's way, stopping at each of the policy's
    questions (play_stopping): the same games, every seat and first player."""
    bot = PolicyBot(directory)
    fast = bot.compiled_policy()
    config = _config(bot)
    out = []
    for play in (fast.play, fast.play_stopping):
        for seat in (0, 1):
            seated = [bot.fallback, "bmu"] if seat == 0 else ["bmu", bot.fallback]
            game = Game(kingdom=config.kingdom, events=config.events,
                        players=config.n_players, bots=seated, agents=[seat],
                        decisions=bot.decisions)
            g = 30
            seeds = np.arange(g, dtype=np.uint64) + 77
            first = np.array([k % 3 - 1 for k in range(g)])
            rows = (np.zeros((g, 2), np.int32), np.zeros((g, 2), np.int32),
                    np.zeros((g, 6), np.int32))
            done, _ = play(game, seeds, first, *rows)
            assert done == g
            out.append(rows)
    for a, b in zip(out[:2], out[2:], strict=True):
        for x, y in zip(a, b, strict=True):
            np.testing.assert_array_equal(x, y)


def test_agent_games_record_who_moved_first():
    """A batch with an agent bot (the Python path, the compiled path, a search bot)
    records each game's first seat (G_FIRST) as the engine's own batch does; it was 0
    for every game."""
    bot = PolicyBot(FIRST_GAME, compiled=False)
    config = _config(bot)
    g = 12
    seeds = np.arange(g, dtype=np.uint64) + 40
    seats = np.array([[0, 1] if k % 2 == 0 else [1, 0] for k in range(g)], np.int32)
    first = np.array([k % 3 - 1 for k in range(g)], np.int8)
    bmu = resolve_bot("bmu")
    engine = play_batch(config, [bmu, resolve_bot("big-money")], seats, seeds, first)
    assert set(engine.game[:, G_FIRST]) == {0, 1}
    for agent in (bot, PolicyBot(FIRST_GAME), resolve_bot("mcts:playouts=4,playout=bmu")):
        got = play_batch(config, [agent, bmu], seats, seeds, first)
        np.testing.assert_array_equal(got.game[:, G_FIRST], engine.game[:, G_FIRST])


def test_the_search_bot_plays_its_playouts_with_a_policy():
    """``mcts:playout=<policy dir>``: the playouts are the policy's (the search weighs
    other rewards than with its fallback's playouts), a run is reproducible seed for
    seed, and a bot that is neither compiled nor a policy is refused in one line."""
    spec = f"mcts:playouts=40,playout={FIRST_GAME}"
    bot = resolve_bot(spec)
    assert bot.policy is not None and bot.fallback.name == "bmu"
    assert bot.identity() != resolve_bot("mcts:playouts=40,playout=bmu").identity()
    config = _config(bot.policy)
    seeds = np.arange(4, dtype=np.uint64) + 21
    seats = np.array([[0, 1], [1, 0]] * 2, np.int32)
    bmu = resolve_bot("bmu")
    a = play_batch(config, [bot, bmu], seats, seeds)
    b = play_batch(config, [resolve_bot(spec), bmu], seats, seeds)
    np.testing.assert_array_equal(a.score, b.score)
    np.testing.assert_array_equal(a.game, b.game)
    # One decision searched both ways from the same state: other playouts, other values.
    game = Game(kingdom=config.kingdom, players=2, bots="bmu", agents=[0],
                decisions=bot.decisions)
    state = game.new_initial_state(3)
    while len(state.legal_actions()) < 3:
        state.apply_action(state.bot_action())
    values = []
    for b in (resolve_bot(spec), resolve_bot("mcts:playouts=40,playout=bmu")):
        b.act(state)
        values.append(b.last_search[1].copy())
    assert not np.array_equal(values[0], values[1])
    with pytest.raises(ValueError, match="playout bot must be compiled .* or a learned"):
        resolve_bot("mcts:playout=mcts")


def test_the_policy_against_itself_is_the_python_paths():
    """Both seats the policy (each its own view, one policy table for both): the same
    games as the Python path."""
    fast, slow = PolicyBot(FIRST_GAME), PolicyBot(FIRST_GAME, compiled=False)
    config = _config(fast)
    g = 20
    seeds = np.arange(g, dtype=np.uint64) + 300
    seats = np.zeros((g, 2), np.int32)
    first = np.array([k % 3 - 1 for k in range(g)], np.int8)
    a = play_batch(config, [fast], seats, seeds, first)
    b = play_batch(config, [slow], seats, seeds, first)
    np.testing.assert_array_equal(a.score, b.score)
    np.testing.assert_array_equal(a.turns, b.turns)
    np.testing.assert_array_equal(a.game, b.game)


def test_two_policies_against_each_other_are_the_python_paths(tmp_path):
    """Two learned policies matched against each other (another network, other
    decisions) play compiled, each seat its own policy's answers at its own decisions:
    the same games as the Python path, seed for seed and seat for seat.  A seat whose
    policy decides in Python sends the whole game to the Python path."""
    import json

    other = tmp_path / "other"
    other.mkdir()
    with np.load(FIRST_GAME / "policy.npz") as z:
        arrays = dict(z)
    arrays["bp"] = arrays["bp"] + np.random.default_rng(2).normal(0, 1.0, arrays["bp"].shape
                                                                   ).astype(arrays["bp"].dtype)
    np.savez(other / "policy.npz", **arrays)
    meta = json.loads((FIRST_GAME / "policy.json").read_text())
    meta["decisions"] = "play an Action,buy,discard to an attack,trash with Remodel"
    (other / "policy.json").write_text(json.dumps(meta))
    g = 60
    seeds = np.arange(g, dtype=np.uint64) + 900
    seats = np.array([[0, 1] if k % 2 == 0 else [1, 0] for k in range(g)], np.int32)
    first = np.array([k % 3 - 1 for k in range(g)], np.int8)
    fast = [PolicyBot(FIRST_GAME, name="one"), PolicyBot(other, name="two")]
    slow = [PolicyBot(FIRST_GAME, name="one", compiled=False),
            PolicyBot(other, name="two", compiled=False)]
    config = _config(fast[0])

    def asked(state):
        raise AssertionError("a compiled seat asked in Python")

    for bot in fast:
        bot.act = asked
    a = play_batch(config, fast, seats, seeds, first)
    b = play_batch(config, slow, seats, seeds, first)
    np.testing.assert_array_equal(a.score, b.score)
    np.testing.assert_array_equal(a.turns, b.turns)
    np.testing.assert_array_equal(a.game, b.game)
    one_seat = np.argmin(seats, axis=1)                 # where bot "one" (0) sits
    one_ahead = a.score[np.arange(g), one_seat] > a.score[np.arange(g), 1 - one_seat]
    assert 0 < one_ahead.sum() < g                      # both policies win some
    mixed = play_batch(config, [PolicyBot(FIRST_GAME, name="one"), slow[1]], seats[:4],
                       seeds[:4], first[:4])
    np.testing.assert_array_equal(mixed.score, b.score[:4])
