"""A deliberately plain evaluator, written independently of analyzer.eval's tables,
used as a test oracle for the joker profiles (no library implements them).

Hands are compared by a key ``(category, tie-break ranks)``; the joker is tried
as every card not in the hand and as a suitless ace, keeping only legal uses
(an ace, or a card completing a straight, flush or straight flush; rules §1.3).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

STRAIGHT, FLUSH, STRAIGHT_FLUSH, FIVE_ACES = 5, 6, 9, 10


def key5(cards: list[tuple[int, int]], wheel_second: bool) -> tuple:
    """Key of exactly five (rank 0..12, suit 0..3 or -1) cards, no joker."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    if counts[12] == 5:
        return (FIVE_ACES,)
    suits = {s for _, s in cards}
    flush = len(suits) == 1 and -1 not in suits
    top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            top = 11.5 if wheel_second else 3
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, top)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    order = [r for r, _ in groups]
    if shape[0] == 4:
        return (8, *order)
    if shape[:2] == [3, 2]:
        return (7, *order)
    if flush:
        return (FLUSH, *ranks)
    if shape[0] == 3:
        return (4, *order)
    if shape[:2] == [2, 2]:
        return (3, *order)
    if shape[0] == 2:
        return (2, *order)
    return (1, *ranks)


def key_with_joker(cards: list[int], wheel_second: bool) -> tuple:
    """Key of five card codes (52 = joker)."""
    real = [(c >> 2, c & 3) for c in cards if c != 52]
    if len(real) == 5:
        return key5(real, wheel_second)
    best = key5(real + [(12, -1)], wheel_second)  # the joker as an ace
    for sub in range(52):
        if sub in cards:
            continue
        k = key5(real + [(sub >> 2, sub & 3)], wheel_second)
        if sub >> 2 == 12 or k[0] in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
            best = max(best, k)
    return best


def best_key(cards: list[int], wheel_second: bool = False) -> tuple:
    """Key of the best five of 5 to 7 card codes."""
    return max(key_with_joker(list(five), wheel_second) for five in combinations(cards, 5))
