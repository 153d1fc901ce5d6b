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


@pytest.mark.slow  # a local cluster's start and its workers' imports (~10 s) for one small search
@pytest.mark.timeout(300)
def test_a_search_on_a_dask_cluster_is_the_local_search(tmp_path):
    """domsim optimize --dask plays the same races as the local pool: an Adventures
    board with Events, the same rungs, the same bot."""
    from sim.optimize import optimize

    kw = dict(kingdom=["Page", "Peasant", "Lost City", "Royal Carriage", "Coin of the Realm",
                       "Distant Lands", "Relic", "Bridge Troll", "Smithy", "Laboratory"],
              events=["Lost Arts", "Seaway"], against=["bmu"], budget=40_000, seed=5,
              population=4, keep=1, progress=False, chart=False, first_deals=200)
    local = optimize(out=tmp_path / "local.toml", processes=1, **kw)
    dist = optimize(out=tmp_path / "dask.toml", processes=2, backend="dask", **kw)
    assert dist.trace["rungs"] == local.trace["rungs"] and dist.heldout == local.heldout
    assert dist.genome == local.genome
