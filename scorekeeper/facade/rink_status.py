"""What the window shows of the rink copy as it opens (issue 29.6): this database's status as a rink copy and, at
the league, the conflicts waiting for the office. Read-only, and light to import: the league's side of the rink
copy (`facade.rink`, the rules and the change pipeline behind it) is imported only when something is sent or
settled."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.facade.core import Part, bound
from scorekeeper.rink import conflicts, marks
from scorekeeper.rink.conflicts import Conflict


@dataclass(frozen=True)
class CopyStatus:
    """A rink copy as its status shows it: its league (any password removed), its name, the season, when it was
    taken, the games waiting to be sent and those the league listed as conflicts (the office's now)."""

    league: str
    rink: str
    season: str
    copied_at: str
    waiting: list[str]
    conflicts: list[str]

    def to_json(self) -> dict[str, object]:
        return {"league": self.league, "rink": self.rink, "season": self.season, "copied_at": self.copied_at,
                "waiting": self.waiting, "conflicts": self.conflicts}


@bound
class RinkStatus(Part):
    """The rink copy's status and the conflicts waiting, read only."""

    def rink_copy_status(self) -> CopyStatus | None:
        """This database as a rink copy (None: it is no rink copy): what the window and `rink status` show."""
        facts = marks.facts()
        if facts is None:
            return None
        from scorekeeper.rink.changes import handed, handed_items, waiting, waiting_items

        items = waiting_items(self.core)
        pending = ([w.id for w in items if w.item.kind == "roster"] + [w.id for w in waiting(self.core)] +
                   [w.id for w in items if w.item.kind == "payment"])
        return CopyStatus(facts.league, facts.name, facts.season, facts.copied_at, pending,
                          handed(self.core) + handed_items(self.core))

    def rink_conflicts(self, season: str | None = None, everything: bool = False) -> list[Conflict]:
        """The conflicts waiting for the office (`everything`: settled ones too), oldest first."""
        return conflicts.listed(self.core.season_row(season), waiting_only=not everything)
