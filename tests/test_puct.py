"""The search on a learned policy (sim.learn.puct, ``mcts:prior=general``): a spec that
parses with one-line errors, legal and reproducible games, a budget it keeps, and the
policy's own action where the search is not confident."""

from __future__ import annotations

import numpy as np
import pytest

from bots import BotError, resolve_bot
from bots.toml_bot import loads_bot
from sim.env import Game
from sim.learn.puct import ST_EVALS, PUCTBot
from sim.runner import Match

K2 = ("Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,Magpie,Caravan Guard,"
      "Duplicate,Hireling")


def test_a_spec_with_a_prior_is_the_search_on_that_policy():
    bot = resolve_bot("mcts:prior=general,playouts=50,width=3,cutoff=2,lam=0.5")
    assert isinstance(bot, PUCTBot)
    assert bot.name == "mcts-prior-general-playouts-50-width-3-cutoff-2-lam-0-5"
    s = bot.settings
    assert (s["playouts"], s["width"], s["cutoff"], s["lam"]) == (50, 3, 2, 0.5)
    assert bot.policy.name == "general" and bot.fallback.name == bot.policy.fallback.name
    # Without a prior it is the plain search, as before.
    assert type(resolve_bot("mcts:playouts=5")).__name__ == "MCTSBot"


@pytest.mark.parametrize("spec,words", [
    ("mcts:prior=", "write key=value"),
    ("mcts:prior=nowhere-at-all", "prior='nowhere-at-all' names no policy"),
    ("mcts:prior=bmu", "prior='bmu' is not a learned policy"),
    ("mcts:prior=general,playouts=many", "playouts must be a whole number, not 'many'"),
    ("mcts:prior=general,playouts=0", "playouts must be at least 1"),
    ("mcts:prior=general,lam=1.5", "lam must be from 0 to 1"),
    ("mcts:prior=general,z=-1", "z must be at least 0"),
    ("mcts:prior=general,rest=human", "rest must be policy or bot"),
    ("mcts:prior=general,time_ms=0", "time_ms must be positive"),
    ("mcts:prior=general,depth=2", "unknown setting 'depth'"),
    ("mcts:prior=general,playout=bmuu", "unknown bot 'bmuu'"),
])
def test_bad_settings_are_one_line_errors(spec, words):
    with pytest.raises(BotError) as info:
        resolve_bot(spec)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_a_missing_prior_is_said_in_one_line():
    with pytest.raises(ValueError, match="prior is missing") as info:
        PUCTBot("x")
    assert "\n" not in str(info.value)


def test_a_toml_search_table_with_a_prior(tmp_path):
    text = ('name = "policy-search"\n[search]\nprior = "general"\nplayouts = 30\n'
            'cutoff = 0\n')
    bot = loads_bot(text)
    assert isinstance(bot, PUCTBot) and bot.name == "policy-search"
    assert bot.settings["playouts"] == 30 and bot.settings["cutoff"] == 0
    with pytest.raises(BotError, match="width must be at least 1"):
        loads_bot('name = "x"\n[search]\nprior = "general"\nwidth = 0\n')


def test_other_settings_are_another_bot():
    from bots.identity import bot_hash

    a = resolve_bot("mcts:prior=general,playouts=10")
    assert bot_hash(a) != bot_hash(resolve_bot("mcts:prior=general,playouts=11"))
    assert bot_hash(a) == bot_hash(resolve_bot("mcts:prior=general,playouts=10"))


@pytest.mark.parametrize("kingdom,events", [(None, None), (K2, "Training,Pathfinding")])
def test_it_plays_legal_whole_games_the_same_for_a_seed(kingdom, events):
    spec = "mcts:prior=general,playouts=12,lam=0.5"
    one = Match(spec, "bmu", games=2, seed=3, kingdom=kingdom, events=events).play(
        processes=1, progress=False)
    again = Match(spec, "bmu", games=2, seed=3, kingdom=kingdom, events=events).play(
        processes=1, progress=False)
    assert one.complete and len(one.games) == 2
    assert one.games.equals(again.games)


def _searched_state(bot, seed=1):
    """A First Game state at the first decision of seat 0 the bot searches."""
    game = Game(players=2, bots=[bot.seat_bot(Game(players=2).config), "bmu"], agents=[0],
                decisions=bot.decisions)
    state = game.new_initial_state(seed)
    while not (state.current_player() == 0 and state.decision()[0] in bot.searched
               and len(state.legal_actions()) > 2):
        state.apply_action(state.legal_actions()[0] if state.current_player() == 0
                           else state.bot_action())
    return state


def test_it_keeps_its_budget():
    bot = resolve_bot("mcts:prior=general,playouts=40,width=4")
    state = _searched_state(bot)
    action = bot.act(state)
    assert action in state.legal_actions()
    done = int(bot.last_search["stats"][ST_EVALS])
    # Each deal evaluates every candidate still in (the width, and the playout bot's
    # answer): at most that many less one past the budget.
    k = len(bot.last_search["cands"])
    assert 2 <= k <= 4 + 1
    assert 40 <= done <= 40 + k - 1
    assert bot.last_search["visits"].sum() == done
    # time_ms sizes the evaluations from the decisions before.
    timed = resolve_bot("mcts:prior=general,time_ms=5")
    assert timed._evals() == timed.settings["playouts"]     # nothing measured yet
    timed._ms_per_eval = 0.01
    assert timed._evals() == 500
    timed._ms_per_eval = 10.0
    assert timed._evals() == 16                             # never fewer


def test_without_confidence_it_plays_the_policys_own_action():
    """z so high that no gap is ever believed: the games are general's, move for move."""
    sure = Match("mcts:prior=general,playouts=8,z=1000", "bmu", games=2, seed=4).play(
        processes=1, progress=False)
    policy = Match("general", "bmu", games=2, seed=4).play(processes=1, progress=False)
    cols = ["seed", "first", "score_0", "score_1", "turns_0", "turns_1", "winners", "length"]
    assert np.array_equal(sure.games[cols].to_numpy(), policy.games[cols].to_numpy())


def test_the_log_says_what_the_search_weighed(capsys):
    from sim.cli import main

    assert main(["play", "mcts:prior=general,playouts=20", "bmu", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    notes = [line for line in out.splitlines() if "mcts-prior-general" in line
             and "evaluations (value)" in line]
    assert notes and any("buy:" in n for n in notes)
