"""The run engine's kernel helpers: the random stream and the showdown tallies."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from analyzer.sim.rng import below, below_words, next_u64
from analyzer.sim.showdown import CATEGORY, WIDTH, fold_winners, record_showdown, record_winners

MASK64 = (1 << 64) - 1


def _xoshiro256pp(state: list[int]) -> int:
    """xoshiro256++ (Blackman and Vigna), written from its reference C code: the next 64 bits,
    advancing ``state`` in place."""

    def rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (64 - k))) & MASK64

    s0, s1, s2, s3 = state
    result = (rotl((s0 + s3) & MASK64, 23) + s0) & MASK64
    t = (s1 << 17) & MASK64
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    state[:] = [s0, s1, s2, rotl(s3, 45)]
    return result


def _lemire_below(state: list[int], n: int) -> int:
    """Lemire's unbiased ``[0, n)`` from the high 32 bits of each draw."""
    m = (_xoshiro256pp(state) >> 32) * n
    if (m & 0xFFFFFFFF) < n:
        threshold = (1 << 32) % n
        while (m & 0xFFFFFFFF) < threshold:
            m = (_xoshiro256pp(state) >> 32) * n
    return m >> 32


@njit
def _draw_both_ways(state, n, count):
    """``count`` draws of ``below(state, n)``, then as many from a copy of the starting state
    through ``below_words`` with the words held as values, and one ``next_u64`` after each."""
    start = state.copy()
    out = np.empty((2, count), np.int64)
    for i in range(count):
        out[0, i] = below(state, n)
    s0, s1, s2, s3 = start[0], start[1], start[2], start[3]
    for i in range(count):
        out[1, i], s0, s1, s2, s3 = below_words(s0, s1, s2, s3, n)
    return out, next_u64(state), next_u64(np.array([s0, s1, s2, s3]))


@pytest.mark.parametrize("n", [52, 7, 2**31 + 1], ids=["deck", "small", "half-rejected"])
def test_below_and_below_words_draw_the_reference_stream(n):
    """Both spellings of the bounded draw give xoshiro256++ with Lemire's rejection, draw for
    draw, and leave the generator in the same state (2**31 + 1 rejects almost half the draws)."""
    seed = [1, 2, 3, 4]
    assert _xoshiro256pp(list(seed)) == 41943041  # rotl(1 + 4, 23) + 1, by hand
    reference = list(seed)
    expected = [_lemire_below(reference, n) for _ in range(2000)]
    (drawn, by_words), after, after_words = _draw_both_ways(np.array(seed, np.uint64), n, 2000)
    assert drawn.tolist() == by_words.tolist() == expected
    assert after == after_words == _xoshiro256pp(reference)


@njit
def _tallies_both_ways(values, weights, categories):
    n = values.shape[1]
    direct = np.zeros((n, WIDTH), np.int64)
    by_sets = np.zeros((n, WIDTH), np.int64)
    winner_sets = np.zeros(1 << n, np.int64)
    for i in range(values.shape[0]):
        record_showdown(values[i], direct, weights[i])
        record_winners(values[i], values[i].max(), winner_sets, by_sets, weights[i], categories)
    fold_winners(winner_sets, by_sets)
    return direct, by_sets, winner_sets


@pytest.mark.parametrize("categories", [True, False], ids=["categories", "no-categories"])
@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_winner_sets_fold_into_the_tallies_record_showdown_makes(players, categories):
    """Counting showdowns by set of winners and folding them in at the end gives every
    counter record_showdown gives showdown by showdown: wins, ties, equity units and their
    squares, and the categories when asked for (else none), with weights and with ties of every
    size; the sets are cleared."""
    rng = np.random.default_rng(players)
    hands = rng.integers(0, 9, (5000, players))
    values = (hands << 20) + rng.integers(0, 3, (5000, players))  # few values: many ties
    weights = rng.integers(1, 1000, 5000)
    direct, by_sets, left = _tallies_both_ways(values, weights, categories)
    assert (direct[:, :CATEGORY] == by_sets[:, :CATEGORY]).all() and not left.any()
    assert (by_sets[:, CATEGORY:] == (direct[:, CATEGORY:] if categories else 0)).all()
    assert direct[:, CATEGORY:].sum() == players * weights.sum()
    assert direct[:, 1].any() and direct[:, 0].any()  # both ties and wins occurred
