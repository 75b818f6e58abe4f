"""Start-up (issue 7): `run_gui` shows the window's shell at once and opens the database on the event loop's
first turn; the real tabs then take the placeholders' places and the tab in front fills."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from scorekeeper.services import Services
from ui import app as ui_app
from ui import dialogs, mail_dialogs, season_tab
from ui.main_window import OPERATOR, TAB, MainWindow

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("peewee", "psycopg", "psycopg2", "reportlab", "scorekeeper.services", "scorekeeper.db", "scorekeeper.engine",
         "ui.dialogs", "ui.live_game_tab", "ui.print_preview", "ui.mail_dialogs")
SHELL_ONLY = """
import os, sys, tempfile
from PySide6.QtCore import QSettings
for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
    QSettings.setPath(fmt, QSettings.Scope.UserScope, tempfile.mkdtemp())
from ui.app import application, show_window
app = application()
window = show_window(sys.argv[1])
assert window.isVisible() and not window.ready
print(" ".join(sorted(m for m in sys.modules if m.startswith(tuple(sys.argv[2:])))))
"""


@pytest.fixture
def league(demo_db: Path, tmp_path: Path) -> Path:
    """A private copy of the demo season's database, closed (run_gui opens it itself)."""
    copy = tmp_path / "league.db"
    shutil.copy(demo_db, copy)
    return copy


def loading(window: MainWindow) -> list[bool]:
    """For each tab: is it still the "Loading…" placeholder?"""
    tabs = [window.tabs.widget(n) for n in range(window.tabs.count())]
    return [tab is not None and tab.objectName() == "loadingTab" for tab in tabs]


def test_the_shell_is_shown_before_the_core_is_imported(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", SHELL_ONLY, str(tmp_path / "league.db"), *HEAVY], env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == []


def test_importing_the_window_module_costs_pyside6_only() -> None:
    code = ("import sys, ui.main_window, ui.app; "
            f"print(' '.join(m for m in sys.modules if m.startswith({HEAVY!r})))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60,
                         check=True)
    assert out.stdout.split() == []


def test_the_database_opens_into_the_shown_shell(qtbot: QtBot, league: Path, settings: QSettings) -> None:
    settings.setValue(TAB, 2)
    window = ui_app.show_window(str(league), settings)
    qtbot.addWidget(window)
    assert window.isVisible() and not window.ready
    assert window.windowTitle() == f"Scorekeeper — opening {league}…"
    assert loading(window) == [True, True, True] and window.tabs.currentIndex() == 2
    assert "Opening" in window.statusBar().currentMessage()
    size = window.size()
    at_loaded: list[tuple[list[bool], object, object]] = []  # read as `loaded` fires: the fill goes on after it
    window.loaded.connect(lambda: at_loaded.append((loading(window), window.tabs.currentWidget(), window.size())))
    with qtbot.waitSignal(window.loaded, timeout=20_000):
        pass
    assert window.ready
    shown, front, size_then = at_loaded[0]
    assert shown == [True, True, False]  # the tab in front alone is built (issue 29.4)
    assert [window.tabs.tabText(n) for n in range(3)] == ["Roster", "Live Game", "Season"]
    assert front is window.season_tab  # the tab from the settings stays in front
    assert size_then == size  # the content arrives without the window changing size
    assert window.windowTitle().startswith("Scorekeeper — Westridge")
    assert window.season_tab not in window._stale
    assert window.svc.target.endswith("league.db")
    qtbot.waitUntil(lambda: not window.loading, timeout=20_000)  # the others built and filled out of sight
    assert loading(window) == [False, False, False] and not window._stale
    assert window.tabs.currentWidget() is window.season_tab and window.size() == size


def test_the_front_tab_lists_the_games_when_loaded_fires(qtbot: QtBot, league: Path, settings: QSettings) -> None:
    settings.setValue(TAB, 1)
    settings.setValue(OPERATOR, "Dana")
    window = ui_app.show_window(str(league), settings)
    qtbot.addWidget(window)
    games: list[int] = []
    window.loaded.connect(lambda: games.append(window.live_game_tab.model.rowCount()))
    qtbot.waitUntil(lambda: window.ready, timeout=20_000)
    assert games and games[0] > 0
    assert window.tabs.currentWidget() is window.live_game_tab
    assert window.svc.operator == "Dana"


def test_menus_that_need_the_database_wait_for_it(qtbot: QtBot, league: Path, settings: QSettings) -> None:
    window = ui_app.show_window(str(league), settings)
    qtbot.addWidget(window)
    assert window.quit_action.isEnabled() and window.shortcuts_action.isEnabled()
    waiting = [window.import_action, window.backup_action, window.print_action, window.about_action,
               window.open_db_action, window.mail_settings_action]
    assert not any(action.isEnabled() for action in waiting)
    assert all(action.shortcut().isEmpty() for action in waiting + [window.quit_action])  # no shortcut acts yet
    window.import_action.trigger()  # a disabled action does nothing (no dialog, no crash)
    qtbot.waitUntil(lambda: window.ready, timeout=20_000)
    assert all(action.isEnabled() for action in waiting)
    assert window.import_action.shortcut().toString() == "Ctrl+I"
    assert window.quit_action.shortcut().toString() == "Ctrl+Q"


def test_closing_the_shell_before_the_database_opens(
    qtbot: QtBot, league: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[object] = []
    monkeypatch.setattr(Services, "open", staticmethod(lambda *a, **k: opened.append(a)))
    window = ui_app.show_window(str(league), settings)
    qtbot.addWidget(window)
    window.close()
    qtbot.wait(50)
    assert opened == [] and not window.ready and not window.open_failed


def test_a_damaged_file_is_reported_over_the_shell_and_exits_1(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "damaged.db"
    bad.write_bytes(bytes(range(256)) * 64)
    shown: list[tuple[str, bool]] = []

    def critical(parent: QWidget | None, title: str, text: str, *a: object, **k: object) -> None:
        shown.append((text, isinstance(parent, MainWindow) and parent.isVisible()))

    def ask_open_failed(parent: QWidget | None, target: str, message: str, locked: bool) -> None:
        shown.append((f"offer {locked}: {message}", isinstance(parent, MainWindow) and parent.isVisible()))

    monkeypatch.setattr(QMessageBox, "critical", critical)
    monkeypatch.setattr(dialogs, "ask_open_failed", ask_open_failed)
    assert ui_app.run_gui(str(bad)) == 1
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
    (offer, over_shell), (message, box_over_shell) = shown
    assert offer.startswith("offer False") and over_shell and box_over_shell
    assert message.startswith("Scorekeeper could not open the database.") and "Traceback" not in message


def test_the_window_built_at_once_is_loaded_and_full(qtbot: QtBot, svc: Services, settings: QSettings) -> None:
    window = MainWindow(svc, settings)
    qtbot.addWidget(window)
    assert window.ready and loading(window) == [False, False, False]
    assert window.import_action.isEnabled() and window.import_action.shortcut().toString() == "Ctrl+I"


def test_the_season_tab_names_the_mail_kinds_as_mail_dialogs_does() -> None:
    assert (season_tab.NOTICES, season_tab.STATEMENTS) == (mail_dialogs.NOTICES, mail_dialogs.STATEMENTS)


def test_the_work_starts_once_after_the_first_paint(qtbot: QtBot, settings: QSettings) -> None:
    window = MainWindow.opening("league.db", settings)
    qtbot.addWidget(window)
    calls: list[bool] = []
    window.when_painted(lambda: calls.append(window.isVisible()), fallback_ms=300)
    qtbot.wait(20)
    assert calls == []  # not shown, not painted: nothing yet
    window.show()
    qtbot.waitUntil(lambda: calls == [True], timeout=5_000)
    qtbot.wait(400)  # past the fallback: still once
    assert calls == [True]


def test_a_window_never_painted_still_opens_after_the_fallback(qtbot: QtBot, settings: QSettings) -> None:
    window = MainWindow.opening("league.db", settings)
    qtbot.addWidget(window)
    calls: list[int] = []
    window.when_painted(lambda: calls.append(1), fallback_ms=30)
    qtbot.waitUntil(lambda: calls == [1], timeout=5_000)


def test_the_rink_copy_status_is_read_on_the_turn_after_the_tab_in_front_is_ready(
    qtbot: QtBot, league: Path, settings: QSettings
) -> None:
    settings.setValue(OPERATOR, "Dana")
    window = ui_app.show_window(str(league), settings)
    qtbot.addWidget(window)
    at_ready: list[tuple[bool, object]] = []
    window.loaded.connect(lambda: at_ready.append((window.rink_send_action.isEnabled(), window.rink.shown)))
    qtbot.waitUntil(lambda: window.ready, timeout=20_000)
    assert at_ready == [(False, None)]  # nothing to send until the status is read; its label not placed yet
    qtbot.waitUntil(lambda: window.rink.shown is not None)  # placed on the season's toolbar on the next turn
    assert not window.rink_send_action.isEnabled() and not window.rink.shown.isVisible()  # a league's database
