"""Suit symmetry for exact Hold'em over ranges.

A permutation of the four suits that maps the board and the dead cards onto
themselves maps every deal onto one with the same outcome. So the choices of one
combo per player fall into classes; each class is enumerated once, for a
representative, with the summed weight of its members (the representative need not
be in the ranges itself: only its outcome is used). Heads-up preflop this cuts the
work by up to 24 times.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

import numpy as np

MAX_ASSIGNMENTS = 400_000  # beyond this, listing the combo choices costs more than it saves
_PERMUTATIONS = tuple(permutations(range(4)))


def _card_map(perm: tuple[int, ...]) -> np.ndarray:
    """The read-only card map (52 codes -> codes) of the suit permutation ``perm``."""
    card_map = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], np.int64)
    card_map.setflags(write=False)
    return card_map


_CARD_MAPS = tuple(_card_map(perm) for perm in _PERMUTATIONS)


def suit_symmetries(*known: np.ndarray | Sequence[int]) -> tuple[np.ndarray, ...]:
    """Card maps (52 codes -> codes, read-only) of the suit permutations that fix each set of
    ``known`` card codes as a set, the identity first; cached by the sets. Each set apart: a
    permutation that swaps a board card with a dead one fixes their union, but not the deal.

    >>> len(suit_symmetries([51, 50])), len(suit_symmetries([51], [50])), len(suit_symmetries())
    (4, 2, 24)
    """
    return _symmetries(tuple(frozenset(k.tolist() if isinstance(k, np.ndarray) else k) for k in known))


@lru_cache(maxsize=4096)
def _symmetries(known: tuple[frozenset[int], ...]) -> tuple[np.ndarray, ...]:
    return tuple(
        card_map
        for perm, card_map in zip(_PERMUTATIONS, _CARD_MAPS)
        if all(4 * (c >> 2) + perm[c & 3] in cards for cards in known for c in cards)
    )


def valid_assignments(
    combos_by_player: list[np.ndarray], weights_by_player: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray] | None:
    """Every choice of one combo per player using no card twice, as (holes (A, n, 2),
    weights (A,)), or None when there are more than :data:`MAX_ASSIGNMENTS`."""
    holes = combos_by_player[0][:, None, :].astype(np.int64)
    weights = weights_by_player[0].astype(np.float64)
    for combos, combo_weights in zip(combos_by_player[1:], weights_by_player[1:]):
        if len(holes) * len(combos) > 4 * MAX_ASSIGNMENTS:
            return None
        a, b = np.repeat(np.arange(len(holes)), len(combos)), np.tile(np.arange(len(combos)), len(holes))
        new = combos.astype(np.int64)[b]
        clash = (holes[a] == new[:, None, :1]).any(axis=(1, 2)) | (holes[a] == new[:, None, 1:]).any(axis=(1, 2))
        a, b = a[~clash], b[~clash]
        holes = np.concatenate([holes[a], combos.astype(np.int64)[b][:, None, :]], axis=1)
        weights = weights[a] * combo_weights[b]
        if len(holes) > MAX_ASSIGNMENTS:
            return None
    return holes, weights


def _combo_keys(combos: np.ndarray, card_map: np.ndarray) -> np.ndarray:
    """Each combo's image under ``card_map`` as one number, higher card first: ``52 * hi + lo``."""
    image = card_map[combos.astype(np.int64)]
    return 52 * image.max(axis=1) + image.min(axis=1)


def class_count(
    combos_by_player: Sequence[np.ndarray], weights_by_player: Sequence[np.ndarray], maps: Sequence[np.ndarray]
) -> float:
    """About how many classes :func:`canonical_classes` will find among the combo choices: by
    Burnside's lemma, the mean over the maps that fix every player's weighted range of the
    number of choices each fixes, a choice being fixed when each of its combos is (card
    conflicts between players are not removed, so this is a little high). Cheap: no choice
    is listed."""
    originals = [_combo_keys(c, _CARD_MAPS[0]) for c in combos_by_player]
    fixing = [
        float(np.prod([np.count_nonzero(_combo_keys(c, card_map) == o) for c, o in zip(combos_by_player, originals)]))
        for card_map in range_symmetries(combos_by_player, weights_by_player, maps)
    ]
    return sum(fixing) / len(fixing)


def range_symmetries(
    combos_by_player: Sequence[np.ndarray], weights_by_player: Sequence[np.ndarray], maps: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """The card maps of ``maps`` that map every player's weighted range onto itself: the image
    of each of its combos is one of its combos, with the same weight (a map is a bijection of
    combos, so that is all it takes). The identity always is one.

    >>> from analyzer.ranges import parse
    >>> pairs, suited = parse("QQ+"), parse("AhKh, AsKs")
    >>> len(range_symmetries([pairs.combos], [pairs.weights], suit_symmetries([])))
    24
    >>> len(range_symmetries([pairs.combos, suited.combos], [pairs.weights, suited.weights], suit_symmetries([])))
    4
    """
    dense = []  # each range's weights by combo key, 0 off the range
    for combos, weights in zip(combos_by_player, weights_by_player):
        by_key = np.zeros(52 * 52)
        by_key[_combo_keys(combos, _CARD_MAPS[0])] = weights
        dense.append(by_key)
    return [
        card_map
        for card_map in maps
        if all(
            np.array_equal(d[_combo_keys(c, card_map)], w)
            for d, c, w in zip(dense, combos_by_player, weights_by_player)
        )
    ]


def canonical_classes(
    holes: np.ndarray, weights: np.ndarray, maps: Sequence[np.ndarray]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The classes of ``holes`` under ``maps``: (representatives (U, n, 2), summed weights (U,),
    the class of each deal (A,)). A deal's representative is the lexicographically smallest of
    its images, each hand written high card first; a permutation keeps the players' order, so
    player ``p`` of a deal fares as player ``p`` of its representative."""
    best: np.ndarray | None = None
    for card_map in maps:
        image = np.sort(card_map[holes], axis=2)[:, :, ::-1].reshape(len(holes), -1)
        if best is None:
            best = image
            continue
        differs = image != best
        first = differs.argmax(axis=1)
        rows = np.arange(len(image))
        smaller = differs.any(axis=1) & (image[rows, first] < best[rows, first])
        best[smaller] = image[smaller]
    assert best is not None, "no card maps (suit_symmetries always includes the identity)"
    unique, inverse = np.unique(best, axis=0, return_inverse=True)
    summed = np.bincount(inverse.ravel(), weights=weights, minlength=len(unique))
    return unique.reshape(len(unique), -1, 2), summed, inverse.ravel()
