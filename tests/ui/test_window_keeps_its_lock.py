"""The window at the boards when its lock files are taken away (issue 26, point 1): a lock file deleted by a
clean-up tool is taken back and the note typed next is kept; with every lock file gone the next note is refused
in the tab's message line, with the reason, and is not shown as entered."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot
from ui_helpers import focus, open_window, press, type_text

from scorekeeper.db.lock import identity_lock_path, lock_path
from scorekeeper.services import Services
from ui.live_game_tab import LiveGameTab


@pytest.fixture
def owner(demo_db: Path, tmp_path: Path) -> Iterator[Services]:
    """The window's facade: it owns its copy of the demo season, as the real window does."""
    copy = tmp_path / "demo.db"
    shutil.copy(demo_db, copy)
    svc = Services.open(str(copy), exclusive=True, operator="Rink")
    yield svc
    svc.close()


@pytest.fixture
def tab(qtbot: QtBot, owner: Services, settings: QSettings) -> LiveGameTab:
    window = open_window(qtbot, owner, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    tab = window.live_game_tab
    tab.select_game("g016")
    tab.refresh_game()
    tab.events_view.setFocus()
    return tab


def note(qtbot: QtBot, tab: LiveGameTab, text: str) -> None:
    press(qtbot, Qt.Key.Key_N)
    assert focus() is tab.entry.text
    type_text(qtbot, text)
    press(qtbot, Qt.Key.Key_Return)


def test_a_deleted_lock_file_is_taken_back_and_the_next_note_kept(qtbot: QtBot, tab: LiveGameTab,
                                                                   owner: Services) -> None:
    assert owner.sqlite_path is not None
    lock_path(owner.sqlite_path).unlink()
    rows = tab.events.rowCount()
    note(qtbot, tab, "after the clean-up")
    assert tab.events.rowCount() == rows + 1, tab.messages.text()
    assert lock_path(owner.sqlite_path).exists()


def test_with_every_lock_file_gone_the_next_note_is_refused_with_the_reason(qtbot: QtBot, tab: LiveGameTab,
                                                                            owner: Services) -> None:
    assert owner.sqlite_path is not None
    ident = identity_lock_path(owner.sqlite_path)
    assert ident is not None
    lock_path(owner.sqlite_path).unlink()
    ident.unlink()
    rows = tab.events.rowCount()
    note(qtbot, tab, "never acknowledged")
    assert tab.events.rowCount() == rows
    said = tab.messages.text()
    assert "no longer owns" in said and "nothing was written" in said and "internal" not in said
    assert all(e.get("text") != "never acknowledged" for g in owner.export()["games"] for e in g["events"])
