"""Another league's rulebook loaded into the database (`Services.load_rulebook_file`): checked whole, kept as
loaded, named by a season file or a new season, and an office action (OFFICE) where a password is set."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.resources import resource_path
from scorekeeper.services import ServiceError, Services

WESTRIDGE = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")


def league_file(folder: Path, book_id: str = "other-league", minutes: int = 20) -> Path:
    path = folder / f"{book_id}.toml"
    path.write_text(WESTRIDGE.replace('id = "westridge-2015-16"', f'id = "{book_id}"')
                    .replace("periods = 2 ", "periods = 3 ").replace("period_min = 20", f"period_min = {minutes}"),
                    encoding="utf-8")
    return path


@pytest.fixture
def svc(tmp_path: Path):
    s = Services.open(str(tmp_path / "league.db"))
    yield s
    s.close()


def test_game_1_a_loaded_rulebook_makes_a_new_season(svc: Services, tmp_path: Path):
    done = svc.load_rulebook_file(league_file(tmp_path))
    assert done == {"name": "other-league", "league": "Westridge Sponge Hockey League",
                    "title": "Westridge Sponge Hockey League rulebook 2015-16", "loaded": True}
    svc.create_season("Other League", "2026", "other-league")
    assert svc.seasons() == [{"name": "2026", "league": "Other League", "rulebook": "other-league"}]
    assert svc.view("2026").book.clock.periods == 3
    names = {r["name"]: r for r in svc.rulebooks()}
    assert names["other-league"] == {"name": "other-league", "source": "database", "seasons": ["2026"]}


def test_game_1_a_season_keeps_the_text_it_is_played_under(svc: Services, tmp_path: Path):
    svc.load_rulebook_file(league_file(tmp_path))
    svc.create_season("Other League", "2026", "other-league")
    with pytest.raises(ServiceError, match="already loaded"):
        svc.load_rulebook_file(league_file(tmp_path, minutes=15))
    assert svc.view("2026").book.clock.period_min == 20


def test_game_1_a_shipped_rulebook_id_is_not_taken_over(svc: Services, tmp_path: Path):
    path = tmp_path / "fake.toml"
    path.write_text(WESTRIDGE.replace("period_min = 20", "period_min = 15"), encoding="utf-8")
    with pytest.raises(ServiceError, match="one Scorekeeper ships"):
        svc.load_rulebook_file(path)
    exact = tmp_path / "same.toml"
    exact.write_text(WESTRIDGE, encoding="utf-8")
    assert svc.load_rulebook_file(exact)["name"] == "westridge-2015-16"


@pytest.mark.parametrize(("text", "expected"), [
    ("not = [toml", "not valid TOML"),
    (WESTRIDGE.replace("periods = 2 ", "periods = 0 "), "clock.periods"),
    (WESTRIDGE.replace("[shootout]", "[shootout]\nbest_of = 3"), "best_of"),
])
def test_game_1_a_broken_file_is_refused_whole_naming_the_key(svc: Services, tmp_path: Path, text: str,
                                                              expected: str):
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ServiceError, match=expected):
        svc.load_rulebook_file(path)
    assert [r["source"] for r in svc.rulebooks()] == ["shipped"]


def test_office_loading_a_rulebook_needs_the_office_password(svc: Services, tmp_path: Path):
    svc.set_office_password("s3cret")
    svc.lock_office()
    with pytest.raises(ServiceError, match="office password"):
        svc.load_rulebook_file(league_file(tmp_path))
    assert [r["source"] for r in svc.rulebooks()] == ["shipped"]
    assert svc.unlock_office("s3cret")
    assert svc.load_rulebook_file(league_file(tmp_path))["loaded"] is True
