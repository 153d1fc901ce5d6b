"""numba's ``inline="always"`` without its quadratic copying: same code, minutes less.

Inlining a function (numba.core.inline_closurecall.InlineWorker.inline_ir) deep-copies
the callee's IR twice, one block at a time, each block with a fresh ``copy.deepcopy``
memo.  Every block refers to the function's scope, and the scope to every variable of
the function, so each block's copy copied the whole scope again: blocks x variables.
A callee that has inlined others is large in both, and the Adventures turn
(sim.engine.adventures.turn.play_turn_adv, five levels of inlined functions) spent
about 60 CPU-seconds of its cold compile in these copies, 95% of its inlining time.

:func:`copy_scope_once` makes the blocks of one IR share one copy of their scope
while they are copied.  What numba builds from the copies is unchanged: it renames
every local of the callee into the caller's scope and then gives every inlined block
the caller's scope, so the callee's scope copies are dropped either way (they were
equal copies of one scope).  The compiled code, and so every game, is the same; only
the compile is quicker.
"""

from __future__ import annotations

import copy
from typing import Any

from numba.core import inline_closurecall, ir


class _CopyScopeOnce:
    """Stands in for the ``copy`` module inside numba.core.inline_closurecall, whose
    only use of it is ``copy.deepcopy(block)`` for each block of an IR in turn."""

    def __init__(self) -> None:
        # The scope the last block copied referred to, and its copy.
        self._last: tuple[Any, Any] = (None, None)

    def deepcopy(self, obj: Any, memo: dict | None = None) -> Any:
        if memo is not None or not isinstance(obj, ir.Block):
            return copy.deepcopy(obj, memo)
        scope, scope_copy = self._last
        if obj.scope is not scope:       # the first block of another IR
            scope, scope_copy = obj.scope, copy.deepcopy(obj.scope)
            self._last = (scope, scope_copy)
        return copy.deepcopy(obj, {id(scope): scope_copy})

    def __getattr__(self, name: str) -> Any:
        return getattr(copy, name)


def copy_scope_once() -> None:
    """Install :class:`_CopyScopeOnce` in numba's inliner (once; before compiling)."""
    # Only where numba's inliner still copies through the ``copy`` module as described
    # above (numba 0.60-0.68); any other numba compiles as it always did.
    if getattr(inline_closurecall, "copy", None) is copy:
        inline_closurecall.copy = _CopyScopeOnce()
