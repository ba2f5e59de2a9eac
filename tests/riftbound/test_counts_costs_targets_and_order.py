"""Riftbound's general mechanics, each on its shipped board: "unit" counts units on the board
(355.9.a.1); items are finalized in the order added (337.1.b); a triggered ability's cost is paid at finalization (383.3.b.1, 404); a target meeting its
restrictions is legal (355.9, 055); a numbered trigger says why not before its Nth event; the
ruling rb.once-removed both ways."""
from __future__ import annotations

import dataclasses

import pytest

from rulekit import Code, Game, explain
from rulekit.core.abilities import Instruction, Target
from rulekit.core.errors import ScenarioError
from rulekit.core.events import Verb
from rulekit.rulesets.riftbound.cards import RiftboundCard
from rulekit.core.model import Card
from rulekit.files import loads_scenario
from rulekit.files.expect import resolved_of
from rulekit.rulesets.riftbound import RbStep

from shipped_riftbound import loaded, play, rulings_of, steps, trigger_step


def _with_cards(name: str, *cards: Card):
    file = loaded(name)
    return Game.start(dataclasses.replace(file.scenario, cards=file.scenario.cards + cards), file.answers,
                      play_defaults=True)


def test_your_only_unit_counts_the_board_and_a_named_zone_counts_that_zone():
    game = play("only-unit-counts-the-board")
    verdicts = {v.card: v for v in trigger_step(game, "s:begin").verdicts}
    assert verdicts["warden"].code is Code.TRIGGERS and verdicts["lantern"].code is Code.TRIGGERS
    # a second unit of P1's on the board does count: the condition is false then, and says so
    crowded = _with_cards("only-unit-counts-the-board",
                          Card(id="ally", title="Ally", owner="P1", type="unit", extension=RiftboundCard(might=1), zone="battlefield"))
    warden = next(v for v in trigger_step(crowded, "s:begin").verdicts if v.card == "warden")
    assert warden.code is Code.CONDITION_FALSE and "2 matching card(s), needs at most 1" in warden.detail
    # with no unit card in the trash, the lantern's count (which names the trash) finds none
    file = loaded("only-unit-counts-the-board")
    empty = Game.start(dataclasses.replace(file.scenario, cards=tuple(c for c in file.scenario.cards
                                                                      if c.id != "fallen")), play_defaults=True)
    lantern = next(v for v in trigger_step(empty, "s:begin").verdicts if v.card == "lantern")
    assert lantern.code is Code.CONDITION_FALSE


def test_an_item_added_while_an_item_resolves_is_finalized_before_one_added_in_the_cleanup():
    game = play("finalized-in-the-order-added")
    placed = [s.args_dict()["item"] for s in steps(game, RbStep.PLACED)]
    assert placed[1].startswith("banner.b@") and placed[2].startswith("watcher.c@")   # in the order added
    finalized = [s.args_dict()["item"] for s in steps(game, RbStep.FINALIZED)]
    assert finalized[1:] == placed[1:]
    # P2's item is the turn player's opponent's: only the order added puts it first
    assert resolved_of(game)[1].startswith("watcher.c@")


def test_a_triggered_abilitys_cost_is_paid_at_finalization_and_its_events_trigger():
    game = play("trigger-cost-paid-at-finalization")
    whats = [(s.what, s.rule) for s in game.timeline]
    paid = whats.index((RbStep.OCCURS, "rb.trigger-cost"))
    assert paid < next(i for i, (w, _) in enumerate(whats) if w == RbStep.PRIORITY)   # before anyone has priority
    resolving = [s for s in game.timeline if s.what == RbStep.RESOLVES]
    assert all(s.before.cards["keeper"].kneeling for s in resolving)       # paid before, not on resolution


def test_an_unpayable_or_declined_cost_removes_the_item():
    for name, why in (("trigger-cost-cannot-be-paid", "its cost cannot be paid"),
                      ("trigger-cost-declined", "declined to pay")):
        game = play(name)
        removed = steps(game, RbStep.REMOVED)
        assert len(removed) == 1 and removed[0].rule == "rb.trigger-cost" and why in removed[0].args_dict()["why"]
        assert tuple(resolved_of(game)) == () and steps(game, RbStep.PRIORITY) == []


def test_a_cost_that_chooses_is_refused_when_the_file_loads():


    source = """
ruleset: riftbound
title: chosen cost
players: [P1, P2]
first_player: P1
cards:
  - id: k
    title: Toll Keeper
    owner: P1
    type: unit
    zone: base
    abilities:
      - {id: t, timing: triggered, when: {event: killed}, cost: [{do: kill, target: chosen, filter: {type: unit}}],
         effect: [{do: draw, target: you}]}
script: [{do: kill, cards: [k]}]
"""

    with pytest.raises(ScenarioError) as caught:
        loads_scenario(source, "chosen-cost.yaml")
    assert caught.value.path.endswith("cost[0].target") and "a cost that chooses is not modelled" in str(caught.value)


def test_a_spell_whose_cost_cannot_be_paid_is_not_offered():
    file = loaded("ready-a-ready-unit-is-a-legal-target")
    draught = next(c for c in file.scenario.cards if c.id == "draught")
    ability = dataclasses.replace(draught.abilities[0], cost=(Instruction(Verb.EXHAUST, Target.SELF),))
    costly = dataclasses.replace(draught, abilities=(ability,))
    scenario = dataclasses.replace(file.scenario, cards=tuple(costly if c.id == "draught" else c
                                                              for c in file.scenario.cards))
    game = Game.start(scenario, play_defaults=True)
    step = next(s for s in game.timeline if s.what == RbStep.OPEN_PASS)
    verdict = explain(step, "draught", "x").verdicts[0]
    assert verdict.code is Code.COST_UNPAYABLE      # a spell in hand cannot be exhausted


def test_a_ready_unit_is_a_legal_target_for_ready_and_nothing_happens():
    game = play("ready-a-ready-unit-is-a-legal-target")
    assert [s.args_dict()["card"] for s in steps(game, RbStep.TARGET)] == ["pike", "pike"]   # trigger, then spell
    nothing = [s for s in steps(game, RbStep.NOTHING) if s.args_dict()["verb"] == "ready"]
    assert len(nothing) == 2                                       # both items resolve and change nothing
    assert not any(v.code is Code.NO_EFFECT for s in game.timeline for v in s.verdicts)


def test_a_numbered_trigger_before_its_nth_event_says_why_not():
    game = play("nth-trigger-before-the-nth-event")
    first = next(v for v in trigger_step(game, "s:first").verdicts if v.card == "tally")
    assert first.code is Code.NTH_NOT_YET and "second" in first.detail and "(1 so far)" in first.detail
    assert not first.usable
    assert explain(trigger_step(game, "s:first"), "tally", "t").verdicts[0] == first


def test_the_once_removed_ruling_differs_both_ways_on_one_board():
    counted = play("once-each-turn-after-removal")
    again = play("once-each-turn-after-removal-not-triggered")
    assert counted.state.cards["guard"].zone == "base" and again.state.cards["guard"].zone == "trash"
    assert counted.scenario.cards == again.scenario.cards and counted.scenario.script == again.scenario.script
    removed = steps(counted, RbStep.REMOVED)[0]
    assert rulings_of(removed) == "rb.once-removed=triggered"
    assert rulings_of(steps(again, RbStep.REMOVED)[0]) == "rb.once-removed=not-triggered"
    # the default file played under the other option gives the other file's outcome
    flipped = play("once-each-turn-after-removal", **{"rb.once-removed": "not-triggered"})
    assert flipped.state.cards["guard"].zone == "trash"
    back = play("once-each-turn-after-removal-not-triggered", **{"rb.once-removed": "triggered"})
    assert back.state.cards["guard"].zone == "base"
