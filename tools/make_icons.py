"""Draw Scorekeeper's application icon and write every size the builds need.

    python tools/make_icons.py        (needs Pillow; writes into scorekeeper/resources/icons/)

The icon: the league's navy (the printed records' NAVY) behind a white rink seen from above, its red centre
line and blue lines, the centre face-off circle and a puck on the dot. Small sizes (16, 24 px) are drawn with
fewer, thicker lines so they stay legible in a task bar. Each size is drawn 8x larger and scaled down.

Outputs (committed; the build reads them, it never runs this script):
  scorekeeper.png             256 px: the window icon (QApplication.setWindowIcon)
  scorekeeper-<N>.png         16, 24, 32, 48, 64, 128, 256, 512 px: Linux desktop entries
  scorekeeper.ico             16..256 px: the Windows executable's icon (pyinstaller.spec)
  scorekeeper.icns            16..1024 px: the macOS icon (pyinstaller.spec)
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parents[1] / "scorekeeper" / "resources" / "icons"
NAVY = (23, 50, 77, 255)  # #17324d, scorekeeper/reports/styles.py NAVY
ICE = (250, 252, 255, 255)
RED = (200, 32, 40, 255)
BLUE = (36, 99, 178, 255)
PUCK = (20, 20, 24, 255)
SCALE = 8
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def draw(size: int) -> Image.Image:
    """The icon at `size` pixels, square, transparent outside the rounded navy tile."""
    factor = max(2, min(SCALE, 4096 // size))
    big = size * factor
    u = big / 64  # drawing unit: the icon is laid out on a 64 x 64 grid
    simple, full = size <= 24, size >= 64
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((1 * u, 1 * u, 63 * u, 63 * u), radius=12 * u, fill=NAVY)
    # The rink from above: taller than wide, the boards' corners well rounded.
    left, top, right, bottom = 13 * u, 6 * u, 51 * u, 58 * u
    d.rounded_rectangle((left, top, right, bottom), radius=14 * u, fill=ICE)
    line = (5 if simple else 3) * u
    mid = 32 * u
    if not simple:
        # Blue lines, a third of the way from each end.
        for y in (23 * u, 41 * u):
            d.rectangle((left, y - line / 2, right, y + line / 2), fill=BLUE)
    if full:
        # Goal lines near each end, with the goal crease in front of the net.
        thin = 1.2 * u
        for y, sign in ((12.5 * u, 1), (51.5 * u, -1)):
            d.rectangle((left + 3 * u, y - thin / 2, right - 3 * u, y + thin / 2), fill=RED)
            r = 4 * u
            box = (mid - r, y - r, mid + r, y + r)
            d.pieslice(box, 0 if sign > 0 else 180, 180 if sign > 0 else 360, fill=(BLUE[0], BLUE[1], BLUE[2], 110))
        # The centre face-off circle.
        r = 8 * u
        d.ellipse((mid - r, mid - r, mid + r, mid + r), outline=BLUE, width=max(1, round(1.4 * u)))
    # Red centre line across the rink.
    d.rectangle((left, mid - line / 2, right, mid + line / 2), fill=RED)
    # The puck on the centre dot.
    r = (6 if simple else 4.5) * u
    d.ellipse((mid - r, mid - r, mid + r, mid + r), fill=PUCK)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    images = {size: draw(size) for size in sorted({*PNG_SIZES, *ICO_SIZES, *ICNS_SIZES})}
    for size in PNG_SIZES:
        images[size].save(ICONS / f"scorekeeper-{size}.png", optimize=True)
    images[256].save(ICONS / "scorekeeper.png", optimize=True)
    # Pillow's ICO writer takes the sizes wanted and picks the matching appended image for each.
    images[256].save(ICONS / "scorekeeper.ico", sizes=[(s, s) for s in ICO_SIZES],
                     append_images=[images[s] for s in ICO_SIZES if s != 256])
    images[1024].save(ICONS / "scorekeeper.icns", append_images=[images[s] for s in ICNS_SIZES if s != 1024])
    print(f"wrote {len(PNG_SIZES) + 3} files in {ICONS}")


if __name__ == "__main__":
    main()
