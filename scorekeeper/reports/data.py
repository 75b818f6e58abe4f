"""The plain data each printed record is built from, gathered through the facade's public methods only.

The builders (game_sheet, fine_statements, suspension_notice, standings_report) take these dataclasses and
never see a model, a query or the facade, so they can be tested and previewed from hand-made data. Nothing
here imports ReportLab. Money stays in integer cents until it is printed.

This module names them all in one place; each record's data lives in its own module (`game_sheet_records` and
`game_sheet_data`, `fine_statements_data`, `suspension_notices_data`, `standings_data`), the shared words in
`wording` and the season's look-ups in `season_lookup`. They read the league through `source.ReportSource`.
"""

from __future__ import annotations

from scorekeeper.reports.fine_statements_data import (
    FineLine,
    FineStatement,
    FineStatementsData,
    PaymentLine,
    fine_statements_data,
)
from scorekeeper.reports.game_sheet_data import game_sheet_data
from scorekeeper.reports.game_sheet_records import (
    GameSheetData,
    SheetAbsent,
    SheetAction,
    SheetGoal,
    SheetGoalie,
    SheetPenalty,
    SheetPlayer,
    SheetTeam,
)
from scorekeeper.reports.season_lookup import SIDES, added_game_misconducts
from scorekeeper.reports.standings_data import (
    GoalieRow,
    LeaderRow,
    StandingsData,
    StandingsDivision,
    StandingsRow,
    standings_data,
)
from scorekeeper.reports.suspension_notices_data import (
    NoticeGame,
    SuspensionNotice,
    SuspensionNoticesData,
    suspension_notices_data,
)
from scorekeeper.reports.wording import (
    DECISIONS,
    MONTHS,
    NAME_LIMIT,
    NUMBER_WORDS,
    ReportError,
    cents,
    class_label,
    games_words,
    long_date,
    period_clock,
    period_label,
    printed_name,
    suspension_text,
)

__all__ = [
    "DECISIONS", "MONTHS", "NAME_LIMIT", "NUMBER_WORDS", "SIDES", "FineLine", "FineStatement", "FineStatementsData",
    "GameSheetData", "GoalieRow", "LeaderRow", "NoticeGame", "PaymentLine", "ReportError", "SheetAbsent",
    "SheetAction", "SheetGoal", "SheetGoalie", "SheetPenalty", "SheetPlayer", "SheetTeam", "StandingsData",
    "StandingsDivision", "StandingsRow", "SuspensionNotice", "SuspensionNoticesData", "added_game_misconducts",
    "cents", "class_label", "fine_statements_data", "game_sheet_data", "games_words", "long_date", "period_clock",
    "period_label", "printed_name", "standings_data", "suspension_notices_data", "suspension_text",
]
