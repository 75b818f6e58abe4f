"""What the facade raises when it refuses a request: a message for a person, never a traceback."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the facade refuses, with a message for a person."""


class DatabaseInUseError(ServiceError):
    """The SQLite file is already open in another Scorekeeper window (one writer per file)."""
