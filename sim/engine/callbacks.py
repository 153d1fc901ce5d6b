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

import numpy as np

from sim.cards import (
    AMULET,
    BRIDGE_TROLL,
    CARAVAN_GUARD,
    CARDS,
    DUNGEON,
    EVENT,
    HAUNTED_WOODS,
    HIRELING,
    N_CARDS,
    SWAMP_HAG,
    UnknownCardError,
    card_id,
)
from sim.engine import layout as L
from sim.engine.codes import BOT_RAISED, NO_CARD, USE_DEFAULT
from sim.engine.zones import with_ability

REGISTRY: dict[int, object] = {}
LAST_ERROR: list[BaseException] = []
# What the state does not hold about the game being played (the table does): its Events
# and its Traveller upgrade piles, as card ids; set by :func:`set_game`.
GAME: dict[str, tuple[int, ...]] = {"events": (), "upgrades": ()}

# Method called on a Python bot for each decision code (see sim.engine.codes).
METHODS = (
    "play_action", "play_treasure", "buy", "attack_discard", "reveal_moat", "cellar_discard",
    "remodel_trash", "remodel_gain", "mine_trash", "mine_gain", "workshop_gain",
    "chapel_trash", "moneylender_trash", "harbinger_topdeck", "vassal_play",
    "bureaucrat_topdeck", "poacher_discard", "throne_room", "bandit_trash",
    "library_set_aside", "sentry_trash", "sentry_discard", "sentry_top", "artisan_gain",
    "artisan_topdeck",
    # Adventures (sim.engine.codes D_START ...).
    "start_of_turn", "after_action", "exchange_traveller", "caravan_guard_react",
    "duplicate_call", "amulet_mode", "amulet_trash", "dungeon_discard", "gear_set_aside",
    "ratcatcher_trash", "transmogrify_trash", "transmogrify_gain", "teacher_token",
    "token_pile", "raze_trash", "raze_keep", "messenger_deck", "messenger_gain", "miser_mode",
    "artificer_discard", "artificer_gain", "storyteller_play", "wine_merchant_discard",
    "hero_gain", "fugitive_discard", "disciple_play", "topdeck_order", "trashing_token_trash",
    "alms_gain", "quest_mode", "quest_discard", "save_set_aside", "scouting_party_discard",
    "travelling_fair_topdeck", "bonfire_trash", "pilgrimage_gain", "ball_gain", "seaway_gain",
    "trade_trash", "inheritance_set_aside",
)
# Decisions answered yes or no; every other one is answered with a card (or None).
YES_NO = frozenset({"reveal_moat", "moneylender_trash", "vassal_play", "library_set_aside",
                    "exchange_traveller", "caravan_guard_react", "duplicate_call",
                    "messenger_deck", "wine_merchant_discard", "travelling_fair_topdeck"})
# Decisions answered with the number of an option (sim.engine.codes gives each list);
# None is -1 (Quest: discard nothing).
MODES = {"amulet_mode": 3, "teacher_token": 4, "miser_mode": 2, "quest_mode": 3}
# Decisions whose card is taken from a supply pile.
FROM_SUPPLY = frozenset({"buy", "remodel_gain", "mine_gain", "workshop_gain", "artisan_gain",
                         "transmogrify_gain", "messenger_gain", "artificer_gain", "hero_gain",
                         "alms_gain", "pilgrimage_gain", "ball_gain", "seaway_gain",
                         "inheritance_set_aside"})


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


class View:
    """What one player may see when deciding (RULES.md, public and hidden information).

    Counts are dicts {card name: count} without zero entries.  Opponents are
    listed in turn order after this player.  The order of any draw pile and
    other players' hands are not available: the view is built from the
    public parts of the state only, and is a copy.

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
      turn), {Duration: plays}: Amulet, Bridge Troll, Caravan Guard, Dungeon, Haunted
      Woods, Swamp Hag; and Hireling (+1 Card each turn per play, for the game).
    * ``token_piles`` / ``opponents_token_piles``: {token: pile name} for the tokens on
      piles ("+1 Card", "+1 Action", "+1 Buy", "+$1", "-$2 cost", "Trashing"); a token
      not listed is still with its owner.  ``minus_card`` (the -1 Card token is on the
      deck), ``minus_coin`` (the -$1 token is taken), ``journey_up`` (the Journey token
      is face up), ``inherited`` (the card Inheritance set aside, or None: that
      player's Estates have its abilities and types), each with an ``opponents_`` list.
    * ``events``: the Events of this game (buy one by answering ``buy`` with its name);
      ``non_supply``: the Traveller upgrade piles {name: cards left}.
    * ``mission_turn``: this is an extra turn from Mission (no cards can be bought).
    * :meth:`cost` is the cost now (Bridge Trolls in play, Estates inheriting Bridge Troll
      included, and the -$2 cost token of the player whose turn it is); Events keep
      their printed cost.
    """

    def __init__(self, S: np.ndarray, p: int, arg: int, decision: int = -1):
        n = int(S[L.V + L.V_NP])
        self.player = int(p)
        self.arg = int(arg)
        self.decision = METHODS[decision] if 0 <= decision < len(METHODS) else None
        self.n_players = n
        self.hand = _counts(_zone(S, L.HAND0, p))
        self.in_play = _counts(_zone(S, L.PLAY0, p))
        self.owned = _counts(_zone(S, L.OWN0, p))
        self.draw_size = int(S[L.DECK_N + p])
        # Cards on top of the draw pile this player knows (it put them there, or looked
        # at them and put them back), top first; the rest of the pile is hidden.
        deck = S[L.DECK + p * L.MAX_DECK:L.DECK + p * L.MAX_DECK + self.draw_size]
        known = max(0, self.draw_size - int(S[L.UNKNOWN + p]))
        self.known_deck_top = [CARDS[int(c)].name for c in deck[::-1][:known]]
        # Cards this player is looking at, has revealed or has set aside (Sentry's and
        # Bandit's two cards, Library's skipped Actions).
        self.set_aside = _counts(_zone(S, L.ASIDE0, p))
        # Harbinger lets its player look through the discard pile; otherwise only its
        # top card is visible.
        self.discard = (_counts(_zone(S, L.DISC0, p)) if self.decision == "harbinger_topdeck"
                        else None)
        self.discard_size = int(S[L.DISC_N + p])
        top = int(S[L.DISC_TOP + p])
        self.my_discard_top = CARDS[top].name if top >= 0 else None  # public, like discard_tops
        self.supply = {CARDS[c].name: int(S[L.SUPPLY + c]) for c in range(N_CARDS)
                       if S[L.IN_SUPPLY + c]}
        self.trash = _counts(S[L.TRASH:L.TRASH + N_CARDS])
        self.turn = int(S[L.TURNS + p]) + 1
        self.actions = int(S[L.V + L.V_ACTIONS])
        self.buys = int(S[L.V + L.V_BUYS])
        self.coins = int(S[L.V + L.V_COINS])
        order = [(p + k) % n for k in range(1, n)]
        self.opponents_owned = [_counts(_zone(S, L.OWN0, q)) for q in order]
        self.opponents_hand_size = [int(S[L.HAND_N + q]) for q in order]
        self.discard_tops = [CARDS[int(S[L.DISC_TOP + q])].name if S[L.DISC_TOP + q] >= 0
                             else None for q in order]
        # Adventures (class docstring).
        self.mat = _counts(_zone(S, L.MAT0, p))
        self.opponents_mat = [_counts(_zone(S, L.MAT0, q)) for q in order]
        self.gear = _counts(_zone(S, L.GEAR0, p))
        self.saved = _counts(_zone(S, L.SAVE0, p))
        self.held_in_play = _held(S, p)
        self.opponents_held_in_play = [_held(S, q) for q in order]
        self.durations_due = _due(S, p)
        self.opponents_durations_due = [_due(S, q) for q in order]
        self.token_piles = _token_piles(S, p)
        self.opponents_token_piles = [_token_piles(S, q) for q in order]
        self.minus_card = bool(S[L.MINUS_CARD + p])
        self.opponents_minus_card = [bool(S[L.MINUS_CARD + q]) for q in order]
        self.minus_coin = bool(S[L.MINUS_COIN + p])
        self.opponents_minus_coin = [bool(S[L.MINUS_COIN + q]) for q in order]
        self.journey_up = not S[L.JOURNEY_DOWN + p]
        self.opponents_journey_up = [not S[L.JOURNEY_DOWN + q] for q in order]
        self.inherited = _inherited(S, p)
        self.opponents_inherited = [_inherited(S, q) for q in order]
        self.events = [CARDS[c].name for c in GAME["events"]]
        self.non_supply = {CARDS[c].name: int(S[L.NON_SUPPLY + c]) for c in GAME["upgrades"]}
        self.mission_turn = bool(S[L.V + L.V_MISSION])
        cur = int(S[L.V + L.V_CUR])
        # The engine's own count (an Estate inheriting Bridge Troll is one), run as Python.
        self._trolls = int(with_ability.py_func(S, cur, L.PLAY0, BRIDGE_TROLL))
        self._cost_token = int(S[L.TOK_COST + cur]) - 1

    def count(self, name: str) -> int:
        """Cards of this name the player owns."""
        return self.owned.get(CARDS[card_id(name)].name, 0)

    def left(self, name: str) -> int:
        """Cards left in a supply pile (0 for cards not in this game)."""
        return self.supply.get(CARDS[card_id(name)].name, 0)

    def cost(self, name: str) -> int:
        """What the card costs now (sim.engine.zones.cost_of): its printed cost less $1
        per Bridge Troll the player whose turn it is has in play, less $2 on the pile of
        that player's -$2 cost token, never below $0.  An Event's cost never changes."""
        c = card_id(name)
        k = CARDS[c].cost
        if k <= 0 or CARDS[c].is_type(EVENT):
            return k
        k -= self._trolls + (2 if c == self._cost_token else 0)
        return max(k, 0)

    def can_gain(self, name: str, max_cost: int) -> bool:
        """The card's pile is in this game and not empty, and it costs at most ``max_cost``."""
        return self.left(name) > 0 and self.cost(name) <= max_cost

    def can_buy(self, name: str) -> bool:
        """The card could be bought now: a Buy left, its pile not empty, affordable."""
        return self.buys > 0 and self.can_gain(name, self.coins)


def _zone(S: np.ndarray, z0: int, p: int) -> np.ndarray:
    o = z0 + p * L.N_SLOTS
    return S[o:o + N_CARDS]


def _counts(arr) -> dict[str, int]:
    return {CARDS[c].name: int(arr[c]) for c in np.flatnonzero(arr)}


def _held(S: np.ndarray, p: int) -> dict[str, int]:
    """``p``'s copies in play marked to stay (layout KEEP: through the next Cleanup;
    PERM: for the game)."""
    return _counts(_zone(S, L.KEEP, p) + _zone(S, L.PERM, p))


_DUE = ((L.NEXT_AMULET, AMULET), (L.NEXT_TROLL, BRIDGE_TROLL), (L.NEXT_GUARD, CARAVAN_GUARD),
        (L.NEXT_DUNGEON, DUNGEON), (L.NEXT_WOODS, HAUNTED_WOODS), (L.NEXT_HAG, SWAMP_HAG),
        (L.HIRELINGS, HIRELING))


def _due(S: np.ndarray, p: int) -> dict[str, int]:
    return {CARDS[c].name: int(S[at + p]) for at, c in _DUE if S[at + p] > 0}


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
    """Ask the Python bot in seat ``p`` decision ``d``; a card id, -1, or USE_DEFAULT."""
    impl = REGISTRY[int(S[L.BOT + p])]
    name = METHODS[int(d)]
    method = getattr(impl, name, None)
    if method is None:
        return USE_DEFAULT
    try:
        return read_answer(name, method(View(S, int(p), int(arg), int(d))), S)
    except Exception as exc:  # reported by sim.engine.batch with the bot's name and game
        LAST_ERROR[:] = [exc]
        return BOT_RAISED


class _Default:
    """Sentinel a Python bot returns to let its rule program decide."""

    def __repr__(self) -> str:
        return "DEFAULT"


USE_DEFAULT_ANSWER = _Default()
