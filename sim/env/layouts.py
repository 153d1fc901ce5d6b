"""Positions saved by earlier engine layouts, carried into today's.

A saved position (State.serialize, versions 2 and 3) is the engine's state array as its
version laid it out.  domsim 0.8 to 0.11 kept a Duration's next-turn effects in a named
per-player slot per card (eight) and derived Gear's from its
set-aside zone; 0.12 keeps every card's in one generic row (sim.engine.layout EFFECTS,
what the cards' declarations fill).  So a position of that layout is 480 entries
shorter: :func:`carry` moves each part to where today's layout keeps it, the slots'
counts into the row, and reads the rest unchanged.  The old layout's facts are data
(``layout_0.11.json`` beside this module), as the card table of those versions is
(sim/engine/card_table_0.11.json): nothing here needs to know a card.

Plain Python; the position it returns is checked like any other (sim.env.position_check).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np

from sim.cards import card_id
from sim.engine import layout as L

_FILE = Path(__file__).with_name("layout_0.11.json")


@functools.cache
def _old() -> dict:
    return json.loads(_FILE.read_text(encoding="utf-8"))


def older_sizes() -> frozenset[int]:
    """The state sizes of the earlier layouts :func:`carry` reads."""
    return frozenset({int(_old()["state_size"])})


def carry(S_old: np.ndarray) -> np.ndarray:
    """A position of the 0.8-0.11 layout in today's layout (a new array)."""
    old = _old()
    if len(S_old) != old["state_size"]:
        raise ValueError(f"a position of {len(S_old)} entries is of no layout this domsim "
                         f"reads ({L.STATE_SIZE}, {old['state_size']})")
    slots = old["next_turn_slots"]
    n_slots = len(slots["cards"])
    cut = L.PS + slots["first_player_scalar"] * L.MAX_PLAYERS   # where the slots were
    removed = S_old[cut:cut + n_slots * L.MAX_PLAYERS].reshape(n_slots, L.MAX_PLAYERS)
    shorter = np.concatenate([S_old[:cut], S_old[cut + n_slots * L.MAX_PLAYERS:]])
    # Past the slots every region is where today's is, up to the effects row, which the
    # old layout did not have.
    insert = L.EFFECTS
    effects = np.zeros(L.MAX_PLAYERS * L.N_SLOTS, np.int32)
    S = np.concatenate([shorter[:insert], effects, shorter[insert:]]).astype(np.int32)
    if len(S) != L.STATE_SIZE:
        raise AssertionError(f"carried position of {len(S)} entries, not {L.STATE_SIZE}")
    for k, name in enumerate(slots["cards"]):
        S[L.EFFECTS + np.arange(L.MAX_PLAYERS) * L.N_SLOTS + card_id(name)] = removed[k]
    for name, zone in old["effects_from_zones"].items():
        z0 = getattr(L, zone)
        for p in range(L.MAX_PLAYERS):
            if S[z0 + p * L.N_SLOTS:z0 + (p + 1) * L.N_SLOTS].any():
                S[L.EFFECTS + p * L.N_SLOTS + card_id(name)] = 1
    S[L.V + L.V_SIZE] = L.STATE_SIZE
    return S
