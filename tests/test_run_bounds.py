"""Runs are bounded before they start and time limits hold: the engine's chunking under a time
limit, the bounds on threads, trials, time limits and rollout counts, the guard on long forced
enumerations, and case-insensitive choices, through the engine, the API and the command line."""

import math
import time

import numpy as np
import pytest

import analyzer as pa
from analyzer.cli.main import app
from analyzer.sim.engine import MAX_ROLLOUTS, MAX_TRIALS, Stopping, run_monte_carlo
from analyzer.sim.executors import check_threads, max_threads
from analyzer.sim.method import EXACT_CONFIRM_SECONDS, allow_exact, check_exact_cost

SECONDS_PER_TRIAL = 2e-6  # the sleeping job's pace: a chunk of 10**9 trials would sleep half an hour


class SleepingJob:
    """A job as slow as a real kernel but without using a core (the machine is shared): each
    chunk sleeps its trials' time and tallies draws that depend only on its generator and trials."""

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        time.sleep(trials * SECONDS_PER_TRIAL)
        draws = np.random.Generator(np.random.PCG64([int(word) for word in state]))
        return np.array([trials, draws.binomial(trials, 0.5)], np.int64)

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        return math.nan


def one_error_line(err, *words):
    """Whether ``err`` is one ``error:`` line of bounded length holding every one of ``words``."""
    lines = err.splitlines()
    line = lines[0] if len(lines) == 1 else ""
    return line.startswith("error: ") and len(line) <= 300 and all(w in line for w in words)


def test_a_time_limit_holds_whatever_the_chunk_size_and_the_result_is_reproducible():
    job = SleepingJob()
    run = run_monte_carlo(job, seed=3, stopping=Stopping(time_limit=1.0), chunk_size=10**9, threads=2)
    assert run.stopped_by == "time_limit" and run.elapsed < 1.5
    assert run.chunk_size < 10**9 and run.chunk_size & (run.chunk_size - 1) == 0  # a power of two
    assert run.trials == run.tallies[0] == run.chunks * run.chunk_size
    again = run_monte_carlo(job, seed=3, stopping=Stopping(trials=run.trials), chunk_size=run.chunk_size, threads=1)
    assert again.trials == run.trials and (again.tallies == run.tallies).all()


def test_a_time_limit_keeps_a_chunk_size_that_is_quick_enough():
    job = SleepingJob()
    run = run_monte_carlo(job, seed=4, stopping=Stopping(time_limit=0.5, trials=3_000), chunk_size=1_000, threads=2)
    assert run.chunk_size == 1_000 and run.trials == 3_000 and run.stopped_by == "trials"
    plain = run_monte_carlo(job, seed=4, stopping=Stopping(trials=3_000), chunk_size=1_000, threads=1)
    assert (plain.tallies == run.tallies).all()


def test_a_real_kernel_under_a_time_limit_reproduces_from_its_reported_trials_and_chunk_size():
    hands = ["AsKs", "QQ", "random"]
    pa.holdem.equity(hands, exact=False, trials=1_000, seed=1)  # compiles the kernels: not part of the limit
    timed = pa.holdem.equity(hands, exact=False, time_limit=1.0, chunk_size=2**34, seed=1, threads=2)
    assert timed.run.stopped_by == "time_limit" and timed.run.elapsed < 2.0 and timed.run.chunk_size < 2**34
    again = pa.holdem.equity(hands, exact=False, trials=timed.run.trials, chunk_size=timed.run.chunk_size, seed=1)
    assert [p.equity for p in again.players] == [p.equity for p in timed.players]


@pytest.mark.parametrize(
    "rules, words",
    [
        (dict(time_limit=math.inf), ["time limit", "finite"]),
        (dict(time_limit=math.nan), ["time limit", "nan"]),
        (dict(trials=10**13), ["trials", "1,000,000,000,000"]),
        (dict(target_se=math.nan), ["standard error", "nan"]),
    ],
)
def test_stopping_rules_are_bounded(rules, words):
    with pytest.raises(ValueError) as err:
        Stopping(**rules)
    assert all(w in str(err.value) for w in words)


def test_threads_are_bounded_by_a_few_per_core_in_the_api():
    assert check_threads(None) is None and check_threads(max_threads()) == max_threads()
    with pytest.raises(ValueError, match="threads must be 1 to"):
        pa.holdem.equity(["AsKs", "QQ"], exact=False, trials=1_000, threads=1_000_000)


@pytest.mark.parametrize(
    "option, words",
    [
        (["--threads", "1000000"], ["--threads", "per core"]),
        (["--threads", "0"], ["--threads"]),
        (["--time-limit", "inf"], ["--time-limit", "finite"]),
        (["--time-limit", "nan"], ["--time-limit", "finite"]),
        (["--target-se", "nan"], ["--target-se", "finite"]),
        (["--target-se", "0.6"], ["--target-se", "0.5"]),
        (["--trials", "99999999999999999999"], ["trials", "1,000,000,000,000"]),
    ],
)
def test_run_options_out_of_bounds_are_one_line_usage_errors(main_run, option, words):
    code, out, err = main_run("holdem", "equity", "AsKs", "QQ", "--monte-carlo", *option)
    assert code == 2 and out == "" and one_error_line(err, *words)


@pytest.mark.parametrize(
    "command, option",
    [
        (["head-to-head", "play"], "--games"),
        (["saint-poker", "play"], "-n"),
        (["whist", "play"], "--deals"),
        (["mousel", "play"], "--sessions"),
        (["mousel", "play"], "--deals"),
        (["mousel", "tables"], "--session-deals"),
        (["paigow", "tables"], "--edge-trials"),
        (["head-to-head", "tables"], "--rounds"),
        (["holdem", "preflop-table"], "--trials"),
    ],
)
def test_count_options_are_bounded_naming_the_option_typed(main_run, command, option):
    code, out, err = main_run(*command, option, str(MAX_TRIALS + 1), "--no-progress")
    assert code == 2 and out == "" and one_error_line(err, option, f"at most {MAX_TRIALS:,}")
    assert "trials must" not in err


@pytest.mark.parametrize(
    "command",
    [
        ["h2h", "play", "--first", "rollout:99999999999999999999", "-n", "10"],
        ["h2h", "play", "--first", "rollout:0", "-n", "10"],
        ["saint", "play", "--policies", f"rollout:{MAX_ROLLOUTS + 1}", "-n", "10"],
    ],
)
def test_rollout_counts_are_bounded(main_run, command):
    code, out, err = main_run(*command)
    assert code == 1 and out == "" and one_error_line(err, "rollout count", command[3], f"{MAX_ROLLOUTS:,}")


@pytest.mark.parametrize(
    "command",
    [
        ["holdem", "equity", *["random"] * 10],
        ["holdem", "equity", "22+, A2s+, K2o+", "random", "random"],
        ["stud", "equity", *[""] * 7],
        ["h2h", "place", "--round", "1", "--type", "draw1", "--common", "7s Kd 2h", "--cards", "Qh"],
    ],
)
def test_a_long_forced_enumeration_is_refused_at_once_with_its_estimate(main_run, command):
    began = time.perf_counter()
    code, out, err = main_run(*command, "--exact")
    assert time.perf_counter() - began < 10  # imports and tables included: nothing is enumerated
    assert code == 1 and out == "" and one_error_line(err, "exact enumeration is estimated at", "--yes")


def test_forced_enumerations_run_when_small_or_allowed(main_run):
    code, out, err = main_run("holdem", "equity", "AsKs", "QdQh", "--board", "2c 7d 9h", "--exact")
    assert code == 0 and "exact" in out and err == ""
    check_exact_cost(EXACT_CONFIRM_SECONDS)
    with pytest.raises(ValueError, match="2 hours"):
        check_exact_cost(7_200)
    with allow_exact():
        check_exact_cost(1e30)
    with allow_exact(10.0), pytest.raises(ValueError, match=r"more than 10 seconds"):
        check_exact_cost(11.0)


def test_every_choice_of_every_command_is_case_insensitive(main_run):
    code, out, _ = main_run("paigow", "houseway", "Ac Kd Kh 7s 5c 3d Jk", "--way", "TRUMP-PLAZA")
    assert code == 0 and "(trump-plaza)" in out
    code, _, err = main_run("paigow", "houseway", "Ac Kd Kh 7s 5c 3d Jk", "--way", "NOPE")
    assert code == 2 and one_error_line(err, "--way", "NOPE")

    import typer.main

    def commands(group, path):
        for name, command in getattr(group, "commands", {}).items():
            yield from commands(command, [*path, name])
        if not hasattr(group, "commands"):
            yield path, group

    seen = 0
    for path, command in commands(typer.main.get_command(app), []):
        for param in command.get_params(typer.Context(command)):
            for choice in param.conversion.choices:
                seen += 1
                assert param.conversion.item(choice.value.upper(), None) is choice, (path, param.name)
    assert seen > 30
