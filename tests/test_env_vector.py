"""Batched stepping (sim.env.vector) and its gymnasium.vector wrapper."""

from __future__ import annotations

import numpy as np
import pytest

from sim.env import Game, IllegalActionError
from sim.env.vector import VectorGames

K2 = ("Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,Magpie,Caravan Guard,"
      "Duplicate,Hireling")


def _run(game: Game, n: int, steps: int, seed: int = 0):
    games = VectorGames(game, n, seed=seed)
    games.reset()
    rows, ends = [], 0
    for step in range(steps):
        # Row i's action depends only on row i: a fixed pick among its legal actions.
        actions = np.array([legal[(step * 7 + 3) % len(legal)]
                            for legal in (np.flatnonzero(m) for m in games.masks)])
        obs, rewards, term, trunc = games.step(actions)
        rows.append(obs[:2].copy())
        ends += int(term.sum() + trunc.sum())
        assert np.allclose(rewards.sum(axis=1)[term], 1.0)
    return rows, ends, games


@pytest.mark.parametrize("board", [{}, {"kingdom": K2, "events": ("Training", "Pathfinding")}])
def test_batched_games_are_the_state_api_games_and_reset_themselves(board):
    game = Game(players=2, bots="bmu", agents=[0], **board)
    rows, ends, games = _run(game, 8, 400)
    assert ends > 0                       # games ended and new ones started in their rows
    # Row 0 of a batch of 8 plays what row 0 of a batch of 2 plays (own seed streams).
    rows2, _, _ = _run(game, 2, 400)
    assert all((a[0] == b[0]).all() for a, b in zip(rows, rows2, strict=True))
    # The first game of row 0 is the state API's game on the same seed and answers.
    from sim.env import core

    first = game.new_initial_state(int(np.uint64(core.row_game_seed(
        games._row_seeds[0], 0))))
    obs0 = first.observation(first.current_player())
    fresh = VectorGames(game, 1, seed=0)
    o, _ = fresh.reset()
    assert (o[0] == obs0).all()


def test_illegal_batched_action_is_named():
    games = VectorGames(Game(players=2, agents=[0], decisions="buy"), 4)
    games.reset()
    actions = games.sample_actions(np.random.default_rng(0))
    actions[2] = int(np.flatnonzero(games.masks[2] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 2: illegal action"):
        games.step(actions)
    with pytest.raises(ValueError, match="one per game"):
        games.step(actions[:3])


def test_gymnasium_vector_wrapper_steps_whole_games():
    pytest.importorskip("gymnasium")
    from sim.env.gym_vector import DominionVectorEnv

    env = DominionVectorEnv(num_envs=16, decisions="buy")
    obs, info = env.reset(seed=1)
    assert obs.shape == (16,) + env.single_observation_space.shape
    rng = np.random.default_rng(0)
    done = 0
    for _ in range(300):
        obs, rewards, term, trunc, info = env.step(env.sample_legal(rng))
        assert info["action_mask"].any(axis=1).all()
        done += int(term.sum() + trunc.sum())
    assert done > 0 and env.action_space.shape == (16,)
