"""Replacements printed on cards (rule ``rb.standing-replacement``; Core Rules 365.1, 368.1,
370.1-370.3, 372, 374): they apply to every qualifying death while their card is where they work,
each once per event and the events that replace it; the owner of the card acted on orders them."""
from __future__ import annotations

import pytest

from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario

from shipped_riftbound import play

BOARD = """
ruleset: riftbound
title: replacements
players: [P1, P2]
first_player: P1
RULINGS
cards:
  - {id: knight, title: Knight, owner: P1, type: unit, might: 3, zone: battlefield}
  - {id: a, title: Warding Idol, owner: P1, type: gear, zone: ZONE_A,
     abilities: [{id: ward, timing: replacement, when: {event: killed, card: {which: other, controller: you}},
                  CONDITION effect: [{do: kill, target: self}]}]}
  - {id: b, title: Warding Idol, owner: P1, type: gear, zone: base,
     abilities: [{id: ward, timing: replacement, when: {event: killed, card: {which: other, controller: you}},
                  effect: [{do: kill, target: self}]}]}
  - {id: w, title: Grave Watcher, owner: P2, type: unit, might: 1, zone: base,
     abilities: [{id: g, timing: triggered, when: {event: killed, card: {type: gear}},
                  effect: [{do: draw, target: you}]}]}
  - {id: m, title: P2 card 0, owner: P2, type: unit, zone: main deck}
script:
  - {do: kill, cards: [knight], id: k}
"""


def _run(zone_a="base", rulings="", condition=""):
    return loads_scenario(BOARD.replace("ZONE_A", zone_a).replace("RULINGS", rulings)
                          .replace("CONDITION", condition)).start()


def test_the_default_order_is_the_listing_order_and_the_one_applied_last_dies():
    game = _run()
    zones = {c: game.state.cards[c].zone for c in ("knight", "a", "b")}
    assert zones == {"knight": "battlefield", "a": "base", "b": "trash"}
    order = next(s for s in game.timeline if s.what == "rb-replacement-order")
    assert order.args_dict()["owner"] == "P1" and order.args_dict()["options"] == ("a.ward", "b.ward")
    # the kill that happened instead is an event: the Grave Watcher sees a gear die
    assert game.state.cards["m"].zone == "hand"


def test_a_replacement_works_only_where_its_card_is():
    game = _run(zone_a="trash")
    assert game.state.cards["knight"].zone == "battlefield" and game.state.cards["b"].zone == "trash"
    assert not any(s.what == "rb-replacement-order" for s in game.timeline)


def test_its_condition_is_read_when_the_death_would_happen():
    never = "condition: [{count: {type: unit, controller: opponent}, at_least: 5}],"
    game = _run(condition=never)
    assert game.state.cards["a"].zone == "base" and game.state.cards["b"].zone == "trash"


def test_under_no_trigger_the_events_instead_take_effect_without_triggering():
    game = _run(rulings="rulings: {rb.replacement-triggers: no-trigger}")
    assert game.state.cards["knight"].zone == "battlefield"
    assert game.state.cards["m"].zone == "main deck"       # the Watcher saw no gear die


def test_the_shipped_boards():
    game = play("standing-would-die-instead")
    assert game.state.cards["sentinel"].kneeling and game.state.cards["sentinel"].zone == "base"


@pytest.mark.parametrize("ability, message", [
    ("{id: r, timing: replacement, when: {event: kneels}, effect: [{do: draw, target: you}]}", "replaces a death"),
    ("{id: r, timing: replacement, when: {event: killed}, once_per_turn: true, effect: [{do: draw, target: you}]}",
     "once each turn"),
    ("{id: r, timing: replacement, when: {event: killed}, cost: [{do: exhaust, target: self}], "
     "effect: [{do: draw, target: you}]}", "has no cost"),
    ("{id: r, timing: replacement, when: {event: killed, turn: you}, effect: [{do: draw, target: you}]}",
     "takes no 'turn'"),
])
def test_what_is_not_modelled_is_refused(ability, message):
    src = f"""
ruleset: riftbound
title: refused
players: [P1, P2]
first_player: P1
cards:
  - {{id: c, title: Ward Keeper, owner: P1, type: unit, zone: base, abilities: [{ability}]}}
script: []
"""
    with pytest.raises(ScenarioError, match=message):
        loads_scenario(src)


def test_a_game_of_thrones_has_no_replacement_timing():
    src = """
ruleset: agot
title: refused
players: [P1, P2]
first_player: P1
cards:
  - {id: c, title: Steward, owner: P1,
     abilities: [{id: r, timing: replacement, when: {event: killed}, effect: [{do: draw, target: you}]}]}
script: []
"""
    with pytest.raises(ScenarioError, match="'replacement' is not a timing of agot"):
        loads_scenario(src)
