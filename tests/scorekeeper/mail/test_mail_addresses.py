"""Issue 14: an e-mail address is one address. A captain e-mail with a line break or a list is refused where
it is entered (the season file, the team form through `save_team`); one already stored (by an earlier version,
or written outside the program) makes mail skip that team with a message, never fail the whole command, and
never reach a second recipient. The mail fields are fuzzed: no internal error."""

from __future__ import annotations

import copy
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from scorekeeper.db.models import Player, Team
from scorekeeper.email_address import address_problem, sender_problem
from scorekeeper.mail import MailError, MailSettings, fine_statement_messages, recipients, suspension_notice_messages
from scorekeeper.services import Services
from tests.scorekeeper.mail.mail_season import CAPTAINS, mail_season

SENDER = "office@westridge.example"
BAD = ["x@example.org, other@example.net", "x@example.org;other@example.net", "x@example.org\r\nBcc: spy@evil.example",
       "x@example.org\n", "Captain <x@example.org>", "x@example", "no-at-sign.example.org", "x y@example.org",
       "a@b@example.org", "x@" + "a" * 250 + ".org", "zoë@exämple.org", "x@example.org\x00"]
GOOD = ["otters.captain@example.org", "lynx-captain@example.net", "o'brien+hockey@mail.example.co.uk", "A_1@x-y.ca"]


def _settings() -> MailSettings:
    return MailSettings(host="127.0.0.1", port=25, security="none", sender=SENDER)


def _store_email(svc: Services, team: str, email: str) -> None:
    """Write a captain e-mail past every check, as an earlier version (or sqlite3) could have."""
    Team.update(captain_email=email).where(Team.ext_id == team).execute()
    svc._changed()


@pytest.mark.parametrize("good", GOOD)
def test_one_plain_address_is_accepted(good: str):
    assert address_problem(good) is None


@pytest.mark.parametrize("bad", BAD)
def test_a_list_a_line_break_a_name_or_no_domain_is_not_one_address(bad: str):
    assert address_problem(bad) is not None


@pytest.mark.parametrize("bad", BAD)
def test_season_file_with_a_bad_captain_email_is_refused_naming_the_team(tmp_path: Path, bad: str):
    data = mail_season()
    data["teams"][0]["captain_email"] = bad
    svc = Services.open(str(tmp_path / "league.db"))
    try:
        report = svc.import_data(data)
        assert not report.ok
        found = [v for v in report.blocks if "captain_email" in v.where]
        assert found and "is not one e-mail address" in found[0].message, [v.line() for v in report.blocks]
        assert svc.seasons() == []  # nothing was written
    finally:
        svc.close()


def test_season_file_with_a_bad_player_email_is_refused(tmp_path: Path):
    data = mail_season()
    data["players"][0]["email"] = "a@example.org, b@example.org"
    svc = Services.open(str(tmp_path / "league.db"))
    try:
        report = svc.import_data(data)
        assert not report.ok and any("email" in v.where and "one e-mail address" in v.message for v in report.blocks)
    finally:
        svc.close()


@pytest.mark.parametrize("bad", ["x@example.org, other@example.net", "x@example.org\r\nBcc: spy@evil.example"])
def test_team_form_refuses_a_bad_captain_email_and_keeps_the_old_one(svc: Services, bad: str):
    team = next(t for t in svc.view().data["teams"] if t["id"] == "otters")
    result = svc.save_team({**copy.deepcopy(team), "captain_email": bad}, confirm=True)
    assert not result.ok
    assert any("not one e-mail address" in v.message for v in result.blocks)
    assert Team.get(Team.ext_id == "otters").captain_email == CAPTAINS["otters"][1]
    assert svc.save_team({**copy.deepcopy(team), "captain_email": "new.captain@example.org"}, confirm=True).ok


@pytest.mark.parametrize("bad", [b for b in BAD if b != "x@example.org\n"])  # mail strips a trailing line break
def test_a_stored_bad_address_skips_that_team_only(svc: Services, bad: str):
    _store_email(svc, "otters", bad)
    for compose in (suspension_notice_messages, fine_statement_messages):
        batch = compose(svc, _settings())
        skipped = [s for s in batch.skipped if s.team == "otters"]
        assert skipped and "is not one e-mail address" in skipped[0].reason, compose.__name__
        assert "correct it on the team" in skipped[0].text
        assert batch.messages  # the other teams' mail is composed
        for m in batch.messages:
            assert len(recipients(m)) == 1 and address_problem(recipients(m)[0]) is None
            assert "otters" not in m.get("X-Scorekeeper-Team", "")


def test_comma_address_never_sends_to_the_second_recipient(svc: Services):
    _store_email(svc, "otters", "x@example.org, other@example.net")
    for compose in (suspension_notice_messages, fine_statement_messages):
        for m in compose(svc, _settings()).messages:
            assert "other@example.net" not in m.as_string()


def test_mail_command_with_a_stored_bad_address_says_which_team_and_saves_the_rest(svc: Services, tmp_path: Path,
                                                                                  capsys: pytest.CaptureFixture[str]):
    from scorekeeper.cli import _command, build_parser

    _store_email(svc, "otters", "x@example.org\r\nBcc: spy@evil.example")
    args = build_parser().parse_args(["mail", "fine-statements", "--eml-folder", str(tmp_path / "out"),
                                      "--sender", SENDER])
    code = _command(svc, args)
    err = capsys.readouterr().err
    assert code == 1 and "internal error" not in err
    assert "Otters" in err and "is not one e-mail address: it contains a line break" in err
    saved = list((tmp_path / "out").glob("*.eml"))
    assert len(saved) == len(CAPTAINS) - 1
    assert all(b"spy@evil" not in p.read_bytes() for p in saved)


@pytest.mark.parametrize("sender", ["office@example.org\r\nBcc: spy@evil.example", "a@example.org, b@example.org",
                                    "office"])
def test_a_bad_sender_is_refused_with_a_message(svc: Services, sender: str):
    with pytest.raises(MailError, match="is not one e-mail address"):
        suspension_notice_messages(svc, _settings(), sender=sender)
    assert sender_problem(sender) is not None
    assert MailSettings(host="h", sender=sender).problems()


_odd_text = st.text(st.sampled_from(list("ab ,;<>@.\"\r\n\t\x00\x0b\u2028\u00e9\u00df\U0001f3d2\u202e-_'")),
                    min_size=0, max_size=40)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # no shrinking: each case composes PDFs
@given(email=st.one_of(_odd_text, st.sampled_from(BAD + GOOD)), team_name=_odd_text, first=_odd_text,
       last=_odd_text, sender=st.one_of(st.just(SENDER), _odd_text))
@example(email="otters.captain@example.org", team_name="", first="", last="; \u00df", sender=SENDER)
def test_fuzzed_mail_fields_give_mail_or_a_message_never_an_internal_error(
        svc: Services, email: str, team_name: str, first: str, last: str, sender: str):
    Team.update(captain_email=email, name=team_name or "x").where(Team.ext_id == "otters").execute()
    Player.update(first=first or "x", last=last).where(Player.ext_id.in_(["ot02", "ot04"])).execute()
    svc._changed()
    for compose in (suspension_notice_messages, fine_statement_messages):
        try:
            batch = compose(svc, _settings(), sender=sender)
        except MailError as exc:
            assert sender_problem(sender.strip()) is not None and "sender" in str(exc)
            continue
        for m in batch.messages:
            raw = m.as_bytes()
            again: EmailMessage = message_from_bytes(raw, policy=policy.default)
            assert len(recipients(again)) == 1
            assert address_problem(recipients(again)[0]) is None
            for key, value in again.items():
                assert "\r" not in str(value) and "\n" not in str(value), key
        for s in batch.skipped:
            assert s.text and "Traceback" not in s.text
