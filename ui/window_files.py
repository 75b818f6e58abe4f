"""The main window's databases and files: the demo's own database, the seasons in the database (archive, restore,
delete, create), another database opened in place, season files and roster spreadsheets in and out, and backups.

`WindowFiles` is `MainWindow`'s base: the window builds the parts named here (the tabs, the season picker's
seasons) and draws them. Like the window's module, importing this one costs PySide6 only: the core and the
dialogs are imported when an action runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtWidgets import QMainWindow, QTabWidget, QWidget

if TYPE_CHECKING:

    from PySide6.QtCore import QSettings

    from scorekeeper.results_records import SeasonEntry, SeasonSummary
    from scorekeeper.season_data import DivisionData
    from scorekeeper.services import ImportReport, Services
    from ui.lazy_tabs import LazyTabs
    from ui.live_game_tab import LiveGameTab
    from ui.roster_tab import RosterTab
    from ui.season_tab import SeasonTab
    from ui.table_tab import TableTab

FOLDER = "paths/folder"
"""The settings key of the folder last used for a database, a season file or a spreadsheet."""
DEMO_FILE, LEAGUE = "scorekeeper-demo.db", "demo/league"  # the demo's own database; the one to go back to


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


class WindowFiles(QMainWindow):
    """The File menu's databases, seasons, files and backups, over the database in use (`svc`)."""

    svc: Services
    settings: QSettings
    tabs: QTabWidget
    pages: LazyTabs
    """The three tabs, each built when first needed (issue 29.4): Roster, Live Game, Season."""
    _ready: bool
    _seasons: dict[str, SeasonEntry]
    _season_tabs: list[TableTab]
    _stale: set[QWidget]
    rink: Any  # Any: ui.rink_copy's RinkControl (naming it would import rink_copy back: a circle)

    @property
    def roster_tab(self) -> RosterTab:
        return cast("RosterTab", self.pages.get(0))

    @property
    def live_game_tab(self) -> LiveGameTab:
        return cast("LiveGameTab", self.pages.get(1))

    @property
    def season_tab(self) -> SeasonTab:
        return cast("SeasonTab", self.pages.get(2))

    def _live(self) -> LiveGameTab | None:
        """The Live Game tab if it is built (nothing is built)."""
        return cast("LiveGameTab | None", self.pages.made(1)) if self._ready else None

    # -- what the window itself does (`MainWindow`) ---------------------------------------------------------------
    def current_season(self) -> str | None:
        """The name of the season shown, None when the database holds none."""
        raise NotImplementedError

    def reload_seasons(self, select: str | None = None) -> None:
        """Read the database's seasons again and redraw."""
        raise NotImplementedError

    def _show_labels(self) -> None:
        raise NotImplementedError

    def _season_changed(self) -> None:
        raise NotImplementedError

    def warn_integrity(self) -> None:
        raise NotImplementedError

    def offer_first_start(self) -> None:
        raise NotImplementedError

    def may_leave_entry(self, leaving: str) -> bool:
        raise NotImplementedError

    def season_tabs(self) -> list[TableTab]:
        """The tabs, in order (none while the database opens)."""
        return list(self._season_tabs)

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

    def season_action(self, action: str, name: str) -> list[SeasonSummary] | None:
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
                division: DivisionData = {"id": self.svc.new_division_id(answer["division"], season=answer["season"]),
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
        if (live := self._live()) is not None:
            live.save_clock()
        self.auto_backup("database closed")
        self.rink.stop()  # a send under way ends first (issue 32)
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
        self.rink.refresh()

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

    # -- backups -----------------------------------------------------------------------------------------------
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
        if (live := self._live()) is not None:
            live.save_clock()
        try:
            kept = self.svc.restore(path)
        except ServiceError as exc:
            dialogs.tell(self, "Restore from backup", f"Nothing was restored.\n\n{exc}", error=True)
            return False
        self.reload_seasons()
        dialogs.tell(self, "Restore from backup", f"Restored from {path}.\n\nThe database as it was is kept as "
                     f"{kept}.")
        return True
