"""Whist in the Danish partner-ace variant (rules §6.4, W-1 to W-8): the odds and expected chips
of every bid for a hand, and whole deals with bidding, as ``poker-analyzer whist bid|play``
computes them.

Four players, no trumps (W-1); one bid each from forehand: pass, Nolo and Grand "in a suit" (the
holder of its ace is the secret partner), Solo-nolo (another player may join it, W-4) and
Grandi. The rule settings are a :class:`~analyzer.games.whist.rules.WhistRules` or a dict of its
options: ``call_own_ace`` (W-2), ``called_ace_rule`` (W-3: ``when_led`` or ``lead_only``),
``max_solo_joiners`` (W-4: 1 or 0) and ``pass_ace`` (W-7: ``high`` or ``low``). Runs are seeded
(``seed``; a fresh seed, reported in the result, when omitted) and give the same numbers on any
number of threads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from analyzer.api import _namespace, _translate

if TYPE_CHECKING:
    from analyzer.games.whist.bid import BidReport
    from analyzer.games.whist.play import WhistGames
    from analyzer.games.whist.rules import WhistRules
    from analyzer.sim.runner import Runner

__all__, __getattr__, __dir__ = _namespace.public(
    __name__,
    ["bid", "play"],
    {
        "BidReport": "analyzer.games.whist.bid",
        "WhistGames": "analyzer.games.whist.play",
    },
)


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def bid(
    hand: str | Sequence[str],
    *,
    seat: int = 0,
    policy: str | Sequence[str] = "heuristic",
    trials: int = 20_000,
    rules: WhistRules | dict[str, Any] | None = None,
    seed: int | None = None,
    runner: Runner,
) -> BidReport:
    """Every bid open to a 13-card hand with P(make), the expected chips of your seat and the
    tricks of the bidder's side, best expected chips first (rules §6.4, W-2 to W-8;
    ``poker-analyzer whist bid``).

    The other three hands are dealt at random from the 39 unseen cards, and every bid (Nolo and
    Grand in each suit you may call, W-2; Solo-nolo; Grandi; the pass game as if all passed; and
    joining a Solo-nolo bid by the next seat, W-4, whose hand is random) is played out on the
    same deals, so the differences between bids are measured more sharply than the bids
    themselves. Settlement follows W-5 and W-6; early ends (W-8) cut Solo-nolo and Grandi short.

    Parameters
    ----------
    hand:
        Your 13 cards: text such as ``"As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c"``, or a list of cards.
    seat:
        Your seat: 0 forehand (leads first) ... 3 dealer.
    policy:
        The card play of every seat, ``heuristic`` or ``random``, or four of them (a list, or
        names separated by commas), seat 0 first.
    trials:
        Random deals of the other hands.
    rules:
        The rule settings (module docstring); the defaults when ``None``.
    seed:
        The seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    BidReport
        ``bids`` best expected chips first, each with P(make) (for the pass game: P(fewest
        tricks, ties included)), the expected chips of your seat and the expected tricks of the
        bidder's side when play ended, with standard errors.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.whist.bid("As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c", trials=2000, seed=3)
    Whist bids: As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c; seat 0; heuristic play
    Monte Carlo, 2,000 deals, seed 3
      grand in hearts    chips +1.30 ± 0.13, P(make) 69.8% ± 1.0%, tricks 7.43
      grand in clubs     chips +0.90 ± 0.13, P(make) 67.5% ± 1.0%, tricks 7.31
      grand in diamonds  chips +0.71 ± 0.13, P(make) 65.6% ± 1.1%, tricks 7.27
      pass               chips -2.11 ± 0.11, P(make) 18.0% ± 0.9%, tricks 3.99
      nolo in diamonds   chips -2.65 ± 0.19, P(make) 48.2% ± 1.1%, tricks 6.53
      ... 5 more bids
    """
    from analyzer.games.whist.bid import bid_values
    from analyzer.games.whist.rules import WhistRules, parse_hand
    from analyzer.json_input import options_input

    rule_set = options_input(rules, WhistRules)  # the rules are checked before the hand
    return bid_values(
        parse_hand(_translate.joined(hand, "hand", " ")),
        seat=seat,
        rules=rule_set,
        policy=_translate.joined(policy, "policy", ","),
        trials=trials,
        seed=seed,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def play(
    *,
    deals: int = 100_000,
    table_deals: int = 400_000,
    policy: str | Sequence[str] = "heuristic",
    rules: WhistRules | dict[str, Any] | None = None,
    seed: int | None = None,
    runner: Runner,
) -> WhistGames:
    """Whole deals with bidding, every seat a *table bidder*: how often each contract is played
    and made, and each seat's expected chips (rules §6.4, W-2, W-4; ``poker-analyzer whist
    play``).

    The table bidder knows each contract's expected chips by high-card points and longest suit
    (from ``table_deals`` random deals, the bidding study); it calls the contract with the
    highest positive value among those that beat the standing bid, else passes, names the
    callable suit it is shortest in, and joins a standing Solo-nolo when that is worth it for
    its hand (:mod:`analyzer.games.whist.play`).

    Parameters
    ----------
    deals:
        Whole deals to simulate.
    table_deals:
        Random deals behind the bidders' table of expected chips; a hand whose table cell has
        fewer than 200 deals always passes (``result.table_coverage`` says how many hands the
        table covers).
    policy:
        The card play of every seat, ``heuristic`` or ``random``, or four of them (a list, or
        names separated by commas), seat 0 first.
    rules:
        The rule settings (module docstring); ``{"max_solo_joiners": 0}`` lets nobody join a
        Solo-nolo (the command line's ``--no-joiners``).
    seed:
        The seed of the whole simulation (the table and the deals); a fresh one (reported in
        ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` while the deals are played.

    Returns
    -------
    WhistGames
        Per contract the share of deals it was played and how often it was made; per seat the
        expected chips per deal with its standard error; the share of joined Solo-nolos.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.whist.play(deals=2000, table_deals=20_000, seed=1)
    Whist deals with bidding: Solo-nolo joined in 0.00% ± 0.00% of deals; the bidders' table covers 82.9% of hands
    Monte Carlo, 2,000 deals, seed 1
      pass       14.40% ± 0.79% of deals
      nolo       0.00% ± 0.00% of deals
      grand      85.60% ± 0.79% of deals, made 70.7% ± 1.1%
      solo-nolo  0.00% ± 0.00% of deals
      grandi     0.00% ± 0.00% of deals
      seat 0     chips -0.252 ± 0.147 per deal
      seat 1     chips +0.200 ± 0.146 per deal
      seat 2     chips -0.051 ± 0.147 per deal
      seat 3     chips +0.103 ± 0.146 per deal
    """
    from analyzer.games.whist.play import simulate_bidding
    from analyzer.games.whist.rules import WhistRules
    from analyzer.json_input import options_input

    return simulate_bidding(
        deals=deals,
        table_deals=table_deals,
        policy=_translate.joined(policy, "policy", ","),
        rules=options_input(rules, WhistRules),
        seed=seed,
        runner=runner,
    )
