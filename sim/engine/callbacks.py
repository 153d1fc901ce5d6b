"""Python bots: the bridge from the compiled engine back into Python.

A Python bot answers decisions in plain Python.  The engine calls
:func:`py_decide` (through numba's ``objmode``) with the raw state arrays; this
module wraps them in a :class:`View` that exposes only what the deciding
player may know, calls the bot's method, and checks and converts the answer
(:func:`read_answer`: anything but the documented answer types is an error).
Bots are looked up in :data:`REGISTRY` by their slot in the batch's program
table, filled by :mod:`sim.engine.batch` before each compiled call.
"""

from __future__ import annotations

import sys

import numpy as np

from sim.cards import (
    CARDS,
    COST_CUT,
    COST_CUT_CARDS,
    EVENT,
    EVENT_SLOT,
    EVENTS,
    INHERITANCE,
    N_CARDS,
    START_CALL,
    START_HOW,
    START_KIND,
    START_ORDER,
    UnknownCardError,
    card_id,
)
from sim.engine import layout as L
from sim.engine.codes import (
    ANS_MODE,
    ANS_YES_NO,
    BOT_RAISED,
    DECISIONS,
    DOM_BUY,
    DOM_EXACT,
    DOM_GAIN,
    DOM_PILGRIM,
    NO_CARD,
    USE_DEFAULT,
)
from sim.engine.zones import with_ability

REGISTRY: dict[int, object] = {}
LAST_ERROR: list[BaseException] = []
# What the state does not hold about the game being played (the table does): its Events
# and its Traveller upgrade piles, as card ids; set by :func:`set_game`.
GAME: dict[str, tuple[int, ...]] = {"events": (), "upgrades": ()}

# Method called on a Python bot for each decision code; the yes/no decisions, the
# option decisions (how many options; None is -1 where allowed: Quest's "discard
# nothing") and those whose card is taken from a Supply pile.  All from the table of
# decisions (sim.engine.codes.DECISIONS).
METHODS = tuple(d.method for d in DECISIONS)
YES_NO = frozenset(d.method for d in DECISIONS if d.answer == ANS_YES_NO)
MODES = {d.method: len(d.options) for d in DECISIONS if d.answer == ANS_MODE}
FROM_SUPPLY = frozenset(d.method for d in DECISIONS
                        if d.domain in (DOM_GAIN, DOM_EXACT, DOM_BUY, DOM_PILGRIM))


# The tokens a player can put on a pile (layout TOK_CARD + k * MAX_PLAYERS), by name.
TOKENS_ON_PILES = ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2 cost", "Trashing")


def set_game(T: np.ndarray) -> None:
    """Remember the Events and Traveller upgrade piles of the game of table ``T`` (the
    View shows them; the state arrays the engine hands back do not hold them)."""
    events = tuple(int(c) for c in T[L.EVENT_IDS:L.EVENT_IDS + int(T[L.N_EVENTS])])
    upgrades = tuple(int(c) for c in np.flatnonzero(T[L.NON_SUPPLY0:L.NON_SUPPLY0 + N_CARDS]))
    GAME.update(events=events, upgrades=upgrades)


class AnswerError(ValueError):
    """A Python bot's answer that is not one its decision takes (reported as the bot's error)."""


class _lazy:
    """A View attribute computed on first access, then stored on the instance (a plain
    attribute from then on).  Most decisions read two or three of the view's ~45 fields:
    building all of them for every decision was 95% of a Python bot's time."""

    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __get__(self, view, owner=None):
        if view is None:
            return self
        value = self.fn(view)
        view.__dict__[self.name] = value
        return value


# Card ids by exact name: the View's accessors take the names bots write (card_id takes
# any spelling, at a few times the cost).
_ID_BY_NAME = {c.name: c.id for c in CARDS}
_NAMES = [c.name for c in CARDS]
_IS_EVENT = [c.is_type(EVENT) for c in CARDS]


def _cid(name: str | int) -> int:
    if type(name) is int and 0 <= name < N_CARDS:
        return name
    c = _ID_BY_NAME.get(name) if isinstance(name, str) else None
    return card_id(name) if c is None else c


class View:
    """What one player may see when deciding (RULES.md, public and hidden information).

    Counts are dicts {card name: count} without zero entries.  Opponents are
    listed in turn order after this player.  The order of any draw pile and
    other players' hands are not available: every field is read from the public parts
    of the state (and this player's own hand and set-aside cards).  Fields are computed
    on first access and hold the state at the moment of the decision: a view kept past
    its decision keeps those values (it takes a private copy of the state then; reading
    that copy, or anything else past this class's fields, is reading hidden information).

    Adventures (ADVENTURES.md; empty or neutral in other games):

    * ``mat`` / ``opponents_mat``: Tavern mats (public): Reserves, Miser's Coppers,
      Distant Lands.
    * ``gear`` / ``saved``: this player's own cards set aside by Gear (back at the start
      of its next turn) and by Save (back after drawing the next hand); hidden from
      others, so there is no opponents' version.
    * ``held_in_play`` / ``opponents_held_in_play``: the copies in play that stay past
      this turn's Cleanup (Durations with an effect still to come and the cards that
      played them; Hireling and Champion for the game).  ``in_play`` includes them.
    * ``durations_due`` / ``opponents_durations_due``: the start-of-turn effects waiting
      for the player's next turn (or, while it decides ``start_of_turn``, still due this
      turn), {Duration: plays}: every card whose declaration has one (sim.cards
      Card.at_start; Gear's plays that set cards aside, Hireling's for the game).
    * ``token_piles`` / ``opponents_token_piles``: {token: pile name} for the tokens on
      piles ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2 cost", "Trashing"); a token
      not listed is still with its owner.  ``minus_card`` (the -1 Card token is on the
      deck), ``minus_coin`` (the -$1 token is taken), ``journey_up`` (the Journey token
      is face up), ``inherited`` (the card Inheritance set aside, or None: that
      player's Estates have its abilities and types), each with an ``opponents_`` list.
    * ``events``: the Events of this game; buy one by answering ``buy`` with its name
      (:meth:`can_buy` says whether it can be bought now); :meth:`bought` and
      :meth:`bought_this_turn` count the Events bought (the rule terms ``bought`` and
      ``bought_this_turn``); ``non_supply``: the Traveller upgrade piles {name: cards
      left}.
    * ``gained``: the cards this player gained this turn (on its own turn; empty on
      others'), the rule term ``gained``.
    * ``mission_turn``: this is an extra turn from Mission (no cards can be bought;
      Events can).
    * :meth:`cost` is the cost now (Bridge Trolls in play, Estates inheriting Bridge
      Troll included, and the -$2 cost token of the player whose turn it is); Events
      keep their printed cost.
    """

    def __init__(self, S: np.ndarray, p: int, arg: int, decision: int = -1):
        self._state = S
        self.player = int(p)
        self.arg = int(arg)
        self.decision = METHODS[decision] if 0 <= decision < len(METHODS) else None
        self.n_players = int(S[L.V + L.V_NP])

    def _detach(self) -> None:
        """Keep this view's values after its decision: the engine's state array goes on
        changing, so a view the bot kept reads a copy of the state as it was."""
        self._state = self._state[:L.STATE_SIZE].copy()

    def _zone_counts(self, z0: int, q: int | None = None) -> dict[str, int]:
        return _counts(_zone(self._state, z0, self.player if q is None else q))

    @_lazy
    def _order(self) -> list[int]:
        """The other players, in turn order after this one."""
        return [(self.player + k) % self.n_players for k in range(1, self.n_players)]

    # -- this player ---------------------------------------------------------------------
    @_lazy
    def hand(self) -> dict[str, int]:
        return self._zone_counts(L.HAND0)

    @_lazy
    def in_play(self) -> dict[str, int]:
        return self._zone_counts(L.PLAY0)

    @_lazy
    def owned(self) -> dict[str, int]:
        return self._zone_counts(L.OWN0)

    @_lazy
    def money(self) -> int:
        """Total $ of the cards owned (Treasures and +$ Actions): the rule term ``money``."""
        return int(self._state[L.MONEY + self.player])

    @_lazy
    def draw_size(self) -> int:
        return int(self._state[L.DECK_N + self.player])

    @_lazy
    def known_deck_top(self) -> list[str]:
        """Cards on top of the draw pile this player knows (it put them there, or looked at
        them and put them back), top first; the rest of the pile is hidden."""
        S, p, n = self._state, self.player, self.draw_size
        deck = S[L.DECK + p * L.MAX_DECK:L.DECK + p * L.MAX_DECK + n]
        known = max(0, n - int(S[L.UNKNOWN + p]))
        return [_NAMES[int(c)] for c in deck[::-1][:known]]

    @_lazy
    def set_aside(self) -> dict[str, int]:
        """Cards this player is looking at, has revealed or has set aside (Sentry's and
        Bandit's two cards, Library's skipped Actions)."""
        return self._zone_counts(L.ASIDE0)

    @_lazy
    def discard(self) -> dict[str, int] | None:
        """The discard pile, for Harbinger's decision only (Harbinger lets its player look
        through it); otherwise None: only its top card is visible."""
        return self._zone_counts(L.DISC0) if self.decision == "harbinger_topdeck" else None

    @_lazy
    def discard_size(self) -> int:
        return int(self._state[L.DISC_N + self.player])

    @_lazy
    def my_discard_top(self) -> str | None:
        """The top card of this player's discard pile (public, like ``discard_tops``)."""
        return _top(self._state, self.player)

    @_lazy
    def turn(self) -> int:
        return int(self._state[L.TURNS + self.player]) + 1

    @_lazy
    def actions(self) -> int:
        return int(self._state[L.V + L.V_ACTIONS])

    @_lazy
    def buys(self) -> int:
        return int(self._state[L.V + L.V_BUYS])

    @_lazy
    def coins(self) -> int:
        return int(self._state[L.V + L.V_COINS])

    # -- the table -----------------------------------------------------------------------
    @_lazy
    def supply(self) -> dict[str, int]:
        S = self._state
        return {_NAMES[c]: int(S[L.SUPPLY + c]) for c in range(N_CARDS) if S[L.IN_SUPPLY + c]}

    @_lazy
    def trash(self) -> dict[str, int]:
        return _counts(self._state[L.TRASH:L.TRASH + N_CARDS])

    @_lazy
    def opponents_owned(self) -> list[dict[str, int]]:
        return [self._zone_counts(L.OWN0, q) for q in self._order]

    @_lazy
    def opponents_hand_size(self) -> list[int]:
        return [int(self._state[L.HAND_N + q]) for q in self._order]

    @_lazy
    def discard_tops(self) -> list[str | None]:
        return [_top(self._state, q) for q in self._order]

    # -- Adventures (class docstring) ----------------------------------------------------
    @_lazy
    def mat(self) -> dict[str, int]:
        return self._zone_counts(L.MAT0)

    @_lazy
    def opponents_mat(self) -> list[dict[str, int]]:
        return [self._zone_counts(L.MAT0, q) for q in self._order]

    @_lazy
    def gear(self) -> dict[str, int]:
        return self._zone_counts(L.GEAR0)

    @_lazy
    def saved(self) -> dict[str, int]:
        return self._zone_counts(L.SAVE0)

    @_lazy
    def held_in_play(self) -> dict[str, int]:
        return _held(self._state, self.player)

    @_lazy
    def opponents_held_in_play(self) -> list[dict[str, int]]:
        return [_held(self._state, q) for q in self._order]

    @_lazy
    def durations_due(self) -> dict[str, int]:
        return _due(self._state, self.player)

    @_lazy
    def opponents_durations_due(self) -> list[dict[str, int]]:
        return [_due(self._state, q) for q in self._order]

    @_lazy
    def token_piles(self) -> dict[str, str]:
        return _token_piles(self._state, self.player)

    @_lazy
    def opponents_token_piles(self) -> list[dict[str, str]]:
        return [_token_piles(self._state, q) for q in self._order]

    @_lazy
    def minus_card(self) -> bool:
        return bool(self._state[L.MINUS_CARD + self.player])

    @_lazy
    def opponents_minus_card(self) -> list[bool]:
        return [bool(self._state[L.MINUS_CARD + q]) for q in self._order]

    @_lazy
    def minus_coin(self) -> bool:
        return bool(self._state[L.MINUS_COIN + self.player])

    @_lazy
    def opponents_minus_coin(self) -> list[bool]:
        return [bool(self._state[L.MINUS_COIN + q]) for q in self._order]

    @_lazy
    def journey_up(self) -> bool:
        return not self._state[L.JOURNEY_DOWN + self.player]

    @_lazy
    def opponents_journey_up(self) -> list[bool]:
        return [not self._state[L.JOURNEY_DOWN + q] for q in self._order]

    @_lazy
    def inherited(self) -> str | None:
        return _inherited(self._state, self.player)

    @_lazy
    def opponents_inherited(self) -> list[str | None]:
        return [_inherited(self._state, q) for q in self._order]

    @_lazy
    def events(self) -> list[str]:
        return [_NAMES[c] for c in GAME["events"]]

    @_lazy
    def non_supply(self) -> dict[str, int]:
        return {_NAMES[c]: int(self._state[L.NON_SUPPLY + c]) for c in GAME["upgrades"]}

    @_lazy
    def mission_turn(self) -> bool:
        return bool(self._state[L.V + L.V_MISSION])

    @_lazy
    def own_turn(self) -> bool:
        """This player's turn is the one being played."""
        return int(self._state[L.V + L.V_CUR]) == self.player

    @_lazy
    def gained(self) -> dict[str, int]:
        if not self.own_turn:
            return {}
        S, p = self._state, self.player
        n = min(int(S[L.GAINED + p]), L.GAINED_SLOTS)
        ids = S[L.GAINED_IDS + p * L.GAINED_SLOTS:L.GAINED_IDS + p * L.GAINED_SLOTS + n]
        out: dict[str, int] = {}
        for c in ids.tolist():
            out[_NAMES[c]] = out.get(_NAMES[c], 0) + 1
        return out

    # -- questions -----------------------------------------------------------------------
    def count(self, name: str) -> int:
        """Cards of this name the player owns (an Event is never owned: 0)."""
        return int(self._state[L.OWN0 + self.player * L.N_SLOTS + _cid(name)])

    def left(self, name: str) -> int:
        """Cards left in a supply pile (0 for cards not in this game, and for Events,
        which have no pile)."""
        c = _cid(name)
        S = self._state
        return int(S[L.SUPPLY + c]) if S[L.IN_SUPPLY + c] else 0

    def cost(self, name: str) -> int:
        """What the card costs now (sim.engine.zones.cost_of): its printed cost less $1
        per Bridge Troll the player whose turn it is has in play (an Estate inheriting
        Bridge Troll counts) and per Bridge played this turn, less $2 on the pile of
        that player's -$2 cost token, never below $0.  An Event's cost never changes."""
        c = _cid(name)
        k = CARDS[c].cost
        if k <= 0 or _IS_EVENT[c]:
            return k
        S = self._state
        cur = int(S[L.V + L.V_CUR])
        # The engine's own count (sim.engine.zones.cost_cut: an Estate inheriting Bridge
        # Troll is one), run as Python.
        k -= sum(int(COST_CUT[x]) * int(with_ability.py_func(S, cur, L.PLAY0, x))
                 for x in COST_CUT_CARDS)
        k -= int(S[L.V + L.V_BRIDGES])
        if c == int(S[L.TOK_COST + cur]) - 1:
            k -= 2
        return max(k, 0)

    def can_gain(self, name: str, max_cost: int) -> bool:
        """The card's pile is in this game and not empty, and it costs at most
        ``max_cost``.  False for an Event: Events are bought, never gained."""
        c = _cid(name)
        return not _IS_EVENT[c] and self.left(c) > 0 and self.cost(c) <= max_cost

    def can_buy(self, name: str) -> bool:
        """``name`` could be bought now, as a rule's ``Buy`` would: a Buy left, and

        * a card: not on a Mission turn, its pile not empty, affordable;
        * an Event: in this game, affordable (its printed cost), not bought already this
          turn if it is once per turn, Inheritance once per game
          (sim.engine.legality.event_allowed)."""
        c = _cid(name)
        if self.buys <= 0:
            return False
        if not _IS_EVENT[c]:
            return not self.mission_turn and self.can_gain(c, self.coins)
        S = self._state
        if c not in GAME["events"] or CARDS[c].cost > self.coins:
            return False
        if int(S[L.V + L.V_ONCE]) & (1 << int(EVENT_SLOT[c])):
            return False
        return not (c == INHERITANCE and S[L.INHERITANCE_BOUGHT + self.player])

    def bought(self, event: str | None = None) -> int:
        """Times this player bought ``event`` this game (all Events: None), the rule term
        ``bought``."""
        return self._events_bought(L.EV_BOUGHT + self.player * L.EVENT_SLOTS, event)

    def bought_this_turn(self, event: str | None = None) -> int:
        """Times ``event`` (all Events: None) was bought this turn, on this player's own
        turn (0 on others'), the rule term ``bought_this_turn``."""
        return self._events_bought(L.EV_BOUGHT_TURN, event) if self.own_turn else 0

    def _events_bought(self, e0: int, event: str | None) -> int:
        S = self._state
        if event is None:
            return int(S[e0:e0 + len(EVENTS)].sum())     # every Event's slot
        c = _cid(event)
        if not _IS_EVENT[c]:
            raise ValueError(f"{_NAMES[c]} is not an Event (bought counts Events bought)")
        return int(S[e0 + EVENT_SLOT[c]])


def _zone(S: np.ndarray, z0: int, p: int) -> np.ndarray:
    o = z0 + p * L.N_SLOTS
    return S[o:o + N_CARDS]


def _counts(arr) -> dict[str, int]:
    nz = np.flatnonzero(arr)
    return dict(zip([_NAMES[c] for c in nz.tolist()], arr[nz].tolist(), strict=True))


def _top(S: np.ndarray, q: int) -> str | None:
    """The top card of ``q``'s discard pile (public), or None."""
    top = int(S[L.DISC_TOP + q])
    return _NAMES[top] if top >= 0 else None


def _held(S: np.ndarray, p: int) -> dict[str, int]:
    """``p``'s copies in play marked to stay (layout KEEP: through the next Cleanup;
    PERM: for the game)."""
    return _counts(_zone(S, L.KEEP, p) + _zone(S, L.PERM, p))


# The cards whose plays leave a start-of-turn effect (their declarations: Card.at_start).
_DUE = tuple(c for c in START_ORDER if START_HOW[c] & START_KIND != START_CALL)


def _due(S: np.ndarray, p: int) -> dict[str, int]:
    row = _zone(S, L.EFFECTS, p)
    return {CARDS[c].name: int(row[c]) for c in _DUE if row[c] > 0}


def _token_piles(S: np.ndarray, p: int) -> dict[str, str]:
    out = {}
    for k, name in enumerate(TOKENS_ON_PILES):
        pile = int(S[L.TOK_CARD + k * L.MAX_PLAYERS + p]) - 1
        if pile >= 0:
            out[name] = CARDS[pile].name
    return out


def _inherited(S: np.ndarray, p: int) -> str | None:
    c = int(S[L.INHERIT + p]) - 1
    return CARDS[c].name if c >= 0 else None


def read_answer(method: str, answer: object, S: np.ndarray) -> int:
    """The engine's code for a Python bot's answer to decision ``method``.

    Yes/no decisions (:data:`YES_NO`) take True or False, and None for no; every
    other decision takes a card name, a card id (int) or None (nothing / stop);
    every decision takes ``DEFAULT``.  Anything else, and a card to take from a
    pile that is empty or not in the game, raises :class:`AnswerError`.
    """
    if answer is USE_DEFAULT_ANSWER:
        return USE_DEFAULT
    is_bool = isinstance(answer, (bool, np.bool_))
    if method in YES_NO:
        if answer is None:
            return 0
        if is_bool:
            return int(answer)
        raise AnswerError(f"{method} answered {answer!r}: it takes True or False (None = no) "
                          f"or DEFAULT")
    if method in MODES:
        if answer is None:
            return NO_CARD
        if is_bool or not isinstance(answer, (int, np.integer)) or \
                not 0 <= int(answer) < MODES[method]:
            raise AnswerError(f"{method} answered {answer!r}: it takes an option number "
                              f"0..{MODES[method] - 1} or DEFAULT")
        return int(answer)
    if answer is None:
        return NO_CARD
    if is_bool or not isinstance(answer, (str, int, np.integer)):
        raise AnswerError(f"{method} answered {answer!r}: it takes a card name, a card id or "
                          f"None (nothing), or DEFAULT")
    try:
        c = card_id(answer)
    except UnknownCardError as exc:
        raise AnswerError(f"{method} answered {answer!r}: {exc}") from None
    if method == "buy" and CARDS[c].is_type(EVENT):
        return c                  # an Event: the engine checks it is in the game
    if method in FROM_SUPPLY:
        name = CARDS[c].name
        if not S[L.IN_SUPPLY + c]:
            raise AnswerError(f"{method} answered {answer!r} but {name} is not in this game")
        if S[L.SUPPLY + c] <= 0:
            raise AnswerError(f"{method} answered {answer!r} but the {name} pile is empty")
    return c


def py_decide(d: int, p: int, arg: int, S: np.ndarray) -> int:
    """Ask the Python bot in seat ``p`` decision ``d``; a card id, -1, or USE_DEFAULT.

    A method marked ``defers_to_fallback`` (bots.python_bot.PythonBot's, which return
    DEFAULT) is not called: its answer is known, and most decisions of a Python bot are
    ones it leaves to its fallback (every Treasure played, in a money bot)."""
    impl = REGISTRY[int(S[L.BOT + p])]
    name = METHODS[d]
    method = getattr(impl, name, None)
    if method is None or getattr(method, "defers_to_fallback", False):
        return USE_DEFAULT
    try:
        view = View(S, p, arg, d)
        answer = method(view)
        if sys.getrefcount(view) > _VIEW_REFS:    # the bot kept it: keep its values
            view._detach()
        return read_answer(name, answer, S)
    except Exception as exc:  # reported by sim.engine.batch with the bot's name and game
        LAST_ERROR[:] = [exc]
        return BOT_RAISED


# References to a view in py_decide once its bot returned, when the bot kept none: the
# local name and getrefcount's argument.
_VIEW_REFS = 2


class _Default:
    """Sentinel a Python bot returns to let its rule program decide."""

    def __repr__(self) -> str:
        return "DEFAULT"


USE_DEFAULT_ANSWER = _Default()
