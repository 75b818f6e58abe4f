"""Who holds a busy database, as far as it is known: a Scorekeeper window names itself in `<db>.owner` (see
`db.lock`); any other program (a database browser, a sync client, another Scorekeeper command) leaves no name."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path
from typing import Any

from scorekeeper.db.lock import describe_holder, owner_path

UNKNOWN_HOLDER = ("another program (Scorekeeper or another one, e.g. a database browser or a sync client) holds a "
                  "lock on it")


def busy_message(label: str, owner: str | None, path: Path | None) -> str:
    """"busy" in true words: the window this process knows owns the file (`owner`), else the live window the
    owner file names, else a program nobody named."""
    if owner:
        who = f"{owner} is writing to it"
    else:
        window = live_window(path) if path is not None else None
        who = f"{window} holds it" if window else UNKNOWN_HOLDER
    return (f"{label} is busy: {who} and did not let go within 5 seconds; nothing was written, try again in a "
            "moment")


def live_window(path: Path) -> str | None:
    """The Scorekeeper window the owner file beside `path` names, if it is another process that still runs on
    this computer (None: no such file, this process, a window that has ended, or one on another computer, whose
    life cannot be checked from here)."""
    try:
        with open(owner_path(path), encoding="utf-8") as fh:
            raw = fh.read(4096)
        info: Any = json.loads(raw)
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(info, dict) or info.get("host") != socket.gethostname():
        return None
    pid = info.get("pid")
    if not isinstance(pid, int) or pid == os.getpid() or not _running(pid):
        return None
    return describe_holder(raw)


def _running(pid: int) -> bool:
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill would end it: ask for a handle instead
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        alive = bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
        kernel32.CloseHandle(handle)
        return alive
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    except OSError:
        return False
    return True
