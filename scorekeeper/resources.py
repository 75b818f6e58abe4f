"""One accessor for the files in `resources/`, installed from source, editable or frozen."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The folder holding rulebooks, icons and fonts."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "resources", here / "resources"):
        if candidate.is_dir():
            return candidate
    return here.parent / "resources"


def resource_path(*parts: str) -> Path:
    """The path of one resource file, e.g. `resource_path("rulebooks", "westridge-2015-16.toml")`."""
    return resources_dir().joinpath(*parts)
