"""The game sheet's fit to its page, found without laying the sheet out more than once.

A sheet a little too tall for its page is laid out wider and shrunk (game_sheet.py): its text then wraps into
fewer lines, so the scale is found in a few steps, each a height of the sheet at another width. Those heights
are measured here from the sheet's planned tables, their rows and column widths, before any table is made: a
table's row is as tall as its tallest cell (its lines times its leading, plus its padding), as ReportLab's
`Table._calc_height` has it, with each cell's style taken from one styled table made once per planned table
(a table's style does not depend on its width). The width chosen, those styled tables are filled with that
width's rows: the page lays each out once.

`planning()` makes `game_sheet_story` plan its tables (`Planned`) instead of making them (`table`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from reportlab.platypus import Flowable, TableStyle

from scorekeeper.reports.templates import SheetTable

_PLANNING: ContextVar[bool] = ContextVar("game_sheet_planning", default=False)
TALL = 72000.0  # the height ReportLab lets a table's cell flowable take (Table._listCellGeom)


class Planned(Flowable):
    """A table of the sheet not made yet: its rows, style and the table's keywords (colWidths among them)."""

    def __init__(self, rows: list[list[Any]], style: TableStyle | list[Any],
                 kw: dict[str, Any]) -> None:  # Any: the keywords of ReportLab's Table
        super().__init__()
        self.rows = rows
        self.style = style
        self.kw = kw


def table(rows: list[list[Any]], style: TableStyle | list[Any], **kw: Any) -> Flowable:
    """A SheetTable of `rows` styled `style`; a `Planned` one while `planning()`."""
    if _PLANNING.get():
        return Planned(rows, style, kw)
    t = SheetTable(rows, **kw)
    t.setStyle(style)
    return t


@contextmanager
def planning() -> Iterator[None]:
    token = _PLANNING.set(True)
    try:
        yield
    finally:
        _PLANNING.reset(token)


class Unmeasured(Exception):
    """A planned table this module does not measure (a cell spanning rows, a flowable spanning columns)."""


def _planned(items: list[Any]) -> Iterator[Planned]:
    """Every planned table of `items`, depth first, those inside cells after their table."""
    for f in items:
        if isinstance(f, Planned):
            yield f
            for row in f.rows:
                yield from _planned(row)


class _Rows:
    """What a styled table's height needs of its style, worked out once: for each row whose height is not
    given, the cells that count (ReportLab skips those a row span covers), each with its column, its line
    height, its top and bottom padding (summed as ReportLab sums them), its style and whether it spans columns."""

    def __init__(self, t: SheetTable) -> None:
        self.table = t
        if t._spanCmds:
            t._calcSpanRanges()
            row_spans, col_spans, spans = t._rowSpanCells, t._colSpanCells, t._spanRanges
        else:
            row_spans, col_spans, spans = (), (), {}
        self.cells: list[list[tuple[int, float, float, Any, bool]] | None] = []
        for i, given in enumerate(t._argH):
            if given is not None:
                self.cells.append(None)
                continue
            if not spans:
                self.cells.append([(j, s.leading or 1.2 * s.fontsize, s.bottomPadding + s.topPadding, s, False)
                                   for j, s in enumerate(t._cellStyles[i])])
                continue
            row: list[tuple[int, float, float, Any, bool]] = []
            for j, s in enumerate(t._cellStyles[i]):
                ji = j, i
                span = spans.get(ji)
                if ji in row_spans and not span:
                    continue
                if span and span[1] != span[3]:
                    raise Unmeasured("a cell spans rows")
                row.append((j, s.leading or 1.2 * s.fontsize, s.bottomPadding + s.topPadding, s, ji in col_spans))
            self.cells.append(row)


class Fitting:
    """The styled tables of a planned sheet, to measure its plans at other widths and make the chosen one."""

    def __init__(self, plan: list[Flowable]) -> None:
        self.tables: list[_Rows] = []
        for p in _planned(plan):
            t = SheetTable(p.rows, **p.kw)
            t.setStyle(p.style)
            self.tables.append(_Rows(t))

    def _pairs(self, plan: list[Flowable]) -> dict[int, _Rows]:
        planned = list(_planned(plan))
        if len(planned) != len(self.tables):
            raise Unmeasured("the plan's tables differ from the styled ones")
        return {id(p): t for p, t in zip(planned, self.tables, strict=True)}

    def height(self, plan: list[Flowable], width: float, avail: float) -> float:
        """The height of `plan` laid out `width` wide: what `sum` of each flowable's wrap height and its space
        before and after gives (the wrap of a table: ReportLab's height, to the last bit)."""
        styled = self._pairs(plan)
        total = 0.0
        for f in plan:
            if isinstance(f, Planned):
                rows = styled[id(f)]
                h = _table_height(f, rows, styled)
                total += h + rows.table.getSpaceBefore() + rows.table.getSpaceAfter()
            else:
                total += f.wrap(width, avail)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        return total

    def made(self, plan: list[Flowable]) -> list[Flowable]:
        """`plan`'s flowables with each planned table made: its styled table filled with its rows."""
        styled = {k: rows.table for k, rows in self._pairs(plan).items()}
        for p in _planned(plan):
            _fill(styled[id(p)], [[styled[id(c)] if isinstance(c, Planned) else c for c in row] for row in p.rows],
                  p.kw["colWidths"])
        return [styled[id(f)] if isinstance(f, Planned) else f for f in plan]


def _fill(t: SheetTable, rows: list[list[Any]], widths: list[float]) -> None:
    """Set a styled, never laid out table's cells and column widths (same shape: its style still holds)."""
    if len(rows) != t._nrows or any(len(r) != t._ncols for r in rows) or len(widths) != t._ncols:
        raise Unmeasured("a planned table's shape differs from its styled table's")
    t._cellvalues = t.normalizeData(rows)
    t._colWidths = t._argW = list(widths)
    t._sk_wrapped = None


def _table_height(p: Planned, rows: _Rows, styled: dict[int, _Rows]) -> float:
    """The height ReportLab's `Table.wrap` gives the styled table holding `p`'s rows at `p`'s column widths
    (Table._calc_height, for the cells a sheet holds: text, flowables, planned tables)."""
    t = rows.table
    H = list(t._argH)
    W = p.kw["colWidths"]
    min_heights = t._minRowHeights
    for i, cells in enumerate(rows.cells):
        if cells is None:
            continue
        values = p.rows[i]
        h: float = 0
        for j, leading, pad, s, spans_columns in cells:
            v = values[j]
            if type(v) is str:
                cell = leading * (v.count("\n") + 1) + pad
            elif isinstance(v, Flowable):
                if spans_columns:
                    raise Unmeasured("a flowable spans columns")
                cell = _flowable_height(v, W[j], s, styled) + pad
            else:
                cell = leading * len((v is not None and str(v) or "").split("\n")) + pad
            if cell > h:
                h = cell
        H[i] = max(min_heights[i], h) if min_heights else h
    # the row positions' sum, compensated, bottom row first (as Table._calc_height)
    height: float = 0
    c: float = 0
    for i in range(len(H) - 1, -1, -1):
        y = H[i] - c
        s_ = height + y
        c = (s_ - height) - y
        height = s_
    return height


def _flowable_height(v: Flowable, w: float, s: Any, styled: dict[int, _Rows]) -> float:
    """A flowable cell's height, as Table._listCellGeom gives it for a cell of one flowable."""
    aw = w - s.leftPadding - s.rightPadding
    ah = TALL - s.topPadding - s.bottomPadding
    if isinstance(v, Planned):
        rows = styled[id(v)]
        vh = _table_height(v, rows, styled)
        sb, sa = rows.table.getSpaceBefore(), rows.table.getSpaceAfter()
    else:
        vh = v.wrap(aw, ah)[1]
        sb, sa = v.getSpaceBefore(), v.getSpaceAfter()
    total: float = 0
    total += vh + sa + sb
    return total - sb - sa
