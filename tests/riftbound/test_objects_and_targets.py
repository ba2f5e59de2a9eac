"""Objects and targets in Riftbound: a card that comes back is a new object, and temporary changes
end when it leaves the board; tokens are made and cease to exist; "here", "another" and
"non-X" are judged from the ability's card when the instruction executes; "up to N" targets."""
from __future__ import annotations

import dataclasses

from rulekit import Game
from rulekit.core.decisions import AnswerKey, DecisionKind
from rulekit.files.expect import resolved_of
from rulekit.files import loads_scenario
from rulekit.rulesets.riftbound import RbStep

from shipped_riftbound import loaded, play, steps


# -- new objects and temporary changes (110, 359.3.e.4) ---------------------------------------------------
def test_a_target_that_went_to_hand_and_came_back_is_a_new_object_and_is_unaffected():
    game = play("target-returns-as-a-new-object")
    wisp = game.state.cards["wisp"]
    assert wisp.obj == "wisp@3" and wisp.damage == 0 and wisp.zone == "base"
    hunter = next(s for s in steps(game, RbStep.RESOLVES) if s.args_dict()["item"].startswith("hunter.atk"))
    after = game.timeline[hunter.number + 1]
    assert after.what == RbStep.NOTHING                          # the old object is no longer a legal target


def test_buffs_and_granted_abilities_end_when_the_card_leaves_the_board():
    game = play("temporary-changes-end-off-the-board")
    squire = game.state.cards["squire"]
    assert squire.might == 2 and squire.ability("mourn") is None
    trigger = next(s for s in steps(game, RbStep.TRIGGERS) if s.args_dict()["group"] == "s:loss")
    assert trigger.args_dict()["items"] == ()


# -- vocabulary: tokens, non-X, here, up to N -------------------------------------------------------------
def test_oren_plays_an_exhausted_recruit_token_for_a_non_recruit_death_only():
    game = play("oren-creates-a-recruit")
    token = game.state.cards["token-recruit-1"]
    assert (token.title, token.might, token.traits, token.kneeling, token.controller) == ("Recruit", 1, ("Recruit",),
                                                                                         True, "P1")
    assert [c.id for c in game.state.cards_in("base", "P1")] == ["oren", "token-recruit-1"]


def test_a_token_put_into_a_non_board_zone_ceases_to_exist():
    text = """
ruleset: riftbound
title: token dies
players: [P1, P2]
first_player: P1
cards:
  - id: maker
    title: Maker
    owner: P1
    type: unit
    zone: base
    abilities:
      - {id: m, timing: triggered, when: {event: phase begins, phase: action},
         effect: [{do: create, token: {title: Recruit, might: 1, traits: [Recruit]}, to: base},
                  {do: kill, target: each, filter: {trait: Recruit}}]}
script:
  - {do: begin phase, phase: action}
"""
    game = loads_scenario(text).start()
    assert game.state.cards["token-recruit-1"].zone == ""     # it died, and then ceased to exist (183.1)
    assert game.state.cards_in("trash") == ()


def test_here_is_read_when_the_instruction_executes():
    game = play("blade-here-moved-in-response")
    assert game.state.cards["scout"].damage == 0 and game.state.cards["guard"].damage == 0
    still = play("blade-here-moved-in-response").scenario
    without = Game.start(dataclasses.replace(still, cards=tuple(c for c in still.cards if c.id != "flee")),
                         play_defaults=True)
    assert without.state.cards["scout"].damage == 3 and without.state.cards["guard"].damage == 0


def test_up_to_two_targets_and_zero_targets_is_never_removed():
    game = play("up-to-two-targets")
    keys = [s.decision.key.number for s in game.timeline if s.decision is not None]
    assert keys == [1, 2]                                        # the third choice never came: two is the most
    file = loaded("up-to-two-targets")
    alone = dataclasses.replace(file.scenario, cards=tuple(c for c in file.scenario.cards if c.owner == "P1"))
    game = Game.start(alone, play_defaults=True)
    assert not steps(game, RbStep.REMOVED) and resolved_of(game) == ("warden.atk@s:attack:attacks:warden",)
    stop = Game.start(file.scenario, {AnswerKey(DecisionKind.CHOOSE_TARGET,
                                                "warden.atk@s:attack:attacks:warden/effect0", "P1", 1): "done"},
                      play_defaults=True)
    assert not any(c.kneeling for c in stop.state.cards_in("base", "P2"))   # zero targets chosen


def test_another_non_x_here_and_at_this_battlefield_are_judged_from_the_abilitys_card():
    from rulekit.core.abilities import CardFilter, Which
    from rulekit.core.judge import filter_mismatch
    from rulekit.core.model import Card
    from rulekit.rulesets import get
    rb = get("riftbound")
    me = Card(id="me", title="Watcher", owner="P1", zone="battlefield", type="unit")
    ally = Card(id="ally", title="Squire", owner="P1", zone="battlefield", type="unit")
    recruit = Card(id="r", title="Recruit", owner="P1", zone="battlefield", type="unit", traits=("Recruit",))
    at_home = Card(id="home", title="Page", owner="P1", zone="base", type="unit")
    theirs = Card(id="theirs", title="Raider", owner="P2", zone="base", type="unit")
    at_this_battlefield = CardFilter(here=True, zone="battlefield")
    assert filter_mismatch(CardFilter(which=Which.OTHER), me, "P1", me, rules=rb) is not None                 # "another"
    assert filter_mismatch(CardFilter(not_trait="Recruit"), recruit, "P1", me, rules=rb) is not None          # "non-Recruit"
    assert filter_mismatch(CardFilter(not_trait="Recruit"), ally, "P1", me, rules=rb) is None
    assert filter_mismatch(at_this_battlefield, ally, "P1", me, rules=rb) is None
    assert filter_mismatch(at_this_battlefield, at_home, "P1", me, rules=rb) is not None
    home = Card(id="me", title="Watcher", owner="P1", zone="base", type="unit")
    assert filter_mismatch(CardFilter(here=True), at_home, "P1", home, rules=rb) is None                     # my base
    assert filter_mismatch(CardFilter(here=True), theirs, "P1", home, rules=rb) is not None                  # not their base
    assert filter_mismatch(at_this_battlefield, at_home, "P1", home, rules=rb) is not None                   # not at a battlefield
    gone = Card(id="me", title="Watcher", owner="P1", zone="", type="unit")
    assert filter_mismatch(CardFilter(here=True), ally, "P1", gone, rules=rb) is not None                    # nowhere (null)
    agot = get("agot")                   # every A Game of Thrones zone is a player's own
    assert filter_mismatch(CardFilter(here=True), theirs, "P1", home, rules=agot) is not None
    battle_theirs = Card(id="bt", title="Raider", owner="P2", zone="battlefield", type="unit")
    assert filter_mismatch(CardFilter(here=True), battle_theirs, "P1", me, rules=rb) is None     # a battlefield is shared
