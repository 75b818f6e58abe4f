"""A PDF printed through Qt: the system's print dialog, then `QPrinter` (CUPS on Linux, the Windows spooler, macOS).

Each page is rendered by `ui.pdf_pages` at the printer's resolution (72-600 dpi) and drawn on the paper as large
as fits, centred, on white; the paper size starts as the document's own and the user can change it in the dialog.
Every failure is a `PrintError` with a sentence for the office.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QAbstractPrintDialog, QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QWidget

from scorekeeper.printing import PrintError, place_page, render_dpi
from ui import dialogs, theme
from ui.pdf_pages import PdfPages


def new_printer(title: str, pages: PdfPages) -> QPrinter:
    """A printer set for this document: its title, its first page's paper size and orientation, full page."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(title)
    printer.setFullPage(True)
    size = pages.size(0)
    printer.setPageSize(QPageSize(size, QPageSize.Unit.Point, "",
                                  QPageSize.SizeMatchPolicy.FuzzyOrientationMatch))
    landscape = size.width() > size.height()
    printer.setPageOrientation(QPageLayout.Orientation.Landscape if landscape
                               else QPageLayout.Orientation.Portrait)
    return printer


def ask(parent: QWidget | None, printer: QPrinter, pages: int) -> bool:
    """The system's print dialog (printer, copies, pages, paper); False when cancelled."""
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(f"Print — {printer.docName()}")
    dialog.setMinMax(1, pages)
    dialog.setOption(QAbstractPrintDialog.PrintDialogOption.PrintPageRange, pages > 1)
    dialog.setOption(QAbstractPrintDialog.PrintDialogOption.PrintSelection, False)
    dialog.setOption(QAbstractPrintDialog.PrintDialogOption.PrintCurrentPage, False)
    try:
        return dialogs.run_dialog(dialog) == QDialog.DialogCode.Accepted
    finally:
        shiboken6.delete(dialog)  # now: it points at the printer, which may go before its parent does


def destination(printer: QPrinter) -> str:
    """Where the job goes, in words: the printer's name, or the file Qt writes."""
    if printer.outputFileName():
        return printer.outputFileName()
    return printer.printerName() or "the default printer"


def chosen_pages(printer: QPrinter, count: int) -> list[int]:
    """The page indexes to print: the range chosen in the dialog, else every page."""
    first, last = printer.fromPage(), printer.toPage()
    if printer.printRange() == QPrinter.PrintRange.PageRange and first > 0:
        return list(range(first - 1, min(max(last, first), count)))
    return list(range(count))


def print_pages(printer: QPrinter, pages: PdfPages, progress: Callable[[int, int], bool] | None = None) -> int:
    """Print the pages as one job on `printer`; the number of pages printed.

    `progress(done, total)` is called before each page; it returns False to stop (the job is then aborted).
    """
    indexes = chosen_pages(printer, len(pages))
    copies = 1 if printer.supportsMultipleCopies() else max(1, printer.copyCount())
    sheets = [index for _ in range(copies) for index in indexes]
    painter = QPainter()
    if not painter.begin(printer):
        raise PrintError(f"{destination(printer)} could not be opened for printing (is the printer available, "
                         "or the folder of the file writable?)")
    try:
        dpi = render_dpi(printer.resolution())
        paper = printer.paperRect(QPrinter.Unit.DevicePixel).toRect()
        for number, index in enumerate(sheets):
            if progress is not None and not progress(number, len(sheets)):
                printer.abort()
                painter.end()
                return number
            if number and not printer.newPage():
                raise PrintError(f"{destination(printer)} refused page {number + 1}")
            size = pages.size(index)
            place = place_page(size.width(), size.height(), paper.width(), paper.height())
            scale = place.width * dpi / printer.resolution() / size.width()
            target = QRect(place.x, place.y, place.width, place.height)
            painter.fillRect(target, QColor(theme.PAPER["page"]))
            painter.drawImage(target, pages.render(index, scale))
    except BaseException:
        printer.abort()
        painter.end()
        raise
    if not painter.end():
        raise PrintError(f"{destination(printer)} did not take the job")
    return len(sheets)
