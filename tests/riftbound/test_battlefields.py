"""Several named battlefields in Riftbound (rule ``rb.battlefields``): each battlefield on the board is
a location of its own (Core Rules 107.2.a-b), a permanent at one says which (``at``), "here" is its
card's battlefield (359.3.f.2), a move may take a unit from one battlefield to another (441.1, 442),
and a battlefield is controlled by a player or by no one (187.2). A file with no battlefield card
keeps the single, unnamed battlefield zone it always had."""
from __future__ import annotations

import pytest

from rulekit import Code, Game
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, cards, condition, draw, on, triggered
from rulekit.files.expect import resolved_of

from shipped_riftbound import play, trigger_step


def test_here_is_the_attackers_own_battlefield():
    game = play("here-is-the-attackers-battlefield")
    state = game.state
    assert state.cards["toll"].damage == 2 and state.cards["ferryman"].damage == 0
    assert resolved_of(game) == ("duelist.atk@s:attack:attacks:duelist",)


def test_a_move_between_battlefields_keeps_the_object_and_here_follows_it():
    game = play("move-to-another-battlefield")
    runner = game.state.cards["runner"]
    assert (runner.zone, runner.at, runner.incarnation) == ("battlefield", "bridge", 0)
    away = next(v for v in trigger_step(game, "s:away").verdicts if v.card == "runner")
    assert away.code is Code.CONDITION_FALSE


def _board(**unit):
    b = ScenarioBuilder("battlefields", ruleset="riftbound")
    b.battlefield("bridge", "Sunken Bridge", "P1")
    b.battlefield("ford", "Reed Ford", "P2", controller="P2")
    b.card("u", "Ridge Runner", "P1", type="unit", might=1, **unit)
    return b


def test_an_uncontrolled_battlefield_is_controlled_by_no_one():
    game = Game.start(_board(zone="battlefield", at="bridge").build())
    assert game.state.cards["bridge"].controller == "" and game.state.cards["ford"].controller == "P2"


def test_with_named_battlefields_a_permanent_in_the_zone_says_which():
    with pytest.raises(ScenarioError) as e:
        _board(zone="battlefield").build()
    assert e.value.path.endswith(".at") and "bridge, ford" in str(e.value)


def test_at_names_a_battlefield_on_the_board():
    with pytest.raises(ScenarioError) as e:
        _board(zone="battlefield", at="brige").build()
    assert "did you mean 'bridge'" in str(e.value)
    with pytest.raises(ScenarioError) as e:
        _board(zone="base", at="bridge").build()
    assert "not the battlefield zone" in str(e.value)


def test_only_a_battlefield_is_uncontrolled():
    with pytest.raises(ScenarioError) as e:
        _board(zone="base", uncontrolled=True).build()
    assert "only a battlefield is uncontrolled" in str(e.value)


def test_a_move_names_a_battlefield_once_they_are_named():
    with pytest.raises(ScenarioError) as e:
        _board(zone="base").move("u", to="battlefield").build()
    assert "'battlefield' is not a place" in str(e.value) and "bridge" in str(e.value)
    game = Game.start(_board(zone="base").move("u", to="ford").build())
    assert (game.state.cards["u"].zone, game.state.cards["u"].at) == ("battlefield", "ford")


def test_leaving_the_battlefield_zone_clears_at():
    game = Game.start(_board(zone="battlefield", at="bridge").move("u", to="base").build())
    assert (game.state.cards["u"].zone, game.state.cards["u"].at) == ("base", None)


def test_here_on_a_battlefield_is_that_battlefield():
    b = _board(zone="battlefield", at="ford")
    b.card("m", "P2 card 0", "P2", type="unit", zone="main deck")
    b.give("ford", triggered("t", on("moves", card=cards(type="unit", here=True)), [draw()],
                             condition=[condition(cards(type="unit", here=True), at_least=1)]))
    b.move("u", to="bridge", id="away")
    game = Game.start(b.build())
    verdict = next(v for v in trigger_step(game, "s:away").verdicts if v.card == "ford")
    # a move's trigger condition is evaluated after the move (383.2.c): "a unit moves here" reads the
    # unit where it went (the Bridge, not here), so a unit leaving the Ford does not move here
    assert verdict.code is Code.NO_MATCH and "not here" in verdict.detail


def test_a_unit_that_moves_here_is_seen_here():
    b = _board(zone="base")
    b.give("ford", triggered("t", on("moves", card=cards(type="unit", here=True)), [draw()]))
    b.move("u", to="ford", id="in")
    game = Game.start(b.build())
    verdict = next(v for v in trigger_step(game, "s:in").verdicts if v.card == "ford")
    assert verdict.code is Code.TRIGGERS


def test_a_file_with_one_unnamed_battlefield_still_loads():
    text = """
ruleset: riftbound
title: one battlefield
players: [P1, P2]
first_player: P1
cards:
  - {id: u, title: Ridge Runner, owner: P1, type: unit, might: 1, zone: battlefield}
script:
  - {do: move, cards: [u], to: base}
"""
    game = Game.start(loads_scenario(text).scenario)
    assert game.state.cards["u"].zone == "base"


def test_a_game_of_thrones_card_has_no_battlefield():
    text = """
ruleset: agot
title: no battlefields
players: [P1, P2]
first_player: P1
cards:
  - {id: c, title: Hill Spearman, owner: P1, at: bridge}
"""
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text)
    assert "'at' is a card field of Riftbound" in str(e.value)


def test_a_unit_is_played_to_a_battlefield_and_a_gear_to_its_base():
    b = _board(zone="hand")
    b.card("g", "Tide Lantern", "P1", type="gear", zone="hand")
    game = Game.start(b.play("u", to="ford").build())
    u = game.state.cards["u"]
    assert (u.zone, u.at, u.kneeling, u.incarnation) == ("battlefield", "ford", True, 1)
    with pytest.raises(ScenarioError) as e:
        _board(zone="hand").card("g", "Tide Lantern", "P1", type="gear", zone="hand").play("g", to="ford").build()
    assert "only a unit is played to a location" in str(e.value)
