"""Every command's --help: value names instead of typer's type placeholders, and text that reflows;
shell completion for the ``poker-analyzer`` script."""

import os
import re
import subprocess
import sys

import pytest
import typer.main
from typer.testing import CliRunner

from analyzer.cli.main import PROG_NAME, app

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# typer's type placeholders (<bool>, <str>, <int range>, <list[str]>, <path>), not a list of choices
# such as <standard|pat>; the upper-case names of older typer; an argument without a metavar ({cards})
PLACEHOLDER = re.compile(r"<[a-z][\w\[\] ]*>|\b(?:TEXT|INTEGER|FLOAT|BOOLEAN)\b|\{[a-z_]+\}")


def command_paths(command, path=()):
    """Every command and group under ``command`` (the hidden short aliases are the same apps)."""
    yield path, command
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        if not sub.hidden:
            yield from command_paths(sub, (*path, name))


COMMANDS = list(command_paths(typer.main.get_command(app)))


def help_page(path, columns):
    result = runner.invoke(app, [*path, "--help"], prog_name=PROG_NAME, env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return ANSI.sub("", result.stdout)


def one_line(text):
    return " ".join(text.split())


def first_paragraph(text):
    return one_line(text.split("\n\n")[0])


def test_the_walk_reaches_every_command():
    paths = {" ".join(path) for path, _ in COMMANDS}
    assert {"", "eval", "batch", "holdem equity", "paigow split", "head-to-head betting-tables", "whist play"} <= paths
    groups = [command for _, command in COMMANDS if hasattr(command, "commands")]
    assert len(groups) == 10 and all(group.commands for group in groups)  # the root and its nine command groups


@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(path) or "poker-analyzer" for path, _ in COMMANDS])
def test_help_names_values_and_keeps_every_text_on_one_line(path, command):
    """At 1000 columns nothing needs wrapping, so each text must come out whole on one line: a
    line break left in it (the docstring's own wrapping) or a word eaten as markup
    (``[params]``) fails the match."""
    page = help_page(path, 1000)
    assert PLACEHOLDER.search(page) is None, PLACEHOLDER.search(page)
    lines = [one_line(line) for line in page.splitlines()]
    texts = [first_paragraph(command.help)] if command.help else []
    ctx = typer.Context(command, info_name=PROG_NAME)
    texts += [one_line(param.help) for param in command.get_params(ctx) if getattr(param, "help", None)]
    texts += [first_paragraph(sub.help) for sub in getattr(command, "commands", {}).values() if not sub.hidden]
    for text in texts:
        assert any(text in line for line in lines), (
            f"{text!r} is not on one line of {' '.join((PROG_NAME, *path))} --help"
        )


def test_help_at_80_columns_names_every_value():
    page = help_page(["holdem", "equity"], 80)
    assert "Usage: poker-analyzer holdem equity [OPTIONS] {RANGE}..." in page
    for option, name in [("--board", "CARDS"), ("--trials", "N"), ("--seed", "SEED"), ("--scheduler", "ADDRESS")]:
        assert re.search(rf"{option} .* {name}\b", page), option
    assert re.search(r"│ --json +Print one JSON", page)  # a flag takes no value: nothing between


def test_batch_help_keeps_the_params_table_name():
    assert '(TOML: analysis = "..." and [params])' in help_page(["batch"], 200)


def test_show_completion_prints_the_bash_script_for_the_console_script(monkeypatch):
    # typer then takes the shell from the argument instead of detecting the parent process's
    # (read when the command is built, before the runner's own environment applies)
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    result = runner.invoke(app, ["--show-completion", "bash"], prog_name=PROG_NAME)
    assert result.exit_code == 0
    assert "_POKER_ANALYZER_COMPLETE=complete_bash" in result.stdout
    assert result.stdout.strip().endswith("complete -o default -F _poker_analyzer_completion poker-analyzer")


@pytest.mark.parametrize(
    "words, expected",
    [
        ("poker-analyzer hol", ["holdem"]),
        ("poker-analyzer holdem equity --bo", ["--board"]),
        ("poker-analyzer eval AsKs --rules p", ["paigow", "paigow-double-ace"]),
    ],
)
def test_the_completion_script_s_requests_are_answered(words, expected):
    """What the bash script runs on Tab: the program with the words typed so far in the environment
    (run as ``python -m analyzer.cli.main``, whose ``main`` the console script calls)."""
    env = {"_POKER_ANALYZER_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    result = subprocess.run(
        [sys.executable, "-m", "analyzer.cli.main"], capture_output=True, text=True, env={**os.environ, **env}
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == expected
