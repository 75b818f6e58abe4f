"""Signature pictures for the tests (issue 20): small PNGs of a pen stroke, different for each `seed`."""

from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw


def signature_png(seed: int = 1, width: int = 480, height: int = 160) -> bytes:
    """A PNG of a dark, looping stroke on white, as a signature pad would give."""
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    points = [(20 + x, height / 2 + math.sin(x / (18 + seed)) * height / 3 * math.cos(x / 57 * seed))
              for x in range(0, width - 40, 4)]
    draw.line(points, fill=(16, 24, 64), width=5, joint="curve")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
