"""One test (at least) per rule ID (docs/rules.md), named after it, with the league catalogue's worked examples.

Game-level rules run the engine on one game (tests/scorekeeper/gamebuilder.py: home h1 goalie, h2-h4 male,
h5-h7 female; away a1..a7 likewise). Season-level rules import a small season through the `Services` facade
(teams a, b, c; players <team>1 goalie, <team>2-<team>5 male skaters, <team>6-<team>10 female skaters, jersey
number = the digit after the team letter). Expected values are worked out by hand from the catalogue in the
comments; where the program disagrees the test keeps the catalogue's value and is marked xfail with the reason.

Clock times in the catalogue's examples are game time: 0:00-20:00 is period 1, 20:00-40:00 period 2 (so
"31:00" is period 2, elapsed 11:00), 40:00-45:00 overtime (period 3).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper.db.models import AuditEntry
from scorekeeper.services import Services
from tests.scorekeeper.gamebuilder import ev, goal, pen, penalty, play, rules

LEAGUE, SEASON = "Westridge Sponge Hockey League", "2015-16"
TEAMS = ("a", "b", "c")
PLAYERS = 10
GENDERS = "MMMMMFFFFF"  # 1 goalie (M), 2-5 male skaters, 6-10 female skaters


# ------------------------------------------------------------------------------------------------------
# Season builder (the season file of docs/season-file.md)


def season(games: list[dict[str, Any]] = (), *, divisions: dict[str, dict[str, Any]] | None = None,
           team_division: dict[str, str] | None = None, genders: str = GENDERS,
           birthdates: dict[str, str] | None = None) -> dict[str, Any]:
    divisions = divisions or {"d": {"coed": False}}
    team_division = team_division or {t: next(iter(divisions)) for t in TEAMS}
    players, roster = [], []
    for t in TEAMS:
        for n in range(1, PLAYERS + 1):
            p = {"id": f"{t}{n}", "first": f"{t.upper()}{n}", "last": "Player", "gender": genders[n - 1]}
            if birthdates and p["id"] in birthdates:
                p["birthdate"] = birthdates[p["id"]]
            players.append(p)
            roster.append({"team": t, "player": f"{t}{n}", "number": n, "position": "goalie" if n == 1 else "skater"})
    return {"format": "scorekeeper.season/1", "league": LEAGUE, "season": SEASON,
            "divisions": [{"id": d, "name": d.upper(), **props} for d, props in divisions.items()],
            "teams": [{"id": t, "name": t.upper(), "division": team_division[t]} for t in TEAMS],
            "players": players, "roster": roster, "games": list(games)}


def lineup_of(team: str, numbers: Any = None, goalies: tuple[int, ...] = (1,)) -> list[dict[str, Any]]:
    numbers = range(1, PLAYERS + 1) if numbers is None else numbers
    return [{"player": f"{team}{n}", "goalie": n in goalies} for n in numbers]


def game(gid: str, home: str, away: str, date: str, events: list[dict[str, Any]] = (), *, status: str = "final",
         stage: str = "regular", dressed: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game; `dressed` maps a team to the jersey numbers it dresses (default: all ten; [] for none)."""
    dressed = dressed or {}
    lineups = {side: lineup_of(t, dressed.get(t)) for side, t in (("home", home), ("away", away))}
    return {"id": gid, "date": date, "time": "19:00", "stage": stage, "home": home, "away": away,
            "status": status, "lineups": lineups, "events": list(events)}


def e(type_: str, team: str | None = None, period: int | None = None, elapsed: str | None = None,
      **data: Any) -> dict[str, Any]:
    """A season-file event (keys absent rather than null)."""
    out: dict[str, Any] = {"type": type_}
    if team is not None:
        out["team"] = team
    if period is not None:
        out["period"], out["elapsed"] = period, elapsed
    out.update(data)
    return out


def g_(team: str, period: int, elapsed: str, scorer: str, *assists: str) -> dict[str, Any]:
    return e("goal", team, period, elapsed, scorer=scorer, assists=list(assists))


def p_(team: str, period: int, elapsed: str, player: str | None, infraction: str = "tripping",
       **kw: Any) -> dict[str, Any]:
    return e("penalty", team, period, elapsed, player=player, infraction=infraction, **kw)


def load(tmp_path, data: dict[str, Any], name: str = "s.db") -> Services:
    svc = Services.open(str(tmp_path / name))
    report = svc.import_data(data)
    assert report.ok, [v.line() for v in report.violations]
    return svc


def attempt(tmp_path, data: dict[str, Any], name: str = "try.db") -> tuple[bool, list[str], list[str], list[str]]:
    """Import into a fresh database: (ok, blocking rules, warning rules, messages)."""
    svc = Services.open(str(tmp_path / name))
    report = svc.import_data(data)
    svc.close()
    return (report.ok, [v.rule for v in report.blocks], [v.rule for v in report.warnings],
            [v.message for v in report.violations])


def one_game(tmp_path, events: list[dict[str, Any]] = (), *, status: str = "scheduled", coed: bool = False,
             dressed: dict[str, Any] | None = None, stage: str = "regular") -> Services:
    """A season with one game g1, home a against away b."""
    data = season([game("g1", "a", "b", "2016-01-10", events, status=status, dressed=dressed, stage=stage)],
                  divisions={"d": {"coed": coed}})
    return load(tmp_path, data)


def suspensions(svc: Services) -> list[dict[str, Any]]:
    return svc.suspensions()["suspensions"]


def fines(svc: Services) -> list[dict[str, Any]]:
    return svc.fines()["fines"]


def susp_of(svc: Services, player: str) -> list[tuple[str, str, int | None, str]]:
    return [(s["rule"], s["kind"], s["games"], s["status"]) for s in suspensions(svc) if s["player"] == player]


def fines_of(svc: Services, player: str) -> list[tuple[str, dict[str, str], str]]:
    return [(f["rule"], f["payer"], f["amount"]) for f in fines(svc) if f.get("player", "") == player
            or f["payer"] == {"player": player}]


def stored_events(svc: Services, game_id: str) -> list[dict[str, Any]]:
    return next(g for g in svc.export()["games"] if g["id"] == game_id)["events"]


def team_rows(svc: Services) -> dict[str, dict[str, Any]]:
    return {r["team"]: r for d in svc.standings()["divisions"] for r in d["rows"]}


def gap_games(start_day: int, n: int, home: str = "a", away: str = "b", without: tuple[int, ...] = (3,),
              month: str = "2016-01") -> list[dict[str, Any]]:
    """n plain final games on consecutive days, the home team without the given jersey numbers."""
    keep = [k for k in range(1, PLAYERS + 1) if k not in without]
    return [game(f"x{start_day + i:02d}", home, away, f"{month}-{start_day + i:02d}", dressed={home: keep})
            for i in range(n)]


# ======================================================================================================
# Part 1. Results, structure, forfeits


def test_pts_1_example_four_two_win_gets_two_loss_gets_nothing():
    # Catalogue: "A 4-2 B -> A 2, B 0" (win = 2, loss = 0).
    st = play([goal("home", 1, "01:00", "h2"), goal("home", 1, "02:00", "h3"), goal("home", 2, "01:00", "h4"),
               goal("home", 2, "02:00", "h2"), goal("away", 1, "03:00", "a2"), goal("away", 2, "03:00", "a3")])
    assert st.score == {"home": 4, "away": 2}
    assert st.winner == "home" and st.points == {"home": 2, "away": 0}


def test_pts_1_standings_columns_and_a_tie_is_one_point_each(tmp_path):
    # g1: a 4-2 b, with a hooking minor to a3 (2 PIM); g2: b 1-1 c (1 point each; OT played, no goal).
    # a: GP 1 W 1 L 0 T 0 PTS 2 GF 4 GA 2 PIM 2.  b: GP 2 W 0 L 1 T 1 PTS 1 GF 3 GA 5.  c: T 1, PTS 1.
    g1 = [g_("home", 1, "01:00", "a2"), g_("home", 1, "02:00", "a3"), g_("home", 2, "01:00", "a4"),
          g_("home", 2, "02:00", "a5"), g_("away", 1, "03:00", "b2"), g_("away", 2, "03:00", "b3"),
          p_("home", 1, "05:00", "a3", "hooking")]
    g2 = [g_("home", 1, "01:00", "b2"), g_("away", 1, "02:00", "c2")]
    svc = load(tmp_path, season([game("g1", "a", "b", "2016-01-10", g1), game("g2", "b", "c", "2016-01-11", g2)]))
    r = team_rows(svc)
    got = {k: r["a"][k] for k in ("gp", "w", "l", "t", "pts", "gf", "ga", "pim")}
    assert got == {"gp": 1, "w": 1, "l": 0, "t": 0, "pts": 2, "gf": 4, "ga": 2, "pim": 2}
    assert (r["b"]["gp"], r["b"]["l"], r["b"]["t"], r["b"]["pts"], r["b"]["gf"], r["b"]["ga"]) == (2, 1, 1, 1, 3, 5)
    assert (r["c"]["t"], r["c"]["pts"]) == (1, 1)


def test_pts_2_example_overtime_winner_two_loser_nothing():
    # Catalogue: "2-2; B scores in OT -> B 2, A 0" (A home, B away; OT = period 3).
    st = play([goal("home", 1, "01:00", "h2"), goal("home", 2, "01:00", "h3"), goal("away", 1, "02:00", "a2"),
               goal("away", 2, "02:00", "a3"), goal("away", 3, "01:30", "a4")])
    assert st.score == {"home": 2, "away": 3} and st.decision == "overtime"
    assert st.winner == "away" and st.points == {"home": 0, "away": 2}


def test_pts_2_still_tied_after_overtime_one_point_each():
    # 2-2 after regulation, no OT goal -> 1 each.
    st = play([goal("home", 1, "01:00", "h2"), goal("home", 2, "01:00", "h3"), goal("away", 1, "02:00", "a2"),
               goal("away", 2, "02:00", "a3")])
    assert st.winner is None and st.points == {"home": 1, "away": 1}


def test_pts_3_called_game_points_typed_by_hand_are_recorded(tmp_path):
    # R: a game called off by the referee; the points (0-2 each) are typed in by hand with a reason (warn).
    svc = one_game(tmp_path, [g_("home", 1, "03:00", "a2")])
    called = e("called", points={"home": 1, "away": 1}, reason="lights failed")
    first = svc.add_event("g1", called)
    assert not first.ok and first.needs_confirmation and [v.rule for v in first.warnings] == ["PTS-3"]
    assert svc.add_event("g1", called, confirm=True).ok
    assert svc.finish_game("g1", confirm=True).ok
    out = svc.game("g1")
    assert out["decision"] == "called" and out["points"] == {"home": 1, "away": 1} and out["winner"] is None
    assert e("called", points={"home": 1, "away": 1}, reason="lights failed") in stored_events(svc, "g1")


def test_pts_3_called_game_points_outside_zero_to_two_refused(tmp_path):
    svc = one_game(tmp_path)
    res = svc.add_event("g1", e("called", points={"home": 3, "away": 0}, reason="fog"), confirm=True)
    assert not res.ok and "PTS-3" in [v.rule for v in res.blocks]


def test_game_1_example_stop_time_from_39_00(tmp_path):
    # Catalogue: "At 39:00 stoppages start pausing the clock" (39:00 = 2nd half 19:00); running time before.
    svc = one_game(tmp_path)
    assert svc.live("g1", 2, "19:00")["stop_time"] is True
    assert svc.live("g1", 2, "19:59")["stop_time"] is True
    assert svc.live("g1", 2, "18:59")["stop_time"] is False
    assert svc.live("g1", 1, "19:30")["stop_time"] is False  # the first half is all running time


def test_game_1_overtime_stop_time_from_44_00(tmp_path):
    # GAME-2: OT on running time with stop time from 44:00 (OT 04:00) to 45:00.
    svc = one_game(tmp_path)
    assert svc.live("g1", 3, "03:59")["stop_time"] is False
    assert svc.live("g1", 3, "04:00")["stop_time"] is True


def test_game_2_example_tied_at_40_creates_overtime():
    # Catalogue: "Tied at 40:00 -> OT is created": a third period (5 minutes) appears, the game ends at 45:00.
    st = play([goal("home", 1, "01:00", "h2"), goal("away", 2, "01:00", "a2")])
    assert len(st.by_period["home"]) == 3 and st.end_t == 45 * 60


def test_game_2_example_overtime_in_untied_game_refused(tmp_path):
    # Catalogue: "An OT entered for an untied game -> refused" (1-0 after regulation).
    svc = one_game(tmp_path, [g_("home", 1, "01:00", "a2")])
    before = svc.export()
    res = svc.add_event("g1", g_("away", 3, "01:00", "b2"), confirm=True)
    assert not res.ok and "GAME-2" in [v.rule for v in res.blocks]
    assert svc.export() == before


def test_game_2_overtime_is_four_on_four(tmp_path):
    # 4 skaters + goalie in OT: 5 on the ice each.
    svc = one_game(tmp_path)
    live = svc.live("g1", 3, "01:00")
    assert live["teams"]["home"]["players_on_ice"] == 5 and live["teams"]["away"]["players_on_ice"] == 5


def test_game_2_no_new_timeouts_in_overtime():
    # The regulation timeout was used; OT gives no new one -> refused.
    st = play([ev("timeout", "home", 1, "05:00"), ev("timeout", "home", 3, "01:00")])
    assert "GAME-3" in rules(st, "block") and st.timeouts["home"] == 1


def test_game_3_example_second_timeout_refused(tmp_path):
    # Catalogue: "A 2nd timeout -> refused" (1 per game, A-16).
    svc = one_game(tmp_path)
    assert svc.add_event("g1", e("timeout", "home", 1, "05:00"), confirm=True).ok
    before = svc.export()
    res = svc.add_event("g1", e("timeout", "home", 2, "05:00"), confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["GAME-3"]
    assert svc.export() == before
    assert svc.add_event("g1", e("timeout", "away", 2, "06:00"), confirm=True).ok  # the other team has its own


def test_game_3_unused_timeout_carries_into_overtime():
    st = play([ev("timeout", "home", 3, "01:00")])
    assert rules(st, "block") == [] and st.timeouts["home"] == 1


def test_game_4_example_icing_on_at_four_two_off_at_five_two(tmp_path):
    # Catalogue: "4-2 at full strength -> on. 5-2 -> off" (a margin of 3 or more turns it off), at 39:30.
    four_two = [g_("home", 1, f"0{i}:00", "a2") for i in range(1, 5)] + [g_("away", 1, "06:00", "b2"),
                                                                          g_("away", 1, "07:00", "b3")]
    svc = one_game(tmp_path, four_two)
    assert svc.live("g1", 2, "19:30")["icing"] is True
    assert svc.live("g1", 2, "18:30")["icing"] is False  # only from 39:00
    assert svc.add_event("g1", g_("home", 2, "10:00", "a3"), confirm=True).ok  # 5-2
    assert svc.live("g1", 2, "19:30")["icing"] is False


def test_game_4_icing_off_when_the_leader_is_short_handed(tmp_path):
    # 4-2, the leader (home) takes a minor at 39:10: off at 39:30.
    events = [g_("home", 1, f"0{i}:00", "a2") for i in range(1, 5)] + [g_("away", 1, "06:00", "b2"),
                                                                        g_("away", 1, "07:00", "b3"),
                                                                        p_("home", 2, "19:10", "a4", "hooking")]
    svc = one_game(tmp_path, events)
    assert svc.live("g1", 2, "19:30")["icing"] is False


def test_game_4_a_17_icing_applies_when_tied(tmp_path):
    svc = one_game(tmp_path, [g_("home", 1, "01:00", "a2"), g_("away", 1, "02:00", "b2")])
    assert svc.live("g1", 2, "19:30")["icing"] is True


def test_game_4_never_icing_in_overtime(tmp_path):
    svc = one_game(tmp_path)
    assert svc.live("g1", 3, "04:30")["icing"] is False


def test_game_5_example_no_backup_goalie_at_most_fifteen_minutes(tmp_path):
    # Catalogue: "No backup -> at most 15 minutes" (10 to recover + 5 for a skater to dress as goalie);
    # 0 minutes when a second goalie is dressed (the away team dresses b1 and b2 as goalies).
    data = season([game("g1", "a", "b", "2016-01-10", status="scheduled")])
    data["games"][0]["lineups"]["away"] = lineup_of("b", goalies=(1, 2))
    svc = load(tmp_path, data)
    live = svc.live("g1", 1, "10:00")
    assert live["teams"]["home"]["injured_goalie_minutes"] == 15
    assert live["teams"]["away"]["injured_goalie_minutes"] == 0


def _goals(side: str, player: str, period: int, n: int, start: int = 0, step: int = 40) -> list[dict[str, Any]]:
    return [goal(side, period, f"{(start + i * step) // 60:02d}:{(start + i * step) % 60:02d}", player)
            for i in range(n)]


def test_mercy_1_example_sixteen_one_at_twelve_minutes_play_on():
    # Catalogue: "16-1 at 12:00 -> play on": a first-half spread is checked only at halftime.
    # 16 home goals by 10:00, away goals at 11:00 and 12:30 -> 16-2 at halftime (spread 14): no mercy;
    # a second-half goal at 25:00 still counts -> 16-3, decided in regulation.
    events = _goals("home", "h2", 1, 16, start=0, step=37) + [goal("away", 1, "11:00", "a2"),
                                                               goal("away", 1, "12:30", "a3"),
                                                               goal("away", 2, "05:00", "a4")]
    st = play(events)
    assert rules(st, "block") == []
    assert st.score == {"home": 16, "away": 3} and st.decision == "regulation" and not st.over


def test_mercy_1_example_fifteen_nil_at_27_30_game_over(tmp_path):
    # Catalogue: "15-0 at 27:30 -> game over, A gets 2". 14-0 at halftime (no mercy), the 15th goal at
    # 27:30 (2nd half 07:30) ends the game; a later goal is refused and the score stands.
    events = [g_("home", 1, f"{i:02d}:00", "a2") for i in range(1, 15)] + [g_("home", 2, "07:30", "a3")]
    svc = one_game(tmp_path, events, status="final")
    out = svc.game("g1")
    assert out["decision"] == "mercy" and out["score"] == {"home": 15, "away": 0}
    assert out["points"] == {"home": 2, "away": 0} and out["winner"] == "home"
    assert svc.reopen_game("g1", "late goal sheet").ok
    res = svc.add_event("g1", g_("away", 2, "09:00", "b2"), confirm=True)
    assert not res.ok and "MERCY-1" in [v.rule for v in res.blocks]


def test_mercy_1_fifteen_goal_spread_at_halftime_ends_the_game():
    # 15-0 at 20:00 -> game over at halftime; a 2nd-half goal is refused.
    st = play(_goals("home", "h2", 1, 15, start=60, step=60) + [goal("away", 2, "01:00", "a2")])
    assert st.decision == "mercy" and st.end_t == 20 * 60 and st.score == {"home": 15, "away": 0}
    assert "MERCY-1" in rules(st, "block")


def test_forf_1_example_ready_at_7_30_opponent_leads_two_nil():
    # Catalogue: "Ready at 7:30 -> B leads 2-0": two full 3-minute spans (3:00, 6:00), goals to no player.
    st = play([ev("late", "home", minutes=7.5)])
    assert st.score == {"home": 0, "away": 2}
    assert [(g.team, g.scorer, g.assists) for g in st.goals] == [("away", None, []), ("away", None, [])]


def test_forf_1_late_goals_count_in_the_result(tmp_path):
    # A late 7:30 (B leads 2-0) then A scores once: B wins 2-1.
    svc = one_game(tmp_path, [e("late", "home", minutes=7.5), g_("home", 1, "12:00", "a2")], status="final")
    out = svc.game("g1")
    assert out["score"] == {"home": 1, "away": 2} and out["winner"] == "away" and out["points"] == {"home": 0,
                                                                                                 "away": 2}


def test_forf_1_minutes_late_must_be_a_real_number(tmp_path):
    svc = one_game(tmp_path)
    before = svc.export()
    res = svc.add_event("g1", e("late", "home", minutes=float("nan")), confirm=True)
    assert not res.ok
    assert svc.export() == before


def test_forf_2_example_not_ready_at_ten_minutes_three_nil_forfeit(tmp_path):
    # Catalogue: "Still not ready at 10:00 -> B wins 3-0 and gets 2; A gets 0."
    svc = one_game(tmp_path, [e("late", "home", minutes=10)], status="final")
    out = svc.game("g1")
    assert out["decision"] == "forfeit" and out["score"] == {"home": 0, "away": 3}
    assert out["winner"] == "away" and out["points"] == {"home": 0, "away": 2}
    r = team_rows(svc)
    assert (r["b"]["w"], r["b"]["pts"], r["a"]["l"], r["a"]["pts"]) == (1, 2, 1, 0)


def test_forf_3_example_fourth_player_at_four_minutes_opponent_leads_one_nil(tmp_path):
    # Catalogue: "4th player arrives at 4:00 -> B leads 1-0" (one full 3-minute span).
    svc = one_game(tmp_path, [e("late", "home", minutes=4)], status="final", dressed={"a": [1, 2, 3, 4]})
    assert svc.game("g1")["score"] == {"home": 0, "away": 1}


def test_forf_3_fewer_than_four_dressed_warns(tmp_path):
    # A dresses 3 players: warn (the 10-minute lateness process applies, A-18).
    data = season([game("g1", "a", "b", "2016-01-10", [e("late", "home", minutes=4)], dressed={"a": [1, 2, 3]})])
    ok, blocks, warnings, _ = attempt(tmp_path, data)
    assert ok and blocks == [] and "FORF-3" in warnings


def test_forf_4_example_both_teams_short_loss_loss_nil_nil(tmp_path):
    # Catalogue: "Each has 3 players -> L/L, 0/0."
    data = season([game("g1", "a", "b", "2016-01-10", [e("forfeit", "both", reason="short_players")],
                        dressed={"a": [1, 2, 3], "b": [1, 2, 3]})])
    svc = load(tmp_path, data)
    out = svc.game("g1")
    assert out["decision"] == "double_forfeit" and out["winner"] is None
    assert out["points"] == {"home": 0, "away": 0}
    r = team_rows(svc)
    assert (r["a"]["l"], r["b"]["l"], r["a"]["pts"], r["b"]["pts"], r["a"]["w"], r["b"]["w"]) == (1, 1, 0, 0, 0, 0)


# ======================================================================================================
# Part 2. On-ice and co-ed


ALL_HOME = ["a1", "a2", "a3", "a4", "a5", "a6"]


def test_ice_1_example_seven_on_the_ice_refused(tmp_path):
    # Catalogue: "7 -> refused" (at most 6, goalie included).
    svc = one_game(tmp_path)
    assert [v.rule for v in svc.check_on_ice("g1", "home", ALL_HOME + ["a7"], 1, "05:00")] == ["ICE-1"]
    assert svc.check_on_ice("g1", "home", ALL_HOME, 1, "05:00") == []


def test_ice_1_seven_skaters_without_a_goalie_refused(tmp_path):
    svc = one_game(tmp_path)
    assert "ICE-1" in [v.rule for v in svc.check_on_ice("g1", "home", [f"a{i}" for i in range(2, 9)], 1, "05:00")]


def test_ice_2_at_least_three_skaters_and_goalie_or_four_skaters(tmp_path):
    svc = one_game(tmp_path)
    assert svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4"], 1, "05:00") == []  # 3 skaters + goalie
    assert svc.check_on_ice("g1", "home", ["a2", "a3", "a4", "a5"], 1, "05:00") == []  # 4 skaters, no goalie
    assert "ICE-2" in [v.rule for v in svc.check_on_ice("g1", "home", ["a2", "a3", "a4"], 1, "05:00")]
    assert "ICE-2" in [v.rule for v in svc.check_on_ice("g1", "home", ["a1", "a2", "a3"], 1, "05:00")]


def test_ice_3_overtime_four_skaters_and_goalie(tmp_path):
    # OT: 4 skaters + goalie = 5; a sixth is refused.
    svc = one_game(tmp_path)
    assert svc.check_on_ice("g1", "home", ALL_HOME[:5], 3, "01:00") == []
    assert "ICE-3" in [v.rule for v in svc.check_on_ice("g1", "home", ALL_HOME, 3, "01:00")]


def test_ice_3_overtime_less_penalised_players(tmp_path):
    # OT with a home minor running from OT 00:30: 3 skaters + goalie = 4 allowed; 5 refused.
    svc = one_game(tmp_path, [p_("home", 3, "00:30", "a6", "hooking")])
    assert svc.live("g1", 3, "01:00")["teams"]["home"]["players_on_ice"] == 4
    assert svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4"], 3, "01:00") == []
    assert "ICE-3" in [v.rule for v in svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4", "a5"], 3, "01:00")]


def test_ice_4_example_third_minor_starts_when_the_first_expires():
    # Catalogue: "Third minor at 12:00 while 2 are running -> starts when the first expires."
    # Minors at 11:00 (to 13:00) and 11:30 (to 13:30); the third at 12:00 waits: 13:00 -> 15:00.
    st = play([pen("away", 1, "11:00", "a3"), pen("away", 1, "11:30", "a4"), pen("away", 1, "12:00", "a5")])
    assert penalty(st, 2)["starts"] == "13:00" and penalty(st, 2)["ends"] == "15:00"


def test_ice_4_strength_floor_is_four(tmp_path):
    # Three minors as above: at 12:30 the away side still has 4 on the ice (floor), one penalty waiting.
    svc = one_game(tmp_path, [p_("away", 1, "11:00", "b3"), p_("away", 1, "11:30", "b4"),
                              p_("away", 1, "12:00", "b5")])
    away = svc.live("g1", 1, "12:30")["teams"]["away"]
    assert away["players_on_ice"] == 4 and len(away["waiting"]) == 1
    assert svc.live("g1", 1, "13:10")["teams"]["away"]["players_on_ice"] == 4  # third now running
    assert svc.live("g1", 1, "15:00")["teams"]["away"]["players_on_ice"] == 6


COED_ON_ICE = {  # a2-a5 male, a6-a10 female, a1 goalie
    "4M+1F+G": (["a1", "a2", "a3", "a4", "a5", "a6"], "COED-1"),
    "3M+2F+G": (["a1", "a2", "a3", "a4", "a6", "a7"], None),
    "3M+G (no female)": (["a1", "a2", "a3", "a4"], None),
    "4M no goalie": (["a2", "a3", "a4", "a5"], None),
    "5F+G": (["a1", "a6", "a7", "a8", "a9", "a10"], None),
}


@pytest.mark.parametrize("case", list(COED_ON_ICE))
def test_coed_1_example_male_and_female_caps(tmp_path, case):
    # Catalogue: "4M+1F+G -> refused" (3 males with a goalie, 4 without; zero females allowed).
    players, rule = COED_ON_ICE[case]
    svc = one_game(tmp_path, coed=True)
    got = [v.rule for v in svc.check_on_ice("g1", "home", players, 1, "05:00")]
    assert got == ([rule] if rule else [])


def test_coed_2_example_male_in_the_box_lowers_the_male_cap(tmp_path):
    # Catalogue: "Male in the box: 3M+1F+G -> refused" (cap 3 - 1 = 2 with a goalie).
    svc = one_game(tmp_path, [p_("home", 1, "10:00", "a5", "hooking")], coed=True)
    assert [v.rule for v in svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4", "a6"], 1, "10:30")] == ["COED-2"]
    assert svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a6", "a7"], 1, "10:30") == []
    # the minor is over at 12:00: 3 males again
    assert svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4", "a6", "a7"], 1, "12:00") == []


def test_coed_2_female_in_the_box_leaves_the_male_cap(tmp_path):
    svc = one_game(tmp_path, [p_("home", 1, "10:00", "a8", "hooking")], coed=True)
    assert svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4", "a6"], 1, "10:30") == []


@pytest.mark.parametrize(("entry", "on_ice", "rule"), [
    (p_("home", 1, "10:00", None, "illegal_change", served_by="a5"), ["a1", "a2", "a3", "a4", "a6"], "COED-2"),
    (p_("home", 1, "10:00", "a1", "goalie_beyond_centre", served_by="a6"), ["a1", "a2", "a3", "a4", "a7"], None),
], ids=["male-serves-bench-minor", "female-serves-goalie-minor"])
def test_coed_2_a_22_the_servers_gender_counts(tmp_path, entry, on_ice, rule):
    svc = one_game(tmp_path, [entry], coed=True)
    assert [v.rule for v in svc.check_on_ice("g1", "home", on_ice, 1, "10:30")] == ([rule] if rule else [])


def test_coed_1_a_16_overtime_male_cap_three(tmp_path):
    # OT is 4 skaters + goalie with a male cap of 3: 4M+G refused, 3M+1F+G accepted.
    svc = one_game(tmp_path, coed=True)
    assert [v.rule for v in svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4", "a5"], 3, "01:00")] == ["COED-1"]
    assert svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4", "a6"], 3, "01:00") == []


def test_coed_3_example_high_slap_shot_minor_fourteen_to_sixteen():
    # Catalogue: "14:00 -> 16:00" (a 2-minute minor), in a co-ed division.
    st = play([pen("home", 1, "14:00", "h3", "high_slap_shot")], coed=True)
    assert (penalty(st)["class"], penalty(st)["starts"], penalty(st)["ends"]) == ("minor", "14:00", "16:00")


def test_coed_3_code_exists_only_in_coed_divisions():
    st = play([pen("home", 1, "14:00", "h3", "high_slap_shot")], coed=False)
    assert "COED-3" in rules(st) and st.penalties == []


def coed_divisions() -> dict[str, Any]:
    return {"divisions": {"d1": {"coed": True, "tier": 1}, "d2": {"coed": True, "tier": 2}},
            "team_division": {"a": "d1", "b": "d2", "c": "d2"}}


def test_coed_4_example_third_division_1_male_refused(tmp_path):
    # Catalogue: "3rd Division-1 male -> refused" (a Division-2 team signs at most 2 Division-1 males).
    svc = load(tmp_path, season(**coed_divisions()))
    assert svc.sign_player("b", "a2", 42).ok
    assert svc.sign_player("b", "a3", 43).ok
    before = svc.export()
    res = svc.sign_player("b", "a4", 44)
    assert not res.ok and [v.rule for v in res.blocks] == ["COED-4"]
    assert svc.export() == before


def test_coed_4_any_number_of_division_1_females(tmp_path):
    svc = load(tmp_path, season(**coed_divisions()))
    for n, pid in enumerate(["a6", "a7", "a8", "a9", "a10"]):
        assert svc.sign_player("b", pid, 60 + n).ok


def test_coed_5_example_fifth_division_1_female_refused(tmp_path):
    # Catalogue: "5th Division-1 female -> refused" (at most 4 Division-1 females dressed per game).
    data = season([game("g1", "b", "c", "2016-01-10", status="scheduled")], **coed_divisions())
    data["roster"] += [{"team": "b", "player": f"a{n}", "number": 50 + n} for n in range(6, 11)]
    svc = load(tmp_path, data)
    own = lineup_of("b")
    assert svc.set_lineup("g1", "home", own + [{"player": f"a{n}"} for n in range(6, 10)], confirm=True).ok
    res = svc.set_lineup("g1", "home", own + [{"player": f"a{n}"} for n in range(6, 11)], confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["COED-5"]


def test_coed_5_at_most_one_division_1_male_dressed(tmp_path):
    data = season([game("g1", "b", "c", "2016-01-10", status="scheduled")], **coed_divisions())
    data["roster"] += [{"team": "b", "player": "a2", "number": 52}, {"team": "b", "player": "a3", "number": 53}]
    svc = load(tmp_path, data)
    own = lineup_of("b")
    assert svc.set_lineup("g1", "home", own + [{"player": "a2"}], confirm=True).ok
    res = svc.set_lineup("g1", "home", own + [{"player": "a2"}, {"player": "a3"}], confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["COED-5"]


# ======================================================================================================
# Part 3. Eligibility and scoring


def _playoff_season(regular_games: int) -> dict[str, Any]:
    games = [game(f"r{i}", "a", "b", f"2016-01-{i + 1:02d}") for i in range(regular_games)]
    games.append(game("p1", "a", "b", "2016-03-01", stage="playoff", status="scheduled", dressed={"a": [], "b": []}))
    return season(games)


def test_elig_1_example_five_games_of_six(tmp_path):
    # Catalogue: "5 GP -> '5 of 6 games'": not eligible, and a playoff line-up with the player is refused.
    svc = load(tmp_path, _playoff_season(5))
    row = next(p for p in svc.eligibility()["players"] if p["player"] == "a2" and p["team"] == "a")
    assert row["regular_gp"] == 5 and row["playoff_eligible"] is False
    res = svc.set_lineup("p1", "home", lineup_of("a", [1, 2, 3, 4]), confirm=True)
    assert not res.ok and {v.rule for v in res.blocks} == {"ELIG-1"}
    assert any("5 of 6" in v.message for v in res.blocks)


def test_elig_1_six_regular_games_make_a_player_eligible(tmp_path):
    svc = load(tmp_path, _playoff_season(6))
    row = next(p for p in svc.eligibility()["players"] if p["player"] == "a2" and p["team"] == "a")
    assert row["regular_gp"] == 6 and row["playoff_eligible"] is True
    assert svc.set_lineup("p1", "home", lineup_of("a", [1, 2, 3, 4]), confirm=True).ok


def test_elig_1_forfeited_games_do_not_count(tmp_path):
    # lineup appearances in completed, non-forfeited games: 6 games, one a forfeit -> 5.
    data = _playoff_season(6)
    data["games"][0]["events"] = [e("forfeit", "away", reason="other")]
    svc = load(tmp_path, data)
    row = next(p for p in svc.eligibility()["players"] if p["player"] == "a2" and p["team"] == "a")
    assert row["regular_gp"] == 5 and row["playoff_eligible"] is False


def _fight_then_next_game(extra: list[dict[str, Any]] = ()) -> dict[str, Any]:
    return season([game("g1", "a", "b", "2016-01-10", [p_("home", 2, "02:00", "a3", "fighting")]),
                   game("g2", "a", "c", "2016-01-17", status="scheduled", dressed={"a": [], "c": []}), *extra])


def test_elig_2_suspended_player_cannot_dress(tmp_path):
    svc = load(tmp_path, _fight_then_next_game())
    res = svc.set_lineup("g2", "home", lineup_of("a"), confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["ELIG-2"]
    assert svc.set_lineup("g2", "home", lineup_of("a", [1, 2, 4, 5]), confirm=True).ok


def test_elig_2_still_barred_while_an_appeal_is_pending(tmp_path):
    svc = load(tmp_path, _fight_then_next_game())
    assert svc.record_appeal({"player": "a3", "game": "g1", "filed": "2016-01-12", "form": "WSHL-0042",
                              "fee_paid": True, "decision": "pending"}, confirm=True).ok
    res = svc.set_lineup("g2", "home", lineup_of("a"), confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["ELIG-2"]


def test_elig_2_indefinite_suspension_stays_active_until_lifted(tmp_path):
    # A match penalty (5 games minimum) is indefinite: after 6 team games the player is still barred.
    games = [game("g1", "a", "b", "2016-01-01", [p_("home", 2, "02:00", "a3", "attempt_to_injure")]),
             *gap_games(2, 6), game("g9", "a", "b", "2016-01-20", status="scheduled", dressed={"a": [], "b": []})]
    svc = load(tmp_path, season(games))
    assert susp_of(svc, "a3") == [("PEN-MATCH-1", "indefinite", 5, "active")]
    res = svc.set_lineup("g9", "home", lineup_of("a"), confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["ELIG-2"]


def test_elig_2_offence_entered_late_flags_the_later_lineup(tmp_path):
    # g1 and g2 (both final, a3 dressed in both); the office reopens g1 and adds a3's fight (5 games). While g1
    # is reopened nothing is final about it; finishing it again must not pass silently: g2's line-up now holds a
    # suspended player, so the finish is refused with ELIG-2 for g2 and nothing changes.
    svc = load(tmp_path, season([game("g1", "a", "b", "2016-01-10"), game("g2", "a", "b", "2016-01-17")]))
    assert svc.reopen_game("g1", "fight missing from the sheet").ok
    assert svc.add_event("g1", p_("home", 2, "02:00", "a3", "fighting"), confirm=True).ok
    before = svc.export()
    res = svc.finish_game("g1", confirm=True)
    assert not res.ok and any(v.rule == "ELIG-2" and "g2" in v.where for v in res.blocks)
    assert svc.export() == before


def test_elig_2_review_flag_alone_does_not_bar(tmp_path):
    # A late misconduct (PEN-MISC-2) only flags the player for review: he may dress next game.
    g1 = [g_("home", 1, "01:00", "a2"), p_("home", 2, "15:00", "a3", "misconduct")]
    data = season([game("g1", "a", "b", "2016-01-10", g1),
                   game("g2", "a", "c", "2016-01-17", status="scheduled", dressed={"a": [], "c": []})])
    svc = load(tmp_path, data)
    assert "PEN-MISC-2" in [v["rule"] for v in svc.game("g1")["violations"]]
    assert susp_of(svc, "a3") == []
    assert svc.set_lineup("g2", "home", lineup_of("a"), confirm=True).ok


def test_elig_3_ejected_player_cannot_appear_in_later_entries(tmp_path):
    # a3 ejected by a game misconduct at 15:00: a goal or an assist by a3 later is refused.
    svc = one_game(tmp_path, [p_("home", 1, "15:00", "a3", "game_misconduct")])
    before = svc.export()
    for entry in (g_("home", 2, "01:00", "a3"), g_("home", 2, "01:00", "a2", "a3")):
        res = svc.add_event("g1", entry, confirm=True)
        assert not res.ok and "ELIG-3" in [v.rule for v in res.blocks]
    assert svc.export() == before
    assert svc.add_event("g1", g_("home", 1, "14:00", "a3"), confirm=True).ok  # before the ejection: fine


def test_elig_3_ejected_player_cannot_be_declared_on_the_ice(tmp_path):
    svc = one_game(tmp_path, [p_("home", 1, "15:00", "a3", "game_misconduct")])
    assert "ELIG-3" in [v.rule for v in svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4"], 1, "16:00")]


def test_elig_4_under_18_face_mask_reminder(tmp_path):
    # a7 born 2000-06-01 is 15 on 2016-01-10: warn, accepted once confirmed.
    data = season([game("g1", "a", "b", "2016-01-10", status="scheduled", dressed={"a": []})],
                  birthdates={"a7": "2000-06-01", "a8": "1990-01-01"})
    svc = load(tmp_path, data)
    res = svc.set_lineup("g1", "home", lineup_of("a"))
    assert not res.ok and res.needs_confirmation and [v.rule for v in res.warnings] == ["ELIG-4"]
    assert "a7" not in json.dumps(svc.export()["games"][0]["lineups"]["home"])
    assert svc.set_lineup("g1", "home", lineup_of("a"), confirm=True).ok


def _stats(svc: Services, stage: str = "regular") -> dict[str, dict[str, Any]]:
    return {p["player"]: p for p in svc.stats(stage=stage)["players"]}


def test_score_1_example_goal_and_assist_one_point_each(tmp_path):
    # Catalogue: "#9 scores, #4 assists -> #9 P1, #4 P1."
    svc = one_game(tmp_path, [g_("home", 1, "05:00", "a9", "a4")], status="final")
    s = _stats(svc)
    assert (s["a9"]["g"], s["a9"]["a"], s["a9"]["pts"]) == (1, 0, 1)
    assert (s["a4"]["g"], s["a4"]["a"], s["a4"]["pts"]) == (0, 1, 1)


def test_score_1_overtime_counts_playoffs_kept_apart(tmp_path):
    # Regular: 1-1 then a9 scores in OT (a4 assists). Playoff: a9 scores once. Regular a9: G2 P2; playoff G1.
    reg = [g_("home", 1, "05:00", "a9"), g_("away", 1, "06:00", "b2"), g_("home", 3, "01:00", "a9", "a4")]
    po = [g_("home", 1, "05:00", "a9")]
    data = season([game("g1", "a", "b", "2016-01-10", reg), game("p1", "a", "b", "2016-03-01", po, stage="playoff")])
    data["games"][1]["lineups"] = {"home": lineup_of("a", [1, 9]), "away": lineup_of("b", [1, 2])}
    # a9/a1 need 6 regular games to be playoff eligible: add 5 more regular games.
    data["games"] += gap_games(11, 5, without=())
    svc = load(tmp_path, data)
    reg_s, po_s = _stats(svc), _stats(svc, "playoff")
    assert (reg_s["a9"]["g"], reg_s["a9"]["pts"], reg_s["a4"]["a"]) == (2, 2, 1)
    assert (po_s["a9"]["g"], po_s["a9"]["pts"]) == (1, 1)


@pytest.mark.parametrize(("entry", "rules_"), [
    (g_("home", 1, "05:00", "a2", "a3", "a4", "a5"), {"SCORE-2"}),          # 3 assists
    (g_("home", 1, "05:00", "a2", "a2"), {"SCORE-2"}),                      # scorer also assists
    (g_("home", 1, "05:00", "a2", "a3", "a3"), {"SCORE-2"}),                # the same assist twice
    (g_("home", 1, "05:00", "b2"), {"SCORE-2", "DATA-4"}),                  # not dressed for home
], ids=["three-assists", "scorer-assists", "double-assist", "not-dressed"])
def test_score_2_scorer_and_assists_distinct_dressed_at_most_two(tmp_path, entry, rules_):
    svc = one_game(tmp_path)
    before = svc.export()
    res = svc.add_event("g1", entry, confirm=True)
    assert not res.ok and {v.rule for v in res.blocks} & rules_
    assert svc.export() == before


def test_score_2_two_assists_accepted_and_box_warns(tmp_path):
    svc = one_game(tmp_path, [p_("home", 1, "04:00", "a4", "hooking")])
    assert svc.add_event("g1", g_("home", 1, "03:00", "a2", "a3", "a4"), confirm=True).ok
    res = svc.add_event("g1", g_("home", 1, "05:00", "a2", "a4"))  # a4 is in the box 04:00-06:00
    assert not res.ok and res.needs_confirmation and [v.rule for v in res.warnings] == ["SCORE-2"]


def test_score_3_example_penalty_shot_goal_to_shooter_without_assists(tmp_path):
    # Catalogue: "Penalty-shot goal by #9 -> #9 G1, no assists."
    svc = one_game(tmp_path, [e("penalty_shot", "home", 1, "08:00", shooter="a9", scored=True, fouled_by="b3")],
                   status="final")
    s = _stats(svc)
    assert (s["a9"]["g"], s["a9"]["a"]) == (1, 0)
    assert sum(p["a"] for p in s.values()) == 0
    out = svc.game("g1")
    assert out["goals"][0]["penalty_shot"] is True and out["goals"][0]["assists"] == []


def test_score_3_awarded_goal_to_no_player(tmp_path):
    svc = one_game(tmp_path, [e("goalie", "away", 2, "18:00", action="pull"),
                              e("awarded_goal", "home", 2, "18:30", reason="stick thrown")], status="final")
    out = svc.game("g1")
    assert out["score"] == {"home": 1, "away": 0} and out["goals"][0]["scorer"] is None
    assert all(p["g"] == 0 and p["a"] == 0 for p in _stats(svc).values())


# ======================================================================================================
# Part 4. Penalties


def test_pen_gen_1_post_game_penalty_counts_for_discipline_no_time(tmp_path):
    # a 1-0 b; a fight after the final whistle (2nd half 20:00): no time served, but 5 games and $50 (FIGHT-1).
    svc = one_game(tmp_path, [g_("home", 1, "01:00", "a2"), p_("away", 2, "20:00", "b3", "fighting")],
                   status="final")
    p = svc.game("g1")["penalties"][0]
    assert p["ends"] is None
    assert susp_of(svc, "b3") == [("PEN-FIGHT-1", "games", 5, "active")]
    assert fines_of(svc, "b3") == [("PEN-FIGHT-1", {"player": "b3"}, "50.00")]


def test_pen_gen_1_penalty_accepted_before_and_during_the_game(tmp_path):
    svc = one_game(tmp_path)
    assert svc.add_event("g1", p_("home", 1, "00:00", "a3", "abuse_of_officials"), confirm=True).ok
    assert svc.add_event("g1", p_("away", 1, "10:00", "b3", "hooking"), confirm=True).ok
    assert [x["infraction"] for x in stored_events(svc, "g1")] == ["abuse_of_officials", "hooking"]


def test_pen_gen_2_example_both_minors_four_and_goalie_each_until_twelve(tmp_path):
    # Catalogue: "Both get minors at 10:00 -> 4+G against 4+G until 12:00"; nothing offsets.
    svc = one_game(tmp_path, [p_("home", 1, "10:00", "a3", "hooking"), p_("away", 1, "10:00", "b3", "hooking")])
    at = svc.live("g1", 1, "11:00")
    assert at["teams"]["home"]["players_on_ice"] == 5 and at["teams"]["away"]["players_on_ice"] == 5
    assert at["teams"]["home"]["skaters"] == 4 and at["teams"]["away"]["skaters"] == 4
    at = svc.live("g1", 1, "12:00")
    assert at["teams"]["home"]["players_on_ice"] == 6 and at["teams"]["away"]["players_on_ice"] == 6


def test_pen_gen_2_goal_at_four_on_four_is_even_and_releases_nothing():
    st = play([pen("home", 1, "10:00", "h3"), pen("away", 1, "10:00", "a3"), goal("home", 1, "11:00", "h2")])
    assert st.goals[0].strength == "EV" and not any(p.ended_by_goal for p in st.penalties)


def test_pen_gen_3_example_third_minor_ejects_and_a_sub_serves(tmp_path):
    # Catalogue: "Minors at 5:00, 18:00, 31:00 -> ejected at 31:00; a sub serves until 33:00." No fine.
    events = [p_("home", 1, "05:00", "a3", "hooking"), p_("home", 1, "18:00", "a3", "holding"),
              p_("home", 2, "11:00", "a3", "slashing")]
    svc = one_game(tmp_path, events, status="final")
    out = svc.game("g1")
    assert out["ejections"] == [{"player": "a3", "rule": "PEN-GEN-3"}]
    third = out["penalties"][2]
    assert (third["starts"], third["ends"]) == ("31:00", "33:00") and third["served_by"] != "a3"
    assert fines(svc) == []


def test_pen_gen_3_a_12_every_penalty_counts_but_not_a_penalty_shot():
    # all penalties of the player count (a misconduct too); a penalty shot against him does not.
    st = play([pen("home", 1, "05:00", "h3", "hooking"), pen("home", 1, "08:00", "h3", "misconduct"),
               pen("home", 1, "19:00", "h3", "holding")])
    assert [(x.player, x.rule) for x in st.ejections] == [("h3", "PEN-GEN-3")]
    st = play([pen("home", 1, "05:00", "h3", "hooking"),
               ev("penalty_shot", "away", 1, "06:00", shooter="a2", scored=False, fouled_by="h3"),
               pen("home", 1, "19:00", "h3", "holding")])
    assert st.ejections == []


def test_pen_gen_3_goalie_third_penalty_ejects():
    st = play([pen("home", 1, "05:00", "h1", "goalie_beyond_centre", served_by="h2"),
               pen("home", 1, "08:00", "h1", "goalie_holding_puck", served_by="h3"),
               pen("home", 1, "12:00", "h1", "goalie_drop_kick", served_by="h4")])
    assert [(x.player, x.rule) for x in st.ejections] == [("h1", "PEN-GEN-3")]


def test_pen_gen_4_example_minor_and_misconduct_short_until_12_free_at_22(tmp_path):
    # Catalogue: "Minor + misconduct at 10:00 -> SH until 12:00; player free at 22:00."
    svc = one_game(tmp_path, [p_("home", 1, "10:00", "a3", "hooking"), p_("home", 1, "10:00", "a3", "misconduct")])
    out = svc.game("g1")["penalties"]
    assert (out[0]["starts"], out[0]["ends"]) == ("10:00", "12:00")
    assert (out[1]["starts"], out[1]["ends"]) == ("12:00", "22:00")
    assert svc.live("g1", 1, "11:00")["teams"]["home"]["players_on_ice"] == 5
    assert svc.live("g1", 1, "12:30")["teams"]["home"]["players_on_ice"] == 6  # the misconduct is not SH
    assert "ICE-4" in [v.rule for v in svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4"], 2, "01:59")]
    assert svc.check_on_ice("g1", "home", ["a1", "a2", "a3", "a4"], 2, "02:00") == []


def test_pen_gen_4_penalties_carry_over_halftime_and_lapse_at_full_time():
    st = play([pen("away", 1, "19:30", "a3")])
    assert penalty(st)["ends"] == "21:30"
    st = play([goal("home", 1, "01:00", "h2"), pen("away", 2, "19:00", "a3")])
    assert penalty(st)["ends"] == "40:00"


def test_pen_minor_1_example_minor_is_two_minutes():
    # Catalogue: "14:30 -> 16:30", short-handed.
    st = play([pen("away", 1, "14:30", "a3", "hooking"), goal("home", 1, "15:00", "h2")])
    assert (penalty(st)["minutes"], penalty(st)["starts"], penalty(st)["ends"]) == (2, "14:30", "15:00")
    assert st.goals[0].strength == "PP"
    st = play([pen("away", 1, "14:30", "a3", "hooking")])
    assert penalty(st)["ends"] == "16:30"


def test_pen_minor_1_goalie_minor_served_by_a_teammate():
    st = play([pen("home", 1, "14:30", "h1", "goalie_beyond_centre", served_by="h4")])
    assert penalty(st)["player"] == "h1" and penalty(st)["served_by"] == "h4" and penalty(st)["ends"] == "16:30"


def test_pen_minor_2_example_goal_ends_the_earliest_minor():
    # Catalogue: "Minors at 10:00 and 11:00; goal at 11:30 -> first ends" (second runs to 13:00).
    st = play([pen("away", 1, "10:00", "a3"), pen("away", 1, "11:00", "a4"), goal("home", 1, "11:30", "h2")])
    assert penalty(st, 0)["ends"] == "11:30" and penalty(st, 0)["ended_by_goal"] is True
    assert penalty(st, 1)["ends"] == "13:00" and penalty(st, 1)["ended_by_goal"] is False


def test_pen_minor_2_majors_and_misconducts_unaffected():
    st = play([pen("away", 1, "10:00", "a3", "slashing", **{"class": "major"}),
               pen("away", 1, "10:00", "a4", "misconduct"), goal("home", 1, "11:00", "h2")])
    assert penalty(st, 0)["ends"] == "15:00" and penalty(st, 1)["ends"] == "20:00"
    assert not any(p.ended_by_goal for p in st.penalties)


def test_pen_bench_1_example_chosen_skater_serves_until_ten(tmp_path):
    # Catalogue: "Illegal change at 8:00 -> the chosen skater serves until 10:00."
    svc = one_game(tmp_path)
    assert svc.add_event("g1", p_("home", 1, "08:00", None, "illegal_change", served_by="a4"), confirm=True).ok
    p = svc.game("g1")["penalties"][0]
    assert (p["class"], p["served_by"], p["starts"], p["ends"]) == ("bench_minor", "a4", "08:00", "10:00")


@pytest.mark.parametrize("server", ["a1", "b4"], ids=["goalie", "not-dressed-for-the-team"])
def test_pen_bench_1_server_must_be_a_dressed_skater(tmp_path, server):
    svc = one_game(tmp_path)
    before = svc.export()
    res = svc.add_event("g1", p_("home", 1, "08:00", None, "too_many_players", served_by=server), confirm=True)
    assert not res.ok and {v.rule for v in res.blocks} & {"PEN-BENCH-1", "DATA-4"}
    assert svc.export() == before


def test_pen_major_1_example_twenty_to_twenty_five_not_released():
    # Catalogue: "20:00 -> 25:00"; goals do not release a major: PP goal at 21:00 leaves it running.
    st = play([pen("away", 2, "00:00", "a3", "slashing", **{"class": "major"}), goal("home", 2, "01:00", "h2")])
    assert (penalty(st)["minutes"], penalty(st)["starts"], penalty(st)["ends"]) == (5, "20:00", "25:00")
    assert st.goals[0].strength == "PP" and not penalty(st)["ended_by_goal"]
    assert st.ejections == []  # first major: no game misconduct


def test_pen_major_2_example_two_majors_eject_two_games_twenty_dollars(tmp_path):
    # Catalogue: "Majors at 8:00 and 30:00 -> ejected, 2 games, $20"; a sub serves the second 5 minutes
    # (30:00 -> 35:00).
    events = [p_("home", 1, "08:00", "a3", "slashing", **{"class": "major"}),
              p_("home", 2, "10:00", "a3", "cross_checking", **{"class": "major"})]
    svc = one_game(tmp_path, events, status="final")
    out = svc.game("g1")
    assert out["ejections"] == [{"player": "a3", "rule": "PEN-MAJOR-2"}]
    second = out["penalties"][1]
    assert (second["starts"], second["ends"]) == ("30:00", "35:00") and second["served_by"] != "a3"
    assert susp_of(svc, "a3") == [("PEN-MAJOR-2", "games", 2, "active")]
    assert fines_of(svc, "a3") == [("PEN-MAJOR-2", {"player": "a3"}, "20.00")]


def test_pen_misc_1_example_misconduct_back_at_22_not_short_handed():
    # Catalogue: "12:00 -> back at 22:00"; not SH: a goal at 13:00 is even strength.
    st = play([pen("away", 1, "12:00", "a3", "abuse_of_officials"), goal("home", 1, "13:00", "h2")])
    assert (penalty(st)["minutes"], penalty(st)["ends"]) == (10, "22:00")
    assert st.goals[0].strength == "EV"


@pytest.mark.parametrize("code", ["abuse_of_officials", "puck_out_of_reach", "not_to_penalty_bench", "misconduct"])
def test_pen_misc_1_triggers_are_ten_minute_misconducts_sub_allowed(code):
    st = play([pen("away", 1, "12:00", "a3", code, served_by="a5")])
    assert (penalty(st)["class"], penalty(st)["minutes"], penalty(st)["served_by"]) == ("misconduct", 10, "a5")


def test_pen_misc_2_example_misconduct_at_33_flagged():
    # Catalogue: "At 33:00 -> flagged" (final 10 minutes of a game decided at 40:00).
    st = play([goal("home", 1, "01:00", "h2"), pen("away", 2, "13:00", "a3", "misconduct")])
    assert "PEN-MISC-2" in rules(st, "warn")
    st = play([goal("home", 1, "01:00", "h2"), pen("away", 2, "09:00", "a3", "misconduct")])  # 29:00: not flagged
    assert "PEN-MISC-2" not in rules(st)


def test_pen_misc_2_misconduct_after_the_game_flagged():
    st = play([goal("home", 1, "01:00", "h2"), pen("away", 2, "20:00", "a3", "abuse_of_officials")])
    assert "PEN-MISC-2" in rules(st, "warn")


def test_pen_misc_3_example_second_misconduct_gm_one_game_ten_dollars(tmp_path):
    # Catalogue: "Misconducts at 5:00 and 25:00 -> GM, 1 game, $10."
    events = [p_("home", 1, "05:00", "a3", "misconduct"), p_("home", 2, "05:00", "a3", "abuse_of_officials")]
    svc = one_game(tmp_path, events, status="final")
    assert svc.game("g1")["ejections"] == [{"player": "a3", "rule": "PEN-MISC-3"}]
    assert susp_of(svc, "a3") == [("PEN-MISC-3", "games", 1, "active")]
    assert fines_of(svc, "a3") == [("PEN-MISC-3", {"player": "a3"}, "10.00")]


def test_pen_gm_1_example_sub_comes_on_strength_unchanged(tmp_path):
    # Catalogue: "GM at 15:00 -> a sub comes on; strength unchanged."
    svc = one_game(tmp_path, [p_("home", 1, "15:00", "a3", "game_misconduct")])
    out = svc.game("g1")
    assert out["ejections"] == [{"player": "a3", "rule": "PEN-GM-1"}] and out["penalties"][0]["ends"] is None
    assert svc.live("g1", 1, "16:00")["teams"]["home"]["players_on_ice"] == 6
    assert svc.check_on_ice("g1", "home", ["a1", "a2", "a4", "a5", "a6", "a7"], 1, "16:00") == []


def test_pen_gm_2_example_sixth_incident_proposes_a_season_suspension(tmp_path):
    # Catalogue: "6th incident -> proposal": a3 takes a game misconduct in six games; the sixth proposes a
    # season suspension pending the Director (review true, A-11). After five there is none.
    games = [game(f"g{i}", "a", "b", f"2016-01-{i:02d}", [p_("home", 1, "05:00", "a3", "game_misconduct")])
             for i in range(1, 7)]
    five = load(tmp_path, season(games[:5]), "five.db")
    assert [s for s in suspensions(five) if s["player"] == "a3"] == []
    svc = load(tmp_path, season(games), "six.db")
    got = [s for s in suspensions(svc) if s["player"] == "a3"]
    assert [(s["rule"], s["kind"], s["game"], s["review"]) for s in got] == [("PEN-GM-2", "season", "g6", True)]


def _gross_season() -> dict[str, Any]:
    # g1: a3 gross misconduct (3 games: served by g2, g3, g4); g5: a3's second gross misconduct of the season.
    return season([game("g1", "a", "b", "2016-01-01", [p_("home", 1, "05:00", "a3", "gross_misconduct")]),
                   *gap_games(2, 3),
                   game("g5", "a", "b", "2016-01-05", [p_("home", 1, "05:00", "a3", "gross_misconduct")])])


def test_pen_gross_1_example_first_three_games_thirty_second_season_team_fifty(tmp_path):
    # Catalogue: "1st -> 3 games and $30. 2nd -> season, team billed $50" (A-29: no further 3 games / $30).
    svc = load(tmp_path, _gross_season())
    got = [(s["game"], s["rule"], s["kind"], s["games"]) for s in suspensions(svc) if s["player"] == "a3"]
    assert ("g1", "PEN-GROSS-1", "games", 3) in got and ("g5", "PEN-GROSS-1", "season", None) in got
    assert ("g5", "PEN-GROSS-1", "games", 3) not in got
    money = sorted((f["game"], f["payer"]["team"] if "team" in f["payer"] else f["payer"]["player"], f["amount"])
                   for f in fines(svc))
    assert money == [("g1", "a3", "30.00"), ("g5", "a", "50.00")]
    assert svc.game("g1")["ejections"] == [{"player": "a3", "rule": "PEN-GROSS-1"}]


def test_pen_match_1_example_short_handed_until_25_indefinite_fifty(tmp_path):
    # Catalogue: "20:00 -> SH until 25:00"; ejection, served by a sub, indefinite (5 games minimum), $50.
    svc = one_game(tmp_path, [p_("home", 2, "00:00", "a3", "attempt_to_injure"), g_("away", 2, "01:00", "b2")],
                   status="final")
    out = svc.game("g1")
    p = out["penalties"][0]
    assert (p["starts"], p["ends"], p["ended_by_goal"]) == ("20:00", "25:00", False) and p["served_by"] != "a3"
    assert out["goals"][0]["strength"] == "PP"
    assert out["ejections"] == [{"player": "a3", "rule": "PEN-MATCH-1"}]
    assert susp_of(svc, "a3") == [("PEN-MATCH-1", "indefinite", 5, "active")]
    assert fines_of(svc, "a3") == [("PEN-MATCH-1", {"player": "a3"}, "50.00")]


def test_pen_shot_1_example_missed_penalty_shot_no_goal_no_pim(tmp_path):
    # Catalogue: "Miss -> 0 goals, 0 PIM"; the entry is recorded (R).
    svc = one_game(tmp_path)
    shot = e("penalty_shot", "home", 1, "08:00", shooter="a4", scored=False, fouled_by="b3", infraction="tripping")
    assert svc.add_event("g1", shot, confirm=True).ok
    assert stored_events(svc, "g1") == [shot]
    out = svc.game("g1")
    assert out["score"] == {"home": 0, "away": 0} and out["penalties"] == [] and out["pim"] == {"home": 0, "away": 0}


def test_pen_award_1_example_empty_net_thrown_stick_goal_awarded(tmp_path):
    # Catalogue: "B's net empty, B player throws his stick -> A gets a goal."
    svc = one_game(tmp_path, [e("goalie", "away", 2, "18:00", action="pull")])
    assert svc.add_event("g1", e("awarded_goal", "home", 2, "18:30", reason="throwing_stick"), confirm=True).ok
    g = svc.game("g1")["goals"][0]
    assert (g["team"], g["scorer"], g["awarded"], g["strength"]) == ("home", None, True, None)


def test_pen_goalie_1_example_goalie_named_as_server_refused(tmp_path):
    # Catalogue: "Goalie named as server -> refused"; a teammate who was on the ice serves.
    svc = one_game(tmp_path)
    before = svc.export()
    res = svc.add_event("g1", p_("home", 1, "09:00", "a1", "goalie_beyond_centre", served_by="a1"), confirm=True)
    assert not res.ok and "PEN-GOALIE-1" in [v.rule for v in res.blocks]
    assert svc.export() == before
    assert svc.add_event("g1", p_("home", 1, "09:00", "a1", "goalie_beyond_centre", served_by="a4"), confirm=True).ok


def test_pen_goalie_1_goalie_major_counts_toward_the_goalie():
    st = play([pen("home", 1, "05:00", "h1", "goalie_drop_kick", **{"class": "major"}, served_by="h3"),
               pen("home", 2, "05:00", "h1", "goalie_drop_kick", **{"class": "major"}, served_by="h4")])
    assert [(x.player, x.rule) for x in st.ejections] == [("h1", "PEN-MAJOR-2")]
    assert st.penalties[0].player == "h1" and st.pim("home") == 5 + 5 + 10


def test_pen_goalie_2_example_drop_kick_teammate_serves_until_eleven():
    # Catalogue: "Drop kick at 9:00 -> a teammate serves until 11:00."
    st = play([pen("home", 1, "09:00", "h1", "goalie_drop_kick")])
    assert (penalty(st)["class"], penalty(st)["ends"]) == ("minor", "11:00") and penalty(st)["served_by"] != "h1"


@pytest.mark.parametrize("code", ["goalie_leaving_crease", "goalie_beyond_centre", "goalie_drop_kick",
                                  "goalie_holding_puck"])
def test_pen_goalie_2_goalie_minors(code):
    st = play([pen("home", 1, "09:00", "h1", code, served_by="h3")])
    assert (penalty(st)["class"], penalty(st)["minutes"], penalty(st)["ends"]) == ("minor", 2, "11:00")


def test_pen_goalie_2_drop_kick_that_injures_is_a_major():
    st = play([pen("home", 1, "09:00", "h1", "goalie_drop_kick", served_by="h3", **{"class": "major"})])
    assert (penalty(st)["minutes"], penalty(st)["ends"]) == (5, "14:00")


def test_pen_fight_1_example_both_short_until_27_five_games_fifty_each(tmp_path):
    # Catalogue: "Fight at 22:00 -> both teams SH until 27:00; each fighter gets 5 games and $50."
    svc = one_game(tmp_path, [p_("home", 2, "02:00", "a3", "fighting"), p_("away", 2, "02:00", "b3", "fighting")],
                   status="final")
    out = svc.game("g1")
    assert [(p["starts"], p["ends"]) for p in out["penalties"]] == [("22:00", "27:00"), ("22:00", "27:00")]
    live = svc.live("g1", 2, "03:00")
    assert live["teams"]["home"]["players_on_ice"] == 5 and live["teams"]["away"]["players_on_ice"] == 5
    assert sorted((x["player"], x["rule"]) for x in out["ejections"]) == [("a3", "PEN-FIGHT-1"),
                                                                          ("b3", "PEN-FIGHT-1")]
    for pl in ("a3", "b3"):
        assert susp_of(svc, pl) == [("PEN-FIGHT-1", "games", 5, "active")]
        assert fines_of(svc, pl) == [("PEN-FIGHT-1", {"player": pl}, "50.00")]


def test_pen_fight_2_example_sub_serves_seven_minutes_season_team_fine(tmp_path):
    # Catalogue: "A sub serves 7 minutes" (2 + 5); season suspension, $50 team fine, replaces FIGHT-1.
    svc = one_game(tmp_path, [p_("home", 2, "02:00", "a3", "instigator"), p_("away", 2, "02:00", "b3", "fighting")],
                   status="final")
    p = svc.game("g1")["penalties"][0]
    assert (p["minutes"], p["starts"], p["ends"]) == (7, "22:00", "29:00") and p["served_by"] != "a3"
    assert susp_of(svc, "a3") == [("PEN-FIGHT-2", "season", None, "active")]
    assert [(f["rule"], f["payer"], f["amount"]) for f in fines(svc) if f["team"] == "a"] == [
        ("PEN-FIGHT-2", {"team": "a"}, "50.00")]
    assert susp_of(svc, "b3") == [("PEN-FIGHT-1", "games", 5, "active")]


def test_pen_slew_1_example_short_handed_until_23_ejected(tmp_path):
    # Catalogue: "18:00 -> SH until 23:00; report raised."
    svc = one_game(tmp_path, [p_("home", 1, "18:00", "a3", "slew_foot")], status="final")
    out = svc.game("g1")
    p = out["penalties"][0]
    assert (p["class"], p["starts"], p["ends"]) == ("major", "18:00", "23:00")
    assert out["ejections"] == [{"player": "a3", "rule": "PEN-SLEW-1"}]
    assert svc.live("g1", 2, "02:00")["teams"]["home"]["players_on_ice"] == 5


def test_pen_slew_1_report_raised(tmp_path):
    svc = one_game(tmp_path, [p_("home", 1, "18:00", "a3", "slew_foot")], status="final")
    report = svc.game("g1").get("report")
    assert report is not None and [(r["player"], r["infraction"]) for r in report] == [("a3", "slew_foot")]


def test_pen_high_1_example_blood_is_five_minutes():
    # Catalogue: "Blood -> 5 minutes" (high_sticking given as a major); otherwise a minor.
    st = play([pen("away", 1, "05:00", "a3", "high_sticking", **{"class": "major"})])
    assert (penalty(st)["class"], penalty(st)["minutes"], penalty(st)["ends"]) == ("major", 5, "10:00")
    for code in ("high_sticking", "high_stick_puck"):
        st = play([pen("away", 1, "05:00", "a3", code)])
        assert (penalty(st)["class"], penalty(st)["minutes"], penalty(st)["ends"]) == ("minor", 2, "07:00")


def test_pen_trip_1_example_injury_trip_five_minutes_counts_as_a_major():
    # Catalogue: "Injury trip -> 5 minutes, counts as a major": with an earlier major -> 2nd major (PEN-MAJOR-2).
    st = play([pen("away", 1, "05:00", "a3", "tripping", **{"class": "major"})])
    assert (penalty(st)["class"], penalty(st)["minutes"], penalty(st)["ends"]) == ("major", 5, "10:00")
    st = play([pen("away", 1, "05:00", "a3", "slashing", **{"class": "major"}),
               pen("away", 2, "05:00", "a3", "tripping", **{"class": "major"})])
    assert [x.rule for x in st.ejections] == ["PEN-MAJOR-2"]
    st = play([pen("away", 1, "05:00", "a3", "tripping")])
    assert penalty(st)["minutes"] == 2


def test_pen_contact_1_example_dive_with_contact_minor_until_eight():
    # Catalogue: "Dive with contact at 6:00 -> minor until 8:00"; body contact is 3 minutes;
    # contact with the goalie a 2-minute minor.
    st = play([pen("home", 1, "06:00", "h3", "diving_contact")])
    assert (penalty(st)["class"], penalty(st)["ends"]) == ("minor", "08:00")
    st = play([pen("home", 1, "06:00", "h3", "body_contact")])
    assert (penalty(st)["minutes"], penalty(st)["ends"]) == (3, "09:00")
    st = play([pen("home", 1, "06:00", "h3", "goalie_contact")])
    assert (penalty(st)["minutes"], penalty(st)["ends"]) == (2, "08:00")


def test_pen_contact_1_contact_repeated_after_a_team_warning_eviction_may_apply(tmp_path):
    # The first body contact is the team's warning; a second by the same team warns "eviction may apply".
    svc = one_game(tmp_path, [p_("home", 1, "05:00", "a2", "body_contact")])
    res = svc.add_event("g1", p_("home", 1, "15:00", "a3", "body_contact"))
    assert not res.ok and res.needs_confirmation and [v.rule for v in res.warnings] == ["PEN-CONTACT-1"]
    assert "eviction may apply" in res.warnings[0].message
    assert svc.add_event("g1", p_("away", 1, "16:00", "b3", "body_contact")).ok  # the other team: its first


def test_pen_contact_1_body_contact_is_recorded(tmp_path):
    svc = one_game(tmp_path)
    entry = p_("home", 1, "06:00", "a3", "body_contact")
    assert svc.add_event("g1", entry, confirm=True).ok and stored_events(svc, "g1") == [entry]


PEN_LIST_CODES = ["equipment_delay", "broken_stick", "cross_checking", "elbowing", "holding", "hooking",
                  "interference", "falling_on_puck", "throwing_stick", "traction_substance", "slashing", "roughing",
                  "puck_over_boards"]


def test_pen_list_1_example_hooking_12_10_to_14_10():
    # Catalogue: "Hooking at 12:10 -> 14:10."
    st = play([pen("home", 1, "12:10", "h3", "hooking")])
    assert (penalty(st)["class"], penalty(st)["starts"], penalty(st)["ends"]) == ("minor", "12:10", "14:10")


@pytest.mark.parametrize("code", PEN_LIST_CODES)
def test_pen_list_1_other_two_minute_minors(code):
    st = play([pen("home", 1, "12:10", "h3", code)])
    assert (penalty(st)["class"], penalty(st)["minutes"], penalty(st)["ends"]) == ("minor", 2, "14:10")


def test_pen_list_1_slashing_may_be_a_major():
    st = play([pen("home", 1, "12:10", "h3", "slashing", **{"class": "major"})])
    assert (penalty(st)["minutes"], penalty(st)["ends"]) == (5, "17:10")


def test_pen_equip_1_example_altered_footwear_indefinite_until_hearing(tmp_path):
    # Catalogue: "Suspended until the hearing is recorded": ejection + indefinite suspension, still active
    # after 6 team games.
    games = [game("g1", "a", "b", "2016-01-01", [p_("home", 1, "05:00", "a3", "illegal_footwear")]),
             *gap_games(2, 6), game("g9", "a", "b", "2016-01-20", status="scheduled", dressed={"a": [], "b": []})]
    svc = load(tmp_path, season(games))
    assert svc.game("g1")["ejections"] == [{"player": "a3", "rule": "PEN-EQUIP-1"}]
    got = [(s["rule"], s["kind"], s["status"]) for s in suspensions(svc) if s["player"] == "a3"]
    assert got == [("PEN-EQUIP-1", "indefinite", "active")]
    res = svc.set_lineup("g9", "home", lineup_of("a"), confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["ELIG-2"]


def test_pen_report_1_example_one_fight_report_with_two_entries(tmp_path):
    # Catalogue: "A game with 1 fight -> report with 2 entries" (the two fighters).
    svc = one_game(tmp_path, [p_("home", 2, "02:00", "a3", "fighting"), p_("away", 2, "02:00", "b3", "fighting"),
                              p_("home", 1, "05:00", "a4", "hooking")], status="final")
    report = svc.game("g1").get("report")
    assert report is not None and len(report) == 2
    assert sorted(r["player"] for r in report) == ["a3", "b3"]


def test_pen_report_1_lists_match_gm_gross_and_late_misconduct(tmp_path):
    events = [g_("home", 1, "00:30", "a2"), p_("home", 1, "02:00", "a3", "attempt_to_injure"),
              p_("home", 1, "03:00", "a4", "game_misconduct"), p_("away", 1, "04:00", "b3", "gross_misconduct"),
              p_("away", 2, "15:00", "b4", "misconduct"), p_("away", 1, "06:00", "b5", "misconduct"),
              p_("away", 1, "07:00", "b6", "hooking")]
    svc = one_game(tmp_path, events, status="final")
    # a 1-0 at the end: the game ends at 40:00, so b4's misconduct at 35:00 is late (PEN-MISC-2)
    report = svc.game("g1").get("report")
    assert report is not None
    listed = {r["player"] for r in report}
    assert {"a3", "a4", "b3", "b4"} <= listed and "b6" not in listed  # a plain minor is not reported


def test_pen_report_1_suspensions_go_to_league_review(tmp_path):
    svc = one_game(tmp_path, [p_("home", 2, "02:00", "a3", "fighting"), p_("away", 2, "02:00", "b3",
                                                                           "attempt_to_injure")], status="final")
    assert [s["review"] for s in suspensions(svc)] == [True, True]


# ======================================================================================================
# Part 5. Fines, suspensions, appeals


def test_fine_1_any_major_five_minutes_no_game_misconduct(tmp_path):
    # Table row 1 with A-4: 5 minutes, no GM, no fine, no suspension; PIM 5.
    svc = one_game(tmp_path, [p_("home", 1, "05:00", "a3", "cross_checking", **{"class": "major"})], status="final")
    out = svc.game("g1")
    assert (out["penalties"][0]["minutes"], out["penalties"][0]["ends"]) == (5, "10:00")
    assert out["ejections"] == [] and out["pim"]["home"] == 5
    assert suspensions(svc) == [] and fines(svc) == []


def test_fine_2_three_penalties_eject_third_penalty_own_time_no_fine(tmp_path):
    # Row 2: ejection, no fine; the 3rd penalty keeps its own time (body contact: 3 minutes, 31:00 -> 34:00).
    events = [p_("home", 1, "05:00", "a3", "hooking"), p_("home", 1, "18:00", "a3", "holding"),
              p_("home", 2, "11:00", "a3", "body_contact")]
    svc = one_game(tmp_path, events, status="final")
    out = svc.game("g1")
    assert out["ejections"] == [{"player": "a3", "rule": "PEN-GEN-3"}]
    assert (out["penalties"][2]["minutes"], out["penalties"][2]["ends"]) == (3, "34:00")
    assert fines(svc) == [] and suspensions(svc) == []


def test_fine_3_goalie_two_majors_two_games_twenty(tmp_path):
    # Row 3, goalie included: two drop-kick majors by a1 (teammates serve) -> GM, 2 games, $20.
    events = [p_("home", 1, "05:00", "a1", "goalie_drop_kick", **{"class": "major"}, served_by="a3"),
              p_("home", 2, "05:00", "a1", "goalie_drop_kick", **{"class": "major"}, served_by="a4")]
    svc = one_game(tmp_path, events, status="final")
    assert susp_of(svc, "a1") == [("PEN-MAJOR-2", "games", 2, "active")]
    assert fines_of(svc, "a1") == [("PEN-MAJOR-2", {"player": "a1"}, "20.00")]


def test_fine_3_a_game_misconduct_is_not_a_major(tmp_path):
    # A major then a game misconduct: the GM ejects (PEN-GM-1) but is not a second major: no 2 games / $20.
    events = [p_("home", 1, "05:00", "a3", "slashing", **{"class": "major"}),
              p_("home", 2, "05:00", "a3", "game_misconduct")]
    svc = one_game(tmp_path, events, status="final")
    assert [r for r, *_ in susp_of(svc, "a3")] == [] and fines(svc) == []


def test_fine_4_misconduct_ten_minutes_no_sanction(tmp_path):
    svc = one_game(tmp_path, [p_("home", 1, "05:00", "a3", "misconduct")], status="final")
    p = svc.game("g1")["penalties"][0]
    assert (p["minutes"], p["ends"]) == (10, "15:00")
    assert suspensions(svc) == [] and fines(svc) == []


def test_fine_5_two_misconducts_gm_one_game_ten(tmp_path):
    events = [p_("away", 1, "05:00", "b3", "puck_out_of_reach"), p_("away", 2, "05:00", "b3", "misconduct")]
    svc = one_game(tmp_path, events, status="final")
    assert susp_of(svc, "b3") == [("PEN-MISC-3", "games", 1, "active")]
    assert fines_of(svc, "b3") == [("PEN-MISC-3", {"player": "b3"}, "10.00")]


def test_fine_6_match_at_least_five_games_fifty(tmp_path):
    svc = one_game(tmp_path, [p_("away", 1, "05:00", "b3", "match_penalty")], status="final")
    assert susp_of(svc, "b3") == [("PEN-MATCH-1", "indefinite", 5, "active")]
    assert fines_of(svc, "b3") == [("PEN-MATCH-1", {"player": "b3"}, "50.00")]


def test_fine_7_fighting_five_plus_gm_five_games_fifty(tmp_path):
    # 5 minutes + GM: PIM 5 + 10 = 15.
    svc = one_game(tmp_path, [p_("away", 1, "05:00", "b3", "fighting")], status="final")
    out = svc.game("g1")
    assert (out["penalties"][0]["minutes"], out["pim"]["away"]) == (5, 15)
    assert susp_of(svc, "b3") == [("PEN-FIGHT-1", "games", 5, "active")]
    assert fines_of(svc, "b3") == [("PEN-FIGHT-1", {"player": "b3"}, "50.00")]


def test_fine_8_instigator_two_plus_five_gm_season_team_fifty(tmp_path):
    svc = one_game(tmp_path, [p_("away", 1, "05:00", "b3", "instigator")], status="final")
    out = svc.game("g1")
    assert (out["penalties"][0]["minutes"], out["penalties"][0]["ends"]) == (7, "12:00")
    assert susp_of(svc, "b3") == [("PEN-FIGHT-2", "season", None, "active")]
    assert [(f["rule"], f["payer"], f["amount"]) for f in fines(svc)] == [("PEN-FIGHT-2", {"team": "b"}, "50.00")]


def test_fine_9_gross_misconduct_at_least_three_games_thirty(tmp_path):
    svc = one_game(tmp_path, [p_("away", 1, "05:00", "b3", "gross_misconduct")], status="final")
    assert susp_of(svc, "b3") == [("PEN-GROSS-1", "games", 3, "active")]
    assert fines_of(svc, "b3") == [("PEN-GROSS-1", {"player": "b3"}, "30.00")]


def test_fine_10_second_gross_misconduct_season_team_fifty(tmp_path):
    svc = load(tmp_path, _gross_season())
    second = [(s["rule"], s["kind"]) for s in suspensions(svc) if s["game"] == "g5"]
    assert second == [("PEN-GROSS-1", "season")]
    assert [(f["payer"], f["amount"]) for f in fines(svc) if f["game"] == "g5"] == [({"team": "a"}, "50.00")]


def test_fine_11_ineligible_player_bench_minor_team_fine_indefinite_result_unchanged(tmp_path):
    # found during play -> a 2-minute bench minor; $10 billed to the team; suspended indefinitely;
    # the result unchanged (a 1-0 win stays a win).
    svc = one_game(tmp_path, [g_("home", 1, "02:00", "a2"), p_("home", 1, "05:00", "a5", "ineligible_player")],
                   status="final")
    out = svc.game("g1")
    p = out["penalties"][0]
    assert (p["class"], p["minutes"], p["ends"]) == ("bench_minor", 2, "07:00")
    assert out["score"] == {"home": 1, "away": 0} and out["winner"] == "home" and out["decision"] == "regulation"
    assert [(f["rule"], f["payer"], f["amount"]) for f in fines(svc)] == [("FINE-11", {"team": "a"}, "10.00")]
    assert [(s["kind"], s["status"]) for s in suspensions(svc) if s["player"] == "a5"] == [("indefinite", "active")]


def _ineligible_in_two_games() -> dict[str, Any]:
    # a5 dressed in g1 and g2; found ineligible during g2.
    return season([game("g1", "a", "b", "2016-01-10"),
                   game("g2", "a", "b", "2016-01-17", [p_("home", 1, "05:00", "a5", "ineligible_player")])])


def test_fine_11_ten_dollars_for_each_game_the_player_dressed(tmp_path):
    # a5 dressed in 2 games -> 2 x $10 = $20 billed to team a.
    svc = load(tmp_path, _ineligible_in_two_games())
    assert svc.fines()["totals"][0] == {"team": "a", "fines": "20.00", "paid": "0.00", "balance": "20.00"}


def test_fine_12_six_combined_incidents_season_suspension_pending_director(tmp_path):
    # a combined count -- 3 game misconducts + 3 ejections for a third penalty; the 6th proposes a season
    # suspension (review), no fine.
    gm = [p_("home", 1, "05:00", "a3", "game_misconduct")]
    three = [p_("home", 1, "02:00", "a3", "hooking"), p_("home", 1, "06:00", "a3", "holding"),
             p_("home", 1, "12:00", "a3", "roughing")]
    games = [game(f"g{i}", "a", "b", f"2016-01-{i:02d}", gm if i % 2 else three) for i in range(1, 7)]
    svc = load(tmp_path, season(games))
    got = [(s["rule"], s["kind"], s["game"], s["review"]) for s in suspensions(svc) if s["player"] == "a3"]
    assert got == [("PEN-GM-2", "season", "g6", True)]
    assert fines(svc) == []


def test_fine_stmt_player_and_team_fines_on_the_team_statement(tmp_path):
    # The statement: the 2 majors ($20, paid by the player) and one game of an ineligible player ($10, billed
    # to the team) are both on team a's statement; see the next test for the catalogue's whole example.
    events = [p_("home", 1, "08:00", "a3", "slashing", **{"class": "major"}),
              p_("home", 2, "10:00", "a3", "slashing", **{"class": "major"}), p_("home", 1, "09:00", "a5",
                                                                                  "ineligible_player")]
    svc = one_game(tmp_path, events, status="final")
    totals = {t["team"]: t for t in svc.fines()["totals"]}
    # $20 (player a3, on team a's statement) + $10 (ineligible a5, 1 game, billed to a) = $30
    assert totals["a"] == {"team": "a", "fines": "30.00", "paid": "0.00", "balance": "30.00"}
    assert sorted((f["payer"].get("player") or f["payer"].get("team"), f["amount"]) for f in fines(svc)) == [
        ("a", "10.00"), ("a3", "20.00")]


def test_fine_stmt_example_two_majors_plus_ineligible_in_two_games_forty(tmp_path):
    # Catalogue: "2 majors ($20) plus an ineligible player in 2 games ($20) -> $40."
    data = _ineligible_in_two_games()
    data["games"][1]["events"] += [p_("home", 1, "08:00", "a3", "slashing", **{"class": "major"}),
                                   p_("home", 2, "10:00", "a3", "slashing", **{"class": "major"})]
    svc = load(tmp_path, data)
    totals = {t["team"]: t for t in svc.fines()["totals"]}
    assert totals["a"]["fines"] == "40.00"


def test_fine_stmt_example_statement_lines_and_subtotals(tmp_path):
    # The printed statement's data for the same example: one line per fine with date, game, player,
    # infraction, amount and who pays; subtotals: player fines $20, team fines $20, total $40.
    data_mod = pytest.importorskip("scorekeeper.reports.data")
    data = _ineligible_in_two_games()
    data["games"][1]["events"] += [p_("home", 1, "08:00", "a3", "slashing", **{"class": "major"}),
                                   p_("home", 2, "10:00", "a3", "slashing", **{"class": "major"})]
    svc = load(tmp_path, data)
    stmt = next(x for x in data_mod.fine_statements_data(svc, team="a", date="2016-04-01").statements
                if x.team_id == "a")
    assert sorted((line.payer, line.amount_cents) for line in stmt.lines) == [("player", 2000), ("team", 2000)]
    assert all(line.date == "2016-01-17" and "g2" in line.game and line.infraction for line in stmt.lines)
    assert (stmt.player_fines_cents, stmt.team_fines_cents, stmt.fines_cents) == (2000, 2000, 4000)


def test_fine_stmt_payments_reduce_the_balance(tmp_path):
    svc = one_game(tmp_path, [p_("home", 1, "05:00", "a3", "fighting")], status="final")
    assert svc.record_payment({"payer": {"player": "a3"}, "amount": "20.00", "date": "2016-01-20"}).ok
    totals = {t["team"]: t for t in svc.fines()["totals"]}
    assert totals["a"] == {"team": "a", "fines": "50.00", "paid": "20.00", "balance": "30.00"}


def _susp_1_season(middle: list[dict[str, Any]]) -> dict[str, Any]:
    # Jan 10: a3 two majors -> 2 games. Then `middle`, then Jan 31 with a3 not dressed yet (scheduled).
    two_majors = [p_("home", 1, "08:00", "a3", "slashing", **{"class": "major"}),
                  p_("home", 2, "10:00", "a3", "slashing", **{"class": "major"})]
    return season([game("g10", "a", "b", "2016-01-10", two_majors), *middle,
                   game("g31", "a", "b", "2016-01-31", status="scheduled", dressed={"a": [], "b": []})])


def test_susp_1_example_two_games_served_jan_17_and_24_eligible_jan_31(tmp_path):
    # Catalogue: "2 games issued Jan 10; the team plays Jan 17 and 24 -> eligible Jan 31."
    keep = [1, 2, 4, 5, 6, 7, 8, 9, 10]
    svc = load(tmp_path, _susp_1_season([game("g17", "a", "c", "2016-01-17", dressed={"a": keep}),
                                         game("g24", "c", "a", "2016-01-24", dressed={"a": keep})]))
    assert [(s["served"], s["status"]) for s in suspensions(svc) if s["player"] == "a3"] == [(2, "served")]
    assert svc.set_lineup("g31", "home", lineup_of("a"), confirm=True).ok


def test_susp_1_barred_in_the_second_game(tmp_path):
    keep = [1, 2, 4, 5, 6, 7, 8, 9, 10]
    data = _susp_1_season([game("g17", "a", "c", "2016-01-17", dressed={"a": keep}),
                           game("g24", "c", "a", "2016-01-24")])  # a3 dressed on Jan 24: game 2 of 2
    ok, blocks, _, messages = attempt(tmp_path, data)
    assert not ok and blocks == ["ELIG-2"] and any("2 of 2" in m for m in messages)


def test_susp_1_forfeits_count_postponed_games_do_not(tmp_path):
    keep = [1, 2, 4, 5, 6, 7, 8, 9, 10]
    # Jan 17 forfeited by c (counts), Jan 24 played: eligible on Jan 31.
    svc = load(tmp_path, _susp_1_season([
        game("g17", "a", "c", "2016-01-17", [e("late", "away", minutes=12)], dressed={"a": keep}),
        game("g24", "c", "a", "2016-01-24", dressed={"a": keep})]), "forfeit.db")
    assert svc.set_lineup("g31", "home", lineup_of("a"), confirm=True).ok
    # Jan 17 postponed (still scheduled, not played): only Jan 24 counts -> still barred on Jan 31.
    svc = load(tmp_path, _susp_1_season([
        game("g17", "a", "c", "2016-01-17", status="scheduled", dressed={"a": [], "c": []}),
        game("g24", "c", "a", "2016-01-24", dressed={"a": keep})]), "postponed.db")
    assert [(s["served"], s["status"]) for s in suspensions(svc) if s["player"] == "a3"] == [(1, "active")]
    res = svc.set_lineup("g31", "home", lineup_of("a"), confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["ELIG-2"]


def test_susp_1_applies_to_the_person_on_every_team(tmp_path):
    # a3 is also signed to c (#33); c plays on Jan 12 before a's next game: a3 may not dress for c.
    data = _susp_1_season([game("g12", "c", "b", "2016-01-12", status="scheduled", dressed={"c": [], "b": []})])
    data["roster"].append({"team": "c", "player": "a3", "number": 33})
    svc = load(tmp_path, data)
    res = svc.set_lineup("g12", "home", lineup_of("c") + [{"player": "a3"}], confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["ELIG-2"]


def test_susp_1_carries_into_the_playoffs(tmp_path):
    # Suspended 2 games in the last regular game; the first playoff game is game 1 of 2.
    data = season([*gap_games(1, 6, without=()),
                   game("r7", "a", "b", "2016-02-01", [p_("home", 1, "08:00", "a3", "slashing", **{"class": "major"}),
                                                       p_("home", 2, "10:00", "a3", "slashing", **{"class": "major"})]),
                   game("p1", "a", "b", "2016-03-01", stage="playoff", status="scheduled", dressed={"a": [], "b": []})])
    svc = load(tmp_path, data)
    res = svc.set_lineup("p1", "home", lineup_of("a"), confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["ELIG-2"]


def test_susp_2_next_game_lineup_flagged_until_the_captain_notice_is_recorded(tmp_path):
    # a3's fight on Jan 10 (5 games); team a's line-up for its next game (Jan 17) warns until "captain
    # emailed" is recorded; once recorded (Jan 12, before the game) the line-up goes in without a warning.
    svc = load(tmp_path, _fight_then_next_game())
    entries = lineup_of("a", [1, 2, 4, 5])
    res = svc.set_lineup("g2", "home", entries)
    assert not res.ok and res.needs_confirmation and [v.rule for v in res.warnings] == ["SUSP-2"]
    assert svc.set_lineup("g2", "home", entries, confirm=True).ok
    assert "SUSP-2" in [v["rule"] for v in svc.game("g2")["violations"] if v["severity"] == "warn"]
    assert svc.record_notice("a3", "g1", sent="2016-01-12T09:30:00").ok
    assert "SUSP-2" not in [v["rule"] for v in svc.game("g2")["violations"]]
    assert svc.set_lineup("g2", "home", lineup_of("a", [1, 2, 4, 5, 6])).ok


def test_susp_2_notice_after_the_next_game_does_not_clear_the_flag(tmp_path):
    svc = load(tmp_path, _fight_then_next_game())
    assert svc.record_notice("a3", "g1", sent="2016-01-18T09:30:00").ok
    res = svc.set_lineup("g2", "home", lineup_of("a", [1, 2, 4, 5]))
    assert not res.ok and res.needs_confirmation and [v.rule for v in res.warnings] == ["SUSP-2"]


def test_susp_2_only_the_next_game_is_flagged(tmp_path):
    # The notice is about the team's next game (Jan 17); a later game (Jan 24) is not flagged for it.
    svc = load(tmp_path, _fight_then_next_game([game("g3", "c", "a", "2016-01-24", status="scheduled",
                                                     dressed={"a": [], "c": []})]))
    assert svc.set_lineup("g3", "away", lineup_of("a", [1, 2, 4, 5])).ok


def _appeal_season(appeal: dict[str, Any] | None, a3_on_17: bool, a3_on_24: bool) -> dict[str, Any]:
    keep = [1, 2, 4, 5, 6, 7, 8, 9, 10]
    data = season([
        game("g10", "a", "b", "2016-01-10", [p_("home", 1, "08:00", "a3", "slashing", **{"class": "major"}),
                                             p_("home", 2, "10:00", "a3", "slashing", **{"class": "major"})]),
        game("g17", "a", "c", "2016-01-17", dressed=None if a3_on_17 else {"a": keep}),
        game("g24", "c", "a", "2016-01-24", dressed=None if a3_on_24 else {"a": keep})])
    data["appeals"] = [appeal] if appeal else []
    return data


UPHELD = {"player": "a3", "game": "g10", "filed": "2016-01-12", "form": "WSHL-0007", "fee_paid": True,
          "decision": "upheld", "decided": "2016-01-20"}


def test_appeal_1_example_filed_jan_12_decided_jan_20_blocked_on_jan_17(tmp_path):
    # Catalogue: "an appeal filed on Jan 12 and decided on Jan 20 -> the player stays blocked for the Jan 17
    # game." Upheld on Jan 20: free on Jan 24 (which would otherwise be game 2 of 2).
    ok, blocks, _, _ = attempt(tmp_path, _appeal_season(UPHELD, a3_on_17=True, a3_on_24=False), "a.db")
    assert not ok and blocks == ["ELIG-2"]
    assert attempt(tmp_path, _appeal_season(UPHELD, a3_on_17=False, a3_on_24=True), "b.db")[0]
    assert not attempt(tmp_path, _appeal_season(None, a3_on_17=False, a3_on_24=True), "c.db")[0]


def test_appeal_1_upheld_appeal_lifts_the_suspension_and_waives_the_fine(tmp_path):
    svc = load(tmp_path, _appeal_season(UPHELD, a3_on_17=False, a3_on_24=True))
    assert [(s["status"], s["appeal"]) for s in suspensions(svc) if s["player"] == "a3"] == [("lifted", "upheld")]
    assert fines(svc) == []


@pytest.mark.parametrize(("change", "ok"), [({}, True), ({"form": ""}, False), ({"form": "   "}, False),
                                            ({"fee_paid": False}, False)],
                         ids=["official-form-and-fee", "no-form-email-or-phone", "blank-form", "fee-unpaid"])
def test_appeal_1_needs_the_official_form_and_the_fee(tmp_path, change, ok):
    svc = load(tmp_path, _appeal_season(None, a3_on_17=False, a3_on_24=False))
    before = svc.export()
    appeal = {**UPHELD, "decision": "pending", **change}
    del appeal["decided"]
    res = svc.record_appeal(appeal, confirm=True)
    assert res.ok is ok
    if not ok:
        assert [v.rule for v in res.blocks] and set(v.rule for v in res.blocks) == {"APPEAL-1"}
        assert svc.export() == before


# ======================================================================================================
# Data entry integrity


def test_data_1_jersey_number_unique_on_the_active_roster(tmp_path):
    svc = load(tmp_path, season())
    before = svc.export()
    res = svc.sign_player("a", "b2", 3)  # a3 already wears #3 for a
    assert not res.ok and [v.rule for v in res.blocks] == ["DATA-1"]
    assert svc.export() == before
    assert svc.sign_player("a", "b2", 33).ok


def test_data_1_one_active_signing_per_team(tmp_path):
    data = season()
    data["roster"].append({"team": "a", "player": "a3", "number": 44, "signed": "2016-01-01"})
    ok, blocks, _, _ = attempt(tmp_path, data)
    assert not ok and blocks == ["DATA-1"]


def test_data_2_only_signed_players_dress(tmp_path):
    svc = one_game(tmp_path)
    res = svc.set_lineup("g1", "home", lineup_of("a") + [{"player": "c4"}], confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["DATA-2"]


def test_data_2_different_number_warns(tmp_path):
    svc = one_game(tmp_path)
    entries = lineup_of("a")
    entries[3]["number"] = 99
    res = svc.set_lineup("g1", "home", entries)
    assert not res.ok and res.needs_confirmation and [v.rule for v in res.warnings] == ["DATA-2"]
    assert svc.set_lineup("g1", "home", entries, confirm=True).ok


@pytest.mark.parametrize(("period", "elapsed"), [(1, "20:01"), (2, "25:00"), (3, "05:01"), (4, "01:00"),
                                                 (0, "05:00")])
def test_data_3_period_and_time_must_exist(tmp_path, period, elapsed):
    svc = one_game(tmp_path)
    before = svc.export()
    res = svc.add_event("g1", e("timeout", "home", period, elapsed), confirm=True)
    assert not res.ok and {v.rule for v in res.blocks} & {"DATA-3", "FILE"}
    assert svc.export() == before


def test_data_3_boundaries_accepted(tmp_path):
    svc = one_game(tmp_path)
    assert svc.add_event("g1", p_("home", 1, "20:00", "a3", "hooking"), confirm=True).ok
    assert svc.add_event("g1", p_("home", 3, "05:00", "a4", "hooking"), confirm=True).ok  # OT of a tied game


def test_data_3_playoff_overtime_periods_repeat():
    st = play([goal("home", 5, "01:00", "h2")], stage="playoff")
    assert rules(st, "block") == [] and st.decision == "overtime"


@pytest.mark.parametrize("entry", [p_("home", 1, "05:00", "b3", "hooking"), g_("away", 1, "05:00", "a3"),
                                   e("penalty_shot", "home", 1, "05:00", shooter="c2", scored=True)],
                         ids=["penalty", "goal", "penalty-shot"])
def test_data_4_named_player_dressed_for_the_named_team(tmp_path, entry):
    svc = one_game(tmp_path)
    before = svc.export()
    res = svc.add_event("g1", entry, confirm=True)
    assert not res.ok and "DATA-4" in [v.rule for v in res.blocks]
    assert svc.export() == before


def test_data_5_final_game_locked_reopen_records_who_when_why(tmp_path):
    svc = one_game(tmp_path, [g_("home", 1, "05:00", "a2")], status="final")
    svc.operator = "Office Olga"
    before = svc.export()
    res = svc.add_event("g1", g_("home", 1, "06:00", "a3"), confirm=True)
    assert not res.ok and [v.rule for v in res.blocks] == ["DATA-5"]
    assert svc.export() == before
    no_reason = svc.reopen_game("g1", "  ")
    assert not no_reason.ok and [v.rule for v in no_reason.blocks] == ["DATA-5"]
    assert svc.reopen_game("g1", "scoresheet missed a goal").ok
    audit = [a for a in AuditEntry.select() if a.action == "reopen game"]
    assert len(audit) == 1 and audit[0].operator == "Office Olga" and audit[0].at is not None
    assert "scoresheet missed a goal" in (audit[0].before or "") + (audit[0].after or "")
    assert svc.add_event("g1", g_("home", 1, "06:00", "a3"), confirm=True).ok
    assert svc.finish_game("g1", confirm=True).ok
    assert svc.game("g1")["score"] == {"home": 2, "away": 0} and svc.game("g1")["status"] == "final"


def test_data_5_edits_and_deletions_of_a_final_game_refused(tmp_path):
    svc = one_game(tmp_path, [g_("home", 1, "05:00", "a2")], status="final")
    before = svc.export()
    for res in (svc.update_event("g1", 0, g_("home", 1, "05:00", "a3"), confirm=True),
                svc.delete_event("g1", 0, confirm=True),
                svc.set_lineup("g1", "home", lineup_of("a", [1, 2, 3, 4]), confirm=True)):
        assert not res.ok and [v.rule for v in res.blocks] == ["DATA-5"]
    assert svc.export() == before


def test_data_5_undo_of_an_entry_restores_the_game(tmp_path):
    svc = one_game(tmp_path)
    before = copy.deepcopy(svc.export())
    assert svc.add_event("g1", g_("home", 1, "05:00", "a2"), confirm=True).ok
    assert svc.undo("g1").ok and svc.export() == before
    assert svc.redo("g1").ok and svc.game("g1")["score"]["home"] == 1
