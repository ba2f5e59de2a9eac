"""Playing a unit or gear in Riftbound (rule ``rb.play``): a permanent played becomes a game object
on the board (Core Rules 351.1, 359.2) — a unit exhausted at its controller's base (355.2.a,
359.2.c), a gear ready at its player's base (359.2.d) — as a new object, having come from the hand
(110). Its Play Effect ("When you play me") and other cards' "When you play a gear / another
unit" are evaluated after the event, with the card already on the board (383.2.c.1, 383.4.a.2,
383.4.a.4); ``explain`` gives the verdicts the engine recorded."""
from __future__ import annotations

from rulekit import Code, Game, explain
from rulekit.core.abilities import Timing
from rulekit.core.text import describe
from rulekit.files.builder import ScenarioBuilder, cards, draw, played, triggered
from rulekit.files.expect import resolved_of
from rulekit.rulesets.riftbound import RbStep

from shipped_riftbound import play, steps, trigger_step


def _verdict(game, group, card):
    return next(v for v in trigger_step(game, group).verdicts if v.card == card)


def test_a_unit_played_enters_its_base_exhausted_as_a_new_object_and_its_play_effect_triggers():
    game = play("play-me-draw")
    scout = game.state.cards["scout"]
    assert (scout.obj, scout.zone, scout.controller, scout.kneeling) == ("scout@1", "base", "P1", True)
    [occurs] = [s for s in steps(game, RbStep.OCCURS) if s.args_dict().get("occurrence") == "s:play-scout"]
    assert occurs.args_dict()["entered"] == (("scout@1", "P1", "base", True),)
    said = describe(occurs.what, occurs.args, occurs.state)
    assert "Brightwater Scout (scout) is played" in said and "enters P1's base exhausted" in said
    verdict = _verdict(game, "s:play-scout", "scout@1")
    assert verdict.code is Code.TRIGGERS
    assert explain(trigger_step(game, "s:play-scout"), "scout", "p").verdicts == (verdict,)
    assert resolved_of(game) == ("scout@1.p@s:play-scout:played:scout",)
    assert game.state.cards["p1m0"].zone == "hand"


def test_a_gear_played_enters_ready_and_triggers_when_you_play_a_gear_for_its_player_only():
    game = play("play-a-gear-watcher")
    for gear, player in (("lantern", "P1"), ("anvil", "P2")):
        card = game.state.cards[gear]
        assert (card.obj, card.zone, card.controller, card.kneeling) == (f"{gear}@1", "base", player, False)
    assert _verdict(game, "s:play-lantern", "warden").code is Code.TRIGGERS
    theirs = _verdict(game, "s:play-anvil", "warden")
    assert theirs.code is Code.NO_MATCH and "P2" in theirs.detail
    assert explain(trigger_step(game, "s:play-anvil"), "warden", "g").verdicts == (theirs,)


def test_when_you_play_another_unit_does_not_trigger_for_itself_but_for_the_next_unit():
    game = play("play-another-unit-not-itself")
    itself = _verdict(game, "s:play-drummer", "drummer@1")
    assert itself.code is Code.NO_MATCH and itself.detail == "it is this card itself"
    assert explain(trigger_step(game, "s:play-drummer"), "drummer", "d").verdicts == (itself,)
    assert _verdict(game, "s:play-squire", "drummer@1").code is Code.TRIGGERS
    assert game.state.cards["squire"].obj == "squire@1" and game.state.cards["squire"].kneeling


def test_a_play_effect_in_hand_hears_nothing_and_a_spell_played_still_goes_to_the_trash():
    b = ScenarioBuilder("spell and unit", players=["P1", "P2"], ruleset="riftbound")
    b.card("p1m0", "P1 card 0", owner="P1", zone="main deck", type="unit")
    b.card("scout", "Brightwater Scout", owner="P1", zone="hand", type="unit", might=2, abilities=[
        triggered("p", played(which="self"), [draw()], text="When you play me, draw 1.")])
    b.card("spark", "Stray Spark", owner="P1", zone="hand", type="spell")
    game = Game.start(b.play("spark", id="spark").build(), play_defaults=True)
    assert game.state.cards["spark"].zone == "trash"
    waiting = _verdict(game, "s:spark", "scout")
    assert waiting.code is Code.NOT_ACTIVE                 # a unit's abilities work on the board (384.2)
    assert game.state.cards["scout"].zone == "hand" and game.state.cards["p1m0"].zone == "main deck"


def test_the_builder_plays_a_unit_like_a_file():
    b = ScenarioBuilder("a unit played", players=["P1", "P2"], ruleset="riftbound")
    b.card("p1m0", "P1 card 0", owner="P1", zone="main deck", type="unit")
    b.card("scout", "Brightwater Scout", owner="P1", zone="hand", type="unit", might=2, abilities=[
        triggered("p", played(card=cards(which="self")), [draw()], text="When you play me, draw 1.")])
    game = Game.start(b.play("scout", id="play-scout").build(), play_defaults=True)
    assert resolved_of(game) == ("scout@1.p@s:play-scout:played:scout",)
    assert game.state.cards["scout"].zone == "base" and game.state.cards["p1m0"].zone == "hand"
    assert game.state.cards["scout"].ability("p").timing is Timing.TRIGGERED


def test_a_unit_put_into_play_is_not_played_so_its_play_effect_does_not_trigger():
    """A Play Effect's condition is its permanent being played (383.4.a); an effect that puts a
    unit on the board plays nothing."""
    b = ScenarioBuilder("put, not played", players=["P1", "P2"], ruleset="riftbound")
    b.card("p1m0", "P1 card 0", owner="P1", zone="main deck", type="unit")
    b.card("scout", "Brightwater Scout", owner="P1", zone="hand", type="unit", might=2, abilities=[
        triggered("p", played(which="self"), [draw()], text="When you play me, draw 1.")])
    game = Game.start(b.put_into_play("scout", id="put").build(), play_defaults=True)
    assert game.state.cards["scout"].zone == "base"
    step = trigger_step(game, "s:put")
    assert not [v for v in step.verdicts if v.card.startswith("scout")]     # nothing listening was judged
    [verdict] = explain(step, "scout", "p").verdicts
    assert verdict.code is Code.NOT_LISTENING and "played" in verdict.detail
    assert resolved_of(game) == () and game.state.cards["p1m0"].zone == "main deck"
