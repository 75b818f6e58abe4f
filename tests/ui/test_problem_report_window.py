"""Issue 31.1 and 31.2 in the window: Help > Save a problem report... writes the zip (with the window's own
settings, no secret); an error no code path caught is logged with its traceback and its message names the log and
offers to open its folder; Qt's own messages reach the log."""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, qInstallMessageHandler, qWarning
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper import logs
from scorekeeper.services import Services
from ui import dialogs, support
from ui.app import install_error_handler


def test_help_saves_a_problem_report_with_the_windows_settings(
        qtbot: QtBot, svc: Services, settings: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    logs.start("the window (test)")
    settings.setValue("mail/password", "hunter2-rink")
    settings.setValue("clock/period", 2)
    window = open_window(qtbot, svc, settings)
    out = tmp_path / "report.zip"
    said: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "Zip files (*.zip)"))
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: said.append(text))
    assert window.problem_report_action.text() == "Save a &problem report..."
    assert window.problem_report_action in window.menuBar().actions()[-1].menu().actions()
    window.problem_report_action.trigger()
    assert said and str(out) in said[0]
    with zipfile.ZipFile(out) as zf:
        names = {Path(n).name for n in zf.namelist()}
        settings_text = zf.read("scorekeeper-problem-report/settings.json").decode("utf-8")
    assert names == {"README.txt", "log.txt", "versions.txt", "settings.json", "database.json"}
    window_settings = json.loads(settings_text)["window"]
    assert window_settings["clock/period"] == "2" and window_settings["mail/password"] == "(removed)"
    assert "hunter2-rink" not in settings_text


def test_an_uncaught_error_is_logged_and_its_message_names_the_log(
        qtbot: QtBot, svc: Services, settings: QSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    logs.start("the window (test)")
    window = open_window(qtbot, svc, settings)
    shown: list[tuple[str, str, list[str]]] = []

    def run(box: QMessageBox) -> int:
        shown.append((box.text(), box.informativeText(), [b.text() for b in box.buttons()]))
        return 0

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(dialogs, "run_dialog", run)
    opened: list[bool] = []
    monkeypatch.setattr(support, "open_log_folder", lambda: opened.append(True) or True)
    install_error_handler(window)
    try:
        raise ValueError("a puck went through the net")
    except ValueError as exc:
        sys.excepthook(type(exc), exc, exc.__traceback__)
    text, informative, buttons = shown[0]
    assert "a puck went through the net" in text
    assert str(logs.log_file()) in informative and "Open the log &folder" in buttons
    log_text = logs.log_file().read_text(encoding="utf-8")
    tail = log_text[log_text.rindex("an error no code path caught"):]
    assert "Traceback" in tail and "ValueError: a puck went through the net" in tail


def test_qt_messages_reach_the_log() -> None:
    logs.start("the window (test)")
    support.log_qt_messages()
    try:
        qWarning("the rink's second screen was unplugged")
    finally:
        qInstallMessageHandler(None)
    assert "scorekeeper.qt: the rink's second screen was unplugged" in logs.log_file().read_text(encoding="utf-8")
