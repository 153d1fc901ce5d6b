"""Every bad argument of the public API is one line naming the argument, the value and
what is accepted (issue 46, item 3): never a numba typing error, an OverflowError or
KeyError naming nothing, nor a value silently rounded or taken for another.

Each case below is a defect found before: a seed of -1 or 2**64 overflowed in numpy, 1.5
played game 1 and '7' game 7; a seat of 1.5 reached compiled code; ``rng=None`` failed
on ``.integers``; ``players=2.0`` and ``'2'`` failed far from the check; an empty kingdom
string played First Game; the PettingZoo env's step before reset and after every agent
left raised AttributeError / KeyError; the Gym env's step before reset spoke of an
episode's end; an IntEnum action was "not an action"; the general policy's training
chart named the letters of ``random:all`` as its kingdom.
"""

from __future__ import annotations

import json
from enum import IntEnum
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sim.env import Game, IllegalActionError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    return Game()


@pytest.fixture(scope="module")
def state(game):
    return game.new_initial_state(7)


def one_line(excinfo, *names: str) -> str:
    """The error's message: one line, naming each of ``names`` (the argument and value)."""
    text = str(excinfo.value)
    assert "\n" not in text, text
    for name in names:
        assert name in text, (name, text)
    return text


# -- seeds -----------------------------------------------------------------------------

BAD_SEEDS = [-1, 2**64, 1.5, "7", True, None, np.int64(-3)]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_a_bad_seed_is_refused_in_one_line(game, seed):
    with pytest.raises(ValueError) as e:
        game.new_initial_state(seed)
    one_line(e, "seed", repr(seed), "2**64-1")


@pytest.mark.parametrize("seed", [0, 2**63, 2**64 - 1, np.uint64(2**64 - 1), np.int32(5)],
                         ids=repr)
def test_every_engine_seed_is_taken(game, seed):
    """The engine's seeds are 64-bit (every game seed a batch draws): all of them play."""
    from sim.env.arguments import check_seed

    assert game.new_initial_state(seed).seed == int(seed)
    assert type(check_seed(seed)) is int


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5], ids=repr)
def test_a_bad_kingdom_seed_is_refused_in_one_line(seed):
    with pytest.raises(ValueError) as e:
        Game(kingdom="random", kingdom_seed=seed)
    one_line(e, "kingdom_seed", repr(seed))


@pytest.mark.parametrize("first", [1.5, 2, -2, "0"], ids=repr)
def test_a_bad_first_seat_is_refused_in_one_line(game, first):
    with pytest.raises(ValueError) as e:
        game.new_initial_state(0, first)
    one_line(e, "first", repr(first))


@pytest.mark.parametrize("env", ["gym", "aec"])
@pytest.mark.parametrize("seed", [-1, 1.5, 2**64], ids=repr)
def test_an_environments_bad_reset_seed_is_refused_in_one_line(env, seed):
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from sim.env import aec_env, gym_env

    e_ = gym_env() if env == "gym" else aec_env()
    with pytest.raises(ValueError) as e:
        e_.reset(seed=seed)
    one_line(e, "seed", repr(seed))


@pytest.mark.parametrize("seed", [-1, 1.5, 2**64], ids=repr)
def test_the_batched_games_bad_seed_is_refused_in_one_line(game, seed):
    from sim.env.vector import VectorGames

    with pytest.raises(ValueError) as e:
        VectorGames(game, 2, seed=seed)
    one_line(e, "seed", repr(seed))
    games = VectorGames(game, 2)
    with pytest.raises(ValueError) as e:
        games.reset(seed=seed)
    one_line(e, "seed", repr(seed))


# -- seats, the rng, out ---------------------------------------------------------------

@pytest.mark.parametrize("call", ["observation", "observe_into", "resample"])
@pytest.mark.parametrize("player", [1.5, 2, -1, "0", True], ids=repr)
def test_a_bad_seat_is_refused_in_one_line(state, call, player):
    with pytest.raises(ValueError) as e:
        if call == "observation":
            state.observation(player)
        elif call == "observe_into":
            state.observe_into(player, np.zeros(len(state.observation(0)), np.float32))
        else:
            state.resample(player, np.random.default_rng(0))
    one_line(e, "player", repr(player), "0..1")


def test_a_numpy_integer_seat_is_a_seat(state):
    assert (state.observation(np.int32(1)) == state.observation(1)).all()


@pytest.mark.parametrize("rng", [None, 5, np.random.RandomState(0)], ids=repr)
def test_resample_takes_a_numpy_generator_only(state, rng):
    with pytest.raises(ValueError) as e:
        state.resample(0, rng)
    one_line(e, "rng", "Generator", type(rng).__name__)


@pytest.mark.parametrize("tries", [0, 2.0, "8"], ids=repr)
def test_resample_tries_is_a_whole_number(state, tries):
    with pytest.raises(ValueError) as e:
        state.resample(0, np.random.default_rng(0), tries)
    one_line(e, "tries", repr(tries))


@pytest.mark.parametrize("out", [np.zeros(3, np.float32), np.zeros(1504), [0.0] * 1504],
                         ids=["short", "float64", "list"])
def test_observe_into_takes_a_float32_array_of_the_observations_size(state, out):
    with pytest.raises(ValueError) as e:
        state.observe_into(0, out)
    one_line(e, "out", "float32")


# -- players, kingdom, turn_cap, agents ------------------------------------------------

@pytest.mark.parametrize("players", [2.0, "2", 5, True, None], ids=repr)
def test_bad_players_are_refused_in_one_line_by_game_and_match(players):
    from sim.engine.config import ConfigError, GameConfig
    from sim.runner import Match

    makers = [lambda: Game(players=players), lambda: GameConfig(n_players=players)]
    if players is not None:         # a Match's None: as many players as bots
        makers.append(lambda: Match("bmu", "bmu", players=players, games=2))
    for make in makers:
        with pytest.raises(ConfigError) as e:
            make()
        one_line(e, "players", repr(players), "2, 3 or 4")


@pytest.mark.parametrize("kingdom", ["", "   ", [], 5], ids=repr)
def test_an_empty_or_unusable_kingdom_is_refused_in_one_line(kingdom):
    from sim.engine.config import ConfigError

    with pytest.raises(ConfigError) as e:
        Game(kingdom=kingdom)
    one_line(e, "kingdom", repr(kingdom), "first-game")


def test_no_kingdom_still_means_first_game():
    from sim.cards import FIRST_GAME

    assert Game(kingdom=None).config.kingdom == Game(kingdom="first-game").config.kingdom \
        == FIRST_GAME


@pytest.mark.parametrize("turn_cap", [1.5, "100", 0], ids=repr)
def test_a_bad_turn_cap_is_refused_in_one_line(turn_cap):
    from sim.engine.config import ConfigError

    with pytest.raises(ConfigError) as e:
        Game(turn_cap=turn_cap)
    one_line(e, "turn_cap", repr(turn_cap), "1..1000")


@pytest.mark.parametrize("agents", [[1.0], [2], 3, "0"], ids=repr)
def test_bad_agents_are_refused_in_one_line(agents):
    with pytest.raises(ValueError) as e:
        Game(agents=agents)
    one_line(e, "agents", repr(agents).strip("[]"))


# -- actions ---------------------------------------------------------------------------

def test_an_int_enum_action_is_its_value(game):
    state = game.new_initial_state(7)
    legal = state.legal_actions()
    Choice = IntEnum("Choice", {"FIRST": legal[0]})
    twin = state.clone()
    state.apply_action(Choice.FIRST)
    twin.apply_action(legal[0])
    assert state.history == twin.history and type(state.history[-1]) is int
    with pytest.raises(IllegalActionError):     # a bool is still no action
        game.new_initial_state(7).apply_action(True)


# -- the environments' order of calls --------------------------------------------------

def test_the_aec_envs_step_before_reset_and_after_the_end_is_one_line():
    pytest.importorskip("pettingzoo")
    from sim.env import aec_env

    env = aec_env()
    with pytest.raises(RuntimeError) as e:
        env.step(0)
    one_line(e, "reset()")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else
                 env.action_space(agent).sample(obs["action_mask"]))
    assert not env.agents
    with pytest.raises(RuntimeError) as e:
        env.step(None)
    one_line(e, "every agent has left", "reset()")
    with pytest.raises(ValueError) as e:
        env.observe("player_9")
    one_line(e, "agent", "'player_9'", "player_0")


def test_the_gym_envs_step_before_reset_says_reset_was_never_called():
    pytest.importorskip("gymnasium")
    from sim.env import gym_env

    env = gym_env()
    with pytest.raises(RuntimeError) as e:
        env.step(0)
    assert "end of an episode" not in one_line(e, "before reset()")


# -- the training chart's title --------------------------------------------------------

def test_the_general_runs_chart_names_its_kingdom_spec():
    pytest.importorskip("matplotlib")
    from sim.analysis import plot

    run = ROOT / "experiments" / "results" / "learn" / "general"
    meta = json.loads((run / "policy.json").read_text(encoding="utf-8"))
    assert meta["kingdom"] == "random:all"      # the spec, kept as a string
    title = plot.training_curve(pd.read_csv(run / "curve.csv"), meta)._suptitle.get_text()
    assert "kingdom random:all" in title and "r, a, n" not in title, title
    assert plot.kingdom_label("random:all") == "kingdom random:all"
    assert plot.kingdom_label("first-game") == "First Game kingdom"
    assert plot.kingdom_label(["Smithy", "Moat", "Militia", "Witch"]) == \
        "kingdom Smithy, Moat, Militia +1"


def test_sim_env_gym_env_stays_callable_once_its_module_is_imported():
    """Importing sim.env.gym_env sets the package's attribute ``gym_env`` to the module;
    the module is callable as the function was, so ``sim.env.gym_env(...)`` keeps working."""
    pytest.importorskip("gymnasium")
    import sim.env
    import sim.env.gym_env  # noqa: F401 - the import that shadows the function

    env = sim.env.gym_env(opponents="bmu")
    assert type(env).__name__ == "DominionEnv"
    from sim.env.gym_env import DominionEnv  # and it is the module still
    assert isinstance(env, DominionEnv)


# -- more of the same, found around them ------------------------------------------------

@pytest.mark.parametrize("kw, names", [
    ({"events": 5}, ("events", "5")),
    ({"decisions": 5}, ("decisions", "5")),
    ({"decisions": None}, ("decisions", "None")),
    ({"decisions": [True]}, ("decisions", "True")),
    ({"decisions": []}, ("decisions", "none given")),
], ids=repr)
def test_bad_events_and_decisions_are_refused_in_one_line(kw, names):
    with pytest.raises(ValueError) as e:
        Game(**kw)
    one_line(e, *names)


@pytest.mark.parametrize("action", [1.5, "0", None], ids=repr)
def test_action_to_string_takes_an_int(state, action):
    with pytest.raises(ValueError) as e:
        state.action_to_string(action)
    one_line(e, "action", repr(action))
    assert state.action_to_string(np.int64(0)) == state.action_to_string(0)


def test_the_batched_games_step_before_reset_and_a_bad_rng_are_one_line(game):
    from sim.env.vector import VectorGames

    games = VectorGames(game, 2)
    with pytest.raises(RuntimeError) as e:
        games.step(np.zeros(2, np.int64))
    one_line(e, "reset()")
    with pytest.raises(ValueError) as e:
        games.sample_actions(None)
    one_line(e, "rng", "None")
    with pytest.raises(ValueError) as e:
        VectorGames(game, 1.5)
    one_line(e, "n", "1.5")


@pytest.mark.parametrize("kw, names", [({"chunk_size": 1.5}, ("chunk size", "1.5")),
                                       ({"chunk_size": "5"}, ("chunk size", "'5'"))], ids=repr)
def test_a_matchs_bad_chunk_size_is_refused_in_one_line(kw, names):
    from sim.engine.config import ConfigError
    from sim.runner import Match

    with pytest.raises(ConfigError) as e:
        Match("bmu", "bmu", games=4, **kw)
    one_line(e, *names)


@pytest.mark.parametrize("processes", [1.5, "2", 0], ids=repr)
def test_a_bad_number_of_processes_is_refused_in_one_line(processes):
    from sim.engine.config import ConfigError
    from sim.runner.execute import LocalBackend

    with pytest.raises(ConfigError) as e:
        LocalBackend(processes)
    one_line(e, "processes", repr(processes))
