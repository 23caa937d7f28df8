"""Pai Gow Poker: the exact edge of optimal play over all 8,250,459,031,214,400 deals. On every
hand the player takes the split with the best exact EV against the House-Way dealer, who
banks (copies to him); the counts come from :mod:`.optimal_count` per class of hands (each
class set once by the House Way, no table of every hand), and the same run counts the House
Way's own split, so the House Way against House Way figures of
:func:`.exact_edge.exact_house_edge` come out beside them (a check on both).

The best split depends on the commission (it weighs wins against losses), so the result is
for one commission. The run is in parts; every minute or so the sums so far are saved in the
cache folder, so an interrupted run resumes from the last save, saying so on the ``analyzer``
logger (``resuming: N of M parts done``).

It needs about 2.4 GB on 2 threads (:data:`PEAK_BASE` and :data:`PEAK_PER_THREAD` a thread),
checked before anything is built: with less, it runs on fewer threads, or is refused in one
line (:func:`fitting_threads`, :func:`analyzer.sim.memory.require`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import shutil
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import numba
import numpy as np

from analyzer.games.paigow import optimal_count
from analyzer.games.paigow.exact_count import shared_sets
from analyzer.games.paigow.exact_edge import CARDS, DEALS, JOKER, RANKS, task_bounds
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.settings_table import FULL_DECK, default_cache, full_scales, numba_threads, table_stamp
from analyzer.sim import memory
from analyzer.sim.engine import clock_start
from analyzer.sim.facts import RunFacts
from analyzer.sim.runner import Runner
from analyzer.text import plural

if TYPE_CHECKING:
    import pandas as pd

logger = logging.getLogger(__name__)
PARTS = 64  # progress steps of about equal work
PEAK_PER_THREAD = 490_000_000  # one Numba thread's sums: 60,652,979 kept splits x 2 uint32
PEAK_BASE = 1_450_000_000  # the rest of the peak (hand classes, kept splits, the interpreter): 2.2-2.4 GB on 2 threads
SAVE_EVERY = 60.0  # seconds between saves of the sums
SUMS_FORMAT = "v2"  # what a save holds: the folded sums modulo 2^32 of every kept split
DEALER_HANDS = math.comb(CARDS - 7, 7)


@dataclass(frozen=True)
class OptimalEdgeResult:
    """The exact results of the best split on every hand, and of the House Way's split, against
    a House-Way dealer who banks.

    Attributes
    ----------
    way:
        The dealer's House Way (and the player's, in the ``house_way_*`` counts).
    commission:
        The commission on the player's wins, by which the best split was chosen.
    optimal, house_way:
        (player wins, pushes, player losses) over every deal, playing the best split or the
        House Way's.
    improved_hands:
        Of the 154,143,080 hands, how many have a split of strictly better EV than the House
        Way's.
    classes:
        How many classes of hands under suit permutations there are (one best split each).
    run:
        The enumeration's facts (its cases are deals).
    """

    way: str
    commission: float
    optimal: tuple[int, int, int]
    house_way: tuple[int, int, int]
    improved_hands: int
    classes: int
    run: RunFacts

    def ev_fraction(self, counts: tuple[int, int, int]) -> Fraction:
        """The exact EV per unit bet of ``counts``: ``((1 - c) wins - losses) / deals``."""
        wins, _, losses = counts
        return (PaiGowRules(commission=self.commission).payout * wins - losses) / DEALS

    @property
    def ev(self) -> float:
        """The player's EV per unit bet with the best split on every hand."""
        return float(self.ev_fraction(self.optimal))

    @property
    def house_way_ev(self) -> float:
        """The player's EV per unit bet with the House Way's split."""
        return float(self.ev_fraction(self.house_way))

    @property
    def gain(self) -> float:
        """What the best split gains over the House Way per unit bet."""
        return float(self.ev_fraction(self.optimal) - self.ev_fraction(self.house_way))

    def rows(self) -> list[dict]:
        """One row per strategy (``house way``, ``optimal``): counts, shares, the EV (also as an
        exact fraction) and the house edge."""
        rows = []
        for strategy, counts in (("house way", self.house_way), ("optimal", self.optimal)):
            wins, pushes, losses = counts
            ev = self.ev_fraction(counts)
            rows.append(
                {
                    "way": self.way,
                    "strategy": strategy,
                    "deals": DEALS,
                    "player_wins": wins,
                    "pushes": pushes,
                    "player_losses": losses,
                    "win": wins / DEALS,
                    "push": pushes / DEALS,
                    "loss": losses / DEALS,
                    "ev": float(ev),
                    "ev_fraction": str(ev),
                    "house_edge": -float(ev),
                }
            )
        return rows

    def to_frame(self) -> pd.DataFrame:
        """:meth:`rows` as a table."""
        import pandas as pd  # here, not at the top: the command line prints without pandas

        return pd.DataFrame(self.rows())

    def to_dict(self) -> dict:
        """The rows, the gain, the improved hands and the run."""
        return {
            "way": self.way,
            "commission": self.commission,
            "rows": self.rows(),
            "gain": self.gain,
            "improved_hands": self.improved_hands,
            "classes": self.classes,
            **self.run.to_dict(),
        }

    def __repr__(self) -> str:
        return "\n".join(
            [
                f"OptimalEdgeResult: the best split on every hand against a House-Way dealer ({self.way}); "
                f"exact, {DEALS:,} deals",
                f"  optimal    EV {100 * self.ev:+.5f}% per unit bet",
                f"  House Way  EV {100 * self.house_way_ev:+.5f}% per unit bet",
                f"  gain {100 * self.gain:.5f}%; {self.improved_hands:,} of {math.comb(CARDS, 7):,} hands "
                "have a better split than the House Way's",
            ]
        )


SUMS_MANIFEST = "parts.json"
"""The file that commits a save of the sums (:func:`_save_sums`)."""


def _digest(sums: np.ndarray) -> str:
    """The SHA-256 of an array's dtype, shape and bytes (read in place, not copied)."""
    digest = hashlib.sha256(f"{sums.dtype.str}{sums.shape}".encode())
    digest.update(np.ascontiguousarray(sums).data.cast("B"))
    return digest.hexdigest()


def _saved_sums(folder: Path, into: np.ndarray) -> int:
    """How many parts the sums saved in ``folder`` hold, read into ``into`` (in place: no second
    copy is held) if they fit its shape and type, else 0 (``into`` then zeroed). Sums whose file
    does not match the checksum the manifest recorded for them are damaged: said in one line,
    set aside (renamed ``*.damaged``) and not used; the run starts over."""
    manifest = folder / SUMS_MANIFEST
    try:
        saved = json.loads(manifest.read_text())
        done, name, checksum = saved["parts"], saved["file"], saved["sha256"]
    except FileNotFoundError:
        return 0
    except (OSError, ValueError, KeyError, TypeError) as error:
        return _damaged(manifest, f"unreadable: {type(error).__name__}", into)
    path = folder / str(name)
    try:
        with open(path, "rb") as file:
            version = np.lib.format.read_magic(file)
            if version == (1, 0):
                shape, fortran, dtype = np.lib.format.read_array_header_1_0(file)
            else:
                shape, fortran, dtype = np.lib.format.read_array_header_2_0(file)
            if shape != into.shape or fortran or dtype != into.dtype:
                return 0
            if file.readinto(into.data.cast("B")) != into.nbytes:
                return _damaged(path, "cut short", into)
    except (OSError, ValueError) as error:
        return _damaged(path, f"unreadable: {type(error).__name__}", into)
    if _digest(into) != checksum:
        return _damaged(path, "bad checksum", into)
    return int(done)


def _damaged(path: Path, reason: str, into: np.ndarray) -> int:
    """Set the damaged ``path`` aside and say so; nothing is resumed (``into`` zeroed)."""
    into[...] = 0
    aside = path.with_name(path.name + ".damaged")
    os.replace(path, aside)
    logger.warning(f"saved sums {path} are damaged ({reason}): set aside as {aside.name}, starting over")
    return 0


def _save_sums(folder: Path, sums: np.ndarray, parts: int) -> None:
    """Save the threads' ``sums`` and the parts they hold: folded into the first thread's
    (:func:`.optimal_count.fold`, in place), which is written to a file of its own
    (``sums-<parts>.npy``, whole, then renamed), then the manifest naming it with its checksum
    (:data:`SUMS_MANIFEST`, likewise), which commits the save: a kill at any point leaves the
    last committed save whole. Older arrays are removed afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    total = optimal_count.fold(sums)
    name = f"sums-{parts}.npy"
    with open(folder / f"{name}.tmp", "wb") as file:
        np.save(file, total)
    os.replace(folder / f"{name}.tmp", folder / name)
    manifest = {"parts": parts, "file": name, "sha256": _digest(total)}
    (folder / f"{SUMS_MANIFEST}.tmp").write_text(json.dumps(manifest))
    os.replace(folder / f"{SUMS_MANIFEST}.tmp", folder / SUMS_MANIFEST)
    for older in folder.glob("sums*.npy"):
        if older.name != name:
            older.unlink(missing_ok=True)


def optimal_house_edge(
    *,
    way: str = "foxwoods",
    commission: float = 0.05,
    cache: Path | None = None,
    runner: Runner = Runner(),
) -> OptimalEdgeResult:
    """The exact player's EV over every deal when he takes the best split of every hand by exact
    EV against a House-Way dealer who banks, and when he takes the House Way's (module docstring).

    Parameters
    ----------
    way:
        The dealer's House Way: ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    commission:
        The commission on the player's wins, in [0, 1): it decides which split is best.
    cache:
        The folder of the run's saved sums and of the value scales (default: the user's cache
        folder).
    runner:
        Its threads are Numba's for the whole run (a scheduler is not used); its progress sink is
        called with (parts done, parts) as the parts run (:class:`~analyzer.sim.runner.Runner`).

    Returns
    -------
    OptimalEdgeResult
        Exact integer counts for both strategies, the gain and the hands it comes from.
    """
    number = way_number(way)
    payout = PaiGowRules(commission=commission).payout  # a ValueError for a commission out of [0, 1)
    threads = fitting_threads(runner.threads)
    folder = cache or default_cache()
    start = clock_start()
    fronts, backs = full_scales(folder)
    sets = shared_sets(RANKS, JOKER)
    bounds = task_bounds(sets[1], PARTS)
    saved = folder / f"optimal-edge-{way}-{table_stamp()}-{SUMS_FORMAT}"
    with numba_threads(threads):
        splits = optimal_count.class_splits(FULL_DECK, RANKS, JOKER, number, fronts, backs)
        sums = optimal_count.new_sums(splits)
        done = _saved_sums(saved, sums[0])
        if done:
            logger.info(f"resuming: {done:,} of {plural(len(bounds), 'part')} done (saved sums in {saved})")
        last_save = time.perf_counter()
        for part in range(done, len(bounds)):
            first, last = bounds[part]
            optimal_count.add_terms(CARDS, len(fronts), len(backs), splits, sets, first, last, sums)
            if time.perf_counter() - last_save > SAVE_EVERY and part + 1 < len(bounds):
                _save_sums(saved, sums, part + 1)
                last_save = time.perf_counter()
            runner.report(part + 1, len(bounds))
    totals = optimal_count.totals(splits, sums, payout)
    result = OptimalEdgeResult(
        way=way,
        commission=commission,
        optimal=_with_pushes((totals.best_wins, totals.best_losses)),
        house_way=_with_pushes((totals.house_wins, totals.house_losses)),
        improved_hands=totals.improved_hands,
        classes=len(splits.orbit),
        run=RunFacts.enumerated(DEALS, since=start),
    )
    shutil.rmtree(saved, ignore_errors=True)
    return result


def fitting_threads(threads: int | None) -> int:
    """The Numba threads of a run asked for ``threads`` (None: every core): as many, or fewer when
    the memory of their sums would not fit (a notice on the ``analyzer`` logger says so; the
    counts do not depend on it), else a MemoryError (:func:`analyzer.sim.memory.require`)."""
    asked = min(threads or numba.config.NUMBA_NUM_THREADS, numba.config.NUMBA_NUM_THREADS)
    room, _ = memory.available()
    fit = next((n for n in range(asked, 1, -1) if PEAK_BASE + n * PEAK_PER_THREAD <= room), 1)
    memory.require(PEAK_BASE + fit * PEAK_PER_THREAD, f"the optimal-split edge on {plural(fit, 'thread')}")
    if fit < asked:
        logger.info("the optimal-split edge runs on %s to fit in memory", plural(fit, "thread"))
    return fit


def _with_pushes(totals: tuple[int, int]) -> tuple[int, int, int]:
    wins, losses = totals
    return wins, DEALS - wins - losses, losses


__all__ = ["OptimalEdgeResult", "optimal_house_edge"]
