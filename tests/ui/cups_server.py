"""A private CUPS scheduler with one cups-pdf queue, for the tests that print through Qt to a real queue.

It starts its own cupsd under a temporary folder (its own cupsd.conf and cups-files.conf, listening on a unix
socket there; no systemd) and adds a cups-pdf queue with lpadmin; what is printed arrives as a PDF in `out`.
It needs root (cupsd runs backends as root) and the packages `cups cups-client printer-driver-cups-pdf`
(.ci/run installs them); without them the test is skipped, not failed.

libcups reads `CUPS_SERVER` once per thread, the first time anything asks it (Qt does, as soon as a QPrinter
is made): the fixture points libcups at the private scheduler with `cupsSetServer`, as a process started with
`CUPS_SERVER` set would be, and back to the default afterwards.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CUPSD = shutil.which("cupsd") or "/usr/sbin/cupsd"
LPADMIN = shutil.which("lpadmin") or "/usr/sbin/lpadmin"
CUPS_PDF_BACKEND = Path("/usr/lib/cups/backend/cups-pdf")
CUPS_PDF_PPD = Path("/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd")


class Cups:
    """A private CUPS scheduler with one cups-pdf queue."""

    def __init__(self) -> None:
        # Under /tmp, world-traversable: the filters run as the lp user and read the spool from here; the socket
        # path must stay short (108 bytes).
        self.root = Path(tempfile.mkdtemp(prefix="skcups"))
        self.root.chmod(0o755)
        self.queue = f"sktest{os.getpid()}"
        self.socket = self.root / "cupsd.sock"
        self.out = self.root / "out"
        self.pdf_conf = Path("/etc/cups") / f"cups-pdf-{self.queue}.conf"  # cups-pdf reads /etc/cups only
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        r = self.root
        for name in ("spool", "cache", "state", "log", "tmp", "out", "pdfspool"):
            (r / name).mkdir()
        for name in ("tmp", "out", "pdfspool"):
            (r / name).chmod(0o1777)
        (r / "cups-files.conf").write_text(
            f"ServerRoot {r}\nRequestRoot {r}/spool\nTempDir {r}/tmp\nCacheDir {r}/cache\nStateDir {r}/state\n"
            f"AccessLog {r}/log/access_log\nErrorLog {r}/log/error_log\nPageLog {r}/log/page_log\n"
            "User lp\nGroup lp\nSystemGroup root\n")
        (r / "cupsd.conf").write_text(
            f"LogLevel info\nListen {self.socket}\nBrowsing No\nWebInterface No\nDefaultAuthType None\n"
            "<Location />\n  Order allow,deny\n  Allow all\n</Location>\n"
            "<Location /admin>\n  Order allow,deny\n  Allow all\n</Location>\n"
            "<Policy default>\n  <Limit All>\n    Order deny,allow\n  </Limit>\n</Policy>\n")
        self.pdf_conf.write_text(f"Out {self.out}\nAnonDirName {self.out}\nSpool {r}/pdfspool\nLog {r}/log\n"
                                 "UserUMask 0022\n")
        self.proc = subprocess.Popen([CUPSD, "-f", "-c", str(r / "cupsd.conf"), "-s", str(r / "cups-files.conf")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        env = {**os.environ, "CUPS_SERVER": str(self.socket)}
        deadline = time.monotonic() + 20
        while True:
            ready = subprocess.run(["lpstat", "-r"], env=env, capture_output=True, text=True)
            if self.socket.exists() and "is running" in ready.stdout:
                break
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"cupsd did not start: {self.log()}")
            time.sleep(0.1)
        added = subprocess.run([LPADMIN, "-p", self.queue, "-E", "-v", f"cups-pdf:/{self.queue}",
                                "-P", str(CUPS_PDF_PPD)], env=env, capture_output=True, text=True)
        if added.returncode != 0:
            raise RuntimeError(f"lpadmin failed: {added.stderr}")

    def log(self) -> str:
        path = self.root / "log" / "error_log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else "(no log)"

    def printed(self, timeout: float = 60) -> list[Path]:
        """The PDFs cups-pdf has written, once there is one (empty after `timeout` seconds)."""
        deadline = time.monotonic() + timeout
        while True:
            files = [p for p in self.out.rglob("*.pdf") if p.stat().st_size > 0]
            if files or time.monotonic() > deadline:
                return files
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.pdf_conf.unlink(missing_ok=True)
        shutil.rmtree(self.root, ignore_errors=True)


def set_cups_server(server: str | None) -> None:
    """Point this thread's libcups (the one Qt's print support uses) at `server`, or back to the default."""
    name = ctypes.util.find_library("cups")
    if name is None:
        pytest.skip("libcups is not installed")
    ctypes.CDLL(name).cupsSetServer(server.encode() if server else None)


@pytest.fixture
def cups(monkeypatch: pytest.MonkeyPatch) -> Iterator[Cups]:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("the CUPS printing test runs as root (cupsd runs the cups-pdf backend as root)")
    if not Path(CUPSD).exists():
        pytest.skip("cupsd is not installed (apt-get install cups cups-client printer-driver-cups-pdf)")
    if not (CUPS_PDF_BACKEND.exists() and CUPS_PDF_PPD.exists() and shutil.which("lpstat")):
        pytest.skip("cups-client or printer-driver-cups-pdf is not installed")
    server = Cups()
    try:
        server.start()
        monkeypatch.setenv("CUPS_SERVER", str(server.socket))
        set_cups_server(str(server.socket))
        yield server
    finally:
        set_cups_server(None)
        server.stop()

