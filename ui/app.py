"""`run_gui`: what `scorekeeper` and `scorekeeper gui` start."""

from __future__ import annotations

import sys
from typing import cast

from PySide6.QtWidgets import QApplication, QMessageBox

from ui import APP_NAME, ORGANIZATION


def application() -> QApplication:
    """The process's QApplication (created on first use), named so QSettings finds the window's state."""
    app = cast(QApplication | None, QApplication.instance()) or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    return app


def run_gui(db: str | None) -> int:
    """Open database `db` (path or URL; None: the default file), show the window, return the exit code.

    A database that cannot be opened is reported in a message box and gives exit code 1, never a traceback.
    """
    from scorekeeper.services import ServiceError, Services
    from ui.main_window import MainWindow

    app = application()
    try:
        svc = Services.open(db)
    except ServiceError as exc:
        QMessageBox.critical(None, APP_NAME, f"Scorekeeper could not open the database.\n\n{exc}")
        return 1
    try:
        window = MainWindow(svc)
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
