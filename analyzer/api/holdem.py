"""Texas Hold'em (rules §6.2), as ``pa.holdem``: the equity of hands and ranges at showdown,
on every flop or every turn, of many queries at once, and what a range makes and
draws to on a flop.

The command line's ``poker-analyzer holdem equity``, ``holdem flops``, ``holdem turns`` and
``holdem hits``; the engines are :func:`analyzer.games.holdem.equity.holdem_equity`,
:mod:`analyzer.games.holdem.streets`, :func:`analyzer.games.holdem.queries.holdem_equities` and
:func:`analyzer.games.holdem.hits.holdem_hits`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from analyzer.api import _namespace, _translate
from analyzer.cards import CardsInput
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE
from analyzer.sim.runner import Runner

if TYPE_CHECKING:  # the engine is imported on first call: importing it builds the evaluator's tables
    from analyzer.games._equity import EquityResult
    from analyzer.games.holdem.hits_result import HitsResult
    from analyzer.games.holdem.icm import IcmResult
    from analyzer.games.holdem.push_fold import PushFoldChart, PushFoldResult
    from analyzer.games.holdem.push_fold_icm import IcmPushFoldResult
    from analyzer.games.holdem.queries import EquityBatch
    from analyzer.games.holdem.sklansky_chubukov import SklanskyChubukovNumbers
    from analyzer.games.holdem.street_results import StreetEquities
    from analyzer.ranges import Range


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
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
    breakdown: bool = False,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    runner: Runner,
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
    breakdown:
        Also each player's equity combo by combo and class by class, from the same run
        (``players[i].breakdown``, a :class:`~analyzer.sim.breakdown.Breakdown`). A combo's
        equity is the player's pot share given that he holds it, over the other players'
        ranges (their weights, the cards it blocks) and the boards; its weight is its share of
        the deals: its own weight times the total weight of the others' combos that fit with it,
        normalised to sum to 1 per player. So the weighted mean of the combos' equities is the
        range's equity. Classes (``AKs``, ``QQ``) sum their combos' weights and average their
        equities. Monte Carlo gives each combo the trials that dealt it (``samples``) and a
        standard error from those alone; combos never dealt have no row.
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
        the order given; ``.combos``, the live combos of his range (those in at least one deal,
        given the board, the dead cards and the others' ranges: the breakdown's rows), and
        ``.combos_listed``, all of them (board and dead cards removed); ``run`` says how they
        were found (``run.exact``, ``run.trials``: deals enumerated or drawn, ``run.seed``).

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
      player 1  QQ+, AKs  equity 64.750% ± 0.338%  win 64.750%  tie 0.000%
      player 2  JhTh      equity 35.250% ± 0.338%  win 35.250%  tie 0.000%

    The range's equity combo by combo and class by class, best first; the weighted mean of
    the combos' equities is the range's equity:

    >>> result = pa.holdem.equity(["AhKh", "QQ+, AKs"], board="Qh 7h 2c", breakdown=True)
    >>> combos = result.players[1].breakdown.combos
    >>> combos, result.players[1].combos, result.players[1].combos_listed
    (HandEquities(12 rows: QsQd 74.444%, QsQc 74.444%, QdQc 74.444%, ...), 12, 19)
    >>> combos.to_frame().tail(3)
        hand class    weight    equity       win       tie  stderr samples
    9   AcKc   AKs  0.083333  0.340909  0.045455  0.590909     0.0    None
    10  AsKs   AKs  0.083333  0.318182  0.000000  0.636364     0.0    None
    11  AdKd   AKs  0.083333  0.318182  0.000000  0.636364     0.0    None
    >>> abs(sum(w * e for w, e in zip(combos.weights, combos.equity)) - result.players[1].equity) < 1e-12
    True
    >>> result.players[1].breakdown.classes.to_frame()
      hand class  weight    equity       win       tie  stderr samples
    0   QQ    QQ    0.25  0.744444  0.744444  0.000000     0.0    None
    1   AA    AA    0.25  0.627273  0.627273  0.000000     0.0    None
    2   KK    KK    0.25  0.530303  0.530303  0.000000     0.0    None
    3  AKs   AKs    0.25  0.325758  0.015152  0.621212     0.0    None
    """
    return _holdem_equity()(
        hands,
        _translate.cards(board),
        _translate.cards(dead),
        exact=exact,
        stopping=_translate.stopping(trials, target_se, time_limit),
        seed=seed,
        chunk_size=chunk_size,
        categories=categories,
        breakdown=breakdown,
        runner=runner,
    )


@functools.cache
def _holdem_equity() -> Callable[..., EquityResult]:
    """:func:`equity`'s engine, imported on its first call (importing it builds the evaluator's
    tables) and kept: an import statement in the verb would cost every query about 0.5 µs, a few
    percent of a postflop one."""
    from analyzer.games.holdem.equity import holdem_equity

    return holdem_equity


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def flops(
    hands: Sequence[str | Range],
    dead: CardsInput | None = None,
    *,
    distinct: bool = False,
    runner: Runner,
) -> StreetEquities:
    """Exact equity of hands or ranges on every flop of the cards left (rules §6.2), each flop
    completed over every turn and river: how a preflop matchup does across the 17,296 flops
    (known hands heads-up, no dead cards) or the 22,100 (ranges).

    With ranges, a player's equity on a flop is his range's given that flop: every choice of
    one combo per player holding no flop or dead card and no card twice, weighted by the
    product of the combos' weights, over every turn and river. A flop's ``weights`` entry is
    its probability (the summed weight of the choices it leaves, over all flops'), and a flop on
    which some player has no live combo has no row.

    Flops that a permutation of the suits fixing every hand or weighted range and the dead
    cards maps onto each other have the same figures, so each such class is enumerated once;
    every flop is still listed, unless ``distinct`` asks for one row per class (its ``weights``
    the class's, its ``sizes`` how many flops). The mean over the flops, by weight, is the
    preflop equity, exactly: ``players`` equals :func:`equity`'s exact preflop answer.

    Parameters
    ----------
    hands:
        2 to 10 players' hands or ranges: a known hand (``"AsKs"``), a range (``"QQ+, AKs"``;
        :func:`analyzer.ranges.parse`) or a :class:`~analyzer.ranges.Range`. Ranges take the
        exact enumeration of :func:`equity` flop by flop: ``"QQ+, AKs"`` v ``"JJ-"`` (22 v 60
        combos) in about a second on two cores; one estimated longer than a minute is refused
        (:func:`analyzer.sim.method.allow_exact` lets it run).
    dead:
        Cards known to be out of play, or ``None``.
    distinct:
        One row per suit class of flops instead of every flop.
    threads:
        Local threads (default: every core); the figures do not depend on it.
    scheduler:
        A Dask scheduler address, to run on a cluster instead of local threads.
    progress:
        Called as ``progress(done, planned)`` (chunks of flops) while the run goes.

    Returns
    -------
    StreetEquities
        ``players``: the equities over all flops (the preflop ones); ``cards``, ``equity``,
        ``win``, ``tie`` and ``weights``: one row per flop; ``distribution()``: player 1's
        equity over the flops by weight (mean, quantiles, histogram, how often ahead);
        ``best()`` and ``worst()``; ``to_frame()``: one row per flop; ``plot()``: his equity by
        flop, sorted (Equilab's equity graph), or ``plot(kind="histogram")``.

    Examples
    --------
    >>> import analyzer as pa
    >>> result = pa.holdem.flops(["AsKs", "QdQc"])
    >>> result
    StreetEquities: Hold'em equity on every flop; exact, 17,123,040 deals, 17,296 flops
      player 1  AsKs  equity 46.214%  ahead on 38.0% of flops
      player 2  QdQc  equity 53.786%  ahead on 62.0% of flops
    >>> result.players == pa.holdem.equity(["AsKs", "QdQc"]).players
    True
    >>> result.best(2)
    [('Ah Ad Ac', 1.0), ('Kh Kd Kc', 1.0)]

    Ranges, each flop weighted by its probability:

    >>> ranges = pa.holdem.flops(["QQ+, AKs", "JJ-"])
    >>> ranges
    StreetEquities: Hold'em equity on every flop; exact, 22,602,412,800 deals, 22,100 flops
      player 1  QQ+, AKs  equity 75.019%  ahead on 100.0% of flops
      player 2  JJ-22     equity 24.981%  ahead on 0.0% of flops
    >>> ranges.players == pa.holdem.equity(["QQ+, AKs", "JJ-"], exact=True).players
    True
    >>> round(float(ranges.weights @ ranges.equity[:, 0]), 12) == round(ranges.players[0].equity, 12)
    True
    >>> ranges.worst(1)
    [('6s 5h 4d', 0.5790431048452438)]
    """
    from analyzer.games.holdem.streets import holdem_flops

    return holdem_flops(
        hands,
        _translate.cards(dead),
        distinct=distinct,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def turns(
    hands: Sequence[str | Range],
    board: CardsInput,
    dead: CardsInput | None = None,
    *,
    distinct: bool = False,
    runner: Runner,
) -> StreetEquities:
    """Exact equity of hands or ranges on every turn card after the flop ``board`` (rules §6.2),
    each turn completed over every river; the mean over the turns, by weight (with ranges, each
    turn's probability), is the equity on the flop.

    Parameters
    ----------
    hands:
        2 to 10 players' hands or ranges, as for :func:`flops`; a range with no combo left
        after the flop and the dead cards is an error naming it.
    board:
        The flop: three board cards (``board`` as for :func:`equity`, which names it so too).
    dead, distinct, threads, scheduler, progress:
        As for :func:`flops` (``distinct``: one row per suit class of turn cards).

    Returns
    -------
    StreetEquities
        As :func:`flops` returns, one row per turn card; ``players``: the equities on the flop.

    Examples
    --------
    >>> import analyzer as pa
    >>> result = pa.holdem.turns(["AsKs", "QdQc"], "Kh 7d 2c")
    >>> round(result.players[0].equity, 6), len(result.cards), result.worst(2)
    (0.912121, 45, [('Qs', 0.0), ('Qh', 0.0)])
    >>> ranges = pa.holdem.turns(["QQ+, AKs", "JJ-"], "Kh 7d 2c")
    >>> round(ranges.players[0].equity, 6), len(ranges.cards), ranges.worst(1)
    (0.851624, 49, [('Js', 0.8264260249554367)])
    """
    from analyzer.games.holdem.streets import holdem_turns

    return holdem_turns(
        hands,
        board,
        _translate.cards(dead),
        distinct=distinct,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def equities(
    queries: Sequence[Sequence[Any]],
    *,
    runner: Runner,
) -> EquityBatch:
    """Exact equity of many queries in one call (rules §6.2): each query's answer is
    :func:`equity`'s exact one. The queries of known hands are enumerated by one kernel call,
    with no per-call floor; a query with ranges is :func:`equity`'s exact enumeration.

    Parameters
    ----------
    queries:
        One ``(hands, board)`` or ``(hands, board, dead)`` per query: 2 to 10 hands or ranges
        (``["AsKs", "QdQc"]``, ``["QQ+, AKs", "JJ-"]``), 0, 3, 4 or 5 board cards and dead
        cards, as text or codes (``None`` or ``""`` for none). Every query is checked before
        any runs; a query with ranges estimated to take longer than a minute to enumerate is
        refused with an error naming it (:func:`analyzer.sim.method.allow_exact` lets it run).
    threads:
        Local threads (default: every core); the figures do not depend on it.
    scheduler:
        A Dask scheduler address, to run on a cluster instead of local threads.
    progress:
        Called as ``progress(done, planned)`` (chunks of queries) while the run goes.

    Returns
    -------
    EquityBatch
        One :class:`~analyzer.games._equity.EquityResult` per query, in order (index it or
        iterate it); ``to_frame()``: one row per query and player.

    Examples
    --------
    >>> import analyzer as pa
    >>> batch = pa.holdem.equities([(["AsKs", "QdQc"], "Kh 7d 2c"), (["AsKs", "QdQc", "7h7c"], "")])
    >>> batch
    EquityBatch: 2 Hold'em queries; exact, 1,371,744 deals
      0  AsKs 91.212% v QdQc 8.788%  board Kh 7d 2c
      1  AsKs 38.984% v QdQc 42.600% v 7h7c 18.417%
    >>> batch[0].players == pa.holdem.equity(["AsKs", "QdQc"], board="Kh 7d 2c").players
    True
    >>> ranged = pa.holdem.equities([(["QQ+, AKs", "JJ-"], "Kh 7d 2c"), (["QQ+, AKs", "JJ-"], "")])
    >>> ranged[1].players == pa.holdem.equity(["QQ+, AKs", "JJ-"], exact=True).players
    True
    """
    from analyzer.games.holdem.queries import holdem_equities

    return holdem_equities(queries, runner=runner)


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def hits(
    hand_range: str | Range,
    board: CardsInput | None = None,
    dead: CardsInput | None = None,
    *,
    runner: Runner,
) -> HitsResult:
    """What a range makes and draws to on a flop or a turn (rules §6.2: two hole cards and the
    board), or on every flop, exactly: the share of its combos (by weight) making each made
    hand, by category and by relative strength (set, overpair, top pair ...: a partition), and
    having each draw (flush draw, open-ended, gutshot, backdoors, overcards; a combo may have
    several). Every row is defined in
    :mod:`analyzer.games.holdem.texture`.

    Parameters
    ----------
    hand_range:
        One range (``"QQ+, AKs, 76s"``, ``"TT+:0.5"``, ``"random"``: :func:`analyzer.ranges.parse`)
        or a :class:`~analyzer.ranges.Range`. Combos holding a board or dead card are dropped.
    board:
        3 cards (a flop) or 4 (a turn); ``None`` or ``""`` for every flop of the cards left, each
        flop counted once with the combos that hold none of its cards.
    dead:
        Cards known to be out of play, or ``None``.
    threads:
        Local threads (default: every core); the figures do not depend on it.
    scheduler:
        A Dask scheduler address, to run on a cluster instead of local threads.
    progress:
        Called as ``progress(done, planned)`` (tasks of flops) while the run goes.

    Returns
    -------
    HitsResult
        ``made``, ``categories`` and ``draws``: rows of weighted ``combos`` and their ``share``
        of the range, and on a board the combos themselves (``hands``; ``None`` on every flop,
        where a combo makes different rows on different flops); ``row(name)`` finds one;
        ``filter(names)``, on a board, the :class:`~analyzer.ranges.Range` of the combos that
        make some rows, weights kept (Flopzilla's filter: ``"top pair+, flush draw"``, a made
        hand or category with ``+`` or ``or better`` meaning it and every stronger made hand);
        ``to_frame()``, ``to_dict()``, ``plot()``.

    Examples
    --------
    >>> import analyzer as pa
    >>> result = pa.holdem.hits("QQ+, AKs, 76s", board="Kh 7d 2c")
    >>> result
    HitsResult: Hold'em hits of QQ+, AKs, 76s, board Kh 7d 2c; exact, 21 hands, 21 combos
      Set                                3   14.286%
      Overpair                           6   28.571%
      Top pair                           3   14.286%
      Pocket pair below top card         6   28.571%
      Second pair                        3   14.286%
      Backdoor flush draw                4   19.048%
    >>> result.row("Pair").combos, sum(row.share for row in result.made)
    (18.0, 1.0)
    >>> result.row("Set").hands
    ('KsKd', 'KsKc', 'KdKc')

    The range of the combos making top pair or better, or a backdoor flush draw, weights kept,
    straight into an equity query:

    >>> strong = result.filter("Top pair+", "backdoor flush draw")
    >>> strong
    Range('AA, KsKd, KsKc, KdKc, AsKs, AdKd, AcKc, 7h6h, 7c6c', 14 combos)
    >>> pa.holdem.equity([strong, "AhQh"], board="Kh 7d 2c")
    EquityResult: Hold'em equity, board Kh 7d 2c; exact, 10,890 deals
      player 1  AA, KsKd, KsKc, KdKc, AsKs, AdKd, AcKc, 7h6h, 7c6c  equity 90.579%  win 90.579%  tie 0.000%
      player 2  AhQh                                                equity 9.421%  win 9.421%  tie 0.000%

    On every flop, a pocket pair flops a set, a full house or quads on 2,352 of the 19,600 flops
    left (2,304 holding a card of its rank, 48 three cards of another rank): 12%.

    >>> every = pa.holdem.hits("22+")
    >>> round(sum(every.row(name).share for name in ("Set", "Full house", "Four of a kind")), 12)
    0.12
    """
    from analyzer.games.holdem.hits import holdem_hits

    return holdem_hits(
        hand_range,
        _translate.cards(board),
        _translate.cards(dead),
        runner=runner,
    )


@_translate.checked
def push_fold(stack: float, *, ante: float = 0.0, tolerance: float = 1e-7) -> PushFoldResult:
    """The heads-up push/fold Nash equilibrium (chip EV): the small blind (0.5 bb) goes all in or
    folds, the big blind (1 bb) calls or folds, both with the effective stack ``stack`` big
    blinds, blinds and antes included; a called shove is settled by the exact all-in equity
    of the two hands over every board (rules §6.2), with exact card removal (every deal of two
    disjoint combos equally likely). The game, the solver (CFR+) and the exploitability are in
    :mod:`analyzer.games.holdem.push_fold`.

    Parameters
    ----------
    stack:
        The effective stack in big blinds, more than ``1 + ante`` and at most 100.
    ante:
        Each player's ante in big blinds (0 for none).
    tolerance:
        Solve until both players' best-response gains sum to at most this, in big blinds per
        hand.

    Returns
    -------
    PushFoldResult
        ``push`` and ``call``: the ranges (:class:`~analyzer.ranges.Range`, mixed classes at
        their frequency), ready for :func:`equity`; ``push_frequency`` and ``call_frequency``
        per class; ``value`` (the small blind's chip EV per hand), ``sb_gain``, ``bb_gain``
        and ``exploitability`` in big blinds per hand; ``to_frame()``, ``to_dict()``.

    Examples
    --------
    >>> import analyzer as pa
    >>> result = pa.holdem.push_fold(stack=10)
    >>> round(result.push_share, 3), round(result.call_share, 3), result.exploitability < 1e-7
    (0.583, 0.374, True)
    >>> result.push.canonical()[:41]
    '22+, A2+, K2+, Q7+, J8+, T8+, 97+, 87, 76'
    >>> result.to_dict()["mixed"]["call"]
    {'Q6s': 0.4012}

    The ranges are :class:`~analyzer.ranges.Range` objects, so they go straight into
    :func:`equity`.
    """
    from analyzer.games.holdem.push_fold import push_fold as solve

    return solve(stack, ante, tolerance)


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def push_fold_chart(
    *,
    max_stack: float = 20.0,
    step: float = 0.1,
    ante: float = 0.0,
    tolerance: float = 1e-7,
    runner: Runner,
) -> PushFoldChart:
    """The heads-up push/fold chart (rules §6.2) in the form of the published Nash charts:
    :func:`push_fold` solved at every stack of a grid (``max_stack`` down in ``step`` big blinds
    while above ``1 + ante``) and, per class, the largest stack at which the small blind pushes
    it and the largest at which the big blind calls (each with frequency at least 1/2), with the pushing
    stacks of the classes whose pushing leaves a hole of 1 bb or more (63s, 53s, 43s without
    ante). About 12 s on 2 cores for the default grid of 190 stacks.

    Parameters
    ----------
    max_stack:
        The grid's largest stack (the chart's "20+"), more than ``1 + ante``, at most 100.
    step:
        The grid's step in big blinds.
    ante:
        Each player's ante in big blinds.
    tolerance:
        Each solve's exploitability bound, big blinds per hand.
    threads:
        Local threads (default: every core); the chart does not depend on it.
    scheduler:
        A Dask scheduler address, to run on a cluster instead of local threads.
    progress:
        Called as ``progress(done, planned)`` (stacks solved) while the run goes.

    Returns
    -------
    PushFoldChart
        ``push`` and ``call`` per class (NaN for never), ``gaps``, ``exploitability`` (the
        largest of the solves); ``to_frame()`` (columns ``class``, ``push``, ``call``,
        ``push_stacks``), ``to_dict()``, ``plot()`` (the two 13x13 charts).

    Examples
    --------
    >>> import analyzer as pa
    >>> chart = pa.holdem.push_fold_chart(max_stack=8, step=0.5)
    >>> frame = chart.to_frame().set_index("class")
    >>> frame.loc[["T3s", "Q2o", "32o"], ["push", "call"]].to_dict("index")
    {'T3s': {'push': 7.5, 'call': 4.5}, 'Q2o': {'push': 7.0, 'call': 5.5}, '32o': {'push': nan, 'call': 2.5}}

    ``32o`` is pushed only below 1.5 bb (1.4 in the full chart), off this grid.
    """
    from analyzer.games.holdem.push_fold import push_fold_chart as chart

    return chart(max_stack=max_stack, step=step, ante=ante, tolerance=tolerance, runner=runner)


@_translate.checked
def sklansky_chubukov() -> SklanskyChubukovNumbers:
    """Every hand class's Sklansky-Chubukov number (rules §6.2), in big blinds: the largest stack behind the
    posted small blind at which shoving the hand face up does at least as well as folding, the
    big blind calling exactly when it gains him chips (AA: infinite). Exact, from the exact
    all-in equities of every combo against every other, card removal included
    (:mod:`analyzer.games.holdem.sklansky_chubukov` gives the formula); the book states the
    numbers in dollars at blinds of $1 and $2, twice these.

    Parameters
    ----------
    None: the numbers depend on nothing but the game (blinds 0.5 and 1, no ante).

    Returns
    -------
    SklanskyChubukovNumbers
        ``numbers`` (class name to number, in the order of the 169 classes), ``to_frame()``
        (columns ``class``, ``number``), ``to_dict()``, ``plot()`` (the 13x13 chart).

    Examples
    --------
    >>> import analyzer as pa
    >>> numbers = pa.holdem.sklansky_chubukov().numbers
    >>> {name: round(numbers[name], 1) for name in ("KK", "AKo", "88", "K8o", "32o")}
    {'KK': 477.0, 'AKo': 165.9, '88': 79.6, 'K8o': 15.2, '32o': 0.9}
    """
    from analyzer.games.holdem.sklansky_chubukov import sklansky_chubukov_numbers

    return sklansky_chubukov_numbers()


@_translate.checked
def icm(stacks: Sequence[float], payouts: Sequence[float]) -> IcmResult:
    """Tournament equity of each stack under a payout structure by the Malmuth-Harville model
    (ICM): a player finishes first with probability his share of the chips, and, each place
    filled, the next place goes to one of the players left with probability his share of
    their chips. Exact, over every finishing order of the paid places.

    Parameters
    ----------
    stacks:
        Each player's chips, more than 0 (2 to 20 players).
    payouts:
        The prize of 1st, 2nd ... place: at least one, at most one per player, 0 or more and
        never rising, not all 0.

    Returns
    -------
    IcmResult
        ``equities`` (in the payouts' unit), ``shares`` (of the prize pool) and
        ``places[i][k]``, the probability that player ``i`` finishes in place ``k + 1``;
        ``to_frame()``, ``to_dict()``.

    Examples
    --------
    >>> import analyzer as pa
    >>> result = pa.holdem.icm([5000, 3000, 2000], [50, 30, 20])
    >>> [round(e, 4) for e in result.equities]
    [38.3929, 32.75, 28.8571]
    """
    from analyzer.games.holdem.icm import icm_equities

    return icm_equities(stacks, payouts)


@_translate.checked
def icm_push_fold(
    stacks: Sequence[float],
    payouts: Sequence[float],
    *,
    ante: float = 0.0,
    deals: int = 2_000_000,
    seed: int = 2026,
    tolerance: float = 1e-4,
) -> IcmPushFoldResult:
    """Three-handed push/fold Nash equilibrium under ICM: the button pushes or folds, then the
    small blind calls (after a push) or pushes (after a fold), and the big blind calls or
    over-calls; each player is paid his Malmuth-Harville equity (:func:`icm`) of the stacks
    after the hand, side pots settled. The game is played on ``deals`` Monte Carlo deals (exact
    card removal and showdowns on each deal's board, rules §6.2) and solved by CFR+ on the 169
    classes: see :mod:`analyzer.games.holdem.push_fold_icm`.

    Parameters
    ----------
    stacks:
        The button's, the small blind's and the big blind's stacks in big blinds, each more
        than ``1 + ante`` and at most 100.
    payouts:
        1 to 3 prizes, never rising (any unit: the results are shares of their sum).
    ante:
        Each player's ante in big blinds.
    deals:
        The Monte Carlo deals the game is played on (1,000 to 20,000,000).
    seed:
        The seed of the deals.
    tolerance:
        Solve until the three players' best-response gains sum to at most this share of the
        prize pool.

    Returns
    -------
    IcmPushFoldResult
        ``ranges`` (each of the six decisions' :class:`~analyzer.ranges.Range`), ``frequencies``,
        ``equities`` with their ``standard_errors``, ``gains`` and ``exploitability`` (shares of
        the prize pool); ``to_frame()``, ``to_dict()``.

    Examples
    --------
    >>> import analyzer as pa
    >>> result = pa.holdem.icm_push_fold([10, 10, 10], [50, 30, 20], deals=200_000)
    >>> result.exploitability < 1e-3, round(result.ranges["button push"].share, 2)
    (True, 0.25)
    """
    from analyzer.games.holdem.push_fold_icm import icm_push_fold as solve

    return solve(stacks, payouts, ante=ante, deals=deals, seed=seed, tolerance=tolerance)


__all__, __getattr__, __dir__ = _namespace.public(
    __name__,
    [
        "equities",
        "equity",
        "flops",
        "hits",
        "icm",
        "icm_push_fold",
        "push_fold",
        "push_fold_chart",
        "sklansky_chubukov",
        "turns",
    ],
    {
        "EquityBatch": "analyzer.games.holdem.queries",
        "EquityResult": "analyzer.games._equity",
        "HitsResult": "analyzer.games.holdem.hits_result",
        "IcmPushFoldResult": "analyzer.games.holdem.push_fold_icm",
        "IcmResult": "analyzer.games.holdem.icm",
        "PushFoldChart": "analyzer.games.holdem.push_fold",
        "PushFoldResult": "analyzer.games.holdem.push_fold",
        "SklanskyChubukovNumbers": "analyzer.games.holdem.sklansky_chubukov",
        "StreetEquities": "analyzer.games.holdem.street_results",
    },
)
