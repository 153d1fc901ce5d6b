"""Agents at the table: a step-by-step game API and standard environments.

* :func:`new_state` / :class:`Game` / :class:`State`: OpenSpiel-style game and state
  (legal actions, apply, clone, observation, returns, log, serialize).
* :func:`scenario_state`: a state at a built situation (sim.engine.scenario).
* :func:`aec_env`: a PettingZoo AEC environment (2-4 players).
* :func:`gym_env`: a Gymnasium environment, one agent against domsim bots
  (registered as ``domsim/Dominion-v0`` when this package is imported and Gymnasium is
  installed, so ``gymnasium.make("domsim/Dominion-v0")`` works after ``import sim.env``;
  Gymnasium versions that load plugins find it through the ``gymnasium.envs`` entry point).

The environments need the ``env`` extra (``pip install -e ".[env]"``); the state API
needs nothing beyond the engine (without Gymnasium, nothing is registered).
"""

from __future__ import annotations

from sim.engine.layout import V_TURN_CAP, V
from sim.env.actions import N_ACTIONS, action_name
from sim.env.core import OBS_SIZE
from sim.env.registration import ENV_ID, register_gymnasium
from sim.env.state import TERMINAL, Game, IllegalActionError, State

_V_TURN_CAP = V + V_TURN_CAP

__all__ = ["ENV_ID", "N_ACTIONS", "OBS_SIZE", "TERMINAL", "Game", "IllegalActionError", "State",
           "action_name", "aec_env", "gym_env", "new_state", "register_gymnasium", "scenario_state"]


def new_state(kingdom=None, events=(), players: int = 2, bots="bmu", seed: int = 0,
              **game_args) -> State:
    """A new game's state (see :class:`Game` for the arguments), at the first decision
    an agent seat is asked."""
    first = game_args.pop("first", -1)
    game = Game(kingdom=kingdom, events=events, players=players, bots=bots, **game_args)
    return game.new_initial_state(seed, first)


def scenario_state(scenario, player: int, *, agents=None, decisions="all",
                   bots=None) -> State:
    """A state at the start of ``player``'s turn in a built situation
    (sim.engine.scenario.Scenario: this hand, this deck order, this Supply), for an agent
    or a search bot to decide from.  Its seats are played by the scenario's bots (or
    ``bots``); ``agents`` and ``decisions`` as for :class:`Game`."""
    cfg = scenario.config
    game = Game(kingdom=cfg.kingdom, events=cfg.events, players=cfg.n_players,
                bots=scenario.bots if bots is None else bots, agents=agents,
                decisions=decisions, turn_cap=int(scenario.S[_V_TURN_CAP]))
    return State.from_position(game, scenario.S, scenario.R, player)


def aec_env(**config):
    """A PettingZoo AEC environment (sim.env.pettingzoo_env.DominionAEC)."""
    from sim.env.pettingzoo_env import DominionAEC

    return DominionAEC(**config)


def gym_env(**config):
    """A Gymnasium environment (sim.env.gym_env.DominionEnv)."""
    from sim.env.gym_env import DominionEnv

    return DominionEnv(**config)


register_gymnasium()
