"""The sets of cards the table is made of, registered in one order.

A set is a module of rows (:mod:`sim.cards.base`, :mod:`sim.cards.adventures`) whose
``CARD_SET`` (:class:`sim.cards.types.CardSet`) gives its rows, its questions and the
modules of its functions.  :data:`BUILT_IN` lists the sets domsim ships, in the order
their ids were given; a new set is one more name there, and nothing else in ``sim.cards``
changes.  Ids are stable (results files, bot programs and logs store them), so a set's
ids start where the sets before it end: a new set's module takes its first id from
:func:`next_id` while it is being registered.

A set can also be added without editing domsim: the environment variable
``DOMSIM_CARD_SETS`` names modules of sets (comma-separated, importable from
``sys.path``) registered after the built-in ones, in that order.  The test suite's
made-up set (tests/cardset_proof) is played so, and a set being written can be tried so
before it joins :data:`BUILT_IN`.  The engine's compiled code reads the table's size and
columns as constants, so such a table compiles into its own cache folder
(sim.numba_cache adds the added sets' sources to the folder's key).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from sim.cards.types import Card, CardSet
from sim.numba_cache import ADDED_SETS_VARIABLE, CARD_TEXT_MODULES, added_set_modules

BUILT_IN = ("sim.cards.base", "sim.cards.adventures", "sim.cards.intrigue")

_registered: list[Card] = []
_modules: list[ModuleType] = []


class CardSetError(ValueError):
    """A set that cannot join the table: not importable, no CARD_SET, ids out of order."""


def next_id() -> int:
    """The id the next card registered gets: a set's first id, read while it registers."""
    return len(_registered)


def _register(module_name: str) -> CardSet:
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise CardSetError(f"{ADDED_SETS_VARIABLE}: cannot import the card set "
                           f"{module_name!r}: {exc}") from None
    card_set = getattr(module, "CARD_SET", None)
    if not isinstance(card_set, CardSet):
        raise CardSetError(f"card set module {module_name!r} has no CARD_SET "
                           f"(a sim.cards.types.CardSet)")
    first = len(_registered)
    ids = [c.id for c in card_set.cards]
    if ids != list(range(first, first + len(ids))):
        raise CardSetError(f"card set {card_set.name!r}: its ids must be {first}, "
                           f"{first + 1}, ... in order (sim.cards.sets.next_id), not "
                           f"{ids[:3]}...")
    wrong = [c.name for c in card_set.cards if c.set != card_set.name]
    if wrong:
        raise CardSetError(f"card set {card_set.name!r}: rows marked with another set: "
                           f"{', '.join(wrong)}")
    _registered.extend(card_set.cards)
    _modules.append(module)
    CARD_TEXT_MODULES.update(card_set.engine)       # (the compile notice tells them apart)
    return card_set


def register_all() -> tuple[CardSet, ...]:
    """Every set, built-in then added, in order (sim.cards calls it when imported)."""
    _registered.clear()         # (an import of sim.cards that failed may have begun)
    _modules.clear()
    sets = tuple(_register(m) for m in BUILT_IN + added_set_modules())
    names = [s.name for s in sets] + [s.word for s in sets]
    if len(set(names)) != len(names):
        raise CardSetError(f"two card sets share a name or word: {names}")
    return sets


def registered_modules() -> tuple[ModuleType, ...]:
    """The modules of the registered sets, in order (sim.cards re-exports their names)."""
    return tuple(_modules)
