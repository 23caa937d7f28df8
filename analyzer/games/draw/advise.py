"""Five-card draw: which cards to throw (rules §4). Every allowed discard is ranked by
its equity at showdown against model opponents who draw too (Monte Carlo with common
random numbers, see :mod:`analyzer.games.draw.engine`), with its exact draw odds.

Allowed discards: 0 to ``max_draw`` cards (3 by default), plus keeping an ace (or the
Bug joker) alone and drawing four when ``four_with_ace`` (the house option, D-4).

Each option's ``categories`` are exact draw odds (a uniform draw from the unseen cards,
true whenever the stock lasts); ``sampled_categories`` are what the simulation dealt,
where an exhausted stock is rebuilt from the opponents' discards, which are not uniform.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import CardError, CardsInput, check_disjoint, format_cards, parse_cards
from analyzer.eval import Category
from analyzer.games.draw.engine import HAND, POLICIES, TALLY_WIDTH, draw_kernels
from analyzer.games.draw.odds import draw_odds
from analyzer.sim.engine import DEFAULT_CHUNK_SIZE, Stopping, mean_and_se
from analyzer.sim.facts import RunFacts
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed
from analyzer.sim.showdown import TIE_UNITS
from analyzer.text import plural

if TYPE_CHECKING:  # matplotlib is imported when a chart is drawn, not with the game
    import pandas as pd
    from matplotlib.figure import Figure

MAX_OPPONENTS = 5
DEFAULT_TRIALS = 200_000


def stopping_rules(
    trials: int | None = None, target_se: float | None = None, time_limit: float | None = None
) -> Stopping:
    """The advisor's stopping rules: those given (whichever is met first), or
    :data:`DEFAULT_TRIALS` deals when none is."""
    if trials is None and target_se is None and time_limit is None:
        trials = DEFAULT_TRIALS
    return Stopping(trials=trials, target_se=target_se, time_limit=time_limit)


def discard_options(hand: np.ndarray, max_draw: int, four_with_ace: bool) -> list[int]:
    """Kept-card bit masks of every allowed discard (bit i: keep ``hand[i]``)."""
    options = []
    for draws in range(HAND + 1):
        for thrown in combinations(range(HAND), draws):
            keep = sum(1 << i for i in range(HAND) if i not in thrown)
            kept = [int(hand[i]) for i in range(HAND) if (keep >> i) & 1]
            ace_alone = draws == 4 and (kept[0] >> 2 == 12 or kept[0] == 52)
            if draws <= max_draw or (four_with_ace and ace_alone):
                options.append(keep)
    return options


@dataclass(frozen=True)
class DrawOption:
    """One discard: its showdown equity against the opponents, and its exact draw odds.

    Attributes
    ----------
    discard, keep:
        The cards thrown and kept (canonical text, in hand order).
    draws:
        How many cards are drawn.
    equity, stderr:
        The expected share of the pot at showdown (ties split) and its standard error.
    win, tie:
        The chance to win alone and to split the pot.
    p_improve:
        The exact chance that the draw ends in a better category than the hand's own.
    categories:
        The exact final category distribution of a uniform draw from the unseen cards (true
        whenever the stock lasts).
    sampled_categories:
        The final categories as dealt in the simulation, where an exhausted stock is rebuilt from
        the opponents' discards (rules §4.1), which are not uniform.
    """

    discard: str
    keep: str
    draws: int
    equity: float
    stderr: float
    win: float
    tie: float
    p_improve: float
    categories: dict[str, float]
    sampled_categories: dict[str, float]

    def to_dict(self) -> dict:
        """Every field, under its own name."""
        return dict(self.__dict__)


@dataclass(frozen=True)
class DrawAdvice:
    """Every allowed discard of a hand, best equity first, and how the run went.

    Attributes
    ----------
    hand:
        The five cards (canonical text).
    rules:
        ``"standard"`` or ``"bug"`` (the 53-card deck with the joker).
    opponents, policy:
        How many opponents draw against the hand, and how (``"standard"`` or ``"pat"``).
    jacks_or_better:
        Whether the pot was opened under Jacks or Better (rules §4.3).
    run:
        The Monte Carlo run's facts: its trials are deals, the same deals for every option.
    options:
        One :class:`DrawOption` per allowed discard, best equity first.
    """

    hand: str
    rules: str
    opponents: int
    policy: str
    jacks_or_better: bool
    run: RunFacts
    options: tuple[DrawOption, ...]

    @property
    def best(self) -> DrawOption:
        """The discard with the highest equity."""
        return self.options[0]

    @property
    def title(self) -> str:
        """The hand, the opponents, their policy and the deck."""
        against = plural(self.opponents, "opponent")
        jacks = ", jacks or better" if self.jacks_or_better else ""
        return f"{self.hand} against {against} ({self.policy} policy, {self.rules} deck{jacks})"

    def to_frame(self) -> pd.DataFrame:
        """One row per discard, best equity first: ``discard``, ``keep``, ``draws``, ``equity``,
        ``stderr``, ``win``, ``tie``, ``p_improve`` (the category distributions are in
        :meth:`to_dict`)."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([{k: v for k, v in o.to_dict().items() if "categories" not in k} for o in self.options])

    def to_dict(self) -> dict:
        """The JSON the command line prints with ``--json``: the inputs, the run's facts and every
        option with its distributions."""
        return {
            "hand": self.hand,
            "rules": self.rules,
            "opponents": self.opponents,
            "policy": self.policy,
            "jacks_or_better": self.jacks_or_better,
            **self.run.to_dict(),
            "options": [o.to_dict() for o in self.options],
        }

    def __repr__(self) -> str:
        shown = 5  # the best options; to_frame() has them all
        width = max(len(o.keep or "-") for o in self.options[:shown])
        lines = [f"DrawAdvice: {self.title}; {self.run.describe('deal')}"]
        for o in self.options[:shown]:
            lines.append(
                f"  keep {o.keep or '-':<{width}}  draw {o.draws}  equity {100 * o.equity:.2f}% "
                f"± {100 * o.stderr:.2f}%  P(improve) {100 * o.p_improve:.2f}%"
            )
        if len(self.options) > shown:
            lines.append(f"  ... {len(self.options) - shown} more options (to_frame() lists them all)")
        return "\n".join(lines)

    def plot(self) -> Figure:
        """A bar per discard (labelled by the cards kept), best first and highlighted: equity in %
        of the pot with error bars of two standard errors."""
        from analyzer.charts import bar_chart

        return bar_chart(
            [f"keep {o.keep or '-'}" for o in self.options],
            [100 * o.equity for o in self.options],
            errors=[200 * o.stderr for o in self.options],
            title=self.title,
            value_label="equity at showdown (% of the pot)",
            error_note=self.run.error_note("deal") + " (the same deals for every option)",
            highlight=0,
        )


@dataclass(frozen=True)
class _AdviseJob:
    """A picklable Monte Carlo job: every option against the same opponents' deals."""

    hand: np.ndarray
    unseen: np.ndarray
    options: np.ndarray
    opponents: int
    policy: int
    four_with_ace: bool
    need_opener: bool
    bug: bool

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        tallies = np.zeros((len(self.options), TALLY_WIDTH), np.int64)
        advise = draw_kernels(self.bug)[3]
        status = advise(
            self.hand,
            self.unseen,
            self.options,
            self.opponents,
            self.policy,
            self.four_with_ace,
            self.need_opener,
            state.copy(),
            trials,
            tallies,
        )
        if status != 0:
            raise ValueError("jacks or better: no opponent could open in 100,000 deals of the unseen cards")
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        return max(mean_and_se(t[2] / TIE_UNITS, t[3] / TIE_UNITS**2, trials)[1] for t in tallies)


def advise(
    hand: CardsInput,
    *,
    opponents: int = 1,
    policy: str = "standard",
    bug: bool = False,
    max_draw: int = 3,
    four_with_ace: bool = False,
    jacks_or_better: bool = False,
    dead: CardsInput = "",
    stopping: Stopping = Stopping(trials=DEFAULT_TRIALS),
    seed: int | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE // 8,
    runner: Runner = Runner(),
) -> DrawAdvice:
    """Every allowed discard of a five-card hand, ranked by its equity at showdown against
    opponents who draw by a model policy (rules §4.1), best first, with its exact draw odds.

    Monte Carlo with common random numbers: every option meets the same opponents' hands and
    draws (see :mod:`analyzer.games.draw.engine`).

    Parameters
    ----------
    hand:
        The five cards, as text or codes.
    opponents:
        1 to 5 opponents, dealt from the unseen cards, who draw too.
    policy:
        How the opponents draw: ``"standard"``, or ``"pat"`` (stand pat with two pair or better).
    bug:
        Play the 53-card deck with the Bug joker (rules §4.3).
    max_draw:
        The most cards one may draw (3 by the rules, §4.1).
    four_with_ace:
        The house option D-4: draw four keeping an ace (or the joker) alone.
    jacks_or_better:
        The pot was opened under Jacks or Better (§4.3): when the hand cannot open, the deals
        are those where an opponent could.
    dead:
        Cards known to be out of the stock.
    stopping:
        When the run stops (default :data:`DEFAULT_TRIALS` deals; see :func:`stopping_rules`).
    seed:
        The seed; ``None`` draws a fresh one, reported in the result.
    chunk_size:
        Deals per seeded chunk: a result depends on the inputs, the seed and this.
    runner:
        Where the run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (deals done, planned or ``None``) as the run
        goes.

    Returns
    -------
    DrawAdvice
        Every allowed discard, best equity first, and the run's facts.
    """
    rules = "bug" if bug else "standard"
    cards = parse_cards(hand, allow_joker=bug, rules_name=f"{rules} draw rules")
    if len(cards) != HAND:
        raise CardError(f"{plural(len(cards), 'card')} given: a draw hand has 5")
    dead_cards = parse_cards(dead, allow_joker=bug, rules_name=f"{rules} draw rules")
    check_disjoint({"the hand": cards, "the dead cards": dead_cards})
    if not 1 <= opponents <= MAX_OPPONENTS:
        raise ValueError(f"{opponents} opponents: draw takes 1 to {MAX_OPPONENTS} (2 to 6 players)")
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: expected one of {', '.join(POLICIES)}")
    if not 0 <= max_draw <= HAND:
        raise ValueError(f"max draw must be 0 to 5 cards, got {max_draw}")
    seen = set(cards.tolist()) | set(dead_cards.tolist())
    unseen = np.array([c for c in range(53 if bug else 52) if c not in seen], np.uint8)
    opponent_draws = 4 if four_with_ace else 3
    player_draws = max(max_draw, 4 * four_with_ace)
    # the opponents draw from the stock; the player may go on into their reshuffled discards (§4.1)
    if len(unseen) < HAND * opponents + opponent_draws * opponents or len(unseen) - HAND * opponents < player_draws:
        raise ValueError(f"not enough unseen cards ({len(unseen)}) for {opponents} opponents to be dealt and draw")
    options = discard_options(cards, max_draw, four_with_ace)
    can_open = draw_kernels(bug)[2]
    need_opener = jacks_or_better and not can_open(cards)
    seed = new_seed(seed)
    job = _AdviseJob(
        cards, unseen, np.array(options, np.int64), opponents, POLICIES[policy], four_with_ace, need_opener, bug
    )
    run = runner.monte_carlo(job, seed=seed, stopping=stopping, chunk_size=chunk_size)
    results = []
    for keep, t in zip(options, run.tallies.tolist()):  # Python numbers, not numpy scalars
        thrown = [int(cards[i]) for i in range(HAND) if not (keep >> i) & 1]
        kept = [int(cards[i]) for i in range(HAND) if (keep >> i) & 1]
        odds = draw_odds(cards, thrown, bug=bug, dead=dead_cards)
        equity, se = mean_and_se(t[2] / TIE_UNITS, t[3] / TIE_UNITS**2, run.trials)
        results.append(
            DrawOption(
                discard=format_cards(thrown),
                keep=format_cards(kept),
                draws=len(thrown),
                equity=equity,
                stderr=se,
                win=t[0] / run.trials,
                tie=t[1] / run.trials,
                p_improve=odds.p_improve,
                categories=odds.categories,
                sampled_categories={c.label: t[4 + c] / run.trials for c in Category if t[4 + c]},
            )
        )
    results.sort(key=lambda o: -o.equity)
    return DrawAdvice(
        hand=format_cards(cards),
        rules=rules,
        opponents=opponents,
        policy=policy,
        jacks_or_better=jacks_or_better,
        run=RunFacts.from_run(run),
        options=tuple(results),
    )
