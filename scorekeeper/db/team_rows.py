"""A team's rows moved to another team (a merge) or removed (a delete); the caller holds the transaction."""

from __future__ import annotations

from scorekeeper.db.models import Fine, Game, Payment, RosterSigning, Season, Team


def team_row(season: Season, ext_id: str) -> Team:
    return Team.get((Team.season == season) & (Team.ext_id == ext_id))


def team_uses(season: Season, ext_id: str) -> dict[str, int]:
    """How many games, signings, fines the office recorded and payments name the team (what a delete would lose)."""
    team = team_row(season, ext_id)
    return {"games": Game.select().where((Game.home == team) | (Game.away == team)).count(),
            "signings": RosterSigning.select().where(RosterSigning.team == team).count(),
            "fines": Fine.select().where(Fine.team == team).count(),
            "payments": Payment.select().where(Payment.team == team).count()}


GAPS = ("colour", "captain", "captain_email")  # what the merged team takes from the other when it has none


def merge_team_rows(season: Season, source: str, target: str) -> None:
    """Point the games (their line-ups and events go with them), signings, fines and payments of `source` at
    `target`, give `target` the colour, captain and captain's e-mail it lacked, and remove `source`. Each moved
    game's revision is bumped so that another PC showing it reads it again."""
    src, tgt = team_row(season, source), team_row(season, target)
    fields: dict[str, str | int] = {name: getattr(src, f"{name}_id" if name == "captain" else name) for name in GAPS
                              if getattr(tgt, f"{name}_id" if name == "captain" else name) is None
                              and getattr(src, f"{name}_id" if name == "captain" else name) is not None}
    Game.update(home=tgt, revision=Game.revision + 1).where(Game.home == src).execute()
    Game.update(away=tgt, revision=Game.revision + 1).where(Game.away == src).execute()
    RosterSigning.update(team=tgt).where(RosterSigning.team == src).execute()
    Fine.update(team=tgt).where(Fine.team == src).execute()
    Payment.update(team=tgt).where(Payment.team == src).execute()
    if fields:
        Team.update(**fields).where(Team.id == tgt.id).execute()
    Team.delete().where(Team.id == src.id).execute()


def delete_team_row(season: Season, ext_id: str) -> None:
    Team.delete().where((Team.season == season) & (Team.ext_id == ext_id)).execute()
