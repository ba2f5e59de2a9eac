"""Values and calls (issue 27, point 9): the Python API and the builder validate exactly like
files — numbers too large for a file are too large for a call — a negative printed STR or Might is
refused citing its rule, and every wrong call raises a rulekit error that names the argument."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import Game
from rulekit.core.errors import ArgumentError, RulekitError, ScenarioError
from rulekit.core.explain import explain
from rulekit.files import load_scenario, loads_scenario
from rulekit.files.builder import ScenarioBuilder

CLAIM = Path(__file__).resolve().parents[2] / "scenarios" / "agot" / "claim-2-kill.yaml"


@pytest.fixture(scope="module")
def claim():
    return load_scenario(CLAIM).scenario


@pytest.mark.parametrize("kwargs, named", [
    ({"rulings": ["x"]}, "rulings"), ({"rulings": {"x": 1}}, "rulings"),
    ({"max_nesting": "64"}, "max_nesting"), ({"max_nesting": None}, "max_nesting"),
    ({"max_nesting": -1}, "max_nesting"), ({"max_nesting": 0}, "max_nesting"), ({"max_nesting": True}, "max_nesting"),
    ({"answers": 5}, "answers"), ({"answers": {"not a key": "x"}}, "answers"),
])
def test_a_wrong_argument_to_start_is_named(claim, kwargs, named):
    with pytest.raises(ArgumentError) as e:
        Game.start(claim, **kwargs)
    assert str(e.value).startswith(f"{named}: ") and isinstance(e.value, RulekitError)


@pytest.mark.parametrize("args", [(None, "c6", "r1"), ("step", "c6", "r1"), (0, None, "r1")])
def test_a_wrong_argument_to_explain_is_named(claim, args):
    game = Game.start(claim)
    args = tuple(game.timeline[1] if a == 0 else a for a in args)
    with pytest.raises(ArgumentError):
        explain(*args)


@pytest.mark.parametrize("build", [
    lambda b: b.card("a", "Aldric Vane", "P1", strength=10 ** 30).kill("a"),
    lambda b: b.card("a", "Aldric Vane", "P1").draw("P1", 10 ** 12),
])
def test_the_builder_bounds_numbers_as_a_file_does(build):
    with pytest.raises(ScenarioError, match="is too large .*at most 9 digits"):
        build(ScenarioBuilder("t", ruleset="agot")).build()


def test_a_negative_printed_str_is_refused_citing_modifiers():
    with pytest.raises(ScenarioError, match=r'cards\[0\]\.strength: .*negative STR \(Rules Reference, "Modifiers"\)'):
        ScenarioBuilder("t", ruleset="agot").card("a", "Aldric Vane", "P1", strength=-2).kill("a").build()
    with pytest.raises(ScenarioError, match=r'power counters .*"Power"'):
        ScenarioBuilder("t", ruleset="agot").card("a", "Aldric Vane", "P1", power=-1).kill("a").build()


RIFT = """ruleset: riftbound
title: t
players: [P1, P2]
first_player: P1
cards:
  - {{id: u, title: Mossback Drudge, owner: P1, type: unit, zone: base, {fields}}}
script:
  - {{do: kill, cards: [u], id: k}}
"""


def test_a_negative_printed_might_is_refused_but_a_lowered_might_is_not():
    with pytest.raises(ScenarioError, match=r"cards\[0\]\.might: .*no card prints a negative Might.*143\.2\.b"):
        loads_scenario(RIFT.format(fields="might: -1"), "m.yaml")
    lowered = loads_scenario(RIFT.format(fields="might: -1, might_this_turn: -3"), "m.yaml")   # printed 2, -3 this turn
    assert lowered.scenario.card("u").might == -1
    with pytest.raises(ScenarioError, match=r"damage -1 is negative"):
        loads_scenario(RIFT.format(fields="might: 2, damage: -1"), "m.yaml")
