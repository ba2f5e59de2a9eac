"""What rulekit ships besides its code: the scenario files and the lessons, as package data.

The checkout's ``scenarios/`` and ``notebooks/`` folders are mapped into this package by
``setup.py`` (``rulekit.shipped.scenarios`` and ``rulekit.shipped.lessons``), not copied: an
editable install reads the checkout, a wheel carries them. Everything here reads them through
:mod:`importlib.resources`, never through a path relative to the source tree.

A shipped scenario has a *name*: its path under ``scenarios/`` without the suffix, such as
``agot/claim-2-kill``. The command line accepts a name wherever it takes a scenario file.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

SUFFIXES = (".yaml", ".yml", ".json")


@dataclass(frozen=True)
class ShippedScenario:
    name: str       # agot/claim-2-kill
    path: Path      # where the file is on this machine


def _root(which: str) -> Path | None:
    """The folder of a shipped resource package, as a real path (wheels and editable installs
    keep package data as plain files), or None when it was not installed."""
    try:
        root = files(f"{__name__}.{which}")
    except ModuleNotFoundError:
        return None
    path = Path(str(root))
    return path.resolve() if path.is_dir() else None


def scenarios_folder() -> Path | None:
    """The folder holding the shipped scenarios (``agot/``, ``riftbound/``), or None."""
    return _root("scenarios")


def lessons_folder() -> Path | None:
    """The folder holding the shipped lessons (``NN-*.ipynb``), or None."""
    return _root("lessons")


def all_scenarios() -> list[ShippedScenario]:
    """Every shipped scenario, sorted by name."""
    root = scenarios_folder()
    if root is None:
        return []
    found = [p for p in root.rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    return sorted((ShippedScenario(p.relative_to(root).with_suffix("").as_posix(), p) for p in found),
                  key=lambda s: s.name)


def find(name: str) -> Path | None:
    """The file of the shipped scenario ``name`` (``agot/claim-2-kill``; a suffix is allowed), or None."""
    root = scenarios_folder()
    if root is None or not name or name.startswith(("/", ".")) or "\\" in name:
        return None
    parts = name.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return None
    stem = name[:-len(Path(name).suffix)] if Path(name).suffix in SUFFIXES else name
    for suffix in SUFFIXES:
        candidate = root / f"{stem}{suffix}"
        if candidate.is_file():
            return candidate
    return None


def names() -> list[str]:
    return [s.name for s in all_scenarios()]


def copy_lessons(target: Path) -> tuple[Path, Path]:
    """Copy the lessons into ``target/notebooks`` and the scenarios they open into
    ``target/scenarios`` (the lessons name them as ``../scenarios/…``). ``target`` must be
    empty or absent; returns the two folders written."""
    lessons, scenario_root = lessons_folder(), scenarios_folder()
    if lessons is None or scenario_root is None:
        raise FileNotFoundError("this installation of rulekit carries no lessons or scenarios")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise FileExistsError(f"{target}: not an empty folder; give a new or empty one")
    notebooks, scenario_copy = target / "notebooks", target / "scenarios"
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(lessons, notebooks, ignore=shutil.ignore_patterns("__pycache__", "__init__.py", ".ipynb_checkpoints", "*.cfg"))
    shutil.copytree(scenario_root, scenario_copy, ignore=shutil.ignore_patterns("__pycache__", "__init__.py"))
    return notebooks, scenario_copy
