"""Issue 29.4: the games list takes the rulebook's fingerprint remembered by its text (`season.book_memo`): the
value remembered is the one parsing gives, a changed text or program is parsed again, a file that holds no
fingerprint is ignored, a refused text is never remembered, and the list is the one read from the whole season."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.code_fingerprint import book_fingerprint
from scorekeeper.rulebook import parse_rulebook
from scorekeeper.season import book_memo
from scorekeeper.season.book_memo import memo_path, text_fingerprint
from scorekeeper.services import Services

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "scorekeeper" / "resources" / "rulebooks" / "westridge-2015-16.toml").read_text(encoding="utf-8")
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"


@pytest.fixture(autouse=True)
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SCOREKEEPER_STATE_DIR", str(tmp_path / "state"))
    return tmp_path / "state"


def test_the_fingerprint_remembered_is_the_parsed_books_and_is_taken_from_memory_after() -> None:
    parsed = book_fingerprint(parse_rulebook(TEXT, origin="test"))
    assert text_fingerprint(TEXT, "rulebook test") == parsed
    assert memo_path(TEXT).read_text(encoding="ascii") == parsed
    assert text_fingerprint(TEXT, "rulebook test") == parsed


def test_a_changed_text_or_program_is_parsed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    text_fingerprint(TEXT, "rulebook test")
    other = TEXT.replace('name = "', 'name = "Other ', 1)
    assert other != TEXT and memo_path(other) != memo_path(TEXT)
    assert text_fingerprint(other, "rulebook test") == book_fingerprint(parse_rulebook(other, origin="test"))
    before = memo_path(TEXT)
    monkeypatch.setattr(book_memo, "engine_fingerprint", lambda: "another program")
    assert memo_path(TEXT) != before


def test_a_memo_that_holds_no_fingerprint_is_ignored_and_written_again() -> None:
    path = memo_path(TEXT)
    path.parent.mkdir(parents=True)
    path.write_text("not a fingerprint", encoding="ascii")
    parsed = book_fingerprint(parse_rulebook(TEXT, origin="test"))
    assert text_fingerprint(TEXT, "rulebook test") == parsed and path.read_text(encoding="ascii") == parsed


def test_a_refused_rulebook_is_not_remembered() -> None:
    assert text_fingerprint("this is = = not a rulebook", "rulebook test") is None
    assert not memo_path("this is = = not a rulebook").exists()


def test_the_games_list_through_the_memo_is_the_whole_seasons(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    svc = Services.open(str(db), exclusive=True)
    assert svc.import_file(str(DEMO)).ok
    svc.close()
    svc = Services.open(str(db), exclusive=True)
    whole = svc.game_list()  # remembers the fingerprint; the view read, its results stored when it closes
    svc.close()
    svc = Services.open(str(db), exclusive=True)
    try:
        season = svc.season_row()
        assert memo_path(season.rulebook.text).exists()
        narrow = svc.game_list()
        assert not svc.has_view(season.id)  # listed from the narrow read, with the remembered fingerprint
        assert narrow == whole
    finally:
        svc.close()
