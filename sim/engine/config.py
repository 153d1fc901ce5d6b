"""Game configuration: player count, kingdom, Events and the safety turn cap, validated."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from sim.cards import (
    BASE_KINGDOM,
    CARDS,
    EVENT,
    EVENTS,
    FIRST_GAME,
    KINGDOM_CARDS,
    NAMED_KINGDOMS,
    SET_KINGDOMS,
    UnknownCardError,
    card_id,
    kingdom_word,
)


class ConfigError(ValueError):
    """A game configuration that cannot be played (bad kingdom, player count...)."""


def is_whole(value: object) -> bool:
    """An int or numpy integer, not a bool: an ``IntEnum`` member counts; ``2.0`` and
    ``"2"`` do not, so that a float or a text reaching a count is refused in one line
    rather than rounded, or failing later inside the engine."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def show(value: object) -> str:
    """``value``'s repr on one short line (an array's repr has several), for an error
    message that must stay one line whatever it names."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 60 else text[:57] + "..."


def check_players(players: object) -> int:
    """``players`` as an int 2, 3 or 4 (the CLI, a Match, sim.env.Game and GameConfig
    all check it here), else a one-line ConfigError naming the value."""
    if not is_whole(players) or players not in (2, 3, 4):
        raise ConfigError(f"players: games take 2, 3 or 4 players, not {show(players)}")
    return int(players)


def parse_kingdom(kingdom: str | Iterable[str | int] | None) -> tuple[int, ...]:
    """Kingdom card ids from names ("first-game", a comma list, or an iterable).

    ``"auto"`` depends on the bots, so only a run's configuration can resolve it
    (``sim.runner.plan.make_config``, the CLI); see :func:`auto_kingdom`.
    """
    if kingdom is None:
        return FIRST_GAME
    if isinstance(kingdom, str):
        key = kingdom.strip().lower()
        if not key:     # an empty option or variable, not a choice of First Game
            raise ConfigError(f"kingdom: 10 kingdom cards, \"first-game\" (or None), "
                              f"\"auto\" or \"random[:SET,...]\", not {kingdom!r}")
        if key in ("first-game", "first game", "firstgame", "default"):
            return FIRST_GAME
        if kingdom_word(key) in NAMED_KINGDOMS:      # a rulebook's kingdom, by its name
            return NAMED_KINGDOMS[kingdom_word(key)][1]
        if key == "auto" or is_random_kingdom(key):
            raise ConfigError(f"kingdom {kingdom.strip()!r} is built from the bots and seed of "
                              "a run: give it to a Match, Tournament or the CLI, or list 10 "
                              "cards")
        listed: object = kingdom
        kingdom = [k for k in kingdom.split(",") if k.strip()]
    elif not isinstance(kingdom, Iterable) or isinstance(kingdom, bytes):
        raise ConfigError(f"kingdom: 10 kingdom cards (names or ids, a comma string or a "
                          f"list), \"first-game\" or None, not {show(kingdom)}")
    else:
        listed = kingdom
    try:
        ids = tuple(card_id(k) for k in kingdom)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if not ids:     # an empty list (or only commas): no kingdom, not First Game's
        raise ConfigError(f"kingdom: 10 kingdom cards, \"first-game\" or None, not "
                          f"{show(listed)}")
    _check_no_events(ids, "")
    not_kingdom = [CARDS[i].name for i in ids if i not in KINGDOM_CARDS]
    if not_kingdom:
        raise ConfigError(f"not kingdom cards: {', '.join(not_kingdom)} (basic cards are "
                          "always in the supply)")
    dupes = sorted({CARDS[i].name for i in ids if ids.count(i) > 1})
    if dupes:
        raise ConfigError(f"kingdom lists a card twice: {', '.join(dupes)}")
    if len(ids) != 10:
        raise ConfigError(f"a kingdom has 10 cards, this one has {len(ids)}")
    return tuple(sorted(ids))


def auto_kingdom(needed: Iterable[int]) -> tuple[int, ...]:
    """The kingdom cards ``needed`` (ids, in order, repeats ignored), filled up to 10 from
    the First Game set in its order, as the established simulators build their boards."""
    ids = list(dict.fromkeys(int(c) for c in needed))
    if len(ids) > 10:
        raise ConfigError(f"kingdom auto: the bots name {len(ids)} kingdom cards "
                          f"({', '.join(CARDS[c].name for c in ids)}); a kingdom has 10")
    ids += [c for c in FIRST_GAME if c not in ids][:10 - len(ids)]
    return tuple(sorted(ids))


def _check_no_events(ids: Iterable[int], where: str) -> None:
    """Events given as kingdom cards: say where they go instead (they are no kingdom pile)."""
    events = [CARDS[i].name for i in ids if CARDS[i].is_type(EVENT)]
    if events:
        what = "an Event, not a kingdom card" if len(events) == 1 else \
            "Events, not kingdom cards"
        raise ConfigError(f"{where}{', '.join(events)}: {what}; give Events as events "
                          "(--events)")


RANDOM = "random"

#: Names of whole sets in ``"random:SET"`` (also mixed with cards: ``random:base,Port``).
#: Plain ``"random"`` is the base set only, so that the seeds quoted before Adventures
#: existed keep drawing the same kingdoms.
CARD_SETS: dict[str, tuple[int, ...]] = {**SET_KINGDOMS, "all": KINGDOM_CARDS}


def is_random_kingdom(text: str) -> bool:
    """``"random"`` or ``"random:Card,Card,..."`` (case and spaces ignored)."""
    key = text.strip().lower()
    return key == RANDOM or key.startswith(RANDOM + ":")


def random_pool(text: str) -> tuple[int, ...]:
    """The cards a random kingdom is drawn from: the base set's kingdom cards for
    ``"random"``; for ``"random:ITEM,ITEM,..."`` every card listed and every card of each
    set named (``base``, ``adventures``, ``all`` = both), in that order, repeats dropped.

    ``"random"`` stays the base set alone (as before Adventures existed): a seed quoted
    with ``--kingdom random`` must keep its kingdom.
    """
    _, _, listed = text.partition(":")
    if not listed.strip():
        return tuple(sorted(BASE_KINGDOM))
    ids: list[int] = []
    try:
        for item in (k.strip() for k in listed.split(",")):
            if not item:
                continue
            if item.lower() in CARD_SETS:
                ids += CARD_SETS[item.lower()]
            else:
                ids.append(card_id(item))
    except ValueError as exc:
        raise ConfigError(f"kingdom {text.strip()!r}: {exc} (or a set: "
                          f"{', '.join(CARD_SETS)})") from None
    ids = list(dict.fromkeys(ids))
    _check_no_events(ids, f"kingdom {text.strip()!r}: ")
    not_kingdom = [CARDS[i].name for i in ids if i not in KINGDOM_CARDS]
    if not_kingdom:
        raise ConfigError(f"kingdom {text.strip()!r}: not kingdom cards: "
                          f"{', '.join(not_kingdom)}")
    return tuple(ids)


_MASK64 = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    z = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def random_kingdom(seed: int, pool: Iterable[int], needed: Iterable[int] = ()
                   ) -> tuple[int, ...]:
    """10 distinct kingdom cards: the ``needed`` ones (the bots' own cards, so that
    every bot can play) and the rest drawn from ``pool`` with the run's ``seed``.

    The draw is splitmix64 and a Fisher-Yates shuffle in plain Python, so the same
    seed gives the same kingdom on every machine and numpy version; the results
    file records the kingdom drawn.
    """
    ids = list(dict.fromkeys(int(c) for c in needed))
    if len(ids) > 10:
        raise ConfigError(f"kingdom random: the bots name {len(ids)} kingdom cards "
                          f"({', '.join(CARDS[c].name for c in ids)}); a kingdom has 10")
    rest = [c for c in pool if c not in ids]
    if len(ids) + len(rest) < 10:
        raise ConfigError(f"kingdom random: {len(ids) + len(rest)} distinct cards to draw "
                          "from, a kingdom has 10")
    state = (int(seed) ^ 0x6B696E67646F6D) & _MASK64     # its own stream: "kingdom"
    for i in range(len(rest) - 1, 0, -1):
        state = (state + 1) & _MASK64
        j = _splitmix64(state) % (i + 1)
        rest[i], rest[j] = rest[j], rest[i]
    return tuple(sorted(ids + rest[:10 - len(ids)]))


# -- Events ---------------------------------------------------------------------------

#: Events per game unless a caller asks for more: the rulebook's recommendation
#: ("at most 2"); the randomiser method skips the Events turned up beyond it.
MAX_EVENTS = 2
NO_EVENTS = ("", "none", "no", "0")


def _event_names() -> str:
    return ", ".join(CARDS[e].name for e in EVENTS)


def is_random_events(text: object) -> bool:
    """``"random"`` (case and spaces ignored): Events drawn by the randomiser method."""
    return isinstance(text, str) and text.strip().lower() == RANDOM


def check_max_events(max_events: int) -> int:
    """``max_events`` as a whole number 0..20 (there are 20 Events), else ConfigError."""
    if isinstance(max_events, bool) or not isinstance(max_events, int) \
            or not 0 <= max_events <= len(EVENTS):
        raise ConfigError(f"max_events must be a whole number 0..{len(EVENTS)}, not "
                          f"{max_events!r}")
    return max_events


def parse_events(events: str | Iterable[str | int] | None, max_events: int = MAX_EVENTS
                 ) -> tuple[int, ...]:
    """Event ids (sorted) from names or ids: a comma list, an iterable, or None / ``""``
    / ``"none"`` for no Events.

    More than ``max_events`` (default 2, the rulebook's recommendation) is refused, so
    that a typo'd long list is not played silently; a caller who wants more says so.
    ``"random"`` needs a run's seed and kingdom pool (:func:`random_events`).
    """
    check_max_events(max_events)
    if events is None:
        return ()
    if isinstance(events, str):
        key = events.strip().lower()
        if key in NO_EVENTS:
            return ()
        if is_random_events(key):
            raise ConfigError("events 'random' are drawn with the seed and kingdom of a run: "
                              "give them to a Match, Tournament or the CLI, or list Events")
        events = [e for e in events.split(",") if e.strip()]
    elif not isinstance(events, Iterable) or isinstance(events, bytes):
        raise ConfigError(f"events: Event names or ids (a comma string or a list), "
                          f"\"random\", \"auto\" or None, not {show(events)}")
    ids = []
    for e in events:
        try:
            ids.append(card_id(e))
        except UnknownCardError:
            raise ConfigError(f"unknown Event {e!r}; known Events: {_event_names()}") from None
    not_events = [CARDS[i].name for i in ids if not CARDS[i].is_type(EVENT)]
    if not_events:
        raise ConfigError(f"not Events: {', '.join(not_events)} (cards go in the kingdom; "
                          f"the Events are {_event_names()})")
    dupes = sorted({CARDS[i].name for i in ids if ids.count(i) > 1})
    if dupes:
        raise ConfigError(f"events list an Event twice: {', '.join(dupes)}")
    if len(ids) > max_events:
        raise ConfigError(f"{len(ids)} Events ({', '.join(CARDS[i].name for i in sorted(ids))})"
                          f": a game has at most {max_events}; ask for more with "
                          f"max_events={len(ids)} (--max-events {len(ids)})")
    return tuple(sorted(ids))


def random_events(seed: int, pool_size: int, max_events: int = MAX_EVENTS,
                  events: Iterable[int] = EVENTS) -> tuple[int, ...]:
    """0..``max_events`` Events by the rulebook's randomiser method (ADVENTURES.md §6).

    The Events are shuffled into a randomiser deck with ``pool_size`` kingdom cards
    (the pool the kingdom is drawn from); cards are turned up until 10 kingdom cards have
    been found, every Event turned up on the way is set out, and those beyond the first
    ``max_events`` are skipped.  Which kingdom cards those 10 are is the kingdom's own
    draw (:func:`random_kingdom`): the order of the kingdom cards among themselves and
    where the Events fall between them are independent in a shuffled deck, so drawing
    the Events here with the deck's kingdom cards as blanks gives the same chances as
    one shuffle of the whole deck, and asking for random Events never changes the
    kingdom a seed draws.

    splitmix64 and Fisher-Yates in plain Python, on a stream of its own ("events"),
    like :func:`random_kingdom`: the same seed gives the same Events everywhere.
    """
    check_max_events(max_events)
    events = list(dict.fromkeys(int(e) for e in events))
    if pool_size < 10:
        raise ConfigError(f"events random: a randomiser deck needs at least 10 kingdom "
                          f"cards, not {pool_size}")
    deck = events + [-1] * int(pool_size)          # -1: a kingdom card
    state = (int(seed) ^ 0x6576656E7473) & _MASK64     # its own stream: "events"
    for i in range(len(deck) - 1, 0, -1):
        state = (state + 1) & _MASK64
        j = _splitmix64(state) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    found: list[int] = []
    kingdom_found = 0
    for c in deck:
        if c < 0:
            kingdom_found += 1
            if kingdom_found == 10:
                break
        elif len(found) < max_events:
            found.append(c)
    return tuple(sorted(found))


def is_auto_events(events: object) -> bool:
    """``events="auto"`` (case and spaces ignored): the Events the bots' rules buy."""
    return isinstance(events, str) and events.strip().lower() == "auto"


def random_events_with(seed: int, pool_size: int, max_events: int,
                       needed: Iterable[int] = ()) -> tuple[int, ...]:
    """``--events random`` for bots that buy Events: the ``needed`` Events first (as a
    random kingdom takes the bots' cards first), then up to ``max_events`` in all drawn by
    :func:`sim.engine.config.random_events` from the other Events, on the same seed stream.
    Without needed Events this is exactly ``random_events(seed, pool_size, max_events)``,
    so every seed keeps the Events it drew before bots could buy Events."""
    needed = list(dict.fromkeys(int(e) for e in needed))
    if not needed:
        return random_events(seed, pool_size, max_events)
    if len(needed) > max_events:
        raise ConfigError(f"events random: the bots buy {len(needed)} Events "
                          f"({', '.join(CARDS[e].name for e in needed)}); a game has at most "
                          f"{max_events}; ask for more with max_events={len(needed)} "
                          f"(--max-events {len(needed)})")
    rest = random_events(seed, pool_size, max_events - len(needed),
                         [e for e in EVENTS if e not in needed])
    return tuple(sorted(needed + list(rest)))


def resolve_table(kingdom: str | Iterable[str | int] | None,
                  events: str | Iterable[str | int] | None, seed: int = 0,
                  max_events: int = MAX_EVENTS, card_needs: Iterable[int] = (),
                  event_needs: Iterable[int] = ()) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(kingdom ids, Event ids) for every form the CLI, a Match and sim.env.Game take.

    ``kingdom``: None / ``"first-game"``, 10 cards (a comma string or an iterable),
    ``"auto"`` (:func:`auto_kingdom` of ``card_needs``) or ``"random"`` /
    ``"random:SET,Card,..."`` (:func:`random_kingdom`: ``card_needs`` first, the rest drawn
    from ``seed``).  ``events``: None / ``"none"``, Events (a comma string or an
    iterable), ``"auto"`` (``event_needs``) or ``"random"`` (:func:`random_events_with`
    from ``seed``, with a randomiser deck of the random kingdom's pool and the bots'
    cards, or for a kingdom that is not random :func:`randomiser_deck`'s).  ``card_needs`` /
    ``event_needs``: the bots' kingdom cards and Events (bots.requirements), in order.
    """
    card_needs = list(card_needs)
    random_k = isinstance(kingdom, str) and is_random_kingdom(kingdom)
    if isinstance(kingdom, str) and kingdom.strip().lower() == "auto":
        kingdom_ids = auto_kingdom(card_needs)
    elif random_k:
        kingdom_ids = random_kingdom(int(seed), random_pool(kingdom), card_needs)
    else:
        kingdom_ids = parse_kingdom(kingdom)
    check_max_events(max_events)
    if is_auto_events(events):
        event_ids = parse_events(list(dict.fromkeys(event_needs)), max_events)
    elif is_random_events(events):
        deck = set(random_pool(kingdom)) | set(card_needs) if random_k else \
            randomiser_deck(kingdom_ids)
        event_ids = random_events_with(int(seed), len(deck), max_events, event_needs)
    else:
        event_ids = parse_events(events, max_events)
    return kingdom_ids, event_ids


def randomiser_deck(kingdom: Sequence[int]) -> set[int]:
    """The randomiser deck Events are shuffled into for a kingdom given card by card: the
    kingdom cards of Adventures (the Events' set) and of every set the kingdom's cards
    come from (so a base or Adventures kingdom draws its Events from the 56 cards it
    always did, a kingdom with Intrigue cards from Intrigue's too)."""
    sets = {CARDS[c].set for c in kingdom} | {CARDS[EVENTS[0]].set}
    return {c for c in KINGDOM_CARDS if CARDS[c].set in sets}


@dataclass(frozen=True)
class GameConfig:
    """What every game of a run shares.

    turn_cap: turns per player after which a game is stopped and flagged as
    capped (never counted as a normal win) so that bots that never end a game
    cannot hang a run.

    events: the game's Events (names or ids, kept as sorted ids; none by default).
    max_events: how many Events ``events`` may hold (default 2, the rulebook's
    recommendation); only a check, so it takes no part in equality or hashing: two
    configs with the same Events are the same game.
    """

    n_players: int = 2
    kingdom: tuple[int, ...] = field(default=FIRST_GAME)
    turn_cap: int = 100
    events: tuple[int, ...] = ()
    max_events: int = field(default=MAX_EVENTS, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_players", check_players(self.n_players))
        object.__setattr__(self, "kingdom", parse_kingdom(self.kingdom))
        if not is_whole(self.turn_cap) or not 1 <= self.turn_cap <= 1000:
            raise ConfigError(f"turn_cap: a whole number 1..1000 (turns per player), not "
                              f"{show(self.turn_cap)}")
        object.__setattr__(self, "turn_cap", int(self.turn_cap))
        object.__setattr__(self, "events", parse_events(self.events, self.max_events))

    @property
    def kingdom_names(self) -> list[str]:
        return [CARDS[i].name for i in self.kingdom]

    @property
    def event_names(self) -> list[str]:
        return [CARDS[i].name for i in self.events]
