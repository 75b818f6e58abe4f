"""The models' binding is per thread (issue 32: the window's background send): a worker that binds another
database never moves the main thread's models, and a worker's connection, once closed, is no longer counted as
open (the window's close stores its computed results again)."""

from __future__ import annotations

import threading
from pathlib import Path

from scorekeeper.db.base import database_proxy
from scorekeeper.db.connect import LeagueDatabase
from scorekeeper.services import Services


def test_a_worker_binding_another_database_leaves_the_main_threads_bound(tmp_path: Path) -> None:
    rink = Services.open(str(tmp_path / "rink.db"))
    league = Services.open(str(tmp_path / "league.db"))
    try:
        seen: dict[str, object] = {}

        def worker() -> None:
            seen["before"] = database_proxy.obj
            database_proxy.initialize(rink.db)
            seen["bound"] = database_proxy.obj
            seen["seasons"] = rink.seasons()  # on a connection of this thread's own
            rink.db.close()  # that connection only

        database_proxy.initialize(league.db)
        thread = threading.Thread(target=worker)
        thread.start()
        thread.join()
        assert seen == {"before": league.db, "bound": rink.db, "seasons": []}
        assert database_proxy.obj is league.db
        assert isinstance(rink.db, LeagueDatabase) and not rink.db.others_connected()
        assert rink.seasons() == [] and not rink.db.is_closed()  # the main thread's connection is still open
    finally:
        league.close()
        rink.close()


def test_an_attribute_of_the_proxy_is_the_bound_databases_on_each_thread(tmp_path: Path) -> None:
    """The proxy's own lookup (the binding read once) gives what peewee's gives: the attribute of the database
    this thread's models use; a proxy bound to nothing says so."""
    from peewee import Proxy

    from scorekeeper.db.base import ThreadBoundProxy

    rink = Services.open(str(tmp_path / "rink.db"))
    league = Services.open(str(tmp_path / "league.db"))
    try:
        seen: dict[str, object] = {}

        def worker() -> None:
            database_proxy.initialize(rink.db)
            seen["database"] = database_proxy.database
            seen["peewee's"] = Proxy.__getattr__(database_proxy, "database")

        database_proxy.initialize(league.db)
        thread = threading.Thread(target=worker)
        thread.start()
        thread.join()
        assert seen == {"database": rink.db.database, "peewee's": rink.db.database}
        assert database_proxy.database == Proxy.__getattr__(database_proxy, "database") == league.db.database
        assert database_proxy.param == league.db.param
        unbound = ThreadBoundProxy()
        for proxy_lookup in (getattr, Proxy.__getattr__):
            try:
                proxy_lookup(unbound, "database")
            except AttributeError as exc:
                assert "uninitialized" in str(exc)
            else:
                raise AssertionError("an unbound proxy gave an attribute")
    finally:
        league.close()
        rink.close()
