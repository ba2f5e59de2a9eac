"""``--ruling`` on every command that runs one reading (trace, check, graph, draw, explore, app):
two options for one ruling are refused, a ruling of another ruleset is refused naming both,
``compare`` takes exactly two readings, and ``check --ruling`` names the files that depend on it."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit.cli import main

ROOT = Path(__file__).resolve().parents[2]
RIFT = "riftbound/optional-trigger-declined"
TWO = ["--ruling", "rb.optional=at-resolution", "--ruling", "rb.optional=when-fulfilled"]


@pytest.mark.parametrize("command", [["trace", RIFT], ["check", RIFT], ["graph", RIFT, "--step", "1"],
                                     ["draw", RIFT, "--step", "1", "-o", "never.png"], ["explore", RIFT]],
                         ids=lambda c: c[0])
def test_two_options_for_one_ruling_are_refused(command, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(command + TWO) == 2
    err = capsys.readouterr().err
    assert "rb.optional is given two options" in err and "Traceback" not in err
    assert not (tmp_path / "never.png").exists()
    assert main(command + TWO[:2] + TWO[:2]) in (0, 1)                # the same option twice is one reading


@pytest.mark.parametrize("command", [["trace", RIFT], ["graph", RIFT, "--step", "1"], ["explore", RIFT],
                                     ["compare", RIFT]], ids=lambda c: c[0])
def test_a_ruling_of_another_ruleset_is_refused_naming_both(command, capsys):
    assert main(command + ["--ruling", "agot.would-instead=change"]) == 2
    err = capsys.readouterr().err
    assert "it is a ruling of agot" in err and "scenario of riftbound" in err


@pytest.mark.parametrize("rulings, why", [
    ([], "compare needs a ruling to compare"),
    (["rb.optional=at-resolution", "rb.optional=at-resolution"], "the two readings are identical"),
    (["rb.optional=when-fulfilled"], "already reads rb.optional as 'when-fulfilled'"),
    (["rb.optional=at-resolution", "rb.optional=when-fulfilled", "rb.optional=at-resolution"], "given 3 times"),
    (["rb.optional=at-resolution", "rb.optional=when-fulfilled", "rb.nth-count=seen", "rb.nth-count=turn"],
     "compare one ruling at a time"),
    (["rb.optional=at-resolution", "rb.nth-count=seen"], "which ruling to compare"),
])
def test_compare_takes_exactly_two_readings_of_one_ruling(rulings, why, capsys):
    assert main(["compare", RIFT, *[a for r in rulings for a in ("--ruling", r)]]) == 2
    assert why in capsys.readouterr().err


def test_compare_runs_the_two_readings_given(capsys):
    assert main(["compare", RIFT, *TWO]) == 0
    out = capsys.readouterr().out
    assert "A: rb.optional=at-resolution" in out and "B: rb.optional=when-fulfilled (default)" in out
    assert main(["compare", RIFT, "--ruling", "rb.optional=at-resolution"]) == 0     # the file's own against it
    assert "A: rb.optional=when-fulfilled (default)" in capsys.readouterr().out


def test_check_under_a_ruling_names_the_files_that_depend_on_it_and_those_that_keep_their_own(capsys):
    assert main(["check", str(ROOT / "scenarios" / "riftbound"), "--ruling", "rb.optional=at-resolution"]) == 1
    out = capsys.readouterr().out
    depends = next(line for line in out.splitlines() if "no longer holds" in line)
    assert "optional-trigger-declined.yaml" in depends and "at-resolution.yaml" not in depends
    own = next(line for line in out.splitlines() if "kept their own reading" in line)
    assert "optional-trigger-declined-at-resolution.yaml" in own
    assert "own   " in out and "sets rb.optional=at-resolution itself" in out
    # without the ruling every file holds
    assert main(["check", str(ROOT / "scenarios" / "riftbound")]) == 0


def test_check_refuses_a_ruling_no_file_can_take(capsys):
    assert main(["check", str(ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"),
                 "--ruling", "rb.optional=at-resolution"]) == 2
    err = capsys.readouterr().err
    assert "ruling of riftbound" in err and "agot scenarios" in err
    assert main(["check", "agot/claim-2-kill", "--ruling", "rb.optinal=at-resolution"]) == 2
    assert "did you mean 'rb.optional'" in capsys.readouterr().err


def test_explore_runs_under_the_ruling_given(capsys):
    assert main(["explore", RIFT, "--json"]) == 0
    default = capsys.readouterr().out
    assert main(["explore", RIFT, "--json", "--ruling", "rb.optional=at-resolution"]) == 0
    assert capsys.readouterr().out != default
