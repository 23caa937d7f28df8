"""Whole Saint Poker games between policies: win rates, scores, rounds won, ties.

Policies by name (:mod:`.policies`): ``random``, ``greedy``, ``save``, ``tuned``,
``tuned-save``, ``rollout`` (``rollout:N`` or ``rollout:N:BASE``: N simulations per choice,
8 by default, under the base policy, ``greedy`` by default), ``search`` (``search:B`` or
``search:B:BASE``: a budget of B simulations per move, 256 by default, :mod:`.search`).
A BASE is any of the first five. Seat ``i`` plays ``policies[i]``. The rule options
are a :class:`.rules.SaintPokerRules`: seat 0 is the "youngest" of the draft tie-break
unless ``random_priority`` (S-5). A final tie is a shared win (S-7, ``final_tie="shared"``)
or is broken by the round-8 hands (``"round8"``). ``snake_draft`` reverses the second draft
pass (S-10; off by default); ``future_face_up=False`` hides the future river until it
becomes the river (S-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import Result, json_ready, largest_share_stderr, percent_with_error, summary, value_chart
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.policies import BASE_POLICIES, POLICY_NAMES, STRONG, _seat_streams, policy_weights
from analyzer.games.saint_poker.rollout import SHARE
from analyzer.games.saint_poker.rules import SaintPokerRules
from analyzer.games.saint_poker.table import _play_game, lookahead_flag
from analyzer.jit import kernel
from analyzer.sim.engine import Stopping, check_count, mean_and_se, rollout_count
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

DEFAULT_COUNTS = {"rollout": 8, "search": 256}  # simulations per choice, per move
MAX_SCORE = 36
GAME_CHUNK = 500
# tallies: games, then per player: win shares, score, score^2, rounds won [8], score histogram [37];
# then per round: tied rounds
PER_PLAYER = 3 + E.ROUNDS + MAX_SCORE + 1
TALLY = 1 + E.MAX_PLAYERS * PER_PLAYER + E.ROUNDS


def parse_policy(spec: str) -> np.ndarray:
    """Policy parameters ``[kind, simulations, base]`` from a name (module docstring)."""
    name, *rest = spec.strip().lower().split(":")
    if name not in POLICY_NAMES:
        raise ValueError(
            f"unknown policy {spec!r}: expected {', '.join(BASE_POLICIES)}, rollout[:N[:BASE]] or search[:B[:BASE]]"
        )
    if name in BASE_POLICIES:
        if rest:
            raise ValueError(f"policy {name!r} takes no parameters, got {spec!r}")
        return np.array([POLICY_NAMES[name], 0, 0], np.int64)
    count = "N" if name == "rollout" else "B"
    if len(rest) > 2:
        raise ValueError(f"bad policy {spec!r}: expected {name}[:{count}[:BASE]]")
    base = rest[1] if len(rest) == 2 else "greedy"
    if base not in BASE_POLICIES:
        raise ValueError(f"bad {name} base policy in {spec!r}: expected {', '.join(BASE_POLICIES)}")
    simulations = rollout_count(rest[0], spec) if rest else DEFAULT_COUNTS[name]
    return np.array([POLICY_NAMES[name], simulations, POLICY_NAMES[base]], np.int64)


def parse_policies(specs: Sequence[str] | str, players: int) -> tuple[tuple[str, ...], np.ndarray]:
    """Each seat's policy: its name (what labels the seat) and its parameters, from one name or
    a list (comma-separated text or a sequence of names), cycled over the seats. Every name
    given is a policy: an empty one is refused, naming its place, never skipped (which would
    play the seats under other names than their labels)."""
    if not 2 <= players <= E.MAX_PLAYERS:
        raise ValueError(f"Saint Poker has 2 to 5 players, got {players}")
    given = specs.split(",") if isinstance(specs, str) else list(specs)
    if not 1 <= len(given) <= players:
        raise ValueError(f"give 1 to {players} policies (one per seat), got {len(given)}")
    for place, spec in enumerate(given, start=1):
        if not isinstance(spec, str):
            raise TypeError(f"policy {place} of {len(given)} must be a name, got {spec!r}")
        if not spec.strip():
            raise ValueError(f"policy {place} of {len(given)} is empty in {specs!r}: name one policy per seat")
    names = tuple(given[seat % len(given)].strip() for seat in range(players))
    params = np.zeros((E.MAX_PLAYERS, 3), np.int64)
    for seat, name in enumerate(names):
        params[seat] = parse_policy(name)
    return names, params


@kernel
def _play_games(n, options, final_tie, params, weights, rng, games, tallies, lookahead):
    deal = rng.copy()
    rngs = _seat_streams(deal, E.MAX_PLAYERS)
    st = np.zeros(E.STATE_SIZE, np.int64)
    for _ in range(games):
        _play_game(st, n, options[0], params, weights, deal, rngs, lookahead, options[1], options[2])
        tallies[0] += 1
        best = 0
        for p in range(n):
            best = max(best, st[E.SCORE + p])
        leaders = np.zeros(n, np.bool_)
        for p in range(n):
            leaders[p] = st[E.SCORE + p] == best
        if final_tie and leaders.sum() > 1:  # S-7: the round-8 hands break the tie
            top = -1
            for p in range(n):
                if leaders[p]:
                    top = max(top, st[E.VALUE + p])
            for p in range(n):
                leaders[p] = leaders[p] and st[E.VALUE + p] == top
        winners = leaders.sum()
        for p in range(n):
            base = 1 + p * PER_PLAYER
            score = st[E.SCORE + p]
            tallies[base] += SHARE // winners if leaders[p] else 0
            tallies[base + 1] += score
            tallies[base + 2] += score * score
            for r in range(E.ROUNDS):
                tallies[base + 3 + r] += st[E.ROUND_POINTS + r * E.MAX_PLAYERS + p] > 0
            tallies[base + 3 + E.ROUNDS + min(score, MAX_SCORE)] += 1
        for r in range(E.ROUNDS):
            scorers = 0
            for p in range(n):
                scorers += st[E.ROUND_POINTS + r * E.MAX_PLAYERS + p] > 0
            tallies[1 + E.MAX_PLAYERS * PER_PLAYER + r] += scorers > 1


@dataclass(frozen=True)
class _GameJob:
    """Monte Carlo chunks of whole games (:func:`_play_games`; picklable for Dask)."""

    players: int
    options: np.ndarray  # random priority (S-5), snake draft (S-10), face-down future river (S-1)
    final_tie: int  # SaintPokerRules.codes()
    params: np.ndarray
    weights: np.ndarray  # policies.policy_weights()

    def run_chunk(self, rng: np.ndarray, games: int) -> np.ndarray:
        """The game tallies (``TALLY``) of ``games`` games from ``rng``."""
        tallies = np.zeros(TALLY, np.int64)
        lookahead = lookahead_flag(self.params)  # base players only: no rollout or search code compiled
        _play_games(
            self.players, self.options, self.final_tie, self.params, self.weights, rng, games, tallies, lookahead
        )
        return tallies

    def standard_error(self, tallies: np.ndarray, games: int) -> float:
        """Not used for stopping (NaN): a tournament stops after its games."""
        return float("nan")


GAMES = ("game", "games")


@dataclass(frozen=True)
class SaintPokerGames(Result):
    """Saint Poker games: per seat the win share (shared wins split), mean score, how
    often each round is won, the score distribution; per round how often it ties;
    ``run.trials`` is the number of games.

    ``seats`` holds one dict per seat: ``seat``, ``policy``, ``wins`` and ``wins_stderr`` (a
    win shared by w players counts 1/w, S-7), ``score`` and ``score_stderr``, ``won_round_1``
    to ``won_round_8`` (the share of games in which the seat scored in that round) and
    ``score_histogram`` (games by final score 0 to 36). ``tied_rounds``: per round, the share of
    games in which two or more players won it.
    """

    players: int
    policies: tuple[str, ...]
    run: RunFacts
    rules: SaintPokerRules
    seats: tuple[dict, ...]
    tied_rounds: tuple[float, ...]  # share of games in which round r had 2+ winners

    def to_dict(self) -> dict:
        """The fields, with the run's facts and the rules (``final_tie``, ``random_priority``,
        ``snake_draft``, ``future_face_up``) spelled out in their places (lists for tuples; ``--json``)."""
        return json_ready({"games": self.run.trials, **inline_run(self.__dict__, "rules")})

    def to_frame(self) -> pd.DataFrame:
        """One row per seat: seat, policy, wins, score (each with its standard error) and the
        rounds won (``won_round_1`` ... ``won_round_8``)."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([{k: v for k, v in s.items() if k != "score_histogram"} for s in self.seats])

    def round_shares_stderr(self) -> float:
        """The largest standard error of the per-round shares (each seat's rounds won, the tied
        rounds): each is a share of the games, so sqrt(p (1 - p) / n) over ``n`` games."""
        shares = [s[f"won_round_{r}"] for s in self.seats for r in range(1, E.ROUNDS + 1)] + list(self.tied_rounds)
        return largest_share_stderr(shares, self.run.trials)

    def __repr__(self) -> str:
        rows = [
            (
                f"seat {s['seat']} {s['policy']}",
                f"wins {percent_with_error(s['wins'], s['wins_stderr'], 1)}, "
                f"score {s['score']:.2f} ± {s['score_stderr']:.2f}",
            )
            for s in self.seats
        ]
        title = f"Saint Poker games, {self.players} players; final ties {self.rules.final_tie}"
        return summary(title, self.run.describe(GAMES), rows, total=len(rows), noun=("seat", "seats"))

    def plot(self) -> Figure:
        """Each seat's share of the games won, with 2 s.e. error bars."""
        return value_chart(
            [f"seat {s['seat']}: {s['policy']}" for s in self.seats],
            [s["wins"] for s in self.seats],
            [s["wins_stderr"] for s in self.seats],
            run=self.run,
            sampled=GAMES,
            title=f"Saint Poker, {self.players} players: games won (shared wins split)",
            value_label="share of games won",
        )


def simulate_games(
    players: int = 3,
    policies: list[str] | str = "greedy",
    *,
    games: int = 10_000,
    seed: int | None = None,
    rules: SaintPokerRules = SaintPokerRules(),
    runner: Runner = Runner(),
) -> SaintPokerGames:
    """Simulate whole games, seat ``i`` playing ``policies[i]``, under ``rules``."""
    names, params = parse_policies(policies, players)
    used_seed = new_seed(seed)
    strong = np.isin(params[:players, 0], STRONG).any()
    chunk = 10 if strong else GAME_CHUNK
    run = runner.monte_carlo(
        _GameJob(players, *rules.codes(), params, policy_weights()),
        seed=used_seed,
        stopping=Stopping(trials=check_count(games, "games")),
        chunk_size=chunk,
    )
    t, n = run.tallies, run.trials
    seats = []
    for p in range(players):
        base = 1 + p * PER_PLAYER
        share = t[base] / SHARE / n
        wins_se = float(np.sqrt(max(share * (1 - share), 0.0) / n))
        score, score_se = mean_and_se(t[base + 1], t[base + 2], n)
        seats.append(
            {
                "seat": p,
                "policy": names[p],
                "wins": share,
                "wins_stderr": wins_se,
                "score": score,
                "score_stderr": score_se,
                **{f"won_round_{r + 1}": t[base + 3 + r] / n for r in range(E.ROUNDS)},
                "score_histogram": t[base + 3 + E.ROUNDS : base + PER_PLAYER].tolist(),
            }
        )
    tied = tuple(t[1 + E.MAX_PLAYERS * PER_PLAYER + r] / n for r in range(E.ROUNDS))
    return SaintPokerGames(
        players=players, policies=names, run=RunFacts.from_run(run), rules=rules, seats=tuple(seats), tied_rounds=tied
    )
