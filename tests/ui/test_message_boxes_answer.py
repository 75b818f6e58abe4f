"""The question boxes answer what was pressed when they run for real (`run_dialog`: named for a screen reader,
then shown modally), driven by keys. Naming read each layout's items, which made PySide drop the Python object of
a button a QMessageBox made: `clickedButton()` was then never the button held, so Enter on "Finish game" did not
finish the game and "Load the demo season" loaded nothing. The other tests answer these boxes without running them,
so only these saw it. Such a box is now shown without that naming: Qt reads its text and its buttons' own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from ui import dialogs

RUN_DIALOG, ASK_FIRST_START = dialogs.run_dialog, dialogs.ask_first_start  # the real ones (conftest answers them)


@pytest.fixture(autouse=True)
def real_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dialogs, "run_dialog", RUN_DIALOG)
    monkeypatch.setattr(dialogs, "ask_first_start", ASK_FIRST_START)


def answered(ask: Callable[[], Any], key: Qt.Key) -> Any:
    """`ask()` run for real, `key` pressed in the box once it is shown, as a person would."""
    def press() -> None:
        box = QApplication.activeModalWidget()
        if box is None:  # not shown yet on a busy machine: a moment more
            QTimer.singleShot(50, press)
            return
        QTest.keyClick(box.focusWidget() or box, key)

    QTimer.singleShot(0, press)
    return ask()


@pytest.mark.parametrize(("key", "finished"), [(Qt.Key.Key_Return, True), (Qt.Key.Key_Space, True),
                                               (Qt.Key.Key_Escape, False)])
def test_enter_on_finish_game_finishes_it_and_escape_goes_back(qtbot: QtBot, key: Qt.Key, finished: bool) -> None:
    assert answered(lambda: dialogs.confirm_finish(None, "Finish g001?", "Home 3, Away 2"), key) is finished


@pytest.mark.parametrize(("key", "choice"), [(Qt.Key.Key_Return, "demo"), (Qt.Key.Key_Escape, None)])
def test_enter_on_the_first_start_box_loads_the_demo(qtbot: QtBot, key: Qt.Key, choice: str | None) -> None:
    assert answered(lambda: dialogs.ask_first_start(None), key) == choice


def test_a_question_box_run_keeps_the_buttons_its_caller_holds(qtbot: QtBot) -> None:
    box = QMessageBox()
    box.setText("<b>A question</b>")
    held = [box.addButton("&Yes", QMessageBox.ButtonRole.AcceptRole),
            box.addButton("&No", QMessageBox.ButtonRole.RejectRole)]
    assert answered(lambda: dialogs.run_dialog(box), Qt.Key.Key_Return) is not None
    assert all(shiboken6.isValid(button) for button in held)
    assert box.clickedButton() is held[0]
