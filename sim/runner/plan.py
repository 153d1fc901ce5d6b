"""What a run is: its bots, tables, seats, seeds and chunks, as pure data.

Everything about game ``i`` of a run (its seed, which bot sits in which seat,
who moves first) is a pure function of the :class:`RunConfig` and ``i``.  That
is what makes results independent of process counts and chunk sizes, lets
``--resume`` skip finished chunks, and lets any single game be replayed.

Layout of the global game index ``i`` (``gpt`` = games per table):

* table ``t = i // gpt`` (tables are played one after another);
* ``rotate``: a *deal* is one seed played once per cyclic rotation; game ``i``
  is rotation ``r = i % n`` of deal ``i // n`` and seat ``s`` holds table bot
  ``(s + r) % n``.  Seat 0 always moves first, so every bot moves first once per
  deal and, because each seat draws from its own random stream, the paired
  games share their shuffles;
* ``random``: one seed per game; the seat permutation is drawn from a hash of
  the game's seed (independent of the engine's streams); seat 0 moves first, so
  the first player is random too;
* ``fixed``: one seed per game; the table's bots sit in the order given and
  seat 0 (the first bot listed) always moves first.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

import numpy as np

from sim.cards import EVENTS, card_id
from sim.engine.config import (  # noqa: F401 - is_auto_events, random_events_with: here before
    MAX_EVENTS,
    ConfigError,
    GameConfig,
    check_players,
    is_auto_events,
    is_whole,
    random_events_with,
    resolve_table,
)
from sim.engine.rng import game_seeds

SEAT_MODES = ("rotate", "random", "fixed")
DEFAULT_CHUNK = 20_000

_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_SEAT_SALT = np.uint64(0x5EA7_5EA7_0DD5_EA75)


def _mix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser on an array: a pure, well-mixed hash of each value."""
    with np.errstate(over="ignore"):
        x = (x ^ (x >> np.uint64(30))) * _M1
        x = (x ^ (x >> np.uint64(27))) * _M2
        return x ^ (x >> np.uint64(31))


def _permutations(n: int) -> np.ndarray:
    return np.array(list(itertools.permutations(range(n))), np.int64)


@dataclass(frozen=True)
class RunConfig:
    """Everything that determines the games of a run (and nothing that does not).

    ``bots`` are specs (registered names or ``.toml`` paths) so a config pickles
    cheaply to workers, each of which builds its own bots; ``names`` are the
    bots' display names.  ``tables`` index into ``bots``; a table may seat the
    same bot twice.  ``games`` is per table, already rounded up to whole deals.
    ``chunk_size`` only splits the work (it never changes results) but resume
    needs it to name chunks, so it is recorded.  ``hashes[k]`` identifies what bot
    ``k`` plays (:func:`bots.identity.bot_hash`): a resume with a changed bot is
    refused.  ``unusable`` lists, per bot, the rules that name cards not in the
    kingdom and so can never fire (only with ``allow_missing_cards``).  ``events``
    are the game's Events by name (none: the base game), sorted like ``kingdom``.
    """

    bots: tuple[str, ...]
    names: tuple[str, ...]
    tables: tuple[tuple[int, ...], ...]
    players: int
    games: int
    seed: int
    seats: str = "rotate"
    kingdom: tuple[str, ...] = ()
    turn_cap: int = 100
    chunk_size: int = DEFAULT_CHUNK
    hashes: tuple[str, ...] = ()
    unusable: tuple[tuple[str, tuple[str, ...]], ...] = ()
    events: tuple[str, ...] = ()
    version: str = field(default="", compare=False)

    # -- derived ----------------------------------------------------------------
    @property
    def per_deal(self) -> int:
        """Games played from one seed: n under rotation, else 1."""
        return self.players if self.seats == "rotate" else 1

    @property
    def n_games(self) -> int:
        return self.games * len(self.tables)

    @property
    def n_chunks(self) -> int:
        return -(-self.n_games // self.chunk_size)

    def chunk_range(self, c: int) -> tuple[int, int]:
        start = c * self.chunk_size
        return start, min(start + self.chunk_size, self.n_games)

    def chunk_of(self, games: np.ndarray) -> np.ndarray:
        return np.asarray(games, np.int64) // self.chunk_size

    def game_config(self) -> GameConfig:
        # The Events were checked against the run's max_events when it was made.
        return GameConfig(self.players, tuple(card_id(k) for k in self.kingdom), self.turn_cap,
                          tuple(card_id(e) for e in self.events),
                          max_events=max(MAX_EVENTS, len(self.events)))

    def table_label(self, t: int) -> str:
        return " / ".join(self.names[b] for b in self.tables[t])

    def identity(self) -> dict:
        """The fields that must match for a resumed run to continue this one."""
        d = self.to_dict()
        for k in ("chunk_size", "version"):
            d.pop(k)
        return d

    # -- layout -----------------------------------------------------------------
    def layout(self, start: int, stop: int) -> dict[str, np.ndarray]:
        """Seeds, seats and tables of games ``start .. stop-1`` (vectorised)."""
        n = self.players
        i = np.arange(start, stop, dtype=np.int64)
        t = i // self.games
        tab = np.asarray(self.tables, np.int32)[t]          # [g, n] bots of the table
        if self.seats == "rotate":
            seeds = game_seeds(self.seed, start // n, -(-stop // n))
            seeds = seeds[i // n - start // n]
            r = (i % n).astype(np.int64)
            cols = (np.arange(n)[None, :] + r[:, None]) % n
        elif self.seats == "random":
            seeds = game_seeds(self.seed, start, stop)
            perms = _permutations(n)
            r = (_mix(seeds ^ _SEAT_SALT) % np.uint64(len(perms))).astype(np.int64)
            cols = perms[r]
        else:
            seeds = game_seeds(self.seed, start, stop)
            r = np.zeros(len(i), np.int64)
            cols = np.broadcast_to(np.arange(n), (len(i), n))
        seat_bots = np.take_along_axis(tab, cols, axis=1).astype(np.int32)
        return {"game": i, "seed": seeds, "table": t.astype(np.int32),
                "rotation": r.astype(np.int8), "seat_bots": seat_bots,
                "first": np.zeros(len(i), np.int8)}

    # -- (de)serialisation --------------------------------------------------------
    def to_dict(self) -> dict:
        d = asdict(self)
        d["bots"] = list(self.bots)
        d["names"] = list(self.names)
        d["tables"] = [list(t) for t in self.tables]
        d["kingdom"] = list(self.kingdom)
        d["hashes"] = list(self.hashes)
        d["unusable"] = {name: list(rules) for name, rules in self.unusable}
        d["events"] = list(self.events)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> RunConfig:
        return cls(bots=tuple(d["bots"]), names=tuple(d["names"]),
                   tables=tuple(tuple(int(b) for b in t) for t in d["tables"]),
                   players=int(d["players"]), games=int(d["games"]), seed=int(d["seed"]),
                   seats=d["seats"], kingdom=tuple(d["kingdom"]), turn_cap=int(d["turn_cap"]),
                   chunk_size=int(d["chunk_size"]), hashes=tuple(d.get("hashes", ())),
                   unusable=tuple((k, tuple(v)) for k, v in d.get("unusable", {}).items()),
                   events=tuple(d.get("events", ())),   # files from before Events: none
                   version=d.get("version", ""))


def auto_chunk(total_games: int, processes: int, per_deal: int) -> int:
    """Chunks big enough to amortise a batch's setup, small enough to balance workers."""
    target = max(1000, min(DEFAULT_CHUNK, -(-total_games // (8 * max(1, processes)))))
    return -(-target // per_deal) * per_deal


def default_processes() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def make_config(bots: Sequence[str], *, players: int | None = None,
                tables: Sequence[Sequence[int | str]] | None = None,
                round_robin: bool = False, games: int = 1000, seed: int = 0,
                seats: str = "rotate", kingdom: str | Sequence[str] | None = None,
                turn_cap: int = 100, chunk_size: int | None = None,
                processes: int = 1, allow_missing_cards: bool = False,
                events: str | Sequence[str | int] | None = None,
                max_events: int = MAX_EVENTS) -> RunConfig:
    """Validate the user's choices and build a :class:`RunConfig`.

    ``kingdom``: ``None`` (First Game), ``"auto"`` (the kingdom cards the bots name,
    filled up to 10 from First Game in its order), ``"random"`` / ``"random:Card,..."``
    (the bots' cards, filled up to 10 at random from the base set's kingdom cards or from
    the cards listed, drawn from ``seed``; see :func:`sim.engine.config.random_kingdom`) or 10
    cards.  ``"random:SET,..."`` draws from whole sets (``base``, ``adventures``, ``all``),
    alone or mixed with cards; plain ``"random"`` is the base set.  A bot whose rules name
    a kingdom card (or buy an Event) that is not in the game would play as some other bot,
    so that is an error naming the bot and the cards, raised before any game is played,
    unless ``allow_missing_cards``; then ``unusable`` records the dead rules.  What a bot
    needs: :mod:`bots.requirements`.

    ``events``: ``None`` (none), a comma list or sequence of Events, ``"auto"`` (the Events
    the bots' rules buy) or ``"random"``: the Events the bots buy, then up to
    ``max_events`` in all by the rulebook's randomiser method
    (:func:`sim.engine.config.random_events_with`), from the run's ``seed``, with a deck holding
    the random kingdom's pool, or, for a kingdom that is not random, every known kingdom
    card (base and Adventures: the deck of a player who owns both sets).  The
    kingdom a seed draws is the same with or without random Events.  More than
    ``max_events`` (default 2) Events listed is an error.

    ``round_robin``: every combination of ``players`` distinct bots is a table.
    Otherwise ``tables`` (bot indices or specs) or, by default, one table of the
    bots in the order given.  Raises :class:`ConfigError` (or the bots package's
    ``BotError`` for an unknown bot or a bad file) with a one-line message.
    """
    import sim
    from bots import register, resolve_with_source
    from bots.identity import bot_hash
    from bots.requirements import needs as bot_needs

    if not bots:
        raise ConfigError("no bots given")
    if seats not in SEAT_MODES:
        raise ConfigError(f"seats must be one of {', '.join(SEAT_MODES)}, not {seats!r}")
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise ConfigError(f"the number of games must be at least 1, not {games!r}")
    if not is_whole(seed) or not 0 <= seed < 2**64:
        raise ConfigError(f"the seed must be an integer in 0 .. 2**64-1, not {seed!r}")
    # Resolve bots, de-duplicating by identity: name plus a hash of what the bot plays.
    # One name for two different bots is an error (a table may still seat one bot twice).
    specs: list[str] = []
    names: list[str] = []
    hashes: list[str] = []
    sources: list[str] = []
    objs: list = []
    index_of: list[int] = []

    def index(spec, where: str) -> int:
        """Index of ``spec``'s bot in ``names``, adding it if new."""
        bot, source = resolve_with_source(spec)
        source = f"{where} ({source})"
        name, digest = bot.name, bot_hash(bot)
        if name in names:
            k = names.index(name)
            if hashes[k] != digest:
                raise ConfigError(f"two different bots are named {name!r}: {sources[k]} and "
                                  f"{source}; give one of them another name")
            return k
        if not isinstance(spec, (str, os.PathLike)):
            # A bot object: registered so workers can build it by name (fork-started
            # workers inherit the registry; spawned or Dask workers need a name or file).
            _check_not_shadowing(bot, digest)
            spec = register(bot, replace=True).name
        specs.append(os.fspath(spec))
        names.append(name)
        hashes.append(digest)
        sources.append(source)
        objs.append(bot)
        return len(names) - 1

    for i, spec in enumerate(bots):
        index_of.append(index(spec, f"bot {i + 1}"))
    if round_robin:
        if players is None:
            players = 2
        _check_players(players)
        uniq = sorted(set(index_of))
        if len(uniq) < players:
            raise ConfigError(f"a round robin of {players}-player games needs at least "
                              f"{players} different bots, got {len(uniq)}")
        tabs = tuple(itertools.combinations(uniq, players))
    elif tables:
        tabs_l = []
        for tab in tables:
            row = []
            for b in tab:
                if isinstance(b, (int, np.integer)):
                    if not 0 <= b < len(index_of):
                        raise ConfigError(f"table refers to bot {b}, there are {len(bots)}")
                    row.append(index_of[b])
                else:
                    n_known = len(names)
                    k = index(b, "a table's bot")
                    if k >= n_known:
                        raise ConfigError(f"table seats {names[k]!r}, which is not in the bots")
                    row.append(k)
            tabs_l.append(tuple(row))
        tabs = tuple(tabs_l)
        if players is None:
            players = len(tabs[0])
        _check_players(players)
        if any(len(t) != players for t in tabs):
            raise ConfigError(f"every table must seat {players} bots")
    else:
        if players is None:
            players = len(index_of)
        _check_players(players)
        if len(index_of) != players:
            raise ConfigError(f"a {players}-player match needs {players} bots, got "
                              f"{len(index_of)} (repeat a name to seat a bot twice)")
        tabs = (tuple(index_of),)
    per_deal = players if seats == "rotate" else 1
    games = -(-int(games) // per_deal) * per_deal
    seated = sorted({b for t in tabs for b in t})
    needs = {k: bot_needs(objs[k]) for k in seated}
    # The seated bots' kingdom cards and Events, in bot and rule order.
    card_needs = [c for k in seated for c in needs[k] if c not in EVENTS]
    event_needs = list(dict.fromkeys(c for k in seated for c in needs[k] if c in EVENTS))
    kingdom_ids, event_ids = resolve_table(kingdom, events, seed, max_events, card_needs,
                                           event_needs)
    unusable = _unusable(names, needs, kingdom_ids, event_ids, allow_missing_cards)
    gc = GameConfig(players, kingdom_ids, turn_cap, event_ids, max_events=max_events)
    for k in seated:  # a bot made for one table (a trained policy) refuses the others
        check_game = getattr(objs[k], "check_game", None)
        if check_game is not None:
            check_game(gc)
    total = games * len(tabs)
    if chunk_size is None:
        chunk_size = auto_chunk(total, processes, per_deal)
    elif not is_whole(chunk_size) or chunk_size < 1:
        raise ConfigError(f"chunk size must be at least 1 game (an integer), not "
                          f"{chunk_size!r}")
    else:
        chunk_size = -(-int(chunk_size) // per_deal) * per_deal
    return RunConfig(bots=tuple(specs), names=tuple(names), tables=tabs, players=players,
                     games=games, seed=int(seed), seats=seats,
                     kingdom=tuple(gc.kingdom_names), turn_cap=gc.turn_cap,
                     chunk_size=int(chunk_size), hashes=tuple(hashes), unusable=unusable,
                     events=tuple(gc.event_names), version=sim.__version__)


def _unusable(names: list[str], needs: dict[int, dict[int, list[str]]],
              kingdom: Sequence[int], events: Sequence[int], allow: bool
              ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Per bot, the rules naming cards or Events the game lacks; an error (naming each bot
    and what it lacks, see :func:`bots.requirements.refusal`) unless ``allow``."""
    from bots.requirements import missing, refusal

    lacking = {k: missing(need, kingdom, events) for k, need in needs.items()}
    lacking = {k: ids for k, ids in lacking.items() if ids}
    if lacking and not allow:
        raise ConfigError(refusal({names[k]: ids for k, ids in lacking.items()}, kingdom,
                                  events))
    return tuple((names[k], tuple(label for c in ids for label in needs[k][c]))
                 for k, ids in lacking.items())


def _check_not_shadowing(bot, digest: str) -> None:
    """A bot object may not take the name of a different library bot (it would replace it)."""
    from bots import builtin_bots
    from bots.identity import bot_hash

    for lib in builtin_bots():
        if lib.name == bot.name and bot_hash(lib) != digest:
            raise ConfigError(f"a {type(bot).__name__} object is named {bot.name!r} like the "
                              f"library bot but plays differently; give it another name")


def _check_players(players: int) -> None:
    """2, 3 or 4 as an integer (2.0 and "2" refused: sim.engine.config.check_players)."""
    check_players(players)

