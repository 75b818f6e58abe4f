"""The scaling figures: one league at three sizes (N, 4N, 16N games a season), each database holding the season
before the measured one (as many games, its suspensions carried into the measured one) and the measured season
on its last regular-season day (tonight.py). Every figure's sizes are measured in turn in one run (interleaved,
whole process, CPU from `os.wait4`): imports, the command-line figures with `scorekeeper --version` as their
floor, and the usable window.
"""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from tests.benchmarks.league import LeagueGenerator
from tests.benchmarks.paired import Cost, interleave, ratio_details, spread, worst_step_details
from tests.benchmarks.process import Command
from tests.benchmarks.tonight import in_progress

CLI = {"standings": ("standings", "--json"), "stats": ("stats", "--json"), "export": ("export", "-o", "{out}.json"),
       "game_sheet": ("print", "game-sheet", "{game}", "-o", "{out}.pdf"),
       "fine_statements": ("print", "fine-statements", "-o", "{out}.pdf")}


@dataclass
class Sized:
    """One size's league: `base` holds the previous season alone, `db` the previous and the measured season (in
    progress); `file` is the measured season's file, `data` its content, `tonight` its scheduled games."""

    size: int
    base: Path
    db: Path
    file: Path
    data: dict[str, Any]
    tonight: list[str]
    capped: bool = False
    notes: dict[str, Any] = field(default_factory=dict)


def copy_db(source: Path, target: Path) -> None:
    """`source` (closed, its write-ahead log checkpointed by its last connection) copied to `target`."""
    for leftover in target.parent.glob(target.name + "*"):
        leftover.unlink()
    shutil.copyfile(source, target)
    for suffix in ("-wal", "-shm"):
        if Path(f"{source}{suffix}").exists():
            shutil.copyfile(f"{source}{suffix}", f"{target}{suffix}")


def build_sized(cmd: Command, folder: Path, size: int, cap: float) -> Sized:
    """Two consecutive seasons of `size` games: the previous imported whole, the measured one in progress."""
    folder.mkdir(parents=True, exist_ok=True)
    gen = LeagueGenerator(seed=size)
    previous, measured = gen.season(size), gen.season(size)
    data, tonight = in_progress(measured)
    prev_file, file = folder / "previous.json", folder / "measured.json"
    prev_file.write_text(json.dumps(previous.data), encoding="utf-8")
    file.write_text(json.dumps(data), encoding="utf-8")
    sized = Sized(size, folder / "previous.db", folder / "league.db", file, data, tonight)
    _, sized.capped = cmd.run(sized.base, "import", str(prev_file), cap=cap)
    if not sized.capped:
        copy_db(sized.base, sized.db)
        _, sized.capped = cmd.run(sized.db, "import", str(file), cap=cap)
    sized.notes["carried_in"] = len(previous.carried_out)
    return sized


def import_cost(cmd: Command, sized: Sized, scratch: Path, cap: float) -> Cost:
    """`scorekeeper import` of the measured season into a copy of the previous season's database (the copy made
    before the command starts)."""
    copy_db(sized.base, scratch)
    spent, capped = cmd.cost(scratch, "import", str(sized.file), cap=cap)
    sized.capped |= capped
    return spent


def sheet_game(data: dict[str, Any]) -> str:
    """The measured season's first final game with a fight (its sheet carries a suspension), else its first."""
    finals = [g for g in data["games"] if g["status"] == "final"]
    fights = [g for g in finals if any(e.get("infraction") == "fighting" for e in g["events"])]
    return (fights or finals)[0]["id"]


def command_side(cmd: Command, sized: Sized, name: str, folder: Path, cap: float) -> Callable[[], Cost]:
    args = [a.format(out=folder / f"cli-{name}-{sized.size}", game=sheet_game(sized.data)) for a in CLI[name]]

    def side() -> Cost:
        spent, capped = cmd.cost(sized.db, *args, cap=cap)
        sized.capped |= capped
        return spent

    return side


def scaling_figures(cmd: Command, folder: Path, sizes: tuple[int, ...], runs: int,
                    cap: float) -> tuple[dict[str, Any], list[Sized]]:
    """Imports, the command-line figures and the usable window over the three sizes, each interleaved: the
    figures (their `details` under that key) and the leagues."""
    out: dict[str, Any] = {"sizes": list(sizes)}
    details: dict[str, Any] = {}
    leagues = [build_sized(cmd, folder / f"n{size}", size, cap) for size in sizes]
    out["carried_in"] = {str(s.size): s.notes["carried_in"] for s in leagues}
    if any(s.capped for s in leagues):
        out["scaling_lower_bound"] = True
        return out, leagues

    imports = interleave([partial(import_cost, cmd, s, folder / f"n{s.size}" / "scratch.db", cap) for s in leagues],
                         runs)
    for size, taken in zip(sizes, imports, strict=True):
        out[f"import_s_{size}"] = spread([c.wall for c in taken])[0]
        out[f"import_cpu_s_{size}"] = spread([c.cpu for c in taken])[0]
    details["import_scaling"] = worst_step_details(imports, "cpu")
    cpu = [out[f"import_cpu_s_{size}"] for size in sizes]
    out["import_exponent"] = math.log(cpu[-1] / cpu[-2]) / math.log(4)  # time ~ size ** exponent, the last step

    steps = []
    for name in CLI:
        sides: list[Callable[[], Cost]] = [command_side(cmd, s, name, folder, cap) for s in leagues]
        if name == "standings":  # the floor of a command: the same console script doing nothing
            sides.append(lambda: cmd.cost(None, "--version")[0])
        costs = interleave(sides, runs)
        for size, taken in zip(sizes, costs, strict=False):
            out[f"cli_{name}_s_{size}"] = spread([c.wall for c in taken])[0]
            out[f"cli_{name}_cpu_s_{size}"] = spread([c.cpu for c in taken])[0]
        details[f"cli_{name}_scaling"] = worst_step_details(costs[:3], "cpu")
        steps.append(f"cli_{name}_scaling")
        if name == "standings":
            details["standings_vs_floor"] = ratio_details(costs[2], costs[3], "cpu")
        if name == "game_sheet":
            details["game_sheet_scaling"] = ratio_details(costs[2], costs[0], "cpu")
    worst = max(steps, key=lambda k: details[k]["value"])
    details["cli_scaling"] = {**details[worst], "command": worst}

    windows = interleave([lambda: cmd.window(leagues[-1].db), lambda: cmd.window(leagues[0].db)], runs)
    details["ready_scaling_season"] = ratio_details([m.ready_cost for m in windows[0]],
                                                    [m.ready_cost for m in windows[1]], "cpu")
    out["ready_s_season"] = {str(sizes[-1]): details["ready_scaling_season"]["a"],
                             str(sizes[0]): details["ready_scaling_season"]["b"]}
    if any(s.capped for s in leagues):
        out["scaling_lower_bound"] = True
    out.update({key: d["value"] for key, d in details.items()})
    out["details"] = details
    return out, leagues
