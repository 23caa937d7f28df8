"""The exact-or-Monte-Carlo choice that every analysis with both methods makes the same way,
and the guard on long forced enumerations.

The choice is ``exact``: ``True`` forces enumeration, ``False`` Monte Carlo, and ``None``
enumerates when that is estimated to be quicker than the Monte Carlo run asked for, or, when no
stopping rule was given, to take at most :data:`QUICK_EXACT_SECONDS` on this machine (the cost
model's estimate scaled by a :class:`~analyzer.sim.calibration.Calibration`), so it never starts
a long enumeration; :func:`choose_method` says which it chose and why. A forced enumeration
could start one: the cost of an enumeration grows with the unknown cards as a falling
factorial, and ten random Hold'em hands would take years. So a forced enumeration estimated
above :data:`EXACT_CONFIRM_SECONDS` is refused with its estimate (:func:`check_exact_cost`)
unless the caller allows it for the block of code it runs, with :func:`allow_exact` (the
CLI's ``--yes``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from analyzer.sim.calibration import Calibration
from analyzer.sim.engine import Stopping

MC_TRIALS_PER_SECOND = 40e6  # heads-up showdowns per second per thread, for the cost model
EXACT_CONFIRM_SECONDS = 60.0  # a forced enumeration estimated longer than this needs allow_exact
QUICK_EXACT_SECONDS = 2.0  # with no stopping rule, enumerate when it takes at most this here
MAX_SPEEDUP = 16.0  # this machine is taken to be at most this much quicker than the cost model's
MIN_RUN_SECONDS = 0.05  # an enumeration estimated this quick is always worth it

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
    >>> check_exact_cost(7200.0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: exact enumeration is estimated at 2 hours (more than 1 minute): confirm it ... or use Monte Carlo
    """
    allowed = _EXACT_ALLOWED.get()
    if seconds > allowed:
        raise ValueError(
            f"exact enumeration is estimated at {_duration(seconds)} (more than {_duration(allowed)}): "
            "confirm it (--yes; in Python, with analyzer.sim.method.allow_exact()) or use Monte Carlo"
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


@dataclass(frozen=True)
class MethodChoice:
    """Which method a run uses and why: ``exact`` and, for people, ``reason``: the estimates the
    choice compared, or None when the caller forced the method."""

    exact: bool
    reason: str | None


FORCED = {True: MethodChoice(True, None), False: MethodChoice(False, None)}
"""The choices the caller forces, made once: a choice is immutable."""


def choose_method(
    exact: bool | None,
    exact_seconds: float,
    stopping: Stopping,
    threads: int,
    trials_per_second: float = MC_TRIALS_PER_SECOND,
    *,
    calibration: Calibration | None = None,
) -> MethodChoice:
    """The method of a run: ``exact`` when it is forced (``True`` or ``False``; a forced
    enumeration is first checked by :func:`check_exact_cost`); when it is ``None``, exact if
    enumerating is estimated to be quicker than the Monte Carlo run the stopping rules ask for (at
    ``trials_per_second`` per thread), or, when no stopping rule was given and a
    ``calibration`` of the cost model to this machine is, if enumerating is estimated to take at
    most :data:`QUICK_EXACT_SECONDS` here: an exact answer is worth a second or two.

    ``exact_seconds`` is the cost model's wall-time estimate on the machine its figures were
    measured on; ``calibration`` scales it to this one (measured only when the choice depends
    on it).

    >>> choose_method(None, 0.01, Stopping(), 2).exact
    True
    >>> choose_method(None, 1.0, Stopping(trials=10_000), 2).reason
    'Monte Carlo, exact estimated at 1.0 s, longer than the Monte Carlo run asked for (10,000 trials, 0.12 ms)'
    >>> choose_method(True, 1.0, Stopping(), 2)
    MethodChoice(exact=True, reason=None)
    """
    if exact is not None:
        if exact:
            check_exact_cost(exact_seconds)
        return FORCED[bool(exact)]
    mc_trials = min(stopping.max_trials, 1e12)
    if stopping.target_se is not None:  # the worst case: equity variance <= 1/4
        mc_trials = min(mc_trials, 0.25 / stopping.target_se**2)
    mc_seconds = mc_trials / (trials_per_second * threads)
    asked = f"the Monte Carlo run asked for ({mc_trials:,.0f} trials, {_short(mc_seconds)})"
    if stopping.time_limit is not None and stopping.time_limit < mc_seconds:
        mc_seconds = stopping.time_limit
        asked = f"the Monte Carlo time limit ({_short(mc_seconds)})"
    if exact_seconds <= MIN_RUN_SECONDS:
        return MethodChoice(True, f"exact, estimated at {_short(exact_seconds)}")
    if exact_seconds <= mc_seconds:
        return MethodChoice(True, f"exact, estimated at {_short(exact_seconds)}, no longer than {asked}")
    quick = calibration is not None and stopping == Stopping()
    if calibration is not None and quick and exact_seconds <= QUICK_EXACT_SECONDS * MAX_SPEEDUP:
        here = exact_seconds * calibration.factor()
        if here <= QUICK_EXACT_SECONDS:
            return MethodChoice(
                True, f"exact, estimated at {_short(here)} on this machine, within {QUICK_EXACT_SECONDS:g} s"
            )
    reason = f"Monte Carlo, exact estimated at {_short(exact_seconds)}, longer than {asked}"
    if quick:
        reason += f" and than {QUICK_EXACT_SECONDS:g} s on this machine"
    return MethodChoice(False, reason)


def _short(seconds: float) -> str:
    """A short time for people: milliseconds below a second, larger units from a minute.

    >>> _short(0.000125), _short(0.0421), _short(1.57), _short(4000)
    ('0.12 ms', '42 ms', '1.6 s', '1 hour')
    """
    if seconds < 0.01:
        return f"{seconds * 1000:.2g} ms"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.1f} s" if seconds < 60 else _duration(seconds)


__all__ = [
    "EXACT_CONFIRM_SECONDS",
    "MC_TRIALS_PER_SECOND",
    "QUICK_EXACT_SECONDS",
    "MethodChoice",
    "allow_exact",
    "check_exact_cost",
    "choose_method",
]
