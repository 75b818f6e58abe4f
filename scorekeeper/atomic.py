"""Files written whole or not at all: a temporary file in the same folder, synced, then renamed into place."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(path: str | Path, content: bytes | str, make_folder: bool = False) -> Path:
    """Write `content` (text as UTF-8) to `path`; a crash leaves the old file or the new. A missing folder is an
    OSError unless `make_folder`."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if make_folder:
        folder.mkdir(parents=True, exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target
