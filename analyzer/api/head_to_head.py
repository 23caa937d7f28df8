"""Head to Head Poker (Reiner Knizia, 2005; rules §2): where to place a card, what to bet, whole
games, single rounds and round robins, as ``poker-analyzer head-to-head place|bet|play|tournament``
computes them.

A position is seen from the player to move ("you") and may be given as a dict in the JSON form
of the position files (:mod:`analyzer.games.head_to_head.position`; betting positions add the
chips, :mod:`analyzer.games.head_to_head.betting.position`), as the path of such a file, or as the
position object itself. Rows may be lists of cards or text, and a side may be one text with rows
separated by ``/``::

    {"round": 2, "type": "hold3", "common": "7s Kd 2h Qc", "you": "7h / / /",
     "opponent": "Kc / / /", "cards": "Ah Qd 7c"}

Policies are named as on the command line: ``random``, ``greedy`` (hand-set weights), ``tuned``
(greedy with the weights of the ``head_to_head.tuning`` study), ``rollout[:N[:BASE]]``,
``search[:N[:BASE]]`` (successive halving over the moves, 1,024 play-outs a move over tuned) and
``ismcts[:N[:BASE]]`` (a tree search over both players' moves in Open 5 rounds, 1,024
iterations a move over tuned, exact minimax in fully known end-games, ``search`` in the other
types; ``ismcts-pure`` searches the tree everywhere) for placing cards; ``never``, ``random``,
``threshold[:bet=P,raise=P,call=P,size=D,cards=0|1]`` and ``rollout[:N]`` for betting. Runs are
seeded (``seed``; a fresh seed, reported in the result, when omitted) and give the same numbers
on any number of threads.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from analyzer.api import _namespace, _translate

if TYPE_CHECKING:
    from analyzer.games.head_to_head.betting.bet import BetValues
    from analyzer.games.head_to_head.betting.human import HumanBettingGame
    from analyzer.games.head_to_head.betting.play import BettingGames
    from analyzer.games.head_to_head.betting.position import BetPosition
    from analyzer.games.head_to_head.betting.rules import BettingRules
    from analyzer.games.head_to_head.human import HumanGame
    from analyzer.games.head_to_head.place import Placements
    from analyzer.games.head_to_head.play import HeadToHeadGames, HeadToHeadRounds
    from analyzer.games.head_to_head.position import Position
    from analyzer.games.head_to_head.rules import HeadToHeadRules
    from analyzer.games.head_to_head.tournament import HeadToHeadTournament
    from analyzer.sim.runner import Runner

__all__, __getattr__, __dir__ = _namespace.public(
    __name__,
    ["bet", "human_game", "place", "play", "rounds", "tournament"],
    {
        "HumanGame": "analyzer.games.head_to_head.human",
        "HumanBettingGame": "analyzer.games.head_to_head.betting.human",
        "BetValues": "analyzer.games.head_to_head.betting.bet",
        "BettingGames": "analyzer.games.head_to_head.betting.play",
        "HeadToHeadGames": "analyzer.games.head_to_head.play",
        "HeadToHeadRounds": "analyzer.games.head_to_head.play",
        "HeadToHeadTournament": "analyzer.games.head_to_head.tournament",
        "Placements": "analyzer.games.head_to_head.place",
    },
)


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def place(
    position: Position | dict[str, Any] | str | Path,
    *,
    policy: str | None = None,
    opponent_policy: str | None = None,
    trials: int = 10_000,
    exact: bool | None = None,
    seed: int | None = None,
    runner: Runner,
) -> Placements:
    """Every legal placement (card, row, side) of a position with its value, best first
    (rules §2.4 round types, §2.9.1-5 analysis; ``poker-analyzer head-to-head place``).

    Each move is played and the round finished by a policy pair, from the hidden cards (the
    deck order; the opponent's hand in Hold 3 and Play 4) dealt afresh from the cards you have
    not seen; every move sees the same samples. With greedy play on both sides the rest of the
    round depends only on the order of the cards to come, and when those orderings are no more
    than ``trials`` they are all enumerated (exact values for greedy play, near the end of a
    round). Where nothing is left hidden or to chance (an Open 5 round down to its last open
    cards) the ``exact`` policy, the default there, solves the rest by minimax: each move's value
    when both play perfectly, the opponent to beat you. ``result.continuation`` says which play
    the values assume.

    Parameters
    ----------
    position:
        The position seen from the player to move: a dict in the JSON form (keys ``round``,
        ``type`` -- draw1, share2, hold3, play4, open5 --, ``crazy``, ``common``, ``you``,
        ``opponent``, ``cards``, ``dead``, ``batch_starter`` (H-G1), ``tiebreak`` (H-G2)), the
        path of a JSON file holding it, or a :class:`~analyzer.games.head_to_head.position.Position`.
    policy:
        The rollout policy of both players after the move: ``greedy``, ``tuned``, ``random``,
        ``rollout[:N[:BASE]]``, ``search[:N[:BASE]]`` or ``ismcts[:N[:BASE]]``; or ``exact`` (minimax, solvable
        positions only). ``None``: ``exact`` where the position is solvable, else ``greedy``.
    opponent_policy:
        The opponent's rollout policy, if not ``policy`` (none with ``exact``).
    trials:
        Samples of the hidden cards per move (Monte Carlo), and the most orderings an automatic
        choice enumerates.
    exact:
        ``None`` chooses (exact when the orderings are at most ``trials`` and both policies are
        greedy), ``True`` forces enumeration, ``False`` Monte Carlo.
    seed:
        The Monte Carlo seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address to run the chunks on.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    Placements
        ``moves`` best first, each with ``ev`` (your expected chips from the rows still open,
        $200 a row, ties split), its standard error, ``regret`` and ``row_win`` (your share of
        each row); ``run`` says how the values were found.

    Examples
    --------
    >>> import analyzer as pa
    >>> start = {"round": 3, "type": "draw1", "common": "7s Kd 2h Qc 9s", "cards": "Ah"}
    >>> pa.head_to_head.place(start, trials=1000, seed=1)
    Head to Head placements: round 3 (5 rows), draw1, 0 cards placed; you play greedy, the opponent greedy
    Monte Carlo, 1,000 samples per move, seed 1
      Ah row 3 you  EV $507.9 ± 6.3, regret 0.0 ± 0.0
      Ah row 1 you  EV $493.0 ± 6.1, regret 14.9 ± 7.3
      Ah row 5 you  EV $489.4 ± 6.4, regret 18.5 ± 7.4
      Ah row 4 you  EV $457.9 ± 6.4, regret 50.0 ± 7.4
      Ah row 2 you  EV $454.5 ± 6.3, regret 53.4 ± 7.3
    """
    from analyzer.games.head_to_head.place import placement_values
    from analyzer.games.head_to_head.position import Position, position_from_dict
    from analyzer.json_input import read_input

    return placement_values(
        read_input(position, Position, position_from_dict),
        policy=policy,
        opponent_policy=opponent_policy,
        trials=trials,
        seed=seed,
        exact=exact,
        runner=runner,
    )


@_translate.checked
def human_game(
    opponent: str | None = None,
    *,
    round_type: str = "roll",
    crazy: bool = False,
    rules: HeadToHeadRules | dict[str, Any] | None = None,
    betting: bool | BettingRules | dict[str, Any] = False,
    opponent_bets: str | None = None,
    seed: int | None = None,
    think_ms: float | None = None,
) -> HumanGame | HumanBettingGame:
    """A game to play yourself against a policy, one placement at a time (rules §2.2-2.6;
    with ``betting``, the betting game of §2.7; ``poker-analyzer head-to-head play --human``).

    You are the round-1 first mover (you move first in rounds 1 and 3). ``game.board()`` shows
    what you may see, ``game.moves()`` your legal moves, ``game.advice()`` the value of each
    (exact minimax where the rest of the round is fully known, else Monte Carlo under tuned
    play), and ``game.play(move)`` places your card and lets the opponent move until your next
    turn; ``game.events`` tells what happened, and ``game.winner`` is set at the end (0 you,
    1 the opponent).

    In the betting game (a :class:`~analyzer.games.head_to_head.betting.human.HumanBettingGame`)
    ``game.decision`` says what you decide: ``"bet"`` (open a bet or not), ``"respond"`` (answer
    the opponent's bet or raise) or ``"place"``; ``game.bet_actions()`` lists the legal betting
    actions, ``game.act(action)`` carries one out, and ``game.advice()`` values your choices by
    play-outs of the rest of the round (your stack at its end minus now).

    Parameters
    ----------
    opponent:
        The opponent's placement policy: ``random``, ``greedy``, ``tuned``,
        ``rollout[:N[:BASE]]``, ``search[:N[:BASE]]`` or ``ismcts[:N[:BASE]]``; ``None`` (the
        default) for the strong player, ``ismcts``, which beats ``search`` at the same CPU per
        move (``results/head_to_head/ismcts``).
    round_type:
        ``draw1``, ``share2``, ``hold3``, ``play4``, ``open5``, or ``roll`` (the die picks each
        round, §2.4).
    crazy:
        Every round Crazy (with a fixed ``round_type``).
    rules:
        The rule options (:class:`~analyzer.games.head_to_head.rules.HeadToHeadRules` or a dict
        of its fields: ``batch_starter``, ``tiebreak``).
    betting:
        ``True`` plays the betting game ($800 stacks, bets on rows) under the default betting
        rules; a :class:`~analyzer.games.head_to_head.betting.rules.BettingRules` or a dict of its
        options (``decline_forfeits_own_chips`` H-B2, ``bet_window`` H-B7, ``min_bet`` H-B6,
        ``row_cap`` H-B3, ``max_raise``) plays it under those.
    opponent_bets:
        The betting game only: the opponent's betting policy, ``never``, ``random``,
        ``threshold[:...]`` (the default) or ``rollout[:N]``.
    seed:
        The seed of the deal and the opponent's play; a fresh one (``game.seed``) when ``None``.
    think_ms:
        The opponent's thinking time a move, CPU milliseconds on this machine, in place of its
        budget (a simulating opponent: rollout, search, ismcts). The budget that costs that much
        here is measured once, in about a second, and fixed for the game: ``game.opponent``
        names the player with it (``ismcts:5900``), which replays the game from ``seed`` on any
        machine, and ``game.think`` holds the measurement (one
        :class:`~analyzer.games._move_cost.ThinkBudget`; none without ``think_ms``).

    Returns
    -------
    HumanGame | HumanBettingGame
        The game, at your first turn: a ``HumanBettingGame`` (a ``HumanGame`` with the betting
        decisions) with ``betting``.

    Examples
    --------
    >>> import analyzer as pa
    >>> game = pa.head_to_head.human_game("greedy", round_type="open5", seed=1)
    >>> print(game.board())
    Round 1 of 3: 3 rows, open5; chips you $0, opponent $0
      row 1: you -           | 5h | opponent -
      row 2: you -           | 8s | opponent -
      row 3: you -           | Ad | opponent -
      you may place: Tc Qd Ts 8c 6h
    >>> game.play(game.move_from_text("Qd 1"))
    >>> game.events[-1]
    'opponent places 8c on his own row 2'
    >>> game = pa.head_to_head.human_game("greedy", round_type="open5", betting=True, seed=1)
    >>> game.decision, game.stacks, game.action_from_text("b 2 50").label
    ('bet', (800, 800), 'bet $50 on row 2')
    """
    from analyzer.games.head_to_head.betting.human import HumanBettingGame
    from analyzer.games.head_to_head.betting.rules import BettingRules
    from analyzer.games.head_to_head.human import STRONG_POLICY, HumanGame
    from analyzer.games.head_to_head.rules import HeadToHeadRules
    from analyzer.json_input import options_input

    settings = options_input(rules, HeadToHeadRules)
    opponent = STRONG_POLICY if opponent is None else opponent
    if betting is False:
        if opponent_bets is not None:
            raise ValueError("opponent_bets is a betting policy: give betting=True too")
        return HumanGame(
            opponent=opponent, round_type=round_type, crazy=crazy, rules=settings, seed=seed, think_ms=think_ms
        )
    return HumanBettingGame(
        opponent=opponent,
        opponent_bets=opponent_bets or "threshold",
        round_type=round_type,
        crazy=crazy,
        rules=settings,
        betting_rules=options_input(None if betting is True else betting, BettingRules),
        seed=seed,
        think_ms=think_ms,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def bet(
    position: BetPosition | dict[str, Any] | str | Path,
    *,
    policy: str = "greedy",
    bet_policy: str = "threshold",
    opponent_policy: str | None = None,
    opponent_bet_policy: str | None = None,
    trials: int = 2_000,
    exact: bool | None = None,
    seed: int | None = None,
    runner: Runner,
) -> BetValues:
    """Every legal betting action of a betting position with its value, best first (rules
    §2.7, H-B1 to H-B7; analysis §2.9.8; ``poker-analyzer head-to-head bet``).

    On your turn the actions are no bet and every allowed bet on every row open to betting;
    when the opponent has more on a card than you, he has bet there and you answer: decline,
    call or every allowed raise. Each action is played to the end of the round (the exchange
    answered by the betting policies, the cards placed by the placement policies, the hidden
    cards dealt from what you have not seen) and valued by your stack at the end of the round
    minus now. At the last placement of a round with greedy placement every card the hidden
    ones could be is enumerated (exact).

    Parameters
    ----------
    position:
        A betting position: a dict in the JSON form of a placement position (see :func:`place`)
        plus ``stacks`` (yours, the opponent's), ``committed`` (``{"you": [...], "opponent":
        [...]}``, chips on each row's card this round), ``base`` (per row: 100, or 50 after a
        decline), ``closed`` (1-based rows closed to betting) and ``rules`` (the betting rules:
        ``decline_forfeits_own_chips`` H-B2, ``bet_window`` H-B7, ``min_bet`` H-B6, ``row_cap``
        H-B3, ``max_raise``); or the path of a JSON file holding it, or a
        :class:`~analyzer.games.head_to_head.betting.position.BetPosition`.
    policy, bet_policy:
        The placement policy (``greedy``, ``tuned``, ``random``, ``rollout[:N[:BASE]]``,
        ``search[:N[:BASE]]`` or ``ismcts[:N[:BASE]]``) and the betting policy (``never``, ``random``,
        ``threshold[:...]`` or ``rollout[:N]``) of both players. With a lookahead one (rollout,
        search or ismcts placement, the rollout bettor) the rest of the round is played as in the
        game, each such player searching from his own view: each action's value under strong play
        (Monte Carlo only).
    opponent_policy, opponent_bet_policy:
        The opponent's, if not the same.
    trials:
        Samples of the hidden cards per action (Monte Carlo).
    exact:
        ``None`` chooses (exact at the last placement of a round with greedy placement),
        ``True`` forces enumeration, ``False`` Monte Carlo.
    seed:
        The Monte Carlo seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    BetValues
        ``actions`` best first, each with ``ev`` (your expected stack change to the end of the
        round), its standard error and ``regret``; ``run`` says how they were found.

    Examples
    --------
    The opponent bets $100 on the last open row, whose last space is yours to fill:

    >>> import analyzer as pa
    >>> answer = {
    ...     "round": 1, "type": "draw1", "common": "7s Kd 2h",
    ...     "you": ["7h 7d 3c 4c", "Ks Kc 5d 4d", "2s 2c 9d Jh"],
    ...     "opponent": ["As Ad 6h 6d", "Qs Qd Jc 8d", "3d 3h 4h"], "cards": [],
    ...     "stacks": [800, 700], "committed": {"you": [0, 0, 0], "opponent": [0, 0, 100]},
    ...     "base": [0, 0, 100],
    ... }
    >>> result = pa.head_to_head.bet(answer)
    >>> result.best.label, round(result.best.ev, 1), result.run.method
    ('call on row 3', 188.5, 'exact')
    """
    from analyzer.games.head_to_head.betting.bet import bet_values
    from analyzer.games.head_to_head.betting.position import BetPosition, bet_position_from_dict
    from analyzer.json_input import read_input

    return bet_values(
        read_input(position, BetPosition, bet_position_from_dict),
        policy=policy,
        bet_policy=bet_policy,
        opponent_policy=opponent_policy,
        opponent_bet_policy=opponent_bet_policy,
        trials=trials,
        seed=seed,
        exact=exact,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def play(
    first: str = "greedy",
    second: str = "random",
    *,
    round_type: str = "roll",
    crazy: bool = False,
    games: int = 10_000,
    rules: HeadToHeadRules | dict[str, Any] | None = None,
    betting: bool | BettingRules | dict[str, Any] = False,
    first_bets: str | None = None,
    second_bets: str | None = None,
    seed: int | None = None,
    runner: Runner,
) -> HeadToHeadGames | BettingGames:
    """Simulate whole games (3 rounds of 3, 4 and 5 rows) between two policies (rules §2.2-2.6;
    with ``betting``, the betting game of §2.7; ``poker-analyzer head-to-head play``).

    ``first`` moves first in round 1 (the dealer alternates, so again in round 3). A game tied on
    chips is settled by the card draw of §2.6. Each seat has its own random stream, so changing
    one seat's policy changes neither the cards nor the other seat's luck.

    Parameters
    ----------
    first, second:
        The placement policies of the round-1 first mover and of the other player: ``random``,
        ``greedy``, ``tuned``, ``rollout[:N[:BASE]]`` (N rollouts per move, 32 by default, under
        the base policy, greedy by default) or ``search[:N[:BASE]]`` (N play-outs a move by
        successive halving, 1,024 by default, tuned base by default) or ``ismcts[:N[:BASE]]`` (N
        iterations a move of a tree search over both players' moves in Open 5 rounds, ``search``
        elsewhere, 1,024 and tuned by default; ``ismcts-pure``: the tree everywhere, without the
        exact end-game solver).
    round_type:
        ``draw1``, ``share2``, ``hold3``, ``play4``, ``open5``, or ``roll``: the die picks each
        round's type and a 6 makes it Crazy (§2.4).
    crazy:
        Every round Crazy (any placement on either side); needs a fixed ``round_type``.
    games:
        Games to simulate.
    rules:
        The no-betting rule options (:class:`~analyzer.games.head_to_head.rules.HeadToHeadRules`
        or a dict): ``batch_starter`` (H-G1) and ``tiebreak`` (H-G2).
    betting:
        ``True`` plays the betting game ($800 stacks, bets on rows) under the default betting
        rules; a :class:`~analyzer.games.head_to_head.betting.rules.BettingRules` or a dict of its
        options (``decline_forfeits_own_chips`` H-B2, ``bet_window`` H-B7, ``min_bet`` H-B6,
        ``row_cap`` H-B3, ``max_raise``) plays it under those.
    first_bets, second_bets:
        The betting game only: each player's betting policy, ``threshold`` by default.
    seed:
        The seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` while the run goes.

    Returns
    -------
    HeadToHeadGames or BettingGames
        Without betting: win rates, the chip margin (first minus second) and the first mover's
        margin per round. With betting: the first player's win rate, final stack and mean stack
        after every placement.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.head_to_head.play("greedy", "random", games=500, seed=1)
    Head to Head games, roll: greedy (first) v random (second)
    Monte Carlo, 500 games, seed 1
      first (greedy) wins       99.80% ± 0.20%
      second (random) wins      0.20% ± 0.20%
      settled by the card draw  0.40% ± 0.28%
      chip margin               +1689.2 ± 22.0 $ per game (s.d. 491.2)
      round 1 (3 rows)          first moves first: margin +354.0 ± 12.8 $, wins 89.0%
      round 2 (4 rows)          second moves first: margin -557.6 ± 13.4 $, wins 1.2%
      round 3 (5 rows)          first moves first: margin +777.6 ± 12.8 $, wins 98.8%
    """
    from analyzer.games.head_to_head.betting.play import simulate_betting_games
    from analyzer.games.head_to_head.betting.rules import BettingRules
    from analyzer.games.head_to_head.play import simulate_games
    from analyzer.games.head_to_head.rules import HeadToHeadRules
    from analyzer.json_input import options_input

    betting_rules = None if betting is False else options_input(None if betting is True else betting, BettingRules)
    settings = options_input(rules, HeadToHeadRules)
    if betting_rules is None:
        if first_bets is not None or second_bets is not None:
            raise ValueError("first_bets and second_bets are betting policies: give betting=True too")
        return simulate_games(
            first,
            second,
            round_type=round_type,
            crazy=crazy,
            games=games,
            seed=seed,
            settings=settings,
            runner=runner,
        )
    return simulate_betting_games(
        first,
        second,
        first_bets=first_bets or "threshold",
        second_bets=second_bets or "threshold",
        round_type=round_type,
        crazy=crazy,
        games=games,
        seed=seed,
        settings=settings,
        rules=betting_rules,
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler")
def rounds(
    round_type: str,
    *,
    rows: int = 3,
    crazy: bool = False,
    first: str = "greedy",
    second: str = "greedy",
    rounds: int = 10_000,
    rules: HeadToHeadRules | dict[str, Any] | None = None,
    seed: int | None = None,
    runner: Runner,
) -> HeadToHeadRounds:
    """Simulate single rounds of one type and size (rules §2.3-2.4; analysis §2.9.6, the round
    types study behind ``poker-analyzer head-to-head tables``): how the first mover fares.

    Parameters
    ----------
    round_type:
        ``draw1``, ``share2``, ``hold3``, ``play4`` or ``open5``.
    rows:
        3, 4 or 5 active rows (rounds 1, 2, 3).
    crazy:
        A Crazy round (any placement on either side).
    first, second:
        The policies of the first mover F and of the dealer D: ``random``, ``greedy`` or
        ``rollout[:N[:BASE]]``.
    rounds:
        Rounds to simulate.
    rules:
        :class:`~analyzer.games.head_to_head.rules.HeadToHeadRules` or a dict: ``batch_starter``
        (H-G1) and ``tiebreak`` (H-G2).
    seed:
        The seed; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.

    Returns
    -------
    HeadToHeadRounds
        The shares of rounds F wins, D wins and tie, and F's chip margin per round with its
        standard error and standard deviation.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.head_to_head.rounds("open5", rows=5, rounds=2000, seed=1)
    Head to Head rounds, open5, 5 rows: greedy (first mover) v greedy (dealer)
    Monte Carlo, 2,000 rounds, seed 1
      first mover wins  49.35%
      dealer wins       50.15%
      ties              0.50%
      margin            -3.0 ± 8.3 $ per round (s.d. 371.4)
    """
    from analyzer.games.head_to_head.play import simulate_rounds
    from analyzer.games.head_to_head.rules import HeadToHeadRules
    from analyzer.json_input import options_input

    return simulate_rounds(
        round_type,
        crazy=crazy,
        rows=rows,
        first=first,
        second=second,
        rounds=rounds,
        seed=seed,
        settings=options_input(rules, HeadToHeadRules),
        runner=runner,
    )


@_translate.checked
@_translate.runs_on("threads", "scheduler", "progress")
def tournament(
    players: list[str] | tuple[str, ...],
    *,
    betting: bool | BettingRules | dict[str, Any] = False,
    round_type: str = "roll",
    crazy: bool = False,
    deals: int = 2_000,
    rules: HeadToHeadRules | dict[str, Any] | None = None,
    seed: int | None = None,
    runner: Runner,
) -> HeadToHeadTournament:
    """A round robin between players, deals and seats paired (``poker-analyzer head-to-head
    tournament``; :mod:`analyzer.games.head_to_head.tournament`).

    Every pair plays the same ``deals`` deals, each twice with the seats swapped; a deal scores
    the first-named player's mean $ margin over its two games, so the luck of the cards and of
    the seat cancels, and every pair's luck is the same.

    Parameters
    ----------
    players:
        At least two placement policies, each named once (``random``, ``greedy``, ``tuned``,
        ``rollout[:N[:BASE]]``); in the betting game each may add its betting policy after a
        ``+`` (``tuned+rollout:16``; ``threshold`` when none is given).
    betting:
        ``True`` plays the betting game under the default betting rules; a
        :class:`~analyzer.games.head_to_head.betting.rules.BettingRules` or a dict of its options
        plays it under those.
    round_type, crazy, rules:
        As for :func:`play`.
    deals:
        Paired deals per pair (two games each).
    seed:
        The seed of the deals; a fresh one (reported in ``result.run.seed``) when ``None``.
    threads, scheduler:
        Local threads (default: all cores), or a Dask scheduler address.
    progress:
        Called as ``progress(done, planned)`` with the tasks done (blocks of deals of a pair).

    Returns
    -------
    HeadToHeadTournament
        Every match (the first player's margin in $ per game and share of games won, with
        standard errors) and every player's standing (its margin over the field), best first.

    Examples
    --------
    >>> import analyzer as pa
    >>> pa.head_to_head.tournament(["greedy", "tuned", "random"], deals=100, seed=1)
    Head to Head round robin, placement game, roll
    Monte Carlo, 100 paired deals, seed 1
      tuned            +1073.5 ± 26.4 $ per game v the field
      greedy           +753.0 ± 25.0 $ per game v the field
      random           -1826.5 ± 28.4 $ per game v the field
      greedy v tuned   -215.0 ± 37.7 $, wins 37.5%
      greedy v random  +1721.0 ± 33.4 $, wins 100.0%
      tuned v random   +1932.0 ± 32.5 $, wins 100.0%
    """
    from analyzer.games.head_to_head.betting.rules import BettingRules
    from analyzer.games.head_to_head.rules import HeadToHeadRules
    from analyzer.games.head_to_head.tournament import tournament as round_robin
    from analyzer.json_input import options_input

    return round_robin(
        players,
        betting=betting is not False,
        round_type=round_type,
        crazy=crazy,
        deals=deals,
        seed=seed,
        settings=options_input(rules, HeadToHeadRules),
        rules=options_input(None if betting in (True, False) else betting, BettingRules),
        runner=runner,
    )
