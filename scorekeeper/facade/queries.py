"""The queries part of the facade: read-only views the window asks for (line-ups by number, roster rows,
candidates, the clock).

Every answer is plain data computed by the core, so the window holds no rule or query of its own.
"""

from __future__ import annotations

from scorekeeper.engine.events import SIDES
from scorekeeper.facade.core import Part, bound
from scorekeeper.records import Money
from scorekeeper.resources import resource_path
from scorekeeper.results_records import (
    GameClock,
    LineupCandidate,
    LineupPlayer,
    RosterRow,
    SkaterStats,
    SuspensionRow,
)
from scorekeeper.rules.eligibility import player_status
from scorekeeper.rules.proposals import pending_text
from scorekeeper.rules.suspensions import carried_rows
from scorekeeper.season.sides import lineup_of, team_on
from scorekeeper.season.view import active_on
from scorekeeper.season_data import PlayerData


@bound
class Queries(Part):
    """Read-only answers for the window, computed from the facade's view of the season."""

    def carried_suspensions(self, season: str | None = None) -> list[SuspensionRow]:
        """Suspensions carried into this season from the one before, as `suspensions()` rows: `game` is the
        offence game of season `season`, `served` counts both seasons, `status` 'active' or 'served'."""
        return carried_rows(self.core.view(season))

    def game_names(self, season: str | None = None) -> dict[str, str]:
        """Each game's name for people to read, by id: the league's game number where set, else the id."""
        view = self.core.view(season)
        return {gid: view.game_name(gid) for gid in view.games}

    def lineup(self, game_id: str, side: str, season: str | None = None) -> list[LineupPlayer]:
        """The players dressed for `side`, with the numbers they wear."""
        view = self.core.view(season)
        game = view.game_input(game_id)
        return [{"player": d.player, "number": d.number, "name": d.name, "gender": d.gender, "goalie": d.goalie,
                 "captain": d.captain} for d in game.lineups.get(side, [])]

    def lineup_candidates(self, game_id: str, side: str, season: str | None = None) -> list[LineupCandidate]:
        """Everyone who could dress for `side` in this game, and whether the rulebook lets them (and why not)."""
        view = self.core.view(season)
        g = view.games[game_id]
        team = team_on(g, side)
        dressed = {x["player"]: x for x in lineup_of(g, side)}
        out: list[LineupCandidate] = []
        for r in view.roster_by_team.get(team, []):
            if not active_on(r, g["date"]):
                continue
            pid = r["player"]
            p: PlayerData | dict[str, str] = view.players.get(pid, {})
            goalie = bool(dressed[pid].get("goalie")) if pid in dressed else r.get("position") == "goalie"
            status = player_status(view, game_id, side, pid, goalie)
            rule, message = status.rule, ""
            if status.suspended is not None:
                message = f"suspended: {status.suspended.text}"
            elif status.playoff_games is not None:
                message = "{} of {} regular-season games".format(*status.playoff_games)
            elif status.proposed:  # PEN-GM-2: a warning; the player may dress until the office confirms it
                s = status.proposed[0]
                message = f"{s.kind} suspension from game {view.game_name(s.game)} {pending_text(view, s)}"
            elif status.division1_cap is not None:
                what, cap = status.division1_cap
                message = f"Division-1 player: at most {cap} {what} per game"
            out.append({"player": pid, "number": r["number"], "name": view.player_name(pid), "gender": p.get("gender"),
                        "position": r.get("position", "skater"), "dressed": pid in dressed,
                        "goalie": goalie, "status": status.code, "rule": rule,
                        "section": view.book.section(rule) if rule else "", "message": message})
        return out

    def roster(self, season: str | None = None) -> list[RosterRow]:
        """One row per signing: the player, the team, the season's numbers, suspension and fines."""
        view = self.core.view(season)
        stats = {(r["player"], r["team"]): r for r in self.core.stats(season)["players"]}
        active: dict[str, SuspensionRow] = {}
        for s in self.core.suspensions(season)["suspensions"] + self.carried_suspensions(season):
            if s["status"] == "active" and (s["player"] not in active or active[s["player"]]["status"] != "active"):
                active[s["player"]] = s
            elif s["status"] == "proposed":  # PEN-GM-2: a proposal shows, marked, until decided
                active.setdefault(s["player"], s)
        owed: dict[str, int] = {}
        for f in self.core.fines(season)["fines"]:
            if "player" in f["payer"]:
                owed[f["player"]] = owed.get(f["player"], 0) + Money.parse(f["amount"]).cents
        rows: list[RosterRow] = []
        for team, signings in view.roster_by_team.items():
            for r in signings:
                pid = r["player"]
                p: PlayerData | dict[str, str] = view.players.get(pid, {})
                st: SkaterStats | None = stats.get((pid, team))
                sus = active.get(pid)
                rows.append({"team": team, "player": pid, "number": r["number"],
                             "position": r.get("position", "skater"), "name": view.player_name(pid),
                             "first": p.get("first"), "last": p.get("last"), "gender": p.get("gender"),
                             "birthdate": p.get("birthdate"), "email": p.get("email"),
                             "signed": r.get("signed"), "released": r.get("released"),
                             "gp": st["gp"] if st else 0, "g": st["g"] if st else 0, "a": st["a"] if st else 0,
                             "pim": st["pim"] if st else 0,
                             "suspension": None if sus is None else
                             f"{sus['rule']} " + (f"{sus['served']}/{sus['games']}" if sus["kind"] == "games"
                                                  else str(sus["kind"]))
                             + (" (proposed)" if sus["status"] == "proposed" else ""),
                             "fines_cents": owed.get(pid, 0)})
        return rows

    def clock(self, game_id: str, season: str | None = None) -> GameClock:
        """The game clock the rulebook sets for this game: periods, overtime, stop time, shootout."""
        view = self.core.view(season)
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
        view = self.core.view(season)
        out: dict[str, list[int]] = {t: [] for t in view.teams}
        for g in view.final_games("regular"):
            st = view.state(g["id"])
            if st.points is None:
                continue
            for side in SIDES:
                team = team_on(g, side)
                previous = out[team][-1] if out.get(team) else 0
                out.setdefault(team, []).append(previous + st.points[side])
        return out
