"""Issue 27.16: the File menu repeated its mnemonics (R twice, O twice, S twice: Alt+F then a letter opened the
wrong item). Every menu of the window (the menu bar, each menu and submenu, the Season tab's Print and E-mail
menus, the games list's context menu) and every dialog those menus and the Live Game tab's header buttons open
has each & letter once (the Season tab's appeal, payment and lift dialogs, the Roster's rename, merge and delete
too); a letter is walked by keys as a person would (Alt+F, then the letter)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QWidget,
)
from pytestqt.qtbot import QtBot
from ui_helpers import open_window, press

from scorekeeper.services import Services
from ui import dialogs
from ui.main_window import MainWindow


def mnemonic(text: str) -> str | None:
    """The letter after a single '&' ('&&' is a literal ampersand), lower case; None without one."""
    at = 0
    while at < len(text) - 1:
        if text[at] == "&":
            if text[at + 1] != "&":
                return text[at + 1].lower()
            at += 1
        at += 1
    return None


def repeated(texts: Iterable[str]) -> dict[str, list[str]]:
    """The letters used by more than one of `texts`, with the texts that use each."""
    texts = list(texts)
    counts = Counter(letter for letter in map(mnemonic, texts) if letter)
    return {letter: [t for t in texts if mnemonic(t) == letter] for letter, n in counts.items() if n > 1}


def test_the_letters_are_read_as_qt_reads_them() -> None:
    assert mnemonic("&File") == "f" and mnemonic("Vie&w") == "w" and mnemonic("Save && close") is None
    assert mnemonic("Fish && &Chips") == "c" and mnemonic("Close") is None
    assert repeated(["&Open", "Change &operator", "&Quit"]) == {"o": ["&Open", "Change &operator"]}


def menus_of(menu: QMenu) -> Iterator[QMenu]:
    """`menu` and its submenus, each filled as it would be when opened."""
    menu.aboutToShow.emit()
    yield menu
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from menus_of(sub)


def every_menu(window: MainWindow) -> list[tuple[str, list[str]]]:
    """(title, item texts) of every menu of the window: the menu bar's, then each menu and context menu."""
    bar = window.menuBar()
    found = [("menu bar", [a.text() for a in bar.actions() if a.isVisible()])]
    menus = [m for a in bar.actions() if isinstance(a.menu(), QMenu) for m in menus_of(a.menu())]
    menus += [m for m in window.findChildren(QMenu) if m not in menus]
    for menu in menus:
        found.append((menu.title() or menu.objectName() or repr(menu),
                      [a.text() for a in menu.actions() if a.isVisible() and not a.isSeparator()]))
    for widget in window.findChildren(QWidget):  # context menus made of the widget's own actions
        if widget.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu and widget.actions():
            found.append((f"context menu of {widget.objectName() or type(widget).__name__}",
                          [a.text() for a in widget.actions() if a.isVisible()]))
    return found


def test_every_menu_of_the_window_has_each_letter_once(qtbot: QtBot, demo_svc: Services,
                                                       settings: QSettings) -> None:
    window = open_window(qtbot, demo_svc, settings)
    menus = every_menu(window)
    titles = [title for title, _ in menus]
    assert "menu bar" in titles and "&File" in titles and "Arena display on &screen" in titles
    assert sum(len(items) for _, items in menus) > 40
    assert {title: repeated(items) for title, items in menus if repeated(items)} == {}
    file_menu = next(items for title, items in menus if title == "&File")
    assert all(mnemonic(text) for text in file_menu)  # every item of the File menu has its letter


def keys_of(dialog: QWidget) -> list[str]:
    """What the dialog's Alt keys act on: its buttons' texts and the texts of labels that lead to a field."""
    buttons = [b.text() for b in dialog.findChildren(QAbstractButton) if b.isVisibleTo(dialog) and b.text()]
    labels = [lb.text() for lb in dialog.findChildren(QLabel) if lb.buddy() is not None and lb.isVisibleTo(dialog)]
    return buttons + labels


Opened = list[tuple[str, list[str]]]
"""Each dialog opened: its title and its Alt keys' texts."""

SKIPPED = {"&Quit", "Open the &demo season…", "Leave the &demo: back to the league's database", "&Arena display",
           "Arena display &full screen"}
"""Items that end the window, change its database or open the rink's board: no dialog to read."""


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, list[str]]]:
    """Every dialog the window opens (its title, its Alt keys), closed at once (Cancel, Esc) once read. Qt's
    own print dialog is Qt's business."""
    seen: list[tuple[str, list[str]]] = []

    def run(dialog: QDialog) -> int:
        if isinstance(dialog, QPrintDialog):
            return QDialog.DialogCode.Rejected
        dialog.show()  # laid out as it is on the screen: a button hidden until then stays out of the count
        QApplication.processEvents()
        seen.append((dialog.windowTitle(), keys_of(dialog)))
        dialog.hide()
        return QDialog.DialogCode.Rejected

    def no_file(*args: object, **kwargs: object) -> tuple[str, str]:
        return "", ""

    def message(parent: QWidget | None, title: str, text: str, *args: object, **kwargs: object) -> int:
        box = QMessageBox(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, parent)
        return run(box)

    monkeypatch.setattr(dialogs, "run_dialog", run)
    for name in ("getOpenFileName", "getSaveFileName"):
        monkeypatch.setattr(QFileDialog, name, no_file)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: "")
    for name in ("getText", "getItem"):
        monkeypatch.setattr(QInputDialog, name, lambda *a, **k: ("", False))
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (0, False))
    monkeypatch.setattr(QMessageBox, "information", message)
    monkeypatch.setattr(QMessageBox, "about", message)
    monkeypatch.setattr(QDialog, "exec", run)  # a dialog run outside run_dialog (print, preview) is read too
    return seen


def test_every_dialog_the_menus_and_the_game_buttons_open_has_each_letter_once(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, opened: Opened) -> None:
    window = open_window(qtbot, demo_svc, settings)
    window.tabs.setCurrentWidget(window.live_game_tab)
    final = next(g for g in demo_svc.games("2015-16") if g["status"] == "final")
    window.live_game_tab.select_game(final["id"])
    reached: dict[str, list[str]] = {}
    actions: list[QAction] = [a for a in window.findChildren(QAction) if a.menu() is None]
    bar = {m for a in window.menuBar().actions() if isinstance(a.menu(), QMenu) for m in menus_of(a.menu())}
    for action in [a for m in bar for a in m.actions() if a in actions]:
        if action.text() in SKIPPED or not action.isEnabled() or not action.isVisible() or action.isSeparator():
            continue
        before = len(opened)
        action.trigger()
        for title, keys in opened[before:]:
            reached[f"{action.text()} ▸ {title}"] = keys
    tab = window.live_game_tab
    for button in (tab.details_button, tab.sign_button, tab.audit_button, tab.print_button):
        window.tabs.setCurrentWidget(tab)
        before = len(opened)
        button.click()
        for title, keys in opened[before:]:
            reached[f"{button.text()} ▸ {title}"] = keys
    season = window.season_tab
    window.tabs.setCurrentWidget(season)
    titles = [season.pages.tabText(n) for n in range(season.pages.count())]
    for page, button in (("Suspensions", season.appeal_button), ("Suspensions", season.lift_button),
                         ("Fines", season.payment_button)):
        season.pages.setCurrentIndex(titles.index(page))
        view = season.suspensions_view
        view.setCurrentIndex(view.model().index(0, 0))
        before = len(opened)
        button.click()
        for title, keys in opened[before:]:
            reached[f"{button.text()} ▸ {title}"] = keys
    roster = window.roster_tab
    window.tabs.setCurrentWidget(roster)
    roster.view.setCurrentIndex(roster.view.model().index(0, 0))
    roster.forms.setCurrentWidget(roster.team_page)
    for button in (roster.rename_team_button, roster.merge_team_button, roster.delete_team_button):
        before = len(opened)
        button.click()
        for title, keys in opened[before:]:
            reached[f"{button.text()} ▸ {title}"] = keys
    assert len(reached) >= 20, sorted(reached)
    assert {where: repeated(keys) for where, keys in reached.items() if repeated(keys)} == {}


def test_alt_f_then_a_letter_opens_the_item_of_that_letter(qtbot: QtBot, demo_svc: Services,
                                                          settings: QSettings, opened: Opened) -> None:
    """Alt+F, O opens a database (Change operator had O too: the first O only went to one of them), Alt+F, A the
    operator's question, Alt+F, H the seasons."""
    window = open_window(qtbot, demo_svc, settings)
    asked: list[str] = []
    window.ask_operator = lambda: asked.append("operator")  # type: ignore[method-assign]
    window.choose_database = lambda new: asked.append("database")  # type: ignore[method-assign]
    window.manage_seasons = lambda: asked.append("seasons")  # type: ignore[method-assign]
    window.operator_action.triggered.disconnect()
    window.operator_action.triggered.connect(window.ask_operator)
    window.seasons_action.triggered.disconnect()
    window.seasons_action.triggered.connect(window.manage_seasons)
    for letter in (Qt.Key.Key_O, Qt.Key.Key_A, Qt.Key.Key_H):
        window.activateWindow()
        window.season_picker.setFocus()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is window.season_picker)
        press(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu) and menu.title() == "&File"
        qtbot.keyClick(menu, letter)
        qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    assert asked == ["database", "operator", "seasons"]


def test_every_item_of_every_menu_has_a_key(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> None:
    """Issue 31.4: every action is reachable from the keyboard: each menu of the bar has its Alt letter, and each
    item of each menu and submenu its letter (Alt, the menu's letter, the item's) or a shortcut of its own."""
    window = open_window(qtbot, demo_svc, settings)
    bar = window.menuBar()
    assert [a.text() for a in bar.actions() if a.isVisible() and not mnemonic(a.text())] == []
    keyless = []
    for menu in [m for a in bar.actions() if isinstance(a.menu(), QMenu) for m in menus_of(a.menu())]:
        for action in menu.actions():
            if action.isVisible() and not action.isSeparator() and not mnemonic(action.text()) \
                    and action.shortcut().isEmpty():
                keyless.append(f"{menu.title()} ▸ {action.text()}")
    assert keyless == []
