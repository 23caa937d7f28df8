"""Mousel for 3 to 8 players (rules §6.5, M-1 to M-10): advice on going along, the exchange and
declaring for a hand, and sessions of successive deals, as ``poker-analyzer mousel advise|play``
computes them.

The rule settings are a :class:`~analyzer.games.mousel.rules.MouselRules` or a dict of its
options: ``deck`` (M-1: 52, or 32 for at most 6 players), ``pack_mode`` (M-2: ``single`` or
``continuation``), ``fail_mode`` (M-4: ``payout`` or ``keep``), ``single_participant`` (M-8:
``void`` or ``takes_pot``) and ``stake`` (M-9). The other players are *baseline players* with
thresholds ``along,declare,keep`` on the strength scale (a hand's expected tricks by a fixed
table, :mod:`analyzer.games.mousel.policies`). Runs are seeded (``seed``; a fresh seed, reported
in the result, when omitted) and give the same numbers on any number of threads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from analyzer.api import _namespace, _translate

if TYPE_CHECKING:
    from analyzer.games.mousel.advise import MouselAdvice
    from analyzer.games.mousel.play import MouselSessions
    from analyzer.games.mousel.rules import MouselRules
    from analyzer.sim.runner import Runner

__all__, __getattr__, __dir__ = _namespace.public(
    __name__,
    ["advise", "play"],
    {
        "MouselAdvice": "analyzer.games.mousel.advise",
        "MouselSessions": "analyzer.games.mousel.play",
    },
)

Thresholds = tuple[float, float, float]


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def advise(
    hand: str | Sequence[str],
    trump: str,
    players: int,
    *,
    seat: int = 0,
    pot: float = 0.0,
    used: str | Sequence[str] = "",
    rules: MouselRules | dict[str, Any] | None = None,
    others: str | Thresholds = "0.7,1.6,0.3",
    play: str = "heuristic",
    trials: int = 20_000,
    seed: int | None = None,
    runner: Runner,
) -> MouselAdvice:
    """Fold, or go along with each exchange plan and declare or pass: every option's expected
    value and chips, P(declare) and P(make), best first (rules §6.5, M-2 to M-9, analysis §6.6;
    ``poker-analyzer mousel advise``).

    Each trial deals the other hands and orders the stock at random from the unseen cards (less
    the ``used`` ones) and plays every option on that same deal: fold, or go along, lay away one
    of the 16 subsets of the hand, then take the game or pass when the option to declare reaches
    you. An option's *value* is its chips plus the change of your equal share of the pot carried
    to the next deal (money left in the pot is not lost); options are ranked by it.

    Parameters
    ----------
    hand:
        Your 4 cards: text such as ``"Ah Kh 7c 2d"``, or a list of cards.
    trump:
        The turned-up trump card.
    players:
        Players at the table, 3 to 8.
    seat:
        Your seat: 0 forehand ... ``players - 1`` dealer.
    pot:
        Chips already in the pot from earlier deals.
    used:
        M-2 continuation: cards used by earlier deals of the pack (then the pack mode is
        ``continuation`` unless ``rules`` say otherwise).
    rules:
        The rule settings (module docstring); the defaults when ``None``.
    others:
        The other players' thresholds ``along,declare,keep`` (text or three numbers).
    play:
        Card play: ``heuristic``, ``exact`` (alpha-beta search over the dealt hands) or ``random``.
    trials:
        Random deals of the unseen cards.
    seed:
        The seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    MouselAdvice
        ``options`` best expected value first, each with the value and the chips of the deal
        (± s.e.), P(you declare), P(make) = P(at least 2 tricks | you declared) and your
        expected tricks; ``best`` and ``go_along`` name the advice.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.mousel.advise("Ah Kh 7c 2d", "Qh", 4, trials=2000, seed=1)
    Mousel advice: Ah Kh 7c 2d, trump Qh; 4 players, seat 0, pot 0; heuristic play
    Monte Carlo, 2,000 deals, seed 1
      exchange 7c 2d, declare  value +0.736 ± 0.027, P(declare) 77.0%, P(make) 100.0%
      exchange 2d, declare     value +0.614 ± 0.024, P(declare) 77.0%, P(make) 100.0%
      exchange 7c, declare     value +0.531 ± 0.023, P(declare) 77.0%, P(make) 100.0%
      keep all, declare        value +0.462 ± 0.022, P(declare) 77.0%, P(make) 100.0%
      fold                     value +0.248 ± 0.004, P(declare) 0.0%
      ... 28 more options
    """
    from analyzer.games.mousel.advise import advise
    from analyzer.games.mousel.policies import parse_thresholds
    from analyzer.games.mousel.rules import advice_rules

    used_text = _translate.joined(used, "used", " ")
    return advise(
        _translate.joined(hand, "hand", " "),
        trump,
        players,
        seat=seat,
        pot=pot,
        used=used_text,
        rules=advice_rules(used_text, rules),
        params=parse_thresholds(others) if isinstance(others, str) else others,
        play=play,
        trials=trials,
        seed=seed,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def play(
    players: int = 4,
    thresholds: str | Sequence[Thresholds] = "1.3,1.6,0.3;0.7,1.6,0.3",
    *,
    deals: int = 40,
    sessions: int = 2_000,
    rules: MouselRules | dict[str, Any] | None = None,
    play: str = "heuristic",
    seed: int | None = None,
    runner: Runner,
) -> MouselSessions:
    """Sessions of successive deals between baseline players with their own thresholds, the pot
    carried on and the deal passing round: each player's chips per deal (rules §6.5, M-2, M-8;
    ``poker-analyzer mousel play``).

    A session plays ``deals`` deals from an empty pot; what a deal leaves in the pot carries to
    the next, and the pot left at the end is shared equally, so a session's chips sum to zero
    (:mod:`analyzer.games.mousel.play`).

    Parameters
    ----------
    players:
        Players, 3 to 8.
    thresholds:
        Each player's ``along,declare,keep``, seat 0 first and cycled: text with players
        separated by ``;`` (``"1.3,1.6,0.3;0.7,1.6,0.3"``), or a list of three-number tuples.
    deals:
        Deals per session.
    sessions:
        Sessions to simulate.
    rules:
        The rule settings (module docstring); ``{"pack_mode": "continuation"}`` deals on from the
        same pack (M-2).
    play:
        Card play: ``heuristic``, ``exact`` or ``random``.
    seed:
        The seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    MouselSessions
        Per player the chips per deal with its standard error (over sessions) and the share of
        the deals he dealt; the shares of deals played, redealt and void, and how often the
        declarer made his game.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.mousel.play(4, deals=20, sessions=200, seed=1)
    Mousel sessions of 20 deals, 4 players (along,declare,keep)
    Monte Carlo, 200 sessions, seed 1
      player 0 (1.3,1.6,0.3)  chips per deal +0.1466 ± 0.0236
      player 1 (0.7,1.6,0.3)  chips per deal -0.1766 ± 0.0309
      player 2 (1.3,1.6,0.3)  chips per deal +0.1372 ± 0.0228
      player 3 (0.7,1.6,0.3)  chips per deal -0.1072 ± 0.0279
      deals                   played 20.2%, redealt 9.9%, void 69.8%; declarer made 85.9%
    """
    from analyzer.games.mousel.play import simulate_sessions
    from analyzer.games.mousel.policies import parse_player_thresholds
    from analyzer.games.mousel.rules import MouselRules
    from analyzer.json_input import options_input

    rule_set = options_input(rules, MouselRules)  # the rules are checked before the thresholds
    return simulate_sessions(
        players,
        parse_player_thresholds(thresholds) if isinstance(thresholds, str) else list(thresholds),
        deals=deals,
        sessions=sessions,
        rules=rule_set,
        play=play,
        seed=seed,
        runner=runner,
    )
