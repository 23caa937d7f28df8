"""Head to Head Poker engine: scripted rounds of every type, row scoring, chip and card
conservation, hidden information, and move valuation (rules §2.3-2.6, §2.8).

Seats are 0 and 1; F is the first mover (``FIRST``), D the dealer. Card codes are
``4 * rank + suit``. Scripted rounds use ``ORDERED_DRAWS`` so that every draw takes
the next card of a deck arranged by the test (see :mod:`h2h_script`).
"""

from __future__ import annotations

import eval7
import numpy as np
import pytest

from analyzer.cards import format_cards
from analyzer.games._lookahead import LOOKAHEAD, NO_LOOKAHEAD
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head import policies as P
from analyzer.games.head_to_head import rollout as R
from analyzer.games.head_to_head.tuned import HAND_SET, tuned_vector
from analyzer.sim.seeds import chunk_state
from h2h_script import (
    VECTORS,
    build_state,
    card,
    cards,
    check_conservation,
    crazy_blocker,
    deck,
    drive_round,
    hand,
    mask_to_set,
    open_cards,
    own_lowest_row,
    pending,
    scripted_round,
    side_cards,
    visible_cards,
)

# A Draw 1 board worked out by hand (commons 7s 5d 9c):
#   row 0: F 7h 7d Kc 2s + 7s = trips sevens   > D 7c Qd Qh 3c + 7s = sevens and queens
#   row 1: F Ah 2c 3d 4c + 5d = wheel (5 high) < D 2d 3h 4d 6c + 5d = six-high straight
#   row 2: F Ts Js Qs 8s + 9c = queen-high straight = D Td Jd Qc 8d + 9c (exact tie)
D1_COMMON = "7s 5d 9c"
D1_F = ["7h 7d Kc 2s", "Ah 2c 3d 4c", "Ts Js Qs 8s"]
D1_D = ["7c Qd Qh 3c", "2d 3h 4d 6c", "Td Jd Qc 8d"]


def d1_deck_order() -> list[int]:
    """F draws at even placements, D at odd ones; each fills row 0, then 1, then 2."""
    f = [c for row in D1_F for c in cards(row)]
    d = [c for row in D1_D for c in cards(row)]
    return [c for pair in zip(f, d) for c in pair]


def d1_round():
    return scripted_round(E.DRAW1, 3, D1_COMMON, format_cards(d1_deck_order()), first=0)


def seats_of(log):
    return [entry["mover"] for entry in log]


# -- 1. scripted rounds ---------------------------------------------------------------


@pytest.mark.jitless
def test_draw1_scripted_round():
    """Draw 1 (§2.4 die 1): turns F, D, F, ...; each turn draws the top card and places
    exactly it on the mover's own side; a side of a row closes at 4 cards; 24 placements
    with 3 rows; every card stays in one place. The hand-built board then scores
    trips > two pair, wheel < six-high straight, and a split row: $300 to each seat."""
    st = d1_round()
    order = d1_deck_order()
    log = drive_round(st, "FD" * 12, own_lowest_row())
    assert seats_of(log) == [0, 1] * 12
    assert [e["dealt"] for e in log] == [[c] for c in order]  # one card, the top one
    assert [e["options"] for e in log] == [[c] for c in order]
    assert [e["row"] for e in log] == [0] * 8 + [1] * 8 + [2] * 8
    # before its first card F may use any of its 3 rows, but never D's side
    assert log[0]["spaces"] == [(0, 0), (1, 0), (2, 0)]
    assert log[1]["spaces"] == [(0, 1), (1, 1), (2, 1)]
    # F's row 0 is full after placements 0, 2, 4, 6: closed from placement 8 on
    assert log[8]["spaces"] == [(1, 0), (2, 0)]
    assert log[23]["spaces"] == [(2, 1)]
    for row in range(3):
        assert side_cards(st, 0, row) == cards(D1_F[row])
        assert side_cards(st, 1, row) == cards(D1_D[row])
    assert [E._row_result(st, r) for r in range(3)] == [2, 0, 1]
    assert E._round_chips(st) == 300  # 200 + 0 + 100: the tied row is split
    assert st[E.TOP] == 3 + 24 and pending(st) == []


@pytest.mark.jitless
def test_share2_scripted_round():
    """Share 2 (§2.4 die 2): draw turns alternate F, D, so placements go F D | D F | ...
    The drawer sees 2 cards, places one, and the receiver must place the other at once,
    with nothing new drawn; 4k = 12 draw turns, 2k = 6 for each player, and each player
    places 4k = 12 cards. F is seat 1 here."""
    st = scripted_round(E.SHARE2, 3, "7s 5d 9c", "As 2c Kh 3d", first=1)
    log = drive_round(st, "FDDF" * 6, own_lowest_row(pick=max))  # keep the higher code
    assert seats_of(log)[:8] == [1, 0, 0, 1, 1, 0, 0, 1]
    # draw turn 1: F (seat 1) draws As 2c, places As, hands 2c to D, who places it
    assert log[0]["options"] == cards("2c As") and log[0]["dealt"] == cards("As 2c")
    assert (log[0]["card"], log[0]["side"]) == (card("As"), 1)
    assert log[1]["options"] == cards("2c") and log[1]["dealt"] == []
    assert (log[1]["mover"], log[1]["card"], log[1]["side"]) == (0, card("2c"), 0)
    # draw turn 2: the receiver D draws next: Kh 3d, keeps Kh, F must place 3d
    assert log[2]["dealt"] == cards("Kh 3d") and log[2]["card"] == card("Kh")
    assert (log[3]["mover"], log[3]["options"]) == (1, cards("3d"))
    drawers = [e["mover"] for e in log if e["t"] % 2 == 0]
    assert all(len(e["dealt"]) == 2 for e in log if e["t"] % 2 == 0)
    assert all(e["dealt"] == [] for e in log if e["t"] % 2 == 1)
    assert drawers.count(0) == drawers.count(1) == 6
    assert seats_of(log).count(0) == seats_of(log).count(1) == 12
    assert st[E.TOP] == 3 + 24 and pending(st) == []


@pytest.mark.jitless
def test_hold3_scripted_round():
    """Hold 3 (§2.4 die 3): each player holds 3 hidden cards; turns alternate F, D; a
    turn places one card from the hand, and the hand is refilled from the deck top
    (H-G9), so the mover always chooses among 3 cards; leftovers are dead."""
    order = "Ah Kh Qh 2d 3d 4d 5s 6s 7s"
    st = scripted_round(E.HOLD3, 3, "Tc Td Th", order, first=0)
    log = drive_round(st, "FD" * 12, own_lowest_row(pick=max))
    assert seats_of(log) == [0, 1] * 12
    assert sorted(log[0]["dealt"]) == sorted(cards("Ah Kh Qh 2d 3d 4d"))  # 3 + 3 dealt
    assert [e["dealt"] for e in log[1:4]] == [cards("5s"), cards("6s"), cards("7s")]
    assert all(len(e["options"]) == 3 for e in log)
    # F's first hand is 3 of the 6 first cards; he places its highest code
    assert log[0]["card"] == max(log[0]["options"])
    assert log[0]["card"] in cards("Ah Kh Qh 2d 3d 4d")
    # the refill goes to the player who just placed: F's next hand has the 5s
    assert card("5s") in log[2]["options"]
    assert len(hand(st, 0)) == 3 and len(hand(st, 1)) in (2, 3)  # D placed last
    dead = len(hand(st, 0)) + len(hand(st, 1))
    assert st[E.TOP] == 3 + 24 + dead  # every card drawn is on the board or dead in a hand


@pytest.mark.parametrize(
    "batch_rule, first, rows, schedule",
    [
        (E.BATCH_ALTERNATE, 1, 4, ("FD" * 4 + "DF" * 4) * 2),
        (E.BATCH_STRICT, 0, 3, "FD" * 12),
    ],
)
@pytest.mark.jitless
def test_play4_scripted_round(batch_rule, first, rows, schedule):
    """Play 4 (§2.4 die 4, H-G1): k batches of 8 placements; at each batch start both
    hands are empty and each player gets 4 new cards; within a batch nothing is drawn,
    turns alternate and the hands empty. The batch starter alternates F, D, F, D under
    ``alternate`` and is always F under ``strict``."""
    common = " ".join(["2c", "2d", "2h", "2s"][:rows])
    st = scripted_round(E.PLAY4, rows, common, "", first=first, batch_rule=batch_rule)
    log = drive_round(st, schedule, own_lowest_row(pick=min))
    starters = [log[8 * b]["mover"] for b in range(rows)]
    if batch_rule == E.BATCH_ALTERNATE:
        assert starters == [first, 1 - first, first, 1 - first][:rows]
    else:
        assert starters == [first] * rows
    for e in log:
        assert len(e["dealt"]) == (8 if e["t"] % 8 == 0 else 0)
        assert len(e["options"]) == 4 - (e["t"] % 8) // 2  # 4, 4, 3, 3, 2, 2, 1, 1
    assert hand(st, 0) == [] and hand(st, 1) == []
    assert st[E.TOP] == rows + 8 * rows


@pytest.mark.jitless
def test_open5_scripted_round():
    """Open 5 (§2.4 die 5): 5 open cards; each pick takes one of them; 5 new ones are
    turned up only when all 5 are used; picks alternate F, D, so the first picker of
    each set alternates. 24 picks with 3 rows use 5 sets and leave 1 card unused."""
    order = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"
    st = scripted_round(E.OPEN5, 3, "Ad Ah As", order, first=0)
    log = drive_round(st, "FD" * 12, own_lowest_row(pick=min))
    new_sets = [e["t"] for e in log if e["dealt"]]
    assert new_sets == [0, 5, 10, 15, 20]
    assert [log[t]["mover"] for t in new_sets] == [0, 1, 0, 1, 0]
    assert log[0]["options"] == cards("2c 3c 4c 5c 6c")
    assert log[4]["options"] == cards("6c")  # lowest card picked each time
    assert log[5]["options"] == cards("7c 8c 9c Tc Jc")
    assert [len(e["options"]) for e in log[:10]] == [5, 4, 3, 2, 1] * 2
    assert len(open_cards(st)) == 1 and st[E.TOP] == 3 + 25


@pytest.mark.parametrize("rows, sets, unused", [(3, 5, 1), (4, 7, 3), (5, 8, 0)])
@pytest.mark.jitless
def test_open5_set_counts(rows, sets, unused):
    """§2.4 die 5: 24/32/40 picks need 5/7/8 sets of 5 and leave 1/3/0 open cards."""
    st = E.new_state()
    rng = chunk_state(5, rows)
    E._start_round(st, E.OPEN5, 0, rows, 0, 0, 0, rng)
    P._play_out(st, np.zeros(2, np.int64), VECTORS, rng)
    assert st[E.TURN] == 8 * rows
    assert st[E.TOP] == rows + 5 * sets and len(open_cards(st)) == unused
    check_conservation(st)


@pytest.mark.parametrize(
    "kind, schedule, rows",
    [
        (E.DRAW1, "FD" * 12, 3),
        (E.SHARE2, "FDDF" * 6, 3),
        (E.HOLD3, "FD" * 16, 4),
        (E.PLAY4, "FD" * 4 + "DF" * 4 + "FD" * 4, 3),
        (E.OPEN5, "FD" * 12, 3),
    ],
)
@pytest.mark.jitless
def test_crazy_rounds(kind, schedule, rows):
    """Crazy (§2.4 die 6, H-G7): same schedule and cards as the base type, but every
    placement, the Share 2 handed card included, may go on either side; a full side is
    still closed and the round still ends after 8k placements with 4 cards per side.
    Draws here come from the random generator (not ordered)."""
    st = E.new_state()
    E._start_round(st, kind, 1, rows, 1, E.BATCH_ALTERNATE, 0, chunk_state(11, kind))
    log = drive_round(st, schedule, crazy_blocker(period=3), rng=chunk_state(12, kind))
    blocks = [e["t"] for e in log if e["side"] != e["mover"]]
    assert len(blocks) >= 2 * rows and 1 in blocks  # placement 1 went on the opponent's side
    # at the start every space of both sides is open to the mover
    assert log[0]["spaces"] == [(r, s) for r in range(rows) for s in range(2)]
    if kind == E.SHARE2:  # the handed card (placement 1) went on the drawer's side
        assert log[1]["options"] == [c for c in log[0]["options"] if c != log[0]["card"]]
        assert log[1]["side"] == log[0]["mover"]
    placed_by = seats_of(log)
    assert placed_by.count(0) == placed_by.count(1) == 4 * rows  # the schedule is unchanged


@pytest.mark.jitless
def test_crazy_draw1_block_is_scored_for_the_side_owner():
    """Crazy (§2.4 die 6): a card put on the opponent's side counts in the opponent's row
    hand. D spoils F's row: F holds 7h 7d Kc + 7s and D drops 2h into F's last slot."""
    st = build_state(
        E.DRAW1,
        3,
        first=0,
        crazy=1,
        common="7s 5d 9c",
        sides={
            (0, 0): "7h 7d Kc",
            (1, 0): "7c Qd Qh 3c",
            (0, 1): D1_F[1],
            (1, 1): D1_D[1],
            (0, 2): D1_F[2],
            (1, 2): D1_D[2],
        },
        deck_order="2h",
        ordered=True,
        turn=23,
    )
    assert E._mover(st) == 1
    E._prepare(st, chunk_state(1, 1))
    assert pending(st) == cards("2h")
    assert E._is_open_space(st, 0, 0) and not E._is_open_space(st, 0, 1)  # D's own row is full
    assert P._count_moves(st) == 1
    E._place(st, 0, 0, 0)
    assert side_cards(st, 0, 0) == cards("7h 7d Kc 2h")
    assert E._row_result(st, 0) == 2  # still F's trips sevens: beats D's two pair
    assert E._round_chips(st) == 300


# -- 2. row scoring -------------------------------------------------------------------


def one_row(common, p1, p2, tiebreak=E.TIEBREAK_STANDARD):
    return build_state(E.DRAW1, 1, common=common, sides={(0, 0): p1, (1, 0): p2}, tiebreak=tiebreak)


@pytest.mark.jitless
def test_row_scoring_shared_vector():
    """§2.3.6 / test vector: with common 7s, P1 7h 7d Kc 2s (trips sevens) beats P2
    7c Qd Qh 3c (two pair, sevens and queens); the common card counts for both."""
    st = one_row("7s", "7h 7d Kc 2s", "7c Qd Qh 3c")
    assert E._row_value(st, 0, 0) >> 20 == 4 and E._row_value(st, 1, 0) >> 20 == 3
    assert E._row_value(st, 0, 0) > E._row_value(st, 1, 0)
    assert E._row_result(st, 0) == 2


@pytest.mark.jitless
def test_row_scoring_wheel_is_the_lowest_straight():
    """H-G3: A-2-3-4-5 is five high and loses to 2-3-4-5-6; K-A-2-3-4 is no straight."""
    st = one_row("5d", "Ah 2c 3d 4c", "2d 3h 4d 6c")
    assert E._row_value(st, 0, 0) >> 20 == 5 and E._row_value(st, 1, 0) >> 20 == 5
    assert E._row_result(st, 0) == 0
    st = one_row("4d", "Kh Ac 2d 3c", "Qd Qh 5d 6c")
    assert E._row_value(st, 0, 0) >> 20 == 1  # ace-high, no wrap-around
    assert E._row_result(st, 0) == 0


@pytest.mark.jitless
def test_exact_tie_splits_the_row():
    """H-G5 / §2.6: an exact tie splits the $200 row: $100 each. Board 1: seat 0 wins row
    0, loses row 1, ties row 2 -> $300 each. Board 2: seat 0 wins rows 0 and 1 and ties
    row 2 (a high-card tie, suits differ) -> $500 to seat 0, $100 to seat 1."""
    sides = {(0, r): D1_F[r] for r in range(3)} | {(1, r): D1_D[r] for r in range(3)}
    st = build_state(E.DRAW1, 3, common=D1_COMMON, sides=sides)
    assert [E._row_result(st, r) for r in range(3)] == [2, 0, 1]
    assert E._round_chips(st) == 300
    sides = {
        (0, 0): "7h 7d Kc 2s",
        (1, 0): "7c Qd Qh 3c",
        (0, 1): "2d 3h 4d 6c",
        (1, 1): "Ah 2c 3d 4c",
        (0, 2): "As Jh 8c 4h",
        (1, 2): "Ac Js 8d 4s",
    }
    st = build_state(E.DRAW1, 3, common="7s 5d Kd", sides=sides)
    assert E._row_value(st, 0, 2) == E._row_value(st, 1, 2)
    assert [E._row_result(st, r) for r in range(3)] == [2, 2, 1]
    assert E._round_chips(st) == 500 and 3 * E.ROW_POT - E._round_chips(st) == 100


@pytest.mark.parametrize(
    "tiebreak, pair_result, two_pair_result",
    [
        (E.TIEBREAK_STANDARD, 0, 0),
        (E.TIEBREAK_LITERAL, 2, 2),
    ],
)
@pytest.mark.jitless
def test_tiebreak_literal_reading(tiebreak, pair_result, two_pair_result):
    """H-G2: read literally, the unpaired cards decide a pair/two-pair tie first, so
    2-2-A-K-Q beats A-A-K-Q-J and 3-3-2-2-A beats K-K-3-3-Q; the standard rule gives both
    rows to the higher pairs. Other categories are not affected."""
    st = one_row("Qd", "2c 2d Ac Kc", "Ah As Kh Jh", tiebreak)  # 2-2-A-K-Q vs A-A-K-Q-J
    assert E._row_value(st, 0, 0) >> 20 == 2 and E._row_value(st, 1, 0) >> 20 == 2
    assert E._row_result(st, 0) == pair_result
    st = one_row("3s", "2c 2d 3c Ah", "Kc Kd 3d Qh", tiebreak)  # 3-3-2-2-A vs K-K-3-3-Q
    assert E._row_value(st, 0, 0) >> 20 == 3 and E._row_value(st, 1, 0) >> 20 == 3
    assert E._row_result(st, 0) == two_pair_result
    st = one_row("7s", "7h 7d Kc 2s", "7c Qd Qh 3c", tiebreak)  # trips still beat two pair
    assert E._row_result(st, 0) == 2
    st = one_row("Qd", "Ac Kc 9h 8h", "As Ks 9d 7d", tiebreak)  # high card: unchanged
    assert E._row_result(st, 0) == 2
    st = one_row("Qd", "Ac Ah Kc 9h", "As Ad Ks 9d", tiebreak)  # equal pairs and kickers
    assert E._row_result(st, 0) == 1


@pytest.mark.jitless
def test_row_value_orders_like_eval7():
    """§2.5 ranking (standard tie-break): on 4,000 random complete rows the order of the
    two sides (>, <, ==) agrees with eval7. A quarter of the rows are dealt from 6 random
    ranks only, so that pairs, two pairs, trips and full houses are common, and a quarter
    give seat 1 the ranks of seat 0 in other suits, so that ties are common."""
    gen = np.random.default_rng(20260101)
    st = one_row("2c", "3c 4c 5c 6c", "3d 4d 5d 6d")
    names = [format_cards([c]) for c in range(52)]
    e7 = [eval7.Card(n) for n in names]
    outcomes = np.zeros(3, int)
    for i in range(4000):
        if i % 4 == 1:
            ranks = gen.choice(13, 6, replace=False)
            pool = np.array([4 * r + s for r in ranks for s in range(4)])
        else:
            pool = np.arange(52)
        nine = gen.choice(pool, 9, replace=False)
        while i % 4 == 3:  # seat 1: seat 0's ranks, each in the next suit up
            nine[5:9] = (nine[1:5] & ~3) | ((nine[1:5] + 1) & 3)
            if len(set(nine.tolist())) == 9:
                break
            nine = gen.choice(pool, 9, replace=False)
        st[E.COMMON] = nine[0]
        st[E.BOARD : E.BOARD + 4] = nine[1:5]  # seat 0, row 0
        st[E.BOARD + 4 * E.MAX_ROWS : E.BOARD + 4 * E.MAX_ROWS + 4] = nine[5:9]  # seat 1, row 0
        ours = E._row_value(st, 0, 0), E._row_value(st, 1, 0)
        theirs = (
            eval7.evaluate([e7[c] for c in (nine[0], *nine[1:5])]),
            eval7.evaluate([e7[c] for c in (nine[0], *nine[5:9])]),
        )
        want = (theirs[0] > theirs[1]) - (theirs[0] < theirs[1])
        got = int(ours[0] > ours[1]) - int(ours[0] < ours[1])  # numpy values under NUMBA_DISABLE_JIT
        assert got == want, format_cards(nine)
        assert E._row_result(st, 0) == want + 1
        outcomes[want + 1] += 1
    assert outcomes.min() > 100  # wins, losses and ties all exercised


# -- 3. conservation over many games --------------------------------------------------


def check_game(out, fixed_kind, fixed_crazy):
    assert out[0] + out[1] == 2400  # 12 row pots of $200
    assert out[0] == out[5] + out[8] + out[11]
    for r in range(3):
        kind, crazy, won = out[3 + 3 * r], out[4 + 3 * r], out[5 + 3 * r]
        assert 1 <= kind <= 5 and crazy in (0, 1)
        if fixed_kind:
            assert (kind, crazy) == (fixed_kind, fixed_crazy)
        assert won % 100 == 0 and 0 <= won <= 200 * (r + 3)
    if out[0] != out[1]:
        assert out[2] == (0 if out[0] > out[1] else 1)
    else:
        assert out[2] in (0, 1)


@pytest.mark.parametrize("kinds", [(0, 0), (0, 1), (1, 0), (1, 1)])
@pytest.mark.jitless
def test_play_game_conserves_chips(kinds):
    """§2.6: each game pays out 12 row pots ($2,400) between the two seats; each round
    pays multiples of $100 (ties split) up to $200 per row; the higher total wins, and
    the card-draw tie-break decides only equal totals (H-G6). Rounds rolled on the die
    (§2.4: a 6 makes the round Crazy) and every fixed type, Crazy or not."""
    params = np.zeros((2, 3), np.int64)
    params[:, 0] = kinds
    st = E.new_state()
    out = np.zeros(R.GAME_WIDTH, np.int64)
    deal = chunk_state(31, kinds[0] * 2 + kinds[1])
    policy_rngs = np.stack([chunk_state(32, 0), chunk_state(32, 1)])
    ties, rolled = 0, []
    modes = [(0, 0)] * 60 + [(k, c) for k in range(1, 6) for c in (0, 1) for _ in range(4)]
    for game, (fixed_kind, fixed_crazy) in enumerate(modes):
        R._play_game(st, fixed_kind, fixed_crazy, game % 2, 0, params, VECTORS, deal, policy_rngs, out, NO_LOOKAHEAD)
        check_game(out, fixed_kind, fixed_crazy)
        ties += out[0] == out[1]
        if not fixed_kind:
            rolled += [(out[3 + 3 * r], out[4 + 3 * r]) for r in range(3)]
        assert st[E.TURN] == 40 and st[E.ROWS] == 5  # round 3 played to the end
        if out[0] != out[1]:
            check_conservation(st)
        else:  # the tie-break drew cards off the deck: they are all still in DECK
            assert sorted(st[E.DECK : E.DECK + 52]) == list(range(52))
    assert {k for k, _ in rolled} == {1, 2, 3, 4, 5}
    crazy_share = sum(c for _, c in rolled) / len(rolled)
    assert 0.05 < crazy_share < 0.35  # a first roll of 6 (1/6) makes the round Crazy
    if kinds == (0, 0):
        assert ties > 0  # the tie-break path was exercised


def test_play_game_with_rollout_seat():
    """§2.6 chip conservation with a rollout player (2 rollouts over greedy) against greedy."""
    params = np.array([[2, 2, 1], [1, 0, 0]], np.int64)
    st = E.new_state()
    out = np.zeros(R.GAME_WIDTH, np.int64)
    policy_rngs = np.stack([chunk_state(41, 0), chunk_state(41, 1)])
    for game in range(2):
        R._play_game(st, 0, 0, 0, 0, params, VECTORS, chunk_state(40, game), policy_rngs, out, LOOKAHEAD)
        check_game(out, 0, 0)


def test_the_game_kernel_without_lookahead_plays_base_players_alike():
    """With ``NO_LOOKAHEAD`` Numba drops the lookahead branch of ``_policy_move`` as it compiles
    (what greedy, tuned and random players run); the game is the one the full kernel plays:
    the same chips, round types and winners, game after game on the same streams."""
    vectors = np.stack([HAND_SET, tuned_vector()])
    for kinds in ((P.RANDOM, P.GREEDY), (P.TUNED, P.RANDOM), (P.GREEDY, P.TUNED)):
        params = np.array([[k, 0, 0] for k in kinds], np.int64)
        played = {}
        for flag in (LOOKAHEAD, NO_LOOKAHEAD):
            st, out = E.new_state(), np.zeros(R.GAME_WIDTH, np.int64)
            deal, rngs = chunk_state(61, kinds[0]), np.stack([chunk_state(62, 0), chunk_state(62, 1)])
            games = []
            for _ in range(30):
                R._play_game(st, 0, 0, 0, 0, params, vectors, deal, rngs, out, flag)
                games.append(out.tolist())
            played[flag] = games
        assert played[LOOKAHEAD] == played[NO_LOOKAHEAD]
        assert len({tuple(g) for g in played[LOOKAHEAD]}) > 20  # the games differ from one another


@pytest.mark.parametrize("kind", [E.DRAW1, E.SHARE2, E.HOLD3, E.PLAY4, E.OPEN5])
@pytest.mark.jitless
def test_play_round_conserves_cards(kind):
    """§2.3: every round of every type, Crazy or not, with 3, 4, 5 rows and both Play 4
    batch rules, ends after 8k placements with 4 cards on each side of each active row,
    no card in two places, and seat 0's chips = $100 x its halves of the rows."""
    st = E.new_state()
    deal = chunk_state(50, kind)
    policy_rngs = np.stack([chunk_state(51, 0), chunk_state(51, 1)])
    for params in (np.array([[0, 0, 0], [1, 0, 0]]), np.array([[1, 0, 0], [0, 0, 0]])):
        for crazy in (0, 1):
            for rows in (3, 4, 5):
                for batch_rule in (E.BATCH_ALTERNATE, E.BATCH_STRICT):
                    E._start_round(st, kind, crazy, rows, rows % 2, batch_rule, 0, deal)
                    R._play_round(st, params, VECTORS, deal, policy_rngs, NO_LOOKAHEAD)
                    assert st[E.TURN] == 8 * rows and E._round_over(st)
                    check_conservation(st)
                    for seat in range(2):
                        for row in range(5):
                            assert len(side_cards(st, seat, row)) == (4 if row < rows else 0)
                    chips = E._round_chips(st)
                    assert chips == 100 * sum(E._row_result(st, r) for r in range(rows))
                    assert 0 <= chips <= 200 * rows


@pytest.mark.jitless
def test_dealer_alternates_between_rounds():
    """§2.2.3 / §2.3: the deal alternates each round, so the first mover is seat 0 in
    rounds 1 and 3 and seat 1 in round 2, with 3, 4, 5 rows. Replaying the game round by
    round with the same random streams and these first movers gives the same chips."""
    params = np.array([[1, 0, 0], [0, 0, 0]], np.int64)
    for game in range(10):
        out = np.zeros(R.GAME_WIDTH, np.int64)
        rngs = np.stack([chunk_state(70, 0), chunk_state(70, 1)])
        R._play_game(E.new_state(), 0, 0, 0, 0, params, VECTORS, chunk_state(71, game), rngs.copy(), out, NO_LOOKAHEAD)
        deal, st, chips = chunk_state(71, game), E.new_state(), []
        for r, first in enumerate((0, 1, 0)):
            kind, crazy = R._round_type(0, 0, deal)
            E._start_round(st, kind, crazy, r + 3, first, 0, 0, deal)
            R._play_round(st, params, VECTORS, deal, rngs, NO_LOOKAHEAD)
            chips.append(E._round_chips(st))
            assert (out[3 + 3 * r], out[4 + 3 * r]) == (kind, crazy)
        assert [out[5], out[8], out[11]] == chips


@pytest.mark.jitless
def test_round_type_die():
    """§2.4: the die picks the type (1-5 uniform); a 6 makes the round Crazy and is
    rerolled until 1-5, so P(Crazy) = 1/6; a fixed type is used as given."""
    rng = chunk_state(80, 0)
    assert R._round_type(4, 1, rng) == (4, 1) and R._round_type(2, 0, rng) == (2, 0)
    n = 30000
    kinds = np.zeros(7, int)
    crazy = 0
    for _ in range(n):
        k, c = R._round_type(0, 0, rng)
        kinds[k] += 1
        crazy += c
    assert kinds[0] == 0 and kinds[6] == 0
    assert np.all(np.abs(kinds[1:6] / n - 0.2) < 0.015)
    assert abs(crazy / n - 1 / 6) < 0.015


@pytest.mark.jitless
def test_end_of_game_card_draw():
    """§2.6 / H-G6: on equal totals each player draws from the remaining deck; the higher
    rank wins, ace high; equal ranks redraw. Seat 0 draws first: 5c vs 5d redraw, then
    Kh vs As: the ace wins for seat 1; Ah vs Kd: seat 0."""
    for order, winner in (("5c 5d Kh As", 1), ("Ah Kd", 0), ("2c 3c", 1), ("Td 9s", 0)):
        st = build_state(E.DRAW1, 3, common="7s 7d 7h", deck_order=order, ordered=True)
        assert R._card_draw_winner(st, chunk_state(81, 0)) == winner
        assert st[E.TOP] == 3 + len(cards(order))


# -- 4. hidden information ------------------------------------------------------------


def reach(kind, rows, turn, seed, crazy=0, first=0):
    """A round of ``kind`` after ``turn`` random placements, prepared for the next one."""
    st = E.new_state()
    deal, pol = chunk_state(seed, 0), chunk_state(seed, 1)
    E._start_round(st, kind, crazy, rows, first, E.BATCH_ALTERNATE, 0, deal)
    for _ in range(turn):
        E._prepare(st, deal)
        E._place(st, *P._random_move(st, pol))
    E._prepare(st, deal)
    return st


def rearranged(st, seed):
    """The same position with the cards the mover has not seen dealt differently: the
    opponent's hidden hand and the undealt deck are one shuffled pool."""
    other = 1 - E._mover(st)
    opp = hand(st, other)
    pool = opp + deck(st)
    gen = np.random.default_rng(seed)
    while True:
        new = [int(c) for c in gen.permutation(pool)]
        if new[len(opp) :] != deck(st) and (not opp or set(new[: len(opp)]) != set(opp)):
            break
    out = st.copy()
    out[E.HAND + 4 * other : E.HAND + 4 * other + len(opp)] = new[: len(opp)]
    out[E.DECK + st[E.TOP] : E.DECK + st[E.END]] = new[len(opp) :]
    check_conservation(out, dealt=False)
    assert visible_cards(out, E._mover(st)) == visible_cards(st, E._mover(st))
    return out


POSITIONS = [  # (kind, rows, placements made, crazy)
    (E.HOLD3, 3, 0, 0),
    (E.HOLD3, 4, 9, 0),
    (E.HOLD3, 5, 30, 1),
    (E.HOLD3, 5, 36, 0),
    (E.PLAY4, 4, 0, 0),
    (E.PLAY4, 4, 3, 1),
    (E.PLAY4, 4, 10, 0),
    (E.PLAY4, 5, 29, 0),
    (E.DRAW1, 3, 0, 0),
    (E.DRAW1, 4, 13, 1),
    (E.DRAW1, 5, 35, 0),
    (E.SHARE2, 4, 6, 0),
    (E.SHARE2, 4, 9, 1),
    (E.OPEN5, 4, 12, 0),
]


@pytest.mark.parametrize("kind, rows, turn, crazy", POSITIONS)
def test_policies_never_read_hidden_cards(kind, rows, turn, crazy):
    """§2.4 information model: hands in Hold 3 and Play 4 are hidden and the deck order
    is hidden in every type. Two positions that differ only in the opponent's hidden
    hand and the undealt deck look the same to the mover, so with the same random
    stream greedy, random, rollout, search and ismcts players must make the same move (and use
    the same amount of randomness)."""
    st = reach(kind, rows, turn, seed=100 + turn, crazy=crazy)
    moves = P._count_moves(st)
    assert moves > 1
    cheat_differs = False
    for k in range(2):
        other = rearranged(st, seed=k)
        assert (st != other).any()
        # the rearrangement matters: rollouts on the real hidden cards (what a cheating
        # player would compute) value the moves differently in the two copies
        cheat = [np.zeros((moves, R.TALLY_WIDTH), np.int64) for _ in range(2)]
        for pos, tally in zip((st, other), cheat):
            R._score_moves(pos, np.ones(2, np.int64), VECTORS, chunk_state(9, k), np.empty_like(st), tally, 1)
        cheat_differs |= bool((cheat[0] != cheat[1]).any())
        assert P._greedy_move(st) == P._greedy_move(other)
        for seed in range(3):
            a, b = chunk_state(7, seed), chunk_state(7, seed)
            assert P._random_move(st, a) == P._random_move(other, b)
            assert (a == b).all()
        for player, params in (
            (R._lookahead_move, np.array([2, 8, 1])),
            (R._lookahead_move, np.array([2, 4, 0])),
            (R._lookahead_move, np.array([P.SEARCH, 64, P.TUNED])),
            (R._lookahead_move, np.array([P.ISMCTS, 64, P.TUNED])),
            (R._lookahead_move, np.array([P.ISMCTS_PURE, 64, P.TUNED])),
        ):
            a, b = chunk_state(8, k), chunk_state(8, k)
            move = player(st, params, VECTORS[0], a)
            assert move == player(other, params, VECTORS[0], b)
            assert (a == b).all()
            assert 0 <= move[0] < E._choice_slice(st)[1] and E._is_open_space(st, move[1], move[2])
    assert cheat_differs


@pytest.mark.parametrize("kind, rows, turn, crazy", POSITIONS)
@pytest.mark.jitless
def test_resample_hidden_uses_only_unseen_cards(kind, rows, turn, crazy):
    """§2.4 information model: ``seen_mask`` is exactly what the viewer has seen, and
    ``resample_hidden`` redeals only the opponent's hand, unseen drawn cards and the
    deck, from the cards the viewer has not seen, leaving everything visible as it is."""
    st = reach(kind, rows, turn, seed=100 + turn, crazy=crazy)
    dst = E.new_state()
    for viewer in (0, 1):
        seen = visible_cards(st, viewer)
        assert mask_to_set(E._seen_mask(st, viewer)) == seen
        other = 1 - viewer
        pending_seen = set(pending(st)) <= seen
        opp_hands = set()
        for seed in range(6):
            E._resample_hidden(st, dst, viewer, chunk_state(60, seed))
            hidden = hand(dst, other) + deck(dst) + ([] if pending_seen else pending(dst))
            assert not set(hidden) & seen, "a seen card was dealt as hidden"
            assert sorted(hidden) == sorted(set(range(52)) - seen)  # each unseen card once
            assert len(hand(dst, other)) == len(hand(st, other))
            assert (dst[: E.HAND] == st[: E.HAND]).all()  # header, commons, board, counts
            assert hand(dst, viewer) == hand(st, viewer) and open_cards(dst) == open_cards(st)
            if pending_seen:
                assert pending(dst) == pending(st)
            opp_hands.add(tuple(sorted(hand(dst, other))))
        if hand(st, other):
            assert len(opp_hands) > 1  # the hidden hand really is redealt


@pytest.mark.jitless
def test_resample_hidden_skips_known_out_cards():
    """§2.4 / position input: cards known to be out of play (``KNOWN_OUT``) count as
    seen, so they are dealt neither to the opponent's hand nor into the deck."""
    st = reach(E.HOLD3, 4, 7, seed=3)
    out_cards = deck(st)[:3]
    st[E.KNOWN_OUT] = sum(1 << c for c in out_cards)
    me = E._mover(st)
    dst = E.new_state()
    for seed in range(5):
        E._resample_hidden(st, dst, me, chunk_state(61, seed))
        assert not set(out_cards) & set(hand(dst, 1 - me) + deck(dst))
        assert len(deck(dst)) == len(deck(st)) - 3


# -- 5. move values -------------------------------------------------------------------


@pytest.mark.jitless
def test_sample_moves_last_draw1_placement():
    """§2.3/§2.6 at the last placement of the hand-built Draw 1 round (nothing hidden is
    left): the single move (D's 8d on row 2) is worth, from D's (seat 1) side, row halves
    0 (row 0 lost), 2 (row 1 won), 1 (row 2 tied); only row 2 is still open, so the
    total is 1. Every trial gives the same values."""
    st = d1_round()
    rng = chunk_state(1, 0)
    for _ in range(23):
        E._prepare(st, rng)
        E._place(st, 0, min(r for r in range(3) if E._is_open_space(st, r, E._mover(st))), E._mover(st))
    E._prepare(st, rng)
    assert E._mover(st) == 1 and pending(st) == cards("8d") and P._count_moves(st) == 1
    for kinds in (np.zeros(2, np.int64), np.ones(2, np.int64)):
        tallies = np.zeros((1, R.TALLY_WIDTH), np.int64)
        R._sample_moves(st, kinds, VECTORS, chunk_state(2, 0), 3, tallies)
        halves = [0, 2, 1, 0, 0]
        assert list(tallies[0]) == [3 * 1, 3 * 1] + [3 * h for h in halves] + [3 * h * h for h in halves]
    done = st.copy()
    E._place(done, 0, 2, 1)
    assert [2 - E._row_result(done, r) for r in range(3)] == [0, 2, 1]


SHARE2_END = {  # 22 placements made: D (seat 1) draws the last two cards
    "common": "As Ts Jh",
    "sides": {
        (0, 0): "Ad Ah Kc Kd",
        (1, 0): "2c 3c 4c 5c",  # full house > wheel
        (0, 1): "9d 8d 7d 6d",
        (1, 1): "9s 8s 7s 6h",  # ten-high straights: tie
        (0, 2): "Qs Qd 4s",
        (1, 2): "2h 5h 8h",
    },  # row 2 open on both sides
    "drawn": "Qc 3h",
}


@pytest.mark.parametrize("crazy", [0, 1])
@pytest.mark.jitless
def test_score_moves_share2_last_draw_turn(crazy):
    """§2.4 Share 2 at the last draw turn (placement 22 of 24, 3 rows): D holds Qc and 3h,
    one space is left on each side of row 2 (Jh common), and the receiver F must put the
    other card in the last space, so every move's value is exact:
      3h on D's row (heart flush) + Qc to F (trip queens) -> D wins row 2: 2 halves;
      Qc on D's row (queen high) + 3h to F (pair of queens) -> F wins: 0;
    and in Crazy, D may place on F's side, which gives F the other card's effect:
      3h on F's row -> F pair, D gets Qc: F wins: 0;  Qc on F's row -> trips, D flush: 2.
    Rows 0 (lost) and 1 (tied) are complete: halves 0 and 1, not in the total."""
    st = build_state(E.SHARE2, 3, first=0, crazy=crazy, **SHARE2_END)
    assert st[E.TURN] == 22 and E._mover(st) == 1 and E._mover_at(st, 23) == 0
    E._prepare(st, chunk_state(0, 0))  # nothing to draw: the two cards are already drawn
    assert pending(st) == cards("Qc 3h") and st[E.TOP] == 27
    moves = P._count_moves(st)
    assert moves == 2 * (1 + crazy)
    expect = {(card("3h"), 1): 2, (card("Qc"), 1): 0, (card("3h"), 0): 0, (card("Qc"), 0): 2}
    values = []
    for m in range(moves):
        choice, row, side = P._move_at(st, m)
        assert row == 2
        values.append(expect[(pending(st)[choice], side)])
    for kinds in (np.zeros(2, np.int64), np.ones(2, np.int64)):
        tallies = np.zeros((moves, R.TALLY_WIDTH), np.int64)
        work = np.empty_like(st)
        R._score_moves(st, kinds, VECTORS, chunk_state(3, 0), work, tallies, 5)
        for m, v in enumerate(values):
            halves = [0, 1, v, 0, 0]
            assert list(tallies[m]) == [5 * v, 5 * v * v] + [5 * h for h in halves] + [5 * h * h for h in halves]
        sampled = np.zeros((moves, R.TALLY_WIDTH), np.int64)
        R._sample_moves(st, kinds, VECTORS, chunk_state(4, 0), 4, sampled)
        assert (sampled * 5 == tallies * 4).all()  # nothing hidden: every trial is the same
    choice, row, side = R._lookahead_move(st, np.array([2, 2, 0]), VECTORS[0], chunk_state(5, 0))
    assert expect[(pending(st)[choice], side)] == 2
    # the hand results by hand, through row_result after both placements
    done = st.copy()
    E._place(done, pending(done).index(card("3h")), 2, 1)
    E._place(done, 0, 2, 0)
    assert side_cards(done, 1, 2) == cards("2h 5h 8h 3h") and side_cards(done, 0, 2) == cards("Qs Qd 4s Qc")
    assert [E._row_result(done, r) for r in range(3)] == [2, 1, 0]


# Two last slots whose winner depends only on the rank of the card that fills them:
#   row 0 (8s): F 2c 4d 6h + X  vs  D 3c 5d 7h 9c = 9-high: F wins iff X pairs (2 4 6 8)
#               or is ten or higher; X = 3, 5, 7, 9 loses;
#   row 1 (8c): D 2d 4h 6c + Y  vs  F 3d 5h 7c 9d: the same with the seats swapped;
#   row 2 (Ah): D (to move, Td drawn) fills its last slot; F holds Kc Kd Qc Qd.
# From placement 21 of 24 with greedy play-outs, after D's move the play-out deals X to F
# (placement 22) and Y to D (placement 23): the first and second random draws.
CORRELATION_BOARD = {
    "common": "8s 8c Ah",
    "drawn": "Td",
    "sides": {
        (0, 0): "2c 4d 6h",
        (1, 0): "3c 5d 7h 9c",
        (0, 1): "3d 5h 7c 9d",
        (1, 1): "2d 4h 6c",
        (0, 2): "Kc Kd Qc Qd",
        (1, 2): "Jc Jd Tc",
    },
}


def test_sample_moves_trials_are_independent():
    """Monte Carlo trials of ``sample_moves`` (hence ``rollout_move`` and the placement
    values with their iid standard errors) must be independent samples of the hidden
    cards: here, whether trial i's second dealt card Y wins row 1 must not predict
    whether trial i+1's first dealt card X wins row 0. (Regression: trials once replayed
    the previous trial's stream shifted by one output, and agreed ~80% of the time
    against ~60% for independent trials.)"""
    st = build_state(E.DRAW1, 3, first=0, **CORRELATION_BOARD)
    assert st[E.TURN] == 21 and E._mover(st) == 1
    moves = P._count_moves(st)
    m = [P._move_at(st, i) for i in range(moves)].index((0, 2, 1))  # Td to D's row 2
    kinds = np.ones(2, np.int64)  # greedy base: the play-out uses the stream only to deal
    n = 1500
    rng = chunk_state(5, 0)
    per_trial = np.zeros((n, moves, R.TALLY_WIDTH), np.int64)
    for i in range(n):  # one trial at a time, continuing the same stream ...
        R._sample_moves(st, kinds, VECTORS, rng, 1, per_trial[i])
    together = np.zeros((moves, R.TALLY_WIDTH), np.int64)
    R._sample_moves(st, kinds, VECTORS, chunk_state(5, 0), n, together)
    assert (per_trial.sum(axis=0) == together).all()  # ... is exactly one n-trial call
    x_wins = 1 - per_trial[:, m, 2] // 2  # F took row 0 with X (D's halves are 0)
    y_wins = per_trial[:, m, 3] // 2  # D took row 1 with Y
    px, py = x_wins.mean(), y_wins.mean()
    independent = px * py + (1 - px) * (1 - py)  # P(same outcome) for independent trials
    assert abs((y_wins == x_wins).mean() - independent) < 0.05  # within a trial: fine
    assert abs((y_wins[:-2] == x_wins[2:]).mean() - independent) < 0.05  # two apart: fine
    # one trial apart: the case the regression broke
    assert abs((y_wins[:-1] == x_wins[1:]).mean() - independent) < 0.05
