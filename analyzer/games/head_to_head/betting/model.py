"""One betting exchange on one row, solved exactly (rules §2.7; analysis §2.9.8).

The model: the row's base ``B`` is on the card, both players have ``c`` on it from
earlier called exchanges, and the responder wins the row with probability ``p``
(ties counted half), which both players know. Values are the chips a player gets
from the card from now on minus what he pays from now on:

* decline: the decliner keeps a claim on the last $50 (``p x 50``) and, unless his
  chips are forfeited (H-B2), his own chips back; the other takes $50 and his chips;
* call: pay the difference; the card then pays ``p x (B + both contributions)``;
* raise ``y``: pay the difference plus ``y``; the other player then chooses, with win
  probability ``1 - p``, by the same rules.

Raises are whole steps of ``min_bet`` up to ``max_raise``, and no one puts more than
``row_cap`` on the card; stacks are assumed deep enough. Solved by backward induction
over the (finite) contributions, so every value is exact for the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from analyzer.games.head_to_head.betting.engine import BASE, BASE_CHIP

ACTIONS = ("decline", "call", "raise")


@dataclass(frozen=True)
class ExchangeModel:
    """The exchange model of the module docstring: the row's ``base`` on the card, the betting
    limits (``min_bet``, ``max_raise``, ``row_cap``) and whether a decliner forfeits his chips
    (``forfeit``, H-B2)."""

    base: int = BASE
    min_bet: int = 10
    max_raise: int = 100
    row_cap: int = 200
    forfeit: bool = True

    def response(self, p: float, mine: int, theirs: int) -> dict[str, float]:
        """The responder's value of each action (``raise`` is the best raise) with
        ``mine`` < ``theirs`` on the card and win probability ``p``."""
        values = _actions(self, p, mine, theirs)
        return {
            "decline": values[0][0],
            "call": values[1][0],
            **({"raise": max(v[0] for v in values[2:])} if len(values) > 2 else {}),
        }

    def best_response(self, p: float, mine: int, theirs: int) -> str:
        """The responder's best action of :meth:`response`: "decline", "call" or "raise"."""
        values = self.response(p, mine, theirs)
        return max(values, key=values.__getitem__)

    def bet_values(self, p: float, committed: int = 0) -> dict[int, float]:
        """The bettor's value of each opening bet (0 = no bet) on a row he wins with
        probability ``p``, both players having ``committed`` on it already."""
        values = {0: p * (self.base + 2 * committed)}
        for x in range(self.min_bet, min(self.max_raise, self.row_cap - committed) + 1, self.min_bet):
            _responder, bettor = _solve(self, round(1 - p, 12), committed, committed + x)
            values[x] = bettor - x
        return values


def _actions(model: ExchangeModel, p: float, mine: int, theirs: int) -> list[tuple[float, float]]:
    """(actor's value, other's value) of decline, call, and each legal raise."""
    q = 1 - p
    other_gets = BASE_CHIP + theirs + (mine if model.forfeit else 0)
    out = [(p * BASE_CHIP + (0 if model.forfeit else mine), other_gets + q * BASE_CHIP)]
    pot = model.base + 2 * theirs
    out.append((p * pot - (theirs - mine), q * pot))
    for y in range(model.min_bet, model.max_raise + 1, model.min_bet):
        if theirs + y > model.row_cap:
            break
        other, actor = _solve(model, round(q, 12), theirs, theirs + y)
        out.append((actor - (theirs - mine + y), other))
    return out


@cache
def _solve(model: ExchangeModel, p: float, mine: int, theirs: int) -> tuple[float, float]:
    """(actor's, other's) values when the actor, with win probability ``p``, must answer."""
    return max(_actions(model, p, mine, theirs), key=lambda v: v[0])
