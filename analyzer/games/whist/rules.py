"""Whist rule settings (the resolutions W-1..W-8 of rules §6.4) and the bids they allow."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from analyzer.cards import SUITS, parse_exact
from analyzer.games.whist import engine as E

CALLED_ACE_RULES = {"when_led": E.WHEN_LED, "lead_only": E.LEAD_ONLY}
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True)
class WhistRules:
    """``trumps``: only ``none`` (W-1). ``call_own_ace``: may the bidder name a suit whose ace
    he holds (then he plays alone)? By default no, unless he holds all four aces (W-2).
    ``called_ace_rule``: ``when_led`` or ``lead_only`` (W-3). ``max_solo_joiners``: 0 or 1
    (W-4). ``pass_ace``: the ace in the pass game, ``high`` or ``low`` (W-7)."""

    trumps: str = "none"
    call_own_ace: bool = False
    called_ace_rule: str = "when_led"
    max_solo_joiners: int = 1
    pass_ace: str = "high"

    def __post_init__(self) -> None:
        if self.trumps != "none":
            raise ValueError(f"whist.trumps: every contract is played without trumps (W-1), got {self.trumps!r}")
        if self.called_ace_rule not in CALLED_ACE_RULES:
            raise ValueError(f"whist.called_ace_rule must be when_led or lead_only, got {self.called_ace_rule!r}")
        if self.max_solo_joiners not in (0, 1):
            raise ValueError(f"whist.max_solo_joiners must be 0 or 1, got {self.max_solo_joiners!r}")
        if self.pass_ace not in ("high", "low"):
            raise ValueError(f"whist.pass_ace must be high or low, got {self.pass_ace!r}")

    @property
    def pass_ace_low(self) -> bool:
        """Whether the ace ranks low in the pass game (W-7)."""
        return self.pass_ace == "low"

    @property
    def called_rule_code(self) -> int:
        """The kernels' code of ``called_ace_rule`` (W-3)."""
        return CALLED_ACE_RULES[self.called_ace_rule]

    def to_dict(self) -> dict:
        """The five options by name."""
        return asdict(self)


def callable_suits(hand: tuple[int, ...], rules: WhistRules) -> list[int]:
    """Suits the bidder may name in Nolo or Grand (W-2, :func:`.engine._callable_suits_mask`)."""
    mask = E._callable_suits_mask(sum(1 << c for c in hand), rules.call_own_ace)
    return [s for s in range(4) if mask >> s & 1]


def parse_hand(text: str) -> tuple[int, ...]:
    """A 13-card Whist hand; a one-line error otherwise."""
    return parse_exact(text, E.TRICKS_PER_DEAL, "hand", "Whist")


def bid_name(contract: int, suit: int) -> str:
    """``grand in spades``, ``solo-nolo``, ..."""
    name = E.CONTRACT_NAMES[contract]
    return f"{name} in {SUIT_NAMES[suit]}" if suit >= 0 else name


def parse_bid(text: str) -> tuple[int, int]:
    """``pass``, ``nolo:s``/``grand:hearts``, ``solo-nolo`` (or ``solo``), ``grandi`` ->
    (contract, suit)."""
    name, _, suit_text = text.strip().lower().partition(":")
    names = {n: i for i, n in enumerate(E.CONTRACT_NAMES)} | {"solo": E.SOLO, "solonolo": E.SOLO}
    if name not in names:
        raise ValueError(f"unknown bid {text!r}: expected pass, nolo:SUIT, grand:SUIT, solo-nolo or grandi")
    contract = names[name]
    needs_suit = contract in (E.NOLO, E.GRAND)
    if needs_suit != bool(suit_text):
        raise ValueError(f"bid {text!r}: nolo and grand name a suit (e.g. grand:s); the others do not")
    if not needs_suit:
        return contract, -1
    suit_text = suit_text.strip()
    for i, (letter, word) in enumerate(zip(SUITS, SUIT_NAMES)):
        if suit_text in (letter, word, word[:-1]):
            return contract, i
    raise ValueError(f"bid {text!r}: unknown suit {suit_text!r} (c, d, h, s or clubs ... spades)")
