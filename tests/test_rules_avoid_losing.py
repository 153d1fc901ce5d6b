"""Ending the game: ``avoid_losing_end`` (the established simulators' rule: refuse an
ending buy or gain only when an opponent would then beat the bot under the tie-break)
and ``end_only_when_winning`` (refuse unless the bot then has the most VP alone).

Each test builds the exact end-of-game situation: the last Province is in the supply,
the deciding player (seat 0) can afford it, and the scores and turns taken are set so
that buying it wins, ties or loses.
"""

from __future__ import annotations

import numpy as np
import pytest

from bots.errors import RuleError
from bots.rules import Buy, RuleBot
from bots.toml_bot import loads_bot
from sim.engine import program as P
from sim.engine.base_set import D_WORKSHOP_GAIN
from sim.engine.codes import D_BUY, END_PROVINCES
from sim.runner import Match
from tests.conftest import nobuy


def _ender(rule: str) -> RuleBot:
    return RuleBot("ender", buy=[Buy("Province"), Buy("Duchy")], **{rule: True})


def _last_province(scenario, rule: str, my_vp: list[str], opp_vp: list[list[str]],
                   my_turns: int, opp_turns: list[int]):
    """Seat 0 (``rule``) holds $8 with the last Province left; the opponents own the
    Victory cards and have finished the turns given."""
    n = 1 + len(opp_vp)
    sc = scenario([_ender(rule)] + [nobuy(f"o{i}") for i in range(1, n)], n_players=n)
    sc.set_supply("Province", 1)
    sc.set_discard(0, my_vp).set_turns(0, my_turns)
    for q, (cards, t) in enumerate(zip(opp_vp, opp_turns, strict=True), start=1):
        sc.set_discard(q, cards).set_turns(q, t)
    sc.set_counters(coins=8, buys=1)
    return sc


TIE = (["Estate"], [["Province", "Estate"]])        # 1 + 6 == 7
BEHIND = ([], [["Province", "Estate"]])             # 6 < 7
AHEAD = (["Duchy"], [["Province", "Estate"]])       # 9 > 7


@pytest.mark.parametrize("vp, opp_turns, takes", [
    (TIE, 6, True),        # the opponent moved first: equal turns, a shared win
    (TIE, 5, False),       # the opponent moves after me: it wins the tie-break
    (BEHIND, 6, False),
    (BEHIND, 5, False),
    (AHEAD, 5, True),
    (AHEAD, 6, True),
])
def test_avoid_losing_end_is_the_peers_rule(scenario, vp, opp_turns, takes):
    sc = _last_province(scenario, "avoid_losing_end", vp[0], vp[1], 5, [opp_turns])
    assert sc.decide(0, D_BUY) == ("Province" if takes else "Duchy")


@pytest.mark.parametrize("vp, opp_turns, takes", [
    (TIE, 6, False),       # refuses even a shared win
    (TIE, 5, False),
    (BEHIND, 6, False),
    (AHEAD, 5, True),
    (AHEAD, 6, True),
])
def test_end_only_when_winning_refuses_every_tie(scenario, vp, opp_turns, takes):
    sc = _last_province(scenario, "end_only_when_winning", vp[0], vp[1], 5, [opp_turns])
    assert sc.decide(0, D_BUY) == ("Province" if takes else "Duchy")


def test_a_taken_tie_is_played_and_shared(scenario):
    """The whole turn: the Province is bought, the game ends, both players win."""
    from sim.engine.game import G_SHARED, G_WINNERS, N_GAME_COLS, finish_game_on

    sc = _last_province(scenario, "avoid_losing_end", *TIE, 5, [6])
    sc.set_hand(0, ["Gold", "Gold", "Silver"]).set_deck(0, ["Copper"] * 5)
    sc.play_turn(0)
    assert sc.gained_last_turn() == {"Province": 1} and sc.game_over()
    out_score = np.zeros((1, 2), np.int64)
    out_turns = np.zeros((1, 2), np.int64)
    out_game = np.zeros((1, N_GAME_COLS), np.int64)
    finish_game_on(sc.S, sc.T, 0, 2, END_PROVINCES, out_score, out_turns, out_game)
    assert out_score[0].tolist() == [7, 7] and out_turns[0].tolist() == [6, 6]
    assert out_game[0, G_WINNERS] == 0b11 and out_game[0, G_SHARED] == 1


@pytest.mark.parametrize("opp_turns, takes", [
    ((6, 6), True),        # both opponents moved before me: a three-way shared win
    ((6, 5), False),       # the second opponent moves after me and would win the tie
    ((5, 5), False),
])
def test_three_players_any_opponent_who_would_win_refuses(scenario, opp_turns, takes):
    tie = ["Province", "Estate"]
    sc = _last_province(scenario, "avoid_losing_end", ["Estate"], [tie, tie], 5,
                        list(opp_turns))
    assert sc.decide(0, D_BUY) == ("Province" if takes else "Duchy")


def test_three_players_a_weaker_opponent_does_not_matter(scenario):
    """One opponent ties having moved first, the other is behind and moves after me."""
    sc = _last_province(scenario, "avoid_losing_end", ["Estate"],
                        [["Province", "Estate"], ["Province"]], 5, [6, 5])
    assert sc.decide(0, D_BUY) == "Province"
    sc = _last_province(scenario, "end_only_when_winning", ["Estate"],
                        [["Province", "Estate"], ["Province"]], 5, [6, 5])
    assert sc.decide(0, D_BUY) == "Duchy"


def test_gains_follow_the_same_rule(scenario):
    """A Workshop-style gain that would empty the third pile is judged the same way."""
    bot = RuleBot("g", gain=["Estate", "Silver"], avoid_losing_end=True)
    sc = scenario([bot, nobuy()])
    sc.set_supply("Curse", 0).set_supply("Cellar", 0).set_supply("Estate", 1)
    sc.set_discard(1, ["Estate"])
    sc.set_turns(0, 3).set_turns(1, 3)     # the opponent moves after me: it wins a tie
    assert sc.decide(0, D_WORKSHOP_GAIN, 4) == "Silver"
    sc.set_turns(1, 4)                     # it moved first: the tie is shared
    assert sc.decide(0, D_WORKSHOP_GAIN, 4) == "Estate"


def test_flag_values():
    assert _ender("avoid_losing_end").program().flags[P.F_AVOID_LOSING_END] == P.AL_NOT_BEHIND
    prog = _ender("end_only_when_winning").program()
    assert prog.flags[P.F_AVOID_LOSING_END] == P.AL_WIN_ONLY
    assert RuleBot("x").program().flags[P.F_AVOID_LOSING_END] == P.AL_OFF


def test_both_rules_at_once_is_an_error():
    with pytest.raises(RuleError, match="set one of them"):
        RuleBot("x", avoid_losing_end=True, end_only_when_winning=True)
    with pytest.raises(RuleError, match="end_only_when_winning must be true or false"):
        RuleBot("x", end_only_when_winning=1)


def test_toml_keys():
    bot = loads_bot('name = "x"\nend_only_when_winning = true\n')
    assert bot.program().flags[P.F_AVOID_LOSING_END] == P.AL_WIN_ONLY
    from bots.errors import BotFileError

    text = 'name = "x"\navoid_losing_end = true\nend_only_when_winning = true\n'
    with pytest.raises(BotFileError) as e:
        loads_bot(text, "b.toml")
    assert str(e.value).startswith("b.toml:3: ") and e.value.word == "end_only_when_winning"
    with pytest.raises(BotFileError) as e:
        loads_bot('name = "x"\n\nend_only_when_winning = 1\n', "b.toml")
    assert str(e.value).startswith("b.toml:3: ") and e.value.word == "end_only_when_winning"


def test_big_money_mirror_shares_wins_only_with_the_peers_rule():
    """A mirror of equal bots often ends tied: the peers' rule takes those ties."""
    peers = Match("big-money", "big-money", games=4000, seed=5, processes=1).play()
    strict_bot = loads_bot(
        'name = "big-money-strict"\nend_only_when_winning = true\n'
        '[[buy]]\ncard = "Province"\n[[buy]]\ncard = "Gold"\n[[buy]]\ncard = "Silver"\n')
    strict = Match(strict_bot, strict_bot, games=4000, seed=5, processes=1).play()
    assert int(peers.games["shared"].sum()) > 0
    assert int(strict.games["shared"].sum()) == 0
