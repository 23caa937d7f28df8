"""The command line: output, --json, and one-line errors with exit codes."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cli.main import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_eval_names_a_royal_flush():
    result = run("eval", "As Ks Qs Js Ts 2c 3d")
    assert result.exit_code == 0
    assert "Royal flush" in result.stdout
    assert "As Ks Qs Js Ts" in result.stdout


def test_eval_pai_gow_wheel_json():
    result = run("eval", "Jk 2c 3d 4h 5s", "--rules", "paigow", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["name"] == "Straight, A-2-3-4-5 (the wheel, second highest)"
    assert data["category"] == "Straight"
    assert data["cards"] == ["Jk", "2c", "3d", "4h", "5s"]
    assert data["best_five"] == ["Jk", "5s", "4h", "3d", "2c"]
    assert isinstance(data["value"], int)


@pytest.mark.parametrize("args, token", [
    (["eval", "As Kx Qs Js Ts"], "'Kx'"),
    (["eval", "As Ks Qs Js As"], "'As'"),
    (["eval", "As Ks Qs Js Jk"], "'Jk'"),
    (["eval", "As Ks Qs"], "3 cards"),
])
def test_bad_cards_exit_2_with_one_line_naming_the_token(args, token):
    result = run(*args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and token in lines[0]
    assert result.stdout == ""


def test_unknown_rules_is_a_usage_error():
    result = run("eval", "As Ks Qs Js Ts", "--rules", "holdem")
    assert result.exit_code == 2


def test_console_script_runs_and_exits_2_on_bad_cards():
    ok = subprocess.run([sys.executable, "-m", "cli.main", "eval", "Ac Ad Ah As Jk", "-r", "bug"],
                        capture_output=True, text=True)
    assert ok.returncode == 0 and "Five aces" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "cli.main", "eval", "Zz"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stderr.strip() == ("error: bad card 'Zz' (card 1, character 1): expected a rank 2-9, "
                                  "T/10, J, Q, K, A and a suit c, d, h, s, or Jk for the joker")


def test_help_lists_eval():
    result = run("--help")
    assert result.exit_code == 0 and "eval" in result.stdout


@pytest.mark.parametrize("args, words", [
    (["eval", "As Ks Qs Js Ts", "--rules", "holdem"], "'holdem' is not one of"),
    (["eval"], "Missing argument"),
    (["no-such-command"], "No such command"),
])
def test_usage_errors_are_one_line_with_exit_2(args, words):
    result = subprocess.run([sys.executable, "-m", "cli.main", *args], capture_output=True, text=True)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]
