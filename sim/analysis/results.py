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

import os
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from sim.analysis.io import (
    coerce_games,  # noqa: F401 - re-exported: the canonical dtypes of a games frame
    completed_chunks,
    load_frame,
    run_metadata,
    save_frame,
)
from sim.engine.codes import END_NAMES, END_TURN_CAP
from sim.intervals import wilson  # (also read from here by the analysis and search layers)
from sim.runner.plan import RunConfig

GAME_COLS = ("winners", "tiebreak", "shared", "end", "first", "length")


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


def n_players_of(df: pd.DataFrame) -> int:
    return sum(1 for c in df.columns if c.startswith("bot_"))


@dataclass
class SeatOutcomes:
    """One seat's outcome in every game of a frame, as numpy arrays (see module docstring)."""

    seat: int
    bot: np.ndarray          # int64 bot code (categories of ``bot_0``)
    win: np.ndarray          # sole winner
    shared_win: np.ndarray   # one of k > 1 winners
    credit: np.ndarray       # 1, 1/k or 0
    loss: np.ndarray
    capped: np.ndarray
    tiebreak_win: np.ndarray  # sole winner by the fewer-turns tie-break
    score: np.ndarray
    turns: np.ndarray


def seat_outcomes(df: pd.DataFrame):
    """Yield :class:`SeatOutcomes` for each seat: the scoring every summary and chart uses.

    Summaries tally these per bot with ``np.bincount`` instead of building a
    one-row-per-seat frame: that frame and its group-by took more memory than
    the games themselves (about 200 MB more per million 2-player games).
    """
    winners = df["winners"].to_numpy().astype(np.int64)
    k = df["n_winners"].to_numpy().astype(np.int64)
    capped = df["end"].cat.codes.to_numpy() == END_TURN_CAP
    tb = df["tiebreak"].to_numpy().astype(bool)
    for s in range(n_players_of(df)):
        inw = ((winners >> s) & 1).astype(bool)
        sole = inw & (k == 1)
        yield SeatOutcomes(
            seat=s, bot=df[f"bot_{s}"].cat.codes.to_numpy().astype(np.int64), win=sole,
            shared_win=inw & (k > 1), credit=np.where(inw, 1.0 / np.maximum(k, 1), 0.0),
            loss=~inw & ~capped, capped=capped, tiebreak_win=sole & tb,
            score=df[f"score_{s}"].to_numpy(), turns=df[f"turns_{s}"].to_numpy())


def tally(key: np.ndarray, size: int, weights: np.ndarray | None = None) -> np.ndarray:
    """Sum of ``weights`` (or count) per key in 0..size-1, as floats."""
    if weights is not None:
        weights = np.asarray(weights, float)
    return np.bincount(key, weights=weights, minlength=size)[:size].astype(float)


def long_frame(df: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, seat): the seat's bot and its outcome in that game.

    The easiest shape for ad-hoc pandas analysis; the summaries below do not
    need it.
    """
    names = df["bot_0"].cat.categories
    parts = [pd.DataFrame({
        "table": df["table"].to_numpy(),
        "seat": np.full(len(df), o.seat, np.int8),
        "bot": pd.Categorical.from_codes(o.bot, names),
        "win": o.win, "shared_win": o.shared_win, "credit": o.credit, "loss": o.loss,
        "capped": o.capped, "tiebreak_win": o.tiebreak_win, "score": o.score,
        "turns": o.turns,
    }) for o in seat_outcomes(df)]
    return pd.concat(parts, ignore_index=True)


_COUNTS = ("games", "wins", "shared_wins", "losses", "capped", "tiebreak_wins")


def _aggregate(df: pd.DataFrame, by_table: bool) -> pd.DataFrame:
    """Per bot (or per table and bot): counts, win rate with its interval, averages,
    and win rate by seat; groups in (table, bot) order, only those that played."""
    n = n_players_of(df)
    names = df["bot_0"].cat.categories
    nb = len(names)
    table = df["table"].to_numpy().astype(np.int64) if by_table else np.zeros(len(df), np.int64)
    size = (int(table.max()) + 1 if len(table) else 0) * nb
    sums = {c: np.zeros(size) for c in _COUNTS + ("credit", "score", "turns")}
    seat_games, seat_credit = np.zeros((n, size)), np.zeros((n, size))
    for o in seat_outcomes(df):
        key = table * nb + o.bot
        games = tally(key, size)
        sums["games"] += games
        for c, w in (("wins", o.win), ("shared_wins", o.shared_win), ("losses", o.loss),
                     ("capped", o.capped), ("tiebreak_wins", o.tiebreak_win),
                     ("credit", o.credit), ("score", o.score), ("turns", o.turns)):
            sums[c] += tally(key, size, w)
        seat_games[o.seat] = games
        seat_credit[o.seat] = tally(key, size, o.credit)
    keep = np.flatnonzero(sums["games"] > 0)
    bots = pd.Categorical.from_codes(keep % nb, names)
    if by_table:
        index = pd.MultiIndex.from_arrays(
            [(keep // nb).astype(df["table"].dtype), bots], names=["table", "bot"])
    else:
        index = pd.CategoricalIndex(bots, name="bot")
    games = sums["games"][keep]
    out = pd.DataFrame({c: sums[c][keep].astype(np.int64) for c in _COUNTS[:5]}, index=index)
    out["credit"] = sums["credit"][keep]
    out["win_rate"] = out["credit"] / games
    out["ci_low"], out["ci_high"] = wilson(out["credit"].to_numpy(), games)
    out["tiebreak_wins"] = sums["tiebreak_wins"][keep].astype(np.int64)
    out["avg_score"] = sums["score"][keep] / games
    out["avg_turns"] = sums["turns"][keep] / games
    with np.errstate(invalid="ignore", divide="ignore"):
        for s in range(n):
            out[f"win_rate_seat{s}"] = seat_credit[s][keep] / seat_games[s][keep]
    return out


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Per-bot summary over all its games (a bot seated twice counts twice)."""
    out = _aggregate(df, by_table=False)
    return out.sort_values("win_rate", ascending=False, kind="stable")


def table_summary(df: pd.DataFrame, cfg: RunConfig) -> pd.DataFrame:
    """Per (table, bot): each bot's results at each table of the run.

    For 2 players a table is a pairing; an ``opponents`` column names the others.
    """
    out = _aggregate(df, by_table=True).reset_index()
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
    names = df["bot_0"].cat.categories
    nb = len(names)
    games, credit = np.zeros(nb * nb), np.zeros(nb * nb)
    codes = [df[f"bot_{s}"].cat.codes.to_numpy().astype(np.int64) for s in (0, 1)]
    for o in seat_outcomes(df):
        key = o.bot * nb + codes[1 - o.seat]
        games += tally(key, nb * nb)
        credit += tally(key, nb * nb, o.credit)
    games, credit = games.reshape(nb, nb), credit.reshape(nb, nb)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(games > 0, credit / games, np.nan)
    rows = np.flatnonzero(games.sum(axis=1) > 0)
    cols = np.flatnonzero(games.sum(axis=0) > 0)
    return pd.DataFrame(
        rate[np.ix_(rows, cols)],
        index=pd.CategoricalIndex(pd.Categorical.from_codes(rows, names), name="bot"),
        columns=pd.CategoricalIndex(pd.Categorical.from_codes(cols, names), name="opponent"))


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
        """What the results file records besides the games (:mod:`sim.analysis.io`)."""
        return run_metadata(self.config, complete=self.complete, completed=self.completed,
                            n_games=len(self.games), error=self.error,
                            interrupted=self.interrupted)

    def save(self, path: str | os.PathLike) -> None:
        """Write the games and metadata to ``path`` (.parquet or .csv), atomically."""
        save_frame(self.games, self.metadata(), path)

    @classmethod
    def load(cls, path: str | os.PathLike) -> Results:
        """The results saved in ``path`` (complete or not)."""
        df, meta = load_frame(path)
        return cls(df, RunConfig.from_dict(meta["config"]), completed=completed_chunks(meta),
                   error=meta.get("error"), interrupted=bool(meta.get("interrupted")))
