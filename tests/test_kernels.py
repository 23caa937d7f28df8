"""Kernel consistency: incremental keys, batches, best five, validation."""

from itertools import combinations

import numpy as np
import pytest
from numba import njit, prange

from analyzer.cards import CardError, format_cards
from analyzer.eval import (
    BUG,
    PAIGOW,
    STANDARD,
    best_five,
    evaluate,
    evaluate_batch,
    make_kernels,
)
from analyzer.eval.lookup import lookup_values
from analyzer.eval.profiles import PAIGOW_DOUBLE_ACE
from conftest import random_hands, speed_layer


def _incremental_evaluator(rules):
    kernels = make_kernels(rules)
    evaluate_key, card_key, card_mask, empty_key = (
        kernels.evaluate_key,
        kernels.card_key,
        kernels.card_mask,
        kernels.empty_key,
    )

    @njit
    def by_adds(hands, out):
        """Values from keys built one add per card, as enumeration kernels do."""
        for i in range(hands.shape[0]):
            key, mask = empty_key, np.uint64(0)
            for c in hands[i]:
                key += card_key[c]
                mask |= card_mask[c]
            out[i] = evaluate_key(key, mask)

    return by_adds


@pytest.mark.parametrize("rules, deck_size", [(STANDARD, 52), (PAIGOW, 53)], ids=["standard", "paigow"])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_incremental_keys_batches_and_threads_agree(rng, rules, deck_size, k):
    hands = random_hands(rng, 50_000, k, deck_size)
    parallel = evaluate_batch(hands, rules)
    serial = evaluate_batch(hands, rules, parallel=False)
    incremental = np.empty(len(hands), np.int32)
    _incremental_evaluator(rules)(hands, incremental)
    single = [make_kernels(rules).evaluate_cards(h) for h in hands[:500]]
    looked_up = lookup_values(hands, rules)  # the numpy path of single-hand queries
    assert (parallel == serial).all()
    assert (parallel == incremental).all()
    assert (parallel[:500] == single).all()
    assert looked_up.dtype == np.int32 and (parallel == looked_up).all()


@pytest.mark.parametrize("rules", [STANDARD, BUG, PAIGOW, PAIGOW_DOUBLE_ACE], ids=lambda r: r.name)
def test_the_numpy_lookup_agrees_with_the_kernels_on_flushes_and_jokers(rng, rules):
    """Flush hands are rare in random deals: deal hands of few suits (and the joker) on purpose."""
    few_suits = np.array([c for c in range(52) if c & 3 < 2] + ([52] if rules.joker else []))
    hands = np.array([rng.choice(few_suits, 7, replace=False) for _ in range(20_000)], np.uint8)
    for k in (5, 6, 7):
        assert (lookup_values(hands[:, :k], rules) == evaluate_batch(hands[:, :k], rules)).all()


@pytest.mark.parametrize("rules", [STANDARD, BUG, PAIGOW, PAIGOW_DOUBLE_ACE], ids=lambda r: r.name)
@pytest.mark.parametrize("rows", [1, 2, 1023, 1024, 1025, 2 * 4096 + 3])
def test_the_unchecked_seven_card_loops_value_runs_of_flushes(rng, rules, rows):
    """The unchecked 7-card loops list the rows with a flush as they pass and value them after
    each span of 1,024 rows: batches of nothing but flushes (every row listed), of an odd count,
    around a span's and a threaded task's length, and flushes mixed with other hands."""
    one_suit = np.array([c for c in range(52) if c & 3 == 1] + ([52] if rules.joker else []))
    flushes = np.array([rng.choice(one_suit, 7, replace=False) for _ in range(rows)], np.uint8)
    mixed = random_hands(rng, rows, 7, rules.deck_size)
    mixed[::3] = flushes[::3]
    kernels = make_kernels(rules)
    for hands in (flushes, mixed):
        want = lookup_values(hands, rules)
        for kernel in (kernels.evaluate_rows, kernels.evaluate_batch):
            out = np.full(rows, -7, np.int32)
            kernel(hands, out)
            assert (out == want).all()


@pytest.mark.parametrize("rules, deck_size", [("standard", 52), ("bug", 53), ("paigow", 53)])
def test_seven_card_value_is_the_best_of_its_five_card_subsets(rng, rules, deck_size):
    hands = random_hands(rng, 2_000, 7, deck_size)
    sevens = evaluate_batch(hands, rules)
    subsets = np.array([list(five) for hand in hands.tolist() for five in combinations(hand, 5)], np.uint8)
    fives = evaluate_batch(subsets, rules).reshape(len(hands), 21)
    assert (fives.max(axis=1) == sevens).all()


@pytest.mark.parametrize("rules, deck_size", [("standard", 52), ("paigow", 53)])
def test_best_five_reaches_the_hand_value(rng, rules, deck_size):
    for hand in random_hands(rng, 300, 7, deck_size):
        five = best_five(hand, rules)
        assert len(five) == 5 and set(five.tolist()) <= set(hand.tolist())
        assert evaluate(five, rules) == evaluate(hand, rules)


def test_best_five_is_in_significance_order():
    assert format_cards(best_five("7s Kc 2d 7c Kh 7h 3s")) == "7s 7c 7h Kc Kh"
    assert format_cards(best_five("Jk 2c 3d 4h 5s", "paigow")) == "Jk 5s 4h 3d 2c"


def test_evaluate_accepts_codes_and_text_alike():
    assert evaluate([51, 47, 43, 39, 35]) == evaluate("As Ks Qs Js Ts")


@pytest.mark.parametrize("parallel", [True, False], ids=["parallel", "serial"])
@pytest.mark.parametrize(
    "hands, rules, match",
    [
        (np.array([[0, 1, 2, 3]]), "standard", r"shape \(n, k\) with k from 5 to 7"),
        (np.array([[0, 1, 2, 3, 52]]), "standard", "hand 0 holds a card code outside 0..51"),
        (np.array([[0, 1, 2, 3, 52]], np.uint8), "standard", "hand 0 holds a card code outside 0..51"),
        (np.array([[0, 1, 2, 3, 4, 5, 6]] * 3 + [[0, 1, 2, 3, 4, 5, 200]], np.uint8), "standard", "hand 3 .* outside"),
        (np.array([[0, 1, 2, 3, 256 + 4]]), "standard", "outside 0..51"),  # would wrap to 4 as a byte
        (np.array([[-1, 1, 2, 3, 4]]), "standard", "outside 0..51"),
        (np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]]), "standard", "hand 1 holds a card twice"),
        (np.array([[0, 1, 2, 3, 4, 5, 6], [5, 6, 7, 8, 9, 10, 10]], np.uint8), "standard", "hand 1 holds a card twice"),
        (
            np.array([[0, 1, 2, 3, 4, 5, 6]] * 9000 + [[9, 8, 7, 9, 1, 2, 3]], np.uint8),
            "standard",
            "hand 9000 .* twice",
        ),
        (np.array([[52, 1, 2, 3, 52, 5]], np.uint8), "bug", "hand 0 holds a card twice: Jk"),
        (np.array([[51, 51, 2, 3, 52]], np.uint8), "bug", "twice: As As"),  # the ace beside the joker bit
        (np.array([[0.0, 1, 2, 3, 4]]), "standard", "integer card codes"),
    ],
)
def test_batch_validation(hands, rules, match, parallel):
    with pytest.raises(ValueError, match=match):
        evaluate_batch(hands, rules, parallel=parallel)


@pytest.mark.parametrize("rules", [STANDARD, BUG, PAIGOW], ids=lambda r: r.name)
def test_validated_and_unvalidated_batches_agree(rng, rules):
    """Every valid row passes the in-kernel check (jokers included) and gets the unchecked value."""
    for k in (5, 6, 7):
        hands = random_hands(rng, 20_000, k, rules.deck_size)
        checked = evaluate_batch(hands, rules)
        assert (checked == evaluate_batch(hands, rules, validate=False)).all()
        assert (checked == evaluate_batch(hands, rules, parallel=False)).all()


@pytest.mark.parametrize(
    "cards, rules, match",
    [
        ("As Ks Qs Js", "standard", "4 cards given"),
        ("As Ks", "standard", "2 cards given"),
        ("As", "standard", "1 card given"),
        ("As Ks Qs Js Jk", "standard", "joker"),
        ([51, 47, 43, 39, 60], "standard", "bad card code 60"),
        ("As Ks Qs Js Ts", "nonsense", "unknown rules"),
    ],
)
def test_single_hand_validation(cards, rules, match):
    with pytest.raises(ValueError, match=match):
        evaluate(cards, rules)


def test_card_errors_are_value_errors():
    assert issubclass(CardError, ValueError)


def test_a_custom_profile_named_like_a_built_in_gets_its_own_kernels():
    from analyzer.eval import Rules, hand_name

    odd = Rules("bug", joker=True, wheel_second=True)  # Pai Gow ordering under the name "bug"
    assert hand_name(evaluate("Ah 2c 3d 4h 5s", odd)).startswith("Straight, A-2-3-4-5")
    assert hand_name(evaluate("Ah 2c 3d 4h 5s", "bug")) == "Straight, five high"
    double_ace = Rules("paigow", joker=True, wheel_second=True, joker_flush_ace=True)
    assert hand_name(evaluate("Jk Ah Kh 9h 5h", double_ace)) == "Flush, A-A-K-9-5"
    assert hand_name(evaluate("Jk Ah Kh 9h 5h", "paigow")) == "Flush, A-K-Q-9-5"


def test_batch_into_a_reused_array(rng):
    hands = random_hands(rng, 1000, 7)
    out = np.zeros(1000, np.int32)
    assert evaluate_batch(hands, out=out) is out
    assert (out == lookup_values(hands, STANDARD)).all()
    with pytest.raises(ValueError, match=r"out must be a contiguous int32 array of shape \(1000,\)"):
        evaluate_batch(hands, out=np.zeros(999, np.int32))


def _gather_sum(table, idx):
    total = 0
    for i in range(idx.shape[0]):
        total += table[idx[i]]
    return total


def _gather_sums_by_row(table, idx, out):
    for row in prange(out.shape[0]):  # the enumerator's shape: a parallel loop of lookup loops
        total = 0
        for i in range(idx.shape[0]):
            total += table[idx[i]] * row
        out[row] = total


@speed_layer
@pytest.mark.parametrize("parallel", [False, True], ids=["serial", "parallel"])
def test_scalar_loops_compiles_one_kernel_without_the_loop_vectorizer(parallel):
    """analyzer.jit.scalar_loops: LLVM vectorizes a loop of lookups (its IR has a
    ``vector.body``) unless the kernel is wrapped, in a parallel kernel's loop bodies too, and
    the process-wide setting is restored."""
    from numba.core import config

    from analyzer.jit import scalar_loops

    table, idx = np.arange(1000, dtype=np.int64), np.arange(0, 1000, 7)
    kernel = _gather_sums_by_row if parallel else _gather_sum
    plain, scalar = njit(parallel=parallel)(kernel), scalar_loops(njit(parallel=parallel)(kernel))
    before = config.LOOP_VECTORIZE
    if parallel:
        sums = [np.zeros(8, np.int64) for _ in range(2)]
        plain(table, idx, sums[0])
        scalar(table, idx, sums[1])
        assert (sums[0] == sums[1]).all() and (sums[1] == table[idx].sum() * np.arange(8)).all()
    else:
        assert plain(table, idx) == scalar(table, idx) == table[idx].sum()
    assert before == config.LOOP_VECTORIZE
    (plain_ir,), (scalar_ir,) = plain.inspect_llvm().values(), scalar.inspect_llvm().values()
    if "vector.body" not in plain_ir:
        pytest.skip("LLVM does not vectorize this loop for this CPU: nothing to switch off")
    assert "vector.body" not in scalar_ir
