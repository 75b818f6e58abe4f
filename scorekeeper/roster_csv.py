"""Rosters from a league spreadsheet (CSV): every row judged before anything is written.

Columns (header names, any order, case-insensitive): team, number, first, last, and optionally gender,
birthdate, email, position, signed, released, player (an id). A team is named by its id or its name. A player
is found by id, else by first and last name in the season (case, accents' encoding and runs of spaces not
counting), else created. A player already on the team's roster is "already" (nothing written for the row); a
name two players of the season share is refused naming both, unless the caller says which one the row means.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from scorekeeper.inputfile import ROSTER_CSV_LIMIT, read_bounded
from scorekeeper.results_records import RosterCsvRow, ViolationRecord
from scorekeeper.rules.ids import FILE
from scorekeeper.rules.roster import signed_twice_in_file
from scorekeeper.rules.violation import Violation
from scorekeeper.season.records import OfficeRecords
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import PlayerData, SeasonData, SigningData
from scorekeeper.seasonfile import FORMAT, LISTS, check_structure, normalise, roster_key
from scorekeeper.validation import validate_season

MAX_ROWS = 10_000  # a league's every roster many times over; a file of more is refused whole, at once
COLUMNS = {"team", "number", "first", "last", "gender", "birthdate", "email", "position", "signed", "released",
           "player"}
ALIASES = {"jersey": "number", "#": "number", "no": "number", "first name": "first", "last name": "last",
           "firstname": "first", "lastname": "last", "sex": "gender", "dob": "birthdate", "e-mail": "email",
           "pos": "position", "player id": "player"}


@dataclass
class CsvRow:
    line: int
    data: dict[str, str]
    player: PlayerData | None = None
    signing: SigningData | None = None
    verdict: str = "imported"  # imported, warning, already (on the team's roster: nothing to write), refused
    violations: list[Violation] = field(default_factory=list)
    note: str = ""  # why a row is "already"
    candidates: list[dict[str, str]] = field(default_factory=list)  # the players a shared name fits

    @property
    def writable(self) -> bool:
        return self.verdict in ("imported", "warning")

    def to_json(self) -> RosterCsvRow:
        violations = cast(list[ViolationRecord], [v.to_json() for v in self.violations])  # what `to_json` writes
        out: RosterCsvRow = {"line": self.line, "data": self.data, "verdict": self.verdict, "violations": violations}
        if self.note and self.candidates:
            return {**out, "note": self.note, "candidates": self.candidates}
        if self.note:
            return {**out, "note": self.note}
        if self.candidates:
            return {**out, "candidates": self.candidates}
        return out


def name_key(first: str, last: str) -> tuple[str, str]:
    """A name as rows and players are matched: case, the encoding of accents and runs of spaces do not count."""
    def norm(text: str) -> str:
        return " ".join(unicodedata.normalize("NFC", text).casefold().split())
    return norm(first), norm(last)


def verdict_counts(rows: list[RosterCsvRow]) -> dict[str, int]:
    """How many rows of a preview (`CsvRow.to_json`) are new (imported or with a warning), already on the roster
    and refused."""
    out = {"new": 0, "warning": 0, "already": 0, "refused": 0}
    for row in rows:
        verdict = str(row.get("verdict"))
        if verdict in ("imported", "warning"):
            out["new"] += 1
        if verdict != "imported":
            out[verdict if verdict in out else "refused"] += 1
    return out


def _player_label(view: SeasonView, pid: str) -> str:
    teams = [f"{view.teams[r['team']]['name']} #{r['number']}" for t, rows in view.roster_by_team.items()
             for r in rows if r["player"] == pid and not r.get("released") and t in view.teams]
    return f"{view.player_name(pid)} ({pid}" + (f"; {', '.join(teams)}" if teams else "; on no roster") + ")"


def _refuse(row: CsvRow, message: str) -> None:
    row.verdict = "refused"
    row.violations.append(Violation(FILE, "block", message, "roster CSV", f"line {row.line}"))


def spreadsheet_text(data: bytes, path: str | Path) -> str:
    """A spreadsheet's CSV as text: Excel's "CSV UTF-8" (with its byte-order mark), "Unicode Text" (UTF-16 with
    one), plain UTF-8, or Excel's plain "CSV", which is the Windows code page (cp1252 in the Americas and Western
    Europe): accents survive each."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise ValueError(f"{path}: damaged UTF-16 text at byte {exc.start}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: neither UTF-8 nor Windows text at byte {exc.start} (save the spreadsheet as "
                         "CSV UTF-8)") from None


def read_rows(path: str | Path) -> list[CsvRow]:
    """Parse the CSV; a file that cannot be read raises ValueError with the reason."""
    text = spreadsheet_text(read_bounded(path, ROSTER_CSV_LIMIT, "roster CSV"), path)
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
    rows: list[CsvRow] = []
    try:
        for record in reader:
            data = {names[k]: v.strip() for k, v in record.items() if k in names and isinstance(v, str)}
            if not any(data.values()):
                continue
            if len(rows) == MAX_ROWS:
                raise ValueError(f"{path}: more than {MAX_ROWS:,} rows, more than a league's rosters hold: is this "
                                 "the right file?")
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


def resolve(view: SeasonView, rows: list[CsvRow], choices: dict[int, str] | None = None) -> None:
    """Turn each row into a player (found or new) and a roster signing, refusing rows that make no sense.
    `choices`: the player meant by a row (its line) whose name several players of the season share."""
    resolver = _Resolver(view, choices or {})
    for row in rows:
        resolver.resolve(row)


class _Resolver:
    """The rows of one file resolved in order: the season's players by name and teams by id or name, and the
    players created and the signings made by the rows before."""

    def __init__(self, view: SeasonView, choices: dict[int, str]) -> None:
        self.view = view
        self.choices = choices
        self.by_name: dict[tuple[str, str], list[str]] = {}
        for player_id, p in view.players.items():
            self.by_name.setdefault(name_key(p.get("first", ""), p.get("last", "")), []).append(player_id)
        self.team_of = {t.lower(): t for t in view.teams} | {v["name"].lower(): t for t, v in view.teams.items()}
        self.taken = set(view.players)
        self.created: dict[tuple[str, str], str] = {}
        self.signed_here: dict[tuple[str, str], int] = {}

    def resolve(self, row: CsvRow) -> None:
        """The row's player and signing, or its refusal."""
        checked = self._fields(row)
        if checked is None:
            return
        team, gender = checked
        d = row.data
        key = name_key(d["first"], d["last"])
        fits = self.by_name.get(key, [])
        ok, meant = self._meant(row, team, fits)
        if not ok:
            return
        pid = self._player(row, key, fits, meant, gender)
        self._sign(row, team, pid)

    def _fields(self, row: CsvRow) -> tuple[str, str | None] | None:
        """The row's team and gender, once its fields make sense (None: refused)."""
        d = row.data
        team = self.team_of.get(d.get("team", "").lower())
        if team is None:
            _refuse(row, f"no team {d.get('team')!r} in season {self.view.name}")
            return None
        if not re.fullmatch(r"[0-9]{1,2}", d.get("number", "")):
            _refuse(row, f"number must be 0 to 99 (got {d.get('number')!r})")
            return None
        if not d.get("first") or not d.get("last"):
            _refuse(row, "first and last name are needed")
            return None
        gender = d.get("gender", "").upper()[:1] or None
        if gender not in (None, "M", "F"):
            _refuse(row, f"gender must be M or F (got {d.get('gender')!r})")
            return None
        return team, gender

    def _meant(self, row: CsvRow, team: str, fits: list[str]) -> tuple[bool, str | None]:
        """(False, None) where the row is refused (the choice is not a player of that name, or none is made
        between players sharing it); else (True, the player of the season the row means, or None: not chosen)."""
        d = row.data
        chosen = self.choices.get(row.line)
        if chosen is not None and chosen not in fits:
            _refuse(row, f"{chosen} is not a player called {d['first']} {d['last']}")
            return False, None
        on_team = [f for f in fits if (self.view.signing(team, f) or {"released": "-"}).get("released") is None]
        if len(fits) > 1 and len(on_team) == 1 and chosen is None:
            chosen = on_team[0]  # the one of them on the team's roster already: the row means them
        if len(fits) > 1 and not d.get("player") and chosen is None:
            row.candidates = [{"id": f, "label": _player_label(self.view, f)} for f in fits]
            _refuse(row, f"{d['first']} {d['last']} is the name of {len(fits)} players of the season: "
                    + " and ".join(c["label"] for c in row.candidates) + "; say which one (in the window, or with "
                    "the player's id in a player column)")
            return False, None
        return True, chosen

    def _player(self, row: CsvRow, key: tuple[str, str], fits: list[str], chosen: str | None,
                gender: str | None) -> str:
        """The row's player id: found, else created (`row.player`, the player to add)."""
        d = row.data
        pid = d.get("player") or chosen or (fits[0] if fits else None) or self.created.get(key)
        if pid is None or pid not in self.view.players:
            if pid is None:
                pid = _slug(d["first"], d["last"], self.taken)
                self.created[key] = pid
            player: PlayerData = {"id": pid, "first": d["first"], "last": d["last"]}
            if gender is not None:
                player["gender"] = gender
            if birthdate := d.get("birthdate"):
                player["birthdate"] = birthdate
            if email := d.get("email"):
                player["email"] = email
            row.player = player
        return pid

    def _sign(self, row: CsvRow, team: str, pid: str) -> None:
        """The row's signing; refused where an earlier row signs the player to the team, and "already" where the
        player is on the team's roster."""
        d, view = row.data, self.view
        if (team, pid) in self.signed_here:
            row.verdict = "refused"
            row.violations.append(signed_twice_in_file(view.book, f"{d['first']} {d['last']}",
                                                        view.teams[team]["name"], self.signed_here[(team, pid)],
                                                        f"line {row.line}"))
            return
        self.signed_here[(team, pid)] = row.line
        held = view.signing(team, pid) if pid in view.players else None
        if held is not None and not held.get("released") and not d.get("released"):
            row.verdict = "already"
            other = f" (the file says #{int(d['number'])})" if int(d["number"]) != held["number"] else ""
            row.note = (f"{view.player_name(pid)} is already on the roster of {view.teams[team]['name']} as "
                        f"#{held['number']}{other}: not signed again")
            row.player = None
            return
        position = (d.get("position") or "skater").lower()
        position = "goalie" if position in ("g", "goalie", "goaltender") else "skater"
        signing: SigningData = {"team": team, "player": pid, "number": int(d["number"]), "position": position}
        if signed := d.get("signed"):
            signing["signed"] = signed
        if released := d.get("released"):
            signing["released"] = released
        row.signing = signing


def _key(v: Violation) -> tuple[str, str, str]:
    return (v.rule, v.severity, v.message)


class RosterJudge:
    """Judges rows in file order, each against the season with the rows accepted before it, as one entry of all
    of them would be judged, but looking only at what a row can change: its own fields, its team's signings
    (DATA-1, the co-ed signing limits) and, where it signs a player to a Division-1 team, the Division-2 teams
    that player is on (the co-ed signing limits count Division-1 players). So a row costs its team's size, not
    the season's: a file's cost is linear in its rows."""

    def __init__(self, view: SeasonView) -> None:
        self.view = view
        self.players: dict[str, PlayerData] = dict(view.players)
        self.by_team: dict[str, list[SigningData]] = {t: list(rows) for t, rows in view.roster_by_team.items()}
        self.by_player: dict[str, list[SigningData]] = {}
        for rows in self.by_team.values():
            for r in rows:
                self.by_player.setdefault(r["player"], []).append(r)
        self.seen: set[tuple[str, str, str]] = set()

    def _tier1(self, team: str) -> bool:
        div = self.view.division_of(team)
        return bool(div and div.get("coed") and div.get("tier") == 1)

    def _mini(self, teams: set[str], extra: list[SigningData], player: PlayerData | None,
              replaced: SigningData | None) -> SeasonView:
        """A season of `teams`' signings (plus their players' Division-1 signings), with `extra` signed."""
        if replaced is not None:  # a signing of the same team, player and date is replaced where it stands
            roster = [extra[0] if r is replaced else r for t in sorted(teams) for r in self.by_team.get(t, [])]
            extra = []
        else:
            roster = [r for t in sorted(teams) for r in self.by_team.get(t, [])]
        members = {r["player"] for r in roster} | {r["player"] for r in extra}
        tier1 = [r for p in sorted(members) for r in self.by_player.get(p, [])
                 if r["team"] not in teams and self._tier1(r["team"])]
        roster = roster + tier1 + extra
        names = {r["team"] for r in roster} | teams
        players = {p: self.players[p] for p in sorted({r["player"] for r in roster}) if p in self.players}
        if player is not None:
            players[player["id"]] = player
        data = {**{k: v for k, v in self.view.data.items() if k not in LISTS},
                "divisions": self.view.data.get("divisions", []),
                "teams": [{k: v for k, v in t.items() if k != "captain"} for t in self.view.data.get("teams", [])
                          if t["id"] in names],
                "players": list(players.values()), "roster": roster, "games": [], "appeals": [], "payments": []}
        mini = SeasonView(cast(SeasonData, data), self.view.book)  # the season's records, key-filtered copies
        mini.office = OfficeRecords.of(overrides=self.view.office.overrides)
        return mini

    def judge(self, row: CsvRow) -> None:
        """Set the row's verdict and reasons; an accepted row joins the season the next rows are judged in."""
        assert row.signing is not None
        partial = {"format": FORMAT, "league": self.view.data["league"], "season": self.view.data["season"],
                   "players": [row.player] if row.player is not None else [], "roster": [row.signing]}
        problems = check_structure(partial)
        if problems:
            self._verdict(row, [Violation(v.rule, v.severity, v.message, v.section, f"line {row.line}")
                                for v in problems if _key(v) not in self.seen])
            return
        incoming = normalise(partial)
        signing = incoming["roster"][0]
        player = incoming["players"][0] if incoming["players"] else None
        if player is not None and player["id"] in self.players and self.players[player["id"]] == player:
            player = None
        key = roster_key(signing)
        replaced = next((r for r in self.by_team.get(signing["team"], []) if roster_key(r) == key), None)
        if replaced == signing:
            row.verdict = "imported"  # already in the season as it is
            return
        if self._verdict(row, self._fresh(signing, player, replaced)):
            self._accept(signing, player, replaced)

    def _fresh(self, signing: SigningData, player: PlayerData | None,
               replaced: SigningData | None) -> list[Violation]:
        """What signing (or replacing) breaks that the season did not break already, nor an earlier row."""
        teams = {signing["team"]}
        if self._tier1(signing["team"]):
            teams |= {r["team"] for r in self.by_player.get(signing["player"], [])}
        before = {_key(v) for v in validate_season(self._mini(teams, [], None, None), [], True)}
        after = validate_season(self._mini(teams, [signing], player, replaced), [], True)
        return [v for v in after if _key(v) not in before and _key(v) not in self.seen]

    def _verdict(self, row: CsvRow, fresh: list[Violation]) -> bool:
        """The row's verdict on what it breaks afresh; True where it is accepted."""
        row.violations.extend(fresh)
        if any(v.blocks for v in fresh):
            row.verdict = "refused"
            return False
        row.verdict = "warning" if fresh else "imported"
        self.seen.update(_key(v) for v in fresh)
        return True

    def _accept(self, signing: SigningData, player: PlayerData | None,
                replaced: SigningData | None) -> None:
        """An accepted row's signing (and new player) join the season the next rows are judged in."""
        for index in (self.by_team.setdefault(signing["team"], []), self.by_player.setdefault(signing["player"], [])):
            if replaced is not None:
                index[next(i for i, r in enumerate(index) if r is replaced)] = signing
            else:
                index.append(signing)
        if player is not None:
            self.players[player["id"]] = player
