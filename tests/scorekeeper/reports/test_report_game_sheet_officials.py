"""The game sheet a referee signs (issue 18, point 7): officials and their roles, the scorekeeper, the league's
game number, plain infraction names and a goaltending line per team, from a season file and from the window's
facade call; the season file keeps `officials` and `number` through export and import."""

from __future__ import annotations

import copy
import io
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.db.migrations import LATEST
from scorekeeper.reports.data import game_sheet_data
from scorekeeper.reports.game_sheet import build_game_sheet
from scorekeeper.services import Services
from tests.scorekeeper.reports.conftest import flat, pdf_pages
from tests.scorekeeper.reports.season_data import example_season

HOME = [{"player": "ot01", "goalie": True}, {"player": "ob", "goalie": True}, {"player": "ot02", "captain": True},
        {"player": "ot03"}, {"player": "ot04"}, {"player": "ot05"}, {"player": "ot06"}, {"player": "ot07"}]
AWAY = [{"player": "he01", "goalie": True}, {"player": "he02"}, {"player": "he03"}, {"player": "he04"},
        {"player": "he05"}, {"player": "he06"}, {"player": "he07"}]


def _event(kind: str, team: str, period: int, elapsed: str, **rest: Any) -> dict[str, Any]:
    return {"type": kind, "team": team, "period": period, "elapsed": elapsed, **rest}


def sheet_season() -> dict[str, Any]:
    """Game g201: numbered W-014, two referees (one from `referees`, one from `officials`, one named in both), a
    linesman, shots by half, the home goalie replaced at half-time and pulled late (an empty-net goal), a trip."""
    events = [
        _event("goal", "away", 1, "05:00", scorer="he05", assists=["he06"]),
        _event("goal", "home", 1, "08:00", scorer="ot02", assists=[]),
        _event("penalty", "away", 1, "12:00", player="he03", infraction="tripping"),
        _event("goalie", "home", 2, "00:00", action="in", player="ob"),
        _event("goal", "away", 2, "10:00", scorer="he06", assists=[]),
        _event("goalie", "home", 2, "19:00", action="pull"),
        _event("goal", "away", 2, "19:30", scorer="he07", assists=[]),
    ]
    return {
        "format": "scorekeeper.season/1", "league": "Westridge Sponge Hockey League", "season": "2015-16",
        "rulebook": "westridge-2015-16",
        "players": [{"id": "ob", "first": "Olive", "last": "Backup", "gender": "F"}],
        "roster": [{"team": "otters", "player": "ob", "number": 35, "position": "goalie", "signed": "2015-10-01"}],
        "games": [
            {"id": "g201", "number": "W-014", "date": "2015-12-06", "time": "20:15", "rink": "North Rink",
             "home": "otters", "away": "herons", "referees": ["Pat Quinn"],
             "officials": [{"name": "Pat Quinn", "role": "referee"}, {"name": "Sam Stripes", "role": "referee"},
                           {"name": "Lee Lines", "role": "linesman"}],
             "shots": {"home": [10, 12], "away": [9, 14]},
             "lineups": {"home": HOME, "away": AWAY}, "events": events},
            {"id": "g202", "date": "2015-12-13", "time": "19:00", "home": "herons", "away": "otters",
             "status": "scheduled", "shots": {"home": [7], "away": [6]},
             "lineups": {"home": AWAY, "away": HOME},
             "events": [_event("goalie", "away", 1, "10:00", action="in", player="ob"),
                        _event("timeout", "home", 1, "15:00")]},
            {"id": "g203", "date": "2015-12-20", "time": "19:00", "home": "otters", "away": "herons",
             "lineups": {"home": HOME, "away": AWAY}, "events": [{"type": "late", "team": "away", "minutes": 12}]},
        ],
    }


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    service = Services.open(str(tmp_path_factory.mktemp("sheet") / "season.db"))
    service.operator = "Dana Desk"
    for data in (example_season(), sheet_season()):
        report = service.import_data(data)
        assert report.ok, [v.line() for v in report.blocks]
    yield service
    service.close()


def sheet_text(svc: Services, game: str) -> tuple[bytes, str]:
    pdf = build_game_sheet(game_sheet_data(svc, game))
    return pdf, flat("\n".join(pdf_pages(pdf)))


def test_sheet_from_a_season_file_prints_number_officials_and_shots(svc):
    pdf, t = sheet_text(svc, "g201")
    assert "GAME NO. W-014" in t and "Game W-014" in t and "game W-014" in t  # the info box, heading and footer
    assert "g201" not in t  # the league's number replaces the id everywhere on the sheet
    assert "10 + 12 = 22" in t and "9 + 14 = 23" in t
    assert "REFEREE REFEREE LINESMAN SCOREKEEPER" in t
    assert "Pat Quinn Sam Stripes Lee Lines" in t and t.count("Pat Quinn") == 1
    assert t.count("name (print)") == 4 and t.count("signature") >= 4
    assert len(pdf_pages(pdf)) == 1


def test_plain_infraction_name_on_the_sheet(svc):
    _, t = sheet_text(svc, "g201")
    assert "1st 12:00 Herons #3 HE3 Herons Tripping Minor 2" in t
    assert "when it injures" not in t


def test_goaltending_lines_minutes_shots_saves_and_goals_against(svc):
    d = game_sheet_data(svc, "g201")
    home = [(g.number, g.name, g.minutes, g.shots_against, g.saves, g.goals_against) for g in d.home.goalies]
    away = [(g.number, g.name, g.minutes, g.shots_against, g.saves, g.goals_against) for g in d.away.goalies]
    # OT1 the first half (9 shots, 1 goal); Olive Backup the second until pulled at 19:00 (14 shots, 1 goal: the
    # empty-net goal at 19:30 counts against nobody); the Herons' goalie the whole game.
    assert home == [(30, "OT1 Otters", "20:00", 9, 8, 1), (35, "Olive Backup", "19:00", 14, 13, 1)]
    assert away == [(30, "HE1 Herons", "40:00", 22, 21, 1)]
    _, t = sheet_text(svc, "g201")
    assert "Goaltending" in t
    assert "Otters 30 OT1 Otters 20:00 9 8 1" in t
    assert "Otters 35 Olive Backup 19:00 14 13 1" in t
    assert "Herons 30 HE1 Herons 40:00 22 21 1" in t


def test_goalies_sharing_a_period_have_no_shots_or_saves(svc):
    d = game_sheet_data(svc, "g202")
    lines = [(g.name, g.minutes, g.shots_against, g.saves, g.goals_against) for g in d.away.goalies]
    assert lines == [("OT1 Otters", "10:00", None, None, 0), ("Olive Backup", "05:00", None, None, 0)]
    _, t = sheet_text(svc, "g202")  # not final: the minutes so far, to the last entry (15:00)
    assert "Otters 30 OT1 Otters 10:00 — — 0" in t and "Otters 35 Olive Backup 05:00 — — 0" in t


def test_a_game_forfeited_before_the_start_has_no_time_in_net(svc):
    d = game_sheet_data(svc, "g203")
    assert d.home.goalies == [] and d.away.goalies == []
    _, t = sheet_text(svc, "g203")
    assert "Otters no time in net (not played)" in t and "Herons no time in net (not played)" in t


def test_scorekeeper_is_the_operator_who_finished_the_game(svc):
    _, t = sheet_text(svc, "g202")
    assert game_sheet_data(svc, "g202").scorekeeper == "Dana Desk" and "Dana Desk" in t  # at the desk now
    assert svc.add_event("g202", _event("goal", "home", 1, "11:00", scorer="he05", assists=[])).ok
    svc.operator = "Robin Rinkside"
    assert svc.finish_game("g202", confirm=True).ok
    svc.operator = "Someone Else"
    d = game_sheet_data(svc, "g202")
    assert d.scorekeeper == "Robin Rinkside"
    assert game_sheet_data(svc, "g201").scorekeeper == ""  # typed in from a file: no one scored it here


def test_window_sets_number_and_officials_of_a_final_game_audited(svc):
    officials = [{"name": "Pat Quinn", "role": "referee"}, {"name": "  Ana   Ice ", "role": "referee"},
                 {"name": "Lee Lines", "role": "linesman"}, {"name": "Kim Count", "role": "scorekeeper"},
                 {"name": "", "role": "linesman"}]
    result = svc.set_game_details("g001", "W-001", officials)
    assert result.ok and result.changes is not None and "g001" in result.changes.games
    g = svc.export()["games"][0]
    assert g["number"] == "W-001" and "referees" not in g
    assert g["officials"] == [{"name": "Pat Quinn", "role": "referee"}, {"name": "Ana Ice", "role": "referee"},
                              {"name": "Lee Lines", "role": "linesman"}, {"name": "Kim Count", "role": "scorekeeper"}]
    entry = [e for e in svc.audit(game="g001") if e["action"] == "game details"][-1]
    assert entry["operator"] and entry["after"]["number"] == "W-001"
    d = game_sheet_data(svc, "g001")
    assert (d.game_number, d.referees, d.linesmen, d.scorekeeper) == ("W-001", ["Pat Quinn", "Ana Ice"],
                                                                     ["Lee Lines"], "Kim Count")
    assert svc.game("g001")["status"] == "final"  # no reopen was needed: paperwork changes no outcome
    # a blank number goes back to the id; an unknown role is refused, naming it, and nothing changes
    assert svc.set_game_details("g001", " ", officials[:1]).ok
    assert game_sheet_data(svc, "g001").game_number == "g001"
    refused = svc.set_game_details("g001", "W-001", [{"name": "Jo", "role": "judge"}])
    assert not refused.ok and "judge" in refused.violations[0].message
    assert game_sheet_data(svc, "g001").referees == ["Pat Quinn"]


def test_export_and_import_keep_officials_and_number(svc, tmp_path: Path):
    exported = svc.export()
    g201 = next(g for g in exported["games"] if g["id"] == "g201")
    assert g201["number"] == "W-014" and g201["referees"] == ["Pat Quinn"]
    assert g201["officials"][2] == {"name": "Lee Lines", "role": "linesman"}
    data = {k: v for k, v in exported.items() if k not in ("audit", "computed")}
    other = Services.open(str(tmp_path / "other.db"))
    try:
        assert other.import_data(copy.deepcopy(data)).ok
        again = other.export()
        assert [g for g in again["games"]] == [g for g in data["games"]]
    finally:
        other.close()


@pytest.mark.parametrize(("officials", "number", "message"), [
    ([{"name": "Jo", "role": "judge"}], None, "role must be one of referee, linesman, scorekeeper"),
    ([{"name": "  ", "role": "referee"}], None, "name must be a text that is not blank"),
    ([{"name": "Jo"}], None, "a game official needs 'role'"),
    ([{"name": "Jo", "role": "referee", "badge": 7}], None, "unknown key 'badge' in a game official"),
    ("Jo", None, "officials must be a list"),
    (None, 14, "number must be a text of 1 to 20 characters"),
    (None, "", "number must be a text of 1 to 20 characters"),
])
def test_season_file_refuses_malformed_officials_and_number(svc, officials, number, message):
    data = sheet_season()
    game = data["games"][0]
    game["id"] = "g299"
    game.pop("officials")
    if officials is not None:
        game["officials"] = officials
    if number is not None:
        game["number"] = number
    report = svc.import_data(data)
    assert not report.ok
    assert any(message in v.message and "games[0]" in (v.where or "") for v in report.blocks), \
        [v.line() for v in report.blocks]


def test_migration_6_adds_number_and_officials_once(tmp_path: Path):
    path = tmp_path / "old.db"
    first = Services.open(str(path))
    assert first.import_data(example_season()).ok
    first.close()
    con = sqlite3.connect(path)
    for column in ("number", "officials"):
        con.execute(f"alter table game drop column {column}")
    con.execute("update meta set value = '5' where key = 'schema_version'")
    con.commit()
    con.close()
    for _ in range(2):  # the second time the columns are there already: nothing is added twice
        again = Services.open(str(path))
        assert [g["id"] for g in again.export()["games"]] == ["g001", "g002", "g003", "g004"]
        assert again.set_game_details("g001", "W-001", [{"name": "Pat Quinn", "role": "referee"}]).ok
        again.close()
        con = sqlite3.connect(path)
        assert {"number", "officials"} <= {r[1] for r in con.execute("pragma table_info(game)")}
        assert con.execute("select value from meta where key = 'schema_version'").fetchone()[0] == str(LATEST)
        con.execute("update meta set value = '5' where key = 'schema_version'")
        con.commit()
        con.close()


def test_rendered_sheet_page_shows_the_goaltending_and_officials(svc):
    import pypdfium2 as pdfium

    pdf, _ = sheet_text(svc, "g201")
    page = pdfium.PdfDocument(io.BytesIO(pdf))[0]
    image = page.render(scale=1.5).to_pil().convert("L")
    width, height = image.size
    assert (width, height) == (918, 1188)
    dark = sum(image.histogram()[:128])
    assert dark > 0.02 * width * height  # text and rules drawn, not a blank page


def test_many_officials_sign_on_rows_of_at_most_five(svc):
    crew = [{"name": f"Referee {n}", "role": "referee"} for n in "ABCD"]
    crew += [{"name": f"Linesman {n}", "role": "linesman"} for n in "XYZ"]
    assert svc.set_game_details("g203", None, crew).ok
    pdf, t = sheet_text(svc, "g203")
    # eight signature lines (four referees, three linesmen, the scorekeeper) in two rows of four
    assert t.count("name (print)") == 8 and len(pdf_pages(pdf)) == 1
    assert "REFEREE REFEREE REFEREE REFEREE Referee A Referee B Referee C Referee D" in t
    assert "LINESMAN LINESMAN LINESMAN SCOREKEEPER Linesman X Linesman Y Linesman Z" in t
