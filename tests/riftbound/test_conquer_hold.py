"""Conquer and hold in Riftbound (rules ``rb.conquer``, ``rb.hold``): a score is an event about the
battlefield by the player who scored it (Core Rules 383.4.c-d, 466.2); a conquer is gaining control
of a battlefield not yet scored this turn (464.1, 461.5.d), a hold comes in the Beginning Phase's
Scoring Step after its start-of-phase effects (315.2), and each battlefield is scored at most once
per player per turn (465)."""
from __future__ import annotations

import pytest

from rulekit import Code, Game
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import ScenarioBuilder, cards, draw, on, triggered
from rulekit.files.expect import resolved_of

from shipped_riftbound import play, trigger_step


def test_when_i_conquer_is_a_unit_at_the_battlefield_conquered():
    game = play("conquer-me-and-you")
    assert game.state.cards["bridge"].controller == "P1"
    scout = next(v for v in trigger_step(game, "s:take").verdicts if v.card == "scout")
    assert scout.code is Code.NO_MATCH and "not here" in scout.detail


def test_hold_follows_the_start_of_the_beginning_phase():
    game = play("hold-at-the-beginning-phase")
    resolved = resolved_of(game)
    assert resolved[0] == "herald.b@s:begin:phase-begins:beginning"
    assert set(resolved[1:]) == {"ford.h@s:begin/hold:holds:ford", "warden.h@s:begin/hold:holds:ford"}


def test_a_battlefield_is_scored_once_per_turn():
    game = play("conquer-once-per-battlefield-per-turn")
    retaken = next(s for s in game.timeline if s.what == "rb-occurs" and s.args_dict().get("occurrence") == "s:retaken")
    assert [c for c in retaken.args_dict()["occurred"]] == ["s:retaken:changes-control:ford"]
    assert "already scored" in retaken.args_dict()["not_conquers"][0][1]


def _board():
    b = ScenarioBuilder("scoring", ruleset="riftbound")
    b.battlefield("ford", "Reed Ford", "P1", controller="P1")
    b.card("banner", "War Banner", "P1", type="gear", zone="base")
    b.card("m", "P1 card 0", "P1", type="unit", zone="main deck")
    b.give("banner", triggered("c", on("conquers", player="you"), [draw()]))
    return b


def test_a_player_who_controls_the_battlefield_does_not_conquer_it():
    game = Game.start(_board().occur("conquer", cards=("ford",), player="P1", id="again").build())
    step = next(s for s in game.timeline if s.what == "rb-occurs")
    assert step.args_dict()["occurred"] == () and "already controls" in step.args_dict()["not_conquers"][0][1]


def test_the_next_turn_scores_again():
    b = _board().occur("conquer", cards=("ford",), player="P2", id="lost")
    b.occur("end turn", player="P1", id="t1").occur("end turn", player="P2", id="t2")
    game = Game.start(b.occur("conquer", cards=("ford",), player="P1", id="back").build())
    assert resolved_of(game) == ("banner.c@s:back:conquers:ford",)


def test_no_battlefield_to_hold():
    game = Game.start(_board().begin_phase("beginning", id="b").occur("end turn", player="P1", id="t")
                      .begin_phase("beginning", id="b2").build())
    assert [s.args_dict()["player"] for s in game.timeline if s.what == "rb-no-hold"] == ["P2"]


@pytest.mark.parametrize("entry, wanted", [
    ({"do": "conquer", "cards": ["banner"], "player": "P1"}, "only a battlefield is conquered"),
    ({"do": "conquer", "cards": ["ford"]}, "'conquer' needs 'player'"),
    ({"do": "hold", "cards": ["ford"], "player": "P1"}, "Scoring Step"),
])
def test_a_conquer_names_a_battlefield_and_a_player_and_hold_is_the_rules(entry, wanted):
    import json
    text = f"""
ruleset: riftbound
title: scoring errors
players: [P1, P2]
first_player: P1
cards:
  - {{id: ford, title: Reed Ford, owner: P1, type: battlefield, zone: battlefield}}
  - {{id: banner, title: War Banner, owner: P1, type: gear, zone: base}}
script:
  - {json.dumps(entry)}
"""
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text)
    assert wanted in str(e.value)


def test_a_game_of_thrones_has_no_conquer():
    text = """
ruleset: agot
title: no conquer
players: [P1, P2]
first_player: P1
cards:
  - id: c
    title: Hill Spearman
    owner: P1
    abilities:
      - {id: r, timing: reaction, when: {event: conquers}, effect: [{do: draw, target: you}]}
"""
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text)
    assert "'conquers' never happens in agot" in str(e.value)
