"""The office list (issue 27.11): what waits for the office rather than the scorekeeper at the boards, from the
same rules that warn about it in a line-up: a captain to e-mail about a suspension before the team's next game
(SUSP-2) and a suspension the rules proposed that the office has yet to confirm or decline (PEN-GM-2 and the like).
The Season tab shows it; the boards never ask about it."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.results_records import OfficeListItem
from scorekeeper.rules.discipline import outstanding_notices, sanctions
from scorekeeper.rules.office_records import NOTICE_RULE
from scorekeeper.rules.proposals import PROPOSED, proposal_state
from scorekeeper.rules.season_facts import SeasonFacts

NOTICE, PROPOSAL = "notice", "proposal"


@dataclass(frozen=True)
class OfficeItem:
    """One thing for the office to do: its `kind` (NOTICE, PROPOSAL), the rule and section it is due under, what
    to do in words, and the player, team and game (the offence's) it concerns, with the game `due` (for a notice:
    the team's next game, before which the captain is to be told)."""

    kind: str
    rule: str
    section: str
    what: str
    player: str
    team: str
    game: str
    due: str = ""

    def to_json(self) -> OfficeListItem:
        return {"kind": self.kind, "rule": self.rule, "section": self.section, "what": self.what,
                "player": self.player, "team": self.team, "game": self.game, "due": self.due}


def office_items(view: SeasonFacts) -> list[OfficeItem]:
    """The office list of a season: captains' notices due (SUSP-2) before games not yet final, in the order of
    those games, then the proposed suspensions awaiting a decision, in the order of their games."""
    out: list[OfficeItem] = []
    book = view.book
    for gid, game in view.games.items():
        if game.get("status") == "final":
            continue
        for side in ("home", "away"):
            team = game[side]
            for s in outstanding_notices(view, gid, team):
                out.append(OfficeItem(
                    NOTICE, NOTICE_RULE, book.section(NOTICE_RULE),
                    f"E-mail the captain of {view.name_of(team)} about {view.player_name(s.player)}'s suspension "
                    f"(game {view.game_name(s.game)}) before game {view.game_name(gid)} on {game['date']}",
                    s.player, team, s.game, gid))
    for s in sanctions(view):
        if proposal_state(view, s) == PROPOSED:
            out.append(OfficeItem(
                PROPOSAL, s.row.rule, book.section(s.row.rule),
                f"Confirm or decline the {s.kind} suspension proposed for {view.player_name(s.player)} "
                f"({view.name_of(s.team)}) in game {view.game_name(s.game)}", s.player, s.team, s.game))
    return out
