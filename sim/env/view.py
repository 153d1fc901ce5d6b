"""The table as text: what a spectator, or one seat, may see of a game now.

One renderer for every reader: the environments' ``render()`` (a spectator's view,
:func:`render_text`) and the human seat (a player's view, :func:`seat_view`, which adds
what that player alone knows: its hand, play area, discard pile, looked-at cards, its $,
Actions and Buys).  Both read a seat's observation (:meth:`sim.env.State.observation`,
named by :mod:`sim.env.observation`), so neither can show what the seat may not know:
another player's hand or the order of a draw pile.  Needs nothing beyond the engine.
"""

from __future__ import annotations

import numpy as np

from sim.cards import CARDS, EVENTS, N_CARDS
from sim.engine import codes
from sim.env import core

# A player's scalars (sim.env.observation.PLAYER_SCALARS): offsets past its card sections.
_HAND, _DECK, _DISC, _TOP, _VP, _TURNS, _JOURNEY, _MINUS_CARD, _MINUS_COIN = range(9)
_TOKENS = 9             # six token piles (+1; 0: not on a pile), observation order
_TOKEN_NAMES = ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2 cost", "Trashing")
_EVENTS_BOUGHT = 15


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and ``word`` agreeing in number: "1 turn", "2 turns" (``words``: the plural
    when it is not ``word`` + "s": "VP")."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def _counts(values: np.ndarray) -> str:
    return ", ".join(f"{CARDS[c].name} {int(values[c])}" for c in range(N_CARDS)
                     if values[c] > 0) or "none"


def _section(obs: np.ndarray, k: int) -> np.ndarray:
    """Card section ``k`` of an observation (sim.env.observation.CARD_SECTIONS)."""
    return obs[k * N_CARDS:(k + 1) * N_CARDS]


def _player_lines(obs: np.ndarray, names: list[str], observer: int, n: int,
                  tokens: bool) -> list[str]:
    """One line per player, in seat order: score, turns, pile sizes, discard top, Tavern
    mat (and, with ``tokens``, Journey token, -1 Card / -$1 tokens and token piles)."""
    o = core.OBS_CARD_SECTIONS * N_CARDS
    lines = []
    for seat in range(n):
        b = o + ((seat - observer) % n) * core.OBS_PLAYER
        sc = obs[b + 2 * N_CARDS:b + core.OBS_PLAYER].astype(int)
        top = f", top {CARDS[sc[_TOP] - 1].name}" if sc[_TOP] > 0 else ""
        mat = obs[b + N_CARDS:b + 2 * N_CARDS]
        mat_text = f"; Tavern mat: {_counts(mat)}" if mat.any() else ""
        extra = ""
        if tokens:
            marks = [f"{_TOKEN_NAMES[t]} token on {CARDS[sc[_TOKENS + t] - 1].name}"
                     for t in range(6) if sc[_TOKENS + t] > 0]
            if sc[_MINUS_CARD]:
                marks.append("-1 Card token")
            if sc[_MINUS_COIN]:
                marks.append("-$1 token")
            if sc[_JOURNEY]:
                marks.append("Journey token face down")
            if sc[_EVENTS_BOUGHT]:
                marks.append(f"{plural(sc[_EVENTS_BOUGHT], 'Event')} bought")
            extra = "; " + ", ".join(marks) if marks else ""
        lines.append(f"{names[seat]}: {sc[_VP]} VP, {plural(sc[_TURNS], 'turn')}; "
                     f"hand {sc[_HAND]}, "
                     f"deck {sc[_DECK]}, discard {sc[_DISC]}{top}{mat_text}{extra}")
    return lines


def _ending(state, names: list[str]) -> str:
    if state.is_terminal():
        won = state.winners()
        end = "stopped at the turn cap" if state.is_truncated() else \
            "won by " + ", ".join(names[s] for s in won)
        return f"Game over: {end}; scores {state.scores()}"
    d = state.decision()[0]
    return f"{names[state.current_player()]} is asked: {codes.DECISION_NAMES[d]}"


def render_text(state, names: list[str]) -> str:
    """The public view of ``state`` for a spectator (see module docstring): read from
    seat 0's observation, leaving out its own hand, play area, discard pile and
    looked-at cards, and the question's arg (Library's is the card just drawn)."""
    obs = state.observation(0)
    lines = [f"Supply: {_counts(_section(obs, 1))}", f"Trash: {_counts(_section(obs, 2))}"]
    if state.game.config.events:
        lines.insert(1, "Events: " + ", ".join(state.game.config.event_names))
    lines += _player_lines(obs, names, 0, state.game.num_players, tokens=False)
    lines.append(_ending(state, names))
    return "\n".join(lines)


def _priced(values: np.ndarray, ids) -> str:
    return ", ".join(f"{CARDS[c].name} ${CARDS[c].cost} ({int(values[c])})" for c in ids) \
        or "none"


def seat_view(state, seat: int, names: list[str]) -> str:
    """What the player in ``seat`` sees at the table now (see module docstring): the
    Supply with costs and counts, the Events with costs, the trash, every player's public
    state (its tokens and Tavern mat too), and the seat's own hand, play area, discard
    pile, looked-at cards and, on its turn, its $, Actions and Buys."""
    obs = state.observation(seat)
    n = state.game.num_players
    in_game, supply = _section(obs, 0), _section(obs, 1)
    piles = [c for c in range(N_CARDS) if in_game[c] and c not in EVENTS]
    basic = [c for c in piles if CARDS[c].name in _BASIC]
    kingdom = sorted((c for c in piles if c not in basic), key=lambda c: (CARDS[c].cost, c))
    lines = [f"Supply: {_priced(supply, basic)}", f"  Kingdom: {_priced(supply, kingdom)}"]
    if state.game.config.events:
        lines.append("Events: " + ", ".join(f"{CARDS[e].name} ${CARDS[e].cost}"
                                            for e in state.game.config.events))
    lines.append(f"Trash: {_counts(_section(obs, 2))}")
    lines += _player_lines(obs, names, seat, n, tokens=True)
    t = core.OBS_CARD_SECTIONS * N_CARDS + core.MAX_PLAYERS * core.OBS_PLAYER
    if obs[t]:
        lines.append(f"Your turn: ${int(obs[t + 2])}, {plural(int(obs[t + 3]), 'Action')}, "
                     f"{plural(int(obs[t + 4]), 'Buy')}")
    lines.append(f"Your hand: {_counts(_section(obs, 3))}")
    for k, what in ((4, "in play"), (5, "your discard pile"), (6, "looked at / set aside")):
        if _section(obs, k).any():
            lines.append(f"{what[0].upper() + what[1:]}: {_counts(_section(obs, k))}")
    return "\n".join(lines)


_BASIC = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
