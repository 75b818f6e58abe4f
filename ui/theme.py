"""One theme: every colour the window shows, named by what it means and derived from the application's palette.

A meaning ("refused", "warning", "ok", "ejected", "muted", the clock's stop-time light, ...) has a strong
colour for a light desktop and a bright one for a dark desktop; which one is chosen by the lightness of the
palette's window colour, and the colour is then blended toward the palette's text colour until it reads at
`TEXT_CONTRAST` or more on the window's and the tables' backgrounds (WCAG 2's 4.5:1 for text), so a dark, a light
and a high-contrast palette all read. Style sheets and HTML are built from `css(meaning)`. When the palette
changes (the desktop switched to dark mode while the window runs), a style sheet set through `follow()` is
rebuilt and the theme's colours in the rich text labels already show are replaced by the new palette's
(`_Watcher`); table models and painted widgets read the theme as they draw.

The rink's board (`ARENA`) and the printed page (`PAPER`) keep their own colours whatever the desktop: a
scoreboard is lit on black, paper is white.

`SCOREKEEPER_THEME=dark|light|high-contrast` forces a palette (Fusion style) instead of the system's
(`apply_choice`, called as the application starts); unset or `system`: follow the desktop.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QApplication, QLabel, QStyleFactory, QWidget

TEXT_CONTRAST = 4.5
"""WCAG 2 (AA) for text: the contrast every colour of text has with the background it is shown on."""
MARGIN = 4.8
"""What `colour` aims at, a little over `TEXT_CONTRAST`: antialiasing and alternating rows vary the ground."""

ROLE = QPalette.ColorRole
DIRECT = Qt.FindChildOption.FindDirectChildrenOnly
# meaning: (on a light desktop, on a dark desktop)
MEANINGS: dict[str, tuple[str, str]] = {
    "refused": ("#b00020", "#ff8a80"),  # a refusal, a block, an error, a problem to fix
    "ejected": ("#b00020", "#ff8a80"),  # a player out of the game, a goalie pulled
    "warning": ("#8a5a00", "#ffcc66"),  # a warning, a curfew near, a player waiting in the box
    "ok": ("#1b5e20", "#8fd694"),  # done, saved, sent, FINAL
    "muted": ("#5f5f5f", "#b4b4b4"),  # secondary text: notes, "nothing so far", the lights off
}
LIGHTS: dict[str, str] = {
    "stop_time": "#b00020",  # the clock's stop-time light, lit
    "icing": "#0d47a1",  # the icing light, lit
    "demo": "#8f4a00",  # the DEMO badge in the status bar
}
"""Lit colours behind white text (each reads at 4.5:1 or more under white), whatever the desktop."""
LIGHT_TEXT = "#ffffff"

ARENA = {"background": "#000000", "text": "#ffffff", "clock": "#ffd400", "dim": "#b0b0b0", "stop": "#d50000",
         "no_colour": "#303030"}
"""The rink's board: lit on black, whatever the office's desktop (each text colour reads at 4.5:1 or more on black;
"stop" is the ground of STOP TIME, under white)."""
PAPER = {"page": "#ffffff", "ink": "#102060", "edge": "#404040", "rule": "#b0b0b0", "hint": "#6e6e6e",
         "backdrop": "#808080"}
"""The printed page and the signature pad's card: white paper whatever the desktop."""
SERIES = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
"""The chart's lines for teams without a colour of their own."""


def palette() -> QPalette:
    return QGuiApplication.palette()


def luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance."""
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2's contrast ratio of two opaque colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def blend(a: QColor, b: QColor, share: float) -> QColor:
    """`a` moved `share` (0 to 1) of the way toward `b`."""
    return QColor.fromRgbF(a.redF() + (b.redF() - a.redF()) * share, a.greenF() + (b.greenF() - a.greenF()) * share,
                           a.blueF() + (b.blueF() - a.blueF()) * share)


def is_dark(pal: QPalette | None = None) -> bool:
    """A dark desktop: the window's colour is nearer black than white."""
    return luminance((pal or palette()).color(ROLE.Window)) < 0.18


def grounds(pal: QPalette | None = None) -> list[QColor]:
    """Where text of a meaning may be shown: the window, a table's rows (both of alternating rows), a button, a
    tab's page."""
    pal = pal or palette()
    return [*(pal.color(role) for role in (ROLE.Window, ROLE.Base, ROLE.AlternateBase, ROLE.Button)),
            pal.color(ROLE.Button).lighter(125)]  # Fusion's tab page, a shade lighter than a button


def readable(colour: QColor, on: Iterable[QColor], toward: QColor) -> QColor:
    """`colour`, blended toward `toward` (the palette's text) as little as needed to read on every ground."""
    on = list(on)
    for step in range(11):
        tried = blend(colour, toward, step / 10)
        if min(contrast(tried, ground) for ground in on) >= MARGIN:
            return tried
    return QColor(toward)


def colour(meaning: str, tinted: bool = False, pal: QPalette | None = None) -> QColor:
    """The colour of text that means `meaning` (a key of MEANINGS) on this palette; `tinted`: read on the
    meaning's tint (a banner's ground) as well as on the palette's grounds."""
    pal = pal or palette()
    key = (pal.cacheKey(), meaning, tinted)
    if key not in _MADE:
        light, dark = MEANINGS[meaning]
        on = grounds(pal) + ([tint(meaning, pal=pal)] if tinted else [])
        _MADE[key] = readable(QColor(dark if is_dark(pal) else light), on, pal.color(ROLE.WindowText))
    return QColor(_MADE[key])


_MADE: dict[tuple[int, str, bool], QColor] = {}


def css(meaning: str, tinted: bool = False) -> str:
    """`colour(meaning)` as '#rrggbb', for style sheets and HTML (rich text in a label is recoloured when the
    palette changes: `_Watcher`)."""
    _watch()
    return colour(meaning, tinted).name()


def span(meaning: str, text: str, bold: bool = False) -> str:
    """HTML: `text` (already escaped) in the colour of `meaning`."""
    tag = "b" if bold else "span"
    return f"<{tag} style='color:{css(meaning)}'>{text}</{tag}>"


def tint(meaning: str, share: float = 0.1, pal: QPalette | None = None) -> QColor:
    """A ground tinted with `meaning` (a banner's): the window's colour moved a little toward the meaning's."""
    pal = pal or palette()
    light, dark = MEANINGS[meaning]
    return blend(pal.color(ROLE.Window), QColor(dark if is_dark(pal) else light), share)


LINE_CONTRAST = 3.0
"""WCAG 2.1 (1.4.11) for a graphic's lines: a chart's series against the chart's ground."""


def line(team: QColor) -> QColor:
    """A chart line in a team's colour, blended toward the text colour as little as needed to be seen (3:1) on
    the chart's ground (a navy team on a dark desktop)."""
    pal = palette()
    ground, text = pal.color(ROLE.Base), pal.color(ROLE.Text)
    for step in range(11):
        tried = blend(team, text, step / 10)
        if contrast(tried, ground) >= LINE_CONTRAST:
            return tried
    return QColor(text)


def grid() -> QColor:
    """The chart's grid lines: the text colour, faint."""
    line = QColor(palette().color(ROLE.Text))
    line.setAlpha(50)
    return line


def swatch(fill: QColor) -> QPixmap:
    """A small square of a team's colour, edged so it is seen on a light or a dark row."""
    pixmap = QPixmap(12, 12)
    pixmap.fill(fill)
    edge = QColor(palette().color(ROLE.Text))
    edge.setAlpha(140)
    painter = QPainter(pixmap)
    painter.setPen(edge)
    painter.drawRect(0, 0, 11, 11)
    painter.end()
    return pixmap


def light_style(name: str, on: bool) -> str:
    """A clock light's style sheet: lit (white on its colour) or off (muted, outlined)."""
    if on:
        return f"background:{LIGHTS[name]}; color:{LIGHT_TEXT}; border-radius:4px; font-weight:bold"
    muted = css("muted")
    return f"color:{muted}; border:1px solid {muted}; border-radius:4px"


def arena_text_on(band: str) -> str:
    """Black or white, whichever reads better on a team's band `band`."""
    ground = QColor(band)
    return "#000000" if contrast(ground, QColor("#000000")) >= contrast(ground, QColor("#ffffff")) else "#ffffff"


# -- recoloured and restyled when the palette changes ---------------------------------------------------------
class _Watcher(QObject):
    """Rewrites the theme's colours in every label's rich text when the application's palette changes (a message
    said in a light palette reads in the dark one the desktop switched to)."""

    def __init__(self, app: QGuiApplication) -> None:
        super().__init__(app)
        self.setObjectName("themeWatcher")
        self.shown = self.colours()
        app.paletteChanged.connect(self.changed)  # the desktop's switch too; no filter on every event

    @staticmethod
    def colours() -> dict[tuple[str, bool], str]:
        return {(meaning, tinted): colour(meaning, tinted).name() for meaning in MEANINGS for tinted in (False, True)}

    def changed(self) -> None:
        now = self.colours()
        moves = {self.shown[key]: now[key] for key in now if self.shown[key] != now[key]}
        self.shown = now
        if moves:
            recolour(moves)
        for widget in QApplication.allWidgets():  # a widget with a style sheet is sent no palette change
            for follower in widget.findChildren(_Follower, "themeFollower", DIRECT):
                follower.restyle()


def recolour(moves: dict[str, str]) -> None:
    """Every label's text with each old colour `moves` names in its new colour."""
    for widget in QApplication.allWidgets():
        if isinstance(widget, QLabel) and "color:#" in (text := widget.text()):
            new = re.sub(r"color:(#[0-9a-f]{6})", lambda m: "color:" + moves.get(m.group(1), m.group(1)), text)
            if new != text:
                widget.setText(new)


def _watch() -> None:
    app = QCoreApplication.instance()
    if isinstance(app, QGuiApplication) and app.findChild(_Watcher, "themeWatcher", DIRECT) is None:
        _Watcher(app)


# -- restyled when the palette changes -----------------------------------------------------------------------
class _Follower(QObject):
    """Rebuilds its widget's style sheet when the application's palette changes (`_Watcher.changed`)."""

    def __init__(self, widget: QWidget, make: Callable[[], str]) -> None:
        super().__init__(widget)
        self.setObjectName("themeFollower")
        self.widget, self.make = widget, make
        self.restyle()

    def restyle(self) -> None:
        style = self.make()
        if style != self.widget.styleSheet():  # the same sheet again would restyle for nothing
            self.widget.setStyleSheet(style)


def follow(widget: QWidget, make: Callable[[], str]) -> None:
    """Set `widget`'s style sheet to `make()` now and again whenever the palette changes (`make` reads the
    theme each time). A widget followed twice keeps only the latest `make`."""
    _watch()
    for old in widget.findChildren(_Follower, "themeFollower", DIRECT):
        old.setParent(None)
        old.deleteLater()
    _Follower(widget, make)


def text_style(widget: QWidget, meaning: str) -> None:
    """`widget`'s text in the colour of `meaning`, following the palette."""
    follow(widget, lambda: f"color: {css(meaning)}")


# -- a palette chosen by name (tests, screenshots, SCOREKEEPER_THEME) ----------------------------------------
def _palette(window: str, text: str, base: str, alternate: str, button: str, highlight: str, highlighted: str,
             link: str, disabled: str, placeholder: str) -> QPalette:
    pal = QPalette()
    colours = {ROLE.Window: window, ROLE.WindowText: text, ROLE.Base: base, ROLE.AlternateBase: alternate,
               ROLE.Text: text, ROLE.Button: button, ROLE.ButtonText: text, ROLE.BrightText: "#ffffff",
               ROLE.Highlight: highlight, ROLE.HighlightedText: highlighted, ROLE.ToolTipBase: base,
               ROLE.ToolTipText: text, ROLE.Link: link, ROLE.LinkVisited: link, ROLE.PlaceholderText: placeholder,
               ROLE.Light: blend(QColor(button), QColor("#ffffff"), 0.25).name(),
               ROLE.Midlight: blend(QColor(button), QColor("#ffffff"), 0.12).name(),
               ROLE.Mid: blend(QColor(button), QColor(text), 0.35).name(),
               ROLE.Dark: blend(QColor(button), QColor("#000000"), 0.4).name(), ROLE.Shadow: "#000000"}
    for role, value in colours.items():
        pal.setColor(role, QColor(value))
    for role in (ROLE.WindowText, ROLE.Text, ROLE.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return pal


def dark_palette() -> QPalette:
    """A dark desktop's palette (as Windows' and macOS' dark modes are, in Fusion's terms)."""
    return _palette("#2b2b2b", "#e8e8e8", "#1f1f1f", "#282828", "#3a3a3a", "#3d6fd1", "#ffffff", "#8ab4f8",
                    "#8a8a8a", "#a0a0a0")


def high_contrast_palette() -> QPalette:
    """A high-contrast desktop's palette (white on black, as Windows' High Contrast Black)."""
    return _palette("#000000", "#ffffff", "#000000", "#000000", "#000000", "#1aebff", "#000000", "#ffff00",
                    "#3ff23f", "#c0c0c0")


def light_palette() -> QPalette:
    """Fusion's own light palette."""
    style = QStyleFactory.create("Fusion")
    return style.standardPalette()


PALETTES: dict[str, Callable[[], QPalette]] = {"light": light_palette, "dark": dark_palette,
                                               "high-contrast": high_contrast_palette}
ENV = "SCOREKEEPER_THEME"


def selection_readable(pal: QPalette) -> QPalette:
    """`pal` with its selection colour darkened (or lightened) as little as needed for its selected text to read
    at 4.5:1 (Fusion's own light blue does not, under white)."""
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        text = pal.color(group, ROLE.HighlightedText)
        toward = QColor("#000000") if luminance(text) > 0.5 else QColor("#ffffff")
        pal.setColor(group, ROLE.Highlight, readable(pal.color(group, ROLE.Highlight), [text], toward))
    return pal


FIELD_EDGES = ("QLineEdit { border: 1px solid palette(mid); padding: 1px 2px; } "
               "QLineEdit:focus { border: 1px solid palette(highlight); }")
"""High contrast: Fusion edges a field in its window colour made darker, nothing on black; the field's own edge."""


def use(app: QApplication, name: str) -> None:
    """The application in palette `name` (a key of PALETTES) and Fusion style, which draws every palette."""
    app.setStyle("Fusion")
    app.setPalette(selection_readable(PALETTES[name]()))
    if name == "high-contrast" or app.styleSheet() == FIELD_EDGES:
        app.setStyleSheet(FIELD_EDGES if name == "high-contrast" else "")


def apply_choice(app: QApplication) -> str:
    """The palette SCOREKEEPER_THEME names, if it names one ('system' or unset: the desktop's); the one used."""
    name = os.environ.get(ENV, "").strip().lower()
    if name in PALETTES:
        use(app, name)
        return name
    return "system"
