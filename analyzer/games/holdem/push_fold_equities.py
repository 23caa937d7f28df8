"""Exact preflop all-in equity of every combo against every other combo heads-up: the
1,326 x 1,326 matrix behind push/fold (:mod:`analyzer.games.holdem.push_fold`).

The 1,624,350 ordered pairs of disjoint two-card hands fall into 47,008 classes under the 24
permutations of the suits and the swap of the two hands. A matchup's class is named by its
smallest code: each hand sorted high card first, then ``a1, a2, b1, b2`` read as base-52
digits, the least over the 24 suit permutations and the two orders of the hands. Each class is
enumerated exactly over the C(48, 5) = 1,712,304 boards, and the package data file
``push_fold_equities.npz`` keeps, per class, its code and the first hand's equity in the
engine's integer units (a win is ``TIE_UNITS``, an n-way tie ``TIE_UNITS / n``): 47,008
entries instead of 1,326 x 1,326 floats; and, summed by pair of starting classes, the number of
disjoint combo pairs and their equity units (169 x 169 each, what push/fold reads, so one solve
needs no 1,326 x 1,326 matrix). About 0.4 MB. Regenerate it (about 2 CPU-minutes)
with::

    python -m analyzer.games.holdem.push_fold_equities

and the slow tests check the file holds exactly what the enumeration gives.
"""

from __future__ import annotations

import functools
from itertools import permutations
from pathlib import Path

import numpy as np

from analyzer.games.holdem.engine import exact_showdowns
from analyzer.jit import kernel
from analyzer.ranges import COMBO_COUNT, HAND_CLASSES, class_combos
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import EQUITY, TIE, TIE_UNITS, WIDTH

DATA_FILE = Path(__file__).with_name("push_fold_equities.npz")
BOARDS = 1_712_304  # C(48, 5): the boards of one heads-up matchup
MATCHUPS = COMBO_COUNT * 1225  # ordered pairs of disjoint two-card hands: C(52, 2) x C(50, 2)
SUIT_CLASSES = 47_008  # those matchups up to the 24 suit permutations and the swap of the hands


def all_combos() -> np.ndarray:
    """The 1,326 combos, (1326, 2) ``int64``, in the canonical order of :mod:`analyzer.ranges`
    (class by class, in the order of ``HAND_CLASSES``)."""
    return np.concatenate([class_combos(name) for name in HAND_CLASSES]).astype(np.int64)


def matchup_keys(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The smallest code of each matchup (``first[i]`` against ``second[i]``, (n, 2) arrays of
    card codes) under the 24 suit permutations: each hand sorted high card first, then
    ``a1, a2, b1, b2`` read as base-52 digits. The order of the two hands is kept."""
    best: np.ndarray | None = None
    for perm in permutations(range(4)):
        table = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)])
        a, b = table[first], table[second]
        a_code = np.maximum(a[:, 0], a[:, 1]) * 52 + np.minimum(a[:, 0], a[:, 1])
        key = (a_code * 52 + np.maximum(b[:, 0], b[:, 1])) * 52 + np.minimum(b[:, 0], b[:, 1])
        best = key if best is None else np.minimum(best, key)
    assert best is not None  # 24 permutations
    return best


def class_keys(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each matchup's class code (the smaller of :func:`matchup_keys` in the two orders of the
    hands) and whether the class's first hand is ``second`` (the matchup is flipped)."""
    forward, backward = matchup_keys(first, second), matchup_keys(second, first)
    flipped = backward < forward
    return np.where(flipped, backward, forward), flipped


@kernel
def exact_matchups(keys):
    """Per matchup code: the first hand's equity units over every board, and its tie boards."""
    out = np.zeros((keys.shape[0], 2), np.int64)
    deal = np.zeros((1, 2, 2), np.int64)
    weight = np.ones(1, np.int64)
    board = np.zeros(0, np.uint8)
    for i in range(keys.shape[0]):
        k = keys[i]
        deal[0, 1, 1], k = k % 52, k // 52
        deal[0, 1, 0], k = k % 52, k // 52
        deal[0, 0, 1], deal[0, 0, 0] = k % 52, k // 52
        tallies = np.zeros((2, WIDTH), np.int64)
        exact_showdowns(deal, weight, board, np.uint64(0), tallies)
        out[i, 0] = tallies[0, EQUITY]
        out[i, 1] = tallies[0, TIE]
    return out


def disjoint_pairs() -> tuple[np.ndarray, np.ndarray]:
    """The combo indices ``(i, j)`` of the 1,624,350 ordered pairs of disjoint combos."""
    combos = all_combos()
    i, j = (axis.ravel() for axis in np.meshgrid(np.arange(COMBO_COUNT), np.arange(COMBO_COUNT), indexing="ij"))
    a, b = combos[i], combos[j]
    disjoint = (a[:, :1] != b).all(axis=1) & (a[:, 1:] != b).all(axis=1)
    return i[disjoint], j[disjoint]


def enumerate_classes(runner: Runner = Runner()) -> tuple[np.ndarray, np.ndarray]:
    """Every matchup class's code and its first hand's equity units and tie boards, (47008, 2),
    by exact enumeration of every board (the run ``runner`` says, in batches of 500 codes)."""
    i, j = disjoint_pairs()
    combos = all_combos()
    keys, _ = class_keys(combos[i], combos[j])
    unique = np.unique(keys)
    if (len(keys), len(unique)) != (MATCHUPS, SUIT_CLASSES):
        raise AssertionError(f"{len(keys)} matchups in {len(unique)} suit classes")
    batches = np.array_split(unique, max(1, len(unique) // 500))
    return unique, np.concatenate(runner.tasks(exact_matchups, [(b,) for b in batches]))


def pair_units(codes: np.ndarray, units: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The combo indices ``(i, j)`` of every disjoint pair (:func:`disjoint_pairs`) and combo
    ``i``'s equity units against combo ``j`` over every board, read from the matchup classes'
    ``codes`` (sorted) and their first hands' ``units``."""
    i, j = disjoint_pairs()
    combos = all_combos()
    keys, flipped = class_keys(combos[i], combos[j])
    at = np.minimum(np.searchsorted(codes, keys), len(codes) - 1)
    if not (codes[at] == keys).all():
        raise ValueError(f"{DATA_FILE.name} misses matchup classes: regenerate it")
    first = units[at]
    return i, j, np.where(flipped, TIE_UNITS * BOARDS - first, first)


def class_sums(i: np.ndarray, j: np.ndarray, units: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pair of classes (169 x 169, ``HAND_CLASSES`` order): the number of disjoint combo
    pairs and the sum of the first class's equity units over them (exact integers)."""
    class_of = np.repeat(np.arange(len(HAND_CLASSES)), [len(class_combos(n)) for n in HAND_CLASSES])
    cell = class_of[i] * len(HAND_CLASSES) + class_of[j]
    size = len(HAND_CLASSES) ** 2
    pairs = np.bincount(cell, minlength=size).reshape(len(HAND_CLASSES), -1)
    sums = np.zeros(size, np.int64)
    np.add.at(sums, cell, units)
    return pairs.astype(np.int64), sums.reshape(len(HAND_CLASSES), -1)


def write_data(runner: Runner = Runner(), path: Path = DATA_FILE) -> None:
    """Enumerate every class (:func:`enumerate_classes`) and write the codes (``int32``), the
    equity units (``int64``) and, summed by pair of starting classes, the pair counts and equity
    units (:func:`class_sums`, what heads-up push/fold reads) to ``path``."""
    keys, counts = enumerate_classes(runner)
    class_pairs, class_units = class_sums(*pair_units(keys, counts[:, 0]))
    np.savez_compressed(
        path, keys=keys.astype(np.int32), units=counts[:, 0], class_pairs=class_pairs, class_units=class_units
    )


@functools.cache
def class_data() -> tuple[np.ndarray, np.ndarray]:
    """The package data's per-class pair counts and exact equity sums (169 x 169, read-only
    ``float64``; the sums as shares of the pot), read in milliseconds."""
    with np.load(DATA_FILE) as data:
        pairs = data["class_pairs"].astype(np.float64)
        equities = data["class_units"] / (TIE_UNITS * BOARDS)
    for array in (pairs, equities):
        array.setflags(write=False)
    return pairs, equities


@functools.cache
def equity_matrix() -> np.ndarray:
    """The 1,326 x 1,326 matrix of exact all-in equities, read-only ``float64``: entry
    ``[i, j]`` is combo ``i``'s share of the pot against combo ``j`` over every board (combos in
    :func:`all_combos` order); 0 where the combos share a card (such pairs are never dealt; the
    :func:`disjoint` mask says which). Read from the package data and kept for the process
    (about 2 s the first time)."""
    with np.load(DATA_FILE) as data:
        codes, units = data["keys"].astype(np.int64), data["units"]
    i, j, pair = pair_units(codes, units)
    matrix = np.zeros((COMBO_COUNT, COMBO_COUNT))
    matrix[i, j] = pair / (TIE_UNITS * BOARDS)
    matrix.setflags(write=False)
    return matrix


@functools.cache
def disjoint() -> np.ndarray:
    """The 1,326 x 1,326 boolean mask of combo pairs that share no card (read-only)."""
    combos = all_combos()
    mask = np.ones((COMBO_COUNT, COMBO_COUNT), bool)
    for x in range(2):
        for y in range(2):
            mask &= combos[:, x, None] != combos[None, :, y]
    mask.setflags(write=False)
    return mask


if __name__ == "__main__":
    write_data(Runner(threads=2))
    print(f"wrote {DATA_FILE}")
