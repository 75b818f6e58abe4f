"""Reading an input file with a size bound: a regular file only, never more than the limit.

A device (`/dev/zero`), a pipe or a folder is refused before anything is read, and a file over the limit is
refused from its size, so a wrong path can neither hang the program nor fill its memory.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MB = 1024 * 1024
SEASON_FILE_LIMIT = 200 * MB
RULEBOOK_LIMIT = 2 * MB
ROSTER_CSV_LIMIT = 20 * MB


class InputFileError(ValueError):
    """The file cannot be read as input; the message names the file and the reason."""


def _size(n: int) -> str:
    return f"{n / MB:.0f} MB" if n >= MB else f"{n} bytes"


def read_bounded(path: str | Path, limit: int, what: str) -> bytes:
    """The bytes of regular file `path`, refused (InputFileError) when it is not one or holds over `limit` bytes."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise InputFileError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise InputFileError(f"{p}: is a folder, not a {what}") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise InputFileError(f"{p}: cannot read: {reason}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputFileError(f"{p}: is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError(f"{p}: not a regular file (a device or a pipe), so not read as a {what}")
        if info.st_size > limit:
            raise InputFileError(f"{p}: {_size(info.st_size)} is more than a {what} can hold (at most "
                                 f"{_size(limit)}); nothing was read")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise InputFileError(f"{p}: more than {_size(limit)}, more than a {what} can hold; nothing was read")
        return b"".join(chunks)
    except OSError as exc:
        raise InputFileError(f"{p}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
