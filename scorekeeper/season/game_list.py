"""The season's games list from a narrow read (issue 29.4): the games' rows, their teams' names and, for final
games, the score and decision of their stored records (`db.game_outcomes`, the one record of what a final game
decided, which the standings read too), trusted without the games' events while the record was computed at the
game's present revision under the season's present rulebook (and engine). What it lists equals
`facade.screens.game_row` over the whole season's view; where it cannot say so (a final game with no trusted
record, a game in progress, whose score needs its events), it answers None and the caller reads the season.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from scorekeeper.code_fingerprint import book_fingerprint
from scorekeeper.db.game_outcomes import read_listed
from scorekeeper.db.models import Game, GameEvent, Season, Team
from scorekeeper.naming import game_name

if TYPE_CHECKING:  # issue 29.6: the narrow read imports neither the engine nor the season's view
    from scorekeeper.results_records import GameRow
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season.view import SeasonView


def narrow_rows(season: Season, book: Rulebook | str) -> list[GameRow] | None:
    """The season's games as its games list shows them, in the season's order, read without the games' events
    or line-ups; None where that cannot be done (the caller lists them from the whole season). `book`: the
    season's rulebook, or its fingerprint (`book_fingerprint`, which the stored records must be computed under;
    issue 29.4: the window passes it from `season.book_memo`, with no rulebook parsed)."""
    summaries = read_listed(season)
    if summaries is None:
        return None
    teams: list[tuple[int, str, str | None]] = list(cast(Any, Team.select(Team.id, Team.ext_id, Team.name)
                                                         .where(Team.season == season).tuples()))
    team_names = {ext: name for _, ext, name in teams}
    tid = {row_id: ext for row_id, ext, _ in teams}
    query = (Game.select(Game.id, Game.ext_id, Game.date, Game.time, Game.curfew, Game.stage, Game.home,
                         Game.away, Game.status, Game.number, Game.revision)
             .where(Game.season == season).order_by(Game.seq, Game.id))
    rows = season._meta.database.execute_sql(*query.sql()).fetchall()  # raw: the few columns the list shows
    played: Any = (GameEvent.select(GameEvent.game).join(Game).where(Game.season == season).distinct().tuples())
    with_events = {row for (row,) in played}
    fingerprint = book if isinstance(book, str) else book_fingerprint(book)
    out: list[GameRow] = []
    for row_id, gid, date, time, curfew, stage, home_row, away_row, status, number, revision in rows:
        final = (status or "final") == "final"
        summary = summaries.get(row_id)
        if final:
            if summary is None or summary[0] != revision or summary[1] != fingerprint:
                return None  # not known to be the game's present record
            score: dict[str, int] | None = {"home": summary[2], "away": summary[3]}
            decision = summary[4]
        elif row_id in with_events:
            return None  # in progress: its score is its events'
        else:
            score, decision = None, None
        home, away = tid[home_row], tid[away_row]
        out.append(cast("GameRow", {
            "id": gid, "number": game_name({"number": number, "id": gid}, gid), "date": str(date), "time": time,
            **({"curfew": curfew} if curfew else {}), "home": home, "away": away,
            "home_name": team_names.get(home) or home, "away_name": team_names.get(away) or away,
            "stage": stage or "regular", "status": status or "final", "score": score, "decision": decision,
            "status_text": "Final" if final else "In progress" if row_id in with_events else "Scheduled"}))
    return out


def written_states(view: SeasonView, revisions: Mapping[str, tuple[int, int]]) -> dict[int, tuple[str, bytes]]:
    """The states a write stores with its games (`revisions`: game id -> its row id and revision as written), by
    row id."""
    return view.stored.take_pending(lambda gid: revisions[gid][0] if gid in revisions else None)
