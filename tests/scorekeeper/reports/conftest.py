"""Fixtures for the printed records: a real season imported into a fresh SQLite database, and PDF text."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from scorekeeper.services import Services
from tests.scorekeeper.reports.season_data import example_season, rough_season

ISSUED = "2016-04-01"


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    """The example season plus the rough games, through the facade's import (the one validation path)."""
    path = tmp_path_factory.mktemp("reports") / "season.db"
    service = Services.open(str(path))
    for data in (example_season(), rough_season()):
        report = service.import_data(data)
        assert report.ok, [v.line() for v in report.blocks]
    yield service
    service.close()


def pdf_pages(pdf: bytes) -> list[str]:
    """The text of each page, as pypdf reads it."""
    from pypdf import PdfReader

    assert pdf.startswith(b"%PDF-")
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def flat(text: str) -> str:
    """Text with line breaks and runs of spaces made single spaces (table cells wrap)."""
    return " ".join(text.split())
