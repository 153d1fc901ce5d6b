"""Run a domsim run's chunks on a Dask cluster, for when one machine is not enough.

Workers run the very same :func:`sim.runner.work.play_chunk` as the local
pool, so the results are identical to a local run; only the transport
differs.  Workers need the ``sim`` and ``bots`` packages importable (and the
same ``.toml`` bot files at the same paths, if any are used).
"""

from __future__ import annotations

from collections.abc import Iterator

from sim.runner.plan import RunConfig, default_processes
from sim.runner.work import ChunkOutput, play_chunk


class DaskBackend:
    """``scheduler``: a scheduler address ("tcp://host:8786"); None starts a
    ``LocalCluster`` of ``n_workers`` single-threaded worker processes."""

    def __init__(self, scheduler: str | None = None, n_workers: int | None = None):
        self.scheduler = scheduler
        self.n_workers = n_workers or default_processes()
        self.client = None
        self.cluster = None

    def start(self, cfg: RunConfig, n_chunks: int) -> None:
        from dask.distributed import Client, LocalCluster

        if self.scheduler:
            self.client = Client(self.scheduler)
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
