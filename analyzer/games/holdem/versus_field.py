"""Every starting class against three random hands, by Monte Carlo precise enough to order them.

PokerStove and Equilab rank the 169 classes for their percentage ranges (``10%``) by each
class's equity in a four-handed showdown against three random hands (rules §6.2: best five of
seven, ties split the pot). Enumerating that exactly means C(50,5) boards times the ways to deal
three hands from the 45 cards left for every class, about 10^20 showdowns: out of reach, so the
equities here are estimated, and the run spends its deals where the order needs them.

Refinement. Every class first gets :data:`FIRST_TRIALS` deals. Two classes that are neighbours in
the order are *settled* when their estimates differ by more than :data:`SETTLED_SIGMAS` standard
errors of the difference, ``|e_a - e_b| > z * sqrt(se_a^2 + se_b^2)``. Each round doubles the
deals of every class in an unsettled neighbour pair, up to :data:`MAX_TRIALS` per class; pairs
still unsettled then are *ties*: their order is the estimates' and is written down as
uncertain in the data file. Each batch of deals has a seed derived from the run's seed, the
class and the batch number, so a run is repeatable; batches of a class combine as a
deal-weighted mean, its variance ``sum(n_i^2 se_i^2) / (sum n_i)^2``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from analyzer.files import write_atomically
from analyzer.games.holdem.equity import holdem_equity
from analyzer.ranges import HAND_CLASSES, RANKING_VERSION, THREE_RANDOM_FILE
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed

OPPONENTS = 3
FIRST_TRIALS = 20_000_000  # deals per class in the first round
MAX_TRIALS = 640_000_000  # no class gets more deals than this
SETTLED_SIGMAS = 3.0  # neighbours further apart than this many standard errors are ordered
DEFAULT_SEED = 2026


@dataclass
class FieldEstimates:
    """Running estimates of the 169 classes' equity against :data:`OPPONENTS` random hands, in
    :data:`~analyzer.ranges.HAND_CLASSES` order: deals, equity and standard error per class."""

    trials: np.ndarray = field(default_factory=lambda: np.zeros(len(HAND_CLASSES), np.int64))
    equity: np.ndarray = field(default_factory=lambda: np.zeros(len(HAND_CLASSES)))
    stderr: np.ndarray = field(default_factory=lambda: np.zeros(len(HAND_CLASSES)))
    batches: np.ndarray = field(default_factory=lambda: np.zeros(len(HAND_CLASSES), np.int64))

    def add(self, k: int, trials: int, equity: float, stderr: float) -> None:
        """Combine a new batch of ``trials`` deals of class ``k`` into its estimate."""
        n0, n1 = int(self.trials[k]), trials
        total = n0 + n1
        self.equity[k] = (n0 * self.equity[k] + n1 * equity) / total
        self.stderr[k] = math.sqrt((n0 * self.stderr[k]) ** 2 + (n1 * stderr) ** 2) / total
        self.trials[k] = total
        self.batches[k] += 1

    def order(self) -> np.ndarray:
        """Class indices best first by estimated equity (chart order between equal estimates)."""
        return np.argsort(-self.equity, kind="stable")

    def unsettled(self) -> list[tuple[int, int]]:
        """Neighbour pairs ``(better, worse)`` of :meth:`order` not yet :data:`SETTLED_SIGMAS`
        standard errors of their difference apart."""
        order = self.order()
        pairs = []
        for a, b in itertools.pairwise(order):
            spread = SETTLED_SIGMAS * math.hypot(self.stderr[a], self.stderr[b])
            if self.equity[a] - self.equity[b] <= spread:
                pairs.append((int(a), int(b)))
        return pairs


def _batch(k: int, trials: int, seed: int, batch: int, runner: Runner) -> tuple[float, float]:
    """One seeded batch of ``trials`` four-handed deals of class ``k``: (equity, standard error)."""
    result = holdem_equity(
        [HAND_CLASSES[k], *["random"] * OPPONENTS],
        exact=False,
        stopping=Stopping(trials=trials),
        seed=derive_seed(seed, k, batch),
        runner=runner,
    )
    player = result.players[0]
    return player.equity, player.stderr


def estimate_field(
    *, seed: int = DEFAULT_SEED, runner: Runner = Runner(), log: Callable[[str], object] | None = None
) -> FieldEstimates:
    """Refine the 169 classes' equities against three random hands (module docstring).

    Parameters
    ----------
    seed:
        The run's seed; every batch's seed derives from it, the class and the batch number.
    runner:
        Where the deals run (threads, a Dask scheduler); the figures depend on the seed only.
    log:
        Called with one line of text per round, or None.
    """
    estimates = FieldEstimates()
    todo = {k: FIRST_TRIALS for k in range(len(HAND_CLASSES))}
    while todo:
        for k, trials in todo.items():
            estimates.add(k, trials, *_batch(k, trials, seed, int(estimates.batches[k]), runner))
        open_pairs = estimates.unsettled()
        refine = sorted({k for pair in open_pairs for k in pair if estimates.trials[k] < MAX_TRIALS})
        if log is not None:
            log(
                f"{len(todo)} classes dealt, {int(estimates.trials.sum()):,} deals so far; "
                f"{len(open_pairs)} neighbour pairs unsettled, {len(refine)} classes to refine"
            )
        todo = {k: int(estimates.trials[k]) for k in refine}  # doubles each one's deals
    return estimates


def field_data(estimates: FieldEstimates, seed: int) -> dict:
    """The data file's content (:data:`~analyzer.ranges.THREE_RANDOM_FILE`): the version stamp,
    the method, and per class (in :data:`~analyzer.ranges.HAND_CLASSES` order) the equity, its
    standard error and deals; ``unsettled`` lists the neighbour pairs left unsettled."""
    return {
        "version": RANKING_VERSION,
        "about": f"equity of each Hold'em starting class against {OPPONENTS} random hands, Monte Carlo "
        f"refined until neighbours in the order are {SETTLED_SIGMAS:g} standard errors apart or "
        f"have {MAX_TRIALS:,} deals; written by python -m analyzer.games.holdem.versus_field",
        "seed": seed,
        "classes": list(HAND_CLASSES),
        "equity": [round(float(e), 9) for e in estimates.equity],
        "stderr": [float(f"{s:.3g}") for s in estimates.stderr],
        "trials": estimates.trials.tolist(),
        "unsettled": [[HAND_CLASSES[a], HAND_CLASSES[b]] for a, b in estimates.unsettled()],
    }


def main(argv: list[str] | None = None) -> None:
    """``python -m analyzer.games.holdem.versus_field [--out FILE] [--seed N] [--threads N]``:
    estimate every class against three random hands and write the data file that orders the
    classes for percentage ranges."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument(
        "--out", type=Path, default=THREE_RANDOM_FILE, help="where to write (default: the shipped file)"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the run's seed (default {DEFAULT_SEED})")
    parser.add_argument("--threads", type=int, default=None, help="local threads (default: every core)")
    args = parser.parse_args(argv)
    estimates = estimate_field(
        seed=args.seed, runner=Runner(threads=args.threads), log=lambda line: print(line, file=sys.stderr)
    )
    text = json.dumps(field_data(estimates, args.seed), indent=1) + "\n"
    write_atomically(args.out, lambda staging: staging.write_text(text))
    print(f"wrote {args.out}")


__all__ = ["FieldEstimates", "estimate_field", "field_data", "main"]


if __name__ == "__main__":
    main()
