"""Read-only views the window asks the facade for: line-ups by number, roster rows, candidates, the clock.

Every answer is plain data computed by the core, so the window holds no rule or query of its own.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.engine.events import SIDES
from scorekeeper.resources import resource_path
from scorekeeper.rules.coed import division1_players
from scorekeeper.season.carryover import carried_for, served_here
from scorekeeper.season.discipline import active_suspension, describe
from scorekeeper.season.eligibility import games_played
from scorekeeper.season.view import SeasonView, active_on


class WindowQueries:
    """Mixed into `Services`; relies on its `view`, `stats`, `suspensions` and `fines`."""

    def view(self, season: str | None = None) -> SeasonView:
        raise NotImplementedError

    def stats(self, season: str | None = None, stage: str = "regular") -> dict[str, Any]:
        raise NotImplementedError

    def suspensions(self, season: str | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def fines(self, season: str | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def carried_suspensions(self, season: str | None = None) -> list[dict[str, Any]]:
        """Suspensions carried into this season from the one before (A-28), as `suspensions()` rows: `game` is the
        offence game of season `season`, `served` counts both seasons, `status` 'active' or 'served'."""
        view = self.view(season)
        rows = []
        for c in carried_for(view):
            served = c.served + served_here(view, c)
            done = c.kind == "games" and served >= c.games
            rows.append({"player": c.player, "team": c.team, "game": c.game, "season": c.season, "rule": c.row.rule,
                         "kind": c.kind, "games": c.games if c.kind == "games" else c.row.min_games or None,
                         "served": min(served, c.games) if c.kind == "games" else served,
                         "status": "served" if done else "active", "appeal": None, "review": c.row.review})
        return rows

    def lineup(self, game_id: str, side: str, season: str | None = None) -> list[dict[str, Any]]:
        """The players dressed for `side`, with the numbers they wear."""
        view = self.view(season)
        game = view.game_input(game_id)
        return [{"player": d.player, "number": d.number, "name": d.name, "gender": d.gender, "goalie": d.goalie,
                 "captain": d.captain} for d in game.lineups.get(side, [])]

    def lineup_candidates(self, game_id: str, side: str, season: str | None = None) -> list[dict[str, Any]]:
        """Everyone who could dress for `side` in this game, and whether the rulebook lets them (and why not)."""
        view = self.view(season)
        g = view.games[game_id]
        team = g[side]
        dressed = {x["player"]: x for x in g.get("lineups", {}).get(side, [])}
        d1 = division1_players(view)
        div = view.division_of(team) or {}
        is_div2 = bool(div.get("coed") and div.get("tier") == 2)
        gp = games_played(view)
        need = view.book.eligibility.playoff_min_games
        out = []
        for r in view.roster_by_team.get(team, []):
            if not active_on(r, g["date"]):
                continue
            pid = r["player"]
            p = view.players.get(pid, {})
            status, rule, message = "ok", None, ""
            under = active_suspension(view, pid, game_id)
            if under is not None:
                sanction, served = under
                status, rule = "suspended", "ELIG-2"
                message = f"suspended: {describe(view, sanction, served)}"
            elif g.get("stage") == "playoff" and gp.get((pid, team), 0) < need:
                status, rule = "ineligible", "ELIG-1"
                message = f"{gp.get((pid, team), 0)} of {need} regular-season games"
            elif is_div2 and pid in d1 and r.get("position") != "goalie":
                status, rule = "div1_limit", "COED-5"
                male = p.get("gender") == "M"
                cap = view.book.coed.dress_m if male else view.book.coed.dress_f
                message = f"Division-1 player: at most {cap} {'males' if male else 'females'} per game"
            out.append({"player": pid, "number": r["number"], "name": view.player_name(pid), "gender": p.get("gender"),
                        "position": r.get("position", "skater"), "dressed": pid in dressed,
                        "goalie": bool(dressed.get(pid, {}).get("goalie")) if pid in dressed
                        else r.get("position") == "goalie",
                        "status": status, "rule": rule, "section": view.book.section(rule) if rule else "",
                        "message": message})
        return out

    def roster(self, season: str | None = None) -> list[dict[str, Any]]:
        """One row per signing: the player, the team, the season's numbers, suspension and fines."""
        view = self.view(season)
        stats = {(r["player"], r["team"]): r for r in self.stats(season)["players"]}
        active: dict[str, dict[str, Any]] = {}
        for s in self.suspensions(season)["suspensions"] + self.carried_suspensions(season):
            if s["status"] == "active":
                active.setdefault(s["player"], s)
        owed: dict[str, int] = {}
        for f in self.fines(season)["fines"]:
            if "player" in f["payer"]:
                whole, cents = f["amount"].split(".")
                owed[f["player"]] = owed.get(f["player"], 0) + int(whole) * 100 + int(cents)
        rows = []
        for team, signings in view.roster_by_team.items():
            for r in signings:
                pid = r["player"]
                p = view.players.get(pid, {})
                st = stats.get((pid, team), {})
                sus = active.get(pid)
                rows.append({"team": team, "player": pid, "number": r["number"],
                             "position": r.get("position", "skater"), "name": view.player_name(pid),
                             "first": p.get("first"), "last": p.get("last"), "gender": p.get("gender"),
                             "birthdate": p.get("birthdate"), "email": p.get("email"),
                             "signed": r.get("signed"), "released": r.get("released"),
                             "gp": st.get("gp", 0), "g": st.get("g", 0), "a": st.get("a", 0),
                             "pim": st.get("pim", 0),
                             "suspension": None if sus is None else
                             f"{sus['rule']} {sus['kind']}" + (f" {sus['served']}/{sus['games']}"
                                                              if sus["kind"] == "games" else ""),
                             "fines_cents": owed.get(pid, 0)})
        return rows

    def clock(self, game_id: str, season: str | None = None) -> dict[str, Any]:
        """The game clock the rulebook sets for this game (GAME-1, GAME-2)."""
        view = self.view(season)
        stage = view.games[game_id].get("stage", "regular")
        book = view.book
        ot = book.overtime_for(stage)
        return {"periods": [book.clock.period_min * 60] * book.clock.periods,
                "period_word": book.clock.period_word,
                "overtime": ot.min * 60 if ot.enabled else 0, "overtime_periods": ot.max_periods,
                "stop_time_last": book.clock.stop_time_last_min * 60,
                "overtime_stop_time_last": ot.stop_time_last_min * 60,
                "shootout": bool(book.shootout.get(stage, False))}

    @staticmethod
    def demo_season_path() -> str:
        """The demo season the project ships."""
        return str(resource_path("demo", "demo-season.json"))

    def points_progression(self, season: str | None = None) -> dict[str, list[int]]:
        """Each team's running points after each of its final regular-season games, in date order."""
        view = self.view(season)
        out: dict[str, list[int]] = {t: [] for t in view.teams}
        for g in view.final_games("regular"):
            st = view.state(g["id"])
            if st.points is None:
                continue
            for side in SIDES:
                team = g[side]
                previous = out[team][-1] if out.get(team) else 0
                out.setdefault(team, []).append(previous + st.points[side])
        return out
