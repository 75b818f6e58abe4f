"""Numbered schema migrations, gated by the schema version stored in the `meta` table."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from peewee import Database

from scorekeeper.db import progress as progress_
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


def _m004_audit_chain(db: Database, tick: Callable[[int], None] | None = None) -> None:
    """Version 4: the audit trail is chained by hashes and marks the entries a season file brought (issue 14);
    the trail already there is chained as it stands, with the office password row under the chain's head
    (`tick(n)`: n entries chained so far)."""
    from playhouse.migrate import SchemaMigrator, migrate

    from scorekeeper.db.chain_upgrade import chain_trail
    from scorekeeper.db.models import AuditEntry

    columns = {c.name for c in db.get_columns(AuditEntry._meta.table_name)}
    migrator = SchemaMigrator.from_database(db)
    steps = [migrator.add_column(AuditEntry._meta.table_name, name, getattr(AuditEntry, name))
             for name in ("imported", "hash") if name not in columns]
    if steps:
        migrate(*steps)
    chain_trail(db, tick)


# The texts of shipped rulebooks as earlier releases stored them in a database (sha-256 of the text, by id). Each
# differs from today's only by keys added since, whose values are what the program then did in code.
EARLIER_SHIPPED: dict[str, frozenset[str]] = {
    "westridge-2015-16": frozenset({"5f746cdca2352665982f3f49f630f1f360a50c4eca8ca27bd16fc43963954132",
                                    "1cecfb208f18bda74702acceaa7a7737b8a7ea85a1958e1f42daa3ea01d8c465"}),
}


def same_text(rulebook_id: str, held: str, text: str) -> bool:
    """Whether `text` is the rulebook `held` under `rulebook_id`: the same text, or a text an earlier release
    shipped under that id beside today's (migration 5 gives a stored one today's: same values)."""
    if held == text:
        return True
    earlier = EARLIER_SHIPPED.get(rulebook_id, frozenset())
    family = {hashlib.sha256(held.encode("utf-8")).hexdigest(), hashlib.sha256(text.encode("utf-8")).hexdigest()}
    if not family & earlier:
        return False
    from scorekeeper.resources import resource_path

    current = resource_path("rulebooks", f"{rulebook_id}.toml").read_text(encoding="utf-8")
    return all(t == current or hashlib.sha256(t.encode("utf-8")).hexdigest() in earlier for t in (held, text))


def _m005_shipped_rulebook_keys(db: Database) -> None:
    """Version 5: a season played under a shipped rulebook as an earlier release stored it gets today's text of
    that rulebook, which adds the keys that replaced numbers and codes written in the program (the ejection
    counts, the reported infractions, the repeat warning, the injured goalie's minutes) with the same values: the
    season's outcomes are unchanged and the warning the program used to give from code is given from the
    rulebook. A rulebook loaded from a file, or any other text, is left as it is."""
    from scorekeeper.db.models import RulebookRecord
    from scorekeeper.resources import resource_path

    for record in RulebookRecord.select():
        if hashlib.sha256(record.text.encode("utf-8")).hexdigest() not in EARLIER_SHIPPED.get(record.name, ()):
            continue
        current = resource_path("rulebooks", f"{record.name}.toml").read_text(encoding="utf-8")
        RulebookRecord.update(text=current).where(RulebookRecord.id == record.id).execute()


def _m006_game_sheet_details(db: Database) -> None:
    """Version 6: a game keeps its officials (referees, linesmen, scorekeeper) and the league's game number, as
    the game sheet prints them (issue 18)."""
    columns = {c.name for c in db.get_columns("game")}
    if "officials" not in columns:
        db.execute_sql("alter table game add column officials text")
    if "number" not in columns:
        db.execute_sql("alter table game add column number varchar(255)")


def _m007_archived_seasons_and_fine_payments(db: Database) -> None:
    """Version 7: a season can be archived (hidden from the picker, read-only, restorable), and a payment may
    name the one fine it pays (issue 18)."""
    if "archived" not in {c.name for c in db.get_columns("season")}:
        db.execute_sql("alter table season add column archived boolean not null default false")
    if "fine" not in {c.name for c in db.get_columns("payment")}:
        db.execute_sql("alter table payment add column fine text")


def _m008_suspension_decisions(db: Database) -> None:
    """Version 8: the office's decisions on the suspensions the rules propose (PEN-GM-2: the sixth incident of a
    season proposes a season suspension, which bars the player only once confirmed) (issue 19)."""
    from scorekeeper.db.models import SuspensionDecision

    if not db.table_exists(SuspensionDecision._meta.table_name):
        db.create_tables([SuspensionDecision])


def _m009_game_signatures(db: Database) -> None:
    """Version 9: the signatures given on the screen at the end of a game (issue 20)."""
    from scorekeeper.db.models import GameSignature

    if not db.table_exists(GameSignature._meta.table_name):
        db.create_tables([GameSignature])


def _m010_keyed_seals(db: Database) -> None:
    """Version 10: the audit trail's head, the office password, the back-off counter and every final game are
    sealed with a secret kept outside the database (issue 26.4; `db.game_seals`). PostgreSQL is not sealed."""
    from peewee import SqliteDatabase

    from scorekeeper.db import game_seals

    if not isinstance(db, SqliteDatabase):
        return
    if not db.table_exists(game_seals.TABLE):
        db.create_tables([game_seals.GameSeal])
    game_seals.rekey(operator=None)


def _m011_goalie_shots(db: Database) -> None:
    """Version 11: a game may keep each goalie's shots against, period by period, as the paper sheet has them
    (issue 30.3)."""
    if "goalie_shots" not in {c.name for c in db.get_columns("game")}:
        db.execute_sql("alter table game add column goalie_shots text")


def _m012_game_curfew(db: Database) -> None:
    """Version 12: a game may keep its curfew, the time the ice must be cleared ("HH:MM"), when the league gives
    one (issue 28.6)."""
    if "curfew" not in {c.name for c in db.get_columns("game")}:
        db.execute_sql("alter table game add column curfew varchar(255)")


def _m013_game_results(db: Database) -> None:
    """Version 13: each final game's computed state, stored under the key of what it was computed from (issue
    29.1); filled as games are written and read."""
    from scorekeeper.db.models import GameResult

    if not db.table_exists(GameResult._meta.table_name):
        db.create_tables([GameResult])


def _m014_rink_conflicts(db: Database) -> None:
    """Version 14: the games rink PCs sent that the league did not take, waiting for the office (issue 32)."""
    from scorekeeper.db.models import RinkConflict

    if not db.table_exists(RinkConflict._meta.table_name):
        db.create_tables([RinkConflict])


def _m015_game_outcomes(db: Database) -> None:
    """Version 15: each final game's outcome (points, goals, penalty minutes, winner, decision) at a revision of the
    game, which the standings read instead of the whole season (issue 29); filled as games are written."""
    from scorekeeper.db.game_outcomes import GameOutcome

    if not db.table_exists(GameOutcome._meta.table_name):
        db.create_tables([GameOutcome])


def _m016_game_result_summary(db: Database) -> None:
    """Version 16: a stored state says what the games list shows (score, decision) and what it was computed at
    (the game's revision, the rulebook's and engine's fingerprint), so the list trusts it without the game's
    events (issue 29.4; `season.game_list`)."""
    have = {c.name for c in db.get_columns("game_result")}
    for name, kind in (("revision", "integer"), ("book", "varchar(255)"), ("home", "integer"), ("away", "integer"),
                       ("decision", "varchar(255)"), ("summary_seal", "varchar(255)")):
        if name not in have:
            db.execute_sql(f"alter table game_result add column {name} {kind}")


def _m017_one_game_record(db: Database) -> None:
    """Version 17: one stored record of what a final game decided (`db.game_outcomes`), which both the standings
    and the games list read: the outcome table keeps the rulebook's fingerprint the list asks for, and the stored
    states lose the summary version 16 gave them. The records and the summarised states are a cache kept under a
    digest: they are dropped, and written again as the games are written and when the window closes (a season
    read whole meanwhile)."""
    from scorekeeper.db.game_outcomes import GameOutcome

    table = GameOutcome._meta.table_name
    if not db.table_exists(table):
        db.create_tables([GameOutcome])
    db.execute_sql(f"delete from {table}")  # sealed without the fingerprint: computed again
    if "book" not in {c.name for c in db.get_columns(table)}:
        db.execute_sql(f"alter table {table} add column book varchar(255)")
    have = {c.name for c in db.get_columns("game_result")}
    if "revision" in have:
        db.execute_sql("delete from game_result where revision is not null")  # sealed with their summary
    for name in ("revision", "book", "home", "away", "decision", "summary_seal"):
        if name in have:
            db.execute_sql(f"alter table game_result drop column {name}")


MIGRATIONS: list[tuple[int, Callable[[Database], None]]] = [
    (1, _m001_initial),
    (2, _m002_notice_recipient),
    (3, _m003_game_revision),
    (4, _m004_audit_chain),
    (5, _m005_shipped_rulebook_keys),
    (6, _m006_game_sheet_details),
    (7, _m007_archived_seasons_and_fine_payments),
    (8, _m008_suspension_decisions),
    (9, _m009_game_signatures),
    (10, _m010_keyed_seals),
    (11, _m011_goalie_shots),
    (12, _m012_game_curfew),
    (13, _m013_game_results),
    (14, _m014_rink_conflicts),
    (15, _m015_game_outcomes),
    (16, _m016_game_result_summary),
    (17, _m017_one_game_record),
]
LATEST = MIGRATIONS[-1][0]


def stored_version(db: Database) -> int:
    """The schema version in the database; 0 for an empty database (read without binding the models)."""
    if not db.table_exists("meta"):
        return 0
    row = db.execute_sql("select value from meta where key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0


@dataclass(frozen=True)
class Measured:
    """A migration whose work grows with the data: how much there is, and the step that reports how far it is."""

    size: Callable[[Database], int]
    run: Callable[[Database, Callable[[int], None]], None]
    what: str


def _audit_entries(db: Database) -> int:
    from scorekeeper.db.chain_upgrade import entries

    return entries(db)


MEASURED: dict[int, Measured] = {4: Measured(_audit_entries, _m004_audit_chain, "chaining the audit trail")}


def migrate(db: Database, progress: progress_.Progress | None = None) -> list[int]:
    """Run every migration newer than the stored version, each in its own transaction. `progress(done, total,
    what)` (else the callback of `progress.reporting`, if any) hears how far the upgrade is: a unit a step, and
    a unit an entry for the steps that go through the data (`MEASURED`), from 0 up to the total."""
    done: list[int] = []
    current = stored_version(db)
    pending = [(number, step) for number, step in MIGRATIONS if number > current]
    if not pending:
        return done
    sizes = {number: MEASURED[number].size(db) if number in MEASURED else 1 for number, _ in pending}
    meter = progress_.Meter(progress or progress_.current(), sum(sizes.values()))
    base = 0
    meter.report(0, f"schema {current} to {LATEST}")
    for number, step in pending:
        measured = MEASURED.get(number)
        what = measured.what if measured else f"schema {number} of {LATEST}"
        with db.atomic():
            if measured is not None:
                measured.run(db, meter.ticker(base, what))
            else:
                step(db)
            updated = Meta.update(value=str(number)).where(Meta.key == "schema_version").execute()
            if not updated:
                Meta.create(key="schema_version", value=str(number))
        done.append(number)
        base += sizes[number]
        meter.report(base, what)
    return done
