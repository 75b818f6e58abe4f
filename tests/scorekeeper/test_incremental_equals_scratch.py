"""Suspensions served, games left, each player's status per game, games played and the captain notices due, as the
core finds them once per state of the season (indexed in one pass, kept across an entry at the boards), equal a
plain from-scratch reading of the rules on generated leagues: SUSP-1 (served by the team's next final games, forfeits
and the playoffs as the rulebook says), SUSP-2 (the captain's notice before the team's next game), ELIG-1 (games
played), ELIG-2 (who is suspended at a game) and A-28 (suspensions carried in from the season before).

The reference below reads the season file's games in order for every question, as the rulebook words it.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.resources import resource_path
from scorekeeper.rulebook import Rulebook, parse_rulebook
from scorekeeper.rules.discipline import outstanding_notices, sanctions, suspension_verdicts, unfinished
from scorekeeper.rules.eligibility import games_played, player_status
from scorekeeper.rules.suspensions import carried_rows
from scorekeeper.season.records import Carried, CarryOver, OfficeRecords, Sanction
from scorekeeper.season.view import SeasonView
from scorekeeper.seasonfile import normalise

SHIPPED = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
INFRACTIONS = ["fighting", "fighting", "gross_misconduct", "tripping", "hooking"]


def rulebook(count_forfeits: bool, carry_playoffs: bool, scope: str, notify: str) -> Rulebook:
    text = SHIPPED
    for old, new in (("count_forfeits = true", f"count_forfeits = {str(count_forfeits).lower()}"),
                     ("carry_playoffs = true", f"carry_playoffs = {str(carry_playoffs).lower()}"),
                     ('scope = "person"', f'scope = "{scope}"'),
                     ('notify_captain = "before_next_game"', f'notify_captain = "{notify}"')):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return parse_rulebook(text, origin="generated")


# -- a generated league ----------------------------------------------------------------------------------------
def league(rng: random.Random, season: str, start_month: int, teams: int, games: int) -> dict[str, Any]:
    """A small season: teams of 7 players (a few also signed by a second team from a date), games in date order,
    some on the same day, the last quarter playoffs, some not final, some forfeited; fights and gross misconducts
    whose players dress again whether suspended or not; appeals on some offences."""
    tids = [f"t{n}" for n in range(teams)]
    players, roster = [], []
    for t in tids:
        for n in range(1, 8):
            pid = f"{t}p{n}"
            players.append({"id": pid, "first": f"P{n}", "last": t.upper(), "gender": "M"})
            roster.append({"team": t, "player": pid, "number": n, "position": "goalie" if n == 1 else "skater"})
    for _ in range(rng.randint(0, 3)):  # a player also signed by another team, from a date on
        a, b = rng.sample(tids, 2)
        roster.append({"team": b, "player": f"{a}p{rng.randint(2, 7)}", "number": 20 + rng.randint(0, 9),
                       "position": "skater", "signed": f"2015-{start_month:02d}-{rng.randint(2, 20):02d}"})
    game_rows, offences = [], []
    day = 1
    for n in range(games):
        day += rng.choice([0, 1, 1, 2])
        month, dom = start_month + (day - 1) // 28, 1 + (day - 1) % 28
        date = f"2015-{month:02d}-{dom:02d}" if month <= 12 else f"2016-{month - 12:02d}-{dom:02d}"
        home, away = rng.sample(tids, 2)
        final = rng.random() < 0.85
        lineups = {side: [{"player": f"{t}p1", "goalie": True}]
                   + [{"player": f"{t}p{k}"} for k in sorted(rng.sample(range(2, 8), rng.randint(3, 6)))]
                   for side, t in (("home", home), ("away", away))}
        events: list[dict[str, Any]] = []
        if final and rng.random() < 0.1:
            events.append({"type": "forfeit", "team": rng.choice(["home", "away", "both"]), "reason": "other"})
        elif final:
            for minute, side in enumerate(rng.sample(["home", "away", "home", "away"], rng.randint(0, 3))):
                player = rng.choice(lineups[side][1:])["player"]
                if any(e["player"] == player for e in events):
                    continue
                code = rng.choice(INFRACTIONS)
                events.append({"type": "penalty", "team": side, "period": 2, "elapsed": f"{10 + minute}:00",
                               "player": player, "infraction": code})
                if code in ("fighting", "gross_misconduct"):
                    offences.append((player, f"{season}g{n:03d}", date))
        game_rows.append({"id": f"{season}g{n:03d}", "date": date, "time": rng.choice(["19:00", "20:30"]),
                          "stage": "playoff" if n >= games * 3 // 4 else "regular", "home": home, "away": away,
                          "status": "final" if final else "scheduled", "lineups": lineups, "events": events})
    appeals = [{"player": p, "game": g, "filed": d, "fee_paid": True, "form": "yes",
                "decision": rng.choice(["upheld", "pending", "denied"]), "decided": d}
               for p, g, d in offences if rng.random() < 0.2]
    return {"format": "scorekeeper.season/1", "league": "Generated", "season": season,
            "divisions": [{"id": "d1", "name": "One", "coed": False}],
            "teams": [{"id": t, "name": t, "division": "d1"} for t in tids], "players": players, "roster": roster,
            "games": game_rows, "appeals": appeals, "payments": []}


def office(rng: random.Random, view: SeasonView) -> OfficeRecords:
    """Captain notices (some after the team's next game) and lifts for some of the season's suspensions."""
    notices, lifted = {}, {}
    for s in sanctions(view):
        if rng.random() < 0.5:
            notices[(s.player, s.game)] = f"{s.date}T20:00:00" if rng.random() < 0.7 else "2016-12-31T00:00:00"
        if rng.random() < 0.1:
            lifted[(s.player, s.game)] = s.date
    return OfficeRecords.of(notices, lifted)


def seasons(seed: int, book: Rulebook, teams: int, games: int) -> SeasonView:
    """The later of two consecutive generated seasons, with what the earlier one carries into it."""
    rng = random.Random(seed)
    before = SeasonView(normalise(league(rng, "a", 1, teams, games)), book)
    before.office = office(rng, before)
    ends = unfinished(before)
    view = SeasonView(normalise(league(rng, "b", 3, teams, games)), book)
    view.office = office(rng, view)
    view.carry_over = CarryOver(lambda _: (1, ends))
    return view


# -- the rules read from scratch -------------------------------------------------------------------------------
def counts(view: SeasonView, g: dict[str, Any], offence_stage: str) -> bool:
    """SUSP-1: a final game counts (a forfeit where the rulebook says), a playoff game only for a playoff offence
    or where suspensions carry into the playoffs."""
    rules = view.book.suspensions
    if g.get("status", "final") != "final":
        return False
    if view.state(g["id"]).forfeited and not rules.get("count_forfeits", True):
        return False
    return g.get("stage") != "playoff" or offence_stage == "playoff" or bool(rules.get("carry_playoffs", True))


def served_scratch(view: SeasonView, s: Sanction, before: int | None) -> int:
    ordered = list(view.games.values())
    stage = view.games[s.game].get("stage", "regular")
    return sum(1 for place, g in enumerate(ordered) if s.order < place and (before is None or place < before)
               and s.team in (g["home"], g["away"]) and counts(view, g, stage))


def lifted_scratch(view: SeasonView, s: Sanction, on: str | None) -> bool:
    for a in view.data.get("appeals", []):
        if (a["player"], a["game"]) == (s.player, s.game):
            if a["decision"] == "upheld" and (on is None or (a.get("decided") or "") <= on):
                return True
            break
    when = view.office.lifted.get((s.player, s.game))
    return when is not None and (on is None or when <= on)


def carried_served_scratch(view: SeasonView, c: Carried, before: int | None) -> int:
    """A-28: games of this season before place `before` that serve the carried suspension."""
    person = view.book.suspensions.get("scope", "person") != "team"
    found = 0
    for place, g in enumerate(view.games.values()):
        if before is not None and place >= before:
            break
        if not counts(view, g, "regular"):
            continue
        signed = {t for t in view.teams if view.signing(t, c.player, g["date"]) is not None}
        serving = {c.team} if c.team in signed else signed if person else set()
        if serving & {g["home"], g["away"]}:
            found += 1
    return found


def concerned(view: SeasonView, c: Carried) -> bool:
    p = view.players.get(c.player)
    return p is None or c.name == f"{p['first']} {p['last']}".casefold().strip()


def in_force_scratch(view: SeasonView, gid: str, team: str, player: str) -> list[tuple[str, str, int]]:
    """ELIG-2: (offence game, season, games served before) of each suspension `player` is under at `gid`."""
    at = list(view.games).index(gid)
    g = view.games[gid]
    person = view.book.suspensions.get("scope", "person") != "team"
    out = []
    for s in sanctions(view):
        if s.player != player or s.order >= at or s.row.suspend == 0 or lifted_scratch(view, s, g["date"]):
            continue
        if not (person or s.team == team) or not counts_stage(view, view.games[s.game].get("stage"), g):
            continue
        served = served_scratch(view, s, at)
        if s.kind != "games" or served < int(s.row.suspend):
            out.append((s.game, "", served))
    if view.book.suspensions.get("carry_next_season") and counts_stage(view, "regular", g):
        for c in view.carry_over.carried(view):
            if c.player != player or not concerned(view, c) or not (person or c.team == team):
                continue
            served = c.served if c.kind != "games" else c.served + carried_served_scratch(view, c, at)
            if c.kind != "games" or served < c.games:
                out.append((c.game, c.season, served))
                break
    return out


def counts_stage(view: SeasonView, offence_stage: str | None, g: dict[str, Any]) -> bool:
    return g.get("stage") != "playoff" or offence_stage == "playoff" or bool(
        view.book.suspensions.get("carry_playoffs", True))


def notices_scratch(view: SeasonView, gid: str, team: str) -> list[tuple[str, str]]:
    """SUSP-2: suspensions of the team's players set off before `gid`, the team's next game, with no captain
    notice recorded by its date."""
    if view.book.suspensions.get("notify_captain") == "none":
        return []
    ordered = list(view.games.values())
    at = list(view.games).index(gid)
    out = []
    for s in sanctions(view):
        if s.team != team or s.order >= at or s.row.suspend == 0:
            continue
        following = [p for p, g in enumerate(ordered) if p > s.order and team in (g["home"], g["away"])]
        sent = view.office.notices.get((s.player, s.game))
        if following[0] == at and (sent is None or sent[:10] > view.games[gid]["date"]):
            out.append((s.player, s.game))
    return out


def games_played_scratch(view: SeasonView) -> dict[tuple[str, str], int]:
    """ELIG-1: regular-season line-up appearances in final games that were not forfeited."""
    out: dict[tuple[str, str], int] = {}
    for g in view.games.values():
        if g.get("status", "final") != "final" or g.get("stage") != "regular" or view.state(g["id"]).forfeited:
            continue
        for side in ("home", "away"):
            for x in g["lineups"][side]:
                out[(x["player"], g[side])] = out.get((x["player"], g[side]), 0) + 1
    return out


# -- the comparison --------------------------------------------------------------------------------------------
def assert_same_answers(view: SeasonView) -> None:
    assert games_played(view) == games_played_scratch(view)
    for gid, g in view.games.items():
        for side in ("home", "away"):
            team = g[side]
            candidates = {r["player"] for r in view.roster_by_team.get(team, [])}
            for player in sorted(candidates | {x["player"] for x in g["lineups"][side]}):
                status = player_status(view, gid, side, player)
                found = [(x.sanction.game, x.sanction.season, x.served) for x in status.suspensions]
                assert found == in_force_scratch(view, gid, team, player), (gid, side, player)
                assert (status.code == "suspended") == bool(found)
            assert [(s.player, s.game) for s in outstanding_notices(view, gid, team)] == (
                notices_scratch(view, gid, team)), (gid, team)
    for v in suspension_verdicts(view):
        s = next(x for x in sanctions(view) if (x.player, x.game, x.row.rule) == (v.player, v.game, v.rule))
        served = served_scratch(view, s, None)
        assert v.served == (min(served, int(s.row.suspend)) if s.kind == "games" else served)
        if v.status != "lifted":
            assert v.status == ("served" if s.kind == "games" and served >= int(s.row.suspend) else "active")
        assert v.left == (max(int(s.row.suspend) - served, 0) if s.kind == "games" else None)
    carried = [c for c in view.carry_over.carried(view) if concerned(view, c)]
    if view.book.suspensions.get("carry_next_season"):
        assert [(r["player"], r["game"], r["served"]) for r in carried_rows(view)] == [
            (c.player, c.game, min(c.served + carried_served_scratch(view, c, None), c.games) if c.kind == "games"
             else c.served) for c in carried]


BOOKS = st.builds(rulebook, st.booleans(), st.booleans(), st.sampled_from(["person", "team"]),
                  st.sampled_from(["before_next_game", "none"]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), book=BOOKS, teams=st.integers(2, 5), games=st.integers(4, 40))
def test_susp_1_elig_1_elig_2_susp_2_one_pass_answers_equal_the_rules_read_from_scratch(
        seed: int, book: Rulebook, teams: int, games: int):
    assert_same_answers(seasons(seed, book, teams, games))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), book=BOOKS, goals=st.integers(1, 3))
def test_susp_1_elig_2_answers_kept_across_an_entry_at_the_boards_equal_a_fresh_reading(
        seed: int, book: Rulebook, goals: int):
    view = seasons(seed, book, 4, 30)
    assert_same_answers(view)  # every index filled, then kept by the entry
    open_games = [g for g in view.games.values() if g.get("status") != "final"]
    if not open_games:
        return
    game = open_games[len(open_games) // 2]
    for n in range(goals):
        scorer = game["lineups"]["home"][-1]["player"]
        event = {"type": "goal", "team": "home", "period": 1, "elapsed": f"0{n}:30", "scorer": scorer,
                 "assists": []}
        game = {**game, "events": [*game.get("events", []), event]}
        view = view.with_events(game)
    assert_same_answers(view)
    fresh = SeasonView(view.data, view.book, office=view.office, carry_over=view.carry_over.kept())
    for gid, g in view.games.items():
        for side in ("home", "away"):
            for x in g["lineups"][side]:
                kept = player_status(view, gid, side, x["player"])
                assert kept == player_status(fresh, gid, side, x["player"])
            assert outstanding_notices(view, gid, g[side]) == outstanding_notices(fresh, gid, g[side])
