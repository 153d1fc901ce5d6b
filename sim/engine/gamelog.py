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

Adventures adds lines for cards put on and called from the Tavern mat ("calls Royal
Carriage (after Smithy)"), Events bought, tokens moved and their bonuses, Durations'
start-of-turn effects ("Dungeon (from last turn): +2 Cards, then discard 2 cards"),
Traveller exchanges, Mission turns, Storyteller's payment, set-aside cards coming
back and Caravan Guard's reaction; a call, an Event or a Duration's effect names the
discards and trashes that follow it.

A player's view: :func:`seen_by` hides the cards a seat may not see (another player's
draws and hand, cards looked at or set aside face down, cards put onto a deck from hand
or discard pile), by the one table of who sees what, :data:`VISIBILITY`; ``format_log(...,
viewer=seat)`` writes that view ("P1 bmu draws 5 cards", "hand: 5 cards").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from sim.cards import (
    ACTION,
    CALLED_ON_GAIN,
    CARDS,
    ESTATE,
    LASTS_GAME,
)
from sim.engine import codes

# --------------------------------------------------------------- who sees what
#: Everyone at the table sees the row's card.
EVERYONE = "everyone"
#: Only the row's player sees its card; the others see that it happened and how many.
OWNER = "owner"
#: Only the row's player and the player its ``extra`` names see its card (a card passed
#: from one hand to another: Masquerade).
RECEIVER = "receiver"
#: The card of a row its viewer may not see (:func:`seen_by`).
HIDDEN = -1


def _face_up(zone: str) -> dict[int, str]:
    """The cards that declare their moves to ``zone`` face up (Card.face_up): seen by all."""
    return {c.id: EVERYONE for c in CARDS if zone in c.face_up}


#: For each log event (sim.engine.codes EV_*), who may see the card a row names: EVERYONE
#: or OWNER; or, where it depends on the card whose text did it (the row's ``extra``),
#: that card's id -> EVERYONE / OWNER, a card it does not list hiding the row (a new
#: card's row stays private until its declaration says face up: Card.face_up).  The rules
#: say what is public (a played, bought, gained, trashed, discarded or revealed card is
#: seen by all; a hand, a draw pile's order and a discard pile below its top card are
#: not: the same line the observations draw, sim.env.observation), and each card's text:
#: looking at your own deck is private, a card set aside is face up when its card says so.
VISIBILITY: dict[int, str | Mapping[int, str]] = {
    codes.EV_TURN: EVERYONE,
    codes.EV_HAND: OWNER,                 # the hand at the start of a turn
    codes.EV_PLAY: EVERYONE,
    codes.EV_BUY: EVERYONE,
    codes.EV_GAIN: EVERYONE,
    codes.EV_TRASH: EVERYONE,
    codes.EV_DISCARD: EVERYONE,           # discarded cards land face up
    codes.EV_DRAW: OWNER,
    codes.EV_SHUFFLE: EVERYONE,           # a count only
    codes.EV_REVEAL: EVERYONE,            # a Reaction revealed (Moat)
    codes.EV_COINS: EVERYONE,
    codes.EV_END: EVERYONE,
    codes.EV_SCORE: EVERYONE,
    codes.EV_CLEANUP: EVERYONE,           # a count only
    # A card put onto a deck is private (from a hand: Artisan, Haunted Woods; from a
    # discard pile below its top: Harbinger; looked at: Sentry, Scouting Party) unless
    # the card putting it there declares it face up (Card.face_up "deck": Bureaucrat's
    # revealed Victory card, Replace's gained card), or it was just gained (-1:
    # Travelling Fair's on-gain choice):
    codes.EV_TOPDECK: {-1: EVERYONE, **_face_up("deck")},
    # A card set aside is private (Gear's, Save's face-down cards, and any card that
    # declares nothing) unless its card declares it face up ("aside": Library's Actions,
    # Inheritance's card from the Supply):
    codes.EV_SET_ASIDE: _face_up("aside"),
    codes.EV_LOOK: OWNER,                 # looking at your own cards is private
    codes.EV_REVEAL_CARD: EVERYONE,
    codes.EV_PLAY_AGAIN: EVERYONE,
    codes.EV_TO_MAT: EVERYONE,            # the Tavern mat is face up
    codes.EV_CALL: EVERYONE,
    codes.EV_EVENT: EVERYONE,
    codes.EV_TOKEN: EVERYONE,
    codes.EV_DURATION: EVERYONE,
    codes.EV_EXCHANGE: EVERYONE,
    codes.EV_MISSION: EVERYONE,
    codes.EV_PAY: EVERYONE,
    # Cards put into a hand are private (Gear's and Save's face-down cards, the card
    # Raze keeps of those it looked at) unless revealed: the card declares it ("hand":
    # Magpie's Treasure, Patrol's Victory cards and Curses, Wishing Well's named card):
    codes.EV_RETURN: _face_up("hand"),
    codes.EV_REACT: EVERYONE,
    codes.EV_PASS: RECEIVER,              # Masquerade: giver and receiver only
    # Secret Passage: where the card goes into the deck is public, the card is not.
    codes.EV_INSERT: OWNER,
    codes.EV_NAME: EVERYONE,
    codes.EV_CHOOSE: EVERYONE,
}


def card_visible(event: int, player: int, extra: int, seat: int) -> bool:
    """Whether ``seat`` may see the card of a log row ``(event, _, player, _, _, extra)``
    (:data:`VISIBILITY`; a row of the seat's own is always seen; an event the table does
    not know is hidden)."""
    if player == seat:
        return True
    who = VISIBILITY.get(event, OWNER)
    if not isinstance(who, str):
        who = who.get(extra, OWNER)
    if who == RECEIVER:
        return extra == seat
    return who == EVERYONE


def seen_by(log: np.ndarray | Sequence[Sequence[int]], seat: int) -> np.ndarray:
    """The event rows ``(event, turn, player, card, count, extra)`` as the player in
    ``seat`` saw them: the card of every row that seat may not see (:func:`card_visible`)
    replaced by :data:`HIDDEN`, everything else kept (how many cards, whose, why), so a
    player's log can say "P1 bmu draws 5 cards" and "hand: 5 cards".  The one place a
    player's view of the log is made: the human seat's news, ``format_log(viewer=...)``
    and the game viewer's player view read it."""
    rows = np.array(log, dtype=np.int64).reshape(-1, 6)
    for i, (ev, _t, p, c, _k, extra) in enumerate(rows.tolist()):
        if c >= 0 and not card_visible(ev, p, extra, seat):
            rows[i, 3] = HIDDEN
    return rows

# (The ``extra`` of EV_TOPDECK, EV_SET_ASIDE and EV_LOOK rows is the id of the card
# whose text did it.)
_GAIN_TO = {0: "to discard pile", 1: "to hand", 2: "onto their deck",
            3: "from the trash, to discard pile"}
# Adventures: why a card was discarded, when the reason names it better than the card
# resolving (a Duration's or a call's effect at the start of a turn, an Event).
_DISCARD_WHY = {codes.DISCARD_DUNGEON: "Dungeon", codes.DISCARD_ARTIFICER: "Artificer",
                codes.DISCARD_FUGITIVE: "Fugitive", codes.DISCARD_QUEST: "Quest",
                codes.DISCARD_SCOUTING: "Scouting Party", codes.DISCARD_GUIDE: "Guide",
                codes.DISCARD_FROM_MAT: "from their Tavern mat"}
# What a card's lasting plays do at the start of its owner's turn (EV_DURATION rows), and
# for how long: its declaration (Card.at_start, Card.lasts).
_DURATION_TEXT = {c.id: c.at_start.words() for c in CARDS
                  if c.at_start and not c.at_start.call and c.at_start.words()}
_DURATION_WHEN = {c.id: "for the rest of the game" if c.lasts == LASTS_GAME else "from last turn"
                  for c in CARDS if c.lasts}


def _token_text(k: int, pile: int, by: int, face_up: bool) -> str:
    """An EV_TOKEN row (count ``k``: codes.TOKEN_*; ``pile``: the card id of the pile, or
    -1; ``by``: the card or Event that did it) as the words after the player's name."""
    why = f" ({_card(by)})" if by >= 0 else ""
    # A -1 Card or -$1 token's row with no card behind it (``by`` -1) is the token
    # coming off: the draw it made one card fewer, the $ it made $1 less.
    if k == codes.TOKEN_MINUS_CARD:
        return (f"puts their -1 Card token on their deck{why}" if by >= 0 else
                "removes their -1 Card token from their deck (one card fewer drawn)")
    if k == codes.TOKEN_MINUS_COIN:
        return (f"takes their -$1 token{why}" if by >= 0 else
                "returns their -$1 token ($1 less)")
    if k == codes.TOKEN_JOURNEY:
        return f"turns their Journey token face {'up' if face_up else 'down'}{why}"
    name = codes.TOKEN_NAMES[k] if 0 <= k < len(codes.TOKEN_NAMES) else "?"
    if k == codes.TOKEN_ESTATE:
        return f"puts their Estate token on {_card(pile)}{why}"
    return f"moves their {name} token to the {_card(pile)} pile{why}"


def _card(c: int) -> str:
    return CARDS[c].name if 0 <= c < len(CARDS) else "?"


def _n_cards(k: int) -> str:
    """``k`` hidden cards in words: "a card", "5 cards"."""
    return "a card" if k == 1 else f"{k} cards"


def _hand_text(items: list[tuple[int, int]]) -> str:
    if any(c == HIDDEN for c, _ in items):     # another player's hand: its size only
        return _n_cards(sum(k for _, k in items))
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
               winners_mask: int | None = None, truncated: bool = False,
               journey_up: Sequence[bool] = (),
               notes: Mapping[int, Sequence[str]] | None = None,
               viewer: int | None = None) -> str:
    """Text for one game's event rows ``(event, turn, player, card, count, extra)``.

    ``names[s]`` names the bot in seat s.  ``viewer``: None, a spectator's full replay
    (every card named); a seat, that player's view (:func:`seen_by`: the cards it may
    not see are counted, not named).  ``journey_up[s]``: whether seat s's Journey
    token was face up when the log began (a row only says that it turned over; every
    game starts with it face up, the default; a scenario may set it otherwise:
    sim.engine.scenario.Scenario.log).  ``notes[k]``: lines shown before row ``k`` (what
    an agent bot weighed at the decision it took there: sim.env.agent).
    """
    out: list[str] = [header] if header else []
    if viewer is not None:
        log = seen_by(log, viewer)
    rows = [tuple(int(x) for x in row) for row in log]
    times = _times_played(rows)

    def who(p: int) -> str:
        return f"P{p} {names[p]}" if 0 <= p < len(names) else "?"

    def n_of(k: int, word: str) -> str:
        """``k`` ``word``s; "1 turn" in a player's view (a spectator's text keeps its
        old "1 turns", byte for byte, as saved logs and tests have it)."""
        return f"{k} {word}" if k == 1 and viewer is not None else f"{k} {word}s"

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
            if HIDDEN in draws:        # another player's draws: how many only
                out.append(f"    {label} {_n_cards(len(draws))}")
            else:
                out.append(f"    {label}: " + ", ".join(_card(c) for c in draws))
            draws.clear()

    def flush_hand() -> None:
        if hand:
            out.append(f"    hand: {_hand_text(hand)}")
            hand.clear()

    def cards_text(items: list[tuple[int, int]]) -> str:
        return ", ".join(_n_cards(k) if c == HIDDEN else _card(c) if k == 1
                         else f"{k} {_card(c)}" for c, k in items)

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
    journey: dict[int, bool] = dict(enumerate(journey_up))   # each Journey token's face
    inherited: dict[int, int] = {}       # the card each player's Estate token is on
    mission = [False]    # the next EV_TURN row is a Mission turn
    out.append("Setup: each player shuffles 7 Copper and 3 Estate and draws 5.")
    def note_lines(i: int) -> None:
        if notes and i in notes:
            flush_hand()
            flush_draws()
            out.extend(f"    [{line}]" for line in notes[i])
            group[0] = None

    for i, (ev, _turn, p, c, k, extra) in enumerate(rows):
        note_lines(i)
        keep[0] = False
        if ev == codes.EV_DRAW:
            flush_hand()                 # a hand comes before the draws that follow it
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
        flush_hand()
        if ev == codes.EV_TURN:
            cur = p
            source = ""
            extra_turn = " takes an extra turn (Mission)" if mission[0] else ""
            mission[0] = False
            out.append(f"Turn {k} — {who(p)}{extra_turn}")
        elif ev == codes.EV_MISSION:
            mission[0] = True
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
            if extra == codes.TRASH_FROM_SUPPLY:
                grouped("trash-supply", p, source, c, k, "trashes", " from the Supply")
            else:
                grouped("trash", p, source, c, k, "trashes")
        elif ev == codes.EV_DISCARD:
            why = _DISCARD_WHY.get(extra) or source or {
                codes.DISCARD_ATTACK: "to an attack", codes.DISCARD_CELLAR: "Cellar",
                codes.DISCARD_POACHER: "Poacher"}.get(extra, "")
            grouped("discard", p, why, c, k, "discards")
        elif ev == codes.EV_TOPDECK:
            by = _card(extra) if extra >= 0 else "Travelling Fair"   # -1: a gain it moved
            what = _n_cards(k) if c == HIDDEN else _card(c)
            out.append(f"    {who(p)} puts {what} onto their deck ({by})")
        elif ev == codes.EV_TO_MAT:
            out.append(f"    {who(p)} puts {_card(c)} on their Tavern mat")
        elif ev == codes.EV_CALL:
            source = _card(c)
            if extra < 0:
                when = ""
            elif CARDS[inherited.get(p, c) if c == ESTATE else c].called == CALLED_ON_GAIN:
                when = f" (on gaining {_card(extra)})"
            else:
                when = f" (after {_card(extra)})"
            out.append(f"    {who(p)} calls {_card(c)}{when}")
        elif ev == codes.EV_EVENT:
            source = _card(c)
            out.append(f"    buys the Event {_card(c)}")
        elif ev == codes.EV_TOKEN:
            if 0 <= c and c == extra and k <= codes.TOKEN_COIN:   # a token's bonus on a play
                bonus = {codes.TOKEN_CARD: "+1 Card", codes.TOKEN_ACTION: "+1 Action",
                         codes.TOKEN_BUY: "+1 Buy", codes.TOKEN_COIN: "+$1"}[k]
                out.append(f"    {who(p)} gets {bonus} (their token on the {_card(c)} pile)")
            else:
                if k == codes.TOKEN_JOURNEY:
                    journey[p] = not journey.get(p, True)
                if k == codes.TOKEN_ESTATE:
                    inherited[p] = c
                out.append(f"    {who(p)} {_token_text(k, c, extra, journey.get(p, True))}")
        elif ev == codes.EV_DURATION:
            source = _card(c)
            when = _DURATION_WHEN.get(c, "from last turn")
            effect = _DURATION_TEXT.get(c, "")
            out.append(f"    {who(p)}: {source} ({when}){': ' + effect if effect else ''}")
        elif ev == codes.EV_EXCHANGE:
            out.append(f"    {who(p)} exchanges {_card(c)} for {_card(extra)}")
        elif ev == codes.EV_PAY:
            out.append(f"    {who(p)} pays ${k}" + (f" ({source})" if source else ""))
        elif ev == codes.EV_RETURN:
            grouped("return", p, _card(extra) if extra >= 0 else "Save", c, k, "puts",
                    " into their hand")
        elif ev == codes.EV_PASS:
            what = "a card" if c == HIDDEN else _card(c)
            out.append(f"    {who(p)} passes {what} to {who(extra)}")
        elif ev == codes.EV_REACT:
            out.append(f"    {who(p)} plays {_card(c)} in reaction to {_card(extra)}")
        elif ev == codes.EV_INSERT:
            what = "a card" if c == HIDDEN else _card(c)
            where = "on top of" if k == 0 else f"{k} card{'s' if k > 1 else ''} down in"
            out.append(f"    {who(p)} puts {what} {where} their deck ({_card(extra)})")
        elif ev == codes.EV_NAME:
            out.append(f"    {who(p)} names {_card(c)} ({_card(extra)})")
        elif ev == codes.EV_CHOOSE:
            options = codes.DECISIONS[extra].options
            word = options[k] if 0 <= k < len(options) else str(k)
            out.append(f"    {who(p)} chooses {word} ({_card(c)})")
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
            out.append(f"    {who(p)} shuffles {n_of(k, 'card')} into a new draw pile")
        elif ev == codes.EV_REVEAL:
            out.append(f"    {who(p)} reveals {_card(c)} and is unaffected")
        elif ev == codes.EV_CLEANUP:
            source = ""
            out.append(f"    cleanup: hand and play to the discard pile, draw {k}")
        elif ev == codes.EV_END:
            out.append(f"Game over after {n_of(extra, 'turn')}: {_end_reason(k)}.")
        elif ev == codes.EV_SCORE:
            out.append(f"    {who(p)}: {k} VP in {n_of(extra, 'turn')}")
        if not keep[0]:                  # a line of its own ends any group
            group[0] = None
    flush_hand()
    flush_draws()
    note_lines(len(rows))
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
