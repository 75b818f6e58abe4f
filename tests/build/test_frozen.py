"""The rink PC build, run as the office PC runs it: the frozen `dist/scorekeeper/scorekeeper`, no Python beside it.

Skipped unless the folder has been built (`pyinstaller --noconfirm pyinstaller.spec`): the normal test run does
not build. `.ci/run` builds it and runs the same checks from the shell.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper
from tests.data import EXAMPLE_SEASON as EXAMPLE

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "dist" / "scorekeeper"
FROZEN = FOLDER / ("scorekeeper.exe" if sys.platform == "win32" else "scorekeeper")
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"
SEASON_FILE = EXAMPLE
SIZE_LIMIT = 200 * 1024 * 1024

pytestmark = pytest.mark.skipif(not FROZEN.exists(), reason=f"{FROZEN.relative_to(ROOT)} is not built")


def bare_env(home: Path, **extra: str) -> dict[str, str]:
    """An environment with no virtualenv and no Python on PATH: what the office PC has."""
    env = {"HOME": str(home), "LANG": "C.UTF-8", "XDG_CONFIG_HOME": str(home / "config"),
           "XDG_DATA_HOME": str(home / "data"), "QT_QPA_PLATFORM": "offscreen"}
    if sys.platform == "win32":
        env.update({k: os.environ[k] for k in ("SYSTEMROOT", "WINDIR", "TEMP", "TMP") if k in os.environ})
        env["PATH"] = os.environ.get("SYSTEMROOT", r"C:\Windows") + r"\System32"
        env["APPDATA"], env["LOCALAPPDATA"] = str(home / "AppData"), str(home / "LocalAppData")
    else:
        env["PATH"] = "/usr/bin:/bin"
    env.update(extra)
    return env


def run(home: Path, *args: str, timeout: float = 120, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(FROZEN), *args], capture_output=True, text=True, timeout=timeout,
                          env=bare_env(home, **extra), cwd=home)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("office-pc")


@pytest.fixture(scope="module")
def league_db(home: Path) -> Path:
    db = home / "league.db"
    r = run(home, "--db", str(db), "import", str(SEASON_FILE))
    assert r.returncode == 0, r.stderr + r.stdout
    assert "imported" in r.stdout
    return db


def test_version_is_the_package_version(home: Path):
    r = run(home, "--version")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"scorekeeper {scorekeeper.__version__}"


def test_imports_a_season_file(league_db: Path):
    assert league_db.stat().st_size > 0


def test_prints_a_game_sheet_with_the_embedded_fonts(home: Path, league_db: Path):
    pdf = home / "g001.pdf"
    r = run(home, "--db", str(league_db), "print", "game-sheet", "g001", "-o", str(pdf))
    assert r.returncode == 0, r.stderr + r.stdout
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 10_000
    assert b"DejaVuSans" in data  # the TTF from scorekeeper/resources/fonts, found inside the frozen folder


def test_standings_json(home: Path, league_db: Path):
    r = run(home, "--db", str(league_db), "standings", "--json")
    assert r.returncode == 0, r.stderr
    standings = json.loads(r.stdout)
    assert standings["divisions"] and all(div["rows"] for div in standings["divisions"])


def test_a_bad_database_is_a_sentence_not_a_traceback(home: Path):
    bad = home / "not-a-database.db"
    bad.write_bytes(b"this is not SQLite" * 100)
    r = run(home, "--db", str(bad), "standings")
    assert r.returncode == 1
    assert "Traceback" not in r.stderr and r.stderr.startswith("scorekeeper: ")


def test_window_opens_offscreen_and_closes_itself(home: Path, league_db: Path):
    r = run(home, "--db", str(league_db), timeout=300, SCOREKEEPER_QUIT_AFTER="3")  # only a hung window: 300 s
    assert r.returncode == 0, r.stderr
    assert "closing MainWindow" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr


def test_folder_carries_resources_and_stays_small():
    internal = FOLDER / "_internal" / "scorekeeper" / "resources"
    for part in ("rulebooks/westridge-2015-16.toml", "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf",
                 "icons/scorekeeper.png", "demo/demo-season.json"):
        assert (internal / part).is_file(), part
    files = [p for p in FOLDER.rglob("*") if p.is_file() and not p.is_symlink()]
    assert sum(p.stat().st_size for p in files) < SIZE_LIMIT
    assert not [p for p in files if p.suffix == ".qm"], "Qt translations are left out"
    assert not [p for p in files if "QtWebEngine" in p.name or "Qt6Quick" in p.name or "Qt6Qml" in p.name]


def test_carries_reportlab_c_accelerator():
    """rl_accel (issue 7: the game sheet's speed) is imported by ReportLab through exec: the spec names it."""
    assert [p for p in FOLDER.rglob("_rl_accel*") if p.is_file()], "_rl_accel is not in the build"
