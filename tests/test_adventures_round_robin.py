"""experiments/adventures_round_robin.py on a few games: its files, their shapes, the
shares' consistency, skipping missing bots, reusing finished pairings, and the Event
counts read from the game log."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from bots.python_bot import DEFAULT, PythonBot
from sim.cards import card_id
from sim.engine import codes
from tests.conftest import experiment


def _module():
    return experiment("adventures_round_robin")


rr = _module()

RELIC = """name = "relic-test"
description = "Big Money with two Relics (test bot)"
[[buy]]
card = "Province"
if = ["money > 15"]
[[buy]]
card = "Gold"
[[buy]]
card = "Relic"
if = ["count(Relic) < 2"]
[[buy]]
card = "Silver"
"""


class LostArtsBuyer(PythonBot):
    """Buys Lost Arts with $6 or $7, Seaway with $5; otherwise Big Money Ultimate."""

    name = "lost-arts-buyer"
    description = "test bot: buys the K1 Events"
    fallback = "bmu"

    def buy(self, view):
        if 6 <= view.coins <= 7:
            return "Lost Arts"
        if view.coins == 5:
            return "Seaway"
        return DEFAULT


@pytest.fixture
def relic(tmp_path: Path) -> Path:
    path = tmp_path / "relic-test.toml"
    path.write_text(RELIC)
    return path


def _run(out: Path, bots: list, *extra: str) -> int:
    return rr.main(["--kingdom", "k1", "--games", "40", "--logged-games", "4", "--processes",
                    "1", "--format", "png", "--no-progress", "--out", str(out), *extra],
                   bots={"k1": bots})


def test_outputs_shapes_and_shares(tmp_path: Path, relic: Path, capsys):
    out = tmp_path / "out"
    assert _run(out, ["bmu", "no-such-bot", str(relic)]) == 0
    err = capsys.readouterr().err
    assert "skipping bot 'no-such-bot'" in err
    k1 = out / "k1"
    for f in ("matrix.csv", "matrix_ci.csv", "scores.csv", "pairs.csv", "events.csv",
              "tables.md", "win_rates.png", "scores.png", "command.txt",
              "pairs/bmu__relic-test.json"):
        assert (k1 / f).is_file(), f
    assert not list((k1 / "games").glob("*.parquet"))      # deleted once the pairing is done
    m = pd.read_csv(k1 / "matrix.csv", index_col=0)
    assert list(m.index) == list(m.columns) == ["bmu", "relic-test"]
    assert np.isnan(m.loc["bmu", "bmu"]) and np.isnan(m.loc["relic-test", "relic-test"])
    assert m.loc["bmu", "relic-test"] + m.loc["relic-test", "bmu"] == pytest.approx(1, abs=1e-6)
    pairs = pd.read_csv(k1 / "pairs.csv")
    assert len(pairs) == 1
    p = pairs.iloc[0]
    assert (p.bot, p.opponent, p.games) == ("bmu", "relic-test", 40)
    assert p.wins + p.losses + p.ties + p.capped == p.games
    assert p.share == pytest.approx((p.wins + (p.ties + p.capped) / 2) / p.games, abs=1e-6)
    assert p.share == pytest.approx(m.loc["bmu", "relic-test"], abs=1e-6)
    assert 0 < p.ci95_half < 0.5
    assert 10 < p.mean_rounds < 100 and 10 < p.median_rounds < 100
    scores = pd.read_csv(k1 / "scores.csv", index_col=0)
    assert sorted(scores.index) == ["bmu", "relic-test"]
    assert scores["score"].sum() == pytest.approx(1, abs=1e-6)
    assert list(scores["rank"]) == [1, 2]
    ev = pd.read_csv(k1 / "events.csv")
    assert list(ev["logged_games"]) == [4, 4]
    assert list(ev.columns[2:]) == ["Lost Arts per game", "Lost Arts share of games",
                                    "Seaway per game", "Seaway share of games"]
    assert (ev.iloc[:, 2:] == 0).all().all()                 # neither bot buys Events
    assert "Row + column = 100" in (k1 / "tables.md").read_text()


def test_finished_pairings_are_reused(tmp_path: Path, relic: Path, capsys):
    out = tmp_path / "out"
    _run(out, ["bmu", str(relic)])
    first = json.loads((out / "k1" / "pairs" / "bmu__relic-test.json").read_text())
    capsys.readouterr()
    _run(out, ["bmu", str(relic)])
    assert "done before, reused" in capsys.readouterr().out
    # More games: another configuration, so the pairing is played again.
    _run(out, ["bmu", str(relic)], "--games", "60")
    again = json.loads((out / "k1" / "pairs" / "bmu__relic-test.json").read_text())
    assert (first["games"], again["games"]) == (40, 60)


def test_bot_missing_a_kingdom_card_is_skipped(tmp_path: Path, capsys):
    # militia-bm buys Militia, which K1 lacks: skipped, leaving one bot and no pairing.
    assert _run(tmp_path / "out", ["bmu", "militia-bm"]) == 0
    err = capsys.readouterr().err
    assert "skipping bot militia-bm on k1" in err and "Militia" in err


def test_event_counts_match_single_game_logs():
    """Counting Events in batches of logged games (split at each game's end) gives what
    each game's own log says."""
    from sim.runner import make_config, play_game

    k1 = rr.KINGDOMS["k1"]
    cfg = make_config([LostArtsBuyer(), "bmu"], players=2, games=6, seed=5,
                      kingdom=list(k1.cards), events=list(k1.events))
    counted = rr.event_buys(cfg, 6, batch=4)
    expect = {n: {e: 0 for e in k1.events} for n in cfg.names}
    games_with = {n: {e: 0 for e in k1.events} for n in cfg.names}
    for i in range(6):
        res, seats, _ = play_game(cfg, i)
        rows = res.log[res.log[:, 0] == codes.EV_EVENT]
        assert counted["scores"][i] == res.score[0].tolist()
        for e in k1.events:
            for s, bot in enumerate(seats):
                n = int(rows[(rows[:, 2] == s) & (rows[:, 3] == card_id(e)), 4].sum())
                expect[bot][e] += n
                games_with[bot][e] += n > 0
    assert counted["buys"] == expect
    assert counted["games_with"] == games_with
    assert counted["games"] == {"lost-arts-buyer": 6, "bmu": 6}
    assert counted["buys"]["lost-arts-buyer"]["Lost Arts"] > 0    # the test can fail


def test_unfinished_pairing_resumes_from_its_games_file(tmp_path: Path, relic: Path):
    """A pairing whose runner file is there (here: complete, as after a kill between the
    run and the pairing's record) is resumed, not replayed, and gives the same numbers."""
    from sim.runner import Match

    fresh, resumed = tmp_path / "fresh", tmp_path / "resumed"
    _run(fresh, ["bmu", str(relic)])
    k1 = rr.KINGDOMS["k1"]
    games = resumed / "k1" / "games"
    games.mkdir(parents=True)
    Match("bmu", str(relic), games=40, seed=rr.pair_seed(2024, "k1", "bmu", "relic-test"),
          kingdom=list(k1.cards), events=list(k1.events), processes=1).play(
        progress=False, out=games / "bmu__relic-test.parquet")
    _run(resumed, ["bmu", str(relic)])
    a = json.loads((fresh / "k1" / "pairs" / "bmu__relic-test.json").read_text())
    b = json.loads((resumed / "k1" / "pairs" / "bmu__relic-test.json").read_text())
    assert (a["resumed"], b["resumed"], a["played"], b["played"]) == (False, True, 40, 0)
    for key in ("share", "half", "wins_a", "wins_b", "ties", "capped", "mean_rounds",
                "events"):
        assert a[key] == b[key], key
