"""How a result was obtained: the one record of a run's facts that every result embeds.

Every analysis reports how its numbers were found -- by enumeration or by Monte Carlo, on how
many cases, from which seed, in chunks of what size, how long it took and what stopped it --
so that a Monte Carlo result can be repeated exactly (same inputs, seed and chunk size; the
trial count it reports). :class:`RunFacts` holds these facts once, built from a
:class:`analyzer.sim.engine.MonteCarloRun` (:meth:`RunFacts.from_run`) or for an enumeration
(:meth:`RunFacts.enumerated`), and serialises them with the same keys everywhere
(:meth:`RunFacts.to_dict`; :func:`inline_run` for a result that serialises all its fields).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from analyzer.sim.engine import MonteCarloRun
from analyzer.sim.frozen import frozen
from analyzer.text import Noun, plural

EXACT = "exact"
MONTE_CARLO = "monte-carlo"


@dataclass(frozen=True)
class RunFacts:
    """The facts of one run (module docstring).

    ``method``: "exact" or "monte-carlo". ``trials``: Monte Carlo trials (games, deals,
    sessions: whatever the run draws), or the number of cases enumerated. ``seed`` and
    ``chunk_size``: those of the Monte Carlo run (None for an enumeration). ``elapsed``: wall
    seconds. ``stopped_by``: the stopping rule that ended a Monte Carlo run ("trials",
    "target_se" or "time_limit"), "exact" for an enumeration. ``choice``: why the run used its
    method when it was chosen, not forced (:func:`analyzer.sim.method.choose_method`), else None.

    >>> facts = RunFacts(method="monte-carlo", trials=20_000, seed=7, chunk_size=500, elapsed=0.25,
    ...                  stopped_by="trials")
    >>> facts.exact
    False
    >>> facts.to_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'method': 'monte-carlo', 'exact': False, 'trials': 20000, 'seed': 7, 'chunk_size': 500,
     'stopped_by': 'trials', 'elapsed_seconds': 0.25}
    >>> exact = RunFacts.enumerated(165, since=time.perf_counter())
    >>> exact.exact, exact.trials, exact.seed, exact.stopped_by
    (True, 165, None, 'exact')
    """

    method: str
    trials: int
    seed: int | None
    chunk_size: int | None
    elapsed: float
    stopped_by: str
    choice: str | None = None

    def __post_init__(self) -> None:
        if self.method not in (EXACT, MONTE_CARLO):
            raise ValueError(f"method must be {EXACT!r} or {MONTE_CARLO!r}, got {self.method!r}")

    @property
    def exact(self) -> bool:
        """Whether the numbers were enumerated (no sampling error)."""
        return self.method == EXACT

    @classmethod
    def from_run(
        cls, run: MonteCarloRun, *, seed: int | None = None, elapsed: float | None = None, choice: str | None = None
    ) -> RunFacts:
        """The facts of a Monte Carlo run: its trials, chunk size, stopping rule, and its seed and
        elapsed time unless given (``seed``: the seed a result reports when its run was seeded
        from it, not with it; ``elapsed``: when the result took longer than the run), and why
        Monte Carlo was chosen, if it was."""
        return cls(
            method=MONTE_CARLO,
            trials=run.trials,
            seed=run.seed if seed is None else seed,
            chunk_size=run.chunk_size,
            elapsed=run.elapsed if elapsed is None else elapsed,
            stopped_by=run.stopped_by,
            choice=choice,
        )

    @classmethod
    def enumerated(cls, cases: int, *, since: float, choice: str | None = None) -> RunFacts:
        """The facts of an enumeration of ``cases`` cases that started at the
        ``time.perf_counter()`` reading ``since`` (and why it was chosen, if it was), made by
        :func:`~analyzer.sim.frozen.frozen`: every small exact query makes one."""
        return frozen(
            cls,
            method=EXACT,
            trials=int(cases),
            seed=None,
            chunk_size=None,
            elapsed=time.perf_counter() - since,
            stopped_by=EXACT,
            choice=choice,
        )

    def to_dict(self) -> dict:
        """The facts under the keys every result's JSON uses, and ``choice`` when there is one."""
        facts = {
            "method": self.method,
            "exact": self.exact,
            "trials": self.trials,
            "seed": self.seed,
            "chunk_size": self.chunk_size,
            "stopped_by": self.stopped_by,
            "elapsed_seconds": self.elapsed,
        }
        return facts if self.choice is None else facts | {"choice": self.choice}

    def describe(self, unit: Noun = "trial", enumerated: Noun | None = None) -> str:
        """The method and the sample size for people: ``unit`` names what was drawn, and what
        was enumerated unless ``enumerated`` names that (counted by :func:`analyzer.text.plural`).

        >>> RunFacts.enumerated(1_712_304, since=0.0).describe("deal")
        'exact, 1,712,304 deals'
        >>> RunFacts("monte-carlo", 200_000, 7, 4096, 0.5, "trials").describe()
        'Monte Carlo, 200,000 trials, seed 7'
        """
        if self.exact:
            return f"exact, {plural(self.trials, enumerated or unit)}"
        return f"Monte Carlo, {plural(self.trials, unit)}, seed {self.seed}"

    def error_note(self, unit: Noun = "trial", enumerated: Noun | None = None) -> str:
        """What a chart of the run's figures shows: :meth:`describe`, then the error bars (two
        standard errors) or, for an enumeration, that there is no sampling error.

        >>> RunFacts("monte-carlo", 200_000, 7, 4096, 0.5, "trials").error_note("deal")
        'Monte Carlo, 200,000 deals, seed 7; error bars: 2 s.e.'
        """
        note = "; no sampling error" if self.exact else "; error bars: 2 s.e."
        return self.describe(unit, enumerated) + note


def inline_run(fields: Mapping, *records: str) -> dict:
    """A result's ``fields`` (its ``__dict__``) with the :class:`RunFacts` under ``"run"``, and
    each record named in ``records`` (a rules object, say), spelled out in its place through its
    ``to_dict()``, for the ``to_dict`` of results that serialise every field.

    >>> facts = RunFacts.enumerated(3, since=0.0)
    >>> list(inline_run({"players": 2, "run": facts, "wins": 0.5}))  # doctest: +NORMALIZE_WHITESPACE
    ['players', 'method', 'exact', 'trials', 'seed', 'chunk_size', 'stopped_by', 'elapsed_seconds', 'wins']
    """
    spelled_out = {"run", *records}
    out = {}
    for key, value in fields.items():
        if key in spelled_out:
            out.update(value.to_dict())
        else:
            out[key] = value
    return out


__all__ = ["EXACT", "MONTE_CARLO", "RunFacts", "inline_run"]
