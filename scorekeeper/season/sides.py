"""A game record's two sides read by a side named at run time ('home' or 'away'): its team and its line-up."""

from __future__ import annotations

from scorekeeper.season_data import GameData, LineupEntryData, LineupsData


def team_on(game: GameData, side: str) -> str:
    """The team playing `side` ('home' or 'away') of the game."""
    return game["home"] if side == "home" else game["away"]


def lineup_of(game: GameData, side: str) -> list[LineupEntryData]:
    """The line-up of `side` as the game's record holds it (empty where none is recorded)."""
    lineups = game.get("lineups", LineupsData())
    return lineups.get("home", []) if side == "home" else lineups.get("away", []) if side == "away" else []
