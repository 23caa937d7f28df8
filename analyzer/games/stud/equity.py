"""Five-card stud equity (rules §6.3): 2 to 7 players, each with the cards known so far
(hole and up cards, 0 to 5), dead cards (folded up-cards), the rest dealt to five.

Exact when enumerating every deal of the unknown cards is estimated to be quicker
than the requested Monte Carlo precision, else seeded Monte Carlo.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.cards import CardError, CardsInput, cards_mask, check_disjoint, format_cards, parse_cards
from analyzer.games._equity import EquityResult
from analyzer.games.stud.engine import HAND, _completions, _exact_deals, _monte_carlo_deals
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE, Stopping, clock_start
from analyzer.sim.facts import RunFacts
from analyzer.sim.method import choose_method
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed
from analyzer.sim.showdown import WIDTH, max_equity_se, player_equities
from analyzer.text import plural

MIN_PLAYERS, MAX_PLAYERS = 2, 7
EXACT_SECONDS_PER_DEAL = 8e-9  # measured: 2.4 s for the 299M candidates of AsAh v KsKh
EXACT_TASKS = 256  # the exact walk's parts, at most: each a range of the first player's completions


@dataclass(frozen=True)
class StudDeal:
    """Validated inputs: each player's known cards and the dead cards."""

    known: tuple[np.ndarray, ...]
    dead: np.ndarray

    @property
    def seen(self) -> np.ndarray:
        """Every card known: the players' cards, then the dead cards."""
        return np.concatenate([*self.known, self.dead]).astype(np.uint8)

    def free_cards(self) -> np.ndarray:
        """The unseen cards, ascending codes: what the players' hands are completed from."""
        seen = set(self.seen.tolist())
        return np.array([c for c in range(52) if c not in seen], np.uint8)

    def candidate_deals(self) -> int:
        """An upper bound on the deals the exact walk visits: the product of each player's completions."""
        free = len(self.free_cards())
        return math.prod(math.comb(free, HAND - len(k)) for k in self.known)


def prepare_stud(hands: Sequence[CardsInput], dead: CardsInput = "") -> StudDeal:
    """Parse and check the inputs; every conflict is an error naming the bad part."""
    if isinstance(hands, str):
        raise ValueError("give one hand per player (a list), not a single string")
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise ValueError(f"{plural(len(hands), 'player')}: five-card stud equity takes {MIN_PLAYERS} to {MAX_PLAYERS}")
    known = tuple(parse_cards(h) for h in hands)
    for i, cards in enumerate(known, start=1):
        if len(cards) > HAND:
            raise CardError(f"player {i} has {len(cards)} cards: a stud hand has at most {HAND}")
    dead_cards = parse_cards(dead)
    check_disjoint({**{f"player {i}'s cards": k for i, k in enumerate(known, start=1)}, "the dead cards": dead_cards})
    deal = StudDeal(known, dead_cards)
    needed = sum(HAND - len(k) for k in known)
    if needed > len(deal.free_cards()):
        raise ValueError(
            f"not enough cards: the players need {needed} more cards and {len(deal.free_cards())} are unseen"
        )
    return deal


@dataclass(frozen=True)
class StudMonteCarlo:
    """A picklable Monte Carlo job (runs on threads or Dask workers)."""

    known: np.ndarray
    offsets: np.ndarray
    excluded: np.uint64

    @classmethod
    def from_deal(cls, deal: StudDeal) -> StudMonteCarlo:
        """The job of a validated deal: the known cards packed with their offsets per player,
        and the mask of the cards that cannot be dealt."""
        offsets = np.cumsum([0] + [len(k) for k in deal.known]).astype(np.int64)
        known = np.concatenate(deal.known).astype(np.uint8) if offsets[-1] else np.zeros(0, np.uint8)
        return cls(known, offsets, cards_mask(deal.seen))

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        """Showdown tallies (:mod:`analyzer.sim.showdown`) of ``trials`` random deals drawn with
        the generator ``state``."""
        tallies = np.zeros((len(self.offsets) - 1, WIDTH), np.int64)
        _monte_carlo_deals(self.known, self.offsets, self.excluded, state.copy(), trials, tallies)
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        """The largest standard error of the players' equities (the target-s.e. stopping rule)."""
        return max_equity_se(tallies, trials)


def _exact(
    deal: StudDeal,
    runner: Runner = Runner(),
    tasks: int = EXACT_TASKS,
) -> tuple[np.ndarray, int]:
    """Exact tallies and the number of deals: the walk of :func:`~.engine._exact_deals` in up to
    ``tasks`` parts (run by ``runner``, whose progress hears each part done), their integer
    tallies summed, so the result is the one walk's whatever the number of parts. The player
    with the most completions is walked first (the tallies are per player, so the order changes
    nothing), which gives the most parts."""
    free = deal.free_cards()
    lists = [_completions(k.astype(np.uint8), free) for k in deal.known]
    order = sorted(range(len(lists)), key=lambda p: -len(lists[p][0]))
    masks = np.concatenate([lists[p][0] for p in order])
    values = np.concatenate([lists[p][1] for p in order])
    offsets = np.cumsum([0] + [len(lists[p][0]) for p in order]).astype(np.int64)
    parts = np.array_split(np.arange(offsets[1]), min(int(offsets[1]), tasks))
    results = runner.tasks(
        _exact_part, [(masks, values, offsets, int(rows[0]), int(rows[-1]) + 1, len(order)) for rows in parts]
    )
    walked = np.sum([t for t, _ in results], axis=0)
    tallies = np.zeros_like(walked)
    tallies[order] = walked  # back in the players' order
    return tallies, sum(deals for _, deals in results)


def _exact_part(masks, values, offsets, first, stop, players):
    tallies = np.zeros((players, WIDTH), np.int64)
    deals = _exact_deals(masks, values, offsets, first, stop, tallies)
    return tallies, int(deals)


def stud_equity(
    hands: Sequence[CardsInput],
    dead: CardsInput = "",
    *,
    exact: bool | None = None,
    stopping: Stopping = Stopping(),
    seed: int | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    runner: Runner = Runner(),
    categories: bool = False,
) -> EquityResult:
    """Equity of each five-card stud hand at showdown (rules §6.3): every player's known cards
    are completed to five from the unseen cards, the best hand wins, ties split evenly.

    Parameters
    ----------
    hands:
        2 to 7 players' known cards (hole and up cards, 0 to 5 each), as text or codes.
    dead:
        Folded up-cards and other cards out of play.
    exact:
        ``None`` (exact when enumerating every deal is estimated to be quicker than the Monte
        Carlo run ``stopping`` asks for, :func:`~analyzer.sim.method.choose_method`), ``True``
        (exact) or ``False`` (Monte Carlo).
    stopping:
        When a Monte Carlo run stops (a trial count, a target standard error, a time limit).
    seed:
        The Monte Carlo seed; ``None`` draws a fresh one, reported in the result.
    chunk_size:
        Monte Carlo trials per seeded chunk: a result depends on the inputs, the seed and this.
    runner:
        Where the run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (trials done, planned or ``None``) as a
        Monte Carlo run goes, or with (parts done, parts) as the exact enumeration goes.
    categories:
        Also tally each player's final-hand category distribution.

    Returns
    -------
    EquityResult
        Every player's equity, win and tie shares and standard error (0 when exact), labelled by
        the known cards (``"(unknown)"`` for none), and the run's facts (``run.trials``: the deals
        enumerated, or the Monte Carlo trials).
    """
    deal = prepare_stud(hands, dead)
    workers = runner.workers
    choice = choose_method(exact, deal.candidate_deals() * EXACT_SECONDS_PER_DEAL, stopping, workers)
    labels = [format_cards(k).replace(" ", "") or "(unknown)" for k in deal.known]
    sizes = [1] * len(labels)
    start = clock_start()
    if choice.exact:
        tallies, deals = _exact(deal, runner)
        players = player_equities(tallies, deals, labels, sizes, exact=True, categories=categories)
        return EquityResult(
            game="stud",
            players=players,
            board="",
            dead=format_cards(deal.dead),
            run=RunFacts.enumerated(deals, since=start, choice=choice.reason),
        )
    seed = new_seed(seed)
    run = runner.monte_carlo(StudMonteCarlo.from_deal(deal), seed=seed, stopping=stopping, chunk_size=chunk_size)
    players = player_equities(run.tallies, run.trials, labels, sizes, exact=False, categories=categories)
    return EquityResult(
        game="stud",
        players=players,
        board="",
        dead=format_cards(deal.dead),
        run=RunFacts.from_run(run, choice=choice.reason),
    )
