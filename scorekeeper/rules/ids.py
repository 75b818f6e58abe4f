"""The rule IDs other packages name: the engine, the facade, the command line and the window import them from
here, so a rule's ID is written once, in `rules/` (the catalogue's data rules and the office's own rules)."""

from __future__ import annotations

DATA_1 = "DATA-1"
"""A jersey number is unique on a team's active roster; one active signing per player and team."""
DATA_2 = "DATA-2"
"""Only players signed to the team are dressed for it."""
DATA_3 = "DATA-3"
"""The period exists for the game and the time lies within it."""
DATA_4 = "DATA-4"
"""The player named in an event is dressed for the named team."""
DATA_5 = "DATA-5"
"""A final game takes no entries or edits except through a recorded reopen."""
FILE = "FILE"
"""A file (season file, roster spreadsheet) or a row of it that cannot be read as the format says."""
OFFICE = "OFFICE"
"""An act only the office may do (its password)."""
SIGN = "SIGN"
"""Signatures: only on a final game, by the roles the rulebook names."""
TEAM = "TEAM"
"""A team, division or season named must exist, once."""

__all__ = ["DATA_1", "DATA_2", "DATA_3", "DATA_4", "DATA_5", "FILE", "OFFICE", "SIGN", "TEAM"]
