"""Helpers for the black-box acceptance tests.

The tests check the program the way a league official would: season files are written from the rulebook,
imported through the command line (`python -m scorekeeper --db DB import FILE`), and the computed JSON
(`standings --json`, `stats --json`, `game GAME --json`, `suspensions --json`, `fines --json`, `export`) is
compared with numbers worked out by hand from the league's rule catalogue (docs/rules.md) and docs/season-file.md.

Nothing here imports the `scorekeeper` package: only its command line is used.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[3]
CLI_TIMEOUT = 120

FORMAT = "scorekeeper.season/1"
LEAGUE = "Westridge Sponge Hockey League"
SEASON = "2015-16"
RULEBOOK = "westridge-2015-16"


# --------------------------------------------------------------------------------------------------------
# The command line


# With SCOREKEEPER_TEST_PG=postgresql://USER@HOST:PORT the whole suite runs on PostgreSQL: each database file
# path becomes a database of its own on that server (.ci/run starts one and runs the suite again).
PG = os.environ.get("SCOREKEEPER_TEST_PG", "").rstrip("/")
PG_SALT = uuid.uuid4().hex[:8]


def pg_name(db: str | Path) -> str:
    return "sk_" + PG_SALT + "_" + hashlib.sha1(str(db).encode()).hexdigest()[:20]


def pg_create(name: str, template: str | None = None) -> None:
    import psycopg

    con = psycopg.connect(f"{PG}/postgres", autocommit=True)
    try:
        cur = con.cursor()
        cur.execute("select 1 from pg_database where datname = %s", (name,))
        if cur.fetchone() is None:
            cur.execute(f'create database "{name}"' + (f' template "{template}"' if template else ""))
    finally:
        con.close()


def db_target(db: str | Path) -> str:
    """The --db argument for a database path: the path itself, or its own PostgreSQL database."""
    if not PG or "://" in str(db):
        return str(db)
    pg_create(pg_name(db))
    return f"{PG}/{pg_name(db)}"


def run_cli(db: str | Path, *args: Any, timeout: float = CLI_TIMEOUT) -> tuple[int, str, str]:
    """Run `python -m scorekeeper --db DB ARGS...`; return (exit code, stdout, stderr)."""
    cmd = [sys.executable, "-m", "scorekeeper", "--db", db_target(db), *(str(a) for a in args)]
    return _run(cmd, timeout)


def run_cli_raw(*args: Any, timeout: float = CLI_TIMEOUT) -> tuple[int, str, str]:
    """Run `python -m scorekeeper ARGS...` exactly as given (for usage-error tests)."""
    return _run([sys.executable, "-m", "scorekeeper", *(str(a) for a in args)], timeout)


def _run(cmd: list[str], timeout: float) -> tuple[int, str, str]:
    env = dict(os.environ)
    env.pop("SCOREKEEPER_DB", None)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = str(REPO) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=REPO, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def cli_json(db: str | Path, *args: Any) -> Any:
    """Run a command that must succeed and print JSON on stdout; return the parsed JSON."""
    code, out, err = run_cli(db, *args)
    assert code == 0, f"`{' '.join(map(str, args))}` exited {code}\nstdout:\n{out}\nstderr:\n{err}"
    assert "Traceback" not in err, err
    try:
        return json.loads(out)
    except json.JSONDecodeError as exc:  # pragma: no cover - failure path
        raise AssertionError(f"`{' '.join(map(str, args))}` did not print JSON ({exc}):\n{out[:2000]}") from exc


def export_json(db: str | Path, out_file: Path) -> Any:
    """`export -o FILE` and return the parsed file."""
    code, out, err = run_cli(db, "export", "-o", out_file)
    assert code == 0, f"export exited {code}\nstdout:\n{out}\nstderr:\n{err}"
    return json.loads(out_file.read_text(encoding="utf-8"))


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


def copy_db(src: Path, dst_dir: Path) -> Path:
    """Copy a database file (and any SQLite side files) into dst_dir."""
    dst_dir.mkdir(parents=True, exist_ok=True)
    dst = dst_dir / src.name
    if PG:
        pg_create(pg_name(dst), template=pg_name(src))
        return dst
    for side in ("", "-wal", "-shm", "-journal"):
        s = Path(str(src) + side)
        if s.exists():
            shutil.copy2(s, Path(str(dst) + side))
    return dst


# --------------------------------------------------------------------------------------------------------
# Game events (season-file contract, "Game events")


def goal(team: str, period: int, elapsed: str, scorer: str, *assists: str, **extra: Any) -> dict:
    return {"type": "goal", "team": team, "period": period, "elapsed": elapsed, "scorer": scorer,
            "assists": list(assists), **extra}


def penalty(team: str, period: int, elapsed: str, player: str | None, infraction: str,
            cls: str | None = None, served_by: str | None = None) -> dict:
    ev = {"type": "penalty", "team": team, "period": period, "elapsed": elapsed, "player": player,
          "infraction": infraction}
    if cls is not None:
        ev["class"] = cls
    if served_by is not None:
        ev["served_by"] = served_by
    return ev


def penalty_shot(team: str, period: int, elapsed: str, shooter: str, scored: bool = True,
                 fouled_by: str | None = None) -> dict:
    ev = {"type": "penalty_shot", "team": team, "period": period, "elapsed": elapsed, "shooter": shooter,
          "scored": scored}
    if fouled_by is not None:
        ev["fouled_by"] = fouled_by
    return ev


def awarded_goal(team: str, period: int, elapsed: str, reason: str | None = None) -> dict:
    ev = {"type": "awarded_goal", "team": team, "period": period, "elapsed": elapsed}
    if reason is not None:
        ev["reason"] = reason
    return ev


def timeout(team: str, period: int, elapsed: str) -> dict:
    return {"type": "timeout", "team": team, "period": period, "elapsed": elapsed}


def goalie_pull(team: str, period: int, elapsed: str) -> dict:
    return {"type": "goalie", "team": team, "period": period, "elapsed": elapsed, "action": "pull"}


def goalie_in(team: str, period: int, elapsed: str, player: str) -> dict:
    return {"type": "goalie", "team": team, "period": period, "elapsed": elapsed, "action": "in",
            "player": player}


def late(team: str, minutes: int) -> dict:
    return {"type": "late", "team": team, "minutes": minutes}


def forfeit(team: str, reason: str = "short_players") -> dict:
    return {"type": "forfeit", "team": team, "reason": reason}


def called(home: int, away: int, reason: str = "lights failed") -> dict:
    return {"type": "called", "points": {"home": home, "away": away}, "reason": reason}


def mmss(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


# --------------------------------------------------------------------------------------------------------
# Season builder

# Player slots per team: id = team id + slot. Slot 01 is the starting goalie (#30), 02-07 the six dressed
# skaters (#2-#7), 08 a rostered skater who is not dressed by default (#8), 09 a backup goalie (#31).
SLOTS = {
    "01": (30, "goalie", "M"),
    "02": (2, "skater", "M"),
    "03": (3, "skater", "M"),
    "04": (4, "skater", "M"),
    "05": (5, "skater", "F"),
    "06": (6, "skater", "F"),
    "07": (7, "skater", "F"),
    "08": (8, "skater", "M"),
    "09": (31, "goalie", "F"),
}
DRESSED = ("02", "03", "04", "05", "06", "07")


class SeasonBuilder:
    """Builds a minimal valid season dict.

    `divisions` maps a division id to its team ids. Every team gets the nine players of SLOTS; games get
    full lineups (1 goalie + 6 skaters) unless told otherwise, and successive dates one day apart.
    """

    def __init__(self, divisions: dict[str, list[str]], coed: bool = False, start: str = "2015-10-01"):
        self.divisions = divisions
        self.coed = coed
        self.games: list[dict] = []
        self.payments: list[dict] = []
        self._date = _dt.date.fromisoformat(start)

    @staticmethod
    def lineup(team: str, slots: tuple[str, ...] = DRESSED, goalie: str = "01") -> list[dict]:
        return [{"player": f"{team}{goalie}", "goalie": True}] + [{"player": f"{team}{s}"} for s in slots]

    def game(self, gid: str, home: str, away: str, events: list[dict] | tuple = (), stage: str = "regular",
             lineups: dict | None = None, **extra: Any) -> dict:
        date = extra.pop("date", None) or self._date.isoformat()
        self._date += _dt.timedelta(days=1)
        g = {"id": gid, "date": date, "time": "19:00", "stage": stage, "home": home, "away": away,
             "status": "final",
             "lineups": lineups if lineups is not None else {"home": self.lineup(home),
                                                             "away": self.lineup(away)},
             "events": list(events)}
        g.update(extra)
        self.games.append(g)
        return g

    def build(self) -> dict:
        divisions, teams, players, roster = [], [], [], []
        coed_tier = 0
        for div_id, team_ids in self.divisions.items():
            d: dict[str, Any] = {"id": div_id, "name": f"Division {div_id}", "coed": self.coed}
            if self.coed and coed_tier < 2:
                coed_tier += 1
                d["tier"] = coed_tier
            divisions.append(d)
            for t in team_ids:
                teams.append({"id": t, "name": f"Team {t.upper()}", "division": div_id})
                for slot, (number, position, gender) in SLOTS.items():
                    pid = f"{t}{slot}"
                    players.append({"id": pid, "first": f"P{slot}", "last": f"Team{t.upper()}",
                                    "gender": gender})
                    roster.append({"team": t, "player": pid, "number": number, "position": position})
        return {"format": FORMAT, "league": LEAGUE, "season": SEASON, "rulebook": RULEBOOK,
                "divisions": divisions, "teams": teams, "players": players, "roster": roster,
                "games": [dict(g) for g in self.games], "appeals": [], "payments": list(self.payments)}


def partial_file(games: list[dict]) -> dict:
    """A season file holding only some games of a season already in the database."""
    return {"format": FORMAT, "league": LEAGUE, "season": SEASON, "games": games}


# --------------------------------------------------------------------------------------------------------
# An imported season with cached queries


class ImportedSeason:
    """A season file imported into a fresh database, with cached JSON queries.

    If the whole file is rejected (exit != 0), game queries fall back to importing that one game on its own
    (with the regular-season games in front of a playoff game, for ELIG-1), so one rejected game does not
    hide the results of every other game; whole-season queries (standings, stats) then fail with the
    rejection message.
    """

    def __init__(self, workdir: Path, data: dict):
        self.dir = workdir
        self.data = data
        self.file = write_json(workdir / "season.json", data)
        self.db = workdir / "season.db"
        self.code, self.out, self.err = run_cli(self.db, "import", self.file)
        self._cache: dict[tuple, Any] = {}
        self._game_dbs: dict[str, Path] = {}

    # -- import status
    @property
    def rejection(self) -> str:
        return f"import of the season file exited {self.code}\nstdout:\n{self.out}\nstderr:\n{self.err}"

    def require_ok(self) -> None:
        if self.code != 0:
            pytest.fail(self.rejection)

    # -- queries
    def _db_for_game(self, gid: str) -> Path:
        if self.code == 0:
            return self.db
        if gid not in self._game_dbs:
            game = next(g for g in self.data["games"] if g["id"] == gid)
            games = [game]
            if game.get("stage") == "playoff":
                games = [g for g in self.data["games"] if g.get("stage", "regular") == "regular"] + [game]
            sub = dict(self.data, games=games)
            d = self.dir / f"alone-{gid}"
            d.mkdir(exist_ok=True)
            f = write_json(d / "season.json", sub)
            code, out, err = run_cli(d / "season.db", "import", f)
            if code != 0:
                pytest.fail(f"game {gid} imported on its own was rejected (exit {code}):\n{out}\n{err}\n\n"
                            f"(whole file: {self.rejection})")
            self._game_dbs[gid] = d / "season.db"
        return self._game_dbs[gid]

    def game(self, gid: str) -> dict:
        key = ("game", gid)
        if key not in self._cache:
            self._cache[key] = cli_json(self._db_for_game(gid), "game", gid, "--json")
        return self._cache[key]

    def _season_query(self, *args: str) -> Any:
        self.require_ok()
        if args not in self._cache:
            self._cache[args] = cli_json(self.db, *args)
        return self._cache[args]

    def standings(self) -> dict:
        return self._season_query("standings", "--json")

    def stats(self, stage: str = "regular") -> dict:
        if stage == "regular":
            return self._season_query("stats", "--json")
        return self._season_query("stats", "--json", "--stage", stage)

    def suspensions(self) -> dict:
        return self._season_query("suspensions", "--json")

    def fines(self) -> dict:
        return self._season_query("fines", "--json")


def import_season(workdir: Path, data: dict) -> ImportedSeason:
    return ImportedSeason(workdir, data)


# --------------------------------------------------------------------------------------------------------
# Looking things up in computed output


def standings_rows(standings: dict, division: str) -> list[dict]:
    for d in standings["divisions"]:
        if d["division"] == division:
            return sorted(d["rows"], key=lambda r: r["rank"])
    raise AssertionError(f"division {division!r} not in standings: {[d['division'] for d in standings['divisions']]}")


def standings_row(standings: dict, division: str, team: str) -> dict:
    for r in standings_rows(standings, division):
        if r["team"] == team:
            return r
    raise AssertionError(f"team {team!r} not in standings of {division!r}")


def stats_row(stats: dict, player: str) -> dict | None:
    rows = [r for r in stats["players"] if r["player"] == player]
    assert len(rows) <= 1, rows
    return rows[0] if rows else None


def stat(stats: dict, player: str, field: str) -> int:
    """A player's stat; a player missing from the list counts as 0 (only used for zero-expectations)."""
    row = stats_row(stats, player)
    return 0 if row is None else row[field]


def goal_at(game: dict, period: int, elapsed: str) -> dict:
    found = [g for g in game["goals"] if g["period"] == period and g["elapsed"] == elapsed]
    assert len(found) == 1, f"expected one goal at period {period} {elapsed}, got {found}\nall: {game['goals']}"
    return found[0]


def penalties(game: dict, *, player: Any = ..., infraction: str | None = None,
              cls: str | None = None) -> list[dict]:
    out = []
    for p in game["penalties"]:
        if player is not ... and p.get("player") != player:
            continue
        if infraction is not None and p.get("infraction") != infraction:
            continue
        if cls is not None and p.get("class") != cls:
            continue
        out.append(p)
    return out


def one_penalty(game: dict, **kw: Any) -> dict:
    found = penalties(game, **kw)
    assert len(found) == 1, f"expected one penalty matching {kw}, got {found}\nall: {game['penalties']}"
    return found[0]


def ejected(game: dict, player: str) -> list[dict]:
    return [e for e in game.get("ejections", []) if e.get("player") == player]


# --------------------------------------------------------------------------------------------------------
# The penalty-clock season: one game per scenario, shared by test_penalty_clock, test_goal_strength and
# test_discipline. Teams a (home) and b (away) play the scenarios that suspend nobody; every scenario that
# brings a suspension gets its own pair of teams that play only that game, so no later lineup is blocked
# by ELIG-2. Co-ed division, so the co-ed-only infraction high_slap_shot exists.

H, A = "home", "away"


def build_penalty_season() -> dict:
    sb = SeasonBuilder({"c1": list("abcdefghijklmnop")}, coed=True)
    g = sb.game
    # PEN-MINOR-1: tripping at 14:30 -> 16:30
    g("pc01", "a", "b", [penalty(A, 1, "14:30", "b02", "tripping")])
    # body contact at 6:00 -> 3-minute minor to 9:00
    g("pc02", "a", "b", [penalty(A, 1, "06:00", "b02", "body_contact")])
    # body contact at 6:00, home goal at 8:30 -> still short-handed (PP goal), minor ends at 8:30
    g("pc03", "a", "b", [penalty(A, 1, "06:00", "b02", "body_contact"), goal(H, 1, "08:30", "a02")])
    # PEN-MINOR-2: minors at 10:00 and 11:00, goals at 11:30 and 12:00 -> one released per goal
    g("pc04", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "11:00", "b03", "hooking"),
                         goal(H, 1, "11:30", "a02"), goal(H, 1, "12:00", "a03")])
    # PEN-MAJOR-1 / A-4: major at 20:00, two PP goals do not release it
    g("pc06", "a", "b", [penalty(A, 2, "00:00", "b02", "slashing", cls="major"),
                         goal(H, 2, "01:00", "a02"), goal(H, 2, "03:00", "a03")])
    # PEN-GEN-2: coincidental minors at 5:00, goal at 6:00 -> EV, nothing released
    g("pc07", "a", "b", [penalty(H, 1, "05:00", "a02", "tripping"), penalty(A, 1, "05:00", "b02", "tripping"),
                         goal(H, 1, "06:00", "a03")])
    # away minors 10:00 + 10:30, home minor 10:45; home goal 11:00 (4 v 3 -> PP, releases b02);
    # away goal 11:15 (4 v 4 -> EV, releases nothing)
    g("pc08", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:30", "b03", "hooking"),
                         penalty(H, 1, "10:45", "a02", "holding"),
                         goal(H, 1, "11:00", "a03"), goal(A, 1, "11:15", "b04")])
    # ICE-4 / A-14: three minors at 10:00, 10:30, 11:00 -> the third starts at 12:00
    g("pc09", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:30", "b03", "hooking"),
                         penalty(A, 1, "11:00", "b04", "holding")])
    # PEN-GEN-4: minor + misconduct to one player at 10:00; home goal at 13:00 is EV
    g("pc10", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"),
                         penalty(A, 1, "10:00", "b02", "abuse_of_officials"),
                         goal(H, 1, "13:00", "a02")])
    # PEN-GEN-4: a minor at 19:30 of the first half carries over half time -> 21:30
    g("pc11", "a", "b", [penalty(A, 1, "19:30", "b02", "tripping")])
    # ... and a goal at 21:00 (1:00 into the second half) is still a power-play goal that ends it
    g("pc12", "a", "b", [penalty(A, 1, "19:30", "b02", "tripping"), goal(H, 2, "01:00", "a02")])
    # A goal at the very second a minor expires (5:00 -> 7:00) is EV
    g("pc13", "a", "b", [penalty(A, 1, "05:00", "b02", "tripping"), goal(H, 1, "07:00", "a02")])
    # PEN-GEN-3: minors at 5:00, 18:00, 31:00 -> ejected at 31:00, a sub serves to 33:00
    g("pc14", "a", "b", [penalty(A, 1, "05:00", "b02", "tripping"), penalty(A, 1, "18:00", "b02", "hooking"),
                         penalty(A, 2, "11:00", "b02", "holding", served_by="b03")])
    # PEN-MISC-1: misconduct at 12:00 -> back at 22:00, team not short-handed
    g("pc15", "a", "b", [penalty(A, 1, "12:00", "b02", "abuse_of_officials"), goal(H, 1, "13:00", "a02")])
    # PEN-GM-1: game misconduct at 15:00 -> not short-handed, nothing timed, player out
    g("pc16", "a", "b", [penalty(A, 1, "15:00", "b02", "game_misconduct"), goal(H, 1, "16:00", "a02")])
    # PEN-BENCH-1: too many players at 8:00, b03 serves to 10:00
    g("pc17", "a", "b", [penalty(A, 1, "08:00", None, "too_many_players", served_by="b03")])
    # PEN-MINOR-1 / PEN-GOALIE-1: the goalie's minor at 9:00 is served by a teammate to 11:00
    g("pc18", "a", "b", [penalty(A, 1, "09:00", "b01", "tripping", served_by="b03")])
    # Short-handed goal: home minor at 2:00, home scores at 3:00
    g("pc19", "a", "b", [penalty(H, 1, "02:00", "a02", "tripping"), goal(H, 1, "03:00", "a03")])
    # COED-3: slap shot above the waist at 14:00 -> 16:00
    g("pc20", "a", "b", [penalty(A, 1, "14:00", "b02", "high_slap_shot")])
    # empty net: away pulls its goalie at 38:50, home scores at 39:20
    g("pc21", "a", "b", [goalie_pull(A, 2, "18:50"), goal(H, 2, "19:20", "a02")])
    # goalie back: away pulls at 38:00, goalie back at 38:30, home scores at 39:00
    g("pc22", "a", "b", [goalie_pull(A, 2, "18:00"), goalie_in(A, 2, "18:30", "b01"), goal(H, 2, "19:00", "a02")])
    # the scoring team's own goalie is pulled: home pulls at 38:00, home scores at 39:00
    g("pc23", "a", "b", [goalie_pull(H, 2, "18:00"), goal(H, 2, "19:00", "a02")])
    # penalty-shot goal at 5:00 while away has a minor (4:30-6:30); awarded goal at 25:00
    g("pc24", "a", "b", [penalty(A, 1, "04:30", "b04", "tripping"),
                         penalty_shot(H, 1, "05:00", "a02", scored=True, fouled_by="b03"),
                         awarded_goal(H, 2, "05:00", reason="stick thrown at empty net")])
    # PEN-MINOR-2: major at 10:00 and minor at 11:00; the PP goal at 12:00 ends the minor, not the major
    g("pc25", "a", "b", [penalty(A, 1, "10:00", "b02", "slashing", cls="major"),
                         penalty(A, 1, "11:00", "b03", "tripping"), goal(H, 1, "12:00", "a02")])
    # PEN-GEN-3 for a goalie: three minors to b01 (served by teammates) -> ejected
    g("pc26", "a", "b", [penalty(A, 1, "05:00", "b01", "tripping", served_by="b03"),
                         penalty(A, 1, "15:00", "b01", "goalie_beyond_centre", served_by="b04"),
                         penalty(A, 2, "05:00", "b01", "goalie_holding_puck", served_by="b05")])
    # two minors + serving a bench minor + fouling on a (missed) penalty shot -> not 3 penalties
    g("pc27", "a", "b", [penalty(A, 1, "05:00", "b02", "tripping"), penalty(A, 1, "10:00", "b02", "hooking"),
                         penalty(A, 1, "15:00", None, "too_many_players", served_by="b02"),
                         penalty_shot(H, 2, "05:00", "a02", scored=False, fouled_by="b02")])
    # ICE-3: overtime is 4 skaters + goalie less penalised players: away minor at 41:00, home goal at 42:00
    g("pc28", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                         penalty(A, 3, "01:00", "b03", "tripping"), goal(H, 3, "02:00", "a03")])
    # PEN-GEN-4: a minor at 39:00 carries into overtime (to 41:00); home goal at 40:30 is PP
    g("pc29", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                         penalty(A, 2, "19:00", "b03", "tripping"), goal(H, 3, "00:30", "a03")])
    # PEN-MISC-2: a misconduct at 33:00 in a game decided at 40:00 (final 10 minutes, A-20) -> report flag
    g("pc30", "a", "b", [goal(H, 1, "05:00", "a02"), penalty(A, 2, "13:00", "b02", "abuse_of_officials")])
    # contract: empty_net given in the file (no goalie events) is kept
    g("pc31", "a", "b", [goal(H, 1, "05:00", "a02", empty_net=True)])
    # PEN-MISC-2 / A-20 "final 10 minutes of actual play, OT included": 1-1, misconduct at 31:00, OT winner
    # at 42:00 -> play ended at 42:00, the final 10 minutes are 32:00-42:00 -> 31:00 is not in them
    g("pc32", "a", "b", [goal(H, 1, "05:00", "a02"), goal(A, 2, "05:00", "b02"),
                         penalty(A, 2, "11:00", "b03", "abuse_of_officials"), goal(H, 3, "02:00", "a03")])
    # ... and a mercy game ending at 27:30: the final 10 minutes are 17:30-27:30 -> 18:00 is in them
    g("pc33", "a", "b", [penalty(A, 1, "18:00", "b02", "abuse_of_officials")]
      + [goal(H, 1, f"{m:02d}:00", f"a0{2 + m % 6}") for m in range(1, 9)]
      + [goal(H, 2, t, f"a0{2 + i % 6}") for i, t in enumerate(["01:00", "02:00", "03:00", "04:00", "05:00",
                                                                "06:00", "07:30"])])
    # a fourth minor at 12:10 (b02 gone at 12:00, b03 and the delayed b04 running) waits for b03 (12:30)
    g("pc34", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:30", "b03", "hooking"),
                         penalty(A, 1, "11:00", "b04", "holding"), penalty(A, 1, "12:10", "b05", "holding")])
    # PEN-GEN-4 + PEN-MINOR-2: two minors to b02 at 10:00 run back to back; the PP goal at 11:00 ends the first,
    # so the second runs 11:00-13:00
    g("pc35", "a", "b", [penalty(A, 1, "10:00", "b02", "tripping"), penalty(A, 1, "10:00", "b02", "hooking"),
                         goal(H, 1, "11:00", "a02")])
    # PEN-FIGHT-1: fight at 22:00 -> both teams short-handed until 27:00; goals at 24:00 and 27:00 are EV
    g("pcF", "c", "d", [penalty(H, 2, "02:00", "c02", "fighting", served_by="c04"),
                        penalty(A, 2, "02:00", "d02", "fighting", served_by="d04"),
                        goal(H, 2, "04:00", "c03"), goal(H, 2, "07:00", "c05")])
    # PEN-FIGHT-2: instigator at 10:00, a sub serves 2 + 5 = 7 minutes -> 17:00; goal 13:00 PP, 17:00 EV
    g("pcI", "e", "f", [penalty(A, 1, "10:00", "f02", "instigator", served_by="f03"),
                        goal(H, 1, "13:00", "e02"), goal(H, 1, "17:00", "e03")])
    # PEN-MATCH-1: attempt to injure at 20:00 -> 5 minutes SH to 25:00, not released by the 21:00 PP goal
    g("pcM", "g", "h", [penalty(A, 2, "00:00", "h02", "attempt_to_injure", served_by="h03"),
                        goal(H, 2, "01:00", "g02")])
    # PEN-MAJOR-2: majors at 8:00 and 30:00 -> ejected, a sub serves 30:00-35:00; goal at 32:00 is PP
    g("pcJ", "i", "j", [penalty(A, 1, "08:00", "j02", "slashing", cls="major"),
                        penalty(A, 2, "10:00", "j02", "slashing", cls="major", served_by="j03"),
                        goal(H, 2, "12:00", "i02")])
    # PEN-SLEW-1: slew foot at 18:00 -> SH until 23:00; goal at 22:00 is PP
    g("pcS", "k", "l", [penalty(A, 1, "18:00", "l02", "slew_foot", served_by="l03"),
                        goal(H, 2, "02:00", "k02")])
    # PEN-MISC-3: misconducts at 5:00 and 25:00 -> GM, 1 game, $10
    g("pcX", "m", "n", [penalty(A, 1, "05:00", "n02", "abuse_of_officials"),
                        penalty(A, 2, "05:00", "n02", "misconduct")])
    # PEN-GROSS-1: gross misconduct at 10:00 -> ejected, 3 games, $30
    g("pcG", "o", "p", [penalty(A, 1, "10:00", "p02", "gross_misconduct")])
    sb.payments.append({"payer": {"team": "j"}, "amount": "20.00", "date": "2015-12-15",
                        "memo": "j02 second-major fine, cash at canteen"})
    return sb.build()


@pytest.fixture(scope="session")
def penalty_season(tmp_path_factory: pytest.TempPathFactory) -> ImportedSeason:
    return import_season(tmp_path_factory.mktemp("penalty-season"), build_penalty_season())
