"""`scorekeeper mail ...` through the parser the command line builds (add_parser / run), against a real SMTP
server on 127.0.0.1: exit 0 when everything went, 1 with one clear stderr line per failure, never a traceback."""

from __future__ import annotations

import argparse
from email import message_from_bytes, policy
from pathlib import Path

import pytest

from scorekeeper import mail
from scorekeeper.commands import mail as mail_command
from scorekeeper.mail import load_log, load_settings
from tests.scorekeeper.mail.conftest import PASSWORD, USER
from tests.scorekeeper.mail.smtp_server import free_port

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
SENDER = "office@westridge.example"


def parse(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="scorekeeper")
    p.add_argument("--season")
    sub = p.add_subparsers(dest="command")
    mail_command.add_parser(sub)
    return p.parse_args(list(argv))


def run(svc, capsys, *argv: str) -> tuple[int, str, str]:
    code = mail_command.run(svc, parse(*argv))
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def test_suspension_notices_sent_and_the_team_without_captain_e_mail_reported(svc, smtp_server, capsys):
    code, out, err = run(svc, capsys, "mail", "suspension-notices", "--smtp", f"127.0.0.1:{smtp_server.port}",
                         "--security", "none", "--sender", SENDER)
    assert code == 1
    assert len(smtp_server.received) == 4
    assert out.count("sent '") == 4
    lines = err.strip().splitlines()
    assert lines == ["scorekeeper: mail: the suspension notice of OW4 Owls (Owls, game g202) not sent: the Owls have "
                     "no captain e-mail in the season file (add the team's captain_email)"]
    assert len(svc.view().office.notices) == 4
    code, out, err = run(svc, capsys, "mail", "suspension-notices", "--smtp", f"127.0.0.1:{smtp_server.port}",
                         "--security", "none", "--sender", SENDER)
    assert code == 1 and len(smtp_server.received) == 4 and "Owls" in err


def test_everything_sent_exits_0(svc, smtp_server, capsys):
    code, out, err = run(svc, capsys, "mail", "fine-statements", "--team", "otters", "--smtp",
                         f"127.0.0.1:{smtp_server.port}", "--security", "none", "--sender", SENDER)
    assert (code, err) == (0, "")
    [got] = smtp_server.received
    assert got.rcpt_tos == ["otters.captain@example.org"]
    assert "fine statement 2015-16 Otters" in str(got.message["Subject"])
    body = got.message.get_body(("plain",))
    assert body is not None and "Balance due: $50.00" in body.get_content()
    assert [e["team"] for e in load_log(svc) if e["kind"] == "fine-statement"] == ["otters"]


def test_password_from_the_environment_and_a_refused_login(svc, smtp_login_server, monkeypatch, capsys):
    args = ("mail", "suspension-notices", "--smtp", f"127.0.0.1:{smtp_login_server.port}", "--security", "none",
            "--user", USER, "--sender", SENDER)
    monkeypatch.setenv("SCOREKEEPER_SMTP_PASSWORD", "not the password")
    code, out, err = run(svc, capsys, *args)
    assert code == 1 and smtp_login_server.received == [] and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 6  # the Owls, four refused messages, and the summary
    assert sum("refused the login of user 'office'" in line for line in lines) == 4
    assert all(line.startswith("scorekeeper: mail: ") for line in lines)
    assert svc.view().office.notices == {}

    monkeypatch.setenv("SCOREKEEPER_SMTP_PASSWORD", PASSWORD)
    code, out, err = run(svc, capsys, *args)
    assert code == 1 and len(smtp_login_server.received) == 4 and err.count("\n") == 1
    assert smtp_login_server.logins[-1] == USER


def test_an_unreachable_server(svc, capsys):
    port = free_port()
    code, out, err = run(svc, capsys, "mail", "suspension-notices", "--smtp", f"127.0.0.1:{port}", "--security",
                         "none", "--sender", SENDER)
    assert code == 1
    assert err.count(f"cannot reach the mail server 127.0.0.1:{port} (Connection refused)") == 4
    assert "not marked sent" in err
    assert svc.view().office.notices == {}


def test_no_server_no_sender_bad_server(svc, capsys):
    code, _, err = run(svc, capsys, "mail", "suspension-notices", "--sender", SENDER)
    assert code == 1 and err.startswith("scorekeeper: mail: no mail server: give --smtp HOST:PORT")
    code, _, err = run(svc, capsys, "mail", "suspension-notices", "--smtp", "localhost:1")
    assert code == 1 and "no sender address" not in err  # a default sender; the server is what fails
    code, _, err = run(svc, capsys, "mail", "suspension-notices", "--smtp", "host:99999", "--sender", SENDER)
    assert code == 1 and "port 99999" in err and err.count("\n") == 1


def test_eml_folder_saves_messages_and_records_nothing_unless_asked(svc, tmp_path: Path, capsys):
    folder = tmp_path / "outbox"
    code, out, err = run(svc, capsys, "mail", "suspension-notices", "--sender", SENDER, "--eml-folder", str(folder))
    assert code == 1 and "Owls" in err
    files = sorted(folder.glob("*.eml"))
    assert len(files) == 4
    msg = message_from_bytes(files[0].read_bytes(), policy=policy.default)
    assert str(msg["From"]) == SENDER and str(msg["To"]).endswith(">")
    assert [p.get_content_type() for p in msg.iter_attachments()] == ["application/pdf"]
    assert svc.view().office.notices == {}
    code, out, err = run(svc, capsys, "mail", "suspension-notices", "--sender", SENDER, "--eml-folder", str(folder),
                         "--mark-sent")
    assert "recorded 4 suspension notice(s) as sent" in out
    assert len(svc.view().office.notices) == 4


def test_settings_saved_without_the_password_and_used(svc, smtp_server, capsys):
    code, out, err = run(svc, capsys, "mail", "settings", "--smtp", f"127.0.0.1:{smtp_server.port}", "--security",
                         "none", "--sender", SENDER)
    assert code == 0 and "saved the mail settings" in out
    saved = load_settings()
    assert (saved.host, saved.port, saved.security, saved.sender) == ("127.0.0.1", smtp_server.port, "none", SENDER)
    code, out, err = run(svc, capsys, "mail", "fine-statements", "--owing")
    assert code == 1  # the Owls owe, and have no captain e-mail
    assert sorted(r.rcpt_tos[0] for r in smtp_server.received) == ["lynx-captain@example.net",
                                                                    "otters.captain@example.org"]
    assert err.strip().splitlines() == ["scorekeeper: mail: the fine statement of the Owls not sent: "
                                        "the Owls have no captain e-mail in the season file (add the team's "
                                        "captain_email)"]


def test_password_stdin_without_a_keyring_is_refused_clearly(svc, monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("pw\n"))
    code, out, err = run(svc, capsys, "mail", "settings", "--smtp", "smtp.example.org", "--user", "office",
                         "--sender", SENDER, "--password-stdin")
    assert code == 1 and "no keyring works on this computer" in err
    assert "pw" not in Path(mail.settings_path()).read_text(encoding="utf-8")


def test_plain_local_server_with_the_issues_command_alone(svc, smtp_server, capsys):
    """`mail suspension-notices --smtp HOST:PORT` and nothing else: a local server without STARTTLS, no sender."""
    code, out, err = run(svc, capsys, "mail", "suspension-notices", "--smtp", f"127.0.0.1:{smtp_server.port}")
    assert len(smtp_server.received) == 4 and out.count("sent '") == 4
    assert "@" in str(smtp_server.received[0]["From"] if hasattr(smtp_server.received[0], "get") else "@")
