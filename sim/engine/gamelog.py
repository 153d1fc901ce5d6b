"""A readable, turn-by-turn account of one game, from the engine's event log.

The compiled engine only appends integer rows (sim.engine.codes.EV_*) when logging is
switched on; this module turns them into text.  It is how users and we check
the rules by eye: hands, plays, draws, buys, gains, trashes, shuffles, attacks
and reactions, cards put onto a deck, set aside, looked at or revealed, cards
played by other cards (Throne Room, Vassal), the final scores and why the game
ended.

Lines caused by a card's text name that card in brackets ("discards Estate
(Vassal)", "P1 discards Copper, Copper (Militia)").  Rows that do not record
their card (discards, trashes) take the card whose text is running: the card
played last, since a card played by another resolves completely before the next
one starts (sim.engine.game.play_action).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sim.cards import ACTION, CARDS
from sim.engine import codes

# (The ``extra`` of EV_TOPDECK, EV_SET_ASIDE and EV_LOOK rows is the id of the card
# whose text did it.)
_GAIN_TO = {0: "to discard pile", 1: "to hand", 2: "onto their deck"}


def _card(c: int) -> str:
    return CARDS[c].name if 0 <= c < len(CARDS) else "?"


def _hand_text(items: list[tuple[int, int]]) -> str:
    return ", ".join(f"{k} {_card(c)}" for c, k in items) or "(empty)"


def _ordinal(k: int) -> str:
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"


def _times_played(rows: list[tuple[int, ...]]) -> dict[int, int]:
    """For each EV_PLAY_AGAIN row that starts a queued play (count 1), how many times
    that queued card resolves in all: 1 for Vassal, 2 for Throne Room.

    A queued card's later resolutions (count 2, 3...) follow its first one after
    whatever that one queued itself, so each continues the latest open play of the
    same card, by the same card, one count further on.
    """
    total: dict[int, int] = {}
    open_: list[list[int]] = []          # [row of count 1, card, by, last count]
    for i, (ev, _t, _p, c, k, by) in enumerate(rows):
        if ev == codes.EV_TURN:
            open_.clear()
        if ev != codes.EV_PLAY_AGAIN:
            continue
        if k == 1:
            open_.append([i, c, by, 1])
            total[i] = 1
            continue
        for entry in reversed(open_):
            if entry[1] == c and entry[2] == by and entry[3] == k - 1:
                entry[3] = k
                total[entry[0]] = k
                break
    return total


def format_log(log: np.ndarray, names: Sequence[str], *, header: str = "",
               winners_mask: int | None = None, truncated: bool = False) -> str:
    """Text for one game's event rows ``(event, turn, player, card, count, extra)``.

    ``names[s]`` names the bot in seat s.
    """
    out: list[str] = [header] if header else []
    rows = [tuple(int(x) for x in row) for row in log]
    times = _times_played(rows)

    def who(p: int) -> str:
        return f"P{p} {names[p]}" if 0 <= p < len(names) else "?"

    hand: list[tuple[int, int]] = []
    draws: list[int] = []
    drawer = [-1]
    # The last line, when more cards may join it: (kind, player, why) and its cards.
    group: list = [None, []]
    keep = [False]       # whether the current row added to the group (else it ends)

    def flush_draws() -> None:
        if draws:
            p = drawer[0]
            label = "draws" if p == cur else f"{who(p)} draws"
            out.append(f"    {label}: " + ", ".join(_card(c) for c in draws))
            draws.clear()

    def cards_text(items: list[tuple[int, int]]) -> str:
        return ", ".join(_card(c) if k == 1 else f"{k} {_card(c)}" for c, k in items)

    def grouped(kind: str, p: int, why: str, c: int, k: int, verb: str,
                after: str = "") -> None:
        """Add ``k`` ``c`` to the last line when it is the same kind of line of the same
        player for the same reason (Militia's two discards, Sentry's two looks); else
        start a new line."""
        if group[0] == (kind, p, why) and out:
            items = group[1]
            same = [j for j, (c2, _) in enumerate(items) if c2 == c]
            if same:
                items[same[0]] = (c, items[same[0]][1] + k)
            else:
                items.append((c, k))
        else:
            group[0] = (kind, p, why)
            group[1] = [(c, k)]
            out.append("")
        tail = f" ({why})" if why else ""
        out[-1] = f"    {who(p)} {verb} {cards_text(group[1])}{after}{tail}"
        keep[0] = True

    cur = -1
    source = ""          # the card whose text is running (names discards, trashes...)
    out.append("Setup: each player shuffles 7 Copper and 3 Estate and draws 5.")
    for i, (ev, _turn, p, c, k, extra) in enumerate(rows):
        keep[0] = False
        if ev == codes.EV_DRAW:
            if draws and drawer[0] != p:
                flush_draws()
            drawer[0] = p
            draws.append(c)
            group[0] = None
            continue
        flush_draws()
        if ev == codes.EV_HAND:
            hand.append((c, k))
            continue
        if hand:
            out.append(f"    hand: {_hand_text(hand)}")
            hand.clear()
        if ev == codes.EV_TURN:
            cur = p
            source = ""
            out.append(f"Turn {k} — {who(p)}")
        elif ev == codes.EV_PLAY:
            if CARDS[c].is_type(ACTION):
                source = _card(c)
            line = f"    {who(p)} plays "
            if out and out[-1].startswith(line) and out[-1].endswith(" " + _card(c)):
                n = out[-1][len(line):].split(" ")[0]
                count = int(n) + 1 if n.isdigit() else 2
                out[-1] = f"{line}{count} {_card(c)}"
            else:
                out.append(f"{line}{_card(c)}")
        elif ev == codes.EV_PLAY_AGAIN:
            source = _card(c)
            # A card played once by another (Vassal) says by which; one played more
            # times (Throne Room) says which time this is.
            once = k == 1 and times.get(i, 1) == 1
            how = _card(extra) if once else f"{_card(extra)}, {_ordinal(k)} time"
            out.append(f"    {who(p)} plays {_card(c)} ({how})")
        elif ev == codes.EV_COINS:
            source = ""
            out.append(f"    has ${k} to spend")
        elif ev == codes.EV_BUY:
            out.append(f"    buys {_card(c)}")
        elif ev == codes.EV_GAIN:
            out.append(f"    {who(p)} gains {_card(c)} ({_GAIN_TO.get(extra, '?')})")
        elif ev == codes.EV_TRASH:
            grouped("trash", p, source, c, k, "trashes")
        elif ev == codes.EV_DISCARD:
            why = source or {codes.DISCARD_ATTACK: "to an attack", codes.DISCARD_CELLAR:
                             "Cellar", codes.DISCARD_POACHER: "Poacher"}.get(extra, "")
            grouped("discard", p, why, c, k, "discards")
        elif ev == codes.EV_TOPDECK:
            out.append(f"    {who(p)} puts {_card(c)} onto their deck "
                       f"({_card(extra)})")
        elif ev == codes.EV_SET_ASIDE:
            grouped("aside", p, _card(extra), c, k, "sets aside")
        elif ev == codes.EV_LOOK:
            grouped("look", p, _card(extra), c, k, "looks at")
        elif ev == codes.EV_REVEAL_CARD:
            if extra == 1:
                grouped("reveal-hand", p, source, c, k, "reveals", " from their hand")
            else:
                grouped("reveal-deck", p, source, c, k, "reveals")
        elif ev == codes.EV_SHUFFLE:
            out.append(f"    {who(p)} shuffles {k} cards into a new draw pile")
        elif ev == codes.EV_REVEAL:
            out.append(f"    {who(p)} reveals {_card(c)} and is unaffected")
        elif ev == codes.EV_CLEANUP:
            source = ""
            out.append("    cleanup: hand and play to the discard pile, draw 5")
        elif ev == codes.EV_END:
            out.append(f"Game over after {extra} turns: {_end_reason(k)}.")
        elif ev == codes.EV_SCORE:
            out.append(f"    {who(p)}: {k} VP in {extra} turns")
        if not keep[0]:                  # a line of its own ends any group
            group[0] = None
    flush_draws()
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
