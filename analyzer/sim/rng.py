"""A small explicit-state random generator for Numba kernels: xoshiro256++.

Each chunk of a run owns a 4-word ``uint64`` state,
:func:`analyzer.sim.seeds.chunk_state`, so a chunk's stream depends only on the
run seed and its index (never on threads, workers or the number of chunks).
"""

from __future__ import annotations

import warnings

import numpy as np
from llvmlite import ir
from numba import config, types

from analyzer.jit import intrinsic, kernel

OVERFLOW_WARNING = "overflow encountered in scalar"
"""The start of numpy's warning where ``uint64`` arithmetic wraps: the generator's steps wrap by
design (Numba's compiled arithmetic wraps silently); as plain Python (``NUMBA_DISABLE_JIT``)
numpy warns, and this module's warnings of it are ignored."""
if config.DISABLE_JIT:
    warnings.filterwarnings("ignore", OVERFLOW_WARNING, RuntimeWarning, r"analyzer\.sim\.rng")

_R23, _R45, _R17 = np.uint64(23), np.uint64(45), np.uint64(17)
_M32 = np.uint64(0xFFFFFFFF)
_S32, _S11 = np.uint64(32), np.uint64(11)
_INV53 = 1.0 / 9007199254740992.0


@kernel(inline="always")
def _rotl(x, k):
    return (x << k) | (x >> (np.uint64(64) - k))


@kernel(inline="always")
def xoshiro_step(s0, s1, s2, s3):
    """One xoshiro256++ step on state words held as values: (64 random bits, the next 4 words)."""
    result = _rotl(s0 + s3, _R23) + s0
    t = s1 << _R17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, _R45)
    return result, s0, s1, s2, s3


@kernel(inline="always")
def below_words(s0, s1, s2, s3, n):
    """:func:`below` on state words held as values: (the integer, the next 4 words). A hot loop
    that reads the words once, draws with this and writes them back keeps the generator in
    registers; through the state array the compiled loop stores and reloads the words around
    every draw wherever another array is written in between (Hold'em Monte Carlo about 6%
    faster six-way). The same draws as :func:`below`."""
    bound = np.uint64(n)
    bits, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
    m = (bits >> _S32) * bound
    low = m & _M32
    if low < bound:
        threshold = (np.uint64(0x100000000) - bound) % bound
        while low < threshold:
            bits, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
            m = (bits >> _S32) * bound
            low = m & _M32
    return np.int64(m >> _S32), s0, s1, s2, s3


def _wide_product_in_python(a, b):
    """:func:`wide_product` in plain Python (``NUMBA_DISABLE_JIT``)."""
    product = int(a) * int(b)
    return np.uint64(product >> 64), np.uint64(product & 0xFFFF_FFFF_FFFF_FFFF)


# a stable identity: kernels made in factories pickle their callees (and this) into their cache key
@intrinsic("poker-analyzer:rng:wide-product", _wide_product_in_python)
def wide_product(typingctx, a, b):
    """The 128-bit product of two ``uint64`` as ``(high, low)`` 64-bit halves."""

    def codegen(context, builder, signature, args):
        wide, word = ir.IntType(128), ir.IntType(64)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        high = builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), word)
        return context.make_tuple(builder, signature.return_type, [high, builder.trunc(product, word)])

    return types.UniTuple(types.uint64, 2)(types.uint64, types.uint64), codegen


@kernel(inline="always")
def digits_word(total, s0, s1, s2, s3):
    """A random word ``u`` to read digits from, for digits whose bases multiply to ``total``
    (below ``2**64``), with the state words held as values: (``u``, the next 4 words).

    :func:`next_digit` reads a digit below ``b`` as the high half of ``u * b`` and goes on with
    the low half. The digits read with bases ``b1, b2, ...`` are the mixed-radix digits of
    ``floor(u * total / 2**64)``, and the low half left at the end is ``u * total mod 2**64``;
    so Lemire's test on that product (redraw ``u`` while its low half is below
    ``2**64 mod total``, which happens with probability under ``total / 2**64``) makes the
    number uniform over ``[0, total)``, and the digits uniform and independent. One step of the
    generator for many draws."""
    total = np.uint64(total)
    bits, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
    low = bits * total
    if low < total:
        threshold = (np.uint64(0) - total) % total
        while low < threshold:
            bits, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
            low = bits * total
    return bits, s0, s1, s2, s3


@kernel(inline="always")
def next_digit(u, base):
    """The next digit below ``base`` of a :func:`digits_word` ``u``: (the digit, what is left of
    ``u``)."""
    digit, rest = wide_product(u, np.uint64(base))
    return np.int64(digit), rest


@kernel(inline="always")
def uniform_words(s0, s1, s2, s3):
    """:func:`uniform` on state words held as values: (the double, the next 4 words)."""
    bits, s0, s1, s2, s3 = xoshiro_step(s0, s1, s2, s3)
    return np.float64(bits >> _S11) * _INV53, s0, s1, s2, s3


@kernel
def next_u64(state):
    """The next 64 random bits (xoshiro256++), advancing ``state`` in place."""
    result, state[0], state[1], state[2], state[3] = xoshiro_step(state[0], state[1], state[2], state[3])
    return result


@kernel
def below(state, n):
    """A uniform integer in ``[0, n)`` for ``0 < n < 2**32``, without bias
    (Lemire's multiply-and-reject on 32-bit draws)."""
    value, state[0], state[1], state[2], state[3] = below_words(state[0], state[1], state[2], state[3], n)
    return value


@kernel
def uniform(state):
    """A uniform double in ``[0, 1)`` with 53 random bits."""
    value, state[0], state[1], state[2], state[3] = uniform_words(state[0], state[1], state[2], state[3])
    return value


@kernel
def fresh_stream(rng):
    """A new generator state seeded by 4 draws of ``rng``, which moves on by those draws
    only: for common random numbers, every alternative replays a copy of one fresh stream
    and successive trials stay independent."""
    seed = np.empty(4, np.uint64)
    for i in range(4):
        seed[i] = next_u64(rng)
    return seed
