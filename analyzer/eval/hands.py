"""Public, validated entry points of the evaluator."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import JOKER, CardError, format_cards, parse_cards
from analyzer.eval.lookup import lookup_values
from analyzer.eval.profiles import Rules, get_rules
from analyzer.eval.values import Category, category_of, hand_name, ranks_of
from analyzer.text import plural

if TYPE_CHECKING:
    import pandas as pd

CardsLike = str | np.ndarray | list | tuple


def hand_array(cards: CardsLike, rules: Rules, sizes: tuple[int, ...] = (5, 6, 7)) -> np.ndarray:
    """Validate one hand (text or codes) for ``rules``: a ``uint8`` array of distinct codes."""
    if isinstance(cards, str) or (len(cards) and isinstance(cards[0], str)):
        codes = parse_cards(cards, allow_joker=rules.joker, rules_name=f"{rules.name} rules")
    elif len(cards) == 0:
        codes = np.zeros(0, np.uint8)
    else:
        codes = np.asarray(cards)
        if codes.ndim != 1 or not np.issubdtype(codes.dtype, np.integer):
            raise CardError(f"a hand must be card text or a 1-D array of codes, got {codes!r}")
        for i, c in enumerate(codes.tolist(), start=1):
            if not 0 <= c < rules.deck_size:
                raise CardError(f"bad card code {c} (card {i}) for {rules.name} rules", str(c), i)
        codes = parse_cards(format_cards(codes), allow_joker=rules.joker, rules_name=f"{rules.name} rules")
    if len(codes) not in sizes:
        allowed = "5 to 7" if sizes == (5, 6, 7) else "2 or 5 to 7"
        raise CardError(f"{plural(len(codes), 'card')} given: {rules.name} hands have {allowed} cards")
    return codes


def _two_card_allowed(rules: Rules) -> tuple[int, ...]:
    return (2, 5, 6, 7) if rules.wheel_second else (5, 6, 7)


def evaluate(cards: CardsLike, rules: str | Rules = "standard") -> int:
    """Value of the best five-card hand in 5-7 cards (higher is better).

    Under Pai Gow rules two cards are valued as the Pai Gow front hand. One hand is looked up
    in plain numpy (:mod:`analyzer.eval.lookup`): no kernel runs, so no Numba start-up is paid;
    :func:`evaluate_batch` evaluates many with the kernels.
    """
    rules = get_rules(rules)
    codes = hand_array(cards, rules, _two_card_allowed(rules))
    if len(codes) == 2:
        from analyzer.eval.two_card import two_card_value  # a kernel: compiled code, imported when used

        return int(two_card_value(codes[0], codes[1]))
    return int(lookup_values(codes[None, :], rules)[0])


def evaluate_batch(
    hands: np.ndarray,
    rules: str | Rules = "standard",
    *,
    parallel: bool = True,
    validate: bool = True,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """Values of a ``(n, k)`` batch of hands, ``k`` from 5 to 7, as ``int32``.

    Parameters
    ----------
    hands:
        Card codes (``analyzer.cards``), one hand per row; ``uint8`` is read as it is, other
        integer types are range-checked and narrowed first.
    rules:
        The rule profile (``"standard"``, ``"bug"``, ``"paigow"``).
    parallel:
        Spread the rows over Numba's threads (``numba.set_num_threads``; the values never
        depend on it).
    validate:
        Check every row (codes in the profile's deck, no card twice) inside the kernel's own
        loop; a bad row raises a :class:`~analyzer.cards.CardError` naming it. On a CPU with
        AVX-512 VBMI the check costs nearly nothing (:mod:`analyzer.eval.row_blocks`), and
        elsewhere about a fifth of the rate. ``False`` raises no error: rows must then be valid,
        or their values are undefined (where the check costs nothing it still runs, and an
        invalid row gets -1; elsewhere it is skipped).
    out:
        An ``int32`` array of ``n`` values to write into (and return), for callers that evaluate
        batch after batch: a fresh 40 MB result costs more in page faults than 10 M lookups.
    """
    rules = get_rules(rules)
    hands = np.ascontiguousarray(hands)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise ValueError(f"hands must have shape (n, k) with k from 5 to 7, got {hands.shape}")
    if not np.issubdtype(hands.dtype, np.integer):
        raise ValueError(f"hands must hold integer card codes, got dtype {hands.dtype}")
    if validate and hands.dtype != np.uint8 and hands.size:  # before narrowing to bytes, which wraps
        outside = ((hands < 0) | (hands >= rules.deck_size)).any(axis=1)
        if outside.any():
            raise _bad_row(hands, int(np.argmax(outside)), rules)
    codes = hands.astype(np.uint8, copy=False)
    import numba  # the kernels: Numba, imported when used

    from analyzer.eval.kernels import make_kernels

    if out is None:
        out = np.empty(hands.shape[0], np.int32)
    elif out.shape != (hands.shape[0],) or out.dtype != np.int32 or not out.flags.c_contiguous:
        raise ValueError(
            f"out must be a contiguous int32 array of shape ({hands.shape[0]},), got {out.dtype} {out.shape}"
        )
    kernels = make_kernels(rules)
    parallel = parallel and numba.get_num_threads() > 1  # one thread: the plain loop, no scheduling
    if not (validate or kernels.row_blocks):  # the unchecked loop, where checking costs
        (kernels.evaluate_batch if parallel else kernels.evaluate_rows)(codes, out)
    elif (kernels.checked_batch if parallel else kernels.checked_rows)(codes, out) and validate:
        raise _bad_row(hands, int(np.argmax(out < 0)), rules)
    return out


def _bad_row(hands: np.ndarray, row: int, rules: Rules) -> CardError:
    """The error naming row ``row`` of ``hands``, which holds a code outside the deck or a card twice."""
    codes = hands[row].tolist()
    if any(not 0 <= c < rules.deck_size for c in codes):
        return CardError(f"hand {row} holds a card code outside 0..{rules.deck_size - 1} ({rules.name} rules): {codes}")
    return CardError(f"hand {row} holds a card twice: {format_cards(hands[row])}")


def best_five(cards: CardsLike, rules: str | Rules = "standard") -> np.ndarray:
    """The five cards that make the best hand, in order of significance
    (for Pai Gow two-card hands, the two cards)."""
    rules = get_rules(rules)
    codes = hand_array(cards, rules, _two_card_allowed(rules))
    value = evaluate(codes, rules)
    if len(codes) <= 5:
        return _in_significance_order(codes, value)
    fives = np.array(list(combinations(codes.tolist(), 5)), np.uint8)
    reaching = np.flatnonzero(lookup_values(fives, rules) == value)
    if not reaching.size:  # pragma: no cover
        raise AssertionError("no five-card subset reaches the hand's value")
    return _in_significance_order(fives[reaching[0]], value)


def _in_significance_order(cards: np.ndarray, value: int) -> np.ndarray:
    """Arrange cards as the value lists their ranks; the joker takes the rank it stands for."""
    remaining = cards.tolist()
    ordered = []
    for rank in ranks_of(value):
        match = next((c for c in remaining if c != JOKER and c >> 2 == rank), JOKER)
        if match not in remaining:  # the value names more cards of a rank than exist
            match = JOKER
        ordered.append(match)
        remaining.remove(match)
    return np.array(ordered + remaining, np.uint8)


@dataclass(frozen=True)
class HandDescription:
    """A hand, its best five cards, category, name and value.

    Attributes
    ----------
    cards:
        The cards given, canonical text each (``"Ah"``, ``"Jk"``).
    best_five:
        The five cards that make the hand, in order of significance (the two cards of a Pai Gow
        front hand); the joker stands where the rank it plays would.
    category, category_code:
        The category's label (``"Two pair"``) and its number (1 high card .. 10 five aces).
    name:
        The full name (``"Two pair, aces and kings"``).
    value:
        The hand's value: higher beats lower under the same rules.
    rules:
        The rule profile's name: ``"standard"``, ``"bug"`` or ``"paigow"``.
    """

    cards: tuple[str, ...]
    best_five: tuple[str, ...]
    category: str
    category_code: int
    name: str
    value: int
    rules: str

    def to_dict(self) -> dict:
        """Every field; the card tuples as lists (JSON arrays)."""
        d = asdict(self)
        d["cards"], d["best_five"] = list(self.cards), list(self.best_five)
        return d

    def to_frame(self) -> pd.DataFrame:
        """One row: every field, the cards as text (``"Ah Ad Kc Ks 9h"``)."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([{**asdict(self), "cards": " ".join(self.cards), "best_five": " ".join(self.best_five)}])

    def __repr__(self) -> str:
        return "\n".join(
            [
                f"HandDescription: {self.name} ({self.rules} rules)",
                f"  best five  {' '.join(self.best_five)}",
                f"  cards      {' '.join(self.cards)}",
                f"  value      {self.value:,}",
            ]
        )


def describe_hand(cards: CardsLike, rules: str | Rules = "standard") -> HandDescription:
    """Evaluate a hand (5 to 7 cards, or 2 under Pai Gow rules) and describe it for people.

    >>> describe_hand("Ah Ad Kc Ks 7d 2c 9h")
    HandDescription: Two pair, aces and kings (standard rules)
      best five  Ah Ad Kc Ks 9h
      cards      Ah Ad Kc Ks 7d 2c 9h
      value      4,054,216
    """
    rules = get_rules(rules)
    codes = hand_array(cards, rules, _two_card_allowed(rules))
    value = evaluate(codes, rules)
    category: Category = category_of(value)
    return HandDescription(
        cards=tuple(format_cards(codes).split()),
        best_five=tuple(format_cards(best_five(codes, rules)).split()),
        category=category.label,
        category_code=int(category),
        name=hand_name(value),
        value=value,
        rules=rules.name,
    )
