"""The same chunks on a real Dask LocalCluster (worker processes on loopback) give
the same tallies as local threads for the same seed."""

import pytest

from analyzer.games.holdem.equity import holdem_equity
from analyzer.sim.engine import Stopping

distributed = pytest.importorskip("dask.distributed")

ARGS = (["QQ+, AKs", "random", "22-66"],)
KWARGS = dict(method="monte-carlo", stopping=Stopping(trials=200_000), seed=2026, chunk_size=25_000)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        yield cluster


def test_dask_cluster_gives_the_local_tallies(cluster):
    local = holdem_equity(*ARGS, **KWARGS, threads=2)
    remote = holdem_equity(*ARGS, **KWARGS, scheduler=cluster.scheduler_address)
    assert remote.to_dict()["players"] == local.to_dict()["players"]
    assert remote.run.trials == local.run.trials == 200_000


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


@pytest.mark.slow
def test_unreachable_scheduler_is_a_clear_error():
    with pytest.raises(ValueError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"):
        holdem_equity(*ARGS, **KWARGS, scheduler="tcp://127.0.0.1:9")


@pytest.mark.slow
def test_a_failed_client_is_collected_before_the_error_leaves():
    """A half-made Client left to a later garbage collection can deadlock the start of the next
    one (its __del__ waits for the lock that start holds): none may outlive the error."""
    import gc

    from dask.distributed import Client

    gc.collect()
    for _ in range(3):
        with pytest.raises(ValueError, match="cannot reach the Dask scheduler"):
            holdem_equity(*ARGS, **KWARGS, scheduler="tcp://127.0.0.1:9")
        gc.disable()  # what the next run's threads would find, before any collection of theirs
        try:
            # type(), not isinstance(): a dead weak proxy among the objects raises on isinstance
            assert not [o for o in gc.get_objects() if issubclass(type(o), Client)]
        finally:
            gc.enable()


def test_any_failure_to_connect_is_the_same_clear_error(monkeypatch):
    """Found by the fuzz: a bogus address (``/proc/x``) sometimes fails inside Dask's event loop
    with a bare AssertionError, not an OSError."""
    import dask.distributed

    def failing_client(*args, **kwargs):
        raise AssertionError

    monkeypatch.setattr(dask.distributed, "Client", failing_client)
    with pytest.raises(ValueError, match=r"cannot reach the Dask scheduler at /proc/x: AssertionError"):
        holdem_equity(*ARGS, **KWARGS, scheduler="/proc/x")


@pytest.mark.slow
def test_a_killed_worker_does_not_change_the_result(cluster):
    """A worker process dies in the middle of a run: Dask reruns its chunks elsewhere and
    the run ends with the tallies of an uninterrupted local run."""
    import os
    import signal
    import threading
    import time

    from analyzer.games.head_to_head.play import simulate_rounds

    kwargs = dict(rows=5, first="greedy", second="greedy", rounds=240_000, seed=99)
    local = simulate_rounds("hold3", **kwargs, threads=2)
    client = distributed.Client(cluster.scheduler_address)
    outcome = {}
    runner = threading.Thread(
        target=lambda: outcome.update(result=simulate_rounds("hold3", **kwargs, scheduler=cluster.scheduler_address))
    )
    runner.start()
    deadline = time.monotonic() + 60
    while not any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    victim = next(address for address, tasks in client.processing().items() if tasks)
    assert runner.is_alive()  # the kill lands in the middle of the run
    os.kill(client.run(os.getpid)[victim], signal.SIGKILL)  # the nanny starts a new worker
    runner.join(timeout=300)
    client.close()
    result = outcome["result"]
    assert result.to_dict() == {**local.to_dict(), "elapsed_seconds": result.run.elapsed}
