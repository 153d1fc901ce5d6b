"""The fallback bot's answers for a batch of games: the policy's prior.

The learner's logits get ``prior`` added at the action its seat's compiled bot (the
fallback) would take: a policy of zero weights then plays like the fallback, and what
the network learns is where to leave it.  Why: with terminal rewards only, a policy
starting from uniformly random buys loses every game to every library bot and the
league gives it no signal; starting near the fallback it wins some from the first
iteration.  ``prior = 0`` learns from scratch (TrainConfig.prior).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.engine import codes
from sim.engine import layout as L
from sim.env import core
from sim.env.actions import MODE0, MODES, NO, NONE, YES, YES_NO

_YES_NO = np.zeros(codes.N_DECISIONS, np.bool_)
_YES_NO[sorted(YES_NO)] = True
_MODE = np.zeros(codes.N_DECISIONS, np.bool_)
_MODE[sorted(MODES)] = True


@njit(cache=True)
def _answers(S, R, T, P, Q, H_flat, rows, yes_no, mode, out):
    """out[j]: the action the asked seat's own bot takes in game ``rows[j]`` of the batch
    ``S``/``R`` (each row's game and streams copied first: asking changes nothing)."""
    for j in range(len(rows)):
        i = rows[j]
        D = S[i].copy()
        r = core.bot_answer(D, R[i].copy(), T, P, Q, H_flat, D[L.AG_WAIT_P], D[L.AG_WAIT_D],
                            D[L.AG_WAIT_ARG])
        d = D[L.AG_WAIT_D]
        if yes_no[d]:
            out[j] = YES if r == 1 else NO
        elif mode[d]:
            out[j] = NONE if r < 0 else MODE0 + r
        else:
            out[j] = NONE if r < 0 else r


def bot_actions(games, rows: np.ndarray) -> np.ndarray:
    """The actions the asked seats' own bots take now in ``rows`` of ``games`` (a
    sim.env.vector.VectorGames): what State.bot_action() says, for many games at once."""
    g = games.game
    out = np.empty(len(rows), np.int64)
    _answers(games.S, games.R, g.T, g.P, g.Q, g.H, np.ascontiguousarray(rows, np.int64),
             _YES_NO, _MODE, out)
    return out
