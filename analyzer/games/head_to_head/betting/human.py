"""A betting game of Head to Head Poker between a person and a player (rules §2.7, H-B1 to H-B9).

:class:`HumanBettingGame` is :class:`.human.HumanGame` with the chips: both stacks start at $800,
each active row carries the bank's $100 base, and before each placement the player on turn may
open one exchange of bets on a row open to betting (§2.7; the Share 2 receiver too under the
``receiver`` bet window, H-B7), answered by decline, call or raise until a call or a decline.
The game runs as :func:`.policies._betting_turn` plays it, but stops whenever the person (seat
0, the round-1 first mover) is to decide: open a bet or not, answer a bet or raise, place a card.
He sees what the rules let him see: the board, every chip on the table, his own cards (drawn
cards, hand, the open cards); never the deck, the opponent's hand or the card the opponent drew.
The opponent is a placement policy and a betting policy, each decision its policy's on its own
random stream, as in simulated games.

After each decision of the person, :meth:`HumanBettingGame.advice` values it beside the other
choices he had: the rest of the round is played out ``trials`` times from what he has seen (the
hidden cards dealt afresh each time, never read), greedy placement and default threshold betting
for both players (the players the rollout bettor assumes), every choice on the same samples, and
each valued by his stack at the end of the round minus his stack now. The best of them is the
strong choice shown beside his.

>>> game = HumanBettingGame(opponent="greedy", round_type="open5", seed=1)
>>> game.decision, game.stacks
('bet', (800, 800))
>>> game.action_from_text("n").label
'no bet'
>>> game.action_from_text("b 2 50").label
'bet $50 on row 2'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.cards import format_cards
from analyzer.games._results import paired_stderr
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.betting.engine import (
    CALL,
    DECLINE,
    RAISE,
    RESPONSES,
    _max_bet,
    _max_raise,
    _pay,
    _row_complete,
    _settle_row,
    _start_betting_game,
    _start_betting_round,
    _to_call,
    _window_seat,
)
from analyzer.games.head_to_head.betting.policies import (
    ROLLOUT_SIZES,
    _act,
    _default_players,
    _place_and_pay,
    _play_out_betting,
    _policy_open,
    _policy_respond,
    _sample_bet_actions,
    betting_lookahead,
)
from analyzer.games.head_to_head.betting.rules import BettingRules
from analyzer.games.head_to_head.human import HUMAN, MACHINE, STRONG_POLICY, HumanGame, Move
from analyzer.games.head_to_head.play import seat_policies
from analyzer.games.head_to_head.rollout import ROUNDS, _card_draw_winner, _policy_move
from analyzer.games.head_to_head.rules import HeadToHeadRules
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.engine import mean_and_se
from analyzer.sim.rng import fresh_stream
from analyzer.sim.seeds import chunk_state, derive_seed

BET, RESPOND, PLACE = "bet", "respond", "place"
ADVICE_TRIALS = 400
NO_BET = -1  # the response code of an opening action (row -1: no bet)


@dataclass(frozen=True)
class BetAction:
    """A betting decision: opening (``response`` -1) a bet of ``amount`` on ``row`` (0-based; -1
    no bet), or answering a bet on ``row``: ``response`` decline, call or raise (by ``amount``)."""

    row: int
    response: int
    amount: int = 0

    @property
    def label(self) -> str:
        """The action in words, as :class:`.bet.ActionValue` says it: ``"bet $50 on row 2"``,
        ``"call on row 3"``, ``"no bet"``."""
        if self.response == NO_BET:
            return "no bet" if self.row < 0 else f"bet ${self.amount} on row {self.row + 1}"
        name = RESPONSES[self.response]
        return f"raise ${self.amount} on row {self.row + 1}" if name == "raise" else f"{name} on row {self.row + 1}"

    def codes(self) -> tuple[int, int, int]:
        """``(row, response, amount)``: the kernels' action row."""
        return (self.row, self.response, self.amount)


@dataclass(frozen=True)
class ChoiceValue:
    """One choice valued by :meth:`HumanBettingGame.advice`: its ``label``, ``ev`` (your stack at
    the end of the round minus now, ± ``stderr``) and ``regret`` against the best choice (±
    ``regret_stderr``, over the same samples)."""

    label: str
    ev: float
    stderr: float
    regret: float
    regret_stderr: float


@dataclass(frozen=True)
class Advice:
    """The values of a decision's choices, best first, from ``trials`` play-outs each."""

    values: tuple[ChoiceValue, ...]
    trials: int

    @property
    def best(self) -> ChoiceValue:
        """The choice with the largest expected stack change: the strong choice."""
        return self.values[0]

    def value_of(self, label: str) -> ChoiceValue:
        """The value of the choice named ``label``."""
        return next(v for v in self.values if v.label == label)

    @property
    def continuation(self) -> str:
        """Which play after the choice the values assume, in words."""
        return f"greedy placement and threshold betting for both, {self.trials:,} play-outs"


def _words(text: str) -> tuple[str, list[int]]:
    """The verb of an action's text and its numbers in the order row, amount: a number after
    ``row`` is the row and one written with ``$`` the amount, wherever they stand (``"bet $50 on
    row 2"``); bare numbers fill what is left in that order (``"b 2 50"``)."""
    words = text.lower().replace(",", " ").replace("$", " $").split()
    if not words:
        raise ValueError("say an action")
    row: list[int] = []
    amount: list[int] = []
    bare: list[int] = []
    after_row = False
    for word in words[1:]:
        if word in ("on", "by"):
            continue
        if word == "row":
            after_row = True
            continue
        number = word.removeprefix("$")
        if not number.isdigit():
            raise ValueError(f"{word!r}: amounts and rows are whole numbers")
        (row if after_row else amount if word.startswith("$") else bare).append(int(number))
        after_row = False
    if len(row) > 1 or len(amount) > 1:
        raise ValueError("one row and one amount, such as 'b 2 50'")
    return words[0], row + bare + amount


@kernel
def _sample_placements(st, seat, moves, params, vectors, bparams, rng, trials, tallies):
    """Monte Carlo gains of placements (rows ``(choice, row, side)`` of ``moves``) in the betting
    game: on each of ``trials`` samples of what ``seat`` cannot see, each move is made, a row it
    completes paid, and the round finished under base placement and betting policies
    (:func:`.policies._play_out_betting`), every move on the same stream; ``tallies[m]`` gets the
    sums of move ``m``'s gain (``seat``'s stack at the end of the round minus now), its square,
    and its products with every move's gain (columns 2 on)."""
    base = np.empty_like(st)
    work = np.empty_like(st)
    stream = np.empty(4, np.uint64)
    gains = np.zeros(moves.shape[0], np.int64)
    for _ in range(trials):
        E._resample_hidden(st, base, seat, rng)
        seed = fresh_stream(rng)
        for m in range(moves.shape[0]):
            copy_into(work, base)
            copy_into(stream, seed)
            _place_and_pay(work, moves[m, 0], moves[m, 1], moves[m, 2])
            _play_out_betting(work, params, vectors, bparams, stream)
            gains[m] = work[E.STACK + seat] - base[E.STACK + seat]
        for m in range(moves.shape[0]):
            tallies[m, 0] += gains[m]
            tallies[m, 1] += gains[m] * gains[m]
            for k in range(moves.shape[0]):
                tallies[m, 2 + k] += gains[m] * gains[k]


class HumanBettingGame(HumanGame):
    """One betting game (module docstring), you (seat 0) against ``opponent`` placing and
    ``opponent_bets`` betting (:func:`.play.parse_bet_policy`), under the betting ``betting_rules``;
    the other arguments as :class:`.human.HumanGame`. :attr:`decision` says what you decide now:
    ``"bet"`` (open a bet or not: :meth:`bet_actions`), ``"respond"`` (answer the opponent's bet
    or raise on :attr:`facing`) or ``"place"`` (:meth:`moves`); :meth:`act` carries out a betting
    action, :meth:`play` a placement, and both let the game run to your next decision."""

    def __init__(
        self,
        *,
        opponent: str = STRONG_POLICY,
        opponent_bets: str = "threshold",
        round_type: str = "roll",
        crazy: bool = False,
        rules: HeadToHeadRules = HeadToHeadRules(),
        betting_rules: BettingRules = BettingRules(),
        seed: int | None = None,
        think_ms: float | None = None,
    ) -> None:
        from analyzer.games.head_to_head.betting.play import parse_bet_policy

        self.opponent_bets = opponent_bets
        self.betting_rules = betting_rules
        self._bparams = np.stack([parse_bet_policy("threshold"), parse_bet_policy(opponent_bets)])  # seat 0 unused
        self._bet_lookahead = betting_lookahead(seat_policies("greedy", opponent)[0], self._bparams)
        self.decision = PLACE
        self.facing = -1  # the row of the bet you answer
        self._window_done = False  # this placement's betting window is over
        super().__init__(
            opponent=opponent, round_type=round_type, crazy=crazy, rules=rules, seed=seed, think_ms=think_ms
        )
        self._advice_rng = chunk_state(derive_seed(self.seed, 2), 0)

    # -- what you see ---------------------------------------------------------------------
    @property
    def stacks(self) -> tuple[int, int]:
        """Your stack and the opponent's."""
        return int(self.state[E.STACK]), int(self.state[E.STACK + 1])

    def _committed(self, seat: int, row: int) -> int:
        return int(self.state[E.COMMITTED + E.MAX_ROWS * seat + row])

    def your_cards(self) -> tuple[str, tuple[int, ...]]:
        """The cards you hold or may place, with what they are (``"open cards"``, ``"your
        hand"``, ``"you drew"``): never a card the opponent holds unseen (``("", ())`` while
        the opponent is to place a card he drew). None at the end of the game."""
        st = self.state
        kind = int(st[E.TYPE])
        if self.over:
            return "", ()
        if kind == E.OPEN5:
            return "open cards", self._cards()
        if kind in (E.HOLD3, E.PLAY4):
            return "your hand", tuple(
                int(c) for c in st[E.HAND + 4 * HUMAN : E.HAND + 4 * HUMAN + int(st[E.HAND_N + HUMAN])]
            )
        if E._mover(st) == HUMAN:
            return "you drew", self._cards()
        return "", ()

    def row_chips(self, row: int) -> tuple[int, int, int, bool, bool]:
        """The chips of ``row`` (0-based) as the board shows them: the base left on it, what you
        and the opponent have bet on it, whether it is closed to betting, whether it is paid."""
        st = self.state
        return (
            int(st[E.ROW_BASE + row]),
            self._committed(HUMAN, row),
            self._committed(MACHINE, row),
            bool(st[E.BET_CLOSED + row]),
            bool(_row_complete(st, row)),
        )

    def _your_cards(self) -> str:
        """The cards you hold or may place, in words: never a card the opponent holds unseen."""
        what, cards = self.your_cards()
        return f"{what}: {format_cards(cards) or '-'}" if what else ""

    def _money_text(self) -> str:
        """The board's money: both stacks (each row's chips are in :meth:`_row_note`)."""
        return f"stacks you ${self.stacks[HUMAN]:,}, opponent ${self.stacks[MACHINE]:,}"

    def _row_note(self, row: int) -> str:
        """A row's chips: the base left, what each player has on it, closed to betting; or paid."""
        st = self.state
        if _row_complete(st, row):
            return " [paid]"
        chips = f"base ${int(st[E.ROW_BASE + row])}"
        bets = (self._committed(HUMAN, row), self._committed(MACHINE, row))
        if any(bets):
            chips += f", you ${bets[0]}, opp ${bets[1]}"
        if st[E.BET_CLOSED + row]:
            chips += ", closed"
        return f" [{chips}]"

    def _cards_text(self) -> str:
        """The cards you hold or may place (:meth:`_your_cards`)."""
        return self._your_cards()

    def bet_actions(self) -> list[BetAction]:
        """Your legal betting actions now: no bet, then a bet of every allowed amount on every
        row open to betting (``"bet"``); or decline, call, then every allowed raise
        (``"respond"``). Empty when you are to place a card."""
        st, step = self.state, self.betting_rules.min_bet
        if self.decision == BET:
            out = [BetAction(-1, NO_BET)]
            for row in range(self.rows):
                top = int(_max_bet(st, HUMAN, row))
                out += [BetAction(row, NO_BET, x) for x in range(step, top + 1, step)]
            return out
        if self.decision == RESPOND:
            top = int(_max_raise(st, HUMAN, self.facing))
            out = [BetAction(self.facing, DECLINE), BetAction(self.facing, CALL)]
            return out + [BetAction(self.facing, RAISE, y) for y in range(step, top + 1, step)]
        return []

    def describe_choices(self) -> list[str]:
        """Your betting choices in words, one a line, with what to type for each."""
        st, step = self.state, self.betting_rules.min_bet
        if self.decision == BET:
            lines = ["no bet: n"]
            for row in range(self.rows):
                top = int(_max_bet(st, HUMAN, row))
                if top:
                    amounts = f"${step}" if top == step else f"${step} to ${top} in ${step} steps"
                    lines.append(f"bet on row {row + 1}: b {row + 1} AMOUNT ({amounts})")
            return lines
        if self.decision == RESPOND:
            need = int(_to_call(st, HUMAN, self.facing))
            top = int(_max_raise(st, HUMAN, self.facing))
            yours = "the chips on it" if self.betting_rules.decline_forfeits_own_chips else "his chips (yours back)"
            lines = [
                f"decline (the opponent takes {yours} and $50 of the base; row {self.facing + 1} closes): d",
                f"call (add ${need}): c",
            ]
            if top:
                amounts = f"${step}" if top == step else f"${step} to ${top} in ${step} steps"
                lines.append(f"raise (add ${need} and the raise): r AMOUNT ({amounts})")
            return lines
        return []

    def action_from_text(self, text: str) -> BetAction:
        """The betting action named by ``text``: ``n`` (no bet) or ``b ROW AMOUNT`` when you may
        open a bet; ``d`` (decline), ``c`` (call) or ``r AMOUNT`` (raise) when you answer one.
        Words (``bet``, ``no``, ``call`` ...), ``$`` and ``row`` may be written out. Raises
        ValueError with a one-line reason otherwise."""
        verb, values = _words(text)
        legal = self.bet_actions()
        if self.decision == BET:
            if verb in ("n", "no", "pass", "check", "none"):
                if values and verb != "no":
                    raise ValueError("no bet takes no numbers: say n")
                return legal[0]
            if verb not in ("b", "bet"):
                raise ValueError("say n (no bet) or b ROW AMOUNT, such as 'b 2 50'")
            if len(values) != 2:
                raise ValueError("a bet needs a row and an amount, such as 'b 2 50'")
            row, amount = values[0] - 1, values[1]
            action = BetAction(row, NO_BET, amount)
            if action in legal:
                return action
            if not 0 <= row < self.rows or not _max_bet(self.state, HUMAN, row):
                open_rows = sorted({a.row + 1 for a in legal if a.row >= 0})
                where = ", ".join(map(str, open_rows)) if open_rows else "none"
                raise ValueError(f"row {row + 1} is not open to betting (open rows: {where})")
            top = int(_max_bet(self.state, HUMAN, row))
            raise ValueError(f"bet ${self.betting_rules.min_bet} to ${top} on row {row + 1}, in steps of the min bet")
        if self.decision == RESPOND:
            names = {"d": DECLINE, "decline": DECLINE, "fold": DECLINE, "c": CALL, "call": CALL, "r": RAISE}
            names["raise"] = RAISE
            if verb not in names:
                raise ValueError("say d (decline), c (call) or r AMOUNT (raise)")
            response = names[verb]
            if response != RAISE:
                if values:
                    raise ValueError(f"{RESPONSES[response]} takes no amount")
                return BetAction(self.facing, response)
            if len(values) != 1:
                raise ValueError("a raise needs one amount, such as 'r 50'")
            action = BetAction(self.facing, RAISE, values[0])
            if action in legal:
                return action
            top = int(_max_raise(self.state, HUMAN, self.facing))
            if not top:
                raise ValueError("no raise is allowed here (row cap or stacks): call or decline")
            raise ValueError(f"raise ${self.betting_rules.min_bet} to ${top}, in steps of the min bet")
        raise ValueError("you are to place a card, not to bet")

    # -- advice ----------------------------------------------------------------------------
    def advice(self, *, trials: int = ADVICE_TRIALS, include: BetAction | Move | None = None) -> Advice:  # type: ignore[override]
        """The values of your choices now (module docstring), best first: placing, every legal
        move; betting, no bet and bets of $50 and $100 (or the most allowed) on every open row;
        answering, decline, call and a raise of $100 (or the most allowed); ``include`` adds a
        choice of yours to them. ``trials`` play-outs each, seeded from the game's seed."""
        params, vectors, bparams = _default_players()
        rng = self._advice_rng
        if self.decision == PLACE:
            choices: list = self.moves()
            codes = np.array([(m.choice, m.row, m.side) for m in choices], np.int64)
            tallies = np.zeros((len(choices), 2 + len(choices)), np.int64)
            _sample_placements(self.state, HUMAN, codes, params, vectors, bparams, rng, trials, tallies)
        else:
            choices = self._candidate_actions(include if isinstance(include, BetAction) else None)
            codes = np.array([a.codes() for a in choices], np.int64)
            tallies = np.zeros((len(choices), 2 + len(choices)), np.int64)
            one = np.zeros((len(choices), 2), np.int64)
            for _ in range(trials):  # one sample at a time, for the products of the paired regrets
                one[:] = 0
                _sample_bet_actions(self.state, HUMAN, codes, params, vectors, bparams, rng, 1, one)
                tallies[:, :2] += one
                tallies[:, 2:] += np.outer(one[:, 0], one[:, 0])
        best = int(np.argmax(tallies[:, 0]))
        values = []
        for k, (choice, t) in enumerate(zip(choices, tallies)):
            ev, se = mean_and_se(t[0], t[1], trials)
            regret_se = paired_stderr(tallies[:, 0], tallies[:, 2:], best, k, trials)
            regret = float(tallies[best, 0] - t[0]) / trials
            values.append(ChoiceValue(choice.label, float(ev), float(se), regret, float(regret_se)))
        values.sort(key=lambda v: -v.ev)
        return Advice(tuple(values), trials)

    def _candidate_actions(self, include: BetAction | None) -> list[BetAction]:
        legal = self.bet_actions()
        if self.decision == BET:
            sizes = set(ROLLOUT_SIZES)
            chosen = [legal[0]]
            for row in range(self.rows):
                amounts = [a.amount for a in legal if a.row == row]
                if amounts:
                    chosen += [a for a in legal if a.row == row and (a.amount in sizes or a.amount == max(amounts))]
        else:
            raises = [a for a in legal if a.response == RAISE]
            top = [a for a in raises if a.amount == min(ROLLOUT_SIZES[-1], max(a.amount for a in raises))]
            chosen = legal[:2] + top
        if include is not None and include not in chosen:
            chosen.append(include)
        return chosen

    # -- playing ---------------------------------------------------------------------------
    def act(self, action: BetAction) -> None:
        """Carry out your betting action (one of :meth:`bet_actions`), then let the game run to
        your next decision."""
        if self.over or self.decision == PLACE:
            raise ValueError("it is not your turn to bet")
        if action not in self.bet_actions():
            raise ValueError(f"{action.label} is not a legal action now")
        st = self.state
        if self.decision == BET:
            self._window_done = True
            if action.row >= 0:
                _pay(st, HUMAN, action.row, action.amount)
                self._opponent_answers(action.row)
                return self._run()
        else:
            raised = _act(st, HUMAN, action.response, action.amount, action.row)
            if raised:
                self._opponent_answers(action.row)
                return self._run()
            self.facing = -1
        self.decision = PLACE
        self._run()

    def play(self, move: Move) -> None:
        """Place your card (a move of :meth:`moves`), a row it completes paid at once, then let
        the game run to your next decision."""
        if self.over or self.decision != PLACE or E._mover(self.state) != HUMAN:
            raise ValueError("it is not your turn to place a card")
        if move not in self.moves():
            raise ValueError(f"{move.label} is not a legal move now")
        E._place(self.state, move.choice, move.row, move.side)
        self._settle(move.row)
        self._window_done = False
        self._run()

    def _opponent_answers(self, row: int) -> None:
        """The opponent answers your bet or raise on ``row``: a raise asks you again."""
        st = self.state
        action, amount = _policy_respond(
            st, MACHINE, row, self._bparams[MACHINE], self._seats[MACHINE], self._bet_lookahead
        )
        action, amount = int(action), int(amount)
        _act(st, MACHINE, action, amount, row)
        said = {DECLINE: "declines", CALL: "calls", RAISE: f"raises ${amount}"}[action]
        self.events.append(f"opponent {said} on row {row + 1}")
        if action == RAISE:
            self.decision, self.facing = RESPOND, row
        else:
            self.decision, self.facing = PLACE, -1

    def _settle(self, row: int) -> None:
        st = self.state
        if not _row_complete(st, row):
            return
        pot = int(st[E.ROW_BASE + row]) + self._committed(HUMAN, row) + self._committed(MACHINE, row)
        before = self.stacks[HUMAN]
        _settle_row(st, row)
        won = self.stacks[HUMAN] - before
        who = {pot: "you win", 0: "the opponent wins"}.get(won, "a tie splits")
        self.events.append(f"row {row + 1} complete: {who} its ${pot}")

    def _run(self) -> None:
        """The opponent's decisions and new rounds until you are to decide or the game is over."""
        st = self.state
        while True:
            if self.decision == RESPOND:
                return
            if E._round_over(st):
                self._end_round()
                if self.over:
                    return
                continue
            E._prepare(st, self._deal)
            if not self._window_done:
                seat = int(_window_seat(st))
                if seat == HUMAN and any(_max_bet(st, HUMAN, row) for row in range(self.rows)):
                    self.decision = BET
                    return
                self._window_done = True
                if seat == MACHINE:
                    row, amount = _policy_open(
                        st, MACHINE, self._bparams[MACHINE], self._seats[MACHINE], self._bet_lookahead
                    )
                    row, amount = int(row), int(amount)
                    if row >= 0:
                        _pay(st, MACHINE, row, amount)
                        self.events.append(f"opponent bets ${amount} on row {row + 1}")
                        self.decision, self.facing = RESPOND, row
                        return
            self.decision = PLACE
            if E._mover(st) == HUMAN:
                return
            choice, row, side = (
                int(x) for x in _policy_move(st, self._params, self._vectors, self._seats, self._lookahead)
            )
            card = E._place(st, choice, row, side)
            where = "your" if side == HUMAN else "his own"
            self.events.append(f"opponent places {format_cards([int(card)])} on {where} row {row + 1}")
            self._settle(row)
            self._window_done = False

    def _end_round(self) -> None:
        you, them = self.stacks
        self.events.append(f"round {self.round} over: stacks you ${you:,}, opponent ${them:,}")
        if self.round < ROUNDS:
            self._next_round()
            return
        if you == them:
            self.winner = int(_card_draw_winner(self.state, self._deal))
            self.events.append("equal stacks: the card draw decides (§2.6)")
        else:
            self.winner = HUMAN if you > them else MACHINE
        self.events.append("you win the game" if self.winner == HUMAN else "the opponent wins the game")

    def _next_round(self) -> None:
        if self.round == 0:
            _start_betting_game(self.state, *(int(c) for c in self.betting_rules.codes()))
        super()._next_round()
        _start_betting_round(self.state)
        self._window_done = False
        self.decision, self.facing = PLACE, -1
