"""Signatures at the boards (issue 20, point 2): a game signed on the screen keeps who, role, when and the
picture; the referee's signature locks the game as final; a reopen keeps the signatures as given before the
correction, in the audit trail too; the season file carries them byte for byte (each picture stored as its clean PNG,
issue 26.3); migration 9 adds their table."""

from __future__ import annotations

import base64
import copy
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.db.migrations import LATEST, _m009_game_signatures, stored_version
from scorekeeper.db.models import GameSignature
from scorekeeper.seasonfile import check_structure
from scorekeeper.services import Services
from scorekeeper.signature_picture import clean_png
from scorekeeper.signature_values import MAX_PNG_BYTES
from tests.data import EXAMPLE_SEASON
from tests.data.signature_pictures import signature_png

PASSWORD = "rink-office-1"


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    service = Services.open(str(tmp_path / "league.db"))
    service.operator = "Dana Desk"
    report = service.import_data(json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8")))
    assert report.ok, [v.line() for v in report.blocks]
    yield service
    service.close()


def test_referee_signs_a_final_game_stored_with_who_role_when_and_the_picture(svc: Services):
    png = clean_png(signature_png(1))  # what is stored: the picture decoded and re-encoded (issue 26.3)
    result = svc.sign_game("g001", "referee", "  Pat   Quinn ", signature_png(1))
    assert result.ok, [v.line() for v in result.violations]
    assert result.changes is not None and "g001" in result.changes.games
    [signed] = svc.signatures("g001")
    assert (signed["role"], signed["name"], signed["png"], signed["before_correction"]) == \
        ("referee", "Pat Quinn", png, "")
    assert len(signed["signed_at"]) == 19 and "T" in signed["signed_at"]
    [row] = GameSignature.select()
    assert bytes(row.png) == png and row.role == "referee"
    [entry] = svc.audit(game="g001")
    assert entry["action"] == "sign game" and entry["subject"] == "g001/referee"
    assert entry["after"]["name"] == "Pat Quinn" and entry["after"]["bytes"] == len(png)


def dress_g004(svc: Services) -> None:
    """g004 (Owls at home to the Lynx, not played yet) dressed as g002 was (Lynx at home to the Owls)."""
    lineups = svc.export()["games"][1]["lineups"]
    assert svc.set_lineup("g004", "home", lineups["away"], confirm=True).ok
    assert svc.set_lineup("g004", "away", lineups["home"], confirm=True).ok


def test_the_referee_signature_locks_an_unfinished_game_as_final(svc: Services):
    assert svc.game("g004")["status"] != "final"
    refused = svc.sign_game("g004", "referee", "Pat Quinn", signature_png(2), confirm=True)
    assert not refused.ok and "line-ups" in refused.violations[0].message  # as Finish refuses it
    assert svc.signatures("g004") == []
    dress_g004(svc)
    assert svc.sign_game("g004", "referee", "Pat Quinn", signature_png(2), confirm=True).ok
    assert svc.game("g004")["status"] == "final"
    assert any(e["action"] == "sign game" and e["after"].get("finished") for e in svc.audit(game="g004"))


def test_a_captain_signs_only_a_final_game(svc: Services):
    refused = svc.sign_game("g004", "captain-home", "Olive Owl", signature_png(3))
    assert not refused.ok and "the referee signs first" in refused.violations[0].message
    assert svc.sign_game("g001", "captain-home", "Olive Otter", signature_png(3)).ok
    assert svc.sign_game("g001", "coach-away", "Harry Heron", signature_png(4)).ok
    assert [s["role"] for s in svc.signatures("g001")] == ["captain-home", "coach-away"]


def test_an_unsigned_game_still_finishes(svc: Services):
    dress_g004(svc)
    assert svc.finish_game("g004", confirm=True).ok
    assert svc.signatures("g004") == [] and "signatures" not in svc.export()["games"][3]


def test_a_signature_needs_a_name_a_png_and_a_known_role(svc: Services):
    assert "name" in svc.sign_game("g001", "referee", "   ", signature_png()).violations[0].message
    assert "not a PNG" in svc.sign_game("g001", "referee", "Pat", b"GIF89a....").violations[0].message
    too_big = b"\x89PNG\r\n\x1a\n" + b"0" * MAX_PNG_BYTES
    assert "at most 200 KB" in svc.sign_game("g001", "referee", "Pat", too_big).violations[0].message
    from scorekeeper.facade.errors import ServiceError
    with pytest.raises(ServiceError, match="no signature role"):
        svc.sign_game("g001", "goal judge", "Pat", signature_png())
    assert svc.signatures("g001") == []


def test_signing_a_role_again_needs_the_office_and_is_audited(svc: Services):
    svc.set_office_password(PASSWORD)
    svc.lock_office()
    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(1)).ok
    again = svc.sign_game("g001", "referee", "Sam Stripes", signature_png(2))
    assert not again.ok and again.violations[0].rule == "OFFICE"
    assert svc.unlock_office(PASSWORD)
    assert svc.sign_game("g001", "referee", "Sam Stripes", signature_png(2)).ok
    assert [(s["name"], s["png"]) for s in svc.signatures("g001")] == [("Sam Stripes", clean_png(signature_png(2)))]
    replaced = [e for e in svc.audit(game="g001") if e["action"] == "sign game again"]
    assert replaced and replaced[0]["before"]["name"] == "Pat Quinn"


def test_reopen_keeps_the_signatures_as_signed_before_the_correction(svc: Services):
    import datetime as dt

    png = signature_png(5)
    assert svc.sign_game("g001", "referee", "Pat Quinn", png).ok
    assert svc.sign_game("g001", "captain-away", "Hal Heron", signature_png(6)).ok
    assert svc.reopen_game("g001", "a goal given to the wrong player").ok
    today = dt.date.today().isoformat()
    kept = svc.signatures("g001")
    assert [(s["role"], s["before_correction"]) for s in kept] == [("referee", today), ("captain-away", today)]
    assert kept[0]["png"] == clean_png(png)
    audit = svc.audit(game="g001")
    line = [e for e in audit if e["action"] == f"signed before the correction of {today}"]
    assert line and [s["name"] for s in line[0]["before"]] == ["Pat Quinn", "Hal Heron"]
    assert [e["action"] for e in audit].index("reopen game") < [e["action"] for e in audit].index(line[0]["action"])
    # the corrected game is finished and signed again: the old signatures stay beside the new one
    assert svc.finish_game("g001", confirm=True).ok
    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(7)).ok
    assert [(s["role"], bool(s["before_correction"])) for s in svc.signatures("g001")] == \
        [("referee", True), ("captain-away", True), ("referee", False)]


def test_export_and_import_keep_the_signatures_byte_for_byte(svc: Services, tmp_path: Path):
    pictures = {"referee": signature_png(1), "linesman": signature_png(2), "captain-home": signature_png(3)}
    for role, png in pictures.items():
        assert svc.sign_game("g002", role, f"Signer {role}", png).ok
    exported = svc.export()
    [game] = [g for g in exported["games"] if g["id"] == "g002"]
    assert [set(s) for s in game["signatures"]] == [{"role", "name", "signed_at", "png_base64"}] * 3
    path = svc.export_file(tmp_path / "season.json")
    other = Services.open(str(tmp_path / "other.db"))
    try:
        report = other.import_file(str(path))
        assert report.ok, [v.line() for v in report.blocks]
        assert [(s["role"], s["png"]) for s in other.signatures("g002")] == \
            [(role, clean_png(png)) for role, png in pictures.items()]
        assert [s["signed_at"] for s in other.signatures("g002")] == [s["signed_at"] for s in svc.signatures("g002")]
        again = other.export()
        assert [g for g in again["games"] if g["id"] == "g002"][0]["signatures"] == game["signatures"]
    finally:
        other.close()


def test_an_import_that_signs_a_signed_game_differently_needs_the_office(svc: Services):
    svc.set_office_password(PASSWORD)
    svc.lock_office()
    assert svc.sign_game("g001", "referee", "Pat Quinn", signature_png(1)).ok
    data = svc.export()
    changed = copy.deepcopy(data)
    [game] = [g for g in changed["games"] if g["id"] == "g001"]
    game["signatures"][0]["png_base64"] = base64.b64encode(signature_png(9)).decode("ascii")
    changed.pop("computed")
    refused = svc.import_data(changed, replace=True)
    assert not refused.ok and any(v.rule == "OFFICE" for v in refused.blocks)
    assert svc.signatures("g001")[0]["png"] == clean_png(signature_png(1))


@pytest.mark.parametrize(("signature", "fault"), [
    ({"role": "umpire", "name": "Pat", "signed_at": "2016-01-01T20:00:00"}, "role must be one of"),
    ({"role": "referee", "name": "", "signed_at": "2016-01-01T20:00:00"}, "name must be a text"),
    ({"role": "referee", "name": "Pat", "signed_at": "yesterday"}, "signed_at must be a date and time"),
    ({"role": "referee", "name": "Pat", "signed_at": "2016-01-01T20:00:00", "png_base64": "not base64!"},
     "png_base64 must be the base64 of a PNG"),
    ({"role": "referee", "name": "Pat", "signed_at": "2016-01-01T20:00:00",
      "png_base64": base64.b64encode(b"GIF89a").decode()}, "not a PNG"),
    ({"role": "referee", "name": "Pat", "signed_at": "2016-01-01T20:00:00", "colour": "blue"}, "unknown key"),
])
def test_the_season_file_refuses_a_malformed_signature(signature: dict[str, str], fault: str):
    data = json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))
    data["games"][0]["signatures"] = [{"png_base64": base64.b64encode(signature_png()).decode(), **signature}]
    problems = check_structure(data)
    assert any(fault in v.message and "games[0].signatures[0]" in v.where for v in problems), \
        [v.line() for v in problems]


def test_migration_9_adds_the_signature_table_once(svc: Services):
    table = GameSignature._meta.table_name
    svc.db.execute_sql(f"drop table {table}")
    svc.db.execute_sql("update meta set value = '8' where key = 'schema_version'")
    from scorekeeper.db.migrations import migrate
    assert migrate(svc.db)[:1] == [9]
    assert svc.db.table_exists(table) and stored_version(svc.db) == LATEST >= 9
    _m009_game_signatures(svc.db)  # idempotent
    assert svc.db.table_exists(table)


def test_undoing_the_referees_signature_says_so_and_needs_the_office_as_a_reopen_does(svc: Services):
    """DATA-5: the referee's signature finished the game, so its undo reopens it: the office password while the
    office is locked, and the refusal and the audit name the signature, not a bare "undo of finish"."""
    dress_g004(svc)
    svc.set_office_password(PASSWORD)
    svc.lock_office()
    assert svc.sign_game("g004", "referee", "Pat Quinn", signature_png(2), confirm=True).ok
    refused = svc.undo("g004")
    assert not refused.ok and refused.violations[0].rule == "OFFICE"
    assert "the undo of the signature of the referee of game g004 needs the office password" in \
        refused.violations[0].message
    assert svc.unlock_office(PASSWORD)
    assert svc.undo("g004").ok
    assert svc.game("g004")["status"] != "final" and svc.signatures("g004") == []
    reopened = [e for e in svc.audit(game="g004") if e["action"] == "reopen game"]
    assert reopened and reopened[-1]["before"]["reason"] == "undo of the signature of the referee"
