"""Texas Hold'em (rules §6.2): exact and Monte Carlo equity of hands and ranges."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {"equity": ["HoldemDeal", "holdem_equity", "prepare_deal"]})
