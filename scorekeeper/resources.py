"""One accessor for the files the program reads at run time: rulebooks, fonts, icons, the demo season, the site's
templates and style sheet, the Linux desktop entry.

They ship inside the package, in the folder `scorekeeper/resources/` (package data of the wheel; the frozen
build carries it at `<_MEIPASS>/scorekeeper/resources/`), and are found through `importlib.resources`, the same
way from a source checkout, an editable install, a wheel or pipx, and the PyInstaller build.
"""

from __future__ import annotations

from pathlib import Path

FOLDER = "resources"


class ResourcesMissingError(RuntimeError):
    """The package's data folder is not a folder on disk (a zipped install) or is not there at all."""


def resources_dir() -> Path:
    """The folder holding rulebooks, icons, fonts, the demo season and the site's templates: beside this module
    where the package is files on disk (issue 29.4: without loading `importlib.resources` at a window's start),
    else as `importlib.resources` finds it."""
    beside = Path(__file__).parent / FOLDER  # as `files` gives it for a package of files on disk
    if beside.is_dir():
        return beside
    from importlib.resources import files

    folder = files("scorekeeper") / FOLDER
    # Fonts are handed to ReportLab and templates to Jinja2 by path: the package must be installed as files
    # (a wheel, pipx, an editable install and PyInstaller all are), not imported from a zip archive.
    if not isinstance(folder, Path) or not folder.is_dir():
        raise ResourcesMissingError(f"Scorekeeper's data folder ({folder}) is not on disk: reinstall Scorekeeper "
                                    "from its wheel (pip or pipx), not as a zipped package")
    return folder


def resource_path(*parts: str) -> Path:
    """The path of one resource file, e.g. `resource_path("rulebooks", "westridge-2015-16.toml")`."""
    return resources_dir().joinpath(*parts)
