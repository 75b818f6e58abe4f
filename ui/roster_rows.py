"""The Roster tab's rows and forms, declared once."""

from __future__ import annotations

from typing import NotRequired, TypedDict


class PlayerListRow(TypedDict):
    """A player as the Roster table lists them: a signing (the facade's `RosterRow`, its team's name added), or a
    player signed to no team."""

    player: str
    team: str | None  # None: signed to no team
    team_name: str
    number: int | None
    position: str
    name: str
    gender: str | None
    status: str  # 'active', 'released YYYY-MM-DD' or 'not signed'
    first: NotRequired[str | None]
    last: NotRequired[str | None]
    birthdate: NotRequired[str | None]
    email: NotRequired[str | None]
    signed: NotRequired[str | None]
    released: NotRequired[str | None]
    gp: NotRequired[int]
    g: NotRequired[int]
    a: NotRequired[int]
    pim: NotRequired[int]
    suspension: NotRequired[str | None]  # '' : none
    fines_cents: NotRequired[int]
    fines: NotRequired[str]  # '12.50' ('' : none)


class TeamFields(TypedDict):
    """The team form's name, division and colour."""

    name: str
    division: str
    colour: NotRequired[str]
