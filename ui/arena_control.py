"""View ▸ Arena display: opens the rink's board (`ui.arena_display`) on the screen the office picks, full screen
or not (F11), and remembers both in the window's settings. With one screen the board is a separate window
beside the office's, inside the screen; with two it goes to the other screen unless the office picked one, full
screen there unless the office said otherwise (F11). Where it goes is `place_board`'s answer. It never takes the
keyboard from the office's window: F11 and the menu act on it from there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from PySide6.QtCore import QEvent, QMargins, QObject, QPoint, QRect, QSettings, QSize
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


FRAME = QMargins(8, 32, 8, 8)
"""The window manager's frame around a window (borders, title bar): kept inside the screen too."""
SMALLEST = QSize(320, 180)
"""The smallest board worth opening beside the office's window (16:9)."""


@dataclass(frozen=True)
class ScreenArea:
    """One screen as the placement sees it: all of it (`geometry`, what full screen fills) and its free area
    (`available`: without the task bar or the dock), in the desktop's coordinates."""

    geometry: QRect
    available: QRect


@dataclass(frozen=True)
class Placement:
    """Where the board opens: on `screens[screen]`, full screen or in the window `rect` (its inside, the frame
    around it also on the screen)."""

    screen: int
    rect: QRect
    full: bool


def sixteen_nine(room: QRect) -> QRect:
    """The largest 16:9 rectangle in `room`, centred in it."""
    width = min(room.width(), room.height() * 16 // 9)
    height = min(room.height(), width * 9 // 16)
    return QRect(room.x() + (room.width() - width) // 2, room.y() + (room.height() - height) // 2, width, height)


def beside(area: QRect, office: QRect | None) -> QRect | None:
    """The widest room left or right of the office's window (`office`, its frame) in the free `area`, where a
    board of `SMALLEST` fits with its frame; None where there is none (the office's window fills the screen)."""
    if office is None or not office.intersects(area):
        return None
    rooms = [QRect(QPoint(office.right() + 1, area.top()), area.bottomRight()),
             QRect(area.topLeft(), QPoint(office.left() - 1, area.bottom()))]
    rooms = [room.marginsRemoved(FRAME) for room in rooms if room.isValid()]
    rooms = [room for room in rooms if room.width() >= SMALLEST.width() and room.height() >= SMALLEST.height()]
    return max(rooms, key=lambda room: room.width() * room.height(), default=None)


def place_board(screens: Sequence[ScreenArea], office: int, board: int, full: bool | None = None,
                office_window: QRect | None = None) -> Placement:
    """Where the board opens on `screens[board]`, the office's window (`office_window`, its frame) being on
    `screens[office]`. `full`: the office's choice (F11), None where it made none: full screen on a screen of
    its own (the rink's TV), a window on the office's screen. A window never leaves its screen's free area, frame
    included (a 2944x768 desktop once got a 1472x828 board at y = -81): on a screen of its own most of it; on the
    office's beside the office's window where there is room (one wide desktop over two monitors), else a 16:9
    window half the screen wide in its lower right."""
    own = board != office
    full = own if full is None else full
    screen = screens[board]
    if full:
        return Placement(board, QRect(screen.geometry), True)
    area = screen.available
    room = area.marginsRemoved(FRAME)
    if own:
        margins = QMargins(area.width() // 20, area.height() // 20, area.width() // 20, area.height() // 20)
        return Placement(board, area.marginsRemoved(margins).intersected(room), False)
    free = beside(area, office_window)
    if free is not None:
        return Placement(board, sixteen_nine(free), False)
    width = min(max(SMALLEST.width() * 3 // 2, room.width() // 2), room.width())
    height = min(width * 9 // 16, room.height())
    width = min(width, height * 16 // 9)
    return Placement(board, QRect(room.right() + 1 - width, room.bottom() + 1 - height, width, height), False)


_CLOSE = QEvent.Type.Close


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
        self.full_action.setChecked(self._full_wanted() is True)
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
        for number, screen in enumerate(QGuiApplication.screens(), 1):
            letter = f"&{number} " if number < 10 else ""  # each item its key (issue 31.4)
            item = self.screens_menu.addAction(letter + screen_label(screen).replace("&", "&&")
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
    def _full_wanted(self) -> bool | None:
        """The office's choice (F11), None where it made none."""
        value: Any = self.settings.value(FULL_SCREEN)
        return None if value is None else value in (True, "true", "1", 1)

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
        if screen is None:
            display.show()
            return
        screens = QGuiApplication.screens()
        office = self.window.screen()
        placed = place_board([ScreenArea(s.geometry(), s.availableGeometry()) for s in screens],
                             screens.index(office) if office in screens else screens.index(screen),
                             screens.index(screen), self._full_wanted(),
                             self.window.frameGeometry() if self.window.isVisible() else None)
        self.full_action.setChecked(placed.full)
        if display.isFullScreen() and not placed.full:
            display.showNormal()
        display.setGeometry(placed.rect)
        if placed.full:
            display.showFullScreen()
        else:
            display.show()
        handle = display.windowHandle()
        if handle is not None and handle.screen() is not screen:
            handle.setScreen(screen)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The office's window closing closes the board; the board closed by its own button unticks the menu."""
        if event.type() == _CLOSE:  # (every event of the office's window comes here: keep the rest cheap)
            if watched is self.window and self.display is not None:
                self.display.close()
            if watched is self.display:
                self.show_action.setChecked(False)
        return False  # as QObject.eventFilter answers, without the call
