"""Office ▸ Rink conflicts… (issue 32): on the league's database, the games rink PCs sent that the league did not
take, and the office's decision for the one selected: keep the league's game or take the rink's (the office
password, as every office action asks it; audited by the core). Each decision is one `Choice`: another way to
settle (merging the two games event by event) is one more entry in `CHOICES`, one more button."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui import dialogs, operation, theme
from ui.models import Column, RecordTableModel, field
from ui.table_tab import fit_columns, make_table_view

if TYPE_CHECKING:
    from scorekeeper.changes import EntryResult
    from scorekeeper.services import Services
    from ui.hub import ChangeHub

Row = Mapping[str, Any]  # Any: a conflict as the facade lists it (`Conflict.to_json`), with its game's name


def local_time(utc: str, seconds: bool = False) -> str:
    """An ISO time in UTC ('2026-12-05T09:58:00Z', '2026-12-05 09:58:00') as this PC's local time."""
    try:
        when = dt.datetime.fromisoformat(utc.replace("Z", "+00:00").replace("T", " "))
    except ValueError:
        return utc
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M" + (":%S" if seconds else ""))


@dataclass(frozen=True)
class Choice:
    """One way the office settles a conflict: the button's text, what it says it does, and the facade's call."""

    label: str
    tip: str
    done: str
    settle: Callable[[Services, Row, str], EntryResult]


CHOICES = (
    Choice("&Keep the league's", "The league's game stays as it is; the rink's is set aside", "the league's game kept",
           lambda svc, row, season: svc.settle_conflict(row["game"], take_rink=False, rink=row["rink"],
                                                        season=season)),
    Choice("&Take the rink's", "The rink's game replaces the league's, judged as any change (a final game too)",
           "the rink's game taken",
           lambda svc, row, season: svc.settle_conflict(row["game"], take_rink=True, rink=row["rink"],
                                                        season=season)),
)


class ConflictModel(RecordTableModel):
    columns = (
        Column("Game", field("name")),
        Column("Rink", field("rink")),
        Column("Sent", field("when")),
        Column("What differs", field("message"), stretch=True),
    )


class ConflictsDialog(QDialog):
    """The season's waiting rink conflicts; the selected one's whole message; a button per `Choice`."""

    def __init__(self, svc: Services, hub: ChangeHub | None, season: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rinkConflictsDialog")
        self.svc, self.hub, self.season = svc, hub, season
        self.setWindowTitle(f"Rink conflicts — season {season}")
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.model = ConflictModel([], self)
        self.view = make_table_view(self.model, self)
        self.view.setAccessibleName("Rink conflicts")
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setObjectName("conflictDetail")
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.messages = QLabel(self)
        self.messages.setWordWrap(True)
        self.buttons: list[QPushButton] = []
        row = QHBoxLayout()
        for choice in CHOICES:
            button = QPushButton(choice.label, self)
            button.setToolTip(choice.tip)
            button.clicked.connect(lambda _=False, c=choice: self.settle(c))
            row.addWidget(button)
            self.buttons.append(button)
        row.addStretch()
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        row.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.detail)
        layout.addWidget(self.messages)
        layout.addLayout(row)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._selected())
        self.reload()
        fit_columns(self.view)
        self.resize(900, 420)

    def reload(self) -> None:
        """The conflicts waiting, oldest first; the first selected."""
        names = self.svc.game_names(self.season)
        rows = [{**c.to_json(), "name": names.get(c.game, c.game), "when": local_time(c.at)}
                for c in self.svc.rink_conflicts(self.season)]
        self.model.set_rows(rows)
        count = len(rows)
        self.summary.setText(
            f"<b>{count} game{'s' if count != 1 else ''}</b> sent by rink PCs {'wait' if count != 1 else 'waits'} "
            "for the office: the league kept its own. Keep it, or take the rink's (the office password)." if count
            else
            "No rink conflict waits: every game the rink PCs sent was taken, or the office settled it.")
        if count:
            self.view.setCurrentIndex(self.model.index(0, 0))
            self.view.setFocus()
        self._selected()

    def current(self) -> Row | None:
        index = self.view.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    def _selected(self) -> None:
        row = self.current()
        for button in self.buttons:
            button.setEnabled(row is not None)
        self.detail.setText("" if row is None else
                            f"<b>{html.escape(row['name'])}</b> from rink {html.escape(row['rink'])}, sent "
                            f"{html.escape(row['when'])}: {html.escape(row['message'])}")

    def say(self, text: str) -> None:
        self.messages.setText(text)

    def settle(self, choice: Choice) -> bool:
        """Settle the selected conflict as `choice` says (the office password asked when the office is locked);
        the list and the window's tables follow."""
        row = self.current()
        if row is None:
            return False
        result = operation.run(self, self.svc, self.hub, lambda _confirm: choice.settle(self.svc, row, self.season),
                               show=self.say, wording=operation.DONE, confirm=False)
        if result is None:
            return False
        self.reload()
        self.say(theme.span("ok", html.escape(f"{row['name']}: {choice.done}; the conflict is settled.", quote=False)))
        return True


def show_conflicts(parent: QWidget | None, svc: Services, hub: ChangeHub | None, season: str) -> ConflictsDialog:
    dialog = ConflictsDialog(svc, hub, season, parent)
    dialogs.run_dialog(dialog)
    return dialog
