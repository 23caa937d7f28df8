"""The count-and-noun helper every message, title and table uses."""

import pytest

from analyzer.text import plural


@pytest.mark.parametrize(
    "count, noun, plural_form, expected",
    [
        (1, "player", None, "1 player"),
        (2, "player", None, "2 players"),
        (0, "player", None, "0 players"),  # English counts none in the plural
        (-1, "chip", None, "-1 chips"),  # only exactly one is singular
        (1_712_304, "deal", None, "1,712,304 deals"),
        (1, "equally likely draw", None, "1 equally likely draw"),
        (5, "equally likely draw", None, "5 equally likely draws"),
        (2, "match", "matches", "2 matches"),
        (1, "match", "matches", "1 match"),
    ],
)
def test_plural(count, noun, plural_form, expected):
    assert plural(count, noun, plural_form) == expected
