"""The league a rink copy talks to: opened for one copy or one send, with a clear refusal when it cannot be
reached (a file that is not there, a server that does not answer): nothing is changed at the rink then."""

from __future__ import annotations

from scorekeeper.db import DatabaseOpenError
from scorekeeper.db.connect import sqlite_file
from scorekeeper.facade.errors import ServiceError
from scorekeeper.rink.sides import LeagueOpener, LeagueSide

UNCHANGED = "nothing was changed at the rink"


def open_league(opener: LeagueOpener, target: str, operator: str, writes: bool = False) -> LeagueSide:
    """The league's services (ServiceError: it cannot be reached, with why; or, to be written (`writes`), it can
    only be read here). A SQLite league must exist: a mistyped path never makes an empty league."""
    try:
        path = sqlite_file(target)
    except DatabaseOpenError as exc:
        raise ServiceError(f"the league cannot be reached: {exc}; {UNCHANGED}") from None
    if path is not None and not path.exists():
        raise ServiceError(f"there is no league database at {path}; {UNCHANGED}")
    try:
        league = opener(target, operator=operator)
    except ServiceError as exc:
        raise ServiceError(f"the league cannot be reached: {exc}; {UNCHANGED}") from None
    if writes and league.read_only:
        refusal = league.guest_refusal("sending the rink's games")
        league.close()
        raise ServiceError(f"the league can only be read here ({refusal}); {UNCHANGED}")
    return league
