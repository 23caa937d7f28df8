"""Array copies for Numba kernels, without Numba's array-to-array slice assignment.

``dst[:] = src`` between arrays compiles Numba's shape-mismatch error, which formats both
shapes as text: it pulls Numba's whole string machinery into the process's first compile,
about 4 CPU-s of a cold run, for an error the kernels never raise (their copies always have
equal shapes). :func:`copy_into` is the same copy as a plain loop. Assigning a scalar to a
slice (``st[a:b] = -1``) does not format shapes and needs no helper.
"""

from __future__ import annotations

from numba import njit


@njit(cache=True, nogil=True, inline="always")
def copy_into(dst, src):
    """Copy the 1-D array ``src`` into ``dst`` (a 1-D array or view of the same length, which
    the caller guarantees: nothing checks it), element by element."""
    for i in range(dst.shape[0]):
        dst[i] = src[i]
