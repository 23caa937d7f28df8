"""A game of Head to Head Poker between a person and a policy, one placement at a time (§2.2-2.6).

:class:`HumanGame` runs the engine of :mod:`.engine` as :func:`.rollout._play_game` does, but stops
whenever the person (seat 0: the round-1 first mover, so he moves first in rounds 1 and 3, §2.2)
is to place a card, and shows him only what the rules let him see (§2.4): the board, the open
cards, his own drawn cards or hand; never the deck or the opponent's hand. The opponent's moves
are its policy's (:func:`.rollout._policy_move`, the same code as in simulated games), from its
own random stream; the deal and the opponent's streams are those of the first game of a simulation
with the same seed (:func:`.play._play_games`), so a person who plays a policy's moves gets that
game. After each move of the person, :meth:`HumanGame.advice` values every move he
could have made (:func:`.place.placement_values`: exact minimax where the rest of the round is
fully known, else Monte Carlo play-outs under the tuned policy) and :meth:`HumanGame.strong_move`
gives the strong player's choice in his place (:data:`STRONG_POLICY`), so he can see the strong
choice and its value beside his own.

>>> game = HumanGame(opponent="greedy", round_type="open5", seed=1)
>>> game.round, game.rows, game.round_type, len(game.moves()) > 0
(1, 3, 'open5', True)
>>> game.move_from_text("1") == game.moves()[0]
True
"""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.cards import format_cards, parse_cards
from analyzer.games._move_cost import ThinkBudget
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.endgame import _solvable
from analyzer.games.head_to_head.place import Placements, placement_values
from analyzer.games.head_to_head.play import _game_streams, parse_policy, parse_round_type, policy_vector, seat_policies
from analyzer.games.head_to_head.policies import _count_moves, _move_at
from analyzer.games.head_to_head.position import SIDE_NAMES, Position, validate_position
from analyzer.games.head_to_head.rollout import (
    ROUNDS,
    _card_draw_winner,
    _lookahead_move,
    _policy_move,
    _round_type,
    lookahead_flag,
)
from analyzer.games.head_to_head.rules import HeadToHeadRules
from analyzer.sim.seeds import chunk_state, derive_seed, new_seed

HUMAN, MACHINE = 0, 1
ADVICE_TRIALS = 2_000
ADVICE_POLICY = "tuned"
STRONG_POLICY = "ismcts"
"""The strong player: the default opponent and the move shown beside yours. ``ismcts`` beats
``search`` at the same CPU per move (results/head_to_head/ismcts)."""


@dataclass(frozen=True)
class Move:
    """A legal placement: choice number ``choice`` of the cards the mover may place, on ``side``
    (0 his own, 1 the opponent's: Crazy rounds) of ``row`` (0-based)."""

    choice: int
    card: int
    row: int
    side: int

    @property
    def label(self) -> str:
        """``"Qd row 2 you"``: the words :class:`.place.MoveValue` uses."""
        return f"{format_cards([self.card])} row {self.row + 1} {SIDE_NAMES[self.side]}"


class HumanGame:
    """One game, you (seat 0) against ``opponent`` (a policy name of :func:`.play.parse_policy`);
    ``round_type`` fixed or ``roll`` (the die, §2.4), ``crazy`` every round Crazy, ``seed`` the
    deal and the opponent's stream (a fresh one, in ``seed``, when None). Each call of
    :meth:`play` places your card and lets the opponent move until it is your turn again or the
    game is over; ``events`` collects what happened, in words, for the caller to show.

    ``think_ms`` gives a simulating opponent (rollout, search, ismcts) a thinking time a move,
    CPU milliseconds on this machine, in place of its budget: the budget that costs that much is
    measured once (:func:`.move_cost.think_budget`, about a second) and fixed for the game, so
    ``opponent`` names the player that replays the game from ``seed``, and ``think`` holds the
    measurement (one :class:`~analyzer.games._move_cost.ThinkBudget`, as Saint Poker's game
    holds one per simulating opponent; empty without ``think_ms``)."""

    strong_policy = STRONG_POLICY
    """The player whose move :meth:`strong_move` gives."""

    def __init__(
        self,
        *,
        opponent: str = STRONG_POLICY,
        round_type: str = "roll",
        crazy: bool = False,
        rules: HeadToHeadRules = HeadToHeadRules(),
        seed: int | None = None,
        think_ms: float | None = None,
    ) -> None:
        self.think: tuple[ThinkBudget, ...] = ()
        if think_ms is not None:
            from analyzer.games.head_to_head.move_cost import think_budget

            self.think = (think_budget(opponent, think_ms, round_type=round_type, crazy=crazy),)
            opponent = self.think[0].policy
        params, vectors = seat_policies("greedy", opponent)  # seat 0's entry is never played
        self.opponent = opponent
        self.seed = new_seed(seed)
        self._params, self._vectors = params, vectors
        self._lookahead = lookahead_flag(params)
        self._kind, self._crazy = parse_round_type(round_type, crazy), int(crazy)
        self._rules = rules
        streams = _game_streams(chunk_state(self.seed, 0))  # as the first game of a simulation
        self._deal, self._seats = streams[0], streams[1:]
        self._strong = parse_policy(STRONG_POLICY), policy_vector(STRONG_POLICY), chunk_state(self.seed, 1)
        self.state = E.new_state()
        self.round = 0
        self.chips = [0, 0]  # won in the rounds completed
        self.winner: int | None = None
        self.events: list[str] = []
        self._next_round()
        self._run()

    # -- what you see ---------------------------------------------------------------------
    @property
    def rows(self) -> int:
        """The active rows of this round: 3, 4, 5."""
        return int(self.state[E.ROWS])

    @property
    def round_type(self) -> str:
        """This round's type name (draw1 ... open5)."""
        return E.ROUND_TYPES[int(self.state[E.TYPE])]

    @property
    def crazy(self) -> bool:
        """Whether this round is Crazy (either side for every placement)."""
        return bool(self.state[E.CRAZY])

    @property
    def over(self) -> bool:
        """Whether the game is over (``winner`` is set)."""
        return self.winner is not None

    def _side(self, seat: int) -> tuple[tuple[int, ...], ...]:
        st = self.state
        return tuple(
            tuple(int(st[E._slot_index(seat, r, k)]) for k in range(int(st[E._count_index(seat, r)])))
            for r in range(self.rows)
        )

    def _cards(self) -> tuple[int, ...]:
        start, n = E._choice_slice(self.state)
        return tuple(int(c) for c in self.state[start : start + n])

    def position(self) -> Position:
        """The position as you see it on your turn (what ``head-to-head place`` takes)."""
        st = self.state
        position = Position(
            round=self.round,
            type=self.round_type,
            crazy=self.crazy,
            common=tuple(int(c) for c in st[E.COMMON : E.COMMON + self.rows]),
            you=self._side(HUMAN),
            opponent=self._side(MACHINE),
            cards=self._cards(),
            batch_starter=self._rules.batch_starter,
            tiebreak=self._rules.tiebreak,
        )
        validate_position(position)
        return position

    def layout(self) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]:
        """The board as you see it, row by row: your cards, the common card and the opponent's
        cards (on your turn and at the end of the game alike, where :meth:`position` has none).

        >>> yours, common, theirs = HumanGame(opponent="greedy", round_type="open5", seed=1).layout()[0]
        >>> yours, theirs
        ((), ())
        """
        you, them = self._side(HUMAN), self._side(MACHINE)
        return tuple((you[r], int(self.state[E.COMMON + r]), them[r]) for r in range(self.rows))

    def cards(self) -> tuple[int, ...]:
        """The cards you may place now (your hand, drawn cards or the open cards); none at the end."""
        return () if self.over else self._cards()

    def board(self) -> str:
        """The board in words: the round and the money (:meth:`_money_text`), per row your cards,
        the common card (and what :meth:`_row_note` adds) and the opponent's, then the cards you
        may place (:meth:`_cards_text`)."""
        lines = [
            f"Round {self.round} of {ROUNDS}: {self.rows} rows, {self.round_type}{' Crazy' if self.crazy else ''}; "
            f"{self._money_text()}"
        ]
        for r, (you, common, them) in enumerate(self.layout()):
            mine, middle = format_cards(you) or "-", format_cards([common]) + self._row_note(r)
            lines.append(f"  row {r + 1}: you {mine:<11} | {middle} | opponent {format_cards(them) or '-'}")
        if not self.over:
            lines.append(f"  {self._cards_text()}")
        return "\n".join(line for line in lines if line.strip())

    def _money_text(self) -> str:
        """The money part of the board's first line: the chips so far."""
        return f"chips you ${self.chips[HUMAN]:,}, opponent ${self.chips[MACHINE]:,}"

    def _row_note(self, row: int) -> str:
        """What the board shows after a row's common card: nothing in the placement game."""
        return ""

    def _cards_text(self) -> str:
        """The board's last line: the cards you may place."""
        return f"you may place: {format_cards(self._cards())}"

    def moves(self) -> list[Move]:
        """Your legal moves, in (card, row, side) order (the numbers the prompt lists, from 1)."""
        cards = self._cards()
        out = []
        for m in range(int(_count_moves(self.state))):
            choice, row, side = (int(x) for x in _move_at(self.state, m))
            out.append(Move(choice, cards[choice], row, side))
        return out

    def move_from_text(self, text: str) -> Move:
        """The move named by ``text``: its number in :meth:`moves` (from 1), or a card and a row
        (``"Qd 2"``), with ``you`` or ``opponent`` after it in Crazy rounds (``"Qd 2 opp"``).
        Raises ValueError with a one-line reason otherwise."""
        moves = self.moves()
        words = text.replace(",", " ").split()
        if len(words) == 1 and words[0].isdigit():
            k = int(words[0])
            if not 1 <= k <= len(moves):
                raise ValueError(f"no move {k}: give 1 to {len(moves)}")
            return moves[k - 1]
        if not 2 <= len(words) <= 4:
            raise ValueError(f"say a move number (1 to {len(moves)}) or a card and a row, such as 'Qd 2'")
        card = parse_cards(words[0])
        if len(card) != 1:
            raise ValueError(f"{words[0]!r}: one card, please")
        rest = [w for w in words[1:] if w.lower() != "row"]
        if not rest or not rest[0].isdigit():
            raise ValueError(f"which row? say '{words[0]} 2' for row 2")
        row = int(rest[0]) - 1
        side = HUMAN
        if len(rest) > 1:
            named = [s for s in SIDE_NAMES if s.startswith(rest[1].lower())]
            if len(named) != 1:
                raise ValueError(f"{rest[1]!r}: the side is 'you' or 'opponent'")
            side = SIDE_NAMES.index(named[0])
        for m in moves:
            if (m.card, m.row, m.side) == (card[0], row, side):
                return m
        if card[0] not in self._cards():
            raise ValueError(f"you cannot place {format_cards(card)}: you may place {format_cards(self._cards())}")
        raise ValueError(f"{format_cards(card)} cannot go on row {row + 1} {SIDE_NAMES[side]}: no room there")

    # -- playing -------------------------------------------------------------------------
    def advice(self, *, trials: int = ADVICE_TRIALS) -> Placements:
        """Every move of your current position valued (:func:`.place.placement_values`): exact
        minimax where the rest of the round is fully known, else ``trials`` Monte Carlo
        play-outs under tuned play for both (seeded from the game's seed and the turn)."""
        position = self.position()
        policy = None if _solvable(position.to_state()) else ADVICE_POLICY
        seed = derive_seed(self.seed, self.round, int(self.state[E.TURN]))
        return placement_values(position, policy=policy, trials=trials, seed=seed)

    def strong_move(self) -> Move:
        """The move the strong player (:data:`STRONG_POLICY`: 1,024 iterations a move over tuned
        play) would make in your place, from what you see (it deals the hidden cards afresh, never
        reading them), on its own random stream."""
        params, vector, rng = self._strong
        choice, row, side = (int(x) for x in _lookahead_move(self.state, params, vector, rng))
        return next(m for m in self.moves() if (m.choice, m.row, m.side) == (choice, row, side))

    def play(self, move: Move) -> None:
        """Place your card (a move of :meth:`moves`), then let the game run to your next turn."""
        if self.over or E._mover(self.state) != HUMAN:
            raise ValueError("it is not your turn")
        if move not in self.moves():
            raise ValueError(f"{move.label} is not a legal move now")
        E._place(self.state, move.choice, move.row, move.side)
        self._run()

    def _run(self) -> None:
        """Opponent moves and new rounds until it is your turn or the game is over."""
        st = self.state
        while True:
            if E._round_over(st):
                self._end_round()
                if self.over:
                    return
                continue
            E._prepare(st, self._deal)
            if E._mover(st) == HUMAN:
                return
            choice, row, side = _policy_move(st, self._params, self._vectors, self._seats, self._lookahead)
            card = E._place(st, choice, row, side)
            where = "your" if side == HUMAN else "his own"
            self.events.append(f"opponent places {format_cards([int(card)])} on {where} row {row + 1}")

    def _end_round(self) -> None:
        won = int(E._round_chips(self.state))
        total = self.rows * E.ROW_POT
        self.chips[HUMAN] += won
        self.chips[MACHINE] += total - won
        self.events.append(
            f"round {self.round} over: you win ${won:,} of ${total:,}; "
            f"chips you ${self.chips[HUMAN]:,}, opponent ${self.chips[MACHINE]:,}"
        )
        if self.round < ROUNDS:
            self._next_round()
            return
        if self.chips[HUMAN] == self.chips[MACHINE]:
            self.winner = int(_card_draw_winner(self.state, self._deal))
            self.events.append("equal chips: the card draw decides (§2.6)")
        else:
            self.winner = HUMAN if self.chips[HUMAN] > self.chips[MACHINE] else MACHINE
        self.events.append("you win the game" if self.winner == HUMAN else "the opponent wins the game")

    def _next_round(self) -> None:
        self.round += 1
        kind, crazy = _round_type(self._kind, self._crazy, self._deal)
        batch, tiebreak = self._rules.codes()
        rows = self.round + 2
        first = HUMAN if self.round % 2 == 1 else MACHINE  # the dealer alternates (§2.2.3)
        E._start_round(self.state, kind, crazy, rows, first, batch, tiebreak, self._deal)
        self.events.append(
            f"round {self.round}: {rows} rows, {E.ROUND_TYPES[int(kind)]}{' Crazy' if crazy else ''}; "
            f"{'you move' if first == HUMAN else 'the opponent moves'} first"
        )
