"""A database as the release before the audit chain left it (schema 3: no `hash` nor `imported` on the audit
trail, no chain head), holding the example season and as many audit entries as asked: the upgrade's test and its
benchmark (tests/benchmarks/upgrade.py) build it the same way, as test_migration_5 builds its schema 4 file."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON

ACTIONS = ("event added", "event edited", "line-up saved", "game finished", "payment recorded", "player signed")


def audit_rows(season_id: int, count: int) -> list[tuple[object, ...]]:
    """`count` plausible entries of an office's season, a few minutes apart, some with a before and an after."""
    rows: list[tuple[object, ...]] = []
    for n in range(count):
        minute = n * 7
        at = (f"2015-{10 + minute // 86400 % 3:02d}-{1 + minute // 1440 % 28:02d} {minute // 60 % 24:02d}:"
              f"{minute % 60:02d}:{n % 60:02d}.{n % 1_000_000:06d}")
        before = json.dumps({"score": [n % 5, n % 3]}) if n % 4 == 0 else None
        after = json.dumps({"kind": "goal", "period": 1 + n % 2, "time": f"{n % 20:02d}:{n % 60:02d}",
                            "player": f"ot{n % 9:02d}", "note": "Zoë's wrap-around"}, ensure_ascii=False)
        rows.append((season_id, at, "office" if n % 3 else "Pat O'Neil", ACTIONS[n % len(ACTIONS)],
                     f"game g{n % 400:03d}", before, after))
    return rows


def schema_3_database(path: Path, entries: int) -> None:
    """The example season at schema 3 with `entries` audit entries (besides the import's own)."""
    svc = Services.open(str(path))
    assert svc.import_file(EXAMPLE_SEASON).ok
    svc.close()
    con = sqlite3.connect(path)
    try:
        season_id = con.execute("select id from season").fetchone()[0]
        con.executemany("insert into audit_entry (season_id, at, operator, action, subject, before, after, imported) "
                        "values (?, ?, ?, ?, ?, ?, ?, 0)", audit_rows(season_id, entries))
        con.execute("alter table audit_entry drop column hash")
        con.execute("alter table audit_entry drop column imported")
        con.execute("delete from meta where key = 'audit_chain'")
        con.execute("update meta set value = '3' where key = 'schema_version'")
        con.commit()
        con.execute("pragma wal_checkpoint(truncate)")
    finally:
        con.close()
