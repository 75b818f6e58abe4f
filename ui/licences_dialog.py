"""Help > About > Licences: Scorekeeper's licence and every third-party one it ships (Qt's LGPL notice with how to
replace the Qt libraries included), one document at a time, read from the package (issue 31.6)."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget


class LicencesDialog(QDialog):
    """A choice of document above its text (plain, fixed-width, read-only, searchable with the keyboard)."""

    def __init__(self, documents: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Licences")
        self.documents = documents
        self.choice = QComboBox()
        self.choice.addItems([title for title, _ in documents])
        self.choice.setAccessibleName("Licence document")
        label = QLabel("&Document:")
        label.setBuddy(self.choice)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setAccessibleName("Licence text")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (label, self.choice, self.text, buttons):
            layout.addWidget(widget)
        self.choice.currentIndexChanged.connect(self.show_document)
        self.show_document(0)
        self.resize(820, 620)

    def show_document(self, index: int) -> None:
        self.text.setPlainText(self.documents[index][1])
        self.text.moveCursor(self.text.textCursor().MoveOperation.Start)
