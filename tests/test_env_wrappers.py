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

from sim.cards import N_CARDS  # noqa: E402
from sim.env import IllegalActionError, aec_env, gym_env  # noqa: E402
from sim.env.actions import NONE  # noqa: E402

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


# -- inputs (issue 35, item 4) ----------------------------------------------------------
def test_card_and_event_strings_are_read_as_the_cli_reads_them():
    """A comma string of Events (not its letters), "auto" and "random" boards: the Game,
    both environments and gym.make take what the CLI and a Match take, and draw the
    same board from the same seed as a run does (sim.engine.config.resolve_table)."""
    from sim.env import Game
    from sim.runner.plan import make_config

    assert Game(events="Lost Arts,Seaway").params()["events"] == ["Seaway", "Lost Arts"]
    assert aec_env(events="Lost Arts, Seaway").game.params()["events"] == \
        ["Seaway", "Lost Arts"]
    env = gym.make("domsim/Dominion-v0", events="Lost Arts,Seaway")
    assert env.unwrapped.state is None and \
        env.unwrapped._games[0].params()["events"] == ["Seaway", "Lost Arts"]
    for seed in (0, 3):
        run = make_config(["bmu", "bmu"], kingdom="random:adventures", events="random",
                          seed=seed)
        game = Game(kingdom="random:adventures", events="random", kingdom_seed=seed)
        assert (game.params()["kingdom"], game.params()["events"]) == \
            (list(run.kingdom), list(run.events))
    run = make_config(["smithy-bm", "bmu"], kingdom="auto")
    assert Game(kingdom="auto", bots=["smithy-bm", "bmu"]).params()["kingdom"] == \
        list(run.kingdom)
    assert gym_env(kingdom="random", events="random", kingdom_seed=5).reset(seed=0)
    with pytest.raises(ValueError, match="unknown Event 'Lost Artz'"):
        Game(events="Lost Artz,Seaway")


def test_an_action_must_be_an_int_or_a_legal_actions_words():
    """Floats, bools, numbers as strings, None and unknown words are refused with one
    line naming the legal actions (not taken as action 0, not a bare TypeError); numpy
    integers and a legal action's words (a card's name, "end") are taken."""
    from sim.env import new_state

    state = new_state(seed=1)
    assert state.legal_actions() == [0, NONE]          # Copper, end
    for bad, what in [(0.9, "float"), ("0", "a number as a string"), (True, "bool"),
                      (None, "NoneType"), ("Glod", "no legal action"),
                      (np.float64(0), "float64")]:
        with pytest.raises(IllegalActionError, match=what) as err:
            state.apply_action(bad)
        assert "\n" not in str(err.value) and f"0 (Copper), {N_CARDS} (end)" in str(err.value)
    assert state.history == []
    by_words = state.clone()
    by_words.apply_action(" copper ")
    state.apply_action(np.int64(0))
    assert by_words.history == state.history == [0]
    by_words.apply_action("END")
    assert by_words.history == [0, NONE]


def test_environments_refuse_a_non_int_action_with_one_line():
    env = aec_env()
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"step\(None\) for player_\d, who is asked"):
        env.step(None)
    g = gym_env()
    g.reset(seed=0)
    with pytest.raises(IllegalActionError, match="float"):
        g.step(0.9)
    from sim.env import Game
    from sim.env.vector import VectorGames

    games = VectorGames(Game(agents=[0]), n=2)
    games.reset()
    with pytest.raises(IllegalActionError, match="integers"):
        games.step(np.array([0.0, 0.0]))


# -- registration and rendering (issue 35, item 5) -------------------------------------
def _fresh(code: str) -> str:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_the_documented_id_works_after_import_sim_env():
    """``import sim.env`` then ``gymnasium.make("domsim/Dominion-v0")``, in a fresh
    interpreter (no other test registered it), and without Gymnasium the state API still
    imports and plays."""
    out = _fresh("import sim.env, gymnasium as gym\n"
                 "env = gym.make('domsim/Dominion-v0', decisions='buy')\n"
                 "obs, info = env.reset(seed=0)\n"
                 "print(type(env.unwrapped).__name__, obs.shape)\n")
    assert out.split() == ["DominionEnv", f"({len(env_obs_names())},)"]
    out = _fresh("import sys; sys.modules['gymnasium'] = None\n"
                 "import sim.env\n"
                 "print(sim.env.register_gymnasium(), sim.env.new_state(seed=0).is_terminal())\n")
    assert out.split() == ["False", "False"]


def env_obs_names() -> tuple[str, ...]:
    from sim.env.observation import observation_names

    return observation_names()


def test_the_gymnasium_entry_point_registers_the_id():
    """pyproject.toml's ``gymnasium.envs`` entry point names a function that registers
    the id (Gymnasium versions that load plugins call it on ``import gymnasium``)."""
    import importlib
    from pathlib import Path

    import tomllib

    meta = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    value = meta["project"]["entry-points"]["gymnasium.envs"]["__root__"]
    module, attr = value.split(":")
    gym.registry.pop("domsim/Dominion-v0", None)
    assert getattr(importlib.import_module(module), attr)() is True
    assert gym.spec("domsim/Dominion-v0").entry_point == "sim.env.gym_env:DominionEnv"


def test_render_modes_pass_pettingzoo_render_test_and_show_only_the_public_view(capsys):
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: aec_env(render_mode=render_mode, **BOARDS["adventures"]))
    assert "is asked:" in capsys.readouterr().out           # "human" printed
    from sim.engine.scenario import Scenario
    from sim.env import scenario_state
    from sim.env.spaces import render_text

    for env in (aec_env(), gym_env()):
        assert env.metadata["render_modes"] == ["human", "ansi"]
        assert env.metadata["render_fps"] > 0
    g = gym_env(render_mode="human")
    g.reset(seed=0)
    assert g.render() is None and "player_0 (agent)" in capsys.readouterr().out
    assert isinstance(gym_env(render_mode="ansi").render(), type(None))   # before reset
    with pytest.raises(ValueError, match="render_mode"):
        aec_env(render_mode="rgb_array")
    # Two games that differ only in what no player sees (the other hand's cards, the
    # draw piles' order) render the same text.
    texts = []
    for variant in (0, 1):
        sc = Scenario(["bmu", "bmu"], seed=7)
        sc.set_hand(0, ["Silver", "Copper", "Copper", "Copper", "Estate"])
        other = ["Gold", "Estate", "Copper", "Copper", "Copper", "Copper", "Copper", "Silver"]
        hand = other[:5] if variant == 0 else other[3:]
        sc.set_hand(1, hand)
        sc.set_deck(1, other[5:] if variant == 0 else other[:3])
        deck = ["Copper", "Estate", "Silver", "Smithy", "Copper"]
        sc.set_deck(0, deck if variant == 0 else deck[::-1])
        state = scenario_state(sc, 0, agents=[0])
        texts.append(render_text(state, ["player_0", "player_1"]))
    assert texts[0] == texts[1] and "hand 5, deck 3" in texts[0]
