"""The Head to Head betting game (rules §2.7-2.8, H-B): chips, bets, raises and declines."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rules": ["BettingRules"],
        "position": ["bet_position_from_dict"],
        "bet": ["bet_values"],
        "play": ["simulate_betting_games"],
        "model": ["ExchangeModel"],
    },
)
