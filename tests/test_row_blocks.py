"""The validating batch eight rows at a time (analyzer.eval.row_blocks), against the key layout
of analyzer.eval.tables, the plain-numpy lookup (analyzer.eval.lookup, which shares no code with
the kernels) and, in a process compiled for a CPU without AVX-512, the scalar row loop."""

import json

import numpy as np
import pytest
from numba.core import config

from analyzer.eval import BUG, PAIGOW, STANDARD, evaluate_batch, make_kernels, row_blocks
from analyzer.eval.lookup import lookup_values
from analyzer.eval.profiles import PAIGOW_DOUBLE_ACE
from analyzer.eval.tables import CARD_KEY, CARD_MASK, ONE_CARD, load_tables
from cli_process import run_python
from conftest import random_hands

PROFILES = [STANDARD, BUG, PAIGOW, PAIGOW_DOUBLE_ACE]
needs_blocks = pytest.mark.skipif(not row_blocks.available(), reason="the CPU has no AVX-512 VBMI")


@pytest.mark.parametrize("deck_size", [52, 53])
def test_the_code_tables_hold_each_cards_share_of_the_key_and_its_lane_bit(deck_size):
    tables = row_blocks.code_tables(deck_size)
    for code in range(64):
        low = tables["low0"][code] + 256 * tables["low1"][code]
        high = tables["high0"][code] + 256 * tables["high1"][code]
        counters = tables["suits0"][code] + 256 * tables["suits1"][code]
        lane_bit = tables["rank0"][code] + 256 * tables["rank1"][code]
        if code >= deck_size:
            assert low == high == counters == lane_bit == tables["suit"][code] == 0
            continue
        key = int(CARD_KEY[code]) - int(ONE_CARD)  # every row of a block has the same count
        assert counters | low << 16 | high << 32 == key
        lanes = [(int(CARD_MASK[code]) >> 16 * s) & 0x3FFF for s in range(4)]
        assert lane_bit in lanes and all(lane in (0, lane_bit) for lane in lanes)


@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.name)
def test_a_folded_flush_looks_up_the_flush_table(rules):
    lo, hi, val, flush = load_tables(rules)
    lo_ext, hi_ext, val_ext = row_blocks.block_tables(load_tables(rules))
    assert (lo_ext[: len(lo)] == lo).all() and (val_ext[: len(val)] == val).all()
    assert ((hi_ext == hi) | (hi == -1)).all()
    lanes = np.arange(len(flush))
    for cards in (5, 6, 7):
        high = int(row_blocks.high_block(cards)) + row_blocks.HIGH_FOLD + (lanes >> 7)
        low = row_blocks.LOW_FOLD + (lanes & 127)
        assert (val_ext[hi_ext[high] + lo_ext[low]] == flush).all()


def test_available_follows_numbas_target_features(monkeypatch):
    monkeypatch.setattr(config, "CPU_FEATURES", "+avx512f,+avx512bw,+avx512vbmi,+popcnt")
    assert row_blocks.available()
    monkeypatch.setattr(config, "CPU_FEATURES", "+avx512f,+avx512bw,-avx512vbmi")
    assert not row_blocks.available()
    monkeypatch.setattr(config, "CPU_FEATURES", "")
    assert not row_blocks.available()


@needs_blocks
@pytest.mark.parametrize("rules", PROFILES, ids=lambda r: r.name)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_blocks_value_random_and_flush_rich_rows_as_the_numpy_lookup_does(rng, rules, k):
    """Flushes are rare in random rows: half the rows come from two suits (and the joker)."""
    assert make_kernels(rules).row_blocks
    few_suits = np.array([c for c in range(52) if c & 3 < 2] + ([52] if rules.joker else []), np.uint8)
    flushy = np.array([rng.choice(few_suits, k, replace=False) for _ in range(4_003)], np.uint8)
    hands = np.concatenate([random_hands(rng, 4_005, k, rules.deck_size), flushy])
    expected = lookup_values(hands, rules)
    for parallel in (False, True):
        assert (evaluate_batch(hands, rules, parallel=parallel) == expected).all()


@needs_blocks
@pytest.mark.parametrize("rules", [STANDARD, PAIGOW], ids=lambda r: r.name)
@pytest.mark.parametrize("k", [5, 7])
def test_every_kind_of_bad_row_in_every_lane_and_in_the_tail(rng, rules, k):
    """An invalid row anywhere in a block (or among the rows after the last whole block) gets -1
    from the kernel and no other row changes; the first one is the row the error names."""
    hands = random_hands(rng, 8 * 40 + 5, k, rules.deck_size)
    expected = lookup_values(hands, rules)
    kernels = make_kernels(rules)
    spoilers = [
        lambda row: row.__setitem__(0, row[k - 1]),  # first and last card the same
        lambda row: row.__setitem__(2, row[3]),  # neighbours the same
        lambda row: row.__setitem__(1, row[4]),  # three apart
        lambda row: row.__setitem__(k - 1, rules.deck_size),  # the first code past the deck
        lambda row: row.__setitem__(1, 63),  # a filler's code
        lambda row: row.__setitem__(0, 200),  # a byte far outside
    ]
    bad_rows = [8 * b + lane for b, lane in enumerate(range(8))] + [8 * 40 + 1, 8 * 40 + 4]
    for spoil in spoilers:
        spoiled = hands.copy()
        for r in bad_rows:
            spoil(spoiled[r])
        out = np.empty(len(hands), np.int32)
        assert kernels.checked_rows(spoiled, out) == len(bad_rows)
        assert (np.flatnonzero(out < 0) == bad_rows).all()
        good = np.setdiff1d(np.arange(len(hands)), bad_rows)
        assert (out[good] == expected[good]).all()
        with pytest.raises(ValueError, match=f"hand {bad_rows[0]} holds"):
            evaluate_batch(spoiled, rules)


@needs_blocks
@pytest.mark.parametrize("rules", [STANDARD, BUG], ids=lambda r: r.name)
def test_the_block_pipeline_values_every_batch_length_with_bad_rows_first_and_last(rng, rules):
    """The block loop values block ``b`` after starting block ``b + 1`` (analyzer.eval.row_blocks,
    "Pipelining"), asking for bytes past the array's end near the end: for 0 to 4 whole blocks and
    every tail, a bad row in the first and in the last whole block is reported, and every other
    row valued as the numpy lookup does."""
    kernels = make_kernels(rules)
    for n in range(0, 8 * 4 + 8):
        hands = random_hands(rng, n, 7, rules.deck_size)
        expected = lookup_values(hands, rules)
        whole = n // 8
        bad_rows = sorted({0, 8 * whole - 1} if whole else set())
        for r in bad_rows:
            hands[r, 3] = hands[r, 5]
        out = np.empty(n, np.int32)
        assert kernels.checked_rows(hands, out) == len(bad_rows)
        assert (np.flatnonzero(out < 0) == bad_rows).all()
        good = np.setdiff1d(np.arange(n), bad_rows)
        assert (out[good] == expected[good]).all()


_FALLBACK = """
import json, sys
import numpy as np
from analyzer.eval import STANDARD, BUG, evaluate_batch, make_kernels
from analyzer.eval.lookup import lookup_values
rng = np.random.default_rng(7)
hands = np.argsort(rng.random((20_000, 53)), axis=1)[:, :7].astype(np.uint8)
standard = hands[(hands < 52).all(axis=1)]
report = {"blocks": make_kernels(STANDARD).row_blocks}
for name, rules, rows in (("standard", STANDARD, standard), ("bug", BUG, hands)):
    report[name] = bool((evaluate_batch(rows, rules) == lookup_values(rows, rules)).all())
bad = standard[:9].copy()
bad[6, 2] = bad[6, 4]
try:
    evaluate_batch(bad)
except ValueError as error:
    report["error"] = str(error)
print(json.dumps(report))
"""


@pytest.mark.slow
def test_without_avx512_the_kernels_fall_back_to_the_row_loop(tmp_path):
    """A process whose Numba compiles for a CPU without AVX-512 (``NUMBA_CPU_FEATURES``) uses the
    scalar loop, with the same values and errors."""
    features = "+sse2,+sse3,+ssse3,+sse4.1,+sse4.2,+popcnt,+avx,+avx2,+bmi,+bmi2,+fma,+cx16,+lzcnt,+movbe"
    run = run_python(_FALLBACK, cache=tmp_path, env={"NUMBA_CPU_FEATURES": features})
    report = json.loads(run.stdout)
    assert report == {
        "blocks": False,
        "standard": True,
        "bug": True,
        "error": report["error"],
    }
    assert report["error"].startswith("hand 6 holds a card twice")


_BLOCKS_THAT_DO_NOT_COMPILE = """
from numba.extending import intrinsic

from analyzer.eval import row_blocks


def make_block(cards, deck_size):
    @intrinsic
    def block(typingctx, flat, start, words):
        raise TypeError("this LLVM has no such vector intrinsic")

    return block


row_blocks.make_block = make_block
""" + _FALLBACK.replace('report = {"blocks": make_kernels(STANDARD).row_blocks}\n', "report = {}\n").replace(
    "print(json.dumps(report))", 'report["blocks"] = make_kernels(STANDARD).row_blocks\nprint(json.dumps(report))'
)


@pytest.mark.whole_process
@needs_blocks
def test_blocks_that_do_not_compile_give_way_to_the_row_loop(tmp_path):
    """Where the CPU has the features but the blocks fail to compile (an intrinsic this LLVM
    lacks), the validating batch runs the row loop, with the same values and errors."""
    run = run_python(_BLOCKS_THAT_DO_NOT_COMPILE, cache=tmp_path, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert report == {"standard": True, "bug": True, "error": report["error"], "blocks": False}
    assert report["error"].startswith("hand 6 holds a card twice")
