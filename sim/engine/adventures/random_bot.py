"""The random bot's answers to the Adventures decisions (and to buying, where Events
can be bought): uniform among the legal answers, from the deciding seat's stream."""

from __future__ import annotations

from numba import njit


@njit(cache=True)
def random_decide_adv(S, R, T, p, d, arg):
    """Placeholder until the random bot covers every Adventures decision."""
    return -1
