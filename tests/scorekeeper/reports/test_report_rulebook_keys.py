"""The printed records follow the rulebook's keys: the fines table's line on the statements (`fine_row`), a
suspension subject to the Director's confirmation on its notice (`confirm`), how to appeal (`appeals.channels`),
and "+ game misconduct" from the game's record of the added game misconduct, whatever its minutes count."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.reports.data import fine_statements_data, game_sheet_data, suspension_notices_data
from scorekeeper.reports.fine_statements import build_fine_statements
from scorekeeper.reports.suspension_notice import build_suspension_notices
from scorekeeper.resources import resource_path
from scorekeeper.services import Services
from tests.scorekeeper.reports.conftest import flat, pdf_pages
from tests.scorekeeper.reports.season_data import example_season, rough_season

SHIPPED = resource_path("rulebooks", "westridge-2015-16.toml").read_text(encoding="utf-8")
EDITS = [
    ('id = "westridge-2015-16"', 'id = "westridge-keys"'),
    ('fine_row = "FINE-7"', 'fine_row = "FINE-7b"'),  # the fighting row's line of the fines table
    ("count = 6", "count = 1"),  # the season's incidents: the first one sets the row off (it needs confirming)
    ('channels = ["official_form"]', 'channels = ["official_form", "e-mail"]'),
    ("added_gm_counts_pim = true", "added_gm_counts_pim = false"),
]


@pytest.fixture(scope="module")
def keyed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    """The reports' season played under the shipped rulebook with the keys above changed."""
    folder = tmp_path_factory.mktemp("keys")
    text = SHIPPED
    for old, new in EDITS:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (folder / "book.toml").write_text(text, encoding="utf-8")
    svc = Services.open(str(folder / "season.db"))
    svc.load_rulebook_file(folder / "book.toml")
    rough = rough_season()
    for g in rough["games"]:  # he02, ejected in g101, is under the season's-incidents suspension here
        if g["id"] != "g101":
            g["lineups"]["home" if g["home"] == "herons" else "away"] = [
                x for x in g["lineups"]["home" if g["home"] == "herons" else "away"] if x["player"] != "he02"]
    for data in (example_season(), rough):
        report = svc.import_data({**data, "rulebook": "westridge-keys"})
        assert report.ok, [v.line() for v in report.blocks]
    yield svc
    svc.close()


def notices(svc: Services, player: str) -> list[str]:
    return [flat(p) for p in pdf_pages(build_suspension_notices(suspension_notices_data(svc, player,
                                                                                         date="2015-10-26")))]


def test_fine_statement_prints_the_fines_table_line_of_the_row(svc, keyed):
    data = fine_statements_data(keyed, team="herons", date="2016-04-01")
    assert [x.fine_row for x in data.statements[0].lines if x.rule == "PEN-FIGHT-1"] == ["FINE-7b"]
    (page,) = [flat(p) for p in pdf_pages(build_fine_statements(data))]
    assert "PEN-FIGHT-1 §1 l; §6 X; fines table FINE-7b" in page
    shipped = fine_statements_data(svc, team="herons", date="2016-04-01")
    assert [x.fine_row for x in shipped.statements[0].lines if x.rule == "PEN-FIGHT-1"] == ["FINE-7"]


def test_a_row_that_needs_the_director_s_confirmation_says_so_on_its_notice(svc, keyed):
    data = suspension_notices_data(keyed, "fl", date="2015-10-26")
    assert {n.rule: n.confirm for n in data.notices} == {"PEN-FIGHT-1": "", "PEN-GM-2": "director"}
    pages = notices(keyed, "fl")
    confirmed = [p for p in pages if "Subject to confirmation." in p]
    assert len(confirmed) == 1 and "PEN-GM-2" in confirmed[0]
    assert "applies subject to the Suspension Director's confirmation" in confirmed[0]
    assert not any("Subject to confirmation." in p for p in notices(svc, "fl"))  # the shipped count: not yet


def test_appeal_1_the_notice_and_the_statement_say_how_the_rulebook_takes_appeals(svc, keyed):
    page = notices(keyed, "fl")[0]
    assert "Appeals may be submitted on an Official League Appeal Form or by e-mail; the fee is $10.00." in page
    assert "NO E-MAIL APPEALS" not in page
    statement = flat(pdf_pages(build_fine_statements(fine_statements_data(keyed, team="herons",
                                                                          date="2016-04-01")))[0])
    assert "Appeals may be submitted on an Official League Appeal Form or by e-mail (the fee: $10.00)." in statement
    assert "NO E-MAIL APPEALS OR PHONE CALLS WILL BE ACCEPTED." in notices(svc, "fl")[0]


def test_the_added_game_misconduct_shows_though_its_minutes_do_not_count(keyed):
    (page, *_) = notices(keyed, "fl")
    assert "1st half 12:00: Fighting (major + game misconduct, 5 min)" in page
    sheet = game_sheet_data(keyed, "g101")
    assert {p.cls for p in sheet.penalties if p.infraction == "Fighting"} == {"Major + game misc."}
