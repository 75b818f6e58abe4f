"""Page layout shared by every printed record: letterhead, footer with "Page i of n", DRAFT watermark.

A document is a list of flowables starting with a `Head` marker; a batch (all teams' statements) holds one
`Head` per record, each after a `PageBreak`, and pages are numbered within their record. The header is drawn
when a page ends, so it shows the record whose `Head` is on that page.
"""

from __future__ import annotations

import io
import zlib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import letter
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, Table
from reportlab.platypus.tables import _SPECIALROWS, CellStyle

from scorekeeper.reports import styles
from scorekeeper.reports.styles import FONT, FONT_BOLD, MUTED, NAVY

PAGE_W, PAGE_H = letter
MARGIN = 0.5 * inch
HEADER_H = 0.78 * inch
FOOTER_H = 0.34 * inch
BODY_W = PAGE_W - 2 * MARGIN
BODY_H = PAGE_H - 2 * MARGIN - HEADER_H - FOOTER_H


class Head(Flowable):
    """Zero-size marker: the letterhead and footer of the record that starts here, and its page-number key."""

    def __init__(self, league: str, title: str, right: list[str], footer: str, key: str = "", *,
                 draft: bool = False) -> None:
        super().__init__()
        self.league = league
        self.title = title
        self.right = right
        self.footer = footer
        self.key = key
        self.draft = draft

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 - ReportLab's
        return 0, 0

    def draw(self) -> None:
        self.canv._sk_head = self


Run = tuple[str, str, float, Any]
"""A run of text in one face: (text, font name, size, colour)."""


text_width = lru_cache(maxsize=4096)(stringWidth)
"""`stringWidth(text, font, size)`, remembered: a sheet measures the same names and numbers at each width it
tries, and the office prints the same teams' names on sheet after sheet (the fonts are registered once)."""


def wrap_words(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` broken into lines at most `width` wide, as a Paragraph breaks it (greedy; a long word is split)."""
    if text_width(text, font, size) <= width and text == " ".join(text.split()):
        return [text]  # most cells: one line, already single-spaced (a line's width is the sum of its glyphs')
    space = text_width(" ", font, size)
    shrink = rl_config.spaceShrinkage * space  # a Paragraph lets each space give a little to fit one more word
    lines: list[str] = []
    line: list[str] = []
    used = -space
    for word in text.split():
        w = text_width(word, font, size)
        if line and used + space + w > width + shrink * len(line):
            lines.append(" ".join(line))
            line, used = [], -space
        while w > width and len(word) > 1:  # a word wider than the line: split it where it overflows
            cut = _fitting_prefix(word, font, size, width)
            lines.append(word[:cut])
            word = word[cut:]
            w = text_width(word, font, size)
        line.append(word)
        used += space + w
    if line or not lines:
        lines.append(" ".join(line))
    return lines


def _fitting_prefix(word: str, font: str, size: float, width: float) -> int:
    """How many leading characters of `word` fit in `width` (at least one)."""
    cut = 1
    while cut < len(word) and stringWidth(word[:cut + 1], font, size) <= width:
        cut += 1
    return cut


def cell_text(text: object, font: str, size: float, width: float) -> str:
    """A plain table cell's text, broken into lines (joined by newlines) that fit `width`."""
    return "\n".join(wrap_words(str(text), font, size, width))


class TextLines(Flowable):
    """Lines of styled runs drawn straight onto the canvas, placed exactly as a Paragraph places them.

    A Paragraph parses markup and breaks lines at every layout pass; most of a printed record is plain text
    whose lines the builder can break once (see `text_block` and `rich_line`), which is many times faster.
    """

    def __init__(self, lines: list[list[Run]], style: ParagraphStyle, width: float | None = None) -> None:
        super().__init__()
        self.lines = lines
        self.max_width = width  # lines a little wider (see wrap_words) close up their spaces to fit it
        self.leading = float(style.leading)
        self.spaceBefore = style.spaceBefore
        self.spaceAfter = style.spaceAfter
        self._first = max((r[2] for r in lines[0]), default=style.fontSize) if lines else style.fontSize

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 - ReportLab's
        self.width, self.height = availWidth, self.leading * len(self.lines)
        return self.width, self.height

    def draw(self) -> None:
        canv = self.canv
        tx = canv.beginText()
        code = tx._code  # the text operators are written as `SheetTable._draw_texts` writes them
        face: tuple[str, float] | None = None
        font: Any = None
        tf = ""
        subset = -1
        colour = None
        y = self.height - self._first
        spacing = 0.0
        for line in self.lines:
            tx.setTextOrigin(0, y)
            word_space = self._word_space(line)
            if word_space != spacing:
                spacing = word_space
                tx.setWordSpace(spacing)
            for text, name, size, fill in line:
                if (name, size) != face:
                    face = name, size
                    font = getFont(name)
                    tf = f" {fp_str(size)} Tf {fp_str(self.leading)} TL"
                    subset = -1
                    if not isinstance(font, TTFont):  # a standard font: the text object writes it
                        tx.setFont(name, size, self.leading)
                if fill != colour:
                    colour = fill
                    tx.setFillColor(fill)
                if isinstance(font, TTFont):
                    subset = _show(code, canv, font, text, tf, subset)
                else:
                    tx.textOut(text)
            y -= self.leading
        canv.drawText(tx)

    def _word_space(self, line: list[Run]) -> float:
        """The (negative) word spacing that brings an over-wide line back to the width, as a Paragraph's does."""
        if self.max_width is None or len(line) != 1:
            return 0
        text, font, size, _ = line[0]
        over = stringWidth(text, font, size) - self.max_width
        spaces = text.count(" ")
        return -over / spaces if over > 0 and spaces else 0


def text_block(text: object, style: ParagraphStyle, width: float) -> TextLines:
    """Plain text in one style, broken to `width`: what `Paragraph(esc(text), style)` prints."""
    font, size = style.fontName, style.fontSize
    return TextLines([[(line, font, size, style.textColor)] for line in wrap_words(str(text), font, size, width)],
                     style, width)


def rich_line(runs: list[Run], style: ParagraphStyle, width: float) -> Flowable:
    """Runs in several faces on one line; a Paragraph (which can break them) when they do not fit `width`."""
    if sum(text_width(t, f, s) for t, f, s, _ in runs) <= width:
        return TextLines([runs], style)
    markup = "".join(f"<font face='{f}' size={s} color='#{c.hexval()[2:]}'>{styles.esc(t)}</font>"
                     for t, f, s, c in runs)
    return Paragraph(markup, style)


class SheetTable(Table):
    """A Table that writes its plain text cells in one PDF text object, and styles and lays out faster.

    ReportLab's `Table` writes a text object (and a font and colour change) per cell, even an empty one; a
    sheet has hundreds of cells. Here each text cell is placed exactly where `Table._drawCell` places it, and
    the font and colour change only where they differ from the previous cell's; a run of text cells is one
    text object, ended where another cell (a flowable, a nested table, a link) comes, which ReportLab's own
    code draws, so the page keeps the cells' order. Backgrounds and rules are ReportLab's too. The page looks
    the same to the pixel (tests/scorekeeper/reports/test_report_sheet_table.py).

    Besides: a style command over the whole table is set once for all its cells (`_addCommand`), and a layout
    is not redone for the width it was made for (`wrap`).
    """

    def __init__(self, data: Any, *args: Any, **kwargs: Any) -> None:
        # Each table's cells share a style class: a command over every cell sets the class's attribute once
        # (see _addCommand) instead of each cell's. ReportLab creates a named CellStyle per cell.
        rows = len(data) if isinstance(data, (list, tuple)) else 0
        cols = max(map(len, data), default=0) if rows else 0
        self._sk_cell: type[CellStyle] | None = None
        self._sk_wrapped: float | None = None  # the width the table was last laid out for
        self._sk_per_cell: set[str] = set()  # attributes some cell holds itself: the class's would be hidden
        if rows and cols and len(args) < 11 and kwargs.get("cellStyles") is None:
            self._sk_cell = cell = type("SheetCell", (_SheetCell,), {})
            kwargs["cellStyles"] = [[cell() for _ in range(cols)] for _ in range(rows)]
        super().__init__(data, *args, **kwargs)

    def normalizeData(self, data: Any) -> list[list[Any]]:  # noqa: N802 - ReportLab's
        """As `Table.normalizeData` (None -> "", bytes -> str), passing the many str cells straight through."""
        return [[c if type(c) is str else _norm_cell(c) for c in row] for row in data]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 - ReportLab's
        """As `Table.wrap`, without laying the table out again for the width it was last laid out for.

        A nested table is wrapped again as its cell is drawn, and a KeepInFrame wraps its content at its own
        width, then at the scaled one. Row heights depend only on the width, and not even on it where every
        column's width is given in points; except that a long table may stop measuring once past
        `availHeight`: a complete layout that fits is reused.
        """
        wrapped = self._sk_wrapped
        if (wrapped is not None and (wrapped == availWidth or self._sk_fixed_widths())
                and self._hmax == self._nrows and self._height <= availHeight):
            self.availWidth = availWidth
            return self._width, self._height
        result = super().wrap(availWidth, availHeight)
        self._sk_wrapped = availWidth
        return result

    def _sk_fixed_widths(self) -> bool:
        """Every column's width given in points: the layout does not depend on the width available."""
        return all(type(w) in (int, float) for w in self._argW)

    def _addCommand(self, cmd: Any) -> None:  # noqa: N802 - ReportLab's
        """As `Table._addCommand`; a cell style command sets its attribute on each cell of its range directly
        (ReportLab walks its list of commands once per cell: the sheet's styles set thousands of cells)."""
        self._sk_wrapped = None  # a new style: lay the table out again
        op = cmd[0]
        attrs = _CELL_ATTRS.get(op)
        (sc, sr), (ec, er) = cmd[1], cmd[2]
        if attrs is None or sr in _SPECIALROWS:
            super()._addCommand(cmd)
            return
        values = cmd[3:]
        if op == "TEXTCOLOR":
            values = (colors.toColor(values[0], colors.Color(0, 0, 0)),)
        elif op == "FONT" and len(values) == 2:
            values = (*values, values[1] * 1.2)
        pairs = list(zip(attrs, values, strict=False))  # FONT may give fewer values than attributes
        ncols, nrows = self._ncols, self._nrows
        # as Table.normCellRange
        sc, ec = max(0, sc + ncols if sc < 0 else sc), min(ncols - 1, ec + ncols if ec < 0 else ec)
        sr, er = max(0, sr + nrows if sr < 0 else sr), min(nrows - 1, er + nrows if er < 0 else er)
        if ec < sc or er < sr:
            return
        names = attrs[:len(pairs)]
        if (self._sk_cell is not None and sc == 0 and sr == 0 and ec == ncols - 1 and er == nrows - 1
                and self._sk_per_cell.isdisjoint(names)):
            for name, value in pairs:
                setattr(self._sk_cell, name, value)
            return
        self._sk_per_cell.update(names)
        for row in self._cellStyles[sr:er + 1]:
            for cell in row[sc:ec + 1]:
                for name, value in pairs:
                    setattr(cell, name, value)

    def draw(self) -> None:
        if getattr(self, "_renderCB", None):
            super().draw()
            return
        canv = self.canv
        canv.saveState()
        self._curweight = self._curcolor = self._curcellstyle = None
        self._makeShadow()
        self._makeRoundedCornersClip()
        self._drawBkgrnd()
        texts: list[tuple[str, Any, float, float, float, float]] = []
        ttf: dict[str, bool] = {}
        for cellval, cellstyle, x, y, width, height in self._cells():
            name = cellstyle.fontname
            is_ttf = ttf.get(name)
            if is_ttf is None:
                is_ttf = ttf[name] = isinstance(getFont(name), TTFont)
            if type(cellval) is str and is_ttf and cellstyle.alignment in _PLAIN_ALIGN and not (
                    cellstyle.href or cellstyle.destination or cellstyle.direction or cellstyle.shaping):
                if cellval:
                    texts.append((cellval, cellstyle, x, y, width, height))
            else:
                if texts:  # the page keeps the cells' reading order (text extraction, screen readers)
                    self._draw_texts(texts)
                    texts = []
                    self._curcellstyle = None  # the text object changed the colour: ReportLab's must set it
                self._drawCell(cellval, cellstyle, (x, y), (width, height))
        if texts:
            self._draw_texts(texts)
        self._drawLines()
        canv.restoreState()
        if self._roundingRectDef:
            self._restoreRoundingObscuredLines()

    def _cells(self) -> Iterator[tuple[Any, Any, float, float, float, float]]:
        """Each drawn cell (the first of a span, sized to the span): value, style, x, y, width, height."""
        if not self._spanCmds:
            # as Table.draw (a split-off part's rows may be fewer than its positions)
            for row, rowstyle, rowpos, rowheight in zip(self._cellvalues, self._cellStyles, self._rowpositions[1:],
                                                        self._rowHeights, strict=False):
                for cellval, cellstyle, colpos, colwidth in zip(row, rowstyle, self._colpositions[:-1],
                                                                self._colWidths, strict=False):
                    yield cellval, cellstyle, colpos, rowpos, colwidth, rowheight
            return
        for r in range(self._nrows):
            for c in range(self._ncols):
                rect = self._spanRects[c, r]
                if rect is not None:
                    yield self._cellvalues[r][c], self._cellStyles[r][c], *rect

    def _draw_texts(self, texts: list[tuple[str, Any, float, float, float, float]]) -> None:
        """The text cells, in one text object, each line where `Table._drawCell` draws it.

        The text operators are written as `PDFTextObject.textOut` writes them for an embedded TrueType font
        (see reportlab.pdfbase.ttfonts: a font operator wherever the glyphs' subset changes, then the string).
        """
        canv = self.canv
        tx = canv.beginText()
        code = tx._code  # the text object's operators: colours go through its own setter
        colour: Any = None
        font: Any = None
        face_key: tuple[str, float, float] | None = None
        face = ""
        subset = -1
        for text, st, colpos, rowpos, colwidth, rowheight in texts:
            if st.color is not colour and (colour is None or st.color != colour):
                tx.setFillColor(st.color)
            colour = st.color
            key = (st.fontname, st.fontsize, st.leading)
            if key != face_key:
                face_key = key
                font = getFont(st.fontname)
                face = f" {fp_str(st.fontsize)} Tf {fp_str(st.leading)} TL"
                subset = -1
            just = st.alignment
            if just == "LEFT":
                x = colpos + st.leftPadding
            elif just == "RIGHT":
                x = colpos + colwidth - st.rightPadding
            else:
                x = colpos + (colwidth + st.leftPadding - st.rightPadding) * 0.5
            lines = text.split("\n")
            leading, size = st.leading, st.fontsize
            if st.valign == "BOTTOM":
                y = rowpos + st.bottomPadding + len(lines) * leading - size
            elif st.valign == "TOP":
                y = rowpos + rowheight - st.topPadding - size
            else:
                y = rowpos + (st.bottomPadding + rowheight - st.topPadding + len(lines) * leading) / 2.0 - size
            for line in lines:
                if line:
                    if just == "LEFT":
                        code.append(f"1 0 0 1 {fp_str(x, y)} Tm")
                    elif just == "RIGHT":
                        code.append(f"1 0 0 1 {fp_str(x - font.stringWidth(line, size), y)} Tm")
                    else:
                        code.append(f"1 0 0 1 {fp_str(x - 0.5 * font.stringWidth(line, size), y)} Tm")
                    subset = _show(code, canv, font, line, face, subset)
                y -= leading
        canv.drawText(tx)


def _show(code: list[str], canv: Canvas, font: Any, text: str, face: str, subset: int) -> int:
    """Append the operators showing `text` in the TrueType `font` (`face`: its size and leading operands) to a
    text object's `code`, as `PDFTextObject.textOut` writes them: the font operator wherever the subset of the
    glyphs changes, then the string. Returns the subset in use after.

    A string's glyph codes are assigned once per document, so the operators of a string are kept on the canvas
    for the document (a sheet repeats many strings: numbers, teams, "PP").
    """
    try:
        known: dict[tuple[str, str], list[tuple[int, str]]] = canv._sk_shown
    except AttributeError:
        known = canv._sk_shown = {}
    runs = known.get((font.fontName, text))
    if runs is None:
        runs = known[(font.fontName, text)] = [(part, f"({escapePDF(chunk)}) Tj")
                                               for part, chunk in font.splitString(text, canv._doc)]
    for part, shown in runs:
        if part != subset:
            subset = part
            code.append(font.getSubsetInternalName(part, canv._doc) + face)
        code.append(shown)
    return subset


def _norm_cell(cell: Any) -> Any:
    if cell is None:
        return ""
    return cell.decode("utf8") if isinstance(cell, bytes) else cell


class _SheetCell(CellStyle):
    """A `SheetTable` cell's style: its table's defaults are its class's attributes (set by `SheetTable`)."""

    name = "sheet-cell"

    def __init__(self) -> None:
        pass


_PLAIN_ALIGN = frozenset(("LEFT", "RIGHT", "CENTRE", "CENTER"))
# A cell style command -> the CellStyle attributes its values set, in order (reportlab.platypus.tables).
_CELL_ATTRS: dict[str, tuple[str, ...]] = {
    "FONT": ("fontname", "fontsize", "leading"), "FONTNAME": ("fontname",), "FACE": ("fontname",),
    "SIZE": ("fontsize",), "FONTSIZE": ("fontsize",), "LEADING": ("leading",), "TEXTCOLOR": ("color",),
    "ALIGN": ("alignment",), "ALIGNMENT": ("alignment",), "VALIGN": ("valign",),
    "LEFTPADDING": ("leftPadding",), "RIGHTPADDING": ("rightPadding",), "TOPPADDING": ("topPadding",),
    "BOTTOMPADDING": ("bottomPadding",), "HREF": ("href",), "DESTINATION": ("destination",),
    "DIRECTION": ("direction",), "SHAPING": ("shaping",),
}


class NumberedCanvas(Canvas):
    """Holds pages back until the end, then writes "Page i of n" counted within each record."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sk_pages: list[dict[str, Any]] = []  # Any: a ReportLab canvas's own attributes, saved per page

    def showPage(self) -> None:  # noqa: N802 - ReportLab's name
        self._sk_pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        totals = Counter(p.get("_sk_key", "") for p in self._sk_pages)
        seen: Counter[str] = Counter()
        for state in self._sk_pages:
            self.__dict__.update(state)
            key = state.get("_sk_key", "")
            seen[key] += 1
            self.setFont(FONT, 7)
            self.setFillColor(MUTED)
            self.drawRightString(PAGE_W - MARGIN, MARGIN + 4, f"Page {seen[key]} of {totals[key]}")
            Canvas.showPage(self)
        Canvas.save(self)


def _page_begin(canv: Canvas, doc: BaseDocTemplate) -> None:
    canv.saveState()
    # A white page, not a transparent one: QPdfDocument previews transparency as black/checkered.
    canv.setFillColor(colors.white)
    canv.rect(0, 0, PAGE_W, PAGE_H, stroke=0, fill=1)
    canv.restoreState()


def _watermark(canv: Canvas) -> None:
    """DRAFT across the page, over the content (tables' opaque cells would hide it underneath), translucent."""
    canv.saveState()
    canv.setFillColor(styles.ALERT)
    canv.setFillAlpha(0.16)
    canv.setFont(FONT_BOLD, 150)
    canv.translate(PAGE_W / 2, PAGE_H / 2)
    canv.rotate(52)
    canv.drawCentredString(0, -50, "DRAFT")
    canv.restoreState()


def _page_end(canv: Canvas, doc: BaseDocTemplate) -> None:
    head: Head | None = getattr(canv, "_sk_head", None)
    if getattr(doc, "sk_draft", False) or (head is not None and head.draft):
        _watermark(canv)
    if head is None:
        return
    canv._sk_key = head.key
    canv.saveState()
    top = PAGE_H - MARGIN
    # Crest: a navy disc with the league's initial.
    canv.setFillColor(NAVY)
    canv.circle(MARGIN + 17, top - 19, 17, stroke=0, fill=1)
    canv.setFillColor(colors.white)
    canv.setFont(FONT_BOLD, 17)
    canv.drawCentredString(MARGIN + 17, top - 25, head.league[:1].upper() or "W")
    canv.setFillColor(NAVY)
    canv.setFont(FONT_BOLD, 13.5)
    canv.drawString(MARGIN + 42, top - 14, head.league)
    canv.setFont(FONT_BOLD, 10.5)
    canv.setFillColor(styles.INK)
    canv.drawString(MARGIN + 42, top - 29, head.title.upper())
    if head.draft:
        canv.setFillColor(styles.ALERT)
        canv.setFont(FONT_BOLD, 8.5)
        canv.drawString(MARGIN + 42, top - 42, "DRAFT — NOT FINAL: NOT AN OFFICIAL RECORD UNTIL THE GAME IS FINAL")
    canv.setFillColor(styles.INK)
    y = top - 10
    for i, line in enumerate(head.right):
        canv.setFont(FONT_BOLD if i == 0 else FONT, 9 if i == 0 else 8)
        canv.drawRightString(PAGE_W - MARGIN, y, line)
        y -= 11
    canv.setStrokeColor(NAVY)
    canv.setLineWidth(1.6)
    rule_y = PAGE_H - MARGIN - HEADER_H + 6
    canv.line(MARGIN, rule_y, PAGE_W - MARGIN, rule_y)
    canv.setLineWidth(0.4)
    canv.line(MARGIN, rule_y - 2.5, PAGE_W - MARGIN, rule_y - 2.5)
    # Footer.
    canv.setLineWidth(0.5)
    canv.line(MARGIN, MARGIN + FOOTER_H - 8, PAGE_W - MARGIN, MARGIN + FOOTER_H - 8)
    canv.setFont(FONT, 7)
    canv.setFillColor(MUTED)
    canv.drawString(MARGIN, MARGIN + 4, head.footer)
    canv.restoreState()


class _Doc(BaseDocTemplate):
    sk_draft = False


def build_pdf(story: list[Flowable], *, title: str, subject: str, author: str, draft: bool = False) -> bytes:
    """Lay out `story` on Letter pages with the letterhead and footer; the PDF's bytes (repeatable)."""
    styles.register_fonts()
    buf = io.BytesIO()
    doc = _Doc(buf, pagesize=letter, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN + HEADER_H,
               bottomMargin=MARGIN + FOOTER_H, title=title, subject=subject, author=author,
               creator="Scorekeeper", producer="Scorekeeper (ReportLab)", invariant=1)
    doc.sk_draft = draft
    frame = Frame(MARGIN, MARGIN + FOOTER_H, BODY_W, BODY_H, id="body", leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=_page_begin, onPageEnd=_page_end)])
    with _binary_streams():
        doc.build(story, canvasmaker=NumberedCanvas)
    return buf.getvalue()


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Write compressed streams as binary, not ASCII85 (which only makes a PDF 7-bit safe, a quarter larger,
    and is slow in pure Python). ReportLab reads the setting while saving, so it is set around the build."""
    saved, flate = rl_config.useA85, pdfdoc.PDFZCompress
    rl_config.useA85, pdfdoc.PDFZCompress = 0, _FAST_FLATE
    try:
        yield
    finally:
        rl_config.useA85, pdfdoc.PDFZCompress = saved, flate


class _FastFlate(pdfdoc.PDFStreamFilterZCompress):
    """Flate at zlib's fastest level: the embedded font subsets are most of a sheet's bytes, and compressing them
    at the default level took a fifth of its build time for 5 % fewer bytes."""

    def encode(self, text: str | bytes) -> bytes:
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, 1)


_FAST_FLATE = _FastFlate()
