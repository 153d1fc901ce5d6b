"""Rule bots with a compiled hook for what the rule language cannot say.

``CompiledBot(name, description, rules, hook)`` plays exactly like ``rules``
except that ``hook`` (an ``@njit(sim.engine.hooks.HOOK_SIGNATURE)`` function, see
:mod:`sim.engine.hooks`) is asked first for every decision and may answer or defer.
The hook sees only the deciding player's view (its own hand and public counts),
never another hand or a draw pile's order.
Everything stays compiled: no Python call per decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.engine.program import Program


@dataclass(frozen=True)
class CompiledBot:
    name: str
    description: str
    rules: Any          # a RuleBot (or any bot) whose program answers what the hook defers
    hook: Any           # numba dispatcher compiled with sim.engine.hooks.HOOK_SIGNATURE

    def program(self) -> Program:
        return self.rules.program()
