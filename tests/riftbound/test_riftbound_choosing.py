"""Riftbound's choices of several targets and each player's own choices, from the builder, Game,
explain and the trace (rules rb.chain.finalize, rb.each-chooses; Core Rules 355.8, 355.10.e, 402.2)."""
from __future__ import annotations

import pytest

from rulekit import Code, Game
from rulekit.builder import ScenarioBuilder, ability, cards, choose, played, triggered
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.rulesets.riftbound.priority import priority_verdict
from rulekit.views.trace import format_trace


def test_each_player_chooses_from_the_builder_at_resolution_in_turn_order_with_the_rule_on_the_trace():
    b = ScenarioBuilder("each player", players=["P1", "P2"], first_player="P2", ruleset="riftbound")
    b.card("herald", "Herald", owner="P2", type="unit", zone="hand", might=1, abilities=[
        triggered("p", played(which="self"), [choose("exhaust", 1, cards(type="unit", controller="you"),
                                                     by="each player")])])
    b.card("p1u", "P1 unit", owner="P1", type="unit", zone="base", might=1)
    b.card("p2u", "P2 unit", owner="P2", type="unit", zone="base", might=1)
    b.play("herald", id="play")
    game = Game.start(b.build())
    asked = []
    while game.decision:
        asked.append((game.decision.chooser, game.decision.key.at, game.decision.legal_ids()))
        game = game.answer(game.decision.options[-1])
    # the turn player (P2) first, then P1; each among their own units (the played Herald is P2's)
    assert asked == [("P2", "herald@1.p@s:play:played:herald/effect0:P2", ("herald@1", "p2u")),
                     ("P1", "herald@1.p@s:play:played:herald/effect0:P1", ("p1u",))]
    assert game.state.cards["p1u"].kneeling
    text = format_trace(game.timeline, rules=True)
    assert "P1 chooses P1 unit as Herald's ability" in text and "[rb.each-chooses]" in text


def test_a_spell_that_names_two_targets_is_not_offered_with_one():
    b = ScenarioBuilder("two", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("bolt", "Bolt", owner="P1", type="spell", zone="hand", abilities=[
        ability("x", "action", None, [choose("exhaust", 2, cards(type="unit", controller="opponent"))])])
    b.card("foe", "Foe", owner="P2", type="unit", zone="base", might=1)
    game = Game.start(b.build())
    card = game.state.cards["bolt"]
    verdict = priority_verdict(game.state, card, card.abilities[0], "P1", None)
    assert verdict.code is Code.NO_TARGET and verdict.detail == "only 1 legal targets to exhaust, 2 to choose"


def test_up_to_takes_no_second_count():
    text = """
ruleset: riftbound
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: u
    title: U
    owner: P1
    type: unit
    might: 1
    zone: battlefield
    abilities:
      - {id: t, timing: triggered, when: {event: attacks, card: {which: self}},
         effect: [{do: exhaust, target: chosen, up_to: 2, amount: 2, filter: {type: unit}}]}
script: [{do: attack, cards: [u]}]
"""
    with pytest.raises(ScenarioError, match="'up_to' already says how many targets") as raised:
        loads_scenario(text)
    assert "effect[0].amount" in str(raised.value)


def test_discard_two_with_one_card_in_hand_discards_it_and_the_item_is_not_removed():
    """Cards in a hand are no targets (355.10.a): "discard 2" takes as many as there are (422.4)."""
    b = ScenarioBuilder("discard 2", players=["P1", "P2"], first_player="P1", ruleset="riftbound")
    b.card("herald", "Herald", owner="P1", type="unit", zone="hand", might=1, abilities=[
        triggered("p", played(which="self"), [choose("discard", 2, cards(zone="hand", owner="you"))])])
    b.card("h1", "Last card", owner="P1", type="spell", zone="hand")
    b.play("herald", id="play")
    game = Game.start(b.build())
    assert game.decision.legal_ids() == ("h1",) and "(1 of 2)" in game.decision.prompt
    game = game.answer(game.decision.options[0]).play_defaults()
    assert game.state.cards["h1"].zone == "trash"
    assert not [s for s in game.timeline if s.what == "rb-removed"]
