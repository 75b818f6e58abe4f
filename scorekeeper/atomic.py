"""Files written whole or not at all: a temporary file in the same folder, synced, then renamed into place.

The path is checked first (`scorekeeper.outputs.check_output_path`): a symbolic link is written through (its
target replaced, the link kept); a folder, device, FIFO or socket, or the league `database` and its files, is
refused with an `OutputPathError` (an OSError) before anything is written."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from scorekeeper.outputs import check_output_path


def write_atomically(path: str | Path, content: bytes | str, make_folder: bool = False,
                     database: Path | None = None) -> Path:
    """Write `content` (text as UTF-8) to `path`; a crash leaves the old file or the new. A missing folder is an
    OSError unless `make_folder`. Returns the file written (a symbolic link's target)."""
    target = check_output_path(path, database)
    folder = target.parent if str(target.parent) else Path(".")
    if make_folder:
        folder.mkdir(parents=True, exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)  # a replaced file keeps its permissions
    except OSError:
        mode = None
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target
