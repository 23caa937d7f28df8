"""Properties the lookup tables rest on, checked by enumeration, and the shipped data file
checked against tables built afresh."""

from itertools import product

import numpy as np
import pytest

from analyzer.eval import BUG, PAIGOW, STANDARD
from analyzer.eval import tables as eval_tables
from analyzer.eval.build_tables import build_tables, write_tables_file
from analyzer.eval.profiles import PAIGOW_DOUBLE_ACE, Rules
from analyzer.eval.row_blocks import HIGH_FOLD
from analyzer.eval.tables import CARD_KEY, FLUSH_BITS, MULTIPLIERS, SHAPES, load_tables


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
    assert len(sums) == len(set(sums)) and max(sums) < HIGH_FOLD  # below the folded flushes' slots


def test_value_table_is_a_gap_free_perfect_hash():
    _lo, _hi, val, _flush = load_tables(PAIGOW)
    assert len(val) == 100_165  # every rank multiset of 5, 6 or 7 cards, with or without a joker
    assert (val > 0).all()


@pytest.mark.parametrize("rules", [STANDARD, BUG, PAIGOW, PAIGOW_DOUBLE_ACE], ids=lambda r: r.name)
@pytest.mark.jitless
def test_the_shipped_tables_are_the_tables_the_rules_build(rules):
    shipped = load_tables(rules)
    for name, built, held in zip(shipped._fields, build_tables(rules.wheel_second, rules.joker_flush_ace), shipped):
        assert built.dtype == held.dtype and np.array_equal(built, held), name


def test_profiles_that_rank_alike_share_tables_and_every_shape_differs():
    assert load_tables(STANDARD) is load_tables(BUG)
    built = [load_tables(Rules("shape", joker=True, wheel_second=w, joker_flush_ace=f)) for w, f in SHAPES]
    assert not np.array_equal(built[0].val, built[1].val)  # where the wheel ranks
    assert not np.array_equal(built[1].flush, built[2].flush)  # what the joker is in a flush


def test_a_tables_file_of_another_version_is_refused_with_the_way_to_rebuild(tmp_path, monkeypatch):
    path = write_tables_file(tmp_path / "tables.npz")
    monkeypatch.setattr(eval_tables, "TABLES_FILE", path)
    monkeypatch.setattr(eval_tables, "_CACHE", {})
    assert np.array_equal(eval_tables.load_tables(STANDARD).val, load_tables(STANDARD).val)
    monkeypatch.setattr(eval_tables, "_CACHE", {})
    shipped = eval_tables.TABLES_VERSION
    monkeypatch.setattr(eval_tables, "TABLES_VERSION", shipped + 1)
    with pytest.raises(RuntimeError, match=rf"version {shipped}, this code reads version {shipped + 1}.*build_tables"):
        eval_tables.load_tables(STANDARD)


def test_flush_bit_needs_five_cards_of_a_suit_counting_the_joker():
    base = np.uint64(0x3333)
    four_hearts = base + sum(CARD_KEY[c] for c in (2, 6, 10, 14))
    assert not four_hearts & FLUSH_BITS
    assert four_hearts + CARD_KEY[18] & FLUSH_BITS
    assert four_hearts + CARD_KEY[52] & FLUSH_BITS
