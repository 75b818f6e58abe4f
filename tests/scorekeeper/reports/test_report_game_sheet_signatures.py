"""The game sheet prints the signatures given on the screen (issue 20, point 2): each picture on its signer's
line (an image XObject in the officials' rows, seen by pypdf and in the rendered page), the unsigned lines empty,
and after a reopen the earlier signatures under "Signed before the correction of <date>"."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.reports.data import game_sheet_data, long_date
from scorekeeper.reports.game_sheet import build_game_sheet
from scorekeeper.services import Services
from tests.data.signature_pictures import signature_png
from tests.scorekeeper.reports.conftest import flat, pdf_pages
from tests.scorekeeper.reports.season_data import example_season


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    service = Services.open(str(tmp_path / "sheet.db"))
    report = service.import_data(example_season())
    assert report.ok, [v.line() for v in report.blocks]
    yield service
    service.close()


def images(pdf: bytes) -> list[tuple[str, float, float]]:
    """(name, x, y) of each image drawn on the first page, where the page's content places it (points)."""
    from pypdf import PdfReader

    page = PdfReader(io.BytesIO(pdf)).pages[0]
    xobjects = page["/Resources"].get("/XObject") or {}
    named = {n for n, ref in xobjects.items() if ref.get_object()["/Subtype"] == "/Image"}
    placed: list[tuple[str, float, float]] = []

    def visit(op: bytes, args: list[object], cm: list[float], tm: list[float]) -> None:
        if op == b"Do" and args and args[0] in named:
            placed.append((str(args[0]), cm[4], cm[5]))

    page.extract_text(visitor_operand_before=lambda op, args, cm, tm: visit(op, args, cm, tm))
    return placed


def rendered(pdf: bytes, path: Path) -> Path:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    doc[0].render(scale=2).to_pil().save(path)
    doc.close()
    return path


def test_an_unsigned_sheet_has_no_image_and_empty_lines(svc: Services, tmp_path: Path):
    pdf = build_game_sheet(game_sheet_data(svc, "g001"))
    assert images(pdf) == []
    from PIL import Image

    picture = Image.open(rendered(pdf, tmp_path / "sheet.png")).convert("L")
    assert picture.height > 1000
    assert "Signed before the correction" not in flat("\n".join(pdf_pages(pdf)))


def test_the_referee_and_a_captain_signatures_are_images_on_their_lines(svc: Services, tmp_path: Path):
    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(1)).ok
    assert svc.sign_game("g001", "captain-away", "Hal Heron", signature_png(2)).ok
    pdf = build_game_sheet(game_sheet_data(svc, "g001"))
    text = flat("\n".join(pdf_pages(pdf)))
    assert "REFEREE REFEREE SCOREKEEPER CAPTAIN (AWAY)" in text
    assert "Pat Quinn" in text and "Hal Heron" in text and len(pdf_pages(pdf)) == 1
    placed = images(pdf)
    assert len(placed) == 2
    # both on the officials' row, near the bottom of the page, the referee's first (left), the captain's last
    (_, x_ref, y_ref), (_, x_cap, y_cap) = sorted(placed, key=lambda p: p[1])
    assert abs(y_ref - y_cap) < 1 and y_ref < 200 and x_ref < x_cap
    # the rendered page shows ink where the images are (dark pixels in the signature cells)
    from PIL import Image

    picture = Image.open(rendered(pdf, tmp_path / "sheet.png")).convert("L")
    scale = picture.height / 792
    for x, y in ((x_ref, y_ref), (x_cap, y_cap)):
        box = (int(x * scale), int((792 - y - 20) * scale), int((x + 60) * scale), int((792 - y - 3) * scale))
        assert picture.crop(box).getextrema()[0] < 100  # the stroke's dark ink, above the signature line


def test_after_a_reopen_the_earlier_signatures_print_under_their_own_line(svc: Services):
    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(1)).ok
    assert svc.reopen_game("g001", "wrong scorer").ok
    assert svc.finish_game("g001", confirm=True).ok
    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(3)).ok
    pdf = build_game_sheet(game_sheet_data(svc, "g001"))
    text = flat("\n".join(pdf_pages(pdf)))
    assert f"Signed before the correction of {long_date(dt.date.today().isoformat())}" in text
    assert len(images(pdf)) == 2 and len(pdf_pages(pdf)) == 1
