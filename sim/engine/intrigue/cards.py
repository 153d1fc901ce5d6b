"""Intrigue cards of the player's own turn: draws, choices between options, $ and Actions
(Courtyard, Pawn, Shanty Town, Steward, Baron, Bridge, Conspirator, Ironworks, Mill,
Mining Village, Nobles).  See :mod:`sim.engine.intrigue`."""

from __future__ import annotations

from sim.engine.intrigue import texts_of

CARD_TEXT = texts_of(globals())
