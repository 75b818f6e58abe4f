"""Discipline from the fines table (FINE-1..11, A-7, A-8, A-29): the rows each final game's penalties set off, and
the suspensions they carry (SUSP-1 for the games served, A-28 for what carries into the next season).

Each final game's penalties set off discipline rows of the rulebook file; a row for a repeat offence
replaces the row it names (instigator replaces fighting, a second gross misconduct replaces the first-offence
row). An N-game suspension is served by the team's next N final games in date order, forfeits included.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from scorekeeper.engine.events import SIDE_KEYS
from scorekeeper.ids import GameId, PlayerId, TeamId
from scorekeeper.results_records import Suspensions
from scorekeeper.rules.ejections import REPEAT_TRIGGER
from scorekeeper.rules.proposals import CONFIRMED, proposal_state, serving_from
from scorekeeper.rules.season_facts import SeasonFacts
from scorekeeper.rules.suspensions import carried_all, person_key, team_games, team_games_served
from scorekeeper.season.records import Carried, Sanction, SuspensionVerdict
from scorekeeper.season.sides import lineup_of
from scorekeeper.season_data import AppealData, GameData

if TYPE_CHECKING:
    from scorekeeper.engine.state import GameState
    from scorekeeper.rulebook.model import Rulebook

# The row a player's incidents of the season set off (game misconducts, ejections, penalties that set off a row).
SEASON_INCIDENTS = "season_incidents"
# Rows set off by a count (a player's repeat in a game, the season's incidents) rather than by one penalty: named
# by their title, with the penalties that set them off in brackets ("Second major (Fighting, ...)").
COUNTED_TRIGGERS = (*REPEAT_TRIGGER.values(), SEASON_INCIDENTS)


def sanctions(view: SeasonFacts) -> tuple[Sanction, ...]:
    """Every discipline row set off in the season's final games, in game order (cached on the view)."""
    if view.derived.sanctions is None:
        view.derived.sanctions = tuple(_sanctions(view))
    return view.derived.sanctions


def sanctions_of(view: SeasonFacts, player: str) -> tuple[Sanction, ...]:
    """The player's sanctions of the season, in game order (indexed once per state of the season)."""
    if view.derived.by_player is None:
        found: dict[str, list[Sanction]] = {}
        for s in sanctions(view):
            found.setdefault(s.player, []).append(s)
        view.derived.by_player = MappingProxyType({p: tuple(x) for p, x in found.items()})
    return view.derived.by_player.get(player, ())


def game_sanctions(view: SeasonFacts, game_id: str) -> tuple[Sanction, ...]:
    """The discipline rows game `game_id` sets off: for a final game, its share of the season's sanctions; for a
    game not final, those it would set off were it finished now (what the boards are told as it happens)."""
    if view.games[game_id].get("status", "final") == "final":
        return tuple(s for s in sanctions(view) if s.game == game_id)
    return tuple(s for s in _sanctions(view, game_id) if s.game == game_id)


def _sanctions(view: SeasonFacts, provisional: str | None = None) -> list[Sanction]:
    """The season's sanctions; with `provisional`, a game not final counted as if final, up to that game."""
    if provisional is not None:
        return _provisional_sanctions(view, provisional)
    ledger = _Ledger(view.book, _games_dressed(view, provisional))
    last = view.order_of(provisional) if provisional is not None else len(view.games)
    for order, g in enumerate(view.games.values()):
        if order > last:
            break  # a game after the provisional one changes none of its sanctions
        if g.get("status", "final") != "final" and g["id"] != provisional:
            continue
        ledger.add_game(order, g, view.state(g["id"]))
    return ledger.out


def _provisional_sanctions(view: SeasonFacts, provisional: str) -> list[Sanction]:
    """`_sanctions(view, provisional)`: the ledger of the final games before the game not final (kept on the
    view's `derived.ledgers`, which an entry's view shares: an entry into a game not final changes no final game,
    no line-up and no place), then that game added to a copy of it."""
    last = view.order_of(provisional)
    kept = view.derived.ledgers.get(provisional)
    if not isinstance(kept, _Ledger):
        kept = _Ledger(view.book, _games_dressed(view, provisional))
        for order, g in enumerate(view.games.values()):
            if order >= last:
                break  # the provisional game is added to a copy; a game after it changes none of its sanctions
            if g.get("status", "final") == "final":
                kept.add_game(order, g, view.state(g["id"]))
        view.derived.ledgers[provisional] = kept
    ledger = kept.copy()
    ledger.add_game(last, view.games[provisional], view.state(provisional))
    return ledger.out


class _Ledger:
    """The season's sanctions found game by game, in order, with the counts that carry from game to game."""

    def __init__(self, book: Rulebook, dressed: Callable[[str, str, int], int]) -> None:
        self.book = book
        self.dressed = dressed  # FINE-11: (player, team, upto) -> games dressed
        self.out: list[Sanction] = []
        self.offences: dict[tuple[str, str], int] = {}  # (player, trigger) -> the season's offences under a repeat
        self.season_incidents: dict[str, int] = {}  # PEN-GM-2 / A-11: game misconducts, ejections and suspensions
        self.covered: dict[tuple[str, str], int] = {}  # FINE-11: games of an ineligible player already fined

    def copy(self) -> _Ledger:
        """A ledger to go on with while this one stays as it is (its sanctions and counts copied; the sanctions
        themselves are never changed, and `dressed` only reads the games' line-ups)."""
        new = _Ledger(self.book, self.dressed)
        new.out = list(self.out)
        new.offences = dict(self.offences)
        new.season_incidents = dict(self.season_incidents)
        new.covered = dict(self.covered)
        return new

    def add_game(self, order: int, g: GameData, state: GameState) -> None:
        """The sanctions of the final game `g` (at place `order`), its state `state`."""
        triggers, incidents = self._triggers(state)
        for player, found in triggers.items():
            team = g["home" if state.game.dressed("home", player) else "away"]
            self._rows(player, found, team, g, order)
            six = self.book.discipline_row(SEASON_INCIDENTS)
            if six is not None and six.count and player in incidents:
                before = self.season_incidents.get(player, 0)
                self.season_incidents[player] = before + incidents[player]
                if before < six.count <= self.season_incidents[player]:
                    self.out.append(Sanction(PlayerId(player), TeamId(team), GameId(g["id"]), six, order, "",
                                             g["date"]))

    def _triggers(self, state: GameState) -> tuple[dict[str, list[tuple[str, str]]], dict[str, int]]:
        """player -> the (trigger, infraction) of each row the game's penalties set off; player -> the game's
        incidents counted toward the season's (a game misconduct, an ejection, a penalty that sets off a row)."""
        book = self.book
        triggers: dict[str, list[tuple[str, str]]] = {}
        incidents: dict[str, int] = {}
        ejected_at = {e.seq: e.player for e in state.ejections}
        for pen in state.penalties:
            if pen.player is None:
                continue
            found = triggers.setdefault(pen.player, [])
            gm = pen.added_gm or book.penalties.classes[pen.cls].ejects
            inf = book.infractions[pen.infraction]
            if pen.repeat:  # the major or misconduct of the rulebook's count, as the game's computation found it
                found.append((pen.repeat, pen.infraction))
            trigger = _season_repeat(book, self.offences, pen.player,
                                     inf.trigger or book.penalties.classes[pen.cls].trigger)
            if trigger:
                found.append((trigger, pen.infraction))
            if gm or ejected_at.get(pen.seq) == pen.player or trigger:
                incidents[pen.player] = incidents.get(pen.player, 0) + 1
        return triggers, incidents

    def _rows(self, player: str, found: list[tuple[str, str]], team: str, g: GameData, order: int) -> None:
        """The rows the player's triggers in game `g` set off, less those a repeat's row replaces; a per-game fine
        counts the games dressed not fined yet (FINE-11)."""
        book = self.book
        rows = [(r, code) for r, code in ((book.discipline_row(t), code) for t, code in found) if r is not None]
        replaced = {r.replaces for r, _ in rows if r.replaces}
        for row, code in rows:
            if row.trigger in replaced:
                continue
            units = 1
            if row.fine_per_game_cents:
                units = self.dressed(player, team, order) - self.covered.get((player, team), 0)
                self.covered[(player, team)] = self.covered.get((player, team), 0) + max(units, 0)
            self.out.append(Sanction(PlayerId(player), TeamId(team), GameId(g["id"]), row, order, code, g["date"],
                                     max(units, 1)))


def _season_repeat(book: Rulebook, offences: dict[tuple[str, str], int], player: str,
                   trigger: str | None) -> str | None:
    """The row the player's offence under `trigger` sets off: a row for a repeat within the season (a second gross
    misconduct) takes its place from the player's `count`-th such offence on (A-29)."""
    rows = [r for r in book.discipline if trigger is not None and r.repeat_of == trigger and r.count]
    if trigger is None or not rows:
        return trigger
    n = offences[(player, trigger)] = offences.get((player, trigger), 0) + 1
    reached = [r for r in rows if r.count is not None and n >= r.count]
    return max(reached, key=lambda r: r.count or 0).trigger if reached else trigger


def _games_dressed(view: SeasonFacts, provisional: str | None = None) -> Callable[[str, str, int], int]:
    """FINE-11 / A-10: (player, team, upto) -> final games (and the `provisional` one) up to place `upto` in which
    `player` dressed for `team` (the places indexed in one pass over the games, on first need)."""
    places: dict[tuple[str, str], list[int]] = {}

    def count(player: str, team: str, upto: int) -> int:
        if not places:
            for order, g in enumerate(view.games.values()):
                if g.get("status", "final") != "final" and g["id"] != provisional:
                    continue
                for side in SIDE_KEYS:
                    for p in dict.fromkeys(x["player"] for x in lineup_of(g, side)):
                        places.setdefault((p, g[side]), []).append(order)
        return bisect_right(places.get((player, team), []), upto)

    return count


def served(view: SeasonFacts, s: Sanction, before: int | None = None) -> int:
    """SUSP-1: games of the sanction's team served since the offence, up to place `before` (None: the season's
    end); a proposed suspension (PEN-GM-2) is served only once confirmed, by the games from the decision on."""
    after = serving_from(view, s)
    if after is None:
        return 0
    return team_games_served(view, s.team, after, before, offence_stage(view, s))


def offence_stage(view: SeasonFacts, s: Sanction) -> str:
    """The stage of the sanction's game ('regular' for one carried from the season before)."""
    game = view.games.get(s.game) if not s.season else None
    return str(game.get("stage", "regular")) if game else "regular"


def lifted(view: SeasonFacts, s: Sanction, on: str | None = None) -> bool:
    """APPEAL-1 and ELIG-2: the suspension is lifted by an upheld appeal or by the office (on or before the date
    `on`; None: by the season's end, the appeal's decision date aside)."""
    appeal = appeal_of(view, s.player, s.game)
    if appeal and appeal["decision"] == "upheld" and (on is None or (appeal.get("decided") or "") <= on):
        return True
    when = view.office.lifted.get((s.player, s.game))
    return when is not None and (on is None or when <= on)


def appeal_of(view: SeasonFacts, player: str, game: str) -> AppealData | None:
    """The appeal of the suspension `player` got in `game`, if one is filed (the first, where more are)."""
    if view.derived.appeals is None:
        found: dict[tuple[str, str], AppealData] = {}
        for a in view.data.get("appeals", []):
            found.setdefault((a["player"], a["game"]), a)
        view.derived.appeals = MappingProxyType(found)
    return view.derived.appeals.get((player, game))


def suspensions(view: SeasonFacts) -> Suspensions:
    """The contract's suspensions JSON."""
    return {"season": view.name, "suspensions": [v.to_json() for v in suspension_verdicts(view)]}


def suspension_verdicts(view: SeasonFacts) -> list[SuspensionVerdict]:
    """Every suspension the season's games set off, as it stands (served, lifted, appealed), once per view."""
    if view.derived.suspensions is None:
        view.derived.suspensions = tuple(_suspension_verdicts(view))
    return list(view.derived.suspensions)


def _suspension_verdicts(view: SeasonFacts) -> list[SuspensionVerdict]:
    appeals = {(a["player"], a["game"]): a for a in view.data.get("appeals", [])}
    rows = []
    for s in sanctions(view):
        row = s.row
        if row.suspend == 0:
            continue
        appeal = appeals.get((s.player, s.game))
        count = served(view, s)
        if s.kind == "games":
            games: int | None = int(row.suspend)
            status = "served" if count >= int(row.suspend) else "active"
            count = min(count, int(row.suspend))
        else:
            games = row.min_games if s.kind == "indefinite" else None
            status = "active"
        if lifted(view, s):
            status = "lifted"
        state = proposal_state(view, s)  # PEN-GM-2: "proposed" until the office confirms or declines it
        if state is not None and state != CONFIRMED:
            status = state
        rows.append(SuspensionVerdict(s.player, s.team, s.game, row.rule, s.kind, games, count, status,
                                      appeal["decision"] if appeal else None, row.review))
    return rows


def notice_due_before_next_game(view: SeasonFacts) -> bool:
    """Is the captain to be told of a suspension before the team's next game (the rulebook's `notify_captain`
    "before_next_game", the default), or does the league keep no such notice ("none")?"""
    return view.book.suspensions.get("notify_captain", "before_next_game") != "none"


def outstanding_notices(view: SeasonFacts, game_id: str, team: str) -> list[Sanction]:
    """SUSP-2: suspensions of `team`'s players whose captain notice is not recorded before this, the team's
    next game after the offence."""
    if not notice_due_before_next_game(view):
        return []
    date = view.games[game_id]["date"]
    notices = view.office.notices
    out = []
    for s in _notices_due(view).get((team, view.order_of(game_id)), ()):
        sent = notices.get((s.player, s.game))
        if sent is None or sent[:10] > date:
            out.append(s)
    return out


def _notices_due(view: SeasonFacts) -> Mapping[tuple[str, int], tuple[Sanction, ...]]:
    """(team, place) -> the suspensions of the team's players whose next game of the team is at that place."""
    if view.derived.notices_due is None:
        scheduled = team_games(view).scheduled
        due: dict[tuple[str, int], list[Sanction]] = {}
        for s in sanctions(view):
            if s.row.suspend == 0:
                continue
            places = scheduled.get(s.team, ())
            i = bisect_right(places, s.order)
            if i < len(places):
                due.setdefault((s.team, places[i]), []).append(s)
        view.derived.notices_due = MappingProxyType({k: tuple(v) for k, v in due.items()})
    return view.derived.notices_due


def offence_name(view: SeasonFacts, rule: str, penalties: Sequence[Mapping[str, object]]) -> str:
    """The offence behind a sanction, for a notice: the infraction names of `penalties` (each with its
    `infraction` code) under `rule`, else the rule's title."""
    book = view.book
    codes = [str(p["infraction"]) for p in penalties]
    names = [book.infractions[c].name for c in codes if c in book.infractions and book.infractions[c].rule == rule]
    if names:
        return ", ".join(dict.fromkeys(names))
    ref = book.rules.get(rule)
    return ref.title if ref else rule


def offence_text(book: Rulebook, rule: str, penalties: Sequence[Mapping[str, object]]) -> str:
    """What set off a discipline row, for the printed records: the infraction ('Fighting'), or the row's title
    with its penalties (each with its `infraction` code and `class`)."""
    hits = [p for p in penalties
            if (inf := book.infractions.get(str(p["infraction"]))) is not None and inf.rule == rule]
    triggers = {row.trigger for row in book.discipline if row.rule == rule}
    if not hits:
        hits = [p for p in penalties if p["class"] in _trigger_classes(book, triggers)]
    names = list(dict.fromkeys(_infraction_name(book, str(p["infraction"])) for p in hits))
    if triggers & set(COUNTED_TRIGGERS) or not names:
        ref = book.rules.get(rule)
        title = ref.title if ref else rule
        return f"{title} ({', '.join(names)})" if names else title
    return ", ".join(names)


def _trigger_classes(book: Rulebook, triggers: set[str]) -> set[str]:
    """The penalty classes that set off rows of these triggers where the infraction names none: a class's own
    `trigger`, the class repeated (a second major), or, for the season's incidents, the classes that eject."""
    out = {name for name, klass in book.penalties.classes.items() if klass.trigger in triggers}
    out |= {cls for cls, trigger in REPEAT_TRIGGER.items() if trigger in triggers}
    if SEASON_INCIDENTS in triggers:
        out |= {name for name, klass in book.penalties.classes.items() if klass.ejects}
    return out


def _infraction_name(book: Rulebook, code: str) -> str:
    inf = book.infractions.get(code)
    return inf.name if inf else code.replace("_", " ").capitalize()


def unfinished(view: SeasonFacts) -> list[Carried]:
    """A-28: what is still in force at the end of this season, to carry into the next: this season's own
    suspensions and those carried into it, less what was served, lifted or upheld on appeal."""
    out: list[Carried] = []
    for s in sanctions(view):
        if s.row.suspend == 0 or s.kind == "season" or lifted(view, s) or proposal_state(view, s) not in (
                None, CONFIRMED):
            continue
        count = served(view, s)
        if s.kind == "games" and count >= int(s.row.suspend):
            continue
        out.append(Carried(s.player, person_key(view, s.player), view.name, s.game, s.date, s.team, s.row,
                           s.infraction, count))
    for x in carried_all(view):
        c = x.carried
        count = c.served + x.served_here()
        if c.kind != "games" or count < c.games:
            out.append(Carried(c.player, c.name, c.season, c.game, c.date, c.team, c.row, c.infraction, count))
    return out
