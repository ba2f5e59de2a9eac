"""A Game of Thrones' shipped scenarios: each meets its expect block and cites registered rules;
every answer the engine offers can be written to a file and read back; an expect block catches a
wrong engine; files name new objects, abilities granted by effects, and the player a card event
is about."""
from __future__ import annotations

import dataclasses

import pytest

from rulekit import RULES, Code, Game
from rulekit.files.expect import check_expect, uses_of
from rulekit.files import dump_scenario, load_scenario, loads_scenario

from shipped_agot import AGOT, FILES, play


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_agot_scenario_meets_its_expect_block_and_cites_registered_rules(path):
    loaded = load_scenario(path)
    assert loaded.expect is not None, "every shipped scenario says what the rules expect"
    game = loaded.start()
    assert check_expect(game, loaded.expect) == []
    assert game.unapplied == ()
    assert {s.rule for s in game.timeline} <= set(RULES)


# -- files say everything the engine can -------------------------------------------------------
def test_an_answer_naming_a_new_object_loads_and_applies():
    game = play("answer-names-a-new-object")
    assert uses_of(game)[-1] == "crow@2.r@s:k2:killed:v2"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_answer_the_engine_offers_can_be_written_and_read_back(path):
    """Take the last offered option at every decision, write the line to a file, read it back:
    every id the engine offers must load and replay to the same timeline."""
    loaded = load_scenario(path)
    game = Game.start(loaded.scenario)
    for _ in range(40):
        if not game.decision:
            break
        game = game.answer(game.decision.options[-1])
    game = game.play_defaults()
    again = loads_scenario(dump_scenario(loaded.scenario, game.line), "written.yaml").start()
    assert again.unapplied == ()
    assert [s.record()[:-1] for s in again.timeline] == [s.record()[:-1] for s in game.timeline]


def test_expect_may_name_an_ability_granted_by_an_effect():
    loaded = load_scenario(AGOT.parent / "riftbound" / "granted-by-an-effect.yaml") \
        if (AGOT.parent / "riftbound" / "granted-by-an-effect.yaml").exists() else None
    if loaded is None:
        pytest.skip("no Riftbound scenario grants an ability by an effect")
    from rulekit.files.references import _ability_ids
    granted = [i.grant.id for c in loaded.scenario.cards for a in c.abilities for i in a.effect if i.grant]
    assert granted and all(g in _ability_ids(loaded.scenario, c.id) for g in granted for c in loaded.scenario.cards)


# -- no silent fields: "player" on a card event --------------------------------------------------
def test_player_on_a_card_event_is_the_player_it_is_about():
    game = play("trigger-player-on-a-card-event")
    step = next(s for s in game.timeline if s.context and s.context.id == "ravens.r@s:kill:killed:c3/initiation"
                and s.verdicts)
    v = next(v for v in step.verdicts if v.card == "nay")
    assert v.code is Code.NO_MATCH and v.detail == "it is about P2"
    assert "rulekit.trigger.player" in RULES


# -- expectations that catch a wrong engine ------------------------------------------------------
def test_expectations_catch_the_wrong_order_and_an_offer_that_should_not_exist():
    loaded = load_scenario(AGOT / "each-player-chooses.yaml")
    game = loaded.start()
    wrong = dataclasses.replace(loaded.expect, targets=tuple(reversed(loaded.expect.targets)))
    assert check_expect(game, wrong) and check_expect(game, loaded.expect) == []
    loaded = load_scenario(AGOT / "sacrifice-cost-opens-a-nested-sequence.yaml")
    game = loaded.start()
    wrong = dataclasses.replace(loaded.expect, resolved=tuple(reversed(loaded.expect.resolved)))
    assert check_expect(game, wrong)
    loaded = load_scenario(AGOT / "save-one-of-a-shared-kill.yaml")
    game = loaded.start()
    offered = dataclasses.replace(loaded.expect, never_offered=("c6.r1@s:claim:killed:c4",))
    assert check_expect(game, offered) == ["never_offered: c6.r1@s:claim:killed:c4 was offered"]
