"""Counter-based seeding and a small, fast generator for the compiled engine.

Game ``i`` of a run with master seed ``m`` gets the 64-bit seed
``splitmix64(m * K + i)``: a pure function of (m, i), so any game replays on
its own and results never depend on how games are split across processes.
Inside a game every seat has its own xoshiro256** stream for shuffles and
another for random decisions, so a seat's shuffles do not depend on what the
other seats do (this is what lets seat rotation share luck between bots).
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GAME_MUL = np.uint64(0xD1B54A32D192ED03)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_MASK32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always")
def splitmix64(x: np.uint64) -> np.uint64:
    """One step of splitmix64 applied to ``x`` (a pure mixing function)."""
    z = x + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def game_seed(master: np.uint64, index: np.uint64) -> np.uint64:
    """The seed of game ``index`` under master seed ``master``."""
    return splitmix64(np.uint64(master) * _GAME_MUL + np.uint64(index))


def game_seeds(master: int, start: int, stop: int) -> np.ndarray:
    """Seeds of games ``start .. stop-1`` as a uint64 array."""
    m = np.uint64(master & 0xFFFFFFFFFFFFFFFF)
    with np.errstate(over="ignore"):
        x = m * _GAME_MUL + np.arange(start, stop, dtype=np.uint64) + _GOLDEN
        x = (x ^ (x >> np.uint64(30))) * _M1
        x = (x ^ (x >> np.uint64(27))) * _M2
        return x ^ (x >> np.uint64(31))


@njit(cache=True)
def seed_stream(rng, k: int, seed: np.uint64) -> None:
    """Seed stream ``k`` from a game seed; streams are independent.

    ``rng`` is the engine's flat view of the streams (a pointer, or a 1-d
    array): stream ``k`` is ``rng[4k : 4k + 4]``.
    """
    x = seed ^ (np.uint64(k + 1) * _M2)
    for i in range(4):
        x = x + _GOLDEN
        z = x
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        rng[4 * k + i] = z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _rotl(x: np.uint64, k: int) -> np.uint64:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, inline="always")
def xoshiro(s0, s1, s2, s3):
    """One xoshiro256** step on a state held in locals: (output, new state...)."""
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(cache=True, inline="always")
def next_u64(rng, k: int) -> np.uint64:
    """xoshiro256** step on stream ``k``."""
    o = 4 * k
    result, s0, s1, s2, s3 = xoshiro(rng[o], rng[o + 1], rng[o + 2], rng[o + 3])
    rng[o] = s0
    rng[o + 1] = s1
    rng[o + 2] = s2
    rng[o + 3] = s3
    return result


@njit(cache=True, inline="always")
def below(rng, k: int, n: int) -> int:
    """Unbiased integer in [0, n) for 0 < n < 2**32 (Lemire's method, 32-bit)."""
    un = np.uint64(n)
    m = (next_u64(rng, k) >> np.uint64(32)) * un
    if (m & _MASK32) < un:
        t = (np.uint64(0x100000000) - un) % un
        while (m & _MASK32) < t:
            m = (next_u64(rng, k) >> np.uint64(32)) * un
    return np.int64(m >> np.uint64(32))


@njit(cache=True, inline="always")
def shuffle(a, a0, n, rng, k):
    """Fisher-Yates shuffle of ``a[a0 : a0 + n]`` with stream ``k``.

    Draws exactly what ``below(rng, k, i + 1)`` for i = n-1 .. 1 would, but keeps
    the generator in registers: through memory, every step would wait on stores
    the compiler cannot prove do not touch ``a``.
    """
    o = 4 * k
    s0 = rng[o]
    s1 = rng[o + 1]
    s2 = rng[o + 2]
    s3 = rng[o + 3]
    for i in range(n - 1, 0, -1):
        un = np.uint64(i + 1)
        x, s0, s1, s2, s3 = xoshiro(s0, s1, s2, s3)
        m = (x >> np.uint64(32)) * un
        if (m & _MASK32) < un:
            t = (np.uint64(0x100000000) - un) % un
            while (m & _MASK32) < t:
                x, s0, s1, s2, s3 = xoshiro(s0, s1, s2, s3)
                m = (x >> np.uint64(32)) * un
        j = a0 + np.int64(m >> np.uint64(32))
        tmp = a[a0 + i]
        a[a0 + i] = a[j]
        a[j] = tmp
    rng[o] = s0
    rng[o + 1] = s1
    rng[o + 2] = s2
    rng[o + 3] = s3
