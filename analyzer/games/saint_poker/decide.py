"""The value of every choice of the current phase of a Saint Poker position (rules §3.8).

A position (:mod:`.position`) is seen by the player deciding, seat 0 ("you").

Each legal choice (river card, pair to reveal, or draft pick) is made, the others choose
by their policies at the same time, and the game is played out from hidden cards dealt
from what you have not seen (:mod:`.rollout`). The players after the choice may be base
policies or the simulating ones: ``search[:B[:BASE]]`` values every move under strong
play (:mod:`.search`; each of its moves simulates in turn, so give fewer trials), as may
``rollout[:N[:BASE]]`` (:func:`.table._sample_choices_played`). Reported per choice: P(win this round) (a
share of the round's points; for a draft pick, the next round), the expected points of
that round and of the whole rest of the game, and the chance of winning the game (a shared
win counts 1 / w, S-7), with standard errors; and the regret of each choice, the best choice's
expected points to the end minus its own, with the standard error of that difference over the
same samples (every choice sees the same deals, so the paired difference is what is measured).
Every value assumes the policies named after the choice (``Decision.continuation``).

The ``exact`` policy solves the river card of the last round by minimax (:mod:`.endgame`):
each card against the opponents' answer worst for you, over every hand the one opponent with
hidden cards may hold; no policy is assumed, and the values are a floor (the opponents see your
card there, not in the game).

Exact for a policy in the last round when every opponent but one is fully known and the rest of the
round is deterministic (``save`` or ``tuned-save`` for the others in the river phase; any
base policy but ``random`` at the reveal): every hand the hidden opponent may hold is enumerated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import cards_mask, format_cards
from analyzer.games._paired import add_paired_sample
from analyzer.games._results import SHOWN, Result, paired_stderr, plus_minus, summary, value_chart
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.endgame import _minimax_tallies
from analyzer.games.saint_poker.play import parse_policies
from analyzer.games.saint_poker.policies import RANDOM, SAVE_RIVER, STRONG, policy_weights
from analyzer.games.saint_poker.position import SaintPosition
from analyzer.games.saint_poker.rollout import CHOICE_TALLY, SHARE, _legal_choices, _sample_choices, _score_choices
from analyzer.games.saint_poker.table import _sample_choices_played
from analyzer.jit import kernel
from analyzer.sim.engine import Stopping, check_count, clock_start, mean_and_se
from analyzer.sim.facts import RunFacts
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import check_seed, new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

DEFAULT_TRIALS = 4_000
CHUNK = 200
EXACT_LIMIT = 50_000

SAMPLED = ("sample of the hidden cards", "samples of the hidden cards")
ENUMERATED = ("hand of the hidden opponent", "hands of the hidden opponent")
EXACT_POLICY = "exact"


@dataclass(frozen=True)
class ChoiceValue(Result):
    """One legal choice and its value: ``cards`` is the river card, the pair to reveal or the
    draft pick; ``p_win_round`` your share of this round's win (ties shared; for a draft pick,
    the next round's), ``points_now`` your expected points of that round and ``points_total``
    of the whole rest of the game, with standard errors ``points_now_stderr`` and ``stderr``
    (0 when exact); ``p_win_game`` your chance of winning the game (a win shared by w players
    counts 1 / w) with its standard error ``p_win_game_stderr``; ``regret`` the best choice's
    ``points_total`` minus this one's, with ``regret_stderr`` the standard error of that
    difference over the same samples (paired; 0 when exact)."""

    cards: str
    p_win_round: float
    points_now: float
    points_total: float
    stderr: float  # of points_total
    points_now_stderr: float
    p_win_game: float = 0.0
    p_win_game_stderr: float = 0.0
    regret: float = 0.0  # the best choice's points_total minus this one's
    regret_stderr: float = 0.0  # paired, over the same samples as the best choice

    def to_dict(self) -> dict:
        """The fields (the ``choices`` entries of ``--json``)."""
        return dict(self.__dict__)


@dataclass(frozen=True)
class Decision(Result):
    """Every legal choice of ``position``'s phase with its value, best first by
    ``points_total`` (module docstring); ``policy`` is the policy of the players after the
    choice, ``run`` says how the values were found (samples of the hidden cards, or every hand
    the one hidden opponent may hold)."""

    position: SaintPosition
    policy: str
    run: RunFacts  # trials: samples of the hidden cards, or the opponent's hands enumerated
    choices: tuple[ChoiceValue, ...] = field(default_factory=tuple)  # best first (points_total)

    @property
    def best(self) -> ChoiceValue:
        """The choice with the most expected points to the end of the game."""
        return self.choices[0]

    @property
    def continuation(self) -> str:
        """Which play after the choice the values assume, in words."""
        if self.policy == EXACT_POLICY:
            return "minimax: the opponents see your card and every hand and play to beat you (a floor)"
        return f"every player then plays {self.policy}"

    def to_frame(self) -> pd.DataFrame:
        """One row per choice, best first: cards, p_win_round, points_now, points_total and the
        standard errors."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([c.to_dict() for c in self.choices])

    def to_dict(self) -> dict:
        """The position, the policy, the run's facts and the choices (what ``--json`` prints)."""
        return {
            "position": self.position.to_dict(),
            "policy": self.policy,
            "continuation": self.continuation,
            **self.run.to_dict(),
            "choices": [c.to_dict() for c in self.choices],
        }

    def __repr__(self) -> str:
        exact = self.run.exact
        rows = [
            (
                c.cards,
                f"points {plus_minus(c.points_total, c.stderr, exact, '.3f')} to the end, "
                f"{plus_minus(c.points_now, c.points_now_stderr, exact, '.3f')} now, "
                f"P(win round) {100 * c.p_win_round:.1f}%, "
                f"P(win game) {plus_minus(100 * c.p_win_game, 100 * c.p_win_game_stderr, exact, '.1f')}%",
            )
            for c in self.choices[:SHOWN]
        ]
        return summary(
            f"Saint Poker choices: {self.position.describe()}; {self.continuation}",
            self.run.describe(SAMPLED, ENUMERATED),
            rows,
            total=len(self.choices),
            noun=("choice", "choices"),
        )

    def plot(self, top: int = 15) -> Figure:
        """The ``top`` best choices' expected points to the end of the game, with 2 s.e. error bars."""
        choices = self.choices[:top]
        return value_chart(
            [c.cards for c in choices],
            [c.points_total for c in choices],
            [c.stderr for c in choices],
            run=self.run,
            sampled=SAMPLED,
            enumerated=ENUMERATED,
            title=f"Saint Poker: {self.position.describe()}",
            value_label="expected points to the end of the game",
        )


@kernel
def _paired_choices(state, choices, kinds, weights, rng, trials, tallies, products):
    """:func:`.rollout._sample_choices` for seat 0, one sample at a time, with the pair products."""
    one = np.zeros((choices.shape[0], CHOICE_TALLY), np.int64)
    for _ in range(trials):
        one[:] = 0
        _sample_choices(state, np.int64(0), choices, kinds, weights, rng, np.int64(1), one)  # not literals: shared
        add_paired_sample(one, tallies, products, 3)


@kernel
def _paired_choices_played(state, choices, params, weights, rng, trials, tallies, products):
    """:func:`.table._sample_choices_played` for seat 0, one sample at a time, with the pair products."""
    one = np.zeros((choices.shape[0], CHOICE_TALLY), np.int64)
    for _ in range(trials):
        one[:] = 0
        _sample_choices_played(state, np.int64(0), choices, params, weights, rng, np.int64(1), one)  # not literals
        add_paired_sample(one, tallies, products, 3)


@dataclass(frozen=True)
class _DecideJob:
    """Monte Carlo chunks of :func:`.rollout._sample_choices`, or with a rollout or search
    player among ``params`` :func:`.table._sample_choices_played` (picklable for Dask): per
    choice its ``CHOICE_TALLY`` tallies, then the sums of its points to the end times every
    choice's (one column a choice)."""

    state: np.ndarray
    choices: np.ndarray
    params: np.ndarray
    weights: np.ndarray  # policies.policy_weights()

    def run_chunk(self, rng: np.ndarray, trials: int) -> np.ndarray:
        """The tallies (one row per choice, ``CHOICE_TALLY + choices`` wide) of ``trials``
        samples from ``rng``."""
        c = len(self.choices)
        tallies = np.zeros((c, CHOICE_TALLY + c), np.int64)
        main, products = tallies[:, :CHOICE_TALLY], tallies[:, CHOICE_TALLY:]
        if np.isin(self.params[:, 0], STRONG).any():
            _paired_choices_played(
                self.state, self.choices, self.params, self.weights, rng.copy(), trials, main, products
            )
        else:
            kinds = self.params[:, 0].copy()
            _paired_choices(self.state, self.choices, kinds, self.weights, rng.copy(), trials, main, products)
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        """Not used for stopping (NaN): a decision stops after its trials."""
        return math.nan


def _exact_hands(position: SaintPosition, state: np.ndarray) -> list[tuple[int, tuple[int, ...]]] | None:
    """Every hidden hand of the one opponent with hidden cards, or None if more than one
    has hidden cards or there are too many."""
    hidden = [(p, position.hand_size(p) - len(position.known[p])) for p in range(1, position.players)]
    hidden = [(p, k) for p, k in hidden if k]
    if len(hidden) > 1:
        return None
    if not hidden:
        return [(0, ())]
    seat, k = hidden[0]
    mask = int(E._unseen_mask(state, 0))
    unseen = [c for c in range(E.DECK_SIZE) if (mask >> c) & 1]
    if math.comb(len(unseen), k) > EXACT_LIMIT:
        return None
    return [(seat, combo) for combo in combinations(unseen, k)]


def _deterministic(position: SaintPosition, kinds: np.ndarray) -> bool:
    others = set(kinds[1 : position.players].tolist())
    if position.round < E.ROUNDS or position.phase == "draft" or np.isin(kinds, STRONG).any():
        return False
    return all(k in SAVE_RIVER for k in others) if position.phase == "river" else RANDOM not in others


def decide(
    position: SaintPosition,
    *,
    policy: str | Sequence[str] = "greedy",
    trials: int = DEFAULT_TRIALS,
    seed: int | None = None,
    exact: bool | None = None,
    runner: Runner = Runner(),
) -> Decision:
    """Every legal choice of the current phase with its value, best first (module docstring).
    ``policy`` is the policy of every player after the choice (one name, or one per seat);
    ``exact`` forces enumeration (``True``) or Monte Carlo (``False``), and ``None`` enumerates
    where the hidden hands can be."""
    check_count(trials, "trials")  # before the choice of method: exact runs take no trials or seed
    check_seed(seed)
    if isinstance(policy, str) and policy.strip().lower() == EXACT_POLICY:
        return _minimax_decision(position, exact)
    _, params = parse_policies(policy, position.players)
    label = policy if isinstance(policy, str) else ",".join(policy)
    kinds, weights = params[:, 0].copy(), policy_weights()
    state = position.to_state()
    choices = _legal_choices(state, 0)
    hands = _exact_hands(position, state) if _deterministic(position, kinds) else None
    exact = hands is not None if exact is None else exact
    if exact and hands is None:
        raise ValueError(
            "exact values need the last round (no draft), one opponent with hidden cards, and "
            "deterministic base policies (save or tuned-save in the river phase; not random at the reveal)"
        )
    start = clock_start()
    if exact:
        assert hands is not None  # exact needs the enumerated hands (checked above)
        tallies = np.zeros((len(choices), CHOICE_TALLY), np.int64)
        work, base = np.empty_like(state), state.copy()
        rng = np.ones(4, np.uint64)
        for seat, combo in hands:
            if combo:
                base[E.HAND + seat] = state[E.KNOWN + seat] | int(cards_mask(combo))
            _score_choices(base, 0, choices, kinds, weights, rng, work, tallies)
        facts = RunFacts.enumerated(len(hands), since=start)
    else:
        used_seed = new_seed(seed)
        run = runner.monte_carlo(
            _DecideJob(state, choices, params, weights),
            seed=used_seed,
            stopping=Stopping(trials=trials),
            chunk_size=CHUNK,
        )
        tallies, facts = run.tallies, RunFacts.from_run(run)
    return Decision(
        position=position, policy=label, run=facts, choices=_choice_values(choices, tallies, facts.trials, exact)
    )


def _minimax_decision(position: SaintPosition, exact: bool | None) -> Decision:
    """The ``exact`` policy: every river card of the last round against opponents who play to
    beat you, over every hidden hand (:mod:`.endgame`)."""
    state = position.to_state()
    hands = _exact_hands(position, state) if position.round == E.ROUNDS and position.phase == "river" else None
    if hands is None:
        raise ValueError(
            "the exact policy solves the river card of the last round (round 8), with at most one opponent "
            "holding hidden cards"
        )
    if exact is False:
        raise ValueError("the exact policy solves the position: it has no Monte Carlo form")
    start = clock_start()
    seat = hands[0][0] or 1  # the opponent with hidden cards (any one when none has)
    masks = np.array([int(cards_mask(combo)) for _, combo in hands], np.int64)
    choices = _legal_choices(state, 0)
    tallies = np.zeros((len(choices), CHOICE_TALLY), np.int64)
    _minimax_tallies(state, seat, masks, choices, tallies)
    facts = RunFacts.enumerated(len(hands), since=start)
    return Decision(
        position=position, policy=EXACT_POLICY, run=facts, choices=_choice_values(choices, tallies, len(hands), True)
    )


def _choice_values(choices: np.ndarray, tallies: np.ndarray, n: int, exact: bool) -> tuple[ChoiceValue, ...]:
    """Each choice's values from its tallies over ``n`` samples or cases, best first."""
    best = int(np.argmax(tallies[:, 3]))  # the first best choice
    paired = not exact and tallies.shape[1] > CHOICE_TALLY
    products = tallies[:, CHOICE_TALLY:]
    values = []
    for index, ((a, b), t) in enumerate(zip(choices.tolist(), tallies)):
        now, now_se = mean_and_se(t[1], t[2], n)
        total, total_se = mean_and_se(t[3], t[4], n)
        game, game_se = mean_and_se(t[5], t[6], n)
        values.append(
            ChoiceValue(
                cards=format_cards([a] if a == b else [a, b]),
                p_win_round=t[0] / n,
                points_now=now,
                points_total=total,
                stderr=0.0 if exact else total_se,
                points_now_stderr=0.0 if exact else now_se,
                p_win_game=game / SHARE,
                p_win_game_stderr=0.0 if exact else game_se / SHARE,
                regret=(tallies[best, 3] - t[3]) / n,
                regret_stderr=paired_stderr(tallies[:, 3], products, best, index, n) if paired else 0.0,
            )
        )
    values.sort(key=lambda v: -v.points_total)
    return tuple(values)
