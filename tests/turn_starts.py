"""A state API game with a record of where each turn started: what the tests compare a
resumed game with (the same turn played from its start with the same answers, no stop
before the last one) and the positions they build states from."""

from __future__ import annotations

import numpy as np

from sim.engine import layout as L
from sim.env import Game, core
from sim.env.state import LOG_ROWS


class RecordedGame:
    """Game ``seed`` of ``game`` stepped by the compiled state API
    (sim.env.core.go_on_recording), with the start of the current turn kept (``S0``,
    ``R0``: the game as the turn started, the turn's answers so far in its script)."""

    def __init__(self, game: Game, seed: int, *, log: bool = False):
        from sim.engine.game import reset_game_on

        self.game = game
        n = game.num_players
        self.S, self.R = game._template(LOG_ROWS if log else 0)
        reset_game_on(self.S, self.R, game.T, 0, np.uint64(seed), n, game.seat_bots)
        self.S[L.V + L.V_CUR] = core.first_player(self.R, n, -1)
        self.S0, self.R0 = self.S.copy(), self.R.copy()
        self.mask = np.zeros(core.N_ACTIONS, np.int8)
        self.outs = (np.zeros((1, n), np.int32), np.zeros((1, n), np.int32),
                     np.zeros((1, 6), np.int32))
        self.status = self._go_on()

    def _go_on(self) -> int:
        g = self.game
        return core.go_on_recording(self.S, self.R, self.S0, self.R0, True, g.T, g.P, g.P,
                                    g.Q, g.H, *self.outs, self.mask)

    def apply(self, a: int) -> None:
        """Answer the question with action ``a`` (legal) and go on."""
        assert self.mask[a], a
        core.add_answer(self.S, a)
        core.add_answer(self.S0, a)
        self.status = self._go_on()

    def played_from_turn_start(self) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
        """The current turn played again from its start with the answers given so far, in
        one call with no stop before the question: its status, game, streams and legal
        actions."""
        g = self.game
        S, R = self.S0.copy(), self.R0.copy()
        S[L.AG_POS] = 0
        mask = np.zeros_like(self.mask)
        outs = tuple(np.zeros_like(o) for o in self.outs)
        status = core.go_on(S, R, g.T, g.P, g.P, g.Q, g.H, *outs, mask)
        return status, S, R, mask
