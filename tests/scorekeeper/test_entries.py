"""Single entries through the one validation path (issue 3 point 1): blocks refuse, warnings need a confirm."""

from __future__ import annotations

import copy
import json

import pytest

from scorekeeper.db.models import AuditEntry
from scorekeeper.services import Services
from tests.scorekeeper.test_cli import EXAMPLE

BASE = json.loads(EXAMPLE.read_text())


@pytest.fixture
def svc(tmp_path):
    s = Services.open(str(tmp_path / "e.db"))
    data = copy.deepcopy(BASE)
    g4 = next(g for g in data["games"] if g["id"] == "g004")
    g4["lineups"] = {"home": [{"player": "ow01", "goalie": True}] + [{"player": f"ow0{i}"} for i in range(2, 8)],
                     "away": [{"player": "ly01", "goalie": True}] + [{"player": f"ly0{i}"} for i in range(2, 8)]}
    assert s.import_data(data).ok
    yield s
    s.close()


def goal(team, period, elapsed, scorer, *assists):
    return {"type": "goal", "team": team, "period": period, "elapsed": elapsed, "scorer": scorer,
            "assists": list(assists)}


def test_add_goal_is_written_and_returns_what_changed(svc):
    res = svc.add_event("g004", goal("home", 1, "02:00", "ow02", "ow05"))
    assert res.ok and res.changes.games == ("g004",) and set(res.changes.teams) == {"owls", "lynx"}
    assert svc.game("g004")["score"] == {"home": 1, "away": 0}


def test_data_4_refused_entry_leaves_the_database_as_it_was(svc):
    before = svc.export()
    res = svc.add_event("g004", goal("home", 1, "02:00", "ly02"))
    assert not res.ok and [v.rule for v in res.blocks] == ["DATA-4"]
    assert "#2 LY2 Lynx" in res.blocks[0].message and res.blocks[0].section
    assert svc.export() == before


def test_misspelt_infraction_refused_with_rule(svc):
    res = svc.add_event("g004", {"type": "penalty", "team": "home", "period": 1, "elapsed": "03:00",
                                 "player": "ow03", "infraction": "triping"})
    assert not res.ok and "triping" in res.blocks[0].message


def test_game_3_second_timeout_refused(svc):
    assert svc.add_event("g004", {"type": "timeout", "team": "away", "period": 1, "elapsed": "05:00"}).ok
    res = svc.add_event("g004", {"type": "timeout", "team": "away", "period": 2, "elapsed": "05:00"})
    assert not res.ok and res.blocks[0].rule == "GAME-3"


def test_score_2_warning_needs_confirmation(svc):
    assert svc.add_event("g004", {"type": "penalty", "team": "home", "period": 1, "elapsed": "03:00",
                                  "player": "ow03", "infraction": "tripping"}).ok
    res = svc.add_event("g004", goal("home", 1, "04:00", "ow03"))
    assert not res.ok and res.needs_confirmation and [v.rule for v in res.warnings] == ["SCORE-2"]
    assert svc.game("g004")["score"]["home"] == 0
    res = svc.add_event("g004", goal("home", 1, "04:00", "ow03"), confirm=True)
    assert res.ok and svc.game("g004")["score"]["home"] == 1


def test_edit_and_delete_recompute_everything_after(svc):
    svc.add_event("g004", {"type": "penalty", "team": "away", "period": 1, "elapsed": "03:00", "player": "ly03",
                           "infraction": "tripping"})
    svc.add_event("g004", goal("home", 1, "04:00", "ow02"))
    assert svc.game("g004")["goals"][0]["strength"] == "PP"
    assert svc.update_event("g004", 0, {"type": "penalty", "team": "away", "period": 1, "elapsed": "01:00",
                                        "player": "ly03", "infraction": "tripping"}).ok
    assert svc.game("g004")["goals"][0]["strength"] == "EV"
    assert svc.delete_event("g004", 0).ok
    assert svc.game("g004")["penalties"] == []


def test_undo_and_redo_are_the_cores(svc):
    svc.add_event("g004", goal("home", 1, "02:00", "ow02"))
    svc.add_event("g004", goal("home", 1, "03:00", "ow03"))
    assert svc.can_undo("g004")
    assert svc.undo("g004").ok and svc.game("g004")["score"]["home"] == 1
    assert svc.redo("g004").ok and svc.game("g004")["score"]["home"] == 2
    assert not svc.can_redo("g004")


def test_data_5_final_game_locked_until_reopened_with_reason(svc):
    svc.add_event("g004", goal("home", 1, "02:00", "ow02"))
    assert svc.finish_game("g004").ok
    assert svc.game("g004")["status"] == "final" and svc.game("g004")["decision"] == "regulation"
    res = svc.add_event("g004", goal("home", 1, "05:00", "ow02"))
    assert not res.ok and res.blocks[0].rule == "DATA-5"
    assert not svc.reopen_game("g004", "  ").ok
    assert svc.reopen_game("g004", "scorer typo on the sheet").ok
    assert svc.add_event("g004", goal("home", 1, "05:00", "ow02")).ok
    audit = [(a.action, a.subject) for a in AuditEntry.select()]
    assert ("reopen game", "g004") in audit and ("finish game", "g004") in audit


def test_data_1_sign_a_taken_number_refused(svc):
    assert svc.save_player({"id": "new1", "first": "Ana", "last": "Núñez", "gender": "F"}).ok
    res = svc.sign_player("otters", "new1", 2)
    assert not res.ok and res.blocks[0].rule == "DATA-1"
    assert svc.sign_player("otters", "new1", 22).ok
    assert any(t["players"] == 8 for t in svc.teams() if t["id"] == "otters")


def test_release_frees_the_number(svc):
    assert svc.release_player("otters", "ot07", "2015-10-12").ok
    assert svc.save_player({"id": "new2", "first": "Bo", "last": "Lee", "gender": "F"}).ok
    assert svc.sign_player("otters", "new2", 7, signed="2015-10-12").ok


def test_elig_2_suspended_player_refused_from_the_next_line_up(svc):
    for minute in ("05:00", "09:00"):
        assert svc.add_event("g004", {"type": "penalty", "team": "away", "period": 1, "elapsed": minute,
                                      "player": "ly03", "infraction": "slashing", "class": "major"},
                             confirm=True).ok
    assert svc.finish_game("g004", confirm=True).ok
    svc.save_game({"id": "g005", "date": "2015-10-25", "time": "19:00", "stage": "regular", "home": "lynx",
                   "away": "owls", "status": "scheduled"})
    res = svc.set_lineup("g005", "home", [{"player": "ly01", "goalie": True}, {"player": "ly03"}])
    assert not res.ok and res.blocks[0].rule == "ELIG-2"
    assert "#3 LY3 Lynx is suspended: game 1 of 2" in res.blocks[0].message
    assert "PEN-MAJOR-2" in res.blocks[0].message and res.blocks[0].section == "§8"


def test_susp_2_next_line_up_warns_until_the_captain_is_told(svc):
    for minute in ("05:00", "09:00"):
        svc.add_event("g004", {"type": "penalty", "team": "away", "period": 1, "elapsed": minute,
                               "player": "ly03", "infraction": "slashing", "class": "major"}, confirm=True)
    svc.finish_game("g004", confirm=True)
    svc.save_game({"id": "g005", "date": "2015-10-25", "time": "19:00", "stage": "regular", "home": "lynx",
                   "away": "owls", "status": "scheduled"})
    res = svc.set_lineup("g005", "home", [{"player": "ly01", "goalie": True}, {"player": "ly02"}])
    assert res.needs_confirmation and [v.rule for v in res.warnings] == ["SUSP-2"]
    assert svc.record_notice("ly03", "g004", "2015-10-19T09:00:00").ok
    res = svc.set_lineup("g005", "home", [{"player": "ly01", "goalie": True}, {"player": "ly02"}])
    assert res.ok and res.warnings == []


def test_live_state_through_the_facade(svc):
    svc.add_event("g004", {"type": "penalty", "team": "home", "period": 2, "elapsed": "18:30", "player": "ow02",
                           "infraction": "tripping"})
    live = svc.live("g004", 2, "19:10")
    assert live["stop_time"] and live["icing"] is True and live["strength"] == "5-on-6"
    assert live["teams"]["home"]["males_max"] == 2 and live["teams"]["home"]["box"][0]["remaining"] == "01:20"
    assert svc.check_on_ice("g004", "home", ["ow01", "ow03", "ow04", "ow05", "ow06"], 2, "19:10") == []
    bad = svc.check_on_ice("g004", "home", ["ow01", "ow02", "ow04", "ow05", "ow06"], 2, "19:10")
    assert [v.rule for v in bad] == ["ICE-4"]  # ow02 is in the box


def test_two_pcs_entering_into_one_game_lose_and_duplicate_nothing(svc, tmp_path):
    """Issue 6: a second facade on the same database (another rink PC) with a stale view of the game."""
    other = Services.open(svc.target)
    other.view()  # both have read the game
    svc.view()
    assert svc.add_event("g004", goal("home", 1, "02:00", "ow02")).ok
    assert other.add_event("g004", goal("away", 1, "03:00", "ly02")).ok  # made again on the fresh log
    for s in (svc, other):
        s._changed()
        assert [(g["team"], g["elapsed"]) for g in s.game("g004")["goals"]] == [("home", "02:00"), ("away", "03:00")]
    other.close()


def test_two_pcs_editing_the_same_event_get_one_clear_conflict(svc):
    assert svc.add_event("g004", goal("home", 1, "02:00", "ow02")).ok
    other = Services.open(svc.target)
    other.view()
    assert svc.update_event("g004", 0, goal("home", 1, "02:05", "ow02")).ok
    res = other.update_event("g004", 0, goal("home", 1, "02:10", "ow03"))
    assert not res.ok and res.blocks[0].rule == "DATA-5" and "another PC" in res.blocks[0].message
    other._changed()
    assert other.game("g004")["goals"][0]["elapsed"] == "02:05"
    other.close()


def test_edits_and_deletes_are_audited_with_before_and_after(svc):
    assert svc.add_event("g004", goal("home", 1, "02:00", "ow02")).ok
    assert svc.update_event("g004", 0, goal("home", 1, "02:30", "ow02")).ok
    assert svc.delete_event("g004", 0).ok
    trail = [(a["action"], a["subject"], (a["before"] or {}).get("elapsed"), (a["after"] or {}).get("elapsed"))
             for a in svc.audit(game="g004")]
    assert trail == [("edit event", "g004/event 1", "02:00", "02:30"), ("delete event", "g004/event 1", "02:30", None)]
