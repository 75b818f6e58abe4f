"""Section 1 k: playoff eligibility "as per the statistics page on our website". The site is published into a
folder, opened from there by a real headless browser (Debian's Chromium), and its tables read back: every
team's standing, every eligible and ineligible player, the suspensions in force with games left, every game's
result with its game sheet."""

from __future__ import annotations

import argparse
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.commands import publish as publish_command
from scorekeeper.season.standings import readable, share_text
from scorekeeper.site import PublishError, publish
from tests.scorekeeper.site.conftest import dump_dom, screenshot
from tests.scorekeeper.site.dom import Table, read_tables

REPO = Path(__file__).resolve().parents[3]
PAGES = ["index.html", "standings.html", "leaders.html", "suspensions.html", "eligibility.html", "games.html"]


def tables(site, page: str) -> list[Table]:
    return read_tables(dump_dom(site.folder / page)).tables


def test_every_page_is_valid_html5_with_a_viewport_and_no_script(site):
    import html5lib

    pages = [site.folder / p for p in PAGES] + sorted((site.folder / "games").glob("*.html"))
    assert [p for p in pages if p not in site.pages] == []
    assert len(pages) == len(site.pages) == 6 + 12
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert text.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
        assert "<script" not in text.lower()
        html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(text)  # raises on any parse error
        reader = read_tables(text)
        for href in reader.links:  # every link stays inside the folder and finds its file
            assert "://" not in href, href
            assert (page.parent / href.split("#")[0]).resolve().is_file(), (page, href)
    assert (site.folder / "style.css").is_file()


def test_standings_of_every_team_in_the_browser(site, svc):
    got = {t.caption: t for t in tables(site, "standings.html")}
    view = svc.view()
    for div in svc.standings()["divisions"]:
        t = got[view.divisions[div["division"]]["name"]]
        assert t.head == ["#", "Team", "GP", "W", "L", "T", "OTW", "OTL", "PTS", "P%", "GF", "GA", "DIFF", "PIM",
                          "GF%", "L10", "STRK", "HOME", "AWAY"]
        assert len(t.rows) == len(div["rows"])
        for (attrs, cells), r in zip(t.rows, div["rows"], strict=True):
            assert attrs["data-team"] == r["team"]
            diff = f"+{r['diff']}" if r["diff"] > 0 else str(r["diff"])
            assert cells == [str(r["rank"]), view.teams[r["team"]]["name"], *(str(r[k]) for k in (
                "gp", "w", "l", "t", "otw", "otl", "pts")), readable(r)["pts_pct"], str(r["gf"]), str(r["ga"]), diff,
                str(r["pim"]), *(readable(r)[k] for k in ("gf_pct", "l10", "streak", "home", "away"))]
    home = tables(site, "index.html")
    assert {a["data-team"] for t in home for a, _ in t.rows if "data-team" in a} == set(view.teams)


def test_every_eligible_and_ineligible_player_in_the_browser(site, svc):
    view = svc.view()
    got = {t.attrs["data-team"]: t for t in tables(site, "eligibility.html") if "data-team" in t.attrs}
    assert set(got) == set(view.teams)
    players = svc.eligibility()["players"]
    assert {p["playoff_eligible"] for p in players} == {True, False}
    for p in players:
        rows = [(a, c) for a, c in got[p["team"]].rows if a.get("data-player") == p["player"]]
        assert len(rows) == 1, p
        attrs, cells = rows[0]
        name, number, gp, required, verdict = cells
        assert name == view.player_name(p["player"])
        assert gp == str(p["regular_gp"]) and required == "6"
        if p["playoff_eligible"]:
            assert verdict == "Eligible" and attrs["class"] == "yes"
        else:
            short = 6 - p["regular_gp"]
            assert verdict == f"Not eligible {short} more game{'s' if short != 1 else ''}" and attrs["class"] == "no"
    assert sum(len(t.rows) for t in got.values()) == len(players)
    ot07 = next(c for a, c in got["otters"].rows if a.get("data-player") == "ot07")
    assert ot07[2:] == ["5", "6", "Not eligible 1 more game"]


def test_suspensions_in_force_with_games_left(site, svc):
    [t] = tables(site, "suspensions.html")
    active = [s for s in svc.suspensions()["suspensions"] if s["status"] == "active"]
    assert len(t.rows) == len(active) == 5
    by_player = {a["data-player"]: c for a, c in t.rows}
    assert by_player["ot04"] == ["OT4 Otters #4", "Otters", "Fighting PEN-FIGHT-1", "Sun 25 Oct 2015", "5 games",
                                 "4", "1", "Suspension Director review"]
    assert by_player["ly04"][6] == "4"
    assert by_player["ly05"][2:7] == ["Instigating a fight PEN-FIGHT-2", "Sun 25 Oct 2015", "rest of season", "1",
                                      "rest of season"]


def test_leaders(site, svc):
    scoring, penalties, goalies, _special = tables(site, "leaders.html")
    played = [r for r in svc.stats()["players"] if r["gp"] > 0]
    assert len(scoring.rows) == len(played)
    assert scoring.rows[0][0]["data-player"] == "ot02" and scoring.rows[0][1][0] == "1"
    assert {a["data-player"] for a, _ in penalties.rows} == {r["player"] for r in played if r["pim"] > 0}
    top = max(played, key=lambda r: r["pim"])
    assert (penalties.rows[0][0]["data-player"], penalties.rows[0][1][4]) == (top["player"], str(top["pim"]))
    assert top["pim"] == 17  # the instigator: 7 minutes and the 10 of the game misconduct
    assert goalies.head == ["#", "Goalie", "Team", "GP", "W", "L", "T", "OTL", "MIN", "SA", "SV", "SV%", "GA", "GAA",
                            "SO"]
    stats = {(r["player"], r["team"]): r for r in svc.stats()["goalies"]}
    assert {(a["data-player"], c[2]) for a, c in goalies.rows} == {
        (p, svc.view().teams[t]["name"]) for p, t in stats}
    for attrs, cells in goalies.rows:
        r = next(r for (p, _), r in stats.items() if p == attrs["data-player"])
        assert cells[3:9] == [str(r[k]) for k in ("gp", "w", "l", "t")] + [str(r["otl"] + r["sol"]), r["min"]]
        assert cells[12:] == [str(r["ga"]), "—" if r["gaa"] is None else f"{r['gaa']:.2f}", str(r["so"])]


def test_every_game_with_its_result_and_game_sheet(site, svc):
    [t] = tables(site, "games.html")
    games = svc.games()
    assert [a["data-game"] for a, _ in t.rows] == [g["id"] for g in games]
    for (_, cells), g in zip(t.rows, games, strict=True):
        if g["status"] == "final":
            assert cells[3].startswith(f"{g['score']['home']}–{g['score']['away']}")
            assert cells[6] == "PDF"
            pdf = site.folder / "sheets" / f"{g['id']}.pdf"
            assert pdf.read_bytes().startswith(b"%PDF-")
        else:
            assert cells[3] == "scheduled" and cells[6] == "—"
    assert len(site.sheets) == sum(g["status"] == "final" for g in games)
    page = read_tables(dump_dom(site.folder / "games" / "g201.html"))
    box, goals, pens = page.tables
    assert [c for _, c in box.rows] == [["Otters home", "1", "1", "2"], ["Herons away", "0", "1", "1"]]
    assert [c[3] for _, c in goals.rows] == ["#2 OT2 Otters", "#6 HE6 Herons", "#5 OT5 Otters"]
    assert [c[3:5] for _, c in pens.rows] == [["#4 OT4 Otters", "Fighting major"], ["#4 HE4 Herons", "Fighting major"]]
    assert "../sheets/g201.pdf" in page.links


def test_without_the_reports_module_the_site_has_no_sheet_links(svc, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "scorekeeper.reports.game_sheet", None)
    result = publish(svc, tmp_path / "www")
    assert result.sheets == [] and not (tmp_path / "www" / "sheets").exists()
    assert result.notes == ["game sheets are not linked: the reports module (scorekeeper.reports) is not available"]
    [t] = read_tables((tmp_path / "www" / "games.html").read_text()).tables
    assert all(c[6] == "—" for _, c in t.rows)


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


@pytest.mark.parametrize("width, height", [(390, 1600), (1280, 1400)])
def test_screenshots_at_phone_and_desktop_width(site, tmp_path, width, height):
    out = screenshot(site.folder / "index.html", tmp_path / f"site-{width}.png", width, height)
    assert _png_size(out) == (width, height)
    assert out.stat().st_size > 20_000  # a rendered page, not a blank one


def test_publish_command(svc, tmp_path, capsys):
    p = argparse.ArgumentParser(prog="scorekeeper")
    sub = p.add_subparsers(dest="command")
    publish_command.add_parser(sub)
    assert publish_command.run(svc, p.parse_args(["publish", "-o", str(tmp_path / "www")])) == 0
    out = capsys.readouterr()
    assert out.out.startswith("published 18 pages and 10 game sheets to ") and out.err == ""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert publish_command.run(svc, p.parse_args(["publish", "-o", str(blocker), "--no-game-sheets"])) == 1
    err = capsys.readouterr().err
    assert err == f"scorekeeper: publish: cannot publish to {blocker}: it is a file, not a folder\n"
    with pytest.raises(PublishError):
        publish(svc, blocker)


def test_mail_and_site_import_nothing_heavy_until_used():
    code = ("import sys, scorekeeper.mail, scorekeeper.site; "
            "print(sorted(m for m in ('smtplib', 'jinja2', 'reportlab', 'keyring', 'aiosmtpd', 'PySide6') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip() == "[]"


def test_special_teams_of_every_team_in_the_browser(site, svc):
    (t,) = [t for t in tables(site, "leaders.html") if t.caption == "Special teams, regular season"]
    assert t.head == ["Team", "GP", "PPG", "PPO", "PP%", "PPGA", "TSH", "PK%", "SHG", "SO"]
    names = {tid: team["name"] for tid, team in svc.view().teams.items()}
    want = [[names[r["team"]], *(str(r[k]) for k in ("gp", "ppg", "ppo")), share_text(r["pp_pct"]),
             str(r["ppga"]), str(r["times_sh"]), share_text(r["pk_pct"]), str(r["shg"]), str(r["so"])]
            for r in svc.stats()["teams"]]
    assert [cells for _, cells in t.rows] == want
