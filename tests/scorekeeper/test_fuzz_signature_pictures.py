"""Hostile signature pictures (issue 26, point 3), beside the season-file fuzzers of test_fuzz_inputs.py: good
pictures, bombs, huge headers, truncated files and garbage, mutated (bytes flipped, cut, inserted, appended, the
header's size rewritten with or without its CRC). Through a season file, through the window's signing (the facade)
and written straight into the table (a database of an earlier version), every case is either stored as a clean
PNG or refused with a message that names the picture (never an internal error, a refusal writes nothing), and
the game sheet's PDF always builds afterwards. No giant image is ever allocated: the bombs are built with zlib.

A few seconds in CI (8 cases a test); `SCOREKEEPER_FUZZ=20000` runs about seven times as many.
"""

from __future__ import annotations

import base64
import copy
import io
import json
import sqlite3
import struct
import zlib
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from scorekeeper.db.models import GameSignature
from scorekeeper.reports.data import game_sheet_data
from scorekeeper.reports.game_sheet import build_game_sheet
from scorekeeper.services import Services
from scorekeeper.signature_picture import clean_png
from tests.data.signature_pictures import BAD_PICTURES, bomb_png, chunk, raw_png, signature_png
from tests.scorekeeper.test_fuzz_inputs import BASE, CASES, assert_clear, dump, fresh_db, fuzz, run_cli, time_limit

CASES_HERE = max(8, CASES // 375)  # 8 a test in CI: a few seconds in all


def _png(mode: str, size: tuple[int, int], colour: Any) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, "PNG")
    return out.getvalue()


def _idat_bomb() -> bytes:
    """A 10 x 10 grey picture whose pixel data inflates to 20 MB."""
    packer = zlib.compressobj(9)
    return raw_png(10, 10, b"".join(packer.compress(b"\0" * 1_000_000) for _ in range(20)) + packer.flush())


SEEDS = {
    "pad": lambda: signature_png(2, 120, 40), "clean": lambda: clean_png(signature_png(3, 120, 40)),
    "rgba": lambda: _png("RGBA", (30, 10), (0, 0, 0, 0)), "palette": lambda: _png("P", (30, 10), 1),
    "grey16": lambda: _png("I;16", (30, 10), 40000), "1-bit": lambda: _png("1", (4096, 1024), 1),
    "bomb": bomb_png, "small-bomb": lambda: bomb_png(5000), "idat-bomb": _idat_bomb,
    "text-chunk": lambda: raw_png(4, 4, zlib.compress(b"\0" * 20), extra=chunk(b"zTXt", b"k\0\0" +
                                                                                zlib.compress(b"x" * 2_000_000))),
    **BAD_PICTURES,
}
_MADE: dict[str, bytes] = {}


def seed(name: str) -> bytes:
    if name not in _MADE:
        _MADE[name] = SEEDS[name]()
    return _MADE[name]


def mutate(png: bytes, op: tuple[Any, ...]) -> bytes:
    kind, at = op[0], op[1] % (len(png) + 1)
    if kind == "flip" and png:
        at %= len(png)
        return png[:at] + bytes([png[at] ^ op[2]]) + png[at + 1:]
    if kind == "cut":
        return png[:at]
    if kind == "insert":
        return png[:at] + op[2] + png[at:]
    if kind == "tail":
        return png + op[2]
    if kind == "size" and len(png) >= 33:  # the header's width and height rewritten, its CRC fixed or not
        header = png[12:16] + struct.pack(">II", op[2], op[3]) + png[24:29]
        crc = struct.pack(">I", zlib.crc32(header)) if op[4] else png[29:33]
        return png[:12] + header + crc + png[33:]
    return png


@st.composite
def hostile_picture(draw: st.DrawFn) -> bytes:
    png = seed(draw(st.sampled_from(sorted(SEEDS))))
    position = st.integers(0, 2**20)
    ops = draw(st.lists(st.one_of(
        st.tuples(st.just("flip"), position, st.integers(1, 255)),
        st.tuples(st.just("cut"), position),
        st.tuples(st.just("insert"), position, st.binary(max_size=16)),
        st.tuples(st.just("tail"), position, st.binary(max_size=64)),
        st.tuples(st.just("size"), position, st.sampled_from([0, 1, 600, 4096, 4097, 30000, 65535, 2**31, 2**32 - 1]),
                  st.sampled_from([0, 1, 200, 1024, 4097, 65535, 2**32 - 1]), st.booleans())), max_size=3))
    for op in ops:
        png = mutate(png, op)
    return png


def signed(png: bytes) -> dict[str, Any]:
    """The example season with its first final game signed by the referee with the picture `png`."""
    data = copy.deepcopy(BASE)
    [game] = [g for g in data["games"] if g["id"] == "g001"]
    game["signatures"] = [{"role": "referee", "name": "Pat Quinn", "signed_at": "2016-01-16T21:05:00",
                           "png_base64": base64.b64encode(png).decode("ascii")}]
    return data


def assert_stored_clean_and_sheet_builds(db: Path) -> None:
    """Every stored picture of g001 is a clean PNG (re-encoding it gives it back) and the game sheet builds."""
    svc = Services.open(str(db))
    try:
        for s in svc.signatures("g001"):
            assert clean_png(s["png"]) == s["png"]
        assert build_game_sheet(game_sheet_data(svc, "g001")).startswith(b"%PDF")
    finally:
        svc.close()


@fuzz(CASES_HERE)
@given(hostile_picture(), st.booleans())
def test_hostile_signature_pictures_in_a_season_file_are_stored_clean_or_refused(tmp_path_factory: Any, png: bytes,
                                                                                 via_cli: bool) -> None:
    folder = tmp_path_factory.mktemp("picture")
    db = fresh_db(folder)
    before = dump(db)
    with time_limit():
        if via_cli:
            file = folder / "season.json"
            file.write_text(json.dumps(signed(png)), encoding="utf-8")
            code, said = run_cli(["--db", str(db), "import", "--replace", str(file)])
            ok = code == 0
            if not ok:
                assert_clear(said)
                assert "signature" in said or "png_base64" in said, said
        else:
            svc = Services.open(str(db))
            try:
                report = svc.import_data(signed(png), replace=True)
            finally:
                svc.close()
            ok = report.ok
            if not ok:
                assert_clear("\n".join(v.line() for v in report.violations))
                assert all(v.where.startswith("games[") and v.where.endswith("png_base64") for v in report.blocks)
        if not ok:
            assert dump(db) == before, "a refused import changed the database"
        assert_stored_clean_and_sheet_builds(db)


@fuzz(CASES_HERE)
@given(hostile_picture())
def test_hostile_signature_pictures_signed_in_the_window_are_stored_clean_or_refused(tmp_path_factory: Any,
                                                                                      png: bytes) -> None:
    db = fresh_db(tmp_path_factory.mktemp("sign"))
    before = dump(db)
    with time_limit():
        svc = Services.open(str(db))
        try:
            result = svc.sign_game("g001", "linesman", "Lee Lines", png)
        finally:
            svc.close()
        if not result.ok:
            [v] = result.violations
            assert v.message.startswith("game g001, linesman's signature (Lee Lines): "), v.message
            assert_clear(v.message)
            assert dump(db) == before, "a refused signature changed the database"
        assert_stored_clean_and_sheet_builds(db)


@fuzz(CASES_HERE)
@given(hostile_picture())
def test_any_stored_signature_picture_still_prints_and_exports(tmp_path_factory: Any, png: bytes) -> None:
    folder = tmp_path_factory.mktemp("stored")
    db = fresh_db(folder)
    con = sqlite3.connect(db)  # as a database of an earlier version may hold it
    try:
        [(game,)] = con.execute("SELECT id FROM game WHERE ext_id = 'g001'").fetchall()
        con.execute(f"INSERT INTO {GameSignature._meta.table_name} (game_id, role, name, signed_at, png, seq) "  # type: ignore[attr-defined]
                    "VALUES (?, 'referee', 'Pat Quinn', '2016-01-16T21:05:00', ?, 0)", (game, png))
        con.commit()
    finally:
        con.close()
    with time_limit():
        svc = Services.open(str(db))
        try:
            assert build_game_sheet(game_sheet_data(svc, "g001")).startswith(b"%PDF")
            assert [s["name"] for g in svc.export()["games"] if g["id"] == "g001" for s in g["signatures"]] == \
                ["Pat Quinn"]
        finally:
            svc.close()
        code, said = run_cli(["--db", str(db), "print", "game-sheet", "g001", "-o", str(folder / "sheet.pdf")])
        assert code == 0, said
