"""The fast text primitives of the printed records break lines exactly where a Paragraph breaks them."""

from __future__ import annotations

import pytest
from reportlab.platypus import Paragraph

from scorekeeper.reports import styles
from scorekeeper.reports.templates import Run, TextLines, rich_line, text_block, wrap_words

TEXT = ("The referee's signature certifies this sheet. Suspensions and fines are set by the league's fines table "
        "and reviewed by the league; appeals under Section 8 only on the Official League Appeal Form.")


def paragraph_lines(text: str, width: float) -> list[str]:
    p = Paragraph(styles.esc(text), styles.CELL)
    p.wrap(width, 1000)
    return [" ".join(words) for _, words in p.blPara.lines]


@pytest.mark.parametrize("width", [60, 96, 150, 300, 540, 600])
@pytest.mark.parametrize("text", [TEXT, "Zoë Ñúñez, François Lefèbvre", "Tripping (5 minutes when it injures)"])
def test_wrap_words_breaks_like_a_paragraph(text, width):
    styles.register_fonts()
    assert wrap_words(text, styles.FONT, 7, width) == paragraph_lines(text, width)


def test_a_word_wider_than_the_line_is_split():
    styles.register_fonts()
    lines = wrap_words("Supercalifragilisticexpialidocious", styles.FONT, 7, 30)
    assert len(lines) > 1 and "".join(lines) == "Supercalifragilisticexpialidocious"


def test_text_block_is_as_tall_as_the_paragraph():
    styles.register_fonts()
    block = text_block(TEXT, styles.CELL_MUTED, 300)
    para = Paragraph(styles.esc(TEXT), styles.CELL_MUTED)
    assert block.wrap(300, 1000)[1] == para.wrap(300, 1000)[1]


def test_rich_line_falls_back_to_a_paragraph_when_too_wide():
    styles.register_fonts()
    runs: list[Run] = [("Note:", styles.FONT_BOLD, 8, styles.INK), (" ", styles.FONT, 8, styles.INK),
                       (TEXT, styles.FONT, 8, styles.INK)]
    assert isinstance(rich_line(runs, styles.BODY_SMALL, 2000), TextLines)
    assert isinstance(rich_line(runs, styles.BODY_SMALL, 300), Paragraph)
