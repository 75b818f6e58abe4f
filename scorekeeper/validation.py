"""Every violation of a season or of some of its games: references first, then the rules; the blocks the office
overrode (recorded in the audit trail) kept as information. The judge of the one path of every change."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from scorekeeper.ids import GameId
from scorekeeper.rules.appeals import check_appeals
from scorekeeper.rules.coed import check_coed_roster
from scorekeeper.rules.lineup import check_lineups
from scorekeeper.rules.references import check_references
from scorekeeper.rules.roster import check_roster
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView


def validate_season(view: SeasonView, games: list[str] | None = None, season_level: bool = True) -> list[Violation]:
    """Every violation of the season (or of the named games): references first, then the rules.
    `season_level=False` skips the roster, co-ed signing and appeal checks when only games changed."""
    found = check_references(view, games if not season_level else None)
    if found:
        return found
    if season_level:
        found.extend(check_roster(view))
        found.extend(check_coed_roster(view))
        found.extend(check_appeals(view))
    for gid in games if games is not None else list(view.games):
        found.extend(lineup_checks(view, gid))
        found.extend(view.state(gid).violations)
    return apply_overrides(view, found)


def lineup_checks(view: SeasonView, gid: str) -> list[Violation]:
    """A game's line-up checks, once per state of the season (a view is never changed in place)."""
    checks, key = view.derived.lineup_checks, GameId(gid)
    if key not in checks:
        checks[key] = check_lineups(view, gid)
    return checks[key]


def overrides_from_audit(entries: Sequence[Mapping[str, object]]) -> dict[str, str]:
    """The block overrides recorded in an audit trail (its entries as a file gives them): key -> reason."""
    return {subject: _reason(e) for e in entries
            if e.get("action") == "override block" and isinstance(subject := e.get("subject"), str)}


def _reason(entry: Mapping[str, object]) -> str:
    """The reason an audit entry's `after` gives ('' where none)."""
    after = entry.get("after") or {}
    reason = after.get("reason", "") if isinstance(after, dict) else ""
    return reason if isinstance(reason, str) else str(reason)


def override_key(v: Violation) -> str:
    return f"{v.rule}|{v.where}|{v.message}"


def apply_overrides(view: SeasonView, found: list[Violation]) -> list[Violation]:
    """Blocks the office overrode (with a reason, recorded in the audit trail) are kept as information."""
    overrides = view.office.overrides
    if not overrides:
        return found
    return [replace(v, severity="info", message=f"{v.message} (overridden by the office: "
                    f"{overrides[override_key(v)]})") if v.blocks and override_key(v) in overrides else v
            for v in found]
