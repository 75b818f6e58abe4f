"""The rulebook's suspension and appeal keys decide the outcomes: where a suspension bars a player (`scope`),
whether it is in force and served in the playoffs (`carry_playoffs`), whether the captain's notice is flagged
(`notify_captain`, SUSP-2), how an appeal may be filed (`channels`, APPEAL-1), and which discipline row a penalty
class or a repeat within the season sets off (`penalties.classes.*.trigger`, `discipline[].repeat_of`, A-29)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.resources import resource_path
from scorekeeper.rulebook import Rulebook, RulebookError, parse_rulebook
from scorekeeper.rules.appeals import check_appeals
from scorekeeper.rules.discipline import sanctions, suspension_verdicts
from scorekeeper.rules.eligibility import player_status
from scorekeeper.rules.lineup import check_lineups
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import normalise
from tests.data import EXAMPLE_SEASON

SHIPPED = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
BASE = json.loads(EXAMPLE_SEASON.read_text())


def book(*edits: tuple[str, str]) -> Rulebook:
    """The shipped rulebook with each (old, new) line replaced once."""
    text = SHIPPED
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return parse_rulebook(text, origin="edited")


def season(rulebook: Rulebook, *changes: Callable[[dict[str, Any]], None]) -> SeasonView:
    data = copy.deepcopy(BASE)
    for change in changes:
        change(data)
    return SeasonView(normalise(data), rulebook)


def game(data: dict[str, Any], gid: str) -> dict[str, Any]:
    return next(g for g in data["games"] if g["id"] == gid)


def penalty(player: str, infraction: str, elapsed: str = "01:00", **kw: Any) -> dict[str, Any]:
    return {"type": "penalty", "team": "home", "period": 1, "elapsed": elapsed, "player": player,
            "infraction": infraction, **kw}


def ly04_fights_in_g002(data: dict[str, Any]) -> None:
    game(data, "g002")["events"].append(penalty("ly04", "fighting"))


def ly04_signs_with_owls(data: dict[str, Any]) -> None:
    data["roster"].append({"team": "owls", "player": "ly04", "number": 44, "position": "skater"})


def g004_is_a_playoff_game(data: dict[str, Any]) -> None:
    game(data, "g004")["stage"] = "playoff"


def a_final_playoff_game_of_lynx(data: dict[str, Any]) -> None:
    data["games"].append({"id": "g005", "date": "2015-10-25", "time": "19:00", "stage": "playoff", "home": "lynx",
                          "away": "owls", "status": "final", "events": [],
                          "lineups": {"home": [{"player": "ly01", "goalie": True}, {"player": "ly02"}],
                                      "away": [{"player": "ow01", "goalie": True}, {"player": "ow02"}]}})


def line_ups_in_g004(data: dict[str, Any]) -> None:
    game(data, "g004")["lineups"] = {"home": [{"player": "ow01", "goalie": True}, {"player": "ow02"}],
                                     "away": [{"player": "ly01", "goalie": True}, {"player": "ly02"}]}


SHIPPED_BOOK = parse_rulebook(SHIPPED)
TEAM_SCOPE = book(('scope = "person"', 'scope = "team"'))
NO_PLAYOFF_CARRY = book(("carry_playoffs = true", "carry_playoffs = false"))


# -- scope ---------------------------------------------------------------------------------------------------
def test_susp_1_a_suspension_of_person_scope_bars_the_player_from_every_team():
    view = season(SHIPPED_BOOK, ly04_fights_in_g002, ly04_signs_with_owls)
    assert player_status(view, "g004", "away", "ly04").code == "suspended"  # for lynx, the team of the offence
    assert player_status(view, "g004", "home", "ly04").code == "suspended"  # for owls too


def test_susp_1_a_suspension_of_team_scope_bars_the_player_only_from_the_team_of_the_offence():
    view = season(TEAM_SCOPE, ly04_fights_in_g002, ly04_signs_with_owls)
    assert player_status(view, "g004", "away", "ly04").code == "suspended"
    owls = player_status(view, "g004", "home", "ly04")
    assert (owls.code, owls.may_dress) == ("ok", True)


# -- carry into the playoffs ---------------------------------------------------------------------------------
def test_susp_1_a_regular_season_suspension_carries_into_the_playoffs_where_the_rulebook_says_so():
    view = season(SHIPPED_BOOK, ly04_fights_in_g002, g004_is_a_playoff_game, a_final_playoff_game_of_lynx)
    assert player_status(view, "g004", "away", "ly04").suspended is not None
    (verdict,) = [v for v in suspension_verdicts(view) if v.player == "ly04"]
    assert (verdict.served, verdict.status) == (1, "active")  # the final playoff game g005 served one


def test_susp_1_without_carry_playoffs_a_regular_season_suspension_neither_bars_nor_is_served_in_the_playoffs():
    view = season(NO_PLAYOFF_CARRY, ly04_fights_in_g002, g004_is_a_playoff_game, a_final_playoff_game_of_lynx)
    assert player_status(view, "g004", "away", "ly04").suspensions == ()
    (verdict,) = [v for v in suspension_verdicts(view) if v.player == "ly04"]
    assert (verdict.served, verdict.status) == (0, "active")
    # a regular-season game still counts
    assert player_status(season(NO_PLAYOFF_CARRY, ly04_fights_in_g002), "g004", "away", "ly04").suspended


# -- the captain's notice ------------------------------------------------------------------------------------
def test_susp_2_the_team_s_next_game_is_flagged_without_the_captain_s_notice_before_next_game():
    view = season(SHIPPED_BOOK, ly04_fights_in_g002, line_ups_in_g004)
    assert [v.rule for v in check_lineups(view, "g004")].count("SUSP-2") == 1


def test_susp_2_no_flag_where_the_rulebook_keeps_no_captain_s_notice():
    view = season(book(('notify_captain = "before_next_game"', 'notify_captain = "none"')), ly04_fights_in_g002,
                  line_ups_in_g004)
    assert "SUSP-2" not in [v.rule for v in check_lineups(view, "g004")]


def test_notify_captain_takes_only_the_values_it_has_a_meaning_for():
    with pytest.raises(RulebookError, match="notify_captain.*must be one of before_next_game, none"):
        book(('notify_captain = "before_next_game"', 'notify_captain = "within_a_week"'))


# -- appeal channels -----------------------------------------------------------------------------------------
def an_appeal_without_a_form(data: dict[str, Any]) -> None:
    data["appeals"] = [{"player": "ly04", "game": "g002", "filed": "2015-10-05", "form": "", "fee_paid": True,
                        "decision": "pending"}]


def test_appeal_1_an_appeal_without_a_form_is_refused_where_the_form_is_the_only_channel():
    (v,) = check_appeals(season(SHIPPED_BOOK, ly04_fights_in_g002, an_appeal_without_a_form))
    assert (v.rule, v.severity) == ("APPEAL-1", "block")
    assert "no official league appeal form number; e-mail and phone appeals are not accepted" in v.message


def test_appeal_1_an_appeal_without_a_form_stands_where_the_rulebook_takes_e_mail_appeals():
    email = book(('channels = ["official_form"]', 'channels = ["official_form", "e-mail"]'))
    assert check_appeals(season(email, ly04_fights_in_g002, an_appeal_without_a_form)) == []


# -- the rows penalty classes and repeats set off -----------------------------------------------------------
def gross_misconducts(n: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        game(data, "g002")["events"] += [penalty("ly04", "gross_misconduct", f"0{k}:00") for k in range(1, n + 1)]
    return change


def test_a_29_the_second_gross_misconduct_of_the_season_sets_off_its_own_row_instead():
    rows = [s.row.trigger for s in sanctions(season(SHIPPED_BOOK, gross_misconducts(2)))]
    assert "second_gross" in rows and "gross" not in rows


def test_a_29_the_repeat_row_s_count_is_the_rulebook_s():
    third = book(('repeat_of = "gross"               # set off instead of the gross row from the player\'s 2nd of '
                  'the season (A-29)\ncount = 2', 'repeat_of = "gross"\ncount = 3'))
    assert [s.row.trigger for s in sanctions(season(third, gross_misconducts(2)))] == ["gross", "gross"]
    assert [s.row.trigger for s in sanctions(season(third, gross_misconducts(3)))] == ["second_gross"]


def test_a_match_penalty_sets_off_the_row_its_class_names_when_the_infraction_names_none():
    no_own = ('section = "§6 III"\nrule = "PEN-MATCH-1"\ntrigger = "match"', 'section = "§6 III"\nrule = "PEN-MATCH-1"')
    plain = book(no_own)
    to_gross = book(no_own, ('ejects = true\ntrigger = "match"', 'ejects = true\ntrigger = "gross"'))
    attempt = season(plain, lambda d: game(d, "g002")["events"].append(penalty("ly04", "attempt_to_injure")))
    assert [s.row.trigger for s in sanctions(attempt)] == ["match"]
    attempt = season(to_gross, lambda d: game(d, "g002")["events"].append(penalty("ly04", "attempt_to_injure")))
    assert [s.row.trigger for s in sanctions(attempt)] == ["gross"]
