"""A game made ready for entries (`Services.prepare_entries`, called when the window shows a game, issue 29.5):
the first entry's commit then does only what the next ones do (its statements compiled, the connection's log
started), and readying changes nothing the league holds."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from scorekeeper.db import entry_ready
from scorekeeper.db.models import database_proxy
from scorekeeper.services import Services
from tests.scorekeeper.test_entries import goal, svc  # noqa: F401 - the fixture


def traced(svc: Services, entry: dict) -> list[str]:  # noqa: F811
    """The statements SQLite runs for one entry."""
    said: list[str] = []
    con = database_proxy.obj.connection()
    con.set_trace_callback(said.append)
    try:
        assert svc.add_event("g004", entry).ok
    finally:
        con.set_trace_callback(None)
    return said


def test_a_prepared_game_s_first_entry_after_opening_makes_no_table_or_trigger_in_its_commit(svc):  # noqa: F811
    path = svc.target
    svc.close()
    opened = Services.open(path)  # a new connection, as the window opens the league
    try:
        opened.prepare_entries("g004")
        first = traced(opened, goal("home", 1, "02:00", "ow02"))
        second = traced(opened, goal("away", 1, "03:00", "ly02"))
        assert opened.game("g004")["score"] == {"home": 1, "away": 1}
    finally:
        opened.close()
    assert not [s for s in first if s.lower().startswith("create")]
    assert committed(first) == committed(second)


def committed(statements: list[str]) -> list[str]:
    """The statements of the entry's transaction, each by its first words (its values left out)."""
    start = statements.index("BEGIN IMMEDIATE")
    return [" ".join(s.split()[:3]) for s in statements[start:statements.index("COMMIT", start) + 1]]


def league_rows(path: str) -> list[str]:
    """Everything the file holds, read by a connection of its own (`iterdump`: every table's rows and the schema),
    with its user_version."""
    other = sqlite3.connect(path)
    try:
        return [*other.iterdump(), str(other.execute("pragma user_version").fetchone()[0])]
    finally:
        other.close()


def test_preparing_entries_changes_nothing_the_league_holds(svc):  # noqa: F811
    before = league_rows(svc.target)
    svc.prepare_entries("g004")
    assert league_rows(svc.target) == before


def test_preparing_a_game_in_progress_starts_the_log_so_the_first_entry_is_its_second_commit(svc):  # noqa: F811
    path = svc.target
    svc.close()
    opened = Services.open(path)  # a new connection: its log not started
    try:
        db = database_proxy.obj
        assert not entry_ready.started(db)
        opened.prepare_entries("g004")
        assert entry_ready.started(db) and Path(f"{path}-wal").stat().st_size > 0  # a commit in the log already
        assert opened.add_event("g004", goal("home", 1, "02:00", "ow02")).ok
        assert db.connection().execute("pragma busy_timeout").fetchone()[0] == 5000  # waits as it did
    finally:
        opened.close()


def test_preparing_a_final_game_writes_nothing_to_the_file(svc):  # noqa: F811
    assert svc.game("g001")["status"] == "final"
    other = sqlite3.connect(svc.target)
    try:
        before = other.execute("pragma data_version").fetchone()[0]
        svc.prepare_entries("g001")
        assert other.execute("pragma data_version").fetchone()[0] == before
    finally:
        other.close()
    assert not entry_ready.started(database_proxy.obj)


def test_preparing_while_another_program_writes_does_not_wait_and_the_entry_still_is_made(svc):  # noqa: F811
    path = svc.target
    svc.close()
    opened = Services.open(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("begin immediate")  # another program holds the write lock
        opened.prepare_entries("g004")  # returns at once (no busy wait): the log is left to the first entry
        assert not entry_ready.started(database_proxy.obj)
        other.execute("rollback")
        assert opened.add_event("g004", goal("home", 1, "02:00", "ow02")).ok
        assert opened.game("g004")["score"] == {"home": 1, "away": 0}
    finally:
        other.close()
        opened.close()


def test_a_prepared_game_finished_is_sealed_and_an_edit_outside_the_program_is_told(svc):  # noqa: F811
    svc.prepare_entries("g004")
    assert svc.add_event("g004", goal("home", 1, "02:00", "ow02")).ok
    assert svc.finish_game("g004", confirm=True).ok
    path = svc.target
    svc.close()
    con = sqlite3.connect(path)
    try:
        sealed = con.execute("select count(*) from game_seal s join game g on g.id = s.game_id "
                             "where g.ext_id = 'g004'").fetchone()[0]
    finally:
        con.close()
    assert sealed == 1
    assert warnings_of(path) == []
    con = sqlite3.connect(path)
    con.execute("update game_event set elapsed = elapsed + 1 where game_id = (select id from game "
                "where ext_id = 'g004')")
    con.commit()
    con.close()
    assert any("changed" in w for w in warnings_of(path))


def warnings_of(path: str) -> list[str]:
    again = Services.open(path)
    try:
        return again.integrity_warnings()
    finally:
        again.close()
