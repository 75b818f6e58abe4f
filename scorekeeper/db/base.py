"""The database every model is bound to (`database_proxy`), the models' base class and the `meta` table: what
the models and the audit trail's seal (`db.audit_seal`) share."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from peewee import CharField, Database, DatabaseProxy, Model, TextField

_UNBOUND = object()


class ThreadBoundProxy(DatabaseProxy):
    """The models' database: what the main thread binds is every thread's, what another thread binds is that
    thread's alone. So a worker (the window's background send of a rink copy, issue 32) binds its league without
    moving the window's models, and reads and writes on a connection of its own (peewee's are per thread); a
    season read on a worker binds its own connection for the read alone (`pinned`)."""

    __slots__ = ("_main", "_own")

    def __init__(self) -> None:
        object.__setattr__(self, "_own", threading.local())
        object.__setattr__(self, "_main", None)
        super().__init__()

    @property
    def obj(self) -> Any:  # Any: peewee's Database or None, as the proxy's own attribute is
        return getattr(self._own, "db", self._main)

    @obj.setter
    def obj(self, db: Any) -> None:  # Any: as the getter
        if threading.current_thread() is threading.main_thread():
            object.__setattr__(self, "_main", db)
        self._own.db = db

    def initialize(self, obj: Any) -> None:  # Any: as `obj`
        """Bind `obj`; the fields' hooks (a blob's type) follow the main thread's database only (a memoryview,
        which SQLite and psycopg both take, while the window is on SQLite)."""
        if threading.current_thread() is threading.main_thread():
            super().initialize(obj)
        else:
            self._own.db = obj

    def __getattr__(self, attr: str) -> Any:  # Any: the bound database's attribute
        """The bound database's attribute, the binding looked up once (peewee's proxy looks it up twice)."""
        if attr in ThreadBoundProxy.__slots__:  # not set yet (a copy being made): never looked up in itself
            raise AttributeError(attr)
        db = getattr(self._own, "db", self._main)
        if db is None:
            raise AttributeError("Cannot use uninitialized Proxy.")
        return getattr(db, attr)

    def __setattr__(self, attr: str, value: Any) -> None:  # Any: what peewee's proxy keeps
        object.__setattr__(self, attr, value)

    @contextmanager
    def pinned(self, db: Database) -> Iterator[None]:
        """On this thread, the models use `db` until the block ends (a season read on a worker thread, issue
        29.4), whatever other threads bind meanwhile; then what this thread had before."""
        own = self._own
        had = getattr(own, "db", _UNBOUND)
        own.db = db
        try:
            yield
        finally:
            if had is _UNBOUND:
                del own.db
            else:
                own.db = had


database_proxy = ThreadBoundProxy()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class BaseModel(Model):
    class Meta:
        database = database_proxy
        legacy_table_names = False


class Meta(BaseModel):
    """Key/value facts about the database itself (schema version, created by which version)."""

    key = CharField(primary_key=True)
    value = TextField()
