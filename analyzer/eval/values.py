"""Hand values: one ``int32`` per hand, higher is better, self-describing.

Layout: ``category << 20 | n1 << 16 | n2 << 12 | n3 << 8 | n4 << 4 | n5``.
``n1..n5`` are the five cards' ranks in order of significance, each stored as
``rank + 1`` (2 = 1 ... A = 13) so that 0 means "no card" (the Pai Gow two-card
hand, which compares below any five-card hand with the same leading ranks).

Significance order per category (ties are broken by plain lexicographic order):
quads ``qqqqk``, full house ``tttpp``, trips ``tttkk``, two pair ``PPppk``,
pair ``ppkkk``, flush and high card high to low, straights in run order from
the top card: ``5432A`` for the wheel (five high) in the standard order, and
``A5432`` for the Pai Gow wheel, which therefore sits between the ace-high and
the king-high straight.
"""

from __future__ import annotations

from enum import IntEnum

from analyzer.cards import RANK_NAMES, RANK_PLURALS, RANKS

CATEGORY_SHIFT = 20


class Category(IntEnum):
    """Hand categories, in ranking order (§1.1 of the rules)."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    FIVE_ACES = 10

    @property
    def label(self) -> str:
        """The category's name in output: ``Pair``, ``Full house``, ``Five aces`` ..."""
        return _CATEGORY_LABELS[self]


_CATEGORY_LABELS = {
    Category.HIGH_CARD: "High card",
    Category.PAIR: "Pair",
    Category.TWO_PAIR: "Two pair",
    Category.THREE_OF_A_KIND: "Three of a kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full house",
    Category.FOUR_OF_A_KIND: "Four of a kind",
    Category.STRAIGHT_FLUSH: "Straight flush",
    Category.FIVE_ACES: "Five aces",
}


def category_of(value: int) -> Category:
    """The category of a hand value (ValueError if ``value`` is not one)."""
    try:
        return Category(int(value) >> CATEGORY_SHIFT)
    except ValueError:
        raise ValueError(f"{value!r} is not a hand value") from None


def ranks_of(value: int) -> tuple[int, ...]:
    """The rank indexes (0 = two .. 12 = ace) of the hand's cards, in significance order."""
    value = int(value)
    nibbles = [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    return tuple(n - 1 for n in nibbles if n)


def is_pai_gow_wheel(value: int) -> bool:
    """True for the A-2-3-4-5 run ordered as the second-highest straight (Pai Gow)."""
    ranks = ranks_of(value)
    return category_of(value) in (Category.STRAIGHT, Category.STRAIGHT_FLUSH) and ranks[:2] == (12, 3)


def hand_name(value: int) -> str:
    """A readable name: "Full house, kings over sevens", "Straight, five high"."""
    category = category_of(value)
    r = ranks_of(value)
    if len(r) < (2 if category <= Category.PAIR else 5) and category is not Category.FIVE_ACES:
        raise ValueError(f"{value!r} is not a hand value: it names too few cards")
    if category is Category.FIVE_ACES:
        return "Five aces"
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        label = category.label
        if is_pai_gow_wheel(value):
            return f"{label}, A-2-3-4-5 (the wheel, second highest)"
        if category is Category.STRAIGHT_FLUSH and r[0] == 12:
            return "Royal flush"
        return f"{label}, {RANK_NAMES[r[0]]} high"
    if category is Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[r[0]]}"
    if category is Category.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[r[0]]} over {RANK_PLURALS[r[3]]}"
    if category is Category.THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[r[0]]}"
    if category is Category.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[2]]}"
    if category is Category.PAIR:
        return f"Pair of {RANK_PLURALS[r[0]]}"
    if category is Category.FLUSH:
        return f"Flush, {'-'.join(RANKS[x] for x in r)}"
    return f"High card, {'-'.join(RANKS[x] for x in r)}"


def describe(value: int) -> str:
    """The name plus the ranks that break ties, e.g. "Pair of aces (A A K 9 5)"."""
    return f"{hand_name(value)} ({' '.join(RANKS[x] for x in ranks_of(value))})"
