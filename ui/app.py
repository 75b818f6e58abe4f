"""`run_gui`: what `scorekeeper` and `scorekeeper gui` start.

The window's shell shows first (this module and `ui.main_window` import PySide6 only); the core, the database
and the tab in front follow on the event loop's turn after the shell's first paint (however late a busy machine
paints it), so the window is on screen as fast as a bare Qt window; the tabs out of sight fill in after that.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from ui import APP_NAME, ORGANIZATION, theme
from ui.main_window import OPERATOR, MainWindow
from ui.qt_start import quicken_imports
from ui.window_files import is_locked, restore_damaged

if TYPE_CHECKING:
    from scorekeeper.services import Services

ICON = ("icons", "scorekeeper.png")


def icon_path() -> str | None:
    """The application icon the project ships (`resources/icons/scorekeeper.png`), or None while it is absent."""
    try:
        from scorekeeper.resources import resource_path

        path = resource_path(*ICON)
    except Exception:  # noqa: BLE001 - no icon is no reason not to start
        return None
    return str(path) if path.is_file() else None


def set_window_icon(app: QApplication) -> bool:
    """Every window's icon (title bar, task bar); skipped silently when the file is not there."""
    path = icon_path()
    if path is None:
        return False
    from PySide6.QtGui import QIcon  # its type costs a millisecond and a half: after the shell is painted

    icon = QIcon(path)
    for size in (16, 24, 32, 48, 64, 128, 256):
        sized = Path(path).with_name(f"{Path(path).stem}-{size}.png")
        if sized.is_file():
            icon.addFile(str(sized))
    app.setWindowIcon(icon)
    return True


def application() -> QApplication:
    """The process's QApplication (created on first use), named so QSettings finds the window's state. PySide's
    check of each module imported from now on made cheap first (`ui.qt_start`)."""
    quicken_imports()
    app = cast(QApplication | None, QApplication.instance()) or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setDesktopFileName("scorekeeper")  # Wayland and GNOME match the window to scorekeeper.desktop and its icon
    theme.apply_choice(app)  # SCOREKEEPER_THEME=dark|light|high-contrast; else the desktop's palette
    return app


def open_services(db: str | None, operator: str, parent: QWidget | None = None) -> Services | None:
    """Open `db` with this window its only writer. When it will not open, say why and offer another database
    or a backup over it (a damaged file); None when the user gives up."""
    from PySide6.QtWidgets import QMessageBox

    from scorekeeper.services import ServiceError, Services
    from ui.upgrade_progress import upgrade_progress

    target = db
    while True:
        try:
            with upgrade_progress(parent):  # an older database's upgrade shows how far it is
                return Services.open(target, exclusive=True, operator=operator)
        except ServiceError as exc:
            from ui import dialogs  # only when it will not open (issue 29.6: the dialogs import much of ui)

            shown = target or "the default database"
            choice = dialogs.ask_open_failed(parent, shown, str(exc), is_locked(exc))
            if choice is None:
                QMessageBox.critical(parent, APP_NAME, f"Scorekeeper could not open the database.\n\n{exc}")
                return None
            if choice == "restore" and target:
                restore_damaged(parent, target)
            elif choice == "open":
                target = dialogs.ask_database(parent, False) or target


def show_window(db: str | None, settings: QSettings | None = None, operator: str = "", season: str = "") -> MainWindow:
    """The window's shell (menus, toolbar, "Loading…" tabs), shown and painted at once; the icon is set and `db`
    opens into it on the event loop's turn after its first paint (`after_paint`, `MainWindow.when_painted`).
    Nothing but PySide6 is imported, nothing of the season read, before the shell is on screen. `operator` and
    `season`: as named on the command line (empty: not named)."""
    app = application()
    window = MainWindow.opening(db, settings)
    window.given_operator, window.given_season = operator.strip(), season
    window.when_painted(lambda: after_paint(app, window, db))
    window.show()
    app.processEvents()  # the shell painted now: on screen before the first turn of the event loop
    return window


def after_paint(app: QApplication, window: MainWindow, db: str | None) -> bool:
    """What waits for the shell to be on screen: the window's icon (found through the package's resources,
    a few milliseconds), then the database (`open_into`)."""
    set_window_icon(app)
    return open_into(window, db)


def open_into(window: MainWindow, db: str | None) -> bool:
    """Open `db` into the shown shell, fill it, then `start()` (operator, first start). When the database will
    not open or cannot be read, the user is told (over the shell) and the event loop ends with exit code 1."""
    if not window.isVisible():  # closed while opening
        return False
    from PySide6.QtWidgets import QMessageBox

    from scorekeeper.services import ServiceError

    operator = window.given_operator or window.settings.value(OPERATOR)
    svc = open_services(db, operator if isinstance(operator, str) else "", window)
    if svc is None:
        give_up(window)
        return False
    try:
        window.attach(svc)
    except ServiceError as exc:
        svc.close()
        QMessageBox.critical(window, APP_NAME, f"Scorekeeper could not read the database.\n\n{exc}")
        give_up(window)
        return False
    window.start()
    return True


def error_message(window: MainWindow, exc: BaseException) -> str:
    """What an error no code path caught means, for the person at the window."""
    import sqlite3

    from peewee import DatabaseError

    svc = getattr(window, "svc", None)
    if isinstance(exc, DatabaseError | sqlite3.Error) and svc is not None:
        return str(svc.explain_error(exc))
    if isinstance(exc, OSError):
        return f"A file could not be used: {exc.strerror or exc} ({exc.filename or 'no file name'})."
    return (f"Scorekeeper could not finish that ({type(exc).__name__}: {exc}). What was recorded before is safe; "
            "check the last entry and try again.")


def install_error_handler(window: MainWindow) -> None:
    """An error raised in a slot and caught nowhere is shown as a sentence over the window, which carries on;
    never a traceback on the console (set SCOREKEEPER_DEBUG=1 to get one as well): the traceback is in the log,
    which the message names."""
    import os
    import traceback

    import scorekeeper.logs as logs
    from ui.support import show_error

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        logs.log.error("an error no code path caught", exc_info=(kind, exc, tb))
        if os.environ.get("SCOREKEEPER_DEBUG"):
            traceback.print_exception(kind, exc, tb)
        show_error(window if window.isVisible() else None, error_message(window, exc))

    sys.excepthook = hook


def give_up(window: MainWindow) -> None:
    """Leave the event loop with exit code 1; `run_gui` closes the shell once the loop has ended (closed inside
    the loop, the last window would post a Quit event that outlives the loop)."""
    window.abandon()
    QApplication.exit(1)


def run_gui(db: str | None, operator: str = "", season: str = "") -> int:
    """Show the window at once, open database `db` (path or URL; None: the default file) into it, return the
    exit code. `operator` (who is at the keyboard, not asked then) and `season` (shown first): as the command
    line names them.

    A database that cannot be opened is reported in a message box and gives exit code 1, never a traceback.
    """
    window = show_window(db, operator=operator, season=season)
    install_error_handler(window)
    from ui.support import log_qt_messages

    log_qt_messages()
    try:
        code = application().exec()
    finally:
        window.close()
        window.shutdown()
    return 1 if window.open_failed else code
