"""What a season file would change that the office password guards (issue 14).

A season file is data, not a permission: an import that reopens or rewrites a final game (DATA-5), adds,
replaces or removes a signature of one (issue 26), lifts or shortens a suspension, waives or lowers a fine,
records or changes an upheld appeal, or would have a block overridden by an "override block" entry of its own
audit trail is the office's action. `import_guards` names each such change with the audit entry it is recorded
under; the facade refuses the import (rule OFFICE) unless the office is unlocked, and writes the entries with
the import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.facade.changeset import ListChanges
from scorekeeper.naming import game_name, game_names
from scorekeeper.results_records import FineRow, Fines, SuspensionRow, Suspensions
from scorekeeper.rules import discipline
from scorekeeper.rules.fines import fines
from scorekeeper.rules.violation import Violation
from scorekeeper.season.view import SeasonView
from scorekeeper.season_data import GameData, SeasonData, SignatureData
from scorekeeper.seasonfile import money_to_cents
from scorekeeper.signature_values import decode_png
from scorekeeper.validation import override_key


@dataclass
class Guarded:
    """One change an import makes that needs the office: in words, and as its audit entry."""

    what: str
    action: str
    subject: str
    before: Any
    after: Any


def _status(game: GameData) -> str:
    return str(game.get("status", "final"))


def _final_games(existing: SeasonData, changes: ListChanges, reason: str) -> list[Guarded]:
    old_games = {g["id"]: g for g in existing.get("games", [])}
    out: list[Guarded] = []
    for g in changes["games"]:
        old = old_games.get(g["id"])
        if old is None or _status(old) != "final":
            continue
        if _status(g) != "final":
            out.append(Guarded(f"reopens final game {game_name(g)} (its status would be {_status(g)!r})", "reopen game",
                               g["id"], {"status": "final", "reason": reason}, {"status": _status(g)}))
        if _unsigned({**old, "status": "final"}) != _unsigned({**g, "status": "final"}):
            out.append(Guarded(f"rewrites final game {game_name(g)} (its line-ups or events differ)",
                               "replace final game by import", g["id"], old, {**g, "reason": reason}))
    return out


def _unsigned(game: GameData) -> dict[str, object]:
    """A game without its signatures (`_signatures` names each change of those)."""
    return {k: v for k, v in game.items() if k != "signatures"}


def _signed(s: SignatureData, reason: str = "") -> dict[str, object]:
    """A signature as the audit trail records it (as the window does): who, role, when, the picture's size."""
    png = decode_png(s["png_base64"]) or b""
    return {"role": s["role"], "name": s["name"], "signed_at": s["signed_at"], "bytes": len(png),
            **({"before_correction": s["before_correction"]} if s.get("before_correction") else {}),
            **({"reason": reason} if reason else {})}


def _said(s: SignatureData) -> str:
    late = f", given before the correction of {s['before_correction']}" if s.get("before_correction") else ""
    return f"{s['name']}, signed {s['signed_at']}{late}"


def _signatures(existing: SeasonData, changes: ListChanges, reason: str) -> list[Guarded]:
    """Issue 26: a file that adds, replaces or removes a signature of a game the database holds final (or one
    given before a correction of a reopened game) signs for someone: the office's action, audited as the window
    audits a signature. A signature arriving with its game's finish (a new game, a game finished by the file)
    is data; one on a game left unfinished is refused before this (rule SIGN)."""
    old_games = {g["id"]: g for g in existing.get("games", [])}
    out: list[Guarded] = []
    for g in changes["games"]:
        old = old_games.get(g["id"])
        if old is None:
            continue
        final = _status(old) == "final"
        was, now = old.get("signatures") or [], g.get("signatures") or []
        added = [s for s in now if s not in was and (final or s.get("before_correction"))]
        removed = [s for s in was if s not in now]
        where = f"{'final ' if final else ''}game {game_name(g)}"
        for s in added:
            earlier = next((r for r in removed if r["role"] == s["role"]
                            and bool(r.get("before_correction")) == bool(s.get("before_correction"))), None)
            if earlier is not None:
                removed.remove(earlier)
                out.append(Guarded(f"replaces the signature as {s['role']} of {where} ({_said(earlier)}) by "
                                   f"another ({_said(s)})", "sign game again", f"{g['id']}/{s['role']}",
                                   _signed(earlier), _signed(s, reason)))
            else:
                out.append(Guarded(f"adds a signature as {s['role']} to {where} ({_said(s)})", "sign game",
                                   f"{g['id']}/{s['role']}", None, _signed(s, reason)))
        out += [Guarded(f"removes the signature as {r['role']} from {where} ({_said(r)})", "signature removed",
                        f"{g['id']}/{r['role']}", _signed(r), {"removed": True, "reason": reason}) for r in removed]
    return out


def _suspensions(before: Suspensions | None, view: SeasonView, reason: str) -> list[Guarded]:
    def key(r: SuspensionRow) -> tuple[str, str, str]:
        return (r["player"], r["game"], r["rule"])

    old = {key(r): r for r in (before["suspensions"] if before else [])}
    new = {key(r): r for r in discipline.suspensions(view)["suspensions"]}
    out: list[Guarded] = []
    for k, r in old.items():
        player, game, rule = k
        subject = f"{player}/{game}"
        game = view.game_name(game)  # the texts name the game as people read it; the audit's subject keeps the id
        if r["status"] == "lifted":
            continue
        after = new.get(k)
        if after is None:
            out.append(Guarded(f"removes the suspension of {player} from game {game} ({rule})",
                               "suspension lifted", subject, {"status": r["status"], "rule": rule},
                               {"status": "removed", "reason": reason}))
        elif after["status"] == "lifted":
            out.append(Guarded(f"lifts the suspension of {player} from game {game} ({rule})", "suspension lifted",
                               subject, {"status": r["status"], "rule": rule}, {"status": "lifted", "reason": reason}))
        elif (r.get("games") or 0) > (after.get("games") or 0) or r["kind"] != after["kind"]:
            out.append(Guarded(f"shortens the suspension of {player} from game {game} ({rule}: {r['kind']} "
                               f"{r.get('games') or ''} -> {after['kind']} {after.get('games') or ''})",
                               "suspension lifted", subject, {"kind": r["kind"], "games": r.get("games")},
                               {"kind": after["kind"], "games": after.get("games"), "reason": reason}))
    for k, r in new.items():
        if k not in old and r["status"] == "lifted":
            out.append(Guarded(f"records the suspension of {k[0]} from game {view.game_name(k[1])} ({k[2]}) as "
                               "lifted",
                               "suspension lifted", f"{k[0]}/{k[1]}", {"status": "new"},
                               {"status": "lifted", "reason": reason}))
    return out


def _fines(before: Fines | None, view: SeasonView, reason: str) -> list[Guarded]:
    if before is None:
        return []

    def by_key(rows: list[FineRow]) -> dict[tuple[str, str, str], FineRow]:
        return {(next(iter(f["payer"].values())), f["game"], f["rule"]): f for f in rows}

    old = by_key(before["fines"])
    new = by_key(fines(view)["fines"])
    out: list[Guarded] = []
    for (payer, game, rule), f in old.items():
        after = new.get((payer, game, rule))
        if after is None:
            out.append(Guarded(f"waives the fine of {payer} for game {view.game_name(game)} ({rule}, {f['amount']})",
                               "fine waived", f"{payer}/{game}", f, {"waived": True, "reason": reason}))
        elif money_to_cents(after["amount"]) < money_to_cents(f["amount"]):
            out.append(Guarded(f"lowers the fine of {payer} for game {view.game_name(game)} ({rule}, {f['amount']} -> "
                               f"{after['amount']})", "fine waived", f"{payer}/{game}", f,
                               {"amount": after["amount"], "reason": reason}))
    return out


def _appeals(existing: SeasonData, changes: ListChanges, reason: str) -> list[Guarded]:
    old = {(a["player"], a["game"], a["filed"]): a for a in existing.get("appeals", [])}
    names = game_names([*existing.get("games", []), *changes["games"]])
    out: list[Guarded] = []
    for a in changes["appeals"]:
        stored = old.get((a["player"], a["game"], a["filed"]))
        was = stored.get("decision", "pending") if stored is not None else "pending"
        now = a.get("decision", "pending")
        if now != was and "upheld" in (now, was):
            out.append(Guarded(f"records the appeal of {a['player']} for game {names.get(a['game'], a['game'])} as "
                               f"{now!r} (was {was!r})", "appeal decided", f"{a['player']}/{a['game']}",
                               {"decision": was}, {"decision": now, "reason": reason}))
    return out


def _decisions(existing: SeasonData, changes: ListChanges, reason: str) -> list[Guarded]:
    """PEN-GM-2: a decision on a proposed suspension (confirmed: it bars the player; declined: it is dropped)
    is the office's, like a lift."""
    old = {(d["player"], d["game"]): d for d in existing.get("season_suspension_decisions") or []}
    names = game_names([*existing.get("games", []), *changes.get("games", [])])
    out: list[Guarded] = []
    for d in changes.get("season_suspension_decisions") or []:
        was = old.get((d["player"], d["game"]))
        before = {"status": was["decision"] if was else "proposed"}
        out.append(Guarded(f"records the proposed suspension of {d['player']} from game "
                           f"{names.get(d['game'], d['game'])} as "
                           f"{d['decision']!r} (was {before['status']!r})", f"season suspension {d['decision']}",
                           f"{d['player']}/{d['game']}", before, {**d, "reason": reason}))
    return out


def _overrides(overridable: list[Violation], offered: dict[str, str], reason: str) -> list[Guarded]:
    return [Guarded(f"overrides a block ({v.rule}{' at ' + v.where if v.where else ''}: {v.message}) by an "
                    "'override block' entry of its own audit trail", "override block", override_key(v),
                    {"rule": v.rule, "message": v.message, "section": v.section},
                    {"reason": f"{offered[override_key(v)]} ({reason})"}) for v in overridable]


def import_guards(existing: SeasonData, view: SeasonView, changes: ListChanges, overridable: list[Violation],
                  offered: dict[str, str], reason: str, before: tuple[Suspensions, Fines] | None) -> list[Guarded]:
    """Every change of the import that needs the office. `existing`: the season as stored; `view`: the season
    after the import; `before`: the stored season's suspensions and fines (None: a new season, or no change)."""
    out = _final_games(existing, changes, reason) + _signatures(existing, changes, reason)
    if before is not None:
        out += _suspensions(before[0], view, reason) + _fines(before[1], view, reason)
    out += _appeals(existing, changes, reason)
    out += _decisions(existing, changes, reason)
    out += _overrides(overridable, offered, reason)
    return out
