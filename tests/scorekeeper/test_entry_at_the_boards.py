"""The entry path at the boards (issue 7): one event appended to a game that is not final is checked by the same
rules as any change, written as one row, and never lost or doubled when another PC writes the same game."""

from __future__ import annotations

import sqlite3

import pytest

from scorekeeper.db import store
from scorekeeper.engine.computation import compute_game
from scorekeeper.services import Services, validate_season
from tests.scorekeeper.test_entries import goal, svc  # noqa: F401 - the fixture


def rows_of(path: str, game: str) -> list[tuple]:
    con = sqlite3.connect(path)
    try:
        return con.execute("select e.seq, e.type, e.period, e.elapsed from game_event e join game g "
                           "on g.id = e.game_id where g.ext_id = ? order by e.seq", (game,)).fetchall()
    finally:
        con.close()


def revision(path: str, game: str) -> int:
    con = sqlite3.connect(path)
    try:
        return int(con.execute("select revision from game where ext_id = ?", (game,)).fetchone()[0])
    finally:
        con.close()


def test_data_5_an_appended_goal_is_one_row_and_the_same_state_as_reading_the_season_again(svc):  # noqa: F811
    before = revision(svc.target, "g004")
    for i, scorer in enumerate(["ow02", "ow03", "ow04"]):
        assert svc.add_event("g004", goal("home", 1, f"0{i + 1}:00", scorer)).ok
    assert [r[:2] for r in rows_of(svc.target, "g004")] == [(0, "goal"), (1, "goal"), (2, "goal")]
    assert revision(svc.target, "g004") == before + 3
    kept = svc.game("g004")
    svc._changed()  # read everything back from the database
    assert svc.game("g004") == kept and kept["score"] == {"home": 3, "away": 0}


def test_the_open_computation_gives_the_state_computed_from_the_start(svc):  # noqa: F811
    for i in range(12):
        side, p = ("home", "ow") if i % 3 else ("away", "ly")
        assert svc.add_event("g004", goal(side, 1 + i // 6, f"{i:02d}:30", f"{p}0{2 + i % 5}"), confirm=True).ok
    view = svc.view()
    assert view.state("g004").to_json() == compute_game(view.game_input("g004"), view.book).to_json()


def test_data_4_a_player_not_dressed_is_refused_and_nothing_is_written(svc):  # noqa: F811
    res = svc.add_event("g004", goal("home", 1, "02:00", "ly02"))
    assert not res.ok and [v.rule for v in res.blocks] == ["DATA-4"]
    assert rows_of(svc.target, "g004") == []


def test_a_misspelt_field_names_the_game_and_event_and_writes_nothing(svc):  # noqa: F811
    res = svc.add_event("g004", {"type": "goal", "team": "home", "period": 1, "elapsed": "02:00", "scorr": "ow02"})
    assert not res.ok
    assert any(v.where.startswith("game g004 event 1") and "scorr" in v.message for v in res.blocks)
    res = svc.add_event("g004", {"type": "goal", "team": "home", "period": 1, "elapsed": "2 min", "scorer": "ow02"})
    assert not res.ok and any("MM:SS" in v.message for v in res.blocks)
    assert rows_of(svc.target, "g004") == []


def test_an_entry_on_a_line_up_another_pc_changed_is_made_again_on_the_fresh_game(svc):  # noqa: F811
    other = Services.open(svc.target)
    other.view()
    svc.view()
    # the other PC takes ow02 out of the home line-up; this PC still shows the old line-up
    lineup = [x for x in other.view().games["g004"]["lineups"]["home"] if x["player"] != "ow02"]
    assert other.set_lineup("g004", "home", lineup).ok
    res = svc.add_event("g004", goal("home", 1, "02:00", "ow02"))
    assert not res.ok and [v.rule for v in res.blocks] == ["DATA-4"]  # judged on the fresh line-up
    assert rows_of(svc.target, "g004") == []
    other.close()


def test_a_stale_revision_is_refused_by_the_store_in_one_statement(svc):  # noqa: F811
    view = svc.view()
    s = svc._season()
    row_id, rev = view.rows.games["g004"]
    entry = {"type": "goal", "team": "home", "period": 1, "elapsed": "02:00", "scorer": "ow02", "assists": []}
    with svc.db.atomic():
        assert store.append_event("g004", row_id, rev, 0, entry, view.rows.players["ow02"]) == rev + 1
    with pytest.raises(store.GameChanged), svc.db.atomic():
        store.append_event("g004", row_id, rev, 1, entry, view.rows.players["ow02"])
    assert len(rows_of(svc.target, "g004")) == 1
    with pytest.raises(store.GameChanged):
        store.check_revision("g004", row_id, rev)
    store.check_revision("g004", row_id, rev + 1)
    assert s.name == view.name


def test_a_final_game_still_refuses_an_appended_entry_data_5(svc):  # noqa: F811
    final = next(g for g, x in svc.view().games.items() if x.get("status") == "final")
    home = svc.view().games[final]["home"]
    res = svc.add_event(final, goal("home", 1, "02:00", f"{home[:2]}02"))
    assert not res.ok and res.blocks[0].rule == "DATA-5"


def test_lineup_checks_are_made_once_per_state_of_the_season(svc):  # noqa: F811
    view = svc.view()
    first = validate_season(view, ["g004"], False)
    assert "g004" in view.derived.lineup_checks
    assert validate_season(view, ["g004"], False) == first


def test_validating_an_entry_gives_what_adding_it_would_and_writes_nothing(svc):  # noqa: F811
    assert svc.validate_event("g004", goal("home", 1, "02:00", "ow02")) == []
    bad = svc.validate_event("g004", goal("home", 1, "02:00", "ly02"))
    assert [v.rule for v in bad] == ["DATA-4"]
    assert rows_of(svc.target, "g004") == []
    assert [v.rule for v in svc.add_event("g004", goal("home", 1, "02:00", "ly02")).blocks] == ["DATA-4"]
