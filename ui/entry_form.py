"""The entry form of the Live Game tab: one form for every kind of game event, keyboard first.

The form only turns what was typed into a season-file event dict (jersey numbers into player ids through the
line-up the facade holds); the facade judges the event. Enter records it, Esc clears it. The infraction field
lists what the rulebook finds for the text typed (`Services.find_infractions`: code, name or any word), each with
its full name, classes and minutes; while that list is open it has the keys (Enter picks and records, Tab picks,
Esc closes the list only), and no one-letter shortcut of the tab fires while a field of the form has the focus.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, overload

from PySide6.QtCore import QEvent, QObject, QRect, QRegularExpression, QStringListModel, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
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

if TYPE_CHECKING:
    from scorekeeper.results_records import InfractionSearch
    from scorekeeper.season_data import EventData


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
    Kind("goalie", "Goalie", "K"),  # pulled, or in: the form asks which
    Kind("late", "Team late", "L"),
    Kind("forfeit", "Forfeit", "F"),
    Kind("note", "Note", "N"),
    Kind("shootout", "Shootout won by", "O"),  # offered only where the rulebook has shootouts
)
OPTIONAL_KINDS = {"shootout"}
FORFEIT_REASONS = ("late", "short_players", "ineligible", "other")
TIMED = {"goal", "penalty", "timeout", "penalty_shot", "awarded_goal", "goalie", "note"}
"""The kinds an entry's period and time go with (a note too: it sits among the game's plays, issue 27)."""


class EntryError(ValueError):
    """What was typed cannot become an event (a number nobody wears, a time that is no time): shown as a
    refusal, with the core's rule and section where there is one (no rule is made up for a typing slip)."""

    def __init__(self, message: str, rule: str = "", section: str = "") -> None:
        super().__init__(message)
        self.row = {"rule": rule, "severity": "block", "message": message, "section": section, "where": ""}
        self.field: QWidget | None = None
        """The field that holds the slip (the cursor goes back there), where it is known."""


PLAIN_KEYS = Qt.KeyboardModifier.NoModifier | Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
"""A key pressed with these modifiers only is typing (a letter, a digit): in a field it is the field's, never a
shortcut's."""
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
_SHORTCUT_OVERRIDE, _KEY_PRESS = QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress
LIST_KEYS = (*ENTER_KEYS, Qt.Key.Key_Escape, Qt.Key.Key_Tab)
"""The keys the open infraction list answers (the tab's shortcuts for them wait until it is closed)."""


def minutes_text(minutes: Mapping[str, int] | None) -> str:
    """'minor 2 min', 'minor 2 / major 5 min', 'game misconduct' (a class with no time in the box)."""
    parts = [(cls.replace("_", " "), n) for cls, n in (minutes or {}).items()]
    timed = [f"{cls} {n}" for cls, n in parts if n]
    untimed = [cls for cls, n in parts if not n]
    return " / ".join([*([" / ".join(timed) + " min"] if timed else []), *untimed])


def infraction_label(code: str, name: str, minutes: Mapping[str, int] | None = None) -> str:
    """How an infraction reads in the list: its full name, its classes and minutes, then its code."""
    told = minutes_text(minutes)
    return f"{name} — {told} [{code}]" if told else f"{name} [{code}]"


def is_typing(event: QKeyEvent) -> bool:
    """A key that types into a field (a letter, a digit, a space) rather than a command."""
    text = event.text()
    return bool(text) and text.isprintable() and not (event.modifiers() & ~PLAIN_KEYS)


def no_lookup(text: str) -> InfractionSearch:
    """The lookup of a form with no game: it finds nothing."""
    return {"codes": [], "did_you_mean": ""}


class EntryForm(QWidget):
    """Kind, team, numbers, infraction, period and time: the fields a kind needs are shown, the rest hidden."""

    submitted = Signal()
    cleared = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.infractions: dict[str, Mapping[str, Any]] = {}
        """The infraction catalogue in force by code (`Services.infractions()` rows)."""
        self._labels: dict[str, str] = {}
        self._label_of: dict[str, str] = {}
        self.resolve: Callable[[str, int], str] = lambda side, number: str(number)
        self.lookup: Callable[[str], Mapping[str, Any]] = no_lookup
        """What the rulebook finds for a text (`Services.find_infractions` for the season at the boards)."""
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
        self.assists.setPlaceholderText("e.g. 7 12")
        self.assists.setToolTip("The assisting players' numbers, e.g. 7 12; blank: unassisted")
        self.infraction = QLineEdit(self)
        self.infraction.setPlaceholderText("name, code or a word")
        self.infraction.setToolTip("Type part of the infraction's name, its code or any word of it: the list shows "
                                   "what the rulebook finds, with each one's minutes")
        self.completer_model = QStringListModel(self)
        self.completer = QCompleter(self.completer_model, self)
        self.completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer.setMaxVisibleItems(12)
        self.completer.setWidget(self.infraction)  # the list shows what the rulebook finds, in its order
        self.completer.activated.connect(self._picked)
        popup = self.completer.popup()
        assert popup is not None  # a completer always has its list
        self.list_view: QAbstractItemView = popup
        popup.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        popup.setTextElideMode(Qt.TextElideMode.ElideNone)
        popup.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        popup.installEventFilter(self)  # after the completer's own filter: this one sees the keys first
        self.penalty_class = QComboBox(self)
        self.penalty_class.setToolTip("The class, where the rulebook lets the referee choose")
        self.served_by = QLineEdit(self)
        self.served_by.setValidator(number)
        self.served_by.setPlaceholderText("blank: the offender")
        self.scored = QCheckBox("scored", self)
        self.fouled_by = QLineEdit(self)
        self.fouled_by.setValidator(number)
        self.fouled_by.setPlaceholderText("opponent (optional)")
        self.fouled_by.setToolTip("The number of the opponent who fouled the shooter (optional)")
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
        for field in order:
            if type(field) is not QLineEdit or field is self.infraction:
                field.installEventFilter(self)  # (a line edit takes every typed key from the shortcuts itself)
        self._off_default = False
        """Whether a tick box, the minutes or a list below the numbers (scored, report, minutes, goalie, reason)
        may have left its default since the form was last cleared: they change rarely, and only then are they
        set back (a goal touches none of them)."""
        for signal in (self.scored.toggled, self.report.toggled, self.minutes.valueChanged,
                       self.action.currentIndexChanged, self.reason.currentIndexChanged):
            signal.connect(self._left_default)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.infraction.textChanged.connect(self._infraction_changed)
        self.infraction.textEdited.connect(self._list_infractions)
        self.action.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    # -- set-up --------------------------------------------------------------------------------------------
    def set_game(self, home: str, away: str, infractions: dict[str, Mapping[str, Any]],
                 resolve: Callable[[str, int], str], shootout: bool = False,
                 lookup: Callable[[str], Mapping[str, Any]] | None = None) -> None:
        """The teams' names, the rulebook's infractions (`Services.infractions()` rows by code), how a side's
        jersey number becomes a player id, whether the game can go to a shootout (the rulebook's choice) and
        what the rulebook finds for a typed infraction (`Services.find_infractions`)."""
        self.set_kind_available("shootout", shootout)
        self.infractions = infractions
        self._label_of = {code: infraction_label(code, i["name"], i.get("minutes")) for code, i in infractions.items()}
        self._labels = {label: code for code, label in self._label_of.items()}
        self.lookup = lookup or no_lookup
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
        self.close_list()
        self.editing = None
        for edit in (self.number, self.assists, self.infraction, self.served_by, self.fouled_by, self.text):
            if edit.text():  # an empty field cleared again changes nothing but costs the call
                edit.clear()
        if self._off_default:
            for box in (self.scored, self.report):
                box.setChecked(False)
            self.minutes.setValue(0)
            self.action.setCurrentIndex(0)
            self.reason.setCurrentIndex(0)
            self._off_default = False

    def _left_default(self) -> None:
        self._off_default = True

    def half_typed(self) -> str:
        """What an entry typed and not recorded says ("Goal, Home — Lynx: #4"); empty when nothing is typed (the
        kind, team, period and time alone are no entry: the form fills them itself)."""
        typed = [edit.text().strip() for edit in (self.number, self.assists, self.infraction, self.served_by,
                                                  self.fouled_by, self.text)
                 if edit.isVisibleTo(self) and edit.text().strip()]
        if not typed and self.editing is None:
            return ""
        kind = next((k.label for k in KINDS if k.type == self.current_type()), self.current_type())
        team = self.team.currentText() if self.team.isVisibleTo(self) else ""
        return ", ".join(part for part in (kind, team, " ".join(typed)) if part) + (
            " (a change of a recorded entry)" if self.editing is not None else "")

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
        """The infraction typed: one picked from the list, a code, or the one infraction the rulebook finds for
        the text; otherwise the text itself (the facade refuses it, saying what it may have meant)."""
        text = self.infraction.text().strip()
        if not text:
            return ""
        if text in self._labels:
            return self._labels[text]
        if text in self.infractions:
            return text
        codes = list(self.lookup(text)["codes"])
        return codes[0] if len(codes) == 1 else text

    # -- the infraction list -------------------------------------------------------------------------------
    def _list_infractions(self, text: str) -> None:
        """Typing in the infraction field: the list shows what the rulebook finds, best first."""
        codes = [c for c in self.lookup(text)["codes"] if c in self._label_of] if text.strip() else []
        if not codes or (len(codes) == 1 and text.strip() == self._label_of[codes[0]]):
            self.close_list()
            return
        labels = [self._label_of[code] for code in codes]
        self.completer_model.setStringList(labels)
        popup = self.list_view
        metrics = popup.fontMetrics()
        width = max(metrics.horizontalAdvance(label) for label in labels) + 3 * metrics.averageCharWidth() + (
            popup.verticalScrollBar().sizeHint().width() if len(labels) > self.completer.maxVisibleItems() else 0)
        screen = self.infraction.screen().availableGeometry().width() if self.infraction.screen() else 1600
        field = self.infraction.rect()
        self.completer.complete(QRect(field.x(), field.y(), max(field.width(), min(width, screen - 40)),
                                      field.height()))

    def list_open(self) -> bool:
        return self.list_view.isVisible()

    def close_list(self) -> None:
        if self.list_open():
            self.list_view.hide()

    def _picked(self, label: str) -> None:
        self.infraction.setText(label)

    def _pick_from_list(self) -> None:
        """Take the infraction highlighted in the list (the only one, if it holds one) and close the list."""
        popup = self.list_view
        index = popup.currentIndex()
        if not index.isValid() and self.completer_model.rowCount() == 1:
            index = self.completer_model.index(0, 0)
        if index.isValid():
            self.infraction.setText(str(index.data()))
        self.close_list()

    def _list_key(self, event: QKeyEvent) -> bool:
        """A key pressed while the infraction list is open: True when it is handled here."""
        key = event.key()
        if key in ENTER_KEYS:  # one Enter: the infraction highlighted (or the only one), and the entry recorded
            self._pick_from_list()
            self.submitted.emit()
            return True
        if key == Qt.Key.Key_Tab:
            self._pick_from_list()
            self.infraction.setFocus()
            self.focusNextChild()
            return True
        if key == Qt.Key.Key_Escape:  # the list closes; what was typed stays
            self.close_list()
            self.infraction.setFocus()
            return True
        return False

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
    @overload
    def _player(self, side: str, edit: QLineEdit, what: str, required: Literal[True] = True) -> str: ...

    @overload
    def _player(self, side: str, edit: QLineEdit, what: str, required: bool) -> str | None: ...

    def _player(self, side: str, edit: QLineEdit, what: str, required: bool = True) -> str | None:
        text = edit.text().strip()
        try:
            if not text:
                if required:
                    raise EntryError(f"type the {what}'s jersey number")
                return None
            return self.resolve(side, int(text))
        except EntryError as exc:
            exc.field = exc.field or edit
            raise

    def field_of(self, event: Mapping[str, Any], players: Iterable[str]) -> QWidget | None:
        """The field that named one of `players` in `event` (a refusal's `Violation.players`): the scorer's,
        offender's or shooter's number, the assists, who serves, who fouled; None when no field did."""
        named = set(players)
        for key, field in (("scorer", self.number), ("player", self.number), ("shooter", self.number),
                           ("served_by", self.served_by), ("fouled_by", self.fouled_by)):
            if event.get(key) in named:
                return field
        if named.intersection(event.get("assists") or ()):
            return self.assists
        return None

    def focus_refused(self, message: str, field: QWidget | None = None) -> None:
        """After a refusal the cursor goes where the correction is typed: `field` when known, else the field
        the refusal speaks of (the infraction, the time), else the first field; its text selected."""
        if field is None:
            folded = message.casefold()
            named = [(self.infraction, ("infraction",)), (self.elapsed, ("time", "period", "elapsed")),
                     (self.served_by, ("serve",)), (self.assists, ("assist",))]
            field = next((widget for widget, words in named if widget.isVisibleTo(self)
                          and any(word in folded for word in words)), None)
        if field is None or not field.isVisibleTo(self):
            field = next((widget for widget in self.order[1:] if widget.isVisibleTo(self)), self.kind)
        field.setFocus()
        if isinstance(field, QLineEdit):
            field.selectAll()

    def build_event(self) -> EventData:
        """The event the form describes, as the season file writes it; EntryError when it cannot be one."""
        kind = self.current_type()
        side = str(self.team.currentData() or "home")
        event: EventData = {"type": kind}
        if kind != "note":
            event["team"] = side
        if kind in TIMED:
            seconds = parse_time(self.elapsed.text())
            if seconds is None:
                error = EntryError(f"{self.elapsed.text()!r} is no time: type MM:SS")
                error.field = self.elapsed
                raise error
            event["period"] = self.period.value()
            event["elapsed"] = fmt(seconds)
        fill = self._FILLS.get(kind)
        if fill is not None:
            fill(self, event, side)
        return event

    # -- each kind's fields into the event (`build_event`) --------------------------------------------------
    def _fill_goal(self, event: EventData, side: str) -> None:
        event["scorer"] = self._player(side, self.number, "scorer")
        numbers = [n for n in re.split(r"[ ,]+", self.assists.text().strip()) if n]
        try:
            event["assists"] = [self.resolve(side, int(n)) for n in numbers]
        except EntryError as exc:
            exc.field = self.assists
            raise

    def _fill_penalty(self, event: EventData, side: str) -> None:
        event["player"] = self._player(side, self.number, "offender", required=False)
        code = self.infraction_code()
        if not code:
            error = EntryError("type the infraction (part of its name or code)")
            error.field = self.infraction
            raise error
        event["infraction"] = code
        infraction = self.infractions.get(code)
        cls = self.penalty_class.currentData()
        if infraction is not None and cls and cls != infraction["classes"][0]:
            event["class"] = cls
        served = self._player(side, self.served_by, "server", required=False)
        if served is not None:
            event["served_by"] = served

    def _fill_penalty_shot(self, event: EventData, side: str) -> None:
        event["shooter"] = self._player(side, self.number, "shooter")
        event["scored"] = self.scored.isChecked()
        fouled = self._player("away" if side == "home" else "home", self.fouled_by, "offender", required=False)
        if fouled is not None:
            event["fouled_by"] = fouled
        code = self.infraction_code()
        if code:
            event["infraction"] = code

    def _fill_awarded_goal(self, event: EventData, side: str) -> None:
        if self.text.text().strip():
            event["reason"] = self.text.text().strip()

    def _fill_goalie(self, event: EventData, side: str) -> None:
        event["action"] = self.action.currentData()
        if event["action"] == "in":
            event["player"] = self._player(side, self.number, "goalie")

    def _fill_late(self, event: EventData, side: str) -> None:
        event["minutes"] = self.minutes.value()

    def _fill_forfeit(self, event: EventData, side: str) -> None:
        event["reason"] = self.reason.currentData()

    def _fill_note(self, event: EventData, side: str) -> None:
        if not self.text.text().strip():
            raise EntryError("type the note")
        event["text"] = self.text.text().strip()
        if self.report.isChecked():
            event["report"] = True

    _FILLS: ClassVar[dict[str, Callable[[EntryForm, EventData, str], None]]] = {
        "goal": _fill_goal, "penalty": _fill_penalty, "penalty_shot": _fill_penalty_shot,
        "awarded_goal": _fill_awarded_goal, "goalie": _fill_goalie, "late": _fill_late, "forfeit": _fill_forfeit,
        "note": _fill_note,
    }
    """The fields each kind of entry takes beyond its type, team and time (a timeout, a shootout: none)."""

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
            self.infraction.setText(self._label_of.get(event["infraction"], str(event.get("infraction", "")))
                                    if infraction else str(event.get("infraction", "")))
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
        """A letter typed in a field or in the infraction list belongs to it, never to a shortcut of the tab (N
        typed there records no note); the list's own keys (Enter, Tab, Esc) are handled by `_list_key`. In the
        Team field, H is home, A away and B both (whatever was typed a moment before)."""
        kind = event.type()  # every event of every field comes here (focus, paint, input method queries…)
        if kind == _SHORTCUT_OVERRIDE and isinstance(event, QKeyEvent):
            if is_typing(event) or (self.list_open() and event.key() in LIST_KEYS):
                event.accept()  # the key goes to the field (or the list), not to a shortcut
                return True
            return False
        if kind != _KEY_PRESS or not isinstance(event, QKeyEvent):
            return False  # as QObject.eventFilter answers, without the call
        if watched is self.list_view:
            return self._list_key(event)
        if watched is self.team:
            side = {"h": "home", "a": "away", "b": "both"}.get(event.text().casefold())
            if side is not None:
                index = self.team.findData(side)
                if index >= 0:
                    self.team.setCurrentIndex(index)
                return True
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in ENTER_KEYS:
            if self.list_open():
                self._pick_from_list()
            self.submitted.emit()
            return
        if event.key() == Qt.Key.Key_Escape:
            if self.list_open():  # Esc closes only what is open
                self.close_list()
                return
            self.clear()
            self.cleared.emit()
            return
        super().keyPressEvent(event)
