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

import numpy as np

from sim.engine.config import ConfigError, is_whole
from sim.runner.plan import RunConfig, default_processes
from sim.runner.work import ChunkOutput, _bots, _has_agents, play_chunk, warm_up

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


# In a pool worker of a run with agent bots: games finished so far per chunk index,
# shared with the parent (which polls it for the progress bar), else None.
_COUNTS = None


def _worker_init(counts=None) -> None:
    global _COUNTS
    # The parent handles Ctrl-C (saves what finished, then stops the pool).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _COUNTS = counts


def _count(chunk: int, n: int) -> None:
    _COUNTS[chunk] = n


def _play_counted_chunk(cfg: RunConfig, chunk: int) -> ChunkOutput:
    """:func:`play_chunk` in a pool worker, its finished games written to the shared
    counts as they finish (one plain store per game: no lock, no message a killed
    worker could leave half sent)."""
    return play_chunk(cfg, chunk, _count)


class WorkerLost(RuntimeError):
    """A pool worker process died (killed, e.g. by the out-of-memory killer) more
    times than :data:`MAX_POOL_RESTARTS` allows; the run stops, its finished games kept."""


#: Fresh pools started after a worker died, before the run gives up (WorkerLost).
MAX_POOL_RESTARTS = 3
#: How often the parent wakes while waiting for chunks (so Ctrl-C is seen at once).
_POLL_S = 0.2


def _death(procs: list) -> str:
    """How the pool's dead workers ended, e.g. "pid 123 killed by SIGKILL"."""
    # The executor's thread reaps the workers of a broken pool and stops the survivors
    # with SIGTERM. While it reaps one, that worker's exitcode reads None for a moment
    # (both threads call waitpid; the loser sees ECHILD), so wait until the real cause
    # shows (an exit other than the executor's SIGTERM) or every worker has ended.
    deadline = time.monotonic() + 1.0
    while True:
        codes = [(p.pid, p.exitcode) for p in procs]  # one look at each worker
        parts, cause = _exits(codes)
        if cause or all(code is not None for _, code in codes) or time.monotonic() >= deadline:
            break
        time.sleep(0.02)
    return ", ".join(cause or parts) or "a worker process ended abruptly"


def _exits(codes: list[tuple[int, int | None]]) -> tuple[list[str], list[str]]:
    """Each ended worker of ``(pid, exitcode)`` as "pid N killed by SIG…" or "pid N exit
    status C", and the subset not caused by the executor's own SIGTERM."""
    parts = []
    for pid, code in codes:
        if code is None or code == 0:
            continue
        try:
            how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        except ValueError:
            how = f"exit status {code}"
        parts.append(f"pid {pid} {how}")
    return parts, [x for x in parts if not x.endswith("SIGTERM")]


class LocalBackend:
    """Chunks in this process (1 process) or in a pool of worker processes.

    Linux uses 'fork' after compiling the engine in the parent, so workers
    start instantly with the compiled code; elsewhere 'spawn' (workers load
    the engine from numba's disk cache).  Worker logging reaches the parent's
    handlers through multiprocessing-logging.

    A worker that dies (``kill -9``, the out-of-memory killer) breaks the pool
    (``BrokenProcessPool``): the chunks not yet returned are played again in a
    fresh pool, at most :data:`MAX_POOL_RESTARTS` times, then :class:`WorkerLost`
    is raised.  Chunks are pure functions of the config, so a replayed chunk is
    identical to the lost one.  The parent only waits in short slices, so
    Ctrl-C is handled at any moment.
    """

    def __init__(self, processes: int | None = None):
        # A whole number, checked before int(): 1.5 is no count of processes to round.
        if processes is not None and (not is_whole(processes) or processes < 1):
            raise ConfigError(f"processes must be at least 1 (an integer, or None: one per "
                              f"core), not {processes!r}")
        self.processes = default_processes() if processes is None else int(processes)
        self._pool = None
        self._procs: list = []
        self._ctx = None
        self._k = 0
        self._mp_logging = False
        self.restarts = 0
        #: Told ``(chunk, games finished)`` as the games of a chunk with agent bots
        #: finish, before the chunk itself returns (set by :func:`run`), or None.
        self.on_games = None
        self._counts = None

    def start(self, cfg: RunConfig, n_chunks: int) -> None:
        warm_up(cfg)
        self._k = min(self.processes, n_chunks)
        if self._k <= 1:
            return
        methods = mp.get_all_start_methods()
        self._ctx = mp.get_context("fork" if "fork" in methods else "spawn")
        if self.on_games is not None and _has_agents(_bots(cfg.bots, cfg.hashes)):
            self._counts = self._ctx.RawArray("i", cfg.n_chunks)
        if logging.getLogger().handlers:
            import multiprocessing_logging

            multiprocessing_logging.install_mp_handler()
            self._mp_logging = True
        self._new_pool()

    def _new_pool(self) -> None:
        from concurrent.futures import ProcessPoolExecutor

        self._pool = ProcessPoolExecutor(self._k, mp_context=self._ctx,
                                         initializer=_worker_init,
                                         initargs=(self._counts,))

    @property
    def worker_pids(self) -> list[int]:
        """Process ids of the current pool's workers (empty before the first chunk)."""
        procs = getattr(self._pool, "_processes", None) or {}
        return [p.pid for p in list(procs.values())]

    def outputs(self, cfg: RunConfig, chunks: list[int]) -> Iterator[ChunkOutput]:
        if self._pool is None:
            for c in chunks:
                yield play_chunk(cfg, c, self.on_games)
            return
        task = play_chunk if self._counts is None else _play_counted_chunk
        from collections import deque
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        # A bounded window of submitted chunks: each wait() walks only the window,
        # so tiny chunks (hundreds of thousands) cost no more than with a Pool.
        window = 4 * self._k
        queue = deque(chunks)
        pending: dict = {}
        while queue or pending:
            broken = False
            try:
                while queue and len(pending) < window:
                    pending[self._pool.submit(task, cfg, queue[0])] = queue[0]
                    queue.popleft()
            except BrokenProcessPool:
                broken = True
            if not self._procs:
                self._procs = list((getattr(self._pool, "_processes", None) or {}).values())
            # Once the pool is broken every pending future fails at once: drain them,
            # keeping the chunks that finished meanwhile and queueing the rest again.
            while pending:
                done, _ = wait(pending, timeout=_POLL_S, return_when=FIRST_COMPLETED)
                if self._counts is not None:
                    for c in pending.values():
                        if self._counts[c]:
                            self.on_games(c, self._counts[c])
                for fut in done:
                    c = pending.pop(fut)
                    try:
                        out = fut.result()
                    except BrokenProcessPool:
                        broken = True
                        queue.append(c)
                        continue
                    yield out
                if not broken and not done and self._worker_died():
                    # A worker killed while sending its result leaves the pool's reader
                    # thread waiting for the rest of that message: the pool itself never
                    # notices. Replay everything still pending in a fresh pool.
                    broken = True
                    queue.extend(pending.values())
                    pending.clear()
                if not broken:
                    break
            if not broken:
                continue
            how = _death(self._procs)
            self._shutdown()
            if self.restarts >= MAX_POOL_RESTARTS:
                raise WorkerLost(f"worker processes died {self.restarts + 1} times (last: "
                                 f"{how}); stopped with {len(queue)} chunks unplayed")
            self.restarts += 1
            log.warning("worker process died (%s): replaying %d unfinished chunks in a "
                        "fresh pool (%d/%d)", how, len(queue), self.restarts, MAX_POOL_RESTARTS)
            self._new_pool()

    def _shutdown(self) -> None:
        """Stop the pool now: cancel queued chunks and kill the workers (no waiting
        for running chunks, which may take seconds, or for workers already dead)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        procs = list((getattr(pool, "_processes", None) or {}).values()) + self._procs
        result_queue = getattr(pool, "_result_queue", None)  # shutdown() forgets it
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            try:
                p.kill()
            except (OSError, ValueError, AttributeError):
                pass
        for p in procs:
            try:
                p.join(5)
            except (OSError, ValueError, AssertionError):
                pass
        # With every worker gone, close this process's end of the result pipe: the
        # pool's reader thread, if it was left waiting for the rest of a message a
        # killed worker had begun to send, then reads end-of-file and stops, instead
        # of hanging the interpreter's exit (which joins that thread).
        writer = getattr(result_queue, "_writer", None)
        if writer is not None:
            try:
                writer.close()
            except OSError:
                pass
        self._procs = []

    def _worker_died(self) -> bool:
        """Whether a worker of the current pool has exited (workers never exit during
        a run unless killed)."""
        procs = list((getattr(self._pool, "_processes", None) or {}).values())
        return any(p.exitcode is not None for p in procs)

    def close(self) -> None:
        self._shutdown()
        if self._mp_logging:
            import multiprocessing_logging

            multiprocessing_logging.uninstall_mp_handler()
            self._mp_logging = False


class _Progress:
    """The progress bar's count: whole chunks as they return, and before that the games
    a backend reports finished in a chunk (chunks with agent bots, seconds a game),
    always before that chunk returns.  A chunk counts each of its games once (a chunk
    replayed after a worker died reports from 1 again: ignored until past the last)."""

    def __init__(self, bar=None):
        self.bar = bar
        self.shown: dict[int, int] = {}

    def games(self, chunk: int, n: int) -> None:
        gain = n - self.shown.get(chunk, 0)
        if gain > 0:
            self.shown[chunk] = n
            self.bar.update(gain)

    def chunk(self, o: ChunkOutput) -> None:
        rest = o.stop - o.start - self.shown.pop(o.chunk, 0)
        if rest > 0:
            self.bar.update(rest)


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
        from sim.analysis.results import Results, games_frame

        if self.have.all():
            idx = np.arange(len(self.have), dtype=np.int64)
            df = games_frame(self.cfg, idx, self.score, self.turns, self.gcols)
        else:
            idx = np.flatnonzero(self.have)
            df = games_frame(self.cfg, idx, self.score[idx], self.turns[idx], self.gcols[idx])
        return Results(df, self.cfg, frozenset(self.completed), error, interrupted)


def load_resume(path_or_results, cfg: RunConfig | None = None):
    """The saved results to continue, checked against ``cfg`` (None: no check, see
    :func:`check_resume`); its config wins for ``chunk_size`` (chunk indices must keep
    their meaning)."""
    from sim.analysis.results import Results

    from_file = not isinstance(path_or_results, Results)
    prior = Results.load(os.fspath(path_or_results)) if from_file else path_or_results
    if cfg is not None:
        check_resume(prior, cfg, os.fspath(path_or_results) if from_file else None)
    return prior


def check_resume(prior, cfg: RunConfig, path: str | None = None) -> None:
    """Refuse (:class:`ConfigError`) to continue ``prior`` (saved in ``path``) with a
    run of ``cfg`` that would play other games.

    Every field that differs is named, in one line, so a user fixes them at once;
    a bot that plays differently than when the file was made (an edited ``.toml``)
    is named with its file, not by its hashes.
    """
    mine, theirs = cfg.identity(), prior.config.identity()
    diff = [k for k in mine if mine[k] != theirs.get(k)]
    if not diff:
        return
    parts = []
    edited = _edited_bots(cfg, prior.config)
    if edited and "hashes" in diff:
        diff.remove("hashes")
        one = len(edited) == 1
        parts.append(f"{'; '.join(edited)} {'plays' if one else 'play'} differently than "
                     f"when the file was made (edited since?): restore {'it' if one else 'them'}"
                     f" or start a new run")
    if diff:
        was = ", ".join(f"{k}={_show(theirs.get(k))}" for k in diff)
        now = ", ".join(f"{k}={_show(mine[k])}" for k in diff)
        parts.insert(0, f"the file was made with {was}; this run has {now}")
    where = f" {path}" if path else ""
    raise ConfigError(f"cannot resume{where}: " + "; ".join(parts))


def _edited_bots(cfg: RunConfig, saved: RunConfig) -> list[str]:
    """The bots of ``cfg`` whose hash differs from the same bot's (same spec) in
    ``saved``, each as "bot NAME (SPEC)" (SPEC: the .toml file, or the registered name)."""
    was = dict(zip(saved.bots, saved.hashes, strict=False))
    out = []
    for spec, name, digest in zip(cfg.bots, cfg.names, cfg.hashes, strict=False):
        if spec in was and was[spec] != digest:
            out.append(f"bot {name} ({spec})" if spec != name else f"bot {name}")
    return out


def _show(v) -> str:
    if isinstance(v, list):
        return ",".join(_show(x) for x in v) if v else "[]"
    return str(v)


#: Bytes the parent holds per game at its peak (whole-run arrays, then the
#: DataFrame built from them with its layout temporaries, then the summary),
#: measured with tracemalloc: about 215 for 2 players and 250 for 4.
def bytes_per_game(players: int) -> int:
    """Peak bytes of parent memory per game of a ``players``-player run."""
    return 180 + 18 * players


def available_memory() -> int | None:
    """Bytes of memory available to new allocations (Linux MemAvailable), or None."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB", "TB", "PB"):
        if n < 1000 or unit == "PB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
    return ""  # pragma: no cover


def check_memory(cfg: RunConfig, available: int | None = None) -> None:
    """Refuse, before any game is played, a run whose results cannot fit in memory.

    Results are gathered in the parent (one array row per game, then one
    DataFrame), so the whole run must fit; the honest remedy is fewer games per
    run (several runs with different seeds can be combined afterwards).
    """
    available = available_memory() if available is None else available
    if available is None:
        return
    per = bytes_per_game(cfg.players)
    need = cfg.n_games * per
    if need > available:
        fit = max(0, available // per)
        raise ConfigError(
            f"{cfg.n_games:,} games need about {_size(need)} of memory for their results "
            f"(about {per} bytes a game, all held until the end) but {_size(available)} is "
            f"available; play at most about {fit:,} games per run (e.g. several runs "
            f"with different --seed)")


def run(cfg: RunConfig, *, processes: int | None = None, backend=None,
        progress: bool | None = None, out: str | os.PathLike | None = None,
        resume=None, checkpoint_s: float = 60.0) -> object:
    """Play every unfinished chunk of ``cfg`` and return a :class:`Results`.

    ``backend``: None (local, ``processes`` workers) or an object with
    ``start(cfg, n_chunks)``, ``outputs(cfg, chunks)`` and ``close()`` (see
    :class:`sim.runner.dask_backend.DaskBackend`).  ``out``: results file, written at the
    end, every ``checkpoint_s`` seconds, and on a bot failure or Ctrl-C.
    ``resume``: a results file (or Results) of the same configuration whose
    finished chunks are kept, not replayed.  Raises :class:`RunError` (a bot
    failed, or worker processes kept dying: ``error["kind"] == "worker-lost"``,
    resumable) or :class:`RunInterrupted` (Ctrl-C), both carrying the results.
    Refuses (:class:`ConfigError`) an output that cannot be written or a run too
    big for memory before playing anything.
    """
    from tqdm.auto import tqdm

    if out is not None:
        from sim.analysis.io import check_output

        check_output(out, "results")
    prior = None
    if resume is not None:
        prior = load_resume(resume, cfg)
        cfg = prior.config
    check_memory(cfg)
    store = _Store(cfg)
    if prior is not None:
        store.add_frame(prior.games, prior.completed)
        del prior
    todo = [c for c in range(cfg.n_chunks) if c not in store.completed]
    todo_games = sum(cfg.chunk_range(c)[1] - cfg.chunk_range(c)[0] for c in todo)
    if backend is None:
        backend = LocalBackend(processes)
    error = None
    interrupted = False
    last_save = time.monotonic()
    try:
        if todo:
            counted = _Progress()
            if hasattr(backend, "on_games"):    # before start: a pool is made to report
                backend.on_games = counted.games
            backend.start(cfg, len(todo))
            bar = counted.bar = tqdm(total=todo_games, unit="game", unit_scale=True,
                                     smoothing=0.1, mininterval=0.5,
                                     disable=(None if progress is None else not progress),
                                     leave=False, dynamic_ncols=True)
            try:
                for o in backend.outputs(cfg, todo):
                    store.add(o)
                    counted.chunk(o)
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
    except WorkerLost as exc:
        error = {"message": str(exc), "kind": "worker-lost"}
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
