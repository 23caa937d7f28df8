"""copy_into, the kernels' array copy: the same result as slice assignment, into views too."""

import numpy as np
import pytest
from numba import njit

from analyzer.sim.arrays import copy_into

pytestmark = pytest.mark.jitless  # every test here runs with the kernels as Python (docs/testing.md)


@njit(cache=True)
def _copy_rows(buf, src, start):
    """What the kernels do: a whole array into a row, a row into the next row, an array into a slice."""
    copy_into(buf[0], src)
    copy_into(buf[1], buf[0])
    copy_into(buf[2, start : start + 2], src[:2])


def test_copy_into_fills_rows_and_slices_only():
    buf = np.full((3, 5), -1, np.int64)
    src = np.arange(10, 15, dtype=np.int64)
    _copy_rows(buf, src, 2)
    expected = np.full((3, 5), -1, np.int64)
    expected[0] = src
    expected[1] = src
    expected[2, 2:4] = src[:2]
    assert (buf == expected).all()
    assert (src == np.arange(10, 15)).all()  # the source is left as it was


def test_copy_into_from_python_copies_every_element():
    dst = np.zeros(4, np.uint64)
    copy_into(dst, np.array([1, 2, 3, 2**64 - 1], np.uint64))
    assert dst.tolist() == [1, 2, 3, 2**64 - 1]
