"""Recording what was sent: each delivered suspension notice on the suspension itself (the facade's
`record_notice`, which clears the line-up's warning of a notice not sent), and every delivered message (time,
recipient, message id) in a small JSON log beside the database (`<database>.mail-log.json`; for a database
server, in the user's data folder). Nothing is recorded for a message that did not go."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from scorekeeper.atomic import write_atomically
from scorekeeper.json_value import JsonObject
from scorekeeper.mail.compose import H_GAME, H_KIND, H_PLAYER, H_SEASON, H_TEAM, KIND_NOTICE, Batch
from scorekeeper.mail.settings import MailSettings
from scorekeeper.mail.transport import Progress, SendResult, send

if TYPE_CHECKING:
    from scorekeeper.mail.source import MailSource


class SentEntry(TypedDict):
    """A delivered message as the sent-mail log records it."""

    kind: str  # the kind of mail (a suspension notice, a fine statement)
    season: str
    team: str
    player: str | None  # a notice's player (None: not a notice)
    game: str | None  # a notice's game
    recipient: str
    message_id: str
    sent: str  # when, 'YYYY-MM-DDTHH:MM:SS'


def log_path(svc: MailSource) -> Path:
    """Where the sent-mail log of this database is kept."""
    db = svc.sqlite_path
    if db is not None:
        return db.with_name(db.name + ".mail-log.json")
    from platformdirs import user_data_dir

    digest = hashlib.sha256(svc.target.encode("utf-8")).hexdigest()[:12]
    return Path(user_data_dir("scorekeeper", appauthor=False)) / f"mail-log-{digest}.json"


def load_log(svc: MailSource) -> list[JsonObject]:
    """Every message recorded as sent, oldest first (empty when none, or the log cannot be read): each as the
    log's JSON has it (a `SentEntry` as written, not checked on reading)."""
    try:
        data = json.loads(log_path(svc).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return []
    return [e for e in data.get("sent", []) if isinstance(e, dict)] if isinstance(data, dict) else []


def statements_sent(svc: MailSource, season: str | None = None) -> dict[str, list[JsonObject]]:
    """Team id -> the fine statements e-mailed to it (time, recipient, message id), oldest first."""
    name = svc.view(season).name
    out: dict[str, list[JsonObject]] = {}
    for e in load_log(svc):
        if e.get("kind") == "fine-statement" and e.get("season") == name and e.get("team"):
            out.setdefault(str(e["team"]), []).append(e)
    return out


def _append_log(svc: MailSource, entries: list[SentEntry]) -> None:
    path = log_path(svc)
    data = {"format": "scorekeeper.mail-log/1", "sent": [*load_log(svc), *entries]}
    write_atomically(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n", make_folder=True)


def record_sent(svc: MailSource, messages: Sequence[EmailMessage], results: Sequence[SendResult],
                sent: str | None = None) -> list[str]:
    """Record each delivered message; returns the problems (a message sent but not recorded), if any."""
    from peewee import DatabaseError

    from scorekeeper.facade.errors import ServiceError

    when = sent or dt.datetime.now().replace(microsecond=0).isoformat()
    problems: list[str] = []
    entries: list[SentEntry] = []
    for msg, res in zip(messages, results, strict=True):
        if not res.ok:
            continue
        kind = str(msg.get(H_KIND, ""))
        entry: SentEntry = {"kind": kind, "season": str(msg.get(H_SEASON, "")), "team": str(msg.get(H_TEAM, "")),
                            "player": str(msg.get(H_PLAYER, "")) or None, "game": str(msg.get(H_GAME, "")) or None,
                            "recipient": res.recipient, "message_id": res.message_id, "sent": when}
        entries.append(entry)
        if kind == KIND_NOTICE and entry["player"] and entry["game"]:
            try:
                svc.record_notice(entry["player"], entry["game"], when, season=entry["season"] or None,
                                  recipient=res.recipient, message_id=res.message_id)
            except (ServiceError, DatabaseError) as exc:
                problems.append(f"the notice to {res.recipient} was sent but could not be recorded: {exc}")
    if entries:
        try:
            _append_log(svc, entries)
        except OSError as exc:
            problems.append(f"the sent-mail log {log_path(svc)} could not be written ({exc.strerror or exc}); "
                            "the notices themselves are recorded")
    return problems


@dataclass
class Delivery:
    """What a batch came to: one result per message, what was never composed, and recording problems."""

    results: list[SendResult] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def sent(self) -> list[SendResult]:
        return [r for r in self.results if r.ok]

    @property
    def failed(self) -> list[SendResult]:
        return [r for r in self.results if not r.ok]

    @property
    def ok(self) -> bool:
        return not self.failed and not self.skipped and not self.problems

    def failures(self) -> list[str]:
        """One sentence per thing that did not happen."""
        return (list(self.skipped) + [f"{r.subject or 'message'} to {r.recipient or 'nobody'}: {r.error}"
                                      for r in self.failed] + list(self.problems))


def deliver(svc: MailSource, batch: Batch, settings: MailSettings, password: str | None = None,
            progress: Progress | None = None, sent: str | None = None) -> Delivery:
    """Send a batch and record what went (the window's Send button and the command line both call this)."""
    out = Delivery(skipped=[s.text for s in batch.skipped])
    if not batch.messages:
        return out
    out.results = send(batch.messages, settings, password, progress)
    out.problems = record_sent(svc, batch.messages, out.results, sent)
    return out
