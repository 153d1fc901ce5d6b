"""What each entry of an observation vector (State.observation, the environments) means.

    from sim.env.observation import observation_names
    names = observation_names()          # names[i] describes entry i
    names[:2]                            # ['in game: Copper', 'in game: Silver']

The vector is float32[OBS_SIZE] for every kingdom and player count (absent players' and
absent cards' entries are 0): card sections of one entry per card and Event id
(sim.cards), then one block per player starting with the observer and going round the
table in turn order, then the turn's values and the question asked (one entry per
decision code, sim.engine.codes).  sim.env.core.observe writes it.

"The question's arg" is the decision's arg as sim.engine.codes describes it (how many
still to discard, a card id, a cost limit, -1 for none yet), except that a cost limit of
"any cost" (Hero) reads ``sim.env.core.OBS_ANY_COST`` (100, above every card's cost):
every entry lies within the declared bounds (sim.env.spaces.observation_box).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from sim.cards import CARDS
from sim.engine import codes
from sim.engine.layout import MAX_PLAYERS
from sim.env import core

CARD_SECTIONS = ("in game", "supply", "trash", "my hand", "my play area", "my discard pile",
                 "my looked-at cards")
PLAYER_CARD_SECTIONS = ("owns", "Tavern mat")
PLAYER_SCALARS = ("hand size", "draw pile size", "discard pile size",
                  "discard pile top card id + 1", "victory points", "turns taken",
                  "Journey token face down", "has the -1 Card token", "has the -$1 token",
                  "+1 Card token's pile + 1", "+1 Action token's pile + 1",
                  "+1 Buy token's pile + 1", "+$1 token's pile + 1", "-$2 cost token's pile + 1",
                  "Trashing token's pile + 1", "Events bought")
TURN_SCALARS = ("it is my turn", "seats until the player whose turn it is", "my $",
                "my Actions", "my Buys", "a Mission turn", "turns played in all",
                "players", "I am asked now", "the question's arg")


@functools.cache
def observation_names() -> tuple[str, ...]:
    """One name per observation entry (see module docstring)."""
    names = names_for([c.name for c in CARDS], codes.DECISION_NAMES)
    assert len(names) == core.OBS_SIZE, (len(names), core.OBS_SIZE)
    return names


def names_for(cards: Sequence[str], decisions: Sequence[str]) -> tuple[str, ...]:
    """The entries' names of the observation of a table of these card names (by id) and
    decision names (by code): this domsim's (:func:`observation_names`) or the table a
    saved policy was made with, whose columns are then found here by name
    (sim.learn.policy.remap_to_table)."""
    names = [f"{section}: {c}" for section in CARD_SECTIONS for c in cards]
    for k in range(MAX_PLAYERS):
        who = "me" if k == 0 else f"player +{k}"
        names += [f"{who} {section}: {c}" for section in PLAYER_CARD_SECTIONS for c in cards]
        names += [f"{who}: {s}" for s in PLAYER_SCALARS]
    names += list(TURN_SCALARS)
    names += [f"asked: {d}" for d in decisions]
    return tuple(names)
