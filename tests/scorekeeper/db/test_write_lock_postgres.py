"""Writes on a league server run one at a time (`scorekeeper.db.write_lock`), so a write that keeps the season's
stored discipline reads one state of the season from its first statement to its commit, on PostgreSQL as on
SQLite: a finish there leaves the discipline stored, equal to a recomputation (issue 29.3)."""

from __future__ import annotations

import threading
import time

from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture
from tests.scorekeeper.test_stored_discipline import check, fight, kept_current

WAIT_S = 300  # at most, for the other PC's write to be seen waiting, and to end (a slow, busy machine)


def fresh(url: str) -> Services:
    svc = Services.open(url)
    assert svc.import_file(str(EXAMPLE_SEASON), replace=True).ok
    return svc


def test_a_finish_on_postgresql_keeps_the_discipline_stored(pg_url: str) -> None:  # noqa: F811
    svc = fresh(pg_url)
    try:
        fight(svc)  # a reopen, a fight entered and the game finished again: the finish stores it
        assert kept_current(svc)  # stored under the digest of the database as it is, equal to a recomputation
        assert svc.reopen_game("g001", "a penalty was missed").ok  # before g003: the season computed again
        player = next(x["player"] for x in svc.view().games["g001"]["lineups"]["home"] if not x.get("goalie"))
        assert svc.add_event("g001", {"type": "penalty", "team": "home", "period": 2, "elapsed": "19:55",
                                      "player": player, "infraction": "tripping"}, confirm=True).ok
        assert svc.finish_game("g001", confirm=True).ok
        assert kept_current(svc)
        check(svc)  # one game's papers from the stored discipline equal the whole season's
    finally:
        svc.close()


def waiting_for_the_write_lock(url: str) -> bool:
    """Whether a session of the server waits for an advisory lock now."""
    watcher = Services.open(url)
    try:
        rows = watcher.db.execute_sql("select count(*) from pg_stat_activity where wait_event_type = 'Lock' "
                                      "and wait_event = 'advisory'").fetchall()
        return bool(rows[0][0])
    finally:
        watcher.close()


def test_a_second_pcs_write_waits_until_the_first_commits(pg_url: str) -> None:  # noqa: F811
    fresh(pg_url).close()
    first = Services.open(pg_url)
    written: list[bool] = []

    def other_pc() -> None:  # a thread with its own connection (the models' binding is per thread)
        second = Services.open(pg_url)
        try:
            written.append(second.rename_team(next(iter(second.view().teams)), "Second PC").ok)
        finally:
            second.close()

    try:
        with first.write_transaction():
            thread = threading.Thread(target=other_pc)
            thread.start()
            deadline = time.monotonic() + WAIT_S
            while not waiting_for_the_write_lock(pg_url):  # the second PC's write waits for the first's
                assert thread.is_alive() and time.monotonic() < deadline, "the second write did not wait"
                time.sleep(0.05)
            assert not written
        thread.join(timeout=WAIT_S)  # the first committed: the second goes on
        assert written == [True]
        assert "Second PC" in {t["name"] for t in first.view().teams.values()}
    finally:
        first.close()
