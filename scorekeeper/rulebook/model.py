"""The rulebook as typed, immutable data: every number and default reading the core consults.

The records declare no defaults: each field is a key of `schema.py`, found by the field's name (or by the `key` in its
metadata, relative to the record's table: 'caps.no_goalie.m'), and the loader fills every field from there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PENALTY_CLASSES = (
    "minor", "bench_minor", "major", "misconduct", "game_misconduct", "gross_misconduct", "match",
)
STAGES = ("regular", "playoff")


@dataclass(frozen=True)
class Clock:
    periods: int
    period_min: int
    period_word: str
    stop_time_last_min: int


@dataclass(frozen=True)
class Overtime:
    enabled: bool
    min: int
    stop_time_last_min: int
    skaters: int
    sudden_death: bool
    max_periods: int  # 0: repeat until a goal
    new_timeouts: int
    # a penalty in overtime adds a skater to the other side instead of taking one off (3-on-3 overtime)
    penalties_add_skaters: bool


@dataclass(frozen=True)
class Points:
    win: int
    tie: int
    loss: int
    ot_win: int
    ot_loss: int
    so_win: int
    so_loss: int
    forfeit_win: int
    forfeit_loss: int
    double_forfeit: int


@dataclass(frozen=True)
class Icing:
    last_min: int
    off_margin: int | None  # a lead of this many waves icing off (None: no lead does)
    off_if_leader_sh: bool
    when_tied: str
    in_overtime: bool
    # a short-handed side may ice the puck: icing is not called against it while it has fewer players on the ice
    short_handed_may_ice: bool


@dataclass(frozen=True)
class Mercy:
    """The mercy rule (`enabled` False: the league has none, its table left out or switched off)."""

    spread: int
    from_: str = field(metadata={"key": "from"})
    enabled: bool


@dataclass(frozen=True)
class Lateness:
    """Lateness goals and forfeits, and the fewest players a team dresses (`enabled` False: none of them; the
    forfeit score still records a forfeit entered by hand)."""

    goal_every_min: int
    forfeit_at_min: int
    forfeit_score: tuple[int, int]
    min_dressed: int
    enabled: bool


@dataclass(frozen=True)
class OnIce:
    max: int
    min: int


@dataclass(frozen=True)
class Coed:
    with_goalie_m: int = field(metadata={"key": "caps.with_goalie.m"})
    with_goalie_f: int = field(metadata={"key": "caps.with_goalie.f"})
    no_goalie_m: int = field(metadata={"key": "caps.no_goalie.m"})
    no_goalie_f: int = field(metadata={"key": "caps.no_goalie.f"})
    male_serving_reduction: int = field(metadata={"key": "caps.male_serving_reduction"})
    overtime_with_goalie_m: int = field(metadata={"key": "caps.overtime_with_goalie_m"})
    sign_m: int = field(metadata={"key": "div1_in_div2.sign_m"})
    dress_m: int = field(metadata={"key": "div1_in_div2.dress_m"})
    dress_f: int = field(metadata={"key": "div1_in_div2.dress_f"})
    sign_g: int = field(metadata={"key": "div1_in_div2.sign_g"})
    enabled: bool  # False: no co-ed rules, divisions marked co-ed play as any other


@dataclass(frozen=True)
class Eligibility:
    playoff_min_games: int
    mask_under_age: int


GOALIE_GP = ("dressed", "played")  # what a goalie's games played count (`scoring.goalie_gp`)


@dataclass(frozen=True)
class Scoring:
    goal: int
    assist: int
    max_assists: int
    goalie_gp: str  # a goalie's games played: "dressed" (in the line-up in goal) or "played" (in net)


@dataclass(frozen=True)
class PenaltyClass:
    name: str
    min: int
    pim: int
    short_handed: bool
    pp_release: bool
    release_needs_advantage: bool
    ejects: bool
    first_adds_gm: bool
    trigger: str | None  # the discipline row a penalty of this class sets off where its infraction names none


@dataclass(frozen=True)
class Penalties:
    ejection_at_count: int
    count_bench_minors: bool
    game_misconduct_pim: int
    added_gm_counts_pim: bool
    goalie_served_by_teammate: tuple[str, ...]
    report_last_min: int
    classes: dict[str, PenaltyClass]
    # a goal by the short-handed side also ends its own earliest running releasable penalty
    sh_goal_ends_own_penalty: bool
    # a player's major (misconduct) of this number in one game brings a game misconduct and ejects (0: never)
    ejection_at_majors: int
    ejection_at_misconducts: int
    # short-handed penalties of equal minutes to both sides at one instant offset: nobody plays short for them
    # and a goal ends none of them (NHL Rule 19); the rest are served as usual
    coincidental_offset: bool
    # ...except one minor to each side with no other short-handed penalty on the clock: both sides play short
    coincidental_lone_minors_short: bool


@dataclass(frozen=True)
class Infraction:
    code: str
    name: str
    cls: str = field(metadata={"key": "class"})
    also: tuple[str, ...]
    minutes: int | None
    section: str
    rule: str
    adds_gm: bool
    ejects: bool
    trigger: str | None
    report: bool
    coed_only: bool
    # a team's second penalty for this infraction in a game warns with this text (None: no warning)
    repeat_warning: str | None
    # given in its default class (a minor or bench minor), it is two such penalties served back to back: twice
    # the minutes, and a goal that ends it ends only the part running (a double minor)
    double_minor: bool

    def classes(self) -> tuple[str, ...]:
        """The default class first, then the alternatives the referee may give."""
        return (self.cls, *self.also)

    @property
    def plain_name(self) -> str:
        """The name without its closing note in brackets, as a game sheet prints it: 'Tripping (5 minutes when it
        injures)' -> 'Tripping' (the sheet's class column says whether it was a major)."""
        head, sep, _ = self.name.partition(" (")
        return head if sep and head and self.name.endswith(")") else self.name


@dataclass(frozen=True)
class DisciplineRow:
    trigger: str
    rule: str
    fine_row: str
    suspend: int | str  # games, "season", "indefinite" or 0
    min_games: int | None
    fine_cents: int
    fine_per_game_cents: int
    payer: str
    replaces: str | None
    adds_gm: bool
    review: bool
    count: int | None
    confirm: str | None
    repeat_of: str | None  # set off instead of that row from a player's `count`-th such offence of the season


@dataclass(frozen=True)
class InjuredGoalie:
    """Time an injured goalie's team gets: `recover_min` without a second goalie dressed, plus `substitute_min`
    when a skater has to dress as goalie."""

    recover_min: int
    substitute_min: int


@dataclass(frozen=True)
class RuleRef:
    id: str
    section: str
    title: str


@dataclass(frozen=True)
class Rulebook:
    """One league's rulebook: loaded from a TOML file by `scorekeeper.rulebook.load_rulebook`."""

    id: str
    name: str
    league: str
    timeouts_per_game: int
    timeouts_carry_into_ot: bool
    clock: Clock
    overtime: dict[str, Overtime]
    shootout: dict[str, bool]  # stage -> a tie after overtime goes to a shootout
    points: Points
    tiebreakers: tuple[str, ...]
    icing: Icing
    mercy: Mercy
    lateness: Lateness
    on_ice: OnIce
    coed: Coed
    eligibility: Eligibility
    scoring: Scoring
    penalties: Penalties
    infractions: dict[str, Infraction]
    discipline: tuple[DisciplineRow, ...]
    suspensions: dict[str, object]
    appeal_fee_cents: int
    appeal_channels: tuple[str, ...]
    default_fine_payer: str
    rules: dict[str, RuleRef]
    shootout_winner_goal: bool  # the shootout's winner gets one goal in the final score
    injured_goalie: InjuredGoalie
    source_text: str = field(default="", repr=False, compare=False)

    # -- derived helpers -------------------------------------------------------------------------------
    def section(self, rule_id: str) -> str:
        """The rulebook section of a rule ID ('' when unknown)."""
        ref = self.rules.get(rule_id)
        return ref.section if ref else ""

    @property
    def regulation_seconds(self) -> int:
        return self.clock.periods * self.clock.period_min * 60

    def overtime_for(self, stage: str) -> Overtime:
        return self.overtime[stage]

    def penalty_minutes(self, infraction: Infraction, cls: str) -> int:
        """Timed minutes of a penalty of this infraction given in class `cls` (a double minor's: both parts)."""
        if cls == infraction.cls and infraction.minutes is not None:
            return infraction.minutes
        return self.penalties.classes[cls].min * self.penalty_parts(infraction, cls)

    @staticmethod
    def penalty_parts(infraction: Infraction, cls: str) -> int:
        """The penalties served back to back for one of this infraction given in class `cls` (2: a double minor)."""
        return 2 if infraction.double_minor and cls == infraction.cls else 1

    def reported_codes(self) -> frozenset[str]:
        """The infraction codes that go on the post-game report to the league (`report = true`)."""
        return frozenset(code for code, inf in self.infractions.items() if inf.report)

    def discipline_row(self, trigger: str) -> DisciplineRow | None:
        for row in self.discipline:
            if row.trigger == trigger:
                return row
        return None
