"""A Gymnasium environment: one agent against domsim bots, registered as
``domsim/Dominion-v0``.

    import gymnasium as gym
    env = gym.make("sim.env.gym_env:domsim/Dominion-v0", opponents="bmu")
    # (or `import sim.env.gym_env`, which registers it, then gym.make("domsim/Dominion-v0"))
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
results changes (observation, actions, rewards, defaults).
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np

from sim.env.spaces import MaskedDiscrete, check_rewards, game_seeds, observation_box, rewards_of
from sim.env.state import Game, State

ENV_ID = "domsim/Dominion-v0"


class DominionEnv(gym.Env):
    """Dominion for one agent (see module docstring).

    Args: kingdom, events, players, decisions, turn_cap as for :class:`sim.env.Game`;
    ``opponents``: a bot (or one per other seat) for the seats the agent does not play;
    ``fallback``: the bot that answers the agent seat's decisions it does not take
    (``decisions``); ``seat``: the agent's seat, or "alternate"; ``rewards``: "share"
    or "zero_sum"; ``render_mode``: None or "ansi".
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, kingdom=None, events=(), players: int = 2, opponents="bmu",
                 fallback="bmu", decisions="all", seat: int | str = 0, turn_cap: int = 100,
                 rewards: str = "share", render_mode: str | None = None):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.reward_scheme = check_rewards(rewards)
        if seat != "alternate" and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat: 0..{players - 1} or 'alternate', not {seat!r}")
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
                                      turn_cap=turn_cap)
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
        return self.state.legal_actions_mask().astype(bool)

    def _obs_info(self) -> tuple[np.ndarray, dict]:
        info = {"action_mask": self.state.legal_actions_mask(), "seat": self.seat}
        if self.state.is_terminal():
            info.update(scores=self.state.scores(), winners=self.state.winners())
        return self.state.observation(self.seat), info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
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
        return self._obs_info()

    def step(self, action):
        if self.state is None or self.state.is_terminal():
            raise RuntimeError("step() after the end of an episode: call reset()")
        self.state.apply_action(int(action))
        reward, terminated, truncated = 0.0, False, False
        if self.state.is_terminal():
            truncated = self.state.is_truncated()
            terminated = not truncated
            if terminated:
                reward = rewards_of(self.state, self.reward_scheme)[self.seat]
        obs, info = self._obs_info()
        return obs, float(reward), terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.state is not None:
            return self.state.log()
        return None


def register_envs() -> None:
    """Register ``domsim/Dominion-v0`` with Gymnasium (done when this module is imported,
    which ``gym.make("sim.env.gym_env:domsim/Dominion-v0")`` does itself)."""
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="sim.env.gym_env:DominionEnv")


register_envs()
