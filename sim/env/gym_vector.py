"""A ``gymnasium.vector.VectorEnv`` on batched stepping (sim.env.vector): N games, one
agent seat each, against domsim bots, stepped in one compiled call.

    env = DominionVectorEnv(num_envs=1024, opponents="bmu")
    obs, info = env.reset(seed=0)
    actions = env.sample_legal(rng)            # or your policy, masked by info["action_mask"]
    obs, rewards, terminated, truncated, info = env.step(actions)

Autoreset is Gymnasium's "same step" mode: the step that ends a game returns the next
game's first observation (the ended game's reward and flags are those of that step).
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from sim.engine.config import check_players
from sim.env.actions import N_ACTIONS
from sim.env.arguments import check_count, check_seat
from sim.env.spaces import observation_box
from sim.env.state import Game
from sim.env.vector import VectorGames


class DominionVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games with the agent in ``seat`` (see module docstring; the other
    arguments are those of sim.env.gym_env.DominionEnv)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int = 64, kingdom=None, events=(), players: int = 2,
                 opponents="bmu", fallback="bmu", decisions="all", seat: int = 0,
                 turn_cap: int = 100, kingdom_seed: int = 0):
        players = check_players(players)
        seat = check_seat(seat, players, "seat")
        num_envs = check_count(num_envs, "num_envs", 1, "game")
        # One bot for every other seat unless a list or tuple (as DominionEnv takes it):
        # a bot object is one bot, not a sequence to take apart.
        others = [opponents] * (players - 1) if isinstance(opponents, str) or \
            not isinstance(opponents, (list, tuple)) else list(opponents)
        if len(others) != players - 1:
            raise ValueError(f"opponents: one bot, or one per other seat ({players - 1}), "
                             f"not {len(others)}")
        bots = others[:seat] + [fallback] + others[seat:]
        self.game = Game(kingdom=kingdom, events=events, players=players, bots=bots,
                         agents=[seat], decisions=decisions, turn_cap=turn_cap,
                         kingdom_seed=kingdom_seed)
        self.games = VectorGames(self.game, num_envs)
        self.seat = seat
        self.num_envs = num_envs
        self.single_observation_space = observation_box()
        self.single_action_space = gym.spaces.Discrete(N_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        obs, masks = self.games.reset(seed=0 if seed is None and not hasattr(self, "_seeded")
                                      else seed)
        self._seeded = True
        return obs, {"action_mask": masks}

    def step(self, actions):
        obs, rewards, terminated, truncated = self.games.step(np.asarray(actions))
        return (obs, rewards[:, self.seat].copy(), terminated.copy(), truncated.copy(),
                {"action_mask": self.games.masks})

    def action_masks(self) -> np.ndarray:
        return self.games.masks.astype(bool)

    def sample_legal(self, rng: np.random.Generator) -> np.ndarray:
        """A random legal action per game (``rng``: a numpy Generator)."""
        return self.games.sample_actions(rng)
