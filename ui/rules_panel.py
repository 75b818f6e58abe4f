"""The Live Game tab's rules panel, "What the rulebook says": the last entry's messages (what it did, or why it
was refused) over what the game has set off so far (ejections, suspensions, fines, the referee's report)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QBoxLayout, QFrame, QGroupBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from scorekeeper.screens import Consequence
from ui import theme
from ui.live_banner import consequences_html

MESSAGES_WIDTH = 360
"""The messages' widest beside the event list (under it, a 1024-pixel screen: the page's width)."""


def _reading(parent: QWidget, name: str) -> QLabel:
    """A label of rich text to read (and select with the mouse), top left."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def _scrolling(parent: QWidget, name: str, label: QLabel) -> QScrollArea:
    """`label` in a scroll area of its own: a new text lays out the area alone, not the whole game page (which
    costs the window several milliseconds and repaints the form and the live panel); a long text scrolls in its
    box."""
    area = QScrollArea(parent)
    area.setObjectName(name)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(label)
    area.viewport().setAutoFillBackground(False)
    return area


class RulesPanel(QObject):
    """The panel's parts (`box`: the whole, the tab's child), made in the order the tab's keys move through."""

    def __init__(self, tab: QWidget) -> None:
        super().__init__(tab)
        self.messages = _reading(tab, "entryMessages")
        self.messages.setMaximumWidth(MESSAGES_WIDTH)
        self.message_area = _scrolling(tab, "entryMessagesArea", self.messages)
        self.message_area.setMinimumWidth(220)
        self.message_area.setMaximumWidth(MESSAGES_WIDTH)
        self.box = QGroupBox("What the rulebook says", tab)
        self.layout = QBoxLayout(QBoxLayout.Direction.TopToBottom, self.box)
        self.layout.addWidget(self.message_area, 1)
        self.caused = _reading(tab, "gameCaused")
        self.caused.setToolTip("What this game has set off so far under the rulebook: ejections, suspensions, "
                               "fines and the referee's report (kept after a reopen)")
        caused_area = _scrolling(tab, "gameCausedArea", self.caused)
        caused_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # to read, not a Tab stop between the form's fields
        caused_box = QWidget(tab)
        caused_layout = QVBoxLayout(caused_box)
        caused_layout.setContentsMargins(0, 0, 0, 0)
        caused_layout.addWidget(QLabel("<b>This game so far</b>", tab))
        caused_layout.addWidget(caused_area, 1)
        self.layout.addWidget(caused_box, 1)

    def beside_width(self) -> int:
        """The least width of the panel beside the event list (its parts one over the other)."""
        margins = self.layout.contentsMargins()
        return self.message_area.minimumWidth() + margins.left() + margins.right() + 8

    def lay_out(self, under: bool) -> None:
        """Under the event list its two parts side by side, the messages as wide as they like; beside it one
        over the other."""
        self.layout.setDirection(QBoxLayout.Direction.LeftToRight if under else QBoxLayout.Direction.TopToBottom)
        self.message_area.setMaximumWidth(16777215 if under else MESSAGES_WIDTH)

    def show_caused(self, consequences: Iterable[Consequence], names: Mapping[str, str],
                    periods: Mapping[int, str]) -> None:
        """What the game has set off (redrawn only when it changes)."""
        found = list(consequences)
        self.caused.setText(consequences_html(found, names, periods) if found else
                            theme.span("muted", "No ejection, suspension, fine or report so far."))
