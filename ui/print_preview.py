"""Printed records in the window: a preview of the PDF the core builds, the printer, "Save as PDF", batches.

The documents are the core's (`scorekeeper.reports`: plain data, then ReportLab); printing is the core's
(`scorekeeper.printing`: CUPS). PySide6-Essentials carries no QtPdf, so the preview pages are rendered by
poppler's `pdftoppm` into PNG files in a temporary folder and shown on white in a scroll area.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QProgressDialog,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import scorekeeper.printing as printing
from scorekeeper.reports.data import ReportError
from scorekeeper.services import ServiceError
from ui import dialogs

if TYPE_CHECKING:
    from scorekeeper.services import Services

PREVIEW_DPI = 72
RENDER_TIMEOUT = 60.0


class PreviewError(Exception):
    """The preview could not be drawn (pdftoppm missing or failing); the message says what to install."""


@dataclass(frozen=True)
class Document:
    """One printed record: what the window calls it, the file name it suggests, and how the core builds it."""

    title: str
    filename: str
    build: Callable[[], bytes]


# -- the documents, each built by the core ------------------------------------------------------------------
def game_sheet(svc: Services, season: str | None, game_id: str) -> Document:
    def build() -> bytes:
        from scorekeeper.reports.data import game_sheet_data
        from scorekeeper.reports.game_sheet import build_game_sheet

        return build_game_sheet(game_sheet_data(svc, game_id, season=season))

    return Document(f"Game sheet — game {game_id}", f"game-sheet-{game_id}.pdf", build)


def fine_statements(svc: Services, season: str | None, team: str | None = None, team_name: str = "") -> Document:
    def build() -> bytes:
        from scorekeeper.reports.data import fine_statements_data
        from scorekeeper.reports.fine_statements import build_fine_statements

        return build_fine_statements(fine_statements_data(svc, team=team, season=season))

    if team is None:
        return Document("Fine statements — every team", f"fine-statements-{season}.pdf", build)
    return Document(f"Fine statement — {team_name or team}", f"fine-statement-{team}.pdf", build)


def suspension_notice(svc: Services, season: str | None, player: str, game: str, name: str = "") -> Document:
    def build() -> bytes:
        from scorekeeper.reports.data import suspension_notices_data
        from scorekeeper.reports.suspension_notice import build_suspension_notices

        return build_suspension_notices(suspension_notices_data(svc, player, game=game, season=season))

    return Document(f"Suspension notice — {name or player}, game {game}", f"suspension-{player}-{game}.pdf", build)


def standings_report(svc: Services, season: str | None) -> Document:
    def build() -> bytes:
        from scorekeeper.reports.data import standings_data
        from scorekeeper.reports.standings_report import build_standings_report

        return build_standings_report(standings_data(svc, season=season))

    return Document(f"Standings and leaders — {season}", f"standings-{season}.pdf", build)


def build(parent: QWidget | None, document: Document) -> bytes | None:
    """The document's PDF, or None after telling the user why the core could not build it."""
    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        return document.build()
    except (ReportError, ServiceError) as exc:
        problem = str(exc)
    finally:
        QGuiApplication.restoreOverrideCursor()
    dialogs.tell(parent, "Print", f"{document.title} could not be built.\n\n{problem}", error=True)
    return None


# -- rendering the pages ------------------------------------------------------------------------------------
def pdftoppm() -> str:
    path = shutil.which("pdftoppm")
    if path is None:
        raise PreviewError("The preview needs poppler's pdftoppm, which is not installed (Debian and Ubuntu: "
                           "apt install poppler-utils). You can still print and save the PDF.")
    return path


def render_pages(pdf: bytes, folder: Path, dpi: int = PREVIEW_DPI) -> list[Path]:
    """Render every page of `pdf` to `folder`/page-N.png (pdftoppm); the paths in page order."""
    source = folder / "document.pdf"
    source.write_bytes(pdf)
    try:
        proc = subprocess.run([pdftoppm(), "-png", "-r", str(dpi), str(source), str(folder / "page")],
                              capture_output=True, timeout=RENDER_TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise PreviewError(f"pdftoppm could not render the preview: {exc}") from None
    if proc.returncode != 0:
        text = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise PreviewError(f"pdftoppm could not render the preview: {text[-1] if text else proc.returncode}")
    pages = sorted(folder.glob("page-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    if not pages:
        raise PreviewError("pdftoppm rendered no page")
    return pages


def on_white(image: QImage) -> QPixmap:
    """The page painted onto white (a PDF page renderer may leave the background transparent)."""
    page = QImage(image.size(), QImage.Format.Format_RGB32)
    page.fill(QColor("white"))
    painter = QPainter(page)
    painter.drawImage(0, 0, image)
    painter.end()
    return QPixmap.fromImage(page)


# -- choosing a printer -------------------------------------------------------------------------------------
class PrinterDialog(QDialog):
    """A CUPS queue (the default first) and the number of copies."""

    def __init__(self, printers: list[printing.Printer], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print")
        self.printer = QComboBox(self)
        for p in sorted(printers, key=lambda p: not p.default):
            self.printer.addItem(f"{p.name} (default)" if p.default else p.name, p.name)
        self.copies = QSpinBox(self)
        self.copies.setRange(1, 99)
        form = QFormLayout(self)
        form.addRow("&Printer:", self.printer)
        form.addRow("&Copies:", self.copies)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Print")
        self.setMinimumWidth(360)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)


def ask_printer(parent: QWidget | None) -> tuple[str, int] | None:
    """(printer, copies) from the CUPS queues, or None (cancelled, or no printer: the user is told)."""
    try:
        printers = printing.list_printers()
    except printing.PrintError as exc:
        dialogs.tell(parent, "Print", f"The printers could not be listed.\n\n{exc}", error=True)
        return None
    if not printers:
        dialogs.tell(parent, "Print", "No printer is set up on this computer. Use “Save as PDF…” and print the "
                     "file elsewhere, or add a printer in the system's settings.", error=True)
        return None
    dialog = PrinterDialog(printers, parent)
    if dialogs.run_dialog(dialog) != QDialog.DialogCode.Accepted:
        return None
    return str(dialog.printer.currentData()), dialog.copies.value()


def send(parent: QWidget | None, pdf: bytes, title: str, printer: str, copies: int = 1) -> str | None:
    """Queue the PDF (the same call the command line's tests make against a real CUPS queue); the job id."""
    try:
        return printing.print_pdf(pdf, printer, title=title, copies=copies)
    except printing.PrintError as exc:
        dialogs.tell(parent, "Print", f"{title} was not printed.\n\n{exc}", error=True)
        return None


def save_pdf(parent: QWidget | None, pdf: bytes, suggested: str) -> str | None:
    """Ask where, then write the PDF atomically (the core's writer); the path written, or None."""
    from scorekeeper.reports.commands import write_atomically

    path = dialogs.ask_pdf_file(parent, suggested)
    if not path:
        return None
    try:
        write_atomically(path, pdf)
    except OSError as exc:
        dialogs.tell(parent, "Save as PDF", f"{path} could not be written.\n\n{exc.strerror or exc}", error=True)
        return None
    return path


# -- the preview --------------------------------------------------------------------------------------------
class PreviewDialog(QDialog):
    """The document's pages on white, one under the other, with Print…, Save as PDF… and Close."""

    def __init__(self, document: Document, pdf: bytes, folder: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document, self.pdf, self.folder = document, pdf, folder
        self.jobs: list[str] = []
        self.saved: list[str] = []
        self.setWindowTitle(f"Print preview — {document.title}")
        self.pages = QWidget(self)
        palette = self.pages.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor("#808080"))
        self.pages.setPalette(palette)
        self.pages.setAutoFillBackground(True)
        column = QVBoxLayout(self.pages)
        column.setSpacing(12)
        column.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.page_labels: list[QLabel] = []
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self._render(column)
        scroll = QScrollArea(self)
        scroll.setWidget(self.pages)
        scroll.setWidgetResizable(True)
        scroll.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.print_button = QPushButton("&Print…", self)
        self.save_button = QPushButton("&Save as PDF…", self)
        self.print_button.setDefault(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(self.print_document)
        self.save_button.clicked.connect(self.save_document)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self.resize(740, 720)

    def _render(self, column: QVBoxLayout) -> None:
        with tempfile.TemporaryDirectory(prefix="scorekeeper-preview-") as tmp:
            try:
                paths = render_pages(self.pdf, Path(tmp))
            except PreviewError as exc:
                self.message.setText(f"<b>No preview.</b> {exc}")
                return
            for path in paths:
                label = QLabel(self.pages)
                label.setPixmap(on_white(QImage(str(path))))
                label.setFrameShape(QLabel.Shape.Box)
                column.addWidget(label)
                self.page_labels.append(label)
        pages = len(self.page_labels)
        self.message.setText(f"{pages} page{'s' if pages != 1 else ''} — {self.document.title}")

    def print_document(self) -> str | None:
        choice = ask_printer(self)
        if choice is None:
            return None
        job = send(self, self.pdf, self.document.title, *choice)
        if job:
            self.jobs.append(job)
            self.message.setText(f"<b style='color:#1b5e20'>Sent to {choice[0]}</b> (job {job}).")
        return job

    def save_document(self) -> str | None:
        path = save_pdf(self, self.pdf, str(Path(self.folder or ".") / self.document.filename))
        if path:
            self.saved.append(path)
            self.message.setText(f"<b style='color:#1b5e20'>Saved</b> {path}")
        return path


def preview(parent: QWidget | None, document: Document, folder: str = "") -> PreviewDialog | None:
    """Build the document, show its preview (Print…, Save as PDF…); the dialog, or None if nothing was built."""
    pdf = build(parent, document)
    if pdf is None:
        return None
    dialog = PreviewDialog(document, pdf, folder, parent)
    dialogs.run_dialog(dialog)
    return dialog


# -- batch: every team's statement --------------------------------------------------------------------------
def print_every_statement(parent: QWidget | None, svc: Services, season: str | None,
                          teams: list[dict[str, Any]]) -> list[str]:
    """One print job per team's fine statement, behind a progress dialog that can be cancelled; the job ids."""
    choice = ask_printer(parent)
    if choice is None:
        return []
    printer, copies = choice
    progress = QProgressDialog("Printing the fine statements…", "Stop", 0, len(teams), parent)
    progress.setWindowTitle("Print every statement")
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)
    progress.setValue(0)
    jobs: list[str] = []
    try:
        for number, team in enumerate(teams):
            if progress.wasCanceled():
                break
            progress.setLabelText(f"Printing the statement of {team['name']} ({number + 1} of {len(teams)})…")
            QApplication.processEvents()
            document = fine_statements(svc, season, team["id"], team["name"])
            pdf = build(parent, document)
            if pdf is None:
                break
            job = send(parent, pdf, document.title, printer, copies)
            if job is None:
                break
            jobs.append(job)
            progress.setValue(number + 1)
    finally:
        progress.close()
        progress.deleteLater()
    return jobs
