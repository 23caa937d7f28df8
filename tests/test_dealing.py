"""Dealing from a set of cards (analyzer.sim.deck.deal_card) and what it stands on: the set
members picked by bit tricks (analyzer.sim.bits) and the digits read from one random word
(analyzer.sim.rng.digits_word), against references written from their definitions in Python
integers."""

from __future__ import annotations

import math

import numpy as np
import pytest
from numba import njit

from analyzer.jit import compiles_for
from analyzer.sim.bits import bit_count, nth_bit, nth_set_bit_by_clearing, nth_set_bit_by_deposit
from analyzer.sim.deck import DEAL_GROUP, deal_card
from analyzer.sim.rng import digits_word, next_digit
from test_sim_kernels import MASK64, _xoshiro256pp


@njit
def _members(bits, by_deposit):
    """Every member of ``bits`` through ``nth_bit`` and both ``nth_set_bit`` spellings."""
    count = bit_count(bits)
    out = np.empty((3, count), np.int64)
    for k in range(count):
        out[0, k] = nth_bit(bits, k)
        out[1, k] = nth_set_bit_by_clearing(bits, k)
        out[2, k] = nth_set_bit_by_deposit(bits, k) if by_deposit else out[1, k]
    return count, out


@pytest.mark.parametrize("seed", range(5))
def test_nth_bit_and_bit_count_on_random_sets(seed):
    """The k-th member by clearing bits and by pdep (where the CPU has BMI2) are the same one
    bit, at the position Python's own bit listing gives."""
    bits = int(np.random.default_rng(seed).integers(0, 2**63)) | 1 << 63
    count, out = _members(np.uint64(bits), compiles_for("bmi2"))
    positions = [i for i in range(64) if bits >> i & 1]
    assert count == bits.bit_count() == len(positions)
    assert out[0].tolist() == positions
    assert [int(b) & MASK64 for b in out[1]] == [1 << p for p in positions]
    assert (out[1] == out[2]).all()


@njit
def _digits(seed, totals, bases):
    """For each total, a digits word and its digits in the given bases (one row a total)."""
    s0, s1, s2, s3 = seed[0], seed[1], seed[2], seed[3]
    out = np.empty((totals.shape[0], bases.shape[1] + 1), np.uint64)
    for t in range(totals.shape[0]):
        word, s0, s1, s2, s3 = digits_word(totals[t], s0, s1, s2, s3)
        out[t, 0] = word
        for i in range(bases.shape[1]):
            digit, word = next_digit(word, bases[t, i])
            out[t, 1 + i] = digit
    return out


def _reference_digits(state: list[int], total: int, bases: list[int]) -> list[int]:
    """Lemire's test on ``u * total`` (redraw while its low 64 bits are below ``2**64 mod
    total``), then the digits as the high halves of successive 64-bit products."""
    u = _xoshiro256pp(state)
    while (u * total) & MASK64 < (1 << 64) % total:
        u = _xoshiro256pp(state)
    digits = [u]
    for base in bases:
        digits.append(u * base >> 64)
        u = (u * base) & MASK64
    return digits


def test_digits_follow_the_reference_and_spell_one_number_below_the_total():
    """Word for word and digit for digit the reference stream, with totals from 2 to 2**63 (so
    the redraw happens); the digits are the mixed-radix numeral of ``u * total >> 64``."""
    rng = np.random.default_rng(3)
    bases = rng.integers(2, 60, (400, 6))
    totals = [math.prod(row) for row in bases.tolist()]
    totals[::7] = [(1 << 63) + 5] * len(totals[::7])  # about every other word redrawn
    seed = [11, 22, 33, 44]
    got = _digits(np.array(seed, np.uint64), np.array(totals, np.uint64), bases.astype(np.uint64))
    state = list(seed)
    for row, total, base in zip(got.tolist(), totals, bases.tolist()):
        assert row == _reference_digits(state, total, base)
        if total == math.prod(base):
            number = 0
            for digit, b in zip(row[1:], base):
                number = number * b + digit
            assert number == row[0] * total >> 64 < total


@njit
def _deals(seed, free, need, deals):
    """``deals`` deals of ``need`` cards each from the same set ``free``."""
    s0, s1, s2, s3 = seed[0], seed[1], seed[2], seed[3]
    left = bit_count(free)
    out = np.empty((deals, need), np.int64)
    for d in range(deals):
        rest, word = free, np.uint64(0)
        for i in range(need):
            out[d, i], rest, word, s0, s1, s2, s3 = deal_card(rest, left - i, i, need, word, s0, s1, s2, s3)
    return out


def _reference_deal(state: list[int], free: int, need: int) -> list[int]:
    """Cards in groups of DEAL_GROUP: one digits word for the ways to deal the group in order,
    then each card the ``k``-th (lowest first) of those left for the next digit ``k``."""
    cards = sorted(c for c in range(64) if free >> c & 1)
    dealt: list[int] = []
    while len(dealt) < need:
        group = [len(cards) - i for i in range(min(DEAL_GROUP, need - len(dealt)))]
        digits = _reference_digits(state, math.prod(group), group)[1:]
        dealt += [cards.pop(k) for k in digits]
    return dealt


@pytest.mark.parametrize("need", [1, 5, 8, 9, 17, 25])
def test_deals_follow_the_reference(need):
    free = ((1 << 52) - 1) & ~(0b1011 << 20 | 1 << 51)  # four cards already out
    seed = [5, 6, 7, 8]
    got = _deals(np.array(seed, np.uint64), np.uint64(free), need, 50)
    state = list(seed)
    for deal in got.tolist():
        assert deal == _reference_deal(state, free, need)
        assert len(set(deal)) == need and all(free >> c & 1 for c in deal)


def test_every_ordered_pair_of_cards_is_dealt_equally_often():
    """Two cards of seven, 60,000 deals: the 42 ordered pairs within chance (chi-square)."""
    free = 0b101101110100  # seven cards
    pairs = _deals(np.array([9, 8, 7, 6], np.uint64), np.uint64(free), 2, 60_000)
    counts = np.unique(pairs[:, 0] * 64 + pairs[:, 1], return_counts=True)[1]
    assert len(counts) == 42
    expected = len(pairs) / 42
    assert ((counts - expected) ** 2 / expected).sum() < 83.6  # chi-square, 41 degrees: p = 1e-4
