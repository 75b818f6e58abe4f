"""The typed `Changes` a write returns: built from what was written, empty on a refusal (issue 16 part 2)."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest

from scorekeeper.changes import RESULTS, Changes, EntryResult
from scorekeeper.services import Services
from tests.scorekeeper.test_cli import EXAMPLE

BASE = json.loads(EXAMPLE.read_text())


@pytest.fixture
def svc(tmp_path):
    s = Services.open(str(tmp_path / "c.db"))
    data = copy.deepcopy(BASE)
    g4 = next(g for g in data["games"] if g["id"] == "g004")
    g4["lineups"] = {"home": [{"player": "ow01", "goalie": True}] + [{"player": f"ow0{i}"} for i in range(2, 8)],
                     "away": [{"player": "ly01", "goalie": True}] + [{"player": f"ly0{i}"} for i in range(2, 8)]}
    assert s.import_data(data).ok
    yield s
    s.close()


def goal(team, period, elapsed, scorer):
    return {"type": "goal", "team": team, "period": period, "elapsed": elapsed, "scorer": scorer, "assists": []}


def test_changes_is_frozen_and_orders_its_names():
    c = Changes.of("2025", games=["g2", "g1", "g2"], tables=["audit", "games"])
    assert c.games == ("g2", "g1") and c.tables == ("games", "audit") and c.results == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.season = "other"  # type: ignore[misc]


def test_changes_refuses_a_table_it_does_not_know():
    with pytest.raises(ValueError, match="unknown names"):
        Changes.of("2025", tables=["gamez"])


def test_a_final_game_or_a_roster_change_reaches_every_season_result():
    assert Changes.of("s", tables=["games"]).results == ()
    assert Changes.of("s", tables=["games"], finals_touched=True).results == RESULTS
    assert Changes.of("s", tables=["roster"]).results == RESULTS
    assert Changes.of("s", tables=["payments"]).results == ("discipline",)


def test_merged_changes_hold_both():
    a = Changes.of("s", games=["g1"], tables=["games"])
    b = Changes.of("s", games=["g2"], teams=["owls"], tables=["fines"])
    m = a.merged(b)
    assert m.games == ("g1", "g2") and m.teams == ("owls",) and m.tables == ("games", "fines")
    assert m.results == ("discipline",)


def test_an_empty_changes_is_false_and_a_result_starts_with_it():
    assert not Changes() and EntryResult(False).changes == Changes()


def test_a_goal_at_the_boards_changes_its_game_and_no_season_result(svc):
    res = svc.add_event("g004", goal("home", 1, "02:00", "ow02"))
    assert res.ok
    assert res.changes.games == ("g004",) and set(res.changes.teams) == {"owls", "lynx"}
    assert res.changes.tables == ("games",) and res.changes.results == ()


def test_a_refused_entry_returns_its_violations_and_empty_changes(svc):
    res = svc.add_event("g004", goal("home", 1, "02:00", "ly02"))
    assert not res.ok and res.blocks and res.changes == Changes()


def test_a_line_up_names_the_lineups_table(svc):
    lineup = svc.view().games["g004"]["lineups"]["home"][:-1]
    res = svc.set_lineup("g004", "home", lineup)
    assert res.ok and "lineups" in res.changes.tables and res.changes.games == ("g004",)


def test_finishing_a_game_touches_standings_stats_and_discipline_and_the_audit(svc):
    res = svc.finish_game("g004", confirm=True)
    assert res.ok and res.changes.results == RESULTS and "audit" in res.changes.tables


def test_signing_a_player_names_the_player_and_team(svc):
    player = {"id": "nw01", "first": "New", "last": "Player", "gender": "F"}
    assert svc.save_player(player).ok
    res = svc.sign_player("owls", "nw01", 77, confirm=True)
    assert res.ok and res.changes.players == ("nw01",) and res.changes.teams == ("owls",)
    assert res.changes.tables == ("roster",) and res.changes.results == RESULTS


def test_an_import_reports_what_it_changed(svc):
    data = svc.export()
    del data["computed"]
    data["payments"].append({"payer": {"team": "owls"}, "amount": "5.00", "date": "2015-10-21"})
    report = svc.import_data(data)
    assert report.ok and report.changes.season == "2015-16"
    assert report.changes.tables == ("payments", "audit") and report.changes.results == ("discipline",)


def test_an_import_that_changes_nothing_returns_empty_changes(svc):
    data = svc.export()
    del data["computed"]
    report = svc.import_data(data)
    assert report.ok and report.changes == Changes()


def test_a_new_season_from_a_file_touches_every_table_it_holds_and_every_result(tmp_path):
    s = Services.open(str(tmp_path / "new.db"))
    try:
        report = s.import_data(copy.deepcopy(BASE))
        assert report.ok and report.changes.season == BASE["season"]
        assert {"divisions", "teams", "players", "roster", "games"} <= set(report.changes.tables)
        assert report.changes.results == RESULTS and "g004" in report.changes.games
    finally:
        s.close()


def test_a_goal_names_its_scorer_and_assists_and_finishing_names_every_player_of_the_game(svc):
    res = svc.add_event("g004", {**goal("home", 1, "02:00", "ow02"), "assists": ["ow05"]})
    assert res.changes.players == ("ow02", "ow05")
    finished = svc.finish_game("g004", confirm=True)
    assert {"ow01", "ow02", "ly01", "ly07"} <= set(finished.changes.players)
