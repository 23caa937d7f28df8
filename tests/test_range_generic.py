"""ProPokerTools' generic range syntax beside the classic one (analyzer/ranges.py's docstring):
card specs with rank and suit variables, lists and spans, ``:`` intersections, ``!`` exclusions,
the wildcard ``*``, and ``N%hu``; checked against a brute force written here from the rules."""

import itertools
import json
import re

import pytest
import typer
from typer.testing import CliRunner

from analyzer.cli.ranges import range_app
from analyzer.ranges import RangeError, parse, preflop_ranking

DONE_WHEN = {
    "AhK": 4,
    "Ah*": 51,
    "AxKx": 4,
    "AxKy": 12,
    "hh": 78,
    "RR": 78,
    "TT+!AA": 24,
    "A*": 198,
    "A*!AA": 192,
    "[KQJ]T": 48,
}


def combos(text):
    """The combos of a range as a set of frozensets of card codes."""
    return {frozenset(int(c) for c in row) for row in parse(text).combos}


@pytest.mark.parametrize("text, count", DONE_WHEN.items())
def test_the_issue_counts(text, count):
    assert len(parse(text)) == count
    assert parse(text).is_uniform


def run(*args):
    app = typer.Typer()
    app.add_typer(range_app, name="range")
    return CliRunner().invoke(app, ["range", *args])


def test_range_show_counts_the_issue_list():
    for text, count in DONE_WHEN.items():
        result = run("show", text, "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["combo_count"] == count, text


def test_range_show_refuses_a_bad_pattern_in_one_line():
    result = run("show", "AA, [KQJ]T, ARR")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        "error: bad range term 'ARR' (term 3): a Hold'em hand has two cards, the pattern names 3"
    )


# ---------------------------------------------------------------- a brute force from the rules

RANKS = "23456789TJQKA"  # rank r is codes 4r .. 4r+3
SUITS = "cdhs"  # suit s is codes with code % 4 == s
SPEC = re.compile(r"(\[[^\]a-z]*\]|10|[2-9A-Z*])?(\[[a-z,]*\]|[a-z])?")  # a rank part, a suit part


def listed_ranks(content):
    """The ranks of a rank list: ranks, ``A-T`` spans (aces high, either end first), commas."""
    content = content.replace(",", "").replace("10", "T")
    ranks = set()
    for span in re.finditer(r"(\w)(?:-(\w))?", content):
        ends = sorted(RANKS.index(end) for end in span.groups(span[1]))
        ranks.update(range(ends[0], ends[1] + 1))
    return ranks


def constraint(part, values, read):
    """("var", letter), ("set", the values written) or ("any", every value) of one rank or suit part."""
    if part in (None, "", "*"):
        return ("any", set(range(len(values))))
    if part.startswith("["):
        return ("set", read(part[1:-1]))
    if part == "10":
        return ("set", {RANKS.index("T")})
    if part in values:
        return ("set", {values.index(part)})
    return ("var", part)


def brute_force(pattern):
    """Every pair of cards some assignment of the pattern's variables allows: distinct variables
    take distinct values, none a value the pattern writes; one card spec means any other card."""
    specs = [m.groups() for m in SPEC.finditer(pattern) if m[0]]
    assert "".join(m[0] for m in SPEC.finditer(pattern)) == pattern, pattern  # read it all
    if len(specs) > 2:
        return None
    specs += [(None, None)] * (2 - len(specs))
    ranks = [constraint(rank, RANKS, listed_ranks) for rank, _ in specs]
    suits = [constraint(suit, SUITS, lambda text: {SUITS.index(s) for s in text.replace(",", "")}) for _, suit in specs]
    found = set()
    for ranks_of, suits_of in itertools.product(assignments(ranks, 13), assignments(suits, 4)):
        cards = [{4 * r + s for r in ranks_of(rank) for s in suits_of(suit)} for rank, suit in zip(ranks, suits)]
        found |= {frozenset((a, b)) for a in cards[0] for b in cards[1] if a != b}
    return found


def assignments(parts, size):
    """For each assignment of the parts' variables, a function from a part to its values."""
    named = set().union(*(values for kind, values in parts if kind == "set"))
    letters = sorted({value for kind, value in parts if kind == "var"})
    free = [v for v in range(size) if v not in named]
    for chosen in itertools.permutations(free, len(letters)):
        binding = dict(zip(letters, chosen))
        yield lambda part, binding=binding: {binding[part[1]]} if part[0] == "var" else part[1]


PATTERNS = [
    "xx", "xy", "wx", "xs", "sx", "ws", "hh", "hd", "h", "[hd][hd]", "*x*x",
    "RR", "RO", "RxOx", "RxRy", "RxOy", "RxOxz", "Rs", "RsR", "RsOs", "R[hd]", "AR", "TsR", "[2-5]O",
    "A", "A*", "Ah", "Ah*", "*h", "*", "**", "AhK", "10h9", "AxKx", "AxKy", "AxRx", "AsKsx",
    "[A-T][A-T]", "[T-A]R", "[KQJ]T", "[K,Q,J]T", "[AK][AK]", "[A,2,3,4,5]x", "[A-T]x[A-T]x", "[KQ][hd]",
    "KsA", "ARR", "RxRx", "[A-2]R",
]  # fmt: skip


@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterns_name_what_the_brute_force_names(pattern):
    expected = brute_force(pattern)
    if not expected:  # more than two card specs, or no combo: refused
        with pytest.raises(RangeError, match=r"a Hold'em hand has two cards|names no combo"):
            parse(pattern)
    else:
        assert combos(pattern) == expected


def test_the_brute_force_knows_some_counts():
    counts = {p: len(brute_force(p)) for p in ["xx", "xy", "RO", "sx", "h", "[hd][hd]", "AR", "*"]}
    assert counts == {"xx": 312, "xy": 1014, "RO": 1248, "sx": 507, "h": 585, "[hd][hd]": 325, "AR": 192, "*": 1326}


# ---------------------------------------------------------------- where the syntaxes meet


@pytest.mark.parametrize(
    "text, count",
    [("Ax", 192), ("Axs", 48), ("AXo", 144), ("xA", 192), ("AKs", 4), ("AKo", 12), ("As", 51), ("[As Kd]", 1)],
)
def test_classic_terms_are_read_first(text, count):
    assert len(parse(text)) == count


def test_the_classic_reading_of_conflicting_terms():
    assert parse("Ax") == parse("AR") == parse("A*!AA")  # the classic x is another rank
    assert parse("AKs") == parse("AxKx") and combos("KsA") == combos("AsKs, AhKs, AdKs, AcKs")
    assert combos("[As Kd]") == combos("AsKd")
    assert parse("As") == parse("As*") and parse("A") == parse("A*")


def test_the_wildcard_rank_is_any_rank():
    assert parse("*") == parse("**") == parse("random")
    assert parse("A*") == parse("Ax, AA")
    for rank, text in ((12, "A*s"), (3, "5*s")):  # a card of the rank and a spade, not the classic Axs
        expected = {frozenset((a, b)) for a in range(52) for b in range(52) if a // 4 == rank and b % 4 == 3 and a != b}
        assert combos(text) == expected and len(expected) == 51


def test_generic_patterns_are_case_sensitive():
    assert len(parse("RR")) == 78
    with pytest.raises(RangeError, match="unknown letter 'r'"):
        parse("rr")
    with pytest.raises(RangeError, match="ranks are upper case in a generic pattern: 'K', not 'k'"):
        parse("Ahk")
    assert len(parse("ak")) == 16  # the classic AK, in any case


def test_lists_take_commas_and_spaces_inside_their_brackets():
    assert parse("[A, 2, 3, 4, 5]x") == parse("[A,2,3,4,5]x") == parse("[A2345]")
    assert parse("[K Q J]T, AA") == parse("KT, QT, JT, AA")
    assert parse("[A-T], [5-2]") == parse("[T-A], [2-5]")
    with pytest.raises(RangeError) as err:
        parse("AA, [A,K]Q, ARR")
    assert err.value.term == "ARR" and err.value.position == 3


def test_suit_symbols_and_ten():
    assert parse("A♥K") == parse("AhK") and parse("10hT") == parse("ThT")


# ---------------------------------------------------------------- intersection, exclusion, weights


@pytest.mark.parametrize(
    "text, same",
    [
        ("AK:xx", "AKs"),
        ("AK:xy", "AKo"),
        ("QQ+:xy", "QQ+"),
        ("RR:[A-T]", "TT+"),
        ("A*:xx", "Axs"),
        ("xx:[KQJ]T", "KTs, QTs, JTs"),
        ("A*!AA", "Ax"),
        ("RR!QQ+", "JJ-"),
        ("[KQJ]T!KT", "QT, JT"),
        ("A*!AA:xx", "Axs"),  # left to right: (A* without AA) and suited
        ("A*:xx!AKs", "AQs-A2s"),
        ("RR:[A-T]!AA", "KK-TT"),
        ("random!xy", "xx"),
        ("AA, RR!AA", "RR"),  # the comma binds loosest
    ],
)
def test_intersections_and_exclusions(text, same):
    assert parse(text) == parse(same)


def test_operators_match_the_set_operations_of_their_operands():
    for left, right in itertools.product(["AK", "A*", "RR", "hh", "10%", "TT+", "xy"], ["xx", "[A-T]", "Ah", "A"]):
        a, b = combos(left), combos(right)
        for operator, expected in ((":", a & b), ("!", a - b)):
            if expected:
                assert combos(f"{left}{operator}{right}") == expected
            else:
                with pytest.raises(RangeError, match=r"no combo in common|excludes every combo"):
                    parse(f"{left}{operator}{right}")


def test_a_colon_before_a_number_is_a_weight():
    assert parse("AK:0.5").weighted_count == parse("AK:50%").weighted_count == 8
    assert parse("AK:10%").weighted_count == pytest.approx(1.6)  # a weight, not the best 10%
    assert parse("AK:xx:0.5") == parse("AK:xx@50") == parse("AK@50:xx") == parse("AKs:0.5")
    assert parse("TT+:0.5!AA") == parse("TT+!AA:0.5") == parse("KK-TT:0.5")
    assert parse("10%:xy") == parse("10%") - parse("xx")  # a share intersected: the share first
    assert parse("A*:5%-15%") == parse("A*") & parse("5%-15%")  # a band is not a plain percentage
    assert parse("AA:1e-3").weights.tolist() == [0.001] * 6


def test_a_percent_suffix_names_the_heads_up_order():
    assert parse("10%hu") != parse("10%") and parse("5%-15%HU") == parse("5%-15%hu")
    heads_up = preflop_ranking("one-random")
    assert parse("10%hu") == parse(", ".join(heads_up[: len(parse("10%hu").by_class())]))
    assert preflop_ranking("three-random") == preflop_ranking() != heads_up
    with pytest.raises(ValueError, match="unknown ranking order 'no-such-order'"):
        preflop_ranking("no-such-order")
    with pytest.raises(RangeError):
        parse("10%6h")


@pytest.mark.parametrize(
    "text, words",
    [
        ("ARR", "a Hold'em hand has two cards, the pattern names 3"),
        ("AsKsQs", "a Hold'em hand has two cards"),
        ("AA:xx", "'AA' and 'xx' have no combo in common"),
        ("AK:xx:AKo", "'AK:xx' and 'AKo' have no combo in common"),
        ("TT+!xy", "it excludes every combo it names"),
        ("RxRx", "the pattern 'RxRx' names no combo"),
        ("[A-2]R", "names no combo"),
        ("Abc", "unknown letter 'b'"),
        ("XX", "X is the classic wildcard"),
        ("[KQ", "an unclosed bracket"),
        ("KQ]", "a bracket ']' without '['"),
        ("[[A]]", "a bracket inside a bracket"),
        ("[]", "an empty list"),
        ("[A-]", "a rank at both ends"),
        ("[Ax]", "a list holds ranks"),
        ("A-T", "goes in brackets: [A-T]"),
        ("A#", "unexpected '#': expected a classic term"),
        ("AK:xx:0.5@50", "more than one weight"),
        ("AA!", "nothing after '!'"),
        ("AA:", "nothing after ':'"),
        ("AsAs", "an explicit combo is two different cards"),
        ("AhJk", "Jk is the joker"),
    ],
)
def test_refused_patterns_name_the_term_and_the_reason(text, words):
    with pytest.raises(RangeError) as err:
        parse(f"AA, {text}")
    message = str(err.value)
    assert message.startswith(f"bad range term {text!r} (term 2): ") and "\n" not in message
    assert words in message


def test_generic_ranges_read_back_from_their_canonical_text():
    for text in ["hh", "sx", "RxOy", "[A-T]x[A-T]x", "Ah*", "A*!AA:xx@25"]:
        hand_range = parse(text)
        assert parse(hand_range.canonical()) == hand_range
