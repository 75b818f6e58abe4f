"""Issue 26, point 2: a season file carries data, never an office act. A signature on a game that is not final
is refused (SIGN); one added to or replacing one of a final game is the office's (OFFICE, audited); a payment
is more than 0.00, at most 10,000.00 and at most what its fine still owes (FINE-STMT), and audited as the
window audits one; a decision answers a proposal (PEN-GM-2). A refusal names the line and writes nothing."""

from __future__ import annotations

import base64
import copy
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import cli
from scorekeeper.services import ImportReport, Services
from tests.data.signature_pictures import signature_png
from tests.scorekeeper.test_import_office_guard import PASSWORD, game, season_with_a_fight, snapshot

FIGHT_FINE = {"game": "g002", "rule": "PEN-FIGHT-1"}  # ly04's 50.00 fine


def signature(role: str, name: str, seed: int = 1, **more: str) -> dict[str, Any]:
    return {"role": role, "name": name, "signed_at": "2015-10-18T21:05:00",
            "png_base64": base64.b64encode(signature_png(seed)).decode("ascii"), **more}


@pytest.fixture
def league(tmp_path: Path) -> Path:
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_data(season_with_a_fight()).ok
    svc.set_office_password(PASSWORD)
    svc.close()
    return db


@pytest.fixture
def svc(league: Path) -> Iterator[Services]:
    s = Services.open(str(league), operator="Pat")
    yield s
    s.close()


def g004_lineups(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """g004 (Owls at home to the Lynx) dressed as g002 was, without ly04 (suspended for the fight in g002)."""
    lineups = game(data, "g002")["lineups"]
    return {"home": lineups["away"], "away": [x for x in lineups["home"] if x["player"] != "ly04"]}


def blocks(report: ImportReport, rule: str) -> list[str]:
    assert not report.ok
    assert report.blocks and all(v.rule == rule for v in report.blocks), [v.line() for v in report.blocks]
    return [v.line() for v in report.blocks]


def with_payment(amount: str, **more: Any) -> dict[str, Any]:
    data = season_with_a_fight()
    data["payments"].append({"payer": {"player": "ly04"}, "amount": amount, "date": "2015-12-01", **more})
    return data


# -- signatures ----------------------------------------------------------------------------------------------
def test_sign_a_signature_on_a_scheduled_game_is_refused_naming_game_and_role(svc: Services, tmp_path: Path):
    data = season_with_a_fight()
    game(data, "g004")["signatures"] = [signature("referee", "Forged Ref")]
    before = snapshot(svc)
    for office in (False, True):  # not an office act: refused with the password too
        if office:
            assert svc.unlock_office(PASSWORD)
        lines = blocks(svc.import_data(copy.deepcopy(data), replace=True), "SIGN")
        assert any("game g004 is not final" in x and "as referee (Forged Ref" in x and "games[3].signatures[0]" in x
                   for x in lines), lines
        assert snapshot(svc) == before and svc.signatures("g004") == []
    svc.lock_office()
    lineups = g004_lineups(svc.export())  # the real referee signs (and finishes) without the office
    assert svc.set_lineup("g004", "home", lineups["home"], confirm=True).ok
    assert svc.set_lineup("g004", "away", lineups["away"], confirm=True).ok
    assert svc.sign_game("g004", "referee", "Real Ref", signature_png(2), confirm=True).ok


def test_sign_a_before_correction_signature_on_a_new_scheduled_game_is_data(tmp_path: Path):
    data = season_with_a_fight()
    game(data, "g004")["signatures"] = [signature("referee", "Old Ref", before_correction="2015-10-19")]
    fresh = Services.open(str(tmp_path / "fresh.db"))
    try:
        assert fresh.import_data(data).ok  # a reopened game's history, moved to another PC
        assert [s["before_correction"] for s in fresh.signatures("g004")] == ["2015-10-19"]
    finally:
        fresh.close()


def test_office_a_signature_added_to_a_stored_final_game_needs_the_password_and_is_audited(svc: Services):
    data = season_with_a_fight()
    game(data, "g001")["signatures"] = [signature("captain-home", "Olive Otter")]
    before = snapshot(svc)
    lines = blocks(svc.import_data(copy.deepcopy(data), replace=True), "OFFICE")
    assert any("adds a signature as captain-home to final game g001 (Olive Otter" in x for x in lines), lines
    assert not any("rewrites final game" in x for x in lines)  # a signature is named as one, nothing else
    assert snapshot(svc) == before
    assert svc.unlock_office(PASSWORD)
    assert svc.import_data(data, replace=True).ok
    entry = next(a for a in svc.audit(game="g001") if a["action"] == "sign game")
    assert entry["subject"] == "g001/captain-home" and entry["after"]["name"] == "Olive Otter"
    assert entry["operator"] == "Pat" and entry["after"]["reason"] == "import of a season file"


def test_office_a_file_replacing_the_referees_signature_of_a_final_game_needs_the_password(svc: Services):
    assert svc.sign_game("g001", "referee", "Real Ref", signature_png(1)).ok
    data = svc.export()
    game(data, "g001")["signatures"] = [signature("referee", "Forged Ref", 2)]
    lines = blocks(svc.import_data(copy.deepcopy(data), replace=True), "OFFICE")
    assert any("replaces the signature as referee of final game g001 (Real Ref" in x and "Forged Ref" in x
               for x in lines), lines
    assert [s["name"] for s in svc.signatures("g001")] == ["Real Ref"]
    assert svc.unlock_office(PASSWORD)
    assert svc.import_data(data, replace=True).ok
    entry = svc.audit(game="g001")[-1]
    assert entry["action"] == "sign game again" and entry["before"]["name"] == "Real Ref"


def test_sign_a_new_final_game_and_a_game_finished_by_the_file_bring_their_signatures_as_data(svc: Services,
                                                                                            tmp_path: Path):
    data = season_with_a_fight()
    g4 = game(data, "g004")  # played on another rink PC: finished and signed there
    g4.update(status="final", lineups=g004_lineups(data),
              signatures=[signature("referee", "Rink Ref"), signature("captain-home", "Olive Owl", 3)])
    g5 = {**copy.deepcopy(game(data, "g001")), "id": "g005", "date": "2015-10-25",
          "signatures": [signature("referee", "Other Ref", 4)]}
    data["games"].append(g5)
    assert not svc.office_unlocked
    report = svc.import_data(copy.deepcopy(data), replace=True)
    assert report.ok, [v.line() for v in report.blocks]
    assert [s["name"] for s in svc.signatures("g004")] == ["Rink Ref", "Olive Owl"]
    assert [s["name"] for s in svc.signatures("g005")] == ["Other Ref"]
    fresh = Services.open(str(tmp_path / "fresh.db"))  # a whole signed season into an empty database
    try:
        fresh.set_office_password(PASSWORD)
        fresh.lock_office()
        assert fresh.import_data(svc.export()).ok
        assert [s["name"] for s in fresh.signatures("g004")] == ["Rink Ref", "Olive Owl"]
    finally:
        fresh.close()


# -- payments ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("amount, says", [
    ("9999999.99", "a payment is at most 10000.00"),
    ("60.00", "only 50.00 is still owed on that fine (50.00 billed, 0.00 paid"),
    ("0.00", "a payment is more than 0.00"),
])
def test_fine_stmt_a_payment_beyond_its_bounds_is_refused_naming_the_line(svc: Services, amount: str, says: str):
    data = with_payment(amount, fine=FIGHT_FINE)
    before = snapshot(svc)
    assert svc.unlock_office(PASSWORD)  # the office cannot let it through either
    lines = blocks(svc.import_data(data), "FINE-STMT")
    assert len(lines) == 1 and "payments[1]" in lines[0] and says in lines[0], lines
    assert f"the payment of {amount} by player ly04 on 2015-12-01 for the fine of game g002 (PEN-FIGHT-1)" in lines[0]
    assert snapshot(svc) == before and len(svc.export()["payments"]) == 1


def test_fine_stmt_a_second_payment_of_a_fine_pays_only_what_is_left(svc: Services):
    data = with_payment("30.00", fine=FIGHT_FINE)
    assert svc.import_data(data).ok
    data["payments"].append({"payer": {"player": "ly04"}, "amount": "30.00", "date": "2015-12-08",
                             "fine": FIGHT_FINE})
    (line,) = blocks(svc.import_data(data), "FINE-STMT")
    assert "payments[2]" in line and "only 20.00 is still owed" in line and "30.00 paid" in line
    data["payments"][-1]["amount"] = "20.00"
    assert svc.import_data(data).ok


def test_fine_stmt_a_payment_toward_the_balance_is_bounded_but_may_leave_a_credit(svc: Services):
    (line,) = blocks(svc.import_data(with_payment("10000.01")), "FINE-STMT")
    assert "toward the balance" in line and "at most 10000.00" in line
    assert svc.import_data(with_payment("80.00")).ok  # a credit, as a team paying ahead has


def test_fine_stmt_every_payment_is_audited_the_same_way_whatever_its_path(svc: Services, tmp_path: Path):
    path = tmp_path / "payment.json"
    path.write_text(json.dumps(with_payment("20.00", fine=FIGHT_FINE)), encoding="utf-8")
    assert svc.import_file(path).ok
    assert svc.record_payment({"payer": {"player": "ly04"}, "amount": "30.00", "date": "2015-12-02",
                               "fine": FIGHT_FINE}).ok
    entries = [a for a in svc.audit() if a["action"] == "payment" and "ly04" in a["subject"]]
    assert [e["after"]["amount"] for e in entries] == ["20.00", "30.00"]
    assert {e["subject"] for e in entries} == {'{"player": "ly04"} for the fine of game g002, PEN-FIGHT-1'}
    assert entries[0]["after"]["reason"] == f"import of {path}" and entries[0]["operator"] == "Pat"
    assert {k for k in entries[0]["after"] if k != "reason"} == set(entries[1]["after"]) == {"amount", "date"}


def test_fine_stmt_the_window_path_has_the_same_bounds(svc: Services):
    for amount, says in (("60.00", "only 50.00 is still owed"), ("9999999.99", "at most 10000.00")):
        refused = svc.record_payment({"payer": {"player": "ly04"}, "amount": amount, "date": "2015-12-02",
                                      "fine": FIGHT_FINE})
        assert not refused.ok and refused.blocks[0].rule == "FINE-STMT" and says in refused.blocks[0].message
    refused = svc.record_payment({"payer": {"team": "lynx"}, "amount": "12000.00", "date": "2015-12-02"})
    assert not refused.ok and "at most 10000.00" in refused.blocks[0].message
    assert [a["after"]["amount"] for a in svc.audit() if a["action"] == "payment"] == ["10.00"]  # the fixture's


# -- decisions -----------------------------------------------------------------------------------------------
def test_pen_gm_2_a_decision_for_a_suspension_never_proposed_is_refused_naming_it(svc: Services):
    data = season_with_a_fight()
    data["season_suspension_decisions"] = [
        {"player": "ly04", "game": "g002", "decision": "declined", "decided": "2015-10-10"}]
    before = snapshot(svc)
    assert svc.unlock_office(PASSWORD)
    (line,) = blocks(svc.import_data(data), "PEN-GM-2")
    assert "season_suspension_decisions[0]" in line and "(ly04) from game g002 answers no proposal" in line
    assert snapshot(svc) == before and svc.suspensions()["suspensions"][0]["status"] == "active"


# -- through the command line --------------------------------------------------------------------------------
@pytest.mark.parametrize("change, rule, says", [
    (lambda d: game(d, "g004").update(signatures=[signature("referee", "Forged Ref")]), "SIGN",
     "game g004 is not final"),
    (lambda d: d["payments"].append({"payer": {"player": "ly04"}, "amount": "9999999.99", "date": "2015-12-01",
                                     "fine": FIGHT_FINE}), "FINE-STMT", "at most 10000.00"),
    (lambda d: d.update(season_suspension_decisions=[{"player": "ly04", "game": "g002", "decision": "confirmed",
                                                      "decided": "2015-10-10"}]), "PEN-GM-2", "answers no proposal"),
])
def test_office_cli_import_refuses_what_a_season_file_cannot_carry(league: Path, tmp_path: Path, change: Any,
                                                                   rule: str, says: str,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]):
    data = season_with_a_fight()
    change(data)
    path = tmp_path / "file.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))  # never asked: no password lets it in
    assert cli.main(["--db", str(league), "import", "--replace", str(path)]) == 1
    out, err = capsys.readouterr()
    assert f"BLOCK {rule}" in out and says in out and "internal error" not in out + err
    assert f"rejected, nothing was written: 1 blocking violation(s) ({rule})" in err
    assert "Office password" not in err


def test_sign_a_file_reopening_a_signed_game_marks_its_signatures_as_a_reopen_does(svc: Services):
    assert svc.sign_game("g001", "referee", "Real Ref", signature_png(1)).ok
    data = svc.export()
    g1 = game(data, "g001")
    g1["status"] = "scheduled"  # reopened, its signature left signing the game as it is
    assert svc.unlock_office(PASSWORD)
    (line,) = blocks(svc.import_data(copy.deepcopy(data), replace=True), "SIGN")
    assert "game g001 is not final" in line and "as referee (Real Ref" in line
    g1["signatures"][0]["before_correction"] = "2015-10-20"  # as the window's reopen marks it
    svc.lock_office()
    lines = blocks(svc.import_data(copy.deepcopy(data), replace=True), "OFFICE")
    assert any("reopens final game g001" in x for x in lines) and any("as referee" in x for x in lines)
    assert svc.unlock_office(PASSWORD)
    assert svc.import_data(data, replace=True).ok
    assert [s["before_correction"] for s in svc.signatures("g001")] == ["2015-10-20"]
