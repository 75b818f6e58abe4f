"""The rink copy in the window (issue 32): File ▸ Rink copy… takes or refreshes this database as a rink PC's copy
of a league's season; the status bar says, always, what the copy is and what waits to be sent; File ▸ Send the
rink's games now sends them, and while games wait a timer sends them by itself whenever the league answers.

A send runs on a thread of its own (`SendThread`) with a facade of its own over the window's database: peewee
gives each thread its own connection, and the models' binding is per thread (`db.base.ThreadBoundProxy`), so the
league the send opens never moves the window's. The send only reads the copy's games and writes its marks (one
short IMMEDIATE transaction per game, SQLite's busy timeout behind it), so an entry typed meanwhile waits a
moment at most. The league's password, when its address needs one, is asked once by Send now and kept in this
object's memory for the session: never written anywhere, never logged (the address shown is the copy's, without
it).
"""

from __future__ import annotations

import datetime as dt
import html
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlsplit, urlunsplit

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QThread, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.services import ServiceError
from ui import dialogs, theme
from ui.rink_conflicts import local_time, show_conflicts

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from scorekeeper.services import Services

log = logging.getLogger(__name__)

TRY_EVERY_MS = 60_000
"""While games wait, the league is tried this often."""
AFTER_WRITE_MS = 150
"""After a write the status is read again this much later, once: the entry is drawn first, and a burst of writes
(a line-up, the goals of a game entered after it) reads it once (each read digests every game of the copy)."""
UNREACHABLE = ("the league cannot be reached", "there is no league database at")


def league_short(league: str) -> str:
    """The league's address, short: a file's name, a server's host and database."""
    if "://" in league:
        parts = urlsplit(league)
        return f"{parts.hostname or 'localhost'}{parts.path}"
    return Path(league).name


def with_password(league: str, password: str) -> str:
    """The league's URL with `password` put in (kept in memory only)."""
    parts = urlsplit(league)
    user = quote(parts.username or "", safe="")
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}:{quote(password, safe='')}@{host}{port}"))


def needs_password(league: str, message: str) -> bool:
    """Whether a refused send wants the league's password (a server address whose login was refused)."""
    return "://" in league and "password" in message.lower()


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


# -- taking the copy ------------------------------------------------------------------------------------------
class RinkCopyDialog(QDialog):
    """The league's address (a PostgreSQL URL or a SQLite file, Browse… for a file), the rink's name, the season
    (empty: the league's latest)."""

    def __init__(self, league: str, name: str, season: str, folder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rinkCopyDialog")
        self.setWindowTitle("Rink copy")
        self.folder = folder
        intro = QLabel("Score at the boards without the network: this database becomes the rink's copy of a "
                       "league's season. Games scored here are sent to the league when it can be reached; "
                       "taking the copy again keeps what was not sent yet.", self)
        intro.setWordWrap(True)
        self.league = QLineEdit(league, self)
        self.league.setPlaceholderText("postgresql://user@server:5432/league  or  a league's .db file")
        self.browse = QPushButton("&Browse…", self)
        self.browse.clicked.connect(self._browse)
        self.name = QLineEdit(name, self)
        self.name.setPlaceholderText("as the league's audit and conflicts show it (default: the file's name)")
        self.season = QLineEdit(season, self)
        self.season.setPlaceholderText("the league's latest")
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        theme.text_style(self.problem, "refused")
        row = QHBoxLayout()
        row.addWidget(self.league, 1)
        row.addWidget(self.browse)
        form = QFormLayout()
        league_label = QLabel("&League:", self)
        league_label.setBuddy(self.league)
        form.addRow(league_label, row)
        form.addRow("Rink's &name:", self.name)
        form.addRow("&Season:", self.season)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.take = buttons.addButton("&Take the copy", QDialogButtonBox.ButtonRole.AcceptRole)
        self.take.setDefault(True)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)

    def _browse(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "The league's database", self.folder, dialogs.DATABASES)
        if path:
            self.league.setText(path)

    def _check(self) -> None:
        if not self.league.text().strip():
            self.problem.setText("Give the league's address: a PostgreSQL URL or its database file.")
            self.league.setFocus()
            return
        self.accept()

    def answer(self) -> tuple[str, str, str | None]:
        return self.league.text().strip(), self.name.text().strip(), self.season.text().strip() or None


# -- the send, on a thread of its own ---------------------------------------------------------------------------
class SendThread(QThread):
    """One send of the copy's waiting games, with a facade of its own over the window's database (its own
    connection on this thread). `sent` carries the SendReport, or the refusal's text."""

    sent = Signal(object)

    def __init__(self, svc: Services, league: str | None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._db, self._target, self._operator, self._league = svc.db, svc.target, svc.operator, league

    def run(self) -> None:
        from scorekeeper.services import Services

        own = Services(self._db, self._target)
        own.operator = self._operator
        outcome: object
        try:
            outcome = own.send_to_league(self._league)
        except ServiceError as exc:
            outcome = str(exc)
        except Exception as exc:  # told in words, never raised on a thread
            log.exception("the rink's send failed")
            database = type(exc).__module__.split(".")[0] in ("sqlite3", "peewee", "psycopg", "psycopg2")
            outcome = own.explain_error(exc) if database else f"an unexpected error ({exc}; the log has it)"
        finally:
            try:
                own.db.close()  # this thread's connection only
            except Exception:  # pragma: no cover - closing after a failure
                log.exception("closing the send's connection")
        self.sent.emit(outcome)


DIRECT = Qt.FindChildOption.FindDirectChildrenOnly


class RoomyLabel(QLabel):
    """A label on the toolbar that takes the room there is (its end cut where the window is narrow) rather than
    going into the toolbar's overflow menu."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        bar = self.parentWidget()
        if bar is None:
            return hint
        others = sum(w.sizeHint().width() for w in bar.findChildren(QWidget, options=DIRECT)
                     if w is not self and w.isVisible())
        room = bar.width() - others - 60  # the toolbar's handle, separator and margins
        return QSize(max(160, min(hint.width(), room)), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(160, super().minimumSizeHint().height())


# -- the window's side ----------------------------------------------------------------------------------------
class RinkControl(QObject):
    """What File ▸ Rink copy…, File ▸ Send now and Office ▸ Rink conflicts… do (the window makes the actions with
    its menus), the rink label on the season's toolbar and the timer of the automatic send, for `window` (its
    `svc` read at each use: the database may change)."""

    def __init__(self, window: QMainWindow, copy_action: QAction, send_action: QAction,
                 conflicts_action: QAction) -> None:
        super().__init__(window)
        self.window: Any = window  # Any: the MainWindow (naming its class would import it back: a circle)
        self.copy_action, self.send_action, self.conflicts_action = copy_action, send_action, conflicts_action
        self.label = RoomyLabel(window)
        self.label.setObjectName("rinkStatus")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setContentsMargins(12, 0, 6, 0)
        self.shown: QAction | None = None  # the label's place on the season's toolbar (its visibility)
        self.timer = QTimer(self)
        self.timer.setInterval(TRY_EVERY_MS)
        self.timer.timeout.connect(self.try_send)
        self._after_write = QTimer(self)
        self._after_write.setSingleShot(True)
        self._after_write.setInterval(AFTER_WRITE_MS)
        self._after_write.timeout.connect(self.refresh)
        self.status: Any = None  # Any: the facade's CopyStatus (ui reads only the facade's values)
        self.conflicts_waiting = 0
        self.worker: SendThread | None = None
        self.manual = False
        self.note = ""  # the last send's word: "sending…", "league not reachable, last tried 10:42"
        self._password: str | None = None  # the league's, for this session only: never written, never logged

    def attach(self) -> None:
        """The database is there: the label on the season's toolbar, beside the season (always in sight, never
        in the way of the status bar's messages), redrawn after every write of the window."""
        from PySide6.QtWidgets import QToolBar

        bar = self.window.findChild(QToolBar, "seasonToolBar")
        self.separator = bar.addSeparator()
        self.shown = bar.addWidget(self.label)
        bar.installEventFilter(self)  # a narrower toolbar: the label's room is measured again
        self.window.hub.changed.connect(lambda _changes: self._after_write.start())
        self.window.season_picker.currentIndexChanged.connect(lambda _index: self.refresh())
        self.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self.label.updateGeometry()
        return False

    @property
    def svc(self) -> Services:
        return self.window.svc

    @property
    def sending(self) -> bool:
        return self.worker is not None

    # -- the status -----------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the copy's status again (or, at the league, the conflicts waiting) and redraw the label."""
        try:
            self.status = self.svc.rink_copy_status()
            season = self.window.current_season()
            self.conflicts_waiting = (len(self.svc.rink_conflicts(season)) if self.status is None and season
                                      else 0)
        except ServiceError as exc:
            log.warning("the rink copy's status could not be read: %s", exc)
            self.status, self.conflicts_waiting = None, 0
        self.send_action.setEnabled(self.status is not None)
        if self.status is not None and self.status.waiting:
            if not self.timer.isActive():
                self.timer.start()
        else:
            self.timer.stop()
        self._draw()

    def _draw(self) -> None:
        status = self.status
        if status is None:
            self._show(self.conflicts_waiting > 0)
            self.label.setText(theme.span("warning", html.escape(
                f"Rink conflicts: {self.conflicts_waiting} waiting (Office ▸ Rink conflicts…)")) + " ")
            self.label.setToolTip("Games rink PCs sent that the league did not take: the office keeps the league's "
                                  "or takes the rink's")
            return
        self.label.setText(self.text())
        self.label.setToolTip(f"A rink copy of {status.league}, season {status.season}, rink {status.rink}, taken "
                              f"{local_time(status.copied_at, seconds=True)}.\n" +
                              ("Waiting to be sent: " + ", ".join(status.waiting) if status.waiting
                               else "Every game scored here is at the league.") +
                              ("\nHanded to the office as conflicts: " + ", ".join(status.conflicts)
                               if status.conflicts else "") + (f"\nThe last send: {self.note}." if self.note else ""))
        self._show(True)

    def _show(self, shown: bool) -> None:
        if self.shown is not None:
            self.shown.setVisible(shown)
            self.separator.setVisible(shown)

    def visible(self) -> bool:
        """Whether the copy's status (or, at the league, the conflicts waiting) is in sight."""
        return self.shown is not None and self.shown.isVisible() and self.label.isVisible()

    def text(self) -> str:
        """The label's words (HTML), what matters first (a narrow window cuts the end): "Rink copy: 2 games
        waiting to send — league not reachable, last tried 10:42 · of league.db (rink North), taken today 09:58"."""
        status = self.status
        if status is None:
            return ""
        waiting = len(status.waiting)
        said = (theme.span("warning", plural(waiting, "game") + " waiting to send", bold=True) if waiting
                else theme.span("ok", "all sent", bold=True))
        if status.conflicts:
            said += html.escape(f"; {plural(len(status.conflicts), 'conflict')} handed to the office")
        if self.note:
            said += " — " + html.escape(self.note)
        taken = local_time(status.copied_at)
        today = dt.date.today().isoformat()
        tail = html.escape(f" · of {league_short(status.league)} (rink {status.rink}), taken "
                           f"{'today ' + taken[11:] if taken.startswith(today) else taken}")
        return "Rink copy: " + said + tail + " "

    # -- taking the copy ------------------------------------------------------------------------------------
    def take_copy(self) -> bool:
        """File ▸ Rink copy…: ask the league, the rink's name and the season; take the copy behind a busy
        indication; reload the season. A refusal is shown and changes nothing."""
        from ui import office
        from ui.window_files import FOLDER

        window = self.window
        status = self.status
        dialog = RinkCopyDialog(status.league if status else "", status.rink if status else "", "",
                                str(window.settings.value(FOLDER, "")), window)  # the season: the league's latest
        if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted:
            return False
        league, name, season = dialog.answer()
        if status is not None and league == status.league and self._password and "://" in league:
            league = with_password(league, self._password)
        if self.svc.has_office_password() and not office.unlock(
                window, self.svc, "Refreshing the rink copy replaces its season. The office password:"):
            return False
        try:
            with dialogs.busy(window, "Rink copy", f"Taking the rink copy of {league_short(league)}…"):
                report = self.svc.take_rink_copy(league, name, season)
        except ServiceError as exc:
            dialogs.tell(window, "Rink copy", f"The rink copy was not taken.\n\n{exc}", error=True)
            return False
        window.reload_seasons(report.season)
        self.note = ""
        self.refresh()
        kept = f" Kept as scored here (not yet sent): {', '.join(report.kept)}." if report.kept else ""
        window.statusBar().showMessage(f"Rink copy of {league_short(report.league)}, season {report.season}, "
                                       f"taken: {plural(report.games, 'game')}.{kept}", 30000)
        return True

    # -- sending --------------------------------------------------------------------------------------------
    def send_now(self) -> bool:
        """File ▸ Send now: send at once; the outcome is told when the send is done (`_sent`)."""
        if self.status is None:
            return False
        if self.sending:
            self.manual = True  # the running send's outcome is told
            return True
        return self._start(manual=True)

    def operator_busy(self) -> bool:
        """The scorekeeper is in the middle of something: a dialog open, an entry half typed at the boards."""
        if QApplication.activeModalWidget() is not None or QApplication.activePopupWidget() is not None:
            return True
        tab = getattr(self.window, "live_game_tab", None)
        entry = getattr(tab, "entry", None)
        return bool(tab is not None and entry is not None and tab.game_id is not None and entry.isEnabled()
                    and entry.half_typed())

    def try_send(self) -> bool:
        """The timer's turn: send when something waits and nobody is in the middle of something."""
        self.refresh()
        if self.status is None or not self.status.waiting or self.sending or self.operator_busy():
            return False
        return self._start(manual=False)

    def _start(self, manual: bool) -> bool:
        status = self.status
        league = with_password(status.league, self._password) if self._password and "://" in status.league \
            else None
        self.manual = manual
        self.worker = SendThread(self.svc, league, self)
        self.worker.sent.connect(self._sent)
        self.note = "sending…"
        self._draw()
        self.worker.start()
        return True

    def _sent(self, outcome: object) -> None:
        thread, self.worker = self.worker, None
        if thread is not None:
            thread.wait()
            thread.deleteLater()
        manual, self.manual = self.manual, False
        now = dt.datetime.now().strftime("%H:%M")
        if isinstance(outcome, str):
            self._refused(outcome, manual, now)
            return
        report: Any = outcome  # Any: the facade's SendReport
        self.note = f"last sent {now}"
        self.refresh()
        if report.conflicts:
            self._tell_conflicts(report.conflicts, manual)
        if manual:
            self.window.statusBar().showMessage(
                f"Sent {plural(len(report.sent), 'game')} to the league" +
                (f": {', '.join(report.sent)}" if report.sent else "") +
                (f"; {plural(len(report.conflicts), 'conflict')} handed to the office" if report.conflicts
                 else ""), 30000)

    def _refused(self, message: str, manual: bool, now: str) -> None:
        unreachable = message.startswith(UNREACHABLE)
        self.note = (f"league not reachable, last tried {now}" if unreachable else f"not sent ({now}): {message}")
        self.refresh()
        if not manual:
            return
        status = self.status
        league = status.league if status is not None else ""
        if needs_password(league, message) and self._password is None:
            password = dialogs.ask_password(self.window, "Send to the league",
                                            f"The league at {league_short(league)} asks a password (kept for this "
                                            "session only):")
            if password:
                self._password = password
                self._start(manual=True)
                return
        if needs_password(league, message):
            self._password = None  # a wrong one is asked again next time
        dialogs.tell(self.window, "Send to the league", "The rink's games were not sent: "
                     f"{message[:1].lower()}{message[1:]}.\n\nThey wait here and are sent when the league "
                     "answers.", error=True)

    def _tell_conflicts(self, conflicts: list[Any], manual: bool) -> None:
        text = (f"The league did not take {plural(len(conflicts), 'game')}: the office settles "
                f"{'it' if len(conflicts) == 1 else 'them'} (keep the league's or take the rink's).")
        details = "\n\n".join(str(c.message) for c in conflicts)
        if manual:
            dialogs.tell(self.window, "Rink conflicts", f"{text}\n\n{details}")
            return
        box = QMessageBox(QMessageBox.Icon.Information, "Rink conflicts", f"{text}\n\n{details}",
                          QMessageBox.StandardButton.Ok, self.window)  # not modal: scoring goes on
        box.setObjectName("rinkConflictsNote")
        box.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setModal(False)
        box.show()

    def stop(self) -> None:
        """The window closes or changes database: no more tries; a send under way is finished first."""
        self.timer.stop()
        thread, self.worker = self.worker, None
        if thread is not None:
            thread.sent.disconnect(self._sent)
            thread.wait()
            thread.deleteLater()

    # -- the office's list ------------------------------------------------------------------------------------
    def show_conflicts(self) -> object:
        season = self.window.current_season()
        if season is None:
            return None
        done = show_conflicts(self.window, self.svc, self.window.hub, season)
        self.refresh()
        return done
