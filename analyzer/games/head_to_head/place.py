"""The value of every legal placement in a Head to Head Poker position (rules §2.9.1-5).

Each move (card, row, side) is played, then the round is finished under a policy pair
for you and the opponent, from the hidden cards dealt afresh consistently with what
you have seen (:mod:`.rollout`). A move's ``ev`` is your expected chips from the rows
still open ($200 a row, ties split); ``row_win`` is your share of each row (a win 1,
a tie 1/2). All moves see the same samples (common random numbers), so their
differences are much more precise than their standard errors suggest.

The policies are any the games play (:mod:`.play`): with a rollout or search player the rest
of the round is played by that player, searching from its own view at each of its moves, so a
move's value is its value under strong play (Monte Carlo only).

Exact: with deterministic policies (greedy for both) the rest of the round depends
only on the order of the cards still to be dealt; when those orderings are no more
than the trials asked for, every one is enumerated and the values are exact *for that pair
of policies* (an opponent who plays greedy, who may never block you).

The ``exact`` policy assumes no policy at all: where the rest of the round is fully known (an
Open 5 round down to its last open cards, :mod:`.endgame`) it values each move by minimax, what
you get when both players play perfectly, the opponent to beat you (``opponent_policy`` is then
``minimax``). It is the default where a position is solvable; elsewhere the default is greedy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import format_cards
from analyzer.games._paired import add_paired_sample
from analyzer.games._results import SHOWN, Result, paired_stderr, plus_minus, summary, value_chart
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.endgame import _endgame_tallies, _solvable
from analyzer.games.head_to_head.play import seat_policies
from analyzer.games.head_to_head.policies import GREEDY_KINDS, LOOKAHEAD_KINDS, _count_moves, _move_at
from analyzer.games.head_to_head.position import OPPONENT, SIDE_NAMES, Position
from analyzer.games.head_to_head.rollout import (
    TALLY_WIDTH,
    _enumerate_moves,
    _future_draws,
    _open_rows,
    _sample_moves,
    _sample_moves_under,
    _unseen_cards,
)
from analyzer.jit import kernel
from analyzer.sim.engine import Stopping, check_count, clock_start, mean_and_se
from analyzer.sim.facts import RunFacts
from analyzer.sim.method import check_exact_cost
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import check_seed, new_seed
from analyzer.text import plural

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

DEFAULT_TRIALS = 10_000
PLACEMENT_CHUNK = 500
EXACT_SECONDS_PER_PLAYOUT = 4e-6  # one move over one ordering, one thread (measured: 3.4 us, 6 moves, 17M orderings)
HALF_POT = E.ROW_POT // 2
SAMPLED = ("sample per move", "samples per move")
ENUMERATED = ("ordering of the cards to come", "orderings of the cards to come")
SOLVED = ("position solved by minimax", "positions solved by minimax")
EXACT_POLICY, MINIMAX = "exact", "minimax"


@dataclass(frozen=True)
class MoveValue(Result):
    """One legal placement and what it is worth for the rest of the round.

    ``card`` goes to ``row`` (1-based, board order) on ``side`` ("you" or "opponent", the
    latter only in Crazy rounds); in Share 2 the drawer hands ``given`` to the opponent.
    ``ev`` is your expected chips from the rows still open ($200 a row, ties split, §2.6)
    with its standard error ``stderr`` (0 when exact); ``regret`` the best move's ``ev``
    minus this one's, with ``regret_stderr`` the standard error of that difference over the
    same samples (paired: both moves see every sample; 0 when exact); ``row_win`` your share
    of each row (win 1, tie 1/2) and its standard errors ``row_win_stderr``.
    """

    card: str
    row: int  # 1-based, in board order
    side: str  # "you" or "opponent"
    ev: float  # expected chips from the rows still open
    stderr: float
    regret: float  # best ev minus this ev
    row_win: tuple[float, ...]  # your share of each row: win 1, tie 1/2
    row_win_stderr: tuple[float, ...]
    given: str | None = None  # Share 2: the card handed to the opponent
    regret_stderr: float = 0.0  # paired, over the same samples as the best move

    @property
    def label(self) -> str:
        """The move in words: ``"Qd row 2 you"``, in Share 2 with ``", give 7c"``."""
        give = f", give {self.given}" if self.given else ""
        return f"{self.card} row {self.row} {self.side}{give}"

    def to_dict(self) -> dict:
        """The fields, the row shares as lists (the ``moves`` entries of ``--json``)."""
        return {
            "card": self.card,
            "row": self.row,
            "side": self.side,
            "given": self.given,
            "ev": self.ev,
            "stderr": self.stderr,
            "regret": self.regret,
            "regret_stderr": self.regret_stderr,
            "row_win": list(self.row_win),
            "row_win_stderr": list(self.row_win_stderr),
        }


@dataclass(frozen=True)
class Placements(Result):
    """Every legal placement of ``position`` with its value, best first (module docstring).

    ``policy`` and ``opponent_policy`` finish the round for you and the opponent; ``run``
    says how: Monte Carlo (``run.trials`` samples of the hidden cards, each move seeing every
    sample) or exact (``run.trials`` orderings of the cards still to come, all enumerated).
    """

    position: Position
    policy: str
    opponent_policy: str
    run: RunFacts  # trials: samples of the hidden cards, orderings enumerated, or positions solved
    moves: tuple[MoveValue, ...]  # best first

    @property
    def minimax(self) -> bool:
        """Whether the values are minimax values (the ``exact`` policy, :mod:`.endgame`)."""
        return self.policy == EXACT_POLICY

    @property
    def continuation(self) -> str:
        """Which play after the move the values assume, in words."""
        if self.minimax:
            return "minimax: both play perfectly, the opponent to beat you"
        return f"you play {self.policy}, the opponent {self.opponent_policy}"

    @property
    def best(self) -> MoveValue:
        """The move with the largest expected chips."""
        return self.moves[0]

    def to_frame(self) -> pd.DataFrame:
        """One row per move, best first: card, row, side, given, ev, stderr, regret and your
        share of each row (``row1_win``, ``row2_win``, ...)."""
        import pandas as pd  # here, not at the top: queries print without pandas

        rows = []
        for m in self.moves:
            row = {k: v for k, v in m.to_dict().items() if not k.startswith("row_win")}
            row.update({f"row{i + 1}_win": w for i, w in enumerate(m.row_win)})
            rows.append(row)
        return pd.DataFrame(rows)

    def to_dict(self) -> dict:
        """The position, the policies, the run's facts and the moves (what ``--json`` prints)."""
        return {
            "position": self.position.to_dict(),
            "policy": self.policy,
            "opponent_policy": self.opponent_policy,
            "continuation": self.continuation,
            **self.run.to_dict(),
            "moves": [m.to_dict() for m in self.moves],
        }

    def __repr__(self) -> str:
        rows = [
            (
                m.label,
                f"EV ${plus_minus(m.ev, m.stderr, self.run.exact, '.1f')}, "
                f"regret {plus_minus(m.regret, m.regret_stderr, self.run.exact, '.1f')}",
            )
            for m in self.moves[:SHOWN]
        ]
        return summary(
            f"Head to Head placements: {self.position.describe()}; {self.continuation}",
            self.run.describe(SAMPLED, SOLVED if self.minimax else ENUMERATED),
            rows,
            total=len(self.moves),
            noun=("move", "moves"),
        )

    def plot(self, top: int = 15) -> Figure:
        """The ``top`` best moves' expected chips as bars with 2 s.e. error bars."""
        moves = self.moves[:top]
        return value_chart(
            [m.label for m in moves],
            [m.ev for m in moves],
            [m.stderr for m in moves],
            run=self.run,
            sampled=SAMPLED,
            enumerated=SOLVED if self.minimax else ENUMERATED,
            title=f"Where to place: {self.position.describe()}",
            value_label="expected chips for the rest of the round ($)",
        )


@kernel
def _paired_samples(state, kinds, vectors, rng, trials, tallies, products):
    """:func:`.rollout._sample_moves`, one sample at a time, with the pair products."""
    one = np.zeros((tallies.shape[0], TALLY_WIDTH), np.int64)
    for _ in range(trials):
        one[:] = 0
        _sample_moves(state, kinds, vectors, rng, np.int64(1), one)  # not a literal: one signature
        add_paired_sample(one, tallies, products, 0)


@kernel
def _paired_samples_under(state, params, vectors, rng, trials, tallies, products):
    """:func:`.rollout._sample_moves_under`, one sample at a time, with the pair products."""
    one = np.zeros((tallies.shape[0], TALLY_WIDTH), np.int64)
    for _ in range(trials):
        one[:] = 0
        _sample_moves_under(state, params, vectors, rng, np.int64(1), one)  # not a literal
        add_paired_sample(one, tallies, products, 0)


@dataclass(frozen=True)
class _PlacementJob:
    """Monte Carlo chunks of :func:`.rollout._sample_moves` (picklable for Dask): per move its
    ``TALLY_WIDTH`` tallies, then the sums of its total times every move's total (``moves``
    columns), from which a regret's paired standard error follows."""

    state: np.ndarray
    kinds: np.ndarray
    vectors: np.ndarray
    moves: int

    def run_chunk(self, rng: np.ndarray, trials: int) -> np.ndarray:
        """The tallies (one row per move, ``TALLY_WIDTH + moves`` wide) of ``trials`` samples from ``rng``."""
        tallies = np.zeros((self.moves, TALLY_WIDTH + self.moves), np.int64)
        self._sample(rng.copy(), trials, tallies[:, :TALLY_WIDTH], tallies[:, TALLY_WIDTH:])
        return tallies

    def _sample(self, rng: np.ndarray, trials: int, tallies: np.ndarray, products: np.ndarray) -> None:
        _paired_samples(self.state, self.kinds, self.vectors, rng, trials, tallies, products)

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        """The largest standard error of a move's ev, as a fraction of the chips at stake."""
        stake = 2 * max(1, bin(int(_open_rows(self.state))).count("1"))
        return max(mean_and_se(t[0], t[1], trials)[1] for t in tallies) / stake


@dataclass(frozen=True)
class _StrongPlacementJob(_PlacementJob):
    """:class:`_PlacementJob` with rollout or search players finishing the round
    (:func:`.rollout._sample_moves_under`): ``kinds`` holds each player's policy parameters."""

    def _sample(self, rng: np.ndarray, trials: int, tallies: np.ndarray, products: np.ndarray) -> None:
        _paired_samples_under(self.state, self.kinds, self.vectors, rng, trials, tallies, products)


def policy_kinds(policy: str, opponent_policy: str | None) -> tuple[np.ndarray, np.ndarray, str, str]:
    """The policy parameters (:func:`.play.parse_policy`, one row a player) and greedy vectors
    (:func:`.play.policy_vector`) for (you, opponent); the opponent plays like you unless told."""
    opponent_policy = opponent_policy or policy
    params, vectors = seat_policies(policy, opponent_policy)
    return params, vectors, policy, opponent_policy


def orderings(position_state: np.ndarray) -> tuple[int, int, int]:
    """``(unseen cards m, cards still to deal d, orderings m!/(m-d)!)`` for exact values."""
    m = len(_unseen_cards(position_state, int(E._mover(position_state))))
    d = int(position_state[E.HAND_N + OPPONENT] + _future_draws(position_state))
    d = min(d, m)
    return m, d, math.perm(m, d)


def placement_values(
    position: Position,
    *,
    policy: str | None = None,
    opponent_policy: str | None = None,
    trials: int = DEFAULT_TRIALS,
    seed: int | None = None,
    exact: bool | None = None,
    runner: Runner = Runner(),
) -> Placements:
    """Every legal move of ``position`` with its value, best first (module docstring).

    ``policy`` finishes the round for you and, unless ``opponent_policy`` is given, for the
    opponent; ``"exact"`` solves the position by minimax instead (solvable positions only), and
    ``None`` (the default) means ``"exact"`` where the position is solvable and no
    ``opponent_policy`` is given, else ``"greedy"``. ``exact`` forces enumeration (``True``) or
    Monte Carlo (``False``) of the policies' play-outs, and ``None`` enumerates when the
    policies are deterministic and the orderings of the cards to come are at most ``trials``."""
    check_count(trials, "trials")  # before the choice of method: exact runs take no trials or seed
    check_seed(seed)
    state = position.to_state()
    solvable = bool(_solvable(state))
    if policy is None:
        policy = EXACT_POLICY if solvable and opponent_policy is None else "greedy"
    if policy.strip().lower() == EXACT_POLICY:
        return _minimax_values(position, state, solvable, opponent_policy, exact)
    params, vectors, policy, opponent_policy = policy_kinds(policy, opponent_policy)
    kinds = np.ascontiguousarray(params[:, 0])
    n_moves = int(_count_moves(state))
    deterministic = bool(np.isin(kinds, GREEDY_KINDS).all())
    m, d, n_orderings = orderings(state)
    forced = exact is True
    exact = deterministic and n_orderings <= trials if exact is None else exact
    if exact and not deterministic:
        raise ValueError("exact values need deterministic policies: use --policy greedy or tuned")
    if forced:
        check_exact_cost(n_orderings * n_moves * EXACT_SECONDS_PER_PLAYOUT / runner.workers)
    start = clock_start()
    if exact:
        tasks = [(state, kinds, vectors, d, lo, lo + 1) for lo in range(m if d else 1)]
        parts = runner.tasks(_enumerate, tasks)
        tallies = sum(parts)
        facts = RunFacts.enumerated(n_orderings, since=start)
    else:
        used_seed = new_seed(seed)
        lookahead = bool(np.isin(kinds, LOOKAHEAD_KINDS).any())
        job = (
            _StrongPlacementJob(state, params, vectors, n_moves)
            if lookahead
            else _PlacementJob(state, kinds, vectors, n_moves)
        )
        run = runner.monte_carlo(job, seed=used_seed, stopping=Stopping(trials=trials), chunk_size=PLACEMENT_CHUNK)
        tallies, facts = run.tallies, RunFacts.from_run(run)
    moves = _move_values(position, state, tallies, facts.trials, exact)
    return Placements(position=position, policy=policy, opponent_policy=opponent_policy, run=facts, moves=moves)


def _minimax_values(
    position: Position, state: np.ndarray, solvable: bool, opponent_policy: str | None, exact: bool | None
) -> Placements:
    """The ``exact`` policy: every move's minimax value (:mod:`.endgame`)."""
    if not solvable:
        left = 2 * E.SLOTS * position.rows - position.placed
        raise ValueError(
            f"the exact policy needs a position whose rest is fully known (Open 5, no more placements left "
            f"than open cards); this is {position.type} with {plural(left, 'placement')} left"
        )
    if opponent_policy is not None and opponent_policy.strip().lower() != MINIMAX:
        raise ValueError(
            "the exact policy assumes an opponent who plays to beat you (minimax): give no opponent policy"
        )
    if exact is False:
        raise ValueError("the exact policy solves the position: it has no Monte Carlo form")
    start = clock_start()
    tallies = np.zeros((int(_count_moves(state)), TALLY_WIDTH), np.int64)
    solved = int(_endgame_tallies(state, tallies))
    facts = RunFacts.enumerated(solved, since=start)
    moves = _move_values(position, state, tallies, 1, True)
    return Placements(position=position, policy=EXACT_POLICY, opponent_policy=MINIMAX, run=facts, moves=moves)


def _enumerate(state, kinds, vectors, draws, lo, hi):
    tallies = np.zeros((int(_count_moves(state)), TALLY_WIDTH), np.int64)
    _enumerate_moves(state, kinds, vectors, draws, lo, hi, tallies)
    return tallies


def _move_values(
    position: Position, state: np.ndarray, tallies: np.ndarray, n: int, exact: bool
) -> tuple[MoveValue, ...]:
    cards = position.cards
    share_drawer = position.type == "share2" and len(cards) == 2
    values = []
    for index, t in enumerate(tallies):
        choice, row, side = _move_at(state, index)
        ev, se = mean_and_se(t[0], t[1], n)
        wins = [mean_and_se(t[2 + r], t[2 + E.MAX_ROWS + r], n) for r in range(position.rows)]
        values.append(
            dict(
                card=format_cards([cards[choice]]),
                row=row + 1,
                side=SIDE_NAMES[side],
                ev=ev * HALF_POT,
                stderr=0.0 if exact else se * HALF_POT,
                row_win=tuple(w / 2 for w, _ in wins),
                row_win_stderr=tuple(0.0 if exact else s / 2 for _, s in wins),
                given=format_cards([cards[1 - choice]]) if share_drawer else None,
            )
        )
    best = max(range(len(values)), key=lambda i: values[i]["ev"])  # the first best move
    paired = not exact and tallies.shape[1] > TALLY_WIDTH
    for index, v in enumerate(values):
        v["regret"] = values[best]["ev"] - v["ev"]
        v["regret_stderr"] = (
            paired_stderr(tallies[:, 0], tallies[:, TALLY_WIDTH:], best, index, n) * HALF_POT if paired else 0.0
        )
    values.sort(key=lambda v: -v["ev"])
    return tuple(MoveValue(**v) for v in values)
