"""Signatures at the boards (issue 20): a pad the referee, a linesman, a captain or a coach signs on with the mouse,
a pen (tablet events) or a finger (touch events), and the dialog around it (who signs, in which role). Opened
from the Live Game tab (Sign…, or the games list's context menu); the signature is written through the facade
(`sign_game`): one transaction, audited; the referee's signature locks the game as final.

Keyboard: Tab goes role, name, pad, Clear, Sign, Cancel; Enter signs; Esc cancels; Delete on the pad clears it."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QBuffer, QEvent, QIODevice, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QTabletEvent,
    QTouchEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.services import SIGNATURE_ROLE_LABELS as ROLE_LABELS
from scorekeeper.services import SIGNATURE_ROLES
from scorekeeper.services import SIGNER_NAME_LIMIT as NAME_LIMIT
from ui import dialogs, theme

if TYPE_CHECKING:
    from ui.game_at_the_boards import GameAtTheBoards

INK = QColor(theme.PAPER["ink"])
PICTURE = QSize(600, 200)  # the stored picture, whatever the pad's size on the screen


class SignaturePad(QWidget):
    """A white box to sign in: each press-move-release (mouse, pen or finger) draws a stroke."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.strokes: list[list[QPointF]] = []
        self._drawing = False
        self.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(360, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.setAccessibleName("Signature pad")
        self.setToolTip("Sign here with the mouse, a pen or a finger (Delete clears)")

    def sizeHint(self) -> QSize:
        return QSize(540, 180)

    # -- what was signed -------------------------------------------------------------------------------------
    def is_empty(self) -> bool:
        return not self.strokes

    def clear(self) -> None:
        self.strokes = []
        self._drawing = False
        self.update()
        self.changed.emit()

    def png(self) -> bytes:
        """The signature as a PNG picture (PICTURE's size, ink on white), as the game sheet prints it."""
        image = QImage(PICTURE, QImage.Format.Format_RGB32)
        image.fill(QColor(theme.PAPER["page"]))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scale = min(PICTURE.width() / max(1, self.width()), PICTURE.height() / max(1, self.height()))
        painter.scale(scale, scale)
        self._draw_strokes(painter, 2.6)
        painter.end()
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs want bytes; PySide6 takes a str
        buffer.close()
        return bytes(buffer.data().data())

    # -- strokes from the mouse, a pen, a finger ---------------------------------------------------------------
    def _begin(self, at: QPointF) -> None:
        self._drawing = True
        self.strokes.append([QPointF(at)])
        self.update()

    def _extend(self, at: QPointF) -> None:
        if self._drawing and self.strokes:
            self.strokes[-1].append(QPointF(at))
            self.update()

    def _end(self, at: QPointF) -> None:
        if self._drawing:
            self._extend(at)
            self._drawing = False
            self.changed.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self._begin(event.position())
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._extend(event.position())
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._end(event.position())
        event.accept()

    def tabletEvent(self, event: QTabletEvent) -> None:
        kind = event.type()
        if kind == QEvent.Type.TabletPress:
            self._begin(event.position())
        elif kind == QEvent.Type.TabletMove:
            self._extend(event.position())
        elif kind == QEvent.Type.TabletRelease:
            self._end(event.position())
        event.accept()  # no mouse events made up from the pen as well

    def event(self, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd) \
                and isinstance(event, QTouchEvent):
            points = event.points()
            if points:
                at = points[0].position()
                {QEvent.Type.TouchBegin: self._begin, QEvent.Type.TouchUpdate: self._extend,
                 QEvent.Type.TouchEnd: self._end}[kind](at)
            event.accept()
            return True
        if kind == QEvent.Type.TouchCancel:
            if self._drawing and self.strokes:
                self.strokes.pop()
            self._drawing = False
            self.update()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.clear()
            return
        super().keyPressEvent(event)

    # -- drawing -----------------------------------------------------------------------------------------------
    def _draw_strokes(self, painter: QPainter, width: float) -> None:
        pen = QPen(INK, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        for stroke in self.strokes:
            if len(stroke) == 1:
                painter.drawPoint(stroke[0])
                continue
            path = QPainterPath(stroke[0])
            for point in stroke[1:]:
                path.lineTo(point)
            painter.drawPath(path)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.fillRect(box, QColor(theme.PAPER["page"]))
        focus = self.palette().highlight().color() if self.hasFocus() else QColor(theme.PAPER["rule"])
        painter.setPen(QPen(focus, 2 if self.hasFocus() else 1))
        painter.drawRoundedRect(box, 4, 4)
        base = self.height() * 0.74
        painter.setPen(QPen(QColor(theme.PAPER["rule"]), 1))
        painter.drawLine(QPointF(24, base), QPointF(self.width() - 24, base))
        painter.drawText(QRectF(8, base - 22, 16, 20), Qt.AlignmentFlag.AlignCenter, "✕")
        if not self.strokes:
            painter.setPen(QColor(theme.PAPER["hint"]))
            painter.drawText(QRectF(0, base + 4, self.width(), self.height() - base - 4),
                             Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                             "Sign above the line: mouse, pen or finger")
        self._draw_strokes(painter, 2.4)
        painter.end()


def role_labels(home: str, away: str) -> dict[str, str]:
    """Each signature role as the dialog names it, with the teams' names."""
    return {**ROLE_LABELS, "captain-home": f"Captain — {home} (home)", "captain-away": f"Captain — {away} (away)",
            "coach-home": f"Coach — {home} (home)", "coach-away": f"Coach — {away} (away)"}


class SignatureDialog(QDialog):
    """Who signs (role and name) and the pad. Enter signs once a name is typed and the pad signed; Esc
    cancels; Clear starts the signature again."""

    def __init__(self, details: Mapping[str, Any], signed: Sequence[Mapping[str, Any]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        home, away = str(details["home_name"]), str(details["away_name"])
        self.setWindowTitle(f"Sign the game sheet — {home} vs {away}")
        self.final = bool(details.get("final"))
        self.signed = [s for s in signed if not s.get("before_correction")]
        self.known = {"referee": list(details.get("referees") or []), "linesman": list(details.get("linesmen") or [])}
        labels = role_labels(home, away)
        self.role = QComboBox(self)
        for role in SIGNATURE_ROLES if self.final else ("referee",):
            done = next((s for s in self.signed if s["role"] == role), None)
            self.role.addItem(labels[role] + (f" (signed by {done['name']})" if done else ""), role)
        self.role.setAccessibleName("Role")
        self.name = QLineEdit(self)
        self.name.setMaxLength(NAME_LIMIT)
        self.name.setPlaceholderText("The signer's name, as printed under the signature")
        self.name.setAccessibleName("Name")
        self.pad = SignaturePad(self)
        self.clear_button = QPushButton("C&lear", self)
        self.clear_button.setAutoDefault(False)
        self.sign_button = QPushButton("&Sign", self)
        self.sign_button.setDefault(True)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setAutoDefault(False)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.RichText)

        form = QFormLayout()
        form.addRow("&Role:", self.role)
        form.addRow("&Name:", self.name)
        buttons = QHBoxLayout()
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        buttons.addWidget(self.sign_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.pad, 1)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        for first, second in ((self.role, self.name), (self.name, self.pad), (self.pad, self.clear_button),
                              (self.clear_button, self.sign_button), (self.sign_button, self.cancel_button)):
            QWidget.setTabOrder(first, second)

        self.clear_button.clicked.connect(self.pad.clear)
        self.sign_button.clicked.connect(self.sign)
        self.cancel_button.clicked.connect(self.reject)
        self.role.currentIndexChanged.connect(self._role_changed)
        self.pad.changed.connect(lambda: self.message.setText(self._note()))
        self._typed = False
        self.name.textEdited.connect(lambda _text: setattr(self, "_typed", True))
        first_unsigned = next((i for i in range(self.role.count())
                               if not any(s["role"] == self.role.itemData(i) for s in self.signed)), 0)
        self.role.setCurrentIndex(first_unsigned)
        self._role_changed()
        self.resize(620, 400)
        self.name.setFocus()

    def _note(self) -> str:
        """What the dialog says under the pad: who signed already, and what the signature does."""
        parts = []
        if self.signed:
            parts.append("Signed: " + "; ".join(f"{html.escape(ROLE_LABELS[s['role']])} "
                                                f"{html.escape(str(s['name']))}" for s in self.signed))
        if not self.final:
            parts.append("The game is not final yet: the referee's signature finishes it and locks it as final.")
        elif self.role_code() == "referee":
            parts.append("The referee's signature certifies the game sheet.")
        return theme.span("muted", "<br>".join(parts))

    def _role_changed(self) -> None:
        """A known official's name is offered for the role (not over a name typed)."""
        role = self.role_code()
        if not self._typed:
            names = [n for n in self.known.get(role, [])
                     if not any(s["role"] == role and s["name"] == n for s in self.signed)]
            self.name.setText(names[0] if names else "")
        self.message.setText(self._note())

    def role_code(self) -> str:
        return str(self.role.currentData())

    def sign(self) -> None:
        """Accept when there is a name and a signature; else say what is missing and go there."""
        if not self.name.text().strip():
            self.message.setText(theme.span("refused", "Type the signer's name first.", bold=True))
            self.name.setFocus()
            return
        if self.pad.is_empty():
            self.message.setText(theme.span("refused", "Sign in the box first (mouse, pen or finger).", bold=True))
            self.pad.setFocus()
            return
        self.accept()

    def answer(self) -> tuple[str, str, bytes]:
        """(role, name, the signature's PNG)."""
        return self.role_code(), " ".join(self.name.text().split()), self.pad.png()


def sign_game(tab: GameAtTheBoards) -> bool:
    """Ask a signature for the game at the boards, then write it through the facade (True: written)."""
    game_id, season = tab.game_id, tab.season
    if game_id is None:
        return False
    details = tab.svc.game_details(game_id, season=season)
    dialog = SignatureDialog(details, tab.svc.signatures(game_id, season=season), tab)
    if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted:
        return False
    role, name, png = dialog.answer()
    done = f"Signed by {html.escape(name)} as {html.escape(ROLE_LABELS[role].lower())}"
    if role == "referee" and not details.get("final"):
        done += ": the game is final"
    return tab.apply(lambda confirm: tab.svc.sign_game(game_id, role, name, png, confirm, season=season), done)
