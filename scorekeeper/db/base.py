"""The database every model is bound to (`database_proxy`), the models' base class and the `meta` table: what
the models and the audit trail's seal (`db.audit_seal`) share."""

from __future__ import annotations

import datetime as dt

from peewee import CharField, DatabaseProxy, Model, TextField

database_proxy = DatabaseProxy()


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
