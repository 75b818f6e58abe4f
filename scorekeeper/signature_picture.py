"""A signature's picture checked as a picture (issue 26, point 3). Before it is stored, from the window or from a
season file, a picture is decoded whole within bounds on its width, height and pixel count, and what is stored is
a clean PNG re-encoded from its pixels (8-bit grey or RGB, or 1-bit; no metadata, no other chunk), so that
nothing stored can stop the game sheet from printing. Re-encoding a clean PNG gives the same bytes again, so an
export imported again keeps every picture byte for byte. Pillow (ReportLab's own dependency) is loaded only when
a picture is checked."""

from __future__ import annotations

import io
import struct
from typing import TYPE_CHECKING

from scorekeeper.naming import game_name
from scorekeeper.rules.ids import FILE
from scorekeeper.rules.violation import Violation
from scorekeeper.season_data import SeasonData
from scorekeeper.signature_values import MAX_PNG_BYTES, PNG_MAGIC, ROLE_LABELS, decode_png, encode_png, png_problem

if TYPE_CHECKING:
    from PIL.Image import Image

# The window's pad makes 600 x 200 pictures (ui/signature_pad.py PICTURE): these bounds are far above that, and
# far below what could exhaust the memory of a rink PC (4 Mpx of RGBA is 16 MB decoded).
MAX_WIDTH = 4096
MAX_HEIGHT = 4096
MAX_PIXELS = 4096 * 1024  # 4,194,304 pixels: 35 times the pad's picture
PLAIN_MODES = ("1", "L", "RGB")  # stored as they are; any other is flattened on white to L or RGB


class PictureError(ValueError):
    """Why a picture cannot be a signature's (a sentence for a person)."""


def header_size(png: bytes) -> tuple[int, int]:
    """The width and height that a PNG's first chunk (IHDR) declares; PictureError when it has none."""
    if len(png) < 24 or not png.startswith(PNG_MAGIC) or png[12:16] != b"IHDR":
        raise PictureError("the signature's picture has no PNG header (IHDR): it is not a readable PNG picture")
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def size_problem(width: int, height: int) -> str | None:
    """Why a picture of `width` x `height` pixels is refused; None when it is within the bounds."""
    if width < 1 or height < 1:
        return f"the signature's picture is {width} x {height} pixels: it is empty"
    if width > MAX_WIDTH or height > MAX_HEIGHT or width * height > MAX_PIXELS:
        return (f"the signature's picture is {width:,} x {height:,} pixels; at most {MAX_WIDTH:,} x {MAX_HEIGHT:,} "
                f"and {MAX_PIXELS:,} pixels in all")
    return None


def _unreadable(exc: Exception) -> str:
    text = str(exc)
    if "truncated" in text.lower():
        why = "the file is cut short"
    elif type(exc).__name__ in ("UnidentifiedImageError", "SyntaxError"):
        why = "it is not a readable PNG picture"
    else:
        why = f"it is damaged ({type(exc).__name__}: {text[:80]})"
    return f"the signature's picture cannot be read: {why}"


def _flat(image: Image) -> Image:
    """`image` in a plain mode: transparency on white, 16-bit grey scaled to 8 bits, a palette to RGB."""
    from PIL import Image as PIL

    if image.mode in PLAIN_MODES and "transparency" not in image.info:
        return image
    if image.mode.startswith("I") or image.mode == "F":
        return image.convert("I").point(lambda v: v / 257).convert("L")  # a PNG's only such are 16-bit grey
    grey = image.mode in ("1", "L", "LA", "La")
    white = PIL.new("RGBA", image.size, (255, 255, 255, 255))
    flat = PIL.alpha_composite(white, image.convert("RGBA"))
    return flat.convert("L" if grey else "RGB")


def _decoded(png: bytes) -> tuple[Image, bool]:
    """`png` decoded whole within the bounds, in a plain mode without metadata, and whether it was plain already;
    PictureError says why it cannot be a signature's picture."""
    problem = png_problem(png)
    if problem is None:
        problem = size_problem(*header_size(png))  # before Pillow allocates anything
    if problem is not None:
        raise PictureError(problem)
    from PIL import Image as PIL

    try:  # within the bounds, far below Image.MAX_IMAGE_PIXELS: Pillow's own bomb check never fires
        with PIL.open(io.BytesIO(png), formats=["PNG"]) as image:
            problem = size_problem(*image.size)
            if problem is None:
                image.load()
                flat = _flat(image)
                plain = PIL.frombytes(flat.mode, flat.size, flat.tobytes())  # no info, no metadata
                already = flat is image and set(image.info) <= {"dpi", "gamma", "srgb"}
    except Exception as exc:  # Pillow raises many kinds for a broken file: OSError, SyntaxError, zlib.error, ...
        raise PictureError(_unreadable(exc)) from None
    if problem is not None:
        raise PictureError(problem)
    return plain, already


def clean_png(png: bytes) -> bytes:
    """`png` decoded whole and re-encoded as a clean PNG (see the module); PictureError says why it cannot be a
    signature's picture (not a PNG, too large a file, out of bounds, truncated, damaged)."""
    plain, _ = _decoded(png)
    out = io.BytesIO()
    plain.save(out, "PNG")
    clean = out.getvalue()
    if len(clean) > MAX_PNG_BYTES:
        raise PictureError(f"the signature's picture is {len(clean) // 1024} KB once re-encoded; at most "
                           f"{MAX_PNG_BYTES // 1024} KB")
    return clean


def printable_png(png: bytes) -> bytes | None:
    """A stored picture as a document may draw it: `png` itself when it decodes whole within the bounds in a
    plain mode (as every picture stored since issue 26 does), else its clean PNG; None when it cannot be read
    (a database written by an earlier version may hold such a picture)."""
    try:
        plain, already = _decoded(png)
    except PictureError:
        return None
    if already:
        return png
    out = io.BytesIO()
    plain.save(out, "PNG")
    return out.getvalue()


def clean_file_pictures(incoming: SeasonData, existing: SeasonData) -> list[Violation]:
    """Each signature picture of a checked, normalised season file (`incoming`) replaced by its clean PNG, in
    place; a picture the season already holds for that game (`existing`) is left as it is stored. A refusal for
    each picture that cannot be a signature's, saying which game, which role and signer, and why."""
    held = {g["id"]: {s["png_base64"] for s in g.get("signatures") or []} for g in existing.get("games") or []}
    refused: list[Violation] = []
    for i, game in enumerate(incoming.get("games") or []):
        for j, s in enumerate(game.get("signatures") or []):
            if s["png_base64"] in held.get(game["id"], ()):
                continue
            try:
                s["png_base64"] = encode_png(clean_png(decode_png(s["png_base64"]) or b""))
            except PictureError as exc:
                refused.append(Violation(
                    FILE, "block", f"game {game_name(game)}, {ROLE_LABELS.get(s['role'], s['role']).lower()}'s "
                    f"signature ({s['name']}): {exc}", "season file", f"games[{i}].signatures[{j}].png_base64"))
    return refused
