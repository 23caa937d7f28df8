"""Numba evaluation kernels, one set per rule profile.

:func:`make_kernels` closes the kernels over one profile's tables. Numba
freezes closure arrays as constants (no reference counting in the hot loop)
and hashes them into the JIT cache key, so a cached kernel can never run with
tables other than the ones it was compiled against.

Every function here but the last two is a kernel and can be called from other kernels:

* ``evaluate_key(key, mask)``: value of a hand given its key and card mask
  (see :mod:`analyzer.eval.tables`); partial hands are extended with
  ``key + CARD_KEY[c]`` and ``mask | CARD_MASK[c]``.
* ``key_value(key, mask)``: the same, inlined into the calling kernel (for inner loops); its
  parts ``flush_shift(key)`` (where the flush suit's lane starts in the mask) and
  ``flush_or_better(flush value, rank value)`` (a flush's value, the joker rule included), for
  kernels that keep the suit counters and the rank index apart.
* ``evaluate_ranks(key)`` and ``evaluate_lane(lane)``: the two halves of a value,
  for algorithms that enumerate rank patterns and suit lanes separately.
* ``evaluate_cards(cards)``: value of one hand (5-7 codes in a 1-D array).
* ``evaluate_rows(hands, out)``: a batch, serially; ``evaluate_batch`` is the
  same over all threads (``prange``). Their codes must be valid. Rows of seven codes go through
  without a branch on the flush test, which a random hand passes about 3% of the time, too
  rarely to predict and too often to mispredict: every row gets its rank value, the rows with a
  flush are listed as they pass and valued afterwards, :data:`SPAN_ROWS` rows at a time.
* ``checked_rows(hands, out)`` and ``checked_batch(hands, out)``: the same, validating every
  row in the loop: an invalid row gets the value -1, and the call returns the number of
  invalid rows. Where the CPU has AVX-512 VBMI (``row_blocks``), eight rows at a time in vector
  registers (:mod:`analyzer.eval.row_blocks`), the rest and the rows a block leaves one by one
  (:mod:`analyzer.eval.row_sums`). Python functions calling the kernels of
  ``batch_kernels()``, which are made on first use: a process that values no batch creates
  none of their dispatchers.
"""

from __future__ import annotations

import functools
import hashlib
from types import SimpleNamespace

import numpy as np
from numba import prange

from analyzer.eval import row_blocks
from analyzer.eval.profiles import Rules
from analyzer.eval.row_sums import POISON_FIELD, card_table, row_sum5, row_sum6, row_sum7
from analyzer.eval.tables import (
    CARD_KEY,
    CARD_MASK,
    EMPTY_KEY,
    FLUSH_BITS,
    HI_BASE,
    HIGH_SHIFT,
    LANE_MASK,
    LOW_MASK,
    LOW_SHIFT,
    load_tables,
)
from analyzer.jit import stable_kernel

_KERNELS: dict[Rules, SimpleNamespace] = {}

CHECKED_CHUNK = 4096
"""Rows per task of the threaded validating batch (a span of rows loops without a branch)."""
ROWS_AHEAD = 1024
"""How many bytes ahead of the rows being valued the unchecked 7-card loop asks for the rows' bytes
(measured, 10 million rows: 512 bytes 511-514 M rows a second, 1,024 529-535, 2,048 520-527)."""
SPAN_ROWS = 1024
"""Rows of seven codes valued before the flushes among them (an 8 KB list of the rows with a flush)."""
SPANS_PER_TASK = 4
"""Spans per task of the threaded unchecked batch: one list allocated for 4,096 rows."""


def tables_digest(*arrays: np.ndarray) -> str:
    """A short digest of table contents, for :func:`~analyzer.jit.stable_kernel` tags."""
    digest = hashlib.sha256()
    for array in arrays:
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()[:16]


def row_tables(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The key and card mask of every ``uint8`` code (256 entries), zero outside the profile's deck:
    batches index these by the raw byte, so no code can read outside a table."""
    key = np.zeros(256, np.uint64)
    mask = np.zeros(256, np.uint64)
    key[: rules.deck_size] = CARD_KEY[: rules.deck_size]
    mask[: rules.deck_size] = CARD_MASK[: rules.deck_size]
    return key, mask


def _compiles(rows, tables, rules: Rules) -> bool:
    """Whether the serial validating kernel ``rows`` compiles: False on any error compiling or
    running it on two blocks and a few rows of random hands of every length (flushes and, on a
    joker deck, the joker among them). A value other than
    :func:`analyzer.eval.lookup.lookup_values`' is a bug, not a missing instruction, and raises."""
    from analyzer.eval.lookup import lookup_values

    deals = np.random.default_rng(20261206).random((2 * row_blocks.ROWS + 3, rules.deck_size))
    for cards in (5, 6, 7):
        hands = np.argsort(deals, axis=1)[:, :cards].astype(np.uint8)
        values = np.empty(len(hands), np.int32)
        try:
            rows(hands, values, tables)
        except Exception:  # Numba's errors of every kind: the blocks cannot be used here
            return False
        if not np.array_equal(values, lookup_values(hands, rules)):
            raise RuntimeError(f"the {cards}-card row blocks value hands wrongly ({rules.name} rules)")
    return True


def make_kernels(rules: Rules) -> SimpleNamespace:
    """The compiled kernels of a rule profile (created once per profile and process)."""
    if rules in _KERNELS:
        return _KERNELS[rules]
    lo, hi, val, flush = load_tables(rules)
    tag = f"eval:{rules!r}:{tables_digest(lo, hi, val, flush)}"
    # HI and VAL in one array, HI's entries moved past it: one table address fewer to keep in a
    # register in the kernels' loops (the 7-card row loop had none to spare)
    hi_val = np.concatenate([hi + np.int32(len(hi)), val])
    has_joker = rules.joker
    card_key = CARD_KEY
    card_mask = CARD_MASK
    row_key, row_mask = row_tables(rules)
    empty_key, flush_bits = EMPTY_KEY, FLUSH_BITS
    hi_base, high_shift, low_shift, low_mask, lane_mask = HI_BASE, HIGH_SHIFT, LOW_SHIFT, LOW_MASK, LANE_MASK
    s16, s32, s48 = np.uint64(16), np.uint64(32), np.uint64(48)
    b0, b1, b2 = np.uint64(0x8), np.uint64(0x80), np.uint64(0x800)
    blocks = row_blocks.available()
    ahead = np.uint64(ROWS_AHEAD)

    # unsigned index arithmetic: no negative-index wraparound test in the hot loop
    @stable_kernel(tag, inline="always")
    def high_part(key):
        """``HI`` of the key's high field and card count: where its block of rank multisets
        starts in ``VAL`` (in ``hi_val``)."""
        return np.uint64(hi_val[(key >> high_shift) - hi_base])

    @stable_kernel(tag, inline="always")
    def low_part(key):
        """``LO`` of the key's low field: the rank multiset's offset in its block."""
        return np.uint64(lo[(key >> low_shift) & low_mask])

    @stable_kernel(tag, inline="always")
    def rank_lookup(key):
        return hi_val[high_part(key) + low_part(key)]

    @stable_kernel(tag, inline="always")
    def flush_shift(key):
        """Bit offset of the lane of the suit with five cards (counting the joker)."""
        f = key & flush_bits
        if f & b0:
            return np.uint64(0)
        if f & b1:
            return s16
        if f & b2:
            return s32
        return s48

    @stable_kernel(tag, inline="always")
    def lane_shift(key):
        """:func:`flush_shift` without a branch (the suit of a flush is a coin toss for the branch
        predictor), for a key with five cards of one suit; 0 for a key without."""
        f = key & flush_bits
        return s16 * (np.uint64(f > b0) + np.uint64(f > b1) + np.uint64(f > b2))

    @stable_kernel(tag, inline="always")
    def flush_or_better(flushed, ranks):
        """The value of a hand whose suit counters show a flush, from its flush value and its
        rank value: the flush's; with a joker, quads or a full house may beat the flush."""
        if has_joker and ranks > flushed:
            return ranks
        return flushed

    @stable_kernel(tag, inline="always")
    def flush_lookup(key, lane):
        return flush_or_better(flush[lane], rank_lookup(key))  # without a joker LLVM drops the rank lookup

    @stable_kernel(tag)
    def evaluate_ranks(key):
        """Best non-flush value of the ranks in ``key`` (its suit counters are ignored)."""
        return rank_lookup(key)

    @stable_kernel(tag)
    def evaluate_lane(lane):
        """Best flush or straight flush in one suit lane (rank bits, joker bit 13), or 0."""
        return flush[lane]

    @stable_kernel(tag, inline="always")
    def key_value(key, mask):
        if key & flush_bits:
            return flush_lookup(key, (mask >> flush_shift(key)) & lane_mask)
        return rank_lookup(key)

    @stable_kernel(tag)
    def evaluate_key(key, mask):
        return key_value(key, mask)

    @stable_kernel(tag, inline="always")
    def seven_cards(hands, i):
        return hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], hands[i, 5], hands[i, 6]

    @stable_kernel(tag, inline="always")
    def seven_key(c):
        """The key of seven codes, unrolled into independent adds."""
        return (
            (empty_key + row_key[c[0]] + row_key[c[1]])
            + (row_key[c[2]] + row_key[c[3]])
            + (row_key[c[4]] + row_key[c[5]] + row_key[c[6]])
        )

    @stable_kernel(tag, inline="always")
    def seven_mask(c):
        return (
            (row_mask[c[0]] | row_mask[c[1]])
            | (row_mask[c[2]] | row_mask[c[3]])
            | (row_mask[c[4]] | row_mask[c[5]] | row_mask[c[6]])
        )

    @stable_kernel(tag, inline="always")
    def row_key_mask(hands, i):
        """The key and card mask of row ``i``, any length."""
        key = empty_key
        mask = np.uint64(0)
        for j in range(hands.shape[1]):
            key += row_key[hands[i, j]]
            mask |= row_mask[hands[i, j]]
        return key, mask

    @stable_kernel(tag, inline="always")
    def evaluate_row(hands, i):
        """Value of row ``i`` of a ``(n, k)`` array of valid hands; with seven cards (the common
        case) the card mask is built only for the rare hand with five cards of a suit."""
        if hands.shape[1] == 7:
            c = seven_cards(hands, i)
            key = seven_key(c)
            if key & flush_bits:
                return flush_lookup(key, (seven_mask(c) >> flush_shift(key)) & lane_mask)
            return rank_lookup(key)
        key, mask = row_key_mask(hands, i)
        return key_value(key, mask)

    @stable_kernel(tag)
    def evaluate_cards(cards):
        return evaluate_row(cards.reshape((1, cards.shape[0])), 0)

    @stable_kernel(tag, inline="always")
    def seven_span(hands, out, start, stop, flushes):
        """Values of rows ``start`` to ``stop`` of seven codes (unsigned indices: no negative-index
        test): the rank value of every row, in a loop without a branch, writing each row's index
        into ``flushes`` and counting it only when it has a flush; then those rows' flush values.
        Two rows a turn, both keys summed before either's lookups, the bytes :data:`ROWS_AHEAD`
        ahead asked for (the CPU's own prefetcher fetched them too late: a batch larger than the
        last-level cache ran about a tenth slower than one inside it)."""
        found = np.uint64(0)
        one = np.uint64(1)
        for pair in range((stop - start) >> one):
            i = start + (np.uint64(pair) << one)
            row_blocks.prefetch(hands, np.uint64(7) * i + ahead)  # a hint: any layout is safe
            key, next_key = seven_key(seven_cards(hands, i)), seven_key(seven_cards(hands, i + one))
            out[i], out[i + one] = rank_lookup(key), rank_lookup(next_key)
            flushes[found] = i
            found += np.uint64((key & flush_bits) != np.uint64(0))
            flushes[found] = i + one
            found += np.uint64((next_key & flush_bits) != np.uint64(0))
        if (stop - start) & one:
            i = stop - one
            key = seven_key(seven_cards(hands, i))
            out[i] = rank_lookup(key)
            flushes[found] = i
            found += np.uint64((key & flush_bits) != np.uint64(0))
        seven_flushes(hands, out, flushes, found)

    @stable_kernel(tag, inline="always")
    def seven_flushes(hands, out, flushes, found):
        """The values of the rows of seven codes listed in ``flushes[:found]``, each with a flush."""
        for j in range(found):
            i = flushes[j]
            c = seven_cards(hands, i)
            key = seven_key(c)
            out[i] = flush_lookup(key, (seven_mask(c) >> lane_shift(key)) & lane_mask)

    @stable_kernel(tag, inline="always")
    def seven_spans(hands, out, start, stop):
        """Rows ``start`` to ``stop`` of seven codes, :data:`SPAN_ROWS` at a time."""
        flushes = np.empty(SPAN_ROWS, np.uint64)
        span = np.uint64(SPAN_ROWS)
        for s in range((stop - start + span - np.uint64(1)) // span):
            first = start + np.uint64(s) * span
            seven_span(hands, out, first, min(first + span, stop), flushes)

    # a call, not inlined into the threaded loop's body, whose compiled code knows neither the row
    # length nor much else: on one thread, inlined without the length test 452 M rows a second
    # against evaluate_rows' 532, inlined with it 502 against 539, called 506-513 against 527-533
    @stable_kernel(tag)
    def seven_task(hands, out, start, stop):
        """:func:`seven_spans` for a task of the threaded batch."""
        if hands.shape[1] == 7:  # true: tells the compiled loop the row length
            seven_spans(hands, out, start, stop)

    @stable_kernel(tag)
    def evaluate_rows(hands, out):
        if hands.shape[1] == 7:
            seven_spans(hands, out, np.uint64(0), np.uint64(hands.shape[0]))
        else:
            for i in range(hands.shape[0]):
                out[i] = evaluate_row(hands, i)

    @stable_kernel(tag, parallel=True)
    def evaluate_batch(hands, out):
        if hands.shape[1] == 7:
            n, task = np.uint64(hands.shape[0]), np.uint64(SPAN_ROWS * SPANS_PER_TASK)
            for t in prange((n + task - np.uint64(1)) // task):
                start = np.uint64(t) * task
                seven_task(hands, out, start, min(start + task, n))
        else:
            for i in prange(hands.shape[0]):
                out[i] = evaluate_row(hands, i)

    @functools.cache
    def batch_kernels():
        """The validating batch kernels ``(rows, batch, tables)``, made when first used (a query
        that values no batch creates none of their dispatchers): ``rows(hands, out, tables)``
        serially, ``batch(...)`` on every thread, with the tables they take
        (:func:`row_blocks.block_tables` where the blocks run). Blocks that fail to compile
        (an LLVM without one of their vector intrinsics, say) give way to the row loop, and
        ``kernels.row_blocks`` then says False."""
        if blocks:
            made = made_batch_kernels(True)
            if _compiles(made[0], made[2], rules):
                return made
            kernels.row_blocks = False
        return made_batch_kernels(False)

    def made_batch_kernels(blocks: bool):
        """:func:`batch_kernels`, eight rows at a time where ``blocks``, else one by one."""

        key_and_mask = card_table(row_key, row_mask, rules.deck_size)
        poison_field, rare_bits = POISON_FIELD, FLUSH_BITS | POISON_FIELD

        @stable_kernel(tag, inline="always")
        def checked_value(sums):
            """The value of a row from its :mod:`analyzer.eval.row_sums` sums (key, OR and sum of
            the masks), or -1 when it holds a code outside the deck or a card twice."""
            key, union, total = sums
            key += empty_key
            if (key & rare_bits) | (union ^ total):  # a flush, or an invalid row: rare
                if (key & poison_field) | (union ^ total):
                    return -1
                return key_value(key, union)
            return rank_lookup(key)

        def row_span(cards, row_sum):
            """The kernel valuing rows ``start`` to ``stop`` of the ``cards``-code rows laid end to
            end in ``flat`` (one kernel per row length, so no loop body branches on it), given the
            tables of :func:`row_blocks.block_tables`; it returns the number of invalid rows."""

            @stable_kernel(f"{tag}:{cards}")
            def one_by_one(flat, out, start, stop):
                invalid = 0
                for i in range(start, stop):
                    out[i] = v = checked_value(row_sum(flat, cards * i, key_and_mask))
                    if v < 0:
                        invalid += 1
                return invalid

            if not blocks:

                @stable_kernel(f"{tag}:{cards}", inline="always")
                def each_row(flat, out, start, stop, tables):
                    return one_by_one(flat, out, start, stop)

                return each_row
            block, high = row_blocks.make_block(cards, rules.deck_size), row_blocks.high_block(cards)

            @stable_kernel(f"{tag}:{cards}", inline="always")
            def settle(words, half, flat, out, first, special, tables):
                """The values of the block of rows ``first..first+7`` from its eight words at
                ``words[half:]``; the rows of its ``special`` mask one by one. Returns the
                number of invalid rows."""
                lo_ext, hi_ext, val_ext = tables
                for j in range(row_blocks.ROWS):
                    w = words[half + j]
                    row = np.uint64(first + j)  # unsigned: no negative-index test
                    out[row] = val_ext[np.uint64(hi_ext[high + (w >> s16)]) + np.uint64(lo_ext[w & low_mask])]
                bad_rows = 0
                if special:  # invalid rows, or the joker in a flush
                    for j in range(row_blocks.ROWS):
                        if (special >> np.uint64(j)) & np.uint64(1):
                            bad_rows += one_by_one(flat, out, first + j, first + j + 1)
                return bad_rows

            # a kernel of its own, not inlined: compiled once for both batch kernels; the tables
            # are arguments, not closure constants (measured: see analyzer.eval.row_blocks)
            @stable_kernel(f"{tag}:{cards}")
            def in_blocks(flat, out, start, stop, tables):
                """Eight rows at a time, one block behind: block ``b``'s vector part writes its
                words into one half of ``words`` before block ``b - 1``'s lookups read the other
                half (see :mod:`analyzer.eval.row_blocks`, "Pipelining"), the bytes of the rows ahead asked
                for early ("Prefetching"); the rows of a block's
                special mask and the last few one by one."""
                size = row_blocks.ROWS
                words = np.empty(2 * size, np.uint64)
                whole = (stop - start) // size
                bad_rows = 0
                if whole:
                    special = block(flat, cards * start, words[:size])
                    for b in range(1, whole):
                        half = (b & 1) * size
                        first_byte = cards * (start + size * b)
                        row_blocks.prefetch(flat, first_byte + row_blocks.PREFETCH_BYTES)
                        ahead = block(flat, first_byte, words[half : half + size])
                        bad_rows += settle(words, size - half, flat, out, start + size * (b - 1), special, tables)
                        special = ahead
                    half = ((whole - 1) & 1) * size
                    bad_rows += settle(words, half, flat, out, start + size * (whole - 1), special, tables)
                return bad_rows + one_by_one(flat, out, start + size * whole, stop)

            return in_blocks

        span5, span6, span7 = row_span(5, row_sum5), row_span(6, row_sum6), row_span(7, row_sum7)

        @stable_kernel(tag, inline="always")
        def checked_span(flat, k, out, start, stop, tables):
            """Values of rows ``start`` to ``stop`` of the ``k``-code rows laid end to end in
            ``flat``; returns the number of invalid rows."""
            if k == 7:
                return span7(flat, out, start, stop, tables)
            if k == 6:
                return span6(flat, out, start, stop, tables)
            return span5(flat, out, start, stop, tables)

        @stable_kernel(tag)
        def checked_rows_of(hands, out, tables):
            return checked_span(hands.reshape(-1), hands.shape[1], out, 0, hands.shape[0], tables)

        @stable_kernel(tag, parallel=True)
        def checked_batch_of(hands, out, tables):
            flat, k, n = hands.reshape(-1), hands.shape[1], hands.shape[0]
            invalid = np.zeros((n + CHECKED_CHUNK - 1) // CHECKED_CHUNK, np.int64)  # per chunk: no reduction
            for chunk in prange(invalid.shape[0]):
                start = chunk * CHECKED_CHUNK
                invalid[chunk] = checked_span(flat, k, out, start, min(start + CHECKED_CHUNK, n), tables)
            return invalid.sum()

        tables = row_blocks.block_tables(load_tables(rules)) if blocks else (lo, hi, val)
        return checked_rows_of, checked_batch_of, tables

    def checked_rows(hands: np.ndarray, out: np.ndarray) -> int:
        rows, _, tables = batch_kernels()
        return rows(hands, out, tables)

    def checked_batch(hands: np.ndarray, out: np.ndarray) -> int:
        _, batch, tables = batch_kernels()
        return batch(hands, out, tables)

    kernels = SimpleNamespace(
        rules=rules,
        evaluate_key=evaluate_key,
        key_value=key_value,
        flush_shift=flush_shift,
        flush_or_better=flush_or_better,
        evaluate_ranks=evaluate_ranks,
        evaluate_lane=evaluate_lane,
        evaluate_row=evaluate_row,
        evaluate_cards=evaluate_cards,
        evaluate_rows=evaluate_rows,
        evaluate_batch=evaluate_batch,
        checked_rows=checked_rows,
        checked_batch=checked_batch,
        batch_kernels=batch_kernels,
        row_blocks=blocks,
        card_key=card_key,
        card_mask=card_mask,
        empty_key=empty_key,
    )
    _KERNELS[rules] = kernels
    return kernels
