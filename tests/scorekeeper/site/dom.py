"""Reading tables out of HTML with the standard library's parser: each table's caption and rows of cell text,
with the data-* attributes of each row."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Table:
    caption: str = ""
    attrs: dict[str, str] = field(default_factory=dict)
    head: list[str] = field(default_factory=list)
    rows: list[tuple[dict[str, str], list[str]]] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


class TableReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[Table] = []
        self.links: list[str] = []
        self._table: Table | None = None
        self._row: list[str] | None = None
        self._row_attrs: dict[str, str] = {}
        self._cell: list[str] | None = None
        self._caption: list[str] | None = None
        self._in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
            if self._table is not None:
                self._table.links.append(a["href"])
        if tag == "table":
            self._table = Table(attrs=a)
        elif tag == "caption":
            self._caption = []
        elif tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._row, self._row_attrs = [], a
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self._table is not None:
            self.tables.append(self._table)
            self._table = None
        elif tag == "caption" and self._caption is not None and self._table is not None:
            self._table.caption = " ".join("".join(self._caption).split())
            self._caption = None
        elif tag == "thead":
            self._in_head = False
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None and self._table is not None:
            if self._in_head:
                self._table.head = self._row
            else:
                self._table.rows.append((self._row_attrs, self._row))
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self._caption is not None:
            self._caption.append(data)


def read_tables(html: str) -> TableReader:
    reader = TableReader()
    reader.feed(html)
    reader.close()
    return reader
