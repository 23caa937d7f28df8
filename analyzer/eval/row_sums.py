"""A row's key and card masks from one 16-byte table entry per card, for validating batches.

A validating batch needs, per row of ``k`` codes, the additive key *and* the card mask, and a
test that the row holds ``k`` distinct cards of the deck. Looked up in two tables that is two
loads per card. Here each code's entry in :func:`card_table` holds both halves, ``[key(c),
mask(c)]``: one 16-byte load per card from a 4 KB table that stays in the first-level cache,
and the entries are added (and ORed) as two-lane vectors, pairwise, so the adds do not wait on
each other. (Reading the codes two at a time, with a 1 MB table of pairs, halves the loads but
misses the cache: it measured 0.73-0.76 of the unchecked kernel's rate on random hands, this
0.89-0.95.)

The validity test needs no bit count:

* the entry of a code outside the deck carries :data:`POISON` in its key (bits 56-58, above
  every field of the key layout of :mod:`analyzer.eval.tables`; seven poisons cannot overflow
  them);
* a card that appears twice sets the same mask bit twice, so the sum of the entries' masks
  differs from their OR; distinct cards set distinct bits (the joker's four lane bits are its
  own), and then sum and OR agree.

So a row is valid exactly when ``key & POISON_FIELD == 0`` and ``mask_or == mask_sum``.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types

from analyzer.jit import intrinsic

POISON = np.uint64(1 << 56)
POISON_FIELD = np.uint64(7 << 56)
"""A card that cannot be in a valid row adds :data:`POISON` to the key."""


def card_table(row_key: np.ndarray, row_mask: np.ndarray, deck_size: int) -> np.ndarray:
    """The ``(256, 2)`` table of every byte's ``[key + POISON if outside the deck, mask]``, read-only.

    ``row_key`` and ``row_mask`` give every byte's key and mask (zero outside the deck)."""
    table = np.empty((256, 2), np.uint64)
    table[:, 0] = row_key + POISON * (np.arange(256) >= deck_size)
    table[:, 1] = row_mask
    table.flags.writeable = False
    return table


def _row_sum(cards: int):
    """An intrinsic ``row_sum(flat, start, card_table)`` for rows of ``cards`` codes starting at
    byte ``start`` of the ``uint8`` array ``flat``: the tuple (key without the empty key, OR of
    the masks, sum of the masks)."""

    def row_sum_in_python(flat, start, table):
        """``row_sum`` in plain Python (``NUMBA_DISABLE_JIT``); sums wrap modulo 2**64."""
        entries = table[flat[start : start + cards]]
        keys, masks = entries[:, 0], entries[:, 1]
        return keys.sum(dtype=np.uint64), np.bitwise_or.reduce(masks), masks.sum(dtype=np.uint64)

    # a stable identity: kernels that call the intrinsic pickle it into their cache key, and the
    # default is a fresh uuid per process (every process would recompile them)
    @intrinsic(f"poker-analyzer:row_sum:{cards}", row_sum_in_python)
    def row_sum(typingctx, flat, start, table):
        signature = types.UniTuple(types.uint64, 3)(flat, start, table)

        def codegen(context, builder, sig, args):
            i64, lanes = ir.IntType(64), ir.VectorType(ir.IntType(64), 2)
            data = context.make_array(sig.args[0])(context, builder, args[0]).data
            rows = builder.bitcast(context.make_array(sig.args[2])(context, builder, args[2]).data, lanes.as_pointer())
            offset = context.cast(builder, args[1], sig.args[1], types.int64)
            totals = []
            for c in range(cards):
                code = builder.load(builder.gep(data, [builder.add(offset, ir.Constant(i64, c))]))
                totals.append(builder.load(builder.gep(rows, [builder.zext(code, i64)]), align=8))
            unions = list(totals)
            while len(totals) > 1:  # a pairwise tree: independent adds
                odd = [totals[-1]] if len(totals) % 2 else []
                unions = [builder.or_(a, b) for a, b in zip(unions[::2], unions[1::2])] + ([unions[-1]] if odd else [])
                totals = [builder.add(a, b) for a, b in zip(totals[::2], totals[1::2])] + odd
            lane = lambda v, i: builder.extract_element(v, ir.Constant(ir.IntType(32), i))  # noqa: E731
            total, union = totals[0], unions[0]
            return context.make_tuple(builder, sig.return_type, [lane(total, 0), lane(union, 1), lane(total, 1)])

        return signature, codegen

    return row_sum


row_sum5, row_sum6, row_sum7 = _row_sum(5), _row_sum(6), _row_sum(7)
"""The intrinsics for rows of 5, 6 and 7 codes."""
