"""Issue 14: long unbroken names never break a printed record (they were "internal error: LayoutError" from 50
characters in the standings and 200 on the game sheet). Every team, player, division, referee and rink name,
the league's name and the game's notes are 300 characters without a space: each record is a valid PDF, the name
printed shortened (tables and boxes cannot split over pages), the free text in full."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.reports import data
from scorekeeper.reports.data import LeaderRow, StandingsData, printed_name
from scorekeeper.reports.fine_statements import build_fine_statements
from scorekeeper.reports.game_sheet import build_game_sheet
from scorekeeper.reports.standings_report import build_standings_report
from scorekeeper.reports.suspension_notice import build_suspension_notices
from scorekeeper.services import Services
from tests.scorekeeper.reports.conftest import pdf_pages
from tests.scorekeeper.reports.season_data import example_season, rough_season

LENGTH = 300


def long(tag: str) -> str:
    """`tag` and then letters, no space, LENGTH characters in all."""
    return (tag + "Abcdefghij" * LENGTH)[:LENGTH]


def _long_season() -> list[dict[str, Any]]:
    base, rough = example_season(), rough_season()
    for t in base["teams"]:
        t["name"] = long(f"Team{t['id']}")
    for p in base["players"] + rough.get("players", []):
        p["first"], p["last"] = long(f"First{p['id']}"), long("Last")
    for d in base["divisions"]:
        d["name"] = long(f"Division{d['id']}")
    base["league"] = rough["league"] = long("League")
    for g in rough["games"]:
        g["referees"] = [long("Referee"), "Pat Quinn"]
        g["rink"] = long("Rink")
        if g.get("notes"):
            g["notes"] = long("GameNotes")
        for e in g["events"]:
            if e["type"] == "note":
                e["text"] = long("IncidentNote")
    return [base, rough]


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    service = Services.open(str(tmp_path_factory.mktemp("long") / "season.db"))
    for part in _long_season():
        report = service.import_data(copy.deepcopy(part))
        assert report.ok, [v.line() for v in report.blocks]
    yield service
    service.close()


def _text(pdf: bytes) -> str:
    """The PDF's text with every space and line break removed (a long name wraps inside its cell)."""
    return "".join("".join(pdf_pages(pdf)).split())


def _shown(name: str) -> str:
    return printed_name(name).rstrip("…")


def test_printed_name_is_cut_with_an_ellipsis_and_short_names_are_unchanged():
    assert printed_name("Otters") == "Otters"
    cut = printed_name(long("Team"))
    assert len(cut) == data.NAME_LIMIT and cut.endswith("…") and cut.startswith("TeamAbcdefghij")
    assert printed_name("Line\nbreak  name") == "Line break name"


def test_game_sheet_with_300_character_names_is_a_valid_pdf(svc: Services):
    text = _text(build_game_sheet(data.game_sheet_data(svc, "g101")))
    for name in (long("Teamotters"), long("Teamherons"), long("Referee"), long("Rink"), long("League")):
        assert _shown(name)[:40] in text, name[:20]
    assert long("GameNotes") in text  # free text is printed whole, wrapped
    assert long("IncidentNote") in text
    assert _shown(f"{long('Firstot02')} {long('Last')}")[:40] in text


def test_standings_with_300_character_names_is_a_valid_pdf(svc: Services):
    text = _text(build_standings_report(data.standings_data(svc, date="2016-04-01")))
    for name in (long("Teamotters"), long("Divisioncoed1"), long("League")):
        assert _shown(name)[:30] in text, name[:20]


def test_fine_statements_with_300_character_names_are_a_valid_pdf(svc: Services):
    text = _text(build_fine_statements(data.fine_statements_data(svc, date="2016-04-01")))
    assert _shown(long("Teamotters"))[:40] in text
    assert _shown(long("League"))[:40] in text


def test_suspension_notices_with_300_character_names_are_a_valid_pdf(svc: Services):
    suspended = {s["player"] for s in svc.suspensions()["suspensions"]}
    assert suspended
    for player in sorted(suspended):
        text = _text(build_suspension_notices(data.suspension_notices_data(svc, player, date="2016-04-01")))
        assert _shown(f"{long('First' + player)} {long('Last')}")[:40] in text


def test_print_command_writes_every_record_with_long_names(svc: Services, tmp_path: Path):
    from scorekeeper.cli import _command, build_parser

    player = sorted({s["player"] for s in svc.suspensions()["suspensions"]})[0]
    for doc in (["game-sheet", "g101"], ["standings"], ["fine-statements"], ["suspension-notice", player]):
        out = tmp_path / f"{doc[0]}.pdf"
        assert _command(svc, build_parser().parse_args(["print", *doc, "-o", str(out)])) == 0
        assert out.read_bytes().startswith(b"%PDF-") and pdf_pages(out.read_bytes())


def test_standings_leaders_too_long_for_one_page_side_by_side_run_on(svc: Services):
    d: StandingsData = data.standings_data(svc, date="2016-04-01")
    d.scorers = [LeaderRow(i, printed_name(long(f"Scorer{i}")), printed_name(long("Team")), 1, 1, 0, 1, 0)
                 for i in range(1, 120)]
    text = _text(build_standings_report(d))
    assert "Scorer119" in text and "Scorer1Abc" in text
