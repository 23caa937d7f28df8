"""Whether the speed machinery may run: the Numba and llvmlite versions it was tested against, and
the switch that turns it off.

Everything in :mod:`analyzer.jit` that reads or replaces an internal of Numba, llvmlite or the
interpreter was written against, and is tested on, the releases of :data:`TESTED`. Internals
change without notice between releases, so outside that window (a Numba released later, say)
the machinery stays off and Numba's stock path runs: the same results, a slower start-up.
``POKER_ANALYZER_SPEED_LAYER=off`` (or ``0``, ``no``, ``false``) turns it off inside the window
too, to compare or to rule it out when something looks wrong; CI runs the fast tests that way.
"""

from __future__ import annotations

import functools
import os
import re

TESTED = {"numba": ((0, 67), (0, 68)), "llvmlite": ((0, 49), (0, 50))}
"""Package -> the first and last (major, minor) releases the machinery was tested on."""

SWITCH = "POKER_ANALYZER_SPEED_LAYER"
"""The environment variable that turns the machinery off (``off``, ``0``, ``no``, ``false``)."""

_OFF = frozenset({"off", "0", "no", "false"})


def release(version: str) -> tuple[int, int] | None:
    """A version string's (major, minor), or None when it does not start with two numbers.

    >>> release("0.68.1"), release("0.69.0rc1"), release("1.0"), release("dev")
    ((0, 68), (0, 69), (1, 0), None)
    """
    match = re.match(r"(\d+)\.(\d+)", version)
    return (int(match[1]), int(match[2])) if match else None


def within(versions: dict[str, str]) -> bool:
    """Whether every package of :data:`TESTED` has a version in ``versions`` inside its window.

    >>> within({"numba": "0.68.1", "llvmlite": "0.50.0"}), within({"numba": "0.70.0", "llvmlite": "0.50.0"})
    (True, False)
    """
    for package, (first, last) in TESTED.items():
        found = release(versions.get(package, ""))
        if found is None or not first <= found <= last:
            return False
    return True


def switched_off() -> bool:
    """Whether ``POKER_ANALYZER_SPEED_LAYER`` turns the machinery off (read at each call)."""
    return os.environ.get(SWITCH, "").strip().lower() in _OFF


@functools.cache
def installed_within() -> bool:
    """Whether the installed Numba and llvmlite are inside :data:`TESTED` (asked once a process;
    reads their ``__version__``, which imports them)."""
    import llvmlite
    import numba

    return within({"numba": numba.__version__, "llvmlite": llvmlite.__version__})


def active() -> bool:
    """Whether the machinery may run in this process: the versions are inside the window, the
    switch is not off, and Numba compiles (``NUMBA_DISABLE_JIT`` is not set)."""
    if switched_off() or not installed_within():
        return False
    from numba import config

    return not config.DISABLE_JIT
