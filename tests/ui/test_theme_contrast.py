"""The window reads in a light, a dark and a high-contrast palette (issue 31.3): every text on every tab, in each
scene tools/screenshots.py pictures (a game in progress with its banner, its refusal and the stop-time light,
a final game, a line-up with refusals, every page of the Season tab), has a contrast of at least 4.5:1 (WCAG 2,
AA) with the background painted under it, as measured in tests/ui/text_contrast.py; so has the arena display.
A palette switched while the window is open (the desktop going dark) restyles and recolours what is shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from text_contrast import Reading, readings
from ui_helpers import open_window

from scorekeeper.services import Services
from tools.screenshots import SIZE, play, scenes
from ui import arena_display, theme
from ui.main_window import MainWindow

AA = 4.5
PALETTES = ("light", "dark", "high-contrast")


@pytest.fixture
def palette_named(qapp: QApplication) -> Iterator[None]:
    """The application's style and palette put back after the test (tests that follow see the usual ones)."""
    style, palette, sheet = qapp.style().name(), QPalette(qapp.palette()), qapp.styleSheet()
    yield
    qapp.setStyleSheet(sheet)
    qapp.setStyle(style)
    qapp.setPalette(palette)


def show(qtbot: QtBot, svc: Services, settings: QSettings) -> tuple[MainWindow, list[object]]:
    refused = play(svc)
    window = open_window(qtbot, svc, settings)
    window.resize(*SIZE)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == SIZE)
    return window, refused


def too_faint(found: list[Reading]) -> list[str]:
    return [str(r) for r in found if r.ratio < AA]


@pytest.mark.parametrize("name", PALETTES)
def test_every_text_on_every_tab_reads_at_4_5_to_1(qtbot: QtBot, demo_svc: Services, settings: QSettings,
                                                    palette_named: None, name: str) -> None:
    theme.use(QApplication.instance(), name)  # type: ignore[arg-type]
    window, refused = show(qtbot, demo_svc, settings)
    found: dict[str, list[Reading]] = {}
    for scene in scenes(window, refused):
        qtbot.wait(10)
        found[scene] = readings(window)
    faint = {scene: too_faint(read) for scene, read in found.items() if too_faint(read)}
    assert not faint, faint
    counts = {scene: len(read) for scene, read in found.items()}
    assert len(counts) >= 10 and min(counts.values()) >= 20, " ".join(f"{k}={v}" for k, v in counts.items())
    shown = {r.text for r in found["live-game"]}  # the banner, the refusal and the stop-time light measured too
    assert {"STOP TIME", "Not recorded"} <= shown and any(t.startswith("Ejected") for t in shown), shown


def readings_of_scene(qtbot: QtBot, window: MainWindow, refused: list[object], wanted: str) -> list[Reading]:
    for scene in scenes(window, refused):
        if scene == wanted:
            qtbot.wait(10)
            return readings(window)
    raise AssertionError(wanted)


@pytest.mark.parametrize("name", PALETTES)
def test_the_arena_display_reads_whatever_the_desktop(qtbot: QtBot, demo_svc: Services, settings: QSettings,
                                                      monkeypatch: pytest.MonkeyPatch, palette_named: None,
                                                      name: str) -> None:
    monkeypatch.setattr(arena_display, "ANNOUNCE_MS", 60_000)
    theme.use(QApplication.instance(), name)  # type: ignore[arg-type]
    window, refused = show(qtbot, demo_svc, settings)
    readings_of_scene(qtbot, window, refused, "live-game")  # the game in progress, the stop-time light lit
    window.arena.show_action.trigger()  # View ▸ Arena display
    display = window.arena.display
    assert display is not None and display.isVisible()
    display.resize(1280, 720)
    qtbot.wait(20)
    found = readings(display)
    assert not too_faint(found), too_faint(found)
    assert {"STOP TIME", "LYNX", "OWLS"} <= {r.text for r in found}, " | ".join(r.text for r in found)
    # the board's own colours, each text colour on its black and every team's band in black or white
    ground = QColor(theme.ARENA["background"])
    for key in ("text", "clock", "dim", "stop"):
        assert theme.contrast(QColor(theme.ARENA[key]), ground) >= AA or key == "stop", key
    assert theme.contrast(QColor(theme.ARENA["text"]), QColor(theme.ARENA["stop"])) >= AA  # STOP TIME, white on red
    for team in demo_svc.teams("2015-16"):
        band = arena_display.team_colour(team.get("colour"))
        assert theme.contrast(QColor(theme.arena_text_on(band)), QColor(band)) >= AA, band


def test_the_clock_lights_and_the_meanings_read_in_every_palette(palette_named: None, qapp: QApplication) -> None:
    """The theme's own promise, palette by palette: each meaning reads on the window, the rows and the buttons
    (and a banner's tint); each lit light under its white text."""
    for name in PALETTES:
        theme.use(qapp, name)
        for meaning in theme.MEANINGS:
            for tinted in (False, True):
                colour = theme.colour(meaning, tinted)
                grounds = theme.grounds() + ([theme.tint(meaning)] if tinted else [])
                assert min(theme.contrast(colour, g) for g in grounds) >= AA, (name, meaning, tinted)
        for light in theme.LIGHTS.values():
            assert theme.contrast(QColor(theme.LIGHT_TEXT), QColor(light)) >= AA, light
    theme.use(qapp, "dark")
    assert theme.is_dark() and theme.colour("refused") != QColor("#b00020")  # not the light desktop's dark red


def test_a_palette_switched_while_the_window_is_open_restyles_what_it_shows(
        qtbot: QtBot, demo_svc: Services, settings: QSettings, palette_named: None) -> None:
    """The desktop goes dark under an open window: the banner, the lights, the refusal and the side panels (set in
    the light palette's colours) read in the dark one, as a window opened dark would."""
    theme.use(QApplication.instance(), "light")  # type: ignore[arg-type]
    window, refused = show(qtbot, demo_svc, settings)
    before = readings_of_scene(qtbot, window, refused, "live-game")
    assert not too_faint(before), too_faint(before)
    QApplication.instance().setPalette(theme.dark_palette())  # type: ignore[union-attr]
    qtbot.wait(20)
    after = readings(window)
    assert not too_faint(after), too_faint(after)
    said = window.live_game_tab.messages.text()
    assert theme.css("refused") in said and "#b00020" not in said  # the refusal recoloured, not left dark red
    assert theme.tint("ejected").name() in window.live_game_tab.banner.styleSheet()


def test_the_measure_finds_faint_text(qtbot: QtBot, qapp: QApplication) -> None:
    """The measure sees a style sheet's colours and the painted ground: white on yellow and grey on grey fail,
    black on yellow passes."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    window = QWidget()
    qtbot.addWidget(window)
    column = QVBoxLayout(window)
    for name, style in (("whiteOnYellow", "color: #ffffff; background: #ffff00"),
                        ("greyOnGrey", "color: #777777; background: #888888"),
                        ("blackOnYellow", "color: #000000; background: #ffff00")):
        label = QLabel(f"{name} " * 4, window)
        label.setObjectName(name)
        label.setStyleSheet(style)
        column.addWidget(label)
    window.show()
    qtbot.waitExposed(window)
    found = {r.where.split("/")[-1]: r for r in readings(window)}
    assert found["whiteOnYellow"].ratio < 1.2 and found["whiteOnYellow"].ground == "#ffff00"
    assert found["greyOnGrey"].ratio < 1.5
    assert found["blackOnYellow"].ratio > 19
    assert [str(r) for r in found.values() if r.ratio < AA] == [str(found["whiteOnYellow"]), str(found["greyOnGrey"])]


def test_scorekeeper_theme_chooses_the_palette_else_the_desktop_s(qapp: QApplication, palette_named: None,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    desktop = QPalette(qapp.palette())
    monkeypatch.setenv(theme.ENV, "system")
    assert theme.apply_choice(qapp) == "system" and qapp.palette() == desktop  # the desktop's, untouched
    monkeypatch.setenv(theme.ENV, "High-Contrast")
    assert theme.apply_choice(qapp) == "high-contrast"
    assert qapp.palette().color(QPalette.ColorRole.Window) == QColor("#000000")
    assert qapp.styleSheet() == theme.FIELD_EDGES  # a field's edge on black
    monkeypatch.setenv(theme.ENV, "dark")
    assert theme.apply_choice(qapp) == "dark" and theme.is_dark() and qapp.styleSheet() == ""


@pytest.mark.parametrize("name", PALETTES)
def test_the_dialogs_that_colour_their_text_read_too(qtbot: QtBot, svc: Services, palette_named: None,
                                                     tmp_path: Path, name: str) -> None:
    """The game's details (its grey notes), a roster file's preview (a verdict in each colour) and the signature
    dialog (a refusal said in red) over the example season."""
    from ui.game_details_dialog import GameDetailsDialog
    from ui.roster_csv import RosterCsvDialog
    from ui.signature_pad import SignatureDialog

    theme.use(QApplication.instance(), name)  # type: ignore[arg-type]
    roster = tmp_path / "roster.csv"
    roster.write_text("Team,Jersey,First Name,Last Name,Gender\nOtters,21,Zoë,Ñúñez,F\nOtters,2,Taken,Number,M\n"
                      "Penguins,9,No,Team,M\n", encoding="utf-8")
    details = svc.game_details("g004")
    signature = SignatureDialog(svc.game_details("g001"), [])
    shown = [GameDetailsDialog(details, "Details"), RosterCsvDialog("roster.csv", svc.preview_roster_csv(str(roster))),
             signature]
    for dialog in shown:
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
    signature.name.setText("")
    signature.sign()  # refused: no name typed
    qtbot.wait(10)
    for dialog in shown:
        found = readings(dialog)
        assert len(found) >= 5 and not too_faint(found), (type(dialog).__name__, too_faint(found))
    assert "Type the signer" in signature.message.text()
    verdicts = {r.colour for r in readings(shown[1]) if "[" in r.where}
    assert len(verdicts) >= 3  # the preview's rows in their verdicts' colours, each measured
