"""``poker-analyzer ui``: the local web page (:mod:`analyzer.ui`), served until Ctrl-C."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.cli.errors import DOMAIN_ERROR, fail

DEFAULT_PORT = 8765


def ui_command(
    port: Annotated[
        int, typer.Option("--port", metavar="PORT", min=0, max=65535, help="The port (0: any free one).")
    ] = DEFAULT_PORT,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="HOST",
            help="The address to listen on (127.0.0.1: this machine alone; 0.0.0.0: every network).",
        ),
    ] = "127.0.0.1",
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open the page in a browser.")] = False,
    results: Annotated[
        Path | None,
        typer.Option(
            "--results",
            metavar="DIR",
            help="The folder of the results gallery (default: the repository's results/, else ./results).",
        ),
    ] = None,
) -> None:
    """Serve the web page (a Hold'em calculator with range grids, a Pai Gow split advisor, Head
    to Head Poker and Saint Poker to play, the results gallery) on this machine and open it in a
    browser; Ctrl-C stops it. Every asset ships in the package: nothing is fetched from the
    internet."""
    import threading
    import webbrowser

    from analyzer.ui.server import make_server

    if results is not None and not results.is_dir():
        raise typer.BadParameter(f"--results {results}: no such folder")

    try:
        server = make_server(host, port, results)
    except (OSError, UnicodeError, TypeError) as err:  # a port in use, an unknown host, a host no encoding takes
        reason = getattr(err, "strerror", None) or err
        raise fail(f"cannot listen on {host}:{port}: {reason}", DOMAIN_ERROR) from None
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    url = f"http://{shown}:{server.server_port}/"
    print(f"serving {url} (Ctrl-C stops)", flush=True)
    if not no_browser:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", flush=True)
    finally:
        server.server_close()
