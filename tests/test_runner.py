"""The runner: the run options made once at the edge and carried to the engine as one object.

Its threads, scheduler and progress reach the executor (which thread ran a task, which address
a run tried, what the sink heard); it is immutable and checks its thread count where it is made;
and a run through it gives the seeded figures the docs show for the old keyword path."""

import dataclasses
import threading

import pytest

from analyzer.games.draw.advise import advise
from analyzer.sim.engine import KernelJob, Stopping, run_monte_carlo
from analyzer.sim.executors import keep_main_thread_free, max_threads
from analyzer.sim.runner import Runner


def _thread_and_square(x):
    return threading.current_thread().name, x * x


@pytest.fixture
def main_thread_runs_inline():
    before = keep_main_thread_free(False)
    yield
    keep_main_thread_free(before)


def test_defaults_are_every_core_no_scheduler_and_no_progress():
    runner = Runner()
    assert (runner.threads, runner.scheduler, runner.progress) == (None, None, None)
    assert runner.workers >= 1


def test_a_runner_is_immutable_and_reporting_makes_a_new_one():
    runner = Runner(threads=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        runner.threads = 1  # type: ignore[misc]
    heard: list = []
    loud = runner.reporting(lambda done, planned: heard.append((done, planned)))
    assert runner.progress is None and loud.threads == 2 and loud.workers == 2
    loud.report(3, 7)
    runner.report(4, 7)  # no sink: nothing heard
    assert heard == [(3, 7)]
    assert loud.reporting(None).progress is None


def test_a_bad_thread_count_is_refused_where_the_runner_is_made():
    with pytest.raises(ValueError, match=r"threads must be 1 to \d+"):
        Runner(threads=max_threads() + 1)


def test_the_thread_count_reaches_the_executor(main_thread_runs_inline):
    tasks = [(x,) for x in range(4)]
    assert Runner(threads=1).tasks(_thread_and_square, tasks) == [
        (threading.main_thread().name, x * x) for x in range(4)
    ]
    pooled = Runner(threads=2).tasks(_thread_and_square, tasks)
    assert [square for _, square in pooled] == [0, 1, 4, 9]
    assert all(name.startswith("chunk") for name, _ in pooled)


def test_the_scheduler_reaches_the_executor(monkeypatch):
    import dask.distributed

    def failing_client(*args, **kwargs):
        raise AssertionError

    monkeypatch.setattr(dask.distributed, "Client", failing_client)
    with pytest.raises(ValueError, match=r"cannot reach the Dask scheduler at /proc/x"):
        Runner(scheduler="/proc/x").tasks(_thread_and_square, [(1,), (2,)])


def test_the_progress_sink_hears_every_task_and_every_chunk():
    heard: list = []
    runner = Runner(threads=2, progress=lambda done, planned: heard.append((done, planned)))
    runner.tasks(_thread_and_square, [(x,) for x in range(3)])
    assert sorted(heard) == [(1, 3), (2, 3), (3, 3)]
    heard.clear()
    job = KernelJob(kernel=_count_trials, leading=(), trailing=(), width=1)
    run = runner.monte_carlo(job, seed=1, stopping=Stopping(trials=25), chunk_size=10)
    assert run.trials == run.tallies[0] == 25 and run.chunks == 3
    assert heard == [(10, 25), (20, 25), (25, 25)]


def _count_trials(trials, rng, tallies):
    tallies[0] += trials


def test_a_monte_carlo_run_through_the_runner_is_the_engine_run_with_its_options():
    job = KernelJob(kernel=_count_trials, leading=(), trailing=(), width=1)
    through = Runner(threads=2).monte_carlo(job, seed=5, stopping=Stopping(trials=30), chunk_size=7)
    direct = run_monte_carlo(job, seed=5, stopping=Stopping(trials=30), chunk_size=7, threads=1)
    assert (through.trials, through.chunks, through.chunk_size, through.seed) == (30, 5, 7, 5)
    assert (through.tallies == direct.tallies).all()


def test_a_game_run_through_a_runner_prints_the_documented_figures():
    """docs/cli/draw.md: ``draw advise "Ah Kh 9h 7h 2c" --opponents 2 --trials 10000 --seed 1``
    shows keeping the four hearts at 31.09% equity (0.46% s.e.), 31.08% wins, 44.68% improving;
    on one thread or two."""
    for threads in (1, 2):
        result = advise(
            "Ah Kh 9h 7h 2c", opponents=2, stopping=Stopping(trials=10_000), seed=1, runner=Runner(threads=threads)
        )
        best = result.options[0]
        assert (
            f"{best.equity:.2%} {best.stderr:.2%} {best.win:.2%} {best.p_improve:.2%}" == "31.09% 0.46% 31.08% 44.68%"
        )
