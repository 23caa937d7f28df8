"""``holdem hits`` against a brute force written from the documented definitions.

The referee below classifies one hand (two hole cards, a board of 3 or 4) in plain Python over
ranks and suits, straight from the definitions in ``docs/cli/holdem-stud.md`` (and the docstring
of ``analyzer.games.holdem.texture``): it ranks the category itself, and finds straight draws by
trying every rank as the next card and backdoor draws by trying every pair of ranks as the next
two. It uses no project code but card parsing (``4 * rank + suit``), and the ranges it counts are
expanded here too. ``holdem hits`` must give every row's weighted count on flops of every
texture, on turns, with weights and dead cards, and on every flop.
"""

from __future__ import annotations

import json
from itertools import combinations

import numpy as np
import pytest

import analyzer as pa
from analyzer.cards import parse_cards

RANKS = "23456789TJQKA"
ACE = 12
WINDOWS = [frozenset({12, 0, 1, 2, 3})] + [frozenset(range(low, low + 5)) for low in range(9)]
CATEGORY = ["High card", "Pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house"]
CATEGORY += ["Four of a kind", "Straight flush"]


# ---------------------------------------------------------------- the referee


def has_straight(ranks: set[int]) -> bool:
    return any(w <= ranks for w in WINDOWS)


def category(cards: list[tuple[int, int]]) -> str:
    """The category of the best five of 5 or 6 (rank, suit) cards, by the ranking rules."""
    counts = sorted((sum(r == x for r, _ in cards) for x in {r for r, _ in cards}), reverse=True)
    ranks = {r for r, _ in cards}
    flush_ranks = [{r for r, s in cards if s == suit} for suit in range(4) if sum(s == suit for _, s in cards) >= 5]
    if flush_ranks and has_straight(flush_ranks[0]):
        return "Straight flush"
    if counts[0] >= 4:
        return "Four of a kind"
    if counts[0] == 3 and counts[1] >= 2:
        return "Full house"
    if flush_ranks:
        return "Flush"
    if has_straight(ranks):
        return "Straight"
    if counts[0] == 3:
        return "Three of a kind"
    if counts[:2] == [2, 2]:
        return "Two pair"
    return "Pair" if counts[0] == 2 else "High card"


def made_row(hole: list[tuple[int, int]], board: list[tuple[int, int]]) -> str:
    cards = hole + board
    kind = category(cards)
    hole_ranks = [r for r, _ in hole]
    board_ranks = sorted({r for r, _ in board}, reverse=True)
    count = {x: sum(r == x for r, _ in cards) for x in range(13)}

    def held(x: int) -> int:
        return hole_ranks.count(x)

    if kind == "Three of a kind":
        (t,) = [x for x in range(13) if count[x] == 3]
        return {2: "Set", 1: "Trips", 0: "Trips on the board"}[held(t)]
    if kind == "Two pair":
        high, low = sorted((x for x in range(13) if count[x] == 2), reverse=True)[:2]
        pair_holes = sorted([held(high), held(low)])
        return {
            (1, 1): "Two pair, both hole cards",
            (0, 2): "Two pair, pocket pair and board pair",
            (0, 1): "Two pair, hole card and board pair",
            (0, 0): "Two pair on the board",
        }[tuple(pair_holes)]
    if kind == "Pair":
        (x,) = [x for x in range(13) if count[x] == 2]
        if held(x) == 2:
            if x > board_ranks[0]:
                return "Overpair"
            return "Underpair" if x < board_ranks[-1] else "Pocket pair below top card"
        if held(x) == 1:
            if x == board_ranks[0]:
                return "Top pair"
            return "Second pair" if x == board_ranks[1] else "Weak pair"
        return "Pair on the board"
    if kind == "High card":
        return "Ace high" if ACE in hole_ranks else "No made hand"
    return kind


def draws(hole: list[tuple[int, int]], board: list[tuple[int, int]]) -> set[str]:
    cards = hole + board
    flop = len(board) == 3
    found = set()
    suits = [sum(s == suit for _, s in cards) for suit in range(4)]
    if max(suits) < 5:
        for suit in range(4):
            holding = [r for r, s in hole if s == suit]
            if holding and suits[suit] == 4:
                found.add("Flush draw")
                nut = max(r for r in range(13) if (r, suit) not in board)
                if nut in holding:
                    found.add("Nut flush draw")
            if holding and suits[suit] == 3 and flop:
                found.add("Backdoor flush draw")
    ranks = {r for r, _ in cards}
    hole_ranks = {r for r, _ in hole} - {r for r, _ in board}

    def completes(new: set[int]) -> bool:  # a straight holding a hole rank with the new ranks
        return any(w <= ranks | new and w & hole_ranks for w in WINDOWS)

    if not has_straight(ranks):
        outs = [r for r in range(13) if r not in ranks and completes({r})]
        if len(outs) >= 2:
            found.add("Open-ended or double gutshot")
        if len(outs) == 1:
            found.add("Gutshot")
        if not outs and flop and any(completes({a, b}) for a, b in combinations(sorted(set(range(13)) - ranks), 2)):
            found.add("Backdoor straight draw")
    if "Flush draw" in found and found & {"Open-ended or double gutshot", "Gutshot"}:
        found.add("Flush draw and straight draw")
    low_made = made_row(hole, board) in ("Ace high", "No made hand", "Pair on the board")
    if low_made and min(r for r, _ in hole) > max(r for r, _ in board):
        found.add("Two overcards")
    return found


def referee(combos: dict[tuple[int, int], float], board: list[int]) -> dict[str, float]:
    """Every row's weighted count of the combos holding no board card, and the total."""
    tally: dict[str, float] = {"total": 0.0}
    cards = [(c // 4, c % 4) for c in board]
    for (a, b), weight in combos.items():
        if a in board or b in board:
            continue
        hole = [(a // 4, a % 4), (b // 4, b % 4)]
        row = made_row(hole, cards)
        for name in {row, category(hole + cards), *draws(hole, cards)}:
            tally[name] = tally.get(name, 0.0) + weight
        tally["total"] += weight
    return tally


# ---------------------------------------------------------------- ranges, expanded here


def combos_of(ranks: str, suited: bool | None) -> list[tuple[int, int]]:
    """The combos of two ranks ("QQ", "AK"): suited, offsuit or (None) both; a pair's six."""
    hi, lo = RANKS.index(ranks[0]), RANKS.index(ranks[1])
    found = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * hi + s1, 4 * lo + s2
            if a > b and (hi == lo or suited is None or (s1 == s2) == suited):
                found.append((a, b))
    return found


RANDOM = {(a, b): 1.0 for a in range(52) for b in range(a)}
TIGHT = {c: 1.0 for name in ("QQ", "KK", "AA") for c in combos_of(name, None)}
TIGHT |= {c: 1.0 for c in combos_of("AK", True) + combos_of("76", True)}
RANGES = {"random": RANDOM, "QQ+, AKs, 76s": TIGHT}
BOARDS = {
    "rainbow unpaired": "Kh 7d 2c",
    "rainbow connected": "9h 8d 6c",
    "monotone": "Ah Th 4h",
    "paired": "Jc Jd 5h",
    "wheel turn": "Ah 5h 4c 3d",
    "paired two-tone turn": "9h 8h 7c 7d",
    "two-paired turn": "Kh Kd 5c 5s",
}


def assert_matches(result, expected: dict[str, float], boards: int = 1) -> None:
    """Every row of ``result`` is ``expected``'s count (per board) and share; every row that
    ``expected`` counts is in ``result``."""
    total = expected["total"]
    rows = {r.name: r for r in (*result.made, *result.categories, *result.draws)}
    assert set(expected) - {"total"} <= set(rows)
    for name, row in rows.items():
        assert row.combos == pytest.approx(expected.get(name, 0.0) / boards, rel=1e-12, abs=1e-12), name
        assert row.share == pytest.approx(expected.get(name, 0.0) / total, rel=1e-12, abs=1e-15), name
    assert result.weight == pytest.approx(total / boards, rel=1e-12)


# ---------------------------------------------------------------- on a board


@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
@pytest.mark.parametrize("text", RANGES)
@pytest.mark.jitless
def test_every_row_matches_the_brute_force(text, board):
    result = pa.holdem.hits(text, board=board)
    assert_matches(result, referee(RANGES[text], parse_cards(board).tolist()))
    assert result.board == board and result.boards == 1
    assert result.combos == sum(not set(c) & set(parse_cards(board).tolist()) for c in RANGES[text])


@pytest.mark.jitless
def test_random_boards_match_the_brute_force():
    rng = np.random.default_rng(2024)
    for size in [3] * 10 + [4] * 5:
        board = rng.choice(52, size, replace=False).tolist()
        assert_matches(pa.holdem.hits("random", board=board), referee(RANDOM, board))


@pytest.mark.parametrize("board", ["Kh 7d 2c", "Ts 9s 8s 2d"])
@pytest.mark.jitless
def test_made_rows_are_a_partition_refining_the_categories(board):
    result = pa.holdem.hits("random", board=board)
    assert sum(r.combos for r in result.made) == pytest.approx(result.weight)
    assert sum(r.share for r in result.made) == pytest.approx(1.0)
    assert sum(r.share for r in result.categories) == pytest.approx(1.0)
    frame = result.to_frame()
    made = frame[frame["kind"] == "made"].groupby("category", sort=False)["combos"].sum()
    for row in result.categories:
        assert made.get(row.name, 0.0) == pytest.approx(row.combos)
    # each combo alone falls in exactly one made-hand row
    cards = parse_cards(board).tolist()
    for a, b in [(51, 50), (47, 3), (21, 17), (12, 8)]:
        if not {a, b} & set(cards):
            one = pa.holdem.hits(f"{pa.cards.format_card(a)}{pa.cards.format_card(b)}", board=board)
            assert sorted(r.share for r in one.made)[-2:] == [0.0, 1.0]


@pytest.mark.jitless
def test_the_backdoor_draws_are_flop_rows():
    flop = {r.name for r in pa.holdem.hits("random", board="Kh 7d 2c").draws}
    turn = {r.name for r in pa.holdem.hits("random", board="Kh 7d 2c 3s").draws}
    assert flop - turn == {"Backdoor flush draw", "Backdoor straight draw"}


@pytest.mark.jitless
def test_weights_and_dead_cards():
    text = "QQ+:0.5, AKs, 76s:0.25"
    combos = {c: 0.5 for name in ("QQ", "KK", "AA") for c in combos_of(name, None)}
    combos |= {c: 1.0 for c in combos_of("AK", True)} | {c: 0.25 for c in combos_of("76", True)}
    dead = parse_cards("Ac 6h").tolist()
    alive = {c: w for c, w in combos.items() if not set(c) & set(dead)}
    result = pa.holdem.hits(text, board="Ks 7s 2s", dead="Ac 6h")
    assert_matches(result, referee(alive, parse_cards("Ks 7s 2s").tolist()))
    assert result.combos == len(alive) - sum(1 for c in alive if set(c) & set(parse_cards("Ks 7s 2s").tolist()))
    assert result.dead == "Ac 6h"
    assert pa.holdem.hits(pa.ranges.parse(text), "Ks 7s 2s", "Ac 6h").to_dict() | {"elapsed_seconds": 0} == (
        result.to_dict() | {"elapsed_seconds": 0}
    )


def test_too_many_dead_cards_for_every_flop():
    dead = [c for c in range(52) if c not in parse_cards("As Ks 2c 2d 2h")]
    with pytest.raises(ValueError, match="48 dead cards leave 4 cards"):
        pa.holdem.hits("AsKs", dead=[*dead, int(parse_cards("2c")[0])])
    result = pa.holdem.hits("AsKs", dead=dead)  # of the 10 flops, one holds neither As nor Ks
    assert result.boards == 10 and result.weight == 0.1 and result.row("Trips on the board").share == 1


# ---------------------------------------------------------------- every flop


@pytest.mark.jitless
def test_every_flop_matches_the_brute_force():
    combos = {tuple(parse_cards("As Ks").tolist()): 1.0, tuple(parse_cards("7h 6h").tolist()): 0.5}
    dead = parse_cards("2c 3c 4c 5c 8d 9d Td Jd Qd 2h 3h 4h 5h").tolist()
    left = [c for c in range(52) if c not in dead]
    expected: dict[str, float] = {}
    flops = list(combinations(left, 3))
    for flop in flops:
        for name, weight in referee(combos, list(flop)).items():
            expected[name] = expected.get(name, 0.0) + weight
    result = pa.holdem.hits("AsKs, 7h6h:0.5", dead=dead)
    assert result.boards == len(flops) == 9139 and result.board == ""
    assert_matches(result, expected, boards=len(flops))


@pytest.mark.jitless
def test_every_flop_of_one_pair_by_counting_cards():
    """A pocket pair flops a set (one of its two cards and two of other distinct ranks, no
    straight or flush possible with a pair), a full house or quads on 2,352 of 19,600 flops."""
    result = pa.holdem.hits("8s8h")
    assert result.boards == 22100 and result.weight == pytest.approx(19600 / 22100)
    sets = 2 * (48 * 47 / 2 - 12 * 6)  # one 8, then two cards of two distinct other ranks
    assert result.row("Set").share == pytest.approx(sets / 19600)
    better = sum(result.row(name).share for name in ("Set", "Full house", "Four of a kind"))
    assert better == pytest.approx(2352 / 19600)


def test_threads_do_not_change_the_figures():
    one = pa.holdem.hits("22+, A2s+, KTo+", threads=1)
    two = pa.holdem.hits("22+, A2s+, KTo+", threads=2)
    assert one.to_dict() | {"elapsed_seconds": 0} == two.to_dict() | {"elapsed_seconds": 0}


# ---------------------------------------------------------------- the result and the command line


def test_result_dict_frame_repr_and_plot():
    result = pa.holdem.hits("QQ+, AKs, 76s", board="Kh 7d 2c")
    data = result.to_dict()
    assert data["range"] == "QQ+, AKs, 76s" and data["combos"] == 21 and data["weight"] == 21
    assert [r["row"] for r in data["made"]][:3] == ["Straight flush", "Four of a kind", "Full house"]
    assert {r["row"]: r["category"] for r in data["made"]}["Set"] == "Three of a kind"
    frame = result.to_frame()
    assert list(frame.columns) == ["kind", "row", "category", "combos", "share"]
    assert len(frame) == len(result.made) + len(result.categories) + len(result.draws)
    assert repr(result).startswith("HitsResult: Hold'em hits of QQ+, AKs, 76s, board Kh 7d 2c; exact, 21 hands")
    figure = result.plot()
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert labels == ["Set", "Overpair", "Top pair", "Pocket pair below top card", "Second pair", "Backdoor flush draw"]


def test_cli_table_and_json(main_run):
    code, out, err = main_run("holdem", "hits", "QQ+, AKs, 76s", "--board", "Kh 7d 2c")
    words = " ".join(out.split())
    assert code == 0 and err == ""
    assert "│ Three of a kind │ 3 │ 14.286% │ │ Set │ 3 │ 14.286% │" in words
    assert "│ Backdoor flush draw │ 4 │ 19.048% │" in words
    code, out, _ = main_run("holdem", "hits", "QQ+, AKs, 76s", "--board", "Kh 7d 2c", "--dead", "As", "--json")
    data = json.loads(out)
    expected = pa.holdem.hits("QQ+, AKs, 76s", board="Kh 7d 2c", dead="As").to_dict()
    assert code == 0 and data | {"elapsed_seconds": 0} == expected | {"elapsed_seconds": 0}


def test_cli_chart_is_written_and_replaced_only_with_force(main_run, tmp_path):
    code, out, _ = main_run("holdem", "hits", "AKs", "-b", "Qs Js 2d", "--chart", "hits.png")
    assert code == 0 and "wrote hits.png" in out
    assert (tmp_path / "hits.png").read_bytes()[:4] == b"\x89PNG"
    code, _, err = main_run("holdem", "hits", "AKs", "-b", "Qs Js 2d", "--chart", "hits.png")
    assert code == 1 and "exists: give --force" in err
    assert main_run("holdem", "hits", "AKs", "-b", "Qs Js 2d", "--chart", "hits.png", "--force")[0] == 0
    assert main_run("holdem", "hits", "AKs", "-b", "Qs Js 2d", "--chart", "hits.svg")[0] == 2


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["random", "-b", "As Ks Qs Js Ts"], 2, "a flop (3 cards) or a turn (4)"),
        (["random", "-b", "As Ks"], 2, "got 2: As Ks"),
        (["random", "-b", "As Ks Qs", "-d", "Ks"], 2, "card 'Ks' is in both the board and the dead cards"),
        (["random", "-b", "As Ks Kx"], 2, "Kx"),
        (["QQX"], 2, "bad range term 'QQX'"),
        (["AsAh", "-b", "As Ks Qs"], 1, "range 'AsAh' has no combos left"),
    ],
)
def test_cli_errors_are_one_line(main_run, args, code, words):
    got, out, err = main_run("holdem", "hits", *args)
    assert got == code and out == "" and words in err
    assert len(err.splitlines()) == 1 and err.startswith("error: ")


# ---------------------------------------------------------------- the combos of each row, and the filter


def referee_rows(combos: dict[tuple[int, int], float], board: list[int]) -> dict[str, set[frozenset[int]]]:
    """Every row's combos (as card sets) among those holding no board card, each combo
    classified on its own by the referee."""
    rows: dict[str, set[frozenset[int]]] = {}
    cards = [(c // 4, c % 4) for c in board]
    for a, b in combos:
        if a in board or b in board:
            continue
        hole = [(a // 4, a % 4), (b // 4, b % 4)]
        for name in {made_row(hole, cards), category(hole + cards), *draws(hole, cards)}:
            rows.setdefault(name, set()).add(frozenset((a, b)))
    return rows


def card_sets(hands) -> set[frozenset[int]]:
    return {frozenset(parse_cards(h).tolist()) for h in hands}


MADE_ORDER = ["Straight flush", "Four of a kind", "Full house", "Flush", "Straight", "Set", "Trips"]
MADE_ORDER += ["Trips on the board", "Two pair, both hole cards", "Two pair, pocket pair and board pair"]
MADE_ORDER += ["Two pair, hole card and board pair", "Two pair on the board", "Overpair", "Top pair"]
MADE_ORDER += ["Pocket pair below top card", "Second pair", "Weak pair", "Underpair", "Pair on the board"]
MADE_ORDER += ["Ace high", "No made hand"]  # strongest first, as the docs order them

WEIGHTED = {c: 0.5 for name in ("QQ", "KK", "AA") for c in combos_of(name, None)}
WEIGHTED |= {c: 1.0 for c in combos_of("AK", True)} | {c: 0.25 for c in combos_of("76", True)}
WEIGHTED_TEXT = "QQ+:0.5, AKs, 76s:0.25"


@pytest.mark.parametrize("board", BOARDS.values(), ids=BOARDS.keys())
@pytest.mark.jitless
def test_every_rows_combos_are_the_brute_forces(board):
    cards = parse_cards(board).tolist()
    result = pa.holdem.hits("random", board=board)
    expected = referee_rows(RANDOM, cards)
    for row in (*result.made, *result.categories, *result.draws):
        assert card_sets(row.hands) == expected.get(row.name, set()), row.name
        assert len(row.hands) == row.combos  # every weight 1
    # the combos of a row are listed in the range's order
    order = [pa.ranges.format_combo(c) for c in result.in_play.combos]
    assert list(result.row("No made hand").hands) == [h for h in order if h in result.row("No made hand").hands]


@pytest.mark.jitless
def test_filter_against_the_brute_force_with_weights():
    board = "Kh 7d 2c"
    cards = parse_cards(board).tolist()
    result = pa.holdem.hits(WEIGHTED_TEXT, board=board)
    rows = referee_rows(WEIGHTED, cards)
    top_pair_or_better = set().union(*(rows.get(n, set()) for n in MADE_ORDER[: MADE_ORDER.index("Top pair") + 1]))
    wanted = top_pair_or_better | rows["Backdoor flush draw"]
    filtered = result.filter("Top pair+", "backdoor flush draw")
    assert card_sets(pa.ranges.format_combo(c) for c in filtered.combos) == wanted
    weight_of = {frozenset(c): w for c, w in WEIGHTED.items()}
    assert [weight_of[frozenset(c)] for c in filtered.combos.tolist()] == filtered.weights.tolist()
    # the canonical text parses back to the same range, which an equity query takes as it is
    assert pa.ranges.parse(filtered.canonical()) == filtered
    assert filtered.canonical() == "AA:0.5, KsKd:0.5, KsKc:0.5, KdKc:0.5, AsKs, AdKd, AcKc, 7h6h:0.25, 7c6c:0.25"
    by_text = pa.holdem.equity([filtered.canonical(), "AhQh"], board=board)
    by_range = pa.holdem.equity([filtered, "AhQh"], board=board)
    assert by_text.players == by_range.players and by_range.players[0].combos_listed == len(filtered)


@pytest.mark.jitless
def test_filter_names_in_any_case_categories_or_better_and_commas():
    result = pa.holdem.hits("random", board="Jh 9d 5c 5s")
    rows = referee_rows(RANDOM, parse_cards("Jh 9d 5c 5s").tolist())

    def combos(rng) -> set[frozenset[int]]:
        return {frozenset(c) for c in rng.combos.tolist()}

    assert combos(result.filter("PAIR or better")) == set().union(
        *(rows.get(c, set()) for c in CATEGORY[CATEGORY.index("Pair") :])
    )
    assert result.filter("pair+") == result.filter("Pair or better") == result.filter("  pair  +")
    assert combos(result.filter("trips")) == rows["Trips"]
    # the comma inside a row's name stays in it; commas also separate names
    assert result.filter("two pair, hole card and board pair, gutshot") == result.filter(
        "Two pair, hole card and board pair", "Gutshot"
    )
    assert combos(result.filter("two pair, hole card and board pair, gutshot")) == (
        rows["Two pair, hole card and board pair"] | rows["Gutshot"]
    )
    assert result.filter("Set+") == result.filter("set or better")
    assert len(result.filter("Set+")) == sum(len(rows.get(n, ())) for n in MADE_ORDER[:6])
    assert [r.name for r in result.made] == MADE_ORDER


def test_filter_errors_name_the_bad_part():
    result = pa.holdem.hits("QQ+, AKs, 76s", board="Kh 7d 2c")
    with pytest.raises(ValueError, match=r"unknown row 'top par' \(did you mean 'Top pair'\?\); the rows .*Overpair"):
        result.filter("top par")
    with pytest.raises(ValueError, match="'\\+' and 'or better' follow a made hand or a category, not a draw"):
        result.filter("flush draw+")
    with pytest.raises(ValueError, match="name at least one row"):
        result.filter(" , ")
    with pytest.raises(pa.ranges.EmptyRangeError, match="no combo of QQ\\+, AKs, 76s makes straight\\+ on Kh 7d 2c"):
        result.filter("straight+")
    every = pa.holdem.hits("AKs", dead="2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd")
    assert all(row.hands is None for row in (*every.made, *every.categories, *every.draws))
    assert every.to_dict()["made"][0]["hands"] is None
    with pytest.raises(ValueError, match="on every flop a combo makes different rows"):
        every.filter("Top pair")


def test_cli_combos_and_filter(main_run):
    code, out, err = main_run(
        "holdem", "hits", WEIGHTED_TEXT, "-b", "Kh 7d 2c", "--combos", "--filter", "top pair+, backdoor flush draw"
    )
    words = " ".join(out.split())
    assert code == 0 and err == ""
    assert "│ Set │ 1.50 │ KsKd:0.5, KsKc:0.5, KdKc:0.5 │" in words
    assert "│ Overpair │ 3 │ AA:0.5 │" in words
    assert "filter top pair+, backdoor flush draw: 14 combos, weight 8 AA:0.5" in words
    expected = pa.holdem.hits(WEIGHTED_TEXT, board="Kh 7d 2c").filter("top pair+, backdoor flush draw")
    assert out.splitlines()[-1] == expected.canonical()
    code, out, _ = main_run("holdem", "equity", out.splitlines()[-1], "AhQh", "-b", "Kh 7d 2c", "--json")
    assert code == 0 and json.loads(out)["players"][0]["combos_listed"] == len(expected)


def test_cli_filter_json(main_run):
    code, out, _ = main_run("holdem", "hits", WEIGHTED_TEXT, "-b", "Kh 7d 2c", "--filter", "set, overpair", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["filter"] == {
        "rows": "set, overpair",
        "range": "AA:0.5, KsKd:0.5, KsKc:0.5, KdKc:0.5",
        "combos": 9,
        "weight": 4.5,
    }
    assert {r["row"]: r["hands"] for r in data["made"]}["Overpair"] == ["AsAh", "AsAd", "AsAc", "AhAd", "AhAc", "AdAc"]
    code, out, _ = main_run("holdem", "hits", WEIGHTED_TEXT, "-b", "Kh 7d 2c", "--json")
    assert code == 0 and "filter" not in json.loads(out)


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["-b", "Kh 7d 2c", "--filter", "top par"], 2, "--filter: unknown row 'top par' (did you mean 'Top pair'?)"),
        (["-b", "Kh 7d 2c", "--filter", "gutshot or better"], 2, "follow a made hand or a category, not a draw"),
        (["--filter", "top pair"], 2, "--filter works on a flop or a turn"),
        (["--combos"], 2, "--combos works on a flop or a turn"),
        (["-b", "Kh 7d 2c", "--filter", "straight+"], 1, "no combo of QQ+, AKs makes straight+ on Kh 7d 2c"),
    ],
)
def test_cli_filter_and_combos_errors_are_one_line(main_run, args, code, words):
    got, out, err = main_run("holdem", "hits", "QQ+, AKs", *args)
    assert got == code and out == "" and words in err
    assert len(err.splitlines()) == 1 and err.startswith("error: ")
