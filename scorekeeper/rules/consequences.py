"""What a game has set off under the rulebook, as the boards and the office are told it: each ejection (and the
rule that ejected), each suspension and fine of the discipline rows its penalties set off, each penalty on the
referee's report to the league, and, at one moment, a side two men down.

Nothing is judged here: the ejections are the game's computation's (`rules.ejections` judged them), the
suspensions and fines are `rules.discipline`'s sanctions (`game_sanctions`: a game not final counts as if
finished now) with `rules.fines`' amounts, the report is `rules.league_report`'s; this module only names them
for people, with the rule and section.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypedDict

from scorekeeper.engine.state import GameState, PenaltyRecord, Reported
from scorekeeper.engine.timefmt import fmt_mmss
from scorekeeper.results_records import TeamOnIce
from scorekeeper.rulebook.model import Rulebook
from scorekeeper.rules.discipline import game_sanctions, lifted, offence_text
from scorekeeper.rules.ejections import (
    CLASS_RULE,
    COUNT_RULE,
    GAME_MISCONDUCT_RULE,
    MAJORS_RULE,
    MISCONDUCTS_RULE,
    TAKES_NO_PART_RULE,
)
from scorekeeper.rules.fines import fine_cents, waived
from scorekeeper.rules.league_report import LATE_MISCONDUCT_RULE, REPORT_RULE
from scorekeeper.rules.on_ice import IN_BOX_RULE
from scorekeeper.rules.proposals import pending_text, proposal_state
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.screens import EJECTION, FINE, REPORT, SUSPENSION, TWO_DOWN, Consequence
from scorekeeper.season.records import Sanction
from scorekeeper.seasonfile import cents_to_money


class _At(TypedDict, total=False):
    """When a sanction was set off (none: its penalty is not known), as `Consequence` takes it."""

    period: int
    elapsed: str


_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


def ordinal(n: int) -> str:
    """3 -> 'third' (then '7th', '8th'...)."""
    return _ORDINALS.get(n, f"{n}th")


def newly_caused(before: Iterable[Consequence], after: Iterable[Consequence]) -> tuple[Consequence, ...]:
    """The consequences in `after` that `before` does not have (counted: a second fight is a second one)."""
    known = Counter(c.key for c in before)
    out = []
    for c in after:
        if known[c.key]:
            known[c.key] -= 1
        else:
            out.append(c)
    return tuple(out)


def game_consequences(view: SeasonFacts, game_id: str) -> tuple[Consequence, ...]:
    """Everything game `game_id` has set off so far: ejections, suspensions, fines and the report, in that
    order (each in game order)."""
    state = view.state(game_id)
    book = view.book
    game = view.games[game_id]
    side_of = {game["home"]: "home", game["away"]: "away"}
    by_seq = {p.seq: p for p in state.penalties}
    out = [_ejection(book, state, e.player, e.team, e.rule, by_seq.get(e.seq)) for e in state.ejections]
    sanctions = game_sanctions(view, game_id) if _sets_off_discipline(book, state) else ()
    for s in sanctions:
        out.extend(_sanction(view, state, s, side_of.get(s.team, "home")))
    out.extend(_reported(book, state, row) for row in state.reported)
    return tuple(out)


def _sets_off_discipline(book: Rulebook, state: GameState) -> bool:
    """Whether any of the game's penalties can set off a discipline row (else the season's sanctions need not
    be asked): a named player's penalty with a trigger, a repeat, a game misconduct or an ejection."""
    ejected = {e.seq for e in state.ejections}
    for p in state.penalties:
        if p.player is None:
            continue
        inf = book.infractions.get(p.infraction)
        klass = book.penalties.classes.get(p.cls)
        if (p.repeat or p.added_gm or p.seq in ejected or (inf is not None and inf.trigger)
                or (klass is not None and (klass.trigger or klass.ejects))):
            return True
    return False


def _who(state: GameState, side: str, player: str | None) -> str:
    if player is None:
        return ""
    dressed = state.game.dressed(side, player)
    return dressed.label() if dressed is not None else player


def ejection_reason(book: Rulebook, rule: str, penalty: PenaltyRecord | None) -> str:
    """Why a player was ejected, in the rulebook's words: 'third penalty of the game', 'second major of the
    game', 'game misconduct', or the infraction that ejects ('Fighting')."""
    pen = book.penalties
    if rule == COUNT_RULE:
        return f"{ordinal(pen.ejection_at_count)} penalty of the game"
    if rule == MAJORS_RULE:
        return f"{ordinal(pen.ejection_at_majors)} major of the game"
    if rule == MISCONDUCTS_RULE:
        return f"{ordinal(pen.ejection_at_misconducts)} misconduct of the game"
    if rule == GAME_MISCONDUCT_RULE:
        return "game misconduct"
    if penalty is not None:
        inf = book.infractions.get(penalty.infraction)
        if inf is not None and inf.ejects and inf.rule == rule:
            return inf.name
        if CLASS_RULE.get(penalty.cls) == rule:
            return penalty.cls.replace("_", " ")
    ref = book.rules.get(rule)
    return ref.title if ref else rule


def _ejection(book: Rulebook, state: GameState, player: str, side: str, rule: str,
              penalty: PenaltyRecord | None) -> Consequence:
    return Consequence(EJECTION, side, player, _who(state, side, player), rule, book.section(rule),
                       ejection_reason(book, rule, penalty),
                       f"takes no further part in the game ({book.section(TAKES_NO_PART_RULE) or 'ejected'})",
                       penalty.period if penalty else None, fmt_mmss(penalty.elapsed) if penalty else "")


def suspension_text(kind: str, games: int | str, min_games: int | None, review: bool) -> str:
    """'suspended for the next game', '... next 5 games', '... for the rest of the season', 'suspended
    indefinitely (at least 5 games; the league reviews it)'."""
    if kind == "games":
        n = int(games)
        text = "suspended for the next game" if n == 1 else f"suspended for the next {n} games"
    elif kind == "season":
        text = "suspended for the rest of the season"
    else:
        text = "suspended indefinitely" + (f" (at least {min_games} games)" if min_games else "")
    return text + ("; the league reviews it" if review else "")


def _sanction(view: SeasonFacts, state: GameState, s: Sanction, side: str) -> list[Consequence]:
    book = view.book
    row = s.row
    mine = [p for p in state.penalties if p.player == s.player]
    what = offence_text(book, row.rule, [{"infraction": p.infraction, "class": p.cls} for p in mine])
    first = next((p for p in mine if book.infractions.get(p.infraction) is not None
                  and (book.infractions[p.infraction].rule == row.rule)), mine[-1] if mine else None)
    at: _At = {"period": first.period, "elapsed": fmt_mmss(first.elapsed)} if first else {}
    who = _who(state, side, s.player)
    out = []
    decision = proposal_state(view, s)  # PEN-GM-2: a row with `confirm` proposes; the office decides
    if row.suspend:
        follows = suspension_text(s.kind, row.suspend, row.min_games, row.review)
        if decision is not None:
            follows = f"{follows} — {pending_text(view, s) if decision == 'proposed' else decision}"
        if lifted(view, s):
            follows += " — lifted"
        out.append(Consequence(SUSPENSION, side, s.player, who, row.rule, book.section(row.rule), what, follows,
                               **at))
    cents = fine_cents(s)
    if cents > 0:
        payer = "the team" if row.payer == "team" else "the player"
        fine_rule = row.fine_row if row.fine_row in book.rules else row.rule
        follows = f"fine: {cents_to_money(cents)}, paid by {payer}" + (" — waived" if waived(view, s) else "")
        if decision is not None and decision != "confirmed":
            follows += f" — {decision}: owed only once the office confirms it"
        out.append(Consequence(FINE, side, s.player, who, fine_rule, book.section(fine_rule), what, follows, **at))
    return out


def _reported(book: Rulebook, state: GameState, row: Reported) -> Consequence:
    late = row.get("reason") == "late misconduct"
    rule = LATE_MISCONDUCT_RULE if late else REPORT_RULE
    inf = book.infractions.get(str(row.get("infraction")))
    side = str(row.get("team"))
    player = row.get("player")
    return Consequence(REPORT, side, player, _who(state, side, player) or "bench", rule, book.section(rule),
                       inf.name if inf else str(row.get("infraction")),
                       f"reported to the league ({row.get('reason')})",
                       row.get("period"), str(row.get("elapsed") or ""))


def two_men_down(book: Rulebook, side: str, team: str, live_side: TeamOnIce, period: int | None = None,
                 elapsed: str = "") -> Consequence | None:
    """The side (`team`: its name) two or more short-handed penalties down at this moment (`live_side`: the
    live state's side), or None: how many it plays with, until when, and that a further penalty waits (ICE-4)."""
    running = [b for b in live_side.get("box") or [] if b.get("short_handed")]
    if len(running) < 2:
        return None
    skaters = int(live_side.get("skaters") or 0)
    goalie = " and a goalie" if live_side.get("goalie") else ""
    first_end = min(str(b.get("ends") or "") for b in running)
    return Consequence(TWO_DOWN, side, None, team, IN_BOX_RULE, book.section(IN_BOX_RULE),
                       f"two men short: {skaters} skaters{goalie}",
                       f"until {first_end}; a further penalty starts only when one expires", period, elapsed)
