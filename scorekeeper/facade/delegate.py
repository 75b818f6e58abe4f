"""`delegate`: a facade method that is one of its parts' methods, typed as that method."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

P = ParamSpec("P")
R = TypeVar("R")


class Delegated(Generic[P, R]):
    """On an instance, the bound method `name` of its part `part`; the signature is the part method's."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self.part = part
        self.name = method.__name__
        self.__doc__ = method.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        if name != self.name:
            raise TypeError(f"{owner.__name__}.{name} delegates to {self.part}.{self.name}: give it the same name")

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Delegated[P, R]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> Callable[P, R]: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> Delegated[P, R] | Callable[P, R]:
        if obj is None:
            return self
        method: Callable[P, R] = getattr(getattr(obj, self.part), self.name)
        return method


class _Named:
    """A part's method named before its module is imported (issue 29.6): all `delegate` keeps of it is the name."""

    __doc__ = None

    def __init__(self, name: str) -> None:
        self.__name__ = name


class _Later:
    """Stands for a part's class in the facade's body at run time: `Games.save_game` is the name "save_game"."""

    def __getattr__(self, name: str) -> _Named:
        return _Named(name)


LATER: Any = _Later()  # Any: stands for any part's class (the type checker sees the real ones)


def delegate(part: str, method: Callable[Concatenate[Any, P], R]) -> Delegated[P, R]:
    """`add_event = delegate("games", Games.add_event)`: `svc.add_event(...)` calls `svc.games.add_event(...)`."""
    return Delegated(part, method)
