"""The league database: peewee models, opening a path or URL, schema version and migrations."""

from scorekeeper.db.connect import DatabaseOpenError, default_database_path, describe, open_database

__all__ = ["DatabaseOpenError", "default_database_path", "describe", "open_database"]
