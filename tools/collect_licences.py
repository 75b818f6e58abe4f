"""Write scorekeeper/resources/licences/THIRD-PARTY-NOTICES.txt: the licence of every library Scorekeeper runs on
(issue 31.6), collected from the installed packages, for Help > About > Licences and the rink PC build.

Which libraries: those the lock file (requirements/constraints.txt) says the program itself needs, on any system
(its "via" lines, from pyproject.toml's dependencies down), and Python. For each: its versions in the lock file,
its licence as its metadata names it, and the text of every licence file it ships. A library not installed here
(pywin32 on Linux) is named with its licence and where its text is. Run from the clone root, after installing
with the lock file: `python tools/collect_licences.py` (or `--check`: exit 1 when the file is out of date).
tests/build/test_licences.py checks the committed file against it on the Python the lock file is written for.
"""

from __future__ import annotations

import re
import sys
import sysconfig
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements" / "constraints.txt"
OUT = ROOT / "scorekeeper" / "resources" / "licences" / "THIRD-PARTY-NOTICES.txt"
LOCK_PYTHON = (3, 11)  # the lock file's --python-version: the packages installed where the check is exact
# the libraries no Linux machine installs, with their licence as their project states it
ELSEWHERE = {
    "pywin32": ("PSF-2.0", "Windows only; its licence text ships in its package (pywin32's License.txt)"),
    "pywin32-ctypes": ("BSD-3-Clause", "Windows only; its licence text ships in its package (LICENSE.txt)"),
}
QT_NOTE = ("Used under the LGPL version 3: see QT-NOTICE.txt (with how to replace the Qt libraries), LGPL-3.0.txt "
           "and GPL-3.0.txt.")
NO_FILE_NOTES = {"pyside6-essentials": QT_NOTE, "shiboken6": QT_NOTE}
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)


def lock_entries() -> dict[str, tuple[list[str], set[str]]]:
    """Each locked package: its versions (one per system or Python where they differ) and what it is there for."""
    entries: dict[str, tuple[list[str], set[str]]] = {}
    current = ""
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith((" ", "#")):
            req = Requirement(line)
            current = canonicalize_name(req.name)
            versions, _ = entries.setdefault(current, ([], set()))
            version = next(iter(req.specifier)).version
            if version not in versions:
                versions.append(version)
        elif current and line.strip().startswith("#"):
            via = line.strip().lstrip("#").strip()
            via = via.removeprefix("via").strip()
            if via:
                entries[current][1].add(via if "pyproject" in via else canonicalize_name(via))
    return entries


def runtime_packages() -> list[str]:
    """The packages the program needs on some system: pyproject's dependencies and, down the lock's "via"
    lines, theirs."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {canonicalize_name(Requirement(r).name) for r in project["dependencies"]}
    entries = lock_entries()
    grew = True
    while grew:
        grew = False
        for name, (_, via) in entries.items():
            if name not in wanted and via & wanted:
                wanted.add(name)
                grew = True
    return sorted(wanted)


def _licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    found = []
    for file in sorted(dist.files or [], key=str):
        text_path = str(file)
        if ".dist-info/" not in text_path or not LICENCE_FILE.search(Path(text_path).name + text_path):
            continue
        if text_path.endswith(("RECORD", "METADATA", "WHEEL", "INSTALLER")) or "/sboms/" in text_path:
            continue
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        found.append((text_path.split(".dist-info/", 1)[1], text.strip()))
    return found


def _licence_name(dist: metadata.Distribution) -> str:
    expression = dist.metadata.get("License-Expression")
    if expression:
        return str(expression)
    named = (dist.metadata.get("License") or "").strip().splitlines()
    classifiers = [c.split(" :: ")[-1] for c in dist.metadata.get_all("Classifier") or [] if c.startswith("License")]
    return (named[0] if named and len(named[0]) < 200 else "") or ", ".join(classifiers) or "see its text"


def _section(title: str, body: str) -> str:
    rule = "=" * 100
    return f"{rule}\n{title}\n{rule}\n\n{body.rstrip()}\n\n"


def notices_text() -> str:
    """The whole notices file."""
    entries = lock_entries()
    parts = [
        "Third-party software in Scorekeeper\n\n"
        "Scorekeeper (MIT licence, LICENSE) runs on the libraries below; each keeps its own licence, whose text\n"
        "follows its name. Qt and Qt for Python: see QT-NOTICE.txt, LGPL-3.0.txt and GPL-3.0.txt beside this file.\n"
        "The DejaVu fonts the PDFs embed: fonts/DejaVu-LICENSE.txt. Written by tools/collect_licences.py.\n\n"]
    python_licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    if python_licence.is_file():
        parts.append(_section(f"Python {sys.version_info.major}.{sys.version_info.minor} (the rink PC build "
                              "carries it): PSF-2.0", python_licence.read_text(encoding="utf-8")))
    for name in runtime_packages():
        versions = ", ".join(entries[name][0]) if name in entries else "?"
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            licence, where = ELSEWHERE.get(name, ("see its package", "not installed on this system"))
            parts.append(_section(f"{name} {versions}: {licence}", where))
            continue
        texts = _licence_files(dist)
        body = "\n\n".join(f"--- {file} ---\n\n{text}" for file, text in texts) or NO_FILE_NOTES.get(
            name, "Its package ships no licence file; its licence is named above.")
        parts.append(_section(f"{dist.metadata['Name']} {versions}: {_licence_name(dist)}", body))
    return "".join(parts)


def main(argv: list[str]) -> int:
    text = notices_text()
    if "--check" in argv:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run python tools/collect_licences.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
