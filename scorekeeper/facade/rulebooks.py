"""The rulebooks part of the facade: the rulebooks a season can name (loaded into the database or shipped),
loading another league's, and the rulebook in force (its infractions, rules and sections)."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.db import store
from scorekeeper.db.migrations import same_text
from scorekeeper.db.models import Season
from scorekeeper.facade.core import Core, Part, bound
from scorekeeper.facade.errors import ServiceError
from scorekeeper.facade.office import Office
from scorekeeper.results_records import InfractionEntry, InfractionSearch, LoadedRulebook, RulebookEntry
from scorekeeper.rulebook import (
    DEFAULT_RULEBOOK,
    RulebookError,
    load_rulebook,
    load_rulebook_file,
    parse_rulebook,
    shipped_rulebooks,
)
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.ids import OFFICE
from scorekeeper.rules.infraction_lookup import did_you_mean, find_infractions


@bound
class Rulebooks(Part):
    """Rulebooks by id, and the one a season is played under."""

    def __init__(self, core: Core, office: Office) -> None:
        super().__init__(core)
        self.office = office

    def book_named(self, name: str) -> Rulebook:
        """A rulebook by id: one loaded into this database (`load_rulebook_file`), else one Scorekeeper ships."""
        record = store.find_rulebook(name)
        if record is not None:
            return parse_rulebook(record.text, origin=f"rulebook {record.name}")
        try:
            return load_rulebook(name)
        except RulebookError:
            loaded = [r.name for r in store.list_rulebooks()]
            shipped = shipped_rulebooks()
            raise RulebookError(f"no rulebook named {name!r} (shipped: {', '.join(shipped) or 'none'}; loaded "
                                f"into this database: {', '.join(loaded) or 'none'})") from None

    def rulebooks(self) -> list[RulebookEntry]:
        """Every rulebook a season can name: those loaded into the database and those shipped."""
        out: dict[str, RulebookEntry] = {}
        seasons = store.list_seasons()
        for record in store.list_rulebooks():
            out[record.name] = {"name": record.name, "source": "database",
                                "seasons": [s.name for s in seasons if s.rulebook.name == record.name]}
        for name in shipped_rulebooks():
            out.setdefault(name, {"name": name, "source": "shipped", "seasons": []})
        return sorted(out.values(), key=lambda r: r["name"])

    def load_rulebook_file(self, path: str | Path) -> LoadedRulebook:
        """Load another league's rulebook (a TOML file like the shipped ones) into the database, so
        that a season file or a new season can name it by its `id`. The file is checked whole first; a rulebook
        already loaded under that id keeps its text (its seasons are played under it): loading the same text
        again changes nothing, a different one is refused."""
        if not self.core.office_unlocked:
            self.office.log_refused("load a rulebook")
            raise ServiceError(f"loading a rulebook needs the office password ({OFFICE}): unlock the office first")
        try:
            book = load_rulebook_file(path)
        except RulebookError as exc:
            raise ServiceError(str(exc)) from None
        existing = store.find_rulebook(book.id)
        if (existing is None and book.id in shipped_rulebooks()
                and book.source_text != load_rulebook(book.id).source_text):
            raise ServiceError(f"{path}: the rulebook id {book.id!r} is one Scorekeeper ships; give this "
                               "rulebook an id of its own")
        if existing is not None:
            if existing.text != book.source_text:
                raise ServiceError(f"{path}: a different rulebook {book.id!r} is already loaded into the database "
                                   "(a season keeps the rulebook it is played under); give this one an id of its own")
            return {"name": book.id, "league": book.league, "title": book.name, "loaded": False}
        with self.core.write_transaction():
            store.ensure_rulebook(book.id, book.source_text)
            self.core.audit_any("load rulebook", book.id)
        self.core.forget()
        return {"name": book.id, "league": book.league, "title": book.name, "loaded": True}

    def book_for_file(self, name: str | None, text: str | None) -> tuple[Rulebook, bool]:
        """The rulebook a season file's new season is played under: the TOML text the file embeds
        (`rulebook_text`, checked whole; its id must be the file's `rulebook`), else the rulebook named. True when
        the text is one this database does not hold yet: the import loads it (an office action)."""
        if text is None:
            return self.book_named(name or DEFAULT_RULEBOOK), False
        book = parse_rulebook(text, origin="the season file's rulebook_text")
        if name and name != book.id:
            raise RulebookError(f"the season file names the rulebook {name!r} but its rulebook_text is the rulebook "
                                f"{book.id!r}")
        conflict = self.text_conflict(book.id, text)
        if conflict:
            raise RulebookError(conflict)
        return book, store.find_rulebook(book.id) is None and book.id not in shipped_rulebooks()

    def text_conflict(self, rulebook_id: str, text: str, held: str | None = None) -> str:
        """Why `text` cannot stand for the rulebook `rulebook_id` here ('' when it can): this database (or
        Scorekeeper, for a shipped id) holds another text under that id. `held`: the text a season is played under.
        A text an earlier release shipped under that id is the same rulebook (the migration gave it today's)."""
        source = "this database holds"
        if held is None:
            record = store.find_rulebook(rulebook_id)
            held = record.text if record is not None else None
        if held is None and rulebook_id in shipped_rulebooks():
            held, source = load_rulebook(rulebook_id).source_text, "Scorekeeper ships"
        if held is None or same_text(rulebook_id, held, text):
            return ""
        return (f"the season file's rulebook_text is not the rulebook {rulebook_id!r} {source} under that id (a "
                "season keeps the rulebook it is played under): give the file's rulebook an id of its own")

    def rulebook_for(self, season: Season) -> Rulebook:
        try:
            return parse_rulebook(season.rulebook.text, origin=f"rulebook {season.rulebook.name}")
        except RulebookError as exc:
            raise ServiceError(str(exc)) from None

    # -- the rulebook in force --------------------------------------------------------------------------------
    def infractions(self, season: str | None = None) -> list[InfractionEntry]:
        """The infraction catalogue in force: code, name (and the plain name a sheet prints: 'Tripping'), classes,
        minutes per class, section, rule."""
        book = self.core.view(season).book
        return [{"code": i.code, "name": i.name, "plain_name": i.plain_name, "classes": list(i.classes()),
                 "minutes": {c: book.penalty_minutes(i, c) for c in i.classes()}, "section": i.section,
                 "rule": i.rule, "coed_only": i.coed_only} for i in book.infractions.values()]

    def find_infractions(self, text: str, season: str | None = None) -> InfractionSearch:
        """What `text` (a code, a name or any word of them) finds in the rulebook in force: `codes`, best first,
        and `did_you_mean` ("did you mean Hooking (hooking)?"; empty when nothing is near) for a near miss."""
        infractions = self.core.view(season).book.infractions
        return {"codes": find_infractions(infractions, text), "did_you_mean": did_you_mean(infractions, text)}

    def rules(self, season: str | None = None) -> list[dict[str, str]]:
        """Every rule ID of the rulebook in force with its section and title."""
        return [{"id": r.id, "section": r.section, "title": r.title}
                for r in self.core.view(season).book.rules.values()]

    def section(self, rule_id: str, season: str | None = None) -> str:
        return self.core.view(season).book.section(rule_id)
