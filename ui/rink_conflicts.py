"""Office ▸ Rink conflicts… (issue 32): on the league's database, the games rink PCs sent that the league did not
take, and the office's decision for the one selected: keep the league's game, take the rink's, or merge the two
event by event (the office password, as every office action asks it; audited by the core). Each decision is one
`Choice`, one button. A game's merge is previewed as soon as its conflict is selected (`merge_preview_text`: how
many events both sides have, only the league, only the rink; or the entries the two sides disagree on, and then
the merge button is off)."""

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

from scorekeeper.services import ServiceError
from ui import dialogs, operation, theme
from ui.models import Column, RecordTableModel, field
from ui.table_tab import fit_columns, make_table_view

if TYPE_CHECKING:
    from scorekeeper.changes import EntryResult
    from scorekeeper.rink.merge import MergePreview
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
    merges: bool = False  # offered only where the merge preview says the two games merge


def _merge(svc: Services, row: Row, season: str) -> EntryResult:
    return svc.merge_rink_conflict(row["game"], rink=row["rink"], season=season)


CHOICES = (
    Choice("&Keep the league's", "The league's game stays as it is; the rink's is set aside", "the league's game kept",
           lambda svc, row, season: svc.settle_conflict(row["game"], take_rink=False, rink=row["rink"],
                                                        season=season)),
    Choice("&Take the rink's", "The rink's game replaces the league's, judged as any change (a final game too)",
           "the rink's game taken",
           lambda svc, row, season: svc.settle_conflict(row["game"], take_rink=True, rink=row["rink"],
                                                        season=season)),
    Choice("&Merge event by event", "The league's game with the rink's events it lacks added (an event both have "
           "counts once), judged as any change", "the two games merged event by event", _merge, merges=True),
)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def merge_preview_text(preview: MergePreview) -> str:
    """The merge of a game's conflict in words, before the office decides (plain text)."""
    if not preview.mergeable:
        told = "; ".join(u.why for u in preview.unmergeable[:3])
        more = f" (and {len(preview.unmergeable) - 3} more)" if len(preview.unmergeable) > 3 else ""
        return (f"Cannot be merged: {_plural(len(preview.unmergeable), 'entry')} the two sides recorded differently: "
                f"{told}{more}. Keep one side's game.")
    parts = [f"{_plural(preview.count('both'), 'event')} on both sides",
             f"{preview.count('league')} only the league's", f"{preview.count('rink')} only the rink's"]
    if preview.added_players:
        parts.append(f"{_plural(len(preview.added_players), 'player')} dressed only at one side added")
    return "Merged event by event: " + ", ".join(parts) + "."


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
        self.merging: QPushButton | None = None
        row = QHBoxLayout()
        for choice in CHOICES:
            button = QPushButton(choice.label, self)
            button.setToolTip(choice.tip)
            button.clicked.connect(lambda _=False, c=choice: self.settle(c))
            row.addWidget(button)
            self.buttons.append(button)
            if choice.merges:
                self.merging = button
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
            "for the office: the league kept its own. Keep it, take the rink's, or merge a game's two versions event "
            "by event (the office password)." if count
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
        preview = self._preview(row)
        if self.merging is not None:
            self.merging.setEnabled(preview is not None and preview.mergeable)
        self.detail.setText("" if row is None else
                            f"<b>{html.escape(row['name'])}</b> from rink {html.escape(row['rink'])}, sent "
                            f"{html.escape(row['when'])}: {html.escape(row['message'])}"
                            + ("" if preview is None else "<br>" + html.escape(merge_preview_text(preview))))

    def _preview(self, row: Row | None) -> MergePreview | None:
        """The selected game's merge, as it would be (None: nothing selected; a roster's or payment's conflict, which
        is kept or taken whole)."""
        if row is None:
            return None
        try:
            return self.svc.rink_conflict_merge_preview(row["game"], rink=row["rink"], season=self.season)
        except ServiceError:
            return None

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
