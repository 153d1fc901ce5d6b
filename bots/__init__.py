"""Bots for domsim: the rule language, TOML bot files and the registry of named bots.

A bot is any object with ``.name`` (stable lower-case CLI name), ``.description`` and
``.program() -> sim.engine.program.Program``.  Rule bots (:mod:`bots.rules`) and TOML bots
(:mod:`bots.toml_bot`) compile to data the engine interprets; the registry maps names
to bots so the CLI and experiments can say ``"smithy-bm"`` or ``"path/to/bot.toml"``.

Importing this package is cheap: the library (and numpy through it) loads on first use,
and nothing here imports numba.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from bots.errors import (
    BotError,
    BotFileError,
    ConditionError,
    RuleError,
    UnknownBotError,
)

if TYPE_CHECKING:
    from sim.engine.program import Program

__all__ = ["Bot", "BotError", "BotFileError", "ConditionError", "RuleError",
           "UnknownBotError", "bot_names", "get_bot", "list_bots", "load_bot_file",
           "register", "resolve_bot", "resolve_with_source"]


@runtime_checkable
class Bot(Protocol):
    """What the engine front end needs from a bot."""

    name: str
    description: str

    def program(self) -> Program: ...


_REGISTRY: dict[str, Any] = {}
_builtins_loaded = False


def _ensure_builtins() -> None:
    """Register the library bots on first use (keeps ``import bots`` light)."""
    global _builtins_loaded
    if _builtins_loaded:
        return
    _builtins_loaded = True
    from bots.library import BOTS

    for bot in BOTS:
        _REGISTRY.setdefault(bot.name, bot)


def _not_a_class(bot: object) -> None:
    """A bot class given where an instance is needed is a common slip: say so plainly."""
    if isinstance(bot, type):
        name = bot.__name__
        raise BotError(f"{name} is a class; pass an instance: {name}()", word=name)


def register(bot: Bot, replace: bool = False) -> Bot:
    """Add a bot under its name; a name already taken is an error unless ``replace``."""
    from bots.rules import validate_name

    _ensure_builtins()
    _not_a_class(bot)
    for attr in ("name", "description", "program"):
        if not hasattr(bot, attr):
            raise BotError(f"{bot!r} is not a bot: it has no .{attr}", word=attr)
    validate_name(bot.name)
    if bot.name in _REGISTRY and not replace and _REGISTRY[bot.name] is not bot:
        raise BotError(f"a bot named {bot.name!r} is already registered", word=bot.name)
    _REGISTRY[bot.name] = bot
    return bot


def list_bots() -> list[Bot]:
    """All registered bots, built-ins first, in registration order."""
    _ensure_builtins()
    return list(_REGISTRY.values())


def bot_names() -> list[str]:
    """Names of all registered bots, in registration order."""
    return [b.name for b in list_bots()]


def get_bot(name: str) -> Bot:
    """The registered bot of that name (case and surrounding space ignored)."""
    _ensure_builtins()
    key = name.strip().lower() if isinstance(name, str) else name
    bot = _REGISTRY.get(key)
    if bot is None:
        raise UnknownBotError(f"unknown bot {name!r}; known bots: {', '.join(_REGISTRY)} "
                              f"(or give the path of a .toml bot file)", word=str(name))
    return bot


def load_bot_file(path: str | os.PathLike) -> Bot:
    """Load a bot from a TOML file (see :mod:`bots.toml_bot`); it is not registered."""
    from bots.toml_bot import load_bot_file as _load

    return _load(path)


def resolve_bot(spec: str | os.PathLike | Bot) -> Bot:
    """A bot from a registered name, a path to a ``.toml`` file, or a bot object.

    A bot *class* (``GreedyGold`` for ``GreedyGold()``) is an error that says so.
    """
    return resolve_with_source(spec)[0]


def resolve_with_source(spec: str | os.PathLike | Bot) -> tuple[Bot, str]:
    """:func:`resolve_bot`, and where the bot comes from for messages: the file's path,
    "registered bot 'x'" or "RuleBot object"."""
    if not isinstance(spec, (str, os.PathLike)):
        _not_a_class(spec)
        if isinstance(spec, Bot):
            return spec, f"{type(spec).__name__} object"
        raise BotError(f"not a bot name, file or bot: {spec!r}", word=str(spec))
    text = os.fspath(spec)
    _ensure_builtins()
    if text.strip().lower() in _REGISTRY:
        bot = get_bot(text)
        return bot, f"registered bot {bot.name!r}"
    if text.endswith(".toml") or os.sep in text or "/" in text or Path(text).is_file():
        return load_bot_file(text), text
    bot = get_bot(text)
    return bot, f"registered bot {bot.name!r}"
