"""The made-up set, registered as a new set is, played by every kind of seat.

Run with the set added (``DOMSIM_CARD_SETS=tests.cardset_proof.cards``, as
tests/test_added_card_set.py does): its three cards (counters only; an Action with a
question; a Duration whose next-turn effect asks) join the table after the built-in
sets, and everything below reads them from their declarations alone: the rule bots
(a TOML bot, the defaults of the questions), the random bot, the agents (PettingZoo's
and Gymnasium's own conformance tests, every observation in its space, a turn stopped
and resumed at every question, the engine's answers against the mask), a person at the
human seat, and a saved policy made before the set existed.
"""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from sim.cards import CARDS, KINGDOM_CARDS, N_CARDS, SET_KINGDOMS, SETS, card_id
from sim.engine import codes
from sim.engine.config import random_pool
from sim.env import Game
from tests.cardset_proof.cards import (
    PROOF_ALMANAC,
    PROOF_CARDS,
    PROOF_LENDER,
    PROOF_PEDDLER,
)
from tests.cardset_proof.texts import D_PROOF_ALMANAC, D_PROOF_LENDER
from tests.conftest import Scripted, nobuy

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BOT = str(HERE / "proof-bm.toml")
PROOF = ["Proof Peddler", "Proof Lender", "Proof Almanac"]
# The set beside base cards (a base-turn game but for the set's cards) and beside
# Adventures cards, an Event and a Reaction to the attacks.
KINGDOMS = [
    PROOF + ["Village", "Smithy", "Market", "Moat", "Militia", "Throne Room", "Chapel"],
    PROOF + ["Amulet", "Duplicate", "Caravan Guard", "Witch", "Ratcatcher", "Gear", "Cellar"],
]
EVENTS = ["", "Alms,Save"]


def _built_in() -> int:
    return sum(len(s.cards) for s in SETS if s.word != "proof")


# ----------------------------------------------------------------------------- the table
def test_the_set_joins_after_the_built_in_sets():
    first = _built_in()
    assert [c.id for c in PROOF_CARDS] == [PROOF_PEDDLER, PROOF_LENDER, PROOF_ALMANAC] \
        == list(range(first, first + 3)) and N_CARDS == first + 3
    assert [CARDS[c].name for c in range(first, N_CARDS)] == PROOF
    assert SET_KINGDOMS["proof"] == (PROOF_PEDDLER, PROOF_LENDER, PROOF_ALMANAC)
    assert set(SET_KINGDOMS["proof"]) <= set(KINGDOM_CARDS)
    assert random_pool("random:proof") == SET_KINGDOMS["proof"]
    assert card_id("proof-almanac") == PROOF_ALMANAC
    # Its questions are numbered after every built-in one, in the order it lists them.
    assert (D_PROOF_LENDER, D_PROOF_ALMANAC) == (codes.N_DECISIONS - 2, codes.N_DECISIONS - 1)
    assert codes.DECISION_NAMES[D_PROOF_ALMANAC] == "gain a Silver with Proof Almanac"


def test_domsim_cards_lists_the_set_by_its_word():
    out = subprocess.run([sys.executable, "-m", "sim.cli", "cards", "proof"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    for name in PROOF:
        assert name in out.stdout
    assert "At the start of your next turn, you may gain a Silver." in out.stdout


# ----------------------------------------------------------------------------- the rulings
def test_proof_peddler_is_its_counters(scenario):
    sc = scenario([Scripted(play_action=["Proof Peddler", None]), nobuy()],
                  kingdom=KINGDOMS[0])
    sc.set_hand(0, ["Proof Peddler", "Copper"]).set_deck(0, ["Silver"])
    assert sc.play_turn(0) == 1 + 1 + 2


def test_proof_lender_trashes_the_card_chosen_for_2(scenario):
    me = Scripted(play_action=["Proof Lender", None], proof_lender_trash=["Estate"])
    sc = scenario([me, nobuy()], kingdom=KINGDOMS[0])
    sc.set_hand(0, ["Proof Lender", "Estate", "Copper"])
    assert sc.play_turn(0) == 1 + 2
    assert sc.trash() == {"Estate": 1}


def test_proof_lender_may_trash_nothing_and_asks_nothing_of_an_empty_hand(scenario):
    me = Scripted(play_action=["Proof Lender", None], proof_lender_trash=[None])
    sc = scenario([me, nobuy()], kingdom=KINGDOMS[0])
    sc.set_hand(0, ["Proof Lender", "Copper"])
    assert sc.play_turn(0) == 1 and sc.trash() == {}
    alone = Scripted(play_action=["Proof Lender", None])
    sc = scenario([alone, nobuy()], kingdom=KINGDOMS[0])
    sc.set_hand(0, ["Proof Lender"])
    sc.play_turn(0)
    assert alone.asked("proof_lender_trash") == []


def test_proof_almanac_gives_1_now_and_a_silver_next_turn(scenario):
    me = Scripted(play_action=["Proof Almanac", None], proof_almanac_silver=[True],
                  play_treasure=[None, None])
    sc = scenario([me, nobuy()], kingdom=KINGDOMS[0])
    sc.set_hand(0, ["Proof Almanac"]).set_deck(0, ["Estate"] * 10)
    assert sc.play_turn(0) == 1
    assert sc.held_in_play(0) == {"Proof Almanac": 1} and me.asked("proof_almanac_silver") == []
    sc.play_turn(0)
    assert len(me.asked("proof_almanac_silver")) == 1 and sc.owned(0)["Silver"] == 1
    assert sc.in_play(0) == {} and sc.discard(0)["Proof Almanac"] == 1


def test_proof_almanac_may_decline_and_asks_nothing_without_silver(scenario):
    me = Scripted(play_action=["Proof Almanac", None], proof_almanac_silver=[False],
                  play_treasure=[None, None])
    sc = scenario([me, nobuy()], kingdom=KINGDOMS[0])
    sc.set_hand(0, ["Proof Almanac"]).set_deck(0, ["Estate"] * 10)
    sc.play_turn(0)
    sc.play_turn(0)
    assert "Silver" not in sc.owned(0) and len(me.asked("proof_almanac_silver")) == 1
    empty = Scripted(play_action=["Proof Almanac", None], play_treasure=[None, None])
    sc = scenario([empty, nobuy()], kingdom=KINGDOMS[0])
    sc.set_hand(0, ["Proof Almanac"]).set_deck(0, ["Estate"] * 10)
    sc.set_supply("Silver", 0)
    sc.play_turn(0)
    sc.play_turn(0)
    assert empty.asked("proof_almanac_silver") == []


def test_throne_room_on_proof_almanac_asks_twice_next_turn(scenario):
    me = Scripted(play_action=["Throne Room", None], throne_room=["Proof Almanac"],
                  proof_almanac_silver=[True, True], play_treasure=[None, None])
    sc = scenario([me, nobuy()], kingdom=KINGDOMS[0])
    sc.set_hand(0, ["Throne Room", "Proof Almanac"]).set_deck(0, ["Estate"] * 10)
    assert sc.play_turn(0) == 2
    assert sc.next_turn(0) == {"Proof Almanac": 2}
    sc.play_turn(0)
    assert sc.owned(0)["Silver"] == 2 and sc.in_play(0) == {}


# ----------------------------------------------------------------------------- bots
def test_a_toml_bot_plays_the_set_with_its_questions_declared_defaults():
    """A TOML bot buying the set's cards (their questions answered by their declared
    defaults) against bmu, on both boards: every game is played, none errs."""
    from sim.runner import Match

    for table, kingdom in enumerate(KINGDOMS):
        res = Match(BOT, "bmu", games=200, seed=table, kingdom=kingdom,
                    events=[e for e in EVENTS[table].split(",") if e], processes=1).play(
                        progress=False)
        assert res.complete and res.error is None and res.n_games == 200


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_and_rule_bots_keep_every_invariant(n):
    """The invariants of tests/test_invariants_adventures, checked after every turn (every
    card conserved zone by zone), over random bots and rule bots buying the set's cards
    with the others: every card of the set ends up owned, and the games end."""
    from bots import get_bot
    from tests.test_invariants_adventures import card_bot, run_checked

    owned = np.zeros(N_CARDS, np.int64)
    games = 150
    for t, kingdom in enumerate(KINGDOMS):
        ids = tuple(card_id(c) for c in kingdom)
        events = tuple(card_id(e) for e in EVENTS[t].split(",") if e)
        rules = [card_bot(a, kingdom[(i + 3) % len(kingdom)]) for i, a in enumerate(kingdom)]
        rng = np.random.default_rng(10 * n + t)
        for bots, seat_bots in (
                ([get_bot("random")], np.zeros((games, n), np.int32)),
                (rules, rng.integers(0, len(rules), size=(games, n)).astype(np.int32))):
            seeds = np.arange(1000 * n + 100 * t, 1000 * n + 100 * t + games, dtype=np.uint64)
            out, fails, _ = run_checked(n, ids, events, bots, seat_bots, seeds, owned)
            assert not fails[:, 0].any(), fails[fails[:, 0] != 0][:5]
    assert all(owned[c] for c in (PROOF_PEDDLER, PROOF_LENDER, PROOF_ALMANAC)), owned[-3:]


# ----------------------------------------------------------------------------- agents
@pytest.mark.parametrize("table", range(len(KINGDOMS)))
def test_pettingzoo_api_test_and_gymnasium_check_env_pass(table):
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from sim.env import aec_env, gym_env
    from tests.test_env_conformance import StaleSampleToLegal

    kingdom = ",".join(KINGDOMS[table])
    api_test(aec_env(kingdom=kingdom, events=EVENTS[table], players=2 + table, turn_cap=40),
             num_cycles=1000)
    env = gym_env(kingdom=kingdom, events=EVENTS[table], players=2, turn_cap=40)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*different from the unwrapped.*")
        check_env(StaleSampleToLegal(env), skip_render_check=True)


def test_every_question_resumes_as_replayed_in_its_space_and_masked_as_the_engine_takes():
    """Random agents at every seat, many seeds: at every question every seat's
    observation lies in the space; the turn stopped there equals the turn replayed; and
    at the set's questions the engine takes exactly the masked answers, which the random
    bot's draws reach.  Both of the set's questions are met."""
    from sim.env.observation import observation_names
    from sim.env.spaces import observation_box
    from tests.test_decision_table import check_engine_and_mask, check_random_bot
    from tests.test_env_conformance import check_all_seats
    from tests.test_env_resume import _check_resumed_equals_replayed, _play
    from tests.turn_starts import RecordedGame

    box, names = observation_box(), observation_names()
    met: dict[int, int] = {}
    for t, kingdom in enumerate(KINGDOMS):
        game = Game(kingdom=",".join(kingdom), events=[e for e in EVENTS[t].split(",") if e],
                    players=2, turn_cap=30)
        rng = np.random.default_rng(t)
        for seed in range(12):
            state, twin = game.new_initial_state(seed), RecordedGame(game, seed)
            while not state.is_terminal():
                check_all_seats(state, box, names, f"table {t} seed {seed}")
                _check_resumed_equals_replayed(state, twin)
                d = state.decision()[0]
                if d in (D_PROOF_LENDER, D_PROOF_ALMANAC) and met.get(d, 0) < 6:
                    check_engine_and_mask(state)
                    check_random_bot(state, rng)
                met[d] = met.get(d, 0) + 1
                a = _play(state, rng)
                state.apply_action(a)
                twin.apply(a)
    assert met.get(D_PROOF_LENDER, 0) >= 6 and met.get(D_PROOF_ALMANAC, 0) >= 6, met


def test_a_policy_made_before_the_set_plays_its_board():
    """The shipped general policy, saved with the table before this set, loads remapped
    (the set's cards are inputs it never saw and actions it never takes) and plays."""
    from sim.runner import Match

    res = Match("general", "bmu", games=20, seed=1, kingdom=KINGDOMS[0],
                processes=1).play(progress=False)
    assert res.complete and res.error is None and res.n_games == 20


# ----------------------------------------------------------------------------- a person
def test_a_person_plays_the_set_at_the_human_seat(tmp_path):
    from tests.test_human_seat import _collector, _drive

    out, asked, rc = _drive(["human", BOT, "--seed", "2", "--kingdom", ",".join(KINGDOMS[1]),
                             "--events", EVENTS[1], "--turn-cap", "40"],
                            tmp_path, _collector(7, {}))
    assert rc == 0, out[-2000:]
    assert {"trash with Proof Lender", "gain a Silver with Proof Almanac"} <= set(asked), \
        sorted(set(asked))
    assert "Game over" in out
