"""A season read in several statements sees one committed state (`scorekeeper.db.snapshot`): another PC's commit
landing between the read of the players and the read of the roster is not half-seen (issue 29's multi-PC note: a
rink's send read a signing whose player it had not read, and ended in KeyError)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.db import season_read
from scorekeeper.facade.game_papers import one_game
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture

NEW = {"id": "p-snapshot", "first": "Sam", "last": "Between", "gender": "F"}
NEW_NUMBER = {"p-snapshot": 98, "p-snapshot-2": 97}  # the server keeps one test's player for the next


def another_pc(target: str) -> list[bool]:
    """Another PC (a thread with its own connection: the models' binding is per thread) adds a player and signs
    them to a team, committed before it returns; the results of its two writes."""
    done: list[bool] = []

    def write() -> None:
        writer = Services.open(target)
        try:
            team = next(iter(writer.view().teams))
            done.append(writer.save_player(dict(NEW), confirm=True).ok)
            done.append(writer.sign_player(team, NEW["id"], NEW_NUMBER[NEW["id"]], confirm=True).ok)
        finally:
            writer.close()

    thread = threading.Thread(target=write)
    thread.start()
    thread.join(timeout=120)
    return done


def signed_between(monkeypatch: pytest.MonkeyPatch, target: str) -> list[bool]:
    """The next roster read is preceded, once, by another PC's signing of a new player (`another_pc`)."""
    done: list[bool] = []
    real: Callable[..., Any] = season_read._roster

    def roster(*args: Any) -> Any:
        if not done and threading.current_thread() is threading.main_thread():  # the reader's, not the writer's
            done.extend(another_pc(target))
        return real(*args)

    monkeypatch.setattr(season_read, "_roster", roster)
    return done


def one_games_papers_while_another_commits(target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """One game's papers read the season narrowly (`facade.game_papers`): the same holds there."""
    reader = Services.open(target)
    try:
        if not reader.seasons():
            assert reader.import_file(str(EXAMPLE_SEASON)).ok
        game = next(g for g, row in reader.view().games.items() if row.get("status") == "final")
        reader.forget()
        done = signed_between(monkeypatch, target)
        sheet = one_game(reader, game, None, lambda src: (src.view().players, src.view().data["roster"]))
        assert done == [True, True]
        players, roster = sheet  # as before the commit, or (its discipline read again) after it: never half
        assert all(s["player"] in players for s in roster)
        assert (NEW["id"] in players) == any(s["player"] == NEW["id"] for s in roster)
    finally:
        reader.close()


def read_while_another_commits(target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reader = Services.open(target)
    try:
        if not reader.seasons():
            assert reader.import_file(str(EXAMPLE_SEASON)).ok
        reader.forget()
        done = signed_between(monkeypatch, target)
        view = reader.view()  # players, then (the commit lands here) roster, games...
        assert done == [True, True]
        assert NEW["id"] not in view.players
        assert all(s["player"] != NEW["id"] for s in view.data["roster"])
        reader.forget()
        again = reader.view()  # read afresh: the commit is there, whole
        assert NEW["id"] in again.players
        assert any(s["player"] == NEW["id"] for s in again.data["roster"])
    finally:
        reader.close()


def test_a_season_read_on_sqlite_sees_one_committed_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read_while_another_commits(str(tmp_path / "league.db"), monkeypatch)


def test_a_season_read_on_postgresql_sees_one_committed_state(pg_url: str,  # noqa: F811
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    read_while_another_commits(pg_url, monkeypatch)


def test_one_games_papers_on_sqlite_see_one_committed_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one_games_papers_while_another_commits(str(tmp_path / "league.db"), monkeypatch)


def test_one_games_papers_on_postgresql_see_one_committed_state(pg_url: str,  # noqa: F811
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    NEW["id"] = "p-snapshot-2"  # the server's league keeps the first test's player
    try:
        one_games_papers_while_another_commits(pg_url, monkeypatch)
    finally:
        NEW["id"] = "p-snapshot"
