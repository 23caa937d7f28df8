"""Every starting class against one random hand, exactly, in one pass over the boards.

A hand's heads-up equity against a random hand (rules §6.2) sums, over every five-card board
of the 50 cards it leaves and every opponent hand of the 45 cards left then, a win, a tie or a
loss. Enumerating that hand by hand costs C(50,5) x C(45,2) = 2.1 billion showdowns per class.
Here the loop is turned around: for each board, the 1,081 two-card holdings of the 47 other
cards are valued once and sorted, and every holding's wins and ties against the holdings that
share no card with it follow from counts by inclusion-exclusion over its two cards. With ``L``
the holdings valued below ``h = {a, b}`` and ``E`` those valued equal (``h`` among them),

    wins(h) = L - L_a - L_b,        ties(h) = E - E_a - E_b + 1,

where ``L_c`` and ``E_c`` count the ones holding card ``c``: the one holding with both cards is
``h`` itself, which is never below ``h`` and always equal. Each board is visited once per suit
class: a board stands for the boards that the 24 permutations of the suits map it to, and a
permutation maps each holding to one of the same starting class, so a class's totals on the
board's orbit are the orbit's size times its totals on the board. The 2,598,960 boards fall
into 134,459 classes; the whole table takes seconds.

The totals are integers: a class of ``m`` combos plays ``m x C(50,5) x C(45,2)`` showdowns, and
its equity is ``(wins + ties / 2)`` over that.
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from analyzer.cards import CARD_BIT, DECK_SIZE
from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.games.holdem.symmetry import suit_symmetries
from analyzer.jit import kernel
from analyzer.ranges import HAND_CLASSES, RANKING_FILE, RANKING_VERSION, class_combos, hand_class
from analyzer.sim.runner import Runner

BOARDS_PER_HAND = math.comb(50, 5)  # boards of the 50 cards a hand leaves
OPPONENTS_PER_BOARD = math.comb(45, 2)  # opponent hands of the 45 cards left then
HOLDINGS = math.comb(47, 2)  # two-card holdings of the 47 cards a board leaves
_INDEX_BITS = 11  # a holding's index (< 2,048) below its value in the sort key


def _pair_classes() -> np.ndarray:
    """(52, 52) index in :data:`~analyzer.ranges.HAND_CLASSES` of two different cards."""
    index = {name: i for i, name in enumerate(HAND_CLASSES)}
    table = np.full((DECK_SIZE, DECK_SIZE), -1, np.int64)
    for a in range(DECK_SIZE):
        for b in range(DECK_SIZE):
            if a != b:
                table[a, b] = index[hand_class(a, b)]
    return table


@kernel
def _orbit_size(cards, suit_maps, card_bits):
    """The number of boards in the suit class of ``cards`` if their mask is the smallest of the
    class (the board that stands for it), else 0."""
    mask = np.uint64(0)
    for c in cards:
        mask |= card_bits[c]
    fixed = 0
    for p in range(suit_maps.shape[0]):
        image = np.uint64(0)
        for c in cards:
            image |= card_bits[suit_maps[p, c]]
        if image < mask:
            return 0
        fixed += image == mask
    return suit_maps.shape[0] // fixed


@kernel
def _board_counts(cards, weight, pair_class, sort_keys, firsts, seconds, below, equal, wins, ties):
    """Add each holding's wins and ties on the board ``cards`` (``weight`` times) to its class.

    ``sort_keys``, ``firsts`` and ``seconds`` (one slot per holding) and ``below`` and ``equal``
    (one per card) are scratch space."""
    key = EMPTY_KEY
    mask = np.uint64(0)
    on_board = np.uint64(0)
    for c in cards:
        key += CARD_KEY[c]
        mask |= CARD_MASK[c]
        on_board |= np.uint64(1) << np.uint64(c)
    n = 0
    for a in range(52):
        if on_board >> np.uint64(a) & np.uint64(1):
            continue
        key_a = key + CARD_KEY[a]
        mask_a = mask | CARD_MASK[a]
        for b in range(a + 1, 52):
            if on_board >> np.uint64(b) & np.uint64(1):
                continue
            value = evaluate_key(key_a + CARD_KEY[b], mask_a | CARD_MASK[b])
            sort_keys[n] = (np.int64(value) << _INDEX_BITS) | n  # an int32 value: widened, as Numba does
            firsts[n] = a
            seconds[n] = b
            n += 1
    order = np.sort(sort_keys[:n])
    below[:] = 0
    equal[:] = 0
    done = 0  # holdings valued below the current group
    start = 0
    while start < n:
        value = order[start] >> _INDEX_BITS
        end = start
        while end < n and order[end] >> _INDEX_BITS == value:
            h = order[end] & ((1 << _INDEX_BITS) - 1)
            equal[firsts[h]] += 1
            equal[seconds[h]] += 1
            end += 1
        size = end - start
        for i in range(start, end):
            h = order[i] & ((1 << _INDEX_BITS) - 1)
            a, b = firsts[h], seconds[h]
            k = pair_class[a, b]
            wins[k] += weight * (done - below[a] - below[b])
            ties[k] += weight * (size - equal[a] - equal[b] + 1)
        for i in range(start, end):
            h = order[i] & ((1 << _INDEX_BITS) - 1)
            a, b = firsts[h], seconds[h]
            below[a] += equal[a]
            below[b] += equal[b]
            equal[a] = 0
            equal[b] = 0
        done += size
        start = end


@kernel
def _counts_from(lowest, suit_maps, card_bits, pair_class):
    """Per class: (wins, ties, boards visited) over the boards whose lowest card is ``lowest``."""
    classes = 169
    wins = np.zeros(classes, np.int64)
    ties = np.zeros(classes, np.int64)
    sort_keys = np.zeros(HOLDINGS, np.int64)
    firsts = np.zeros(HOLDINGS, np.int64)
    seconds = np.zeros(HOLDINGS, np.int64)
    below = np.zeros(52, np.int64)
    equal = np.zeros(52, np.int64)
    cards = np.zeros(5, np.int64)
    visited = 0
    cards[0] = lowest
    for b in range(lowest + 1, 49):
        cards[1] = b
        for c in range(b + 1, 50):
            cards[2] = c
            for d in range(c + 1, 51):
                cards[3] = d
                for e in range(d + 1, 52):
                    cards[4] = e
                    weight = _orbit_size(cards, suit_maps, card_bits)
                    if weight:
                        _board_counts(cards, weight, pair_class, sort_keys, firsts, seconds, below, equal, wins, ties)
                        visited += 1
    return wins, ties, visited


@dataclass(frozen=True)
class VersusRandom:
    """The 169 classes' exact showdown counts against one random hand, in
    :data:`~analyzer.ranges.HAND_CLASSES` order.

    ``wins`` and ``ties``: integer counts over ``showdowns`` (per class, ``combos x C(50,5) x
    C(45,2)``); ``boards``: the board classes enumerated."""

    wins: np.ndarray
    ties: np.ndarray
    showdowns: np.ndarray
    boards: int

    @property
    def equity(self) -> np.ndarray:
        """Each class's equity: ``(wins + ties / 2) / showdowns``."""
        return (self.wins + self.ties / 2) / self.showdowns


def versus_random(*, runner: Runner = Runner()) -> VersusRandom:
    """Exact heads-up showdown counts of each of the 169 classes against one random hand, every
    board and opponent enumerated (module docstring), in 48 tasks by the board's lowest card.

    Parameters
    ----------
    runner:
        Where the run executes (threads, a Dask scheduler; the counts do not depend on it) and its
        progress sink, called as ``progress(done, planned)`` (tasks) while the run goes
        (:class:`~analyzer.sim.runner.Runner`).
    """
    suit_maps = np.array(suit_symmetries(np.zeros(0, np.int64)))  # all 24: nothing is fixed
    pair_class = _pair_classes()
    tasks = [(lowest, suit_maps, CARD_BIT, pair_class) for lowest in range(48)]
    results = runner.tasks(_counts_from, tasks)
    combos = np.array([len(class_combos(name)) for name in HAND_CLASSES], np.int64)
    return VersusRandom(
        wins=np.sum([w for w, _, _ in results], axis=0),
        ties=np.sum([t for _, t, _ in results], axis=0),
        showdowns=combos * BOARDS_PER_HAND * OPPONENTS_PER_BOARD,
        boards=int(sum(v for _, _, v in results)),
    )


def ranking_data(counts: VersusRandom) -> dict:
    """The data file's content (:data:`~analyzer.ranges.RANKING_FILE`): the version stamp and each
    class's integer counts, in :data:`~analyzer.ranges.HAND_CLASSES` order."""
    return {
        "version": RANKING_VERSION,
        "about": "exact heads-up showdowns of each Hold'em starting class against one random hand; "
        "written by python -m analyzer.games.holdem.versus_random",
        "classes": list(HAND_CLASSES),
        "wins": counts.wins.tolist(),
        "ties": counts.ties.tolist(),
        "showdowns": counts.showdowns.tolist(),
    }


def main(argv: list[str] | None = None) -> None:
    """``python -m analyzer.games.holdem.versus_random [--out FILE]``: count every class against
    one random hand and write the data file that ranks the classes for percentage ranges."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--out", type=Path, default=RANKING_FILE, help="where to write (default: the shipped file)")
    out = parser.parse_args(argv).out
    out.write_text(json.dumps(ranking_data(versus_random()), indent=1) + "\n")
    print(f"wrote {out}")


__all__ = ["BOARDS_PER_HAND", "OPPONENTS_PER_BOARD", "VersusRandom", "main", "ranking_data", "versus_random"]


if __name__ == "__main__":
    main()
