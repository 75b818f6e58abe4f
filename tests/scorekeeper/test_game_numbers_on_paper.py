"""Issue 27.1: where a season's games have the league's numbers (WSHL-015, the season file's `number`), every
readable output names a game by its number, never by its id ('g101'), and a team by its name, never its id:
the fine statements, the suspension notices, the game sheets and the standings (PDF text), the e-mails (subject,
body, attachment), the statistics site, the rules' messages and the command line's readable tables and import
lines. The JSON and the season file keep the ids."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.mail.compose import fine_statement_messages, suspension_notice_messages
from scorekeeper.services import ServiceError, Services
from scorekeeper.site import publish
from tests.scorekeeper.reports.season_data import example_season, rough_season

GAME_ID = re.compile(r"\bg\d{3}\b")
TEAM_IDS = ("otters", "herons", "lynx", "owls")
TEAM_ID = re.compile(r"\((?:" + "|".join(TEAM_IDS) + r")\)|TEAM ID|\b2015-16-(?:" + "|".join(TEAM_IDS) + r")\b")
NUMBERS = {"g001": "WSHL-001", "g002": "WSHL-002", "g003": "WSHL-003", "g004": "WSHL-004",
           "g101": "WSHL-015", "g102": "WSHL-016", "g103": "WSHL-017"}
"""The league's number of each game: the example's set through the facade (as Officials… and `scorekeeper
officials GAME --number N` set them), the rough games' in the season file."""
SENDER = "office@example.org"


def cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "scorekeeper", "--db", str(db), "--operator", "Dana Desk", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def pdf_text(pdf: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages)


def html_text(page: str) -> str:
    """What a reader of the page sees: its text and its titles, no markup, links or data attributes."""
    shown = re.sub(r"<(style|script)\b.*?</\1>", " ", page, flags=re.S)
    titles = " ".join(re.findall(r'\b(?:title|alt|aria-label)="([^"]*)"', shown))
    return " ".join(re.sub(r"<[^>]+>", " ", shown).split()) + " " + titles


def ids_in(text: str) -> list[str]:
    """Each game id or team id the text shows, with what is around it."""
    return [text[max(0, m.start() - 40):m.end() + 40] for pattern in (GAME_ID, TEAM_ID) for m in pattern.finditer(text)]


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Services, dict[str, str]]]:
    """The reports' season with every game numbered, and what the command line printed about it (readable)."""
    folder = tmp_path_factory.mktemp("numbered")
    db = folder / "league.db"
    svc = Services.open(str(db))
    svc.operator = "Dana Desk"
    assert svc.import_data(example_season()).ok
    for gid in ("g001", "g002", "g003", "g004"):
        details = svc.game_details(gid)
        officials = [{"name": name, "role": role} for role, key in (("referee", "referees"),
                                                                  ("linesman", "linesmen"))
                     for name in details[key]]
        assert svc.set_game_details(gid, NUMBERS[gid], officials).ok
    svc.close()
    rough = rough_season()
    for g in rough["games"]:
        g["number"] = NUMBERS[g["id"]]
    (folder / "rough.json").write_text(json.dumps(rough), encoding="utf-8")
    said = {"import": cli(db, "import", str(folder / "rough.json"))}
    for command in ("suspensions", "fines", "game g101", "game g102", "game g103", "eligibility", "standings"):
        said[command] = cli(db, *command.split())
    for key, done in said.items():
        assert done.returncode == 0, (key, done.stderr)
    svc = Services.open(str(db))
    svc.operator = "Dana Desk"
    yield svc, {key: done.stdout + done.stderr for key, done in said.items()}
    svc.close()


def test_the_season_is_numbered_and_its_json_keeps_the_ids(league: tuple[Services, dict[str, str]]) -> None:
    svc, _ = league
    assert svc.game_names() == NUMBERS
    assert {s["game"] for s in svc.suspensions()["suspensions"]} == {"g101"}  # the JSON keeps the ids
    assert {f["game"] for f in svc.fines()["fines"]} == {"g101"}
    exported = json.loads(svc.export_text())
    assert {g["id"]: g.get("number") for g in exported["games"]} == NUMBERS


def test_the_printed_records_name_games_by_number(league: tuple[Services, dict[str, str]]) -> None:
    svc, _ = league
    statements = pdf_text(svc.fine_statements_pdf())
    notices = pdf_text(svc.suspension_notice_pdf("ot04")) + " " + pdf_text(svc.suspension_notice_pdf("fl"))
    sheets = " ".join(pdf_text(svc.game_sheet_pdf(gid)) for gid in ("g001", "g101", "g102", "g103"))
    standings = pdf_text(svc.standings_pdf())
    assert ids_in(statements + notices + sheets + standings) == []
    assert "WSHL-015 vs Herons" in statements and "Statement 2015-16 Otters" in statements
    assert "in game WSHL-015 on October 25, 2015" in notices and "WSHL-016 Herons served" in notices
    assert "(PEN-FIGHT-1, from game WSHL-015)" in sheets and "Game WSHL-016" in sheets


def test_the_emails_name_games_by_number(league: tuple[Services, dict[str, str]]) -> None:
    svc, _ = league
    notices = suspension_notice_messages(svc, sender=SENDER, include_sent=True)
    statements = fine_statement_messages(svc, sender=SENDER)
    messages: list[EmailMessage] = [*notices.messages, *statements.messages]
    assert messages and notices.skipped and statements.skipped
    texts = []
    for m in messages:
        texts.append(str(m["Subject"]))
        for part in m.walk():
            if part.get_content_type() == "text/plain":
                texts.append(str(part.get_content()))
            elif part.get_content_type() == "application/pdf":
                texts.append(str(part.get_filename()))
                payload = part.get_payload(decode=True)
                assert isinstance(payload, bytes)
                texts.append(pdf_text(payload))
    texts += [s.text for s in [*notices.skipped, *statements.skipped]]
    everything = "\n".join(texts)
    assert ids_in(everything) == []
    assert "for fighting in game WSHL-015 on" in " ".join(everything.split())
    assert "game WSHL-015: OT4 Otters" in everything and "fine statement 2015-16 Otters (Otters)" in everything
    assert "the suspension notice of François Lefèbvre (Herons, game WSHL-015) not sent" in everything


def test_the_site_names_games_by_number(league: tuple[Services, dict[str, str]], tmp_path: Path) -> None:
    svc, _ = league
    site = publish(svc, tmp_path / "www", game_sheets=False)
    pages = {str(page.relative_to(tmp_path / "www")): html_text(page.read_text(encoding="utf-8"))
             for page in site.pages}
    assert {page: ids_in(text) for page, text in pages.items() if ids_in(text)} == {}
    assert "Game WSHL-015 ·" in pages["games/g101.html"] and "WSHL-016" in pages["games.html"]


def test_the_rules_messages_name_games_by_number(league: tuple[Services, dict[str, str]]) -> None:
    svc, _ = league
    said = [v["message"] for v in svc.game("g102")["violations"]]  # SUSP-2: no e-mail recorded to the captain
    sitting = [c["message"] for c in svc.lineup_candidates("g103", "home") if c["message"]]
    lineup = [{"player": p, "goalie": p == "ot01"} for p in ("ot01", "ot02", "ot03", "ot04", "ot05", "ot06")]
    dressed = svc.set_lineup("g103", "home", lineup)  # ELIG-2: ot04 is suspended
    assert not dressed.ok
    said += sitting + [v.message for v in dressed.violations]
    payment = {"payer": {"team": "lynx"}, "amount": "10.00", "date": "2015-11-05",
               "fine": {"game": "g101", "rule": "PEN-FIGHT-1"}}
    with pytest.raises(ServiceError) as refused:  # the window's Record payment: a fine the payer does not owe
        svc.record_payment(payment)
    said.append(str(refused.value))
    filed = svc.import_data({**{k: example_season()[k] for k in ("format", "league", "season", "rulebook")},
                             "payments": [payment]})  # FINE-STMT: a season file's payment of a fine never billed
    assert not filed.ok
    said += [v.message for v in filed.violations]
    assert ids_in("\n".join(said)) == []
    joined = "\n".join(said)
    assert "OT4 Otters's suspension (game WSHL-015)" in joined and "on 2015-10-25 (game WSHL-015)" in joined
    assert "Lynx was never billed a fine of game WSHL-015" in joined and "by team Lynx" in joined
    assert "Lynx owes no fine under PEN-FIGHT-1 for game WSHL-015" in joined


def test_the_command_lines_readable_output_names_games_by_number(league: tuple[Services, dict[str, str]]) -> None:
    _, said = league
    assert {key: ids_in(text) for key, text in said.items() if ids_in(text)} == {}
    assert re.search(r"OT4 Otters\s+Otters\s+WSHL-015\s+PEN-FIGHT-1", said["suspensions"])
    assert re.search(r"Herons\s+François Lefèbvre\s+50\.00\s+PEN-FIGHT-1\s+WSHL-015", said["fines"])
    assert said["game g101"].startswith("Game WSHL-015 (regular, final)")
    assert "WARN SUSP-2 (§8) game WSHL-016: the captain of Otters" in said["import"]


def test_the_json_output_keeps_the_ids(league: tuple[Services, dict[str, str]], tmp_path: Path) -> None:
    svc, _ = league
    db = Path(str(svc.sqlite_path))
    suspensions = json.loads(cli(db, "suspensions", "--json").stdout)
    assert {s["game"] for s in suspensions["suspensions"]} == {"g101"}
    game: dict[str, Any] = json.loads(cli(db, "game", "g102", "--json").stdout)
    assert game["id"] == "g102"
