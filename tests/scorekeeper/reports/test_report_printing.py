"""Printing through CUPS (`scorekeeper.printing`), the path the window's Print button takes.

The real test starts its own cupsd under a temporary folder (its own cupsd.conf and cups-files.conf, listening
on a unix socket there; no systemd), adds a cups-pdf queue with lpadmin, prints a game sheet and waits for the
job to complete and the PDF to arrive. It needs root (cupsd runs backends as root) and the packages `cups
cups-client printer-driver-cups-pdf` (.ci/run installs them); without them it is skipped, not failed.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import printing
from scorekeeper.printing import PrintError
from scorekeeper.reports.data import game_sheet_data
from scorekeeper.reports.game_sheet import build_game_sheet

CUPSD = shutil.which("cupsd") or "/usr/sbin/cupsd"
LPADMIN = shutil.which("lpadmin") or "/usr/sbin/lpadmin"
CUPS_PDF_BACKEND = Path("/usr/lib/cups/backend/cups-pdf")
CUPS_PDF_PPD = Path("/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd")


def test_missing_cups_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no lp, no lpstat
    assert not printing.cups_available()
    with pytest.raises(PrintError, match="CUPS is not installed: the `lp` command was not found"):
        printing.print_pdf(b"%PDF-1.4\n", "office")
    with pytest.raises(PrintError, match="CUPS is not installed"):
        printing.list_printers()


def test_only_pdfs_are_sent(tmp_path):
    if not printing.cups_available():
        pytest.skip("the CUPS client commands are not installed")
    with pytest.raises(PrintError, match="not a PDF"):
        printing.print_pdf(b"hello", "office")
    with pytest.raises(PrintError, match="no such file"):
        printing.print_pdf(tmp_path / "missing.pdf", "office")


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


@pytest.fixture
def cups(monkeypatch: pytest.MonkeyPatch) -> Iterator[Cups]:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("the CUPS printing test runs as root (cupsd runs the cups-pdf backend as root)")
    if not Path(CUPSD).exists():
        pytest.skip("cupsd is not installed (apt-get install cups cups-client printer-driver-cups-pdf)")
    if not (CUPS_PDF_BACKEND.exists() and CUPS_PDF_PPD.exists() and shutil.which("lp")):
        pytest.skip("cups-client or printer-driver-cups-pdf is not installed")
    server = Cups()
    try:
        server.start()
        monkeypatch.setenv("CUPS_SERVER", str(server.socket))
        yield server
    finally:
        server.stop()


def test_a_game_sheet_prints_to_a_cups_pdf_queue(svc, cups):
    from pypdf import PdfReader

    assert cups.queue in [p.name for p in printing.list_printers()]
    pdf = build_game_sheet(game_sheet_data(svc, "g101"))
    job = printing.print_pdf(pdf, cups.queue, title="Game sheet g101")
    assert job.startswith(f"{cups.queue}-")
    try:
        printing.wait_for_job(job, timeout=90)
    except PrintError as exc:
        pytest.fail(f"{exc}\n{cups.log()}")
    assert printing.job_done(job)
    deadline = time.monotonic() + 30
    files: list[Path] = []
    while time.monotonic() < deadline:
        files = [p for p in cups.out.rglob("*.pdf") if p.stat().st_size > 0]
        if files:
            break
        time.sleep(0.2)
    assert files, f"no PDF arrived in {cups.out}\n{cups.log()}"
    printed = files[0].read_bytes()
    assert printed.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(printed))
    assert len(reader.pages) == 1
    assert "g101" in (reader.pages[0].extract_text() or "")


def test_an_unknown_queue_is_refused_with_a_message(cups):
    with pytest.raises(PrintError, match="refused the job"):
        printing.print_pdf(b"%PDF-1.4\n%%EOF\n", "no-such-queue")
