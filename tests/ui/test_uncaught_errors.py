"""An error no code path caught is a sentence over the window, never a traceback (issue 14): a database error
says what is true (full, read-only, busy), anything else says the entries before it are safe."""

from __future__ import annotations

import sqlite3
import sys
from typing import Any

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services
from ui import app, dialogs


def test_uncaught_errors_show_a_true_sentence(qtbot: QtBot, demo_svc: Services, settings: QSettings,
                                             monkeypatch: Any, capsys: Any) -> None:
    window = open_window(qtbot, demo_svc, settings)
    shown: list[str] = []
    monkeypatch.setattr(dialogs, "run_dialog", lambda box: shown.append(box.text()) or 0)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)
    app.install_error_handler(window)
    for exc in (sqlite3.OperationalError("database or disk is full"), KeyError("home")):
        try:
            raise exc
        except Exception as caught:  # noqa: BLE001 - what a slot would have let through
            sys.excepthook(type(caught), caught, caught.__traceback__)
    assert "disk holding" in shown[0] and "is full" in shown[0] and "nothing was written" in shown[0]
    assert "KeyError" in shown[1] and "safe" in shown[1]
    assert "Traceback" not in capsys.readouterr().err
