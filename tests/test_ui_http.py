"""The server of ``poker-analyzer ui`` over plain HTTP, as a browser talks to it.

The truth each answer is checked against is the public Python API called directly (the page
must show what ``pa.*`` answers, number for number) and the range parser's own error messages;
the file routes are checked against the files on disk and against paths leading out of their
roots (``..``, encoded dots, absolute paths, a symbolic link pointing out).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import analyzer as pa
from analyzer.cli.errors import one_line
from analyzer.sim.method import allow_exact
from analyzer.ui import calls, server
from analyzer.ui.server import STATIC, make_server
from conftest import assert_one_line_error
from tests.cli_process import ctrl_c_as_in_a_terminal

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def serving(results: Path | None = None) -> Iterator[str]:
    """A server of the page on a free loopback port, in a thread; yields its base URL."""
    server = make_server("127.0.0.1", 0, results)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def results_root(tmp_path_factory) -> Path:
    """A results folder of one study, a symbolic link in it leading out of it (to a file, and
    to a folder holding a manifest), and a folder whose manifest is not JSON."""
    root = tmp_path_factory.mktemp("results")
    folder = root / "holdem" / "demo"
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps({"analysis": "holdem", "method": "exact"}))
    (folder / "demo.csv").write_text("hand,equity\nAA,0.85\n")
    secret = tmp_path_factory.mktemp("outside") / "secret.txt"
    secret.write_text("not to be served")
    (folder / "link.txt").symlink_to(secret)
    (secret.parent / "manifest.json").write_text(json.dumps({"analysis": "not to be listed"}))
    (root / "holdem" / "outside").symlink_to(secret.parent, target_is_directory=True)
    (root / "broken").mkdir()
    (root / "broken" / "manifest.json").write_text("{not json")
    return root


@pytest.fixture(scope="module")
def base(results_root) -> Iterator[str]:
    with serving(results_root) as url:
        yield url


def request(base: str, method: str, path: str, body: object = None, headers: dict | None = None):
    """(status, parsed JSON or raw bytes) of one request; ``body`` is sent as JSON."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=120)
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    sent = {"Content-Type": "application/json"} if data is not None else {}
    connection.request(method, path, body=data, headers={**sent, **(headers or {})})
    response = connection.getresponse()
    raw = response.read()
    connection.close()
    kind = response.getheader("Content-Type", "")
    return response.status, json.loads(raw) if kind == "application/json" else raw


def post(base: str, path: str, body: object):
    return request(base, "POST", path, body)


# ------------------------------------------------------------------ answers equal the API's


def test_equity_answer_is_the_apis(base):
    status, answer = post(base, "/api/equity", {"hands": ["QQ+, AKs", "JhTh"], "board": "Ah 9h 2c", "dead": "2d"})
    truth = pa.holdem.equity(["QQ+, AKs", "JhTh"], board="Ah 9h 2c", dead="2d", breakdown=True)
    assert status == 200 and answer["exact"] and truth.run.exact
    assert [p["equity"] for p in answer["players"]] == [p.equity for p in truth.players]
    assert answer["trials"] == truth.run.trials
    combos = answer["players"][0]["breakdown"]["combos"]
    assert [(c["hand"], c["equity"]) for c in combos] == list(
        zip(truth.players[0].breakdown.combos.hands, truth.players[0].breakdown.combos.equity)
    )


def test_monte_carlo_answer_can_be_repeated_from_its_seed(base, monkeypatch):
    """Six random hands preflop is no quick enumeration: Monte Carlo within the time limit,
    whose seed (as text), trial count and chunk size give the same figures from the API."""
    monkeypatch.setattr(calls, "MONTE_CARLO_SECONDS", 0.3)
    hands = ["random"] * 6
    status, answer = post(base, "/api/equity", {"hands": hands})
    assert status == 200 and not answer["exact"] and isinstance(answer["seed"], str)
    again = pa.holdem.equity(
        hands, exact=False, seed=int(answer["seed"]), trials=answer["trials"], chunk_size=answer["chunk_size"]
    )
    assert [p["equity"] for p in answer["players"]] == [p.equity for p in again.players]
    assert all(p["stderr"] > 0 for p in answer["players"])


def test_range_edits_follow_the_range_algebra(base):
    status, answer = post(
        base,
        "/api/range",
        {"text": "QQ+, AsKd", "edits": [{"class": "AKo", "weight": 0.5}, {"class": "KK", "weight": 0}]},
    )
    truth = (pa.ranges.parse("QQ+, AsKd") - pa.ranges.parse("AKo, KK")) | pa.ranges.parse("AKo:0.5")
    assert status == 200
    assert answer["text"] == truth.canonical() and answer["grid"] == truth.grid().tolist()
    assert answer["combos"] == len(truth) and answer["weighted"] == truth.weighted_count
    status, empty = post(base, "/api/range", {"text": "AA", "edits": [{"class": "AA", "weight": 0}]})
    assert status == 200 and empty["empty"] and empty["text"] == "" and empty["combos"] == 0


def test_many_edits_answer_at_once(base):
    """A body full of edits (the most a body holds) is answered in well under a second, as
    the last edit of each class says: each edit used to be parsed and applied on its own,
    14 s for 1,900 edits."""
    names = ["AKs", "QJo", "77", "T9s", "A2o"]
    edits = [{"class": names[i % 5], "weight": 0.5 if i < 1800 else 0} for i in range(1900)]
    start = time.monotonic()
    status, answer = post(base, "/api/range", {"text": "random", "edits": edits})
    assert status == 200 and time.monotonic() - start < 2
    assert answer["text"] == (pa.ranges.parse("random") - pa.ranges.parse(", ".join(names))).canonical()


def test_share_text_is_the_parsers(base):
    status, answer = post(base, "/api/range", {"text": "10%"})
    assert status == 200 and answer["grid"] == pa.ranges.parse("10%").grid().tolist()


def test_streets_and_hits_are_the_apis(base):
    status, flops = post(base, "/api/streets", {"hands": ["AsKs", "QdQc"]})
    truth = pa.holdem.flops(["AsKs", "QdQc"])
    assert status == 200 and flops["boards"] == len(truth.cards) == 17296
    assert [p["equity"] for p in flops["players"]] == [p.equity for p in truth.players]
    assert flops["curves"][0][0] == truth.equity[:, 0].max() and flops["curves"][0][-1] == truth.equity[:, 0].min()
    status, turns = post(base, "/api/streets", {"hands": ["AsKs", "QdQc"], "board": "Kh 7d 2c"})
    assert status == 200 and turns["street"] == "turn" and turns["boards"] == 45
    status, hits = post(base, "/api/hits", {"range": "QQ+, AKs, 76s", "board": "Kh 7d 2c"})
    assert status == 200 and hits == json.loads(json.dumps(pa.holdem.hits("QQ+, AKs, 76s", "Kh 7d 2c").to_dict())) | {
        "elapsed_seconds": hits["elapsed_seconds"]
    }
    status, filtered = post(base, "/api/hits", {"range": "QQ+, AKs", "board": "Kh 7d 2c", "filter": ["Overpair"]})
    assert status == 200 and filtered == {"filtered": "AA"}


def test_paigow_answer_is_the_apis(base):
    hand = "Ac Kd Kh 7s 5c 3d Jk"
    status, answer = post(base, "/api/paigow", {"hand": hand, "way": "foxwoods"})
    assert status == 200
    house = pa.paigow.house_way(hand)
    assert (answer["house_way"]["front"], answer["house_way"]["back"]) == (house.front, house.back)
    if answer["exact"]:
        truth = pa.paigow.split(hand, exact=True)
    else:  # exact estimated too long here: the Monte Carlo estimate, repeated from its seed
        truth = pa.paigow.split(
            hand, exact=False, seed=int(answer["seed"]), trials=answer["trials"], chunk_size=answer["chunk_size"]
        )
    assert [(s["front"], s["ev"]) for s in answer["splits"]] == [(s.setting.front, s.ev) for s in truth.splits]


# ------------------------------------------------------------------ bad input


def error_of(call, *args) -> str:
    with pytest.raises((ValueError, TypeError)) as caught:
        call(*args)
    return one_line(caught.value)


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/api/range", {"text": "QQ+, AKq"}, lambda: error_of(pa.ranges.parse, "QQ+, AKq")),
        ("/api/equity", {"hands": ["AsKs", "QQ+, AKq"]}, lambda: error_of(pa.holdem.equity, ["AsKs", "QQ+, AKq"])),
        (
            "/api/equity",
            {"hands": ["AsKs", "QdQc"], "board": "Ah Kx"},
            lambda: error_of(pa.holdem.equity, ["AsKs", "QdQc"], "Ah Kx"),
        ),
        ("/api/equity", {"hands": ["AsKs", "AsKd"]}, lambda: error_of(pa.holdem.equity, ["AsKs", "AsKd"])),
        ("/api/paigow", {"hand": "Ac Kd"}, lambda: error_of(pa.paigow.split, "Ac Kd")),
        ("/api/hits", {"range": "QQ+", "board": "Kh 7d 2c", "filter": ["Nothing"]}, None),
        (
            "/api/hits",
            {"range": "QQ+", "board": "Kh 7d 2c", "filter": []},
            lambda: "filter: expected a list of one or more row names, such as Set",
        ),
        ("/api/equity", {"hands": "AsKs QdQc"}, lambda: 'hands: expected a list, got "AsKs QdQc"'),
        ("/api/equity", {}, lambda: "hands: missing"),
        ("/api/equity", {"hands": ["AsKs", ""]}, lambda: "hands: player 2 has no hand or range"),
        ("/api/streets", {"hands": [" ", "QQ"]}, lambda: "hands: player 1 has no hand or range"),
        ("/api/range", {"text": "AA", "edits": [{"class": "AKx", "weight": 1}]}, None),
        ("/api/range", {"text": "AA", "edits": [{"class": "AKs", "weight": 2}]}, None),
    ],
)
def test_bad_input_is_400_with_the_one_line_message(base, path, body, message):
    status, answer = post(base, path, body)
    assert status == 400 and set(answer) == {"error"} and "\n" not in answer["error"]
    if message is not None:
        assert answer["error"] == message()


def test_bad_requests(base):
    assert post(base, "/api/equity", b"{not json")[0] == 400
    assert post(base, "/api/equity", [1, 2])[0] == 400
    assert request(base, "POST", "/api/equity", b"{}", {"Content-Type": "text/plain"})[0] == 400
    assert post(base, "/api/nothing", {})[0] == 404
    assert post(base, "/api/range", {"text": "A" * 100_000})[0] == 413
    status, answer = post(base, "/api/range", b"[" * 50_000)  # deeper than the JSON reader recurses
    assert status == 400 and answer == {"error": "the body is not JSON this server reads: nested too deeply"}
    status, answer = request(base, "POST", "/api/range", b"{}", {"Transfer-Encoding": "chunked"})
    assert status == 411 and "Content-Length" in answer["error"]
    status, answer = request(base, "GET", "/", headers={"Host": "evil.example:80"})
    assert status == 403 and "evil.example" in answer["error"]


def test_a_run_past_its_time_is_stopped(base, monkeypatch):
    """A run its estimate let start (here: any estimate) is stopped by its progress sink."""
    monkeypatch.setattr(calls, "EXACT_ONLY_SECONDS", 0.0)
    monkeypatch.setattr(calls, "allow_exact", lambda seconds: allow_exact())
    status, answer = post(base, "/api/streets", {"hands": ["QQ+, AKs", "JJ-"]})
    assert status == 503 and answer["error"].startswith("every flop stopped after 0 s")


def test_a_run_estimated_past_its_time_is_refused_at_once(base):
    """Every flop of two random hands: the API's cost model puts it at minutes, beyond the
    page's bound, so it is refused before it starts, in the page's words (the command line's
    ``--yes`` means nothing on the page)."""
    start = time.monotonic()
    status, answer = post(base, "/api/streets", {"hands": ["random", "random"]})
    assert time.monotonic() - start < calls.EXACT_ONLY_SECONDS
    assert status == 503 and answer["error"].startswith("every flop is estimated at ")
    assert f"more than this page's {calls.EXACT_ONLY_SECONDS:g} s" in answer["error"]
    assert "--yes" not in answer["error"]


def test_every_answer_is_bounded_in_time(base, monkeypatch):
    """A call still running after ``REQUEST_SECONDS`` (an engine slower than its cost model
    said) is answered 503 then, while other requests are answered as usual."""
    release = threading.Event()

    def stuck(body):
        release.wait(60)
        return {}

    monkeypatch.setattr(server, "REQUEST_SECONDS", 0.5)
    monkeypatch.setitem(server.ENDPOINTS, "/api/equity", stuck)
    try:
        start = time.monotonic()
        status, answer = post(base, "/api/equity", {"hands": ["AsKs", "QdQc"]})
        assert time.monotonic() - start < 10
        assert status == 503 and answer["error"].startswith("no answer within 0.5 s")
        assert post(base, "/api/range", {"text": "QQ+"})[0] == 200
    finally:
        release.set()


def test_a_connection_that_never_ends_its_request_blocks_nobody(base):
    """Slowloris: connections that send half a request and hold it open do not keep the
    server from answering others."""
    host, port = base.removeprefix("http://").split(":")
    held = [socket.create_connection((host, int(port)), timeout=30) for _ in range(8)]
    try:
        for number, sock in enumerate(held):
            partial = b"POST /api/range HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            if number % 2:  # the headers whole, the body promised and never sent
                partial += b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
            sock.sendall(partial)
        start = time.monotonic()
        assert post(base, "/api/range", {"text": "QQ+"})[0] == 200
        assert request(base, "GET", "/api/meta")[0] == 200
        assert time.monotonic() - start < 10
    finally:
        for sock in held:
            sock.close()


def test_a_client_gone_leaves_the_terminal_quiet(capsys):
    """A tab closed while its query runs: the answer's write fails, and nothing is printed;
    an error of the server itself still is."""
    quiet = make_server("127.0.0.1", 0)
    try:
        for error in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset"), KeyError("bug")):
            try:
                raise error
            except Exception:
                quiet.handle_error(None, ("127.0.0.1", 1))
    finally:
        quiet.server_close()
    printed = capsys.readouterr().err
    assert "KeyError" in printed and "Broken pipe" not in printed and "reset" not in printed


# ------------------------------------------------------------------ files


def test_page_and_assets(base):
    status, page = request(base, "GET", "/")
    assert status == 200 and page == (STATIC / "index.html").read_bytes()
    for name in ("app.js", "app.css"):
        assert request(base, "GET", f"/static/{name}") == (200, (STATIC / name).read_bytes())
    status, meta = request(base, "GET", "/api/meta")
    assert [name for row in meta["grid"] for name in row] == [
        pa.ranges.class_at(r, c) for r in range(13) for c in range(13)
    ]
    assert sorted(name for row in meta["grid"] for name in row) == sorted(pa.ranges.HAND_CLASSES)


def test_results_listing_and_files(base, results_root):
    status, listing = request(base, "GET", "/api/results")
    assert status == 200
    assert listing == {
        "folders": [
            {
                "path": "broken",
                "manifest": {
                    "error": "manifest.json unreadable: Expecting property name enclosed in double quotes: "
                    "line 1 column 2 (char 1)"
                },
                "files": ["manifest.json"],
            },
            {
                "path": "holdem/demo",
                "manifest": {"analysis": "holdem", "method": "exact"},
                "files": ["demo.csv", "link.txt", "manifest.json"],
            },
        ]
    }
    assert request(base, "GET", "/results/holdem/demo/demo.csv") == (200, b"hand,equity\nAA,0.85\n")


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server.py",
        "/static/%2e%2e/server.py",
        "/static/%2E%2E%2Fserver.py",
        "/static/..%2f..%2f__init__.py",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
        "/results/../../../../etc/passwd",
        "/results/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/results/holdem/demo/link.txt",
        "/results/holdem/demo/%00demo.csv",
        "/results/holdem",
        "/static/",
    ],
)
def test_nothing_outside_the_roots_is_served(base, path):
    status, answer = request(base, "GET", path)
    assert status == 404 and set(answer) == {"error"}


def test_raw_traversal_request_line(base):
    """A request line the client library would normalise, sent as bytes."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(b"GET /static/../../../../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    assert reply.startswith(b"HTTP/1.0 404") and b"root:" not in reply


# ------------------------------------------------------------------ several tabs at once


def test_simultaneous_requests(base):
    """Twelve requests at once (equity, ranges, bad input, files) each get their own answer."""
    asks = [
        ("/api/equity", {"hands": ["AsKs", "QdQc"], "board": board}) for board in ("", "Kh 7d 2c", "2h 3h 4h 5h")
    ] + [("/api/range", {"text": text}) for text in ("QQ+", "AKs, 22", "AK%", "5%")]
    asks += [("/api/paigow", {"hand": "Ac Kd Kh 7s 5c 3d Jk"}), ("/api/equity", {"hands": ["AsKs"] * 2})]
    asks += [("GET /api/meta", None), ("GET /static/app.js", None)]

    def ask(item):
        path, body = item
        if path.startswith("GET "):
            return request(base, "GET", path[4:])
        return post(base, path, body)

    start = time.monotonic()
    with ThreadPoolExecutor(len(asks)) as pool:
        answers = list(pool.map(ask, asks))
    assert time.monotonic() - start < 60
    for (path, body), (status, answer) in zip(asks, answers):
        if path == "/api/equity" and body["hands"] == ["AsKs", "QdQc"]:
            truth = pa.holdem.equity(["AsKs", "QdQc"], body["board"] or None)
            assert status == 200 and [p["equity"] for p in answer["players"]] == [p.equity for p in truth.players]
        elif path == "/api/range":
            bad = body["text"] == "AK%"
            assert status == (400 if bad else 200)
            if not bad:
                assert answer["grid"] == pa.ranges.parse(body["text"]).grid().tolist()
        elif path == "/api/paigow":
            assert status == 200 and len(answer["splits"]) == len(
                pa.paigow.split("Ac Kd Kh 7s 5c 3d Jk", trials=1).splits
            )
        elif body is not None:
            assert status == 400  # the same hand twice
        else:
            assert status == 200


# ------------------------------------------------------------------ Head to Head, played

CARD_TOKEN = re.compile(r"\b[2-9TJQKA][cdhs]\b")
PLACED = re.compile(r"opponent places ([2-9TJQKA][cdhs]) ")


def seen_cards(answer: dict) -> set[str]:
    """The cards an answer shows as visible: the board's rows and the cards you may place."""
    rows = answer["board"]
    return {c for row in rows for c in (*row["you"], row["common"], *row["opponent"])} | set(answer["cards"])


@pytest.mark.slow
def test_play_a_whole_game_as_the_api_plays_it(base, monkeypatch):
    """A game played over HTTP is the API's game with the same seed, move for move: the same
    board text, events, moves and values; no answer names a card before the rules show it (the
    deck, the opponent's hand); the end has a winner. The values from fewer play-outs than the
    page's, for time."""
    monkeypatch.setattr(calls, "ADVICE_TRIALS", 200)
    status, answer = post(base, "/api/h2h/play/new", {"opponent": "greedy", "round_type": "roll", "seed": "7"})
    assert status == 200 and answer["seed"] == "7" and answer["round"] == 1 and not answer["over"]
    game = pa.head_to_head.human_game("greedy", round_type="roll", seed=7)
    shown: set[str] = set()
    turns = 0
    while True:
        assert answer["text"] == game.board() and answer["events"] == game.events
        assert answer["chips"] == {"you": game.chips[0], "opponent": game.chips[1]}
        assert [row["common"] for row in answer["board"]] == [pa_card(c) for _, c, _ in game.layout()]
        shown |= seen_cards(answer) | set(PLACED.findall(" ".join(answer["events"])))  # a card placed is seen
        told = {key: value for key, value in answer.items() if key != "id"}  # a random id may hold "5c"
        assert set(CARD_TOKEN.findall(json.dumps(told))) <= shown  # nothing hidden, ever
        if answer["over"]:
            break
        moves = game.moves()
        assert [m["label"] for m in answer["moves"]] == [m.label for m in moves]
        move = moves[(7 * turns) % len(moves)]
        said = str((7 * turns) % len(moves) + 1) if turns % 2 else f"{move.label.split()[0]} {move.row + 1}"
        if move.side:  # a Crazy round's move on the opponent's side needs its side said
            said = str((7 * turns) % len(moves) + 1)
        advice, strong = game.advice(trials=200), game.strong_move()
        game.play(move)
        status, answer = post(base, "/api/h2h/play/move", {"id": answer["id"], "move": said})
        assert status == 200, answer
        values = {m.label: m for m in advice.moves}
        assert answer["advice"]["you"]["label"] == move.label and answer["advice"]["you"]["ev"] == values[move.label].ev
        assert answer["advice"]["strong"] == {
            "label": strong.label,
            **{k: getattr(values[strong.label], k) for k in ("ev", "stderr", "regret", "regret_stderr")},
            "player": "ismcts",
        }
        assert answer["advice"]["best"]["label"] == advice.best.label
        assert answer["advice"]["continuation"] == advice.continuation and answer["advice"]["exact"] == advice.run.exact
        turns += 1
    assert answer["winner"] == ("you", "opponent")[game.winner] and answer["moves"] == [] and answer["cards"] == []
    assert answer["events"][-1] in ("you win the game", "the opponent wins the game") and turns == 4 * (3 + 4 + 5)
    status, again = post(base, "/api/h2h/play/move", {"id": answer["id"], "move": "1"})
    assert status == 400 and again == {"error": "the game is over: start a new one"}
    status, state = post(base, "/api/h2h/play/state", {"id": answer["id"]})
    assert status == 200 and state["winner"] == answer["winner"] and "advice" not in state


def test_play_a_whole_betting_game_as_the_api_plays_it(base, monkeypatch):
    """The betting game over HTTP is the API's game with the same seed, decision for decision:
    the same board text (stacks and each row's chips), events, moves and betting actions, and
    the same values (fewer play-outs than the page's, for time); no answer names a card before
    the rules show it (the opponent's hand and drawn cards, the deck); the end has a winner."""
    monkeypatch.setattr(calls, "BET_ADVICE_TRIALS", 20)
    body = {"opponent": "greedy", "betting": True, "opponent_bets": "threshold", "seed": "7"}
    status, answer = post(base, "/api/h2h/play/new", body)
    assert status == 200 and answer["betting"] and answer["stacks"] == {"you": 800, "opponent": 800}
    game = pa.head_to_head.human_game("greedy", betting=True, opponent_bets="threshold", seed=7)
    shown: set[str] = set()
    turns = bets = 0
    while True:
        assert answer["text"] == game.board() and answer["events"] == game.events
        assert answer["stacks"] == {"you": game.stacks[0], "opponent": game.stacks[1]}
        assert [tuple(row["chips"].values()) for row in answer["board"]] == [
            game.row_chips(r) for r in range(game.rows)
        ]
        shown |= seen_cards(answer) | set(PLACED.findall(" ".join(answer["events"])))
        told = {key: value for key, value in answer.items() if key != "id"}
        assert set(CARD_TOKEN.findall(json.dumps(told))) <= shown  # nothing hidden, ever
        if answer["over"]:
            break
        assert answer["decision"] == game.decision
        if game.decision == "place":
            moves = game.moves()
            assert [m["label"] for m in answer["moves"]] == [m.label for m in moves] and answer["actions"] == []
            choice = moves[(7 * turns) % len(moves)]
            said = str((7 * turns) % len(moves) + 1)
            advice = game.advice(trials=20)
            game.play(choice)
        else:
            actions = game.bet_actions()
            assert [a["label"] for a in answer["actions"]] == [a.label for a in actions] and answer["moves"] == []
            assert answer["described"] == game.describe_choices()
            pick = (3 * turns) % len(actions)
            choice = actions[pick]
            said = str(pick + 1) if bets % 2 else terminal_words(choice)  # its number, or as typed
            advice = game.advice(trials=20, include=choice)
            game.act(choice)
            bets += 1
        status, answer = post(base, "/api/h2h/play/move", {"id": answer["id"], "move": said})
        assert status == 200, answer
        assert answer["advice"]["you"]["label"] == choice.label
        assert answer["advice"]["you"]["ev"] == advice.value_of(choice.label).ev
        assert answer["advice"]["best"]["label"] == advice.best.label == answer["advice"]["strong"]["label"]
        assert answer["advice"]["continuation"] == advice.continuation
        turns += 1
    assert answer["winner"] == ("you", "opponent")[game.winner] and answer["actions"] == answer["moves"] == []
    assert answer["decision"] is None and bets > 0 and turns == 4 * (3 + 4 + 5) + bets


def terminal_words(action) -> str:
    """A betting action as the terminal's prompt takes it: ``n``, ``b 2 50``, ``d``, ``c``, ``r 50``."""
    if action.label == "no bet":
        return "n"
    verb = action.label.split()[0]
    if verb == "bet":
        return f"b {action.row + 1} {action.amount}"
    return f"r {action.amount}" if verb == "raise" else verb[0]


def test_play_betting_bad_actions(base):
    """A betting action the game refuses answers 400 with the terminal's message; a number
    beyond the actions says how many there are; a placement asked for while betting is refused."""
    body = {"opponent": "greedy", "betting": True, "seed": 7}
    status, answer = post(base, "/api/h2h/play/new", body)
    game = pa.head_to_head.human_game("greedy", betting=True, seed=7)
    assert answer["decision"] == game.decision == "bet"
    for said in ("b 9 50", "b 1 15", "x", "c", "Qd 2"):
        with pytest.raises(ValueError) as bad:
            game.action_from_text(said)
        status, refused = post(base, "/api/h2h/play/move", {"id": answer["id"], "move": said})
        assert status == 400 and refused == {"error": one_line(bad.value)}
    count = len(game.bet_actions())
    status, refused = post(base, "/api/h2h/play/move", {"id": answer["id"], "move": count + 1})
    assert status == 400 and refused == {"error": f"no action {count + 1}: give 1 to {count}"}
    assert post(base, "/api/h2h/play/state", {"id": answer["id"]}) == (200, answer)


def pa_card(code: int) -> str:
    from analyzer.cards import format_cards

    return format_cards([code])


@pytest.mark.parametrize(
    "path, body, message",
    [
        (
            "/api/h2h/play/new",
            {"opponent": "shark"},
            "opponent: expected one of ismcts, search, rollout, tuned, greedy, random",
        ),
        ("/api/h2h/play/new", {"opponent": "search:100000"}, "opponent: expected one of "),
        ("/api/h2h/play/new", {"round_type": "open6"}, "round_type: expected one of roll, draw1, share2, hold3, play4"),
        ("/api/h2h/play/new", {"seed": "-3"}, "seed: expected a whole number from 0 to 2**64 - 1"),
        ("/api/h2h/play/new", {"crazy": "yes"}, "crazy: expected true or false"),
        ("/api/h2h/play/new", {"betting": 1}, "betting: expected true or false"),
        (
            "/api/h2h/play/new",
            {"betting": True, "opponent_bets": "shark"},
            "opponent_bets: expected one of threshold, rollout, never, random",
        ),
        ("/api/h2h/play/new", {"think_ms": 60000}, "think_ms: expected one of 100, 500, 2000 (ms), got 60000"),
        ("/api/h2h/play/new", {"think_ms": True}, "think_ms: expected one of 100, 500, 2000 (ms), got True"),
        ("/api/h2h/play/new", {"opponent": "greedy", "think_ms": 100}, "policy 'greedy' plays no budget"),
        ("/api/h2h/play/move", {"move": "1"}, "id: missing"),
        ("/api/h2h/play/state", {"id": 3}, "id: expected text, got 3"),
    ],
)
def test_play_bad_input_is_400_with_one_line(base, path, body, message):
    status, answer = post(base, path, body)
    assert status == 400 and set(answer) == {"error"} and "\n" not in answer["error"]
    assert answer["error"].startswith(message)


def test_play_illegal_moves_and_unknown_games(base):
    status, answer = post(base, "/api/h2h/play/new", {"opponent": "greedy", "round_type": "open5", "seed": 1})
    game = pa.head_to_head.human_game("greedy", round_type="open5", seed=1)
    key = answer["id"]
    for said in ("99", "Qd 7", "2c 1", "row", ""):
        with pytest.raises(ValueError) as bad:
            game.move_from_text(said)
        status, refused = post(base, "/api/h2h/play/move", {"id": key, "move": said})
        assert status == 400 and refused == {"error": one_line(bad.value)}
    status, refused = post(base, "/api/h2h/play/move", {"id": key, "move": ["Qd", 3]})
    assert status == 400 and refused["error"].startswith("move: expected a move's number")
    status, same = post(base, "/api/h2h/play/state", {"id": key})
    assert status == 200 and same == answer  # nothing refused was played
    for path in ("/api/h2h/play/move", "/api/h2h/play/state"):
        status, unknown = post(base, path, {"id": "no-such-game", "move": "1"})
        assert status == 404 and set(unknown) == {"error"} and unknown["error"].startswith("no game 'no-such-game'")


def test_play_games_are_bounded_in_number_and_age(base, monkeypatch):
    monkeypatch.setattr(calls, "GAMES", calls.Games())
    monkeypatch.setattr(calls, "PLAY_GAMES", 2)
    keys = [post(base, "/api/h2h/play/new", {"opponent": "random", "seed": k})[1]["id"] for k in range(3)]
    assert len(set(keys)) == 3 and len(calls.GAMES) == 2
    assert post(base, "/api/h2h/play/state", {"id": keys[0]})[0] == 404  # the oldest went first
    assert post(base, "/api/h2h/play/state", {"id": keys[1]})[0] == 200  # used: now the newest
    post(base, "/api/h2h/play/new", {"opponent": "random"})
    assert post(base, "/api/h2h/play/state", {"id": keys[2]})[0] == 404
    assert post(base, "/api/h2h/play/state", {"id": keys[1]})[0] == 200
    monkeypatch.setattr(calls, "PLAY_IDLE_SECONDS", 0.0)
    assert post(base, "/api/h2h/play/state", {"id": keys[1]})[0] == 404 and len(calls.GAMES) == 0


def test_play_move_refused_for_its_time_is_not_played(base, monkeypatch):
    """Values past their time: 503, the move not played, and the same move again (its values
    kept) is played at once."""
    status, answer = post(base, "/api/h2h/play/new", {"opponent": "greedy", "round_type": "open5", "seed": 2})
    monkeypatch.setattr(calls, "ADVICE_SECONDS", -1.0)
    status, refused = post(base, "/api/h2h/play/move", {"id": answer["id"], "move": "3"})
    assert status == 503 and refused["error"].startswith("the values of the choices took ")
    assert post(base, "/api/h2h/play/state", {"id": answer["id"]})[1] == answer
    monkeypatch.setattr(calls, "ADVICE_SECONDS", 20.0)
    status, played = post(base, "/api/h2h/play/move", {"id": answer["id"], "move": "3"})
    assert status == 200 and played["advice"]["you"]["label"] == answer["moves"][2]["label"]


@pytest.mark.parametrize(
    "kind, store, body",
    [("h2h", "GAMES", {"opponent": "random", "seed": 4}), ("saint", "SAINT_GAMES", {"opponents": "random", "seed": 4})],
)
def test_play_request_past_the_servers_time_says_the_game_goes_on(base, monkeypatch, kind, store, body):
    """A game busy with a move (its lock held) past :data:`server.REQUEST_SECONDS`: 503 saying
    the game goes on, naming its game's state endpoint; once the move is done its state is
    answered."""
    status, answer = post(base, f"/api/{kind}/play/new", body)
    monkeypatch.setattr(server, "REQUEST_SECONDS", 0.3)
    played = getattr(calls, store).get(answer["id"])
    with played.lock:  # as a move still running holds it
        status, busy = post(base, f"/api/{kind}/play/state", {"id": answer["id"]})
    advice = server.PLAY_TIMEOUT_ADVICE.format(f"/api/{kind}/play/state")
    assert status == 503 and busy["error"] == (
        f"no answer within 0.3 s (a busy server, or a run longer than its estimate): {advice}"
    )
    monkeypatch.setattr(server, "REQUEST_SECONDS", 30.0)
    assert post(base, f"/api/{kind}/play/state", {"id": answer["id"]}) == (200, answer)


# ------------------------------------------------------------------ Saint Poker, played


def saint_hidden(game) -> set[str]:
    """The cards the other players hold and have neither drafted in view nor shown, and the
    cards left in the deck: what the rules never show you."""
    from analyzer.cards import format_cards
    from analyzer.games.saint_poker import engine as E
    from analyzer.games.saint_poker.human import _cards

    seen = game.position()
    visible = set(seen.hand) | set(seen.river) | set(seen.future) | set(seen.removed)
    for p in range(1, game.players):
        visible |= set(seen.known[p]) | set(game.revealed(p))
    held = {c for p in range(1, game.players) for c in _cards(int(game.state[E.HAND + p]))}
    return set(format_cards(sorted(held - visible)).split()) if held - visible else set()


def test_saint_a_whole_game_as_the_api_plays_it(base, monkeypatch):
    """A game of Saint Poker played over HTTP is the API's game with the same seed, choice for
    choice: the same board text, events, choices and values; no answer names a card another
    player holds unseen, and every card an answer names was on the board text, among your
    choices or in the events; the end names the winners. The values from fewer samples than
    the page's, for time."""
    monkeypatch.setattr(calls, "SAINT_ADVICE_TRIALS", 50)
    body = {"players": 3, "opponents": "greedy", "seed": "11"}
    status, answer = post(base, "/api/saint/play/new", body)
    assert status == 200 and answer["seed"] == "11" and answer["round"] == 1 and answer["phase"] == "river"
    game = pa.saint_poker.human_game(3, "greedy", seed=11)
    shown: set[str] = set()
    turns = 0
    while True:
        assert answer["text"] == game.board() and answer["events"] == game.events
        assert answer["phase"] == game.phase and [s["points"] for s in answer["seats"]] == list(game.scores)
        assert [s["label"] for s in answer["seats"]] == list(game.seats())
        shown |= set(CARD_TOKEN.findall(game.board() + " ".join(game.events)))
        shown |= {c for choice in answer["choices"] for c in choice["cards"]}
        told = set(CARD_TOKEN.findall(json.dumps({k: v for k, v in answer.items() if k != "id"})))
        assert told <= shown and not told & saint_hidden(game)  # nothing hidden, ever
        if answer["over"]:
            break
        choices = game.choices()
        assert [c["cards"] for c in answer["choices"]] == [pa_cards(c) for c in choices]
        assert (
            answer["what"]
            == {"river": "your river card", "reveal": "the two cards to show", "draft": "your pick"}[game.phase]
        )
        pick = (5 * turns) % len(choices)
        choice = choices[pick]
        said = str(pick + 1) if turns % 2 else " ".join(pa_cards(choice))
        advice, strong = game.advice(trials=50), game.strong_choice()
        game.play(choice)
        status, answer = post(base, "/api/saint/play/move", {"id": answer["id"], "choice": said})
        assert status == 200, answer
        values = {c.cards: c for c in advice.choices}
        you, searched = values[" ".join(pa_cards(choice))], values[" ".join(pa_cards(strong))]
        assert answer["advice"]["you"]["cards"] == pa_cards(choice)
        assert answer["advice"]["you"]["points_total"] == you.points_total
        assert answer["advice"]["you"]["regret"] == you.regret
        assert answer["advice"]["strong"]["cards"] == pa_cards(strong)
        assert answer["advice"]["strong"]["points_total"] == searched.points_total
        assert answer["advice"]["best"]["cards"] == advice.best.cards.split()
        assert answer["advice"]["continuation"] == advice.continuation and answer["advice"]["exact"] == advice.run.exact
        turns += 1
    assert answer["winners"] == [game.seats()[p] for p in game.winners()]
    assert answer["choices"] == [] and answer["what"] is None and answer["events"][-1].startswith("game over, ")
    assert turns == 8 * 4 - 2  # a river card, a pair shown and two picks a round; no draft after the last
    status, again = post(base, "/api/saint/play/move", {"id": answer["id"], "choice": "1"})
    assert status == 400 and again == {"error": "the game is over: start a new one"}
    status, state = post(base, "/api/saint/play/state", {"id": answer["id"]})
    assert status == 200 and state["winners"] == answer["winners"] and "advice" not in state


def pa_cards(cards) -> list[str]:
    from analyzer.cards import format_cards

    return format_cards(cards).split()


@pytest.mark.parametrize(
    "path, body, message",
    [
        ("/api/saint/play/new", {"players": 6}, "players: expected 2 to 5, got '6'"),
        ("/api/saint/play/new", {"players": "three"}, "players: expected 2 to 5, got 'three'"),
        ("/api/saint/play/new", {"players": True}, "players: expected 2 to 5, got 'True'"),
        (
            "/api/saint/play/new",
            {"opponents": "shark"},
            "opponents: expected one of search, rollout, tuned, tuned-save, save, greedy, random",
        ),
        ("/api/saint/play/new", {"opponents": "search:100000"}, "opponents: expected one of "),
        ("/api/saint/play/new", {"seed": "-3"}, "seed: expected a whole number from 0 to 2**64 - 1"),
        ("/api/saint/play/new", {"think_ms": "500"}, "think_ms: expected one of 100, 500, 2000 (ms), got '500'"),
        (
            "/api/saint/play/new",
            {"opponents": "greedy", "think_ms": 100},
            "a thinking time needs a simulating opponent (rollout or search), got 'greedy'",
        ),
        ("/api/saint/play/move", {"choice": "1"}, "id: missing"),
        ("/api/saint/play/state", {"id": 3}, "id: expected text, got 3"),
    ],
)
def test_saint_bad_input_is_400_with_one_line(base, path, body, message):
    status, answer = post(base, path, body)
    assert status == 400 and set(answer) == {"error"} and "\n" not in answer["error"]
    assert answer["error"].startswith(message)


def test_saint_illegal_choices_and_unknown_games(base):
    status, answer = post(base, "/api/saint/play/new", {"players": 2, "opponents": "greedy", "seed": 1})
    game = pa.saint_poker.human_game(2, "greedy", seed=1)
    key = answer["id"]
    outside = next(c for c in ("2c", "3d", "4h", "5s", "6c", "7d") if c not in answer["hand"])
    for said in ("99", "0", outside, "Ah Kd", "river", ""):
        with pytest.raises(ValueError) as bad:
            game.choice_from_text(said)
        status, refused = post(base, "/api/saint/play/move", {"id": key, "choice": said})
        assert status == 400 and refused == {"error": one_line(bad.value)}
    status, refused = post(base, "/api/saint/play/move", {"id": key, "choice": ["Qd"]})
    assert status == 400 and refused["error"].startswith("choice: expected a choice's number")
    status, same = post(base, "/api/saint/play/state", {"id": key})
    assert status == 200 and same == answer  # nothing refused was made
    for path in ("/api/saint/play/move", "/api/saint/play/state"):
        status, unknown = post(base, path, {"id": "no-such-game", "choice": "1"})
        assert status == 404 and set(unknown) == {"error"} and unknown["error"].startswith("no game 'no-such-game'")
    h2h = post(base, "/api/h2h/play/new", {"opponent": "random", "seed": 1})[1]["id"]
    assert post(base, "/api/saint/play/state", {"id": h2h})[0] == 404  # each game its own endpoints
    assert post(base, "/api/h2h/play/state", {"id": key})[0] == 404


def test_saint_choice_refused_for_its_time_is_not_made(base, monkeypatch):
    """Values past their time: 503, the choice not made, and the same choice again (its values
    kept) is made at once."""
    monkeypatch.setattr(calls, "SAINT_ADVICE_TRIALS", 50)
    status, answer = post(base, "/api/saint/play/new", {"players": 2, "opponents": "greedy", "seed": 2})
    monkeypatch.setattr(calls, "ADVICE_SECONDS", -1.0)
    status, refused = post(base, "/api/saint/play/move", {"id": answer["id"], "choice": "3"})
    assert status == 503 and refused["error"].startswith("the values of the choices took ")
    assert post(base, "/api/saint/play/state", {"id": answer["id"]})[1] == answer
    monkeypatch.setattr(calls, "ADVICE_SECONDS", 20.0)
    status, made = post(base, "/api/saint/play/move", {"id": answer["id"], "choice": "3"})
    assert status == 200 and made["advice"]["you"]["cards"] == answer["choices"][2]["cards"]


# ------------------------------------------------------------------ the command


def test_command_serves_and_refuses_a_port_in_use(tmp_path):
    """``poker-analyzer ui --port P --no-browser`` serves the page; a second one on the same
    port exits 1 with one line; a bad port exits 2."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "analyzer.cli.main", "ui", "--port", str(port), "--no-browser"]
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    try:
        line = server.stdout.readline()
        assert line == f"serving http://localhost:{port}/ (Ctrl-C stops)\n"
        status, page = request(f"http://127.0.0.1:{port}", "GET", "/")
        assert status == 200 and b"poker-analyzer" in page
        second = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path)
        assert second.returncode == 1 and second.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")
        assert second.stderr.count("\n") == 1
    finally:
        server.send_signal(2)  # Ctrl-C
        out, err = server.communicate(timeout=60)
    assert server.returncode == 0 and out == "stopped\n" and err == ""
    bad = subprocess.run([*command[:-3], "--port", "70000"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("error: Invalid value for '--port'")
    assert bad.stderr.count("\n") == 1


def test_command_refuses_a_results_folder_that_is_not_there(tmp_path, cli):
    """``--results`` naming no folder (a missing path, a file) is a one-line usage error before
    anything listens, not a page whose gallery is silently empty."""
    (tmp_path / "file").write_text("")
    for path in (tmp_path / "missing", tmp_path / "file"):
        assert_one_line_error(cli("ui", "--results", str(path), "--no-browser"), 2, f"--results {path}: no such folder")
