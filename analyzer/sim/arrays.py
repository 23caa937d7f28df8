"""Array helpers for Numba kernels: copies without Numba's array-to-array slice assignment, and
a read-only view type.

``dst[:] = src`` between arrays compiles Numba's shape-mismatch error, which formats both
shapes as text: it pulls Numba's whole string machinery into the process's first compile,
about 4 CPU-s of a cold run, for an error the kernels never raise (their copies always have
equal shapes). :func:`copy_into` is the same copy as a plain loop. Assigning a scalar to a
slice (``st[a:b] = -1``) does not format shapes and needs no helper.

:func:`read_only` retypes an array as read-only, which is how Numba types a global array (a
compiled-in constant): a kernel that takes either then compiles one specialization, not two.
"""

from __future__ import annotations

from numba.core.imputils import impl_ret_borrowed

from analyzer.jit import intrinsic, kernel


@kernel(inline="always")
def copy_into(dst, src):
    """Copy the 1-D array ``src`` into ``dst`` (a 1-D array or view of the same length, which
    the caller guarantees: nothing checks it), element by element."""
    for i in range(dst.shape[0]):
        dst[i] = src[i]


def _read_only_in_python(array):
    """:func:`read_only` in plain Python (``NUMBA_DISABLE_JIT``): a read-only view."""
    view = array.view()
    view.flags.writeable = False
    return view


# a stable identity, as for every intrinsic (analyzer.eval.row_sums): the default is a fresh uuid
# per process, which would change the cache key of a closure kernel that calls it
@intrinsic("poker-analyzer:read_only", _read_only_in_python)
def read_only(typingctx, array):
    """``array`` itself, typed read-only (the same data and layout: nothing is copied). Inside
    kernels only; the kernel that takes it must not write to it."""
    signature = array.copy(readonly=True)(array)

    def codegen(context, builder, sig, args):
        return impl_ret_borrowed(context, builder, sig.return_type, args[0])

    return signature, codegen
