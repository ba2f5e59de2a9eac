"""Turn qualifiers in Riftbound (rule ``rb.turn``): "on your turn" / "on an opponent's turn" written
with a trigger condition is part of it (Core Rules 383.2.a), judged when the event is evaluated
(383.2.c) from the ability's controller, and decides whether the item goes on the Chain at all
(383.3.e). Also the ready/exhaust boards shipped as pinned cases (411.4, 414.1.c, 415.1.c)."""
from __future__ import annotations

import pytest

from rulekit import Code, Game, explain
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, draw, on, triggered
from rulekit.files.expect import resolved_of

from shipped_riftbound import play, trigger_step


def _verdict(game, group, card):
    return next(v for v in trigger_step(game, group).verdicts if v.card == card)


def test_on_your_turn_and_on_an_opponents_turn_follow_the_turn_player():
    game = play("dies-on-an-opponents-turn")
    assert resolved_of(game) == ("herald.h@s:first:killed:squire", "vigil.v@s:second:killed:guard")
    first, second = _verdict(game, "s:first", "vigil"), _verdict(game, "s:second", "herald")
    assert first.code is Code.NO_MATCH and "not an opponent's turn" in first.detail and "P1" in first.detail
    assert second.code is Code.NO_MATCH and "not your turn (P2 is the turn player)" in second.detail
    assert explain(trigger_step(game, "s:first"), "vigil", "v").verdicts == (first,)


def _board(turn: str, first_player: str):
    b = ScenarioBuilder("turn qualifier", first_player=first_player, ruleset="riftbound")
    b.card("w", "Dusk Warden", "P2", type="unit", might=1, zone="base")
    b.card("u", "Field Scout", "P2", type="unit", might=1, zone="battlefield")
    b.card("m", "P2 card 0", "P2", type="unit", zone="main deck")
    b.give("w", triggered("t", on("killed", type="unit", controller="you", turn=turn), [draw()]))
    return Game.start(b.kill("u", id="k").build())


@pytest.mark.parametrize("turn, first_player, triggers", [
    ("you", "P2", True), ("you", "P1", False), ("opponent", "P1", True), ("opponent", "P2", False)])
def test_the_qualifier_is_judged_from_the_abilitys_controller(turn, first_player, triggers):
    game = _board(turn, first_player)
    code = _verdict(game, "s:k", "w").code
    assert (code is Code.TRIGGERS) == triggers
    assert (game.state.cards["m"].zone == "hand") == triggers


def test_a_deathknell_reads_the_turn_from_its_dying_card_controller():
    b = ScenarioBuilder("deathknell on an opponent's turn", first_player="P1", ruleset="riftbound")
    b.card("d", "Gloom Sentinel", "P2", type="unit", might=1, zone="base")
    b.card("m", "P2 card 0", "P2", type="unit", zone="main deck")
    from rulekit.core.abilities import Ability, Timing, Trigger, Who
    from rulekit.core.events import EventKind
    b.give("d", Ability(id="dk", timing=Timing.TRIGGERED, when=Trigger(EventKind.KILLED, turn=Who.YOU),
                        effect=(draw(),), deathknell=True))
    game = Game.start(b.kill("d", id="k").build())
    verdict = _verdict(game, "s:k", "d")
    assert verdict.code is Code.NO_MATCH and "not your turn" in verdict.detail
    assert resolved_of(game) == ()


def test_a_game_of_thrones_file_cannot_say_turn():
    text = """
ruleset: agot
title: t
players: [P1, P2]
first_player: P1
cards:
  - {id: a, title: A, owner: P1, abilities: [{id: r, timing: reaction, when: {event: killed, turn: you},
     effect: [{do: draw, target: you}]}]}
"""
    with pytest.raises(ScenarioError, match="'turn' of the trigger of 'r' belongs to another ruleset"):
        loads_scenario(text, "agot-turn.yaml")


@pytest.mark.parametrize("name, resolved", [
    ("readied-me-draw", ("sentry.r@s:dawn:stands:sentry",)),
    ("you-exhaust-an-enemy-unit", ("warden@1.p@s:warden:played:warden",
                                   "totem.t@warden@1.p@s:warden:played:warden/effect0:kneels:raider"))])
def test_ready_and_exhaust_events_trigger_only_when_they_happen(name, resolved):
    game = play(name)
    assert resolved_of(game) == resolved
