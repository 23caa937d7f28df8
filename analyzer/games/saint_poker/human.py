"""A game of Saint Poker between a person (seat 0) and policies, one decision at a time (rules §3).

:class:`HumanGame` runs the engine as :func:`.table._play_game` does (the same phase step,
:func:`.table._step`, with the person's choice forced), stopping at each of the person's
decisions: his river card and his pair in every round (chosen at the same time as the others',
who choose from the same state, §3.6), and his picks of the draft. He is shown what the rules
show (§3.6): his hand, the river, the face-up future river, the scores, the cards shown, who
drafted what, the cards out of the game; never another hand or the deck. The deal and the seats'
streams are those of the first game of a simulation with the same seed
(:func:`.play._play_games`), so a person who plays a policy's choices gets that game.

:meth:`HumanGame.advice` values every choice he has (:func:`.decide.decide`, from what he sees:
exact in the last round where it can be, else Monte Carlo under greedy play for everyone) and
:meth:`HumanGame.strong_choice` gives the search player's choice in his place.

>>> game = HumanGame(players=2, opponents="greedy", seed=1)
>>> game.round, game.phase, len(game.choices())
(1, 'river', 10)
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import format_cards, parse_cards
from analyzer.games._move_cost import ThinkBudget
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.decide import Decision, decide
from analyzer.games.saint_poker.play import parse_policies, parse_policy
from analyzer.games.saint_poker.policies import _seat_streams, policy_weights
from analyzer.games.saint_poker.position import PHASES, SaintPosition
from analyzer.games.saint_poker.rollout import _legal_choices
from analyzer.games.saint_poker.search import _search_choice
from analyzer.games.saint_poker.table import _step, lookahead_flag
from analyzer.sim.seeds import chunk_state, derive_seed, new_seed

YOU = 0
PHASE_NAMES = {code: name for name, code in PHASES.items()}
ADVICE_TRIALS = 500  # samples of the hidden cards: about 2 s for the 36 pairs of a reveal on 2 busy cores
ADVICE_POLICY = "greedy"
STRONG_POLICY = "search"


def _thinking(specs: list[str], think_ms: float, players: int) -> tuple[list[str], tuple[ThinkBudget, ...]]:
    """``specs`` with every simulating policy's budget set to cost ``think_ms`` a choice at a
    table of ``players``, and the measurements, one per distinct simulating policy."""
    from analyzer.games.saint_poker.move_cost import think_budget

    simulating = [spec for spec in dict.fromkeys(specs) if spec and parse_policy(spec)[1] > 0]
    if not simulating:
        raise ValueError(f"a thinking time needs a simulating opponent (rollout or search), got {','.join(specs)!r}")
    budgets = {spec: think_budget(spec, think_ms, seats=players) for spec in simulating}
    return [budgets[spec].policy if spec in budgets else spec for spec in specs], tuple(budgets.values())


def _cards(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(E.DECK_SIZE) if (mask >> c) & 1)


class HumanGame:
    """One game of ``players`` (2 to 5): you at seat 0, the others playing ``opponents`` (one
    policy name, or one per opponent, comma-separated: :func:`.play.parse_policy`); ``seed`` the
    deal and the others' streams (a fresh one, in ``seed``, when None). :meth:`play` makes your
    choice and runs the game to your next decision; ``events`` tells what happened.

    ``think_ms`` gives every simulating opponent (rollout, search) a thinking time a choice, CPU
    milliseconds on this machine, in place of its budget: the budget that costs that much on
    average over a game is measured once (:func:`.move_cost.think_budget`) and fixed for the
    game, so ``names`` say the players that replay it from ``seed``, and ``think`` holds the
    measurements (one :class:`~analyzer.games._move_cost.ThinkBudget` per simulating policy)."""

    def __init__(
        self, *, players: int = 3, opponents: str = "search", seed: int | None = None, think_ms: float | None = None
    ) -> None:
        given = [spec.strip() for spec in opponents.split(",")]
        if not 2 <= players <= E.MAX_PLAYERS:
            raise ValueError(f"Saint Poker has 2 to 5 players, got {players}")
        if len(given) > players - 1:
            raise ValueError(f"give 1 to {players - 1} opponent policies, got {len(given)}")
        self.think: tuple[ThinkBudget, ...] = ()
        if think_ms is not None:
            given, self.think = _thinking(given, think_ms, players)
        # seat 0 is yours (its policy is never played); the opponents' policies cycle over seats 1 ...
        specs = [given[0]] + [given[(p - 1) % len(given)] for p in range(1, players)]
        self.names, self._params = parse_policies(specs, players)
        self.players = players
        self.seed = new_seed(seed)
        self._weights = policy_weights()
        self._deal = chunk_state(self.seed, 0)
        self._rngs = _seat_streams(self._deal, E.MAX_PLAYERS)  # as the first game of a simulation
        self._strong = parse_policy(STRONG_POLICY), chunk_state(self.seed, 1)
        self.state = np.zeros(E.STATE_SIZE, np.int64)
        E._start_game(self.state, players, 0, self._deal)
        self.events: list[str] = [f"round 1: you hold {format_cards(_cards(int(self.state[E.HAND])))}"]
        self._run()

    # -- what you see ---------------------------------------------------------------------
    @property
    def round(self) -> int:
        """The round, 1 to 8."""
        return int(self.state[E.ROUND])

    @property
    def phase(self) -> str:
        """``river``, ``reveal``, ``draft`` or ``over``."""
        return "over" if self.over else PHASE_NAMES[int(self.state[E.PHASE])]

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return int(self.state[E.PHASE]) == E.OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's points so far, you first."""
        return tuple(int(self.state[E.SCORE + p]) for p in range(self.players))

    def winners(self) -> tuple[int, ...]:
        """The seats with the most points (a shared win when several, S-7)."""
        best = max(self.scores)
        return tuple(p for p, s in enumerate(self.scores) if s == best)

    def _river(self) -> tuple[int, ...]:
        return tuple(int(c) for c in self.state[E.RIVER_CARDS : E.FUTURE] if c >= 0)

    def _future(self) -> tuple[int, ...]:
        return tuple(int(c) for c in self.state[E.FUTURE : E.FUTURE + self.state[E.FUTURE_N]])

    def revealed(self, p: int) -> tuple[int, ...]:
        """The cards player ``p`` (0 you) has shown face up this round (the pair he revealed;
        none before the reveal): what every player may see of his hand."""
        return tuple(int(c) for c in self.state[E.HOLES + 2 * p : E.HOLES + 2 * p + 2] if c >= 0)

    def position(self) -> SaintPosition:
        """The position as you see it at your decision (what ``saint-poker decide`` takes)."""
        st, n = self.state, self.players
        draft = int(st[E.PHASE]) == E.DRAFT
        picks = int(st[E.PICKS])
        return SaintPosition(
            players=n,
            round=self.round,
            phase=self.phase,
            scores=self.scores,
            hand=_cards(int(st[E.HAND])),
            future=self._future(),
            river=self._river(),
            known=tuple(_cards(int(st[E.KNOWN + p])) for p in range(n)),
            removed=_cards(int(st[E.REMOVED])),
            revealed=tuple(self.revealed(p) if draft else () for p in range(n)),
            order=tuple(int(st[E.ORDER + k % n]) for k in range(picks, 2 * n)) if draft else (),
        )

    def board(self) -> str:
        """What you see, in words: the round and phase, the scores, the river, the future river,
        the cards shown and known, and your hand."""
        st = self.state
        scores = ", ".join(f"{name} {s}" for name, s in zip(self.seats(), self.scores))
        lines = [f"Round {self.round} of {E.ROUNDS}, {self.phase}; scores: {scores}"]
        lines.append(
            f"  river: {format_cards(self._river()) or '-'}   future river: {format_cards(self._future()) or '-'}"
        )
        for p in range(1, self.players):
            known = format_cards(_cards(int(st[E.KNOWN + p]))) or "-"
            shown = format_cards(self.revealed(p))
            lines.append(f"  {self.seats()[p]}: known to hold {known}" + (f"; shown {shown}" if shown else ""))
        if self.revealed(YOU):
            lines.append(f"  you showed {format_cards(self.revealed(YOU))}")
        lines.append(f"  your hand: {format_cards(_cards(int(st[E.HAND])))}")
        return "\n".join(lines)

    def seats(self) -> tuple[str, ...]:
        """The players' labels: ``you``, then ``player 1 (search)`` ..."""
        return ("you", *(f"player {p} ({self.names[p]})" for p in range(1, self.players)))

    def choices(self) -> list[tuple[int, ...]]:
        """Your legal choices now: one card (river, draft) or a pair (reveal), in the order of
        :func:`.rollout._legal_choices` (the numbers the prompt lists, from 1)."""
        rows = _legal_choices(self.state, YOU).tolist()
        return [(a,) if a == b else (a, b) for a, b in rows]

    def choice_from_text(self, text: str) -> tuple[int, ...]:
        """The choice named by ``text``: its number in :meth:`choices` (from 1) or its cards
        (``"Qd"``; two at the reveal, ``"Ah Kd"``). Raises ValueError with a one-line reason."""
        choices = self.choices()
        words = text.replace(",", " ").split()
        if len(words) == 1 and words[0].isdigit():
            k = int(words[0])
            if not 1 <= k <= len(choices):
                raise ValueError(f"no choice {k}: give 1 to {len(choices)}")
            return choices[k - 1]
        cards = parse_cards(text)
        want = 2 if self.phase == "reveal" else 1
        if len(cards) != want:
            raise ValueError(f"the {self.phase} takes {want} card{'s' if want > 1 else ''}: got {len(cards)}")
        for choice in choices:
            if set(choice) == set(cards):
                return choice
        source = "the table" if self.phase == "draft" else "your hand"
        raise ValueError(f"{format_cards(cards)} is not in {source}")

    # -- playing -------------------------------------------------------------------------
    def advice(self, *, trials: int = ADVICE_TRIALS) -> Decision:
        """Every choice of your decision valued (:func:`.decide.decide` from your position):
        exact where it can be, else ``trials`` samples under greedy play for everyone."""
        seed = derive_seed(self.seed, self.round, int(self.state[E.PHASE]), int(self.state[E.PICKS]))
        return decide(self.position(), policy=ADVICE_POLICY, trials=trials, seed=seed)

    def strong_choice(self) -> tuple[int, ...]:
        """The search player's choice in your place, from what you see (it deals the hidden
        cards afresh, never reading them), on its own random stream."""
        params, rng = self._strong
        a, b = (int(x) for x in _search_choice(self.state, YOU, params, self._weights, rng))
        return (a,) if a == b else (a, b)

    def play(self, choice: tuple[int, ...]) -> None:
        """Make your choice (one of :meth:`choices`) and run the game to your next decision."""
        if self.over or not self._your_turn():
            raise ValueError("it is not your turn")
        if choice not in self.choices():
            raise ValueError(f"{format_cards(choice)} is not a legal choice now")
        row = np.array([choice[0], choice[-1]], np.int64)
        self._step(YOU, row)
        self._run()

    def _your_turn(self) -> bool:
        return int(self.state[E.PHASE]) != E.DRAFT or E._picker(self.state) == YOU

    def _run(self) -> None:
        """The others' draft picks until your decision or the end of the game."""
        none = np.zeros(2, np.int64)
        while not self.over and not self._your_turn():
            self._step(-1, none)

    def _step(self, me: int, row: np.ndarray) -> None:
        """One phase step (:func:`.table._step`), told as events."""
        st = self.state
        phase, round_ = int(st[E.PHASE]), self.round
        picker = int(E._picker(st)) if phase == E.DRAFT else -1
        before = int(st[E.HAND + picker]) if picker >= 0 else 0
        _step(st, self._params, self._weights, self._deal, self._rngs, np.int64(me), row, lookahead_flag(self._params))
        seats = self.seats()
        if phase == E.RIVER:
            f = E.RIVER_SIZE - self.players
            played = ", ".join(
                f"{seats[p]} {format_cards([int(st[E.RIVER_CARDS + f + p])])}" for p in range(self.players)
            )
            self.events.append(f"river cards: {played}")
        elif phase == E.REVEAL:
            shown = ", ".join(
                f"{seats[p]} {format_cards([int(c) for c in st[E.HOLES + 2 * p : E.HOLES + 2 * p + 2]])}"
                for p in range(self.players)
            )
            self.events.append(f"shown: {shown}")
            points = [int(st[E.ROUND_POINTS + (round_ - 1) * E.MAX_PLAYERS + p]) for p in range(self.players)]
            won = [f"{seats[p]} {points[p]}" for p in range(self.players) if points[p]]
            self.events.append(f"round {round_} points: {', '.join(won)}")
        else:
            taken = _cards(int(st[E.HAND + picker]) & ~before)
            self.events.append(f"{seats[picker]} {'take' if picker == YOU else 'takes'} {format_cards(taken)}")
            if self.round != round_:
                self.events.append(f"round {self.round}: river {format_cards(self._river())}")
        if self.over:
            winners = self.winners()
            if winners == (YOU,):
                text = "you win the game"
            elif len(winners) == 1:
                text = f"{seats[winners[0]]} wins the game"
            else:
                text = "a shared win: " + " and ".join(seats[p] for p in winners)
            self.events.append(f"game over, {max(self.scores)} points: {text}")
