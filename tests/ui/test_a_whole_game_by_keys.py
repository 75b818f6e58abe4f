"""Issue 27, done when: a whole game scored by keys at 1024x768 from an empty league, then a second game entered
from its paper sheet after the fact (From the sheet: the clock held, each time typed), with a screenshot of every
step (saved where SCOREKEEPER_SCREENSHOTS names a folder, at 1024x768 and at 1366x768) and nothing cut off."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from keyboard_helpers import answer_dialogs_with, key, write
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from test_fits_the_screen import inside, no_sideways_scrolling, screen
from ui_helpers import focus, open_window

from scorekeeper.services import Services
from ui import dialogs
from ui.live_game_tab import LiveGameTab
from ui.main_window import MainWindow

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
__all__ = ["screen"]  # the screen's free area, as test_fits_the_screen sets it
SIZES = ((1024, 768), (1366, 768))


class Album:
    """The screenshots of the way, each at 1024x768 and 1366x768, and a check that nothing is cut off."""

    def __init__(self, qtbot: QtBot, window: MainWindow, area: list[QRect]) -> None:
        self.qtbot, self.window, self.area = qtbot, window, area
        folder = os.environ.get("SCOREKEEPER_SCREENSHOTS")
        self.folder = Path(folder) if folder else None
        self.count = 0

    def take(self, name: str, *whole: QWidget) -> None:
        """Each size in turn: `whole` (the widgets that must be in sight whole) inside the window, no tab scrolled
        sideways; the shot saved. The window goes back to 1024x768."""
        self.count += 1
        for width, height in (*SIZES, SIZES[0]):
            self.area[0] = QRect(0, 0, width, height)
            self.window.resize(width, height)
            self.qtbot.waitUntil(lambda w=width: self.window.width() == w)
            self.qtbot.wait(10)
            for widget in whole:
                assert inside(widget, self.window), (name, width, widget.objectName() or type(widget).__name__)
            assert no_sideways_scrolling(self.window) == [], (name, width)
            if self.folder is not None:
                self.folder.mkdir(parents=True, exist_ok=True)
                self.window.grab().save(str(self.folder / f"{self.count:02d}-{name}-{width}x{height}.png"))
        self.window.activateWindow()  # as the window manager leaves it after a resize: the keys with the window
        self.qtbot.waitUntil(lambda: QApplication.activeWindow() is self.window)


def events(tab: LiveGameTab) -> list[Mapping[str, Any]]:
    assert tab.game_shown is not None
    return list(tab.game_shown.events)


def clock_to(qtbot: QtBot, tab: LiveGameTab, time: str) -> None:
    key(qtbot, Qt.Key.Key_F2)
    assert focus() is tab.clock.time
    key(qtbot, Qt.Key.Key_A, CTRL)
    write(qtbot, time)
    key(qtbot, Qt.Key.Key_Return)
    assert tab.clock.elapsed() == time


def dress_both_sides(qtbot: QtBot, tab: LiveGameTab) -> None:
    """Ctrl+L; each side: Tab to Dress all, Space, Tab to Save, Space; Ctrl+L back to scoring."""
    key(qtbot, Qt.Key.Key_L, CTRL)
    for panel in (tab.home_lineup, tab.away_lineup):
        assert focus() is panel.view
        key(qtbot, Qt.Key.Key_Tab)
        assert focus() is panel.all_button
        key(qtbot, Qt.Key.Key_Space)
        key(qtbot, Qt.Key.Key_Tab, times=2)
        assert focus() is panel.save_button
        key(qtbot, Qt.Key.Key_Space)
        key(qtbot, Qt.Key.Key_Tab)
    assert all(tab.game_shown is not None and len(tab.game_shown.lineups[side]) == 7 for side in ("home", "away"))


def entry(qtbot: QtBot, tab: LiveGameTab, letter: Qt.Key, side: str, *fields: str, at: tuple[int, str] | None = None
          ) -> None:
    """An entry's letter, the side's, then each field typed and Tab; `at`: Tab on to Period and Time, each
    typed (a paper sheet's); Enter. The list of infractions takes the Tab that follows its text."""
    rows = tab.events.rowCount()
    key(qtbot, letter)
    write(qtbot, side)
    for text in fields:
        key(qtbot, Qt.Key.Key_Tab)
        write(qtbot, text)
    if at is not None:
        while focus() is not tab.entry.period:
            key(qtbot, Qt.Key.Key_Tab)
        key(qtbot, Qt.Key.Key_A, CTRL)
        write(qtbot, str(at[0]))
        key(qtbot, Qt.Key.Key_Tab)
        assert focus() is tab.entry.elapsed
        key(qtbot, Qt.Key.Key_A, CTRL)
        write(qtbot, at[1])
    key(qtbot, Qt.Key.Key_Return)
    assert tab.events.rowCount() == rows + 1, tab.messages.text()
    assert focus() is tab.events_view


def test_a_whole_game_by_keys_then_a_paper_sheet_after_the_fact(
        qtbot: QtBot, empty_svc: Services, settings: QSettings, screen: list[QRect], example_file: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    screen[0] = QRect(0, 0, *SIZES[0])
    window = open_window(qtbot, empty_svc, settings)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == SIZES[0] and window.ready)
    album = Album(qtbot, window, screen)
    album.take("empty-league", window.statusBar())

    # a small season imported: File > Import season file (Ctrl+I), the report closed with Esc
    monkeypatch.setattr(dialogs, "ask_import_file", lambda parent, folder="": str(example_file))
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Escape)
    if QApplication.focusWidget() is None:
        window.tabs.setFocus()
    key(qtbot, Qt.Key.Key_I, CTRL)
    assert window.current_season() == "2015-16", asked
    window.tabs.setCurrentWidget(window.live_game_tab)  # the Live Game tab
    tab = window.live_game_tab
    qtbot.waitUntil(lambda: tab.game_id == "g004")  # the season's game not played yet: Owls v Lynx
    tab.events_view.setFocus()
    album.take("imported", tab.score, tab.clock, tab.finish_button)

    # line-ups, then the game by keys with the clock
    dress_both_sides(qtbot, tab)
    album.take("dressed", tab.home_lineup.save_button, tab.away_lineup.save_button)
    key(qtbot, Qt.Key.Key_L, CTRL)
    assert focus() is tab.events_view
    clock_to(qtbot, tab, "03:10")
    entry(qtbot, tab, Qt.Key.Key_G, "h", "2", "3 4")  # Owls #2 from #3 and #4
    clock_to(qtbot, tab, "07:45")
    entry(qtbot, tab, Qt.Key.Key_P, "a", "5", "trip")  # Lynx #5 tripping
    clock_to(qtbot, tab, "08:30")
    entry(qtbot, tab, Qt.Key.Key_G, "h", "3")  # a power-play goal
    entry(qtbot, tab, Qt.Key.Key_T, "a")  # a Lynx timeout
    assert tab.score.text() == "Owls 2 – 0 Lynx"
    album.take("first-half", tab.score, tab.clock, tab.events_view, tab.entry)
    key(qtbot, Qt.Key.Key_PageDown, CTRL)  # the second half
    clock_to(qtbot, tab, "12:00")
    entry(qtbot, tab, Qt.Key.Key_G, "a", "6", "7")
    clock_to(qtbot, tab, "20:00")
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_F, CTRL | SHIFT)  # finish: asked, Enter
    assert asked == ["Finish game"]
    assert empty_svc.game("g004")["status"] == "final" and empty_svc.game("g004")["score"] == {"home": 2, "away": 1}
    album.take("final", tab.score, tab.title, tab.reopen_button)

    # a second game, scheduled with Ctrl+Shift+N (Enter takes the dialog's first teams: Otters v Herons), entered
    # afterwards from its paper sheet: the clock held, each time typed
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_N, CTRL | SHIFT)
    assert asked[-1:] and tab.game_id not in (None, "g004"), tab.messages.text()
    game = tab.game_id
    assert game is not None
    album.take("scheduled", tab.home_lineup.save_button)
    key(qtbot, Qt.Key.Key_L, CTRL)  # to scoring, then the line-ups again from the top
    dress_both_sides(qtbot, tab)
    key(qtbot, Qt.Key.Key_L, CTRL)
    key(qtbot, Qt.Key.Key_H, CTRL | SHIFT)  # From the sheet
    assert tab.from_sheet.isChecked()
    key(qtbot, Qt.Key.Key_T, CTRL)
    assert not tab.clock.running()
    assert tab.game_shown is not None
    numbers = {side: sorted(d.number for d in tab.game_shown.lineups[side] if d.number is not None and not d.goalie)
               for side in ("home", "away")}
    h, a = (str(numbers[side][0]) for side in ("home", "away"))
    entry(qtbot, tab, Qt.Key.Key_G, "h", h, at=(1, "04:12"))
    entry(qtbot, tab, Qt.Key.Key_P, "a", a, "hook", at=(1, "11:40"))
    entry(qtbot, tab, Qt.Key.Key_T, "h", at=(2, "02:05"))
    entry(qtbot, tab, Qt.Key.Key_G, "a", a, at=(2, "15:30"))
    entry(qtbot, tab, Qt.Key.Key_G, "h", h, at=(2, "18:59"))
    assert (tab.clock.period.value(), tab.clock.elapsed()) == (2, "18:59")  # the last entry's time
    assert not tab.clock.running()
    assert tab.score.text().split()[1:4] == ["2", "–", "1"]
    assert [(e["period"], e["elapsed"]) for e in events(tab)] == [
        (1, "04:12"), (1, "11:40"), (2, "02:05"), (2, "15:30"), (2, "18:59")]
    album.take("from-the-sheet", tab.score, tab.from_sheet, tab.events_view, tab.entry)
    asked = answer_dialogs_with(monkeypatch, qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_F, CTRL | SHIFT)
    assert asked == ["Finish game"]  # a sheet after the fact ran its length: no GAME-1 warning
    assert empty_svc.game(game)["status"] == "final" and empty_svc.game(game)["score"] == {"home": 2, "away": 1}
    album.take("sheet-final", tab.score, tab.title)
