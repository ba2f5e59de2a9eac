"""Rulings are switches: each has options with sources and a registry entry; the command line
lists them and refuses a bad one with exit 2; a file may set them; the game state carries every
ruling in force."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulekit
from rulekit import Game, ScenarioError, rulesets
from rulekit.files import loads_scenario
from rulekit.views.compare import with_rulings

from cli_output import run_cli
from plain_files import RIFT

ROOT = Path(__file__).resolve().parents[2]


def test_every_ruling_has_options_sources_and_a_registry_entry():
    assert {r.name for r in rulesets.all_rulings()} >= {
        "rb.optional", "rb.nth-count", "rb.source-info", "rb.recheck-condition", "rb.replacement-triggers",
        "agot.replacement-triggers", "agot.would-instead"}
    for ruling in rulesets.all_rulings():
        assert len(ruling.options) >= 2
        for option in ruling.options:
            assert option.source and option.reasoning and option.summary
            entry = rulekit.RULES[f"{ruling.name}={option.name}"]
            assert entry.provenance == "ruling"


def test_rulings_json_lists_name_ruleset_options_default():
    code, out, _ = run_cli("rulings", "--json")
    assert code == 0
    data = json.loads(out)
    assert all({"name", "ruleset", "options", "default"} <= set(d) for d in data)
    assert {d["ruleset"] for d in data} >= {"agot", "riftbound"}
    code, out, _ = run_cli("rulings", "riftbound", "--json")
    assert {d["ruleset"] for d in json.loads(out)} == {"riftbound"}


@pytest.mark.parametrize("argument, message", [
    ("rb.optinal=at-resolution", "did you mean 'rb.optional'"),
    ("rb.optional=later", "'later' is not an option of the ruling 'rb.optional'"),
    ("agot.replacement-triggers=trigger", "riftbound has no ruling 'agot.replacement-triggers'"),
    ("rb.optional", "NAME=OPTION"),
])
def test_a_bad_ruling_is_exit_2_with_the_rulings_listed(argument, message):
    path = str(ROOT / "scenarios" / "riftbound" / "ilse-at-base.yaml")
    for command in (("trace", path, "--ruling", argument), ("compare", path, "--ruling", argument)):
        code, out, err = run_cli(*command)
        assert code == 2, (command, out, err)
        assert message in err
        assert "Traceback" not in err


def test_a_file_may_set_its_rulings_and_a_bad_one_names_the_field():
    text = RIFT + "rulings: {rb.optional: at-resolution}\n"
    assert loads_scenario(text).scenario.rulings == {"rb.optional": "at-resolution"}
    with pytest.raises(ScenarioError) as e:
        loads_scenario(RIFT + "rulings: {rb.optional: never}\n", "r.yaml")
    assert "rulings.rb.optional" in str(e.value) and "when-fulfilled" in str(e.value)


def test_the_game_state_carries_every_ruling_in_force():
    game = Game.start(with_rulings(loads_scenario(RIFT).scenario, {"rb.source-info": "last-known"}),
                      play_defaults=True)
    assert game.state.ruling("rb.source-info") == "last-known"
    assert game.state.ruling("rb.optional") == "when-fulfilled"
