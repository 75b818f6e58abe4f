"""Printed records of a league whose rulebook has shootouts (GAME-2, PTS-2): the game sheet's SO column and
result line, the standings report's SOW/SOL columns and its points note. The Westridge prints are unchanged
(their tests)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.reports.data import game_sheet_data, standings_data
from scorekeeper.reports.game_sheet import build_game_sheet
from scorekeeper.reports.standings_report import build_standings_report
from scorekeeper.resources import resource_path
from scorekeeper.services import Services
from tests.scorekeeper.reports.conftest import ISSUED, flat, pdf_pages

BOOK = "shootout-league"


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    folder = tmp_path_factory.mktemp("shootout-reports")
    text = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
    book = Path(folder / f"{BOOK}.toml")
    book.write_text(text.replace('id = "westridge-2015-16"', f'id = "{BOOK}"').replace("periods = 2 ", "periods = 3 ")
                    .replace("[shootout]                       # the Westridge rulebook has no shootout\n"
                             "regular = false", "[shootout]\nregular = true").replace("so_loss = 0", "so_loss = 1"),
                    encoding="utf-8")
    service = Services.open(str(folder / "league.db"))
    service.load_rulebook_file(book)
    teams = ("a", "b")
    lineups = {side: [{"player": f"{t}1", "goalie": True}] + [{"player": f"{t}{n}"} for n in range(2, 8)]
               for side, t in (("home", "a"), ("away", "b"))}
    goals = [{"type": "goal", "team": "home", "period": 1, "elapsed": "05:00", "scorer": "a2", "assists": ["a3"]},
             {"type": "goal", "team": "away", "period": 3, "elapsed": "15:00", "scorer": "b2", "assists": []}]
    shootout = {"type": "shootout", "team": "away", "attempts": [
        {"team": "home", "shooter": "a2", "scored": False}, {"team": "away", "shooter": "b3", "scored": True},
        {"team": "home", "shooter": "a3", "scored": False}, {"team": "away", "shooter": "b4", "scored": False}]}
    report = service.import_data({
        "format": "scorekeeper.season/1", "league": "Three Period League", "season": "2026", "rulebook": BOOK,
        "divisions": [{"id": "d", "name": "Division D", "coed": False}],
        "teams": [{"id": t, "name": f"Team {t.upper()}", "division": "d"} for t in teams],
        "players": [{"id": f"{t}{n}", "first": f"P{n}", "last": t.upper()} for t in teams for n in range(1, 8)],
        "roster": [{"team": t, "player": f"{t}{n}", "number": n, "position": "goalie" if n == 1 else "skater"}
                   for t in teams for n in range(1, 8)],
        "games": [{"id": "s1", "date": "2026-01-10", "time": "19:00", "stage": "regular", "home": "a", "away": "b",
                   "status": "final", "lineups": lineups, "events": [*goals, shootout]}]})
    assert report.ok, [v.line() for v in report.violations]
    yield service
    service.close()


def test_game_2_game_sheet_has_a_shootout_column_and_says_who_won_it(svc: Services):
    (page,) = [flat(p) for p in pdf_pages(build_game_sheet(game_sheet_data(svc, "s1")))]
    assert "1st 2nd 3rd OT SO Final" in page
    assert "Team A HOME 1 0 0 0 0 1" in page and "Team B AWAY 0 0 1 0 1 2" in page
    assert "Result: Team B win 2–1 in a shootout" in page


def test_pts_2_standings_report_counts_shootouts(svc: Services):
    (page,) = [flat(p) for p in pdf_pages(build_standings_report(standings_data(svc, date=ISSUED)))]
    assert "OTW OTL SOW SOL PTS" in page
    assert "1 Team B 1 1 0 0 0 0 1 0 2 2 1 +1 0" in page and "2 Team A 1 0 1 0 0 0 0 1 1 1 2 -1 0" in page
    assert "shootout win 2, shootout loss 1" in page and "SOW/SOL shootout wins/losses" in page
