"""Pai Gow Poker (rules §5): the House Way setting of a hand, every split's EV against a
House-Way dealer (exact over all 53,524,680 dealer hands, or Monte Carlo with common
random numbers), and the house edge.

Settlement: the player wins both hands -> +1 less the commission (5% by default,
exact), one each -> push, both lost -> -1; an identical hand (a copy) goes to the
banker, the dealer unless ``player_banks``.
"""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass
from itertools import combinations

import numpy as np
import pandas as pd

from analyzer.cards import CardError, cards_mask, format_cards, parse_cards
from analyzer.games.equity import choose_exact, new_seed
from analyzer.games.paigow_houseway import RULES, WAYS, house_way, split_values
from analyzer.games.paigow_kernels import (
    LOSS, PUSH, WIN, exact_split_tallies, house_way_deals, optimal_deals, sampled_split_tallies,
)
from analyzer.eval import hand_name
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE, Progress, Stopping, mean_and_se, run_monte_carlo, run_tasks
from analyzer.sim.executors import local_workers

DEALER_HANDS = math.comb(46, 7)  # 53,524,680
EXACT_SECONDS = 30.0  # measured single-thread time of the exact enumeration
DEALER_HANDS_PER_SECOND = 2.5e6  # Monte Carlo dealer settings per second per thread (cost model)


def parse_hand(cards: str | np.ndarray) -> np.ndarray:
    """Seven Pai Gow cards, as text or codes (the joker allowed once)."""
    if not isinstance(cards, str):
        cards = format_cards(np.asarray(cards).tolist())  # bad codes and duplicates get the text checks
    codes = parse_cards(cards, allow_joker=True, rules_name="Pai Gow rules")
    if len(codes) != 7:
        raise CardError(f"{len(codes)} cards given: a Pai Gow hand has 7")
    return codes


def way_number(way: str) -> int:
    try:
        return WAYS[way]
    except KeyError:
        raise ValueError(f"unknown House Way {way!r}: expected one of {', '.join(WAYS)}") from None


@dataclass(frozen=True)
class Setting:
    """A split of 7 cards: the front (2 cards) and the back (5 cards) with their names."""

    front: str
    back: str
    front_name: str
    back_name: str
    front_value: int
    back_value: int


@dataclass(frozen=True)
class HouseWaySetting(Setting):
    rule: str = ""
    way: str = "foxwoods"

    def to_dict(self) -> dict:
        return asdict(self)


def _setting(cards: np.ndarray, a: int, b: int) -> Setting:
    front_value, back_value = split_values(cards, a, b)
    back = [c for i, c in enumerate(cards.tolist()) if i not in (a, b)]
    return Setting(front=format_cards([cards[a], cards[b]]), back=format_cards(back),
                   front_name=hand_name(front_value), back_name=hand_name(back_value),
                   front_value=int(front_value), back_value=int(back_value))


def house_way_setting(cards: str | np.ndarray, way: str = "foxwoods") -> HouseWaySetting:
    """How the House Way ``way`` sets a 7-card hand, and the rule that decided it."""
    codes = parse_hand(cards)
    a, b, rule = house_way(codes, way_number(way))
    return HouseWaySetting(**asdict(_setting(codes, a, b)), rule=RULES[rule], way=way)


def legal_settings(cards: np.ndarray) -> list[Setting]:
    """Every distinct legal split (the back outranks the front), one per (front, back) value pair."""
    seen, settings = set(), []
    for a, b in combinations(range(7), 2):
        s = _setting(cards, a, b)
        if s.back_value > s.front_value and (s.front_value, s.back_value) not in seen:
            seen.add((s.front_value, s.back_value))
            settings.append(s)
    return settings


@dataclass(frozen=True)
class SplitFigures:
    """One split's results against the House-Way dealer."""

    setting: Setting
    win: float
    push: float
    loss: float
    ev: float
    stderr: float
    house_way: bool

    def to_dict(self) -> dict:
        return {"front": self.setting.front, "back": self.setting.back, "front_name": self.setting.front_name,
                "back_name": self.setting.back_name, "win": self.win, "push": self.push, "loss": self.loss,
                "ev": self.ev, "stderr": self.stderr, "house_way": self.house_way}


@dataclass(frozen=True)
class SplitAnalysis:
    """Every legal split of a hand, best EV first."""

    cards: str
    way: str
    rule: str
    method: str
    dealer_hands: int
    seed: int | None
    chunk_size: int | None
    commission: float
    player_banks: bool
    elapsed: float
    splits: tuple[SplitFigures, ...]

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([s.to_dict() for s in self.splits])

    def to_dict(self) -> dict:
        return {"cards": self.cards, "way": self.way, "house_way_rule": self.rule, "method": self.method,
                "exact": self.method == "exact", "trials": self.dealer_hands, "seed": self.seed,
                "chunk_size": self.chunk_size, "commission": self.commission, "player_banks": self.player_banks,
                "elapsed_seconds": self.elapsed, "splits": [s.to_dict() for s in self.splits]}


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
        sampled_split_tallies(self.excluded, self.fronts, self.backs, self.way, self.player_banks, state.copy(),
                              trials, tallies)
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        return max(settlement(t, trials, self.commission)[4] for t in tallies)


def _exact_task(deck, fronts, backs, way, player_banks, tasks):
    tallies = np.zeros((len(fronts), 3), np.int64)
    exact_split_tallies(deck, fronts, backs, way, player_banks, tasks, tallies)
    return tallies


def _exact_tallies(cards: np.ndarray, fronts, backs, way: int, player_banks: bool, scheduler, threads,
                   progress) -> np.ndarray:
    """Tallies over every dealer hand, in tasks by the dealer's first two cards (balanced)."""
    deck = np.array([c for c in range(53) if c not in set(cards.tolist())], np.uint8)
    pairs = sorted(((a, b) for a in range(46) for b in range(a + 1, 46)), key=lambda p: -math.comb(45 - p[1], 5))
    groups = [np.array(pairs[i::64], np.int64) for i in range(64)]
    results = run_tasks(_exact_task, [(deck, fronts, backs, way, player_banks, g) for g in groups],
                        scheduler=scheduler, threads=threads, progress=progress)
    return np.sum(results, axis=0)


def split_ev(cards: str | np.ndarray, *, way: str = "foxwoods", method: str = "auto",
             stopping: Stopping = Stopping(), seed: int | None = None, chunk_size: int = DEFAULT_CHUNK_SIZE // 4,
             commission: float = 0.05, player_banks: bool = False, scheduler: str | None = None,
             threads: int | None = None, progress: Progress | None = None) -> SplitAnalysis:
    """Every legal split's P(win), P(push), P(loss) and EV against a House-Way dealer, best first."""
    codes = parse_hand(cards)
    if not 0 <= commission < 1:
        raise ValueError(f"commission must be in [0, 1), got {commission}")
    number = way_number(way)
    settings = legal_settings(codes)
    fronts = np.array([s.front_value for s in settings], np.int64)
    backs = np.array([s.back_value for s in settings], np.int64)
    chosen = house_way_setting(codes, way)
    workers = threads or local_workers()
    start = time.perf_counter()
    exact = choose_exact(method, EXACT_SECONDS / workers, stopping, workers, DEALER_HANDS_PER_SECOND)
    if exact:
        tallies, total, seed, chunk = (_exact_tallies(codes, fronts, backs, number, player_banks, scheduler,
                                                      threads, progress), DEALER_HANDS, None, None)
    else:
        seed = new_seed(seed)
        excluded = cards_mask(codes)
        run = run_monte_carlo(_SplitJob(excluded, fronts, backs, number, player_banks, commission), seed=seed,
                              stopping=stopping, chunk_size=chunk_size, scheduler=scheduler, threads=threads,
                              progress=progress)
        tallies, total, chunk = run.tallies, run.trials, chunk_size
    figures = []
    for s, t in zip(settings, tallies):
        win, push, loss, ev, se = settlement(t, total, commission)
        is_house = (s.front_value, s.back_value) == (chosen.front_value, chosen.back_value)
        figures.append(SplitFigures(s, win, push, loss, ev, 0.0 if exact else se, is_house))
    figures.sort(key=lambda f: -f.ev)
    return SplitAnalysis(cards=format_cards(codes), way=way, rule=chosen.rule, method="exact" if exact else "monte-carlo",
                         dealer_hands=int(total), seed=seed, chunk_size=chunk, commission=commission,
                         player_banks=player_banks, elapsed=time.perf_counter() - start, splits=tuple(figures))


@dataclass(frozen=True)
class EdgeResult:
    """The player's results over random deals for one strategy against a House-Way dealer."""

    strategy: str
    way: str
    win: float
    push: float
    loss: float
    ev: float
    stderr: float
    trials: int
    seed: int
    chunk_size: int
    commission: float
    player_banks: bool
    inner_trials: int | None
    elapsed: float
    stopped_by: str
    gain_over_house_way: float | None = None  # optimal only: EV(optimal) - EV(House Way), same deals
    gain_stderr: float | None = None

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class _EdgeJob:
    way: int
    player_banks: bool
    commission: float
    inner_trials: int  # 0: the player sets by the House Way

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        """Counts by (outcome of the strategy, outcome of the House Way on the same deal)."""
        tallies = np.zeros((3, 3), np.int64)
        if self.inner_trials:
            optimal_deals(self.way, self.player_banks, self.commission, self.inner_trials, state.copy(), trials,
                          tallies)
        else:
            house_way_deals(self.way, self.player_banks, state.copy(), trials, tallies[:, 0])
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        return settlement(tallies.sum(axis=1), trials, self.commission)[4]


def paired_gain(joint: np.ndarray, trials: int, commission: float) -> tuple[float, float]:
    """Mean and standard error of (strategy's payoff - House Way's payoff) over the same deals."""
    pay = np.array([1.0 - commission, 0.0, -1.0])
    diff = pay[:, None] - pay[None, :]
    total = float((joint * diff).sum())
    return mean_and_se(total, float((joint * diff**2).sum()), trials)


STRATEGIES = ("houseway", "optimal")


def house_edge(*, strategy: str = "houseway", way: str = "foxwoods", stopping: Stopping = Stopping(),
               seed: int | None = None, chunk_size: int = 1 << 16, commission: float = 0.05,
               player_banks: bool = False, inner_trials: int = 2_000, scheduler: str | None = None,
               threads: int | None = None, progress: Progress | None = None) -> EdgeResult:
    """The player's EV per unit bet over random deals (the house edge is its negative).

    ``optimal``: on every deal the player takes the split with the best EV estimated from
    ``inner_trials`` dealer hands of a separate sample, and is scored on the deal's own
    dealer hand, so the choice cannot flatter the score.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: expected one of {', '.join(STRATEGIES)}")
    if inner_trials < 1:
        raise ValueError(f"inner trials must be at least 1, got {inner_trials}")
    if not 0 <= commission < 1:
        raise ValueError(f"commission must be in [0, 1), got {commission}")
    seed = new_seed(seed)
    inner = inner_trials if strategy == "optimal" else 0
    job = _EdgeJob(way_number(way), player_banks, commission, inner)
    if strategy == "optimal":
        chunk_size = min(chunk_size, 256)
    run = run_monte_carlo(job, seed=seed, stopping=stopping, chunk_size=chunk_size, scheduler=scheduler,
                          threads=threads, progress=progress)
    win, push, loss, ev, se = settlement(run.tallies.sum(axis=1), run.trials, commission)
    gain, gain_se = paired_gain(run.tallies, run.trials, commission) if inner else (None, None)
    return EdgeResult(strategy=strategy, way=way, win=win, push=push, loss=loss, ev=ev, stderr=se, trials=run.trials,
                      seed=seed, chunk_size=chunk_size, commission=commission, player_banks=player_banks,
                      inner_trials=inner or None, elapsed=run.elapsed, stopped_by=run.stopped_by,
                      gain_over_house_way=gain, gain_stderr=gain_se)


__all__ = ["EdgeResult", "HouseWaySetting", "SplitAnalysis", "house_edge", "house_way_setting", "legal_settings",
           "split_ev", "LOSS", "PUSH", "WIN"]
