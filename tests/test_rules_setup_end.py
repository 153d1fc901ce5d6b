"""Setup, the end of the game, scoring and winners (RULES.md, "Setup", "End and score")."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bots import get_bot
from bots.library import BOTS
from bots.rules import Buy, RuleBot
from sim.cards import CARDS, KINGDOM_CARDS
from sim.engine.batch import play_batch
from sim.engine.codes import END_PILES, END_PROVINCES, END_TURN_CAP
from sim.engine.config import ConfigError, GameConfig
from sim.engine.game import (
    G_END,
    G_SHARED,
    G_TIEBREAK,
    G_TOTAL_TURNS,
    G_WINNERS,
    N_GAME_COLS,
    finish_game_on,
)
from sim.engine.rng import game_seeds
from sim.engine.scenario import Scenario
from tests.conftest import EXTRA_KINGDOM, FIRST_GAME, Scripted, nobuy

BASIC = {2: dict(Copper=46, Silver=40, Gold=30, Estate=8, Duchy=8, Province=8, Curse=10),
         3: dict(Copper=39, Silver=40, Gold=30, Estate=12, Duchy=12, Province=12, Curse=20),
         4: dict(Copper=32, Silver=40, Gold=30, Estate=12, Duchy=12, Province=12, Curse=30)}


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("kingdom", [FIRST_GAME, EXTRA_KINGDOM])
def test_supply_sizes(n, kingdom):
    sc = Scenario([nobuy()], n_players=n, kingdom=kingdom)
    for card, k in BASIC[n].items():
        assert sc.supply(card) == k, card
    for card in kingdom:
        expected = (8 if n == 2 else 12) if card == "Gardens" else 10
        assert sc.supply(card) == expected, card
    for cid in KINGDOM_CARDS:
        name = CARDS[cid].name
        if name not in kingdom:
            assert sc.supply(name) == 0
            with pytest.raises(ValueError):
                sc.set_supply(name, 3)
    assert sc.trash() == {}
    assert not sc.game_over()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_player_starts_with_7_copper_3_estate_5_in_hand(n):
    hands = Counter()
    for seed in range(40):
        sc = Scenario([nobuy()], n_players=n, seed=seed)
        for p in range(n):
            assert sc.owned(p) == {"Copper": 7, "Estate": 3}
            assert sum(sc.hand(p).values()) == 5 and len(sc.deck(p)) == 5
            assert sc.discard(p) == {} and sc.in_play(p) == {}
            assert Counter(sc.hand(p)) + Counter(sc.deck(p)) == Counter(Copper=7, Estate=3)
            assert sc.score(p) == 3
            hands[sc.hand(p).get("Copper", 0)] += 1
        assert sc.total_cards() == sum(BASIC[n].values()) + 100 + 10 * n
    # The starting deck is shuffled: 2..5 Coppers in hand all happen.
    assert set(hands) == {2, 3, 4, 5}


def test_kingdom_must_be_ten_distinct_kingdom_cards():
    with pytest.raises(ConfigError):
        GameConfig(kingdom=FIRST_GAME[:9])
    with pytest.raises(ConfigError):
        GameConfig(kingdom=FIRST_GAME[:9] + ["Cellar"])
    with pytest.raises(ConfigError):
        GameConfig(kingdom=FIRST_GAME[:9] + ["Gold"])
    for n in (1, 5):
        with pytest.raises(ConfigError):
            GameConfig(n_players=n)
    assert GameConfig().kingdom_names == sorted(FIRST_GAME, key=lambda c: CARDS[
        [x.name for x in CARDS].index(c)].id)


# ----------------------------------------------------------------------------- the end
def test_buying_the_last_province_ends_the_game_after_the_remaining_buys(scenario):
    me = Scripted(base=RuleBot("b", buy=[Buy("Province"), Buy("Duchy")]))
    sc = scenario([me, nobuy()])
    sc.set_supply("Province", 1)
    sc.set_hand(0, ["Market", "Gold", "Gold", "Gold", "Gold"]).set_deck(0, ["Copper"])
    assert not sc.game_over()
    assert sc.play_turn(0) == 14
    assert sc.gained_last_turn() == {"Province": 1, "Duchy": 1}
    assert [(v.coins, v.buys) for v in me.asked("buy")] == [(14, 2), (6, 1)]
    assert sc.supply("Province") == 0 and sc.game_over()


@pytest.mark.parametrize("piles", [("Curse", "Copper", "Cellar"), ("Curse", "Moat", "Cellar"),
                                   ("Copper", "Estate", "Cellar"), ("Silver", "Mine", "Cellar")])
def test_three_empty_piles_end_the_game(scenario, piles):
    me = Scripted(base=RuleBot("b", buy=[Buy("Cellar"), Buy("Copper")]))
    sc = scenario([me, nobuy()])
    sc.set_supply(piles[0], 0).set_supply(piles[1], 0).set_supply("Cellar", 1)
    sc.set_hand(0, ["Market", "Silver"]).set_deck(0, ["Estate"])
    assert not sc.game_over()
    sc.play_turn(0)
    # The player finished its Buys: the second one took a Copper (if any is left).
    want = {"Cellar": 1} if "Copper" in piles else {"Cellar": 1, "Copper": 1}
    assert sc.gained_last_turn() == want
    assert sc.game_over()


def test_two_empty_piles_or_provinces_left_do_not_end(scenario):
    sc = scenario([nobuy(), nobuy()])
    sc.set_supply("Curse", 0).set_supply("Copper", 0).set_supply("Province", 1)
    assert not sc.game_over()
    sc.set_supply("Duchy", 0)
    assert sc.game_over()
    sc.set_supply("Duchy", 1)
    assert not sc.game_over()


def _winners_by_the_rules(score, turns, capped):
    out = np.zeros(len(score), np.int64)
    for g in range(len(score)):
        if capped[g]:
            continue
        best = score[g].max()
        top = np.flatnonzero(score[g] == best)
        fewest = turns[g, top].min()
        for p in top:
            if turns[g, p] == fewest:
                out[g] |= 1 << int(p)
    return out


def _check_winners(res):
    capped = res.game[:, G_END] == END_TURN_CAP
    want = _winners_by_the_rules(res.score, res.turns, capped)
    assert np.array_equal(res.game[:, G_WINNERS], want)
    n_win = np.array([bin(int(w)).count("1") for w in want])
    assert np.array_equal(res.game[:, G_SHARED], (n_win > 1).astype(np.int32))
    top = (res.score == res.score.max(axis=1, keepdims=True)).sum(axis=1)
    assert np.array_equal(res.game[:, G_TIEBREAK], ((top > n_win) & (n_win > 0)).astype(int))
    # Turns: everybody from the first player up to the one who ended has one more turn.
    assert (res.turns.max(axis=1) - res.turns.min(axis=1) <= 1).all()
    assert np.array_equal(res.turns.sum(axis=1), res.game[:, G_TOTAL_TURNS])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_winners_of_many_games_follow_the_rules(n):
    """Highest score; a tie goes to fewer turns; same turns: shared.  Checked on every
    game of a batch of library-bot games and of random-bot games (which tie often)."""
    g = 2000
    seat = np.random.default_rng(n).integers(0, len(BOTS), size=(g, n))
    mixed = play_batch(GameConfig(n_players=n), list(BOTS), seat, game_seeds(11 + n, 0, g))
    _check_winners(mixed)
    rand = play_batch(GameConfig(n_players=n), [get_bot("random")], np.zeros((g, n)),
                      game_seeds(11 + n, 0, g))
    _check_winners(rand)
    # Both kinds of tie really happened in the sample.
    assert rand.game[:, G_TIEBREAK].sum() > 10 and rand.game[:, G_SHARED].sum() > 10


def _finish(sc, reason=END_PROVINCES):
    n = sc.config.n_players
    out_score = np.zeros((1, n), np.int32)
    out_turns = np.zeros((1, n), np.int32)
    out_game = np.zeros((1, N_GAME_COLS), np.int32)
    finish_game_on(sc.S, sc.T, 0, n, reason, out_score, out_turns, out_game)
    return out_score[0].tolist(), out_game[0]


def _with_scores(n, cards_per_player, turns):
    sc = Scenario([nobuy()], n_players=n)
    for p in range(n):
        sc.set_hand(p, []).set_deck(p, []).set_in_play(p, [])
        sc.set_discard(p, cards_per_player[p])
        sc.set_turns(p, turns[p])
    return sc


def test_highest_score_wins():
    sc = _with_scores(3, [["Province"], ["Duchy", "Duchy", "Duchy"], ["Estate"]], [5, 5, 4])
    scores, game = _finish(sc)
    assert scores == [6, 9, 1]
    assert game[G_WINNERS] == 0b010 and game[G_TIEBREAK] == 0 and game[G_SHARED] == 0


def test_tie_goes_to_fewer_turns():
    sc = _with_scores(3, [["Province"], ["Duchy", "Duchy"], ["Estate"] * 6], [6, 5, 5])
    scores, game = _finish(sc)
    assert scores == [6, 6, 6]
    assert game[G_WINNERS] == 0b110 and game[G_SHARED] == 1 and game[G_TIEBREAK] == 1
    sc = _with_scores(2, [["Province"], ["Duchy", "Duchy"]], [6, 5])
    scores, game = _finish(sc)
    assert game[G_WINNERS] == 0b10 and game[G_TIEBREAK] == 1 and game[G_SHARED] == 0


def test_tie_with_same_turns_is_shared():
    sc = _with_scores(4, [["Province"], ["Duchy", "Duchy"], ["Gold"], ["Estate"] * 6],
                      [7, 7, 7, 6])
    scores, game = _finish(sc)
    assert scores == [6, 6, 0, 6]
    assert game[G_WINNERS] == 0b1000 and game[G_TIEBREAK] == 1
    sc = _with_scores(4, [["Province"], ["Duchy", "Duchy"], ["Gold"], ["Estate"] * 6],
                      [7, 7, 6, 7])
    scores, game = _finish(sc)
    assert game[G_WINNERS] == 0b1011 and game[G_SHARED] == 1 and game[G_TIEBREAK] == 0


def test_negative_scores_can_win():
    sc = _with_scores(2, [["Curse", "Curse"], ["Curse"] * 3], [3, 3])
    scores, game = _finish(sc, END_PILES)
    assert scores == [-2, -3] and game[G_WINNERS] == 0b01 and game[G_END] == END_PILES


def test_capped_game_has_no_winner():
    sc = _with_scores(2, [["Province"], []], [100, 100])
    scores, game = _finish(sc, END_TURN_CAP)
    assert scores == [6, 0]
    assert game[G_WINNERS] == 0 and game[G_END] == END_TURN_CAP and game[G_SHARED] == 0


def test_turn_cap_in_a_real_batch():
    """Bots that never buy never end a game: stopped at the cap, flagged, no winner."""
    res = play_batch(GameConfig(n_players=3, turn_cap=7), [nobuy()], np.zeros((5, 3)),
                     game_seeds(5, 0, 5))
    assert (res.game[:, G_END] == END_TURN_CAP).all()
    assert (res.game[:, G_WINNERS] == 0).all()
    assert (res.turns == 7).all() and (res.game[:, G_TOTAL_TURNS] == 21).all()
    assert (res.score == 3).all()


# ----------------------------------------------------------------------------- scoring
def test_rulebook_scoring_example(scenario):
    """2 Provinces, 1 Duchy, 4 Estates, 1 Curse = 12 + 3 + 4 - 1 = 18, wherever they are."""
    sc = scenario([nobuy(), nobuy()])
    sc.set_hand(0, ["Province", "Copper", "Estate"])
    sc.set_deck(0, ["Estate", "Silver", "Province"])
    sc.set_discard(0, ["Duchy", "Curse", "Estate"])
    sc.set_in_play(0, ["Estate", "Smithy", "Gold"])
    assert sc.score(0) == 18
    assert sc.score(1) == 0


@pytest.mark.parametrize("card,vp", [("Estate", 1), ("Duchy", 3), ("Province", 6),
                                     ("Curse", -1), ("Copper", 0), ("Gold", 0), ("Smithy", 0)])
def test_card_values(scenario, card, vp):
    sc = scenario([nobuy(), nobuy()])
    sc.set_discard(0, [card] * 3)
    assert sc.score(0) == 3 * vp


def test_trashed_cards_are_not_owned(scenario):
    sc = scenario([Scripted(remodel_trash=["Province"], remodel_gain=["Gold"]), nobuy()])
    sc.set_hand(0, ["Remodel", "Province", "Estate"])
    assert sc.score(0) == 7
    sc.play_turn(0)
    assert sc.trash() == {"Province": 1}
    assert sc.score(0) == 1 and sc.owned(0) == {"Remodel": 1, "Gold": 1, "Estate": 1}


def test_curses_given_count_for_the_receiver_only(scenario):
    sc = scenario([nobuy(play=["Witch"]), nobuy()], kingdom=EXTRA_KINGDOM)
    sc.set_hand(0, ["Witch", "Province"]).set_hand(1, ["Province"])
    sc.play_turn(0)
    assert (sc.score(0), sc.score(1)) == (6, 5)


def test_game_logs_a_final_score_matching_the_result():
    from sim.engine.codes import EV_END, EV_SCORE

    bots = [get_bot("smithy-bm"), get_bot("witch-bm")]
    res = play_batch(GameConfig(n_players=2, kingdom=EXTRA_KINGDOM), bots,
                     np.array([[0, 1]]), game_seeds(3, 0, 1), log=True)
    rows = [tuple(r) for r in res.log]
    end = [r for r in rows if r[0] == EV_END]
    assert end == [(EV_END, end[0][1], -1, -1, int(res.game[0, G_END]),
                    int(res.game[0, G_TOTAL_TURNS]))]
    scores = [(r[2], r[4], r[5]) for r in rows if r[0] == EV_SCORE]
    assert scores == [(p, int(res.score[0, p]), int(res.turns[0, p])) for p in range(2)]
