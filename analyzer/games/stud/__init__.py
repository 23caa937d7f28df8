"""Five-card stud (rules §6.3): exact and Monte Carlo equity of the hands seen so far."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {"equity": ["StudDeal", "stud_equity"]})
