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


def fail(message: str, code: int) -> typer.Exit:
    """Print ``error: message`` on one line of stderr and return the exit to raise."""
    print(f"error: {' '.join(str(message).split())}", file=sys.stderr)
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
