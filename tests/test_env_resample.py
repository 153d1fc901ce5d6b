"""State.resample is a state (issue 35, item 2): it never raises, a resampled copy plays to
the end and round-trips through serialize / deserialize with its own log, the re-deal
follows its documented rule (sim.env.redeal) in distribution, and the search bot and
the state API deal with that one function."""

from __future__ import annotations

import json
from math import comb

import numpy as np
import pytest

from sim.cards import CARDS, N_CARDS, card_id
from sim.engine import layout as L
from sim.env import Game, State, core, search
from tests.turn_starts import RecordedGame

COPPER = card_id("Copper")


def _random_step(state: State, rng: np.random.Generator) -> int:
    legal = state.legal_actions()
    a = legal[int(rng.integers(len(legal)))]
    state.apply_action(a)
    return a


def _same(a: State, b: State) -> None:
    """The two states answer alike: legal actions, every seat's observation, scores."""
    assert a.is_terminal() == b.is_terminal()
    assert a.legal_actions() == b.legal_actions()
    assert a.current_player() == b.current_player() and a.decision() == b.decision()
    for q in range(a.game.num_players):
        assert (a.observation(q) == b.observation(q)).all()
    assert a.scores() == b.scores() and a.returns() == b.returns()


def test_thousands_of_resamples_of_first_game_never_raise():
    """The issue's 0.4%: a deal under which an answer given this turn (another agent
    seat's script) is illegal made resample raise RuntimeError.  3,000 resample calls on
    First Game with BMU seats, every decision an agent's, random legal play, alternately
    for each seat: none raises, and each copy keeps the resampling seat's view."""
    game = Game(bots="bmu")
    rng = np.random.default_rng(35)
    calls = seed = 0
    while calls < 3000:
        state = game.new_initial_state(seed)
        seed += 1
        while not state.is_terminal() and calls < 3000:
            p = calls % 2
            copy = state.resample(p, rng)
            calls += 1
            assert (copy.observation(p) == state.observation(p)).all()
            assert copy.legal_actions() == state.legal_actions()
            _random_step(state, rng)


def test_a_resample_whose_deal_breaks_the_turns_answers_is_another_deal():
    """The situation of the issue's error, built: seat 0's turn, its agent answers so far
    assumed its own hand; seat 1 resamples, so seat 0's hand is dealt again (in the game
    as it stands: the answers given are not played again).  Each resample is still a
    copy at the same question, and most of them hold another hand for seat 0 (the old
    deal kept a hand that changed this turn as it was)."""
    game = Game(bots="bmu")
    rng = np.random.default_rng(3)
    found = other_hand = 0
    h0 = slice(L.HAND0, L.HAND0 + N_CARDS)
    for seed in range(40):
        state = game.new_initial_state(seed)
        while not state.is_terminal() and found < 25:
            if state.current_player() == 0 and int(state.S[L.AG_LEN]) >= 2 \
                    and int(state.S[L.V + L.V_CUR]) == 0:
                found += 1
                for _ in range(20):
                    copy = state.resample(1, rng)
                    assert copy.decision() == state.decision()
                    assert copy.legal_actions() == state.legal_actions()
                    other_hand += (copy.S[h0] != state.S[h0]).any()
            _random_step(state, rng)
    assert found == 25 and other_hand > 100, other_hand


@pytest.mark.parametrize("kingdom, events, players", [
    ("first-game", (), 2),
    ("first-game", (), 3),
    ("Swamp Hag,Haunted Woods,Amulet,Dungeon,Ratcatcher,Messenger,Magpie,Caravan Guard,"
     "Duplicate,Hireling", ("Training", "Pathfinding"), 2),
])
def test_a_resampled_copy_is_a_state(kingdom, events, players):
    """Many games, many resamples: each copy plays to the end by random legal actions, and
    after k random moves State.deserialize(copy.serialize()) is the copy (legal actions,
    every seat's observation, scores, history, and the rest of a random game played with
    the same choices on both); its log is its own deal's."""
    game = Game(kingdom=kingdom, events=events, players=players, bots="bmu", turn_cap=60)
    rng = np.random.default_rng(7)
    copies = dealt = 0
    for seed in range(8):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if rng.random() < 0.08:
                p = int(rng.integers(game.num_players))
                copy = state.resample(p, rng)
                copies += 1
                dealt += json.loads(copy.serialize())["domsim_state"] == 3
                for _ in range(int(rng.integers(0, 30))):
                    if copy.is_terminal():
                        break
                    _random_step(copy, rng)
                text = copy.serialize()
                again = State.deserialize(text, game)
                _same(again, copy)
                assert again.history == copy.history and again.serialize() == text
                if copy.history and json.loads(text)["domsim_state"] == 3:
                    assert again.log() == copy.log()
                    assert copy.log().startswith("From a position (State.resample)")
                play = np.random.default_rng(copies)
                while not copy.is_terminal():
                    a = _random_step(copy, play)
                    again.apply_action(a)
                _same(again, copy)
            _random_step(state, rng)
    assert copies > 40 and dealt > 0.8 * copies, (copies, dealt)


def test_a_resampled_copys_log_is_its_deal_not_the_original_game():
    """The copy's log starts at the dealt position (the question), and shows the dealt
    hand of the seat resampled away (not the original game's) when its turn comes."""
    game = Game(bots="bmu", decisions="buy")
    state = game.new_initial_state(4)
    while state.current_player() != 0 or int(state.D[L.V + L.V_CUR]) != 0 \
            or int(state.D[L.TURNS]) < 4:
        state.apply_action(state.bot_action())
    rng = np.random.default_rng(0)
    copy = state.resample(1, rng)
    h1 = L.HAND0 + L.N_SLOTS
    dealt = ", ".join(f"{int(k)} {CARDS[c].name}"
                      for c, k in enumerate(copy.D[h1:h1 + N_CARDS]) if k)
    while not copy.is_terminal() and copy.current_player() == 0:
        copy.apply_action(copy.bot_action())
    lines = copy.log().splitlines()
    assert lines[0] == ("From a position (State.resample) at a question in P0 bmu's turn: "
                        "what came before it is not logged")
    assert "Setup:" not in copy.log() and not lines[1].startswith("Turn ")
    turn = int(state.D[L.TURNS + 1]) + 1
    p1 = next(i for i, line in enumerate(lines) if line.startswith(f"Turn {turn} — P1"))
    assert lines[p1 + 1] == f"    hand: {dealt}", (dealt, lines[p1:p1 + 3])
    assert State.deserialize(copy.serialize(), game).log() == copy.log()
    assert state.log().startswith("Setup:")


def test_from_position_states_serialize_and_log():
    """A state built from an engine position (State.from_position) serializes as a
    position and has a log from there (it used to refuse both)."""
    game = Game(bots="bmu", decisions="buy")
    state = game.new_initial_state(2)
    for _ in range(6):
        state.apply_action(state.bot_action())
    start = RecordedGame(game, 2)       # the same game, its turns' starts recorded
    for a in state.history:
        start.apply(a)
    built = State.from_position(game, start.S0.copy(), start.R0.copy(),
                                int(start.S0[L.V + L.V_CUR]))
    assert built.history == []
    for _ in range(5):
        built.apply_action(built.bot_action())
    again = State.deserialize(built.serialize())
    _same(again, built)
    assert json.loads(built.serialize())["from"] == "from_position"
    assert built.log().startswith("From a position (State.from_position)")
    while not built.is_terminal():
        a = built.bot_action()
        built.apply_action(a)
        again.apply_action(a)
    _same(again, built)


def test_version_one_texts_still_read_and_bad_positions_are_refused():
    game = Game(bots="bmu")
    state = game.new_initial_state(1)
    for _ in range(9):
        state.apply_action(state.legal_actions()[0])
    text = state.serialize()
    assert json.loads(text)["domsim_state"] == 1
    _same(State.deserialize(text), state)
    copy = state.resample(0, np.random.default_rng(2))
    data = json.loads(copy.serialize())
    assert data["domsim_state"] == 3 and data["before"] + data["actions"] == copy.history
    data["sizes"][0] += 1
    with pytest.raises(ValueError, match="another engine layout"):
        State.deserialize(json.dumps(data))
    with pytest.raises(ValueError, match="not a serialized domsim state"):
        State.deserialize(json.dumps({"domsim_state": 4}))
    with pytest.raises(ValueError, match="tries: at least 1"):
        state.resample(0, np.random.default_rng(0), tries=0)


def _hypergeom(N: int, K: int, n: int) -> np.ndarray:
    return np.array([comb(K, k) * comb(N - K, n - k) / comb(N, n) for k in range(n + 1)])


def test_the_opponents_hand_follows_the_hypergeometric_law_of_its_pool():
    """The rule (sim.env.redeal): at seat 0's buy, seat 1's hand is dealt from its hand
    and whole draw pile pooled, its discard pile kept.  Over 4,000 resamples (seeded: the
    check is exact on every run) the Copper count in seat 1's hand follows the
    hypergeometric law of that pool (chi-square below the 0.999 quantile), the pool's
    content and every discard pile are unchanged, and seat 0's own cards stay."""
    from scipy.stats import chi2

    game = Game(bots="bmu", decisions="buy")
    state = game.new_initial_state(11)
    while not (state.current_player() == 0 and int(state.D[L.V + L.V_CUR]) == 0
               and int(state.D[L.DECK_N + 1]) >= 8 and int(state.D[L.DISC_N + 1]) >= 3):
        state.apply_action(state.bot_action())
    S0 = state.D
    h1, k1 = L.HAND0 + L.N_SLOTS, L.DECK + L.MAX_DECK
    hand_n = int(S0[L.HAND_N + 1])
    pool = S0[h1:h1 + N_CARDS] + np.bincount(S0[k1:k1 + int(S0[L.DECK_N + 1])],
                                             minlength=N_CARDS)[:N_CARDS]
    N, K = int(pool.sum()), int(pool[COPPER])
    assert 0 < K < N and hand_n == 5
    disc = state.D[L.DISC0:L.DISC0 + 2 * L.N_SLOTS].copy()
    rng = np.random.default_rng(123)
    draws = np.zeros(hand_n + 1)
    runs = 4000
    for _ in range(runs):
        c = state.resample(0, rng)
        hand = c.D[h1:h1 + N_CARDS]
        got = hand + np.bincount(c.D[k1:k1 + int(c.D[L.DECK_N + 1])],
                                 minlength=N_CARDS)[:N_CARDS]
        assert (got == pool).all()
        assert (c.D[L.DISC0:L.DISC0 + 2 * L.N_SLOTS] == disc).all()
        assert (c.D[L.HAND0:L.HAND0 + N_CARDS] == state.D[L.HAND0:L.HAND0 + N_CARDS]).all()
        draws[int(hand[COPPER])] += 1
    want = _hypergeom(N, K, hand_n) * runs
    cells = want > 5
    stat = float((((draws - want) ** 2)[cells] / want[cells]).sum())
    assert stat < chi2.ppf(0.999, int(cells.sum()) - 1), (draws, want)


def test_a_hand_attacked_this_turn_is_dealt_again_too():
    """Seat 0 played Militia this turn and is asked to buy: seat 1's three cards left in
    hand are hidden from seat 0 (only the discard pile's size and top are seen), so they
    are dealt again, consistently with what seat 0 saw (its observation unchanged).  (The
    state API's old deal kept a hand that changed this turn exactly: hidden information.)"""
    militia = card_id("Militia")
    game = Game(bots=["militia-bm", "bmu"], agents=[0], decisions="buy")
    rng = np.random.default_rng(1)
    tested = 0
    for seed in range(60):
        state = game.new_initial_state(seed)
        while not state.is_terminal() and tested < 3:
            if state.D[L.PLAY0 + militia] and int(state.D[L.HAND_N + 1]) == 3:
                hands = set()
                for _ in range(200):
                    c = state.resample(0, rng)
                    assert (c.observation(0) == state.observation(0)).all()
                    hands.add(tuple(c.D[L.HAND0 + L.N_SLOTS:L.HAND0 + L.N_SLOTS + N_CARDS]))
                assert len(hands) >= 2, seed
                tested += 1
            state.apply_action(state.bot_action())
    assert tested == 3


def test_the_search_and_the_state_api_share_one_redeal():
    """One re-deal: the search module has no deal of its own, and State.resample's deal
    is sim.env.redeal's (the same copy for the same stream)."""
    from sim.env import redeal

    assert not hasattr(search, "deal_again") and not hasattr(search, "_shuffle_counts")
    game = Game(bots="bmu", decisions="buy")
    state = game.new_initial_state(5)
    for _ in range(12):
        state.apply_action(state.bot_action())
    p = state.current_player()
    copy = state.resample(p, np.random.default_rng(9))
    seed = int(np.random.default_rng(9).integers(1 << 63))
    D, R = state.D.copy(), state.R.copy()
    redeal.deal_again(D, R, p, redeal.stream(seed), *redeal.scratch())
    assert (copy.D[:L.AGENT] == D[:L.AGENT]).all() and (copy.R == R).all()
    assert core.WAITING == copy.status
