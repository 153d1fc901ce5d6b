"""Bots for domsim: the rule language, TOML bot files and the registry of named bots.

A bot is any object with ``.name`` (stable lower-case CLI name), ``.description`` and
``.program() -> sim.engine.program.Program``.  Rule bots (:mod:`bots.rules`) and TOML bots
(:mod:`bots.toml_bot`) compile to data the engine interprets; the registry maps names
to bots so the CLI and experiments can say ``"smithy-bm"`` or ``"path/to/bot.toml"``.
The registry sits below the state API (which seats bots by name); the bots it names but
the layers above it make, the search bot and learned policies, reach it through
:mod:`bots.providers`.

Importing this package is cheap: the library (and numpy through it) loads on first use,
and nothing here imports numba.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from bots.errors import (
    BotError,
    BotFileError,
    ConditionError,
    RuleError,
    UnknownBotError,
)
from bots.providers import PROVIDERS, provided, register_provider

if TYPE_CHECKING:
    from sim.engine.program import Program

__all__ = ["PROVIDERS", "Bot", "BotError", "BotFileError", "ConditionError", "RuleError",
           "UnknownBotError", "bot_names", "builtin_bots", "data_bot_files", "did_you_mean",
           "get_bot",
           "general_bot", "list_bots", "load_bot_file",
           "policy_bot", "register", "register_provider", "resolve_bot",
           "resolve_with_source", "spec_bots"]


@runtime_checkable
class Bot(Protocol):
    """What the engine front end needs from a bot."""

    name: str
    description: str

    def program(self) -> Program: ...


_REGISTRY: dict[str, Any] = {}
_builtins_loaded = False
_BUILTINS: list[Any] = []

#: Folders of TOML bots registered after the Python library bots, each in sorted file-name
#: order: the Adventures and Intrigue bots and the bots ``domsim optimize`` found that the
#: library keeps (one file per bot, shipped with the package).
DATA_DIRS: tuple[Path, ...] = (Path(__file__).parent / "data" / "adventures",
                              Path(__file__).parent / "data" / "intrigue",
                              Path(__file__).parent / "data" / "found")


def data_bot_files() -> list[Path]:
    """The TOML bot files the registry loads (:data:`DATA_DIRS`), in registration order."""
    return [f for d in DATA_DIRS if d.is_dir() for f in sorted(d.glob("*.toml"))]


def _ensure_builtins() -> None:
    """Register the built-in bots on first use (keeps ``import bots`` light): the Python
    library bots, then every TOML file of :data:`DATA_DIRS`.

    A file that does not load raises its ``BotFileError`` (``file:line: message``) every
    time the registry is used, rather than leaving a bot silently missing; a file whose
    bot takes a name already built in is an error naming both.
    """
    global _builtins_loaded
    if _builtins_loaded:
        return
    from bots.library import BOTS
    from bots.toml_bot import load_bot_file as _load

    found: dict[str, Any] = {b.name: b for b in BOTS}
    where = {b.name: "bots.library" for b in BOTS}
    for path in data_bot_files():
        bot = _load(path)
        if bot.name in found:
            line = _key_line(path, "name")
            raise BotFileError(f"{path}:{line}: bot name {bot.name!r} is already taken by "
                               f"{where[bot.name]}; give this bot another name",
                               word=bot.name, path=str(path), line=line)
        found[bot.name] = bot
        where[bot.name] = str(path)
    # Only now, all files loaded: a broken file leaves the registry unloaded (and says so
    # again on the next use) instead of half-filled.
    _builtins_loaded = True
    _BUILTINS[:] = found.values()
    for name, bot in found.items():
        _REGISTRY.setdefault(name, bot)


def _key_line(path: Path, key: str) -> int:
    """The line (1-based) of ``key = ...`` in a TOML file, 1 if not found."""
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.split("=")[0].strip() == key:
            return i
    return 1


def builtin_bots() -> list[Any]:
    """The built-in bots (library bots, then the TOML bots of :data:`DATA_DIRS`), which a
    bot object of another program may not replace in a run."""
    _ensure_builtins()
    return list(_BUILTINS)


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
        raise UnknownBotError(f"unknown bot {name!r}{did_you_mean(str(key), _REGISTRY)} "
                              f"(`domsim bots` lists the {len(_REGISTRY)} bots; or give the "
                              f"path of a .toml bot file)", word=str(name))
    return bot


#: The search bot's spec: ``mcts`` or ``mcts:key=value,...`` (sim.env.mcts).
SEARCH_PREFIX = "mcts"


def search_bot(text: str):
    """The search bot a spec names (``mcts``, ``mcts:playouts=2000,depth=2``), or None.

    Its name carries its settings (``mcts-playouts-2000-depth-2``), so two searches with
    other settings are two bots in a run's results."""
    word = text.strip()
    head, sep, rest = word.partition(":")
    if head.lower() != SEARCH_PREFIX or (not sep and word.lower() != SEARCH_PREFIX):
        return None
    import re

    MCTSBot, parse_settings = provided("search", "bot", "parse_settings")
    if has_prior(rest):     # the search on a learned policy (sim.learn.puct)
        MCTSBot, parse_settings = provided("puct", "bot", "parse_settings")

    try:
        settings = parse_settings(rest)
    except ValueError as exc:
        raise BotError(str(exc), word=word) from None
    def word_of(x) -> str:        # a setting's key or value as a bot name's word
        return re.sub(r"[^a-z0-9]+", "-", str(x).lower()).strip("-")

    name = SEARCH_PREFIX + "".join(f"-{word_of(k)}-{word_of(v)}" for k, v in settings.items())
    try:
        return MCTSBot(name, **settings)
    except ValueError as exc:
        raise BotError(str(exc), word=word) from None


def has_prior(settings: str) -> bool:
    """Whether the settings of an ``mcts:`` spec name a ``prior`` (a learned policy): the
    search that stands on it (sim.learn.puct) rather than the plain search."""
    return any(item.partition("=")[0].strip().lower() == "prior"
               for item in settings.split(","))


#: The spec that seats a person: ``human`` or ``human:BOT`` (sim.env.human; BOT's answers
#: are the defaults).
HUMAN_PREFIX = "human"


def human_bot(text: str):
    """The human seat a spec names (``human``, ``human:smithy-bm``), or None."""
    word = text.strip()
    head, sep, _ = word.partition(":")
    if head.lower() != HUMAN_PREFIX or (not sep and word.lower() != HUMAN_PREFIX):
        return None
    (seat,) = provided("human", "seat")
    try:
        return seat(word)
    except ValueError as exc:
        raise BotError(str(exc), word=word) from None


def policy_bot(text: str):
    """The learned bot of a policy directory (``domsim train --out DIR``: a folder holding
    ``policy.npz`` and ``policy.json``), or None when ``text`` names no such folder.  A
    folder without them is an error that says what it lacks."""
    path = Path(text)
    if not path.is_dir():
        return None
    PolicyBot, is_policy_dir = provided("policy", "bot", "is_policy_dir")
    if not is_policy_dir(path):
        raise BotError(f"{text}: a folder, but not a policy directory (no policy.npz and "
                       f"policy.json; `domsim train --out {text}` makes one)", word=text)
    try:
        return PolicyBot(path)
    except (ValueError, OSError) as exc:
        raise BotError(f"{text}: {exc}", word=text) from None


#: The library's learned bot for every kingdom: ``general`` plays the policy shipped in
#: this folder (trained over random boards of both sets with random Events by
#: experiments/general.py; ``--part ship`` copies it here).
GENERAL = "general"
GENERAL_POLICY = Path(__file__).resolve().parent / "data" / "policies" / GENERAL


def general_bot(text: str):
    """The shipped general policy for ``"general"`` (any 2-player kingdom, with or
    without Events), or None for any other word."""
    if text.strip().lower() != GENERAL:
        return None
    PolicyBot, is_policy_dir = provided("policy", "bot", "is_policy_dir")
    if not is_policy_dir(GENERAL_POLICY):
        raise BotError(f"{GENERAL}: the shipped policy is missing ({GENERAL_POLICY} has no "
                       f"policy.npz and policy.json; `python experiments/general.py --part "
                       f"ship` puts it there)", word=text)
    return PolicyBot(GENERAL_POLICY, name=GENERAL)


#: Where a checkout keeps the policies it ships (experiments/learn.py trains one per
#: board): policy directories, played by giving their path.
SHIPPED_POLICIES = Path(__file__).resolve().parent.parent / "experiments" / "results" / "learn"


def spec_bots() -> list[tuple[str, str]]:
    """The bots a run takes by spec or path rather than by registered name, as (what to
    type, one line on it), for ``domsim bots`` after the registered bots: the search bot
    (:data:`SEARCH_PREFIX`, with its settings syntax), the human seat
    (:data:`HUMAN_PREFIX`), the general policy (:data:`GENERAL`) and each policy
    directory this
    checkout ships (:data:`SHIPPED_POLICIES`; none in a package installed without the
    experiments folder), its path as typed from the current folder."""
    (defaults,) = provided("search", "defaults")
    shown = ",".join(f"{k}={v}" for k, v in defaults.items() if v is not None)
    out = [(SEARCH_PREFIX, f"Monte Carlo tree search (sim.env.mcts); settings as "
                           f"{SEARCH_PREFIX}:key=value,... (defaults: {shown}); "
                           f"{SEARCH_PREFIX}:prior=general,... searches on a learned "
                           f"policy (sim.learn.puct)"),
           (HUMAN_PREFIX, f"A person at the table (sim.env.human; domsim play only): the "
                          f"questions in the terminal; {HUMAN_PREFIX}:BOT answers an empty "
                          f"line as BOT would (default bmu)")]
    if GENERAL_POLICY.is_dir():
        try:
            out.append((GENERAL, general_bot(GENERAL).description))
        except BotError as exc:
            out.append((GENERAL, f"the shipped general policy does not load: {exc}"))
    if SHIPPED_POLICIES.is_dir():
        (is_policy_dir,) = provided("policy", "is_policy_dir")
        for d in sorted(SHIPPED_POLICIES.iterdir()):
            if not (d.is_dir() and is_policy_dir(d)):
                continue
            try:
                where = os.path.relpath(d)
            except ValueError:        # another drive (Windows)
                where = str(d)
            try:
                what = policy_bot(str(d)).description
            except BotError as exc:
                what = f"a policy directory that does not load: {exc}"
            out.append((where if not where.startswith("..") else str(d), what))
    return out


def did_you_mean(word: str, names: Iterable[str], n: int = 3) -> str:
    """"; did you mean a, b or c?" naming the ``names`` closest to ``word`` (spelling,
    or containing it), or "" when none is close: a short error instead of a list of
    every name."""
    import difflib

    names = list(names)
    close = difflib.get_close_matches(word, names, n=n, cutoff=0.6)
    if len(close) < n and len(word) >= 3:
        close += [x for x in names if word in x and x not in close][:n - len(close)]
    if not close:
        return ""
    shown = close[0] if len(close) == 1 else ", ".join(close[:-1]) + " or " + close[-1]
    return f"; did you mean {shown}?"


def load_bot_file(path: str | os.PathLike) -> Bot:
    """Load a bot from a TOML file (see :mod:`bots.toml_bot`); it is not registered."""
    from bots.toml_bot import load_bot_file as _load

    return _load(path)


def resolve_bot(spec: str | os.PathLike | Bot) -> Bot:
    """A bot from a registered name, a path to a ``.toml`` file, a policy directory
    (:func:`policy_bot`), or a bot object.

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
    search = search_bot(text)
    if search is not None:
        return search, f"search bot {text.strip()!r}"
    human = human_bot(text)
    if human is not None:
        return human, f"human seat {text.strip()!r}"
    general = general_bot(text)
    if general is not None:
        return general, "the shipped general policy"
    if text.strip().lower() in _REGISTRY:
        bot = get_bot(text)
        return bot, f"registered bot {bot.name!r}"
    policy = policy_bot(text)
    if policy is not None:
        return policy, f"policy directory {text}"
    if text.endswith(".toml") or os.sep in text or "/" in text or Path(text).is_file():
        return load_bot_file(text), text
    bot = get_bot(text)
    return bot, f"registered bot {bot.name!r}"
