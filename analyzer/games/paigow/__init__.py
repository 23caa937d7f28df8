"""Pai Gow Poker (rules §5): the House Way, every split's EV and the house edge."""

from analyzer._exports import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "houseway": ["HouseWaySetting", "Setting", "house_way_setting", "legal_settings", "parse_hand"],
        "split": ["SplitAnalysis", "SplitFigures", "split_ev"],
        "edge": ["EdgeResult", "house_edge"],
        "exact_edge": ["ExactEdgeResult", "exact_house_edge"],
        "rules": ["PaiGowRules"],
    },
)
