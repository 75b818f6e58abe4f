"""The main window: a season picker, the Roster, Live Game and Season tabs, and the menus.

Importing this module costs PySide6 only: the core and the tab modules are imported when the database is
attached (`MainWindow.attach`), so `run_gui` can show the window's shell before the database opens.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings, QTimer, Signal, qVersion
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ui import APP_NAME, screen_fit
from ui.elided_label import ElidedLabel

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QPaintEvent

    from scorekeeper.services import ImportReport, Services
    from ui.live_game_tab import LiveGameTab
    from ui.print_preview import Document
    from ui.roster_tab import RosterTab
    from ui.season_tab import SeasonTab
    from ui.table_tab import TableTab

GEOMETRY, STATE, SEASON, TAB = "window/geometry", "window/state", "window/season", "window/tab"
OPERATOR, FOLDER = "operator", "paths/folder"
DEMO_FILE, LEAGUE = "scorekeeper-demo.db", "demo/league"  # the demo's own database; the one to go back to
TAB_TITLES = ("Roster", "Live Game", "Season")
DEFAULT_DATABASE = "the default database"


def placeholder() -> QWidget:
    """A tab's stand-in while the database opens: "Loading…" in its middle (centred by stretches: the `Qt`
    namespace alone costs 20 ms to import, a sixth of a bare window's start)."""
    page = QWidget()
    page.setObjectName("loadingTab")
    label = QLabel("Loading…", page)
    label.setEnabled(False)
    row = QHBoxLayout()
    row.addStretch()
    row.addWidget(label)
    row.addStretch()
    column = QVBoxLayout(page)
    column.addStretch()
    column.addLayout(row)
    column.addStretch()
    return page


class MainWindow(QMainWindow):
    """The office's window onto one database; closing it saves its layout and closes the database.

    `MainWindow(svc)` builds the whole window at once. `MainWindow.opening(db)` builds its shell only (menus,
    season toolbar, "Loading…" tabs, status bar) to show at once; `attach(svc)` then fills it in place.
    """

    loaded = Signal()
    """Emitted once the database is attached and the tab in front shows its data."""

    svc: Services
    roster_tab: RosterTab
    live_game_tab: LiveGameTab
    season_tab: SeasonTab

    def __init__(self, svc: Services | None, settings: QSettings | None = None, parent: QWidget | None = None,
                 lazy: bool = False) -> None:
        """`svc` None: the shell only, until `attach`. `lazy`: only the tab in front loads at first, the others
        when first shown (the start-up path)."""
        super().__init__(parent)
        self._lazy = lazy
        self.settings = settings if settings is not None else QSettings()
        self._shut_down = False
        self._ready = False
        self.open_failed = False
        self._seasons: dict[str, dict[str, Any]] = {}
        self.given_operator = ""
        """The operator named on the command line (`--operator`): this session's, not asked, not remembered."""
        self.given_season = ""
        """The season named on the command line (`--season`): shown first instead of the one last shown."""
        self._stale: set[QWidget] = set()
        self._season_tabs: list[TableTab] = []
        self._actions: list[QAction] = []
        self._shortcuts: list[tuple[QAction, str]] = []
        self._after_paint: Callable[[], object] | None = None
        self._on_screen = False
        self._build_shell()
        if svc is not None:
            self.attach(svc)

    @classmethod
    def opening(cls, database: str | None, settings: QSettings | None = None) -> MainWindow:
        """The window's shell while `database` (None: the default one) opens: show it, then `attach`."""
        window = cls(None, settings, lazy=True)
        name = database or DEFAULT_DATABASE
        window.setWindowTitle(f"{APP_NAME} — opening {name}…")
        window.statusBar().showMessage(f"Opening {name}…")
        return window

    def when_painted(self, slot: Callable[[], object], fallback_ms: int = 500) -> None:
        """Call `slot` once, on the event loop's turn after the window is first painted (after `fallback_ms`
        if it is not painted by then, e.g. started minimised): the shell is on screen before the work starts."""
        self._after_paint = slot
        QTimer.singleShot(fallback_ms, self._painted)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._on_screen:  # the frame is known once painted: frame and status bar kept on the screen
            self._on_screen = True
            QTimer.singleShot(0, lambda: screen_fit.keep_on_screen(self))
        if self._after_paint is not None:
            QTimer.singleShot(0, self._painted)

    def _painted(self) -> None:
        slot, self._after_paint = self._after_paint, None
        if slot is not None:
            slot()

    @property
    def ready(self) -> bool:
        """True once a database is attached (the tabs are real, the menus work)."""
        return self._ready

    def _build_shell(self) -> None:
        """Everything that needs no database: toolbar, "Loading…" tabs, status bar, menus, saved layout."""
        self.season_picker = QComboBox(self)
        self.season_picker.setObjectName("seasonPicker")
        self.season_picker.setMinimumContentsLength(10)
        self.season_picker.setToolTip("The season the tabs show")
        self.season_picker.setEnabled(False)
        toolbar = QToolBar("Season", self)
        toolbar.setObjectName("seasonToolBar")
        toolbar.setMovable(False)
        toolbar.addWidget(QLabel(" Season: ", toolbar))
        toolbar.addWidget(self.season_picker)
        self.addToolBar(toolbar)

        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        for title in TAB_TITLES:
            self.tabs.addTab(placeholder(), title)
        self.setCentralWidget(self.tabs)
        self.tabs.currentChanged.connect(self._redraw_stale)

        self.database_label = ElidedLabel(self)
        self.operator_label = QLabel(self)
        self.office_label = QLabel(self)
        self.demo_label = QLabel(" DEMO database ", self)
        self.demo_label.setToolTip("The demo season's own database, not the league's: File ▸ Leave the demo goes "
                                   "back to the league's database")
        self.demo_label.setObjectName("demoLabel")
        self.demo_label.setStyleSheet("background: #b35c00; color: white; font-weight: bold; padding: 1px 6px")
        self.demo_label.hide()
        self.statusBar().addPermanentWidget(self.demo_label)
        self.statusBar().addPermanentWidget(self.office_label)
        self.statusBar().addPermanentWidget(self.operator_label)
        self.statusBar().addPermanentWidget(self.database_label)
        self._build_menus()
        for action in self._database_actions():
            action.setEnabled(False)
        self._restore_layout()

    # -- the database arrives ----------------------------------------------------------------------------------
    def attach(self, svc: Services) -> None:
        """Fill the shell from `svc`: the real tabs in place of the placeholders (the tab in front stays in
        front), the seasons, the labels, the menus; then the tab in front loads and `loaded` is emitted."""
        self.svc = svc
        operator = self.given_operator or self.settings.value(OPERATOR)
        if isinstance(operator, str) and operator:
            svc.operator = operator
        self._build_tabs()
        self._ready = True
        for action in self._database_actions():
            action.setEnabled(True)
        from PySide6.QtGui import QKeySequence

        for action, shortcut in self._shortcuts:
            if shortcut.startswith("std:"):  # the platform's own keys for a standard action (none: Quit on Windows)
                action.setShortcuts(getattr(QKeySequence.StandardKey, shortcut[4:]))
            else:
                action.setShortcut(QKeySequence(shortcut))
        self.statusBar().clearMessage()
        self._show_labels()
        self._fill_picker(self.given_season or self.settings.value(SEASON))
        if self.given_season and self.given_season not in self._seasons:
            self.statusBar().showMessage(f"There is no season {self.given_season} in this database: showing "
                                         f"{self.current_season() or 'none'}.", 30000)
        self.season_picker.currentIndexChanged.connect(self._season_changed)
        self._season_changed()
        self.loaded.emit()

    def _build_tabs(self) -> None:
        """The three tabs over the facade, put where the placeholders were without a repaint in between."""
        from ui.hub import ChangeHub
        from ui.live_game_tab import LiveGameTab
        from ui.roster_tab import RosterTab
        from ui.season_tab import SeasonTab

        self.hub = ChangeHub(self)
        """Every write of the window is announced here: each tab redraws what its `Changes` touch."""
        self.roster_tab = RosterTab(self.svc, hub=self.hub)
        self.live_game_tab = LiveGameTab(self.svc, self.settings, hub=self.hub)
        self.season_tab = SeasonTab(self.svc, hub=self.hub)
        self._season_tabs = [self.roster_tab, self.live_game_tab, self.season_tab]
        front = self.tabs.currentIndex()
        self.setUpdatesEnabled(False)
        blocked = self.tabs.blockSignals(True)
        for index, tab in enumerate(self.season_tabs()):
            stand_in = self.tabs.widget(index)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, tab, TAB_TITLES[index])
            if stand_in is not None:
                stand_in.deleteLater()
        self.tabs.setCurrentIndex(front)
        self.tabs.blockSignals(blocked)
        self.setUpdatesEnabled(True)
        from ui import tab_keys  # issue 27.15: Ctrl+Tab from main tab to main tab, wherever the keys are

        tab_keys.wire(self.tabs, [(self.roster_tab, self.roster_tab.forms), (self.season_tab, self.season_tab.pages)])
        self.hub.office_changed.connect(self._show_labels)
        self.live_game_tab.finished.connect(lambda game: self.auto_backup(  # the game by its league number
            f"game {self.svc.game_names(self.live_game_tab.season).get(game, game)} finished"))
        self.tabs.currentChanged.connect(self._leaving_tab)

    def abandon(self) -> None:
        """The database did not open (or could not be read): nothing to save or close when the shell goes."""
        self.open_failed = True
        self._shut_down = True

    # -- menus -----------------------------------------------------------------------------------------------
    def _action(self, text: str, slot: Any, shortcut: str | None = None, tip: str = "") -> QAction:
        """A menu action; its `shortcut` is set in `attach` (the first shortcut costs 20 ms of Qt enums, and
        no shortcut may act on a window without a database)."""
        action = QAction(text, self)
        if shortcut:
            self._shortcuts.append((action, shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self._actions.append(action)
        return action

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.new_db_action = self._action("&New database…", lambda: self.choose_database(new=True), "std:New")
        self.open_db_action = self._action("&Open database…", lambda: self.choose_database(new=False), "std:Open")
        self.new_season_action = self._action("New &season…", self.create_season)
        self.seasons_action = self._action("Seasons: arc&hive, restore, delete…", self.manage_seasons,
                                           tip="Archive a season (hidden, read-only), restore it, or delete it "
                                           "(office password; a backup first)")
        self.demo_action = self._action("Open the &demo season…", self.open_demo,
                                        tip="The demo season in a database of its own (the league's is not touched)")
        self.leave_demo_action = self._action("Leave the &demo: back to the league's database", self.leave_demo)
        self.new_game_action = self._action("New &game…", self.new_game, "Ctrl+Shift+N",
                                            "Schedule a game: date, time, rink, stage, home and away")
        self.import_action = self._action("&Import season file…", self.import_season_file, "Ctrl+I",
                                          "Load a season file: all of it, or nothing when the rulebook refuses it")
        self.export_action = self._action("&Export season file…", self.export_season_file, "Ctrl+E")
        self.csv_action = self._action("Import roster spreadsheet (&CSV)…", self.import_roster_csv,
                                       tip="Every row shown with its verdict before anything is written")
        self.preview_action = self._action("Print pre&view…", self.preview_current, "Ctrl+Shift+P",
                                           "The document of the tab in front on screen: zoom, pages, print, save")
        self.print_action = self._action("&Print…", self.print_current, "std:Print",
                                         "Live Game: the game sheet; Season: the standings report, the fine "
                                         "statements or the selected suspension's notice")
        self.publish_action = self._action("P&ublish statistics site…", self.publish_site,
                                           tip="Write the league's statistics website (HTML, no server needed)")
        self.backup_action = self._action("&Backup now", self.backup_now, tip="A verified copy of the database "
                                          "in the backups folder beside it (the last N are kept)")
        self.keep_action = self._action("Automatic backups to &keep…", self.ask_keep,
                                        tip="How many automatic backups (game finished, window closed) are kept")
        self.restore_action = self._action("&Restore from backup…", self.restore_backup,
                                           tip="Replace the database by a backup (the replaced one is kept)")
        self.operator_action = self._action("Change oper&ator…", self.ask_operator)
        self.quit_action = self._action("&Quit", self.quit, "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        for item in (self.new_db_action, self.open_db_action, self.leave_demo_action, None, self.new_season_action,
                     self.seasons_action, self.new_game_action,
                     self.import_action, self.csv_action, self.export_action, None, self.preview_action,
                     self.print_action, self.publish_action, None, self.backup_action, self.restore_action,
                     self.keep_action, None, self.operator_action, self.quit_action):
            if item is None:
                file_menu.addSeparator()
            else:
                file_menu.addAction(item)
        rule_menu = self.menuBar().addMenu("R&ulebook")
        self.rulebook_action = self._action("&Rulebook in force…", self.show_rulebook, "Ctrl+R")
        self.load_rulebook_action = self._action("&Load another league's rulebook…", self.load_rulebook)
        rule_menu.addAction(self.rulebook_action)
        rule_menu.addAction(self.load_rulebook_action)
        office_menu = self.menuBar().addMenu("&Office")
        self.password_action = self._action("Set or change the office &password…", self.change_password)
        self.unlock_action = self._action("&Unlock the office…", self.unlock_office)
        self.lock_action = self._action("&Lock the office", self.lock_office)
        self.audit_action = self._action("&Audit trail of the season…", self.show_audit)
        self.mail_settings_action = self._action("&Mail settings…", self.edit_mail_settings)
        for item in (self.unlock_action, self.lock_action, None, self.password_action, None, self.audit_action,
                     None, self.mail_settings_action):
            if item is None:
                office_menu.addSeparator()
            else:
                office_menu.addAction(item)
        from ui.arena_control import ArenaControl  # issue 20.1: the rink's board, on the screen the office picks

        self.arena = ArenaControl(self, self.settings, self._action,
                                  lambda: self.live_game_tab if self._ready else None)
        self.arena.add_to(self.menuBar().addMenu("Vie&w"))  # Alt+V saves the away line-up
        help_menu = self.menuBar().addMenu("&Help")
        self.shortcuts_action = self._action("&Keyboard shortcuts", self.show_shortcuts, "std:HelpContents")
        help_menu.addAction(self.shortcuts_action)
        self.about_action = self._action("&About Scorekeeper", self.show_about)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        help_menu.addAction(self.demo_action)
        help_menu.addAction(self.about_action)

    def _database_actions(self) -> list[QAction]:
        """The actions that need the database (all but Quit and the shortcuts list): off until it is attached."""
        always = (self.quit_action, self.shortcuts_action)
        return [action for action in self._actions if action not in always]

    def _show_labels(self) -> None:
        self.database_label.set_full_text(f"Database: {self.svc.database_label}")
        self.operator_label.setText(f"Operator: {self.svc.operator}  " if self.svc.operator else
                                    "<span style='color:#b00020'>Operator: not set (File ▸ Change operator…)</span>  ")
        self.operator_label.setToolTip("Recorded in the audit trail with every write; while it is not set, the "
                                       "audit records the login name marked as such")
        unlocked = self.svc.office_unlocked
        self.office_label.setText("Office: unlocked" if unlocked else "Office: locked")
        self.office_label.setToolTip("Reopening final games, overriding blocks, waiving fines, lifting "
                                     "suspensions and loading a rulebook need the office password (Office ▸ Unlock)")
        self.lock_action.setEnabled(unlocked and self.svc.has_office_password())
        self.unlock_action.setEnabled(not unlocked)
        self.demo_label.setVisible(self.in_demo)
        self.leave_demo_action.setVisible(self.in_demo)

    # -- settings --------------------------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        """The window's size and place, its toolbar and the tab in front, as they were left."""
        geometry = self.settings.value(GEOMETRY)
        if not (isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)):
            screen_fit.place_first(self)  # a first start: sized to the screen's free area
        screen_fit.keep_on_screen(self)
        state = self.settings.value(STATE)
        if isinstance(state, QByteArray):
            self.restoreState(state)
        tab = self.settings.value(TAB, 0, type=int)
        self.tabs.setCurrentIndex(tab if isinstance(tab, int) and 0 <= tab < self.tabs.count() else 0)

    def _fill_picker(self, select: object = None) -> None:
        """Seasons newest first; `select` (the one last shown) if it is still there, else the latest."""
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
        if self._ready:
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
        """The tabs, in order (none while the database opens)."""
        return list(self._season_tabs)

    def _season_changed(self) -> None:
        name = self.current_season()
        if name is None:
            self.setWindowTitle(f"{APP_NAME} — no season")
        else:
            self.setWindowTitle(f"{APP_NAME} — {self._seasons[name]['league']} {name}"
                                + (" — DEMO database" if self.in_demo else ""))
        for action in (self.export_action, self.rulebook_action, self.print_action, self.preview_action,
                       self.audit_action, self.publish_action, self.csv_action, self.new_game_action):
            action.setEnabled(name is not None)
        if self._lazy:
            self._stale = set(self.season_tabs())
            self._redraw_stale()
            return
        self._stale.clear()
        for tab in self.season_tabs():
            tab.show_season(name)

    def _redraw_stale(self) -> None:
        """The tab brought to the front loads its season if it has not yet (lazy start, another season); the
        changes it heard while out of sight are redrawn as it is shown (`TableTab.catch_up`)."""
        current = self.tabs.currentWidget()
        for tab in self.season_tabs():
            if tab is current and tab in self._stale:
                self._stale.discard(tab)
                tab.pending = None
                tab.show_season(self.current_season())
            elif tab is current and tab.pending is not None:
                tab.catch_up()

    # -- start-up --------------------------------------------------------------------------------------------
    def start(self) -> None:
        """After the window is shown: ask who is at the keyboard (once), offer a season on an empty database."""
        if not self.settings.value(OPERATOR) and not self.given_operator:
            self.ask_operator()
        self.warn_integrity()
        if not self._seasons:
            self.offer_first_start()

    def warn_integrity(self) -> None:
        """Say so when the audit trail, the office password row or what the keyed seals guard was altered outside
        Scorekeeper (issues 14 and 26.4), or when this PC cannot check the seals."""
        from scorekeeper.services import SEALS_UNCHECKED
        from ui import dialogs

        for warning in self.svc.integrity_warnings():
            unchecked = warning.startswith(SEALS_UNCHECKED)  # a note, not a finding (issue 26.4)
            dialogs.tell(self, "Seals cannot be checked on this PC" if unchecked else
                         "Altered outside Scorekeeper", warning[:1].upper() + warning[1:], error=not unchecked)

    def ask_operator(self) -> None:
        from ui import dialogs

        name = dialogs.ask_operator(self, self.svc.operator)
        if name:
            self.svc.operator = name
            self.settings.setValue(OPERATOR, name)
        self._show_labels()

    def offer_first_start(self) -> None:
        from ui import dialogs

        choice = dialogs.ask_first_start(self)
        if choice == "demo":
            self.open_demo()
        elif choice == "create":
            self.create_season()

    # -- the demo season, in a database of its own --------------------------------------------------------------
    @property
    def in_demo(self) -> bool:
        """The window shows the demo's own database (not the league's)."""
        path = self.svc.sqlite_path if self._ready else None
        return path is not None and path.name == DEMO_FILE

    def demo_database(self) -> Path:
        """The demo's database: `scorekeeper-demo.db` beside the database in use (a server's: in the last folder
        used, else the home folder)."""
        path = self.svc.sqlite_path
        if path is not None:
            return path if path.name == DEMO_FILE else path.parent / DEMO_FILE
        return Path(str(self.settings.value(FOLDER, "")) or Path.home()) / DEMO_FILE

    def open_demo(self) -> bool:
        """Help ▸ Open the demo season: the window switches to the demo's own database (the demo season imported
        into it the first time) and says so (title, status bar); File ▸ Leave the demo goes back."""
        from ui import dialogs

        if not self.in_demo:
            league, target = self.svc.target, self.demo_database()
            if not self.open_database(str(target), first_start=False):
                return False
            self.settings.setValue(LEAGUE, league)
        if not self._seasons:
            report = dialogs.import_with_progress(self, self.svc, self.svc.demo_season_path())
            if not report.ok:
                dialogs.show_import_report(self, report, "the demo season")
                return False
            self.reload_seasons(select=report.season)
        self._show_labels()
        self._season_changed()
        self.statusBar().showMessage(f"The demo season is open in its own database ({self.svc.database_label}); "
                                     "the league's database is not touched. File ▸ Leave the demo goes back.", 20000)
        return True

    def leave_demo(self) -> bool:
        """Back from the demo to the league's database (the one open before; else one to choose)."""
        league = self.settings.value(LEAGUE)
        if not self.in_demo:
            return False
        if not isinstance(league, str) or not league:
            self.choose_database(new=False)
            return not self.in_demo
        if not self.open_database(league, first_start=False):
            return False
        self.statusBar().showMessage(f"Back to the league's database ({self.svc.database_label}).", 10000)
        return True

    # -- seasons: archive, restore, delete ---------------------------------------------------------------------
    def manage_seasons(self) -> None:
        """File ▸ Seasons: archive, restore or delete a season (`season_action`)."""
        from ui import dialogs

        dialogs.manage_seasons(self, self.svc.all_seasons(), self.season_action)

    def season_action(self, action: str, name: str) -> list[dict[str, Any]] | None:
        """Archive, restore ("unarchive") or delete season `name`; the seasons as they now are, None when nothing
        was done (refused, cancelled). Deleting asks first, then the office password."""
        from scorekeeper.services import ServiceError
        from ui import dialogs, office

        try:
            if action == "archive":
                self.svc.archive_season(name)
                done = f"Season {name} archived: hidden from the season picker and read-only."
            elif action == "unarchive":
                self.svc.unarchive_season(name)
                done = f"Season {name} restored from the archive."
            else:
                if not dialogs.ask_yes(self, "Delete a season", f"Delete season {name} and everything in it?",
                                       "A verified backup of the whole database is made first; the deletion is "
                                       "recorded in the audit trail."):
                    return None
                if not office.unlock(self, self.svc, f"Deleting season {name} needs the office password:"):
                    self._show_labels()
                    return None
                deleted = self.svc.delete_season(name)
                done = f"Season {name} deleted. The backup made first is {deleted['backup']}."
        except ServiceError as exc:
            dialogs.tell(self, "Seasons", f"Nothing was changed.\n\n{exc}", error=True)
            return None
        self.reload_seasons()
        self._show_labels()
        self.statusBar().showMessage(done, 15000)
        if action == "delete":
            dialogs.tell(self, "Delete a season", done)
        return self.svc.all_seasons()

    def create_season(self) -> None:
        """A new season under the default rulebook (`Services.create_season`), then its first division
        (`Services.save_division`)."""
        from scorekeeper.services import ServiceError
        from ui import dialogs

        answer = dialogs.ask_new_season(self, rulebooks=[r["name"] for r in self.svc.rulebooks()])
        if answer is None:
            return
        try:
            self.svc.create_season(answer["league"], answer["season"], answer.get("rulebook"))
            result = None
            if answer.get("division"):
                division = {"id": self.svc.new_division_id(answer["division"], season=answer["season"]),
                            "name": answer["division"], "coed": answer["coed"]}
                result = self.svc.save_division(division, True, season=answer["season"])
        except ServiceError as exc:
            dialogs.tell(self, "Create a season", f"The season was not created.\n\n{exc}", error=True)
            return
        self.reload_seasons(select=answer["season"])
        if result is not None and not result.ok:
            dialogs.tell(self, "Create a season", "The season is created, but not its first division:\n\n"
                         + "\n".join(v.line() for v in result.violations), error=True)

    # -- databases and season files --------------------------------------------------------------------------
    def choose_database(self, new: bool) -> None:
        from ui import dialogs

        path = dialogs.ask_database(self, new, str(self.settings.value(FOLDER, "")))
        if path:
            self.open_database(path)

    def open_database(self, target: str, first_start: bool = True) -> bool:
        """Close the database in use and open `target` (path or URL) in its place, this window its only writer;
        False if it cannot open (the one in use stays; the user may pick another or restore a backup). An empty
        one is offered the first start's choices unless `first_start` is False."""
        from scorekeeper.services import ServiceError, Services
        from ui import dialogs
        from ui.upgrade_progress import upgrade_progress

        try:
            with upgrade_progress(self):  # an older database's upgrade shows how far it is
                svc = Services.open(target, exclusive=True, operator=self.svc.operator)
        except ServiceError as exc:
            # a failed open leaves the core bound to the database in use: the window carries on with it
            choice = dialogs.ask_open_failed(self, target, str(exc), is_locked(exc))
            if choice == "open":
                self.choose_database(new=False)
            elif choice == "restore":
                restore_damaged(self, target, str(self.settings.value(FOLDER, "")))
            return False
        self.live_game_tab.save_clock()
        self.auto_backup("database closed")
        self.svc.close()
        self.set_services(svc)
        self.warn_integrity()
        self.settings.setValue(FOLDER, str(Path(target).parent))
        if not self._seasons and first_start:
            self.offer_first_start()
        return True

    def set_services(self, svc: Services) -> None:
        self.svc = svc
        for tab in self.season_tabs():
            tab.svc = svc
        self._show_labels()
        self.reload_seasons()

    def import_season_file(self) -> None:
        from ui import dialogs

        path = dialogs.ask_import_file(self, str(self.settings.value(FOLDER, "")))
        if path:
            self.settings.setValue(FOLDER, str(Path(path).parent))
            self.import_path(path)

    def import_path(self, path: str) -> ImportReport:
        """Import a season file behind a progress dialog, then show what it did and what it refused."""
        from scorekeeper.services import OFFICE
        from ui import dialogs

        report = dialogs.import_with_progress(self, self.svc, path)
        if report.blocks and all(v.rule == OFFICE for v in report.blocks):  # issue 14: as the window's own
            from ui import office

            changes = "\n".join(f"• {v.message.split(': that needs', 1)[0]}" for v in report.blocks)
            unlocked = office.unlock(self, self.svc, f"This season file changes what the office password guards:\n"
                                     f"{changes}\n\nThe office password:")
            self._show_labels()
            if unlocked:
                report = dialogs.import_with_progress(self, self.svc, path)
        dialogs.show_import_report(self, report, Path(path).name,
                                   self.svc.game_names(report.season) if report.ok else None)  # games by number
        if report.ok:
            self.reload_seasons(select=report.season or None)
        return report

    def import_roster_csv(self) -> bool:
        """File ▸ Import roster spreadsheet (CSV): the file, every row's verdict, then the rows written, on the
        Roster tab. In the middle of a game (the Live Game tab in front, its game not final) the boards stay in
        front and the status bar says what was imported (issue 27.15); else the Roster tab comes to the front."""
        import re

        from ui import dialogs

        shown = self.live_game_tab.game_shown
        at_the_boards = (self.tabs.currentWidget() is self.live_game_tab and self.live_game_tab.game_id is not None
                         and shown is not None and not shown.final)
        if not at_the_boards:
            self.tabs.setCurrentWidget(self.roster_tab)
        elif self.roster_tab in self._stale:  # a lazy start: the Roster tab reads its season before it imports
            self._stale.discard(self.roster_tab)
            self.roster_tab.pending = None
            self.roster_tab.show_season(self.current_season())
        path = dialogs.ask_csv_file(self, str(self.settings.value(FOLDER, "")))
        if not path:
            return False
        self.settings.setValue(FOLDER, str(Path(path).parent))
        done = self.roster_tab.import_csv(path)
        if at_the_boards:
            said = re.sub(r"<[^>]+>", "", self.roster_tab.messages.text()).strip()
            self.statusBar().showMessage(f"Roster spreadsheet: {said} (the Roster tab shows it)", 20000)
        return done

    def export_season_file(self) -> None:
        from scorekeeper.services import ServiceError
        from ui import dialogs

        season = self.current_season()
        if season is None:
            return
        folder = Path(str(self.settings.value(FOLDER, "")) or ".")
        path = dialogs.ask_export_file(self, str(folder / f"season-{season}.json"))
        if not path:
            return
        try:
            self.svc.export_file(path, season)
        except ServiceError as exc:
            dialogs.tell(self, "Export", f"The season could not be exported.\n\n{exc}", error=True)
            return
        self.statusBar().showMessage(f"Exported {season} to {path}", 8000)

    # -- backups, the office password, the audit trail --------------------------------------------------------
    def auto_backup(self, why: str) -> Path | None:
        """The automatic backup (a game finished, the window closing): reported in the status bar only."""
        from scorekeeper.services import ServiceError
        from ui import office

        try:
            written = office.auto_backup(self.svc, self.settings)
        except (ServiceError, OSError) as exc:
            self.statusBar().showMessage(f"Automatic backup failed ({why}): {exc}", 15000)
            return None
        if written is not None:
            self.statusBar().showMessage(f"Backed up to {written} ({why})", 8000)
        return written

    def backup_now(self) -> Path | None:
        from scorekeeper.services import ServiceError
        from ui import dialogs, office

        try:
            written = office.auto_backup(self.svc, self.settings)
        except (ServiceError, OSError) as exc:
            dialogs.tell(self, "Backup", f"The backup was not made.\n\n{exc}", error=True)
            return None
        if written is None:
            dialogs.tell(self, "Backup", "A PostgreSQL database is backed up on the server (pg_dump).")
            return None
        dialogs.tell(self, "Backup", f"Backed up and verified:\n{written}\n\nThe last "
                     f"{office.keep_count(self.settings)} backups are kept in {written.parent}.")
        return written

    def ask_keep(self) -> int | None:
        from ui import dialogs, office

        keep = dialogs.ask_number(self, "Automatic backups", "Keep this many automatic backups beside the "
                                  "database (the oldest go first):", office.keep_count(self.settings), 1, 999)
        if keep is not None:
            self.settings.setValue(office.KEEP, keep)
        return keep

    def restore_backup(self) -> bool:
        """Replace the database in use by a backup the core checks first; the replaced one is kept."""
        from scorekeeper.services import ServiceError
        from ui import dialogs, office

        if not self.may_leave_entry("restore a backup"):
            return False
        folder = office.backup_folder(self.svc)
        path = dialogs.ask_backup_file(self, str(folder) if folder and folder.is_dir() else "")
        if not path:
            return False
        if not dialogs.ask_yes(self, "Restore from backup", f"Replace {self.svc.database_label} by {path}?",
                               "Everything entered since that backup is replaced; the database as it is now "
                               "is kept as a dated copy beside it."):
            return False
        self.live_game_tab.save_clock()
        try:
            kept = self.svc.restore(path)
        except ServiceError as exc:
            dialogs.tell(self, "Restore from backup", f"Nothing was restored.\n\n{exc}", error=True)
            return False
        self.reload_seasons()
        dialogs.tell(self, "Restore from backup", f"Restored from {path}.\n\nThe database as it was is kept as "
                     f"{kept}.")
        return True

    def change_password(self) -> bool:
        from ui import office

        done = office.set_password(self, self.svc)
        self._show_labels()
        return done

    def unlock_office(self) -> bool:
        from ui import office

        done = office.unlock(self, self.svc)
        self._show_labels()
        return done

    def new_game(self) -> bool:
        """File ▸ New game: schedule a game on the Live Game tab (shown first)."""
        if self.current_season() is None:
            return False
        self.tabs.setCurrentWidget(self.live_game_tab)
        return self.live_game_tab.new_game()

    def lock_office(self) -> None:
        self.svc.lock_office()
        self._show_labels()

    def edit_mail_settings(self) -> object:
        from ui import mail_dialogs

        return mail_dialogs.edit_settings(self, self.svc)

    def publish_site(self) -> object:
        from ui import mail_dialogs

        season = self.current_season()
        if season is None:
            return None
        return mail_dialogs.publish_site(self, self.svc, season, str(self.settings.value(FOLDER, "")))

    def show_audit(self) -> object:
        from ui import office

        season = self.current_season()
        return office.show_audit(self, self.svc, season, f"season {season}")

    # -- printed records ---------------------------------------------------------------------------------------
    def current_document(self) -> Document | None:
        """The document of the tab in front: the game sheet on Live Game, else the Season tab's page's."""
        if self.current_season() is None:
            return None
        if self.tabs.currentWidget() is self.live_game_tab:
            return self.live_game_tab.sheet_document()
        return self.season_tab.current_document()

    def print_current(self) -> str | None:
        """File ▸ Print…: the system's print dialog for the tab's document, then the printer; where it went."""
        from ui import print_preview

        document = self.current_document()
        pdf = None if document is None else print_preview.build(self, document)
        if document is None or pdf is None:
            return None
        return print_preview.print_pdf(self, pdf, document.title)

    def preview_current(self) -> object:
        """File ▸ Print preview…: the tab's document on screen (zoom, pages), to print or save as PDF from there."""
        if self.current_season() is None:
            return None
        if self.tabs.currentWidget() is self.live_game_tab:
            return self.live_game_tab.print_sheet()
        return self.season_tab.print_current()

    # -- rulebook and help -----------------------------------------------------------------------------------
    def load_rulebook(self) -> bool:
        """Rulebook ▸ Load another league's rulebook: a rulebook file into the database (an office action), so
        that a new season or a season file can be played under it."""
        from scorekeeper.services import ServiceError
        from ui import dialogs

        if not self.svc.office_unlocked and not self.unlock_office():
            return False
        path = dialogs.ask_rulebook_file(self, str(self.settings.value(FOLDER, "")))
        if not path:
            return False
        try:
            done = self.svc.load_rulebook_file(path)
        except ServiceError as exc:
            dialogs.tell(self, "Load a rulebook", f"The rulebook was not loaded.\n\n{exc}", error=True)
            return False
        dialogs.tell(self, "Load a rulebook", f"{done['title']} ({done['name']}) "
                     + ("is loaded: a new season (File ▸ New season…) or a season file can now be played under it."
                        if done["loaded"] else "was already loaded, unchanged."))
        return True

    def show_rulebook(self) -> None:
        from ui import dialogs

        season = self.current_season()
        if season is not None:
            dialogs.show_rulebook(self, self.svc, season)

    def show_shortcuts(self) -> None:
        import html

        from PySide6.QtWidgets import QMessageBox

        from ui.live_keys import SHORTCUTS, key_text

        rows = "".join(f"<tr><td><b>{html.escape(key_text(key))}</b></td><td>{html.escape(what)}</td></tr>"
                       for key, what in SHORTCUTS)
        QMessageBox.information(self, "Keyboard shortcuts",
                                f"<p>On the Live Game tab:</p><table cellspacing=4>{rows}</table>")

    def show_about(self) -> None:
        """The About box: version, how this copy runs, the database in use and the rulebook in force."""
        from PySide6.QtWidgets import QMessageBox

        from scorekeeper.about import about_html

        QMessageBox.about(self, f"About {APP_NAME}", about_html(self.svc, qt_version=qVersion()))

    def shutdown(self) -> None:
        """Save the layout and close the database, once, however the window goes away."""
        if self._shut_down:
            return
        self._shut_down = True
        self.save_settings()
        if not self._ready:
            return
        self.live_game_tab.stop()
        self.auto_backup("window closed")
        self.svc.close()

    def may_leave_entry(self, leaving: str) -> bool:
        """Issue 27: an entry half typed at the boards is discarded only once the scorekeeper says so."""
        return not self._ready or self.live_game_tab.may_leave_entry(leaving)

    def quit(self) -> bool:
        """File ▸ Quit: close the window, once an entry half typed is recorded or discarded (asked first)."""
        return self.may_leave_entry("close the window") and self.close()

    def _leaving_tab(self, index: int) -> None:
        """Another tab in front while an entry is half typed at the boards: asked first; kept, the Live Game tab
        comes back to the front."""
        live = self.tabs.indexOf(self.live_game_tab) if self._ready else -1
        if live < 0 or index == live or self.may_leave_entry("go to another tab"):
            return
        blocked = self.tabs.blockSignals(True)
        self.tabs.setCurrentIndex(live)
        self.tabs.blockSignals(blocked)

    def closeEvent(self, event: QCloseEvent) -> None:
        if event.spontaneous() and not self._shut_down and not self.may_leave_entry("close the window"):
            event.ignore()  # the window manager's close button with an entry half typed: kept
            return
        self.shutdown()
        super().closeEvent(event)


def is_locked(exc: Exception) -> bool:
    """The database is open in another window (not damaged)."""
    from scorekeeper.services import DatabaseInUseError

    return isinstance(exc, DatabaseInUseError)


def restore_damaged(parent: QWidget | None, target: str, folder: str = "") -> bool:
    """Restore a database that will not open from a backup: the core checks the backup, keeps the damaged file
    beside it and copies the backup in (`Services.restore_file`)."""
    from scorekeeper.services import ServiceError, Services
    from ui import dialogs

    source = dialogs.ask_backup_file(parent, folder)
    if not source:
        return False
    try:
        kept = Services.restore_file(target, source)
    except ServiceError as exc:
        dialogs.tell(parent, "Restore from backup", f"Nothing was restored.\n\n{exc}", error=True)
        return False
    dialogs.tell(parent, "Restore from backup", f"{target} restored from {source}."
                 + (f"\n\nThe damaged file is kept as {kept}." if kept else ""))
    return True
