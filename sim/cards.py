"""The card table: every card the engine knows, as plain data.

The compiled engine never sees card names; it sees integer ids and the
columns of :data:`TABLE` (cost, types, +Cards, +Actions, +Buys, +$, VP and a
``special`` code for text that is more than counters).  Adding a card whose
text is only counters (Festival, Laboratory) is one row here; a card with
real text also needs its ``special`` branch in :mod:`sim.engine`.

Ids are stable: results files, bot programs and logs store them, so new
cards are appended, never inserted.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Card types, as bits so a card can have several (Action-Attack, Action-Reaction).
TREASURE = 1
VICTORY = 2
CURSE_TYPE = 4
ACTION = 8
ATTACK = 16
REACTION = 32
# Reserved for the Adventures expansion (not used by any card yet).
DURATION = 64
RESERVE = 128
TRAVELLER = 256

TYPE_BITS = {
    "Treasure": TREASURE,
    "Victory": VICTORY,
    "Curse": CURSE_TYPE,
    "Action": ACTION,
    "Attack": ATTACK,
    "Reaction": REACTION,
}

# Codes for card text the engine resolves with its own branch.
SP_NONE = 0
SP_CELLAR = 1
SP_MERCHANT = 2
SP_WORKSHOP = 3
SP_MILITIA = 4
SP_REMODEL = 5
SP_MINE = 6
SP_MOAT = 7  # +2 Cards from the table; the reaction is handled by attacks
SP_WITCH = 8
SP_COUNCIL_ROOM = 9
SP_GARDENS = 10  # scoring only
SP_MONEYLENDER = 11
SP_CHAPEL = 12


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
    special: int = SP_NONE
    text: str = ""

    def is_type(self, bit: int) -> bool:
        return bool(self.types & bit)


_A, _T, _V = ACTION, TREASURE, VICTORY
CARDS: tuple[Card, ...] = (
    # Basic supply.
    Card(0, "Copper", 0, _T, coins=1, text="$1"),
    Card(1, "Silver", 3, _T, coins=2, text="$2"),
    Card(2, "Gold", 6, _T, coins=3, text="$3"),
    Card(3, "Estate", 2, _V, vp=1, text="1 VP"),
    Card(4, "Duchy", 5, _V, vp=3, text="3 VP"),
    Card(5, "Province", 8, _V, vp=6, text="6 VP"),
    Card(6, "Curse", 0, CURSE_TYPE, vp=-1, text="-1 VP"),
    # First Game kingdom (2nd edition).
    Card(7, "Cellar", 2, _A, actions=1, special=SP_CELLAR,
         text="+1 Action. Discard any number of cards, then draw that many."),
    Card(8, "Moat", 2, _A | REACTION, cards=2, special=SP_MOAT,
         text="+2 Cards. Reaction: reveal from hand when another player plays an Attack "
              "to be unaffected by it."),
    Card(9, "Village", 3, _A, cards=1, actions=2, text="+1 Card, +2 Actions."),
    Card(10, "Merchant", 3, _A, cards=1, actions=1, special=SP_MERCHANT,
         text="+1 Card, +1 Action. The first time you play a Silver this turn, +$1."),
    Card(11, "Workshop", 3, _A, special=SP_WORKSHOP, text="Gain a card costing up to $4."),
    Card(12, "Smithy", 4, _A, cards=3, text="+3 Cards."),
    Card(13, "Militia", 4, _A | ATTACK, coins=2, special=SP_MILITIA,
         text="+$2. Each other player discards down to 3 cards in hand."),
    Card(14, "Remodel", 4, _A, special=SP_REMODEL,
         text="Trash a card from your hand. Gain a card costing up to $2 more than it."),
    Card(15, "Market", 5, _A, cards=1, actions=1, buys=1, coins=1,
         text="+1 Card, +1 Action, +1 Buy, +$1."),
    Card(16, "Mine", 5, _A, special=SP_MINE,
         text="You may trash a Treasure from your hand. Gain a Treasure to your hand "
              "costing up to $3 more than it."),
    # More base-game (2nd edition) kingdom cards.
    Card(17, "Festival", 5, _A, actions=2, buys=1, coins=2, text="+2 Actions, +1 Buy, +$2."),
    Card(18, "Laboratory", 5, _A, cards=2, actions=1, text="+2 Cards, +1 Action."),
    Card(19, "Witch", 5, _A | ATTACK, cards=2, special=SP_WITCH,
         text="+2 Cards. Each other player gains a Curse."),
    Card(20, "Council Room", 5, _A, cards=4, buys=1, special=SP_COUNCIL_ROOM,
         text="+4 Cards, +1 Buy. Each other player draws a card."),
    Card(21, "Gardens", 4, _V, special=SP_GARDENS,
         text="Worth 1 VP per 10 cards you have (round down)."),
    Card(22, "Moneylender", 4, _A, special=SP_MONEYLENDER,
         text="You may trash a Copper from your hand for +$3."),
    Card(23, "Chapel", 2, _A, special=SP_CHAPEL, text="Trash up to 4 cards from your hand."),
)

N_CARDS = len(CARDS)
BY_NAME = {c.name.lower(): c for c in CARDS}

COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE = range(7)
(CELLAR, MOAT, VILLAGE, MERCHANT, WORKSHOP, SMITHY, MILITIA, REMODEL, MARKET,
 MINE, FESTIVAL, LABORATORY, WITCH, COUNCIL_ROOM, GARDENS, MONEYLENDER, CHAPEL) = range(7, 24)

BASIC_CARDS = (COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE)
KINGDOM_CARDS = tuple(c.id for c in CARDS if c.id not in BASIC_CARDS)
FIRST_GAME = (CELLAR, MOAT, VILLAGE, MERCHANT, WORKSHOP, SMITHY, MILITIA, REMODEL, MARKET, MINE)


class UnknownCardError(ValueError):
    """A card name that the engine does not know."""


def card_id(name: str | int) -> int:
    """Id of a card given its name (any case, spaces or hyphens) or its id."""
    if isinstance(name, (int, np.integer)):
        if 0 <= int(name) < N_CARDS:
            return int(name)
        raise UnknownCardError(f"unknown card id {name!r} (known ids are 0..{N_CARDS - 1})")
    key = str(name).strip().lower().replace("-", " ").replace("_", " ")
    card = BY_NAME.get(key)
    if card is None:
        known = ", ".join(c.name for c in CARDS)
        raise UnknownCardError(f"unknown card {name!r}; known cards: {known}")
    return card.id


def card_name(cid: int) -> str:
    return CARDS[cid].name


def _column(attr: str) -> np.ndarray:
    return np.array([getattr(c, attr) for c in CARDS], dtype=np.int32)


# Columns for the compiled engine (index = card id).
COST = _column("cost")
TYPES = _column("types")
PLUS_CARDS = _column("cards")
PLUS_ACTIONS = _column("actions")
PLUS_BUYS = _column("buys")
COINS = _column("coins")
VP = _column("vp")
SPECIAL = _column("special")


def card_table() -> np.ndarray:
    """The table as one int32 array [N_CARDS, 8] the engine indexes by column constant."""
    return np.stack([COST, TYPES, PLUS_CARDS, PLUS_ACTIONS, PLUS_BUYS, COINS, VP, SPECIAL], axis=1)


# Column indices into card_table().
C_COST, C_TYPES, C_CARDS, C_ACTIONS, C_BUYS, C_COINS, C_VP, C_SPECIAL = range(8)
