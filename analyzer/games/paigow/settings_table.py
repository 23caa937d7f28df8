"""Pai Gow Poker: every 7-card hand of a deck set once by the House Way, as a table on disk
(the House Way's exact edge, :mod:`.exact_edge`, counts from it).

The table holds, for each 7-card hand of a deck of ``n`` cards, the House Way setting's
value indices packed as one ``uint32`` key ``back index << 8 | front index``; the hand is
found at its combinatorial (colex) rank ``sum_i C(p_i, i + 1)`` over its card positions
``p_0 < ... < p_6`` in the deck. An index is the rank of a value among every two-card
(front) or five-card (back) value the deck can make, so comparing indices compares hands
(rules §5.2) and keys sort by back, then front.

The full deck (the 52 cards and the joker, positions = card codes) has C(53, 7) =
154,143,080 hands: 616 MB (588 MiB), built by a parallel kernel in about
:data:`BUILD_SECONDS` on 2 cores (minutes on a busy machine), and cached as
``paigow-settings-<way>-<stamp>.npy`` in the user's cache folder. The stamp is a format version
and a hash of the sources that define the House Way, so a changed way never reuses a stale file;
a loaded file is also checked against the House Way on random hands before use. A build says
on the ``analyzer`` logger (level INFO) where it writes, how much and, once written, how long
it took.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import time
from contextlib import contextmanager
from pathlib import Path

import numba
import numpy as np
from numba import prange

from analyzer.eval import two_card
from analyzer.eval.two_card import two_card_value
from analyzer.games.paigow import policies
from analyzer.games.paigow.policies import _five_card_value, _house_way_values
from analyzer.jit import kernel
from analyzer.sim import memory
from analyzer.text import duration

FORMAT_VERSION = 1
FULL_DECK = np.arange(53, dtype=np.uint8)  # the 52 cards and the joker: position = code
FRONT_BITS = 8  # a key is back index << 8 | front index
BINOMIAL = np.array([[math.comb(n, k) for k in range(8)] for n in range(54)], np.int64)
TABLE_BYTES = math.comb(53, 7) * np.dtype(np.uint32).itemsize  # 616,572,320: a file holds this and a header
BUILD_SECONDS = 40
"""About how long the full deck's table takes to build and save on the 2-core machine this
project is developed on, as the build's notice says: 16.5 s with nothing else running and 33 to
54 s with other jobs sharing the machine on 2026-12-06 (docs/speed.md), 123 s on a machine
loaded by several."""

logger = logging.getLogger(__name__)


@kernel
def colex_rank(positions):
    """The colex rank ``sum_i C(p_i, i + 1)`` of 7 increasing card positions."""
    rank = 0
    for i in range(7):
        rank += BINOMIAL[positions[i], i + 1]
    return rank


@kernel
def _unrank(rank, positions):
    """Fill ``positions`` with the increasing positions (as many as it holds: the 7 of a hand,
    or the picks of a family's free cards) of colex rank ``rank``."""
    for i in range(positions.shape[0] - 1, -1, -1):
        p = i
        while BINOMIAL[p + 1, i + 1] <= rank:
            p += 1
        positions[i] = p
        rank -= BINOMIAL[p, i + 1]


@kernel(inline="always")
def _next_colex(positions):
    """Advance increasing positions (any number, none included) to the next combination in
    colex order."""
    free = positions.shape[0]
    i = 0
    while i < free - 1 and positions[i] + 1 == positions[i + 1]:
        i += 1
    if free:
        positions[i] += 1
        for t in range(i):
            positions[t] = t


@kernel
def _others(n_cards, shared):
    """The positions of the ``n_cards`` deck not in ``shared`` (increasing)."""
    others = np.zeros(n_cards - shared.shape[0], np.int64)
    m = 0
    j = 0
    for p in range(n_cards):
        if j < shared.shape[0] and shared[j] == p:
            j += 1
        else:
            others[m] = p
            m += 1
    return others


@kernel(inline="always")
def _member_rank(shared, others, picks, hand):
    """The colex rank of the 7-card hand of the positions ``shared`` and ``others[picks]``,
    merged into ``hand``."""
    size, free = shared.shape[0], picks.shape[0]
    a = 0
    b = 0
    for i in range(7):
        if b >= free or (a < size and shared[a] < others[picks[b]]):
            hand[i] = shared[a]
            a += 1
        else:
            hand[i] = others[picks[b]]
            b += 1
    return colex_rank(hand)


@kernel
def _setting_key(cards, way, fronts, backs):
    """The key ``back index << 8 | front index`` of the House Way setting of 7 ``cards``."""
    front, back = _house_way_values(cards, way)
    return np.searchsorted(backs, back) << FRONT_BITS | np.searchsorted(fronts, front)


@kernel(parallel=True)
def _fill(deck, way, fronts, backs, start, stop, blocks, table):
    """Set hands of colex ranks ``start`` to ``stop`` by the House Way into ``table``."""
    size = stop - start
    for block in prange(blocks):
        first = start + size * block // blocks
        last = start + size * (block + 1) // blocks
        if first >= last:
            continue
        positions = np.zeros(7, np.int64)
        cards = np.zeros(7, np.uint8)
        _unrank(first, positions)
        for rank in range(first, last):
            for i in range(7):
                cards[i] = deck[positions[i]]
            table[rank] = _setting_key(cards, way, fronts, backs)
            _next_colex(positions)


@kernel
def _keys_of(deck, way, fronts, backs, ranks):
    """The House Way keys of the hands of colex ranks ``ranks``."""
    keys = np.zeros(ranks.shape[0], np.int64)
    positions = np.zeros(7, np.int64)
    cards = np.zeros(7, np.uint8)
    for i in range(ranks.shape[0]):
        _unrank(ranks[i], positions)
        for j in range(7):
            cards[j] = deck[positions[j]]
        keys[i] = _setting_key(cards, way, fronts, backs)
    return keys


@kernel
def _all_values(deck):
    """Every two-card value and every five-card value of the cards of ``deck``."""
    n = deck.shape[0]
    fronts = np.zeros(n * (n - 1) // 2, np.int64)
    m = 0
    for a in range(n):
        for b in range(a + 1, n):
            fronts[m] = two_card_value(deck[a], deck[b])
            m += 1
    backs = np.zeros(BINOMIAL[n, 5], np.int64)
    seven = np.zeros(7, np.uint8)
    m = 0
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        seven[0], seven[1], seven[2], seven[3], seven[4] = deck[a], deck[b], deck[c], deck[d], deck[e]
                        backs[m] = _five_card_value(seven, 5, 6)
                        m += 1
    return fronts, backs


def value_scales(deck: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sorted distinct front (two-card) and back (five-card) values the cards of ``deck``
    make: a value's index in its array is the index the table stores."""
    fronts, backs = _all_values(np.asarray(deck, np.uint8))
    return np.unique(fronts), np.unique(backs)


def full_scales(cache: Path | None = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`value_scales` of the full deck, kept beside the tables as
    ``paigow-scales-<stamp>.npz`` (finding them takes a fifth of a second; loading, a
    millisecond)."""
    path = (cache or default_cache()) / f"paigow-scales-{table_stamp()}.npz"
    if path.exists():
        with np.load(path) as saved:
            return saved["fronts"], saved["backs"]
    fronts, backs = value_scales(FULL_DECK)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp.npz")
    np.savez(temporary, fronts=fronts, backs=backs)
    os.replace(temporary, path)
    return fronts, backs


@contextmanager
def numba_threads(threads: int | None):
    """Run Numba's parallel loops on ``threads`` threads (default: every core) inside the block."""
    before = numba.get_num_threads()
    numba.set_num_threads(min(threads or numba.config.NUMBA_NUM_THREADS, numba.config.NUMBA_NUM_THREADS))
    try:
        yield
    finally:
        numba.set_num_threads(before)


def build_table(
    deck: np.ndarray,
    way: int,
    progress=None,
    blocks: int = 64,
    threads: int | None = None,
    scales: tuple[np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """The setting table of every 7-card hand of ``deck`` (card codes, increasing) under the
    House Way number ``way``: read-only ``uint32`` keys ``back index << 8 | front index`` by
    colex rank.

    Parameters
    ----------
    deck:
        The deck's card codes in increasing order (position = index in this array).
    way:
        The kernels' House Way number (:data:`.policies.WAYS`).
    progress:
        Called with (blocks done, blocks) as the build goes.
    blocks:
        The rank range is built in this many parts (progress steps).
    threads:
        Numba threads for the build (default: every core).
    scales:
        The deck's :func:`value_scales`, when known.
    """
    deck = np.asarray(deck, np.uint8)
    hands = math.comb(len(deck), 7)
    memory.require(hands * np.dtype(np.uint32).itemsize, "the setting table")
    fronts, backs = scales or value_scales(deck)
    if len(fronts) >= 1 << FRONT_BITS:
        raise ValueError(f"{len(fronts)} front values do not fit {FRONT_BITS} bits")
    table = np.empty(hands, np.uint32)
    with numba_threads(threads):
        for part in range(blocks):
            start, stop = hands * part // blocks, hands * (part + 1) // blocks
            _fill(deck, way, fronts, backs, start, stop, 4 * numba.get_num_threads(), table)
            if progress is not None:
                progress(part + 1, blocks)
    table.flags.writeable = False  # as a loaded table is: the kernels see one array type
    return table


def table_stamp() -> str:
    """The format version and the first 12 hex digits of the SHA-256 of the sources that
    define the House Way's settings and the front values (a changed way changes it)."""
    digest = hashlib.sha256()
    for module in (policies, two_card):
        digest.update(Path(str(module.__file__)).read_bytes())
    return f"v{FORMAT_VERSION}-{digest.hexdigest()[:12]}"


def default_cache() -> Path:
    """The user's cache folder for the tables: ``$XDG_CACHE_HOME/poker-analyzer`` or
    ``~/.cache/poker-analyzer``."""
    root = os.environ.get("XDG_CACHE_HOME")
    return (Path(root) if root else Path.home() / ".cache") / "poker-analyzer"


def table_path(way: str, cache: Path | None = None) -> Path:
    """Where the full deck's table for the House Way ``way`` is cached: the way's name and
    :func:`table_stamp` in the file name."""
    return (cache or default_cache()) / f"paigow-settings-{way}-{table_stamp()}.npy"


def agrees(
    table: np.ndarray,
    deck: np.ndarray,
    way: int,
    hands: int = 2_000,
    seed: int = 0,
    scales: tuple[np.ndarray, np.ndarray] | None = None,
) -> bool:
    """Whether ``table`` holds the House Way setting of ``hands`` random hands of ``deck``
    (whose :func:`value_scales` are ``scales`` when given)."""
    deck = np.asarray(deck, np.uint8)
    fronts, backs = scales or value_scales(deck)
    ranks = np.random.default_rng(seed).integers(0, len(table), hands)
    return bool(np.array_equal(table[ranks], _keys_of(deck, way, fronts, backs, ranks)))


def cached_table(way: str, cache: Path | None = None) -> np.ndarray | None:
    """The full deck's setting table for the House Way ``way`` when a file of the current stamp
    is in the cache and agrees with the House Way on random hands (memory-mapped, read-only),
    else ``None``."""
    path = table_path(way, cache)
    if not path.exists():
        return None
    table = np.load(path, mmap_mode="r")
    if table.shape != (math.comb(53, 7),) or table.dtype != np.uint32:
        return None
    if not agrees(table, FULL_DECK, policies.WAYS[way], scales=full_scales(cache)):
        return None
    return np.asarray(table)


def full_table(way: str, cache: Path | None = None, progress=None, threads: int | None = None) -> np.ndarray:
    """The full deck's setting table for the House Way ``way``: :func:`cached_table` when there
    is one, else built and saved (written to a temporary name and renamed, so a kill leaves no
    half file).

    Parameters
    ----------
    way:
        ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    cache:
        The folder of the cached tables (default :func:`default_cache`).
    progress:
        Called with (blocks done, blocks) while the table is built.
    threads:
        Numba threads for a build (default: every core).
    """
    table = cached_table(way, cache)
    if table is not None:
        return table
    path = table_path(way, cache)
    began = time.perf_counter()
    logger.info(
        "building the House Way's setting table (%s) of all %s hands: %s MB to %s, about %d s on 2 cores",
        way,
        f"{math.comb(53, 7):,}",
        f"{TABLE_BYTES // 10**6:,}",
        path,
        BUILD_SECONDS,
    )
    table = build_table(FULL_DECK, policies.WAYS[way], progress, threads=threads, scales=full_scales(cache))
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp.npy")
    np.save(temporary, table)
    os.replace(temporary, path)
    logger.info(
        "wrote %s (%s MB) in %s", path, f"{path.stat().st_size // 10**6:,}", duration(time.perf_counter() - began)
    )
    return table


__all__ = [
    "BUILD_SECONDS",
    "FULL_DECK",
    "TABLE_BYTES",
    "build_table",
    "cached_table",
    "colex_rank",
    "default_cache",
    "full_scales",
    "full_table",
    "numba_threads",
    "table_path",
    "value_scales",
]
