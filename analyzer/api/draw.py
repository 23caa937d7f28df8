"""Five-card draw (rules §4), as ``pa.draw``: exact draw odds, and which cards to throw.

The command line's ``poker-analyzer draw odds`` and ``draw advise``; the engines are
:func:`analyzer.games.draw.odds.draw_odds` and :func:`analyzer.games.draw.advise.advise`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.api import _namespace, _translate
from analyzer.cards import CardsInput
from analyzer.sim.runner import Runner

if TYPE_CHECKING:  # the engines are imported on first call, as those of the other games
    from analyzer.games.draw.advise import DrawAdvice
    from analyzer.games.draw.odds import DrawOdds


@_translate.checked
def odds(
    hand: CardsInput, discard: CardsInput | None = None, *, bug: bool = False, dead: CardsInput | None = None
) -> DrawOdds:
    """The exact distribution of the final hand after throwing ``discard`` and drawing as many
    cards (rules §4.1), and P(improve): every set of cards that can be drawn from the unseen ones
    is enumerated, each equally likely.

    Parameters
    ----------
    hand:
        The five cards: text such as ``"Jc Jd 8h 5s 2c"`` or a list of cards.
    discard:
        The cards to throw, 0 to 5 cards of ``hand``; ``None`` or ``""`` stands pat.
    bug:
        Play the 53-card deck with the Bug joker (rules §4.3: an ace, or the filler of a straight
        or flush; ``Jk`` in the cards).
    dead:
        Cards known to be out of the stock, or ``None``.

    Returns
    -------
    DrawOdds
        ``categories`` (final category -> probability), ``category_counts``, ``outcomes`` (the
        number of equally likely draws) and ``p_improve``.

    Examples
    --------
    A pair of jacks draws three (rules test vector A.4: improve .2871):

    >>> import analyzer as pa
    >>> result = pa.draw.odds("Jc Jd 8h 5s 2c", discard="8h 5s 2c")
    >>> round(result.p_improve, 4), result.outcomes
    (0.2871, 16215)
    >>> result
    DrawOdds: Jc Jd 8h 5s 2c, keep Jc Jd, draw 3 (standard deck); exact, 16,215 equally likely draws
      Four of a kind     0.2775%
      Full house         1.0176%
      Three of a kind   11.4339%
      Two pair          15.9852%
      Pair              71.2858%
      P(improve on Pair of jacks) = 28.7142%
    """
    from analyzer.games.draw.odds import draw_odds

    return draw_odds(hand, _translate.cards(discard), bug=bug, dead=_translate.cards(dead))


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def advise(
    hand: CardsInput,
    *,
    opponents: int = 1,
    policy: str = "standard",
    bug: bool = False,
    jacks_or_better: bool = False,
    max_draw: int = 3,
    four_with_ace: bool = False,
    dead: CardsInput | None = None,
    trials: int | None = None,
    target_se: float | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
    runner: Runner,
) -> DrawAdvice:
    """Every allowed discard of a five-card hand ranked by its equity at showdown against
    opponents who draw by a model policy (rules §4.1), best first, with its exact P(improve).

    Monte Carlo with common random numbers: every option meets the same opponents' hands and
    draws, so the differences between options are measured more precisely than each equity.

    Parameters
    ----------
    hand:
        The five cards: text such as ``"Jc Jd 8h 5s 2c"`` or a list of cards.
    opponents:
        1 to 5 opponents, dealt from the unseen cards, who draw too.
    policy:
        How the opponents draw: ``"standard"``, or ``"pat"`` (stand pat with two pair or better).
    bug:
        Play the 53-card deck with the Bug joker (rules §4.3).
    jacks_or_better:
        The pot was opened under Jacks or Better (rules §4.3): when the hand cannot open, only
        the deals where an opponent could are played.
    max_draw:
        The most cards one may draw (3 by the rules).
    four_with_ace:
        The house option of rules D-4: also draw four, keeping an ace (or the joker) alone.
    dead:
        Cards known to be out of the stock, or ``None``.
    trials:
        Stop after this many deals (200,000 when no stopping rule is given).
    target_se:
        Stop once every option's standard error is at most this.
    time_limit:
        Stop after this many seconds.
    seed:
        The seed; ``None`` draws a fresh one, reported in ``result.run.seed``.
    threads:
        Local threads (default: every core).
    scheduler:
        A Dask scheduler address, to run on a cluster instead of local threads.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    DrawAdvice
        ``options``: one :class:`~analyzer.games.draw.advise.DrawOption` per discard (``keep``,
        ``discard``, ``equity`` ± ``stderr``, ``win``, ``p_improve`` ...), best equity first;
        ``run``: the Monte Carlo run's facts.

    Examples
    --------
    >>> import analyzer as pa
    >>> advice = pa.draw.advise("Jc Jd 8h 5s 2c", trials=4_000, seed=1)
    >>> advice.best.keep
    'Jc Jd'
    >>> advice
    DrawAdvice: Jc Jd 8h 5s 2c against 1 opponent (standard policy, standard deck); Monte Carlo, 4,000 deals, seed 1
      keep Jc Jd        draw 3  equity 65.03% ± 0.75%  P(improve) 28.71%
      keep Jc Jd 5s     draw 2  equity 64.62% ± 0.76%  P(improve) 25.90%
      keep Jc Jd 8h     draw 2  equity 64.38% ± 0.76%  P(improve) 25.90%
      keep Jc Jd 2c     draw 2  equity 64.12% ± 0.76%  P(improve) 25.90%
      keep Jc Jd 8h 5s  draw 1  equity 61.22% ± 0.77%  P(improve) 17.02%
      ... 21 more options (to_frame() lists them all)
    """
    from analyzer.games.draw.advise import advise as draw_advise
    from analyzer.games.draw.advise import stopping_rules

    return draw_advise(
        hand,
        opponents=opponents,
        policy=policy,
        bug=bug,
        max_draw=max_draw,
        four_with_ace=four_with_ace,
        jacks_or_better=jacks_or_better,
        dead=_translate.cards(dead),
        stopping=stopping_rules(trials, target_se, time_limit),
        seed=seed,
        runner=runner,
    )


__all__, __getattr__, __dir__ = _namespace.public(
    __name__,
    ["advise", "odds"],
    {
        "DrawAdvice": "analyzer.games.draw.advise",
        "DrawOdds": "analyzer.games.draw.odds",
    },
)
