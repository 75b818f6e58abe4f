"""Printed records from the window: the preview (pdftoppm pages on white), the CUPS printer, "Save as PDF",
and every team's statement printed as a batch behind a progress bar. Printers are faked here; the real CUPS
queue is exercised by the core's printing test through the same `scorekeeper.printing.print_pdf`."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

import scorekeeper.printing as printing
from scorekeeper.services import Services
from tests.scorekeeper.reports.test_report_printing import cups  # noqa: F401 - the real CUPS fixture
from ui import dialogs, print_preview
from ui.main_window import MainWindow
from ui.print_preview import PreviewDialog, PrinterDialog

SEASON = "2015-16"


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[QDialog]:
    """Every modal dialog the window runs, accepted at once (message boxes too)."""
    seen: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        seen.append(dialog)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


@pytest.fixture
def jobs(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """A fake CUPS with two queues; every job sent is kept (PDF bytes, queue, title, copies)."""
    sent: list[dict[str, Any]] = []

    def print_pdf(pdf: bytes, printer: str | None = None, *, title: str = "", copies: int = 1, **kw: Any) -> str:
        sent.append({"pdf": pdf, "printer": printer, "title": title, "copies": copies})
        return f"{printer}-{len(sent)}"

    monkeypatch.setattr(printing, "list_printers",
                        lambda: [printing.Printer("hallway"), printing.Printer("office", default=True)])
    monkeypatch.setattr(printing, "print_pdf", print_pdf)
    return sent


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, demo_svc, settings)


def test_the_game_sheet_from_the_live_game_tab_previews_on_white(
    window: MainWindow, shown: list[QDialog], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g006")
    window.print_action.trigger()
    (dialog,) = shown
    assert isinstance(dialog, PreviewDialog)
    assert dialog.document.title == "Game sheet — game g006"
    assert len(dialog.page_labels) == 1 and "1 page" in dialog.message.text()
    image = dialog.page_labels[0].pixmap().toImage()
    assert image.width() > 500 and image.pixelColor(3, 3) == QColor("white")
    target = tmp_path / "sheet.pdf"
    monkeypatch.setattr(dialogs, "ask_pdf_file", lambda parent, suggested: str(target))
    assert dialog.save_document() == str(target)
    text = pdf_text(target.read_bytes())
    assert "Herons" in text and "Falcons" in text and "Saved" in dialog.message.text()
    if os.environ.get("SCOREKEEPER_SCREENSHOTS"):
        dialog.show()
        dialog.grab().save(str(Path(os.environ["SCOREKEEPER_SCREENSHOTS"]) / "print-preview.png"))


def test_print_sends_the_pdf_to_the_chosen_cups_queue(
    window: MainWindow, shown: list[QDialog], jobs: list[dict[str, Any]]
) -> None:
    dialog = window.live_game_tab.print_sheet()
    assert dialog is not None
    assert dialog.print_document() == "office-1"
    chooser = shown[-1]
    assert isinstance(chooser, PrinterDialog)
    assert chooser.printer.itemText(0) == "office (default)" and chooser.printer.count() == 2
    assert jobs[0]["printer"] == "office" and jobs[0]["pdf"].startswith(b"%PDF-")
    assert jobs[0]["title"].startswith("Game sheet — game")
    assert "Sent to office" in dialog.message.text()


def test_no_printer_says_so_and_offers_save_as_pdf(
    window: MainWindow, shown: list[QDialog], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(printing, "list_printers", list)
    dialog = window.live_game_tab.print_sheet()
    assert dialog is not None and dialog.print_document() is None
    box = shown[-1]
    assert isinstance(box, QMessageBox) and "Save as PDF" in box.text()


def test_a_refused_job_is_explained(window: MainWindow, shown: list[QDialog], jobs: list[dict[str, Any]],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> str:
        raise printing.PrintError("the printer on office refused the job: lp: Unsupported document-format")

    monkeypatch.setattr(printing, "print_pdf", refuse)
    dialog = window.live_game_tab.print_sheet()
    assert dialog is not None and dialog.print_document() is None
    assert "refused the job" in shown[-1].text()


def test_without_pdftoppm_the_preview_says_what_to_install(
    window: MainWindow, shown: list[QDialog], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(print_preview.shutil, "which", lambda name: None)
    dialog = window.live_game_tab.print_sheet()
    assert dialog is not None and not dialog.page_labels
    assert "poppler-utils" in dialog.message.text() and dialog.print_button.isEnabled()


def test_season_tab_prints_the_standings_report(window: MainWindow, shown: list[QDialog]) -> None:
    window.tabs.setCurrentWidget(window.season_tab)
    window.print_action.trigger()
    (dialog,) = shown
    assert isinstance(dialog, PreviewDialog)
    text = pdf_text(dialog.pdf)
    for team in window.svc.teams(SEASON):
        assert team["name"] in text


def test_season_tab_prints_the_notice_of_the_selected_suspension(
    window: MainWindow, shown: list[QDialog]
) -> None:
    tab = window.season_tab
    window.tabs.setCurrentWidget(tab)
    tab.pages.setCurrentIndex(2)
    proxy = tab.suspensions_view.model()
    row = next(n for n in range(proxy.rowCount()) if tab.suspensions.row(proxy.mapToSource(proxy.index(n, 0)).row())
               ["player"] == "he04")
    tab.suspensions_view.setCurrentIndex(proxy.index(row, 0))
    window.print_action.trigger()
    (dialog,) = shown
    assert isinstance(dialog, PreviewDialog) and "game g006" in dialog.document.title
    text = pdf_text(dialog.pdf)
    assert "PEN-FIGHT-1" in text or "fight" in text.lower()


def test_fine_statements_one_team_or_all(window: MainWindow, shown: list[QDialog]) -> None:
    tab = window.season_tab
    window.tabs.setCurrentWidget(tab)
    tab.pages.setCurrentIndex(3)
    every = tab.print_statement()  # nothing selected: every team
    assert every is not None and every.document.title == "Fine statements — every team"
    tab.totals_view.setCurrentIndex(tab.totals_view.model().index(0, 0))
    team = tab.selected_team()
    one = tab.print_statement()
    assert one is not None and one.document.title == f"Fine statement — {tab.team_names[team or '']}"
    assert len(PdfReader(io.BytesIO(one.pdf)).pages) < len(PdfReader(io.BytesIO(every.pdf)).pages)


def test_every_statement_printed_as_a_batch(
    window: MainWindow, shown: list[QDialog], jobs: list[dict[str, Any]]
) -> None:
    tab = window.season_tab
    assert tab.print_every_statement() == [f"office-{n}" for n in range(1, 7)]
    titles = [job["title"] for job in jobs]
    assert sorted(titles) == sorted(f"Fine statement — {name}" for name in tab.team_names.values())
    assert "6 statement(s) sent" in tab.fines_messages.text()


def test_a_document_the_core_cannot_build_is_explained(window: MainWindow, shown: list[QDialog]) -> None:
    from PySide6.QtGui import QGuiApplication

    assert print_preview.preview(window, print_preview.game_sheet(window.svc, SEASON, "g999")) is None
    (box,) = shown
    assert isinstance(box, QMessageBox) and "could not be built" in box.text() and "g999" in box.text()
    assert QGuiApplication.overrideCursor() is None


def test_the_print_button_prints_through_a_real_cups_queue(
    window: MainWindow, shown: list[QDialog], cups: Any  # noqa: F811 - the core's private cupsd fixture
) -> None:
    """The window's Print button, end to end: the preview's PDF to a cups-pdf queue, the job done, a PDF out."""
    import time

    dialog = window.live_game_tab.print_sheet()
    assert dialog is not None
    job = dialog.print_document()
    assert job is not None and job.startswith(f"{cups.queue}-"), [getattr(d, "text", str)() for d in shown]
    chooser = shown[-1]
    assert isinstance(chooser, PrinterDialog) and chooser.printer.currentData() == cups.queue
    printing.wait_for_job(job, timeout=90)
    deadline = time.monotonic() + 30
    files: list[Path] = []
    while time.monotonic() < deadline and not files:
        files = [p for p in cups.out.rglob("*.pdf") if p.stat().st_size > 0]
        time.sleep(0.1)
    assert files, cups.log()
    printed = files[0].read_bytes()
    assert printed.startswith(b"%PDF-") and len(PdfReader(io.BytesIO(printed)).pages) == 1
