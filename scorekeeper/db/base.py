"""The database every model is bound to (`database_proxy`), the models' base class and the `meta` table: what
the models and the audit trail's seal (`db.audit_seal`) share."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from peewee import CharField, Database, DatabaseProxy, Model, TextField


class PinnableProxy(DatabaseProxy):
    """The database the models use: the process's (`initialize`, as peewee's proxy), or, on a thread that pinned
    one (`pinned`: a season read on a worker thread, issue 29.4), that thread's own. A database bound on one thread
    while another is pinned changes nothing for the pinned one, and binding on the pinned thread changes only its
    own."""

    __slots__ = ("_shared", "_pins")

    def __init__(self) -> None:
        object.__setattr__(self, "_pins", threading.local())
        object.__setattr__(self, "_shared", None)
        super().__init__()

    def __setattr__(self, attr: str, value: Any) -> None:  # Any: peewee's proxy takes any attribute it declares
        object.__setattr__(self, attr, value)

    @property
    def obj(self) -> Any:  # Any: peewee's Database or None, as peewee's own proxy holds it
        pins = self._pins
        return pins.db if getattr(pins, "on", False) else self._shared

    @obj.setter
    def obj(self, value: Any) -> None:
        if getattr(self._pins, "on", False):
            self._pins.db = value
        else:
            object.__setattr__(self, "_shared", value)

    @contextmanager
    def pinned(self, db: Database) -> Iterator[None]:
        """On this thread, the models use `db` until the block ends, whatever other threads bind meanwhile."""
        pins = self._pins
        pins.on, pins.db = True, db
        try:
            yield
        finally:
            pins.on, pins.db = False, None


database_proxy = PinnableProxy()


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
