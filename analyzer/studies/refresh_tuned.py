"""Refresh a tuned vector the package ships from a tuning study's result: a developer command.

The ``tuned`` players read their vectors from data files inside the package
(:data:`analyzer.games.head_to_head.tuned.TUNED_FILE`,
:data:`analyzer.games.saint_poker.tuned.TUNED_FILE`). Nothing run by a user writes there: a
tuning study writes its vectors, at full precision, as a JSON document of the same name in its
result folder, and this command copies a checked document into the package::

    poker-analyzer batch results/head_to_head/tuning.toml --out scratch
    python -m analyzer.studies.refresh_tuned scratch/head_to_head/tuning

The folder's manifest says which study wrote it, so which file it refreshes. Before anything is
written, the manifest and the document are read and the document checked as the ``tuned``
players read it (version, entries, finite values); any fault is one line and changes nothing.
The file is written to a temporary file beside it and renamed into place, so it is never half
written. It is a ``python -m`` module of the source tree, like
:mod:`analyzer.eval.build_tables`, not a ``poker-analyzer`` command: the package data of an
installed copy is not the user's to rewrite, and a refreshed file is meant to be committed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from analyzer.files import write_atomically
from analyzer.games.head_to_head import tuned as head_to_head_tuned
from analyzer.games.saint_poker import tuned as saint_poker_tuned
from analyzer.json_input import read_json

SHIPPED: dict[str, tuple[Path, Callable[[Any, str], Any]]] = {
    "head_to_head/tuning": (head_to_head_tuned.TUNED_FILE, head_to_head_tuned.vector_from_data),
    "saint_poker/tuning": (saint_poker_tuned.TUNED_FILE, saint_poker_tuned.vectors_from_data),
}
"""Per tuning result (``<analysis>/<name>``): the package file its document refreshes (the
document has the file's name) and the reader that checks it."""


def refresh(folder: Path | str, to: Path | str | None = None) -> Path:
    """Copy the tuned-vector document of the tuning result ``folder`` to ``to`` (default: the
    package file it refreshes, :data:`SHIPPED`), byte for byte, after checking it; the path
    written. Raises ValueError (one line, naming the file) for a folder that is not a tuning
    result or a document the ``tuned`` players would refuse; nothing is written then."""
    folder = Path(folder)
    manifest = read_json(folder / "manifest.json")
    key = f"{manifest.get('analysis')}/{manifest.get('name')}" if isinstance(manifest, dict) else "?"
    if key not in SHIPPED:
        raise ValueError(f"{folder}: holds the result {key}, not a tuning result ({', '.join(SHIPPED)})")
    shipped, check = SHIPPED[key]
    source = folder / shipped.name
    document = read_json(source)
    if not isinstance(document, dict):
        raise ValueError(f"{source}: expected a JSON object")
    check(document, str(source))
    target = shipped if to is None else Path(to)
    return write_atomically(target, lambda staging: staging.write_bytes(source.read_bytes()))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A usage error as one line, exit 2."""
        self.exit(2, f"error: {message}\n")


def main(argv: list[str] | None = None) -> None:
    """``python -m analyzer.studies.refresh_tuned FOLDER [--to FILE]``: refresh the package's
    tuned vector from the tuning result FOLDER. Errors are one line (exit 1; 2 for usage)."""
    parser = _Parser(description=main.__doc__)
    parser.add_argument("folder", type=Path, help="a tuning result folder (OUT/head_to_head/tuning ...)")
    parser.add_argument("--to", type=Path, help="where to write (default: the package file)")
    args = parser.parse_args(argv)
    try:
        print(f"wrote {refresh(args.folder, args.to)}")
    except (OSError, ValueError) as error:
        text = f"{error.filename}: {error.strerror}" if isinstance(error, OSError) and error.strerror else str(error)
        print(f"error: {text}", file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
