"""The main window: a season picker, the Roster, Live Game and Season tabs, and the menus."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, qVersion
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QMessageBox, QTabWidget, QToolBar, QWidget

import scorekeeper
from ui import APP_NAME
from ui.live_game_tab import LiveGameTab
from ui.roster_tab import RosterTab
from ui.season_tab import SeasonTab
from ui.table_tab import TableTab

if TYPE_CHECKING:
    from scorekeeper.services import Services

GEOMETRY, STATE, SEASON, TAB = "window/geometry", "window/state", "window/season", "window/tab"


class MainWindow(QMainWindow):
    """The office's window onto one database; closing it saves its layout and closes the database."""

    def __init__(self, svc: Services, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.svc = svc
        self.settings = settings if settings is not None else QSettings()
        self._shut_down = False
        self._seasons = {season["name"]: season for season in svc.seasons()}

        self.season_picker = QComboBox(self)
        self.season_picker.setObjectName("seasonPicker")
        self.season_picker.setMinimumContentsLength(10)
        self.season_picker.setToolTip("The season the tabs show")
        toolbar = QToolBar("Season", self)
        toolbar.setObjectName("seasonToolBar")
        toolbar.setMovable(False)
        toolbar.addWidget(QLabel(" Season: ", toolbar))
        toolbar.addWidget(self.season_picker)
        self.addToolBar(toolbar)

        self.roster_tab = RosterTab(svc)
        self.live_game_tab = LiveGameTab(svc)
        self.season_tab = SeasonTab(svc)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.roster_tab, "Roster")
        self.tabs.addTab(self.live_game_tab, "Live Game")
        self.tabs.addTab(self.season_tab, "Season")
        self.setCentralWidget(self.tabs)

        self.database_label = QLabel(f"Database: {svc.database_label}", self)
        self.database_label.setToolTip(svc.database_label)
        self.statusBar().addPermanentWidget(self.database_label)
        self._build_menus()

        self.resize(1100, 700)
        self._restore_settings()
        self.season_picker.currentIndexChanged.connect(self._season_changed)
        self._season_changed()

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        self.about_action = QAction("&About Scorekeeper", self)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        help_menu.addAction(self.about_action)

    def _restore_settings(self) -> None:
        """Seasons newest first; the one last shown if it is still there, else the latest."""
        geometry = self.settings.value(GEOMETRY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value(STATE)
        if isinstance(state, QByteArray):
            self.restoreState(state)
        for name in reversed(self._seasons):
            self.season_picker.addItem(name, name)
        self.season_picker.setEnabled(bool(self._seasons))
        if not self._seasons:
            self.season_picker.addItem("no season")
        last = self.season_picker.findData(self.settings.value(SEASON))
        self.season_picker.setCurrentIndex(max(last, 0))
        tab = self.settings.value(TAB, 0, type=int)
        self.tabs.setCurrentIndex(tab if isinstance(tab, int) and 0 <= tab < self.tabs.count() else 0)

    def save_settings(self) -> None:
        """Remember the window's size and place, the season shown and the tab in front."""
        self.settings.setValue(GEOMETRY, self.saveGeometry())
        self.settings.setValue(STATE, self.saveState())
        if self.current_season() is not None:
            self.settings.setValue(SEASON, self.current_season())
        self.settings.setValue(TAB, self.tabs.currentIndex())
        self.settings.sync()

    def current_season(self) -> str | None:
        """The name of the season shown, None when the database holds none."""
        name = self.season_picker.currentData()
        return name if isinstance(name, str) else None

    def select_season(self, name: str) -> None:
        """Show season `name` (as if picked in the toolbar)."""
        index = self.season_picker.findData(name)
        if index < 0:
            raise KeyError(name)
        self.season_picker.setCurrentIndex(index)

    def season_tabs(self) -> list[TableTab]:
        """The tabs, in order."""
        return [self.roster_tab, self.live_game_tab, self.season_tab]

    def _season_changed(self) -> None:
        name = self.current_season()
        if name is None:
            self.setWindowTitle(f"{APP_NAME} — no season")
        else:
            self.setWindowTitle(f"{APP_NAME} — {self._seasons[name]['league']} {name}")
        for tab in self.season_tabs():
            tab.show_season(name)

    def show_about(self) -> None:
        """The About box: version, purpose, Qt version and the database in use."""
        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"<h3>{APP_NAME} {scorekeeper.__version__}</h3>"
            "<p>Rosters, live game scoring, game sheets and fines for the "
            "Westridge Sponge Hockey League office.</p>"
            f"<p>Database: {html.escape(self.svc.database_label)}<br>Qt {qVersion()}</p>",
        )

    def shutdown(self) -> None:
        """Save the layout and close the database, once, however the window goes away."""
        if self._shut_down:
            return
        self._shut_down = True
        self.save_settings()
        self.svc.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)
