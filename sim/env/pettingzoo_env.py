"""A PettingZoo AEC environment: every seat an agent, one decision per step.

    from sim.env import aec_env
    env = aec_env(players=3, kingdom="first-game")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else \\
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Observations are ``{"observation": float32[OBS_SIZE], "action_mask": int8[N_ACTIONS]}``
(the mask is all zeros for an agent not asked now).  Rewards come at the end:
domsim's outcome (a win, a shared win after the fewer-turns tie-break; see
sim.env.spaces.REWARDS); a game stopped at the turn cap is truncated, with no reward.
``step(None)`` is only for an agent that is done; actions are ints (or a legal action's
words, sim.env.State.apply_action).  Rendering ("human" prints, "ansi" returns text) is a
spectator's public view (sim.env.spaces.render_text): no hand, no draw pile.
"""

from __future__ import annotations

import functools

import numpy as np
from pettingzoo import AECEnv

from sim.env.arguments import check_optional_seed, show
from sim.env.spaces import (
    RENDER_FPS,
    RENDER_MODES,
    MaskedDiscrete,
    check_render_mode,
    check_rewards,
    game_seeds,
    mask_box,
    observation_box,
    render_text,
    rewards_of,
)
from sim.env.state import Game, IllegalActionError, State


class DominionAEC(AECEnv):
    """Dominion for PettingZoo's AEC API (see module docstring).

    Args: those of :class:`sim.env.Game` except ``agents`` (every seat is an agent here),
    and ``rewards`` ("share" or "zero_sum"), ``render_mode`` (None, "human": printed at
    each reset and step, or "ansi": ``render()`` returns the text; a spectator's view).
    """

    metadata = {"name": "domsim_dominion_v0", "render_modes": list(RENDER_MODES),
                "render_fps": RENDER_FPS, "is_parallelizable": False}

    def __init__(self, kingdom=None, events=(), players: int = 2, bots="bmu",
                 decisions="all", turn_cap: int = 100, rewards: str = "share",
                 render_mode: str | None = None, kingdom_seed: int = 0):
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.reward_scheme = check_rewards(rewards)
        self.game = Game(kingdom=kingdom, events=events, players=players, bots=bots,
                         decisions=decisions, turn_cap=turn_cap, kingdom_seed=kingdom_seed)
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._seeds = game_seeds(None)
        self.state: State | None = None
        self._obs_space = observation_box()

    @functools.cache  # noqa: B019 - one space per agent, as PettingZoo wants
    def observation_space(self, agent):
        from gymnasium import spaces

        return spaces.Dict({"observation": self._obs_space, "action_mask": mask_box()})

    @functools.cache  # noqa: B019
    def action_space(self, agent):
        seat = self._seat_of(agent)
        return MaskedDiscrete(lambda: self._mask(seat))

    def _mask(self, seat: int) -> np.ndarray | None:
        if self.state is None or self.state.current_player() != seat:
            return None
        return self.state.mask

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        seed = check_optional_seed(seed, "seed")
        if seed is not None:
            self._seeds = game_seeds(seed)
        self.state = self.game.new_initial_state(int(self._seeds.integers(1 << 62)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """After a step: who moves next, or the end's rewards and flags."""
        st = self.state
        if st.is_terminal():
            cap = st.is_truncated()
            r = [0.0] * len(self.agents) if cap else rewards_of(st, self.reward_scheme)
            for a in self.agents:
                self.rewards[a] = r[self._seat[a]]
                self.terminations[a] = not cap
                self.truncations[a] = cap
                self.infos[a] = {"scores": st.scores(), "winners": st.winners()}
        else:
            self.agent_selection = self.possible_agents[st.current_player()]

    def _seat_of(self, agent) -> int:
        """``agent``'s seat; an unknown name is a one-line ValueError, not a KeyError."""
        try:
            return self._seat[agent]
        except (KeyError, TypeError):
            raise ValueError(f"agent: one of {', '.join(self.possible_agents)}, not "
                             f"{show(agent)}") from None

    def observe(self, agent):
        seat = self._seat_of(agent)
        if self.state is None:
            raise RuntimeError("observe() before reset(): call reset() first")
        mask = np.zeros(len(self.state.mask), np.int8)
        if self.state.current_player() == seat:
            mask[:] = self.state.mask
        return {"observation": self.state.observation(seat), "action_mask": mask}

    def step(self, action) -> None:
        # PettingZoo's OrderEnforcingWrapper would catch these two; this env is handed
        # out unwrapped, so it says them itself, in one line, instead of an
        # AttributeError on agent_selection or a KeyError on the agent that left last.
        if self.state is None:
            raise RuntimeError("step() before reset(): call reset() first")
        if not self.agents:
            raise RuntimeError("step() after the game is over: every agent has left; call "
                               "reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"step(None) for {agent}, who is asked "
                                     f"{self.state.decision_name()}: None is only for an "
                                     "agent that is done; give an action (an int)")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(action)
        self._settle()
        if self.state.is_terminal():
            # Every agent leaves through _was_dead_step, starting with the one who moved.
            self.agent_selection = agent
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The public view (sim.env.spaces.render_text): printed in "human" mode (None
        returned), returned in "ansi" mode; None without a render mode or a game."""
        if self.render_mode is None or self.state is None:
            return None
        text = render_text(self.state, self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
