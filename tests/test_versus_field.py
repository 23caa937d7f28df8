"""The three-random-hands study that orders the N% ranges: combining batches, settling
neighbours, refinement, and the data file it writes."""

import json
import math

import numpy as np
import pytest

from analyzer.games.holdem import versus_field
from analyzer.games.holdem.versus_field import FieldEstimates, estimate_field, field_data, main
from analyzer.ranges import HAND_CLASSES, RANKING_VERSION


def test_batches_combine_as_a_deal_weighted_mean_with_its_standard_error():
    estimates = FieldEstimates()
    estimates.add(0, 100, 0.5, 0.04)
    estimates.add(0, 300, 0.7, 0.02)
    assert estimates.trials[0] == 400 and estimates.batches[0] == 2
    assert estimates.equity[0] == pytest.approx((100 * 0.5 + 300 * 0.7) / 400)
    assert estimates.stderr[0] == pytest.approx(math.sqrt((100 * 0.04) ** 2 + (300 * 0.02) ** 2) / 400)


def test_neighbours_closer_than_three_standard_errors_are_unsettled():
    estimates = FieldEstimates()
    for k in range(len(HAND_CLASSES)):
        estimates.add(k, 1, 1 - k / 1000, 1e-6)
    estimates.equity[1] = estimates.equity[0] - 2e-6  # 1.4 s.e. of the difference below class 0
    assert estimates.unsettled() == [(0, 1)]
    assert list(estimates.order()[:3]) == [0, 1, 2]


@pytest.mark.slow  # three runs over the 169 classes: about 15 s
def test_a_small_run_refines_only_unsettled_classes_and_repeats_from_its_seed(monkeypatch, tmp_path):
    monkeypatch.setattr(versus_field, "FIRST_TRIALS", 2_000)
    monkeypatch.setattr(versus_field, "MAX_TRIALS", 8_000)
    lines: list[str] = []
    first = estimate_field(seed=5, log=lines.append)
    assert len(lines) >= 2 and lines[0].startswith("169 classes dealt")
    assert set(np.unique(first.trials)) <= {2_000, 4_000, 8_000} and first.trials.max() > 2_000
    again = estimate_field(seed=5)
    assert np.array_equal(first.equity, again.equity) and np.array_equal(first.trials, again.trials)
    data = field_data(first, 5)
    assert data["version"] == RANKING_VERSION and data["classes"] == list(HAND_CLASSES)
    assert all(first.trials[HAND_CLASSES.index(a)] == 8_000 for a, _ in data["unsettled"])  # at the cap
    out = tmp_path / "three.json"
    monkeypatch.setattr(versus_field, "FIRST_TRIALS", 1_000)
    monkeypatch.setattr(versus_field, "MAX_TRIALS", 1_000)
    main(["--out", str(out), "--seed", "3", "--threads", "1"])
    written = json.loads(out.read_text())
    assert written["seed"] == 3 and written["trials"] == [1_000] * 169 and len(written["equity"]) == 169
