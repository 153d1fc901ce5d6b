"""The card table: every card the engine knows, as plain data.

The compiled engine never sees card names; it sees integer ids and the
columns of :func:`card_table` (cost, types, +Cards, +Actions, +Buys, +$, VP and
a ``special`` code for text that is more than counters).  Each expansion's
rows are one module here (:mod:`sim.cards.base`), registered in order by
:mod:`sim.cards.sets`.  Adding a card whose text is
only counters (Festival, Laboratory) is one row; a card with real text also
gets its own function in the expansion's module of the engine
(:mod:`sim.engine.base_set`), found by its ``special`` code; docs/how-to/add-a-card.md
follows one card through every file it touches.

Ids are stable: results files, bot programs and logs store them, so new
cards are appended, never inserted.
"""

from __future__ import annotations

import numpy as np

from sim.cards import decisions as _decisions
from sim.cards import sets as _sets
from sim.cards import types as _types
from sim.cards.base import COPPER, CURSE, DUCHY, ESTATE, GOLD, PROVINCE, SILVER
from sim.cards.types import (
    DURATION,
    EVENT,
    LASTS_GAME,
    LASTS_NEXT_TURN,
    REACTION,
    RESERVE,
    SET_BASE,
    Card,
    CardSet,
)


def _reexport(*modules) -> None:
    """Make each expansion's and the types' public upper-case names (card ids, tuples
    such as FIRST_GAME, type bits; not the decisions they declare, nor their words) names of this
    package, so ``from sim.cards import X`` reaches any of them: a new card's constant
    needs no line here.  Two modules giving one name two values is an error."""
    skip = set(vars(_decisions))
    seen: dict[str, object] = {}
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("_") or not name.isupper() or name in skip or \
                    isinstance(value, (_decisions.Decision, CardSet)):  # SETS has those
                continue
            if name in seen and seen[name] is not value and seen[name] != value:
                raise ValueError(f"sim.cards: {name} is given by two modules")
            seen[name] = value
    globals().update(seen)


# Each set's rows live in their own module, registered in one order (sim.cards.sets: the
# built-in sets, then any DOMSIM_CARD_SETS adds); ids are stable (results files, bot
# programs and logs store them), so new cards are appended, never inserted.
SETS: tuple[CardSet, ...] = _sets.register_all()
# Re-exported: every set's ids and lists, and the types' names.
_reexport(_types, *_sets.registered_modules())

CARDS: tuple[Card, ...] = tuple(c for s in SETS for c in s.cards)
assert all(c.id == i for i, c in enumerate(CARDS)), "card ids must be 0, 1, 2, ... in order"

N_CARDS = len(CARDS)
# Every name a card is printed under (Card.also: Harem is Farm too), lower case.
BY_NAME = {name.lower(): c for c in CARDS for name in (c.name, *c.also)}

# What each set's cards need of the engine beyond the base game's turn: True, the
# Adventures turn (sim.engine.adventures.turn, with its rule bot's answers, start-of-turn
# window, Tavern mat, tokens and Events).  A game runs it when any of its cards or Events
# needs it (sim.engine.state.make_table: T_ADV); each set declares its own
# (CardSet.adventures_turn).
ADVENTURES_TURN = {s.name: s.adventures_turn for s in SETS}


def needs_adventures_turn(cards: tuple[Card, ...],
                          sets: dict[str, bool] = ADVENTURES_TURN) -> tuple[bool, ...]:
    """Whether a game with each card runs the Adventures turn: where its set declares so,
    and wherever the card's own declaration needs that turn's machinery whatever its set
    (an Event is bought there; a Reserve goes to the Tavern mat; a card whose plays last
    or that acts at the start of a turn needs the start-of-turn window)."""
    unknown = sorted({c.set for c in cards} - set(sets))
    if unknown:
        raise ValueError(f"cards of undeclared sets {unknown} (sim.cards.ADVENTURES_TURN)")
    return tuple(sets[c.set] or bool(c.lasts) or c.at_start is not None
                 or c.is_type(EVENT | RESERVE | DURATION) for c in cards)


def event_slots(cards: tuple[Card, ...]) -> tuple[tuple[int, ...], np.ndarray]:
    """Every Event of ``cards`` (by its type) in id order, and each card's slot in the
    state's per-Event counters (sim.engine.layout EV_BOUGHT, EV_BOUGHT_TURN and the bits of
    V_ONCE): an Event's place among the Events, so a new set's Events take the next slots
    and no slot moves; -1 for a card that is not an Event."""
    events = tuple(c.id for c in cards if c.is_type(EVENT))
    slot = np.full(len(cards), -1, np.int32)
    slot[list(events)] = np.arange(len(events))
    bad = [c.name for c in cards if c.once_per_turn and not c.is_type(EVENT)]
    if bad:
        raise ValueError(f"once per turn, but not Events: {', '.join(bad)}")
    return events, slot


# How a card takes part in its owner's start-of-turn window, as the engine reads it
# (sim.engine.layout START_HOW): an effect that resolves once per play waiting (a
# Duration), once for all its plays (Gear's cards come back together; Hireling draws a card
# per Hireling), or a Reserve called from the mat; the window logs an effect as one row
# unless the effect logs its own (START_LOGGED); an effect lasting the game resolves once
# every turn and stays (START_EVERY_TURN), a next turn's leaves with its plays.
START_EACH_PLAY, START_ALL_PLAYS, START_CALL = 1, 2, 3
START_KIND = 3                  # the bits of the kind
START_LOGGED = 4
START_EVERY_TURN = 8
START_TEXT = 16                 # the card's function does (the rest of) the effect
# How long a play's effect stays in force, as the engine reads it (LASTS below).
LASTS_CODES = {"": 0, LASTS_NEXT_TURN: 1, LASTS_GAME: 2}


def start_of_turn_order(cards: tuple[Card, ...]) -> tuple[tuple[int, ...], np.ndarray]:
    """The cards with a part in the start-of-turn window (Card.at_start), in its default
    order (StartOfTurn.rank), and each card's START_* code (0: none).  Checks what the
    engine relies on: ranks are unique (the order is one order); an effect belongs to a
    card whose plays last (Card.lasts) and a call to a Reserve; a play's effect lasts
    only if the card is a Duration; at most one card has an effect that lasts the game
    and resolves every turn (the window marks it resolved with one flag, V_STAYS)."""
    ranked = [c for c in cards if c.at_start is not None]
    ranks = [c.at_start.rank for c in ranked]
    if len(set(ranks)) != len(ranks):
        raise ValueError("start-of-turn ranks must be unique: "
                         + ", ".join(f"{c.name} {c.at_start.rank}" for c in ranked))
    how = np.zeros(len(cards), np.int32)
    for c in cards:
        if c.lasts not in LASTS_CODES:
            raise ValueError(f"{c.name}: lasts {c.lasts!r}; one of {sorted(LASTS_CODES)}")
        if bool(c.lasts) != c.is_type(DURATION):
            raise ValueError(f"{c.name}: a play's effect lasts exactly when the card is a "
                             f"Duration (lasts {c.lasts!r})")
        s = c.at_start
        if s is None:
            continue
        if s.call:
            if not c.is_type(RESERVE):
                raise ValueError(f"{c.name}: only a Reserve is called at the start of a turn")
            how[c.id] = START_CALL
            continue
        if not c.lasts:
            raise ValueError(f"{c.name}: a start-of-turn effect needs plays that last")
        if not (s.draw or s.coins or s.buys or s.text):
            raise ValueError(f"{c.name}: a start-of-turn effect does nothing (no counters, "
                             f"no text)")
        how[c.id] = ((START_EACH_PLAY if s.each_play else START_ALL_PLAYS)
                     | (START_LOGGED if s.logged else 0)
                     | (START_EVERY_TURN if c.lasts == LASTS_GAME else 0)
                     | (START_TEXT if s.text else 0))
    every_turn = [c.name for c in ranked if c.lasts == LASTS_GAME and not c.at_start.call]
    if len(every_turn) > 1:
        raise ValueError(f"at most one card with a start-of-turn effect for the game (the "
                         f"window's V_STAYS flag): {', '.join(every_turn)}")
    order = tuple(c.id for c in sorted(ranked, key=lambda c: c.at_start.rank))
    return order, how


def _column_of(cards: tuple[Card, ...], attr: str) -> np.ndarray:
    """Each card's ``attr``, by id, as the engine's int32 column."""
    return np.array([int(getattr(c, attr)) for c in cards], np.int32)


NEEDS_ADVENTURES_TURN = needs_adventures_turn(CARDS)
START_ORDER, START_HOW = start_of_turn_order(CARDS)

# What the reaction window to an Attack does with a Reaction its holder uses, as the
# engine reads it (REACT_HOW; 0: the card does not react to an Attack), from Reacts.does.
REACT_HOW_PLAY, REACT_HOW_REVEAL, REACT_HOW_UNAFFECTED = 1, 2, 3
REACT_HOW_CODES = {_types.REACT_PLAY: REACT_HOW_PLAY, _types.REACT_REVEAL: REACT_HOW_REVEAL,
                   _types.REACT_UNAFFECTED: REACT_HOW_UNAFFECTED}


def reaction_window(cards: tuple[Card, ...]) -> tuple[tuple[int, ...], np.ndarray]:
    """The cards that react when another player plays an Attack (Card.reacts), in the
    window's order (Reacts.rank), and each card's REACT_HOW_* code (0: none).  Checks what
    the engine relies on: every Reaction declares when it reacts, and only a Reaction
    does; ranks are unique (the order is one order); the Reactions that leave their holder
    unaffected rank after the others (the window offers them once, last); and at most one
    card reacts each way (the window's resume sites name one card of each way:
    sim.engine.adventures.mechanics ATTACKED_AT_*)."""
    silent = [c.name for c in cards if c.is_type(REACTION) and c.reacts is None]
    if silent:
        raise ValueError(f"Reactions that declare no timing (Card.reacts): {', '.join(silent)}")
    odd = [c.name for c in cards if c.reacts is not None and not c.is_type(REACTION)]
    if odd:
        raise ValueError(f"reacts, but not Reactions: {', '.join(odd)}")
    window = [c for c in cards if c.reacts is not None
              and c.reacts.when == _types.REACTS_TO_ATTACK]
    ranks = [c.reacts.rank for c in window]
    if len(set(ranks)) != len(ranks):
        raise ValueError("reaction window ranks must be unique: "
                         + ", ".join(f"{c.name} {c.reacts.rank}" for c in window))
    window.sort(key=lambda c: c.reacts.rank)
    how = np.zeros(len(cards), np.int32)
    for c in window:
        if c.reacts.does not in REACT_HOW_CODES:
            raise ValueError(f"{c.name}: reacts doing {c.reacts.does!r}; one of "
                             f"{sorted(REACT_HOW_CODES)}")
        how[c.id] = REACT_HOW_CODES[c.reacts.does]
    codes = [int(how[c.id]) for c in window]
    if codes != sorted(codes, key=lambda k: k == REACT_HOW_UNAFFECTED):
        raise ValueError("a Reaction that leaves its holder unaffected ranks after the others "
                         "(the window offers it last): "
                         + ", ".join(f"{c.name} {c.reacts.rank}" for c in window))
    for does, code in REACT_HOW_CODES.items():
        same = [c.name for c in window if how[c.id] == code]
        if len(same) > 1:
            raise ValueError(f"at most one card reacts to an Attack doing {does!r} (the "
                             f"window's resume sites name one): {', '.join(same)}")
    return tuple(c.id for c in window), how


#: The cards that react when another player plays an Attack, in the window's order, and
#: what the window does with each (REACT_HOW_*, by id).
ATTACK_REACTIONS, REACT_HOW = reaction_window(CARDS)


def reserve_calls(cards: tuple[Card, ...]) -> tuple[tuple[int, ...], tuple[int, ...],
                                                     np.ndarray, np.ndarray, np.ndarray]:
    """The Reserves called after an Action, in the window's order, and those called on a
    gain (Card.called), with each card's call effects by id (Card.call_actions,
    call_replays, call_copy_up_to: 0, 0, -1 for a card with none).

    The after-Action window's order is the order a rule bot weighs its calls in
    (sim.engine.adventures.decide.after_action_call): calls that leave the window open
    (their +Actions) before those that replay the Action (the replay closes it, so a
    call that could come first would be lost), then by id: Coin of the Realm, then
    Royal Carriage, the order the window had when it named them."""
    after = sorted((c for c in cards if c.called == _types.CALLED_AFTER_ACTION),
                   key=lambda c: (c.call_replays, c.id))
    on_gain = [c for c in cards if c.called == _types.CALLED_ON_GAIN]
    return (tuple(c.id for c in after), tuple(c.id for c in on_gain),
            _column_of(cards, "call_actions"), _column_of(cards, "call_replays"),
            _column_of(cards, "call_copy_up_to"))


#: The Reserves called after an Action (in the window's order) and on a gain, and what
#: each card's call does, by id.
AFTER_ACTION_CALLS, ON_GAIN_CALLS, CALL_ACTIONS, CALL_REPLAYS, CALL_COPY_UP_TO = \
    reserve_calls(CARDS)
#: The Reserves whose call replays an Action (Royal Carriage).
REPLAYING_CALLS = tuple(c for c in AFTER_ACTION_CALLS if CALL_REPLAYS[c])


def end_of_buy_discards(cards: tuple[Card, ...]) -> tuple[tuple[int, ...], np.ndarray]:
    """The Reserves discarded from the mat at the end of the Buy phase, in id order (the
    order the turn offers them), and the $ unspent each needs, by id
    (Card.end_of_buy_discard_coins; -1 for the other cards)."""
    return (tuple(c.id for c in cards if c.end_of_buy_discard_coins >= 0),
            _column_of(cards, "end_of_buy_discard_coins"))


#: The Reserves discarded from the mat at the end of the Buy phase (Wine Merchant), and
#: the $ unspent each needs, by id.
END_OF_BUY_DISCARDS, END_OF_BUY_DISCARD_COINS = end_of_buy_discards(CARDS)


def victims_buy_cards(cards: tuple[Card, ...]) -> dict[str, int]:
    """The card whose lasting plays act each way on a buy by a player they affect
    (Card.lasting_on_victims_buy), by way.  One card a way: the state counts such plays in
    one row per way (sim.engine.layout VICTIMS_BUY_ROW) and the log names the card that
    did it, so a second card of the same way would be taken for the first."""
    card_of: dict[str, int] = {}
    for c in cards:
        w = c.lasting_on_victims_buy
        if w in card_of:
            raise ValueError(f"{c.name}: lasting_on_victims_buy={w!r}, as "
                             f"{cards[card_of[w]].name}'s: one card a way (its row of plays)")
        if w:
            card_of[w] = c.id
    return card_of


#: The card whose lasting plays act each way on a victim's buy (Haunted Woods: the hand
#: onto the deck; Swamp Hag: a Curse), by way.
VICTIMS_BUY_CARD = victims_buy_cards(CARDS)


def lasting_effects(cards: tuple[Card, ...]) -> tuple[np.ndarray, tuple[int, ...],
                                                      tuple[int, ...]]:
    """Each card's +Actions per Action played while its plays last
    (Card.lasting_actions_per_action, by id), and the cards whose lasting plays give such
    Actions or leave their owner unaffected by Attacks (Card.lasting_unaffected)."""
    return (_column_of(cards, "lasting_actions_per_action"),
            tuple(c.id for c in cards if c.lasting_actions_per_action),
            tuple(c.id for c in cards if c.lasting_unaffected))


#: What a card's plays do while they last, by id, and the cards whose lasting plays give
#: Actions per Action played or leave their owner unaffected by Attacks (Champion).
LASTING_ACTIONS_PER_ACTION, LASTING_ACTIONS_CARDS, LASTING_UNAFFECTED_CARDS = \
    lasting_effects(CARDS)


def traveller_lines(cards: tuple[Card, ...]) -> tuple[dict[int, int], dict[int, tuple[int, ...]],
                                                      tuple[int, ...]]:
    """Each Traveller's next card (Card.exchange_for, by id), each line's cards after its
    first (the upgrade piles the first brings into a game), and the order Cleanup offers
    the exchanges in: each line from its top, so that a card one exchange returns to its
    pile is there for the exchange below it (ADVENTURES.md §2.5), the lines in falling
    order of their first card's id (Peasant's, then Page's: the order games have always
    asked in, which same-seed games keep).  Checks that every next card is a card and
    that no line loops or branches."""
    by_name = {c.name: c.id for c in cards}
    unknown = [f"{c.name} -> {c.exchange_for}" for c in cards
               if c.exchange_for and c.exchange_for not in by_name]
    if unknown:
        raise ValueError(f"exchange_for names no card: {', '.join(unknown)}")
    exchange_for = {c.id: by_name[c.exchange_for] for c in cards if c.exchange_for}
    targets = list(exchange_for.values())
    if len(set(targets)) != len(targets):
        raise ValueError("two Travellers are exchanged for one card: "
                         + ", ".join(cards[c].name for c in exchange_for))
    lines: dict[int, tuple[int, ...]] = {}
    for first in (c for c in exchange_for if c not in targets):
        line = [exchange_for[first]]
        while line[-1] in exchange_for:
            line.append(exchange_for[line[-1]])
        lines[first] = tuple(line)
    if sum(len(line) for line in lines.values()) != len(exchange_for):
        raise ValueError("a Traveller line loops (exchange_for comes back to its card)")
    order = tuple(t for first in sorted(lines, reverse=True)
                  for t in reversed((first, *lines[first][:-1])))
    return exchange_for, lines, order


#: Each Traveller's next card, each line's upgrades by its first card (Page: Treasure
#: Hunter ... Champion), and the Travellers in the order Cleanup offers their exchanges.
EXCHANGE_FOR, TRAVELLER_LINES, EXCHANGE_ORDER = traveller_lines(CARDS)
#: What happens on a gain or a buy because of the card gained or bought (Lost City's
#: draws, Port's second Port): the cards that declare it, which the engine compiles in.
GAIN_DRAW_CARDS = tuple(c.id for c in CARDS if c.on_gain_others_draw)
GAIN_DRAWS = _column_of(CARDS, "on_gain_others_draw")
BUY_GAINS_COPY_CARDS = tuple(c.id for c in CARDS if c.on_buy_gains_copy)
#: The cards whose buy runs their on-buy text (Card.on_buy_text: Messenger), and whether
#: each runs it only on its buyer's first buy of the turn (by place in the tuple).
BUY_TEXT_CARDS = tuple(c.id for c in CARDS if c.on_buy_text)
BUY_TEXT_FIRST_ONLY = tuple(CARDS[c].on_buy_text == _types.BOUGHT_FIRST for c in BUY_TEXT_CARDS)
#: The cards that lower every cost while in play (Bridge Troll) and those worth VP on the
#: Tavern mat (Distant Lands), with how much, by id (Card.cost_cut_in_play, vp_on_mat).
COST_CUT_CARDS = tuple(c.id for c in CARDS if c.cost_cut_in_play)
COST_CUT = _column_of(CARDS, "cost_cut_in_play")
MAT_VP_CARDS = tuple(c.id for c in CARDS if c.vp_on_mat)
MAT_VP = _column_of(CARDS, "vp_on_mat")
#: Each card's pile size whatever the player count (Card.pile_size; 0: the usual rule).
PILE_SIZE = _column_of(CARDS, "pile_size")


def start_counters(cards: tuple[Card, ...]) -> tuple[np.ndarray, ...]:
    """Each card's start-of-turn counters per play resolved (StartOfTurn.draw, coins,
    buys; 0 for a card with none), and how long its plays last (LASTS_CODES)."""
    counters = tuple(np.array([getattr(c.at_start, k) if c.at_start else 0 for c in cards],
                              np.int32) for k in ("draw", "coins", "buys"))
    return (*counters, np.array([LASTS_CODES[c.lasts] for c in cards], np.int32))


START_DRAW, START_COINS, START_BUYS, LASTS = start_counters(CARDS)

EVENTS, EVENT_SLOT = event_slots(CARDS)
# The cards whose piles are outside the Supply (their emptiness never ends a game): the
# Traveller upgrades, the cards a Traveller is exchanged for.
UPGRADES = tuple(sorted(EXCHANGE_FOR.values()))

BASIC_CARDS = (COPPER, SILVER, GOLD, ESTATE, DUCHY, PROVINCE, CURSE)
# Supply kingdom cards only: not the Traveller upgrades (non-Supply piles) nor Events.
KINGDOM_CARDS = tuple(c.id for c in CARDS
                      if c.id not in BASIC_CARDS and c.id not in UPGRADES and c.id not in EVENTS)
BASE_KINGDOM = tuple(c for c in KINGDOM_CARDS if CARDS[c].set == SET_BASE)
# Each set's Supply kingdom cards, by the word that names the set (``random:WORD``
# kingdoms, ``domsim cards WORD``).
SET_KINGDOMS = {s.word: tuple(c for c in KINGDOM_CARDS if CARDS[c].set == s.name)
                for s in SETS}


class UnknownCardError(ValueError):
    """A card name that the engine does not know."""


def kingdom_word(name: str) -> str:
    """A name as one lower-case word (``The Plot Thickens`` -> ``the-plot-thickens``): how
    a recommended kingdom is named on a command line."""
    return "-".join(name.lower().replace("_", " ").replace("-", " ").split())


def _named_kingdoms(sets: tuple[CardSet, ...]) -> dict[str, tuple[str, tuple[int, ...],
                                                                    tuple[int, ...]]]:
    """The sets' recommended kingdoms by word: (printed name, card ids, Event ids), each
    checked (10 kingdom cards, Events that are Events)."""
    out = {}
    for card_set in sets:
        for name, cards, events in card_set.kingdoms:
            ids = tuple(sorted(BY_NAME[c.lower()].id for c in cards))
            ev = tuple(BY_NAME[e.lower()].id for e in events)
            if len(set(ids)) != 10 or not all(i in KINGDOM_CARDS for i in ids) or \
                    not all(CARDS[e].is_type(EVENT) for e in ev):
                raise ValueError(f"{card_set.name}: recommended kingdom {name!r} is not 10 "
                                 f"kingdom cards and Events")
            out[kingdom_word(name)] = (name, ids, ev)
    return out


#: The sets' recommended kingdoms, by their names as one word: (name, cards, Events).
NAMED_KINGDOMS = _named_kingdoms(SETS)


def card_id(name: str | int) -> int:
    """Id of a card given its name (any case, spaces or hyphens) or its id."""
    if isinstance(name, (int, np.integer)):
        if 0 <= int(name) < N_CARDS:
            return int(name)
        raise UnknownCardError(f"unknown card id {name!r} (known ids are 0..{N_CARDS - 1})")
    key = str(name).strip().lower().replace("-", " ").replace("_", " ")
    card = BY_NAME.get(key)
    if card is None:
        known = ", ".join(c.name for c in CARDS)
        raise UnknownCardError(f"unknown card {name!r}; known cards: {known}")
    return card.id


def card_name(cid: int) -> str:
    return CARDS[cid].name


def _column(attr: str) -> np.ndarray:
    return np.array([getattr(c, attr) for c in CARDS], dtype=np.int32)


# Columns for the compiled engine (index = card id).
COST = _column("cost")
TYPES = _column("types")
PLUS_CARDS = _column("cards")
PLUS_ACTIONS = _column("actions")
PLUS_BUYS = _column("buys")
COINS = _column("coins")
VP = _column("vp")
SPECIAL = _column("special")
# Scoring beyond printed VP (Card.vp_per_cards, vp_per_card): per id, and the cards with
# such a rule (Gardens, Duke), which the engine's score reads (sim.engine.layout VP_RULE_IDS).
def vp_rules(cards: tuple[Card, ...]) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    """Each card's VP per cards owned (Card.vp_per_cards: 0 none), the card whose copies
    it scores (Card.vp_per_card: -1 none), and the cards with such a rule."""
    return (np.array([c.vp_per_cards for c in cards], np.int32),
            np.array([c.vp_per_card for c in cards], np.int32),
            tuple(c.id for c in cards if c.vp_per_cards or c.vp_per_card >= 0))


VP_PER_CARDS, VP_PER_CARD, VP_RULE_CARDS = vp_rules(CARDS)


def card_table() -> np.ndarray:
    """The table as one int32 array [N_CARDS, 8] the engine indexes by column constant."""
    return np.stack([COST, TYPES, PLUS_CARDS, PLUS_ACTIONS, PLUS_BUYS, COINS, VP, SPECIAL], axis=1)


# Column indices into card_table().
C_COST, C_TYPES, C_CARDS, C_ACTIONS, C_BUYS, C_COINS, C_VP, C_SPECIAL = range(8)
