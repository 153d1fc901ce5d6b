"""Exceptions of the bots package, kept free of imports so ``import bots`` stays light.

Every error that comes from a word the user wrote (a card, a term, a key) carries
that word in ``.word``: the TOML loader uses it to find the line to report.
"""

from __future__ import annotations


class BotError(ValueError):
    """Base class: a bot definition, file or name the package cannot use."""

    def __init__(self, message: str, word: str | None = None) -> None:
        super().__init__(message)
        self.word = word


class ConditionError(BotError):
    """A condition (text or operator expression) that is not well formed."""


class RuleError(BotError):
    """A rule or RuleBot argument that cannot compile (unknown card, bad list...)."""


class BotFileError(BotError):
    """A bot file that cannot be loaded; the message starts with ``file:line:``."""

    def __init__(self, message: str, word: str | None = None, path: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(message, word)
        self.path = path
        self.line = line


class UnknownBotError(BotError):
    """A bot name that is not registered (the message suggests the closest names)."""


class BotWarning(UserWarning):
    """A bot that loads but probably does not do what its author meant (e.g. a bot file
    with no buy rules); the CLI prints it as one ``domsim: warning:`` line."""
