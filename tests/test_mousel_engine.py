"""Mousel: one deal's play, settlement, exact search and advice (rules §6.5, M-1..M-10).

Every expected answer here comes from the rules text, not from the engine:

* Scripted deals played trick by trick through :class:`MouselDeal`: follow suit; void,
  trump if able (any trump: no duty to over-trump); void without trumps, any card; the
  highest trump wins, else the highest card of the led suit (ace high); seats that did
  not go along are skipped; the first participant leads the first trick (M-6), whoever
  declared; then the trick winner leads.
* A pure-Python referee (:mod:`mousel_referee`, shared with
  ``test_whist_mousel_analysis.py``: legal cards, trick winner, settlement) played side by
  side with ``MouselDeal`` on random deals of 3..8 seats with random participants.
* Settlement worked by hand: pot P (stakes included), each trick pays P/4 (M-3); a
  declarer with 1 trick pays P ("bet"), with none 2P ("mouselbet"); any other
  participant without a trick pays P (M-5); penalties are based on P before the payout and
  go to the next deal's pot (M-4); ``fail_mode="keep"``: the pot is not paid out when the
  declarer fails and stays for the next deal. Chips per seat include the stake paid.
  Conservation: the players' total change plus the pot's change is zero, i.e.
  ``sum(chips) + next_pot == P - stake * participants`` (the pot carried in before the
  stakes), in both fail modes.
* Exact play (alpha-beta ``search``) against the referee's brute-force minimax over the
  full tree (no pruning): the declarer maximizes his tricks, every other participant
  minimizes them.
* Input errors and a small reproducible ``advise`` run.

Cards in the referee are plain strings ("As"): rank "23456789TJQKA" (ace high), suit
"cdhs"; the engine's card codes are not used for the expected answers.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from analyzer.cards import CardError
from analyzer.games.mousel import engine as E
from analyzer.games.mousel import policies as P
from analyzer.games.mousel.advise import _deal_table, advise
from analyzer.games.mousel.deal import NO_GAME, MouselDeal, _run_deal
from analyzer.games.mousel.rules import MouselRules
from analyzer.sim.seeds import chunk_state
from mousel_referee import DECK, RANKS, SUITS, Referee, minimax

# -- driving MouselDeal and the referee side by side --------------------------------------


def cards_of(text: str) -> set[str]:
    return set(text.split())


def random_deal(rnd: random.Random, players: int, participants: int):
    """Hands (strings, "" for seats not along), the trump card, a declarer."""
    cards = rnd.sample(DECK, 4 * participants + 1)
    trump_card = cards.pop()
    seats = sorted(rnd.sample(range(players), participants))
    hands = [[] for _ in range(players)]
    for i, s in enumerate(seats):
        hands[s] = cards[4 * i : 4 * i + 4]
    return hands, trump_card, rnd.choice(seats)


def pair(hands, trump_card, declarer):
    return MouselDeal([" ".join(h) for h in hands], trump_card, declarer), Referee(hands, trump_card, declarer)


def play_checked(deal: MouselDeal, ref: Referee, card: str) -> None:
    assert deal.turn == ref.turn
    assert cards_of(deal.legal()) == ref.legal()
    deal.play(card)
    ref.play(card)
    assert deal.tricks == ref.tricks
    assert deal.done == ref.done


def script(deal: MouselDeal, tricks: list[tuple[list[tuple[int, str, str]], int, list[int]]]) -> None:
    """Play ``tricks``: each a list of (seat on turn, legal cards, card played), the
    trick's winner, and the trick counts per seat after it."""
    for plays, winner, counts in tricks:
        for seat, legal, card in plays:
            assert deal.turn == seat
            assert cards_of(deal.legal()) == cards_of(legal)
            deal.play(card)
        assert deal.tricks == counts
        assert deal.done == (sum(counts) == 4)
        if not deal.done:
            assert deal.turn == winner  # the winner leads the next trick


# -- 1. scripted deals ---------------------------------------------------------------------


@pytest.mark.jitless
def test_scripted_skips_non_participants_first_participant_leads_and_no_over_trump_duty():
    # 5 seats; seats 0 and 3 do not go along. Seat 1, the first participant, leads (M-6)
    # although seat 2 declared. Trumps: hearts (2h turned up). Order 1 -> 2 -> 4 -> 1.
    deal = MouselDeal(["", "As Ks Kd 5c", "Qh 4h 9d 8c", "", "Ah 3h Jc 7d"], "2h", 2)
    assert deal.turn == 1 and not deal.done and deal.tricks == [0] * 5
    script(
        deal,
        [
            # spade lead; seats 2 and 4 are void in spades and must trump. Seat 4 may under-
            # trump with 3h though he could over-trump Qh with Ah (no duty to over-trump).
            ([(1, "As Ks Kd 5c", "As"), (2, "Qh 4h", "Qh"), (4, "Ah 3h", "3h")], 2, [0, 0, 1, 0, 0]),
            # seat 2 won and leads; seat 4 follows, then back round past seat 0 to seat 1.
            ([(2, "4h 9d 8c", "9d"), (4, "7d", "7d"), (1, "Kd", "Kd")], 1, [0, 1, 1, 0, 0]),
            ([(1, "Ks 5c", "Ks"), (2, "4h", "4h"), (4, "Ah", "Ah")], 4, [0, 1, 1, 0, 1]),
            ([(4, "Jc", "Jc"), (1, "5c", "5c"), (2, "8c", "8c")], 4, [0, 1, 1, 0, 2]),
        ],
    )
    assert deal.done
    # declarer seat 2 took 1 trick: "bet", pays P. Pot P = 4 (3 stakes + 1 carried).
    chips, next_pot = deal.settle(4.0, 1.0)
    assert chips == pytest.approx([0.0, 1 - 1, 1 - 1 - 4, 0.0, 2 - 1])
    assert next_pot == pytest.approx(4.0)


@pytest.mark.jitless
def test_scripted_void_without_trumps_any_card_and_led_suit_beats_higher_offsuit():
    # 3 seats, trumps spades (5s turned up); seat 1 declares but seat 0 (forehand) leads.
    deal = MouselDeal(["2c Kh 9d 3s", "Ad Ah Qd Jh", "3c 7c 6s Th"], "5s", 1)
    assert deal.turn == 0
    script(
        deal,
        [
            # seat 1 is void in clubs and holds no trump: any card. His ace of diamonds does not
            # win a club trick: the 3c (highest club) does.
            ([(0, "2c Kh 9d 3s", "2c"), (1, "Ad Ah Qd Jh", "Ad"), (2, "3c 7c", "3c")], 2, [0, 0, 1]),
            ([(2, "7c 6s Th", "Th"), (0, "Kh", "Kh"), (1, "Jh Ah", "Ah")], 1, [0, 1, 1]),
            # seat 2 is void in diamonds: he must trump (6s), not throw the 7c.
            ([(1, "Qd Jh", "Qd"), (2, "6s", "6s"), (0, "9d", "9d")], 2, [0, 1, 2]),
            # a low trump (3s) beats the led clubs.
            ([(2, "7c", "7c"), (0, "3s", "3s"), (1, "Jh", "Jh")], 0, [1, 1, 2]),
        ],
    )
    # declarer with 1 trick: bet. P = 8 (3 stakes + 5 carried).
    chips, next_pot = deal.settle(8.0, 1.0, "payout")
    assert chips == pytest.approx([2 - 1, 2 - 1 - 8, 4 - 1])
    assert next_pot == pytest.approx(8.0)
    # keep: the declarer failed, so the pot is not paid out and stays, plus the penalty.
    chips, next_pot = deal.settle(8.0, 1.0, "keep")
    assert chips == pytest.approx([-1, -1 - 8, -1])
    assert next_pot == pytest.approx(16.0)


@pytest.mark.jitless
def test_scripted_illegal_cards_are_refused():
    deal = MouselDeal(["As Ks Kd 5c", "Qh 4h 9d 8c", "Ah 3h Jc 7d"], "2h", 0)
    with pytest.raises(ValueError):
        deal.play("Qh")  # not on turn's hand (seat 0)
    deal.play("As")
    with pytest.raises(ValueError):
        deal.play("9d")  # seat 1 is void in spades and holds trumps: must trump
    with pytest.raises(ValueError):
        deal.play("As")  # already played
    deal.play("4h")  # under-trumping is fine
    with pytest.raises(ValueError):
        deal.play("Jc")  # seat 2 must trump too
    deal.play("3h")
    assert deal.tricks == [0, 1, 0] and deal.turn == 1
    with pytest.raises(ValueError):
        deal.settle(4.0)  # the deal is not over
    for card in (
        "9d",
        "7d",
        "Kd",  # seat 1 leads 9d; seat 0's Kd wins
        "Ks",
        "Qh",
        "Ah",
    ):  # seat 0 leads Ks; both void and must trump; Ah wins
        deal.play(card)
    assert deal.tricks == [1, 1, 1] and deal.turn == 2
    # trick 4: seat 2 (won the Ah trick) leads Jc; seat 0 holds 5c, seat 1 holds 8c.
    for card in ("Jc", "5c", "8c"):
        deal.play(card)
    assert deal.done and deal.tricks == [1, 1, 2]
    with pytest.raises(ValueError):
        deal.play("2c")  # the deal is over


# -- 2. the referee against the engine on random deals -------------------------------------


@pytest.mark.jitless
def test_random_deals_match_referee():
    rnd = random.Random(65)
    fail_modes = ("payout", "keep")
    for _ in range(400):
        players = rnd.randint(3, 8)
        k = rnd.randint(2, players)
        hands, trump_card, declarer = random_deal(rnd, players, k)
        deal, ref = pair(hands, trump_card, declarer)
        assert deal.turn == ref.participants[0]
        while not ref.done:
            play_checked(deal, ref, rnd.choice(sorted(ref.legal())))
        assert deal.done and sum(deal.tricks) == 4
        for seat in range(players):
            if not hands[seat]:
                assert deal.tricks[seat] == 0
        stake = rnd.choice((1.0, 2.0, 0.5))
        pot = stake * k + rnd.choice((0.0, 3.0, 10.0, 17.5))
        mode = rnd.choice(fail_modes)
        chips, next_pot = deal.settle(pot, stake, mode)
        want_chips, want_next = ref.settle(pot, stake, mode)
        assert chips == pytest.approx(want_chips)
        assert next_pot == pytest.approx(want_next)
        # conservation: stacks' change + the pot's change (from the carried-in pot) = 0
        assert sum(chips) + next_pot == pytest.approx(pot - stake * k)


# -- 3. settlement by hand -------------------------------------------------------------------


@pytest.mark.jitless
def test_settlement_declarer_makes_two_tricks_gets_half_the_pot():
    # 4 participants, trumps clubs (2c turned up), seat 0 declares.
    deal = MouselDeal(["Ac Kc 2d 3d", "Ad 4h 5h 6h", "7h Ah 8s 9s", "Ts Js Qs 3s"], "2c", 0)
    for card in (
        "Ac",
        "4h",
        "8s",
        "3s",  # seat 0 wins
        "Kc",
        "5h",
        "9s",
        "Ts",  # seat 0 wins
        "2d",
        "Ad",
        "7h",
        "Js",  # seat 1 wins
        "6h",
        "Ah",
        "Qs",
        "3d",
    ):  # seat 1 leads 6h; seat 2 Ah wins
        deal.play(card)
    assert deal.tricks == [2, 1, 1, 0]
    # P = 10: stakes 4 x 2 plus 2 carried. Declarer: half the pot; the others P/4 per trick;
    # seat 3 took no trick: bet, P (M-5), into the next pot.
    for mode in ("payout", "keep"):  # the declarer made it: keep pays out as well
        chips, next_pot = deal.settle(10.0, 2.0, mode)
        assert chips == pytest.approx([5 - 2, 2.5 - 2, 2.5 - 2, -2 - 10])
        assert next_pot == pytest.approx(10.0)
        assert sum(chips) + next_pot == pytest.approx(10.0 - 4 * 2.0)


@pytest.mark.jitless
def test_settlement_mouselbet_and_four_and_three_tricks():
    hands = ["As Ks Qs Js", "Ts 9s 8s 7s", "3c 4c 5c 6c"]
    tricks = []
    for declarer in (2, 0):
        deal = MouselDeal(hands, "2s", declarer)
        for i in range(4):  # seat 0 leads spades from the top; seat 1 follows; seat 2 throws clubs
            deal.play(hands[0].split()[i])
            deal.play(hands[1].split()[i])
            deal.play(hands[2].split()[i])
        tricks.append(deal)
        assert deal.tricks == [4, 0, 0]
    # declarer seat 2 with no trick: mouselbet, 2P; seat 1 no trick: bet, P. P = 6.
    chips, next_pot = tricks[0].settle(6.0, 1.0, "payout")
    assert chips == pytest.approx([6 - 1, -1 - 6, -1 - 12])
    assert next_pot == pytest.approx(18.0)
    chips, next_pot = tricks[0].settle(6.0, 1.0, "keep")  # pot not paid out, stays
    assert chips == pytest.approx([-1, -1 - 6, -1 - 12])
    assert next_pot == pytest.approx(6.0 + 18.0)
    # declarer seat 0 with all four tricks takes the whole pot; seats 1, 2 pay P each.
    chips, next_pot = tricks[1].settle(6.0, 1.0, "keep")
    assert chips == pytest.approx([6 - 1, -1 - 6, -1 - 6])
    assert next_pot == pytest.approx(12.0)

    # three tricks for the declarer: 3P/4 (M-3).
    deal = MouselDeal(["As Ks Qs 2c", "Ts 9s 8s Ac", "3c 4c 5c 6c"], "2s", 0)
    for card in ("As", "8s", "3c", "Ks", "9s", "4c", "Qs", "Ts", "5c", "2c", "Ac", "6c"):
        deal.play(card)
    assert deal.tricks == [3, 1, 0]
    chips, next_pot = deal.settle(8.0, 1.0)
    assert chips == pytest.approx([6 - 1, 2 - 1, -1 - 8])
    assert next_pot == pytest.approx(8.0)


def test_run_deal_conserves_chips():
    """Whole deals (going along, exchange, declaring, play) with baseline players: the
    stacks' change plus the pot's change is zero, whatever happened."""
    rnd = random.Random(7)
    st = np.zeros(E.STATE_SIZE, np.int64)
    buf = np.zeros((P.SEARCH_DEPTH, E.STATE_SIZE), np.int64)
    chips = np.zeros(E.MAX_PLAYERS)
    rng = chunk_state(11, 0)
    outcomes = set()
    for i in range(600):
        players = rnd.randint(3, 8)
        seat = rnd.randrange(players)
        cards = rnd.sample(range(52), 5)
        hand = sum(1 << c for c in cards[:4])
        stock = np.array(sorted(set(range(52)) - set(cards)), np.int64)
        _deal_table(st, players, seat, hand, cards[4], stock, rng)
        params = np.array(
            [
                [rnd.choice((0.0, 0.5, 1.0)), rnd.choice((0.0, 1.0, 1.6)), rnd.choice((0.3, 0.5))]
                for _ in range(E.MAX_PLAYERS)
            ]
        )  # each seat's own thresholds
        pot, stake = rnd.choice((0.0, 4.0, 9.5)), rnd.choice((1.0, 2.0))
        declare = rnd.random() < 0.5
        next_pot = _run_deal(
            st,
            seat,
            rnd.random() < 0.8,
            rnd.getrandbits(52) & hand,
            declare,
            params,
            i % 2,
            pot,
            stake,
            rnd.randrange(2),
            rnd.random() < 0.5,
            buf,
            rng,
            chips,
        )
        assert chips[:players].sum() + next_pot == pytest.approx(pot)
        part = int(st[E.PARTICIPANTS])
        if st[E.DECLARER] != NO_GAME:
            assert st[E.DONE] and sum(st[E.TRICKS : E.TRICKS + players]) == 4
            outcomes.add(int(st[E.TRICKS + st[E.DECLARER]]))
        for s in range(players):
            if not part >> s & 1:
                assert chips[s] == 0
    assert outcomes >= {0, 1, 2, 3}


# -- 4. exact search against brute force -------------------------------------------------


def search_checks(deal: MouselDeal, ref: Referee, buf: np.ndarray) -> int:
    want = minimax(ref, prune=False)
    assert P._exact_declarer_tricks(deal.state, buf) == want
    root = 3
    buf[root, :] = deal.state
    assert P._search(buf, root, -1, 5) == want
    # alpha-beta windows: exact inside, a bound on the far side outside
    for alpha, beta in ((0, 2), (1, 3), (2, 4), (1, 2), (-1, 1), (3, 5)):
        buf[root, :] = deal.state
        got = P._search(buf, root, alpha, beta)
        if alpha < want < beta:
            assert got == want
        elif want <= alpha:
            assert want <= got <= alpha
        else:
            assert beta <= got <= want
    return want


@pytest.mark.jitless
def test_exact_search_hand_worked_ending():
    # trumps spades (2s turned up); seat 0 declares and wins the first two tricks with
    # Ac, Ah. Left: seat 0 Kd 3s, seat 1 Ad 2c, seat 2 Qc 4s, seat 0 to lead.
    # Lead Kd: Ad covers it, seat 2 void must trump 4s and wins; he leads Qc, seat 0 void
    # must trump 3s and wins: 3 tricks. Lead 3s: seat 2 follows 4s and wins, then the Qc
    # wins too: 2 tricks. Exact play: 3, by leading Kd.
    deal, ref = pair([["Ac", "Ah", "Kd", "3s"], ["5c", "5h", "Ad", "2c"], ["6c", "6h", "Qc", "4s"]], "2s", 0)
    for card in ("Ac", "5c", "6c", "Ah", "5h", "6h"):
        play_checked(deal, ref, card)
    assert deal.tricks == [2, 0, 0] and deal.turn == 0
    buf = np.zeros((P.SEARCH_DEPTH, E.STATE_SIZE), np.int64)
    assert search_checks(deal, ref, buf) == 3
    assert P._exact_card(deal.state, buf) == RANKS.index("K") * 4 + SUITS.index("d")
    # after the 3s lead the declarer can only get 2
    play_checked(deal, ref, "3s")
    assert search_checks(deal, ref, buf) == 2


@pytest.mark.jitless
def test_exact_search_matches_brute_force_on_random_endings():
    rnd = random.Random(2024)
    buf = np.zeros((P.SEARCH_DEPTH, E.STATE_SIZE), np.int64)
    seen = set()
    for i in range(300):
        k = 3 + i % 3
        players = rnd.randint(k, 8)
        hands, trump_card, declarer = random_deal(rnd, players, k)
        deal, ref = pair(hands, trump_card, declarer)
        left = 1 + i % 2  # 1 or 2 tricks left
        plays = (4 - left) * k + rnd.randrange(k)  # sometimes into the next trick
        for _ in range(plays):
            play_checked(deal, ref, rnd.choice(sorted(ref.legal())))
        seen.add(search_checks(deal, ref, buf) - ref.tricks[declarer])
    assert seen == {0, 1, 2}


@pytest.mark.jitless
def test_exact_search_whole_deals_three_participants():
    rnd = random.Random(99)
    buf = np.zeros((P.SEARCH_DEPTH, E.STATE_SIZE), np.int64)
    results = []
    for _ in range(12):
        hands, trump_card, declarer = random_deal(rnd, rnd.randint(3, 6), 3)
        deal, ref = pair(hands, trump_card, declarer)
        results.append(search_checks(deal, ref, buf))
    assert len(set(results)) > 1


# -- 5. errors -----------------------------------------------------------------------------


@pytest.mark.jitless
def test_deal_input_errors():
    good = ["As Ks Qs Js", "Ts 9s 8s 7s", "3c 4c 5c 6c"]
    MouselDeal(good, "2s", 0)
    with pytest.raises(ValueError):
        MouselDeal(["As Ks Qs", "Ts 9s 8s 7s", "3c 4c 5c 6c"], "2s", 0)  # 3 cards
    with pytest.raises(ValueError):
        MouselDeal(["As Ks Qs Js 2d", "Ts 9s 8s 7s", "3c 4c 5c 6c"], "2s", 0)  # 5 cards
    with pytest.raises(CardError):
        MouselDeal(["As Ks Qs Js", "As 9s 8s 7s", "3c 4c 5c 6c"], "2s", 0)  # As twice
    with pytest.raises(CardError):
        MouselDeal(["As Ks Qs Ks", "Ts 9s 8s 7s", "3c 4c 5c 6c"], "2s", 0)  # Ks twice in a hand
    with pytest.raises(CardError):
        MouselDeal(good, "As", 0)  # the trump card is in a hand
    with pytest.raises(CardError):
        MouselDeal(good, "Xs", 0)  # not a card
    with pytest.raises(CardError):
        MouselDeal(good, "2s 2d", 0)  # two trump cards
    with pytest.raises(ValueError):
        MouselDeal(good[:2], "2s", 0)  # 2 seats
    with pytest.raises(ValueError):
        MouselDeal(good + [""] * 6, "2s", 0)  # 9 seats
    with pytest.raises(ValueError):
        MouselDeal([good[0], "", ""], "2s", 0)  # one participant
    with pytest.raises(ValueError):
        MouselDeal([good[0], good[1], ""], "2s", 2)  # declarer not along
    assert issubclass(CardError, ValueError)


@pytest.mark.jitless
def test_advise_input_errors():
    short = MouselRules(deck=32)
    with pytest.raises(CardError):
        advise("As Ks Qs", "2d", 4, trials=10, seed=1)  # hand of 3
    with pytest.raises(CardError):
        advise("As Ks Qs Js Td", "2d", 4, trials=10, seed=1)  # hand of 5
    with pytest.raises(CardError):
        advise("As Ks Qs Qs", "2d", 4, trials=10, seed=1)  # duplicate
    with pytest.raises(CardError):
        advise("As Ks Qs Js", "Qs", 4, trials=10, seed=1)  # trump in hand
    with pytest.raises(CardError):
        advise("As Ks Qs Js", "Zz", 4, trials=10, seed=1)  # bad trump
    with pytest.raises(ValueError):
        advise("As Ks Qs Js", "2d", 2, trials=10, seed=1)  # 2 players
    with pytest.raises(ValueError):
        advise("As Ks Qs Js", "2d", 9, trials=10, seed=1)  # 9 players
    with pytest.raises(ValueError):
        advise("As Ks Qs Js", "7d", 7, rules=short, trials=10, seed=1)  # 32 cards, 7 players (M-1)
    with pytest.raises(ValueError):
        advise("As Ks Qs Js", "7d", 8, rules=short, trials=10, seed=1)
    with pytest.raises(CardError):
        advise("As Ks Qs 6s", "7d", 4, rules=short, trials=10, seed=1)  # 6s not in 7..A
    with pytest.raises(CardError):
        advise("As Ks Qs Js", "2d", 4, rules=short, trials=10, seed=1)  # trump below 7
    with pytest.raises(ValueError):
        advise("As Ks Qs Js", "2d", 4, used="3c 4c", trials=10, seed=1)  # used needs continuation (M-2)
    with pytest.raises(ValueError):
        MouselRules(deck=36)
    with pytest.raises(ValueError):
        MouselRules(fail_mode="split")
    for chips in (math.inf, math.nan, 1e308, 1.0000001e12):  # past 1e12: sums lose whole chips, then overflow
        with pytest.raises(ValueError, match=r"pot must be 0 to 1e\+12 chips"):
            advise("As Ks Qs Js", "2d", 4, pot=chips, trials=10, seed=1)
        with pytest.raises(ValueError, match=r"mousel.stake must be more than 0 and at most 1e\+12 chips"):
            MouselRules(stake=chips)
    assert MouselRules(stake=1e12).stake == 1e12
    # the same with pack_mode continuation is accepted; 6 players on 32 cards too
    cont = MouselRules(pack_mode="continuation")
    assert advise("As Ks Qs Js", "2d", 4, used="3c 4c", rules=cont, trials=20, seed=1).run.trials == 20
    assert advise("As Ks Qs Js", "7d", 6, rules=short, trials=20, seed=1).run.trials == 20


# -- 6. advise ---------------------------------------------------------------------------


def test_advise_reproducible_and_top_trumps_always_make():
    # trumps spades (7s turned up); seat 0 holds the two top trumps.
    kwargs = dict(seat=0, pot=3.0, trials=2000, seed=20260101)
    first = advise("As Ks 4d 9c", "7s", 5, **kwargs)
    again = advise("As Ks 4d 9c", "7s", 5, **kwargs)
    assert first.run.trials == 2000
    assert [o.to_dict() for o in first.options] == [o.to_dict() for o in again.options]
    by_name = {o.option: o for o in first.options}
    assert len(by_name) == 1 + 16 * 2
    keep_declare = by_name["keep all, declare"]
    # seat 0 is the first participant: whenever a game is played he declares; with the
    # trump ace and king he always takes at least 2 tricks.
    assert keep_declare.p_declare > 0.5
    assert keep_declare.p_make == 1.0
    assert keep_declare.tricks >= 2 * keep_declare.p_declare - 1e-12
    # so does every plan that keeps both and declares
    for name, o in by_name.items():
        if name.endswith(", declare") and not {"As", "Ks"} & set(name.replace(",", " ").split()):
            assert o.p_make == 1.0, name
    # folding: no stake, no tricks, no game of your own. (Its *value* is not 0: advise
    # documents value as chips plus the change of your 1/players share of the pot carried
    # to the next deal, which the other players' penalties and payouts move.)
    fold = by_name["fold"]
    assert fold.chips == 0.0 and fold.chips_stderr == 0.0
    assert fold.p_declare == 0.0 and fold.tricks == 0.0
    assert math.isnan(fold.p_make)
    # a different seed gives different estimates
    other = advise("As Ks 4d 9c", "7s", 5, seat=0, pot=3.0, trials=2000, seed=7)
    assert {o.option: o.value for o in other.options} != {o.option: o.value for o in first.options}
