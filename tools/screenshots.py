"""Pictures of every tab of the window over the demo season in a dark and a high-contrast palette (issue 31.3).

    QT_QPA_PLATFORM=offscreen python tools/screenshots.py [FOLDER] [--themes dark,high-contrast]

writes FOLDER/<theme>-<scene>.png (default docs/screenshots), the window at 1280x800, one picture per scene of
`SCENES`: the Roster tab; the Live Game tab with a game in progress (a player just ejected: the banner, the box,
a refused entry said under the form, the stop-time light lit), a final game and a line-up with refusals; every
page of the Season tab. tests/ui/test_theme_contrast.py walks the same scenes and measures their text's contrast.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from scorekeeper.services import Services  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
DEMO = ROOT / "scorekeeper" / "resources" / "demo" / "demo-season.json"
SIZE = (1280, 800)
GAME, FINAL, SUSPENDED = "g016", "g006", "g008"
"""A game in progress (Lynx v Owls), a final game, a game with a suspended player on a side's list."""
THEMES = ("dark", "high-contrast")


def play(svc: Services) -> list[object]:
    """The game in progress: both sides dressed, a goal, then three penalties to Lynx #77, which eject him; an
    entry naming him after that is refused. The refusal's violations."""
    for side, prefix in (("home", "ly"), ("away", "ow")):
        lineup = [{"player": f"{prefix}{n:02d}", "goalie": n == 1} for n in range(1, 11)]
        assert svc.set_lineup(GAME, side, lineup).ok
    assert svc.add_event(GAME, {"type": "goal", "team": "away", "period": 1, "elapsed": "01:00", "scorer": "ow02",
                                "assists": ["ow05"]}).ok
    for elapsed, infraction in (("02:00", "tripping"), ("06:00", "hooking"), ("10:00", "slashing")):
        assert svc.add_event(GAME, {"type": "penalty", "team": "home", "period": 1, "elapsed": elapsed,
                                    "player": "ly05", "infraction": infraction}).ok
    refused = svc.add_event(GAME, {"type": "goal", "team": "home", "period": 1, "elapsed": "11:00",
                                   "scorer": "ly05"})
    assert not refused.ok
    return list(refused.violations)


def scenes(window: object, refused: list[object]) -> Iterator[str]:
    """Arrange `window` (a MainWindow over a season `play` has run on) for each scene in turn; yield its name."""
    from ui.main_window import MainWindow

    assert isinstance(window, MainWindow)
    window.tabs.setCurrentIndex(0)
    window.roster_tab.select_team("herons")
    yield "roster"
    live = window.live_game_tab
    window.tabs.setCurrentWidget(live)
    live.select_game(GAME)
    live.pages.setCurrentIndex(0)
    live.clock.set_position(2, 19 * 60 + 30)  # the game's last minute: the stop-time light is lit
    live.refresh_live()
    shown = live.game_shown
    live.tell(shown.consequences if shown is not None else ())  # the banner, as the third penalty raised it
    live.show_violations(refused, "Not recorded")
    yield "live-game"
    live.select_game(FINAL)
    yield "live-game-final"
    live.select_game(SUSPENDED)
    live.pages.setCurrentIndex(1)
    yield "line-ups"
    live.pages.setCurrentIndex(0)
    season = window.season_tab
    window.tabs.setCurrentWidget(season)
    for page in range(season.pages.count()):
        season.pages.setCurrentIndex(page)
        words = re.findall(r"[a-z]+", season.pages.tabText(page).replace("&", "").lower())
        yield "season-" + "-".join(words)


def settle(app: QApplication) -> None:
    for _ in range(5):
        app.sendPostedEvents()
        app.processEvents()


def save_small(image: QImage, path: Path) -> None:
    """A PNG under 200 KB: the window's few colours as an 8-bit palette when the full-colour picture is larger."""
    assert image.save(str(path), "PNG", 0)
    if path.stat().st_size > 190_000:
        flat = Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.AvoidDither
        assert image.convertToFormat(QImage.Format.Format_Indexed8, flat).save(str(path), "PNG", 0)


def shoot(app: QApplication, folder: Path, name: str) -> list[Path]:
    """Every scene in palette `name`, as <name>-<scene>.png in `folder`."""
    from ui import theme
    from ui.main_window import MainWindow

    theme.use(app, name)
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-shots-"))
    svc = Services.open(str(work / "demo.db"))
    assert svc.import_file(str(DEMO)).ok
    svc.operator = "Screenshots"
    refused = play(svc)
    window = MainWindow(svc, QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat))
    window.resize(*SIZE)
    window.show()
    settle(app)
    window.resize(*SIZE)
    saved = []
    try:
        for scene in scenes(window, refused):
            settle(app)
            path = folder / f"{name}-{scene}.png"
            save_small(window.grab().toImage(), path)
            saved.append(path)
    finally:
        window.close()
        window.shutdown()
        svc.close()
    return saved


def main(argv: list[str]) -> int:
    themes = THEMES
    if "--themes" in argv:
        at = argv.index("--themes")
        themes = tuple(argv[at + 1].split(","))
        argv = argv[:at] + argv[at + 2:]
    folder = Path(argv[0]) if argv else OUT
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    for name in themes:
        for path in shoot(app, folder, name):
            print(f"{path} {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
