"""scorekeeper.about: what the About box says (version, database in use, rulebook in force, Python and Qt)."""

from __future__ import annotations

import platform
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.about import about_html, about_lines, about_text
from scorekeeper.services import Services

DEMO = Path(__file__).resolve().parents[2] / "scorekeeper" / "resources" / "demo" / "demo-season.json"


@pytest.fixture()
def empty(tmp_path: Path):
    svc = Services.open(str(tmp_path / "office & <pc>.db"))
    yield svc
    svc.close()


def test_about_names_version_database_python_and_qt(empty: Services):
    text = about_text(empty, qt_version="6.11.3")
    assert text.startswith(f"Scorekeeper {scorekeeper.__version__}\n")
    facts = dict(about_lines(empty, qt_version="6.11.3"))
    assert facts["Version"] == f"{scorekeeper.__version__} (from source)"
    assert facts["Database"] == empty.database_label
    assert facts["Python"] == platform.python_version()
    assert facts["Qt"] == "6.11.3"
    assert f"Database: {empty.database_label}" in text


def test_empty_database_has_no_rulebook_yet(empty: Services):
    assert dict(about_lines(empty))["Rulebook in force"] == "no season yet"


def test_rulebook_in_force_is_the_latest_seasons(empty: Services):
    report = empty.import_file(DEMO)
    assert report.ok
    latest = empty.seasons()[-1]
    assert dict(about_lines(empty))["Rulebook in force"] == f"{latest['rulebook']} (season {latest['name']})"


def test_a_database_that_cannot_be_read_still_gives_an_about_box(empty: Services):
    class Broken:
        database_label = "/somewhere/broken.db"

        def seasons(self):
            raise RuntimeError("disk I/O error")

    facts = dict(about_lines(Broken()))
    assert facts["Rulebook in force"].startswith("unknown (the database cannot be read: disk I/O error")


def test_html_escapes_the_database_path(empty: Services):
    rich = about_html(empty, qt_version="6.11.3")
    assert "&amp; &lt;pc&gt;" in rich and "<pc>" not in rich
