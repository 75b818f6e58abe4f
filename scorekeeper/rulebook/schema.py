"""The rulebook file's schema, declared once: every table and key with its type, default, meaning and section.

The loader (`loader.py`) reads each key through this declaration (ranges, choices and defaults come from here
and nowhere else) and refuses a key it does not declare; the model's records (`model.py`) declare no defaults
and are filled from here by key name; `tools/make_rulebook_docs.py` writes
docs/rulebook-reference.md from it; the tests check that the loader reads exactly the keys declared here.

Paths: `clock.periods` is a key of the `[clock]` table; `*` stands for a name the file chooses (an infraction
code, a rule ID) or one of a fixed list (a stage, a penalty class); `discipline[]` is each `[[discipline]]` row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rulebook.model import GOALIE_GP, PENALTY_CLASSES, STAGES
from scorekeeper.rules.tiebreakers import NAMES as TIEBREAKER_NAMES


class _Required:
    """The default of a key the file must give."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
NOT_GIVEN: Any = object()  # `Key.off` where the key has no value of its own when its table's rule is off


@dataclass(frozen=True)
class Derived:
    """A default worked out from other keys: `words` says how, for people; `rule` works it out, given the
    record's values read so far (by field name) and the whole file's data."""

    words: str
    rule: Callable[[Mapping[str, Any], Mapping[str, Any]], Any]


# Key kinds: what a value must be.
NUMBER, YES_NO, TEXT, TEXTS, SCORE, SUSPENSION = "number", "yes/no", "text", "texts", "score", "suspension"


@dataclass(frozen=True)
class Key:
    """One key of a rulebook table."""

    path: str
    kind: str
    meaning: str
    section: str = ""
    default: Any = REQUIRED  # REQUIRED, None (optional: no value), a value or Derived
    lo: int = 0
    hi: int = 10**7
    choices: tuple[str, ...] | None = None
    off: Any = NOT_GIVEN  # the value read where the table's rule is off (`enabled = false`) and the key is left out
    absent: Any = NOT_GIVEN  # the value read where the whole (optional) table is left out, if not `default`
    idle: Any = NOT_GIVEN  # the value the model holds where the table's rule is off (NOT_GIVEN: the value read)

    @property
    def table(self) -> str:
        return self.path.rpartition(".")[0]

    @property
    def name(self) -> str:
        return self.path.rpartition(".")[2]

    def type_words(self) -> str:
        """The value the key takes, in words: 'number 1-9', 'yes/no', '"both" or "none"'."""
        if self.kind == NUMBER:
            return f"number {self.lo}-{self.hi:,}"
        if self.kind in (TEXT, TEXTS) and self.choices is not None:
            names = ", ".join(f'"{c}"' for c in self.choices)
            return f"one of {names}" if self.kind == TEXT else f"list of: {names}"
        return {YES_NO: "yes/no", TEXT: "text", TEXTS: "list of texts", SCORE: "two numbers [winner, loser]",
                SUSPENSION: 'number of games, "season" or "indefinite"'}[self.kind]

    def default_words(self) -> str:
        """The default in words: 'required', 'none', '`0`' or how it is worked out."""
        if self.default is REQUIRED:
            required = "required" if self.off is NOT_GIVEN else "required when on"
            if self.absent is not NOT_GIVEN:
                required += f" (`{toml_value(self.absent)}` where the table is left out)"
            return required
        if self.default is None:
            return "none (optional)"
        if isinstance(self.default, Derived):
            return self.default.words
        return f"`{toml_value(self.default)}`"


@dataclass(frozen=True)
class Table:
    """One table of a rulebook file."""

    path: str
    meaning: str
    section: str = ""
    # "required", "optional" (may be left out), "switch" (left out or `enabled = false`) or "when on" (required
    # where the table it is in is switched on)
    presence: str = "required"
    names: tuple[str, ...] | None = None  # for a `*` table: the names allowed (None: any name)

    @property
    def heading(self) -> str:
        """The table as a TOML file writes it: '[clock]', '[[discipline]]', '[infractions.CODE]'."""
        if self.path == "":
            return "top level"
        if self.path.endswith("[]"):
            return f"[[{self.path[:-2]}]]"
        return f"[{self.path.replace('*', _STAR_WORD.get(self.path, 'NAME'))}]"


_STAR_WORD = {"overtime.*": "STAGE", "penalties.classes.*": "NAME", "infractions.*": "CODE", "rules.*": "RULE-ID"}


def toml_value(value: object) -> str:
    """A value as a TOML file writes it: `true`, `"text"`, `[1, 0]`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)


CLASS_CHOICES = PENALTY_CLASSES
PAYERS = ("player", "team")

TABLES: tuple[Table, ...] = (
    Table("", "The rulebook's identity and timeouts."),
    Table("clock", "The game clock: periods and stop time.", "length of game (Westridge §1 c; NHL Rule 82)"),
    Table("overtime", "Overtime, one table per stage; a stage left out has no overtime (a tie stands).",
          "overtime (Westridge §1 l; NHL Rule 84)", "optional", STAGES),
    Table("overtime.*", "Overtime in regular-season (`regular`) or playoff (`playoff`) games.",
          "overtime (Westridge §1 l; NHL Rule 84)", "switch"),
    Table("shootout", "Shootouts after overtime.", "shootout (NHL Rule 84.3)",
          "optional"),
    Table("points", "Standings points for each result.", "standings points (Westridge §1 e, §1 l)"),
    Table("standings", "How the standings are ordered.", "ranking of teams (NHL Rule 84.8 / league bylaws)"),
    Table("icing", "When icing is called.", "icing (Westridge §1 b; NHL Rule 81)"),
    Table("mercy", "The mercy rule: a lead that ends a game.", "mercy rule (Westridge §1 r)",
          "switch"),
    Table("lateness", "Lateness goals and forfeits, and the fewest players a team dresses.",
          "late teams and forfeits (Westridge §1 g, §1 j)", "switch"),
    Table("on_ice", "Players on the ice.", "players on the ice (Westridge §2 I a, §1 g; NHL Rule 5)"),
    Table("coed", "Co-ed rules, for the divisions the season file marks co-ed.",
          "co-ed play (Westridge §1 h, §1 i, §1 u)", "switch"),
    Table("coed.caps", "How many men and women a side may have on the ice, goalie not counted.",
          "co-ed caps (Westridge §1 h, §1 i)", "when on"),
    Table("coed.caps.with_goalie", "The caps while the side has its goalie in (written inline: "
          "`with_goalie = { m = 3, f = 5 }`).", "co-ed caps (Westridge §1 h)", "when on"),
    Table("coed.caps.no_goalie", "The caps with the goalie pulled (written inline, as `with_goalie`).",
          "co-ed caps (Westridge §1 h)", "when on"),
    Table("coed.div1_in_div2", "Division-1 players signed by a Division-2 team.",
          "Division-1 players (Westridge §1 u)", "when on"),
    Table("eligibility", "Playoff eligibility and face masks.",
          "eligibility (Westridge §1 k, §3 d)", "optional"),
    Table("scoring", "Scoring points and assists.", "scoring (Westridge §1 s; NHL Rule 78)"),
    Table("penalties", "Penalties: ejections, penalty minutes, reports and coincidental penalties.",
          "penalties (Westridge §4; NHL Rules 15-23)"),
    Table("penalties.classes", "One table for each penalty class, each of them required.",
          "penalties (Westridge §4 II-VIII)",
          "required", PENALTY_CLASSES),
    Table("penalties.classes.*", "A penalty class: its minutes and how it is served.",
          "penalties (Westridge §4 II-VIII; NHL Rules 16-23)"),
    Table("infractions", "The infraction codes, at least one: the season file's penalty events name them.",
          "infractions (Westridge §5-6; NHL Rules 40-77)"),
    Table("infractions.*", "One infraction, by its code.", "infractions (Westridge §5-6; NHL Rules 40-77)"),
    Table("discipline[]", "One row of the fines and suspensions table; none is allowed.",
          "fines table and suspensions (Westridge §8; NHL Rule 28)", "optional"),
    Table("fines", "Who pays fines.", "fines (Westridge fines table)", "optional"),
    Table("suspensions", "How suspensions are served (the office's own too).", "suspensions (Westridge §8)",
          "optional"),
    Table("appeals", "How an appeal is filed and what it costs.", "appeals (Westridge §8)", "optional"),
    Table("injured_goalie", "Time an injured goalie's team gets.",
          "injured goalie (Westridge §2 III)", "optional"),
    Table("rules", "Every rule ID with its section and title (the IDs are listed in rules.md); left out, rules are "
          "cited without a section.", "", "optional"),
    Table("rules.*", "One rule ID (a catalogue ID or the league's own), usually written inline: "
          '`"PEN-MINOR-2" = { section = "§4 II b", title = "A goal ends a minor" }`.'),
)

# What a rulebook written before these keys meant, where it leaves them out: the discipline row a penalty of the
# class sets off (`penalties.classes.*.trigger`), and the row set off instead of another from a player's n-th such
# offence of the season (`discipline[].repeat_of` and `count`).
CLASS_TRIGGERS = {"match": "match", "gross_misconduct": "gross"}
REPEAT_ROWS: dict[str, tuple[str | None, int | None]] = {"second_gross": ("gross", 2)}


def repeat_ejection_default(book: Mapping[str, Any], trigger: str) -> int:
    """`penalties.ejection_at_majors` (`_misconducts`) left out: the second one ejects where the file has the
    discipline row it sets off (`second_major`, `second_misconduct`), as every rulebook written before the key
    did; without that row nothing in the file says a repeat ejects, and none does (0)."""
    rows = book.get("discipline", [])
    named = isinstance(rows, list) and any(isinstance(r, dict) and r.get("trigger") == trigger for r in rows)
    return 2 if named else 0


def _file_payer(_: Mapping[str, Any], book: Mapping[str, Any]) -> Any:
    """`[fines] default_payer` as the file gives it (checked before the rows are read), or as left out."""
    fines = book.get("fines")
    return fines["default_payer"] if isinstance(fines, dict) else key("fines.default_payer").absent


_OT = "overtime (Westridge §1 l; NHL Rule 84)"
_PEN = "penalties (Westridge §4; NHL Rules 15-23)"
_CLS = "penalties (Westridge §4 II-VIII)"
_INF = "infractions (Westridge §5-6; NHL Rules 40-77)"
_DIS = "fines table (Westridge §8)"
_CO = "co-ed play (Westridge §1 h, §1 i)"
_D1 = "Division-1 players (Westridge §1 u)"

KEYS: tuple[Key, ...] = (
    # -- top level ----------------------------------------------------------------------------------------------
    Key("format", TEXT, 'Always "scorekeeper.rulebook/1".'),
    Key("id", TEXT, "The rulebook's id, which seasons name: 1 to 64 letters, digits, '.', '-' or '_', starting "
        "with a letter or a digit (a name, never a path)."),
    Key("name", TEXT, "The title shown and printed."),
    Key("league", TEXT, "The league's name."),
    Key("timeouts_per_game", NUMBER, "Timeouts each team has in a game.", "timeouts (Westridge §2 II a)", hi=20),
    Key("timeouts_carry_into_ot", YES_NO, "Unused timeouts can still be taken in overtime.",
        "timeouts (Westridge §2 II a)"),
    # -- [clock] --------------------------------------------------------------------------------------------------
    Key("clock.periods", NUMBER, "Periods of regulation play (2 for halves, 3 for periods).", "Westridge §1 c",
        lo=1, hi=9),
    Key("clock.period_min", NUMBER, "Minutes in each period.", "Westridge §1 c", lo=1, hi=90),
    Key("clock.period_word", TEXT, 'What a period is called on screen and on paper ("half", "period").'),
    Key("clock.stop_time_last_min", NUMBER, "The clock stops on whistles only in the last this many minutes of the "
        "game (0: running time throughout); at most `period_min`.", "Westridge §1 c", hi=90),
    # -- [overtime.STAGE] -----------------------------------------------------------------------------------------
    Key("overtime.*.enabled", YES_NO, "A tie after regulation goes to overtime.", _OT),
    Key("overtime.*.min", NUMBER, "Minutes of an overtime period (at least 1 when enabled).", _OT, hi=90, off=0),
    Key("overtime.*.stop_time_last_min", NUMBER, "Stop time in the last this many minutes of overtime.", _OT,
        hi=90, off=0),
    Key("overtime.*.skaters", NUMBER, "Skaters a side in overtime, the goalie not counted (3 for 3-on-3).",
        "Westridge §1 l; NHL Rule 84.2", lo=1, hi=10, off=1),
    Key("overtime.*.sudden_death", YES_NO, "The first goal ends the game.", _OT, off=True),
    Key("overtime.*.max_periods", NUMBER, "Overtime periods at most, after which the game is a tie or goes to a "
        "shootout (0: periods go on until a goal).", _OT, hi=20, off=1),
    Key("overtime.*.new_timeouts", NUMBER, "Timeouts each team gets for overtime.", _OT, hi=10, off=0),
    Key("overtime.*.penalties_add_skaters", YES_NO, "A penalty in overtime adds a skater to the other side "
        "instead of taking one off the penalised side (3-on-3 overtime).", "NHL Rule 84.2", default=False),
    # -- [shootout] -----------------------------------------------------------------------------------------------
    Key("shootout.regular", YES_NO, "A regular-season game still tied after overtime is decided by a shootout.",
        "NHL Rule 84.3", default=False),
    Key("shootout.playoff", YES_NO, "A playoff game still tied after overtime is decided by a shootout.",
        "NHL Rule 84.3", default=False),
    Key("shootout.winner_goal", YES_NO, "The shootout's winner gets one goal in the final score.",
        "NHL Rule 84.6", default=True),
    # -- [points] -------------------------------------------------------------------------------------------------
    Key("points.win", NUMBER, "Points for a win in regulation.", "Westridge §1 e", hi=100),
    Key("points.tie", NUMBER, "Points for a tie.", "Westridge §1 e", hi=100),
    Key("points.loss", NUMBER, "Points for a loss in regulation.", "Westridge §1 e", hi=100),
    Key("points.ot_win", NUMBER, "Points for a win in overtime.", "Westridge §1 l", hi=100),
    Key("points.ot_loss", NUMBER, "Points for a loss in overtime.", "Westridge §1 l", hi=100),
    Key("points.so_win", NUMBER, "Points for a win in a shootout.", "NHL Rule 84.3", hi=100),
    Key("points.so_loss", NUMBER, "Points for a loss in a shootout.", "NHL Rule 84.3", hi=100),
    Key("points.forfeit_win", NUMBER, "Points for a win by forfeit.", "Westridge §1 g", hi=100),
    Key("points.forfeit_loss", NUMBER, "Points for a loss by forfeit.", "Westridge §1 g", hi=100),
    Key("points.double_forfeit", NUMBER, "Points each team gets when both forfeit.", "Westridge §1 j", hi=100),
    # -- [standings] ----------------------------------------------------------------------------------------------
    Key("standings.tiebreakers", TEXTS, "The order teams are ranked by, first to last: the first ranks the table, "
        "each next one orders the teams still level (rulebook.md says what each name does).",
        "ranking of teams (league bylaws; NHL Rule 84.8)", choices=TIEBREAKER_NAMES),
    # -- [icing] --------------------------------------------------------------------------------------------------
    Key("icing.last_min", NUMBER, "Icing is called only in the last this many minutes.", "Westridge §1 b",
        hi=90),
    Key("icing.off_margin", NUMBER, "Icing is waved off when a team leads by this many goals or more (left out: no "
        "lead waves it off).", "Westridge §1 b", default=None, lo=1, hi=100),
    Key("icing.off_if_leader_sh", YES_NO, "Icing is waved off when the leading team is short-handed.",
        "Westridge §1 b"),
    Key("icing.when_tied", TEXT, "With the score tied, icing applies to both teams or to neither.",
        "Westridge §1 b", choices=("both", "none")),
    Key("icing.in_overtime", YES_NO, "Icing is called in overtime too, in the last `last_min` minutes of each "
        "overtime period.", "Westridge §1 b, §1 l"),
    Key("icing.short_handed_may_ice", YES_NO, "A side short-handed by a penalty may ice the puck: icing is not "
        "called against it.", "NHL Rule 81.1", default=False),
    # -- [mercy] --------------------------------------------------------------------------------------------------
    Key("mercy.enabled", YES_NO, "The league has a mercy rule; with false the other keys are checked but nothing "
        "reads them.", "Westridge §1 r", default=True),
    Key("mercy.spread", NUMBER, "A lead of this many goals ends the game.", "Westridge §1 r", lo=1, hi=1000,
        off=1, idle=0),
    Key("mercy.from", TEXT, "From when the mercy rule applies.", "Westridge §1 r",
        choices=("halftime", "start", "never"), off="never", idle="never"),
    # -- [lateness] -----------------------------------------------------------------------------------------------
    Key("lateness.enabled", YES_NO, "The league has the lateness rule (with false, a forfeit entered by hand is "
        "still recorded as `forfeit_score`).", "Westridge §1 g", default=True),
    Key("lateness.goal_every_min", NUMBER, "A team not ready at the scheduled start gives the other team a goal "
        "for every full this many minutes.", "Westridge §1 g", lo=1, hi=90, off=1, idle=0),
    Key("lateness.forfeit_at_min", NUMBER, "A team this many minutes late forfeits.", "Westridge §1 g", lo=1, hi=90,
        off=1, idle=0),
    Key("lateness.forfeit_score", SCORE, "The score a forfeit is recorded as, e.g. [3, 0] (where the rule is off "
        "and the key left out: 1-0).", "Westridge §1 g",
        off=[1, 0]),
    Key("lateness.min_dressed", NUMBER, "A team with fewer players dressed forfeits.", "Westridge §1 g, §1 j",
        lo=1, hi=30, off=1, idle=0),
    # -- [on_ice] -------------------------------------------------------------------------------------------------
    Key("on_ice.max", NUMBER, "Players a side on the ice at most, goalie included.", "Westridge §2 I a", lo=2,
        hi=20),
    Key("on_ice.min", NUMBER, "The floor, at most `max`: penalties never take a side below this many (further "
        "penalties wait to start).", "Westridge §1 g, §4 I c", lo=1, hi=20),
    # -- [coed] ---------------------------------------------------------------------------------------------------
    Key("coed.enabled", YES_NO, "The league plays by co-ed rules; with false the caps are checked but nothing "
        "reads them.", _CO, default=True),
    Key("coed.caps.with_goalie.m", NUMBER, "Men a side may have on the ice while its goalie is in.", _CO, hi=20,
        off=0, idle=0),
    Key("coed.caps.with_goalie.f", NUMBER, "Women a side may have on the ice while its goalie is in.", _CO, hi=20,
        off=0, idle=0),
    Key("coed.caps.no_goalie.m", NUMBER, "Men a side may have on the ice with its goalie pulled.", _CO, hi=20,
        off=0, idle=0),
    Key("coed.caps.no_goalie.f", NUMBER, "Women a side may have on the ice with its goalie pulled.", _CO, hi=20,
        off=0, idle=0),
    Key("coed.caps.male_serving_reduction", NUMBER, "The men's cap drops by this much for each man serving a "
        "penalty that leaves the side short-handed.", "Westridge §1 i", hi=20, off=0, idle=0),
    Key("coed.caps.overtime_with_goalie_m", NUMBER, "The men's cap in overtime.", "Westridge §1 h, §1 l", hi=20,
        off=0, idle=0),
    Key("coed.div1_in_div2.sign_m", NUMBER, "Division-1 men a Division-2 team may sign.", _D1, hi=99, off=0, idle=0),
    Key("coed.div1_in_div2.dress_m", NUMBER, "Division-1 men it may dress in one game.", _D1, hi=99, off=0, idle=0),
    Key("coed.div1_in_div2.dress_f", NUMBER, "Division-1 women it may dress in one game.", _D1, hi=99, off=0, idle=0),
    Key("coed.div1_in_div2.sign_g", NUMBER, "Division-1 goalies it may sign (no dressing limit).", _D1, hi=99,
        off=0, idle=0),
    # -- [eligibility] --------------------------------------------------------------------------------------------
    Key("eligibility.playoff_min_games", NUMBER, "Regular-season games a player must have played to play in the "
        "playoffs.", "Westridge §1 k", hi=200, absent=0),
    Key("eligibility.mask_under_age", NUMBER, "Players younger than this must wear a face mask (a warning at the "
        "line-up).", "Westridge §3 d", hi=120, absent=0),
    # -- [scoring] ------------------------------------------------------------------------------------------------
    Key("scoring.goal", NUMBER, "Scoring points for a goal.", "Westridge §1 s", hi=10),
    Key("scoring.assist", NUMBER, "Scoring points for an assist.", "Westridge §1 s", hi=10),
    Key("scoring.max_assists", NUMBER, "Assists a goal may have at most.", "Westridge §1 s; NHL Rule 78.3", hi=5),
    Key("scoring.goalie_gp", TEXT, 'What a goalie\'s games played count: "dressed" (in the line-up in goal) or '
        '"played" (in net).', "statistics (league bylaws)", default="dressed", choices=GOALIE_GP),
    # -- [penalties] ----------------------------------------------------------------------------------------------
    Key("penalties.ejection_at_count", NUMBER, "A player's penalty of this number in one game, of any class, "
        "ejects the player (0: never).", "Westridge §4 I c", default=0, hi=50),
    Key("penalties.count_bench_minors", YES_NO, "Bench minors count toward `ejection_at_count`.", "Westridge §4 I c"),
    Key("penalties.game_misconduct_pim", NUMBER, "Penalty minutes a game misconduct counts.", _PEN, hi=60),
    Key("penalties.added_gm_counts_pim", YES_NO, "A game misconduct the rules add (after a fight, a second "
        "major...) counts those minutes too.", _PEN),
    Key("penalties.goalie_served_by_teammate", TEXTS, "A goalie's penalties of these classes are served in the box "
        "by a teammate.", "Westridge §4; NHL Rule 27", choices=CLASS_CHOICES),
    Key("penalties.report_last_min", NUMBER, "A misconduct in the last this many minutes of play, or after the "
        "game, goes on the post-game report (0: no such report).", "Westridge §4 V", hi=90),
    Key("penalties.sh_goal_ends_own_penalty", YES_NO, "A short-handed goal also ends the scoring side's own "
        "earliest running penalty that a goal can end.", _PEN, default=False),
    Key("penalties.ejection_at_majors", NUMBER, "A player's major of this number in one game brings a game "
        "misconduct and ejects (0: never; the NHL: 3).", "Westridge §4 IV; NHL Rule 20.4",
        default=Derived("`2` where a `[[discipline]]` row has trigger `second_major`, else `0`",
                        lambda _, book: repeat_ejection_default(book, "second_major")), hi=50),
    Key("penalties.ejection_at_misconducts", NUMBER, "A player's misconduct of this number in one game brings a "
        "game misconduct and ejects (0: never).", "Westridge §4 V",
        default=Derived("`2` where a `[[discipline]]` row has trigger `second_misconduct`, else `0`",
                        lambda _, book: repeat_ejection_default(book, "second_misconduct")), hi=50),
    Key("penalties.coincidental_offset", YES_NO, "Short-handed penalties of equal minutes to both sides at one "
        "stoppage offset: nobody plays short for them and no goal ends them.", "NHL Rule 19", default=False),
    Key("penalties.coincidental_lone_minors_short", YES_NO, "With `coincidental_offset`, one minor to each side "
        "and nothing else running: both sides play a player short.", "NHL Rule 19.1", default=False),
    # -- [penalties.classes.NAME] ---------------------------------------------------------------------------------
    Key("penalties.classes.*.min", NUMBER, "Minutes in the box.", _CLS, hi=60),
    Key("penalties.classes.*.pim", NUMBER, "Penalty minutes it counts in statistics and standings.", _CLS,
        default=Derived("the class's `min`", lambda got, _: got["min"]), hi=60),
    Key("penalties.classes.*.short_handed", YES_NO, "The team plays a player short while it runs.", _CLS),
    Key("penalties.classes.*.pp_release", YES_NO, "A goal by the other side ends it early.", "Westridge §4 II b"),
    Key("penalties.classes.*.release_needs_advantage", YES_NO, "A goal ends it only when the scoring side has more "
        "players on the ice.", "Westridge §4 II b"),
    Key("penalties.classes.*.ejects", YES_NO, "The player takes no further part in the game.",
        "Westridge §4 VI-VIII"),
    Key("penalties.classes.*.first_adds_gm", YES_NO, "Read for `major`: every major brings a game misconduct, the "
        "first one included.", "Westridge §4 IV", default=False),
    Key("penalties.classes.*.trigger", TEXT, "The `[[discipline]]` row a penalty of this class sets off when its "
        "infraction names none.", _DIS,
        default=Derived("`\"match\"` for `match`, `\"gross\"` for `gross_misconduct`, none for the others",
                        lambda got, _: CLASS_TRIGGERS.get(got["name"]))),
    # -- [infractions.CODE] ---------------------------------------------------------------------------------------
    Key("infractions.*.name", TEXT, "The infraction as shown and printed.", _INF),
    Key("infractions.*.class", TEXT, "The class it is given in by default.", _INF, choices=CLASS_CHOICES),
    Key("infractions.*.also", TEXTS, "Other classes the referee may give it in.", _INF, default=[],
        choices=CLASS_CHOICES),
    Key("infractions.*.minutes", NUMBER, "Minutes in the box when given in its default class, instead of the "
        "class's `min`.", _INF, default=None, hi=60),
    Key("infractions.*.section", TEXT, 'Where the league\'s printed rulebook has it, e.g. "§6 XIX".', _INF),
    Key("infractions.*.rule", TEXT, "The rule ID it falls under (a key of `[rules]`).", _INF),
    Key("infractions.*.adds_gm", YES_NO, "It also brings a game misconduct.", _INF, default=False),
    Key("infractions.*.ejects", YES_NO, "It ejects the offender, whatever its class.", _INF, default=False),
    Key("infractions.*.trigger", TEXT, "The `[[discipline]]` row it sets off.", _DIS, default=None),
    Key("infractions.*.report", YES_NO, "It goes on the post-game report to the league.", "Westridge §4 V",
        default=Derived("the value of `adds_gm`", lambda got, _: got["adds_gm"])),
    Key("infractions.*.coed_only", YES_NO, "It exists only in co-ed divisions.", "Westridge §1 t", default=False),
    Key("infractions.*.repeat_warning", TEXT, "A team's second penalty for it in one game warns with this text.",
        _INF, default=None),
    Key("infractions.*.double_minor", YES_NO, "Given in its default class (a minor or bench minor, no `minutes`), "
        "it is a double minor: two penalties served back to back.", "NHL Rule 18", default=False),
    # -- [[discipline]] -------------------------------------------------------------------------------------------
    Key("discipline[].trigger", TEXT, "The row's name: what sets it off.", _DIS),
    Key("discipline[].rule", TEXT, "The rule ID cited on suspensions and fines.", _DIS),
    Key("discipline[].fine_row", TEXT, "The line of the league's fines table printed on the fine statements.",
        _DIS),
    Key("discipline[].suspend", SUSPENSION, "The suspension: so many games, the rest of the season, or until the "
        "office lifts it.", "Westridge §8", default=0),
    Key("discipline[].min_games", NUMBER, 'For "indefinite": games at least before it may be lifted.',
        "Westridge §8", default=None, hi=200),
    Key("discipline[].fine_cents", NUMBER, "The fine in cents.", _DIS, default=0, hi=10**7),
    Key("discipline[].fine_per_game_cents", NUMBER, "A fine in cents for each game concerned.", _DIS, default=0,
        hi=10**7),
    Key("discipline[].payer", TEXT, "Who is billed.", _DIS, default=Derived("`[fines] default_payer`", _file_payer),
        choices=PAYERS),
    Key("discipline[].replaces", TEXT, "The trigger of a row this one replaces rather than adds to.", _DIS,
        default=None),
    Key("discipline[].adds_gm", YES_NO, "It also brings a game misconduct.", _DIS, default=False),
    Key("discipline[].review", YES_NO, "The case goes to the league's Suspension Director.", "Westridge §8",
        default=False),
    Key("discipline[].count", NUMBER, "For `season_incidents`: the incidents that set it off; with `repeat_of`: "
        "the offence of the season from which it is set off.", _DIS,
        default=Derived("`2` for a row `second_gross`, else none",
                        lambda got, _: REPEAT_ROWS.get(got["trigger"], (None, None))[1]), lo=1),
    Key("discipline[].confirm", TEXT, 'Who must confirm it (e.g. "director"): the row only proposes its '
        "suspension, which bars the player once the office confirms it.", "Westridge §8", default=None),
    Key("discipline[].repeat_of", TEXT, "The trigger of the row this one is set off instead of, from a player's "
        "`count`-th such offence of the season.", _DIS,
        default=Derived("`\"gross\"` for a row `second_gross`, else none",
                        lambda got, _: REPEAT_ROWS.get(got["trigger"], (None, None))[0])),
    # -- [fines], [suspensions], [appeals], [injured_goalie] ------------------------------------------------------
    Key("fines.default_payer", TEXT, "Who pays a fine whose row does not say.", "Westridge fines table",
        choices=PAYERS, absent="player"),
    Key("suspensions.count_forfeits", YES_NO, "A game the team forfeits counts as a game served.", "Westridge §8",
        absent=True),
    Key("suspensions.carry_playoffs", YES_NO, "Games still to serve carry into the playoffs.", "Westridge §8",
        absent=True),
    Key("suspensions.carry_next_season", YES_NO, "Games still to serve carry into the league's next season.",
        "Westridge §8", absent=True),
    Key("suspensions.scope", TEXT, "A suspension follows the person to any team, or bars the player only from the "
        "team of the offence.", "Westridge §8", choices=("person", "team"), absent="person"),
    Key("suspensions.notify_captain", TEXT, "When the team captain must be told of a suspension (none: no notice "
        "is tracked).", "Westridge §8", choices=("before_next_game", "none"), absent="none"),
    Key("appeals.fee_cents", NUMBER, "The appeal fee in cents.", "Westridge §8", hi=10**6, absent=0),
    Key("appeals.channels", TEXTS, 'How an appeal may be filed: "official_form", "e-mail", "phone" or another '
        "word (none named: notices say to ask the league office).", "Westridge §8", absent=[]),
    Key("injured_goalie.recover_min", NUMBER, "Minutes an injured goalie has to recover when no second goalie is "
        "dressed.", "Westridge §2 III", default=10, hi=90),
    Key("injured_goalie.substitute_min", NUMBER, "Minutes more when a skater has to dress as goalie.",
        "Westridge §2 III", default=5, hi=90),
    # -- [rules] --------------------------------------------------------------------------------------------------
    Key("rules.*.section", TEXT, "Where the rule is in the league's printed rulebook."),
    Key("rules.*.title", TEXT, "The rule in a few words."),
)

KEY_BY_PATH: dict[str, Key] = {k.path: k for k in KEYS}
TABLE_BY_PATH: dict[str, Table] = {t.path: t for t in TABLES}


def key(path: str) -> Key:
    """The declaration of the key at `path` (a KeyError names a key the loader reads but nobody declared)."""
    return KEY_BY_PATH[path]


def table_of(path: str) -> Table:
    return TABLE_BY_PATH[path]


def child_path(table: str, name: str) -> str:
    """The schema path of `name` inside `table`: a `*` table's children all stand as `*`; a list of tables as []."""
    if TABLE_BY_PATH.get(table) is not None and f"{table}.*" in TABLE_BY_PATH:
        return f"{table}.*"
    path = f"{table}.{name}" if table else name
    return f"{path}[]" if f"{path}[]" in TABLE_BY_PATH else path


def allowed_names(table: str) -> tuple[str, ...] | None:
    """The keys and sub-tables a table may hold, in declaration order (None: any name, as infraction codes)."""
    spec = TABLE_BY_PATH[table]
    if f"{table}.*" in TABLE_BY_PATH:
        return spec.names
    names = [k.name for k in KEYS if k.table == table]
    for t in TABLES:
        parent, _, last = t.path.removesuffix("[]").rpartition(".")
        if t.path and parent == table and last != "*":
            names.append(last)
    return tuple(names)


def keys_of(table: str) -> tuple[Key, ...]:
    return tuple(k for k in KEYS if k.table == table)
