"""The position validator (sim.env.position_check) misses no field and refuses no real
position: its regions tile the engine's state, every per-player and game scalar has
its check, and positions of real games (turn starts and resampled copies stopped at a
question, base and Adventures boards holding every card and Event, 2 to 4 players) all
pass."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from sim.engine import layout as L
from sim.env import Game
from sim.env.position_check import GAME_SCALARS, PLAYER_SCALARS, REGIONS, check_position
from sim.env.state import _base_of, _stopped_position

sys.path.insert(0, str(Path(__file__).parent))
from test_env_conformance import TABLES, random_action  # noqa: E402
from turn_starts import RecordedGame  # noqa: E402


def test_the_regions_tile_the_state_and_every_scalar_has_its_check():
    at = 0
    for name, first, end, check in REGIONS:
        assert first == at and end > first, name
        assert check.__doc__, name          # a check, or the stated reason for none
        at = end
    assert at == L.STATE_SIZE
    assert sorted(PLAYER_SCALARS) == list(range(L.N_PS))
    assert sorted(GAME_SCALARS) == list(range(L.N_V))


def _takes(game: Game) -> np.ndarray:
    takes = np.zeros(L.AG_POS - L.AG_TAKES, np.int32)
    takes[list(game.decisions)] = 1
    return takes


@pytest.mark.parametrize("table", [("first-game", "", 2), ("first-game", "", 3)] + TABLES,
                         ids=lambda t: f"{t[0][:12]}-{t[2]}p")
def test_positions_of_real_games_pass(table):
    """Every turn start and many resampled copies of random games: no false refusal."""
    kingdom, events, players = table
    game = Game(kingdom=kingdom, events=events.split(",") if events else (), players=players,
                bots="bmu", turn_cap=40)
    rng = np.random.default_rng(3)
    checked = 0
    for seed in range(3):
        rec = RecordedGame(game, seed)
        state = game.new_initial_state(seed)
        last = -1
        while not state.is_terminal():
            if int(rec.S0[L.V + L.V_TOTAL_TURNS]) != last:
                last = int(rec.S0[L.V + L.V_TOTAL_TURNS])
                check_position(_base_of(rec.S0), rec.R0, game.T, players, stopped=False,
                               turn_cap=40)
                checked += 1
            if rng.random() < 0.3:
                copy = state.resample(int(rng.integers(players)), rng)
                o = copy._origin
                if o is not None and o.stopped:
                    check_position(_stopped_position(o.S), o.R, game.T, players,
                                   stopped=True, turn_cap=40, takes=_takes(game),
                                   agents=game.agents)
                    checked += 1
            a = random_action(state, rng)
            state.apply_action(a)
            rec.apply(a)
    assert checked > 100


def test_from_position_refuses_a_damaged_position_in_one_line():
    game = Game(bots="bmu")
    rec = RecordedGame(game, 1)
    S = rec.S0.copy()
    S[L.DECK_N] = 100_000
    with pytest.raises(ValueError, match=r"^from_position: position: P0's draw pile holds "
                                         r"100000 cards; at most 512$"):
        from sim.env import State
        State.from_position(game, S, rec.R0.copy(), 0)
