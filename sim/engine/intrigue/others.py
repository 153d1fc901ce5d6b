"""Intrigue cards that reach the other players: Attacks (Swindler, Minion, Replace,
Torturer), a Reaction (Diplomat) and Masquerade's passing.  See
:mod:`sim.engine.intrigue`."""

from __future__ import annotations

from sim.engine.intrigue import texts_of

CARD_TEXT = texts_of(globals())
