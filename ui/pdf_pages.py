"""PDF bytes to page images (PDFium, through pypdfium2): the one renderer of the print preview and of printing.

PySide6-Essentials 6.11 (the version on Python 3.11) has no QtPdf, and PDFium needs no program installed
beside the application. Every page is rendered opaque on white (some printer drivers print a transparent
background black).
"""

from __future__ import annotations

from types import TracebackType

import pypdfium2 as pdfium
from PySide6.QtCore import QSizeF
from PySide6.QtGui import QImage

from scorekeeper.printing import POINTS_PER_INCH, PrintError, check_pdf

WHITE = (255, 255, 255, 255)


class PdfPages:
    """An open PDF: how many pages, each page's size in points, each page as an image at a given scale."""

    def __init__(self, pdf: bytes) -> None:
        try:
            self._doc = pdfium.PdfDocument(check_pdf(pdf))
            self._sizes = [QSizeF(*self._doc.get_page_size(n)) for n in range(len(self._doc))]
        except pdfium.PdfiumError as exc:
            raise PrintError(f"the document could not be read as a PDF ({exc})") from None
        if not self._sizes:
            raise PrintError("the document has no page")

    def __len__(self) -> int:
        return len(self._sizes)

    def size(self, index: int) -> QSizeF:
        """Page `index`'s size in points (1/72 inch)."""
        return QSizeF(self._sizes[index])

    def render(self, index: int, scale: float) -> QImage:
        """Page `index` at `scale` pixels per point, on white, as an opaque image that owns its pixels."""
        page = self._doc[index]
        try:
            bitmap = page.render(scale=scale, fill_color=WHITE, prefer_bgrx=True, rev_byteorder=True)
            try:
                image = QImage(bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride,
                               QImage.Format.Format_RGBX8888).copy()
            finally:
                bitmap.close()
        except pdfium.PdfiumError as exc:
            raise PrintError(f"page {index + 1} could not be drawn ({exc})") from None
        finally:
            page.close()
        if image.isNull():
            raise PrintError(f"page {index + 1} is too large to draw at this size (out of memory)")
        return image

    def render_dpi(self, index: int, dpi: float) -> QImage:
        """Page `index` at `dpi` dots per inch."""
        return self.render(index, dpi / POINTS_PER_INCH)

    def close(self) -> None:
        self._doc.close()

    def __enter__(self) -> PdfPages:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
                 ) -> None:
        self.close()
