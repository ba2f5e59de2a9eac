"""Riftbound's "this turn" Might, buffs and keywords (rules ``rb.this-turn``, ``rb.might``,
``rb.buffs``, ``rb.keywords``): what a file and the builder can write, what is refused with the
nearest known word, and the boards the shipped cases do not show (Core Rules 143.2.a, 317.2,
426.1.b, 702-705, 801.3, 812, 816)."""
from __future__ import annotations

import re

import pytest

from rulekit import Code, Game
from rulekit.cli import main
from rulekit.core.errors import ScenarioError
from rulekit.files import loads_scenario
from rulekit.files.builder import (ScenarioBuilder, buff, cards, draw, give_might, kill, on, spend_buff, triggered)
from rulekit.files.expect import resolved_of

from shipped_riftbound import play, trigger_step

HEAD = """
ruleset: riftbound
title: t
players: [P1, P2]
first_player: P1
"""


def _load(cards_yaml: str, script: str = "script: []", ruleset: str = "riftbound"):
    return loads_scenario(HEAD.replace("riftbound", ruleset) + "cards:\n" + cards_yaml + "\n" + script, "t.yaml")


@pytest.mark.parametrize("card, message", [
    ("  - {id: a, title: A, owner: P1, type: unit, zone: base, keywords: [Tnak]}",
     "'Tnak' is not a Riftbound keyword rulekit knows (did you mean 'Tank'?)"),
    ("  - {id: a, title: A, owner: P1, type: unit, zone: base, keywords: [Level]}", "Level is not modelled"),
    ("  - {id: a, title: A, owner: P1, type: unit, zone: base, keywords: [Legion]}", "an ability's 'legion: true'"),
    ("  - {id: a, title: A, owner: P1, type: spell, zone: hand, keywords: [Temporary]}",
     "Temporary is on permanents"),
    ("  - {id: a, title: A, owner: P1, type: unit, zone: base, keywords: [Tank, Tank]}", "listed twice"),
    ("  - {id: a, title: A, owner: P1, type: unit, zone: hand, buffed: true}", "only a unit on the board"),
    ("  - {id: a, title: A, owner: P1, type: unit, zone: base, abilities: [{id: x, timing: triggered, "
     "when: {event: killed}, effect: [{do: buff, target: self, amount: 2}]}]}", "takes no amount"),
    ("  - {id: a, title: A, owner: P1, type: unit, zone: base, abilities: [{id: x, timing: triggered, "
     "when: {event: killed}, effect: [{do: kill, target: self, this_turn: true}]}]}", "only 'give might' or 'replace' takes"),
    ("  - {id: a, title: A, owner: P1, type: unit, zone: base, abilities: [{id: x, timing: triggered, "
     "when: {event: killed}, effect: [{do: draw, target: you, amount: -1}]}]}", "amount -1 is negative"),
    ("  - {id: a, title: A, owner: P1, type: spell, zone: hand, abilities: [{id: x, timing: action, legion: true, "
     "effect: [{do: draw, target: you}]}]}", "'legion' is modelled on triggered abilities only"),
])
def test_what_a_file_cannot_say_is_refused(card, message):
    with pytest.raises(ScenarioError, match=re.escape(message)):
        _load(card)


def test_only_give_might_takes_this_turn_in_the_script():
    with pytest.raises(ScenarioError, match="only 'give might' or 'replace' takes 'this_turn', not 'kill'"):
        _load("  - {id: a, title: A, owner: P1, type: unit, zone: base}",
              "script:\n  - {do: kill, cards: [a], this_turn: true}")


def test_an_unknown_keyword_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(HEAD + "cards:\n  - {id: a, title: A, owner: P1, type: unit, zone: base, keywords: [Deflekt]}\n")
    assert main(["check", str(bad)]) == 2
    assert "did you mean 'Deflect'?" in capsys.readouterr().err


@pytest.mark.parametrize("card, message", [
    ("  - {id: a, title: A, owner: P1, abilities: [{id: x, timing: reaction, when: {event: killed}, "
     "effect: [{do: give might, target: self, amount: 2}]}]}", "'give might' is not a verb of agot"),
    ("  - {id: a, title: A, owner: P1, abilities: [{id: x, timing: reaction, when: {event: killed, card: {buffed: true}}, "
     "effect: [{do: draw, target: you}]}]}", "'buffed' of a card filter belongs to another ruleset"),
    ("  - {id: a, title: A, owner: P1, abilities: [{id: x, timing: reaction, legion: true, when: {event: killed}, "
     "effect: [{do: draw, target: you}]}]}", "'legion' of ability 'x' of card 'a' belongs to another ruleset"),
])
def test_a_game_of_thrones_file_refuses_riftbound_words(card, message):
    with pytest.raises(ScenarioError, match=message):
        _load(card, ruleset="agot")


def test_the_builder_writes_this_turn_might_and_buffs():
    b = ScenarioBuilder("builder", first_player="P1", ruleset="riftbound")
    b.card("s", "Tall Squire", "P1", type="unit", zone="base", might=2, damage=1)
    b.card("v", "Ember Vanguard", "P1", type="unit", zone="base", might=3, buffed=True, keywords=["Tank"])
    b.buff("s").give_might("s", 2, this_turn=True).give_might("v", -1).spend_buff("v").end_turn("P1")
    game = Game.start(b.build())
    s, v = game.state.cards["s"], game.state.cards["v"]
    assert (s.might, s.buffed, s.damage, s.might_this_turn) == (3, True, 0, 0)
    assert (v.might, v.buffed, v.keywords) == (1, False, ("Tank",))


def test_a_buff_on_a_buffed_unit_triggers_nothing_even_from_an_effect():
    b = ScenarioBuilder("buff twice", first_player="P1", ruleset="riftbound")
    b.card("s", "Tall Squire", "P1", type="unit", zone="base", might=3, buffed=True)
    b.card("k", "Banner Keeper", "P1", type="unit", zone="base", might=1)
    b.card("m", "P1 card 0", "P1", type="unit", zone="main deck")
    b.give("k", triggered("w", on("killed", which="other"), [buff("chosen", cards(type="unit", controller="you"))]),
           triggered("b", on("buffed", type="unit"), [draw()]))
    b.card("p", "Ashen Page", "P1", type="unit", zone="base", might=1)
    game = Game.start(b.kill("p", id="fall").build(), answers=[])
    # the Squire may still be chosen (426.1.c) but gets no second buff: nothing is buffed, nothing draws
    if game.decision is not None:
        assert "s" in {o.id for o in game.decision.options}
        game = game.answer("s")
    assert game.state.cards["s"].might == 3 and game.state.cards["m"].zone == "main deck"


def test_a_keyword_filter_finds_a_unit_with_the_keyword():
    b = ScenarioBuilder("with Tank", first_player="P1", ruleset="riftbound")
    b.card("t", "Shield Ox", "P2", type="unit", zone="base", might=4, keywords=["Tank"])
    b.card("n", "Field Hare", "P2", type="unit", zone="base", might=1)
    b.card("w", "Siege Warden", "P1", type="unit", zone="base", might=2)
    b.card("p", "Ashen Page", "P1", type="unit", zone="base", might=1)
    b.give("w", triggered("x", on("killed", which="other"), [kill("each", cards(type="unit", keyword="Tank"))]))
    game = Game.start(b.kill("p").build())
    assert game.state.cards["t"].zone == "trash" and game.state.cards["n"].zone == "base"


def test_a_temporary_token_dies_at_its_controllers_beginning_phase_only():
    text = HEAD + """
cards:
  - id: caller
    title: Glade Caller
    owner: P2
    type: unit
    might: 1
    zone: base
    abilities:
      - {id: c, timing: triggered, when: {event: killed, card: {which: other}},
         effect: [{do: create, token: {title: Sprite, might: 3, keywords: [Temporary]}}]}
  - {id: page, title: Ashen Page, owner: P1, type: unit, might: 1, zone: base}
script:
  - {do: kill, cards: [page], id: fall}
  - {do: begin phase, phase: beginning, id: mine}
  - {do: end turn, player: P1, id: pass}
  - {do: begin phase, phase: beginning, id: theirs}
"""
    game = loads_scenario(text, "t.yaml").start()
    token = game.state.cards["token-sprite-1"]
    assert token.zone != "base"         # created on P1's turn, killed at the start of P2's Beginning Phase
    assert "token-sprite-1.temporary@s:theirs:phase-begins:beginning" in resolved_of(game)
    mine = next(v for v in trigger_step(game, "s:mine").verdicts if v.card == "token-sprite-1")
    assert mine.code is Code.NO_MATCH and "not your turn" in mine.detail


def test_legion_counts_this_turn_only():
    b = ScenarioBuilder("legion next turn", first_player="P1", ruleset="riftbound")
    b.card("a", "Road Scout", "P1", type="unit", zone="hand", might=1)
    b.card("l", "Vanguard Legionary", "P1", type="unit", zone="hand", might=2)
    b.card("m", "P1 card 0", "P1", type="unit", zone="main deck")
    b.give("l", triggered("x", on("played", which="self"), [draw()], legion=True))
    b.play("a").end_turn("P1").end_turn("P2").play("l", id="late")
    game = Game.start(b.build())
    verdict = next(v for v in trigger_step(game, "s:late").verdicts if v.card == "l@1")
    assert verdict.code is Code.INACTIVE and "no other card this turn" in verdict.detail
    assert game.state.cards["m"].zone == "main deck"


def test_the_shipped_cases_pass_and_say_why():
    game = play("legion-after-another-card")
    first = next(v for v in trigger_step(game, "s:one").verdicts if v.card == "first@1")
    assert first.code is Code.INACTIVE and first.detail == "Legion: P1 has played no other card this turn"
    game = play("might-reduction-kills-a-damaged-unit")
    assert game.state.cards["sprite"].might == -1 and game.state.cards["brute"].zone == "trash"


def test_give_might_and_spend_buff_instructions_from_the_builder():
    assert give_might(-3, "chosen", cards(type="unit"), this_turn=True).amount == -3
    assert spend_buff().do.value == "spend buff"


def test_a_might_below_zero_is_read_as_zero():
    """143.2.b: "draw cards equal to its Might" reads -1 Might as 0, while the value is kept."""
    b = ScenarioBuilder("negative might", first_player="P1", ruleset="riftbound")
    b.card("u", "Withered Squire", "P1", type="unit", zone="base", might=2)
    b.card("w", "Grave Counter", "P1", type="unit", zone="base", might=1)
    b.card("m", "P1 card 0", "P1", type="unit", zone="main deck")
    b.card("n", "P1 card 1", "P1", type="unit", zone="main deck")
    from rulekit.core.frozen import replace as freeze
    watcher = triggered("x", on("killed", which="other", type="unit"), [draw()])
    b.give("w", freeze(watcher, effect=(freeze(draw(), amount_of="that card's might"),)))
    game = Game.start(b.give_might("u", -3, this_turn=True).kill("u").build())
    assert resolved_of(game) == ("w.x@s:kill-u:killed:u",)        # it resolved, drawing 0
    assert game.state.cards["m"].zone == game.state.cards["n"].zone == "main deck"


def test_a_drawing_shows_the_buff_the_this_turn_might_and_the_keywords():
    from rulekit.views.faces import card_face
    b = ScenarioBuilder("faces", first_player="P1", ruleset="riftbound")
    b.card("s", "Tall Squire", "P1", type="unit", zone="base", might=5, buffed=True, might_this_turn=2,
           keywords=["Temporary", "Tank"])
    facts = card_face(Game.start(b.build()).state.cards["s"], "riftbound").facts()
    assert {"buffed", "+2 Might this turn", "Temporary", "Tank", "might 5"} <= set(facts)


@pytest.mark.parametrize("played_first, draws", [(True, True), (False, False)])
def test_a_legion_deathknell_needs_another_card_played_this_turn(played_first, draws):
    b = ScenarioBuilder("legion deathknell", first_player="P1", ruleset="riftbound")
    b.card("d", "Oathsworn Drummer", "P1", type="unit", zone="base", might=2)
    b.card("a", "Road Scout", "P1", type="unit", zone="hand", might=1)
    b.card("m", "P1 card 0", "P1", type="unit", zone="main deck")
    from rulekit.core.frozen import replace as freeze
    b.give("d", freeze(triggered("dk", on("killed"), [draw()], legion=True), deathknell=True))
    if played_first:
        b.play("a")
    game = Game.start(b.kill("d", id="fall").build())
    assert (game.state.cards["m"].zone == "hand") is draws


def test_when_i_get_might_hears_give_might_not_a_buff_nor_the_expiry():
    """"When I get Might" is the event ``gets might``: an effect's +N or -N. A buff is its own event
    (``buffed``), and "this turn" Might expiring at the end of the turn is no event at all."""
    b = ScenarioBuilder("gets might", first_player="P1", ruleset="riftbound")
    b.card("e", "Ember Acolyte", "P1", type="unit", zone="base", might=2)
    for k in range(4):
        b.card(f"m{k}", f"P1 card {k}", "P1", type="unit", zone="main deck")
    b.give("e", triggered("g", on("gets might", which="self"), [draw()]))
    b.give_might("e", 2, this_turn=True, id="up").give_might("e", -1, id="down").buff("e", id="buffed")
    game = Game.start(b.end_turn("P1", id="dusk").build())
    assert resolved_of(game) == ("e.g@s:up:gets-might:e", "e.g@s:down:gets-might:e")
    assert game.state.cards["e"].might == 2        # 2 +2 this turn -1 +1 buff, then the +2 expires
