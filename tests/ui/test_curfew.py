"""Issue 28.6: the game's curfew (the time the ice must be cleared) in the window. It is typed in the game sheet's
details dialog (Officials…) by keyboard, saved through the facade with the other details, and said in the Live
Game tab's title after the scheduled start with the time left by the wall clock ("Curfew 21:00 · 42 min left"),
amber under ten minutes, "passed" after it, and not at all for a game without one."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.changes import EntryResult
from scorekeeper.services import Services
from ui import dialogs, theme
from ui.curfew import curfew_html
from ui.game_details_dialog import GameDetailsDialog
from ui.main_window import MainWindow

ALT = Qt.KeyboardModifier.AltModifier
Key = Qt.Key | tuple[Qt.Key, Qt.KeyboardModifier] | str | int
PAUSE = 250
"""A pause of a person's (ms): a check box's mnemonic clicks it as an animated click, a moment later."""


def keyed_dialogs(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, script: list[Key]) -> list[QDialog]:
    """Run each modal dialog for real and answer it from `script` where its keyboard focus is: a text typed, a
    key pressed (with its modifier, for a (key, modifier) pair), a pause (ms)."""
    seen: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog)

        def answer() -> None:
            dialog.activateWindow()
            qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)  # its Alt keys are the dialog's
            for step in script:
                target = dialog.focusWidget() or dialog
                if isinstance(step, str):
                    qtbot.keyClicks(target, step)
                elif isinstance(step, int) and not isinstance(step, Qt.Key):
                    qtbot.wait(step)
                elif isinstance(step, tuple):
                    qtbot.keyClick(target, step[0], step[1])
                else:
                    qtbot.keyClick(target, step)

        QTimer.singleShot(0, answer)
        return dialog.exec()

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


@pytest.fixture
def window(qtbot: QtBot, svc: Services, settings: QSettings) -> MainWindow:
    window = open_window(qtbot, svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g001")
    window.live_game_tab.refresh_game()
    return window


@pytest.fixture
def curfews(svc: Services, monkeypatch: pytest.MonkeyPatch) -> dict[str, str | None]:
    """The curfew each game was last given through `set_game_details`, which the real facade keeps."""
    given: dict[str, str | None] = {}
    real_set: Callable[..., EntryResult] = svc.set_game_details

    def set_game_details(game_id: str, *args: Any, curfew: str | None = None, **kwargs: Any) -> EntryResult:
        given[game_id] = curfew
        return real_set(game_id, *args, curfew=curfew, **kwargs)

    monkeypatch.setattr(svc, "set_game_details", set_game_details)
    return given


class WallClock:
    """The wall clock the tab reads, set by the test."""

    def __init__(self, now: str) -> None:
        self.now = datetime.fromisoformat(now)

    def __call__(self) -> datetime:
        return self.now


def test_the_time_left_is_said_as_the_clock_reads_it(qapp: QApplication) -> None:
    said = [curfew_html("2015-10-04", "19:00", "21:00", datetime.fromisoformat(f"2015-10-04 {now}"))
            for now in ("20:18", "20:18:30", "19:30", "20:50:01", "20:59:30", "21:00", "23:00")]
    assert said == ["Curfew 21:00 · 42 min left", "Curfew 21:00 · 41 min left", "Curfew 21:00 · 1 h 30 min left",
                    theme.span("warning", "Curfew 21:00 · 9 min left", bold=True),
                    theme.span("warning", "Curfew 21:00 · less than 1 min left", bold=True),
                    "Curfew 21:00 passed", "Curfew 21:00 passed"]
    # a late game's curfew is after midnight; a game days ahead says its curfew without a countdown
    assert curfew_html("2015-10-04", "23:00", "00:30", datetime(2015, 10, 4, 23, 50)) == "Curfew 00:30 · 40 min left"
    assert curfew_html("2015-10-04", "23:00", "00:30", datetime(2015, 10, 5, 0, 25)) == (
        theme.span("warning", "Curfew 00:30 · 5 min left", bold=True))
    assert curfew_html("2015-10-18", "19:00", "21:00", datetime(2015, 10, 4, 20, 0)) == "Curfew 21:00"
    assert curfew_html("2015-10-04", "19:00", "", datetime(2015, 10, 4, 20, 0)) == ""


def test_a_curfew_typed_by_keyboard_is_saved_and_counted_down_on_the_live_game_tab(
        qtbot: QtBot, window: MainWindow, curfews: dict[str, str | None], monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    clock = WallClock("2015-10-04 20:18")
    tab.curfew.now = clock
    before = tab.title.text()
    assert "Curfew" not in before and "2015-10-04 19:00" in before
    # Officials…, Alt+U ticks the curfew, Tab to its time, type it, Enter saves
    seen = keyed_dialogs(monkeypatch, qtbot, [(Qt.Key.Key_U, ALT), PAUSE, Qt.Key.Key_Tab, "21:00",
                                              Qt.Key.Key_Return])
    qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)
    dialog = seen[0]
    assert isinstance(dialog, GameDetailsDialog)
    assert dialog.curfew_time.accessibleName() == "Curfew, the time the ice must be cleared"
    assert curfews == {"g001": "21:00"}
    assert "Game sheet details saved: game no. g001, 1 official(s), curfew 21:00" in tab.messages.text()
    title = tab.title.text()  # after the start and the status, wrapping as one
    assert title.startswith(before) and title.endswith(" · <span style='white-space:nowrap'>Curfew 21:00 · 42 min "
                                                       "left</span>")
    # the tab reads the clock again by itself: amber under ten minutes, then passed
    tab.curfew.timer.setInterval(5)
    clock.now = datetime(2015, 10, 4, 20, 55)
    qtbot.waitUntil(lambda: "5 min left" in tab.title.text())
    assert theme.span("warning", "Curfew 21:00 · 5 min left", bold=True) in tab.title.text()
    clock.now = datetime(2015, 10, 4, 21, 1)
    qtbot.waitUntil(lambda: "Curfew 21:00 passed" in tab.title.text())
    # opened again the dialog shows it; Esc changes nothing
    seen = keyed_dialogs(monkeypatch, qtbot, [Qt.Key.Key_Escape])
    qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)
    dialog = seen[0]
    assert isinstance(dialog, GameDetailsDialog)
    assert dialog.curfew_box.isChecked() and dialog.curfew() == "21:00" and dialog.curfew_time.isEnabled()
    assert curfews == {"g001": "21:00"}
    # Alt+U again unticks it: saved as no curfew, and the title is as it was
    seen = keyed_dialogs(monkeypatch, qtbot, [(Qt.Key.Key_U, ALT), PAUSE, Qt.Key.Key_Return])
    qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)
    assert curfews == {"g001": ""}
    assert "curfew" not in tab.title.text().lower() and tab.title.text() == before
    assert "no curfew" in tab.messages.text()
    assert not tab.curfew.timer.isActive()


def test_the_details_saved_without_touching_the_curfew_leave_it_as_it_is(
        qtbot: QtBot, window: MainWindow, curfews: dict[str, str | None], monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    keyed_dialogs(monkeypatch, qtbot, ["W-001", Qt.Key.Key_Return])
    qtbot.keyClick(tab.details_button, Qt.Key.Key_Space)
    assert curfews == {"g001": None}  # None: the facade leaves the game's curfew as it is
    assert "curfew" not in tab.messages.text().lower()


def test_the_curfew_box_offers_a_time_after_the_start_and_holds_only_times_of_day(qtbot: QtBot,
                                                                                 svc: Services) -> None:
    details = {**svc.game_details("g004"), "time": "19:00"}
    dialog = GameDetailsDialog(details, "Otters vs Herons")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.curfew_box.isChecked() and not dialog.curfew_time.isEnabled()
    assert dialog.curfew() == "" and dialog.curfew_change() is None
    dialog.curfew_box.setFocus()
    qtbot.keyClick(dialog.curfew_box, Qt.Key.Key_Space)
    assert dialog.curfew() == "21:00" and dialog.curfew_change() == "21:00"  # two hours after the start
    qtbot.keyClick(dialog.curfew_box, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.curfew_time
    qtbot.keyClicks(dialog.curfew_time, "99:99")  # no such time: the box keeps a time of day
    assert datetime.strptime(dialog.curfew(), "%H:%M")
