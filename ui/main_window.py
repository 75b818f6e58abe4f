"""The main window: a season picker, the Roster, Live Game and Season tabs, and the menus."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings, qVersion
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QMessageBox, QTabWidget, QToolBar, QWidget

import scorekeeper
from scorekeeper.services import ServiceError, Services
from ui import APP_NAME, dialogs
from ui.live_game_tab import SHORTCUTS, LiveGameTab
from ui.paths import demo_season_path
from ui.roster_tab import RosterTab, slug
from ui.season_tab import SeasonTab
from ui.table_tab import TableTab

if TYPE_CHECKING:
    from scorekeeper.services import ImportReport

GEOMETRY, STATE, SEASON, TAB = "window/geometry", "window/state", "window/season", "window/tab"
OPERATOR, FOLDER = "operator", "paths/folder"
FORMAT = "scorekeeper.season/1"


class MainWindow(QMainWindow):
    """The office's window onto one database; closing it saves its layout and closes the database."""

    def __init__(self, svc: Services, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.svc = svc
        self.settings = settings if settings is not None else QSettings()
        self._shut_down = False
        self._seasons: dict[str, dict[str, Any]] = {}
        operator = self.settings.value(OPERATOR)
        if isinstance(operator, str) and operator:
            svc.operator = operator

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
        self.live_game_tab = LiveGameTab(svc, self.settings)
        self.season_tab = SeasonTab(svc)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.roster_tab, "Roster")
        self.tabs.addTab(self.live_game_tab, "Live Game")
        self.tabs.addTab(self.season_tab, "Season")
        self.setCentralWidget(self.tabs)
        self._stale: set[QWidget] = set()
        for tab in self.season_tabs():
            tab.changed.connect(self._changed)
        self.tabs.currentChanged.connect(self._redraw_stale)

        self.database_label = QLabel(self)
        self.operator_label = QLabel(self)
        self.statusBar().addPermanentWidget(self.operator_label)
        self.statusBar().addPermanentWidget(self.database_label)
        self._build_menus()
        self._show_labels()

        self.resize(1280, 760)
        self._restore_settings()
        self.season_picker.currentIndexChanged.connect(self._season_changed)
        self._season_changed()

    # -- menus -----------------------------------------------------------------------------------------------
    def _action(self, text: str, slot: Any, shortcut: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.new_db_action = self._action("&New database…", lambda: self.choose_database(new=True), "Ctrl+N")
        self.open_db_action = self._action("&Open database…", lambda: self.choose_database(new=False), "Ctrl+O")
        self.new_season_action = self._action("New &season…", self.create_season)
        self.import_action = self._action("&Import season file…", self.import_season_file, "Ctrl+I",
                                          "Load a season file: all of it, or nothing when the rulebook refuses it")
        self.export_action = self._action("&Export season file…", self.export_season_file, "Ctrl+E")
        self.print_action = QAction("&Print…", self)
        self.print_action.setShortcut(QKeySequence("Ctrl+P"))
        self.print_action.setEnabled(False)
        self.print_action.setStatusTip("Game sheets, notices and statements: coming in a later version")
        self.operator_action = self._action("Change &operator…", self.ask_operator)
        self.quit_action = self._action("&Quit", self.close, "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        for item in (self.new_db_action, self.open_db_action, None, self.new_season_action, self.import_action,
                     self.export_action, None, self.print_action, None, self.operator_action, self.quit_action):
            if item is None:
                file_menu.addSeparator()
            else:
                file_menu.addAction(item)
        rule_menu = self.menuBar().addMenu("R&ulebook")
        self.rulebook_action = self._action("&Rulebook in force…", self.show_rulebook, "Ctrl+R")
        rule_menu.addAction(self.rulebook_action)
        help_menu = self.menuBar().addMenu("&Help")
        self.shortcuts_action = self._action("&Keyboard shortcuts", self.show_shortcuts, "F1")
        help_menu.addAction(self.shortcuts_action)
        self.about_action = self._action("&About Scorekeeper", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        help_menu.addAction(self.about_action)

    def _show_labels(self) -> None:
        self.database_label.setText(f"Database: {self.svc.database_label}")
        self.database_label.setToolTip(self.svc.database_label)
        self.operator_label.setText(f"Operator: {self.svc.operator or '—'}  ")

    # -- settings --------------------------------------------------------------------------------------------
    def _restore_settings(self) -> None:
        """Seasons newest first; the one last shown if it is still there, else the latest."""
        geometry = self.settings.value(GEOMETRY)
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value(STATE)
        if isinstance(state, QByteArray):
            self.restoreState(state)
        self._fill_picker(self.settings.value(SEASON))
        tab = self.settings.value(TAB, 0, type=int)
        self.tabs.setCurrentIndex(tab if isinstance(tab, int) and 0 <= tab < self.tabs.count() else 0)

    def _fill_picker(self, select: object = None) -> None:
        self._seasons = {season["name"]: season for season in self.svc.seasons()}
        blocked = self.season_picker.blockSignals(True)
        self.season_picker.clear()
        for name in reversed(self._seasons):
            self.season_picker.addItem(name, name)
        self.season_picker.setEnabled(bool(self._seasons))
        if not self._seasons:
            self.season_picker.addItem("no season")
        last = self.season_picker.findData(select)
        self.season_picker.setCurrentIndex(max(last, 0))
        self.season_picker.blockSignals(blocked)

    def reload_seasons(self, select: str | None = None) -> None:
        """Read the database's seasons again (after an import or on another database) and redraw."""
        self._fill_picker(select if select is not None else self.current_season())
        self._season_changed()

    def save_settings(self) -> None:
        """Remember the window's size and place, the season shown and the tab in front."""
        self.settings.setValue(GEOMETRY, self.saveGeometry())
        self.settings.setValue(STATE, self.saveState())
        if self.current_season() is not None:
            self.settings.setValue(SEASON, self.current_season())
        self.settings.setValue(TAB, self.tabs.currentIndex())
        self.live_game_tab.save_clock()
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
        for action in (self.export_action, self.rulebook_action):
            action.setEnabled(name is not None)
        self._stale.clear()
        for tab in self.season_tabs():
            tab.show_season(name)

    def _changed(self, changed: dict[str, Any]) -> None:
        """A tab wrote through the facade: the other tabs redraw when they are next shown (an entry at the
        boards must not wait for tables nobody is looking at)."""
        sender = self.sender()
        for tab in self.season_tabs():
            if tab is not sender:
                self._stale.add(tab)
        self._redraw_stale()

    def _redraw_stale(self) -> None:
        current = self.tabs.currentWidget()
        if current in self._stale:
            self._stale.discard(current)
            assert isinstance(current, TableTab)
            current.show_season(self.current_season())

    # -- start-up --------------------------------------------------------------------------------------------
    def start(self) -> None:
        """After the window is shown: ask who is at the keyboard (once), offer a season on an empty database."""
        if not self.settings.value(OPERATOR):
            self.ask_operator()
        if not self._seasons:
            self.offer_first_start()

    def ask_operator(self) -> None:
        name = dialogs.ask_operator(self, self.svc.operator)
        if name:
            self.svc.operator = name
            self.settings.setValue(OPERATOR, name)
        self._show_labels()

    def offer_first_start(self) -> None:
        choice = dialogs.ask_first_start(self)
        if choice == "demo":
            self.import_path(str(demo_season_path()))
        elif choice == "create":
            self.create_season()

    def create_season(self) -> None:
        """A new season: the names the user types, its first division, the default rulebook (a minimal season
        file; the facade writes nothing for a season file without a single object in it)."""
        answer = dialogs.ask_new_season(self)
        if answer is None:
            return
        division = {"id": slug(answer["division"]), "name": answer["division"], "coed": answer["coed"]}
        report = self.svc.import_data({"format": FORMAT, "league": answer["league"], "season": answer["season"],
                                       "divisions": [division]})
        if not report.ok:
            dialogs.show_import_report(self, report, f"season {answer['season']}")
            return
        self.reload_seasons(select=answer["season"])

    # -- databases and season files --------------------------------------------------------------------------
    def choose_database(self, new: bool) -> None:
        path = dialogs.ask_database(self, new, str(self.settings.value(FOLDER, "")))
        if path:
            self.open_database(path)

    def open_database(self, target: str) -> bool:
        """Close the database in use and open `target` (path or URL) in its place; False if it cannot open."""
        try:
            svc = Services.open(target)
        except ServiceError as exc:
            # Opening binds the core's models to the new database before it is checked: open the one in use
            # again so that the window and the models agree on where they write.
            self._reopen_current()
            dialogs.tell(self, APP_NAME, f"Scorekeeper could not open {target}.\n\n{exc}", error=True)
            return False
        self.live_game_tab.save_clock()
        svc.operator = self.svc.operator
        self.svc.close()
        self.set_services(svc)
        self.settings.setValue(FOLDER, str(Path(target).parent))
        if not self._seasons:
            self.offer_first_start()
        return True

    def _reopen_current(self) -> None:
        operator, target = self.svc.operator, self.svc.target
        self.svc.close()
        svc = Services.open(target)
        svc.operator = operator
        self.set_services(svc)

    def set_services(self, svc: Services) -> None:
        self.svc = svc
        for tab in self.season_tabs():
            tab.svc = svc
        self._show_labels()
        self.reload_seasons()

    def import_season_file(self) -> None:
        path = dialogs.ask_import_file(self, str(self.settings.value(FOLDER, "")))
        if path:
            self.settings.setValue(FOLDER, str(Path(path).parent))
            self.import_path(path)

    def import_path(self, path: str) -> ImportReport:
        """Import a season file behind a progress dialog, then show what it did and what it refused."""
        report = dialogs.import_with_progress(self, self.svc, path)
        dialogs.show_import_report(self, report, Path(path).name)
        if report.ok:
            self.reload_seasons(select=report.season or None)
        return report

    def export_season_file(self) -> None:
        season = self.current_season()
        if season is None:
            return
        folder = Path(str(self.settings.value(FOLDER, "")) or ".")
        path = dialogs.ask_export_file(self, str(folder / f"season-{season}.json"))
        if not path:
            return
        try:
            data = self.svc.export(season)
            Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        except (ServiceError, OSError) as exc:
            dialogs.tell(self, "Export", f"The season could not be exported.\n\n{exc}", error=True)
            return
        self.statusBar().showMessage(f"Exported {season} to {path}", 8000)

    # -- rulebook and help -----------------------------------------------------------------------------------
    def show_rulebook(self) -> None:
        season = self.current_season()
        if season is not None:
            dialogs.show_rulebook(self, self.svc.view(season).book)

    def show_shortcuts(self) -> None:
        rows = "".join(f"<tr><td><b>{html.escape(key)}</b></td><td>{html.escape(what)}</td></tr>"
                       for key, what in SHORTCUTS)
        QMessageBox.information(self, "Keyboard shortcuts",
                                f"<p>On the Live Game tab:</p><table cellspacing=4>{rows}</table>")

    def show_about(self) -> None:
        """The About box: version, purpose, Qt version and the database in use."""
        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"<h3>{APP_NAME} {scorekeeper.__version__}</h3>"
            "<p>Rosters, live game scoring, game sheets and fines for the "
            "Westridge Sponge Hockey League office.</p>"
            f"<p>Database: {html.escape(self.svc.database_label)}<br>Qt {qVersion()}</p>"
            "<p>Press F1 for the keyboard shortcuts.</p>",
        )

    def shutdown(self) -> None:
        """Save the layout and close the database, once, however the window goes away."""
        if self._shut_down:
            return
        self._shut_down = True
        self.save_settings()
        self.live_game_tab.stop()
        self.svc.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)
