"""The log a supporter reads (issue 31.1): Python `logging` to a rotating file in the user's log folder.

`start(program)` (the window and every command call it first) writes one start-up line with the versions, and
from then on the log holds the database opened, each write's kind and result, every refusal of an internal kind
and every exception with its traceback; `faulthandler` writes a hard crash's stacks to `crash.log` beside it, and
the window sends Qt's own messages here. The folder is `$SCOREKEEPER_LOG_DIR`, else platformdirs'
`user_log_dir("scorekeeper")`. A password, a password hash or a key never reaches the file: every record passes
`redact` first. A log folder that cannot be written to costs the program nothing: it runs without a log.
"""

from __future__ import annotations

import faulthandler
import logging
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from scorekeeper import __version__

LOG_ENV = "SCOREKEEPER_LOG_DIR"
LOG_NAME = "scorekeeper.log"
CRASH_NAME = "crash.log"
MAX_BYTES = 1_000_000  # each file; with BACKUPS older ones, at most 6 MB in all
BACKUPS = 5
FORMAT = "%(asctime)s %(levelname)-7s %(process)d %(name)s: %(message)s"

log = logging.getLogger("scorekeeper")


@dataclass
class _Opened:
    """What `start` opened, once per process: the log's handler and the crash file."""

    handler: logging.Handler
    crash: IO[str]
    faults: bool  # `start` turned faulthandler on (pytest, say, may have done it before)


_opened: list[_Opened] = []

# what is never written: a URL's password, a key=value secret, a password hash or a long hex or base64 key
_SECRETS = (
    (re.compile(r"(?P<keep>\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]+(?=@)", re.IGNORECASE), r"\g<keep>***"),
    (re.compile(r"(?P<keep>\b(?:password|passwd|pwd|secret|token|api[_-]?key|hash|salt)\b\s*[=:]\s*)"
                r"(?:'[^']*'|\"[^\"]*\"|\S+)", re.IGNORECASE), r"\g<keep>***"),
    (re.compile(r"\b(?:pbkdf2|scrypt|argon2|bcrypt)[\w$:=,+/.-]*", re.IGNORECASE), "***"),
    (re.compile(r"\$(?:2[aby]?|5|6|argon2i?d?|scrypt)\$[\w$./+=,-]+"), "***"),
    (re.compile(r"\b[0-9a-f]{32,}\b", re.IGNORECASE), "***"),
)


def redact(text: str) -> str:
    """`text` with every password, password hash and key replaced by '***'."""
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


class _Rotating(logging.FileHandler):
    """The log file, turned over at MAX_BYTES into scorekeeper.log.1 (older ones shifted up to BACKUPS), and
    quiet: a file that cannot be written or turned over (on Windows another Scorekeeper process may hold it)
    never disturbs the program; the record is lost, the program goes on. (logging.handlers' own would import
    sockets and pickling at every start of a command.)"""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self.stream is not None and self.stream.tell() >= MAX_BYTES:
                self._turn_over()
        except OSError:
            pass
        super().emit(record)

    def _turn_over(self) -> None:
        self.close()
        base = Path(self.baseFilename)
        try:
            for n in range(BACKUPS - 1, 0, -1):
                older = base.with_name(f"{base.name}.{n}")
                if older.exists():
                    older.replace(base.with_name(f"{base.name}.{n + 1}"))
            base.replace(base.with_name(f"{base.name}.1"))
        finally:
            self.stream = self._open()

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        """Nothing on the console: the log is for the supporter, the console for the person."""


class _Redacting(logging.Formatter):
    """The log's format, each whole record (message and traceback) redacted."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def log_folder() -> Path:
    """Where the log is: `$SCOREKEEPER_LOG_DIR`, else the user's log folder."""
    env = os.environ.get(LOG_ENV)
    if env:
        return Path(env)
    from platformdirs import user_log_dir

    return Path(user_log_dir("scorekeeper", appauthor=False))


def log_file() -> Path:
    """The current log file (older ones beside it: scorekeeper.log.1, ...)."""
    return log_folder() / LOG_NAME


def versions() -> list[tuple[str, str]]:
    """The versions a supporter asks for first: Scorekeeper, Python, the OS and the libraries it runs on (those
    not installed are said to be so); read from the installed packages (a few tens of milliseconds)."""
    from importlib import metadata

    found = _own_versions()
    for dist in ("PySide6-Essentials", "peewee", "reportlab", "msgspec", "pypdfium2", "psycopg", "psycopg2-binary"):
        try:
            found.append((dist, metadata.version(dist)))
        except metadata.PackageNotFoundError:
            found.append((dist, "not installed"))
    qt = sys.modules.get("PySide6.QtCore")
    if qt is not None:
        found.append(("Qt", str(qt.qVersion())))
    return found


def _own_versions() -> list[tuple[str, str]]:
    """Scorekeeper's, Python's and the OS's, which cost nothing to read."""
    import platform

    return [("Scorekeeper", f"{__version__} ({'frozen build' if getattr(sys, 'frozen', False) else 'from source'})"),
            ("Python", f"{platform.python_version()} ({platform.python_implementation()}, {sys.executable})"),
            ("OS", f"{platform.system()} {platform.release()} ({platform.machine()})")]


def loaded_versions() -> str:
    """The versions of the libraries this process has loaded so far (read from the modules, at no cost)."""
    names = {"PySide6": "PySide6", "peewee": "peewee", "reportlab": "ReportLab", "msgspec": "msgspec"}
    found = [f"{shown} {getattr(sys.modules[module], '__version__', '?')}" for module, shown in names.items()
             if module in sys.modules]
    qt = sys.modules.get("PySide6.QtCore")
    if qt is not None:
        found.append(f"Qt {qt.qVersion()}")
    return "; ".join(found) or "none yet"


def start(program: str) -> Path | None:
    """Log to the rotating file from now on (once per process) and write the start-up line; returns the log
    file, or None when its folder cannot be written to."""
    if _opened:
        return log_file()
    folder = log_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = _Rotating(folder / LOG_NAME, encoding="utf-8")
        crash: IO[str] = open(folder / CRASH_NAME, "a", encoding="utf-8")  # noqa: SIM115 - open for the process
    except OSError:
        return None
    handler.setFormatter(_Redacting(FORMAT))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    faults = not faulthandler.is_enabled()
    if faults:
        faulthandler.enable(file=crash, all_threads=True)
    _opened.append(_Opened(handler, crash, faults))
    log.info("%s started: %s", program, "; ".join(f"{name} {value}" for name, value in _own_versions()))
    return log_file()


def stop() -> None:
    """Close the log file (tests; the process's end closes it anyway)."""
    while _opened:
        opened = _opened.pop()
        log.removeHandler(opened.handler)
        opened.handler.close()
        if opened.faults:
            faulthandler.disable()
        opened.crash.close()


def recent_text(most: int = 2_000_000) -> str:
    """The end of the log (the current file and the older ones before it), at most `most` characters."""
    folder = log_folder()
    files = [folder / f"{LOG_NAME}.{n}" for n in range(BACKUPS, 0, -1)] + [folder / LOG_NAME]
    text = "".join(f.read_text(encoding="utf-8", errors="replace") for f in files if f.is_file())
    return redact(text[-most:])
