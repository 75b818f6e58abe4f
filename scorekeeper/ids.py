"""Typed ids of a season's records: the season file's own ids (strings), told apart by the type checker."""

from __future__ import annotations

from typing import NewType

GameId = NewType("GameId", str)
PlayerId = NewType("PlayerId", str)
TeamId = NewType("TeamId", str)
DivisionId = NewType("DivisionId", str)
