"""What the window gives whoever supports it (issue 31): Qt's own messages in the log, an error's dialog that
names the log file and opens its folder, and Help > Save a problem report... (scorekeeper.problem_report)."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QSettings, QStandardPaths, QtMsgType, QUrl, qInstallMessageHandler
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from ui import APP_NAME

qt_log = logging.getLogger("scorekeeper.qt")
_LEVELS = {QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
           QtMsgType.QtWarningMsg: logging.WARNING, QtMsgType.QtCriticalMsg: logging.ERROR,
           QtMsgType.QtFatalMsg: logging.CRITICAL}


def _qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    where = f" ({context.category})" if context.category and context.category != "default" else ""
    qt_log.log(_LEVELS.get(kind, logging.WARNING), "%s%s", message, where)


def log_qt_messages() -> None:
    """Qt's warnings (a missing plugin, a font, a screen) go to the log, not to a console nobody sees."""
    qInstallMessageHandler(_qt_message)


def open_log_folder() -> bool:
    """Show the log's folder in the desktop's file manager."""
    from scorekeeper.logs import log_folder

    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(log_folder())))


def show_error(parent: QWidget | None, message: str) -> None:
    """An error's sentence, with where its details are: the log file, and a button that opens its folder."""
    from scorekeeper.logs import log_file
    from ui import dialogs

    box = QMessageBox(QMessageBox.Icon.Warning, APP_NAME, message, QMessageBox.StandardButton.Ok, parent)
    box.setInformativeText(f"The details are in the log: {log_file()}")
    folder = box.addButton("Open the log &folder", QMessageBox.ButtonRole.ActionRole)
    box.setAccessibleName("Error")
    dialogs.run_dialog(box)
    if box.clickedButton() is folder:
        open_log_folder()


def window_settings(settings: QSettings) -> dict[str, object]:
    """The window's own settings as text (layout, the clock's state...): what the problem report adds."""
    return {key: str(settings.value(key)) for key in settings.allKeys()}


def save_problem_report(parent: QWidget, db: str | None, settings: QSettings) -> Path | None:
    """Help > Save a problem report...: ask where, write the zip, say where it is (None: cancelled or failed)."""
    from datetime import date

    from scorekeeper.problem_report import write_report

    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    suggested = str(Path(folder) / f"scorekeeper-problem-report-{date.today().isoformat()}.zip")
    chosen, _ = QFileDialog.getSaveFileName(parent, "Save a problem report", suggested, "Zip files (*.zip)")
    if not chosen:
        return None
    try:
        out = write_report(Path(chosen), db, window_settings(settings))
    except OSError as exc:
        QMessageBox.warning(parent, APP_NAME, f"The problem report could not be written to {chosen}: "
                                              f"{exc.strerror or exc}")
        return None
    QMessageBox.information(parent, APP_NAME, f"The problem report is saved as {out}.\n\nIt holds the log, the "
                                              "versions, the settings without passwords and the database's "
                                              "integrity summary, none of its data: send it to whoever supports "
                                              "Scorekeeper for your league.")
    return out
