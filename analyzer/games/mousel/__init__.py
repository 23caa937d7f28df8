"""Mousel (rules §6.5): going along, the exchange, declaring; advice on every plan, sessions."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rules": ["MouselRules"],
        "deal": ["MouselDeal"],
        "advise": ["advise"],
        "play": ["simulate_sessions"],
    },
)
