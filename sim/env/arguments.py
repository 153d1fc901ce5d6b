"""The checks of the arguments a user hands the environments' public API (sim.env's
Game and State, the Gymnasium and PettingZoo environments, the batched games).

Each returns the value as the engine takes it (a Python int, so that a numpy integer
does not compile another specialization of a compiled function) or raises a one-line
``ValueError`` naming the argument, the value given and what is accepted: a wrong type
or value must never reach compiled code, where it would surface as a long numba typing
error, an ``OverflowError`` naming nothing, or be silently rounded (a seed of 1.5
playing game 1).  Wrong types are ValueErrors too, as everywhere in sim.env's arguments
(and sim.engine.config.ConfigError), so one ``except ValueError`` catches every bad
argument.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from sim.engine.config import is_whole, show

__all__ = ["SEED_LIMIT", "check_count", "check_generator", "check_optional_seed", "check_seat",
           "check_seats", "check_seed", "is_whole", "show"]

#: Seeds are the engine's 64-bit seeds (np.uint64; the CLI's ``--seed``, a Match's
#: seed and every game seed a batch draws are in this range).
SEED_LIMIT = 1 << 64


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` as an int in 0 .. 2**64-1 (what the engine's np.uint64 seeds hold)."""
    if not is_whole(seed) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"{name}: an integer 0 .. 2**64-1, not {show(seed)}")
    return int(seed)


def check_optional_seed(seed: object, name: str = "seed") -> int | None:
    """None (a fresh, unseeded stream, as Gymnasium and PettingZoo mean it) or a seed
    (:func:`check_seed`)."""
    if seed is None:
        return None
    if not is_whole(seed) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"{name}: None or an integer 0 .. 2**64-1, not {show(seed)}")
    return int(seed)


def check_seat(seat: object, n_players: int, name: str = "player", *,
               drawn: bool = False) -> int:
    """``seat`` as an int seat of an ``n_players``-player game (0 .. n-1; with
    ``drawn``, -1 too: the seat drawn from the seed)."""
    low = -1 if drawn else 0
    if not is_whole(seat) or not low <= seat < n_players:
        also = " or -1 (drawn from the seed)" if drawn else ""
        raise ValueError(f"{name}: a seat 0..{n_players - 1} of the {n_players}-player "
                         f"game{also}, not {show(seat)}")
    return int(seat)


def check_seats(seats: object, n_players: int, name: str = "agents") -> list[int]:
    """``seats`` (an iterable of seats, each as :func:`check_seat` takes it) as ints."""
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise ValueError(f"{name}: a list of seats 0..{n_players - 1} (or None: every "
                         f"seat), not {show(seats)}")
    seats = list(seats)
    bad = [s for s in seats if not is_whole(s) or not 0 <= s < n_players]
    if bad:
        raise ValueError(f"{name}: seats 0..{n_players - 1} of the {n_players}-player game; "
                         f"not seats: {show(bad)}")
    return [int(s) for s in seats]


def check_generator(rng: object, name: str = "rng") -> np.random.Generator:
    """``rng`` if it is a numpy Generator.  Nothing else is taken, not even a seed: a
    re-deal's randomness is the caller's stream, and an int here is too easily a
    misplaced ``tries`` or ``player``."""
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"{name}: a numpy Generator (np.random.default_rng(seed)), not "
                         f"{show(rng)} ({type(rng).__name__})")
    return rng


def check_count(value: object, name: str, low: int = 1, what: str = "") -> int:
    """``value`` as an int of at least ``low`` (``what``: its unit, for the message)."""
    if not is_whole(value) or value < low:
        unit = f" {what}" if what else ""
        raise ValueError(f"{name}: at least {low}{unit} (an integer), not {show(value)}")
    return int(value)
