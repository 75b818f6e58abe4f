"""Where the window finds the files the project ships in `resources/` (source tree, installed or frozen)."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    return Path(__file__).resolve().parents[1] / "resources"


def demo_season_path() -> Path:
    """The demo season offered on first start: `resources/demo/demo-season.json`."""
    return resources_dir() / "demo" / "demo-season.json"
