"""Per-game results as a compact DataFrame, and the summaries users read.

One row per game, seats in columns (``bot_0``, ``score_0``, ...), with small
integer dtypes and categoricals so a million games take tens of MB.  The
summaries are computed from that frame alone (never from engine state), so a
saved file can be summarised again, and the numbers can be checked by hand.

Scoring of a game for one seat: a *win* is being the sole winner; a *shared
win* is being one of k > 1 winners and earns 1/k; a *capped* game (stopped at
the turn cap, no winner) counts as a game but neither a win nor a loss; every
other seat *loses*.  Win rate = (wins + shared credit) / games, with a Wilson
95% interval (the credit may be fractional; the interval uses it as is).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from sim.codes import END_NAMES, END_TURN_CAP
from sim.runner.plan import RunConfig

Z95 = 1.959963984540054

GAME_COLS = ("winners", "tiebreak", "shared", "end", "first", "length")


def wilson(successes: np.ndarray | float, n: np.ndarray | float,
           z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a proportion (vectorised; n == 0 gives NaN)."""
    s = np.asarray(successes, float)
    n = np.asarray(n, float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = s / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def games_frame(cfg: RunConfig, games: np.ndarray, score: np.ndarray, turns: np.ndarray,
                gcols: np.ndarray) -> pd.DataFrame:
    """The per-game DataFrame of the given global game indices and engine outputs."""
    n = cfg.players
    games = np.asarray(games, np.int64)
    if len(games):
        lay = cfg.layout(int(games.min()), int(games.max()) + 1)
        pick = games - int(games.min())
        lay = {k: v[pick] for k, v in lay.items()}
    else:
        lay = cfg.layout(0, 0)
    names = list(cfg.names)
    cols: dict[str, object] = {
        "game": games,
        "seed": lay["seed"],
        "table": lay["table"].astype(np.int32),
        "rotation": lay["rotation"],
    }
    for s in range(n):
        cols[f"bot_{s}"] = pd.Categorical.from_codes(lay["seat_bots"][:, s], names)
    for s in range(n):
        cols[f"score_{s}"] = score[:, s].astype(np.int16)
    for s in range(n):
        cols[f"turns_{s}"] = turns[:, s].astype(np.int16)
    winners = gcols[:, 0].astype(np.uint8)
    n_win = np.zeros(len(games), np.int8)
    for s in range(n):
        n_win += ((winners >> s) & 1).astype(np.int8)
    sole_seat = np.full(len(games), -1, np.int64)
    for s in range(n):
        sole_seat[winners == (1 << s)] = s
    sole_bot = np.where(sole_seat >= 0,
                        np.take_along_axis(lay["seat_bots"], np.maximum(sole_seat, 0)[:, None],
                                           axis=1)[:, 0], -1)
    cols["winners"] = winners
    cols["n_winners"] = n_win
    cols["winner"] = pd.Categorical.from_codes(sole_bot, names)
    cols["tiebreak"] = gcols[:, 1].astype(bool)
    cols["shared"] = gcols[:, 2].astype(bool)
    cols["end"] = pd.Categorical.from_codes(gcols[:, 3].astype(np.int8), list(END_NAMES))
    cols["first"] = gcols[:, 4].astype(np.int8)
    cols["length"] = gcols[:, 5].astype(np.int16)
    return pd.DataFrame(cols)


def coerce_games(df: pd.DataFrame, cfg: RunConfig) -> pd.DataFrame:
    """Restore the canonical dtypes (after CSV, which keeps none)."""
    n = cfg.players
    names = list(cfg.names)
    out = df.copy()
    ints = {"game": np.int64, "seed": np.uint64, "table": np.int32, "rotation": np.int8,
            "winners": np.uint8, "n_winners": np.int8, "first": np.int8, "length": np.int16}
    for s in range(n):
        ints[f"score_{s}"] = np.int16
        ints[f"turns_{s}"] = np.int16
    for c, t in ints.items():
        out[c] = out[c].astype(t)
    for c in [f"bot_{s}" for s in range(n)] + ["winner"]:
        out[c] = pd.Categorical(out[c], categories=names)
    out["end"] = pd.Categorical(out["end"], categories=list(END_NAMES))
    for c in ("tiebreak", "shared"):
        out[c] = out[c].astype(bool)
    return out


def n_players_of(df: pd.DataFrame) -> int:
    return sum(1 for c in df.columns if c.startswith("bot_"))


def long_frame(df: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, seat): the seat's bot and its outcome in that game."""
    n = n_players_of(df)
    winners = df["winners"].to_numpy().astype(np.int64)
    k = df["n_winners"].to_numpy().astype(np.int64)
    capped = (df["end"].cat.codes.to_numpy() == END_TURN_CAP)
    tb = df["tiebreak"].to_numpy()
    parts = []
    for s in range(n):
        inw = ((winners >> s) & 1).astype(bool)
        sole = inw & (k == 1)
        parts.append(pd.DataFrame({
            "table": df["table"].to_numpy(),
            "seat": np.full(len(df), s, np.int8),
            "bot": df[f"bot_{s}"].to_numpy(),
            "win": sole,
            "shared_win": inw & (k > 1),
            "credit": np.where(inw, 1.0 / np.maximum(k, 1), 0.0),
            "loss": ~inw & ~capped,
            "capped": capped,
            "tiebreak_win": sole & tb,
            "score": df[f"score_{s}"].to_numpy(),
            "turns": df[f"turns_{s}"].to_numpy(),
        }))
    out = pd.concat(parts, ignore_index=True)
    out["bot"] = pd.Categorical(out["bot"], categories=df["bot_0"].cat.categories)
    return out


def _aggregate(long: pd.DataFrame, by: list[str], n: int) -> pd.DataFrame:
    g = long.groupby(by, observed=True, sort=True)
    out = pd.DataFrame({
        "games": g.size(),
        "wins": g["win"].sum(),
        "shared_wins": g["shared_win"].sum(),
        "losses": g["loss"].sum(),
        "capped": g["capped"].sum(),
        "credit": g["credit"].sum(),
    })
    out["win_rate"] = out["credit"] / out["games"]
    out["ci_low"], out["ci_high"] = wilson(out["credit"].to_numpy(), out["games"].to_numpy())
    out["tiebreak_wins"] = g["tiebreak_win"].sum()
    out["avg_score"] = g["score"].mean()
    out["avg_turns"] = g["turns"].mean()
    seat = long.groupby(by + ["seat"], observed=True)["credit"].mean().unstack("seat")
    for s in range(n):
        out[f"win_rate_seat{s}"] = seat[s] if s in seat.columns else np.nan
    for c in ("games", "wins", "shared_wins", "losses", "capped", "tiebreak_wins"):
        out[c] = out[c].astype(np.int64)
    return out


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Per-bot summary over all its games (a bot seated twice counts twice)."""
    n = n_players_of(df)
    out = _aggregate(long_frame(df), ["bot"], n)
    return out.sort_values("win_rate", ascending=False, kind="stable")


def table_summary(df: pd.DataFrame, cfg: RunConfig) -> pd.DataFrame:
    """Per (table, bot): each bot's results at each table of the run.

    For 2 players a table is a pairing; an ``opponents`` column names the others.
    """
    n = n_players_of(df)
    out = _aggregate(long_frame(df), ["table", "bot"], n).reset_index()
    out.insert(1, "table_bots", [cfg.table_label(t) for t in out["table"]])
    out.insert(3, "opponents", [
        " / ".join(cfg.names[b] for b in _others(cfg.tables[t], cfg.names.index(bot)))
        for t, bot in zip(out["table"], out["bot"], strict=True)])
    return out


def _others(table: tuple[int, ...], b: int) -> list[int]:
    rest = list(table)
    rest.remove(b)
    return rest


def pair_matrix(df: pd.DataFrame) -> pd.DataFrame:
    """2 players: win rate of the row bot against the column bot."""
    if n_players_of(df) != 2:
        raise ValueError("a pair matrix needs 2-player games")
    long = long_frame(df)
    opp = pd.concat([df["bot_1"], df["bot_0"]], ignore_index=True)
    long["opponent"] = pd.Categorical(opp, categories=df["bot_0"].cat.categories)
    m = long.groupby(["bot", "opponent"], observed=True)["credit"].mean().unstack("opponent")
    return m


@dataclass
class Results:
    """The outcome of a run: the per-game frame, the config, and what is finished.

    ``completed`` are the chunk indices fully played; ``error`` describes a bot
    failure that stopped the run (None otherwise).  A run that stopped early
    still holds every finished game (including those of the failed chunk played
    before the failure) and can be completed with ``resume``.
    """

    games: pd.DataFrame
    config: RunConfig
    completed: frozenset[int] = field(default_factory=frozenset)
    error: dict | None = None
    interrupted: bool = False

    @property
    def complete(self) -> bool:
        return len(self.completed) == self.config.n_chunks and self.error is None

    @property
    def n_games(self) -> int:
        return len(self.games)

    def summary(self) -> pd.DataFrame:
        """Per-bot summary (see module docstring for how games are scored)."""
        return summarize(self.games)

    def tables(self) -> pd.DataFrame:
        """Per (table, bot) summary; for 2 players, per pairing."""
        return table_summary(self.games, self.config)

    def pairs(self) -> pd.DataFrame:
        """2 players: per (bot, opponent) summary."""
        if self.config.players != 2:
            raise ValueError("pair summaries need 2-player games; use tables()")
        return self.tables()

    def matrix(self) -> pd.DataFrame:
        return pair_matrix(self.games)

    def metadata(self) -> dict:
        from sim.io import run_metadata

        return run_metadata(self)

    def save(self, path: str) -> None:
        from sim.io import save_results

        save_results(self, path)

    @classmethod
    def load(cls, path: str) -> Results:
        from sim.io import load_results

        return load_results(path)
