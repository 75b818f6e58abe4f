"""The main window: a season picker, the Roster, Live Game and Season tabs, and the menus.

Importing this module costs PySide6 only: the core and the tab modules are imported when the database is
attached (`MainWindow.attach`), so `run_gui` can show the window's shell before the database opens.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QByteArray, QEvent, QSettings, QTimer, Signal, qVersion
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ui import APP_NAME, screen_fit, theme
from ui.elided_label import ElidedLabel
from ui.window_files import FOLDER, WindowFiles

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QPaintEvent

    from scorekeeper.results_records import SeasonEntry
    from scorekeeper.services import Services
    from ui.print_preview import Document
    from ui.table_tab import TableTab

GEOMETRY, STATE, SEASON, TAB = "window/geometry", "window/state", "window/season", "window/tab"
OPERATOR = "operator"
TAB_TITLES = ("Roster", "Live Game", "Season")
ROSTER, LIVE, SEASON_PAGE = range(3)  # the tabs' places
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


LAST_RESORT_MS = 20_000  # a shown window no paint ever reached: far beyond a busy machine's slowest first paint


class MainWindow(WindowFiles):
    """The office's window onto one database; closing it saves its layout and closes the database.

    `MainWindow(svc)` builds the whole window at once. `MainWindow.opening(db)` builds its shell only (menus,
    season toolbar, "Loading…" tabs, status bar) to show at once; `attach(svc)` then fills it in place.
    """

    loaded = Signal()
    """Emitted once the database is attached and the tab in front shows its data."""

    def __init__(self, svc: Services | None, settings: QSettings | None = None, parent: QWidget | None = None,
                 lazy: bool = False) -> None:
        """`svc` None: the shell only, until `attach`. `lazy`: only the tab in front loads at first, the others
        after it, one per turn of the event loop (`fill`), or at once when brought to the front (the start-up
        path)."""
        super().__init__(parent)
        self._lazy = lazy
        self.settings = settings if settings is not None else QSettings()
        self._shut_down = False
        self._ready = False
        self.open_failed = False
        self._seasons: dict[str, SeasonEntry] = {}
        self.given_operator = ""
        """The operator named on the command line (`--operator`): this session's, not asked, not remembered."""
        self.given_season = ""
        """The season named on the command line (`--season`): shown first instead of the one last shown."""
        self._stale: set[QWidget] = set()
        self._season_tabs: list[TableTab] = []
        self._actions: list[QAction] = []
        self._shortcuts: list[tuple[QAction, str]] = []
        self._after_paint: Callable[[], object] | None = None
        self._read_due: str | None = None  # the season the worker is to read on the next turn
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
        """Call `slot` once, on the event loop's turn after the window's first paint: the shell is on screen before
        the work starts, however busy the machine (issue 29.4: no clock decides it). Only a window that cannot
        paint, not shown or minimised (`cannot_paint`) `fallback_ms` after this call, or minimised before its
        first paint, has `slot` called without one. A window shown that a platform never paints (one hidden behind
        others, on a desktop that skips unseen windows) starts after `LAST_RESORT_MS` all the same: late, not never."""
        self._after_paint = slot
        QTimer.singleShot(fallback_ms, self._unpainted)
        QTimer.singleShot(LAST_RESORT_MS, self._last_resort)

    def cannot_paint(self) -> bool:
        """The window will not be painted as it is: not shown, or minimised."""
        return not self.isVisible() or self.isMinimized()

    def _unpainted(self) -> None:
        if self._after_paint is not None and self.cannot_paint():
            self._painted()

    def _last_resort(self) -> None:
        if self._after_paint is not None and self.isVisible():
            self._painted()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._on_screen:  # the frame is known once painted: frame and status bar kept on the screen
            self._on_screen = True
            QTimer.singleShot(0, lambda: screen_fit.keep_on_screen(self))
        if self._after_paint is not None:
            QTimer.singleShot(0, self._painted)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if self._after_paint is not None and self.isMinimized() and event.type() == QEvent.Type.WindowStateChange:
            QTimer.singleShot(0, self._painted)  # minimised before its first paint: no paint comes to wait for

    def _painted(self) -> None:
        slot, self._after_paint = self._after_paint, None
        if slot is not None:
            slot()

    @property
    def loading(self) -> bool:
        """True while the season is read on the worker or the tabs out of sight fill in (lazy start)."""
        return self._ready and (self._read_due is not None or self.reader.busy or self.fill.busy)

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
        self.demo_label.setStyleSheet(f"background: {theme.LIGHTS['demo']}; color: {theme.LIGHT_TEXT}; "
                                      "font-weight: bold; padding: 1px 6px")
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
        from ui.rink_copy import RinkControl  # issue 32: the rink copy's status, its sends, the office's conflicts

        self.rink = RinkControl(self, self.rink_copy_action, self.rink_send_action, self.rink_conflicts_action)
        self._ready = True
        for action in self._database_actions():
            action.setEnabled(action is not self.rink_send_action)  # a rink copy's: once its status is read
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
        if self._lazy:  # issue 29.4: the rink copy's status is read on the next turn, the tab in front ready first
            QTimer.singleShot(0, lambda: None if self._shut_down else self.rink.attach())
        else:
            self.rink.attach()
        self.loaded.emit()

    def _build_tabs(self) -> None:
        """The tabs over the facade, put where the placeholders were without a repaint in between: all three, or
        on a lazy start the one in front alone, each other built when first needed (`ui.lazy_tabs`)."""
        from ui import tab_keys  # issue 27.15: Ctrl+Tab from main tab to main tab, wherever the keys are
        from ui.hub import ChangeHub
        from ui.lazy_tabs import LazyTabs, makers

        self.hub = ChangeHub(self)
        """Every write of the window is announced here: each tab redraws what its `Changes` touch."""
        self._keeper = tab_keys.MainTabsKeepCtrlTab(self.tabs)
        self.pages = LazyTabs(self.tabs, TAB_TITLES, makers(self), self._made_tab)
        from ui.tab_fill import TabFill

        note = QLabel(self)
        note.setObjectName("loadingNote")
        self.statusBar().insertPermanentWidget(0, note)
        self.fill = TabFill(self, self._out_of_sight, self._stale_steps, self._filled, self._loading_note, note)
        """The tabs out of sight, loaded one per turn of the event loop after the one in front (lazy start)."""
        from ui.season_reader import SeasonReader

        self.reader = SeasonReader(self.svc, self)
        """The season read on a worker thread while the Live Game tab lists its games (lazy start, issue 29.4)."""
        self.hub.changed.connect(lambda _changes: self.reader.wrote())
        self.reader.arrived.connect(self._season_read)
        self.reader.slow.connect(lambda slow: self._reading_note(note, slow))
        for index in [self.tabs.currentIndex()] if self._lazy else range(len(TAB_TITLES)):
            self.pages.get(index)
        self.hub.office_changed.connect(self._show_labels)
        self.tabs.currentChanged.connect(self._leaving_tab)
        from ui.accessible import name_from_labels

        name_from_labels(self)  # issue 31.4: each field named after its label, for a screen reader

    def _made_tab(self, index: int, tab: QWidget) -> None:
        """A tab just built: its keys, its fields' accessible names; on a lazy start it reads the season when
        shown or filled."""
        from ui import tab_keys
        from ui.accessible import name_from_labels

        self._season_tabs = cast("list[TableTab]", self.pages.pages())
        if index == ROSTER:
            self.roster_tab.roster_view.setAccessibleName("Players")  # its heading changes with the team shown
        pages = self.roster_tab.forms if index == ROSTER else self.season_tab.pages if index == SEASON_PAGE else None
        tab_keys.wire_page(self._keeper, tab, pages)
        if self._ready:
            name_from_labels(tab)
        if self._lazy:
            self._stale.add(tab)

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
        self.rink_copy_action = self._action("Rink cop&y…", lambda: self.rink.take_copy(), tip="Make this "
                                             "database a rink PC's copy of a league's season, or refresh it")
        self.rink_send_action = self._action("Send the rink's games no&w", lambda: self.rink.send_now(),
                                             tip="Send the games scored on this rink copy to its league")
        self.quit_action = self._action("&Quit", self.quit, "Ctrl+Q")
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        for item in (self.new_db_action, self.open_db_action, self.leave_demo_action, None, self.new_season_action,
                     self.seasons_action, self.new_game_action,
                     self.import_action, self.csv_action, self.export_action, None, self.preview_action,
                     self.print_action, self.publish_action, None, self.rink_copy_action, self.rink_send_action,
                     None, self.backup_action, self.restore_action, self.keep_action, None, self.operator_action,
                     self.quit_action):
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
        self.rink_conflicts_action = self._action("Rink &conflicts…", lambda: self.rink.show_conflicts(),
                                                  tip="Games rink PCs sent that the league did not take")
        for item in (self.unlock_action, self.lock_action, None, self.password_action, None, self.audit_action,
                     self.rink_conflicts_action, None, self.mail_settings_action):
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
        self.problem_report_action = self._action("Save a &problem report...", self.save_problem_report,
                                                  tip="The log, the versions and the settings without passwords, "
                                                      "in one zip for whoever supports Scorekeeper")
        help_menu.addAction(self.problem_report_action)
        help_menu.addAction(self.about_action)

    def _database_actions(self) -> list[QAction]:
        """The actions that need the database (all but Quit and the shortcuts list): off until it is attached."""
        always = (self.quit_action, self.shortcuts_action)
        return [action for action in self._actions if action not in always]

    def _show_labels(self) -> None:
        self.database_label.set_full_text(f"Database: {self.svc.database_label}")
        self.operator_label.setText(f"Operator: {self.svc.operator}  " if self.svc.operator else
                                    theme.span("refused", "Operator: not set (File ▸ Change operator…)") + "  ")
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
        if (live := self._live()) is not None:
            live.save_clock()
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
            self.reader.stop(wait=False)
            self._read_due = None
            live = self._live()  # not built: nothing of it waits for the season
            if live is not None:
                live.defer_game = self.tabs.currentWidget() is live and name is not None
            self._redraw_stale()
            if live is None or live.game_pending is None or name is None or self.svc.has_view(
                    self.svc.season_row(name).id):
                if live is not None:
                    live.show_pending()
                self.fill.start()  # issue 29.4: the tabs out of sight fill in after the one in front
            else:  # listed from a narrow read: the season is read on the worker, after this turn (`ready` first)
                self._read_due = name
                QTimer.singleShot(0, lambda: self._read_season(name))
            return
        self._stale.clear()
        for tab in self.season_tabs():
            tab.show_season(name)

    def set_services(self, svc: Services) -> None:
        """Another database in place of the one in use: a read of the old one under way is stopped (it reads on
        its own pinned connection, untouched by the new one's binding), and the next reads the new one."""
        self.reader.stop(wait=False)
        self.reader.svc = svc
        super().set_services(svc)

    def _read_season(self, name: str) -> None:
        if self._read_due == name and not self._shut_down and name == self.current_season():
            self.reader.start(name)
        if self._read_due == name:
            self._read_due = None

    def _season_read(self, name: str, _taken: bool) -> None:
        """The worker read the season (taken over, or not: then the window reads it as it needs it): the game
        picked is drawn, the tabs out of sight fill in."""
        if self._shut_down or name != self.current_season():
            return
        if (live := self._live()) is not None:
            live.show_pending()
        self.fill.start()

    @staticmethod
    def _reading_note(note: QLabel, slow: bool) -> None:
        """While the worker has taken over a second: the status bar says the season is read."""
        if slow:
            note.setText("Reading the season…  ")
            note.show()
        else:
            note.hide()

    def _redraw_stale(self) -> None:
        """The tab brought to the front loads its season if it has not yet (lazy start, another season); the
        changes it heard while out of sight are redrawn as it is shown (`TableTab.catch_up`). A tab not built yet
        is built first (lazy start)."""
        if self._ready and not self._shut_down:
            self.pages.get(self.tabs.currentIndex())
        current = self.tabs.currentWidget()
        for tab in self.season_tabs():
            if tab is current and tab in self._stale:
                self._load_stale(tab)
            elif tab is current and tab.pending is not None:
                tab.catch_up()

    def _load_stale(self, tab: QWidget) -> None:
        """A tab not loaded yet (lazy start, another season) reads the season shown."""
        self._stale.discard(tab)
        for _ in self._stale_steps(tab):
            pass

    def _filled(self, tab: QWidget) -> None:
        self._stale.discard(tab)

    def _stale_steps(self, tab: QWidget) -> Generator[None, None, None]:
        """`tab` reads the season shown, a table at a time (`TableTab.show_season_steps`); it stays stale until
        `_filled` after the last. A tab's stand-in: the tab is built on this turn, filled on the next ones."""
        index = self.tabs.indexOf(tab)
        if self.pages.made(index) is not tab:
            return self._build_step(index)
        loading = next(t for t in self.season_tabs() if t is tab)
        loading.pending = None
        return loading.show_season_steps(self.current_season())

    def _build_step(self, index: int) -> Generator[None, None, None]:
        self.pages.get(index)
        yield

    def _out_of_sight(self) -> list[QWidget]:
        """The tabs still to load behind the one in front: the Live Game tab first (today's game at the boards),
        then the Roster and Season tabs (a tab not built yet by its stand-in); none once the window is going
        away."""
        if self._shut_down or not self._ready:
            return []
        waiting = [self.pages.made(index) or self.tabs.widget(index) for index in (LIVE, ROSTER, SEASON_PAGE)
                   if index != self.tabs.currentIndex()]
        return [tab for tab in waiting if tab is not None and (tab in self._stale or tab not in self._season_tabs)]

    def _loading_note(self, tab: QWidget) -> str:
        """What the status bar says while `tab` (or its stand-in) loads out of sight."""
        index = self.tabs.indexOf(tab)
        if index == SEASON_PAGE:
            return "Loading standings and statistics…"
        return "Loading the roster…" if index == ROSTER else "Loading the games…"

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

    # -- the office password, the audit trail ------------------------------------------------------------------
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
        if self.tabs.currentIndex() == LIVE:
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
        if self.tabs.currentIndex() == LIVE:
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
        from ui import dialogs

        box = QMessageBox(QMessageBox.Icon.NoIcon, f"About {APP_NAME}", about_html(self.svc, qt_version=qVersion()),
                          QMessageBox.StandardButton.Ok, self)
        box.setIconPixmap(self.windowIcon().pixmap(64, 64))
        licences = box.addButton("&Licences...", QMessageBox.ButtonRole.ActionRole)
        dialogs.run_dialog(box)
        if box.clickedButton() is licences:
            self.show_licences()

    def show_licences(self) -> None:
        """Help > About > Licences: Scorekeeper's and every third-party licence it ships, Qt's notice included."""
        from scorekeeper.about import licence_documents
        from ui import dialogs
        from ui.licences_dialog import LicencesDialog

        dialogs.run_dialog(LicencesDialog(licence_documents(), self))

    def save_problem_report(self) -> None:
        """Help > Save a problem report...: the log, versions, settings (no secret) and the database's summary."""
        from ui.support import save_problem_report

        save_problem_report(self, self.svc.target if self.svc is not None else None, self.settings)

    def shutdown(self) -> None:
        """Save the layout and close the database, once, however the window goes away."""
        if self._shut_down:
            return
        self._shut_down = True
        self.save_settings()
        if not self._ready:
            return
        self.fill.stop()
        self.rink.stop()
        self.reader.stop()  # the worker lets go of its connection before the database closes
        if (live := self._live()) is not None:
            live.stop()
        self.auto_backup("window closed")
        self.svc.close()

    def may_leave_entry(self, leaving: str) -> bool:
        """Issue 27: an entry half typed at the boards is discarded only once the scorekeeper says so."""
        live = self._live()
        return live is None or live.may_leave_entry(leaving)

    def quit(self) -> bool:
        """File ▸ Quit: close the window, once an entry half typed is recorded or discarded (asked first)."""
        return self.may_leave_entry("close the window") and self.close()

    def _leaving_tab(self, index: int) -> None:
        """Another tab in front while an entry is half typed at the boards: asked first; kept, the Live Game tab
        comes back to the front."""
        live = LIVE if self._live() is not None else -1
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
