"""Printed records from the window: the preview (PDFium pages, sharp at any screen scaling, zoom and pages), the
system's print dialog and QPrinter, "Save as PDF", and every team's statement printed as a batch behind a
progress bar. The dialogs' exec is answered by the tests (the printer chosen as a person would); everything after
it is the code the buttons run: Qt writes the PDF file, or sends the job to a real CUPS queue (cups_server.py)."""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cups_server import Cups, cups, whole_pdf  # noqa: F401 - the private cupsd fixture
from pypdf import PdfReader
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtWidgets import QDialog, QMessageBox, QProgressDialog
from pytestqt.qtbot import QtBot
from ui_helpers import open_window

from scorekeeper.services import Services
from ui import dialogs, print_job, print_preview
from ui.main_window import MainWindow
from ui.pdf_pages import PdfPages
from ui.print_preview import Document, PreviewDialog

SEASON = "2015-16"


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def ink(image: QImage, size: int = 64) -> list[int]:
    """The page shrunk to size x size grey levels: where the ink is, whatever the resolution it was drawn at."""
    small = image.scaled(size, size, Qt.AspectRatioMode.IgnoreAspectRatio,
                         Qt.TransformationMode.SmoothTransformation).convertToFormat(QImage.Format.Format_Grayscale8)
    return [small.pixelColor(x, y).value() for y in range(size) for x in range(size)]


def likeness(first: QImage, second: QImage) -> float:
    """How alike two page images are: the correlation of their ink (1 the same page; another game's sheet
    scores about 0.8, a blank page 0)."""
    return statistics.correlation(ink(first), ink(second))


def same_page(a: bytes, b: bytes, page_a: int = 0, page_b: int = 0) -> float:
    """The likeness of page `page_a` of PDF `a` and page `page_b` of PDF `b`, both rendered at 72 dpi."""
    with PdfPages(a) as first, PdfPages(b) as second:
        return likeness(first.render_dpi(page_a, 72), second.render_dpi(page_b, 72))


class Shown(list[QDialog]):
    """Every modal dialog the window ran; `answer` answers the system's print dialog as a person would."""

    answer: Callable[[QPrintDialog], int] | None = None


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Shown:
    """Every modal dialog the window runs, accepted at once (message boxes too); a print dialog is answered by
    the test's `shown.answer` (no test prints to this computer's own printers)."""
    seen = Shown()

    def run(dialog: QDialog) -> int:
        seen.append(dialog)
        if isinstance(dialog, QPrintDialog):
            assert seen.answer is not None, "the test did not say how to answer the print dialog"
            return seen.answer(dialog)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs, "run_dialog", run)
    return seen


def to_file(path: Path) -> Callable[[QPrintDialog], int]:
    """Answer the print dialog as a person who picks "Print to file" with `path`."""
    def answer(dialog: QPrintDialog) -> int:
        dialog.printer().setOutputFileName(str(path))
        return QDialog.DialogCode.Accepted

    return answer


@pytest.fixture
def window(qtbot: QtBot, demo_svc: Services, settings: QSettings) -> MainWindow:
    return open_window(qtbot, demo_svc, settings)


@pytest.fixture
def no_programs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No program can be run (no poppler, no CUPS commands): the preview and printing must not need one."""
    empty = tmp_path / "empty-path"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"a program was run: {args!r}")

    for name in ("run", "Popen", "call", "check_call", "check_output"):
        monkeypatch.setattr(subprocess, name, refuse)


def sheet(window: MainWindow) -> PreviewDialog:
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g006")
    dialog = window.live_game_tab.print_sheet()
    assert isinstance(dialog, PreviewDialog)
    return dialog


# -- the preview ----------------------------------------------------------------------------------------------
def test_the_game_sheet_previews_on_white_with_no_program_installed(
    window: MainWindow, shown: Shown, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot,
    no_programs: None,
) -> None:
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g006")
    window.preview_action.trigger()
    (dialog,) = shown
    assert isinstance(dialog, PreviewDialog)
    assert dialog.document.title == "Game sheet — game g006"
    assert len(dialog.page_labels) == 1 and "1 page" in dialog.message.text()
    image = dialog.page_labels[0].pixmap().toImage()
    assert image.width() > 500 and image.pixelColor(3, 3) == QColor("white")
    assert image.format() in (QImage.Format.Format_RGB32, QImage.Format.Format_RGBX8888)  # opaque: no alpha
    assert dialog.page_counter.text() == "Page 1 of 1"
    target = tmp_path / "sheet.pdf"
    monkeypatch.setattr(dialogs, "ask_pdf_file", lambda parent, suggested: str(target))
    assert dialog.save_document() == str(target)
    text = pdf_text(target.read_bytes())
    assert "Herons" in text and "Falcons" in text and "Saved" in dialog.message.text()
    # The preview on a 1024x768 screen: the page fits the width, sharp, with its tools above.
    folder = Path(os.environ.get("SCOREKEEPER_SCREENSHOTS") or tmp_path)
    dialog.resize(1024, 768)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.wait(20)
    assert dialog.fit and dialog.page_labels[0].width() <= dialog.area.viewport().width()
    assert dialog.page_labels[0].width() > 0.8 * dialog.area.viewport().width()
    assert dialog.grab().save(str(folder / "print-preview.png"))
    dialog.close()


def test_the_preview_is_sharp_at_200_percent_screen_scaling(window: MainWindow, shown: Shown,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = sheet(window)
    label = dialog.page_labels[0]
    plain = label.pixmap()
    assert plain.devicePixelRatio() == dialog.devicePixelRatioF() == 1.0
    assert abs(plain.width() - label.width()) <= 1
    monkeypatch.setattr(dialog, "devicePixelRatioF", lambda: 2.0)
    dialog.render_visible()
    sharp = label.pixmap()
    assert sharp.devicePixelRatio() == 2.0
    assert abs(sharp.width() - 2 * label.width()) <= 2 and abs(sharp.height() - 2 * label.height()) <= 2
    assert abs(sharp.deviceIndependentSize().width() - label.width()) <= 1  # the same size on screen, twice the dots


SCALED_PREVIEW = """
import io, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from reportlab.pdfgen import canvas
from ui.print_preview import Document, PreviewDialog
data = io.BytesIO()
page = canvas.Canvas(data)
page.drawString(72, 720, "Game sheet")
page.showPage()
page.save()
dialog = PreviewDialog(Document("t", "t.pdf", bytes), data.getvalue())
dialog.resize(800, 600)
dialog.show()
app.processEvents()
label = dialog.page_labels[0]
print(dialog.devicePixelRatioF(), label.width(), label.pixmap().width(), label.pixmap().devicePixelRatio())
"""


def test_the_preview_is_sharp_on_a_screen_scaled_to_200_percent() -> None:
    """A real 200 % screen (Qt's own scaling, in a process of its own): twice the pixels, the same size."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2"}
    proc = subprocess.run([sys.executable, "-c", SCALED_PREVIEW], env=env, capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert proc.returncode == 0, proc.stderr
    ratio, width, pixels, pixmap_ratio = (float(x) for x in proc.stdout.split())
    assert ratio == pixmap_ratio == 2.0 and width > 300 and abs(pixels - 2 * width) <= 2


def test_zoom_keys_and_fit_width(window: MainWindow, shown: Shown, qtbot: QtBot) -> None:
    dialog = sheet(window)
    dialog.resize(1024, 768)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.wait(20)
    label = dialog.page_labels[0]
    fitted = label.width()
    qtbot.keyClick(dialog.area, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert not dialog.fit and label.width() > fitted
    assert dialog.zoom_label.text() == f"{round(dialog.zoom * 100)} %"
    bigger = label.width()
    qtbot.keyClick(dialog.area, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(dialog.area, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert label.width() < bigger
    assert abs(label.pixmap().width() - label.width()) <= 1  # rendered again at the new zoom, not stretched
    qtbot.keyClick(dialog.area, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert dialog.fit and abs(label.width() - fitted) <= 2
    for _ in range(30):
        dialog.zoom_in()
    assert dialog.zoom == print_preview.ZOOMS[-1] and not dialog.zoom_in_button.isEnabled()
    asked: list[str] = []
    shown.answer = lambda chooser: asked.append(chooser.printer().docName()) or QDialog.DialogCode.Rejected
    qtbot.keyClick(dialog.area, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)  # Ctrl+P again: the printer
    assert asked == ["Game sheet — game g006"]
    dialog.close()
    assert dialog.pages is None and label.pixmap().isNull()  # closed: the PDF and its pages are let go


def test_page_keys_move_through_a_long_document_rendering_only_the_pages_in_view(
    window: MainWindow, shown: Shown, qtbot: QtBot
) -> None:
    tab = window.season_tab
    window.tabs.setCurrentWidget(tab)
    dialog = tab.print_statement(every=True)
    assert dialog is not None
    pages = len(dialog.page_labels)
    assert pages == len(PdfReader(io.BytesIO(dialog.pdf)).pages) >= 6
    dialog.resize(1024, 768)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.wait(20)
    assert dialog.page_counter.text() == f"Page 1 of {pages}" and not dialog.previous_button.isEnabled()
    assert dialog.page_labels[-1].key is None  # the last page is not rendered before it is seen
    qtbot.keyClick(dialog.area, Qt.Key.Key_PageDown)
    qtbot.keyClick(dialog.area, Qt.Key.Key_PageDown)
    assert dialog.current_page() == 2 and dialog.page_counter.text() == f"Page 3 of {pages}"
    assert dialog.page_labels[2].key is not None
    qtbot.keyClick(dialog.area, Qt.Key.Key_PageUp)
    assert dialog.page_counter.text() == f"Page 2 of {pages}"
    dialog.go_to(pages + 5)
    assert dialog.current_page() == pages - 1 and not dialog.next_button.isEnabled()
    assert dialog.page_labels[-1].key is not None
    dialog.close()


def test_a_document_that_is_not_a_pdf_previews_as_a_message(window: MainWindow, shown: Shown) -> None:
    dialog = PreviewDialog(Document("Broken", "broken.pdf", lambda: b""), b"not a pdf", "", window)
    assert not dialog.page_labels and "not a PDF" in dialog.message.text()
    assert not dialog.print_button.isEnabled() and dialog.page_counter.text() == "No page"


# -- printing through QPrinter ------------------------------------------------------------------------------------
def test_print_from_the_preview_prints_the_same_page_through_qprinter(
    window: MainWindow, shown: Shown, tmp_path: Path, no_programs: None
) -> None:
    out = tmp_path / "printed.pdf"
    asked: list[str] = []

    def print_to_file(chooser: QPrintDialog) -> int:
        asked.append(chooser.printer().docName())
        return to_file(out)(chooser)

    shown.answer = print_to_file
    dialog = sheet(window)
    assert dialog.print_document() == str(out)
    assert isinstance(shown[-1], QPrintDialog) and asked == ["Game sheet — game g006"]
    assert "Sent to" in dialog.message.text()
    printed = out.read_bytes()
    reader = PdfReader(io.BytesIO(printed))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)  # the sheet's own paper: Letter
    assert same_page(printed, dialog.pdf) > 0.97  # the page as the core drew it, at the printer's resolution


def test_stopping_a_long_print_cancels_the_job_and_says_so(
    window: MainWindow, shown: Shown, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "statements.pdf"
    shown.answer = to_file(out)
    window.tabs.setCurrentWidget(window.season_tab)
    dialog = window.season_tab.print_statement(every=True)
    assert dialog is not None
    real = PdfPages.render
    drawn: list[int] = []

    def render_then_stop(pages: PdfPages, index: int, scale: float) -> QImage:
        drawn.append(index)
        for bar in dialog.findChildren(QProgressDialog):
            assert bar.isVisible() and bar.maximum() == len(dialog.page_labels)
            bar.cancel()
        return real(pages, index, scale)

    monkeypatch.setattr(PdfPages, "render", render_then_stop)
    assert dialog.print_document() is None
    assert drawn == [0] and dialog.jobs == []
    box = shown[-1]
    assert isinstance(box, QMessageBox) and "was stopped after 1 page(s)" in box.text()
    if "the job was cancelled" not in box.text():  # Qt's PDF writer and CUPS cannot cancel: one page went out
        assert f"the page(s) already drawn went to {out}" in box.text()
        assert len(PdfReader(out).pages) == 1


def test_a_cancelled_print_dialog_prints_nothing(window: MainWindow, shown: Shown, tmp_path: Path) -> None:
    out = tmp_path / "never.pdf"

    def cancel(dialog: QPrintDialog) -> int:
        dialog.printer().setOutputFileName(str(out))
        return QDialog.DialogCode.Rejected

    shown.answer = cancel
    dialog = sheet(window)
    assert dialog.print_document() is None and not out.exists() and dialog.jobs == []


def test_a_printer_that_cannot_be_opened_is_explained(window: MainWindow, shown: Shown,
                                                      tmp_path: Path) -> None:
    shown.answer = to_file(tmp_path / "no" / "such" / "folder" / "x.pdf")
    dialog = sheet(window)
    assert dialog.print_document() is None
    box = shown[-1]
    assert isinstance(box, QMessageBox)
    assert "was not printed" in box.text() and "could not be opened for printing" in box.text()


def test_a_page_range_and_copies_from_the_dialog_are_printed(window: MainWindow, shown: Shown,
                                                             tmp_path: Path) -> None:
    out = tmp_path / "range.pdf"

    def pages_two_to_three(dialog: QPrintDialog) -> int:
        printer = dialog.printer()
        printer.setOutputFileName(str(out))
        printer.setPrintRange(printer.PrintRange.PageRange)
        printer.setFromTo(2, 3)
        return QDialog.DialogCode.Accepted

    shown.answer = pages_two_to_three
    window.tabs.setCurrentWidget(window.season_tab)
    dialog = window.season_tab.print_statement(every=True)
    assert dialog is not None and dialog.print_document() == str(out)
    printed = out.read_bytes()
    assert len(PdfReader(io.BytesIO(printed)).pages) == 2
    assert same_page(printed, dialog.pdf, 0, 1) > 0.97 and same_page(printed, dialog.pdf, 1, 2) > 0.97
    assert same_page(printed, dialog.pdf, 0, 1) > same_page(printed, dialog.pdf, 0, 0)  # page 2, not page 1


def test_every_statement_printed_as_a_batch_with_one_print_dialog(
    window: MainWindow, shown: Shown, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "statement.pdf"
    shown.answer = to_file(out)
    jobs: list[tuple[str, bytes]] = []
    real = print_job.print_pages

    def keep(printer: Any, pages: PdfPages, progress: Any = None) -> int:
        printed = real(printer, pages, progress)
        jobs.append((printer.docName(), out.read_bytes()))  # Qt writes each job to the file chosen
        return printed

    monkeypatch.setattr(print_job, "print_pages", keep)
    tab = window.season_tab
    titles = tab.print_every_statement()
    assert sorted(titles) == sorted(f"Fine statement — {name}" for name in tab.team_names.values())
    assert [title for title, _ in jobs] == titles and len(titles) == 6
    assert len([d for d in shown if isinstance(d, QPrintDialog)]) == 1
    for title, data in jobs:
        assert title.split(" — ")[1] in pdf_text(print_preview.build(window, print_preview.fine_statements(
            window.svc, SEASON, next(t for t, n in tab.team_names.items() if n == title.split(" — ")[1]))) or b"")
        assert data.startswith(b"%PDF-") and len(PdfReader(io.BytesIO(data)).pages) >= 1
    assert "6 statement(s) sent" in tab.fines_messages.text()
    assert not [w for w in window.findChildren(QProgressDialog) if w.isVisible()]


def test_stopping_the_batch_prints_no_more_statements(window: MainWindow, shown: Shown, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    shown.answer = to_file(tmp_path / "statement.pdf")
    real = print_job.print_pages
    done: list[str] = []

    def stop_after_two(printer: Any, pages: PdfPages, progress: Any = None) -> int:
        printed = real(printer, pages, progress)
        done.append(printer.docName())
        if len(done) == 2:
            for bar in window.findChildren(QProgressDialog):
                bar.cancel()
        return printed

    monkeypatch.setattr(print_job, "print_pages", stop_after_two)
    assert len(window.season_tab.print_every_statement()) == 2 and len(done) == 2


# -- File ▸ Print: the system's print dialog at once -----------------------------------------------------------
def test_file_print_opens_the_print_dialog_and_prints_the_tabs_document(
    window: MainWindow, shown: Shown, tmp_path: Path, no_programs: None
) -> None:
    target = tmp_path / "printed.pdf"
    shown.answer = to_file(target)
    window.tabs.setCurrentWidget(window.live_game_tab)
    window.live_game_tab.select_game("g006")
    window.print_action.trigger()
    assert [type(d) for d in shown] == [QPrintDialog]  # no preview first
    assert target.is_file() and target.read_bytes().startswith(b"%PDF")
    core = window.live_game_tab.sheet_document()
    assert core is not None and same_page(target.read_bytes(), core.build()) > 0.95


def test_file_print_of_the_standings_cancelled_prints_nothing(
    window: MainWindow, shown: Shown, tmp_path: Path
) -> None:
    shown.answer = lambda dialog: QDialog.DialogCode.Rejected
    window.tabs.setCurrentWidget(window.season_tab)
    assert window.print_current() is None
    assert [type(d) for d in shown] == [QPrintDialog]


# -- the documents of each tab --------------------------------------------------------------------------------
def test_season_tab_prints_the_standings_report(window: MainWindow, shown: Shown) -> None:
    window.tabs.setCurrentWidget(window.season_tab)
    window.preview_action.trigger()
    (dialog,) = shown
    assert isinstance(dialog, PreviewDialog)
    text = pdf_text(dialog.pdf)
    for team in window.svc.teams(SEASON):
        assert team["name"] in text


def test_season_tab_prints_the_notice_of_the_selected_suspension(
    window: MainWindow, shown: Shown
) -> None:
    tab = window.season_tab
    window.tabs.setCurrentWidget(tab)
    tab.pages.setCurrentIndex(2)
    proxy = tab.suspensions_view.model()
    row = next(n for n in range(proxy.rowCount()) if tab.suspensions.row(proxy.mapToSource(proxy.index(n, 0)).row())
               ["player"] == "he04")
    tab.suspensions_view.setCurrentIndex(proxy.index(row, 0))
    window.preview_action.trigger()
    (dialog,) = shown
    assert isinstance(dialog, PreviewDialog) and "game g006" in dialog.document.title
    text = pdf_text(dialog.pdf)
    assert "PEN-FIGHT-1" in text or "fight" in text.lower()


def test_fine_statements_one_team_or_all(window: MainWindow, shown: Shown) -> None:
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


def test_a_document_the_core_cannot_build_is_explained(window: MainWindow, shown: Shown) -> None:
    from PySide6.QtGui import QGuiApplication

    assert print_preview.preview(window, print_preview.game_sheet(window.svc, SEASON, "g999")) is None
    (box,) = shown
    assert isinstance(box, QMessageBox) and "could not be built" in box.text() and "g999" in box.text()
    assert QGuiApplication.overrideCursor() is None


# -- a real printer ---------------------------------------------------------------------------------------------
def test_the_print_button_prints_through_qt_to_a_real_cups_queue(
    window: MainWindow, shown: Shown, cups: Cups  # noqa: F811 - the private cupsd fixture
) -> None:
    """The preview's Print… button, end to end through Qt: the system's print dialog (its exec answered with the
    queue chosen), QPrinter, CUPS, the cups-pdf backend; a PDF of the page arrives in its output folder."""

    def choose_queue(dialog: QPrintDialog) -> int:
        dialog.printer().setPrinterName(cups.queue)
        return QDialog.DialogCode.Accepted

    shown.answer = choose_queue
    dialog = window.live_game_tab.print_sheet()
    assert dialog is not None
    assert dialog.print_document() == cups.queue, [getattr(d, "text", str)() for d in shown]
    assert dialog.jobs == [cups.queue] and f"Sent to {cups.queue}" in dialog.message.text()
    files = cups.printed()  # once CUPS says the job is completed and the file is whole (polled, up to 120 s)
    assert files, cups.log()
    printed = files[0].read_bytes()
    assert printed.startswith(b"%PDF-") and len(PdfReader(io.BytesIO(printed)).pages) == 1
    assert same_page(printed, dialog.pdf) > 0.97


def test_a_pdf_still_being_written_is_not_taken_for_a_whole_one(window: MainWindow) -> None:
    """The real-printing test reads cups-pdf's file only once it is whole: a file cut anywhere (as one still being
    written is) is not, so no test reads half a PDF ("Stream has ended unexpectedly", issue 26)."""
    document = window.live_game_tab.sheet_document()
    assert document is not None
    data = document.build()
    assert data and whole_pdf(data)
    for cut in (0, 5, len(data) // 3, len(data) // 2, len(data) - 40, len(data) - 7):
        assert not whole_pdf(data[:cut]), cut
