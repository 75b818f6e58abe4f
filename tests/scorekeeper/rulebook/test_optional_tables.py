"""A rule a league does not have is switched off by leaving its table out or `enabled = false`, never by a
sentinel (issue 19): a rulebook without mercy, lateness, co-ed, discipline, fines, suspensions, appeals,
eligibility or rules tables loads, and plays three-period games with overtime and shootouts."""

from __future__ import annotations

import pytest

from scorekeeper.engine import compute_game
from scorekeeper.resources import resource_path
from scorekeeper.rulebook import RulebookError, load_rulebook, parse_rulebook
from scorekeeper.services import Services
from tests.scorekeeper.season.league_builder import (
    MINIMAL,
    goal,
    open_league,
    overtime_win,
    rulebook_text,
    score,
    season,
    shootout_win,
)

WESTRIDGE = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")


def _westridge_with(table: str, lines: str) -> str:
    """The shipped rulebook with `lines` added at the top of `[table]`."""
    header = next(line for line in WESTRIDGE.splitlines() if line.startswith(f"[{table}]"))
    return WESTRIDGE.replace(header, f"{header}\n{lines}", 1).replace('id = "westridge-2015-16"', 'id = "w-off"')


def test_a_rulebook_without_the_optional_tables_loads_with_those_rules_off():
    book = parse_rulebook(MINIMAL.read_text(encoding="utf-8"))
    assert not book.mercy.enabled and not book.lateness.enabled and not book.coed.enabled
    assert book.discipline == () and book.default_fine_payer == "player"
    assert (book.appeal_fee_cents, book.appeal_channels) == (0, ())
    assert book.suspensions == {"count_forfeits": True, "carry_playoffs": True, "carry_next_season": True,
                                "scope": "person", "notify_captain": "none"}
    assert (book.eligibility.playoff_min_games, book.eligibility.mask_under_age) == (0, 0)
    assert book.rules == {} and book.section("PEN-MINOR-1") == ""


def test_the_shipped_rulebook_has_every_rule_on():
    book = load_rulebook()
    assert book.mercy.enabled and book.lateness.enabled and book.coed.enabled
    assert (book.mercy.spread, book.lateness.forfeit_score, book.coed.dress_m) == (15, (3, 0), 1)


def _three_periods() -> dict:
    return season(["a", "b"], [
        ("a", "b", [goal("home", 3, "19:00", "a2")]),                        # won in the third period
        ("b", "a", overtime_win("b", "a", "a")),                             # won in overtime (period 4)
        ("a", "b", shootout_win("a", "b", "b")),                             # won in a shootout
        ("b", "a", score("b", "a", 16, 0)),                                  # no lead ends a game
    ], dressed=3)


def test_three_period_games_with_overtime_and_shootouts_under_it(tmp_path):
    svc = open_league(tmp_path, MINIMAL.read_text(encoding="utf-8"), _three_periods())
    games = [svc.game(f"g{n:02d}") for n in range(1, 5)]
    assert [(g["decision"], g["winner"]) for g in games] == [
        ("regulation", "home"), ("overtime", "away"), ("shootout", "away"), ("regulation", "home")]
    assert games[1]["by_period"] == {"home": [1, 0, 0, 0], "away": [1, 0, 0, 1]}  # overtime is period 4
    assert games[2]["score"] == {"home": 1, "away": 2}
    assert games[3]["score"] == {"home": 16, "away": 0}  # every goal counts: no mercy rule
    assert games[0]["points"] == {"home": 2, "away": 0} and games[1]["points"] == {"home": 1, "away": 2}
    assert all(v["rule"] not in ("FORF-3", "FORF-4", "MERCY-1") for g in games for v in g["violations"])
    row = {r["team"]: r for r in svc.standings()["divisions"][0]["rows"]}
    assert (row["a"]["w"], row["a"]["otw"], row["a"]["sol"], row["b"]["sow"]) == (2, 1, 1, 1)


def test_a_late_entry_is_refused_where_the_rulebook_has_no_lateness_rule(tmp_path):
    data = season(["a", "b"], [("a", "b", [{"type": "late", "team": "away", "minutes": 12}])])
    path = tmp_path / "book.toml"
    path.write_text(MINIMAL.read_text(encoding="utf-8"), encoding="utf-8")
    svc = Services.open(str(tmp_path / "league.db"))
    svc.load_rulebook_file(path)
    report = svc.import_data(data)
    assert not report.ok
    assert any(v.rule == "FORF-1" and "has no lateness rule" in v.message for v in report.violations)


@pytest.mark.parametrize("lateness, recorded", [("", (1, 0)), ("[lateness]\nenabled = false\nforfeit_score = [5, 0]\n",
                                                                 (5, 0))])
def test_a_forfeit_without_a_lateness_rule_is_recorded_as_the_table_says_else_one_nil(tmp_path, lateness, recorded):
    text = rulebook_text() + "\n" + lateness
    data = season(["a", "b"], [("a", "b", [{"type": "forfeit", "team": "away", "reason": "other"}])])
    svc = open_league(tmp_path, text, data)
    assert svc.game("g01")["score"] == {"home": recorded[0], "away": recorded[1]}


def test_a_coed_division_plays_as_any_other_without_coed_rules(tmp_path):
    data = season(["a", "b"], [("a", "b", score("a", "b", 1, 0))], coed=True)
    for p in data["players"]:
        del p["gender"]  # a co-ed division needs genders only under co-ed rules
    svc = open_league(tmp_path, MINIMAL.read_text(encoding="utf-8"), data)
    assert svc.game("g01")["decision"] == "regulation"


def test_mercy_enabled_false_lets_a_westridge_game_play_on():
    from tests.scorekeeper.test_rulebook_keys_used import MERCY

    on = compute_game(MERCY, load_rulebook()).to_json()
    off = compute_game(MERCY, parse_rulebook(_westridge_with("mercy", "enabled = false"))).to_json()
    assert on["decision"] == "mercy" and on["score"]["home"] == 15
    assert off["decision"] == "regulation" and off["score"]["home"] == 16


def test_coed_enabled_false_turns_the_shipped_caps_off():
    text = WESTRIDGE.replace("[coed.caps]", "[coed]\nenabled = false\n\n[coed.caps]", 1)
    book = parse_rulebook(text)
    assert not book.coed.enabled and book.coed.dress_m == 0


@pytest.mark.parametrize("text, message", [
    (_westridge_with("mercy", "enabled = false").replace("spread = 15", "spread = 0"),
     "key 'mercy.spread': must be between 1 and 1000"),
    (_westridge_with("mercy", "").replace("spread = 15\n", ""), "key 'mercy.spread': is missing"),
    (_westridge_with("lateness", "enabled = 0"), "key 'lateness.enabled': must be true or false"),
    (_westridge_with("mercy", "enabled = false\nspred = 4"), "key 'mercy.spred': is not a key Scorekeeper knows"),
])
def test_a_switched_table_is_still_checked(text, message):
    with pytest.raises(RulebookError, match=message):
        parse_rulebook(text)


def test_the_rule_listing_says_a_rule_the_league_does_not_have_is_none():
    from tools.make_rule_docs import rules_markdown

    listing = rules_markdown(parse_rulebook(MINIMAL.read_text(encoding="utf-8")))
    assert "- **Mercy rule:** none." in listing and "- **Co-ed rules:** none" in listing
    assert "- **Lateness:** no rule; a forfeit is recorded 1-0." in listing
    assert "Division-1 players" not in listing and "spread of 0" not in listing


def _without_tables(text: str, *tables: str) -> str:
    """The rulebook text less the named tables (each header line to the next blank line)."""
    for table in tables:
        start = text.index(f"[{table}]")
        end = text.index("\n\n", start) + 2
        text = text[:start] + text[end:]
    return text


def test_a_league_without_overtime_or_shootouts_leaves_their_tables_out(tmp_path):
    text = _without_tables(rulebook_text(), "overtime.regular", "overtime.playoff", "shootout")
    book = parse_rulebook(text)
    assert not any(book.overtime_for(stage).enabled or book.shootout[stage] for stage in ("regular", "playoff"))
    svc = open_league(tmp_path / "tie", text, season(["a", "b"], [("a", "b", score("a", "b", 2, 2))]))
    game = svc.game("g01")
    assert (game["decision"], game["winner"], game["points"]) == ("regulation", None, {"home": 1, "away": 1})
    assert game["violations"] == []
    refused = Services.open(str(tmp_path / "ot.db"))
    (tmp_path / "ot.toml").write_text(text, encoding="utf-8")
    refused.load_rulebook_file(tmp_path / "ot.toml")
    report = refused.import_data(season(["a", "b"], [("a", "b", overtime_win("a", "b", "a"))]))
    assert any(v.rule == "GAME-2" and "no overtime" in v.message for v in report.violations)


def test_overtime_switched_off_needs_none_of_its_other_keys():
    text = _without_tables(rulebook_text(), "overtime.playoff").replace(
        "[overtime.regular]", "[overtime.playoff]\nenabled = false\n\n[overtime.regular]", 1)
    book = parse_rulebook(text)
    assert book.overtime_for("regular").enabled and not book.overtime_for("playoff").enabled
    with pytest.raises(RulebookError, match="key 'overtime.regular.min': is missing"):
        parse_rulebook(text.replace("min = 5\n", "", 1))
