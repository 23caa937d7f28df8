"""Three-handed push/fold under ICM: the button, the small blind and the big blind, each either
all in or out, paid by their tournament equity (Malmuth-Harville, :mod:`analyzer.games.holdem.icm`).

**The game.** The three players start the hand with ``stacks`` (button, small blind, big blind,
in big blinds), post the ante each, and the blinds 0.5 and 1. The button pushes or folds; after
a push the small blind calls or folds and the big blind then calls (or over-calls) or folds;
after the button's fold the small blind pushes or folds and the big blind calls or folds. Every
call is all in. The pot is settled with side pots (each layer of the contributions goes to the
best hand among the players in the showdown who paid into it, split on a tie; chips nobody
matched go back), and each player is paid his ICM equity of the stacks after the hand. Players
busted in the same hand finish in the order of their stacks before it (equal stacks share the
places). Values are shares of the prize pool.

**The deals: Monte Carlo.** Three-way all-in equities over 169^3 class triples are too many
to enumerate, so the game is played on ``deals`` deals drawn once (three disjoint hands and a
board, xoshiro256++ from ``seed``): card removal is exact in every deal, and every showdown, two-
or three-way, is settled on the deal's board. The equilibrium is that of this sampled game; its
sampling error is reported as the standard error of each player's equity at the equilibrium
(payoffs averaged over the deals), and it shrinks as 1/sqrt(deals).

**The solver.** CFR+ on the six decisions (button push; small blind call after a push, push
after a fold; big blind call after the button's push and the small blind's fold, over-call
after a push and a call, call after the small blind's push), each by starting class (169),
strategies averaged with linear weights, until the exploitability is at most ``tolerance``
(then frequencies within 0.05, else 0.02, 0.01 or 0.001 of 0 or 1 are rounded to it and the
rest to 3 decimals, the first of these that keeps the exploitability within the tolerance):
the sum over the three players of what each would gain by switching to his best response, in
prize-pool shares (each player's decisions lie on different branches of the tree, so his best
response is the better action at each decision by itself).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.games.holdem.icm import checked_input, place_probabilities
from analyzer.games.holdem.push_fold import class_range
from analyzer.jit import kernel
from analyzer.ranges import HAND_CLASSES, Range, class_combos
from analyzer.sim.rng import below
from analyzer.sim.seeds import check_seed, chunk_state

if TYPE_CHECKING:
    import pandas as pd

DECISIONS = (
    "button push",
    "small blind call (button pushed)",
    "small blind push (button folded)",
    "big blind call (button pushed, small blind folded)",
    "big blind over-call (button pushed, small blind called)",
    "big blind call (small blind pushed)",
)
DEFAULT_DEALS = 2_000_000
DEFAULT_TOLERANCE = 1e-4  # prize-pool share: 0.01%
MAX_ITERATIONS = 5_000
CHECK_EVERY = 25
ROUNDINGS = (0.05, 0.02, 0.01, 0.001)  # frequencies this close to 0 or 1 are tried rounded to it


def _combo_classes() -> np.ndarray:
    """(52, 52): the class index of each two-card combo (either order)."""
    table = np.full((52, 52), -1, np.int64)
    for i, name in enumerate(HAND_CLASSES):
        for a, b in class_combos(name):
            table[a, b] = table[b, a] = i
    return table


@kernel
def _sample(deals, state, combo_class):
    """Draw ``deals`` deals of three disjoint hands and five board cards: each hand's class and
    7-card value."""
    classes = np.zeros((deals, 3), np.int64)
    values = np.zeros((deals, 3), np.int64)
    cards = np.zeros(11, np.int64)
    for d in range(deals):
        used = np.uint64(0)
        for k in range(11):
            c = below(state, 52)
            while used & (np.uint64(1) << np.uint64(c)):
                c = below(state, 52)
            used |= np.uint64(1) << np.uint64(c)
            cards[k] = c
        key, mask = EMPTY_KEY, np.uint64(0)
        for k in range(6, 11):
            key += CARD_KEY[cards[k]]
            mask |= CARD_MASK[cards[k]]
        for p in range(3):
            a, b = cards[2 * p], cards[2 * p + 1]
            classes[d, p] = combo_class[a, b]
            values[d, p] = evaluate_key(key + CARD_KEY[a] + CARD_KEY[b], mask | CARD_MASK[a] | CARD_MASK[b])
    return classes, values


def _settle(start: np.ndarray, paid: np.ndarray, live: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The stacks after the hand: ``paid`` are the chips each put in, ``live`` who is in the
    showdown, ``values`` their hands' values (higher wins). Side pots layer by layer."""
    final = start - paid
    levels = sorted({float(paid[i]) for i in range(3) if live[i]})
    below_level = 0.0
    for level in levels:
        pot = float(np.clip(paid, below_level, level).sum() - 3 * below_level)
        eligible = [i for i in range(3) if live[i] and paid[i] >= level]
        best = max(values[i] for i in eligible)
        winners = [i for i in eligible if values[i] == best]
        for i in winners:
            final[i] += pot / len(winners)
        below_level = level
    for i in range(3):  # chips above the last level nobody matched go back
        final[i] += max(0.0, paid[i] - below_level)
    return final


def _icm(final: np.ndarray, start: np.ndarray, payouts: np.ndarray) -> np.ndarray:
    """Each player's prize-pool share of ``final`` stacks: Harville among those with chips,
    the busted ones below them in the order of their ``start`` stacks (equal ones share)."""
    prizes = np.zeros(3)
    prizes[: len(payouts)] = payouts
    alive = [i for i in range(3) if final[i] > 1e-9]
    out = np.zeros(3)
    if alive:
        places = place_probabilities(final[alive], len(alive))
        out[alive] = places @ prizes[: len(alive)]
    busted = sorted((i for i in range(3) if final[i] <= 1e-9), key=lambda i: -start[i])
    place = len(alive)
    while busted:
        tied = [i for i in busted if start[i] == start[busted[0]]]
        share = prizes[place : place + len(tied)].sum() / len(tied)
        for i in tied:
            out[i] = share
        place += len(tied)
        busted = [i for i in busted if i not in tied]
    return out / prizes.sum()


# The terminal nodes: who paid all in, who is in the showdown (None: no showdown, the last
# player in takes the pot). Seats 0 button, 1 small blind, 2 big blind.
_SHOWDOWNS = {  # node: players all in
    "sb_bb": (1, 2),  # button folds, small blind pushes, big blind calls
    "btn_bb": (0, 2),  # button pushes, small blind folds, big blind calls
    "btn_sb": (0, 1),  # button pushes, small blind calls, big blind folds
    "all": (0, 1, 2),  # button pushes, both call
}
_FOLDS = {  # node: the players all in (the one left wins)
    "walk": (),  # button and small blind fold: the big blind wins the blinds
    "sb_steal": (1,),  # button folds, small blind pushes, big blind folds
    "btn_steal": (0,),  # button pushes, both fold
}


def _paid(all_in: Sequence[int], start: np.ndarray, posted: np.ndarray) -> np.ndarray:
    return np.array([start[i] if i in all_in else posted[i] for i in range(3)])


def _outcome_table(start: np.ndarray, posted: np.ndarray, payouts: np.ndarray) -> dict[str, np.ndarray]:
    """For each showdown node, the ICM shares of the 13 orderings of three hands' values; for
    each fold node, the shares. A showdown's ordering is read from values in {0, 1, 2}."""
    table: dict[str, np.ndarray] = {}
    for node, all_in in _FOLDS.items():
        live = np.zeros(3, bool)
        live[list(all_in) or [2]] = True
        winner = np.array([0, 0, 0])
        table[node] = _icm(_settle(start, _paid(all_in, start, posted), live, winner), start, payouts)
    for node, all_in in _SHOWDOWNS.items():
        live = np.zeros(3, bool)
        live[list(all_in)] = True
        shares = np.zeros((27, 3))
        for code in range(27):
            values = np.array([code // 9, code // 3 % 3, code % 3])
            shares[code] = _icm(_settle(start, _paid(all_in, start, posted), live, values), start, payouts)
        table[node] = shares
    return table


@kernel
def _rank_codes(values):
    """Per deal, each showdown's outcome as a base-3 code of the players' ranks (how many of the
    others in the showdown each beats; 0 for a player out of it), for the four showdowns in the
    order of ``_SHOWDOWNS``."""
    n = values.shape[0]
    codes = np.zeros((n, 4), np.int64)
    pairs = ((1, 2), (0, 2), (0, 1))
    for d in range(n):
        v = values[d]
        for s in range(3):
            a, b = pairs[s]
            ra = 1 if v[a] > v[b] else 0
            rb = 1 if v[b] > v[a] else 0
            digits = np.zeros(3, np.int64)
            digits[a], digits[b] = ra, rb
            codes[d, s] = digits[0] * 9 + digits[1] * 3 + digits[2]
        r0 = (v[0] > v[1]) + (v[0] > v[2])
        r1 = (v[1] > v[0]) + (v[1] > v[2])
        r2 = (v[2] > v[0]) + (v[2] > v[1])
        codes[d, 3] = r0 * 9 + r1 * 3 + r2
    return codes


@kernel
def _advantages(x, classes, codes, folds, showdowns):
    """Every decision's counterfactual advantage of the aggressive action (push or call) over
    folding, summed over the deals by the acting player's class (6 x 169), and the players'
    summed shares and squared shares at the root, under the strategies ``x`` (6 x 169: the
    probability of the aggressive action)."""
    adv = np.zeros((6, 169))
    total = np.zeros(3)
    squares = np.zeros(3)
    for d in range(classes.shape[0]):
        h0, h1, h2 = classes[d, 0], classes[d, 1], classes[d, 2]
        p0, c1, p1, c2a, c2b, c2c = x[0, h0], x[1, h1], x[2, h1], x[3, h2], x[4, h2], x[5, h2]
        u_sb_bb = showdowns[0, codes[d, 0]]
        u_btn_bb = showdowns[1, codes[d, 1]]
        u_btn_sb = showdowns[2, codes[d, 2]]
        u_all = showdowns[3, codes[d, 3]]
        for i in range(3):
            n4 = c2b * u_all[i] + (1 - c2b) * u_btn_sb[i]
            n3 = c2a * u_btn_bb[i] + (1 - c2a) * folds[2, i]
            n1 = c1 * n4 + (1 - c1) * n3
            n5 = c2c * u_sb_bb[i] + (1 - c2c) * folds[1, i]
            n2 = p1 * n5 + (1 - p1) * folds[0, i]
            root = p0 * n1 + (1 - p0) * n2
            total[i] += root
            squares[i] += root * root
            if i == 0:
                adv[0, h0] += n1 - n2
            elif i == 1:
                adv[1, h1] += p0 * (n4 - n3)
                adv[2, h1] += (1 - p0) * (n5 - folds[0, 1])
            else:
                adv[3, h2] += p0 * (1 - c1) * (u_btn_bb[2] - folds[2, 2])
                adv[4, h2] += p0 * c1 * (u_all[2] - u_btn_sb[2])
                adv[5, h2] += (1 - p0) * p1 * (u_sb_bb[2] - folds[1, 2])
    return adv, total, squares


@dataclass(frozen=True)
class IcmPushFoldResult:
    """The three-handed ICM push/fold equilibrium of the sampled game.

    ``ranges``: each decision's range (:class:`~analyzer.ranges.Range`, mixed classes at their
    frequency; ``None`` when no hand takes the action), by the names of ``DECISIONS``;
    ``frequencies``: the same as a 6 x 169 array; ``equities``: each player's prize-pool share at
    the equilibrium, with ``standard_errors`` (Monte Carlo over the deals); ``gains``: each
    player's best-response gain, and ``exploitability`` their sum, prize-pool shares.
    """

    stacks: tuple[float, float, float]
    ante: float
    payouts: tuple[float, ...]
    frequencies: np.ndarray = field(repr=False)
    equities: tuple[float, float, float]
    standard_errors: tuple[float, float, float]
    gains: tuple[float, float, float]
    deals: int
    seed: int
    iterations: int
    elapsed: float

    @property
    def exploitability(self) -> float:
        """The sum of the three players' best-response gains, as a share of the prize pool."""
        return sum(self.gains)

    @property
    def ranges(self) -> dict[str, Range | None]:
        """Each decision's range, by its name in ``DECISIONS``."""
        out: dict[str, Range | None] = {}
        for name, row in zip(DECISIONS, self.frequencies):
            out[name] = class_range(row, name) if (row > 0).any() else None
        return out

    def to_frame(self) -> pd.DataFrame:
        """One row per class, one column per decision: the frequency of pushing or calling."""
        import pandas as pd

        return pd.DataFrame({"class": HAND_CLASSES} | {name: row for name, row in zip(DECISIONS, self.frequencies)})

    def to_dict(self) -> dict:
        """JSON-friendly: the game, each decision's range as text and share of hands, the equities
        with their standard errors, the gains and the exploitability."""
        return {
            "stacks": {"button": self.stacks[0], "small_blind": self.stacks[1], "big_blind": self.stacks[2]},
            "ante": self.ante,
            "payouts": list(self.payouts),
            "ranges": {name: (r.canonical() if r is not None else "") for name, r in self.ranges.items()},
            "shares_of_hands": {name: (r.share if r is not None else 0.0) for name, r in self.ranges.items()},
            "equities": list(self.equities),
            "standard_errors": list(self.standard_errors),
            "gains": list(self.gains),
            "exploitability": self.exploitability,
            "exploitability_unit": "share of the prize pool",
            "method": f"CFR+ on the 169 classes over {self.deals:,} Monte Carlo deals (seed {self.seed})",
            "iterations": self.iterations,
            "elapsed_seconds": self.elapsed,
        }


def icm_push_fold(
    stacks: Sequence[float],
    payouts: Sequence[float],
    *,
    ante: float = 0.0,
    deals: int = DEFAULT_DEALS,
    seed: int = 2026,
    tolerance: float = DEFAULT_TOLERANCE,
) -> IcmPushFoldResult:
    """The three-handed push/fold equilibrium under ICM (the module docstring gives the game, the
    deals and the solver). ``stacks``: button, small blind, big blind in big blinds, each more
    than ``1 + ante``; ``payouts``: 1 to 3 prizes, never rising.

    ``ValueError`` naming the bad part otherwise."""
    chips = np.asarray(stacks, dtype=float).ravel()
    if len(chips) != 3:
        raise ValueError(f"stacks: {len(chips)} given; three-handed push/fold takes button, small blind, big blind")
    if not np.isfinite(ante) or ante < 0:
        raise ValueError(f"ante {ante:g} must be 0 or more big blinds")
    if not (np.isfinite(chips).all() and (chips > 1 + ante).all() and (chips <= 100).all()):
        raise ValueError(f"stacks: each must be more than the big blind and ante ({1 + ante:g} bb) and at most 100 bb")
    _, prizes = checked_input(stacks, payouts)
    if not 1000 <= deals <= 20_000_000:
        raise ValueError(f"deals {deals}: 1,000 to 20,000,000")
    check_seed(seed)
    if not tolerance > 0:
        raise ValueError(f"tolerance {tolerance:g} must be more than 0")
    start_time = time.perf_counter()
    posted = np.array([ante, 0.5 + ante, 1.0 + ante])
    table = _outcome_table(chips, posted, prizes)
    folds = np.array([table[name] for name in _FOLDS])
    showdowns = np.array([table[name] for name in _SHOWDOWNS])
    classes, values = _sample(np.int64(deals), chunk_state(seed, 0), _combo_classes())
    codes = _rank_codes(values).astype(np.int8)
    classes = classes.astype(np.int16)
    del values
    x = np.full((6, 169), 0.5)
    plus, minus = np.zeros((6, 169)), np.zeros((6, 169))
    average, weights = np.zeros((6, 169)), 0.0
    gains = np.full(3, np.inf)
    iterations = 0
    while iterations < MAX_ITERATIONS:
        iterations += 1
        adv, _, _ = _advantages(x, classes, codes, folds, showdowns)
        plus = np.maximum(plus + (1 - x) * adv, 0.0)
        minus = np.maximum(minus - x * adv, 0.0)
        both = plus + minus
        x = np.where(both > 0, plus / np.where(both > 0, both, 1.0), 0.5)
        average += iterations * x
        weights += iterations
        if iterations % CHECK_EVERY == 0:
            gains = _gains(average / weights, classes, codes, folds, showdowns)
            if gains.sum() <= tolerance:
                break
    strategy: np.ndarray = average / weights
    for cut in ROUNDINGS:  # the plainest strategy that still meets the tolerance
        rounded = np.round(np.where(strategy < cut, 0.0, np.where(strategy > 1 - cut, 1.0, strategy)), 3)
        if _gains(rounded, classes, codes, folds, showdowns).sum() <= tolerance:
            strategy = rounded
            break
    gains = _gains(strategy, classes, codes, folds, showdowns)
    _, total, squares = _advantages(strategy, classes, codes, folds, showdowns)
    mean = total / deals
    errors = np.sqrt(np.maximum(squares / deals - mean**2, 0.0) / deals)
    return IcmPushFoldResult(
        stacks=(float(chips[0]), float(chips[1]), float(chips[2])),
        ante=float(ante),
        payouts=tuple(float(p) for p in prizes),
        frequencies=strategy,
        equities=(float(mean[0]), float(mean[1]), float(mean[2])),
        standard_errors=(float(errors[0]), float(errors[1]), float(errors[2])),
        gains=(float(gains[0]), float(gains[1]), float(gains[2])),
        deals=deals,
        seed=seed,
        iterations=iterations,
        elapsed=time.perf_counter() - start_time,
    )


_PLAYER = np.array([0, 1, 1, 2, 2, 2])  # who takes each decision


def _gains(x, classes, codes, folds, showdowns) -> np.ndarray:
    """Each player's best-response gain against ``x``, prize-pool shares per deal: at each of
    his decisions and classes, the better action's advantage over what ``x`` plays."""
    adv, _, _ = _advantages(x, classes, codes, folds, showdowns)
    per_decision = (np.maximum(adv, 0.0) - x * adv).sum(axis=1) / classes.shape[0]
    return np.bincount(_PLAYER, per_decision, minlength=3)
