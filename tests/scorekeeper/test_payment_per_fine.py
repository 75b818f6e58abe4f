"""Issue 18 point 8: a payment recorded against one fine (the season file's `fine`) or a team's balance; the fine
statements show a player's payment on his fine."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.reports.data import fine_statements_data
from scorekeeper.services import ServiceError, Services

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    svc = Services.open(str(tmp_path / "league.db"))
    svc.operator = "Pat"
    assert svc.import_file(str(DEMO)).ok
    yield svc
    svc.close()


def player_fine(svc: Services) -> dict[str, Any]:
    return next(f for f in svc.fines()["fines"] if "player" in f["payer"])


def test_a_payment_against_one_fine_is_shown_on_that_fine(svc: Services) -> None:
    fine = player_fine(svc)
    payment = {"payer": fine["payer"], "amount": "20.00", "date": "2015-12-01", "memo": "cash",
               "fine": {"game": fine["game"], "rule": fine["rule"]}}
    assert svc.record_payment(payment).ok
    totals = {t["team"]: t for t in svc.fines()["totals"]}
    assert totals[fine["team"]]["paid"] == "20.00"
    statement = fine_statements_data(svc, team=fine["team"]).statements[0]
    line = next(x for x in statement.lines if x.game.startswith(fine["game"]) and x.rule == fine["rule"])
    assert line.paid == [("2015-12-01", 2000)]
    assert [(p.amount_cents, p.fine) for p in statement.payments] == [(2000, f"game {fine['game']}, {fine['rule']}")]
    audit = [a for a in svc.audit() if a["action"] == "payment"][-1]  # the demo's own payments come first
    assert audit["operator"] == "Pat" and f"fine of game {fine['game']}" in audit["subject"]


def test_a_payment_toward_the_balance_names_no_fine(svc: Services) -> None:
    fine = player_fine(svc)
    assert svc.record_payment({"payer": {"team": fine["team"]}, "amount": "5.00", "date": "2015-12-01"}).ok
    statement = fine_statements_data(svc, team=fine["team"]).statements[0]
    assert all(not x.paid for x in statement.lines)
    assert [(p.amount_cents, p.fine, p.payer) for p in statement.payments] == [(500, "", "Team")]


def test_a_fine_not_owed_is_refused(svc: Services) -> None:
    fine = player_fine(svc)
    with pytest.raises(ServiceError, match="owes no fine"):
        svc.record_payment({"payer": fine["payer"], "amount": "5.00", "date": "2015-12-01",
                            "fine": {"game": "g001", "rule": fine["rule"]}})


def test_the_season_file_carries_the_fine_a_payment_pays(svc: Services, tmp_path: Path) -> None:
    fine = player_fine(svc)
    named = {"game": fine["game"], "rule": fine["rule"]}
    assert svc.record_payment({"payer": fine["payer"], "amount": "50.00", "date": "2015-12-01", "fine": named}).ok
    exported = svc.export()
    assert {"payer": fine["payer"], "amount": "50.00", "date": "2015-12-01", "fine": named} in exported["payments"]
    other = Services.open(str(tmp_path / "other.db"))
    try:
        report = other.import_data({k: v for k, v in exported.items() if k not in ("computed", "audit")})
        assert report.ok, [v.line() for v in report.violations]
        balance = {t["team"]: t["balance"] for t in other.fines()["totals"]}
        assert balance[fine["team"]] == "0.00"
    finally:
        other.close()


def test_a_malformed_fine_is_refused_with_where_it_is(svc: Services) -> None:
    data = svc.export()
    data["payments"].append({"payer": {"team": "herons"}, "amount": "1.00", "date": "2015-12-01", "fine": "g006"})
    report = svc.import_data(data)
    assert not report.ok and any(v.where.endswith(".fine") for v in report.blocks)


def test_the_printed_statement_shows_the_payment_on_the_fine(svc: Services) -> None:
    import pypdfium2

    fine = player_fine(svc)
    assert svc.record_payment({"payer": fine["payer"], "amount": "20.00", "date": "2015-12-01",
                               "fine": {"game": fine["game"], "rule": fine["rule"]}}).ok
    page = pypdfium2.PdfDocument(svc.fine_statements_pdf(team=fine["team"]))[0]
    text = " ".join(page.get_textpage().get_text_range().split())
    assert "paid $20.00 2015-12-01" in text and f"on the fine of game {fine['game']}" in text
