"""Whist, Danish partner-ace variant (rules §6.4, resolutions W-1..W-8), checked against the rules text.

The truth here comes from the rules, not from :mod:`analyzer.games.whist.engine`:

* ``Referee`` (:mod:`whist_referee`, shared with ``test_whist_mousel_analysis.py``): a small,
  independent pure-Python implementation of the play and settlement (no trumps W-1; follow
  suit; the highest card of the led suit wins, the ace low in Nolo and Solo-nolo, high in
  Grand and Grandi, high in the pass game unless ``pass_ace="low"`` W-7; the called-ace
  rule W-3; early ends W-8; pairwise settlement W-5, W-6).
* Random deals (every contract, every bidder seat, every callable suit, both W-3 rules, both
  W-7 rules, Solo-nolo with and without a joiner) are played through ``WhistDeal`` and the
  referee side by side: the seat on turn and the legal cards are compared at every card,
  tricks, ``done``, ``made`` and ``settle()`` at the end. Chips always sum to zero.
* Hand-scripted deals checked trick by trick, and settlement examples whose chip amounts
  were worked out by hand from the rules text.
* Errors: bad hands, bad bids and settings, cards not held or not legal.

Card text is ``As``, ``Td``, ``2c``; seat 0 is forehand; play goes clockwise 0, 1, 2, 3.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from analyzer.cards import format_card, parse_cards
from analyzer.games.whist import engine as E
from analyzer.games.whist import policies as P
from analyzer.games.whist.bid import bid_values
from analyzer.games.whist.deal import WhistDeal
from analyzer.games.whist.rules import WhistRules
from analyzer.sim.seeds import chunk_state
from whist_referee import DECK, RANKS, SUITS, Referee, rank_key, suit_of

pytestmark = pytest.mark.jitless  # every test here runs with the kernels as Python (docs/testing.md)

# ---------------------------------------------------------------------------------------
# Driving WhistDeal and the referee side by side
# ---------------------------------------------------------------------------------------


def legal_set(deal: WhistDeal) -> set[str]:
    return set(deal.legal().split())


def step(deal: WhistDeal, ref: Referee, card: str) -> None:
    """Compare the turn and the legal cards, then play ``card`` in both."""
    assert not deal.done and not ref.done
    assert deal.turn == ref.turn
    assert legal_set(deal) == ref.legal(), f"seat {ref.turn}, trick {len(ref.trick_winners) + 1}"
    deal.play(card)
    ref.play(card)
    assert deal.tricks == ref.tricks
    assert deal.done == ref.done


def play_trick(deal: WhistDeal, ref: Referee, cards: str) -> None:
    """Play the given cards (in turn order) and compare at every card."""
    for card in cards.split():
        step(deal, ref, card)


def check_end(deal: WhistDeal, ref: Referee) -> list[int]:
    assert deal.done and ref.done
    assert deal.tricks == ref.tricks
    chips = deal.settle()
    assert chips == ref.settle()
    assert sum(chips) == 0
    judged = range(4)
    if ref.contract == "solo-nolo" and ref.joiner is not None:
        judged = ref.soloists()  # a defender's "win" against two soloists is not a single thing
    for seat in judged:
        assert deal.made(seat) == ref.made(seat), f"made({seat})"
    return chips


def play_out(deal: WhistDeal, ref: Referee, choose) -> list[int]:
    """Play to the end, ``choose(ref, legal_cards_sorted)`` picking each card."""
    while not ref.done:
        step(deal, ref, choose(ref, sorted(ref.legal(), key=DECK.index)))
    return check_end(deal, ref)


DEFAULT_RULES = WhistRules()


def new_pair(hands, bid, bidder=0, joiner=None, rules: WhistRules = DEFAULT_RULES):
    deal = WhistDeal(hands, bid, bidder=bidder, joiner=joiner, rules=rules)
    ref = Referee(hands, bid, bidder, joiner, pass_ace=rules.pass_ace, called_ace_rule=rules.called_ace_rule)
    assert deal.turn == ref.turn
    assert not deal.done
    assert deal.tricks == [0, 0, 0, 0]
    assert deal.partner == ref.partner
    return deal, ref


def first_legal(ref, legal):
    return legal[0]


# ---------------------------------------------------------------------------------------
# Fixed layouts
# ---------------------------------------------------------------------------------------

# LAYOUT: rank r of suit k goes to seat (r + k) % 4, so every seat holds 3 or 4 of every
# suit and follows suit for a while. Aces: Ac seat 0, Ad seat 1, Ah seat 2, As seat 3.
LAYOUT = [
    "2c 6c Tc Ac 5d 9d Kd 4h 8h Qh 3s 7s Js",
    "3c 7c Jc 2d 6d Td Ad 5h 9h Kh 4s 8s Qs",
    "4c 8c Qc 3d 7d Jd 2h 6h Th Ah 5s 9s Ks",
    "5c 9c Kc 4d 8d Qd 3h 7h Jh 2s 6s Ts As",
]

# ONE_SUIT: each seat holds one whole suit (seat 0 clubs ... seat 3 spades); nobody can
# follow anyone, so the leader wins every trick.
ONE_SUIT = [" ".join(r + s for r in reversed(RANKS)) for s in SUITS]


def block_hands(k: int, ace_low: bool) -> list[str]:
    """Seat 0: the top ``k`` clubs and the lowest ``13 - k`` diamonds; seat 1: the other
    clubs (all lower) and the top ``k`` diamonds; seat 2 all hearts; seat 3 all spades.
    Seat 0 cashing his clubs from the top wins exactly ``k`` tricks, then seat 1 wins the
    rest (every card of his beats seat 0's in diamonds; seat 0 is void in clubs)."""
    order = "KQJT98765432A" if ace_low else "AKQJT98765432"  # high to low
    seat0 = [r + "c" for r in order[:k]] + [r + "d" for r in order[k:]]
    seat1 = [r + "c" for r in order[k:]] + [r + "d" for r in order[:k]]
    return [" ".join(seat0), " ".join(seat1), ONE_SUIT[2], ONE_SUIT[3]]


def block_chooser(ace_low: bool):
    """Seat 0 leads his highest club while he has one; everyone else plays the first legal card."""

    def choose(ref, legal):
        if ref.turn == 0 and not ref.table:
            clubs = [c for c in legal if suit_of(c) == "c"]
            if clubs:
                return max(clubs, key=lambda c: rank_key(c, ace_low))
        return legal[0]

    return choose


def hands_of(*specs: str) -> list[str]:
    hands = list(specs)
    assert sorted(" ".join(hands).split()) == sorted(DECK)
    assert all(len(h.split()) == 13 for h in hands)
    return hands


# ---------------------------------------------------------------------------------------
# 1. Random deals over every contract, against the referee
# ---------------------------------------------------------------------------------------

HIGH_POOL = [r + s for r in "TJQKA" for s in SUITS]  # 20 strong cards (Grandi)
LOW_POOL = [r + s for r in "A2345" for s in SUITS]  # 20 cards low when the ace is low


def random_hands(rng: random.Random, stack_seat: int | None = None, pool=None) -> list[str]:
    """Four random hands; with ``stack_seat``, that seat's 13 cards come from ``pool``."""
    deck = DECK[:]
    hands: list[list[str]] = [[], [], [], []]
    if stack_seat is not None:
        hands[stack_seat] = rng.sample(pool, 13)
        deck = [c for c in deck if c not in hands[stack_seat]]
    rng.shuffle(deck)
    for seat in range(4):
        if seat != stack_seat:
            hands[seat], deck = deck[:13], deck[13:]
    return [" ".join(h) for h in hands]


def random_chooser(rng: random.Random):
    """Each seat plays uniformly at random, or always its highest or its lowest legal card."""
    styles = [rng.choice(("random", "random", "high", "low")) for _ in range(4)]

    def choose(ref, legal):
        style = styles[ref.turn]
        if style == "random":
            return rng.choice(legal)
        pick = max if style == "high" else min
        return pick(legal, key=lambda c: (rank_key(c, ref.ace_low), c[1]))

    return choose


RULE_VARIANTS = [
    WhistRules(),
    WhistRules(called_ace_rule="lead_only"),
    WhistRules(pass_ace="low"),
    WhistRules(pass_ace="low", called_ace_rule="lead_only"),
]


def random_contract_deals(kind: str, n: int, seed: int):
    """Yield (hands, bid, bidder, joiner, rules, rng) for ``n`` random deals of one contract kind
    (Nolo and Grand: one bid per suit whose ace the bidder lacks, sometimes also his own ace)."""
    rng = random.Random(seed)
    for i in range(n):
        bidder = i % 4
        rules = RULE_VARIANTS[rng.randrange(len(RULE_VARIANTS))]
        joiner = None
        stack = None
        if kind == "grandi" and rng.random() < 0.5:
            stack = HIGH_POOL
        if kind in ("solo", "solo+joiner") and rng.random() < 0.4:
            stack = LOW_POOL
        if kind == "solo+joiner":
            joiner = (bidder + rng.randrange(1, 4)) % 4
        hands = random_hands(rng, bidder if stack else None, stack)
        if kind in ("nolo", "grand"):
            held = hands[bidder].split()
            lacking = [s for s in SUITS if "A" + s not in held]
            if not lacking:  # all four aces: any suit, he plays alone (W-2)
                lacking = list(SUITS)
            for s in lacking:  # every suit whose ace the bidder lacks
                yield hands, f"{kind}:{s}", bidder, None, rules, rng
            if rng.random() < 0.25:  # call_own_ace: a suit whose ace he holds -> alone
                own = [s for s in SUITS if "A" + s in held]
                if own:
                    yield (
                        hands,
                        f"{kind}:{rng.choice(own)}",
                        bidder,
                        None,
                        WhistRules(call_own_ace=True, called_ace_rule=rules.called_ace_rule),
                        rng,
                    )
        else:
            bid = {"pass": "pass", "grandi": "grandi", "solo": "solo-nolo", "solo+joiner": "solo-nolo"}[kind]
            yield hands, bid, bidder, joiner, rules, rng


@pytest.mark.parametrize(
    "kind, n, seed",
    [
        ("pass", 120, 1),
        ("nolo", 50, 2),
        ("grand", 50, 3),
        ("solo", 100, 4),
        ("solo+joiner", 100, 5),
        ("grandi", 120, 6),
    ],
)
def test_random_deals_match_referee(kind, n, seed):
    outcomes = set()
    played = 0
    for hands, bid, bidder, joiner, rules, rng in random_contract_deals(kind, n, seed):
        deal, ref = new_pair(hands, bid, bidder, joiner, rules)
        chips = play_out(deal, ref, random_chooser(rng))
        played += 1
        n_tricks = len(ref.trick_winners)
        if kind == "grandi":
            outcomes.add(("made" if ref.made(bidder) else "failed", n_tricks == 7))
            assert n_tricks == 7 or ref.trick_winners[-1] != bidder
        elif kind == "solo":
            outcomes.add(ref.made(bidder))
            assert n_tricks == 13 or ref.tricks[bidder] == 2
        elif kind == "solo+joiner":
            outcomes.add((ref.made(bidder), ref.made(joiner), n_tricks < 13))
        elif kind == "pass":
            outcomes.add(sum(t == min(ref.tricks) for t in ref.tricks))  # number of tied winners
            assert n_tricks == 13
        else:
            outcomes.add(ref.made(bidder))
            assert n_tricks == 13
        assert sum(chips) == 0
    assert played >= n
    # The random deals did reach the interesting cases.
    if kind == "grandi":
        assert {("made", True), ("failed", False)} <= outcomes
    elif kind == "solo":
        assert outcomes == {True, False}
    elif kind == "solo+joiner":
        assert (False, False, True) in outcomes and any(not early for *_, early in outcomes)
    elif kind == "pass":
        assert {1, 2} <= outcomes
    else:
        assert outcomes == {True, False}


def test_random_deals_chips_sum_to_zero_and_tricks_are_consistent():
    """Over many random deals and contracts: chips sum to zero, trick counts add up to the
    tricks played, and a finished deal refuses further cards."""
    rng = random.Random(99)
    bids = ["pass", "nolo:h", "grand:s", "solo-nolo", "grandi"]
    for i in range(150):
        hands = random_hands(rng)
        bidder = rng.randrange(4)
        bid = bids[i % len(bids)]
        if ":" in bid:
            lacking = [s for s in SUITS if "A" + s not in hands[bidder].split()]
            if not lacking:  # all four aces: covered elsewhere
                continue
            bid = bid[:-1] + (bid[-1] if bid[-1] in lacking else lacking[0])
        deal = WhistDeal(hands, bid, bidder=bidder)
        while not deal.done:
            deal.play(rng.choice(deal.legal().split()))
        chips = deal.settle()
        assert sum(chips) == 0
        assert 1 <= sum(deal.tricks) <= 13
        with pytest.raises(ValueError, match="over"):
            deal.play(rng.choice(DECK))


# ---------------------------------------------------------------------------------------
# 2. Hand-scripted deals, trick by trick
# ---------------------------------------------------------------------------------------


def test_follow_suit_and_void():
    deal, ref = new_pair(LAYOUT, "pass")
    assert legal_set(deal) == set(LAYOUT[0].split())  # a lead: any card
    step(deal, ref, "5d")
    assert deal.turn == 1
    assert legal_set(deal) == {"2d", "6d", "Td", "Ad"}  # must follow diamonds
    with pytest.raises(ValueError, match="may not play 3c"):
        deal.play("3c")
    with pytest.raises(ValueError, match="does not hold Kd"):
        deal.play("Kd")
    assert deal.turn == 1  # a refused card changes nothing
    play_trick(deal, ref, "6d Jd 4d")
    assert deal.tricks == [0, 0, 1, 0] and deal.turn == 2

    # A void player may play any card.
    deal, ref = new_pair(ONE_SUIT, "pass")
    step(deal, ref, "2c")
    assert legal_set(deal) == set(ONE_SUIT[1].split())
    play_trick(deal, ref, "Ad Ah As")  # aces of other suits do not win
    assert deal.tricks == [1, 0, 0, 0] and deal.turn == 0


@pytest.mark.parametrize(
    "bid, rules, winner",
    [
        ("pass", WhistRules(), 1),  # W-7 default: ace high
        ("pass", WhistRules(pass_ace="low"), 3),  # W-7 setting: ace low, the queen wins
        ("nolo:h", WhistRules(), 3),  # ace low
        ("grand:h", WhistRules(), 1),  # ace high
        ("solo-nolo", WhistRules(), 3),  # ace low
    ],
)
def test_ace_rank_per_contract(bid, rules, winner):
    deal, ref = new_pair(LAYOUT, bid, bidder=0, rules=rules)
    play_trick(deal, ref, "5d Ad Jd Qd")
    expected = [0, 0, 0, 0]
    expected[winner] = 1
    assert deal.tricks == expected
    assert deal.turn == winner


def test_grandi_ace_is_high_and_first_lost_trick_ends_it():
    deal, ref = new_pair(LAYOUT, "grandi", bidder=0)
    assert deal.turn == 0
    play_trick(deal, ref, "5d Ad Jd Qd")  # the ace of seat 1 wins
    assert deal.done and deal.tricks == [0, 1, 0, 0]
    assert deal.settle() == [-15, 5, 5, 5]


def test_no_trumps_in_grand_the_called_suit_is_not_trump():
    """W-1: a discard of the called suit never wins a trick."""
    deal, ref = new_pair(ONE_SUIT, "grand:h", bidder=0)  # partner: seat 2 (all hearts)
    assert deal.partner == 2
    play_trick(deal, ref, "2c Ad Ah As")
    assert deal.tricks == [1, 0, 0, 0]


def test_called_ace_must_be_played_when_the_suit_is_first_led():
    # Grand in hearts by seat 0; the ace of hearts (seat 2) is the partner.
    deal, ref = new_pair(LAYOUT, "grand:h", bidder=0)
    assert deal.partner == 2
    play_trick(deal, ref, "4h 5h")
    assert legal_set(deal) == {"Ah"}
    with pytest.raises(ValueError, match="may not play 2h"):
        deal.play("2h")
    step(deal, ref, "Ah")
    assert legal_set(deal) == {"3h", "7h", "Jh"}  # the others just follow suit
    step(deal, ref, "3h")
    assert deal.tricks == [0, 0, 1, 0] and deal.turn == 2
    assert legal_set(deal) == {"4c", "8c", "Qc", "3d", "7d", "Jd", "2h", "6h", "Th", "5s", "9s", "Ks"}


def test_called_ace_lead_only_holder_may_duck_when_another_leads():
    rules = WhistRules(called_ace_rule="lead_only")
    deal, ref = new_pair(LAYOUT, "grand:h", bidder=0, rules=rules)
    play_trick(deal, ref, "4h 5h")
    assert legal_set(deal) == {"2h", "6h", "Th", "Ah"}
    play_trick(deal, ref, "2h Jh")
    assert deal.tricks == [0, 0, 0, 1]


@pytest.mark.parametrize("rule", ["when_led", "lead_only"])
def test_called_ace_holder_leading_the_suit_first_must_lead_the_ace(rule):
    rules = WhistRules(called_ace_rule=rule)
    # Grand in clubs by seat 1; seat 0 (forehand) holds the ace of clubs.
    deal, ref = new_pair(LAYOUT, "grand:c", bidder=1, rules=rules)
    assert deal.partner == 0
    assert legal_set(deal) == set(LAYOUT[0].split()) - {"2c", "6c", "Tc"}
    with pytest.raises(ValueError, match="may not play 2c"):
        deal.play("2c")
    play_trick(deal, ref, "Ac 3c 4c 5c")  # clubs now led, with the ace
    assert deal.tricks == [1, 0, 0, 0] and deal.turn == 0
    assert legal_set(deal) == set(LAYOUT[0].split()) - {"Ac"}  # small clubs free now


@pytest.mark.parametrize("rule", ["when_led", "lead_only"])
def test_called_ace_holder_with_only_the_called_suit_must_lead_the_ace(rule):
    rules = WhistRules(called_ace_rule=rule)
    deal, ref = new_pair(
        ONE_SUIT[2:3] + ONE_SUIT[0:1] + ONE_SUIT[1:2] + ONE_SUIT[3:4], "nolo:h", bidder=1, rules=rules
    )  # seat 0 holds all 13 hearts
    assert deal.partner == 0
    assert deal.legal() == "Ah"
    play_trick(deal, ref, "Ah 2c 2d 2s")
    assert deal.tricks == [1, 0, 0, 0]
    assert len(legal_set(deal)) == 12


@pytest.mark.parametrize("rule", ["when_led", "lead_only"])
def test_called_suit_first_led_by_another_player(rule):
    """Nolo in clubs by seat 1, the ace of clubs with seat 0. Seat 3 leads clubs first:
    under when_led seat 0 must play the ace; under lead_only he may duck, and having not
    led the suit first, he may later lead a small club."""
    rules = WhistRules(called_ace_rule=rule)
    deal, ref = new_pair(LAYOUT, "nolo:c", bidder=1, rules=rules)
    assert deal.partner == 0
    play_trick(deal, ref, "5d 6d Jd Qd")
    assert deal.tricks == [0, 0, 0, 1] and deal.turn == 3
    step(deal, ref, "5c")
    if rule == "when_led":
        assert legal_set(deal) == {"Ac"}
        play_trick(deal, ref, "Ac 3c 4c")  # ace low in Nolo: the 5 wins
        assert deal.tricks == [0, 0, 0, 2]
    else:
        assert legal_set(deal) == {"2c", "6c", "Tc", "Ac"}
        play_trick(deal, ref, "Tc 3c 4c")
        assert deal.tricks == [1, 0, 0, 1] and deal.turn == 0
        assert {"2c", "6c"} <= legal_set(deal)  # the suit was already led
        play_trick(deal, ref, "2c 7c 8c 9c")
        assert deal.tricks == [1, 0, 0, 2]


def test_grandi_bidder_leads_and_play_stops_after_seven_won_tricks():
    hands = ONE_SUIT[:2] + [ONE_SUIT[3], ONE_SUIT[2]]  # seat 2 holds all spades
    deal, ref = new_pair(hands, "grandi", bidder=2)
    assert deal.turn == 2
    for i, card in enumerate(["As", "Ks", "Qs", "Js", "Ts", "9s", "8s"]):
        assert not deal.done
        assert deal.turn == 2 and legal_set(deal) == ref.hands[2]
        step(deal, ref, card)
        assert deal.turn == 3
        play_trick(deal, ref, f"{'32AKQJT'[i]}h {'23456789'[i]}c {'23456789'[i]}d")
        assert deal.tricks == [0, 0, i + 1, 0]
    assert deal.done
    with pytest.raises(ValueError, match="over"):
        deal.play("7s")
    assert deal.made(2) and not deal.made(0)
    assert check_end(deal, ref) == [-5, -5, 15, -5]


def test_grandi_stops_at_the_bidders_first_lost_trick():
    hands = hands_of(
        "Ac Kc Qc Js Ts 9s 8s 7s 6s 5s 4s 3s 2s",
        "As Ks Qs 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc",  # the bidder, seat 1
        ONE_SUIT[1],
        ONE_SUIT[2],
    )
    deal, ref = new_pair(hands, "grandi", bidder=1)
    assert deal.turn == 1  # not forehand: the bidder leads
    step(deal, ref, "As")
    assert legal_set(deal) == set(ONE_SUIT[1].split())  # void: anything
    play_trick(deal, ref, "2d 2h")
    assert legal_set(deal) == set(hands[0].split()) - {"Ac", "Kc", "Qc"}  # must follow spades
    step(deal, ref, "2s")
    play_trick(deal, ref, "Ks 3d 3h 3s")
    play_trick(deal, ref, "Qs 4d 4h 4s")
    assert deal.tricks == [0, 3, 0, 0] and not deal.done
    play_trick(deal, ref, "2c 5d 5h Qc")  # seat 0 wins the 4th trick
    assert deal.done and deal.tricks == [1, 3, 0, 0]
    assert not deal.made(1) and deal.made(0)
    assert check_end(deal, ref) == [5, -15, 5, 5]


def test_solo_nolo_stops_at_the_soloists_second_trick():
    deal, ref = new_pair(ONE_SUIT, "solo-nolo", bidder=0)
    play_trick(deal, ref, "2c 2d 2h 2s")
    assert deal.tricks == [1, 0, 0, 0] and not deal.done
    play_trick(deal, ref, "3c 3d 3h 3s")
    assert deal.done and deal.tricks == [2, 0, 0, 0]
    assert not deal.made(0) and deal.made(1)
    assert check_end(deal, ref) == [-15, 5, 5, 5]


def test_solo_nolo_won_with_no_trick():
    deal, ref = new_pair(ONE_SUIT, "solo-nolo", bidder=3)
    play_out(deal, ref, first_legal)
    assert deal.tricks == [13, 0, 0, 0]
    assert deal.made(3) and not deal.made(0)
    assert deal.settle() == [-5, -5, -5, 15]


SOLO_PAIR = hands_of(
    "Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c 2d",
    "Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d Ad Ac",
    ONE_SUIT[2],
    ONE_SUIT[3],
)


def test_solo_nolo_with_joiner_stops_when_both_have_two_tricks():
    deal, ref = new_pair(SOLO_PAIR, "solo-nolo", bidder=0, joiner=1)
    step(deal, ref, "Kc")
    assert deal.legal() == "Ac"
    play_trick(deal, ref, "Ac 2h 2s")  # ace low: the king wins
    play_trick(deal, ref, "Qc 3d 3h 3s")
    assert deal.tricks == [2, 0, 0, 0] and not deal.done  # the joiner is still playing
    play_trick(deal, ref, "2d Kd 4h 4s")
    assert deal.tricks == [2, 1, 0, 0] and not deal.done
    play_trick(deal, ref, "Qd 5h 5s Jc")
    assert deal.done and deal.tricks == [2, 2, 0, 0]
    # Each soloist lost 5 to each of the other three (the other soloist included).
    assert check_end(deal, ref) == [-10, -10, 10, 10]


def test_solo_nolo_without_joiner_same_cards_stops_at_trick_two():
    deal, ref = new_pair(SOLO_PAIR, "solo-nolo", bidder=0)
    play_trick(deal, ref, "Kc Ac 2h 2s")
    play_trick(deal, ref, "Qc 3d 3h 3s")
    assert deal.done and deal.tricks == [2, 0, 0, 0]
    assert check_end(deal, ref) == [-15, 5, 5, 5]


def test_solo_nolo_joiner_who_never_takes_a_trick_plays_to_the_end():
    deal, ref = new_pair(ONE_SUIT, "solo-nolo", bidder=0, joiner=1)
    for i in range(12):
        play_trick(deal, ref, " ".join(r + s for r, s in zip([RANKS[i]] * 4, SUITS)))
        assert not deal.done  # seat 1 is still undecided
    play_trick(deal, ref, "Ac Ad Ah As")
    assert deal.done and deal.tricks == [13, 0, 0, 0]
    # Bidder lost: pays 5 to each of 1, 2, 3. Joiner won: gets 5 from each of 0, 2, 3.
    assert check_end(deal, ref) == [-20, 20, 0, 0]


def test_two_solo_nolo_players_both_won():
    deal, ref = new_pair(ONE_SUIT, "solo-nolo", bidder=3, joiner=2)
    play_out(deal, ref, first_legal)
    assert deal.tricks == [13, 0, 0, 0]
    assert deal.made(2) and deal.made(3)
    assert deal.settle() == [-10, -10, 10, 10]


# ---------------------------------------------------------------------------------------
# 3. Settlement examples worked out by hand
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "k, chips",
    [
        (9, [6, -6, 6, -6]),  # 2 overtricks: 1 + 2 = 3 from each loser to each winner
        (7, [2, -2, 2, -2]),  # exactly made: 1
        (13, [14, -14, 14, -14]),  # 1 + 6 = 7
        (6, [-4, 4, -4, 4]),  # 1 missing trick: 2 from each member to each defender
        (5, [-8, 8, -8, 8]),  # 2 missing: 4 from each member to each defender
        (1, [-24, 24, -24, 24]),  # 6 missing: 12
    ],
)
def test_grand_settlement(k, chips):
    # Grand in hearts by seat 0; seat 2 holds all hearts (partner). The side takes k tricks.
    hands = block_hands(k, ace_low=False)
    deal, ref = new_pair(hands, "grand:h", bidder=0)
    assert deal.partner == 2
    play_out(deal, ref, block_chooser(False))
    assert deal.tricks == [k, 13 - k, 0, 0]
    assert deal.settle() == chips
    assert deal.made(0) == deal.made(2) == (k >= 7)
    assert deal.made(1) == deal.made(3) == (k < 7)


def test_grand_settlement_bidder_on_the_other_seat():
    # Grand in hearts by seat 1 (partner: seat 2): the side takes 13 - 9 = 4, 3 short: 6 each.
    deal, ref = new_pair(block_hands(9, ace_low=False), "grand:h", bidder=1)
    play_out(deal, ref, block_chooser(False))
    assert deal.tricks == [9, 4, 0, 0]
    assert deal.settle() == [12, -12, -12, 12]


@pytest.mark.parametrize(
    "k, chips",
    [
        (4, [6, -6, 6, -6]),  # 2 under 6: 1 + 2 = 3
        (6, [2, -2, 2, -2]),  # exactly 6: 1
        (1, [12, -12, 12, -12]),  # 1 + 5 = 6
        (7, [-4, 4, -4, 4]),  # 1 above 6: 2
        (8, [-8, 8, -8, 8]),  # 2 above 6: 2 * 2 = 4 from each member to each defender
        (13, [-28, 28, -28, 28]),  # 7 above: 14
    ],
)
def test_nolo_settlement(k, chips):
    hands = block_hands(k, ace_low=True)  # ace low in Nolo: the clubs block runs K..
    deal, ref = new_pair(hands, "nolo:h", bidder=0)
    play_out(deal, ref, block_chooser(True))
    assert deal.tricks == [k, 13 - k, 0, 0]
    assert deal.settle() == chips
    assert deal.made(0) == deal.made(2) == (k <= 6)


def test_pass_game_two_tied_winners():
    # Tricks 9, 4, 0, 0: seats 2 and 3 each collect 9 from seat 0 and 4 from seat 1, and
    # nothing from each other.
    deal, ref = new_pair(block_hands(9, ace_low=False), "pass")
    play_out(deal, ref, block_chooser(False))
    assert deal.tricks == [9, 4, 0, 0]
    assert deal.settle() == [-18, -8, 13, 13]
    assert [deal.made(s) for s in range(4)] == [False, False, True, True]


def test_pass_game_three_tied_winners():
    deal, ref = new_pair(ONE_SUIT, "pass")
    play_out(deal, ref, first_legal)
    assert deal.tricks == [13, 0, 0, 0]
    assert deal.settle() == [-39, 13, 13, 13]


def test_pass_game_ace_low_setting():
    deal, ref = new_pair(block_hands(4, ace_low=True), "pass", rules=WhistRules(pass_ace="low"))
    play_out(deal, ref, block_chooser(True))
    assert deal.tricks == [4, 9, 0, 0]
    assert deal.settle() == [-8, -18, 13, 13]


def test_pass_game_single_winner():
    hands = hands_of(
        "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 2d 3d 4d",
        "Ad Kd 2h As Ks Qs Js Ts 9s 8s 7s 6s 5s",
        "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h Qd",
        "4c 3c 2c Jd Td 9d 8d 7d 6d 5d 4s 3s 2s",
    )
    deal, ref = new_pair(hands, "pass")
    # Seat 0 cashes ten clubs; the others follow or discard.
    for trick in [
        "Ac As Qh 4c",
        "Kc Ks Jh 3c",
        "Qc Qs Th 2c",
        "Jc Js 9h Jd",
        "Tc Ts 8h Td",
        "9c 9s 7h 9d",
        "8c 8s 6h 8d",
        "7c 7s 5h 7d",
        "6c 6s 4h 4s",
        "5c 5s 3h 3s",
    ]:
        play_trick(deal, ref, trick)
    assert deal.tricks == [10, 0, 0, 0]
    play_trick(deal, ref, "2d Ad Qd 5d")  # ace high in the pass game
    play_trick(deal, ref, "Kd Kh 6d 3d")
    play_trick(deal, ref, "2h Ah 2s 4d")
    assert deal.tricks == [10, 2, 1, 0]
    # Seat 3 alone has the fewest (0) and collects 10, 2 and 1; nobody else is paid.
    assert check_end(deal, ref) == [-10, -2, -1, 13]
    assert [deal.made(s) for s in range(4)] == [False, False, False, True]


def test_bidder_with_all_four_aces_plays_alone():
    hands = hands_of(
        "Ac Kc Qc Jc Tc 9c Ad Ah As 2d 3d 4d 5d",
        "8c 7c 6c 5c 4c 3c 2c Kd Qd Jd Td 9d 8d",
        "Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h 7d",
        "Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s 6d",
    )
    deal, ref = new_pair(hands, "grand:s", bidder=0)  # W-2: all four aces, any suit
    assert deal.partner == 0  # the ace is his own

    def choose(r, legal):
        if r.turn == 0 and not r.table:
            return max(legal, key=lambda c: (rank_key(c, False), c[1]))
        return legal[0]

    play_out(deal, ref, choose)
    # 6 clubs, then the aces of diamonds, hearts and spades: 9 tricks; seat 1 wins the rest.
    assert deal.tricks == [9, 4, 0, 0]
    # 1 + 2 overtricks = 3 from each of the three others to the lone bidder.
    assert deal.settle() == [9, -3, -3, -3]
    assert deal.made(0) and not any(deal.made(s) for s in (1, 2, 3))


def test_call_own_ace_setting_plays_alone():
    hands = block_hands(9, ace_low=False)  # seat 0 holds the ace of clubs
    with pytest.raises(ValueError, match="holds the ace"):
        WhistDeal(hands, "grand:c", bidder=0)
    deal, ref = new_pair(hands, "grand:c", bidder=0, rules=WhistRules(call_own_ace=True))
    assert deal.partner == 0
    play_out(deal, ref, block_chooser(False))
    assert deal.tricks == [9, 4, 0, 0]
    assert deal.settle() == [9, -3, -3, -3]


# ---------------------------------------------------------------------------------------
# 4. Errors
# ---------------------------------------------------------------------------------------


def test_bad_hands():
    with pytest.raises(ValueError, match="13 cards, got 12"):
        WhistDeal([LAYOUT[0].rsplit(" ", 1)[0]] + LAYOUT[1:], "pass")
    with pytest.raises(ValueError, match="13 cards, got 14"):
        WhistDeal([LAYOUT[0] + " 3c"] + [LAYOUT[1].replace("3c ", "")] + LAYOUT[2:], "pass")
    with pytest.raises(ValueError, match=r"'5c' is in both hand of seat 0 and hand of seat 3"):
        WhistDeal([LAYOUT[0].replace("2c", "5c")] + LAYOUT[1:], "pass")
    with pytest.raises(ValueError, match="duplicate card"):
        WhistDeal([LAYOUT[0].replace("2c", "6c")] + LAYOUT[1:], "pass")
    with pytest.raises(ValueError, match="one per seat"):
        WhistDeal(LAYOUT[:3], "pass")
    with pytest.raises(ValueError, match="bad card"):
        WhistDeal([LAYOUT[0].replace("2c", "1c")] + LAYOUT[1:], "pass")
    with pytest.raises(ValueError, match="joker"):
        WhistDeal([LAYOUT[0].replace("2c", "Jk")] + LAYOUT[1:], "pass")


@pytest.mark.parametrize(
    "bid, kwargs, message",
    [
        ("bridge", {}, "unknown bid"),
        ("grand", {}, "name a suit"),
        ("nolo", {}, "name a suit"),
        ("pass:s", {}, "name a suit"),
        ("grandi:h", {}, "name a suit"),
        ("grand:x", {}, "unknown suit"),
        ("grand:c", {"bidder": 0}, "holds the ace"),  # W-2: seat 0 holds the ace of clubs
        ("nolo:d", {"bidder": 1}, "holds the ace"),
        ("pass", {"bidder": 4}, "bidder must be a seat"),
        ("grandi", {"bidder": -1}, "bidder must be a seat"),
        ("grand:h", {"bidder": 0, "joiner": 1}, "joiner"),  # only a Solo-nolo can be joined
        ("solo-nolo", {"bidder": 2, "joiner": 2}, "joiner"),
        ("solo-nolo", {"bidder": 2, "joiner": 4}, "joiner"),
        ("solo-nolo", {"bidder": 2, "joiner": 1, "rules": WhistRules(max_solo_joiners=0)}, "joiner"),
    ],
)
def test_bad_bids(bid, kwargs, message):
    with pytest.raises(ValueError, match=message):
        WhistDeal(LAYOUT, bid, **kwargs)


def test_bid_spellings():
    for bid in ("Grand:hearts", "grand:heart", "GRAND:H", " nolo:s "):
        WhistDeal(LAYOUT, bid, bidder=0)
    for bid in ("solo", "solonolo", "solo-nolo"):
        assert WhistDeal(LAYOUT, bid, bidder=1, joiner=0).partner is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"trumps": "spades"},
        {"called_ace_rule": "never"},
        {"max_solo_joiners": 2},
        {"pass_ace": "middle"},
    ],
)
def test_bad_rule_settings(kwargs):
    with pytest.raises(ValueError, match="whist"):
        WhistRules(**kwargs)


def test_bad_plays():
    deal = WhistDeal(LAYOUT, "pass")
    with pytest.raises(ValueError, match="seat 0 does not hold 3c"):
        deal.play("3c")
    with pytest.raises(ValueError, match="bad card"):
        deal.play("Xx")
    with pytest.raises(ValueError, match="one card at a time"):
        deal.play("2c 6c")
    with pytest.raises(ValueError, match="not over"):
        deal.settle()
    deal.play("2c")
    with pytest.raises(ValueError, match=r"seat 1 may not play 2d: legal are 3c 7c Jc"):
        deal.play("2d")
    with pytest.raises(ValueError, match="seat 1 does not hold 2c"):
        deal.play("2c")  # already played
    assert deal.turn == 1 and deal.tricks == [0, 0, 0, 0]


# ---------------------------------------------------------------------------------------
# Policies and bid values: legal play and rules-determined results
# ---------------------------------------------------------------------------------------


def test_heuristic_player_plays_legal_cards():
    rng = random.Random(11)
    bids = ["pass", "nolo", "grand", "solo-nolo", "grandi"]
    for i in range(60):
        hands = random_hands(rng)
        bidder = i % 4
        bid = bids[i % 5]
        if bid in ("nolo", "grand"):
            lacking = [s for s in SUITS if "A" + s not in hands[bidder].split()]
            if not lacking:
                continue
            bid += ":" + rng.choice(lacking)
        rules = RULE_VARIANTS[i % 4]
        joiner = (bidder + 2) % 4 if bid == "solo-nolo" and i % 2 else None
        deal, ref = new_pair(hands, bid, bidder, joiner, rules)
        while not ref.done:
            card = format_card(P._heuristic_card(deal.state, deal.turn))
            step(deal, ref, card)
        check_end(deal, ref)


def test_play_out_random_and_heuristic():
    rng = random.Random(12)
    for i in range(40):
        hands = random_hands(rng)
        bid = ["pass", "solo-nolo", "grandi"][i % 3]
        deal = WhistDeal(hands, bid, bidder=i % 4)
        st = deal.state.copy()
        policies = np.array([P.RANDOM, P.HEURISTIC] * 2, np.int64)
        P._play_out(st, policies, chunk_state(i, 0))
        deal.state[:] = st
        assert deal.done
        n = sum(deal.tricks)
        if bid == "pass":
            assert n == 13
        elif bid == "grandi":
            assert n == 7 or deal.tricks[i % 4] == n - 1
        else:
            assert n == 13 or deal.tricks[i % 4] == 2
        assert sum(deal.settle()) == 0
        played = int(st[E.PLAYED]).bit_count()
        assert played == 4 * n


def test_bid_values_of_thirteen_clubs_are_determined_by_the_rules():
    """Forehand with all 13 clubs leads clubs and wins every trick, whatever the others do:
    Grandi +15 (7 tricks); Grand +14 (13 tricks: 1 + 6 = 7 from each of 2 defenders);
    Nolo -28 (7 above 6: 14 to each defender); Solo-nolo -15 (stops at 2 tricks);
    pass -39 (13 to each of 3); joining seat 1's Solo-nolo: he still leads and takes all 13
    tricks (play goes on while the soloist has not failed), so he loses (-15) and the
    soloist, with none, wins (-5 more). Clubs cannot be called (W-2)."""
    hand = tuple(int(c) for c in parse_cards(ONE_SUIT[0]))
    report = bid_values(hand, seat=0, trials=200, seed=3)
    values = {b.bid: b for b in report.bids}
    expected = {
        "grandi": (1, 15, 7),
        "solo-nolo": (0, -15, 2),
        "pass": (0, -39, 13),
        "join the next seat's solo-nolo": (0, -20, 13),
    }
    for s in ("diamonds", "hearts", "spades"):
        expected[f"grand in {s}"] = (1, 14, 13)
        expected[f"nolo in {s}"] = (0, -28, 13)
    assert set(values) == set(expected)
    for name, (p, chips, tricks) in expected.items():
        assert (values[name].p_make, values[name].chips, values[name].tricks) == (p, chips, tricks), name
