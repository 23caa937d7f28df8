"""Bit tricks for Numba kernels that keep sets as integer masks (cards, board spaces).

:func:`nth_bit` picks the ``k``-th member of a set in one instruction where the CPU has BMI2's
``pdep`` (Intel since Haswell, AMD since Zen 3: :data:`FAST_DEPOSIT`), and by clearing the
lowest ``k`` bits elsewhere (or where ``pdep`` does not compile): the same answer either way, so
results never depend on the machine.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils

from analyzer.jit import compiles_for, intrinsic, kernel

DEPOSIT_CPU = compiles_for("bmi2") and not (compiles_for("clzero") and not compiles_for("vaes"))
"""Whether Numba's target has a fast ``pdep``: BMI2, except on AMD before Zen 3 (``clzero``
without ``vaes``), where it is microcoded and takes hundreds of cycles."""


def _population_in_python(bits):
    """:func:`_population` in plain Python (``NUMBA_DISABLE_JIT``), of the 64-bit word (a
    negative ``int64`` counts its sign bits, as ``ctpop`` does)."""
    return np.int64((int(bits) & 0xFFFF_FFFF_FFFF_FFFF).bit_count())


@intrinsic("poker-analyzer:bits:population", _population_in_python)
def _population(typingctx, bits):
    """LLVM's ``ctpop`` of an integer, as an ``int64``."""
    if not isinstance(bits, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        (value,) = args
        return context.cast(builder, builder.ctpop(value), signature.args[0], types.int64)

    return types.int64(bits), codegen


@kernel(inline="always")
def bit_count(bits):
    """The number of set bits of an integer (one instruction where the CPU has ``popcnt``)."""
    return _population(bits)


def _deposit_in_python(source, mask):
    """:func:`_deposit` in plain Python (``NUMBA_DISABLE_JIT``)."""
    deposited, bit, spaces, word = 0, 1, int(mask), int(source)
    while spaces:
        lowest = spaces & -spaces
        if word & bit:
            deposited |= lowest
        bit <<= 1
        spaces ^= lowest
    return type(mask)(deposited)


# a stable identity: kernels made in factories pickle their callees (and this) into their cache key
@intrinsic("poker-analyzer:bits:deposit", _deposit_in_python)
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


@kernel(inline="always")
def nth_set_bit_by_deposit(bits, k):
    """:func:`nth_set_bit` with BMI2's ``pdep`` (only where Numba's target has it)."""
    return _deposit(np.uint64(1) << np.uint64(k), bits)


def _lowest_bits_in_python(bits):
    """:func:`_lowest_bits` in plain Python (``NUMBA_DISABLE_JIT``)."""
    value = int(bits)
    return type(bits)(value & (value - 1)), type(bits)(value & -value)


@intrinsic("poker-analyzer:bits:lowest-bits", _lowest_bits_in_python)
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


@kernel(inline="always")
def nth_set_bit_by_clearing(bits, k):
    """:func:`nth_set_bit` by clearing the lowest set bit ``k`` times, on any CPU."""
    for _ in range(k):
        bits = _lowest_bits(bits)[0]
    return _lowest_bits(bits)[1]


def _deposit_compiles() -> bool:
    """Whether :func:`nth_set_bit_by_deposit` compiles here and picks the right bit (an LLVM
    without the ``pdep`` intrinsic fails to compile it): one small cached kernel, run once a
    process."""
    try:
        return int(nth_set_bit_by_deposit(np.uint64(0b10110), np.int64(1))) == 0b100
    except Exception:  # Numba's errors of every kind: the clearing loop serves instead
        return False


FAST_DEPOSIT = DEPOSIT_CPU and _deposit_compiles()
"""Whether :func:`nth_set_bit` uses ``pdep``: where the CPU has a fast one (:data:`DEPOSIT_CPU`)
and it compiles."""

nth_set_bit = nth_set_bit_by_deposit if FAST_DEPOSIT else nth_set_bit_by_clearing
"""The ``k``-th set bit of ``bits`` (from 0, lowest first; ``k`` below 64) as a one-bit mask of
``bits``' type; 0 when ``bits`` has ``k`` or fewer set bits."""


def _trailing_zeros_in_python(bits):
    """:func:`trailing_zeros` in plain Python (``NUMBA_DISABLE_JIT``)."""
    value = int(bits)
    return type(bits)((value & -value).bit_length() - 1 if value else 8 * np.dtype(type(bits)).itemsize)


@intrinsic("poker-analyzer:bits:trailing-zeros", _trailing_zeros_in_python)
def trailing_zeros(typingctx, bits):
    """The number of zero bits below the lowest set bit of an integer (LLVM's ``cttz``; the
    width of the type for 0), in the integer's type."""
    if not isinstance(bits, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        (value,) = args
        return builder.cttz(value, ir.Constant(ir.IntType(1), 0))

    return bits(bits), codegen


@kernel(inline="always")
def nth_bit(bits, k):
    """The position of the ``k``-th set bit (from 0, lowest first); ``bits`` must have
    more than ``k`` set bits."""
    return trailing_zeros(nth_set_bit(bits, k))
