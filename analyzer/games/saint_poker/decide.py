"""Saint Poker positions and the value of every choice of the current phase (rules §3.8).

A position is seen by the player deciding, seat 0 ("you"); JSON form::

    {
      "players": 3, "round": 2, "phase": "reveal",      # river | reveal | draft
      "scores": [0, 1, 0],
      "hand": "As Kd 9h 9c 7s 5d 4c 3h",                  # your hand now
      "future": "Qd 2s",                                   # the face-up future river
      "river": "Jc 8d Ts 6h 2c",                           # the river so far
      "known": ["", "Qh", ""],                             # cards each player is known to hold (drafted)
      "removed": "2d 3d 4d 5c 6c",                         # cards out of the game
      "revealed": ["", "Ah Ad", "7c"],                     # draft: revealed cards still on the table
      "order": [0, 2, 1, 0, 2, 1]                          # draft: the picks still to come, yours first
    }

Hand sizes follow from the round: 11 - r at the river phase, one fewer at the reveal,
three fewer during the draft plus the picks made. The river holds the f = 5 - n future
cards at the river phase and 5 cards at the reveal; in the draft the river and the
revealed cards are what is left to pick.

Each legal choice (river card, pair to reveal, or draft pick) is made, the others choose
by their policies at the same time, and the game is played out from hidden cards dealt
from what you have not seen (:mod:`.rollout`). The players after the choice may be base
policies or the simulating ones: ``search[:B[:BASE]]`` values every move under strong
play (:mod:`.search`; each of its moves simulates in turn, so give fewer trials), as may
``rollout[:N[:BASE]]`` (:func:`.table._sample_choices_played`). Reported per choice: P(win this round) (a
share of the round's points; for a draft pick, the next round), the expected points of
that round and of the whole rest of the game, with standard errors.

Exact in the last round when every opponent but one is fully known and the rest of the
round is deterministic (``save`` or ``tuned-save`` for the others in the river phase; any
base policy but ``random`` at the reveal): every hand the hidden opponent may hold is enumerated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Annotated, Any

import numpy as np
from pydantic import Field

from analyzer.cards import cards_mask, check_disjoint, format_cards
from analyzer.games._results import SHOWN, Result, plus_minus, summary, value_chart
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.play import parse_policies
from analyzer.games.saint_poker.policies import RANDOM, SAVE_RIVER, STRONG, policy_weights
from analyzer.games.saint_poker.rollout import CHOICE_TALLY, _legal_choices, _sample_choices, _score_choices
from analyzer.games.saint_poker.table import _sample_choices_played
from analyzer.json_input import Cards, InputModel, card_field, choice, validate
from analyzer.sim.engine import Stopping, check_count, clock_start, mean_and_se
from analyzer.sim.facts import RunFacts
from analyzer.sim.method import METHODS
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import check_seed, new_seed
from analyzer.text import plural

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

PHASES = {"river": E.RIVER, "reveal": E.REVEAL, "draft": E.DRAFT}
MAX_SCORE = 10**6  # far above any score a game reaches; bounds the scores given
DEFAULT_TRIALS = 4_000
CHUNK = 200
EXACT_LIMIT = 50_000


PerPlayer = Annotated[list[Cards], Field(max_length=E.MAX_PLAYERS)]


class SaintPositionModel(InputModel):
    """The JSON form of a Saint Poker position (module docstring), with strict types; what the
    types cannot say (list lengths per player, hand sizes, the draft order) is checked after."""

    players: Annotated[int, Field(ge=2, le=E.MAX_PLAYERS)]
    round: Annotated[int, Field(ge=1, le=E.ROUNDS)]
    phase: choice(PHASES) = "river"  # type: ignore[valid-type]
    scores: Annotated[list[Annotated[int, Field(ge=0, le=MAX_SCORE)]], Field(max_length=E.MAX_PLAYERS)] | None = None
    hand: Cards = ""
    future: Cards = ""
    river: Cards = ""
    known: PerPlayer | None = None
    removed: Cards = ""
    revealed: PerPlayer | None = None
    order: Annotated[list[Annotated[int, Field(ge=0, lt=E.MAX_PLAYERS)]], Field(max_length=2 * E.MAX_PLAYERS)] = Field(
        default_factory=list
    )


def _per_player(value: list | None, n: int, what: str) -> list[tuple[int, ...]]:
    value = value if value is not None else [""] * n
    if len(value) != n:
        raise ValueError(f"{what}: expected one entry per player ({n}), got {len(value)}")
    return [card_field(v, f"{what} of player {i}") for i, v in enumerate(value)]


@dataclass(frozen=True)
class SaintPosition:
    """A validated position seen by seat 0 (module docstring): cards are code tuples, ``known``
    and ``revealed`` one tuple per player, ``order`` the draft picks still to come (yours first)."""

    players: int
    round: int
    phase: str
    scores: tuple[int, ...]
    hand: tuple[int, ...]
    future: tuple[int, ...]
    river: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    revealed: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]

    def hand_size(self, seat: int) -> int:
        """Cards held now (module docstring)."""
        start = E.DEAL + 1 - self.round
        if self.phase == "river":
            return start
        if self.phase == "reveal":
            return start - 1
        return start - 3 + 2 - self.order.count(seat)

    def to_state(self) -> np.ndarray:
        """The engine state from seat 0's point of view: the opponents' hidden cards have the
        right number but are placeholders, dealt afresh per sample from the unseen cards."""
        st = np.zeros(E.STATE_SIZE, np.int64)
        n = self.players
        st[E.PLAYERS], st[E.ROUND], st[E.PHASE] = n, self.round, PHASES[self.phase]
        st[E.RIVER_CARDS : E.FUTURE] = -1
        st[E.HOLES : E.VALUE] = -1
        for p in range(n):
            st[E.SCORE + p] = self.scores[p]
            st[E.PRIORITY + p] = p
            st[E.KNOWN + p] = int(cards_mask(self.known[p]))
            st[E.HAND + p] = st[E.KNOWN + p]
        st[E.HAND] = int(cards_mask(self.hand))
        st[E.KNOWN] &= st[E.HAND]
        for i, c in enumerate(self.river):
            st[E.RIVER_CARDS + i] = c
        for i, c in enumerate(self.future):
            st[E.FUTURE + i] = c
        st[E.FUTURE_N] = len(self.future)
        for p, cards in enumerate(self.revealed):
            for i, c in enumerate(cards):
                st[E.HOLES + 2 * p + i] = c
        st[E.REMOVED] = int(cards_mask(self.removed))
        if self.phase == "draft":
            picks = 2 * n - len(self.order)
            for i, seat in enumerate(self.order[:n]):
                st[E.ORDER + (picks + i) % n] = seat
            st[E.PICKS] = picks
        # the opponents' hidden cards: placeholders, dealt per sample from the unseen cards
        unseen = E._unseen_mask(st, 0)
        for p in range(1, n):
            for _ in range(self.hand_size(p) - len(self.known[p])):
                c = E.nth_card(unseen, 0)
                unseen &= ~E._bit(c)
                st[E.HAND + p] |= E._bit(c)
        deck = [c for c in range(E.DECK_SIZE) if (unseen >> c) & 1]
        st[E.DECK : E.DECK + len(deck)] = deck
        st[E.TOP], st[E.END] = 0, len(deck)
        return st

    def describe(self) -> str:
        """The players, round, phase and scores, in words."""
        return f"{self.players} players, round {self.round}, {self.phase}; scores {'-'.join(map(str, self.scores))}"

    def to_dict(self) -> dict:
        """The JSON form (module docstring), which :func:`position_from_dict` reads back."""
        fmt = format_cards
        return {
            "players": self.players,
            "round": self.round,
            "phase": self.phase,
            "scores": list(self.scores),
            "hand": fmt(self.hand),
            "future": fmt(self.future),
            "river": fmt(self.river),
            "known": [fmt(k) for k in self.known],
            "removed": fmt(self.removed),
            "revealed": [fmt(r) for r in self.revealed],
            "order": list(self.order),
        }


def position_from_dict(data: Any) -> SaintPosition:
    """A validated position (module docstring): types are checked by :class:`SaintPositionModel`,
    the rest by the rules of the round and phase."""
    m = validate(SaintPositionModel, data)
    n, r, phase = m.players, m.round, m.phase
    if phase == "draft" and r == E.ROUNDS:
        raise ValueError("there is no draft after round 8")
    scores = m.scores if m.scores is not None else [0] * n
    if len(scores) != n:
        raise ValueError(f"scores: expected {n} non-negative whole numbers, got {len(scores)}")
    position = SaintPosition(
        players=n,
        round=r,
        phase=phase,
        scores=tuple(scores),
        hand=card_field(m.hand, "hand"),
        future=card_field(m.future, "future"),
        river=card_field(m.river, "river"),
        known=tuple(_per_player(m.known, n, "known")),
        removed=card_field(m.removed, "removed"),
        revealed=tuple(_per_player(m.revealed, n, "revealed")),
        order=tuple(m.order) if phase == "draft" else (),
    )
    _validate(position)
    return position


def _validate(p: SaintPosition) -> None:
    n, f = p.players, E.RIVER_SIZE - p.players
    groups = {"hand": p.hand, "future": p.future, "river": p.river, "removed": p.removed}
    groups.update({f"known of player {i}": k for i, k in enumerate(p.known) if i})
    groups.update({f"revealed of player {i}": k for i, k in enumerate(p.revealed)})
    check_disjoint(groups)
    if not set(p.known[0]) <= set(p.hand):
        raise ValueError("known of player 0: your known cards must be in your hand")
    if len(p.hand) != p.hand_size(0):
        held = plural(p.hand_size(0), "card")
        raise ValueError(f"round {p.round}, {p.phase} phase: you hold {held}, got {len(p.hand)}")
    for seat in range(1, n):
        if len(p.known[seat]) > p.hand_size(seat):
            held = plural(p.hand_size(seat), "card")
            raise ValueError(f"player {seat} holds {held} but {len(p.known[seat])} are known")
    future = f if p.round < E.ROUNDS else 0
    if len(p.future) != future:
        raise ValueError(f"the future river has {plural(future, 'card')} in round {p.round}, got {len(p.future)}")
    if p.phase == "river" and len(p.river) != f:
        raise ValueError(f"at the river phase the river holds the {f} former future cards, got {len(p.river)}")
    if p.phase == "reveal" and len(p.river) != E.RIVER_SIZE:
        raise ValueError(f"at the reveal the river holds 5 cards, got {len(p.river)}")
    if p.phase != "draft" and any(p.revealed):
        raise ValueError("revealed cards are on the table only during the draft")
    if p.phase == "draft":
        left = E.RIVER_SIZE + 2 * n - (2 * n - len(p.order))
        on_table = len(p.river) + sum(map(len, p.revealed))
        if not p.order or p.order[0] != 0 or len(p.order) > 2 * n:
            raise ValueError(f"draft: 'order' lists the picks still to come, yours (seat 0) first, at most {2 * n}")
        if any(s not in range(n) for s in p.order) or any(
            p.order[i] != p.order[i + n] for i in range(len(p.order) - n)
        ):
            raise ValueError("draft: the two passes go in the same order (S-10)")
        if on_table != left:
            raise ValueError(
                f"draft: {plural(left, 'card')} should be left to pick with {plural(len(p.order), 'pick')} to come, "
                f"got {on_table} on the table"
            )
    removed = 5 * (p.round - 1)
    if len(p.removed) != removed:
        raise ValueError(f"{plural(removed, 'card')} left the game before round {p.round}, got {len(p.removed)}")


SAMPLED = ("sample of the hidden cards", "samples of the hidden cards")
ENUMERATED = ("hand of the hidden opponent", "hands of the hidden opponent")


@dataclass(frozen=True)
class ChoiceValue(Result):
    """One legal choice and its value: ``cards`` is the river card, the pair to reveal or the
    draft pick; ``p_win_round`` your share of this round's win (ties shared; for a draft pick,
    the next round's), ``points_now`` your expected points of that round and ``points_total``
    of the whole rest of the game, with standard errors ``points_now_stderr`` and ``stderr``
    (0 when exact)."""

    cards: str
    p_win_round: float
    points_now: float
    points_total: float
    stderr: float  # of points_total
    points_now_stderr: float

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
                f"P(win round) {100 * c.p_win_round:.1f}%",
            )
            for c in self.choices[:SHOWN]
        ]
        return summary(
            f"Saint Poker choices: {self.position.describe()}; then {self.policy}",
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


@dataclass(frozen=True)
class DecideJob:
    """Monte Carlo chunks of :func:`.rollout._sample_choices`, or with a rollout or search
    player among ``params`` :func:`.table._sample_choices_played` (picklable for Dask)."""

    state: np.ndarray
    choices: np.ndarray
    params: np.ndarray
    weights: np.ndarray  # policies.policy_weights()

    def run_chunk(self, rng: np.ndarray, trials: int) -> np.ndarray:
        """The tallies (one row per choice, ``CHOICE_TALLY`` wide) of ``trials`` samples from ``rng``."""
        tallies = np.zeros((len(self.choices), CHOICE_TALLY), np.int64)
        if np.isin(self.params[:, 0], STRONG).any():
            _sample_choices_played(self.state, 0, self.choices, self.params, self.weights, rng.copy(), trials, tallies)
        else:
            kinds = self.params[:, 0].copy()
            _sample_choices(self.state, 0, self.choices, kinds, self.weights, rng.copy(), trials, tallies)
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
    method: str = "auto",
    runner: Runner = Runner(),
) -> Decision:
    """Every legal choice of the current phase with its value, best first (module docstring).
    ``policy`` is the policy of every player after the choice (one name, or one per seat)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    check_count(trials, "trials")  # before the choice of method: exact runs take no trials or seed
    check_seed(seed)
    _, params = parse_policies(policy, position.players)
    label = policy if isinstance(policy, str) else ",".join(policy)
    kinds, weights = params[:, 0].copy(), policy_weights()
    state = position.to_state()
    choices = _legal_choices(state, 0)
    hands = _exact_hands(position, state) if _deterministic(position, kinds) else None
    exact = method == "exact" or (method == "auto" and hands is not None)
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
            DecideJob(state, choices, params, weights),
            seed=used_seed,
            stopping=Stopping(trials=trials),
            chunk_size=CHUNK,
        )
        tallies, facts = run.tallies, RunFacts.from_run(run)
    n = facts.trials
    values = []
    for (a, b), t in zip(choices.tolist(), tallies):
        now, now_se = mean_and_se(t[1], t[2], n)
        total, total_se = mean_and_se(t[3], t[4], n)
        values.append(
            ChoiceValue(
                cards=format_cards([a] if a == b else [a, b]),
                p_win_round=t[0] / n,
                points_now=now,
                points_total=total,
                stderr=0.0 if exact else total_se,
                points_now_stderr=0.0 if exact else now_se,
            )
        )
    values.sort(key=lambda v: -v.points_total)
    return Decision(position=position, policy=label, run=facts, choices=tuple(values))
