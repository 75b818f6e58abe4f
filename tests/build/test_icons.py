"""scorekeeper/resources/icons: the application icon in every size the builds use (made by tools/make_icons.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "scorekeeper" / "resources" / "icons"
Image = pytest.importorskip("PIL.Image")  # Pillow comes with ReportLab


@pytest.mark.parametrize("size", [16, 24, 32, 48, 64, 128, 256, 512])
def test_png_sizes(size: int):
    with Image.open(ICONS / f"scorekeeper-{size}.png") as img:
        assert img.size == (size, size) and img.mode == "RGBA"


def test_window_icon_is_256_px():
    with Image.open(ICONS / "scorekeeper.png") as img:
        assert img.size == (256, 256)


def test_windows_ico_holds_16_to_256():
    with Image.open(ICONS / "scorekeeper.ico") as img:
        assert {(s, s) for s in (16, 24, 32, 48, 64, 128, 256)} <= set(img.info["sizes"])


def test_macos_icns_exists():
    data = (ICONS / "scorekeeper.icns").read_bytes()
    assert data[:4] == b"icns"


def test_spec_reads_the_package_version_and_names_the_icons():
    spec = (ROOT / "pyinstaller.spec").read_text(encoding="utf-8")
    ast.parse(spec)  # a spec is Python
    assert '"scorekeeper.ico"' in spec and '"scorekeeper.icns"' in spec
    namespace: dict[str, object] = {"ROOT": ROOT, "Path": Path, "ast": ast}
    source = spec[spec.index("def package_version"):spec.index("VERSION = package_version()")]
    exec(source, namespace)
    assert namespace["package_version"]() == scorekeeper.__version__  # type: ignore[operator]
