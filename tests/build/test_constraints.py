"""Issue 31.6: a build that stays the same. Every dependency (and its extras': test, postgres, build) has an upper
bound below its next major version in pyproject.toml, and one version pinned in the lock file
(requirements/constraints.txt) for each system and Python Scorekeeper supports, inside those bounds; this run
installed exactly the pinned versions (CI installs from the lock file)."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker, default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements" / "constraints.txt"
SYSTEMS = {"Windows": ("win32", "nt", "Windows"), "macOS": ("darwin", "posix", "Darwin"),
           "Linux": ("linux", "posix", "Linux")}
PYTHONS = ("3.11", "3.12", "3.13", "3.14", "3.15")


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    return [Requirement(r) for r in [*project["dependencies"], *(r for group in extras.values() for r in group)]]


def pinned() -> list[tuple[str, Version, Marker | None]]:
    """(name, version, marker) of each line of the lock file."""
    out = []
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        req = Requirement(line)
        (spec,) = req.specifier
        assert spec.operator == "==", line
        out.append((canonicalize_name(req.name), Version(spec.version), req.marker))
    return out


def environment(system: str, python: str) -> dict[str, str]:
    platform, os_name, uname = SYSTEMS[system]
    return {"sys_platform": platform, "os_name": os_name, "platform_system": uname, "python_version": python,
            "python_full_version": f"{python}.0", "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "platform_machine": "x86_64", "extra": ""}


def test_every_dependency_has_an_upper_bound() -> None:
    unbounded = [str(r) for r in declared() if not any(s.operator in ("<", "<=", "==") for s in r.specifier)]
    assert unbounded == []


def test_the_lock_pins_every_dependency_within_its_bounds_on_every_system_and_python() -> None:
    pins = pinned()
    problems = []
    for system in SYSTEMS:
        for python in PYTHONS:
            env = environment(system, python)
            here = {}
            for name, version, marker in pins:
                if marker is None or marker.evaluate(env):
                    assert name not in here, f"{name} pinned twice on {system} {python}"
                    here[name] = version
            for req in declared():
                if req.marker is not None and not req.marker.evaluate(env):
                    continue
                name = canonicalize_name(req.name)
                if name not in here:
                    problems.append(f"{name} is not pinned on {system} Python {python}")
                elif not req.specifier.contains(here[name], prereleases=True):
                    problems.append(f"{name} {here[name]} is outside {req.specifier} on {system} Python {python}")
    assert problems == []


def test_this_run_installed_the_pinned_versions() -> None:
    env = {**default_environment(), "extra": ""}
    wanted = {name: version for name, version, marker in pinned() if marker is None or marker.evaluate(env)}
    differ = []
    for req in declared():
        name = canonicalize_name(req.name)
        try:
            installed = Version(metadata.version(req.name))
        except metadata.PackageNotFoundError:
            continue  # an extra this run did not install (the build's, before the build)
        if name in wanted and installed != wanted[name]:
            differ.append(f"{name}: installed {installed}, pinned {wanted[name]}")
    assert differ == [], ("install with -c requirements/constraints.txt (bash .ci/run does)", differ)
