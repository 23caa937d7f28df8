"""The rule options of Head to Head Poker without betting (§2.8), as data."""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.games.head_to_head import engine as E

BATCH_RULES = {"alternate": E.BATCH_ALTERNATE, "strict": E.BATCH_STRICT}
TIEBREAKS = {"standard": E.TIEBREAK_STANDARD, "literal": E.TIEBREAK_LITERAL}


@dataclass(frozen=True)
class HeadToHeadRules:
    """The no-betting options of §2.8 with their documented defaults: ``batch_starter``, who
    starts each Play 4 batch (H-G1: ``alternate`` F, D, F, ... or ``strict``, F every batch);
    ``tiebreak``, pair and two-pair ties (H-G2: ``standard``, pair ranks then kickers, or
    ``literal``, the unpaired cards first)."""

    batch_starter: str = "alternate"  # H-G1, h2h.play4_batch_starter
    tiebreak: str = "standard"  # H-G2, h2h.tiebreak

    def __post_init__(self) -> None:
        if self.batch_starter not in BATCH_RULES:
            raise ValueError(f"unknown batch starter {self.batch_starter!r}: expected alternate or strict")
        if self.tiebreak not in TIEBREAKS:
            raise ValueError(f"unknown tiebreak {self.tiebreak!r}: expected standard or literal")

    def codes(self) -> tuple[int, int]:
        """The kernels' codes: (batch starter, tiebreak)."""
        return BATCH_RULES[self.batch_starter], TIEBREAKS[self.tiebreak]


__all__ = ["BATCH_RULES", "TIEBREAKS", "HeadToHeadRules"]
