"""What a season file may not bring, office password or not (issue 26): a season file carries data, never an
office act. A signature on a game it leaves unfinished (SIGN), a payment beyond the bounds (FINE-STMT, see
`scorekeeper.rules.payments`), a decision on a suspension the rules never proposed (PEN-GM-2): each is a block
naming where it is in the file, and the whole file is refused."""

from __future__ import annotations

from typing import Any, cast

from scorekeeper.rules.decisions import unanswered
from scorekeeper.rules.payments import payment_problems
from scorekeeper.rules.proposals import DECISIONS_KEY
from scorekeeper.rules.signed_games import unfinished_signatures
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import GameData, SuspensionDecisionData


def data_refusals(incoming: dict[str, Any], changes: dict[str, list[dict[str, Any]]], existing: dict[str, Any],
                  view: SeasonView) -> list[Violation]:
    """The blocks of what the import writes (`changes`, objects of the normalised file `incoming`) against the
    season as stored (`existing`) and as it would be (`view`)."""
    where = {id(o): f"{name}[{n}]" for name in ("games", "payments", DECISIONS_KEY)
             for n, o in enumerate(incoming.get(name) or [])}

    def located(name: str) -> list[tuple[str, dict[str, Any]]]:
        return [(where.get(id(o), name), o) for o in changes.get(name) or []]

    old_games = {g["id"]: g for g in existing.get("games", [])}
    # the normalised file's records (GameData, SuspensionDecisionData), not typed here yet
    out = [v for at, g in located("games")
           for v in unfinished_signatures(at, cast(GameData, g), old_games.get(g["id"]))]
    decisions = cast("list[tuple[str, SuspensionDecisionData]]", located(DECISIONS_KEY))
    return [*out, *payment_problems(view, located("payments")), *unanswered(view, decisions)]
