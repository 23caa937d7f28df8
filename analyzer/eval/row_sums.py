"""A row's key and card masks from one 16-byte table entry per pair of cards, for validating batches.

A validating batch needs, per row of ``k`` codes, the additive key *and* the card mask, and a
test that the row holds ``k`` distinct cards of the deck. Looked up one card at a time that is
two table loads per card, which costs a third of the evaluation. Here the codes are read two at
a time (one unaligned 16-bit load gives ``c0 | c1 << 8``), and the pair's entry in
:func:`pair_tables` holds both halves, ``[key(c0) + key(c1), mask(c0) | mask(c1)]``: one 16-byte
load per pair, added (and ORed) as a two-lane vector.

The validity test needs no bit count:

* an entry for a pair with a code outside the deck, or with the same code twice, carries
  :data:`POISON` in its key (bits 56-58, above every field of the key layout of
  :mod:`analyzer.eval.tables`; seven poisons cannot overflow them), as does a single code
  outside the deck;
* across entries, a card that appears twice sets the same mask bit twice, so the sum of the
  entries' masks differs from their OR; distinct cards set distinct bits (the joker's four lane
  bits are its own), and then sum and OR agree.

So a row is valid exactly when ``key & POISON_FIELD == 0`` and ``mask_or == mask_sum``.
"""

from __future__ import annotations

import sys

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

POISON = np.uint64(1 << 56)
POISON_FIELD = np.uint64(7 << 56)
"""A pair or card that cannot be in a valid row adds :data:`POISON` to the key."""


def pair_tables(row_key: np.ndarray, row_mask: np.ndarray, deck_size: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``(65536, 2)`` pair table and the ``(256, 2)`` single-card table, read-only.

    ``row_key`` and ``row_mask`` give every byte's key and mask (zero outside the deck). The pair
    table is indexed by the 16-bit word that holds two consecutive codes in memory (``c0 | c1 <<
    8`` on a little-endian machine, ``c0 << 8 | c1`` on a big-endian one)."""
    word = np.arange(1 << 16)
    low, high = word & 0xFF, word >> 8
    first, second = (low, high) if sys.byteorder == "little" else (high, low)
    outside = lambda c: c >= deck_size  # noqa: E731
    pairs = np.empty((1 << 16, 2), np.uint64)
    pairs[:, 0] = row_key[first] + row_key[second] + POISON * (outside(first) | outside(second) | (first == second))
    pairs[:, 1] = row_mask[first] | row_mask[second]
    cards = np.empty((256, 2), np.uint64)
    cards[:, 0] = row_key + POISON * outside(np.arange(256))
    cards[:, 1] = row_mask
    for table in (pairs, cards):
        table.flags.writeable = False
    return pairs, cards


def _row_sum(pairs: int, single: bool):
    """An intrinsic ``row_sum(flat, start, pair_table, card_table)`` for rows of ``2 * pairs +
    single`` codes starting at byte ``start`` of the ``uint8`` array ``flat``: the tuple (key
    without the empty key, OR of the masks, sum of the masks)."""

    @intrinsic
    def row_sum(typingctx, flat, start, pair_table, card_table):
        signature = types.UniTuple(types.uint64, 3)(flat, start, pair_table, card_table)

        def codegen(context, builder, sig, args):
            i64, lanes = ir.IntType(64), ir.VectorType(ir.IntType(64), 2)
            data = context.make_array(sig.args[0])(context, builder, args[0]).data
            pair_rows = builder.bitcast(
                context.make_array(sig.args[2])(context, builder, args[2]).data, lanes.as_pointer()
            )
            card_rows = builder.bitcast(
                context.make_array(sig.args[3])(context, builder, args[3]).data, lanes.as_pointer()
            )
            offset = context.cast(builder, args[1], sig.args[1], types.int64)
            entries = []
            for p in range(pairs):
                address = builder.gep(data, [builder.add(offset, ir.Constant(i64, 2 * p))])
                word = builder.load(builder.bitcast(address, ir.IntType(16).as_pointer()), align=1)
                entries.append(builder.load(builder.gep(pair_rows, [builder.zext(word, i64)]), align=8))
            if single:
                code = builder.load(builder.gep(data, [builder.add(offset, ir.Constant(i64, 2 * pairs))]))
                entries.append(builder.load(builder.gep(card_rows, [builder.zext(code, i64)]), align=8))
            total = union = entries[0]
            for entry in entries[1:]:
                total, union = builder.add(total, entry), builder.or_(union, entry)
            lane = lambda v, i: builder.extract_element(v, ir.Constant(ir.IntType(32), i))  # noqa: E731
            return context.make_tuple(builder, sig.return_type, [lane(total, 0), lane(union, 1), lane(total, 1)])

        return signature, codegen

    # a stable identity: kernels that call the intrinsic pickle it into their cache key, and the
    # default is a fresh uuid per process (every process would recompile them)
    row_sum._set_uuid(f"poker-analyzer:row_sum:{pairs}:{single}")
    return row_sum


row_sum5, row_sum6, row_sum7 = _row_sum(2, True), _row_sum(3, False), _row_sum(3, True)
"""The intrinsics for rows of 5, 6 and 7 codes."""
