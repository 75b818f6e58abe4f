"""The one stylesheet of every printed record: the embedded font, colours, paragraph and table styles.

DejaVu Sans (scorekeeper/resources/fonts, Bitstream Vera licence in DejaVu-LICENSE.txt) is embedded so that names with
accents print on any printer. ReportLab is imported here, so only the builders import this module.
"""

from __future__ import annotations

from typing import Any, TypedDict, Unpack

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import TableStyle

from scorekeeper.reports.wording import ReportError
from scorekeeper.resources import resource_path

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf"}

# The league's colours: a dark navy for rules and headings, a light tint for shaded cells.
INK = colors.HexColor("#1a1a1a")
NAVY = colors.HexColor("#17324d")
TINT = colors.HexColor("#e8eef4")
ZEBRA = colors.HexColor("#f5f7fa")
GRID = colors.HexColor("#8a99a8")
MUTED = colors.HexColor("#5a6672")
ALERT = colors.HexColor("#a11d1d")

_registered = False


class FontMissingError(ReportError):
    """The embedded font files are not where the resources accessor says (a broken install or frozen build)."""


def register_fonts() -> None:
    """Register the embedded TTF fonts once per process (parsing them takes most of a report's time)."""
    global _registered
    if _registered:
        return
    for name, filename in FONT_FILES.items():
        path = resource_path("fonts", filename)
        if not path.is_file():
            raise FontMissingError(f"the font file {path} is missing: reinstall Scorekeeper (its resources/fonts)")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    # DejaVu Sans core has no oblique: italics fall back to the upright faces.
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)
    _registered = True


class StyleArgs(TypedDict, total=False):
    """The paragraph style's attributes the records set (ReportLab's `ParagraphStyle` keywords)."""

    fontName: str
    fontSize: float
    leading: float
    textColor: colors.Color
    alignment: int
    spaceBefore: float
    spaceAfter: float


def _style(name: str, **kw: Unpack[StyleArgs]) -> ParagraphStyle:
    base: StyleArgs = {"fontName": FONT, "fontSize": 8, "leading": 10, "textColor": INK}
    base.update(kw)
    return ParagraphStyle(name, **base)


# Paragraph styles, by role.
BODY = _style("body", fontSize=9.5, leading=13)
BODY_SMALL = _style("body-small", fontSize=8, leading=10.5)
NOTE = _style("note", fontSize=7, leading=8.8, textColor=MUTED)
CELL = _style("cell", fontSize=7, leading=8.2)
CELL_BOLD = _style("cell-bold", fontName=FONT_BOLD, fontSize=7, leading=8.2)
CELL_RIGHT = _style("cell-right", fontSize=7, leading=8.2, alignment=TA_RIGHT)
CELL_CENTRE = _style("cell-centre", fontSize=7, leading=8.2, alignment=TA_CENTER)
CELL_MUTED = _style("cell-muted", fontSize=7, leading=8.2, textColor=MUTED)
CELL9 = _style("cell9", fontSize=8.5, leading=10.5)
CELL9_BOLD = _style("cell9-bold", fontName=FONT_BOLD, fontSize=8.5, leading=10.5)
CELL9_RIGHT = _style("cell9-right", fontSize=8.5, leading=10.5, alignment=TA_RIGHT)
LABEL = _style("label", fontName=FONT_BOLD, fontSize=6, leading=7, textColor=MUTED)
VALUE = _style("value", fontSize=8.5, leading=10)
SECTION = _style("section", fontName=FONT_BOLD, fontSize=8.5, leading=10, textColor=NAVY, spaceBefore=5,
                 spaceAfter=2)
HEADING = _style("heading", fontName=FONT_BOLD, fontSize=12, leading=15, textColor=NAVY, spaceAfter=4)
TITLE = _style("title", fontName=FONT_BOLD, fontSize=16, leading=19, textColor=NAVY, alignment=TA_LEFT)
BOX_TEXT = _style("box-text", fontSize=8.5, leading=11)
ALERT_TEXT = _style("alert-text", fontName=FONT_BOLD, fontSize=9.5, leading=12, textColor=ALERT)


def table_style(*, header_rows: int = 1, zebra: bool = True, size: float = 7, extra: list[Any] | None = None
                ) -> TableStyle:
    """A ruled table: a navy header row, thin grid, light zebra stripes."""
    cmds: list[Any] = [
        ("FONT", (0, 0), (-1, -1), FONT, size),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, GRID),
        ("BOX", (0, 0), (-1, -1), 0.6, NAVY),
    ]
    if header_rows:
        cmds += [
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), NAVY),
            ("TEXTCOLOR", (0, 0), (-1, header_rows - 1), colors.white),
            ("FONT", (0, 0), (-1, header_rows - 1), FONT_BOLD, size),
        ]
    if zebra:
        cmds.append(("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [colors.white, ZEBRA]))
    cmds += extra or []
    return TableStyle(cmds)


def money(cents: int) -> str:
    """Integer cents as printed: 2000 -> '$20.00', -1000 -> '-$10.00'."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}${cents // 100:,}.{cents % 100:02d}"


def esc(text: object) -> str:
    """Text safe inside a Paragraph's mini-markup."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
