"""Options of every command that runs a simulation: method, stopping rules, seed, executor."""

from __future__ import annotations

import functools
import inspect
import math
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from analyzer.sim.executors import check_threads

Exact = Annotated[bool, typer.Option("--exact", help="Force exact enumeration.")]
Yes = Annotated[
    bool, typer.Option("--yes", "-y", help="Run a forced exact enumeration however long it is estimated to take.")
]
MonteCarlo = Annotated[bool, typer.Option("--monte-carlo", help="Force Monte Carlo.")]


def finite_in(low: float, high: float) -> Callable[[float | None], float | None]:
    """A callback of a float option taking the finite values from ``low`` to ``high``. It replaces
    the option's ``min`` and ``max``: NaN compares false with every bound, so Click would refuse
    it naming the wrong one, and ``inf`` is no number of seconds."""

    def check(value: float | None) -> float | None:
        if value is None:
            return None
        if not math.isfinite(value):
            raise typer.BadParameter(f"expected a finite number, got {value}")
        if not low <= value <= high:
            raise typer.BadParameter(f"expected {low:g} to {high:g}, got {value:g}")
        return value

    return check


MAX_TIME_LIMIT = 7 * 24 * 3600.0  # a week: longer limits are a typo, or no limit at all

TargetSE = Annotated[
    float | None,
    typer.Option(
        "--target-se",
        callback=finite_in(1e-9, 0.5),
        metavar="X",
        help="Monte Carlo: stop once every standard error is at most X (e.g. 0.001; 1e-09 to 0.5).",
    ),
]
TimeLimit = Annotated[
    float | None,
    typer.Option(
        "--time-limit",
        callback=finite_in(0.001, MAX_TIME_LIMIT),
        metavar="SECONDS",
        help="Monte Carlo: stop after this many seconds (0.001 to a week).",
    ),
]


def check_count(value: int | None) -> int | None:
    """A callback of a count option (``--games``, ``--deals``, ``--sessions`` ...): at most the
    engine's :data:`~analyzer.sim.engine.MAX_TRIALS`, refused here so that the error names the
    option typed rather than the engine's "trials" (checked here rather than with ``max``, whose
    13-digit range would fill the help's type column)."""
    if value is None:
        return value
    from analyzer.sim.engine import MAX_TRIALS  # here: --help stays instant

    if value > MAX_TRIALS:
        raise typer.BadParameter(f"expected at most {MAX_TRIALS:,}, got {value:,}")
    return value


Trials = Annotated[
    int | None,
    typer.Option("--trials", "-n", min=1, callback=check_count, metavar="N", help="Monte Carlo: stop after N trials."),
]


def check_seed(seed: int | None) -> int | None:
    """A ``--seed`` callback: seeds are 64-bit words, 0 to 2**64 - 1 (checked here rather than with
    ``min`` and ``max``, whose 20-digit range would fill the help's type column)."""
    if seed is not None and not 0 <= seed < 2**64:
        raise typer.BadParameter(f"seeds are 0 to 2**64 - 1, got {seed}")
    return seed


Seed = Annotated[
    int | None,
    typer.Option(
        "--seed", "-s", callback=check_seed, metavar="SEED", help="Random seed (default: a fresh one, reported)."
    ),
]
ChunkSize = Annotated[
    int, typer.Option("--chunk-size", min=1, metavar="N", help="Trials per seeded chunk (results depend on it).")
]
Scheduler = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="Dask scheduler address (else DASK_SCHEDULER_ADDRESS, else local threads).",
    ),
]


def threads_option(threads: int | None) -> int | None:
    """A ``--threads`` callback: 1 to a few per core (:func:`analyzer.sim.executors.check_threads`)."""
    try:
        return check_threads(threads)
    except ValueError as err:
        raise typer.BadParameter(str(err)) from None


Threads = Annotated[
    int | None,
    typer.Option("--threads", callback=threads_option, metavar="N", help="Local threads (default: all cores)."),
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
ForceChart = Annotated[bool, typer.Option("--force", help="Replace the --chart file if it exists.")]
ShowProgress = Annotated[
    bool | None,
    typer.Option("--progress/--no-progress", help="Progress bar on stderr (default: when stderr is a terminal)."),
]


def exact_of(exact: bool, monte_carlo: bool) -> bool | None:
    """The API verbs' ``exact`` from ``--exact`` and ``--monte-carlo``: True, False, or None (the
    quicker of the two for the precision asked) when neither is given."""
    if exact and monte_carlo:
        raise typer.BadParameter("--exact and --monte-carlo exclude each other")
    return True if exact else False if monte_carlo else None


def run_settings(
    exact: bool,
    monte_carlo: bool,
    trials: int | None,
    target_se: float | None,
    time_limit: float | None,
    seed: int | None,
    chunk_size: int,
) -> dict:
    """The API verbs' keywords of what a result depends on, ``exact``, the stopping rules, seed
    and chunk size, from the shared options (called inside a command's error handling: bad values
    become one-line usage errors: a stopping rule beside ``--exact``, which enumerates every deal,
    is one). Where the run executes is the command's ``runner`` (:func:`with_runner`)."""
    if exact:
        rules = {"--trials": trials, "--target-se": target_se, "--time-limit": time_limit}
        given = [name for name, value in rules.items() if value is not None]
        if given:
            raise typer.BadParameter(
                f"{', '.join(given)}: stopping rules of Monte Carlo; --exact enumerates every deal"
            )
    return dict(
        exact=exact_of(exact, monte_carlo),
        trials=trials,
        target_se=target_se,
        time_limit=time_limit,
        seed=seed,
        chunk_size=chunk_size,
    )


_RUN_OPTIONS = {  # name: (annotation, default)
    "exact": (Exact, False),
    "monte_carlo": (MonteCarlo, False),
    "trials": (Trials, None),
    "target_se": (TargetSE, None),
    "time_limit": (TimeLimit, None),
    "seed": (Seed, None),
    "chunk_size": (ChunkSize, 1 << 18),
}


@contextmanager
def confirmed(yes: bool) -> Iterator[None]:
    """``--yes``: forced enumerations run however long they are estimated to take
    (:func:`analyzer.sim.method.allow_exact`); without it, a long one is refused with its estimate."""
    if not yes:
        yield
        return
    from analyzer.sim.method import allow_exact

    with allow_exact():
        yield


def with_run_options(command: Callable) -> Callable:
    """Give a typer command the shared run options (method, stopping rules, seed, chunk
    size); it receives them as ``settings``, the keyword arguments of every equity verb
    besides its runner (see :func:`run_settings`), and runs :func:`confirmed` by ``--yes``."""
    own = [p for p in inspect.signature(command, eval_str=True).parameters.values() if p.name != "settings"]
    shared = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)
        for name, (annotation, default) in {**_RUN_OPTIONS, "yes": (Yes, False)}.items()
    ]
    parameters = own + shared

    @functools.wraps(command)
    def with_settings(**kwargs):
        run = {name: kwargs.pop(name) for name in _RUN_OPTIONS}
        with confirmed(kwargs.pop("yes")):
            return command(settings=run, **kwargs)

    # typer reads this signature (typeshed's functools.wraps result does not declare __signature__)
    with_settings.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    with_settings.__annotations__ = {p.name: p.annotation for p in parameters}
    return with_settings


def with_runner(command: Callable) -> Callable:
    """Give a typer command the options of where it runs, ``--threads`` and ``--scheduler``; it
    receives them as one keyword-only ``runner`` (:class:`analyzer.sim.runner.Runner`, made when the
    command runs, so ``--help`` imports no engine), to which it hands its progress bar
    (``runner.reporting(progress)``). ``runner`` is annotated with a name imported for type
    checkers only, so it is left out when the other annotations are resolved for typer."""
    hints = typing.get_type_hints(command, localns={"Runner": object}, include_extras=True)
    own = [
        p.replace(annotation=hints[p.name])
        for p in inspect.signature(command).parameters.values()
        if p.name != "runner"
    ]
    shared = [
        inspect.Parameter("threads", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Threads),
        inspect.Parameter("scheduler", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Scheduler),
    ]
    parameters = own + shared

    @functools.wraps(command)
    def with_a_runner(**kwargs):
        from analyzer.sim.runner import Runner  # here: --help stays instant

        runner = Runner(threads=kwargs.pop("threads"), scheduler=kwargs.pop("scheduler"))
        return command(runner=runner, **kwargs)

    # typer reads this signature (typeshed's functools.wraps result does not declare __signature__)
    with_a_runner.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    with_a_runner.__annotations__ = {p.name: p.annotation for p in parameters}
    return with_a_runner
