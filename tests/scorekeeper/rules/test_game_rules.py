"""The game's rule modules answer with typed verdicts read from the rulebook (penalties, ejections, the report to
the league, results, on the ice), and rulebook files written before their keys existed read as the shipped one."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.resources import resource_path
from scorekeeper.rulebook import load_rulebook, parse_rulebook
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules import on_ice, results
from scorekeeper.rules.ejections import PenaltyCounts, judge_ejection
from scorekeeper.rules.league_report import report_reason
from scorekeeper.rules.penalties import PenaltyCall, judge_penalty, read_call, repeat_warning, server_kind
from scorekeeper.rules.violation import Violation

BOOK = load_rulebook()
SHIPPED = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")


def _with_penalties(**keys: Any) -> Rulebook:
    return replace(BOOK, penalties=replace(BOOK.penalties, **keys))


def _call(code: str, cls: str | None = None) -> PenaltyCall:
    call = read_call(BOOK, code, cls, coed=False)
    assert isinstance(call, PenaltyCall)
    return call


# -- ejections ---------------------------------------------------------------------------------------------
def test_pen_major_2_the_second_major_ejects_with_a_game_misconduct_and_sets_off_its_row():
    first = judge_ejection(BOOK, BOOK.infractions["slashing"], "major", PenaltyCounts())
    second = judge_ejection(BOOK, BOOK.infractions["slashing"], "major", first.counts)
    assert (first.rule, first.added_gm, first.repeat) == (None, False, None)
    assert (second.rule, second.added_gm, second.repeat) == ("PEN-MAJOR-2", True, "second_major")


def test_pen_major_2_the_count_is_the_rulebooks_and_zero_means_never():
    book = _with_penalties(ejection_at_majors=3)
    counts = PenaltyCounts(majors=1, penalties=1)
    assert judge_ejection(book, book.infractions["slashing"], "major", counts).rule is None
    assert judge_ejection(book, book.infractions["slashing"], "major", replace(counts, majors=2)).rule == "PEN-MAJOR-2"
    never = _with_penalties(ejection_at_majors=0)
    assert judge_ejection(never, never.infractions["slashing"], "major", counts).repeat is None


def test_pen_misc_3_the_second_misconduct_ejects_and_its_count_is_a_key():
    assert judge_ejection(BOOK, BOOK.infractions["misconduct"], "misconduct",
                          PenaltyCounts(misconducts=1)).rule == "PEN-MISC-3"
    book = _with_penalties(ejection_at_misconducts=0)
    assert judge_ejection(book, book.infractions["misconduct"], "misconduct", PenaltyCounts(misconducts=1)).rule is None


def test_pen_gen_3_the_third_counted_penalty_ejects_bench_minors_aside():
    assert judge_ejection(BOOK, BOOK.infractions["tripping"], "minor", PenaltyCounts(penalties=2)).rule == "PEN-GEN-3"
    bench = judge_ejection(BOOK, BOOK.infractions["too_many_players"], "bench_minor", PenaltyCounts(penalties=2))
    assert bench.rule is None and bench.counts.penalties == 2


def test_a_repeat_row_without_adds_gm_ejects_without_a_game_misconduct():
    rows = tuple(replace(r, adds_gm=False) if r.trigger == "second_major" else r for r in BOOK.discipline)
    book = replace(BOOK, discipline=rows)
    verdict = judge_ejection(book, book.infractions["slashing"], "major", PenaltyCounts(majors=1))
    assert (verdict.rule, verdict.added_gm) == ("PEN-MAJOR-2", False)


# -- penalties ---------------------------------------------------------------------------------------------
def test_pen_gen_1_an_unknown_code_a_class_not_given_and_a_co_ed_code_are_refused_with_their_rule():
    unknown, wrong_class, coed_only = (read_call(BOOK, "triping", None, False),
                                       read_call(BOOK, "hooking", "major", False),
                                       read_call(BOOK, "high_slap_shot", None, False))
    assert isinstance(unknown, Violation) and unknown.rule == "PEN-GEN-1"
    assert isinstance(wrong_class, Violation) and wrong_class.rule == BOOK.infractions["hooking"].rule
    assert isinstance(coed_only, Violation) and coed_only.rule == "COED-3"
    assert isinstance(read_call(BOOK, "high_slap_shot", None, True), PenaltyCall)


def test_an_infractions_own_minutes_are_its_penalty_minutes_and_a_class_counts_its_pim():
    assert (judge_penalty(BOOK, _call("body_contact"), PenaltyCounts()).pim,
            judge_penalty(BOOK, _call("instigator"), PenaltyCounts()).pim) == (3, 7 + 10)
    gm = judge_penalty(BOOK, _call("game_misconduct"), PenaltyCounts())
    assert (gm.minutes, gm.pim) == (0, 10)
    minors_count_one = replace(BOOK, penalties=replace(BOOK.penalties, classes={
        **BOOK.penalties.classes, "minor": replace(BOOK.penalties.classes["minor"], pim=1)}))
    assert judge_penalty(minors_count_one, _call("tripping"), PenaltyCounts()).pim == 1


def test_pen_goalie_1_who_serves_a_goalies_a_benchs_and_an_ejected_players_penalty():
    def kind(cls: str, **who: bool) -> str:
        return server_kind(BOOK, cls, **{"named": False, "bench": False, "goalie_offender": False, "ejected": False,
                                         **who})

    assert kind("minor", goalie_offender=True) == "teammate"
    assert kind("game_misconduct", goalie_offender=True) == "offender"
    assert kind("major", ejected=True) == "substitute" and kind("minor", bench=True) == "bench"
    assert kind("minor", named=True, goalie_offender=True) == "named"


def test_pen_contact_1_a_repeat_warning_is_the_rulebooks_text():
    warning = repeat_warning(BOOK, BOOK.infractions["body_contact"], "home (Otters)")
    assert warning is not None and warning.rule == "PEN-CONTACT-1" and warning.severity == "warn"
    assert warning.message == ("home (Otters) was warned for body contact earlier in this game: eviction may apply "
                               "(section 1 l)")
    assert repeat_warning(BOOK, BOOK.infractions["tripping"], "home (Otters)") is None


# -- the report to the league ------------------------------------------------------------------------------
def test_pen_report_1_reasons_come_from_the_class_the_report_key_the_game_misconduct_and_lateness():
    assert report_reason(BOOK, "match", "attempt_to_injure", False, False) == "match"
    assert report_reason(BOOK, "major", "slew_foot", False, False) == "slew foot"
    assert report_reason(BOOK, "major", "fighting", True, False) == "fighting"
    assert report_reason(BOOK, "major", "slashing", True, False) == "game misconduct"
    assert report_reason(BOOK, "misconduct", "misconduct", False, True) == "late misconduct"
    assert report_reason(BOOK, "minor", "tripping", False, False) is None
    assert BOOK.reported_codes() == {"fighting", "instigator", "slew_foot"}


# -- results and on the ice --------------------------------------------------------------------------------
def _decide(score: dict[str, int], forfeit: str | None = None, shootout_winner: str | None = None,
            went_ot: bool = False) -> results.Result:
    return results.decide(BOOK, score, forfeit=forfeit, called=None, shootout_winner=shootout_winner, mercy=False,
                          went_ot=went_ot)


def test_pts_1_forf_2_the_result_and_its_points_read_the_rulebook():
    tied = {"home": 2, "away": 2}
    assert _decide(tied) == results.Result("regulation", None, {"home": 1, "away": 1})
    assert _decide({"home": 3, "away": 2}, went_ot=True).points == {"home": 2, "away": 0}
    forfeit = _decide(tied, forfeit="home")
    assert (forfeit.winner, forfeit.score, forfeit.forfeited) == ("away", {"away": 3, "home": 0}, True)
    shootout = _decide(tied, shootout_winner="away")
    assert (shootout.decision, shootout.score) == ("shootout", {"home": 2, "away": 3})


def test_game_5_injured_goalie_minutes_are_the_rulebooks():
    assert on_ice.injured_goalie_minutes(BOOK, backup=False) == 15
    assert on_ice.injured_goalie_minutes(BOOK, backup=True) == 0


def test_game_4_icing_in_overtime_is_called_in_the_last_minutes_of_the_period_where_the_rulebook_says_so():
    reg = BOOK.regulation_seconds
    level, strength = {"home": 1, "away": 1}, {"home": 5, "away": 5}
    assert not on_ice.icing(BOOK, reg + 270, level, strength, True, reg + 300)
    in_ot = replace(BOOK, icing=replace(BOOK.icing, in_overtime=True))
    assert on_ice.icing(in_ot, reg + 270, level, strength, True, reg + 300)
    assert not on_ice.icing(in_ot, reg + 60, level, strength, True, reg + 300)


# -- rulebook files written before these keys ----------------------------------------------------------------
def test_a_rulebook_without_the_new_keys_reads_as_the_shipped_one_but_for_the_repeat_warning():
    old = SHIPPED
    for line in ("ejection_at_majors = 2", "ejection_at_misconducts = 2", "report = true",
                 'repeat_warning = "eviction may apply (section 1 l)"'):
        old = "\n".join(x for x in old.splitlines() if not x.startswith(line))
    old = old.replace("[injured_goalie]", "").replace("recover_min = 10", "").replace("substitute_min = 5", "")
    book = parse_rulebook(old)
    assert (book.penalties, book.injured_goalie) == (BOOK.penalties, BOOK.injured_goalie)
    assert book.reported_codes() == {"fighting", "instigator"}  # an infraction that adds a game misconduct
    assert book.infractions["body_contact"].repeat_warning is None
