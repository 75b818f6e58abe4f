"""A label that shows its whole text where there is room, and elides the middle where there is not (a long path
in the status bar must leave room for the bar's own message); the whole text is its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    """At most `share` of its window's width; the middle of a longer text gives way ("…")."""

    def __init__(self, parent: QWidget, share: float = 0.25) -> None:
        super().__init__(parent)
        self._full = ""
        self._share = share
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._elide()

    def full_text(self) -> str:
        return self._full

    def _room(self) -> int:
        window = self.window()
        return max(120, int(window.width() * self._share)) if window is not None else 400

    def _whole(self, hint: QSize) -> int:
        """`hint`'s width (QLabel's, for the text shown) for the whole text: what the label asks for does not
        shrink with what it shows elided, so a bar lays it out once rather than squeezing it a little more at every
        turn of the event loop (each narrower text asking for less room)."""
        metrics = self.fontMetrics()
        return hint.width() - metrics.horizontalAdvance(self.text()) + metrics.horizontalAdvance(self._full)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        return QSize(min(self._whole(hint), self._room()), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        return QSize(min(self._whole(hint), 120), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = min(self.width() if self.isVisible() else self._room(), self._room())
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideMiddle, max(40, width - 4))
        if shown != self.text():
            self.setText(shown)
            self.updateGeometry()
