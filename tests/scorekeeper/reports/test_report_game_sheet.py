"""The official game sheet (issue 5, point 1): one Letter page, every goal, penalty, ejection and fine."""

from __future__ import annotations

import time

import pytest

from scorekeeper.reports.data import ReportError, game_sheet_data
from scorekeeper.reports.game_sheet import build_game_sheet
from tests.scorekeeper.reports.conftest import flat, pdf_pages


def sheet(svc, game: str) -> tuple[bytes, str]:
    pdf = build_game_sheet(game_sheet_data(svc, game))
    pages = pdf_pages(pdf)
    return pdf, "\n".join(pages)


def test_rough_game_fits_one_letter_page(svc):
    import io

    from pypdf import PdfReader

    pdf = build_game_sheet(game_sheet_data(svc, "g101"))
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)  # US Letter


def test_header_game_facts_and_teams(svc):
    _, text = sheet(svc, "g101")
    t = flat(text)
    for expected in ("Westridge Sponge Hockey League", "OFFICIAL GAME SHEET", "Season 2015-16", "g101",
                     "Co-ed Division 1", "October 25, 2015", "19:00", "Westridge Community Centre",
                     "Regular season", "Otters", "Herons", "FINAL", "Page 1 of 1"):
        assert expected in t, expected
    assert "DRAFT" not in t


def test_score_by_period_final_and_decision(svc):
    g = svc.game("g101")
    _, text = sheet(svc, "g101")
    t = flat(text)
    assert "Otters win 3–2 in overtime" in t
    assert g["by_period"] == {"home": [2, 0, 1], "away": [1, 1, 0]}
    assert "Otters HOME 2 0 1 3" in t and "Herons AWAY 1 1 0 2" in t
    assert "11 + 9 + 2 = 22" in t and "8 + 12 + 1 = 21" in t  # shots where recorded
    assert "2nd 15:00" in t  # the home timeout


def test_every_goal_with_scorer_assists_and_strength(svc):
    g = svc.game("g101")
    _, text = sheet(svc, "g101")
    t = flat(text)
    assert f"Goals ({len(g['goals'])})" in t
    assert "1 1st 02:00 Otters #2 OT2 Otters #19 Zoë Ñúñez EV" in t
    assert "2 1st 05:00 Otters #5 OT5 Otters #2 OT2 Otters PP" in t
    assert "3 1st 08:00 Herons #6 HE6 Herons #5 HE5 Herons PP" in t
    assert "4 2nd 14:00 Herons #5 HE5 Herons unassisted EV" in t
    assert "5 OT 02:10 Otters #3 OT3 Otters #19 Zoë Ñúñez, #7 OT7 Otters EV" in t


def test_every_penalty_with_served_by_class_and_times(svc):
    g = svc.game("g101")
    _, text = sheet(svc, "g101")
    t = flat(text)
    assert f"Penalties ({len(g['penalties'])})" in t
    # A goalie's minor served by a teammate (PEN-GOALIE-1), ended early by the power-play goal.
    assert "1st 07:00 Otters #30 OT1 Otters #6 OT6 Otters Slashing Minor 2 07:00 08:00*" in t
    assert "1st 12:00 Otters #4 OT4 Otters (not named) Fighting Major + game misc. 5 12:00 17:00" in t
    assert "1st 12:00 Herons #21 François Lefèbvre (not named) Fighting Major + game misc. 5 12:00 17:00" in t
    for time_, infraction in (("03:00", "Hooking"), ("06:00", "Holding an opponent or his stick"),
                              ("10:00", "Tripping Minor 2")):
        assert f"2nd {time_} Herons #2 HE2 Herons" in t and infraction in t
    assert "when it injures" not in t  # the plain infraction name (issue 18): the class column says the rest
    assert "2nd 18:00 Otters #19 Zoë Ñúñez Interference Minor 2 18:00 20:00" in t


def test_ejections_suspensions_and_fines_with_rule_and_section(svc):
    g = svc.game("g101")
    _, text = sheet(svc, "g101")
    t = flat(text)
    assert {e["player"] for e in g["ejections"]} == {"ot04", "fl", "he02"}
    assert "#2 HE2 Herons Herons Ejected: Third penalty ejects PEN-GEN-3 §4 I c; §4 XI a; fines table" in t
    for who, team in (("#4 OT4 Otters", "Otters"), ("#21 François Lefèbvre", "Herons")):
        assert (f"{who} {team} Ejected (fighting); suspended 5 games (Director review); player fine PEN-FIGHT-1 "
                "§1 l; §6 X; fines table $50.00") in t
    assert t.count("EJECTED") == 3  # marked in the line-ups too


def test_lineups_numbers_marks_points_and_pim(svc):
    _, text = sheet(svc, "g101")
    t = flat(text)
    assert "30 OT1 Otters GK 2" in t  # goalie, 2 PIM
    assert "2 OT2 Otters C 1 1" in t  # captain, 1 goal 1 assist
    assert "19 Zoë Ñúñez 2 2" in t
    assert "21 François Lefèbvre EJECTED 15" in t
    assert "Totals 3 4 19" in t and "Totals 2 1 23" in t


def test_referees_signature_lines_notes_and_incident_reports(svc):
    _, text = sheet(svc, "g101")
    t = flat(text)
    assert "Pat Quinn" in t and "Renée Lévesque" in t and "SCOREKEEPER" in t and t.count("name (print)") == 3
    assert "Incident report: Scuffle at the home bench after the fight; both benches warned." in t
    assert "reported for fighting (PEN-REPORT-1)" in t
    assert "Note: Ice resurfaced late; game started 19:10." in t


def test_suspended_players_who_did_not_dress_show_game_k_of_n(svc):
    _, text = sheet(svc, "g102")
    t = flat(text)
    assert "OT4 Otters did not dress: suspended, game 1 of 5 (PEN-FIGHT-1, from game g101)" in t
    assert "François Lefèbvre did not dress: suspended, game 1 of 5 (PEN-FIGHT-1, from game g101)" in t
    _, text = sheet(svc, "g103")
    assert "game 2 of 5" in flat(text)


def test_draft_mark_until_the_game_is_final(svc):
    pdf, text = sheet(svc, "g103")
    t = flat(text)
    assert "DRAFT — NOT FINAL" in t and "DRAFT (not final)" in t
    assert "Game not final (score so far Otters 1, Herons 0)" in t
    assert len(pdf_pages(pdf)) == 1


def test_forfeit_lateness_penalty_shot_and_awarded_goal(svc):
    _, text = sheet(svc, "g003")
    t = flat(text)
    assert "awarded goal" in t and "AWD" in t and " PS" in t
    assert "Herons win 2–1 in regulation" in t


def test_repeatable_output(svc):
    a = build_game_sheet(game_sheet_data(svc, "g101"))
    b = build_game_sheet(game_sheet_data(svc, "g101"))
    assert a == b


def test_unknown_game_is_a_clear_error(svc):
    with pytest.raises(ReportError, match="no game 'nope'"):
        game_sheet_data(svc, "nope")


def test_builds_well_under_a_second(svc):
    data = game_sheet_data(svc, "g101")
    build_game_sheet(data)  # fonts registered once per process
    start = time.perf_counter()
    build_game_sheet(data)
    assert time.perf_counter() - start < 2.0  # generous on a loaded CI machine; typically ~0.05 s
