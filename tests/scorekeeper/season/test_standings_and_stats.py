"""Standings (PTS-1, PTS-2, A-25 tiebreakers), player statistics (SCORE-1) and eligibility (ELIG-1)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.services import Services

TEAMS = ["a", "b", "c", "d"]


def season(games: list[tuple[str, str, str, list[dict[str, Any]]]], stage: str = "regular") -> dict[str, Any]:
    players, roster = [], []
    for t in TEAMS:
        for n in range(1, 6):
            players.append({"id": f"{t}{n}", "first": f"{t.upper()}{n}", "last": "Player", "gender": "M"})
            roster.append({"team": t, "player": f"{t}{n}", "number": n, "position": "goalie" if n == 1 else "skater"})
    out_games = []
    for i, (home, away, date, events) in enumerate(games):
        out_games.append({
            "id": f"g{i:02d}", "date": date, "time": "19:00", "stage": stage, "home": home, "away": away,
            "lineups": {side: [{"player": f"{t}1", "goalie": True}] + [{"player": f"{t}{n}"} for n in range(2, 6)]
                        for side, t in (("home", home), ("away", away))},
            "events": events})
    return {"format": "scorekeeper.season/1", "league": "L", "season": "S",
            "divisions": [{"id": "d", "name": "D", "coed": False}],
            "teams": [{"id": t, "name": t.upper(), "division": "d"} for t in TEAMS],
            "players": players, "roster": roster, "games": out_games}


def goals(side: str, team: str, n: int, period: int = 1, scorer: int = 2) -> list[dict[str, Any]]:
    return [{"type": "goal", "team": side, "period": period, "elapsed": f"{i + 1:02d}:00",
             "scorer": f"{team}{scorer}", "assists": []} for i in range(n)]


def load(tmp_path, data) -> Services:
    svc = Services.open(str(tmp_path / "s.db"))
    report = svc.import_data(data)
    assert report.ok, [v.line() for v in report.violations]
    return svc


def rows(svc: Services) -> dict[str, dict[str, Any]]:
    return {r["team"]: r for d in svc.standings()["divisions"] for r in d["rows"]}


def order(svc: Services) -> list[str]:
    return [r["team"] for r in svc.standings()["divisions"][0]["rows"]]


def test_pts_1_win_tie_loss_points_and_columns(tmp_path):
    svc = load(tmp_path, season([
        ("a", "b", "2015-10-01", goals("home", "a", 4) + goals("away", "b", 2)),
        ("c", "d", "2015-10-01", goals("home", "c", 1) + goals("away", "d", 1)),
    ]))
    r = rows(svc)
    assert (r["a"]["pts"], r["b"]["pts"], r["c"]["pts"], r["d"]["pts"]) == (2, 0, 1, 1)
    assert r["a"] | {"rank": 0} == {"rank": 0, "team": "a", "gp": 1, "w": 1, "l": 0, "t": 0, "otw": 0, "otl": 0,
                                    "pts": 2, "pts_pct": 1.0, "gf": 4, "ga": 2, "diff": 2, "pim": 0,
                                    "gf_pct": 0.667, "l10": {"w": 1, "l": 0, "t": 0, "otl": 0}, "streak": "W1",
                                    "home": {"w": 1, "l": 0, "t": 0, "otl": 0},
                                    "away": {"w": 0, "l": 0, "t": 0, "otl": 0}}
    assert r["c"]["t"] == 1 and r["d"]["t"] == 1


def test_pts_2_overtime_win_counts_as_win_and_otw(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", goals("away", "b", 1, period=3))]))
    r = rows(svc)
    assert (r["b"]["w"], r["b"]["otw"], r["b"]["pts"]) == (1, 1, 2)
    assert (r["a"]["l"], r["a"]["otl"], r["a"]["pts"]) == (1, 1, 0)


def test_a_25_tiebreak_wins_before_head_to_head(tmp_path):
    # a: 2 ties + ... build a and b level on points, b with more wins.
    svc = load(tmp_path, season([
        ("a", "c", "2015-10-01", goals("home", "a", 1) + goals("away", "c", 1)),   # a tie
        ("a", "d", "2015-10-02", goals("home", "a", 1) + goals("away", "d", 1)),   # a tie
        ("b", "c", "2015-10-03", goals("home", "b", 1)),                           # b win
        ("b", "d", "2015-10-04", goals("away", "d", 1)),                           # b loss
    ]))
    r = rows(svc)
    assert r["a"]["pts"] == r["b"]["pts"] == 2
    assert order(svc).index("b") < order(svc).index("a")


def test_a_25_tiebreak_head_to_head(tmp_path):
    svc = load(tmp_path, season([
        ("a", "b", "2015-10-01", goals("home", "a", 1)),                           # a beats b 1-0
        ("b", "d", "2015-10-02", goals("home", "b", 5)),                           # b beats d 5-0
        ("a", "c", "2015-10-03", goals("away", "c", 1)),                           # c beats a 1-0
        ("c", "d", "2015-10-04", goals("home", "c", 1) + goals("away", "d", 1)),   # tie
    ]))
    r = rows(svc)
    assert (r["a"]["pts"], r["a"]["w"]) == (r["b"]["pts"], r["b"]["w"]) == (2, 1)
    assert r["b"]["diff"] > r["a"]["diff"]
    assert order(svc) == ["c", "a", "b", "d"]  # head-to-head decides before goal difference


def test_a_25_tiebreak_goal_difference_then_goals_for(tmp_path):
    svc = load(tmp_path, season([
        ("a", "c", "2015-10-01", goals("home", "a", 3)),                           # a +3, gf 3
        ("b", "d", "2015-10-01", goals("home", "b", 4) + goals("away", "d", 1)),   # b +3, gf 4
    ]))
    assert order(svc)[:2] == ["b", "a"]
    svc2 = load(tmp_path / "x" if (tmp_path / "x").mkdir() is None else tmp_path, season([
        ("a", "c", "2015-10-01", goals("home", "a", 2)),                           # a +2
        ("b", "d", "2015-10-01", goals("home", "b", 4) + goals("away", "d", 1)),   # b +3
    ]))
    assert order(svc2)[:2] == ["b", "a"]


def test_forf_2_forfeit_counts_three_nil_in_gf_ga(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [{"type": "late", "team": "away", "minutes": 11}])]))
    r = rows(svc)
    assert (r["a"]["gf"], r["a"]["ga"], r["a"]["w"], r["a"]["pts"]) == (3, 0, 1, 2)
    assert (r["b"]["l"], r["b"]["pts"]) == (1, 0)


def test_forf_4_double_forfeit_both_lose_nil_nil(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [{"type": "forfeit", "team": "both",
                                                            "reason": "short_players"}])]))
    r = rows(svc)
    assert (r["a"]["l"], r["b"]["l"], r["a"]["pts"], r["a"]["gf"], r["b"]["ga"]) == (1, 1, 0, 0, 0)


def test_forf_1_lateness_goals_count_in_gf(tmp_path):
    svc = load(tmp_path, season([("a", "b", "2015-10-01", [{"type": "late", "team": "away", "minutes": 7}])]))
    r = rows(svc)
    assert (r["a"]["gf"], r["b"]["ga"], r["a"]["w"]) == (2, 2, 1)


def test_pim_sums_assessed_minutes_by_class(tmp_path):
    events = [
        {"type": "penalty", "team": "home", "period": 1, "elapsed": "01:00", "player": "a2", "infraction": "hooking"},
        {"type": "goal", "team": "away", "period": 1, "elapsed": "01:30", "scorer": "b2", "assists": []},
        {"type": "penalty", "team": "home", "period": 1, "elapsed": "05:00", "player": "a3",
         "infraction": "game_misconduct"},
        {"type": "penalty", "team": "home", "period": 1, "elapsed": "06:00", "player": None,
         "infraction": "delay_of_game", "served_by": "a4"},
        {"type": "penalty", "team": "away", "period": 2, "elapsed": "06:00", "player": "b3",
         "infraction": "body_contact"},
    ]
    svc = load(tmp_path, season([("a", "b", "2015-10-01", events)]))
    r = rows(svc)
    assert r["a"]["pim"] == 2 + 10 + 2  # minor ended by a goal still counts 2; GM 10; bench minor 2
    assert r["b"]["pim"] == 3
    stats = {p["player"]: p for p in svc.stats()["players"]}
    assert stats["a2"]["pim"] == 2 and stats["a3"]["pim"] == 10 and stats["a4"]["pim"] == 0


def test_score_1_regular_and_playoff_kept_apart(tmp_path):
    regular = [("a", "b", "2015-10-01", goals("home", "a", 2, scorer=3))]
    regular += [("a", "b", f"2015-10-{d:02d}", goals("away", "b", 1)) for d in range(2, 7)]  # ELIG-1: 6 games
    data = season(regular)
    playoff = season([("a", "b", "2016-03-01", goals("home", "a", 1, scorer=3))], stage="playoff")
    playoff["games"][0]["id"] = "p01"
    data["games"] += playoff["games"]
    svc = load(tmp_path, data)
    reg = {p["player"]: p for p in svc.stats(stage="regular")["players"]}
    po = {p["player"]: p for p in svc.stats(stage="playoff")["players"]}
    assert (reg["a3"]["g"], reg["a3"]["gp"], po["a3"]["g"], po["a3"]["gp"]) == (2, 6, 1, 1)
    assert rows(svc)["a"]["gp"] == 6  # standings count regular-season games only


def test_score_1_assists_count_one_point(tmp_path):
    events = [{"type": "goal", "team": "home", "period": 1, "elapsed": "01:00", "scorer": "a5",
               "assists": ["a4", "a3"]}]
    svc = load(tmp_path, season([("a", "b", "2015-10-01", events)]))
    s = {p["player"]: p for p in svc.stats()["players"]}
    assert (s["a5"]["pts"], s["a4"]["pts"], s["a3"]["a"]) == (1, 1, 1)


@pytest.mark.parametrize(("played", "eligible"), [(5, False), (6, True)])
def test_elig_1_six_regular_season_games(tmp_path, played, eligible):
    games = [("a", "b", f"2015-10-{i + 1:02d}", goals("home", "a", 1)) for i in range(played)]
    games.append(("a", "b", "2015-11-20", [{"type": "late", "team": "away", "minutes": 12}]))  # forfeit: no GP
    svc = load(tmp_path, season(games))
    e = {p["player"]: p for p in svc.eligibility()["players"]}
    assert e["a2"]["regular_gp"] == played and e["a2"]["playoff_eligible"] is eligible


def test_editing_an_earlier_event_recomputes_what_follows(tmp_path):
    """ARCHITECTURE 5: the state is a function of the log; replacing a game recomputes all of it."""
    events = [{"type": "penalty", "team": "away", "period": 1, "elapsed": "08:00", "player": "b3",
               "infraction": "tripping"},
              {"type": "goal", "team": "home", "period": 1, "elapsed": "09:00", "scorer": "a2", "assists": []}]
    data = season([("a", "b", "2015-10-01", events)])
    svc = load(tmp_path, data)
    assert svc.game("g00")["goals"][0]["strength"] == "PP"
    data["games"][0]["events"] = events[1:]
    assert svc.import_data(data, replace=True).ok
    g = svc.game("g00")
    assert g["goals"][0]["strength"] == "EV" and g["penalties"] == []


def test_elig_1_playoff_lineup_with_five_games_is_refused(tmp_path):
    data = season([("a", "b", f"2015-10-{d:02d}", goals("home", "a", 1)) for d in range(1, 6)])
    data["games"] += season([("a", "b", "2016-03-01", [])], stage="playoff")["games"]
    data["games"][-1]["id"] = "p01"
    svc = Services.open(str(tmp_path / "e.db"))
    report = svc.import_data(data)
    assert not report.ok and {v.rule for v in report.blocks} == {"ELIG-1"}
    assert any("5 of 6" in v.message for v in report.blocks)


def test_elig_2_suspended_player_cannot_dress_until_served(tmp_path):
    fight = [{"type": "penalty", "team": "home", "period": 1, "elapsed": "05:00", "player": "a2",
              "infraction": "slashing", "class": "major"},
             {"type": "penalty", "team": "home", "period": 1, "elapsed": "09:00", "player": "a2",
              "infraction": "cross_checking", "class": "major"}]
    data = season([("a", "b", "2015-10-01", fight), ("a", "c", "2015-10-08", [])])
    svc = Services.open(str(tmp_path / "s.db"))
    report = svc.import_data(data)
    assert not report.ok and [v.rule for v in report.blocks] == ["ELIG-2"]
    assert "game 1 of 2" in report.blocks[0].message and "PEN-MAJOR-2" in report.blocks[0].message
    for g in data["games"][1:]:
        g["lineups"]["home"] = [x for x in g["lineups"]["home"] if x["player"] != "a2"]
    data["games"] += season([("a", "d", "2015-10-15", []), ("a", "b", "2015-10-22", [])])["games"]
    data["games"][2]["id"], data["games"][3]["id"] = "g02", "g03"
    data["games"][2]["lineups"]["home"] = [x for x in data["games"][2]["lineups"]["home"] if x["player"] != "a2"]
    report = svc.import_data(data)
    assert report.ok, [v.line() for v in report.blocks]
    sus = svc.suspensions()["suspensions"]
    assert sus == [{"player": "a2", "team": "a", "game": "g00", "rule": "PEN-MAJOR-2", "kind": "games", "games": 2,
                    "served": 2, "status": "served", "appeal": None, "review": False}]
    assert svc.fines()["fines"][0]["amount"] == "20.00"
