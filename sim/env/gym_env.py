"""A Gymnasium environment: one agent against domsim bots, registered as
``domsim/Dominion-v0``.

    import gymnasium as gym
    import sim.env                       # registers domsim/Dominion-v0 with Gymnasium
    env = gym.make("domsim/Dominion-v0", opponents="bmu")
    obs, info = env.reset(seed=0)
    while True:
        action = env.action_space.sample()   # a legal action (sim.env.spaces.MaskedDiscrete)
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The agent's seat is ``seat`` (or alternates between episodes with ``seat="alternate"``);
the other seats are played by ``opponents`` inside compiled code.  ``info["action_mask"]``
and ``env.action_masks()`` (the name sb3-contrib's MaskablePPO calls) give the legal
actions.  The reward comes at the end (sim.env.spaces.REWARDS); a game stopped at the
turn cap is truncated.  Bump the version when anything that could change learning
results changes (observation, actions, rewards, defaults).  Rendering ("human" prints at
each reset and step, "ansi" returns the text) is a spectator's public view
(sim.env.spaces.render_text).
"""

from __future__ import annotations

import sys
import types

import gymnasium as gym
import numpy as np

from sim.engine.config import check_players
from sim.env.arguments import check_optional_seed, is_whole, show
from sim.env.registration import ENV_ID, register_gymnasium  # noqa: F401 - ENV_ID: read here before
from sim.env.spaces import (
    RENDER_FPS,
    RENDER_MODES,
    MaskedDiscrete,
    check_render_mode,
    check_rewards,
    game_seeds,
    observation_box,
    render_text,
    rewards_of,
)
from sim.env.state import Game, State


class DominionEnv(gym.Env):
    """Dominion for one agent (see module docstring).

    Args: kingdom, events, players, decisions, turn_cap as for :class:`sim.env.Game`;
    ``opponents``: a bot (or one per other seat) for the seats the agent does not play;
    ``fallback``: the bot that answers the agent seat's decisions it does not take
    (``decisions``); ``seat``: the agent's seat, or "alternate"; ``rewards``: "share"
    or "zero_sum"; ``render_mode``: None, "human" or "ansi" (a spectator's view);
    ``kingdom_seed``: the seed a random kingdom or random Events are drawn from (once).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}

    def __init__(self, kingdom=None, events=(), players: int = 2, opponents="bmu",
                 fallback="bmu", decisions="all", seat: int | str = 0, turn_cap: int = 100,
                 rewards: str = "share", render_mode: str | None = None,
                 kingdom_seed: int = 0):
        self.render_mode = check_render_mode(render_mode)
        self.reward_scheme = check_rewards(rewards)
        players = check_players(players)
        if seat != "alternate" and not (is_whole(seat) and 0 <= seat < players):
            raise ValueError(f"seat: 0..{players - 1} or 'alternate', not {show(seat)}")
        self._alternate = seat == "alternate"
        others = [opponents] * (players - 1) if isinstance(opponents, str) or \
            not isinstance(opponents, (list, tuple)) else list(opponents)
        if len(others) != players - 1:
            raise ValueError(f"opponents: one bot, or one per other seat ({players - 1})")
        self._games = {}
        for s in range(players):
            if self._alternate or s == seat:
                bots = others[:s] + [fallback] + others[s:]
                self._games[s] = Game(kingdom=kingdom, events=events, players=players,
                                      bots=bots, agents=[s], decisions=decisions,
                                      turn_cap=turn_cap, kingdom_seed=kingdom_seed)
                # Every seat's game on the table the first one drew (a random kingdom).
                kingdom, events = self._games[s].config.kingdom, self._games[s].config.events
        self.seat = 0 if self._alternate else int(seat)
        self.observation_space = observation_box()
        self.action_space = MaskedDiscrete(self._current_mask)
        self.state: State | None = None
        self._seeds = game_seeds(None)
        self._episodes = 0

    def _current_mask(self) -> np.ndarray | None:
        return None if self.state is None or self.state.is_terminal() else self.state.mask

    def action_masks(self) -> np.ndarray:
        """Legal actions now, as booleans (sb3-contrib's MaskablePPO reads this)."""
        if self.state is None:
            raise RuntimeError("action_masks() before reset(): call reset() first")
        return self.state.legal_actions_mask().astype(bool)

    def _obs_info(self) -> tuple[np.ndarray, dict]:
        info = {"action_mask": self.state.legal_actions_mask(), "seat": self.seat}
        if self.state.is_terminal():
            info.update(scores=self.state.scores(), winners=self.state.winners())
        return self.state.observation(self.seat), info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        seed = check_optional_seed(seed, "seed")
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = game_seeds(seed)
            self._episodes = 0
        if self._alternate:
            self.seat = self._episodes % len(self._games)
        self._episodes += 1
        game = self._games[self.seat]
        self.state = game.new_initial_state(int(self._seeds.integers(1 << 62)))
        # A game the opponents end before the agent is asked anything: play another.
        while self.state.is_terminal():
            self.state = game.new_initial_state(int(self._seeds.integers(1 << 62)))
        if self.render_mode == "human":
            self.render()
        return self._obs_info()

    def step(self, action):
        if self.state is None:
            raise RuntimeError("step() before reset(): call reset() first")
        if self.state.is_terminal():
            raise RuntimeError("step() after the end of an episode: call reset()")
        self.state.apply_action(action)
        reward, terminated, truncated = 0.0, False, False
        if self.state.is_terminal():
            truncated = self.state.is_truncated()
            terminated = not truncated
            if terminated:
                reward = rewards_of(self.state, self.reward_scheme)[self.seat]
        obs, info = self._obs_info()
        if self.render_mode == "human":
            self.render()
        return obs, float(reward), terminated, truncated, info

    def render(self) -> str | None:
        """The public view (sim.env.spaces.render_text; the agent is ``player_<seat>``):
        printed in "human" mode (None returned), returned in "ansi" mode."""
        if self.render_mode is None or self.state is None:
            return None
        names = [f"player_{s}" + (" (agent)" if s == self.seat else "")
                 for s in range(self.state.game.num_players)]
        text = render_text(self.state, names)
        if self.render_mode == "human":
            print(text)
            return None
        return text


#: The name this module had for it (sim.env registers on import).
register_envs = register_gymnasium


class _CallableModule(types.ModuleType):
    """This module, callable as :func:`sim.env.gym_env`: importing it sets the package's
    attribute ``gym_env`` to the module (Python's import does), which then shadows the
    function of that name, so ``sim.env.gym_env(...)`` would fail with "'module' object
    is not callable" after the first environment was made.  Called, the module is the
    function; imported or patched, it is a module as before."""

    def __call__(self, **config) -> DominionEnv:
        return DominionEnv(**config)


sys.modules[__name__].__class__ = _CallableModule
