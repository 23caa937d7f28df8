"""Files written whole: a reader, or a run that was killed, never sees half of one."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def write_atomically(path: Path | str, write: Callable[[Path], object], *, replace: bool = True) -> Path:
    """Call ``write`` on a temporary sibling of ``path`` (same folder, same suffix, so that a writer
    that goes by the suffix writes the same format), then rename it to ``path``: the file is
    replaced in one step or not at all, and the temporary file is removed when ``write`` fails or
    the process is interrupted. The file gets the permissions of an ordinary new file (the
    umask's), not the temporary file's private ones. Returns ``path``.

    Without ``replace`` a file at ``path`` is never replaced, even one made while ``write`` ran
    (a second command given the same ``--out``): the temporary file is linked to ``path``, which
    fails when it exists (a ``ValueError`` saying so), rather than renamed over it.

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
        if replace:
            os.replace(temporary, path)
        else:
            _move_new(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def _move_new(temporary: Path, path: Path) -> None:
    """Move ``temporary``'s file to the name ``path`` unless something has that name: a hard link,
    which the file system refuses for a name that exists (a dangling symbolic link too), then
    the temporary name removed; where it takes no hard links, a check and a rename."""
    try:
        os.link(temporary, path, follow_symlinks=False)
    except FileExistsError:
        raise ValueError(f"{path}: exists: give --force to replace it") from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if os.path.lexists(path):
            raise ValueError(f"{path}: exists: give --force to replace it") from None
        os.replace(temporary, path)
        return
    temporary.unlink()
