"""Printed records in the window: a preview of the PDF the core builds, printing it, "Save as PDF", batches.

The documents are the core's (`scorekeeper.reports`: plain data, then ReportLab). The preview and the printer
show the same pages, rendered by `ui.pdf_pages` (PDFium): on screen at the zoom times the screen's scaling, so
they stay sharp at 200 %; on paper at the printer's resolution through the system's print dialog
(`ui.print_job`). No program besides the application is needed on any platform.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QRect, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QPixmap,
    QResizeEvent,
    QShortcut,
    QShowEvent,
)
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QProgressDialog,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.printing import POINTS_PER_INCH, PrintError
from scorekeeper.services import ServiceError
from ui import dialogs, print_job, theme
from ui.pdf_pages import PdfPages

if TYPE_CHECKING:
    from scorekeeper.services import Services

ZOOMS = (0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0)
PAGE_GAP = 12


@dataclass(frozen=True)
class Document:
    """One printed record: what the window calls it, the file name it suggests, and how the core builds it."""

    title: str
    filename: str
    build: Callable[[], bytes]
    save: Callable[[str, bytes], object] | None = None
    """How the core writes it where the user chose (whole or not at all); None: it cannot be saved."""


# -- the documents, each built by the core ------------------------------------------------------------------
def _safe(text: str) -> str:
    """`text` as part of a file name."""
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in text)


def game_sheet(svc: Services, season: str | None, game_id: str) -> Document:
    """The game sheet, titled and named by the league's game number (the id when none is set)."""
    try:
        number = svc.game_names(season).get(game_id, game_id)
    except ServiceError:
        number = game_id  # building it says what is wrong
    return Document(f"Game sheet — game {number}", f"game-sheet-{_safe(number)}.pdf",
                    lambda: svc.game_sheet_pdf(game_id, season=season), svc.save_pdf)


def fine_statements(svc: Services, season: str | None, team: str | None = None, team_name: str = "") -> Document:
    def build() -> bytes:
        return svc.fine_statements_pdf(team=team, season=season)

    if team is None:
        return Document("Fine statements — every team", f"fine-statements-{season}.pdf", build, svc.save_pdf)
    return Document(f"Fine statement — {team_name or team}", f"fine-statement-{_safe(team_name or team)}.pdf", build,
                    svc.save_pdf)


def suspension_notice(svc: Services, season: str | None, player: str, game: str, name: str = "",
                      game_name: str = "") -> Document:
    """The notice of `player`'s suspension from `game` (an id), titled by the player's name and `game_name` (the
    league's game number)."""
    shown = game_name or game
    return Document(f"Suspension notice — {name or player}, game {shown}", f"suspension-{player}-{_safe(shown)}.pdf",
                    lambda: svc.suspension_notice_pdf(player, game=game, season=season), svc.save_pdf)


def standings_report(svc: Services, season: str | None) -> Document:
    return Document(f"Standings and leaders — {season}", f"standings-{season}.pdf",
                    lambda: svc.standings_pdf(season=season), svc.save_pdf)


def build(parent: QWidget | None, document: Document) -> bytes | None:
    """The document's PDF, or None after telling the user why the core could not build it."""
    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        return document.build()
    except ServiceError as exc:
        problem = str(exc)
    finally:
        QGuiApplication.restoreOverrideCursor()
    dialogs.tell(parent, "Print", f"{document.title} could not be built.\n\n{problem}", error=True)
    return None


# -- printing ------------------------------------------------------------------------------------------------
def progress_dialog(parent: QWidget | None, title: str, text: str, total: int) -> QProgressDialog:
    """A window-modal progress bar with Stop, shown at once."""
    progress = QProgressDialog(text, "Stop", 0, total, parent)
    progress.setWindowTitle(title)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)
    progress.setValue(0)
    return progress


def print_pdf(parent: QWidget | None, pdf: bytes, title: str) -> str | None:
    """The system's print dialog, then the PDF through QPrinter (a progress bar with Stop while the pages are
    drawn); where it went, or None (cancelled, stopped or failed: the user is told why)."""
    try:
        with PdfPages(pdf) as pages:
            printer = print_job.new_printer(title, pages)
            if not print_job.ask(parent, printer, len(pages)):
                return None
            progress = progress_dialog(parent, "Print", f"Printing {title}…", len(pages))

            def step(done: int, total: int) -> bool:
                progress.setMaximum(total)
                progress.setValue(done)
                progress.setLabelText(f"Printing {title}: page {done + 1} of {total}…")
                QApplication.processEvents()
                return not progress.wasCanceled()

            try:
                printed = print_job.print_pages(printer, pages, step)
                stopped = progress.wasCanceled()
            finally:
                progress.close()
                progress.deleteLater()
    except PrintError as exc:
        dialogs.tell(parent, "Print", f"{title} was not printed.\n\n{exc}", error=True)
        return None
    if stopped:
        if printer.printerState() == QPrinter.PrinterState.Aborted:
            outcome = "the job was cancelled"
        else:  # Qt cannot take back a job from CUPS, nor a file it writes: what was drawn is sent
            outcome = f"the page(s) already drawn went to {print_job.destination(printer)}"
        dialogs.tell(parent, "Print", f"Printing {title} was stopped after {printed} page(s): {outcome}.")
        return None
    return print_job.destination(printer)


def save_pdf(parent: QWidget | None, pdf: bytes, suggested: str,
             save: Callable[[str, bytes], object] | None) -> str | None:
    """Ask where, then write the PDF through the core (`save`: atomically); the path written, or None."""
    path = dialogs.ask_pdf_file(parent, suggested)
    if not path:
        return None
    if save is None:
        dialogs.tell(parent, "Save as PDF", "This document cannot be saved.", error=True)
        return None
    try:
        save(path, pdf)
    except OSError as exc:
        dialogs.tell(parent, "Save as PDF", f"{path} could not be written.\n\n{exc.strerror or exc}", error=True)
        return None
    return path


# -- the preview --------------------------------------------------------------------------------------------
class PageLabel(QWidget):
    """One page on white, drawn from its pixmap (rendered at the zoom times the screen's pixel ratio); `key` is
    the (pixels per point, pixel ratio) it was rendered at, None before."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.key: tuple[float, float] | None = None
        self._pixmap = QPixmap()

    def pixmap(self) -> QPixmap:
        return self._pixmap

    def setPixmap(self, pixmap: QPixmap) -> None:
        self._pixmap = pixmap
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(theme.PAPER["page"]))
        if not self._pixmap.isNull():
            painter.drawPixmap(self.rect(), self._pixmap)
        painter.setPen(QColor(theme.PAPER["edge"]))
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.end()


class PreviewDialog(QDialog):
    """The document's pages one under the other, zoomed (Ctrl++, Ctrl+-, Ctrl+0 fits the width), paged (PgUp,
    PgDn), with Print…, Save as PDF… and Close. Only the pages in view are rendered, again when the zoom or the
    screen's scaling changes."""

    def __init__(self, document: Document, pdf: bytes, folder: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document, self.pdf, self.folder = document, pdf, folder
        self.jobs: list[str] = []
        self.saved: list[str] = []
        self.zoom = 1.0
        self.fit = True
        self.setWindowTitle(f"Print preview — {document.title}")
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.page_labels: list[PageLabel] = []
        self.pages: PdfPages | None = None
        try:
            self.pages = PdfPages(pdf)
        except PrintError as exc:
            self.message.setText(f"<b>No preview.</b> {exc}")
        self.sheet = QWidget(self)
        palette = self.sheet.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(theme.PAPER["backdrop"]))
        self.sheet.setPalette(palette)
        self.sheet.setAutoFillBackground(True)
        column = QVBoxLayout(self.sheet)
        column.setSpacing(PAGE_GAP)
        column.setContentsMargins(PAGE_GAP, PAGE_GAP, PAGE_GAP, PAGE_GAP)
        column.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        for _ in range(len(self.pages) if self.pages else 0):
            label = PageLabel(self.sheet)
            column.addWidget(label, 0, Qt.AlignmentFlag.AlignHCenter)
            self.page_labels.append(label)
        self.area = QScrollArea(self)
        self.area.setWidget(self.sheet)
        self.area.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.area.setWidgetResizable(False)
        self.area.verticalScrollBar().valueChanged.connect(self._scrolled)
        self.area.horizontalScrollBar().valueChanged.connect(self._scrolled)
        layout = self.main_layout = QVBoxLayout(self)
        layout.addLayout(self._toolbar())
        layout.addWidget(self.message)
        layout.addWidget(self.area, 1)
        layout.addWidget(self._buttons())
        self._shortcuts()
        screen = self.screen().availableGeometry() if self.screen() else QRect(0, 0, 1024, 768)
        self.resize(min(860, screen.width() - 40), min(760, screen.height() - 60))
        pages = len(self.page_labels)
        if pages:
            self.message.setText(f"{pages} page{'s' if pages != 1 else ''} — {document.title}")
        self._relayout()

    # -- building the dialog
    def _tool(self, text: str, tip: str, slot: Callable[[], object]) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        button.setAutoRaise(True)
        button.clicked.connect(slot)
        return button

    def _toolbar(self) -> QHBoxLayout:
        row = QHBoxLayout()
        zoom_in = QKeySequence(QKeySequence.StandardKey.ZoomIn)
        zoom_out = QKeySequence(QKeySequence.StandardKey.ZoomOut)
        text = QKeySequence.SequenceFormat.NativeText
        self.zoom_out_button = self._tool("−", f"Zoom out ({zoom_out.toString(text)})", self.zoom_out)
        self.zoom_label = QLabel(self)
        self.zoom_label.setMinimumWidth(48)
        self.zoom_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.zoom_in_button = self._tool("+", f"Zoom in ({zoom_in.toString(text)})", self.zoom_in)
        self.fit_button = self._tool("Fit width", f"Fit the page to the window ({self.FIT.toString(text)})",
                                     self.fit_width)
        self.previous_button = self._tool("◀", "Previous page (Page Up)", lambda: self.go_to(self.current_page() - 1))
        self.page_counter = QLabel(self)
        self.page_counter.setMinimumWidth(90)
        self.page_counter.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.next_button = self._tool("▶", "Next page (Page Down)", lambda: self.go_to(self.current_page() + 1))
        for widget in (self.zoom_out_button, self.zoom_label, self.zoom_in_button, self.fit_button):
            row.addWidget(widget)
        row.addStretch(1)
        for widget in (self.previous_button, self.page_counter, self.next_button):
            row.addWidget(widget)
        return row

    FIT = QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_0)

    def _buttons(self) -> QDialogButtonBox:
        self.print_button = QPushButton("&Print…", self)
        self.save_button = QPushButton("&Save as PDF…", self)
        self.print_button.setDefault(True)
        self.print_button.setEnabled(self.pages is not None)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(self.print_document)
        self.save_button.clicked.connect(self.save_document)
        return buttons

    def _shortcuts(self) -> None:
        keys: list[tuple[QKeySequence, Callable[[], object]]] = [
            (QKeySequence(QKeySequence.StandardKey.ZoomIn), self.zoom_in),
            (QKeySequence(QKeySequence.StandardKey.ZoomOut), self.zoom_out),
            (self.FIT, self.fit_width),
            (QKeySequence(QKeySequence.StandardKey.MoveToPreviousPage), lambda: self.go_to(self.current_page() - 1)),
            (QKeySequence(QKeySequence.StandardKey.MoveToNextPage), lambda: self.go_to(self.current_page() + 1)),
            (QKeySequence(QKeySequence.StandardKey.Print), self.print_document),
        ]
        self.shortcuts = [QShortcut(key, self, slot) for key, slot in keys]

    # -- zoom and pages
    def pixels_per_point(self) -> float:
        """Logical pixels per PDF point at the current zoom (100 % is the page's real size on this screen)."""
        return self.zoom * self.logicalDpiX() / POINTS_PER_INCH

    def zoom_in(self) -> None:
        self.set_zoom(next((z for z in ZOOMS if z > self.zoom + 1e-3), ZOOMS[-1]))

    def zoom_out(self) -> None:
        self.set_zoom(next((z for z in reversed(ZOOMS) if z < self.zoom - 1e-3), ZOOMS[0]))

    def set_zoom(self, zoom: float, fit: bool = False) -> None:
        page = self.current_page()
        self.zoom, self.fit = max(ZOOMS[0], min(ZOOMS[-1], zoom)), fit
        self._relayout()
        self.go_to(page)

    def fit_width(self) -> None:
        """The widest page as wide as the window (Ctrl+0)."""
        self.set_zoom(self._fit_zoom(), fit=True)

    def _fit_zoom(self) -> float:
        if self.pages is None:
            return 1.0
        widest = max(self.pages.size(n).width() for n in range(len(self.pages)))
        if self.isVisible():
            room = self.area.viewport().width()
            if self.area.verticalScrollBar().isHidden():  # it appears when the pages grow taller than the view
                room -= self.area.verticalScrollBar().sizeHint().width()
        else:  # not laid out yet: the dialog's width less its margins, the frame and the scroll bar
            margins = self.main_layout.contentsMargins()
            room = (self.width() - margins.left() - margins.right() - 2 * self.area.frameWidth()
                    - self.area.verticalScrollBar().sizeHint().width())
        room -= 2 * PAGE_GAP + 2
        return room / (widest * self.logicalDpiX() / POINTS_PER_INCH)

    def _relayout(self) -> None:
        """Size every page for the zoom (renders none); then render the ones in view."""
        if self.fit:
            self.zoom = max(ZOOMS[0], min(ZOOMS[-1], self._fit_zoom()))
        self.zoom_label.setText(f"{round(self.zoom * 100)} %")
        self.zoom_in_button.setEnabled(self.zoom < ZOOMS[-1])
        self.zoom_out_button.setEnabled(self.zoom > ZOOMS[0])
        if self.pages is not None:
            for index, label in enumerate(self.page_labels):
                size = self.pages.size(index) * self.pixels_per_point()
                label.setFixedSize(round(size.width()), round(size.height()))
            self.sheet.adjustSize()
        self.render_visible()

    def visible_pages(self) -> list[int]:
        """The pages in view (with the page after it: scrolling on shows it at once)."""
        top = self.area.verticalScrollBar().value()
        bottom = top + max(self.area.viewport().height(), 1)
        shown = [n for n, label in enumerate(self.page_labels)
                 if label.y() < bottom and label.y() + label.height() > top]
        if shown and shown[-1] + 1 < len(self.page_labels):
            shown.append(shown[-1] + 1)
        return shown or ([0] if self.page_labels else [])

    def render_visible(self) -> None:
        """Render the pages in view at the zoom times the screen's pixel ratio (sharp on a 200 % screen)."""
        if self.pages is None:
            self._count()
            return
        ratio = self.devicePixelRatioF()
        key = (self.pixels_per_point(), ratio)
        for index in self.visible_pages():
            label = self.page_labels[index]
            if label.key == key:
                continue
            try:
                image = self.pages.render(index, key[0] * ratio)
            except PrintError as exc:
                self.message.setText(f"<b>No preview of page {index + 1}.</b> {exc}")
                continue
            pixmap = QPixmap.fromImage(image)
            pixmap.setDevicePixelRatio(ratio)
            label.setPixmap(pixmap)
            label.key = key
        self._count()

    def current_page(self) -> int:
        """The page at the top of the view (0-based)."""
        top = self.area.verticalScrollBar().value() + PAGE_GAP
        current = 0
        for index, label in enumerate(self.page_labels):
            if label.y() <= top + self.area.viewport().height() // 3:
                current = index
        return current

    def go_to(self, index: int) -> None:
        """Scroll page `index` (0-based, kept within the document) to the top of the view."""
        if not self.page_labels:
            return
        index = max(0, min(len(self.page_labels) - 1, index))
        self.area.verticalScrollBar().setValue(self.page_labels[index].y() - PAGE_GAP)
        self.render_visible()

    def _count(self) -> None:
        pages = len(self.page_labels)
        current = self.current_page()
        self.page_counter.setText(f"Page {current + 1} of {pages}" if pages else "No page")
        self.previous_button.setEnabled(current > 0)
        self.next_button.setEnabled(current + 1 < pages)

    def _scrolled(self, _value: int) -> None:
        self.render_visible()

    # -- events
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self, self._relayout)  # once the view has its size

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fit:
            self._relayout()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self.render_visible()
        return super().event(event)

    def done(self, result: int) -> None:
        """Closed: the PDF and the rendered pages are let go (the dialog object stays with its parent)."""
        if self.pages is not None:
            self.pages.close()
            self.pages = None
        for label in self.page_labels:
            label.setPixmap(QPixmap())
            label.key = None
        super().done(result)

    # -- the buttons
    def print_document(self) -> str | None:
        """The system's print dialog, then the printer; where the job went, or None."""
        where = print_pdf(self, self.pdf, self.document.title)
        if where:
            self.jobs.append(where)
            self.message.setText(theme.span("ok", f"Sent to {where}", bold=True))
        return where

    def save_document(self) -> str | None:
        folder = self.folder or dialogs.documents_folder()  # never the program's own folder
        path = save_pdf(self, self.pdf, str(Path(folder) / self.document.filename), self.document.save)
        if path:
            self.saved.append(path)
            self.message.setText(f"{theme.span('ok', 'Saved', bold=True)} {path}")
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
                          teams: list[dict[str, str]]) -> list[str]:
    """One print job per team's fine statement: the print dialog once, then a progress dialog that can be
    stopped; the titles printed."""
    if not teams:
        return []
    first = fine_statements(svc, season, teams[0]["id"], teams[0]["name"])
    pdf = build(parent, first)
    if pdf is None:
        return []
    try:
        with PdfPages(pdf) as pages:
            printer = print_job.new_printer("Fine statements", pages)
            if not print_job.ask(parent, printer, len(pages)):
                return []
    except PrintError as exc:
        dialogs.tell(parent, "Print", f"The fine statements were not printed.\n\n{exc}", error=True)
        return []
    progress = progress_dialog(parent, "Print every statement", "Printing the fine statements…", len(teams))
    printed: list[str] = []
    try:
        for number, team in enumerate(teams):
            if progress.wasCanceled():
                break
            progress.setLabelText(f"Printing the statement of {team['name']} ({number + 1} of {len(teams)})…")
            QApplication.processEvents()
            document = first if number == 0 else fine_statements(svc, season, team["id"], team["name"])
            data = pdf if number == 0 else build(parent, document)
            if data is None:
                break
            printer.setDocName(document.title)
            try:
                with PdfPages(data) as pages:
                    print_job.print_pages(printer, pages)
            except PrintError as exc:
                dialogs.tell(parent, "Print", f"{document.title} was not printed.\n\n{exc}", error=True)
                break
            printed.append(document.title)
            progress.setValue(number + 1)
    finally:
        progress.close()
        progress.deleteLater()
    return printed
