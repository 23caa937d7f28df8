"""The additive hand key and the lookup tables behind it, shipped as data.

Hand key (``uint64``), built with one ``+`` per card from :data:`CARD_KEY`:

* bits 0-15: four 4-bit suit counters preset to 3, so five cards of one suit
  set that counter's bit 3 (test ``key & FLUSH_BITS``). The joker adds one to
  every counter: four suited cards and the joker also set the bit.
* bits 16-31: the *low field*, ranks 2-8, each adding a multiplier from
  :data:`MULTIPLIERS`.
* bits 32-49: the *high field*, ranks 9-A and the joker (the 7th symbol), plus
  :data:`HIGH_STRIDE` per card: ``(key >> 32) - HI_BASE`` is the high field's index in the
  block of ``HI`` for the key's number of cards (blocks of ``HIGH_STRIDE`` entries, from 5
  cards).

The multipliers are the greedy smallest sequence that keeps every multiset of
at most 7 cards (at most 4 of a rank, 1 joker) distinct within its field, so
``LO[low field]`` numbers the low multisets of each size densely and
``HI[count block + high field]`` gives the start of the block of low multisets
that complete that high multiset to ``count`` cards: ``VAL[HI[..] + LO[..]]`` is
a perfect, gap-free hash of all 5-, 6- and 7-card rank multisets.

The card mask (``uint64``, :data:`CARD_MASK`) has a 16-bit lane per suit
(bit = rank); the joker sets bit 13 of every lane. A flush hand is valued by
``FLUSH[lane]`` (14 bits): with at most 7 cards a flush excludes quads and a
full house, except with the joker, where the kernel also takes the rank value.
Joker substitutions are baked into the tables when they are built.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import NamedTuple

import numpy as np

from analyzer.eval.profiles import Rules

MULTIPLIERS = np.array([1, 5, 24, 112, 521, 2247, 9244], dtype=np.int64)
LOW_RANKS = 7  # ranks 2..8 live in the low field, 9..A and the joker in the high field
HIGH_SYMBOLS = 7  # 6 ranks + joker
JOKER_SYMBOL = 6
MAX_CARDS = 7
MIN_CARDS = 5
LOW_SHIFT = np.uint64(16)
HIGH_SHIFT = np.uint64(32)
LOW_MASK = np.uint64(0xFFFF)
HIGH_STRIDE = 19456
"""What a card adds to the key's high word beside its rank: the length of each card count's
block of ``HI``. The high fields of at most 7 cards reach 19,274 (the joker, four aces, two
kings); the 128 entries after them hold the batch evaluator's folded flushes
(:mod:`analyzer.eval.row_blocks`); rounded up to a multiple of 64. (A power of two, as before
version 2, left 40% of ``HI`` empty: 160 KB in every kernel that carries the tables.)"""
ONE_CARD = np.uint64(HIGH_STRIDE << 32)
"""What each card adds to the key's high word for its count."""
HI_BASE = np.uint64(MIN_CARDS * HIGH_STRIDE)  # subtracted from key >> 32: HI starts at 5 cards
EMPTY_KEY = np.uint64(0x3333)
FLUSH_BITS = np.uint64(0x8888)
LANE_MASK = np.uint64(0x3FFF)
JOKER_LANE_BIT = 1 << 13


def _card_constants() -> tuple[np.ndarray, np.ndarray]:
    key = np.zeros(53, dtype=np.uint64)
    mask = np.zeros(53, dtype=np.uint64)
    for card in range(52):
        rank, suit = card >> 2, card & 3
        field = (int(MULTIPLIERS[rank]) << 16) if rank < LOW_RANKS else (int(MULTIPLIERS[rank - LOW_RANKS]) << 32)
        key[card] = field + (1 << (4 * suit)) + int(ONE_CARD)
        mask[card] = 1 << (16 * suit + rank)
    key[52] = (int(MULTIPLIERS[JOKER_SYMBOL]) << 32) + 0x1111 + int(ONE_CARD)
    mask[52] = sum(JOKER_LANE_BIT << (16 * s) for s in range(4))
    return key, mask


CARD_KEY, CARD_MASK = _card_constants()


class EvalTables(NamedTuple):
    """Lookup tables of one rule profile (see the module docstring)."""

    lo: np.ndarray  # uint16, indexed by the low field
    hi: np.ndarray  # int32, indexed by (key >> 32) - HI_BASE
    val: np.ndarray  # int32 hand values
    flush: np.ndarray  # int32, indexed by a suit lane (13 rank bits + joker bit)


TABLES_VERSION = 2
"""Stamp of the tables data file: raised whenever the key layout or the ranking rules change
what the tables hold (the file is then rebuilt by :mod:`analyzer.eval.build_tables`)."""
TABLES_FILE = Path(str(resources.files("analyzer.eval") / "tables.npz"))
"""The shipped data file holding every shape's tables."""
SHAPES = ((False, False), (True, False), (True, True))
"""The distinct table shapes, ``(wheel_second, joker_flush_ace)``: the tables depend on nothing
else (the joker is in the tables of every shape), so the standard and Bug profiles share one."""


def shape_name(shape: tuple[bool, bool]) -> str:
    """The name of a table shape in the data file: ``standard``, ``wheel-second`` or
    ``wheel-second-double-ace``."""
    wheel_second, joker_flush_ace = shape
    return "-".join(["wheel-second"] * wheel_second + ["double-ace"] * joker_flush_ace) or "standard"


_CACHE: dict[tuple[bool, bool], EvalTables] = {}


def load_tables(rules: Rules) -> EvalTables:
    """The lookup tables of a profile, read from the shipped data file (once per shape and
    process, reading only that shape's arrays; the arrays are read-only).

    Raises RuntimeError when the file is missing, unreadable or of another
    :data:`TABLES_VERSION`."""
    shape = (rules.wheel_second, rules.joker_flush_ace)
    if shape not in _CACHE:
        name = shape_name(shape)
        try:
            with np.load(TABLES_FILE, allow_pickle=False) as archive:
                version = int(archive["version"])
                if version != TABLES_VERSION:
                    raise ValueError(f"they are version {version}, this code reads version {TABLES_VERSION}")
                tables = EvalTables(archive["lo"], archive["hi"], archive[f"val/{name}"], archive[f"flush/{name}"])
        except (OSError, KeyError, ValueError) as error:
            raise RuntimeError(
                f"cannot read the evaluator's tables {TABLES_FILE}: {error}; reinstall the package "
                "or rebuild them with python -m analyzer.eval.build_tables"
            ) from None
        for array in tables:
            array.flags.writeable = False
        _CACHE[shape] = tables
    return _CACHE[shape]
