"""The bots the registry names but does not make: the search bot and learned policies.

The registry (:mod:`bots`) sits below the state API, the search bot
(:mod:`sim.env.mcts`) and the learned bots (:mod:`sim.learn.bot`) that are built on it,
so it must not import them (docs/reference/layout.md: layers run one way).  Instead each
of those modules registers what the registry needs with :func:`register_provider` when
it is imported, and the registry asks :func:`provided` for it.  So that
``bots.resolve_bot("mcts")`` works in a fresh process too, :data:`PROVIDERS` names, as
data, the module that registers each kind; :func:`provided` imports it by that name the
first time a spec of its kind is resolved (a plugin table, as an entry point would be).
This module imports nothing of domsim.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Each kind of bot given by spec rather than by registered name -> the module that
#: registers it on import: "search" (``mcts``, ``mcts:key=value,...``, a TOML file with a
#: [search] table), "policy" (a ``domsim train`` policy directory), "human" (``human``,
#: ``human:BOT``: a person at the table, sim.env.human) and "puct" (the search on a
#: learned policy, ``mcts:prior=POLICY,...``: sim.learn.puct).
PROVIDERS: dict[str, str] = {"search": "sim.env.mcts", "policy": "sim.learn.bot",
                             "human": "sim.env.human", "puct": "sim.learn.puct"}

_REGISTERED: dict[str, dict[str, Any]] = {}


def register_provider(kind: str, **parts: Any) -> None:
    """Register the ``parts`` (classes, functions, constants) the registry uses to make
    bots of ``kind`` (a key of :data:`PROVIDERS`); a second registration replaces the
    first."""
    if kind not in PROVIDERS:
        raise ValueError(f"unknown kind of provided bot {kind!r}; kinds: "
                         f"{', '.join(PROVIDERS)}")
    _REGISTERED[kind] = dict(parts)


def provided(kind: str, *names: str) -> tuple[Any, ...]:
    """The parts ``names`` registered for ``kind``, importing :data:`PROVIDERS`'s module
    for it first if it has not registered yet."""
    if kind not in _REGISTERED:
        importlib.import_module(PROVIDERS[kind])
    parts = _REGISTERED[kind]
    missing = [n for n in names if n not in parts]
    if missing:
        raise LookupError(f"{PROVIDERS[kind]} registered no {', '.join(missing)} for "
                          f"{kind!r} bots")
    return tuple(parts[n] for n in names)
