"""Texas Hold'em equity: 2 to 10 hands or ranges, a board of 0, 3, 4 or 5 cards, dead cards.

Exact enumeration (board rank patterns, see :mod:`analyzer.games.holdem.engine`)
when it is estimated to be quicker than the requested Monte Carlo precision, else
Monte Carlo in seeded chunks on threads or a Dask cluster.

With ``breakdown`` every engine keeps its tallies per combo instead of per player (row ``c``:
the showdowns of the deals that give combo ``c`` to its player; :mod:`analyzer.sim.breakdown`),
and a player's tallies are the sum of his combos' rows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import accumulate

import numpy as np

from analyzer.cards import CardsInput, cards_mask, check_disjoint, format_cards, parse_cards
from analyzer.games._equity import EquityResult
from analyzer.games.holdem.boards import FixedDeals, deal_tallies
from analyzer.games.holdem.engine import BOARD_CARDS, _exact_assignments, _monte_carlo_showdowns, exact_showdowns
from analyzer.games.holdem.inputs import check_players, parse_board
from analyzer.games.holdem.joint import joint_deals
from analyzer.games.holdem.runouts import MAX_RUNOUT_CARDS, runout_assignments
from analyzer.games.holdem.symmetry import (
    MAX_ASSIGNMENTS,
    canonical_classes,
    class_count,
    suit_symmetries,
    valid_assignments,
)
from analyzer.ranges import EmptyRangeError, Range, format_combo, hand_class, parse
from analyzer.sim.breakdown import breakdown as combo_breakdown
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE, Stopping, clock_start
from analyzer.sim.facts import RunFacts
from analyzer.sim.method import choose_exact
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed
from analyzer.sim.showdown import WIDTH, PlayerEquity, max_equity_se, player_equities

# seconds per combo assignment of the exact kernel, by number of missing board cards (measured)
EXACT_SECONDS = {5: 1.5e-3, 4: 1.2e-4, 3: 1.5e-5, 2: 2e-6, 1: 5e-7, 0: 2e-7}


@dataclass(frozen=True)
class HoldemDeal:
    """Validated inputs: ranges without the combos the board and dead cards block,
    labelled by the ranges as given (canonical text).

    Derived once when made, as every run reads them:

    * ``symmetries``: the card maps of the suit permutations that fix the board and the dead
      cards (:func:`~analyzer.games.holdem.symmetry.suit_symmetries`), the identity first;
    * ``excluded``: the board and dead cards as a card bit mask (bit ``c`` for card code ``c``);
    * ``assignments``: an upper bound on the number of combo choices (conflicts not removed).
    """

    ranges: tuple[Range, ...]
    labels: tuple[str, ...]
    board: np.ndarray
    dead: np.ndarray
    symmetries: tuple[np.ndarray, ...] = field(init=False, repr=False, compare=False)
    excluded: np.uint64 = field(init=False, repr=False, compare=False)
    assignments: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        known = self.board.tolist() + self.dead.tolist()
        object.__setattr__(self, "symmetries", suit_symmetries(known))
        object.__setattr__(self, "excluded", cards_mask(known))
        object.__setattr__(self, "assignments", math.prod(len(r) for r in self.ranges))

    @cached_property
    def board_text(self) -> str:
        """The board as canonical text (:func:`~analyzer.cards.format_cards`), as results show it."""
        return format_cards(self.board)

    @cached_property
    def dead_text(self) -> str:
        """The dead cards as canonical text, as results show them."""
        return format_cards(self.dead)

    @cached_property
    def packed(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """All players' combos in one ``uint8`` array, the offsets of each player's rows, the
        weights. Computed once and shared: not to be written to (they stay writable arrays, the
        type the kernels are compiled for)."""
        combos = np.concatenate([r.combos for r in self.ranges])
        offsets = np.array([0, *accumulate(len(r) for r in self.ranges)], np.int64)
        return combos, offsets, np.concatenate([r.weights for r in self.ranges])

    @cached_property
    def one_deal(self) -> tuple[np.ndarray, np.ndarray, float]:
        """When every player holds one combo: that deal as a list of one for
        :func:`~analyzer.games.holdem.engine.exact_showdowns` (``(1, n, 2)`` ``int64`` cards),
        its weight in an array of one, and that weight (the product of the combos' weights)."""
        combos, _offsets, each = self.packed  # a row per player: his one combo and its weight
        weight = math.prod(each.tolist())
        return combos.astype(np.int64)[np.newaxis], np.array([weight]), weight

    def classes(self) -> float:
        """About how many suit classes the combo choices fall into
        (:func:`~analyzer.games.holdem.symmetry.class_count`): what an exact run enumerates."""
        return class_count([r.combos for r in self.ranges], [r.weights for r in self.ranges], self.symmetries)

    def combo_rows(self) -> np.ndarray:
        """``(n, 52, 52)``: at ``[p, a, b]`` (and ``[p, b, a]``) the row in :meth:`packed` of
        player ``p``'s combo of cards ``a`` and ``b``; -1 where he has no such combo."""
        combos, offsets, _weights = self.packed
        rows = np.full((len(self.ranges), 52, 52), -1, np.int64)
        for p in range(len(self.ranges)):
            mine = np.arange(offsets[p], offsets[p + 1])
            rows[p, combos[mine, 0], combos[mine, 1]] = mine
            rows[p, combos[mine, 1], combos[mine, 0]] = mine
        return rows


def by_player(combo_tallies: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Each player's tallies: the sum of his combos' rows (``offsets[p]`` to ``offsets[p + 1]``)."""
    return np.add.reduceat(combo_tallies, offsets[:-1], axis=0)


def prepare_deal(ranges: Sequence[str | Range], board: CardsInput = "", dead: CardsInput = "") -> HoldemDeal:
    """Parse and check the inputs; every conflict is an error naming the bad part (a hand that
    is neither text nor a :class:`~analyzer.ranges.Range`: a TypeError naming the player)."""
    check_players(ranges, "hand or range", "Hold'em equity")
    board_cards = parse_board(board)
    dead_cards = parse_cards(dead)
    check_disjoint({"the board": board_cards, "the dead cards": dead_cards})
    blocked = tuple(sorted(board_cards.tolist() + dead_cards.tolist()))
    parsed, labels = [], []
    for i, r in enumerate(ranges, start=1):
        if not isinstance(r, str | Range):
            raise TypeError(f"player {i}'s hand or range must be text or a Range, got {type(r).__name__} {r!r}")
        try:
            rng, label = _dealt_range(r, blocked) if isinstance(r, str) else _blocked_range(r, blocked)
        except _NothingLeft as nothing:
            raise EmptyRangeError(
                f"player {i}'s range {nothing.label!r} has no combos left after the board and dead cards"
            ) from None
        parsed.append(rng)
        labels.append(label)
    deal = HoldemDeal(tuple(parsed), tuple(labels), board_cards, dead_cards)
    _check_dealable(deal)
    return deal


def _query_deal(ranges: Sequence[str | Range], board: CardsInput, dead: CardsInput) -> HoldemDeal:
    """:func:`prepare_deal`, from :func:`_text_deal`'s cache when every input is text."""
    if isinstance(board, str) and isinstance(dead, str) and not isinstance(ranges, str):
        key = tuple(ranges)
        if all(isinstance(r, str) for r in key):
            return _text_deal(key, board, dead)
    return prepare_deal(ranges, board, dead)


@lru_cache(maxsize=64)
def _text_deal(ranges: tuple[str, ...], board: str, dead: str) -> HoldemDeal:
    """:func:`prepare_deal` of text inputs, cached: a deal is a pure function of them and is
    never changed after it is made (its arrays are only read), so a repeated query (the same
    hands on the same board) checks and derives nothing again. Errors are not cached."""
    return prepare_deal(ranges, board, dead)


class _NothingLeft(Exception):
    """No combo of the range labelled ``label`` is left after the blocked cards."""

    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.label = label


def _blocked_range(rng: Range, blocked: tuple[int, ...]) -> tuple[Range, str]:
    """``rng`` without the combos holding a ``blocked`` card, and its label (the canonical text
    of ``rng`` as given); :class:`_NothingLeft` when no combo is left."""
    label = rng.canonical()
    try:
        return rng.without(blocked), label
    except EmptyRangeError:
        raise _NothingLeft(label) from None


@lru_cache(maxsize=1024)
def _dealt_range(text: str, blocked: tuple[int, ...]) -> tuple[Range, str]:
    """:func:`_blocked_range` of the range ``text``, cached: a pure function of the text and the
    sorted blocked cards, and Ranges are immutable, so repeated queries parse nothing."""
    return _blocked_range(_parsed_range(text), blocked)


@lru_cache(maxsize=1024)
def _parsed_range(text: str) -> Range:
    """The range ``text``, parsed once per text: a new board (another ``blocked``) then costs
    only :meth:`~analyzer.ranges.Range.without`, and the label is the same range's."""
    return parse(text)


DEALABLE_SEARCH_NODES = 200_000
UNDEALABLE = "the ranges cannot all be dealt together: every choice of hands uses a card twice"


class _SearchBudgetSpent(Exception):
    pass


def _check_dealable(deal: HoldemDeal) -> None:
    """At least one choice of one combo per player uses no card twice (depth-first search).

    The search gives up undecided after :data:`DEALABLE_SEARCH_NODES` nodes; the runs
    themselves then still fail cleanly (Monte Carlo caps its redraws, exact counts deals).
    """
    remaining = 52 - len(deal.board) - len(deal.dead) - 2 * len(deal.ranges)
    if remaining < 5 - len(deal.board):
        raise ValueError(
            f"not enough cards: {len(deal.ranges)} players, {len(deal.board)} board "
            f"and {len(deal.dead)} dead cards leave {remaining} for the board"
        )
    masks = [r.card_masks for r in deal.ranges]
    if all(len(m) == 1 for m in masks):  # known hands: dealable when no card is held twice
        held = 0
        for (m,) in masks:
            if held & m:
                raise ValueError(UNDEALABLE)
            held |= m
        return
    order = sorted(range(len(masks)), key=lambda i: len(masks[i]))

    nodes = 0

    def search(depth: int, used: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > DEALABLE_SEARCH_NODES:
            raise _SearchBudgetSpent
        if depth == len(order):
            return True
        return any(not m & used and search(depth + 1, used | m) for m in masks[order[depth]])

    try:
        dealable = search(0, 0)
    except _SearchBudgetSpent:
        return
    if not dealable:
        raise ValueError(UNDEALABLE)


@dataclass(frozen=True)
class HoldemMonteCarlo:
    """A picklable Monte Carlo job (runs on threads or Dask workers)."""

    combos: np.ndarray
    offsets: np.ndarray
    cumulative: np.ndarray
    uniform: np.ndarray
    any_two: np.ndarray
    joint: np.ndarray
    joint_used: np.ndarray
    joint_cumulative: np.ndarray
    board: np.ndarray
    excluded: np.uint64
    combo_rows: np.ndarray | None
    categories: bool = True

    @classmethod
    def from_deal(cls, deal: HoldemDeal, by_combo: bool = False, categories: bool = True) -> HoldemMonteCarlo:
        """The job of a validated deal: the packed combos, each range's cumulative weights (to
        draw a combo in proportion to its weight), which ranges are uniform (a combo drawn by
        index) and which are any two cards (two cards drawn from the deck), the joint deals of
        the other players (:func:`~analyzer.games.holdem.joint.joint_deals`; none listed when
        there are too many); with ``by_combo``, :meth:`HoldemDeal.combo_rows`, so that the
        tallies are kept per combo; with ``categories``, the final hands' categories are tallied
        (always when by combo)."""
        combos, offsets, weights = deal.packed
        cumulative = np.concatenate([np.cumsum(r.weights) for r in deal.ranges])
        uniform = np.array([bool((r.weights == r.weights[0]).all()) for r in deal.ranges])
        unblocked = math.comb(52 - len(deal.board) - len(deal.dead), 2)
        any_two = np.array([bool(u) and len(r) == unblocked for u, r in zip(uniform, deal.ranges)])
        listed = joint_deals(combos, offsets, weights, ~any_two, deal.excluded)
        joint, used, joint_cumulative = listed or (
            np.empty((0, len(offsets) - 1), np.int32),
            np.empty(0, np.uint64),
            np.empty(0),
        )
        rows = deal.combo_rows() if by_combo else None
        board = deal.board.astype(np.uint8)
        return cls(
            combos,
            offsets,
            cumulative,
            uniform,
            any_two,
            joint,
            used,
            joint_cumulative,
            board,
            deal.excluded,
            rows,
            categories,
        )

    @property
    def by_combo(self) -> bool:
        """Whether the tallies have a row per combo (else one per player)."""
        return self.combo_rows is not None

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        """Showdown tallies (:mod:`analyzer.sim.showdown`) of ``trials`` random deals drawn with
        the generator ``state``, a row per player or per combo; a deal that fails 100,000
        redraws in a row is an error."""
        tallies = np.zeros((len(self.combos) if self.by_combo else len(self.offsets) - 1, WIDTH), np.int64)
        status = _monte_carlo_showdowns(
            self.combos,
            self.offsets,
            self.cumulative,
            self.uniform,
            self.any_two,
            self.joint,
            self.joint_used,
            self.joint_cumulative,
            self.board,
            self.excluded,
            self.combo_rows,
            self.categories,
            state.copy(),
            trials,
            tallies,
        )
        if status != 0:
            raise ValueError("the ranges almost never fit together: a deal failed 100,000 times in a row")
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        """The largest standard error of the players' equities (the target-s.e. stopping rule)."""
        return max_equity_se(by_player(tallies, self.offsets) if self.by_combo else tallies, trials)


def holdem_equity(
    ranges: Sequence[str | Range],
    board: CardsInput = "",
    dead: CardsInput = "",
    *,
    method: str = "auto",
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
    method:
        ``"auto"`` (exact when enumerating is estimated to be quicker than the Monte Carlo run
        ``stopping`` asks for, :func:`~analyzer.sim.method.choose_exact`), ``"exact"`` or
        ``"monte-carlo"``.
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
    deal = _query_deal(ranges, board, dead)
    workers = runner.workers
    missing = 5 - len(deal.board)
    assignments = deal.assignments
    listed = 1 < len(deal.symmetries) <= assignments <= MAX_ASSIGNMENTS  # as _run_listed decides
    classes = deal.classes() if listed else assignments
    exact = choose_exact(method, classes * EXACT_SECONDS[missing] / workers, stopping, workers)
    start = clock_start()
    if exact:
        tallies, total, deals = _run_exact(deal, runner, by_combo=breakdown, categories=categories or breakdown)
        players = _players(deal, tallies, total, exact=True, categories=categories, breakdown=breakdown)
        return EquityResult(
            game="holdem",
            players=players,
            board=deal.board_text,
            dead=deal.dead_text,
            run=RunFacts.enumerated(deals, since=start),
        )
    seed = new_seed(seed)
    run = runner.monte_carlo(
        HoldemMonteCarlo.from_deal(deal, by_combo=breakdown, categories=categories or breakdown),
        seed=seed,
        stopping=stopping,
        chunk_size=chunk_size,
    )
    players = _players(deal, run.tallies, run.trials, exact=False, categories=categories, breakdown=breakdown)
    return EquityResult(
        game="holdem",
        players=players,
        board=deal.board_text,
        dead=deal.dead_text,
        run=RunFacts.from_run(run),
    )


def _players(
    deal: HoldemDeal, tallies: np.ndarray, total: float, *, exact: bool, categories: bool, breakdown: bool
) -> tuple[PlayerEquity, ...]:
    """The players' figures from a run's tallies over ``total`` (weight or trials): a row per
    player, or with ``breakdown`` a row per combo, which also gives each player's breakdown."""
    sizes = [len(r) for r in deal.ranges]
    if not breakdown:
        return player_equities(tallies, total, list(deal.labels), sizes, exact=exact, categories=categories)
    _combos, offsets, _weights = deal.packed
    rows = by_player(tallies, offsets)
    players = player_equities(rows, total, list(deal.labels), sizes, exact=exact, categories=categories)
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


def _run_exact(
    deal: HoldemDeal,
    runner: Runner,
    listed: bool = True,
    by_combo: bool = False,
    categories: bool = True,
) -> tuple[np.ndarray, float, int]:
    """Exact tallies: (tallies, total weight, number of deals enumerated), a row per player or,
    ``by_combo``, per combo of :meth:`HoldemDeal.packed`. Their final-hand category columns are
    filled when ``categories`` says so, or when that costs nothing (every kernel but the runout
    table's tallies them). With ``listed``, from a list of deals
    where :func:`_run_listed` takes one (suit classes, or the one deal of fixed hands); else
    combo choice by combo choice in a kernel, in tasks by the first player's combos, summed in
    task order: on the flop, turn and river by the table of every combo's value on every runout
    (:mod:`~analyzer.games.holdem.runouts`), preflop by the board's rank patterns."""
    if listed:
        result = _run_listed(deal, runner, by_combo)
        if result is not None:
            return result
    combos, offsets, weights = deal.packed
    board = deal.board
    if BOARD_CARDS - len(board) <= MAX_RUNOUT_CARDS:
        runs = _runout_tasks(deal)
        tasks = [(combos, offsets, weights, board, deal.excluded, by_combo, categories, run) for run in runs]
        results = runner.tasks(_runouts_one, tasks)
        tallies = results[0][0] if len(results) == 1 else np.sum([t for t, _, _ in results], axis=0)
    else:
        pattern_tasks = []
        for row in range(offsets[0], offsets[1]):
            first = np.concatenate([combos[row : row + 1], combos[offsets[1] :]])
            first_weights = np.concatenate([weights[row : row + 1], weights[offsets[1] :]])
            first_offsets = np.concatenate([[0, 1], offsets[2:] - offsets[1] + 1])
            pattern_tasks.append((first, first_offsets, first_weights, board, deal.excluded, by_combo))
        results = runner.tasks(_exact_one, pattern_tasks)
        if by_combo:  # task ``row`` holds player 1's combo ``row``, then every later player's combos
            tallies = np.zeros((len(combos), WIDTH))
            for row, (part, _, _) in enumerate(results):
                tallies[row] += part[0]
                tallies[offsets[1] :] += part[1:]
        else:
            tallies = np.sum([t for t, _, _ in results], axis=0)
    total = float(sum(total for _, total, _ in results))
    if total == 0:
        raise ValueError(UNDEALABLE)
    return tallies, total, int(sum(deals for _, _, deals in results))


def _run_listed(deal: HoldemDeal, runner: Runner, by_combo: bool = False) -> tuple[np.ndarray, float, int] | None:
    """Exact tallies from a list of deals, when it helps: the suit classes of the combo choices
    (one representative each, with the summed weight of its members) when the board and dead
    cards leave a symmetry and there are at least as many choices as symmetries, and at most
    :data:`~analyzer.games.holdem.symmetry.MAX_ASSIGNMENTS`; the one deal when every player
    holds one combo. Else None: :func:`_run_exact` enumerates combo by combo in the kernel.

    The deals go to :func:`~analyzer.games.holdem.engine.exact_showdowns` in tasks of 64, so a
    query of fixed hands compiles that kernel alone. ``by_combo`` (rows per combo, as in
    :func:`_run_exact`; with fixed hands they are the players' rows): the classes are
    enumerated one by one (:func:`_combo_tallies`)."""
    maps = deal.symmetries
    assignments = deal.assignments
    symmetric = len(maps) > 1 and assignments >= len(maps)
    if not symmetric and assignments > 1:
        return None
    free = 52 - len(deal.board) - len(deal.dead) - 2 * len(deal.ranges)
    completions = math.comb(free, 5 - len(deal.board))
    if not symmetric:  # the one deal, which prepare_deal found dealable
        holes, weights, weight = deal.one_deal
        task = (holes, weights, deal.board, deal.excluded)
        tallies = runner.tasks(_exact_classes, [task])[0]
        return tallies, weight * completions, completions
    listed = valid_assignments([r.combos for r in deal.ranges], [r.weights for r in deal.ranges])
    if listed is None:
        return None
    holes, weights = listed
    if len(holes) == 0:
        raise ValueError(UNDEALABLE)
    representatives, summed, members = canonical_classes(holes, weights, maps)
    totals = float(weights.sum()) * completions, len(holes) * completions
    if by_combo:
        return _combo_tallies(deal, holes, weights, representatives, members, runner), *totals
    parts = len(representatives) // 64
    batches = np.array_split(np.arange(len(representatives)), parts) if parts > 1 else [slice(None)]
    tasks = [(representatives[b], summed[b], deal.board, deal.excluded) for b in batches]
    results = runner.tasks(_exact_classes, tasks)
    return (results[0] if len(results) == 1 else np.sum(results, axis=0)), *totals


def _combo_tallies(
    deal: HoldemDeal,
    holes: np.ndarray,
    weights: np.ndarray,
    representatives: np.ndarray,
    members: np.ndarray,
    runner: Runner,
) -> np.ndarray:
    """Tallies per combo of the deals ``holes`` (weights ``weights``) from their suit classes:
    each class ``representatives[u]`` enumerated on its own, every completion counted once
    (:func:`~analyzer.games.holdem.boards.deal_tallies`), then deal ``a`` adds
    ``weights[a]`` times the counts of its class ``members[a]`` to the row of each player's combo
    (a suit permutation keeps the players' order). The counts take ``120 n`` bytes a class, at
    most :data:`~analyzer.games.holdem.symmetry.MAX_ASSIGNMENTS` classes."""

    count, n = representatives.shape[:2]
    boards = np.zeros((count, 5), np.uint8)
    boards[:, : len(deal.board)] = deal.board
    classes = FixedDeals(
        representatives.astype(np.uint8),
        np.full(count, n, np.int64),
        boards,
        np.full(count, len(deal.board), np.int64),
        np.full(count, deal.excluded, np.uint64),
    )
    counts = deal_tallies(classes, runner=runner)
    combo_rows = deal.combo_rows()
    tallies = np.zeros((len(deal.packed[0]), WIDTH))
    for p in range(n):
        np.add.at(tallies, combo_rows[p, holes[:, p, 0], holes[:, p, 1]], weights[:, None] * counts[members, p])
    return tallies


def _exact_classes(representatives, weights, board, excluded):
    tallies = np.zeros((representatives.shape[1], WIDTH), np.float64)
    exact_showdowns(representatives, weights, board, excluded, tallies)
    return tallies


RUNOUT_TASK_STEPS = 4_000_000
"""About how many runout steps (choices times runouts) a task of :func:`_runout_tasks` takes at
least."""
RUNOUT_TASK_ROWS = 32
"""The fewest first-player combos a task of :func:`_runout_tasks` takes: each task values every
later player's combo on every runout again, which then costs a few percent of its work."""
MAX_RUNOUT_TASKS = 64


def _runout_tasks(deal: HoldemDeal) -> list[tuple[int, int]]:
    """The first player's combo rows split into at most :data:`MAX_RUNOUT_TASKS` runs of at least
    :data:`RUNOUT_TASK_ROWS` rows and :data:`RUNOUT_TASK_STEPS` steps of
    :func:`~analyzer.games.holdem.runouts.runout_assignments` (a small query is one task, run on
    the calling thread); the split depends on the query alone, so the sums do too."""
    rows = len(deal.ranges[0])
    free = 52 - len(deal.board) - len(deal.dead)
    steps = deal.assignments * math.comb(free, BOARD_CARDS - len(deal.board))
    parts = max(1, min(rows // RUNOUT_TASK_ROWS, steps // RUNOUT_TASK_STEPS, MAX_RUNOUT_TASKS))
    return [(rows * i // parts, rows * (i + 1) // parts) for i in range(parts)]


def _runouts_one(combos, offsets, weights, board, excluded, by_combo, categories, first):
    tallies = np.zeros((len(combos) if by_combo else len(offsets) - 1, WIDTH), np.float64)
    total, deals = runout_assignments(combos, offsets, weights, board, excluded, by_combo, categories, first, tallies)
    return tallies, total, deals


def _exact_one(combos, offsets, weights, board, excluded, by_combo):
    tallies = np.zeros((len(combos) if by_combo else len(offsets) - 1, WIDTH), np.float64)
    total, deals = _exact_assignments(combos, offsets, weights, board, excluded, by_combo, tallies)
    return tallies, total, deals
