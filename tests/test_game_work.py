"""experiments/game_work.py on a few games: its counts agree with the engine's own
counters, the Adventures matchups show their cards' work, and its errors and the
--cycles column read count_instructions.py's output."""

from __future__ import annotations

import json
import sys

import pytest

from tests.conftest import experiment, play_seated


def _module():
    return experiment("game_work")


def _turns_per_game(name: str, games: int) -> float:
    """Mean turns a game by the engine's per-seat turn counters (not the log), in the
    games game_work.py replays (seed 1, seats alternating, seat 0 first)."""
    import bots
    from sim.engine.config import GameConfig

    a, b, _key, kingdom, *events = _module().MATCHUPS[name]
    config = (GameConfig(kingdom=kingdom, events=events[0]) if events
              else GameConfig(kingdom=kingdom))
    res = play_seated(bots.resolve_bot(a), config, games, seed=1, opponent=b)
    return float(res.turns.sum(axis=1).mean())


def test_bmu_mirror_draws_five_a_turn_and_the_two_first_hands():
    # BMU plays no card that draws: every card drawn is a new hand of 5, one per turn,
    # and the two opening hands.
    w = _module().work("bmu", 20)
    assert w["turns"] == pytest.approx(_turns_per_game("bmu", 20))
    assert w["drawn"] == pytest.approx(5 * (w["turns"] + 2))
    assert w["played"] > 2 * w["turns"]          # Treasures: at least 3 in most hands
    assert w["discarded"] == w["trashed"] == w["durations"] == w["events"] == 0


def test_adventures_matchups_count_their_cards_work():
    gw = _module()
    dm = gw.work("duration-money", 20)
    assert dm["turns"] == pytest.approx(_turns_per_game("duration-money", 20))
    # Dungeon's and Haunted Woods' draws come on top of the new hands.
    assert dm["drawn"] > 5 * (dm["turns"] + 2)
    assert dm["durations"] > 0 and dm["discarded"] > 0 and dm["calls"] > 0
    assert dm["events"] == 0
    k2 = gw.work("k2", 20)
    assert k2["events"] > 0 and k2["tokens"] > 0


def test_cycles_columns_and_errors(tmp_path, monkeypatch, capsys):
    gw = _module()
    out = tmp_path / "counts.txt"
    rows = [{"matchup": "bmu", "games": 3, "instructions_per_game": 1.0,
             "cond_misses_per_game": 0.0, "ind_misses_per_game": 0.0,
             "est_cycles_per_game": 50_000.0}]
    out.write_text("loading the engine under valgrind ...\n            bmu  instr ...\n"
                   + json.dumps({"checkout": ".", "rows": rows}, indent=1))
    monkeypatch.setattr(sys, "argv", ["game_work.py", "bmu", "--games", "4",
                                      "--cycles", str(out)])
    gw.main()
    line = capsys.readouterr().out.splitlines()[1].split()
    w = gw.work("bmu", 4)
    assert line[0] == "bmu"
    assert float(line[-2].replace(",", "")) == pytest.approx(50_000 / w["turns"], abs=1)
    assert float(line[-1].replace(",", "")) == pytest.approx(
        50_000 / (w["drawn"] + w["played"]), abs=1)
    for argv, words in ((["smithy-bm"], "unknown matchup 'smithy-bm'"),
                        (["bmu", "--games", "0"], "--games must be at least 1"),
                        (["bmu", "--cycles", str(tmp_path / "none.json")], "none.json")):
        monkeypatch.setattr(sys, "argv", ["game_work.py", *argv])
        with pytest.raises(SystemExit):
            gw.main()
        assert words in capsys.readouterr().err
