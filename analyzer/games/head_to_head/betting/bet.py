"""The value of every legal betting action in a Head to Head betting position (§2.7, §2.9.8).

In a betting position (:mod:`.position`) where the opponent has bet on a card, you answer:
the actions are decline, call and every allowed raise. Otherwise it is your turn: no bet, or
a bet of every allowed amount on every row open to betting. Each action is played out to the
end of the round -- the exchange answered by the players' betting policies, the cards placed
by their placement policies, the hidden cards dealt from what you have not seen -- and valued
by your stack at the end of the round minus your stack now. Every action sees the same
samples.

Exact at the last placement of a round with deterministic players (greedy placement;
``threshold`` or ``never`` betting): every card the hidden ones could be is enumerated.

The players may be the strong ones: with a rollout or search placement policy, or the rollout
bettor, the rest of the round is played as in the game, each such player searching from his own
view at each of his decisions, so an action's value is its value under strong play (Monte Carlo
only, with standard errors; every action on the same samples and the same players' streams).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._paired import add_paired_sample
from analyzer.games._results import SHOWN, Result, paired_stderr, plus_minus, summary, value_chart
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.betting.engine import CALL, DECLINE, MIN_BET, RAISE, RESPONSES, _max_bet, _max_raise
from analyzer.games.head_to_head.betting.play import parse_bet_policy
from analyzer.games.head_to_head.betting.policies import (
    _sample_bet_actions,
    _sample_bet_actions_under,
    _score_last_actions,
    betting_lookahead,
    tuned_flag,
)
from analyzer.games.head_to_head.betting.position import BetPosition
from analyzer.games.head_to_head.play import seat_policies
from analyzer.games.head_to_head.policies import GREEDY_KINDS
from analyzer.games.head_to_head.position import OPPONENT, YOU
from analyzer.games.head_to_head.rollout import (
    _arrange,
    _first_code,
    _future_draws,
    _next_code,
    _ordered_stream,
    _unseen_cards,
)
from analyzer.jit import kernel
from analyzer.sim.engine import Stopping, check_count, clock_start, mean_and_se
from analyzer.sim.facts import RunFacts
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import check_seed, new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

DEFAULT_TRIALS = 2_000
BET_CHUNK = 100
LOOKAHEAD_BET_CHUNK = 4  # samples a chunk with a lookahead player (each plays out every action under search)
SEAT_YOU = np.int64(YOU)
"""Your seat in :func:`_enumerate`: typed int64 like a seat passed at run time, as a literal 0
would compile a second specialization of every kernel it reaches."""


SAMPLED = ("sample per action", "samples per action")
ENUMERATED = ("ordering of the hidden cards", "orderings of the hidden cards")


@dataclass(frozen=True)
class ActionValue(Result):
    """One legal betting action and its value: ``action`` is "no bet", "bet" (``amount`` on
    ``row``, 1-based), or, facing a bet on ``row``, "decline", "call" or "raise" (by
    ``amount``); ``ev`` your stack at the end of the round minus now, with its standard error
    (0 when exact); ``regret`` the best action's ``ev`` minus this one's, with
    ``regret_stderr`` the standard error of that difference over the same samples (paired; 0
    when exact)."""

    action: str  # "no bet", "bet", "decline", "call" or "raise"
    row: int | None  # 1-based
    amount: int
    ev: float  # your stack at the end of the round minus now
    stderr: float
    regret: float
    regret_stderr: float = 0.0  # paired, over the same samples as the best action

    @property
    def label(self) -> str:
        """The action in words: ``"bet $50 on row 2"``, ``"call on row 3"``, ``"no bet"``."""
        if self.action in ("bet", "raise"):
            return f"{self.action} ${self.amount} on row {self.row}"
        return self.action if self.row is None else f"{self.action} on row {self.row}"

    def to_dict(self) -> dict:
        """The fields (the ``actions`` entries of ``--json``)."""
        return dict(self.__dict__)


@dataclass(frozen=True)
class BetValues(Result):
    """Every legal betting action of ``position`` with its value, best first (module
    docstring); ``players`` the placement and betting policies of you and the opponent, ``run``
    how the values were found (samples of the hidden cards, or every ordering of them)."""

    position: BetPosition
    players: dict
    run: RunFacts  # trials: samples of the hidden cards, or their orderings enumerated
    actions: tuple[ActionValue, ...] = field(default_factory=tuple)  # best first

    @property
    def best(self) -> ActionValue:
        """The action with the largest expected stack change."""
        return self.actions[0]

    @property
    def continuation(self) -> str:
        """Which play after the action the values assume, in words."""
        you, opponent = self.players["you"], self.players["opponent"]
        return (
            f"you play {you['placement']} + {you['betting']}, "
            f"the opponent {opponent['placement']} + {opponent['betting']}"
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per action, best first: action, row, amount, ev, stderr, regret."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([a.to_dict() for a in self.actions])

    def to_dict(self) -> dict:
        """The position, the players, the run's facts and the actions (what ``--json`` prints)."""
        return {
            "position": self.position.to_dict(),
            "players": self.players,
            "continuation": self.continuation,
            **self.run.to_dict(),
            "actions": [a.to_dict() for a in self.actions],
        }

    def __repr__(self) -> str:
        rows = [
            (
                a.label,
                f"EV {plus_minus(a.ev, a.stderr, self.run.exact, '+.1f')} $, "
                f"regret {plus_minus(a.regret, a.regret_stderr, self.run.exact, '.1f')}",
            )
            for a in self.actions[:SHOWN]
        ]
        title = f"Head to Head betting: {self.position.describe()}; {self.continuation}"
        return summary(
            title,
            self.run.describe(SAMPLED, ENUMERATED),
            rows,
            total=len(self.actions),
            noun=("action", "actions"),
        )

    def plot(self, top: int = 15) -> Figure:
        """The ``top`` best actions' expected stack changes as bars with 2 s.e. error bars."""
        actions = self.actions[:top]
        return value_chart(
            [a.label for a in actions],
            [a.ev for a in actions],
            [a.stderr for a in actions],
            run=self.run,
            sampled=SAMPLED,
            enumerated=ENUMERATED,
            title=f"Betting actions: {self.position.position.describe()}",
            value_label="expected stack change to the end of the round ($)",
        )


@kernel
def _paired_bets(state, actions, params, vectors, bparams, rng, trials, tallies, products):
    """:func:`.policies._sample_bet_actions`, one sample at a time, with the pair products."""
    one = np.zeros((actions.shape[0], 2), np.int64)
    for _ in range(trials):
        one[:] = 0
        _sample_bet_actions(state, YOU, actions, params, vectors, bparams, rng, 1, one)
        add_paired_sample(one, tallies, products, 0)


@kernel
def _paired_bets_under(state, actions, params, vectors, bparams, rng, trials, tallies, products):
    """:func:`.policies._sample_bet_actions_under`, one sample at a time, with the pair products."""
    one = np.zeros((actions.shape[0], 2), np.int64)
    for _ in range(trials):
        one[:] = 0
        _sample_bet_actions_under(state, np.int64(YOU), actions, params, vectors, bparams, rng, np.int64(1), one)
        add_paired_sample(one, tallies, products, 0)


@dataclass(frozen=True)
class _BetJob:
    """Monte Carlo chunks of :func:`.policies._sample_bet_actions` (picklable for Dask): per
    action its stack change and square, then the sums of its change times every action's."""

    state: np.ndarray
    actions: np.ndarray
    params: np.ndarray
    vectors: np.ndarray
    bparams: np.ndarray

    def run_chunk(self, rng: np.ndarray, trials: int) -> np.ndarray:
        """The tallies (per action: stack change, its square, the pair products) of ``trials``
        samples from ``rng``."""
        a = len(self.actions)
        tallies = np.zeros((a, 2 + a), np.int64)
        self._sample(rng.copy(), trials, tallies[:, :2], tallies[:, 2:])
        return tallies

    def _sample(self, rng: np.ndarray, trials: int, tallies: np.ndarray, products: np.ndarray) -> None:
        _paired_bets(self.state, self.actions, self.params, self.vectors, self.bparams, rng, trials, tallies, products)

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        """Not used for stopping (NaN): a betting analysis stops after its trials."""
        return math.nan


@dataclass(frozen=True)
class _StrongBetJob(_BetJob):
    """:class:`_BetJob` with each player finishing the round under his own policies, lookahead
    ones included (:func:`.policies._sample_bet_actions_under`)."""

    def _sample(self, rng: np.ndarray, trials: int, tallies: np.ndarray, products: np.ndarray) -> None:
        _paired_bets_under(
            self.state, self.actions, self.params, self.vectors, self.bparams, rng, trials, tallies, products
        )


@kernel
def _enumerate(state, actions, params, vectors, bparams, draws, lo, hi, tallies, tuned):
    m = _unseen_cards(state, SEAT_YOU).shape[0]
    base = np.empty_like(state)
    work = np.empty_like(state)
    rng = _ordered_stream()
    code = _first_code(draws, lo)
    while code[0] < hi:
        _arrange(state, base, SEAT_YOU, code, draws, rng)
        _score_last_actions(base, SEAT_YOU, actions, params, vectors, bparams, rng, work, tallies, tuned)
        _next_code(code, draws, m)


def legal_actions(state: np.ndarray, facing: int) -> np.ndarray:
    """Every legal action as rows ``(row, response, amount)``: response -1 opens a bet. The
    rows of :func:`.policies._response_actions` (facing a bet on row ``facing``) or
    :func:`.policies._opening_actions` (``facing`` -1), every step allowed, in their order,
    built here in Python: one query needs them once, and compiling those kernels and NumPy's
    under them cost a cold ``head-to-head bet`` a quarter of a second."""
    step = int(state[E.BET_RULES + MIN_BET])
    if facing >= 0:
        top = int(_max_raise(state, YOU, facing))
        rows = [(facing, DECLINE, 0), (facing, CALL, 0)] + [(facing, RAISE, y) for y in range(step, top + 1, step)]
    else:
        rows = [(-1, -1, -1)] + [
            (row, -1, x)
            for row in range(int(state[E.ROWS]))
            for x in range(step, int(_max_bet(state, YOU, row)) + 1, step)
        ]
    return np.array(rows, np.int64)


def bet_values(
    bet: BetPosition,
    *,
    policy: str = "greedy",
    bet_policy: str = "threshold",
    opponent_policy: str | None = None,
    opponent_bet_policy: str | None = None,
    trials: int = DEFAULT_TRIALS,
    seed: int | None = None,
    exact: bool | None = None,
    runner: Runner = Runner(),
) -> BetValues:
    """Every legal betting action of ``bet`` with its value, best first (module docstring);
    ``exact`` forces enumeration (``True``) or Monte Carlo (``False``), and ``None`` enumerates at
    the last placement of a round with deterministic players."""
    check_count(trials, "trials")  # before the choice of method: exact runs take no trials or seed
    check_seed(seed)
    params, vectors = seat_policies(policy, opponent_policy or policy)
    bparams = np.stack([parse_bet_policy(bet_policy), parse_bet_policy(opponent_bet_policy or bet_policy)])
    lookahead = betting_lookahead(params, bparams) is not None
    state = bet.to_state()
    facing = bet.facing
    actions = legal_actions(state, facing)
    last = state[E.TURN] == E._placements(state) - 1
    deterministic = bool(np.isin(params[:, 0], GREEDY_KINDS).all()) and not lookahead
    exact = bool(last and deterministic) if exact is None else exact
    if exact and not (last and deterministic):
        raise ValueError(
            "exact values need the last placement of a round, greedy or tuned placement and no rollout bettor"
        )
    start = clock_start()
    if exact:
        m = len(_unseen_cards(state, YOU))
        hidden = int(state[E.HAND_N + OPPONENT] + (state[E.PENDING_N] if bet.position.mover == OPPONENT else 0))
        draws = min(m, hidden + int(_future_draws(state)))
        tuned = tuned_flag(params)
        tasks = [
            (state, actions, params, vectors, bparams, draws, lo, lo + 1, tuned) for lo in range(m if draws else 1)
        ]
        parts = runner.tasks(_exact_task, tasks)
        tallies, facts = sum(parts), RunFacts.enumerated(math.perm(m, draws), since=start)
    else:
        used_seed = new_seed(seed)
        run = runner.monte_carlo(
            (_StrongBetJob if lookahead else _BetJob)(state, actions, params, vectors, bparams),
            seed=used_seed,
            stopping=Stopping(trials=trials),
            chunk_size=LOOKAHEAD_BET_CHUNK if lookahead else BET_CHUNK,
        )
        tallies, facts = run.tallies, RunFacts.from_run(run)
    n = facts.trials
    best = int(np.argmax(tallies[:, 0]))  # the first best action
    paired = not exact and tallies.shape[1] > 2
    values = []
    for index, ((row, response, amount), t) in enumerate(zip(actions.tolist(), tallies)):
        ev, se = mean_and_se(t[0], t[1], n)
        name = ("bet" if row >= 0 else "no bet") if response < 0 else RESPONSES[response]
        regret_se = paired_stderr(tallies[:, 0], tallies[:, 2:], best, index, n) if paired else 0.0
        values.append(
            ActionValue(
                name,
                None if row < 0 else row + 1,
                amount if name in ("bet", "raise") else 0,
                ev,
                0.0 if exact else se,
                (tallies[best, 0] - t[0]) / n,
                regret_se,
            )
        )
    values.sort(key=lambda v: -v.ev)
    players = {
        "you": {"placement": policy, "betting": bet_policy},
        "opponent": {"placement": opponent_policy or policy, "betting": opponent_bet_policy or bet_policy},
    }
    return BetValues(
        position=bet,
        players=players,
        run=facts,
        actions=tuple(values),
    )


def _exact_task(state, actions, params, vectors, bparams, draws, lo, hi, tuned):
    tallies = np.zeros((len(actions), 2), np.int64)
    _enumerate(state, actions, params, vectors, bparams, draws, lo, hi, tallies, tuned)
    return tallies
