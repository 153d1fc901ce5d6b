"""The random bot's answers to the Adventures decisions (and to buying, where Events
can be bought): uniform among the legal answers, from the deciding seat's stream.

The legal answers, the draw and the documented narrowings (D_START's -1, Quest,
Pilgrimage) are sim.engine.legality's, read from the table of decisions
(sim.engine.codes); this module keeps the name the Adventures dispatch calls
(sim.engine.adventures.decide.decide_adv) and re-exports rc_can_replay from there.
"""

from __future__ import annotations

from numba import njit

from sim.engine.legality import random_answer, rc_can_replay, start_calls_due  # noqa: F401


@njit(cache=True)
def random_decide_adv(S, R, T, p, d, arg):
    """Seat ``p``'s random answer to Adventures decision ``d`` (or D_BUY / D_ACTION in an
    Adventures game): sim.engine.legality.random_answer."""
    return random_answer(S, R, T, p, d, arg)
