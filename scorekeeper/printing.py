"""What printing needs besides Qt: the error with a sentence for the office, the PDF check, and where a page goes.

The window prints through Qt (`ui/print_job.py`: the system's print dialog, then `QPrinter`; CUPS on Linux,
the Windows spooler, macOS's print system); the pages are the PDFs the core builds (`scorekeeper.reports`),
rendered at the printer's resolution. The command line writes PDFs (`scorekeeper print ... -o FILE`) and sends
nothing to a printer: the core never imports Qt. This module holds the arithmetic both sides can test without
a printer: how large a page is drawn on the paper, and at how many dots per inch it is rendered.
"""

from __future__ import annotations

from dataclasses import dataclass

POINTS_PER_INCH = 72.0
# A page rendered above this is drawn scaled by the printer (a 1200 dpi page would be 10200x13200 pixels,
# about 540 MB): 600 dpi is what office laser printers print, a Letter page at 600 dpi about 135 MB for a moment.
MAX_RENDER_DPI = 600
MIN_RENDER_DPI = 72


class PrintError(Exception):
    """Printing failed; the message says why in words for a person."""


def check_pdf(pdf: bytes) -> bytes:
    """The bytes, if they are a PDF; PrintError otherwise (nothing else is sent to a printer)."""
    if not bytes(pdf[:5]) == b"%PDF-":
        raise PrintError("refusing to print: the document is not a PDF")
    return bytes(pdf)


def render_dpi(printer_dpi: int) -> int:
    """The resolution a page is rendered at for a printer of `printer_dpi` (its own, within 72-600 dpi)."""
    return max(MIN_RENDER_DPI, min(MAX_RENDER_DPI, int(printer_dpi)))


@dataclass(frozen=True)
class Placement:
    """Where a page is drawn on the paper, in the paper's device pixels (origin at the paper's corner)."""

    x: int
    y: int
    width: int
    height: int


def place_page(page_width: float, page_height: float, paper_width: int, paper_height: int) -> Placement:
    """The page (points) on the paper (pixels): as large as fits, its proportions kept, centred.

    A Letter page on Letter paper fills it exactly; on A4 it is shrunk a little and centred, never cut.
    """
    if page_width <= 0 or page_height <= 0:
        raise PrintError(f"the document has a page of no size ({page_width:g} x {page_height:g} points)")
    if paper_width <= 0 or paper_height <= 0:
        raise PrintError(f"the printer reports a paper of no size ({paper_width} x {paper_height} pixels)")
    scale = min(paper_width / page_width, paper_height / page_height)
    width = max(1, min(paper_width, round(page_width * scale)))
    height = max(1, min(paper_height, round(page_height * scale)))
    return Placement((paper_width - width) // 2, (paper_height - height) // 2, width, height)
