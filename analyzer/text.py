"""Wording shared by messages, titles and tables: a count with its noun in the right number.

On the bottom floor with the card codes, so every floor above (the games' error messages, the
studies' titles, the command line's tables) counts things the same way.
"""

from __future__ import annotations

Noun = str | tuple[str, str]
"""A counted noun: a word or phrase whose plural adds ``s`` (``"equally likely draw"``), or the
pair (singular, plural) where it does not (``("sample per move", "samples per move")``)."""


def plural(count: int, noun: Noun, plural_form: str | None = None) -> str:
    """``count`` and ``noun``, the noun singular when the count is exactly 1 and plural otherwise
    (0 players, 1 player, 2 players), the count with thousands separators.

    ``noun`` may be a phrase whose last word is counted (``"equally likely draw"``). The plural
    adds ``s`` unless ``plural_form`` gives it (``plural(3, "match", "matches")``) or ``noun`` is
    a (singular, plural) pair.

    >>> plural(1, "player"), plural(0, "player"), plural(1_712_304, "deal")
    ('1 player', '0 players', '1,712,304 deals')
    >>> plural(1, "equally likely draw"), plural(2, "match", "matches")
    ('1 equally likely draw', '2 matches')
    >>> plural(4000, ("sample per move", "samples per move"))
    '4,000 samples per move'
    """
    if isinstance(noun, tuple):
        noun, plural_form = noun
    return f"{count:,} {noun if count == 1 else plural_form or noun + 's'}"


def combos_text(combos: float) -> str:
    """A weighted count of hand combos for people: whole counts as integers, others with two
    decimals.

    >>> combos_text(12.0), combos_text(1234.5), combos_text(7.4541)
    ('12', '1,234.50', '7.45')
    """
    return f"{combos:,.0f}" if combos == int(combos) else f"{combos:,.2f}"


def duration(seconds: float) -> str:
    """``seconds`` as a person reads a time: to a tenth under a minute, then minutes and seconds,
    then hours and minutes.

    >>> duration(0.04), duration(7.06), duration(59.94), duration(123.4), duration(7384)
    ('0.0 s', '7.1 s', '59.9 s', '2 min 3 s', '2 h 3 min')
    """
    if seconds < 59.95:
        return f"{seconds:.1f} s"
    whole = round(seconds)
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"
