"""Discipline computed from the fines table: FINE-1..12, FINE-STMT, SUSP-1, APPEAL-1, PEN-GM-2, PEN-REPORT-1."""

from __future__ import annotations

from typing import Any

from tests.scorekeeper.season.test_standings_and_stats import load, season


def pen(side: str, elapsed: str, player: str | None, infraction: str, period: int = 1, **kw: Any) -> dict[str, Any]:
    return {"type": "penalty", "team": side, "period": period, "elapsed": elapsed, "player": player,
            "infraction": infraction, **kw}


def without(data: dict[str, Any], player: str, first: int = 1) -> dict[str, Any]:
    """Keep a suspended player out of the line-ups from game `first` on."""
    for g in data["games"][first:]:
        for side in ("home", "away"):
            g["lineups"][side] = [x for x in g["lineups"][side] if x["player"] != player]
    return data


def sus(svc, player: str) -> list[dict[str, Any]]:
    return [s for s in svc.suspensions()["suspensions"] if s["player"] == player]


def fines(svc) -> list[dict[str, Any]]:
    return svc.fines()["fines"]


def totals(svc) -> dict[str, dict[str, str]]:
    return {t["team"]: t for t in svc.fines()["totals"]}


def test_fine_1_a_single_major_has_no_game_misconduct_or_fine(tmp_path):
    major = pen("home", "05:00", "a2", "slashing", **{"class": "major"})
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [major])]))
    g = svc.game("g00")
    assert g["ejections"] == [] and g["penalties"][0]["minutes"] == 5 and fines(svc) == [] and sus(svc, "a2") == []


def test_fine_2_three_penalties_eject_with_no_fine(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [pen("home", m, "a2", "hooking") for m in
                                                           ("01:00", "05:00", "09:00")])]))
    assert svc.game("g00")["ejections"] == [{"player": "a2", "rule": "PEN-GEN-3"}]
    assert fines(svc) == [] and sus(svc, "a2") == []


def test_fine_3_two_majors_two_games_twenty_dollars_player_pays(tmp_path):
    events = [pen("home", "08:00", "a2", "slashing", **{"class": "major"}),
              pen("home", "10:00", "a2", "fighting", period=2)]
    svc = load(tmp_path, season([("a", "b", "2015-10-01", events)]))
    s = sus(svc, "a2")
    assert {x["rule"] for x in s} == {"PEN-MAJOR-2", "PEN-FIGHT-1"}
    assert {(f["rule"], f["amount"], tuple(f["payer"].items())) for f in fines(svc)} == {
        ("PEN-MAJOR-2", "20.00", (("player", "a2"),)), ("PEN-FIGHT-1", "50.00", (("player", "a2"),))}
    assert totals(svc)["a"]["fines"] == "70.00"


def test_fine_4_a_misconduct_alone_has_no_sanction(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [pen("home", "05:00", "a2", "misconduct")])]))
    assert fines(svc) == [] and sus(svc, "a2") == [] and svc.game("g00")["ejections"] == []


def test_fine_5_second_misconduct_one_game_ten_dollars(tmp_path):
    events = [pen("home", "05:00", "a2", "misconduct"), pen("home", "05:00", "a2", "abuse_of_officials", period=2)]
    svc = load(tmp_path, season([("a", "b", "2015-10-01", events)]))
    assert [(x["rule"], x["kind"], x["games"]) for x in sus(svc, "a2")] == [("PEN-MISC-3", "games", 1)]
    assert [f["amount"] for f in fines(svc)] == ["10.00"]


def test_fine_6_match_indefinite_five_minimum_fifty_dollars_review(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [pen("home", "05:00", "a2", "attempt_to_injure")])]))
    assert [(x["kind"], x["games"], x["status"], x["review"]) for x in sus(svc, "a2")] == [
        ("indefinite", 5, "active", True)]
    assert [f["amount"] for f in fines(svc)] == ["50.00"]


def test_fine_7_fighting_five_games_fifty_each(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [pen("home", "02:00", "a2", "fighting", period=2),
                                                           pen("away", "02:00", "b2", "fighting", period=2)])]))
    for p in ("a2", "b2"):
        assert [(x["rule"], x["games"], x["served"], x["status"]) for x in sus(svc, p)] == [
            ("PEN-FIGHT-1", 5, 0, "active")]
    assert sorted(f["amount"] for f in fines(svc)) == ["50.00", "50.00"]
    assert len(svc.game("g00")["report"]) == 2  # PEN-REPORT-1: a fight reports both fighters


def test_fine_8_instigator_replaces_fighting_season_and_team_fine(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [pen("home", "02:00", "a2", "instigator"),
                                                           pen("away", "02:00", "b2", "fighting")])]))
    assert [(x["rule"], x["kind"], x["games"]) for x in sus(svc, "a2")] == [("PEN-FIGHT-2", "season", None)]
    assert [(f["payer"], f["amount"]) for f in fines(svc) if f["team"] == "a"] == [({"team": "a"}, "50.00")]


def test_fine_9_and_10_second_gross_misconduct_replaces_the_first_offence_row(tmp_path):
    data = without(season([("a", "b", "2015-10-01", [pen("home", "02:00", "a2", "gross_misconduct")]),
                           ("a", "c", "2015-10-08", []), ("a", "d", "2015-10-15", []),
                           ("a", "b", "2015-10-22", []),
                           ("a", "c", "2015-10-29", [pen("home", "02:00", "a2", "gross_misconduct")])]), "a2")
    data["games"][4]["lineups"]["home"].append({"player": "a2"})  # served the 3 games: back in game 5
    svc = load(tmp_path, data)
    s = sus(svc, "a2")
    assert [(x["game"], x["kind"], x["games"], x["status"]) for x in s] == [
        ("g00", "games", 3, "served"), ("g04", "season", None, "active")]
    assert [(f["payer"], f["amount"]) for f in fines(svc)] == [({"player": "a2"}, "30.00"), ({"team": "a"}, "50.00")]


def test_fine_11_ineligible_player_ten_dollars_a_game_to_the_team(tmp_path):
    events = [pen("home", "03:00", "a5", "ineligible_player", served_by="a2")]
    svc = load(tmp_path, season([("a", "b", "2015-10-01", []), ("a", "c", "2015-10-08", events)]))
    assert [(f["payer"], f["amount"]) for f in fines(svc)] == [({"team": "a"}, "20.00")]  # dressed in 2 games
    assert [(x["kind"], x["rule"]) for x in sus(svc, "a5")] == [("indefinite", "FINE-11")]
    assert svc.game("g01")["decision"] != "forfeit"  # the result is unchanged


def test_fine_stmt_worked_example_two_majors_and_an_ineligible_player(tmp_path):
    """FINE-STMT: 2 majors ($20) plus an ineligible player in 2 games ($20) -> $40."""
    majors = [pen("home", "08:00", "a2", "slashing", **{"class": "major"}),
              pen("home", "10:00", "a2", "cross_checking", **{"class": "major"})]
    data = without(season([("a", "b", "2015-10-01", majors), ("a", "c", "2015-10-08", []),
                           ("a", "d", "2015-10-15", [pen("home", "03:00", "a5", "ineligible_player",
                                                         served_by="a3")])]), "a2")
    data["games"][0]["lineups"]["home"] = [x for x in data["games"][0]["lineups"]["home"] if x["player"] != "a5"]
    svc = load(tmp_path, data)
    t = totals(svc)["a"]
    assert (t["fines"], t["paid"], t["balance"]) == ("40.00", "0.00", "40.00")


def test_fine_12_pen_gm_2_sixth_incident_proposes_a_season_suspension(tmp_path):
    games = [("a", "b", f"2015-10-{d:02d}", [pen("home", "02:00", "a2", "game_misconduct")]) for d in range(1, 7)]
    svc = load(tmp_path, season(games))
    s = [x for x in sus(svc, "a2") if x["rule"] == "PEN-GM-2"]
    assert [(x["game"], x["kind"], x["review"]) for x in s] == [("g05", "season", True)]


def test_susp_1_served_by_the_teams_next_games_forfeits_count(tmp_path):
    majors = [pen("home", "08:00", "a2", "slashing", **{"class": "major"}),
              pen("home", "10:00", "a2", "cross_checking", **{"class": "major"})]
    svc = load(tmp_path, without(season([("a", "b", "2015-01-10", majors),
                                         ("c", "a", "2015-01-17", [{"type": "late", "team": "home", "minutes": 12}])]),
                                 "a2"))
    assert [(x["served"], x["status"]) for x in sus(svc, "a2")] == [(1, "active")]


def test_appeal_1_upheld_lifts_and_waives_denied_changes_nothing(tmp_path):
    fight = [pen("home", "02:00", "a2", "fighting")]
    for decision, status, fined in (("upheld", "lifted", []), ("denied", "active", ["50.00"]),
                                    ("pending", "active", ["50.00"])):
        data = season([("a", "b", "2015-10-01", fight)])
        data["appeals"] = [{"player": "a2", "game": "g00", "filed": "2015-10-02", "form": "W-17", "fee_paid": True,
                            "decision": decision, **({"decided": "2015-10-05"} if decision != "pending" else {})}]
        folder = tmp_path / decision
        folder.mkdir()
        svc = load(folder, data)
        assert [(x["status"], x["appeal"]) for x in sus(svc, "a2")] == [(status, decision)]
        assert [f["amount"] for f in fines(svc)] == fined


def test_pen_report_1_lists_match_gm_gross_fight_slew_and_late_misconducts(tmp_path):
    events = [pen("home", "01:00", "a2", "attempt_to_injure"), pen("home", "02:00", "a3", "slew_foot"),
              pen("away", "03:00", "b2", "game_misconduct"), pen("away", "15:00", "b3", "misconduct", period=2),
              pen("away", "04:00", "b4", "hooking")]
    svc = load(tmp_path, season([("a", "b", "2015-10-01", events + [
        {"type": "goal", "team": "away", "period": 1, "elapsed": "10:00", "scorer": "b5", "assists": []}])]))
    report = svc.game("g00")["report"]
    assert [(r["player"], r["reason"]) for r in report] == [
        ("a2", "match"), ("a3", "slew foot"), ("b2", "game misconduct"), ("b3", "late misconduct")]


def test_pen_match_1_indefinite_until_the_director_lifts_it(tmp_path):
    data = without(season([("a", "b", "2015-10-01", [pen("home", "05:00", "a2", "attempt_to_injure")]),
                           ("a", "c", "2015-10-08", [])]), "a2")
    svc = load(tmp_path, data)
    assert not svc.lift_suspension("a2", "g00", "2015-10-20", " ").ok
    assert svc.lift_suspension("a2", "g00", "2015-10-20", "hearing held, five games served").ok
    assert [x["status"] for x in sus(svc, "a2")] == ["lifted"]
    svc.save_game({"id": "g09", "date": "2015-10-22", "time": "19:00", "stage": "regular", "home": "a", "away": "d",
                   "status": "scheduled"})
    res = svc.set_lineup("g09", "home", [{"player": "a1", "goalie": True}, {"player": "a2"}], confirm=True)
    assert res.ok, [v.line() for v in res.violations]


def test_pen_contact_1_repeated_body_contact_warns_eviction(tmp_path):
    events = [pen("home", "05:00", "a2", "body_contact"), pen("home", "09:00", "a3", "body_contact")]
    svc = load(tmp_path, season([("a", "b", "2015-10-01", events)]))
    warnings = [v for v in svc.game("g00")["violations"] if v["rule"] == "PEN-CONTACT-1"]
    assert len(warnings) == 1 and "eviction" in warnings[0]["message"]
