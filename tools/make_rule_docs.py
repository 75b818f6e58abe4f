"""Write docs/rules.md from the code's own rule registry: the shipped rulebook Scorekeeper loads.

Run from the clone root: `python tools/make_rule_docs.py` (or `--check`: exit 1 when docs/rules.md is out of
date). tests/test_docs.py checks that the committed file is what this script produces.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from scorekeeper.rulebook import DEFAULT_RULEBOOK, Rulebook, load_rulebook

OUT = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def _cell(text: object) -> str:
    """A Markdown table cell: pipes escaped, never empty."""
    shown = str(text).replace("|", "\\|")
    return shown if shown else "-"


def _money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _suspension(value: int | str, min_games: int | None) -> str:
    if value == 0:
        return "none"
    if isinstance(value, int):
        return f"{value} game{'s' if value != 1 else ''}"
    text = {"season": "rest of the season", "indefinite": "indefinite (until the office decides)"}[value]
    return f"{text}, at least {min_games} games" if min_games else text


def _rules_table(book: Rulebook) -> list[str]:
    codes: dict[str, list[str]] = defaultdict(list)
    for inf in book.infractions.values():
        codes[inf.rule].append(f"`{inf.code}`")
    fines: dict[str, list[str]] = defaultdict(list)
    for row in book.discipline:
        fines[row.rule].append(f"`{row.trigger}`")
    lines = ["| Rule ID | Section | Title | Infraction codes | Discipline rows |", "|---|---|---|---|---|"]
    for ref in book.rules.values():
        lines.append(f"| {ref.id} | {_cell(ref.section)} | {_cell(ref.title)} | {_cell(', '.join(codes[ref.id]))} "
                     f"| {_cell(', '.join(fines[ref.id]))} |")
    return lines


def _infractions_table(book: Rulebook) -> list[str]:
    lines = ["| Code | Infraction | Class (others allowed) | Minutes | Section | Rule | Also |",
             "|---|---|---|---|---|---|---|"]
    for inf in book.infractions.values():
        cls = inf.cls + (f" ({', '.join(inf.also)})" if inf.also else "")
        minutes = inf.minutes if inf.minutes is not None else book.penalties.classes[inf.cls].min
        extra = [w for w, on in (("adds a game misconduct", inf.adds_gm), ("ejects", inf.ejects),
                                 ("post-game report", inf.report), ("co-ed divisions only", inf.coed_only),
                                 (f"a team's second one warns: {inf.repeat_warning}", inf.repeat_warning)) if on]
        if inf.trigger:
            extra.append(f"discipline `{inf.trigger}`")
        lines.append(f"| `{inf.code}` | {_cell(inf.name)} | {cls} | {minutes} | {_cell(inf.section)} | {inf.rule} "
                     f"| {_cell('; '.join(extra))} |")
    return lines


def _classes_table(book: Rulebook) -> list[str]:
    lines = ["| Class | Minutes | PIM | Team short-handed | A power-play goal ends it "
             "| Only when the scorers have more players | Ejects | First one adds a game misconduct |",
             "|---|---|---|---|---|---|---|---|"]
    for c in book.penalties.classes.values():
        lines.append(f"| {c.name} | {c.min} | {c.pim} | {_yes(c.short_handed)} | {_yes(c.pp_release)} "
                     f"| {_yes(c.release_needs_advantage)} | {_yes(c.ejects)} | {_yes(c.first_adds_gm)} |")
    return lines


def _discipline_table(book: Rulebook) -> list[str]:
    lines = ["| Trigger | Rule | Fine row | Suspension | Fine | Payer | Notes |", "|---|---|---|---|---|---|---|"]
    for d in book.discipline:
        fine = _money(d.fine_cents) if d.fine_cents else "-"
        if d.fine_per_game_cents:
            fine = f"{_money(d.fine_per_game_cents)} per game"
        notes = [w for w, on in (("adds a game misconduct", d.adds_gm), ("the office reviews it", d.review)) if on]
        if d.replaces:
            notes.append(f"replaces `{d.replaces}`")
        if d.count:
            notes.append(f"at the {_ordinal(d.count)} `{d.repeat_of}` of a season" if d.repeat_of
                         else f"at the {_ordinal(d.count)} incident of a season")
        if d.confirm:
            notes.append(f"confirmed by the {d.confirm}")
        lines.append(f"| `{d.trigger}` | {d.rule} | {d.fine_row} | {_suspension(d.suspend, d.min_games)} | {fine} "
                     f"| {d.payer} | {_cell('; '.join(notes))} |")
    return lines


def _nth(n: int, what: str) -> str:
    return f"the {_ordinal(n)} {what}" if n else f"no {what} count"


def _readings(book: Rulebook) -> list[str]:
    """The readings the rulebook takes where the printed rules leave a choice, as plain sentences."""
    c, pts, pen = book.clock, book.points, book.penalties
    out = [f"- **Game clock:** {c.periods} periods (called \"{c.period_word}\") of {c.period_min} minutes, "
           f"running time; the clock stops in the last {c.stop_time_last_min} minute(s) of the game."]
    for stage, ot in book.overtime.items():
        if not ot.enabled:
            out.append(f"- **Overtime ({stage}):** none.")
            continue
        limit = "repeated until a goal" if ot.max_periods == 0 else f"at most {ot.max_periods} period(s)"
        out.append(f"- **Overtime ({stage}):** {ot.min} minutes, {ot.skaters} skaters a side, "
                   f"{'sudden death' if ot.sudden_death else 'played in full'}, {limit}; "
                   f"{ot.new_timeouts} new timeout(s); a penalty "
                   f"{'adds a skater to the other side' if ot.penalties_add_skaters else 'takes a skater off'}.")
    so = [stage for stage, on in book.shootout.items() if on]
    out.append(f"- **Shootout:** {'after overtime in ' + ' and '.join(so) + ' games' if so else 'none'}; "
               f"its winner {'gets' if book.shootout_winner_goal else 'does not get'} one goal in the final score.")
    out.append(f"- **Timeouts:** {book.timeouts_per_game} per team per game; unused ones "
               f"{'carry' if book.timeouts_carry_into_ot else 'do not carry'} into overtime.")
    out.append(f"- **Points:** win {pts.win}, tie {pts.tie}, loss {pts.loss}; overtime win {pts.ot_win}, overtime "
               f"loss {pts.ot_loss}; shootout win {pts.so_win}, shootout loss {pts.so_loss}; forfeit win "
               f"{pts.forfeit_win}, forfeit loss {pts.forfeit_loss}; both teams forfeit {pts.double_forfeit}.")
    out.append(f"- **Standings order:** {', then '.join(book.tiebreakers)}.")
    i = book.icing
    out.append(f"- **Icing:** only in the last {i.last_min} minute(s); waved off when the margin is {i.off_margin} "
               f"or more{', or when the leading team is short-handed' if i.off_if_leader_sh else ''}; when the "
               f"score is tied it applies to {i.when_tied}; in overtime: {_yes(i.in_overtime)}.")
    out.append(f"- **Mercy rule:** a spread of {book.mercy.spread} goals, from {book.mercy.from_}."
               if book.mercy.enabled else "- **Mercy rule:** none.")
    la = book.lateness
    out.append(f"- **Lateness:** one goal to the other team for every {la.goal_every_min} minutes late; a forfeit "
               f"{la.forfeit_score[0]}-{la.forfeit_score[1]} at {la.forfeit_at_min} minutes late or with fewer "
               f"than {la.min_dressed} players dressed." if la.enabled else
               f"- **Lateness:** no rule; a forfeit is recorded {la.forfeit_score[0]}-{la.forfeit_score[1]}.")
    out.append(f"- **Players on the ice:** at most {book.on_ice.max}, never fewer than {book.on_ice.min} "
               f"(penalties stop taking players off at that floor).")
    co = book.coed
    out.append("- **Co-ed rules:** none; a division marked co-ed plays as any other." if not co.enabled else
               f"- **Co-ed caps:** with a goalie at most {co.with_goalie_m} men and {co.with_goalie_f} women on "
               f"the ice, without one {co.no_goalie_m} and {co.no_goalie_f}; a man in the penalty box lowers the "
               f"men's cap by {co.male_serving_reduction}; in overtime with a goalie at most "
               f"{co.overtime_with_goalie_m} men.")
    if co.enabled:
        out.append(f"- **Division-1 players on a Division-2 team:** at most {co.sign_m} men signed and "
                   f"{co.dress_m} dressed, {co.dress_f} women dressed, {co.sign_g} goalies signed.")
    e, s = book.eligibility, book.scoring
    out.append(f"- **Eligibility:** {e.playoff_min_games} regular-season games for the playoffs; a face mask "
               f"under {e.mask_under_age}.")
    out.append(f"- **Scoring:** a goal counts {s.goal} point(s), an assist {s.assist}; at most {s.max_assists} "
               f"assists per goal.")
    out.append(f"- **Penalties:** {_nth(pen.ejection_at_count, 'penalty')} of a game ejects the player "
               f"(bench minors {'count' if pen.count_bench_minors else 'do not count'}); "
               f"{_nth(pen.ejection_at_majors, 'major')} and {_nth(pen.ejection_at_misconducts, 'misconduct')} "
               f"of a game bring a game misconduct and eject; a game misconduct counts "
               f"{pen.game_misconduct_pim} PIM (also when the rules add it: {_yes(pen.added_gm_counts_pim)}); a "
               f"teammate serves a goalie's {', '.join(pen.goalie_served_by_teammate)}; a misconduct in the final "
               f"{pen.report_last_min} minutes of play (overtime included) goes on the post-game report; a "
               f"short-handed goal {'also ends' if pen.sh_goal_ends_own_penalty else 'does not end'} the scoring "
               f"side's own penalty.")
    ig = book.injured_goalie
    out.append(f"- **Injured goalie:** {ig.recover_min} minutes to recover without a second goalie dressed, "
               f"{ig.substitute_min} more when a skater dresses as goalie.")
    su = book.suspensions
    out.append(f"- **Suspensions:** forfeited games count as served: {_yes(bool(su['count_forfeits']))}; carried "
               f"into the playoffs: {_yes(bool(su['carry_playoffs']))}; into the next season: "
               f"{_yes(bool(su['carry_next_season']))}; they follow the {su['scope']}; "
               + ("no notice to the captain is tracked." if su["notify_captain"] == "none" else
                  f"the captain is told {str(su['notify_captain']).replace('_', ' ')}."))
    out.append(f"- **Appeals and fines:** an appeal costs {_money(book.appeal_fee_cents)} "
               f"({', '.join(c.replace('_', ' ') for c in book.appeal_channels)}); a fine is paid by the "
               f"{book.default_fine_payer} unless its row says otherwise.")
    return out


def rules_markdown(book: Rulebook) -> str:
    """docs/rules.md for one rulebook."""
    parts = [
        f"# Rule IDs: {book.name}",
        "",
        f"Generated by `tools/make_rule_docs.py` from the rulebook `{book.id}` Scorekeeper ships (the `[rules]`, "
        "`[infractions]` and `[[discipline]]` tables and the settings of its TOML file); do not edit by hand: "
        "change the rulebook or the script and run `python tools/make_rule_docs.py`. Every message Scorekeeper "
        "gives about a rule names its ID and section, as below. How to write a rulebook: "
        "[rulebook.md](rulebook.md).",
        "",
        "## Rules",
        "",
        *_rules_table(book),
        "",
        "## The readings Scorekeeper takes",
        "",
        "Where the printed rulebook is silent or contradicts itself, the rulebook file settles it; these are its "
        "settings in words (each is a key described in [rulebook.md](rulebook.md), and another league changes it "
        "there, not in code).",
        "",
        *_readings(book),
        "",
        "## Penalty classes",
        "",
        *_classes_table(book),
        "",
        "## Infraction codes",
        "",
        "The `infraction` of a penalty event in the season file is one of these codes. Minutes are those of the "
        "default class; a penalty given in another allowed class takes that class's minutes.",
        "",
        *_infractions_table(book),
        "",
        "## Fines and suspensions",
        "",
        *_discipline_table(book),
        "",
    ]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    text = rules_markdown(load_rulebook(DEFAULT_RULEBOOK))
    if "--check" in argv:
        current = OUT.read_text(encoding="utf-8") if OUT.is_file() else ""
        if current != text:
            print(f"{OUT} is out of date: run python tools/make_rule_docs.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
