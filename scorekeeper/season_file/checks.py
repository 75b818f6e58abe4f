"""The season-file checker, read from the declaration (`scorekeeper.records`): a record's keys, then each of its
fields by the check its annotation names, each problem with where it is (`games[3].events[7].scorer`)."""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
from collections.abc import Callable, Iterable
from typing import TypeGuard, cast

from scorekeeper.email_address import check_address
from scorekeeper.engine.timefmt import TimeFormatError, parse_mmss
from scorekeeper.json_value import JsonObject, JsonValue
from scorekeeper.records import (
    EVENT_KINDS,
    MONEY_RE,
    GoalieShots,
    LineupEntry,
    Official,
    Record,
    ShootoutAttempt,
)
from scorekeeper.rules.ids import FILE
from scorekeeper.rules.violation import Violation
from scorekeeper.season_file.plans import FieldPlan, check_order, keys_of, plan_of
from scorekeeper.signature_values import signature_problems

NULLABLE = {"player"}  # a bench penalty names no player: a null `player` is judged by its field's check
NUMBER_LIMIT = 20  # characters of a game's `number`, as the league prints it
TIME_RE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


class Checker:
    """The problems found so far, each a `FILE` violation with where it is."""

    def __init__(self) -> None:
        self.errors: list[Violation] = []

    def err(self, where: str, message: str, rule: str = FILE) -> None:
        self.errors.append(Violation(rule, "block", message, "season file", where))

    def keys(self, obj: object, record: type[Record], where: str, kind: str = "") -> TypeGuard[JsonObject]:
        """Whether `obj` is an object with the record's keys (no unknown one, every required one, not null)."""
        kind = kind or record.kind
        if not isinstance(obj, dict):
            self.err(where, f"a {kind} must be a JSON object")
            return False
        required, optional = keys_of(record)
        if obj.keys() <= _declared(record) and required <= obj.keys() \
                and all(obj[k] is not None or k in NULLABLE for k in required):
            return True  # what the checks below find then: no unknown key, none missing, none null
        given = set(obj)
        unknown = given - required - optional
        for key in sorted(unknown):
            self.err(f"{where}.{key}", f"unknown key {key!r} in a {kind} (a typo?)")
        missing = required - given
        for key in sorted(missing):
            self.err(where, f"a {kind} needs {key!r}")
        nulls = sorted(k for k in required & given if obj[k] is None and k not in NULLABLE)
        for key in nulls:
            self.err(f"{where}.{key}", f"{key} needs a value (got null)")
        return not unknown and not missing and not nulls

    def text(self, obj: JsonObject, key: str, where: str, optional: bool = False) -> None:
        if key not in obj or (optional and obj[key] is None):
            return
        value = obj[key]
        if not isinstance(value, str) or not value.strip():
            self.err(f"{where}.{key}", f"{key} must be a non-empty text (got {value!r})")

    def record(self, obj: JsonObject, record: type[Record], where: str) -> bool:
        """Check each field of an object whose keys are right, in the record's order; False: stop there."""
        for check, plan in _steps(record):
            if plan is None:
                if OWN_CHECKS[check](self, obj, where):
                    return False
            else:
                CHECKS[check](self, obj, plan, where)
        return True


@functools.cache
def _declared(record: type[Record]) -> frozenset[str]:
    """Every key `record` declares, required or optional."""
    required, optional = keys_of(record)
    return required | optional


@functools.cache
def _steps(record: type[Record]) -> tuple[tuple[str, FieldPlan | None], ...]:
    """(check, field) in the order `record` is checked in; (own check, None) for a check of the record's own."""
    fields = plan_of(record)
    return tuple((key, None) if key.startswith("+") else (fields[key].check, fields[key])
                 for key in check_order(record) if key.startswith("+") or fields[key].check)


# -- the checks a field's annotation names: (checker, object, field, where) -------------------------------------

def _text(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    c.text(obj, p.key, where, optional=p.nullable)


def _email(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    """One e-mail address (no list, no line break): see `scorekeeper.email_address`."""
    c.text(obj, p.key, where, optional=p.nullable)
    value = obj.get(p.key)
    if isinstance(value, str) and value.strip():
        problem = check_address(value, p.key)
        if problem:
            c.err(f"{where}.{p.key}", problem)


def _boolean(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    key = p.key
    if key in obj and obj[key] is not None and not isinstance(obj[key], bool):
        c.err(f"{where}.{key}", f"{key} must be true or false (got {obj[key]!r})")


def _range(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    key, lo, hi = p.key, p.lo, p.hi
    if key not in obj or obj[key] is None:
        return
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:  # type: ignore[operator]
        c.err(f"{where}.{key}", f"{key} must be a whole number from {lo} to {hi} (got {value!r})")


def _date(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    key = p.key
    if key not in obj or obj[key] is None:
        return
    value = obj[key]
    try:
        if not isinstance(value, str) or len(value) != 10:
            raise ValueError
        dt.date.fromisoformat(value)
    except ValueError:
        c.err(f"{where}.{key}", f"{key} must be a date YYYY-MM-DD (got {value!r})")


def _choice(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    key = p.key
    if key in obj and obj[key] not in p.choices and not (p.nullable and obj[key] is None):
        c.err(f"{where}.{key}", f"{key} must be one of {', '.join(map(str, p.choices))} (got {obj[key]!r})")


def _start_time(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    if p.nullable and obj.get(p.key) is None:  # an optional time of day (a game's `curfew`) not given
        return
    value = obj.get(p.key)
    if not (isinstance(value, str) and TIME_RE.match(value)):
        c.err(f"{where}.{p.key}", f"{p.key} must be HH:MM (got {value!r})")


def _clock(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    if p.key not in obj:
        return
    value = obj[p.key]
    try:
        if not isinstance(value, str):  # as parse_mmss refuses it
            raise TimeFormatError(f"{value!r} is not a time MM:SS")
        parse_mmss(value)
    except TimeFormatError:
        c.err(f"{where}.{p.key}", f"{p.key} must be MM:SS (got {obj[p.key]!r})")


def _game_number(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    number = obj.get(p.key)
    if number is not None and not (isinstance(number, str) and number.strip() and len(number) <= NUMBER_LIMIT):
        c.err(f"{where}.{p.key}", f"number must be a text of 1 to {NUMBER_LIMIT} characters, e.g. \"W-014\" "
                                  f"(got {number!r})")


def _money(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    amount = obj[p.key]
    if not (isinstance(amount, str) and MONEY_RE.match(amount)):
        c.err(f"{where}.{p.key}", f"{p.key} must be money as text with two decimals, like \"20.00\" (got {amount!r})")


def _form(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    if not isinstance(obj[p.key], str):
        c.err(f"{where}.{p.key}", f"{p.key} must be the official form number as text (got {obj[p.key]!r})")


def _payer(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    payer = obj[p.key]
    if not (isinstance(payer, dict) and len(payer) == 1 and set(payer) <= {"team", "player"}
            and isinstance(next(iter(payer.values())), str)):
        c.err(f"{where}.{p.key}", f"payer must be {{\"team\": id}} or {{\"player\": id}} (got {payer!r})")


def _fine(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    fine = obj.get(p.key)
    if p.key in obj and not (isinstance(fine, dict) and set(fine) == {"game", "rule"}
                             and all(isinstance(v, str) and v for v in fine.values())):
        c.err(f"{where}.{p.key}", f"fine must be {{\"game\": id, \"rule\": rule id}}, the fine it pays (got {fine!r})")


def _minutes(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    m = obj[p.key]
    if isinstance(m, bool) or not isinstance(m, int | float) or not math.isfinite(m) or not 0 <= m <= 600:
        c.err(f"{where}.{p.key}", f"minutes must be a number of minutes (got {m!r})")


def _points(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    pts = obj[p.key]
    if not (isinstance(pts, dict) and set(pts) == {"home", "away"} and all(
            isinstance(v, int) and not isinstance(v, bool) for v in pts.values())):
        c.err(f"{where}.{p.key}", f"points must be {{\"home\": n, \"away\": n}} (got {pts!r})")


def _assists(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    assists = obj.get(p.key, [])
    if not isinstance(assists, list) or not all(isinstance(a, str) and a for a in assists):
        c.err(f"{where}.{p.key}", f"assists must be a list of player ids (got {assists!r})")


def _each_record(c: Checker, items: list[JsonValue], record: type[Record], at: str, not_an_object: str) -> None:
    """Each item of a list of nested records (`at[0]`, `at[1]`...): a JSON object with the record's keys and values."""
    for n, item in enumerate(items):
        here = f"{at}[{n}]"
        if not isinstance(item, dict):
            c.err(here, not_an_object)
        elif c.keys(item, record, here):
            c.record(item, record, here)


def _attempts(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    attempts = obj.get(p.key, [])
    if not isinstance(attempts, list):
        c.err(f"{where}.{p.key}", f"attempts must be a list of {{team, shooter, scored}} (got {attempts!r})")
        return
    _each_record(c, attempts, ShootoutAttempt, f"{where}.{p.key}",
                 "an attempt must be a JSON object with team, shooter and scored")


def _names(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    value = obj.get(p.key)
    if value is not None and not (isinstance(value, list) and all(isinstance(x, str) for x in value)):
        c.err(f"{where}.{p.key}", "referees must be a list of names")


def _official_name(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    name = obj[p.key]
    if not (isinstance(name, str) and name.strip()):
        c.err(f"{where}.{p.key}", f"name must be a text that is not blank (got {name!r})")


def _officials(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    """A game's `officials`: a list of {"name": text, "role": "referee" / "linesman" / "scorekeeper"}."""
    officials = obj.get(p.key)
    if officials is None:
        return
    if not isinstance(officials, list):
        c.err(f"{where}.officials", "officials must be a list of {\"name\": ..., \"role\": ...}")
        return
    _each_record(c, officials, Official, f"{where}.officials", "an official must be a JSON object with name and role")


def _signatures(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    for at, problem in signature_problems(obj.get(p.key), where):
        c.err(at, problem)


def _shots(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    shots = obj.get(p.key)
    if shots is not None and not (isinstance(shots, dict) and set(shots) <= {"home", "away"} and all(
            isinstance(v, list) and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in v)
            for v in shots.values())):
        c.err(f"{where}.shots", "shots must be {\"home\": [n, n], \"away\": [n, n]}")


def _lineups(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    lineups = obj.get(p.key)
    if lineups is None:
        return
    if not isinstance(lineups, dict) or set(lineups) - {"home", "away"}:
        c.err(f"{where}.lineups", "lineups must be {\"home\": [...], \"away\": [...]}")
        return
    for side, entries in lineups.items():
        if not isinstance(entries, list):
            c.err(f"{where}.lineups.{side}", "a line-up must be a list")
            continue
        seen: set[str] = set()
        clean = _clean_entry()
        for i, entry in enumerate(entries):
            if clean is not None and clean(entry):  # what the checks below would pass (a file's every entry, mostly)
                player = entry["player"]
            else:
                if not c.keys(entry, LineupEntry, f"{where}.lineups.{side}[{i}]"):
                    continue
                c.record(entry, LineupEntry, f"{where}.lineups.{side}[{i}]")
                player = entry["player"]
            if isinstance(player, str) and player in seen:
                c.err(f"{where}.lineups.{side}[{i}]", f"player {player!r} is dressed twice")
            if isinstance(player, str):
                seen.add(player)


_ENTRY_CHECKS = (("text", "player"), ("range", "number"), ("bool", "goalie"), ("bool", "captain"))


@functools.cache
def _clean_entry() -> Callable[[object], TypeGuard[JsonObject]] | None:
    """A line-up entry the keys' and fields' checks would find nothing in: a JSON object of the declared keys, its
    player a text not blank, its number none or a whole number in range, goalie and captain none or true/false.
    None (every entry checked in full) should the declaration check an entry otherwise."""
    required, optional = keys_of(LineupEntry)
    steps = _steps(LineupEntry)
    if tuple((check, p.key) for check, p in steps if p is not None) != _ENTRY_CHECKS or len(steps) != 4 \
            or required != {"player"} or optional != {"number", "goalie", "captain"}:
        return None
    allowed, number = required | optional, plan_of(LineupEntry)["number"]
    lo, hi = number.lo, number.hi
    if not isinstance(lo, int) or not isinstance(hi, int):
        return None

    def clean(entry: object) -> TypeGuard[JsonObject]:
        if type(entry) is not dict or not entry.keys() <= allowed:
            return False
        player, n = entry.get("player"), entry.get("number")
        goalie, captain = entry.get("goalie"), entry.get("captain")
        return (type(player) is str and bool(player.strip()) and (n is None or type(n) is int and lo <= n <= hi)
                and (goalie is None or type(goalie) is bool) and (captain is None or type(captain) is bool))

    return clean


def _periods_of(obj: JsonObject) -> int:
    """The periods a game had as its file shows them: the regulation three, or more where its events or its team
    shots reach further."""
    events = obj.get("events") or []
    # iterated as given: a number raises TypeError, which `check_structure` reports as not a season file
    reached = [period for e in cast("Iterable[JsonValue]", events)
               if isinstance(e, dict) and isinstance(period := e.get("period"), int)]
    shots = obj.get("shots")
    if isinstance(shots, dict):
        reached += [len(v) for v in shots.values() if isinstance(v, list)]
    return max([3, *reached])


def _goalie_shots(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    """A game's `goalie_shots` (issue 30.3): [{"goalie": player, "shots": n, "period": p?}], each goalie dressed in
    goal for the game, n a whole number from 0, p a period the game had, one entry per goalie and period."""
    entries = obj.get(p.key)
    if entries is None:
        return
    if not isinstance(entries, list):
        c.err(f"{where}.goalie_shots", "goalie_shots must be a list of {\"goalie\": ..., \"shots\": n}")
        return
    lineups = obj.get("lineups")
    if not isinstance(lineups, dict):
        lineups = {}
    in_goal = {x.get("player") for side in lineups.values() if isinstance(side, list)
               for x in side if isinstance(x, dict) and x.get("goalie")}
    periods = _periods_of(obj)
    seen: set[tuple[str, JsonValue]] = set()
    for i, entry in enumerate(entries):
        w = f"{where}.goalie_shots[{i}]"
        if not c.keys(entry, GoalieShots, w):
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


def _events(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    events = obj.get(p.key)
    if events is None:
        return
    if not isinstance(events, list):
        c.err(f"{where}.events", "events must be a list")
        return
    for i, ev in enumerate(events):
        check_event_into(c, ev, f"{where}.events[{i}]")


def check_event_into(c: Checker, ev: object, where: str) -> None:
    """An event's problems, into `c`: its `type` names the declared kind its keys and fields are checked by."""
    if not isinstance(ev, dict):
        c.err(where, "an event must be a JSON object")
        return
    etype = ev.get("type")
    if etype not in EVENT_KINDS:
        c.err(f"{where}.type", f"unknown event type {etype!r} (one of {', '.join(EVENT_KINDS)})")
        return
    record = EVENT_KINDS[etype]
    if c.keys({k: v for k, v in ev.items() if k != "type"}, record, where, f"{etype} event"):
        c.record(ev, record, where)


def _audit_time(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    at = obj.get(p.key)
    try:
        if not isinstance(at, str) or dt.datetime.fromisoformat(at).tzinfo is not None:
            raise ValueError
    except ValueError:
        c.err(f"{where}.{p.key}", f"{p.key} must be a date and time YYYY-MM-DDTHH:MM:SS (got {at!r})")


def _audit_text(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    value = obj.get(p.key)
    if not isinstance(value, str) and not (p.nullable and value is None):
        c.err(f"{where}.{p.key}", f"{p.key} must be a text (got {value!r})")


def _override_object(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    if obj.get("action") == "override block" and not isinstance(obj.get(p.key), dict | None):
        c.err(f"{where}.{p.key}", f"{p.key} of an override must be a JSON object (got {obj[p.key]!r})")


def _ignored(c: Checker, obj: JsonObject, p: FieldPlan, where: str) -> None:
    """Checked where the record is (a game's goalie shots, a signature, the audit trail)."""


# -- a record's own checks, across its fields ("+name" in its check_order): True stops its checks -------------

def _not_itself(c: Checker, obj: JsonObject, where: str) -> bool:
    if obj.get("home") == obj.get("away"):
        c.err(where, f"a team cannot play itself ({obj.get('home')!r})")
    return False


def _moment(c: Checker, obj: JsonObject, where: str) -> bool:
    if ("period" in obj) != ("elapsed" in obj):
        c.err(where, "a note at a moment of the game has both period and elapsed (or neither)")
        return True
    return False


CHECKS: dict[str, Callable[[Checker, JsonObject, FieldPlan, str], None]] = {
    "text": _text, "email": _email, "bool": _boolean, "range": _range, "date": _date, "choice": _choice,
    "time": _start_time, "clock": _clock, "game number": _game_number, "money": _money, "form": _form,
    "payer": _payer, "fine": _fine, "minutes": _minutes, "points": _points, "assists": _assists,
    "attempts": _attempts, "names": _names, "name": _official_name, "officials": _officials,
    "signatures": _signatures, "shots": _shots, "lineups": _lineups, "goalie shots": _goalie_shots,
    "events": _events, "count": _ignored, "game period": _ignored, "signer": _ignored, "png": _ignored,
    "datetime": _ignored, "audit time": _audit_time, "audit text": _audit_text, "override object": _override_object,
}
OWN_CHECKS: dict[str, Callable[[Checker, JsonObject, str], bool]] = {"+itself": _not_itself, "+moment": _moment}
