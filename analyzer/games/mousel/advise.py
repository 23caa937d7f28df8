"""Mousel advice for a hand: go along or not, which cards to exchange, whether to declare.

The hand (4 cards) and the turned-up trump card are seen from ``seat`` (0 = forehand) at
a table of ``players``. Each trial deals the other hands and orders the stock at random
from the unseen cards (less any ``used`` cards of earlier deals of the pack, M-2), and
plays every option on that same deal (common random numbers): fold, or go along, lay away
one of the 16 subsets of the hand and then, when the option to declare reaches you, take
the game or pass. The others are baseline players (:mod:`.policies`).

Reported per option, each with its standard error: the expected chips of this deal
(the change of your stack: stake and penalties paid, tricks won), the expected *value*
(that change plus the change of your equal share, 1/players, of the pot carried to the
next deal: money left in the pot is not lost, and options are ranked by it), P(you
declare), and P(make) = P(at least 2 tricks | you declared). Decisions are fixed before
the exchange, so the value of going along is that of its best fixed plan.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, cast

import numpy as np

from analyzer.cards import CardError, check_disjoint, format_cards, parse_exact
from analyzer.games._results import SHOWN, Result, json_ready, summary, value_chart
from analyzer.games.mousel import engine as E
from analyzer.games.mousel.deal import OUTCOMES, _option_outcomes
from analyzer.games.mousel.policies import BASELINE, SEARCH_DEPTH, check_thresholds, play_code, seat_thresholds
from analyzer.games.mousel.rules import MAX_CHIPS, MouselRules
from analyzer.jit import kernel
from analyzer.sim.engine import KernelJob, Stopping, mean_and_se
from analyzer.sim.facts import RunFacts
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

TALLY = 7  # you declared; you made it; chips, chips^2; your tricks; value, value^2
DEFAULT_TRIALS = 20_000
CHUNK = 500


@kernel
def _deal_table(st, players, seat, hand, trump_card, stock, rng):
    """Set up a deal: ``seat`` holds ``hand``; the others are dealt from ``stock``."""
    E._setup(st, players, trump_card, stock)
    st[E.HAND + seat] = hand
    for s in range(players):
        if s != seat:
            E._deal_hand(st, s, rng)


@kernel
def _sample_options(
    players,
    seat,
    hand,
    trump_card,
    stock,
    options,
    params,
    play_mode,
    pot,
    stake,
    fail_mode,
    single_takes,
    trials,
    rng,
    tallies,
):
    """``trials`` deals, every option (rows: along, discards, declare) played on each."""
    deal = np.zeros(E.STATE_SIZE, np.int64)
    st = np.zeros(E.STATE_SIZE, np.int64)
    buf = np.zeros((SEARCH_DEPTH, E.STATE_SIZE), np.int64)
    chips = np.zeros(E.MAX_PLAYERS)
    outcomes = np.zeros((options.shape[0], OUTCOMES))
    rows = tallies.reshape((options.shape[0], TALLY))
    for _ in range(trials):
        _deal_table(deal, players, seat, hand, trump_card, stock, rng)
        _option_outcomes(
            deal, seat, options, params, play_mode, pot, stake, fail_mode, single_takes, st, buf, chips, rng, outcomes
        )
        for i in range(options.shape[0]):
            declared, made, won, tricks, value = outcomes[i]
            row = rows[i]
            row[0] += declared
            row[1] += made
            row[2] += won
            row[3] += won * won
            row[4] += tricks
            row[5] += value
            row[6] += value * value


def option_rows(hand: tuple[int, ...]) -> tuple[np.ndarray, list[str]]:
    """Fold, then (go along, lay away S, declare or pass) for every subset S of the hand."""
    rows, names = [(0, 0, 0)], ["fold"]
    for k in range(E.HAND_SIZE + 1):
        for subset in combinations(sorted(hand, reverse=True), k):
            mask = sum(1 << c for c in subset)
            laid = f"exchange {format_cards(subset)}" if subset else "keep all"
            for declare in (1, 0):
                rows.append((1, mask, declare))
                names.append(f"{laid}, {'declare' if declare else 'pass'}")
    return np.array(rows, np.int64), names


DEALS = ("deal", "deals")


@dataclass(frozen=True)
class OptionValue(Result):
    """One option and its value (module docstring): ``option`` is "fold" or "keep all" /
    "exchange CARDS", then "declare" or "pass"; ``value`` (chips plus the change of your share of
    the pot carried on) and ``chips`` (this deal) with their standard errors, ``p_declare``,
    ``p_make`` (P(at least 2 tricks | you declared), NaN when you never did) and its standard
    error, and ``tricks`` your expected tricks."""

    option: str
    value: float
    value_stderr: float
    chips: float
    chips_stderr: float
    p_declare: float
    p_make: float  # given you declared (nan if you never did)
    p_make_stderr: float
    tricks: float

    def to_dict(self) -> dict:
        """The fields, NaN as ``None`` (the ``options`` entries of ``--json``)."""
        return json_ready(self.__dict__)


@dataclass(frozen=True)
class MouselAdvice(Result):
    """Every option for a hand, best expected value first, and how the run went.

    ``hand`` and ``trump`` (the turned-up card) are seen from ``seat`` (0 forehand) at a table of
    ``players``, with ``pot`` chips carried from earlier deals and ``used`` cards gone from the
    pack (M-2); the other players are baseline players with the thresholds ``others`` (along,
    declare, keep), the cards are played by ``play``; ``run.trials`` is the random deals of the
    unseen cards, every option played on each.
    """

    hand: str
    trump: str
    players: int
    seat: int
    pot: float
    used: str
    rules: MouselRules
    others: tuple[float, float, float]  # the baseline players' along, declare, keep
    play: str
    run: RunFacts
    options: tuple[OptionValue, ...] = field(default_factory=tuple)  # best expected value first

    @property
    def best(self) -> OptionValue:
        """The option with the largest expected value."""
        return self.options[0]

    @property
    def go_along(self) -> bool:
        """Whether the best option goes along (is not "fold")."""
        return self.best.option != "fold"

    def to_frame(self) -> pd.DataFrame:
        """One row per option, best first: option, value, chips, p_declare, p_make (NaN when you
        never declared), tricks, with the standard errors."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([o.__dict__ for o in self.options])

    def to_dict(self) -> dict:
        """The inputs, the rules, the run's facts, the best option and every option (``--json``)."""
        return {
            "hand": self.hand,
            "trump": self.trump,
            "players": self.players,
            "seat": self.seat,
            "pot": self.pot,
            "used": self.used,
            "rules": self.rules.to_dict(),
            "others": dict(zip(("along", "declare", "keep"), self.others)),
            "play": self.play,
            **self.run.to_dict(),
            "go_along": self.go_along,
            "best": self.best.option,
            "options": [o.to_dict() for o in self.options],
        }

    def __repr__(self) -> str:
        rows = []
        for o in self.options[:SHOWN]:
            make = "" if math.isnan(o.p_make) else f", P(make) {100 * o.p_make:.1f}%"
            rows.append(
                (o.option, f"value {o.value:+.3f} ± {o.value_stderr:.3f}, P(declare) {100 * o.p_declare:.1f}%{make}")
            )
        title = (
            f"Mousel advice: {self.hand}, trump {self.trump}; {self.players} players, seat {self.seat}, "
            f"pot {self.pot:g}; {self.play} play"
        )
        return summary(title, self.run.describe(DEALS), rows, total=len(self.options), noun=("option", "options"))

    def plot(self, top: int = 15) -> Figure:
        """The ``top`` best options' expected values, with 2 s.e. error bars."""
        options = self.options[:top]
        return value_chart(
            [o.option for o in options],
            [o.value for o in options],
            [o.value_stderr for o in options],
            run=self.run,
            sampled=DEALS,
            title=f"Mousel: {self.hand}, trump {self.trump}, {self.players} players, seat {self.seat}",
            value_label="expected value (chips and share of the pot carried on)",
        )


def summarize(names: list[str], tallies: np.ndarray, n: int) -> list[OptionValue]:
    """Each option's means and standard errors from its row of the tallies of
    :func:`_sample_options` over ``n`` deals (``TALLY`` layout)."""
    values = []
    for name, t in zip(names, tallies):
        chips, chips_se = mean_and_se(t[2], t[3], n)
        value, value_se = mean_and_se(t[5], t[6], n)
        declared = int(t[0])
        p_make, p_make_se = mean_and_se(t[1], t[1], declared) if declared else (math.nan, math.nan)
        values.append(
            OptionValue(
                option=name,
                value=value,
                value_stderr=value_se,
                chips=chips,
                chips_stderr=chips_se,
                p_declare=declared / n,
                p_make=p_make,
                p_make_stderr=p_make_se,
                tricks=t[4] / n,
            )
        )
    return values


def advise(
    hand: str,
    trump: str,
    players: int,
    *,
    seat: int = 0,
    pot: float = 0.0,
    used: str = "",
    rules: MouselRules = MouselRules(),
    params: tuple[float, float, float] = BASELINE,
    play: str = "heuristic",
    trials: int = DEFAULT_TRIALS,
    seed: int | None = None,
    runner: Runner = Runner(),
) -> MouselAdvice:
    """Every option for ``hand`` with ``trump`` turned up, best expected value first
    (module docstring). ``pot`` is what earlier deals left in the pot; ``params`` the
    baseline thresholds (along, declare, keep) of the other players."""
    rules.check_players(players)
    if seat not in range(players):
        raise ValueError(f"seat must be 0 (forehand) to {players - 1} (dealer), got {seat!r}")
    if not (math.isfinite(pot) and 0 <= pot <= MAX_CHIPS):
        raise ValueError(f"pot must be 0 to {MAX_CHIPS:g} chips, got {pot!r}")
    cards = parse_exact(hand, E.HAND_SIZE, "hand", "Mousel")
    trump_card = parse_exact(trump, 1, "trump", "Mousel")
    gone = parse_exact(used, None, "used", "Mousel") if used.strip() else ()
    if gone and rules.pack_mode != "continuation":
        raise ValueError("used cards: only with pack_mode continuation (M-2); a single deal uses a fresh pack")
    check_disjoint({"hand": cards, "trump": trump_card, "used": gone})
    pack = set(E.deck_cards(rules.short_deck))
    outside = [format_cards([c]) for c in cards + trump_card + gone if c not in pack]
    if outside:
        raise CardError(f"{', '.join(outside)}: not in the 32-card pack (7 to A)")
    stock = np.array(sorted(pack - set(cards) - set(trump_card) - set(gone)), np.int64)
    if len(stock) < E.HAND_SIZE * (players - 1):
        raise ValueError(f"{len(stock)} cards left in the pack cannot deal {players - 1} more hands")
    options, names = option_rows(cards)
    used_seed = new_seed(seed)
    leading = (
        players,
        seat,
        sum(1 << c for c in cards),
        trump_card[0],
        stock,
        options,
        seat_thresholds(check_thresholds(params)),
        play_code(play),
        float(pot),
        float(rules.stake),
        rules.fail_code,
        rules.single_takes_pot,
    )
    job = KernelJob(_sample_options, leading, (), options.shape[0] * TALLY)
    run = runner.monte_carlo(job, seed=used_seed, stopping=Stopping(trials=trials), chunk_size=CHUNK)
    values = summarize(names, run.tallies.reshape(options.shape[0], TALLY), run.trials)
    values.sort(key=lambda v: -v.value)
    others = cast(tuple[float, float, float], tuple(params))  # a list of three is taken too
    return MouselAdvice(
        hand=format_cards(cards),
        trump=format_cards(trump_card),
        players=players,
        seat=seat,
        pot=float(pot),
        used=format_cards(gone),
        rules=rules,
        others=others,
        play=play,
        run=RunFacts.from_run(run),
        options=tuple(values),
    )
