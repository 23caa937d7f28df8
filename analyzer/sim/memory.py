"""Memory a run needs, checked before it starts.

A run that needs gigabytes (the Pai Gow setting table, the exact edges over every deal) says
what it needs before it allocates anything, and :func:`require` refuses it in one line naming
the need and the limit, rather than letting it fail a minute later inside an allocation. What
the process can still get is the lesser of:

* the address space left under its limit (``RLIMIT_AS``, which ``ulimit -v`` sets): the limit
  less what the process maps already (``VmSize`` in ``/proc/self/status``);
* the physical memory available (``MemAvailable`` in ``/proc/meminfo``; where there is no such
  file, the free pages ``os.sysconf`` reports).

What cannot be read is not a limit. Needs are estimates from the arrays a run allocates and its
measured peaks (each caller says how it counts), so a run that fits only just may still fail:
its ``MemoryError`` ends in one line too (``analyzer.cli.errors``).
"""

from __future__ import annotations

import os
import resource

GB = 10**9  # the unit of the messages: the docs give memory in GB and MB


def require(need: int, what: str) -> None:
    """Nothing if ``need`` bytes (what ``what`` will allocate from now on) fit in what the
    process can still get (module docstring), else a MemoryError naming both.

    >>> require(1, "a byte")
    """
    room, limit = available()
    if need > room:
        raise MemoryError(f"{what} needs about {_size(need)} of memory, but {limit}")


def available() -> tuple[float, str]:
    """The bytes the process can still get (infinity when nothing limits it) and a phrase naming
    the limit, for a message (module docstring)."""
    limits = [(float("inf"), "nothing limits it")]
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        room = max(0, soft - _status_bytes("/proc/self/status", "VmSize"))
        limits.append((room, f"the address-space limit (RLIMIT_AS) of {_size(soft)} leaves {_size(room)}"))
    physical = _status_bytes("/proc/meminfo", "MemAvailable") or _free_pages()
    if physical:
        limits.append((physical, f"only {_size(physical)} of physical memory is available"))
    return min(limits, key=lambda limit: limit[0])


def _status_bytes(path: str, field: str) -> int:
    """The ``field: N kB`` line of a ``/proc`` status file in bytes, 0 where it cannot be read."""
    try:
        with open(path) as lines:
            for line in lines:
                name, _, value = line.partition(":")
                if name == field:
                    return int(value.split()[0]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _free_pages() -> int:
    """The free physical memory ``os.sysconf`` reports, in bytes (0 where it cannot say)."""
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return 0


def _size(count: float) -> str:
    """Bytes in GB to one decimal, or in MB below a GB.

    >>> _size(9.2e9), _size(616_572_320)
    ('9.2 GB', '617 MB')
    """
    return f"{count / GB:.1f} GB" if count >= GB else f"{count / 10**6:,.0f} MB"
