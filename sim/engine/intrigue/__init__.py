"""Intrigue (second edition): one compiled function per card, for the text beyond its
counters (the rows are :mod:`sim.cards.intrigue`).

As :mod:`sim.engine.adventures.cards`: each function's docstring gives the card's text,
the decisions it asks and the log rows it writes.  The cards are in three modules by what
their texts reach: :mod:`.cards` (the player's own turn: draws, choices, $), :mod:`.gains`
(trashing, gaining and the deck's order), :mod:`.others` (the other players: Attacks, a
Reaction, Masquerade's passing).  Each module's ``CARD_TEXT`` is :func:`texts_of` its
functions: a function named after its card (snake case) is that card's text, so a card's
function is listed nowhere else.  Every game with an Intrigue card runs the Adventures
turn (sim.cards.types.CardSet.adventures_turn), so the functions use its machinery.
"""

from __future__ import annotations

from sim.cards.intrigue import INTRIGUE_CARDS


def function_name(card_name: str) -> str:
    """The name of a card's function: its name in snake case (``Shanty Town`` ->
    ``shanty_town``)."""
    return card_name.lower().replace(" ", "_").replace("-", "_")


def texts_of(namespace: dict) -> dict:
    """The functions of a module's ``namespace`` named after Intrigue cards with text, by
    the card's special code (the module's CARD_TEXT)."""
    return {c.special: namespace[function_name(c.name)] for c in INTRIGUE_CARDS
            if c.special and function_name(c.name) in namespace}
