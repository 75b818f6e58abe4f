"""Issue 31.6: pyinstaller.spec, run as on each system with PyInstaller's build steps stood in (no Mac or Windows
is here): on macOS it builds Scorekeeper.app from the window's program (no Terminal) with the .icns icon and the
version; on Windows the console program and scorekeeper-window.exe with the .ico and version details; on Linux the
one folder alone. Building on a real Mac was not tried here."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Step:
    """One of PyInstaller's build steps (Analysis, PYZ, EXE, COLLECT, BUNDLE): records how it was called."""

    made: list[Step] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs
        self.binaries: list[Any] = []
        self.datas: list[Any] = []
        self.pure: list[Any] = []
        self.scripts: list[Any] = []
        Step.made.append(self)


def steps(tmp_path: Path, platform: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Step]]:
    """Run the spec as PyInstaller would on `platform`; each build step's calls by name."""
    pytest.importorskip("PyInstaller.utils.hooks")  # imported as on this system before the platform is changed
    made: dict[str, list[Step]] = {}
    names = ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
    kinds = {name: type(name, (Step,), {}) for name in names}
    Step.made = []
    monkeypatch.setattr(sys, "platform", platform)
    code = compile((ROOT / "pyinstaller.spec").read_text(encoding="utf-8"), "pyinstaller.spec", "exec")
    exec(code, {"__name__": "__main__", "SPECPATH": str(ROOT), "workpath": str(tmp_path), "DISTPATH": str(tmp_path),
                **kinds})
    for step in Step.made:
        made.setdefault(type(step).__name__, []).append(step)
    return made


def test_on_macos_the_spec_builds_an_app_bundle_with_its_icon_and_version(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper import __version__

    made = steps(tmp_path, "darwin", monkeypatch)
    (bundle,) = made["BUNDLE"]
    (collected,) = made["COLLECT"]
    assert bundle.args == (collected,)
    assert bundle.kwargs["name"] == "Scorekeeper.app" and bundle.kwargs["icon"].endswith("scorekeeper.icns")
    assert Path(bundle.kwargs["icon"]).is_file()
    assert bundle.kwargs["version"] == __version__ == bundle.kwargs["info_plist"]["CFBundleShortVersionString"]
    first, *others = collected.args
    assert first.kwargs["name"] == "scorekeeper-window" and first.kwargs["console"] is False
    assert [e.kwargs["name"] for e in others if isinstance(e, Step)] == ["scorekeeper"]


def test_on_linux_the_one_folder_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    linux = steps(tmp_path, "linux", monkeypatch)
    assert "BUNDLE" not in linux and [e.kwargs["name"] for e in linux["EXE"]] == ["scorekeeper"]


def test_on_windows_two_programs_with_icon_and_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pefile")  # PyInstaller's version resource needs it: installed with PyInstaller on Windows
    windows = steps(tmp_path, "win32", monkeypatch)
    assert "BUNDLE" not in windows
    assert [e.kwargs["name"] for e in windows["EXE"]] == ["scorekeeper", "scorekeeper-window"]
    assert all(e.kwargs["icon"].endswith("scorekeeper.ico") and e.kwargs["version"] is not None
               for e in windows["EXE"])
