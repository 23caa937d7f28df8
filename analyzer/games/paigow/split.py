"""Pai Gow Poker (rules §5): every split's EV against a House-Way dealer, exact over all
53,524,680 dealer hands, or Monte Carlo with common random numbers.

Exact, the dealer's hands are counted by rank pattern (:mod:`.dealer_patterns`: each pattern
set once by the House Way per process, 0.15 s, then a few thousandths of a second a hand on
one core), with the same integer counts as setting every dealer hand again.

Settlement (the house rules are a :class:`.rules.PaiGowRules`): the player wins both hands
-> +1 less the commission (5% by default, exact), one each -> push, both lost -> -1; an
identical hand (a copy) goes to the banker, the dealer unless ``player_banks``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import CardsInput, cards_mask, format_cards
from analyzer.games.paigow.dealer_patterns import split_tallies
from analyzer.games.paigow.engine import sampled_split_tallies
from analyzer.games.paigow.houseway import Setting, house_way_setting, legal_settings, parse_hand, way_number
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.sim.engine import (
    DEFAULT_CHUNK_SIZE,
    Stopping,
    clock_start,
    mean_and_se,
)
from analyzer.sim.facts import RunFacts
from analyzer.sim.method import choose_method
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed

if TYPE_CHECKING:  # matplotlib is imported when a chart is drawn, not with the game
    import pandas as pd
    from matplotlib.figure import Figure

DEALER_HANDS = math.comb(46, 7)  # 53,524,680
EXACT_SECONDS = 0.1  # the exact count on one core: 0.007 s, and 0.15 s more the first time in a process
DEALER_HANDS_PER_SECOND = 2.5e6  # Monte Carlo dealer settings per second per thread (cost model)


@dataclass(frozen=True)
class SplitFigures:
    """One split's results against the House-Way dealer (settled as in rules §5.1).

    Attributes
    ----------
    setting:
        The split: front and back cards, names and values.
    win, push, loss:
        The chances that the player wins both hands, wins one and loses one, loses (a copy
        counts for the banker).
    ev, stderr:
        The expected result per unit bet (a win pays 1 less the commission) and its standard
        error (0 when exact).
    house_way:
        Whether this is the split the House Way makes.
    """

    setting: Setting
    win: float
    push: float
    loss: float
    ev: float
    stderr: float
    house_way: bool

    def to_dict(self) -> dict:
        """The split's cards and names, then its figures, under flat keys."""
        return {
            "front": self.setting.front,
            "back": self.setting.back,
            "front_name": self.setting.front_name,
            "back_name": self.setting.back_name,
            "win": self.win,
            "push": self.push,
            "loss": self.loss,
            "ev": self.ev,
            "stderr": self.stderr,
            "house_way": self.house_way,
        }


@dataclass(frozen=True)
class SplitAnalysis:
    """Every legal split of a hand against a House-Way dealer, best EV first.

    Attributes
    ----------
    cards:
        The seven cards (canonical text).
    way, rule:
        The dealer's House Way, and the rule by which it sets this hand.
    run:
        How the figures were found: ``run.trials`` is the number of dealer hands, every one of
        them (53,524,680) when exact.
    rules:
        The house rules of the settlement (commission, who banks).
    splits:
        One :class:`SplitFigures` per legal split (one per distinct pair of hand values), best EV
        first.
    """

    cards: str
    way: str
    rule: str
    run: RunFacts
    rules: PaiGowRules
    splits: tuple[SplitFigures, ...]

    @property
    def best(self) -> SplitFigures:
        """The split with the highest EV."""
        return self.splits[0]

    @property
    def house_way(self) -> SplitFigures:
        """The split the House Way makes."""
        return next(s for s in self.splits if s.house_way)

    def to_frame(self) -> pd.DataFrame:
        """One row per split, best EV first: ``front``, ``back``, their names, ``win``, ``push``,
        ``loss``, ``ev``, ``stderr`` and ``house_way``."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([s.to_dict() for s in self.splits])

    def to_dict(self) -> dict:
        """The JSON the command line prints with ``--json``: the hand, the House Way rule, the
        run's facts, the house rules and every split."""
        return {
            "cards": self.cards,
            "way": self.way,
            "house_way_rule": self.rule,
            **self.run.to_dict(),
            **self.rules.to_dict(),
            "splits": [s.to_dict() for s in self.splits],
        }

    def __repr__(self) -> str:
        shown = 5  # the best splits and the House Way's; to_frame() has them all
        listed = [s for i, s in enumerate(self.splits) if i < shown or s.house_way]
        width = max(len(s.setting.front) for s in listed)
        lines = [f"SplitAnalysis: {self.cards}; {self.run.describe('dealer hand')}"]
        for s in listed:
            error = "" if self.run.exact else f" ± {s.stderr:.4f}"
            lines.append(
                f"  front {s.setting.front:<{width}}  back {s.setting.back}  EV {s.ev:+.4f}{error}"
                f"  win {100 * s.win:.2f}%  push {100 * s.push:.2f}%  loss {100 * s.loss:.2f}%"
                + ("  House Way" if s.house_way else "")
            )
        if len(self.splits) > len(listed):
            lines.append(f"  ... {len(self.splits) - len(listed)} more splits (to_frame() lists them all)")
        lines.append(f"  House Way ({self.way}): {self.rule}")
        return "\n".join(lines)

    def plot(self) -> Figure:
        """A bar per split (front | back), best first and highlighted, the House Way's marked:
        EV per unit bet, with error bars of two standard errors unless exact."""
        from analyzer.charts import bar_chart

        return bar_chart(
            [f"{s.setting.front} | {s.setting.back}" + (" (House Way)" if s.house_way else "") for s in self.splits],
            [s.ev for s in self.splits],
            errors=None if self.run.exact else [2 * s.stderr for s in self.splits],
            title=f"{self.cards}: EV of each split",
            value_label=f"EV per unit bet against a House-Way dealer ({self.way})",
            error_note=self.run.error_note("dealer hand"),
            highlight=0,
        )


def settlement(tallies: np.ndarray, total: int, commission: float) -> tuple[float, float, float, float, float]:
    """(win, push, loss, EV, standard error) from (win, push, loss) counts over ``total`` hands."""
    win, push, loss = (float(x) for x in tallies)
    payout = 1.0 - commission
    ev, se = mean_and_se(payout * win - loss, payout**2 * win + loss, total)
    return win / total, push / total, loss / total, ev, se


@dataclass(frozen=True)
class _SplitJob:
    """A picklable Monte Carlo job: every split against the same random dealer hands."""

    excluded: np.uint64
    fronts: np.ndarray
    backs: np.ndarray
    way: int
    player_banks: bool
    commission: float

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        tallies = np.zeros((len(self.fronts), 3), np.int64)
        sampled_split_tallies(
            self.excluded, self.fronts, self.backs, self.way, self.player_banks, state.copy(), trials, tallies
        )
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        return max(settlement(t, trials, self.commission)[4] for t in tallies)


def split_ev(
    cards: CardsInput,
    *,
    way: str = "foxwoods",
    exact: bool | None = None,
    stopping: Stopping = Stopping(),
    seed: int | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE // 4,
    rules: PaiGowRules = PaiGowRules(),
    runner: Runner = Runner(),
) -> SplitAnalysis:
    """Every legal split's P(win), P(push), P(loss) and EV against a dealer who sets by the House
    Way (rules §5.1-5.3), best first, settled by the house ``rules``.

    Only legal splits are played (the back outranks the front, PG-6), one per distinct pair of
    hand values. Exact: every one of the 53,524,680 dealer hands of the 46 other cards, counted
    by rank pattern on one core (:mod:`.dealer_patterns`, a few thousandths of a second; the
    first in a process sets the patterns, about 0.15 s more). Monte Carlo: random dealer hands, the
    same ones for every split (common random numbers).

    Parameters
    ----------
    cards:
        The player's seven cards, as text or codes, the joker (``Jk``) allowed.
    way:
        The dealer's House Way: ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    exact:
        ``None`` (exact when enumerating is estimated to be quicker than the Monte Carlo run
        ``stopping`` asks for), ``True`` (exact) or ``False`` (Monte Carlo).
    stopping:
        When a Monte Carlo run stops (a trial count, a target standard error, a time limit).
    seed:
        The Monte Carlo seed; ``None`` draws a fresh one, reported in the result.
    chunk_size:
        Dealer hands per seeded chunk: a result depends on the inputs, the seed and this.
    rules:
        The house rules: the commission on wins and who banks (who takes copies).
    runner:
        Where a Monte Carlo run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (dealer hands done, planned or
        ``None``) as the run goes; the exact count runs on the calling thread.

    Returns
    -------
    SplitAnalysis
        Every legal split's figures, best EV first, with the House Way's marked.
    """
    codes = parse_hand(cards)
    commission, player_banks = rules.commission, rules.player_banks
    number = way_number(way)
    settings = legal_settings(codes)
    fronts = np.array([s.front_value for s in settings], np.int64)
    backs = np.array([s.back_value for s in settings], np.int64)
    chosen = house_way_setting(codes, way)
    start = clock_start()
    choice = choose_method(exact, EXACT_SECONDS, stopping, runner.workers, DEALER_HANDS_PER_SECOND)
    exact = choice.exact
    if exact:
        tallies = split_tallies(codes, fronts, backs, number, player_banks)
        facts = RunFacts.enumerated(DEALER_HANDS, since=start, choice=choice.reason)
    else:
        seed = new_seed(seed)
        excluded = cards_mask(codes)
        run = runner.monte_carlo(
            _SplitJob(excluded, fronts, backs, number, player_banks, commission),
            seed=seed,
            stopping=stopping,
            chunk_size=chunk_size,
        )
        tallies, facts = run.tallies, RunFacts.from_run(run, choice=choice.reason)
    figures = []
    for s, t in zip(settings, tallies):
        win, push, loss, ev, se = settlement(t, facts.trials, commission)
        is_house = (s.front_value, s.back_value) == (chosen.front_value, chosen.back_value)
        figures.append(SplitFigures(s, win, push, loss, ev, 0.0 if exact else se, is_house))
    figures.sort(key=lambda f: -f.ev)
    return SplitAnalysis(
        cards=format_cards(codes), way=way, rule=chosen.rule, run=facts, rules=rules, splits=tuple(figures)
    )


__all__ = ["SplitAnalysis", "SplitFigures", "settlement", "split_ev"]
