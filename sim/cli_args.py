"""The CLI's shared error and argument types: a leaf below every ``domsim`` command.

``sim.cli`` and the subcommands it delegates to (``sim.learn.cli``, ``sim.optimize.cli``)
raise :class:`UsageError` and parse numbers with these types; they live here, importing
nothing of domsim but the card table, so a subcommand's module never imports ``sim.cli``
(which imports it: an import cycle before).  ``sim.cli`` re-exports every name.
"""

from __future__ import annotations

import argparse

__all__ = ["UsageError"]


class UsageError(Exception):
    """Bad arguments: reported in one line, exit status 2."""


def _positive(text: str) -> int:
    try:
        v = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {v}")
    return v


def _seed(text: str) -> int:
    try:
        v = int(text.replace("_", ""), 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer seed: {text!r}") from None
    if not 0 <= v < 2**64:
        raise argparse.ArgumentTypeError(f"seed must be in 0 .. 2**64-1, not {v}")
    return v


def _players(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of players: {text!r}") from None
    if v not in (2, 3, 4):
        raise argparse.ArgumentTypeError(f"games take 2, 3 or 4 players, not {v}")
    return v


def _max_events(text: str) -> int:
    from sim.cards import EVENTS

    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= v <= len(EVENTS):
        raise argparse.ArgumentTypeError(f"must be 0..{len(EVENTS)} (there are "
                                         f"{len(EVENTS)} Events), not {v}")
    return v
