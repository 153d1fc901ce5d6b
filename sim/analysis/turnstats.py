"""Average $ produced and score per turn, for each bot, over a game.

Results files hold one row per game (final scores only), so the curves of a
game's progress are measured separately: the engine records, on request
(``play_batch(record_turns=1)``), each seat's $ produced and score after every
turn it played.  Games are laid out by the runner's plan (the same seeds and
rotating seats as a tournament of these bots), so every bot sits in every seat
equally often and the first-player advantage does not bias the curves.

A mean at turn ``t`` is over the games in which that seat played a turn ``t``;
late turns are therefore averaged over the longer games only, and ``n`` says
how many games each point rests on (plots cut the thin tail).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import pandas as pd

# Games per play_batch call: bounds the recorded arrays (games x seats x turn cap, int16).
BATCH = 20_000


def _config(bots: Sequence[object], games: int, players: int, seed: int,
            kingdom: str | Sequence[str] | None, events: str | Sequence[str] | None = None):
    """A runner config: every ``players``-bot table of ``bots`` (or the one table given)."""
    from sim.runner.plan import make_config

    distinct = len({getattr(b, "name", b) for b in bots})
    if distinct == 1 and len(bots) < players:
        # A mirror match (a results file lists the bot once).  Bots given once per seat go
        # to make_config as they are: two different bots under one name are its error.
        bots = [bots[0]] * players
    if len(bots) == players:
        # One table, seated as given (a bot may sit twice, e.g. a mirror match).
        return make_config(list(bots), players=players, games=games, seed=seed,
                           seats="rotate", kingdom=kingdom, events=events,
                           max_events=_max_events(events))
    if distinct < players:
        raise ValueError(f"{players}-player games need {players} bots (or that many "
                         f"distinct bots for a round robin), got {len(bots)}")
    n_tables = sum(1 for _ in itertools.combinations(range(distinct), players))
    return make_config(list(bots), players=players, round_robin=True,
                       games=max(1, -(-games // n_tables)), seed=seed, seats="rotate",
                       kingdom=kingdom, events=events, max_events=_max_events(events))


def _max_events(events: str | Sequence[str] | None) -> int:
    """Events listed (a results file's) are all allowed; "random" keeps the default 2."""
    if events is None or isinstance(events, str):
        return 2
    return max(2, len(events))


def per_turn_stats(bots: Sequence[object], games: int = 2000, players: int = 2,
                   seed: int = 0, kingdom: str | Sequence[str] | None = None,
                   events: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Mean $ produced and mean score after each turn, per bot.

    ``bots``: names, ``.toml`` paths or bot objects.  With exactly ``players``
    bots they share one table; with more, every ``players``-bot combination is a
    table and ``games`` is split between the tables.  Seats rotate (each seed is
    played once per rotation), so each bot moves first equally often.

    Returns columns ``bot``, ``turn`` (1-based), ``coins`` (mean $ produced in
    that turn), ``score`` (mean score after it), ``n`` (seat-games that reached
    the turn).  ``df.attrs`` carries ``players``, ``kingdom``, ``events``, ``games`` and
    ``seats`` for chart titles.  ``events``: the game's Events (as ``make_config``).
    """
    from bots import resolve_bot
    from sim.engine.batch import play_batch

    cfg = _config(bots, games, players, seed, kingdom, events)
    objs = [resolve_bot(s) for s in cfg.bots]
    nb, cap = len(cfg.names), cfg.turn_cap
    coin_sum = np.zeros((nb, cap), np.float64)
    vp_sum = np.zeros((nb, cap), np.float64)
    count = np.zeros((nb, cap), np.int64)
    turn_idx = np.arange(cap)
    for start in range(0, cfg.n_games, BATCH):
        stop = min(start + BATCH, cfg.n_games)
        lay = cfg.layout(start, stop)
        res = play_batch(cfg.game_config(), objs, lay["seat_bots"], lay["seed"], lay["first"],
                         record_turns=1, game_offset=start)
        played = turn_idx[None, None, :] < res.turns[:, :, None]      # [g, seat, turn]
        for b in range(nb):
            at = lay["seat_bots"] == b                                 # [g, seat]
            m = played & at[:, :, None]
            coin_sum[b] += np.where(m, res.rec_coins, 0).sum(axis=(0, 1))
            vp_sum[b] += np.where(m, res.rec_vp, 0).sum(axis=(0, 1))
            count[b] += m.sum(axis=(0, 1))
    rows = []
    for b, name in enumerate(cfg.names):
        keep = count[b] > 0
        n = count[b][keep]
        rows.append(pd.DataFrame({"bot": name, "turn": turn_idx[keep] + 1,
                                  "coins": coin_sum[b][keep] / n,
                                  "score": vp_sum[b][keep] / n, "n": n}))
    out = pd.concat(rows, ignore_index=True)
    out["bot"] = pd.Categorical(out["bot"], categories=list(cfg.names))
    out.attrs.update({"players": cfg.players, "kingdom": list(cfg.kingdom),
                      "events": list(cfg.events),
                      "games": cfg.n_games, "seats": cfg.seats, "seed": cfg.seed})
    return out
