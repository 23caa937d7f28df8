"""The typed input models: every file a user writes is read strictly, with one-line errors.

Each accepted-and-misread input of issue 17 (``"crazy": "false"``, ``"round": true``, a float for
an integer, wrong-typed batch spec values ...) must be refused with a line that names the field;
a file's errors name the file; the committed examples (the README's position files, the specs
under ``results/``) must satisfy the models; the ``schema`` command prints each model's schema.
"""

import json
import re
import tomllib
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from analyzer.batch import read_spec
from analyzer.cli.main import app
from analyzer.games.head_to_head.betting.position import BetPosition, bet_position_from_dict
from analyzer.games.head_to_head.position import Position, position_from_dict
from analyzer.games.saint_poker.position import SaintPosition
from analyzer.games.saint_poker.position import position_from_dict as saint_position_from_dict
from analyzer.json_input import SHOWN_CHARS, read_input
from analyzer.ranges import RangeError, parse
from positions import LAST_BET, PLACE, SAINT

ROOT = Path(__file__).resolve().parents[1]
LINE_LIMIT = 400  # an error line is at most a few hundred characters


def documented_examples() -> list[dict]:
    """The JSON blocks of the command-line pages: the place, bet and three Saint Poker position examples."""
    pages = [ROOT / "docs" / "cli" / "head-to-head.md", ROOT / "docs" / "cli" / "saint-poker.md"]
    blocks = [block for page in pages for block in re.findall(r"```json[^\n]*\n(.*?)```", page.read_text(), re.S)]
    return [json.loads(block) for block in blocks]


def test_the_documented_examples_are_valid_positions():
    place, bet, saint, last, late = documented_examples()
    assert isinstance(position_from_dict(place), Position)
    assert isinstance(bet_position_from_dict(bet), BetPosition)
    assert isinstance(saint_position_from_dict(saint), SaintPosition)
    assert saint_position_from_dict(last).round == 8
    assert saint_position_from_dict(late).round == 7


def test_the_base_examples_here_are_valid():
    assert position_from_dict(PLACE).round == 1
    assert bet_position_from_dict(LAST_BET).facing == 2
    assert saint_position_from_dict(SAINT).players == 3


@pytest.mark.parametrize("path", sorted((ROOT / "results").rglob("*.toml")), ids=lambda p: p.parent.name + "/" + p.name)
def test_every_committed_spec_satisfies_its_model(path):
    written = tomllib.loads(path.read_text()).get("params", {})
    expected = {k: range(*v) if k == "opponents" else v for k, v in written.items()}
    assert read_spec(path).params == expected  # every value read back as written


def refused(read, data, field: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        read(data)
    line = str(error.value)
    assert line.startswith(f"{field}: ") and message in line, line
    assert "\n" not in line and len(line) <= LINE_LIMIT


@pytest.mark.parametrize(
    "change, field, message",
    [
        ({"crazy": "false"}, "crazy", 'expected true or false, got "false"'),
        ({"crazy": "no"}, "crazy", "expected true or false"),
        ({"crazy": "0"}, "crazy", "expected true or false"),
        ({"crazy": []}, "crazy", "expected true or false, got []"),
        ({"crazy": -1}, "crazy", "expected true or false, got -1"),
        ({"round": True}, "round", "expected an integer, got true"),
        ({"round": 2.0}, "round", "expected an integer, got 2.0"),
        ({"round": 4}, "round", "expected at most 3"),
        ({"common": [7, 13, 2, 12]}, "common", "expected cards as a string or a list of strings"),
        ({"tiebreak": ["standard"]}, "tiebreak", "expected one of standard, literal"),
        ({"type": 3}, "type", "expected one of draw1"),
        ({"you": [[["Ah"]]]}, "you", "expected rows"),
        ({"dead": {"a": 1}}, "dead", "expected cards"),
        ({"bogus": 1}, "bogus", "unknown key (expected round, type"),
    ],
)
def test_place_positions_are_typed(change, field, message):
    refused(position_from_dict, {**PLACE, **change}, field, message)


def test_a_missing_key_and_a_non_object_are_refused():
    refused(position_from_dict, {k: v for k, v in PLACE.items() if k != "cards"}, "cards", "missing")
    with pytest.raises(ValueError, match=r"expected a JSON object, got \[1, 2\]"):
        position_from_dict([1, 2])


@pytest.mark.parametrize(
    "change, field, message",
    [
        ({"rules": "x"}, "rules", 'expected an object, got "x"'),
        ({"rules": {"min_bet": "10"}}, "rules.min_bet", 'expected an integer, got "10"'),
        ({"rules": {"decline_forfeits_own_chips": 1}}, "rules.decline_forfeits_own_chips", "expected true or false"),
        ({"stacks": [1e30, 0]}, "stacks.0", "expected an integer, got 1e+30"),
        ({"stacks": [10**30, 0]}, "stacks.0", "expected at most 1000000000"),
        ({"stacks": [True, 700]}, "stacks.0", "expected an integer, got true"),
        ({"stacks": [800]}, "stacks", "expected at least 2 items"),
        ({"committed": [0]}, "committed", "expected an object"),
        ({"committed": {"me": [0, 0, 0]}}, "committed.me", "unknown key (expected you, opponent)"),
        ({"base": [0, 0, 100.0]}, "base.2", "expected an integer, got 100.0"),
        ({"closed": ["1"]}, "closed.0", "expected an integer"),
        ({"round": 2.0}, "round", "expected an integer, got 2.0"),
    ],
)
def test_bet_positions_are_typed(change, field, message):
    refused(bet_position_from_dict, {**LAST_BET, **change}, field, message)


@pytest.mark.parametrize(
    "change, field, message",
    [
        ({"players": 3.0}, "players", "expected an integer, got 3.0"),
        ({"players": True}, "players", "expected an integer, got true"),
        ({"scores": [1e30, 0, 0]}, "scores.0", "expected an integer, got 1e+30"),
        ({"scores": [10**30, 0, 0]}, "scores.0", "expected at most 1000000"),
        ({"scores": [True, 0, 0]}, "scores.0", "expected an integer, got true"),
        ({"scores": [-1, 0, 0]}, "scores.0", "expected at least 0"),
        ({"round": 2.0}, "round", "expected an integer"),
        ({"phase": ["river"]}, "phase", "expected one of river, reveal, draft"),
        ({"known": "As"}, "known", "expected a list"),
        ({"order": [0.0]}, "order.0", "expected an integer"),
    ],
)
def test_saint_positions_are_typed(change, field, message):
    refused(saint_position_from_dict, {**SAINT, **change}, field, message)


def test_option_names_keep_any_case():
    assert position_from_dict({**PLACE, "type": "DRAW1", "tiebreak": "Literal"}).tiebreak == "literal"
    assert saint_position_from_dict({**SAINT, "phase": "River"}).phase == "river"


def test_long_bad_values_are_cut():
    with pytest.raises(ValueError) as error:
        position_from_dict({**PLACE, "crazy": "x" * 100_000})
    line = str(error.value)
    assert line.startswith('crazy: expected true or false, got "xxx') and line.endswith("...")
    assert len(line) == len("crazy: expected true or false, got ") + SHOWN_CHARS


def test_a_file_s_errors_name_the_file_and_the_field(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps({**LAST_BET, "rules": {"min_bet": "10"}}))
    with pytest.raises(ValueError, match=r'^.*position\.json: rules\.min_bet: expected an integer, got "10"$'):
        read_input(path, BetPosition, bet_position_from_dict)


def test_a_non_utf8_file_and_deep_nesting_name_the_file(tmp_path):
    binary = tmp_path / "latin.json"
    binary.write_bytes(b'{"round": "\xe9"}')
    with pytest.raises(ValueError, match=r"latin\.json: not UTF-8 text"):
        read_input(binary, Position, position_from_dict)
    deep = tmp_path / "deep.json"
    deep.write_text('{"common": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(ValueError, match=r"deep\.json: not valid JSON: nested too deeply"):
        read_input(deep, Position, position_from_dict)
    with pytest.raises(ValueError, match="common: expected cards"):
        position_from_dict({**PLACE, "common": json.loads("[" * 500 + "]" * 500)})


runner = CliRunner()


@pytest.mark.parametrize(
    "command, data, message",
    [
        (["head-to-head", "place"], {**PLACE, "round": True}, "round: expected an integer, got true"),
        (
            ["head-to-head", "bet"],
            {**LAST_BET, "rules": {"min_bet": "10"}},
            'rules.min_bet: expected an integer, got "10"',
        ),
        (["saint-poker", "decide"], {**SAINT, "scores": [True, 0, 0]}, "scores.0: expected an integer, got true"),
    ],
)
def test_the_commands_refuse_bad_files_in_one_line(tmp_path, command, data, message):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, [*command, str(path)])
    assert result.exit_code == 1 and result.stderr == f"error: {path}: {message}\n"


def spec_error(tmp_path, text: str) -> str:
    path = tmp_path / "tables.toml"
    path.write_text(text)
    with pytest.raises(ValueError) as error:
        read_spec(path)
    line = str(error.value)
    assert line.startswith(f"spec {path}: ") and "\n" not in line and len(line) <= LINE_LIMIT + len(str(path))
    return line.removeprefix(f"spec {path}: ")


@pytest.mark.parametrize(
    "text, message",
    [
        ('analysis = ["whist.tables"]', "analysis: expected one of holdem.preflop_table"),
        ("params = {}", "analysis: missing"),
        ('analysis = "holdem.preflop_table"\nparams = 5', "params: expected an object, got 5"),
        ('analysis = "holdem.preflop_table"\n[params]\nopponents = 5', "params.opponents: expected [first, stop]"),
        ('analysis = "holdem.preflop_table"\n[params]\nopponents = "x"', "params.opponents: expected [first, stop]"),
        ('analysis = "holdem.preflop_table"\n[params]\nopponents = []', "params.opponents: expected [first, stop]"),
        ('analysis = "stud.starts_table"\n[params]\nopponents = [1, 2, 3, 4]', "params.opponents: expected [first"),
        ('analysis = "holdem.preflop_table"\n[params]\nopponents = [0, 0]', "params.opponents: expected 1 <= first"),
        ('analysis = "holdem.preflop_table"\n[params]\nopponents = [3, 3]', "params.opponents: expected 1 <= first"),
        ('analysis = "holdem.preflop_table"\n[params]\ntrials = inf', "params.trials: expected an integer, got Inf"),
        ('analysis = "holdem.preflop_table"\n[params]\ntrials = 100.5', "params.trials: expected an integer"),
        ('analysis = "holdem.preflop_table"\n[params]\nseed = true', "params.seed: expected an integer, got true"),
        ('analysis = "holdem.preflop_table"\n[params]\ntrails = 5', "params.trails: unknown key (expected opponents"),
        ('analysis = "whist.tables"\n[params]\ncall_own_ace = "no"', "params.call_own_ace: expected true or false"),
        ('analysis = "whist.tables"\n[params]\nstudies = "bidding"', "params.studies: expected a list"),
        ("x = " + "[" * 100_000 + "]" * 100_000, "not valid TOML: nested too deeply"),
    ],
)
def test_bad_spec_values_are_refused_in_one_line(tmp_path, text, message):
    assert spec_error(tmp_path, text).startswith(message)


def test_a_spec_keeps_its_values_and_gives_opponents_as_a_range(tmp_path):
    path = tmp_path / "tables.toml"
    path.write_text('analysis = "holdem.preflop_table"\n[params]\ntrials = 100\nopponents = [1, 3]\n')
    assert read_spec(path).params == {"trials": 100, "opponents": range(1, 3)}


@pytest.mark.parametrize(
    "study, params, message",
    [
        ("whist.tables", {"deals": 100.5}, "params.deals: expected an integer, got 100.5"),
        ("mousel.tables", {"pots": [0.0, float("inf")]}, "params.pots.1: expected a finite number"),
        ("head_to_head.tables", {"rounds": True}, "params.rounds: expected an integer, got true"),
    ],
)
def test_plan_parameters_are_typed_before_anything_runs(study, params, message):
    from analyzer.studies import run_study

    with pytest.raises(ValueError, match=re.escape(message)):
        run_study(study, params)


def test_a_valid_plan_is_made_without_a_warning():
    from analyzer.studies.mousel import MouselPlan
    from analyzer.studies.registry import make_plan

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert make_plan(MouselPlan, {"pots": [1, 2]}) == MouselPlan(pots=(1.0, 2.0))
        assert make_plan(MouselPlan, {}) == MouselPlan()


def test_api_rule_options_are_typed():
    import analyzer as pa

    with pytest.raises(ValueError, match=r'rules\.min_bet: expected an integer, got "10"'):
        pa.head_to_head.bet({**LAST_BET, "rules": {"min_bet": "10"}})
    with pytest.raises(ValueError, match=r"HeadToHeadRules: tiebreak: expected"):
        pa.head_to_head.play(games=10, rules={"tiebreak": ["literal"]})


@pytest.mark.parametrize("text", ["Jk", "Jk:0.5", "AsJk", "JkAs", "joker", "AA, Jk"])
def test_a_joker_in_a_range_is_refused(text):
    with pytest.raises(RangeError, match="Jk is the joker"):
        parse(text)


@pytest.mark.parametrize("text, combos", [("KJ", 16), ("JK", 16), ("kj", 16), ("KJo", 12), ("Jks", 4), ("jko", 12)])
def test_kj_classes_stay_valid(text, combos):
    assert len(parse(text)) == combos


@pytest.mark.parametrize("kind", ["h2h-position", "h2h-bet-position", "saint-position", "batch-spec"])
def test_the_schema_command_prints_each_model_s_schema(kind):
    result = runner.invoke(app, ["schema", kind])
    assert result.exit_code == 0 and result.stderr == ""
    schema = json.loads(result.stdout)
    if kind == "batch-spec":
        assert len(schema["oneOf"]) == 15 and schema["discriminator"]["propertyName"] == "analysis"
    else:
        assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert runner.invoke(app, ["schema", "chess"]).exit_code == 2


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.parametrize(
    "read, base",
    [(position_from_dict, PLACE), (bet_position_from_dict, LAST_BET), (saint_position_from_dict, SAINT)],
    ids=["place", "bet", "saint"],
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_json_value_in_any_field_is_read_or_refused_in_one_line(read, base, data):
    keys = [*base, "bogus", "rules", "scores", "order", "known", "dead", "crazy", "tiebreak"]
    changes = data.draw(st.dictionaries(st.sampled_from(keys), JSON_VALUES, min_size=1, max_size=3))
    try:
        read({**base, **changes})
    except ValueError as error:  # CardError included
        line = str(error)
        assert line and "\n" not in line and len(line) <= LINE_LIMIT, line


def test_python_callers_may_give_a_plans_tuples():
    from analyzer.studies.mousel import MouselPlan
    from analyzer.studies.registry import make_plan

    assert make_plan(MouselPlan, {"pots": (0.0, 4.0)}).pots == (0.0, 4.0)
    with pytest.raises(ValueError, match=r'^params\.pots: expected a list, got "x"$'):
        make_plan(MouselPlan, {"pots": "x"})
