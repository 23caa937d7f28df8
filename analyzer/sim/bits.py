"""Bit tricks for Numba kernels that keep sets as integer masks (cards, board spaces)."""

from __future__ import annotations

from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros


@njit(cache=True, nogil=True, inline="always")
def bit_count(bits):
    """The number of set bits."""
    n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def nth_bit(bits, k):
    """The position of the ``k``-th set bit (from 0, lowest first); ``bits`` must have
    more than ``k`` set bits."""
    for _ in range(k):
        bits &= bits - 1
    return trailing_zeros(bits)
