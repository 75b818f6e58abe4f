"""Issue 29: an entry into a game in progress is committed on the connection's cursor (`db.entry_commit`), its seals'
statements folded into one (`game_seals.taken_touched`). What it writes is what the general path (`ChangeStep.commit`
under `game_seals.sealed`) writes; where the seals ask for more (a sealed game, no key on this PC) it writes nothing
and the general path does the entry, as before."""

from __future__ import annotations

import copy
import sqlite3
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.db import entry_commit, game_seals, seal_key
from scorekeeper.db.models import AuditEntry
from scorekeeper.services import Services
from tests.scorekeeper.test_entries import BASE, goal, svc  # noqa: F401 - the fixture


def league(path: Path) -> Services:
    """The entries' fixture league (`test_entries.svc`: g004 dressed, not final) at `path`."""
    s = Services.open(str(path))
    data = copy.deepcopy(BASE)
    g4 = next(g for g in data["games"] if g["id"] == "g004")
    g4["lineups"] = {"home": [{"player": "ow01", "goalie": True}] + [{"player": f"ow0{i}"} for i in range(2, 8)],
                     "away": [{"player": "ly01", "goalie": True}] + [{"player": f"ly0{i}"} for i in range(2, 8)]}
    assert s.import_data(data).ok
    return s


def written(path: Path) -> dict[str, Any]:  # Any: rows of several tables
    """What an entry can change, read with sqlite3: the games, their events, the final games' seals (their shapes:
    the seals themselves are made with each database's own key), the meta keys, the audit trail's entries."""
    con = sqlite3.connect(path)
    try:
        return {"games": con.execute("select * from game order by id").fetchall(),
                "events": con.execute("select * from game_event order by id").fetchall(),
                "seals": con.execute("select game_id, shape from game_seal order by game_id").fetchall(),
                "meta": con.execute("select key from meta order by key").fetchall(),
                "audit": con.execute("select season_id, operator, action, subject, before, after from audit_entry "
                                     "order by id").fetchall()}
    finally:
        con.close()


def pending_seals(s: Services) -> int:
    """The games this connection wrote and has not sealed again yet (none between transactions)."""
    return int(s.db.execute_sql("select count(*) from temp.seal_dirty").fetchone()[0])


ENTRY = st.tuples(st.sampled_from(["goal", "penalty", "note"]), st.sampled_from(["home", "away"]),
                  st.integers(2, 7), st.integers(1, 90))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ENTRY, min_size=1, max_size=6))
def test_entries_on_the_cursor_write_what_the_general_path_writes(tmp_path_factory: pytest.TempPathFactory,
                                                                  entries: list[tuple[str, str, int, int]]) -> None:
    folder = tmp_path_factory.mktemp("paths")
    fast, general = league(folder / "fast.db"), league(folder / "general.db")
    taken: list[int | None] = []
    real = entry_commit.append

    def spied(*args: Any, **kwargs: Any) -> int | None:
        taken.append(real(*args, **kwargs))
        return taken[-1]

    try:
        t = 0
        for kind, side, number, step in entries:
            t += step
            player = f"{'ow' if side == 'home' else 'ly'}0{number}"
            elapsed = f"{t // 60 % 20:02d}:{t % 60:02d}"
            event = (goal(side, 1 + t // 1200, elapsed, player) if kind == "goal" else
                     {"type": "penalty", "team": side, "period": 1 + t // 1200, "elapsed": elapsed, "player": player,
                      "infraction": "tripping"} if kind == "penalty" else {"type": "note", "text": f"note {t}"})
            with mock.patch.object(entry_commit, "append", spied):
                one = fast.add_event("g004", event, confirm=True)
            with mock.patch.object(entry_commit, "applies", lambda db: False):
                other = general.add_event("g004", event, confirm=True)
            assert (one.ok, one.changes, [v.rule for v in one.violations]) == (
                other.ok, other.changes, [v.rule for v in other.violations])
            assert pending_seals(fast) == pending_seals(general) == 0
        assert taken and all(r is not None for r in taken)  # every entry took the cursor's path
        assert fast.game("g004") == general.game("g004")
    finally:
        fast.close()
        general.close()
    assert written(folder / "fast.db") == written(folder / "general.db")


def test_an_entry_into_a_game_with_a_stale_seal_is_sealed_by_the_general_path(svc: Services) -> None:  # noqa: F811
    row = svc.view().rows.games["g004"][0]
    svc.db.execute_sql("insert into game_seal (game_id, shape, seal) values (?, 'x', 'y')", (row,))
    taken: list[int | None] = []
    real = entry_commit.append

    def spied(*args: Any, **kwargs: Any) -> int | None:
        taken.append(real(*args, **kwargs))
        return taken[-1]

    with mock.patch.object(entry_commit, "append", spied):
        assert svc.add_event("g004", goal("home", 1, "02:00", "ow02")).ok
    assert taken == [None]  # handed back, nothing written: the general path made the entry
    assert svc.db.execute_sql("select count(*) from game_seal where game_id = ?", (row,)).fetchone()[0] == 0
    assert svc.game("g004")["score"] == {"home": 1, "away": 0}
    assert pending_seals(svc) == 0


def test_an_entry_on_a_pc_without_the_key_is_rekeyed_by_the_general_path(svc: Services,  # noqa: F811
                                                                         tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(seal_key.SEAL_DIR_ENV, str(tmp_path / "another-pc"))
    seal_key.forget_cache()
    try:
        assert svc.add_event("g004", goal("home", 1, "02:00", "ow02")).ok
        assert [a.action for a in AuditEntry.select()].count(game_seals.REKEYED) == 1
        assert svc.game("g004")["score"] == {"home": 1, "away": 0}
        assert svc.add_event("g004", goal("home", 1, "03:00", "ow03")).ok  # the new key: the cursor's path again
        assert [a.action for a in AuditEntry.select()].count(game_seals.REKEYED) == 1
    finally:
        seal_key.forget_cache()
    assert svc.integrity_warnings() == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 300), max_size=12), st.booleans(), st.booleans())
def test_the_seals_one_statement_finds_what_the_two_found(svc: Services, dirty: list[int],  # noqa: F811
                                                          stale: bool, stale_written: bool) -> None:
    db = svc.db
    games = [r[0] for r in db.execute_sql("select id from game order by id").fetchall()]
    finals = {r[0] for r in db.execute_sql("select id from game where status = 'final'").fetchall()}
    plain = next(g for g in games if g not in finals)
    marked = sorted({games[i % len(games)] for i in dirty} | ({plain} if stale_written else set()))
    assert finals and plain
    with db.atomic() as txn:
        if stale:  # a game not final with a seal row (edited outside Scorekeeper)
            db.execute_sql("insert or ignore into game_seal (game_id, shape, seal) values (?, 'x', 'y')", (plain,))
        db.execute_sql("delete from seal_dirty")
        for gid in marked:
            db.execute_sql("insert into seal_dirty values (?)", (gid,))
        one = game_seals.taken_touched(db)
        left = pending_seals(svc)
        for gid in marked:
            db.execute_sql("insert into seal_dirty values (?)", (gid,))
        two = game_seals._taken_dirty(db)
        key_touched = game_seals._key_and_touched(db, two) if two else None
        txn.rollback()
    assert left == 0 and pending_seals(svc) == 0
    if not marked:
        assert one is None and two == []
    else:
        assert one is not None and key_touched is not None
        assert (sorted(one[0]), one[1], one[2]) == (sorted(two), *key_touched)
