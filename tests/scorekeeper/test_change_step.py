"""The one path of every change (issue 16 part 2): one judge (`added_violations`), one verdict (`refusal`) and one
commit (`ChangeStep.commit`) serve the entry at the boards, an edit, a line-up, a roster change and a season file."""

from __future__ import annotations

import copy

import pytest
from peewee import DatabaseError

from scorekeeper.changes import Changes
from scorekeeper.db.models import AuditEntry
from scorekeeper.facade.pipeline import AuditRecord, Proposal, added_violations, refusal
from scorekeeper.rules.violation import Violation
from scorekeeper.seasonfile import norm_event
from tests.scorekeeper.test_entries import goal, svc  # noqa: F401 - the fixture

WARN = Violation("X-1", "warn", "a warning")
BLOCK = Violation("X-2", "block", "a block")


def test_a_block_refuses_a_warning_waits_for_a_confirm_and_a_dry_run_only_reports():
    assert refusal([], confirm=False) is None
    blocked = refusal([WARN, BLOCK], confirm=True)
    assert blocked is not None and not blocked.ok and blocked.blocks == [BLOCK]
    waiting = refusal([WARN], confirm=False)
    assert waiting is not None and not waiting.ok and waiting.needs_confirmation
    assert refusal([WARN], confirm=True) is None
    dry = refusal([WARN], confirm=False, dry_run=True)
    assert dry is not None and dry.ok and dry.violations == [WARN] and dry.changes == Changes()


def test_the_judge_counts_only_what_a_change_adds_and_a_file_is_judged_whole(svc):  # noqa: F811
    view = svc.view()
    bad = goal("home", 1, "02:00", "ly02")  # a Lynx player scoring for the Owls
    once = view.with_events({**view.games["g004"], "events": [norm_event(bad)]})
    added = added_violations(view, once, ["g004"], False)
    assert [v.rule for v in added if v.blocks] == ["DATA-4"]
    assert added_violations(once, once, ["g004"], False) == []  # already there: nothing added
    assert [v.rule for v in added_violations(None, once, ["g004"], False) if v.blocks] == ["DATA-4"]


def test_the_boards_fast_path_and_the_general_path_give_the_same_verdict(svc):  # noqa: F811
    game = svc.view().games["g004"]
    for event in (goal("home", 1, "02:00", "ow02"), goal("home", 1, "02:00", "ly02"),
                  {"type": "goal", "team": "home", "period": 9, "elapsed": "02:00", "scorer": "ow02"}):
        fast = svc.step.append(game, event, confirm=False, season=None, retry=None, dry_run=True)
        whole = copy.deepcopy(game)
        whole["events"].append(event)
        general = svc.step.propose(Proposal({"games": [whole]}), confirm=False, season=None, dry_run=True)
        assert (fast.ok, [(v.rule, v.severity) for v in fast.violations]) == (
            general.ok, [(v.rule, v.severity) for v in general.violations])


def test_a_commit_is_one_transaction_with_its_audit_entries(svc):  # noqa: F811
    season = svc.season_row()
    audits_before = AuditEntry.select().count()

    def write() -> None:
        AuditEntry.create(season=season, operator="t", action="half written", subject="x")
        raise DatabaseError("disk full")

    with pytest.raises(DatabaseError):
        svc.step.commit(season, write, [AuditRecord("never", "x")])
    assert AuditEntry.select().count() == audits_before  # nothing of it stays
    assert svc.step.commit(season, lambda: 7, [AuditRecord("kept", "x", None, {"a": 1})]) == 7
    last = AuditEntry.select().order_by(AuditEntry.id.desc()).first()
    assert (last.action, last.subject, last.after) == ("kept", "x", '{"a": 1}')


def test_a_write_the_database_refuses_is_reported_and_changes_nothing(svc, monkeypatch):  # noqa: F811
    def refuse(*args, **kwargs):
        raise DatabaseError("database or disk is full")

    monkeypatch.setattr("scorekeeper.db.store.event_values", refuse)  # within the transaction, either path's
    res = svc.add_event("g004", goal("home", 1, "02:00", "ow02"))
    assert not res.ok and res.changes == Changes() and "full" in res.blocks[0].message
    assert svc.game("g004")["score"] == {"home": 0, "away": 0}


def test_every_kind_of_change_returns_changes_through_the_same_step(svc, monkeypatch):  # noqa: F811
    commits: list[str] = []
    real = svc.step.commit

    def counting(season, write, audits=(), **how):
        commits.append(write.__qualname__.split(".")[-3])  # Class.method.<locals>.write
        return real(season, write, audits, **how)

    def counting_entry(season, write, fast):  # an entry into a game in progress: its own transaction, same step
        commits.append(write.__qualname__.split(".")[-3])
        return real_entry(season, write, fast)

    real_entry = svc.step.commit_entry
    monkeypatch.setattr(svc.step, "commit", counting)
    monkeypatch.setattr(svc.step, "commit_entry", counting_entry)
    assert svc.add_event("g004", goal("home", 1, "02:00", "ow02")).changes.games == ("g004",)
    assert svc.update_event("g004", 0, goal("home", 1, "03:00", "ow03")).changes.tables == ("games", "audit")
    assert svc.undo("g004").changes.games == ("g004",)
    owls = {**svc.view().teams["owls"], "name": "Owls FC"}
    assert svc.save_team(owls, confirm=True).changes.teams == ("owls",)
    assert svc.record_payment({"payer": {"team": "owls"}, "amount": "1.00", "date": "2015-10-21"}).ok
    data = svc.export()
    del data["computed"]
    data["payments"].append({"payer": {"team": "owls"}, "amount": "2.00", "date": "2015-10-22"})
    assert svc.import_data(data).changes.tables == ("payments", "audit")  # every payment audited (issue 26)
    assert commits == ["append", "propose", "_step", "propose", "propose", "import_data"]
