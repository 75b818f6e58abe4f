"""Issue 29.3: one game's papers from one game. The season's discipline as stored (`db.sanction_store`) and the
narrow view a game's papers read (`facade.game_papers`) are a cache provably equal to the whole season's: random
sequences of what the office and the boards do (fights, penalties and goals entered, edited and deleted, games
finished, reopened and undone, a team renamed, a player renamed or released, a suspension lifted, a proposed
suspension decided, the season imported again over itself, the process closed and opened
again) leave, for every game of the season, the narrow view's sanctions, games toward playoff eligibility, each
player's suspensions in force and status, the game sheet's data, the game's record with its line-up check and each
suspended player's notices equal to what the whole season computes."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.db import sanction_store
from scorekeeper.db.models import Season
from scorekeeper.facade import game_papers, kept_discipline
from scorekeeper.reports.game_sheet_data import game_sheet_data
from scorekeeper.reports.suspension_notices_data import suspension_notices_data
from scorekeeper.reports.wording import ReportError
from scorekeeper.rules import discipline
from scorekeeper.rules.eligibility import games_played, player_status, suspensions_in_force
from scorekeeper.season.narrow import NarrowMiss
from scorekeeper.season.sides import lineup_of, team_on
from scorekeeper.services import ServiceError, Services
from tests.data import EXAMPLE_SEASON

GAMES = ["g001", "g002", "g003", "g004"]
INFRACTIONS = ["fighting", "fighting", "game_misconduct", "gross_misconduct", "abuse_of_officials", "tripping",
               "instigator", "match_penalty"]


def players_of(view: Any, gid: str) -> dict[str, set[str]]:
    """side -> every player of the side's team: dressed, or on its roster."""
    g = view.games[gid]
    out: dict[str, set[str]] = {}
    for side in ("home", "away"):
        team = team_on(g, side)
        out[side] = {x["player"] for x in lineup_of(g, side)} | {r["player"] for r in view.roster_by_team.get(team, [])}
    return out


def kept_current(svc: Services) -> bool:
    """Issue 29.3: the season's discipline stored under the digest of the database as it is (by the write that
    changed it: a finish, an import, a judged change; not a reopen, an undo or a roster change, which leave it to
    the next paper) equals a recomputation of the whole season, its counts too. Whether it was stored."""
    season = svc.season_row()
    book = svc.rulebook_for(season)
    stored = sanction_store.load(season, sanction_store.digest(season, book), book)
    if stored is None:
        return False
    fresh = kept_discipline.recompute(season, book)
    full = svc.view()
    assert stored.sanctions == fresh.sanctions == discipline.sanctions(full)
    assert dict(stored.played) == dict(fresh.played) == dict(games_played(full))
    assert stored.counts is not None and fresh.counts is not None
    assert [dict(x) for x in (stored.counts.offences, stored.counts.incidents, stored.counts.covered,
                              stored.counts.dressed)] == [
        dict(x) for x in (fresh.counts.offences, fresh.counts.incidents, fresh.counts.covered, fresh.counts.dressed)]
    return True


def check(svc: Services) -> int:
    """The stored discipline is current (`kept_current`); every game's narrow answers equal the whole season's (or
    the narrow view says it cannot answer). How many games the narrow view answered for."""
    kept_current(svc)
    full = svc.view()
    answered = 0
    for gid in full.games:
        narrow = game_papers.narrowed(svc, gid, None)
        assert narrow is not None, gid  # nothing else writes meanwhile: the stored discipline fits
        view = narrow.view()
        assert view.derived.sanctions == discipline.sanctions(full)
        assert view.derived.games_played is not None
        assert dict(view.derived.games_played) == dict(games_played(full))
        with contextlib.suppress(NarrowMiss):
            for side, players in players_of(full, gid).items():
                team = team_on(full.games[gid], side)
                for pid in sorted(players):
                    assert suspensions_in_force(view, pid, gid, team) == suspensions_in_force(full, pid, gid, team)
                    assert player_status(view, gid, side, pid) == player_status(full, gid, side, pid)
            assert game_sheet_data(narrow, gid) == game_sheet_data(svc, gid), gid
            assert narrow.game(gid) == svc.game(gid)  # the line-up check: `scorekeeper game`
            assert (narrow.names(), narrow.game_names(), narrow.infractions()) == (
                svc.names(), svc.game_names(), svc.infractions())
            answered += 1
    for player in sorted({s.player for s in discipline.sanctions(full)}):
        notices = game_papers.narrowed(svc, game_papers.players_games(player, None), None)
        assert notices is not None
        with contextlib.suppress(NarrowMiss):
            assert notice(notices, player) == notice(svc, player), player
    return answered


def notice(source: Any, player: str) -> object:
    """The suspension notices' data of `player` (or the message saying there is none)."""
    try:
        return suspension_notices_data(source, player, date="2015-12-01")
    except ReportError as exc:
        return str(exc)


STEPS = st.lists(st.tuples(st.sampled_from(["penalty", "penalty", "goal", "edit", "delete", "finish", "finish",
                                            "reopen", "undo", "rename", "player", "release", "lift", "decide",
                                            "import", "reopen_db"]),
                           st.sampled_from(GAMES), st.integers(0, 60)),
                 min_size=1, max_size=8)


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("discipline") / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.close()
    return path


def run(path: Path | str, steps: list[tuple[str, str, int]]) -> None:
    """Play `steps` on the league at `path` (a file or a PostgreSQL URL), checking after each."""
    svc = Services.open(str(path))
    try:
        assert svc.import_file(str(EXAMPLE_SEASON), replace=True).ok  # each sequence starts from the example
        fight(svc)  # with a suspension in force
        for action, gid, n in steps:
            svc = step(svc, path, action, gid, n)
            assert check(svc) == len(GAMES)  # the narrow view answers for every game of this league
    finally:
        svc.close()


def step(svc: Services, path: Path | str, action: str, gid: str, n: int) -> Services:
    """One action of the office or the boards (a refusal is one of the outcomes); the services to go on with."""
    if action == "reopen_db":
        svc.close()
        return Services.open(str(path))
    with contextlib.suppress(ServiceError):
        act(svc, action, gid, n)
    return svc


def act(svc: Services, action: str, gid: str, n: int) -> None:
    side = "home" if n % 2 else "away"
    view = svc.view()
    game = view.games[gid]
    events = game.get("events", [])
    dressed = [x["player"] for x in game.get("lineups", {}).get(side, []) if not x.get("goalie")]
    who = dressed[n % len(dressed)] if dressed else None
    if action == "penalty" and who:
        svc.add_event(gid, {"type": "penalty", "team": side, "period": 1 + n % 3, "elapsed": f"{n % 20:02d}:00",
                            "player": who, "infraction": INFRACTIONS[n % len(INFRACTIONS)]}, confirm=True)
    elif action == "goal" and who:
        svc.add_event(gid, {"type": "goal", "team": side, "period": 1 + n % 3, "elapsed": f"{n % 20:02d}:30",
                            "scorer": who}, confirm=True)
    elif action == "edit" and events:
        event = dict(events[n % len(events)])
        if "elapsed" in event:
            event["elapsed"] = f"{n % 20:02d}:{n % 60:02d}"
        svc.update_event(gid, n % len(events), event, confirm=True)
    elif action == "delete" and events:
        svc.delete_event(gid, n % len(events), confirm=True)
    elif action == "finish":
        svc.finish_game(gid, confirm=True)
    elif action == "reopen":
        svc.reopen_game(gid, "a penalty was missed")
    elif action == "undo" and svc.can_undo(gid):
        svc.undo(gid)
    elif action == "rename":
        svc.rename_team(game["home"], f"Team {n}")
    elif action == "player" and who:
        player = dict(view.players[who])
        player["last"] = f"Renamed{n}"
        svc.save_player(player, confirm=True)  # type: ignore[arg-type]
    elif action == "release" and who:
        svc.release_player(team_on(game, side), who, game["date"])
    else:
        office(svc, action, gid, n)


def office(svc: Services, action: str, gid: str, n: int) -> None:
    """What the office decides: a suspension lifted, a proposed one decided, a block overridden, a re-import."""
    suspensions = svc.suspensions()["suspensions"]
    if action == "lift" and suspensions:
        s = suspensions[n % len(suspensions)]
        svc.lift_suspension(s["player"], s["game"], svc.view().games[gid]["date"], "the Director's review")
    elif action == "decide":
        proposed = svc.proposed_suspensions()
        if proposed:
            p = proposed[n % len(proposed)]
            svc.decide_suspension(p["player"], "confirmed" if n % 2 else "declined", game=p["game"], note="review")
    elif action == "import":
        svc.import_file(str(EXAMPLE_SEASON), replace=True)


# CI draws 60 sequences; STORED_DISCIPLINE_EXAMPLES=1000 draws more
@settings(max_examples=int(os.environ.get("STORED_DISCIPLINE_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_one_games_papers_equal_the_whole_seasons_after_any_sequence(league: Path,
                                                                    steps: list[tuple[str, str, int]]) -> None:
    run(league, steps)


def fight(svc: Services) -> None:
    """A fight entered in the season's last final game (g003): its player is suspended for the next games."""
    assert svc.reopen_game("g003", "a fight was missed").ok
    assert svc.add_event("g003", {"type": "penalty", "team": "away", "period": 2, "elapsed": "04:00",
                                  "player": "ot03", "infraction": "fighting"}, confirm=True).ok
    assert svc.finish_game("g003", confirm=True).ok
    assert svc.suspensions()["suspensions"]


def forget_stored_discipline(path: Path) -> None:
    """The stored discipline deleted, as in a database from before issue 29.3."""
    con = sqlite3.connect(path)
    con.execute("delete from meta where key like 'sanctions:%'")
    con.commit()
    con.close()


def test_a_game_sheet_reads_the_stored_discipline_and_answers_alike(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    fight(svc)
    whole = svc.game_sheet_pdf("g003")  # the season is read already: its view answers
    svc.close()
    svc = Services.open(str(path))
    season = Season.get()
    book = svc.rulebook_for(season)
    assert sanction_store.load(season, sanction_store.digest(season, book), book) is not None  # by the finish
    svc.close()
    forget_stored_discipline(path)  # as a database from before issue 29.3
    svc = Services.open(str(path))
    assert sanction_store.load(season, sanction_store.digest(season, book), book) is None  # nothing stored yet
    assert svc.game_sheet_pdf("g003") == whole  # read narrowly: the discipline computed once and stored
    assert svc.kept_view(season.id) is None  # the season was not read whole into the facade
    assert sanction_store.load(season, sanction_store.digest(season, book), book) is not None
    svc.close()
    svc = Services.open(str(path))
    assert svc.game_sheet_pdf("g003") == whole  # read narrowly, the discipline as stored
    assert check(svc) == 4
    svc.close()


def test_a_database_without_the_stored_discipline_gives_the_same_papers(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    fight(svc)
    sheets = [svc.game_sheet_pdf(g) for g in GAMES]  # the season read whole
    svc.close()
    svc = Services.open(str(path))
    assert [svc.game_sheet_pdf(g) for g in GAMES] == sheets  # read narrowly, the discipline stored
    svc.close()
    forget_stored_discipline(path)  # as a database from before issue 29.3
    svc = Services.open(str(path))
    assert [svc.game_sheet_pdf(g) for g in GAMES] == sheets
    svc.close()


def test_stored_discipline_is_read_only_under_the_digest_of_the_database_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.close()
    svc = Services.open(str(path))
    svc.game_sheet_pdf("g001")  # read narrowly: the discipline stored
    season = Season.get()
    book = svc.rulebook_for(season)
    key = sanction_store.digest(season, book)
    assert sanction_store.load(season, key, book) is not None
    assert sanction_store.load(season, "another digest", book) is None
    svc.rename_team(svc.view().games["g001"]["home"], "Renamed")  # the digest moves on: the old list is not read
    assert sanction_store.digest(season, book) != key
    assert sanction_store.load(season, sanction_store.digest(season, book), book) is None  # left to the next paper
    svc.close()


def test_stored_discipline_edited_outside_scorekeeper_is_never_read(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    fight(svc)
    svc.close()
    svc = Services.open(str(path))
    sheet = svc.game_sheet_pdf("g004")  # read narrowly: the discipline stored
    svc.close()
    con = sqlite3.connect(path)
    (value,) = con.execute("select value from meta where key like 'sanctions:%'").fetchone()
    forged = json.loads(value)
    assert forged["sanctions"]
    forged["sanctions"] = []  # the fight's suspension forgotten
    con.execute("update meta set value = ? where key like 'sanctions:%'", (json.dumps(forged),))
    con.commit()
    con.close()
    svc = Services.open(str(path))
    season = Season.get()
    book = svc.rulebook_for(season)
    assert sanction_store.load(season, sanction_store.digest(season, book), book) is None
    assert svc.game_sheet_pdf("g004") == sheet
    svc.close()


def test_the_audit_about_a_game_or_a_player_is_the_whole_trails_entries_naming_it(tmp_path: Path) -> None:
    from scorekeeper.db import store

    svc = Services.open(str(tmp_path / "league.db"))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    fight(svc)
    svc.lift_suspension("ot03", "g003", "2015-10-12", "the Director's review")
    svc.rename_team("otters", "Otters 2")
    whole = store.load_audit(Season.get())

    def naming(subject: str, ref: str) -> bool:
        return ref in subject.split("/") or subject == ref

    for ref in ("g001", "g003", "g00", "ot03", "g_03", "%", "otters"):
        assert svc.audit(game=ref) == [e for e in whole if naming(e["subject"], ref)], ref
        assert svc.audit(player=ref) == [e for e in whole if naming(e["subject"], ref)], ref
        assert svc.audit(game="g003", player=ref) == [e for e in whole if naming(e["subject"], ref)
                                                      and naming(e["subject"], "g003")], ref
    assert any(svc.audit(game="g003")) and any(svc.audit(player="ot03"))
    svc.close()


def test_the_window_stores_the_discipline_it_computed_when_it_closes(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.close()
    window = Services.open(str(path), exclusive=True)
    fight(window)  # a game finished with a fight: the window shows the suspension it set off
    expected = discipline.sanctions(window.view())
    window.close()
    command = Services.open(str(path))
    season = Season.get()
    book = command.rulebook_for(season)
    stored = sanction_store.load(season, sanction_store.digest(season, book), book)
    assert stored is not None and stored.sanctions == expected
    assert stored.played == games_played(command.view())
    command.close()


def test_a_view_not_at_the_databases_revisions_is_not_stored(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    old = svc.view()
    discipline.sanctions(old)
    fight(svc)  # written: the old view is behind the database
    assert game_papers.store_discipline({Season.get().id: old}) == 0
    discipline.sanctions(svc.view())
    assert game_papers.store_discipline({Season.get().id: svc.view()}) == 0  # stored current by the finish
    from scorekeeper.db.base import Meta

    Meta.delete().where(Meta.key.startswith("sanctions:")).execute()  # as a database from before issue 29.3
    assert game_papers.store_discipline({Season.get().id: svc.view()}) == 1
    svc.close()


def whole_season_read_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, reading the whole season (its loader, or the discipline computed again) fails the test."""
    from scorekeeper.db import season_read, store

    def fail(*_: object, **__: object) -> None:
        raise AssertionError("the whole season was read")

    for module, name in ((store, "load_season_dict"), (season_read, "load_season_dict"),
                         (kept_discipline, "recompute"), (game_papers, "_computed")):
        monkeypatch.setattr(module, name, fail)


def test_a_finish_stores_the_discipline_and_the_first_paper_after_it_reads_no_whole_season(
        tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    assert svc.reopen_game("g003", "a fight was missed").ok  # g003: the season's last final game
    assert svc.add_event("g003", {"type": "penalty", "team": "away", "period": 2, "elapsed": "04:00",
                                  "player": "ot03", "infraction": "fighting"}, confirm=True).ok
    view = svc.view()  # read before the finish, as the window holds it
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kept_discipline, "recompute", lambda *_: pytest.fail("the finish computed the season again"))
        assert svc.finish_game("g003", confirm=True).ok  # the latest game for its players: incremental
    assert view is not None and svc.suspensions()["suspensions"]
    svc.close()
    svc = Services.open(str(path))
    expected = kept_discipline.recompute(svc.season_row(), svc.rulebook_for(svc.season_row()))
    svc.close()
    svc = Services.open(str(path))
    with pytest.MonkeyPatch.context() as patch:
        whole_season_read_fails(patch)
        narrow = game_papers.narrowed(svc, "g004", None)
        assert narrow is not None
        assert narrow.view().derived.sanctions == expected.sanctions
        sheet = svc.game_sheet_pdf("g004")  # the next game's sheet: the fight's suspension read as stored
    assert svc.kept_view(svc.season_row().id) is None
    svc.close()
    whole = Services.open(str(path))
    whole.view()  # the season read whole: its own sheet
    assert whole.game_sheet_pdf("g004") == sheet
    whole.close()


def test_an_entry_into_a_game_in_progress_leaves_the_stored_discipline_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    svc = Services.open(str(path))
    assert svc.import_file(str(EXAMPLE_SEASON)).ok
    season = svc.season_row()
    book = svc.rulebook_for(season)
    assert sanction_store.load(season, sanction_store.digest(season, book), book) is not None  # by the import
    assert svc.reopen_game("g003", "a goal was missed").ok  # in progress again
    key = sanction_store.digest(season, book)
    assert sanction_store.load(season, key, book) is None  # a reopen leaves it to the next paper
    sanction_store.save(season, key, kept_discipline.recompute(season, book), book)  # as the next paper stores it
    assert sanction_store.load(season, key, book) is not None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kept_discipline, "before", lambda *_: pytest.fail("an entry read the discipline"))
        player = svc.view().games["g003"]["lineups"]["home"][0]["player"]
        assert svc.add_event("g003", {"type": "goal", "team": "home", "period": 1, "elapsed": "03:00",
                                      "scorer": player}, confirm=True).ok
    assert sanction_store.digest(season, book) == key  # a game not final: not in the digest
    svc.close()
