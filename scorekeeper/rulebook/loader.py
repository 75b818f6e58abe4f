"""Load and validate a rulebook TOML file; every error names the key and the reason."""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from scorekeeper.inputfile import RULEBOOK_LIMIT, InputFileError, read_bounded
from scorekeeper.json_value import JsonObject
from scorekeeper.resources import resource_path
from scorekeeper.rulebook import schema
from scorekeeper.rulebook.model import (
    PENALTY_CLASSES,
    STAGES,
    Clock,
    Coed,
    DisciplineRow,
    Eligibility,
    Icing,
    Infraction,
    InjuredGoalie,
    Lateness,
    Mercy,
    OnIce,
    Overtime,
    Penalties,
    PenaltyClass,
    Points,
    Rulebook,
    RuleRef,
    Scoring,
)
from scorekeeper.rules.tiebreakers import unknown_problem as unknown_tiebreaker

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

DEFAULT_RULEBOOK = "westridge-2015-16"
FORMAT = "scorekeeper.rulebook/1"
ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
ID_RULE = "1 to 64 letters, digits, '.', '-' or '_', starting with a letter or a digit"


def id_problem(name: object) -> str:
    """Why `name` cannot be a rulebook id ('' when it can): an id is a name, never a path."""
    if not isinstance(name, str):
        return f"a rulebook id is a text (got {type(name).__name__})"
    if not ID_RE.fullmatch(name):
        shown = name if len(name) <= 40 else f"{name[:40]}... ({len(name)} characters)"
        return f"{shown!r} is not a rulebook id: an id is {ID_RULE}, never a file path"
    return ""


class RulebookError(ValueError):
    """A rulebook file that cannot be used; the message names the file, the key and the reason."""


def _unknown_key_reason(name: str, allowed: tuple[str, ...]) -> str:
    """Why a key is refused: not declared in `schema`; the table's keys listed, the nearest suggested."""
    near = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
    hint = f"did you mean {near[0]!r}? " if near else "a typo? "
    return f"is not a key Scorekeeper knows ({hint}this table's keys are {', '.join(allowed)})"


Got = Mapping[str, object]  # a record's values read so far, by field name, which a `Derived` default is worked out from


class _Reader:
    """Typed access to a TOML table that remembers its path and its declaration (`schema`): each read takes the
    key's type, range, choices and default from there, and `done` refuses a key not declared."""

    def __init__(self, data: object, path: str, origin: str, schema_path: str = "", on: bool = True,
                 absent: bool = False, book: JsonObject | None = None) -> None:
        if not isinstance(data, dict):
            raise RulebookError(f"{origin}: key '{path}': must be a table")
        self.data: JsonObject = data
        self.path = path
        self.origin = origin
        self.schema = schema_path
        self.on = on  # False: the table's rule is off (`enabled = false`): its keys fall back to their `off` value
        self.absent = absent  # True: the file leaves the table out: its keys read as their `absent` value
        self.used: set[str] = set()
        self.book: JsonObject = self.data if book is None else book  # the whole file, for `Derived` rules
        self.done()  # a key not declared is refused first: a typo of a required key is named as a typo

    def _key(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, reason: str) -> RulebookError:
        return RulebookError(f"{self.origin}: key '{self._key(key)}': {reason}")

    def _get(self, key: str, default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise self.fail(key, "is missing")
            return default
        return self.data[key]

    def _spec(self, key: str, kind: str, got: Got | None) -> tuple[schema.Key, Any]:
        """The key's declaration and the default to read it with (`...`: required); `got`: the values of the
        record read so far, which a `Derived` default is worked out from."""
        spec = schema.key(schema.child_path(self.schema, key))
        assert spec.kind == kind, f"{spec.path} is declared {spec.kind}, read as {kind}"
        if isinstance(spec.default, schema.Derived):
            assert got is not None, f"{spec.path}: its default is worked out from the record's other values"
            default = spec.default.rule(got, self.book)
        else:
            default = ... if spec.default is schema.REQUIRED else spec.default
        if not self.on and spec.off is not schema.NOT_GIVEN:
            default = spec.off
        if self.absent and spec.absent is not schema.NOT_GIVEN:
            default = spec.absent
        return spec, default

    def num(self, key: str, got: Got | None = None) -> Any:
        spec, default = self._spec(key, schema.NUMBER, got)
        value = self._get(key, default)
        if value is None and default is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number (got {value!r})")
        if not spec.lo <= value <= spec.hi:
            raise self.fail(key, f"must be between {spec.lo} and {spec.hi} (got {value})")
        return value

    def yes(self, key: str, got: Got | None = None) -> bool:
        _, default = self._spec(key, schema.YES_NO, got)
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false (got {value!r})")
        return value

    def txt(self, key: str, got: Got | None = None) -> Any:
        spec, default = self._spec(key, schema.TEXT, got)
        value = self._get(key, default)
        if value is None and default is None:
            return None
        if not isinstance(value, str) or not value:
            raise self.fail(key, f"must be a non-empty text (got {value!r})")
        if spec.choices is not None and value not in spec.choices:
            raise self.fail(key, f"must be one of {', '.join(spec.choices)} (got {value!r})")
        return value

    def txts(self, key: str, check_choices: bool = True) -> tuple[str, ...]:
        spec, default = self._spec(key, schema.TEXTS, None)
        value = self._get(key, default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, f"must be a list of texts (got {value!r})")
        if spec.choices is not None and check_choices:
            for v in value:
                if v not in spec.choices:
                    raise self.fail(key, f"{v!r} is not one of {', '.join(spec.choices)}")
        return tuple(value)

    def score(self, key: str) -> tuple[int, int]:
        _, default = self._spec(key, schema.SCORE, None)
        value = self._get(key, default)
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
            raise self.fail(key, f"must be two whole numbers [winner, loser] (got {value!r})")
        return value[0], value[1]

    def suspension(self, key: str) -> int | str:
        _, default = self._spec(key, schema.SUSPENSION, None)
        value = self._get(key, default)
        if not (isinstance(value, int) and not isinstance(value, bool) and value >= 0) and value not in (
                "season", "indefinite"):
            raise self.fail(key, f"must be a number of games, 'season' or 'indefinite' (got {value!r})")
        return value

    def read(self, key: str, got: Got | None = None) -> Any:
        """The value of `key` (a dotted path reads it in a sub-table), read as its declared kind says."""
        head, dot, rest = key.partition(".")
        if dot:
            return self.table(head).read(rest, got)
        kind = schema.key(schema.child_path(self.schema, key)).kind
        reads: dict[str, Callable[..., Any]] = {
            schema.NUMBER: self.num, schema.YES_NO: self.yes, schema.TEXT: self.txt, schema.TEXTS: self.txts,
            schema.SCORE: self.score, schema.SUSPENSION: self.suspension}
        if kind in (schema.NUMBER, schema.YES_NO, schema.TEXT):
            return reads[kind](key, got)
        return reads[kind](key)

    def table(self, key: str) -> _Reader:
        """A sub-table: required where this table's rule is on, empty where it is off and left out."""
        data = self._get(key, ... if self.on else {})
        return _Reader(data, self._key(key), self.origin, schema.child_path(self.schema, key), self.on,
                       book=self.book)

    def optional(self, key: str) -> _Reader | None:
        """A table the league may leave out: None where it does."""
        self.used.add(key)
        return self.table(key) if key in self.data else None

    def switch(self, key: str) -> tuple[_Reader | None, bool]:
        """A rule the league may not have: its table and whether the rule is on (a table left out, or with
        `enabled = false`, is off; an off table's other keys are checked where given, never required)."""
        table = self.optional(key)
        return table, table is not None and table.switched()

    def switched(self) -> bool:
        """Read this table's `enabled`: where it is false, the keys left out take their `off` value."""
        self.on = self.yes("enabled")
        return self.on

    def rows(self, key: str) -> list[_Reader]:
        """A list of tables (`[[key]]`), none where it is left out."""
        rows = self._get(key, [])
        if not isinstance(rows, list):
            raise self.fail(key, f"must be a list of tables ([[{key}]])")
        spec = schema.child_path(self.schema, key)
        return [_Reader(raw, f"{self._key(key)}[{n}]", self.origin, spec, book=self.book)
                for n, raw in enumerate(rows)]

    def names(self) -> list[str]:
        """The names of a table whose keys the file chooses (infraction codes, rule IDs)."""
        return list(self.data)

    def done(self) -> None:
        """Refuse a key the declaration does not have in this table, naming the table's keys."""
        allowed = schema.allowed_names(self.schema)
        if allowed is None:
            return
        unknown = sorted(set(self.data) - set(allowed))
        if unknown:
            raise self.fail(unknown[0], _unknown_key_reason(unknown[0], allowed))


def parse_rulebook(text: str, origin: str = "rulebook") -> Rulebook:
    """Parse and validate rulebook TOML text against the declaration in `schema`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulebookError(f"{origin}: not valid TOML: {exc}") from None
    except RecursionError:
        raise RulebookError(f"{origin}: not a rulebook: arrays or tables nested too deeply") from None
    except ValueError as exc:  # a number of thousands of digits
        raise RulebookError(f"{origin}: not a rulebook: {exc}") from None
    top = _Reader(data, "", origin)
    if top.txt("format") != FORMAT:
        raise top.fail("format", f"must be {FORMAT!r}")
    rid = top.txt("id")
    if id_problem(rid):
        raise top.fail("id", id_problem(rid))
    clock = _clock(top.table("clock"))
    overtime = _overtime(top.optional("overtime"))
    s = top.optional("shootout") or _absent("shootout", origin)
    shootout = {stage: s.yes(stage) for stage in STAGES}
    winner_goal = s.yes("winner_goal")
    points = _fill(Points, top.table("points"))
    tiebreakers = _tiebreakers(top.table("standings"))
    icing = _fill(Icing, top.table("icing"))
    mercy = _switch(Mercy, top, "mercy")
    lateness = _switch(Lateness, top, "lateness")
    on_ice = _on_ice(top.table("on_ice"))
    coed = _switch(Coed, top, "coed")
    eligibility = _fill(Eligibility, top.optional("eligibility") or _absent("eligibility", origin))
    scoring = _fill(Scoring, top.table("scoring"))
    penalties = _penalties(top)
    infractions = _infractions(top)
    payer = (top.optional("fines") or _absent("fines", origin)).txt("default_payer")
    discipline = tuple(_fill(DisciplineRow, d) for d in top.rows("discipline"))
    _check_triggers(origin, discipline, penalties.classes, infractions)
    su = top.optional("suspensions") or _absent("suspensions", origin)
    suspensions: dict[str, object] = {k.name: su.read(k.name) for k in schema.keys_of("suspensions")}
    ap = top.optional("appeals") or _absent("appeals", origin)
    appeal_fee, channels = ap.num("fee_cents"), ap.txts("channels")
    injured_goalie = _fill(InjuredGoalie, top.optional("injured_goalie") or _absent("injured_goalie", origin))
    rules = _rules(top.optional("rules"))
    return Rulebook(
        id=rid, name=top.txt("name"), league=top.txt("league"), timeouts_per_game=top.num("timeouts_per_game"),
        timeouts_carry_into_ot=top.yes("timeouts_carry_into_ot"), clock=clock, overtime=overtime,
        shootout=shootout, points=points, tiebreakers=tiebreakers, icing=icing, mercy=mercy, lateness=lateness,
        on_ice=on_ice, coed=coed, eligibility=eligibility, scoring=scoring, penalties=penalties,
        infractions=infractions, discipline=discipline, suspensions=suspensions,
        appeal_fee_cents=appeal_fee, appeal_channels=channels, default_fine_payer=payer, rules=rules,
        shootout_winner_goal=winner_goal, injured_goalie=injured_goalie, source_text=text)


_T = TypeVar("_T", bound="DataclassInstance")


def _fill(record: type[_T], table: _Reader, **given: Any) -> _T:
    """A record of the model read from `table` by key name: each field not `given` is the schema key of its name
    (or of the `key` in its metadata), read as the schema declares it (a `Derived` default worked out from the
    fields before it)."""
    values: dict[str, object] = dict(given)
    for f in fields(record):
        if f.name not in values:
            values[f.name] = table.read(f.metadata.get("key", f.name), values)
    return record(**values)


def _switch(record: type[_T], top: _Reader, name: str) -> _T:
    """The record of a rule the league may not have (`[mercy]`, `[lateness]`, `[coed]`): where it is off, each
    key its schema declares `idle` for holds that value, the others the value read."""
    table, on = top.switch(name)
    table = table or _Reader({}, name, top.origin, name, on=False)
    got = _fill(record, table, enabled=on)
    if on:
        return got
    idle = {f.name: schema.key(f"{name}.{f.metadata.get('key', f.name)}").idle for f in fields(got)
            if f.name != "enabled"}
    return replace(got, **{k: v for k, v in idle.items() if v is not schema.NOT_GIVEN})


def _clock(c: _Reader) -> Clock:
    clock = _fill(Clock, c)
    if clock.stop_time_last_min > clock.period_min:
        raise c.fail("stop_time_last_min", "cannot exceed period_min")
    return clock


def _overtime(table: _Reader | None) -> dict[str, Overtime]:
    """Overtime by stage; a stage left out has none."""
    overtime: dict[str, Overtime] = dict.fromkeys(STAGES, NO_OVERTIME)
    for stage in STAGES:
        o = table.optional(stage) if table is not None else None
        if o is not None:
            overtime[stage] = _fill(Overtime, o, enabled=o.switched())
            if overtime[stage].enabled and overtime[stage].min < 1:
                raise o.fail("min", "must be at least 1 when overtime is enabled")
    return overtime


def _tiebreakers(st: _Reader) -> tuple[str, ...]:
    tiebreakers = st.txts("tiebreakers", check_choices=False)
    for name in tiebreakers:
        if unknown_tiebreaker(name):
            raise st.fail("tiebreakers", unknown_tiebreaker(name))
    return tiebreakers


def _on_ice(oi: _Reader) -> OnIce:
    on_ice = _fill(OnIce, oi)
    if on_ice.min > on_ice.max:
        raise oi.fail("min", "cannot exceed on_ice.max")
    return on_ice


def _penalties(top: _Reader) -> Penalties:
    pe = top.table("penalties")
    cls_table = pe.table("classes")
    classes = {name: _fill(PenaltyClass, cls_table.table(name), name=name) for name in PENALTY_CLASSES}
    return _fill(Penalties, pe, classes=classes)


def _infractions(top: _Reader) -> dict[str, Infraction]:
    inf_table = top.table("infractions")
    infractions: dict[str, Infraction] = {}
    for code in inf_table.names():
        f = inf_table.table(code)
        inf = _fill(Infraction, f, code=code)
        if inf.double_minor and inf.cls not in ("minor", "bench_minor"):
            raise f.fail("double_minor", f"a double minor is given as a minor or bench minor (class is {inf.cls!r})")
        if inf.double_minor and inf.minutes is not None:
            raise f.fail("minutes", "a double minor's minutes are twice its class's minutes: leave 'minutes' out")
        infractions[code] = inf
    if not infractions:
        raise top.fail("infractions", "must list at least one infraction code")
    return infractions


def _check_triggers(origin: str, discipline: tuple[DisciplineRow, ...], classes: dict[str, PenaltyClass],
                    infractions: dict[str, Infraction]) -> None:
    """Refuse a trigger, `replaces` or `repeat_of` that names no discipline row."""
    triggers = {row.trigger for row in discipline}
    for n, row in enumerate(discipline):
        if row.replaces and row.replaces not in triggers:
            raise RulebookError(f"{origin}: key 'discipline[{n}].replaces': no row has trigger {row.replaces!r}")
    for n, row in enumerate(discipline):
        if row.repeat_of and row.repeat_of not in triggers:
            raise RulebookError(f"{origin}: key 'discipline[{n}].repeat_of': no row has trigger {row.repeat_of!r}")
    for name, klass in classes.items():
        if klass.trigger and klass.trigger not in triggers and klass.trigger != schema.CLASS_TRIGGERS.get(name):
            raise RulebookError(f"{origin}: key 'penalties.classes.{name}.trigger': no discipline row has trigger "
                                f"{klass.trigger!r}")
    for code, inf in infractions.items():
        if inf.trigger and inf.trigger not in triggers:
            raise RulebookError(f"{origin}: key 'infractions.{code}.trigger': no discipline row has trigger "
                                f"{inf.trigger!r}")


def _rules(ru: _Reader | None) -> dict[str, RuleRef]:
    if ru is None:
        return {}
    return {rule_id: _fill(RuleRef, ru.table(rule_id), id=rule_id) for rule_id in ru.names()}


def _absent(table: str, origin: str) -> _Reader:
    """A table the file leaves out: read as empty, each key its declared value where the table is left out (its
    `absent` value, else its default)."""
    return _Reader({}, table, origin, table, absent=True)


# A stage without overtime (its table left out, or `enabled = false` without the other keys): a tie after
# regulation stands (one period at most, so nothing says a tie "plays on").
NO_OVERTIME = _fill(Overtime, _Reader({}, "overtime.*", "rulebook", "overtime.*", on=False), enabled=False)


def load_rulebook_file(path: str | Path) -> Rulebook:
    """Load a rulebook from a TOML file path (a regular file of at most 2 MB)."""
    p = Path(path)
    try:
        text = read_bounded(p, RULEBOOK_LIMIT, "rulebook").decode("utf-8")
    except InputFileError as exc:
        raise RulebookError(f"{exc} (the rulebook)") from None
    except UnicodeDecodeError as exc:
        raise RulebookError(f"{p}: the rulebook is not UTF-8 text (byte {exc.start})") from None
    return parse_rulebook(text, origin=p.name)


_CACHE: dict[str, Rulebook] = {}


def shipped_rulebooks() -> list[str]:
    """Names of the rulebooks shipped in scorekeeper/resources/rulebooks."""
    folder = resource_path("rulebooks")
    return sorted(p.stem for p in folder.glob("*.toml"))


def load_rulebook(name: str = DEFAULT_RULEBOOK) -> Rulebook:
    """A rulebook shipped with Scorekeeper, by name (cached)."""
    if name not in _CACHE:
        if id_problem(name):
            raise RulebookError(id_problem(name))
        path = resource_path("rulebooks", f"{name}.toml")
        if not path.is_file():
            raise RulebookError(f"no rulebook named {name!r} (shipped: {', '.join(shipped_rulebooks())})")
        _CACHE[name] = load_rulebook_file(path)
    return _CACHE[name]
