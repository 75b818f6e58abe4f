"""What printing needs besides Qt (`scorekeeper.printing`): only PDFs are printed, a page is rendered at the
printer's resolution within 72-600 dpi, and drawn on any paper as large as fits, its proportions kept, centred.
The window prints through Qt (tests/ui/test_printing.py, with a real CUPS queue); the core never imports Qt and
runs no printing command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.printing import MAX_RENDER_DPI, MIN_RENDER_DPI, PrintError, check_pdf, place_page, render_dpi

REPO = Path(__file__).resolve().parents[3]
LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)


def test_only_pdfs_are_printed() -> None:
    assert check_pdf(b"%PDF-1.4\n%%EOF\n") == b"%PDF-1.4\n%%EOF\n"
    for data in (b"", b"hello", b"%PD", b"\x89PNG\r\n"):
        with pytest.raises(PrintError, match="refusing to print: the document is not a PDF"):
            check_pdf(data)


@pytest.mark.parametrize(("printer", "rendered"), [(72, 72), (300, 300), (600, 600), (1200, MAX_RENDER_DPI),
                                                   (2400, MAX_RENDER_DPI), (0, MIN_RENDER_DPI),
                                                   (-5, MIN_RENDER_DPI), (150, 150)])
def test_pages_are_rendered_at_the_printers_resolution_within_bounds(printer: int, rendered: int) -> None:
    assert render_dpi(printer) == rendered


def test_a_letter_page_fills_letter_paper_and_shrinks_centred_on_a4() -> None:
    # Letter paper at 600 dpi: 5100 x 6600 pixels.
    assert place_page(*LETTER, 5100, 6600) == place_page(*LETTER, 5100, 6600)
    whole = place_page(*LETTER, 5100, 6600)
    assert (whole.x, whole.y, whole.width, whole.height) == (0, 0, 5100, 6600)
    a4 = place_page(*LETTER, 4961, 7016)  # A4 at 600 dpi: narrower and taller than Letter
    assert a4.width == 4961 and a4.x == 0 and a4.height < 7016 and a4.y == (7016 - a4.height) // 2 > 0


def test_a_page_or_paper_of_no_size_is_refused_with_a_message() -> None:
    with pytest.raises(PrintError, match="the document has a page of no size"):
        place_page(0, 792, 5100, 6600)
    with pytest.raises(PrintError, match="the printer reports a paper of no size"):
        place_page(*LETTER, 0, 6600)


@given(page_w=st.floats(10, 5000), page_h=st.floats(10, 5000), paper_w=st.integers(50, 20000),
       paper_h=st.integers(50, 20000))
def test_a_page_is_drawn_whole_on_any_paper_its_proportions_kept(page_w: float, page_h: float, paper_w: int,
                                                                paper_h: int) -> None:
    place = place_page(page_w, page_h, paper_w, paper_h)
    assert place.x >= 0 and place.y >= 0  # never cut
    assert place.x + place.width <= paper_w and place.y + place.height <= paper_h
    assert place.width == paper_w or place.height == paper_h  # as large as fits: one side touches the paper
    assert abs(place.x - (paper_w - place.width - place.x)) <= 1  # centred
    assert abs(place.y - (paper_h - place.height - place.y)) <= 1
    # The proportions within a pixel of rounding.
    assert abs(place.width * page_h - place.height * page_w) <= max(page_w, page_h) + 1


def test_the_core_prints_without_qt_and_runs_no_printing_command() -> None:
    code = ("import sys, scorekeeper.printing, scorekeeper.cli; bad = [m for m in sys.modules "
            "if m.startswith(('PySide6', 'shiboken6', 'pypdfium2'))]; assert not bad, bad")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    command = re.compile(r"\b(lp|lpstat|pdftoppm)\b")
    found = [f"{path.relative_to(REPO)}:{number}: {line.strip()}"
             for folder in ("scorekeeper", "ui") for path in sorted((REPO / folder).rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if command.search(line)]
    assert not found, found
