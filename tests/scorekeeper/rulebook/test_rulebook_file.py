"""The rulebook file: every number is data, loading names the bad key and the reason."""

import pytest

from scorekeeper.resources import resource_path
from scorekeeper.rulebook import RulebookError, load_rulebook, parse_rulebook

TEXT = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
CATALOGUE_CODES = {
    "body_contact", "diving_contact", "goalie_contact", "high_slap_shot", "illegal_change", "too_many_players",
    "delay_of_game", "unidentified_abuse", "ineligible_player", "illegal_footwear", "traction_substance",
    "abuse_of_officials", "puck_out_of_reach", "not_to_penalty_bench", "misconduct", "game_misconduct",
    "gross_misconduct", "attempt_to_injure", "match_penalty", "equipment_delay", "broken_stick", "cross_checking",
    "elbowing", "falling_on_puck", "goalie_holding_puck", "fighting", "instigator", "roughing", "high_sticking",
    "high_stick_puck", "holding", "hooking", "interference", "puck_over_boards", "slashing", "throwing_stick",
    "tripping", "slew_foot", "goalie_leaving_crease", "goalie_beyond_centre", "goalie_drop_kick",
}


def test_shipped_rulebook_loads_with_catalogue_numbers():
    book = load_rulebook("westridge-2015-16")
    assert book.clock.periods == 2 and book.clock.period_min == 20 and book.clock.stop_time_last_min == 1
    assert book.points.win == 2 and book.points.tie == 1 and book.points.ot_loss == 0
    assert book.mercy.spread == 15 and book.lateness.forfeit_score == (3, 0)
    assert book.tiebreakers == ("points", "wins", "h2h", "goal_diff", "gf")
    assert book.penalties.classes["minor"].min == 2 and book.infractions["body_contact"].minutes == 3


def test_part_8_every_infraction_code_with_class_and_section():
    book = load_rulebook()
    assert set(book.infractions) == CATALOGUE_CODES
    assert all(inf.section and inf.rule for inf in book.infractions.values())
    assert book.infractions["tripping"].classes() == ("minor", "major")
    assert book.infractions["ineligible_player"].classes() == ("bench_minor", "major")


def test_every_catalogue_rule_has_a_section():
    book = load_rulebook()
    for rule in ("PTS-1", "GAME-3", "MERCY-1", "PEN-MINOR-2", "ICE-4", "FINE-3", "SUSP-1", "APPEAL-1"):
        assert book.section(rule)


@pytest.mark.parametrize(("old", "new", "key"), [
    ("period_min = 20", "period_min = \"twenty\"", "clock.period_min"),
    ("spread = 15", "spread = -1", "mercy.spread"),
    ("win = 2\n", "win = 2\nwinn = 3\n", "points.winn"),
    ("class = \"minor\"\nminutes = 3", "class = \"minr\"\nminutes = 3", "infractions.body_contact.class"),
    ("forfeit_score = [3, 0]", "forfeit_score = [3]", "lateness.forfeit_score"),
])
def test_bad_value_names_the_key(old, new, key):
    assert old in TEXT
    with pytest.raises(RulebookError) as info:
        parse_rulebook(TEXT.replace(old, new, 1), origin="x.toml")
    assert f"'{key}'" in str(info.value)


def test_not_toml_is_a_clear_error():
    with pytest.raises(RulebookError, match="not valid TOML"):
        parse_rulebook("periods = [", origin="x.toml")


def test_another_league_is_a_new_file_not_new_code():
    """Three 20-minute periods and 3-2-1 points: only numbers change."""
    from tests.scorekeeper.gamebuilder import goal, play

    text = (TEXT.replace("periods = 2 ", "periods = 3 ").replace("\nwin = 2\n", "\nwin = 3\n", 1)
            .replace("ot_loss = 0", "ot_loss = 1").replace("id = \"westridge-2015-16\"", "id = \"three-periods\""))
    book = parse_rulebook(text)
    assert book.clock.periods == 3 and book.regulation_seconds == 3600
    st = play([goal("home", 3, "19:00", "h2")], book=book)
    assert st.decision == "regulation" and st.points == {"home": 3, "away": 0} and len(st.by_period["home"]) == 3
    st = play([goal("home", 4, "01:00", "h2")], book=book)
    assert st.decision == "overtime" and st.points == {"home": 2, "away": 1}
