"""The season's in-memory form is declared once (issue 28.1): scorekeeper/season_data.py is generated from the
records' declaration and kept current, and a season read from a file or from the database holds exactly the keys
it declares (every required key, no undeclared one), at any depth: games, their line-ups, events and
signatures, payments, the audit trail."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper import season_data
from scorekeeper.seasonfile import normalise, read_season_file
from scorekeeper.services import Services
from tests.benchmarks.league import write_league
from tests.data import EXAMPLE_SEASON
from tests.scorekeeper.test_results_records import mismatches
from tools.make_season_data import module_text


def test_the_module_is_what_the_declaration_writes() -> None:
    assert Path(season_data.__file__).read_text(encoding="utf-8") == module_text(), (
        "scorekeeper/season_data.py is out of date: run python tools/make_season_data.py")


def test_a_season_read_from_a_file_or_the_database_holds_the_declared_keys(tmp_path: Path) -> None:
    files = [EXAMPLE_SEASON, *write_league(tmp_path / "files", 2, 30, seed=5)]
    problems: set[str] = set()
    svc = Services.open(str(tmp_path / "league.db"))
    try:
        for path in files:
            problems.update(mismatches(season_data.SeasonData, normalise(read_season_file(path)), path.name))
            assert svc.import_file(str(path)).ok, path
        for season in (s["name"] for s in svc.seasons()):
            problems.update(mismatches(season_data.SeasonData, svc.view(season).data, f"stored {season}"))
        exported = tmp_path / "out.json"
        svc.export_file(str(exported))
        problems.update(mismatches(season_data.SeasonData, json.loads(exported.read_text(encoding="utf-8")),
                                   "export"))
    finally:
        svc.close()
    assert not problems, "\n".join(sorted(problems))


def test_the_check_sees_an_event_key_no_kind_declares() -> None:
    game: season_data.GameData = {"id": "g1", "date": "2016-01-10", "time": "19:00", "home": "a", "away": "b",
                                  "events": [{"type": "goal", "team": "home", "scorer": "p1"}]}
    game["events"][0]["sorcerer"] = "p2"  # type: ignore[typeddict-unknown-key]
    assert list(mismatches(season_data.GameData, game, "g1")) == [
        "g1.events[*] (EventData): missing [], undeclared ['sorcerer']"]
