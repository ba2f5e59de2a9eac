"""What each field of an instruction needs besides its verb (rule ``rulekit.fields``,
:mod:`rulekit.files.instruction_fields`): a field set where no rule and no printed template gives it
a meaning is refused when the file loads (exit 2, file, line, field, why and where it belongs); the
combinations the rules and printed templates use load. The walk that finds such fields is
``test_every_field_matters.py``."""
from __future__ import annotations

import pytest

from rulekit import ScenarioError
from rulekit.cli import main
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, do, on, reaction

_AGOT = """ruleset: agot
title: t
players: [P1, P2]
first_player: P1
cards:
  - {{id: that, title: Rival, owner: P2}}
  - {{id: src, title: Source, owner: P1}}
  - {{id: h, title: Hand card, owner: P1, zone: hand}}
  - id: c
    title: C
    owner: P1
    abilities:
      - {{id: r, timing: {timing}, when: {when}, cost: {cost}, effect: {effect}}}
script:
  - {{do: gain power, cards: [that]}}
"""
_RB = """ruleset: riftbound
title: t
players: [P1, P2]
first_player: P1
cards:
  - {{id: that, title: Rival, owner: P2, type: unit, zone: base}}
  - id: c
    title: C
    owner: P1
    type: unit
    zone: base
    abilities:
      - {{id: r, timing: triggered, when: {{event: gets might}}, cost: {cost}, effect: {effect}}}
script:
  - {{do: give might, cards: [that], amount: 1}}
"""


def _agot(effect="[{do: draw, target: you}]", cost="[]", timing="reaction", when="{event: gains power}"):
    return _AGOT.format(effect=effect, cost=cost, timing=timing, when=when)


def _rb(effect="[{do: draw, target: you}]", cost="[]"):
    return _RB.format(effect=effect, cost=cost)


REFUSED = [
    # (file, the field named, words of the reason)
    (_agot("[{do: kneel, target: self, amount: 2}]"), "effect[0].amount", "not a number of cards"),
    (_agot("[{do: kneel, target: that card, filter: {type: character}}]"), "effect[0].filter",
     "names its card or player itself"),
    (_agot("[{do: draw, target: you, filter: {type: character}}]"), "effect[0].filter", "names its card or player"),
    (_agot(cost="[{do: kneel, target: self, condition: [{count: {type: location}, at_least: 1}]}]"),
     "cost[0].condition", "a cost is paid as it stands"),
    (_agot(cost="[{do: kneel, target: self, then: true}]"), "cost[0].then", "in a cost"),
    (_agot("[{do: draw, target: you, then: true}]"), "effect[0].then", "needs an instruction before it"),
    (_agot("[{do: kneel, target: that card, cannot_be_saved: true}]"), "effect[0].cannot_be_saved",
     "only a kill or a discard"),
    (_agot(cost="[{do: kill, target: self, cannot_be_saved: true}]"), "cost[0].cannot_be_saved", "in a cost"),
    (_agot("[{do: discard, target: a duplicate, cannot_be_saved: true}]"), "effect[0].cannot_be_saved",
     "only a kill or a discard"),
    (_agot("[{do: cannot be killed, target: self, instead: [{do: kneel, target: self}]}]", timing="constant",
           when="null"), "effect[0].instead", "only 'replace' takes 'instead'"),
    (_agot("[{do: cancel, target: that effect, later: [{do: draw, target: you}]}]", timing="would interrupt",
           when="{event: effect initiates}"), "effect[0].later", "only 'delay' takes 'at' and 'later'"),
    (_agot("[{do: cannot be killed, target: self, resource: gold}]", timing="constant", when="null"),
     "effect[0].resource", "takes no 'resource'"),
    (_agot("[{do: cannot be killed, target: self, until: phase}]", timing="constant", when="null"),
     "effect[0].until", "only 'give strength' lasts 'until'"),
    (_agot("[{do: cannot be killed, target: self, condition: [{count: {type: location}, at_least: 1}]}]",
           timing="constant", when="null"), "effect[0].condition", "the ability's condition says when"),
    (_agot("[{do: cannot be killed, target: self, filter: {type: character}}]", timing="constant", when="null"),
     "effect[0].filter", "names its card or player itself"),
    (_agot("[{do: delay, target: that card, at: {event: phase ends}, later: [{do: draw, target: you}]}]"),
     "effect[0].target", "its target is never read"),
    (_agot("[{do: replace, target: chosen, filter: {type: character}, instead: [{do: kneel, target: that card}]}]",
           timing="interrupt", when="{event: killed}"), "effect[0].target", "its target is 'that card'"),
    (_rb("[{do: draw, target: you, ability: x}]"), "effect[0].ability", "only 'remove ability' takes 'ability'"),
    (_rb("[{do: exhaust, target: self, amount_of: \"this card's might\"}]"), "effect[0].amount_of",
     "has no amount that a card's Might could give"),
    (_rb(cost="[{do: exhaust, target: self, amount_of: \"this card's might\"}]"), "cost[0].amount_of", "in a cost"),
    (_rb(cost="[{do: give might, target: self, amount: 1, this_turn: true}]"), "cost[0].this_turn", "in a cost"),
    (_rb(cost="[{do: grant, target: self, grant: {id: g, timing: triggered, when: {event: killed}, "
             "effect: [{do: draw, target: you}]}}]"), "cost[0].do", "cannot be a cost"),
    (_rb("[{do: kill, target: a duplicate}]"), "effect[0].target", "which Riftbound does not have"),
    (_rb("[{do: create, target: that card, token: {title: Recruit, might: 1}}]"), "effect[0].target",
     "its target is never read"),
    (_rb(cost="[{do: create, token: {title: Recruit, might: 1}}]"), "cost[0].do", "cannot be a cost"),
    (_rb("[{do: take control, target: self}]"), "effect[0].target", "controls its own card already"),
    (_rb("[{do: discard, target: chosen, filter: {zone: main deck, owner: you}}]"), "effect[0].filter.zone",
     "a discard takes a card from a hand"),
    (_rb("[{do: not modelled, text: look at a card, condition: [{count: {type: unit}, at_least: 1}]}]"),
     "effect[0].condition", "changes nothing in Riftbound"),
    (_rb().replace("timing: triggered, when: {event: gets might}", "timing: action, when: {event: gets might}"),
     "abilities[0].when", "on an ability played with priority"),
    (_rb().replace("timing: triggered,", "timing: priority, once_per_turn: true,").replace(
        "when: {event: gets might}, ", ""), "abilities[0].once_per_turn", "on an ability played with priority"),
    (_agot("[{do: cannot be killed, target: self}]", timing="constant", when="null").replace(
        "timing: constant,", "timing: constant, cannot_be_cancelled: true,"), "abilities[0].cannot_be_cancelled",
     "a constant ability has no 'cannot_be_cancelled'"),
    (_agot(when="{event: draws, card: {type: character}}"), "when.card", "is about a player or a phase"),
]


@pytest.mark.parametrize("text, field, words", REFUSED)
def test_a_field_that_would_mean_nothing_is_refused_at_load(text, field, words):
    with pytest.raises(ScenarioError) as err:
        loads_scenario(text, "t.yaml")
    e = err.value
    assert e.path.endswith(field) and words in str(e), str(e)
    assert e.file == "t.yaml" and e.line is not None and "expected" in str(e)


def test_the_command_line_exits_2_naming_file_line_and_field(tmp_path, capsys):
    path = tmp_path / "amount.yaml"
    path.write_text(_agot("[{do: kneel, target: self, amount: 2}]"))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:" in err and "cards[3].abilities[0].effect[0].amount" in err and "Traceback" not in err


ACCEPTED = [
    # combinations a rule or a printed template needs: they load (and the field walk checks they work)
    _agot("[{do: discard, target: chosen, amount: 2, filter: {zone: hand, owner: you}}]"),      # discard 2 cards
    _agot("[{do: kill, target: chosen, amount: 2, filter: {type: character}}]"),                 # choose 2 characters
    _agot("[{do: kneel, target: each player chooses, filter: {type: character}}]"),              # each player chooses
    _agot("[{do: discard, target: random, amount: 2, filter: {zone: hand, owner: opponent}}]"),   # 2 at random
    _agot("[{do: gain power, target: that card, amount: 2}]"),                                     # gains 2 power
    _agot("[{do: kneel, target: self}, {do: draw, target: you, then: true}]"),                    # Then, draw 1
    _agot("[{do: kill, target: that card, cannot_be_saved: true}]"),                              # (cannot be saved)
    _agot("[{do: draw, target: you, condition: [{count: {type: location}, at_least: 1}]}]"),      # if …, draw 1
    _agot(cost="[{do: discard, target: chosen, amount: 2, filter: {zone: hand, owner: you}}]"),   # discard 2 to …
    _rb("[{do: draw, target: you, amount_of: \"that card's might\"}]"),                           # draw its Might
    _rb("[{do: exhaust, target: each player chooses, filter: {type: unit}}]"),
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_what_rules_and_printed_templates_need_loads(text):
    loads_scenario(text, "t.yaml")


def test_a_scenario_built_in_python_is_refused_the_same_way():
    from rulekit import Game
    b = ScenarioBuilder("t", players=["P1", "P2"], first_player="P1")
    b.card("c", "C", owner="P1", abilities=[reaction("r", on("kneels"), [do("kneel", "self", amount=2)])])
    b.kneel("c")
    with pytest.raises(ScenarioError) as err:
        Game.start(b.build())
    assert "effect[0].amount" in err.value.path
