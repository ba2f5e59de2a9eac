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


# -- the Resolution Step: the Chain waits (rule rb.resolution-step; 320.1, 335.1-335.2, 460.3, 461) --------
def _martyr(deal=3, reaction=False):
    """P1's Raider (Might 4, "When I conquer, draw 1") against P2's Martyr (Might 2, "Deathknell —
    Deal N to an enemy unit."), built in Python."""
    from rulekit.core.abilities import CardFilter, Instruction, Target, Trigger, Who
    from rulekit.core.events import EventKind, Verb
    b = ScenarioBuilder("martyr", ruleset="riftbound")
    b.battlefield("bridge", "Sunken Bridge", "P2", controller="P2")
    b.card("raider", "Tidebreaker Raider", "P1", type="unit", might=4, zone="battlefield", at="bridge")
    b.give("raider", Ability(id="c", timing=Timing.TRIGGERED, effect=(draw(),), text="When I conquer, draw 1.",
                             when=Trigger(EventKind.CONQUERS, CardFilter(here=True), Who.YOU)))
    b.card("martyr", "Ashen Martyr", "P2", type="unit", might=2, zone="battlefield", at="bridge")
    b.give("martyr", Ability(id="dk", timing=Timing.TRIGGERED, deathknell=True, when=Trigger(EventKind.KILLED),
                             effect=(Instruction(Verb.DEAL_DAMAGE, Target.CHOSEN,
                                                 CardFilter(type="unit", controller=Who.OPPONENT), amount=deal),),
                             text=f"Deathknell — Deal {deal} to an enemy unit."))
    b.card("P1m", "P1 card 0", "P1", type="unit", zone="main deck")
    if reaction:
        b.card("ward", "Quick Ward", "P2", type="spell", zone="hand")
        b.give("ward", Ability(id="x", timing=Timing.PRIORITY, effect=(draw(),), text="Reaction — Draw 1."))
        b.card("P2m", "P2 card 0", "P2", type="unit", zone="main deck")
    return b.combat("bridge", "P1", id="fight").build()


def test_the_heal_comes_before_a_deathknells_damage():
    game = Game.start(_martyr(), play_defaults=True)
    raider = game.state.cards["raider"]
    assert (raider.zone, raider.at, raider.damage) == ("battlefield", "bridge", 3)     # 2 healed, then 3 of 4
    assert resolved_of(game) == ("martyr.dk@s:fight/cleanup:killed:martyr", "raider.c@s:fight/conquer:conquers:bridge")
    whats = [s.what for s in game.timeline]
    assert whats.index("rb-chain-waits") < whats.index("rb-combat-cleanup") < whats.index("rb-chain-released") \
        < whats.index("rb-finalized")


def test_the_two_readings_of_the_resolution_step():
    """each-task: the Deathknell resolves after the Combat Cleanup, before control; whole-step: after
    combat has ended, the conquer's item on top of it."""
    each = Game.start(_martyr(deal=4), play_defaults=True)
    assert each.state.cards["raider"].zone == "trash" and each.state.cards["bridge"].controller == ""   # 461.5.b
    assert resolved_of(each) == ("martyr.dk@s:fight/cleanup:killed:martyr",)
    whole = Game.start(_martyr(deal=4), rulings={"rb.resolution-step": "whole-step"}, play_defaults=True)
    assert whole.state.cards["raider"].zone == "trash" and whole.state.cards["bridge"].controller == "P1"
    assert resolved_of(whole) == ("raider.c@s:fight/conquer:conquers:bridge", "martyr.dk@s:fight/cleanup:killed:martyr")
    released = next(s for s in whole.timeline if s.what == "rb-chain-released")
    assert released.args_dict()["task"] == "end" and released.rule == "rb.resolution-step"
    assert released.args_dict()["ruling"] == "rb.resolution-step=whole-step"


def test_the_trace_says_when_the_items_wait_and_when_they_are_released():
    game = Game.start(_martyr(), play_defaults=True)
    waits = next(s for s in game.timeline if s.what == "rb-chain-waits")
    assert waits.rule == "rb.resolution-step"
    assert "No one gets priority" in waits.describe() and "waiting: Ashen Martyr's Deathknell" in waits.describe()
    released = next(s for s in game.timeline if s.what == "rb-chain-released")
    assert released.describe().startswith("The Combat Cleanup is complete (deaths, heal, recall): the items waiting")
    from rulekit.core.rules import RULES
    assert "460.3" in RULES["rb.resolution-step"].source


def test_explain_while_the_items_wait_says_no_one_has_priority():
    from rulekit import Code, explain
    game = Game.start(_martyr(reaction=True), play_defaults=True)
    waits = next(s for s in game.timeline if s.what == "rb-chain-waits")
    verdict, = explain(waits, "ward", "x").verdicts
    assert verdict.code is Code.WRONG_TIMING and "Resolution Step" in verdict.detail
    assert "rb.resolution-step=each-task" in verdict.detail
    heal = next(s for s in game.timeline if s.what == "rb-combat-cleanup")
    assert explain(heal, "ward", "x").verdicts[0].code is Code.WRONG_TIMING
    # once released, P2 has priority on the Deathknell and may play the Reaction (309.1.a)
    priority = next(s for s in game.timeline if s.what == "rb-pass" and s.args_dict()["player"] == "P2")
    assert explain(priority, "ward", "x").verdicts[0].code is Code.ELIGIBLE
