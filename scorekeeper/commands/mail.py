"""The `scorekeeper mail ...` commands.

    scorekeeper --db DB mail suspension-notices [--smtp HOST:PORT] [--security starttls|ssl|none] [--user U]
                                                [--sender ADDR] [--eml-folder DIR [--mark-sent]] [--resend]
    scorekeeper --db DB mail fine-statements    [same options] [--team TEAM] [--owing]
    scorekeeper mail settings [--smtp HOST:PORT] [--security ...] [--user U] [--sender ADDR] [--password-stdin]

Options not given come from the saved mail settings (`mail settings` saves them). The password: the keyring,
else $SCOREKEEPER_SMTP_PASSWORD, else none (no login). Exit 0 when everything went, 1 when anything could not
be sent, with one line on stderr per failure.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scorekeeper.email_address import address_problem
from scorekeeper.mail.settings import (
    DEFAULT_PORTS,
    PASSWORD_ENV,
    SECURITIES,
    MailError,
    MailSettings,
    command_line_password,
    load_settings,
    save_settings,
    set_password,
)

if TYPE_CHECKING:
    from scorekeeper.mail.compose import Batch
    from scorekeeper.services import Services

EXIT_OK, EXIT_FAILED = 0, 1


def _server_options(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("--smtp", metavar="HOST:PORT", help="the mail server (default: the saved settings)")
    sp.add_argument("--security", choices=SECURITIES, help="STARTTLS (port 587), SSL (465) or none (25)")
    sp.add_argument("--user", metavar="U", help="log in as U (the password: keyring, else $" + PASSWORD_ENV + ")")
    sp.add_argument("--sender", metavar="ADDR", help="the From address (the league office's)")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add `mail` and its commands to the command line's sub-parsers; returns the `mail` parser."""
    p = subparsers.add_parser("mail", help="e-mail suspension notices and fine statements to team captains",
                              description="E-mail suspension notices and fine statements to the team captains "
                              "(rulebook Section 8), with the PDF attached.")
    sub = p.add_subparsers(dest="mail_command", metavar="WHAT", parser_class=type(p))
    sub.required = True
    p.set_defaults(func=run, writes="sending mail (it records what was sent)")
    for name, text in (("suspension-notices", "every suspension notice not yet sent, to the team's captain"),
                       ("fine-statements", "each team's fine statement, to the team's captain")):
        sp = sub.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")
        _server_options(sp)
        sp.add_argument("--eml-folder", metavar="DIR", help="save the messages as .eml files in DIR instead of "
                        "sending them (for an office with no mail server)")
        sp.add_argument("--mark-sent", action="store_true", help="with --eml-folder: record the saved notices as "
                        "sent (once you have sent them yourself)")
        sp.add_argument("--date", metavar="YYYY-MM-DD", help="date printed on the PDFs (default: today)")
        if name == "suspension-notices":
            sp.add_argument("--resend", action="store_true", help="also the notices already sent")
        else:
            sp.add_argument("--team", metavar="TEAM", help="only this team's statement (team id)")
            sp.add_argument("--owing", action="store_true", help="only teams with a balance to pay")
    st = sub.add_parser("settings", help="show or save the mail settings (password: in the keyring)",
                        description="Show the mail settings, or save the ones given. The password is kept only in "
                        "the operating system's keyring, never in a file.")
    _server_options(st)
    st.add_argument("--password-stdin", action="store_true", help="read the password from standard input and keep "
                    "it in the keyring")
    st.set_defaults(needs_database=False)
    return p


def settings_from_args(args: argparse.Namespace, base: MailSettings | None = None) -> MailSettings:
    """The saved settings with the command line's options laid over them."""
    s = base if base is not None else load_settings()
    if getattr(args, "security", None):
        old = s
        s = replace(s, security=args.security)
        if not getattr(args, "smtp", None) and old.port == DEFAULT_PORTS.get(old.security):
            s = replace(s, port=DEFAULT_PORTS[args.security])
    if getattr(args, "smtp", None):
        s = s.with_server(args.smtp)
    if getattr(args, "user", None) is not None:
        s = replace(s, user=args.user)
    if getattr(args, "sender", None):
        s = replace(s, sender=args.sender)
    if not s.sender and getattr(args, "mail_command", None) != "settings":
        s = replace(s, sender=default_sender())
    return s


def default_sender() -> str:
    """The From address when none is set: the office's login at this PC (mail servers that check it will say)."""
    import getpass
    import socket

    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "scorekeeper"
    host = socket.gethostname() or "localhost"
    guess = f"{user}@{host if '.' in host else host + '.localdomain'}"
    return guess if address_problem(guess) is None else "scorekeeper@localhost.localdomain"


def _fail(text: str) -> None:
    print(f"scorekeeper: mail: {text}", file=sys.stderr)


def run(svc: Services | None, args: argparse.Namespace) -> int:
    """Run `mail ...`; 0 when everything went, 1 (one stderr line per failure) otherwise."""
    from scorekeeper.facade.errors import ServiceError

    try:
        base = load_settings()
        settings = settings_from_args(args, base)
        if args.mail_command == "settings":
            return _settings(args, base, settings)
        if svc is None:
            raise MailError("no database is open")
        return _send(svc, args, settings)
    except (MailError, ServiceError) as exc:
        _fail(str(exc))
        return EXIT_FAILED


def _settings(args: argparse.Namespace, base: MailSettings, settings: MailSettings) -> int:
    changed = settings != base
    if changed:
        path = save_settings(settings)
        print(f"saved the mail settings to {path}")
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\n")
        if not settings.user:
            raise MailError("give --user: a password is kept for a user name")
        if not set_password(settings, password):
            raise MailError(f"no keyring works on this computer: the password was not kept (give it each time, or "
                            f"set ${PASSWORD_ENV} for the command line)")
        print(f"kept the password of {settings.user} in the keyring")
    print(f"server: {settings.host or '(none)'}:{settings.port} ({settings.security})")
    print(f"user: {settings.user or '(no login)'}")
    print(f"sender: {settings.sender or '(none)'}")
    for p in settings.problems():
        print(f"note: {p}")
    return EXIT_OK


def _batch(svc: Services, args: argparse.Namespace, settings: MailSettings) -> tuple[Batch, str]:
    from scorekeeper.mail.compose import fine_statement_messages, suspension_notice_messages

    season = getattr(args, "season", None)
    if args.mail_command == "suspension-notices":
        return (suspension_notice_messages(svc, settings, season=season, date=args.date,
                                           include_sent=args.resend), "suspension notice")
    return (fine_statement_messages(svc, settings, season=season, date=args.date, team=args.team,
                                    owing_only=args.owing), "fine statement")


def _send(svc: Services, args: argparse.Namespace, settings: MailSettings) -> int:
    from scorekeeper.mail.record import deliver, record_sent
    from scorekeeper.mail.transport import SendResult, recipients, save_eml

    batch, what = _batch(svc, args, settings)
    if args.eml_folder:
        for m in batch.messages:
            path = save_eml(m, args.eml_folder, settings, database=svc.sqlite_path)
            print(f"saved {path} (to {', '.join(recipients(m))})")
        problems: list[str] = []
        if args.mark_sent and batch.messages:
            results = [SendResult(", ".join(recipients(m)), str(m.get("Message-ID", ""))) for m in batch.messages]
            problems = record_sent(svc, batch.messages, results)
            print(f"recorded {len(batch.messages)} {what}(s) as sent")
        for line in [s.text for s in batch.skipped] + problems:
            _fail(line)
        if not batch.messages and not batch.skipped:
            print(f"no {what} to save")
        return EXIT_FAILED if batch.skipped or problems else EXIT_OK
    if not batch.messages and not batch.skipped:
        print(f"no {what} to send" + (": every captain has been notified" if what == "suspension notice" else ""))
        return EXIT_OK
    if batch.messages and not settings.host:
        raise MailError("no mail server: give --smtp HOST:PORT, or save it with `scorekeeper mail settings --smtp "
                        "HOST:PORT --sender ADDR` (or save the messages with --eml-folder DIR)")
    if batch.messages and not settings.sender:
        raise MailError("no sender address: give --sender ADDR (the league office's e-mail address)")
    password = command_line_password(settings) if settings.user else None

    def progress(done: int, total: int, _msg: Any) -> bool:
        if sys.stderr.isatty() and done < total:
            print(f"sending {done + 1} of {total}…", file=sys.stderr, end="\r", flush=True)
        return True

    result = deliver(svc, batch, settings, password, progress)
    for r in result.sent:
        print(f"sent {r.subject!r} to {r.recipient} ({r.message_id})")
    for line in result.failures():
        _fail(line)
    if result.failed:
        _fail(f"{len(result.failed)} of {len(result.results)} message(s) not sent; those are not marked sent")
    return EXIT_OK if result.ok else EXIT_FAILED
