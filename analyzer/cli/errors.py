"""One-line errors and exit codes: 0 success, 1 a domain error, 2 a usage error."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer

DEBUG_ENV = "POKER_ANALYZER_DEBUG"
USAGE_ERROR = 2
DOMAIN_ERROR = 1
MAX_MESSAGE = 400  # characters of an error message; the rest (usually echoed input) is cut


def one_line(message: object) -> str:
    """``message`` on one line (runs of white space become one space), cut to :data:`MAX_MESSAGE`
    characters with ``...`` where input echoed in it would make it longer. What UTF-8 cannot
    write (a lone surrogate: bytes of the command line that were not UTF-8) is shown escaped.

    >>> one_line("bad  card\\n 'Zz'")
    "bad card 'Zz'"
    >>> len(one_line("x" * 100_000)) == MAX_MESSAGE
    True
    >>> one_line("cannot reach \\udcff")
    'cannot reach \\\\udcff'
    """
    text = " ".join(str(message).encode("utf-8", "backslashreplace").decode("utf-8").split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


class Interrupted(Exception):
    """A command stopped by Ctrl-C (or SIGTERM) that says what it kept and how to go on: the
    console script prints ``error: interrupted; <message>`` whole and exits with code 130. (A
    KeyboardInterrupt cannot carry it: typer turns one into its exit code alone.)"""


def print_error(message: object) -> None:
    """Print ``error: message`` on one line of stderr (see :func:`one_line`)."""
    print(f"error: {one_line(message)}", file=sys.stderr)


def fail(message: object, code: int) -> typer.Exit:
    """Print ``error: message`` on one line of stderr and return the exit to raise."""
    print_error(message)
    return typer.Exit(code)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn bad input into a one-line message and an exit code (tracebacks with --debug)."""
    from analyzer.cards import CardError  # light module; imported here to keep --help instant

    try:
        yield
    except CardError as err:
        if os.environ.get(DEBUG_ENV):
            raise
        raise fail(str(err), USAGE_ERROR) from None
    except ValueError as err:
        if os.environ.get(DEBUG_ENV):
            raise
        raise fail(str(err), DOMAIN_ERROR) from None
    except OSError as err:  # a file that cannot be read or written: name it and the reason
        if os.environ.get(DEBUG_ENV):
            raise
        raise fail(f"{err.filename}: {err.strerror}" if err.filename and err.strerror else err, DOMAIN_ERROR) from None
    except (MemoryError, SystemError) as err:
        # a run refused by analyzer.sim.memory, or an allocation that failed: in a parallel kernel,
        # Numba's MemoryError reaches the caller as the cause of a SystemError
        memory_error = err if isinstance(err, MemoryError) else err.__cause__
        if os.environ.get(DEBUG_ENV) or not isinstance(memory_error, MemoryError):
            raise
        raise fail(f"out of memory: {memory_error}" if str(memory_error) else "out of memory", DOMAIN_ERROR) from None
