"""Command-line values: every parameter of every command is converted by analyzer.cli.coercion (plain
Python: no pydantic, no typer internals); numbers and bools by the rules typer 0.29 applied
(pydantic's lax mode, checked here against pydantic itself); a refused value is one line naming
the parameter, with exit code 2."""

from __future__ import annotations

import ast
import math
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import pytest
import typer.main
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BeforeValidator, Field, TypeAdapter, ValidationError

from analyzer.cli.coercion import Conversion, conversion, escape_control_characters
from analyzer.cli.commands import NamedArgument, Option
from analyzer.cli.main import app
from tests.cli_process import imported_packages, run_cli

ROOT = Path(__file__).resolve().parent.parent


def parameters(command, path=()):
    """Every parameter of ``command`` and of the commands under it, with its command path."""
    for param in command.get_params(typer.Context(command)):
        yield path, param
    for name, sub in getattr(command, "commands", {}).items():
        yield from parameters(sub, (*path, name))


PARAMETERS = list(parameters(typer.main.get_command(app)))


def test_every_parameter_of_every_command_has_a_plain_conversion():
    assert len(PARAMETERS) > 500
    for path, param in PARAMETERS:
        assert isinstance(param, (Option, NamedArgument)), (path, param.name)
        assert isinstance(param.conversion, Conversion), (path, param.name)


@pytest.mark.whole_process
def test_no_module_imports_typer_internals():
    """typer's public API only: no underscored typer module or name is imported (typer vendors
    Click in ``typer._click``, which its maintainers say is no API)."""
    seen = 0
    for folder in ("analyzer", "tests", "bench"):
        for file in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                    names: list[str] = []
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    modules, names = [node.module], [alias.name for alias in node.names]
                else:
                    continue
                for module in modules:
                    if module.split(".")[0] != "typer":
                        continue
                    seen += 1
                    parts = module.split(".")[1:] + names
                    assert not any(part.startswith("_") for part in parts), (str(file), module, names)
    assert seen > 20


def outcome(convert: Conversion, value: Any) -> tuple[str, Any]:
    """What ``convert`` makes of ``value``: the value with its type (NaN as text), or the message
    of its refusal."""
    try:
        result = convert.item(value, None)
    except ValueError as err:
        return "refused", str(err)
    return type(result).__name__, repr(result) if isinstance(result, float) and math.isnan(result) else result


def _cli_bool(value: Any) -> Any:
    """typer 0.29's step before pydantic's bool: a string stripped, empty for false."""
    return (value.strip() or False) if isinstance(value, str) else value


def pydantic_outcome(kind: type, least: float | None, most: float | None, value: Any) -> tuple[str, Any]:
    """What pydantic's lax mode makes of ``value`` as typer 0.29 set it up (a ``Field`` for the
    bounds, a bool's string stripped first), as :func:`outcome` reports it."""
    bounds = {key: bound for key, bound in (("ge", least), ("le", most)) if bound is not None}
    annotation: Any = Annotated[kind, BeforeValidator(_cli_bool)] if kind is bool else Annotated[kind, Field(**bounds)]
    try:
        result = TypeAdapter(annotation).validate_python(value)
    except ValidationError as err:
        return "refused", err.errors()[0]["msg"]
    return type(result).__name__, repr(result) if isinstance(result, float) and math.isnan(result) else result


KINDS = [
    (int, None, None),
    (int, 1, None),
    (int, 0, 3),
    (int, 1000, None),
    (float, None, None),
    (float, 0, None),
    (float, 0.0, 0.99),
    (bool, None, None),
]
"""The values' types and bounds the commands declare, and the plain kinds of each."""
NUMBER_TEXT = st.text(alphabet="0123456789_.+-eE inftyaNI\t\xa0\u3000\x1c\x1b\x85", max_size=12)
TRICKY = [
    *("", " ", "1", " 1_000.00 ", "+-1", "-+1", "--1", "+_1", "0_0", "00.0", "0_.0", "1__0", "_1", "1_", "1.", ".5"),
    *("5.", "1e3", "1E-3", "1.e5", "-_1", "1_0.5", "1.0_0", "inf", "-Infinity", "NaN", "nan", "0x10", "1.5", "-0"),
    *("-01", "0.99", "0.990", "-0.1", "1e400", "\u0663", "\uff11"),  # Arabic-Indic and full-width digits
    *("1" * 4300, "1" * 4301, " " + "1" * 4300, "-" + "1" * 4300),
    *("9" * 19, "Standard", "BUG", "\x1bX", "\udcff", "1\udcff", "a\x85b", " yes ", "Off", "TRUE", "t", "2"),
    "\u212a",  # the Kelvin sign, which lower() makes a "k"
    *(f"{space}1{space}" for space in map(chr, range(0x3001)) if space.isspace()),  # Python's white space
]


@pytest.mark.parametrize("kind, least, most", KINDS)
@settings(max_examples=300, deadline=None)
@given(text=NUMBER_TEXT | st.text(max_size=8))
def test_a_number_or_bool_converts_as_pydantic_converts_it(kind, least, most, text):
    convert = conversion(kind, typer.Option(min=least, max=most))
    assert convert is not None
    assert outcome(convert, text) == pydantic_outcome(kind, least, most, text)


@pytest.mark.parametrize("kind, least, most", KINDS)
def test_every_tricky_value_converts_as_pydantic_converts_it(kind, least, most):
    convert = conversion(kind, typer.Option(min=least, max=most))
    assert convert is not None
    for text in TRICKY:
        assert outcome(convert, text) == pydantic_outcome(kind, least, most, text), text


def test_good_values_convert_as_before():
    """What the commands accepted under typer 0.29 (pydantic's lax mode) they still accept."""
    trials = conversion(int, typer.Option(min=1))
    rate = conversion(float, typer.Option(min=0.0, max=0.99))
    flag = conversion(bool)
    path = conversion(Path)
    assert trials is not None and rate is not None and flag is not None and path is not None
    assert [trials.item(text, None) for text in ("1_000", " 1000 ", "+1000", "01000", "1000.0", "1_000.00")] == [
        1000
    ] * 6
    assert trials.item(1 << 18, None) == 1 << 18  # a default, as declared
    assert [rate.item(text, None) for text in ("0.05", ".05", "5e-2", " 0.05", "0_0.05")] == [0.05] * 5
    assert [flag.item(text, None) for text in ("YES", " on ", "1", "", "off", "F")] == [True] * 3 + [False] * 3
    assert path.item("results/x.json", None) == Path("results/x.json")
    assert path.item(Path("results"), None) == Path("results")


def test_a_refusal_is_one_escaped_line():
    convert = conversion(int, typer.Option(min=1))
    assert convert is not None
    with pytest.raises(typer.BadParameter) as refused:
        convert("\x1b[31m", None, None)
    assert refused.value.message == "Input should be a valid integer, unable to parse string as an integer"
    assert escape_control_characters("\x1b[31m\x9b\n") == "\\x1b[31m\\x9b\\x0a"
    lists = conversion(list[str])
    assert lists is not None and lists(None, None, None) == () and lists(("a", "b"), None, None) == ["a", "b"]
    with pytest.raises(typer.BadParameter, match="Value must be an iterable"):
        lists("ab", None, None)


def test_every_choice_converts_in_any_case_and_names_the_choices_when_refused():
    choosing = [(path, param) for path, param in PARAMETERS if param.conversion.choices]
    assert len(choosing) >= 10
    for path, param in choosing:
        convert, choices = param.conversion, param.conversion.choices
        for choice in choices:
            assert isinstance(choice, Enum)
            for text in (choice.value, choice.value.upper(), choice.value.title(), choice):
                assert convert.item(text, None) is choice, (path, param.name, text)
        listed = ", ".join(repr(choice.value) for choice in choices)
        assert outcome(convert, "nope") == ("refused", f"Value error, 'nope' is not one of {listed}.")
        # the option declares it too, so that typer's shell completion matches in any case
        ctx = typer.Context(typer.main.get_command(app))
        for choice in choices:
            completions = [item.value for item in param.shell_complete(ctx, choice.value[:2].upper())]
            assert choice.value in completions, (path, param.name)


def test_a_path_is_a_path_and_a_nul_is_refused():
    convert = conversion(Path)
    assert convert is not None
    assert outcome(convert, "no such file") == ("PosixPath", Path("no such file"))
    assert outcome(convert, "a\x00b") == ("refused", "Value error, embedded null byte")


def test_what_the_rules_leave_out_is_left_to_typer():
    assert conversion(int, typer.Option(clamp=True, min=1)) is None
    assert conversion(str, typer.Option(parser=str.upper)) is None
    assert conversion(Path, typer.Option(exists=True)) is None
    assert conversion(complex) is None


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
            ["paigow", "edge", "--trials", "\x1b[31m1"],
            "Invalid value for '--trials' / '-n': Input should be a valid integer, unable to parse string as an "
            "integer",
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
            ["paigow", "edge", "--strategy", "psychic\x07"],
            "Invalid value for '--strategy': Value error, 'psychic\\x07' is not one of 'houseway', 'optimal'.",
        ),
        (
            ["schema", "nope"],
            "Invalid value for 'KIND': Value error, 'nope' is not one of 'h2h-position', 'h2h-bet-position', "
            "'saint-position', 'batch-spec'.",
        ),
        (["holdem", "equity"], "Missing argument 'RANGE'."),
    ],
)
def test_a_refused_value_is_one_line_naming_the_option_and_the_rule(args, message, cli):
    run = cli(*args)
    assert run.returncode == 2
    command = " ".join(args[: 1 if args[0] == "schema" else 2])
    assert run.stderr.splitlines() == [f"error: {message} (see 'poker-analyzer {command} --help')"]


@pytest.mark.parametrize(
    "args",
    [
        ["eval", "As Ks Qs Js Ts 2c 3d", "--rules", "STANDARD"],
        ["holdem", "equity", "AsKs", "QdQc", "--board", "2c 3d 4h 5s 9c", "--json"],
        ["paigow", "houseway", "Tc Td 6h 6s Ac 3d 2h", "--way", "TRUMP-PLAZA"],
        ["draw", "odds", "Jc Jd 8h 5s 2c", "--discard", "8h 5s 2c"],
        ["paigow", "edge", "--trials", "1_000", "--seed", "1", "--commission", "0.05"],
    ],
)
def test_a_query_imports_no_pydantic(args):
    """The typed input models (pydantic) are for input files; values off the command line need none."""
    assert not imported_packages(run_cli(args)) & {"pydantic", "pydantic_core"}
