"""Command-line values: cli.coercion converts every parameter of every command as typer's own
(pydantic) conversion does, values and refusals alike, without importing pydantic."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer._click import Context
from typer._click.exceptions import BadParameter
from typer._coercion import AdapterRuntimeParam, build_runtime_param

from cli.coercion import runtime_param
from cli.commands import PlainConversion
from cli.main import app
from tests.cli_process import imported_packages, run_cli


def parameters(command):
    """Every typer parameter of ``command`` and of the commands under it."""
    yield from (param for param in command.get_params(Context(command)) if hasattr(param, "type_descriptor"))
    for sub in getattr(command, "commands", {}).values():
        yield from parameters(sub)


ROOT = typer.main.get_command(app)
PARAMETERS = list(parameters(ROOT))


def kind(param):
    """What a parameter's conversion depends on: its type and typer's options for it."""
    info = param.type_descriptor.parameter_info
    return repr(
        (param.type_descriptor.annotation, info.min, info.max, info.case_sensitive, param.multiple, param.nargs)
    )


KINDS = {kind(param): param for param in PARAMETERS}


def outcome(param, value, build):
    """The value ``build``'s conversion gives, with its type (NaN compared as text), or its refusal."""
    ctx = Context(ROOT)
    try:
        result = build(param.type_descriptor).coerce(value, param=param, ctx=ctx)
    except BadParameter as err:
        return "refused", err.format_message()
    except ValueError as err:  # a path with a NUL character (which no command line holds): os.stat refuses it
        return "raised", str(err)
    items = result if isinstance(result, list) else [result]
    return type(result), [
        (type(item), repr(item) if isinstance(item, float) and math.isnan(item) else item) for item in items
    ]


def test_every_parameter_of_every_command_converts_without_pydantic():
    assert len(PARAMETERS) > 500 and len(KINDS) > 20
    for param in PARAMETERS:
        assert isinstance(param, PlainConversion), param.name
        assert not isinstance(param.get_runtime_param(), AdapterRuntimeParam), param.name


NUMBER_TEXT = st.text(alphabet="0123456789_.+-eE inftyaNI\t\xa0\u3000\x1c\x1b\x85", max_size=12)
TRICKY = [
    *("", " ", "1", " 1_000.00 ", "+-1", "-+1", "--1", "+_1", "0_0", "00.0", "0_.0", "1__0", "_1", "1_", "1.", ".5"),
    *("5.", "1e3", "1E-3", "1.e5", "-_1", "1_0.5", "1.0_0", "inf", "-Infinity", "NaN", "nan", "0x10", "1.5", "-0"),
    *("-01", "0.99", "0.990", "-0.1", "1e400", "\u0663", "\uff11"),  # Arabic-Indic and full-width digits
    *("1" * 4300, "1" * 4301, " " + "1" * 4300, "-" + "1" * 4300),
    *("9" * 19, "Standard", "BUG", "pai gow", "houseway", "\x1bX", "\udcff", "1\udcff", "a\x85b", " yes ", "Off"),
    "\u212a",  # the Kelvin sign, which lower() makes a "k"
    *(f"{space}1{space}" for space in map(chr, range(0x3001)) if space.isspace()),  # Python's white space
]


@pytest.mark.parametrize("key", sorted(KINDS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=NUMBER_TEXT | st.text(max_size=8))
def test_a_parameter_converts_a_value_as_typer_does(key, text, tmp_path_factory, monkeypatch):
    param = KINDS[key]
    monkeypatch.chdir(tmp_path_factory.getbasetemp())  # Path values name files relative to an empty folder
    value = (text, text) if param.multiple or param.nargs == -1 else text
    assert outcome(param, value, runtime_param) == outcome(param, value, build_runtime_param)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_every_tricky_value_converts_as_typer_converts_it(key, tmp_path, monkeypatch):
    param = KINDS[key]
    monkeypatch.chdir(tmp_path)
    for text in TRICKY:
        value = (text, text) if param.multiple or param.nargs == -1 else text
        assert outcome(param, value, runtime_param) == outcome(param, value, build_runtime_param), text


@pytest.mark.parametrize("key", sorted(KINDS))
def test_a_default_converts_as_typer_converts_it(key):
    param = KINDS[key]
    assert outcome(param, param.default, runtime_param) == outcome(param, param.default, build_runtime_param)


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["paigow", "edge", "--trials", "abc"],
            "Invalid value for '--trials' / '-n': Input should be a valid integer, unable to parse string as an "
            "integer",
        ),
        (
            ["paigow", "edge", "--trials", "0"],
            "Invalid value for '--trials' / '-n': Input should be greater than or equal to 1",
        ),
        (
            ["paigow", "edge", "--commission", "1.5"],
            "Invalid value for '--commission': Input should be less than or equal to 0.99",
        ),
        (
            ["paigow", "edge", "--commission", "x"],
            "Invalid value for '--commission': Input should be a valid number, unable to parse string as a number",
        ),
        (
            ["paigow", "edge", "--strategy", "psychic"],
            "Invalid value for '--strategy': Value error, 'psychic' is not one of 'houseway', 'optimal'.",
        ),
    ],
)
def test_a_refused_value_is_one_line_naming_the_option_and_the_rule(args, message):
    run = subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.splitlines() == [f"error: {message} (see 'poker-analyzer {' '.join(args[:2])} --help')"]


@pytest.mark.parametrize(
    "args",
    [
        ["eval", "As Ks Qs Js Ts 2c 3d", "--rules", "STANDARD"],
        ["holdem", "equity", "AsKs", "QdQc", "--board", "2c 3d 4h 5s 9c", "--json"],
        ["paigow", "houseway", "Tc Td 6h 6s Ac 3d 2h", "--way", "trump-plaza"],
        ["draw", "odds", "Jc Jd 8h 5s 2c", "--discard", "8h 5s 2c"],
        ["paigow", "edge", "--trials", "1_000", "--seed", "1", "--commission", "0.05"],
    ],
)
def test_a_query_imports_no_pydantic(args):
    """The typed input models (pydantic) are for input files; values off the command line need none."""
    assert not imported_packages(run_cli(args)) & {"pydantic", "pydantic_core"}
