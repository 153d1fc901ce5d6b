"""Strategy search: find the best rule bot for a kingdom (``domsim optimize``).

>>> from sim.optimize import optimize
>>> res = optimize(out="best.toml", budget=2_000_000, seed=1)     # doctest: +SKIP
>>> res.heldout                                                     # doctest: +SKIP

:mod:`sim.optimize.space` is the space of bots (a rule template grown from the
kingdom's cards and Events: buy rules with limits, prerequisites and phases, play
orders, tokens, gains, Reserve calls, Traveller exchanges, modes), with its
archetypes; :mod:`sim.optimize.race` the racing statistics (successive halving on
common random numbers with a Bonferroni early drop), :mod:`sim.optimize.evaluate`
plays candidates through the runner, :mod:`sim.optimize.search` drives
generations of races, saves and resumes the state and writes the bot, its trace
and its chart, and :mod:`sim.optimize.report` searches several boards and writes
the table of their best bots.
"""

from __future__ import annotations

from typing import Any

__all__ = ["REFERENCE_FIELD", "Board", "CardGene", "Genome", "OptimizeInterrupted",
           "OptimizeResult", "Race", "Space", "board_report", "draw_chart", "genome_from_bot",
           "library_field", "optimize", "paths_for", "random_boards", "read_boards", "replay"]

# Loaded on first use, so `domsim --help` (which registers the subcommand) stays light.
_WHERE = {"REFERENCE_FIELD": "defaults", "Race": "race", "OptimizeInterrupted": "search",
          "OptimizeResult": "search", "draw_chart": "search", "optimize": "search",
          "paths_for": "search", "replay": "search", "CardGene": "space", "Genome": "space",
          "Space": "space", "genome_from_bot": "space", "Board": "report",
          "board_report": "report", "library_field": "report", "random_boards": "report",
          "read_boards": "report"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"sim.optimize.{_WHERE[name]}"), name)
    raise AttributeError(name)
