"""View ▸ Arena display: opens the rink's board (`ui.arena_display`) on the screen the office picks, full screen
or not (F11), and remembers both in the window's settings. With one screen the board is a separate window
beside the office's; with two it goes to the other screen unless the office picked one. It never takes the
keyboard from the office's window: F11 and the menu act on it from there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from PySide6.QtCore import QEvent, QObject, QRect, QSettings
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QScreen
from PySide6.QtWidgets import QMainWindow, QMenu

if TYPE_CHECKING:
    from ui.arena_display import ArenaDisplay
    from ui.live_game_tab import LiveGameTab

SCREEN, FULL_SCREEN = "arena/screen", "arena/full_screen"
"""Settings: the name of the screen the board goes to; whether it fills it."""
FULL_SCREEN_KEY = "F11"


def screen_label(screen: QScreen) -> str:
    """'HDMI-1 (1920 × 1080)'."""
    size = screen.size()
    return f"{screen.name() or 'Screen'} ({size.width()} × {size.height()})"


class Named(Protocol):
    """A screen as the choice sees it: by its name."""

    def name(self) -> str: ...


S = TypeVar("S", bound=Named)


def pick_screen(screens: Sequence[S], saved: object, office: S | None) -> S | None:
    """The screen the board goes to: the one the office picked (by name) while it is connected; else another
    screen than the office window's (the rink's TV on the second output); else the office window's own."""
    if not screens:
        return None
    named = [s for s in screens if isinstance(saved, str) and saved and s.name() == saved]
    if named:
        return named[0]
    others = [s for s in screens if s is not office]
    return others[0] if others else office or screens[0]


def window_rect(screen: QScreen, shared: bool) -> QRect:
    """Where the board opens, not full screen: most of a screen of its own; on the office's screen a 16:9 window
    in its lower right, leaving the office's window in sight."""
    area = screen.availableGeometry()
    if not shared:
        return area.adjusted(area.width() // 20, area.height() // 20, -area.width() // 20, -area.height() // 20)
    width = max(480, area.width() // 2)
    height = width * 9 // 16
    return QRect(area.right() - width - 20, area.bottom() - height - 40, width, height)


class ArenaControl(QObject):
    """The View menu's arena display actions over the main window's Live Game tab."""

    def __init__(self, window: QMainWindow, settings: QSettings,
                 action: Callable[..., QAction], tab: Callable[[], LiveGameTab | None]) -> None:
        """`action`: the window's maker of menu actions (text, slot, shortcut, tip); `tab`: its Live Game tab,
        None until a database is attached."""
        super().__init__(window)
        self.window = window
        self.settings = settings
        self._tab = tab
        self.display: ArenaDisplay | None = None
        self.show_action = action("&Arena display", self.set_shown, tip="A board for the rink's TV or projector: "
                                  "score, clock, penalty boxes, goals; it follows the Live Game tab by itself")
        self.show_action.setCheckable(True)
        self.full_action = action("Arena display &full screen", self.toggle_full_screen, FULL_SCREEN_KEY,
                                  "The arena display fills its screen, or goes back to a window (F11)")
        self.full_action.setCheckable(True)
        self.full_action.setChecked(self._full_wanted())
        self.screens_menu = QMenu("Arena display on &screen", window)
        self.screens_menu.aboutToShow.connect(self.fill_screens)
        window.installEventFilter(self)

    def add_to(self, menu: QMenu) -> None:
        menu.addAction(self.show_action)
        menu.addAction(self.full_action)
        menu.addMenu(self.screens_menu)

    # -- the screens ---------------------------------------------------------------------------------------
    def screen(self) -> QScreen | None:
        """The screen the board goes to now."""
        return pick_screen(QGuiApplication.screens(), self.settings.value(SCREEN), self.window.screen())

    def fill_screens(self) -> None:
        """One item per connected screen, the board's ticked."""
        self.screens_menu.clear()
        group = QActionGroup(self.screens_menu)
        chosen = self.screen()
        for screen in QGuiApplication.screens():
            item = self.screens_menu.addAction(screen_label(screen)
                                               + (" — the office's window" if screen is self.window.screen() else ""))
            item.setCheckable(True)
            item.setChecked(screen is chosen)
            group.addAction(item)
            item.triggered.connect(lambda _checked=False, s=screen: self.move_to(s))

    def move_to(self, screen: QScreen) -> None:
        """The board to `screen` from now on (remembered), shown there if it is open."""
        self.settings.setValue(SCREEN, screen.name())
        if self.display is not None and self.display.isVisible():
            self._place(self.display)

    # -- showing -------------------------------------------------------------------------------------------
    def _full_wanted(self) -> bool:
        value: Any = self.settings.value(FULL_SCREEN, False)
        return value in (True, "true", "1", 1)

    def set_shown(self, shown: bool) -> None:
        if shown:
            self.open()
        else:
            self.close()

    def open(self) -> ArenaDisplay | None:
        """Show the board (on its screen, full screen if so chosen), following the Live Game tab."""
        tab = self._tab()
        if tab is None:
            self.show_action.setChecked(False)
            return None
        if self.display is None:
            from ui.arena_display import ArenaDisplay

            self.display = ArenaDisplay(tab)
            self.display.installEventFilter(self)
            self.window.destroyed.connect(self.display.deleteLater)  # a window of its own: it goes with the office's
        self._place(self.display)
        self.display.catch_up()
        self.show_action.setChecked(True)
        return self.display

    def close(self) -> None:
        if self.display is not None:
            self.display.close()
        self.show_action.setChecked(False)

    def toggle_full_screen(self, full: bool) -> None:
        """F11: the board fills its screen, or goes back to a window; remembered. Opens the board if it is
        closed."""
        self.settings.setValue(FULL_SCREEN, bool(full))
        if self.display is not None and self.display.isVisible():
            self._place(self.display)
        else:
            self.open()

    def _place(self, display: ArenaDisplay) -> None:
        screen = self.screen()
        full = self._full_wanted()
        self.full_action.setChecked(full)
        if screen is None:
            display.show()
            return
        if display.isFullScreen() and not full:
            display.showNormal()
        if full:
            display.setGeometry(screen.geometry())
            display.showFullScreen()
        else:
            display.setGeometry(window_rect(screen, screen is self.window.screen()))
            display.show()
        handle = display.windowHandle()
        if handle is not None and handle.screen() is not screen:
            handle.setScreen(screen)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The office's window closing closes the board; the board closed by its own button unticks the menu."""
        if event.type() == QEvent.Type.Close:
            if watched is self.window and self.display is not None:
                self.display.close()
            if watched is self.display:
                self.show_action.setChecked(False)
        return super().eventFilter(watched, event)
