"""Card codes, parsing and formatting.

A card is a ``uint8``: ``4 * rank + suit`` with ranks 2..A = 0..12 and suits
c, d, h, s = 0..3; the joker is 52. Hands are contiguous ``uint8`` arrays.

Input is forgiving (any case, ``10`` for ten, the suit symbols, optional
separators, ``Jk``/``joker``); output is canonical (``As Td Jk``). Every bad
input raises :class:`CardError`, which names the bad token and its position.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

import numpy as np
from numpy.typing import ArrayLike

CardsInput = str | Iterable[str | int] | np.ndarray  # "As Kd", ["As", "Kd"], [51, 45] or a uint8 array
RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER = 52
DECK_SIZE = 52

RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = (
    "deuces",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)

_SUIT_ALIASES = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_ALIASES = {ch.lower(): i for i, ch in enumerate(RANKS)} | {"10": 8}
_SEPARATORS = " \t\r\n,;/|[]()"
_TOKEN = re.compile(
    r"(?P<joker>joker|jk)|(?P<rank>10|[2-9tjqka])(?P<suit>[cdhs♣♦♥♠♧♢♡♤])",
    re.IGNORECASE | re.ASCII,  # ASCII folding only: "ſ" and the Kelvin sign are not s and k
)
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f"))  # text/emoji variation selectors after ♠ etc.


class CardError(ValueError):
    """Bad card input; the message names the offending token and its position."""

    def __init__(self, message: str, token: str | None = None, position: int | None = None):
        super().__init__(message)
        self.token = token
        self.position = position


CARD_BIT = np.array([1 << c for c in range(DECK_SIZE + 1)], dtype=np.uint64)  # a card's bit in a card-set mask


def cards_mask(cards: Iterable[int]) -> np.uint64:
    """The set of card codes (joker included) as a ``uint64`` bit mask, for kernels."""
    return np.uint64(sum(1 << int(c) for c in cards))


def card_code(rank: int, suit: int) -> int:
    """The code of the card with rank index 0..12 (2..A) and suit index 0..3 (c, d, h, s)."""
    return 4 * rank + suit


def rank_of(card: int) -> int:
    """The rank index of a card code, ``card // 4``: 0..12 for 2..A (13 for the joker, code 52)."""
    return card >> 2


def suit_of(card: int) -> int:
    """The suit index of a card code, ``card % 4``: 0..3 for c, d, h, s (0 for the joker)."""
    return card & 3


_CARD_TEXT = tuple(RANKS[c >> 2] + SUITS[c & 3] for c in range(DECK_SIZE)) + ("Jk",)  # by code, the joker last


def format_card(card: int) -> str:
    """Canonical text of one card: ``As``, ``Td``, ``Jk``."""
    card = int(card)
    if not 0 <= card <= JOKER:
        raise CardError(f"invalid card code {card}: expected 0..52", str(card))
    return _CARD_TEXT[card]


def format_cards(cards: Iterable[int]) -> str:
    """Canonical text of several cards, space separated: ``As Kd Td Jk``."""
    return " ".join(map(format_card, cards.tolist() if isinstance(cards, np.ndarray) else cards))


def _tokens(text: str) -> list[tuple[str, int]]:
    """Split text into (token, 1-based character position) chunks between separators."""
    chunks, start = [], None
    for i, ch in enumerate(text + " "):
        if ch in _SEPARATORS or ch.isspace():
            if start is not None:
                chunks.append((text[start:i], start + 1))
                start = None
        elif start is None:
            start = i
    return chunks


def parse_cards(text: CardsInput, *, allow_joker: bool = False, rules_name: str = "these rules") -> np.ndarray:
    """Parse cards from text (``"As Kd"``, ``"asKD"``, ``"10♥ Jk"``), or from an iterable of
    card texts or integer codes (a list, a ``uint8`` array): text and arrays alike.

    Returns a ``uint8`` array of codes in input order. Raises :class:`CardError`
    naming the bad token and its position (1-based card number and character)
    for an unreadable token or code, a card given twice, or a joker when
    ``allow_joker`` is false.

    >>> parse_cards("As kd 10h").tolist(), parse_cards([51, 45]).tolist()
    ([51, 45, 34], [51, 45])
    """
    if text is None:
        raise CardError("no cards given")
    if not isinstance(text, str):
        try:
            items = iter(text)
        except TypeError:
            raise TypeError(
                f"cards: expected text or a list of cards, got {type(text).__name__} {text!r:.80}"
            ) from None
        text = " ".join(_card_text(item) for item in items)
    return np.array(_parse_text(text, allow_joker, rules_name), dtype=np.uint8)


@lru_cache(maxsize=4096)
def _parse_text(text: str, allow_joker: bool, rules_name: str) -> tuple[int, ...]:
    """The card codes of ``text``, for :func:`parse_cards`; cached, as a pure function of small
    inputs (a repeated query parses its board once), and as a tuple, which no caller can change."""
    text = text.translate(_INVISIBLE)
    codes: list[int] = []
    seen: dict[int, int] = {}
    for chunk, char_pos in _tokens(text):
        offset = 0
        while offset < len(chunk):
            match = _TOKEN.match(chunk, offset)
            number = len(codes) + 1
            where = f"card {number}, character {char_pos + offset}"
            if match is None:
                rest = chunk[offset:]
                bad = rest if offset == 0 or len(rest) <= 3 else rest[:2]
                raise CardError(
                    f"bad card {bad!r} ({where}): expected a rank 2-9, T/10, J, Q, K, A "
                    f"and a suit c, d, h, s, or Jk for the joker",
                    bad,
                    number,
                )
            token = match.group(0)
            if match.group("joker"):
                if not allow_joker:
                    raise CardError(f"joker {token!r} ({where}) is not allowed under {rules_name}", token, number)
                code = JOKER
            else:
                code = card_code(_RANK_ALIASES[match.group("rank").lower()], _SUIT_ALIASES[match.group("suit").lower()])
            if code in seen:
                raise CardError(
                    f"duplicate card {format_card(code)!r} (cards {seen[code]} and {number})", token, number
                )
            seen[code] = number
            codes.append(code)
            offset = match.end()
    return tuple(codes)


def check_disjoint(parts: Mapping[str, ArrayLike]) -> None:
    """Raise :class:`CardError` naming the first card held by two of the named ``parts``
    (e.g. ``{"player 1": ..., "the board": ..., "the dead cards": ...}``)."""
    owner: dict[int, str] = {}
    for name, cards in parts.items():
        for card in np.asarray(cards).tolist():
            if card in owner:
                raise CardError(f"card {format_card(card)!r} is in both {owner[card]} and {name}", format_card(card))
            owner[card] = name


def _card_text(item: object) -> str:
    """One element of a card iterable as text: a card text as it is, an integer code formatted."""
    if isinstance(item, str):
        return item
    if isinstance(item, bool) or not isinstance(item, int | np.integer):
        raise CardError(f"bad card {item!r}: expected card text or an integer code 0..52", str(item))
    return format_card(int(item))


def parse_card(text: str, *, allow_joker: bool = False) -> int:
    """Parse exactly one card."""
    cards = parse_cards(text, allow_joker=allow_joker)
    if len(cards) != 1:
        raise CardError(f"expected exactly one card, got {len(cards)} in {text!r}", text, 1)
    return int(cards[0])


def parse_exact(text: str, count: int | None, what: str, rules_name: str) -> tuple[int, ...]:
    """Parse the cards of ``what`` (no joker), exactly ``count`` of them unless None; a
    wrong count is a :class:`CardError` naming ``what``."""
    cards = tuple(int(c) for c in parse_cards(text, rules_name=rules_name))
    if count is not None and len(cards) != count:
        raise CardError(f"{what}: {count} card{'s' * (count > 1)}, got {len(cards)}")
    return cards


def deck(*, joker: bool = False) -> np.ndarray:
    """All card codes of the 52-card deck, plus the joker when asked."""
    return np.arange(DECK_SIZE + int(joker), dtype=np.uint8)


def cards_left(known: ArrayLike, size: int = DECK_SIZE) -> np.ndarray:
    """The codes ``0..size-1`` not in ``known``, ascending (``int64``): what
    ``np.setdiff1d(np.arange(size), known)`` gives, without the import of ``numpy.ma`` that
    ``setdiff1d`` costs a query (about 30 ms).

    >>> cards_left([0, 51, 3], 6).tolist()
    [1, 2, 4, 5]
    """
    left = np.ones(size, bool)
    known = np.asarray(known, np.int64)
    left[known[(known >= 0) & (known < size)]] = False
    return np.flatnonzero(left)
