"""The standings report prints the columns leagues print (issue 30.4) under each division's table."""

from __future__ import annotations

from scorekeeper.reports.data import standings_data
from scorekeeper.reports.standings_report import build_standings_report
from scorekeeper.season.standings import readable
from tests.scorekeeper.reports.conftest import ISSUED, flat, pdf_pages


def test_every_row_has_its_shares_last_ten_streak_home_and_away(svc):
    pdf = build_standings_report(standings_data(svc, date=ISSUED))
    page = " ".join(flat(p) for p in pdf_pages(pdf))
    names = {t["id"]: t["name"] for t in svc.teams()}
    assert "Rk Team P% GF% L10 STRK HOME AWAY" in page
    for div in svc.standings()["divisions"]:
        for r in div["rows"]:
            x = readable(r)
            row = (f"{r['rank']} {names[r['team']]} {x['pts_pct']} {x['gf_pct']} {x['l10']} {x['streak']} "
                   f"{x['home']} {x['away']}")
            assert row in page, row
            assert x["gf_pct"].startswith(".") or x["gf_pct"] in ("1.000", "-")
