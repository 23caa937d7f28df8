"""Compile the kernels of a game ahead of use: every kernel its commands and API verbs call.

Numba compiles a kernel the first time it runs and keeps the machine code in the project's disk
cache (:mod:`analyzer.jit.kernel_cache`: ``__pycache__`` beside the source, or
``NUMBA_CACHE_DIR``), so only the first run of each
command pays for compiling. :func:`warmup` pays it up front, by running each verb of the game on
a tiny input through the same path a real call takes: the very signatures the commands use are
compiled and cached, nothing more. Later processes load them from the cache.

>>> from analyzer.api.warmup import WARMUP_GAMES
>>> WARMUP_GAMES[:3]
('eval', 'holdem', 'stud')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from analyzer.api.examples import LAST_BET, PLACE, SAINT


def _eval() -> None:
    import numpy as np

    from analyzer.api import evaluate
    from analyzer.eval import evaluate_batch

    for cards, rules in (("As Ks Qs Js Ts 2c 3d", "standard"), ("Jk As Ks Qs Js", "bug"), ("Jk 2c", "paigow")):
        evaluate(cards, rules)
    for rules in ("standard", "bug", "paigow"):
        evaluate_batch(np.array([[0, 4, 8, 12, 17, 21, 25]], np.uint8), rules)


def _holdem() -> None:
    from analyzer import ranges
    from analyzer.api import holdem

    holdem.equity(["AsKs", "QdQc"], "Kh 7d 2c 5s")  # exact
    holdem.equity(["AsKs", "QdQc"], exact=False, trials=1000, seed=1)
    holdem.equity(["QQ+, AKs", "22+, A2s+", "random"], "Kh 7d 2c", exact=False, trials=1000, seed=1)
    holdem.equity(["QQ+", "AKs"], "Kh 7d 2c 5s", exact=True)  # exact ranges, runout by runout
    holdem.equity(["AKs", "QdQc, JdJc"], exact=True)  # exact ranges preflop, by rank patterns
    holdem.equity(["QQ+", "AKs"], "Kh 7d 2c 5s", exact=True, breakdown=True)  # combo by combo
    holdem.equity(["QQ+", "AKs"], "2h 3h 4h 9h", exact=True, breakdown=True)  # by suit classes
    holdem.equity(["QQ+, AKs", "random"], "Kh 7d 2c", exact=False, trials=1000, seed=1, breakdown=True)
    holdem.turns(["AsKs", "QdQc"], "Kh 7d 2c")  # the many-deals kernel of turns and equities
    holdem.flops(["AsKs", "QdQc"], dead=list(range(38)))  # the flop sweep, on the 10 cards left
    holdem.hits("QQ+, AKs", "Kh 7d 2c")  # the texture kernel (every flop and turns call it alike)
    holdem.push_fold(stack=5)  # heads-up push/fold's CFR+
    holdem.icm_push_fold([5, 5, 5], [1], deals=1000)  # three-handed: the deals, their ranks, CFR+
    ranges.parse("QQ+, AKs").to_frame()


def _stud() -> None:
    from analyzer.api import stud

    stud.equity(["AsAh", "KsKh7d"], dead="Qc 5h", exact=False, trials=1000, seed=1)
    stud.equity(["AsAhKd7c", "KsKh7d6c"])  # exact


def _draw() -> None:
    from analyzer.api import draw

    draw.odds("Jc Jd 8h 5s 2c", "8h 5s 2c")
    draw.odds("Jk Jd 8h 5s 2c", "8h 5s 2c", bug=True)
    draw.advise("Ah Kh 9h 7h 2c", opponents=2, trials=200, seed=1)
    draw.advise("Jk Ad 7h 5s 2c", bug=True, jacks_or_better=True, four_with_ace=True, trials=200, seed=1)


def _paigow() -> None:
    from analyzer.api import paigow

    paigow.house_way("Tc Td 6h 6s Ac 3d 2h")
    paigow.split("Tc Td 6h 6s Ac 3d 2h", exact=False, trials=1000, seed=1)
    paigow.edge(trials=1000, seed=1)
    paigow.edge(strategy="optimal", trials=20, inner_trials=20, seed=1)
    _paigow_exact_split()
    _paigow_tables()


def _paigow_exact_split() -> None:
    """``paigow split --exact``: the dealer's hand patterns set by the House Way (0.15 s) and
    one hand counted."""
    from analyzer.api import paigow

    paigow.split("Ac Kd 9h 7s 5c 3d 2h", exact=True)


def _paigow_tables() -> None:
    """The kernels of ``paigow exact-edge`` with either strategy on a deck of 4 ranks and the
    joker: the same array types as the full deck's (with the best split, the families swept by
    one thread and by every thread together)."""
    from fractions import Fraction

    import numpy as np

    from analyzer.games.paigow import exact_count, optimal_count, settings_table

    deck = np.array([4 * r + s for r in range(9, 13) for s in range(4)] + [52], np.uint8)
    scales = settings_table.value_scales(deck)
    table = settings_table.build_table(deck, 0, scales=scales)
    settings_table.agrees(table, deck, 0, hands=10, scales=scales)
    exact_count.count_outcomes(table, 4, True)
    sets = exact_count.shared_sets(4, True)
    splits = optimal_count.class_splits(deck, 4, True, 0, *scales)
    sums = optimal_count.new_sums(splits)
    optimal_count.add_terms(len(deck), len(scales[0]), len(scales[1]), splits, sets, 0, len(sets[1]), sums, dense=3000)
    optimal_count.totals(splits, sums, Fraction(19, 20))


def _head_to_head() -> None:
    """The game kernels twice: without the lookahead players' code and with it (a rollout or
    search placement, or the rollout bettor: ``head_to_head.rollout.lookahead_flag``)."""
    from analyzer.api import head_to_head

    head_to_head.place(PLACE, trials=100, seed=1)
    head_to_head.place(PLACE, policy="search:2", trials=2, seed=1)  # values under a lookahead player
    head_to_head.bet(LAST_BET, trials=100, seed=1)
    head_to_head.bet(LAST_BET, policy="search:2", trials=2, seed=1)  # values under a lookahead player
    head_to_head.play("greedy", "random", games=20, seed=1)
    head_to_head.play("rollout:1", "greedy", round_type="open5", crazy=True, games=2, seed=1)
    head_to_head.play("greedy", "greedy", betting=True, first_bets="threshold", games=20, seed=1)
    head_to_head.play("rollout:1", "greedy", betting=True, first_bets="rollout:1", games=1, seed=1)
    head_to_head.rounds("hold3", rounds=20, seed=1)
    head_to_head.rounds("hold3", first="rollout:1", rounds=1, seed=1)
    head_to_head.tournament(["greedy", "tuned"], deals=2, seed=1)
    head_to_head.tournament(["greedy", "rollout:1"], deals=2, seed=1)
    head_to_head.tournament(["greedy", "random"], betting=True, deals=2, seed=1)
    head_to_head.tournament(["greedy", "rollout:1+rollout:1"], betting=True, deals=1, seed=1)


def _saint_poker() -> None:
    """The game kernels twice, as in Head to Head: without the rollout and search players' code
    and with it (``saint_poker.table.lookahead_flag``)."""
    from analyzer.api import saint_poker

    saint_poker.decide(SAINT, trials=50, seed=1)
    saint_poker.decide(SAINT, policy="search:2", trials=1, seed=1)
    saint_poker.play(4, "greedy,save,random,greedy", games=4, seed=1)
    saint_poker.play(5, "greedy,save,random,rollout:1,search:4", games=4, seed=1)


def _whist() -> None:
    from analyzer.api import whist

    whist.bid("As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c", trials=100, seed=1)
    whist.play(deals=20, table_deals=100, seed=1)


def _mousel() -> None:
    from analyzer.api import mousel

    mousel.advise("Kh Qh 9c 4d", "7h", 4, trials=100, seed=1)
    mousel.advise("Kh Qh 9c 4d", "7h", 5, play="exact", pot=4, trials=20, seed=1)
    mousel.play(4, sessions=5, deals=4, seed=1)


class GameWarmup(NamedTuple):
    """One game's warmup, and what its first command costs without it."""

    run: Callable[[], None]
    """Runs each verb of the game once on tiny inputs."""
    compile_seconds: int
    """About how long the first command of the game compiles, in seconds on the 2-core machine
    this project is developed on (cold runs of ``bench/startup.py``). The command line's compile
    notice quotes it."""
    warmup_seconds: int
    """About how long :func:`warmup` of the game alone takes, in CPU seconds: one process, an
    empty cache (measured game by game; in ``poker-analyzer warmup`` the games share the cache,
    so the evaluator is compiled once for all). ``poker-analyzer warmup`` starts the longest
    first, so the pool ends sooner."""


WARMUPS: dict[str, GameWarmup] = {
    "eval": GameWarmup(_eval, 5, 12),
    "holdem": GameWarmup(_holdem, 5, 15),
    "stud": GameWarmup(_stud, 6, 2),
    "draw": GameWarmup(_draw, 10, 5),
    "paigow": GameWarmup(_paigow, 15, 19),
    "head_to_head": GameWarmup(_head_to_head, 30, 22),
    "saint_poker": GameWarmup(_saint_poker, 25, 12),
    "whist": GameWarmup(_whist, 12, 6),
    "mousel": GameWarmup(_mousel, 15, 6),
}
"""Every game :func:`warmup` can compile, the one list of them: the evaluator (``eval``) and each
game namespace of :data:`analyzer.GAMES`, under its namespace's name. The command line's
``warmup`` choices and compile notices are made from it (``head_to_head`` is the command group
``head-to-head``)."""
WARMUP_GAMES = tuple(WARMUPS)
"""The names of :data:`WARMUPS`, in its order."""


def warmup(*games: str) -> None:
    """Compile (or load from the cache) every kernel the commands and verbs of ``games`` call.

    Parameters
    ----------
    games:
        Names from :data:`WARMUP_GAMES` (``"holdem"``, ``"head_to_head"`` ...); all of them when
        none is given. Each is warmed up in this process, one after another (the command line's
        ``poker-analyzer warmup`` runs them in parallel processes).

    Raises ValueError naming an unknown game before anything is compiled.
    """
    unknown = [game for game in games if game not in WARMUPS]
    if unknown:
        raise ValueError(f"unknown game {unknown[0]!r}: expected one of {', '.join(WARMUP_GAMES)}")
    for game in games or WARMUP_GAMES:
        WARMUPS[game].run()
