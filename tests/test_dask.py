"""The same chunks on a real Dask LocalCluster (worker processes on loopback) give
the same tallies as local threads for the same seed; its faults (no worker, a lost scheduler)
end in one line."""

import os
import time

import pytest

from analyzer.games.holdem.equity import holdem_equity
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner

distributed = pytest.importorskip("dask.distributed")

ARGS = (["QQ+, AKs", "random", "22-66"],)
KWARGS = dict(exact=False, stopping=Stopping(trials=200_000), seed=2026, chunk_size=25_000)


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        yield cluster


def test_dask_cluster_gives_the_local_tallies(cluster):
    local = holdem_equity(*ARGS, **KWARGS, runner=Runner(threads=2))
    remote = holdem_equity(*ARGS, **KWARGS, runner=Runner(scheduler=cluster.scheduler_address))
    assert remote.to_dict()["players"] == local.to_dict()["players"]
    assert remote.run.trials == local.run.trials == 200_000


def test_dask_scheduler_address_from_the_environment(cluster, monkeypatch):
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", cluster.scheduler_address)
    local = holdem_equity(*ARGS, **KWARGS, runner=Runner(threads=1))
    remote = holdem_equity(*ARGS, **KWARGS)
    assert remote.to_dict()["players"] == local.to_dict()["players"]


def test_exact_runs_on_the_cluster_too(cluster):
    hands = (["AK, QQ", "JTs"], "2c7d9h")
    local = holdem_equity(*hands, exact=True)
    remote = holdem_equity(*hands, exact=True, runner=Runner(scheduler=cluster.scheduler_address))
    assert remote.to_dict()["players"] == local.to_dict()["players"]


@pytest.mark.slow
def test_unreachable_scheduler_is_a_clear_error():
    with pytest.raises(ValueError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"):
        holdem_equity(*ARGS, **KWARGS, runner=Runner(scheduler="tcp://127.0.0.1:9"))


@pytest.mark.slow
def test_a_failed_client_is_collected_before_the_error_leaves():
    """A half-made Client left to a later garbage collection can deadlock the start of the next
    one (its __del__ waits for the lock that start holds): none may outlive the error."""
    import gc

    from dask.distributed import Client

    gc.collect()
    for _ in range(3):
        with pytest.raises(ValueError, match="cannot reach the Dask scheduler"):
            holdem_equity(*ARGS, **KWARGS, runner=Runner(scheduler="tcp://127.0.0.1:9"))
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
        holdem_equity(*ARGS, **KWARGS, runner=Runner(scheduler="/proc/x"))


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
    local = simulate_rounds("hold3", **kwargs, runner=Runner(threads=2))
    client = distributed.Client(cluster.scheduler_address)
    outcome = {}
    runner = threading.Thread(
        target=lambda: outcome.update(
            result=simulate_rounds("hold3", **kwargs, runner=Runner(scheduler=cluster.scheduler_address))
        )
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


def test_a_scheduler_without_workers_times_out_in_one_line(monkeypatch):
    """A scheduler alone would take the chunks and never run them: the run waits
    POKER_ANALYZER_DASK_TIMEOUT seconds for a worker, then stops with one clear error."""
    monkeypatch.setenv("POKER_ANALYZER_DASK_TIMEOUT", "1")
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None) as empty:
        began = time.monotonic()
        with pytest.raises(ValueError, match=r"^the Dask scheduler at tcp://\S+ has no workers \(waited 1 s; "):
            holdem_equity(*ARGS, **KWARGS, runner=Runner(scheduler=empty.scheduler_address))
        assert time.monotonic() - began < 10


@pytest.mark.parametrize("value", ["x", "0", "-1", "inf", "nan"])
def test_the_dask_timeout_is_a_positive_number_of_seconds(monkeypatch, value):
    monkeypatch.setenv("POKER_ANALYZER_DASK_TIMEOUT", value)
    with pytest.raises(
        ValueError, match=f"POKER_ANALYZER_DASK_TIMEOUT must be a positive number of seconds, got '{value}'"
    ):
        holdem_equity(*ARGS, **KWARGS, runner=Runner(scheduler="tcp://127.0.0.1:9"))


@pytest.mark.slow
def test_a_lost_scheduler_ends_the_run_in_one_line(tmp_path):
    """The scheduler process is killed in the middle of a run: the run ends with one error line
    naming it, not Dask's tracebacks and log records."""
    import signal
    import subprocess
    import sys

    port = 18000 + os.getpid() % 1000
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m"]
    scheduler = subprocess.Popen(
        [*dask[:2], "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    worker = subprocess.Popen(
        [*dask[:2], "distributed.cli.dask_worker", address, "--nthreads", "1", "--no-dashboard"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        client = distributed.Client(address, timeout="30s")
        client.wait_for_workers(1, timeout=60)
        client.close()
        run = subprocess.Popen(
            [sys.executable, "-m", "analyzer.cli.main", "mousel", "play", "--sessions", "4000", "--deals", "4000"]
            + ["--scheduler", address],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(6)
        assert run.poll() is None  # the kill lands in the middle of the run
        scheduler.send_signal(signal.SIGKILL)
        _, err = run.communicate(timeout=60)
    finally:
        for process in (worker, scheduler):
            process.kill()
            process.wait()
    assert run.returncode == 1
    assert err.splitlines() == [f"error: lost the Dask scheduler at {address}"]
