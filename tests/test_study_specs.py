"""Every study states the results it writes before it runs (:func:`analyzer.studies.study_specs`),
and a run that would replace a result of another spec is refused before anything is computed.

The specs of the default parameters equal the spec fields of the committed manifests: the run
builds its manifests with the same functions, so this proves the two cannot drift, and costs no
study run. The command-line tests stub every study function (as ``test_fuzz.py`` does) and assert
it was never called.
"""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path

import pytest

from analyzer.batch import read_spec
from analyzer.report import SPEC_FIELDS
from analyzer.studies import STUDIES, Study, study_specs
from conftest import run_main

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "results"
PREFLOP = RESULTS / "holdem" / "preflop_vs_random"


@pytest.mark.parametrize("study_id", list(STUDIES))
def test_the_default_specs_are_those_of_the_committed_results(study_id):
    assert_committed(study_specs(study_id))


def assert_committed(specs):
    """Each of ``specs`` (at least one) equals the spec fields of its committed manifest."""
    assert specs
    for spec in specs:
        manifest = json.loads((RESULTS / spec.analysis / spec.name / "manifest.json").read_text())
        assert spec.fields() == {k: manifest[k] for k in SPEC_FIELDS}, f"{spec.analysis}/{spec.name}"


@pytest.mark.parametrize("spec_file", sorted(RESULTS.rglob("*.toml")), ids=lambda p: str(p.relative_to(RESULTS)))
def test_every_committed_batch_spec_states_the_committed_results(spec_file):
    """``poker-analyzer batch results/.../X.toml`` remakes the committed results it names: a plan
    default changed without its spec file (or the reverse) fails here, not in a user's run."""
    spec = read_spec(spec_file)  # as the batch command reads it: checked and typed
    assert_committed(study_specs(spec.analysis, spec.params))


def test_the_studies_state_every_committed_result_once():
    stated = [f"{s.analysis}/{s.name}" for study_id in STUDIES for s in study_specs(study_id)]
    committed = sorted(str(p.parent.relative_to(RESULTS)) for p in RESULTS.rglob("manifest.json"))
    assert sorted(stated) == committed


def test_a_study_states_only_the_parts_it_is_asked_for_with_its_parameters():
    (spec,) = study_specs("head_to_head.tables", {"studies": ["opening_relations"], "positions": 40, "seed": 5})
    assert (spec.name, spec.seed, spec.trials, spec.inputs["positions_per_type"]) == ("opening_relations", 5, 200, 40)
    (spec,) = study_specs("holdem.preflop_table", {"trials": 2000, "opponents": range(1, 3)})
    assert (spec.trials, spec.inputs["opponents"]) == (2000 * 169, [1, 2])  # Monte Carlo against 2 only
    (spec,) = study_specs("mousel.tables", {"studies": ["thresholds"], "deck": 32})
    assert spec.inputs["players"] == [3, 4, 5, 6] and spec.inputs["rules"]["deck"] == 32
    # the betting trajectories' games: a run with others is another spec (it replaced the result)
    trajectories = {"studies": ["stack_trajectories"], "games": 40, "rollout_games": 4}
    (spec,) = study_specs("head_to_head.betting_tables", trajectories)
    assert (spec.inputs["games"], spec.trials) == ([40, 40, 40, 40, 4], 164)
    (other,) = study_specs("head_to_head.betting_tables", {**trajectories, "rollout_games": 2})
    assert other.fields() != spec.fields()


@pytest.mark.parametrize(
    ("study_id", "params", "message"),
    [
        ("holdem.preflop_table", {"rounds": 5}, "bad parameters for holdem.preflop_table: got an unexpected keyword"),
        ("whist.tables", {"deals": 1.5}, "params.deals"),
        ("saint_poker.tables", {"studies": ["nope"]}, "unknown study 'nope'"),
        ("nope.tables", {}, "unknown study 'nope.tables'"),
    ],
)
def test_bad_parameters_are_refused_as_the_run_refuses_them(study_id, params, message):
    with pytest.raises(ValueError, match=message):
        study_specs(study_id, params)


@pytest.fixture
def stubbed(monkeypatch, capsys):
    """``run(argv)`` runs the console script in-process with every study function replaced by a
    stub of its signature that records its call and returns no results: (exit code, stderr, calls)."""
    calls: list[dict] = []
    real_load = Study.load

    def stubbed_load(study: Study):
        def stub(**params):
            calls.append(params)
            return []

        return functools.wraps(real_load(study))(stub)

    monkeypatch.setattr(Study, "load", stubbed_load)

    def run(*argv: str) -> tuple[int, str, list[dict]]:
        code, _, err = run_main(monkeypatch, capsys, argv)
        return code, err, calls

    return run


@pytest.fixture
def committed_copy(tmp_path) -> Path:
    """A results root holding a copy of the committed 200,000-trial preflop table."""
    shutil.copytree(PREFLOP, tmp_path / "holdem" / "preflop_vs_random")
    return tmp_path


def test_the_tables_command_refuses_a_different_spec_before_running_the_study(stubbed, committed_copy):
    code, err, calls = stubbed("holdem", "preflop-table", "-n", "2000", "--no-progress", "--out", str(committed_copy))
    assert code == 1 and calls == []
    folder = committed_copy / "holdem" / "preflop_vs_random"
    assert err == (
        f"error: {folder}: holds a result with trials 270400000; this run has trials 2704000: "
        "give --force to replace it\n"
    )
    assert (folder / "manifest.json").read_bytes() == (PREFLOP / "manifest.json").read_bytes()


def test_the_same_spec_or_force_runs_the_study(stubbed, committed_copy):
    out = str(committed_copy)
    assert stubbed("holdem", "preflop-table", "--no-progress", "--out", out)[:2] == (0, "")
    code, err, calls = stubbed("holdem", "preflop-table", "-n", "2000", "--force", "--no-progress", "--out", out)
    assert (code, err) == (0, "") and [c["trials"] for c in calls] == [200_000, 2000]


def test_batch_refuses_a_different_spec_before_running_any(stubbed, committed_copy, tmp_path):
    other = tmp_path / "specs" / "other.toml"
    other.parent.mkdir()
    other.write_text('analysis = "stud.starts_table"\n[params]\ntrials = 10\n')
    preflop = tmp_path / "specs" / "preflop.toml"
    preflop.write_text('analysis = "holdem.preflop_table"\n[params]\ntrials = 2000\nseed = 2026\n')
    code, err, calls = stubbed("batch", str(other), str(preflop), "--no-progress", "--out", str(committed_copy))
    assert code == 1 and calls == []  # not even the first spec, whose results could be written
    assert err.startswith(f"error: spec {preflop}: {committed_copy / 'holdem' / 'preflop_vs_random'}: holds a result")
    assert err.endswith("this run has trials 2704000: give --force to replace it\n")
    assert not (committed_copy / ".checkpoints").exists()
    code, err, calls = stubbed("batch", str(preflop), "--force", "--no-progress", "--out", str(committed_copy))
    assert (code, err) == (0, "") and calls[0]["trials"] == 2000
