"""Numbered schema migrations, gated by the schema version stored in the `meta` table."""

from __future__ import annotations

from collections.abc import Callable

from peewee import Database

from scorekeeper.db.models import ALL_MODELS, Meta


def _m001_initial(db: Database) -> None:
    """Version 1: every table of the first release."""
    db.create_tables(ALL_MODELS)


def _m002_notice_recipient(db: Database) -> None:
    """Version 2: a captain notice keeps its recipient and message id (issue 9)."""
    from playhouse.migrate import SchemaMigrator, migrate

    from scorekeeper.db.models import Suspension

    columns = {c.name for c in db.get_columns("suspension")}
    migrator = SchemaMigrator.from_database(db)
    steps = [migrator.add_column("suspension", name, getattr(Suspension, name))
             for name in ("notice_recipient", "notice_message_id") if name not in columns]
    if steps:
        migrate(*steps)


def _m003_game_revision(db: Database) -> None:
    """Version 3: a game's revision, so that an entry checks in one statement that nobody else changed the game
    since it was read (issue 7: the entry path)."""
    if "revision" not in {c.name for c in db.get_columns("game")}:
        db.execute_sql("alter table game add column revision integer not null default 0")


def _m004_audit_chain(db: Database) -> None:
    """Version 4: the audit trail is chained by hashes and marks the entries a season file brought (issue 14);
    the trail already there is chained as it stands, with the office password row under the chain's head."""
    from playhouse.migrate import SchemaMigrator, migrate

    from scorekeeper.db import audit_chain
    from scorekeeper.db.models import AuditEntry

    columns = {c.name for c in db.get_columns(AuditEntry._meta.table_name)}
    migrator = SchemaMigrator.from_database(db)
    steps = [migrator.add_column(AuditEntry._meta.table_name, name, getattr(AuditEntry, name))
             for name in ("imported", "hash") if name not in columns]
    if steps:
        migrate(*steps)
    audit_chain.rechain()


MIGRATIONS: list[tuple[int, Callable[[Database], None]]] = [
    (1, _m001_initial),
    (2, _m002_notice_recipient),
    (3, _m003_game_revision),
    (4, _m004_audit_chain),
]
LATEST = MIGRATIONS[-1][0]


def stored_version(db: Database) -> int:
    """The schema version in the database; 0 for an empty database (read without binding the models)."""
    if not db.table_exists("meta"):
        return 0
    row = db.execute_sql("select value from meta where key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0


def migrate(db: Database) -> list[int]:
    """Run every migration newer than the stored version, each in its own transaction."""
    done = []
    current = stored_version(db)
    for number, step in MIGRATIONS:
        if number <= current:
            continue
        with db.atomic():
            step(db)
            updated = Meta.update(value=str(number)).where(Meta.key == "schema_version").execute()
            if not updated:
                Meta.create(key="schema_version", value=str(number))
        done.append(number)
    return done
