"""Whole Head to Head betting games between policies (rules §2.7), with stack trajectories.

A player is a placement policy (:mod:`.play`: random, greedy, rollout) and a betting
policy (:mod:`.bet_policies`): ``never``; ``threshold`` with optional parameters
``threshold:bet=0.7,raise=0.85,call=0.45,size=100`` (win probabilities and dollars);
``rollout`` or ``rollout:N`` (N simulations per betting action, 16 by default).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import Result, percent_with_error, summary, value_chart
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.betting.engine import START_STACK
from analyzer.games.head_to_head.betting.policies import (
    BET_GAME_WIDTH,
    BET_PARAMS,
    BET_POLICY_NAMES,
    DEFAULT_BET_ROLLOUTS,
    DEFAULT_THRESHOLD,
    GAME_PLACEMENTS,
    _play_betting_game,
    betting_lookahead,
)
from analyzer.games.head_to_head.betting.rules import BettingRules
from analyzer.games.head_to_head.play import (
    GAME_CHUNK,
    ROLL,
    _game_streams,
    first_wins_se,
    parse_round_type,
    seat_policies,
)
from analyzer.games.head_to_head.rules import HeadToHeadRules
from analyzer.jit import kernel
from analyzer.sim.engine import Stopping, check_count, mean_and_se, rollout_count
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

THRESHOLD_KEYS = {"bet": 1, "raise": 2, "call": 3, "size": 4, "cards": 6}
# tallies: games, seat 0 wins, tie-breaks, final stack sum, its square, then the
# trajectory of seat 0's stack (sum, sum of squares) after each placement of the game
BET_TALLY = 5 + 2 * GAME_PLACEMENTS


def parse_bet_policy(spec: str) -> np.ndarray:
    """Betting policy parameters from a name (module docstring)."""
    name, _, rest = spec.strip().lower().partition(":")
    if name not in BET_POLICY_NAMES:
        raise ValueError(f"unknown betting policy {spec!r}: expected never, random, threshold[:k=v,...] or rollout[:N]")
    params = np.zeros(BET_PARAMS, np.int64)
    params[0] = BET_POLICY_NAMES[name]
    if name in ("never", "random"):
        if rest:
            raise ValueError(f"betting policy {name!r} takes no parameters, got {spec!r}")
    elif name == "rollout":
        params[5] = rollout_count(rest, spec) if rest else DEFAULT_BET_ROLLOUTS
    else:
        params[:] = DEFAULT_THRESHOLD
        for item in filter(None, rest.split(",")):
            key, _, value = item.partition("=")
            if key not in THRESHOLD_KEYS:
                raise ValueError(
                    f"unknown threshold parameter {key!r} in {spec!r}: expected bet, raise, call, size, cards"
                )
            try:
                number = float(value)
            except ValueError:
                raise ValueError(f"bad value {value!r} for {key} in betting policy {spec!r}") from None
            if key == "size":
                if number <= 0 or number != int(number):
                    raise ValueError(f"bet size in {spec!r} must be a positive whole number of dollars")
                params[THRESHOLD_KEYS[key]] = int(number)
            elif key == "cards":
                if number not in (0, 1):
                    raise ValueError(f"cards in {spec!r} must be 0 (blind to held cards) or 1")
                params[THRESHOLD_KEYS[key]] = int(number)
            else:
                if not 0 <= number <= 1:
                    raise ValueError(f"threshold {key}={value} in {spec!r} must be a probability from 0 to 1")
                params[THRESHOLD_KEYS[key]] = round(1000 * number)
    return params


@kernel
def _play_betting_games(
    kind, crazy, batch_rule, tiebreak, bet_rules, params, vectors, bparams, rng, games, tallies, lookahead
):
    """Play ``games`` betting games and add them to the tallies (see ``BET_TALLY``);
    ``lookahead``: :func:`.policies.betting_lookahead` of the players."""
    streams = _game_streams(rng)
    deal, seats = streams[0], streams[1:]
    st = np.zeros(E.STATE_SIZE, np.int64)
    out = np.zeros(BET_GAME_WIDTH, np.int64)
    trajectory = np.zeros(GAME_PLACEMENTS, np.int64)
    for _ in range(games):
        _play_betting_game(
            st, kind, crazy, batch_rule, tiebreak, bet_rules, params, vectors, bparams, deal, seats, out, trajectory,
            lookahead,
        )  # fmt: skip
        tallies[0] += 1
        tallies[1] += out[2] == 0
        tallies[2] += out[0] == out[1]
        tallies[3] += out[0]
        tallies[4] += out[0] * out[0]
        for i in range(GAME_PLACEMENTS):
            tallies[5 + i] += trajectory[i]
            tallies[5 + GAME_PLACEMENTS + i] += trajectory[i] * trajectory[i]


@dataclass(frozen=True)
class _BettingGameJob:
    """Monte Carlo chunks of whole betting games (:func:`_play_betting_games`; picklable for Dask)."""

    kind: int
    crazy: int
    settings: tuple[int, int]
    rules: np.ndarray
    params: np.ndarray
    vectors: np.ndarray
    bparams: np.ndarray

    def run_chunk(self, rng: np.ndarray, games: int) -> np.ndarray:
        """The tallies (``BET_TALLY``) of ``games`` betting games from ``rng``."""
        tallies = np.zeros(BET_TALLY, np.int64)
        _play_betting_games(
            self.kind,
            self.crazy,
            *self.settings,
            self.rules,
            self.params,
            self.vectors,
            self.bparams,
            rng.copy(),
            games,
            tallies,
            betting_lookahead(self.params, self.bparams),
        )
        return tallies

    def standard_error(self, tallies: np.ndarray, games: int) -> float:
        """The standard error of the first player's win rate (for ``target_se`` stopping)."""
        return first_wins_se(tallies, games)


GAMES = ("game", "games")
END_STACKS = 2 * START_STACK + 1200  # both stacks at the end: $1,600 of stacks and $1,200 of base
ROUND_ENDS = tuple(8 * sum(range(3, 3 + r)) for r in (1, 2, 3))  # placements by the end of each round


@dataclass(frozen=True)
class BettingGames(Result):
    """Betting games (§2.7): the first player's win rate and final stack, and his mean stack
    after every placement of the game (``trajectory``, with standard errors); ``run.trials``
    is the number of games.

    A player is a placement policy (``first``, ``second``) and a betting policy
    (``first_bets``, ``second_bets``); ``first`` moves first in round 1. Both stacks end at
    $2,800 together (two $800 stacks and $1,200 of base), so the second's final stack is
    $2,800 minus the first's; ``tie_breaks`` is the share of games tied on chips and settled
    by the card draw, ``tie_breaks_stderr`` its standard error.
    """

    first: str
    first_bets: str
    second: str
    second_bets: str
    round_type: str
    crazy: bool
    rules: BettingRules
    run: RunFacts
    first_wins: float
    first_wins_stderr: float
    tie_breaks: float
    tie_breaks_stderr: float
    first_stack: float
    first_stack_stderr: float
    trajectory: tuple[float, ...]
    trajectory_stderr: tuple[float, ...]

    def to_dict(self) -> dict:
        """The fields with the run's facts inlined, the betting rules, the second player's final
        stack and the trajectory (what ``--json`` prints)."""
        d = {k: v for k, v in self.__dict__.items() if k not in ("rules", "trajectory", "trajectory_stderr")}
        return {
            "games": self.run.trials,
            **inline_run(d),
            "rules": self.rules.__dict__,
            "second_stack": END_STACKS - self.first_stack,
            "trajectory": list(self.trajectory),
            "trajectory_stderr": list(self.trajectory_stderr),
        }

    def to_frame(self) -> pd.DataFrame:
        """One row per placement of the game (1 to 96): the first player's mean stack after it
        and its standard error."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame(
            {
                "placement": np.arange(1, GAME_PLACEMENTS + 1),
                "first_stack": self.trajectory,
                "stderr": self.trajectory_stderr,
            }
        )

    def __repr__(self) -> str:
        kind = f"{self.round_type}{' Crazy' if self.crazy else ''}"
        rounds = ", ".join(f"{self.trajectory[end - 1]:.0f}" for end in ROUND_ENDS)
        rows = [
            ("first wins", percent_with_error(self.first_wins, self.first_wins_stderr, 2)),
            ("first's final stack", f"{self.first_stack:.1f} ± {self.first_stack_stderr:.1f} $ (of ${END_STACKS:,})"),
            ("first's mean stack", f"{rounds} $ after rounds 1, 2, 3"),
            ("settled by the card draw", percent_with_error(self.tie_breaks, self.tie_breaks_stderr, 2)),
        ]
        title = (
            f"Head to Head betting games, {kind}: {self.first} + {self.first_bets} (first) v "
            f"{self.second} + {self.second_bets} (second)"
        )
        return summary(title, self.run.describe(GAMES), rows, total=len(rows), noun=GAMES)

    def plot(self) -> Figure:
        """Both players' shares of games won, with 2 s.e. error bars."""
        return value_chart(
            [f"first: {self.first} + {self.first_bets}", f"second: {self.second} + {self.second_bets}"],
            [self.first_wins, 1 - self.first_wins],
            [self.first_wins_stderr] * 2,
            run=self.run,
            sampled=GAMES,
            title=f"Head to Head betting games, {self.round_type}{' Crazy' if self.crazy else ''}: games won",
            value_label="share of games won",
        )


def simulate_betting_games(
    first: str = "greedy",
    second: str = "greedy",
    *,
    first_bets: str = "threshold",
    second_bets: str = "threshold",
    round_type: str = ROLL,
    crazy: bool = False,
    games: int = 2_000,
    seed: int | None = None,
    settings: HeadToHeadRules = HeadToHeadRules(),
    rules: BettingRules = BettingRules(),
    runner: Runner = Runner(),
) -> BettingGames:
    """Simulate betting games; ``first`` moves first in round 1 (placement policies)."""
    kind = parse_round_type(round_type, crazy)
    params, vectors = seat_policies(first, second)
    bparams = np.stack([parse_bet_policy(first_bets), parse_bet_policy(second_bets)])
    used_seed = new_seed(seed)
    lookahead = betting_lookahead(params, bparams) is not None
    chunk = GAME_CHUNK // 10 if lookahead else GAME_CHUNK // 2
    run = runner.monte_carlo(
        _BettingGameJob(kind, int(crazy), settings.codes(), rules.codes(), params, vectors, bparams),
        seed=used_seed,
        stopping=Stopping(trials=check_count(games, "games")),
        chunk_size=chunk,
    )
    t, n = run.tallies, run.trials
    wins, wins_se = t[1] / n, first_wins_se(t, n)
    stack, stack_se = mean_and_se(t[3], t[4], n)
    path = [mean_and_se(t[5 + i], t[5 + GAME_PLACEMENTS + i], n) for i in range(GAME_PLACEMENTS)]
    return BettingGames(
        first=first,
        first_bets=first_bets,
        second=second,
        second_bets=second_bets,
        round_type=round_type,
        crazy=crazy,
        rules=rules,
        run=RunFacts.from_run(run),
        first_wins=wins,
        first_wins_stderr=wins_se,
        tie_breaks=t[2] / n,
        tie_breaks_stderr=mean_and_se(t[2], t[2], n)[1],  # each game tied or not
        first_stack=stack,
        first_stack_stderr=stack_se,
        trajectory=tuple(m for m, _ in path),
        trajectory_stderr=tuple(s for _, s in path),
    )
