"""The Live Game tab's header over the game: its title (the teams, number, date, status) and the game's buttons,
Audit…, Officials…, Sign…, Game sheet…, Reopen… and Finish game, each with its Ctrl+Shift key."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTableView

from scorekeeper.services import DATA_5
from ui.live_keys import AUDIT_KEY, OFFICIALS_KEY, REOPEN_KEY, SIGN_KEY, key_text

if TYPE_CHECKING:
    from ui.game_at_the_boards import GameAtTheBoards


def _edit_details(tab: GameAtTheBoards) -> bool:
    from ui.game_details_dialog import edit_details  # the dialog's module loads when it is first opened

    return edit_details(tab)


def _sign(tab: GameAtTheBoards) -> bool:
    from ui.signature_pad import sign_game  # the signature pad's module loads when it is first opened

    return sign_game(tab)


class GameHeader(QObject):
    """The title and the buttons (`layout`: the header's row). Officials… and Sign… (also on the games list's
    context menu, `games`) open their dialogs over `tab`; the other buttons are the tab's to connect."""

    def __init__(self, tab: GameAtTheBoards, games: QTableView) -> None:
        super().__init__(tab)
        self.title = QLabel(tab)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)  # the header's buttons stay in sight at 1366 pixels
        self.title.setMinimumWidth(200)
        self.reopen_button = QPushButton("Reopen…", tab)
        self.reopen_button.setToolTip(f"A final game is locked; reopening it records who, when and why ({DATA_5})"
                                      + f" ({key_text(REOPEN_KEY)})")
        self.reopen_button.setShortcut(QKeySequence(REOPEN_KEY))
        self.print_button = QPushButton("Game sheet…", tab)
        self.print_button.setToolTip("Preview, print or save the official game sheet (DRAFT until final) "
                                     f"({key_text('Ctrl+Shift+P')}: File ▸ Print preview…)")
        self.finish_button = QPushButton("Finish game", tab)
        self.finish_button.setToolTip("Lock the game as final (Ctrl+Shift+F)")
        self.layout = QHBoxLayout()
        self.layout.addWidget(self.title, 1)
        self.audit_button = QPushButton("Audit…", tab)
        self.audit_button.setToolTip("Who changed this game, when, and what before and after (finish, reopen, "
                                     "edits of a final game)"
                                     + f" ({key_text(AUDIT_KEY)})")
        self.audit_button.setShortcut(QKeySequence(AUDIT_KEY))
        self.layout.addWidget(self.audit_button)
        self.details_button = QPushButton("Officials…", tab)  # issue 18.7: the game sheet's number and officials
        self.details_button.setToolTip("The game's number and its officials (referees, linesmen, scorekeeper), "
                                       "as the game sheet prints them"
                                       + f" ({key_text(OFFICIALS_KEY)})")
        self.details_button.setShortcut(QKeySequence(OFFICIALS_KEY))
        self.details_button.clicked.connect(lambda: _edit_details(tab))
        self.layout.addWidget(self.details_button)
        self.sign_button = QPushButton("Sign…", tab)  # issue 20: signatures at the boards
        self.sign_button.setToolTip("The referee (and captains or coaches) sign on the screen; the referee's "
                                    "signature locks the game as final"
                                    + f" ({key_text(SIGN_KEY)})")
        self.sign_button.setShortcut(QKeySequence(SIGN_KEY))
        self.sign_button.clicked.connect(lambda: _sign(tab))
        sign_action = QAction("Sign…", games)  # the games list's context menu: the game right-clicked
        sign_action.triggered.connect(lambda: _sign(tab))
        games.addAction(sign_action)
        games.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.layout.addWidget(self.sign_button)
        self.layout.addWidget(self.print_button)
        self.layout.addWidget(self.reopen_button)
        self.layout.addWidget(self.finish_button)
