"""The unit of work: play one chunk of a run and return compact arrays.

The same function runs in the parent (1 process), in a multiprocessing pool
and on Dask workers, so every backend produces the same bytes.  It takes only
picklable data (a :class:`RunConfig` and a chunk index), builds its bots from
their specs once per process, and never raises for a bot failure: it returns
the games finished before the failure plus a description of it, because the
engine's ``BotError`` (keyword-only arguments) does not survive pickling.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sim.runner.plan import RunConfig

log = logging.getLogger("sim.runner")

# Bots built in this process, keyed by their specs and hashes: a spec whose bot changed
# (a file edited, a name registered again for another bot) is a different key.
_BOTS: dict[tuple[tuple[str, ...], tuple[str, ...]], list] = {}


@dataclass
class ChunkOutput:
    """Results of games ``start .. start+len(score)-1`` of chunk ``chunk``.

    ``game`` holds the engine's G_* columns as int16 (winners bitmask, tie-break,
    shared, end reason, first seat, total turns).  ``error`` is None, or a dict
    with message, bot, game, seed and decision when a bot failed in that game.
    """

    chunk: int
    start: int
    score: np.ndarray
    turns: np.ndarray
    game: np.ndarray
    error: dict | None = None

    @property
    def stop(self) -> int:
        return self.start + len(self.score)


def _bots(specs: tuple[str, ...], hashes: tuple[str, ...] = ()) -> list:
    """The bots of ``specs``, checked against the ``hashes`` the run was configured with."""
    key = (tuple(specs), tuple(hashes))
    bots = _BOTS.get(key)
    if bots is None:
        from bots import resolve_bot
        from bots.identity import bot_hash
        from sim.engine.config import ConfigError

        bots = [resolve_bot(s) for s in specs]
        for spec, bot, digest in zip(specs, bots, hashes, strict=False):
            if bot_hash(bot) != digest:
                raise ConfigError(f"bot {spec!r} is not the bot this run was configured with "
                                  f"(its rules or code changed since)")
        _BOTS[key] = bots
    return bots


def play_chunk(cfg: RunConfig, chunk: int,
               on_games: Callable[[int, int], None] | None = None) -> ChunkOutput:
    """Play chunk ``chunk`` of ``cfg``; a bot failure is returned, not raised.

    ``on_games(chunk, n)``: told the number of the chunk's games finished so far as they
    finish, when the chunk holds agent bots (seconds a game: a bar counting whole chunks
    would sit still); a chunk of compiled bots is one batch as always."""
    from sim.engine.batch import BotError, play_batch

    start, stop = cfg.chunk_range(chunk)
    lay = cfg.layout(start, stop)
    bots = _bots(cfg.bots, cfg.hashes)
    try:
        if on_games is not None and _has_agents(bots):
            res = _play_counted(cfg, bots, lay, start, lambda n: on_games(chunk, n))
        else:
            res = play_batch(cfg.game_config(), bots, lay["seat_bots"], lay["seed"],
                             lay["first"], game_offset=start)
        error = None
    except BotError as exc:
        res = exc.done
        error = {"message": str(exc), "bot": exc.bot, "game": exc.game, "seed": exc.seed,
                 "decision": exc.decision, "card": exc.card}
        log.error("chunk %d: %s", chunk, exc)
    log.debug("chunk %d: games %d..%d played", chunk, start, stop - 1)
    return ChunkOutput(chunk, start, res.score.astype(np.int16), res.turns.astype(np.int16),
                       res.game.astype(np.int16), error)


def _has_agents(bots: list) -> bool:
    from sim.env.agent import is_agent_bot

    return any(is_agent_bot(b) for b in bots)


#: A counted chunk's pieces grow (doubling) while one takes less than this (the bar's
#: own refresh interval): a bar moves about this often, and fast agents (a learned
#: policy: about 2 ms a game) keep their speed, since each piece costs a batch's setup
#: (about 1.6 ms).
COUNT_EVERY_S = 0.5


def _play_counted(cfg: RunConfig, bots: list, lay: dict, start: int,
                  finished: Callable[[int], None]):
    """The chunk's batch (sim.engine.batch.play_batch) played in pieces, calling
    ``finished(n)`` after each with the games done so far: a game a piece at first, then
    twice as many while a piece takes under :data:`COUNT_EVERY_S`.  Every game is a
    function of its own seed, seats and first player, so the results are those of the
    one batch; a bot failure's ``done`` holds all the games finished before it."""
    import time

    from sim.engine.batch import BatchResult, BotError, play_batch

    seat_bots, seeds, first = lay["seat_bots"], lay["seed"], lay["first"]
    config = cfg.game_config()
    parts: list = []

    def joined(extra: list) -> BatchResult:
        got = parts + extra
        return BatchResult(*(np.concatenate([getattr(r, a) for r in got])
                             for a in ("score", "turns", "game")))

    i, g, step = 0, len(seeds), 1
    while i < g:
        j = min(g, i + step)
        t0 = time.perf_counter()
        try:
            parts.append(play_batch(config, bots, seat_bots[i:j], seeds[i:j], first[i:j],
                                    game_offset=start + i))
        except BotError as exc:
            exc.done = joined([exc.done])
            raise
        if time.perf_counter() - t0 < COUNT_EVERY_S:
            step *= 2
        i = j
        finished(i)
    return joined([]) if parts else play_batch(config, bots, seat_bots, seeds, first,
                                               game_offset=start)


def warm_up(cfg: RunConfig) -> None:
    """Compile (or load from the disk cache) the engine and build the bots once.

    Called in the parent before forking so the workers inherit a ready engine.
    """
    from sim.engine.batch import BotError, play_batch
    from sim.numba_cache import compile_notice

    lay = cfg.layout(0, 1)
    # A cold numba cache means minutes of compiling: say so rather than look hung.
    with compile_notice():
        try:
            play_batch(cfg.game_config(), _bots(cfg.bots, cfg.hashes), lay["seat_bots"],
                       lay["seed"], lay["first"])
        except BotError:
            pass  # reported, with its game, when the chunk that holds it is played
