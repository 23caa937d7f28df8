"""Whist bid values and Mousel advice, the committed Whist and Mousel tables, and the
``whist`` / ``mousel`` commands (rules §6.4, §6.5).

The expected answers come from outside the code under test:

* Whist: the pure-Python referee of :mod:`whist_referee` (shared with
  ``test_whist_engine.py``), written from the rules text (no trumps W-1; follow
  suit; the highest card of the led suit wins, ace low in Nolo and Solo-nolo, high in
  Grand, Grandi and the pass game W-7; forehand leads, the bidder in Grandi; the called
  ace rule W-3 ``when_led``; early ends W-8; pairwise settlement W-5, W-6), playing
  uniformly random legal cards with ``random.Random``. Its P(make) and mean chips over
  random deals of the 39 unseen cards are compared with ``bid_values(policy="random")``
  within 4 combined standard errors. A hand of all 13 spades has forced outcomes whose
  chips are worked out by hand from the rules.
* Mousel: a pure-Python whole deal written from the rules and the documented baseline
  players (strength table, going along / exchange / declaring thresholds), the declarer's
  tricks found by the brute-force minimax (alpha-beta) of :mod:`mousel_referee` (shared
  with ``test_mousel_engine.py``), compared with
  ``advise(play="exact")`` within 4 combined standard errors. Facts that follow from the
  rules (two top trumps always make two tricks; folding wins and risks nothing this deal).
* The committed tables under results/ are re-run from their tables.toml parameters and
  must equal the CSVs (written with ``%.10g``), so they come from the documented command.

Card codes are ``4 * rank + suit`` (ranks 2..A = 0..12; suits c, d, h, s = 0..3); the
helpers below parse card text themselves, and the referees play card text.
"""

from __future__ import annotations

import json
import math
import random
import tomllib
from itertools import combinations
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer.cards import CardError, format_card, format_cards
from analyzer.games.mousel.advise import advise
from analyzer.games.mousel.rules import MouselRules
from analyzer.games.whist.bid import bid_values
from analyzer.games.whist.rules import WhistRules, parse_bid, parse_hand
from analyzer.sim.runner import Runner
from analyzer.studies import run_study
from analyzer.studies.mousel import MouselPlan
from mousel_referee import Referee as MouselReferee
from mousel_referee import minimax
from whist_referee import Referee as WhistReferee
from whist_referee import play_random

ROOT = Path(__file__).resolve().parent.parent
RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
SIGMAS = 4.0


def code(text: str) -> int:
    return 4 * RANKS.index(text[0].upper()) + SUITS.index(text[1].lower())


def codes(text: str) -> tuple[int, ...]:
    return tuple(code(t) for t in text.split())


def combined_se(*ses: float) -> float:
    return math.sqrt(sum(s * s for s in ses))


def mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / n
    return mean, math.sqrt(var / n)


def assert_close(ours: float, ours_se: float, theirs: float, theirs_se: float, what: str) -> None:
    se = combined_se(ours_se, theirs_se)
    assert abs(ours - theirs) <= SIGMAS * se + 1e-12, (
        f"{what}: referee {ours:.4f} ± {ours_se:.4f}, engine {theirs:.4f} ± {theirs_se:.4f} "
        f"(difference {abs(ours - theirs) / se if se else math.inf:.1f} s.e.)"
    )


# =======================================================================================
# Whist: a pure-Python referee with random legal play (rules §6.4)
# =======================================================================================


def whist_referee(
    hand: tuple[int, ...],
    seat: int,
    bids: list[str],
    deals: int,
    seed: int,
) -> dict[str, dict[str, tuple[float, float]]]:
    """P(make), chips and tricks (mean, s.e.) of each bid over random deals of the others,
    each deal played by the shared :class:`whist_referee.Referee` with uniformly random legal
    cards. The reported tricks are the bidder's side's (his own without a partner); "join"
    is joining a Solo-nolo bid by the next seat (W-4), with his own tricks."""
    rng = random.Random(seed)
    unseen = [c for c in range(52) if c not in hand]
    out: dict[str, dict[str, list[float]]] = {b: {"p_make": [], "chips": [], "tricks": []} for b in bids}
    for _ in range(deals):
        rng.shuffle(unseen)
        others = iter([unseen[0:13], unseen[13:26], unseen[26:39]])
        deal = [format_cards(hand if s == seat else next(others)) for s in range(4)]
        for bid in bids:
            if bid == "join":
                ref = play_random(WhistReferee(deal, "solo-nolo", (seat + 1) % 4, joiner=seat), rng)
            else:
                ref = play_random(WhistReferee(deal, bid, seat), rng)
            out[bid]["p_make"].append(float(ref.made(seat)))
            out[bid]["chips"].append(float(ref.settle()[seat]))
            out[bid]["tricks"].append(float(ref.tricks[seat] if bid == "join" else ref.side_tricks()))
    return {b: {k: mean_se(v) for k, v in stats.items()} for b, stats in out.items()}


def engine_bid_name(bid: str) -> str:
    if bid == "join":
        return "join the next seat's solo-nolo"
    contract, _, suit_text = bid.partition(":")
    return f"{contract} in {SUIT_WORDS[SUITS.index(suit_text)]}" if suit_text else contract


WHIST_CASES = [
    # a strong hand, forehand: Grand in clubs (partner holds Ac), Grandi, Nolo, pass
    ("As Ks Qs Js 9s Ah Kh Qh Ad Kd 5c 3c 2c", 0, ["grand:c", "nolo:c", "grandi", "pass"], 11),
    # a low hand, seat 2: Nolo in spades, Solo-nolo, joining seat 3's, the pass game, Grand in hearts
    ("2s 3s 4s 2h 3h 5h 2d 4d 6d 2c 3c 7c Ac", 2, ["nolo:s", "solo-nolo", "join", "pass", "grand:h"], 12),
    # all four aces, seat 1: W-2, he calls one of his own aces and plays alone
    ("Ac Ad Ah As Kc Kd Qh Qs 9c 7d 5h 4s 2c", 1, ["grand:s", "nolo:d", "grandi"], 13),
]


# Every case with 15,000 referee deals is the slow tier; the fast tier plays the first case
# on 1,500 deals, where the four-standard-error tolerance is about three times wider.
WHIST_RUNS = [pytest.param(*case, 15_000, 20_000, marks=pytest.mark.slow) for case in WHIST_CASES] + [
    pytest.param(*WHIST_CASES[0], 1_500, 4_000)
]


@pytest.mark.parametrize("hand_text, seat, bids, seed, deals, trials", WHIST_RUNS)
def test_whist_random_play_matches_an_independent_referee(hand_text, seat, bids, seed, deals, trials):
    hand = codes(hand_text)
    report = bid_values(hand, seat=seat, policy="random", trials=trials, seed=seed)
    assert report.run.trials == trials and report.seat == seat
    engine = {b.bid: b for b in report.bids}
    expected = whist_referee(hand, seat, bids, deals=deals, seed=seed)
    for bid in bids:
        ours = expected[bid]
        theirs = engine[engine_bid_name(bid)]
        assert_close(*ours["p_make"], theirs.p_make, theirs.p_make_stderr, f"{bid} P(make)")
        assert_close(*ours["chips"], theirs.chips, theirs.chips_stderr, f"{bid} chips")
        assert_close(*ours["tricks"], theirs.tricks, theirs.tricks_stderr, f"{bid} tricks")


@pytest.mark.jitless
def test_whist_bids_of_a_four_ace_hand_include_every_suit():
    """W-2: holding all four aces he may name any suit (and plays alone)."""
    hand = codes(WHIST_CASES[2][0])
    names = {b.bid for b in bid_values(hand, policy="random", trials=100, seed=1).bids}
    assert names == (
        {"pass", "solo-nolo", "grandi", "join the next seat's solo-nolo"}
        | {f"{c} in {w}" for c in ("nolo", "grand") for w in SUIT_WORDS}
    )
    no_joiners = bid_values(hand, rules=WhistRules(max_solo_joiners=0), policy="random", trials=100, seed=1)
    assert names - {b.bid for b in no_joiners.bids} == {"join the next seat's solo-nolo"}


# -- a hand of all 13 spades: every outcome is forced ------------------------------------

SPADES = "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"


@pytest.mark.jitless
def test_thirteen_spades_from_forehand_has_forced_outcomes():
    """Nobody else holds a spade, there are no trumps (W-1): whoever leads spades wins the
    trick, and a void player's discard never wins. Forehand (seat 0) leads first and so
    takes every trick he plays to. W-2: he holds only the ace of spades, so he calls clubs,
    diamonds or hearts and the holder of that ace is his partner (who takes no trick).

    * pass game: 13 tricks to 0, 0, 0; each of the three winners collects 13: -39.
    * Nolo: side 13 tricks, 7 above 6: 2 x 7 = 14 to each of the 2 opponents: -28.
    * Grand: side 13 tricks, 1 + 6 overtricks = 7 from each of the 2 opponents: +14.
    * Solo-nolo: play stops at his second trick (W-8): lost, 5 to each of 3: -15, 2 tricks.
    * Grandi: he leads and takes the first 7 tricks, then play stops: +15, 7 tricks.
    * Joining seat 1's Solo-nolo: he leads and wins every trick; play goes on to the 13th
      because the soloist (no trick) has not failed: he loses 15, the soloist wins 5 from
      him too: -20, 13 tricks.
    """
    report = bid_values(codes(SPADES), seat=0, policy="random", trials=300, seed=3)
    expected = {
        "pass": (0, -39, 13),
        "solo-nolo": (0, -15, 2),
        "grandi": (1, 15, 7),
        "join the next seat's solo-nolo": (0, -20, 13),
    }
    for word in ("clubs", "diamonds", "hearts"):
        expected[f"nolo in {word}"] = (0, -28, 13)
        expected[f"grand in {word}"] = (1, 14, 13)
    got = {b.bid: b for b in report.bids}
    assert set(got) == set(expected)  # exactly the callable suits: never spades
    for name, (p, chips, tricks) in expected.items():
        b = got[name]
        assert (b.p_make, b.chips, b.tricks) == (p, chips, tricks), name
        assert b.p_make_stderr == b.chips_stderr == b.tricks_stderr == 0.0
    assert [b.chips for b in report.bids] == sorted((b.chips for b in report.bids), reverse=True)
    assert report.bids[0].bid == "grandi"


def test_thirteen_spades_from_seat_two_has_forced_outcomes():
    """From seat 2 he never gets the lead (forehand leads a non-spade; he can only discard)
    except in Grandi, where the bidder leads: Solo-nolo made with 0 tricks +15; Grandi +15;
    the pass game: he has 0 tricks, the others 13 in all, so he collects 13 whoever ties."""
    report = bid_values(codes(SPADES), seat=2, policy="heuristic", trials=300, seed=4)
    got = {b.bid: b for b in report.bids}
    assert (got["solo-nolo"].p_make, got["solo-nolo"].chips, got["solo-nolo"].tricks) == (1, 15, 0)
    assert (got["grandi"].p_make, got["grandi"].chips, got["grandi"].tricks) == (1, 15, 7)
    assert (got["pass"].p_make, got["pass"].chips, got["pass"].tricks) == (1, 13, 0)


def test_whist_hand_errors():
    with pytest.raises(CardError, match="13 cards"):
        parse_hand(" ".join(SPADES.split()[:12]))
    with pytest.raises(CardError, match="duplicate"):
        parse_hand(" ".join(SPADES.split()[:12] + ["3s"]))
    with pytest.raises(CardError, match="joker"):
        parse_hand(" ".join(SPADES.split()[:12] + ["Jk"]))
    spades = codes(SPADES)
    for bad in (spades[:12], spades[:12] + (spades[0],), spades[:12] + (52,)):
        with pytest.raises(ValueError, match="13 different cards"):
            bid_values(bad, trials=10, seed=1)
    with pytest.raises(ValueError):
        bid_values(spades, seat=4, trials=10, seed=1)
    with pytest.raises(ValueError, match="policy"):
        bid_values(spades, policy="clever", trials=10, seed=1)
    assert parse_bid("grand:h") == (2, 2) and parse_bid("solo") == (3, -1) and parse_bid("pass") == (0, -1)
    with pytest.raises(ValueError):
        parse_bid("grand")  # Grand names a suit


# =======================================================================================
# Mousel: a pure-Python whole deal with exact (minimax) play (rules §6.5)
# =======================================================================================

TRUMP_VALUE = {12: 1.0, 11: 0.85, 10: 0.7, 9: 0.55, 8: 0.45}  # by rank; a lower trump 0.35
SIDE_VALUE = {12: 0.6, 11: 0.3}  # anything else 0


def card_value(card: int, trump: int) -> float:
    rank = card >> 2
    if card & 3 == trump:
        return TRUMP_VALUE.get(rank, 0.35)
    return SIDE_VALUE.get(rank, 0.0)


def strength(hand, trump: int) -> float:
    # summed from the lowest card code up, so that sums landing exactly on a threshold
    # (e.g. 1.0 + 0.6) round the same way as the documented table applied card by card
    total = 0.0
    for card in sorted(hand):
        total += card_value(card, trump)
    return total


def mousel_deal(
    hand: tuple[int, ...],
    trump_card: int,
    players: int,
    seat: int,
    lay_away: tuple[int, ...],
    params: tuple[float, float, float],
    rng: random.Random,
) -> tuple[bool, int]:
    """One deal with ``seat`` going along, laying away ``lay_away`` and taking the game
    when offered; the others baseline players with thresholds ``params`` = (along,
    declare, keep). Returns (seat declared, seat's tricks)."""
    along, declare, keep = params
    trump = trump_card & 3
    unseen = [c for c in range(52) if c not in hand and c != trump_card]
    rng.shuffle(unseen)  # the others' hands, then the stock in order
    hands: dict[int, list[int]] = {}
    k = 0
    for s in range(players):
        if s == seat:
            hands[s] = list(hand)
        else:
            hands[s] = unseen[k : k + 4]
            k += 4
    stock = unseen[k:]
    # going along: the baseline goes along with strength >= along
    part = [s for s in range(players) if s == seat or strength(hands[s], trump) >= along]
    if len(part) < 2:
        return False, 0  # one participant: a void deal (M-8)
    # the exchange, in seat order: lay away, draw as many from the stock while it lasts
    for s in part:
        out = list(lay_away) if s == seat else [c for c in hands[s] if card_value(c, trump) < keep]
        for c in out:
            if not stock:
                break
            hands[s].remove(c)
            hands[s].append(stock.pop(0))
    # declaring, in seat order: the first who takes the game
    declarer = None
    for s in part:
        if s == seat or strength(hands[s], trump) >= declare:
            declarer = s
            break
    if declarer != seat:
        return False, 0
    # the play: the shared referee, the first participant leading; exact play by minimax
    ref = MouselReferee(
        [format_cards(hands[s]).split() if s in part else [] for s in range(players)], format_card(trump_card), seat
    )
    return True, minimax(ref)


MOUSEL_CASES = [
    # 3 players; forehand keeps all and takes the game: declares whenever someone else goes along
    ("Kh Qh 9c 4d", "7h", 3, 0, "", (0.7, 1.6, 0.3), 21),
    # the dealer lays away 9c 4d: he declares only if the participants before him pass
    ("Kh Qh 9c 4d", "7h", 3, 2, "9c 4d", (0.7, 1.6, 0.5), 22),
    ("Kh Qh 9c 4d", "7h", 3, 2, "9c 4d", (0.7, 1.6, 0.3), 23),
    # 4 players, seat 1 lays away 4d
    ("Kh Qh 9c 4d", "7h", 4, 1, "4d", (0.7, 1.6, 0.3), 24),
]


# Every case with 5,000-8,000 referee deals is the slow tier; the fast tier plays the
# forehand case (which also checks the tricks) on 800 deals against 4,000 engine trials.
MOUSEL_RUNS = [
    pytest.param(*case, 8000 if case[2] == 3 else 5000, 20_000, marks=pytest.mark.slow) for case in MOUSEL_CASES
] + [pytest.param(*MOUSEL_CASES[0], 800, 4_000)]


@pytest.mark.parametrize("hand_text, trump_text, players, seat, lay_text, params, seed, deals, trials", MOUSEL_RUNS)
def test_mousel_exact_play_matches_an_independent_minimax(
    hand_text, trump_text, players, seat, lay_text, params, seed, deals, trials
):
    """P(make | you declared) and P(you declare) of one option against a whole deal played
    here: baseline going along, exchange and declaring in seat order, then minimax. Exact
    play's tie-break among equally good cards cannot change the declarer's trick count."""
    hand, trump_card, lay_away = codes(hand_text), code(trump_text), codes(lay_text)
    rng = random.Random(seed)
    declared, made, tricks = [], [], []
    for _ in range(deals):
        d, t = mousel_deal(hand, trump_card, players, seat, lay_away, params, rng)
        declared.append(float(d))
        tricks.append(float(t))
        if d:
            made.append(float(t >= 2))
    advice = advise(hand_text, trump_text, players, seat=seat, params=params, play="exact", trials=trials, seed=seed)
    option = f"exchange {lay_text}, declare" if lay_text else "keep all, declare"
    engine = {o.option: o for o in advice.options}[option]
    p_make, p_make_se = mean_se(made)
    assert 0.05 < p_make < 0.97  # an informative case
    assert_close(p_make, p_make_se, engine.p_make, engine.p_make_stderr, f"{option}: P(make | declared)")
    p_declare, p_declare_se = mean_se(declared)
    engine_declare_se = math.sqrt(engine.p_declare * (1 - engine.p_declare) / advice.run.trials)
    assert_close(p_declare, p_declare_se, engine.p_declare, engine_declare_se, f"{option}: P(declare)")
    if seat == 0:
        # forehand declaring plays every game as declarer, so the reported mean tricks (0 when
        # no game) are the minimax tricks; the engine gives no s.e., ours stands in for it
        mean_tricks, tricks_se = mean_se(tricks)
        assert_close(
            mean_tricks, tricks_se, engine.tricks, tricks_se * math.sqrt(deals / advice.run.trials), f"{option}: tricks"
        )


@pytest.mark.jitless
def test_minimax_helper_on_worked_examples():
    """The referee's own minimax on positions worked by hand (trumps hearts, 2 participants).

    * Declarer leads with Ah Kh 3c 2c against Qh 5s 4s 3s: Ah draws Qh, then the void
      opponent has only spades and no trump: 4 tricks.
    * The same hands, the opponent leading: a spade is trumped; the declarer cashes Ah
      (drawing Qh, so a club is not trumped later), then his clubs win: 4 tricks.
    * Declarer leads with Kh 4c 3c 2c against Ah 5s 4s 3s: a club forces Ah (void, must
      trump); a spade is then trumped with Kh and the last clubs win: 3 tricks (leading
      Kh instead loses it to Ah and every spade after: 0).
    """

    def tricks(hands: list[str], declarer: int) -> int:
        return minimax(MouselReferee([h.split() for h in hands], "7h", declarer))

    assert tricks(["Ah Kh 3c 2c", "Qh 5s 4s 3s"], 0) == 4
    assert tricks(["Qh 5s 4s 3s", "Ah Kh 3c 2c"], 1) == 4
    assert tricks(["Kh 4c 3c 2c", "Ah 5s 4s 3s"], 0) == 3


# -- Mousel facts --------------------------------------------------------------------------


def test_mousel_fold_and_the_option_list():
    hand = "Kh Qh 9c 4d"
    advice = advise(hand, "7h", 4, play="heuristic", trials=2000, seed=5)
    names = [o.option for o in advice.options]
    assert len(names) == len(set(names)) == 33  # fold + 16 exchange subsets x (declare, pass)
    cards = hand.split()
    expected = {"fold"}
    for k in range(5):
        for subset in combinations(cards, k):
            laid = f"exchange {' '.join(subset)}" if subset else "keep all"
            expected |= {f"{laid}, declare", f"{laid}, pass"}
    assert set(names) == expected
    fold = {o.option: o for o in advice.options}["fold"]
    assert fold.chips == 0 and fold.chips_stderr == 0 and fold.p_declare == 0 and fold.tricks == 0
    assert math.isnan(fold.p_make)
    for o in advice.options:
        if o.option.endswith(", pass"):
            assert o.p_declare == 0 and math.isnan(o.p_make)  # he never takes the game himself
    values = [o.value for o in advice.options]
    assert values == sorted(values, reverse=True)
    assert advice.best is advice.options[0] and advice.go_along == (advice.best.option != "fold")


@pytest.mark.parametrize("play", ["heuristic", "exact"])
@pytest.mark.parametrize("seat", [0, 2])
def test_mousel_two_top_trumps_always_make(play, seat):
    """Holding Ah and Kh with hearts trumps (the turned-up 2h is out of play), each of the
    two is played to a different trick and nothing beats it (Ah is the top trump; only Ah
    beats Kh): at least 2 tricks whatever the play, so P(make | declared) = 1."""
    advice = advise("Ah Kh 5c 3d", "2h", 4, seat=seat, play=play, trials=1500, seed=8)
    checked = 0
    for o in advice.options:
        laid = o.option.split(",")[0]
        if o.option.endswith(", declare") and "Ah" not in laid and "Kh" not in laid:
            assert o.p_declare > 0
            assert o.p_make == 1.0 and o.p_make_stderr == 0.0, o.option
            checked += 1
    assert checked == 4  # keep all, exchange 5c / 3d / both


def test_mousel_pack_and_input_errors():
    with pytest.raises(ValueError, match="at most 6"):
        advise("Ah Kh 9c 8d", "7h", 7, rules=MouselRules(deck=32), trials=10, seed=1)
    with pytest.raises(CardError, match="32-card pack"):
        advise("Ah Kh 9c 5d", "7h", 4, rules=MouselRules(deck=32), trials=10, seed=1)
    with pytest.raises(CardError, match="32-card pack"):
        advise("Ah Kh 9c 8d", "6h", 4, rules=MouselRules(deck=32), trials=10, seed=1)
    advise("Ah Kh 9c 8d", "7h", 6, rules=MouselRules(deck=32), trials=10, seed=1)  # 6 players fit
    with pytest.raises(ValueError, match="3 to 8"):
        advise("Ah Kh 9c 8d", "7h", 9, trials=10, seed=1)
    with pytest.raises(ValueError, match="3 to 8"):
        advise("Ah Kh 9c 8d", "7h", 2, trials=10, seed=1)
    with pytest.raises(CardError):
        advise("Ah Kh 9c", "7h", 4, trials=10, seed=1)
    with pytest.raises(CardError):
        advise("Ah Kh 9c 8d", "Ah", 4, trials=10, seed=1)  # the trump card is in the hand
    with pytest.raises(ValueError):
        advise("Ah Kh 9c 8d", "7h", 4, seat=4, trials=10, seed=1)


def test_mousel_advice_is_reproducible_from_its_seed():
    a = advise("Kh Qh 9c 4d", "7h", 5, play="exact", trials=1000, seed=77)
    b = advise("Kh Qh 9c 4d", "7h", 5, play="exact", trials=1000, seed=77)
    c = advise("Kh Qh 9c 4d", "7h", 5, play="exact", trials=1000, seed=78)
    assert a.run.seed == 77 and a.run.trials == 1000
    assert [o.to_dict() for o in a.options] == [o.to_dict() for o in b.options]
    assert [o.to_dict() for o in a.options] != [o.to_dict() for o in c.options]


# =======================================================================================
# The committed tables come from the documented command and seed
# =======================================================================================


def assert_table_equals_csv(table: pd.DataFrame, path: Path) -> None:
    numbers = pd.read_csv(path)
    texts = pd.read_csv(path, dtype=str, keep_default_na=False)
    assert list(table.columns) == list(numbers.columns), path.name
    assert len(table) == len(numbers), path.name
    for column in table.columns:
        ours = table[column]
        if pd.api.types.is_numeric_dtype(ours) and pd.api.types.is_numeric_dtype(numbers[column]):
            np.testing.assert_allclose(
                ours.to_numpy(float),
                numbers[column].to_numpy(float),
                rtol=1e-9,
                atol=0,
                equal_nan=True,
                err_msg=f"{path.name}: {column}",
            )
        else:
            theirs = texts[column].tolist()
            assert [("" if isinstance(v, float) and math.isnan(v) else str(v)) for v in ours] == theirs, (
                f"{path.name}: {column}"
            )


def load_params(analysis: str) -> dict:
    spec = tomllib.loads((ROOT / "results" / analysis / "tables.toml").read_text())
    assert spec["analysis"] == f"{analysis}.tables"
    return {k: tuple(v) if isinstance(v, list) else v for k, v in spec["params"].items()}


def assert_results_are_committed(analysis: str, results, command: str) -> dict[str, dict]:
    """Every study of the documented command equals its committed folder: the tables
    (to the %.10g the CSVs hold), the manifest's method, seed and trials, and the files."""
    manifests = {}
    for result in results:
        folder = ROOT / "results" / analysis / result.name
        assert folder.is_dir(), f"{folder} is not committed"
        manifest = json.loads((folder / "manifest.json").read_text())
        assert manifest["analysis"] == analysis and manifest["name"] == result.name
        assert manifest["command"] == command == result.manifest["command"]
        for key in ("method", "seed", "trials", "inputs"):
            assert json.loads(json.dumps(result.manifest[key])) == manifest[key], f"{result.name}: manifest {key}"
        files = {f"{stem}.csv" for stem in result.tables} | {f"{stem}.png" for stem in result.figures}
        assert set(manifest["files"]) == files
        for name in files:
            assert (folder / name).is_file() and (folder / name).stat().st_size > 0, name
        for name in result.figures:
            assert (folder / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        for name, table in result.tables.items():
            assert_table_equals_csv(table, folder / f"{name}.csv")
        manifests[result.name] = manifest
    return manifests


@pytest.mark.slow
def test_committed_whist_tables_are_reproduced():
    params = load_params("whist")
    results = run_study("whist.tables", params, runner=Runner(threads=2))
    manifests = assert_results_are_committed("whist", results, "poker-analyzer whist tables")
    bidding = manifests["bidding"]
    assert bidding["method"] == "monte-carlo" and bidding["seed"] == params["seed"]
    assert bidding["trials"] == bidding["inputs"]["deals"] == params["deals"]
    assert bidding["inputs"]["play"] == params["policy"]
    assert set(next(r for r in results if r.name == "bidding").tables) == {"by_feature", "bidding_chart"}


@pytest.mark.slow
def test_committed_mousel_tables_are_reproduced():
    params = load_params("mousel")
    plan = MouselPlan(**params)
    results = run_study("mousel.tables", params, runner=Runner(threads=2))
    manifests = assert_results_are_committed("mousel", results, "poker-analyzer mousel tables")
    thresholds = manifests["thresholds"]
    players = list(range(3, 9))
    assert thresholds["method"] == "monte-carlo" and thresholds["seed"] == params["seed"]
    assert thresholds["inputs"]["deals_per_cell"] == params["deals"] and thresholds["inputs"]["players"] == players
    assert thresholds["inputs"]["pots"] == list(plan.pots) and thresholds["inputs"]["play"] == plan.play
    assert thresholds["inputs"]["others_along_declare_keep"] == list(plan.others)
    assert thresholds["trials"] == params["deals"] * len(players) * len(plan.pots)
    assert set(next(r for r in results if r.name == "thresholds").tables) == {"by_strength", "thresholds"}


# =======================================================================================
# The commands
# =======================================================================================


def test_cli_whist_bid(cli):
    run = cli("whist", "bid", SPADES, "--policy", "random", "--trials", "500", "--seed", "2", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["trials"] == 500 and data["seed"] == 2 and data["seat"] == 0 and data["policy"] == "random"
    bids = {b["bid"]: b for b in data["bids"]}
    assert len(bids) == 10 and "grand in spades" not in bids
    assert bids["grandi"]["chips"] == 15 and bids["pass"]["chips"] == -39
    assert data["bids"][0]["bid"] == "grandi"
    assert {"p_make", "p_make_stderr", "chips", "chips_stderr", "tricks", "tricks_stderr"} <= data["bids"][0].keys()
    table = cli("whist", "bid", WHIST_CASES[0][0], "--trials", "300", "--seed", "2", "--seat", "1")
    assert table.returncode == 0, table.stderr
    assert "grand in clubs" in table.stdout and "grandi" in table.stdout


@pytest.mark.parametrize(
    "args, exit_code",
    [
        (("whist", "bid", "As Ks Qs"), 2),  # 3 cards
        (("whist", "bid", SPADES.replace("2s", "As")), 2),  # duplicate
        (("whist", "bid", SPADES.replace("2s", "Jk")), 2),  # joker
        (("whist", "bid", SPADES, "--policy", "clever", "--trials", "10"), 1),
        (("mousel", "advise", "Ah Kh 9c", "--trump", "7h", "--players", "4"), 2),
        (("mousel", "advise", "Ah Kh 9c 8x", "--trump", "7h", "--players", "4"), 2),
        (("mousel", "advise", "Ah Kh 9c 8d", "--trump", "7h", "--players", "9"), 1),
        (("mousel", "advise", "Ah Kh 9c 8d", "--trump", "7h", "--players", "7", "--deck", "32"), 1),
    ],
)
def test_cli_errors_are_one_line(cli, args, exit_code):
    run = cli(*args)
    assert run.returncode == exit_code, (run.returncode, run.stderr)
    assert run.stderr.startswith("error:") and run.stderr.count("\n") == 1, run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""


def test_cli_mousel_advise(cli):
    run = cli(
        "mousel",
        "advise",
        "Ah Kh 5c 3d",
        "--trump",
        "2h",
        "--players",
        "4",
        "--seat",
        "1",
        "--pot",
        "4",
        "--play",
        "exact",
        "--trials",
        "800",
        "--seed",
        "9",
        "--json",
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["players"] == 4 and data["seat"] == 1 and data["pot"] == 4 and data["trials"] == 800
    assert data["play"] == "exact" and data["seed"] == 9
    options = {o["option"]: o for o in data["options"]}
    assert len(options) == 33 and data["best"] in options and data["best"] == data["options"][0]["option"]
    assert data["go_along"] == (data["best"] != "fold")
    assert options["keep all, declare"]["p_make"] == 1.0
    assert options["fold"]["chips"] == 0 and options["fold"]["p_make"] is None
    text = cli(
        "mousel",
        "advise",
        "Kh Qh 9c 8d",
        "--trump",
        "7h",
        "--players",
        "3",
        "--trials",
        "300",
        "--seed",
        "1",
        "--deck",
        "32",
    )
    assert text.returncode == 0, text.stderr
    assert "best:" in text.stdout


@pytest.mark.slow
def test_cli_tables_write_their_folders(cli, tmp_path):
    run = cli("whist", "tables", "--deals", "2000", "--seed", "5", "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr
    folder = tmp_path / "whist" / "bidding"
    assert {p.name for p in folder.iterdir()} == {
        "manifest.json",
        "by_feature.csv",
        "bidding_chart.csv",
        "p_make_by_feature.png",
        "bidding_chart.png",
    }
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["seed"] == 5 and manifest["trials"] == 2000 and manifest["method"] == "monte-carlo"
    by_feature = pd.read_csv(folder / "by_feature.csv")
    assert set(by_feature.contract) == {"pass", "nolo", "grand", "solo-nolo", "grandi"}
    aces = by_feature[(by_feature.feature == "aces") & (by_feature.contract == "pass")]
    assert aces.deals.sum() == 2000  # every deal in exactly one aces bin

    run = cli("mousel", "tables", "--deals", "300", "--seed", "5", "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr
    folder = tmp_path / "mousel" / "thresholds"
    assert {p.name for p in folder.iterdir()} == {
        "manifest.json",
        "by_strength.csv",
        "thresholds.csv",
        "going_along.png",
        "declaring.png",
    }
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["seed"] == 5 and manifest["trials"] == 300 * 6 * 2
    by_strength = pd.read_csv(folder / "by_strength.csv")
    assert sorted(by_strength.players.unique()) == list(range(3, 9))
    assert (by_strength.groupby(["players", "pot"]).deals.sum() == 300).all()
