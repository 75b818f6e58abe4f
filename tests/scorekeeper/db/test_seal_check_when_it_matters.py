"""The keyed seals' check at open follows the page check's decision (issue 29.2 for issue 26.4's seals): where the
file is as Scorekeeper left it, only the constant parts (the audit head, the office password, the back-off
counter); every final game's seal after a change made outside Scorekeeper, an unclean exit, a file never checked
here, a restore, and for `scorekeeper check` and `backup`. What each check read is counted by the statements the
league's connection runs (sqlite3's trace callback) and by `game_seals.checks`, never by timing."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.db import checked, game_seals, seal_key
from scorekeeper.db.models import database_proxy
from scorekeeper.services import Services
from tests.benchmarks.league import league
from tests.scorekeeper.test_cli import EXAMPLE

PER_GAME = ("game_event", "lineup_entry", "game_signature", "from game_seal", "from game ")


@pytest.fixture()
def example(tmp_path: Path) -> Path:
    """A league closed cleanly, then opened and closed once more: the seals checked whole, the record says so."""
    db = tmp_path / "league.db"
    svc = Services.open(str(db))
    assert svc.import_data(json.loads(EXAMPLE.read_text())).ok
    svc.close()
    opened(db)
    return db


def opened(db: Path, *, whole: bool = False) -> tuple[str, list[str], list[str]]:
    """Open, run the integrity check at open (as the window and every command do), close: which seal check ran,
    the statements it ran on the league's connection, and the warnings."""
    before = dict(game_seals.checks)
    seen: list[str] = []
    svc = Services.open(str(db))
    try:
        database_proxy.obj.connection().set_trace_callback(seen.append)
        warnings = svc.integrity_warnings(whole=whole)
        database_proxy.obj.connection().set_trace_callback(None)
    finally:
        svc.close()
    ran = [kind for kind in ("whole", "constant") if game_seals.checks[kind] != before[kind]]
    assert len(ran) == 1, ran
    return ran[0], seen, warnings


def per_game(statements: list[str]) -> list[str]:
    """The statements that read rows of every game (what grows with the history)."""
    return [s for s in statements if any(word in s.lower() for word in PER_GAME)]


def outside_edit(db: Path, statement: str) -> None:
    """An edit with the sqlite3 module, as a person with a database tool would make it; the file's times change."""
    before = checked.fingerprint(db)
    time.sleep(0.05)  # past the file system's clock tick, so that the change shows in the times
    con = sqlite3.connect(db)
    con.execute(statement)
    con.commit()
    con.close()
    assert checked.fingerprint(db) != before


DELETE_GOAL = ("delete from game_event where id = (select e.id from game_event e join game g on g.id = e.game_id "
               "where g.ext_id = 'g002' and e.type = 'goal' limit 1)")


def test_an_unchanged_file_opened_twice_checks_only_the_constant_parts_of_the_seals(example: Path) -> None:
    for _ in range(2):
        kind, statements, warnings = opened(example)
        assert (kind, warnings) == ("constant", [])
        assert per_game(statements) == [], per_game(statements)
        assert any("audit_chain" in s for s in statements)  # the constant parts still run: the head...
        assert any("seal_refusals" in s or "office_refusals" in s for s in statements)  # ...the back-off counter


def test_the_constant_check_runs_the_same_statements_on_one_season_and_on_ten(tmp_path: Path) -> None:
    ran: dict[int, list[str]] = {}
    for seasons in (1, 10):
        db = tmp_path / f"league-{seasons}.db"
        svc = Services.open(str(db))
        for season in league(seasons, 12):
            assert svc.import_data(season.data).ok
        svc.close()
        assert opened(db)[0] == "whole"  # the first opening after the import: never checked whole here
        kind, ran[seasons], _ = opened(db)
        assert kind == "constant"
    assert len(ran[1]) == len(ran[10]) and per_game(ran[10]) == []


def test_an_edit_made_outside_scorekeeper_is_found_at_the_next_open(example: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert opened(example)[0] == "constant"
    outside_edit(example, DELETE_GOAL)
    kind, statements, warnings = opened(example)
    assert kind == "whole" and per_game(statements)
    assert len(warnings) == 1 and "final game g002 (2015-16) changed" in warnings[0]
    outside_edit(example, "update game set rink = 'Elsewhere' where ext_id = 'g003'")
    assert main(["--db", str(example), "standings", "--json"]) == 0  # a command: the same check at open
    assert "final game g003 (2015-16) changed" in capsys.readouterr().err


def test_an_edit_made_while_scorekeeper_has_the_file_open_is_found_at_the_next_open(example: Path) -> None:
    before = game_seals.checks["constant"]
    svc = Services.open(str(example))
    assert svc.integrity_warnings() == [] and game_seals.checks["constant"] == before + 1
    con = sqlite3.connect(example)  # a database tool writing while the program has the file open
    con.execute(DELETE_GOAL)
    con.commit()
    con.close()
    svc.close()  # a clean close: the file's record is made as it now is, without the seals' claim
    kind, _, warnings = opened(example)
    assert kind == "whole" and "final game g002 (2015-16) changed" in warnings[0]


def test_a_write_of_the_program_keeps_the_seals_claim(example: Path) -> None:
    svc = Services.open(str(example))
    assert svc.integrity_warnings() == []
    assert svc.add_event("g004", {"type": "note", "text": "a write"}, confirm=True).ok
    svc.close()
    assert opened(example)[0] == "constant"


def test_a_record_removed_means_the_whole_seal_check(example: Path) -> None:
    assert opened(example)[0] == "constant"
    checked.forget(example)
    kind, statements, warnings = opened(example)
    assert kind == "whole" and per_game(statements) and warnings == []
    assert opened(example)[0] == "constant"  # checked whole and found intact: the record says so again


def test_a_record_made_before_the_seals_were_checked_means_the_whole_seal_check(example: Path) -> None:
    record = checked.record_path(example)
    data = json.loads(record.read_text(encoding="utf-8"))
    data.pop(checked.SEALS)
    record.write_text(json.dumps(data), encoding="utf-8")  # as a full page check writes it, before the seals'
    assert opened(example)[0] == "whole"


def test_a_record_rewritten_to_match_an_edited_file_vouches_for_nothing(example: Path) -> None:
    record = checked.record_path(example)
    data = json.loads(record.read_text(encoding="utf-8"))
    outside_edit(example, DELETE_GOAL)
    data.update(checked.fingerprint(example) or {})  # the edit hidden from the page check: the times it expects
    record.write_text(json.dumps(data), encoding="utf-8")
    kind, _, warnings = opened(example)  # the page check trusts it; the seals' claim was made over the old times
    assert kind == "whole" and "final game g002 (2015-16) changed" in warnings[0]


def test_an_unclean_exit_means_the_whole_seal_check(example: Path) -> None:
    Path(f"{example}-journal").write_bytes(b"")  # as a writer killed mid-transaction leaves it (rollback mode)
    assert opened(example)[0] == "whole"


def _tamper_unseen(db: Path) -> None:
    """An edit the file's record cannot see (as a bit flipped below the file system would be): the record, its
    seals' claim too, made to match the edited file (as only someone holding the seals' key could)."""
    record = checked.record_path(db)
    data = json.loads(record.read_text(encoding="utf-8"))
    outside_edit(db, DELETE_GOAL)
    con = sqlite3.connect(db)
    key = seal_key.load(con.execute("select value from meta where key = 'seal_id'").fetchone()[0])
    con.close()
    assert key is not None
    data.update(checked.fingerprint(db) or {})
    data[checked.SEALS] = game_seals._vouch(key, data)
    record.write_text(json.dumps(data), encoding="utf-8")


def test_scorekeeper_check_and_backup_check_every_seal_even_on_a_file_as_left(
        example: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _tamper_unseen(example)
    assert opened(example)[0] == "constant"  # the opening trusts the record (what the record cannot see)
    before = game_seals.checks["whole"]
    assert main(["--db", str(example), "check"]) == 1
    assert game_seals.checks["whole"] > before  # (found: checked again in the transaction that records it)
    before = game_seals.checks["whole"]
    assert "final game g002 (2015-16) changed" in capsys.readouterr().err
    _tamper_unseen(example)  # the check recorded the finding and sealed again: edit again, unseen
    assert main(["--db", str(example), "backup", str(tmp_path / "copy.db")]) == 0
    assert game_seals.checks["whole"] > before
    assert "final game g002 (2015-16) changed" in capsys.readouterr().err


def test_after_a_restore_the_next_opening_checks_every_seal(example: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    svc = Services.open(str(example))
    svc.backup(copy)
    svc.restore(copy)
    svc.close()
    assert opened(example)[0] == "whole"
    assert opened(example)[0] == "constant"

