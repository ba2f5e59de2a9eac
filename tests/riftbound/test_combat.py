"""Combat and the showdown in Riftbound (rules ``rb.combat``, ``rb.showdown``): the designations as
events (Core Rules 383.4.e-f, 459.2.b), Focus and priority in the showdown (312.2.b, 346, 347),
combat damage as events (460.2), the combat cleanup, the conquer that follows and combat's end
(461)."""
from __future__ import annotations

import pytest

from rulekit import Game
from rulekit.core.abilities import Ability, Timing
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, draw
from rulekit.files.expect import priority_of, resolved_of

from shipped_riftbound import play


def test_the_shipped_combat():
    game = play("combat-attack-defend-showdown-conquer")
    state = game.state
    assert state.cards["bridge"].controller == "P1" and state.cards["guard"].zone == "trash"
    assert state.cards["raider"].role is None       # combat ended: no designation left
    damage = next(s for s in game.timeline if s.args_dict().get("combat") == "damage")
    dealt = {tc.card.id: tc.amount for _, tc in damage.state.history.values() if tc.sequence == "s:fight/damage"}
    assert dealt == {"guard": 3, "raider": 2}


def _fight(raider=3, guard=2, spell=False, guard_controller="P2"):
    b = ScenarioBuilder("combat", ruleset="riftbound")
    b.battlefield("bridge", "Sunken Bridge", "P2", controller="P2")
    b.card("raider", "Pike Raider", "P1", type="unit", might=raider, zone="battlefield", at="bridge")
    b.card("guard", "Moat Guard", guard_controller, type="unit", might=guard, zone="battlefield", at="bridge")
    for p in ("P1", "P2"):
        b.card(f"{p}m", f"{p} card 0", p, type="unit", zone="main deck")
    if spell:
        b.card("surge", "Sudden Surge", "P2", type="spell", zone="hand")
        b.give("surge", Ability(id="x", timing=Timing.ACTION, effect=(draw(),), text="Action — Draw 1."))
    return b.combat("bridge", "P1", id="fight")


def test_a_showdown_with_a_spell_played_with_focus_passes_focus_after_its_chain():
    from rulekit.core.decisions import AnswerKey, DecisionKind
    from rulekit import Line
    scenario = _fight(spell=True).build()
    line = Line().with_answer(AnswerKey(DecisionKind.ACT_OR_PASS, "showdown:s:fight", "P2", 2), "surge.x")
    game = Game.start(scenario, line, play_defaults=True)
    # P1 passes with Focus; P2 plays the Action spell (a Chain: P2, then P1, pass); Focus passes to
    # P1 (346), who passes; P2 passes: the showdown ends; the conquer has no trigger
    assert priority_of(game) == ("P1", "P2", "P2", "P1", "P1", "P2")
    assert resolved_of(game) == ("surge.x@showdown:s:fight#1",)
    assert game.state.cards["P2m"].zone == "hand"


def test_a_defender_that_wins_keeps_control_without_a_conquer():
    game = Game.start(_fight(raider=1, guard=3).build())
    state = game.state
    assert state.cards["raider"].zone == "trash" and state.cards["guard"].damage == 0     # healed (461.1.a.1)
    assert state.cards["bridge"].controller == "P2"
    assert not any(tc.kind.value == "conquers" for _, tc in state.history.values())


def test_attackers_are_recalled_while_defenders_remain():
    # two units of Might 0 deal no damage: both sides remain (no result, 461.3.d)
    game = Game.start(_fight(raider=0, guard=0).build())
    state = game.state
    assert state.cards["raider"].zone == "base" and state.cards["raider"].incarnation == 0    # recalled: no move
    assert state.cards["guard"].at == "bridge" and state.cards["bridge"].controller == "P2"
    assert not any(tc.kind.value == "moves" for _, tc in state.history.values())


def test_both_die_and_the_battlefield_is_uncontrolled():
    game = Game.start(_fight(raider=2, guard=2).build())
    assert game.state.cards["bridge"].controller == ""
    assert any(s.what == "rb-combat-result" for s in game.timeline)


def test_no_combat_without_two_players_units():
    game = Game.start(_fight(guard_controller="P1").build())
    assert [s.what for s in game.timeline if s.what.startswith("rb-")] == ["rb-no-combat"]


def test_a_combat_names_one_battlefield_and_the_attacker():
    with pytest.raises(ScenarioError) as e:
        _fight().occur("combat", cards=("raider",), player="P1").build()
    assert "names the one battlefield" in str(e.value)
    with pytest.raises(ScenarioError) as e:
        _fight().occur("combat", cards=("bridge",)).build()
    assert "the attacker" in str(e.value)


def test_the_designation_is_the_rules_not_a_files():
    with pytest.raises(ScenarioError) as e:
        ScenarioBuilder("role", ruleset="riftbound").card("u", "Pike Raider", "P1", type="unit", zone="base",
                                                           role="attacker").build()
    assert "given by the rules" in str(e.value)


def test_a_game_of_thrones_has_no_combat():
    text = """
ruleset: agot
title: no combat
players: [P1, P2]
first_player: P1
cards:
  - {id: c, title: Hill Spearman, owner: P1}
script:
  - {do: combat, cards: [c], player: P1}
"""
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text)
    assert "'combat' is not a verb of agot" in str(e.value)


def test_explain_at_the_showdown_names_what_the_player_with_focus_may_play():
    from rulekit import Code, explain
    from rulekit.core.decisions import AnswerKey, DecisionKind
    from rulekit import Line
    line = Line().with_answer(AnswerKey(DecisionKind.ACT_OR_PASS, "showdown:s:fight", "P2", 2), "surge.x")
    game = Game.start(_fight(spell=True).build(), line, play_defaults=True)
    step = next(s for s in game.timeline if s.what == "rb-adds" and s.args_dict()["player"] == "P2")
    verdict, = explain(step, "surge", "x").verdicts
    assert verdict.code is Code.ELIGIBLE


def test_if_im_defending_holds_during_combat_only():
    game = play("while-defending-condition")
    assert resolved_of(game) == ("dart.x@open:s:main#0", "veteran.v@s:fight/damage:is-dealt-damage:veteran")


@pytest.mark.parametrize("ruleset, value, wanted", [
    ("riftbound", "defending", "did you mean 'defender'"),
    ("agot", "defender", "belongs to another ruleset"),
])
def test_a_combat_filter_is_riftbounds_and_names_a_designation(ruleset, value, wanted):
    text = f"""
ruleset: {ruleset}
title: combat filter
players: [P1, P2]
first_player: P1
cards:
  - id: c
    title: Shieldwall Veteran
    owner: P1
    type: unit
    zone: base
    abilities:
      - {{id: v, timing: {"triggered" if ruleset == "riftbound" else "reaction"}, when: {{event: killed}},
         condition: [{{count: {{which: self, combat: {value}}}, at_least: 1}}],
         effect: [{{do: draw, target: you}}]}}
"""
    if ruleset == "agot":
        text = text.replace("    type: unit\n    zone: base\n", "")
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text)
    assert wanted in str(e.value)
