"""Migration 5: a season stored under the first release's text of a shipped rulebook gets today's text, whose
added keys hold what that release did in code (the same outcomes, and the repeat warning back)."""

import gzip
import sqlite3
from pathlib import Path

from scorekeeper.db import open_database
from scorekeeper.resources import resource_path
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON

# kept compressed: the text is the first release's byte for byte (its sha-256 is what migration 5 knows)
FIRST_RELEASE = Path(__file__).parents[2] / "data" / "westridge-2015-16.first-release.toml.gz"
CURRENT = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")


def _as_version_4(path: Path, text: str, extra: tuple[str, str] | None = None) -> None:
    con = sqlite3.connect(path)
    con.execute("update rulebook_record set text = ? where name = 'westridge-2015-16'", (text,))
    if extra is not None:
        con.execute("insert into rulebook_record (name, text, loaded) values (?, ?, '2026-01-01 00:00:00')", extra)
    con.execute("update meta set value = '4' where key = 'schema_version'")
    con.commit()
    con.close()


def _texts(path: Path) -> dict[str, str]:
    con = sqlite3.connect(path)
    try:
        return dict(con.execute("select name, text from rulebook_record").fetchall())
    finally:
        con.close()


def test_migration_5_gives_a_first_release_season_todays_shipped_rulebook(tmp_path):
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(EXAMPLE_SEASON).ok
    standings_before = svc.standings()
    svc.close()
    old = gzip.decompress(FIRST_RELEASE.read_bytes()).decode("utf-8")
    assert old != CURRENT and "repeat_warning" not in old
    _as_version_4(path, old, ("another-league", old.replace("westridge-2015-16", "another-league")))

    db, _ = open_database(str(path))
    db.close()
    texts = _texts(path)
    assert texts["westridge-2015-16"] == CURRENT
    assert texts["another-league"] == old.replace("westridge-2015-16", "another-league")  # not a shipped text

    svc = Services.open(str(path))
    try:
        assert svc.view().book.infractions["body_contact"].repeat_warning
        assert svc.standings() == standings_before
    finally:
        svc.close()


def test_migration_5_leaves_a_changed_shipped_text_alone(tmp_path):
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(EXAMPLE_SEASON).ok
    svc.close()
    edited = gzip.decompress(FIRST_RELEASE.read_bytes()).decode("utf-8") + "\n# edited by hand\n"
    _as_version_4(path, edited)
    db, _ = open_database(str(path))
    db.close()
    assert _texts(path)["westridge-2015-16"] == edited
