"""Five-card stud (rules §6.3), as ``pa.stud``: the equity of the hands seen so far.

The command line's ``poker-analyzer stud equity``; the engine is
:func:`analyzer.games.stud.equity.stud_equity`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.api import _namespace, _translate
from analyzer.cards import CardsInput
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE
from analyzer.sim.runner import Runner

if TYPE_CHECKING:  # the engine is imported on first call: importing it builds the evaluator's tables
    from analyzer.games._equity import EquityResult


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def equity(
    hands: Sequence[CardsInput],
    dead: CardsInput | None = None,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    target_se: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    categories: bool = False,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    runner: Runner,
) -> EquityResult:
    """Equity of every five-card stud hand when the rest of the cards are dealt (rules §6.3):
    each player's known cards are completed to five from the unseen cards, the best five-card
    hand wins, ties split evenly.

    Exact enumeration of every deal of the unseen cards when that is estimated to be quicker
    than the Monte Carlo run the stopping rules ask for, else Monte Carlo with standard errors.

    Parameters
    ----------
    hands:
        2 to 7 players' known cards, hole and up cards together (0 to 5 each): text such as
        ``"AsAh"`` or ``"Ks Kh 7d"``, or lists of cards.
    dead:
        Folded up-cards and other cards out of play, or ``None``.
    exact:
        ``True`` forces exact enumeration, ``False`` Monte Carlo; ``None`` (the default) picks the
        quicker for the precision asked.
    trials:
        Monte Carlo: stop after this many deals (1,000,000 when no stopping rule is given).
    target_se:
        Monte Carlo: stop once every player's standard error is at most this.
    time_limit:
        Monte Carlo: stop after this many seconds.
    seed:
        Monte Carlo seed; ``None`` draws a fresh one, reported in ``result.run.seed``.
    categories:
        Also tally each player's final-hand category distribution (``players[i].categories``).
    chunk_size:
        Monte Carlo deals per seeded chunk: a result depends on the inputs, the seed and this.
    threads:
        Local threads (default: every core).
    scheduler:
        A Dask scheduler address, to run on a cluster instead of local threads.
    progress:
        Called as ``progress(done, planned)`` while a Monte Carlo run goes.

    Returns
    -------
    EquityResult
        ``players[i].equity``, ``.win``, ``.tie`` and ``.stderr`` (0 when exact) per player, in
        the order given, labelled by their known cards; ``run`` says how they were found.

    Examples
    --------
    Two cards to come for each of two players, every deal enumerated:

    >>> import analyzer as pa
    >>> pa.stud.equity(["As Ah 7d", "Ks Kh 9c"], dead="7c 2d")
    EquityResult: Five-card stud equity, dead 7c 2d; exact, 814,506 deals
      player 1  AsAh7d  equity 77.755%  win 77.755%  tie 0.000%
      player 2  KsKh9c  equity 22.245%  win 22.245%  tie 0.000%
    """
    from analyzer.games.stud.equity import stud_equity

    return stud_equity(
        hands,
        _translate.cards(dead),
        exact=exact,
        stopping=_translate.stopping(trials, target_se, time_limit),
        seed=seed,
        chunk_size=chunk_size,
        categories=categories,
        runner=runner,
    )


__all__, __getattr__, __dir__ = _namespace.public(
    __name__,
    ["equity"],
    {
        "EquityResult": "analyzer.games._equity",
    },
)
