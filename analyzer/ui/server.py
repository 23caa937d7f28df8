"""The server of ``poker-analyzer ui``: the page, its assets, the committed results and the JSON
endpoints, on the standard library's :class:`~http.server.ThreadingHTTPServer` (a thread per
request, so several tabs and slow queries go side by side; the engines release the GIL).

Routes:

* ``GET /``: the page; ``GET /static/<file>``: its assets, from ``analyzer/ui/static/`` alone;
* ``GET /api/meta``: the chart's class names and the House Ways; ``GET /api/results``: every
  committed result folder (one holding a ``manifest.json``) with its manifest and files;
  ``GET /results/<file>``: a file of the results folder alone;
* ``POST /api/h2h/play/new``, ``/api/h2h/play/move``, ``/api/h2h/play/state``: a game of Head
  to Head Poker played against a policy, and ``/api/saint/play/new``, ``/move``, ``/state`` one
  of Saint Poker against policies, kept in memory by a random id
  (:class:`analyzer.ui.calls.Games`); an id the server does not hold answers 404;
* ``POST /api/range``, ``/api/equity``, ``/api/streets``, ``/api/hits``, ``/api/paigow``: a
  JSON object in, a JSON object out (:mod:`analyzer.ui.calls`). Bad input answers 400 with
  ``{"error": "<one line>"}``, the message the command line prints; a run refused or stopped
  for its time 503 with one too, and so does any call not answered within
  :data:`REQUEST_SECONDS` (it runs on in the background, its answer dropped: a thread cannot
  be stopped from outside, and the engines' cost models can be wrong).

A file path is resolved (symbolic links followed) and served only when it lies inside its root:
``..``, encoded dots, absolute paths and links leading out are all refused with 404. A request
whose ``Host`` is not the server's own name or a loopback name is refused with 403 (a web page
elsewhere cannot reach the server through a DNS name of its own), unless the server listens on
every network (``--host 0.0.0.0``: then any name reaches it), and a POST must carry JSON
(``Content-Type: application/json``), which a form of another site cannot send.
"""

from __future__ import annotations

import json
import math
import sys
import threading
import traceback
from collections.abc import Callable
from concurrent.futures import Future
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from analyzer.cli.errors import one_line
from analyzer.ui import calls

STATIC = Path(__file__).with_name("static")
"""The page's own files: HTML, CSS and JavaScript written by hand."""
MAX_BODY = 64 * 1024
"""The largest request body read, in bytes."""
REQUEST_SECONDS = 30.0
"""The longest a JSON endpoint's answer is waited for (above :data:`~analyzer.ui.calls.EXACT_ONLY_SECONDS`,
which stops the exact-only runs first, with a message saying what they reached)."""
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARDS = frozenset({"", "0.0.0.0", "::", "0"})
"""Addresses that listen on every network: a server bound to one answers any ``Host``."""
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}
"""Content types by suffix; any other file (CSV, TOML, Markdown) is served as plain text."""
ENDPOINTS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "/api/range": calls.hand_range,
    "/api/equity": calls.equity,
    "/api/streets": calls.streets,
    "/api/hits": calls.hits,
    "/api/paigow": calls.paigow_split,
    "/api/h2h/play/new": calls.play_new,
    "/api/h2h/play/move": calls.play_move,
    "/api/h2h/play/state": calls.play_state,
    "/api/saint/play/new": calls.saint_new,
    "/api/saint/play/move": calls.saint_move,
    "/api/saint/play/state": calls.saint_state,
}
PLAY_STATES: dict[Callable[[dict[str, Any]], dict[str, Any]], str] = {
    **dict.fromkeys((calls.play_new, calls.play_move, calls.play_state), "/api/h2h/play/state"),
    **dict.fromkeys((calls.saint_new, calls.saint_move, calls.saint_state), "/api/saint/play/state"),
}
"""The endpoints of the games played, each with the one answering its game's state."""
PLAY_TIMEOUT_ADVICE = "the game goes on in the server, and its state ({}) shows whether the move was played"
"""What a game's request answered 503 for its time says (the game's state endpoint filled in):
the call runs on, holding the game's lock, so the game's state is asked for after it (a move
refused for its values is not played)."""
USER_ERRORS = (ValueError, TypeError)
"""The errors of bad input, as the command line reports them: ``ValueError`` (the cards' and
the ranges' errors are ones too) and ``TypeError`` (the API's check of an argument's type)."""


def default_results() -> Path:
    """The results folder served by default: ``results/`` beside the package's source folder (a
    clone of the repository, installed editable), else ``results/`` in the current folder."""
    beside = Path(__file__).resolve().parents[2] / "results"
    return beside if beside.is_dir() else Path("results").resolve()


def inside(root: Path, relative: str) -> Path | None:
    """The file ``relative`` (URL-decoded) names under ``root``, or None when it is not a file
    there: a path that resolves outside ``root`` (``..``, an absolute path, a symbolic link
    leading out) or holds a NUL is None.

    >>> inside(STATIC, "index.html") == STATIC / "index.html"
    True
    >>> inside(STATIC, "../server.py"), inside(STATIC, "%2e%2e/server.py"), inside(STATIC, "/etc/passwd")
    (None, None, None)
    """
    name = unquote(relative)
    if "\0" in name or name.startswith(("/", "\\")):
        return None
    base = root.resolve()
    path = (base / name).resolve()
    return path if path.is_relative_to(base) and path.is_file() else None


def result_folders(root: Path) -> list[dict[str, Any]]:
    """Every folder under ``root`` holding a ``manifest.json``, sorted by path: its ``path``
    (relative, with ``/``), its manifest and its files (sorted). A folder reached through a
    symbolic link leading out of ``root`` is left out; a manifest that cannot be read is shown
    as ``{"error": "<one line>"}``."""
    if not root.is_dir():
        return []
    base = root.resolve()
    folders = []
    for manifest in sorted(base.rglob("manifest.json")):
        if not manifest.resolve().is_relative_to(base):
            continue
        folder = manifest.parent
        folders.append(
            {
                "path": folder.relative_to(base).as_posix(),
                "manifest": _manifest(manifest),
                "files": sorted(p.name for p in folder.iterdir() if p.is_file()),
            }
        )
    return folders


def _manifest(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``, or ``{"error": ...}`` saying why there is none."""
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:  # unreadable, not UTF-8, not JSON
        return {"error": one_line(f"manifest.json unreadable: {err}")}
    return manifest if isinstance(manifest, dict) else {"error": "manifest.json is not a JSON object"}


def bounded(call: Callable[[], Any], seconds: float) -> Any:
    """``call()``, run on a thread of its own and waited for ``seconds`` at most: its answer, or
    the exception it raised, or :class:`TimeoutError` when it is still running (it runs on, and
    its answer is dropped).

    >>> bounded(lambda: 6 * 7, 1.0)
    42
    >>> bounded(lambda: threading.Event().wait(1.0), 0.01)
    Traceback (most recent call last):
    ...
    TimeoutError
    """
    answer: Future[Any] = Future()

    def run() -> None:
        try:
            answer.set_result(call())
        except BaseException as err:  # handed to the waiting thread, which reports it
            answer.set_exception(err)

    threading.Thread(target=run, name="ui-call", daemon=True).start()
    return answer.result(timeout=seconds)


def finite(value: Any) -> Any:
    """``value`` (JSON-ready lists, dicts and scalars) with every NaN or infinity made None.

    >>> finite({"se": [float("nan"), 0.5], "n": 2})
    {'se': [None, 0.5], 'n': 2}
    """
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [finite(item) for item in value]
    return value


class UiServer(ThreadingHTTPServer):
    """The page's server: ``results`` is the folder of the gallery."""

    daemon_threads = True  # a request still running does not hold up the end of the process

    def __init__(self, address: tuple[str, int], results: Path):
        super().__init__(address, Handler)
        self.results = results
        every_network = address[0] in WILDCARDS  # reached by whatever name or address the machine has
        self.names = None if every_network else LOOPBACK_NAMES | {address[0]}

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Quiet when the client went away (a tab closed, a query abandoned while it ran: the
        answer finds the connection gone); any other error escaping a request is printed."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    """One request: the routes of the module docstring."""

    server: UiServer
    timeout = 60  # seconds a client may take to send its request
    server_version = "poker-analyzer-ui"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: errors of the server itself are printed by :meth:`_call` alone."""

    def do_GET(self) -> None:
        """The page, its assets, the results folder's files and listing, the page's metadata."""
        if not self._host_allowed():
            return
        path = urlsplit(self.path).path
        if path in ("/", "/index.html"):
            self._file(STATIC, "index.html")
        elif path.startswith("/static/"):
            self._file(STATIC, path.removeprefix("/static/"))
        elif path.startswith("/results/"):
            self._file(self.server.results, path.removeprefix("/results/"))
        elif path == "/api/meta":
            self._json(HTTPStatus.OK, calls.meta())
        elif path == "/api/results":
            self._json(HTTPStatus.OK, {"folders": result_folders(self.server.results)})
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such page: {one_line(path)}"})

    def do_POST(self) -> None:
        """A JSON endpoint: the body is one JSON object."""
        if not self._host_allowed():
            return
        endpoint = ENDPOINTS.get(urlsplit(self.path).path)
        if endpoint is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such endpoint: {one_line(self.path)}"})
            return
        body = self._body()
        if body is not None:
            self._call(endpoint, body)

    def _host_allowed(self) -> bool:
        """True when the ``Host`` header names this server or a loopback name; else answer 403."""
        host = urlsplit(f"//{self.headers.get('Host', '')}").hostname or ""
        if self.server.names is None or host in self.server.names:
            return True
        self._json(HTTPStatus.FORBIDDEN, {"error": f"host {one_line(host)!r} is not this server"})
        return False

    def _body(self) -> dict[str, Any] | None:
        """The request's JSON object, or None after answering 400 or 413."""
        if self.headers.get_content_type() != "application/json":
            self._json(HTTPStatus.BAD_REQUEST, {"error": "expected a JSON body (Content-Type: application/json)"})
            return None
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:  # absent (a chunked body, say) or not a number
            self.close_connection = True
            self._json(HTTPStatus.LENGTH_REQUIRED, {"error": "expected a Content-Length header giving the body's size"})
            return None
        if not 0 <= length <= MAX_BODY:
            self.close_connection = True  # the body, if any, is not read
            self._json(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, {"error": f"expected a body of at most {MAX_BODY} bytes"})
            return None
        try:
            body = json.loads(self.rfile.read(length))
        except ValueError as err:  # not UTF-8, or not JSON
            self._json(HTTPStatus.BAD_REQUEST, {"error": f"the body is not JSON: {one_line(err)}"})
            return None
        except RecursionError:  # arrays or objects nested thousands deep
            self._json(HTTPStatus.BAD_REQUEST, {"error": "the body is not JSON this server reads: nested too deeply"})
            return None
        if not isinstance(body, dict):
            self._json(HTTPStatus.BAD_REQUEST, {"error": "expected a JSON object"})
            return None
        return body

    def _call(self, endpoint: Callable[[dict[str, Any]], dict[str, Any]], body: dict[str, Any]) -> None:
        """Answer ``endpoint(body)``: 400 with the one-line message of bad input, 404 for a game
        the server does not hold, 503 when the
        run was refused or stopped for its time, not answered within :data:`REQUEST_SECONDS`
        or refused for memory, 500 (and the traceback on stderr) for anything else."""
        try:
            answer = bounded(lambda: endpoint(body), REQUEST_SECONDS)
        except calls.TooLong as err:
            self._json(HTTPStatus.SERVICE_UNAVAILABLE, {"error": one_line(err)})
        except calls.UnknownGame as err:
            self._json(HTTPStatus.NOT_FOUND, {"error": one_line(err)})
        except TimeoutError:
            state = PLAY_STATES.get(endpoint)
            advice = PLAY_TIMEOUT_ADVICE.format(state) if state else "narrower ranges or fewer players answer sooner"
            self._json(
                HTTPStatus.SERVICE_UNAVAILABLE,
                {
                    "error": f"no answer within {REQUEST_SECONDS:g} s (a busy server, or a run longer than "
                    f"its estimate): {advice}"
                },
            )
        except MemoryError as err:
            self._json(HTTPStatus.SERVICE_UNAVAILABLE, {"error": one_line(f"out of memory: {err}")})
        except USER_ERRORS as err:
            self._json(HTTPStatus.BAD_REQUEST, {"error": one_line(err)})
        except Exception as err:
            traceback.print_exc(file=sys.stderr)
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": one_line(f"internal error: {err!r}")})
        else:
            self._json(HTTPStatus.OK, answer)

    def _file(self, root: Path, relative: str) -> None:
        """Send the file ``relative`` names under ``root``, or 404 when it is none there."""
        path = inside(root, relative)
        if path is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such file: {one_line(relative)}"})
            return
        self._send(HTTPStatus.OK, path.read_bytes(), CONTENT_TYPES.get(path.suffix, "text/plain; charset=utf-8"))

    def _json(self, status: HTTPStatus, answer: dict[str, Any]) -> None:
        """Send ``answer`` as JSON (non-finite numbers as null, which JSON has for them)."""
        self._send(status, json.dumps(finite(answer)).encode(), "application/json")

    def _send(self, status: HTTPStatus, data: bytes, content_type: str) -> None:
        """Send a whole response: ``data`` of ``content_type``, never cached, never sniffed."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        )
        self.end_headers()
        self.wfile.write(data)


def make_server(host: str = "127.0.0.1", port: int = 0, results: Path | None = None) -> UiServer:
    """A server bound to ``host``:``port`` (0: a free port, read it from ``server_address``),
    serving the gallery of ``results`` (:func:`default_results` when None); ``OSError`` when
    the address cannot be bound (a port in use). Run it with ``serve_forever()``."""
    return UiServer((host, port), default_results() if results is None else results)
