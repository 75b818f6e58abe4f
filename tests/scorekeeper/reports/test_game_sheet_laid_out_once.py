"""Issue 29: the game sheet is laid out once. A sheet a little too tall for its page is measured at wider widths
from its planned tables (game_sheet_fit) to the same heights ReportLab gives, so it prints exactly as before;
only the width chosen is made into tables, and each table is laid out once by the page."""

from __future__ import annotations

import dataclasses
import io
from collections import Counter

import pytest
from reportlab.platypus import Table

from scorekeeper.reports import game_sheet as gs
from scorekeeper.reports.data import game_sheet_data
from scorekeeper.reports.game_sheet_fit import Fitting
from scorekeeper.reports.game_sheet_records import GameSheetData
from scorekeeper.reports.templates import BODY_H, BODY_W, SheetTable


def _longer(d: GameSheetData, times: int, goals: int | None = None) -> GameSheetData:
    """The game with its penalties `times` over and its goals `goals` (else `times`) over: a long, rough game."""
    return dataclasses.replace(d, penalties=d.penalties * times, goals=d.goals * (goals or times))


def _tables(flowables: list) -> int:
    """The tables of a story, those inside cells included."""
    total = 0
    for f in flowables:
        if isinstance(f, Table):
            total += 1 + sum(_tables([c]) for row in f._cellvalues for c in row)
    return total


def _pages(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("times", [1, 2, 3, 4, 6])
def test_planned_heights_are_reportlabs_to_the_last_bit(svc, times):
    d = _longer(game_sheet_data(svc, "g101"), times)
    gs.styles.register_fonts()
    fitting = Fitting(gs._plan(d, BODY_W))
    for scale in (1.0, 0.97, 0.9, 0.83, 0.75, 0.72):
        width = BODY_W / scale
        made = gs._height(gs.game_sheet_story(d, width), width)
        assert fitting.height(gs._plan(d, width), width, 10 * BODY_H) == made


def test_every_example_game_measures_as_reportlab_lays_it_out(svc):
    gs.styles.register_fonts()
    for game in svc.games():
        d = game_sheet_data(svc, game["id"])
        plan = gs._plan(d, BODY_W)
        assert Fitting(plan).height(plan, BODY_W, 10 * BODY_H) == gs._height(gs.game_sheet_story(d), BODY_W)


def _layouts(monkeypatch, d: GameSheetData) -> tuple[bytes, Counter, int]:
    """The sheet's PDF, how many times each table was laid out, and how many tables were made."""
    laid: Counter[int] = Counter()
    made = Counter()
    calc, init = SheetTable._calc, SheetTable.__init__

    def counted_calc(self, *args):
        laid[id(self)] += 1
        return calc(self, *args)

    def counted_init(self, *args, **kwargs):
        made["tables"] += 1
        init(self, *args, **kwargs)

    monkeypatch.setattr(SheetTable, "_calc", counted_calc)
    monkeypatch.setattr(SheetTable, "__init__", counted_init)
    pdf = gs.build_game_sheet(d)
    monkeypatch.undo()
    return pdf, laid, made["tables"]


@pytest.mark.parametrize("game, goals, shrunk", [("g102", 1, False), ("g101", 1, True), ("g101", 2, True)])
def test_a_sheet_is_made_and_laid_out_once(svc, monkeypatch, game, goals, shrunk):
    d = _longer(game_sheet_data(svc, game), 1, goals)
    tall = gs._height(gs.game_sheet_story(d), BODY_W)
    assert (BODY_H < tall <= BODY_H / gs.MIN_SCALE) == shrunk  # shrunk to its page, or fitting as it is
    pdf, laid, made = _layouts(monkeypatch, d)
    assert _pages(pdf) == 1
    tables = _tables(gs.game_sheet_story(d))
    assert made == tables  # one table per table printed: no story made again for another width
    assert len(laid) == tables and set(laid.values()) == {1}  # each laid out once, KeepInFrame's passes too


def test_a_long_game_still_flows_onto_a_second_page(svc, monkeypatch):
    d = _longer(game_sheet_data(svc, "g101"), 3, 1)
    assert gs._height(gs.game_sheet_story(d), BODY_W) > BODY_H / gs.MIN_SCALE
    pdf, _, made = _layouts(monkeypatch, d)
    assert _pages(pdf) == 2
    assert made >= _tables(gs.game_sheet_story(d))  # the tables split across the page are new ones
