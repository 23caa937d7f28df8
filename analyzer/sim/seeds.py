"""Seeds: the one place a run's seed is chosen and every sub-seed is derived.

A run is seeded by one 64-bit integer. Anything that needs its own stream (a cell of a table, one
study of several, a second stage of an analysis) derives it with :func:`derive_seed` from the run's
seed and integer keys naming the part, through ``numpy.random.SeedSequence``: distinct keys give
independent, well-mixed seeds, unlike ``seed + offset`` arithmetic, where the seeds of two tables
collide as soon as their offsets overlap.
"""

from __future__ import annotations

import secrets

import numpy as np


def new_seed(seed: int | None) -> int:
    """The given seed, or a fresh random one (reported with the result, so any run can be repeated).

    >>> new_seed(7)
    7
    """
    if seed is None:
        return secrets.randbits(63)
    check_seed(seed)
    return int(seed)


def check_seed(seed: int | None) -> None:
    """A ValueError naming ``seed`` unless it is ``None`` (a fresh one) or 0 to 2**64 - 1; for
    analyses that take a seed but may not draw (an exact run), so a bad one is never ignored.

    >>> check_seed(-1)
    Traceback (most recent call last):
    ValueError: seed must be an integer from 0 to 2**64 - 1, got -1
    """
    if seed is not None and not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer from 0 to 2**64 - 1, got {seed}")


def derive_seed(seed: int, *keys: int) -> int:
    """A 64-bit seed for the part of a run named by ``keys``, from the run's ``seed``:
    ``SeedSequence([seed, *keys]).generate_state(1, uint64)[0]``.

    >>> derive_seed(2026, 1, 2) == derive_seed(2026, 1, 2) != derive_seed(2026, 2, 1)
    True
    """
    return int(np.random.SeedSequence([seed, *keys]).generate_state(1, np.uint64)[0])


def chunk_state(seed: int, chunk: int) -> np.ndarray:
    """The generator state of chunk ``chunk`` of a run seeded with ``seed`` (for the kernels'
    xoshiro256++ of :mod:`analyzer.sim.rng`): ``numpy.random.SeedSequence(seed,
    spawn_key=(chunk,))``, exactly the child ``SeedSequence(seed).spawn(n)[chunk]``."""
    state = np.random.SeedSequence(seed, spawn_key=(chunk,)).generate_state(4, np.uint64)
    if not state.any():  # xoshiro's one forbidden state; SeedSequence never yields it in practice
        state[0] = 1
    return state


__all__ = ["check_seed", "chunk_state", "derive_seed", "new_seed"]
