"""Saint Poker for 2 to 5 players (rules §3): the value of every river, reveal and draft choice,
and whole games between policies, as ``poker-analyzer saint-poker decide|play`` computes them.

A position is seen from seat 0 ("you") and may be given as a dict in the JSON form of the
position files (:mod:`analyzer.games.saint_poker.position`), as the path of such a file, or as the
position object itself::

    {"players": 3, "round": 1, "phase": "river", "scores": [0, 0, 0],
     "hand": "As Kd 9h 9c 7s 5d 4c 3h 2s Qc", "river": "Jc 8d", "future": "Qd 2c",
     "known": ["", "", ""], "removed": ""}

Policies are named as on the command line: ``random``, ``greedy``, ``save`` and
``rollout[:N[:BASE]]``. Runs are seeded (``seed``; a fresh seed, reported in the result, when
omitted) and give the same numbers on any number of threads.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from analyzer.api import _namespace, _translate

if TYPE_CHECKING:
    from analyzer.games.saint_poker.decide import Decision
    from analyzer.games.saint_poker.human import HumanGame
    from analyzer.games.saint_poker.play import SaintPokerGames
    from analyzer.games.saint_poker.position import SaintPosition
    from analyzer.games.saint_poker.rules import SaintPokerRules
    from analyzer.games.saint_poker.tournament import SaintPokerRoundRobin, SaintPokerTournament
    from analyzer.sim.runner import Runner

__all__, __getattr__, __dir__ = _namespace.public(
    __name__,
    ["decide", "human_game", "play", "round_robin", "tournament"],
    {
        "Decision": "analyzer.games.saint_poker.decide",
        "HumanGame": "analyzer.games.saint_poker.human",
        "SaintPokerGames": "analyzer.games.saint_poker.play",
        "SaintPokerRoundRobin": "analyzer.games.saint_poker.tournament",
        "SaintPokerTournament": "analyzer.games.saint_poker.tournament",
    },
)


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def decide(
    position: SaintPosition | dict[str, Any] | str | Path,
    *,
    policy: str | Sequence[str] = "greedy",
    trials: int = 4_000,
    exact: bool | None = None,
    seed: int | None = None,
    runner: Runner,
) -> Decision:
    """Every legal choice of the current phase (river card, pair to reveal, or draft pick) with
    its value, best first (rules §3.3, analysis §3.8; ``poker-analyzer saint-poker decide``).

    Each choice is made, the others choose by their policy at the same time, and the game is
    played out from hidden cards dealt from what you have not seen (``search[:B]`` after the
    choice values it under strong play). In the last round, with one
    opponent holding hidden cards and deterministic opponents (``save`` at the river, ``greedy``
    or ``save`` at the reveal), every hand he may hold is enumerated (exact).

    Parameters
    ----------
    position:
        The position seen by seat 0: a dict in the JSON form (keys ``players``, ``round``,
        ``phase`` -- river, reveal or draft --, ``scores``, ``hand``, ``future``, ``river``,
        ``known``, ``removed``, and in the draft ``revealed`` and ``order``), the path of a JSON
        file holding it, or a :class:`~analyzer.games.saint_poker.position.SaintPosition`.
    policy:
        The policy of every player after the choice (``random``, ``greedy``, ``save``,
        ``rollout[:N[:BASE]]`` or ``search[:B[:BASE]]``, as in :func:`play`), or one per seat (a
        list, or names separated by commas; a shorter list is cycled). ``exact`` solves the river
        card of round 8 by minimax instead: each card against the opponents' answer worst for
        you, over every hand the one opponent with hidden cards may hold (a floor: they see your
        card there).
    trials:
        Samples of the hidden cards per choice (Monte Carlo).
    exact:
        ``None`` chooses (exact when the hidden hands can be enumerated as above), ``True``
        forces enumeration, ``False`` Monte Carlo.
    seed:
        The Monte Carlo seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    Decision
        ``choices`` best first by the expected points to the end of the game, each with
        P(win this round) (for a draft pick, the next one), the expected points of that round
        and of the rest of the game, the regret against the best choice and the chance of
        winning the game, with standard errors (the regret's paired, over the same samples);
        ``continuation`` says which play after the choice the values assume.

    Examples
    --------
    >>> import analyzer as pa
    >>> river = {"players": 3, "round": 1, "phase": "river", "hand": "As Kd 9h 9c 7s 5d 4c 3h 2s Qc",
    ...          "river": "Jc 8d", "future": "Qd 2c"}
    >>> pa.saint_poker.decide(river, trials=400, seed=1)
    Saint Poker choices: 3 players, round 1, river; scores 0-0-0; every player then plays greedy
    Monte Carlo, 400 samples of the hidden cards, seed 1
      2s  points 11.732 ± 0.342 to the end, 0.250 ± 0.022 now, P(win round) 25.0%, P(win game) 30.4 ± 2.3%
      5d  points 11.668 ± 0.313 to the end, 0.135 ± 0.017 now, P(win round) 13.5%, P(win game) 31.4 ± 2.3%
      3h  points 11.582 ± 0.342 to the end, 0.198 ± 0.020 now, P(win round) 19.8%, P(win game) 29.6 ± 2.2%
      4c  points 11.582 ± 0.338 to the end, 0.188 ± 0.020 now, P(win round) 18.8%, P(win game) 33.2 ± 2.3%
      7s  points 11.380 ± 0.320 to the end, 0.152 ± 0.018 now, P(win round) 15.2%, P(win game) 29.3 ± 2.2%
      ... 5 more choices
    """
    from analyzer.games.saint_poker.decide import decide
    from analyzer.games.saint_poker.position import SaintPosition, position_from_dict
    from analyzer.json_input import read_input

    return decide(
        read_input(position, SaintPosition, position_from_dict),
        policy=policy,
        trials=trials,
        seed=seed,
        exact=exact,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def play(
    players: int = 3,
    policies: str | Sequence[str] = "greedy",
    *,
    games: int = 10_000,
    rules: SaintPokerRules | dict[str, Any] | None = None,
    seed: int | None = None,
    runner: Runner,
) -> SaintPokerGames:
    """Simulate whole games of 8 rounds (rules §3.2-3.5): each seat's win share, mean score and
    rounds won (``poker-analyzer saint-poker play``).

    Parameters
    ----------
    players:
        2 to 5.
    policies:
        One policy per seat, seat 0 first (a list, or names separated by commas; a shorter list is
        cycled): ``random``, ``greedy``, ``save``, ``rollout[:N[:BASE]]`` (N simulations per
        choice, 8 by default, under the base policy, greedy by default) or ``search[:B[:BASE]]``
        (determinized Monte Carlo with successive halving, a budget of B simulations per move,
        256 by default; :mod:`analyzer.games.saint_poker.search`).
    games:
        Games to simulate.
    rules:
        The rule options (:class:`~analyzer.games.saint_poker.rules.SaintPokerRules` or a dict):
        ``final_tie`` (S-7: ``shared``, or ``round8``, the round-8 hands break the tie),
        ``random_priority`` (S-5: the draft's "youngest" drawn at random instead of seat order),
        ``snake_draft`` (S-10: the second draft pass reversed) and ``future_face_up`` (S-1).
    seed:
        The seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    SaintPokerGames
        Per seat the win share (a shared win split), the mean score and the rounds won, each
        with its standard error where it has one; per round the share of tied rounds.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.saint_poker.play(3, ["greedy", "save", "random"], games=400, seed=1)
    Saint Poker games, 3 players; final ties shared
    Monte Carlo, 400 games, seed 1
      seat 0 greedy  wins 54.0% ± 2.5%, score 17.68 ± 0.33
      seat 1 save    wins 44.8% ± 2.5%, score 15.61 ± 0.33
      seat 2 random  wins 1.2% ± 0.6%, score 2.86 ± 0.20
    """
    from analyzer.games.saint_poker.play import simulate_games
    from analyzer.games.saint_poker.rules import SaintPokerRules
    from analyzer.json_input import options_input

    return simulate_games(
        players,
        policies if isinstance(policies, str) else list(policies),
        games=games,
        seed=seed,
        rules=options_input(rules, SaintPokerRules),
        runner=runner,
    )


@_translate.checked
def human_game(
    players: int = 3, opponents: str = "search", *, seed: int | None = None, think_ms: float | None = None
) -> HumanGame:
    """A game to play yourself against policies, one decision at a time (rules §3, with the
    default readings; ``poker-analyzer saint-poker play --human``).

    You are seat 0. ``game.board()`` shows what you may see, ``game.choices()`` your legal
    choices (a river card, a pair to show, a draft pick), ``game.advice()`` the value of each
    (``decide`` from your position: greedy play for everyone after the choice) and
    ``game.strong_choice()`` the search player's choice in your place; ``game.play(choice)``
    makes yours and runs the game to your next decision, ``game.events`` tells what happened.

    Parameters
    ----------
    players:
        2 to 5 players, you included.
    opponents:
        The opponents' policy (``search``, the strongest, by default), or one per opponent,
        comma-separated and cycled: ``random``, ``greedy``, ``save``, ``tuned``, ``tuned-save``,
        ``rollout[:N[:BASE]]``, ``search[:B[:BASE]]``.
    seed:
        The seed of the deal and the opponents' play; a fresh one (``game.seed``) when ``None``.
    think_ms:
        The opponents' thinking time a choice, CPU milliseconds on this machine, in place of
        the budget of each simulating opponent (rollout, search; the others play as named). The
        budget that costs that much on average over a game here is measured once, in about a
        second, and fixed for the game: ``game.names`` say the players with it
        (``search:8900``), which replay the game from ``seed`` on any machine, and
        ``game.think`` holds the measurements (:class:`~analyzer.games._move_cost.ThinkBudget`,
        one per simulating policy; none without ``think_ms``).

    Returns
    -------
    HumanGame
        The game, at your first decision (the river card of round 1).

    Examples
    --------
    >>> import analyzer as pa
    >>> game = pa.saint_poker.human_game(2, "greedy", seed=1)
    >>> game.play(game.choice_from_text("1"))
    >>> game.phase, game.events[-1]
    ('reveal', 'river cards: you 2c, player 1 (greedy) 6d')
    """
    from analyzer.games.saint_poker.human import HumanGame

    return HumanGame(players=players, opponents=opponents, seed=seed, think_ms=think_ms)


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def tournament(
    players: list[str] | tuple[str, ...],
    *,
    seats: int = 3,
    field: str = "greedy",
    deals: int = 1_000,
    seed: int | None = None,
    runner: Runner,
) -> SaintPokerTournament:
    """A tournament, deals and seats paired (``poker-analyzer saint-poker tournament``;
    :mod:`analyzer.games.saint_poker.tournament`).

    Every player plays every seat of a table of ``seats`` against ``field`` opponents on the
    same deals (the cards, the draft tie-breaks and every seat's random numbers replayed), so
    the luck of the cards and of the seat is the same for all, and two players' difference is
    measured on paired deals.

    Parameters
    ----------
    players:
        At least two policies, each named once (``random``, ``greedy``, ``save``, ``tuned``,
        ``tuned-save``, ``rollout[:N[:BASE]]``, ``search[:B[:BASE]]``).
    seats:
        Players at the table, 2 to 5.
    field:
        The policy of the other seats. A player of the same policy wins exactly ``1 / seats``
        with no error (the shares of a table of one policy sum to one game), so he is not
        played.
    deals:
        Paired deals (each played by every player in every seat).
    seed:
        The seed of the deals; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` with the deals done.

    Returns
    -------
    SaintPokerTournament
        Every player's win share with its standard error and margin over the fair share 1 /
        seats, best first, and every pair's difference with the standard error of the paired
        differences.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.saint_poker.tournament(["greedy", "save", "random"], seats=3, deals=200, seed=1)
    Saint Poker paired tournament, 3 seats against greedy
    Monte Carlo, 200 paired deals, seed 1
      greedy           wins 33.3% ± 0.0% (+0.0 over fair)
      save             wins 32.9% ± 1.9% (-0.4 over fair)
      random           wins 2.1% ± 0.5% (-31.2 over fair)
      greedy v save    +0.4 ± 1.9 points of win share
      greedy v random  +31.2 ± 0.5 points of win share
      save v random    +30.8 ± 2.0 points of win share
    """
    from analyzer.games.saint_poker.tournament import tournament as paired_tournament

    return paired_tournament(players, seats=seats, field=field, deals=deals, seed=seed, runner=runner)


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def round_robin(
    players: list[str] | tuple[str, ...],
    *,
    seats: int = 3,
    deals: int = 1_000,
    seed: int | None = None,
    runner: Runner,
) -> SaintPokerRoundRobin:
    """A round robin with ratings (``poker-analyzer saint-poker round-robin``;
    :func:`analyzer.games.saint_poker.tournament.round_robin`): every player in every seat of a
    table of ``seats`` whose other seats all play one other player, for every other player, on
    the same deals, and the Bradley-Terry ratings (Luce's form for more than two seats) that fit
    the win shares, with how well they fit and the pairs they cannot order
    (:mod:`analyzer.games.ratings`).

    Parameters
    ----------
    players:
        At least three policies, each named once (as for :func:`tournament`).
    seats:
        Players at the table, 2 to 5.
    deals:
        Paired deals per field (the same deals for every field).
    seed:
        The seed of the deals; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` with the fields done.

    Returns
    -------
    SaintPokerRoundRobin
        ``ratings`` (Elo points, the field's mean 0, with standard errors, the chi-square of
        the fit and the reversals), ``shares`` (every player's win share against every field);
        ``to_frame()``, ``to_dict()``, ``plot()``.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.saint_poker.round_robin(["greedy", "save", "random"], deals=200, seed=1)
    Saint Poker round robin, 3 seats: chi-square 15.4 on 4 degrees of freedom (p = 0.004)
    Monte Carlo, 200 paired deals, seed 1
      greedy              +197 ± 7 Elo
      save                +148 ± 7 Elo
      random              -344 ± 9 Elo
      save v greedy x2    wins 32.9% ± 1.9%
      random v greedy x2  wins 2.1% ± 0.5%
      greedy v save x2    wins 43.4% ± 2.0%
      random v save x2    wins 2.8% ± 0.7%
      greedy v random x2  wins 93.3% ± 1.0%
      save v random x2    wins 87.9% ± 1.2%

    One number per player does not explain these shares (p = 0.004): save wins nearly its fair
    third at a table of greedy players, as if the two were equal, yet greedy wins 43.4% at a
    table of save players, as if it were half again as strong.
    """
    from analyzer.games.saint_poker.tournament import round_robin as fit

    return fit(players, seats=seats, deals=deals, seed=seed, runner=runner)
