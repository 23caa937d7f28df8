"""Five-card draw (rules §4): exact draw odds, the discard advisor, the Bug and Jacks or Better."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "odds": ["DrawOdds", "draw_odds"],
        "advise": ["DrawAdvice", "DrawOption", "advise", "discard_options", "stopping_rules"],
    },
)
