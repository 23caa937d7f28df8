"""Many exact Hold'em equity queries in one call: a list of (hands, board) deals.

Each query is checked as :func:`~analyzer.games.holdem.equity.holdem_equity` checks its input,
every query before any runs. The queries of known hands (one combo per player) are then
enumerated exactly by one call of :func:`~analyzer.games.holdem.boards.deal_tallies`: such a
query costs its parsing and its enumeration, with no per-call floor. A query with ranges is
``holdem_equity``'s exact enumeration (its suit classes, its runout table), one after another,
each refused, before it runs, when it is estimated to take too long
(:func:`~analyzer.sim.method.check_exact_cost`). Each answer is the exact
:class:`~analyzer.games._equity.EquityResult` that ``holdem_equity`` gives for that query.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.cards import CardError, format_cards
from analyzer.games._equity import EquityResult
from analyzer.games._results import SHOWN
from analyzer.games.holdem.boards import FixedDeals, KnownHands, deal_tallies, one_combo_each, prepare_hands
from analyzer.games.holdem.deal import query_deal
from analyzer.games.holdem.equity import exact_seconds, holdem_equity
from analyzer.sim.engine import clock_start
from analyzer.sim.facts import EXACT, RunFacts
from analyzer.sim.method import check_exact_cost
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import player_equities
from analyzer.text import plural

if TYPE_CHECKING:  # pandas is imported by to_frame(), not with the game
    import pandas as pd


@dataclass(frozen=True)
class EquityBatch:
    """One exact :class:`~analyzer.games._equity.EquityResult` per query, in the order given;
    iterate it, index it or take its ``len``.

    Attributes
    ----------
    results:
        The answers. Each one's ``run.trials`` is its own deals; its ``run.elapsed`` is the
        time of the queries of known hands together, or of its own enumeration for a query with
        ranges.
    run:
        The batch's facts: ``run.trials`` is the deals of every query together.
    """

    results: tuple[EquityResult, ...]
    run: RunFacts

    def __len__(self) -> int:
        return len(self.results)

    def __getitem__(self, index: int) -> EquityResult:
        return self.results[index]

    def __iter__(self) -> Iterator[EquityResult]:
        return iter(self.results)

    def to_frame(self) -> pd.DataFrame:
        """One row per query and player: ``query`` (from 0, the position in the list), ``board``,
        ``dead``, ``player`` (from 1), ``hand``, ``equity``, ``win``, ``tie``."""
        import pandas as pd  # here, not at the top: queries print without pandas

        rows = [
            {"query": q, "board": r.board, "dead": r.dead, "player": i, "hand": p.hand}
            | {"equity": p.equity, "win": p.win, "tie": p.tie}
            for q, r in enumerate(self.results)
            for i, p in enumerate(r.players, start=1)
        ]
        return pd.DataFrame(rows)

    def to_dict(self) -> dict:
        """Plain data: the batch's run facts and each query's :meth:`EquityResult.to_dict`."""
        return {**self.run.to_dict(), "queries": [r.to_dict() for r in self.results]}

    def __repr__(self) -> str:
        counted = plural(len(self), "Hold'em query", "Hold'em queries")
        lines = [f"EquityBatch: {counted}; {self.run.describe('deal')}"]
        for q, r in enumerate(self.results[:SHOWN]):
            hands = " v ".join(f"{p.hand} {100 * p.equity:.3f}%" for p in r.players)
            lines.append(f"  {q}  {hands}" + (f"  board {r.board}" if r.board else ""))
        if len(self) > SHOWN:
            lines.append(f"  ... {plural(len(self) - SHOWN, 'more query', 'more queries')}")
        return "\n".join(lines)


def holdem_equities(
    queries: Sequence[Sequence[Any]],
    *,
    runner: Runner = Runner(),
) -> EquityBatch:
    """The exact equity of every query (rules §6.2), all enumerated by one kernel call.

    Parameters
    ----------
    queries:
        ``(hands, board)`` or ``(hands, board, dead)`` per query: 2 to 10 hands or ranges
        (``["AsKs", "QdQc"]``, ``["QQ+, AKs", "JJ-"]``), 0, 3, 4 or 5 board cards and dead cards,
        as :func:`~analyzer.games.holdem.equity.holdem_equity` takes them (text or codes; ``None``
        for none). A query with ranges whose enumeration is estimated to take too long is
        refused, naming it (:func:`~analyzer.sim.method.check_exact_cost`; allow it with
        :func:`~analyzer.sim.method.allow_exact`).
    scheduler, threads:
        A Dask scheduler address, else this many local threads (default: every core).
    runner:
        Where the run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (chunks done, chunks planned) as the run
        goes.
    """
    if isinstance(queries, str):
        raise ValueError("give a list of (hands, board) queries, not a single string")
    known: dict[int, KnownHands] = {}
    ranged: dict[int, tuple[Any, ...]] = {}
    for q, query in enumerate(queries):
        if isinstance(query, str) or not isinstance(query, Sequence) or len(query) not in (2, 3):
            raise ValueError(f"query {q}: expected (hands, board) or (hands, board, dead), got {query!r:.80}")
        hands, board, dead = (*query, "") if len(query) == 2 else query
        with _named(q):
            if one_combo_each(hands):
                known[q] = prepare_hands(hands, board or "", dead or "", "a batch of queries")
            else:
                ranged[q] = (hands, board or "", dead or "")
                checked = query_deal(hands, board or "", dead or "")  # made again from the cache
                check_exact_cost(exact_seconds(checked, runner.workers))  # refused before anything runs
    results: dict[int, EquityResult] = {}
    start = clock_start()
    holes = [d.holes for d in known.values()]
    packed = FixedDeals.pack(holes, [d.board for d in known.values()], [d.excluded for d in known.values()])
    tallies = deal_tallies(packed, runner=runner)
    counts = [
        math.comb(52 - 2 * len(h) - len(d.board) - len(d.dead), 5 - len(d.board)) for d, h in zip(known.values(), holes)
    ]
    elapsed = RunFacts.enumerated(sum(counts), since=start).elapsed
    for q, deal, hole, tally, count in zip(known, known.values(), holes, tallies, counts):
        n = len(hole)
        results[q] = EquityResult(
            game="holdem",
            players=player_equities(tally[:n], count, list(deal.labels), [1] * n, exact=True),
            board=format_cards(deal.board),
            dead=format_cards(deal.dead),
            run=RunFacts(EXACT, count, None, None, elapsed, EXACT),
        )
    for q, (hands, board, dead) in ranged.items():
        with _named(q):
            results[q] = holdem_equity(hands, board, dead, exact=True, runner=runner)
    ordered = tuple(results[q] for q in range(len(queries)))
    return EquityBatch(ordered, RunFacts.enumerated(sum(r.run.trials for r in ordered), since=start))


@contextmanager
def _named(q: int) -> Iterator[None]:
    """Errors inside name query ``q``: a ValueError's message starts with ``query q: `` (a
    CardError stays one: a usage error on the command line)."""
    try:
        yield
    except ValueError as err:
        raise (CardError if isinstance(err, CardError) else ValueError)(f"query {q}: {err}") from None


__all__ = ["EquityBatch", "holdem_equities"]
