"""The package stands on its own: the wheel, installed into a fresh virtual environment (not editable, no
access to the clone), finds its rulebook, fonts, icons, demo season and site templates inside itself.

Builds the wheel from the clone (`pip wheel . --no-deps`), makes a plain venv (no system site-packages), installs
the wheel there (pip fetches PySide6 and the other dependencies from the index), then runs the installed
`scorekeeper` command from an empty folder with no PYTHONPATH: import the demo season the package ships, list
the shipped rulebook, print a game sheet. About 20 s with pip's cache warm; a cold cache downloads PySide6.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from configparser import ConfigParser
from pathlib import Path

import pytest

import scorekeeper

ROOT = Path(__file__).resolve().parents[2]
BIN = "Scripts" if sys.platform == "win32" else "bin"
EXE = ".exe" if sys.platform == "win32" else ""

pytestmark = pytest.mark.slow


def run(cmd: list[str | Path], cwd: Path, env: dict[str, str], timeout: float = 900) -> str:
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)
    assert done.returncode == 0, f"{cmd}: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def clean_env(home: Path) -> dict[str, str]:
    """The test run's environment without anything that points Python at the clone or at this virtualenv;
    Scorekeeper's own settings and data under `home`."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP", "PYTHONSAFEPATH")}
    env.update({"XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
                "XDG_STATE_HOME": str(home / "state"),
                "QT_QPA_PLATFORM": "offscreen", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"})
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, ROOT], cwd=out,
        env=clean_env(out))
    (built,) = out.glob("scorekeeper-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A plain venv (no --system-site-packages) with the wheel installed, not editable."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    home = venv.parent
    run([sys.executable, "-m", "venv", venv], cwd=home, env=clean_env(home))
    run([venv / BIN / f"python{EXE}", "-m", "pip", "install", "-q", wheel], cwd=home, env=clean_env(home))
    return venv


@pytest.fixture()
def office(tmp_path: Path) -> Path:
    """An empty folder far from the clone: the working directory of every installed command."""
    folder = tmp_path / "office"
    folder.mkdir()
    return folder


def test_wheel_carries_the_run_time_data_and_the_licence(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    for part in ("rulebooks/westridge-2015-16.toml", "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf",
                 "fonts/DejaVu-LICENSE.txt", "icons/scorekeeper.png", "icons/scorekeeper-256.png",
                 "demo/demo-season.json", "site/style.css", "site/templates/base.html",
                 "linux/scorekeeper.desktop"):
        assert f"scorekeeper/resources/{part}" in names, part
    assert f"scorekeeper-{scorekeeper.__version__}.dist-info/licenses/LICENSE" in names
    assert not [n for n in names if n.startswith(("tests/", "tools/"))]
    metadata = zipfile.ZipFile(wheel).read(f"scorekeeper-{scorekeeper.__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata


def test_installed_package_is_not_the_clone(installed: Path, office: Path):
    python = installed / BIN / f"python{EXE}"
    out = run([python, "-c", "import scorekeeper, scorekeeper.resources as r, sys; "
               "print(scorekeeper.__file__); print(r.resources_dir()); print(sys.prefix != sys.base_prefix)"],
              cwd=office, env=clean_env(office)).splitlines()
    package, data, in_venv = Path(out[0]), Path(out[1]), out[2]
    assert installed.resolve() in package.resolve().parents and ROOT not in package.resolve().parents
    assert data == package.parent / "resources" and (data / "rulebooks").is_dir()
    assert in_venv == "True"
    assert (installed / BIN / f"scorekeeper{EXE}").is_file()
    assert (installed / BIN / f"scorekeeper-window{EXE}").is_file()  # [project.gui-scripts]


def test_installed_command_imports_the_demo_lists_the_rulebook_and_prints_a_game_sheet(installed: Path,
                                                                                         office: Path):
    python, command = installed / BIN / f"python{EXE}", installed / BIN / f"scorekeeper{EXE}"
    env = clean_env(office)
    demo = Path(run([python, "-c", "from scorekeeper.resources import resource_path; "
                     "print(resource_path('demo', 'demo-season.json'))"], cwd=office, env=env).strip())
    assert installed.resolve() in demo.resolve().parents

    shipped = json.loads(run([command, "--db", "fresh.db", "rulebook", "list", "--json"], cwd=office, env=env))
    assert {"name": "westridge-2015-16", "source": "shipped"}.items() <= shipped[0].items(), shipped

    out = run([command, "--db", "league.db", "import", demo], cwd=office, env=env)
    assert out.startswith("imported ") and "18 games" in out
    listed = json.loads(run([command, "--db", "league.db", "rulebook", "list", "--json"], cwd=office, env=env))
    assert [b["name"] for b in listed] == ["westridge-2015-16"]

    run([command, "--db", "league.db", "print", "game-sheet", "g001", "-o", "g001.pdf"], cwd=office, env=env)
    pdf = (office / "g001.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(pdf) > 10_000
    assert b"DejaVuSans" in pdf  # the font from the installed package's resources/fonts


def test_installed_window_finds_its_icon_and_the_desktop_entry(installed: Path, office: Path):
    python = installed / BIN / f"python{EXE}"
    out = run([python, "-c", "import ui.app; from scorekeeper.resources import resource_path; "
               "print(ui.app.icon_path()); print(resource_path('linux', 'scorekeeper.desktop'))"],
              cwd=office, env=clean_env(office)).splitlines()
    icon, desktop = Path(out[0]), Path(out[1])
    assert icon.is_file() and installed.resolve() in icon.resolve().parents
    entry = ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(desktop, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Exec"].split()[0] == "scorekeeper-window" and section["Icon"] == "scorekeeper"
