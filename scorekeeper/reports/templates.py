"""Page layout shared by every printed record: letterhead, footer with "Page i of n", DRAFT watermark.

A document is a list of flowables starting with a `Head` marker; a batch (all teams' statements) holds one
`Head` per record, each after a `PageBreak`, and pages are numbered within their record. The header is drawn
when a page ends, so it shows the record whose `Head` is on that page.
"""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

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


class NumberedCanvas(Canvas):
    """Holds pages back until the end, then writes "Page i of n" counted within each record."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sk_pages: list[dict[str, Any]] = []

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
    doc.build(story, canvasmaker=NumberedCanvas)
    return buf.getvalue()
