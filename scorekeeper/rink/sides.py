"""The two databases a rink copy works between, as it uses them: the rink's facade and the league's (both are
`services.Services`; declared here so that the rink's modules never import the facade that holds them)."""

from __future__ import annotations

from typing import Protocol

from scorekeeper.changes import ImportReport
from scorekeeper.facade.core import Core
from scorekeeper.json_value import JsonObject
from scorekeeper.results_records import SeasonEntry
from scorekeeper.rink.conflicts import ItemParcel, Outcome, Parcel
from scorekeeper.season.records import OfficeRecords


class RinkSide(Core, Protocol):
    """The rink copy's facade."""

    def seasons(self) -> list[SeasonEntry]: ...

    def import_data(self, data: JsonObject, replace: bool = False, source: str = "",
                    shape_read: bool = False, known: OfficeRecords | None = None) -> ImportReport: ...


class LeagueSide(Core, Protocol):
    """The league's facade, open for one copy or one send."""

    def receive_rink_game(self, parcel: Parcel, season: str) -> Outcome: ...

    def receive_rink_item(self, parcel: ItemParcel, season: str) -> Outcome: ...

    def close(self) -> None: ...


class LeagueOpener(Protocol):
    """How a league is opened: `Services.open`."""

    def __call__(self, target: str | None = None, exclusive: bool = False, operator: str = "") -> LeagueSide: ...
