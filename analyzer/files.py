"""Files written whole: a reader, or a run that was killed, never sees half of one."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def write_atomically(path: Path | str, write: Callable[[Path], object]) -> Path:
    """Call ``write`` on a temporary sibling of ``path`` (same folder, same suffix, so that a writer
    that goes by the suffix writes the same format), then rename it to ``path``: the file is
    replaced in one step or not at all, and the temporary file is removed when ``write`` fails or
    the process is interrupted. The file gets the permissions of an ordinary new file (the
    umask's), not the temporary file's private ones. Returns ``path``.

    >>> import pathlib, tempfile
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "table.csv"
    >>> write_atomically(target, lambda staging: staging.write_text("a,b\\n")).read_text()
    'a,b\\n'
    """
    path = Path(path)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=path.suffix, dir=path.parent)
    os.close(handle)
    temporary = Path(name)
    try:
        write(temporary)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes it private; the file is ordinary data
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path
