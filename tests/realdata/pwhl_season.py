"""Convert the PWHL's published data (tests/realdata/data/pwhl, see its README.md) into a Scorekeeper season file.

The data is the league's statistics feed as CSV: every game with its final score and status, every goal
with scorer and assists, every penalty, the shootout attempts and the goalie changes. A season file needs more
than that: line-ups and a roster. They are made from what the data shows: a player dresses for a game when she
scored, assisted, took or served a penalty, shot in the shootout or played in goal in it, and is signed to every
team she appeared for (with `signed`/`released` dates from her first and last appearance when she played for more
than one team).

Penalties (games/play_by_play/penalties.csv) become `penalty` events under the PWHL's own infraction codes
(`INFRACTIONS`, defined in `pwhl-2024.toml`). `time_off_formatted` is the time the penalty was called, elapsed
in the period: the published power-play goals follow it within the minor's two minutes.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
from collections import defaultdict
from pathlib import Path
from typing import Any

REALDATA = Path(__file__).resolve().parent / "data"
PWHL = REALDATA / "pwhl"
PWHL_DB = REALDATA / "pwhl-db"
RULEBOOK = Path(__file__).resolve().parent / "pwhl-2024.toml"
LEAGUE = "Professional Women's Hockey League"
RULEBOOK_ID = "pwhl-2024"
DIVISION = "pwhl"

Row = dict[str, str]


@functools.cache
def read_csv(relative: str) -> tuple[Row, ...]:
    """The rows of one CSV file of the PWHL data (read once per test run)."""
    with open(PWHL / relative, encoding="utf-8", newline="") as f:
        return tuple(csv.DictReader(f))


def published_stats(table: str, season_id: int) -> list[dict[str, int]]:
    """The rows of pwhl-db's `skater_stats` or `goalie_stats` for one season (player_id, team_id, season_id,
    games_played, goals, assists, penalty_minutes: integers)."""
    with open(PWHL_DB / f"{table}.csv", encoding="utf-8", newline="") as f:
        rows = [{k: int(v) for k, v in r.items()} for r in csv.DictReader(f)]
    return [r for r in rows if r["season_id"] == season_id]


def team_codes() -> dict[str, str]:
    """PWHL team id -> team code (the season file's team id), e.g. "3" -> "MTL"."""
    return {r["id"]: r["code"] for r in read_csv("basic/teams.csv")}


def final_games(season_id: int) -> list[Row]:
    """The games of a PWHL season that were played to the end (game_status "Final", "Final OT", "Final SO"...)."""
    return [g for g in read_csv("games/all_games.csv")
            if g["season_id"] == str(season_id) and g["game_status"].startswith("Final")]


def is_shootout(game: Row) -> bool:
    """Decided by a shootout. The `shootout` column is 0 in four "Final SO" games: the status is trusted."""
    return game["game_status"] == "Final SO"


def mmss(seconds: int) -> str:
    """Seconds since the start of a period as the season file's "MM:SS"."""
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


# lang_penalty_description -> (infraction code in pwhl-2024.toml, class the data gives it). A "Major-" description
# is the offence given as a major; a bench penalty (`bench` 1, no offender) is given as a bench minor instead.
INFRACTIONS: dict[str, tuple[str, str]] = {
    "Boarding": ("boarding", "minor"),
    "Major-Boarding": ("boarding", "major"),
    "Charging": ("charging", "minor"),
    "Major-Charging": ("charging", "major"),
    "Major-Check/behind": ("checking_from_behind", "major"),
    "2-Minute-Hit to the head": ("hit_to_the_head", "minor"),
    "Check to the Head (Accidental)": ("accidental_check_to_the_head", "minor"),
    "Major - Check to the Head": ("check_to_the_head", "major"),
    "Closing Hand on Puck": ("closing_hand_on_puck", "minor"),
    "Cross Checking": ("cross_checking", "minor"),
    "Delay of Game": ("delay_of_game", "minor"),
    "Delay of Game - Coaches Challenge": ("failed_challenge", "minor"),
    "Delay of Game - Face-off Violation": ("faceoff_violation", "minor"),
    "Elbowing": ("elbowing", "minor"),
    "High Sticking": ("high_sticking", "minor"),
    "Holding": ("holding", "minor"),
    "Holding Opp. Stick": ("holding_the_stick", "minor"),
    "Hooking": ("hooking", "minor"),
    "Illegal Body Checking": ("illegal_body_checking", "minor"),
    "Inter. on Goaltender": ("goaltender_interference", "minor"),
    "Interference": ("interference", "minor"),
    "Kneeing": ("kneeing", "minor"),
    "Ob-Interference": ("obstruction_interference", "minor"),
    "Ob-Tripping": ("obstruction_tripping", "minor"),
    "Playing w/broken st.": ("broken_stick", "minor"),
    "Roughing": ("roughing", "minor"),
    "Slashing": ("slashing", "minor"),
    "Spearing": ("spearing", "minor"),
    "Throwing Equipment": ("throwing_equipment", "minor"),
    "Too Many Players": ("too_many_players", "bench_minor"),
    "Tripping": ("tripping", "minor"),
    "Unsportsmanlike Cnd.": ("unsportsmanlike_conduct", "minor"),
    "10-Minute Misconduct": ("misconduct", "misconduct"),
    "Game Misconduct": ("game_misconduct", "game_misconduct"),  # published as a 10-minute "Misconduct"
    "Match-Attempt/Injure": ("attempt_to_injure", "match"),
}

# Default class of each code (the first class the table gives it): `class` is written only when it differs.
DEFAULT_CLASS = {code: cls for code, cls in reversed(list(INFRACTIONS.values()))}
# At one instant, the serious penalty first and a game misconduct last (the offender leaves after serving)
CLASS_ORDER = {"major": 0, "match": 0, "minor": 1, "bench_minor": 1, "misconduct": 2, "game_misconduct": 3}


def seconds_of(mm_ss: str) -> int:
    """A published "M:SS" (or "MM:SS") as seconds."""
    minutes, seconds = mm_ss.split(":")
    return int(minutes) * 60 + int(seconds)


def is_penalty_shot(r: Row) -> bool:
    """A minor that led to a penalty shot instead of a power play (`penalty_shot` 1, `pp` 0): no time is served
    and the published PIM leaves it out (a documented quirk). The shooter is not in the data, so no
    `penalty_shot` event can be written either. Where `pp` is 1 too (games 57 and 89), the flags contradict
    each other and the power play is what happened (game 89: goal 433 is a power-play goal during 89_penalty_556):
    the penalty is kept."""
    return r["penalty_shot"] == "1" and r["pp"] == "0"


def penalty_class(r: Row) -> tuple[str, str]:
    """(infraction code, class) of a published penalty."""
    code, cls = INFRACTIONS[r["lang_penalty_description"]]
    if r["bench"] == "1" and cls == "minor":
        cls = "bench_minor"
    return code, cls


def _by_game(relative: str, games: set[str]) -> dict[str, list[Row]]:
    """The rows of a play-by-play file grouped by game id, for the given games only."""
    out: dict[str, list[Row]] = defaultdict(list)
    for r in read_csv(f"games/play_by_play/{relative}"):
        if r["game_id"] in games:
            out[r["game_id"]].append(r)
    return out


class _Game:
    """One game's line-ups as the data shows them: goalies first (the starter first), then the skaters."""

    def __init__(self, row: Row, stage: str, codes: dict[str, str]) -> None:
        self.row = row
        self.stage = stage
        self.side_of = {row["home_team"]: "home", row["visiting_team"]: "away"}
        self.team = {"home": codes[row["home_team"]], "away": codes[row["visiting_team"]]}
        self.goalies: dict[str, list[str]] = {"home": [], "away": []}
        self.skaters: dict[str, list[str]] = {"home": [], "away": []}
        self.starter: dict[str, str | None] = {"home": None, "away": None}

    @property
    def date(self) -> str:
        return self.row["date"][:10]

    def goalie(self, team_id: str, player: str, starts: bool = False) -> None:
        side = self.side_of[team_id]
        if player not in self.goalies[side]:
            self.goalies[side].append(player)
        if starts and self.starter[side] is None:
            self.starter[side] = player

    def skater(self, team_id: str, player: str) -> None:
        side = self.side_of[team_id]
        if player not in self.skaters[side]:
            self.skaters[side].append(player)

    def lineup(self, side: str, goalie_ids: set[str]) -> list[dict[str, Any]]:
        """Starting goalie, other goalies, then skaters; a goalie who also scored or assisted dresses once."""
        goalies = list(self.goalies[side])
        starter = self.starter[side] or (goalies[0] if goalies else None)
        if starter is not None:
            goalies.remove(starter)
            goalies.insert(0, starter)
        out = [{"player": f"p{pid}", "goalie": True} for pid in goalies]
        for pid in self.skaters[side]:
            if pid in goalies:
                continue
            out.append({"player": f"p{pid}", "goalie": True} if pid in goalie_ids else {"player": f"p{pid}"})
        return out

    def players(self) -> list[tuple[str, str]]:
        """(side, player id) of everyone dressed."""
        return [(side, pid) for side in ("home", "away") for pid in (*self.goalies[side], *self.skaters[side])]


def _assign_numbers(pairs: list[tuple[str, str]], people: dict[str, Row]) -> dict[tuple[str, str], int]:
    """A jersey number 0-99 for each (team code, player id), unique within the team: the player's published
    number when free, else the next free one. Players whose published team is this team choose first."""
    codes = team_codes()
    taken: dict[str, set[int]] = defaultdict(set)
    out: dict[tuple[str, str], int] = {}

    def order(pair: tuple[str, str]) -> tuple[str, bool, int]:
        team, pid = pair
        owner = codes.get(people.get(pid, {}).get("team_id", ""), "") == team
        return (team, not owner, int(pid))

    for team, pid in sorted(pairs, key=order):
        raw = people.get(pid, {}).get("jersey_number", "")
        wanted = int(raw) if raw.isdigit() and int(raw) <= 99 else 0
        number = next(n % 100 for n in range(wanted, wanted + 100) if n % 100 not in taken[team])
        taken[team].add(number)
        out[(team, pid)] = number
    return out


def season_file(season_id: int, name: str, playoff_season_id: int | None = None) -> dict[str, Any]:
    """A season file (docs/season-file.md) of a PWHL season's final games, with the playoff games of
    `playoff_season_id` as stage "playoff" games when given."""
    codes = team_codes()
    people = {r["id"]: r for r in read_csv("players/all_players.csv")}
    rows = [(g, "regular") for g in final_games(season_id)]
    if playoff_season_id is not None:
        rows += [(g, "playoff") for g in final_games(playoff_season_id)]
    ids = {g["id"] for g, _ in rows}
    goals = _by_game("goals.csv", ids)
    shootouts = _by_game("shootouts.csv", ids)
    changes = _by_game("goalie_changes.csv", ids)
    penalties = {gid: [r for r in rows if not is_penalty_shot(r)]
                 for gid, rows in _by_game("penalties.csv", ids).items()}

    games: list[_Game] = []
    goalie_ids = {pid for pid, p in people.items() if p["type"] == "goalie"}
    for row, stage in rows:
        game = _Game(row, stage, codes)
        for c in sorted(changes.get(row["id"], []), key=lambda r: (int(r["period"]), int(r["seconds"]))):
            if c["goalie_in_id"]:
                game.goalie(c["team_id"], c["goalie_in_id"], starts=c["period"] == "1" and c["seconds"] == "0")
                goalie_ids.add(c["goalie_in_id"])
        for s in shootouts.get(row["id"], []):
            game.goalie(s["opponent_team_id"], s["goalie_id"])
            goalie_ids.add(s["goalie_id"])
        for r in sorted(goals.get(row["id"], []), key=lambda r: (int(r["period"]), int(r["seconds"]))):
            for pid in (r["goal_player_id"], r["assist1_player_id"], r["assist2_player_id"]):
                if pid:
                    game.skater(r["team_id"], pid)
        for r in penalties.get(row["id"], []):
            for pid in (r["player_id"], r["player_served"]):
                if pid in goalie_ids:
                    game.goalie(r["team_id"], pid)
                elif pid:
                    game.skater(r["team_id"], pid)
        for s in sorted(shootouts.get(row["id"], []), key=lambda r: int(r["seconds"])):
            game.skater(s["team_id"], s["player_id"])
        games.append(game)

    # every (team, player) pair with the dates of its first and last game
    spans: dict[tuple[str, str], list[str]] = {}
    for game in games:
        for side, pid in game.players():
            span = spans.setdefault((game.team[side], pid), [game.date, game.date])
            span[0], span[1] = min(span[0], game.date), max(span[1], game.date)
    numbers = _assign_numbers(list(spans), people)
    teams_of: dict[str, list[str]] = defaultdict(list)
    for team, pid in sorted(spans, key=lambda k: (spans[k][0], spans[k][1], k)):
        teams_of[pid].append(team)

    roster: list[dict[str, Any]] = []
    for (team, pid), (first, last) in sorted(spans.items(), key=lambda kv: (kv[0][0], int(kv[0][1]))):
        entry: dict[str, Any] = {"team": team, "player": f"p{pid}", "number": numbers[(team, pid)],
                                 "position": "goalie" if pid in goalie_ids else "skater"}
        order = teams_of[pid]
        if len(order) > 1:  # a trade: on each team from the first to the last game the player played for it
            if order.index(team) > 0:
                entry["signed"] = first
            if order.index(team) < len(order) - 1:
                entry["released"] = (dt.date.fromisoformat(last) + dt.timedelta(days=1)).isoformat()
        roster.append(entry)

    players = []
    for pid in sorted({pid for _, pid in spans}, key=int):
        p = people.get(pid)
        first, last = (p["first_name"], p["last_name"]) if p else (pid, pid)
        players.append({"id": f"p{pid}", "first": first or pid, "last": last or pid})

    return {
        "format": "scorekeeper.season/1",
        "league": LEAGUE,
        "season": name,
        "rulebook": RULEBOOK_ID,
        "divisions": [{"id": DIVISION, "name": "PWHL", "coed": False}],
        "teams": [{"id": r["code"], "name": r["name"], "division": DIVISION} for r in read_csv("basic/teams.csv")],
        "players": players,
        "roster": roster,
        "games": [_game_dict(g, goals.get(g.row["id"], []), penalties.get(g.row["id"], []),
                             shootouts.get(g.row["id"], []), goalie_ids) for g in games],
    }


def penalty_event(game: _Game, r: Row, goalie_ids: set[str]) -> dict[str, Any]:
    """One published penalty as a season file `penalty` event. `served_by` names the published server when she is
    not the offender: a teammate serving a goalie's penalty (PEN-GOALIE-1), a major or match penalty whose
    offender is thrown out with a game misconduct, or a bench penalty (the offender is then null)."""
    code, cls = penalty_class(r)
    offender = r["player_id"] or None
    event: dict[str, Any] = {
        "type": "penalty", "team": game.side_of[r["team_id"]], "period": int(r["period"]),
        "elapsed": mmss(seconds_of(r["time_off_formatted"])), "player": f"p{offender}" if offender else None,
        "infraction": code}
    if cls != DEFAULT_CLASS[code]:
        event["class"] = cls
    server = r["player_served"]
    if server and server != offender and server not in goalie_ids:
        event["served_by"] = f"p{server}"
    return event


def _game_dict(game: _Game, goals: list[Row], penalties: list[Row], shootouts: list[Row],
               goalie_ids: set[str]) -> dict[str, Any]:
    """One game of the season file: line-ups, goals, penalties and, for a game decided by a shootout, its winner.

    Events are applied in (period, elapsed, file order): at the same second a goal comes before a penalty (a
    penalty called at the stoppage the goal made neither counts for that goal's strength nor is ended by it), as
    the published flags show: 164_goal_870 and 185_goal_905 are even-strength goals scored at the second the
    other side's bench minor and failed challenge were called, and 185_goal_906 a power-play goal after it."""
    row = game.row
    timed: list[tuple[tuple[int, int, int, int, int], dict[str, Any]]] = []
    # `time` is the time elapsed in the period (it equals `seconds`, which grows with the event id)
    for r in goals:
        timed.append(((int(r["period"]), int(r["seconds"]), 0, 0, int(r["event_id"])), {
            "type": "goal", "team": game.side_of[r["team_id"]], "period": int(r["period"]),
            "elapsed": mmss(int(r["seconds"])), "scorer": f"p{r['goal_player_id']}",
            "assists": [f"p{r[k]}" for k in ("assist1_player_id", "assist2_player_id") if r[k]],
            "empty_net": r["empty_net"] == "1"}))
    for r in penalties:
        order = CLASS_ORDER[penalty_class(r)[1]]
        timed.append(((int(r["period"]), seconds_of(r["time_off_formatted"]), 1, order, int(r["event_id"])),
                      penalty_event(game, r, goalie_ids)))
    events = [event for _, event in sorted(timed, key=lambda kv: kv[0])]
    if is_shootout(row):
        # the winner is the side with more goals in the final score (it holds the shootout winner's extra goal)
        winner = "home" if int(row["home_goal_count"]) > int(row["visiting_goal_count"]) else "away"
        attempts = [{"team": game.side_of[s["team_id"]], "shooter": f"p{s['player_id']}", "scored": s["goal"] == "1"}
                    for s in sorted(shootouts, key=lambda r: int(r["seconds"]))]
        events.append({"type": "shootout", "team": winner, **({"attempts": attempts} if attempts else {})})
    local = row["date"]  # ISO with offset, e.g. 2024-01-01T12:30:00-05:00: the local date and time of day
    return {
        "id": f"g{row['id']}", "date": local[:10], "time": local[11:16],
        **({"rink": row["venue_name"]} if row["venue_name"] else {}),
        "stage": game.stage, "home": game.team["home"], "away": game.team["away"], "status": "final",
        "lineups": {side: game.lineup(side, goalie_ids) for side in ("home", "away")},
        "events": events,
    }
