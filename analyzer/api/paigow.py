"""Pai Gow Poker (rules §5), as ``pa.paigow``: the House Way, every split's EV, the house edge.

The command line's ``poker-analyzer paigow houseway``, ``paigow split``, ``paigow edge`` and
``paigow exact-edge`` (with ``--strategy optimal``, :func:`optimal_edge`); the engines are
:func:`analyzer.games.paigow.houseway.house_way_setting`,
:func:`analyzer.games.paigow.split.split_ev`, :func:`analyzer.games.paigow.edge.house_edge`,
:func:`analyzer.games.paigow.exact_edge.exact_house_edge` and
:func:`analyzer.games.paigow.optimal_edge.optimal_house_edge`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from analyzer.api import _namespace, _translate
from analyzer.cards import CardsInput
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE
from analyzer.sim.runner import Runner

if TYPE_CHECKING:  # the engines are imported on first call: importing them builds the evaluator's tables
    from analyzer.games.paigow.edge import EdgeResult
    from analyzer.games.paigow.exact_edge import ExactEdgeResult
    from analyzer.games.paigow.houseway import HouseWaySetting
    from analyzer.games.paigow.optimal_edge import OptimalEdgeResult
    from analyzer.games.paigow.split import SplitAnalysis


@_translate.checked
def house_way(hand: CardsInput, *, way: str = "foxwoods") -> HouseWaySetting:
    """How the House Way sets a seven-card hand (rules §5.3): the first of its rules that fits
    decides the front (2 cards) and the back (5 cards).

    Parameters
    ----------
    hand:
        Seven cards: text such as ``"Ac Kd Kh 7s 5c 3d Jk"`` (``Jk`` the joker) or a list of cards.
    way:
        ``"foxwoods"`` (the default of §5.3), ``"trump-plaza"`` (its Trump Plaza two-pair rule) or
        ``"improved"`` (the Wizard of Odds' improved two-pair rule).

    Returns
    -------
    HouseWaySetting
        ``front``, ``back``, their names and values, and the ``rule`` that decided.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.paigow.house_way("Ac Kd Kh 7s 5c 3d Jk")
    HouseWaySetting (foxwoods): 5 two pair: split (lower pair in front)
      front  Kd Kh            Pair of kings
      back   Ac 7s 5c 3d Jk   Pair of aces
    """
    from analyzer.games.paigow.houseway import house_way_setting

    return house_way_setting(hand, way)


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def split(
    hand: CardsInput,
    *,
    way: str = "foxwoods",
    exact: bool | None = None,
    trials: int | None = None,
    target_se: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    commission: float = 0.05,
    player_banks: bool = False,
    chunk_size: int = DEFAULT_CHUNK_SIZE // 4,
    runner: Runner,
) -> SplitAnalysis:
    """Every legal split of a seven-card hand with its P(win), P(push), P(loss) and EV against a
    dealer who sets by the House Way (rules §5.1-5.3), best first.

    Only legal splits are played (the back outranks the front, PG-6), one per distinct pair of
    hand values. Settlement (§5.1): both hands won pays 1 less the commission, one each is a push,
    both lost costs 1; a copy (identical hands) goes to the banker.

    Parameters
    ----------
    hand:
        The player's seven cards: text such as ``"Ac Kd Kh 7s 5c 3d Jk"`` or a list of cards.
    way:
        The dealer's House Way: ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    exact:
        ``True`` counts all 53,524,680 dealer hands, ``False`` forces Monte Carlo; ``None`` (the
        default) picks the quicker for the precision asked. Exact takes a few thousandths of a
        second on one core (the dealer's hands counted by rank pattern), 0.15 s more the first
        time in a process.
    trials:
        Monte Carlo: stop after this many dealer hands (1,000,000 when no rule is given).
    target_se:
        Monte Carlo: stop once every split's standard error is at most this.
    time_limit:
        Monte Carlo: stop after this many seconds.
    seed:
        Monte Carlo seed; ``None`` draws a fresh one, reported in ``result.run.seed``.
    commission:
        The commission on the player's wins, in [0, 1) (PG-8: exactly 5% by default).
    player_banks:
        The player banks, so copies go to him (by default the dealer banks and takes them).
    chunk_size:
        Monte Carlo dealer hands per seeded chunk: a result depends on the inputs, the seed and
        this.
    threads:
        Monte Carlo: local threads (default: every core).
    scheduler:
        Monte Carlo: a Dask scheduler address, to run on a cluster instead of local threads.
    progress:
        Monte Carlo: called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    SplitAnalysis
        ``splits``: one :class:`~analyzer.games.paigow.split.SplitFigures` per legal split
        (``setting.front``, ``setting.back``, ``win``, ``push``, ``loss``, ``ev`` ± ``stderr``,
        ``house_way``), best EV first; ``run``: how they were found.

    Examples
    --------
    >>> import analyzer as pa
    >>> result = pa.paigow.split("Ac Kd Kh 7s 5c 3d Jk", trials=20_000, seed=1)
    >>> result.best.setting.front, result.house_way.setting.front
    ('Kd Kh', 'Kd Kh')
    >>> result
    SplitAnalysis: Ac Kd Kh 7s 5c 3d Jk; Monte Carlo, 20,000 dealer hands, seed 1
      front Kd Kh  back Ac 7s 5c 3d Jk  EV +0.7199 ± 0.0030  win 76.52%  push 22.78%  loss 0.70%  House Way
      front Ac 7s  back Kd Kh 5c 3d Jk  EV +0.2842 ± 0.0046  win 42.64%  push 45.27%  loss 12.09%
      front Ac 5c  back Kd Kh 7s 3d Jk  EV +0.2784 ± 0.0046  win 42.52%  push 44.91%  loss 12.56%
      front Ac 3d  back Kd Kh 7s 5c Jk  EV +0.2750 ± 0.0047  win 42.52%  push 44.57%  loss 12.90%
      front Kd 7s  back Ac Kh 5c 3d Jk  EV +0.1956 ± 0.0044  win 33.46%  push 54.31%  loss 12.23%
      ... 6 more splits (to_frame() lists them all)
      House Way (foxwoods): 5 two pair: split (lower pair in front)
    """
    from analyzer.games.paigow.split import split_ev

    return split_ev(
        hand,
        way=way,
        exact=exact,
        stopping=_translate.stopping(trials, target_se, time_limit),
        seed=seed,
        chunk_size=chunk_size,
        rules=PaiGowRules(commission=commission, player_banks=player_banks),
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def edge(
    *,
    strategy: str = "houseway",
    way: str = "foxwoods",
    trials: int | None = None,
    target_se: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    commission: float = 0.05,
    player_banks: bool = False,
    inner_trials: int = 2_000,
    runner: Runner,
) -> EdgeResult:
    """The player's EV per unit bet over random deals against a dealer who sets by the House Way
    (rules §5.1-5.3); the house edge is its negative. Monte Carlo.

    Parameters
    ----------
    strategy:
        How the player sets: ``"houseway"`` (as the dealer does), or ``"optimal"``: on every
        deal the split with the best EV estimated from ``inner_trials`` dealer hands of a separate
        sample, scored on the deal's own dealer hand (so the choice cannot flatter the score).
    way:
        The House Way: ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    trials:
        Stop after this many deals (1,000,000 when no stopping rule is given).
    target_se:
        Stop once the EV's standard error is at most this.
    time_limit:
        Stop after this many seconds.
    seed:
        The seed; ``None`` draws a fresh one, reported in ``result.run.seed``.
    commission:
        The commission on the player's wins, in [0, 1) (PG-8: exactly 5% by default).
    player_banks:
        The player banks, so copies go to him.
    inner_trials:
        ``optimal`` only: the dealer hands that estimate each hand's best split.
    threads:
        Local threads (default: every core).
    scheduler:
        A Dask scheduler address, to run on a cluster instead of local threads.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    EdgeResult
        ``ev`` ± ``stderr``, ``house_edge``, ``win``, ``push``, ``loss`` (each with its
        ``..._stderr``), and for ``optimal`` ``gain_over_house_way`` ± ``gain_stderr`` (paired
        on the same deals).

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.paigow.edge(trials=50_000, seed=1)
    EdgeResult: player sets by houseway, dealer by the House Way (foxwoods); Monte Carlo, 50,000 deals, seed 1
      EV -3.284% ± 0.336% per unit bet (house edge 3.284%)
      win 28.830% ± 0.203%  push 40.498% ± 0.220%  loss 30.672% ± 0.206%
    """
    from analyzer.games.paigow.edge import house_edge

    return house_edge(
        strategy=strategy,
        way=way,
        stopping=_translate.stopping(trials, target_se, time_limit),
        seed=seed,
        rules=PaiGowRules(commission=commission, player_banks=player_banks),
        inner_trials=inner_trials,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "progress")
def exact_edge(
    *,
    way: str = "foxwoods",
    commission: float = 0.05,
    player_banks: bool = False,
    cache: str | Path | None = None,
    runner: Runner,
) -> ExactEdgeResult:
    """The player's exact EV per unit bet over all 8,250,459,031,214,400 deals when player and
    dealer both set by the House Way (rules §5.1-5.3); the house edge is its negative.

    Every 7-card hand is set once into a table cached on disk (616 MB, built in about 40 s on 2
    cores); the deals are counted by inclusion-exclusion over the cards the two hands would
    share, each term a dominance count over the hands holding those cards, one set of shared
    cards per suit class (a few minutes on 2 cores). An interrupted run resumes from its
    checkpoints in the cache folder.

    Parameters
    ----------
    way:
        The House Way: ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    commission:
        The commission on the player's wins, in [0, 1) (PG-8: exactly 5% by default).
    player_banks:
        The player banks, so copies go to him.
    cache:
        The folder of the setting tables and checkpoints (default ``~/.cache/poker-analyzer``, or
        under ``$XDG_CACHE_HOME``).
    threads:
        Local threads (default: every core).
    progress:
        Called as ``progress(done, planned)``: the table's build, then the counting tasks.

    Returns
    -------
    ExactEdgeResult
        Exact integer counts ``player_wins``, ``pushes``, ``player_losses``, and ``ev`` (also
        ``ev_fraction``, an exact fraction) and ``house_edge``.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.paigow.exact_edge().house_edge  # doctest: +SKIP
    0.027...
    """
    from analyzer.games.paigow.exact_edge import exact_house_edge

    return exact_house_edge(
        way=way,
        rules=PaiGowRules(commission=commission, player_banks=player_banks),
        cache=Path(cache) if cache is not None else None,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "progress")
def optimal_edge(
    *,
    way: str = "foxwoods",
    commission: float = 0.05,
    cache: str | Path | None = None,
    runner: Runner,
) -> OptimalEdgeResult:
    """The player's exact EV over all 8,250,459,031,214,400 deals when he takes, on every hand,
    the split with the best exact EV against a House-Way dealer who banks (rules §5.1-5.3),
    beside the House Way's own split on the same count.

    The hands are taken by class under suit permutations (6,972,147 classes, each set once by
    the House Way: no setting table is built), each class's splits counted against every dealer
    hand by inclusion-exclusion over shared cards, as :func:`exact_edge` counts; about 3 minutes
    and 2.4 GB on 2 cores. The sums are saved every minute in the cache folder, so an interrupted
    run resumes.

    Parameters
    ----------
    way:
        The dealer's House Way: ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    commission:
        The commission on the player's wins, in [0, 1): it decides which split is best.
    cache:
        The folder of the saved sums (default ``~/.cache/poker-analyzer``).
    threads:
        Local threads (default: every core).
    progress:
        Called as ``progress(done, planned)`` as the parts of the count run.

    Returns
    -------
    OptimalEdgeResult
        Exact counts ``optimal`` and ``house_way`` (wins, pushes, losses), ``ev``,
        ``house_way_ev``, ``gain`` and ``improved_hands``.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.paigow.optimal_edge().gain  # doctest: +SKIP
    0.0018...
    """
    from analyzer.games.paigow.optimal_edge import optimal_house_edge

    return optimal_house_edge(
        way=way,
        commission=commission,
        cache=Path(cache) if cache is not None else None,
        runner=runner,
    )


__all__, __getattr__, __dir__ = _namespace.public(
    __name__,
    ["edge", "exact_edge", "house_way", "optimal_edge", "split"],
    {
        "EdgeResult": "analyzer.games.paigow.edge",
        "ExactEdgeResult": "analyzer.games.paigow.exact_edge",
        "HouseWaySetting": "analyzer.games.paigow.houseway",
        "OptimalEdgeResult": "analyzer.games.paigow.optimal_edge",
        "SplitAnalysis": "analyzer.games.paigow.split",
    },
)
