"""The league's statistics website (rulebook Section 1 k: playoff eligibility "as per the statistics page on
our website"): static HTML and CSS made with Jinja2 templates from `resources/site/`, opened straight from the
folder (no server, no JavaScript), readable on a phone.

Pages: index, standings per division, scoring and penalty leaders, suspensions in force with games left,
playoff eligibility per team, every game's result with a page of its own and its game sheet PDF where
`scorekeeper.reports` can build it. What the pages show is gathered in `scorekeeper.site.context`; this module
writes them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.atomic import write_atomically
from scorekeeper.outputs import OutputPathError
from scorekeeper.resources import resource_path
from scorekeeper.site.context import game_page, site_context, slug
from scorekeeper.textfmt import long_date, short_date

if TYPE_CHECKING:
    from jinja2 import Environment

    from scorekeeper.site.source import SiteSource

__all__ = ["PAGES", "Progress", "PublishError", "PublishResult", "publish", "site_context", "slug"]

# progress(done, total, what) -> False to stop
Progress = Callable[[int, int, str], bool | None]
PAGES = (("index.html", "Home"), ("standings.html", "Standings"), ("leaders.html", "Leaders"),
         ("suspensions.html", "Suspensions"), ("eligibility.html", "Playoff eligibility"), ("games.html", "Games"))


class PublishError(Exception):
    """The site cannot be written; the message says why."""


@dataclass
class PublishResult:
    folder: Path
    pages: list[Path] = field(default_factory=list)
    sheets: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what is missing and why (no game sheets, say)


# -- writing ----------------------------------------------------------------------------------------------------
def _environment() -> Environment:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(loader=FileSystemLoader(str(resource_path("site", "templates"))), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["short_date"] = short_date
    env.filters["long_date"] = long_date
    env.filters["signed"] = lambda n: f"+{n}" if isinstance(n, int) and n > 0 else str(n)
    return env


def _write(path: Path, content: str | bytes, database: Path | None = None) -> None:
    """Write a file whole or not at all (never over a device, a FIFO or the league `database`)."""
    write_atomically(path, content, make_folder=True, database=database)


# -- publishing -------------------------------------------------------------------------------------------------
def _sheet_builder() -> Callable[[SiteSource, str, str | None], bytes] | None:
    try:
        from scorekeeper.reports.data import game_sheet_data
        from scorekeeper.reports.game_sheet import build_game_sheet
    except ImportError:
        return None

    def build(svc: SiteSource, gid: str, season: str | None) -> bytes:
        return build_game_sheet(game_sheet_data(svc, gid, season=season))

    return build


def publish(svc: SiteSource, folder: str | Path, season: str | None = None, game_sheets: bool = True,
            progress: Progress | None = None) -> PublishResult:
    """Write the site into `folder` (made if missing; files of an earlier publish are replaced, nothing else
    in the folder is touched). Returns the pages and game sheets written, and notes on anything left out."""
    out = PublishResult(Path(folder))
    root = out.folder
    db = svc.sqlite_path
    if root.exists() and not root.is_dir():
        raise PublishError(f"cannot publish to {root}: it is a file, not a folder")
    try:
        env = _environment()
    except ImportError:
        raise PublishError("the statistics site needs Jinja2: pip install jinja2") from None
    ctx = site_context(svc, season)
    build = _sheet_builder() if game_sheets else None
    finals = [r for r in ctx.games if r["status"] == "final"]
    total = len(PAGES) + len(ctx.games) + (len(finals) if build else 0)
    done = 0

    def step(what: str) -> None:
        nonlocal done
        if progress is not None and progress(done, total, what) is False:
            raise PublishError("publishing was stopped; the site in the folder may be incomplete")
        done += 1

    try:
        root.mkdir(parents=True, exist_ok=True)
        if build is None and game_sheets:
            out.notes.append("game sheets are not linked: the reports module (scorekeeper.reports) is not available")
        if build is not None:
            from scorekeeper.facade.errors import ServiceError
            from scorekeeper.reports.data import ReportError

            for r in finals:
                step(f"game sheet {r['id']}")
                try:
                    pdf = build(svc, r["id"], season)
                except (ReportError, ServiceError) as exc:
                    out.notes.append(f"no game sheet for game {r['id']}: {exc}")
                    continue
                path = root / "sheets" / f"{slug(r['id'])}.pdf"
                _write(path, pdf, db)
                out.sheets.append(path)
                r["sheet"] = f"sheets/{path.name}"
        common = {**ctx.template_values(), "nav": PAGES}
        for name, title in PAGES:
            step(name)
            html = env.get_template(name).render(**common, page=name, title=title, root="")
            _write(root / name, html, db)
            out.pages.append(root / name)
        game_tpl = env.get_template("game.html")
        for r in ctx.games:
            step(r["page"])
            html = game_tpl.render(**common, **game_page(ctx, r).template_values(), page="games.html",
                                   title=f"{r['home_name']} – {r['away_name']}, {short_date(r['date'])}", root="../")
            _write(root / r["page"], html, db)
            out.pages.append(root / r["page"])
        _write(root / "style.css", resource_path("site", "style.css").read_bytes(), db)
    except OutputPathError as exc:
        raise PublishError(f"cannot write the site to {root}: {exc}") from None
    except OSError as exc:
        raise PublishError(f"cannot write the site to {root}: {exc.strerror or exc}") from None
    if progress is not None:
        progress(total, total, "done")
    return out
