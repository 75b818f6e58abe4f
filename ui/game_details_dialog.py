"""The game sheet's details of one game: the league's game number, the officials who sign the sheet
(referees, linesmen, the scorekeeper), the game's curfew (the time the ice must be cleared, issue 28.6) and each
goalie's shots against by period as the paper sheet has them (`goalie_shots`, issue 30.3). Opened from the Live
Game tab; written through the facade (`set_game_details`), which takes them for a final game too: paperwork that
changes no outcome, audited; on a signed final game the office password is asked first (the window's operation
runner does it)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from PySide6.QtCore import QTime
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTimeEdit,
    QWidget,
)

from ui import dialogs, theme

if TYPE_CHECKING:
    from scorekeeper.results_records import GoalieShots
    from scorekeeper.season_data import GoalieShotsData
    from ui.game_at_the_boards import GameAtTheBoards

NUMBER_LIMIT = 20  # the season file's limit of a game `number` (docs/season-file.md)
NAME_LIMIT = 80
SHOTS_LIMIT = 999
TIME_FORMAT = "HH:mm"  # the season file's "HH:MM", 24-hour, like a game's `time`
CURFEW_AFTER_START = 2 * 60 * 60  # seconds: the time offered for a curfew not set yet, after the scheduled start


class GameDetailsDialog(QDialog):
    """Number, referees, linesmen and scorekeeper, one line each, then each goalie's shots per period (a goalie a
    row, a period a column), in the order the keyboard goes through them; Enter saves, Esc goes back. A blank line
    is no one, a blank shots box not recorded. The curfew (its box ticked, then the time) comes last."""

    def __init__(self, details: Mapping[str, Any], title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Game sheet details — {title}")
        self.game_id = str(details["id"])
        self.number = QLineEdit(str(details.get("number") or ""), self)
        self.number.setMaxLength(NUMBER_LIMIT)
        self.number.setPlaceholderText(self.game_id)
        self.number.setToolTip(f"The league's game number, printed on the game sheet (blank: {self.game_id})")
        self.referees = self._lines(details.get("referees") or [], "Referee's name")
        self.linesmen = self._lines(details.get("linesmen") or [], "Linesman's name")
        keeper = list(details.get("scorekeeper") or [])
        self.scorekeeper = self._line(keeper[0] if keeper else "", "Scorekeeper's name")
        operator = str(details.get("operator") or "")
        if operator:
            self.scorekeeper.setPlaceholderText(f"{operator} (the operator who finishes the game)")
        form = QFormLayout(self)
        form.addRow("Game &number:", self.number)
        for label, lines in (("&Referees:", self.referees), ("&Linesmen:", self.linesmen)):
            for i, line in enumerate(lines):
                form.addRow(label if i == 0 else "", line)
        form.addRow("&Scorekeeper:", self.scorekeeper)
        self._kept: list[GoalieShotsData] = []
        self.goalie_shot_boxes = self._goalie_grid(details, form)
        self.curfew_box, self.curfew_time = self._curfew(details, form)
        note = QLabel("Each name is printed on the game sheet over a signature line. Leave a line blank for no one.",
                      self)
        note.setWordWrap(True)
        theme.text_style(note, "muted")
        form.addRow(note)
        if details.get("final"):
            final = QLabel("The game is final and signed: a change here alters the signed sheet, so it is the "
                           "office's (its password) and recorded in the audit." if details.get("signed") else
                           "The game is final: these details change no result and are recorded in the audit.", self)
            final.setWordWrap(True)
            theme.text_style(final, "muted")
            form.addRow(final)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        save = buttons.button(QDialogButtonBox.StandardButton.Save)
        save.setDefault(True)  # Enter in any line saves
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.setMinimumWidth(440)
        self.number.setFocus()

    def _curfew(self, details: Mapping[str, Any], form: QFormLayout) -> tuple[QCheckBox, QTimeEdit]:
        """The curfew's row: a box to tick (none while it is not), the time beside it, then the scheduled start
        as the paper sheet prints them side by side."""
        curfew = str(details.get("curfew") or "")
        start = QTime.fromString(str(details.get("time") or ""), TIME_FORMAT)
        box = QCheckBox("C&urfew:", self)
        box.setToolTip("The time the ice must be cleared, printed beside the scheduled start (unticked: none)")
        at = QTimeEdit(self)
        at.setDisplayFormat(TIME_FORMAT)
        at.setAccessibleName("Curfew, the time the ice must be cleared")
        given = QTime.fromString(curfew, TIME_FORMAT)
        at.setTime(given if given.isValid() else start.addSecs(CURFEW_AFTER_START) if start.isValid()
                   else QTime(23, 0))
        box.setChecked(given.isValid())
        at.setEnabled(given.isValid())
        box.toggled.connect(at.setEnabled)
        row = QWidget(self)
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(at)
        if start.isValid():
            note = QLabel(f"scheduled start {start.toString(TIME_FORMAT)}", row)
            theme.text_style(note, "muted")
            line.addWidget(note)
        line.addStretch(1)
        form.addRow(box, row)
        self._curfew_shown = given.toString(TIME_FORMAT) if given.isValid() else ""
        return box, at

    def curfew(self) -> str:
        """The curfew as the dialog has it: "HH:MM", or "" for none."""
        return self.curfew_time.time().toString(TIME_FORMAT) if self.curfew_box.isChecked() else ""

    def curfew_change(self) -> str | None:
        """The curfew to write: None when it is as the dialog found it (left as it is), "" cleared, "HH:MM"."""
        curfew = self.curfew()
        return None if curfew == self._curfew_shown else curfew

    def _goalie_grid(self, details: Mapping[str, Any], form: QFormLayout) -> dict[tuple[str, int], QLineEdit]:
        """(goalie, period) -> its box: a row per goalie dressed in goal, a column per period, filled with the
        game's `goalie_shots`; none without a goalie."""
        goalies = list(details.get("goalies") or [])
        labels = list(details.get("period_labels") or [])
        boxes: dict[tuple[str, int], QLineEdit] = {}
        entries: list[GoalieShots] = list(details.get("goalie_shots") or [])
        if not goalies or not labels:
            return boxes
        given = {(str(x["goalie"]), x.get("period")): int(x["shots"]) for x in entries}
        shown = {(str(g["player"]), n) for g in goalies for n in range(1, len(labels) + 1)}
        # an entry the grid has no box for (a whole game's, from a file) is kept as it is
        self._kept = [{**x} for x in entries if (str(x["goalie"]), x.get("period")) not in shown]
        names = {"home": details.get("home_name", "Home"), "away": details.get("away_name", "Away")}
        grid_box = QWidget(self)
        grid = QGridLayout(grid_box)
        grid.setContentsMargins(0, 0, 0, 0)
        for col, label in enumerate(labels, start=1):
            grid.addWidget(QLabel(label, grid_box), 0, col)
        for row, g in enumerate(goalies, start=1):
            player = str(g["player"])
            grid.addWidget(QLabel(f"{names.get(g['side'], g['side'])} — {g['name']}", grid_box), row, 0)
            for period in range(1, len(labels) + 1):
                box = QLineEdit(grid_box)
                box.setValidator(QIntValidator(0, SHOTS_LIMIT, box))
                box.setMaxLength(len(str(SHOTS_LIMIT)))
                box.setFixedWidth(48)
                box.setAccessibleName(f"Shots against {g['name']}, {labels[period - 1]}")
                if (player, period) in given:
                    box.setText(str(given[(player, period)]))
                grid.addWidget(box, row, period)
                boxes[(player, period)] = box
        form.addRow(QLabel("Shots against each goalie, by period (as the paper sheet has them; blank: not "
                           "recorded):", self))
        form.addRow(grid_box)
        return boxes

    def goalie_shots(self) -> list[GoalieShotsData]:
        """The goalie shots typed, goalie by goalie and period by period (blank boxes left out), then those the
        grid has no box for, as they were."""
        typed: list[GoalieShotsData] = [{"goalie": player, "period": period, "shots": int(box.text())}
                                        for (player, period), box in self.goalie_shot_boxes.items()
                                        if box.text().strip()]
        return [*typed, *self._kept]

    def _line(self, text: str, placeholder: str) -> QLineEdit:
        line = QLineEdit(text, self)
        line.setMaxLength(NAME_LIMIT)
        line.setPlaceholderText(placeholder)
        return line

    def _lines(self, names: Sequence[str], placeholder: str) -> list[QLineEdit]:
        """One line per name given, at least two (a game has two referees or linesmen at most, as a rule)."""
        return [self._line(name, placeholder) for name in [*names, *[""] * max(0, 2 - len(names))]]

    def answer(self) -> tuple[str | None, list[dict[str, str]]]:
        """(the number, None for the id; the officials with their roles, blank lines left out)."""
        number = self.number.text().strip() or None
        officials = [{"name": line.text().strip(), "role": role}
                     for role, lines in (("referee", self.referees), ("linesman", self.linesmen),
                                         ("scorekeeper", [self.scorekeeper]))
                     for line in lines if line.text().strip()]
        return number, officials


def edit_details(tab: GameAtTheBoards) -> bool:
    """Ask the game at the boards' number and officials, then write them (True: written)."""
    game_id, season = tab.game_id, tab.season
    if game_id is None:
        return False
    details = {**_schedule(tab, game_id), **tab.svc.game_details(game_id, season=season)}
    dialog = GameDetailsDialog(details, f"{details['home_name']} vs {details['away_name']}", tab)
    if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted:
        return False
    number, officials = dialog.answer()
    # without a goalie box the game's goalie shots (some from a file, say) are left as they are
    shots = dialog.goalie_shots() if dialog.goalie_shot_boxes else None
    curfew = dialog.curfew_change()
    shown = html.escape(number or game_id)
    said = "" if curfew is None else f", curfew {curfew}" if curfew else ", no curfew"
    return tab.apply(lambda confirm: tab.svc.set_game_details(game_id, number, officials, season=season,
                                                              goalie_shots=shots,
                                                              curfew=curfew),
                     f"Game sheet details saved: game no. {shown}, {len(officials)} official(s){said}")


class Schedule(TypedDict):
    """A game's scheduled start and curfew as the details dialog shows them ('' : none)."""

    time: str
    curfew: str


def _schedule(tab: GameAtTheBoards, game_id: str) -> Schedule:
    """The game's scheduled start and curfew ("time", "curfew": "" for none), as the tab shows them (else as the
    facade's game has them)."""
    shown = tab.game_shown
    game: Mapping[str, Any] = (shown.row if shown is not None and shown.game_id == game_id
                               else tab.svc.game(game_id, season=tab.season))
    return {"time": str(game.get("time") or ""), "curfew": str(game.get("curfew") or "")}
