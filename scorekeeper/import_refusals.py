"""What a season file may not bring, office password or not (issue 26): a season file carries data, never an
office act. A signature on a game it leaves unfinished (SIGN), a payment beyond the bounds (FINE-STMT, see
`scorekeeper.rules.payments`), a decision on a suspension the rules never proposed (PEN-GM-2): each is a block
naming where it is in the file, and the whole file is refused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from scorekeeper.facade.changeset import ListChanges
from scorekeeper.rules.decisions import unanswered
from scorekeeper.rules.payments import payment_problems
from scorekeeper.rules.proposals import DECISIONS_KEY
from scorekeeper.rules.signed_games import unfinished_signatures
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import SeasonData

T = TypeVar("T")


def data_refusals(incoming: SeasonData, changes: ListChanges, existing: SeasonData,
                  view: SeasonView) -> list[Violation]:
    """The blocks of what the import writes (`changes`, objects of the normalised file `incoming`) against the
    season as stored (`existing`) and as it would be (`view`)."""
    listed: tuple[tuple[str, Sequence[object]], ...] = (
        ("games", incoming.get("games") or []), ("payments", incoming.get("payments") or []),
        (DECISIONS_KEY, incoming.get("season_suspension_decisions") or []))
    where = {id(o): f"{name}[{n}]" for name, objs in listed for n, o in enumerate(objs)}

    def located(name: str, objs: list[T]) -> list[tuple[str, T]]:
        return [(where.get(id(o), name), o) for o in objs]

    old_games = {g["id"]: g for g in existing.get("games", [])}
    out = [v for at, g in located("games", changes.get("games") or [])
           for v in unfinished_signatures(at, g, old_games.get(g["id"]))]
    payments = located("payments", changes.get("payments") or [])
    decisions = located(DECISIONS_KEY, changes.get("season_suspension_decisions") or [])
    return [*out, *payment_problems(view, payments), *unanswered(view, decisions)]
