"""Riftbound's shipped scenarios: each meets its expect block and cites registered rules; files
name new objects and abilities granted by effects, and their new vocabulary is checked where they
are read; the registry names the Core Rules it follows; the builder scripts what a file can."""
from __future__ import annotations

import pytest

from rulekit import RULES
from rulekit.core.decisions import AnswerKey, DecisionKind
from rulekit.files.expect import check_expect
from rulekit.files import load_scenario, loads_scenario
from rulekit.rulesets.riftbound.rules import CORE_RULES

from shipped_riftbound import FILES, loaded, play


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_riftbound_scenario_meets_its_expect_block(path):
    loaded = load_scenario(path)
    assert loaded.expect is not None
    game = loaded.start()
    assert check_expect(game, loaded.expect) == [] and game.unapplied == ()
    assert {s.rule for s in game.timeline} <= set(RULES)


# -- files name new objects and granted abilities ---------------------------------------------------------
def test_answers_and_expect_name_new_objects_and_abilities_granted_by_effects():
    file = loaded("target-returns-as-a-new-object")
    key = AnswerKey(DecisionKind.CHOOSE_TARGET, "summon.x@chain:s:attack#5/effect0", "P2", 1)
    assert file.answers.get(key) == "wisp@1"
    assert "wisp@3" in file.expect.cards
    granted = loaded("granted-by-an-effect")
    assert granted.expect.verdicts[0].ability == "atk"
    play("granted-by-an-effect")
    play("first-death-watcher-returns")                          # a verdict of watcher@2


# -- the Core Rules and their vocabulary ---------------------------------------------------------------
def test_the_registry_names_the_core_rules_version_it_follows():
    from rulekit import RULES
    assert CORE_RULES == "Riftbound Core Rules, last updated 2026-03-30"
    for rule in ("rb.optional", "rb.no-target", "rb.new-object", "rb.reaction", "rb.replacement", "rb.deathknell"):
        assert CORE_RULES in RULES[rule].source
    assert "2026-03-30" in play("optional-trigger-declined").state.rules.version


def test_the_new_vocabulary_is_checked_when_a_file_is_read():
    from rulekit.core.errors import ScenarioError
    head = """
ruleset: riftbound
title: bad
players: [P1, P2]
first_player: P1
cards:
  - id: u
    title: U
    owner: P1
    type: unit
    zone: base
    abilities:
      - {id: a, timing: triggered, when: {event: attacks}, effect: [%s]}
script:
  - {do: attack, cards: [u]}
"""
    for effect, path in (("{do: create, to: base}", "token"),
                         ("{do: exhaust, target: each, up_to: 2, filter: {type: unit}}", "up_to"),
                         ("{do: kill, target: chosen ability}", "target")):
        with pytest.raises(ScenarioError) as e:
            loads_scenario(head % effect)
        assert e.value.path.endswith(path), (effect, e.value.path)
    agot = (head.replace("ruleset: riftbound", "ruleset: agot").replace("zone: base", "zone: play area")
            .replace("type: unit", "type: character").replace("{do: attack, cards: [u]}", "{do: kneel, cards: [u]}")
            .replace("timing: triggered, when: {event: attacks}", "timing: action"))
    with pytest.raises(ScenarioError) as e:           # 'action' is a timing of Riftbound only
        loads_scenario(agot % "{do: kneel, target: self}")
    assert e.value.path.endswith("timing")


def test_the_builder_scripts_a_move_like_a_file():
    from rulekit import Game
    from rulekit.files.builder import ScenarioBuilder
    b = ScenarioBuilder("a move", players=["P1", "P2"], ruleset="riftbound")
    b.card("u", "Squire", owner="P1", zone="base", type="unit")
    game = Game.start(b.occur("move", cards=["u"], to="battlefield").build()).play_defaults()
    assert game.last_step.state.cards["u"].zone == "battlefield"
