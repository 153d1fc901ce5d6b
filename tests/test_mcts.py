"""The search bot (sim.env.mcts, sim.env.search): a bot like any other (specs, TOML,
runs on every core), reproducible, honest about hidden information, and right where the
answer is known."""

from __future__ import annotations

import re

import pytest

from bots import BotError, resolve_bot
from bots.toml_bot import loads_bot
from sim.cards import card_id
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.config import GameConfig
from sim.engine.scenario import Scenario
from sim.env import mcts, scenario_state
from sim.env.mcts import MCTSBot, auto_choice, auto_playout, fixed_playout
from sim.env.search import ST_DEALS_KEPT, ST_DEALS_TRIED, ST_ITERATIONS
from sim.runner import Match, Tournament
from tests.conftest import make_scenario

K2 = ["Swamp Hag", "Haunted Woods", "Amulet", "Dungeon", "Ratcatcher", "Messenger", "Magpie",
      "Caravan Guard", "Duplicate", "Hireling"]
K2_EVENTS = ["Training", "Pathfinding"]


def test_a_spec_names_its_settings():
    bot = resolve_bot("mcts:playouts=50,depth=2,c=1.2")
    assert isinstance(bot, MCTSBot)
    assert bot.name == "mcts-playouts-50-depth-2-c-1-2"
    assert (bot.settings["playouts"], bot.settings["depth"], bot.settings["c"]) == (50, 2, 1.2)
    assert resolve_bot("mcts").name == "mcts"
    assert resolve_bot("MCTS:Playouts=7").settings["playouts"] == 7
    # A setting whose key has an underscore names a valid bot (it once failed the name check).
    timed = resolve_bot("mcts:time_ms=10")
    assert timed.name == "mcts-time-ms-10-0" and timed.settings["time_ms"] == 10.0
    for bad, word in (("mcts:playoutz=5", "unknown mcts setting 'playoutz'"),
                      ("mcts:playouts=many", "not a number"),
                      ("mcts:playouts=0", "at least 1"),
                      ("mcts:depth", "key=value"),
                      ("mcts:playout=bmuu", "unknown bot 'bmuu'")):
        with pytest.raises(BotError, match=word):
            resolve_bot(bad)


def test_a_toml_file_with_a_search_table_is_a_search_bot(tmp_path):
    text = ('name = "deep-search"\ndescription = "ISMCTS, two levels"\n\n[search]\n'
            'playouts = 40\ndepth = 2\nplayout = "smithy-bm"\ndecisions = "buy"\n')
    bot = loads_bot(text)
    assert isinstance(bot, MCTSBot) and bot.name == "deep-search"
    assert bot.settings["playout"] == "smithy-bm" and bot.decisions == {codes.D_BUY}
    assert bot.fallback.name == "smithy-bm"
    path = tmp_path / "s.toml"
    path.write_text(text)
    assert resolve_bot(str(path)).settings == bot.settings
    with pytest.raises(BotError, match="unknown search setting 'deep'"):
        loads_bot('name = "x"\n[search]\ndeep = 3\n')
    with pytest.raises(BotError, match="takes only"):
        loads_bot('name = "x"\nplay = ["Smithy"]\n[search]\nplayouts = 3\n')


def test_other_settings_are_another_bot():
    from bots.identity import bot_hash

    a, b = resolve_bot("mcts:playouts=10"), resolve_bot("mcts:playouts=11")
    assert bot_hash(a) != bot_hash(b)
    assert bot_hash(a) == bot_hash(resolve_bot("mcts:playouts=10"))


def test_the_old_fixed_choice_takes_the_first_playable_bot_of_its_list():
    first_game = tuple(card_id(c) for c in ["Cellar", "Moat", "Village", "Merchant",
                                            "Workshop", "Smithy", "Militia", "Remodel",
                                            "Market", "Mine"])
    assert fixed_playout(first_game, ()).name == "first-game-optimized"
    without_market = tuple(c for c in first_game if c != card_id("Market"))
    assert fixed_playout(without_market, ()).name == "smithy-bm"
    k2 = tuple(card_id(c) for c in K2)
    assert fixed_playout(k2, tuple(card_id(e) for e in K2_EVENTS)).name == "event-money"
    assert fixed_playout(k2, ()).name == "swamp-hag-bm"


#: The board kept from the project where the fixed choice failed (issue 35): Witch, Lost
#: Arts, Ball; the fixed list took smithy-bm and never considered witch-bm.
WITCH_BOARD = tuple(card_id(c) for c in ["Witch", "Laboratory", "Smithy", "Village",
                                         "Market", "Moat", "Cellar", "Chapel", "Militia",
                                         "Page"])
WITCH_EVENTS = (card_id("Lost Arts"), card_id("Ball"))


@pytest.fixture
def fresh_auto(monkeypatch, tmp_path):
    """``auto`` with an empty memory cache and its disk cache in a temporary folder."""
    monkeypatch.setattr(mcts, "_AUTO_CHOSEN", {})
    monkeypatch.setattr(mcts, "auto_cache_dir", lambda: tmp_path / "playout-auto")
    return tmp_path / "playout-auto"


def test_auto_measures_on_the_games_own_board(fresh_auto):
    """On the Witch board auto takes a bot at least as strong as the old fixed choice by
    its round robin's own figures (there: witch-bm, far ahead of smithy-bm), and the same
    bot, with the same figures, when measured again from nothing."""
    config = GameConfig(2, WITCH_BOARD, 100, WITCH_EVENTS)
    name, scores = auto_choice(config)
    fixed = fixed_playout(WITCH_BOARD, WITCH_EVENTS).name
    assert fixed == "smithy-bm" and name == "witch-bm"
    assert scores[name] == max(scores.values()) >= scores[fixed]
    assert scores[name] - scores[fixed] > 0.1       # not a coin flip: Witch is far ahead
    assert "witch-bm" in scores and "random" not in scores and "cotr-engine" not in scores
    assert auto_playout(WITCH_BOARD, WITCH_EVENTS).name == name
    mcts._AUTO_CHOSEN.clear()
    for f in fresh_auto.iterdir():
        f.unlink()
    assert auto_choice(config) == (name, scores)           # deterministic
    assert MCTSBot("m").seat_bot(config).name == name      # what the search bot plays
    assert MCTSBot("m", playout="bmu").seat_bot(config).name == "bmu"


def test_auto_is_cached_in_memory_and_on_disk(fresh_auto, monkeypatch):
    config = GameConfig(2, WITCH_BOARD, 100, WITCH_EVENTS)
    first = auto_choice(config)
    assert len(list(fresh_auto.glob("*.json"))) == 1

    def replay(*args, **kwargs):
        raise AssertionError("measured again")

    monkeypatch.setattr(mcts, "playout_round_robin", replay)
    assert auto_choice(config) == first                    # this process
    mcts._AUTO_CHOSEN.clear()
    assert auto_choice(config) == first                    # another process: the file
    # A file for another key (another version, method, bot ...) is not used.
    f = next(fresh_auto.glob("*.json"))
    f.write_text(f.read_text().replace('"method"', '"method-was"'))
    mcts._AUTO_CHOSEN.clear()
    with pytest.raises(AssertionError, match="measured again"):
        auto_choice(config)


def test_the_search_bots_identity_follows_what_auto_rests_on(monkeypatch):
    """A changed measuring method or library bot may change the playout auto takes: the
    bot's hash changes with them (a results file or a resume tells them apart)."""
    from bots.identity import bot_hash

    before = bot_hash(MCTSBot("m"))
    fixed = bot_hash(MCTSBot("m", playout="smithy-bm"))
    monkeypatch.setattr(mcts, "_AUTO_IDENTITY", [])
    monkeypatch.setattr(mcts, "AUTO_METHOD", mcts.AUTO_METHOD + " changed")
    assert bot_hash(MCTSBot("m")) != before
    assert bot_hash(MCTSBot("m", playout="smithy-bm")) == fixed
    monkeypatch.setattr(mcts, "_AUTO_IDENTITY", [])
    monkeypatch.setattr(mcts, "AUTO_METHOD", mcts.AUTO_METHOD[:-len(" changed")])
    assert bot_hash(MCTSBot("m")) == before


def test_the_same_seed_plays_the_same_games_on_any_number_of_processes():
    one = Match("mcts:playouts=20", "bmu", games=4, seed=5).play(processes=1, progress=False)
    again = Match("mcts:playouts=20", "bmu", games=4, seed=5).play(processes=1,
                                                                   progress=False)
    two = Match("mcts:playouts=20", "bmu", games=4, seed=5).play(processes=2, progress=False)
    for other in (again, two):
        assert one.games.equals(other.games)
    other_seed = Match("mcts:playouts=20", "bmu", games=4, seed=6).play(processes=1,
                                                                        progress=False)
    assert not one.games.equals(other_seed.games)


def _end_game(p0_vp: dict, p1_vp: dict) -> Scenario:
    """First Game, one Province left, player 0 to move with $10 in hand; each player's
    Victory cards as given (in the discard pile) and nothing else but Treasures."""
    sc = make_scenario(["bmu", "bmu"], log=False)
    sc.set_hand(0, ["Gold", "Gold", "Silver", "Copper", "Copper"])
    sc.set_deck(0, ["Copper"] * 5 + ["Silver"] * 3 + ["Gold"] * 2)
    sc.set_discard(0, {**p0_vp, "Copper": 3})
    sc.set_hand(1, ["Gold", "Silver", "Silver", "Copper", "Copper"])
    sc.set_deck(1, ["Copper"] * 5 + ["Silver"] * 3 + ["Gold"] * 2)
    sc.set_discard(1, {**p1_vp, "Copper": 3})
    sc.set_supply("Province", 1)
    return sc


def test_it_buys_the_last_province_when_that_wins():
    sc = _end_game({"Province": 4}, {"Province": 3, "Duchy": 1})   # 24 VP to 21
    state = scenario_state(sc, 0, agents=[0], decisions="turn")
    assert state.decision()[0] == codes.D_BUY and state.scores() == [24, 21]
    bot = MCTSBot("m", playouts=300)
    province = card_id("Province")
    assert bot.act(state) == province
    visits, values, stats = bot.last_search
    assert values[province] == visits[province] > 0     # every playout won
    # (the budget's last deal still plays every action in: up to one playout each more)
    assert 300 <= stats[ST_ITERATIONS] < 300 + len(state.legal_actions())


def test_it_does_not_take_the_last_province_when_that_loses():
    sc = _end_game({"Province": 2, "Duchy": 2}, {"Province": 4})   # 18 VP to 24
    state = scenario_state(sc, 0, agents=[0], decisions="turn")
    assert state.scores() == [18, 24]
    bot = MCTSBot("m", playouts=400)
    action = bot.act(state)
    province = card_id("Province")
    visits, values, _ = bot.last_search
    # A tie at 24, player 0 with a turn more (it moved first): player 1 wins the
    # tie-break, so the ending buy always loses; the search takes another.
    assert values[province] == 0.0 < visits[province]
    assert action != province


def _hidden_variant(variant: int) -> Scenario:
    """The same position for player 0 (its hand, everything public); player 1's hand and
    both draw piles (unknown to player 0, its own pile as shuffled) in another order, and
    other random streams."""
    sc = Scenario(["bmu", "bmu"], seed=100 + variant)
    sc.set_hand(0, ["Silver", "Copper", "Copper", "Copper", "Estate"])
    own = ["Copper", "Copper", "Copper", "Estate", "Estate", "Silver", "Smithy"]
    sc.set_deck(0, own if variant == 0 else own[::-1])
    p1 = ["Gold", "Silver", "Copper", "Copper", "Copper", "Copper", "Estate", "Estate",
          "Estate", "Smithy", "Copper", "Copper"]
    pool = p1 if variant == 0 else p1[5:] + p1[:5]
    sc.set_hand(1, pool[:5])
    sc.set_deck(1, pool[5:])
    return sc


def test_positions_that_differ_only_in_hidden_cards_get_the_same_decision():
    found = []
    for variant in (0, 1):
        state = scenario_state(_hidden_variant(variant), 0, agents=[0], decisions="turn")
        bot = MCTSBot("m", playouts=200)
        action = bot.act(state)
        visits, values, stats = bot.last_search
        found.append((action, visits.tolist(), values.tolist(), stats.tolist()))
    assert found[0] == found[1]
    assert found[0][3][ST_DEALS_KEPT] > 0


def test_it_never_makes_an_illegal_move_and_searches_every_decision_it_is_given():
    """Random bots on a base and an Adventures board with Events, the search taking every
    decision: an illegal action would stop the run with a BotError."""
    for kingdom, events in ((None, None), (",".join(K2), ",".join(K2_EVENTS))):
        res = Match("mcts:playouts=6,decisions=all,playout=random", "random", games=4,
                    seed=2, kingdom=kingdom, events=events).play(processes=1,
                                                                 progress=False)
        assert len(res.games) == 4 and res.complete


def test_the_log_shows_what_each_search_weighed(capsys):
    from sim.cli import main

    assert main(["play", "mcts:playouts=30", "bmu", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    notes = [line for line in out.splitlines() if line.strip().startswith("[P")]
    assert notes and all("mcts-playouts-30" in n for n in notes)
    assert any("buy:" in n and "visits (win rate)" in n and re.search(r"\b3\d playouts", n)
               for n in notes)


def test_it_plays_in_a_tournament_on_every_core():
    bots = ["mcts:playouts=10", "bmu", "big-money"]
    one = Tournament(bots, games=6, seed=1).play(processes=1, progress=False)
    two = Tournament(bots, games=6, seed=1).play(processes=2, progress=False)
    assert one.games.equals(two.games)
    assert set(one.summary().index) == {"mcts-playouts-10", "bmu", "big-money"}


def test_a_deal_keeps_what_was_seen_this_turn_whatever_the_model_would_have_done():
    """The deals are made in the game as it stands at the question (sim.env.redeal): the
    opponent answered Militia by discarding two Golds, which its model (the playout bot,
    BMU) never does while holding Coppers.  Nothing is played again, so every deal keeps
    those Golds in its discard pile and its three cards left in hand are dealt from its
    hand and pile (3 cards from 1 Gold and 8 Coppers); every deal agrees with what the
    searcher saw, and the search runs all its playouts.  (A search that replayed the
    turn found no deal in which its model discarded the Golds, and left the decision to
    its bot.)"""
    from sim.env import redeal

    gold_first = loads_bot('name = "gold-first"\ndescription = "d"\nbuys_nothing = true\n'
                           'discard = ["Gold", "Copper"]\n')
    sc = make_scenario(["bmu", gold_first], log=False)
    sc.set_hand(0, ["Militia", "Copper", "Copper", "Copper", "Copper"])
    sc.set_deck(0, ["Copper"] * 6)
    sc.set_hand(1, ["Gold", "Gold", "Gold", "Copper", "Copper"])
    sc.set_deck(1, ["Copper"] * 6)
    state = scenario_state(sc, 0, agents=[0], decisions="turn")
    state.apply_action(card_id("Militia"))
    assert state.decision()[0] == codes.D_BUY
    gold = card_id("Gold")
    d1 = L.DISC0 + L.N_SLOTS
    assert state.D[d1 + gold] == 2 and state.D[L.HAND_N + 1] == 3
    bot = MCTSBot("m", playouts=50, playout="bmu")
    bot.act(state)
    stats = bot.last_search[2]
    assert stats[ST_ITERATIONS] >= 50 and stats[ST_DEALS_KEPT] == stats[ST_DEALS_TRIED]
    golds_in_hand = set()
    rng = redeal.stream(3)
    for _ in range(200):
        D, R = state.D.copy(), state.R.copy()
        redeal.deal_again(D, R, 0, rng, *redeal.scratch())
        assert D[d1 + gold] == 2 and D[L.HAND_N + 1] == 3
        golds_in_hand.add(int(D[L.HAND0 + L.N_SLOTS + gold]))
    assert golds_in_hand == {0, 1}


def test_the_note_says_when_it_kept_its_playout_bots_answer():
    """The flat search takes another action than its playout bot's only when it beat it
    on the same deals by more than z standard errors; when the most visited action is not
    the one taken, the note says that the playout bot's answer was kept, and why."""
    from sim.env import Game

    bot = MCTSBot("m", playouts=30, playout="bmu")
    game = Game(players=2, bots=["bmu", "bmu"], agents=[0], decisions=bot.decisions)
    state = game.new_initial_state(4)
    kept = 0
    while not state.is_terminal():
        if state.current_player() != 0 or len(state.legal_actions()) == 1:
            state.apply_action(state.bot_action())
            continue
        action = bot.act(state)
        visits, values, stats = bot.last_search
        if stats[ST_ITERATIONS]:
            legal = state.legal_actions()
            top = sorted(legal, key=lambda a: (-visits[a], -values[a], a))[0]
            if top != action:
                kept += 1
                assert action == state.bot_action()
                assert "its playout bot's answer, kept" in bot.last_note
                assert f"{state._action_words(top)} beat it by only" in bot.last_note
                assert "within z=1 standard errors" in bot.last_note
            else:
                assert "kept:" not in bot.last_note
        state.apply_action(action)
    assert kept >= 2
