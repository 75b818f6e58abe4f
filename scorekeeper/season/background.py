"""A season read on a thread of its own (issue 29.4): the window lists today's games from a narrow read and reads
the whole season here meanwhile, on this thread's own connection to the database (peewee keeps one per thread,
SQLite's and PostgreSQL's alike), writing nothing. What it gives back is a season view no other thread has
touched, its final games' states decoded or computed; the window's thread takes it over (`Services.remember_view`)
only while nothing was written since the read began.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from typing import TYPE_CHECKING, Any, Protocol

from peewee import Database

if TYPE_CHECKING:
    from scorekeeper.db.models import Season
    from scorekeeper.season.view import SeasonView


class Reader(Protocol):
    """What a read needs of the facade (`Services`)."""

    db: Database

    def read_view(self, s: Season) -> SeasonView: ...

    def has_view(self, season_id: int) -> bool: ...

    def remember_view(self, season_id: int, view: SeasonView) -> None: ...


class Cancelled(Exception):
    """The read was stopped (the window closes, another season is shown)."""


class SeasonRead:
    """One read of one season on the calling thread (`run`), which another thread may stop (`cancel`)."""

    def __init__(self, svc: Reader, season: Season) -> None:
        self.svc, self.season = svc, season
        self.cancelled = threading.Event()
        self._connection: Any = None
        self.view: SeasonView | None = None
        """The season read, once `run` returned it."""

    def take(self) -> bool:
        """On the window's thread: keep the view read as the season's (`Services.remember_view`), unless the
        season was read there meanwhile; whether it was kept."""
        if self.view is None or self.cancelled.is_set() or self.svc.has_view(self.season.id):
            return False
        self.svc.remember_view(self.season.id, self.view)
        return True

    def cancel(self) -> None:
        """Stop the read: at its next step, or at once where SQLite is in the middle of a query."""
        self.cancelled.set()
        connection = self._connection
        if isinstance(connection, sqlite3.Connection):
            with contextlib.suppress(sqlite3.Error):  # closed already: the read has ended
                connection.interrupt()

    def run(self) -> SeasonView:
        """The season's view with its final games' states (raises `Cancelled` when stopped)."""
        from scorekeeper.db.base import database_proxy

        db = self.svc.db
        with database_proxy.pinned(db):  # the window binding another database meanwhile changes nothing here
            return self._read(db)

    def _read(self, db: Database) -> SeasonView:
        try:
            self._connection = db.connection()  # this thread's own
            if self.cancelled.is_set():
                raise Cancelled
            try:
                view = self.svc.read_view(self.season)
            except Exception as exc:
                if self.cancelled.is_set():
                    raise Cancelled from exc
                raise
            for gid in list(view.games):
                if self.cancelled.is_set():
                    raise Cancelled
                if view.games[gid].get("status", "final") == "final":
                    view.state(gid)  # decoded where stored, else computed (stored at the window's close)
            self.view = view
            return view
        finally:
            self._connection = None
            if not db.is_closed():
                db.close()  # this thread's connection only
            threads = getattr(db, "threads", None)
            if isinstance(threads, set):
                threads.discard(threading.get_ident())  # no longer open: the window stores its results at close
