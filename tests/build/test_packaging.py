"""The conventions of a Python desktop project (issue 15, point 5): the licence, the launchers, the Linux desktop
entry and its README recipe, and run-time data read only from inside the package."""

from __future__ import annotations

import importlib
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from configparser import ConfigParser
from pathlib import Path

import pytest

from scorekeeper.resources import resource_path, resources_dir

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
DESKTOP = resource_path("linux", "scorekeeper.desktop")


def desktop_entry(path: Path) -> dict[str, str]:
    parser = ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def test_licence_is_mit_as_an_spdx_expression():
    assert PYPROJECT["project"]["license"] == "MIT"  # the string form (PEP 639), not the deprecated table
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]
    assert not [c for c in PYPROJECT["project"]["classifiers"] if c.startswith("License ::")]  # refused with it


def test_launchers_name_a_callable_that_opens_the_window_without_arguments():
    scripts, gui = PYPROJECT["project"]["scripts"], PYPROJECT["project"]["gui-scripts"]
    assert set(scripts) == {"scorekeeper"} and set(gui) == {"scorekeeper-window"}
    for target in (*scripts.values(), *gui.values()):
        module, _, name = target.partition(":")
        assert callable(getattr(importlib.import_module(module), name))
    from scorekeeper.cli import build_parser

    assert build_parser().parse_args([]).command is None  # no arguments: the window (cli: None or "gui")


def test_python_versions_match_the_pyside6_pins():
    """The upper bound is PySide6 6.12's (CPython up to 3.15); 3.11 keeps 6.11.3 (6.12.0 aborts there)."""
    assert PYPROJECT["project"]["requires-python"] == ">=3.11,<3.16"
    deps = PYPROJECT["project"]["dependencies"]
    assert "PySide6-Essentials==6.11.3; python_version < '3.12'" in deps
    versions = {c.rsplit(":: ", 1)[1] for c in PYPROJECT["project"]["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert versions == {"3.11", "3.12", "3.13", "3.14", "3.15"}


def test_desktop_entry_starts_the_window_launcher_with_the_shipped_icon():
    entry = desktop_entry(DESKTOP)
    assert entry["Type"] == "Application" and entry["Name"] == "Scorekeeper" and entry["Terminal"] == "false"
    assert shlex.split(entry["Exec"])[0] in PYPROJECT["project"]["gui-scripts"]
    assert entry["Icon"] == "scorekeeper" and resource_path("icons", "scorekeeper-256.png").is_file()
    assert entry["Categories"].endswith(";")
    if shutil.which("desktop-file-validate"):  # desktop-file-utils, where installed: no error, no warning
        done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False)
        assert done.returncode == 0 and "error" not in done.stdout + done.stderr, done.stdout + done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the README's recipe is for a Linux desktop")
def test_readme_recipe_installs_the_desktop_entry_and_icon(tmp_path: Path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    recipe = readme.split("On a Linux desktop, add Scorekeeper to the applications menu", 1)[1]
    script = recipe.split("```sh\n", 1)[1].split("```", 1)[0]
    home = tmp_path / "home dir"  # a space in the path, as a person's folder may have
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    installed = home / ".local/share/applications/scorekeeper.desktop"
    entry = desktop_entry(installed)
    (launcher,) = shlex.split(entry["Exec"])
    assert launcher == str(ROOT / ".venv" / "bin" / "scorekeeper-window")
    assert (home / ".local/share/icons/hicolor/256x256/apps/scorekeeper.png").read_bytes() == \
        resource_path("icons", "scorekeeper-256.png").read_bytes()


def test_run_time_data_is_read_from_inside_the_package():
    assert resources_dir() == ROOT / "scorekeeper" / "resources"
    assert not (ROOT / "resources").exists()
    # The clone's root joined with "resources": the folder the data lived in before it moved into the package.
    pattern = re.compile(r"""\b(ROOT|REPO|root|parents\[2\])\s*/\s*["']resources["']""")
    readers = [*ROOT.glob("scorekeeper/**/*.py"), *ROOT.glob("ui/**/*.py"), *ROOT.glob("tests/**/*.py"),
               ROOT / "pyinstaller.spec"]
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p in readers if p != Path(__file__)
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert offenders == []
