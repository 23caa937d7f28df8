"""Batch runs from TOML spec files, checkpointed chunk by chunk (see :mod:`analyzer.sim.checkpoint`).

A spec names an analysis and its parameters::

    analysis = "h2h.tables"          # one of ANALYSES
    [params]
    rounds = 20000
    seed = 2026

Each spec keeps its checkpoints in ``OUT/.checkpoints/<spec name>/`` with the spec's hash.
A run started again with ``resume`` loads every finished chunk and computes only the rest,
so its tables equal an uninterrupted run's; a spec that changed since its checkpoint is
refused rather than mixed. Results are written atomically (:func:`analyzer.report.write_results`).
"""

from __future__ import annotations

import hashlib
import shutil
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from analyzer.report import ResultSet, write_results
from analyzer.sim.checkpoint import checkpointing
from analyzer.sim.engine import Progress


def _holdem_preflop(threads, scheduler, progress, **params):
    from analyzer.studies.holdem import preflop_vs_random
    return [preflop_vs_random(threads=threads, scheduler=scheduler, progress=progress, **params)]


def _holdem_matrix(threads, scheduler, progress, **params):
    from analyzer.studies.holdem import heads_up_matrix
    return [heads_up_matrix(threads=threads, scheduler=scheduler, progress=progress, **params)]


def _stud_starts(threads, scheduler, progress, **params):
    from analyzer.studies.stud import starts_vs_random
    return [starts_vs_random(threads=threads, scheduler=scheduler, progress=progress, **params)]


def _paigow(threads, scheduler, progress, edge_trials=20_000_000, optimal_trials=100_000, hands=4_000,
            dealer_hands=20_000, seed=2026):
    from analyzer.studies.paigow import edge_summary, house_way_deviations
    return [edge_summary(trials=edge_trials, optimal_trials=optimal_trials, seed=seed, threads=threads,
                         scheduler=scheduler),
            house_way_deviations(hands=hands, dealer_hands=dealer_hands, seed=seed, threads=threads,
                                 scheduler=scheduler, progress=progress)]


def _draw(threads, scheduler, progress, **params):
    from analyzer.studies.draw import draw_results
    return draw_results(threads=threads, scheduler=scheduler, progress=progress, **params)


def _h2h(threads, scheduler, progress, studies=None, **params):
    from analyzer.studies.head_to_head import STUDIES, StudyPlan, h2h_results
    return h2h_results(StudyPlan(**params), tuple(studies or STUDIES), threads=threads, scheduler=scheduler,
                       progress=progress)


def _h2h_betting(threads, scheduler, progress, studies=None, **params):
    from analyzer.studies.head_to_head_betting import BETTING_STUDIES, BettingPlan, betting_results
    return betting_results(BettingPlan(**params), tuple(studies or BETTING_STUDIES), threads=threads,
                           scheduler=scheduler, progress=progress)


def _saint(threads, scheduler, progress, studies=None, **params):
    from analyzer.studies.saint_poker import SAINT_STUDIES, SaintPlan, saint_results
    return saint_results(SaintPlan(**params), tuple(studies or SAINT_STUDIES), threads=threads,
                         scheduler=scheduler, progress=progress)


def _whist(threads, scheduler, progress, studies=None, **params):
    from analyzer.studies.whist import WHIST_STUDIES, WhistPlan, whist_results
    return whist_results(WhistPlan(**params), tuple(studies or WHIST_STUDIES), threads=threads,
                         scheduler=scheduler, progress=progress)


def _mousel(threads, scheduler, progress, studies=None, **params):
    from analyzer.studies.mousel import MOUSEL_STUDIES, MouselPlan, mousel_results
    return mousel_results(MouselPlan(**params), tuple(studies or MOUSEL_STUDIES), threads=threads,
                          scheduler=scheduler, progress=progress)


ANALYSES: dict[str, Callable[..., list[ResultSet]]] = {
    "holdem.preflop_table": _holdem_preflop, "holdem.heads_up_matrix": _holdem_matrix,
    "stud.starts_table": _stud_starts, "paigow.tables": _paigow, "draw.tables": _draw,
    "head_to_head.tables": _h2h, "head_to_head.betting_tables": _h2h_betting, "saint_poker.tables": _saint,
    "whist.tables": _whist, "mousel.tables": _mousel,
}


@dataclass(frozen=True)
class Spec:
    path: Path
    analysis: str
    params: dict
    digest: str

    @property
    def name(self) -> str:
        return self.path.stem


def read_spec(path: str | Path) -> Spec:
    """A spec file, checked: a known analysis and a table of parameters."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        data = tomllib.loads(raw.decode())
    except OSError as error:
        raise ValueError(f"cannot read spec {path}: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"spec {path} is not valid TOML: {error}") from None
    unknown = set(data) - {"analysis", "params"}
    if unknown:
        raise ValueError(f"spec {path}: unknown key(s) {', '.join(sorted(unknown))}")
    analysis = data.get("analysis")
    if analysis not in ANALYSES:
        raise ValueError(f"spec {path}: unknown analysis {analysis!r}: expected one of {', '.join(ANALYSES)}")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ValueError(f"spec {path}: [params] must be a table")
    return Spec(path=path, analysis=analysis, params=params, digest=hashlib.sha256(raw).hexdigest())


def run_spec(spec: Spec, out: str | Path, *, resume: bool = False, threads: int | None = None,
             scheduler: str | None = None, progress: Progress | None = None) -> list[Path]:
    """Run one spec with checkpoints and write its results under ``out``; the folders written."""
    folder = Path(out) / ".checkpoints" / spec.name
    stamp = folder / "spec.sha256"
    if folder.exists():
        if resume and stamp.exists() and stamp.read_text() != spec.digest:
            raise ValueError(f"spec {spec.path} changed since its checkpoint in {folder}; "
                             f"run it again without --resume to start over")
        if not resume:
            shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stamp.write_text(spec.digest)
    params = {k: (range(*v) if k == "opponents" else v) for k, v in spec.params.items()}
    with checkpointing(folder):
        try:
            results = ANALYSES[spec.analysis](threads, scheduler, progress, **params)
        except TypeError as error:
            raise ValueError(f"spec {spec.path}: bad parameters for {spec.analysis}: {error}") from None
    written = [write_results(result, out) for result in results]
    shutil.rmtree(folder)
    return written
