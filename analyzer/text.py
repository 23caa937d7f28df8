"""Wording shared by messages, titles and tables: a count with its noun in the right number.

On the bottom floor with the card codes, so every floor above (the games' error messages, the
studies' titles, the command line's tables) counts things the same way.
"""

from __future__ import annotations


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``count`` and ``noun``, the noun singular when the count is exactly 1 and plural otherwise
    (0 players, 1 player, 2 players), the count with thousands separators.

    ``noun`` may be a phrase whose last word is counted (``"equally likely draw"``). The plural
    adds ``s`` unless ``plural_form`` gives it (``plural(3, "match", "matches")``).

    >>> plural(1, "player"), plural(0, "player"), plural(1_712_304, "deal")
    ('1 player', '0 players', '1,712,304 deals')
    >>> plural(1, "equally likely draw"), plural(2, "match", "matches")
    ('1 equally likely draw', '2 matches')
    """
    return f"{count:,} {noun if count == 1 else plural_form or noun + 's'}"
