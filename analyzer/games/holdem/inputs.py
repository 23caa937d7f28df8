"""What a Hold'em query is given, checked: the players' entries and the board."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analyzer.cards import CardError, CardsInput, format_cards, parse_cards
from analyzer.text import plural

MIN_PLAYERS, MAX_PLAYERS = 2, 10
BOARD_SIZES = (0, 3, 4, 5)


def check_players(entries: Sequence, each: str, what: str) -> None:
    """One entry (``each``: "hand", "hand or range") per player, 2 to 10 of them, given as a list;
    else a ValueError saying what ``what`` takes."""
    if isinstance(entries, str):
        raise ValueError(f"give one {each} per player (a list), not a single string")
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise ValueError(f"{plural(len(entries), 'player')}: {what} takes {MIN_PLAYERS} to {MAX_PLAYERS}")


def parse_board(board: CardsInput) -> np.ndarray:
    """The board's cards: 0, 3, 4 or 5 of them, else a CardError showing them."""
    cards = parse_cards(board)
    if len(cards) not in BOARD_SIZES:
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(cards)}: {format_cards(cards)}")
    return cards
