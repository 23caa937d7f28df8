"""The public Python API: one module per game, named and shaped like the command line.

``analyzer.holdem`` is :mod:`analyzer.api.holdem`, and so on for every game; each verb validates
its input, picks exact enumeration or Monte Carlo as the CLI does, and returns a frozen result
with ``to_frame()``, ``to_dict()``, a readable ``repr`` and, where the result holds a chart,
``plot()``. The modules here only translate friendly arguments (text, lists, dicts) into the
engines' calls; the work happens in :mod:`analyzer.games`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the package imports nothing heavy: the command line reads its warmup table at start
    from analyzer.eval.hands import CardsLike, HandDescription
    from analyzer.eval.profiles import Rules


def evaluate(cards: CardsLike, rules: str | Rules = "standard") -> HandDescription:
    """The best five-card hand in 5 to 7 cards (2 under Pai Gow rules, the front hand), described.

    Parameters
    ----------
    cards:
        The hand: text such as ``"As Ks Qs Js Ts"`` (spaces optional, ``Jk`` the joker), a list of
        card strings or codes, or a ``uint8`` array of codes (``4 * rank + suit``).
    rules:
        ``"standard"`` (high hands, rules §1), ``"bug"`` (the joker completes straights and
        flushes, otherwise counts as an ace, §4.4) or ``"paigow"`` (the Bug, and A-2-3-4-5 ranks
        second-highest straight, §5.2), or a :class:`~analyzer.eval.profiles.Rules` profile.

    Returns
    -------
    HandDescription
        The cards, the best five in order of significance, the category and the full name, and
        the value (an integer; higher beats lower under the same rules).

    >>> import analyzer as pa
    >>> hand = pa.evaluate("Ah Ad Kc Ks 7d 2c 9h")
    >>> hand.name, hand.best_five
    ('Two pair, aces and kings', ('Ah', 'Ad', 'Kc', 'Ks', '9h'))
    >>> pa.evaluate("Jk As Ks Qs Js", rules="bug").name
    'Royal flush'
    """
    from analyzer.eval.hands import describe_hand

    return describe_hand(cards, rules)
