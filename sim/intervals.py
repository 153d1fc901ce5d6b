"""The Wilson score interval of a win share, for every layer that judges one.

Why a module of its own: the results' summaries (sim.analysis), the strategy search
(sim.optimize) and training (sim.learn, which adds an exploiter to its league only when
it beats the policy) all judge a proportion by the same interval, and training sits
below the runs' layers, so the interval lives below them all; it imports nothing of
domsim's.
"""

from __future__ import annotations

import numpy as np

Z95 = 1.959963984540054


def wilson(successes: np.ndarray | float, n: np.ndarray | float,
           z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a proportion (vectorised; n == 0 gives NaN)."""
    s = np.asarray(successes, float)
    n = np.asarray(n, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = s / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half
