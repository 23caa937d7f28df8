"""Builds the evaluator's lookup tables (:mod:`analyzer.eval.tables`) and writes the data file
the package ships, ``analyzer/eval/tables.npz``.

The tables never change for a given key layout and ranking, so they are computed once, here, by
running the ranking rules (:mod:`analyzer.eval.valuing`) over every rank multiset of 5 to 7
cards and every suit lane, and stored as data: no process compiles or runs a builder to
evaluate a hand. ``python -m analyzer.eval.build_tables`` rewrites the file (after a change to
the layout or the rules; bump :data:`~analyzer.eval.tables.TABLES_VERSION` with it), and the
test suite rebuilds the tables and checks the shipped file holds exactly them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from analyzer.eval.tables import (
    HIGH_STRIDE,
    HIGH_SYMBOLS,
    JOKER_SYMBOL,
    LOW_RANKS,
    MAX_CARDS,
    MIN_CARDS,
    MULTIPLIERS,
    SHAPES,
    TABLES_FILE,
    TABLES_VERSION,
    EvalTables,
    shape_name,
)
from analyzer.eval.valuing import flush_value, joker_rank_value, rank_value
from analyzer.files import write_atomically
from analyzer.jit import kernel


@kernel
def _field_multisets(symbols, max_count_last):
    """All count vectors over ``symbols`` symbols (at most 4 each, the last at most
    ``max_count_last``) with at most 7 cards, as (counts, size, field key) arrays."""
    total = 5**symbols
    counts = np.zeros((total, symbols), np.int64)
    sizes = np.zeros(total, np.int64)
    keys = np.zeros(total, np.int64)
    n = 0
    digits = np.zeros(symbols, np.int64)
    for _ in range(total):
        size, key = 0, 0
        for s in range(symbols):
            size += digits[s]
            key += digits[s] * MULTIPLIERS[s]
        if size <= MAX_CARDS and digits[symbols - 1] <= max_count_last:
            counts[n] = digits
            sizes[n] = size
            keys[n] = key
            n += 1
        s = 0
        while s < symbols:  # odometer step
            digits[s] += 1
            if digits[s] < 5:
                break
            digits[s] = 0
            s += 1
    return counts[:n], sizes[:n], keys[:n]


@kernel
def _build_rank_tables(wheel_second):
    low_counts, low_sizes, low_keys = _field_multisets(LOW_RANKS, 4)
    high_counts, high_sizes, high_keys = _field_multisets(HIGH_SYMBOLS, 1)
    lo = np.zeros(low_keys.max() + 1, np.uint16)
    per_size = np.zeros(MAX_CARDS + 1, np.int64)
    for i in range(low_keys.shape[0]):
        lo[low_keys[i]] = per_size[low_sizes[i]]
        per_size[low_sizes[i]] += 1
    if high_keys.max() >= HIGH_STRIDE:
        raise AssertionError("a high field reaches the next card count's block of HI")
    hi = np.full((MAX_CARDS - MIN_CARDS + 1) * HIGH_STRIDE, -1, np.int32)
    total = 0
    for cards in range(MIN_CARDS, MAX_CARDS + 1):
        for h in range(high_keys.shape[0]):
            if high_sizes[h] <= cards:
                total += per_size[cards - high_sizes[h]]
    val = np.zeros(total, np.int32)
    counts = np.zeros(13, np.int64)
    offset = 0
    for cards in range(MIN_CARDS, MAX_CARDS + 1):
        for h in range(high_keys.shape[0]):
            if high_sizes[h] > cards:
                continue
            hi[(cards - MIN_CARDS) * HIGH_STRIDE + high_keys[h]] = offset
            for l in range(low_keys.shape[0]):
                if low_sizes[l] != cards - high_sizes[h]:
                    continue
                counts[:LOW_RANKS] = low_counts[l]
                counts[LOW_RANKS:] = high_counts[h, :JOKER_SYMBOL]
                if high_counts[h, JOKER_SYMBOL]:
                    v = joker_rank_value(counts, wheel_second)
                else:
                    v = rank_value(counts, wheel_second)
                val[offset + lo[low_keys[l]]] = v
            offset += per_size[cards - high_sizes[h]]
    return lo, hi, val


@kernel
def _build_flush_table(wheel_second, joker_flush_ace):
    flush = np.zeros(1 << 14, np.int32)
    for lane in range(1 << 14):
        flush[lane] = flush_value(lane, wheel_second, joker_flush_ace)
    return flush


def build_tables(wheel_second: bool, joker_flush_ace: bool) -> EvalTables:
    """The lookup tables of one table shape, computed afresh (a few seconds, most of it compiling
    the builders on first use).

    Parameters
    ----------
    wheel_second:
        A-2-3-4-5 is the second-highest straight (Pai Gow) instead of the lowest.
    joker_flush_ace:
        In a flush the joker counts as an ace (the double-ace flush house rule).
    """
    lo, hi, val = _build_rank_tables(wheel_second)
    return EvalTables(lo, hi, val, _build_flush_table(wheel_second, joker_flush_ace))


def write_tables_file(path: Path | str = TABLES_FILE) -> Path:
    """Build every shape's tables and write them, with the version stamp, to ``path`` (a
    compressed ``.npz`` archive, written to a temporary file in the same folder and renamed into
    place); the path. The rank-multiset numbering ``lo`` and the block offsets ``hi`` do not
    depend on the shape and are stored once; ``val`` and ``flush`` once per shape."""
    path = Path(path)
    built = {shape_name(shape): build_tables(*shape) for shape in SHAPES}
    first = next(iter(built.values()))
    if any(not (np.array_equal(t.lo, first.lo) and np.array_equal(t.hi, first.hi)) for t in built.values()):
        raise AssertionError("the rank-multiset numbering differs between shapes")
    arrays = {"version": np.array(TABLES_VERSION, np.int64), "lo": first.lo, "hi": first.hi}
    for name, tables in built.items():
        arrays[f"val/{name}"] = tables.val
        arrays[f"flush/{name}"] = tables.flush
    return write_atomically(path, lambda staging: np.savez_compressed(staging, allow_pickle=False, **arrays))


def main(argv: list[str] | None = None) -> None:
    """``python -m analyzer.eval.build_tables [--out FILE]``: rebuild the tables data file."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--out", type=Path, default=TABLES_FILE, help="where to write (default: the shipped file)")
    print(f"wrote {write_tables_file(parser.parse_args(argv).out)}")


if __name__ == "__main__":
    main()
