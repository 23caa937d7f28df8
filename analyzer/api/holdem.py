"""Texas Hold'em (rules §6.2), as ``pa.holdem``: the equity of hands and ranges at showdown.

The command line's ``poker-analyzer holdem equity``; the engine is
:func:`analyzer.games.holdem.equity.holdem_equity`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.api import _translate
from analyzer.cards import CardsInput
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE, Progress, Stopping

if TYPE_CHECKING:  # the engine is imported on first call: importing it builds the evaluator's tables
    from analyzer.games._equity import EquityResult
    from analyzer.ranges import Range


def equity(
    hands: Sequence[str | Range],
    board: CardsInput | None = None,
    dead: CardsInput | None = None,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    target_se: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    categories: bool = False,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    threads: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> EquityResult:
    """Equity of every hand or range at showdown (rules §6.2): each player's share of the pot, the
    best five of his two hole cards and the five board cards winning, ties split evenly.

    Exact enumeration of every deal of the unknown cards when that is estimated to be quicker
    than the Monte Carlo run the stopping rules ask for, else Monte Carlo with standard errors.

    Parameters
    ----------
    hands:
        2 to 10 players' hands or ranges, one string each: a hand (``"AsKs"``), a range in
        PokerStove syntax (``"QQ+, AKs"``, ``"TT+:0.5, AKs"``; see :func:`analyzer.ranges.parse`)
        or ``"random"``; or :class:`~analyzer.ranges.Range` objects. Combos that hold a board or
        dead card are dropped.
    board:
        0, 3, 4 or 5 board cards: text (``"Ah Kd 7c"``), a list of cards, or ``None`` for none.
    dead:
        Cards known to be out of play (folded hands, burnt cards), or ``None``.
    exact:
        ``True`` forces exact enumeration, ``False`` Monte Carlo; ``None`` (the default) picks the
        quicker for the precision asked.
    trials:
        Monte Carlo: stop after this many deals (1,000,000 when no stopping rule is given).
    target_se:
        Monte Carlo: stop once every player's standard error is at most this (e.g. ``0.001``).
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
        Called as ``progress(done, planned)`` while the run goes (``planned`` may be ``None``).

    Returns
    -------
    EquityResult
        ``players[i].equity``, ``.win``, ``.tie`` and ``.stderr`` (0 when exact) per player, in
        the order given; ``run`` says how they were found (``run.exact``, ``run.trials``: deals
        enumerated or drawn, ``run.seed``).

    Examples
    --------
    >>> import analyzer as pa
    >>> result = pa.holdem.equity(["AsKs", "QdQc"])
    >>> round(result.players[0].equity, 6), result.run.exact, result.run.trials
    (0.462145, True, 1712304)
    >>> result
    EquityResult: Hold'em equity; exact, 1,712,304 deals
      player 1  AsKs  equity 46.214%  win 46.018%  tie 0.393%
      player 2  QdQc  equity 53.786%  win 53.589%  tie 0.393%

    A range against a hand on a flop, by Monte Carlo with a fixed seed:

    >>> pa.holdem.equity(["QQ+, AKs", "JhTh"], board="Ah 9h 2c", exact=False, trials=20_000, seed=7)
    EquityResult: Hold'em equity, board Ah 9h 2c; Monte Carlo, 20,000 deals, seed 7
      player 1  QQ+, AKs  equity 65.030% ± 0.337%  win 65.030%  tie 0.000%
      player 2  JhTh      equity 34.970% ± 0.337%  win 34.970%  tie 0.000%
    """
    from analyzer.games.holdem.equity import holdem_equity

    return holdem_equity(
        hands,
        _translate.cards(board),
        _translate.cards(dead),
        method=_translate.method(exact),
        stopping=Stopping(trials=trials, target_se=target_se, time_limit=time_limit),
        seed=seed,
        chunk_size=chunk_size,
        scheduler=scheduler,
        threads=threads,
        categories=categories,
        progress=progress,
    )


__all__ = ["equity"]
