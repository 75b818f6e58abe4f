"""Section 8: "All suspensions will be sent via email to the team captain prior to your team's next game."
Sent to a real SMTP server (aiosmtpd) on 127.0.0.1: one message per suspension at the right captain's address,
with the notice PDF; what went is recorded (SUSP-2's warning clears), what did not is not."""

from __future__ import annotations

import io
from email.message import EmailMessage

import pytest

from scorekeeper.mail import (
    MailSettings,
    deliver,
    load_log,
    recipients,
    send,
    suspension_notice_messages,
)
from tests.scorekeeper.mail.conftest import PASSWORD, USER, Server
from tests.scorekeeper.mail.mail_season import CAPTAINS, SUSPENSIONS
from tests.scorekeeper.mail.smtp_server import CLIENT_TIMEOUT, free_port

SENDER = "office@westridge.example"
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


def settings_for(server: Server | None, port: int | None = None, user: str = "") -> MailSettings:
    return MailSettings(host="127.0.0.1", port=port or (server.port if server else 25), security="none", user=user,
                        sender=SENDER, timeout=CLIENT_TIMEOUT)


def pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    assert data.startswith(b"%PDF-")
    return " ".join(" ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages).split())


def attachment(msg: EmailMessage) -> tuple[str, bytes]:
    parts = list(msg.iter_attachments())
    assert len(parts) == 1
    part = parts[0]
    assert part.get_content_type() == "application/pdf"
    payload = part.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return str(part.get_filename()), payload


def susp2_warnings(svc, game: str) -> list[str]:
    return [v["message"] for v in svc.game(game)["violations"] if v["rule"] == "SUSP-2"]


def test_susp_2_one_notice_per_suspension_at_the_captains_address_with_the_pdf(svc, smtp_server):
    expected = {(p, g): CAPTAINS[t][1] for p, t, g in SUSPENSIONS if t in CAPTAINS}
    batch = suspension_notice_messages(svc, settings_for(smtp_server))
    assert susp2_warnings(svc, "g203")
    result = deliver(svc, batch, settings_for(smtp_server), sent="2015-10-26T09:30:00")

    assert len(smtp_server.received) == len(expected) == 4
    got = {}
    for r in smtp_server.received:
        msg = r.message
        player, game = str(msg["X-Scorekeeper-Player"]), str(msg["X-Scorekeeper-Game"])
        got[(player, game)] = r.rcpt_tos
        assert r.mail_from == SENDER
        assert recipients(msg) == r.rcpt_tos
        name = svc.view().player_name(player)
        team = svc.view().teams[svc.view().games[game]["home"]]
        assert name in str(msg["Subject"]) and "suspension" in str(msg["Subject"])
        body = msg.get_body(("plain",))
        assert body is not None
        text = body.get_content()
        assert name in text and game in text
        assert "Official League Appeal Form" in text and "$10.00" in text and "NO E-MAIL APPEALS" in text
        filename, pdf = attachment(msg)
        assert filename.endswith(f"-{player}-{game}.pdf")
        assert name in pdf_text(pdf)
        assert team
    assert got == {k: [v] for k, v in expected.items()}

    by_player = {str(r.message["X-Scorekeeper-Player"]): r.message for r in smtp_server.received}
    fight = by_player["ot04"].get_body(("plain",))
    assert fight is not None
    fight_text = fight.get_content()
    assert "5 games for fighting" in fight_text and "games left: 1" in fight_text
    assert "Suspension Director" in fight_text
    instigator = by_player["ly05"]
    assert "the rest of the season" in str(instigator["Subject"])
    assert "instigating a fight" in instigator.get_body(("plain",)).get_content()

    # the Owls have no captain e-mail: reported, not sent, not recorded
    assert [s.team for s in batch.skipped] == ["owls"]
    assert "Owls have no captain e-mail" in result.skipped[0]
    assert not result.ok and not result.failed and not result.problems

    # each delivered notice is recorded on the suspension, with recipient and message id in the log
    notices = svc.view().office.notices
    assert notices == {k: "2015-10-26T09:30:00" for k in expected}
    log = load_log(svc)
    assert {(e["player"], e["game"]) for e in log} == set(expected)
    ids = {str(r.message["Message-ID"]) for r in smtp_server.received}
    assert {e["message_id"] for e in log} == ids == {r.message_id for r in result.sent}
    assert all(e["recipient"] == expected[(e["player"], e["game"])] for e in log)
    assert susp2_warnings(svc, "g203") == []
    assert any("the captain of Owls" in w for w in susp2_warnings(svc, "g204"))  # by name (issue 18.6)

    # sent once: the next batch holds only the Owls' notice, still unsendable
    again = suspension_notice_messages(svc, settings_for(smtp_server))
    assert again.messages == [] and [s.team for s in again.skipped] == ["owls"]
    assert len(suspension_notice_messages(svc, include_sent=True).messages) == 4


def test_a_login_the_server_accepts(svc, smtp_login_server):
    settings = settings_for(smtp_login_server, user=USER)
    result = deliver(svc, suspension_notice_messages(svc, settings), settings, PASSWORD)
    assert len(result.sent) == 4 and not result.failed
    assert smtp_login_server.logins == [USER]
    assert len(smtp_login_server.received) == 4


def test_a_refused_login_sends_nothing_and_marks_nothing_sent(svc, smtp_refusing_server):
    settings = settings_for(smtp_refusing_server, user=USER)
    batch = suspension_notice_messages(svc, settings)
    result = deliver(svc, batch, settings, "wrong password")
    assert len(result.failed) == 4 and result.sent == []
    assert all("refused the login of user 'office'" in (r.error or "") and "check the user name and password"
               in (r.error or "") for r in result.failed)
    assert smtp_refusing_server.received == []
    assert svc.view().office.notices == {}
    assert load_log(svc) == []
    assert len(suspension_notice_messages(svc, settings).messages) == 4


def test_no_login_where_the_server_requires_one_is_explained(svc, smtp_refusing_server):
    settings = settings_for(smtp_refusing_server)
    results = send(suspension_notice_messages(svc, settings).messages, settings)
    assert len(results) == 4
    assert all("refused the sender" in (r.error or "") and "may need a login" in (r.error or "") for r in results)
    assert smtp_refusing_server.received == []


def test_an_unreachable_server_sends_nothing_and_marks_nothing_sent(svc):
    settings = settings_for(None, port=free_port())
    result = deliver(svc, suspension_notice_messages(svc, settings), settings)
    assert len(result.failed) == 4
    assert all(f"cannot reach the mail server 127.0.0.1:{settings.port}" in (r.error or "") for r in result.failed)
    assert all("Connection refused" in (r.error or "") for r in result.failed)
    assert svc.view().office.notices == {} and load_log(svc) == []


def test_incomplete_settings_send_nothing(svc):
    results = send(suspension_notice_messages(svc).messages, MailSettings())
    assert results and all("no mail server" in (r.error or "") and "no sender address" in (r.error or "")
                           for r in results)


def test_progress_is_reported_and_can_stop_the_batch(svc, smtp_server):
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int, _msg: EmailMessage) -> bool:
        seen.append((done, total))
        return done < 2

    settings = settings_for(smtp_server)
    result = deliver(svc, suspension_notice_messages(svc, settings), settings, progress=progress)
    assert seen == [(0, 4), (1, 4), (2, 4)]
    assert len(result.sent) == 2 and len(result.failed) == 2
    assert all("stopped" in (r.error or "") for r in result.failed)
    assert len(smtp_server.received) == 2 and len(svc.view().office.notices) == 2
