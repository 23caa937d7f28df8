"""Texas Hold'em hand ranges in PokerStove/Equilab syntax and in ProPokerTools' generic syntax
(``analyzer.ranges``, the public API's ``pa.ranges``): :func:`parse` reads a range into a
:class:`Range`, a weighted set of combos.

A range is a list of terms separated by commas or spaces (``"QQ+, AKs"`` or ``"QQ+ AKs"``).
Each term is read in the classic syntax first; a term the classic syntax does not read is read
as a generic pattern.

**Classic terms** (PokerStove, Equilab). Ranks may be in any case (``10`` for ten) and the two
ranks of a class in either order:

* pairs: ``QQ``; ``QQ+`` (QQ, KK, AA); ``JJ-`` (JJ down to 22); ``22-55`` or ``55-22`` (every
  pair between the ends);
* classes: ``AKs`` (4 combos), ``AKo`` (12), ``AK`` (16); ``KTo+`` (KTo, KJo, KQo: the kicker
  rises to one below the top card); ``A5s-`` (A5s, A4s, A3s, A2s: the kicker falls to the
  deuce); ``A2s-A5s`` (one top card, the kickers between the ends); ``T9s-QJs`` (both ranks
  shift together keeping the gap: T9s, JTs, QJs; the ends must have the same gap and suffix);
* wildcards: ``x`` (or ``X``) is any rank other than the one given: ``Ax`` is every combo of
  an ace and a lower card (192), ``Axs`` (also ``AXs``) the suited ones (48) and ``Axo`` the
  offsuit ones (144); ``Kx`` is K2 to AK;
* explicit combos: two cards in any spelling :func:`analyzer.cards.parse_cards` accepts
  (``AsKd``, ``A♠K♦``, ``10h9h``, ``[As Kd]``, or ``As Kd`` with a space);
* the strongest hands: ``10%`` is the best 10% of the 1,326 combos and ``5%-15%`` the ones from
  the best 5% to the best 15%, by the :func:`preflop_ranking`: whole classes best first, the
  fewest that hold at least the share (``10%`` is 136 combos, 10.3%). By default the order is
  PokerStove's and Equilab's, each class's equity against three random hands (``10%`` is
  ``77+, A9s+, KTs+, QTs+, AJo+, KQo``, as in those tools); ``10%hu`` and ``5%-15%hu`` take the
  heads-up order instead, each class's exact equity against one random hand (``10%hu`` is
  ``66+, AT+, A9s-A8s, KJs+``, which favours pairs and aces over suited and connected cards);
* ``random`` (also ``any`` and ``100%``): all 1,326 combos.

**Generic patterns** (ProPokerTools), case-sensitive. A pattern is one or two card specs, each
a rank, a suit, or a rank and then a suit:

* ranks ``A K Q J T 9 .. 2`` (and ``10``), upper case; ``*``, the wildcard rank, is any rank;
  any other upper-case letter (``R``, ``O``, ``N`` ...) is a rank variable, except ``X``, the
  classic wildcard, which a pattern refuses;
* suits ``s h d c`` and the suit variables ``w x y z``, lower case; no other lower-case letter;
* lists in square brackets: of ranks, ``[KQJ]`` or ``[K,Q,J]``, with spans ``[A-T]`` (A down to
  T: aces are always high, so ``[A-5]`` is A down to 5, not the wheel) and both
  (``[A,2,3,4,5]``, ``[A-T,5]``); of suits, ``[hd]`` (``[KQ][hd]``: a red king or queen);
* a variable stands for one rank (suit) throughout the pattern, two different variables for two
  different ones, and a variable never for a rank (suit) the pattern writes, in a list or a
  span too: ``RR`` is any pair (78), ``RO`` two different ranks (1,248), ``AR`` an ace with
  another rank (192), ``xx`` two cards of one suit (312), ``xy`` of two suits (1,014, the pairs
  among them), ``AxKx`` AKs (4), ``AxKy`` AKo (12), ``sx`` a spade with a card of another suit
  (507), ``hh`` two hearts (78), ``AhK`` the ace of hearts with a king (4), ``[KQJ]T`` (48);
* a pattern of one card spec is every hand holding such a card: ``A``, like ``A*``, is every
  hand with an ace (198), ``Ah`` (or ``Ah*``) every hand with the ace of hearts (51), ``h`` every
  hand with a heart; ``*`` alone is a random hand (all 1,326). A pattern of more than two card
  specs is refused: a Hold'em hand has two cards.

Where the two syntaxes read a term differently, the classic reading holds:

* ``Ax``, ``Axs``, ``Axo`` are the classic wildcards (an ace with another rank, 192, 48 and 144
  combos), where the generic ``Ax`` would be any hand with an ace (198: write ``A`` or ``A*``);
* two ranks and ``s`` or ``o`` make a class: ``AKs`` is AK suited, not an ace with the king of
  spades (write ``KsA`` for that);
* cards in brackets are an explicit combo, ``[As Kd]``: lists hold ranks or suits, not cards;
* ``*`` is the generic wildcard rank everywhere: ``A*`` is every hand with an ace (198) and
  ``A*s`` an ace with a spade; before version 0.2.0 ``*`` was the classic ``x`` (``A*`` = ``Ax``).

**Combining.** In a term, ``:`` intersects and ``!`` excludes, from left to right: ``AK:xx`` is
AKs and ``AK:xy`` AKo; ``TT+!AA`` is TT+ without AA (24 combos), ``A*!AA`` every hand with an
ace but a pair of aces (192), ``Ax!Axs`` the offsuit aces. A ``:`` followed by a plain number or
percentage (``:0.5``, ``:50%``) is the term's weight (below), not an intersection: to intersect
with a share, put the share first (``10%:xy``). An intersection or exclusion that leaves no
combo is refused, as is a pattern that names none (``RxRx``). Between terms, the comma (or
space) is a union, of lowest precedence.

**Weights.** A term may carry one weight: ``AKs:0.5``, ``AKs:50%`` or ``AKs@50`` (percent), in
(0, 1]; it applies to the whole term wherever it stands (``TT+:0.5!AA`` and ``TT+!AA:0.5`` are
the same, as are ``AK:xx@50`` and ``AK@50:xx``). Terms may overlap; a combo mentioned more than
once keeps the weight of its *last* mention, so ``QQ+:0.5, AA`` holds AA at weight 1 and QQ, KK
at 0.5.

Spaces inside a term are allowed around ``:``, ``@`` and ``!``, inside square brackets, and on
both sides of a run's ``-`` (``22 - 55``); two single cards in a row are one explicit combo.

>>> tuple(len(parse(text)) for text in ("AhK", "Ah*", "AxKx", "AxKy", "hh", "RR", "A*", "A*!AA", "[KQJ]T"))
(4, 51, 4, 12, 78, 78, 198, 192, 48)
>>> parse("AK:xx@50"), parse("Ax").canonical() == parse("AR").canonical()
(Range('AKs:0.5', 4 combos), True)

In Python, ranges combine as sets of combos: ``a | b`` holds every combo of either (at the larger
weight), ``a & b`` the combos of both (at the smaller), ``a - b`` those of ``a`` that ``b`` does
not hold (at ``a``'s weight).

``Jk`` alone, and ``joker`` or ``Jk`` in two cards (``AsJk``), are refused: ``Jk`` is how cards
spell the joker, which no Hold'em hand holds; the class is ``KJ`` (``JK``, ``kj`` ...).

A bad term raises :class:`RangeError`, one line naming the term, its position and the reason.

A combo is a ``uint8`` row ``(higher code, lower code)``. Canonical order, for the 169 classes
and for the combos of a :class:`Range`: by class in chart order (pairs AA..22, suited AKs, AQs ..
32s, offsuit AKo .. 32o), then by descending codes (``AsAh`` before ``AsAd``).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import DECK_SIZE, RANKS, CardError, CardsInput, format_card, format_cards, parse_cards

if TYPE_CHECKING:
    import pandas as pd

COMBO_COUNT = 1326
RANKING_FILE = Path(__file__).with_name("preflop_vs_random.json")
"""Each class's exact showdown counts against one random hand, the data of the ``"one-random"``
order of :func:`preflop_ranking`; written by ``python -m analyzer.games.holdem.versus_random``."""
THREE_RANDOM_FILE = Path(__file__).with_name("preflop_vs_three_random.json")
"""Each class's equity against three random hands (Monte Carlo, with standard errors and the
neighbour pairs it leaves unsettled), the data of the ``"three-random"`` order of
:func:`preflop_ranking`; written by ``python -m analyzer.games.holdem.versus_field``."""
RANKING_VERSION = 1
RANKING_ORDERS = {
    "three-random": (THREE_RANDOM_FILE, "analyzer.games.holdem.versus_field"),
    "one-random": (RANKING_FILE, "analyzer.games.holdem.versus_random"),
}
"""The orders :func:`preflop_ranking` knows, each with its data file and the module that writes it."""
DEFAULT_RANKING_ORDER = "three-random"
"""The order of a share without a suffix (``10%``): PokerStove's and Equilab's."""
_SHARE_SUFFIXES = {"hu": "one-random"}  # a share's suffix (10%hu) and the order it names
Key = tuple[int, int, str]  # (higher rank, lower rank, "" for a pair or both suits, "s" or "o")

SHOWN_TERM = 60  # a bad term longer than this is cut in error messages
_NO_JOKER = "Jk is the joker, which no Hold'em hand holds (the class is KJ)"
_EXPECTED = (
    "expected a classic term (a pair QQ, QQ+, JJ-, 22-55; a class AKs, AKo, AK, KTo+, A5s-, A2s-A5s, "
    "T9s-QJs; a wildcard Ax, Axs; two cards AsKd; a share 10%, 5%-15%; random) or a generic pattern "
    "(AxKx, RR, hh, Ah*, [KQJ]T), with an optional weight (:0.5, :50% or @50), intersections (AK:xx) "
    "and exclusions (TT+!AA)"
)
_RANK = r"(10|[2-9TJQKA])"
_HAND = rf"{_RANK}{_RANK}([SO]?)"
_PLUS_TERM = re.compile(rf"{_HAND}([+-]?)", re.IGNORECASE | re.ASCII)
_RUN_TERM = re.compile(rf"{_HAND}-{_HAND}", re.IGNORECASE | re.ASCII)
_WILD_TERM = re.compile(rf"(?:{_RANK}X|X{_RANK})([SO]?)", re.IGNORECASE | re.ASCII)
_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_SHARE_TERM = re.compile(rf"{_NUMBER}%(?:-{_NUMBER}%)?({'|'.join(_SHARE_SUFFIXES)})?", re.IGNORECASE | re.ASCII)
_CARD = r"(?:10|[2-9TJQKA])[CDHS♣♦♥♠♧♢♡♤][\ufe0e\ufe0f]?|JK|JOKER"  # a card as parse_cards reads it
_CARD_TOKEN = re.compile(_CARD, re.IGNORECASE | re.ASCII)
_CARD_GAP = r"[\s,;/|()\[\]]*"  # the separators parse_cards skips
_CARD_WORDS = re.compile(rf"{_CARD_GAP}(?:(?:{_CARD}){_CARD_GAP})+", re.IGNORECASE | re.ASCII)
_OPERATOR = re.compile(r"([:@!])")
_WEIGHT_VALUE = re.compile(r"[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|inf(?:inity)?|nan)%?", re.IGNORECASE | re.ASCII)
_SPACED = re.compile(r"\s*([:@!])\s*|\s+-\s+")  # spaces that stay inside one term
_EVERYTHING = ("random", "any", "100%")


class RangeError(CardError):
    """Bad range syntax; the message names the bad term and its 1-based position among the terms."""

    def __init__(self, message: str, term: str, position: int):
        super().__init__(message, term, position)
        self.term = term


class EmptyRangeError(ValueError):
    """A range left with no combos, e.g. after removing dead or board cards."""


# ---------------------------------------------------------------- the 169 hand classes


def _name(hi: int, lo: int, kind: str) -> str:
    return RANKS[hi] + RANKS[lo] + kind


def _class_keys() -> list[Key]:
    """Chart order: pairs AA..22, then suited AKs, AQs .. 32s, then offsuit AKo .. 32o."""
    pairs = [(r, r, "") for r in range(12, -1, -1)]
    return pairs + [(hi, lo, kind) for kind in "so" for hi in range(12, 0, -1) for lo in range(hi - 1, -1, -1)]


def _key_combos(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    """A class's combos, higher code first, in descending code order: 6 pairs, 4 suited, 12 offsuit."""
    suits = range(3, -1, -1)
    chosen = [(a, b) for a in suits for b in suits if (a > b if hi == lo else (a == b) == (kind == "s"))]
    return [(4 * hi + a, 4 * lo + b) for a, b in chosen]


_KEYS = _class_keys()
HAND_CLASSES: list[str] = [_name(*key) for key in _KEYS]
_CLASS_INDEX = {name: i for i, name in enumerate(HAND_CLASSES)}
_KEY_INDEX = {key: i for i, key in enumerate(_KEYS)}
_CLASS_ROWS = [_key_combos(*key) for key in _KEYS]
_CLASS_START = np.cumsum([0] + [len(rows) for rows in _CLASS_ROWS])
_ALL_COMBOS = np.array([row for rows in _CLASS_ROWS for row in rows], dtype=np.uint8)
_ALL_COMBOS.setflags(write=False)
_COMBO_CLASS = np.repeat(np.arange(len(_KEYS)), np.diff(_CLASS_START))
_COMBO_INDEX = np.full((52, 52), -1, dtype=np.int64)
_COMBO_INDEX[_ALL_COMBOS[:, 0], _ALL_COMBOS[:, 1]] = np.arange(COMBO_COUNT)
_COMBO_INDEX[_ALL_COMBOS[:, 1], _ALL_COMBOS[:, 0]] = np.arange(COMBO_COUNT)


def format_combo(cards: Iterable[int]) -> str:
    """Canonical text of a combo without separator: ``AsKd``."""
    return "".join(format_card(c) for c in cards)


def hand_class(c1: int, c2: int) -> str:
    """The class of two different cards: ``QQ`` for a pair, else ``AKs`` (suited) or ``AKo``."""
    c1, c2 = int(c1), int(c2)
    if not (0 <= c1 < 52 and 0 <= c2 < 52) or c1 == c2:
        raise CardError(f"not two different cards of the 52: codes {c1} and {c2}", f"{c1} {c2}")
    return HAND_CLASSES[_COMBO_CLASS[_COMBO_INDEX[c1, c2]]]


def _class_id(name: str) -> int:
    """Index in HAND_CLASSES of a class name in any case (``aks``); CardError for anything else."""
    index = _CLASS_INDEX.get(name[:2].upper() + name[2:].lower())
    if index is None:
        raise CardError(f"unknown hand class {name!r}: expected one of the 169, e.g. AA, AKs, T9o", name)
    return index


def class_combos(name: str) -> np.ndarray:
    """The combos of one of the 169 classes, (m, 2) ``uint8`` in canonical order (read-only)."""
    index = _class_id(name)
    return _ALL_COMBOS[_CLASS_START[index] : _CLASS_START[index + 1]]


def class_grid_position(name: str) -> tuple[int, int]:
    """(row, col) in the 13x13 chart, 0 = A .. 12 = 2: pairs on the diagonal, suited above it
    (row = higher rank, col = lower), offsuit below it (row = lower rank, col = higher)."""
    hi, lo, kind = _KEYS[_class_id(name)]
    high, low = 12 - hi, 12 - lo
    return (low, high) if kind == "o" else (high, low)


def class_at(row: int, col: int) -> str:
    """The class at (row, col) of the 13x13 chart, the inverse of :func:`class_grid_position`.

    >>> class_at(0, 1), class_at(1, 0), class_at(12, 12)
    ('AKs', 'AKo', '22')
    """
    high, low = RANKS[12 - min(row, col)], RANKS[12 - max(row, col)]
    return high + low + ("" if row == col else "s" if col > row else "o")


# ---------------------------------------------------------------- parsing


def _bad(term: str, position: int, reason: str) -> RangeError:
    """The error for a bad term; a long term is cut in the message (kept whole in ``term``)."""
    text = term if len(term) <= SHOWN_TERM else term[: SHOWN_TERM - 3] + "..."
    return RangeError(f"bad range term {text!r} (term {position}): {reason}", term, position)


def _rank(text: str) -> int:
    return RANKS.index("T" if text == "10" else text.upper())


def _hand(first: str, second: str, suffix: str, term: str, position: int) -> Key:
    """(higher rank, lower rank, suffix) of ``KTo``, ``tk``, ``QQ``; a pair takes no suffix."""
    hi, lo = sorted((_rank(first), _rank(second)), reverse=True)
    if hi == lo and suffix:
        raise _bad(term, position, "a pair cannot be suited or offsuit")
    return hi, lo, suffix.lower()


def _open_hands(hand: Key, direction: str) -> list[Key]:
    """``QQ+``: the pair and every higher pair; ``KTo+``: the kicker rises to one below the top
    card. ``JJ-``: the pair and every lower pair; ``A5s-``: the kicker falls to the deuce."""
    hi, lo, suffix = hand
    if not direction:
        return [hand]
    if hi == lo:
        return [(r, r, "") for r in (range(hi, 13) if direction == "+" else range(hi + 1))]
    kickers = range(lo, hi) if direction == "+" else range(lo + 1)
    return [(hi, kicker, suffix) for kicker in kickers]


def _wild_hands(rank: str, suffix: str) -> list[Key]:
    """``Ax``: the rank with every other rank (the higher one on top); ``Axs``, ``Axo`` one suffix."""
    fixed = _rank(rank)
    return [(max(fixed, other), min(fixed, other), suffix.lower()) for other in range(13) if other != fixed]


def _run_hands(first: Key, second: Key, term: str, position: int) -> list[Key]:
    """``22-55``: the pairs between the ends; ``A2s-A5s``: one top card, the kickers between the
    ends; ``T9s-QJs``: both ranks shift together, keeping the gap. Ends come in either order."""
    (a_hi, a_lo, suffix), (b_hi, b_lo, b_suffix) = sorted((first, second))
    if (a_hi == a_lo) != (b_hi == b_lo):
        raise _bad(term, position, "the ends of a run must be two pairs or two non-pairs")
    if suffix != b_suffix:
        raise _bad(term, position, "the ends of a run must have the same suffix (s, o or none)")
    if a_hi == a_lo:
        return [(r, r, "") for r in range(a_hi, b_hi + 1)]
    if a_hi == b_hi:
        return [(a_hi, kicker, suffix) for kicker in range(a_lo, b_lo + 1)]
    if a_hi - a_lo != b_hi - b_lo:
        raise _bad(term, position, "the ends of a run must have the same top card or the same gap")
    return [(a_hi + step, a_lo + step, suffix) for step in range(b_hi - a_hi + 1)]


@functools.cache
def preflop_ranking(order: str = DEFAULT_RANKING_ORDER) -> tuple[str, ...]:
    """The 169 classes best first: the order the ``N%`` terms of a range take hands in.

    ``order`` is one of :data:`RANKING_ORDERS`:

    * ``"three-random"`` (the default): each class's equity in a four-handed showdown against
      three random hands, the order PokerStove and Equilab rank by (their 10% is ``77+, A9s+,
      KTs+, QTs+, AJo+, KQo``, and so is this one's). No enumeration of it is within reach, so
      :data:`THREE_RANDOM_FILE` holds Monte Carlo estimates, refined until every two neighbours
      in the order are three standard errors apart or have 640 million deals each; the pairs
      left closer are listed in the file (:func:`unsettled_pairs`), their order the estimates'.
    * ``"one-random"`` (a share written ``10%hu``): each class's exact heads-up equity against
      one random hand, from the integer showdown counts of :data:`RANKING_FILE`, counted over
      every board and every opponent hand; ties, if any, in chart order.

    >>> preflop_ranking()[:8]
    ('AA', 'KK', 'QQ', 'JJ', 'TT', 'AKs', '99', 'AQs')
    >>> preflop_ranking("one-random")[:8]
    ('AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88', 'AKs')
    >>> preflop_ranking("one-random")[-1], preflop_ranking()[-1]
    ('32o', '32o')
    """
    equity = _ranking_data(order)["equity"]
    return tuple(sorted(HAND_CLASSES, key=lambda name: -equity[name]))


def unsettled_pairs(order: str = DEFAULT_RANKING_ORDER) -> tuple[tuple[str, str], ...]:
    """The neighbour pairs of :func:`preflop_ranking` whose order the data leaves unsettled
    (estimates less than three standard errors of their difference apart): none for the exact
    ``"one-random"`` order.

    >>> unsettled_pairs()[0]
    ('A9s', 'QTs')
    >>> unsettled_pairs("one-random")
    ()
    """
    return _ranking_data(order)["unsettled"]


@functools.cache
def _ranking_data(order: str) -> dict:
    """The data of an order: ``equity`` per class, and the ``unsettled`` neighbour pairs."""
    if order not in RANKING_ORDERS:
        raise ValueError(f"unknown ranking order {order!r}: expected one of {', '.join(map(repr, RANKING_ORDERS))}")
    path, writer = RANKING_ORDERS[order]
    data = json.loads(path.read_text())
    if data.get("version") != RANKING_VERSION:
        raise RuntimeError(
            f"{path.name} is version {data.get('version')}, this code reads version {RANKING_VERSION}: "
            f"rebuild it with python -m {writer}"
        )
    if "equity" in data:  # estimates
        equity = dict(zip(data["classes"], data["equity"]))
    else:  # exact counts
        counts = zip(data["classes"], data["wins"], data["ties"], data["showdowns"])
        equity = {name: (2 * wins + ties) / (2 * showdowns) for name, wins, ties, showdowns in counts}
    return {"equity": equity, "unsettled": tuple((a, b) for a, b in data.get("unsettled", []))}


@functools.cache
def _ranked_prefixes(order: str) -> np.ndarray:
    """Combo counts of the prefixes of the ranking in ``order``: entry k counts the best k classes."""
    sizes = [len(_CLASS_ROWS[_CLASS_INDEX[name]]) for name in preflop_ranking(order)]
    return np.cumsum([0, *sizes])


def _best_classes(percent: float, order: str) -> int:
    """How many classes, best first in ``order``, it takes to hold at least ``percent`` of the
    1,326 combos (a hair of rounding below the share still counts as reaching it)."""
    target = percent / 100 * COMBO_COUNT - 1e-9
    return int(np.searchsorted(_ranked_prefixes(order), target, side="left"))


def _share_hands(share: re.Match, term: str, position: int) -> list[Key]:
    """``10%``: the best classes making up 10% of the combos; ``5%-15%``: the best 15% without
    the best 5%; ``10%hu``: the same in the order the suffix names."""
    low, high, suffix = share.groups()
    order = _SHARE_SUFFIXES[suffix.lower()] if suffix else DEFAULT_RANKING_ORDER
    bounds = [float(low)] if high is None else [float(low), float(high)]
    if not all(0 <= b <= 100 for b in bounds):
        raise _bad(term, position, "a share of hands is between 0% and 100%")
    if high is not None and bounds[0] >= bounds[1]:
        raise _bad(term, position, "a share N%-M% needs N below M")
    first, last = (0, _best_classes(bounds[0], order)) if high is None else (_best_classes(b, order) for b in bounds)
    if first >= last:
        raise _bad(term, position, f"{share[0]} holds no whole class (the smallest is 6 combos, 0.45%)")
    return [_KEYS[_CLASS_INDEX[name]] for name in preflop_ranking(order)[first:last]]


def _class_indices(hand: Key) -> np.ndarray:
    """Canonical combo indices of a class; a non-pair without suffix (``AK``) is both AKs and AKo."""
    hi, lo, suffix = hand
    kinds = "so" if hi != lo and not suffix else [suffix]
    ids = [_KEY_INDEX[(hi, lo, kind)] for kind in kinds]
    return np.concatenate([np.arange(_CLASS_START[i], _CLASS_START[i + 1]) for i in ids])


def _classic_hands(hand: str, term: str, position: int) -> list[Key] | None:
    """The classes of a classic term other than an explicit combo, None for any other text."""
    if match := _PLUS_TERM.fullmatch(hand):
        return _open_hands(_hand(match[1], match[2], match[3], term, position), match[4])
    if match := _WILD_TERM.fullmatch(hand):
        return _wild_hands(match[1] or match[2], match[3])
    if match := _SHARE_TERM.fullmatch(hand):
        return _share_hands(match, term, position)
    if match := _RUN_TERM.fullmatch(hand):
        start = _hand(match[1], match[2], match[3], term, position)
        end = _hand(match[4], match[5], match[6], term, position)
        return _run_hands(start, end, term, position)
    return None


def _explicit_combo(hand: str, term: str, position: int) -> int | None:
    """Canonical index of a term that is exactly two cards, in any spelling parse_cards reads;
    None for any other text (one card, three: generic patterns). A joker is refused."""
    if not _CARD_WORDS.fullmatch(hand):
        return None
    cards = _CARD_TOKEN.findall(hand)
    if any(card.upper() in ("JK", "JOKER") for card in cards):
        raise _bad(term, position, _NO_JOKER)
    if len(cards) != 2:
        return None
    try:
        first, second = parse_cards(hand)
    except CardError as err:  # the same card twice
        raise _bad(term, position, f"an explicit combo is two different cards: {err}") from None
    return int(_COMBO_INDEX[first, second])


def _hand_indices(hand: str, term: str, position: int) -> np.ndarray:
    """Canonical combo indices of one operand of a term (no weight, ``:`` or ``!`` in it): a
    classic term if it is one, else a generic pattern."""
    if not hand:
        raise _bad(term, position, "no hand given")
    if hand.lower() in _EVERYTHING:
        return np.arange(COMBO_COUNT)
    if hand == "Jk":  # the joker's spelling, not the class KJ (module docstring)
        raise _bad(term, position, _NO_JOKER)
    hands = _classic_hands(hand, term, position)
    if hands is not None:
        return np.concatenate([_class_indices(h) for h in hands])
    combo = _explicit_combo(hand, term, position)
    if combo is not None:
        return np.array([combo])
    try:
        return _generic_indices(hand)
    except _PatternError as err:
        raise _bad(term, position, str(err)) from None


# ---------------------------------------------------------------- generic patterns


class _PatternError(ValueError):
    """A generic pattern that cannot be read, or that names no combo: the reason, for RangeError."""


_RANK_LETTERS = {letter: rank for rank, letter in enumerate(RANKS)}  # "2" .. "A": 0 .. 12
_SUIT_LETTERS = {"c": 0, "d": 1, "h": 2, "s": 3}
_SUIT_VARIABLES = "wxyz"
_SUIT_SYMBOLS = str.maketrans("♣♧♦♢♥♡♠♤", "ccddhhss", "\ufe0e\ufe0f")
_ANY = None  # a card spec's rank or suit part that is not given, or the wildcard rank *
_HOLDEM_CARDS = 2


@dataclass(frozen=True)
class _Part:
    """A card spec's rank or suit part: a set of ranks (suits), or a variable's letter."""

    values: frozenset[int] = frozenset()
    variable: str = ""


def _list_values(content: str) -> tuple[str, frozenset[int]]:
    """``("rank", ranks)`` or ``("suit", suits)`` of a list's content: ranks, spans ``A-T``
    (either end first) and commas, or suits and commas."""
    items = content.replace(",", "")
    if not items:
        raise _PatternError("an empty list []")
    if all(ch in _SUIT_LETTERS for ch in items):
        return "suit", frozenset(_SUIT_LETTERS[ch] for ch in items)
    ranks: set[int] = set()
    index = 0
    while index < len(items):
        first, index = _list_rank(items, index)
        if items.startswith("-", index):
            last, index = _list_rank(items, index + 1, span=True)
            ranks.update(range(min(first, last), max(first, last) + 1))
        else:
            ranks.add(first)
    return "rank", frozenset(ranks)


def _list_rank(items: str, index: int, span: bool = False) -> tuple[int, int]:
    """The rank at ``index`` of a list's items and the index after it."""
    if items.startswith("10", index):
        return _RANK_LETTERS["T"], index + 2
    letter = items[index] if index < len(items) else ""
    if letter in _RANK_LETTERS:
        return _RANK_LETTERS[letter], index + 1
    if span:
        raise _PatternError(f"a span in a list needs a rank at both ends ([A-T]), got '[{items}]'")
    if letter.upper() in _RANK_LETTERS and letter.isalpha():
        raise _PatternError(f"ranks are upper case in a generic pattern: {letter.upper()!r}, not {letter!r}")
    raise _PatternError(f"a list holds ranks ([KQJ], [A-T], [A,2,3]) or suits ([hd]): not {letter!r} in [{items}]")


def _pattern_part(text: str, index: int) -> tuple[str, _Part | None, int]:
    """The kind (``"rank"`` or ``"suit"``) and value of the part of a pattern at ``index`` (None
    for the wildcard rank ``*``), and the index after it."""
    letter = text[index]
    if letter == "[":
        end = text.find("]", index)
        if end < 0:
            raise _PatternError("an unclosed bracket '['")
        if "[" in text[index + 1 : end]:
            raise _PatternError("a bracket inside a bracket")
        kind, values = _list_values(text[index + 1 : end])
        return kind, _Part(values), end + 1
    if text.startswith("10", index):
        return "rank", _Part(frozenset({_RANK_LETTERS["T"]})), index + 2
    if letter in _RANK_LETTERS:
        return "rank", _Part(frozenset({_RANK_LETTERS[letter]})), index + 1
    if letter == "*":
        return "rank", _ANY, index + 1
    if letter in _SUIT_LETTERS:
        return "suit", _Part(frozenset({_SUIT_LETTERS[letter]})), index + 1
    if letter in _SUIT_VARIABLES:
        return "suit", _Part(variable=letter), index + 1
    if letter == "X":
        raise _PatternError(
            "X is the classic wildcard (Ax, Axs, Axo), not a rank variable: in a generic pattern write * "
            "for any rank or another letter (R, O, N) for a rank variable"
        )
    if letter.isascii() and letter.isupper():
        return "rank", _Part(variable=letter), index + 1
    if letter.upper() in _RANK_LETTERS and letter.isalpha():
        raise _PatternError(f"ranks are upper case in a generic pattern: {letter.upper()!r}, not {letter!r}")
    if letter.isascii() and letter.isalpha():
        raise _PatternError(
            f"unknown letter {letter!r}: suits are s h d c and suit variables w x y z (lower case), ranks "
            "A K Q J T 9-2 and rank variables (R, O, N ...) upper case"
        )
    if letter == "]":
        raise _PatternError("a bracket ']' without '['")
    if letter == "-":
        raise _PatternError("a rank span of a generic pattern goes in brackets: [A-T]")
    raise _PatternError(f"unexpected {letter!r}: {_EXPECTED}")


def _card_specs(pattern: str) -> list[tuple[_Part | None, _Part | None]]:
    """The (rank, suit) card specs of a generic pattern, two of them (one spec means "at least
    this card": the other card is any)."""
    text = pattern.translate(_SUIT_SYMBOLS)
    specs: list[list[_Part | None]] = []
    suit_open = False  # the last spec has a rank and no suit yet
    index = 0
    while index < len(text):
        kind, part, index = _pattern_part(text, index)
        if kind == "suit" and suit_open:
            specs[-1][1] = part
            suit_open = False
        else:
            specs.append([part, _ANY] if kind == "rank" else [_ANY, part])
            suit_open = kind == "rank"
    if len(specs) > _HOLDEM_CARDS:
        raise _PatternError(f"a Hold'em hand has two cards, the pattern names {len(specs)}")
    specs += [[_ANY, _ANY]] * (_HOLDEM_CARDS - len(specs))
    return [(rank, suit) for rank, suit in specs]


def _allowed(part: _Part | None, named: frozenset[int], size: int) -> np.ndarray:
    """Which of the ``size`` ranks (suits) a spec's part allows: its set, or for a variable every
    one the pattern does not name, or all of them."""
    if part is None:
        return np.ones(size, bool)
    if part.variable:
        allowed = np.ones(size, bool)
        allowed[list(named)] = False
    else:
        allowed = np.zeros(size, bool)
        allowed[list(part.values)] = True
    return allowed


def _same_variable(first: _Part | None, second: _Part | None) -> bool | None:
    """True when both parts are one variable, False when two different ones, None otherwise."""
    if first is None or second is None or not (first.variable and second.variable):
        return None
    return first.variable == second.variable


_COMBO_RANKS = _ALL_COMBOS >> 2
_COMBO_SUITS = _ALL_COMBOS & 3


@functools.lru_cache(maxsize=1024)
def _generic_indices(pattern: str) -> np.ndarray:
    """Canonical indices of the combos a generic pattern names (module docstring), matched over
    all 1,326 combos; read-only, cached. :class:`_PatternError` for a bad pattern or none."""
    (rank1, suit1), (rank2, suit2) = _card_specs(pattern)
    named_ranks = frozenset().union(*(p.values for p in (rank1, rank2) if p is not None))
    named_suits = frozenset().union(*(p.values for p in (suit1, suit2) if p is not None))
    cards = [
        _allowed(rank, named_ranks, 13)[:, None] & _allowed(suit, named_suits, 4)[None, :]
        for rank, suit in ((rank1, suit1), (rank2, suit2))
    ]
    first, second = (card.reshape(-1) for card in cards)  # by card code, 4 * rank + suit
    high, low = _ALL_COMBOS[:, 0], _ALL_COMBOS[:, 1]
    named = first[high] & second[low] | first[low] & second[high]  # either card may be the first spec's
    for values, same in ((_COMBO_RANKS, _same_variable(rank1, rank2)), (_COMBO_SUITS, _same_variable(suit1, suit2))):
        if same is not None:  # two variables: the same one, or two different ones
            named &= (values[:, 0] == values[:, 1]) == same
    indices = np.flatnonzero(named)
    if not len(indices):
        raise _PatternError(f"the pattern {pattern!r} names no combo")
    indices.setflags(write=False)
    return indices


# ---------------------------------------------------------------- terms


def _weight(value: str, sep: str, term: str, position: int) -> float:
    """``:w`` is a fraction in (0, 1], ``@p`` and ``:p%`` a percentage in (0, 100]."""
    percent = sep == "@" or value.endswith("%")
    scale = 100.0 if percent else 1.0
    try:
        weight = float(value.removesuffix("%")) / scale
    except ValueError:
        raise _bad(term, position, f"weight {value!r} is not a number") from None
    if not 0 < weight <= 1:
        raise _bad(term, position, f"weight {sep}{value} is not in (0, {scale:g}]")
    return weight


def _parse_term(term: str, position: int) -> tuple[np.ndarray, float]:
    """Canonical combo indices and weight (1 unless given) of one term: its operands combined
    from left to right, ``:`` an intersection and ``!`` an exclusion, except a ``:`` before a
    plain number or percentage and every ``@``, which give the whole term's weight."""
    first, *rest = _OPERATOR.split(term)
    indices = _hand_indices(first, term, position)
    weight = None
    read = first  # the term up to the operator at hand, for messages
    for operator, operand in zip(rest[::2], rest[1::2]):
        if operator == "@" or (operator == ":" and _WEIGHT_VALUE.fullmatch(operand)):
            if weight is not None:
                raise _bad(term, position, "more than one weight")
            weight = _weight(operand, operator, term, position)
        elif not operand:
            raise _bad(term, position, f"nothing after {operator!r}")
        elif operator == ":":
            indices = np.intersect1d(indices, _hand_indices(operand, term, position))
            if not len(indices):
                raise _bad(term, position, f"{read!r} and {operand!r} have no combo in common")
        else:
            indices = np.setdiff1d(indices, _hand_indices(operand, term, position))
            if not len(indices):
                raise _bad(term, position, "it excludes every combo it names")
        read += operator + operand
    return indices, 1.0 if weight is None else weight


def _is_card(word: str) -> bool:
    """True when ``word`` (without a weight) is exactly one card other than the joker."""
    try:
        return len(parse_cards(word)) == 1
    except ValueError:
        return False


def _commas(text: str) -> list[str]:
    """The text split at the commas outside square brackets, without the spaces inside them
    (``[A, 2, 3]`` is one list, ``[As Kd]`` one combo)."""
    if "[" not in text:
        return text.split(",")
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char in "[]":
            depth = depth + 1 if char == "[" else max(depth - 1, 0)
        if char == "," and not depth:
            parts.append("".join(current))
            current = []
        elif not (depth and char.isspace()):
            current.append(char)
    return [*parts, "".join(current)]


def _terms(text: str) -> list[str]:
    """The terms of a range: split at commas (outside square brackets) and spaces, keeping an
    operator's ``:``, ``@`` or ``!`` and a run's spaced ``-`` with their term, and two single
    cards in a row (``As Kd``) as one combo. A comma with nothing before it gives an empty term
    (reported as such)."""
    terms: list[str] = []
    for part in _commas(text):
        words = _SPACED.sub(lambda m: m[1] or "-", part.strip()).split() or [""]
        while words:
            word = words.pop(0)
            if words and _is_card(word) and _is_card(words[0].split(":")[0].split("@")[0]):
                word += words.pop(0)
            terms.append(word)
    return terms


def parse(text: str) -> Range:
    """Parse a range: terms in the syntax of the module docstring (PokerStove's, or else
    ProPokerTools' generic patterns), separated by commas or spaces, each with an optional
    weight; a combo mentioned more than once keeps the weight of its last mention.

    Parameters
    ----------
    text:
        The range, such as ``"QQ+, AKs, A5s-A2s, KTo+, AsKd:0.5"`` or ``"random"``.

    Returns
    -------
    Range
        The combos and their weights, in canonical order, with ``text`` as its ``source``.

    Raises
    ------
    RangeError
        For the first bad term (the message names it and its position), or for empty text.

    >>> import analyzer as pa
    >>> r = pa.ranges.parse("QQ+, AKs, AsKd:0.5")
    >>> r
    Range('QQ+, AKs, AsKd:0.5', 23 combos)
    >>> len(r), r.weighted_count
    (23, 22.5)
    >>> pa.ranges.parse("AKs, QQ+").canonical()
    'QQ+, AKs'
    >>> len(pa.ranges.parse("JJ- A5s-")), len(pa.ranges.parse("Ax")), len(pa.ranges.parse("10%"))
    (76, 192, 136)
    >>> pa.ranges.parse("AxKx, RR, A*!AA:0.5")
    Range('22+, A2+:0.5', 270 combos)
    """
    if not isinstance(text, str):
        raise RangeError(f"a range is text such as 'QQ+, AKs', got {text!r}", str(text), 1)
    if not text.strip():
        raise RangeError("empty range: expected comma-separated terms such as 'QQ+, AKs, A5s-A2s'", text, 1)
    weights = np.zeros(COMBO_COUNT)
    for position, term in enumerate(_terms(text), start=1):
        indices, weight = _parse_term(term, position)
        weights[indices] = weight  # a later mention overwrites an earlier one
    present = np.flatnonzero(weights)
    return Range(_ALL_COMBOS[present], weights[present], text)


parse_range = parse
"""Another name of :func:`parse`, the one the package's own modules import."""


# ---------------------------------------------------------------- canonical text


def _weighted(text: str, weight: float) -> str:
    """A term with ``:weight`` appended (shortest exact float text) unless the weight is 1."""
    return text if weight == 1 else f"{text}:{float(weight)!r}"


def _runs(weights: dict[int, float], top: int) -> list[tuple[int, int, float]]:
    """Maximal runs (high, low, weight) of consecutive ranks from ``top`` down sharing one weight."""
    runs: list[list] = []
    for rank in range(top, -1, -1):
        if rank not in weights:
            continue
        if runs and runs[-1][1] == rank + 1 and runs[-1][2] == weights[rank]:
            runs[-1][1] = rank
        else:
            runs.append([rank, rank, weights[rank]])
    return [(high, low, weight) for high, low, weight in runs]


def _run_terms(weights: dict[int, float], top: int, name: Callable[[int], str]) -> list[str]:
    """One term per run: ``name(r)`` for a single rank, ``name(low)+`` for a run starting at
    ``top``, else ``name(high)-name(low)``."""
    terms = []
    for high, low, weight in _runs(weights, top):
        text = name(high) if high == low else f"{name(low)}+" if high == top else f"{name(high)}-{name(low)}"
        terms.append(_weighted(text, weight))
    return terms


def _kicker_terms(whole: dict[Key, float], top: int, suffix: str) -> list[str]:
    """Kicker runs under one top card: ``KTo+`` up to one below the top, else ``A5s-A2s``."""
    kickers = {lo: w for (hi, lo, s), w in whole.items() if hi == top and lo < hi and s == suffix}
    return _run_terms(kickers, top - 1, lambda kicker: _name(top, kicker, suffix))


def _merge_suits(whole: dict[Key, float]) -> dict[Key, float]:
    """Complete classes with the s and o versions of one weight merged into one suffix-less key."""
    merged = {}
    for (hi, lo, kind), weight in whole.items():
        twin = (hi, lo, "o" if kind == "s" else "s")
        merged[(hi, lo, "" if kind and whole.get(twin) == weight else kind)] = weight
    return merged


def _compact(whole: dict[Key, float]) -> list[str]:
    """Terms for the complete classes: ``random`` when all 169 share one weight, else pair runs,
    then suffix-less, suited and offsuit kicker runs, each by top card from A down."""
    weights = set(whole.values())
    if len(whole) == len(_KEYS) and len(weights) == 1:
        return [_weighted("random", weights.pop())]
    merged = _merge_suits(whole)
    pairs = {hi: w for (hi, lo, _), w in merged.items() if hi == lo}
    terms = _run_terms(pairs, 12, lambda rank: RANKS[rank] * 2)
    for suffix in ("", "s", "o"):
        for top in range(12, 0, -1):
            terms += _kicker_terms(merged, top, suffix)
    return terms


# ---------------------------------------------------------------- the range


@dataclass(frozen=True)
class Range:
    """A weighted set of two-card combos, as made by :func:`parse`.

    ``combos``: (m, 2) ``uint8``, higher code first, in canonical order; ``weights``: (m,) float64
    in (0, 1]; ``source``: the input text. Both arrays are read-only copies. Ranges are equal when
    their combos and weights are (the source text is not compared).
    """

    combos: np.ndarray
    weights: np.ndarray
    source: str

    def __post_init__(self) -> None:
        for name, dtype in (("combos", np.uint8), ("weights", np.float64)):
            array = np.array(getattr(self, name), dtype=dtype)
            array.setflags(write=False)
            object.__setattr__(self, name, array)

    def __len__(self) -> int:
        return len(self.combos)

    @functools.cached_property
    def card_masks(self) -> tuple[int, ...]:
        """Each combo's cards as a bit mask (bit ``c`` for card code ``c``), Python ints in combo
        order: for tests of which combos fit together."""
        return tuple((1 << a) | (1 << b) for a, b in self.combos.tolist())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return np.array_equal(self.combos, other.combos) and np.array_equal(self.weights, other.weights)

    def __hash__(self) -> int:
        return hash((self.combos.tobytes(), self.weights.tobytes()))

    def __repr__(self) -> str:
        return f"Range({self.canonical()!r}, {len(self)} combos)"

    @property
    def weighted_count(self) -> float:
        """The sum of the weights."""
        return float(self.weights.sum())

    @property
    def is_uniform(self) -> bool:
        """True when every weight is 1."""
        return bool((self.weights == 1).all())

    def by_class(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """The combos and weights of each class present, classes in chart order."""
        ids = _COMBO_CLASS[_COMBO_INDEX[self.combos[:, 0], self.combos[:, 1]]]
        present = np.flatnonzero(np.bincount(ids, minlength=len(HAND_CLASSES)))  # np.unique would import numpy.ma
        return {HAND_CLASSES[i]: (self.combos[ids == i], self.weights[ids == i]) for i in present}

    @property
    def share(self) -> float:
        """The weighted combos as a share of all 1,326."""
        return self.weighted_count / COMBO_COUNT

    def grid(self) -> np.ndarray:
        """The 13 x 13 hand chart (:func:`class_grid_position`: A first, suited classes above the
        diagonal): each class's weighted combos in the range over its combos, 0 to 1.

        >>> parse("AKs, QQ:0.5").grid()[:3, :3]
        array([[0. , 1. , 0. ],
               [0. , 0. , 0. ],
               [0. , 0. , 0.5]])
        """
        grid = np.zeros((13, 13))
        for name, (_, weights) in self.by_class().items():
            grid[class_grid_position(name)] = weights.sum() / len(class_combos(name))
        return grid

    def canonical(self) -> str:
        """Compact canonical text: complete classes of one weight as compacted class terms
        (``QQ+``, ``55-22``, ``KTo+``, ``A5s-A2s``, ``AK``, ``KT+``), then the combos of partial
        classes one by one, each with ``:weight`` unless it is 1, joined by ", ". Written once
        per range (ranges are immutable; the compaction costs about 0.5 ms)."""
        return self._canonical_text

    @functools.cached_property
    def _canonical_text(self) -> str:
        """:meth:`canonical`'s text, kept on the range."""
        whole: dict[Key, float] = {}
        loose: list[str] = []
        for name, (combos, weights) in self.by_class().items():
            if len(combos) == len(class_combos(name)) and (weights == weights[0]).all():
                whole[_KEYS[_CLASS_INDEX[name]]] = float(weights[0])
            else:
                loose += [_weighted(format_combo(c), w) for c, w in zip(combos, weights)]
        return ", ".join(_compact(whole) + loose)

    def without(self, cards: CardsInput) -> Range:
        """The combos holding none of ``cards`` (dead or board cards, as codes or text).

        Raises :class:`EmptyRangeError` when no combo is left.
        """
        dead = parse_cards(cards)
        blocked = np.zeros(DECK_SIZE + 1, bool)  # by card code, the joker's too
        blocked[dead] = True
        keep = ~(blocked[self.combos[:, 0]] | blocked[self.combos[:, 1]])
        if not keep.any():
            raise EmptyRangeError(f"range {self.source!r} has no combos left without {format_cards(dead)}")
        return Range(self.combos[keep], self.weights[keep], self.source)

    def __or__(self, other: object) -> Range:
        """Every combo of either range, at the larger of its weights."""
        if not isinstance(other, Range):
            return NotImplemented
        return _from_weights(np.maximum(self._dense(), other._dense()), f"{self!r} | {other!r}")

    def __and__(self, other: object) -> Range:
        """The combos of both ranges, at the smaller of their weights."""
        if not isinstance(other, Range):
            return NotImplemented
        return _from_weights(np.minimum(self._dense(), other._dense()), f"{self!r} & {other!r}")

    def __sub__(self, other: object) -> Range:
        """The combos of this range that ``other`` does not hold (whatever its weight there), at
        this range's weights: the ``!`` of the range syntax.

        >>> len(parse("TT+") - parse("AA")), parse("AKs, QQ") | parse("AKs:0.5, JJ")
        (24, Range('QQ-JJ, AKs', 16 combos))
        """
        if not isinstance(other, Range):
            return NotImplemented
        return _from_weights(np.where(other._dense() > 0, 0.0, self._dense()), f"{self!r} - {other!r}")

    def _dense(self) -> np.ndarray:
        """The weights of all 1,326 combos in canonical order, 0 for those not in the range."""
        weights = np.zeros(COMBO_COUNT)
        weights[_COMBO_INDEX[self.combos[:, 0], self.combos[:, 1]]] = self.weights
        return weights

    def to_frame(self) -> pd.DataFrame:
        """One row per combo in canonical order: ``combo`` (``"AsKd"``), its ``class`` (``"AKo"``)
        and its ``weight``.

        >>> parse("AKs:0.5, QQ").to_frame().head(3)
          combo class  weight
        0  QsQh    QQ     1.0
        1  QsQd    QQ     1.0
        2  QsQc    QQ     1.0
        """
        import pandas as pd  # here, not at the top: queries print without pandas

        ids = _COMBO_CLASS[_COMBO_INDEX[self.combos[:, 0], self.combos[:, 1]]]
        return pd.DataFrame(
            {
                "combo": [format_combo(c) for c in self.combos],
                "class": [HAND_CLASSES[i] for i in ids],
                "weight": self.weights.tolist(),
            }
        )

    def to_dict(self) -> dict:
        """JSON-friendly summary: source, canonical text, counts, the share of all combos, the
        13 x 13 :meth:`grid` (rows of it), combos (``"AsKd"``) and weights."""
        return {
            "source": self.source,
            "canonical": self.canonical(),
            "combo_count": len(self),
            "weighted_count": self.weighted_count,
            "share": self.share,
            "grid": self.grid().tolist(),
            "combos": [format_combo(c) for c in self.combos],
            "weights": self.weights.tolist(),
        }


def _from_weights(weights: np.ndarray, made: str) -> Range:
    """The range of the combos with a positive weight in ``weights`` (all 1,326 in canonical
    order), its source its canonical text; :class:`EmptyRangeError` naming ``made`` (how the
    range was made) when none has."""
    present = np.flatnonzero(weights)
    if not len(present):
        raise EmptyRangeError(f"{made} holds no combo")
    combos, kept = _ALL_COMBOS[present], weights[present]
    return Range(combos, kept, Range(combos, kept, "").canonical())


__all__ = [
    "COMBO_COUNT",
    "HAND_CLASSES",
    "EmptyRangeError",
    "Range",
    "RangeError",
    "class_at",
    "class_combos",
    "class_grid_position",
    "format_combo",
    "hand_class",
    "parse",
    "parse_range",
    "preflop_ranking",
]
