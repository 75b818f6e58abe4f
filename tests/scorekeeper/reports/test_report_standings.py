"""Standings and leaders report (issue 5, point 4)."""

from __future__ import annotations

from scorekeeper.reports.data import standings_data
from scorekeeper.reports.standings_report import build_standings_report
from tests.scorekeeper.reports.conftest import ISSUED, flat, pdf_pages


def test_every_division_row_and_the_leaders(svc):
    pdf = build_standings_report(standings_data(svc, date=ISSUED))
    (page,) = [flat(p) for p in pdf_pages(pdf)]
    table = svc.standings()
    names = {t["id"]: t["name"] for t in svc.teams()}
    assert "Co-ed Division 1" in page and "Co-ed Division 2" in page
    for div in table["divisions"]:
        for r in div["rows"]:
            diff = f"{r['diff']:+d}" if r["diff"] else "0"
            row = (f"{r['rank']} {names[r['team']]} {r['gp']} {r['w']} {r['l']} {r['t']} {r['otw']} {r['otl']} "
                   f"{r['pts']} {r['gf']} {r['ga']} {diff} {r['pim']}")
            assert row in page, row
    assert "Scoring leaders" in page and "1 OT2 Otters Otters 4 2 3 5" in page
    assert "Penalty leaders" in page and "1 François Lefèbvre Herons 1 15" in page
    assert "through November 1, 2015" in page


def test_repeatable_output(svc):
    data = standings_data(svc, date=ISSUED)
    assert build_standings_report(data) == build_standings_report(data)


def test_every_goalie_with_his_record(svc):
    pdf = build_standings_report(standings_data(svc, date=ISSUED))
    (page,) = [flat(p) for p in pdf_pages(pdf)]
    assert "Goaltending" in page and "Goalie Team GP W L OTL MIN SV% GAA SO" in page
    names = {t["id"]: t["name"] for t in svc.teams()}
    for r in svc.stats()["goalies"]:
        gaa = "—" if r["gaa"] is None else f"{r['gaa']:.2f}"
        sv = "—" if r["sv_pct"] is None else f"{r['sv_pct']:.3f}".lstrip("0")
        row = f"{names[r['team']]} {r['gp']} {r['w']} {r['l']} {r['otl'] + r['sol']} {r['min']} {sv} {gaa} {r['so']}"
        assert row in page, r
    assert any(r["sv_pct"] is not None for r in svc.stats()["goalies"])  # shots recorded: a save percentage
