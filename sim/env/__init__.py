"""Agents at the table: a step-by-step game API and standard environments.

* :func:`new_state` / :class:`Game` / :class:`State`: OpenSpiel-style game and state
  (legal actions, apply, clone, observation, returns, log, serialize).
* :func:`aec_env`: a PettingZoo AEC environment (2-4 players).
* :func:`gym_env`: a Gymnasium environment, one agent against domsim bots
  (registered as ``domsim/Dominion-v0``).

The environments need the ``env`` extra (``pip install -e ".[env]"``); the state API
needs nothing beyond the engine.
"""

from __future__ import annotations

from sim.env.actions import N_ACTIONS, action_name
from sim.env.core import OBS_SIZE
from sim.env.state import TERMINAL, Game, IllegalActionError, State

__all__ = ["N_ACTIONS", "OBS_SIZE", "TERMINAL", "Game", "IllegalActionError", "State",
           "action_name", "aec_env", "gym_env", "new_state"]


def new_state(kingdom=None, events=(), players: int = 2, bots="bmu", seed: int = 0,
              **game_args) -> State:
    """A new game's state (see :class:`Game` for the arguments), at the first decision
    an agent seat is asked."""
    first = game_args.pop("first", -1)
    game = Game(kingdom=kingdom, events=events, players=players, bots=bots, **game_args)
    return game.new_initial_state(seed, first)


def aec_env(**config):
    """A PettingZoo AEC environment (sim.env.pettingzoo_env.DominionAEC)."""
    from sim.env.pettingzoo_env import DominionAEC

    return DominionAEC(**config)


def gym_env(**config):
    """A Gymnasium environment (sim.env.gym_env.DominionEnv)."""
    from sim.env.gym_env import DominionEnv

    return DominionEnv(**config)
