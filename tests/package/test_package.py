"""The distribution: what the wheel and the sdist carry, the shipped scenarios and lessons read
as package data, the commands that name them, and the extras a command needs."""
from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from rulekit import shipped
from rulekit.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel pip builds from this checkout (pip's own isolated build, as a user's install does)."""
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        if "Could not find a version that satisfies" in done.stderr or "No matching distribution" in done.stderr:
            pytest.skip("pip could not reach a package index to fetch the build backend")
        raise AssertionError(done.stderr[-3000:])
    (found,) = out.glob("rulekit-*.whl")
    return found


def test_the_wheel_holds_every_package_and_every_shipped_scenario(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = sorted(p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "rulekit").rglob("__init__.py"))
    assert packages and all(f"{p}/__init__.py" in names for p in packages), \
        [p for p in packages if f"{p}/__init__.py" not in names]
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "rulekit").rglob("*.py"))
    assert [m for m in modules if m not in names] == []
    widgets = sorted(f"rulekit_widgets/{p.relative_to(ROOT / 'widgets').as_posix()}" for p in (ROOT / "widgets").rglob("*.py"))
    assert [m for m in widgets if m not in names] == []
    scenarios = sorted(p.relative_to(ROOT / "scenarios").as_posix() for p in (ROOT / "scenarios").rglob("*.yaml"))
    assert scenarios and [s for s in scenarios if f"rulekit/shipped/scenarios/{s}" not in names] == []
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert lessons and [n for n in lessons if f"rulekit/shipped/lessons/{n}" not in names] == []
    assert "rulekit/py.typed" in names
    assert not any(n.startswith(("tests/", "scenarios/", "notebooks/", "docs/")) for n in names)


def test_the_wheel_says_its_version_and_entry_point(wheel):
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert wheel.name.startswith(f"rulekit-{version}-")
    with zipfile.ZipFile(wheel) as z:
        entry = z.read(f"rulekit-{version}.dist-info/entry_points.txt").decode()
    assert "rulekit = rulekit.cli:main" in entry


def test_the_version_is_the_installed_distributions():
    from importlib.metadata import version
    import rulekit
    assert rulekit.__version__ == version("rulekit")
    out = subprocess.run([sys.executable, "-m", "rulekit.cli", "--version"], capture_output=True, text=True)
    assert out.stdout.strip() == f"rulekit {version('rulekit')}"


def test_the_shipped_scenarios_are_the_checkouts_folder():
    names = shipped.names()
    on_disk = sorted(p.relative_to(ROOT / "scenarios").with_suffix("").as_posix()
                     for p in (ROOT / "scenarios").rglob("*.yaml"))
    assert names == on_disk
    assert shipped.find("agot/claim-2-kill") == (ROOT / "scenarios/agot/claim-2-kill.yaml").resolve()
    assert shipped.find("agot/claim-2-kill.yaml") == shipped.find("agot/claim-2-kill")
    for bad in ("../pyproject", "/etc/passwd", "agot/../../setup", "", "agot//claim-2-kill", "agot\\claim-2-kill"):
        assert shipped.find(bad) is None, bad


def test_scenarios_lists_names_and_titles(capsys):
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out
    assert "agot/claim-2-kill" in out and "Claim 2 military kill" in out
    assert main(["scenarios", "--names"]) == 0
    assert capsys.readouterr().out.split() == shipped.names()


def test_commands_take_a_shipped_scenario_by_name(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                       # a folder with no scenarios/ in it
    assert main(["check", "agot/claim-2-kill", "riftbound"]) == 0
    out = capsys.readouterr().out
    assert "claim-2-kill.yaml" in out and f"{1 + len([n for n in shipped.names() if n.startswith('riftbound/')])} passed" in out
    assert main(["trace", "agot/claim-2-kill", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"].startswith("rulekit-trace/")


def test_an_unknown_name_is_bad_input_with_the_nearest_one(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["trace", "agot/claim-2-kil"]) == 2
    err = capsys.readouterr().err
    assert "no such file, and no shipped scenario of that name" in err and "agot/claim-2-kill" in err
    assert main(["check", "agot/nothing-like-it"]) == 2
    assert "rulekit scenarios lists them" in capsys.readouterr().err


def test_lessons_are_copied_with_the_scenarios_they_open(tmp_path, capsys):
    target = tmp_path / "mine"
    assert main(["lessons", str(target)]) == 0
    assert "jupyter lab" in capsys.readouterr().out
    lessons = sorted(p.name for p in (target / "notebooks").glob("*.ipynb"))
    assert lessons == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert not (target / "notebooks" / "__init__.py").exists() and not (target / "scenarios" / "__init__.py").exists()
    # every scenario a lesson opens (as ../scenarios/…) is there, relative to the copied lesson
    for lesson in (target / "notebooks").glob("*.ipynb"):
        text = lesson.read_text()
        for name in shipped.names():
            if f"../scenarios/{name}.yaml" in text:
                assert (target / "notebooks" / f"../scenarios/{name}.yaml").resolve().is_file()
    # a second copy into the same folder is refused, and nothing is changed
    before = sorted(p.relative_to(target) for p in target.rglob("*"))
    assert main(["lessons", str(target)]) == 2
    assert "not an empty folder" in capsys.readouterr().err
    assert sorted(p.relative_to(target) for p in target.rglob("*")) == before


@pytest.mark.parametrize("argv, extra", [
    (["graph", "agot/claim-2-kill", "--step", "1"], "graph"),
    (["draw", "agot/claim-2-kill", "--step", "1", "-o", "out.png"], "draw"),
    (["app", "agot/claim-2-kill"], "app"),
    (["report", "agot/claim-2-kill", "-o", "out.png.html"], "draw"),
])
def test_a_command_whose_extra_is_missing_names_it(argv, extra, capsys, monkeypatch, tmp_path):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("networkx", "matplotlib", "voila") else real(name, *a))
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert f"pip install 'rulekit[{extra}]'" in capsys.readouterr().err
    assert not (tmp_path / "out.png").exists() and not (tmp_path / "out.png.html").exists()


def test_extras_fit_their_users():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = lambda extra: {d.split(">")[0].split("=")[0].split("[")[0].strip() for d in extras[extra]}  # noqa: E731
    assert names("lab") == {"jupyterlab", "ipywidgets", "matplotlib", "networkx"}
    assert "voila" in names("app") and "voila" not in names("lab")
    assert {"tqdm", "distributed"} <= names("explore")
    assert not any("ipympl" in d for deps in extras.values() for d in deps)
    # every install hint the code prints names an extra that exists
    import re
    hints = set()
    for path in [*(ROOT / "rulekit").rglob("*.py"), *(ROOT / "widgets").rglob("*.py")]:
        hints |= set(re.findall(r"rulekit\[([a-z,]+)\]", path.read_text()))
    assert hints and all(set(h.split(",")) <= set(extras) for h in hints), hints
