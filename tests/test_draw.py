"""Five-card draw: the opponents' policies, the discard advisor, Jacks or Better, and the CLI."""

import json

import numpy as np
import pytest

from analyzer.cards import CardError, format_cards, parse_cards
from analyzer.games.draw.advise import advise, discard_options
from analyzer.games.draw.engine import draw_kernels
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner


@pytest.mark.parametrize(
    "bug, hand, policy, four, kept",
    [
        (False, "Ah Kh Qh Jh 9h", 0, False, "Ah Kh Qh Jh 9h"),  # a made flush stands pat
        (False, "Jc Jd 8h 5s 2c", 0, False, "Jc Jd"),  # a pair draws three
        (False, "Jc Jd 8h 8s 2c", 0, False, "Jc Jd 8h 8s"),  # two pair draws one...
        (False, "Jc Jd 8h 8s 2c", 1, False, "Jc Jd 8h 8s 2c"),  # ...or stands pat under 'pat'
        (False, "7c 7d 7h 5s 2c", 0, False, "7c 7d 7h"),
        (False, "Ah Kh 7h 2h 9c", 0, False, "Ah Kh 7h 2h"),  # four to a flush
        (False, "9c Td Jh Qs 3c", 0, False, "9c Td Jh Qs"),  # open-ended
        (False, "9c Td Jh Ks 3c", 0, False, "Jh Ks"),  # inside straight: high cards
        (False, "Ac Kd 7h 5s 2c", 0, False, "Ac Kd"),
        (False, "Ac Kd 7h 5s 2c", 0, True, "Ac"),  # the 4-card draw keeping an ace
        (True, "Jk 5c 6d 7h 2s", 0, False, "Jk 5c 6d 7h"),  # the straight draw with the most outs,
        (True, "Jk 2s 5c 6d 7h", 0, False, "Jk 5c 6d 7h"),  # whatever the card order
        (True, "Jk Kh 7h 2h 9c", 0, False, "Jk Kh 7h 2h"),  # the joker fits every suit
        (True, "Jk 9d Th Js 2c", 0, False, "Jk 9d Th Js"),  # ...and fills straights
        (True, "Jk Ad 7h 5s 2c", 0, False, "Jk Ad"),  # joker + ace is a pair of aces
        (True, "Jk Kc Kd 7h 2s", 0, False, "Jk Kc Kd"),  # pair of kings: keep the joker too
    ],
)
@pytest.mark.jitless
def test_policies(bug, hand, policy, four, kept):
    cards = parse_cards(hand, allow_joker=bug)
    keep = draw_kernels(bug)[1](cards, policy, four)
    assert format_cards([cards[i] for i in range(5) if (keep >> i) & 1]) == kept


@pytest.mark.jitless
def test_discard_options():
    cards = parse_cards("Ac Kd 7h 5s 2c")
    assert len(discard_options(cards, 3, False)) == 1 + 5 + 10 + 10
    with_ace = discard_options(cards, 3, True)
    assert len(with_ace) == 27 and 0b00001 in with_ace  # keep the ace alone
    assert len(discard_options(cards, 5, False)) == 32


def best(advice):
    return advice.options[0]


def test_never_break_a_pat_flush():
    advice = advise("Ah Kh 9h 7h 2h", opponents=2, stopping=Stopping(trials=40_000), seed=1)
    assert best(advice).discard == "" and best(advice).keep == "Ah Kh 9h 7h 2h"


@pytest.mark.parametrize("opponents", [1, 3])
def test_a_four_flush_draws_one(opponents):
    advice = advise("Ah Kh 9h 7h 2c", opponents=opponents, stopping=Stopping(trials=60_000), seed=2)
    top, second = advice.options[:2]
    assert top.discard == "2c"
    assert top.equity - second.equity > 4 * top.stderr


def test_a_pair_of_jacks_draws_three_rather_than_standing_pat():
    advice = advise("Jc Jd 8h 5s 2c", stopping=Stopping(trials=60_000), seed=3)
    by_keep = {o.keep: o for o in advice.options}
    assert best(advice).keep in ("Jc Jd", "Jc Jd 8h")
    assert by_keep["Jc Jd"].equity > by_keep["Jc Jd 8h 5s 2c"].equity + 4 * by_keep["Jc Jd"].stderr


def test_sampled_draws_match_the_exact_draw_odds():
    """While the stock lasts, the player's cards are a uniform draw from the unseen cards
    whatever the opponents drew first, so every option's sampled categories match its exact
    draw odds within four standard errors (five opponents, draws of up to five)."""
    advice = advise(
        "Jc Jd 8h 5s 2c", opponents=5, policy="standard", max_draw=5, stopping=Stopping(trials=100_000), seed=4
    )
    n = advice.run.trials
    checks = [(o, name, p) for o in advice.options for name, p in o.categories.items() if n * p * (1 - p) >= 25]
    assert len(checks) > 50
    for option, name, p in checks:  # z < 5.5 on each: a false alarm among these ~1e-6, Bonferroni
        q = option.sampled_categories.get(name, 0.0)
        assert abs(q - p) < 5.5 * np.sqrt(p * (1 - p) / n), (option.keep, name)


@pytest.mark.jitless
def test_a_short_advice_run_draws_as_the_exact_draw_odds_say():
    """The advisor's kernel on 3,000 deals (small enough to run as Python), two opponents, draws
    of up to three: every option's sampled categories within 5.5 standard errors of its exact
    draw odds, where the count is large enough for the normal approximation."""
    advice = advise(
        "Jc Jd 8h 5s 2c", opponents=2, policy="standard", max_draw=3, stopping=Stopping(trials=3_000), seed=4
    )
    n = advice.run.trials
    checks = [(o, name, p) for o in advice.options for name, p in o.categories.items() if n * p * (1 - p) >= 25]
    assert n == 3_000 and len(checks) > 50
    for option, name, p in checks:
        q = option.sampled_categories.get(name, 0.0)
        assert abs(q - p) < 5.5 * np.sqrt(p * (1 - p) / n), (option.keep, name)


def test_an_exhausted_stock_is_rebuilt_from_the_opponents_discards():
    """With five dead cards the stock runs short and the player draws on from the opponents'
    reshuffled discards (§4.1); opponents keep pairs and high cards, so those discards hold
    fewer jacks than the unseen cards, and trips of jacks come less often than the exact
    odds (which assume a full stock) say."""
    advice = advise(
        "Jc Jd 8h 5s 2c", opponents=5, max_draw=3, dead="Ks Qs 9d 4c 3h", stopping=Stopping(trials=100_000), seed=4
    )
    jj = {o.keep: o for o in advice.options}["Jc Jd"]
    exact, sampled = jj.categories["Three of a kind"], jj.sampled_categories["Three of a kind"]
    assert exact - sampled > 4 * np.sqrt(exact * (1 - exact) / advice.run.trials)


def test_jacks_or_better_makes_the_field_stronger_for_a_hand_that_cannot_open():
    kwargs = dict(opponents=2, stopping=Stopping(trials=60_000), seed=5)
    free = {o.keep: o for o in advise("Kc Qd 7h 5s 2c", **kwargs).options}["Kc Qd"]
    opened = {o.keep: o for o in advise("Kc Qd 7h 5s 2c", jacks_or_better=True, **kwargs).options}["Kc Qd"]
    assert free.equity - opened.equity > 4 * max(free.stderr, opened.stderr)


def test_jacks_or_better_with_no_possible_opener_is_an_error_not_a_hang():
    hand = parse_cards("2c 3d 4h 6s 8c")
    left = parse_cards("5d 7h 9s Tc Jd Kh Ac 3s")  # no five of these can open
    dead = format_cards([c for c in range(52) if c not in set(hand.tolist()) | set(left.tolist())])
    with pytest.raises(ValueError, match="no opponent could open"):
        advise("2c 3d 4h 6s 8c", jacks_or_better=True, dead=dead, stopping=Stopping(trials=10), seed=1)


def test_same_seed_same_advice_on_one_or_two_threads():
    one = advise(
        "Ac Kd 7h 5s 2c",
        opponents=2,
        stopping=Stopping(trials=40_000),
        seed=6,
        chunk_size=5_000,
        runner=Runner(threads=1),
    )
    two = advise(
        "Ac Kd 7h 5s 2c",
        opponents=2,
        stopping=Stopping(trials=40_000),
        seed=6,
        chunk_size=5_000,
        runner=Runner(threads=2),
    )
    assert one.to_dict()["options"] == two.to_dict()["options"]


def test_bug_deck_advice():
    advice = advise("Jk Ad 7h 5s 2c", bug=True, stopping=Stopping(trials=20_000), seed=7)
    assert advice.rules == "bug" and "Jk" in best(advice).keep


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        (dict(hand="Ac Kd 7h 5s"), CardError, "4 cards given"),
        (dict(hand="Ac Kd 7h 5s Jk"), CardError, "joker"),
        (dict(hand="Ac Kd 7h 5s 2c", dead="Ac"), CardError, "card 'Ac' is in both the hand and the dead cards"),
        (dict(hand="Ac Kd 7h 5s 2c", opponents=6), ValueError, "6 opponents"),
        (dict(hand="Ac Kd 7h 5s 2c", policy="maniac"), ValueError, "unknown policy"),
    ],
)
def test_bad_inputs(kwargs, error, words):
    hand = kwargs.pop("hand")
    with pytest.raises(error, match=words):
        advise(hand, **kwargs)


def test_cli_odds_and_advise_json(cli):
    odds = json.loads(cli("draw", "odds", "Jc Jd 8h 5s 2c", "--discard", "8h 5s 2c", "--json").stdout)
    assert odds["exact"] is True and odds["categories"]["Pair"] == pytest.approx(11_559 / 16_215)
    assert odds["p_improve"] == pytest.approx(4_656 / 16_215)
    advice = json.loads(cli("draw", "advise", "Jc Jd 8h 5s 2c", "--trials", "20000", "--seed", "1", "--json").stdout)
    assert {"discard", "keep", "equity", "stderr", "p_improve"} <= set(advice["options"][0])
    equities = [o["equity"] for o in advice["options"]]
    assert equities == sorted(equities, reverse=True)


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["odds", "Jc Jd 8h 5s 2c", "--discard", "7c"], 2, "'7c' is not in the hand"),
        (["odds", "Jc Jd 8h 5s"], 2, "4 cards"),
        (["advise", "Jc Jd 8h 5s 2x"], 2, "'2x'"),
        (["advise", "Jc Jd 8h 5s 2c", "--opponents", "9"], 2, "--opponents"),
    ],
)
def test_cli_errors_are_one_line(args, code, words, cli):
    result = cli("draw", *args)
    assert result.returncode == code, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]
