"""Sending a PDF to a system printer through CUPS (`lp`, `lpstat`): the path the window's Print button takes.

No Qt here: the window builds the PDF with `scorekeeper.reports`, lists printers with `list_printers()`,
then calls `print_pdf()` (and `wait_for_job()` when it wants to know the job finished). Every failure is a
`PrintError` with a sentence for the office, never a traceback. `CUPS_SERVER` in the environment chooses
the scheduler (a socket path or host:port), as for `lp` itself.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

COMMAND_TIMEOUT = 30.0
_REQUEST_ID = re.compile(r"request id is (\S+)")


class PrintError(Exception):
    """Printing failed; the message says why in words for a person."""


@dataclass(frozen=True)
class Printer:
    name: str
    default: bool = False


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise PrintError(f"CUPS is not installed: the `{name}` command was not found (install the cups-client "
                         "package, and cups for a local printer)")
    return path


def _run(args: list[str], *, data: bytes | None = None, timeout: float = COMMAND_TIMEOUT
         ) -> subprocess.CompletedProcess[bytes]:
    cmd = [_tool(args[0]), *args[1:]]
    env = dict(os.environ)
    env["LC_ALL"] = "C"  # parse lp/lpstat's English output
    env.pop("LANGUAGE", None)
    try:
        return subprocess.run(cmd, input=data, capture_output=True, timeout=timeout, env=env, check=False)
    except subprocess.TimeoutExpired:
        raise PrintError(f"`{args[0]}` did not answer within {timeout:.0f} s: is the CUPS scheduler running?"
                         ) from None
    except OSError as exc:
        raise PrintError(f"cannot run `{args[0]}`: {exc.strerror or exc}") from None


def _message(proc: subprocess.CompletedProcess[bytes]) -> str:
    text = (proc.stderr or proc.stdout or b"").decode("utf-8", "replace").strip()
    return text.splitlines()[-1] if text else f"exit status {proc.returncode}"


def cups_available() -> bool:
    """Are the CUPS client commands installed?"""
    return shutil.which("lp") is not None and shutil.which("lpstat") is not None


def list_printers() -> list[Printer]:
    """The print queues CUPS knows (`lpstat -e`), the default one marked; empty when there are none."""
    proc = _run(["lpstat", "-e"])
    text = proc.stdout.decode("utf-8", "replace")
    if proc.returncode != 0:
        msg = _message(proc)
        if "no destinations" in msg.lower():
            return []
        raise PrintError(f"cannot list printers: {msg}")
    names = [line.strip() for line in text.splitlines() if line.strip()]
    default = default_printer()
    return [Printer(n, n == default) for n in names]


def default_printer() -> str | None:
    """The system default queue (`lpstat -d`), or None."""
    proc = _run(["lpstat", "-d"])
    text = proc.stdout.decode("utf-8", "replace")
    m = re.search(r"system default destination:\s*(\S+)", text)
    return m.group(1) if m else None


def print_pdf(pdf: bytes | str | Path, printer: str | None = None, *, title: str = "Scorekeeper",
              copies: int = 1, options: dict[str, str] | None = None) -> str:
    """Queue a PDF (bytes or a file) on `printer` (default: the system default); returns the CUPS job id."""
    if copies < 1:
        raise PrintError("the number of copies must be at least 1")
    args = ["lp"]
    if printer:
        args += ["-d", printer]
    args += ["-t", title or "Scorekeeper", "-n", str(copies)]
    for key, value in (options or {}).items():
        args += ["-o", f"{key}={value}"]
    data: bytes | None = None
    if isinstance(pdf, bytes | bytearray):
        if not bytes(pdf[:5]) == b"%PDF-":
            raise PrintError("refusing to print: the document is not a PDF")
        data = bytes(pdf)
        args.append("-")
    else:
        path = Path(pdf)
        if not path.is_file():
            raise PrintError(f"cannot print {path}: no such file")
        args += ["--", str(path)]
    proc = _run(args, data=data)
    if proc.returncode != 0:
        where = f" on {printer}" if printer else ""
        raise PrintError(f"the printer{where} refused the job: {_message(proc)}")
    m = _REQUEST_ID.search(proc.stdout.decode("utf-8", "replace"))
    if m is None:
        raise PrintError(f"CUPS accepted the job but gave no job id ({_message(proc)})")
    return m.group(1)


def _queue_of(job_id: str) -> str:
    return job_id.rsplit("-", 1)[0]


def _jobs(which: str, queue: str) -> set[str]:
    proc = _run(["lpstat", "-W", which, "-o", queue])
    if proc.returncode != 0:
        raise PrintError(f"cannot read the print queue {queue}: {_message(proc)}")
    return {line.split()[0] for line in proc.stdout.decode("utf-8", "replace").splitlines() if line.strip()}


def job_done(job_id: str) -> bool:
    """Has the job left the queue as completed? (False while it is pending or printing.)"""
    queue = _queue_of(job_id)
    if job_id in _jobs("not-completed", queue):
        return False
    return job_id in _jobs("completed", queue)


def wait_for_job(job_id: str, timeout: float = 60.0, poll: float = 0.25) -> None:
    """Wait until the job completes (`lpstat -W completed -o`); PrintError if it fails, stalls or times out."""
    queue = _queue_of(job_id)
    deadline = time.monotonic() + timeout
    while True:
        pending = _jobs("not-completed", queue)
        if job_id not in pending:
            if job_id in _jobs("completed", queue):
                return
            raise PrintError(f"print job {job_id} disappeared from the queue without completing (cancelled?)")
        state = _run(["lpstat", "-p", queue]).stdout.decode("utf-8", "replace")
        if "disabled" in state:
            reason = " ".join(line.strip() for line in state.splitlines()[1:] if line.strip())
            raise PrintError(f"the printer {queue} stopped while printing job {job_id}"
                             + (f": {reason}" if reason else ""))
        if time.monotonic() >= deadline:
            raise PrintError(f"print job {job_id} did not complete within {timeout:.0f} s")
        time.sleep(poll)


def print_and_wait(pdf: bytes | str | Path, printer: str | None = None, *, title: str = "Scorekeeper",
                   copies: int = 1, timeout: float = 60.0) -> str:
    """`print_pdf` then `wait_for_job`; returns the job id once the job has completed."""
    job = print_pdf(pdf, printer, title=title, copies=copies)
    wait_for_job(job, timeout=timeout)
    return job
