"""What a third player may know of a card Masquerade passed between two others.

With 3 or 4 players a passed card goes face down: only its giver and receiver see it
(INTRIGUE.md §3, Masquerade; the log hides it: test_player_view).  The owned-card counts
and scores are public otherwise (gains and trashes are), so every reader of them for a
seat reads them as that seat may know them (sim.engine.zones.known_owned, known_score):
the observation (and the human seat's view drawn from it), the rule terms ``opp_count``
and ``opp_score``, a compiled hook's view and a Python bot's View.  Each test builds the
pass and checks the third seat sees no change from it while the two players in it see
it exactly; with 2 players, and in games without Masquerade, everything stays exact.

The situation (:func:`passed`): P0 a plays Masquerade and passes a Curse to P1 b, who
passes a Copper back; P2 c has no card in hand, so neither passes nor receives.  Before:
a owns Masquerade, Curse, Province and 2 Silvers (5 VP), b 5 Coppers (0 VP), c 5
Estates.  After: a owns a Copper instead of the Curse (6 VP), b a Curse instead of a
Copper (-1 VP): c may know neither.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from bots.compiled import CompiledBot
from bots.conditions import parse_condition
from sim.cards import COPPER, CURSE, N_CARDS, SILVER, card_id
from sim.engine import layout as L
from sim.engine.codes import D_BUY, USE_DEFAULT
from sim.engine.decide import term_value
from sim.engine.hooks import HOOK_SIGNATURE
from sim.engine.hooks import owned as hook_owned
from sim.engine.hooks import score as hook_score
from sim.env import Game, State, core
from sim.env.position_check import check_position
from sim.env.state import _base_of
from sim.env.view import seat_view
from tests.conftest import Scripted, nobuy

K = ["Torturer", "Minion", "Swindler", "Replace", "Masquerade", "Diplomat", "Moat",
     "Caravan Guard", "Militia", "Harem"]
A_BEFORE = {"Masquerade": 1, "Curse": 1, "Province": 1, "Silver": 2}
A_AFTER = {"Masquerade": 1, "Copper": 1, "Province": 1, "Silver": 2}
B_BEFORE = {"Copper": 5}
B_AFTER = {"Copper": 4, "Curse": 1}


def passed(scenario, c=None, n_players=3):
    """P0 a passes a Curse to P1 b, b a Copper to a (module docstring); ``c``: P2's bot."""
    a = Scripted("a", play_action=["Masquerade", None], masquerade_pass=["Curse"],
                 masquerade_trash=[None])
    b = Scripted("b", masquerade_pass=["Copper"])
    bots = [a, b] + ([c or nobuy("c")] if n_players == 3 else [])
    sc = scenario(bots, kingdom=K, n_players=n_players)
    sc.set_hand(0, ["Masquerade", "Curse"]).set_deck(0, ["Silver", "Silver"])
    sc.set_discard(0, ["Province"])
    sc.set_hand(1, ["Copper"]).set_deck(1, ["Copper"] * 4)
    if n_players == 3:
        sc.set_deck(2, ["Estate"] * 5)
    assert sc.owned(0) == A_BEFORE and sc.owned(1) == B_BEFORE
    sc.play_turn(0)
    assert sc.owned(0) == A_AFTER and sc.owned(1) == B_AFTER     # the truth
    return sc


def observed(sc, viewer: int) -> tuple[list[dict[str, int]], list[int]]:
    """Every seat's owned cards and score in ``viewer``'s observation, in seat order."""
    out = np.zeros(core.OBS_SIZE, np.float32)
    core.observe(sc.S, sc.T, viewer, False, out)
    n = sc.config.n_players
    owned, scores = [], []
    for q in range(n):
        at = core.OBS_CARD_SECTIONS * N_CARDS + ((q - viewer) % n) * core.OBS_PLAYER
        row = out[at:at + N_CARDS]
        owned.append({sc_name(c): int(row[c]) for c in range(N_CARDS) if row[c]})
        scores.append(int(out[at + 2 * N_CARDS + 4]))
    return owned, scores


def sc_name(c: int) -> str:
    from sim.cards import CARDS

    return CARDS[c].name


def term(sc, text: str, p: int) -> int:
    cond = parse_condition(f"{text} >= 0")
    return int(term_value(sc.S, sc.T, p, cond.lhs_term, cond.lhs_arg, 0))


def test_the_pass_is_recorded_for_three_players(scenario):
    sc = passed(scenario)
    at = L.PASSED + (0 * L.MAX_PLAYERS + 1) * L.N_SLOTS
    back = L.PASSED + (1 * L.MAX_PLAYERS + 0) * L.N_SLOTS
    assert sc.S[at + CURSE] == 1 and sc.S[back + COPPER] == 1
    assert sc.S[L.SECRET_N] == 2 == sc.S[L.PASSED:L.HIDDEN_FIX].sum()
    assert not sc.S[L.HIDDEN_FIX:L.LOG].any()


def test_the_third_seat_observes_no_change_the_two_see_it_exactly(scenario):
    sc = passed(scenario)
    owned, scores = observed(sc, 2)
    assert owned[:2] == [A_BEFORE, B_BEFORE] and scores[:2] == [5, 0]
    assert owned[2] == {"Estate": 5} and scores[2] == 5
    for viewer in (0, 1):
        owned, scores = observed(sc, viewer)
        assert owned[:2] == [A_AFTER, B_AFTER] and scores == [6, -1, 5], viewer


def test_rule_terms_read_what_the_seat_may_know(scenario):
    sc = passed(scenario)
    # c: b still has 5 Coppers and a 5 VP (the truth: 4 Coppers, a 6 VP).
    assert term(sc, "opp_count(Copper)", 2) == 5 and term(sc, "opp_score", 2) == 5
    assert term(sc, "opp_count(Curse)", 2) == 1         # a's, as before the pass
    # b and a know the pass.
    assert term(sc, "opp_score", 1) == 6 and term(sc, "opp_count(Curse)", 0) == 1
    assert term(sc, "opp_count(Copper)", 1) == 1        # a's, got from b
    assert term(sc, "opp_count(Copper)", 0) == 4        # b's, after giving one to a


def test_a_python_bots_view_reads_what_it_may_know_then_the_state_is_restored(scenario):
    c = Scripted("c", buy=[None])
    sc = passed(scenario, c)
    sc.set_hand(2, ["Estate"])
    sc.play_turn(2)
    view = c.asked("buy")[0]
    assert view.opponents_owned == [A_BEFORE, B_BEFORE]
    assert sc.owned(0) == A_AFTER and sc.owned(1) == B_AFTER
    assert not sc.S[L.HIDDEN_FIX:L.LOG].any()


@njit(HOOK_SIGNATURE, cache=True)
def _knows_only_what_it_saw(V, d, arg):
    """P2's hook: buys a Silver when it sees a's 5 VP and b's 5 Coppers (what it may
    know), a Copper otherwise."""
    if d == D_BUY:
        if hook_score(V, 1) == 5 and hook_owned(V, 2, COPPER) == 5:
            return SILVER
        return COPPER
    return USE_DEFAULT


def test_a_compiled_hook_reads_what_it_may_know(scenario):
    sc = passed(scenario, CompiledBot("hooked", "", nobuy("c"), _knows_only_what_it_saw))
    sc.set_hand(2, ["Silver", "Copper"])
    sc.play_turn(2)
    assert sc.owned(2).get("Silver") == 2 and "Copper" in sc.owned(2)     # bought Silver
    assert sc.owned(0) == A_AFTER and sc.owned(1) == B_AFTER
    assert not sc.S[L.HIDDEN_FIX:L.LOG].any()


def test_the_human_seat_sees_the_scores_it_may_know(scenario):
    sc = passed(scenario)
    game = Game(kingdom=K, players=3, bots="bmu", turn_cap=100)
    state = State.from_position(game, np.array(sc.S[:L.STATE_SIZE]), sc.R.copy(), 1)
    assert state.D[L.SECRET_N] == 2         # the record came with the position
    names = ["a", "b", "c"]
    theirs = seat_view(state, 2, names).splitlines()
    assert [line.split(",")[0] for line in theirs if line[:3] in ("a: ", "b: ")] == [
        "a: 5 VP", "b: 0 VP"]
    for seat in (0, 1):
        mine = seat_view(state, seat, names).splitlines()
        assert [line.split(",")[0] for line in mine if line[:3] in ("a: ", "b: ")] == [
            "a: 6 VP", "b: -1 VP"]
    assert state.scores()[:2] == [6, -1]        # the game's own, exact


def test_two_players_see_both_cards(scenario):
    sc = passed(scenario, n_players=2)
    assert sc.S[L.SECRET_N] == 0 and not sc.S[L.PASSED:L.LOG].any()
    for viewer in (0, 1):
        owned, scores = observed(sc, viewer)
        assert owned == [A_AFTER, B_AFTER] and scores == [6, -1]


def test_a_new_game_forgets_the_passes(scenario):
    from sim.engine.game import reset_game_on

    sc = passed(scenario)
    reset_game_on(sc.S, sc.R, sc.T, 0, np.uint64(1), 3, np.arange(3, dtype=np.int32)
                  .reshape(1, 3))
    assert sc.S[L.SECRET_N] == 0 and not sc.S[L.PASSED:L.LOG].any()


def test_a_damaged_record_is_refused_in_one_line(scenario):
    sc = passed(scenario)
    T = sc.T
    S = np.array(_base_of(sc.S, cur=1))
    check_position(S, sc.R, T, 3, stopped=False)
    bad = S.copy()
    bad[L.PASSED + (2 * L.MAX_PLAYERS + 2) * L.N_SLOTS + CURSE] = 1
    with pytest.raises(ValueError, match=r"^position: position: the cards P2 passed unseen "
                                         r"to P2 holds 1 at entry \d+; should be 0$"):
        check_position(bad, sc.R, T, 3, stopped=False)
    bad = S.copy()
    bad[L.PASSED + (0 * L.MAX_PLAYERS + 1) * L.N_SLOTS + CURSE] = -1
    with pytest.raises(ValueError, match=r"P0 passed unseen to P1 \[Curse\] is -1; at least 0$"):
        check_position(bad, sc.R, T, 3, stopped=False)
    bad = S.copy()
    bad[L.SECRET_N] = 3
    with pytest.raises(ValueError, match=r"unseen passes \(SECRET_N\) is 3; the passes "
                                         r"recorded make 2$"):
        check_position(bad, sc.R, T, 3, stopped=False)
    bad = S.copy()
    bad[L.HIDDEN_FIX + card_id("Gold")] = 1
    with pytest.raises(ValueError, match=r"HIDDEN_FIX\) holds 1"):
        check_position(bad, sc.R, T, 3, stopped=False)


def test_without_masquerade_the_observation_is_the_exact_counts():
    """A 3-player game without Masquerade: every seat observes every player's true owned
    cards and score (no secret pass, nothing corrected)."""
    game = Game(players=3, bots="bmu", decisions="buy")
    state = game.new_initial_state(4)
    for _ in range(30):
        state.apply_action(state.bot_action())
    S = state.D
    assert S[L.SECRET_N] == 0
    for viewer in range(3):
        obs = state.observation(viewer)
        for q in range(3):
            at = core.OBS_CARD_SECTIONS * N_CARDS + ((q - viewer) % 3) * core.OBS_PLAYER
            own = S[L.OWN0 + q * L.N_SLOTS:L.OWN0 + q * L.N_SLOTS + N_CARDS]
            assert (obs[at:at + N_CARDS] == own).all()
            assert obs[at + 2 * N_CARDS + 4] == state.scores()[q]


@pytest.mark.parametrize("players", [3, 4])
def test_whole_games_with_masquerade_keep_the_record_sound(players):
    """Random agents in Masquerade games: the record stays a valid position (its sum,
    nothing outside the players), no seat's count is negative, the hooks' scratch is 0."""
    game = Game(kingdom=K, players=players, bots="random", turn_cap=40)
    rng = np.random.default_rng(players)
    seen = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
        S = state.D
        seen += int(S[L.SECRET_N])
        assert S[L.SECRET_N] == S[L.PASSED:L.HIDDEN_FIX].sum()
        assert not S[L.HIDDEN_FIX:L.LOG].any()
        for o in range(players):
            owned, _ = observed_state(state, o)
            assert all(k >= 0 for row in owned for k in row)
    assert seen > 0


def observed_state(state, viewer):
    obs = state.observation(viewer)
    n = state.game.num_players
    rows = []
    for q in range(n):
        at = core.OBS_CARD_SECTIONS * N_CARDS + ((q - viewer) % n) * core.OBS_PLAYER
        rows.append(obs[at:at + N_CARDS].tolist())
    return rows, None
