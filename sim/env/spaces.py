"""What the environments share: their spaces, rewards, seeding and rendering (needs
gymnasium).

Rendering is for a spectator: :func:`render_text` writes only what every player may see
(the Supply, the trash, each player's pile sizes, score, turns and Tavern mat, who is
asked what), never a hand, a draw pile's order or a card a player looked at, so an agent
that calls ``render()`` learns nothing its observation does not hold.  "human" prints it
(at each reset and step, and on ``render()``), "ansi" returns it.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from sim.env.actions import N_ACTIONS
from sim.env.core import OBS_HIGH, OBS_LOW, OBS_SIZE
from sim.env.state import State
from sim.env.view import render_text  # noqa: F401 - the environments' renderer, shared

#: Reward schemes: "share" gives each of k winners 1/k and everyone else 0 (the win
#: rate domsim reports); "zero_sum" subtracts the table's mean share, so rewards sum to 0.
REWARDS = ("share", "zero_sum")


class MaskedDiscrete(spaces.Discrete):
    """``Discrete(N_ACTIONS)`` whose ``sample()`` without a mask draws a legal action of the
    decision asked now (``mask_of()``): a random agent written the usual way,
    ``env.action_space.sample()``, then plays legal moves.  With a mask, as Gymnasium's."""

    def __init__(self, mask_of, seed: int | None = None):
        super().__init__(N_ACTIONS, seed=seed)
        self._mask_of = mask_of

    def sample(self, mask: np.ndarray | None = None, probability=None) -> np.int64:
        if probability is not None:
            return super().sample(mask=mask, probability=probability)
        if mask is None:
            mask = self._mask_of()
            if mask is None or not mask.any():
                return super().sample()
        # Gymnasium's masked draw, without its per-call checks (a third of a random
        # agent's step): uniform among the legal actions; none legal gives ``start``.
        if mask.shape != (self.n,):
            raise ValueError(f"mask: shape ({self.n},), not {mask.shape}")
        legal = mask.nonzero()[0]
        if len(legal) == 0:
            return self.start
        # (a float draw: Generator.integers costs several times as much per call)
        return self.start + np.int64(legal[int(self.np_random.random() * len(legal))])


def observation_box() -> spaces.Box:
    """The observation vector's space: every entry of every observation lies in
    [OBS_LOW, OBS_HIGH] (sim.env.core; counts, sizes, turns, $ are 0 or more, a score
    may be negative, the question's arg may be -1; tests/test_env_conformance.py
    checks every decision of every card and Event against it)."""
    return spaces.Box(low=OBS_LOW, high=OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32)


def mask_box() -> spaces.Box:
    return spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8)


def rewards_of(state: State, scheme: str) -> list[float]:
    """Each seat's terminal reward under ``scheme`` (REWARDS)."""
    r = state.returns()
    if scheme == "zero_sum":
        mean = sum(r) / len(r)
        return [x - mean for x in r]
    return r


def check_rewards(scheme: str) -> str:
    if scheme not in REWARDS:
        raise ValueError(f"rewards: {scheme!r} is not one of {', '.join(REWARDS)}")
    return scheme


def game_seeds(seed: int | None) -> np.random.Generator:
    """The stream each reset's game seed is drawn from (a seed gives the same games)."""
    return np.random.default_rng(seed)


#: The render modes of both environments (see module docstring) and their metadata.
RENDER_MODES = ("human", "ansi")
RENDER_FPS = 4


def check_render_mode(mode: str | None) -> str | None:
    """``mode`` if it is None or one of RENDER_MODES, else a one-line ValueError."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode: None, {', '.join(map(repr, RENDER_MODES))}, "
                         f"not {mode!r}")
    return mode


