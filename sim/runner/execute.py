"""Drive a run: hand chunks to a backend, gather arrays, save, resume, fail cleanly.

The parent keeps one preallocated array per output (score, turns, game
columns) for the whole run and fills it by chunk as results arrive, in any
order, so memory stays proportional to the games and no per-game Python object
is made.  The DataFrame is built once at the end (or on failure / Ctrl-C,
from the games finished so far).
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import signal
import time
from collections.abc import Iterable, Iterator
from functools import partial

import numpy as np

from sim.config import ConfigError
from sim.runner.plan import RunConfig, default_processes
from sim.runner.work import ChunkOutput, play_chunk, warm_up

log = logging.getLogger("sim.runner")


class RunError(RuntimeError):
    """A bot failed: the run stopped.  ``results`` holds every finished game."""

    def __init__(self, message: str, results, error: dict):
        super().__init__(message)
        self.results = results
        self.error = error


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run; ``results`` holds the finished chunks (resumable)."""

    def __init__(self, results):
        super().__init__("interrupted")
        self.results = results


def _worker_init() -> None:
    # The parent handles Ctrl-C (saves what finished, then stops the pool).
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalBackend:
    """Chunks in this process (1 process) or in a multiprocessing pool.

    Linux uses 'fork' after compiling the engine in the parent, so workers
    start instantly with the compiled code; elsewhere 'spawn' (workers load
    the engine from numba's disk cache).  Worker logging reaches the parent's
    handlers through multiprocessing-logging.
    """

    def __init__(self, processes: int | None = None):
        self.processes = default_processes() if processes is None else int(processes)
        if self.processes < 1:
            raise ConfigError(f"processes must be at least 1, not {processes}")
        self._pool = None
        self._mp_logging = False

    def start(self, cfg: RunConfig, n_chunks: int) -> None:
        warm_up(cfg)
        k = min(self.processes, n_chunks)
        if k <= 1:
            return
        methods = mp.get_all_start_methods()
        ctx = mp.get_context("fork" if "fork" in methods else "spawn")
        if logging.getLogger().handlers:
            import multiprocessing_logging

            multiprocessing_logging.install_mp_handler()
            self._mp_logging = True
        self._pool = ctx.Pool(k, initializer=_worker_init)

    def outputs(self, cfg: RunConfig, chunks: list[int]) -> Iterator[ChunkOutput]:
        if self._pool is None:
            for c in chunks:
                yield play_chunk(cfg, c)
        else:
            yield from self._pool.imap_unordered(partial(play_chunk, cfg), chunks)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None
        if self._mp_logging:
            import multiprocessing_logging

            multiprocessing_logging.uninstall_mp_handler()
            self._mp_logging = False


class _Store:
    """Whole-run output arrays, filled chunk by chunk."""

    def __init__(self, cfg: RunConfig):
        n, g = cfg.players, cfg.n_games
        self.cfg = cfg
        self.score = np.zeros((g, n), np.int16)
        self.turns = np.zeros((g, n), np.int16)
        self.gcols = np.zeros((g, 6), np.int16)
        self.have = np.zeros(g, bool)
        self.completed: set[int] = set()

    def add(self, out: ChunkOutput) -> None:
        sl = slice(out.start, out.stop)
        self.score[sl] = out.score
        self.turns[sl] = out.turns
        self.gcols[sl] = out.game
        self.have[sl] = True
        if out.error is None:
            self.completed.add(out.chunk)

    def add_frame(self, df, chunks: Iterable[int]) -> None:
        """Take the rows of finished ``chunks`` from a saved results frame."""
        chunks = set(chunks)
        games = df["game"].to_numpy()
        keep = np.isin(self.cfg.chunk_of(games), list(chunks))
        df = df[keep]
        idx = df["game"].to_numpy()
        n = self.cfg.players
        self.score[idx] = df[[f"score_{s}" for s in range(n)]].to_numpy()
        self.turns[idx] = df[[f"turns_{s}" for s in range(n)]].to_numpy()
        self.gcols[idx, 0] = df["winners"].to_numpy()
        self.gcols[idx, 1] = df["tiebreak"].to_numpy()
        self.gcols[idx, 2] = df["shared"].to_numpy()
        self.gcols[idx, 3] = df["end"].cat.codes.to_numpy()
        self.gcols[idx, 4] = df["first"].to_numpy()
        self.gcols[idx, 5] = df["length"].to_numpy()
        self.have[idx] = True
        expected = sum(np.diff(self.cfg.chunk_range(c))[0] for c in chunks)
        if len(idx) != expected:
            raise ConfigError("results file is missing games of chunks it lists as finished")
        self.completed |= chunks

    def results(self, error: dict | None = None, interrupted: bool = False):
        from sim.results import Results, games_frame

        if self.have.all():
            idx = np.arange(len(self.have), dtype=np.int64)
            df = games_frame(self.cfg, idx, self.score, self.turns, self.gcols)
        else:
            idx = np.flatnonzero(self.have)
            df = games_frame(self.cfg, idx, self.score[idx], self.turns[idx], self.gcols[idx])
        return Results(df, self.cfg, frozenset(self.completed), error, interrupted)


def load_resume(path_or_results, cfg: RunConfig):
    """The saved results to continue, checked against ``cfg``; its config wins
    for ``chunk_size`` (chunk indices must keep their meaning)."""
    from sim.results import Results

    prior = path_or_results if isinstance(path_or_results, Results) else \
        Results.load(os.fspath(path_or_results))
    mine, theirs = cfg.identity(), prior.config.identity()
    diff = [k for k in mine if mine[k] != theirs.get(k)]
    if diff:
        k = diff[0]
        raise ConfigError(f"cannot resume: the file was made with {k}={theirs.get(k)!r}, "
                          f"this run has {k}={mine[k]!r}")
    return prior


def run(cfg: RunConfig, *, processes: int | None = None, backend=None,
        progress: bool | None = None, out: str | os.PathLike | None = None,
        resume=None, checkpoint_s: float = 60.0) -> object:
    """Play every unfinished chunk of ``cfg`` and return a :class:`Results`.

    ``backend``: None (local, ``processes`` workers) or an object with
    ``start(cfg, n_chunks)``, ``outputs(cfg, chunks)`` and ``close()`` (see
    :class:`sim.dask_backend.DaskBackend`).  ``out``: results file, written at the
    end, every ``checkpoint_s`` seconds, and on a bot failure or Ctrl-C.
    ``resume``: a results file (or Results) of the same configuration whose
    finished chunks are kept, not replayed.  Raises :class:`RunError` (bot
    failure) or :class:`RunInterrupted` (Ctrl-C), both carrying the results.
    """
    from tqdm.auto import tqdm

    if out is not None:
        from sim.io import file_kind

        file_kind(out)
    store = _Store(cfg)
    if resume is not None:
        prior = load_resume(resume, cfg)
        cfg = prior.config
        store = _Store(cfg)
        store.add_frame(prior.games, prior.completed)
    todo = [c for c in range(cfg.n_chunks) if c not in store.completed]
    todo_games = sum(cfg.chunk_range(c)[1] - cfg.chunk_range(c)[0] for c in todo)
    if backend is None:
        backend = LocalBackend(processes)
    error = None
    interrupted = False
    last_save = time.monotonic()
    try:
        if todo:
            backend.start(cfg, len(todo))
            bar = tqdm(total=todo_games, unit="game", unit_scale=True, smoothing=0.1,
                       mininterval=0.5, disable=(None if progress is None else not progress),
                       leave=False, dynamic_ncols=True)
            try:
                for o in backend.outputs(cfg, todo):
                    store.add(o)
                    bar.update(o.stop - o.start)
                    if o.error is not None:
                        error = o.error
                        break
                    if out is not None and time.monotonic() - last_save > checkpoint_s:
                        store.results().save(os.fspath(out))
                        last_save = time.monotonic()
            finally:
                bar.close()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        backend.close()
    results = store.results(error, interrupted)
    if out is not None:
        results.save(os.fspath(out))
    if error is not None:
        raise RunError(error["message"], results, error)
    if interrupted:
        raise RunInterrupted(results)
    return results
