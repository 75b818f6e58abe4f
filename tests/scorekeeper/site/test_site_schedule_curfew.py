"""Issue 28.6: the site's schedules show a Curfew column (the time the ice must be cleared) beside the time, only
in a table where a game has a curfew; a schedule without any keeps its columns as before.

The season file does not take `curfew` yet (its declaration is another part of issue 28.6), so these tests give
games one in the season view the site reads (the game record the facade keeps, patched for the test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.site import PublishResult, publish
from tests.scorekeeper.site.dom import Table, read_tables

HEAD = ["Date", "Time", "Home", "Score", "Away", "Stage", "Sheet"]
CURFEWS = {"g004": "21:00", "g201": "20:45"}  # a scheduled game and a final one (not among the latest results)


@pytest.fixture
def with_curfews(svc, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PublishResult:
    """The site published with a curfew on the games of CURFEWS (undone after the test)."""
    view = svc.view()
    assert svc.view() is view  # the facade keeps the view: the site reads the patched games
    for gid, time in CURFEWS.items():
        monkeypatch.setitem(view.games[gid], "curfew", time)
    return publish(svc, tmp_path / "www", game_sheets=False)


def page_tables(site: PublishResult, page: str) -> dict[str, Table]:
    return {t.caption: t for t in read_tables((site.folder / page).read_text(encoding="utf-8")).tables}


def test_schedule_shows_a_curfew_column_beside_the_time(svc, with_curfews):
    [games] = page_tables(with_curfews, "games.html").values()
    assert games.head == ["Date", "Time", "Curfew", "Home", "Score", "Away", "Stage", "Sheet"]
    rows = {a["data-game"]: cells for a, cells in games.rows}
    assert set(rows) == set(svc.view().games)
    for gid, cells in rows.items():
        assert cells[2] == CURFEWS.get(gid, "—"), gid
        assert cells[1] == svc.view().games[gid]["time"]


def test_only_the_tables_with_a_curfew_have_the_column(with_curfews):
    tables = page_tables(with_curfews, "index.html")
    scheduled, latest = tables["Scheduled games"], tables["Latest results"]
    assert scheduled.head[:3] == ["Date", "Time", "Curfew"]
    assert [c[2] for _, c in scheduled.rows] == ["21:00", "—"]  # g004, g208
    assert latest.head == HEAD  # none of the latest results has a curfew


def test_game_page_gives_the_curfew_after_the_start(with_curfews):
    page = (with_curfews.folder / "games" / "g201.html").read_text(encoding="utf-8")
    assert "at 19:00 (curfew 20:45)" in page
    assert "curfew" not in (with_curfews.folder / "games" / "g202.html").read_text(encoding="utf-8").lower()


def test_pages_with_a_curfew_are_valid_html5(with_curfews):
    import html5lib

    for name in ("games.html", "index.html", "games/g004.html", "games/g201.html"):
        text = (with_curfews.folder / name).read_text(encoding="utf-8")
        html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(text)  # raises on any parse error


def test_a_schedule_without_any_curfew_has_no_column(svc, tmp_path: Path):
    site = publish(svc, tmp_path / "www", game_sheets=False)
    tables = page_tables(site, "games.html") | page_tables(site, "index.html")
    schedules = [t.head for c, t in tables.items() if c.startswith(("Every game", "Scheduled", "Latest"))]
    assert schedules == [HEAD] * 3
    assert "curfew" not in (site.folder / "games.html").read_text(encoding="utf-8").lower()
