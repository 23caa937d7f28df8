"""Files a query command writes beside what it prints (``--out FILE``, ``--chart FILE``).

Both are checked before anything runs: the suffix must name a format the option writes (else a
usage error), and an existing file is replaced only with ``--force`` (else a one-line error, exit
1), as result folders are; without ``--force`` a file made there while the command ran is not
replaced either. A file is written to a temporary sibling and renamed (or, without ``--force``,
linked) to the target, so a failed or interrupted write never leaves half a file.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import typer

from analyzer.files import write_atomically

CHART_SUFFIXES = (".png",)  # what --chart writes (save_chart)


@dataclass(frozen=True)
class OutputFile:
    """A file an option writes (:func:`checked_output`): its ``path``, and whether a file there
    may be ``replace``-d (``--force``), which holds until it is written: a file made there while
    the command ran is not replaced either."""

    path: Path
    replace: bool

    def write(self, write: Callable[[Path], object]) -> None:
        """Write the file through ``write`` (given a temporary path), whole or not at all."""
        write_atomically(self.path, write, replace=self.replace)

    def __str__(self) -> str:
        return str(self.path)


def checked_output(path: Path | None, suffixes: tuple[str, ...], option: str, force: bool) -> OutputFile | None:
    """``path`` if the option ``option`` may write it: its suffix one of ``suffixes`` (any case),
    its folder existing, and no file there unless ``force``. ``None`` stays ``None``."""
    if path is None:
        return None
    if path.suffix.lower() not in suffixes:
        raise typer.BadParameter(f"{option} takes a {' or '.join(suffixes)} file, got {str(path)!r:.100}")
    if path.is_dir():
        raise ValueError(f"{path}: is a folder, not a file")
    if not path.parent.is_dir():
        raise ValueError(f"{path}: the folder {path.parent} does not exist")
    if os.path.lexists(path) and not force:
        raise ValueError(f"{path}: exists: give --force to replace it")
    return OutputFile(path, force)


def save_chart(result, chart: OutputFile | None, as_json: bool) -> None:
    """Draw ``result.plot()`` to ``chart`` (PNG, checked by :func:`checked_output`) through a
    temporary file, and say so (on stderr under ``--json``, whose stdout is one JSON object)."""
    if chart is None:
        return
    from analyzer.report import save_figure

    figure = result.plot()
    chart.write(lambda path: save_figure(figure, path))
    print(f"wrote {chart}", file=sys.stderr if as_json else sys.stdout)
