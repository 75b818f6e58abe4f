"""Signature pictures for the tests (issue 20): small PNGs of a pen stroke, different for each `seed`; and the
pictures issue 26 found accepted that broke the game sheet (BAD_PICTURES)."""

from __future__ import annotations

import functools
import io
import math
import struct
import zlib

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


# -- pictures that are not a signature's (issue 26.3): each reproduction of the issue, built without allocating it --
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def raw_png(width: int, height: int, idat: bytes, depth: int = 8, colour: int = 0, extra: bytes = b"") -> bytes:
    """A PNG put together by hand: a header declaring `width` x `height`, `extra` chunks, one IDAT, the end."""
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    return PNG_MAGIC + chunk(b"IHDR", header) + extra + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


@functools.cache
def bomb_png(side: int = 30000) -> bytes:
    """A `side` x `side` 1-bit black PNG (about 109 KB for 30000: 112 MB of rows, compressed a block at a time)."""
    packer = zlib.compressobj(9)
    block = b"\0" * (1 + -(-side // 8)) * 1000
    rows = [packer.compress(block) for _ in range(side // 1000)]
    rows.append(packer.compress(b"\0" * (1 + -(-side // 8)) * (side % 1000)))
    return raw_png(side, side, b"".join(rows) + packer.flush(), depth=1)


def huge_header_png() -> bytes:
    """A header declaring 65535 x 65535 RGB pixels, then a few bytes of data."""
    return raw_png(65535, 65535, zlib.compress(b"\0" * 64), colour=2)


def truncated_png() -> bytes:
    """A real signature cut in the middle of its pixels."""
    png = signature_png(3)
    return png[: len(png) // 2]


def empty_png() -> bytes:
    """A header declaring 0 x 0 pixels."""
    return raw_png(0, 0, zlib.compress(b""))


def garbage_png() -> bytes:
    """The PNG magic bytes, then garbage."""
    return PNG_MAGIC + b"this is no picture at all " * 8


BAD_PICTURES = {"bomb-30000x30000-1-bit": bomb_png, "header-65535x65535": huge_header_png,
                "truncated": truncated_png, "0x0": empty_png, "magic-then-garbage": garbage_png}
