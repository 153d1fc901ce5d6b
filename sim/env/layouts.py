"""Positions saved by earlier engine layouts, carried into today's.

A saved position (State.serialize, versions 2 and 3) is the engine's state array as its
version laid it out.  domsim 0.8 to 0.11 kept a Duration's next-turn effects in a named
per-player slot per card (eight) and derived Gear's from its set-aside zone; 0.12 keeps
every card's in one generic row (sim.engine.layout EFFECTS, what the cards' declarations
fill) with their count (EFFECTS_DUE).  So a position of that layout is 484 entries
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

from sim.cards import N_CARDS, START_HOW, START_KIND, card_id
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
    first, n_slots = slots["first_player_scalar"], len(slots["cards"])
    old_v = L.PS + old["player_scalars"] * L.MAX_PLAYERS
    old_ps = S_old[L.PS:old_v].reshape(old["player_scalars"], L.MAX_PLAYERS)
    # Today's per-player scalars: the old ones before and after the slots, in order, then
    # the ones the old layout did not have (0 here; derived below).
    kept = np.concatenate([old_ps[:first], old_ps[first + n_slots:]])
    ps = np.zeros((L.N_PS, L.MAX_PLAYERS), np.int32)
    ps[:len(kept)] = kept
    # Past the per-player scalars every region is where today's is, up to the effects
    # row, which the old layout did not have.
    to_effects = L.EFFECTS - L.V
    S = np.concatenate([S_old[:L.PS], ps.ravel(), S_old[old_v:old_v + to_effects],
                        np.zeros(L.MAX_PLAYERS * L.N_SLOTS, np.int32),
                        S_old[old_v + to_effects:]]).astype(np.int32)
    if len(S) != L.STATE_SIZE:
        raise AssertionError(f"carried position of {len(S)} entries, not {L.STATE_SIZE}")
    for k, name in enumerate(slots["cards"]):
        S[L.EFFECTS + np.arange(L.MAX_PLAYERS) * L.N_SLOTS + card_id(name)] = \
            old_ps[first + k]
    for name, zone in old["effects_from_zones"].items():
        z0 = getattr(L, zone)
        for p in range(L.MAX_PLAYERS):
            if S[z0 + p * L.N_SLOTS:z0 + (p + 1) * L.N_SLOTS].any():
                S[L.EFFECTS + p * L.N_SLOTS + card_id(name)] = 1
    starts = (START_HOW & START_KIND) != 0
    for p in range(L.MAX_PLAYERS):
        row = S[L.EFFECTS + p * L.N_SLOTS:L.EFFECTS + p * L.N_SLOTS + N_CARDS]
        S[L.EFFECTS_DUE + p] = int(row[starts].sum())
    S[L.V + L.V_SIZE] = L.STATE_SIZE
    return S
