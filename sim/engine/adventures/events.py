"""The 20 Adventures Events: one function per Event (ADVENTURES.md §5).

An Event's function runs when it is bought (sim.engine.adventures.turn.buy_event:
the Buy and $ are already paid, its +Buys counter applied, once-per-turn use
recorded); "this" (``S[V + V_THIS]``) is the Event.  Found through
:data:`CARD_TEXT` by ``special`` code, like the cards.
"""

from __future__ import annotations

CARD_TEXT: dict = {}
