"""Texas Hold'em equity: 2 to 10 hands or ranges, a board of 0, 3, 4 or 5 cards, dead cards.

Exact enumeration (:mod:`analyzer.games.holdem.exact`) when it is estimated to be quicker than
the requested Monte Carlo precision or, with no stopping rule given, to take at most two seconds
on this machine (the cost model :data:`EXACT_SECONDS` scaled by :data:`CALIBRATION`), else
Monte Carlo in seeded chunks on threads or a Dask cluster
(:mod:`analyzer.games.holdem.monte_carlo`), of the deal the inputs make
(:mod:`analyzer.games.holdem.deal`). This module chooses the method and assembles the result.

With ``breakdown`` every engine keeps its tallies per combo instead of per player (row ``c``:
the showdowns of the deals that give combo ``c`` to its player; :mod:`analyzer.sim.breakdown`),
and a player's tallies are the sum of his combos' rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from analyzer.cards import CardsInput
from analyzer.games._equity import EquityResult
from analyzer.games.holdem.deal import HoldemDeal, by_player, query_deal
from analyzer.games.holdem.exact import exact_tallies
from analyzer.games.holdem.monte_carlo import HoldemMonteCarlo
from analyzer.games.holdem.symmetry import MAX_ASSIGNMENTS
from analyzer.ranges import Range, format_combo, hand_class
from analyzer.sim.breakdown import breakdown as combo_breakdown
from analyzer.sim.calibration import Calibration
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE, Stopping, clock_start
from analyzer.sim.facts import RunFacts
from analyzer.sim.frozen import frozen
from analyzer.sim.method import choose_method
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed
from analyzer.sim.showdown import PlayerEquity, player_equities

# seconds per combo assignment of the exact kernel, by number of missing board cards (measured)
EXACT_SECONDS = {5: 1.5e-3, 4: 1.2e-4, 3: 1.5e-5, 2: 2e-6, 1: 5e-7, 0: 2e-7}
# on the flop, each player beyond two adds this per assignment: every one of the 2-card runouts
# scores every player (measured: 2 known hands and 2 random ones on a flop, 11 us an assignment)
EXTRA_PLAYER_SECONDS = 4e-6
REFERENCE = (("AsKs", "QdQc"), "Kh 7d 2c")  # the calibration's workload: one exact enumeration ...
REFERENCE_SECONDS = 8.7e-6  # ... and its best time where EXACT_SECONDS were measured (1 thread)


def _reference() -> None:
    """:data:`REFERENCE` enumerated exactly on one thread, from its text: the work of a small
    query, setup included."""
    hands, board = REFERENCE
    exact_tallies(query_deal(hands, board, ""), _ONE_THREAD)


_ONE_THREAD = Runner(threads=1)
CALIBRATION = Calibration(_reference, REFERENCE_SECONDS)
"""How much longer than where :data:`EXACT_SECONDS` were measured the exact kernel takes here."""


def holdem_equity(
    ranges: Sequence[str | Range],
    board: CardsInput = "",
    dead: CardsInput = "",
    *,
    exact: bool | None = None,
    stopping: Stopping = Stopping(),
    seed: int | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    runner: Runner = Runner(),
    categories: bool = False,
    breakdown: bool = False,
) -> EquityResult:
    """Equity of each hand or range at showdown (rules §6.2): the best five of the two hole cards
    and the board, ties split evenly.

    Parameters
    ----------
    ranges:
        2 to 10 players' hands or ranges: text (``"AsKs"``, ``"QQ+, AKs"``, ``"random"``, the
        syntax of :mod:`analyzer.ranges`) or :class:`~analyzer.ranges.Range` objects. Combos that
        hold a board or dead card are dropped; a weighted range deals its combos in proportion to
        their weights.
    board:
        0, 3, 4 or 5 board cards, as text or codes.
    dead:
        Cards known to be out of play.
    exact:
        ``None`` (exact when enumerating is estimated to be quicker than the Monte Carlo run
        ``stopping`` asks for or, with no stopping rule given, to take at most two seconds on this
        machine: :func:`~analyzer.sim.method.choose_method`, :data:`CALIBRATION`), ``True``
        (exact) or ``False`` (Monte Carlo). ``run.choice`` says which and why.
    stopping:
        When a Monte Carlo run stops (a trial count, a target standard error, a time limit).
    seed:
        The Monte Carlo seed; ``None`` draws a fresh one, reported in the result.
    chunk_size:
        Monte Carlo trials per seeded chunk: a result depends on the inputs, the seed and this.
    runner:
        Where the run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (trials or tasks done, planned or
        ``None``) as the run goes.
    categories:
        Also tally each player's final-hand category distribution.
    breakdown:
        Also each player's equity combo by combo and class by class (``players[i].breakdown``,
        :mod:`analyzer.sim.breakdown`), from the same run.

    Returns
    -------
    EquityResult
        Every player's equity, win and tie shares and standard error (0 when exact), and the run's
        facts (``run.trials``: the deals enumerated, or the Monte Carlo trials).
    """
    deal = query_deal(ranges, board, dead)
    workers = runner.workers
    choice = choose_method(exact, exact_seconds(deal, workers), stopping, workers, calibration=CALIBRATION)
    start = clock_start()
    if choice.exact:
        tallies, total, deals = exact_tallies(deal, runner, by_combo=breakdown, categories=categories or breakdown)
        players = equity_players(deal, tallies, total, exact=True, categories=categories, breakdown=breakdown)
        return frozen(
            EquityResult,
            game="holdem",
            players=players,
            board=deal.board_text,
            dead=deal.dead_text,
            run=RunFacts.enumerated(deals, since=start, choice=choice.reason),
        )
    seed = new_seed(seed)
    run = runner.monte_carlo(
        HoldemMonteCarlo.from_deal(deal, by_combo=breakdown, categories=categories or breakdown),
        seed=seed,
        stopping=stopping,
        chunk_size=chunk_size,
    )
    players = equity_players(deal, run.tallies, run.trials, exact=False, categories=categories, breakdown=breakdown)
    return frozen(
        EquityResult,
        game="holdem",
        players=players,
        board=deal.board_text,
        dead=deal.dead_text,
        run=RunFacts.from_run(run, choice=choice.reason),
    )


def exact_seconds(deal: HoldemDeal, workers: int) -> float:
    """The cost model's estimate of the wall time of enumerating ``deal`` exactly on ``workers``
    threads: :data:`EXACT_SECONDS` per combo assignment enumerated (per suit class of them when
    the exact engine lists the classes), by the number of board cards missing, and on the flop
    :data:`EXTRA_PLAYER_SECONDS` more for each player beyond two."""
    assignments = deal.assignments
    listed = 1 < len(deal.symmetries) <= assignments <= MAX_ASSIGNMENTS  # as exact._run_listed decides
    classes = deal.classes() if listed else assignments
    missing = 5 - len(deal.board)
    per_class = EXACT_SECONDS[missing] + (EXTRA_PLAYER_SECONDS * (len(deal.ranges) - 2) if missing == 2 else 0.0)
    return classes * per_class / workers


def equity_players(
    deal: HoldemDeal, tallies: np.ndarray, total: float, *, exact: bool, categories: bool, breakdown: bool
) -> tuple[PlayerEquity, ...]:
    """The players' figures from a run's tallies over ``total`` (weight or trials): a row per
    player, or with ``breakdown`` a row per combo, which also gives each player's breakdown."""
    labels, live, listed = deal.labels, deal.live, deal.listed
    if not breakdown:
        return player_equities(tallies, total, labels, live, exact=exact, categories=categories, listed=listed)
    _combos, offsets, _weights = deal.packed
    rows = by_player(tallies, offsets)
    players = player_equities(rows, total, labels, live, exact=exact, categories=categories, listed=listed)
    return tuple(
        replace(
            player,
            breakdown=combo_breakdown(
                tallies[offsets[p] : offsets[p + 1]],
                [format_combo(c) for c in r.combos],
                [hand_class(*c) for c in r.combos],
                exact=exact,
            ),
        )
        for p, (player, r) in enumerate(zip(players, deal.ranges))
    )
