"""Help ▸ Rulebook in force…: the season's rules and infractions, each with its section, filtered as one types."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypedDict

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QTabWidget, QVBoxLayout, QWidget

from ui.models import SORT_ROLE, InfractionsModel, RecordTableModel, RulesModel
from ui.table_tab import fit_columns, make_table_view

if TYPE_CHECKING:
    from scorekeeper.results_records import InfractionEntry
    from scorekeeper.services import Services


def _minutes(row: Mapping[str, Any]) -> str:
    """'2' or '2 / 5': the minutes of each class, in the order of the classes."""
    minutes = row.get("minutes") or {}
    return " / ".join(str(minutes[c]) for c in row.get("classes", []) if minutes.get(c) is not None)


class InfractionRow(TypedDict):
    """An infraction as the rulebook's table lists it."""

    code: str
    name: str  # with ' (co-ed)' where called in co-ed games only
    classes: str  # its classes, ', ' between
    minutes: str  # the minutes of each class, ' / ' between
    section: str
    rule: str


def rulebook_rows(rules: Iterable[dict[str, str]], infractions: Iterable[InfractionEntry]
                  ) -> tuple[list[dict[str, str]], list[InfractionRow]]:
    """The facade's rules (`Services.rules()`) and infractions (`Services.infractions()`) as table rows."""
    rule_rows = [{"id": r["id"], "section": r["section"], "title": r["title"]} for r in rules]
    infraction_rows: list[InfractionRow] = [
        {"code": i["code"], "name": i["name"] + (" (co-ed)" if i.get("coed_only") else ""),
         "classes": ", ".join(c.replace("_", " ") for c in i["classes"]), "minutes": _minutes(i),
         "section": i["section"], "rule": i["rule"]}
        for i in infractions
    ]
    return rule_rows, infraction_rows


class RulebookDialog(QDialog):
    """The rulebook in force for the season: its rules and its infractions, each with its section."""

    def __init__(self, svc: Services, season: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        about = next((s for s in svc.seasons() if s["name"] == season), {"rulebook": "", "league": ""})
        self.setWindowTitle(f"Rulebook — {about['rulebook']}")
        rules, infractions = rulebook_rows(svc.rules(season), svc.infractions(season))
        self.rules = RulesModel(rules, self)
        self.infractions = InfractionsModel(infractions, self)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Filter: part of a rule ID, code, name or section")
        self.search.setClearButtonEnabled(True)
        self.tabs = QTabWidget(self)
        self.proxies: list[QSortFilterProxyModel] = []
        for model, title in ((self.infractions, "&Infractions"), (self.rules, "&Rules")):
            self.tabs.addTab(self._table(model), f"{title} ({model.rowCount()})")
        self.search.textChanged.connect(self._filter)
        header = QLabel(f"<b>{html.escape(about['rulebook'])}</b> — {html.escape(about['league'])}, "
                        f"season {html.escape(season)}", self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(header)
        layout.addWidget(self.search)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        self.resize(980, 600)

    def _table(self, model: RecordTableModel) -> QWidget:
        proxy = QSortFilterProxyModel(self)
        proxy.setSourceModel(model)
        proxy.setFilterKeyColumn(-1)
        proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        proxy.setSortRole(SORT_ROLE)
        self.proxies.append(proxy)
        view = make_table_view(model, self, proxy)
        view.setSortingEnabled(True)
        view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        fit_columns(view)
        return view

    def _filter(self, text: str) -> None:
        for proxy in self.proxies:
            proxy.setFilterFixedString(text)
