"""The Dask backend plays the same chunks as the local pool: identical results."""

from __future__ import annotations

import pandas as pd
import pytest

pytest.importorskip("dask.distributed")

from sim.runner import Match, Tournament  # noqa: E402


@pytest.mark.timeout(180)
def test_local_cluster_matches_local_run(tmp_path):
    m = Match("smithy-bm", "bmu", games=600, seed=21, chunk_size=100)
    local = m.play(processes=1)
    t = Tournament(["big-money", "bmu", "militia-bm"], players=3, games=12, seed=3,
                   chunk_size=6)
    t_local = t.play(processes=1)
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster:
        dist = m.play(scheduler=cluster.scheduler_address, out=tmp_path / "d.parquet")
        t_dist = t.play(scheduler=cluster.scheduler_address)
        with Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == 2
    pd.testing.assert_frame_equal(dist.games, local.games)
    pd.testing.assert_frame_equal(t_dist.games, t_local.games)
    assert dist.complete
