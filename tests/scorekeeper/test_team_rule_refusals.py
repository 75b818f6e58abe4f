"""TEAM: a team action (add, rename, merge, delete) the database refuses (busy, full, read-only) is cited under
the team rule, with the team it concerns, never under DATA-5, the entry rule of a final game (issue 26, part 5).
The catalogue has no team rule: its DATA rules are about entries and signings; TEAM is the league's own."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from peewee import OperationalError

from scorekeeper.changes import EntryResult
from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[Services]:
    s = Services.open(str(tmp_path / "teams.db"))
    assert s.import_file(EXAMPLE_SEASON).ok
    assert s.save_team({"id": "seals", "name": "Seals", "division": "coed1"}, True).ok
    yield s
    s.close()


def busy(svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    @contextlib.contextmanager
    def locked() -> Iterator[None]:
        raise OperationalError("database is locked")  # as peewee raises SQLite's
        yield

    monkeypatch.setattr(svc, "write_transaction", locked)


def the_refusal(result: EntryResult) -> tuple[str, str, str]:
    assert not result.ok and len(result.blocks) == 1
    v = result.blocks[0]
    return v.rule, v.where, v.message


def test_team_a_rename_the_database_refuses_cites_the_team_rule(svc: Services,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    busy(svc, monkeypatch)
    rule, where, message = the_refusal(svc.rename_team("otters", "Sea Otters"))  # a team with final games
    assert (rule, where) == ("TEAM", "team otters")
    assert message.startswith("Otters was not renamed 'Sea Otters': ") and "is busy" in message
    assert "entry" not in message and "DATA-5" not in message


def test_team_a_merge_and_a_delete_the_database_refuses_cite_the_team_rule(svc: Services,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    busy(svc, monkeypatch)
    rule, where, message = the_refusal(svc.merge_teams("otters", "seals", confirm=True))
    assert (rule, where) == ("TEAM", "team otters") and message.startswith("Otters was not merged into Seals: ")
    rule, where, message = the_refusal(svc.delete_team("seals"))
    assert (rule, where) == ("TEAM", "team seals") and message.startswith("Seals was not deleted: ")
    rule, where, message = the_refusal(svc.save_team({"id": "gulls", "name": "Gulls", "division": "coed2"}, True))
    assert (rule, where) == ("TEAM", "team gulls") and message.startswith("the team 'Gulls' was not saved: ")


def test_data_5_still_cites_an_entry_the_database_refuses(svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    player = dict(svc.view().players["ot02"])
    busy(svc, monkeypatch)
    rule, _, message = the_refusal(svc.save_player({**player, "first": "Ottilie"}))
    assert rule == "DATA-5" and message.startswith("the entry was not recorded: ")
