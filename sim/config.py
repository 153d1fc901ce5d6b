"""Game configuration: player count, kingdom and the safety turn cap, validated."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from sim.cards import CARDS, FIRST_GAME, KINGDOM_CARDS, card_id


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
        if key == "auto":
            raise ConfigError("kingdom 'auto' is built from the bots of a run: give it to a "
                              "Match, Tournament or the CLI, or list 10 cards")
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
