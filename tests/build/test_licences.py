"""Issue 31.6: the third-party licences are collected into the package (every library the program runs on, from
the lock file, with its licence text) and shown in Help > About > Licences, Qt's LGPL notice with how to replace
the Qt libraries of the one-folder build included."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from scorekeeper.about import LICENCE_FILES, licence_documents
from scorekeeper.resources import resource_path
from tools.collect_licences import LOCK_PYTHON, OUT, lock_entries, notices_text, runtime_packages

ROOT = Path(__file__).resolve().parents[2]


def test_every_library_the_program_runs_on_is_named_with_its_licence() -> None:
    text = OUT.read_text(encoding="utf-8")
    titles = {canonicalize_name(line.split(" ", 1)[0]): line.split(" ", 1)[1]
              for line in text.splitlines() if " " in line and ": " in line}
    entries = lock_entries()
    for name in runtime_packages():
        assert titles.get(name, "").startswith(", ".join(entries[name][0]) + ": "), name
    for name in ("pyside6-essentials", "peewee", "reportlab", "pillow", "msgspec", "pypdfium2", "keyring"):
        assert name in runtime_packages()
    assert "Python 3." in text and "PSF" in text


@pytest.mark.skipif(sys.version_info[:2] != LOCK_PYTHON, reason="the notices are written on the lock file's Python")
def test_the_notices_are_what_the_installed_packages_say() -> None:
    assert OUT.read_text(encoding="utf-8") == notices_text(), (
        "scorekeeper/resources/licences/THIRD-PARTY-NOTICES.txt is out of date: run python tools/collect_licences.py")


def test_the_package_carries_scorekeepers_licence_and_qts_notice() -> None:
    assert resource_path("licences", "LICENSE.txt").read_text(encoding="utf-8") == (
        (ROOT / "LICENSE").read_text(encoding="utf-8"))
    qt = resource_path("licences", "QT-NOTICE.txt").read_text(encoding="utf-8")
    assert "GNU Lesser General Public License version 3" in qt and "Replacing the Qt libraries" in qt
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in resource_path("licences", "LGPL-3.0.txt").read_text(encoding="utf-8")
    assert [title for title, _ in licence_documents()] == [title for title, _ in LICENCE_FILES]


def test_about_shows_the_licences(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from scorekeeper.services import Services
    from ui import dialogs
    from ui.licences_dialog import LicencesDialog
    from ui.main_window import MainWindow

    svc = Services.open(str(tmp_path / "l.db"))
    window = MainWindow(svc)
    qtbot.addWidget(window)
    shown: list[object] = []

    def run(dialog: object) -> int:
        shown.append(dialog)
        if isinstance(dialog, QMessageBox):
            (button,) = [b for b in dialog.buttons() if b.text() == "&Licences..."]
            button.click()
        return 0

    monkeypatch.setattr(dialogs, "run_dialog", run)
    window.about_action.trigger()
    about, licences = shown
    assert isinstance(licences, LicencesDialog)
    assert licences.choice.count() == len(LICENCE_FILES)
    assert "MIT License" in licences.text.toPlainText()
    licences.choice.setCurrentIndex(1)
    assert "PySide6" in licences.text.toPlainText() and "reportlab" in licences.text.toPlainText()
    licences.choice.setCurrentIndex(2)
    assert "Replacing the Qt libraries" in licences.text.toPlainText()
    window.close()
    svc.close()
