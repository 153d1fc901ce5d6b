"""Run a domsim run's chunks on a Dask cluster, for when one machine is not enough.

Workers run the very same :func:`sim.runner.work.play_chunk` as the local
pool, so the results are identical to a local run; only the transport
differs.  Workers need the ``sim`` and ``bots`` packages importable (and the
same ``.toml`` bot files at the same paths, if any are used).
"""

from __future__ import annotations

from collections.abc import Iterator

from sim.engine.config import ConfigError
from sim.runner.plan import RunConfig, default_processes
from sim.runner.work import ChunkOutput, play_chunk

#: Seconds to reach a scheduler before giving up (a wrong address fails fast).
CONNECT_TIMEOUT_S = 10


def require_dask() -> None:
    """Raise a one-line :class:`ConfigError` naming the extra to install when
    ``dask.distributed`` is not importable (it is an optional dependency)."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError as exc:
        raise ConfigError(f"running on Dask needs the dask extra: pip install 'domsim[dask]' "
                          f"({type(exc).__name__}: {str(exc).strip().splitlines()[0]})"
                          ) from None


def probe_scheduler(address: str, timeout: float) -> None:
    """Fail fast, in one line, when a ``tcp://HOST:PORT`` scheduler address is malformed
    or nothing answers there, without building a Dask ``Client``.

    A Client whose connection failed is left half-made, and its clean-up at garbage
    collection can deadlock the next Client in the same process; a plain socket
    avoids that.  Other schemes (tls://, ucx://, inproc://) are left to Dask.
    """
    import socket

    scheme, sep, rest = address.rpartition("://")
    if sep and scheme != "tcp":
        return
    host, colon, port = rest.rpartition(":")
    host = host.strip("[]")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"not a Dask scheduler address: {address!r} (want tcp://HOST:PORT)")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise ConfigError(f"cannot reach the Dask scheduler at {address} "
                          f"(within {timeout:g} s): {reason}") from None


class DaskBackend:
    """``scheduler``: a scheduler address ("tcp://host:8786"); None starts a
    ``LocalCluster`` of ``n_workers`` single-threaded worker processes.

    Raises :class:`ConfigError` at once when Dask is not installed, and from
    :meth:`start` (before any game) when the scheduler cannot be reached within
    ``timeout`` seconds (default :data:`CONNECT_TIMEOUT_S`).
    """

    def __init__(self, scheduler: str | None = None, n_workers: int | None = None,
                 timeout: float | None = None):
        require_dask()
        self.scheduler = scheduler
        self.n_workers = n_workers or default_processes()
        self.timeout = CONNECT_TIMEOUT_S if timeout is None else timeout
        self.client = None
        self.cluster = None

    def start(self, cfg: RunConfig, n_chunks: int) -> None:
        from dask.distributed import Client, LocalCluster

        if self.scheduler:
            probe_scheduler(self.scheduler, self.timeout)
            try:
                self.client = Client(self.scheduler, timeout=self.timeout)
            except Exception as exc:  # noqa: BLE001 - OSError, TimeoutError, a bad address...
                reason = str(exc).strip().splitlines()[0] if str(exc).strip() else \
                    type(exc).__name__
                raise ConfigError(f"cannot reach the Dask scheduler at {self.scheduler} "
                                  f"(within {self.timeout:g} s): {reason}") from None
        else:
            self.cluster = LocalCluster(n_workers=min(self.n_workers, max(1, n_chunks)),
                                        processes=True, threads_per_worker=1,
                                        dashboard_address=None)
            self.client = Client(self.cluster)

    def outputs(self, cfg: RunConfig, chunks: list[int]) -> Iterator[ChunkOutput]:
        from dask.distributed import as_completed

        cfg_f = self.client.scatter(cfg, broadcast=True)
        futures = self.client.map(play_chunk, [cfg_f] * len(chunks), chunks, pure=False)
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            self.client.cancel(futures)

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None
