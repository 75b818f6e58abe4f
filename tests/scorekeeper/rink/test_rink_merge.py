"""The office merges a rink conflict event by event (issue 32): two rinks' different goals in one game give both
sets; a goal both recorded is counted once; an entry the two sides record differently cannot be merged; a merged
game the league's rules refuse leaves the conflict waiting, with the rule. The preview the window shows marks each
event from both / the league only / the rink only. On SQLite and on the PostgreSQL server the suite starts."""

from __future__ import annotations

import io
import json
from pathlib import Path

from scorekeeper.cli import main
from scorekeeper.rink.merge import merge_games
from scorekeeper.rink.send import send
from scorekeeper.services import Services
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture
from tests.scorekeeper.rink.rink_league import audit_actions, dressed, game_id, league_game, open_league, rink_copy
from tests.scorekeeper.rink.test_rink_copy import league_target  # noqa: F401 - SQLite and PostgreSQL leagues

GAME = game_id(0)  # otters (ot) v herons (he)


def goal(side: str, period: int, elapsed: str, scorer: str) -> dict[str, object]:
    return {"type": "goal", "team": side, "period": period, "elapsed": elapsed, "scorer": scorer, "assists": []}


def played(rink: Services, goals: list[dict[str, object]], away_also: str | None = None) -> None:
    """The game scored at the rink with these goals: line-ups, the goals, finish."""
    game = rink.view().games[GAME]
    assert rink.save_game({**game, "lineups": {"home": dressed("ot"), "away": dressed("he", away_also)}},
                          confirm=True).ok
    for g in goals:
        res = rink.add_event(GAME, g, confirm=True)
        assert res.ok, res.violations
    assert rink.finish_game(GAME, confirm=True).ok


def two_rinks(tmp_path: Path, target: str, north_goals: list[dict[str, object]],
              south_goals: list[dict[str, object]], south_also: str | None = None) -> Services:
    """The league after north's game was taken and south's filed as a conflict."""
    league = open_league(target, games=1)
    north = rink_copy(tmp_path, "north", league, target)
    south = rink_copy(tmp_path, "south", league, target)
    played(north, north_goals)
    played(south, south_goals, south_also)
    assert send(north, league).sent == [GAME]
    assert [c.game for c in send(south, league).conflicts] == [GAME]
    return league


def scorers(league: Services) -> list[tuple[int, str, str]]:
    return [(e["period"] or 0, e["elapsed"] or "", e["scorer"])
            for e in league_game(league, GAME)["events"] if e["type"] == "goal"]


def test_two_rinks_different_goals_merge_to_both_sets_and_the_same_goal_counts_once(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    shared = goal("home", 1, "05:00", "ot02")
    league = two_rinks(tmp_path, league_target, [shared, goal("away", 1, "07:00", "he03")],
                       [goal("home", 2, "03:00", "ot04"), shared], south_also="he07")
    preview = league.rink_conflict_merge_preview(GAME)
    assert preview.mergeable and preview.rink == "south"
    assert [(e.event["elapsed"], e.source) for e in preview.events] == [
        ("05:00", "both"), ("07:00", "league"), ("03:00", "rink")]
    assert preview.added_players == [("away", "he07")] and preview.rink_fields == []
    assert league.merge_rink_conflict(GAME).ok
    assert scorers(league) == [(1, "05:00", "ot02"), (1, "07:00", "he03"), (2, "03:00", "ot04")]
    assert "he07" in [p["player"] for p in league_game(league, GAME)["lineups"]["away"]]
    assert league.rink_conflicts() == []
    settled = [a for a in league.audit() if a["action"] == "rink conflict settled"]
    assert [(a["subject"], (a["after"] or {})["decision"]) for a in settled] == [
        (f"game {GAME} from rink south", "merged event by event")]
    assert league.standings() != []


def test_an_entry_the_two_sides_record_differently_cannot_be_merged_and_the_conflict_waits(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = two_rinks(tmp_path, league_target, [goal("home", 1, "05:00", "ot02")],
                       [goal("home", 1, "05:00", "ot03")])
    preview = league.rink_conflict_merge_preview(GAME)
    assert not preview.mergeable and len(preview.unmergeable) == 1
    assert "scorer: the league's 'ot02', the rink's 'ot03'" in preview.unmergeable[0].why
    result = league.merge_rink_conflict(GAME)
    assert not result.ok and [v.rule for v in result.blocks] == ["OFFICE"]
    assert "cannot be merged" in result.blocks[0].message
    assert scorers(league) == [(1, "05:00", "ot02")] and [c.game for c in league.rink_conflicts()] == [GAME]


def test_a_merge_the_league_s_rules_refuse_leaves_the_conflict_waiting_with_the_rule(
        league_target: str, tmp_path: Path) -> None:  # noqa: F811
    league = open_league(league_target, games=2)
    rink = rink_copy(tmp_path, "north", league, league_target)
    g004 = league_game(league, "g004")
    assert league.save_game({**g004, "lineups": {"home": dressed("ow"), "away": dressed("ly")}}, confirm=True).ok
    for minute in ("05:00", "09:00"):  # ly03 suspended at the league after the copy
        assert league.add_event("g004", {"type": "penalty", "team": "away", "period": 1, "elapsed": minute,
                                         "player": "ly03", "infraction": "slashing", "class": "major"},
                                confirm=True).ok
    assert league.finish_game("g004", confirm=True).ok
    gid = game_id(1)  # lynx v owls, ly03 dressed at the rink
    game = rink.view().games[gid]
    assert rink.save_game({**game, "lineups": {"home": dressed("ly"), "away": dressed("ow")}}, confirm=True).ok
    assert rink.finish_game(gid, confirm=True).ok
    before = league_game(league, gid)
    assert [c.game for c in send(rink, league).conflicts] == [gid]
    result = league.merge_rink_conflict(gid)
    assert not result.ok and "ELIG-2" in [v.rule for v in result.blocks]
    assert league_game(league, gid) == before and [c.game for c in league.rink_conflicts()] == [gid]
    assert audit_actions(league, "rink conflict settled") == []


def test_merge_on_the_command_line_asks_the_office_password_and_says_what_was_merged(
        tmp_path: Path, monkeypatch, capsys) -> None:
    target = str(tmp_path / "league.db")
    league = two_rinks(tmp_path, target, [goal("home", 1, "05:00", "ot02")], [goal("away", 2, "04:00", "he02")])
    league.set_office_password("office-secret")
    league.close()
    monkeypatch.setattr("sys.stdin", io.StringIO("wrong-guess\n"))
    assert main(["--db", target, "rink", "settle", GAME, "--merge"]) == 1
    assert "wrong office password; the conflict was not settled" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("office-secret\n"))
    assert main(["--db", target, "rink", "settle", GAME, "--merge", "--rink", "south"]) == 0
    out = capsys.readouterr().out
    assert "merged event by event with rink south: 0 event(s) on both sides, 1 the league's only, 1 the rink's " \
           "added" in out
    assert main(["--db", target, "rink", "conflicts", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert len(league_game(Services.open(target), GAME)["events"]) == 2


def test_the_merge_of_a_game_the_league_lacks_is_the_rink_s() -> None:
    rink_game = {"id": "x1", "date": "2015-12-01", "time": "19:00", "home": "a", "away": "b",
                 "events": [goal("home", 1, "01:00", "p1")]}
    preview = merge_games(None, rink_game, "north")  # type: ignore[arg-type]
    assert preview.game == rink_game and [e.source for e in preview.events] == ["rink"]


def test_events_are_known_by_their_place_in_the_game() -> None:
    """Pure merge: penalties at one moment to two players, or two to one player, are separate events; what only
    the rink has (officials here) is the rink's; a game final on either side is final."""
    def penalty(player: str, infraction: str) -> dict[str, object]:
        return {"type": "penalty", "team": "away", "period": 2, "elapsed": "10:00", "player": player,
                "infraction": infraction}

    base = {"id": "g1", "date": "2015-12-01", "time": "19:00", "home": "a", "away": "b"}
    league = {**base, "status": "scheduled", "events": [goal("home", 1, "02:00", "a3"), penalty("b2", "tripping")]}
    rink = {**base, "status": "final", "officials": [{"name": "Ref", "role": "referee"}],
            "events": [goal("home", 1, "02:00", "a3"), penalty("b2", "tripping"), penalty("b2", "misconduct"),
                       penalty("b4", "hooking"), goal("away", 1, "01:00", "b3")]}
    preview = merge_games(league, rink, "north")  # type: ignore[arg-type]
    assert preview.mergeable and preview.rink_fields == ["officials"] and preview.game["status"] == "final"
    assert [(e.event.get("player") or e.event.get("scorer"), e.source) for e in preview.events] == [
        ("b3", "rink"), ("a3", "both"), ("b2", "both"), ("b2", "rink"), ("b4", "rink")]
    assert preview.to_json()["mergeable"] is True
