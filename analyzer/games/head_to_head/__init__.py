"""Head to Head Poker (Reiner Knizia, 2005; rules §2): where to place a card, whole games
and rounds, and the betting game (:mod:`analyzer.games.head_to_head.betting`)."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rules": ["HeadToHeadRules"],
        "position": ["Position", "position_from_dict", "read_position"],
        "place": ["placement_values"],
        "play": ["simulate_games", "simulate_rounds"],
    },
)
