"""Head to Head study: greedy's parameter vector tuned by self-play (results/head_to_head/tuning/).

From the hand-set vector (:data:`~analyzer.games.head_to_head.tuned.HAND_SET`), a
coordinate search with shrinking steps (:func:`~analyzer.sim.tuning.coordinate_search`)
maximises the paired margin over hand-set greedy on ``tuning_deals`` fixed deals of seed
``derive_seed(seed, 1)``, every deal played in both seatings, every candidate on the same
deals (common random numbers: :mod:`analyzer.games.head_to_head.tuning`). The best vector is
then validated on ``validation_deals`` fresh deals of ``derive_seed(seed, 2)``, a stream the
search never saw. Die-rolled round types, the default rules.

Tables: ``search_path`` (every evaluation: sweep, entry changed, step, objective, accepted),
``vector`` (each entry: hand-set and tuned values) and ``validation`` (the paired margin, its
standard error, the deals and games, and the margin in standard errors). The tuned vector is
also written at full precision as the document ``tuned_greedy.json``, in the very form of the
package's :data:`~analyzer.games.head_to_head.tuned.TUNED_FILE`, which the ``tuned``
policy plays. A study writes its result folder only: the package file is refreshed from that
document by the developer command :mod:`analyzer.studies.refresh_tuned`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note
from analyzer.games.head_to_head.tuned import HAND_SET, PARAM_NAMES, TUNED_FILE, tuned_data
from analyzer.games.head_to_head.tuning import free_entries, paired_score
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed
from analyzer.sim.tuning import coordinate_search
from analyzer.studies.registry import drawn_result

ANALYSIS = "head_to_head"
SPEC = "results/head_to_head/tuning.toml"
COMMAND = f"poker-analyzer batch {SPEC}"
TUNING, VALIDATION = 1, 2  # derive_seed keys of the two deal streams


def tuning_spec(*, tuning_deals: int, sweeps: int, first_step: float, validation_deals: int, seed: int) -> ResultSpec:
    """The spec of :func:`tuning`'s result."""
    for name, value in (("tuning_deals", tuning_deals), ("validation_deals", validation_deals), ("sweeps", sweeps)):
        if value < 1:
            raise ValueError(f"{name} must be at least 1, got {value}")
    if first_step <= 0:
        raise ValueError(f"first_step must be positive, got {first_step}")
    return ResultSpec(
        ANALYSIS,
        "tuning",
        inputs={
            "opponent": "greedy (hand-set vector)",
            "round_types": "rolled on the die each round",
            "pairing": "every deal played in both seatings; every candidate on the same deals",
            "optimiser": "coordinate search, steps halved after a sweep without gain",
            "tuning_deals": tuning_deals,
            "sweeps": sweeps,
            "first_step": first_step,
            "validation_deals": validation_deals,
            "free_entries": [PARAM_NAMES[i] for i in free_entries()],
        },
        method="monte-carlo",
        seed=seed,
        trials=None,
        chunk_size=None,
    )


def tuning(
    *,
    tuning_deals: int = 8_000,
    sweeps: int = 8,
    first_step: float = 0.5,
    validation_deals: int = 200_000,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> ResultSet:
    """Tune greedy's vector against hand-set greedy and validate it on fresh deals (module
    docstring). The tables are the search path, the vector and the validation."""
    start = time.perf_counter()
    spec = tuning_spec(
        tuning_deals=tuning_deals,
        sweeps=sweeps,
        first_step=first_step,
        validation_deals=validation_deals,
        seed=seed,
    )
    tuning_seed, validation_seed = derive_seed(seed, TUNING), derive_seed(seed, VALIDATION)

    def objective(vector: np.ndarray) -> float:
        return paired_score(vector, deals=tuning_deals, seed=tuning_seed, runner=runner).margin

    best, path = coordinate_search(
        objective, HAND_SET, free=free_entries(), first_step=first_step, sweeps=sweeps, progress=runner.progress
    )
    check = paired_score(best, deals=validation_deals, seed=validation_seed, runner=runner)
    search_path = pd.DataFrame(
        [
            {
                "evaluation": s.evaluation,
                "sweep": s.sweep,
                "entry": "start" if s.entry < 0 else PARAM_NAMES[s.entry],
                "step": s.step,
                "objective": s.objective,
                "accepted": s.accepted,
            }
            for s in path
        ]
    )
    vector = pd.DataFrame({"entry": PARAM_NAMES, "hand_set": HAND_SET, "tuned": best})
    validation = pd.DataFrame(
        [
            {
                "deals": check.deals,
                "games": 2 * check.deals,
                "tuning_objective": max(s.objective for s in path),
                "margin": check.margin,
                "margin_stderr": check.stderr,
                "standard_errors": check.margin / check.stderr if check.stderr else float("nan"),
            }
        ]
    )
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"validation_margin_se": check.stderr},
        outcomes={"evaluations": len(path), "tuning_seed": tuning_seed, "validation_seed": validation_seed},
        command=COMMAND,
    )
    about = f"greedy's tuned vector, written by {COMMAND} (results/head_to_head/tuning/vector.csv)"
    tables = {"search_path": search_path, "vector": vector, "validation": validation}
    return drawn_result(spec, tables, manifest, _figures, {TUNED_FILE.stem: tuned_data(best, about)})


def _figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The search path: each evaluation's objective, the accepted points joined."""
    path, check = tables["search_path"], tables["validation"].iloc[0]
    figure = Figure(figsize=(9, 4.6), layout="constrained")
    axes = figure.subplots()
    axes.scatter(path.evaluation, path.objective, s=8, color="#bbbbbb", label="candidate")
    kept = path[path.accepted.astype(bool)]
    axes.step(kept.evaluation, kept.objective, where="post", color="tab:blue", label="best so far")
    axes.axhline(0, color="black", lw=0.8)
    axes.set_xlabel("evaluation")
    axes.set_ylabel("paired margin over hand-set greedy ($ per game)")
    axes.set_title("Head to Head: tuning greedy's vector by coordinate search, against hand-set greedy")
    axes.legend(loc="lower right")
    inputs = manifest["inputs"]
    add_note(
        figure,
        f"Monte Carlo self-play: each candidate on the same {inputs['tuning_deals']:,} deals, both seatings "
        f"(seed {manifest['seed']}). "
        f"Validation on {int(check.deals):,} fresh deals: {check.margin:+.2f} ± {check.margin_stderr:.2f} $ "
        f"per game ({check.standard_errors:.1f} s.e.).",
    )
    return {"search_path": figure}


FIGURES = {f"{ANALYSIS}/tuning": _figures}

__all__ = ["FIGURES", "tuning", "tuning_spec"]
