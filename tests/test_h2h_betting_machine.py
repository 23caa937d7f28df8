"""The Head to Head betting game's bet-response machine and betting policies (rules §2.7,
H-B1 to H-B9 in §2.8), checked against chip amounts worked out by hand from the rules.

Code under test: ``analyzer/games/head_to_head/betting/engine.py`` (stacks, base, caps,
decline / call / raise, row payout, bet window) and ``bet_policies.py`` (equities, the
threshold policy, whole betting games). Positions are built by hand with
:func:`h2h_script.build_state`; equities are checked against a brute force with eval7.

Arithmetic used throughout (rules §2.7): each player starts with $800, each active row
gets 2 x $50 from the bank, so a round with ``k`` rows has ``1600 + 100 k`` chips in play
at its start, and a whole game (3 + 4 + 5 rows) hands out 2 x 800 + 12 x 100 = $2,800.
"""

from __future__ import annotations

import eval7
import numpy as np
import pytest

from analyzer.games._lookahead import LOOKAHEAD, NO_LOOKAHEAD
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head import rollout as R
from analyzer.games.head_to_head.betting import engine as B
from analyzer.games.head_to_head.betting import policies as BP
from analyzer.sim.seeds import chunk_state
from h2h_script import VECTORS, build_state, visible_cards

RANKS, SUITS = "23456789TJQKA", "cdhs"
DEFAULT_RULES = (1, 0, 10, 200, 100)  # forfeit, window, min bet, row cap, max raise


# -- helpers ------------------------------------------------------------------------


def fresh(kind=E.DRAW1, rows=3, rules=DEFAULT_RULES, first=0, seed=0):
    """A new round with fresh $800 stacks, the bank's base on each active row."""
    st = E.new_state()
    E._start_round(st, kind, 0, rows, first, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, chunk_state(seed, 0))
    B._start_betting_game(st, *rules)
    B._start_betting_round(st)
    return st


def with_betting(st, rules=DEFAULT_RULES):
    """Start the betting game and round on a hand-built position."""
    B._start_betting_game(st, *rules)
    B._start_betting_round(st)
    return st


def stacks(st):
    return int(st[E.STACK]), int(st[E.STACK + 1])


def put(st, seat, row):
    return int(st[E.COMMITTED + 5 * seat + row])


def base(st, row):
    return int(st[E.ROW_BASE + row])


def closed(st, row):
    return bool(st[E.BET_CLOSED + row])


def bet_params(kind=BP.THRESHOLD, **changes):
    """A betting policy parameter row (width ``BET_PARAMS``): the default threshold
    policy with ``changes`` (bet, raise, call in thousandths; size in dollars)."""
    bp = np.zeros(BP.BET_PARAMS, np.int64)
    if kind == BP.THRESHOLD:
        bp[:] = BP.DEFAULT_THRESHOLD[: BP.BET_PARAMS]
    bp[BP.KIND] = kind
    names = {"bet": BP.BET_AT, "raise_": BP.RAISE_AT, "call": BP.CALL_AT, "size": BP.SIZE, "rollouts": BP.ROLLOUTS}
    for key, value in changes.items():
        bp[names[key]] = value
    return bp


def text(c: int) -> str:
    return RANKS[c >> 2] + SUITS[c & 3]


def eval_side(cards) -> int:
    return eval7.evaluate([eval7.Card(text(c)) for c in cards])


def side_cards(st, seat, row):
    return [int(st[E._slot_index(seat, row, s)]) for s in range(int(st[E._count_index(seat, row)]))]


# ======================================================================================
# 1. Round set-up and carry-over of stacks
# ======================================================================================


@pytest.mark.parametrize("rows", [3, 4, 5])
@pytest.mark.jitless
def test_round_start_puts_bank_base_on_active_rows(rows):
    """§2.7 'Stacks and base' + H-B8: $800 each, 2 x $50 from the bank on each active
    common card, nothing committed, active rows open and inactive rows closed."""
    st = fresh(rows=rows)
    assert stacks(st) == (800, 800) == (B.START_STACK, B.START_STACK)
    assert [base(st, r) for r in range(5)] == [100] * rows + [0] * (5 - rows)
    assert [closed(st, r) for r in range(5)] == [False] * rows + [True] * (5 - rows)
    assert all(put(st, s, r) == 0 for s in range(2) for r in range(5))
    assert B._chips_in_play(st) == 1600 + 100 * rows
    assert list(st[E.BET_RULES : E.BET_RULES + 5]) == list(DEFAULT_RULES)


@pytest.mark.parametrize("betting_first", [True, False])
@pytest.mark.jitless
def test_stacks_and_rules_survive_start_round_either_order(betting_first):
    """§2.7: stacks persist over the game; start_round clears only the round part of the
    state, so the betting game may be started before or after the first round."""
    rules = (0, 1, 20, 120, 60)
    st = E.new_state()
    if betting_first:
        B._start_betting_game(st, *rules)
    E._start_round(st, E.HOLD3, 0, 3, 0, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, chunk_state(1, 0))
    if not betting_first:
        B._start_betting_game(st, *rules)
    B._start_betting_round(st)
    assert stacks(st) == (800, 800)
    assert list(st[E.BET_RULES : E.BET_RULES + 5]) == list(rules)
    assert [base(st, r) for r in range(5)] == [100, 100, 100, 0, 0]


@pytest.mark.jitless
def test_stacks_carry_over_to_the_next_round_and_row_state_resets():
    """§2.7: the stacks won in round 1 are the stacks of round 2; commitments, bases and
    closures are per round (a row declined in round 1 is open again in round 2)."""
    st = fresh(rows=3)
    B._pay(st, 0, 1, 100)
    BP._act(st, 1, B.DECLINE, 0, 1)  # seat 0: 800 - 100 + 50 + 100 = 850
    B._pay(st, 1, 2, 40)
    BP._act(st, 0, B.CALL, 0, 2)  # 40 each on row 2
    assert stacks(st) == (810, 760)
    st[E.STACK], st[E.STACK + 1] = 1234, 567  # as if the round had been played out
    E._start_round(st, E.OPEN5, 1, 4, 1, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, chunk_state(2, 0))
    assert stacks(st) == (1234, 567)
    assert list(st[E.BET_RULES : E.BET_RULES + 5]) == list(DEFAULT_RULES)
    B._start_betting_round(st)
    assert stacks(st) == (1234, 567)
    assert [base(st, r) for r in range(5)] == [100, 100, 100, 100, 0]
    assert [closed(st, r) for r in range(5)] == [False] * 4 + [True]
    assert all(put(st, s, r) == 0 for s in range(2) for r in range(5))
    assert B._max_bet(st, 0, 1) == 100  # the declined row of round 1 is open again
    assert B._chips_in_play(st) == 1234 + 567 + 400


@pytest.mark.jitless
def test_stacks_carry_over_after_a_played_round():
    """§2.7: after a full round driven by ``betting_turn`` every row is paid out (the
    round's chips are all in the stacks), and the next round starts from those stacks."""
    st = fresh(kind=E.HOLD3, rows=3, seed=5)
    params = np.array([[1, 0, 0], [1, 0, 0]], np.int64)
    bparams = np.stack([bet_params(bet=500, call=300), bet_params(bet=500, call=300)])
    deal, rngs = chunk_state(5, 1), np.stack([chunk_state(5, 2), chunk_state(5, 3)])
    while not E._round_over(st):
        BP._betting_turn(st, params, VECTORS, bparams, deal, rngs, NO_LOOKAHEAD)
        assert B._chips_in_play(st) == 1900
    s0, s1 = stacks(st)
    assert s0 + s1 == 1900 and (s0, s1) != (800, 800)  # fixed seed: some chips moved
    assert all(base(st, r) == 0 and put(st, 0, r) == 0 and put(st, 1, r) == 0 for r in range(5))
    E._start_round(st, E.DRAW1, 0, 4, 1, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, chunk_state(6, 0))
    B._start_betting_round(st)
    assert stacks(st) == (s0, s1)
    assert B._chips_in_play(st) == 1900 + 400


# ======================================================================================
# 2. Scripted exchanges (§2.7 bet procedure; H-B2)
# ======================================================================================


@pytest.mark.parametrize("forfeit", [1, 0])
@pytest.mark.jitless
def test_bet_then_decline(forfeit):
    """§2.7 response 1 (Decline): the bettor takes one $50 base chip and his own bet back,
    the other $50 stays on the card, and the row closes to betting (rule b) for both."""
    st = fresh(rules=(forfeit, 0, 10, 200, 100))
    assert B._max_bet(st, 0, 1) == 100
    B._pay(st, 0, 1, 100)
    assert stacks(st) == (700, 800) and put(st, 0, 1) == 100
    assert B._to_call(st, 1, 1) == 100
    assert B._chips_in_play(st) == 1900
    assert BP._act(st, 1, B.DECLINE, 0, 1) is False
    assert stacks(st) == (850, 800)  # 700 + 50 base + own 100; nothing to forfeit
    assert base(st, 1) == 50 and put(st, 0, 1) == put(st, 1, 1) == 0
    assert closed(st, 1)
    assert B._max_bet(st, 0, 1) == 0 and B._max_bet(st, 1, 1) == 0
    assert B._max_bet(st, 0, 0) == 100 and B._max_bet(st, 1, 2) == 100  # other rows stay open
    assert B._chips_in_play(st) == 1900


@pytest.mark.jitless
def test_bet_raise_call():
    """§2.7 responses 2 and 3: a raise matches and adds; a call matches and ends the
    exchange. Both have the same amount on the card, stacks are reduced by it, and the
    row stays open (nothing is closed by a call)."""
    st = fresh()
    B._pay(st, 0, 2, 40)
    assert B._max_raise(st, 1, 2) == 100
    assert BP._act(st, 1, B.RAISE, 60, 2) is True  # matches 40, raises 60
    assert stacks(st) == (760, 700) and (put(st, 0, 2), put(st, 1, 2)) == (40, 100)
    assert B._to_call(st, 0, 2) == 60
    assert B._chips_in_play(st) == 1900
    assert BP._act(st, 0, B.CALL, 0, 2) is False
    assert stacks(st) == (700, 700) and put(st, 0, 2) == put(st, 1, 2) == 100
    assert base(st, 2) == 100 and not closed(st, 2)
    assert B._max_bet(st, 0, 2) == 100 and B._max_bet(st, 1, 2) == 100  # $100 of the cap left
    assert B._chips_in_play(st) == 1900


@pytest.mark.parametrize("forfeit, after", [(1, (1000, 650)), (0, (850, 800))])
@pytest.mark.jitless
def test_bet_raise_raise_decline(forfeit, after):
    """§2.7 back-and-forth raises within the per-player $200 cap (H-B3), then a decline
    (H-B2). Seat 0 bets 50; seat 1 raises 100 (puts in 150); seat 0 may only raise 50
    more (50 + 100 + 50 = his $200), puts in 150; seat 1 now may not raise (the cap) and
    declines. Forfeit: seat 0 gets 50 + his 200 + seat 1's 150. Flag false: seat 0 gets
    50 + 200 and seat 1 takes his 150 back. One $50 stays on the card either way."""
    st = fresh(rules=(forfeit, 0, 10, 200, 100))
    B._pay(st, 0, 0, 50)
    assert B._max_raise(st, 1, 0) == 100
    BP._act(st, 1, B.RAISE, 100, 0)
    assert stacks(st) == (750, 650)
    assert B._to_call(st, 0, 0) == 100 and B._max_raise(st, 0, 0) == 50
    BP._act(st, 0, B.RAISE, 50, 0)
    assert stacks(st) == (600, 650) and (put(st, 0, 0), put(st, 1, 0)) == (200, 150)
    assert B._to_call(st, 1, 0) == 50 and B._max_raise(st, 1, 0) == 0  # only call or decline
    assert B._chips_in_play(st) == 1900
    BP._act(st, 1, B.DECLINE, 0, 0)
    assert stacks(st) == after
    assert base(st, 0) == 50 and closed(st, 0)
    assert put(st, 0, 0) == put(st, 1, 0) == 0
    assert B._chips_in_play(st) == 1900


@pytest.mark.parametrize("forfeit, bettor_after, opponent_after", [(1, 700, 950), (0, 800, 850)])
@pytest.mark.parametrize("bettor", [0, 1])
@pytest.mark.jitless
def test_shared_vector_bet_raise_decline(forfeit, bettor_after, opponent_after, bettor):
    """Shared test vector (test-vectors-and-glossary.md, H-B2): B bets 100 on row 2;
    O raises (matches 100, raises 100: O has 200 committed); B declines. Default: O gets
    one $50 base + his own 200 + B's 100 (O: 800 - 200 + 350 = 950, B: 700); one $50
    remains. Flag false: B takes his 100 back (800) and O gets $50 + his 200 (850)."""
    row = 1  # the second row
    st = fresh(rules=(forfeit, 0, 10, 200, 100))
    o = 1 - bettor
    B._pay(st, bettor, row, 100)
    BP._act(st, o, B.RAISE, 100, row)
    assert put(st, o, row) == 200 and put(st, bettor, row) == 100
    assert st[E.STACK + bettor] == 700 and st[E.STACK + o] == 600
    BP._act(st, bettor, B.DECLINE, 0, row)
    assert st[E.STACK + bettor] == bettor_after and st[E.STACK + o] == opponent_after
    assert base(st, row) == 50 and closed(st, row)
    assert B._chips_in_play(st) == 1900


@pytest.mark.parametrize("forfeit, after", [(1, (750, 900)), (0, (800, 850))])
@pytest.mark.jitless
def test_decline_after_an_earlier_called_exchange(forfeit, after):
    """H-B2: chips from an earlier *called* exchange on the same row count as the
    decliner's committed chips too. Exchange 1: 50 each, called (750, 750). Exchange 2:
    seat 1 bets 30 (80 on the card, stack 720); seat 0 declines. Forfeit: seat 1 gets
    50 + his 80 + seat 0's 50 = 180 (900), seat 0 stays 750. Flag false: seat 1 gets
    50 + 80 (850) and seat 0 takes his 50 back (800)."""
    st = fresh(rules=(forfeit, 0, 10, 200, 100))
    B._pay(st, 0, 2, 50)
    BP._act(st, 1, B.CALL, 0, 2)
    assert stacks(st) == (750, 750)
    B._pay(st, 1, 2, 30)
    assert stacks(st) == (750, 720)
    BP._act(st, 0, B.DECLINE, 0, 2)
    assert stacks(st) == after
    assert base(st, 2) == 50 and closed(st, 2) and put(st, 0, 2) == put(st, 1, 2) == 0
    assert B._chips_in_play(st) == 1900


# -- rows that complete: a last-space position (Draw 1, seat 1 to place row 0's last card)


def last_space(drawn, tie=False, rules=DEFAULT_RULES):
    """Row 0 has 7 cards; seat 1 (on turn) drew ``drawn`` and will place it on his side
    of row 0. Win layout: common As; seat 0 Kd Kh 2c 3d (pair of kings); seat 1 Qs Js Ts
    (+Ks: royal flush, seat 1 wins; +2h: ace high, seat 0 wins). Tie layout: seat 0
    Kc Qd Jh 9s and seat 1 Kd Qh Js +9c: both A K Q J 9 high."""
    sides = {(0, 0): "Kc Qd Jh 9s", (1, 0): "Kd Qh Js"} if tie else {(0, 0): "Kd Kh 2c 3d", (1, 0): "Qs Js Ts"}
    st = build_state(E.DRAW1, 3, first=0, common="As 7c 8c", sides=sides, drawn=drawn)
    assert E._mover(st) == 1 and B._window_seat(st) == 1
    return with_betting(st, rules)


def complete_row0(st):
    E._place(st, 0, 0, 1)
    assert B._row_complete(st, 0)
    B._settle_row(st, 0)
    assert base(st, 0) == 0 and put(st, 0, 0) == put(st, 1, 0) == 0 and closed(st, 0)


@pytest.mark.parametrize(
    "drawn, tie, final", [("Ks", False, (800, 900)), ("2h", False, (850, 850)), ("9c", True, (825, 875))]
)
@pytest.mark.jitless
def test_declined_row_pays_its_last_50_at_completion(drawn, tie, final):
    """§2.7 response 1 and 'Row payout': after a decline only $50 remains on the card;
    when the row completes its winner takes that $50; an exact tie splits it $25/$25
    (H-G5, H-B9). Seat 1 bets 100, seat 0 declines: seat 1 = 800 - 100 + 150 = 850."""
    st = last_space(drawn, tie)
    B._pay(st, 1, 0, 100)
    BP._act(st, 0, B.DECLINE, 0, 0)
    assert stacks(st) == (800, 850) and base(st, 0) == 50
    assert B._chips_in_play(st) == 1900
    complete_row0(st)
    assert stacks(st) == final
    assert B._chips_in_play(st) == 1900
    assert [base(st, r) for r in range(3)] == [0, 100, 100]


@pytest.mark.parametrize(
    "drawn, tie, final", [("Ks", False, (700, 1000)), ("2h", False, (1000, 700)), ("9c", True, (850, 850))]
)
@pytest.mark.jitless
def test_called_row_pays_base_and_both_stakes_to_winner(drawn, tie, final):
    """§2.7 'Row payout': a completed row's winner takes the base ($100) plus all called
    bet chips (100 + 100) at once: $300; an exact tie splits it $150/$150."""
    st = last_space(drawn, tie)
    B._pay(st, 1, 0, 100)
    BP._act(st, 0, B.CALL, 0, 0)
    assert stacks(st) == (700, 700)
    complete_row0(st)
    assert stacks(st) == final
    assert B._chips_in_play(st) == 1900


@pytest.mark.jitless
def test_won_chips_back_later_bets_in_the_same_round():
    """§2.7 'Row payout' [R]: row chips go to the stack at once and can back later bets.
    Seat 0 has only $30; seat 1 bets 30 on row 0 and seat 0 calls, all-in: with seat 0
    at $0 nobody may bet on any row (table stakes, H-B5). Seat 0 then wins row 0 and
    takes 100 + 30 + 30 = 160 at once, and may bet $100 again."""
    st = last_space("2h")  # seat 0 wins row 0
    st[E.STACK] = 30
    B._pay(st, 1, 0, 30)
    BP._act(st, 0, B.CALL, 0, 0)
    assert stacks(st) == (0, 770)
    assert all(B._max_bet(st, s, r) == 0 for s in range(2) for r in range(3))
    complete_row0(st)
    assert stacks(st) == (160, 770)
    assert B._max_bet(st, 0, 1) == 100 and B._max_bet(st, 1, 1) == 100


# ======================================================================================
# 3. Amount limits (§2.7 'Amount limits', H-B3, H-B5, H-B6; closure rules a-c)
# ======================================================================================


@pytest.mark.jitless
def test_opening_bet_range_and_step():
    """§2.7 + H-B6: an opening bet is $10..$100 in $10 steps: ``max_bet`` is the largest
    legal amount, floored to the step, and 0 if not even one step is possible."""
    st = fresh()
    assert all(B._max_bet(st, s, r) == 100 for s in range(2) for r in range(3))
    st[E.STACK] = 95
    assert B._max_bet(st, 0, 0) == 90 and B._max_bet(st, 1, 0) == 90  # own stack / opponent's stack
    st[E.STACK] = 9
    assert B._max_bet(st, 0, 0) == 0 and B._max_bet(st, 1, 0) == 0
    st = fresh(rules=(1, 0, 25, 200, 60))  # a max raise that is not a multiple of the step
    assert B._max_bet(st, 0, 0) == 50
    st = fresh(rules=(1, 0, 25, 200, 100))
    st[E.STACK + 1] = 90
    assert B._max_bet(st, 0, 0) == 75 and B._max_bet(st, 1, 0) == 75


@pytest.mark.jitless
def test_per_player_row_cap_over_several_exchanges():
    """H-B3: each player puts at most $200 on a card in a round, cumulative over
    exchanges. After 100 + 100 called twice, no more bets: closed by rule (c)."""
    st = fresh()
    B._pay(st, 0, 0, 100)
    assert B._max_raise(st, 1, 0) == 100
    BP._act(st, 1, B.CALL, 0, 0)
    assert B._max_bet(st, 0, 0) == 100 and B._max_bet(st, 1, 0) == 100
    B._pay(st, 1, 0, 60)  # seat 1: 160 on the card
    assert B._max_raise(st, 0, 0) == 40  # 100 + 60 to match + 40 = 200
    BP._act(st, 0, B.RAISE, 40, 0)
    assert (put(st, 0, 0), put(st, 1, 0)) == (200, 160)
    assert B._max_raise(st, 1, 0) == 0 and B._to_call(st, 1, 0) == 40
    BP._act(st, 1, B.CALL, 0, 0)
    assert stacks(st) == (600, 600) and put(st, 0, 0) == put(st, 1, 0) == 200
    assert B._max_bet(st, 0, 0) == 0 and B._max_bet(st, 1, 0) == 0  # rule (c)
    assert B._max_bet(st, 0, 1) == 100  # the cap is per row
    assert B._chips_in_play(st) == 1900


@pytest.mark.jitless
def test_row_cap_after_two_called_hundreds():
    """H-B3 / rule (c): bet 100 called, bet 100 called -> $200 each, the row is closed to
    betting for both players (while the row itself is not complete)."""
    st = fresh()
    for bettor in (0, 1):
        B._pay(st, bettor, 1, 100)
        BP._act(st, 1 - bettor, B.CALL, 0, 1)
    assert put(st, 0, 1) == put(st, 1, 1) == 200 and stacks(st) == (600, 600)
    assert B._max_bet(st, 0, 1) == 0 and B._max_bet(st, 1, 1) == 0
    assert base(st, 1) == 100


@pytest.mark.jitless
def test_table_stakes_low_stack():
    """§2.7 + H-B5 (table stakes): a bet may not ask the opponent for more than his stack
    nor exceed one's own. Stacks 30 and 500: either player may open at most 30."""
    st = fresh()
    st[E.STACK], st[E.STACK + 1] = 30, 500
    assert B._max_bet(st, 0, 0) == 30 and B._max_bet(st, 1, 0) == 30
    # seat 1 bets 30: seat 0 can only call (all-in) or decline
    B._pay(st, 1, 0, 30)
    assert B._to_call(st, 0, 0) == 30 and B._max_raise(st, 0, 0) == 0
    BP._act(st, 0, B.CALL, 0, 0)
    assert stacks(st) == (0, 470)
    assert all(B._max_bet(st, s, r) == 0 for s in range(2) for r in range(3))
    # seat 0 bets 20 of his 30: seat 1 may raise only the 10 seat 0 has left
    st = fresh()
    st[E.STACK], st[E.STACK + 1] = 30, 500
    B._pay(st, 0, 0, 20)
    assert B._max_raise(st, 1, 0) == 10
    BP._act(st, 1, B.RAISE, 10, 0)
    assert stacks(st) == (10, 470)
    assert B._to_call(st, 0, 0) == 10 and B._max_raise(st, 0, 0) == 0
    BP._act(st, 0, B.CALL, 0, 0)
    assert stacks(st) == (0, 470) and put(st, 0, 0) == put(st, 1, 0) == 30
    assert B._chips_in_play(st) == 30 + 500 + 300


@pytest.mark.jitless
def test_raise_limited_by_own_stack_after_matching():
    """H-B5 [R]: a raise may not exceed one's own stack after matching. Seat 1 has 120:
    facing a bet of 80 he may raise at most 40."""
    st = fresh()
    st[E.STACK + 1] = 120
    B._pay(st, 0, 2, 80)
    assert B._max_raise(st, 1, 2) == 40
    st[E.STACK + 1] = 85
    assert B._max_raise(st, 1, 2) == 0  # 5 left after matching: less than a step


@pytest.mark.jitless
def test_complete_and_inactive_rows_cannot_be_bet_on():
    """Closure rule (a) and §2.7 'active row': a complete row (9 cards, not yet paid) and
    a row index >= rows get ``max_bet`` 0; a row with one space left is still open."""
    st = with_betting(
        build_state(
            E.DRAW1,
            3,
            common="As 7c 8c",
            sides={(0, 0): "Kd Kh 2c 3d", (1, 0): "Qs Js Ts Ks", (0, 1): "2d 3h 4s 5d", (1, 1): "6d 6h 9s"},
        )
    )
    assert B._row_complete(st, 0)
    for seat in range(2):
        assert B._max_bet(st, seat, 0) == 0
        assert B._max_bet(st, seat, 1) == 100 and B._max_bet(st, seat, 2) == 100
        assert B._max_bet(st, seat, 3) == 0 and B._max_bet(st, seat, 4) == 0


# ======================================================================================
# 4. The bet window (§2.7 'When a bet may be made', H-B7)
# ======================================================================================


@pytest.mark.parametrize("kind", [E.DRAW1, E.HOLD3, E.PLAY4, E.OPEN5])
@pytest.mark.parametrize("window", [B.WINDOW_TURN, B.WINDOW_RECEIVER])
@pytest.mark.jitless
def test_window_is_the_player_on_turn(kind, window):
    """§2.7: the player on turn has the window (the window flag matters only in Share 2)."""
    for first in (0, 1):
        st = fresh(kind=kind, rows=5, rules=(1, window, 10, 200, 100), first=first)
        for t in range(40):
            st[E.TURN] = t
            assert B._window_seat(st) == E._mover_at(st, t)


@pytest.mark.parametrize("first", [0, 1])
@pytest.mark.jitless
def test_share2_receiver_window(first):
    """H-B7: in Share 2 only the drawer (even turns: F, D, F, ...) may bet by default;
    the receiver placing a handed card (odd turns) has the window only with WINDOW = 1."""
    d = 1 - first
    movers = [first, d, d, first, first, d, d, first]
    default = fresh(kind=E.SHARE2, rows=3, first=first)
    receiver = fresh(kind=E.SHARE2, rows=3, rules=(1, B.WINDOW_RECEIVER, 10, 200, 100), first=first)
    for t in range(24):
        default[E.TURN] = receiver[E.TURN] = t
        assert E._mover_at(default, t) == movers[t % 8]
        assert B._window_seat(default) == (movers[t % 8] if t % 2 == 0 else -1)
        assert B._window_seat(receiver) == movers[t % 8]


@pytest.mark.parametrize("window, bet_turns", [(B.WINDOW_TURN, [2, 6]), (B.WINDOW_RECEIVER, [1, 2, 5, 6])])
@pytest.mark.jitless
def test_share2_window_in_play(window, bet_turns):
    """H-B7 through ``betting_turn``: seat 1 always opens when he has the window (bet
    threshold 0), seat 0 never bets and calls. With seat 0 first, seat 1 draws on turns
    2, 6 and receives on turns 1, 5; no row can complete before turn 8, so chips on the
    cards grow exactly on seat 1's window turns."""
    st = fresh(kind=E.SHARE2, rows=3, rules=(1, window, 10, 200, 100), first=0, seed=11)
    params = np.array([[1, 0, 0], [1, 0, 0]], np.int64)
    bparams = np.stack([bet_params(BP.NEVER), bet_params(bet=0, raise_=1001, call=0, size=10)])
    deal, rngs = chunk_state(11, 1), np.stack([chunk_state(11, 2), chunk_state(11, 3)])
    seen = []
    for t in range(7):
        before = stacks(st)
        BP._betting_turn(st, params, VECTORS, bparams, deal, rngs, NO_LOOKAHEAD)
        after = stacks(st)
        if after != before:
            assert after == (before[0] - 10, before[1] - 10)
            seen.append(t)
    assert seen == bet_turns


# ======================================================================================
# 5. Equities (bet_policies.row_equity / best_equity), against eval7
# ======================================================================================


def brute_equity(st, seat, row, extra=-1):
    """win + tie/2 of ``seat`` over every fill of the row's one empty space from the
    cards ``seat`` has not seen (rules §2.4 information model, read independently)."""
    mine = side_cards(st, seat, row) + ([extra] if extra >= 0 else [])
    theirs = side_cards(st, 1 - seat, row)
    common = int(st[E.COMMON + row])
    unseen = [c for c in range(52) if c not in visible_cards(st, seat) and c != extra]
    fills = [[]] if len(mine) + len(theirs) == 8 else [[c] for c in unseen]
    assert len(mine) + len(theirs) >= 7
    halves = 0
    for fill in fills:
        a = mine + (fill if len(mine) < 4 else [])
        b = theirs + (fill if len(mine) == 4 and len(theirs) < 4 else [])
        va, vb = eval_side(a + [common]), eval_side(b + [common])
        halves += 2 if va > vb else (1 if va == vb else 0)
    return halves / (2 * len(fills))


def random_position(seed, space_seat):
    """Hold 3, 3 rows: row 0 has one empty space on ``space_seat``'s side; rows 1-2 carry
    a few cards; each player holds 3 hidden cards (the opponent's hand is unseen)."""
    deck = [text(int(c)) for c in np.random.default_rng(seed).permutation(52)]

    def take(n):
        return " ".join(deck.pop() for _ in range(n))

    sides = {(space_seat, 0): take(3), (1 - space_seat, 0): take(4), (0, 1): take(2), (1, 1): take(2), (0, 2): take(1)}
    return build_state(E.HOLD3, 3, common=take(3), sides=sides, hands=(take(3), take(3)))


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.jitless
def test_row_equity_exact_with_one_space_left(seed):
    """§2.9.7 random-fill equity, exact when one space is left: equals the brute force
    over the viewer's unseen cards (the opponent's hidden hand included, his own hand
    excluded), for the seat with the space and for the seat whose side is full."""
    for space_seat in (0, 1):
        st = random_position(100 * seed + space_seat, space_seat)
        for seat in (0, 1):
            got = BP._row_equity(st, seat, 0, -1, chunk_state(seed, 0))
            assert got == pytest.approx(brute_equity(st, seat, 0), abs=1e-12)
            # the two seats see different unseen sets, so no complement check here


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.jitless
def test_best_equity_with_held_cards_exact(seed):
    """``best_equity``: the best of no card and each held card placed in the one space
    (each such placement completes the row: equity 1, 1/2 or 0), against eval7."""
    st = random_position(7000 + seed, 0)
    held = [int(c) for c in st[E.HAND : E.HAND + 3]]
    assert len(side_cards(st, 0, 0)) == 3
    options = [brute_equity(st, 0, 0)] + [brute_equity(st, 0, 0, h) for h in held]
    for h, want in zip(held, options[1:]):
        assert BP._row_equity(st, 0, 0, h, chunk_state(0, 0)) == want and want in (0.0, 0.5, 1.0)
    assert BP._best_equity(st, 0, 0, chunk_state(0, 0)) == pytest.approx(max(options), abs=1e-12)
    # seat 1's side of row 0 is full: his best equity is his plain row equity
    assert BP._best_equity(st, 1, 0, chunk_state(0, 0)) == BP._row_equity(st, 1, 0, -1, chunk_state(0, 0))


@pytest.mark.parametrize(
    "sides, seat0",
    [
        ({(0, 0): "Kd Kh 2c 3d", (1, 0): "Qs Js Ts Ks"}, 0.0),  # royal flush beats kings
        ({(0, 0): "Kd Kh 2c 3d", (1, 0): "Qs Js Ts 2h"}, 1.0),  # kings beat ace high
        ({(0, 0): "Kc Qd Jh 9s", (1, 0): "Kd Qh Js 9c"}, 0.5),  # A K Q J 9 each: exact tie
    ],
)
@pytest.mark.jitless
def test_row_equity_on_a_complete_row(sides, seat0):
    """A complete row's equity is its result: 1, 0 or 1/2 (H-G5), matching ``row_result``."""
    st = build_state(E.DRAW1, 3, common="As 7c 8c", sides=sides)
    assert BP._row_equity(st, 0, 0, -1, chunk_state(0, 0)) == seat0
    assert BP._row_equity(st, 1, 0, -1, chunk_state(0, 0)) == 1.0 - seat0
    assert E._row_result(st, 0) / 2 == seat0


@pytest.mark.jitless
def test_row_equity_follows_the_literal_tiebreak_flag():
    """Under the H-G2 literal tie-break ``row_equity`` judges rows as the engine scores
    them (``literal_order``). Here (common 3c) seat 0 has A A 5 4 3 and seat 1 K K Q J 3:
    standard -> seat 0 wins; literal (unpaired cards first: Q J 3 > 5 4 3) -> seat 1.
    (Regression: the equity once used the standard order under either option.)"""
    sides = {(0, 0): "Ah Ad 4s 5c", (1, 0): "Kh Kd Qs Jc"}
    standard = build_state(E.DRAW1, 3, common="3c 8d 9h", sides=sides)
    literal = build_state(E.DRAW1, 3, common="3c 8d 9h", sides=sides, tiebreak=E.TIEBREAK_LITERAL)
    assert E._row_result(standard, 0) == 2 and E._row_result(literal, 0) == 0
    assert BP._row_equity(standard, 0, 0, -1, chunk_state(0, 0)) == 1.0
    assert BP._row_equity(literal, 0, 0, -1, chunk_state(0, 0)) == E._row_result(literal, 0) / 2


@pytest.mark.parametrize("kind", [E.DRAW1, E.SHARE2, E.HOLD3, E.PLAY4, E.OPEN5])
@pytest.mark.jitless
def test_best_equity_at_least_row_equity_mid_round(kind):
    """``best_equity`` is the max of the no-card equity and the held-card equities: with
    the same random stream it is never below ``row_equity(..., -1, ...)``, for every
    seat and row in positions met in play (sampled equities included)."""
    st = fresh(kind=kind, rows=4, seed=3)
    params = np.array([[0, 0, 0], [0, 0, 0]], np.int64)
    rngs = np.stack([chunk_state(3, 2), chunk_state(3, 3)])
    deal = chunk_state(3, 1)
    checked = 0
    for t in range(29):
        E._prepare(st, deal)
        if t % 4 == 1:
            for seat in (0, 1):
                for row in range(4):
                    if not B._row_complete(st, row):
                        rng = chunk_state(t, seat * 8 + row)
                        p = BP._row_equity(st, seat, row, -1, rng.copy())
                        q = BP._best_equity(st, seat, row, rng.copy())
                        assert 0.0 <= p <= q <= 1.0
                        checked += 1
        BP._place_and_settle(st, params, VECTORS, rngs, R.lookahead_flag(params))
    assert checked > 20


# ======================================================================================
# 6. The threshold policy on positions with obvious equities
# ======================================================================================


def locks(rules=DEFAULT_RULES):
    """Three rows, each with one space left and decided whatever fills it: row 0 and row 2
    are seat 1's royal flushes (seat 0 holds 2c 3d 4h / 5c 6d 7s: at best a wheel), row 1
    is seat 0's royal flush. Equities: seat 0 (0, 1, 0), seat 1 (1, 0, 1)."""
    st = build_state(
        E.DRAW1,
        3,
        common="As Ac Ah",
        sides={
            (1, 0): "Ks Qs Js Ts",
            (0, 0): "2c 3d 4h",
            (0, 1): "Kc Qc Jc Tc",
            (1, 1): "2d 3h 4s",
            (1, 2): "Kh Qh Jh Th",
            (0, 2): "5c 6d 7s",
        },
    )
    return with_betting(st, rules)


@pytest.mark.jitless
def test_lock_positions_have_equity_one_or_zero():
    """§2.9.7 random-fill equity on decided rows (exact, one space left): a royal flush
    can't be beaten by any fill of the other side, so equities are exactly 1 and 0."""
    st = locks()
    assert [BP._best_equity(st, 0, r, chunk_state(0, 0)) for r in range(3)] == [0.0, 1.0, 0.0]
    assert [BP._best_equity(st, 1, r, chunk_state(0, 0)) for r in range(3)] == [1.0, 0.0, 1.0]


@pytest.mark.jitless
def test_threshold_open_picks_the_best_row_and_sizes_the_bet():
    """bet_policies threshold policy: opens ``size`` (floored to the $10 step, at least
    one step, at most ``max_bet``) on the open row with the highest p when p >= bet."""
    st = locks()
    rng = chunk_state(0, 0)
    assert BP._threshold_open(st, 0, bet_params(), rng) == (1, 100)
    assert BP._threshold_open(st, 1, bet_params(), rng) == (0, 100)  # first of two locks
    assert BP._threshold_open(st, 0, bet_params(bet=1000), rng) == (1, 100)  # p = 1 meets 1000
    assert BP._threshold_open(st, 0, bet_params(size=55), rng) == (1, 50)
    assert BP._threshold_open(st, 0, bet_params(size=5), rng) == (1, 10)
    assert BP._threshold_open(st, 0, bet_params(size=1000), rng) == (1, 100)
    st[E.STACK + 1] = 30  # table stakes
    assert BP._threshold_open(st, 0, bet_params(), rng) == (1, 30)
    st[E.STACK + 1] = 800
    # close seat 0's lock by a decline: now his best p is 0
    B._pay(st, 0, 1, 10)
    BP._act(st, 1, B.DECLINE, 0, 1)
    assert BP._threshold_open(st, 0, bet_params(bet=1), rng) == (-1, 0)
    assert BP._threshold_open(st, 0, bet_params(bet=0), rng) == (0, 100)
    assert BP._base_open(st, 1, bet_params(BP.NEVER), rng) == (-1, 0)


@pytest.mark.jitless
def test_threshold_respond_follows_thresholds():
    """Threshold responses: raise ``size`` if p >= raise (and a raise is possible), call
    if p >= call, else decline; p = 1 meets a threshold of 1000 and p = 0 meets 0."""
    rng = chunk_state(0, 0)
    st = locks()
    B._pay(st, 1, 0, 50)  # seat 1 bets on his lock; seat 0 has p = 0
    assert BP._threshold_respond(st, 0, 0, bet_params(), rng) == (B.DECLINE, 0)
    assert BP._threshold_respond(st, 0, 0, bet_params(call=1), rng) == (B.DECLINE, 0)
    assert BP._threshold_respond(st, 0, 0, bet_params(call=0), rng) == (B.CALL, 0)
    assert BP._threshold_respond(st, 0, 0, bet_params(raise_=0, call=0), rng) == (B.RAISE, 100)
    st = locks()
    B._pay(st, 0, 0, 50)  # seat 0 bets into seat 1's lock; seat 1 has p = 1
    assert BP._threshold_respond(st, 1, 0, bet_params(), rng) == (B.RAISE, 100)
    assert BP._threshold_respond(st, 1, 0, bet_params(raise_=1000), rng) == (B.RAISE, 100)
    assert BP._threshold_respond(st, 1, 0, bet_params(size=30), rng) == (B.RAISE, 30)
    assert BP._threshold_respond(st, 1, 0, bet_params(size=1000), rng) == (B.RAISE, 100)
    assert BP._base_respond(st, 1, 0, bet_params(BP.NEVER), rng) == (B.CALL, 0)
    # at the cap a raise is impossible: the lock can only call
    st = locks()
    B._pay(st, 0, 0, 100)
    BP._act(st, 1, B.CALL, 0, 0)
    B._pay(st, 0, 0, 100)
    assert B._max_raise(st, 1, 0) == 0
    assert BP._threshold_respond(st, 1, 0, bet_params(), rng) == (B.CALL, 0)


@pytest.mark.jitless
def test_policy_driven_exchange_chip_amounts():
    """A whole exchange by the threshold policy: seat 0 bets 50 into seat 1's lock; seat 1
    raises 100 (puts in 150); seat 0 (p = 0) declines and forfeits his 50 (H-B2):
    seat 1 = 650 + 50 + 150 + 50 = 900, seat 0 = 750; $50 left on row 0."""
    st = locks()
    rng = chunk_state(0, 0)
    B._pay(st, 0, 0, 50)
    action, amount = BP._threshold_respond(st, 1, 0, bet_params(), rng)
    assert BP._act(st, 1, action, amount, 0) is True
    assert stacks(st) == (750, 650)
    action, amount = BP._threshold_respond(st, 0, 0, bet_params(), rng)
    assert (action, amount) == (B.DECLINE, 0)
    assert BP._act(st, 0, action, amount, 0) is False
    assert stacks(st) == (750, 900) and base(st, 0) == 50 and closed(st, 0)
    assert B._chips_in_play(st) == 1900


@pytest.mark.jitless
def test_threshold_uses_held_cards_unless_blind():
    """The threshold p is the best over the cards the player holds (``uses_cards`` 1), or
    the blind no-card equity (``uses_cards`` 0). Hold 3, row 0: common As, seat 0 has
    Qs Js Ts and holds Ks (royal flush: p = 1); seat 1's side is full with kings. Blind,
    seat 0 wins only with a spade, Kc or an ace: far below the call threshold."""
    st = with_betting(
        build_state(
            E.HOLD3,
            3,
            first=0,
            common="As 7c 8c",
            sides={(0, 0): "Qs Js Ts", (1, 0): "Kd Kh 2c 3d"},
            hands=("Ks 4c 5c", "9d 9h 6c"),
        )
    )
    rng = chunk_state(0, 0)
    blind = BP._row_equity(st, 0, 0, -1, rng)
    assert blind == pytest.approx(brute_equity(st, 0, 0)) and blind < 0.45
    assert BP._best_equity(st, 0, 0, rng) == 1.0
    B._pay(st, 1, 0, 50)
    seeing = bet_params()
    assert BP._threshold_respond(st, 0, 0, seeing, rng) == (B.RAISE, 100)
    if hasattr(BP, "USES_CARDS"):
        seeing[BP.USES_CARDS] = 0
        assert BP._threshold_respond(st, 0, 0, seeing, rng) == (B.DECLINE, 0)


# ======================================================================================
# 7. Conservation over many simulated games (play_betting_game) and within rounds
# ======================================================================================

TOTAL = 2 * 800 + 12 * 100
NEVER_ROW = bet_params(BP.NEVER)
THRESH = bet_params()
AGGRESSIVE = bet_params(bet=0, raise_=0, call=0, size=100)  # bets, raises to the cap
TIMID = bet_params(bet=950, raise_=990, call=700, size=30)

# (kind, crazy, bet_rules, placement kinds, betting params, games)
CONFIGS = [
    (0, 0, (1, 0, 10, 200, 100), (1, 1), (THRESH, THRESH), 400),
    (0, 0, (0, 0, 10, 200, 100), (1, 1), (THRESH, NEVER_ROW), 300),
    (0, 0, (1, 1, 10, 200, 100), (0, 1), (NEVER_ROW, THRESH), 300),
    (0, 0, (0, 1, 10, 200, 100), (1, 0), (AGGRESSIVE, THRESH), 300),
    (0, 0, (1, 0, 10, 200, 100), (0, 0), (AGGRESSIVE, AGGRESSIVE), 300),
    (E.SHARE2, 0, (1, 1, 10, 200, 100), (1, 1), (THRESH, AGGRESSIVE), 200),
    (E.SHARE2, 1, (0, 0, 10, 200, 100), (1, 1), (TIMID, THRESH), 200),
    (E.DRAW1, 1, (1, 0, 10, 200, 100), (1, 0), (THRESH, TIMID), 200),
    (E.HOLD3, 0, (0, 1, 20, 120, 60), (1, 1), (AGGRESSIVE, TIMID), 200),
    (E.PLAY4, 1, (1, 0, 10, 200, 100), (0, 1), (THRESH, THRESH), 200),
    (E.OPEN5, 0, (0, 0, 10, 200, 100), (1, 1), (NEVER_ROW, AGGRESSIVE), 200),
    (E.OPEN5, 1, (1, 1, 10, 200, 100), (1, 0), (THRESH, THRESH), 200),
    (0, 0, (1, 0, 10, 200, 100), (1, 1), (NEVER_ROW, NEVER_ROW), 200),
]


def run_games(kind, crazy, rules, placement, bets, games, seed, tiebreak=E.TIEBREAK_STANDARD):
    st = E.new_state()
    out = np.zeros(BP.BET_GAME_WIDTH, np.int64)
    trajectory = np.zeros(BP.GAME_PLACEMENTS, np.int64)
    params = np.array([[placement[0], 0, 0], [placement[1], 0, 0]], np.int64)
    bparams = np.stack(bets).astype(np.int64)
    deal = chunk_state(seed, 0)
    rngs = np.stack([chunk_state(seed, 1), chunk_state(seed, 2)])
    rules = np.array(rules, np.int64)
    for _ in range(games):
        BP._play_betting_game(
            st, kind, crazy, E.BATCH_ALTERNATE, tiebreak, rules, params, VECTORS, bparams, deal, rngs, out, trajectory,
            BP.betting_lookahead(params, bparams),
        )  # fmt: skip
        yield out.copy(), trajectory.copy()


def test_conservation_over_many_games():
    """§2.7 + H-B8: over 3,200 games across policy mixes (never / threshold / aggressive /
    timid, random and greedy placement), both forfeit settings (H-B2), both bet windows
    (H-B7), die-rolled and fixed round types and Crazy: final stacks always sum to $2,800,
    no stack is ever negative, out[3:6] are seat 0's stacks at the ends of rounds 1-3
    (the last equals out[0]), and the winner is the larger stack (the card draw only on
    equal stacks)."""
    games = ties = bets_seen = broke = 0
    for i, (kind, crazy, rules, placement, bets, n) in enumerate(CONFIGS):
        for out, trajectory in run_games(kind, crazy, rules, placement, bets, n, seed=1000 + i):
            s0, s1, winner = int(out[0]), int(out[1]), int(out[2])
            assert s0 + s1 == TOTAL
            assert s0 >= 0 and s1 >= 0
            assert (trajectory >= 0).all() and (trajectory <= TOTAL).all()
            assert trajectory[23] == out[3] and trajectory[55] == out[4] and trajectory[95] == out[5]
            assert out[5] == s0
            # after round r seat 0's stack is at most all chips handed out so far
            assert out[3] <= 1600 + 300 and out[4] <= 1600 + 700
            assert s0 % 5 == 0 and (trajectory % 5 == 0).all()
            if s0 != s1:
                assert winner == (0 if s0 > s1 else 1)
            else:
                assert winner in (0, 1)
                ties += 1
            bets_seen += (s0 - 800) % 50 != 0  # a called bet moved a non-$50 amount
            broke += (trajectory == 0).any()
            games += 1
    assert games >= 3000
    assert bets_seen > 100 and broke > 10  # the limits were exercised, including $0 stacks


@pytest.mark.parametrize(
    "kind, crazy, placement", [(0, 0, (1, 1)), (0, 0, (0, 0)), (E.SHARE2, 1, (1, 0)), (E.HOLD3, 0, (0, 1))]
)
def test_never_betting_game_is_the_no_betting_game_at_half_stakes(kind, crazy, placement):
    """§2.6 vs §2.7: with no bets (both players 'never') each row pays just its $100 base,
    so seat 0's betting stacks equal 800 + half the no-betting game's chips, round by
    round, on the same deals and moves (the two loops use the streams identically), and
    the same winner (the card draw included)."""
    seed = 77
    betting = list(run_games(kind, crazy, DEFAULT_RULES, placement, (NEVER_ROW, NEVER_ROW), 150, seed))
    st = E.new_state()
    out = np.zeros(R.GAME_WIDTH, np.int64)
    params = np.array([[placement[0], 0, 0], [placement[1], 0, 0]], np.int64)
    deal = chunk_state(seed, 0)
    rngs = np.stack([chunk_state(seed, 1), chunk_state(seed, 2)])
    for bet_out, _ in betting:
        R._play_game(
            st, kind, crazy, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, params, VECTORS, deal, rngs, out, NO_LOOKAHEAD
        )
        won = np.cumsum([out[5], out[8], out[11]])
        assert list(bet_out[3:6]) == [800 + w // 2 for w in won]
        assert bet_out[0] == 800 + out[0] // 2 and bet_out[1] == 800 + out[1] // 2
        assert bet_out[2] == out[2]


def test_the_betting_turn_without_lookahead_plays_base_players_alike():
    """``_betting_turn`` with ``NO_LOOKAHEAD`` (no rollout bettor nor lookahead placement
    compiled in) plays threshold, never and random bettors, random and greedy placement, as the
    full kernel does: the same stacks and cards after every turn of every round type."""
    bets = [(AGGRESSIVE, THRESH), (bet_params(BP.RANDOM), TIMID), (bet_params(BP.NEVER), bet_params(BP.RANDOM))]
    for kind in (E.DRAW1, E.SHARE2, E.HOLD3, E.PLAY4, E.OPEN5):
        for i, (b0, b1) in enumerate(bets):
            params = np.array([[1, 0, 0], [i % 2, 0, 0]], np.int64)
            bparams = np.stack([b0, b1])
            turns = {}
            for flag in (LOOKAHEAD, NO_LOOKAHEAD):
                st = fresh(kind=kind, rows=4, seed=kind)
                deal, rngs = chunk_state(kind, 1), np.stack([chunk_state(kind, 2), chunk_state(kind, 3)])
                states = []
                while not E._round_over(st):
                    BP._betting_turn(st, params, VECTORS, bparams, deal, rngs, flag)
                    states.append(st.tolist())
                turns[flag] = states
            assert turns[LOOKAHEAD] == turns[NO_LOOKAHEAD]
            assert turns[LOOKAHEAD][-1][E.STACK] != 800  # chips moved


@pytest.mark.parametrize("kind", [E.DRAW1, E.SHARE2, E.HOLD3, E.PLAY4, E.OPEN5])
@pytest.mark.parametrize("forfeit, window", [(1, 0), (0, 1)])
def test_round_invariants_step_by_step(kind, forfeit, window):
    """After every ``betting_turn`` (an exchange, if any, then a placement): both stacks
    >= 0; chips in play constant through the round; both players have the same amount on
    each row (an exchange ends with a call or a decline) and at most the $200 cap; a row's
    base is $100, or $50 once declined (then closed), and a complete row is paid out
    (nothing left on it, closed)."""
    rules = (forfeit, window, 10, 200, 100)
    bets = [(AGGRESSIVE, THRESH), (THRESH, TIMID), (bet_params(bet=300, raise_=600, call=500, size=40), AGGRESSIVE)]
    declines = 0
    for i, (b0, b1) in enumerate(bets):
        for rows in (3, 4, 5):
            seed = 500 + 10 * i + rows
            st = fresh(kind=kind, rows=rows, rules=rules, first=rows % 2, seed=seed)
            if i == 0:
                st[E.STACK], st[E.STACK + 1] = 170, 1430  # table stakes bite early
            total = B._chips_in_play(st)
            params = np.array([[1, 0, 0], [0, 0, 0]], np.int64)
            deal, rngs = chunk_state(seed, 1), np.stack([chunk_state(seed, 2), chunk_state(seed, 3)])
            bparams = np.stack([b0, b1])
            while not E._round_over(st):
                BP._betting_turn(st, params, VECTORS, bparams, deal, rngs, NO_LOOKAHEAD)
                s0, s1 = stacks(st)
                assert s0 >= 0 and s1 >= 0
                assert B._chips_in_play(st) == total
                for row in range(rows):
                    assert put(st, 0, row) == put(st, 1, row) <= 200
                    assert put(st, 0, row) % 10 == 0
                    if B._row_complete(st, row):
                        assert base(st, row) == 0 and put(st, 0, row) == 0 and closed(st, row)
                    else:
                        assert base(st, row) in (50, 100)
                        if base(st, row) == 50:
                            assert closed(st, row) and put(st, 0, row) == 0
                            declines += 1
                        else:
                            assert not closed(st, row)
            assert sum(stacks(st)) == total
    assert declines > 0


def test_rollout_betting_policy_conserves_chips():
    """The rollout betting policy (2 simulations per action, cheap) plays legal amounts:
    final stacks sum to $2,800 and seat 0's stack is never negative."""
    rollout = bet_params(BP.ROLLOUT, rollouts=2)
    for out, trajectory in run_games(0, 0, DEFAULT_RULES, (1, 1), (rollout, THRESH), 12, seed=9):
        assert out[0] + out[1] == TOTAL and out[0] >= 0 and out[1] >= 0
        assert (trajectory >= 0).all() and out[5] == out[0]
