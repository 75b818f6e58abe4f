"""The season file (shared/formats/season-file.md): read, check, normalise and merge.

A season file is checked in two steps. `check_structure` refuses what is not the format (an unknown key,
a missing field, a date that is not a date), naming where. The rules then judge the merged season
(`scorekeeper.services`). Normalised objects are what the database stores and what export writes, so an
export imported into an empty database exports the same file again. What each object holds is declared once,
in `scorekeeper.records`; the checker and the normaliser read it (`scorekeeper.season_file`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict, TypeVar, cast

from scorekeeper import records
from scorekeeper.inputfile import RULEBOOK_LIMIT, SEASON_FILE_LIMIT, InputFileError, read_bounded
from scorekeeper.json_value import JsonObject, JsonValue
from scorekeeper.records import cents_to_money as cents_to_money
from scorekeeper.records import money_to_cents as money_to_cents
from scorekeeper.rulebook.model import PENALTY_CLASSES
from scorekeeper.rules.ids import FILE
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import (
    AppealData,
    DivisionData,
    GameData,
    PaymentData,
    PlayerData,
    SeasonData,
    SigningData,
    SuspensionDecisionData,
    TeamData,
)
from scorekeeper.season_file.checks import NULLABLE as NULLABLE
from scorekeeper.season_file.checks import NUMBER_LIMIT as NUMBER_LIMIT
from scorekeeper.season_file.checks import TIME_RE as TIME_RE
from scorekeeper.season_file.checks import Checker, check_event_into
from scorekeeper.season_file.normal import norm_event as norm_event
from scorekeeper.season_file.normal import normaliser
from scorekeeper.season_file.plans import keys_of, plan_of, plans
from scorekeeper.signature_values import norm_signature as norm_signature

FORMAT = records.FORMAT
TOP_KEYS = {p.key for p in plans(records.Season)}
LISTS = tuple(records.LIST_RECORDS)
ListName = Literal["divisions", "teams", "players", "roster", "games", "appeals", "payments",
                   "season_suspension_decisions"]
LIST_NAMES: tuple[ListName, ...] = ("divisions", "teams", "players", "roster", "games", "appeals", "payments",
                                    "season_suspension_decisions")  # `LISTS`, as the keys of `SeasonData`

# the most a season file holds, as the declaration has it (the lists' max_length)
LIMITS: dict[str, int] = {p.key: p.info.max_length for p in plans(records.Season)
                          if getattr(p.info, "max_length", None)}
MAX_GAME_EVENTS: int = plan_of(records.Game)["events"].info.max_length
MAX_EVENTS = 400_000  # of all the games of a file

# object kind -> (required keys, optional keys), as the declaration (scorekeeper.records) has them
_FieldSets = tuple[set[str], set[str]]


def _key_sets(record: type[records.Record]) -> _FieldSets:
    required, optional = keys_of(record)
    return set(required), set(optional)


FIELDS: dict[str, _FieldSets] = {
    "division": _key_sets(records.Division), "team": _key_sets(records.Team), "player": _key_sets(records.Player),
    "roster": _key_sets(records.Signing), "game": _key_sets(records.Game),
    "goalie shots": _key_sets(records.GoalieShots), "lineup": _key_sets(records.LineupEntry),
    "appeal": _key_sets(records.Appeal), "payment": _key_sets(records.Payment),
    "season suspension decision": _key_sets(records.SuspensionDecision),
}
EVENT_FIELDS: dict[str, _FieldSets] = {tag: _key_sets(kind) for tag, kind in records.EVENT_KINDS.items()}
SHOOTOUT_ATTEMPT = _key_sets(records.ShootoutAttempt)
OFFICIAL = _key_sets(records.Official)
PENALTY_CLASS_NAMES = PENALTY_CLASSES  # the rulebook model's list
MONEY_RE = records.MONEY_RE
OFFICIAL_ROLES = plan_of(records.Official)["role"].choices  # a game official's `role` (docs/season-file.md)


class SeasonFileError(Exception):
    """The file cannot be read at all (not JSON, not UTF-8, missing)."""


def read_season_file(path: str | Path) -> JsonObject:
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
    problem = shape_problem(data, strings=ESCAPED_SURROGATE.search(text) is not None)
    if problem:
        raise SeasonFileError(f"{p}: {problem}")
    return data


MAX_DEPTH = 12  # a season file's deepest value (a shootout attempt in a game's event) is 6 levels down


SURROGATE = re.compile("[\ud800-\udfff]")
ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
"""Where a JSON text may spell a surrogate: text decoded from UTF-8 holds none, so parsed strings hold one only
from such an escape (a text without any has none to look for)."""


def shape_problem(data: object, strings: bool = True) -> str:
    """What no season file holds ('' when nothing): nesting deeper than the format's, or text that is not valid
    Unicode (a lone surrogate such as "\\ud800"). Read without recursion, in time linear in the file. `strings`
    False: the JSON text spelled no surrogate (`ESCAPED_SURROGATE`), only the nesting is looked at."""
    if _deep_ok(data) if not strings else _shape_ok(data):
        return ""
    stack: list[tuple[object, str, int]] = [(data, "top", 0)]
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


def _deep_ok(data: object) -> bool:
    """`_shape_ok` of the nesting alone."""
    stack: list[tuple[Any, int]] = [(data, 0)]  # Any: lists and objects as parsed, walked at speed by type()
    while stack:
        node, depth = stack.pop()
        if depth >= MAX_DEPTH and node:
            return False
        for v in node.values() if type(node) is dict else node:
            kind = type(v)
            if kind is dict or kind is list:
                stack.append((v, depth + 1))
    return True


def _shape_ok(data: object) -> bool:
    stack: list[tuple[Any, int]] = [(data, 0)]  # Any: lists and objects as parsed, walked at speed by type()
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


def rulebook_path_like(name: str) -> bool:
    """A season file's `rulebook` that is a path rather than an id (a separator, a drive, '~' or a .toml file)."""
    return any(ch in name for ch in "/\\:") or name.startswith(("~", ".")) or name.lower().endswith(".toml")


def check_structure(data: object, shape_read: bool = False) -> list[Violation]:
    """Everything that makes a file not a season file, each with where it is (`shape_read`: the data came from
    `read_season_file`, which has already checked its nesting and text)."""
    c = Checker()
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


def check_event(event: object, where: str) -> list[Violation]:
    """What makes `event` not a season-file event (one entry at the boards), each with where it is."""
    c = Checker()
    try:
        check_event_into(c, event, where)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError, RecursionError) as exc:
        c.err(where, f"not an event: a value has the wrong type ({type(exc).__name__}: {exc})")
    return c.errors


def _check_top(c: Checker, data: JsonObject) -> None:
    """The top level's own keys: the format, the league and season, the rulebook."""
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


def _check_sizes(c: Checker, data: JsonObject) -> None:
    """The lists are lists, none longer than a season holds."""
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
        events = [len(evs) for g in games if isinstance(g, dict) and isinstance(evs := g.get("events"), list)]
        if events and max(events) > MAX_GAME_EVENTS:
            c.err("games", f"a game with {max(events):,} events is more than a game holds (at most "
                           f"{MAX_GAME_EVENTS:,})")
        elif sum(events) > MAX_EVENTS:
            c.err("games", f"{sum(events):,} events is more than a season holds (at most {MAX_EVENTS:,})")


def _listed(data: JsonObject, name: str) -> list[JsonValue]:
    """The list `name` of a file whose lists `_check_sizes` found lists (none where it is left out or null)."""
    found = data.get(name) or []
    return found if isinstance(found, list) else []


def _check_ids(c: Checker, data: JsonObject, name: str, kind: str) -> None:
    seen: set[str] = set()
    for i, obj in enumerate(_listed(data, name)):
        if isinstance(obj, dict) and isinstance(oid := obj.get("id"), str):
            if oid in seen:
                c.err(f"{name}[{i}].id", f"{kind} id {oid!r} appears twice")
            seen.add(oid)


def _check_structure(c: Checker, data: JsonObject) -> list[Violation]:
    _check_top(c, data)
    _check_sizes(c, data)
    if c.errors:
        return c.errors
    for name, record in records.LIST_RECORDS.items():  # each object by its record's declaration
        for i, obj in enumerate(_listed(data, name)):
            where = f"{name}[{i}]"
            if c.keys(obj, record, where):
                c.record(obj, record, where)
    _check_audit(c, data.get("audit"))
    for name, record in records.LIST_RECORDS.items():
        if "id" in plan_of(record):
            _check_ids(c, data, name, record.kind)
    return c.errors


def _check_audit(c: Checker, audit: JsonValue) -> None:
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
        c.record(entry, records.AuditEntry, where)  # no keys' check: an entry may carry more


def game_officials(game: GameData) -> dict[str, list[str]]:
    """role -> names of a game's officials as `referees` and `officials` combine (docs/season-file.md): the
    referees of `referees` first, then those of `officials`; a name given twice for a role counts once."""
    out: dict[str, list[str]] = {role: [] for role in OFFICIAL_ROLES}
    for role, name in [*(("referee", r) for r in game.get("referees") or []),
                       *((o["role"], o["name"]) for o in game.get("officials") or [])]:
        names = out.setdefault(str(role), [])
        if str(name) not in names:
            names.append(str(name))
    return out


# -- normalised objects (read from the declaration: scorekeeper.season_file.normal) -----------------------------

NORMALISERS = {name: normaliser(record) for name, record in records.LIST_RECORDS.items()}


def _checked_list(data: Mapping[str, object], name: str) -> list[Mapping[str, object]]:
    """The objects of a checked file's list `name` (none where it is left out or null)."""
    # `check_structure` has refused a file whose list holds anything else, which no isinstance here re-proves
    return cast("list[Mapping[str, object]]", data.get(name) or [])


def normalise(data: Mapping[str, object]) -> SeasonData:
    """A checked season file in normalised form (what the database stores and export writes)."""
    out: dict[str, object] = {"format": FORMAT, "league": data["league"], "season": data["season"]}
    if data.get("rulebook"):
        out["rulebook"] = data["rulebook"]
    for name in LISTS:
        norm = NORMALISERS[name]
        out[name] = [norm(o) for o in _checked_list(data, name)]
    # each list's objects as their record declares them, which `SeasonData` is generated from
    return cast(SeasonData, out)


class SeasonLists(TypedDict):
    """Each list of a season (`LISTS`), by name: what `merge` writes (it gives every list; a change may leave the
    season suspension decisions out, as the store's writes take them)."""

    divisions: list[DivisionData]
    teams: list[TeamData]
    players: list[PlayerData]
    roster: list[SigningData]
    games: list[GameData]
    appeals: list[AppealData]
    payments: list[PaymentData]
    season_suspension_decisions: NotRequired[list[SuspensionDecisionData]]


Key = str | tuple[str, ...]  # what tells one object of a list from another
_Row = TypeVar("_Row", DivisionData, TeamData, PlayerData, SigningData, GameData, AppealData, PaymentData,
               SuspensionDecisionData)


def roster_key(o: SigningData) -> tuple[str, str, str]:
    return (o["team"], o["player"], o.get("signed") or "")


def appeal_key(o: AppealData) -> tuple[str, str, str]:
    return (o["player"], o["game"], o["filed"])


def payment_key(o: Mapping[str, object]) -> str:
    return json.dumps(o, sort_keys=True)


def decision_key(o: SuspensionDecisionData) -> tuple[str, str]:
    return (o["player"], o["game"])


KIND_NAMES = {"divisions": "division", "teams": "team", "players": "player", "games": "game",
              "roster": "roster signing", "appeals": "appeal", "payments": "payment",
              "season_suspension_decisions": "season suspension decision"}


class _Merge:
    """One list after another merged, with the conflicts found so far."""

    def __init__(self, replace: bool) -> None:
        self.replace = replace
        self.conflicts: list[Violation] = []

    def rows(self, name: str, existing: list[_Row] | None, incoming: list[_Row] | None,
             key: Callable[[_Row], Key]) -> tuple[list[_Row], list[_Row]]:
        """The list `name` merged, and the objects to write (new or replaced)."""
        rows = list(existing or [])
        changes: list[_Row] = []
        index = {key(o): i for i, o in enumerate(rows)}
        for n, obj in enumerate(incoming or []):
            k = key(obj)
            if k in index:
                old = rows[index[k]]
                if old == obj:
                    continue
                if not self.replace:
                    label = k if isinstance(k, str) else " / ".join(x for x in k if x)
                    self.conflicts.append(Violation(
                        FILE, "block", f"{KIND_NAMES[name]} {label!r} already exists with different "
                        f"content; use --replace to overwrite it", "season file", f"{name}[{n}]"))
                    continue
                rows[index[k]] = obj
            else:
                index[k] = len(rows)
                rows.append(obj)
            changes.append(obj)
        return rows, changes


def merge(existing: SeasonData, incoming: SeasonData, replace: bool
          ) -> tuple[SeasonData, SeasonLists, list[Violation]]:
    """Merge a normalised file into the normalised season already stored.

    Returns the merged season, the objects to write per list (new or replaced), and the conflicts: an
    object whose id exists with different content, unless `replace`.
    """
    m = _Merge(replace)  # each list in turn, in the file's order (`LISTS`)
    divisions = m.rows("divisions", existing.get("divisions"), incoming.get("divisions"), lambda o: o["id"])
    teams = m.rows("teams", existing.get("teams"), incoming.get("teams"), lambda o: o["id"])
    players = m.rows("players", existing.get("players"), incoming.get("players"), lambda o: o["id"])
    roster = m.rows("roster", existing.get("roster"), incoming.get("roster"), roster_key)
    games = m.rows("games", existing.get("games"), incoming.get("games"), lambda o: o["id"])
    appeals = m.rows("appeals", existing.get("appeals"), incoming.get("appeals"), appeal_key)
    payments = m.rows("payments", existing.get("payments"), incoming.get("payments"), payment_key)
    decisions = m.rows("season_suspension_decisions", existing.get("season_suspension_decisions"),
                       incoming.get("season_suspension_decisions"), decision_key)
    merged = existing.copy()  # its other keys as they are, its lists (after them) merged
    for name in LIST_NAMES:
        merged.pop(name, None)
    merged.update(SeasonLists(
        divisions=divisions[0], teams=teams[0], players=players[0], roster=roster[0], games=games[0],
        appeals=appeals[0], payments=payments[0], season_suspension_decisions=decisions[0]))
    changes = SeasonLists(divisions=divisions[1], teams=teams[1], players=players[1], roster=roster[1],
                          games=games[1], appeals=appeals[1], payments=payments[1],
                          season_suspension_decisions=decisions[1])
    return merged, changes, m.conflicts
