"""Runs of one task or one thread run inline, on the calling thread: the same results as on a
pool (bit for bit), with checkpoints, progress reports and errors as on a pool."""

import threading

import pytest

from analyzer.games.holdem.equity import holdem_equity
from analyzer.sim import checkpoint
from analyzer.sim.engine import KernelJob, Stopping, run_monte_carlo, run_tasks
from analyzer.sim.executors import InlineExecutor, executor, keep_main_thread_free
from analyzer.sim.runner import Runner


def _thread_and_square(x):
    return threading.current_thread().name, x * x


@pytest.fixture
def main_thread_free():
    """The main thread kept free for the test, as the command line keeps it."""
    before = keep_main_thread_free(True)
    yield
    keep_main_thread_free(before)


@pytest.mark.parametrize("tasks, threads", [(1, None), (1, 2), (3, 1)])
def test_one_task_or_one_thread_runs_on_the_calling_thread(tasks, threads):
    results: list = []
    caller = threading.Thread(
        target=lambda: results.extend(run_tasks(_thread_and_square, [(x,) for x in range(tasks)], threads=threads)),
        name="caller",
    )
    caller.start()
    caller.join()
    assert results == [("caller", x * x) for x in range(tasks)]
    before = keep_main_thread_free(False)
    try:
        assert run_tasks(_thread_and_square, [(x,) for x in range(tasks)], threads=threads) == [
            (threading.main_thread().name, x * x) for x in range(tasks)
        ]
    finally:
        keep_main_thread_free(before)


@pytest.mark.parametrize("tasks, threads", [(1, None), (3, 1)])
def test_a_free_main_thread_hands_its_inline_calls_to_a_thread_of_their_own(tasks, threads, main_thread_free):
    """As on the command line: the main thread waits for a thread named "call" (test_faults.py:
    Ctrl-C is not held up); a thread that is not the main one still runs its calls itself."""
    assert run_tasks(_thread_and_square, [(x,) for x in range(tasks)], threads=threads) == [
        ("call", x * x) for x in range(tasks)
    ]
    results: list = []
    caller = threading.Thread(target=lambda: results.extend(run_tasks(_thread_and_square, [(2,)])), name="caller")
    caller.start()
    caller.join()
    assert results == [("caller", 4)]


def test_several_tasks_on_several_threads_run_on_a_pool():
    results = run_tasks(_thread_and_square, [(x,) for x in range(4)], threads=2)
    assert [square for _, square in results] == [0, 1, 4, 9]
    assert all(name.startswith("chunk") for name, _ in results)


def test_the_executor_is_inline_for_one_thread_or_one_task_and_a_pool_otherwise():
    with executor(None, 1) as (pool, workers):
        assert isinstance(pool, InlineExecutor) and workers == 1
    with executor(None, 2, 1) as (pool, workers):
        assert isinstance(pool, InlineExecutor) and workers == 1
    with executor(None, 2, 2) as (pool, workers):
        assert not isinstance(pool, InlineExecutor) and workers == 2


def _fails(x):
    raise ValueError(f"task {x} failed")


def test_an_inline_task_error_reaches_the_caller():
    with pytest.raises(ValueError, match="task 7 failed"):
        run_tasks(_fails, [(7,)])


CALLS: list[int] = []


def _count_and_square(x):
    CALLS.append(x)
    return x * x


def test_inline_tasks_checkpoint_report_progress_and_resume(tmp_path):
    CALLS.clear()
    reports = []
    tasks = [(x,) for x in range(3)]
    with checkpoint.checkpointing(tmp_path) as store:
        first = run_tasks(_count_and_square, tasks, threads=1, progress=lambda done, planned: reports.append(done))
        assert len(store) == 3
        again = run_tasks(_count_and_square, tasks, threads=1)
    assert first == again == [0, 1, 4]
    assert CALLS == [0, 1, 2]  # the second run loaded every task from the checkpoints
    assert reports == [1, 2, 3]


def _add_trials(trials, rng, tallies):
    tallies[0] += trials
    tallies[1] += rng[0] % 1000


def test_an_inline_monte_carlo_run_checkpoints_and_reports_like_a_pool(tmp_path):
    job = KernelJob(_add_trials, (), (), 2)
    runs, reports = [], []
    for threads in (1, 2, 1):  # inline, pool, inline again from the checkpoints of the first
        with checkpoint.checkpointing(tmp_path / str(threads)):
            runs.append(
                run_monte_carlo(
                    job,
                    seed=5,
                    stopping=Stopping(trials=1000),
                    chunk_size=300,
                    threads=threads,
                    progress=lambda done, planned: reports.append(done),
                )
            )
    assert [run.tallies.tolist() for run in runs[1:]] == [runs[0].tallies.tolist()] * 2
    assert runs[0].tallies[0] == 1000 and runs[0].chunks == 4
    assert reports == [300, 600, 900, 1000] * 3


@pytest.mark.parametrize(
    "hands, board",
    [
        (["QQ+, AKs", "JJ-99, AQs"], "Kh 7d 2c"),  # tasks by the first player's combos
        (["AK, QQ", "JTs"], ""),  # tasks by suit classes
    ],
)
def test_exact_results_are_bit_identical_inline_and_on_a_pool(hands, board):
    inline = holdem_equity(hands, board, exact=True, runner=Runner(threads=1))
    pool = holdem_equity(hands, board, exact=True, runner=Runner(threads=2))
    assert inline.to_dict()["players"] == pool.to_dict()["players"]
    assert inline.run.trials == pool.run.trials
