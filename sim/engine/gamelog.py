"""A readable, turn-by-turn account of one game, from the engine's event log.

The compiled engine only appends integer rows (sim.engine.codes.EV_*) when logging is
switched on; this module turns them into text.  It is how users and we check
the rules by eye: hands, plays, draws, buys, gains, trashes, shuffles, attacks
and reactions, the final scores and why the game ended.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.cards import CARDS
from sim.engine import codes


def _card(c: int) -> str:
    return CARDS[c].name if 0 <= c < len(CARDS) else "?"


def _hand_text(items: list[tuple[int, int]]) -> str:
    return ", ".join(f"{k} {_card(c)}" for c, k in items) or "(empty)"


def format_log(log: np.ndarray, names: Sequence[str], *, header: str = "",
               winners_mask: int | None = None, truncated: bool = False) -> str:
    """Text for one game's event rows ``(event, turn, player, card, count, extra)``.

    ``names[s]`` names the bot in seat s.
    """
    out: list[str] = [header] if header else []

    def who(p: int) -> str:
        return f"P{p} {names[p]}" if 0 <= p < len(names) else "?"

    hand: list[tuple[int, int]] = []
    draws: list[int] = []

    def flush_draws(p: int, what: str = "draws") -> None:
        if draws:
            out.append(f"    {what}: " + ", ".join(_card(c) for c in draws))
            draws.clear()

    cur = -1
    out.append("Setup: each player shuffles 7 Copper and 3 Estate and draws 5.")
    for ev, _turn, p, c, k, extra in (tuple(int(x) for x in row) for row in log):
        if ev != codes.EV_DRAW:
            flush_draws(cur)
        if ev == codes.EV_TURN:
            cur = p
            out.append(f"Turn {k} — {who(p)}")
        elif ev == codes.EV_HAND:
            hand.append((c, k))
            continue
        elif ev == codes.EV_DRAW:
            draws.append(c)
            continue
        if hand and ev != codes.EV_HAND:
            out.append(f"    hand: {_hand_text(hand)}")
            hand.clear()
        if ev == codes.EV_PLAY:
            line = f"    {who(p)} plays "
            if out and out[-1].startswith(line) and out[-1].endswith(" " + _card(c)):
                n = out[-1][len(line):].split(" ")[0]
                count = int(n) + 1 if n.isdigit() else 2
                out[-1] = f"{line}{count} {_card(c)}"
            else:
                out.append(f"{line}{_card(c)}")
        elif ev == codes.EV_COINS:
            out.append(f"    has ${k} to spend")
        elif ev == codes.EV_BUY:
            out.append(f"    buys {_card(c)}")
        elif ev == codes.EV_GAIN:
            where = "hand" if extra == 1 else "discard pile"
            out.append(f"    {who(p)} gains {_card(c)} (to {where})")
        elif ev == codes.EV_TRASH:
            out.append(f"    {who(p)} trashes {_card(c)}")
        elif ev == codes.EV_DISCARD:
            why = "to Cellar" if extra == 1 else "to the attack"
            out.append(f"    {who(p)} discards {_card(c)} {why}")
        elif ev == codes.EV_SHUFFLE:
            out.append(f"    {who(p)} shuffles {k} cards into a new draw pile")
        elif ev == codes.EV_REVEAL:
            out.append(f"    {who(p)} reveals {_card(c)} and is unaffected")
        elif ev == codes.EV_CLEANUP:
            out.append("    cleanup: hand and play to the discard pile, draw 5")
        elif ev == codes.EV_END:
            out.append(f"Game over after {extra} turns: {_end_reason(k)}.")
        elif ev == codes.EV_SCORE:
            out.append(f"    {who(p)}: {k} VP in {extra} turns")
    flush_draws(cur)
    if winners_mask is not None:
        won = [who(s) for s in range(len(names)) if winners_mask >> s & 1]
        if not won:
            out.append("No winner (turn cap reached).")
        elif len(won) == 1:
            out.append(f"Winner: {won[0]}")
        else:
            out.append("Shared win: " + ", ".join(won))
    if truncated:
        out.append("(log truncated: the game outgrew the log buffer)")
    return "\n".join(out)


def _end_reason(reason: int) -> str:
    return {codes.END_PROVINCES: "the Province pile is empty",
            codes.END_PILES: "three supply piles are empty",
            codes.END_TURN_CAP: "the safety turn cap was reached"}.get(reason, "?")
