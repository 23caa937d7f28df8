"""Instances of frozen dataclasses made without their generated ``__init__``, for the records a
small query makes on every call: each player's equity, the run's facts, the result.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` (the class's own
``__setattr__`` refuses), about 0.1 µs a field: a record of nine fields costs 1.1 µs, five times
a plain class's, and the four records of an exact postflop query of two hands were about a third
of its Python. :func:`frozen` fills the new instance's ``__dict__`` at once instead. That is the
object the constructor makes when every field is given, in the class's order, and the class
checks nothing in a ``__post_init__`` that the caller's values could fail (the callers' values
are valid by construction); ``tests/test_holdem.py`` compares the two for every record made so.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def frozen(cls: type[T], **fields: Any) -> T:
    """``cls(**fields)`` for a frozen dataclass ``cls``, every field given in its order (module
    docstring), its ``__post_init__`` not run.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> frozen(Point, x=1, y=2) == Point(1, 2), frozen(Point, x=1, y=2)
    (True, Point(x=1, y=2))
    """
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance
