"""The friendly arguments of the card-table verbs, translated into the engines' arguments."""

from __future__ import annotations

from analyzer.cards import CardsInput


def method(exact: bool | None) -> str:
    """The engines' ``method``: ``None`` -> ``"auto"``, ``True`` -> ``"exact"``, ``False`` ->
    ``"monte-carlo"``.

    >>> method(None), method(True), method(False)
    ('auto', 'exact', 'monte-carlo')
    """
    if exact is None:
        return "auto"
    if not isinstance(exact, bool):
        raise TypeError(f"exact must be True, False or None (choose automatically), got {exact!r}")
    return "exact" if exact else "monte-carlo"


def cards(given: CardsInput | None) -> CardsInput:
    """Cards as the engines take them: ``None`` is no cards."""
    return "" if given is None else given
