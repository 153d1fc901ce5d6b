"""Checking a position before any compiled code reads it.

A position is the engine's state ``S`` (int32, sim.engine.layout) and its random streams
``R``, as a saved game carries it (:meth:`sim.env.state.State.serialize`, versions 2 and
3) or a caller hands it to :meth:`~sim.env.state.State.from_position`.  Saved games are
passed between people (bug reports, puzzles, data sets), and the compiled engine trusts
its state: it indexes its arrays with the counts, card ids and stack depths it finds
there, with no bounds checks (sim.engine.pointers).  A draw pile of 100,000 cards is a
read far past the state (the process dies); one of 5,000 plays on to a silent game of
nonsense.  So every entry of a position is checked here, in Python, first.

How nothing is missed: :data:`REGIONS` cuts the state's first ``L.STATE_SIZE`` entries
into the layout's regions, in order, with no gap and no overlap
(tests/test_position_check.py holds that), and each region has its check, or a
stated reason it needs none (engine scratch that is written before it is read; each
claim names the code that writes it).  The per-player and game scalars are checked
name by name (:data:`PLAYER_SCALARS`, :data:`GAME_SCALARS`, every ``K_*`` and ``V_*``
of the layout).  Beyond bounds, what the engine keeps twice must agree: each zone's
size with its cards, what a player owns with the cards in its zones and draw pile,
the money, VP and type totals with the cards owned, every card of the game conserved
(Supply, upgrade piles, trash and the players' cards make its starting count), no card
outside the game anywhere, the Supply's rows with the game's table.

A failure is a ValueError of one line naming the field and its value, e.g.
``deserialize: position: P1's draw pile holds 100000 cards; at most 512``.

What the checks cannot see: a stopped position's resume frames (``RES_FRAMES``) are
checked by their shape (depth, sites, locals in the range every engine frame's locals
lie in), not by meaning: which function each frame belongs to is known only to the
code that pushed it.  A position edited within every bound and every agreement is a
legal position, and plays as one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

import numpy as np

from sim.cards import (
    ACTION,
    C_COINS,
    C_TYPES,
    C_VP,
    CARDS,
    ESTATE,
    EVENT_SLOT,
    EVENTS,
    N_CARDS,
    REPLAYING_CALLS,
    START_HOW,
    START_KIND,
    VICTIMS_BUY_CARD,
    card_table,
)
from sim.cards.adventures import (
    EXPEDITION,
    MISSION,
    TRAVELLING_FAIR,
)
from sim.cards.intrigue import MASQUERADE
from sim.engine import codes
from sim.engine import layout as L
from sim.engine.state import game_ids

# The most cards a game holds (every pile at its largest: 4 players' Coppers and Curses,
# 17 piles of 12 and the upgrade piles) is far below this; a count above it is damage.
MAX_COUNT = L.MAX_DECK
# The largest number a turn's scalars reach ($, Actions, Buys): a game holds fewer than
# MAX_DECK cards and no card gives more than $5 or +4 of anything, so a real turn stays
# far below MAX_DECK (and a turn of more Buys than AG_MAX answers could not be played).
MAX_TURN_VALUE = L.MAX_DECK
# A resume frame's site: the functions name their sites, numbered from 1 (the
# Adventures turn has the most, 10: sim.engine.adventures.turn ADV_TURN_*); 0, NO_SITE,
# is never pushed.
MAX_SITE = 16
# A frame's locals are card ids, counts, loop indices, stack depths and the $ a Buy
# phase started with: all within [-1, MAX_DECK].
FRAME_LOW, FRAME_HIGH = -1, L.MAX_DECK

_TABLE = card_table()
_COINS = _TABLE[:, C_COINS].astype(np.int64)
_VP = _TABLE[:, C_VP].astype(np.int64)
_TYPES = _TABLE[:, C_TYPES].astype(np.int64)


def _name(c: int) -> str:
    return CARDS[c].name if 0 <= c < N_CARDS else f"id {c}"


class _Check:
    """The context of one check: the position, the game's table, where the error is
    reported from and the facts the regions share (player count, the game's ids)."""

    def __init__(self, S: np.ndarray, T: np.ndarray, where: str, stopped: bool,
                 takes: np.ndarray | None, agents: Iterable[int] | None):
        self.S = S.astype(np.int64)
        self.T = T
        self.where = where
        self.stopped = stopped
        self.takes = takes
        self.agents = None if agents is None else set(agents)
        self.n = int(self.S[L.V + L.V_NP])
        self.ids = game_ids(T)
        self.in_game = np.zeros(L.N_SLOTS, bool)
        self.in_game[self.ids] = True
        self.events = {int(e) for e in T[L.EVENT_IDS:L.EVENT_IDS + T[L.N_EVENTS]]}

    def fail(self, what: str) -> None:
        raise ValueError(f"{self.where}: position: {what}")

    def range(self, what: str, x: int, lo: int, hi: int) -> None:
        """``lo <= x <= hi``, else the error names ``what`` and ``x``."""
        if not lo <= x <= hi:
            bound = f"at least {lo}" if x < lo else f"at most {hi}"
            self.fail(f"{what} is {x}; {bound}")

    def equal(self, what: str, x: int, want: int, why: str = "") -> None:
        if x != want:
            self.fail(f"{what} is {x}; {why or 'should be'} {want}")

    def zero(self, what: str, a: int, b: int) -> None:
        """Entries ``a:b`` all 0 (rows past the players, ids outside the game)."""
        bad = np.flatnonzero(self.S[a:b])
        if len(bad):
            self.fail(f"{what} holds {int(self.S[a + bad[0]])} at entry {int(bad[0])}; "
                      f"should be 0")

    def card_row(self, what: str, start: int, lo: int = 0, hi: int = MAX_COUNT,
                 in_game_only: bool = True) -> np.ndarray:
        """A row of N_SLOTS counts by card id: each in [lo, hi], 0 for ids outside the
        game.  Returns the row (int64)."""
        row = self.S[start:start + L.N_SLOTS]
        bad = np.flatnonzero((row < lo) | (row > hi))
        if len(bad):
            c = int(bad[0])
            self.range(f"{what} [{_name(c)}]", int(row[c]), lo, hi)
        if in_game_only:
            out = np.flatnonzero(row[~self.in_game] != 0)
            if len(out):
                c = int(np.flatnonzero(~self.in_game)[out[0]])
                self.fail(f"{what} holds {int(row[c])} {_name(c)}, a card not in this game")
        return row


# ----------------------------------------------------------------------------- regions
def _zones(k: _Check) -> None:
    """Every count zone of every player: counts in range, only the game's cards, no
    entry for a seat past the players, the pad between zones untouched."""
    S = k.S
    for z in range(L.N_ZONES):
        base = L.ZONES + z * L.ZONE_STRIDE
        for p in range(L.MAX_PLAYERS):
            o = base + p * L.N_SLOTS
            if p >= k.n:
                k.zero(f"{_ZONE_NAMES[z]} of P{p} (no such player)", o, o + L.N_SLOTS)
            else:
                k.card_row(f"P{p}'s {_ZONE_NAMES[z]}", o)
        pad = base + L.MAX_PLAYERS * L.N_SLOTS
        k.zero(f"the pad after the {_ZONE_NAMES[z]} zones", pad, pad + L.ZONE_PAD)
    del S


_ZONE_NAMES = ("hand", "play area", "discard pile", "set-aside cards", "Tavern mat",
               "Gear set-asides", "Save set-aside", "owned cards")


def _scratch(k: _Check) -> None:
    """SEEN_HAND, SEEN_TOP_N, SEEN_TOP: a copy of the deciding player's hand and known
    deck top that sim.engine.hooks.hook_view writes just before each compiled hook reads
    it (and sim.env.redeal clears): scratch, never read before it is written."""


def _supply(k: _Check) -> None:
    """Supply piles: within their starting sizes (the table's SUPPLY0), 0 for the piles
    not in the Supply."""
    T = k.T
    for c in range(L.N_SLOTS):
        x = int(k.S[L.SUPPLY + c])
        k.range(f"the {_name(c)} pile", x, 0, int(T[L.SUPPLY0 + c]))


def _trash(k: _Check) -> None:
    """The trash: counts in range, only the game's cards (conservation: :func:`_whole`)."""
    k.card_row("the trash", L.TRASH)


def _in_supply(k: _Check) -> None:
    """The in-Supply row: set once from the table (sim.engine.state.new_state), never
    written by the engine: exactly the table's Supply piles."""
    want = (k.T[L.SUPPLY0:L.SUPPLY0 + L.N_SLOTS] > 0).astype(np.int64)
    row = k.S[L.IN_SUPPLY:L.IN_SUPPLY + L.N_SLOTS]
    bad = np.flatnonzero(row != want)
    if len(bad):
        c = int(bad[0])
        k.fail(f"the in-Supply row says {int(row[c])} for {_name(c)}; this game's Supply "
               f"says {int(want[c])} (the position is of another kingdom)")


def _player_scalars(k: _Check) -> None:
    """Every per-player scalar (:data:`PLAYER_SCALARS`, one check per K_*); rows of
    seats past the players as a new game leaves them."""
    for key, check in PLAYER_SCALARS.items():
        for p in range(L.MAX_PLAYERS):
            x = int(k.S[L.PS + key * L.MAX_PLAYERS + p])
            if p >= k.n:
                want = -1 if key == L.K_DISC_TOP else 0
                if key == L.K_DISC_TOP and x == 0:
                    continue        # a state made by new_state before its first reset
                k.equal(f"{_K_NAMES[key]} of P{p} (no such player)", x, want)
            else:
                check(k, p, x, f"P{p}'s {_K_NAMES[key]}")


def _game_scalars(k: _Check) -> None:
    """Every game scalar (:data:`GAME_SCALARS`, one check per V_*)."""
    for key, check in GAME_SCALARS.items():
        check(k, int(k.S[L.V + key]), _V_NAMES[key])


def _error(k: _Check) -> None:
    """The error record: empty at a turn's start; a game stopped at a question holds
    ERR_AGENT_WAIT and the seat and decision asked (sim.engine.agent_seat.agent_answer),
    the rest (the game, card and bot of an error; the arg of the last question asked,
    ERR_ARG) as the engine left them."""
    S = k.S
    if not k.stopped:
        k.zero("the error record of a turn's start", L.ERR, L.ERR + L.N_ERR)
        return
    k.equal("the error code of a game stopped at a question", int(S[L.ERR]),
            codes.ERR_AGENT_WAIT)
    k.equal("the seat in the error record", int(S[L.ERR + 2]), int(S[L.AG_WAIT_P]),
            "the seat asked is")
    k.equal("the decision in the error record", int(S[L.ERR + 3]), int(S[L.AG_WAIT_D]),
            "the decision asked is")
    k.equal("the game number in the error record", int(S[L.ERR + 1]), 0)
    k.range("the card in the error record", int(S[L.ERR + 4]), -1, N_CARDS - 1)
    k.range("the bot in the error record", int(S[L.ERR + 5]), 0, max(k.n - 1, 0))
    k.range("the last question's arg (ERR_ARG)", int(S[L.ERR_ARG]), -1, codes.ANY_COST)
    k.equal("the error record's last entry", int(S[L.ERR + 7]), 0)


def _stack(k: _Check) -> None:
    """The play stack's entries below its depth (V_STACK_N): a card of the game in
    play, plays left within plays in all, played by a card or -1 (Adventures: the
    wider entry's flags and kind).  Entries above the depth are stale: sim.engine.steps.
    push_entry writes every field before the entry is read."""
    S = k.S
    adv = bool(k.T[L.T_ADV])
    width = L.ADV_STACK_WIDTH if adv else L.STACK_WIDTH
    depth = int(S[L.V + L.V_STACK_N])       # checked in range by GAME_SCALARS
    for i in range(depth):
        o = L.STACK + width * i
        what = f"play stack entry {i}"
        c = int(S[o + L.E_CARD])
        if not (0 <= c < N_CARDS and k.in_game[c]):
            k.fail(f"{what}'s card is {c}; a card of this game")
        total = int(S[o + L.E_TOTAL])
        k.range(f"{what}'s plays in all", total, 0, MAX_COUNT)
        k.range(f"{what}'s plays left", int(S[o + L.E_LEFT]), 0, total)
        k.range(f"{what}'s playing card", int(S[o + L.E_BY]), -1, N_CARDS - 1)
        if adv:
            k.range(f"{what}'s stays", int(S[o + L.E_STAYS]), 0, 2)
            k.range(f"{what}'s left-play flag", int(S[o + L.E_GONE]), 0, 2)
            k.range(f"{what}'s after-Action window", int(S[o + L.E_WINDOW]), 0, 1)
            k.range(f"{what}'s kind", int(S[o + L.E_KIND]), 0, L.E_KIND_DISCIPLE)


def _marks(k: _Check, start: int, what: str) -> None:
    """KEEP / PERM: marks on copies in play, per player and card."""
    for p in range(L.MAX_PLAYERS):
        o = start + p * L.N_SLOTS
        if p >= k.n:
            k.zero(f"{what} of P{p} (no such player)", o, o + L.N_SLOTS)
        else:
            k.card_row(f"P{p}'s {what}", o)


def _effects(k: _Check) -> None:
    """EFFECTS: each player's plays whose effect lasts (next turn, or the game), per card:
    0 for a card whose declaration leaves none (Card.lasts); else one per play of a copy
    that is still in play (marked to stay), and a copy is played at most twice (Throne
    Room, Disciple) plus once per replay by a Reserve that replays (Card.call_replays:
    Royal Carriage; its copies in play too): at most 2 x (the card's copies in play, an
    inheriting Estate counted, + those Reserves in play).  An unbounded count would ask
    its question thousands of times a turn."""
    for p in range(L.MAX_PLAYERS):
        o = L.EFFECTS + p * L.N_SLOTS
        if p >= k.n:
            k.zero(f"lasting effects of P{p} (no such player)", o, o + L.N_SLOTS)
            continue
        row = k.card_row(f"P{p}'s lasting effects", o)
        for c in np.flatnonzero(row):
            c = int(c)
            what = f"P{p}'s {_name(c)} effects"
            if c >= N_CARDS or not CARDS[c].lasts:
                k.equal(what, int(row[c]), 0, "a card whose plays leave no lasting effect has")
            else:
                k.range(what, int(row[c]), 0,
                        2 * (_copies_in_play(k, p, c)
                             + sum(_copies_in_play(k, p, r) for r in REPLAYING_CALLS)))


def _copies_in_play(k: _Check, p: int, c: int) -> int:
    """``p``'s copies of ``c`` in play, an Estate inheriting ``c`` counted."""
    play = k.S[L.PLAY0 + p * L.N_SLOTS:L.PLAY0 + (p + 1) * L.N_SLOTS]
    n = int(play[c])
    if int(k.S[L.INHERIT + p]) == c + 1:
        n += int(play[ESTATE])
    return n


def _non_supply(k: _Check) -> None:
    """The Traveller upgrade piles: within their starting sizes (NON_SUPPLY0)."""
    for c in range(L.N_SLOTS):
        k.range(f"the {_name(c)} upgrade pile", int(k.S[L.NON_SUPPLY + c]), 0,
                int(k.T[L.NON_SUPPLY0 + c]))


def _attacks(k: _Check, start: int, what: str) -> None:
    """A row of VICTIMS_BUY_ROW (HAND_ONTO_DECK_ON, GAIN_CURSE_ON): plays by attacker a
    affecting q, counts; none past the players and none on the attacker itself."""
    for a in range(L.MAX_PLAYERS):
        for q in range(L.MAX_PLAYERS):
            x = int(k.S[start + a * L.MAX_PLAYERS + q])
            if a >= k.n or q >= k.n or a == q:
                k.equal(f"{what} by P{a} on P{q}", x, 0)
            else:
                k.range(f"{what} by P{a} on P{q}", x, 0, MAX_COUNT)


def _slot_event(e: int) -> int:
    """The Event whose counts are slot ``e`` of EV_BOUGHT and EV_BOUGHT_TURN (its declared
    slot, sim.cards.EVENT_SLOT), or -1 for a slot no Event has."""
    return EVENTS[e] if e < len(EVENTS) else -1


def _slot_name(e: int) -> str:
    c = _slot_event(e)
    return _name(c) if c >= 0 else f"Event slot {e}"


def _events_bought(k: _Check) -> None:
    """Events each player bought this game: counts, only the game's Events."""
    for p in range(L.MAX_PLAYERS):
        for e in range(L.EVENT_SLOTS):
            x = int(k.S[L.EV_BOUGHT + p * L.EVENT_SLOTS + e])
            if p >= k.n or _slot_event(e) not in k.events:
                k.equal(f"P{p}'s buys of {_slot_name(e)} (not an Event of "
                        f"this game)" if p < k.n else f"Events bought by P{p} (no such "
                        f"player)", x, 0)
            else:
                k.range(f"P{p}'s buys of {_slot_name(e)}", x, 0, MAX_COUNT)


def _events_this_turn(k: _Check) -> None:
    """Events the current player bought this turn: only the game's Events; stopped at a
    question, at most what that player bought this game.  At a turn's start the row is
    the previous turn's (the Adventures turn clears it as it starts: turn.py's
    start of turn), so only its range is checked."""
    cur = int(k.S[L.V + L.V_CUR])
    for e in range(L.EVENT_SLOTS):
        x = int(k.S[L.EV_BOUGHT_TURN + e])
        if _slot_event(e) not in k.events:
            k.equal(f"this turn's buys of {_slot_name(e)} (not an Event of this "
                    f"game)", x, 0)
        else:
            hi = int(k.S[L.EV_BOUGHT + cur * L.EVENT_SLOTS + e]) if k.stopped else MAX_COUNT
            k.range(f"this turn's buys of {_slot_name(e)}", x, 0, hi)


def _gained_ids(k: _Check) -> None:
    """The cards each player gained on its own turn, in order: the first
    min(K_GAINED, GAINED_SLOTS) are cards of the game.  Later slots are stale:
    sim.engine.zones.gain writes slot k before K_GAINED counts it."""
    for p in range(L.MAX_PLAYERS):
        m = min(int(k.S[L.GAINED + p]), L.GAINED_SLOTS) if p < k.n else 0
        for i in range(m):
            c = int(k.S[L.GAINED_IDS + p * L.GAINED_SLOTS + i])
            if not (0 <= c < N_CARDS and k.in_game[c]):
                k.fail(f"P{p}'s gain {i} this turn is card {c}; a card of this game")


def _held(k: _Check) -> None:
    """Copies held in play from earlier turns, per player and card (sums: K_HELD_N)."""
    _marks(k, L.HELD, "copies held from earlier turns")


def _draw_piles(k: _Check) -> None:
    """Each player's ordered draw pile: its entries below K_DECK_N cards of the game
    (their counts are checked against the owned cards by :func:`_agreements`).  Slots
    above the top are stale: sim.engine.zones.deck_push and shuffle_discard write a
    slot before the pile's size covers it."""
    for p in range(k.n):
        n = int(k.S[L.DECK_N + p])            # in [0, MAX_DECK]: PLAYER_SCALARS
        pile = k.S[L.DECK + p * L.MAX_DECK:L.DECK + p * L.MAX_DECK + n]
        bad = np.flatnonzero((pile < 0) | (pile >= L.N_SLOTS))
        if len(bad) == 0:
            bad = np.flatnonzero(~k.in_game[pile])
        if len(bad):
            i = int(bad[0])
            k.fail(f"P{p}'s draw pile holds card {int(pile[i])} at {i}; a card of this game")


def _game_ids(k: _Check) -> None:
    """The game's card ids (set once from the table by new_state, never written by
    the engine): exactly the table's."""
    n = int(k.S[L.GAME_IDS_N])
    want = k.ids
    k.equal("the number of the game's card ids (GAME_IDS_N)", n, len(want),
            "this game's table has")
    row = k.S[L.GAME_IDS:L.GAME_IDS + L.N_SLOTS]
    if (row[:n] != want).any() or row[n:].any():
        bad = int(np.flatnonzero(np.r_[row[:n] != want, row[n:] != 0])[0])
        k.fail(f"the game's card ids hold {int(row[bad])} at {bad}; this game's table "
               f"has {int(want[bad]) if bad < n else 0} (the position is of another "
               f"kingdom)")


def _agents_block(k: _Check) -> None:
    """The agents' block.  At a turn's start (version 2, from_position): all 0, as
    State serializes it (State._at installs the game's own).  Stopped at a question
    (version 3): the decisions agents take are the game's, the script's position at its
    end, the question a decision agents take asked of an agent seat, its arg in range,
    no playout, no policy table (an offset past the state), the answers so far actions."""
    S = k.S
    if not k.stopped:
        k.zero("the agents' block of a turn's start", L.AGENT, L.RESUME)
        return
    takes = S[L.AG_TAKES:L.AG_POS]
    bad = np.flatnonzero((takes < 0) | (takes > 1))
    if len(bad):
        k.fail(f"the decisions agents take hold {int(takes[bad[0]])} at {int(bad[0])}; 0 or 1")
    if takes[codes.N_DECISIONS:].any():
        k.fail("the decisions agents take include codes past the last decision")
    if k.takes is not None and (takes != k.takes).any():
        d = int(np.flatnonzero(takes != k.takes)[0])
        k.fail(f"agents take decision {d} ({codes.DECISION_NAMES[d]}): "
               f"{int(takes[d])} in the position, {int(k.takes[d])} in the game's header")
    n_len = int(S[L.AG_LEN])
    k.range("the turn's answers so far (AG_LEN)", n_len, 0, L.AG_MAX)
    k.equal("the script's position (AG_POS)", int(S[L.AG_POS]), n_len,
            "a question past the script is asked at")
    p = int(S[L.AG_WAIT_P])
    k.range("the seat asked (AG_WAIT_P)", p, 0, k.n - 1)
    if k.agents is not None and p not in k.agents:
        k.fail(f"the seat asked (AG_WAIT_P) is {p}, not an agent seat of the game "
               f"({sorted(k.agents)})")
    d = int(S[L.AG_WAIT_D])
    k.range("the decision asked (AG_WAIT_D)", d, 0, codes.N_DECISIONS - 1)
    if takes[d] != 1:
        k.fail(f"the decision asked (AG_WAIT_D) is {d} ({codes.DECISION_NAMES[d]}), "
               f"which agents do not take in this game")
    cur = int(S[L.V + L.V_CUR])
    asked = codes.DECISIONS[d].asked
    if (asked == codes.ASK_TURN and p != cur) or (asked == codes.ASK_OTHER and p == cur):
        k.fail(f"the seat asked (AG_WAIT_P) is {p} and the current player (V_CUR) {cur}; "
               f"{codes.DECISION_NAMES[d]!r} is asked of {codes.ASK_WORDS[asked]}")
    k.range("the question's arg (AG_WAIT_ARG)", int(S[L.AG_WAIT_ARG]), -1, codes.ANY_COST)
    # (how a Game checks its frames is the Game's: a saved position holds 0, State._at
    # sets the Game's own)
    k.equal("the frames check flag (AG_CHECK_FRAMES)", int(S[L.AG_CHECK_FRAMES]), 0)
    k.equal("the playout flag (AG_PLAYOUT)", int(S[L.AG_PLAYOUT]), 0)
    k.equal("the policy table's offset (AG_POLICY)", int(S[L.AG_POLICY]), 0)
    from sim.env.actions import N_ACTIONS

    script = S[L.AG_SCRIPT:L.AG_SCRIPT + n_len]
    bad = np.flatnonzero((script < 0) | (script >= N_ACTIONS))
    if len(bad):
        k.fail(f"the turn's answer {int(bad[0])} is action {int(script[bad[0]])}; "
               f"actions are 0..{N_ACTIONS - 1}")
    # AG_SCRIPT past AG_LEN: stale, core.add_answer writes an answer before AG_LEN
    # counts it.


def _resume(k: _Check) -> None:
    """The resume frames (sim.engine.resume).  At a turn's start: all 0.  Stopped at a
    question: not resuming (RES_ON 0; RES_AT is rewritten by start_resume before it is
    read), at least one and at most FRAME_DEPTH frames, each a site the engine pushes
    and locals in the frames' range; the frames past RES_N and the block's rest are 0
    or stale (push_frame writes a frame before RES_N counts it)."""
    S = k.S
    if not k.stopped:
        k.zero("the resume frames of a turn's start", L.RESUME, L.AGENT_END)
        return
    k.equal("the resume flag (RES_ON) of a stopped game", int(S[L.RES_ON]), 0)
    n = int(S[L.RES_N])
    k.range("the resume frames' depth (RES_N)", n, 1, L.FRAME_DEPTH)
    k.range("the next frame to resume (RES_AT)", int(S[L.RES_AT]), -1, L.FRAME_DEPTH - 1)
    for i in range(n):
        o = L.RES_FRAMES + L.FRAME_WIDTH * i
        k.range(f"resume frame {i}'s site", int(S[o]), 1, MAX_SITE)
        for j in range(L.FRAME_LOCALS):
            k.range(f"resume frame {i}'s local {j}", int(S[o + 1 + j]), FRAME_LOW, FRAME_HIGH)


def _secret_passes(k: _Check) -> None:
    """Masquerade's passes a third player did not see (sim.engine.zones.record_pass):
    counts by giver, receiver and card, none to oneself, none past the players, none in
    a 2-player game or one without Masquerade, none of a card not in the game; SECRET_N
    their sum.  (Not bounded by what the receiver owns now: it may have trashed the card
    since.)"""
    S = k.S
    secret = k.n >= 3 and bool(k.in_game[MASQUERADE])
    for g in range(L.MAX_PLAYERS):
        for r in range(L.MAX_PLAYERS):
            at = L.PASSED + (g * L.MAX_PLAYERS + r) * L.N_SLOTS
            what = f"the cards P{g} passed unseen to P{r}"
            if not secret or g == r or g >= k.n or r >= k.n:
                k.zero(what, at, at + L.N_SLOTS)
            else:
                k.card_row(what, at)
    total = int(S[L.PASSED:L.HIDDEN_FIX].sum())
    k.equal("the count of unseen passes (SECRET_N)", int(S[L.SECRET_N]), total,
            "the passes recorded make")


def _hidden_fix(k: _Check) -> None:
    """HIDDEN_FIX: what sim.engine.hooks.hide_passes changed for a hook's call, put back
    (and zeroed) by show_passes before the call returns: 0 in any position."""
    k.zero("the hooks' hidden-pass scratch (HIDDEN_FIX)", L.HIDDEN_FIX, L.LOG)


def _agreements(k: _Check) -> None:
    """What the engine keeps twice: run after every region is in range (so the sums
    below cannot overflow or index out of bounds)."""
    S = k.S
    n = k.n
    for p in range(n):
        zones = [S[L.zone(z, p):L.zone(z, p) + L.N_SLOTS] for z in range(L.N_ZONES)]
        for z in range(L.N_ZONES):
            k.equal(f"P{p}'s {_ZONE_NAMES[z]} count ({_K_NAMES[z]})",
                    int(S[L.PS + z * L.MAX_PLAYERS + p]), int(zones[z].sum()),
                    "its cards number")
        deck_n = int(S[L.DECK_N + p])
        pile = S[L.DECK + p * L.MAX_DECK:L.DECK + p * L.MAX_DECK + deck_n]
        held = sum(zones[:L.Z_OWN]) + np.bincount(pile, minlength=L.N_SLOTS)[:L.N_SLOTS]
        if S[L.INHERIT + p]:    # Inheritance's card: owned, set aside in no zone
            held[int(S[L.INHERIT + p]) - 1] += 1
        own = zones[L.Z_OWN]
        bad = np.flatnonzero(held != own)
        if len(bad):
            c = int(bad[0])
            k.fail(f"P{p} owns {int(own[c])} {_name(c)} but holds {int(held[c])} in its "
                   f"zones, draw pile and Inheritance")
        o = own[:N_CARDS]
        for what, key, want in (("money", L.K_MONEY, int(o @ _COINS[:N_CARDS])),
                                ("printed VP", L.K_VP, int(o @ _VP[:N_CARDS]))):
            k.equal(f"P{p}'s {what} total", int(S[L.PS + key * L.MAX_PLAYERS + p]), want,
                    "its owned cards make")
        for b in range(L.N_TYPE_BITS):
            want = int(o[(_TYPES[:N_CARDS] >> b) & 1 == 1].sum())
            k.equal(f"P{p}'s count of owned cards of type bit {b}",
                    int(S[L.TYPE_N + b * L.MAX_PLAYERS + p]), want, "its owned cards make")
        keep = S[L.KEEP + p * L.N_SLOTS:L.KEEP + (p + 1) * L.N_SLOTS]
        perm = S[L.PERM + p * L.N_SLOTS:L.PERM + (p + 1) * L.N_SLOTS]
        k.equal(f"P{p}'s marked copies (K_MARKS)", int(S[L.MARKS + p]),
                int(keep.sum() + perm.sum()), "its marks number")
        if k.stopped and p == int(S[L.V + L.V_CUR]):
            pass        # the player on turn: its plays of this turn are in play
        else:
            # Anyone else (everyone at a turn's start) has in play only the copies
            # marked to stay from earlier turns (Durations, Hireling...): none in a
            # base game, whose Cleanup leaves no card in play.
            extra = np.flatnonzero(zones[L.Z_PLAY] > keep + perm)
            if len(extra):
                c = int(extra[0])
                k.fail(f"P{p} has {int(zones[L.Z_PLAY][c])} {_name(c)} in play, "
                       f"{int(keep[c] + perm[c])} marked to stay, while "
                       + ("its turn starts" if p == int(S[L.V + L.V_CUR]) else
                          f"it is P{int(S[L.V + L.V_CUR])}'s turn"))
        effects = S[L.EFFECTS + p * L.N_SLOTS:L.EFFECTS + p * L.N_SLOTS + N_CARDS]
        k.equal(f"P{p}'s start-of-turn effects waiting (K_EFFECTS_DUE)",
                int(S[L.EFFECTS_DUE + p]),
                int(effects[(START_HOW & START_KIND) != 0].sum()), "its effects row holds")
        held_row = S[L.HELD + p * L.N_SLOTS:L.HELD + (p + 1) * L.N_SLOTS]
        k.equal(f"P{p}'s held copies (K_HELD_N)", int(S[L.HELD_N + p]), int(held_row.sum()),
                "its held row numbers")
    # The cards are not counted against the game's start: a built situation (a
    # Scenario, from_position) may hold any cards, a hand of five Golds taken from no
    # pile, and the engine needs none of that.  What its arrays need is bounded above:
    # every count, and each player's cards (K_OWN_N <= MAX_DECK, equal to its zones),
    # so no shuffle writes a draw pile past its MAX_DECK slots.
    empty = int(((S[L.SUPPLY:L.SUPPLY + L.N_SLOTS] == 0)
                 & (S[L.IN_SUPPLY:L.IN_SUPPLY + L.N_SLOTS] == 1)).sum())
    k.equal("the count of empty Supply piles (V_EMPTY)", int(S[L.V + L.V_EMPTY]), empty,
            "the Supply has")
    turns = int(S[L.TURNS:L.TURNS + n].sum())
    k.range("the turns taken in all (V_TOTAL_TURNS)", int(S[L.V + L.V_TOTAL_TURNS]), turns,
            int(S[L.V + L.V_TURN_CAP]) * n - 1)


# Each region: (name, first entry, end, its check).  In layout order, contiguous.
Region = tuple[str, int, int, Callable[[_Check], None]]


def _victims_buy_regions() -> tuple[Region, ...]:
    """The rows of plays still affecting a player's buys, one per way
    (layout.VICTIMS_BUY_ROW), each named by the card that declares its way
    (Card.lasting_on_victims_buy): "Haunted Woods attacks", "Swamp Hag attacks"."""
    regions = []
    for way, row in sorted(L.VICTIMS_BUY_ROW.items(), key=lambda item: item[1]):
        name = CARDS[VICTIMS_BUY_CARD[way]].name
        regions.append((f"{name} attacks", row, row + L.MAX_PLAYERS * L.MAX_PLAYERS,
                        partial(_attacks, start=row, what=f"{name} plays")))
    return tuple(regions)


REGIONS: tuple[Region, ...] = (
    ("count zones", L.ZONES, L.SEEN_HAND, _zones),
    ("hook view scratch", L.SEEN_HAND, L.SUPPLY, _scratch),
    ("Supply", L.SUPPLY, L.TRASH, _supply),
    ("trash", L.TRASH, L.IN_SUPPLY, _trash),
    ("in-Supply row", L.IN_SUPPLY, L.PS, _in_supply),
    ("per-player scalars", L.PS, L.V, _player_scalars),
    ("game scalars", L.V, L.ERR, _game_scalars),
    ("error record", L.ERR, L.STACK, _error),
    ("play stack", L.STACK, L.KEEP, _stack),
    # Copies in play marked to stay through the next Cleanup, or for the game (their
    # sums: K_MARKS).
    ("stay-a-turn marks", L.KEEP, L.PERM,
     partial(_marks, start=L.KEEP, what="copies marked to stay a turn")),
    ("stay-the-game marks", L.PERM, L.EFFECTS,
     partial(_marks, start=L.PERM, what="copies marked to stay the game")),
    ("lasting effects", L.EFFECTS, L.NON_SUPPLY, _effects),
    ("upgrade piles", L.NON_SUPPLY, L.HAND_ONTO_DECK_ON, _non_supply),
    *_victims_buy_regions(),
    ("Events bought", L.EV_BOUGHT, L.EV_BOUGHT_TURN, _events_bought),
    ("Events bought this turn", L.EV_BOUGHT_TURN, L.GAINED_IDS, _events_this_turn),
    ("cards gained this turn", L.GAINED_IDS, L.HELD, _gained_ids),
    ("held copies", L.HELD, L.DECK, _held),
    ("draw piles", L.DECK, L.GAME_IDS_N, _draw_piles),
    ("game card ids", L.GAME_IDS_N, L.AGENT, _game_ids),
    ("agents' block", L.AGENT, L.RESUME, _agents_block),
    ("resume frames", L.RESUME, L.AGENT_END, _resume),
    ("secret passes", L.SECRET_N, L.HIDDEN_FIX, _secret_passes),
    ("hooks' hidden-pass scratch", L.HIDDEN_FIX, L.LOG, _hidden_fix),
)


# ----------------------------------------------------------------------------- scalars
def _count(k: _Check, p: int, x: int, what: str) -> None:
    k.range(what, x, 0, MAX_COUNT)


def _flag(k: _Check, p: int, x: int, what: str) -> None:
    k.range(what, x, 0, 1)


def _turns(k: _Check, p: int, x: int, what: str) -> None:
    k.range(what, x, 0, int(k.S[L.V + L.V_TURN_CAP]))


def _disc_top(k: _Check, p: int, x: int, what: str) -> None:
    """-1 for an empty discard pile, else a card in it (sim.engine.zones keeps it so), or
    -1 (not known: a built situation sets the pile, not its top; the engine only
    compares the top with a card and puts it back, Vassal, so -1 is safe)."""
    if int(k.S[L.DISC_N + p]) == 0:
        k.equal(what + " of an empty discard pile", x, -1)
        return
    if x != -1 and not (0 <= x < N_CARDS and k.S[L.DISC0 + p * L.N_SLOTS + x] > 0):
        k.fail(f"{what} is {x}; a card in P{p}'s discard pile")


def _bot(k: _Check, p: int, x: int, what: str) -> None:
    """The row of the game's programs seat p plays: its own (Game.seat_bots)."""
    k.equal(what, x, p, "seat's own bot row is")


def _any_int(k: _Check, p: int, x: int, what: str) -> None:
    """Totals recomputed by :func:`_agreements` (money, VP, types, zone sizes)."""
    k.range(what, x, -MAX_TURN_VALUE, MAX_TURN_VALUE)


def _pile_token(k: _Check, p: int, x: int, what: str) -> None:
    """A token's pile: 0 (none) or a Supply pile's card id + 1."""
    if x == 0:
        return
    c = x - 1
    if not (0 <= c < N_CARDS and k.S[L.IN_SUPPLY + c]):
        k.fail(f"{what} is {x}; 0 or a Supply pile's card id + 1")


def _inherit(k: _Check, p: int, x: int, what: str) -> None:
    """Inheritance's card + 1: 0, or an Action of the game."""
    if x == 0:
        return
    c = x - 1
    if not (0 <= c < N_CARDS and k.in_game[c] and _TYPES[c] & ACTION):
        k.fail(f"{what} is {x}; 0 or an Action card of this game's id + 1")


def _deck_n(k: _Check, p: int, x: int, what: str) -> None:
    if not 0 <= x <= L.MAX_DECK:
        k.fail(f"P{p}'s draw pile holds {x} cards; "
               + ("at least 0" if x < 0 else f"at most {L.MAX_DECK}"))


_K_NAMES = {
    L.K_HAND_N: "hand size", L.K_PLAY_N: "cards in play", L.K_DISC_N: "discard pile size",
    L.K_ASIDE_N: "set-aside count", L.K_MAT_N: "Tavern mat count",
    L.K_GEAR_N: "Gear set-aside count", L.K_SAVE_N: "Save set-aside count",
    L.K_OWN_N: "owned card count", L.K_DECK_N: "draw pile size", L.K_TURNS: "turns",
    L.K_DISC_TOP: "discard pile's top", L.K_BOT: "bot row", L.K_MONEY: "money total",
    L.K_VP: "VP total", L.K_UNKNOWN: "unknown draw pile bottom",
    **{L.K_TYPE0 + b: f"type bit {b} count" for b in range(L.N_TYPE_BITS)},
    L.K_TOK_CARD: "+1 Card token's pile", L.K_TOK_ACTION: "+1 Action token's pile",
    L.K_TOK_BUY: "+1 Buy token's pile", L.K_TOK_COIN: "+$1 token's pile",
    L.K_TOK_COST: "-$2 cost token's pile", L.K_TOK_TRASH: "Trashing token's pile",
    L.K_MINUS_CARD: "-1 Card token", L.K_MINUS_COIN: "-$1 token",
    L.K_JOURNEY_DOWN: "Journey token", L.K_INHERIT: "inherited card",
    L.K_GAINED: "gains this turn", L.K_INHERITANCE_BOUGHT: "Inheritance bought",
    L.K_MARKS: "marked copies", L.K_HELD_N: "held copies",
    L.K_EFFECTS_DUE: "start-of-turn effects waiting",
}

_KEY_OF = {name: key for key, name in _K_NAMES.items()}

#: One check per per-player scalar (K_*), in layout order.
PLAYER_SCALARS: dict[int, Callable[[_Check, int, int, str], None]] = {
    **{z: _count for z in range(L.K_OWN_N + 1)},
    L.K_DECK_N: _deck_n, L.K_TURNS: _turns, L.K_DISC_TOP: _disc_top, L.K_BOT: _bot,
    L.K_MONEY: _any_int, L.K_VP: _any_int, L.K_UNKNOWN: _count,
    **{L.K_TYPE0 + b: _count for b in range(L.N_TYPE_BITS)},
    **{key: _pile_token for key in range(L.K_TOK_CARD, L.K_TOK_TRASH + 1)},
    L.K_MINUS_CARD: _flag, L.K_MINUS_COIN: _flag, L.K_JOURNEY_DOWN: _flag,
    L.K_INHERIT: _inherit, L.K_GAINED: _count,
    L.K_INHERITANCE_BOUGHT: _flag, L.K_MARKS: _count, L.K_HELD_N: _count,
    L.K_EFFECTS_DUE: _count,
}


def _v_range(lo: int, hi: int | Callable[[_Check], int]) -> Callable[[_Check, int, str], None]:
    def check(k: _Check, x: int, what: str) -> None:
        k.range(what, x, lo, hi(k) if callable(hi) else hi)
    return check


def _v_zero(k: _Check, x: int, what: str) -> None:
    k.equal(what, x, 0, "a position holds")


def _v_np(k: _Check, x: int, what: str) -> None:
    """Checked against the game before anything else (:func:`check_position`)."""


def _v_empty(k: _Check, x: int, what: str) -> None:
    k.range(what, x, 0, L.N_SLOTS)      # and equal to the empty piles: _agreements


def _v_cur(k: _Check, x: int, what: str) -> None:
    k.range(what, x, 0, k.n - 1)


def _v_pending(k: _Check, x: int, what: str) -> None:
    """-1, or the card a rule bot chose to gain with its trash (sim.engine.decide)."""
    k.range(what, x, -1, N_CARDS - 1)


def _v_size(k: _Check, x: int, what: str) -> None:
    k.equal(what, x, L.STATE_SIZE, "a position's size is")


def _v_once(k: _Check, x: int, what: str) -> None:
    """A bit per once-a-turn Event bought this turn (its slot's): only the game's Events."""
    allowed = 0
    for e in k.events:
        allowed |= 1 << int(EVENT_SLOT[e])
    if x < 0 or x & ~allowed:
        k.fail(f"{what} is {x}; bits of this game's Events only ({allowed})")


def _v_event(event: int, hi: int) -> Callable[[_Check, int, str], None]:
    """A turn's record of Event ``event`` (Mission, Travelling Fair, Expedition): 0 in a
    game without that Event (a Mission turn in a base game would ask a buy its bots
    cannot answer), else in [0, hi]."""
    def check(k: _Check, x: int, what: str) -> None:
        k.range(what + ("" if event in k.events else f" ({_name(event)} is not an Event "
                        f"of this game)"), x, 0, hi if event in k.events else 0)
    return check


def _v_prev(k: _Check, x: int, what: str) -> None:
    k.range(what, x, -1, k.n - 1)


def _v_this(k: _Check, x: int, what: str) -> None:
    k.range(what, x, -1, N_CARDS - 1)


_V_NAMES = {
    L.V_ACTIONS: "Actions (V_ACTIONS)", L.V_BUYS: "Buys (V_BUYS)", L.V_COINS: "$ (V_COINS)",
    L.V_MERCHANTS: "Merchants played (V_MERCHANTS)",
    L.V_SILVER_PLAYED: "Silver played (V_SILVER_PLAYED)",
    L.V_NP: "player count (V_NP)", L.V_EMPTY: "empty piles (V_EMPTY)",
    L.V_TOTAL_TURNS: "turns taken (V_TOTAL_TURNS)", L.V_LOG_ON: "log flag (V_LOG_ON)",
    L.V_LOG_N: "log rows (V_LOG_N)", L.V_LOG_TRUNC: "log truncated (V_LOG_TRUNC)",
    L.V_GAME: "game number (V_GAME)", L.V_CUR: "current player (V_CUR)",
    L.V_TURN_CAP: "turn cap (V_TURN_CAP)", L.V_PENDING: "pending gain (V_PENDING)",
    L.V_LOG_CAP: "log capacity (V_LOG_CAP)", L.V_DECIDER: "hook's seat (V_DECIDER)",
    L.V_STACK_N: "play stack depth (V_STACK_N)", L.V_SIZE: "state size (V_SIZE)",
    L.V_BOUGHT: "bought this turn (V_BOUGHT)", L.V_ONCE: "Events once a turn (V_ONCE)",
    L.V_MISSION: "Mission turn (V_MISSION)", L.V_MISSION_NEXT: "Mission next (V_MISSION_NEXT)",
    L.V_PREV: "previous turn's seat (V_PREV)", L.V_FAIR: "Travelling Fair (V_FAIR)",
    L.V_EXPEDITIONS: "Expeditions bought (V_EXPEDITIONS)", L.V_THIS: "card resolving (V_THIS)",
    L.V_GONE: "card left play, or why its text runs (V_GONE)", L.V_STAYS: "card stays (V_STAYS)",
    L.V_BRIDGES: "Bridges played this turn (V_BRIDGES)",
    L.V_ACTIONS_PLAYED: "Actions played this turn (V_ACTIONS_PLAYED)",
}

#: One check per game scalar (V_*), in layout order.
GAME_SCALARS: dict[int, Callable[[_Check, int, str], None]] = {
    L.V_ACTIONS: _v_range(0, MAX_TURN_VALUE), L.V_BUYS: _v_range(0, MAX_TURN_VALUE),
    L.V_COINS: _v_range(0, MAX_TURN_VALUE), L.V_MERCHANTS: _v_range(0, MAX_COUNT),
    L.V_SILVER_PLAYED: _v_range(0, 1), L.V_NP: _v_np, L.V_EMPTY: _v_empty,
    L.V_TOTAL_TURNS: _v_range(0, L.MAX_PLAYERS * 100_000),
    L.V_LOG_ON: _v_zero, L.V_LOG_N: _v_zero, L.V_LOG_TRUNC: _v_zero, L.V_GAME: _v_zero,
    L.V_CUR: _v_cur, L.V_TURN_CAP: _v_range(1, 100_000), L.V_PENDING: _v_pending,
    L.V_LOG_CAP: _v_zero, L.V_DECIDER: _v_range(0, L.MAX_PLAYERS - 1),
    L.V_STACK_N: _v_range(0, L.STACK_DEPTH), L.V_SIZE: _v_size,
    L.V_BOUGHT: _v_range(0, 1), L.V_ONCE: _v_once, L.V_MISSION: _v_event(MISSION, 1),
    L.V_MISSION_NEXT: _v_event(MISSION, 1), L.V_PREV: _v_prev,
    L.V_FAIR: _v_event(TRAVELLING_FAIR, 1), L.V_EXPEDITIONS: _v_event(EXPEDITION, MAX_COUNT),
    L.V_THIS: _v_this, L.V_GONE: _v_range(0, L.RUN_ON_BUY),
    L.V_STAYS: _v_range(0, 2), L.V_BRIDGES: _v_range(0, MAX_TURN_VALUE),
    L.V_ACTIONS_PLAYED: _v_range(0, MAX_TURN_VALUE),
}


# ----------------------------------------------------------------------------- entry
def check_streams(R: np.ndarray, where: str) -> None:
    """The random streams: N_STREAMS xoshiro256** states, none all zero (a zero state
    gives zeros forever: its shuffles and draws would never vary)."""
    if R.shape != (L.N_STREAMS, L.RNG_WIDTH):
        raise ValueError(f"{where}: position: the random streams have shape {R.shape}; "
                         f"{(L.N_STREAMS, L.RNG_WIDTH)}")
    dead = np.flatnonzero(~R.any(axis=1))
    if len(dead):
        raise ValueError(f"{where}: position: random stream {int(dead[0])} is all zero "
                         f"(a xoshiro state never is)")


def check_position(S: np.ndarray, R: np.ndarray, T: np.ndarray, n_players: int, *,
                   stopped: bool, where: str = "position", turn_cap: int | None = None,
                   takes: np.ndarray | None = None, agents: Iterable[int] | None = None
                   ) -> None:
    """Raise ValueError (one line) unless ``S``/``R`` is a position the compiled engine
    may be given for the game of table ``T`` with ``n_players`` players.

    ``stopped``: a game stopped at a question (a resampled copy's, version 3), else the
    start of a turn (version 2, from_position).  ``turn_cap``, ``takes`` (the game's
    AG_TAKES row: 1 for each decision agents take) and ``agents`` (its agent seats):
    the game's, checked against the position's where given.  ``where`` starts the
    message.  Reads only; runs no compiled code."""
    S = np.asarray(S)
    if S.ndim != 1 or S.dtype.kind not in "iu" or len(S) < L.STATE_SIZE:
        raise ValueError(f"{where}: position: the state is {S.dtype}[{S.shape}]; an "
                         f"int32 vector of at least {L.STATE_SIZE} entries")
    S = S[:L.STATE_SIZE]
    big = np.flatnonzero(np.abs(S.astype(np.int64)) > np.iinfo(np.int32).max)
    if len(big):
        raise ValueError(f"{where}: position: entry {int(big[0])} is {int(S[big[0]])}, "
                         f"outside int32")
    check_streams(np.asarray(R), where)
    np_ = int(S[L.V + L.V_NP])
    if np_ != n_players:
        raise ValueError(f"{where}: position: its player count (V_NP) is {np_}; the game "
                         f"has {n_players} players")
    k = _Check(S, T, where, stopped, takes, agents)
    if turn_cap is not None:
        k.equal("the turn cap (V_TURN_CAP)", int(S[L.V + L.V_TURN_CAP]), int(turn_cap),
                "the game's header says")
    _game_ids(k)        # the kingdom first: a position of another board says so
    _in_supply(k)
    for _region, _first, _end, check in REGIONS:
        check(k)
    _agreements(k)
