"""Scorekeeper: the Westridge Sponge Hockey League's office application (Qt-free core)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

__version__ = "0.1.0"


class _PeeweeWithoutPostgres:
    """peewee imports the PostgreSQL driver as it is imported (a third of the window's start on SQLite, issue
    29.4): it is imported here without it, and `db.connect.postgres_driver` gives it the driver when a
    PostgreSQL database is opened. Where the driver was imported already, nothing changes."""

    def find_spec(self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
                  ) -> ModuleSpec | None:
        if name != "peewee":
            return None
        sys.meta_path.remove(self)
        if "psycopg" in sys.modules:
            return None
        import importlib.util

        spec = importlib.util.find_spec(name)
        loader = getattr(spec, "loader", None)
        run = getattr(loader, "exec_module", None)
        if spec is None or run is None:
            return spec

        def exec_module(module: ModuleType) -> None:
            sys.modules["psycopg"] = None  # type: ignore[assignment]  # peewee's `import psycopg` fails
            try:
                run(module)
            finally:
                if sys.modules.get("psycopg", 0) is None:
                    del sys.modules["psycopg"]

        loader.exec_module = exec_module  # type: ignore[union-attr]
        return spec


if "peewee" not in sys.modules:
    sys.meta_path.insert(0, _PeeweeWithoutPostgres())
