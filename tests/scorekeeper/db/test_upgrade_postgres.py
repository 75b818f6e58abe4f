"""The schema upgrade's set-based chaining works on PostgreSQL too (issue 26, part 5): a schema 3 league on a
server is upgraded with progress reported, every entry chained as the chain's own check expects."""

from __future__ import annotations

import pytest

from scorekeeper.db import audit_chain, progress
from scorekeeper.db.migrations import LATEST
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON
from tests.scorekeeper.db.old_databases import audit_rows
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture

ENTRIES = 3_000


def test_an_older_postgresql_league_is_upgraded_with_progress(pg_url: str) -> None:  # noqa: F811
    psycopg = pytest.importorskip("psycopg")
    svc = Services.open(pg_url)
    assert svc.import_file(EXAMPLE_SEASON).ok
    svc.close()
    con = psycopg.connect(pg_url)
    try:
        with con, con.cursor() as cur:
            cur.execute("select id from season")
            season_id = cur.fetchone()[0]
            cur.executemany("insert into audit_entry (season_id, at, operator, action, subject, before, after, "
                            "imported) values (%s, %s, %s, %s, %s, %s, %s, false)", audit_rows(season_id, ENTRIES))
            cur.execute("alter table audit_entry drop column hash")
            cur.execute("alter table audit_entry drop column imported")
            cur.execute("delete from meta where key = 'audit_chain'")
            cur.execute("update meta set value = '3' where key = 'schema_version'")
    finally:
        con.close()
    calls: list[tuple[int, int, str]] = []
    with progress.reporting(lambda done, total, what: calls.append((done, total, what))):
        svc = Services.open(pg_url)
    try:
        assert audit_chain.problems() == []
        assert svc.integrity_warnings() == []
        assert svc.db.execute_sql("select count(*) from audit_entry where hash is null").fetchone()[0] == 0
        assert svc.db.execute_sql("select value from meta where key = 'schema_version'").fetchone()[0] == str(LATEST)
    finally:
        svc.close()
    counts = [c[0] for c in calls]
    assert counts[0] == 0 and counts[-1] == calls[0][1] > ENTRIES and counts == sorted(set(counts))
    assert any(c[2] == "chaining the audit trail" for c in calls)
