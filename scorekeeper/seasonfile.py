"""The season file (shared/formats/season-file.md): read, check, normalise and merge.

A season file is checked in two steps. `check_structure` refuses what is not the format (an unknown key,
a missing field, a date that is not a date), naming where. The rules then judge the merged season
(`scorekeeper.services`). Normalised objects are what the database stores and what export writes, so an
export imported into an empty database exports the same file again.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from pathlib import Path
from typing import Any

from scorekeeper.email_address import check_address
from scorekeeper.engine.timefmt import TimeFormatError, parse_mmss
from scorekeeper.inputfile import RULEBOOK_LIMIT, SEASON_FILE_LIMIT, InputFileError, read_bounded
from scorekeeper.rulebook.model import PENALTY_CLASSES
from scorekeeper.rules.violation import Violation
from scorekeeper.signature_values import norm_signature, signature_problems

FORMAT = "scorekeeper.season/1"
TOP_KEYS = {"format", "league", "season", "rulebook", "rulebook_text", "divisions", "teams", "players", "roster",
            "games", "appeals", "payments", "season_suspension_decisions", "computed", "audit"}
LISTS = ("divisions", "teams", "players", "roster", "games", "appeals", "payments", "season_suspension_decisions")

# the most a season file holds: far above any league's season, low enough that the largest file allowed imports
# (or is refused) within a minute (each payment is audited as it is imported, issue 26)
LIMITS = {"divisions": 500, "teams": 2_000, "players": 100_000, "roster": 200_000, "games": 20_000,
          "appeals": 20_000, "payments": 20_000, "season_suspension_decisions": 20_000, "audit": 100_000}
MAX_GAME_EVENTS = 20_000
MAX_EVENTS = 400_000

# object kind -> (required keys, optional keys)
FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "division": ({"id", "name"}, {"coed", "tier"}),
    "team": ({"id", "name", "division"}, {"colour", "captain", "captain_email"}),
    "player": ({"id", "first", "last"}, {"gender", "birthdate", "email"}),
    "roster": ({"team", "player", "number"}, {"position", "signed", "released"}),
    "game": ({"id", "date", "time", "home", "away"},
             {"number", "rink", "stage", "status", "lineups", "events", "referees", "officials", "shots", "notes",
              "signatures", "goalie_shots"}),
    "goalie shots": ({"goalie", "shots"}, {"period"}),
    "lineup": ({"player"}, {"number", "goalie", "captain"}),
    "appeal": ({"player", "game", "filed", "form", "fee_paid", "decision"}, {"decided"}),
    "payment": ({"payer", "amount", "date"}, {"memo", "fine"}),
    "season suspension decision": ({"player", "game", "decision", "decided"}, {"by", "note"}),
}
EVENT_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "goal": ({"team", "period", "elapsed", "scorer"}, {"assists", "empty_net"}),
    "penalty": ({"team", "period", "elapsed", "player", "infraction"}, {"class", "served_by"}),
    "penalty_shot": ({"team", "period", "elapsed", "shooter", "scored"}, {"fouled_by", "infraction"}),
    "awarded_goal": ({"team", "period", "elapsed"}, {"reason"}),
    "timeout": ({"team", "period", "elapsed"}, set()),
    "goalie": ({"team", "period", "elapsed", "action"}, {"player"}),
    "late": ({"team", "minutes"}, set()),
    "forfeit": ({"team", "reason"}, set()),
    "called": ({"points", "reason"}, set()),
    "note": ({"text"}, {"report", "period", "elapsed"}),  # issue 27: a note at a moment of the game, or none
    "shootout": ({"team"}, {"attempts"}),  # the project's own: a tie after overtime, where the rulebook has one
    "end": ({"period", "elapsed"}, set()),  # issue 27: play ended here, before regulation time (GAME-1)
}
SHOOTOUT_ATTEMPT = ({"team", "shooter", "scored"}, set[str]())
OFFICIAL = ({"name", "role"}, set[str]())
NULLABLE = {"player"}  # a bench penalty names no player
PENALTY_CLASS_NAMES = PENALTY_CLASSES  # the rulebook model's list
MONEY_RE = re.compile(r"^\d{1,7}\.\d{2}$")
TIME_RE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
OFFICIAL_ROLES = ("referee", "linesman", "scorekeeper")  # a game official's `role` (docs/season-file.md)
NUMBER_LIMIT = 20  # characters of a game's `number`, as the league prints it


class SeasonFileError(Exception):
    """The file cannot be read at all (not JSON, not UTF-8, missing)."""


def read_season_file(path: str | Path) -> dict[str, Any]:
    """Read a season file as JSON (a regular file of at most 200 MB); errors name the file and the position."""
    p = Path(path)
    try:
        raw = read_bounded(p, SEASON_FILE_LIMIT, "season file")
    except InputFileError as exc:
        raise SeasonFileError(str(exc)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SeasonFileError(f"{p}: not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        hint = " (the file looks truncated)" if exc.pos >= len(text.rstrip()) else ""
        raise SeasonFileError(f"{p}: not valid JSON at line {exc.lineno}, column {exc.colno}: "
                              f"{exc.msg}{hint}") from None
    except RecursionError:
        raise SeasonFileError(f"{p}: lists or objects nested too deeply (a season file nests at most "
                              f"{MAX_DEPTH} levels)") from None
    except ValueError as exc:  # a number of thousands of digits
        raise SeasonFileError(f"{p}: not a season file: {exc}") from None
    if not isinstance(data, dict):
        raise SeasonFileError(f"{p}: a season file is one JSON object, not {type(data).__name__}")
    problem = shape_problem(data)
    if problem:
        raise SeasonFileError(f"{p}: {problem}")
    return data


MAX_DEPTH = 12  # a season file's deepest value (a shootout attempt in a game's event) is 6 levels down


SURROGATE = re.compile("[\ud800-\udfff]")


def shape_problem(data: Any) -> str:
    """What no season file holds ('' when nothing): nesting deeper than the format's, or text that is not valid
    Unicode (a lone surrogate such as "\\ud800"). Read without recursion, in time linear in the file."""
    if _shape_ok(data):
        return ""
    stack: list[tuple[Any, str, int]] = [(data, "top", 0)]
    while stack:  # only to name where: the slower walk that builds each place's name
        node, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"{where} is nested too deeply (a season file nests at most {MAX_DEPTH} levels)"
        if isinstance(node, dict):
            for k, v in node.items():
                if isinstance(k, str) and SURROGATE.search(k):
                    return f"{where}: a key is not valid Unicode text (a lone surrogate)"
                stack.append((v, f"{where}.{k}" if depth else str(k), depth + 1))
        elif isinstance(node, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(node))
        elif isinstance(node, str) and SURROGATE.search(node):
            return f"{where} is not valid Unicode text (a lone surrogate such as \\ud800)"
    return "a value is not valid Unicode text"


def _bad_text(text: str) -> bool:
    return not text.isascii() and SURROGATE.search(text) is not None


def _shape_ok(data: Any) -> bool:
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if depth >= MAX_DEPTH and node:  # its values would lie deeper than a season file nests
            return False
        values = node.values() if type(node) is dict else node
        if type(node) is dict and any(type(k) is str and _bad_text(k) for k in node):
            return False
        for v in values:
            kind = type(v)
            if kind is dict or kind is list:
                stack.append((v, depth + 1))
            elif kind is str and _bad_text(v):
                return False
    return True


def money_to_cents(text: str) -> int:
    """'20.00' -> 2000; '-0.50' -> -50."""
    negative = text.startswith("-")
    whole, _, cents = text.lstrip("-").partition(".")
    value = int(whole or 0) * 100 + int((cents + "00")[:2])
    return -value if negative else value


def cents_to_money(cents: int) -> str:
    """2000 -> '20.00'."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


class _Checker:
    def __init__(self) -> None:
        self.errors: list[Violation] = []

    def err(self, where: str, message: str, rule: str = "FILE") -> None:
        self.errors.append(Violation(rule, "block", message, "season file", where))

    def keys(self, obj: Any, kind: str, where: str, fields: tuple[set[str], set[str]]) -> bool:
        if not isinstance(obj, dict):
            self.err(where, f"a {kind} must be a JSON object")
            return False
        required, optional = fields
        for key in sorted(set(obj) - required - optional):
            self.err(f"{where}.{key}", f"unknown key {key!r} in a {kind} (a typo?)")
        for key in sorted(required - set(obj)):
            self.err(where, f"a {kind} needs {key!r}")
        nulls = sorted(k for k in required & set(obj) if obj[k] is None and k not in NULLABLE)
        for key in nulls:
            self.err(f"{where}.{key}", f"{key} needs a value (got null)")
        return not (set(obj) - required - optional) and not (required - set(obj)) and not nulls

    def text(self, obj: dict[str, Any], key: str, where: str, optional: bool = False) -> None:
        if key not in obj or (optional and obj[key] is None):
            return
        value = obj[key]
        if not isinstance(value, str) or not value.strip():
            self.err(f"{where}.{key}", f"{key} must be a non-empty text (got {value!r})")

    def email(self, obj: dict[str, Any], key: str, where: str) -> None:
        """One e-mail address (no list, no line break): see `scorekeeper.email_address`."""
        value = obj.get(key)
        if isinstance(value, str) and value.strip():
            problem = check_address(value, key)
            if problem:
                self.err(f"{where}.{key}", problem)

    def boolean(self, obj: dict[str, Any], key: str, where: str) -> None:
        if key in obj and obj[key] is not None and not isinstance(obj[key], bool):
            self.err(f"{where}.{key}", f"{key} must be true or false (got {obj[key]!r})")

    def integer(self, obj: dict[str, Any], key: str, where: str, lo: int, hi: int) -> None:
        if key not in obj or obj[key] is None:
            return
        value = obj[key]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.err(f"{where}.{key}", f"{key} must be a whole number from {lo} to {hi} (got {value!r})")

    def date(self, obj: dict[str, Any], key: str, where: str) -> None:
        if key not in obj or obj[key] is None:
            return
        value = obj[key]
        try:
            if not isinstance(value, str) or len(value) != 10:
                raise ValueError
            dt.date.fromisoformat(value)
        except ValueError:
            self.err(f"{where}.{key}", f"{key} must be a date YYYY-MM-DD (got {value!r})")

    def choice(self, obj: dict[str, Any], key: str, where: str, choices: tuple[Any, ...]) -> None:
        if key in obj and obj[key] not in choices:
            self.err(f"{where}.{key}", f"{key} must be one of {', '.join(map(str, choices))} "
                                       f"(got {obj[key]!r})")


def rulebook_path_like(name: str) -> bool:
    """A season file's `rulebook` that is a path rather than an id (a separator, a drive, '~' or a .toml file)."""
    return any(ch in name for ch in "/\\:") or name.startswith(("~", ".")) or name.lower().endswith(".toml")


def check_structure(data: dict[str, Any], shape_read: bool = False) -> list[Violation]:
    """Everything that makes a file not a season file, each with where it is (`shape_read`: the data came from
    `read_season_file`, which has already checked its nesting and text)."""
    c = _Checker()
    if not isinstance(data, dict):
        c.err("file", f"a season file is one JSON object, not {type(data).__name__}")
        return c.errors
    problem = "" if shape_read else shape_problem(data)
    if problem:
        c.err(problem.split(" ", 1)[0].rstrip(":"), problem)
        return c.errors
    try:
        return _check_structure(c, data)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError, RecursionError) as exc:
        # a shape no check above foresaw: still a clear refusal, never a traceback
        c.err("file", f"not a season file: a value has the wrong type somewhere ({type(exc).__name__}: {exc})")
        return c.errors


def check_event(event: Any, where: str) -> list[Violation]:
    """What makes `event` not a season-file event (one entry at the boards), each with where it is."""
    c = _Checker()
    try:
        _check_event(c, event, where)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError, RecursionError) as exc:
        c.err(where, f"not an event: a value has the wrong type ({type(exc).__name__}: {exc})")
    return c.errors


def _check_structure(c: _Checker, data: dict[str, Any]) -> list[Violation]:
    for key in sorted(set(data) - TOP_KEYS):
        c.err(key, f"unknown top-level key {key!r} (a typo?)")
    if data.get("format") != FORMAT:
        c.err("format", f"format must be {FORMAT!r} (got {data.get('format')!r})")
    c.text(data, "league", "top")
    c.text(data, "season", "top")
    for key in ("league", "season"):
        if key not in data:
            c.err("top", f"the file needs {key!r}")
    if "rulebook" in data and data["rulebook"] is not None:
        c.text(data, "rulebook", "top")
        book = data["rulebook"]
        if isinstance(book, str) and book.strip() and rulebook_path_like(book):
            c.err("top.rulebook", f"rulebook names a rulebook by its id, never a file ({book[:80]!r}): load another "
                  "league's rulebook with 'scorekeeper rulebook load FILE' (an office action), then name its id")
    if data.get("rulebook_text") is not None:
        c.text(data, "rulebook_text", "top")
        if isinstance(data["rulebook_text"], str) and len(data["rulebook_text"].encode("utf-8")) > RULEBOOK_LIMIT:
            c.err("top.rulebook_text", f"rulebook_text is longer than a rulebook may be "
                  f"({RULEBOOK_LIMIT // 1_000_000} MB)")
    for name in LISTS:
        if name in data and not isinstance(data[name], list):
            c.err(name, f"{name} must be a list")
    for name, most in LIMITS.items():
        found = data.get(name)
        if isinstance(found, list) and len(found) > most:
            c.err(name, f"{len(found):,} {name} is more than a season holds (at most {most:,}): is this the right "
                        "file?")
    games = data.get("games")
    if isinstance(games, list):
        events = [len(g["events"]) for g in games if isinstance(g, dict) and isinstance(g.get("events"), list)]
        if events and max(events) > MAX_GAME_EVENTS:
            c.err("games", f"a game with {max(events):,} events is more than a game holds (at most "
                           f"{MAX_GAME_EVENTS:,})")
        elif sum(events) > MAX_EVENTS:
            c.err("games", f"{sum(events):,} events is more than a season holds (at most {MAX_EVENTS:,})")
    if c.errors:
        return c.errors

    def items(name: str) -> list[tuple[str, Any]]:
        return [(f"{name}[{i}]", obj) for i, obj in enumerate(data.get(name) or [])]

    def ids(name: str, kind: str) -> None:
        seen: set[str] = set()
        for where, obj in items(name):
            if isinstance(obj, dict) and isinstance(obj.get("id"), str):
                if obj["id"] in seen:
                    c.err(f"{where}.id", f"{kind} id {obj['id']!r} appears twice")
                seen.add(obj["id"])

    for where, obj in items("divisions"):
        if c.keys(obj, "division", where, FIELDS["division"]):
            c.text(obj, "id", where)
            c.text(obj, "name", where)
            c.boolean(obj, "coed", where)
            c.integer(obj, "tier", where, 1, 9)
    for where, obj in items("teams"):
        if c.keys(obj, "team", where, FIELDS["team"]):
            for key in ("id", "name", "division"):
                c.text(obj, key, where)
            for key in ("colour", "captain", "captain_email"):
                c.text(obj, key, where, optional=True)
            c.email(obj, "captain_email", where)
    for where, obj in items("players"):
        if c.keys(obj, "player", where, FIELDS["player"]):
            for key in ("id", "first", "last"):
                c.text(obj, key, where)
            if obj.get("gender") is not None:
                c.choice(obj, "gender", where, ("M", "F"))
            c.date(obj, "birthdate", where)
            c.text(obj, "email", where, optional=True)
            c.email(obj, "email", where)
    for where, obj in items("roster"):
        if c.keys(obj, "roster entry", where, FIELDS["roster"]):
            c.text(obj, "team", where)
            c.text(obj, "player", where)
            c.integer(obj, "number", where, 0, 99)
            if obj.get("number") is None:
                c.err(f"{where}.number", "number must be a whole number from 0 to 99")
            c.choice(obj, "position", where, ("skater", "goalie"))
            c.date(obj, "signed", where)
            c.date(obj, "released", where)
    for where, obj in items("games"):
        _check_game(c, obj, where)
    for where, obj in items("appeals"):
        if c.keys(obj, "appeal", where, FIELDS["appeal"]):
            c.text(obj, "player", where)
            c.text(obj, "game", where)
            c.date(obj, "filed", where)
            c.date(obj, "decided", where)
            if not isinstance(obj["form"], str):
                c.err(f"{where}.form", f"form must be the official form number as text (got {obj['form']!r})")
            c.boolean(obj, "fee_paid", where)
            c.choice(obj, "decision", where, ("pending", "denied", "upheld"))
    for where, obj in items("payments"):
        if c.keys(obj, "payment", where, FIELDS["payment"]):
            payer = obj["payer"]
            if not (isinstance(payer, dict) and len(payer) == 1 and set(payer) <= {"team", "player"}
                    and isinstance(next(iter(payer.values())), str)):
                c.err(f"{where}.payer", f"payer must be {{\"team\": id}} or {{\"player\": id}} (got {payer!r})")
            if not (isinstance(obj["amount"], str) and MONEY_RE.match(obj["amount"])):
                c.err(f"{where}.amount", f"amount must be money as text with two decimals, like \"20.00\" "
                                         f"(got {obj['amount']!r})")
            c.date(obj, "date", where)
            c.text(obj, "memo", where, optional=True)
            fine = obj.get("fine")
            if "fine" in obj and not (isinstance(fine, dict) and set(fine) == {"game", "rule"}
                                      and all(isinstance(v, str) and v for v in fine.values())):
                c.err(f"{where}.fine", f"fine must be {{\"game\": id, \"rule\": rule id}}, the fine it pays "
                                       f"(got {fine!r})")
    for where, obj in items("season_suspension_decisions"):  # PEN-GM-2: the office's decision on a proposal
        if c.keys(obj, "season suspension decision", where, FIELDS["season suspension decision"]):
            c.text(obj, "player", where)
            c.text(obj, "game", where)
            c.choice(obj, "decision", where, ("confirmed", "declined"))
            c.date(obj, "decided", where)
            if obj["decided"] is None:
                c.err(f"{where}.decided", "decided must be the decision's date, YYYY-MM-DD")
            c.text(obj, "by", where, optional=True)
            c.text(obj, "note", where, optional=True)
    _check_audit(c, data.get("audit"))
    ids("divisions", "division")
    ids("teams", "team")
    ids("players", "player")
    ids("games", "game")
    return c.errors


def _check_audit(c: _Checker, audit: Any) -> None:
    """The audit trail an export writes: a list of {at, operator, action, subject, before, after}."""
    if audit is None:
        return
    if not isinstance(audit, list):
        c.err("audit", "audit must be a list of entries with 'at' and 'action'")
        return
    for i, entry in enumerate(audit):
        where = f"audit[{i}]"
        if not isinstance(entry, dict):
            c.err(where, "an audit entry must be a JSON object with 'at' and 'action'")
            continue
        at = entry.get("at")
        try:
            if not isinstance(at, str) or dt.datetime.fromisoformat(at).tzinfo is not None:
                raise ValueError
        except ValueError:
            c.err(f"{where}.at", f"at must be a date and time YYYY-MM-DDTHH:MM:SS (got {at!r})")
        if not isinstance(entry.get("action"), str):
            c.err(f"{where}.action", f"action must be a text (got {entry.get('action')!r})")
        for key in ("operator", "subject"):
            if entry.get(key) is not None and not isinstance(entry[key], str):
                c.err(f"{where}.{key}", f"{key} must be a text (got {entry[key]!r})")
        for key in ("before", "after"):
            if entry.get("action") == "override block" and not isinstance(entry.get(key), dict | None):
                c.err(f"{where}.{key}", f"{key} of an override must be a JSON object (got {entry[key]!r})")


def _check_game(c: _Checker, obj: Any, where: str) -> None:
    if not c.keys(obj, "game", where, FIELDS["game"]):
        return
    for key in ("id", "home", "away"):
        c.text(obj, key, where)
    c.date(obj, "date", where)
    if not (isinstance(obj.get("time"), str) and TIME_RE.match(obj["time"])):
        c.err(f"{where}.time", f"time must be HH:MM (got {obj.get('time')!r})")
    c.choice(obj, "stage", where, ("regular", "playoff"))
    c.choice(obj, "status", where, ("scheduled", "final"))
    if obj.get("home") == obj.get("away"):
        c.err(where, f"a team cannot play itself ({obj.get('home')!r})")
    lineups = obj.get("lineups")
    if lineups is not None:
        if not isinstance(lineups, dict) or set(lineups) - {"home", "away"}:
            c.err(f"{where}.lineups", "lineups must be {\"home\": [...], \"away\": [...]}")
        else:
            for side, entries in lineups.items():
                if not isinstance(entries, list):
                    c.err(f"{where}.lineups.{side}", "a line-up must be a list")
                    continue
                seen: set[str] = set()
                for i, entry in enumerate(entries):
                    w = f"{where}.lineups.{side}[{i}]"
                    if c.keys(entry, "line-up entry", w, FIELDS["lineup"]):
                        c.text(entry, "player", w)
                        c.integer(entry, "number", w, 0, 99)
                        c.boolean(entry, "goalie", w)
                        c.boolean(entry, "captain", w)
                        if isinstance(entry["player"], str) and entry["player"] in seen:
                            c.err(w, f"player {entry['player']!r} is dressed twice")
                        if isinstance(entry["player"], str):
                            seen.add(entry["player"])
    if obj.get("status", "final") == "final" and obj.get("events") is not None:
        pass
    for key in ("referees",):
        if key in obj and obj[key] is not None and not (
                isinstance(obj[key], list) and all(isinstance(x, str) for x in obj[key])):
            c.err(f"{where}.{key}", "referees must be a list of names")
    _check_officials(c, obj.get("officials"), where)
    for at, problem in signature_problems(obj.get("signatures"), where):
        c.err(at, problem)
    number = obj.get("number")
    if number is not None and not (isinstance(number, str) and number.strip() and len(number) <= NUMBER_LIMIT):
        c.err(f"{where}.number", f"number must be a text of 1 to {NUMBER_LIMIT} characters, e.g. \"W-014\" "
                                 f"(got {number!r})")
    if obj.get("shots") is not None:
        shots = obj["shots"]
        if not (isinstance(shots, dict) and set(shots) <= {"home", "away"} and all(
                isinstance(v, list) and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in v)
                for v in shots.values())):
            c.err(f"{where}.shots", "shots must be {\"home\": [n, n], \"away\": [n, n]}")
    if obj.get("goalie_shots") is not None:
        _check_goalie_shots(c, obj, where)
    c.text(obj, "notes", where, optional=True)
    c.text(obj, "rink", where, optional=True)
    events = obj.get("events")
    if events is None:
        return
    if not isinstance(events, list):
        c.err(f"{where}.events", "events must be a list")
        return
    for i, ev in enumerate(events):
        _check_event(c, ev, f"{where}.events[{i}]")


def _periods_of(obj: dict[str, Any]) -> int:
    """The periods a game had as its file shows them: the regulation three, or more where its events or its team
    shots reach further."""
    reached = [e["period"] for e in obj.get("events") or [] if isinstance(e, dict) and isinstance(e.get("period"), int)]
    shots = obj.get("shots")
    if isinstance(shots, dict):
        reached += [len(v) for v in shots.values() if isinstance(v, list)]
    return max([3, *reached])


def _check_goalie_shots(c: _Checker, obj: dict[str, Any], where: str) -> None:
    """A game's `goalie_shots` (issue 30.3): [{"goalie": player, "shots": n, "period": p?}], each goalie dressed in
    goal for the game, n a whole number from 0, p a period the game had, one entry per goalie and period."""
    entries = obj["goalie_shots"]
    if not isinstance(entries, list):
        c.err(f"{where}.goalie_shots", "goalie_shots must be a list of {\"goalie\": ..., \"shots\": n}")
        return
    lineups = obj.get("lineups")
    if not isinstance(lineups, dict):
        lineups = {}
    in_goal = {x.get("player") for side in lineups.values() if isinstance(side, list)
               for x in side if isinstance(x, dict) and x.get("goalie")}
    periods = _periods_of(obj)
    seen: set[tuple[str, Any]] = set()
    for i, entry in enumerate(entries):
        w = f"{where}.goalie_shots[{i}]"
        if not c.keys(entry, "goalie shots", w, FIELDS["goalie shots"]):
            continue
        c.text(entry, "goalie", w)
        goalie = entry["goalie"]
        if isinstance(goalie, str) and goalie not in in_goal:
            c.err(f"{w}.goalie", f"goalie {goalie!r} did not dress in goal for either team in this game")
        shots = entry["shots"]
        if not (isinstance(shots, int) and not isinstance(shots, bool) and shots >= 0):
            c.err(f"{w}.shots", f"shots must be a whole number from 0 (got {shots!r})")
        period = entry.get("period")
        if period is not None and not (isinstance(period, int) and not isinstance(period, bool)
                                       and 1 <= period <= periods):
            c.err(f"{w}.period", f"period must be one the game had, 1 to {periods} (got {period!r})")
        if isinstance(goalie, str):
            if (goalie, period) in seen:
                c.err(w, f"goalie {goalie!r} is listed twice for "
                         + (f"period {period}" if period is not None else "the game"))
            seen.add((goalie, period))


def _check_officials(c: _Checker, officials: Any, where: str) -> None:
    """A game's `officials`: a list of {"name": text, "role": "referee" / "linesman" / "scorekeeper"}."""
    if officials is None:
        return
    if not isinstance(officials, list):
        c.err(f"{where}.officials", "officials must be a list of {\"name\": ..., \"role\": ...}")
        return
    for i, o in enumerate(officials):
        at = f"{where}.officials[{i}]"
        if not isinstance(o, dict):
            c.err(at, "an official must be a JSON object with name and role")
        elif c.keys(o, "game official", at, OFFICIAL):
            if not (isinstance(o["name"], str) and o["name"].strip()):
                c.err(f"{at}.name", f"name must be a text that is not blank (got {o['name']!r})")
            c.choice(o, "role", at, OFFICIAL_ROLES)


def game_officials(game: dict[str, Any]) -> dict[str, list[str]]:
    """role -> names of a game's officials as `referees` and `officials` combine (docs/season-file.md): the
    referees of `referees` first, then those of `officials`; a name given twice for a role counts once."""
    out: dict[str, list[str]] = {role: [] for role in OFFICIAL_ROLES}
    for role, name in [*(("referee", r) for r in game.get("referees") or []),
                       *((o["role"], o["name"]) for o in game.get("officials") or [])]:
        names = out.setdefault(str(role), [])
        if str(name) not in names:
            names.append(str(name))
    return out


def _check_event(c: _Checker, ev: Any, where: str) -> None:
    if not isinstance(ev, dict):
        c.err(where, "an event must be a JSON object")
        return
    etype = ev.get("type")
    if etype not in EVENT_FIELDS:
        c.err(f"{where}.type", f"unknown event type {etype!r} (one of {', '.join(EVENT_FIELDS)})")
        return
    required, optional = EVENT_FIELDS[etype]
    if not c.keys({k: v for k, v in ev.items() if k != "type"}, f"{etype} event", where, (required, optional)):
        return
    if "team" in required:
        allowed = ("home", "away", "both") if etype == "forfeit" else ("home", "away")
        c.choice(ev, "team", where, allowed)
    if etype == "note" and ("period" in ev) != ("elapsed" in ev):
        c.err(where, "a note at a moment of the game has both period and elapsed (or neither)")
        return
    if "period" in required or "period" in ev:
        c.integer(ev, "period", where, 1, 99)
        try:
            parse_mmss(ev["elapsed"])
        except TimeFormatError:
            c.err(f"{where}.elapsed", f"elapsed must be MM:SS (got {ev['elapsed']!r})")
    for key in ("scorer", "shooter", "served_by", "fouled_by"):
        if key in ev and (key in required or ev[key] is not None):
            c.text(ev, key, where)
    if etype == "goal":
        assists = ev.get("assists", [])
        if not isinstance(assists, list) or not all(isinstance(a, str) and a for a in assists):
            c.err(f"{where}.assists", f"assists must be a list of player ids (got {assists!r})")
        c.boolean(ev, "empty_net", where)
    elif etype == "penalty":
        if ev["player"] is not None:
            c.text(ev, "player", where)
        c.text(ev, "infraction", where)
        if ev.get("class") is not None:
            c.choice(ev, "class", where, PENALTY_CLASS_NAMES)
    elif etype == "penalty_shot":
        c.boolean(ev, "scored", where)
        if ev.get("infraction") is not None:
            c.text(ev, "infraction", where)
    elif etype == "goalie":
        c.choice(ev, "action", where, ("pull", "in"))
        if ev.get("player") is not None:
            c.text(ev, "player", where)
    elif etype == "late":
        m = ev["minutes"]
        if isinstance(m, bool) or not isinstance(m, int | float) or not math.isfinite(m) or not 0 <= m <= 600:
            c.err(f"{where}.minutes", f"minutes must be a number of minutes (got {m!r})")
    elif etype == "forfeit":
        c.choice(ev, "reason", where, ("late", "short_players", "ineligible", "other"))
    elif etype == "called":
        pts = ev["points"]
        if not (isinstance(pts, dict) and set(pts) == {"home", "away"} and all(
                isinstance(v, int) and not isinstance(v, bool) for v in pts.values())):
            c.err(f"{where}.points", f"points must be {{\"home\": n, \"away\": n}} (got {pts!r})")
        c.text(ev, "reason", where)
    elif etype == "note":
        c.text(ev, "text", where)
        c.boolean(ev, "report", where)
    elif etype == "shootout":
        attempts = ev.get("attempts", [])
        if not isinstance(attempts, list):
            c.err(f"{where}.attempts", f"attempts must be a list of {{team, shooter, scored}} (got {attempts!r})")
            return
        for n, a in enumerate(attempts):
            at = f"{where}.attempts[{n}]"
            if not isinstance(a, dict):
                c.err(at, "an attempt must be a JSON object with team, shooter and scored")
            elif c.keys(a, "shootout attempt", at, SHOOTOUT_ATTEMPT):
                c.choice(a, "team", at, ("home", "away"))
                c.text(a, "shooter", at)
                c.boolean(a, "scored", at)


# -- normalised objects ----------------------------------------------------------------------------------

def _clean(obj: dict[str, Any], order: list[str]) -> dict[str, Any]:
    """Keys in the contract's order, dropping optional keys that are absent or null."""
    return {k: obj[k] for k in order if k in obj and obj[k] is not None}


def norm_division(o: dict[str, Any]) -> dict[str, Any]:
    out = _clean(o, ["id", "name", "coed", "tier"])
    out["coed"] = bool(o.get("coed", False))
    return out


def norm_team(o: dict[str, Any]) -> dict[str, Any]:
    return _clean(o, ["id", "name", "division", "colour", "captain", "captain_email"])


def norm_player(o: dict[str, Any]) -> dict[str, Any]:
    return _clean(o, ["id", "first", "last", "gender", "birthdate", "email"])


def norm_roster(o: dict[str, Any]) -> dict[str, Any]:
    out = _clean(o, ["team", "player", "number", "position", "signed", "released"])
    out["position"] = o.get("position") or "skater"
    return _clean(out, ["team", "player", "number", "position", "signed", "released"])


def norm_event(e: dict[str, Any]) -> dict[str, Any]:
    etype = e["type"]
    required, optional = EVENT_FIELDS[etype]
    order = ["type", "team", "period", "elapsed", "scorer", "assists", "empty_net", "player", "infraction",
             "class", "served_by", "shooter", "scored", "fouled_by", "reason", "action", "minutes", "points",
             "text", "report", "attempts"]
    out: dict[str, Any] = {}
    for k in order:
        if k == "type":
            out[k] = etype
        elif k in required or k in optional and e.get(k) is not None:
            out[k] = e[k]
    if etype == "goal":
        out["assists"] = list(e.get("assists") or [])
        out = {k: out[k] for k in order if k in out}
    if "elapsed" in out:
        from scorekeeper.engine.timefmt import fmt_mmss

        out["elapsed"] = fmt_mmss(parse_mmss(out["elapsed"]))
    return out


def norm_lineup_entry(o: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"player": o["player"]}
    if o.get("number") is not None:
        out["number"] = o["number"]
    out["goalie"] = bool(o.get("goalie", False))
    if o.get("captain") is not None:
        out["captain"] = bool(o["captain"])
    return out


def norm_game(o: dict[str, Any]) -> dict[str, Any]:
    out = _clean(o, ["id", "number", "date", "time", "rink", "stage", "home", "away", "status"])
    out["stage"] = o.get("stage") or "regular"
    out["status"] = o.get("status") or "final"
    lineups = o.get("lineups") or {}
    out["lineups"] = {side: [norm_lineup_entry(x) for x in lineups.get(side) or []] for side in ("home", "away")}
    out["events"] = [norm_event(e) for e in o.get("events") or []]
    for key in ("referees", "shots", "goalie_shots", "notes"):
        if o.get(key) is not None:
            out[key] = o[key]
    if o.get("officials") is not None:
        out["officials"] = [{"name": x["name"], "role": x["role"]} for x in o["officials"]]
    if o.get("signatures"):
        out["signatures"] = [norm_signature(x) for x in o["signatures"]]
    return {k: out[k] for k in ["id", "number", "date", "time", "rink", "stage", "home", "away", "status",
                                "lineups", "events", "referees", "officials", "shots", "goalie_shots", "notes",
                                "signatures"]
            if k in out}


def norm_appeal(o: dict[str, Any]) -> dict[str, Any]:
    return _clean(o, ["player", "game", "filed", "form", "fee_paid", "decision", "decided"])


def norm_payment(o: dict[str, Any]) -> dict[str, Any]:
    return _clean(o, ["payer", "amount", "date", "memo", "fine"])


def norm_decision(o: dict[str, Any]) -> dict[str, Any]:
    return _clean(o, ["player", "game", "decision", "decided", "by", "note"])


NORMALISERS = {
    "divisions": norm_division, "teams": norm_team, "players": norm_player, "roster": norm_roster,
    "games": norm_game, "appeals": norm_appeal, "payments": norm_payment,
    "season_suspension_decisions": norm_decision,
}


def normalise(data: dict[str, Any]) -> dict[str, Any]:
    """A checked season file in normalised form (what the database stores and export writes)."""
    out: dict[str, Any] = {"format": FORMAT, "league": data["league"], "season": data["season"]}
    if data.get("rulebook"):
        out["rulebook"] = data["rulebook"]
    for name in LISTS:
        out[name] = [NORMALISERS[name](o) for o in data.get(name) or []]
    return out


def roster_key(o: dict[str, Any]) -> tuple[str, str, str]:
    return (o["team"], o["player"], o.get("signed") or "")


def appeal_key(o: dict[str, Any]) -> tuple[str, str, str]:
    return (o["player"], o["game"], o["filed"])


def payment_key(o: dict[str, Any]) -> str:
    return json.dumps(o, sort_keys=True)


KEYS = {
    "divisions": lambda o: o["id"], "teams": lambda o: o["id"], "players": lambda o: o["id"],
    "games": lambda o: o["id"], "roster": roster_key, "appeals": appeal_key, "payments": payment_key,
    "season_suspension_decisions": lambda o: (o["player"], o["game"]),
}
KIND_NAMES = {"divisions": "division", "teams": "team", "players": "player", "games": "game",
              "roster": "roster signing", "appeals": "appeal", "payments": "payment",
              "season_suspension_decisions": "season suspension decision"}


def merge(existing: dict[str, Any], incoming: dict[str, Any], replace: bool
          ) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]], list[Violation]]:
    """Merge a normalised file into the normalised season already stored.

    Returns the merged season, the objects to write per list (new or replaced), and the conflicts: an
    object whose id exists with different content, unless `replace`.
    """
    merged = {k: v for k, v in existing.items() if k not in LISTS}
    changes: dict[str, list[dict[str, Any]]] = {name: [] for name in LISTS}
    conflicts: list[Violation] = []
    for name in LISTS:
        key = KEYS[name]
        rows = list(existing.get(name) or [])
        index = {key(o): i for i, o in enumerate(rows)}
        for n, obj in enumerate(incoming.get(name) or []):
            k = key(obj)
            if k in index:
                old = rows[index[k]]
                if old == obj:
                    continue
                if not replace:
                    label = k if isinstance(k, str) else " / ".join(x for x in k if x)
                    conflicts.append(Violation(
                        "FILE", "block", f"{KIND_NAMES[name]} {label!r} already exists with different "
                        f"content; use --replace to overwrite it", "season file", f"{name}[{n}]"))
                    continue
                rows[index[k]] = obj
            else:
                index[k] = len(rows)
                rows.append(obj)
            changes[name].append(obj)
        merged[name] = rows
    return merged, changes, conflicts
