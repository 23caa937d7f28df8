"""Exact five-card draw odds (rules §4): the final-hand distribution of one discard.

The player keeps ``5 - k`` cards and draws ``k`` from the stock. Every set of
``k`` unseen cards (the deck, 52 or 53 with the Bug joker of §4.3, minus the
hand and the known dead cards; the discards are gone) is equally likely, so
enumerating them all with incremental keys gives the exact distribution.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import CardError, CardsInput, format_card, format_cards, parse_cards
from analyzer.eval import BUG, STANDARD, Category, Rules, hand_name, make_kernels
from analyzer.eval.values import CATEGORY_SHIFT
from analyzer.jit import stable_kernel
from analyzer.text import plural

if TYPE_CHECKING:  # matplotlib is imported when a chart is drawn, not with the game
    import pandas as pd
    from matplotlib.figure import Figure

HAND = 5
CATEGORY_SLOTS = 11  # value >> 20: the categories 1..10, slot 0 unused


_COUNTERS: dict[str, object] = {}


def _make_counter(rules: Rules):
    """Compile the counting kernel over the evaluator kernels of ``rules``."""
    kernels = make_kernels(rules)
    evaluate_key = kernels.evaluate_key
    card_key, card_mask, empty_key = kernels.card_key, kernels.card_mask, kernels.empty_key

    @stable_kernel(f"draw_odds:{rules.name}")
    def draw_category_counts(kept, unseen, draws):
        """Final-category counts (slot ``value >> 20``) of ``kept`` plus every ``draws``-subset
        of ``unseen``: prefix keys one add per drawn card, the last card by a plain loop."""
        counts = np.zeros(CATEGORY_SLOTS, np.int64)
        keys = np.empty(draws + 1, np.uint64)  # keys[d], masks[d]: kept plus the first d drawn
        masks = np.empty(draws + 1, np.uint64)
        keys[0], masks[0] = empty_key, np.uint64(0)
        for c in kept:
            keys[0] += card_key[c]
            masks[0] |= card_mask[c]
        if draws == 0:
            counts[evaluate_key(keys[0], masks[0]) >> CATEGORY_SHIFT] += 1
            return counts
        n = unseen.shape[0]
        last = draws - 1
        pos = np.full(draws, -1, np.int64)  # pos[d]: index in ``unseen`` of drawn card d
        depth = 0
        while depth >= 0:
            if depth == last:
                key, mask = keys[depth], masks[depth]
                for f in range(pos[depth - 1] + 1 if depth else 0, n):
                    v = evaluate_key(key + card_key[unseen[f]], mask | card_mask[unseen[f]])
                    counts[v >> CATEGORY_SHIFT] += 1
                depth -= 1
                continue
            pos[depth] += 1
            if pos[depth] > n - draws + depth:
                depth -= 1
                continue
            c = unseen[pos[depth]]
            keys[depth + 1] = keys[depth] + card_key[c]
            masks[depth + 1] = masks[depth] | card_mask[c]
            depth += 1
            pos[depth] = pos[depth - 1]
        return counts

    return draw_category_counts


def draw_counter(rules: Rules):
    """The compiled ``draw_category_counts(kept, unseen, draws)`` kernel of a profile."""
    if rules.name not in _COUNTERS:
        _COUNTERS[rules.name] = _make_counter(rules)
    return _COUNTERS[rules.name]


@dataclass(frozen=True)
class DrawOdds:
    """The exact final-hand distribution of one draw: every set of cards drawn is equally likely.

    Attributes
    ----------
    hand, kept, discard:
        The five cards, those kept and those thrown (canonical text, in hand order).
    rules:
        ``"standard"`` (52 cards) or ``"bug"`` (53, with the joker of rules §4.3).
    draws:
        How many cards are drawn (the number thrown).
    outcomes:
        How many equally likely draws there are: C(unseen cards, draws).
    category_counts, categories:
        Final hand category -> number of draws, and -> probability, best category first (only
        the categories that occur).
    p_improve, improve_count:
        The chance, and the number of draws, that end in a better category than the hand's own.
    original:
        The name of the hand before the draw (``"Pair of jacks"``).
    exact:
        Always ``True``: the figures are enumerated.
    """

    hand: str
    kept: str
    discard: str
    rules: str
    draws: int
    outcomes: int
    category_counts: dict[str, int]
    categories: dict[str, float]
    p_improve: float
    improve_count: int
    original: str
    exact: bool = True

    def to_dict(self) -> dict:
        """The JSON the command line prints with ``--json``: every field."""
        return {
            "hand": self.hand,
            "kept": self.kept,
            "discard": self.discard,
            "rules": self.rules,
            "draws": self.draws,
            "outcomes": self.outcomes,
            "exact": self.exact,
            "original": self.original,
            "p_improve": self.p_improve,
            "improve_count": self.improve_count,
            "category_counts": dict(self.category_counts),
            "categories": dict(self.categories),
        }

    def to_frame(self) -> pd.DataFrame:
        """One row per final category that occurs, best first: ``category``, ``count`` (draws)
        and ``probability``."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame(
            {
                "category": list(self.category_counts),
                "count": list(self.category_counts.values()),
                "probability": list(self.categories.values()),
            }
        )

    @property
    def method(self) -> str:
        """How the figures were found: ``"exact, 16,215 equally likely draws"``."""
        return f"exact, {plural(self.outcomes, 'equally likely draw')}"

    def __repr__(self) -> str:
        lines = [
            f"DrawOdds: {self.hand}, keep {self.kept or '-'}, draw {self.draws} ({self.rules} deck); {self.method}",
            *(f"  {name:<16} {100 * p:8.4f}%" for name, p in self.categories.items()),
            f"  P(improve on {self.original}) = {100 * self.p_improve:.4f}%",
        ]
        return "\n".join(lines)

    def plot(self) -> Figure:
        """A bar per final category: its probability in %, exact (no error bars)."""
        from analyzer.charts import bar_chart

        return bar_chart(
            list(self.categories),
            [100 * p for p in self.categories.values()],
            title=f"{self.hand}: keep {self.kept or '-'}, draw {self.draws}",
            value_label="probability of the final hand (%)",
            error_note=f"{self.method} ({self.rules} deck); no sampling error",
        )


def _cards(cards: CardsInput, rules: Rules, part: str) -> np.ndarray:
    """Parse text or card codes; errors are prefixed with the part of the input they are in."""
    try:
        return parse_cards(cards, allow_joker=rules.joker, rules_name=f"{rules.name} rules")
    except CardError as err:
        raise CardError(f"{part}: {err}", err.token, err.position) from None


def _prepare(
    hand: CardsInput, discard: CardsInput, dead: CardsInput, rules: Rules
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Hand, kept cards, discards (in hand order) and unseen cards. The discards are cards of
    the hand; the unseen cards are the deck minus the hand (discards included) and the dead."""
    cards = _cards(hand, rules, "hand")
    if len(cards) != HAND:
        raise CardError(f"hand has {plural(len(cards), 'card')}: a draw hand has exactly {HAND}")
    thrown = _cards(discard, rules, "discard").tolist()
    gone = set(cards.tolist())
    for c in thrown:
        if c not in gone:
            raise CardError(f"discard {format_card(c)!r} is not in the hand", format_card(c))
    for c in _cards(dead, rules, "dead").tolist():
        if c in gone:
            raise CardError(f"dead card {format_card(c)!r} is in the hand", format_card(c))
        gone.add(c)
    unseen = np.array([c for c in range(rules.deck_size) if c not in gone], np.uint8)
    if len(thrown) > len(unseen):
        raise CardError(f"not enough unseen cards: {len(thrown)} to draw and {len(unseen)} unseen")
    kept = np.array([c for c in cards.tolist() if c not in thrown], np.uint8)
    discards = np.array([c for c in cards.tolist() if c in thrown], np.uint8)
    return cards, kept, discards, unseen


def _labelled(counts: np.ndarray) -> dict[str, int]:
    """Category label -> count for the categories that occur, highest first."""
    return {Category(s).label: int(counts[s]) for s in range(CATEGORY_SLOTS - 1, 0, -1) if counts[s]}


def draw_odds(hand: CardsInput, discard: CardsInput, *, bug: bool = False, dead: CardsInput = "") -> DrawOdds:
    """Exact odds of throwing ``discard`` and drawing as many cards from the unseen ones (rules
    §4.1): every draw enumerated, each equally likely.

    Parameters
    ----------
    hand:
        The five cards, as text or codes.
    discard:
        The cards thrown, 0 to 5 cards of ``hand`` (empty: stand pat).
    bug:
        Play the 53-card deck with the Bug joker (rules §4.3: an ace, or the filler of a
        straight or flush).
    dead:
        Cards known to be out of the stock (seen or folded); the discards are out too.

    Returns
    -------
    DrawOdds
        The final category distribution (counts and probabilities) and P(improve).
    """
    rules = BUG if bug else STANDARD
    cards, kept, discards, unseen = _prepare(hand, discard, dead, rules)
    draws = len(discards)
    counts = draw_counter(rules)(kept, unseen, draws)
    outcomes = comb(len(unseen), draws)
    value = int(make_kernels(rules).evaluate_cards(cards))
    improve = int(counts[(value >> CATEGORY_SHIFT) + 1 :].sum())
    category_counts = _labelled(counts)
    return DrawOdds(
        hand=format_cards(cards),
        kept=format_cards(kept),
        discard=format_cards(discards),
        rules=rules.name,
        draws=draws,
        outcomes=outcomes,
        category_counts=category_counts,
        categories={k: n / outcomes for k, n in category_counts.items()},
        p_improve=improve / outcomes,
        improve_count=improve,
        original=hand_name(value),
    )
