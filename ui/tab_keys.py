"""Keys between tabs (issue 27.15): Ctrl+Tab and Ctrl+Shift+Tab go from main tab to main tab wherever the keys
are, an inner tab widget (the Roster's forms, the Season tab's pages, the Live Game tab's Scoring and Line-ups)
no longer keeping them for itself; inner pages keep a way of their own: Ctrl+PgDown and Ctrl+PgUp on the Roster
and Season tabs (on the Live Game tab those keys step the periods, and Ctrl+L switches its pages).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QTabWidget, QWidget

_KEY_PRESS = QEvent.Type.KeyPress
NEXT_PAGE_KEY, PREVIOUS_PAGE_KEY = "Ctrl+PgDown", "Ctrl+PgUp"
"""The next or the previous inner page of the Roster and Season tabs."""


def is_ctrl_tab(event: QEvent) -> bool:
    """Ctrl+Tab or Ctrl+Shift+Tab (Backtab), as QTabWidget reads them."""
    return (isinstance(event, QKeyEvent) and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
            and bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier))


class MainTabsKeepCtrlTab(QObject):
    """Installed on an inner tab widget: Ctrl+Tab is not its to take, it goes on up to the main tabs."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == _KEY_PRESS and is_ctrl_tab(event):  # (every event of the tab widget comes here)
            event.ignore()  # skipped here, the key travels on to the parents, the main tab widget among them
            return True
        return False  # as QObject.eventFilter answers, without the call


def step(pages: QTabWidget, by: int) -> None:
    """The next (1) or previous (-1) enabled page of `pages`, round the end as Ctrl+Tab goes."""
    count = pages.count()
    index = pages.currentIndex()
    for _ in range(count):
        index = (index + by) % count
        if pages.isTabEnabled(index):
            pages.setCurrentIndex(index)
            return


def page_keys(owner: QWidget, pages: QTabWidget) -> list[QShortcut]:
    """Ctrl+PgDown and Ctrl+PgUp switch `pages` while the keys are anywhere in `owner` (a main tab)."""
    shortcuts = []
    for key, by in ((NEXT_PAGE_KEY, 1), (PREVIOUS_PAGE_KEY, -1)):
        shortcut = QShortcut(QKeySequence(key), owner, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(lambda by=by: step(pages, by))
        shortcuts.append(shortcut)
    return shortcuts


def wire(main: QTabWidget, paged: list[tuple[QWidget, QTabWidget]]) -> MainTabsKeepCtrlTab:
    """Every tab widget inside `main`'s pages passes Ctrl+Tab on to `main`; each of `paged` (a main tab, its
    inner pages) gets Ctrl+PgDown and Ctrl+PgUp for its pages."""
    keeper = MainTabsKeepCtrlTab(main)
    for index in range(main.count()):
        page = main.widget(index)
        if page is not None:
            wire_page(keeper, page)
    for owner, pages in paged:
        page_keys(owner, pages)
    return keeper


def wire_page(keeper: MainTabsKeepCtrlTab, page: QWidget, pages: QTabWidget | None = None) -> None:
    """One main tab, built after the others (issue 29.4): its inner tab widgets pass Ctrl+Tab on to the main tabs
    (`keeper`'s); `pages`, its inner pages, get Ctrl+PgDown and Ctrl+PgUp."""
    for inner in page.findChildren(QTabWidget):
        inner.installEventFilter(keeper)
    if pages is not None:
        page_keys(page, pages)
