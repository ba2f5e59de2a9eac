"""Choosing several cards, choices by each player or each opponent, and costs paid together: from
the builder, through Game, explain and the trace, and the files that are refused (rules
agot.choose.several, agot.choose.order, agot.costs; ruling agot.each-chooses-short)."""
from __future__ import annotations

import pytest

from rulekit import Code, Game, explain
from rulekit.builder import ScenarioBuilder, cards, choose, forced_reaction, gain_power, kneel, on, reaction, killed
from rulekit.core.errors import ScenarioError
from rulekit.core.decisions import DecisionKind
from rulekit.files import loads_scenario
from rulekit.views.trace import format_trace

from shipped_agot import play


def _gong(standing: int) -> ScenarioBuilder:
    b = ScenarioBuilder("choose 2", players=["P1", "P2"], first_player="P1")
    b.card("c3", "Steward", owner="P2")
    for k in range(standing):
        b.card(f"b{k}", f"Guard {k}", owner="P2")
    b.card("a1", "Kneeling", owner="P1", kneeling=True)
    b.card("gong", "Gong", owner="P1", type="location", abilities=[
        reaction("r", killed(type="character"), [choose("kneel", 2, cards(type="character"))],
                 text="Reaction: After a character is killed, choose 2 characters. Kneel them.")])
    b.kill("c3", id="kill")
    return b


def test_choose_two_from_the_builder_asks_two_numbered_decisions_of_different_cards():
    game = Game.start(_gong(3).build())
    game = game.answer(game.decision.option("gong.r@s:kill:killed:c3"))
    first = game.decision
    assert first.kind is DecisionKind.CHOOSE_TARGET and first.key.number == 1 and first.chooser == "P1"
    assert "(1 of 2)" in first.prompt and first.legal_ids() == ("c3", "b0", "b1", "b2")[1:]
    game = game.answer(first.option("b1"))
    second = game.decision
    assert second.key.at == first.key.at and second.key.number == 2
    assert "b1" not in second.legal_ids()          # one card cannot fill both choices
    game = game.answer(second.option("b2")).play_defaults()
    assert [c for c in ("b0", "b1", "b2") if game.state.cards[c].kneeling] == ["b1", "b2"]


def test_explain_says_why_choose_two_is_not_offered_with_one_eligible_character():
    game = Game.start(_gong(1).build()).play_defaults()
    step = next(s for s in game.timeline if s.context is not None and s.context.id == "s:kill" and s.verdicts
                and s.context.step.number == 7)
    why = explain(step, "gong", "r")
    assert why.verdicts[0].code is Code.NO_TARGET
    assert why.verdicts[0].detail == "only 1 to kneel, 2 to choose"


def test_the_trace_names_the_costs_paid_together_and_the_cost_choice():
    game = play("two-costs-paid-together")
    text = format_trace(game.timeline, rules=True)
    assert "Kneel and discard (cost0, cost1 of Weeping Shrine's reaction" in text
    assert "the costs are paid together, one occurrence in one nested sequence. [agot.costs]" in text
    assert "Chosen to pay the cost of Weeping Shrine's reaction, for Hollowfield Steward killed: Bent Spear." in text


def test_each_opponent_chooses_from_the_builder():
    b = ScenarioBuilder("each opponent", players=["P1", "P2", "P3"], first_player="P2")
    b.card("a1", "Mine", owner="P1")
    for p in ("P2", "P3"):
        b.card(f"{p}c", f"{p}'s", owner=p)
    b.card("pass", "Pass", owner="P1", type="location", abilities=[
        forced_reaction("f", on("phase begins", phase="dominance"),
                        [choose("kneel", 1, cards(type="character", controller="you"), by="each opponent")])])
    b.occur("begin phase", phase="dominance", id="dom")
    game = Game.start(b.build())
    asked = []
    while game.decision:
        asked.append((game.decision.chooser, game.decision.legal_ids()))
        game = game.answer(game.decision.options[0])
    assert asked == [("P2", ("P2c",)), ("P3", ("P3c",))]      # player order from the first player; not P1
    assert not game.state.cards["a1"].kneeling and game.state.cards["P2c"].kneeling


def test_choose_takes_only_the_choosers_it_knows():
    with pytest.raises(ValueError, match="'you', 'each player', 'each opponent'"):
        choose("kneel", 1, by="an opponent")


SHORT = """
ruleset: agot
title: each player chooses 2, P2 has one
players: [P1, P2]
first_player: P1
phase: challenges
%s
cards:
  - {id: a1, title: A1, owner: P1}
  - {id: a2, title: A2, owner: P1}
  - {id: b1, title: B1, owner: P2}
  - id: pass
    title: Pass
    owner: P1
    type: location
    abilities:
      - {id: f, timing: forced reaction, when: {event: phase begins, phase: dominance},
         effect: [{do: kneel, target: each player chooses, filter: {type: character, controller: you}, amount: 2}]}
script: [{do: begin phase, phase: dominance, id: dom}]
"""


def test_each_player_short_of_the_number_chooses_what_they_have_or_nothing_happens_by_the_ruling():
    game = loads_scenario(SHORT % "").start().play_defaults()
    assert all(game.state.cards[c].kneeling for c in ("a1", "a2", "b1"))       # as-able: P2 kneels its one
    game = loads_scenario(SHORT % "rulings: {agot.each-chooses-short: all-or-none}").start().play_defaults()
    assert not any(game.state.cards[c].kneeling for c in ("a1", "a2", "b1"))   # not initiated
    step = next(s for s in game.timeline if s.verdicts and s.context is not None and s.context.step.number == 6)
    detail = explain(step, "pass", "f").verdicts[0].detail
    assert detail == "P2 has only 1 to kneel, 2 to choose (ruling agot.each-chooses-short=all-or-none)"


COST = """
ruleset: agot
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: a
    title: A
    owner: P1
    abilities:
      - {id: r, timing: reaction, when: {event: killed}, cost: [%s], effect: [{do: gain power, target: self}]}
script: [{do: kill, cards: [a]}]
"""


@pytest.mark.parametrize("cost, where, message", [
    ("{do: kneel, target: each player chooses, filter: {type: character}}", "cost[0].target",
     "a cost is paid by the ability's controller"),
    ("{do: kneel, target: self}, {do: discard, target: chosen, filter: {zone: hand}, then: true}", "cost[1].then",
     "paid together"),
    ("{do: delay, at: {event: phase ends}, later: [{do: draw, target: you}]}", "cost[0].do", "is an effect, not a cost"),
    ("{do: discard, target: chosen, filter: {zone: hand}, amount: 0}", "cost[0].amount", "chooses no card"),
])
def test_a_cost_that_is_not_paid_with_the_controllers_own_elements_together_is_refused(cost, where, message):
    with pytest.raises(ScenarioError, match=message) as raised:
        loads_scenario(COST % cost)
    assert where in str(raised.value)


def test_gain_power_keeps_amount_as_the_quantity_with_one_card_chosen():
    b = ScenarioBuilder("gain 2", players=["P1", "P2"], first_player="P1")
    b.card("c3", "Steward", owner="P2")
    b.card("a1", "Mine", owner="P1")
    b.card("a2", "Also mine", owner="P1")
    b.card("hall", "Hall", owner="P1", type="location", abilities=[
        forced_reaction("f", killed(type="character"), [gain_power(2, "chosen", cards(type="character"))])])
    b.kill("c3", id="kill")
    game = Game.start(b.build())
    assert game.decision.key.number == 1 and "of 2" not in game.decision.prompt
    game = game.answer(game.decision.option("a2")).play_defaults()
    assert (game.state.cards["a1"].power, game.state.cards["a2"].power) == (0, 2)
    assert kneel("self").picks == 1


def test_an_effect_that_discards_two_cards_from_a_hand_of_one_discards_it_but_a_cost_needs_two():
    """No "choose": not targeting (FAQ, "Choose"); a non-targeting effect engages as many as it can
    (RR "Effects"). A cost must be paid in full (RR "Costs")."""
    def board(part: str):
        b = ScenarioBuilder("discard 2", players=["P1", "P2"], first_player="P1")
        b.card("c3", "Steward", owner="P2")
        b.card("h1", "Last card", owner="P2", zone="hand", type="attachment")
        two = choose("discard", 2, cards(zone="hand", owner="you"))
        b.card("hall", "Hall", owner="P2", type="location", abilities=[
            forced_reaction("f", killed(type="character"), [gain_power(1)] if part == "cost" else [two],
                            cost=[two] if part == "cost" else [])])
        b.kill("c3", id="kill")
        return Game.start(b.build()).play_defaults()
    effect = board("effect")
    assert effect.state.cards["h1"].zone == "discard pile"
    cost = board("cost")
    assert cost.state.cards["h1"].zone == "hand" and cost.state.cards["hall"].power == 0
