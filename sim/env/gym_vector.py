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

from sim.env.actions import N_ACTIONS
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
        if not 0 <= seat < players:
            raise ValueError(f"seat: 0..{players - 1}, not {seat}")
        others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
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
        """A random legal action per game."""
        return self.games.sample_actions(rng)
