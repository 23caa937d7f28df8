"""The installed package's version, for the root's ``__version__`` and every result's manifest."""

from __future__ import annotations

import functools


@functools.cache
def package_version() -> str:
    """The installed distribution's version, read once a process (reading the package metadata
    costs tens of milliseconds, which a query does not need to pay); ``0.0.0+source`` when
    running from a source tree that is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("poker-analyzer")
    except PackageNotFoundError:
        return "0.0.0+source"
