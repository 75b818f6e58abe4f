"""Pictures are checked as pictures (issue 26, point 3): each picture the issue found accepted (a 30000 x 30000
1-bit bomb, a 65535 x 65535 header, a truncated file, a 0 x 0 image, the magic bytes then garbage) is refused with
a message, through the window's signing (the facade) and through a season file, nothing written; a good one is
stored as its clean PNG, which an export carries byte for byte; and a bad picture already stored (a database of an
earlier version) cannot stop the game sheet, the print preview or the export."""

from __future__ import annotations

import base64
import contextlib
import io
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from scorekeeper import cli
from scorekeeper.db.models import GameSignature
from scorekeeper.reports.data import game_sheet_data
from scorekeeper.reports.game_sheet import build_game_sheet
from scorekeeper.reports.signature_lines import UNREADABLE
from scorekeeper.services import Services
from scorekeeper.signature_picture import MAX_HEIGHT, MAX_PIXELS, MAX_WIDTH, PictureError, clean_png
from tests.data import EXAMPLE_SEASON
from tests.data.signature_pictures import BAD_PICTURES, signature_png
from tests.scorekeeper.reports.conftest import flat, pdf_pages

WHY = {"bomb-30000x30000-1-bit": "30,000 x 30,000 pixels; at most 4,096 x 4,096",
       "header-65535x65535": "65,535 x 65,535 pixels; at most 4,096 x 4,096",
       "truncated": "cannot be read: the file is cut short", "0x0": "0 x 0 pixels: it is empty",
       "magic-then-garbage": "not a readable PNG picture"}


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    service = Services.open(str(tmp_path / "league.db"))
    service.operator = "Dana Desk"
    report = service.import_data(json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8")))
    assert report.ok, [v.line() for v in report.blocks]
    yield service
    service.close()


def signed_file(svc: Services, png: bytes, role: str = "referee", name: str = "Pat Quinn") -> dict[str, Any]:
    """The league's export with g001 (final) signed by `name` as `role` with the picture `png`."""
    data = svc.export()
    data.pop("computed", None)
    [game] = [g for g in data["games"] if g["id"] == "g001"]
    game["signatures"] = [{"role": role, "name": name, "signed_at": "2016-01-16T21:05:00",
                           "png_base64": base64.b64encode(png).decode("ascii")}]
    return data


def pad_png() -> bytes:
    """A picture as the window's pad makes it (600 x 200, ink on white, RGB)."""
    return signature_png(1, 600, 200)


@pytest.mark.parametrize("case", sorted(BAD_PICTURES))
def test_signature_picture_bomb_or_broken_file_is_refused_when_signing_in_the_window(svc: Services, case: str):
    before = len(svc.audit())
    refused = svc.sign_game("g001", "captain-home", "Olive Otter", BAD_PICTURES[case]())
    assert not refused.ok
    [v] = refused.violations
    assert v.rule == "SIGN" and v.where == "game g001", v.line()
    assert v.message.startswith("game g001, captain (home)'s signature (Olive Otter): "), v.message
    assert WHY[case] in v.message, v.message
    assert svc.signatures("g001") == [] and len(svc.audit()) == before


@pytest.mark.parametrize("case", sorted(BAD_PICTURES))
def test_signature_picture_bomb_or_broken_file_is_refused_by_a_season_file_import(svc: Services, tmp_path: Path,
                                                                                  case: str):
    before = svc.export()
    path = tmp_path / "season.json"
    path.write_text(json.dumps(signed_file(svc, BAD_PICTURES[case]())), encoding="utf-8")
    report = svc.import_file(str(path), replace=True)
    assert not report.ok
    [v] = report.blocks
    assert v.where.endswith("signatures[0].png_base64") and v.where.startswith("games["), v.line()
    assert v.message.startswith("game g001, referee's signature (Pat Quinn): ") and WHY[case] in v.message, v.line()
    assert svc.signatures("g001") == [] and svc.export() == before


def test_signature_picture_refusals_through_the_command_line_are_messages_not_internal_errors(svc: Services,
                                                                                             tmp_path: Path):
    db = tmp_path / "league.db"
    files = []
    for case, make in BAD_PICTURES.items():
        files.append(tmp_path / f"{case}.json")
        files[-1].write_text(json.dumps(signed_file(svc, make())), encoding="utf-8")
    svc.close()
    for file in files:
        code, said = run_cli(["--db", str(db), "import", "--replace", str(file)])
        assert code != 0 and "signature (Pat Quinn)" in said and "internal error" not in said, said


def test_a_good_picture_is_stored_as_its_clean_png_whatever_its_mode():
    for mode, ink in [("RGB", (16, 32, 96)), ("RGBA", (16, 32, 96, 255)), ("P", 3), ("LA", (0, 255)), ("L", 0),
                      ("1", 0), ("I;16", 1000)]:
        background = {"RGBA": (0, 0, 0, 0), "LA": (0, 0), "I;16": 65535}.get(mode, "white")  # transparent: white
        picture = Image.new(mode, (60, 20), background)
        picture.putpixel((5, 5), ink)
        out = io.BytesIO()
        picture.save(out, "PNG", dpi=(300, 300))
        clean = clean_png(out.getvalue())
        stored = Image.open(io.BytesIO(clean))
        assert stored.mode in ("1", "L", "RGB") and stored.size == (60, 20) and not stored.info
        assert clean_png(clean) == clean, mode  # re-encoding is stable: an export imported again is the same
        assert stored.convert("L").getpixel((5, 5)) < stored.convert("L").getpixel((50, 15)), mode  # ink on white


def test_the_bounds_take_the_pads_picture_and_refuse_just_beyond_them():
    assert (MAX_WIDTH, MAX_HEIGHT, MAX_PIXELS) == (4096, 4096, 4096 * 1024)
    assert clean_png(pad_png())
    for size in [(MAX_WIDTH + 1, 1), (1, MAX_HEIGHT + 1), (2049, 2049)]:
        out = io.BytesIO()
        Image.new("1", size, 1).save(out, "PNG")
        with pytest.raises(PictureError, match="pixels; at most"):
            clean_png(out.getvalue())


def test_a_pad_picture_round_trips_byte_for_byte_through_import_export_import(svc: Services, tmp_path: Path):
    report = svc.import_data(signed_file(svc, pad_png()), replace=True)
    assert report.ok, [v.line() for v in report.blocks]
    [stored] = svc.signatures("g001")
    assert stored["png"] == clean_png(pad_png()) != pad_png()
    first = svc.export_file(tmp_path / "first.json")
    other = Services.open(str(tmp_path / "other.db"))
    try:
        assert other.import_file(str(first)).ok
        assert other.signatures("g001")[0]["png"] == stored["png"]
        second = other.export_file(tmp_path / "second.json")
        game = [g for g in json.loads(second.read_text())["games"] if g["id"] == "g001"][0]
        assert base64.b64decode(game["signatures"][0]["png_base64"]) == stored["png"]
    finally:
        other.close()
    again = svc.import_file(str(second))  # the same league again: nothing changed, nothing refused
    assert again.ok and svc.signatures("g001")[0]["png"] == stored["png"]


# -- a bad picture already stored: a database written by an earlier version -----------------------------------
def store_directly(db: Path, png: bytes, role: str = "referee", name: str = "Pat Quinn") -> None:
    """Write a signature of g001 straight into the database's table, as an earlier version could have."""
    con = sqlite3.connect(db)
    try:
        [(game,)] = con.execute("SELECT id FROM game WHERE ext_id = 'g001'").fetchall()
        con.execute(f"INSERT INTO {GameSignature._meta.table_name} (game_id, role, name, signed_at, png, seq) "  # type: ignore[attr-defined]
                    "VALUES (?, ?, ?, '2016-01-16T21:05:00', ?, 0)", (game, role, name, png))
        con.commit()
    finally:
        con.close()


def run_cli(argv: list[str]) -> tuple[int, str]:
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = cli.main(argv)
    return code, err.getvalue() + out.getvalue()


def rendered_preview(pdf: bytes) -> Image.Image:
    """The first page as the print preview renders it (PDFium)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[0].render(scale=1).to_pil()
    finally:
        doc.close()


@pytest.mark.parametrize("case", sorted(BAD_PICTURES))
def test_a_stored_bad_signature_picture_never_stops_the_game_sheet_preview_or_export(tmp_path: Path, case: str):
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_data(json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))).ok
    svc.close()
    store_directly(db, BAD_PICTURES[case]())
    store_directly(db, pad_png(), "captain-away", "Hal Heron")
    svc = Services.open(str(db))
    try:
        pdf = build_game_sheet(game_sheet_data(svc, "g001"))
        text = flat("\n".join(pdf_pages(pdf)))
        assert "Pat Quinn" in text and UNREADABLE in text and "Hal Heron" in text
        assert rendered_preview(pdf).height > 500
        exported = svc.export()
        [game] = [g for g in exported["games"] if g["id"] == "g001"]
        assert [s["name"] for s in game["signatures"]] == ["Pat Quinn", "Hal Heron"]
        again = svc.import_data({k: v for k, v in exported.items() if k != "computed"}, replace=True)
        assert again.ok, [v.line() for v in again.blocks]  # what is stored already is not refused again
    finally:
        svc.close()
    code, said = run_cli(["--db", str(db), "print", "game-sheet", "g001", "-o", str(tmp_path / "sheet.pdf")])
    assert code == 0 and "internal error" not in said, said
    code, said = run_cli(["--db", str(db), "export", "-o", str(tmp_path / "season.json")])
    assert code == 0, said
    fresh = Services.open(str(tmp_path / "fresh.db"))
    try:  # into another league the stored picture is new: refused, naming it
        report = fresh.import_file(str(tmp_path / "season.json"))
        assert not report.ok and any("referee's signature (Pat Quinn)" in v.message for v in report.blocks)
    finally:
        fresh.close()
