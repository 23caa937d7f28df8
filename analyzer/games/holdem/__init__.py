"""Texas Hold'em (rules §6.2): exact and Monte Carlo equity of hands and ranges, exact equity of
known hands on every flop or turn, many exact queries in one call, and what a range makes and
draws to on a flop, a turn or every flop."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "deal": ["HoldemDeal", "prepare_deal"],
        "equity": ["holdem_equity"],
        "streets": ["holdem_flops", "holdem_turns"],
        "queries": ["EquityBatch", "holdem_equities"],
        "street_results": ["EquityDistribution", "StreetEquities"],
        "hits": ["holdem_hits"],
        "hits_result": ["HitRow", "HitsResult"],
    },
)
