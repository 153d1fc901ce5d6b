"""Card types and the printed data of one card: the leaf of the card table.

The expansion modules (:mod:`sim.cards.base`, :mod:`sim.cards.adventures`) build their
rows from these, and :mod:`sim.cards` re-exports them; living here rather than in the
package's ``__init__`` keeps the expansions from importing the package that imports them
(an import cycle, held before with ``noqa: E402``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

# Card types, as bits so a card can have several (Action-Attack, Action-Reaction).
TREASURE = 1
VICTORY = 2
CURSE_TYPE = 4
ACTION = 8
ATTACK = 16
REACTION = 32
# Adventures (sim.cards.adventures).
DURATION = 64
RESERVE = 128
TRAVELLER = 256
EVENT = 512       # not a card: bought with a Buy and $, never in any zone

# The sets a card is of (Card.set), in the order they joined the table.  What a set's cards
# need of the engine is declared with the table (sim.cards ADVENTURES_TURN).
SET_BASE = "Base"
SET_ADVENTURES = "Adventures"

TYPE_BITS = {
    "Treasure": TREASURE,
    "Victory": VICTORY,
    "Curse": CURSE_TYPE,
    "Action": ACTION,
    "Attack": ATTACK,
    "Reaction": REACTION,
    "Duration": DURATION,
    "Reserve": RESERVE,
    "Traveller": TRAVELLER,
    "Event": EVENT,
}


@dataclass(frozen=True)
class Card:
    """One card's printed data.  ``coins`` is +$ for Actions and the value of a Treasure."""

    id: int
    name: str
    cost: int
    types: int
    cards: int = 0
    actions: int = 0
    buys: int = 0
    coins: int = 0
    vp: int = 0
    special: int = 0            # SP_* code of the card's own function in the engine
    text: str = ""
    set: str = ""               # SET_*: the set that prints it (of_set marks a set's rows)
    once_per_turn: bool = False  # an Event that may be bought only once per turn

    def is_type(self, bit: int) -> bool:
        return bool(self.types & bit)


def of_set(name: str, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The rows of set ``name``, each marked with it (``Card.set``)."""
    return tuple(dataclasses.replace(c, set=name) for c in cards)
