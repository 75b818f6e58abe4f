"""Issue 28.6: the game's curfew (the time the ice must be cleared) on the game sheet's header, beside the scheduled
start as paper game sheets print it; a game without one prints its start alone, as before.

The season file does not take `curfew` yet (its declaration is another part of issue 28.6), so these tests give
the game one in the season view the sheet reads (the game record the facade keeps, patched for the test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.reports.data import game_sheet_data
from scorekeeper.reports.game_sheet import build_game_sheet
from tests.scorekeeper.reports.conftest import flat, pdf_pages

GAME = "g101"  # the rough game: a full sheet (line-ups, goals, penalties, ejections), start 19:00


@pytest.fixture
def curfew(svc, monkeypatch: pytest.MonkeyPatch) -> str:
    """The game given a curfew of 21:00 in the season view the sheet reads (undone after the test)."""
    view = svc.view()
    assert svc.view() is view  # the facade keeps the view: the sheet reads the patched game
    monkeypatch.setitem(view.games[GAME], "curfew", "21:00")
    return "21:00"


def header_lines(pdf: bytes) -> list[str]:
    """The first page's text lines up to the first section (the header's labels and values)."""
    lines = [line.strip() for line in pdf_pages(pdf)[0].splitlines()]
    return lines[: lines.index("Score")]


def test_sheet_data_carries_the_curfew_and_the_start_beside_it(svc, curfew):
    d = game_sheet_data(svc, GAME)
    assert (d.time, d.curfew) == ("19:00", "21:00")
    assert d.start == "Start 19:00 · Curfew 21:00"


def test_header_prints_the_curfew_beside_the_start_on_one_line(svc, curfew):
    pdf = build_game_sheet(game_sheet_data(svc, GAME))
    lines = header_lines(pdf)
    at = lines.index("TIME")
    assert lines[at + 1] == "Start 19:00 · Curfew 21:00"  # the start's own value, on one line
    assert lines[at + 2] == "RINK"  # not wrapped onto a second line
    assert len(pdf_pages(pdf)) == 1


def test_a_game_without_a_curfew_prints_its_start_alone(svc):
    d = game_sheet_data(svc, GAME)
    assert d.curfew == "" and d.start == "19:00"
    pdf = build_game_sheet(d)
    lines = header_lines(pdf)
    assert lines[lines.index("TIME") + 1] == "19:00"
    assert "Curfew" not in flat("\n".join(pdf_pages(pdf)))


def test_the_curfew_changes_only_the_header(svc, monkeypatch: pytest.MonkeyPatch):
    """The same game with and without a curfew: the same text but for the start's line."""
    before = pdf_pages(build_game_sheet(game_sheet_data(svc, GAME)))[0].splitlines()
    monkeypatch.setitem(svc.view().games[GAME], "curfew", "21:00")
    after = pdf_pages(build_game_sheet(game_sheet_data(svc, GAME)))[0].splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert [(a.strip(), b.strip()) for a, b in changed] == [("19:00", "Start 19:00 · Curfew 21:00")]


def _time_cell_ink(pdf: bytes, path: Path) -> int:
    """The darkest pixel right of where the start alone ends in the header's TIME cell, on the page rendered as
    the print preview shows it (1024 pixels wide; saved to `path` to look at)."""
    import pypdfium2 as pdfium
    from PIL import Image

    doc = pdfium.PdfDocument(pdf)
    doc[0].render(scale=1024 / 612).to_pil().save(path)
    doc.close()
    page = Image.open(path).convert("L")
    assert page.width == 1024
    k = page.width / 612  # pixels per point
    # the cell's value line (points from the page's top left): past 'Start 19:00 · ', inside the header's box
    low, _ = page.crop((round(522 * k), round(99 * k), round(570 * k), round(109 * k))).getextrema()
    return int(low)


def test_rendered_header_shows_the_curfew_inside_the_time_cell(svc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    assert _time_cell_ink(build_game_sheet(game_sheet_data(svc, GAME)), tmp_path / "plain.png") > 150  # blank
    monkeypatch.setitem(svc.view().games[GAME], "curfew", "21:00")
    assert _time_cell_ink(build_game_sheet(game_sheet_data(svc, GAME)), tmp_path / "curfew.png") < 80  # text
