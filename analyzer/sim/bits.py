"""Bit tricks for Numba kernels that keep sets as integer masks (cards, board spaces).

:func:`nth_bit` picks the ``k``-th member of a set in one instruction where the CPU has BMI2's
``pdep`` (Intel since Haswell, AMD since Zen 3: :data:`FAST_DEPOSIT`), and by clearing the
lowest ``k`` bits elsewhere: the same answer either way, so results never depend on the machine.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from analyzer.eval.target import compiles_for

FAST_DEPOSIT = compiles_for("bmi2") and not (compiles_for("clzero") and not compiles_for("vaes"))
"""Whether :func:`nth_set_bit` uses ``pdep``: where Numba's target has BMI2, except on AMD
before Zen 3 (``clzero`` without ``vaes``), where it is microcoded and takes hundreds of cycles."""


@intrinsic
def _population(typingctx, bits):
    """LLVM's ``ctpop`` of an integer, as an ``int64``."""
    if not isinstance(bits, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        (value,) = args
        return context.cast(builder, builder.ctpop(value), signature.args[0], types.int64)

    return types.int64(bits), codegen


_population._set_uuid("poker-analyzer:bits:population")


@njit(cache=True, nogil=True, inline="always")
def bit_count(bits):
    """The number of set bits of an integer (one instruction where the CPU has ``popcnt``)."""
    return _population(bits)


@intrinsic
def _deposit(typingctx, source, mask):
    """BMI2's ``pdep``: the low bits of ``source`` spread over the set bits of ``mask``, as
    ``mask``'s type."""

    def codegen(context, builder, signature, args):
        word = ir.IntType(64)
        source_word, mask_word = (
            context.cast(builder, value, kind, types.uint64) for value, kind in zip(args, signature.args)
        )
        deposit = ir.FunctionType(word, [word, word])
        function = cgutils.get_or_insert_function(builder.module, deposit, "llvm.x86.bmi.pdep.64")
        deposited = builder.call(function, [source_word, mask_word])
        return context.cast(builder, deposited, types.uint64, signature.return_type)

    return mask(source, mask), codegen


# a stable identity: kernels made in factories pickle their callees (and this) into their cache key
_deposit._set_uuid("poker-analyzer:bits:deposit")


@njit(cache=True, nogil=True, inline="always")
def nth_set_bit_by_deposit(bits, k):
    """:func:`nth_set_bit` with BMI2's ``pdep`` (only where Numba's target has it)."""
    return _deposit(np.uint64(1) << np.uint64(k), bits)


@intrinsic
def _lowest_bits(typingctx, bits):
    """``(bits & (bits - 1), bits & -bits)``: ``bits`` without its lowest set bit, and that bit
    alone, in ``bits``' own integer type (Numba types ``uint64 - 1`` as a float)."""

    def codegen(context, builder, signature, args):
        (value,) = args
        one = ir.Constant(value.type, 1)
        rest = builder.and_(value, builder.sub(value, one))
        lowest = builder.and_(value, builder.neg(value))
        return context.make_tuple(builder, signature.return_type, [rest, lowest])

    return types.UniTuple(bits, 2)(bits), codegen


_lowest_bits._set_uuid("poker-analyzer:bits:lowest-bits")


@njit(cache=True, nogil=True, inline="always")
def nth_set_bit_by_clearing(bits, k):
    """:func:`nth_set_bit` by clearing the lowest set bit ``k`` times, on any CPU."""
    for _ in range(k):
        bits = _lowest_bits(bits)[0]
    return _lowest_bits(bits)[1]


nth_set_bit = nth_set_bit_by_deposit if FAST_DEPOSIT else nth_set_bit_by_clearing
"""The ``k``-th set bit of ``bits`` (from 0, lowest first; ``k`` below 64) as a one-bit mask of
``bits``' type; 0 when ``bits`` has ``k`` or fewer set bits."""


@njit(cache=True, nogil=True, inline="always")
def nth_bit(bits, k):
    """The position of the ``k``-th set bit (from 0, lowest first); ``bits`` must have
    more than ``k`` set bits."""
    return trailing_zeros(nth_set_bit(bits, k))
