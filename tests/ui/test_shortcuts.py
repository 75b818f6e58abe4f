"""Shortcuts at home on every platform (issue 15, point 4): standard actions use Qt's standard keys (the
platform's own: Redo is Ctrl+Y on Windows; Quit stays Ctrl+Q, Qt's standard Quit being empty on some platforms),
and no shortcut is one the system keeps for itself (Qt's Ctrl is the Command key on a Mac: Ctrl+Space there would
open Spotlight, not start the clock)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence, QShortcut
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services

# What Windows, macOS (with Qt's Ctrl = Command, Meta = Control) and the Linux desktops keep for themselves.
RESERVED = ["Ctrl+Space", "Ctrl+Alt+Space", "Meta+Space", "Ctrl+Tab", "Ctrl+Shift+Tab", "Alt+Tab", "Alt+F4",
            "Ctrl+Alt+Delete", "Ctrl+H", "Ctrl+M", "Ctrl+Alt+D", "Ctrl+Shift+3", "Ctrl+Shift+4", "Ctrl+Shift+5",
            "Meta+L", "Meta+D", "Meta+E", "Meta+Tab", "Ctrl+Alt+T", "Ctrl+Alt+L", "Ctrl+Esc", "Alt+Space",
            "Ctrl+Shift+Esc", "Ctrl+Meta+Q", "Ctrl+Meta+F", "Ctrl+Meta+Space"]
STANDARD = {"&New database…": QKeySequence.StandardKey.New, "&Open database…": QKeySequence.StandardKey.Open,
            "&Print…": QKeySequence.StandardKey.Print,
            "&Keyboard shortcuts": QKeySequence.StandardKey.HelpContents}


def every_shortcut(window) -> list[QKeySequence]:  # type: ignore[no-untyped-def]
    keys = [key for action in window.findChildren(type(window.quit_action)) for key in action.shortcuts()]
    keys += [key for shortcut in window.findChildren(QShortcut) for key in shortcut.keys()]  # noqa: SIM118 - QShortcut.keys()
    return [key for key in keys if not key.isEmpty()]


def test_no_shortcut_is_one_the_system_keeps(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> None:
    window = open_window(qtbot, demo_svc, settings)
    keys = {key.toString() for key in every_shortcut(window)}
    assert len(keys) > 15
    reserved = {QKeySequence(r).toString() for r in RESERVED}
    assert not keys & reserved, keys & reserved


def test_standard_actions_use_the_platforms_standard_keys(qtbot: QtBot, demo_svc: Services,
                                                         settings: QSettings) -> None:
    window = open_window(qtbot, demo_svc, settings)
    actions = {a.text(): a for a in window.findChildren(type(window.quit_action))}
    for text, standard in STANDARD.items():
        assert actions[text].shortcuts() == QKeySequence.keyBindings(standard), text
    undo_redo = [s.keys() for s in window.live_game_tab.findChildren(QShortcut)]
    assert QKeySequence.keyBindings(QKeySequence.StandardKey.Undo) in undo_redo
    assert QKeySequence.keyBindings(QKeySequence.StandardKey.Redo) in undo_redo

