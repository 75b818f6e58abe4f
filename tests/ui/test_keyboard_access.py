"""Issue 27.15: mouse-only no more. The game's Officials…, Sign…, Reopen… and Audit… buttons have Ctrl+Shift keys
(shown in their tooltips; the letters alone are the entry keys at the boards), every button of the Season tab its
Alt letter; Ctrl+Tab goes from main tab to main tab from inside the Roster's forms and the Season tab's pages,
whose pages turn with Ctrl+PgDown and Ctrl+PgUp; File ▸ Import roster spreadsheet in the middle of a game leaves
the boards in front. And no two shortcuts of the window answer the same key at the same time."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QLabel, QMenu, QStackedWidget, QWidget
from pytestqt.qtbot import QtBot
from test_mnemonics import mnemonic, repeated
from ui_helpers import focus, open_window, press

from scorekeeper.services import Services
from ui import dialogs
from ui.live_keys import AUDIT_KEY, OFFICIALS_KEY, REOPEN_KEY, SIGN_KEY, key_text
from ui.main_window import MainWindow

CTRL, SHIFT, ALT = (Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier,
                    Qt.KeyboardModifier.AltModifier)


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, demo_svc, settings)


@pytest.fixture
def dialogs_run(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The title of every dialog run, each closed at once (Esc)."""
    titles: list[str] = []

    def run(dialog: QDialog) -> int:
        titles.append(dialog.windowTitle())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return titles


def shift_key(qtbot: QtBot, key: str) -> None:
    """Press `key` ('Ctrl+Shift+O') where the keys are."""
    combo = QKeySequence(key)[0]
    qtbot.keyClick(focus(), combo.key(), combo.keyboardModifiers())


def test_the_game_buttons_answer_ctrl_shift_keys_from_the_event_list(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, dialogs_run: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    tab = window.live_game_tab
    window.tabs.setCurrentWidget(tab)
    final = next(g for g in demo_svc.games("2015-16") if g["status"] == "final")
    tab.select_game(final["id"])
    tab.events_view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tab.events_view)
    reasons: list[str] = []
    monkeypatch.setattr(dialogs, "ask_reason", lambda parent, game: reasons.append(game) or None)
    for button, key in ((tab.details_button, OFFICIALS_KEY), (tab.sign_button, SIGN_KEY),
                        (tab.audit_button, AUDIT_KEY), (tab.reopen_button, REOPEN_KEY)):
        assert f"({key_text(key)})" in button.toolTip()
        assert button.isEnabled() and button.isVisible(), button.text()
        asked = len(dialogs_run) + len(reasons)
        shift_key(qtbot, key)  # the button flashes pressed, then acts
        qtbot.waitUntil(lambda asked=asked: len(dialogs_run) + len(reasons) > asked)
    assert [t.split(" —")[0] for t in dialogs_run] == ["Game sheet details", "Sign the game sheet", "Audit trail"]
    assert len(reasons) == 1  # Reopen… asked why
    assert f"({key_text('Ctrl+Shift+P')}" in tab.print_button.toolTip()  # Game sheet…: File ▸ Print preview…


def season_buttons(window: MainWindow) -> list[QAbstractButton]:
    tab = window.season_tab
    return [b for b in tab.findChildren(QAbstractButton) if b.isVisibleTo(tab) and b.text()
            and b.parent() is not tab.pages.tabBar()]


def test_every_season_tab_button_has_its_alt_letter_and_alt_a_records_an_appeal(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, dialogs_run: list[str]) -> None:
    window.tabs.setCurrentWidget(window.season_tab)
    pages = window.season_tab.pages
    menu_bar = [a.text() for a in window.menuBar().actions()]
    window.season_tab.view.setFocus()
    seen = set()
    for _ in range(pages.count()):  # Ctrl+PgDown through the pages, each checked as it is in front
        buttons = season_buttons(window)
        texts = [b.text() for b in buttons]
        assert all(mnemonic(t) for t in texts), (pages.tabText(pages.currentIndex()), texts)
        assert repeated(texts + menu_bar) == {}, (pages.tabText(pages.currentIndex()), texts)
        seen |= set(texts)
        press(qtbot, Qt.Key.Key_PageDown, CTRL)
    assert pages.currentIndex() == 0  # round the end, back to the standings
    assert {"Record &appeal…", "&Record payment…", "&Lift suspension…", "&E-mail", "&Print"} <= seen
    pages.setCurrentIndex([pages.tabText(n) for n in range(pages.count())].index("Suspensions"))
    view = window.season_tab.suspensions_view
    view.setFocus()
    view.setCurrentIndex(view.model().index(0, 0))
    assert window.season_tab.appeal_button.isEnabled()
    press(qtbot, Qt.Key.Key_A, ALT)
    qtbot.waitUntil(lambda: bool(dialogs_run))
    assert "ppeal" in dialogs_run[-1], dialogs_run


def test_ctrl_tab_goes_from_main_tab_to_main_tab_from_inside_the_inner_tabs(
        qtbot: QtBot, window: MainWindow) -> None:
    roster = window.roster_tab
    window.tabs.setCurrentWidget(roster)
    roster.forms.setCurrentWidget(roster.team_page)
    roster.team_name.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is roster.team_name)
    press(qtbot, Qt.Key.Key_PageDown, CTRL)  # the inner pages turn with Ctrl+PgDown / Ctrl+PgUp
    assert roster.forms.currentWidget() is roster.division_page and window.tabs.currentWidget() is roster
    press(qtbot, Qt.Key.Key_PageUp, CTRL)
    assert roster.forms.currentWidget() is roster.team_page
    roster.team_name.setFocus()
    press(qtbot, Qt.Key.Key_Tab, CTRL)
    assert window.tabs.currentWidget() is window.live_game_tab
    press(qtbot, Qt.Key.Key_Tab, CTRL)
    assert window.tabs.currentWidget() is window.season_tab
    window.season_tab.pages.setCurrentIndex(2)
    window.season_tab.suspensions_view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.season_tab.suspensions_view)
    press(qtbot, Qt.Key.Key_Tab, CTRL)  # round the end, from inside the Season tab's pages
    assert window.tabs.currentWidget() is roster and window.season_tab.pages.currentIndex() == 2
    roster.forms.setCurrentWidget(roster.player_page)
    roster.first.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is roster.first)
    press(qtbot, Qt.Key.Key_Backtab, CTRL | SHIFT)
    assert window.tabs.currentWidget() is window.season_tab


CSV = """Team,Jersey,First Name,Last Name,Gender,DOB,E-mail,Position
Lynx,88,Ann,Odegaard,F,1990-02-03,,skater
"""


def test_import_csv_from_the_menu_in_the_middle_of_a_game_leaves_the_boards_in_front(
        qtbot: QtBot, window: MainWindow, demo_svc: Services, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "roster.csv"
    path.write_text(CSV, encoding="utf-8")
    monkeypatch.setattr(dialogs, "ask_csv_file", lambda parent, folder="": str(path))
    monkeypatch.setattr(dialogs, "run_dialog", lambda dialog: QDialog.DialogCode.Accepted)  # Import 1 row
    tab = window.live_game_tab
    window.tabs.setCurrentWidget(tab)
    tab.select_game("g016")  # Lynx v Owls, under way at the boards
    tab.events_view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tab.events_view)
    press(qtbot, Qt.Key.Key_F, ALT)  # File ▸ Import roster spreadsheet (CSV)…
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    qtbot.keyClick(menu, Qt.Key.Key_C)
    qtbot.waitUntil(lambda: "imported" in window.statusBar().currentMessage())
    assert window.tabs.currentWidget() is tab
    assert "1 row(s) of roster.csv imported" in window.statusBar().currentMessage()
    assert any(p["last"] == "Odegaard" for p in demo_svc.roster("2015-16"))
    window.tabs.setCurrentWidget(window.season_tab)  # no game at hand: the Roster tab shows what was done
    window.csv_action.trigger()
    assert window.tabs.currentWidget() is window.roster_tab


def address(widget: QWidget) -> int:
    """The widget's C++ address: what tells widgets apart (a Python wrapper's id may be reused)."""
    return int(shiboken6.getCppPointer(widget)[0])


def scope(widget: QWidget | None) -> dict[int, int]:
    """The pages `widget` is on: each stacked widget (a tab widget's pages too) above it, and its page there."""
    pages: dict[int, int] = {}
    while widget is not None:
        parent = widget.parentWidget()
        if isinstance(parent, QStackedWidget):
            pages[address(parent)] = address(widget)
        widget = parent
    return pages


def shown_in_its_page(widget: QWidget) -> bool:
    """Not hidden, but for the pages it is on (a tab not in front)."""
    at: QWidget | None = widget
    while at is not None and not at.isWindow():
        if at.isHidden() and not isinstance(at.parentWidget(), QStackedWidget):
            return False
        at = at.parentWidget()
    return True


def every_key(window: MainWindow) -> list[tuple[str, dict[int, int], int | None, str]]:
    """Every key the window answers: (key, the pages it is on, the one widget it needs the focus in or None,
    what it does)."""
    found: list[tuple[str, dict[int, int], int | None, str]] = []
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            found.append((key.toString(), {}, None, action.text()))
    for shortcut in window.findChildren(QShortcut):
        parent = shortcut.parent()
        assert isinstance(parent, QWidget)
        only = address(parent) if shortcut.context() == Qt.ShortcutContext.WidgetShortcut else None
        for key in shortcut.keys():  # noqa: SIM118 - QShortcut.keys()
            found.append((key.toString(), scope(parent), only, f"shortcut of {type(parent).__name__}"))
    for button in window.findChildren(QAbstractButton):
        if not button.shortcut().isEmpty() and shown_in_its_page(button):
            found.append((button.shortcut().toString(), scope(button), None, button.text()))
    for label in window.findChildren(QLabel):
        letter = mnemonic(label.text())
        if label.buddy() is not None and letter and shown_in_its_page(label):
            found.append((QKeySequence(f"Alt+{letter.upper()}").toString(), scope(label), None, label.text()))
    for item in window.menuBar().actions():
        letter = mnemonic(item.text())
        if letter:
            found.append((QKeySequence(f"Alt+{letter.upper()}").toString(), {}, None, item.text()))
    return found


def together(a: dict[int, int], b: dict[int, int]) -> bool:
    """Two keys on these pages can be live at once: on the same page of every stacked widget both are in."""
    return all(a[stack] == b[stack] for stack in a.keys() & b.keys())


def test_no_two_shortcuts_of_the_window_answer_the_same_key_at_once(qtbot: QtBot, window: MainWindow) -> None:
    keys = every_key(window)
    assert len(keys) > 60
    assert {OFFICIALS_KEY, SIGN_KEY, REOPEN_KEY, AUDIT_KEY} <= {QKeySequence(k).toString() for k, *_ in keys}
    counts = Counter(key for key, *_ in keys)
    clashes = []
    for key in (k for k, n in counts.items() if n > 1):
        same = [entry for entry in keys if entry[0] == key]
        for n, (_, pages, only, what) in enumerate(same):
            for _, other_pages, other_only, other in same[n + 1:]:
                if only is not None and other_only is not None and only != other_only:
                    continue  # each needs the focus in its own widget
                if together(pages, other_pages):
                    clashes.append((key, what, other))
    assert clashes == [], "\n".join(map(str, clashes))


def test_the_entry_letters_are_nobody_elses(window: MainWindow) -> None:
    """The letters alone are the entry keys on the Live Game tab: no button or action of the window takes one."""
    tab = window.live_game_tab
    letters = {s.key().toString() for s in tab.findChildren(QShortcut) if len(s.key().toString()) == 1}
    assert {"G", "P", "N", "L", "S", "W", "T"} <= letters
    others = [key for key, _pages, _only, what in every_key(window)
              if key in letters and not what.startswith("shortcut of LiveGameTab")]
    assert others == []
    assert all(isinstance(o, QObject) for o in tab.findChildren(QShortcut))
