"""The league's statistics website: `publish(svc, folder)` writes static HTML and CSS (Jinja2 templates in
scorekeeper/resources/site/), `add_parser` / `run` give the command line `scorekeeper publish -o FOLDER`. Jinja2 and
ReportLab are imported only when a site is published."""

from __future__ import annotations

from scorekeeper.site.command import add_parser, run
from scorekeeper.site.publish import PublishError, PublishResult, publish, site_context

__all__ = ["PublishError", "PublishResult", "add_parser", "publish", "run", "site_context"]
