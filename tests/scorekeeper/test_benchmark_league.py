"""The benchmark's league generator (tests/benchmarks/league.py): its seasons import through the facade with no
refusal, and the suspensions it leaves unserved at a season's end carry into the next season (A-28)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.services import Services
from tests.benchmarks.league import LeagueGenerator, Season, league, write_league


@pytest.fixture(scope="module")
def seasons() -> list[Season]:
    return league(2, 200, seed=5)


@pytest.fixture(scope="module")
def imported(seasons: list[Season], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    svc = Services.open(str(tmp_path_factory.mktemp("league") / "league.db"))
    for season in seasons:
        report = svc.import_data(season.data)
        assert report.ok, [v.line() for v in report.violations if v.blocks][:5]
    yield svc
    svc.close()


def test_generated_seasons_are_real_leagues(seasons: list[Season]) -> None:
    first, second = (s.data for s in seasons)
    assert len(first["teams"]) == 40 and len(first["games"]) == 200
    assert first["games"][-1]["date"] < second["games"][0]["date"]  # consecutive, never overlapping
    assert {g["stage"] for g in first["games"]} == {"regular", "playoff"}
    codes = {e.get("infraction") for g in first["games"] for e in g["events"]}
    assert {"fighting", "abuse_of_officials"} <= codes
    assert any(e["type"] == "goalie" for g in first["games"] for e in g["events"])
    assert first["payments"] and all(s.fights for s in seasons)


def test_generated_league_imports_with_no_refusal_and_its_suspensions_bar_nobody_dressed(
        seasons: list[Season], imported: Services) -> None:
    for season in seasons:  # ELIG-2 would have refused the file; the suspensions are the generator's
        rows = imported.suspensions(season.name)["suspensions"]
        assert len(rows) == season.suspensions
        assert {r["player"] for r in rows if r["status"] == "active"} | {
            r["player"] for r in imported.carried_suspensions(season.name) if r["status"] == "active"
        } == season.barred_at_end


def test_suspensions_left_at_a_seasons_end_carry_into_the_next(seasons: list[Season], imported: Services) -> None:
    carried = imported.carried_suspensions(seasons[1].name)
    assert seasons[0].carried_out
    assert sorted({r["player"] for r in carried}) == seasons[0].carried_out
    assert all(r["season"] == seasons[0].name and r["served"] >= 1 for r in carried)


def test_league_files_import_through_the_facade_as_written(tmp_path: Path) -> None:
    paths = write_league(tmp_path / "files", 1, 60, seed=3)
    svc = Services.open(str(tmp_path / "one.db"))
    try:
        report = svc.import_file(paths[0])
        assert report.ok, [v.line() for v in report.violations if v.blocks][:5]
        assert len(svc.view().games) == 60
    finally:
        svc.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_other_seeds_generate_seasons_the_facade_accepts(seed: int, tmp_path: Path) -> None:
    gen = LeagueGenerator(seed=seed)
    svc = Services.open(str(tmp_path / "seed.db"))
    try:
        for season in (gen.season(250), gen.season(250)):
            report = svc.import_data(season.data)
            assert report.ok, [v.line() for v in report.violations if v.blocks][:5]
            assert len(svc.suspensions(season.name)["suspensions"]) == season.suspensions
    finally:
        svc.close()
