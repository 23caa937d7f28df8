"""The same chunks on a real Dask LocalCluster (worker processes on loopback) give
the same tallies as local threads for the same seed."""

import pytest

from analyzer.games.holdem import holdem_equity
from analyzer.sim.engine import Stopping

distributed = pytest.importorskip("dask.distributed")

ARGS = (["QQ+, AKs", "random", "22-66"],)
KWARGS = dict(method="monte-carlo", stopping=Stopping(trials=200_000), seed=2026, chunk_size=25_000)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        yield cluster


def test_dask_cluster_gives_the_local_tallies(cluster):
    local = holdem_equity(*ARGS, **KWARGS, threads=2)
    remote = holdem_equity(*ARGS, **KWARGS, scheduler=cluster.scheduler_address)
    assert remote.to_dict()["players"] == local.to_dict()["players"]
    assert remote.trials == local.trials == 200_000


def test_dask_scheduler_address_from_the_environment(cluster, monkeypatch):
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", cluster.scheduler_address)
    local = holdem_equity(*ARGS, **KWARGS, threads=1)
    remote = holdem_equity(*ARGS, **KWARGS)
    assert remote.to_dict()["players"] == local.to_dict()["players"]


def test_exact_runs_on_the_cluster_too(cluster):
    hands = (["AK, QQ", "JTs"], "2c7d9h")
    local = holdem_equity(*hands, method="exact")
    remote = holdem_equity(*hands, method="exact", scheduler=cluster.scheduler_address)
    assert remote.to_dict()["players"] == local.to_dict()["players"]


def test_unreachable_scheduler_is_a_clear_error():
    with pytest.raises(ValueError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        holdem_equity(*ARGS, **KWARGS, scheduler="tcp://127.0.0.1:9")
