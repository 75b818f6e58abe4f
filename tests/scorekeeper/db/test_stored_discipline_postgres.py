"""Issue 29.3 on PostgreSQL: one game's papers from the stored discipline equal the whole season's on a league
server too (random sequences of fights and penalties, edits, finishing, reopening, undo, renames, lifts, decisions,
the season imported again, the process started again)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from scorekeeper.services import Services
from tests.data import EXAMPLE_SEASON
from tests.scorekeeper.db.test_postgres import pg_url  # noqa: F401 - the throwaway server, as a fixture
from tests.scorekeeper.test_stored_discipline import STEPS, run


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_one_games_papers_equal_the_whole_seasons_on_postgresql(pg_url: str, steps: list[tuple[str, str, int]]  # noqa: F811
                                                                 ) -> None:
    svc = Services.open(pg_url)
    if not svc.seasons():
        assert svc.import_file(str(EXAMPLE_SEASON)).ok
    svc.close()
    run(pg_url, steps)
