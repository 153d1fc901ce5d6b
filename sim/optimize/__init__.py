"""Strategy search: find the best rule bot for a kingdom (``domsim optimize``).

>>> from sim.optimize import optimize
>>> res = optimize(out="best.toml", budget=2_000_000, seed=1)     # doctest: +SKIP
>>> res.heldout                                                     # doctest: +SKIP

:mod:`sim.optimize.space` is the space of bots (a Big Money rule template with
tunable thresholds and per-card limits), :mod:`sim.optimize.race` the racing
statistics (successive halving on common random numbers with a Bonferroni
early drop), :mod:`sim.optimize.evaluate` plays candidates through the runner
and :mod:`sim.optimize.search` drives generations of races, saves and resumes
the state and writes the bot, its trace and its chart.
"""

from __future__ import annotations

from typing import Any

__all__ = ["REFERENCE_FIELD", "CardGene", "Genome", "OptimizeInterrupted", "OptimizeResult",
           "Race", "Space", "draw_chart", "genome_from_bot", "optimize", "paths_for"]

# Loaded on first use, so `domsim --help` (which registers the subcommand) stays light.
_WHERE = {"REFERENCE_FIELD": "defaults", "Race": "race", "OptimizeInterrupted": "search",
          "OptimizeResult": "search", "draw_chart": "search", "optimize": "search",
          "paths_for": "search", "CardGene": "space", "Genome": "space", "Space": "space",
          "genome_from_bot": "space"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"sim.optimize.{_WHERE[name]}"), name)
    raise AttributeError(name)
