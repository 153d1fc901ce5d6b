"""Play bots against each other at scale: matches, round robins, results.

``Match`` / ``Tournament`` (:mod:`sim.runner.api`) build a :class:`RunConfig`
(:mod:`sim.runner.plan`, the pure layout of seeds and seats), the run is split
into chunks played by :func:`sim.runner.work.play_chunk` in this process, a
multiprocessing pool or Dask (:mod:`sim.runner.execute`), and comes back as
:class:`sim.analysis.results.Results`.  Names are loaded lazily to keep imports cheap and
free of cycles with :mod:`sim.analysis.results`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Match", "RunConfig", "RunError", "RunInterrupted", "Tournament", "make_config",
           "play_game", "run"]

_WHERE = {"Match": "api", "Tournament": "api", "play_game": "api", "RunConfig": "plan",
          "make_config": "plan", "run": "execute", "RunError": "execute",
          "RunInterrupted": "execute"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"sim.runner.{_WHERE[name]}"), name)
    raise AttributeError(name)
