"""Issue 27.6: the arena display opened 1472x828 at y = -81 on a 2944x768 desktop: taller than the screen, the
team names cut at the top, and over the office window's event list and Finish button. Where the board opens is
`place_board`'s answer from the screens and the office window's screen, checked here on several layouts (two
screens of different sizes, one wide desktop over two monitors, one small screen); on the offscreen screen the
board opened by keys (View ▸ Arena display) is inside its screen and beside the office's window."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot
from ui_helpers import focus, open_window, press

from scorekeeper.services import Services
from ui.arena_control import FRAME, ScreenArea, place_board

ALT = Qt.KeyboardModifier.AltModifier
TASKBAR = 40
ROOT = Path(__file__).resolve().parents[2]


def screen(x: int, y: int, width: int, height: int) -> ScreenArea:
    """A screen with a task bar along its bottom."""
    return ScreenArea(QRect(x, y, width, height), QRect(x, y, width, height - TASKBAR))


def framed(rect: QRect) -> QRect:
    """The window with the window manager's frame around it."""
    return rect.marginsAdded(FRAME)


def inside(rect: QRect, area: QRect) -> bool:
    return area.contains(framed(rect))


def sixteen_nine(rect: QRect) -> bool:
    return abs(rect.width() * 9 - rect.height() * 16) <= 16 * 9


SIDE_BY_SIDE = [screen(0, 0, 1472, 828), screen(1472, 0, 1366, 768)]


@pytest.mark.parametrize(("office", "board"), [(1, 0), (0, 1)])
def test_two_screens_side_by_side_the_board_fills_the_other_one(office: int, board: int) -> None:
    placed = place_board(SIDE_BY_SIDE, office, board)
    assert placed.full and placed.screen == board and placed.rect == SIDE_BY_SIDE[board].geometry


@pytest.mark.parametrize(("office", "board"), [(1, 0), (0, 1)])
def test_two_screens_a_window_when_the_office_said_so_stays_inside_its_screen(office: int, board: int) -> None:
    placed = place_board(SIDE_BY_SIDE, office, board, full=False)
    area = SIDE_BY_SIDE[board].available
    assert not placed.full and inside(placed.rect, area)
    assert placed.rect.width() > area.width() * 3 // 4 and placed.rect.height() > area.height() * 3 // 4


def test_one_wide_desktop_over_two_monitors_the_board_goes_beside_the_office_window() -> None:
    """The issue's 2944x768 desktop: the office's window on its left half, the board in the room on the right,
    16:9, no taller than the screen, never over the office's window."""
    desktop = [screen(0, 0, 2944, 768)]
    office_window = QRect(0, 0, 1472, 728)
    placed = place_board(desktop, 0, 0, office_window=office_window)
    assert not placed.full and inside(placed.rect, desktop[0].available)
    assert not framed(placed.rect).intersects(office_window) and sixteen_nine(placed.rect)
    assert placed.rect.height() >= 600 and placed.rect.left() > 1472
    on_the_right = QRect(1572, 0, 1372, 728)  # the office's window moved right: the board on the left
    placed = place_board(desktop, 0, 0, office_window=on_the_right)
    assert inside(placed.rect, desktop[0].available) and not framed(placed.rect).intersects(on_the_right)
    assert placed.rect.right() < 1572
    full = place_board(desktop, 0, 0, full=True, office_window=office_window)  # F11: all of it
    assert full.full and full.rect == QRect(0, 0, 2944, 768)


@pytest.mark.parametrize("office_window", [QRect(0, 0, 1024, 728), None])
def test_a_single_1024x768_screen_the_board_is_a_window_inside_it(office_window: QRect | None) -> None:
    """The office's window fills the screen: no room beside it, a 16:9 window in the lower right, inside."""
    small = [screen(0, 0, 1024, 768)]
    placed = place_board(small, 0, 0, office_window=office_window)
    assert not placed.full and inside(placed.rect, small[0].available) and sixteen_nine(placed.rect)
    assert placed.rect.width() >= 480 and placed.rect.right() + FRAME.right() == small[0].available.right()


def test_a_screen_left_of_and_above_the_primary_one() -> None:
    """Screens at negative coordinates (a TV left of and above the office's screen) are placed within, too."""
    screens = [screen(0, 0, 1366, 768), screen(-1920, -312, 1920, 1080)]
    placed = place_board(screens, 0, 1, full=False)
    assert inside(placed.rect, screens[1].available) and placed.rect.top() > -312


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings):  # type: ignore[no-untyped-def]
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g016")
    window.live_game_tab.events_view.setFocus()
    return window


def open_by_keys(qtbot: QtBot, window) -> QRect:  # type: ignore[no-untyped-def]
    """View ▸ Arena display, by Alt+W then A, from the event list; the board's window with its frame."""
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.live_game_tab.events_view)
    press(qtbot, Qt.Key.Key_W, ALT)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and menu.title() == "Vie&w"
    qtbot.keyClick(menu, Qt.Key.Key_A)
    display = window.arena.display
    assert display is not None
    qtbot.waitUntil(display.isVisible)
    assert window.isAncestorOf(focus())  # the office keeps the keys
    return display.frameGeometry()


@pytest.mark.parametrize("share", [1, 2])
def test_on_the_offscreen_screen_the_board_opened_by_keys_is_inside_it(
        qtbot: QtBot, window, tmp_path: Path, share: int) -> None:  # type: ignore[no-untyped-def]
    """The office's window filling the screen, or half of it as far as it narrows: the board, frame included,
    inside the screen's free area, a window (one screen: not full screen), the office keeping the keys."""
    area = window.screen().availableGeometry()
    window.setGeometry(area.x() + 2, area.y() + 2, area.width() // share - 4, area.height() - 4)
    qtbot.wait(10)
    board = open_by_keys(qtbot, window)
    assert area.contains(board), (board, area)
    display = window.arena.display
    assert display is not None and not display.isFullScreen() and not window.arena.full_action.isChecked()
    qtbot.wait(10)
    display.grab().save(str(tmp_path / f"arena-{share}.png"))


WIDE_DESKTOP = textwrap.dedent("""
    import json, sys
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from scorekeeper.services import Services
    from ui.main_window import MainWindow

    app = QApplication([])
    svc = Services.open(sys.argv[1])
    assert svc.import_file(sys.argv[2]).ok
    window = MainWindow(svc, QSettings(sys.argv[3], QSettings.Format.IniFormat))
    window.setGeometry(0, 0, 1472, 700)
    window.show()
    window.activateWindow()
    app.processEvents()
    window.arena.show_action.trigger()  # View > Arena display
    app.processEvents()
    display = window.arena.display
    print(json.dumps({"board": display.frameGeometry().getRect(), "office": window.frameGeometry().getRect(),
                      "area": display.screen().availableGeometry().getRect(), "full": display.isFullScreen()}))
    window.close()
    svc.close()
""")


def test_a_2944x768_desktop_the_board_opens_inside_it_beside_the_office_window(
        tmp_path: Path, example_file: Path) -> None:
    """The issue's desktop, one virtual screen over two monitors, in a Qt of its own (offscreen, configured)."""
    config = tmp_path / "screens.json"
    config.write_text(json.dumps({"screens": [{"name": "Desktop", "x": 0, "y": 0, "width": 2944, "height": 768,
                                               "logicalDpi": 96, "logicalBpp": 32, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", WIDE_DESKTOP, str(tmp_path / "t.db"), str(example_file),
                           str(tmp_path / "s.ini")], env=env, capture_output=True, text=True, timeout=120,
                          cwd=str(tmp_path), check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    board, office, area = (QRect(*out[key]) for key in ("board", "office", "area"))
    assert area == QRect(0, 0, 2944, 768) and not out["full"]
    assert area.contains(board) and not board.intersects(office), (board, office)
    assert board.height() >= 600
