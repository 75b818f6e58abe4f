"""A problem report (issue 31.2): one zip a league office sends to whoever supports it.

It holds the recent log (`logs.recent_text`), the versions, the settings with every secret removed (the mail
settings; the window adds its own), and the database's schema version and an integrity summary (its tables' row
counts and SQLite's `quick_check`), never its data: no name, no game, no password. Qt-free: the window passes its
settings in.
"""

from __future__ import annotations

import json
import sqlite3
import zipfile
from collections.abc import Mapping
from dataclasses import asdict, fields
from datetime import datetime
from pathlib import Path

from scorekeeper import logs

SECRET_WORDS = ("password", "passwd", "secret", "token", "key", "hash", "salt", "user", "login", "credential")
README = """Scorekeeper problem report, made {made}.

log.txt       the end of Scorekeeper's log on this PC (passwords and keys removed)
versions.txt  Scorekeeper, Python, the OS and the libraries it runs on
settings.json the settings, every password, user name and key removed
database.json the database's schema version and integrity summary: how many rows each table holds and SQLite's
              quick check; none of its data
"""


def secret(name: str) -> bool:
    """Whether a setting's name says it holds a secret (a password, a user name, a key...)."""
    lowered = name.casefold()
    return any(word in lowered for word in SECRET_WORDS)


def clean_settings(settings: Mapping[str, object]) -> dict[str, object]:
    """The settings with every secret's value replaced by "(removed)", and every text redacted."""
    out: dict[str, object] = {}
    for name, value in settings.items():
        if secret(name):
            out[name] = "(removed)" if value not in (None, "") else value
        elif isinstance(value, str):
            out[name] = logs.redact(value)
        elif isinstance(value, Mapping):
            out[name] = clean_settings({str(k): v for k, v in value.items()})
        else:
            out[name] = value
    return out


def mail_settings() -> dict[str, object]:
    """The saved mail settings (their secrets removed by `clean_settings`), or why they cannot be read."""
    from scorekeeper.mail.settings import MailError, load_settings

    try:
        saved = load_settings()
    except MailError as exc:
        return {"unreadable": str(exc)}
    return {f.name: asdict(saved)[f.name] for f in fields(saved)}


def database_summary(target: str | None) -> dict[str, object]:
    """The database's kind, schema version and integrity summary, read without changing a byte; never its data."""
    from scorekeeper.db.connect import describe, is_postgres, resolve_target, sqlite_file

    resolved = resolve_target(target)
    if is_postgres(resolved):
        return {"kind": "PostgreSQL", "where": logs.redact(describe(resolved)),
                "note": "a league server: its schema version is in the log of a window or command that opened it"}
    path = sqlite_file(target)
    if path is None:
        return {"kind": "SQLite", "where": "in memory"}
    summary: dict[str, object] = {"kind": "SQLite", "where": str(path)}
    if not path.is_file():
        return {**summary, "exists": False}
    summary.update(exists=True, bytes=path.stat().st_size)
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            tables = [r[0] for r in con.execute("select name from sqlite_master where type = 'table' order by name")]
            row = (con.execute("select value from meta where key = 'schema_version'").fetchone()
                   if "meta" in tables else None)
            summary["schema_version"] = int(row[0]) if row else None
            summary["rows"] = {t: con.execute(f'select count(*) from "{t}"').fetchone()[0] for t in tables}
            summary["quick_check"] = [r[0] for r in con.execute("pragma quick_check(20)")]
            summary["journal_mode"] = con.execute("pragma journal_mode").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error as exc:
        summary["unreadable"] = str(exc)
    return summary


def write_report(out: Path, target: str | None, window_settings: Mapping[str, object] | None = None) -> Path:
    """Write the report to `out` (a zip) and return it; what the window adds: its own settings."""
    settings: dict[str, object] = {"mail": mail_settings()}
    if window_settings is not None:
        settings["window"] = dict(window_settings)
    parts = {
        "README.txt": README.format(made=datetime.now().isoformat(timespec="seconds")),
        "log.txt": logs.recent_text() or "(no log yet on this PC)\n",
        "versions.txt": "".join(f"{name}: {value}\n" for name, value in logs.versions()),
        "settings.json": json.dumps(clean_settings(settings), indent=2, ensure_ascii=False, default=str) + "\n",
        "database.json": json.dumps(database_summary(target), indent=2, ensure_ascii=False) + "\n",
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".part")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, text in parts.items():
            zf.writestr(f"scorekeeper-problem-report/{name}", text)
    partial.replace(out)
    logs.log.info("problem report written: %s", out)
    return out
