"""Saint Poker (rules §3): river, reveal and draft decisions for 2 to 5 players, and whole games."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "decide": ["decide"],
        "play": ["simulate_games"],
        "position": ["position_from_dict"],
        "rules": ["SaintPokerRules"],
    },
)
