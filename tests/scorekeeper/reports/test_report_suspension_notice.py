"""Suspension notices to the team captain (issue 5, point 3): the player, offence, games, review, appeal."""

from __future__ import annotations

import pytest

from scorekeeper.reports.data import ReportError, suspension_notices_data
from scorekeeper.reports.suspension_notice import build_suspension_notices
from tests.scorekeeper.reports.conftest import flat, pdf_pages


def notice(svc, player: str, game: str | None = None) -> list[str]:
    data = suspension_notices_data(svc, player, game=game, date="2015-10-26")
    return [flat(p) for p in pdf_pages(build_suspension_notices(data))]


def test_fighting_notice_names_the_player_the_five_games_and_the_offence(svc):
    (page,) = notice(svc, "fl")
    assert "NOTICE OF SUSPENSION" in page
    assert "François Lefèbvre (#21) is suspended for five (5) games for Fighting in game g101" in page
    assert "PEN-FIGHT-1" in page and "§1 l; §6 X; fines table" in page
    assert "1st half 12:00: Fighting (major + game misconduct, 5 min)" in page
    assert "Games served: 1; games left: 4." in page and "1 served, 4 left" in page
    assert "$50.00, paid by the player" in page


def test_notice_goes_to_the_captain_and_lists_the_games_sat_out(svc):
    (page,) = notice(svc, "ot04")
    assert "OT2 Otters, captain, Otters otters.captain@example.org" in page
    assert "November 1, 2015 g102 Herons served" in page
    assert "November 8, 2015 g103 Herons to be missed" in page
    assert "3 more game(s) not yet scheduled" in page
    assert "Pending: the suspension stays in force until it is decided" in page  # the appeal filed


def test_suspension_director_review_and_section_8_appeal_procedure(svc):
    (page,) = notice(svc, "ot04")
    assert "Review by the Suspension Director." in page
    assert "APPEAL PROCEDURE (rulebook Section 8)" in page
    assert "Official League Appeal Form" in page and "canteen at a cost of $10.00" in page
    assert "NO E-MAIL APPEALS OR PHONE CALLS WILL BE ACCEPTED." in page
    assert "NOT PERMITTED to participate until a final decision" in page


def test_game_option_picks_one_suspension(svc):
    assert len(notice(svc, "ot04", game="g101")) == 1
    with pytest.raises(ReportError, match="has no suspension from game g001"):
        suspension_notices_data(svc, "ot04", game="g001")


def test_unknown_player_or_no_suspension_is_a_clear_error(svc):
    with pytest.raises(ReportError, match="no player 'nope'"):
        suspension_notices_data(svc, "nope")
    with pytest.raises(ReportError, match=r"OT3 Otters \(ot03\) has no suspension"):
        suspension_notices_data(svc, "ot03")


def test_repeatable_output(svc):
    data = suspension_notices_data(svc, "ot04", date="2015-10-26")
    assert build_suspension_notices(data) == build_suspension_notices(data)
