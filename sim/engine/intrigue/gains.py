"""Intrigue cards that trash, gain and order the deck (Lurker, Wishing Well, Secret Passage,
Courtier, Patrol, Trading Post, Upgrade).  See :mod:`sim.engine.intrigue`."""

from __future__ import annotations

from sim.engine.intrigue import texts_of

CARD_TEXT = texts_of(globals())
