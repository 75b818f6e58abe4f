"""One team's side of the live panel: skaters and goalie, co-ed caps, timeouts left and the penalty box."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ui import theme
from ui.accessible import plain, say

if TYPE_CHECKING:
    from scorekeeper.screens import Consequence


class SidePanel(QFrame):
    """One team at this moment: skaters and goalie, co-ed caps, timeouts left, and the penalty box."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.label)
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * 8 + 12)

    def show_side(self, title: str, side: Mapping[str, Any] | None, label_of: Callable[[str | None], str],
                  dressed: int = 1, ejected: Iterable[Consequence] = ()) -> None:
        """The side at this moment; `ejected`: its ejections (marked in the box, and listed under it)."""
        out = {c.player: c for c in ejected if c.player}
        if side is None or not dressed:
            self.label.setText(f"<b style='font-size:large'>{html.escape(title)}</b><br>"
                                 + theme.span("muted", "No line-up yet: dress the players in Line-ups (Ctrl+L)."))
            say(self, title, plain(self.label.text()))
            return
        goalie = "goalie in" if side.get("goalie") else theme.span("ejected", "goalie pulled")
        lines = [f"<b style='font-size:large'>{html.escape(title)}</b>",
                 f"{side['skaters']} skaters, {goalie} · timeouts left: {side['timeouts_left']}"]
        if side.get("males_max") is not None:
            lines.append(f"Co-ed on the ice: at most <b>{side['males_max']} M</b> and "
                         f"<b>{side['females_max']} F</b> skaters")
        box = side.get("box") or []
        if box:
            rows = "".join(
                f"<tr><td>{html.escape(label_of(item['player']))}"
                + (f" (served by {html.escape(label_of(item['served_by']))})"
                   if item.get("served_by") and item["served_by"] != item["player"] else "")
                + (" " + theme.span("ejected", "EJECTED", bold=True) if item['player'] in out else "")
                + f"</td><td align=right>&nbsp;&nbsp;<b style='font-size:large'>{item['remaining']}</b></td>"
                f"<td style='color:{theme.css('muted')}'>&nbsp;ends {item['ends']}</td></tr>"
                for item in box)
            lines.append(f"<b>Penalty box</b><table cellspacing=0>{rows}</table>")
        else:
            lines.append(theme.span("muted", "Penalty box empty"))
        for item in side.get("waiting") or []:
            lines.append(f"<span style='color:{theme.css('warning')}'>{html.escape(label_of(item['player']))} waits "
                         f"(assessed {item['assessed']})</span>")
        for c in out.values():
            lines.append(theme.span("ejected", f"Ejected: {html.escape(c.who)}", bold=True)
                         + f" — {html.escape(c.what)} "
                         f"({html.escape(c.section or c.rule)})")
        text = "<br>".join(lines)
        if text == self.label.text() and self.accessibleName() == title:
            return  # as shown (an entry that leaves the side as it was): nothing to lay out or tell again
        self.label.setText(text)
        say(self, title, plain(text))  # the side and its penalty box, for a screen reader (issue 31.4)
