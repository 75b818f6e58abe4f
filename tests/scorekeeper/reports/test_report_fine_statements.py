"""End-of-season fine statements (issue 5, point 2): one invoice per team, billed, paid and due."""

from __future__ import annotations

import pytest

from scorekeeper.reports.data import ReportError, cents, fine_statements_data
from scorekeeper.reports.fine_statements import build_fine_statements
from scorekeeper.reports.styles import money
from tests.scorekeeper.reports.conftest import ISSUED, flat, pdf_pages


def statements(svc, team=None) -> list[str]:
    return [flat(p) for p in pdf_pages(build_fine_statements(fine_statements_data(svc, team=team, date=ISSUED)))]


def test_money_is_printed_from_integer_cents():
    assert money(2000) == "$20.00" and money(5) == "$0.05" and money(-1000) == "-$10.00"
    assert money(123456) == "$1,234.56"
    assert cents("20.00") == 2000 and cents("-10.00") == -1000 and cents("0.50") == 50


def test_one_statement_per_team_each_with_its_billed_paid_and_due(svc):
    pages = statements(svc)
    teams = svc.teams()
    assert len(pages) == len(teams) == 4
    totals = {t["team"]: t for t in svc.fines()["totals"]}
    for page, team in zip(pages, teams, strict=True):
        tot = totals[team["id"]]
        assert f"Statement 2015-16 {team['name']}" in page and "TEAM ID" not in page  # a name, never the id
        assert f"Total fines {money(cents(tot['fines']))}" in page
        assert f"Total payments {money(-cents(tot['paid']))}" in page
        due = cents(tot["balance"])
        label = "BALANCE DUE" if due >= 0 else "CREDIT BALANCE"
        assert f"{label} {money(due)}" in page
        assert "Page 1 of 1" in page  # pages are numbered within each statement


def test_otters_statement_lines_subtotals_payment_and_captain(svc):
    (page,) = statements(svc, "otters")
    assert "BILLED TO Otters Co-ed Division 1 Attn: OT2 Otters, team captain otters.captain@example.org" in page
    assert "STATEMENT NO. 2015-16 Otters" in page and "STATEMENT DATE April 1, 2016" in page
    assert ("2015-10-25 g101 vs Herons #4 OT4 Otters Fighting PEN-FIGHT-1 §1 l; §6 X; fines table FINE-7 5 games "
            "$50.00") in page
    assert "Player fines subtotal $50.00" in page and "Team fines subtotal $0.00" in page
    assert "Payment received 2015-11-02 (Team) — cheque 118 -$20.00" in page
    assert "BALANCE DUE $30.00" in page


def test_player_payment_counts_for_the_players_team(svc):
    (page,) = statements(svc, "herons")
    assert "#21 François Lefèbvre Fighting PEN-FIGHT-1 §1 l; §6 X; fines table FINE-7 5 games $50.00" in page
    assert "Payment received 2015-11-03 (François Lefèbvre) — cash at canteen -$50.00" in page
    assert "BALANCE DUE $0.00" in page


def test_overpaid_team_shows_a_credit(svc):
    (page,) = statements(svc, "lynx")
    assert "No fines this season." in page and "CREDIT BALANCE -$10.00" in page


def test_how_to_pay_and_how_to_appeal_section_8(svc):
    (page,) = statements(svc, "otters")
    assert "HOW TO PAY" in page and "quoting statement no. 2015-16 Otters" in page
    assert "Official League Appeal Form" in page and "canteen at a cost of $10.00" in page
    assert "NO E-MAIL APPEALS OR PHONE CALLS WILL BE ACCEPTED." in page


def test_one_team_alone_and_unknown_team(svc):
    assert len(statements(svc, "owls")) == 1
    with pytest.raises(ReportError, match="no team 'nope'"):
        fine_statements_data(svc, team="nope")


def test_statement_date_defaults_to_today_and_rejects_a_bad_date(svc):
    import datetime as dt

    assert fine_statements_data(svc).date == dt.date.today().isoformat()
    with pytest.raises(ReportError, match="not a date"):
        fine_statements_data(svc, date="April 1")


def test_repeatable_output(svc):
    data = fine_statements_data(svc, date=ISSUED)
    assert build_fine_statements(data) == build_fine_statements(data)
