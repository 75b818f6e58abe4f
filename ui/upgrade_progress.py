"""The schema upgrade of an older database, shown in a progress dialog while the window opens it: the core reports
`(done, total, what)` to a callback (`scorekeeper.db.progress`), this draws it. Nothing is shown for an upgrade
quicker than `SHOW_AFTER` seconds, nor for a database already up to date."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from scorekeeper.services import reporting_upgrades

SHOW_AFTER = 0.5  # seconds


class UpgradeDialog:
    """A callback for `migrate` that shows a modal progress dialog over `parent` once the upgrade takes a while."""

    def __init__(self, parent: QWidget | None, after: float | None = None) -> None:
        self.parent = parent
        self.after = SHOW_AFTER if after is None else after
        self.started: float | None = None
        self.dialog: QProgressDialog | None = None

    def __call__(self, done: int, total: int, what: str) -> None:
        now = time.monotonic()
        if self.started is None:
            self.started = now
        if self.dialog is None:
            if now - self.started < self.after:
                return
            self.dialog = self._make(total)
        self.dialog.setMaximum(total)
        self.dialog.setLabelText(f"Upgrading the database for this version of Scorekeeper…\n{what}: {done:,} of "
                                 f"{total:,}")
        self.dialog.setValue(done)
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)  # painted, nothing clicked

    def _make(self, total: int) -> QProgressDialog:
        dialog = QProgressDialog("Upgrading the database…", "", 0, total, self.parent)
        dialog.setWindowTitle("Scorekeeper")
        dialog.setCancelButton(None)  # an upgrade is all or nothing: it runs to its end
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.show()
        return dialog

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None


@contextlib.contextmanager
def upgrade_progress(parent: QWidget | None) -> Iterator[UpgradeDialog]:
    """Around `Services.open`: an upgrade it runs shows its progress over `parent`; the dialog goes at the end."""
    shown = UpgradeDialog(parent)
    try:
        with reporting_upgrades(shown):
            yield shown
    finally:
        shown.close()
