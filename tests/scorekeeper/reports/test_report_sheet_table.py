"""SheetTable writes a table's text cells in one text object, placed exactly where ReportLab's Table puts them."""

from __future__ import annotations

import io
import re
import zlib
from typing import Any

import pytest
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Table

from scorekeeper.reports import styles
from scorekeeper.reports.data import game_sheet_data
from scorekeeper.reports.game_sheet import build_game_sheet
from scorekeeper.reports.templates import SheetTable, TextLines, text_block
from tests.scorekeeper.reports.conftest import flat, pdf_pages

ROWS: list[list[Any]] = [
    ["#", "Player", "Team", "G", "Time"],
    ["7", "Zoë Ñúñez", "Otters", "2", "12:04"],
    ["12", "François Lefèbvre\nsecond line", "Herons", "", "3:15"],
    ["", "Totals", "", "2", ""],
    ["99", "Span across", "", "", "0:01"],
]
WIDTHS = [24.0, 110.0, 70.0, 30.0, 60.0]


def style(table: Table, with_span: bool = True) -> None:
    cmds: list[Any] = [
        ("FONT", (0, 0), (-1, -1), styles.FONT, 7), ("TEXTCOLOR", (0, 0), (-1, -1), styles.INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3), ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6), ("BOX", (0, 0), (-1, -1), 0.6, styles.NAVY),
        ("BACKGROUND", (0, 0), (-1, 0), styles.NAVY), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("FONT", (0, 0), (-1, 0), styles.FONT_BOLD, 7, 9),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"), ("ALIGN", (3, 0), (3, -1), "CENTER"), ("ALIGN", (4, 0), (4, -1), "CENTRE"),
        ("VALIGN", (1, 2), (1, 2), "TOP"), ("VALIGN", (4, 2), (4, 2), "BOTTOM"), ("LEADING", (1, 2), (1, 2), 8.2),
        ("TEXTCOLOR", (2, 1), (2, 2), styles.MUTED), ("FONT", (0, 3), (-1, 3), styles.FONT_BOLD, 7),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, styles.GRID),
    ]
    if with_span:
        cmds.append(("SPAN", (1, 4), (3, 4)))
    table.setStyle(cmds)


def rows() -> list[list[Any]]:
    out = [list(r) for r in ROWS]
    out[3][2] = text_block("a flowable cell", styles.CELL_MUTED, 60)  # drawn by ReportLab between text cells
    return out


def page(cls: type[Table], with_span: bool = True) -> bytes:
    """A one-page PDF holding one table of `cls` (uncompressed, so that its operators can be read)."""
    styles.register_fonts()
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=(320, 140), invariant=1, pageCompression=0)
    table = cls(rows(), colWidths=WIDTHS)
    style(table, with_span)
    table.wrapOn(canv, 300, 120)
    table.drawOn(canv, 10, 10)
    canv.showPage()
    canv.save()
    return buf.getvalue()


def page_stream(pdf: bytes) -> str:
    streams = re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S)
    text = [s.decode("latin-1") for s in streams if b" Tj" in s]
    assert len(text) == 1
    return text[0]


@pytest.mark.parametrize("with_span", [True, False])
def test_all_text_cells_are_one_text_object_per_run_of_cells(with_span):
    plain, sheet = page_stream(page(Table, with_span)), page_stream(page(SheetTable, with_span))
    assert plain.count("BT ") > 20  # ReportLab: a text object per cell, even an empty one
    # SheetTable: the text cells before the flowable cell, the flowable's own, the text cells after it (and the
    # canvas's initial font setting).
    assert sheet.count("BT ") == 1 + 3
    assert sheet.count(" Tj") == plain.count(" Tj")  # the same strings
    assert re.findall(r"\((.*?)\) Tj", sheet) == re.findall(r"\((.*?)\) Tj", plain)  # in the same order


@pytest.mark.parametrize("with_span", [True, False])
def test_text_cells_are_placed_where_reportlab_places_them(with_span):
    """Each string's text matrix (position) is ReportLab's own, to the digit: right-aligned numbers end at
    the column's right edge minus the padding, centred ones sit mid-column, and so on."""
    def positions(pdf: bytes) -> list[tuple[str, str]]:
        stream = page_stream(pdf)
        return re.findall(r"1 0 0 1 ([-\d.]+ [-\d.]+) Tm(?: /F\d\+\d [\d.]+ Tf [\d.]+ TL)? \((.*?)\) Tj", stream)

    sheet = positions(page(SheetTable, with_span))
    assert sheet == positions(page(Table, with_span))
    assert len(sheet) == 20


def test_font_and_colour_change_only_where_cells_differ():
    stream = page_stream(page(SheetTable))
    first = stream[stream.index("BT 1 0 0 1 0 0 Tm"):]
    first = first[:first.index(" ET")]
    # white heading, ink body, the muted team name and back, twice: six colour changes in the first text object
    assert first.count(" rg") == 6
    # bold heading, regular body, its leading changing in the two-line cell and back, bold totals
    assert first.count(" Tf") == 5


@pytest.mark.parametrize("with_span", [True, False])
def test_a_sheet_table_renders_identically_to_a_reportlab_table(with_span):
    import pypdfium2

    def pixels(cls: type[Table]) -> bytes:
        document = pypdfium2.PdfDocument(page(cls, with_span))
        try:
            bitmap = document[0].render(scale=150 / 72, grayscale=True)
            return bytes(bitmap.buffer)
        finally:
            document.close()

    assert pixels(SheetTable) == pixels(Table)


def test_style_commands_set_the_same_cell_styles_as_reportlab():
    styles.register_fonts()
    plain, sheet = Table(rows(), colWidths=WIDTHS), SheetTable(rows(), colWidths=WIDTHS)
    for t in (plain, sheet):
        style(t)
        t.setStyle([("ALIGN", (0, 0), (-1, -1), "LEFT"), ("LEFTPADDING", (0, 0), (-1, -1), 5),
                    ("FONT", (1, 1), (-2, -2), styles.FONT_BOLD), ("TEXTCOLOR", (0, 0), (-1, -1), "red")])
    names = ("fontname", "fontsize", "leading", "color", "alignment", "valign", "leftPadding", "rightPadding",
             "topPadding", "bottomPadding", "href", "destination")
    for row_p, row_s in zip(plain._cellStyles, sheet._cellStyles, strict=True):
        for p, s in zip(row_p, row_s, strict=True):
            assert [getattr(s, n) for n in names] == [getattr(p, n) for n in names]


def test_a_layout_is_reused_for_the_same_width_only():
    styles.register_fonts()
    t = SheetTable(rows(), colWidths=WIDTHS)
    style(t)
    w, h = t.wrap(300, 1000)
    t._rowHeights = None  # a second layout would fail: the first is reused
    assert t.wrap(300, 500) == (w, h)
    t = SheetTable([["a\nb\nc"]], colWidths=[50])
    h = t.wrap(300, 1000)[1]
    assert t.wrap(300, h / 2)[1] == h  # no row spans: measured in full anyway


def test_text_lines_show_their_runs():
    styles.register_fonts()
    buf = io.BytesIO()
    canv = Canvas(buf, invariant=1, pageCompression=0)
    block = TextLines([[("Note:", styles.FONT_BOLD, 8, styles.INK), (" Zoë", styles.FONT, 8, styles.MUTED)],
                       [("Helvetica too", "Helvetica", 8, styles.INK)]], styles.BODY_SMALL)
    block.wrapOn(canv, 300, 100)
    block.drawOn(canv, 10, 10)
    canv.showPage()
    canv.save()
    assert [flat(p) for p in pdf_pages(buf.getvalue())] == ["Note: Zoë Helvetica too"]


def test_the_game_sheet_text_holds_every_name_and_time_in_order(svc):
    data = game_sheet_data(svc, "g101")
    pdf = build_game_sheet(data)
    text = flat("\n".join(pdf_pages(pdf)))
    for team in (data.home, data.away):
        for p in team.lineup:
            assert p.name in text
    for g in data.goals:
        assert f"{g.period} {g.time}" in text
    for p in data.penalties:
        assert f"{p.period} {p.time}" in text
    assert "Otters HOME 2 0 1 3" in text  # a row reads left to right, the team's flowable cell first
    content = zlib.decompress(re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S)[-1])
    assert content.count(b"BT ") < 120  # about a text object per table and text block, not one per cell


@pytest.mark.parametrize("text", ["", "Otters", "  Zoë   Ñúñez ", "two\nlines", "a\tb", "Tripping (5 minutes)"])
@pytest.mark.parametrize("width", [1, 30, 200])
def test_wrap_words_one_line_shortcut_breaks_as_the_greedy_rule(text, width):
    """A text that fits and is single-spaced is its own line; any other goes through the word-by-word rule."""
    from scorekeeper.reports.templates import wrap_words

    styles.register_fonts()
    lines = wrap_words(text, styles.FONT, 7, width)
    assert " ".join(lines).split() == text.split() or "".join(lines) == "".join(text.split())
    if width == 200:
        assert lines == [" ".join(text.split())]
