"""The Live Game tab's Line-ups page: each side's roster with Dress and G check boxes, the candidates as the
facade judges them (refused players cannot be ticked and say why), and the button that saves a side."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractItemView, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from scorekeeper.results_records import LineupCandidate
from ui import theme
from ui.models import LineupModel
from ui.table_tab import fit_columns, make_table_view

REFUSED = ("suspended", "ineligible")
"""Line-up candidates the rulebook refuses outright (a division-1 limit is a cap on the count: a note)."""
MNEMONICS = {"home": ("Dress &all", "&None", "&Save line-up"), "away": ("&Dress all", "Non&e", "Sa&ve line-up")}
"""Each side's buttons (both are on the page): each Alt key presses one button."""


class LineupPanel(QWidget):
    """One side's roster with Dress and G check boxes, and the button that saves the line-up."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = LineupModel()
        self.title = QLabel(self)
        self.view = make_table_view(self.model, self)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setToolTip("Space ticks Dress in the first column, G in the second")
        self.view.horizontalHeader().setMinimumSectionSize(20)  # G, # and gender as narrow as they read: every
        # column, the note too, in sight at 1024 pixels
        self.all_button = QPushButton("Dress all", self)  # the mnemonics are set per side (home, away)
        self.none_button = QPushButton("None", self)
        self.save_button = QPushButton("Save line-up", self)
        self.save_button.setDefault(False)
        for enter in ("Return", "Enter"):  # Enter in the list presses Save line-up, the form's button
            QShortcut(QKeySequence(enter), self.view, context=Qt.ShortcutContext.WidgetShortcut).activated.connect(
                self.save_button.click)
        self.all_button.clicked.connect(lambda: self.model.set_all(True))
        self.none_button.clicked.connect(lambda: self.model.set_all(False))
        buttons = QHBoxLayout()
        buttons.addWidget(self.all_button)
        buttons.addWidget(self.none_button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.said = QLabel(self)
        self.said.setObjectName("lineupSaid")
        self.said.setWordWrap(True)
        self.said.setTextFormat(Qt.TextFormat.RichText)
        self.said.hide()
        self.saved: dict[str, tuple[bool, bool]] = {}
        """Each player's (dressed, goalie) as the facade last gave them: what differs is not saved yet."""
        self.blocked: dict[str, str] = {}
        """The last refusal's note beside each player it names (until the side is saved)."""
        self.note = QLabel(self)  # every note whole: the Note column is narrow at 1024 pixels, and a refused
        # player's row takes no cursor
        self.note.setObjectName("lineupNotes")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.RichText)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note.hide()
        self.model.dataChanged.connect(lambda first, last: self.show_notes())
        self.model.modelReset.connect(self.show_notes)
        self.model.rowsInserted.connect(self.show_notes)
        layout.addWidget(self.title)
        layout.addWidget(self.said)
        layout.addWidget(self.view)
        layout.addWidget(self.note)
        layout.addLayout(buttons)

    def show_notes(self) -> None:
        """Under the list, each player's note whole, by name (refusals in red, warnings in amber, as the list
        colours them); hidden while no player has one."""
        lines = []
        for row in self.model.rows():
            if row.get("note"):
                lines.append(f"<span style='color:{LineupModel.note_colour(row)}'>"
                             f"<b>{html.escape(str(row['name']))}</b>: {html.escape(str(row['note']))}</span>")
        text = "<br>".join(lines)
        if text != self.note.text():
            self.note.setText(text)
        self.note.setVisible(bool(lines))

    def unsaved(self) -> dict[str, tuple[bool, bool]]:
        """The ticks changed since the line-up was last saved, by player."""
        return {player: ticks for player, ticks in self.model.ticks().items() if self.saved.get(player) != ticks}

    def say(self, text: str) -> None:
        """A line above the roster (what the last save did, or why it was refused); empty: none."""
        self.said.setText(text)
        self.said.setVisible(bool(text))

    def refused(self, violations: Iterable[Any]) -> None:
        """A refusal beside each player it is about (`Violation.players`, by id), the rule and section with it;
        one about no player is said above the roster and in the rules panel. A block's note stays over a
        warning's about the same player."""
        rows = self.model.rows()
        listed = {str(row.get("player")) for row in rows}
        self.blocked = {}
        for v in sorted(violations, key=lambda v: bool(v.blocks)):  # warnings first: a block has the last word
            cite = f"{v.rule}{', ' + v.section if v.section else ''}"
            for player in listed.intersection(v.players):
                self.blocked[player] = f"{'Refused' if v.blocks else 'Warning'} ({cite}): {v.message}"
        self.model.update_rows([self.marked(row) for row in rows])

    def marked(self, row: Mapping[str, Any]) -> Mapping[str, Any]:
        """`row` with the last refusal's note, where it names the player."""
        note = self.blocked.get(str(row.get("player")))
        return row if note is None else {**row, "note": note, "blocked": True}


def lineups_page(parent: QWidget) -> tuple[LineupPanel, LineupPanel, QWidget]:
    """The home and away panels side by side on a page of their own."""
    home, away = LineupPanel(parent), LineupPanel(parent)
    for panel, texts in ((home, MNEMONICS["home"]), (away, MNEMONICS["away"])):
        for push, text in zip((panel.all_button, panel.none_button, panel.save_button), texts, strict=True):
            push.setText(text)  # each Alt key presses one button (both sides are on the page)
    page = QWidget(parent)
    layout = QHBoxLayout(page)
    layout.addWidget(home)
    layout.addWidget(away)
    return home, away, page


class CandidateRow(LineupCandidate):
    """A line-up candidate as the panel lists it."""

    note: str  # the rule's message where the player is not ok ('' : none)
    refused: bool  # the rulebook bars the player


def candidate_rows(candidates: Iterable[LineupCandidate]) -> list[CandidateRow]:
    """The facade's line-up candidates as the panel lists them: a note with the rule where one is not ok, the
    refused marked, goalies first then by number."""
    rows: list[CandidateRow] = []
    for row in candidates:
        note = ""
        if row["status"] != "ok":
            section = f" {row['section']}" if row.get("section") else ""
            note = f"{row['message']} ({row['rule']}{section})"
        rows.append({**row, "note": note, "refused": row["status"] in REFUSED})
    rows.sort(key=lambda row: (row["position"] != "goalie", row["number"]))
    return rows


def fill_panel(panel: LineupPanel, candidates: Iterable[LineupCandidate], title: str, side: str,
               keep: bool) -> None:
    """One side's candidates into its panel (`title`: the team's name). `keep`: its ticks not saved yet stay
    (saving the other side, or another PC's entry), with its last refusal."""
    unsaved = panel.unsaved() if keep else {}
    if not keep or not unsaved:
        panel.blocked = {}
        if not keep:
            panel.say("")
    rows = candidate_rows(candidates)
    panel.saved = {row["player"]: (bool(row["dressed"]), bool(row["goalie"])) for row in rows}
    for number, row in enumerate(rows):
        ticks = unsaved.get(row["player"])
        if ticks is not None and not (row["refused"] and ticks[0] and not row["dressed"]):
            rows[number] = {**row, "dressed": ticks[0], "goalie": ticks[1]}
    panel.model.set_rows([panel.marked(row) for row in rows])
    dressed = sum(1 for row in rows if row["dressed"])
    panel.title.setText(f"<b>{html.escape(title)}</b> ({side}) — {dressed} dressed")
    panel.view.setAccessibleName(f"Line-up of {title} ({side})")
    fit_columns(panel.view, padding=10)


def saved(panel: LineupPanel, done: str) -> None:
    """The side saved: its refusal notes go, and `done` is said above its roster."""
    panel.blocked = {}
    panel.model.update_rows([{k: v for k, v in row.items() if k != "blocked"} for row in panel.model.rows()])
    panel.say(theme.span("ok", html.escape(done), bold=True))


def refusal_status(refused: Sequence[Any]) -> str:
    """A refused save in the status line: each refusal or warning with its rule."""
    return " ".join(f"{'Refused' if v.blocks else 'Warning'} {v.rule}: {v.message}" for v in refused) \
        or "Line-up not saved"
