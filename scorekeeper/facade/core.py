"""What the facade's parts share: the `Core` they are given (the facade itself, seen through what they use),
and `bound`, which points the models at the facade's database before a part's method runs."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from peewee import Database

from scorekeeper.db.models import Season, database_proxy

if TYPE_CHECKING:  # issue 29.6: the facade imports this before any part; the season's modules load when used
    from scorekeeper.results_records import Eligibility, Fines, GameResult, Standings, Stats, Suspensions
    from scorekeeper.rulebook.model import Rulebook
    from scorekeeper.season.records import CarrySource
    from scorekeeper.season.view import SeasonView


class Core(Protocol):
    """The facade's shared state and services, as its parts see them."""

    db: Database
    operator: str
    owner: str | None

    @property
    def read_only(self) -> bool: ...

    @property
    def database_label(self) -> str: ...

    @property
    def sqlite_path(self) -> Path | None: ...

    @property
    def office_unlocked(self) -> bool: ...

    def guest_refusal(self, what: str) -> str: ...

    def season_row(self, name: str | None = None) -> Season: ...

    def rulebook_for(self, season: Season) -> Rulebook: ...

    def view(self, season: str | None = None) -> SeasonView: ...

    def stored_view(self, s: Season) -> SeasonView: ...

    def has_view(self, season_id: int) -> bool: ...

    def carry_source(self, league: str, season_id: int | None) -> CarrySource: ...

    def remember_view(self, season_id: int, view: SeasonView) -> None: ...

    def forget(self, season_id: int | None = None) -> None: ...

    def write_transaction(self) -> AbstractContextManager[Any]: ...

    def ensure_owned(self) -> None: ...

    def record_audit(self, season: Season, action: str, subject: str, before: Any = None,
                     after: Any = None) -> None: ...

    def audit_any(self, action: str, subject: str = "") -> None: ...

    def explain_error(self, exc: BaseException) -> str: ...

    def suspensions(self, season: str | None = None) -> Suspensions: ...

    def fines(self, season: str | None = None) -> Fines: ...

    def stats(self, season: str | None = None, stage: str = "regular") -> Stats: ...

    def standings(self, season: str | None = None) -> Standings: ...

    def game(self, game_id: str, season: str | None = None) -> GameResult: ...

    def eligibility(self, season: str | None = None) -> Eligibility: ...


def bind(db: Database) -> None:
    """Point the shared models at `db` (several databases may be open at once)."""
    if database_proxy.obj is not db:
        database_proxy.initialize(db)


F = TypeVar("F", bound=Callable[..., Any])
C = TypeVar("C", bound=type)


def _bound(method: F) -> F:
    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        db = self.db
        if database_proxy.obj is not db:  # `bind`, inline: a part's call within a call finds it bound
            database_proxy.initialize(db)
        return method(self, *args, **kwargs)

    return call  # type: ignore[return-value]


def inner(method: F) -> F:
    """A method `bound` leaves as it is: a helper only ever called by the class's own methods, which bound the
    models already (an entry at the boards makes some twenty such calls of itself)."""
    method.__dict__["inner"] = True
    return method


def bound(cls: C) -> C:
    """Wrap every plain method of the class (its own and its bases') so the models use its `db` first (but those
    marked `inner`)."""
    for klass in reversed(cls.__mro__[:-1]):
        for name, value in list(vars(klass).items()):
            if (inspect.isfunction(value) and not name.startswith("__") and getattr(cls, name) is value
                    and not value.__dict__.get("inner")):
                setattr(cls, name, _bound(value))
    return cls


class Part:
    """A part of the facade: it holds the facade (`core`) the way Anki's managers hold the collection."""

    def __init__(self, core: Core) -> None:
        self.core = core

    @property
    def db(self) -> Database:
        return self.core.db
