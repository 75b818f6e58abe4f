"""Fixtures for the statistics site: the mail tests' season (several suspensions, players on both sides of the
six-game line) published once into a folder, and a headless Chromium to read it as a browser does."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.services import Services
from scorekeeper.site import PublishResult, publish
from tests.scorekeeper.mail.mail_season import mail_season

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--hide-scrollbars", "--mute-audio"]


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    service = Services.open(str(tmp_path_factory.mktemp("site-db") / "season.db"))
    report = service.import_data(mail_season())
    assert report.ok, [v.line() for v in report.blocks]
    yield service
    service.close()


@pytest.fixture(scope="module")
def site(svc: Services, tmp_path_factory: pytest.TempPathFactory) -> PublishResult:
    return publish(svc, tmp_path_factory.mktemp("site") / "www")


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium)")


def browser(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium with a fresh profile; its output as text. The deadline is generous: on a busy
    2-core machine Chromium can take a minute to start (it only stops a browser that hangs)."""
    with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
        return subprocess.run([chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=timeout, check=False)


def dump_dom(page: Path) -> str:
    """The page's DOM after Chromium has loaded it from the file."""
    proc = browser("--dump-dom", page.resolve().as_uri())
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "<html" in proc.stdout, proc.stderr[-2000:]
    return proc.stdout


def screenshot(page: Path, out: Path, width: int, height: int) -> Path:
    proc = browser(f"--window-size={width},{height}", f"--screenshot={out}", page.resolve().as_uri())
    assert proc.returncode == 0 and out.is_file(), proc.stderr[-2000:]
    return out
