"""A private CUPS scheduler with one cups-pdf queue, for the tests that print through Qt to a real queue.

It starts its own cupsd under a temporary folder (its own cupsd.conf and cups-files.conf, listening on a unix
socket there; no systemd, and nothing of the system's own cups service: apt's "CUPS failed to reload its
configuration!" is about that service, which these tests never use) and adds a cups-pdf queue with lpadmin;
what is printed arrives as a PDF in `out`. It needs root (cupsd runs backends as root) and the packages
`cups cups-client printer-driver-cups-pdf` (.ci/run installs them); without them the test is skipped, not failed.

A slow or busy machine (CI on 2 cores with other suites running) must not make it fail by chance: every wait
polls the real state against a generous deadline, never a fixed sleep. cupsd is ready when it answers on its
socket; the queue when lpadmin succeeded and it is enabled and accepting; a print when CUPS says (IPP
job-state, asked of this scheduler through libcups) that every job of the queue is completed, and cups-pdf's
file is whole: its size has stopped changing, it ends with %%EOF and it parses.

libcups reads `CUPS_SERVER` once per thread, the first time anything asks it (Qt does, as soon as a QPrinter
is made): the fixture points libcups at the private scheduler with `cupsSetServer`, as a process started with
`CUPS_SERVER` set would be, and back to the default afterwards.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import os
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CUPSD = shutil.which("cupsd") or "/usr/sbin/cupsd"
LPADMIN = shutil.which("lpadmin") or "/usr/sbin/lpadmin"
CUPS_PDF_BACKEND = Path("/usr/lib/cups/backend/cups-pdf")
CUPS_PDF_PPD = Path("/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd")

# Deadlines, generous on purpose: on an idle machine each wait ends in well under a second.
START_TIMEOUT = 120.0  # cupsd answers and the queue accepts jobs
PRINT_TIMEOUT = 120.0  # the job is completed and its PDF is whole
COMMAND_TIMEOUT = 60.0  # one lpstat or lpadmin call
STABLE_FOR = 1.0  # seconds a finished file's size must stay the same

# IPP job-state values (RFC 8011 5.3.7); 7 and up are final.
JOB_STATES = {3: "pending", 4: "pending-held", 5: "processing", 6: "processing-stopped", 7: "canceled",
              8: "aborted", 9: "completed"}
JOB_COMPLETED = 9


class CupsJob(ctypes.Structure):
    """libcups' cups_job_t (cups.h), as cupsGetJobs2 returns it."""

    _fields_ = [("id", ctypes.c_int), ("dest", ctypes.c_char_p), ("title", ctypes.c_char_p),
                ("user", ctypes.c_char_p), ("format", ctypes.c_char_p), ("state", ctypes.c_int),
                ("size", ctypes.c_int), ("priority", ctypes.c_int), ("completed_time", ctypes.c_long),
                ("creation_time", ctypes.c_long), ("processing_time", ctypes.c_long)]


def libcups() -> ctypes.CDLL:
    name = ctypes.util.find_library("cups")
    if name is None:
        pytest.skip("libcups is not installed")
    lib = ctypes.CDLL(name)
    lib.httpConnect2.restype = ctypes.c_void_p
    lib.httpConnect2.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                 ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
    lib.httpClose.argtypes = [ctypes.c_void_p]
    lib.cupsGetJobs2.restype = ctypes.c_int
    lib.cupsGetJobs2.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.POINTER(CupsJob)), ctypes.c_char_p,
                                 ctypes.c_int, ctypes.c_int]
    lib.cupsFreeJobs.argtypes = [ctypes.c_int, ctypes.POINTER(CupsJob)]
    lib.cupsLastErrorString.restype = ctypes.c_char_p
    return lib


def whole_pdf(data: bytes) -> bool:
    """True when `data` is a complete PDF: its header, its %%EOF, and pypdf reads every page."""
    from pypdf import PdfReader

    if not data.startswith(b"%PDF-") or not data.rstrip().endswith(b"%%EOF"):
        return False
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        return len(reader.pages) > 0 and all(page.mediabox is not None for page in reader.pages)
    except Exception:  # a file still being written fails in many ways: it is simply not whole yet
        return False


class Cups:
    """A private CUPS scheduler with one cups-pdf queue."""

    def __init__(self) -> None:
        # Under /tmp, world-traversable: the filters run as the lp user and read the spool from here; the socket
        # path must stay short (108 bytes).
        self.root = Path(tempfile.mkdtemp(prefix="skcups"))
        self.root.chmod(0o755)
        self.queue = f"sktest{os.getpid()}x{uuid.uuid4().hex[:6]}"
        self.socket = self.root / "cupsd.sock"
        self.out = self.root / "out"
        self.pdf_conf = Path("/etc/cups") / f"cups-pdf-{self.queue}.conf"  # cups-pdf reads /etc/cups only
        self.env = {**os.environ, "CUPS_SERVER": str(self.socket)}
        self.proc: subprocess.Popen[bytes] | None = None

    def run(self, *command: str) -> subprocess.CompletedProcess[str]:
        """A CUPS command against this scheduler; one that hangs counts as a failed try, not an error."""
        try:
            return subprocess.run(list(command), env=self.env, capture_output=True, text=True,
                                  timeout=COMMAND_TIMEOUT)
        except subprocess.TimeoutExpired as late:
            return subprocess.CompletedProcess(list(command), -1, "", f"timed out after {late.timeout} s")

    def start(self, timeout: float = START_TIMEOUT) -> None:
        r = self.root
        for name in ("spool", "cache", "state", "log", "tmp", "out", "pdfspool"):
            (r / name).mkdir()
        for name in ("tmp", "out", "pdfspool"):
            (r / name).chmod(0o1777)
        (r / "cups-files.conf").write_text(
            f"ServerRoot {r}\nRequestRoot {r}/spool\nTempDir {r}/tmp\nCacheDir {r}/cache\nStateDir {r}/state\n"
            f"AccessLog {r}/log/access_log\nErrorLog {r}/log/error_log\nPageLog {r}/log/page_log\n"
            f"Printcap {r}/printcap\nUser lp\nGroup lp\nSystemGroup root\n")
        (r / "cupsd.conf").write_text(
            f"LogLevel info\nListen {self.socket}\nBrowsing No\nWebInterface No\nDefaultAuthType None\n"
            "PreserveJobHistory Yes\n"
            "<Location />\n  Order allow,deny\n  Allow all\n</Location>\n"
            "<Location /admin>\n  Order allow,deny\n  Allow all\n</Location>\n"
            "<Policy default>\n  <Limit All>\n    Order deny,allow\n  </Limit>\n</Policy>\n")
        self.pdf_conf.write_text(f"Out {self.out}\nAnonDirName {self.out}\nSpool {r}/pdfspool\nLog {r}/log\n"
                                 "UserUMask 0022\n")
        with open(r / "log" / "cupsd.out", "wb") as output:
            self.proc = subprocess.Popen(
                [CUPSD, "-f", "-c", str(r / "cupsd.conf"), "-s", str(r / "cups-files.conf")],
                stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        self.wait_until("cupsd answers on its socket", deadline,
                        lambda: self.socket.exists() and "is running" in self.run("lpstat", "-r").stdout)
        # The queue: lpadmin again until it takes (a scheduler still settling can refuse or time out).
        tries: list[str] = []

        def added() -> bool:
            done = self.run(LPADMIN, "-p", self.queue, "-E", "-v", f"cups-pdf:/{self.queue}",
                            "-P", str(CUPS_PDF_PPD))
            if done.returncode != 0:
                tries.append(done.stderr.strip())
            return done.returncode == 0

        self.wait_until("lpadmin adds the queue", deadline, added, lambda: "; ".join(tries[-3:]))
        self.wait_until("the queue is enabled and accepting jobs", deadline, self.queue_ready)

    def queue_ready(self) -> bool:
        accepting = self.run("lpstat", "-a", self.queue)
        printers = self.run("lpstat", "-p", self.queue)
        return (accepting.returncode == 0 and "accepting requests" in accepting.stdout and "not accepting"
                not in accepting.stdout and printers.returncode == 0 and "enabled" in printers.stdout)

    def wait_until(self, what: str, deadline: float, ready: Callable[[], bool],
                   detail: Callable[[], str] = lambda: "") -> None:
        """Poll `ready` until it is true; past the deadline, or if cupsd has died, fail with the logs."""
        pause = 0.05
        while not ready():
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"cupsd exited ({self.proc.returncode}) before {what}: {detail()}\n{self.log()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what}: not within the deadline. {detail()}\n{self.log()}")
            time.sleep(pause)
            pause = min(pause * 2, 0.5)

    def jobs(self) -> list[tuple[int, int]]:
        """Every job of the queue, (id, IPP job-state), as this scheduler reports them."""
        lib = libcups()
        http = lib.httpConnect2(str(self.socket).encode(), 631, None, 0, 1, 1, int(COMMAND_TIMEOUT * 1000), None)
        if not http:
            raise ConnectionError(f"cannot connect to {self.socket}")
        try:
            found = ctypes.POINTER(CupsJob)()
            count = lib.cupsGetJobs2(http, ctypes.byref(found), self.queue.encode(), 0, -1)  # CUPS_WHICHJOBS_ALL
            if count < 0:
                raise ConnectionError((lib.cupsLastErrorString() or b"").decode(errors="replace"))
            try:
                return [(found[n].id, found[n].state) for n in range(count)]
            finally:
                lib.cupsFreeJobs(count, found)
        finally:
            lib.httpClose(http)

    def printed(self, timeout: float = PRINT_TIMEOUT) -> list[Path]:
        """The PDFs cups-pdf has written, once CUPS says every job of the queue is completed and each file is
        whole. Raises AssertionError (with the jobs and the scheduler's log) when that is not so in `timeout`."""
        deadline = time.monotonic() + timeout
        jobs: list[tuple[int, int]] = []
        state: dict[str, object] = {}

        def finished() -> bool:
            try:
                jobs[:] = self.jobs()
            except ConnectionError as error:  # a busy scheduler: ask again
                state["jobs"] = f"not answered: {error}"
                return False
            state["jobs"] = [(job, JOB_STATES.get(value, value)) for job, value in jobs]
            return bool(jobs) and all(value >= 7 for _, value in jobs)

        try:
            self.wait_until("every print job is final", deadline, finished, lambda: f"jobs: {state.get('jobs')}")
        except RuntimeError as late:
            raise AssertionError(str(late)) from None
        assert all(value == JOB_COMPLETED for _, value in jobs), f"jobs: {state['jobs']}\n{self.log()}"
        sizes: dict[Path, tuple[int, float]] = {}

        def whole() -> bool:
            files = sorted(self.out.rglob("*.pdf"))
            now = time.monotonic()
            if not files:
                return False
            ready = True
            for path in files:
                size = path.stat().st_size
                if sizes.get(path, (None, 0.0))[0] != size:
                    sizes[path] = (size, now)
                if now - sizes[path][1] < STABLE_FOR or not whole_pdf(path.read_bytes()):
                    ready = False
            state["files"] = {p.name: s for p, (s, _) in sizes.items()}
            return ready

        try:
            self.wait_until("the printed PDF is whole", deadline, whole, lambda: f"files: {state.get('files')}")
        except RuntimeError as late:
            raise AssertionError(str(late)) from None
        return sorted(self.out.rglob("*.pdf"))

    def log(self) -> str:
        text = []
        for name in ("error_log", "cupsd.out"):
            path = self.root / "log" / name
            if path.exists() and path.stat().st_size:
                text.append(f"-- {name}\n" + path.read_text(errors="replace")[-3000:])
        return "\n".join(text) or "(no log)"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.pdf_conf.unlink(missing_ok=True)
        shutil.rmtree(self.root, ignore_errors=True)


def set_cups_server(server: str | None) -> None:
    """Point this thread's libcups (the one Qt's print support uses) at `server`, or back to the default."""
    libcups().cupsSetServer(server.encode() if server else None)


def skip_or_fail(reason: str) -> None:
    """Skip without CUPS, except in CI as root on Debian, where .ci/run installs it: there it must run."""
    if os.environ.get("CI") and hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        pytest.fail(f"{reason}, but .ci/run installs it for CI")
    pytest.skip(reason)


@pytest.fixture
def cups(monkeypatch: pytest.MonkeyPatch) -> Iterator[Cups]:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("the CUPS printing test runs as root (cupsd runs the cups-pdf backend as root)")
    if not Path(CUPSD).exists():
        skip_or_fail("cupsd is not installed (apt-get install cups cups-client printer-driver-cups-pdf)")
    if not (CUPS_PDF_BACKEND.exists() and CUPS_PDF_PPD.exists() and shutil.which("lpstat")):
        skip_or_fail("cups-client or printer-driver-cups-pdf is not installed")
    if ctypes.util.find_library("cups") is None:
        skip_or_fail("libcups is not installed")
    server = Cups()
    try:
        server.start()
        monkeypatch.setenv("CUPS_SERVER", str(server.socket))
        set_cups_server(str(server.socket))
        yield server
    finally:
        set_cups_server(None)
        server.stop()
