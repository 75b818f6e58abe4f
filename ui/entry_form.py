"""The entry form of the Live Game tab: one form for every kind of game event, keyboard first.

The form only turns what was typed into a season-file event dict (jersey numbers into player ids through the
line-up the facade holds); the facade judges the event. Enter records it, Esc clears it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRegularExpression, QStringListModel, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from ui.game_clock import fmt, parse_time


@dataclass(frozen=True)
class Kind:
    type: str
    label: str
    key: str


KINDS = (
    Kind("goal", "Goal", "G"),
    Kind("penalty", "Penalty", "P"),
    Kind("timeout", "Timeout", "T"),
    Kind("penalty_shot", "Penalty shot", "S"),
    Kind("awarded_goal", "Awarded goal", "W"),
    Kind("goalie", "Goalie pulled / in", "K"),
    Kind("late", "Team late", "L"),
    Kind("forfeit", "Forfeit", "F"),
    Kind("note", "Note", "N"),
    Kind("shootout", "Shootout won by", "O"),  # offered only where the rulebook has shootouts
)
OPTIONAL_KINDS = {"shootout"}
FORFEIT_REASONS = ("late", "short_players", "ineligible", "other")
TIMED = {"goal", "penalty", "timeout", "penalty_shot", "awarded_goal", "goalie"}


class EntryError(ValueError):
    """What was typed cannot become an event (a number nobody wears, a time that is no time): shown as a
    refusal, with the core's rule and section where there is one (no rule is made up for a typing slip)."""

    def __init__(self, message: str, rule: str = "", section: str = "") -> None:
        super().__init__(message)
        self.row = {"rule": rule, "severity": "block", "message": message, "section": section, "where": ""}


def infraction_label(code: str, name: str) -> str:
    """How an infraction reads in the completer: its name, then its code."""
    return f"{name} [{code}]"


class EntryForm(QWidget):
    """Kind, team, numbers, infraction, period and time: the fields a kind needs are shown, the rest hidden."""

    submitted = Signal()
    cleared = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.infractions: dict[str, dict[str, Any]] = {}
        """The infraction catalogue in force by code (`Services.infractions()` rows)."""
        self._labels: dict[str, str] = {}
        self.resolve: Callable[[str, int], str] = lambda side, number: str(number)
        self.editing: int | None = None

        self.kind = QComboBox(self)
        for kind in KINDS:
            if kind.type not in OPTIONAL_KINDS:
                self.kind.addItem(f"{kind.label}  ({kind.key})", kind.type)
        self.team = QComboBox(self)
        self.team.setToolTip("Type H for home, A for away")
        number = QRegularExpressionValidator(QRegularExpression(r"\d{0,2}"), self)
        self.number = QLineEdit(self)
        self.number.setValidator(number)
        self.number.setPlaceholderText("jersey number")
        self.assists = QLineEdit(self)
        self.assists.setValidator(QRegularExpressionValidator(QRegularExpression(r"[\d ,]{0,8}"), self))
        self.assists.setPlaceholderText("e.g. 7 12 (none: leave blank)")
        self.infraction = QLineEdit(self)
        self.infraction.setPlaceholderText("type part of its name or code")
        self.completer_model = QStringListModel(self)
        self.completer = QCompleter(self.completer_model, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer.setMaxVisibleItems(12)
        self.infraction.setCompleter(self.completer)
        self.penalty_class = QComboBox(self)
        self.penalty_class.setToolTip("The class, where the rulebook lets the referee choose")
        self.served_by = QLineEdit(self)
        self.served_by.setValidator(number)
        self.served_by.setPlaceholderText("blank: the offender")
        self.scored = QCheckBox("scored", self)
        self.fouled_by = QLineEdit(self)
        self.fouled_by.setValidator(number)
        self.fouled_by.setPlaceholderText("opponent's number (optional)")
        self.action = QComboBox(self)
        self.action.addItem("pulled", "pull")
        self.action.addItem("in", "in")
        self.minutes = QSpinBox(self)
        self.minutes.setRange(0, 60)
        self.minutes.setSuffix(" min")
        self.reason = QComboBox(self)
        for reason in FORFEIT_REASONS:
            self.reason.addItem(reason.replace("_", " "), reason)
        self.text = QLineEdit(self)
        self.report = QCheckBox("report to the league", self)
        self.period = QSpinBox(self)
        self.period.setRange(1, 9)
        self.elapsed = QLineEdit("00:00", self)
        self.elapsed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,3}:?\d{0,2}"), self))
        self.elapsed.setToolTip("Time elapsed in the period, MM:SS (filled from the game clock)")

        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.rows: dict[str, QWidget] = {}
        for name, label, widget in (
            ("kind", "&Entry:", self.kind), ("team", "&Team:", self.team), ("number", "&Number:", self.number),
            ("assists", "&Assists:", self.assists), ("infraction", "&Infraction:", self.infraction),
            ("class", "&Class:", self.penalty_class), ("served_by", "Ser&ved by:", self.served_by),
            ("scored", "", self.scored), ("fouled_by", "&Fouled by:", self.fouled_by),
            ("action", "Goalie:", self.action), ("minutes", "Minutes late:", self.minutes),
            ("reason", "Reason:", self.reason), ("text", "Te&xt:", self.text), ("report", "", self.report),
            ("period", "Pe&riod:", self.period), ("elapsed", "Ti&me:", self.elapsed),
        ):
            self.form.addRow(label, widget)
            self.rows[name] = widget
        order = [self.kind, self.team, self.number, self.assists, self.infraction, self.penalty_class,
                 self.served_by, self.scored, self.fouled_by, self.action, self.minutes, self.reason, self.text,
                 self.report, self.period, self.elapsed]
        self.order = order
        for first, second in zip(order, order[1:], strict=False):
            QWidget.setTabOrder(first, second)
        self.team.installEventFilter(self)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.infraction.textChanged.connect(self._infraction_changed)
        self.action.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    # -- set-up --------------------------------------------------------------------------------------------
    def set_game(self, home: str, away: str, infractions: dict[str, dict[str, Any]],
                 resolve: Callable[[str, int], str], shootout: bool = False) -> None:
        """The teams' names, the rulebook's infractions (`Services.infractions()` rows by code), how a side's
        jersey number becomes a player id, and whether the game can go to a shootout (the rulebook's choice)."""
        self.set_kind_available("shootout", shootout)
        self.infractions = infractions
        self._labels = {infraction_label(code, i["name"]): code for code, i in infractions.items()}
        self.completer_model.setStringList(sorted(self._labels, key=str.casefold))
        self.resolve = resolve
        current = self.team.currentData()
        self.team.clear()
        self.team.addItem(f"Home — {home}", "home")
        self.team.addItem(f"Away — {away}", "away")
        self._kind_changed()
        index = self.team.findData(current)
        self.team.setCurrentIndex(max(index, 0))

    def set_kind_available(self, type_: str, available: bool) -> None:
        """Offer an optional kind of entry (a shootout) or take it out of the list."""
        index = self.kind.findData(type_)
        if available and index < 0:
            kind = next(k for k in KINDS if k.type == type_)
            self.kind.addItem(f"{kind.label}  ({kind.key})", kind.type)
        elif not available and index >= 0:
            self.kind.removeItem(index)

    def has_kind(self, type_: str) -> bool:
        return self.kind.findData(type_) >= 0

    def current_type(self) -> str:
        return str(self.kind.currentData())

    def start(self, type_: str, period: int, elapsed: str) -> None:
        """Begin an entry of `type_` at the clock's time, the cursor on the first field to type."""
        self.clear()
        self.kind.setCurrentIndex(self.kind.findData(type_))
        self.period.setValue(period)
        self.elapsed.setText(elapsed)
        first = next((widget for widget in self.order[1:] if widget.isVisibleTo(self)), self.kind)
        first.setFocus()

    def clear(self) -> None:
        """Empty the typed fields (kind, team, period and time stay)."""
        self.editing = None
        for edit in (self.number, self.assists, self.infraction, self.served_by, self.fouled_by, self.text):
            edit.clear()
        for box in (self.scored, self.report):
            box.setChecked(False)
        self.minutes.setValue(0)
        self.action.setCurrentIndex(0)
        self.reason.setCurrentIndex(0)

    def _kind_changed(self) -> None:
        kind = self.current_type()
        shown = {
            "goal": {"team", "number", "assists"},
            "penalty": {"team", "number", "infraction", "class", "served_by"},
            "timeout": {"team"},
            "penalty_shot": {"team", "number", "scored", "fouled_by", "infraction"},
            "awarded_goal": {"team", "text"},
            "goalie": {"team", "action"} | ({"number"} if self.action.currentData() == "in" else set()),
            "late": {"team", "minutes"},
            "forfeit": {"team", "reason"},
            "note": {"text", "report"},
            "shootout": {"team"},
        }[kind]
        if kind in TIMED:
            shown |= {"period", "elapsed"}
        if kind == "penalty" and self.penalty_class.count() < 2:
            shown.discard("class")
        for name, widget in self.rows.items():
            if name != "kind":
                self.form.setRowVisible(widget, name in shown)
        label = {"goal": "&Scorer #:", "penalty": "&Player #:", "penalty_shot": "&Shooter #:",
                 "goalie": "&Goalie #:"}.get(kind, "&Number:")
        number_label = self.form.labelForField(self.number)
        if isinstance(number_label, QLabel):
            number_label.setText(label)
        self.number.setPlaceholderText("blank: bench penalty" if kind == "penalty" else "jersey number")
        self.text.setPlaceholderText("reason (optional)" if kind == "awarded_goal" else "what happened")
        both = self.team.findData("both")
        if kind == "forfeit" and both < 0 and self.team.count():
            self.team.addItem("Both teams", "both")
        elif kind != "forfeit" and both >= 0:
            self.team.removeItem(both)

    def infraction_code(self) -> str:
        """The infraction typed: a completion picked, a code, or the one infraction whose name holds the text."""
        text = self.infraction.text().strip()
        if not text:
            return ""
        if text in self._labels:
            return self._labels[text]
        folded = text.casefold()
        for code, infraction in self.infractions.items():
            if folded in (code.casefold(), infraction["name"].casefold()):
                return code
        matches = [code for label, code in self._labels.items() if folded in label.casefold()]
        return matches[0] if len(matches) == 1 else text

    def _infraction_changed(self) -> None:
        code = self.infraction_code()
        infraction = self.infractions.get(code)
        current = self.penalty_class.currentData()
        self.penalty_class.clear()
        if infraction is not None:
            for cls in infraction["classes"]:
                self.penalty_class.addItem(cls.replace("_", " "), cls)
            index = self.penalty_class.findData(current)
            self.penalty_class.setCurrentIndex(max(index, 0))
        self._kind_changed()

    # -- reading -------------------------------------------------------------------------------------------
    def _player(self, side: str, edit: QLineEdit, what: str, required: bool = True) -> str | None:
        text = edit.text().strip()
        if not text:
            if required:
                raise EntryError(f"type the {what}'s jersey number")
            return None
        return self.resolve(side, int(text))

    def build_event(self) -> dict[str, Any]:
        """The event the form describes, as the season file writes it; EntryError when it cannot be one."""
        kind = self.current_type()
        side = str(self.team.currentData() or "home")
        event: dict[str, Any] = {"type": kind}
        if kind != "note":
            event["team"] = side
        if kind in TIMED:
            seconds = parse_time(self.elapsed.text())
            if seconds is None:
                raise EntryError(f"{self.elapsed.text()!r} is no time: type MM:SS")
            event["period"] = self.period.value()
            event["elapsed"] = fmt(seconds)
        other = "away" if side == "home" else "home"
        if kind == "goal":
            event["scorer"] = self._player(side, self.number, "scorer")
            numbers = [n for n in re.split(r"[ ,]+", self.assists.text().strip()) if n]
            event["assists"] = [self.resolve(side, int(n)) for n in numbers]
        elif kind == "penalty":
            event["player"] = self._player(side, self.number, "offender", required=False)
            code = self.infraction_code()
            if not code:
                raise EntryError("type the infraction (part of its name or code)")
            event["infraction"] = code
            infraction = self.infractions.get(code)
            cls = self.penalty_class.currentData()
            if infraction is not None and cls and cls != infraction["classes"][0]:
                event["class"] = cls
            served = self._player(side, self.served_by, "server", required=False)
            if served is not None:
                event["served_by"] = served
        elif kind == "penalty_shot":
            event["shooter"] = self._player(side, self.number, "shooter")
            event["scored"] = self.scored.isChecked()
            fouled = self._player(other, self.fouled_by, "offender", required=False)
            if fouled is not None:
                event["fouled_by"] = fouled
            code = self.infraction_code()
            if code:
                event["infraction"] = code
        elif kind == "awarded_goal":
            if self.text.text().strip():
                event["reason"] = self.text.text().strip()
        elif kind == "goalie":
            event["action"] = self.action.currentData()
            if event["action"] == "in":
                event["player"] = self._player(side, self.number, "goalie")
        elif kind == "late":
            event["minutes"] = self.minutes.value()
        elif kind == "forfeit":
            event["reason"] = self.reason.currentData()
        elif kind == "note":
            if not self.text.text().strip():
                raise EntryError("type the note")
            event["text"] = self.text.text().strip()
            if self.report.isChecked():
                event["report"] = True
        return event

    def load(self, index: int, event: Mapping[str, Any], number_of: Callable[[str | None], str]) -> None:
        """Fill the form with a recorded event to edit it (Enter then replaces event `index`)."""
        self.clear()
        self.kind.setCurrentIndex(self.kind.findData(event["type"]))
        team = self.team.findData(event.get("team"))
        if team >= 0:
            self.team.setCurrentIndex(team)
        if event.get("period"):
            self.period.setValue(int(event["period"]))
        self.elapsed.setText(str(event.get("elapsed") or "00:00"))
        kind = event["type"]
        if kind == "goal":
            self.number.setText(number_of(event.get("scorer")))
            self.assists.setText(" ".join(number_of(p) for p in event.get("assists", [])))
        elif kind == "penalty":
            self.number.setText(number_of(event.get("player")))
            infraction = self.infractions.get(event.get("infraction", ""))
            self.infraction.setText(infraction_label(event["infraction"], infraction["name"]) if infraction
                                    else str(event.get("infraction", "")))
            cls = self.penalty_class.findData(event.get("class"))
            if cls >= 0:
                self.penalty_class.setCurrentIndex(cls)
            if event.get("served_by") and event.get("served_by") != event.get("player"):
                self.served_by.setText(number_of(event["served_by"]))
        elif kind == "penalty_shot":
            self.number.setText(number_of(event.get("shooter")))
            self.scored.setChecked(bool(event.get("scored")))
            self.fouled_by.setText(number_of(event.get("fouled_by")))
        elif kind == "goalie":
            self.action.setCurrentIndex(max(self.action.findData(event.get("action")), 0))
            self.number.setText(number_of(event.get("player")))
        elif kind == "late":
            self.minutes.setValue(int(event.get("minutes", 0)))
        elif kind in ("awarded_goal", "note"):
            self.text.setText(str(event.get("reason") or event.get("text") or ""))
            self.report.setChecked(bool(event.get("report")))
        self.editing = index

    # -- keys ----------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """In the Team field, H is home, A away and B both (whatever was typed a moment before)."""
        if watched is self.team and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            side = {"h": "home", "a": "away", "b": "both"}.get(event.text().casefold())
            if side is not None:
                index = self.team.findData(side)
                if index >= 0:
                    self.team.setCurrentIndex(index)
                return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.submitted.emit()
            return
        if event.key() == Qt.Key.Key_Escape:
            self.clear()
            self.cleared.emit()
            return
        super().keyPressEvent(event)
