"""Test helpers for the Head to Head Poker engine (tests only).

* :func:`build_state` puts a position together by hand (commons, board, hands,
  drawn cards, open cards, deck order), consistent with the engine layout.
* :func:`check_conservation` checks that every card is in exactly one place.
* :func:`visible_cards` is an independent reading of what a player has seen (§2.4
  information model), to compare with ``seen_mask`` and ``resample_hidden``.
* :func:`drive_round` plays a round move by move from Python against a small
  pure-Python referee written from the rules (§2.3, §2.4): whose turn it is, which
  cards the mover may place, which spaces are open, and where every card is.
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import parse_cards
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head import policies as P
from analyzer.games.head_to_head.tuned import HAND_SET
from analyzer.sim.seeds import chunk_state

ALL_CARDS = list(range(52))
VECTORS = np.stack([HAND_SET, HAND_SET])  # each seat's greedy vector, as the kernels take it


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)] if text else []


def card(text: str) -> int:
    (c,) = cards(text)
    return c


# -- reading the flat state -------------------------------------------------------


def slot_at(seat: int, row: int, slot: int) -> int:
    return E.BOARD + (seat * E.MAX_ROWS + row) * E.SLOTS + slot


def count_at(seat: int, row: int) -> int:
    return E.COUNT + seat * E.MAX_ROWS + row


def side_cards(st, seat: int, row: int) -> list[int]:
    return [int(st[slot_at(seat, row, s)]) for s in range(int(st[count_at(seat, row)]))]


def hand(st, seat: int) -> list[int]:
    start = E.HAND + 4 * seat
    return [int(c) for c in st[start : start + st[E.HAND_N + seat]]]


def pending(st) -> list[int]:
    return [int(c) for c in st[E.PENDING : E.PENDING + st[E.PENDING_N]]]


def open_cards(st) -> list[int]:
    return [int(c) for c in st[E.OPEN : E.OPEN + st[E.OPEN_N]]]


def deck(st) -> list[int]:
    return [int(c) for c in st[E.DECK + st[E.TOP] : E.DECK + st[E.END]]]


def commons(st) -> list[int]:
    return [int(c) for c in st[E.COMMON : E.COMMON + st[E.ROWS]]]


def board_cards(st) -> list[int]:
    return [c for seat in range(2) for row in range(E.MAX_ROWS) for c in side_cards(st, seat, row)]


def choices(st) -> list[int]:
    start, n = E._choice_slice(st)
    return [int(c) for c in st[start : start + n]]


def check_conservation(st, dealt: bool = True) -> None:
    """Every card is in exactly one place: commons, board, hands, drawn (pending), open,
    or the undealt deck ``DECK[TOP:END]``; all 52 are there. With ``dealt``, the cards
    already dealt ``DECK[:TOP]`` are exactly the ones in play (none went back)."""
    rows = int(st[E.ROWS])
    assert st[E.END] == 52 and 0 <= st[E.TOP] <= 52
    for seat in range(2):
        for row in range(E.MAX_ROWS):
            n = int(st[count_at(seat, row)])
            assert 0 <= n <= (E.SLOTS if row < rows else 0), (seat, row, n)
            for s in range(n, E.SLOTS):
                assert st[slot_at(seat, row, s)] == E.NO_CARD
    assert all(st[E.COMMON + r] == E.NO_CARD for r in range(rows, E.MAX_ROWS))
    groups = {
        "commons": commons(st),
        "board": board_cards(st),
        "hand0": hand(st, 0),
        "hand1": hand(st, 1),
        "pending": pending(st),
        "open": open_cards(st),
    }
    in_play = [c for g in groups.values() for c in g]
    everything = in_play + deck(st)
    assert len(set(everything)) == len(everything), f"a card is in two places: {groups}"
    assert sorted(everything) == ALL_CARDS, "cards missing"
    if dealt:
        assert sorted(int(c) for c in st[E.DECK : E.DECK + st[E.TOP]]) == sorted(in_play)


def visible_cards(st, viewer: int) -> set[int]:
    """What ``viewer`` has seen (§2.4 information model), read independently of the
    engine: commons, the board, the open cards, his own hand, cards known out, and
    drawn cards if he drew them or (Share 2) they were handed over."""
    seen = set(commons(st)) | set(board_cards(st)) | set(open_cards(st)) | set(hand(st, viewer))
    seen |= {c for c in ALL_CARDS if (int(st[E.KNOWN_OUT]) >> c) & 1}
    turn = int(st[E.TURN])
    handed_over = st[E.TYPE] == E.SHARE2 and turn % 2 == 1
    if E._mover(st) == viewer or handed_over:
        seen |= set(pending(st))
    return seen


def mask_to_set(mask) -> set[int]:
    mask = int(mask)
    return {c for c in ALL_CARDS if (mask >> c) & 1}


# -- building a state by hand --------------------------------------------------------


def build_state(
    kind,
    rows,
    *,
    first=0,
    crazy=0,
    common="",
    sides=None,
    hands=("", ""),
    drawn="",
    open_="",
    deck_order="",
    ordered=False,
    batch_rule=E.BATCH_ALTERNATE,
    tiebreak=E.TIEBREAK_STANDARD,
    turn=None,
):
    """A state with the given cards; ``sides`` maps ``(seat, row)`` to card text. The
    undealt deck is ``deck_order`` then every other card ascending; ``TURN`` defaults to
    the number of cards on the board."""
    st = E.new_state()
    E._start_round(st, kind, crazy, rows, first, batch_rule, tiebreak, chunk_state(0, 0))
    common_cards = cards(common)
    assert len(common_cards) == rows
    st[E.COMMON : E.BOARD] = E.NO_CARD
    st[E.BOARD : E.COUNT] = E.NO_CARD
    st[E.COUNT : E.HAND] = 0
    for r, c in enumerate(common_cards):
        st[E.COMMON + r] = c
    used = list(common_cards)
    placed = 0
    for (seat, row), text in (sides or {}).items():
        side = cards(text)
        assert len(side) <= 4 and row < rows
        for s, c in enumerate(side):
            st[slot_at(seat, row, s)] = c
        st[count_at(seat, row)] = len(side)
        used += side
        placed += len(side)
    for seat in range(2):
        h = cards(hands[seat])
        st[E.HAND + 4 * seat : E.HAND + 4 * seat + len(h)] = h
        st[E.HAND_N + seat] = len(h)
        used += h
    d = cards(drawn)
    st[E.PENDING : E.PENDING + len(d)] = d
    st[E.PENDING_N] = len(d)
    o = cards(open_)
    st[E.OPEN : E.OPEN + len(o)] = o
    st[E.OPEN_N] = len(o)
    used += d + o
    first_cards = cards(deck_order)
    rest = first_cards + [c for c in ALL_CARDS if c not in set(used) | set(first_cards)]
    order = used + rest
    assert sorted(order) == ALL_CARDS, "a card is used twice"
    st[E.DECK : E.DECK + 52] = order
    st[E.TOP], st[E.END] = len(used), 52
    st[E.TURN] = placed if turn is None else turn
    st[E.ORDERED_DRAWS] = int(ordered)
    check_conservation(st)
    return st


def scripted_round(kind, rows, common, deck_order, *, first=0, crazy=0, batch_rule=E.BATCH_ALTERNATE):
    """A fresh round whose commons are ``common`` and whose draws come in ``deck_order``
    (then the other cards ascending): ``ORDERED_DRAWS`` makes draws take DECK[TOP]."""
    return build_state(
        kind, rows, first=first, crazy=crazy, common=common, deck_order=deck_order, ordered=True, batch_rule=batch_rule
    )


# -- driving a round against a referee ---------------------------------------------


def schedule_seats(schedule: str, first: int) -> list[int]:
    """'F'/'D' letters to seats: F is ``first``, D the other seat."""
    return [first if ch == "F" else 1 - first for ch in schedule]


def own_lowest_row(pick=max):
    """Strategy: place ``pick(choices)`` on the mover's own side, lowest row with room."""

    def strategy(t, me, options, spaces, board):
        row = min(r for r, side in spaces if side == me)
        return pick(options), row, me

    return strategy


def crazy_blocker(pick=max, period=3):
    """Crazy strategy: every ``period``-th placement (t % period == 1) goes on the
    opponent's side if it has room, the others on the own side if it has room."""

    def strategy(t, me, options, spaces, board):
        want = 1 - me if t % period == 1 else me
        sides = [want, 1 - want]
        for side in sides:
            rows = [r for r, s in spaces if s == side]
            if rows:
                return pick(options), min(rows), side
        raise AssertionError("no open space")

    return strategy


def drive_round(st, schedule: str, strategy, rng=None):
    """Play the round in ``st`` to its end with ``strategy`` and check each step against
    the rules. ``schedule`` gives the mover of every placement as F/D letters. Returns a
    log: one dict per placement with ``t``, ``mover``, ``options`` (sorted), ``card``,
    ``row``, ``side``, ``dealt`` (cards drawn by ``prepare``) and ``spaces`` (open spaces)."""
    rng = chunk_state(99, 0) if rng is None else rng
    kind, crazy, rows, first = (int(st[i]) for i in (E.TYPE, E.CRAZY, E.ROWS, E.FIRST))
    seats = schedule_seats(schedule, first)
    assert len(seats) == 8 * rows, "the round has 8k placements"
    board = [[side_cards(st, s, r) for r in range(E.MAX_ROWS)] for s in range(2)]
    hands = [hand(st, 0), hand(st, 1)]
    held = pending(st)
    shown = open_cards(st)
    batch_placed = [0, 0]
    log = []
    for t in range(8 * rows):
        assert st[E.TURN] == t and not E._round_over(st)
        me = seats[t]
        assert E._mover(st) == me, f"placement {t}: mover"
        assert E._mover_at(st, t) == me
        top = int(st[E.TOP])
        upcoming = deck(st)
        E._prepare(st, rng)
        new = int(st[E.TOP]) - top
        dealt = [int(c) for c in st[E.DECK + top : E.DECK + top + new]]
        if st[E.ORDERED_DRAWS]:
            assert dealt == upcoming[:new], "ordered draws take the deck from the top"
        assert E._mover(st) == me, "prepare does not change the mover"
        options = choices(st)
        if kind == E.DRAW1:  # draw the top card, then place it
            assert new == 1 and options == dealt
        elif kind == E.SHARE2:
            if t % 2 == 0:  # a draw turn: the drawer draws 2
                assert held == [] and new == 2 and sorted(options) == sorted(dealt)
            else:  # the receiver must place the card handed to him, nothing is drawn
                assert new == 0 and options == held and len(options) == 1
        elif kind == E.HOLD3:
            if t == 0:  # each player is dealt 3 hidden cards
                assert new == 6 and sorted(hand(st, 0) + hand(st, 1)) == sorted(dealt)
            else:  # the previous mover refills from the deck; the other hand is unchanged
                prev = seats[t - 1]
                assert new == 1
                assert sorted(hand(st, prev)) == sorted(hands[prev] + dealt)
                assert sorted(hand(st, 1 - prev)) == sorted(hands[1 - prev])
            assert len(hand(st, 0)) == 3 and len(hand(st, 1)) == 3
            assert sorted(options) == sorted(hand(st, me))
        elif kind == E.PLAY4:
            if t % 8 == 0:  # both hands empty: 4 new cards each
                assert hands == [[], []] and new == 8
                assert sorted(hand(st, 0) + hand(st, 1)) == sorted(dealt)
                batch_placed = [0, 0]
            else:
                assert new == 0 and [sorted(h) for h in hands] == [sorted(hand(st, s)) for s in range(2)]
            assert len(hand(st, me)) == 4 - batch_placed[me]
            assert len(hand(st, 1 - me)) == 4 - batch_placed[1 - me]
            assert sorted(options) == sorted(hand(st, me))
        elif kind == E.OPEN5:
            if not shown:  # all 5 used: turn up 5 more
                assert new == 5 and sorted(options) == sorted(dealt)
            else:
                assert new == 0 and sorted(options) == sorted(shown)
        hands = [hand(st, 0), hand(st, 1)]
        spaces = []
        for row in range(E.MAX_ROWS):
            for side in range(2):
                legal = row < rows and len(board[side][row]) < 4 and (crazy or side == me)
                assert bool(E._is_open_space(st, row, side)) == legal, (t, row, side)
                if legal:
                    spaces.append((row, side))
        assert P._count_moves(st) == len(options) * len(spaces)
        legal = {(i, r, s) for i in range(len(options)) for r, s in spaces}
        assert {P._move_at(st, m) for m in range(P._count_moves(st))} == legal
        assert P._greedy_move(st) in legal and P._random_move(st, chunk_state(t, 1)) in legal
        c, row, side = strategy(t, me, sorted(options), spaces, board)
        assert (row, side) in spaces and c in options
        placed = E._place(st, options.index(c), row, side)
        assert placed == c
        board[side][row].append(c)
        if kind in (E.DRAW1, E.SHARE2):
            held = [x for x in options if x != c]
        elif kind == E.OPEN5:
            shown = [x for x in options if x != c]
        else:
            hands[me] = [x for x in hands[me] if x != c]
            batch_placed[me] += 1
        assert [[side_cards(st, s, r) for r in range(E.MAX_ROWS)] for s in range(2)] == board
        if kind in (E.DRAW1, E.SHARE2):
            assert sorted(pending(st)) == sorted(held)
        check_conservation(st)
        log.append(
            {
                "t": t,
                "mover": me,
                "options": sorted(options),
                "card": c,
                "row": row,
                "side": side,
                "dealt": dealt,
                "spaces": spaces,
            }
        )
    assert E._round_over(st) and st[E.TURN] == 8 * rows
    for seat in range(2):
        for row in range(E.MAX_ROWS):
            assert len(side_cards(st, seat, row)) == (4 if row < rows else 0)
            for side in range(2):
                assert not E._is_open_space(st, row, side)
    return log
