"""The command line: output, --json, and one-line errors with exit codes."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from analyzer.cli.main import app
from analyzer.jit import window
from tests.cli_process import ctrl_c_as_in_a_terminal

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_version_prints_the_package_version():
    from analyzer import __version__

    result = run("--version")
    assert result.exit_code == 0 and result.stdout == f"poker-analyzer {__version__}\n"
    script = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "--version"], capture_output=True, text=True)
    assert script.returncode == 0 and script.stdout.split() == ["poker-analyzer", __version__]


def test_the_command_line_is_analyzer_cli_and_the_library_leaves_it_alone():
    """One top-level package (a top-level ``cli`` would clash with other distributions), whose
    library does not import its command line."""
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())
    assert project["project"]["scripts"] == {"poker-analyzer": "analyzer.cli.main:run"}
    assert project["tool"]["setuptools"]["packages"]["find"]["include"] == ["analyzer*"]
    script = "import sys, analyzer; print(sorted(m for m in sys.modules if m.startswith('analyzer.cli')))"
    library = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert library.stdout == "[]\n"


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


@pytest.mark.parametrize(
    "args, token",
    [
        (["eval", "As Kx Qs Js Ts"], "'Kx'"),
        (["eval", "As Ks Qs Js As"], "'As'"),
        (["eval", "As Ks Qs Js Jk"], "'Jk'"),
        (["eval", "As Ks Qs"], "3 cards"),
    ],
)
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
    ok = subprocess.run(
        [sys.executable, "-m", "analyzer.cli.main", "eval", "Ac Ad Ah As Jk", "-r", "bug"],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0 and "Five aces" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "analyzer.cli.main", "eval", "Zz"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stderr.strip() == (
        "error: bad card 'Zz' (card 1, character 1): expected a rank 2-9, "
        "T/10, J, Q, K, A and a suit c, d, h, s, or Jk for the joker"
    )


_ENTRY = """
import atexit, sys

class Finalized:
    def __del__(self):
        print("torn down", file=sys.stderr)

kept = Finalized()  # a module global: freed by the interpreter's teardown, if it runs
atexit.register(lambda: print("exit handler ran", file=sys.stderr))
import analyzer.cli.main
entry = sys.argv[1]
sys.argv = ["poker-analyzer", *sys.argv[2:]]
getattr(analyzer.cli.main, entry)()
"""


def _console(entry: str, *args: str) -> subprocess.CompletedProcess:
    """``poker-analyzer ARGS`` through ``analyzer.cli.main.<entry>`` in a new process that notes on
    stderr whether its exit handlers ran and whether the interpreter tore its objects down."""
    return subprocess.run([sys.executable, "-c", _ENTRY, entry, *args], capture_output=True, text=True)


@pytest.mark.parametrize(
    "args, code, out, err",
    [
        (["holdem", "equity", "AsKs", "QdQc", "--json"], 0, '"exact": true', ""),
        (["holdem", "equity", "AsKs", "AsQc"], 1, "", "error: "),
        (["eval", "Zz"], 2, "", "error: bad card 'Zz'"),
    ],
)
@pytest.mark.whole_process
def test_the_console_script_ends_without_the_teardown_and_loses_nothing(args, code, out, err):
    """analyzer.cli.main.run, the console script, skips the interpreter's teardown (a module global's
    finalizer, which main's normal exit runs, never runs) and keeps the rest of a normal exit:
    the command's exit code, all of its output, its error line and the exit handlers."""
    fast, normal = _console("run", *args), _console("main", *args)
    for result in (fast, normal):
        assert result.returncode == code
        assert out in result.stdout and (json.loads(result.stdout) if code == 0 else result.stdout == "")
        assert result.stderr.startswith(err) and "exit handler ran" in result.stderr
    assert "torn down" in normal.stderr
    # POKER_ANALYZER_SPEED_LAYER=off gives the console script the normal exit too
    assert ("torn down" in fast.stderr) == window.switched_off()


def test_the_console_script_prints_a_sys_exit_message_and_exits_1_as_python_does():
    script = (
        "import sys, analyzer.cli.main\n"
        "analyzer.cli.main.main = lambda: sys.exit('stopped: a reason')\n"
        "analyzer.cli.main.run()"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 1 and result.stderr == "stopped: a reason\n"


def test_help_lists_eval():
    result = run("--help")
    assert result.exit_code == 0 and "eval" in result.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["eval", "As Ks Qs Js Ts", "--rules", "holdem"], "'holdem' is not one of"),
        (["eval"], "Missing argument"),
        (["no-such-command"], "No such command"),
    ],
)
def test_usage_errors_are_one_line_with_exit_2(args, words, main_run):
    code, _, err = main_run(*args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]


def test_holdem_equity_exact_json():
    result = run("holdem", "equity", "AsKs", "QdQc", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["method"] == "exact" and data["exact"] is True and data["trials"] == 1_712_304
    assert [p["range"] for p in data["players"]] == ["AsKs", "QdQc"]
    assert round(data["players"][0]["equity"], 5) == 0.46214
    assert {"equity", "win", "tie", "stderr"} <= set(data["players"][0])


def test_counts_of_one_are_singular():
    # with the board complete there is exactly one deal; standing pat leaves exactly one draw
    river = run("holdem", "equity", "AsKs", "QdQc", "--board", "2c 3d 4h 5s 9c")
    assert river.exit_code == 0 and "exact, 1 deal enumerated;" in river.stdout
    pat = run("draw", "odds", "Jc Jd 8h 5s 2c", "--discard", "")
    assert pat.exit_code == 0 and "(exact, 1 equally likely draw;" in pat.stdout
    advice = run("draw", "advise", "Jc Jd 8h 5s 2c", "--trials", "1", "--seed", "1")
    title = " ".join(advice.stdout.split())  # rich wraps the title to the table's width
    assert advice.exit_code == 0 and "against 1 opponent (" in title and "; 1 trial, seed 1)" in title


def test_holdem_equity_monte_carlo_table_reports_trials_and_seed():
    result = run(
        "holdem", "equity", "QQ+", "random", "--board", "2c 7d 9h", "--trials", "50000", "--seed", "5", "--monte-carlo"
    )
    assert result.exit_code == 0
    assert "Monte Carlo, 50,000 trials, seed 5" in result.stdout
    assert "QQ+" in result.stdout and "random" in result.stdout


def test_holdem_equity_same_seed_same_json():
    args = ["holdem", "equity", "AK", "22+", "--trials", "30000", "--seed", "9", "--json"]
    first, second = run(*args), run(*args)
    assert json.loads(first.stdout)["players"] == json.loads(second.stdout)["players"]


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["holdem", "equity", "AsKs"], 1, "1 player: "),
        (["holdem", "equity", "AsKs", "QdQv"], 2, "'QdQv'"),
        (["holdem", "equity", "AsKs", "AsQd"], 1, "cannot all be dealt together"),
        (["holdem", "equity", "AsKs", "QdQc", "--board", "2c 3d"], 2, "0, 3, 4 or 5 cards"),
        (["holdem", "equity", "AsKs", "QdQc", "--board", "2c 3d 4h", "--dead", "4h"], 2, "'4h' is in both"),
        (["holdem", "equity", "AsAh", "KK", "--board", "As 2c 3d"], 1, "player 1's range"),
        (["holdem", "equity", "AsKs", "QdQc", "--exact", "--monte-carlo"], 2, "exclude each other"),
        (["holdem", "equity", "AsKs", "QdQc", "--exact", "-n", "100"], 2, "--trials: stopping rules of Monte Carlo"),
        (
            ["holdem", "equity", "AsKs", "QdQc", "--exact", "--target-se", "0.01", "--time-limit", "5"],
            2,
            "--target-se, --time-limit: stopping rules of Monte Carlo; --exact enumerates every deal",
        ),
        (["holdem", "equity", "AsKs", "QdQc", "--target-se", "2"], 2, "--target-se"),
        (["holdem", "equity", "AsKs", "QdQc", "--time-limit", "-5"], 2, "--time-limit"),
        (
            ["holdem", "equity", "AsKs", "QdQc", "--seed", str(2**64)],
            2,
            "seeds are 0 to 2**64 - 1, got 18446744073709551616",
        ),
        (["holdem", "preflop-table", "--seed", "-1"], 2, "'--seed' / '-s': seeds are 0 to 2**64 - 1, got -1"),
        (["eval", "A\u017f Ks Qs Js Ts"], 2, "bad card"),  # 'ſ' folds to 's' only outside ASCII
        (["range", "show", "A\u212aK"], 2, "bad range term"),  # the Kelvin sign is not a K
        (["holdem", "equity", "AsKs", "QdQc", "--trials", "0"], 2, "--trials"),
        (["range", "show", "QQ+, AKv"], 2, "'AKv'"),
    ],
)
def test_equity_errors_are_one_line_with_the_right_exit_code(args, code, words, main_run):
    exit_code, _, err = main_run(*args)
    assert exit_code == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]


def test_range_show_counts_the_98_combo_example():
    result = run("range", "show", "QQ+, AKs, A2s-A5s, KTo+, 22-55", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["combo_count"] == 98


def test_stud_equity_exact_json_and_errors():
    result = run("stud", "equity", "AsAhKd7c", "KsKh2c", "--dead", "3d", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["method"] == "exact" and [p["range"] for p in data["players"]] == ["AsAhKd7c", "KsKh2c"]
    assert data["players"][0]["equity"] + data["players"][1]["equity"] == pytest.approx(1)
    bad = subprocess.run(
        [sys.executable, "-m", "analyzer.cli.main", "stud", "equity", "AsAh", "AsKh"], capture_output=True, text=True
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "'As'" in bad.stderr


def test_paigow_houseway_json():
    result = run("paigow", "houseway", "Tc Td 6h 6s Ac 3d 2h", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["front"] == "Ac 3d" and data["back"] == "Tc Td 6h 6s 2h"
    assert data["rule"].startswith("5 two pair 7-10 with an ace")


def test_paigow_split_json_lists_every_split_best_first():
    result = run("paigow", "split", "Tc Td 6h 6s Ac 3d 2h", "--trials", "50000", "--seed", "4", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["method"] == "monte-carlo" and data["trials"] == 50_000 and data["seed"] == 4
    splits = data["splits"]
    assert {"front", "back", "win", "push", "loss", "ev", "stderr", "house_way"} <= set(splits[0])
    assert [s["ev"] for s in splits] == sorted((s["ev"] for s in splits), reverse=True)
    assert sum(s["house_way"] for s in splits) == 1


def test_paigow_edge_json():
    result = run("paigow", "edge", "--trials", "100000", "--seed", "1", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"win", "push", "loss", "ev", "stderr", "trials"} <= set(data) and data["trials"] == 100_000
    for outcome in ("win", "push", "loss"):  # each deal is one of the three: binomial errors
        assert data[f"{outcome}_stderr"] == pytest.approx((data[outcome] * (1 - data[outcome]) / 100_000) ** 0.5)
    assert data["commission"] == 0.05 and data["player_banks"] is False


def test_paigow_edge_house_rules_options_reach_the_result():
    result = run("paigow", "edge", "--trials", "20000", "--seed", "1", "--commission", "0", "--player-banks", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["commission"] == 0.0 and data["player_banks"] is True


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["paigow", "houseway", "Ac Ad Ah"], 2, "3 cards given"),
        (["paigow", "split", "Ac Ad Ah As Jk joker 2c"], 2, "duplicate card 'Jk'"),
        (["paigow", "houseway", "Ac Ad Ah As Kc Kd Qh", "--way", "casino"], 2, "'casino' is not one of"),
        (["paigow", "edge", "--strategy", "psychic"], 2, "'psychic' is not one of"),
        (["paigow", "edge", "--commission", "1.5"], 2, "--commission"),
    ],
)
def test_paigow_errors_are_one_line(args, code, words, main_run):
    exit_code, _, err = main_run(*args)
    assert exit_code == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


@pytest.mark.whole_process
def test_ctrl_c_stops_a_long_run_with_one_line_and_exit_130():
    import signal
    import time

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "analyzer.cli.main",
            "holdem",
            "equity",
            "random",
            "random",
            "random",
            "--trials",
            "2000000000",
            "--seed",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    time.sleep(3)  # past start-up, inside the run
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert stderr.strip() == "error: interrupted" and stdout == ""
