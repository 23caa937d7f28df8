"""Live combos (``PlayerEquity.combos``): the combos of a range that are in at least one deal,
against a brute force over every choice of one combo per player, against the combos an exact
breakdown deals, and on the command line; ``combos_listed`` keeps every combo of the range."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from typer.testing import CliRunner

import analyzer as pa
from analyzer.cards import parse_cards
from analyzer.cli.main import app
from analyzer.games.holdem import live
from analyzer.games.holdem.deal import prepare_deal
from analyzer.ranges import format_combo, parse

ISSUE = ["AhKh", "QQ+, AQs+"]
ISSUE_BOARD = "Qh 7c 2h"


def brute_live(ranges: list[str], board: str) -> list[int] | None:
    """Per player, the combos (board cards removed) that some choice of one combo per player
    using no card twice gives him: for every combo of every player, a search through the other
    players' combos for one such choice. None when there is no such choice."""
    known = set(parse_cards(board).tolist())
    combos = [[set(c) for c in parse(r).combos.tolist() if not known & set(c)] for r in ranges]

    def dealt(players: list[int], used: set) -> bool:
        """Whether each of ``players`` can get one of his combos, no card twice nor in ``used``."""
        if not players:
            return True
        return any(not used & c and dealt(players[1:], used | c) for c in combos[players[0]])

    live = []
    for p, own in enumerate(combos):
        others = [q for q in range(len(combos)) if q != p]
        live.append(sum(dealt(others, c) for c in own))
    return live if live[0] else None


def test_the_issue_json_says_15_live_combos_of_22():
    result = CliRunner().invoke(app, ["holdem", "equity", *ISSUE, "-b", ISSUE_BOARD.replace(" ", ""), "--json"])
    assert result.exit_code == 0, result.output
    hand, rng = json.loads(result.output)["players"]
    assert (hand["combos"], hand["combos_listed"]) == (1, 1)
    # QQ+, AQs+ on Qh 7c 2h: QQ 3, KK 6, AA 6, AKs 3 and AQs 2 listed (no Qh, no 2h); AhKh blocks
    # the three aces pairs with Ah, the three kings pairs with Kh and AQs, AKs of hearts: 7
    assert (rng["combos"], rng["combos_listed"]) == (15, 22)
    assert brute_live(ISSUE, ISSUE_BOARD) == [1, 15]


def test_the_table_shows_the_live_count_and_says_how_many_are_blocked():
    result = CliRunner().invoke(app, ["holdem", "equity", *ISSUE, "-b", ISSUE_BOARD])
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "QQ+, AQs+" in line and "│" in line)
    assert row.split("│")[3].strip() == "15"
    assert "player 2: 15 live combos of 22 listed; 7 combos in no deal" in result.output
    known = CliRunner().invoke(app, ["holdem", "equity", "AsKs", "QdQc"])
    assert "live combos" not in known.output


@pytest.mark.parametrize(
    ("ranges", "board"),
    [
        (["AhKh", "QQ+, AQs+"], "Qh 7c 2h"),
        (["AhKh", "QQ+, AQs+", "AsAd"], "Qh 7c 2h"),
        (["AA", "AA", "KK, AK"], ""),
        (["AA, KK", "AK", "AK", "KK"], "2c 3d 4h"),
        (["QQ+, AKs", "JJ+", "AK, KQs", "random"], "Kh 7d 2c"),
    ],
)
def test_live_counts_match_a_brute_force_over_every_choice(ranges, board):
    deal = prepare_deal(ranges, board)
    assert list(deal.live) == brute_live(ranges, board)
    assert [len(r) for r in deal.ranges] == [len(parse(r).without(parse_cards(board))) for r in ranges]


def test_random_narrow_ranges_match_the_brute_force():
    """Ranges of 1 to 6 combos drawn from 12 cards, 2 to 4 players: many combos are blocked,
    through the search of several players as well as by one."""
    pool = parse_cards("As Ah Ad Ac Ks Kh Kd Kc Qs Qh Qd Qc").tolist()
    pairs = list(itertools.combinations(pool, 2))
    generator = np.random.default_rng(2026)
    checked = 0
    for _ in range(150):
        n = int(generator.integers(2, 5))
        ranges = []
        for _ in range(n):
            picks = generator.choice(len(pairs), int(generator.integers(1, 7)), replace=False)
            ranges.append(", ".join(format_combo(sorted(pairs[i], reverse=True)) for i in picks))
        expected = brute_live(ranges, "")
        if expected is None:
            with pytest.raises(ValueError, match="cannot all be dealt"):
                prepare_deal(ranges)
            continue
        assert list(prepare_deal(ranges).live) == expected, ranges
        checked += 1
    assert checked > 50


def test_an_undecided_search_counts_the_combo_live(monkeypatch):
    """Out of search tries, a combo counts as live (module docstring). Player 3's AdKh is dead:
    player 2 then holds AhAc, which shares the Ac of player 1's one hand; but every one of his
    combos fits with some hand of each other player, so only the search can tell."""
    ranges = ["AsAc", "AdKs, AhAc", "AdKh, AhKh"]
    combos = [parse(r).combos for r in ranges]

    def live_ones() -> list[list[str]]:
        return [[format_combo(c) for c in cs[m]] for cs, m in zip(combos, live.live_combos(combos, 0))]

    assert live_ones() == [["AsAc"], ["AdKs"], ["AhKh"]]
    assert brute_live(ranges, "") == [1, 1, 1]
    monkeypatch.setattr(live, "LIVE_SEARCH_TRIES", 0)
    assert live_ones() == [["AsAc"], ["AdKs"], ["AhKh", "AdKh"]]


def test_a_search_that_gives_up_on_an_undealable_deal_leaves_a_clean_monte_carlo_error(monkeypatch):
    """Player 1's KsKh fits player 2's hands and player 3's one by one, and enough cards are
    left for both, but every hand of player 2 (AsAd, AcAh) blocks both of player 3's (AsAc, AdAh):
    only the search can tell. Out of tries it counts the combo live, and Monte Carlo then fails
    in one clear line."""
    ranges = ["KsKh", "AsAd, AcAh", "AsAc, AdAh"]
    assert brute_live(ranges, "") is None
    with pytest.raises(ValueError, match="cannot all be dealt together"):
        prepare_deal(ranges)
    monkeypatch.setattr(live, "LIVE_SEARCH_TRIES", 0)
    with pytest.raises(ValueError, match="almost never fit together: a deal failed 100,000 times in a row"):
        pa.holdem.equity(ranges, exact=False, trials=1_000, seed=1)


@pytest.mark.parametrize("exact", [True, False])
def test_live_combos_are_the_combos_an_exact_breakdown_deals(exact):
    """Exact: the breakdown has a row for every combo with a positive weight, which are the live
    ones; Monte Carlo reports the same count (a fact of the deal, not of the trials)."""
    ranges = ["AhKh", "QQ+, AQs+", "JJ+, AJs+"]
    run = {"exact": True} if exact else {"exact": False, "trials": 20_000, "seed": 3}
    result = pa.holdem.equity(ranges, board="Qh 7c 2h", breakdown=True, **run)
    counts = [(p.combos, p.combos_listed) for p in result.players]
    reference = pa.holdem.equity(ranges, board="Qh 7c 2h", breakdown=True, exact=True)
    dealt = [sum(w > 0 for w in p.breakdown.combos.weights) for p in reference.players]
    assert [live for live, _ in counts] == dealt == brute_live(ranges, "Qh 7c 2h")
    assert [listed for _, listed in counts] == [1, 22, 32]  # JJ+ 21 (QQ 3), AJs+ 11 (AQs 3)
    assert result.to_frame()[["combos", "combos_listed"]].values.tolist() == [list(c) for c in counts]


def test_stud_known_hands_have_one_live_combo():
    result = pa.stud.equity(["As Kd", "Qh Qc"], exact=False, trials=1_000, seed=1)
    assert [(p.combos, p.combos_listed) for p in result.players] == [(1, 1), (1, 1)]
    assert all(p["combos"] == p["combos_listed"] == 1 for p in result.to_dict()["players"])
