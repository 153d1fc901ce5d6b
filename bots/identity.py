"""What a bot is, as data: a hash of its program (and code), and the kingdom cards it names.

A bot's *name* is what users type and results files show, but two different bots
can carry the same name (two TOML files that both say ``name = "mine"``, a
``RuleBot`` redefined in a notebook).  Runs therefore identify a bot by its name
plus :func:`bot_hash`, a digest of everything that decides its play: all arrays
of its :class:`sim.engine.program.Program`, plus the code of its compiled hook or of its
Python class's decision methods.  A run that seats two different bots under one
name is refused, and a results file records the hashes so that a resume with a
changed bot is refused too.

:func:`kingdom_needs` lists the kingdom cards a bot's rules name (the cards its
buy, gain, Remodel and Mine rules would take or trash, and the cards of an
explicit play list): a bot on a kingdom without them would silently play as
some other bot, so runs check it (``sim.runner.plan.make_config``).
"""

from __future__ import annotations

import hashlib
import types
from dataclasses import fields
from typing import Any

# Attribute types of a Python bot instance that enter its hash (their repr is stable).
_PLAIN = (int, float, str, bool, bytes, type(None))


def _code_digest(h: Any, code: types.CodeType) -> None:
    """Feed a code object (and the code objects among its constants) into ``h``."""
    h.update(code.co_code)
    h.update(repr(code.co_names).encode())
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            _code_digest(h, const)
        else:
            h.update(repr(const).encode())


def _plain(value: object) -> bool:
    if isinstance(value, (tuple, list, frozenset)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    return isinstance(value, _PLAIN)


def bot_hash(bot: Any) -> str:
    """A short hex digest of what ``bot`` plays: equal digests, equal play.

    The program's arrays (values, shapes and dtypes) always count; a compiled
    hook adds its function's code, a Python bot its class name, the code of its
    decision methods and its plain instance attributes (numbers, text, and lists,
    tuples and dicts of them), so two instances with other parameters differ.
    """
    import numpy as np

    from sim.engine.callbacks import METHODS
    from sim.engine.program import F_KIND, K_PYTHON

    prog = bot.program()
    h = hashlib.sha256()
    for f in fields(prog):
        arr = np.ascontiguousarray(getattr(prog, f.name))
        h.update(f"{f.name} {arr.dtype.str} {arr.shape}".encode())
        h.update(arr.tobytes())
    hook = getattr(bot, "hook", None)
    if hook is not None:
        func = getattr(hook, "py_func", hook)
        h.update(f"hook {getattr(func, '__qualname__', '')}".encode())
        code = getattr(func, "__code__", None)
        if code is not None:
            _code_digest(h, code)
    identity = getattr(bot, "identity", None)
    if callable(identity):      # an agent bot (sim.env.agent): its class and settings
        h.update(f"agent {identity()}".encode())
    if prog.flags[F_KIND] == K_PYTHON:
        cls = type(bot)
        h.update(f"python {cls.__module__}.{cls.__qualname__}".encode())
        for name in METHODS:
            code = getattr(getattr(cls, name, None), "__code__", None)
            if code is not None:
                h.update(name.encode())
                _code_digest(h, code)
        for key, value in sorted(vars(bot).items()):
            if _plain(value):
                h.update(f"{key}={value!r}".encode())
    return h.hexdigest()[:16]


def kingdom_needs(bot: Any) -> dict[int, list[str]]:
    """Kingdom cards ``bot``'s rules name -> the rules that need them (readable labels).

    Basic cards are always in the supply and never listed; conditions (``count(Witch)``)
    are not needs, since they are simply 0 without the card.  A default play order
    (every Action) names no card; an explicit play list names its cards.
    """
    from bots.rules import _ranks, default_play_order
    from sim.cards import CARDS, KINGDOM_CARDS
    from sim.engine import program as P

    prog = bot.program()
    if prog.flags[P.F_KIND] == P.K_RANDOM:
        return {}
    kingdom = set(KINGDOM_CARDS)
    needs: dict[int, list[str]] = {}

    def need(card: int, label: str) -> None:
        if card in kingdom:
            needs.setdefault(card, []).append(label)

    # Rules that take or trash a card need it; Call, Exchange and Choose rules only
    # answer for a card the bot may have, and a gain rule's ``by`` is who gains.
    labels = {P.L_BUY: "buy", P.L_GAIN: "gain", P.L_REMODEL: "remodel", P.L_MINE: "mine",
              P.L_TRANSMOGRIFY: "transmogrify"}
    for lst, (start, stop) in enumerate(prog.list_bounds):
        if lst not in labels:
            continue
        for r in range(int(start), int(stop)):
            card, frm = (int(x) for x in prog.rules[r])
            label = f"{labels[lst]} {CARDS[card].name}"
            if frm >= 0 and lst != P.L_GAIN:
                label = f"{labels[lst]} {CARDS[frm].name} -> {CARDS[card].name}"
                need(frm, label)
            need(card, label)
    default_play = _ranks(default_play_order())
    if not _np_equal(prog.play_rank, default_play):
        for c in range(len(prog.play_rank)):
            if prog.play_rank[c] < P.NEVER:
                need(c, f"play {CARDS[c].name}")
    return needs


def _np_equal(a: Any, b: Any) -> bool:
    import numpy as np

    return a.shape == b.shape and bool(np.array_equal(a, b))
