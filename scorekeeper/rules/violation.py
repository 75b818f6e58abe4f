"""A violation: which rule an entry breaks, how badly, and a message a person understands."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorekeeper.naming import named_where

SEVERITIES = ("block", "warn", "info")


@dataclass(frozen=True)
class Violation:
    rule: str
    severity: str
    message: str
    section: str = ""
    where: str = ""  # the game and event (or file location) it concerns
    players: tuple[str, ...] = field(default=(), compare=False)
    """The ids of the players it is about (none: the game, the team, the file): what the line-up editor marks
    beside them. Not part of `to_json()` or `line()` (the command line's output stays as documented), nor of
    equality."""
    office: bool = field(default=False, compare=False)
    """A warning that is the office's business (a captain's e-mail due, a proposal to confirm): gathered on the
    office list (`rules.office_list`), not asked about at the boards (issue 27.11). Not part of equality."""

    @property
    def blocks(self) -> bool:
        return self.severity == "block"

    def to_json(self) -> dict[str, str]:
        out = {"rule": self.rule, "severity": self.severity, "message": self.message}
        if self.section:
            out["section"] = self.section
        if self.where:
            out["where"] = self.where
        return out

    def line(self, games: Mapping[str, str] | None = None) -> str:
        """One printable line: `BLOCK GAME-3 (§2 II a) game g001 event 7: ...`; with `games` (id -> name, the
        facade's `game_names`) its game by name, as readable output names games."""
        section = f" ({self.section})" if self.section else ""
        place = named_where(self.where, games) if games else self.where
        where = f" {place}:" if place else ""
        return f"{self.severity.upper()} {self.rule}{section}{where} {self.message}"
