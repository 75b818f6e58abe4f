"""Load and validate a rulebook TOML file; every error names the key and the reason."""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path
from typing import Any

from scorekeeper.inputfile import RULEBOOK_LIMIT, InputFileError, read_bounded
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

DEFAULT_RULEBOOK = "westridge-2015-16"
FORMAT = "scorekeeper.rulebook/1"
ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
ID_RULE = "1 to 64 letters, digits, '.', '-' or '_', starting with a letter or a digit"
# What a rulebook written before these keys meant, where it leaves them out: the discipline row a penalty of the
# class sets off (`penalties.classes.*.trigger`), and the row set off instead of another from a player's n-th such
# offence of the season (`discipline[].repeat_of` and `count`).
CLASS_TRIGGERS = {"match": "match", "gross_misconduct": "gross"}
REPEAT_ROWS: dict[str, tuple[str | None, int | None]] = {"second_gross": ("gross", 2)}
# A league without a lateness rule: a forfeit's score where no `[lateness]` table says it.
NO_LATENESS_FORFEIT_SCORE: tuple[int, int] = tuple(schema.key("lateness.forfeit_score").off)
# A stage without overtime (its table left out, or `enabled = false` without the other keys): a tie after
# regulation stands (one period at most, so nothing says a tie "plays on").
NO_OVERTIME = Overtime(False, *(schema.key(f"overtime.*.{k}").off for k in (
    "min", "stop_time_last_min", "skaters", "sudden_death", "max_periods", "new_timeouts")))


def id_problem(name: object) -> str:
    """Why `name` cannot be a rulebook id ('' when it can): an id is a name, never a path."""
    if not isinstance(name, str):
        return f"a rulebook id is a text (got {type(name).__name__})"
    if not ID_RE.fullmatch(name):
        shown = name if len(name) <= 40 else f"{name[:40]}... ({len(name)} characters)"
        return f"{shown!r} is not a rulebook id: an id is {ID_RULE}, never a file path"
    return ""


def repeat_ejection_default(data: dict[str, Any], trigger: str) -> int:
    """`penalties.ejection_at_majors` (`_misconducts`) left out: the second one ejects where the file has the
    discipline row it sets off (`second_major`, `second_misconduct`), as every rulebook written before the key
    did; without that row nothing in the file says a repeat ejects, and none does (0)."""
    rows = data.get("discipline", [])
    named = isinstance(rows, list) and any(isinstance(r, dict) and r.get("trigger") == trigger for r in rows)
    return 2 if named else 0


class RulebookError(ValueError):
    """A rulebook file that cannot be used; the message names the file, the key and the reason."""


def _unknown_key_reason(name: str, allowed: tuple[str, ...]) -> str:
    """Why a key is refused: not declared in `schema`; the table's keys listed, the nearest suggested."""
    near = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
    hint = f"did you mean {near[0]!r}? " if near else "a typo? "
    return f"is not a key Scorekeeper knows ({hint}this table's keys are {', '.join(allowed)})"


class _Reader:
    """Typed access to a TOML table that remembers its path and its declaration (`schema`): each read takes the
    key's type, range, choices and default from there, and `done` refuses a key not declared."""

    def __init__(self, data: Any, path: str, origin: str, schema_path: str = "", on: bool = True,
                 absent: bool = False) -> None:
        if not isinstance(data, dict):
            raise RulebookError(f"{origin}: key '{path}': must be a table")
        self.data: dict[str, Any] = data
        self.path = path
        self.origin = origin
        self.schema = schema_path
        self.on = on  # False: the table's rule is off (`enabled = false`): its keys fall back to their `off` value
        self.absent = absent  # True: the file leaves the table out: its keys read as their `absent` value
        self.used: set[str] = set()
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

    def _spec(self, key: str, kind: str, derived: Any) -> tuple[schema.Key, Any]:
        """The key's declaration and the default to read it with (`...`: required)."""
        spec = schema.key(schema.child_path(self.schema, key))
        assert spec.kind == kind, f"{spec.path} is declared {spec.kind}, read as {kind}"
        if isinstance(spec.default, schema.Derived):
            assert derived is not ..., f"{spec.path}: its default is worked out by the loader"
            default = derived
        else:
            assert derived is ..., f"{spec.path}: its default is declared in schema.py"
            default = ... if spec.default is schema.REQUIRED else spec.default
        if not self.on and spec.off is not schema.NOT_GIVEN:
            default = spec.off
        if self.absent and spec.absent is not schema.NOT_GIVEN:
            default = spec.absent
        return spec, default

    def num(self, key: str, derived: Any = ...) -> Any:
        spec, default = self._spec(key, schema.NUMBER, derived)
        value = self._get(key, default)
        if value is None and default is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number (got {value!r})")
        if not spec.lo <= value <= spec.hi:
            raise self.fail(key, f"must be between {spec.lo} and {spec.hi} (got {value})")
        return value

    def yes(self, key: str, derived: Any = ...) -> bool:
        _, default = self._spec(key, schema.YES_NO, derived)
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false (got {value!r})")
        return value

    def txt(self, key: str, derived: Any = ...) -> Any:
        spec, default = self._spec(key, schema.TEXT, derived)
        value = self._get(key, default)
        if value is None and default is None:
            return None
        if not isinstance(value, str) or not value:
            raise self.fail(key, f"must be a non-empty text (got {value!r})")
        if spec.choices is not None and value not in spec.choices:
            raise self.fail(key, f"must be one of {', '.join(spec.choices)} (got {value!r})")
        return value

    def txts(self, key: str, check_choices: bool = True) -> tuple[str, ...]:
        spec, default = self._spec(key, schema.TEXTS, ...)
        value = self._get(key, default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, f"must be a list of texts (got {value!r})")
        if spec.choices is not None and check_choices:
            for v in value:
                if v not in spec.choices:
                    raise self.fail(key, f"{v!r} is not one of {', '.join(spec.choices)}")
        return tuple(value)

    def score(self, key: str) -> tuple[int, int]:
        _, default = self._spec(key, schema.SCORE, ...)
        value = self._get(key, default)
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)):
            raise self.fail(key, f"must be two whole numbers [winner, loser] (got {value!r})")
        return value[0], value[1]

    def suspension(self, key: str) -> int | str:
        _, default = self._spec(key, schema.SUSPENSION, ...)
        value = self._get(key, default)
        if not (isinstance(value, int) and not isinstance(value, bool) and value >= 0) and value not in (
                "season", "indefinite"):
            raise self.fail(key, f"must be a number of games, 'season' or 'indefinite' (got {value!r})")
        return value

    def table(self, key: str) -> _Reader:
        """A sub-table: required where this table's rule is on, empty where it is off and left out."""
        data = self._get(key, ... if self.on else {})
        return _Reader(data, self._key(key), self.origin, schema.child_path(self.schema, key), self.on)

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
        return [_Reader(raw, f"{self._key(key)}[{n}]", self.origin, spec) for n, raw in enumerate(rows)]

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

    c = top.table("clock")
    clock = Clock(c.num("periods"), c.num("period_min"), c.txt("period_word"), c.num("stop_time_last_min"))
    if clock.stop_time_last_min > clock.period_min:
        raise c.fail("stop_time_last_min", "cannot exceed period_min")
    c.done()

    ot_table = top.optional("overtime")
    overtime: dict[str, Overtime] = dict.fromkeys(STAGES, NO_OVERTIME)
    for stage in STAGES:
        o = ot_table.optional(stage) if ot_table is not None else None
        if o is None:
            continue
        on = o.switched()
        overtime[stage] = Overtime(on, o.num("min"), o.num("stop_time_last_min"), o.num("skaters"),
                                   o.yes("sudden_death"), o.num("max_periods"), o.num("new_timeouts"),
                                   o.yes("penalties_add_skaters"))
        if overtime[stage].enabled and overtime[stage].min < 1:
            raise o.fail("min", "must be at least 1 when overtime is enabled")
        o.done()
    if ot_table is not None:
        ot_table.done()

    s = top.optional("shootout") or _absent("shootout", origin)
    shootout = {stage: s.yes(stage) for stage in STAGES}
    winner_goal = s.yes("winner_goal")
    s.done()

    p = top.table("points")
    points = Points(*(p.num(k) for k in (
        "win", "tie", "loss", "ot_win", "ot_loss", "so_win", "so_loss", "forfeit_win", "forfeit_loss",
        "double_forfeit")))
    p.done()

    st = top.table("standings")
    tiebreakers = st.txts("tiebreakers", check_choices=False)
    for name in tiebreakers:
        if unknown_tiebreaker(name):
            raise st.fail("tiebreakers", unknown_tiebreaker(name))
    st.done()

    i = top.table("icing")
    icing = Icing(i.num("last_min"), i.num("off_margin"), i.yes("off_if_leader_sh"), i.txt("when_tied"),
                  i.yes("in_overtime"), i.yes("short_handed_may_ice"))
    i.done()

    m, on = top.switch("mercy")
    mercy = Mercy(0, "never", enabled=False)
    if m is not None:
        spread, start = m.num("spread"), m.txt("from")
        mercy = Mercy(spread, start) if on else mercy
        m.done()

    la, on = top.switch("lateness")
    lateness = Lateness(0, 0, NO_LATENESS_FORFEIT_SCORE, 0, enabled=False)
    if la is not None:
        score = la.score("forfeit_score")
        numbers = (la.num("goal_every_min"), la.num("forfeit_at_min"), score, la.num("min_dressed"))
        lateness = Lateness(*numbers, enabled=True) if on else Lateness(0, 0, score, 0, enabled=False)
        la.done()

    oi = top.table("on_ice")
    on_ice = OnIce(oi.num("max"), oi.num("min"))
    if on_ice.min > on_ice.max:
        raise oi.fail("min", "cannot exceed on_ice.max")
    oi.done()

    co, on = top.switch("coed")
    coed = Coed(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, enabled=False)
    if co is not None:
        caps = co.table("caps")
        wg, ng = caps.table("with_goalie"), caps.table("no_goalie")
        d1 = co.table("div1_in_div2")
        caps_numbers = (wg.num("m"), wg.num("f"), ng.num("m"), ng.num("f"), caps.num("male_serving_reduction"),
                        caps.num("overtime_with_goalie_m"), d1.num("sign_m"), d1.num("dress_m"), d1.num("dress_f"),
                        d1.num("sign_g"))
        coed = Coed(*caps_numbers, enabled=True) if on else coed
        for r in (wg, ng, caps, d1, co):
            r.done()

    e = top.optional("eligibility") or _absent("eligibility", origin)
    eligibility = Eligibility(e.num("playoff_min_games"), e.num("mask_under_age"))
    e.done()

    sc = top.table("scoring")
    scoring = Scoring(sc.num("goal"), sc.num("assist"), sc.num("max_assists"), sc.txt("goalie_gp"))
    sc.done()

    pe = top.table("penalties")
    cls_table = pe.table("classes")
    classes: dict[str, PenaltyClass] = {}
    for name in PENALTY_CLASSES:
        k = cls_table.table(name)
        minutes = k.num("min")
        classes[name] = PenaltyClass(
            name, minutes, k.num("pim", minutes), k.yes("short_handed"), k.yes("pp_release"),
            k.yes("release_needs_advantage"), k.yes("ejects"), k.yes("first_adds_gm"),
            k.txt("trigger", CLASS_TRIGGERS.get(name)))
        k.done()
    cls_table.done()
    penalties = Penalties(
        pe.num("ejection_at_count"), pe.yes("count_bench_minors"), pe.num("game_misconduct_pim"),
        pe.yes("added_gm_counts_pim"), pe.txts("goalie_served_by_teammate"), pe.num("report_last_min"), classes,
        pe.yes("sh_goal_ends_own_penalty"),
        pe.num("ejection_at_majors", repeat_ejection_default(top.data, "second_major")),
        pe.num("ejection_at_misconducts", repeat_ejection_default(top.data, "second_misconduct")),
        pe.yes("coincidental_offset"), pe.yes("coincidental_lone_minors_short"))
    pe.done()

    inf_table = top.table("infractions")
    infractions: dict[str, Infraction] = {}
    for code in inf_table.names():
        f = inf_table.table(code)
        adds_gm = f.yes("adds_gm")
        inf = Infraction(
            code=code, name=f.txt("name"), cls=f.txt("class"), also=f.txts("also"), minutes=f.num("minutes"),
            section=f.txt("section"), rule=f.txt("rule"), adds_gm=adds_gm, ejects=f.yes("ejects"),
            trigger=f.txt("trigger"), report=f.yes("report", adds_gm), coed_only=f.yes("coed_only"),
            repeat_warning=f.txt("repeat_warning"), double_minor=f.yes("double_minor"))
        if inf.double_minor and inf.cls not in ("minor", "bench_minor"):
            raise f.fail("double_minor", f"a double minor is given as a minor or bench minor (class is {inf.cls!r})")
        if inf.double_minor and inf.minutes is not None:
            raise f.fail("minutes", "a double minor's minutes are twice its class's minutes: leave 'minutes' out")
        f.done()
        infractions[code] = inf
    inf_table.done()
    if not infractions:
        raise top.fail("infractions", "must list at least one infraction code")

    fi = top.optional("fines") or _absent("fines", origin)
    payer = fi.txt("default_payer")
    fi.done()
    discipline: list[DisciplineRow] = []
    for d in top.rows("discipline"):
        suspend = d.suspension("suspend")
        trigger = d.txt("trigger")
        repeat = REPEAT_ROWS.get(trigger, (None, None))
        repeat_of = d.txt("repeat_of", repeat[0])
        discipline.append(DisciplineRow(
            trigger=trigger, rule=d.txt("rule"), fine_row=d.txt("fine_row"), suspend=suspend,
            min_games=d.num("min_games"), fine_cents=d.num("fine_cents"),
            fine_per_game_cents=d.num("fine_per_game_cents"), payer=d.txt("payer", payer),
            replaces=d.txt("replaces"), adds_gm=d.yes("adds_gm"), review=d.yes("review"),
            count=d.num("count", repeat[1]), confirm=d.txt("confirm"), repeat_of=repeat_of))
        d.done()
    triggers = {row.trigger for row in discipline}
    for n, row in enumerate(discipline):
        if row.replaces and row.replaces not in triggers:
            raise RulebookError(f"{origin}: key 'discipline[{n}].replaces': no row has trigger {row.replaces!r}")
    for n, row in enumerate(discipline):
        if row.repeat_of and row.repeat_of not in triggers:
            raise RulebookError(f"{origin}: key 'discipline[{n}].repeat_of': no row has trigger {row.repeat_of!r}")
    for name, klass in classes.items():
        if klass.trigger and klass.trigger not in triggers and klass.trigger != CLASS_TRIGGERS.get(name):
            raise RulebookError(f"{origin}: key 'penalties.classes.{name}.trigger': no discipline row has trigger "
                                f"{klass.trigger!r}")
    for code, inf in infractions.items():
        if inf.trigger and inf.trigger not in triggers:
            raise RulebookError(f"{origin}: key 'infractions.{code}.trigger': no discipline row has trigger "
                                f"{inf.trigger!r}")

    su = top.optional("suspensions") or _absent("suspensions", origin)
    suspensions: dict[str, object] = {
        "count_forfeits": su.yes("count_forfeits"), "carry_playoffs": su.yes("carry_playoffs"),
        "carry_next_season": su.yes("carry_next_season"), "scope": su.txt("scope"),
        "notify_captain": su.txt("notify_captain")}
    su.done()

    ap = top.optional("appeals") or _absent("appeals", origin)
    appeal_fee, channels = ap.num("fee_cents"), ap.txts("channels")
    ap.done()

    ig = top.optional("injured_goalie") or _absent("injured_goalie", origin)
    injured_goalie = InjuredGoalie(ig.num("recover_min"), ig.num("substitute_min"))
    ig.done()

    ru = top.optional("rules")
    rules: dict[str, RuleRef] = {}
    if ru is not None:
        for rule_id in ru.names():
            r = ru.table(rule_id)
            rules[rule_id] = RuleRef(rule_id, r.txt("section"), r.txt("title"))
            r.done()
        ru.done()

    book = Rulebook(
        id=rid, name=top.txt("name"), league=top.txt("league"), timeouts_per_game=top.num("timeouts_per_game"),
        timeouts_carry_into_ot=top.yes("timeouts_carry_into_ot"), clock=clock, overtime=overtime,
        shootout=shootout, points=points, tiebreakers=tiebreakers, icing=icing, mercy=mercy, lateness=lateness,
        on_ice=on_ice, coed=coed, eligibility=eligibility, scoring=scoring, penalties=penalties,
        infractions=infractions, discipline=tuple(discipline), suspensions=suspensions,
        appeal_fee_cents=appeal_fee, appeal_channels=channels, default_fine_payer=payer, rules=rules,
        shootout_winner_goal=winner_goal, injured_goalie=injured_goalie, source_text=text)
    top.done()
    return book


def _absent(table: str, origin: str) -> _Reader:
    """A table the file leaves out: read as empty, each key its declared value where the table is left out (its
    `absent` value, else its default)."""
    return _Reader({}, table, origin, table, absent=True)


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
