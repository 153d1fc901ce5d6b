"""Game configuration: player count, kingdom and the safety turn cap, validated."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from sim.cards import BASE_KINGDOM, CARDS, FIRST_GAME, KINGDOM_CARDS, card_id


class ConfigError(ValueError):
    """A game configuration that cannot be played (bad kingdom, player count...)."""


def parse_kingdom(kingdom: str | Iterable[str | int] | None) -> tuple[int, ...]:
    """Kingdom card ids from names ("first-game", a comma list, or an iterable).

    ``"auto"`` depends on the bots, so only a run's configuration can resolve it
    (``sim.runner.plan.make_config``, the CLI); see :func:`auto_kingdom`.
    """
    if kingdom is None:
        return FIRST_GAME
    if isinstance(kingdom, str):
        key = kingdom.strip().lower()
        if key in ("first-game", "first game", "firstgame", "default", ""):
            return FIRST_GAME
        if key == "auto" or is_random_kingdom(key):
            raise ConfigError(f"kingdom {kingdom.strip()!r} is built from the bots and seed of "
                              "a run: give it to a Match, Tournament or the CLI, or list 10 "
                              "cards")
        kingdom = [k for k in kingdom.split(",") if k.strip()]
    try:
        ids = tuple(card_id(k) for k in kingdom)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
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


RANDOM = "random"


def is_random_kingdom(text: str) -> bool:
    """``"random"`` or ``"random:Card,Card,..."`` (case and spaces ignored)."""
    key = text.strip().lower()
    return key == RANDOM or key.startswith(RANDOM + ":")


def random_pool(text: str) -> tuple[int, ...]:
    """The cards a random kingdom is drawn from: every known kingdom card for
    ``"random"``, the listed ones for ``"random:Card,Card,..."``."""
    _, _, listed = text.partition(":")
    if not listed.strip():
        return tuple(sorted(BASE_KINGDOM))
    try:
        ids = tuple(card_id(k) for k in listed.split(",") if k.strip())
    except ValueError as exc:
        raise ConfigError(f"kingdom {text.strip()!r}: {exc}") from None
    not_kingdom = [CARDS[i].name for i in ids if i not in KINGDOM_CARDS]
    if not_kingdom:
        raise ConfigError(f"kingdom {text.strip()!r}: not kingdom cards: "
                          f"{', '.join(not_kingdom)}")
    return tuple(dict.fromkeys(ids))


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


@dataclass(frozen=True)
class GameConfig:
    """What every game of a run shares.

    turn_cap: turns per player after which a game is stopped and flagged as
    capped (never counted as a normal win) so that bots that never end a game
    cannot hang a run.
    """

    n_players: int = 2
    kingdom: tuple[int, ...] = field(default=FIRST_GAME)
    turn_cap: int = 100

    def __post_init__(self) -> None:
        if self.n_players not in (2, 3, 4):
            raise ConfigError(f"games take 2, 3 or 4 players, not {self.n_players}")
        object.__setattr__(self, "kingdom", parse_kingdom(self.kingdom))
        if not 1 <= self.turn_cap <= 1000:
            raise ConfigError(f"turn_cap must be 1..1000 turns per player, not {self.turn_cap}")

    @property
    def kingdom_names(self) -> list[str]:
        return [CARDS[i].name for i in self.kingdom]
