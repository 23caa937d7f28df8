"""``holdem flops`` and ``holdem turns``: the summary, --json, the files of --out and --chart
(refused when they exist, without --force) and one-line errors with their exit codes, run
in-process through the console script's entry point."""

import json

import pandas as pd
import pytest

import analyzer as pa


def test_flops_prints_the_preflop_equity_spread_and_extremes(main_run):
    code, out, err = main_run("holdem", "flops", "AsKs", "QdQc")
    assert code == 0 and err == ""
    words = " ".join(out.split())
    assert "holdem flops (exact, 17,296 flops, 17,123,040 deals enumerated;" in words
    assert "│ 1 │ AsKs │ 46.214% │ 46.018% │ 0.393% │ 38.0% │" in words  # the preflop equity
    assert "player 1 (AsKs) over the flops" in words and "│ 46.214% │ 16.0% │ 24.5% │ 29.0% │" in words
    assert "best flops for AsKs: Ah Ad Ac 100.0%, Kh Kd Kc 100.0%, Qs Js Ts 100.0%" in words
    assert "worst flops for AsKs: Qs Qh Jh 0.1%" in words


def test_turns_json_is_every_turn(main_run):
    code, out, _ = main_run("holdem", "turns", "AsKs", "QdQc", "--board", "Kh 7d 2c", "--dead", "3s", "--json")
    data = json.loads(out)
    expected = pa.holdem.turns(["AsKs", "QdQc"], "Kh 7d 2c", "3s")
    assert code == 0 and data["street"] == "turn" and data["board"] == "Kh 7d 2c" and data["dead"] == "3s"
    assert [b["cards"] for b in data["boards"]] == expected.boards and len(data["boards"]) == 44
    assert data["players"][0]["equity"] == expected.players[0].equity


def test_out_and_chart_files_are_written_and_replaced_only_with_force(main_run, tmp_path):
    args = ["holdem", "turns", "AsKs", "QdQc", "--board", "Kh 7d 2c", "--out", "turns.csv", "--chart", "turns.png"]
    code, out, _ = main_run(*args)
    assert code == 0 and "wrote turns.csv" in out and "wrote turns.png" in out
    frame = pd.read_csv(tmp_path / "turns.csv")
    expected = pa.holdem.turns(["AsKs", "QdQc"], "Kh 7d 2c")
    assert list(frame["turn"]) == expected.boards
    assert frame["equity_1"].tolist() == pytest.approx(expected.equity[:, 0].tolist(), abs=1e-10)
    assert (tmp_path / "turns.png").read_bytes()[:4] == b"\x89PNG"
    before = (tmp_path / "turns.csv").stat().st_mtime_ns
    code, _, err = main_run(*args)
    assert code == 1 and err == "error: turns.csv: exists: give --force to replace it\n"
    assert (tmp_path / "turns.csv").stat().st_mtime_ns == before
    code, _, err = main_run("holdem", "flops", "AsKs", "QdQc", "--distinct", "--out", "turns.csv", "--json", "--force")
    assert code == 0 and err == "wrote turns.csv\n"  # stdout is the JSON alone
    assert len(pd.read_csv(tmp_path / "turns.csv")) == 9_804
    code, _, _ = main_run("holdem", "flops", "AsKs", "QdQc", "--out", "flops.JSON")
    assert code == 0 and len(json.loads((tmp_path / "flops.JSON").read_text())["boards"]) == 17_296
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flops.JSON", "turns.csv", "turns.png"]  # no temporaries


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["holdem", "flops", "random", "random"], 1, "exact enumeration is estimated at"),
        (
            ["holdem", "turns", "AsAd, AsAh", "KK", "--board", "As 7d 2c"],
            1,
            "player 1's range 'AsAh, AsAd' has no combos",
        ),
        (["holdem", "flops", "AsKs", "QdQc", "--chart-kind", "pie"], 2, "'pie' is not one of"),
        (["holdem", "flops", "AsKs"], 1, "1 player"),
        (["holdem", "flops", "AsKs", "QdQv"], 2, "'QdQv'"),
        (["holdem", "flops", "AsKs", "QdQc", "--dead", "As"], 2, "'As' is in both player 1's hand and the dead"),
        (["holdem", "flops", "AsKs", "QdQc", "--out", "flops.txt"], 2, "--out takes a .csv or .json file"),
        (["holdem", "flops", "AsKs", "QdQc", "--chart", "flops.csv"], 2, "--chart takes a .png file"),
        (["holdem", "flops", "AsKs", "QdQc", "--out", "a.json", "--chart", "a.json"], 2, "the same file"),
        (["holdem", "flops", "AsKs", "QdQc", "--out", "nowhere/a.csv"], 1, "the folder nowhere does not exist"),
        (["holdem", "flops", "AsKs", "QdQc", "--threads", "0"], 2, "threads must be 1 to"),
        (["holdem", "turns", "AsKs", "QdQc"], 2, "--board"),
        (["holdem", "turns", "AsKs", "QdQc", "--board", "Kh 7d 2c 5s"], 2, "a flop has 3 cards, got 4"),
        (
            ["holdem", "turns", "AsKs", "QdQc", "--board", "Kh 7d As"],
            2,
            "'As' is in both player 1's hand and the board",
        ),
    ],
)
def test_errors_are_one_line_with_the_right_exit_code(main_run, args, code, words):
    result, out, err = main_run(*args)
    assert result == code and out == "", err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], err


def test_flops_of_ranges_write_every_flop_by_probability_and_the_sorted_chart(main_run, tmp_path):
    code, out, err = main_run("holdem", "flops", "QQ+, AKs", "JJ-", "--out", "flops.csv", "--chart", "flops.png")
    assert code == 0 and err == ""
    words = " ".join(out.split())
    assert "holdem flops (exact, 22,100 flops, 22,602,412,800 deals enumerated;" in words
    assert "│ 1 │ QQ+, AKs │ 75.019% │ 74.806% │ 0.426% │ 100.0% │" in words  # the exact preflop equity
    assert "worst flops for QQ+, AKs: 6s 5h 4d 57.9%" in words and "wrote flops.png" in words
    frame = pd.read_csv(tmp_path / "flops.csv")
    expected = pa.holdem.flops(["QQ+, AKs", "JJ-"])
    assert list(frame["flop"]) == expected.boards and len(frame) == 22_100
    assert frame["weight"].sum() == pytest.approx(1, abs=1e-9)
    assert (frame["weight"] * frame["equity_1"]).sum() == pytest.approx(expected.players[0].equity, abs=1e-9)
    assert (tmp_path / "flops.png").read_bytes()[:4] == b"\x89PNG"


def test_turns_of_ranges_json_and_the_histogram(main_run, tmp_path):
    args = ["holdem", "turns", "QQ+, AKs", "JJ-", "--board", "Kh 7d 2c", "--json", "--chart", "t.png"]
    code, out, err = main_run(*args, "--chart-kind", "histogram", "--distinct")
    data = json.loads(out)
    expected = pa.holdem.turns(["QQ+, AKs", "JJ-"], "Kh 7d 2c", distinct=True)
    assert code == 0 and err == "wrote t.png\n" and data["distinct"]
    assert [b["cards"] for b in data["boards"]] == expected.boards
    assert [b["boards"] for b in data["boards"]] == expected.sizes.tolist() and sum(expected.sizes) == 49
    assert [b["weight"] for b in data["boards"]] == expected.weights.tolist()
    assert (
        data["players"][0]["equity"] == pa.holdem.equity(["QQ+, AKs", "JJ-"], "Kh 7d 2c", exact=True).players[0].equity
    )
    assert (tmp_path / "t.png").read_bytes()[:4] == b"\x89PNG"
