"""Whist, Danish partner-ace variant (rules §6.4): every bid of a hand, the auction, whole deals."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rules": ["WhistRules", "parse_bid", "parse_hand"],
        "deal": ["WhistDeal"],
        "bid": ["bid_values"],
        "play": ["resolve_auction", "simulate_bidding"],
    },
)
