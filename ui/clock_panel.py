"""The Live Game tab's score and clock line: the score, the strength on the ice, the stop-time and icing lights,
the game clock and From the sheet; the clock kept per game in the settings."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QWidget

from ui import theme
from ui.arena_board import strength_text
from ui.game_clock import GameClock
from ui.live_keys import CLOCK_KEY, SHEET_KEY, key_text
from ui.reflow import Reflow
from ui.score_line import ScoreLine


def clock_key(database: str, season: str, game: str) -> str:
    """The settings key of one game's clock."""
    return "clock/" + re.sub(r"[^A-Za-z0-9._-]+", "_", f"{database}|{season}|{game}")


def sheet_said(on: bool) -> str:
    """What the rules panel says when From the sheet is turned on or off."""
    if on:
        return ("<b>From the sheet</b>: the clock does not run. Type each entry's period and time (Tab to "
                "<i>Period</i> and <i>Time</i>); the next entry starts at the last one's time. The score line "
                "shows every goal entered.")
    return f"<b>Live</b>: the clock runs again ({key_text(CLOCK_KEY)}); each entry takes its time from it."


class ClockPanel(QObject):
    """The score line and the clock line of the game page (`row`: both, the clock under the score at 1024
    pixels). Its widgets are the tab's children, made in the order the tab's keys move through them."""

    def __init__(self, tab: QWidget) -> None:
        super().__init__(tab)
        self.score = ScoreLine(tab)
        self.score.setObjectName("score")
        self.strength = QLabel(tab)
        self.stop_time = self._pill(tab, "STOP TIME", "Stop time: the last minutes of the period, as the rulebook "
                                    "sets")
        self.icing = self._pill(tab, "ICING", "Icing is called now (the rulebook's icing rule)")
        self.clock = GameClock(tab)
        self.from_sheet = QCheckBox("From the sheet", tab)
        self.from_sheet.setObjectName("fromSheet")
        self.from_sheet.setToolTip(f"Entering a paper sheet after the game ({SHEET_KEY}): the clock does not run, "
                                   "each entry's period and time are typed, and the next entry starts at the time "
                                   "of the last one")
        score_line = QHBoxLayout()
        score_line.addWidget(self.score)
        score_line.addSpacing(16)
        score_line.addWidget(self.strength)
        score_line.addWidget(self.stop_time)
        score_line.addWidget(self.icing)
        score_line.addStretch(1)
        clock_line = QHBoxLayout()
        clock_line.addStretch(1)
        clock_line.addWidget(self.clock)
        clock_line.addWidget(self.from_sheet)
        self.row = Reflow(tab)  # at 1024 pixels the clock goes under the score, not off the screen
        self.row.setObjectName("scoreRow")
        self.row.add_layout(score_line, 1)
        self.row.add_layout(clock_line)

    @staticmethod
    def _pill(parent: QWidget, text: str, tip: str) -> QLabel:
        label = QLabel(text, parent)
        label.setToolTip(tip)
        label.setContentsMargins(8, 2, 8, 2)
        return label

    # -- what the rulebook says at the clock's time ----------------------------------------------------------
    def show_live(self, live: Mapping[str, Any], score: Mapping[str, int], names: Mapping[str, str]) -> None:
        """The score entered, the strength as the arena board says it, and the two lights."""
        self.show_score(score, names)
        said = html.escape(strength_text(live, names))  # as the arena board says it: skaters
        self.strength.setText(f"Strength <b>{said}</b>" if said[:1].isdigit() else f"<b>{said}</b>")
        self.light(self.stop_time, bool(live.get("stop_time")), "stop_time")
        self.light(self.icing, bool(live.get("icing")), "icing")

    def show_score(self, score: Mapping[str, int], names: Mapping[str, str]) -> None:
        """The score entered alone (the rest as it was)."""
        self.score.set_score(names["home"], names["away"], score["home"], score["away"])

    def show_unread(self, why: str) -> None:
        """No live reading at the clock's time: why, in grey where the strength goes."""
        self.strength.setText(theme.span("muted", html.escape(why)))

    @staticmethod
    def light(label: QLabel, on: bool, name: str) -> None:
        """Light `label` (`name`: a light of theme.LIGHTS) or put it out."""
        if label.property("lit") is on:
            return  # unchanged: a style sheet set again costs a restyle
        theme.follow(label, lambda: f"QLabel {{ {theme.light_style(name, on)} }}")
        label.setProperty("lit", on)

    # -- the clock, saved per game ---------------------------------------------------------------------------
    def restore(self, settings: QSettings, key: str | None) -> None:
        """The clock and From the sheet as saved under `key` (None: no game, the clock at its start)."""
        raw = settings.value(key) if key else None
        state = None
        if isinstance(raw, str):
            try:
                state = json.loads(raw)
            except ValueError:
                state = None
        self.clock.restore(state)
        sheet = settings.value(key + "/sheet") if key else None
        blocked = self.from_sheet.blockSignals(True)
        self.from_sheet.setChecked(sheet in (True, "true"))
        self.from_sheet.blockSignals(blocked)
        self.clock.hold(self.from_sheet.isChecked())

    def save(self, settings: QSettings, key: str) -> None:
        """The clock under `key`, on disk at once: a killed window resumes the clock where it was."""
        settings.setValue(key, json.dumps(self.clock.state()))
        settings.sync()
