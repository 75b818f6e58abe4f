"""A season file carries its rulebook (`rulebook_text`): an export made under a loaded rulebook imports into an
empty database; a text that is not the rulebook a database holds under that id is refused, naming it; loading the
carried rulebook is an office action like `rulebook load` (OFFICE)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.resources import resource_path
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON

WESTRIDGE = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
PASSWORD = "rink-office-2026!"


def other_rulebook(book_id: str = "other-league", fine_cents: int = 2000) -> str:
    """The shipped rulebook under another id (and, to tell texts apart, another first fine)."""
    return WESTRIDGE.replace('id = "westridge-2015-16"', f'id = "{book_id}"').replace(
        "fine_cents = 2000", f"fine_cents = {fine_cents}", 1)


def open_db(folder: Path, name: str) -> Services:
    return Services.open(str(folder / f"{name}.db"))


def exported_under_other(tmp_path: Path) -> dict[str, Any]:
    """The example season played under a rulebook loaded into its database, exported."""
    source = open_db(tmp_path, "source")
    try:
        path = tmp_path / "other.toml"
        path.write_text(other_rulebook(), encoding="utf-8")
        source.load_rulebook_file(path)
        data = json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))
        data["rulebook"] = "other-league"
        assert source.import_data(data).ok
        return json.loads(source.export_text())
    finally:
        source.close()


def write(tmp_path: Path, data: dict[str, Any], name: str = "season.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_export_carries_its_rulebook_and_imports_into_an_empty_database(tmp_path: Path):
    data = exported_under_other(tmp_path)
    assert data["rulebook"] == "other-league" and data["rulebook_text"] == other_rulebook()
    target = open_db(tmp_path, "empty")
    try:
        report = target.import_file(write(tmp_path, data))
        assert report.ok, [v.line() for v in report.violations]
        assert target.seasons()[0]["rulebook"] == "other-league"
        again = json.loads(target.export_text())
        assert again["computed"]["standings"] == data["computed"]["standings"]
        assert again["computed"]["fines"] == data["computed"]["fines"]
        assert any(e["action"] == "load rulebook" for e in target.audit())
        assert target.import_file(write(tmp_path, data)).ok  # the same file again: the rulebook is held now
    finally:
        target.close()


def test_office_loading_the_carried_rulebook_needs_the_office_password(tmp_path: Path):
    data = exported_under_other(tmp_path)
    target = open_db(tmp_path, "locked")
    try:
        target.set_office_password(PASSWORD)
        target.lock_office()
        report = target.import_file(write(tmp_path, data))
        assert not report.ok
        assert any(v.rule == "OFFICE" and "loads the rulebook 'other-league' it carries" in v.message
                   for v in report.violations)
        assert target.seasons() == [] and "other-league" not in {r["name"] for r in target.rulebooks()}
        assert target.unlock_office(PASSWORD)
        assert target.import_file(write(tmp_path, data)).ok
    finally:
        target.close()


def test_file_another_text_under_an_id_the_database_holds_is_refused(tmp_path: Path):
    data = exported_under_other(tmp_path)
    target = open_db(tmp_path, "holder")
    try:
        path = tmp_path / "theirs.toml"
        path.write_text(other_rulebook(fine_cents=2500), encoding="utf-8")
        target.load_rulebook_file(path)
        report = target.import_file(write(tmp_path, data))
        assert not report.ok and target.seasons() == []
        (problem,) = report.violations
        assert problem.where.endswith("rulebook_text")
        assert "not the rulebook 'other-league' this database holds" in problem.message
    finally:
        target.close()


def test_file_a_shipped_id_with_another_text_is_refused(tmp_path: Path):
    data = json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8"))
    data["rulebook_text"] = WESTRIDGE.replace("fine_cents = 2000", "fine_cents = 2500", 1)
    target = open_db(tmp_path, "shipped")
    try:
        report = target.import_file(write(tmp_path, data))
        assert not report.ok and target.seasons() == []
        assert "Scorekeeper ships" in report.violations[0].message
        data["rulebook_text"] = WESTRIDGE  # the shipped text itself: nothing to load
        assert target.import_file(write(tmp_path, data)).ok
    finally:
        target.close()


def test_file_a_season_keeps_its_rulebook_against_a_file_carrying_another(tmp_path: Path):
    target = open_db(tmp_path, "kept")
    try:
        assert target.import_file(EXAMPLE_SEASON).ok
        data = json.loads(target.export_text())
        data["rulebook_text"] = WESTRIDGE.replace("fine_cents = 2000", "fine_cents = 2500", 1)
        report = target.import_file(write(tmp_path, data))
        assert not report.ok
        assert "a season keeps the rulebook it is played under" in report.violations[0].message
    finally:
        target.close()


@pytest.mark.parametrize(("change", "says"), [
    ({"rulebook": "westridge-2015-16"}, "names the rulebook 'westridge-2015-16' but its rulebook_text is"),
    ({"rulebook_text": "id = \"x\"\n[[broken"}, "rulebook_text"),
    ({"rulebook_text": ""}, "rulebook_text must be a non-empty text"),
    ({"rulebook_text": 12}, "rulebook_text must be a non-empty text"),
])
def test_file_a_carried_rulebook_that_cannot_stand_is_refused_with_where(tmp_path: Path, change: dict[str, Any],
                                                                      says: str):
    data = {**json.loads(EXAMPLE_SEASON.read_text(encoding="utf-8")), "rulebook": "other-league",
            "rulebook_text": other_rulebook(), **change}
    target = open_db(tmp_path, "bad")
    try:
        report = target.import_file(write(tmp_path, data))
        assert not report.ok and target.seasons() == []
        assert any(says in v.message or says in v.where for v in report.violations), \
            [v.line() for v in report.violations]
    finally:
        target.close()
