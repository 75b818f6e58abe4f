"""The league's statistics website: `publish(svc, folder)` writes static HTML and CSS (Jinja2 templates in
scorekeeper/resources/site/); scorekeeper.commands.publish gives the command line `scorekeeper publish -o
FOLDER`. Jinja2 and ReportLab are imported only when a site is published."""

from __future__ import annotations

from scorekeeper.site.context import site_context
from scorekeeper.site.publish import PublishError, PublishResult, publish

__all__ = ["PublishError", "PublishResult", "publish", "site_context"]
