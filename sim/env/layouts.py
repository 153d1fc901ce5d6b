"""Positions saved by earlier engine layouts, carried into today's.

A saved position (State.serialize, versions 2 and 3) is the engine's state array as its
version laid it out.  Three earlier layouts are read:

* 0.8 to 0.11 kept a Duration's next-turn effects in a named per-player slot per card
  (eight) and derived Gear's from its set-aside zone; 0.12 keeps every card's in one
  generic row (sim.engine.layout EFFECTS, what the cards' declarations fill) with their
  count (EFFECTS_DUE).  So a position of that layout is 484 entries shorter:
  :func:`carry_011` moves each part to where the 0.12 layout keeps it, the slots' counts
  into the row, and reads the rest unchanged (``layout_0.11.json``).
* 0.12's regions (``layout_0.12.json``: where each began) are today's, some of them
  longer (Intrigue's questions need more per-decision slots): :func:`carry_regions`
  copies each region to where today's begins, zero after its old end.
* 0.13's regions (``layout_0.13.json``) are today's too; today's layout adds Masquerade's
  secret passes after them (sim.engine.layout SECRET_N, PASSED, HIDDEN_FIX), which
  :func:`carry_regions` leaves zero: a position saved before they were recorded holds
  none (every pass of its game counts as seen, as that version showed it).

:func:`carry` takes a position of any of them to today's layout.  The old layouts' facts are
data, as the card table of those versions is (sim/engine/card_table_0.11.json): nothing
here needs to know a card.

Plain Python; the position it returns is checked like any other (sim.env.position_check).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np

from sim.cards import N_CARDS, START_HOW, START_KIND, card_id
from sim.engine import layout as L

_FILES = {name: Path(__file__).with_name(f"layout_{name}.json")
          for name in ("0.11", "0.12", "0.13")}


# The regions renamed since a layout was saved, by their name there: the rows of plays
# acting on a victim's buy are named by the way (Card.lasting_on_victims_buy), no longer by
# the card (same place, same size).
_RENAMED = {"WOODS_ON": "HAND_ONTO_DECK_ON", "HAG_ON": "GAIN_CURSE_ON"}


def region_today(name: str) -> int:
    """Where today's layout begins the region an earlier layout named ``name``."""
    return getattr(L, _RENAMED.get(name, name))


@functools.cache
def _layout(name: str) -> dict:
    return json.loads(_FILES[name].read_text(encoding="utf-8"))


def older_sizes() -> frozenset[int]:
    """The state sizes of the earlier layouts :func:`carry` reads."""
    return frozenset({int(_layout(name)["state_size"]) for name in _FILES}) - {L.STATE_SIZE}


def carry(S_old: np.ndarray) -> np.ndarray:
    """A position of an earlier layout in today's layout (a new array)."""
    sizes = {int(_layout(name)["state_size"]): name for name in _FILES}
    name = sizes.get(len(S_old))
    if name is None:
        raise ValueError(f"a position of {len(S_old)} entries is of no layout this domsim "
                         f"reads ({L.STATE_SIZE}, {', '.join(map(str, sorted(sizes)))})")
    if name == "0.11":
        S_old, name = carry_011(S_old), "0.12"
    return carry_regions(S_old, name)


def carry_regions(S_old: np.ndarray, name: str) -> np.ndarray:
    """A position of the layout ``name`` (0.12 or later: its regions are today's, by
    name) in today's: each region where today's begins (its old entries first, zeros
    after them where today's is longer; a region today's adds after them stays zero)."""
    regions = _layout(name)["regions"]
    names = list(regions)
    S = np.zeros(L.STATE_SIZE, np.int32)
    for name, end_name in zip(names, names[1:], strict=False):
        first, end = regions[name], regions[end_name]
        here, here_end = region_today(name), region_today(end_name)
        if end - first > here_end - here:
            raise AssertionError(f"the region at {name} is shorter today: carry it by hand")
        S[here:here + end - first] = S_old[first:end]
    S[L.V + L.V_SIZE] = L.STATE_SIZE
    return S


def carry_011(S_old: np.ndarray) -> np.ndarray:
    """A position of the 0.8-0.11 layout in the 0.12 layout (a new array)."""
    old, new = _layout("0.11"), _layout("0.12")
    at = new["regions"]
    slots = old["next_turn_slots"]
    first, n_slots = slots["first_player_scalar"], len(slots["cards"])
    old_v = at["PS"] + old["player_scalars"] * L.MAX_PLAYERS
    old_ps = S_old[at["PS"]:old_v].reshape(old["player_scalars"], L.MAX_PLAYERS)
    # 0.12's per-player scalars: the old ones before and after the slots, in order, then
    # the ones the old layout did not have (0 here; derived below).
    kept = np.concatenate([old_ps[:first], old_ps[first + n_slots:]])
    ps = np.zeros((new["player_scalars"], L.MAX_PLAYERS), np.int32)
    ps[:len(kept)] = kept
    # Past the per-player scalars every region is where 0.12's is, up to the effects
    # row, which the old layout did not have.
    to_effects = at["EFFECTS"] - at["V"]
    S = np.concatenate([S_old[:at["PS"]], ps.ravel(), S_old[old_v:old_v + to_effects],
                        np.zeros(L.MAX_PLAYERS * L.N_SLOTS, np.int32),
                        S_old[old_v + to_effects:]]).astype(np.int32)
    if len(S) != new["state_size"]:
        raise AssertionError(f"carried position of {len(S)} entries, not "
                             f"{new['state_size']}")
    effects = at["EFFECTS"]
    for k, name in enumerate(slots["cards"]):
        S[effects + np.arange(L.MAX_PLAYERS) * L.N_SLOTS + card_id(name)] = old_ps[first + k]
    for name, zone in old["effects_from_zones"].items():
        z0 = getattr(L, zone)       # a count zone: where it was (the zones never moved)
        for p in range(L.MAX_PLAYERS):
            if S[z0 + p * L.N_SLOTS:z0 + (p + 1) * L.N_SLOTS].any():
                S[effects + p * L.N_SLOTS + card_id(name)] = 1
    starts = (START_HOW & START_KIND) != 0
    for p in range(L.MAX_PLAYERS):
        row = S[effects + p * L.N_SLOTS:effects + p * L.N_SLOTS + N_CARDS]
        S[new["effects_due"] + p] = int(row[starts].sum())
    S[at["V"] + L.V_SIZE] = new["state_size"]
    return S
