"""PEN-GM-2 / A-11 (issue 19 point 6): the sixth game misconduct, ejection or suspension of a season *proposes* a
season suspension, pending the Director. Proposed, the player may dress (the line-up warns); confirmed by the
office, it bars the player from the decision's date on; declined, it never bars."""

from __future__ import annotations

import copy
from typing import Any

from scorekeeper.services import Services
from tests.scorekeeper.rules.test_catalogue_examples import game, load, p_, season

GM = [p_("home", 1, "05:00", "a3", "game_misconduct")]


def six_incidents(later: list[dict[str, Any]] = (), decision: dict[str, Any] | None = None) -> dict[str, Any]:
    """a3 takes a game misconduct in g1..g6 (Jan 1-6); `later` games follow."""
    data = season([game(f"g{i}", "a", "b", f"2016-01-{i:02d}", GM) for i in range(1, 7)] + list(later))
    if decision is not None:
        data["season_suspension_decisions"] = [decision]
    return data


def attempt(tmp_path, data: dict[str, Any], name: str) -> tuple[Services, Any]:
    svc = Services.open(str(tmp_path / name))
    return svc, svc.import_data(copy.deepcopy(data))


def gm2(svc: Services) -> list[tuple[str, str, str, int]]:
    return [(s["game"], s["kind"], s["status"], s["served"]) for s in svc.suspensions()["suspensions"]
            if s["player"] == "a3" and s["rule"] == "PEN-GM-2"]


def test_pen_gm_2_sixth_incident_proposes_and_the_player_may_still_dress_with_a_warning(tmp_path):
    svc, report = attempt(tmp_path, six_incidents([game("g7", "a", "b", "2016-01-07")]), "p.db")
    assert report.ok, [v.line() for v in report.violations]
    assert gm2(svc) == [("g6", "season", "proposed", 0)]
    warned = [v for v in report.warnings if v.rule == "PEN-GM-2"]
    assert len(warned) == 1 and warned[0].where == "game g7"
    assert "proposed: awaiting the office's decision" in warned[0].message
    assert not any(v.rule == "ELIG-2" for v in report.violations)
    a3 = next(c for c in svc.lineup_candidates("g7", "home") if c["player"] == "a3")
    assert (a3["status"], a3["rule"]) == ("proposed", "PEN-GM-2")


def test_pen_gm_2_five_incidents_propose_nothing(tmp_path):
    data = six_incidents()
    data["games"] = data["games"][:5]
    svc = load(tmp_path, data)
    assert gm2(svc) == [] and svc.proposed_suspensions() == []


def test_pen_gm_2_confirmed_bars_from_the_decision_date_on(tmp_path):
    confirmed = {"player": "a3", "game": "g6", "decision": "confirmed", "decided": "2016-01-08"}
    # g7 (Jan 7) is before the decision: a3 dresses with the warning; g8 (Jan 8) is barred
    barred = six_incidents([game("g7", "a", "b", "2016-01-07"), game("g8", "a", "b", "2016-01-08")], confirmed)
    svc, report = attempt(tmp_path, barred, "barred.db")
    assert not report.ok and [(v.rule, v.where) for v in report.blocks] == [("ELIG-2", "game g8")]
    assert [v.where for v in report.warnings if v.rule == "PEN-GM-2"] == ["game g7"]
    svc.close()
    served = six_incidents([game("g7", "a", "b", "2016-01-07"),
                            game("g8", "a", "b", "2016-01-08", dressed={"a": [1, 2, 4, 5, 6, 7, 8, 9, 10]})],
                           confirmed)
    svc, report = attempt(tmp_path, served, "served.db")
    assert report.ok, [v.line() for v in report.violations]
    assert gm2(svc) == [("g6", "season", "active", 1)]  # served by g8 only: g7 came before the decision


def test_pen_gm_2_declined_never_bars(tmp_path):
    declined = {"player": "a3", "game": "g6", "decision": "declined", "decided": "2016-01-06", "by": "Director"}
    svc, report = attempt(tmp_path, six_incidents([game("g7", "a", "b", "2016-01-07")], declined), "d.db")
    assert report.ok and not any(v.rule in ("PEN-GM-2", "ELIG-2") for v in report.violations)
    assert gm2(svc) == [("g6", "season", "declined", 0)]
    assert svc.proposed_suspensions()[0]["state"] == "declined"


def test_pen_gm_2_a_decision_is_checked_like_the_rest_of_the_file(tmp_path):
    bad = six_incidents(decision={"player": "a3", "game": "g6", "decision": "maybe", "decided": "2016-01-07"})
    svc, report = attempt(tmp_path, bad, "bad.db")
    assert not report.ok and any("season_suspension_decisions[0].decision" in v.where for v in report.blocks)
    undated = six_incidents(decision={"player": "a3", "game": "g6", "decision": "confirmed", "decided": None})
    svc, report = attempt(tmp_path, undated, "undated.db")
    assert not report.ok and any("decided" in v.where for v in report.blocks)


def test_pen_gm_2_the_boards_the_notice_and_the_mail_say_proposed_awaiting_the_office(tmp_path):
    from scorekeeper.mail import MailSettings, suspension_notice_messages
    from scorekeeper.reports.data import suspension_notices_data
    from scorekeeper.reports.suspension_notice import build_suspension_notices
    from scorekeeper.rules.consequences import game_consequences
    from tests.scorekeeper.reports.conftest import flat, pdf_pages

    data = six_incidents([game("g7", "a", "b", "2016-01-07")])
    data["teams"][0].update(captain="a2", captain_email="captain.a@example.org")
    svc = load(tmp_path, data)
    (told,) = [c for c in game_consequences(svc.view(), "g6") if c.rule == "PEN-GM-2"]
    assert told.follows == ("suspended for the rest of the season; the league reviews it — proposed: awaiting the "
                            "office's decision (the Suspension Director confirms or declines it)")
    a3 = next(c for c in svc.lineup_candidates("g7", "home") if c["player"] == "a3")
    assert a3["message"].startswith("season suspension from game g6 proposed: awaiting the office's decision")
    page = " ".join(flat(p) for p in pdf_pages(build_suspension_notices(suspension_notices_data(svc, "a3",
                                                                                                 game="g6"))))
    assert "is proposed for a suspension" in page and "Proposed: awaiting the office's decision." in page
    assert "until it is confirmed the player may dress" in page
    settings = MailSettings(host="localhost", port=25, sender="office@example.org")
    (message,) = [m for m in suspension_notice_messages(svc, settings).messages if "a3" in m["X-Scorekeeper-Player"]
                  or "A3" in str(m["Subject"])]
    body = message.get_body(("plain",)).get_content()
    assert "is proposed for a suspension for the rest of the season" in body
    assert "Status: proposed: awaiting the office's decision." in body


def _fined_book(tmp_path) -> Services:
    """The shipped rulebook whose season's-incidents row also fines the player $25."""
    from scorekeeper.resources import resource_path

    text = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
    for old, new in (('id = "westridge-2015-16"', 'id = "westridge-fined"'),
                     ('fine_row = "FINE-12"\ncount = 6', 'fine_row = "FINE-12"\nfine_cents = 2500\ncount = 6')):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (tmp_path / "fined.toml").write_text(text, encoding="utf-8")
    svc = Services.open(str(tmp_path / "fined.db"))
    svc.load_rulebook_file(tmp_path / "fined.toml")
    return svc


def test_pen_gm_2_a_proposed_sanction_s_fine_is_owed_only_once_confirmed(tmp_path):
    svc = _fined_book(tmp_path)
    assert svc.import_data({**six_incidents(), "rulebook": "westridge-fined"}).ok
    assert [f for f in svc.fines()["fines"] if f["rule"] == "PEN-GM-2"] == []
    from scorekeeper.rules.consequences import game_consequences

    (fine,) = [c for c in game_consequences(svc.view(), "g6") if c.kind == "fine" and c.player == "a3"]
    assert fine.follows.endswith("— proposed: owed only once the office confirms it")
    assert svc.confirm_suspension("a3", date="2016-01-07").ok
    assert [(f["amount"], f["payer"]) for f in svc.fines()["fines"] if f["rule"] == "PEN-GM-2"] == [
        ("25.00", {"player": "a3"})]
    svc.close()
    declined = _fined_book(tmp_path / "..")
    decision = {"player": "a3", "game": "g6", "decision": "declined", "decided": "2016-01-07"}
    assert declined.import_data({**six_incidents(decision=decision), "rulebook": "westridge-fined"}).ok
    assert [f for f in declined.fines()["fines"] if f["rule"] == "PEN-GM-2"] == []
    declined.close()
