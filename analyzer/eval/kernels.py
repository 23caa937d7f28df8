"""Numba evaluation kernels, one set per rule profile.

:func:`make_kernels` closes the kernels over one profile's tables. Numba
freezes closure arrays as constants (no reference counting in the hot loop)
and hashes them into the JIT cache key, so a cached kernel can never run with
tables other than the ones it was compiled against.

Every function here is ``@njit`` and can be called from other kernels:

* ``evaluate_key(key, mask)``: value of a hand given its key and card mask
  (see :mod:`analyzer.eval.tables`); partial hands are extended with
  ``key + CARD_KEY[c]`` and ``mask | CARD_MASK[c]``.
* ``evaluate_ranks(key)`` and ``evaluate_lane(lane)``: the two halves of a value,
  for algorithms that enumerate rank patterns and suit lanes separately.
* ``evaluate_cards(cards)``: value of one hand (5-7 codes in a 1-D array).
* ``evaluate_rows(hands, out)``: a batch, serially; ``evaluate_batch`` is the
  same over all threads (``prange``).
"""

from __future__ import annotations

import hashlib
from types import SimpleNamespace

import numpy as np
from numba import njit, prange

from analyzer.eval.profiles import Rules
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

_KERNELS: dict[Rules, SimpleNamespace] = {}


def stable_njit(tag: str, **options):
    """``@njit(cache=True, **options)`` for kernels made in factories, with a deterministic
    identity ``tag`` + the function's name.

    Numba keys its disk cache by the pickled closure, and a closure that holds another
    kernel pickles that kernel's identity, a fresh ``uuid4`` per process by default: the
    cache would then never hit (every process recompiles and adds a file). ``tag`` must
    name everything the closure depends on (profile and a digest of its tables).
    """

    def wrap(function):
        dispatcher = njit(cache=True, **options)(function)
        dispatcher._set_uuid(f"poker-analyzer:{tag}:{function.__qualname__}")
        return dispatcher

    return wrap


def tables_digest(*arrays: np.ndarray) -> str:
    """A short digest of table contents, for :func:`stable_njit` tags."""
    digest = hashlib.sha256()
    for array in arrays:
        digest.update(np.ascontiguousarray(array).tobytes())
    return digest.hexdigest()[:16]


def make_kernels(rules: Rules) -> SimpleNamespace:
    """The compiled kernels of a rule profile (created once per profile and process)."""
    if rules in _KERNELS:
        return _KERNELS[rules]
    lo, hi, val, flush = load_tables(rules)
    tag = f"eval:{rules!r}:{tables_digest(lo, hi, val, flush)}"
    has_joker = rules.joker
    card_key = CARD_KEY
    card_mask = CARD_MASK
    empty_key, flush_bits = EMPTY_KEY, FLUSH_BITS
    hi_base, high_shift, low_shift, low_mask, lane_mask = HI_BASE, HIGH_SHIFT, LOW_SHIFT, LOW_MASK, LANE_MASK
    s16, s32, s48 = np.uint64(16), np.uint64(32), np.uint64(48)
    b0, b1, b2 = np.uint64(0x8), np.uint64(0x80), np.uint64(0x800)

    @stable_njit(tag, nogil=True, inline="always")
    def rank_lookup(key):
        return val[hi[(key >> high_shift) - hi_base] + lo[(key >> low_shift) & low_mask]]

    @stable_njit(tag, nogil=True, inline="always")
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

    @stable_njit(tag, nogil=True, inline="always")
    def flush_lookup(key, lane):
        v = flush[lane]
        if has_joker:  # with a joker, quads or a full house may beat the flush
            r = rank_lookup(key)
            if r > v:
                v = r
        return v

    @stable_njit(tag, nogil=True)
    def evaluate_ranks(key):
        """Best non-flush value of the ranks in ``key`` (its suit counters are ignored)."""
        return rank_lookup(key)

    @stable_njit(tag, nogil=True)
    def evaluate_lane(lane):
        """Best flush or straight flush in one suit lane (rank bits, joker bit 13), or 0."""
        return flush[lane]

    @stable_njit(tag, nogil=True)
    def evaluate_key(key, mask):
        if key & flush_bits:
            return flush_lookup(key, (mask >> flush_shift(key)) & lane_mask)
        return rank_lookup(key)

    @stable_njit(tag, nogil=True, inline="always")
    def suit_lane(key, hands, i):
        """The flush suit's lane, rebuilt from row ``i`` of the cards (flush hands are rare)."""
        suit = np.int64(flush_shift(key) >> np.uint64(4))
        lane: int | np.int64 = 0
        for j in range(hands.shape[1]):
            c = np.int64(hands[i, j])
            if c == 52:
                lane |= 1 << 13
            elif c & 3 == suit:
                lane |= 1 << (c >> 2)
        return lane

    @stable_njit(tag, nogil=True, inline="always")
    def evaluate_row(hands, i):
        """Value of row ``i`` of a ``(n, k)`` array of hands."""
        if hands.shape[1] == 7:  # unrolled: the common case, and independent adds
            key = (
                (empty_key + card_key[hands[i, 0]] + card_key[hands[i, 1]])
                + (card_key[hands[i, 2]] + card_key[hands[i, 3]])
                + (card_key[hands[i, 4]] + card_key[hands[i, 5]] + card_key[hands[i, 6]])
            )
        else:
            key = empty_key
            for j in range(hands.shape[1]):
                key += card_key[hands[i, j]]
        if key & flush_bits:
            return flush_lookup(key, suit_lane(key, hands, i))
        return rank_lookup(key)

    @stable_njit(tag, nogil=True)
    def evaluate_cards(cards):
        return evaluate_row(cards.reshape((1, cards.shape[0])), 0)

    @stable_njit(tag, nogil=True)
    def evaluate_rows(hands, out):
        for i in range(hands.shape[0]):
            out[i] = evaluate_row(hands, i)

    @stable_njit(tag, nogil=True, parallel=True)
    def evaluate_batch(hands, out):
        for i in prange(hands.shape[0]):
            out[i] = evaluate_row(hands, i)

    kernels = SimpleNamespace(
        rules=rules,
        evaluate_key=evaluate_key,
        evaluate_ranks=evaluate_ranks,
        evaluate_lane=evaluate_lane,
        evaluate_row=evaluate_row,
        evaluate_cards=evaluate_cards,
        evaluate_rows=evaluate_rows,
        evaluate_batch=evaluate_batch,
        card_key=card_key,
        card_mask=card_mask,
        empty_key=empty_key,
    )
    _KERNELS[rules] = kernels
    return kernels
