"""Runes, Energy and Power (rules ``rb.resources``, ``rb.channel-recycle``): the Rune Pool (Core
Rules 161-167), costs paid from it (131, 357.1), abilities that Add resolving at once (400.2,
429.2), channeling and recycling runes (416, 430), and the pools emptying (166)."""
from __future__ import annotations

import pytest

from rulekit import Game
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, ability, add, channel, draw, on, pay, recycle, triggered
from rulekit.files.expect import resolved_of
from rulekit.rulesets.riftbound.cards import spend

from shipped_riftbound import play


def test_spend_pays_a_domain_with_its_own_power_then_universal_power():
    assert spend({"energy": 3}, "energy", 2) == {"energy": 1}
    assert spend({"energy": 1}, "energy", 2) is None
    assert spend({"fury": 1, "any": 1}, "fury", 2) == {}
    assert spend({"calm": 1}, "fury", 1) is None                 # Calm Power does not pay [R]
    assert spend({"calm": 1}, "any", 1) == {}                    # [A] is paid by any domain's Power
    assert spend({"fury": 1, "any": 1}, "any", 1) == {"any": 1}


def test_the_shipped_boards_run_by_the_rules():
    game = play("rune-energy-pays-a-spell")
    assert resolved_of(game) == ("rune.e@open:s:main#0", "bolt.x@open:s:main#1")
    assert game.state.pool("P1") == {}          # the Energy added was spent on Ember Bolt
    adds = next(s for s in game.timeline if s.what == "rb-resolves" and s.args_dict().get("at once"))
    assert adds.rule == "rb.resources"
    channeled = play("channel-and-recycle-a-rune")
    assert channeled.state.cards["r1"].zone == "rune deck"
    assert channeled.state.decks["P1|rune deck"] == ("r3", "r1")      # recycled to the bottom (416.1)


def test_a_unit_the_script_plays_pays_its_cost_or_is_not_played():
    b = ScenarioBuilder("play with a cost", ruleset="riftbound")
    b.card("rune", "Emberstone Rune", "P1", type="rune", zone="base")
    b.card("u", "Ashen Scout", "P1", type="unit", zone="hand", might=2, energy_cost=1)
    b.card("w", "Coin Watcher", "P1", type="unit", zone="base", might=1)
    b.card("m", "P1 card 0", "P1", type="unit", zone="main deck")
    b.give("w", triggered("p", on("pays", player="you"), [draw()]))
    game = Game.start(b.play("u", id="p").build())
    assert game.state.cards["u"].zone == "hand"
    step = next(s for s in game.timeline if s.what == "rb-occurs")
    assert step.args_dict()["unpaid"] == (("u", "its cost cannot be paid from P1's Rune Pool"),)
    assert "is not played" in step.describe()


def test_a_script_played_unit_pays_from_the_pool_and_the_payment_can_trigger():
    src = """
ruleset: riftbound
title: pay to play
players: [P1, P2]
first_player: P1
cards:
  - {id: rune, title: Emberstone Rune, owner: P1, type: rune, zone: base,
     abilities: [{id: e, timing: priority, cost: [{do: exhaust, target: self}],
                  effect: [{do: add, target: you, amount: 2, resource: energy}]}]}
  - {id: u, title: Ashen Scout, owner: P1, type: unit, zone: hand, might: 2, energy_cost: 2}
  - {id: w, title: Coin Watcher, owner: P1, type: unit, zone: base, might: 1,
     abilities: [{id: p, timing: triggered, when: {event: pays, player: you}, effect: [{do: draw, target: you}]}]}
  - {id: m, title: P1 card 0, owner: P1, type: unit, zone: main deck}
script:
  - {do: begin phase, phase: main, id: main}
  - {do: play, cards: [u], id: p}
answers: ["act or pass | open:s:main | P1 | #1 -> rune.e"]
"""
    game = loads_scenario(src).start()
    assert game.state.cards["u"].zone == "base"
    assert game.state.pool("P1") == {}
    assert "w.p@s:p/cost0:pays:P1" in resolved_of(game)


def test_the_pool_empties_when_the_draw_phase_ends_but_not_when_another_phase_ends():
    src = """
ruleset: riftbound
title: pools
players: [P1, P2]
first_player: P1
cards:
  - {id: rune, title: Emberstone Rune, owner: P1, type: rune, zone: base,
     abilities: [{id: e, timing: priority, cost: [{do: exhaust, target: self}],
                  effect: [{do: add, target: you, amount: 1, resource: fury}]}]}
script:
  - {do: begin phase, phase: main, id: main}
  - {do: end phase, phase: PHASE, id: end}
answers: ["act or pass | open:s:main | P1 | #1 -> rune.e"]
"""
    kept = loads_scenario(src.replace("PHASE", "main")).start()
    assert kept.state.pool("P1") == {"fury": 1}
    emptied = loads_scenario(src.replace("PHASE", "draw")).start()
    assert emptied.state.pool("P1") == {}


def test_a_game_of_thrones_pool_holds_only_gold_naming_the_nearest():
    """A Game of Thrones adds and pays gold (agot.gold): Riftbound's Energy is refused there, and
    the message names the one resource its pool holds."""
    src = """
ruleset: agot
title: no runes
players: [P1, P2]
first_player: P1
cards:
  - {id: c, title: Steward, owner: P1,
     abilities: [{id: r, timing: reaction, when: {event: killed}, effect: [{do: add, target: you, resource: energy}]}]}
script: []
"""
    with pytest.raises(ScenarioError, match="the only thing a gold pool holds .*the nearest: 'gold'"):
        loads_scenario(src)


@pytest.mark.parametrize("instr, message", [
    ("{do: add, target: you, amount: 1}", "needs 'resource'"),
    ("{do: add, target: you, amount: 1, resource: gold}", "not 'gold'"),
    ("{do: draw, target: you, resource: energy}", "takes no 'resource'"),
    ("{do: pay, target: you, amount: 1, resource: energy}", "'pay' is a cost"),
    ("{do: add, target: opponent, amount: 1, resource: energy}", "its target is 'you'"),
])
def test_resource_instructions_are_checked(instr, message):
    src = f"""
ruleset: riftbound
title: checked
players: [P1, P2]
first_player: P1
cards:
  - {{id: c, title: Rune Keeper, owner: P1, type: unit, zone: base,
     abilities: [{{id: r, timing: triggered, when: {{event: killed}}, effect: [{instr}]}}]}}
script: []
"""
    with pytest.raises(ScenarioError, match=message):
        loads_scenario(src)


def test_a_power_cost_names_a_domain():
    b = ScenarioBuilder("bad cost", ruleset="riftbound")
    b.card("s", "Odd Spell", "P1", type="spell", zone="hand", power_cost=("gold",))
    with pytest.raises(ScenarioError, match="'gold' is not a domain"):
        b.build()


def test_the_builder_writes_costs_and_channels():
    b = ScenarioBuilder("built", ruleset="riftbound")
    b.card("r1", "Emberstone Rune", "P1", type="rune", zone="rune deck")
    b.card("r2", "Calm Rune", "P1", type="rune", zone="rune deck")
    b.card("rune", "Order Rune", "P1", type="rune", zone="base")
    b.give("rune", ability("c", "priority", None, [add(1, "order")], cost=[recycle()]))
    b.card("w", "Rune Scholar", "P1", type="unit", zone="base", might=1)
    b.give("w", triggered("s", on("channeled", type="rune", player="you"), [channel(1)], cost=[pay(1)]))
    game = Game.start(b.channel("P1", 1, id="ch").build())
    # the Scholar's item cannot pay [1] from an empty pool: it is removed, and channels nothing
    assert game.state.cards["r1"].zone == "base" and game.state.cards["r2"].zone == "rune deck"
    removed = next(s for s in game.timeline if s.what == "rb-removed")
    assert "Rune Pool has not enough energy" in removed.args_dict()["why"]
