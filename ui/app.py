"""`run_gui`: what `scorekeeper` and `scorekeeper gui` start."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from ui import APP_NAME, ORGANIZATION

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
    icon = QIcon(path)
    for size in (16, 24, 32, 48, 64, 128, 256):
        sized = Path(path).with_name(f"{Path(path).stem}-{size}.png")
        if sized.is_file():
            icon.addFile(str(sized))
    app.setWindowIcon(icon)
    return True


def application() -> QApplication:
    """The process's QApplication (created on first use), named so QSettings finds the window's state."""
    app = cast(QApplication | None, QApplication.instance()) or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    return app


def open_services(db: str | None, operator: str) -> Services | None:
    """Open `db` with this window its only writer. When it will not open, say why and offer another database
    or a backup over it (a damaged file); None when the user gives up."""
    from scorekeeper.services import ServiceError, Services
    from ui import dialogs
    from ui.main_window import is_locked, restore_damaged

    target = db
    while True:
        try:
            return Services.open(target, exclusive=True, operator=operator)
        except ServiceError as exc:
            shown = target or "the default database"
            choice = dialogs.ask_open_failed(None, shown, str(exc), is_locked(exc))
            if choice is None:
                QMessageBox.critical(None, APP_NAME, f"Scorekeeper could not open the database.\n\n{exc}")
                return None
            if choice == "restore" and target:
                restore_damaged(None, target)
            elif choice == "open":
                target = dialogs.ask_database(None, False) or target


def run_gui(db: str | None) -> int:
    """Open database `db` (path or URL; None: the default file), show the window, return the exit code.

    A database that cannot be opened is reported in a message box and gives exit code 1, never a traceback.
    """
    from scorekeeper.services import ServiceError
    from ui.main_window import OPERATOR, MainWindow

    app = application()
    set_window_icon(app)
    operator = QSettings().value(OPERATOR)
    svc = open_services(db, operator if isinstance(operator, str) else "")
    if svc is None:
        return 1
    try:
        window = MainWindow(svc, lazy=True)
    except ServiceError as exc:
        svc.close()
        QMessageBox.critical(None, APP_NAME, f"Scorekeeper could not read the database.\n\n{exc}")
        return 1
    window.show()
    window.start()
    try:
        return app.exec()
    finally:
        window.shutdown()
