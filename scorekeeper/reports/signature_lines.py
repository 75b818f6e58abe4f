"""The signatures given on the screen (issue 20) on the game sheet's officials' lines: each signature's picture
on its signer's line, captains' and coaches' lines added for those who signed, and the signatures given before a
correction under a line of their own. Unsigned lines stay empty."""

from __future__ import annotations

import io
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.signature_picture import printable_png
from scorekeeper.signature_values import ROLE_LABELS, decode_png

if TYPE_CHECKING:  # reportlab is loaded only when a document is built
    from reportlab.platypus import Flowable


@dataclass(frozen=True)
class SheetSignature:
    """One signature as the sheet prints it."""

    role: str  # referee, linesman, captain-home, ...
    name: str
    png: bytes  # b"" when the stored picture cannot be read (UNREADABLE is printed instead)
    signed_at: str
    before_correction: str = ""


@dataclass
class SignatureLine:
    """One line of the officials' rows: its label, the printed name, and the picture signed on it (None: not
    signed; b"": signed, but its stored picture cannot be read)."""

    label: str
    name: str
    png: bytes | None = None


UNREADABLE = "(signature picture unreadable)"  # printed for a stored picture that cannot be read (issue 26.3)
SHEET_LABELS = {"referee": "Referee", "linesman": "Linesman"}  # the roles that have lines of their own


def sheet_signatures(signatures: Sequence[Mapping[str, object]] | None) -> list[SheetSignature]:
    """A game's signatures (the season file's form) as the sheet takes them."""
    out = []
    for s in signatures or []:
        png = printable_png(decode_png(str(s.get("png_base64"))) or b"")  # issue 26.3: what cannot be read ...
        out.append(SheetSignature(str(s["role"]), str(s["name"]), png or b"", str(s["signed_at"]),  # ... is b""
                                  str(s.get("before_correction") or "")))
    return out


def place(lines: list[SignatureLine], signatures: list[SheetSignature]) -> list[SignatureLine]:
    """The officials' `lines` with the current signatures placed: on the line of the same role and name, else
    the first unsigned line of that role (its name filled), else a new line; captains and coaches after."""
    out = [SignatureLine(x.label, x.name, x.png) for x in lines]
    live = [s for s in signatures if not s.before_correction]
    for s in live:
        label = SHEET_LABELS.get(s.role)
        if label is None:
            continue
        same = [x for x in out if x.label == label and x.png is None]
        line = next((x for x in same if x.name.casefold() == s.name.casefold()), None) \
            or next((x for x in same if not x.name), None)
        if line is None:
            line = SignatureLine(label, s.name)
            out.insert(max((i + 1 for i, x in enumerate(out) if x.label == label), default=len(out)), line)
        line.name, line.png = s.name, s.png
    out += [SignatureLine(ROLE_LABELS[s.role], s.name, s.png) for s in live if s.role not in SHEET_LABELS]
    return out


def before_corrections(signatures: list[SheetSignature]) -> list[tuple[str, list[SignatureLine]]]:
    """(date, lines) of the signatures given before each correction, oldest correction first."""
    dates = sorted({s.before_correction for s in signatures if s.before_correction})
    return [(d, [SignatureLine(ROLE_LABELS.get(s.role, s.role), s.name, s.png) for s in signatures
                 if s.before_correction == d]) for d in dates]


def png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height in pixels, from its header (1 x 1 when it cannot be read)."""
    if len(png) >= 24 and png[12:16] == b"IHDR":
        w, h = struct.unpack(">II", png[16:24])
        if w and h:
            return int(w), int(h)
    return 1, 1


def signature_image(png: bytes, width: float, height: float) -> Flowable:
    """The picture of a signature, as large as fits `width` x `height` points with its proportions kept."""
    from reportlab.platypus import Image

    w, h = png_size(png)
    scale = min(width / w, height / h)
    image = Image(io.BytesIO(png), width=w * scale, height=h * scale)
    image.hAlign = "LEFT"
    return image

