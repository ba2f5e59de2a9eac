"""An effect rulekit does not simulate (rule ``rulekit.not-modelled``) in A Game of Thrones: an
ability can be initiated only if its effect could change the game state (agot.initiate; Rules
Reference, "Initiating Abilities / Marshaling Cards"), so a reaction whose effect is "not modelled"
is offered exactly when its file says the effect would change the game state, and resolves
changing nothing."""
from __future__ import annotations

import pytest

from rulekit.core.frozen import replace

from rulekit import Code, Game
from rulekit.files.builder import (ScenarioBuilder, cards, do, gain_power, killed, not_modelled, reaction)

from shipped_agot import play

TEXT = "look at the top 2 cards of your deck and put them back in any order"
USE = "archivist.r@s:k:killed:steward"


def _board(*effect):
    b = ScenarioBuilder("not modelled", players=["P1", "P2"], ruleset="agot")
    b.card("p1d0", "Deck card", owner="P1", zone="draw deck", type="attachment")
    b.card("steward", "Hedge Knight", owner="P1")
    b.card("archivist", "Rookery Archivist", owner="P1", type="location", abilities=[
        reaction("r", killed(card=cards(type="character", controller="you")), list(effect),
                 text="Reaction: After a character you control is killed, look at the top 2 cards of your deck.")])
    return b.kill("steward", id="k").build()


def _window_verdict(game):
    """The Archivist's verdict in the reaction window after the kill."""
    return next(v for s in game.timeline for v in s.verdicts if v.card == "archivist")


@pytest.mark.parametrize("changes_state, code", [(True, Code.ELIGIBLE), (False, Code.NO_EFFECT)])
def test_offered_only_where_the_file_says_the_effect_changes_the_game_state(changes_state, code):
    game = Game.start(_board(not_modelled(TEXT, changes_state=changes_state)))
    assert _window_verdict(game).code is code
    waiting = game.decision is not None and USE in game.decision.option_ids
    assert waiting is changes_state


def test_the_honest_refusal_names_the_effect():
    game = Game.start(_board(not_modelled(TEXT)), play_defaults=True)
    assert _window_verdict(game).detail == f"not modelled: {TEXT} — the file says it would not change the game state"


def test_used_it_resolves_changing_nothing_and_opening_no_nested_sequence():
    game = Game.start(_board(not_modelled(TEXT, changes_state=True))).answer(USE).play_defaults()
    [step] = [s for s in game.timeline if s.what == "not-modelled"]
    assert step.rule == "rulekit.not-modelled"
    assert step.state.cards == step.before.cards and step.state.decks == step.before.decks
    assert [s.what for s in game.timeline].count("instruction") == 0
    assert USE in game.state.used


def test_then_after_it_resolves_where_it_changes_the_game_state():
    """A "then" needs the part before it to resolve in full (agot.then): a placeholder that the
    file says changes the game state did, so the power is gained."""
    then = replace(gain_power(1, "self"), then=True)
    game = Game.start(_board(not_modelled(TEXT, changes_state=True), then))
    assert _window_verdict(game).code is Code.ELIGIBLE
    game = game.answer(USE).play_defaults()
    assert game.state.cards["archivist"].power == 1
    assert [s.what for s in game.timeline].count("then-skipped") == 0


def test_a_then_after_one_that_changes_nothing_could_never_resolve_so_it_is_not_offered():
    """Rules Reference, "The word 'Then'": the part after "then" resolves only if the part before
    it resolved in full, and a placeholder the file says changes nothing never does; so the whole
    effect could change nothing, and the ability cannot be initiated ("Abilities"; agot.initiate)."""
    then = replace(gain_power(1, "self"), then=True)
    game = Game.start(_board(not_modelled(TEXT, changes_state=False), then))
    verdict = _window_verdict(game)
    assert verdict.code is Code.NO_EFFECT
    assert verdict.detail == (f"not modelled: {TEXT} — the file says it would not change the game state; the part "
                              "after \"then\" resolves only if the part before it resolved in full")
    assert game.decision is None or USE not in game.decision.option_ids


def test_the_shipped_board_offers_one_and_refuses_the_other():
    game = play("not-modelled-effect-reaction")
    assert "archivist.r@s:kill:killed:steward" in game.state.used
    assert [s.what for s in game.timeline].count("not-modelled") == 1


def test_a_kill_is_still_a_kill_beside_it():
    """The placeholder does not stand in for the rest of the effect: a modelled instruction next
    to it resolves as always."""
    kill_other = do("kill", "chosen", cards(type="character", controller="opponent"))
    b = ScenarioBuilder("beside", players=["P1", "P2"], ruleset="agot")
    b.card("steward", "Hedge Knight", owner="P1")
    b.card("foe", "Foe", owner="P2")
    b.card("archivist", "Rookery Archivist", owner="P1", type="location", abilities=[
        reaction("r", killed(card=cards(type="character", controller="you")), [not_modelled(TEXT), kill_other])])
    game = Game.start(b.kill("steward", id="k").build()).answer(USE).play_defaults()
    assert game.state.cards["foe"].zone == "dead pile"
