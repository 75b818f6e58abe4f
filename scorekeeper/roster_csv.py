"""Rosters from a league spreadsheet (CSV): every row judged before anything is written.

Columns (header names, any order, case-insensitive): team, number, first, last, and optionally gender,
birthdate, email, position, signed, released, player (an id). A team is named by its id or its name. A player
is found by id, else by first and last name in the season, else created.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.inputfile import ROSTER_CSV_LIMIT, read_bounded
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView

COLUMNS = {"team", "number", "first", "last", "gender", "birthdate", "email", "position", "signed", "released",
           "player"}
ALIASES = {"jersey": "number", "#": "number", "no": "number", "first name": "first", "last name": "last",
           "firstname": "first", "lastname": "last", "sex": "gender", "dob": "birthdate", "e-mail": "email",
           "pos": "position", "player id": "player"}


@dataclass
class CsvRow:
    line: int
    data: dict[str, str]
    player: dict[str, Any] | None = None
    signing: dict[str, Any] | None = None
    verdict: str = "imported"  # imported, warning, refused
    violations: list[Violation] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "data": self.data, "verdict": self.verdict,
                "violations": [v.to_json() for v in self.violations]}


def _refuse(row: CsvRow, message: str) -> None:
    row.verdict = "refused"
    row.violations.append(Violation("FILE", "block", message, "roster CSV", f"line {row.line}"))


def read_rows(path: str | Path) -> list[CsvRow]:
    """Parse the CSV; a file that cannot be read raises ValueError with the reason."""
    try:
        text = read_bounded(path, ROSTER_CSV_LIMIT, "roster CSV").decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text at byte {exc.start} (save the spreadsheet as CSV UTF-8)") from None
    sample = text[:2048]
    try:
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    try:
        fieldnames = reader.fieldnames
    except csv.Error as exc:
        raise ValueError(f"{path}: not a CSV file at line 1: {exc}") from None
    if not fieldnames:
        raise ValueError(f"{path}: empty file")
    names = {}
    for raw in fieldnames:
        key = (raw or "").strip().lower()
        key = ALIASES.get(key, key)
        if key in COLUMNS:
            names[raw] = key
    missing = {"team", "number", "first", "last"} - set(names.values())
    if missing:
        raise ValueError(f"{path}: the header needs the column(s) {', '.join(sorted(missing))}")
    rows = []
    try:
        for record in reader:
            data = {names[k]: v.strip() for k, v in record.items() if k in names and isinstance(v, str)}
            if not any(data.values()):
                continue
            rows.append(CsvRow(reader.line_num, data))
    except csv.Error as exc:
        raise ValueError(f"{path}: not a CSV file at line {reader.line_num}: {exc}") from None
    return rows


def _slug(first: str, last: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", f"{first} {last}".lower()).strip("-") or "player"
    pid, n = base, 2
    while pid in taken:
        pid, n = f"{base}-{n}", n + 1
    taken.add(pid)
    return pid


def resolve(view: SeasonView, rows: list[CsvRow]) -> None:
    """Turn each row into a player (found or new) and a roster signing, refusing rows that make no sense."""
    by_name = {(p["first"].lower(), p["last"].lower()): pid for pid, p in view.players.items()}
    team_of = {t.lower(): t for t in view.teams} | {v["name"].lower(): t for t, v in view.teams.items()}
    taken = set(view.players)
    created: dict[tuple[str, str], str] = {}
    signed_here: dict[tuple[str, str], int] = {}
    for row in rows:
        d = row.data
        team = team_of.get(d.get("team", "").lower())
        if team is None:
            _refuse(row, f"no team {d.get('team')!r} in season {view.name}")
            continue
        if not re.fullmatch(r"[0-9]{1,2}", d.get("number", "")):
            _refuse(row, f"number must be 0 to 99 (got {d.get('number')!r})")
            continue
        if not d.get("first") or not d.get("last"):
            _refuse(row, "first and last name are needed")
            continue
        gender = d.get("gender", "").upper()[:1] or None
        if gender not in (None, "M", "F"):
            _refuse(row, f"gender must be M or F (got {d.get('gender')!r})")
            continue
        key = (d["first"].lower(), d["last"].lower())
        pid = d.get("player") or by_name.get(key) or created.get(key)
        if pid is None or pid not in view.players:
            if pid is None:
                pid = _slug(d["first"], d["last"], taken)
                created[key] = pid
            row.player = {k: v for k, v in {"id": pid, "first": d["first"], "last": d["last"], "gender": gender,
                                            "birthdate": d.get("birthdate") or None,
                                            "email": d.get("email") or None}.items() if v is not None}
        if (team, pid) in signed_here:
            row.verdict = "refused"
            row.violations.append(Violation("DATA-1", "block", f"{d['first']} {d['last']} is already signed to {team} "
                                            f"on line {signed_here[(team, pid)]}", view.book.section("DATA-1"),
                                            f"line {row.line}"))
            continue
        signed_here[(team, pid)] = row.line
        position = (d.get("position") or "skater").lower()
        position = "goalie" if position in ("g", "goalie", "goaltender") else "skater"
        row.signing = {k: v for k, v in {"team": team, "player": pid, "number": int(d["number"]),
                                         "position": position, "signed": d.get("signed") or None,
                                         "released": d.get("released") or None}.items() if v is not None}
