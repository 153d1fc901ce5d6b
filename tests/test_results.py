"""Summaries agree with a hand computation; files round-trip with their metadata."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from sim.analysis.io import load_frame
from sim.analysis.results import Results, coerce_games, summarize, wilson
from sim.runner.plan import RunConfig

pytestmark = pytest.mark.timeout(120)

NAMES = ["a", "b", "c"]


def known_frame() -> pd.DataFrame:
    """Six 3-player games whose outcomes are easy to score by hand.

    game 0: a b c, a wins alone                       (seat 0)
    game 1: b c a, a wins on the fewer-turns tie-break (seat 2)
    game 2: c a b, a and b share the win              (seats 1, 2)
    game 3: a b c, capped, nobody wins
    game 4: b c a, all three share
    game 5: c a b, c wins alone                       (seat 0)
    """
    seats = [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]] * 2
    winners = [0b001, 0b100, 0b110, 0, 0b111, 0b001]
    tiebreak = [0, 1, 0, 0, 0, 0]
    end = ["provinces", "three piles", "provinces", "turn cap", "provinces", "provinces"]
    score = [[30, 20, 10], [25, 25, 25], [5, 40, 40], [3, 3, 3], [9, 9, 9], [50, 1, 2]]
    turns = [[20, 19, 19], [18, 18, 17], [15, 15, 15], [100, 100, 100], [12, 12, 12],
             [10, 10, 9]]
    d = {"game": np.arange(6), "seed": np.arange(6, dtype=np.uint64), "table": np.zeros(6, int),
         "rotation": [0, 1, 2, 0, 1, 2]}
    for s in range(3):
        d[f"bot_{s}"] = [row[s] for row in seats]
    for s in range(3):
        d[f"score_{s}"] = [row[s] for row in score]
    for s in range(3):
        d[f"turns_{s}"] = [row[s] for row in turns]
    d["winners"] = winners
    d["n_winners"] = [bin(w).count("1") for w in winners]
    d["winner"] = ["a", "a", None, None, None, "c"]
    d["tiebreak"] = tiebreak
    d["shared"] = [0, 0, 1, 0, 1, 0]
    d["end"] = end
    d["first"] = 0
    d["length"] = [58, 53, 45, 300, 36, 29]
    cfg = RunConfig(bots=tuple(NAMES), names=tuple(NAMES), tables=((0, 1, 2),), players=3,
                    games=6, seed=0)
    return coerce_games(pd.DataFrame(d), cfg)


def test_summary_matches_hand_computation():
    s = summarize(known_frame())
    a, b, c = s.loc["a"], s.loc["b"], s.loc["c"]
    # a: games 0..5; sole wins 0, 1; shared 2 (1/2), 4 (1/3); capped 3; lost 5
    assert (a.games, a.wins, a.shared_wins, a.losses, a.capped) == (6, 2, 2, 1, 1)
    assert a.win_rate == pytest.approx((2 + 1 / 2 + 1 / 3) / 6)
    assert a.tiebreak_wins == 1
    # b: lost 0, 1, 5; shared 2 (1/2) and 4 (1/3); capped 3
    assert (b.games, b.wins, b.shared_wins, b.losses, b.capped) == (6, 0, 2, 3, 1)
    assert b.win_rate == pytest.approx((1 / 2 + 1 / 3) / 6)
    # c: won 5; shared 4; lost 0, 1, 2; capped 3
    assert (c.games, c.wins, c.shared_wins, c.losses, c.capped) == (6, 1, 1, 3, 1)
    assert c.win_rate == pytest.approx((1 + 1 / 3) / 6)
    assert c.tiebreak_wins == 0
    # average score and own turns over the bot's seats
    assert a.avg_score == pytest.approx((30 + 25 + 40 + 3 + 9 + 1) / 6)
    assert a.avg_turns == pytest.approx((20 + 17 + 15 + 100 + 12 + 10) / 6)
    # by seat: a sits in seat 0 in games 0, 3 (win, capped), seat 2 in 1, 4, seat 1 in 2, 5
    assert a.win_rate_seat0 == pytest.approx(0.5)
    assert a.win_rate_seat1 == pytest.approx((1 / 2 + 0) / 2)
    assert a.win_rate_seat2 == pytest.approx((1 + 1 / 3) / 2)
    lo, hi = wilson((2 + 1 / 2 + 1 / 3), 6)
    assert (a.ci_low, a.ci_high) == (pytest.approx(lo), pytest.approx(hi))
    assert list(s.index) == ["a", "c", "b"]  # by win rate


def test_wilson_known_values():
    # published Wilson 95% intervals (e.g. Newcombe 1998, Table I)
    for (k, n), (lo_ref, hi_ref) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                                     (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
        lo, hi = wilson(k, n)
        assert lo == pytest.approx(lo_ref, abs=1e-4) and hi == pytest.approx(hi_ref, abs=1e-4)
    assert np.isnan(wilson(0, 0)[0])
    scipy_stats = pytest.importorskip("scipy.stats")
    for k, n in [(3, 10), (512, 1000)]:
        ci = scipy_stats.binomtest(k, n).proportion_ci(method="wilson")
        assert wilson(k, n) == (pytest.approx(ci.low), pytest.approx(ci.high))


def test_pairs_and_matrix_on_a_small_tournament():
    from sim.runner import Tournament

    r = Tournament(["big-money", "bmu", "smithy-bm"], games=40, seed=4).play(processes=1)
    m = r.matrix()
    assert m.loc["bmu", "big-money"] + m.loc["big-money", "bmu"] == pytest.approx(1.0)
    p = r.pairs()
    row = p[(p.bot == "bmu") & (p.opponents == "big-money")].iloc[0]
    g = r.games[r.games.table == row.table]
    wins = (g.winner == "bmu").sum()
    assert row.wins == wins and row.games == 40
    assert r.summary()["games"].sum() == 2 * 3 * 40


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_file_round_trip_keeps_frame_and_metadata(tmp_path, suffix):
    from sim.runner import Match

    r = Match("smithy-bm", "bmu", games=30, seed=9, kingdom="first-game").play(processes=1)
    path = tmp_path / f"r{suffix}"
    r.save(path)
    df, meta = load_frame(path)
    pd.testing.assert_frame_equal(df, r.games)
    assert meta["version"] == __import__("sim").__version__
    assert meta["config"]["bots"] == ["smithy-bm", "bmu"] and meta["config"]["seed"] == 9
    assert meta["config"]["seats"] == "rotate" and meta["config"]["players"] == 2
    assert meta["complete"] and meta["completed_chunks"] == [[0, 1]]
    back = Results.load(path)
    assert back.config == r.config and back.complete
    json.dumps(meta)


def test_parquet_metadata_is_in_the_schema(tmp_path):
    import pyarrow.parquet as pq

    from sim.runner import Match

    r = Match("bmu", "big-money", games=4).play(processes=1)
    r.save(tmp_path / "x.parquet")
    md = pq.read_schema(tmp_path / "x.parquet").metadata
    assert json.loads(md[b"domsim"])["config"]["names"] == ["bmu", "big-money"]
