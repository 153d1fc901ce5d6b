"""The standard environments pass their libraries' conformance tests: PettingZoo's
api_test and seed_test, Gymnasium's check_env, on First Game and on an Adventures
kingdom with Events, 2-4 players."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from sim.env import IllegalActionError, aec_env, gym_env  # noqa: E402

K2 = ("Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,Magpie,Caravan Guard,"
      "Duplicate,Hireling")
BOARDS = {"first-game": {}, "adventures": {"kingdom": K2, "events": ("Training", "Pathfinding")}}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", list(BOARDS))
def test_pettingzoo_api_and_seed_tests_pass(board, players):
    api_test(aec_env(players=players, **BOARDS[board]), num_cycles=400)
    seed_test(lambda: aec_env(players=players, **BOARDS[board]), num_cycles=200)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", list(BOARDS))
def test_gymnasium_check_env_passes(board, players):
    check_env(gym_env(players=players, **BOARDS[board]), skip_render_check=True)


def test_gym_make_by_id_plays_whole_games_with_rewards():
    env = gym.make("sim.env.gym_env:domsim/Dominion-v0", opponents="bmu", fallback="bmu",
                   decisions="buy", seat="alternate")
    obs, info = env.reset(seed=3)
    seats, ends = set(), 0
    while ends < 4:
        assert info["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        if terminated or truncated:
            assert reward in (0.0, 0.5, 1.0)
            seats.add(info["seat"])
            ends += 1
            obs, info = env.reset()
    assert seats == {0, 1}
    env.close()


def test_aec_rewards_follow_the_outcome_and_sum_to_one_or_zero():
    env = aec_env(players=3, decisions="buy", bots="bmu")
    env.reset(seed=1)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(env.action_space(agent).sample(obs["action_mask"]))
    assert sum(total.values()) in (0.0, pytest.approx(1.0))
    zero = aec_env(players=2, decisions="buy", rewards="zero_sum")
    zero.reset(seed=2)
    got = {a: 0.0 for a in zero.possible_agents}
    for agent in zero.agent_iter():
        obs, reward, terminated, truncated, info = zero.last()
        got[agent] += reward
        zero.step(None if terminated or truncated else
                  zero.action_space(agent).sample(obs["action_mask"]))
    assert sum(got.values()) == pytest.approx(0.0)


def test_an_illegal_step_raises_and_names_the_legal_actions():
    env = gym_env(decisions="buy")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    with pytest.raises(IllegalActionError, match="legal:"):
        env.step(illegal)
    with pytest.raises(ValueError, match="rewards"):
        gym_env(rewards="points")
