"""A validating batch eight rows at a time, in AVX-512 registers.

A batch of ``(n, k)`` hands (``k`` from 5 to 7 codes a row) is read in *blocks* of eight rows,
``8 k`` bytes, with one masked 64-byte load. Everything a row's value needs, except the big
lookups, is computed for the eight rows at once in one 512-bit register, one 8-byte *lane* per
row:

* **Lanes.** One byte permute puts row ``j``'s codes in bytes ``0..k-1`` of lane ``j`` and
  fills bytes ``k..7`` with ``56 + position``: codes outside every deck, and distinct, so a
  filler never looks like a card or a duplicate.
* **Per-code tables.** A byte permute looks a 64-entry byte table up for all 64 bytes at once
  (``vpermb``): each code's share of the additive key of :mod:`analyzer.eval.tables`, split
  into bytes (the low field's multiplier, the high field's, the suit counters), which suit it
  is, and its rank bit.
* **Sums.** ``vpsadbw`` adds the eight bytes of every lane: byte sums are exact (at most
  ``8 * 255``), so two byte tables give a 16-bit field. The low field, the high field and the
  four 4-bit suit counters come out exactly as the scalar key has them.
* **Flushes.** The suit counters, preset to 3, reach bit 3 for the suit with five cards (the
  joker counts in every suit, as in the key). That suit's 14-bit lane (the rank bits of its
  cards, and bit 13 for the joker) is summed from the rank-bit tables of the lane's cards of
  that suit: the index of the flush table.
* **Validity.** Every code of a row is below the deck size, and no two of its bytes are equal:
  each lane is compared with itself rotated by 1, 2, 3 and 4 bytes, which brings every pair of
  its eight positions together once.

Each lane then gives one 64-bit word for the scalar code: ``low | high << 16``, the two indexes
of ``VAL[HI[high] + LO[low]]`` (:func:`block_tables` adds the row count's block offset to
``HI``). A flush is *folded* into the same lookup: its lane ``f`` is written as
``LOW_FOLD + (f & 127)`` and ``HIGH_FOLD + (f >> 7)``, indexes past every real field, where the
extended tables hold ``LO = f & 127`` and ``HI = len(VAL) + 128 * (f >> 7)``, so ``VAL`` extended
by the flush table gives ``FLUSH[f]`` with the same three loads and no branch. (With at most
seven cards and no joker a flush excludes quads and a full house.) A row the block cannot value
is *special*: it is invalid, or it holds the joker and a flush (its value is the better of the
flush and the rank value); its word is zero (an in-range lookup) and its bit is set in the mask
the block returns, for the caller to value by the scalar path.

The byte permutes need AVX-512 VBMI (Intel since Ice Lake, AMD since Zen 4): :func:`available`
says whether Numba compiles for such a CPU, and the kernels fall back to the scalar row loop
otherwise.

Measured on the 2-core AMD EPYC (Zen 4) this project is developed on (docs/speed-history.md): a random
7-card row costs about 8 cycles this way (450 M rows a second on one core), against 14 in the
scalar validating loop and 11 in the scalar loop that checks nothing; the vector part is about
4 of them, the three table loads the rest. The kernel that loops over the blocks
(:func:`analyzer.eval.kernels.make_kernels`) takes the extended tables as arguments rather than
as closure constants: Numba freezes a constant into every function compiled with it, wherever
its linker places it, and the same loop ran at 330 to 430 M rows a second depending on the
function it was compiled into, against 440 every time with the tables as arguments.

**Pipelining.** The block writes its eight words with one 64-byte store, and the lookups read
them back one by one. Read at once, each load waits for that wide store (on Zen 4 a narrow load
is not forwarded from a wider store still in flight): the vector part (about 4.5 cycles a row
alone) and the lookups (about 3 alone) then add up instead of overlapping. The block loop
therefore runs one block behind: block ``b``'s vector part writes into one half of a 16-word
buffer, then block ``b - 1``'s lookups read the other half, stored a block earlier. Measured
on one core, 10 million random 7-card rows: 360-400 M rows a second before, 466-475 after.

**Prefetching.** Even so, a batch larger than the last-level cache ran at half the speed of one
inside it (on one core, 10 million rows, 70 MB: about 490 M rows a second; a million rows,
inside the 32 MB cache: about 900): the CPU's own prefetcher did not fetch the rows' bytes early
enough. The block loop asks for the bytes :data:`PREFETCH_BYTES` ahead (:func:`prefetch`) with
every block: 1,000-1,020 M rows a second on the 10 million (512 bytes ahead gave 850, 1,024
gave 945, 4,096 gave 958).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils

from analyzer.eval.tables import (
    HIGH_STRIDE,
    JOKER_LANE_BIT,
    JOKER_SYMBOL,
    LOW_RANKS,
    MIN_CARDS,
    MULTIPLIERS,
    EvalTables,
)
from analyzer.jit import compiles_for, intrinsic

ROWS = 8
"""Rows in a block: one 8-byte lane each of a 512-bit register."""
_SOURCE_DIGEST = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
"""A digest of this module's text, part of the blocks' identity (:func:`make_block`)."""
FILLER = 56
"""Byte ``p`` of a lane past the row's codes holds ``FILLER + p``: outside every deck, distinct."""
LOW_FOLD = 44032
"""Where a flush's low index starts (past every low field: ``LO`` has 43,718 entries)."""
HIGH_FOLD = HIGH_STRIDE - 128
"""Where a flush's high index starts, in every row count's block of ``HI``: its last 128 entries,
past every high field (19,274 at most, with the joker)."""
FOLD_STEP = 128
"""A flush lane ``f`` is looked up as ``f & 127`` in the extended ``LO`` and ``f >> 7`` in ``HI``."""
REQUIRED_FEATURES = ("avx512f", "avx512bw", "avx512vbmi")
"""The CPU features the block code is compiled with."""


def available() -> bool:
    """Whether Numba compiles for a CPU with :data:`REQUIRED_FEATURES`
    (:func:`analyzer.jit.compiles_for`)."""
    return compiles_for(*REQUIRED_FEATURES)


def code_tables(deck_size: int) -> dict[str, list[int]]:
    """The 64-entry byte tables, indexed by card code (codes outside the deck give zeros):
    ``low0``/``low1`` and ``high0``/``high1``, the two bytes of the code's multiplier in the key's
    low and high fields; ``suits0``/``suits1``, its suit counter (clubs and diamonds in the
    nibbles of the first, hearts and spades in the second); ``suit``, the bit its suit's flush
    flag lands on after :func:`_flush_suit_bytes` (0, 4, 2, 6 for clubs to spades; every one for
    the joker); ``rank0``/``rank1``, its bit in a suit lane (the joker bit 13)."""
    names = ("low0", "low1", "high0", "high1", "suits0", "suits1", "suit", "rank0", "rank1")
    tables = {name: [0] * 64 for name in names}
    for code in range(deck_size):
        if code == 52:  # the joker: the high field's last symbol, every suit, lane bit 13
            low, high, counters, suit, lane_bit = 0, int(MULTIPLIERS[JOKER_SYMBOL]), 0x1111, 0x55, JOKER_LANE_BIT
        else:
            rank, s = code >> 2, code & 3
            multiplier = int(MULTIPLIERS[rank % LOW_RANKS])
            low, high = (multiplier, 0) if rank < LOW_RANKS else (0, multiplier)
            counters, suit, lane_bit = 1 << 4 * s, 1 << (0, 4, 2, 6)[s], 1 << rank
        row = {
            "low0": low & 0xFF,
            "low1": low >> 8,
            "high0": high & 0xFF,
            "high1": high >> 8,
            "suits0": counters & 0xFF,
            "suits1": counters >> 8,
            "suit": suit,
            "rank0": lane_bit & 0xFF,
            "rank1": lane_bit >> 8,
        }
        for name, value in row.items():
            tables[name][code] = value
    return tables


def block_tables(tables: EvalTables) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``LO``, ``HI`` and ``VAL`` extended for folded flushes (see the module docstring), as new
    read-only arrays: ``VAL`` followed by the flush table, ``LO`` by ``0..127``, and every row
    count's block of ``HI`` given ``len(VAL) + 128 * a`` at ``HIGH_FOLD + a``."""
    lo, hi, val, flush = tables
    if len(lo) > LOW_FOLD or len(flush) > FOLD_STEP * FOLD_STEP:
        raise AssertionError("the fold indexes overlap the tables")
    lo_ext = np.zeros(LOW_FOLD + FOLD_STEP, np.uint16)
    lo_ext[: len(lo)] = lo
    lo_ext[LOW_FOLD:] = np.arange(FOLD_STEP)
    hi_ext = hi.copy()
    for block in range(0, len(hi), HIGH_STRIDE):
        fold = slice(block + HIGH_FOLD, block + HIGH_FOLD + FOLD_STEP)
        if (hi_ext[fold] != -1).any():
            raise AssertionError("the fold indexes overlap the high fields")
        hi_ext[fold] = len(val) + FOLD_STEP * np.arange(FOLD_STEP)
    val_ext = np.concatenate([val, flush])
    for array in (lo_ext, hi_ext, val_ext):
        array.flags.writeable = False
    return lo_ext, hi_ext, val_ext


def high_block(cards: int) -> np.uint64:
    """The offset of the block of ``HI`` for rows of ``cards`` codes."""
    return np.uint64((cards - MIN_CARDS) * HIGH_STRIDE)


def _lanes(cards: int) -> list[int]:
    """The byte permute (of the block, then a vector of fillers at 64..127) that puts row ``j`` in
    lane ``j``."""
    order = []
    for row in range(ROWS):
        order += [cards * row + i for i in range(cards)] + [64 + FILLER + p for p in range(cards, 8)]
    return order


class _Emitter:
    """LLVM IR for 64-byte and eight-word vectors, on one builder. (Its types are made per
    compilation: an intrinsic pickles into its callers' cache keys with the objects its code
    reads, and llvmlite types cache their text lazily, which would change the pickle.)"""

    def __init__(self, builder: ir.IRBuilder):
        self.b = builder
        self.i32 = ir.IntType(32)
        self.bytes_type = ir.VectorType(ir.IntType(8), 64)
        self.words_type = ir.VectorType(ir.IntType(64), ROWS)
        self.zero = ir.Constant(self.bytes_type, None)
        bytes_type, words_type = self.bytes_type, self.words_type
        self._permute = self._function("llvm.x86.avx512.permvar.qi.512", bytes_type, bytes_type, bytes_type)
        self._sad = self._function("llvm.x86.avx512.psad.bw.512", words_type, bytes_type, bytes_type)
        mask_type = ir.VectorType(ir.IntType(1), 64)
        self._load = self._function(
            "llvm.masked.load.v64i8.p0", bytes_type, bytes_type.as_pointer(), self.i32, mask_type, bytes_type
        )

    def _function(self, name: str, result: ir.Type, *arguments: ir.Type) -> ir.Function:
        return cgutils.get_or_insert_function(self.b.module, ir.FunctionType(result, arguments), name)

    def words(self, value: int) -> ir.Constant:
        """Eight 64-bit words of ``value``."""
        return ir.Constant(self.words_type, [value] * ROWS)

    def byte_vector(self, values: list[int]) -> ir.Constant:
        return ir.Constant(self.bytes_type, values)

    def load(self, address: ir.Value, count: int) -> ir.Value:
        """The first ``count`` bytes at ``address`` (the rest zero, never read)."""
        mask = ir.Constant(ir.VectorType(ir.IntType(1), 64), [i < count for i in range(64)])
        pointer = self.b.bitcast(address, self.bytes_type.as_pointer())
        return self.b.call(self._load, [pointer, ir.Constant(self.i32, 1), mask, self.zero])

    def shuffle(self, first: ir.Value, second: ir.Value, order: list[int]) -> ir.Value:
        return self.b.shuffle_vector(first, second, ir.Constant(ir.VectorType(self.i32, 64), order))

    def look_up(self, table: list[int], codes: ir.Value) -> ir.Value:
        """``table[code]`` for each of the 64 bytes (``vpermb``)."""
        return self.b.call(self._permute, [self.byte_vector(table), codes])

    def field(self, first: ir.Value, second: ir.Value) -> ir.Value:
        """Each lane's sum of the bytes of ``first`` plus 256 times that of ``second`` (``vpsadbw``)."""
        low, high = (self.b.call(self._sad, [v, self.zero]) for v in (first, second))
        return self.b.add(low, self.b.shl(high, self.words(8)))

    def any_byte(self, flags: ir.Value) -> ir.Value:
        """Per lane: whether any of its eight byte flags (``i1``) is set."""
        as_words = self.b.bitcast(self.b.sext(flags, self.bytes_type), self.words_type)
        return self.b.icmp_unsigned("!=", as_words, self.words(0))

    def rotated(self, codes: ir.Value, shift: int) -> ir.Value:
        """Each lane's bytes rotated by ``shift`` bits."""
        words = self.b.bitcast(codes, self.words_type)
        turned = self.b.or_(self.b.shl(words, self.words(shift)), self.b.lshr(words, self.words(64 - shift)))
        return self.b.bitcast(turned, self.bytes_type)


def _emit_block(context, builder: ir.IRBuilder, signature, args, cards: int, deck_size: int) -> ir.Value:
    """The code of :func:`make_block`'s intrinsic (see the module docstring for the steps)."""
    e, b = _Emitter(builder), builder
    tables = code_tables(deck_size)
    data = context.make_array(signature.args[0])(context, builder, args[0]).data
    out = context.make_array(signature.args[2])(context, builder, args[2]).data
    offset = context.cast(builder, args[1], signature.args[1], types.int64)
    raw = e.load(b.gep(data, [offset]), ROWS * cards)
    codes = e.shuffle(raw, e.byte_vector([FILLER + p % 8 for p in range(64)]), _lanes(cards))

    def look(name: str) -> ir.Value:
        return e.look_up(tables[name], codes)

    low = e.field(look("low0"), look("low1"))
    high = e.field(look("high0"), look("high1"))
    counters = e.field(look("suits0"), look("suits1"))
    flush_flags = b.and_(b.add(counters, e.words(0x3333)), e.words(0x8888))
    suit_bits = b.and_(look("suit"), _flush_suit_bytes(e, flush_flags))
    in_suit = b.icmp_unsigned("!=", suit_bits, e.zero)
    lane = e.field(b.select(in_suit, look("rank0"), e.zero), b.select(in_suit, look("rank1"), e.zero))
    folded = b.or_(
        b.add(b.and_(lane, e.words(FOLD_STEP - 1)), e.words(LOW_FOLD)),
        b.shl(b.add(b.lshr(lane, e.words(7)), e.words(HIGH_FOLD)), e.words(16)),
    )
    word = b.select(b.icmp_unsigned("!=", lane, e.words(0)), folded, b.or_(low, b.shl(high, e.words(16))))

    limits = ([deck_size] * cards + [255] * (8 - cards)) * ROWS  # the fillers (56..63) pass
    bad = b.icmp_unsigned(">=", codes, e.byte_vector(limits))
    for shift in (8, 16, 24, 32):  # every pair of a lane's 8 bytes is 1-4 apart, cyclically
        bad = b.or_(bad, b.icmp_unsigned("==", codes, e.rotated(codes, shift)))
    special = e.any_byte(bad)
    if deck_size > 52:  # the joker and a flush: the better of two values, left to the scalar path
        holds_joker = b.icmp_unsigned("!=", b.and_(lane, e.words(JOKER_LANE_BIT)), e.words(0))
        special = b.or_(special, holds_joker)
    b.store(b.select(special, e.words(0), word), b.bitcast(out, e.words_type.as_pointer()), align=8)
    return b.zext(b.bitcast(special, ir.IntType(8)), ir.IntType(64))


def _flush_suit_bytes(e: _Emitter, flush_flags: ir.Value) -> ir.Value:
    """Every byte of a lane set to its flush suit's bit (0, 4, 2 or 6 for clubs to spades; zero
    without a flush), from the suit counters' flush flags (bits 3, 7, 11 and 15)."""
    b = e.b
    flags = b.lshr(flush_flags, e.words(3))  # bits 0, 4, 8, 12
    flags = b.and_(b.or_(flags, b.lshr(flags, e.words(6))), e.words(0x55))  # 8 and 12 to 2 and 6
    return e.shuffle(b.bitcast(flags, e.bytes_type), e.zero, [8 * (i // 8) for i in range(64)])


PREFETCH_BYTES = 2048
"""How far ahead of the block being valued the block loop asks for the rows' bytes
(:func:`prefetch`; see "Prefetching" in the module docstring)."""


def _prefetch_in_python(flat, start):
    """The Python twin of :func:`prefetch`: a hint only, so nothing to do."""


@intrinsic(f"poker-analyzer:prefetch:{_SOURCE_DIGEST}", _prefetch_in_python)
def prefetch(typingctx, flat, start):
    """``prefetch(flat, start)``: ask the CPU to bring the cache line holding byte ``start`` of the
    ``uint8`` array ``flat`` into its caches (``llvm.prefetch``, a read kept in every level). A hint:
    it never faults, not even past the array's end, and changes no value."""

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        offset = context.cast(builder, args[1], signature.args[1], types.int64)
        byte_pointer = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        hint = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [byte_pointer, i32, i32, i32]), "llvm.prefetch.p0"
        )
        read, keep_everywhere, data_cache = (ir.Constant(i32, v) for v in (0, 3, 1))
        address = builder.bitcast(builder.gep(data, [offset]), byte_pointer)
        builder.call(hint, [address, read, keep_everywhere, data_cache])
        return context.get_dummy_value()

    return types.void(flat, start), codegen


def make_block(cards: int, deck_size: int):
    """The intrinsic ``block(flat, start, words) -> special`` for rows of ``cards`` codes from a
    deck of ``deck_size``: values the block of eight rows starting at byte ``start`` of the
    ``uint8`` array ``flat`` (reading only its ``8 * cards`` bytes) into the eight ``uint64`` of
    ``words`` (``low | high << 16`` each, see the module docstring) and returns the bit mask of
    its special rows."""

    def block_in_python(flat, start, words):
        """No Python twin: the blocks run only where Numba compiles for a CPU with
        :data:`REQUIRED_FEATURES`, never under ``NUMBA_DISABLE_JIT`` (:func:`available`)."""
        raise NotImplementedError("the AVX-512 row blocks run compiled only")

    # a stable identity: kernels that call the intrinsic pickle it into their cache key, and with
    # this module's digest in it, an edit here compiles them afresh instead of reusing old code
    @intrinsic(f"poker-analyzer:row-block:{cards}:{deck_size}:{_SOURCE_DIGEST}", block_in_python)
    def block(typingctx, flat, start, words):
        def codegen(context, builder, signature, args):
            return _emit_block(context, builder, signature, args, cards, deck_size)

        return types.uint64(flat, start, words), codegen

    return block
