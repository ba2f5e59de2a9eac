"""Attachments and gold (rules ``agot.attachment``, ``agot.gold``): what a file may say and what it
is refused with (exit 2, the field and the nearest word), the builder, and the shipped cases."""
from __future__ import annotations

import pytest

from rulekit.builder import ScenarioBuilder, cards, gain_gold, interrupt, killed, pay_gold, reaction, draw
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario

from shipped_agot import play

HEAD = """ruleset: agot
title: t
players: [P1, P2]
first_player: P1
"""


def _refused(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        loads_scenario(HEAD + text, "f.yaml")
    return err.value


def test_an_attachment_names_the_card_it_is_attached_to():
    e = _refused("cards:\n  - {id: k, title: K, owner: P1}\n"
                 "  - {id: a, title: A, owner: P1, type: attachment, attached_to: kk}\n")
    assert e.path == "cards[1].attached_to" and "names no other card (did you mean 'k'?)" in str(e)
    e = _refused("cards:\n  - {id: k, title: K, owner: P1}\n  - {id: a, title: A, owner: P1, attached_to: k}\n")
    assert "is a character, not an attachment" in str(e)
    e = _refused("cards:\n  - {id: k, title: K, owner: P1, zone: hand}\n"
                 "  - {id: a, title: A, owner: P1, type: attachment, attached_to: k}\n")
    assert "an attachment out of play is attached to nothing" in str(e)
    e = _refused("cards:\n  - {id: k, title: K, owner: P1, type: event, zone: hand}\n"
                 "  - {id: a, title: A, owner: P1, type: attachment, attached_to: k}\n")
    assert "names an event, which nothing can be attached to" in str(e)
    e = _refused("cards:\n  - {id: k, title: K, owner: P1, terminal: true}\n")
    assert e.path == "cards[0].terminal" and "only an attachment has the keyword terminal" in str(e)


def test_the_script_cannot_put_an_attachment_into_play():
    e = _refused("cards:\n  - {id: a, title: A, owner: P1, type: attachment, zone: hand}\n"
                 "script:\n  - {do: put into play, cards: [a]}\n")
    assert e.path == "script[0].cards[0]" and "rulekit does not model (rule agot.attachment)" in str(e)


def test_attached_character_is_refused_by_riftbound_naming_the_nearest():
    text = """ruleset: riftbound
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: u
    title: U
    owner: P1
    type: unit
    zone: base
    abilities:
      - {id: t, timing: triggered, when: {event: killed, card: {which: attached}}, effect: [{do: draw, target: you}]}
"""
    with pytest.raises(ScenarioError) as err:
        loads_scenario(text, "f.yaml")
    assert err.value.path.endswith("when.card.which") and "the nearest: which 'self'" in str(err.value)


@pytest.mark.parametrize("instr, words", [
    ("{do: add, target: you, amount: 2}", "needs 'resource': gold"),
    ("{do: add, target: you, amount: 2, resource: energy}", "the nearest: 'gold'"),
    ("{do: add, target: opponent, amount: 2, resource: gold}", "its target is 'you'"),
    ("{do: pay, target: you, amount: 1, resource: gold}", "'pay' is a cost"),
    ("{do: draw, target: you, resource: gold}", "takes no 'resource'"),
])
def test_gaining_and_paying_gold_are_refused_when_misspelled(instr, words):
    e = _refused(f"cards:\n  - id: c\n    title: C\n    owner: P1\n    abilities:\n"
                 f"      - {{id: r, timing: reaction, when: {{event: killed}}, effect: [{instr}]}}\n")
    assert words in str(e) and "effect[0]" in e.path


def test_pools_name_players_and_gold():
    e = _refused("pools: {P3: {gold: 1}}\ncards: []\n")
    assert e.path == "pools.P3" and "is not a player" in str(e)
    e = _refused("pools: {P1: {gols: 1}}\ncards: []\n")
    assert e.path == "pools.P1.gols" and "(did you mean 'gold'?)" in str(e)
    e = _refused("pools: {P1: {gold: -1}}\ncards: []\n")
    assert "0 or more" in str(e)
    e = _refused("cards: []\nscript:\n  - {do: add, player: P1, amount: 2}\n")
    assert e.path == "script[0].do" and "top-level 'pools'" in str(e)
    e = _refused("cards: []\nexpect: {pools: {P1: {energy: 1}}}\n")
    assert "is not something a pool holds in agot" in str(e)


def test_the_builder_writes_pools_attachments_and_gold():
    b = ScenarioBuilder("Mark", ruleset="agot").pool("P1", gold=1)
    b.card("k", "Ser Test", "P2")
    b.card("m", "Test Mark", "P1", type="attachment", attached_to="k", terminal=True,
           abilities=[interrupt("i", killed(which="attached"), [gain_gold(2)])])
    b.card("l", "Test Ledger", "P1", type="location",
           abilities=[reaction("r", killed(type="character"), [draw(1)], cost=[pay_gold(2)])])
    scenario = b.kill("k", id="kill").build()
    assert scenario.pools == {"P1": {"gold": 1}}
    assert scenario.to_data()["pools"] == {"P1": {"gold": 1}}
    assert cards(which="attached").which.value == "attached"
    from rulekit import Game
    from rulekit.core.decisions import AnswerKey, DecisionKind
    key = AnswerKey(DecisionKind.ACT_OR_PASS, "s:kill:interrupt", "P1", 1)
    game = Game.start(scenario, answers={key: "m.i@s:kill:killed:k"})
    assert game.state.pool("P1") == {"gold": 3}
    assert game.state.cards["m"].zone == "discard pile"


def test_the_shipped_cases_run():
    game = play("attachment-returns-to-hand-with-its-character")
    assert game.state.cards["ring"].attached_to is None
    assert play("gold-cost-cannot-be-paid").state.pool("P1") == {}
