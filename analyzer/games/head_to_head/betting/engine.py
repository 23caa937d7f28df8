"""Head to Head Poker, the betting game (rules §2.7, H-B1 to H-B9): the bet-response machine.

Chips live in the round state (``engine.STACK`` ...): each player's stack, the base
still on each common card (2 x $50 from the bank per active row, H-B8), the chips
each player has put on each card this round, and whether a row is closed to betting.

* A bet is made by the player on turn before he places a card (``h2h.bet_window``:
  the drawer only in Share 2, or also the receiver), at most one exchange a turn, on
  a row open to betting: active, not complete, not declined, and not capped.
* Each bet or raise adds ``min_bet`` ($10) to ``max_raise`` ($100) in ``min_bet`` steps;
  a player puts at most ``row_cap`` ($200) on a card in a round (H-B3, per player); a
  bet or raise may not ask the other player for more than his stack, nor exceed one's
  own (table stakes, H-B5).
* Responses (DK/NO/FI labels, H-B1): **decline** -- the other player takes one $50
  base chip and his own chips on the card back; the decliner's chips on the card go to
  him too (H-B2 ``decline_forfeits_own_chips``, default) or back to the decliner; the
  row closes to betting with $50 left on it. **Raise** -- match and add. **Call** --
  match; the exchange ends and the player on turn places his card.
* When a row completes its winner takes everything on the card at once (an exact tie
  splits it, H-B9); the chips can back later bets in the same round.
"""

from __future__ import annotations

from analyzer.games.head_to_head.engine import (
    BET_CLOSED,
    BET_RULES,
    COMMITTED,
    ROW_BASE,
    ROWS,
    SEAT_0,
    SEAT_1,
    SHARE2,
    SLOTS,
    STACK,
    TURN,
    TYPE,
    _count_index,
    _mover,
    _row_result,
)
from analyzer.jit import kernel

START_STACK = 800
BASE = 100  # 2 x $50 on each active common card
BASE_CHIP = 50
FORFEIT, WINDOW, MIN_BET, ROW_CAP, MAX_RAISE = range(5)  # offsets in BET_RULES
WINDOW_TURN, WINDOW_RECEIVER = 0, 1
DECLINE, CALL, RAISE = 0, 1, 2
RESPONSES = ("decline", "call", "raise")
NO_ROW = -1


@kernel
def _start_betting_game(st, forfeit, window, min_bet, row_cap, max_raise):
    """Stacks of $800 and the betting rules; call before the first round."""
    st[STACK], st[STACK + 1] = START_STACK, START_STACK
    rules = BET_RULES
    st[rules + FORFEIT], st[rules + WINDOW], st[rules + MIN_BET] = forfeit, window, min_bet
    st[rules + ROW_CAP], st[rules + MAX_RAISE] = row_cap, max_raise


@kernel
def _start_betting_round(st):
    """The bank's $100 base on every active row; nothing committed; every row open."""
    for row in range(5):
        st[ROW_BASE + row] = BASE if row < st[ROWS] else 0
        st[COMMITTED + row] = 0
        st[COMMITTED + 5 + row] = 0
        st[BET_CLOSED + row] = 0 if row < st[ROWS] else 1


@kernel(inline="always")
def _committed(st, seat, row):
    return st[COMMITTED + 5 * seat + row]


@kernel(inline="always")
def _floor_step(amount, step):
    return (amount // step) * step


@kernel
def _row_complete(st, row):
    return st[_count_index(SEAT_0, row)] + st[_count_index(SEAT_1, row)] == 2 * SLOTS


@kernel
def _max_bet(st, bettor, row):
    """The largest opening bet ``bettor`` may make on ``row`` (0: none; the row must
    be open to betting)."""
    if row >= st[ROWS] or st[BET_CLOSED + row] or _row_complete(st, row):
        return 0
    rules = BET_RULES
    step = st[rules + MIN_BET]
    top = min(
        st[rules + MAX_RAISE],
        st[rules + ROW_CAP] - _committed(st, bettor, row),
        st[STACK + bettor],
        st[STACK + 1 - bettor],
    )
    top = _floor_step(top, step)
    return top if top >= step else 0


@kernel
def _max_raise(st, actor, row):
    """The largest raise ``actor`` may add on top of matching (0: he may only call or
    decline)."""
    rules = BET_RULES
    step = st[rules + MIN_BET]
    need = _committed(st, 1 - actor, row) - _committed(st, actor, row)
    top = min(
        st[rules + MAX_RAISE],
        st[rules + ROW_CAP] - _committed(st, actor, row) - need,
        st[STACK + actor] - need,
        st[STACK + 1 - actor],
    )
    top = _floor_step(top, step)
    return top if top >= step else 0


@kernel
def _to_call(st, actor, row):
    """What ``actor`` must add to match the other player on ``row``."""
    return _committed(st, 1 - actor, row) - _committed(st, actor, row)


@kernel
def _pay(st, seat, row, amount):
    st[STACK + seat] -= amount
    st[COMMITTED + 5 * seat + row] += amount


@kernel
def _decline(st, decliner, row):
    """The decliner's concession (§2.7 response 1, H-B2)."""
    other = 1 - decliner
    mine, theirs = _committed(st, decliner, row), _committed(st, other, row)
    st[STACK + other] += BASE_CHIP + theirs
    st[STACK + (other if st[BET_RULES + FORFEIT] else decliner)] += mine
    st[ROW_BASE + row] -= BASE_CHIP
    st[COMMITTED + 5 * decliner + row] = 0
    st[COMMITTED + 5 * other + row] = 0
    st[BET_CLOSED + row] = 1


@kernel
def _settle_row(st, row):
    """Pay a complete row at once: the winner takes the base left and every chip on the
    card; an exact tie splits it (the pot is a multiple of $10, so halves are whole)."""
    pot = st[ROW_BASE + row] + _committed(st, 0, row) + _committed(st, 1, row)
    halves = _row_result(st, row)
    st[STACK] += pot * halves // 2
    st[STACK + 1] += pot - pot * halves // 2
    st[ROW_BASE + row] = 0
    st[COMMITTED + row] = 0
    st[COMMITTED + 5 + row] = 0
    st[BET_CLOSED + row] = 1


@kernel
def _window_seat(st):
    """The seat that may open a bet before the coming placement, or -1: the player on
    turn, except a Share 2 receiver unless ``bet_window`` is ``receiver``."""
    if st[TYPE] == SHARE2 and st[TURN] % 2 == 1 and st[BET_RULES + WINDOW] == WINDOW_TURN:
        return -1
    return _mover(st)


@kernel
def _chips_in_play(st):
    """Stacks plus everything on the cards: conserved within a round except for the base."""
    total = st[STACK] + st[STACK + 1]
    for row in range(5):
        total += st[ROW_BASE + row] + _committed(st, 0, row) + _committed(st, 1, row)
    return total
