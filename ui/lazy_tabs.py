"""Issue 29.4: the main tabs built when first needed. At start-up only the tab in front is built (and its module
imported); each other tab is built the first time it is brought to the front, filled out of sight
(`ui.tab_fill`), or asked for by a menu action or a key (`get`): until then a "Loading…" stand-in holds its place,
its title the same, so the tab bar, Ctrl+Tab and the menus are as they always are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QTabWidget, QWidget

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from scorekeeper.services import Services
    from ui.hub import ChangeHub

Make = Callable[[], QWidget]


class Window(Protocol):
    """What the tabs are built over: the main window's facade, settings and change hub, and its backups."""

    svc: Services
    settings: QSettings
    hub: ChangeHub

    def auto_backup(self, why: str) -> object: ...


def makers(window: Window) -> tuple[Make, Make, Make]:
    """What builds the Roster, the Live Game and the Season tab over `window`'s facade and change hub, each tab's
    module imported as it is built."""

    def roster() -> QWidget:
        from ui.roster_tab import RosterTab

        return RosterTab(window.svc, hub=window.hub)

    def live() -> QWidget:
        from ui.live_game_tab import LiveGameTab

        tab = LiveGameTab(window.svc, window.settings, hub=window.hub)
        tab.finished.connect(lambda game: window.auto_backup(  # the game by its league number
            f"game {window.svc.game_names(tab.season).get(game, game)} finished"))
        return tab

    def season() -> QWidget:
        from ui.season_tab import SeasonTab

        return SeasonTab(window.svc, hub=window.hub)

    return roster, live, season


class LazyTabs:
    """The pages of `tabs`, page `i` made by `make[i]` and titled `titles[i]` the first time `get(i)` asks for
    it; `made_one(i, page)` follows each (wiring, accessible names). The page in front stays in front."""

    def __init__(self, tabs: QTabWidget, titles: Sequence[str], make: Sequence[Callable[[], QWidget]],
                 made_one: Callable[[int, QWidget], None]) -> None:
        self.tabs, self.titles, self._make, self._made_one = tabs, titles, make, made_one
        self._pages: dict[int, QWidget] = {}

    def get(self, index: int) -> QWidget:
        """Page `index`, built now if it was not yet (in place of its stand-in, without a repaint between)."""
        page = self._pages.get(index)
        if page is None:
            page = self._pages[index] = self._make[index]()
            self._put(index, page)
            self._made_one(index, page)
        return page

    def made(self, index: int) -> QWidget | None:
        """Page `index` if it is built, else None (nothing is built)."""
        return self._pages.get(index)

    def pages(self) -> list[QWidget]:
        """The pages built so far, in the tab bar's order."""
        return [self._pages[index] for index in sorted(self._pages)]

    def _put(self, index: int, page: QWidget) -> None:
        window = self.tabs.window()
        front = self.tabs.currentIndex()
        updates = window.updatesEnabled()
        window.setUpdatesEnabled(False)
        blocked = self.tabs.blockSignals(True)
        stand_in = self.tabs.widget(index)
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, page, self.titles[index])
        self.tabs.setCurrentIndex(front)
        self.tabs.blockSignals(blocked)
        window.setUpdatesEnabled(updates)
        if stand_in is not None:
            stand_in.deleteLater()
