"""Properties the lookup tables rest on, checked by enumeration."""

from itertools import product

import numpy as np

from analyzer.eval import BUG, PAIGOW, STANDARD
from analyzer.eval.tables import (
    CARD_KEY,
    FLUSH_BITS,
    MULTIPLIERS,
    build_tables,
)


def _field_sums(symbols: int, max_last: int) -> list[int]:
    sums = []
    for counts in product(range(5), repeat=symbols):
        if sum(counts) <= 7 and counts[-1] <= max_last:
            sums.append(sum(c * int(m) for c, m in zip(counts, MULTIPLIERS)))
    return sums


def test_multipliers_keep_every_low_field_multiset_distinct():
    sums = _field_sums(7, 4)
    assert len(sums) == len(set(sums)) and max(sums) < 1 << 16


def test_multipliers_keep_every_high_field_multiset_distinct():
    sums = _field_sums(7, 1)  # ranks 9..A and at most one joker
    assert len(sums) == len(set(sums)) and max(sums) < 1 << 15


def test_value_table_is_a_gap_free_perfect_hash():
    _lo, _hi, val, _flush = build_tables(PAIGOW)
    assert len(val) == 100_165  # every rank multiset of 5, 6 or 7 cards, with or without a joker
    assert (val > 0).all()


def test_tables_are_deterministic_and_shared_by_profiles_that_rank_alike():
    from analyzer.eval.tables import _build_flush_table, _build_rank_tables

    assert build_tables(STANDARD) is build_tables(BUG)
    again = _build_rank_tables(False) + (_build_flush_table(False, False),)
    for a, b in zip(build_tables(STANDARD), again):
        assert np.array_equal(a, b)


def test_flush_bit_needs_five_cards_of_a_suit_counting_the_joker():
    base = np.uint64(0x3333)
    four_hearts = base + sum(CARD_KEY[c] for c in (2, 6, 10, 14))
    assert not four_hearts & FLUSH_BITS
    assert four_hearts + CARD_KEY[18] & FLUSH_BITS
    assert four_hearts + CARD_KEY[52] & FLUSH_BITS
