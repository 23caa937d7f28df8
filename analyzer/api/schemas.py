"""The JSON Schema of each position file a verb reads: a Head to Head position
(``pa.head_to_head.place``), a Head to Head betting position (``pa.head_to_head.bet``) and a
Saint Poker position (``pa.saint_poker.decide``), as ``poker-analyzer schema`` prints them. A
verb checks its file, or the dict given instead, against the same model.
"""

from __future__ import annotations

POSITION_KINDS = ("h2h-position", "h2h-bet-position", "saint-position")
"""The position files by the names ``poker-analyzer schema`` gives them."""


def position_schema(kind: str) -> dict:
    """The JSON Schema of the position file ``kind``, one of :data:`POSITION_KINDS`.

    >>> position_schema("saint-position")["additionalProperties"]
    False
    """
    if kind == "saint-position":
        from analyzer.games.saint_poker.position import SaintPositionModel

        return SaintPositionModel.model_json_schema()
    if kind == "h2h-bet-position":
        from analyzer.games.head_to_head.betting.position import BetPositionModel

        return BetPositionModel.model_json_schema()
    if kind == "h2h-position":
        from analyzer.games.head_to_head.position import PositionModel

        return PositionModel.model_json_schema()
    raise ValueError(f"unknown position kind {kind!r}: expected one of {', '.join(POSITION_KINDS)}")
