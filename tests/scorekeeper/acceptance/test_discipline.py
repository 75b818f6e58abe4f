"""Suspensions and fines that follow from penalties (Parts 4-5 of the catalogue, fines table).

Uses the shared penalty season (conftest.build_penalty_season); each suspension-bearing scenario is the only
game of its two teams.
"""

from __future__ import annotations

from .conftest import ejected


def _suspensions(season, player):
    return [s for s in season.suspensions()["suspensions"] if s["player"] == player]


def _fines(season, **payer):
    return [f for f in season.fines()["fines"] if f["payer"] == payer]


def _total(season, team):
    rows = [t for t in season.fines()["totals"] if t["team"] == team]
    assert len(rows) == 1, season.fines()["totals"]
    return rows[0]


def test_pen_fight_1_five_games_and_fifty_dollars_each(penalty_season):
    """PEN-FIGHT-1: "Fighting -> 5 minutes + GM, ejection, 5-game suspension, $50 ..." Example: each fighter
    gets 5 games and $50."""
    for player, team in (("c02", "c"), ("d02", "d")):
        s = _suspensions(penalty_season, player)
        assert len(s) == 1, s
        assert s[0]["rule"] == "PEN-FIGHT-1"
        assert (s[0]["kind"], s[0]["games"]) == ("games", 5)
        assert (s[0]["team"], s[0]["game"]) == (team, "pcF")
        f = _fines(penalty_season, player=player)
        assert [(x["amount"], x["rule"], x["team"], x["game"]) for x in f] == [("50.00", "PEN-FIGHT-1", team, "pcF")]


def test_pen_fight_2_instigator_season_suspension_team_fine_replaces_fighting(penalty_season):
    """PEN-FIGHT-2: "Instigator -> 2 + 5 minutes + GM, season suspension, $50 team fine; replaces FIGHT-1
    (A-7, A-8)." A-8: a single $50 billed to the team."""
    s = _suspensions(penalty_season, "f02")
    assert [(x["rule"], x["kind"], x["games"]) for x in s] == [("PEN-FIGHT-2", "season", None)]
    assert _fines(penalty_season, player="f02") == []                 # no player fine (no FIGHT-1 $50)
    team = _fines(penalty_season, team="f")
    assert [(x["amount"], x["rule"]) for x in team] == [("50.00", "PEN-FIGHT-2")]


def test_pen_match_1_indefinite_suspension_five_minimum_fifty_dollars(penalty_season):
    """PEN-MATCH-1: "... indefinite suspension (5 games minimum) until review, $50." Contract: for kind
    `indefinite`, `games` is the minimum the rulebook sets (5 for a match penalty)."""
    s = _suspensions(penalty_season, "h02")
    assert [(x["rule"], x["kind"], x["games"]) for x in s] == [("PEN-MATCH-1", "indefinite", 5)]
    f = _fines(penalty_season, player="h02")
    assert [(x["amount"], x["rule"], x["team"]) for x in f] == [("50.00", "PEN-MATCH-1", "h")]


def test_pen_major_2_two_game_suspension_and_twenty_dollars(penalty_season):
    """PEN-MAJOR-2: "2nd major in a game ... + 2-game suspension + $20." Example: majors at 8:00 and 30:00 ->
    ejected, 2 games, $20."""
    s = _suspensions(penalty_season, "j02")
    assert [(x["rule"], x["kind"], x["games"], x["game"]) for x in s] == [("PEN-MAJOR-2", "games", 2, "pcJ")]
    f = _fines(penalty_season, player="j02")
    assert [(x["amount"], x["rule"], x["team"]) for x in f] == [("20.00", "PEN-MAJOR-2", "j")]


def test_fine_stmt_payment_settles_team_balance(penalty_season):
    """FINE-STMT / A-9: a player's fine shows on the statement of the team he played for. Team j: j02's $20,
    paid $20 by the team -> balance 0.00."""
    t = _total(penalty_season, "j")
    assert (t["fines"], t["paid"], t["balance"]) == ("20.00", "20.00", "0.00")


def test_fine_stmt_unpaid_fighting_fine_on_team_statement(penalty_season):
    """FINE-STMT: team c's statement carries c02's unpaid $50 fighting fine: 50.00 - 0.00 = 50.00."""
    t = _total(penalty_season, "c")
    assert (t["fines"], t["paid"], t["balance"]) == ("50.00", "0.00", "50.00")


def test_pen_misc_3_second_misconduct_game_misconduct_one_game_ten_dollars(penalty_season):
    """PEN-MISC-3: "2nd misconduct in a game -> GM + 1-game suspension + $10." Example: misconducts at 5:00
    and 25:00 -> GM, 1 game, $10."""
    s = _suspensions(penalty_season, "n02")
    assert [(x["rule"], x["kind"], x["games"]) for x in s] == [("PEN-MISC-3", "games", 1)]
    f = _fines(penalty_season, player="n02")
    assert [(x["amount"], x["rule"]) for x in f] == [("10.00", "PEN-MISC-3")]
    assert ejected(penalty_season.game("pcX"), "n02"), "a game misconduct puts the player out (PEN-GM-1)"


def test_pen_gross_1_three_games_thirty_dollars(penalty_season):
    """PEN-GROSS-1: "Gross misconduct -> ejection + a 3-game suspension (kind `games` ...) + $30.\""""
    s = _suspensions(penalty_season, "p02")
    assert [(x["rule"], x["kind"], x["games"]) for x in s] == [("PEN-GROSS-1", "games", 3)]
    f = _fines(penalty_season, player="p02")
    assert [(x["amount"], x["rule"]) for x in f] == [("30.00", "PEN-GROSS-1")]
    assert ejected(penalty_season.game("pcG"), "p02")


def test_pen_gen_3_ejection_carries_no_fine_or_suspension_a_12(penalty_season):
    """PEN-GEN-3: "A 3rd penalty in a game ... -> ejection ... No fine (A-12)." Table 2: additional penalty
    "game ejection", fine "none": no suspension follows either."""
    assert [f for f in penalty_season.fines()["fines"] if f["rule"] == "PEN-GEN-3"] == []
    assert [s for s in penalty_season.suspensions()["suspensions"] if s["rule"] == "PEN-GEN-3"] == []


def test_fine_1_single_major_no_suspension_no_fine_a_4(penalty_season):
    """FINE-1 / A-4: "Any major: 5 minutes ... No GM" and no fine: b02's single major in pc06 (and every other
    a-b scenario) brings team b no suspension and no fine."""
    assert [s for s in penalty_season.suspensions()["suspensions"] if s["team"] in ("a", "b")] == []
    assert [f for f in penalty_season.fines()["fines"] if f["team"] in ("a", "b")] == []
