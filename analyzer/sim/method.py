"""The exact-or-Monte-Carlo choice that every analysis with both methods makes the same way,
and the guard on long forced enumerations.

The choice is ``exact``: ``True`` forces enumeration, ``False`` Monte Carlo, and ``None``
enumerates only when that is estimated to be quicker than the Monte Carlo run asked for, so it
never starts a long enumeration. A forced enumeration could start one: the cost of an
enumeration grows with the unknown cards as a falling factorial, and ten random Hold'em hands
would take years. So a forced enumeration estimated above :data:`EXACT_CONFIRM_SECONDS` is
refused with its estimate (:func:`check_exact_cost`) unless the caller allows it for the
block of code it runs, with :func:`allow_exact` (the CLI's ``--yes``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from analyzer.sim.engine import Stopping

MC_TRIALS_PER_SECOND = 40e6  # heads-up showdowns per second per thread, for the cost model
EXACT_CONFIRM_SECONDS = 60.0  # a forced enumeration estimated longer than this needs allow_exact

_EXACT_ALLOWED: ContextVar[float] = ContextVar("exact_allowed_seconds", default=EXACT_CONFIRM_SECONDS)


@contextmanager
def allow_exact(seconds: float = math.inf) -> Iterator[None]:
    """Inside the block, forced enumerations estimated at up to ``seconds`` run (default: any).

    >>> with allow_exact():
    ...     check_exact_cost(1e9)
    """
    token = _EXACT_ALLOWED.set(seconds)
    try:
        yield
    finally:
        _EXACT_ALLOWED.reset(token)


def check_exact_cost(seconds: float) -> None:
    """Refuse a forced enumeration estimated at ``seconds`` of wall time when that is more than
    allowed (:data:`EXACT_CONFIRM_SECONDS`, or as :func:`allow_exact` says).

    >>> check_exact_cost(1.0)
    >>> check_exact_cost(7200.0)
    Traceback (most recent call last):
    ...
    ValueError: exact enumeration is estimated at 2 hours (more than 1 minute): confirm it (--yes) or use Monte Carlo
    """
    allowed = _EXACT_ALLOWED.get()
    if seconds > allowed:
        raise ValueError(
            f"exact enumeration is estimated at {_duration(seconds)} (more than {_duration(allowed)}): "
            "confirm it (--yes) or use Monte Carlo"
        )


def _duration(seconds: float) -> str:
    """``seconds`` in the largest unit that keeps it at least 1, rounded, for people.

    >>> _duration(90), _duration(3e9)
    ('2 minutes', '95 years')
    """
    value, unit = seconds, "second"
    for size, name in ((60, "minute"), (60, "hour"), (24, "day"), (365.25, "year")):
        if value / size < 1:
            break
        value, unit = value / size, name
    if value >= 1e6:
        return f"{value:.1e} {unit}s"
    count = round(value)
    return f"{count:,} {unit}{'' if count == 1 else 's'}"


def choose_exact(
    exact: bool | None,
    exact_seconds: float,
    stopping: Stopping,
    threads: int,
    trials_per_second: float = MC_TRIALS_PER_SECOND,
) -> bool:
    """``exact`` when it is forced (``True`` or ``False``); when it is ``None``, whether
    enumerating is estimated to be quicker than the Monte Carlo run the stopping rules ask for (at
    ``trials_per_second`` per thread). A forced enumeration is first checked by
    :func:`check_exact_cost`."""
    if exact is not None:
        if exact:
            check_exact_cost(exact_seconds)
        return exact
    mc_trials = min(stopping.max_trials, 1e12)
    if stopping.target_se is not None:  # the worst case: equity variance <= 1/4
        mc_trials = min(mc_trials, 0.25 / stopping.target_se**2)
    mc_seconds = mc_trials / (trials_per_second * threads)
    if stopping.time_limit is not None:
        mc_seconds = min(mc_seconds, stopping.time_limit)
    return exact_seconds <= max(mc_seconds, 0.05)


__all__ = [
    "EXACT_CONFIRM_SECONDS",
    "MC_TRIALS_PER_SECOND",
    "allow_exact",
    "check_exact_cost",
    "choose_exact",
]
