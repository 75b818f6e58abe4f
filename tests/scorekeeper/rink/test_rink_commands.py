"""The rink commands as a person meets them (issue 32): the office's own change since the copy is a conflict that
says what differs; an unreachable league changes nothing at the rink; settling asks the office password;
schema 14 adds the conflicts' table once."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.db.migrations import LATEST, _m014_rink_conflicts, migrate, stored_version
from scorekeeper.db.models import RinkConflict
from scorekeeper.rink.changes import waiting
from scorekeeper.rink.send import send
from scorekeeper.services import ServiceError, Services
from tests.scorekeeper.rink.rink_league import game_id, league_game, open_league, rink_copy, same, score


@pytest.fixture
def scored(tmp_path: Path) -> tuple[Services, Services, str]:
    target = str(tmp_path / "league.db")
    league = open_league(target, games=2)
    rink = rink_copy(tmp_path, "north", league, target)
    score(rink, game_id(0))
    return league, rink, target


def test_a_game_the_office_changed_since_the_copy_is_a_conflict_saying_what_differs(scored) -> None:
    league, rink, _ = scored
    changed = {**league_game(league, game_id(0)), "notes": "the office's note"}
    assert league.save_game(changed, confirm=True).ok
    report = send(rink, league)
    assert report.sent == [] and len(report.conflicts) == 1
    message = report.conflicts[0].message
    assert message.startswith(f"game {game_id(0)} (Otters v Herons, 2015-11-01) was changed at the league since "
                              "rink north copied it: ")
    assert "status (the league's scheduled, the rink's final)" in message and "notes" in message
    assert same(league_game(league, game_id(0)), changed)


def test_an_unreachable_league_is_said_and_changes_nothing_at_the_rink(scored, tmp_path: Path, capsys) -> None:
    _, rink, _ = scored
    rink.close()
    code = main(["--db", str(tmp_path / "north.db"), "rink", "send", "--league", str(tmp_path / "gone.db")])
    assert code == 1
    assert "there is no league database at" in capsys.readouterr().err
    rink = Services.open(str(tmp_path / "north.db"))
    assert [w.id for w in waiting(rink)] == [game_id(0)]


def test_a_database_that_is_no_rink_copy_is_told_so(tmp_path: Path, capsys) -> None:
    assert main(["--db", str(tmp_path / "plain.db"), "rink", "status"]) == 1
    assert "is not a rink copy: take one first" in capsys.readouterr().err


def test_status_and_send_as_json_on_the_command_line(scored, tmp_path: Path, capsys) -> None:
    league, rink, target = scored
    rink.close()
    league.close()
    rink_db = str(tmp_path / "north.db")
    assert main(["--db", rink_db, "rink", "status", "--json"]) == 0
    status = json.loads(capsys.readouterr().out)
    assert status["waiting"] == [game_id(0)] and status["rink"] == "north"
    assert status["league"] == str(Path(target).resolve())
    assert main(["--db", rink_db, "rink", "send", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"sent": [game_id(0)], "conflicts": [], "waiting": []}


def test_settling_a_conflict_asks_the_office_password(tmp_path: Path, monkeypatch, capsys) -> None:
    target = str(tmp_path / "league.db")
    league = open_league(target, games=1)
    north = rink_copy(tmp_path, "north", league, target)
    south = rink_copy(tmp_path, "south", league, target)
    score(north, game_id(0), goals=2)
    score(south, game_id(0), goals=1)
    send(north, league)
    send(south, league)
    league.set_office_password("office-secret")
    league.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("wrong-guess\n"))
    assert main(["--db", target, "rink", "settle", game_id(0), "--take-rink"]) == 1
    assert "wrong office password; the conflict was not settled" in capsys.readouterr().err
    assert main(["--db", target, "rink", "conflicts", "--json"]) == 0
    assert [c["rink"] for c in json.loads(capsys.readouterr().out)] == ["south"]
    monkeypatch.setattr("sys.stdin", io.StringIO("office-secret\n"))
    assert main(["--db", target, "rink", "settle", game_id(0), "--take-rink"]) == 0
    assert "the rink's game taken" in capsys.readouterr().out
    league = Services.open(target)
    assert league.rink_conflicts() == [] and len(league_game(league, game_id(0))["events"]) == 1


def test_migration_14_adds_the_conflicts_table_once(tmp_path: Path) -> None:
    svc = Services.open(str(tmp_path / "league.db"))
    table = RinkConflict._meta.table_name
    svc.db.execute_sql(f"drop table {table}")
    svc.db.execute_sql("update meta set value = '13' where key = 'schema_version'")
    assert migrate(svc.db) == list(range(14, LATEST + 1))  # 14, and those after it (each a no-op where done)
    assert svc.db.table_exists(table) and stored_version(svc.db) == LATEST >= 14
    _m014_rink_conflicts(svc.db)  # idempotent
    assert svc.db.table_exists(table)


def test_the_facade_takes_the_copy_and_sends_as_the_window_will(tmp_path: Path) -> None:
    target = str(tmp_path / "league.db")
    open_league(target, games=1).close()
    rink = Services.open(str(tmp_path / "west.db"))
    report = rink.take_rink_copy(target, "west")
    assert report.games == 5 and report.kept == []
    played = score(rink, game_id(0))
    status = rink.rink_copy_status()
    assert status is not None and status.rink == "west" and status.waiting == [game_id(0)]
    with pytest.raises(ServiceError, match="there is no league database at .*; nothing was changed at the rink"):
        rink.send_to_league(str(tmp_path / "elsewhere.db"))
    assert rink.send_to_league().sent == [game_id(0)]
    assert rink.take_rink_copy(target).league == str(Path(target).resolve())  # refreshed under its own name
    again = rink.rink_copy_status()
    assert again is not None and (again.rink, again.waiting, again.conflicts) == ("west", [], [])
    league = Services.open(target)
    assert same(league_game(league, game_id(0)), played)
    with pytest.raises(ServiceError, match="a rink copy is a SQLite file"):
        Services.open(":memory:").take_rink_copy(target)
