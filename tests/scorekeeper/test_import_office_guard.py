"""Issue 14, part 2: the season file cannot do what the office password guards. Each bypass a tester found is
refused without the password (rule OFFICE, naming the change, nothing written) and audited with it."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import cli
from scorekeeper.db.models import AuditEntry, Game
from scorekeeper.services import ImportReport, Services, override_key
from tests.scorekeeper.test_cli import EXAMPLE

PASSWORD = "rink-office-1"
DRESS_LY04 = [{"player": "ly01", "goalie": True}, {"player": "ly04"}, {"player": "ly05"}]


def season_with_a_fight() -> dict[str, Any]:
    """The example season with a fight in final game g002: ly04 suspended 5 games (PEN-FIGHT-1), fined 50.00."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    g = next(x for x in data["games"] if x["id"] == "g002")
    g["events"].append({"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00", "player": "ly04",
                        "infraction": "fighting"})
    return data


@pytest.fixture
def league(tmp_path: Path) -> Path:
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_data(season_with_a_fight()).ok
    svc.set_office_password(PASSWORD)
    svc.close()
    return db


@pytest.fixture
def svc(league: Path) -> Any:
    s = Services.open(str(league), operator="Pat")
    yield s
    s.close()


def game(data: dict[str, Any], gid: str) -> dict[str, Any]:
    return next(x for x in data["games"] if x["id"] == gid)


def snapshot(svc: Services) -> tuple[Any, ...]:
    """Everything the bypasses changed: g002 as stored, suspensions, fines, the audit trail."""
    return (svc.export()["games"], svc.suspensions(), svc.fines(), AuditEntry.select().count())


def office_refusal(report: ImportReport) -> list[str]:
    assert not report.ok
    assert report.blocks and all(v.rule == "OFFICE" for v in report.blocks), [v.line() for v in report.blocks]
    return [v.message for v in report.blocks]


def actions(svc: Services) -> list[str]:
    return [a["action"] for a in svc.audit()]


def test_office_import_reopening_a_final_game_is_refused_then_audited(svc: Services, tmp_path: Path):
    data = season_with_a_fight()
    game(data, "g002")["status"] = "scheduled"
    path = tmp_path / "reopen.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot(svc)
    messages = office_refusal(svc.import_file(path, replace=True))
    assert any("reopens final game g002" in m and "office password" in m for m in messages)
    assert snapshot(svc) == before  # nothing written, not even an audit entry
    assert svc.unlock_office(PASSWORD)
    assert svc.import_file(path, replace=True).ok
    assert svc.game("g002")["status"] == "scheduled"
    entry = next(a for a in svc.audit(game="g002") if a["action"] == "reopen game")
    assert entry["operator"] == "Pat" and entry["before"]["reason"] == f"import of {path}"


def test_office_import_of_a_final_game_without_its_fight_is_refused_then_audited(svc: Services):
    data = season_with_a_fight()
    game(data, "g002")["events"].pop()  # the fight is gone: its suspension and fine would vanish
    before = snapshot(svc)
    messages = office_refusal(svc.import_data(data, replace=True))
    assert any("rewrites final game g002" in m for m in messages)
    assert any("removes the suspension of ly04 from game g002 (PEN-FIGHT-1)" in m for m in messages)
    assert any("waives the fine of ly04 for game g002 (PEN-FIGHT-1, 50.00)" in m for m in messages)
    assert snapshot(svc) == before
    assert svc.unlock_office(PASSWORD)
    assert svc.import_data(data, replace=True).ok
    assert svc.suspensions()["suspensions"] == [] and svc.fines()["fines"] == []
    assert {"replace final game by import", "suspension lifted", "fine waived"} <= set(actions(svc))


def test_office_import_of_an_upheld_appeal_is_refused_then_audited(svc: Services):
    data = season_with_a_fight()
    data["appeals"] = [{"player": "ly04", "game": "g002", "filed": "2015-10-05", "form": "A-17", "fee_paid": True,
                        "decision": "upheld", "decided": "2015-10-06"}]
    before = snapshot(svc)
    messages = office_refusal(svc.import_data(data))
    assert any("records the appeal of ly04 for game g002 as 'upheld'" in m for m in messages)
    assert any("lifts the suspension of ly04 from game g002" in m for m in messages)
    assert any("waives the fine of ly04" in m for m in messages)
    assert snapshot(svc) == before
    assert svc.unlock_office(PASSWORD)
    assert svc.import_data(data).ok
    assert svc.suspensions()["suspensions"][0]["status"] == "lifted" and svc.fines()["fines"] == []
    assert {"appeal decided", "suspension lifted", "fine waived"} <= set(actions(svc))


def test_office_a_pending_appeal_needs_no_password(svc: Services):
    data = season_with_a_fight()
    data["appeals"] = [{"player": "ly04", "game": "g002", "filed": "2015-10-05", "form": "A-17", "fee_paid": True,
                        "decision": "pending"}]
    assert svc.import_data(data).ok
    assert svc.suspensions()["suspensions"][0]["status"] == "active"


def test_office_an_imported_override_entry_is_history_never_a_permission(svc: Services):
    refused = svc.set_lineup("g004", "away", DRESS_LY04, confirm=True)
    assert not refused.ok and refused.blocks[0].rule == "ELIG-2"
    override = {"at": "2015-10-10T12:00:00", "operator": "someone", "action": "override block",
                "subject": override_key(refused.blocks[0]), "after": {"reason": "trust me"}}
    # the entry alone is kept as history ...
    history = season_with_a_fight()
    history["audit"] = [override]
    assert svc.import_data(history).ok
    assert any(a["action"] == "override block" and a["operator"] == "someone" for a in svc.audit())
    # ... and overrides nothing, in the window's path or in a later import
    assert svc.set_lineup("g004", "away", DRESS_LY04, confirm=True).blocks[0].rule == "ELIG-2"
    data = season_with_a_fight()
    game(data, "g004")["lineups"] = {"away": DRESS_LY04}
    data["audit"] = [override]
    before = snapshot(svc)
    messages = office_refusal(svc.import_data(data, replace=True))
    assert any("overrides a block (ELIG-2" in m for m in messages)
    assert snapshot(svc) == before
    assert svc.unlock_office(PASSWORD)
    assert svc.import_data(data, replace=True).ok  # now the office's own action, recorded as such
    own = [a for a in svc.audit() if a["action"] == "override block" and a["operator"] == "Pat"]
    assert own and "trust me" in own[0]["after"]["reason"]


@pytest.mark.parametrize("name", ["westridge-2015-16.toml", "/tmp/westridge-2015-16", "books\\westridge-2015-16",
                                  "~/westridge-2015-16", "C:westridge"])
def test_office_a_season_file_names_its_rulebook_by_id_never_a_path(tmp_path: Path, name: str):
    svc = Services.open(str(tmp_path / "fresh.db"))
    data = season_with_a_fight()
    data["season"] = "2016-17"
    data["rulebook"] = name
    report = svc.import_data(data)
    assert not report.ok and "never a file" in report.blocks[0].message
    assert svc.seasons() == [] and [b["source"] for b in svc.rulebooks()] == ["shipped"]
    svc.close()


def test_office_a_rulebook_file_under_the_shipped_id_is_never_loaded_by_a_season_file(tmp_path: Path):
    root = Path(__file__).resolve().parents[2]
    text = (root / "scorekeeper" / "resources" / "rulebooks" / "westridge-2015-16.toml").read_text(encoding="utf-8")
    forged = tmp_path / "westridge-2015-16.toml"
    forged.write_text(text.replace("win = 2", "win = 99"), encoding="utf-8")
    svc = Services.open(str(tmp_path / "fresh.db"))
    data = season_with_a_fight()
    data["rulebook"] = str(forged)
    assert not svc.import_data(data).ok
    data["rulebook"] = "westridge-2015-16"
    assert svc.import_data(data).ok
    assert max(r["pts"] for d in svc.standings()["divisions"] for r in d["rows"]) <= 4
    svc.close()


def test_office_import_without_a_password_set_is_unguarded_but_audited(tmp_path: Path):
    svc = Services.open(str(tmp_path / "open.db"))
    assert svc.import_data(season_with_a_fight()).ok
    data = season_with_a_fight()
    game(data, "g002")["status"] = "scheduled"
    assert svc.import_data(data, replace=True).ok
    assert "reopen game" in actions(svc)
    svc.close()


def test_office_reimport_of_an_export_changes_nothing_and_needs_no_password(svc: Services):
    exported = svc.export()
    report = svc.import_data(exported)
    assert report.ok and not any(report.written.get(k) for k in report.written if k != "audit")
    assert svc.integrity_warnings() == []


def test_office_cli_import_asks_the_office_password(league: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]):
    data = season_with_a_fight()
    game(data, "g002")["status"] = "scheduled"
    path = tmp_path / "reopen.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("guess\n"))
    assert cli.main(["--db", str(league), "import", "--replace", str(path)]) == 1
    err = capsys.readouterr().err
    assert "reopens final game g002" in err and "wrong office password" in err and "OFFICE" in err
    svc = Services.open(str(league))
    assert svc.game("g002")["status"] == "final"
    svc.close()
    monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
    assert cli.main(["--db", str(league), "import", "--replace", str(path)]) == 0
    svc = Services.open(str(league))
    assert svc.game("g002")["status"] == "scheduled" and "reopen game" in actions(svc)
    svc.close()


# -- undo and redo follow Reopen's rule, and check the game's revision ---------------------------------------
def test_data_5_undo_of_finish_needs_the_office_and_is_audited(svc: Services):
    assert svc.unlock_office(PASSWORD)
    assert svc.reopen_game("g001", "wrong scorer").ok
    assert svc.finish_game("g001", confirm=True).ok
    svc.lock_office()
    refused = svc.undo("g001")
    assert not refused.ok and refused.blocks[0].rule == "OFFICE" and "undo of finish" in refused.blocks[0].message
    assert svc.game("g001")["status"] == "final" and svc.can_undo("g001")
    assert svc.unlock_office(PASSWORD)
    assert svc.undo("g001").ok
    assert svc.game("g001")["status"] == "scheduled"
    entry = svc.audit(game="g001")[-1]
    assert entry["action"] == "reopen game" and entry["before"]["reason"] == "undo of finish"
    svc.lock_office()
    assert svc.redo("g001").blocks[0].rule == "OFFICE"
    assert svc.unlock_office(PASSWORD)
    assert svc.redo("g001").ok
    entry = svc.audit(game="g001")[-1]
    assert entry["action"] == "finish game" and entry["before"]["reason"] == "redo of finish"
    assert svc.game("g001")["status"] == "final"


def test_data_5_a_stale_undo_from_another_pc_is_refused_and_never_written(league: Path):
    pc_a = Services.open(str(league), operator="PC A")
    pc_b = Services.open(str(league), operator="PC B")
    for pc in (pc_a, pc_b):
        assert pc.unlock_office(PASSWORD)
    assert pc_a.reopen_game("g001", "late goal to enter").ok
    assert pc_a.add_event("g001", {"type": "note", "text": "from A"}).ok
    goal = {"type": "goal", "team": "away", "period": 2, "elapsed": "19:40", "scorer": "he06", "assists": []}
    assert pc_b.add_event("g001", goal, confirm=True).ok
    assert pc_b.finish_game("g001", confirm=True).ok
    refused = pc_a.undo("g001")
    assert not refused.ok and refused.blocks[0].rule == "DATA-5"
    assert "changed on another PC" in refused.blocks[0].message and "nothing was written" in refused.blocks[0].message
    assert not pc_a.can_undo("g001")  # the stale steps are gone: a second try cannot write them either
    for pc in (pc_a, pc_b):
        stored = pc.export()
        g = game(stored, "g001")
        assert g["status"] == "final" and goal in g["events"]
    pc_a.close()
    pc_b.close()


def test_data_5_undo_checks_the_revision_even_after_a_fresh_read(league: Path):
    """A facade that read the game again (after any other write) still refuses an undo that would overwrite
    another PC's entry: the undo step carries the revision its own write left."""
    pc_a = Services.open(str(league))
    pc_b = Services.open(str(league))
    assert pc_a.add_event("g004", {"type": "note", "text": "from A"}).ok
    assert pc_b.add_event("g004", {"type": "note", "text": "from B"}).ok
    pc_a._changed()  # e.g. another write of A's: the view is read again, B's note included
    assert pc_a.game("g004") is not None
    assert not pc_a.undo("g004").ok
    assert [e.get("text") for e in game(pc_a.export(), "g004")["events"]] == ["from A", "from B"]
    pc_a.close()
    pc_b.close()


def test_data_5_undo_and_redo_of_entries_still_work(svc: Services):
    assert svc.add_event("g004", {"type": "note", "text": "one"}).ok
    assert svc.add_event("g004", {"type": "note", "text": "two"}).ok
    assert svc.undo("g004").ok and svc.undo("g004").ok
    assert game(svc.export(), "g004").get("events", []) == []
    assert svc.redo("g004").ok and svc.redo("g004").ok
    assert [e["text"] for e in game(svc.export(), "g004")["events"]] == ["one", "two"]
    assert Game.get(Game.ext_id == "g004").revision >= 6


def test_office_guard_names_every_change_once(svc: Services):
    data = season_with_a_fight()
    data2 = copy.deepcopy(data)
    game(data2, "g002")["status"] = "scheduled"
    game(data2, "g002")["events"].pop()
    messages = office_refusal(svc.import_data(data2, replace=True))
    assert len(messages) == len(set(messages))


def test_office_recording_an_upheld_appeal_in_the_window_path_needs_the_office_too(svc: Services):
    appeal = {"player": "ly04", "game": "g002", "filed": "2015-10-05", "form": "A-17", "fee_paid": True,
              "decision": "upheld", "decided": "2015-10-06"}
    refused = svc.record_appeal(appeal, confirm=True)
    assert not refused.ok and refused.blocks[0].rule == "OFFICE" and "upheld appeal" in refused.blocks[0].message
    assert svc.record_appeal({**appeal, "decision": "pending"}, confirm=True).ok  # filing one needs no password
    assert svc.unlock_office(PASSWORD)
    assert svc.record_appeal(appeal, confirm=True).ok
    assert svc.suspensions()["suspensions"][0]["status"] == "lifted"
    assert "appeal" in actions(svc)
