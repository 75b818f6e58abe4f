"""What the rulebook set off, said in the live panel: the banner an entry raises at once when it ejects a player,
starts a suspension or a fine, puts a player on the league's report or a side two men down, and the list of
everything a game has set off (the rules panel). Both only present the facade's `Consequence` values
(`EntryResult.caused`, `GameScreen.consequences`): player by number and name, rule and section, what follows.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from scorekeeper.screens import EJECTION, FINE, REPORT, SUSPENSION, TWO_DOWN, Consequence
from ui import theme
from ui.accessible import alert, say

HEADLINES = {EJECTION: "Ejected", SUSPENSION: "Suspended", FINE: "Fined", REPORT: "Reported",
             TWO_DOWN: "Two men down"}
"""The headline of a player's (or side's) consequences: the most serious one's, in this order."""


def _grouped(consequences: Iterable[Consequence]) -> list[list[Consequence]]:
    """The consequences by player (a side two men down on its own), in the order first met."""
    groups: dict[tuple[str, str | None, bool], list[Consequence]] = {}
    for c in consequences:
        groups.setdefault((c.side, c.player, c.kind == TWO_DOWN), []).append(c)
    return list(groups.values())


def _cite(c: Consequence) -> str:
    """'(PEN-GEN-3, §4 I c)': the rule and its section."""
    return f"({html.escape(c.rule)}{', ' + html.escape(c.section) if c.section else ''})"


def _at(c: Consequence, period_name: Mapping[int, str]) -> str:
    if c.period is None or not c.elapsed:
        return ""
    return f" at {html.escape(period_name.get(c.period, str(c.period)))} {html.escape(c.elapsed)}"


def group_html(group: Sequence[Consequence], names: Mapping[str, str],
               period_name: Mapping[int, str] | None = None) -> str:
    """One player's (or side's) consequences as one paragraph: 'Ejected: #12 Jo Smith (Lynx) — third penalty
    of the game (PEN-GEN-3, §4 I c); takes no further part in the game; suspended for the next game (...)'."""
    order = [EJECTION, SUSPENSION, FINE, REPORT, TWO_DOWN]
    ranked = sorted(group, key=lambda c: order.index(c.kind) if c.kind in order else len(order))
    head = ranked[0]
    meaning = "ejected" if head.kind in (EJECTION, SUSPENSION) else "warning"
    colour = theme.css(meaning, tinted=True)  # read on the banner's tint as on the window
    team = names.get(head.side, head.side)
    who = html.escape(head.who) + ("" if head.kind == TWO_DOWN else f" ({html.escape(team)})")
    parts = [f"{html.escape(head.what)}{_at(head, period_name or {})} {_cite(head)}; {html.escape(head.follows)}"]
    for c in ranked[1:]:  # what else follows, each said on its own: 'Suspended for ...', 'Fine: 50.00 ...'
        what = "" if c.what == head.what else f" — {html.escape(c.what)}"
        cite = "" if (c.rule, c.section) == (head.rule, head.section) else " " + _cite(c)
        parts.append(f"{html.escape(c.follows[:1].upper() + c.follows[1:])}{what}{cite}")
    return (f"<p style='margin:0 0 4px 0'><b style='color:{colour}'>{HEADLINES.get(head.kind, head.kind)}: "
            f"{who}</b> — {'; '.join(parts)}</p>")


def consequences_html(consequences: Iterable[Consequence], names: Mapping[str, str],
                      period_name: Mapping[int, str] | None = None) -> str:
    """Every consequence, a paragraph per player (or side)."""
    return "".join(group_html(g, names, period_name) for g in _grouped(consequences))


def plain(consequences: Iterable[Consequence], names: Mapping[str, str]) -> str:
    """The consequences as plain text, a line per player (for the status line)."""
    lines = []
    for group in _grouped(consequences):
        head = group[0]
        lines.append(f"{HEADLINES.get(head.kind, head.kind)}: {head.who} — {head.what} ({head.rule}"
                     f"{', ' + head.section if head.section else ''}); {head.follows}")
    return "  ·  ".join(lines)


class LiveBanner(QFrame):
    """The banner at the top of the live panel: what the last entry set off, until the next entry or Dismiss."""

    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("liveBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = QLabel(self)
        self.label.setObjectName("liveBannerText")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton(self)
        self.close_button.setText("Dismiss")
        self.close_button.setToolTip("Hide this banner (the rules panel keeps the list of what the game set off)")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay where the scorekeeper types
        self.close_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.shown: tuple[Consequence, ...] = ()
        self.setAccessibleName("What the last entry set off")
        self.hide()

    def tell(self, consequences: Sequence[Consequence], names: Mapping[str, str],
             period_name: Mapping[int, str] | None = None) -> None:
        """Show what an entry set off (nothing: the banner goes)."""
        self.shown = tuple(consequences)
        if not self.shown:
            if not self.isHidden():
                self.hide()
                say(self, "What the last entry set off", "")
            return
        serious = any(c.kind in (EJECTION, SUSPENSION) for c in self.shown)
        meaning = "ejected" if serious else "warning"
        theme.follow(self, lambda: f"#liveBanner {{ background:{theme.tint(meaning).name()}; "
                                   f"border:2px solid {theme.css(meaning)}; border-radius:6px }}")
        self.label.setText(f"<div style='font-size:large'>{consequences_html(self.shown, names, period_name)}</div>")
        self.show()
        say(self, plain(self.shown, names), self.text())  # read out at once: the banner is an alert (issue 31.4)
        alert(self)

    def dismiss(self) -> None:
        self.shown = ()
        say(self, "What the last entry set off", "")
        self.hide()
        self.dismissed.emit()

    def text(self) -> str:
        """What the banner says, as plain text ('' when hidden)."""
        if not self.shown:
            return ""
        document = QTextDocument()
        document.setHtml(self.label.text())
        return document.toPlainText()
